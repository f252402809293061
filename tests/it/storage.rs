//! Session files on disk: the TOML written and read back, damaged and newer
//! files refused and left as they are, concurrent writers, failed saves.

use std::process::Stdio;

use serde_json::json;

use crate::common::Env;

fn two_player_game(env: &Env, name: &str) {
    env.ok(&["new", name, "-p", "Ann", "-p", "Bob"]);
}

/// The file with its times replaced, for comparing.
fn masked(text: &str) -> String {
    text.lines()
        .map(|l| if l.starts_with("created = ") || l.starts_with("updated = ") { &l[..10] } else { l })
        .map(|l| match l.strip_prefix("    { at = \"").and_then(|rest| rest.split_once('"')) {
            Some((_, after)) => format!("    {{ at = \"\"{after}"),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_toml_written_and_read_back() {
    let env = Env::new();
    env.ok(&[
        "new",
        "friday",
        "-p",
        "Ann",
        "-p",
        "Bob \"B\"",
        "--dealer",
        "Bob \"B\"",
        "--set",
        "bad_go_out_penalty=20",
    ]);
    env.ok(&["round", "Ann=9h 4d Kh", "Bob \"B\"=0", "--out", "bob \"b\""]);
    env.ok(&["round", "5", "30", "--penalty", "Bob \"B\""]);
    let text = String::from_utf8(env.session_bytes("friday")).unwrap();
    assert_eq!(
        masked(&text),
        "\
format_version = 3
players = [\"Ann\", \"Bob \\\"B\\\"\"]
first_dealer = \"Bob \\\"B\\\"\"
created = 
updated = 

[rules]
decks = 2
face_cards = \"rank\"
ace_value = 1
ace_high = false
all_wild_melds = true
jokers = 0
kings_wild = false
extra_rounds = 0
down_and_up = false
lay_off = false
double_last_rounds = false
go_out_bonus = 0
bad_go_out_penalty = 20
double_naughts = false
tiebreak = \"share\"

[[rounds]]
round = 1
deadwood = { Ann = 26, \"Bob \\\"B\\\"\" = 0 }
hands = { Ann = \"9h 4d Kh\" }
out = \"Bob \\\"B\\\"\"

[[rounds]]
round = 2
deadwood = { Ann = 5, \"Bob \\\"B\\\"\" = 30 }
penalties = [\"Bob \\\"B\\\"\"]

[log]
changes = [
    { at = \"\", change = \"round\", round = 1 },
    { at = \"\", change = \"round\", round = 2 },
]"
    );
    let created = text.lines().find(|l| l.starts_with("created = ")).unwrap();
    let created = created.trim_start_matches("created = \"").trim_end_matches('"');
    assert!(created.ends_with('Z') && created.len() == 20, "{created}");
    assert!(created.parse::<jiff::Timestamp>().is_ok(), "{created}");

    // Read back: the table shows what the file holds.
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][1]["scores"], json!({"Ann": 5, "Bob \"B\"": 50}));
    assert_eq!(t["rounds"][0]["dealer"], json!("Bob \"B\""));

    // A hand edit of the file is read as it stands, and kept by the next save.
    let edited = text.replace("deadwood = { Ann = 5,", "deadwood = { Ann = 7,");
    std::fs::write(env.session_file("friday"), &edited).unwrap();
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 33, "Bob \"B\"": 50}));
    env.ok(&["round", "1", "1"]);
    assert!(String::from_utf8(env.session_bytes("friday")).unwrap().contains("deadwood = { Ann = 7,"));
}

#[test]
fn a_file_written_by_hand_loads() {
    let env = Env::new();
    std::fs::create_dir_all(env.data_dir().join("sessions")).unwrap();
    std::fs::write(
        env.session_file("kitchen"),
        "format_version = 1\nplayers = ['Ann', 'Bob']\nfirst_dealer = 'bob'\n\
         created = '2026-01-01T20:00:00Z'\nupdated = '2026-01-01T21:00:00+01:00'\n\
         [rules]\nface_cards = 'ten'\n\n[[rounds]]\nround = 1\ndeadwood.Ann = 10\ndeadwood.Bob = 0\n",
    )
    .unwrap();
    let t = env.table_json(&["--session", "kitchen"]);
    assert_eq!(t["rules_summary"], json!("tens"));
    assert_eq!(t["rounds"][0]["dealer"], json!("Bob"));
    assert_eq!(t["totals"], json!({"Ann": 10, "Bob": 0}));
}

/// Damages session `name` with `text` and checks every command refuses it
/// with `message`, leaving the file byte for byte as it was.
fn refused(env: &Env, name: &str, text: &str, message: &str) {
    std::fs::write(env.session_file(name), text).unwrap();
    let path = env.session_file(name).display().to_string();
    let expected = format!(
        "error: {path}{message}\n  hint: the file is left as it is: fix it by hand, or remove it with `three13 delete {name}`\n"
    );
    for args in [
        &["table", "--session", name][..],
        &["round", "--session", name, "1", "2"],
        &["undo", "--yes", "--session", name],
        &["edit", "--session", name, "1", "Ann", "3"],
        &["use", name],
        &["export", "--session", name],
    ] {
        let r = env.run(args);
        assert_eq!((r.code, r.stderr.as_str()), (1, expected.as_str()), "{args:?}");
    }
    assert_eq!(env.session_bytes(name), text.as_bytes());
}

#[test]
fn damaged_and_newer_files_are_refused_and_left_alone() {
    let env = Env::new();
    two_player_game(&env, "good");
    two_player_game(&env, "bad");
    env.ok(&["round", "3", "4"]);
    let good = String::from_utf8(env.session_bytes("bad")).unwrap();

    refused(
        &env,
        "bad",
        &good.replacen("round = 1", "round = 1\nhands = {", 1),
        ":29:1: missing key for inline table element, expected `,`",
    );
    refused(
        &env,
        "bad",
        &good.replacen("format_version = 3", "format_version = 4", 1),
        ":1:18: the file has format_version = 4, from a newer three13; this one reads up to 3: upgrade three13 to use it",
    );
    refused(
        &env,
        "bad",
        &good.replacen("format_version = 3\n", "", 1),
        ":1:1: there is no format_version; this three13 writes format_version = 3 and reads 1 to 3",
    );
    refused(&env, "bad", "\u{0}\u{1}garbage", ":1:10: key with no value, expected `=`");
    refused(
        &env,
        "bad",
        &good.replace("deadwood = { Ann = 3, Bob = 4 }", "deadwood = { Ann = 3 }"),
        ":26:12: round 1: no score for Bob in deadwood",
    );
    refused(
        &env,
        "bad",
        &good.replace("deadwood = { Ann = 3, Bob = 4 }", "deadwood = { Ann = 3, Bob = 4, Zed = 1 }"),
        ":26:32: round 1: in deadwood, \"Zed\" is not one of the players (Ann, Bob)",
    );
    refused(
        &env,
        "bad",
        &good.replace("deadwood = { Ann = 3, Bob = 4 }", "deadwood = { Ann = 3, Bob = -4 }"),
        ":26:29: round 1: Bob's deadwood is -4; it cannot be negative",
    );
    refused(
        &env,
        "bad",
        &good.replace("deadwood = { Ann = 3, Bob = 4 }", "deadwood = { Ann = 3, Bob = \"4\" }"),
        ":26:29: invalid type: string \"4\", expected i64",
    );
    refused(
        &env,
        "bad",
        &good.replacen("round = 1", "round = 2", 1),
        ":25:9: round = 2 where round 1 should be: the rounds must be numbered 1, 2, 3… in order",
    );
    refused(
        &env,
        "bad",
        &good.replace("decks = 2", "decks = 0"),
        ":8:9: rules: decks cannot be \"0\"; it takes 1-20",
    );
    refused(
        &env,
        "bad",
        &good.replace("decks = 2", "decks = \"two\""),
        ":8:9: rules: decks cannot be \"two\"; it takes 1-20",
    );
    refused(
        &env,
        "bad",
        &good.replace("decks = 2", "colour = \"red\""),
        ":8:1: rules: unknown setting \"colour\"; the settings are decks, face_cards, ace_value, wild_value, \
         ace_high, all_wild_melds, half_wild, jokers, joker_value, suits, ranks, kings_wild, extra_rounds, \
         down_and_up, round_order, lay_off, double_last_rounds, go_out_bonus, bad_go_out_penalty, \
         double_naughts, tiebreak, missed_rounds, throw_back, go_around_once",
    );
    refused(
        &env,
        "bad",
        &good.replace("first_dealer = \"Ann\"", "first_dealer = \"Cy\""),
        ":3:16: first_dealer: \"Cy\" is not one of the players (Ann, Bob)",
    );
    refused(
        &env,
        "bad",
        &good.replace("players = [\"Ann\", \"Bob\"]", "players = [\"Ann\", \"ann\"]"),
        ":2:11: players: \"Ann\" and \"ann\" are the same name; each player needs their own name",
    );
    refused(
        &env,
        "bad",
        &good.replace("round = 1\n", "round = 1\nout = \"Bob\"\n"),
        ":24:1: round 1: Bob went out, so their deadwood must be 0, not 4",
    );
    refused(
        &env,
        "bad",
        &good.replace("round = 1\n", "round = 1\nhands = { Ann = \"Kh Qh 2c\" }\n"),
        ":24:1: round 1: Ann's hand leaves 27 deadwood, but the deadwood says 3; fix one of them, or remove the hand",
    );
    refused(
        &env,
        "bad",
        &good.replace("round = 1\n", "round = 1\nhands = { Ann = \"Kh Qx 2c\" }\n"),
        ":26:17: round 1: Ann's hand: \"Qx\" has no suit \"x\"",
    );
    let yesterday: String = good
        .lines()
        .map(|l| {
            if l.starts_with("created") { "created = \"yesterday\"\n".to_string() } else { format!("{l}\n") }
        })
        .collect();
    refused(&env, "bad", &yesterday, ":4:11: created: \"yesterday\" is not a time like 2026-11-22T19:04:11Z");

    // The other sessions keep working, and the list says which one is damaged.
    env.ok(&["round", "--session", "good", "1", "2"]);
    let r = env.ok(&["sessions"]);
    assert!(r.stdout.contains("| * | bad     | (damaged: does not load) |"), "{}", r.stdout);
    assert!(r.stdout.contains("| good    | Ann, Bob                 | 1/11"), "{}", r.stdout);
    assert!(r.stderr.starts_with("note: session bad does not load: "), "{}", r.stderr);
    let list: serde_json::Value = serde_json::from_str(&env.ok(&["sessions", "--json"]).stdout).unwrap();
    assert!(list[0]["error"].as_str().unwrap().contains("bad.toml:4:11: created:"), "{list}");
    assert_eq!(list[1]["name"], json!("good"));
    assert_eq!(list[1]["rounds_played"], json!(1));

    // A damaged file can still be deleted.
    env.ok(&["delete", "bad", "--yes"]);
    assert_eq!(env.session_folder(), ["good.toml"]);
}

#[test]
fn a_player_with_two_seat_tables_is_refused() {
    let env = Env::new();
    two_player_game(&env, "bad");
    env.ok(&["round", "3", "4"]);
    let good = String::from_utf8(env.session_bytes("bad")).unwrap();
    let seats = "\n[seats.Bob]\nformer_names = [\"Rob\"]\n\n[seats.bob]\nleft = 1\n";
    let text = good.replacen("\n[rules]", &format!("{seats}\n[rules]"), 1);
    let line = text.lines().position(|l| l == "[seats.bob]").unwrap() + 1;
    refused(
        &env,
        "bad",
        &text,
        &format!(":{line}:1: seats: \"Bob\" and \"bob\" are the same name; each player needs their own name"),
    );
}

/// A former name that is another player's now would merge the two in the
/// statistics: refused where it stands.
#[test]
fn a_former_name_of_another_player_is_refused() {
    let env = Env::new();
    two_player_game(&env, "bad");
    let good = String::from_utf8(env.session_bytes("bad")).unwrap();
    let text = good.replacen("\n[rules]", "\n[seats.Bob]\nformer_names = [\"ann\"]\n\n[rules]", 1);
    let line = text.lines().position(|l| l == "[seats.Bob]").unwrap() + 1;
    refused(
        &env,
        "bad",
        &text,
        &format!(":{line}:1: seats: Bob was once called \"ann\", so no other player can have that name"),
    );
}

#[test]
fn files_that_are_not_text_or_too_big() {
    let env = Env::new();
    two_player_game(&env, "bin");
    let path = env.session_file("bin").display().to_string();
    std::fs::write(env.session_file("bin"), b"format_version = 1\nname = \"\xff\"\n").unwrap();
    let r = env.run(&["table"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with(&format!("error: {path}:2:9: the file is not UTF-8 text\n")),
        "{}",
        r.stderr
    );
    std::fs::write(env.session_file("bin"), vec![b'#'; 2 * 1024 * 1024]).unwrap();
    let r = env.run(&["table"]);
    assert!(
        r.stderr.starts_with(&format!(
            "error: {path}: the file is 2097152 bytes, more than a session file can be\n"
        )),
        "{}",
        r.stderr
    );
}

/// A save that would make the file larger than the loader reads is refused
/// before anything is written: the file stays as it was, and loads.
#[test]
fn a_save_the_loader_would_refuse_is_not_written() {
    let env = Env::new();
    two_player_game(&env, "big");
    let path = env.session_file("big");
    let text = std::fs::read_to_string(&path).unwrap();
    // A comment that brings the file to 20 bytes under the limit.
    let room = 1024 * 1024 - text.len() - 20;
    let padded = format!("{text}#{}\n", "x".repeat(room - 2));
    assert_eq!(padded.len(), 1024 * 1024 - 20);
    std::fs::write(&path, &padded).unwrap();
    env.ok(&["table"]);
    let r = env.run(&["round", "5", "0", "--out", "Bob"]);
    // The round, and its line in the log of changes (a time of fixed length).
    let size = padded.len()
        + "\n[[rounds]]\nround = 1\ndeadwood = { Ann = 5, Bob = 0 }\nout = \"Bob\"\n".len()
        + "\n[log]\nchanges = [\n    { at = \"2026-11-24T04:31:37Z\", change = \"round\", round = 1 },\n]\n"
            .len();
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (
            1,
            format!(
                "error: cannot save {}: the file would be {size} bytes, more than the 1048576 bytes (1 MiB) a \
                 session file can be to load; the file is left as it was\n  hint: its comments count too: shorten \
                 them by hand to make room\n",
                path.display()
            )
            .as_str()
        )
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), padded);
    assert_eq!(env.session_folder(), ["big.toml"]);
    assert_eq!(env.table_json(&[])["rounds"], json!([]));
}

#[test]
fn concurrent_rounds_are_each_recorded_once() {
    let env = Env::new();
    env.ok(&["new", "busy", "-p", "Ann", "-p", "Bob", "--set", "extra_rounds=2"]);
    let children: Vec<_> = (0..12)
        .map(|i| {
            let ann = format!("Ann={}", i + 1);
            env.command(&["round", &ann, "Bob=0"])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("three13 starts")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let t = env.table_json(&[]);
    let mut ann: Vec<i64> =
        t["rounds"].as_array().unwrap().iter().map(|r| r["deadwood"]["Ann"].as_i64().unwrap()).collect();
    let numbers: Vec<i64> =
        t["rounds"].as_array().unwrap().iter().map(|r| r["round"].as_i64().unwrap()).collect();
    assert_eq!(numbers, (1..=12).collect::<Vec<_>>());
    ann.sort();
    assert_eq!(ann, (1..=12).collect::<Vec<_>>());
    assert_eq!(env.session_folder(), ["busy.toml"]);
}

/// Rounds recorded by processes killed (SIGKILL) at random moments: the
/// file always loads, and the rounds in it are a prefix of those sent.
#[test]
fn a_killed_round_leaves_a_whole_file() {
    let env = Env::new();
    env.ok(&["new", "safe", "-p", "Ann", "-p", "Bob", "--set", "down_and_up=true"]);
    // xorshift: the same moments on every run.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let intended: Vec<i64> = (0..22).map(|i| i % 30 + 1).collect();
    let recorded = |env: &Env| -> Vec<i64> {
        let t = env.table_json(&[]);
        t["rounds"].as_array().unwrap().iter().map(|r| r["deadwood"]["Ann"].as_i64().unwrap()).collect()
    };
    let mut kills = 0;
    for _ in 0..40 {
        let done = recorded(&env);
        assert_eq!(done[..], intended[..done.len()], "the rounds are a prefix of those sent");
        let Some(value) = intended.get(done.len()) else { break };
        let mut child = env
            .command(&["round", &value.to_string(), "1"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_micros(next() % 12_000));
        if child.kill().is_ok() {
            kills += 1;
        }
        child.wait().unwrap();
    }
    assert!(kills > 5, "only {kills} processes were killed before they ended");
    // The next writer clears what a killed save left behind.
    let done = recorded(&env);
    assert_eq!(done[..], intended[..done.len()]);
    if done.len() < intended.len() {
        env.ok(&["round", &intended[done.len()].to_string(), "1"]);
    }
    assert_eq!(env.session_folder(), ["safe.toml"]);
}

#[test]
fn a_save_leaves_no_temporary_file() {
    let env = Env::new();
    two_player_game(&env, "safe");
    env.ok(&["round", "5", "6"]);
    assert_eq!(env.session_folder(), ["safe.toml"]);
    let mut top: Vec<String> = std::fs::read_dir(env.data_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    top.sort();
    assert_eq!(top, [".lock", "sessions", "state.toml"]);
}

#[test]
fn sessions_use_delete_and_path() {
    let env = Env::new();
    two_player_game(&env, "one");
    env.ok(&["new", "two", "-p", "Cy", "-p", "Di", "-p", "Ed"]);
    env.ok(&["round", "0", "5", "7"]);
    let data = env.data_dir().display().to_string();
    assert_eq!(env.ok(&["path"]).stdout, format!("{data}\n{data}/sessions/two.toml\n"));
    assert_eq!(env.ok(&["path", "--session", "one"]).stdout, format!("{data}\n{data}/sessions/one.toml\n"));

    let list = env.ok(&["sessions"]).stdout;
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines[0], "|   | Session | Players    | Rounds | Leader | Last change      |");
    assert!(lines[2].starts_with("|   | one     | Ann, Bob   | 0/11   |        | "), "{list}");
    assert!(lines[3].starts_with("| * | two     | Cy, Di, Ed | 1/11   | Cy (0) | "), "{list}");
    assert_eq!(lines[4], "* the current session");

    let r = env.ok(&["use", "one"]);
    assert_eq!(
        r.stdout,
        "Now using session one.\nNext: round 1, 3 cards, threes wild, Ann deals, Bob plays first; 11 rounds left\n"
    );
    assert_eq!(env.table_json(&[])["session"], json!("one"));
    env.fails(&["use", "three"], 1, &format!("no session named \"three\" ({data}/sessions/three.toml does not exist); see `three13 sessions`, or start one with `three13 new`"));

    env.fails(&["delete", "one"], 2, "deleting one cannot be undone; off a terminal, confirm with --yes");
    env.fails(&["delete", "three", "--yes"], 1, "no session named \"three\"; see `three13 sessions`");
    let r = env.ok(&["delete", "one", "--yes"]);
    assert_eq!(
        r.stdout,
        "Deleted session one.\nThere is no current session now; pick one with `three13 use NAME`.\n"
    );
    assert_eq!(env.ok(&["path"]).stdout, format!("{data}\n"));
    env.fails(&["table"], 1, "no current session; start one with `three13 new --player NAME --player NAME`, or pick one with `three13 use NAME` (see `three13 sessions`)");
    assert_eq!(env.table_json(&["--session", "two"])["session"], json!("two"));
}

#[test]
fn the_data_folder() {
    let env = Env::new();
    let r = env.command(&["path"]).env("THREE13_DATA_DIR", "relative/dir").output().unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&r.stderr),
        "error: THREE13_DATA_DIR must be an absolute path, not \"relative/dir\"\n"
    );

    // Empty means unset: the system's data folder under HOME.
    let r = env.command(&["path"]).env("THREE13_DATA_DIR", "").env_remove("XDG_DATA_HOME").output().unwrap();
    let home = env.path().display().to_string();
    let shown = String::from_utf8_lossy(&r.stdout);
    if cfg!(target_os = "linux") {
        assert_eq!(shown, format!("{home}/.local/share/three13\n"));
    } else {
        let folder = std::path::PathBuf::from(shown.trim_end());
        assert!(folder.is_absolute() && shown.contains("three13"), "{shown}");
    }

    // --data-dir wins, and may be relative to the working folder.
    let r = env.ok(&["--data-dir", "mine", "new", "g", "-p", "Ann", "-p", "Bob"]);
    assert!(r.stdout.starts_with("Started session g"));
    assert!(env.path().join("mine/sessions/g.toml").is_file());
    assert_eq!(
        env.ok(&["path", "--data-dir", "mine"]).stdout,
        format!("{home}/mine\n{home}/mine/sessions/g.toml\n")
    );
}

#[test]
fn a_damaged_state_file_is_reported() {
    let env = Env::new();
    two_player_game(&env, "one");
    let state = env.data_dir().join("state.toml");
    std::fs::write(&state, "format_version = 1\ncurrent = \"../x\"\n").unwrap();
    let r = env.run(&["table"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .starts_with(&format!("error: {}:2:11: the session name \"../x\" holds \"/\"", state.display())),
        "{}",
        r.stderr
    );
    assert!(r.stderr.ends_with("\n  hint: `three13 use NAME` writes a new one\n"), "{}", r.stderr);
    env.ok(&["use", "one"]);
    env.ok(&["table"]);
}

#[test]
fn session_names_match_without_regard_to_case() {
    let env = Env::new();
    two_player_game(&env, "Friday");
    env.ok(&["new", "other", "-p", "Cy", "-p", "Di"]);
    assert_eq!(env.table_json(&["--session", "FRIDAY"])["session"], json!("Friday"));
    assert_eq!(env.ok(&["use", "friday"]).stdout.lines().next(), Some("Now using session Friday."));
    env.ok(&["round", "1", "2"]);
    env.ok(&["delete", "fRiDaY", "--yes"]);
    assert_eq!(env.session_folder(), ["other.toml"]);
}

#[test]
fn long_and_odd_input_is_cut_short_in_messages() {
    let env = Env::new();
    two_player_game(&env, "g");
    let long = "9".repeat(100_000);
    env.fails(
        &["round", "1", &long],
        1,
        &format!("Bob's score {}… is more than 3 cards can hold: at most 39 in round 1", "9".repeat(40)),
    );
    let name = format!("{}=3", "Z".repeat(5000));
    env.fails(
        &["round", "Ann=1", &name],
        1,
        &format!("no player named \"{}…\" in this session; the players are Ann, Bob", "Z".repeat(40)),
    );
    env.fails(
        &["round", "Ann=1", "B\tob=2"],
        1,
        "no player named \"B\\tob\" in this session; the players are Ann, Bob\n  hint: did you mean \"Bob\"?",
    );
}

#[test]
fn a_data_folder_that_cannot_be_used_is_reported() {
    // Running as root ignores permissions, so use a file where the folder should be.
    let env = Env::new();
    let file = env.path().join("not-a-folder");
    std::fs::write(&file, "x").unwrap();
    let dir = file.display().to_string();
    let r = env.command(&["new", "-p", "Ann", "-p", "Bob"]).env("THREE13_DATA_DIR", &file).output().unwrap();
    assert_eq!(r.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&r.stderr),
        format!("error: cannot create the data folder {dir}/sessions: Not a directory (os error 20)\n")
    );
    let r = env.command(&["sessions"]).env("THREE13_DATA_DIR", &file).output().unwrap();
    assert_eq!(r.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&r.stderr).ends_with(&format!(
            "error: cannot read the sessions folder {dir}/sessions: Not a directory (os error 20)\n"
        )),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert_eq!(std::fs::read(&file).unwrap(), b"x");
}

/// A session file as a person might edit it: comments at every level, odd
/// spacing, literal strings, an inline table and dotted keys.
const BY_HAND: &str = "\
# Friday at Ann's kitchen table
format_version = 2 # the file's format
players = [ \"Ann\",  \"Bob\",   \"Cy\" ]  # in seat order
first_dealer = 'Ann'
created   =   \"2026-01-01T20:00:00Z\"   # when we sat down
updated = \"2026-01-01T21:00:00Z\" # changes at every save

# house rules, agreed before the first deal
[rules]
decks = 2
face_cards    = \"rank\"   # kings count 13
ace_value = 1
ace_high = false
all_wild_melds = true
  # no jokers in this house
  jokers = 0
kings_wild = false
extra_rounds = 0
down_and_up = false
lay_off = false
double_last_rounds = false
go_out_bonus = 0
bad_go_out_penalty = 0
double_naughts = false
tiebreak = \"share\"

# the first deal: Bob went out at once
[[rounds]]
round = 1
deadwood = {Ann=26,Bob=0, Cy = 5}  # Ann held a king
hands = { Ann = \"9h 4d Kh\" }
out = \"Bob\"

[[rounds]]  # a quiet one
round = 2
deadwood.Ann = 7     # dotted keys
deadwood.Bob = 4
deadwood.Cy = 0
out = 'Cy'

# the end of the file
";

/// `text` with `from` (found exactly once) replaced by `to`.
fn changed(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "{from:?} in:\n{text}");
    text.replacen(from, to, 1)
}

/// The session file `g`, its `updated` time (which every save sets) and
/// the time of each change of its log shown as NOW.
fn saved_by_hand(env: &Env) -> String {
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    let (before, rest) = text.split_once("\nupdated = \"").expect("an updated time");
    let (time, after) = rest.split_once('"').unwrap();
    assert!(time.parse::<jiff::Timestamp>().is_ok(), "{time}");
    let mut out = format!("{before}\nupdated = \"NOW\"");
    let mut rest = after;
    while let Some((head, tail)) = rest.split_once("{ at = \"") {
        let (time, tail) = tail.split_once('"').unwrap();
        assert!(time.parse::<jiff::Timestamp>().is_ok(), "{time}");
        out.push_str(head);
        out.push_str("{ at = \"NOW\"");
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// `sheet` (a file written by hand, as saved) with the log of `changes`
/// (each without its time) at its end, before the closing comment.
fn logged(sheet: &str, changes: &[&str]) -> String {
    let lines: String = changes.iter().map(|c| format!("    {{ at = \"NOW\", {c} }},\n")).collect();
    changed(
        sheet,
        "\n# the end of the file\n",
        &format!("\n[log]\nchanges = [\n{lines}]\n\n# the end of the file\n"),
    )
}

/// Every command that saves edits a file written by hand where its values
/// change, and only there: every comment, and every value it leaves as it
/// was, stays byte for byte.
#[test]
fn a_file_edited_by_hand_keeps_its_layout_through_every_save() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy"]);
    std::fs::write(env.session_file("g"), BY_HAND).unwrap();
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 33, "Bob": 4, "Cy": 5}));
    let by_hand = changed(BY_HAND, "updated = \"2026-01-01T21:00:00Z\"", "updated = \"NOW\"");
    // Read as version 2, written as version 3.
    let by_hand = changed(&by_hand, "format_version = 2 #", "format_version = 3 #");

    // A round is a table added after the last one, before the closing
    // comment; the log of changes comes after the rounds.
    env.ok(&["round", "3", "0", "10", "--out", "Bob"]);
    let round_3 = "\n[[rounds]]\nround = 3\ndeadwood = { Ann = 3, Bob = 0, Cy = 10 }\nout = \"Bob\"\n";
    let mut expected =
        changed(&by_hand, "\n# the end of the file\n", &format!("{round_3}\n# the end of the file\n"));
    let mut log = vec!["change = \"round\", round = 3"];
    assert_eq!(saved_by_hand(&env), logged(&expected, &log));

    // A corrected score is replaced where it stands, in an inline table or
    // under a dotted key.
    env.ok(&["edit", "1", "Cy", "7"]);
    expected = changed(&expected, "{Ann=26,Bob=0, Cy = 5}", "{Ann=26,Bob=0, Cy = 7}");
    log.push("change = \"edit\", round = 1, was = { scores = { Cy = 5 } }");
    assert_eq!(saved_by_hand(&env), logged(&expected, &log));
    env.ok(&["edit", "2", "Ann", "9"]);
    expected = changed(&expected, "deadwood.Ann = 7     #", "deadwood.Ann = 9     #");
    log.push("change = \"edit\", round = 2, was = { scores = { Ann = 7 } }");
    assert_eq!(saved_by_hand(&env), logged(&expected, &log));

    // A player joins the list, spaced as the others, and gets a table
    // before the rules (starting from the highest total, Ann's 38).
    env.ok(&["player", "add", "Dee"]);
    expected = changed(&expected, "\"Cy\" ]  # in seat order", "\"Cy\",   \"Dee\" ]  # in seat order");
    expected = changed(
        &expected,
        "\n\n# house rules",
        "\n\n[seats.Dee]\njoined = 3\nstart = 38\nstart_from = \"highest\"\n\n# house rules",
    );
    log.push("change = \"player-add\", player = \"Dee\"");
    assert_eq!(saved_by_hand(&env), logged(&expected, &log));

    // New rules for the whole game: the setting is replaced, its comment
    // kept, and Ann's hand is scored again (the king counts 10).
    env.ok(&["rules", "--set", "face_cards=ten", "--save", "--from", "1"]);
    expected = changed(&expected, "face_cards    = \"rank\"   #", "face_cards    = \"ten\"   #");
    expected = changed(&expected, "{Ann=26,", "{Ann=23,");
    // Dee's start follows: the highest total before she joined is Ann's 35.
    expected = changed(&expected, "start = 38", "start = 35");
    log.push("change = \"rules\", from = 1, set = [\"face_cards=ten\"], was = [{ from = 1 }]");
    assert_eq!(saved_by_hand(&env), logged(&expected, &log));

    // A round recorded and undone leaves the file as it was.
    env.ok(&["round", "1", "0", "2", "3", "--out", "Bob"]);
    let round_4 =
        "\n[[rounds]]\nround = 4\ndeadwood = { Ann = 1, Bob = 0, Cy = 2, Dee = 3 }\nout = \"Bob\"\n";
    let with_round_4 =
        changed(&expected, "\n# the end of the file\n", &format!("{round_4}\n# the end of the file\n"));
    let mut with_round_4_log = log.clone();
    with_round_4_log.push("change = \"round\", round = 4");
    assert_eq!(saved_by_hand(&env), logged(&with_round_4, &with_round_4_log));
    env.ok(&["undo", "--yes"]);
    assert_eq!(saved_by_hand(&env), logged(&expected, &log));
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 35, "Bob": 4, "Cy": 17, "Dee": 35}));
}
