//! Completions that know the game, driven through each shell's side of the
//! protocol: the shell runs `COMPLETE=SHELL three13 -- WORDS` and reads the
//! candidates from stdout.

use std::path::{Path, PathBuf};
use std::process::Command;

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

/// The candidates that are not flags (offered too where a word may be either).
fn names(candidates: Vec<String>) -> Vec<String> {
    candidates.into_iter().filter(|c| !c.starts_with('-')).collect()
}

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

/// A game whose players have names a shell reads as more than text.
fn hostile_game() -> Env {
    let env = Env::new();
    env.ok(&[
        "new",
        "friday",
        "-p",
        "Ann Lee",
        "-p",
        "B$(touch PWNED)",
        "-p",
        "O'Brien",
        "-p",
        "back\\slash",
        "-p",
        "Jo \"Ace\"",
    ]);
    env.ok(&["new", "saturday", "-p", "Cy", "-p", "Dee"]);
    env.ok(&["use", "friday"]);
    env
}

#[test]
fn the_data_folder_and_the_session_typed_on_the_line_are_the_ones_read() {
    let env = game();
    let other = env.path().join("other");
    let other_dir = other.to_str().expect("UTF-8");
    env.ok(&["--data-dir", other_dir, "new", "sunday", "-p", "Eve", "-p", "Fay"]);
    for shell in SHELLS {
        // The default folder, then the one --data-dir names, before or after the subcommand.
        assert_eq!(complete(&env, shell, &["use", "s"]), ["saturday"], "{shell}");
        assert_eq!(complete(&env, shell, &["--data-dir", other_dir, "use", "s"]), ["sunday"], "{shell}");
        assert_eq!(complete(&env, shell, &["use", "--data-dir", other_dir, "s"]), ["sunday"], "{shell}");
        assert_eq!(
            complete(&env, shell, &["round", "--data-dir", other_dir, "--out", ""]),
            ["Eve", "Fay"],
            "{shell}"
        );
        // The current session, then the one --session names, wherever it is on the line.
        assert_eq!(complete(&env, shell, &["round", "--out", ""]), ["Ann", "Bob", "Bea"], "{shell}");
        assert_eq!(
            complete(&env, shell, &["round", "--session", "saturday", "--out", ""]),
            ["Cy", "Dee"],
            "{shell}"
        );
        assert_eq!(complete(&env, shell, &["round", "-s", "saturday", "d"]), ["Dee="], "{shell}");
        assert_eq!(
            complete(&env, shell, &["player", "remove", "--session=saturday", "C"]),
            ["Cy"],
            "{shell}"
        );
        assert_eq!(
            complete(
                &env,
                shell,
                &["--data-dir", other_dir, "edit", "--session", "sunday", "1", "--dealer", "F"]
            ),
            ["Fay"],
            "{shell}"
        );
        // A folder or session that is not there gives nothing, quietly.
        assert!(names(complete(&env, shell, &["--data-dir", "nowhere", "use", ""])).is_empty(), "{shell}");
        assert!(complete(&env, shell, &["round", "--session", "nothing", "--out", ""]).is_empty(), "{shell}");
    }
    // `~` is the home folder, which the shell leaves to the command as it completes.
    assert_eq!(names(complete(&env, "bash", &["--data-dir", "~/other", "use", ""])), ["sunday"]);
    assert_eq!(names(complete(&env, "zsh", &["--data-dir", "~/other", "use", ""])), ["sunday"]);
}

#[test]
fn every_place_a_name_is_taken_offers_the_names() {
    let env = game();
    env.ok(&["round", "0", "4", "9"]);
    env.ok(&["player", "remove", "Bea", "--yes"]);
    env.ok(&["new", "done", "-p", "Ann", "-p", "Eve"]);
    for _ in 0..11 {
        env.ok(&["round", "0", "1"]);
    }
    env.ok(&["use", "friday"]);
    for shell in SHELLS {
        let c = |words: &[&str]| complete(&env, shell, words);
        assert_eq!(c(&["new", "--like", "f"]), ["friday"], "{shell}");
        assert_eq!(c(&["check", "--session", "sat"]), ["saturday"], "{shell}");
        // The dealer is one of the players typed, or of the game played again.
        assert_eq!(c(&["new", "-p", "Zed", "-p", "Yan", "--dealer", ""]), ["Zed", "Yan"], "{shell}");
        assert_eq!(c(&["new", "--like", "saturday", "--dealer", ""]), ["Cy", "Dee"], "{shell}");
        // A new game's players: those of earlier games not named yet.
        assert_eq!(c(&["new", "-p", "Ann", "-p", "e"]), ["Eve"], "{shell}");
        assert_eq!(c(&["new", "-p", "D"]), ["Dee"], "{shell}");
        // Records are kept for finished games only.
        assert_eq!(names(c(&["stats", ""])), ["Ann", "Eve"], "{shell}");
        assert_eq!(c(&["stats", "--versus", "A"]), ["Ann"], "{shell}");
        assert_eq!(c(&["stats", "--versus", "Ann", "E"]), ["Eve"], "{shell}");
        assert_eq!(c(&["stats", "--with", "e"]), ["Eve"], "{shell}");
        assert_eq!(c(&["stats", "--rules", "t"]), ["tens"], "{shell}");
        assert_eq!(c(&["stats", "--set", "tie"]), ["tiebreak="], "{shell}");
        // Bea left after round 1: not out nor scored in the next round, but
        // still in round 1, and still a name to correct.
        assert_eq!(c(&["round", "--out", "B"]), ["Bob"], "{shell}");
        assert_eq!(c(&["round", "--penalty", ""]), ["Ann", "Bob"], "{shell}");
        assert_eq!(c(&["round", "b"]), ["Bob="], "{shell}");
        assert_eq!(c(&["player", "remove", "B"]), ["Bob"], "{shell}");
        assert_eq!(c(&["player", "rename", "B"]), ["Bob", "Bea"], "{shell}");
        assert_eq!(c(&["edit", "1", "--out", "B"]), ["Bob", "Bea"], "{shell}");
        assert_eq!(c(&["edit", "1", "--no-penalty", "Be"]), ["Bea"], "{shell}");
        assert_eq!(c(&["edit", "1", "b"]), ["Bob=", "Bea="], "{shell}");
        // What matches as typed comes first; the case is not needed.
        assert_eq!(c(&["player", "rename", "b"]), ["Bob", "Bea"], "{shell}");
        assert_eq!(c(&["player", "rename", "bo"]), ["Bob"], "{shell}");
    }
}

/// Each shell is given the candidates as it needs them: bash and PowerShell
/// insert them as they come, so they come quoted; zsh, fish and elvish
/// quote what they insert, so they come as they are.
#[test]
fn names_are_quoted_for_the_shell_asking() {
    let env = hostile_game();
    let expected: [(&str, [&str; 5]); 5] = [
        ("bash", ["Ann\\ Lee", "B\\$\\(touch\\ PWNED\\)", "O\\'Brien", "back\\\\slash", "Jo\\ \\\"Ace\\\""]),
        ("zsh", ["Ann Lee", "B$(touch PWNED)", "O'Brien", "back\\\\slash", "Jo \"Ace\""]),
        ("fish", ["Ann Lee", "B$(touch PWNED)", "O'Brien", "back\\slash", "Jo \"Ace\""]),
        ("elvish", ["Ann Lee", "B$(touch PWNED)", "O'Brien", "back\\slash", "Jo \"Ace\""]),
        ("powershell", ["'Ann Lee'", "'B$(touch PWNED)'", "'O''Brien'", "'back\\slash'", "'Jo \"Ace\"'"]),
    ];
    for (shell, names) in expected {
        assert_eq!(self::names(complete(&env, shell, &["player", "remove", ""])), names, "{shell}");
        assert_eq!(complete(&env, shell, &["round", "--out", "B"]), names[1..2], "{shell}");
        let scores: Vec<String> = complete(&env, shell, &["round", "O"]);
        let quoted = match shell {
            "bash" => "O\\'Brien=",
            "powershell" => "'O''Brien='",
            _ => "O'Brien=",
        };
        assert_eq!(scores, [quoted], "{shell}");
    }
    // What the shell already unquoted, or what is typed in quotes, matches.
    assert_eq!(complete(&env, "bash", &["player", "remove", "Ann\\ L"]), ["Ann\\ Lee"]);
    assert_eq!(complete(&env, "zsh", &["player", "remove", "'Ann L"]), ["Ann Lee"]);
    assert_eq!(complete(&env, "fish", &["player", "remove", "\"O'B"]), ["O'Brien"]);
    assert_eq!(complete(&env, "elvish", &["player", "remove", "Ann L"]), ["Ann Lee"]);
    assert_eq!(complete(&env, "powershell", &["player", "remove", "Ann L"]), ["'Ann Lee'"]);
    assert!(!env.path().join("PWNED").exists());
}

/// A file name is offered where a file is taken; one that holds a newline
/// or another control character cannot be carried safely to any shell,
/// and is left out.
#[test]
fn a_name_that_cannot_be_quoted_safely_is_not_offered() {
    let env = Env::new();
    for name in ["x y", "x\ny", "x\u{1b}[2J", "x$(touch PWNED)"] {
        std::fs::write(env.path().join(name), "").unwrap();
    }
    let expected: [(&str, [&str; 2]); 5] = [
        ("bash", ["x\\ y", "x\\$\\(touch\\ PWNED\\)"]),
        ("zsh", ["x y", "x$(touch PWNED)"]),
        ("fish", ["x y", "x$(touch PWNED)"]),
        ("elvish", ["x y", "x$(touch PWNED)"]),
        ("powershell", ["'x y'", "'x$(touch PWNED)'"]),
    ];
    for (shell, names) in expected {
        let mut got = complete(&env, shell, &["export", "--output", "x"]);
        got.sort();
        assert_eq!(got, names, "{shell}");
    }
    assert!(!env.path().join("PWNED").exists());
}

#[test]
fn the_script_is_printed_whatever_global_flags_come_with_it() {
    let env = Env::new();
    let plain = env.ok(&["completions", "bash"]).stdout;
    assert_eq!(env.ok(&["completions", "bash", "--color", "never"]).stdout, plain);
    assert_eq!(env.ok(&["completions", "bash", "--data-dir", "elsewhere"]).stdout, plain);
    assert_eq!(env.ok(&["--color", "always", "completions", "bash"]).stdout, plain);
}

/// bash on this machine, if there is one: the tests that run it say so and
/// stop where there is none.
fn bash() -> Option<PathBuf> {
    let found = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|dir| dir.join("bash"))
        .find(|path| path.is_file());
    if found.is_none() {
        eprintln!("note: no bash on this machine; its completion script is not tried");
    }
    found
}

/// bash in `env`'s environment, with this build first on its PATH as
/// `three13`, and bash's registration script (`three13 completions bash`)
/// written beside it; gives the script's path too.
#[cfg(unix)]
fn bash_in(env: &Env, bash: &Path) -> (Command, PathBuf) {
    let bin = env.path().join("bin");
    if !bin.exists() {
        std::fs::create_dir(&bin).unwrap();
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_three13"), bin.join("three13")).unwrap();
    }
    let script = env.path().join("three13.bash");
    std::fs::write(&script, env.ok(&["completions", "bash"]).stdout).unwrap();
    let path = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).collect::<Vec<_>>();
    let path = std::env::join_paths(std::iter::once(bin).chain(path)).unwrap();
    let mut cmd = Command::new(bash);
    cmd.env_clear()
        .env("PATH", path)
        .env("HOME", env.path())
        .env("THREE13_DATA_DIR", env.data_dir())
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .env("TZ", "UTC")
        .env("INPUTRC", "/dev/null")
        .env("HISTFILE", "/dev/null")
        .current_dir(env.path());
    (cmd, script)
}

/// What the completion function bash registered for `three13` puts in
/// COMPREPLY for `line`, called as readline calls it: `pieces` are
/// COMP_WORDS as bash splits the line (at spaces, and at `=` and `:`), the
/// last the one completed, and `text` the part of it readline replaces.
#[cfg(unix)]
fn bash_reply(env: &Env, bash: &Path, line: &str, pieces: &[&str], text: &str) -> Vec<String> {
    const CALL: &str = r#"
        source "$1"
        COMP_LINE=$2 COMP_POINT=${#2} text=$3
        shift 3
        COMP_WORDS=("$@") COMP_CWORD=$(($# - 1))
        spec=$(complete -p three13) && function=${spec##*-F } && function=${function%% *} || exit 9
        "$function" three13 "$text" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf '%s\n' "${COMPREPLY[@]}"
    "#;
    let (mut cmd, script) = bash_in(env, bash);
    cmd.args(["--norc", "--noprofile", "-c", CALL, "bash"]).arg(script).args([line, text]).args(pieces);
    let out = cmd.output().expect("bash runs");
    assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// The words bash reads in `line`, without running anything in it.
#[cfg(unix)]
fn bash_words(env: &Env, bash: &Path, line: &str) -> Vec<String> {
    let (mut cmd, _) = bash_in(env, bash);
    cmd.args(["--norc", "--noprofile", "-c", r#"eval "set -- $1"; printf '%s\n' "$@""#, "bash", line]);
    let out = cmd.output().expect("bash runs");
    assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8").lines().map(String::from).collect()
}

#[cfg(unix)]
#[test]
fn bash_reads_each_completed_name_back_as_that_one_name() {
    let Some(bash) = bash() else { return };
    let env = hostile_game();
    let remove = ["three13", "player", "remove"];
    let names = [
        ("B", "B$(touch PWNED)"),
        ("A", "Ann Lee"),
        ("O", "O'Brien"),
        ("ba", "back\\slash"),
        ("J", "Jo \"Ace\""),
    ];
    for (typed, name) in names {
        let reply = bash_reply(
            &env,
            &bash,
            &format!("three13 player remove {typed}"),
            &[&remove[..], &[typed]].concat(),
            typed,
        );
        assert_eq!(reply.len(), 1, "{typed}: {reply:?}");
        let words = bash_words(&env, &bash, &format!("three13 player remove {}", reply[0]));
        assert_eq!(words, [&remove[..], &[name]].concat(), "{typed}: {reply:?}");
        // Typed inside quotes, the name goes inside them, and readline closes them.
        for quote in ["'", "\""] {
            let piece = format!("{quote}{typed}");
            let line = format!("three13 player remove {piece}");
            let reply = bash_reply(&env, &bash, &line, &[&remove[..], &[piece.as_str()]].concat(), typed);
            assert_eq!(reply.len(), 1, "{line}: {reply:?}");
            let words = bash_words(&env, &bash, &format!("three13 player remove {quote}{}{quote}", reply[0]));
            assert_eq!(words, [&remove[..], &[name]].concat(), "{line}: {reply:?}");
        }
    }
    // A name with a space, the part before it typed with its backslash.
    let reply = bash_reply(
        &env,
        &bash,
        "three13 player remove Ann\\ L",
        &["three13", "player", "remove", "Ann\\ L"],
        "Ann\\ L",
    );
    assert_eq!(reply, ["Ann\\ Lee"]);
    // A file name with a newline cannot be inserted intact: it is not offered.
    for file in ["x y", "x\ny"] {
        std::fs::write(env.path().join(file), "").unwrap();
    }
    let export = ["three13", "export", "--output", "x"];
    assert_eq!(bash_reply(&env, &bash, "three13 export --output x", &export, "x"), ["x\\ y"]);
    assert!(!env.path().join("PWNED").exists(), "a name was run as a command");
}

#[cfg(unix)]
#[test]
fn bash_completes_setting_values_and_reads_the_line_with_its_script() {
    let Some(bash) = bash() else { return };
    let env = game();
    let reply = |line: &str, pieces: &[&str], text: &str| bash_reply(&env, &bash, line, pieces, text);
    // bash splits `face_cards=` at the `=` and replaces what follows it.
    let set = ["three13", "rules", "--set", "face_cards", "="];
    assert_eq!(reply("three13 rules --set face_cards=", &set, ""), ["rank", "ten"]);
    assert_eq!(reply("three13 rules --set face_cards=r", &[&set[..], &["r"]].concat(), "r"), ["rank"]);
    assert_eq!(
        reply("three13 check --set ace", &["three13", "check", "--set", "ace"], "ace"),
        ["ace_value=", "ace_high="]
    );
    assert_eq!(
        reply("three13 new --set jokers=", &["three13", "new", "--set", "jokers", "="], ""),
        ["0", "1", "2"]
    );
    // `--session=` the same way; apart from the `=`, it is a word of its own.
    assert_eq!(
        reply("three13 table --session=sat", &["three13", "table", "--session", "=", "sat"], "sat"),
        ["saturday"]
    );
    assert_eq!(reply("three13 round B", &["three13", "round", "B"], "B"), ["Bob=", "Bea="]);
    // The session and the data folder named on the line.
    let line = "three13 round --session saturday --out ";
    assert_eq!(reply(line, &["three13", "round", "--session", "saturday", "--out", ""], ""), ["Cy", "Dee"]);
    let other = env.path().join("my games");
    env.ok(&["--data-dir", other.to_str().unwrap(), "new", "sunday", "-p", "Eve", "-p", "Fay"]);
    let line = "three13 --data-dir ~/my\\ games use s";
    assert_eq!(reply(line, &["three13", "--data-dir", "~/my\\ games", "use", "s"], "s"), ["sunday"]);
    let line = "three13 --data-dir \"my games\" use s";
    assert_eq!(reply(line, &["three13", "--data-dir", "\"my games\"", "use", "s"], "s"), ["sunday"]);
}

/// The whole way, in an interactive bash on a terminal: Tab completes the
/// word in place, and Enter runs the command with the name as one word.
#[cfg(unix)]
#[test]
fn in_an_interactive_bash_tab_then_enter_runs_the_name_typed() {
    use rexpect::session::spawn_command;

    let Some(bash) = bash() else { return };
    let env = hostile_game();
    let (mut cmd, script) = bash_in(&env, &bash);
    cmd.args(["--norc", "--noprofile", "-i"]).env("TERM", "xterm").env("PS1", "ready> ");
    let mut p = spawn_command(cmd, Some(20_000)).expect("bash starts on a pseudo-terminal");
    p.exp_string("ready> ").unwrap();
    p.send_line(&format!("source {}", script.display())).unwrap();
    p.exp_string("ready> ").unwrap();
    p.send_line("three13 player remove --yes B\t").unwrap();
    p.exp_string("Took B$(touch PWNED) off friday").unwrap();
    p.exp_string("ready> ").unwrap();
    p.send_line("three13 player remove --yes A\t").unwrap();
    p.exp_string("Took Ann Lee off friday").unwrap();
    p.exp_string("ready> ").unwrap();
    // `ace_high=` is left without a space after it, for its value to follow.
    p.send_line("three13 new sunday -p Cy -p Dee --set ace_h\tt\t").unwrap();
    p.exp_string("(rules: standard, ace_high=true)").unwrap();
    p.exp_string("ready> ").unwrap();
    p.send_line("exit").unwrap();
    p.exp_eof().unwrap();
    assert!(!env.path().join("PWNED").exists(), "a name was run as a command");
    assert_eq!(
        env.table_json(&["--session", "friday"])["players"],
        serde_json::json!(["O'Brien", "back\\slash", "Jo \"Ace\""])
    );
}
