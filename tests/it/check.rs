//! `three13 check` through the real binary.

use crate::common::Env;

#[test]
fn human_report_of_a_worked_example() {
    let env = Env::new();
    let r = env.run(&["check", "7d", "10c", "KS", "QS", "5c", "4h", "JD"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(
        r.stdout,
        "Round 5: 7 cards dealt, sevens wild (rules: standard)\n\
         \n\
         Hand      5c 10c Jd 4h Qs Ks 7d\n\
         Melds     run 7d Qs Ks  (7d as Js)\n\
         Unmelded  Jd 11, 10c 10, 5c 5, 4h 4  = 30\n\
         \n\
         Deadwood 30\n\
         Outs (0): none\n"
    );
    assert_eq!(
        r.stderr,
        "note: 7 cards: assuming round 5 (7 cards dealt, sevens wild); name it with --round or --wild\n"
    );
}

#[test]
fn bad_card_is_pointed_at() {
    let env = Env::new();
    let r = env.run(&["check", "7d 10x KS"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "error: \"10x\" has no suit \"x\"\n  7d 10x KS\n     ^^^\n  hint: did you mean \"10c\"? suits are c d h s (or ♣ ♦ ♥ ♠)\n"
    );
    assert_eq!(r.stdout, "");
}

#[test]
fn batch_json_goes_on_past_a_bad_line() {
    let env = Env::new();
    let r = env.run_stdin(&["check", "--json"], "9h 4d Kh\n# a comment\n\n3d 3c 3h\nfoo\n");
    assert_eq!(r.code, 1);
    let lines: Vec<serde_json::Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["deadwood"], 26);
    assert_eq!(lines[1]["deadwood"], 0);
    assert_eq!(lines[1]["can_go_out"], true);
    assert_eq!(lines[2]["line"], 5);
    assert!(lines[2]["error"].as_str().unwrap().starts_with("\"foo\" is not a card"));
}

#[test]
fn the_current_session_gives_the_rules_and_the_round() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "--rules", "tens"]);
    env.ok(&["round", "3", "4"]);
    // Round 2 deals 4 cards, fours wild: the hand's size fits, so round 2 it is.
    let r = env.ok(&["check", "4d", "Kh", "Qh", "9c"]);
    assert!(r.stdout.starts_with("Round 2: 4 cards dealt, fours wild (rules: tens)\n"), "{}", r.stdout);
    assert_eq!(
        r.stderr,
        "note: round 2 (4 cards dealt, fours wild), the next of session g; name another with --round or --wild\n"
    );
    // With the card drawn, still round 2.
    let r = env.ok(&["check", "4d", "Kh", "Qh", "9c", "2s"]);
    assert!(
        r.stdout.starts_with("Round 2: 4 cards dealt, 5 held after the draw, fours wild (rules: tens)\n"),
        "{}",
        r.stdout
    );
    // A hand of another size: inferred as before, under the session's rules.
    let r = env.ok(&["check", "9h", "4d", "Kh"]);
    assert!(r.stdout.starts_with("Round 1: 3 cards dealt, threes wild (rules: tens)\n"), "{}", r.stdout);
    assert_eq!(
        r.stderr,
        "note: 3 cards: assuming round 1 (3 cards dealt, threes wild); name it with --round or --wild\n"
    );
    // Anything named on the command line leaves the session aside.
    let r = env.ok(&["check", "--rules", "standard", "4d", "Kh", "Qh", "9c"]);
    assert!(r.stdout.starts_with("Round 2: 4 cards dealt, fours wild (rules: standard)\n"), "{}", r.stdout);
    assert!(r.stderr.starts_with("note: 4 cards: assuming round 2"), "{}", r.stderr);
    let r = env.ok(&["check", "--round", "1", "4d", "Kh", "Qh"]);
    assert!(r.stdout.starts_with("Round 1: 3 cards dealt, threes wild (rules: standard)\n"), "{}", r.stdout);
    // Hands piped in, one per line, use the session too.
    let r = env.run_stdin(&["check", "--json"], "4d Kh Qh 9c\n9h 4d Kh\n");
    let rounds: Vec<i64> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["round"].as_i64().unwrap())
        .collect();
    assert_eq!(rounds, [2, 1]);
    // A session that does not load is mentioned and left aside.
    std::fs::write(env.session_file("g"), "nonsense").unwrap();
    let r = env.ok(&["check", "9h", "4d", "Kh"]);
    assert!(r.stdout.starts_with("Round 1: 3 cards dealt, threes wild (rules: standard)\n"), "{}", r.stdout);
    assert!(
        r.stderr.starts_with("note: the current session does not load, so it is left aside: "),
        "{}",
        r.stderr
    );
}

#[test]
fn a_hand_with_the_drawn_card_gets_its_discards() {
    let env = Env::new();
    let r = env.ok(&["check", "--json", "--round", "11", "Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As"]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["round"], 11);
    assert_eq!(v["wild"], "K");
    assert_eq!(v["deadwood"], 23);
    assert_eq!(v["can_go_out"], false);
    assert_eq!(v["best_discard"], serde_json::json!({"card": "Qd", "deadwood": 12}));
    let discards = v["discards"].as_array().unwrap();
    assert_eq!(discards.len(), 14);
    let jh = discards.iter().find(|d| d["card"] == "Jh").unwrap();
    assert_eq!(jh["deadwood"], 12);
    assert!(v.get("outs").is_none());
    let unmelded: Vec<&str> = v["unmelded"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(unmelded, ["Jh", "10s", "Ac", "As"]);
}

#[test]
fn outs_and_going_out() {
    let env = Env::new();
    // Round 2, fours wild: the run wants 8h or a wild, then 9c goes.
    let r = env.ok(&["check", "--json", "--round", "2", "5h 6h 7h 9c"]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    let outs: Vec<&str> = v["outs"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(outs, ["4c", "4d", "4h", "4s", "8h"]);
    let r = env.ok(&["check", "--round", "2", "5h 6h 7h 9c 4c"]);
    assert!(r.stdout.contains("\nGoes out: discard 9c\n"), "{}", r.stdout);
}

#[test]
fn laying_off_onto_the_table() {
    let env = Env::new();
    let r = env.ok(&[
        "check",
        "--round",
        "5",
        "--set",
        "lay_off=true",
        "--onto",
        "5h 6h 7h",
        "8h 9c 9d 9s 4h Kd Qd",
    ]);
    assert!(r.stdout.contains("\nMelds     onto 5h 6h 7h: 4h 8h\n"), "{}", r.stdout);
    assert!(r.stdout.contains("\nUnmelded  Kd 13, Qd 12  = 25\n"), "{}", r.stdout);
    env.fails(
        &["check", "--onto", "5h 6h 7h", "8h 9c 9d"],
        1,
        "--onto needs laying off allowed: add --set lay_off=true or --rules strict",
    );
    env.fails(
        &["check", "--rules", "strict", "--onto", "5h 6h 8h", "8h 9c 9d"],
        1,
        "the table meld \"5h 6h 8h\" is not a meld with threes wild",
    );
}

#[test]
fn bad_settings_and_rounds_are_refused() {
    let env = Env::new();
    let cases: [(&[&str], i32, &str); 7] = [
        (&["check", "--set", "ace_value=-3", "Ah 2h 3h"], 1, "ace_value cannot be \"-3\"; it takes 1-99"),
        (
            &["check", "--set", "go_out_bonus=abc", "Ah 2h 3h"],
            1,
            "go_out_bonus cannot be \"abc\"; it takes 0 to -100|wild",
        ),
        (
            &["check", "--rules", "house", "Ah 2h 3h"],
            1,
            "unknown preset \"house\"; the presets are standard, tens, strict",
        ),
        (&["check", "--round", "12", "Ah 2h 3h"], 1, "there is no round 12; these rules play rounds 1 to 11"),
        (
            &["check", "--wild", "A", "Ah 2h 3h"],
            1,
            "no round has aces wild under these rules; the wild ranks are 3 4 5 6 7 8 9 10 J Q K",
        ),
        (
            &["check", "--round", "1", "Ah 2h 3h 4h 5h"],
            1,
            "the hand has 5 cards, but round 1 deals 3 (4 with the card drawn)",
        ),
        (
            &["check", "JK 2h 3h"],
            1,
            "jokers are not in play under these rules\n  JK 2h 3h\n  ^^\n  hint: play with jokers with --set jokers=2",
        ),
    ];
    for (args, code, message) in cases {
        env.fails(args, code, message);
    }
}

#[test]
fn hostile_lines_are_refused_and_the_rest_go_on() {
    let env = Env::new();
    let mut input = vec![b'A'; 1 << 20];
    input.extend_from_slice(b"\n\xff\xfe 7d\n9h 4d Kh\n");
    input.extend_from_slice(&b"Ah ".repeat(40));
    input.extend_from_slice(b"\n3d 3c 3h");
    let r = env.run_with(&["check", "--json"], Some(&input));
    assert_eq!(r.code, 1);
    let lines: Vec<serde_json::Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0], serde_json::json!({"line": 1, "error": "the line is longer than 65536 bytes"}));
    assert_eq!(lines[1], serde_json::json!({"line": 2, "error": "the line is not UTF-8 text"}));
    assert_eq!(lines[2]["deadwood"], 26);
    assert!(
        lines[3]["error"].as_str().unwrap().starts_with("the hand holds 3 × Ah, but 2 decks hold only 2")
    );
    assert_eq!(lines[4]["deadwood"], 0);
}

#[test]
fn hands_are_answered_one_line_at_a_time() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let env = Env::new();
    let mut child = env
        .command(&["check", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    // Each answer arrives while the input is still open.
    for (hand, deadwood) in [("9h 4d Kh", 26), ("3d 3c 3h", 0)] {
        writeln!(stdin, "{hand}").unwrap();
        stdin.flush().unwrap();
        line.clear();
        stdout.read_line(&mut line).unwrap();
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["deadwood"], deadwood);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
