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
