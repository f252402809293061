//! The use cases, between the faces (the terminal, the pages) and the game
//! and the store: each takes typed input and returns a typed outcome, and
//! never prints or asks.

pub(crate) mod check;
pub(crate) mod correct;
pub(crate) mod drill;
pub(crate) mod league;
pub(crate) mod players;
pub(crate) mod points;
pub(crate) mod round;
pub(crate) mod rules;
pub(crate) mod scores;
pub(crate) mod served;
pub(crate) mod sessions;
pub(crate) mod start;
pub(crate) mod tiebreak;
pub(crate) mod undo;

#[cfg(test)]
mod tests;

use crate::error::Error;

/// The refusal of a change worked out on the session as it was before the
/// lock, when another `three13` changed it meanwhile: `typed` says what
/// was being typed (the scores, the cards), `changed` what changed, and
/// `again` what to do now.
pub(crate) fn changed_meanwhile(typed: &str, changed: &[&str], name: &str, again: &str) -> Error {
    Error::data(format!(
        "while {typed} were typed, another three13 changed {} of {name}; nothing was written ({again})",
        crate::prose::and_list(changed)
    ))
}
