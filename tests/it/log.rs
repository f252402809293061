//! The log of changes and undo: every change is logged with its time, and
//! `undo` takes back the last one of any kind, again and again, back to the
//! session as `new` made it.

use serde_json::{Value, json};

use crate::common::Env;

/// `three13 log`, each change's time shown as TIME.
fn log_lines(env: &Env) -> String {
    let text = env.ok(&["log"]).stdout;
    text.lines()
        .map(|line| match line.split_once(". ") {
            Some((n, rest)) if n.trim().parse::<usize>().is_ok() && rest.len() > 16 => {
                assert!(rest[..16].chars().filter(char::is_ascii_digit).count() == 12, "{line}");
                format!("{n}. TIME{}", &rest[16..])
            }
            _ => match line.split_once("started (") {
                Some((head, time)) if time.len() == 17 => format!("{head}started (TIME)"),
                _ => line.to_string(),
            },
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The session file's text with its `updated` time left out.
fn without_time(env: &Env, name: &str) -> String {
    let text = String::from_utf8(env.session_bytes(name)).unwrap();
    text.lines().filter(|l| !l.starts_with("updated = ")).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_change_is_logged_and_each_undo_restores_the_figures() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--set", "bad_go_out_penalty=20"]);
    let as_new = without_time(&env, "g");
    let changes: &[&[&str]] = &[
        &["round", "0", "K Q", "9h 4d Kh", "--out", "Ann"],
        &["edit", "1", "Bob", "7", "--penalty", "Cy", "--dealer", "Bob"],
        &["edit", "2", "--dealer", "Ann"],
        &["player", "add", "Dee", "--seat", "2"],
        &["round", "1", "2", "3", "4"],
        &["player", "rename", "Bob", "Robert"],
        &["rules", "--set", "face_cards=ten", "--save"],
        &["rules", "--set", "double_last_rounds=true", "--save", "--from", "1"],
        &["player", "remove", "Dee", "--yes"],
        &["round", "5", "6", "7"],
        &["player", "return", "Dee"],
        &["player", "add", "Eve"],
        &["player", "remove", "Eve", "--yes"],
    ];
    let mut figures: Vec<Value> = Vec::new();
    for args in changes {
        figures.push(env.table_json(&[]));
        env.ok(args);
    }
    assert_eq!(
        log_lines(&env),
        "\
Log of g: 13 changes since it was started (TIME)
 1. TIME  round 1 recorded
 2. TIME  round 1 corrected: Bob's score (was K Q), the penalties (were none), the
    dealer (was Ann)
 3. TIME  Ann named to deal round 2
 4. TIME  Dee joined
 5. TIME  round 2 recorded
 6. TIME  Bob renamed Robert
 7. TIME  rules from round 3: face_cards=ten
 8. TIME  rules from round 1: double_last_rounds=true
 9. TIME  Dee left
10. TIME  round 3 recorded
11. TIME  Dee came back (had left after round 2)
12. TIME  Eve joined
13. TIME  Eve taken off the sheet, having played no round
`three13 undo` takes back the last change (13)."
    );
    let json: Value = serde_json::from_str(&env.ok(&["log", "--json"]).stdout).unwrap();
    let words: Vec<&str> =
        json["changes"].as_array().unwrap().iter().map(|c| c["change"].as_str().unwrap()).collect();
    assert_eq!(
        words,
        [
            "round",
            "edit",
            "dealer",
            "player-add",
            "round",
            "player-rename",
            "rules",
            "rules",
            "player-remove",
            "round",
            "player-return",
            "player-add",
            "player-remove"
        ]
    );
    assert_eq!(json["changes"][5]["said"], json!("Bob renamed Robert"));
    assert!(json["changes"][0]["at"].as_str().unwrap().parse::<jiff::Timestamp>().is_ok());

    // Each undo takes back one change and gives the figures as they were
    // before it, to the last number.
    let said: Vec<&str> = vec![
        "Took back Eve's removal: Eve is back at seat 5, starting from 57.",
        "Took back Eve joining g: Eve is off the sheet.",
        "Took back Dee coming back: Dee left g after round 2 again.",
        "Removed round 3 (Ann 5, Robert 6, Cy 7). To record it again:",
        "Took back Dee leaving g: Dee is at the table again.",
        "Took back the change of rules: the rules of g are standard, bad_go_out_penalty=20; from round 3:",
        "Took back the change of rules: the rules of g are standard, bad_go_out_penalty=20 again (they were",
        "Took back the rename: Robert is Bob again.",
        "Removed round 2 (Ann 1, Dee 2, Bob 3, Cy 4). To record it again:",
        "Took back Dee joining g: Dee is off the sheet.",
        "Took back the dealer named for round 2: Cy deals it again.",
        "Took back the correction of round 1:",
        "Removed round 1 (Ann 0, Bob 25, Cy 26). To record it again:",
    ];
    for (expected, first_line) in figures.iter().rev().zip(said) {
        let r = env.ok(&["undo", "--yes"]);
        assert_eq!(r.stdout.lines().next(), Some(first_line), "{}", r.stdout);
        assert_eq!(&env.table_json(&[]), expected, "after: {first_line}");
    }
    env.fails(&["undo", "--yes"], 1, "nothing to undo: no round of g is recorded yet");
    // As `new` made it, save the time of the last change.
    assert_eq!(without_time(&env, "g"), as_new);
}

#[test]
fn undo_says_what_it_gave_back() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--set", "bad_go_out_penalty=20"]);
    env.ok(&["round", "0", "K Q", "9h 4d Kh", "--out", "Ann"]);
    env.ok(&["edit", "1", "Bob=7", "Cy=out", "--penalty", "Ann", "--dealer", "Bob"]);
    env.fails(
        &["undo"],
        2,
        "undo would take back the correction of round 1 of g; off a terminal, confirm with --yes",
    );
    let r = env.ok(&["undo", "--yes"]);
    assert!(
        r.stdout.starts_with(
            "Took back the correction of round 1:\n  \
             Round 1: Bob's deadwood is 25 again (was 7).\n  \
             Round 1: Cy's deadwood is 26 again (was 0).\n  \
             Round 1: Ann went out first, as before.\n  \
             Round 1: Ann is not penalised, as before.\n  \
             Round 1: Ann deals, as before.\n\
             Session g"
        ),
        "{}",
        r.stdout
    );
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][0]["deadwood"], json!({"Ann": 0, "Bob": 25, "Cy": 26}));
    assert_eq!(t["rounds"][0]["hands"], json!({"Cy": "9h 4d Kh"}));
    // The cards left over come back as cards, scored under the rules.
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(text.contains("\nleftover = { Bob = \"K Q\" }\n"), "{text}");
    let v: Value = serde_json::from_str(&env.ok(&["undo", "--yes", "--json"]).stdout).unwrap();
    assert_eq!(
        v["said"],
        json!([
            "Removed round 1 (Ann 0, Bob 25, Cy 26).",
            "To record it again: three13 round 0 'K Q' '9h 4d Kh' --out Ann"
        ])
    );
}

#[test]
fn player_remove_asks_first_and_player_return_brings_them_back() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy"]);
    env.ok(&["round", "1", "2", "3"]);
    let before = env.session_bytes("g");
    env.fails(
        &["player", "remove", "Cy"],
        2,
        "player remove would take Cy out of g; off a terminal, confirm with --yes",
    );
    let r = env.run(&["player", "remove", "Cy", "--json"]);
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert_eq!(env.session_bytes("g"), before);
    env.ok(&["player", "remove", "Cy", "--yes"]);
    env.ok(&["round", "4", "5"]);
    env.fails(&["player", "return", "Ann"], 1, "Ann has not left the game");
    let r = env.ok_with(&[("COLUMNS", "80")], &["player", "return", "cy"]);
    assert_eq!(
        r.stdout,
        "\
Cy is back in g from round 3, at seat 3, with a total of 8: round 2, missed, scores the highest score of the round.
Session g (rules: standard)
| Round | Cards | Wild | Dealer |   Ann |   Bob |     Cy | Out |
|-------|-------|------|--------|-------|-------|--------|-----|
|     1 |     3 | 3    | Ann    | 1 (1) | 2 (2) |  3 (3) |     |
|     2 |     4 | 4    | Bob    | 4 (5) | 5 (7) | 5~ (8) |     |
|     3 |     5 | 5    | Cy     |       |       |        |     |
|     4 |     6 | 6    | Ann    |       |       |        |     |
|     5 |     7 | 7    | Bob    |       |       |        |     |
|     6 |     8 | 8    | Cy     |       |       |        |     |
|     7 |     9 | 9    | Ann    |       |       |        |     |
|     8 |    10 | 10   | Bob    |       |       |        |     |
|     9 |    11 | J    | Cy     |       |       |        |     |
|    10 |    12 | Q    | Ann    |       |       |        |     |
|    11 |    13 | K    | Bob    |       |       |        |     |
| Total |       |      |        |     5 |     7 |      8 |     |
Key: 12 (40) = points in the round (running total); ~ a round missed, scored by
     the rule for it

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Ann    |     5 |      0 |   0 |
|     2 | Bob    |     7 |      2 |   0 |
|     3 | Cy     |     8 |      3 |   0 |
Leader: Ann, with 5
Next: round 3, 5 cards, fives wild, Cy deals, Ann plays first; 9 rounds left
"
    );
    // Cy plays again, and the file keeps the time away.
    env.ok(&["round", "1", "1", "1"]);
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][2]["scores"], json!({"Ann": 1, "Bob": 1, "Cy": 1}));
    assert_eq!(t["left"], json!([]));
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(text.contains("\n[seats.Cy]\naway = [{ left = 1, back = 2, missed = \"highest\" }]\n"), "{text}");
    // Taken back, Cy is away again.
    env.ok(&["undo", "--yes"]);
    let r = env.ok(&["undo", "--yes"]);
    assert!(
        r.stdout.starts_with("Took back Cy coming back: Cy left g after round 1 again.\n"),
        "{}",
        r.stdout
    );
    assert_eq!(env.table_json(&[])["left"], json!(["Cy"]));
    // Once every round is in, nobody comes back.
    env.ok(&["player", "return", "Cy"]);
    for _ in 3..=11 {
        env.ok(&["round", "1", "1", "1"]);
    }
    env.ok(&["player", "remove", "Cy", "--yes"]);
    env.fails(
        &["player", "return", "Cy"],
        1,
        "the game is over: all 11 rounds are in; start another with `three13 new`",
    );
}

/// A version 2 file, written before sessions kept a log, with a player who
/// joined after round 1.
const VERSION_2: &str = "\
format_version = 2
players = [\"Ann\", \"Bob\", \"Dee\"]
first_dealer = \"Ann\"
created = \"2026-01-01T20:00:00Z\"
updated = \"2026-01-01T21:00:00Z\"

[seats.Dee]
joined = 1
start = 12

[rules]
face_cards = \"ten\"

[[rounds]]
round = 1
deadwood = { Ann = 12, Bob = 0 }
out = \"Bob\"

[[rounds]]
round = 2
deadwood = { Ann = 3, Bob = 4, Dee = 5 }
";

#[test]
fn a_version_2_file_is_read_and_saved_as_version_3() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    std::fs::write(env.session_file("g"), VERSION_2).unwrap();
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 15, "Bob": 4, "Dee": 17}));
    assert_eq!(
        env.ok(&["log"]).stdout,
        "Log of g: no change since it was started (2026-01-01 20:00)\n\
         Its file was written before three13 kept a log; `three13 undo` removes the last round.\n"
    );
    // Without a log, undo removes rounds as it did, and will not go past
    // Dee's joining, which it could not take back.
    let r = env.ok(&["undo", "--yes"]);
    assert!(
        r.stdout.starts_with("Removed round 2 (Ann 3, Bob 4, Dee 5). To record it again:\n"),
        "{}",
        r.stdout
    );
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(text.starts_with("format_version = 3\n"), "{text}");
    assert!(!text.contains("[log]"), "{text}");
    env.fails(
        &["undo", "--yes"],
        1,
        "Dee joined after round 1, and this session keeps no log of it (its file was written before \
         three13 kept one), so undo cannot take round 1 back",
    );
    // What is changed from now on is logged, and taken back.
    env.ok(&["round", "3", "4", "5"]);
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(text.contains("\n[log]\nchanges = [\n    { at = \""), "{text}");
    assert!(text.ends_with("\", change = \"round\", round = 2 },\n]\n"), "{text}");
    env.ok(&["player", "remove", "Dee", "--yes"]);
    env.ok(&["undo", "--yes"]);
    env.ok(&["undo", "--yes"]);
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 12, "Bob": 0, "Dee": 12}));
}

#[test]
fn a_log_entry_that_does_not_fit_is_placed() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "1", "2"]);
    env.ok(&["player", "rename", "Bob", "Robert"]);
    env.ok(&["round", "3", "4"]);
    let good = String::from_utf8(env.session_bytes("g")).unwrap();
    let path = env.session_file("g").display().to_string();
    let hint = "\n  hint: the file is left as it is: fix it by hand, or remove it with `three13 delete g`\n";
    // Each error is placed at the change (column 5, where its line's
    // table opens), or at the value to blame.
    for (from, to, at, message) in [
        (
            "change = \"round\", round = 2 }",
            "change = \"round\", round = 1 }",
            "{ at",
            "log: the change round (round 1) does not fit the sheet as it stands, so it cannot be taken back",
        ),
        (
            "player = \"Robert\", was = \"Bob\"",
            "player = \"Rob\", was = \"Bob\"",
            "{ at",
            "log: the change player-rename (Rob) does not fit the sheet as it stands, so it cannot be taken back",
        ),
        (
            "change = \"round\", round = 2 }",
            "change = \"bogus\", round = 2 }",
            "\"bogus\"",
            "log: change = \"bogus\" is not one of round, edit, dealer, player-add, player-remove, \
             player-return, player-rename, rules, draw",
        ),
        (
            "change = \"round\", round = 2 }",
            "change = \"round\" }",
            "{ at",
            "log: this change needs round = N",
        ),
    ] {
        let bad = good.replacen(from, to, 1);
        std::fs::write(env.session_file("g"), &bad).unwrap();
        let line = good.lines().position(|l| l.contains(from)).unwrap();
        let column = bad.lines().nth(line).unwrap().find(at).unwrap() + 1;
        let r = env.run(&["table"]);
        assert_eq!(r.stderr, format!("error: {path}:{}:{column}: {message}{hint}", line + 1));
        assert_eq!(r.code, 1);
        assert_eq!(env.session_bytes("g"), bad.as_bytes());
    }
}

#[test]
fn the_tiebreak_draw_takes_the_cards_drawn_at_the_table() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--set", "tiebreak=draw"]);
    for _ in 0..11 {
        env.ok(&["round", "3", "3", "5"]);
    }
    // Nothing is drawn by the sheet: the draw is due.
    let t = env.table_json(&[]);
    assert_eq!(t["tiebreak"], json!({"rule": "draw", "tied": ["Ann", "Bob"], "drawing": ["Ann", "Bob"]}));
    assert_eq!((t["finished"].clone(), t["winners"].clone()), (json!(false), json!([])));
    env.fails(
        &["draw"],
        2,
        "no cards given; give the card each tied player drew (three13 draw Ann=CARD Bob=CARD), or draw for \
         the table with --random",
    );
    env.fails(
        &["draw", "Ann=3c"],
        2,
        "no card for Bob; give the card each player drew: three13 draw Ann=CARD Bob=CARD",
    );
    env.fails(
        &["draw", "Ann=3c", "Cy=4c"],
        2,
        "Cy does not draw; Ann and Bob are tied for the win and each draws a card",
    );
    env.fails(
        &["draw", "Ann=3x", "Bob=4c"],
        1,
        "Ann's card: \"3x\" has no suit \"x\"\n  hint: did you mean \"3c\"? suits are c d h s (or ♣ ♦ ♥ ♠)",
    );
    env.fails(&["draw", "Ann=JK", "Bob=4c"], 1, "Ann's drawn card \"JK\" is not a card of a standard deck");

    // Threes: a tie, and they draw again; then Bob's two is lowest.
    let r = env.ok(&["draw", "Ann=3c", "bob=3D"]);
    assert!(
        r.stdout.starts_with(
            "Ann drew 3c, Bob drew 3d: a tie on the lowest; Ann and Bob drew threes and draw again.\n\
             Draw again: three13 draw Ann=CARD Bob=CARD\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(env.table_json(&[])["tiebreak"]["drawing"], json!(["Ann", "Bob"]));
    let r = env.ok(&["draw", "Ann=Kh", "Bob=2c"]);
    assert!(
        r.stdout.starts_with("Ann drew Kh, Bob drew 2c: Bob drew lowest and wins the tie.\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.ends_with(
            "Game over: Bob wins after a tie on 33; the tied players drew 2 times: Ann 3c, Bob 3d; then Ann Kh,\n\
             Bob 2c.\n"
        ),
        "{}",
        r.stdout
    );
    let decided = env.table_json(&[]);
    assert_eq!(decided["winners"], json!(["Bob"]));
    assert_eq!(decided["tiebreak"]["draws"], json!([{"Ann": "3c", "Bob": "3d"}, {"Ann": "Kh", "Bob": "2c"}]));
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(
        text.contains("\n[tiebreak]\ndraws = [\n    { Ann = \"3c\", Bob = \"3d\" },\n    { Ann = \"Kh\", Bob = \"2c\" },\n]\n"),
        "{text}"
    );
    assert!(text.contains("change = \"draw\", cards = { Ann = \"Kh\", Bob = \"2c\" } },\n]\n"), "{text}");
    env.fails(
        &["draw", "Ann=Kh", "Bob=2c"],
        1,
        "no draw is due in g: the draw is made (see `three13 table`; `three13 undo` takes it back)",
    );

    // A correction that keeps the tie keeps the draw; one that breaks it
    // drops the draw, and taken back, brings it back.
    env.ok(&["edit", "1", "Cy", "4"]);
    assert_eq!(env.table_json(&[])["tiebreak"]["draws"], decided["tiebreak"]["draws"]);
    env.ok(&["edit", "1", "Ann", "2"]);
    assert_eq!(env.table_json(&[])["winners"], json!(["Ann"]));
    assert_eq!(env.table_json(&[])["tiebreak"].get("draws"), None);
    env.ok(&["undo", "--yes"]);
    env.ok(&["undo", "--yes"]);
    assert_eq!(env.table_json(&[]), decided);

    // Undo and record again: never a draw by chance. The draws are taken
    // back one by one, then the round; recorded again, the round leaves
    // the draw due, and the same cards give the same winner.
    let r = env.ok(&["undo", "--yes"]);
    assert!(
        r.stdout
            .starts_with("Took back the tiebreak draw (Ann Kh, Bob 2c): the cards are to be drawn again.\n"),
        "{}",
        r.stdout
    );
    env.ok(&["undo", "--yes"]);
    env.ok(&["undo", "--yes"]);
    env.ok(&["round", "3", "3", "5"]);
    let t = env.table_json(&[]);
    assert_eq!(t["tiebreak"], json!({"rule": "draw", "tied": ["Ann", "Bob"], "drawing": ["Ann", "Bob"]}));
    env.ok(&["draw", "Ann=3c", "Bob=3d"]);
    env.ok(&["draw", "Ann=Kh", "Bob=2c"]);
    assert_eq!(env.table_json(&[]), decided);
}
