//! `three13 undo`: take back the last change of the session.

use std::io::Write;

use crate::cli::{Cli, UndoArgs};
use crate::error::{Error, Result};
use crate::report::log::{named, restored, round_scores};
use crate::ui::Ui;
use three13_core::sheet::{LogChange, Playoff, RoundRecord, Score, Session};
use three13_core::solver::Solver;

pub(crate) fn run(args: &UndoArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    if args.json {
        ui.for_json();
    }
    let seen = store.load(&name)?;
    let last = seen.log().last();
    // A round recorded is removed; any other change is taken back. A
    // session without a log (a file from before it) has its rounds only.
    let (what, removes) = match last {
        Some(e) => (named(&seen, e), matches!(e.change, LogChange::Round { .. })),
        None => match seen.playoff() {
            Some(Playoff::Round(_)) => (tiebreak_round(&seen), true),
            _ if seen.rounds().is_empty() => {
                return Err(Error::data(format!("nothing to undo: no round of {name} is recorded yet")));
            }
            _ => (round_scores(&seen, seen.rounds().len()), true),
        },
    };
    let verb = if removes { "remove" } else { "take back" };
    let sure = ui.confirm(
        args.yes,
        || format!("{} {what} of {name}?", capitalised(verb)),
        || Error::usage(format!("undo would {verb} {what} of {name}; off a terminal, confirm with --yes")),
    )?;
    if !sure {
        ui.note(if removes { "nothing was removed" } else { "nothing was taken back" });
        return Ok(());
    }

    let lock = store.lock()?;
    let crate::store::Loaded { mut session, doc } = store.load_to_change(&lock, &name)?;
    if session.log() != seen.log() || !session.changed_since(&seen).is_empty() {
        return Err(Error::data(format!(
            "{name} was changed by another three13 meanwhile; nothing was {} (see `three13 log`)",
            if removes { "removed" } else { "taken back" }
        )));
    }
    let before = session.clone();
    let named_session = args.session.session.is_some();
    let undone = if seen.log().is_empty() {
        session.undo_unlogged_round(super::now())?;
        None
    } else {
        session.undo_change(&mut Solver::new(), super::now())?
    };
    store.save(&lock, &session, doc)?;
    drop(lock);

    let again = match undone.as_ref().map(|e| &e.change) {
        Some(LogChange::Round { round }) if *round > before.deals().len() => {
            Some(tiebreak_command(&before, named_session))
        }
        Some(LogChange::Round { round }) => Some(command(&before, round - 1, named_session)),
        Some(_) => None,
        None if matches!(before.playoff(), Some(Playoff::Round(_))) => {
            Some(tiebreak_command(&before, named_session))
        }
        None => Some(command(&before, before.rounds().len() - 1, named_session)),
    };
    let said = match (&again, &undone) {
        (Some(again), _) => vec![format!("Removed {what}."), format!("To record it again: {again}")],
        (None, Some(e)) => restored(&before, &session, e),
        (None, None) => Vec::new(),
    };
    if args.json {
        return crate::report::change::print(ui, "undo", true, said, &session);
    }
    match again {
        Some(again) => writeln!(ui.out, "Removed {what}. To record it again:\n  {again}")?,
        None => {
            for line in said {
                writeln!(ui.out, "{}", ui.wrap(&line, 4))?;
            }
        }
    }
    crate::report::table::print(ui, &session)
}

fn capitalised(verb: &str) -> String {
    let mut chars = verb.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// `the tiebreaker round (Ann 5, Dee 3)`.
fn tiebreak_round(s: &Session) -> String {
    let Some(Playoff::Round(scores)) = s.playoff() else { return "the tiebreaker round".into() };
    let shown: Vec<String> =
        scores.iter().map(|(seat, sc)| format!("{} {}", s.players()[*seat], sc.deadwood)).collect();
    format!("the tiebreaker round ({})", shown.join(", "))
}

/// A score as it was typed, to type it again: a hand or the cards left
/// over as typed, else the number.
fn typed(score: &Score) -> String {
    match (&score.hand, &score.form) {
        (Some(hand), _) => hand.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" "),
        (None, three13_core::sheet::ScoreForm::Leftover(cards)) => {
            cards.iter().map(|(c, _)| c.to_string()).collect::<Vec<_>>().join(" ")
        }
        _ => score.deadwood.to_string(),
    }
}

/// The command that records the tiebreaker round again: the tied players'
/// scores in seat order, as typed.
fn tiebreak_command(s: &Session, named: bool) -> String {
    let mut words = vec!["three13".to_string(), "round".to_string()];
    if let Some(Playoff::Round(scores)) = s.playoff() {
        words.extend(scores.iter().map(|(_, score)| typed(score)));
    }
    if named {
        words.extend(["--session".to_string(), s.name().to_string()]);
    }
    shell_words::join(words)
}

/// The command that records round `index` (from 0) again, as it was:
/// scores in seat order as typed, who went out, the penalties.
fn command(s: &Session, index: usize, named: bool) -> String {
    let r: &RoundRecord = &s.rounds()[index];
    let rules = s.rules_of(index + 1);
    let mut words = vec!["three13".to_string(), "round".to_string()];
    for seat in s.playing(index + 1) {
        words.push(typed(&r.score(seat, &rules)));
    }
    if let Some(o) = r.out {
        words.extend(["--out".to_string(), s.players()[o].clone()]);
    }
    for &p in &r.penalties {
        words.extend(["--penalty".to_string(), s.players()[p].clone()]);
    }
    if named {
        words.extend(["--session".to_string(), s.name().to_string()]);
    }
    shell_words::join(words)
}
