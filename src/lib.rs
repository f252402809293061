//! `three13`: the score sheet and exact hand checker for Three Thirteen.
//!
//! The domain (cards, rules, the solver, the score sheet) is plain data and
//! pure functions; the command line, prompts and files sit at the edge.

pub mod analysis;
pub mod assets;
pub mod card;
pub mod cli;
pub mod cmd;
pub mod error;
pub mod hand;
pub mod rules;
pub mod run;
pub mod sheet;
pub mod solver;
pub mod store;
pub mod ui;

/// Prints an error on stderr as `error: …` and gives its exit code.
pub fn report(e: error::Error) -> std::process::ExitCode {
    use std::io::{IsTerminal, Write};
    if !e.message.is_empty() {
        let colour =
            std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        let label = if colour { "\x1b[1;31merror:\x1b[0m" } else { "error:" };
        let _ = writeln!(std::io::stderr(), "{label} {}", e.message);
    }
    std::process::ExitCode::from(e.code)
}
