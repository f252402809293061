//! The shell completion scripts: printed by `three13 completions SHELL`
//! and committed under `completions/` for packagers (a test keeps the copies
//! fresh). Each registers three13 with the shell, which then asks the binary
//! itself for candidates (`COMPLETE=SHELL three13 -- WORDS`): sessions,
//! players, presets and settings, as well as subcommands and flags. And the
//! text of the page on how to play, `three13-rules(7)`, which the tests
//! write as a man page: the text `three13 rules --explain` shows, for the
//! standard rules.

use clap_complete::Shell;
use clap_complete::env::EnvCompleter;

use crate::complete::Adapter;

/// The name the completions complete, and the program they call back.
pub const BIN: &str = "three13";

/// The environment variable that asks the binary for completions.
pub const COMPLETE_VAR: &str = "COMPLETE";

/// Every shell and the file its completions are committed in.
pub const COMPLETIONS: [(Shell, &str); 5] = [
    (Shell::Bash, "completions/three13.bash"),
    (Shell::Zsh, "completions/_three13"),
    (Shell::Fish, "completions/three13.fish"),
    (Shell::Elvish, "completions/three13.elv"),
    (Shell::PowerShell, "completions/_three13.ps1"),
];

/// The completion script for `shell`: it registers three13 with the shell
/// and calls `three13` (found on PATH) for the candidates.
pub fn completion(shell: Shell) -> Vec<u8> {
    let mut out = Vec::new();
    Adapter::of(shell)
        .write_registration(COMPLETE_VAR, BIN, BIN, BIN, &mut out)
        .expect("writing into memory cannot fail");
    out
}

pub use crate::report::explain::Block;

/// The page on how to play, in section 7 of the manual.
pub const RULES_PAGE: &str = "man/three13-rules.7";

/// How to play under the standard rules, as `three13 rules --explain`
/// says it: the text of [`RULES_PAGE`].
pub fn rules_explained() -> Vec<Block> {
    crate::report::explain::explain(&three13_core::rules::Rules::default())
}
