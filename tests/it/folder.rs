//! The sessions folder as `sessions` and `stats` read it: what is not a
//! session is said, what went meanwhile is not, and a file that does not
//! load is placed.

use crate::common::Env;

/// Files whose names are not sessions' are left out with a note from both
/// `sessions` and `stats`; the temporary files of saves are not mentioned.
#[test]
fn files_that_are_not_sessions_are_noted() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let sessions = env.data_dir().join("sessions");
    for name in ["notes.txt", "Friday night.toml", ".g.toml.a1B2c3.tmp"] {
        std::fs::write(sessions.join(name), "").unwrap();
    }
    let dir = sessions.display();
    let notes = format!(
        "note: {dir}/Friday night.toml is left out: the session name \"Friday night\" holds \" \"; a session \
         name has letters, digits, \".\", \"_\" and \"-\", at most 64 characters, and does not start with \".\" \
         or \"-\"\nnote: {dir}/notes.txt is left out: a session's file is named NAME.toml\n"
    );
    let r = env.ok(&["sessions"]);
    assert_eq!(r.stderr, notes);
    assert!(r.stdout.contains("| * | g "), "{}", r.stdout);
    let r = env.ok(&["stats"]);
    assert_eq!(r.stderr, notes);
    // Where only the sessions matter, nothing is said.
    assert_eq!(env.ok(&["table"]).stderr, "");
}

/// A kill inside `delete` can leave the current session named after its
/// file is gone: no row is marked, and so there is no footnote for one.
#[test]
fn a_current_session_that_is_gone_gets_no_footnote() {
    let env = Env::new();
    env.ok(&["new", "one", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["new", "two", "-p", "Ann", "-p", "Bob"]);
    std::fs::remove_file(env.session_file("two")).unwrap();
    let r = env.ok(&["sessions"]);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(lines[2].starts_with("|   | one "), "{}", r.stdout);
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert!(!r.stdout.contains("* the current session"), "{}", r.stdout);
    env.ok(&["use", "one"]);
    assert!(env.ok(&["sessions"]).stdout.ends_with("\n* the current session\n"));
}

/// `toml_edit` gives no place for a key of too many parts: the error is
/// placed at its line all the same.
#[test]
fn a_key_of_too_many_parts_is_placed() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let path = env.session_file("g");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text.lines().count() + 2;
    let header = vec!["a"; 100_000].join(".");
    std::fs::write(&path, format!("{text}\n[{header}]\nx = 1\n")).unwrap();
    let r = env.run(&["table"]);
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (
            1,
            format!(
                "error: {}:{line}:1: recursion limit\n  hint: the file is left as it is: fix it by hand, or remove it \
                 with `three13 delete g`\n",
                path.display()
            )
            .as_str()
        )
    );
}
