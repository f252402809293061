//! Scores as people type them: sums of ranks and numbers, `NAME = VALUE`
//! with spaces, several scores in one argument, a name mistyped where a
//! score goes.

use serde_json::json;

use crate::common::Env;

fn game(players: &[&str]) -> Env {
    let env = Env::new();
    let mut args = vec!["new", "g"];
    for p in players {
        args.extend(["-p", p]);
    }
    env.ok(&args);
    env
}

#[test]
fn a_sum_mixes_ranks_and_numbers_at_the_rules_values() {
    let env = game(&["Ann", "Bob", "Cy"]);
    let r = env.ok(&["round", "Ann=K+4", "Bob=K + 9 + 4", "Cy=out"]);
    assert_eq!(r.stderr, "  Ann: K (13) + 4 = 17\n  Bob: K (13) + 9 + 4 = 26\n  Cy: out, 0\n");
    assert_eq!(env.table_json(&[])["rounds"][0]["deadwood"], json!({"Ann": 17, "Bob": 26, "Cy": 0}));
    // In seat order too, and at the values of the rules: J Q K worth 10.
    env.ok(&["rules", "--set", "face_cards=ten", "--save"]);
    let r = env.ok(&["round", "Q+A", "k + 2", "0"]);
    assert_eq!(r.stderr, "  Ann: Q (10) + A (1) = 11\n  Bob: K (10) + 2 = 12\n");
    env.fails(
        &["round", "K+4x", "0", "0"],
        1,
        "Ann's hand: \"4x\" has no suit \"x\"\n  K+4x\n    ^^\n  hint: did you mean \"4c\"? suits are c d h s (or ♣ ♦ ♥ ♠)",
    );
    env.fails(
        &["round", "K+50", "0", "0"],
        1,
        "Ann's score 60 is more than 5 cards can hold: at most 50 in round 3",
    );
}

#[test]
fn name_equals_value_with_spaces_and_one_argument_holding_several() {
    let env = game(&["Ann", "Bob", "Cy"]);
    env.ok(&["round", "Ann", "=", "12", "Bob", "=", "0", "Cy=", "35", "--out", "Bob"]);
    env.ok(&["round", "Ann = 3", "Bob =4", "Cy= 5"]);
    env.ok(&["round", "Ann=1 Bob=2", "Cy = 9h 4d Kh 5s 5c"]);
    env.ok(&["round", "12 0 35"]);
    env.ok(&["round", "4, 5, 6"]);
    let rounds = env.table_json(&[])["rounds"].clone();
    let deadwood: Vec<_> = rounds.as_array().unwrap().iter().map(|r| r["deadwood"].clone()).collect();
    assert_eq!(
        deadwood,
        [
            json!({"Ann": 12, "Bob": 0, "Cy": 35}),
            json!({"Ann": 3, "Bob": 4, "Cy": 5}),
            json!({"Ann": 1, "Bob": 2, "Cy": 13}),
            json!({"Ann": 12, "Bob": 0, "Cy": 35}),
            json!({"Ann": 4, "Bob": 5, "Cy": 6}),
        ]
    );
    assert_eq!(rounds[2]["hands"], json!({"Cy": "9h 4d Kh 5s 5c"}));
    // A score after a value written onto its `=` is a score without a name.
    env.fails(
        &["round", "Ann=12", "0", "Cy=35"],
        2,
        "\"0\" has no player name, but other scores do; give either every score in seat order (12 0 35) or each as NAME=SCORE",
    );
    env.fails(
        &["round", "=", "3"],
        2,
        "\"=\" gives a score without a player's name; write each as NAME=SCORE",
    );
    env.fails(
        &["round", "12 0"],
        2,
        "3 players but 2 scores given; give one per player in seat order (Ann Bob Cy), or NAME=SCORE",
    );
    // Names with spaces, by name and in an argument of several.
    let env = game(&["Ann Lee", "Bob", "Grandma Rose"]);
    env.ok(&["round", "Ann Lee = 3", "Bob", "=", "4", "Grandma Rose=5"]);
    env.ok(&["round", "Grandma Rose=1 Ann Lee=2", "Bob = 0"]);
    let rounds = env.table_json(&[])["rounds"].clone();
    assert_eq!(rounds[0]["deadwood"], json!({"Ann Lee": 3, "Bob": 4, "Grandma Rose": 5}));
    assert_eq!(rounds[1]["deadwood"], json!({"Ann Lee": 2, "Bob": 0, "Grandma Rose": 1}));
}

#[test]
fn a_name_mistyped_where_a_score_goes_is_suggested() {
    let env = game(&["Ann", "Bob"]);
    env.ok(&["round", "1", "2"]);
    let before = env.session_bytes("g");
    env.fails(
        &["edit", "1", "bbo", "3"],
        1,
        "\"bbo\" is neither a score nor a card\n  hint: did you mean Bob=3?",
    );
    env.fails(&["round", "5", "nan"], 1, "\"nan\" is neither a score nor a card\n  hint: did you mean Ann?");
    env.fails(
        &["round", "Ann=5", "bbo=3"],
        1,
        "no player named \"bbo\" in this session; the players are Ann, Bob\n  hint: did you mean \"Bob\"?",
    );
    // A word far from every name is a card that is not one.
    env.fails(
        &["edit", "1", "zzz", "3"],
        1,
        "Ann's hand: \"zzz\" is not a card\n  zzz\n  ^^^\n  hint: write a card as rank then suit, like 7d or 10h; ranks are A 2-10 J Q K (or T for ten); suits are c d h s (or ♣ ♦ ♥ ♠)",
    );
    assert_eq!(env.session_bytes("g"), before);
    let r = env.ok(&["edit", "1", "Bob", "=", "3"]);
    assert!(r.stdout.starts_with("Round 1: Bob's deadwood 2 is now 3.\n"), "{}", r.stdout);
}
