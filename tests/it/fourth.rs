//! Smaller points of a whole evening: stars said back as stars, the
//! explain heading of Five Crowns, a stray space in a name, the help texts,
//! the rematch hint.

use crate::common::Env;

#[test]
fn stars_are_echoed_as_stars() {
    let env = Env::new();
    env.ok(&["new", "crowns", "-p", "Zoë", "-p", "Bob", "--rules", "five-crowns"]);
    let r = env.ok(&["round", "7r 8r 9r", "5"]);
    assert_eq!(r.stderr, "  Zoë: 7★ 8★ 9★: run 7★ 8★ 9★; nothing left over; deadwood 0\n");
    let r = env.ok(&["rules", "--explain", "--session", "crowns"]);
    assert!(
        r.stdout.starts_with("How to play Five Crowns under the rules five-crowns, from session crowns\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn stars_typed_as_cards_left_over_or_a_sum_are_echoed_as_stars() {
    let env = Env::new();
    env.ok(&["new", "crowns", "-p", "Zoë", "-p", "Bob", "-p", "Cy", "--rules", "five-crowns"]);
    // Round 1 deals three cards: two typed are cards left over.
    let r = env.ok(&["round", "7r 8h", "out", "Kr + 4"]);
    assert_eq!(r.stderr, "  Zoë: cards left over 7★ 7, 8h 8 = 15\n  Bob: out, 0\n  Cy: K★ (13) + 4 = 17\n");
}

#[test]
fn a_name_with_a_stray_space_is_trimmed() {
    let env = Env::new();
    let r = env.ok(&["new", "g", "-p", "Ann ", "-p", " Bob"]);
    assert!(r.stdout.starts_with("Started session g with Ann and Bob (rules: standard)"), "{}", r.stdout);
}

#[test]
fn the_help_says_the_questions_in_order_and_quotes_plainly() {
    let env = Env::new();
    let new = env.ok(&["new", "--help"]).stdout.replace("\n", " ").replace("  ", " ");
    assert!(
        new.contains(
            "the questions come in this order: the players (those of earlier games offered first), \
             the session's name when none is given, the rules, any setting to change, and the first dealer."
        ),
        "{new}"
    );
    let check = env.ok(&["check", "--help"]).stdout;
    assert!(!check.contains("\\\""), "{check}");
    assert!(check.contains("| between declared groups"), "{check}");
}

#[test]
fn the_last_round_suggests_a_rematch() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    for _ in 0..10 {
        let r = env.ok(&["round", "3", "4"]);
        assert!(!r.stderr.contains("rematch"), "{}", r.stderr);
    }
    let r = env.ok(&["round", "3", "4"]);
    assert!(r.stdout.ends_with("Game over: Ann wins by 11, with 33.\n"), "{}", r.stdout);
    assert_eq!(r.stderr, "note: rematch? three13 new --like g starts one with the same players and rules\n");
}

#[test]
fn the_json_export_gives_each_round_its_rules() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "3", "4"]);
    env.ok(&["round", "3", "4"]);
    env.ok(&["rules", "--set", "face_cards=ten", "--save"]);
    env.ok(&["round", "3", "4"]);
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["export", "--format", "json"]).stdout).unwrap();
    let rules: Vec<&str> =
        j["rounds"].as_array().unwrap().iter().map(|r| r["rules"].as_str().unwrap()).collect();
    assert_eq!(rules, ["standard", "standard", "tens"]);
    assert_eq!(j["rules"]["face_cards"], "ten");
}

/// Game `a`: Ann, Bob and Ed; face cards count ten from round 7, when Ed
/// has left. Game `b`: Ann and Bob under the standard rules throughout.
fn two_games(env: &Env) {
    env.ok(&["new", "a", "-p", "Ann", "-p", "Bob", "-p", "Ed"]);
    for _ in 0..6 {
        env.ok(&["round", "3", "4", "5"]);
    }
    env.ok(&["rules", "--set", "face_cards=ten", "--save"]);
    env.ok(&["player", "remove", "Ed", "--yes"]);
    for _ in 0..5 {
        env.ok(&["round", "3", "4"]);
    }
    env.ok(&["new", "b", "-p", "Ann", "-p", "Bob"]);
    for _ in 0..11 {
        env.ok(&["round", "5", "4"]);
    }
}

#[test]
fn stats_group_by_the_starting_rules_and_count_a_leaver() {
    let env = Env::new();
    two_games(&env);
    let r = env.ok_with(&[("COLUMNS", "80")], &["stats"]);
    assert!(
        r.stdout.starts_with(
            "Rules standard: 2 finished games (1 with rules changed mid-game)\n\
             | Player | Games | Wins | Win % | Avg place | Avg total |\n"
        ),
        "{}",
        r.stdout
    );
    let r = env.ok_with(&[("COLUMNS", "80")], &["stats", "Ed"]);
    assert!(r.stdout.starts_with("Ed: 1 finished game\n"), "{}", r.stdout);
    assert!(r.stdout.contains("left after round 6 (6 played)"), "{}", r.stdout);
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["stats", "Ed", "--json"]).stdout).unwrap();
    assert_eq!(j["games"][0]["session"], "a");
    assert_eq!(j["games"][0]["total"], 30);
    assert_eq!(j["games"][0]["place"], 0);
    assert_eq!(j["games"][0]["left_after"], 6);
    assert_eq!(j["games"][0]["rounds_played"], 6);
    // The leaver is in the overview too, with the games and rounds played.
    let r = env.ok_with(&[("COLUMNS", "80")], &["stats"]);
    assert!(r.stdout.ends_with("\nLeft before the end: Ed (1 game, 6 rounds played).\n"), "{}", r.stdout);
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["stats", "--json"]).stdout).unwrap();
    assert_eq!(j["groups"][0]["left"], serde_json::json!([{"name": "Ed", "games": 1, "rounds": 6}]));
}

#[test]
fn the_compact_table_names_the_dealer_of_each_round() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Bob", "-p", "Bea", "-p", "Cy", "-p", "Dee", "-p", "Ed", "-p", "Flo"]);
    for _ in 0..3 {
        env.ok(&["round", "10", "0", "25", "7", "3", "12"]);
    }
    // Round 2 was dealt by Dee after all: the deal goes on from her.
    env.ok(&["edit", "2", "--dealer", "Dee"]);
    let r = env.ok_with(&[("COLUMNS", "80")], &["table"]);
    assert!(
        r.stdout.starts_with(
            "Session g (rules: standard)\n\
             | Player |  1 |  2 |  3 | Total |\n\
             |--------|----|----|----|-------|\n\
             | Bob    | 10 | 10 | 10 |    30 |\n\
             | Bea    |  0 |  0 |  0 |     0 |\n\
             | Cy     | 25 | 25 | 25 |    75 |\n\
             | Dee    |  7 |  7 |  7 |    21 |\n\
             | Ed     |  3 |  3 |  3 |     9 |\n\
             | Flo*   | 12 | 12 | 12 |    36 |\n\
             | Dealer | Bo |  D |  E |       |\n"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn the_dealer_row_keeps_names_that_begin_alike_to_two_letters() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Christopher", "-p", "Christina", "-p", "Anne-Marie", "-p", "Annabelle"]);
    for _ in 0..4 {
        env.ok(&["round", "10", "0", "25", "7"]);
    }
    let r = env.ok_with(&[("COLUMNS", "80")], &["table"]);
    assert!(r.stdout.contains("\n| Dealer       | Co | Ci | Ae | Aa |       |\n"), "{}", r.stdout);
}
