//! Fixing a game mid-way: any round, who went out, penalties, the dealer,
//! players and house rules; quick score entry; rematches.

use serde_json::json;

use crate::common::Env;

fn game(extra: &[&str]) -> Env {
    let env = Env::new();
    let mut args = vec!["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy"];
    args.extend_from_slice(extra);
    env.ok(&args);
    env
}

#[test]
fn edit_any_round_out_penalties_and_dealer() {
    let env = game(&["--set", "bad_go_out_penalty=20"]);
    env.ok(&["round", "0", "12", "35", "--out", "Ann"]);
    env.ok(&["round", "4", "8", "15"]);
    env.ok(&["round", "6", "0", "9"]);
    // Bob went out in round 1, not Ann; Ann's score was 7.
    let r = env.ok(&["edit", "1", "--out", "Bob", "Ann=7"]);
    assert!(
        r.stdout.starts_with(
            "Round 1: Bob's deadwood 12 is now 0.\nRound 1: Ann's deadwood 0 is now 7.\nRound 1: Bob went out first (not Ann).\n"
        ),
        "{}",
        r.stdout
    );
    // Every score of round 2 in seat order, a penalty, and the dealer.
    let r = env.ok(&["edit", "2", "1", "2", "3", "--penalty", "Cy", "--dealer", "Ann"]);
    assert!(r.stdout.contains("Round 2: Cy is penalised for a bad go-out.\nRound 2: Ann deals (not Bob); the deal moves on from there.\n"), "{}", r.stdout);
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][0]["out"], json!("Bob"));
    assert_eq!(t["rounds"][1]["scores"], json!({"Ann": 1, "Bob": 2, "Cy": 23}));
    let dealers: Vec<&serde_json::Value> =
        t["rounds"].as_array().unwrap().iter().map(|r| &r["dealer"]).collect();
    assert_eq!(dealers, [&json!("Ann"), &json!("Ann"), &json!("Bob")]);
    assert_eq!(t["next"]["dealer"], json!("Cy"));
    assert_eq!(t["totals"], json!({"Ann": 14, "Bob": 2, "Cy": 67}));
    env.ok(&["edit", "2", "--no-penalty", "Cy"]);
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 14, "Bob": 2, "Cy": 47}));
    // `out` as a score fills --out.
    env.ok(&["edit", "3", "Cy=out"]);
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][2]["out"], json!("Cy"));
    assert_eq!(t["totals"], json!({"Ann": 14, "Bob": 2, "Cy": 38}));
    // The next round's dealer, before it is played.
    env.ok(&["edit", "4", "--dealer", "Bob"]);
    assert_eq!(env.table_json(&[])["next"]["dealer"], json!("Bob"));

    let before = env.session_bytes("g");
    let refusals: &[(&[&str], i32, &str)] = &[
        (
            &["edit", "1", "Bob=5"],
            1,
            "Bob went out in round 1, so their deadwood must be 0; if someone else went out, say who: three13 edit 1 --out PLAYER (or --no-out), with Bob's score",
        ),
        (
            &["edit", "2", "--out", "Cy", "--penalty", "Cy"],
            1,
            "Cy cannot both go out and be penalised for a bad go-out",
        ),
        (
            &["edit", "2", "Ann=out", "Bob=out"],
            1,
            "both Ann and Bob are marked out; mark only the player who went out first",
        ),
        (&["edit", "9", "Ann=3"], 1, "there is no round 9 to edit; rounds 1 to 3 are recorded"),
        (
            &["edit", "6", "--dealer", "Ann"],
            1,
            "there is no round 6 to set a dealer for; the next round is 4",
        ),
        (
            &["edit", "2"],
            2,
            "nothing to change in round 2; give scores (in seat order or NAME=SCORE), --out, --no-out, --penalty, --no-penalty or --dealer",
        ),
        (
            &["edit", "2", "1", "2"],
            2,
            "3 players but 2 scores given; give one per player in seat order (Ann Bob Cy), or NAME=SCORE",
        ),
    ];
    for (args, code, message) in refusals {
        env.fails(args, *code, message);
    }
    assert_eq!(env.session_bytes("g"), before);
}

#[test]
fn undo_prints_the_command_that_records_the_round_again() {
    let env = game(&["--set", "bad_go_out_penalty=20"]);
    env.ok(&["round", "0", "12", "35"]);
    env.ok(&["round", "Ann=4", "Bob=out", "Cy=9h 4d Kh 5s", "--penalty", "Ann"]);
    let r = env.ok(&["undo", "--yes"]);
    assert!(
        r.stdout.starts_with(
            "Removed round 2 (Ann 24, Bob 0, Cy 31). To record it again:\n  three13 round 4 0 '9h 4d Kh 5s' --out Bob --penalty Ann\n"
        ),
        "{}",
        r.stdout
    );
    env.ok(&["round", "4", "0", "9h 4d Kh 5s", "--out", "Bob", "--penalty", "Ann"]);
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 24, "Bob": 12, "Cy": 66}));
}

#[test]
fn every_score_form() {
    let env = game(&[]);
    env.ok(&["round", "1", "2", "3"]);
    env.ok(&["round", "1", "2", "3"]);
    // Round 3, five cards, fives wild.
    let r = env.ok(&["round", "13+9+4", "K 9 4", "Kh 9c 4d"]);
    assert_eq!(
        r.stderr,
        "  Ann: 13 + 9 + 4 = 26\n  Bob: cards left over K 13, 9 9, 4 4 = 26\n  Cy: cards left over Kh 13, 9c 9, 4d 4 = 26\n"
    );
    let r = env.ok(&["round", "out", "5h 7h 8h 9h 2c Kd", "12,"]);
    assert_eq!(
        r.stderr,
        "  Ann: out, 0\n  Bob: 5h 7h 8h 9h 2c Kd: run 7h 8h 9h; left over Kd 5h 2c; deadwood 20\n"
    );
    env.ok(&["round", "12,", "0,", "35"]);
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][2]["deadwood"], json!({"Ann": 26, "Bob": 26, "Cy": 26}));
    assert_eq!(t["rounds"][3]["out"], json!("Ann"));
    assert_eq!(t["rounds"][3]["hands"], json!({"Bob": "5h 7h 8h 9h 2c Kd"}));
    assert_eq!(t["rounds"][4]["deadwood"], json!({"Ann": 12, "Bob": 0, "Cy": 35}));
    // The same forms in edit.
    env.ok(&["edit", "5", "Cy=13+12"]);
    env.ok(&["edit", "5", "Cy", "10 J"]);
    assert_eq!(env.table_json(&[])["rounds"][4]["deadwood"], json!({"Ann": 12, "Bob": 0, "Cy": 21}));
    let before = env.session_bytes("g");
    env.fails(&["round", "3+x", "0", "1"], 1, "Ann's hand: \"x\" is not a card\n  3+x\n    ^\n  hint: write a card as rank then suit, like 7d or 10h; ranks are A 2-10 J Q K (or T for ten); suits are c d h s (or ♣ ♦ ♥ ♠)");
    env.fails(
        &["round", "out", "out", "1"],
        1,
        "both Ann and Bob are marked out; mark only the player who went out first",
    );
    env.fails(
        &["round", "out", "0", "1", "--out", "Bob"],
        1,
        "both Bob and Ann are marked out; mark only the player who went out first",
    );
    env.fails(
        &["round", "K Q J 10 9 8 7 6", "0", "1"],
        1,
        "Ann's score: 8 cards is a whole hand of round 6, and a hand is solved only with its suits (like Kh 9c 4d); give the suits, or the points as a number",
    );
    assert_eq!(env.session_bytes("g"), before);
}

#[test]
fn rules_change_mid_game() {
    let env = game(&[]);
    env.ok(&["round", "0", "12", "25", "--out", "Ann"]);
    env.ok(&["round", "Ann=4", "Bob=0", "Cy=Kh Qd 9c 4s"]);
    let r = env.ok(&["rules", "--set", "face_cards=ten"]);
    assert_eq!(
        r.stderr,
        "note: nothing was changed; these rules are only shown: to save them into session g, add --save\n"
    );
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 4, "Bob": 12, "Cy": 63}));
    env.fails(
        &["round", "0", "9", "9", "--penalty", "Bob"],
        1,
        "--penalty: these rules give no penalty for a bad go-out (bad_go_out_penalty is 0); to play with one, see `three13 rules --set bad_go_out_penalty=20 --save`",
    );
    let r = env.ok(&[
        "rules",
        "--set",
        "face_cards=ten",
        "--set",
        "bad_go_out_penalty=20",
        "--save",
        "--from",
        "1",
    ]);
    assert!(
        r.stdout.starts_with(
            "Saved the rules of g: tens, bad_go_out_penalty=20 (before: standard).\n\
             Totals are worked out again for rounds 1 and 2: 1 typed hand is scored again; 4 scores typed as\n\
             numbers stay as they were.\n  \
             round 2: Cy's hand now leaves 33 (was 38)\n"
        ),
        "{}",
        r.stdout
    );
    let t = env.table_json(&[]);
    assert_eq!(t["totals"], json!({"Ann": 4, "Bob": 12, "Cy": 58}));
    assert_eq!(t["rules"]["bad_go_out_penalty"], json!(20));
    env.ok(&["round", "0", "9", "9", "--penalty", "Bob", "--out", "Ann"]);
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 4, "Bob": 41, "Cy": 67}));
    let r = env.ok(&["rules", "--set", "bad_go_out_penalty=20", "--save"]);
    assert!(
        r.stdout
            .starts_with("The rules of g are already tens, bad_go_out_penalty=20; nothing was changed.\n"),
        "{}",
        r.stdout
    );

    // Refused: a round played that the rules would leave out.
    env.ok(&["rules", "--set", "extra_rounds=1", "--save"]);
    for _ in 0..9 {
        env.ok(&["round", "1", "1", "1"]);
    }
    let before = env.session_bytes("g");
    env.fails(
        &["rules", "--set", "extra_rounds=0", "--save"],
        1,
        "12 rounds are played, but these rules play only 11; a round that is played cannot be left out\n  hint: nothing was changed; the rules of g stay tens, extra_rounds=1, bad_go_out_penalty=20",
    );
    assert_eq!(env.session_bytes("g"), before);
}

#[test]
fn a_rule_change_refused_for_a_typed_score() {
    let env = game(&[]);
    env.ok(&["round", "39", "0", "1"]);
    let before = env.session_bytes("g");
    env.fails(
        &["rules", "tens", "--save", "--from", "1"],
        1,
        "round 1: Ann's score 39 is more than 3 cards can hold: at most 30 in round 1\n  hint: nothing was changed; the rules of g stay standard",
    );
    assert_eq!(env.session_bytes("g"), before);
}

/// A hint added to an error that had one already comes under it: both are
/// shown, each behind `hint:`.
#[test]
fn a_rule_change_refused_for_a_typed_hand_gives_both_hints() {
    let env = game(&["--set", "jokers=2"]);
    env.ok(&["round", "3h 3d *", "0", "1"]);
    let before = env.session_bytes("g");
    env.fails(
        &["rules", "--set", "jokers=0", "--save", "--from", "1"],
        1,
        "round 1: Ann's hand: jokers are not in play under these rules\n  3h 3d JK\n        ^^\n  \
         hint: play with jokers with --set jokers=2\n  hint: nothing was changed; the rules of g stay standard, jokers=2",
    );
    assert_eq!(env.session_bytes("g"), before);
}

#[test]
fn players_rename_join_and_leave_through_a_whole_game() {
    let env = game(&[]);
    env.ok(&["round", "0", "12", "35", "--out", "Ann"]);
    env.ok(&["round", "4", "0", "15", "--out", "Bob"]);
    let r = env.ok(&["player", "rename", "bob", "Robert"]);
    assert!(r.stdout.starts_with("Renamed Bob to Robert in every round of g.\n"), "{}", r.stdout);
    let r = env.ok(&["player", "add", "Dee", "--seat", "2"]);
    assert!(
        r.stdout.starts_with(
            "Dee joins g at seat 2 from round 3, starting from 50, the highest total after round 2.\n"
        ),
        "{}",
        r.stdout
    );
    env.fails(
        &["player", "add", "dee"],
        1,
        "\"Dee\" and \"dee\" are the same name; each player needs their own name",
    );
    env.fails(
        &["round", "1", "2", "3"],
        2,
        "4 players but 3 scores given; give one per player in seat order (Ann Dee Robert Cy), or NAME=SCORE",
    );
    env.ok(&["round", "1", "2", "3", "0", "--out", "Cy"]);
    let r = env.ok(&["player", "remove", "Cy", "--yes"]);
    assert!(
        r.stdout.starts_with("Cy left g after round 3: their rounds stay, and the deal skips them.\n"),
        "{}",
        r.stdout
    );
    env.fails(&["player", "remove", "cy", "--yes"], 1, "Cy has already left the game");
    env.fails(&["round", "Ann=1", "Dee=1", "Robert=1", "Cy=1"], 1, "Cy did not play round 4");
    for _ in 0..8 {
        env.ok(&["round", "1", "2", "3"]);
    }
    let table = env.ok(&["table"]).stdout;
    let expected = "\
Session g (rules: standard)
| Round | Cards | Wild | Dealer |    Ann |    Dee |  Robert |      Cy | Out    |
|-------|-------|------|--------|--------|--------|---------|---------|--------|
| Start |       |      |        |        |     50 |         |         |        |
|     1 |     3 | 3    | Ann    |  0 (0) |        | 12 (12) | 35 (35) | Ann    |
|     2 |     4 | 4    | Robert |  4 (4) |        |  0 (12) | 15 (50) | Robert |
|     3 |     5 | 5    | Cy     |  1 (5) | 2 (52) |  3 (15) |  0 (50) | Cy     |
|     4 |     6 | 6    | Ann    |  1 (6) | 2 (54) |  3 (18) |         |        |
|     5 |     7 | 7    | Dee    |  1 (7) | 2 (56) |  3 (21) |         |        |
|     6 |     8 | 8    | Robert |  1 (8) | 2 (58) |  3 (24) |         |        |
|     7 |     9 | 9    | Ann    |  1 (9) | 2 (60) |  3 (27) |         |        |
|     8 |    10 | 10   | Dee    | 1 (10) | 2 (62) |  3 (30) |         |        |
|     9 |    11 | J    | Robert | 1 (11) | 2 (64) |  3 (33) |         |        |
|    10 |    12 | Q    | Ann    | 1 (12) | 2 (66) |  3 (36) |         |        |
|    11 |    13 | K    | Dee    | 1 (13) | 2 (68) |  3 (39) |         |        |
| Total |       |      |        |     13 |     68 |      39 |      50 |        |
Key: 12 (40) = points in the round (running total); Start = total of a player who joined late

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Ann    |    13 |      0 |   1 |
|     2 | Robert |    39 |     26 |   1 |
|     3 | Dee    |    68 |     55 |   0 |
Left the game: Cy after round 3
Joined late: Dee from 50, the highest total after round 2
Game over: Ann wins by 26, with 13.
";
    assert_eq!(table, expected);

    let t = env.table_json(&[]);
    assert_eq!(t["players"], json!(["Ann", "Dee", "Robert", "Cy"]));
    assert_eq!(t["starting_totals"], json!({"Dee": 50}));
    assert_eq!(t["left"], json!(["Cy"]));
    assert_eq!(t["rounds"][0]["scores"], json!({"Ann": 0, "Robert": 12, "Cy": 35}));
    assert_eq!(t["rounds"][3]["scores"], json!({"Ann": 1, "Dee": 2, "Robert": 3}));
    assert_eq!(t["winners"], json!(["Ann"]));
    assert_eq!(t["totals"], json!({"Ann": 13, "Dee": 68, "Robert": 39, "Cy": 50}));

    let csv = env.ok(&["export"]).stdout;
    assert!(csv.contains("\n1,3,3,Ann,Robert,12,12,12,false,false,\n"), "{csv}");
    assert!(!csv.contains("\n1,3,3,Ann,Dee,"), "{csv}");
    assert!(!csv.contains("\n4,6,6,Ann,Cy,"), "{csv}");
    assert!(csv.contains("\n4,6,6,Ann,Dee,2,2,54,false,false,\n"), "{csv}");

    // The file is format 2 and keeps everything; stats know Robert as Bob.
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(text.starts_with("format_version = 3\n"), "{text}");
    assert!(text.contains("\n[seats.Dee]\njoined = 2\nstart = 50\n"), "{text}");
    assert!(text.contains("\n[seats.Robert]\nformer_names = [\"Bob\"]\n"), "{text}");
    assert!(text.contains("\n[seats.Cy]\nleft = 3\n"), "{text}");
    env.ok(&["new", "h", "-p", "bob", "-p", "Ann"]);
    for _ in 0..11 {
        env.ok(&["round", "1", "0"]);
    }
    let stats = env.ok(&["stats"]).stdout;
    assert!(stats.contains("| Robert |     2 |    0 |     0 |       2.0 |      25.0 |"), "{stats}");
    assert!(stats.contains("| Robert |   11 |    39 |       2.3 |        1 |          0 |"), "{stats}");
    // Dee's average round counts only the rounds Dee was at the table for.
    assert!(stats.contains("| Dee    |   68 |    68 |       2.0 |        0 |          2 |"), "{stats}");
    assert!(!stats.contains("| Cy "), "{stats}");
    assert!(!stats.contains("| bob "), "{stats}");
}

#[test]
fn a_player_who_never_played_is_taken_off() {
    let env = game(&[]);
    env.ok(&["player", "add", "Dee", "--total", "-5"]);
    let r = env.ok(&["player", "remove", "Dee", "--yes"]);
    assert!(r.stdout.starts_with("Took Dee off g; they had played no round.\n"), "{}", r.stdout);
    // Off the sheet: the file keeps no trace of Dee but in the log.
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(text.starts_with("format_version = 3\n"), "{text}");
    let (sheet, log) = text.split_once("\n[log]\n").unwrap();
    assert!(!sheet.contains("[seats.") && !sheet.contains("Dee"), "{text}");
    assert!(
        log.contains("change = \"player-remove\", player = \"Dee\", seat = 4, joined = 0, start = -5 },\n"),
        "{text}"
    );
    env.ok(&["player", "remove", "Cy", "--yes"]);
    env.fails(&["player", "remove", "Bob", "--yes"], 1, "a game needs at least 2 players, not 1");
    env.fails(&["player", "add", "Eve", "--seat", "9"], 1, "there is no seat 9: the seats are 1 to 3");
    env.fails(
        &["player", "rename", "Ann", "bob"],
        1,
        "\"Bob\" and \"bob\" are the same name; each player needs their own name",
    );
}

#[test]
fn rematch_with_new_like() {
    let env = game(&["--dealer", "Bob"]);
    env.ok(&["player", "remove", "Cy", "--yes"]);
    let r = env.ok(&["new", "again", "--like", "g"]);
    assert!(r.stdout.starts_with("Started session again with Ann and Bob (rules: standard)"), "{}", r.stdout);
    let t = env.table_json(&[]);
    assert_eq!(t["players"], json!(["Ann", "Bob"]));
    assert_eq!(t["next"]["dealer"], json!("Ann"));
    env.ok(&["new", "third", "--like", "again", "--set", "decks=3"]);
    let t = env.table_json(&[]);
    assert_eq!(t["next"]["dealer"], json!("Bob"));
    assert_eq!(t["rules_summary"], json!("standard, decks=3"));
    let r = env.run(&["new", "x", "--like", "nope"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.starts_with("error: no session named \"nope\" ("), "{}", r.stderr);
}

#[test]
fn session_names_in_words_are_offered_file_safe() {
    let env = Env::new();
    let r = env.run(&["new", "Friday Night", "-p", "Ann", "-p", "Bob"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "error: the session name \"Friday Night\" holds \" \"; a session name has letters, digits, \".\", \"_\" and \"-\", at most 64 characters, and does not start with \".\" or \"-\"\n  hint: its file-safe form is friday-night: three13 new friday-night …\n"
    );
}

/// Ann, Bob and Cy; Dee joins at seat 2 after round 2 with 4; Cy leaves
/// after round 4; Ann and Dee tie on 20 at the end.
fn joined_left_and_tied(tiebreak: &str) -> Env {
    let env = game(&["--set", &format!("tiebreak={tiebreak}")]);
    env.ok(&["round", "2", "5", "9"]);
    env.ok(&["round", "2", "5", "9"]);
    env.ok(&["player", "add", "Dee", "--seat", "2", "--total", "4"]);
    env.ok(&["round", "2", "out", "5", "9"]);
    env.ok(&["round", "2", "0", "5", "9", "--out", "Dee"]);
    env.ok(&["player", "remove", "Cy", "--yes"]);
    for _ in 5..=10 {
        env.ok(&["round", "2", "2", "5"]);
    }
    env
}

#[test]
fn a_tiebreaker_round_among_players_who_joined_and_left() {
    let env = joined_left_and_tied("round");
    let r = env.ok_with(&[("COLUMNS", "80")], &["round", "0", "4", "5"]);
    assert_eq!(
        r.stdout,
        "\
Session g (rules: standard, tiebreak=round)
| Round | Cards | Wild | Dealer |    Ann |    Dee |    Bob |     Cy | Out |
|-------|-------|------|--------|--------|--------|--------|--------|-----|
| Start |       |      |        |        |      4 |        |        |     |
|     1 |     3 | 3    | Ann    |  2 (2) |        |  5 (5) |  9 (9) |     |
|     2 |     4 | 4    | Bob    |  2 (4) |        | 5 (10) | 9 (18) |     |
|     3 |     5 | 5    | Cy     |  2 (6) |  0 (4) | 5 (15) | 9 (27) | Dee |
|     4 |     6 | 6    | Ann    |  2 (8) |  0 (4) | 5 (20) | 9 (36) | Dee |
|     5 |     7 | 7    | Dee    | 2 (10) |  2 (6) | 5 (25) |        |     |
|     6 |     8 | 8    | Bob    | 2 (12) |  2 (8) | 5 (30) |        |     |
|     7 |     9 | 9    | Ann    | 2 (14) | 2 (10) | 5 (35) |        |     |
|     8 |    10 | 10   | Dee    | 2 (16) | 2 (12) | 5 (40) |        |     |
|     9 |    11 | J    | Bob    | 2 (18) | 2 (14) | 5 (45) |        |     |
|    10 |    12 | Q    | Ann    | 2 (20) | 2 (16) | 5 (50) |        |     |
|    11 |    13 | K    | Dee    | 0 (20) | 4 (20) | 5 (55) |        |     |
| Total |       |      |        |     20 |     20 |     55 |     36 |     |
|   Tie |    14 | A    |        |        |        |        |        |     |
Key: 12 (40) = points in the round (running total); Start = total of a player
     who joined late; Tie = the tiebreaker round, deadwood only

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Ann    |    20 |      0 |   0 |
|     1 | Dee    |    20 |      0 |   2 |
|     3 | Bob    |    55 |     35 |   0 |
Left the game: Cy after round 4
Ann and Dee are tied on 20: they play a tiebreaker round of 14 cards, aces wild;
the lowest deadwood wins.
Next: the tiebreaker round, 14 cards, aces wild, Bob deals, Ann plays first
"
    );
    // The deal went on past Cy, and on into the tiebreaker round; only the
    // tied players play it, in seat order.
    let j = env.table_json(&[]);
    assert_eq!(j["next"]["dealer"], json!("Bob"));
    assert_eq!(j["next"]["first"], json!("Ann"));
    assert_eq!(j["next"]["players"], json!(["Ann", "Dee"]));
    assert_eq!(j["places"], json!({"Ann": 1, "Dee": 1, "Bob": 3}));
    env.fails(
        &["round", "1", "2", "3"],
        2,
        "2 players but 3 scores given; give one per player in seat order (Ann Dee), or NAME=SCORE",
    );
    env.fails(
        &["round", "Bob=3", "Ann=1"],
        2,
        "Bob is not tied for the win, so does not play the tiebreaker round",
    );
    env.fails(&["edit", "12", "--dealer", "Ann"], 1, "round 12: these rules play only 11 rounds");
    env.fails(
        &["player", "add", "Eve"],
        1,
        "the game is over: all 11 rounds are in; start another with `three13 new`",
    );

    let r = env.ok(&["round", "5", "3"]);
    assert!(
        r.stdout.ends_with(
            "Left the game: Cy after round 4\n\
             Game over: Dee wins after a tie on 20, the tiebreaker round: Ann 5, Dee 3.\n"
        ),
        "{}",
        r.stdout
    );
    let j = env.table_json(&[]);
    assert_eq!(j["winners"], json!(["Dee"]));
    assert_eq!(j["places"], json!({"Ann": 2, "Dee": 1, "Bob": 3}));
    assert_eq!(j["totals"], json!({"Ann": 20, "Dee": 20, "Bob": 55, "Cy": 36}));
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(text.starts_with("format_version = 3\n"), "{text}");
    assert!(text.contains("\n[seats.Dee]\njoined = 2\nstart = 4\n\n[seats.Cy]\nleft = 4\n"), "{text}");
    assert!(text.contains("\n[tiebreak]\ndeadwood = { Ann = 5, Dee = 3 }\n\n[log]\n"), "{text}");

    // Undo takes the tiebreaker round back first, and says how to record it.
    let r = env.ok(&["undo", "--yes"]);
    assert!(
        r.stdout.starts_with(
            "Removed the tiebreaker round (Ann 5, Dee 3). To record it again:\n  three13 round 5 3\n"
        ),
        "{}",
        r.stdout
    );
    env.ok(&["round", "5", "3"]);
    // A narrow screen: every line fits.
    let t = env.ok_with(&[("COLUMNS", "50")], &["table"]).stdout;
    assert!(t.lines().all(|l| l.chars().count() <= 50), "{t}");
    assert!(t.contains("| Cy     |       |   36 |    |    |     |    36 |\n"), "{t}");
    // The starting total apart, under Start; the folded rounds' marks counted.
    assert!(t.contains("| Dee    |     4 | 10^2 |  2 |  4 |   3 |    20 |\n"), "{t}");

    // A file whose tiebreak names a player who left is refused, and kept.
    let good = String::from_utf8(env.session_bytes("g")).unwrap();
    let bad = good.replace("deadwood = { Ann = 5, Dee = 3 }", "deadwood = { Ann = 5, Dee = 3, Cy = 1 }");
    std::fs::write(env.session_file("g"), &bad).unwrap();
    let r = env.run(&["table"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stderr.contains("tiebreak: the tiebreak must be between the players tied for the win: Ann, Dee\n"),
        "{}",
        r.stderr
    );
    assert_eq!(env.session_bytes("g"), bad.as_bytes());
}

#[test]
fn a_tie_is_among_the_players_still_at_the_table() {
    // Cy leaves with the lowest total: no win, no tie, no draw for Cy.
    let env = game(&["--set", "tiebreak=draw"]);
    env.ok(&["round", "5", "5", "0"]);
    env.ok(&["player", "remove", "Cy", "--yes"]);
    let listed = env.ok(&["sessions"]).stdout;
    assert!(listed.contains("| Ann and Bob (5) |"), "{listed}");
    for _ in 2..=11 {
        env.ok(&["round", "1", "1"]);
    }
    assert_eq!(env.table_json(&[])["tiebreak"]["drawing"], json!(["Ann", "Bob"]));
    env.ok(&["draw", "--random"]);
    let j = env.table_json(&[]);
    assert_eq!(j["tiebreak"]["tied"], json!(["Ann", "Bob"]));
    let draws = j["tiebreak"]["draws"].as_array().unwrap();
    assert!(draws.iter().all(|d| d.as_object().unwrap().keys().eq(["Ann", "Bob"])), "{draws:?}");
    assert_eq!(j["winners"].as_array().unwrap().len(), 1);
    assert!(j["winners"] != json!(["Cy"]));
    assert!(j["places"].get("Cy").is_none(), "{j}");
    // The file reads back, draws and all.
    assert_eq!(env.table_json(&[])["tiebreak"], j["tiebreak"]);
}
