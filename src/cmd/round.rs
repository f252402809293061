//! `three13 round`: record the next round. Also the reading of scores
//! typed on a command line, which `edit` shares.

use three13_core::rules::Deal;
use three13_core::sheet::{Added, RoundRecord, Score, ScoreForm, Session, SheetError, shown};
use three13_core::solver::{Solver, Table};

use crate::cli::{Cli, RoundArgs};
use crate::error::{Error, Result};
use crate::ui::Ui;

pub(crate) fn run(args: &RoundArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let mut solver = Solver::new();

    // Prompts come before the lock, so that a person thinking over a score
    // never holds up another terminal; the round they typed for must still
    // be the next one once the lock is taken.
    let asked = if args.scores.is_empty() {
        if !ui.can_prompt {
            return Err(Error::usage(
                "no scores given; give one per player in seat order (three13 round 12 0 35), \
                 or by name (three13 round Ann=12 Bob=0 Cy=35)",
            ));
        }
        let snapshot = store.load(&name)?;
        match ask(ui, &snapshot, args, &mut solver)? {
            Some(asked) => Some(asked),
            None => {
                ui.note("nothing was recorded");
                return Ok(());
            }
        }
    } else {
        None
    };

    let lock = store.lock()?;
    let mut session = store.load(&name)?;
    let mut said = Vec::new();
    let record = match asked {
        Some((round, record)) => {
            if session.rounds().len() + 1 != round {
                return Err(Error::data(format!(
                    "round {round} of {name} was changed by another three13 while the scores were typed; \
                     nothing was written (see `three13 table`)"
                )));
            }
            record
        }
        None => {
            let (record, lines) = from_args(&session, args, &mut solver)?;
            said = lines;
            record
        }
    };
    refuse_false_go_out(&session, &record)?;
    let added = session.add_round(record, super::now())?;
    super::table::draw_tiebreak(&mut session);
    if let Added::Recorded(_) = added {
        store.save(&lock, &session)?;
    }
    drop(lock);
    for line in said {
        ui.say(&line);
    }

    if let Added::Replayed(round) = added {
        ui.note(&format!(
            "everyone scored 0 and the rules have double_naughts: round {round} is replayed: \
             same round, same dealer; nothing was recorded"
        ));
    }
    super::table::print(ui, &session)
}

/// The scores typed on a command line for round `round`: one per player of
/// the round in seat order, or NAME=SCORE each; by seat.
pub(crate) fn read_scores(
    session: &Session,
    round: usize,
    args: &[String],
    solver: &mut Solver,
) -> Result<Vec<(usize, Score)>> {
    let playing = session.playing(round);
    let names: Vec<&str> = playing.iter().map(|&s| session.players()[s].as_str()).collect();
    let by_name = args.iter().any(|s| s.contains('='));
    if by_name && let Some(bare) = args.iter().find(|s| !s.contains('=')) {
        return Err(Error::usage(format!(
            "\"{}\" has no player name, but other scores do; give either every score in seat order \
             (12 0 35) or each as NAME=SCORE",
            shown(bare)
        )));
    }
    let mut scores: Vec<(usize, Score)> = Vec::new();
    if by_name {
        for arg in args {
            let (who, value) = arg.split_once('=').expect("has =");
            let seat = session.seat_of(who)?;
            if !playing.contains(&seat) && round > session.deals().len() {
                return Err(Error::usage(format!(
                    "{} is not tied for the win, so does not play the tiebreaker round",
                    session.players()[seat]
                )));
            }
            if scores.iter().any(|(s, _)| *s == seat) {
                return Err(SheetError::TwoScores { player: session.players()[seat].clone() }.into());
            }
            scores.push((seat, session.read_score(round, seat, value, solver)?));
        }
        return Ok(scores);
    }
    if args.len() != playing.len() {
        return Err(Error::usage(format!(
            "{} players but {} score{} given; give one per player in seat order ({}), or NAME=SCORE",
            playing.len(),
            args.len(),
            if args.len() == 1 { "" } else { "s" },
            names.join(" ")
        )));
    }
    for (&seat, text) in playing.iter().zip(args) {
        if three13_core::sheet::seat_in(session.players(), text).is_some() {
            return Err(Error::usage(format!(
                "\"{}\" is a player's name, not a score; in seat order give one score per player \
                 ({}), or write each as NAME=SCORE",
                shown(text),
                names.join(" ")
            )));
        }
        scores.push((seat, session.read_score(round, seat, text, solver)?));
    }
    Ok(scores)
}

/// The seat typed `out`, if any; refused when two are, or when --out
/// names another.
pub(crate) fn typed_out(
    session: &Session,
    scores: &[(usize, Score)],
    flag: Option<usize>,
) -> Result<Option<usize>> {
    let mut out = flag;
    for (seat, _) in scores.iter().filter(|(_, s)| s.out()) {
        match out {
            Some(o) if o != *seat => {
                return Err(SheetError::TwoOut {
                    first: session.players()[o].clone(),
                    second: session.players()[*seat].clone(),
                }
                .into());
            }
            _ => out = Some(*seat),
        }
    }
    Ok(out)
}

/// The round given on the command line, and what to say about the scores.
fn from_args(session: &Session, args: &RoundArgs, solver: &mut Solver) -> Result<(RoundRecord, Vec<String>)> {
    let deal = session.open_deal()?;
    let n = session.players().len();
    let (out, penalties) = marks(session, args.out.as_deref(), &args.penalty)?;
    let scores = read_scores(session, deal.round, &args.scores, solver)?;
    if let Some(missing) =
        session.playing(deal.round).into_iter().find(|s| scores.iter().all(|(t, _)| t != s))
    {
        let form: Vec<String> =
            session.playing(deal.round).iter().map(|&s| format!("{}=N", session.players()[s])).collect();
        return Err(Error::usage(format!(
            "no score for {}; give every player's score: {}",
            session.players()[missing],
            form.join(" ")
        )));
    }
    let mut record = RoundRecord::from_deadwood(vec![0; n]);
    record.out = typed_out(session, &scores, out)?;
    let mut said = Vec::new();
    for (seat, score) in scores {
        if let Some(line) = describe(session, &deal, seat, &score, solver) {
            said.push(line);
        }
        record.deadwood[seat] = score.deadwood;
        record.hands[seat] = score.hand;
    }
    record.penalties = penalties;
    Ok((record, said))
}

/// The seats of --out and each --penalty.
pub(crate) fn marks(
    session: &Session,
    out: Option<&str>,
    penalty: &[String],
) -> Result<(Option<usize>, Vec<usize>)> {
    let out = out.map(|p| session.seat_of(p)).transpose()?;
    if !penalty.is_empty() && session.rules().bad_go_out_penalty == 0 {
        return Err(Error::data(
            "--penalty: these rules give no penalty for a bad go-out (bad_go_out_penalty is 0); \
             to play with one, see `three13 rules --set bad_go_out_penalty=20 --save`",
        ));
    }
    let penalties = penalty.iter().map(|p| session.seat_of(p)).collect::<Result<Vec<_>, _>>()?;
    Ok((out, penalties))
}

/// What was made of a score typed otherwise than as a number: the sum, the
/// cards left over, or a hand with its melds.
pub(crate) fn describe(
    session: &Session,
    deal: &Deal,
    seat: usize,
    score: &Score,
    solver: &mut Solver,
) -> Option<String> {
    let player = &session.players()[seat];
    let d = score.deadwood;
    match &score.form {
        ScoreForm::Number => None,
        ScoreForm::Out => Some(format!("  {player}: out, 0")),
        ScoreForm::Sum(parts) => {
            let parts: Vec<String> = parts.iter().map(u32::to_string).collect();
            Some(format!("  {player}: {} = {d}", parts.join(" + ")))
        }
        ScoreForm::Leftover(cards) => {
            let cards: Vec<String> = cards.iter().map(|(c, v)| format!("{c} {v}")).collect();
            Some(format!("  {player}: cards left over {} = {d}", cards.join(", ")))
        }
        ScoreForm::Hand => {
            let hand = score.hand.as_ref()?;
            let rules = session.rules();
            let arrangement = solver.solve(hand, &Table::new(&rules, deal.wild));
            let ascii = |cards: &[three13_core::card::Card]| {
                cards.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" ")
            };
            let mut parts: Vec<String> =
                arrangement.melds.iter().map(|m| super::meld_text(m, &|c| c.ascii())).collect();
            if parts.is_empty() {
                parts.push("no meld".to_string());
            }
            let left = if arrangement.unmelded.is_empty() {
                "nothing left over".to_string()
            } else {
                format!("left over {}", ascii(&arrangement.unmelded))
            };
            Some(format!("  {player}: {}: {}; {left}; deadwood {d}", ascii(hand), parts.join(" · ")))
        }
    }
}

/// The round as a line of the table: `Ann 12, Bob 0 (out), Cy 35`.
pub(crate) fn line(session: &Session, deal: &Deal, record: &RoundRecord) -> String {
    let board_points = three13_core::sheet::points(&session.rules(), deal, record);
    let doubled = if session.rules().doubles(deal.wild) { ", doubled" } else { "" };
    let parts: Vec<String> = session
        .playing(deal.round)
        .into_iter()
        .map(|s| {
            let mut text = format!("{} {}", session.players()[s], board_points[s]);
            if record.out == Some(s) {
                text.push_str(" (out)");
            }
            if record.penalties.contains(&s) {
                text.push_str(" (penalty)");
            }
            text
        })
        .collect();
    if deal.round > session.deals().len() {
        // The tiebreaker round: deadwood only.
        let parts: Vec<String> = session
            .playing(deal.round)
            .into_iter()
            .map(|s| format!("{} {}", session.players()[s], record.deadwood[s]))
            .collect();
        return format!("The tiebreaker round: {}", parts.join(", "));
    }
    format!("Round {}{doubled}: {}", deal.round, parts.join(", "))
}

/// Asks each player's score on the terminal, then who went out and who
/// went out wrongly, then shows the round and asks to save it. None when
/// the person chose not to save.
fn ask(
    ui: &Ui,
    session: &Session,
    args: &RoundArgs,
    solver: &mut Solver,
) -> Result<Option<(usize, RoundRecord)>> {
    let deal = session.open_deal()?;
    let (out, penalties) = marks(session, args.out.as_deref(), &args.penalty)?;
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
        "Type each score: a number, a sum (13+9+4), out, the cards left over (K 9 4) or the \
         whole hand; - (or the Up arrow) goes back.",
    );
    let playing = session.playing(deal.round);
    let mut record = RoundRecord::from_deadwood(vec![0; session.players().len()]);
    let mut typed: Vec<Option<Score>> = vec![None; playing.len()];
    let mut i = 0;
    while i < playing.len() {
        let seat = playing[i];
        let player = &session.players()[seat];
        let text = ui.input_or_back(player)?;
        if text.trim() == "-" {
            i = i.saturating_sub(1);
            continue;
        }
        match session.read_score(deal.round, seat, &text, solver) {
            Ok(score) => {
                if let Some(line) = describe(session, &deal, seat, &score, solver) {
                    ui.say(&line);
                }
                typed[i] = Some(score);
                i += 1;
            }
            Err(e) => ui.say(&Error::from(e).to_string()),
        }
    }
    let scores: Vec<(usize, Score)> =
        playing.iter().copied().zip(typed.into_iter().map(|s| s.expect("every score typed"))).collect();
    let typed_out = typed_out(session, &scores, out)?;
    for (seat, score) in scores {
        record.deadwood[seat] = score.deadwood;
        record.hands[seat] = score.hand;
    }
    record.out = match typed_out {
        Some(o) => Some(o),
        None if tiebreak => None,
        None => {
            let zero: Vec<usize> = playing.iter().copied().filter(|&s| record.deadwood[s] == 0).collect();
            if zero.is_empty() {
                None
            } else {
                let mut items = vec!["nobody / not noted".to_string()];
                items.extend(zero.iter().map(|&s| session.players()[s].clone()));
                let chosen = ui.select("Who went out first?", &items, 0)?;
                chosen.checked_sub(1).map(|i| zero[i])
            }
        }
    };
    record.penalties = penalties;
    if session.rules().bad_go_out_penalty > 0 && args.penalty.is_empty() && !tiebreak {
        let others: Vec<usize> = playing.iter().copied().filter(|&s| Some(s) != record.out).collect();
        let items: Vec<String> = others.iter().map(|&s| session.players()[s].clone()).collect();
        let prompt = format!(
            "Who declared out with a hand that does not meld (+{} each)? Space marks, Enter goes on",
            session.rules().bad_go_out_penalty
        );
        record.penalties = ui.multi_select(&prompt, &items)?.into_iter().map(|i| others[i]).collect();
    }
    ui.say(&line(session, &deal, &record));
    if !ui.ask_yes("Save this round?", true)? {
        return Ok(None);
    }
    Ok(Some((deal.round, record)))
}

/// Refuses a hand typed for the player said to have gone out that does not
/// go out; when the rules penalise a bad go-out, says how to record one.
fn refuse_false_go_out(session: &Session, record: &RoundRecord) -> Result<()> {
    let Some(out) = record.out else { return Ok(()) };
    if record.hands[out].is_none() || record.deadwood[out] == 0 {
        return Ok(());
    }
    Err(false_go_out(session, out, record.deadwood[out]))
}

/// The refusal of a hand that cannot go out, typed for the player out.
pub(crate) fn false_go_out(session: &Session, seat: usize, deadwood: u32) -> Error {
    let player = &session.players()[seat];
    let e = Error::data(format!(
        "{player} went out, but the hand typed for {player} does not go out: \
         at best it leaves {deadwood} deadwood"
    ));
    if session.rules().bad_go_out_penalty > 0 {
        e.with_hint(format!(
            "if {player} declared out with this hand, it is a bad go-out: \
             record it with --penalty {player} instead of --out"
        ))
    } else {
        e.with_hint("check the cards typed, or name the player who did go out with --out")
    }
}
