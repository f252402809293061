//! The scorekeeper through the real binary: a whole game, undo, edit, the
//! JSON table, every refusal.

use serde_json::json;

use crate::common::Env;

/// A session `friday` of Ann, Bob and Cy, Bob dealing first.
fn friday(extra: &[&str]) -> Env {
    let env = Env::new();
    let mut args =
        vec!["new", "friday", "--player", "Ann", "--player", "Bob", "--player", "Cy", "--dealer", "bob"];
    args.extend_from_slice(extra);
    env.ok(&args);
    env
}

#[test]
fn a_whole_game_by_seat_by_name_and_by_hand() {
    let env = friday(&[]);
    env.ok(&["round", "0", "12", "35", "--out", "Ann"]);
    env.ok(&["round", "Cy=4", "Ann=10", "bob=0", "--out", "Bob"]);
    // Round 3, fives wild: Ann keeps 9h 4d (13), Bob's run melds, Cy keeps 7s 8s (15).
    env.ok(&["round", "Ann=9h 4d Kh 5s 5c", "Bob=5h 6h 7h 8h 9h", "Cy=3c,3d,3h,7s,8s", "--out", "bob"]);
    for scores in [
        ["8", "0", "20"],
        ["0", "7", "7"],
        ["Ann=3", "Bob=14", "Cy=0"],
        ["9", "9", "0"],
        ["0", "22", "5"],
        ["11", "0", "2"],
        ["4", "6", "0"],
    ] {
        env.ok(&["round", scores[0], scores[1], scores[2]]);
    }
    let last = env.ok(&["round", "0", "30", "12", "--out", "Ann"]);
    let table = "\
Session friday (rules: standard)
| Round | Cards | Wild | Dealer |      Ann |      Bob |       Cy | Out |
|-------|-------|------|--------|----------|----------|----------|-----|
|     1 |     3 | 3    | Bob    |    0 (0) |  12 (12) |  35 (35) | Ann |
|     2 |     4 | 4    | Cy     |  10 (10) |   0 (12) |   4 (39) | Bob |
|     3 |     5 | 5    | Ann    | 13# (23) |  0# (12) | 15# (54) | Bob |
|     4 |     6 | 6    | Bob    |   8 (31) |   0 (12) |  20 (74) |     |
|     5 |     7 | 7    | Cy     |   0 (31) |   7 (19) |   7 (81) |     |
|     6 |     8 | 8    | Ann    |   3 (34) |  14 (33) |   0 (81) |     |
|     7 |     9 | 9    | Bob    |   9 (43) |   9 (42) |   0 (81) |     |
|     8 |    10 | 10   | Cy     |   0 (43) |  22 (64) |   5 (86) |     |
|     9 |    11 | J    | Ann    |  11 (54) |   0 (64) |   2 (88) |     |
|    10 |    12 | Q    | Bob    |   4 (58) |   6 (70) |   0 (88) |     |
|    11 |    13 | K    | Cy     |   0 (58) | 30 (100) | 12 (100) | Ann |
| Total |       |      |        |       58 |      100 |      100 |     |
Key: 12 (40) = points in the round (running total); # a typed hand (three13 show ROUND)

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Ann    |    58 |      0 |   2 |
|     2 | Bob    |   100 |     42 |   2 |
|     2 | Cy     |   100 |     42 |   0 |
Game over: Ann wins by 42, with 58.
";
    assert_eq!(last.stdout, table);
    // The game over, a rematch is suggested on stderr.
    assert_eq!(
        last.stderr,
        "note: rematch? three13 new --like friday starts one with the same players and rules\n"
    );
    assert_eq!(env.ok(&["table"]).stdout, table);

    let t = env.table_json(&[]);
    assert_eq!(t["players"], json!(["Ann", "Bob", "Cy"]));
    assert_eq!(t["rounds"].as_array().unwrap().len(), 11);
    assert_eq!(
        t["rounds"][2],
        json!({
            "round": 3, "cards": 5, "wild": "5", "wilds": "5", "doubled": false, "rules": "standard", "dealer": "Ann",
            "scores": {"Ann": 13, "Bob": 0, "Cy": 15},
            "deadwood": {"Ann": 13, "Bob": 0, "Cy": 15},
            "totals": {"Ann": 23, "Bob": 12, "Cy": 54},
            "out": "Bob", "penalties": [],
            "hands": {"Ann": "9h 4d Kh 5s 5c", "Bob": "5h 6h 7h 8h 9h", "Cy": "3c 3d 3h 7s 8s"}
        })
    );
    assert_eq!(t["totals"], json!({"Ann": 58, "Bob": 100, "Cy": 100}));
    assert_eq!(t["finished"], json!(true));
    assert_eq!(t["winners"], json!(["Ann"]));
    assert_eq!(t["next"], json!(null));

    env.fails(
        &["round", "1", "2", "3"],
        1,
        "the game is over: all 11 rounds are in; start another with `three13 new`",
    );
}

#[test]
fn the_table_before_and_during_a_game() {
    let env = friday(&[]);
    let t = env.ok(&["table"]).stdout;
    assert!(
        t.starts_with(
            "Session friday (rules: standard)\n| Round | Cards | Wild | Dealer | Ann | Bob | Cy | Out |\n"
        ),
        "{t}"
    );
    assert!(t.contains("|     1 |     3 | 3    | Bob    |     |     |    |     |\n"), "{t}");
    assert!(t.ends_with("| Total |       |      |        |   0 |   0 |  0 |     |\nNext: round 1, 3 cards, threes wild, Bob deals, Cy plays first; 11 rounds left\n"), "{t}");

    env.ok(&["round", "5", "5", "9"]);
    let t = env.ok(&["table"]).stdout;
    assert!(t.ends_with("|     5 |     5 |     9 |     |\nKey: 12 (40) = points in the round (running total)\n\n| Place | Player | Total | Behind | Out |\n|-------|--------|-------|--------|-----|\n|     1 | Ann    |     5 |      0 |   0 |\n|     1 | Bob    |     5 |      0 |   0 |\n|     3 | Cy     |     9 |      4 |   0 |\nLeaders: Ann and Bob, with 5 each\nNext: round 2, 4 cards, fours wild, Cy deals, Ann plays first; 10 rounds left\n"), "{t}");
    let j = env.table_json(&["--session", "friday"]);
    assert_eq!(j["leaders"], json!(["Ann", "Bob"]));
    assert_eq!(j["winners"], json!([]));
    assert_eq!(j["finished"], json!(false));
    assert_eq!(
        j["next"],
        json!({"round": 2, "tiebreak": false, "cards": 4, "wild": "4", "wilds": "4", "doubled": false, "dealer": "Cy", "first": "Ann", "players": ["Ann", "Bob", "Cy"]})
    );
}

#[test]
fn a_shared_win() {
    let env = Env::new();
    env.ok(&["new", "-p", "Ann", "-p", "Bob"]);
    for _ in 0..10 {
        env.ok(&["round", "1", "1"]);
    }
    let r = env.ok(&["round", "2", "2"]);
    assert!(
        r.stdout.ends_with(
            "| Total |       |      |        |     12 |     12 |     |\nKey: 12 (40) = points in the round (running total)\n\n| Place | Player | Total | Behind | Out |\n|-------|--------|-------|--------|-----|\n|     1 | Ann    |    12 |      0 |   0 |\n|     1 | Bob    |    12 |      0 |   0 |\nGame over: Ann and Bob share the win with 12.\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(env.table_json(&[])["winners"], json!(["Ann", "Bob"]));
}

#[test]
fn undo_and_edit() {
    let env = friday(&[]);
    env.ok(&["round", "0", "12", "35", "--out", "Ann"]);
    env.ok(&["round", "4", "8", "15"]);
    let r = env.ok(&["undo", "--yes"]);
    assert!(
        r.stdout.starts_with("Removed round 2 (Ann 4, Bob 8, Cy 15). To record it again:\n  three13 round 4 8 15\nSession friday"),
        "{}",
        r.stdout
    );
    assert_eq!(env.table_json(&[])["rounds"].as_array().unwrap().len(), 1);

    let r = env.ok(&["edit", "1", "cy", "30"]);
    assert!(r.stdout.starts_with("Round 1: Cy's deadwood 35 is now 30.\n"), "{}", r.stdout);
    let r = env.ok(&["edit", "1", "Bob", "9h 4d Kh"]);
    assert!(
        r.stdout.starts_with("Round 1: Bob's deadwood 12 is now 26 (the hand 9h 4d Kh).\n"),
        "{}",
        r.stdout
    );
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][0]["scores"], json!({"Ann": 0, "Bob": 26, "Cy": 30}));
    assert_eq!(t["rounds"][0]["hands"], json!({"Bob": "9h 4d Kh"}));
    // A number in place of the hand drops the hand.
    env.ok(&["edit", "1", "Bob", "20"]);
    assert_eq!(env.table_json(&[])["rounds"][0]["hands"], json!({}));

    env.fails(&["edit", "2", "Bob", "3"], 1, "there is no round 2 to edit; only round 1 is recorded");
    env.fails(
        &["edit", "1", "Zed", "3"],
        1,
        "no player named \"Zed\" in this session; the players are Ann, Bob, Cy",
    );
    env.fails(
        &["edit", "1", "Ann", "5"],
        1,
        "Ann went out in round 1, so their deadwood must be 0; if someone else went out, say who: three13 edit 1 --out PLAYER (or --no-out), with Ann's score",
    );
    env.fails(
        &["edit", "1", "Bob", "-4"],
        1,
        "Bob's score cannot be negative (-4); a score is the deadwood left in hand, 0 or more",
    );
    // Undo takes the corrections back one by one, the last first, then
    // the round.
    env.fails(
        &["undo"],
        2,
        "undo would take back the correction of round 1 of friday; off a terminal, confirm with --yes",
    );
    let r = env.ok(&["undo", "--yes"]);
    assert!(
        r.stdout.starts_with(
            "Took back the correction of round 1:\n  Round 1: Bob's deadwood is 26 again (was 20).\nSession friday"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(env.table_json(&[])["rounds"][0]["hands"], json!({"Bob": "9h 4d Kh"}));
    env.ok(&["undo", "--yes"]);
    let r = env.ok(&["undo", "--yes"]);
    assert!(
        r.stdout.starts_with(
            "Took back the correction of round 1:\n  Round 1: Cy's deadwood is 35 again (was 30).\nSession friday"
        ),
        "{}",
        r.stdout
    );
    env.fails(
        &["undo"],
        2,
        "undo would remove round 1 (Ann 0, Bob 12, Cy 35) of friday; off a terminal, confirm with --yes",
    );
    env.ok(&["undo", "--yes"]);
    env.fails(&["undo", "--yes"], 1, "nothing to undo: no round of friday is recorded yet");
}

#[test]
fn round_refusals_write_nothing() {
    let env = friday(&[]);
    env.ok(&["round", "1", "2", "3"]);
    let before = env.session_bytes("friday");
    let refusals: &[(&[&str], i32, &str)] = &[
        (&["round", "Ann=1", "Bob=2"], 2, "no score for Cy; give every player's score: Ann=N Bob=N Cy=N"),
        (
            &["round", "Ann=1", "Bob=2", "Cy=3", "Zed=4"],
            1,
            "no player named \"Zed\" in this session; the players are Ann, Bob, Cy",
        ),
        (&["round", "Ann=1", "ann=2", "Cy=3"], 2, "two scores for Ann"),
        (
            &["round", "1", "2"],
            2,
            "3 players but 2 scores given; give one per player in seat order (Ann Bob Cy), or NAME=SCORE",
        ),
        (
            &["round", "1", "Bob=2", "Cy=3"],
            2,
            "\"1\" has no player name, but other scores do; give either every score in seat order (12 0 35) or each as NAME=SCORE",
        ),
        (
            &["round", "Ann", "2", "3"],
            2,
            "\"Ann\" is a player's name, not a score; in seat order give one score per player (Ann Bob Cy), or write each as NAME=SCORE",
        ),
        (
            &["round", "1", "-2", "3"],
            1,
            "Bob's score cannot be negative (-2); a score is the deadwood left in hand, 0 or more",
        ),
        (
            &["round", "Bob=-2", "Ann=1", "Cy=3"],
            1,
            "Bob's score cannot be negative (-2); a score is the deadwood left in hand, 0 or more",
        ),
        (
            &["round", "1", "53", "3"],
            1,
            "Bob's score 53 is more than 4 cards can hold: at most 52 in round 2",
        ),
        (
            &["round", "1", "99999999999999999999", "3"],
            1,
            "Bob's score 99999999999999999999 is more than 4 cards can hold: at most 52 in round 2",
        ),
        (&["round", "1", "2.5", "3"], 1, "Bob's score \"2.5\" is not a whole number"),
        (
            &["round", "Ann=1", "Bob=9h 4d Kh 2c 5s", "Cy=3"],
            1,
            "Bob's hand has 5 cards, but round 2 deals 4; type the hand held at the end of the round",
        ),
        (&["round", "Ann=1", "Bob=", "Cy=3"], 2, "no score for Bob"),
        (&["round", "1", "2", "3", "--out", "Bob"], 1, "Bob went out, so their deadwood must be 0, not 2"),
        (
            &["round", "1", "0", "3", "--out", "Zed"],
            1,
            "no player named \"Zed\" in this session; the players are Ann, Bob, Cy",
        ),
        (
            &["round", "1", "0", "3", "--penalty", "Ann"],
            1,
            "--penalty: these rules give no penalty for a bad go-out (bad_go_out_penalty is 0); to play with one, see `three13 rules --set bad_go_out_penalty=20 --save`",
        ),
        (
            &["round"],
            2,
            "no scores given; give one per player in seat order (three13 round 12 0 35), or by name (three13 round Ann=12 Bob=0 Cy=35)",
        ),
        (&["round", "1", "2", "3", "--session", "nope"], 1, ""),
        (
            &["round", "1", "2", "3", "--session", "../friday"],
            1,
            "the session name \"../friday\" holds \"/\"; a session name has letters, digits, \".\", \"_\" and \"-\", at most 64 characters, and does not start with \".\" or \"-\"",
        ),
    ];
    for (args, code, message) in refusals {
        if message.is_empty() {
            let r = env.run(args);
            assert_eq!(r.code, *code, "{args:?}");
            assert!(r.stderr.starts_with("error: no session named \"nope\" ("), "{}", r.stderr);
        } else {
            env.fails(args, *code, message);
        }
    }
    let r = env.run(&["round", "Ann=1", "Bob=9h 4x Kh 2c", "Cy=3"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "error: Bob's hand: \"4x\" has no suit \"x\"\n  9h 4x Kh 2c\n     ^^\n  hint: did you mean \"4c\"? suits are c d h s (or ♣ ♦ ♥ ♠)\n"
    );
    assert_eq!(env.session_bytes("friday"), before);
    assert_eq!(env.session_folder(), ["friday.toml"]);
}

#[test]
fn new_refusals() {
    let env = Env::new();
    let rule = "a session name has letters, digits, \".\", \"_\" and \"-\", at most 64 characters, and does not start with \".\" or \"-\"";
    let cases: &[(&[&str], i32, String)] = &[
        (&["new"], 2, "no players given; name each with --player, in seat order (three13 new --player Ann --player Bob)".into()),
        (&["new", "-p", "Ann"], 1, "a game needs at least 2 players, not 1".into()),
        (&["new", "-p", "Ann", "-p", "ANN"], 1, "\"Ann\" and \"ANN\" are the same name; each player needs their own name".into()),
        (&["new", "-p", "Ann", "-p", ""], 1, "a player name cannot be empty".into()),
        (&["new", "-p", "Ann", "-p", "12"], 1, "the player name \"12\" is a number, which would read as a score".into()),
        (&["new", "-p", "Ann", "-p", "Bob=3"], 1, "the player name \"Bob=3\" holds \"=\", which would read as NAME=SCORE".into()),
        (&["new", "-p", "Ann", "-p", "Bo\nb"], 1, "the player name \"Bo\\nb\" holds a control character (a newline or tab)".into()),
        (&["new", "-p", "Ann", "-p", &"x".repeat(40)], 1, format!("the player name \"{}…\" is longer than 32 characters", "x".repeat(32))),
        (&["new", "-p", "Ann", "-p", "Bob", "--dealer", "Cy"], 1, "--dealer: no player named \"Cy\"; the players are Ann, Bob".into()),
        (&["new", "../up", "-p", "Ann", "-p", "Bob"], 1, format!("the session name \"../up\" holds \"/\"; {rule}")),
        (&["new", ".hidden", "-p", "Ann", "-p", "Bob"], 1, format!("the session name \".hidden\" starts with \".\"; {rule}")),
        (&["new", &"s".repeat(65), "-p", "Ann", "-p", "Bob"], 1, format!("the session name \"{}\" is too long; {rule}", "s".repeat(64))),
        (&["new", "-p", "Ann", "-p", "Bob", "--set", "decks=0"], 1, "decks cannot be \"0\"; it takes 1-20".into()),
        (&["new", "-p", "Ann", "-p", "Bob", "--rules", "house"], 1, "unknown preset \"house\"; the presets are standard, tens, strict, five-crowns".into()),
    ];
    for (args, code, message) in cases {
        env.fails(args, *code, message);
    }
    assert!(!env.data_dir().join("sessions").exists() || env.session_folder().is_empty());
    let many: Vec<String> = (0..21).map(|i| format!("P{i}")).collect();
    let mut args = vec!["new"];
    for p in &many {
        args.extend(["-p", p.as_str()]);
    }
    env.fails(&args, 1, "a game has at most 20 players, not 21");

    env.ok(&["new", "game", "-p", "Ann", "-p", "Bob"]);
    env.fails(
        &["new", "GAME", "-p", "Ann", "-p", "Bob"],
        1,
        "a session named \"game\" already exists; pick another name, or continue it with `three13 use game`",
    );
}

#[test]
fn default_names_come_from_the_date() {
    let env = Env::new();
    let today = jiff::Zoned::now().with_time_zone(jiff::tz::TimeZone::UTC).date().to_string();
    let r = env.ok(&["new", "-p", "Ann", "-p", "Bob"]);
    assert_eq!(
        r.stdout,
        format!(
            "Started session {today} with Ann and Bob (rules: standard); it is the current session.\n\
             Next: round 1, 3 cards, threes wild, Ann deals, Bob plays first; 11 rounds left\n\
             Record it with `three13 round` and a score per player, in seat order: Ann Bob\n"
        )
    );
    env.ok(&["new", "-p", "Cy", "-p", "Di"]);
    env.ok(&["new", "-p", "Ed", "-p", "Flo"]);
    assert_eq!(
        env.session_folder(),
        [format!("{today}-2.toml"), format!("{today}-3.toml"), format!("{today}.toml")]
    );
    assert_eq!(env.table_json(&[])["session"], json!(format!("{today}-3")));
}

#[test]
fn no_session_yet() {
    let env = Env::new();
    let msg = "no current session; start one with `three13 new --player NAME --player NAME`, or pick one with `three13 use NAME` (see `three13 sessions`)";
    for args in
        [&["round", "1", "2"][..], &["table"], &["undo", "--yes"], &["edit", "1", "Ann", "2"], &["export"]]
    {
        env.fails(args, 1, msg);
    }
    assert_eq!(
        env.ok(&["sessions"]).stdout,
        "No sessions yet; start one with `three13 new --player NAME --player NAME`.\n"
    );
    assert_eq!(env.ok(&["sessions", "--json"]).stdout, "[]\n");
}

#[test]
fn hostile_player_names_survive_the_file_and_the_table() {
    let env = Env::new();
    let names = ["O'Brien \"Ace\"", "Zoë 🃏", "[rounds]", "x y # z", "'''"];
    let mut args = vec!["new", "odd"];
    for n in names {
        args.extend(["--player", n]);
    }
    env.ok(&args);
    env.ok(&[
        "round",
        "O'BRIEN \"ACE\"=3",
        "zoë 🃏=0",
        "[rounds]=5",
        "x y # z=7",
        "'''=9",
        "--out",
        "Zoë 🃏",
    ]);
    let t = env.table_json(&[]);
    assert_eq!(t["players"], json!(names));
    assert_eq!(
        t["rounds"][0]["scores"],
        json!({"O'Brien \"Ace\"": 3, "Zoë 🃏": 0, "[rounds]": 5, "x y # z": 7, "'''": 9})
    );
    assert_eq!(t["rounds"][0]["out"], json!("Zoë 🃏"));
    // Too wide for 100 columns in full: --wide forces it.
    let table = env.ok(&["table", "--wide"]).stdout;
    assert!(table.contains("| Round | Cards | Wild | Dealer        | O'Brien \"Ace\" | Zoë 🃏 | [rounds] | x y # z |   ''' | Out    |"), "{table}");
}
