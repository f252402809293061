//! The scoring variants and the presets, through the sheet.

use serde_json::json;

use crate::common::Env;

fn game(settings: &[&str]) -> Env {
    let env = Env::new();
    let mut args = vec!["new", "g", "-p", "Ann", "-p", "Bob"];
    for s in settings {
        args.extend(["--set", s]);
    }
    env.ok(&args);
    env
}

fn scores(env: &Env, round: usize) -> serde_json::Value {
    env.table_json(&[])["rounds"][round - 1]["scores"].clone()
}

#[test]
fn double_last_rounds_doubles_jacks_queens_kings() {
    let env = game(&["double_last_rounds=true"]);
    for _ in 0..8 {
        env.ok(&["round", "5", "10"]);
    }
    assert_eq!(scores(&env, 8), json!({"Ann": 5, "Bob": 10}));
    let r = env.ok(&["round", "5", "10"]);
    assert_eq!(scores(&env, 9), json!({"Ann": 10, "Bob": 20}));
    assert!(
        r.stdout.contains("|     9 |    11 | J    | doubled | Ann    | 10 (50) | 20 (100) |"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .ends_with("Next: round 10, 12 cards, queens wild, Bob deals, Ann plays first (scores double); 2 rounds left\n"),
        "{}",
        r.stdout
    );
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][8]["deadwood"], json!({"Ann": 5, "Bob": 10}));
}

#[test]
fn go_out_bonus_replaces_the_zero() {
    let env = game(&["go_out_bonus=-10"]);
    env.ok(&["round", "0", "12", "--out", "Ann"]);
    assert_eq!(scores(&env, 1), json!({"Ann": -10, "Bob": 12}));
    // Without --out nobody gets the bonus.
    env.ok(&["round", "0", "12"]);
    assert_eq!(scores(&env, 2), json!({"Ann": 0, "Bob": 12}));

    let env = game(&["go_out_bonus=wild"]);
    env.ok(&["round", "0", "12", "--out", "Ann"]);
    env.ok(&["round", "7", "0", "--out", "Bob"]);
    assert_eq!(scores(&env, 1), json!({"Ann": -3, "Bob": 12}));
    assert_eq!(scores(&env, 2), json!({"Ann": 7, "Bob": -4}));
    assert_eq!(env.table_json(&[])["totals"], json!({"Ann": 4, "Bob": 8}));
}

#[test]
fn bad_go_out_penalty_is_added() {
    let env = game(&["bad_go_out_penalty=20"]);
    let r = env.ok(&["round", "0", "12", "--out", "Ann", "--penalty", "Bob"]);
    assert_eq!(scores(&env, 1), json!({"Ann": 0, "Bob": 32}));
    assert!(
        r.stdout.contains("| Round | Cards | Wild | Dealer |   Ann |     Bob | Out | Penalty |"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("|     1 |     3 | 3    | Ann    | 0 (0) | 32 (32) | Ann | Bob     |"),
        "{}",
        r.stdout
    );
    env.fails(
        &["round", "0", "5", "--out", "Ann", "--penalty", "Ann"],
        1,
        "Ann cannot both go out and be penalised for a bad go-out",
    );
    env.fails(
        &["round", "3", "5", "--penalty", "Ann", "--penalty", "ann"],
        2,
        "Ann is penalised twice in one round",
    );
}

#[test]
fn all_three_in_a_doubled_round() {
    // The round score (the bonus in place of 0) doubles; the penalty does not.
    let env = game(&["double_last_rounds=true", "go_out_bonus=-5", "bad_go_out_penalty=20"]);
    for _ in 0..10 {
        env.ok(&["round", "1", "1"]);
    }
    env.ok(&["round", "0", "6", "--out", "Ann", "--penalty", "Bob"]);
    assert_eq!(scores(&env, 11), json!({"Ann": -10, "Bob": 32}));
}

#[test]
fn double_naughts_replays_the_round() {
    let env = game(&["double_naughts=true"]);
    env.ok(&["round", "3", "4"]);
    let r = env.ok(&["round", "0", "0", "--out", "Bob"]);
    assert_eq!(
        r.stderr,
        "note: everyone scored 0 and the rules have double_naughts: round 2 is replayed: same round, same dealer; nothing was recorded\n"
    );
    assert!(
        r.stdout
            .ends_with("Next: round 2, 4 cards, fours wild, Bob deals, Ann plays first; 10 rounds left\n"),
        "{}",
        r.stdout
    );
    assert_eq!(env.table_json(&[])["rounds"].as_array().unwrap().len(), 1);
    // Without double_naughts, a round of zeros counts like any other.
    let env = game(&[]);
    env.ok(&["round", "0", "0"]);
    assert_eq!(env.table_json(&[])["rounds"].as_array().unwrap().len(), 1);
}

#[test]
fn extra_rounds_and_down_and_up_change_the_rounds() {
    let env = game(&["extra_rounds=2"]);
    for _ in 0..11 {
        env.ok(&["round", "1", "2"]);
    }
    let t = env.table_json(&[]);
    assert_eq!(t["finished"], json!(false));
    assert_eq!(
        t["next"],
        json!({"round": 12, "tiebreak": false, "cards": 14, "wild": "A", "wilds": "A", "doubled": false, "dealer": "Bob", "first": "Ann", "players": ["Ann", "Bob"]})
    );
    env.ok(&["round", "1", "2"]);
    let r = env.ok(&["round", "Ann=2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac Kd Qd", "Bob=0"]);
    assert!(r.stdout.contains("|    13 |    15 | 2    | Ann    |"), "{}", r.stdout);
    assert_eq!(scores(&env, 13), json!({"Ann": 1, "Bob": 0}));
    assert_eq!(env.table_json(&[])["winners"], json!(["Ann"]));

    let env = game(&["down_and_up=true"]);
    for _ in 0..11 {
        env.ok(&["round", "1", "2"]);
    }
    assert_eq!(
        env.table_json(&[])["next"],
        json!({"round": 12, "tiebreak": false, "cards": 13, "wild": "K", "wilds": "K", "doubled": false, "dealer": "Bob", "first": "Ann", "players": ["Ann", "Bob"]})
    );
    let table = env.ok(&["table"]).stdout;
    assert!(table.contains("|    22 |     3 | 3    | Bob    |"), "{table}");
}

#[test]
fn a_session_from_each_preset() {
    for (preset, summary, hand, deadwood, most) in [
        ("standard", "standard", "Kh Qh 9c", 34, 52),
        ("tens", "tens", "Kh Qh 9c", 29, 40),
        // Three wild threes meld on their own, except under strict.
        ("strict", "strict", "3d 3c 3h", 9, 52),
    ] {
        let env = Env::new();
        env.ok(&["new", preset, "--rules", preset, "-p", "Ann", "-p", "Bob"]);
        let r = env.ok(&["round", &format!("Ann={hand}"), "Bob=0"]);
        assert!(r.stdout.starts_with(&format!("Session {preset} (rules: {summary})\n")), "{}", r.stdout);
        let t = env.table_json(&[]);
        assert_eq!(t["rules_summary"], json!(summary));
        assert_eq!(t["rounds"][0]["deadwood"]["Ann"], json!(deadwood), "{preset}");
        env.fails(
            &["round", &(most + 1).to_string(), "0"],
            1,
            &format!("Ann's score {} is more than 4 cards can hold: at most {most} in round 2", most + 1),
        );
    }
    let env = Env::new();
    env.ok(&["new", "mixed", "--rules", "tens", "--set", "ace_value=15", "-p", "Ann", "-p", "Bob"]);
    assert_eq!(env.table_json(&[])["rules_summary"], json!("tens, ace_value=15"));
}
