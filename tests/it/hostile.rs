//! Special files, links, terminal escapes and look-alike names: what a
//! hostile or unlucky data folder or command line meets.

use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::common::{Env, Run};

/// Waits for `child`, killing it (and failing) if it hangs for 10 seconds.
fn finish(mut child: Child, what: &str) -> Run {
    let start = Instant::now();
    while child.try_wait().expect("a child").is_none() {
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("{what} hangs");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().expect("its output");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// `three13 ARGS`, which must end by itself.
fn run(env: &Env, args: &[&str]) -> Run {
    let child = env
        .command(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("three13 starts");
    finish(child, &format!("three13 {args:?}"))
}

#[cfg(unix)]
fn mkfifo(path: &std::path::Path) {
    let ok = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo runs").success();
    assert!(ok, "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn a_named_pipe_anywhere_in_the_data_folder_is_refused_at_once() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let data = env.data_dir();

    // A session file that is a pipe: listed as damaged, refused by name.
    mkfifo(&data.join("sessions/pipe.toml"));
    let r = run(&env, &["sessions"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("pipe") && r.stdout.contains("damaged"), "{}", r.stdout);
    let pipe = data.join("sessions/pipe.toml").display().to_string();
    assert!(
        r.stderr.contains(&format!("{pipe}: is a named pipe (FIFO), not a regular file")),
        "{}",
        r.stderr
    );
    let r = run(&env, &["table", "--session", "pipe"]);
    assert_eq!(r.code, 1, "{r:?}");
    let r = run(&env, &["stats"]);
    assert_eq!(r.code, 0, "{r:?}");
    std::fs::remove_file(data.join("sessions/pipe.toml")).unwrap();

    // The state file: the current session is unknown; a hand is still checked.
    std::fs::remove_file(data.join("state.toml")).unwrap();
    mkfifo(&data.join("state.toml"));
    let r = run(&env, &["check", "7d", "8d", "9d"]);
    assert_eq!(r.code, 0, "{r:?}");
    let r = run(&env, &["table"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("state.toml: is a named pipe (FIFO)"), "{}", r.stderr);
    let r = run(&env, &["use", "g"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("it is a named pipe (FIFO), not a regular file"), "{}", r.stderr);
    let r = run(&env, &["path"]);
    assert_eq!(r.code, 1, "{r:?}");
    std::fs::remove_file(data.join("state.toml")).unwrap();

    // The lock: refused, never waited on, and other writers are not stuck.
    std::fs::remove_file(data.join(".lock")).unwrap();
    mkfifo(&data.join(".lock"));
    let r = run(&env, &["round", "--session", "g", "1", "2"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stderr.contains(".lock is a named pipe (FIFO); three13 uses only a regular file there"),
        "{}",
        r.stderr
    );
    std::fs::remove_file(data.join(".lock")).unwrap();
    env.ok(&["round", "--session", "g", "1", "2"]);
}

#[cfg(unix)]
#[test]
fn export_writes_into_a_pipe_or_stdout_and_never_replaces_them() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "0", "7", "--out", "Ann"]);
    let csv = env.ok(&["export"]).stdout;
    assert_eq!(env.ok(&["export", "--output", "-"]).stdout, csv);
    assert!(!env.path().join("-").exists());

    let fifo = env.path().join("out.fifo");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let r = run(&env, &["export", "--output", "out.fifo"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(reader.join().unwrap(), csv);
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the pipe is still a pipe");

    // A link is written through: the file it names changes, the link stays.
    std::fs::write(env.path().join("real.csv"), "old").unwrap();
    std::os::unix::fs::symlink("real.csv", env.path().join("link.csv")).unwrap();
    env.ok(&["export", "--output", "link.csv"]);
    assert_eq!(std::fs::read_to_string(env.path().join("real.csv")).unwrap(), csv);
    assert!(std::fs::symlink_metadata(env.path().join("link.csv")).unwrap().file_type().is_symlink());
    let r = run(&env, &["export", "--output", "."]);
    assert_eq!((r.code, r.stderr.as_str()), (1, "error: cannot write .: it is a folder\n"));
}

/// Text from every source reaches the terminal with its control characters
/// escaped: a title change or a screen clear is shown, never done.
#[test]
fn escape_sequences_from_every_source_are_shown_escaped() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let esc = "\u{1b}]0;pwned\u{7}\u{1b}[2J";
    let cases: Vec<Vec<String>> = vec![
        vec!["check".into(), format!("7d 8d {esc}")],
        vec!["check".into(), "--set".into(), format!("decks={esc}"), "7d 8d 9d".into()],
        vec!["check".into(), "--set".into(), format!("{esc}=1"), "7d 8d 9d".into()],
        vec!["check".into(), "--wild".into(), esc.into(), "7d 8d 9d".into()],
        vec!["check".into(), "--rules".into(), esc.into(), "7d 8d 9d".into()],
        vec!["round".into(), format!("Ann={esc}"), "Bob=1".into()],
        vec!["round".into(), "1".into(), "2".into(), "--out".into(), esc.into()],
        vec!["use".into(), esc.into()],
    ];
    for args in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = env.run(&args);
        assert_ne!(r.code, 0, "{args:?}");
        assert!(!r.stderr.contains('\u{1b}') && !r.stderr.contains('\u{7}'), "{args:?}: {:?}", r.stderr);
        assert!(
            r.stderr.contains("\\u{1b}") || r.stderr.contains("\\u{7}") || r.stderr.contains('?'),
            "{args:?}: {:?}",
            r.stderr
        );
    }
    let r = env.run_stdin(&["check"], &format!("{esc} 7d 8d\n"));
    assert!(!r.stderr.contains('\u{1b}'), "{:?}", r.stderr);

    // A key planted in a session file, reported by `sessions`.
    let path = env.session_file("g");
    let text = std::fs::read_to_string(&path).unwrap();
    let planted = text.replace("[rules]\n", "[rules]\n\"\\u001b]0;pwned\\u0007\\u001b[2J\" = 1\n");
    std::fs::write(&path, planted).unwrap();
    let r = env.ok(&["sessions"]);
    assert!(!r.stderr.contains('\u{1b}') && r.stderr.contains("unknown setting"), "{:?}", r.stderr);
    assert!(r.stderr.contains("\\u{1b}") || r.stderr.contains("\\u001b"), "{:?}", r.stderr);
}

#[cfg(unix)]
#[test]
fn a_symlinked_session_file_is_written_through_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let synced = env.path().join("synced");
    std::fs::create_dir(&synced).unwrap();
    let real = synced.join("g.toml");
    std::fs::rename(env.session_file("g"), &real).unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o664)).unwrap();
    std::os::unix::fs::symlink(&real, env.session_file("g")).unwrap();
    env.ok(&["round", "3", "0", "--out", "Bob"]);
    assert!(std::fs::symlink_metadata(env.session_file("g")).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&real).unwrap().contains("deadwood = { Ann = 3, Bob = 0 }"));
    assert_eq!(std::fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o664);

    // A read-only file is refused and left as it is.
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read(&real).unwrap();
    let r = env.run(&["round", "1", "2"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("the file is read-only, so three13 leaves it as it is"), "{}", r.stderr);
    assert_eq!(std::fs::read(&real).unwrap(), before);

    // A link to nothing is listed as damaged, and can be deleted.
    std::fs::remove_file(&real).unwrap();
    let r = env.ok(&["sessions"]);
    assert!(r.stderr.contains("is a symbolic link to"), "{}", r.stderr);
    env.ok(&["delete", "g", "--yes"]);
    assert!(std::fs::symlink_metadata(env.session_file("g")).is_err());
}

/// A session link made by another user (in a data folder others can
/// write to) is not followed, for reading or saving; one of the user's own
/// or root's is. The test needs to give a link away, which only root may.
#[cfg(unix)]
#[test]
fn a_session_link_planted_by_another_user_is_not_followed() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let link = env.session_file("g");
    let real = env.path().join("g.toml");
    std::fs::rename(&link, &real).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    env.ok(&["round", "1", "2"]);
    match std::os::unix::fs::lchown(&link, Some(4242), None) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            eprintln!("not run: only root can give a link to another user");
            return;
        }
        Err(e) => panic!("lchown: {e}"),
    }
    let before = std::fs::read(&real).unwrap();
    let r = env.run(&["round", "3", "4"]);
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (
            1,
            format!(
                "error: {}: is a symbolic link made by another user (uid 4242); three13 follows only links \
                 made by you or by root\n  hint: the file is left as it is: fix it by hand, or remove it with \
                 `three13 delete g`\n",
                link.display()
            )
            .as_str()
        )
    );
    assert_eq!(std::fs::read(&real).unwrap(), before);
}

/// What a save killed midway leaves beside a linked session's file, in a
/// folder elsewhere, is removed by the next writer, and nothing else there.
#[cfg(unix)]
#[test]
fn temporary_files_beside_a_linked_session_file_are_cleared() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let synced = env.path().join("synced");
    std::fs::create_dir(&synced).unwrap();
    std::fs::rename(env.session_file("g"), synced.join("friday.toml")).unwrap();
    std::os::unix::fs::symlink(synced.join("friday.toml"), env.session_file("g")).unwrap();
    for name in [".friday.toml.a1B2c3.tmp", ".other.toml.a1B2c3.tmp", ".friday.toml.notes.tmp", "notes.txt"] {
        std::fs::write(synced.join(name), "left").unwrap();
    }
    env.ok(&["table"]);
    assert_eq!(std::fs::read_dir(&synced).unwrap().count(), 5);
    env.ok(&["round", "1", "2"]);
    let mut left: Vec<String> =
        std::fs::read_dir(&synced).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    left.sort();
    assert_eq!(left, [".friday.toml.notes.tmp", ".other.toml.a1B2c3.tmp", "friday.toml", "notes.txt"]);
}

#[cfg(unix)]
#[test]
fn planted_links_for_the_lock_or_the_sessions_folder_are_refused() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let data = env.data_dir();
    std::fs::remove_file(data.join(".lock")).unwrap();
    let victim = env.path().join("victim");
    std::os::unix::fs::symlink(&victim, data.join(".lock")).unwrap();
    let r = env.run(&["round", "1", "2"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains(".lock is a symbolic link"), "{}", r.stderr);
    assert!(!victim.exists(), "the link's target is not created");
    std::fs::remove_file(data.join(".lock")).unwrap();

    let elsewhere = env.path().join("elsewhere");
    std::fs::rename(data.join("sessions"), &elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, data.join("sessions")).unwrap();
    let r = env.run(&["round", "1", "2"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("is a symbolic link; three13 keeps its sessions in a folder"), "{}", r.stderr);
}

#[test]
fn stale_temporary_files_are_cleared_by_the_next_writer() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let sessions = env.data_dir().join("sessions");
    for name in [".g.toml.a1B2c3.tmp", ".g.toml.zzzzzz.tmp", "notes.txt"] {
        std::fs::write(sessions.join(name), "left").unwrap();
    }
    std::fs::write(env.data_dir().join(".state.toml.q9Q9q9.tmp"), "left").unwrap();
    // Readers leave them; the next writer clears the tool's own only.
    env.ok(&["table"]);
    assert_eq!(env.session_folder().len(), 4);
    env.ok(&["round", "1", "2"]);
    assert_eq!(env.session_folder(), ["g.toml", "notes.txt"]);
    assert!(!env.data_dir().join(".state.toml.q9Q9q9.tmp").exists());
}

#[test]
fn names_that_look_alike_or_hide_characters_are_refused() {
    let env = Env::new();
    let cases = [
        (
            vec!["Ann", "\u{0410}nn"],
            "\"Ann\" and \"\u{0410}nn\" look the same; each player needs a name that reads differently",
        ),
        (
            vec!["Bob", "B0b"],
            "\"Bob\" and \"B0b\" look the same; each player needs a name that reads differently",
        ),
    ];
    for (names, message) in cases {
        let mut args = vec!["new"];
        for n in &names {
            args.extend(["-p", n]);
        }
        env.fails(&args, 1, message);
    }
    for hidden in ["\u{200B}", "\u{FEFF}", "\u{00AD}", "\u{202E}", "\u{2028}"] {
        let name = format!("An{hidden}n");
        let r = env.run(&["new", "-p", &name, "-p", "Bob"]);
        assert_eq!(r.code, 1, "{hidden:?}");
        assert!(r.stderr.contains("a character that shows nothing or turns the text around"), "{}", r.stderr);
        assert!(!r.stderr.contains(hidden), "{hidden:?} is shown escaped: {}", r.stderr);
    }
    assert!(!env.data_dir().join("sessions").exists() || env.session_folder().is_empty());
}

#[test]
fn stored_values_get_the_right_words() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "-0", "5", "--out", "Ann"]);
    assert_eq!(env.table_json(&[])["rounds"][0]["deadwood"]["Ann"], 0);
    let path = env.session_file("g");
    let good = std::fs::read_to_string(&path).unwrap();
    let file = path.display().to_string();
    // The first line of the error for `text`, and where `needle` is in it.
    let load = |text: String, needle: &str| {
        let line = text.lines().position(|l| l.contains(needle)).unwrap();
        let col = text.lines().nth(line).unwrap().find(needle).unwrap();
        std::fs::write(&path, text).unwrap();
        let first = env.run(&["table"]).stderr.lines().next().unwrap_or_default().to_string();
        (first, format!("{file}:{}:{}", line + 1, col + 1))
    };
    let (error, at) = load(good.replace("Bob = 5", "Bob = 5000000000"), "5000000000");
    assert_eq!(
        error,
        format!(
            "error: {at}: round 1: Bob's score 5000000000 is more than 3 cards can hold: at most 39 in round 1"
        )
    );
    let (error, at) =
        load(good.replace("out = \"Ann\"", "out = \"Ann\"\npenalties = [\"Bob\"]"), "[[rounds]]");
    assert_eq!(
        error,
        format!(
            "error: {at}: round 1: these rules give no penalty for a bad go-out (bad_go_out_penalty is 0)"
        )
    );
    // A TOML date-time is a time too.
    let created = good.lines().find(|l| l.starts_with("created = ")).unwrap();
    std::fs::write(&path, good.replace(created, "created = 2026-11-22T19:04:11Z")).unwrap();
    env.ok(&["table"]);
}

#[cfg(unix)]
#[test]
fn path_prints_a_folder_name_byte_for_byte() {
    use std::os::unix::ffi::OsStrExt;
    let env = Env::new();
    let odd = env.path().join(std::ffi::OsStr::from_bytes(b"data-\xff"));
    let out = env.command(&["path"]).env("THREE13_DATA_DIR", &odd).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let mut want = odd.as_os_str().as_bytes().to_vec();
    want.push(b'\n');
    assert_eq!(out.stdout, want);
}

#[test]
fn a_second_write_that_fails_says_what_was_done() {
    let env = Env::new();
    env.ok(&["new", "first", "-p", "Ann", "-p", "Bob"]);
    // The state file is a folder: the session is saved, but not made current.
    std::fs::remove_file(env.data_dir().join("state.toml")).unwrap();
    std::fs::create_dir(env.data_dir().join("state.toml")).unwrap();
    let r = env.run(&["new", "second", "-p", "Ann", "-p", "Bob"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with(
            "error: session second was started and saved, but could not be made the current one"
        ),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("continue it with `three13 use second`"), "{}", r.stderr);
    assert!(env.session_file("second").is_file());
}

/// A session file edited by hand keeps its comments through `round`,
/// `edit` and `undo`.
#[test]
fn comments_in_a_session_file_survive_saves() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "26", "0", "--out", "Bob"]);
    let path = env.session_file("g");
    let text = std::fs::read_to_string(&path).unwrap();
    let commented = format!("# Friday at Ann's kitchen table\n{}", text)
        .replace("[rules]\n", "# as agreed before the first deal\n[rules]\n")
        .replace("[[rounds]]\n", "# Bob swears he went out\n[[rounds]]\n");
    std::fs::write(&path, &commented).unwrap();
    env.ok(&["round", "3", "0", "--out", "Bob"]);
    env.ok(&["edit", "1", "Ann", "20"]);
    let saved = std::fs::read_to_string(&path).unwrap();
    for comment in [
        "# Friday at Ann's kitchen table\n",
        "# as agreed before the first deal\n[rules]\n",
        "# Bob swears he went out\n[[rounds]]\nround = 1\n",
    ] {
        assert!(saved.contains(comment), "{comment:?} lost:\n{saved}");
    }
    assert!(saved.contains("deadwood = { Ann = 20, Bob = 0 }"), "{saved}");
    assert_eq!(env.table_json(&[])["rounds"].as_array().unwrap().len(), 2);
}

/// The binary carries no hook for tests: nothing a variable could switch on.
#[test]
fn the_binary_has_no_test_hook() {
    let binary = std::fs::read(env!("CARGO_BIN_EXE_three13")).expect("the binary");
    let hook = b"THREE13_TEST";
    assert!(!binary.windows(hook.len()).any(|w| w == hook), "the binary names a THREE13_TEST variable");
}

#[test]
fn many_players_and_long_names_keep_the_lines_of_new_use_and_rules_save_within_80_columns() {
    let env = Env::new();
    let long = "Bartholomew-Fitzgerald-Junior";
    let mut args = vec!["new", "g", "-p", long, "-p", "Ann"];
    for p in ["Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"] {
        args.extend(["-p", p]);
    }
    args.extend(["--dealer", "Ann"]);
    let r = env.ok_with(&[("COLUMNS", "80")], &args);
    assert_eq!(
        r.stdout,
        "Started session g with Bartholomew-Fitzgerald-Junior, Ann, Cy, Dee, Eve, Fay,\n\
         Gus, Hal, Ivy and Jo (rules: standard); it is the current session.\n\
         Next: round 1, 3 cards, threes wild, Ann deals, Cy plays first; 11 rounds left\n\
         Record it with `three13 round` and a score per player, in seat order:\n\
         Bartholomew-Fitzgerald-Junior Ann Cy Dee Eve Fay Gus Hal Ivy Jo\n"
    );
    env.ok(&["new", "h", "-p", "A", "-p", "B"]);
    let r = env.ok_with(&[("COLUMNS", "80")], &["use", "g"]);
    assert_eq!(
        r.stdout,
        "Now using session g.\nNext: round 1, 3 cards, threes wild, Ann deals, Cy plays first; 11 rounds left\n"
    );
    let r = env.ok_with(&[("COLUMNS", "80")], &["rules", "--set", "tiebreak=draw", "--save"]);
    assert!(
        r.stdout.starts_with(
            "Saved the rules of g: standard, tiebreak=draw (before: standard).\n\
             No round is played yet.\n"
        ),
        "{}",
        r.stdout
    );
    for line in r.stdout.lines() {
        assert!(crate::common::width(line) <= 80, "{line}");
    }
}

#[test]
fn a_name_typed_for_stats_shows_its_escapes() {
    let env = Env::new();
    let e = "\u{1b}[31mX";
    for args in [&["stats", e][..], &["stats", "--versus", e, "Ann"]] {
        let r = env.ok(args);
        assert!(r.stdout.contains("\\u{1b}[31mX"), "{args:?}: {:?}", r.stdout);
        assert!(!r.stdout.contains('\u{1b}'), "{args:?}: {:?}", r.stdout);
    }
}
