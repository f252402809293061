//! Completions that know the game, driven through each shell's side of the
//! protocol: the shell runs `COMPLETE=SHELL three13 -- WORDS` and reads the
//! candidates from stdout.

use crate::common::Env;

/// The candidates `shell` gets for `words` (the last is the word being
/// completed), without their help texts.
fn complete(env: &Env, shell: &str, words: &[&str]) -> Vec<String> {
    let mut args = vec!["--", "three13"];
    args.extend_from_slice(words);
    let mut cmd = env.command(&args);
    cmd.env("COMPLETE", shell);
    // bash, zsh and elvish say which word is being completed; fish and
    // PowerShell complete the last.
    let index = words.len().to_string();
    cmd.env("_CLAP_COMPLETE_INDEX", &index).env("_CLAP_IFS", "\n");
    let out = cmd.output().expect("three13 runs");
    assert!(out.status.success(), "{shell} {words:?}: {}", String::from_utf8_lossy(&out.stderr));
    // fish and PowerShell put a help text after a tab, zsh after a colon.
    let help = if shell == "zsh" { ':' } else { '\t' };
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| l.split(help).next().unwrap_or_default().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

const SHELLS: [&str; 5] = ["bash", "zsh", "fish", "elvish", "powershell"];

fn game() -> Env {
    let env = Env::new();
    env.ok(&["new", "friday", "-p", "Ann", "-p", "Bob", "-p", "Bea"]);
    env.ok(&["new", "saturday", "-p", "Cy", "-p", "Dee"]);
    env.ok(&["use", "friday"]);
    env
}

#[test]
fn sessions_players_presets_and_settings_are_offered_in_every_shell() {
    let env = game();
    for shell in SHELLS {
        assert_eq!(complete(&env, shell, &["use", "s"]), ["saturday"], "{shell}");
        assert_eq!(complete(&env, shell, &["delete", "f"]), ["friday"], "{shell}");
        assert_eq!(complete(&env, shell, &["table", "--session", "sat"]), ["saturday"], "{shell}");
        assert_eq!(complete(&env, shell, &["round", "--out", "B"]), ["Bob", "Bea"], "{shell}");
        assert_eq!(complete(&env, shell, &["round", "0", "--penalty", "A"]), ["Ann"], "{shell}");
        // edit takes scores as round does: NAME=SCORE (or PLAYER VALUE).
        assert_eq!(complete(&env, shell, &["edit", "1", "A"]), ["Ann="], "{shell}");
        assert_eq!(complete(&env, shell, &["round", "b"]), ["Bob=", "Bea="], "{shell}");
        assert_eq!(complete(&env, shell, &["new", "--rules", "st"]), ["standard", "strict"], "{shell}");
        assert_eq!(complete(&env, shell, &["rules", "t"]), ["tens"], "{shell}");
        assert_eq!(complete(&env, shell, &["check", "--set", "ace"]), ["ace_value=", "ace_high="], "{shell}");
        assert_eq!(
            complete(&env, shell, &["rules", "--set", "face_cards="]),
            ["face_cards=rank", "face_cards=ten"],
            "{shell}"
        );
        assert_eq!(
            complete(&env, shell, &["rules", "--set", "jokers="]),
            ["jokers=0", "jokers=1", "jokers=2"]
        );
    }
}

#[test]
fn subcommands_and_flags_are_offered_too() {
    let env = Env::new();
    assert_eq!(complete(&env, "bash", &["ses"]), ["sessions"]);
    assert_eq!(complete(&env, "fish", &["table", "--js"]), ["--json"]);
    // With no session yet, a player or session completes to nothing, quietly.
    assert!(complete(&env, "bash", &["round", "--out", ""]).is_empty());
    assert!(complete(&env, "zsh", &["use", "x"]).is_empty());
}

#[test]
fn the_registration_scripts_call_back_into_three13() {
    let env = Env::new();
    for (shell, needle) in [
        ("bash", "COMPLETE=\"bash\""),
        ("zsh", "COMPLETE=\"zsh\""),
        ("fish", "COMPLETE=fish"),
        ("elvish", "COMPLETE=\"elvish\""),
        ("powershell", "$env:COMPLETE = \"powershell\""),
    ] {
        let r = env.ok(&["completions", shell]);
        assert!(r.stdout.contains(needle) && r.stdout.contains("three13"), "{shell}: {}", r.stdout);
        // The same script as the shell gets from `COMPLETE=SHELL three13`,
        // but calling `three13` on PATH.
        let out = env.command(&[]).env("COMPLETE", shell).output().expect("three13 runs");
        let live = String::from_utf8_lossy(&out.stdout).replace(env!("CARGO_BIN_EXE_three13"), "three13");
        assert_eq!(live, r.stdout, "{shell}");
    }
}
