//! A player who leaves and comes back: the rounds they missed score by the
//! rule given with the return, and every view marks them.

use serde_json::json;

use crate::common::Env;

/// Four players; Frank leaves after round 1 and misses rounds 2 and 3.
fn away_two_rounds() -> Env {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "-p", "Frank"]);
    env.ok(&["round", "5", "10", "7", "2"]);
    env.ok(&["player", "remove", "Frank", "--yes"]);
    env.ok(&["round", "3", "12", "4"]);
    env.ok(&["round", "0", "9", "6", "--out", "Ann"]);
    env
}

#[test]
fn the_rounds_missed_score_under_each_rule() {
    let env = away_two_rounds();
    let cases: &[(&[&str], &str, i32, [i32; 2])] = &[
        (&[], "rounds 2-3, missed, each score the highest score of the round.", 23, [12, 9]),
        (
            &["--missed", "average"],
            "rounds 2-3, missed, each score the average score of the round.",
            13,
            [6, 5],
        ),
        (&["--missed", "nothing"], "rounds 2-3, missed, each score nothing.", 2, [0, 0]),
        (&["--missed", "15"], "rounds 2-3, missed, each score 15 points.", 32, [15, 15]),
        (&["--total", "40"], "as given, for rounds 2-3 missed.", 40, [0, 0]),
    ];
    for (extra, said, total, away) in cases {
        let mut args = vec!["player", "return", "Frank"];
        args.extend_from_slice(extra);
        let r = env.ok(&args);
        assert_eq!(
            r.stdout.lines().next().unwrap(),
            format!("Frank is back in g from round 4, at seat 4, with a total of {total}: {said}"),
            "{extra:?}"
        );
        let t = env.table_json(&[]);
        assert_eq!(t["totals"]["Frank"], json!(total), "{extra:?}");
        assert_eq!(t["rounds"][1]["away"], json!({"Frank": away[0]}), "{extra:?}");
        assert_eq!(t["rounds"][2]["away"], json!({"Frank": away[1]}), "{extra:?}");
        // The scores of a round name its players only, as before.
        assert_eq!(t["rounds"][1]["scores"], json!({"Ann": 3, "Bob": 12, "Cy": 4}));
        env.ok(&["undo", "--yes"]);
        assert_eq!(env.table_json(&[])["left"], json!(["Frank"]));
    }
    env.fails(
        &["player", "return", "Frank", "--missed", "most"],
        2,
        "invalid value 'most' for '--missed <RULE>': give highest, average, nothing, or points from 0 to 1000\n\n\
         For more information, try '--help'.",
    );
}

#[test]
fn every_view_marks_the_rounds_missed() {
    let env = away_two_rounds();
    env.ok(&["player", "return", "Frank"]);
    // A correction of a round missed moves what it scored: Bob's 12 was 14.
    env.ok(&["edit", "2", "Bob", "14"]);
    let r = env.ok_with(&[("COLUMNS", "80")], &["table"]);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[1..7],
        [
            "| Round | Cards | Wild | Dealer |   Ann |     Bob |     Cy |    Frank | Out |",
            "|-------|-------|------|--------|-------|---------|--------|----------|-----|",
            "|     1 |     3 | 3    | Ann    | 5 (5) | 10 (10) |  7 (7) |    2 (2) |     |",
            "|     2 |     4 | 4    | Bob    | 3 (8) | 14 (24) | 4 (11) | 14~ (16) |     |",
            "|     3 |     5 | 5    | Cy     | 0 (8) |  9 (33) | 6 (17) |  9~ (25) | Ann |",
            "|     4 |     6 | 6    | Frank  |       |         |        |          |     |",
        ]
    );
    assert!(
        r.stdout.contains(
            "Key: 12 (40) = points in the round (running total); ~ a round missed, scored by\n     \
             the rule for it\n"
        ),
        "{}",
        r.stdout
    );
    let csv = env.ok(&["export", "--format", "csv"]).stdout;
    assert!(csv.contains("\n2,4,4,Bob,Frank,away,14,16,false,false,\n"), "{csv}");
    let sheet = env.ok(&["export", "--layout", "sheet"]).stdout;
    assert!(sheet.contains("\n2,4,4,Bob,3,14,4,14~,\n3,5,5,Cy,0,9,6,9~,Ann\n"), "{sheet}");
    let chart: serde_json::Value = serde_json::from_str(&env.ok(&["chart", "--json"]).stdout).unwrap();
    assert_eq!(
        chart["series"]["Frank"],
        json!([
            {"round": 0, "total": 0},
            {"round": 1, "total": 2},
            {"round": 2, "total": 16, "away": true},
            {"round": 3, "total": 25, "away": true},
        ])
    );
    let file = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(
        file.contains("[seats.Frank]\naway = [{ left = 1, back = 3, missed = \"highest\" }]\n"),
        "{file}"
    );
}

#[test]
fn an_older_file_keeps_its_rounds_missed_at_nothing() {
    let env = away_two_rounds();
    env.ok(&["player", "return", "Frank"]);
    let path = env.session_file("g");
    let file = std::fs::read_to_string(&path).unwrap().replace(", missed = \"highest\"", "");
    std::fs::write(&path, file).unwrap();
    let t = env.table_json(&[]);
    assert_eq!(t["totals"]["Frank"], json!(2));
    assert_eq!(t["rounds"][1]["away"], json!({"Frank": 0}));
}

#[test]
fn the_session_rule_for_rounds_missed_is_the_return_default() {
    let env = away_two_rounds();
    // The house scores a round missed at its average, from the next round.
    env.ok(&["rules", "--set", "missed_rounds=average", "--save"]);
    let r = env.ok(&["player", "return", "Frank"]);
    assert_eq!(
        r.stdout.lines().next().unwrap(),
        "Frank is back in g from round 4, at seat 4, with a total of 13: rounds 2-3, missed, each score the \
         average score of the round."
    );
    env.ok(&["undo", "--yes"]);
    // A rule given with the return goes first.
    let r = env.ok(&["player", "return", "Frank", "--missed", "nothing"]);
    assert!(
        r.stdout.starts_with("Frank is back in g from round 4, at seat 4, with a total of 2:"),
        "{}",
        r.stdout
    );
    env.ok(&["undo", "--yes"]);
    // Points, set on a new game; a word the setting does not take is refused.
    env.ok(&["rules", "--set", "missed_rounds=15", "--save"]);
    let r = env.ok(&["player", "return", "Frank"]);
    assert!(
        r.stdout.starts_with("Frank is back in g from round 4, at seat 4, with a total of 32:"),
        "{}",
        r.stdout
    );
    env.fails(
        &["rules", "--set", "missed_rounds=most"],
        1,
        "missed_rounds cannot be \"most\"; it takes highest|average|nothing|0-1000",
    );
    // Written only by the games that set it.
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(text.contains("missed_rounds = 15"), "{text}");
    let plain = Env::new();
    plain.ok(&["new", "h", "-p", "Ann", "-p", "Bob"]);
    assert!(!String::from_utf8(plain.session_bytes("h")).unwrap().contains("missed_rounds"));
}
