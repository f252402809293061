//! Players joining late: a start given as a rule is worked out from the
//! sheet and follows it; a number stays that number; older files load.

use serde_json::json;

use crate::common::Env;

/// Three players, three rounds (Ed's 18 in round 3 a mistake), then Rose
/// at the highest total, Dee at the average and Cy at 50.
fn evening() -> Env {
    let env = Env::new();
    env.ok(&["new", "fri", "-p", "Ann", "-p", "Bob", "-p", "Ed"]);
    env.ok(&["round", "5", "10", "7"]);
    env.ok(&["round", "0", "12", "9", "--out", "Ann"]);
    env.ok(&["round", "3", "4", "18"]);
    env
}

fn line_of(stdout: &str, start: &str) -> String {
    stdout.lines().find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("{stdout}")).to_string()
}

#[test]
fn a_start_by_rule_follows_an_edit_an_undo_and_a_rules_change() {
    let env = evening();
    let r = env.ok(&["player", "add", "Rose"]);
    assert_eq!(
        r.stdout.lines().next().unwrap(),
        "Rose joins fri at seat 4 from round 4, starting from 34, the highest total after round 3."
    );
    let r = env.ok(&["player", "add", "Dee", "--total", "average"]);
    assert_eq!(
        r.stdout.lines().next().unwrap(),
        "Dee joins fri at seat 5 from round 4, starting from 23, the average total after round 3."
    );
    let r = env.ok(&["player", "add", "Cy", "--total", "50"]);
    assert_eq!(
        r.stdout.lines().next().unwrap(),
        "Cy joins fri at seat 6 from round 4, starting from 50, as given."
    );

    // Ed's 18 was 8: the highest total before round 4 is now Bob's 26.
    env.ok(&["edit", "3", "Ed", "8"]);
    let t = env.ok(&["table"]).stdout;
    assert_eq!(
        line_of(&t, "| Start"),
        "| Start |       |      |        |       |         |        |   26 |  19 | 50 |     |"
    );
    assert_eq!(
        line_of(&t, "Joined late"),
        "Joined late: Rose from 26, the highest total after round 3; Dee from 19, the average total after"
    );
    let j = env.table_json(&[]);
    assert_eq!(j["starting_totals"], json!({"Rose": 26, "Dee": 19, "Cy": 50}));
    assert_eq!(j["start_from"], json!({"Rose": "highest", "Dee": "average", "Cy": "given"}));
    assert_eq!(j["totals"], json!({"Ann": 8, "Bob": 26, "Ed": 24, "Rose": 26, "Dee": 19, "Cy": 50}));

    // Undone, the mistake is back and so is the start it gave.
    env.ok(&["undo", "--yes"]);
    assert_eq!(env.table_json(&[])["starting_totals"], json!({"Rose": 34, "Dee": 23, "Cy": 50}));

    // A go-out bonus from round 2: Ann's 0 there is -10, the average falls.
    env.ok(&["rules", "--set", "go_out_bonus=-10", "--from", "2", "--save"]);
    assert_eq!(env.table_json(&[])["starting_totals"], json!({"Rose": 34, "Dee": 19, "Cy": 50}));

    // The round they first played says where the starts came from.
    env.ok(&["round", "1", "2", "3", "4", "5", "6"]);
    let r = env.ok(&["show", "4"]);
    assert!(
        r.stdout.ends_with(
            "Rose joined: started from 34, the highest total after round 3.\n\
             Dee joined: started from 19, the average total after round 3.\n\
             Cy joined: started from 50, as given.\n"
        ),
        "{}",
        r.stdout
    );
    let show = env.ok(&["show", "4", "--json"]).stdout;
    let show: serde_json::Value = serde_json::from_str(&show).unwrap();
    assert_eq!(
        show["joined"],
        json!([
            {"player": "Rose", "start": 34, "start_from": "highest"},
            {"player": "Dee", "start": 19, "start_from": "average"},
            {"player": "Cy", "start": 50, "start_from": "given"},
        ])
    );
    // Round 4 is no joiner's first round: nothing said.
    let r = env.ok(&["show", "3"]);
    assert!(!r.stdout.contains("joined"), "{}", r.stdout);

    // The file keeps the rule and the number it comes to now.
    let file = String::from_utf8(env.session_bytes("fri")).unwrap();
    assert!(file.contains("[seats.Rose]\njoined = 3\nstart = 34\nstart_from = \"highest\"\n"), "{file}");
    assert!(file.contains("[seats.Cy]\njoined = 3\nstart = 50\n\n"), "{file}");

    let r = env.run(&["player", "add", "Zed", "--total", "most"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr.lines().next().unwrap(),
        "error: invalid value 'most' for '--total <N|RULE>': give a number, or highest, average or lowest"
    );
    env.ok(&["player", "add", "Lo", "--total", "lowest"]);
    assert_eq!(env.table_json(&[])["starting_totals"]["Lo"], json!(-1));
}

#[test]
fn a_start_in_an_older_file_stays_the_number_it_was() {
    let env = evening();
    env.ok(&["player", "add", "Rose"]);
    // A file written before starts had rules: the number alone.
    let path = env.session_file("fri");
    let file = std::fs::read_to_string(&path).unwrap().replace("start_from = \"highest\"\n", "");
    std::fs::write(&path, file).unwrap();
    env.ok(&["edit", "3", "Ed", "8"]);
    let j = env.table_json(&[]);
    assert_eq!(j["starting_totals"], json!({"Rose": 34}));
    assert_eq!(j["start_from"], json!({"Rose": "given"}));
}
