//! `rules`, `stats` and `export`.

use serde_json::json;

use crate::common::Env;

#[test]
fn rules_of_a_preset_of_the_session_or_standard() {
    let env = Env::new();
    let r = env.ok_with(&[("COLUMNS", "120")], &["rules"]);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "Rules: standard");
    assert_eq!(
        lines[1],
        "| Setting            | Value   | Takes                          | What it does                                        |"
    );
    assert_eq!(
        lines[3],
        "| decks              | 2       | 1-20                           | 52-card decks shuffled together                     |"
    );
    assert!(
        r.stdout.contains("\n| Round | Cards | Wild |\n|-------|-------|------|\n|     1 |     3 | 3    |\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.replace("\n  ", " ").contains("|    11 |    13 | K    |\nLimits: 2 to 20 players; player names up to 32 characters, session names up to 64; a hand holds 3 to 14 cards (the largest round, plus the card drawn).\n"), "{}", r.stdout);

    let r = env.ok_with(&[("COLUMNS", "120")], &["rules", "tens", "--set", "double_last_rounds=true"]);
    assert!(
        r.stdout.starts_with("Rules: tens, double_last_rounds=true (from preset tens)\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("| face_cards         | ten *   |"), "{}", r.stdout);
    assert!(r.stdout.contains("* differs from the standard rules\n"));
    assert!(r.stdout.contains("|     9 |    11 | J    | doubled |"), "{}", r.stdout);

    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "--set", "extra_rounds=1", "--set", "jokers=2"]);
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["rules", "--json"]).stdout).unwrap();
    assert_eq!(j["source"], json!("session g"));
    assert_eq!(j["summary"], json!("standard, jokers=2, extra_rounds=1"));
    assert_eq!(j["settings"]["jokers"], json!(2));
    assert_eq!(j["rounds"].as_array().unwrap().len(), 12);
    assert_eq!(j["rounds"][11], json!({"round": 12, "cards": 14, "wild": "A", "doubled": false}));
    assert!(env.ok_with(&[("COLUMNS", "200")], &["rules"]).stdout.contains("a hand holds 3 to 15 cards"));
    // A preset names the rules outright, whatever the session.
    assert_eq!(
        env.ok(&["rules", "strict"]).stdout.lines().next(),
        Some("Rules: strict (from preset strict)")
    );

    env.fails(
        &["rules", "house"],
        1,
        "unknown preset \"house\"; the presets are standard, tens, strict, five-crowns",
    );
    env.fails(
        &["rules", "--set", "go_out_bonus=abc"],
        1,
        "go_out_bonus cannot be \"abc\"; it takes 0 to -100|wild",
    );
    env.fails(&["rules", "--set", "ace_value=-3"], 1, "ace_value cannot be \"-3\"; it takes 1-99");
}

#[test]
fn stats_over_finished_games() {
    let env = Env::new();
    assert_eq!(
        env.ok(&["stats"]).stdout,
        "No finished games yet; a game counts once its last round is recorded.\n"
    );
    env.ok(&["new", "a", "-p", "Ann", "-p", "Bob"]);
    for _ in 0..11 {
        env.ok(&["round", "0", "5", "--out", "Ann"]);
    }
    env.ok(&["new", "b", "-p", "bob", "-p", "Cy"]);
    for _ in 0..11 {
        env.ok(&["round", "3", "5"]);
    }
    // Unfinished games do not count.
    env.ok(&["new", "c", "-p", "Ann", "-p", "Cy"]);
    env.ok(&["round", "1", "1"]);
    let r = env.ok(&["stats"]);
    assert_eq!(
        r.stdout,
        "\
Rules standard: 2 finished games
| Player | Games | Wins | Win % | Avg place | Avg total |
|--------|-------|------|-------|-----------|-----------|
| Ann    |     1 |    1 |   100 |       1.0 |       0.0 |
| Bob    |     2 |    1 |    50 |       1.5 |      44.0 |
| Cy     |     1 |    0 |     0 |       2.0 |      55.0 |
| Player | Best | Worst | Avg round | Went out | Best round |
|--------|------|-------|-----------|----------|------------|
| Ann    |    0 |     0 |       0.0 |       11 |          0 |
| Bob    |   33 |    55 |       4.0 |        0 |          3 |
| Cy     |   55 |    55 |       5.0 |        0 |          5 |
"
    );
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["stats", "--json"]).stdout).unwrap();
    assert_eq!(j["games"], json!(2));
    assert_eq!(
        j["groups"][0]["records"][1],
        json!({"name": "Bob", "games": 2, "wins": 1, "win_rate": 0.5, "average_place": 1.5, "average_total": 44.0, "best": 33, "worst": 55, "average_round": 4.0, "rounds_out": 0, "best_round": 3})
    );

    // A damaged session is left out, with a note.
    std::fs::write(env.session_file("c"), "format_version = 1\nplayers = [").unwrap();
    let r = env.ok(&["stats"]);
    assert!(r.stderr.starts_with("note: session c is left out: "), "{}", r.stderr);
    assert!(r.stdout.starts_with("Rules standard: 2 finished games\n"));
}

#[test]
fn export_csv_and_json() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob, \"the\" Builder", "--set", "bad_go_out_penalty=20"]);
    env.ok(&["round", "Ann=9h 4d Kh", "Bob, \"the\" Builder=0", "--out", "Bob, \"the\" Builder"]);
    env.ok(&["round", "0", "7", "--penalty", "Ann"]);
    let csv = env.ok(&["export"]).stdout;
    assert_eq!(
        csv,
        "\
round,cards,wild,dealer,player,deadwood,points,total,out,penalty,hand
1,3,3,Ann,Ann,26,26,26,false,false,9h 4d Kh
1,3,3,Ann,\"Bob, \"\"the\"\" Builder\",0,0,0,true,false,
2,4,4,\"Bob, \"\"the\"\" Builder\",Ann,0,20,46,false,true,
2,4,4,\"Bob, \"\"the\"\" Builder\",\"Bob, \"\"the\"\" Builder\",7,7,7,false,false,
"
    );
    env.fails(&["export", "--output", "out/g.json"], 1, "cannot write out/g.json: there is no folder out");
    std::fs::create_dir(env.path().join("out")).unwrap();
    let r = env.ok(&["export", "--format", "json", "--output", "out/g.json"]);
    assert_eq!(r.stdout, "");
    let out = env.path().join("out/g.json");
    assert_eq!(r.stderr, "note: wrote out/g.json (2 rounds of g)\n");
    let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(j, env.table_json(&[]));
    assert_eq!(j["rounds"][1]["scores"], json!({"Ann": 20, "Bob, \"the\" Builder": 7}));
    env.ok(&["export", "--output", "out/g.csv"]);
    assert_eq!(std::fs::read_to_string(env.path().join("out/g.csv")).unwrap(), csv);

    // Read back as a spreadsheet would: a record per round and player.
    let mut long = csv::Reader::from_reader(csv.as_bytes());
    assert_eq!(long.headers().unwrap().len(), 11);
    let records: Vec<csv::StringRecord> = long.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), 4);
    assert_eq!(&records[1][4], "Bob, \"the\" Builder");
    assert_eq!((&records[2][6], &records[2][7], &records[2][9]), ("20", "46", "true"));
}

#[test]
fn export_the_paper_sheet() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob, \"the\" Builder", "-p", "Cy", "--dealer", "Cy"]);
    env.ok(&["round", "26", "0", "5", "--out", "Bob"]);
    env.ok(&["round", "0", "7", "7", "--out", "Ann"]);
    let sheet = env.ok(&["export", "--layout", "sheet"]).stdout;
    let mut reader = csv::Reader::from_reader(sheet.as_bytes());
    let head: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(head, ["round", "cards", "wild", "dealer", "Ann", "Bob, \"the\" Builder", "Cy", "out"]);
    let rows: Vec<Vec<String>> =
        reader.records().map(|r| r.unwrap().iter().map(String::from).collect()).collect();
    // Every round of the rules, then the totals and the places.
    assert_eq!(rows.len(), 11 + 2);
    assert_eq!(rows[0], ["1", "3", "3", "Cy", "26", "0", "5", "Bob, \"the\" Builder"]);
    assert_eq!(rows[1], ["2", "4", "4", "Ann", "0", "7", "7", "Ann"]);
    assert_eq!(rows[2], ["3", "5", "5", "Bob, \"the\" Builder", "", "", "", ""]);
    assert_eq!(rows[10][..4], ["11", "13", "K", "Ann"]);
    assert_eq!(rows[11], ["total", "", "", "", "26", "7", "12", ""]);
    assert_eq!(rows[12], ["place", "", "", "", "3", "1", "2", ""]);
}
