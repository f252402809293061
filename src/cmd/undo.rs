//! `three13 undo`: remove the last recorded round.

use std::io::Write;

use crate::cli::{Cli, UndoArgs};
use crate::error::{Error, Result};
use crate::ui::Ui;
use three13_core::sheet::{Playoff, Score, Session};

pub(crate) fn run(args: &UndoArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    if args.json {
        ui.for_json();
    }
    let seen = store.load(&name)?;
    let Some(round) = seen.rounds().len().checked_sub(1) else {
        return Err(Error::data(format!("nothing to undo: no round of {name} is recorded yet")));
    };
    // A tiebreaker round is the last one played: it goes first.
    let tiebreak = match seen.playoff() {
        Some(Playoff::Round(scores)) => Some(scores.clone()),
        _ => None,
    };
    let what = match &tiebreak {
        Some(scores) => {
            let shown: Vec<String> =
                scores.iter().map(|(s, sc)| format!("{} {}", seen.players()[*s], sc.deadwood)).collect();
            format!("the tiebreaker round ({})", shown.join(", "))
        }
        None => describe(&seen, round),
    };
    let sure = ui.confirm(
        args.yes,
        || format!("Remove {what} of {name}?"),
        || Error::usage(format!("undo would remove {what} of {name}; off a terminal, confirm with --yes")),
    )?;
    if !sure {
        ui.note("nothing was removed");
        return Ok(());
    }

    let lock = store.lock()?;
    let crate::store::Loaded { mut session, doc } = store.load_to_change(&lock, &name)?;
    if session.rounds() != seen.rounds() || session.playoff() != seen.playoff() {
        return Err(Error::data(format!(
            "{name} was changed by another three13 meanwhile; nothing was removed (see `three13 table`)"
        )));
    }
    let again = match &tiebreak {
        Some(scores) => tiebreak_command(&session, scores, args.session.session.is_some()),
        None => command(&session, round, args.session.session.is_some()),
    };
    if tiebreak.is_some() {
        session.undo_tiebreak_round(super::now());
    } else {
        session.undo(super::now());
    }
    store.save(&lock, &session, doc)?;
    drop(lock);

    if args.json {
        let said = vec![format!("Removed {what}."), format!("To record it again: {again}")];
        return crate::report::change::print(ui, "undo", true, said, &session);
    }
    writeln!(ui.out, "Removed {what}. To record it again:\n  {again}")?;
    crate::report::table::print(ui, &session)
}

/// `round 4 (Ann 12, Bob 0, Cy 35)`, with the points that counted.
fn describe(s: &Session, index: usize) -> String {
    let board = s.scoreboard();
    let scores: Vec<String> = s
        .playing(index + 1)
        .into_iter()
        .map(|p| format!("{} {}", s.players()[p], board.points(index)[p]))
        .collect();
    format!("round {} ({})", index + 1, scores.join(", "))
}

/// The command that records the tiebreaker round again: the tied players'
/// scores in seat order (hands as typed).
fn tiebreak_command(s: &Session, scores: &[(usize, Score)], named: bool) -> String {
    let mut words = vec!["three13".to_string(), "round".to_string()];
    for (_, score) in scores {
        words.push(match &score.hand {
            Some(hand) => hand.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" "),
            None => score.deadwood.to_string(),
        });
    }
    if named {
        words.extend(["--session".to_string(), s.name().to_string()]);
    }
    shell_words::join(words)
}

/// The command that records round `index` (from 0) again, as it was:
/// scores in seat order (hands as typed), who went out, the penalties.
fn command(s: &Session, index: usize, named: bool) -> String {
    let r = &s.rounds()[index];
    let mut words = vec!["three13".to_string(), "round".to_string()];
    for seat in s.playing(index + 1) {
        words.push(match &r.hands[seat] {
            Some(hand) => hand.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" "),
            None => r.deadwood[seat].to_string(),
        });
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
