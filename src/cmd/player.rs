//! `three13 player`: rename, add, remove or bring back a player mid-game.

use std::io::Write;

use crate::app::players::{Outcome, PlayerChange, change};
use crate::cli::{Cli, PlayerCommand};
use crate::error::{Error, Result};
use crate::ui::Ui;

pub(crate) fn run(command: &PlayerCommand, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let (flag, json, word) = match command {
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
    let asked = match command {
        PlayerCommand::Rename(a) => PlayerChange::Rename { old: a.old.clone(), new: a.new.clone() },
        PlayerCommand::Add(a) => PlayerChange::Add { name: a.name.clone(), seat: a.seat, total: a.total },
        PlayerCommand::Remove(a) => PlayerChange::Remove { name: a.name.clone() },
        PlayerCommand::Return(a) => {
            PlayerChange::Return { name: a.name.clone(), missed: a.missed, total: a.total }
        }
    };
    let Outcome { session, saved, changed } = change(&store, &name, &asked, seen.as_ref(), super::now())?;
    let said = crate::report::players::changed(&session, &changed);
    if json {
        return crate::report::change::print(ui, word, saved, vec![said], &session);
    }
    writeln!(ui.out, "{said}")?;
    crate::report::table::print(ui, &session)
}
