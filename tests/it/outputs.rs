//! Outputs named on the command line (`export --output`, `chart --svg`):
//! what the shell or the system holds open is written into, never replaced;
//! `-` is stdout; the data folder's own files are never written over; and
//! an error says what happened to the file.

use std::process::Stdio;

use crate::common::{Env, Run};

/// A game of two rounds, and its CSV.
fn game(env: &Env) -> String {
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "0", "7", "--out", "Ann"]);
    env.ok(&["round", "4", "0", "--out", "Bob"]);
    env.ok(&["export"]).stdout
}

/// `three13 ARGS`, its stdout going to `out`.
fn run_into(env: &Env, args: &[&str], out: Stdio) -> Run {
    let out = env.command(args).stdin(Stdio::null()).stdout(out).stderr(Stdio::piped()).output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// `three13 export --output /dev/stdout >> log` appends to the log, which
/// stays the same file; the same through `/dev/fd/1` and `/proc/self/fd/1`.
#[cfg(target_os = "linux")]
#[test]
fn an_output_to_the_shells_redirection_appends_to_it() {
    use std::os::unix::fs::MetadataExt;
    let env = Env::new();
    let csv = game(&env);
    let log = env.path().join("log");
    std::fs::write(&log, "before\n").unwrap();
    let inode = std::fs::metadata(&log).unwrap().ino();
    let mut expected = "before\n".to_string();
    for named in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
        let appending = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
        let r = run_into(&env, &["export", "--output", named], appending.into());
        assert_eq!(
            (r.code, r.stderr.as_str()),
            (0, format!("note: wrote {named} (2 rounds of g)\n").as_str())
        );
        expected.push_str(&csv);
        assert_eq!(std::fs::read_to_string(&log).unwrap(), expected, "{named}");
        assert_eq!(std::fs::metadata(&log).unwrap().ino(), inode, "{named}: the log is the same file");
    }
    // The chart too.
    let appending = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
    let r = run_into(&env, &["chart", "--svg", "/dev/stdout"], appending.into());
    assert_eq!(r.code, 0, "{r:?}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.starts_with(&expected) && text[expected.len()..].starts_with("<svg"), "{text}");
    assert_eq!(std::fs::metadata(&log).unwrap().ino(), inode);
    let names: Vec<_> = std::fs::read_dir(env.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 2, "no other file is made: {names:?}");
}

/// Into a pipe, through the names of stdout and stderr.
#[cfg(target_os = "linux")]
#[test]
fn an_output_to_a_pipe_is_written_into_it() {
    let env = Env::new();
    let csv = game(&env);
    for named in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
        let r = run_into(&env, &["export", "--output", named], Stdio::piped());
        assert_eq!((r.code, r.stdout.as_str()), (0, csv.as_str()), "{named}: {}", r.stderr);
    }
    let r = env.run(&["export", "--output", "/dev/stderr"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, ""));
    assert_eq!(r.stderr, format!("{csv}note: wrote /dev/stderr (2 rounds of g)\n"));
    let svg = run_into(&env, &["chart", "--svg", "/dev/stdout"], Stdio::piped());
    assert_eq!(svg.code, 0, "{svg:?}");
    assert!(svg.stdout.starts_with("<svg") && svg.stdout.trim_end().ends_with("</svg>"), "{}", svg.stdout);
    // A device is written into as well.
    env.ok(&["export", "--output", "/dev/null"]);
}

/// `-` is stdout for every output flag, and never a file named `-`.
#[test]
fn a_dash_is_stdout_for_every_output() {
    let env = Env::new();
    let csv = game(&env);
    let r = env.ok(&["export", "--output", "-"]);
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), (csv.as_str(), ""));
    let r = env.ok(&["chart", "--svg", "-"]);
    assert!(r.stdout.starts_with("<svg") && r.stdout.trim_end().ends_with("</svg>"), "{}", r.stdout);
    assert_eq!(r.stderr, "");
    // The same chart as a file.
    env.ok(&["chart", "--svg", "race.svg"]);
    assert_eq!(std::fs::read_to_string(env.path().join("race.svg")).unwrap(), r.stdout);
    assert!(!env.path().join("-").exists());
}

/// An output never lands on a session file, `state.toml` or the lock, by
/// their names, through a link, or through the shell's redirection; nor
/// does it make a file in the sessions folder.
#[test]
fn an_output_over_the_data_folders_own_files_is_refused() {
    let env = Env::new();
    game(&env);
    let data = env.data_dir();
    let session = env.session_file("g");
    let before =
        [session.clone(), data.join("state.toml"), data.join(".lock")].map(|p| std::fs::read(p).unwrap());
    let own = |path: &std::path::Path, what: &str| {
        let shown = path.display().to_string();
        for args in [vec!["export", "--output", &shown], vec!["chart", "--svg", &shown]] {
            env.fails(&args, 1, &format!("cannot write {shown}: {what}; name another file for the output"));
        }
    };
    own(&session, "it is the file of session g, one of three13's own files");
    own(
        &data.join("state.toml"),
        "it is the state file naming the current session, one of three13's own files",
    );
    own(&data.join(".lock"), "it is the data folder's lock file, one of three13's own files");
    own(
        &data.join("sessions").join("new.toml"),
        "it would be in the sessions folder, which holds only three13's own files",
    );
    // Named from inside the sessions folder.
    let r =
        env.command(&["export", "--output", "new.toml"]).current_dir(data.join("sessions")).output().unwrap();
    assert_eq!(
        (r.status.code(), String::from_utf8_lossy(&r.stderr).into_owned()),
        (
            Some(1),
            "error: cannot write new.toml: it would be in the sessions folder, which holds only three13's own \
             files; name another file for the output\n"
                .to_string()
        )
    );
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&session, env.path().join("out.csv")).unwrap();
        own(&env.path().join("out.csv"), "it is the file of session g, one of three13's own files");
        // The shell's redirection onto the session file: nothing is appended.
        let appending = std::fs::OpenOptions::new().append(true).open(&session).unwrap();
        let r = run_into(&env, &["export", "--output", "/dev/stdout"], appending.into());
        assert_eq!(
            (r.code, r.stderr.as_str()),
            (
                1,
                "error: cannot write /dev/stdout: it is the file of session g, one of three13's own files; \
                 name another file for the output\n"
            )
        );
    }
    let after = [session, data.join("state.toml"), data.join(".lock")].map(|p| std::fs::read(p).unwrap());
    assert_eq!(after, before);
    assert_eq!(env.session_folder(), ["g.toml"]);
    env.ok(&["table"]);
}

/// A failed output says the file is left as it was only when there was one.
#[cfg(unix)]
#[test]
fn an_output_error_says_what_happened_to_the_file() {
    let env = Env::new();
    game(&env);
    // A name so long that the temporary file beside it cannot be named.
    let long = format!("{}.csv", "x".repeat(246));
    env.fails(
        &["export", "--output", &long],
        1,
        &format!("cannot write {long}: File name too long (os error 36)"),
    );
    assert!(!env.path().join(&long).exists());
    std::fs::write(env.path().join(&long), "old").unwrap();
    env.fails(
        &["export", "--output", &long],
        1,
        &format!("cannot write {long}: File name too long (os error 36); the file is left as it was"),
    );
    assert_eq!(std::fs::read_to_string(env.path().join(&long)).unwrap(), "old");
}
