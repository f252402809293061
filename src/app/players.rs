//! Changing the players mid-game: a rename, a player added, removed or
//! brought back.

use jiff::Timestamp;

use crate::error::{Error, Result};
use crate::store::Store;
use three13_core::sheet::{Missed, Session, SheetError, Start};

/// What is asked, names as typed.
#[derive(Clone, Debug)]
pub(crate) enum PlayerChange {
    Rename {
        old: String,
        new: String,
    },
    /// `seat` counts from 1; none takes the next free one.
    Add {
        name: String,
        seat: Option<usize>,
        total: Option<Start>,
    },
    Remove {
        name: String,
    },
    /// `total` given sets their total on coming back, over `missed`.
    Return {
        name: String,
        missed: Option<Missed>,
        total: Option<i32>,
    },
}

/// What was done, by seat in the session after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PlayerChanged {
    /// The player at `seat` was called `old`.
    Renamed { seat: usize, old: String },
    /// The player at `seat` joins, starting from the total `start`.
    Added { seat: usize, start: i32 },
    /// `player` left; `off` when they had played no round, and are taken
    /// off the sheet.
    Removed { player: String, off: bool },
    /// The player at `seat` plays again.
    Returned { seat: usize },
}

/// The players changed.
#[derive(Debug)]
pub(crate) struct Outcome {
    /// The session after the change.
    pub(crate) session: Session,
    /// Whether the session file was written.
    pub(crate) saved: bool,
    pub(crate) changed: PlayerChanged,
}

/// Changes the players of the session `name`, in one unit of work. `seen`
/// is the session as it was shown when a person was asked to confirm: the
/// change is refused when another three13 changed it since.
pub(crate) fn change(
    store: &Store,
    name: &str,
    asked: &PlayerChange,
    seen: Option<&Session>,
    now: Timestamp,
) -> Result<Outcome> {
    let changed = store.change(name, |session| {
        if let Some(seen) = seen {
            let changed = session.changed_since(seen);
            if !changed.is_empty() {
                return Err(Error::data(format!(
                    "while you were asked, another three13 changed {} of {name}; nothing was written \
                     (see `three13 table`)",
                    crate::prose::and_list(&changed)
                )));
            }
        }
        apply(session, asked, now).map(|changed| (true, changed))
    })?;
    Ok(Outcome { session: changed.session, saved: changed.saved, changed: changed.value })
}

fn apply(session: &mut Session, asked: &PlayerChange, now: Timestamp) -> Result<PlayerChanged> {
    Ok(match asked {
        PlayerChange::Rename { old, new } => {
            let seat = session.seat_of(old)?;
            let old = session.players()[seat].clone();
            session.rename_player(seat, new.trim(), now).map_err(|e| match e {
                SheetError::Unchanged => {
                    Error::usage(format!("{old} is already called {}; nothing to change", new.trim()))
                }
                e => e.into(),
            })?;
            PlayerChanged::Renamed { seat, old }
        }
        PlayerChange::Add { name, seat, total } => {
            let seat = match seat {
                Some(0) => {
                    return Err(Error::usage(format!(
                        "--seat counts from 1; the seats are 1 to {}",
                        session.players().len() + 1
                    )));
                }
                Some(n) => Some(n - 1),
                None => None,
            };
            let (seat, start) = session.add_player(name.trim(), seat, *total, now)?;
            PlayerChanged::Added { seat, start }
        }
        PlayerChange::Remove { name } => {
            let seat = session.seat_of(name)?;
            let player = session.players()[seat].clone();
            let off = session.remove_player(seat, now)?;
            PlayerChanged::Removed { player, off }
        }
        PlayerChange::Return { name, missed, total } => {
            let seat = session.seat_of(name)?;
            let missed = match (missed, total) {
                (_, Some(total)) => Some(Missed::Total(*total)),
                (missed, None) => *missed,
            };
            session.return_player(seat, missed, now)?;
            PlayerChanged::Returned { seat }
        }
    })
}
