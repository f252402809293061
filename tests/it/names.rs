//! Names as people type them: a player by the start of their name, and
//! "did you mean" for players, sessions, presets, settings and values; and
//! the one rule of exit codes.

use crate::common::Env;

fn table() -> Env {
    let env = Env::new();
    env.ok(&["new", "saturday", "-p", "Ann", "-p", "Bob", "-p", "Bea", "-p", "Cy"]);
    env
}

#[test]
fn a_player_may_be_named_by_the_start_of_their_name() {
    let env = table();
    env.ok(&["round", "0", "5", "6", "7", "--out", "a"]);
    env.ok(&["round", "a=3", "bo=0", "Be=1", "C=2", "--out", "BO"]);
    let j = env.table_json(&[]);
    assert_eq!(j["rounds"][0]["out"], "Ann");
    assert_eq!(j["rounds"][1]["out"], "Bob");
    assert_eq!(j["rounds"][1]["deadwood"], serde_json::json!({"Ann": 3, "Bob": 0, "Bea": 1, "Cy": 2}));
    let before = env.session_bytes("saturday");
    env.fails(
        &["round", "0", "1", "2", "3", "--out", "B"],
        1,
        "\"B\" could be Bob or Bea; type more of the name",
    );
    env.fails(
        &["edit", "1", "Beaa", "4"],
        1,
        "no player named \"Beaa\" in this session; the players are Ann, Bob, Bea, Cy\n  hint: did you mean \"Bea\"?",
    );
    assert_eq!(env.session_bytes("saturday"), before);
}

#[test]
fn did_you_mean_for_every_name() {
    let env = table();
    let cases: &[(&[&str], &str)] = &[
        (
            &["round", "0", "1", "2", "3", "--out", "bbo"],
            "no player named \"bbo\" in this session; the players are Ann, Bob, Bea, Cy\n  hint: did you mean \"Bob\"?",
        ),
        (
            &["use", "satruday"],
            "no session named \"satruday\" (DATA/sessions/satruday.toml does not exist); see `three13 sessions`, \
             or start one with `three13 new`\n  hint: did you mean \"saturday\"?",
        ),
        (
            &["delete", "saturdy", "--yes"],
            "no session named \"saturdy\"; see `three13 sessions`\n  hint: did you mean \"saturday\"?",
        ),
        (
            &["rules", "strcit"],
            "unknown preset \"strcit\"; the presets are standard, tens, strict, five-crowns\n  hint: did you mean \"strict\"?",
        ),
        (
            &["rules", "--set", "ace_hgih=true"],
            "unknown setting \"ace_hgih\"; the settings are decks, face_cards, ace_value, wild_value, ace_high, \
             all_wild_melds, half_wild, jokers, joker_value, suits, ranks, kings_wild, extra_rounds, down_and_up, \
             round_order, lay_off, double_last_rounds, go_out_bonus, bad_go_out_penalty, double_naughts, \
             tiebreak, missed_rounds, throw_back, go_around_once\n  hint: did you mean \"ace_high\"?",
        ),
        (
            &["rules", "--set", "face_cards=tne"],
            "face_cards cannot be \"tne\"; it takes rank|ten\n  hint: did you mean \"ten\"?",
        ),
        (
            &["rules", "--set", "lay_off=ture"],
            "lay_off cannot be \"ture\"; it takes true|false\n  hint: did you mean \"true\"?",
        ),
        // Nothing near: no hint.
        (
            &["rules", "house"],
            "unknown preset \"house\"; the presets are standard, tens, strict, five-crowns",
        ),
    ];
    let data = env.data_dir().display().to_string();
    for (args, message) in cases {
        env.fails(args, 1, &message.replace("DATA", &data));
    }
}

/// 2 for what is wrong with the command line's shape, 1 for what is wrong
/// with the game or the data.
#[test]
fn exit_codes_follow_one_rule() {
    let env = table();
    env.ok(&["round", "1", "2", "3", "4"]);
    let shape: &[&[&str]] = &[
        &["round", "--bogus"],
        &["round", "1", "2"],
        &["round", "1", "Bob=2", "Ann=1", "Cy=3", "Bea=0"],
        &["round", "Ann=1", "ann=2", "Bob=1", "Bea=1", "Cy=1"],
        &["round"],
        &["rules", "--set", "decks"],
        &["undo"],
        &["delete", "saturday"],
        &["check", "--wild", "X", "Ah", "2h", "3h"],
        &["edit", "one", "Ann", "3"],
    ];
    for args in shape {
        assert_eq!(env.run(args).code, 2, "{args:?}");
    }
    let game: &[&[&str]] = &[
        &["round", "1", "2", "3", "4", "--out", "Zed"],
        &["use", "nope"],
        &["rules", "house"],
        &["rules", "--set", "colour=red"],
        &["rules", "--set", "decks=0"],
        &["new", "-p", "Ann", "-p", "ann"],
        &["new", "-p", "Ann", "-p", "12"],
        &["new", "bad/name", "-p", "Ann", "-p", "Bob"],
        &["round", "1", "2", "3", "99"],
        &["check", "Zz", "Ah", "2h"],
        &["check", "--round", "12", "Ah", "2h", "3h"],
    ];
    for args in game {
        assert_eq!(env.run(args).code, 1, "{args:?}");
    }
}
