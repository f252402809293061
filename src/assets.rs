//! The shell completion scripts, generated from the clap definitions in
//! `cli.rs`: printed by `three13 completions` and committed under
//! `completions/` for packagers (a test keeps the copies fresh).

use clap_complete::Shell;

/// The name the completions complete.
pub const BIN: &str = "three13";

/// Every shell and the file its completions are committed in.
pub const COMPLETIONS: [(Shell, &str); 5] = [
    (Shell::Bash, "completions/three13.bash"),
    (Shell::Zsh, "completions/_three13"),
    (Shell::Fish, "completions/three13.fish"),
    (Shell::Elvish, "completions/three13.elv"),
    (Shell::PowerShell, "completions/_three13.ps1"),
];

/// The completion script for `shell`.
pub fn completion(shell: Shell) -> Vec<u8> {
    let mut cmd = crate::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, BIN, &mut out);
    out
}
