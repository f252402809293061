//! `--json` on every command that shows or changes a game: JSON and only
//! JSON on stdout, with the figures the terminal shows.

use serde_json::Value;

use crate::common::Env;

/// Runs `three13 ARGS`, which must succeed and print one JSON document.
fn json(env: &Env, args: &[&str]) -> Value {
    let r = env.ok(args);
    serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("three13 {args:?}: not JSON ({e}): {}", r.stdout))
}

/// A change's JSON: its word, and the session after it, which must be
/// what `table --json` then says.
fn change(env: &Env, args: &[&str], word: &str) -> Value {
    let v = json(env, args);
    assert_eq!(v["change"], word, "{args:?}: {v}");
    assert_eq!(v["session"], env.table_json(&[]), "{args:?}: the session after the change");
    v
}

#[test]
fn a_whole_game_through_every_command_prints_only_json() {
    let env = Env::new();
    let v = change(&env, &["new", "night", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--json"], "new");
    assert_eq!(v["session"]["players"], serde_json::json!(["Ann", "Bob", "Cy"]));
    assert_eq!(
        v["said"][0],
        "Started session night with Ann, Bob and Cy (rules: standard); it is the current session."
    );

    // A round with a sum, a hand and out: what was made of them is said.
    let v = change(&env, &["round", "13+9", "4h 5h 6h", "out", "--json"], "round");
    assert_eq!(v["saved"], true);
    assert_eq!(
        v["said"],
        serde_json::json!([
            "  Ann: 13 + 9 = 22",
            "  Bob: 4h 5h 6h: run 4h 5h 6h; nothing left over; deadwood 0",
            "  Cy: out, 0"
        ])
    );
    assert_eq!(v["session"]["totals"], serde_json::json!({"Ann": 22, "Bob": 0, "Cy": 0}));
    assert_eq!(v["session"]["rounds"][0]["out"], "Cy");
    for _ in 2..=5 {
        change(&env, &["round", "5", "0", "7", "--json"], "round");
    }
    let v = change(&env, &["edit", "2", "Ann", "9", "--json"], "edit");
    assert_eq!(v["said"], serde_json::json!(["Round 2: Ann's deadwood 5 is now 9."]));
    let v = change(&env, &["edit", "2", "Ann", "9", "--json"], "edit");
    assert_eq!(
        (v["saved"].clone(), v["said"].clone()),
        (Value::Bool(false), serde_json::json!(["Round 2: nothing changed."]))
    );
    let v = change(&env, &["undo", "--yes", "--json"], "undo");
    assert_eq!(
        v["said"],
        serde_json::json!([
            "Took back the correction of round 2:",
            "  Round 2: Ann's deadwood is 5 again (was 9)."
        ])
    );
    let v = change(&env, &["undo", "--yes", "--json"], "undo");
    assert_eq!(v["said"][0], "Removed round 5 (Ann 5, Bob 0, Cy 7).");
    assert_eq!(v["session"]["rounds"].as_array().unwrap().len(), 4);
    let v = change(&env, &["player", "add", "Dee", "--json"], "player-add");
    assert_eq!(v["said"][0], "Dee joins night at seat 4 from round 5, starting from 37.");
    change(&env, &["player", "rename", "Dee", "Dora", "--json"], "player-rename");
    let v = change(&env, &["rules", "--set", "face_cards=ten", "--save", "--json"], "rules");
    assert_eq!(
        v["said"][0],
        "Saved the rules of night: standard; from round 5: face_cards=ten (before: standard)."
    );
    assert_eq!(v["said"][1], "Rounds 1 to 4 keep the rules they were played under.");
    assert_eq!(v["session"]["rules_summary"], "standard; from round 5: face_cards=ten");
    let v = change(&env, &["rules", "--set", "face_cards=ten", "--save", "--json"], "rules");
    assert_eq!(v["saved"], false);
    for _ in 5..=11 {
        change(&env, &["round", "5", "0", "7", "3", "--json"], "round");
    }
    let v = change(&env, &["player", "remove", "Dora", "--yes", "--json"], "player-remove");
    assert_eq!(v["said"][0], "Dora left night after round 11: their rounds stay, and the deal skips them.");

    // Every view.
    let table = json(&env, &["table", "--json"]);
    assert_eq!(table["finished"], true);
    let show = json(&env, &["show", "1", "--json"]);
    assert!(show.is_object(), "{show}");
    let chart = json(&env, &["chart", "--json"]);
    assert!(chart.is_object(), "{chart}");
    let sessions = json(&env, &["sessions", "--json"]);
    assert_eq!(sessions[0]["name"], "night");
    let stats = json(&env, &["stats", "--json"]);
    assert!(!stats.is_null());
    json(&env, &["stats", "Ann", "--json"]);
    json(&env, &["stats", "--versus", "Ann", "Bob", "--json"]);
    json(&env, &["rules", "--json"]);
    json(&env, &["check", "3h 4h 5h", "--json"]);
    assert_eq!(json(&env, &["export", "--format", "json"]), table);
    let path = json(&env, &["path", "--json"]);
    assert_eq!(path["session"], env.session_file("night").to_string_lossy().as_ref());

    // Off to another game and back, then away with it.
    change(&env, &["new", "other", "-p", "Ann", "-p", "Bob", "--json"], "new");
    let v = change(&env, &["use", "night", "--json"], "use");
    assert_eq!(v["said"][0], "Now using session night.");
    let v = json(&env, &["delete", "other", "--yes", "--json"]);
    assert_eq!(v, serde_json::json!({"change": "delete", "deleted": "other", "was_current": false}));
}

#[test]
fn json_never_prompts() {
    let env = Env::new();
    env.ok(&["new", "-p", "Ann", "-p", "Bob"]);
    let r = env.run(&["round", "--json"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(r.stdout, "");
    env.ok(&["round", "1", "0"]);
    let r = env.run(&["undo", "--json"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(r.stdout, "");
}
