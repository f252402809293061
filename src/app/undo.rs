//! Taking back the last change of a session.

use jiff::Timestamp;

use crate::error::{Error, Result};
use crate::store::Store;
use three13_core::sheet::{LogChange, Logged, Playoff, Session};
use three13_core::solver::Solver;

/// The change an undo would take back.
#[derive(Clone, Debug)]
pub(crate) enum Last {
    /// The last entry of the session's log.
    Logged(Logged),
    /// A session without a log (a file from before it) has its rounds
    /// only: its tiebreaker round,
    TiebreakRound,
    /// or its last round.
    Round(usize),
}

/// The session as a person is asked about it, and what an undo of it
/// would take back.
#[derive(Debug)]
pub(crate) struct Pending {
    pub(crate) seen: Session,
    pub(crate) last: Last,
}

impl Pending {
    /// Whether the undo removes a round (else it takes a change back).
    pub(crate) fn removes(&self) -> bool {
        match &self.last {
            Last::Logged(e) => matches!(e.change, LogChange::Round { .. }),
            Last::TiebreakRound | Last::Round(_) => true,
        }
    }
}

/// A round removed, to be recorded again: the tiebreaker round, or the
/// round at `index` (from 0), of the session before the undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Again {
    Tiebreak,
    Round(usize),
}

/// The change taken back.
#[derive(Debug)]
pub(crate) struct Undone {
    /// The session before the undo, and after.
    pub(crate) before: Session,
    pub(crate) session: Session,
    /// Whether the session file was written.
    pub(crate) saved: bool,
    /// The log's entry taken back; none for a session without a log.
    pub(crate) undone: Option<Logged>,
    /// The round removed, when the undo removed one.
    pub(crate) again: Option<Again>,
}

/// What an undo of the session `name` would take back now.
pub(crate) fn pending(store: &Store, name: &str) -> Result<Pending> {
    let seen = store.load(name)?;
    let last = match seen.log().last() {
        Some(e) => Last::Logged(e.clone()),
        None => match seen.playoff() {
            Some(Playoff::Round(_)) => Last::TiebreakRound,
            _ if seen.rounds().is_empty() => {
                return Err(Error::data(format!("nothing to undo: no round of {name} is recorded yet")));
            }
            _ => Last::Round(seen.rounds().len()),
        },
    };
    Ok(Pending { seen, last })
}

/// Takes back the change `pending` names, in one unit of work: refused
/// when another three13 changed the session since it was seen.
pub(crate) fn undo(store: &Store, name: &str, pending: &Pending, now: Timestamp) -> Result<Undone> {
    let seen = &pending.seen;
    let changed = store.change(name, |session| {
        if session.log() != seen.log() || !session.changed_since(seen).is_empty() {
            return Err(Error::data(format!(
                "{name} was changed by another three13 meanwhile; nothing was {} (see `three13 log`)",
                if pending.removes() { "removed" } else { "taken back" }
            )));
        }
        let before = session.clone();
        let undone = if seen.log().is_empty() {
            session.undo_unlogged_round(now)?;
            None
        } else {
            session.undo_change(&mut Solver::new(), now)?
        };
        Ok((true, (before, undone)))
    })?;
    let (before, undone) = changed.value;
    let again = match undone.as_ref().map(|e| &e.change) {
        Some(LogChange::Round { round }) if *round > before.deals().len() => Some(Again::Tiebreak),
        Some(LogChange::Round { round }) => Some(Again::Round(round - 1)),
        Some(_) => None,
        None if matches!(before.playoff(), Some(Playoff::Round(_))) => Some(Again::Tiebreak),
        None => Some(Again::Round(before.rounds().len() - 1)),
    };
    Ok(Undone { before, session: changed.session, saved: changed.saved, undone, again })
}
