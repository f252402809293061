//! The smaller things a table meets: a player found under a former name in
//! every game, a preset's name kept with a setting added, a rematch with a
//! player added, names with spaces in a list of seats, and sessions found
//! by the start of their name.

use serde_json::json;

use crate::common::Env;

fn finish(env: &Env, scores: &[&str]) {
    for _ in 0..11 {
        let mut args = vec!["round"];
        args.extend_from_slice(scores);
        env.ok(&args);
    }
}

#[test]
fn stats_find_a_player_under_any_name_they_had_in_every_game() {
    let env = Env::new();
    // Robert was still Bob in the first game, and became Robert in the second.
    env.ok(&["new", "first", "-p", "Ann", "-p", "Bob"]);
    finish(&env, &["5", "0"]);
    env.ok(&["new", "second", "-p", "Ann", "-p", "Bob"]);
    finish(&env, &["0", "5"]);
    env.ok(&["player", "rename", "Bob", "Robert"]);
    for name in ["Bob", "Robert", "robert"] {
        let j: serde_json::Value = serde_json::from_str(&env.ok(&["stats", name, "--json"]).stdout).unwrap();
        let sessions: Vec<&str> =
            j["games"].as_array().unwrap().iter().map(|g| g["session"].as_str().unwrap()).collect();
        assert_eq!(sessions, ["first", "second"], "stats {name}");
    }
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["stats", "--json"]).stdout).unwrap();
    let records = j["groups"][0]["records"].as_array().unwrap();
    let names: Vec<&str> = records.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann", "Robert"]);
    assert_eq!(records[1]["games"], json!(2));
    let versus = env.ok(&["stats", "--versus", "Ann", "Bob"]).stdout;
    assert_eq!(
        versus,
        "Ann against Bob: 2 finished games together; Ann finished ahead in 1, Bob in 1, level in 0.\n"
    );
}

#[test]
fn a_preset_keeps_its_name_when_a_setting_is_added() {
    let env = Env::new();
    let r = env.ok(&[
        "new",
        "g",
        "-p",
        "Ann",
        "-p",
        "Bob",
        "--rules",
        "tens",
        "--set",
        "double_last_rounds=true",
    ]);
    assert!(
        r.stdout.starts_with(
            "Started session g with Ann and Bob (rules: tens, double_last_rounds=true); it is the current\nsession.\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(env.table_json(&[])["rules_summary"], json!("tens, double_last_rounds=true"));
    // The same rules from the standard ones, by their settings: the same name.
    env.ok(&[
        "new",
        "h",
        "-p",
        "Ann",
        "-p",
        "Bob",
        "--set",
        "face_cards=ten",
        "--set",
        "double_last_rounds=true",
    ]);
    finish(&env, &["1", "2"]);
    env.ok(&["use", "g"]);
    finish(&env, &["2", "1"]);
    let stats = env.ok(&["stats"]).stdout;
    assert!(stats.starts_with("Rules tens, double_last_rounds=true: 2 finished games\n"), "{stats}");
}

#[test]
fn a_rematch_takes_players_added_with_player() {
    let env = Env::new();
    env.ok(&["new", "friday", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--rules", "tens"]);
    env.ok(&["player", "remove", "Cy", "--yes"]);
    let r = env.ok(&["new", "again", "--like", "friday", "-p", "Zoe", "-p", "Dee"]);
    assert_eq!(
        r.stdout,
        "Started session again with Ann, Bob, Zoe and Dee (rules: tens); it is the current session.\n\
         Next: round 1, 3 cards, threes wild, Bob deals, Zoe plays first; 11 rounds left\n\
         Record it with `three13 round` and a score per player, in seat order: Ann Bob Zoe Dee\n"
    );
    env.fails(
        &["new", "third", "--like", "friday", "-p", "bob"],
        2,
        "Bob plays in friday already; with --like, --player adds a player to the rematch",
    );
}

#[test]
fn names_with_spaces_stand_apart_in_a_list_of_seats() {
    let env = Env::new();
    let r = env.ok(&["new", "g", "-p", "Ann", "-p", "Grandma Rose", "-p", "Robert"]);
    assert!(
        r.stdout.ends_with(
            "Record it with `three13 round` and a score per player, in seat order: Ann \"Grandma Rose\" Robert\n"
        ),
        "{}",
        r.stdout
    );
    env.fails(
        &["round", "1", "2"],
        2,
        "3 players but 2 scores given; give one per player in seat order (Ann \"Grandma Rose\" Robert), or NAME=SCORE",
    );
    env.fails(
        &["round", "Ann=1"],
        2,
        "no score for Grandma Rose; give every player's score: Ann=N \"Grandma Rose=N\" Robert=N",
    );
}

#[test]
fn a_session_is_found_by_the_start_of_its_name() {
    let env = Env::new();
    env.ok(&["new", "friday", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["new", "fridge", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["new", "monday", "-p", "Cy", "-p", "Dee"]);
    let r = env.ok(&["use", "frida"]);
    assert!(r.stdout.starts_with("Now using session friday.\n"), "{}", r.stdout);
    assert_eq!(env.table_json(&["--session", "mon"])["session"], json!("monday"));
    env.ok(&["round", "1", "2", "--session", "FRIDG"]);
    assert_eq!(env.table_json(&["--session", "fridge"])["rounds"].as_array().unwrap().len(), 1);
    env.fails(&["use", "fri"], 1, "\"fri\" could be session friday or fridge; type more of the name");
    env.fails(
        &["table", "--session", "f"],
        1,
        "\"f\" could be session friday or fridge; type more of the name",
    );
    // Deleting cannot be undone: the whole name only.
    env.fails(&["delete", "mon", "--yes"], 1, "no session named \"mon\"; see `three13 sessions`");
    env.ok(&["delete", "monday", "--yes"]);
}
