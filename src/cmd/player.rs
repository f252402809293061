//! `three13 player`: rename, add, remove or bring back a player mid-game.

use std::io::Write;

use three13_core::sheet::Missed;

use crate::cli::{Cli, PlayerCommand};
use crate::error::{Error, Result};
use crate::ui::Ui;

pub(crate) fn run(command: &PlayerCommand, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let (flag, json, change) = match command {
        PlayerCommand::Rename(a) => (&a.session, a.json, "player-rename"),
        PlayerCommand::Add(a) => (&a.session, a.json, "player-add"),
        PlayerCommand::Remove(a) => (&a.session, a.json, "player-remove"),
        PlayerCommand::Return(a) => (&a.session, a.json, "player-return"),
    };
    if json {
        ui.for_json();
    }
    let name = store.resolve(flag.session.as_deref())?;
    // Removing a player asks first, before the lock, so that a person
    // thinking it over never holds up another terminal.
    let seen = match command {
        // With --yes nothing is asked: the removal is of the game as it is
        // under the lock.
        PlayerCommand::Remove(a) if !a.yes => {
            let seen = store.load(&name)?;
            let seat = seen.seat_of(&a.name)?;
            let player = &seen.players()[seat];
            let what = if seen.seats()[seat].joined < seen.rounds().len() {
                format!("{player} leaves {name}: their rounds stay, and the deal skips them")
            } else {
                format!("{player} is taken off {name}, having played no round")
            };
            let sure = ui.confirm(
                a.yes,
                || format!("{what}. Remove {player}?"),
                || {
                    Error::usage(format!(
                        "player remove would take {player} out of {name}; off a terminal, confirm with --yes"
                    ))
                },
            )?;
            if !sure {
                ui.note("nothing was changed");
                return Ok(());
            }
            Some(seen)
        }
        _ => None,
    };
    let lock = store.lock()?;
    let crate::store::Loaded { mut session, doc } = store.load_to_change(&lock, &name)?;
    if let Some(seen) = &seen {
        let changed = session.changed_since(seen);
        if !changed.is_empty() {
            return Err(Error::data(format!(
                "while you were asked, another three13 changed {} of {name}; nothing was written \
                 (see `three13 table`)",
                crate::prose::and_list(&changed)
            )));
        }
    }
    let now = super::now();
    let said = match command {
        PlayerCommand::Rename(a) => {
            let seat = session.seat_of(&a.old)?;
            let old = session.players()[seat].clone();
            session.rename_player(seat, a.new.trim(), now).map_err(|e| match e {
                three13_core::sheet::SheetError::Unchanged => {
                    Error::usage(format!("{old} is already called {}; nothing to change", a.new.trim()))
                }
                e => e.into(),
            })?;
            format!("Renamed {old} to {} in every round of {name}.", session.players()[seat])
        }
        PlayerCommand::Add(a) => {
            let seat = match a.seat {
                Some(0) => {
                    return Err(Error::usage(format!(
                        "--seat counts from 1; the seats are 1 to {}",
                        session.players().len() + 1
                    )));
                }
                Some(n) => Some(n - 1),
                None => None,
            };
            let (seat, start) = session.add_player(a.name.trim(), seat, a.total, now)?;
            let next = session.rounds().len() + 1;
            format!(
                "{} joins {name} at seat {} from round {next}, starting from {}.",
                session.players()[seat],
                seat + 1,
                crate::report::start_origin(&session, seat, start)
            )
        }
        PlayerCommand::Remove(a) => {
            let seat = session.seat_of(&a.name)?;
            let player = session.players()[seat].clone();
            if session.remove_player(seat, now)? {
                format!("Took {player} off {name}; they had played no round.")
            } else {
                format!(
                    "{player} left {name} after round {}: their rounds stay, and the deal skips them.",
                    session.rounds().len()
                )
            }
        }
        PlayerCommand::Return(a) => {
            let seat = session.seat_of(&a.name)?;
            let player = session.players()[seat].clone();
            let missed = match (a.missed, a.total) {
                (_, Some(total)) => Some(Missed::Total(total)),
                (missed, None) => missed,
            };
            session.return_player(seat, missed, now)?;
            let board = session.scoreboard();
            let st = &session.seats()[seat];
            let away = match (st.away.last(), st.left) {
                (Some(&(left, back)), None) if back == session.rounds().len() => Some((left, back)),
                _ => None,
            };
            match away {
                Some((left, back)) => {
                    let rounds = if back == left + 1 {
                        format!("round {back}")
                    } else {
                        format!("rounds {}-{back}", left + 1)
                    };
                    let rule = match st.missed.last().expect("one rule for each time away") {
                        Missed::Total(_) => format!("as given, for {rounds} missed"),
                        rule if back == left + 1 => format!("{rounds}, missed, scores {}", rule.described()),
                        rule => format!("{rounds}, missed, each score {}", rule.described()),
                    };
                    format!(
                        "{player} is back in {name} from round {}, at seat {}, with a total of {}: {rule}.",
                        session.rounds().len() + 1,
                        seat + 1,
                        board.totals()[seat],
                    )
                }
                None => format!(
                    "{player} is back in {name} from round {}, at seat {}, with their rounds and a total of {}.",
                    session.rounds().len() + 1,
                    seat + 1,
                    board.totals()[seat]
                ),
            }
        }
    };
    store.save(&lock, &session, doc)?;
    drop(lock);
    if json {
        return crate::report::change::print(ui, change, true, vec![said], &session);
    }
    writeln!(ui.out, "{said}")?;
    crate::report::table::print(ui, &session)
}
