//! `three13 round`: record the next round.

use three13_core::sheet::{Added, RoundRecord, Score, Session};
use three13_core::solver::Solver;

use crate::app;
use crate::app::round::Given;
use crate::app::scores;
use crate::cli::{Cli, RoundArgs};
use crate::error::{Error, Result};
use crate::report;
use crate::ui::Ui;

pub(crate) fn run(args: &RoundArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let mut solver = Solver::new();
    if args.json {
        ui.for_json();
    }

    // Prompts come before the lock, so that a person thinking over a score
    // never holds up another terminal; the round they typed for must still
    // be the next one once the lock is taken.
    let snapshot;
    let given = if args.scores.is_empty() {
        if !ui.can_prompt || args.json {
            return Err(Error::usage(
                "no scores given; give one per player in seat order (three13 round 12 0 35), \
                 or by name (three13 round Ann=12 Bob=0 Cy=35)",
            ));
        }
        snapshot = store.load(&name)?;
        match ask(ui, &snapshot, args, &mut solver)? {
            Some(record) => Given::Answered { seen: &snapshot, record },
            None => {
                ui.note("nothing was recorded");
                return Ok(());
            }
        }
    } else {
        Given::Typed { scores: &args.scores, out: args.out.as_deref(), penalties: &args.penalty }
    };
    let outcome = app::round::record(&store, &name, given, &mut solver, super::now())?;
    let mut said: Vec<String> = outcome
        .scores
        .iter()
        .filter_map(|(seat, score)| {
            report::round::describe(&outcome.session, &outcome.deal, *seat, score, &mut solver)
        })
        .collect();
    let replayed = match outcome.added {
        Added::Replayed(round) => Some(report::round::replayed(round)),
        Added::Recorded(_) => None,
    };
    if args.json {
        said.extend(replayed);
        return report::change::print(ui, "round", outcome.saved(), said, &outcome.session);
    }
    for line in &said {
        ui.say(line);
    }
    if let Some(line) = &replayed {
        ui.note(line);
    }
    // The round left a tie the rules break by a draw: on a terminal, the
    // cards drawn at the table are asked for now.
    let session = outcome.session;
    let session = if session.draw_due() && ui.can_prompt {
        match super::ask_draw(&store, &name, ui, session) {
            Ok((session, _)) => session,
            Err(e) => {
                let session = store.load(&name)?;
                ui.note(&format!(
                    "the round is saved, but not the draw ({}): {}",
                    e.message(),
                    report::tiebreak::form(&session)
                ));
                session
            }
        }
    } else {
        session
    };
    report::table::print(ui, &session)?;
    report::table::rematch(ui, &session)
}

/// Asks each player's score on the terminal, then who went out and who
/// went out wrongly, then shows the round and asks to save it; answered
/// no, it asks what to fix (a score, who went out, the penalties), or to
/// throw the round away. None when the person chose to throw it away.
fn ask(ui: &Ui, session: &Session, args: &RoundArgs, solver: &mut Solver) -> Result<Option<RoundRecord>> {
    let deal = session.open_deal()?;
    let (out, penalties) = scores::marks(session, args.out.as_deref(), &args.penalty)?;
    // The tiebreaker round counts deadwood only: nobody is asked who went
    // out or who went out wrongly.
    let tiebreak = session.tiebreak_round().is_some();
    let doubled = if session.rules().doubles(deal.wild) { " Scores double this round." } else { "" };
    let which = if tiebreak { "The tiebreaker round".to_string() } else { format!("Round {}", deal.round) };
    let lowest = if tiebreak { " The lowest deadwood wins." } else { "" };
    ui.say(&format!(
        "{which}: {} cards dealt, {} wild, {} deals.{doubled}{lowest}",
        deal.cards,
        session.rules().wilds(deal.wild),
        session.players()[session.dealer(deal.round)]
    ));
    ui.say(
        "Type each score: a number, a sum (13+9+4, K+4), out, the cards left over (K 9 4) or the \
         whole hand; - (or the Up arrow) goes back.",
    );
    let playing = session.playing(deal.round);
    // Each score as typed, and what was made of it.
    let mut typed: Vec<Option<(String, Score)>> = vec![None; playing.len()];
    let mut i = 0;
    while i < playing.len() {
        let seat = playing[i];
        let player = &session.players()[seat];
        let text = scores::unquoted(&ui.input_or_back(player)?);
        if text.trim() == "-" {
            i = i.saturating_sub(1);
            continue;
        }
        if let Some(score) = read_one(ui, session, &deal, seat, &text, solver) {
            typed[i] = Some((text, score));
            i += 1;
        }
    }
    let mut typed: Vec<(String, Score)> = typed.into_iter().map(|s| s.expect("every score typed")).collect();
    // Who went out first, as answered (asked again when it no longer fits).
    let mut went_out: Option<Option<usize>> = None;
    let mut marked: Option<Vec<usize>> = None;
    loop {
        let scores: Vec<(usize, Score)> =
            playing.iter().copied().zip(typed.iter().map(|(_, score)| score.clone())).collect();
        let mut record = match session.round_of_scores(scores, out, penalties.clone()) {
            Ok(record) => record,
            Err(e) => {
                ui.say(&Error::from(e).to_string());
                match fix(ui, session, &deal, &playing, &mut typed, tiebreak, solver)? {
                    Fix::Discard => return Ok(None),
                    _ => continue,
                }
            }
        };
        if record.out.is_none() && !tiebreak {
            let zero: Vec<usize> = playing.iter().copied().filter(|&s| record.deadwood[s] == 0).collect();
            record.out = match went_out {
                Some(chosen) if chosen.is_none_or(|o| zero.contains(&o)) => chosen,
                _ if zero.is_empty() => None,
                _ => {
                    let mut items = vec!["nobody / not noted".to_string()];
                    items.extend(zero.iter().map(|&s| session.players()[s].clone()));
                    let chosen = ui.select("Who went out first?", &items, 0)?;
                    let chosen = chosen.checked_sub(1).map(|i| zero[i]);
                    went_out = Some(chosen);
                    chosen
                }
            };
        }
        if session.rules().bad_go_out_penalty() > 0 && args.penalty.is_empty() && !tiebreak {
            let others: Vec<usize> = playing.iter().copied().filter(|&s| Some(s) != record.out).collect();
            let chosen = match &marked {
                Some(seats) => seats.clone(),
                None => {
                    let items: Vec<String> = others.iter().map(|&s| session.players()[s].clone()).collect();
                    let prompt = format!(
                        "Who declared out with a hand that does not meld (+{} each)? Space marks, Enter goes on",
                        session.rules().bad_go_out_penalty()
                    );
                    let mut picked = ui.multi_select(&prompt, &items, false)?;
                    picked.sort_unstable();
                    let seats: Vec<usize> = picked.into_iter().map(|i| others[i]).collect();
                    marked = Some(seats.clone());
                    seats
                }
            };
            record.penalties = chosen.into_iter().filter(|&s| Some(s) != record.out).collect();
        }
        ui.say(&report::round::line(session, &deal, &record));
        if ui.ask_yes("Save this round?", true)? {
            return Ok(Some(record));
        }
        match fix(ui, session, &deal, &playing, &mut typed, tiebreak, solver)? {
            Fix::Score => {}
            Fix::Out => went_out = None,
            Fix::Penalties => marked = None,
            Fix::Discard => return Ok(None),
        }
    }
}

/// What was chosen to fix before saving.
enum Fix {
    Score,
    Out,
    Penalties,
    Discard,
}

/// Asks what to fix in a round not saved, and fixes a score here: asked
/// again, the one typed offered.
fn fix(
    ui: &Ui,
    session: &Session,
    deal: &three13_core::rules::Deal,
    playing: &[usize],
    typed: &mut [(String, Score)],
    tiebreak: bool,
    solver: &mut Solver,
) -> Result<Fix> {
    let mut items: Vec<String> = playing
        .iter()
        .zip(typed.iter())
        .map(|(&seat, (text, _))| format!("{}'s score ({})", session.players()[seat], text.trim()))
        .collect();
    let scores = items.len();
    let penalty = session.rules().bad_go_out_penalty() > 0 && !tiebreak;
    if !tiebreak {
        items.push("who went out first".to_string());
    }
    if penalty {
        items.push("who declared out wrongly".to_string());
    }
    items.push("nothing: throw this round away".to_string());
    let chosen = ui.select("What to fix? (nothing is saved yet)", &items, 0)?;
    if chosen < scores {
        let seat = playing[chosen];
        loop {
            let text = scores::unquoted(&ui.input_or(&session.players()[seat], typed[chosen].0.trim())?);
            if let Some(score) = read_one(ui, session, deal, seat, &text, solver) {
                typed[chosen] = (text, score);
                return Ok(Fix::Score);
            }
        }
    }
    Ok(match chosen - scores {
        0 if !tiebreak => Fix::Out,
        1 if !tiebreak && penalty => Fix::Penalties,
        _ => Fix::Discard,
    })
}

/// One score typed at a question, said back when it was not a number;
/// none (and why, said) when it cannot be read.
fn read_one(
    ui: &Ui,
    session: &Session,
    deal: &three13_core::rules::Deal,
    seat: usize,
    text: &str,
    solver: &mut Solver,
) -> Option<Score> {
    match session.read_score(deal.round, seat, text, solver) {
        Ok(score) => {
            if let Some(line) = report::round::describe(session, deal, seat, &score, solver) {
                ui.say(&line);
            }
            Some(score)
        }
        Err(e) => {
            ui.say(&Error::from(e).to_string());
            None
        }
    }
}
