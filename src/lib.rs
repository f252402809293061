//! `three13`: the score sheet and exact hand checker for Three Thirteen.
//!
//! The game itself (cards, rules, the solver, the score sheet, statistics)
//! is the `three13-core` crate; this crate is its edge: the command line,
//! the terminal and prompts, the files, and the exit codes.

mod app;
mod cli;
mod clock;
mod cmd;
mod complete;
mod error;
mod files;
mod fit;
mod interrupt;
mod lines;
mod prompt;
mod prose;
mod report;
mod run;
mod serve;
mod stderr;
mod store;
mod text;
mod ui;

pub mod assets;

pub use run::main;

/// The command line as clap builds it: what `three13` parses, completes,
/// and documents in its man pages.
pub fn command() -> clap::Command {
    cli::command()
}

/// What the session-file fuzz target reads and writes.
#[doc(hidden)]
pub mod fuzzing {
    pub use crate::files::text_of;
    pub use crate::store::{parse_session, save_into, to_toml};
}
