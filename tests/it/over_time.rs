//! The rules over time: a change of rules applies from a round on, the
//! rounds before keep the rules they were played under, and the rounds a
//! change reaches are scored again from the cards typed.

use serde_json::json;

use crate::common::Env;

/// Ann and Bob, six rounds of standard rules: Ann out in round 1 with Bob
/// left holding a king and a queen, a typed hand in round 2, a king and a
/// four left over after.
fn six_rounds() -> Env {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "out", "K Q"]);
    env.ok(&["round", "9h 4d Kh 5s", "7"]);
    for _ in 3..=6 {
        env.ok(&["round", "K 4", "3"]);
    }
    env
}

#[test]
fn a_rule_changed_from_round_7_leaves_rounds_1_to_6() {
    let env = six_rounds();
    let before = env.table_json(&[]);
    let r = env.ok(&["rules", "--set", "face_cards=ten", "--set", "double_last_rounds=true", "--save"]);
    assert!(
        r.stdout.starts_with(
            "Saved the rules of g: standard; from round 7: face_cards=ten, double_last_rounds=true (before:\n\
             standard).\n\
             Rounds 1 to 6 keep the rules they were played under.\n\
             Session g (rules: standard; from round 7: face_cards=ten, double_last_rounds=true)\n"
        ),
        "{}",
        r.stdout
    );
    let after = env.table_json(&[]);
    // Rounds 1 to 6 are as they were, figure for figure.
    assert_eq!(after["rounds"], before["rounds"]);
    assert_eq!(after["totals"], before["totals"]);
    assert_eq!(
        after["rules_summary"],
        json!("standard; from round 7: face_cards=ten, double_last_rounds=true")
    );
    assert_eq!(after["rule_changes"][0]["from"], json!(7));
    assert_eq!(after["rule_changes"][0]["changes"], json!(["face_cards=ten", "double_last_rounds=true"]));
    assert_eq!(after["next"]["round"], json!(7));

    // From round 7 the king counts 10, and the last three rounds double.
    for round in 7..=11 {
        let r = env.ok(&["round", "K 4", "3"]);
        // The last round ends the game: a rematch is suggested.
        let rematch = if round == 11 {
            "note: rematch? three13 new --like g starts one with the same players and rules\n"
        } else {
            ""
        };
        assert_eq!(r.stderr, format!("  Ann: cards left over K 10, 4 4 = 14\n{rematch}"));
    }
    let table = env.ok(&["table"]).stdout;
    assert_eq!(
        table,
        "\
Session g (rules: standard; from round 7: face_cards=ten, double_last_rounds=true)
| Round | Cards | Wild | Points  | Dealer |      Ann |     Bob | Out |
|-------|-------|------|---------|--------|----------|---------|-----|
|     1 |     3 | 3    |         | Ann    |    0 (0) | 25 (25) | Ann |
|     2 |     4 | 4    |         | Bob    | 31# (31) |  7 (32) |     |
|     3 |     5 | 5    |         | Ann    |  17 (48) |  3 (35) |     |
|     4 |     6 | 6    |         | Bob    |  17 (65) |  3 (38) |     |
|     5 |     7 | 7    |         | Ann    |  17 (82) |  3 (41) |     |
|     6 |     8 | 8    |         | Bob    |  17 (99) |  3 (44) |     |
|     7 |     9 | 9    |         | Ann    | 14 (113) |  3 (47) |     |
|     8 |    10 | 10   |         | Bob    | 14 (127) |  3 (50) |     |
|     9 |    11 | J    | doubled | Ann    | 28 (155) |  6 (56) |     |
|    10 |    12 | Q    | doubled | Bob    | 28 (183) |  6 (62) |     |
|    11 |    13 | K    | doubled | Ann    | 28 (211) |  6 (68) |     |
| Total |       |      |         |        |      211 |      68 |     |
Key: 12 (40) = points in the round (running total); # a typed hand (three13 show ROUND);
     rounds 9-11 doubled; rules from round 7: face_cards=ten, double_last_rounds=true

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Bob    |    68 |      0 |   0 |
|     2 | Ann    |   211 |    143 |   1 |
Game over: Bob wins by 143, with 68.
"
    );
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][5]["doubled"], json!(false));
    assert_eq!(t["rounds"][8]["doubled"], json!(true));
    assert_eq!(t["rounds"][6]["deadwood"], json!({"Ann": 14, "Bob": 3}));

    // The file keeps the rules of round 1 and the change from round 7; the
    // cards left over are kept as typed.
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(text.contains("\nface_cards = \"rank\"\n"), "{text}");
    assert!(
        text.contains(
            "\n[[rule_changes]]\nfrom = 7\nface_cards = \"ten\"\ndouble_last_rounds = true\n\n[[rounds]]\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("\ndeadwood = { Ann = 0, Bob = 25 }\nleftover = { Bob = \"K Q\" }\nout = \"Ann\"\n"),
        "{text}"
    );
    // The export and the rules show the same.
    let csv = env.ok(&["export"]).stdout;
    assert!(csv.contains("\n6,8,8,Bob,Ann,17,17,99,false,false,\n"), "{csv}");
    assert!(csv.contains("\n9,11,J,Ann,Ann,14,28,155,false,false,\n"), "{csv}");
    let rules = env.ok(&["rules"]).stdout;
    assert!(
        rules.starts_with(
            "Rules: tens, double_last_rounds=true (from session g)\n\
             These are the rules from round 7 on; g changed its rules: standard; from round 7: face_cards=ten,\n\
             double_last_rounds=true.\n"
        ),
        "{rules}"
    );
}

#[test]
fn from_round_1_scores_typed_hands_and_cards_left_over_again() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy"]);
    env.ok(&["round", "9h 4d Kh", "K 9", "12"]);
    env.ok(&["round", "Kh Qd", "out", "Kh Qd 9c 4s"]);
    let r = env.ok(&["rules", "--set", "face_cards=ten", "--save", "--from", "1"]);
    assert!(
        r.stdout.starts_with(
            "Saved the rules of g: tens (before: standard).\n\
             Totals are worked out again for rounds 1 and 2: 2 typed hands and 2 scores typed as cards left over\n\
             are scored again; 1 score typed as a number stays as it was.\n  \
             round 1: Ann's hand now leaves 23 (was 26)\n  \
             round 1: Bob's cards left over now count 19 (was 22)\n  \
             round 2: Ann's cards left over now count 20 (was 25)\n  \
             round 2: Cy's hand now leaves 33 (was 38)\n\
             Session g (rules: tens)\n"
        ),
        "{}",
        r.stdout
    );
    let t = env.table_json(&[]);
    // Cy's 12, typed as a number, stays a number.
    assert_eq!(t["rounds"][0]["deadwood"], json!({"Ann": 23, "Bob": 19, "Cy": 12}));
    assert_eq!(t["rounds"][1]["deadwood"], json!({"Ann": 20, "Bob": 0, "Cy": 33}));
    assert_eq!(t["rule_changes"], json!([]));
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(
        text.contains(
            "round = 1\ndeadwood = { Ann = 23, Bob = 19, Cy = 12 }\nhands = { Ann = \"9h 4d Kh\" }\nleftover = { Bob = \"K 9\" }\n"
        ),
        "{text}"
    );
    // Back to rank values from round 2: round 1 stays, round 2 is scored again.
    let r = env.ok(&["rules", "--set", "face_cards=rank", "--save", "--from", "2"]);
    assert!(
        r.stdout.starts_with(
            "Saved the rules of g: tens; from round 2: face_cards=rank (before: tens).\n\
             Totals are worked out again for round 2: 1 typed hand and 1 score typed as cards left over are\n\
             scored again. Round 1 keeps the rules it was played under.\n  \
             round 2: Ann's cards left over now count 25 (was 20)\n  \
             round 2: Cy's hand now leaves 38 (was 33)\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 48, "Bob": 19, "Cy": 50}));
    env.fails(
        &["rules", "--set", "face_cards=ten", "--save", "--from", "4"],
        1,
        "rules can change from a round played or the next one, not from round 4: the rounds are 1 to 3\n  \
         hint: nothing was changed; the rules of g stay tens; from round 2: face_cards=rank",
    );
    let r = env.ok(&["rules", "--set", "face_cards=rank", "--save", "--from", "2"]);
    assert_eq!(r.stdout, "The rules of g from round 2 are already standard; nothing was changed.\n");
}

#[test]
fn the_round_table_is_the_whole_games() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    for _ in 0..3 {
        env.ok(&["round", "1", "2"]);
    }
    // From any round, extra_rounds and down_and_up change the whole game.
    let r = env.ok(&["rules", "--set", "down_and_up=true", "--set", "face_cards=ten", "--save"]);
    assert!(
        r.stdout.starts_with(
            "Saved the rules of g: standard, down_and_up=true; from round 4: face_cards=ten (before: standard).\n\
             extra_rounds and down_and_up shape the round table, which is the whole game's: the game has 22\n\
             rounds.\n\
             Rounds 1 to 3 keep the rules they were played under.\n"
        ),
        "{}",
        r.stdout
    );
    for _ in 4..=12 {
        env.ok(&["round", "1", "2"]);
    }
    // Round 12, played with 13 cards, would be dealt 14 with aces wild.
    let before = env.session_bytes("g");
    env.fails(
        &["rules", "--set", "extra_rounds=1", "--save"],
        1,
        "round 12 was dealt 13 cards, kings wild; these rules would deal it 14 cards, aces wild, and a \
         round played keeps its deal\n  hint: nothing was changed; the rules of g stay standard, \
         down_and_up=true; from round 4: face_cards=ten",
    );
    assert_eq!(env.session_bytes("g"), before);
    // A file that changes the round table from a round on is refused.
    let text = String::from_utf8(before).unwrap();
    let bad = text.replace("[[rule_changes]]\nfrom = 4\n", "[[rule_changes]]\nfrom = 4\nextra_rounds = 1\n");
    std::fs::write(env.session_file("g"), &bad).unwrap();
    let r = env.run(&["table"]);
    let line = bad.lines().position(|l| l == "[[rule_changes]]").unwrap() + 1;
    assert_eq!(
        r.stderr,
        format!(
            "error: {}:{line}:1: rule_changes: extra_rounds shapes the round table, which is the whole game's: \
             set it in [rules], not from a round on\n  hint: the file is left as it is: fix it by hand, or remove \
             it with `three13 delete g`\n",
            env.session_file("g").display()
        )
    );
    // Cards left over that do not make their deadwood are refused, placed.
    env.ok(&["new", "h", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "K 9", "0"]);
    let text = String::from_utf8(env.session_bytes("h")).unwrap();
    let bad = text.replace("leftover = { Ann = \"K 9\" }", "leftover = { Ann = \"K 8\" }");
    std::fs::write(env.session_file("h"), &bad).unwrap();
    let r = env.run(&["table"]);
    let line = bad.lines().position(|l| l.starts_with("leftover")).unwrap() + 1;
    assert_eq!(
        r.stderr,
        format!(
            "error: {}:{line}:20: round 1: Ann's cards left over count 21, but the deadwood says 22; fix one of \
             them, or remove the cards\n  hint: the file is left as it is: fix it by hand, or remove it with \
             `three13 delete h`\n",
            env.session_file("h").display()
        )
    );
}
