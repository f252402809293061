//! `three13 round`: record the next round.

use three13_core::sheet::{Added, RoundRecord, Session, SheetError, shown};
use three13_core::solver::Solver;

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
        Some(ask(ui, &snapshot, args, &mut solver)?)
    } else {
        None
    };

    let lock = store.lock()?;
    let mut session = store.load(&name)?;
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
        None => from_args(&session, args, &mut solver)?,
    };
    refuse_false_go_out(&session, &record)?;
    let added = session.add_round(record, super::now())?;
    super::table::draw_tiebreak(&mut session);
    if let Added::Recorded(_) = added {
        store.save(&lock, &session)?;
    }
    drop(lock);

    if let Added::Replayed(round) = added {
        ui.note(&format!(
            "everyone scored 0 and the rules have double_naughts: round {round} is replayed: \
             same round, same dealer; nothing was recorded"
        ));
    }
    super::table::print(ui, &session)
}

/// The round given on the command line.
fn from_args(session: &Session, args: &RoundArgs, solver: &mut Solver) -> Result<RoundRecord> {
    let deal = session.open_deal()?;
    let n = session.players().len();
    // Everyone, or in the tiebreaker round the tied players only.
    let playing = session.playing();
    let (out, penalties) = marks(session, args)?;
    let by_name = args.scores.iter().any(|s| s.contains('='));
    if by_name && let Some(bare) = args.scores.iter().find(|s| !s.contains('=')) {
        return Err(Error::usage(format!(
            "\"{}\" has no player name, but other scores do; give either every score in seat order \
             (12 0 35) or each as NAME=N",
            shown(bare)
        )));
    }
    let mut scores = vec![None; n];
    if by_name {
        for arg in &args.scores {
            let (who, value) = arg.split_once('=').expect("has =");
            let seat = session.seat_of(who)?;
            if !playing.contains(&seat) {
                return Err(Error::usage(format!(
                    "{} is not tied for the win, so does not play the tiebreaker round",
                    session.players()[seat]
                )));
            }
            if scores[seat].is_some() {
                return Err(SheetError::TwoScores { player: session.players()[seat].clone() }.into());
            }
            scores[seat] = Some(session.read_score(deal.round, seat, value, solver)?);
        }
        if let Some(&missing) = playing.iter().find(|&&s| scores[s].is_none()) {
            let form: Vec<String> = playing.iter().map(|&s| format!("{}=N", session.players()[s])).collect();
            return Err(Error::usage(format!(
                "no score for {}; give every player's score: {}",
                session.players()[missing],
                form.join(" ")
            )));
        }
    } else {
        let names: Vec<&str> = playing.iter().map(|&s| session.players()[s].as_str()).collect();
        if args.scores.len() != playing.len() {
            return Err(Error::usage(format!(
                "{} players but {} score{} given; give one per player in seat order ({}), or NAME=N",
                playing.len(),
                args.scores.len(),
                if args.scores.len() == 1 { "" } else { "s" },
                names.join(" ")
            )));
        }
        for (&seat, text) in playing.iter().zip(&args.scores) {
            let t = text.trim();
            let numeric = !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || "+-.,".contains(c));
            if !numeric {
                return Err(Error::usage(format!(
                    "\"{}\" is not a score; in seat order give numbers ({}), \
                     or write each as NAME=N or NAME=CARDS",
                    shown(text),
                    names.join(" ")
                )));
            }
            scores[seat] = Some(session.read_score(deal.round, seat, text, solver)?);
        }
    }
    let mut record = RoundRecord::from_deadwood(vec![0; n]);
    for (seat, score) in scores.into_iter().enumerate() {
        let Some(score) = score else { continue };
        record.deadwood[seat] = score.deadwood;
        record.hands[seat] = score.hand;
    }
    record.out = out;
    record.penalties = penalties;
    Ok(record)
}

/// The seats of --out and each --penalty.
fn marks(session: &Session, args: &RoundArgs) -> Result<(Option<usize>, Vec<usize>)> {
    let out = args.out.as_deref().map(|p| session.seat_of(p)).transpose()?;
    if !args.penalty.is_empty() && session.rules().bad_go_out_penalty == 0 {
        return Err(Error::data(
            "--penalty: these rules give no penalty for a bad go-out (bad_go_out_penalty is 0)",
        ));
    }
    let penalties = args.penalty.iter().map(|p| session.seat_of(p)).collect::<Result<Vec<_>, _>>()?;
    Ok((out, penalties))
}

/// Asks each player's score on the terminal, then who went out.
fn ask(ui: &Ui, session: &Session, args: &RoundArgs, solver: &mut Solver) -> Result<(usize, RoundRecord)> {
    let deal = session.open_deal()?;
    let (out, penalties) = marks(session, args)?;
    ui.say(&format!(
        "Round {}: {} cards dealt, {} wild, {} deals. Type each score, or the hand held.",
        deal.round,
        deal.cards,
        session.rules().wilds(deal.wild),
        session.players()[session.dealer(deal.round)]
    ));
    let mut record = RoundRecord::from_deadwood(vec![0; session.players().len()]);
    for seat in session.playing() {
        let player = &session.players()[seat];
        loop {
            let text = ui.input(player, false)?;
            match session.read_score(deal.round, seat, &text, solver) {
                Ok(score) => {
                    if let Some(hand) = &score.hand {
                        let cards: Vec<String> = hand.iter().map(|c| c.ascii()).collect();
                        ui.say(&format!("  {}: deadwood {}", cards.join(" "), score.deadwood));
                    }
                    record.deadwood[seat] = score.deadwood;
                    record.hands[seat] = score.hand;
                    break;
                }
                Err(e) => ui.say(&Error::from(e).to_string()),
            }
        }
    }
    record.penalties = penalties;
    record.out = match out {
        Some(o) => Some(o),
        None => {
            let zero: Vec<usize> = (0..record.deadwood.len()).filter(|&s| record.deadwood[s] == 0).collect();
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
    Ok((deal.round, record))
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
            "hint: if {player} declared out with this hand, it is a bad go-out: \
             record it with --penalty {player} instead of --out"
        ))
    } else {
        e.with_hint("hint: check the cards typed, or name the player who did go out with --out")
    }
}
