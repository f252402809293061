//! Usage errors: exit code 2 with clap's message. (Every help having
//! examples is checked in `assets.rs`, from clap's own list of subcommands.)

use crate::common::Env;

#[test]
fn usage_errors_exit_2() {
    let env = Env::new();
    let r = env.run(&["round", "--bogus"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.starts_with("error: unexpected argument '--bogus' found"), "{}", r.stderr);
    let r = env.run(&["edit", "x", "Ann", "3"]);
    assert_eq!(r.code, 2);
}

/// The flags of each subcommand's help, as `--name`.
fn flags(env: &Env, sub: &str) -> Vec<String> {
    let help = env.ok(&[sub, "--help"]).stdout;
    help.lines()
        .filter_map(|l| l.trim_start().split([' ', ',']).find(|w| w.starts_with("--")).map(String::from))
        .collect()
}

/// `--ascii` where cards are shown, `--color` and `--data-dir` wherever they
/// act: a subcommand's help lists only the flags that do something there.
#[test]
fn global_flags_are_shown_only_where_they_act() {
    let env = Env::new();
    let has = |sub: &str, flag: &str| flags(&env, sub).iter().any(|f| f == flag);
    for sub in ["check", "round", "table", "undo", "edit"] {
        assert!(has(sub, "--ascii") && has(sub, "--color") && has(sub, "--data-dir"), "{sub}");
    }
    for sub in ["new", "sessions", "use", "delete", "rules", "stats", "export", "path"] {
        assert!(!has(sub, "--ascii") && has(sub, "--color") && has(sub, "--data-dir"), "{sub}");
    }
    for flag in ["--ascii", "--color", "--data-dir"] {
        assert!(!has("completions", flag), "{flag}");
    }
    // Still accepted where hidden, doing nothing.
    env.ok(&["path", "--ascii"]);
    // The preset's default is said as it is for each subcommand.
    let help = |sub: &str| env.ok(&[sub, "--help"]).stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help("new").contains("standard, tens, strict or five-crowns [default: standard]"));
    assert!(help("check").contains("[default: the current session's rules, else standard]"));
}

/// The man pages' SYNOPSIS names each flag's value.
#[test]
fn man_synopsis_names_the_values() {
    let page =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man/three13-check.1"))
            .expect("the committed page");
    let synopsis =
        page.split(".SH SYNOPSIS\n").nth(1).and_then(|s| s.split(".SH").next()).unwrap_or_default();
    for part in [r"[\fB\-\-round\fR \fIN\fR]", r"[\fB\-\-set\fR \fIKEY=VALUE\fR]...", r"[\fICARDS\fR]..."] {
        assert!(synopsis.contains(part), "{part} not in {synopsis}");
    }
}
