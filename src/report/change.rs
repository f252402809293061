//! What a command changed, for a script: the change in a word, what was
//! said about it (the lines a person is shown, cards in ASCII), and the
//! session's figures after it, as `table --json` gives them.

use std::io::Write;

use serde::Serialize;
use three13_core::sheet::Session;

use super::table::TableJson;
use crate::error::Result;
use crate::ui::Ui;

#[derive(Debug, Serialize)]
pub(crate) struct ChangeJson {
    /// `new`, `round`, `edit`, `undo`, `player-add`, `player-rename`,
    /// `player-remove`, `player-return`, `rules`, `draw`, `use`.
    pub(crate) change: &'static str,
    /// Whether the session file was written (false for a change that
    /// changed nothing, or a round everyone scored 0 in and is replayed).
    pub(crate) saved: bool,
    /// What was said about the change, line by line, in the terminal's
    /// words.
    pub(crate) said: Vec<String>,
    /// The session after the change.
    pub(crate) session: TableJson,
}

/// Prints a change's JSON on stdout, and nothing else.
pub(crate) fn print(
    ui: &mut Ui,
    change: &'static str,
    saved: bool,
    said: Vec<String>,
    s: &Session,
) -> Result<()> {
    let json = ChangeJson { change, saved, said, session: TableJson::new(s) };
    writeln!(ui.out, "{}", super::json(&json))?;
    Ok(())
}
