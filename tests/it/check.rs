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
    // One line of output for each line of input, in order, numbered.
    assert_eq!(lines.len(), 5);
    assert_eq!((lines[0]["line"].clone(), lines[0]["deadwood"].clone()), (1.into(), 26.into()));
    assert_eq!(lines[1], serde_json::json!({"line": 2, "skipped": "comment"}));
    assert_eq!(lines[2], serde_json::json!({"line": 3, "skipped": "blank"}));
    assert_eq!(lines[3]["line"], 4);
    assert_eq!(lines[3]["deadwood"], 0);
    assert_eq!(lines[3]["can_go_out"], true);
    assert_eq!(lines[4]["line"], 5);
    assert!(lines[4]["error"].as_str().unwrap().starts_with("\"foo\" is not a card"));
}

#[test]
fn the_current_session_gives_the_rules_and_the_round() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "--rules", "tens"]);
    env.ok(&["round", "3", "4"]);
    // Round 2 deals 4 cards, fours wild: the hand's size fits, so round 2 it is.
    let r = env.ok(&["check", "4d", "Kh", "Qh", "9c"]);
    assert!(
        r.stdout.starts_with("Round 2: 4 cards dealt, fours wild (rules: tens, from session g)\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        r.stderr,
        "note: round 2 (4 cards dealt, fours wild), the next of session g; name another with --round or --wild\n"
    );
    // With the card drawn, still round 2.
    let r = env.ok(&["check", "4d", "Kh", "Qh", "9c", "2s"]);
    assert!(
        r.stdout.starts_with(
            "Round 2: 4 cards dealt, 5 held after the draw, fours wild (rules: tens, from session g)\n"
        ),
        "{}",
        r.stdout
    );
    // A hand of another size: inferred as before, under the session's rules.
    let r = env.ok(&["check", "9h", "4d", "Kh"]);
    assert!(
        r.stdout.starts_with("Round 1: 3 cards dealt, threes wild (rules: tens, from session g)\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        r.stderr,
        "note: 3 cards: assuming round 1 (3 cards dealt, threes wild); name it with --round or --wild\n"
    );
    // A preset named on the command line replaces the table's rules.
    let r = env.ok(&["check", "--rules", "standard", "4d", "Kh", "Qh", "9c"]);
    assert!(r.stdout.starts_with("Round 2: 4 cards dealt, fours wild (rules: standard)\n"), "{}", r.stdout);
    assert!(r.stderr.starts_with("note: 4 cards: assuming round 2"), "{}", r.stderr);
    // A round named, as in a dispute ("this was round 1"), keeps them.
    let r = env.ok(&["check", "--round", "1", "4d", "Kh", "Qh"]);
    assert!(
        r.stdout.starts_with("Round 1: 3 cards dealt, threes wild (rules: tens, from session g)\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Unmelded  Qh 10, Kh 10, 4d 4  = 24\n"), "{}", r.stdout);
    let r = env.ok(&["check", "--wild", "3", "4d", "Kh", "Qh"]);
    assert!(
        r.stdout.starts_with("Round 1: 3 cards dealt, threes wild (rules: tens, from session g)\n"),
        "{}",
        r.stdout
    );
    // A setting named is added to them, and the heading says so.
    let r = env.ok(&["check", "--round", "1", "--set", "jokers=2", "4d", "Kh", "JK"]);
    let heading: String =
        r.stdout.split("\n\n").next().unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(heading.starts_with("Round 1: 3 cards dealt, threes and jokers wild (rules: "), "{heading}");
    assert!(heading.ends_with(", jokers=2, session g's with --set)"), "{heading}");
    // J Q K at 10, as the table plays, and the joker at 20.
    assert!(r.stdout.contains("\nUnmelded  JK 20, Kh 10, 4d 4  = 34\n"), "{}", r.stdout);
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
    // The hand laid down after the best discard: Qd before Jh (both leave
    // 12; the natural card worth most).
    assert_eq!(
        v["best_discard"],
        serde_json::json!({
            "card": "Qd",
            "deadwood": 12,
            "melds": [
                {"kind": "run", "cards": ["2h", "3h", "Kc", "5h"], "wilds": [{"card": "Kc", "as": "4h"}]},
                {"kind": "set", "cards": ["9c", "9d", "Kd"], "wilds": [{"card": "Kd", "as": "9h"}]},
                {"kind": "set", "cards": ["Jh", "Kh", "Ks"],
                 "wilds": [{"card": "Kh", "as": "Jc"}, {"card": "Ks", "as": "Jd"}]}
            ],
            "unmelded": ["10s", "Ac", "As"]
        })
    );
    let discards = v["discards"].as_array().unwrap();
    assert_eq!(discards.len(), 14);
    let jh = discards.iter().find(|d| d["card"] == "Jh").unwrap();
    assert_eq!(jh["deadwood"], 12);
    // Each discard's outs, their copies unseen (104 cards less the 14 held:
    // 90 unseen) and the chance.
    let qd = discards.iter().find(|d| d["card"] == "Qd").unwrap();
    let outs: Vec<&str> = qd["outs"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(
        outs,
        [
            "Ac", "Ad", "Ah", "As", "4h", "8s", "9c", "9d", "9h", "9s", "10c", "10d", "10h", "10s", "Jc",
            "Jd", "Jh", "Js", "Qh", "Qs", "Kc", "Kd", "Kh", "Ks"
        ]
    );
    assert_eq!(qd["unseen"], 38);
    assert_eq!(qd["chance"], 38.0 / 90.0);
    let kc = discards.iter().find(|d| d["card"] == "Kc").unwrap();
    assert_eq!(
        (&kc["outs"], &kc["unseen"], &kc["chance"]),
        (&serde_json::json!([]), &serde_json::json!(0), &serde_json::json!(0.0))
    );
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
    // Two copies of each, of 104 less the 4 held.
    assert_eq!((v["unseen"].as_u64(), v["chance"].as_f64()), (Some(10), Some(0.1)));
    let r = env.ok(&["check", "--round", "2", "5h 6h 7h 9c"]);
    assert_eq!(
        r.stdout,
        "Round 2: 4 cards dealt, fours wild (rules: standard)\n\
         \n\
         Hand      9c 5h 6h 7h\n\
         Melds     run 5h 6h 7h\n\
         Unmelded  9c 9  = 9\n\
         \n\
         Deadwood 9\n\
         Outs (5): 4c 4d 4h 4s 8h\n  10 of them unseen: 10.0% on the next draw\n"
    );
    // Cards seen are not drawn next: both 8h and two fours are gone.
    let r = env.ok(&["check", "--round", "2", "--seen", "8h 8h 4c", "--seen", "4d", "5h 6h 7h 9c"]);
    assert!(
        r.stdout.ends_with("Outs (4): 4c 4d 4h 4s\n  6 of them unseen: 6.2% on the next draw\n"),
        "{}",
        r.stdout
    );
    // A hand that goes out says so, and lists no outs; JSON keeps them.
    let r = env.ok(&["check", "--round", "1", "5h 6h 7h"]);
    assert_eq!(
        r.stdout,
        "Round 1: 3 cards dealt, threes wild (rules: standard)\n\
         \n\
         Hand      5h 6h 7h\n\
         Melds     run 5h 6h 7h\n\
         Unmelded  none\n\
         \n\
         Goes out: every card melds\n"
    );
    let r = env.ok(&["check", "--json", "--round", "1", "5h 6h 7h"]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["outs"].as_array().unwrap().len(), 52);
    assert_eq!((v["unseen"].as_u64(), v["chance"].as_f64()), (Some(101), Some(1.0)));
}

#[test]
fn after_the_draw_the_hand_laid_down_leads_then_the_discards() {
    let env = Env::new();
    let r = env.ok(&["check", "--round", "2", "5h 6h 7h 9c 4c"]);
    assert_eq!(
        r.stdout,
        "Round 2: 4 cards dealt, 5 held after the draw, fours wild (rules: standard)\n\
         \n\
         Discard 9c and lay down:\n\
         Hand      5h 6h 7h 4c\n\
         Melds     run 5h 6h 7h 4c  (4c as 8h)\n\
         Unmelded  none\n\
         \n\
         Goes out\n\
         \n\
         | Discard | Left | Outs                 | Unseen | Chance |\n\
         |---------|------|----------------------|--------|--------|\n\
         | 9c      | 0    | any card             | 99     | 100.0% |\n\
         | 7h      | 9    | 3h 4c 4d 4h 4s 7h 8h | 12     | 12.1%  |\n\
         | 5h      | 9    | 4c 4d 4h 4s 5h 8h 9h | 12     | 12.1%  |\n\
         | 6h      | 9    | 4c 4d 4h 4s 6h 8h    | 10     | 10.1%  |\n\
         | 4c      | 9    | 4c 4d 4h 4s 8h       | 9      | 9.1%   |\n\
         Least left:  discard 9c: 0 left, 52 outs, 99 unseen, 100.0% on the next draw\n"
    );
}

#[test]
fn discards_advised_by_the_chance_to_go_out() {
    let env = Env::new();
    let hand = "Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As";
    let r = env.ok(&["check", "--round", "11", "--seen", "Jc Jd Js", "--seen", "10h 10d", hand]);
    assert_eq!(
        r.stdout,
        "Round 11: 13 cards dealt, 14 held after the draw, kings wild (rules: standard)\n\
         \n\
         Discard Jh and lay down:\n\
         Hand      Ac 9c 9d Qd 2h 3h 5h As 10s Kc Kd Kh Ks\n\
         Melds     run 2h 3h Kc 5h  (Kc as 4h)\n\
         \x20         set 9c 9d Kd  (Kd as 9h)\n\
         \x20         set Qd Kh Ks  (Kh as Qc, Ks as Qh)\n\
         Unmelded  10s 10, Ac 1, As 1  = 12\n\
         \n\
         Deadwood 12: does not go out\n\
         \n\
         | Discard | Left | Outs                           | Unseen | Chance |\n\
         |---------|------|--------------------------------|--------|--------|\n\
         | Jh      | 12   | Ac Ad Ah As 4h 8s 9c 9d 9h 9s  | 34     | 40.0%  |\n\
         |         |      | 10c 10d 10h 10s Jd Js Qc Qd Qh |        |        |\n\
         |         |      | Qs Kc Kd Kh Ks                 |        |        |\n\
         | Qd      | 12   | Ac Ad Ah As 4h 8s 9c 9d 9h 9s  | 33     | 38.8%  |\n\
         |         |      | 10c 10d 10h 10s Jc Jd Jh Js Qh |        |        |\n\
         |         |      | Qs Kc Kd Kh Ks                 |        |        |\n\
         | 10s     | 13   | Ac Ad Ah As 4h 9c 9d 9h 9s 10d | 31     | 36.5%  |\n\
         |         |      | 10h Jc Jd Jh Js Qc Qd Qh Qs Kc |        |        |\n\
         |         |      | Kd Kh Ks                       |        |        |\n\
         | 9c      | 21   | none                           | 0      | 0.0%   |\n\
         | Ac      | 22   | none                           | 0      | 0.0%   |\n\
         | As      | 22   | none                           | 0      | 0.0%   |\n\
         | 5h      | 23   | none                           | 0      | 0.0%   |\n\
         | 2h      | 23   | none                           | 0      | 0.0%   |\n\
         | 3h      | 28   | none                           | 0      | 0.0%   |\n\
         | 9d      | 30   | none                           | 0      | 0.0%   |\n\
         | Kc      | 32   | none                           | 0      | 0.0%   |\n\
         | Kd      | 32   | none                           | 0      | 0.0%   |\n\
         | Kh      | 32   | none                           | 0      | 0.0%   |\n\
         | Ks      | 32   | none                           | 0      | 0.0%   |\n\
         Least left:  discard Jh: 12 left, 24 outs, 34 unseen, 40.0% on the next draw\n"
    );
    // Every discard leaves 0: a natural card goes before the joker, then
    // the card worth most.
    let r = env.ok(&["check", "--set", "jokers=2", "--round", "2", "5h 6h 7h 8h JK"]);
    assert!(r.stdout.contains("\nDiscard 8h and lay down:\n"), "{}", r.stdout);
    assert!(r.stdout.starts_with("Round 2: 4 cards dealt, 5 held after the draw, fours and jokers wild"));
    // Seen cards beyond the decks are refused, counted with the hand.
    env.fails(
        &["check", "--round", "1", "--seen", "9h", "9h 9h 9s"],
        1,
        "the hand and the cards seen hold 3 × 9h between them, but 2 decks hold only 2\n  \
         hint: a card appears once per deck in play (setting decks)",
    );
}

#[test]
fn a_declared_hand_is_judged_group_by_group() {
    let env = Env::new();
    let r = env.ok(&["check", "--round", "9", "--rules", "strict", "Qs Ks As | 9c 9d | 5h 6h 8h | Jd Jc Jh"]);
    assert_eq!(
        r.stdout,
        "Round 9: 11 cards dealt, jacks wild (rules: strict)\n\
         \n\
         Declared\n\
         \x20 Qs Ks As: not a run: aces are low under these rules (ace_high=true allows Q-K-A)\n\
         \x20 9c 9d: a meld needs 3 cards\n\
         \x20 5h 6h 8h: 7h is missing and there is no wild to stand for it\n\
         \x20 Jd Jc Jh: under these rules a meld needs a natural card\n\
         Declared deadwood 96; the least is 1, as follows:\n\
         \n\
         Hand      9c 9d 5h 6h 8h As Qs Ks Jc Jd Jh\n\
         Melds     run 5h 6h Jc 8h  (Jc as 7h)\n\
         \x20         set 9c 9d Jd  (Jd as 9h)\n\
         \x20         run Jh Qs Ks  (Jh as Js)\n\
         Unmelded  As 1  = 1\n\
         \n\
         Deadwood 1\n\
         Outs (11): 4h 7h 9c 9d 9h 9s 10s Jc Jd Jh Js\n\
         \x20 17 of them unseen: 18.3% on the next draw\n"
    );
    // The dispute of the issue: after the draw, the declaration leaves 12
    // once the card left over is discarded, the least there is.
    let hand = "2h 3h Kc 5h | 9c 9d Kd | Qd Kh Ks | Jh 10s Ac As";
    let r = env.ok(&["check", "--round", "11", hand]);
    assert!(
        r.stdout.starts_with(
            "Round 11: 13 cards dealt, 14 held after the draw, kings wild (rules: standard)\n\
             \n\
             Declared\n\
             \x20 2h 3h Kc 5h: a run (Kc as 4h)\n\
             \x20 9c 9d Kd: a set (Kd as 9h)\n\
             \x20 Qd Kh Ks: a set (Kh as Qc, Ks as Qh)\n\
             \x20 Jh 10s Ac As: not a set (the ranks differ) nor a run (the suits differ)\n\
             The declaration does not go out: 4 cards lie outside valid melds\n\
             Declared deadwood 12 after the discard, the least there is\n\
             \n\
             Discard Qd and lay down:\n"
        ),
        "{}",
        r.stdout
    );
    let r = env.ok(&["check", "--round", "11", "--json", hand]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    // All the cards given leave 23 outside the melds, as `deadwood` counts
    // them; after the discard the screen's 12, beside the least.
    assert_eq!(v["declared_deadwood"], 23);
    assert_eq!(v["deadwood"], 23);
    assert_eq!(v["declared_discard"], serde_json::json!({"card": "Jh", "deadwood": 12}));
    assert_eq!(v["declared_goes_out"], false);
    assert_eq!(v["least_deadwood"], 12);
    assert_eq!(v["best_discard"]["deadwood"], 12);
    assert_eq!(
        v["groups"][0],
        serde_json::json!({"cards": ["2h", "3h", "Kc", "5h"], "meld": true, "kind": "run",
                           "wilds": [{"card": "Kc", "as": "4h"}]})
    );
    assert_eq!(
        v["groups"][3],
        serde_json::json!({"cards": ["Jh", "10s", "Ac", "As"], "meld": false, "wilds": [],
                           "reason": "not a set (the ranks differ) nor a run (the suits differ)"})
    );
    // Going out after the draw, discarding the card left over.
    let r = env.ok(&["check", "--round", "2", "5h 6h 7h 4c | 9c"]);
    assert!(r.stdout.contains("\nThe declaration goes out, discarding 9c\n"), "{}", r.stdout);
    let r = env.ok(&["check", "--round", "2", "--json", "5h 6h 7h 4c | 9c"]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["declared_discard"], serde_json::json!({"card": "9c", "deadwood": 0}));
    assert_eq!(
        (&v["declared_deadwood"], &v["declared_goes_out"], &v["least_deadwood"]),
        (&9.into(), &true.into(), &0.into())
    );
    // Before the draw: the declared deadwood is the one printed, and there
    // is no discard.
    let strict =
        ["check", "--json", "--round", "9", "--rules", "strict", "Qs Ks As | 9c 9d | 5h 6h 8h | Jd Jc Jh"];
    let v: serde_json::Value = serde_json::from_str(env.ok(&strict).stdout.trim()).unwrap();
    assert_eq!(
        (&v["declared_deadwood"], &v["declared_goes_out"], &v["least_deadwood"]),
        (&96.into(), &false.into(), &1.into())
    );
    assert_eq!(v.get("declared_discard"), None);
    env.fails(
        &["check", "--round", "2", "5h 6h 7h || 9c"],
        1,
        "group 2 of the declared hand has no cards; put \"|\" only between groups",
    );
}

#[test]
fn a_declaration_that_melds_every_card_but_must_discard_one() {
    let env = Env::new();
    // Two sets of three with the drawn card: each discard breaks a set, so
    // the declaration leaves 8 at best, as the best discard does.
    let r = env.ok(&["check", "--round", "3", "8d 8s 8c | 4s 4d 4c"]);
    assert_eq!(
        r.stdout,
        "Round 3: 5 cards dealt, 6 held after the draw, fives wild (rules: standard)\n\
         \n\
         Declared\n\
         \x20 8d 8s 8c: a set\n\
         \x20 4s 4d 4c: a set\n\
         The declaration does not go out: each discard breaks a meld\n\
         Declared deadwood 8 after the discard, the least there is\n\
         \n\
         Discard 4c and lay down:\n\
         Hand      8c 4d 8d 4s 8s\n\
         Melds     set 8c 8d 8s\n\
         Unmelded  4d 4, 4s 4  = 8\n\
         \n\
         Deadwood 8: does not go out\n\
         \n\
         | Discard | Left | Outs | Unseen | Chance |\n\
         |---------|------|------|--------|--------|\n\
         | 4c      | 8    | none | 0      | 0.0%   |\n\
         | 4d      | 8    | none | 0      | 0.0%   |\n\
         | 4s      | 8    | none | 0      | 0.0%   |\n\
         | 8c      | 16   | none | 0      | 0.0%   |\n\
         | 8d      | 16   | none | 0      | 0.0%   |\n\
         | 8s      | 16   | none | 0      | 0.0%   |\n\
         Least left:  discard 4c: 8 left, 0 outs, 0 unseen, 0.0% on the next draw\n\
         No discard has an out on the next draw: --look 2 weighs the next two\n"
    );
    // The JSON says what the screen says: the deadwood after the discard,
    // whether the declaration goes out, and the least.
    let r = env.ok(&["check", "--round", "3", "--json", "8d 8s 8c | 4s 4d 4c"]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["declared_deadwood"], 0);
    assert_eq!(v["declared_discard"], serde_json::json!({"card": "4s", "deadwood": 8}));
    assert_eq!(v["declared_goes_out"], false);
    assert_eq!(v["least_deadwood"], 8);
}

#[test]
fn a_declared_group_is_told_the_true_reason() {
    let env = Env::new();
    // K-A-2 with a wild for the ace goes round the corner, aces high or not.
    for rules in [&["--rules", "standard"][..], &["--set", "ace_high=true"]] {
        let mut args = vec!["check", "--round", "2"];
        args.extend_from_slice(rules);
        args.push("Kh 4c 2h | 9c");
        let r = env.ok(&args);
        let summary =
            if rules.len() == 2 && rules[0] == "--set" { "standard, ace_high=true" } else { "standard" };
        assert!(
            r.stdout.starts_with(&format!(
                "Round 2: 4 cards dealt, fours wild (rules: {summary})\n\
                 \n\
                 Declared\n\
                 \x20 Kh 4c 2h: not a run: a run does not go round from king to ace to two\n\
                 \x20 9c: a meld needs 3 cards\n\
                 Declared deadwood 28, the least there is\n"
            )),
            "{}",
            r.stdout
        );
    }
    // Two aces of hearts: no run where aces are low; where the ace may be
    // high, the run from ace to ace lacks only its king (kings are wild in
    // round 11, and there is none).
    let hand = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Ah | 9c";
    let r = env.ok(&["check", "--round", "11", hand]);
    assert!(
        r.stdout.contains(
            "\nDeclared\n\
             \x20 Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Ah: not a run: Ah twice, and a run holds each rank once\n\
             \x20 9c: a meld needs 3 cards\n\
             The declaration does not go out: 14 cards lie outside valid melds\n\
             Declared deadwood 76 after the discard; the least is 1, as follows:\n"
        ),
        "{}",
        r.stdout
    );
    let r = env.ok(&["check", "--round", "11", "--set", "ace_high=true", hand]);
    assert!(
        r.stdout.contains(
            "\nDeclared\n\
             \x20 Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Ah: Kh is missing and there is no wild to stand for it\n"
        ),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("twice"), "{}", r.stdout);
}

#[test]
fn the_run_from_ace_to_ace() {
    let env = Env::new();
    let high = ["--set", "extra_rounds=2", "--set", "ace_high=true"];
    let run = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah";
    // A declared group: 15 cards of round 13 (twos wild), the run and 9c.
    let mut args = vec!["check", "--round", "13"];
    args.extend_from_slice(&high);
    let declared = format!("{run} | 9c");
    args.push(&declared);
    let r = env.ok(&args);
    assert!(
        r.stdout.starts_with(
            "Round 13: 15 cards dealt, twos wild (rules: standard, ace_high=true, extra_rounds=2)\n\
             \n\
             Declared\n\
             \x20 Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah: a run\n\
             \x20 9c: a meld needs 3 cards\n\
             Declared deadwood 9; the least is 1, as follows:\n"
        ),
        "{}",
        r.stdout
    );
    // A table meld, and an ace laid off onto the run up to the high ace.
    let mut args = vec!["check", "--round", "2", "--set", "lay_off=true"];
    args.extend_from_slice(&high);
    args.extend_from_slice(&["--onto", run, "--onto", "2s 3s 4s", "Ac 9c 9d 9s"]);
    let r = env.ok(&args);
    assert!(r.stdout.contains("\nUnmelded  Ac 1  = 1\n"), "{}", r.stdout);
    let mut args = vec!["check", "--round", "2", "--set", "lay_off=true"];
    args.extend_from_slice(&high);
    args.extend_from_slice(&["--onto", "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", "Ah 9c 9d 9s"]);
    let r = env.ok(&args);
    assert!(
        r.stdout.contains(
            "\nMelds     onto 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah: Ah\n\
             \x20         set 9c 9d 9s\n\
             Unmelded  none\n\
             \n\
             Goes out: every card melds\n"
        ),
        "{}",
        r.stdout
    );
    // Aces low, the same run on the table is refused, with the reason.
    env.fails(
        &["check", "--round", "2", "--set", "lay_off=true", "--onto", run, "Ac 9c 9d 9s"],
        1,
        "\"Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah\" is not a valid table meld: \
         not a run: Ah twice, and a run holds each rank once",
    );
}

#[test]
fn copies_beyond_the_decks_are_refused_where_they_lie() {
    let env = Env::new();
    env.fails(
        &["check", "--round", "1", "--seen", "9h 9h 9h", "9c 9d 7h"],
        1,
        "the cards seen hold 3 × 9h, but 2 decks hold only 2\n  \
         hint: a card appears once per deck in play (setting decks)",
    );
    env.fails(
        &["check", "--round", "1", "--seen", "9h", "--seen", "9h 9h", "9c 9d 7h"],
        1,
        "the cards seen hold 3 × 9h, but 2 decks hold only 2\n  \
         hint: a card appears once per deck in play (setting decks)",
    );
    env.fails(
        &["check", "--rules", "strict", "--onto", "9h 9h 9s", "--seen", "9h", "5c 9d Kd"],
        1,
        "the table melds and the cards seen hold 3 × 9h between them, but 2 decks hold only 2\n  \
         hint: a card appears once per deck in play (setting decks)",
    );
}

#[test]
fn a_named_session_gives_its_rules_and_next_round() {
    let env = Env::new();
    env.ok(&["new", "friday", "-p", "Ann", "-p", "Bob", "--rules", "tens", "--set", "kings_wild=true"]);
    // Another session is the current one: --session names the one to use.
    env.ok(&["new", "other", "-p", "Cy", "-p", "Dee"]);
    let r = env.ok(&["check", "--session", "friday", "4d", "Kh", "Qh", "9c"]);
    assert!(
        r.stdout.starts_with(
            // Wrapped to the 100 columns of the tests.
            "Round 1: 3 cards dealt, 4 held after the draw, threes and kings wild (rules: tens, kings_wild=true,\n  \
             from session friday)\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(
        r.stderr,
        "note: round 1 (3 cards dealt, threes and kings wild), the next of session friday; \
         name another with --round or --wild\n"
    );
    let r = env.run(&["check", "--session", "nosuch", "4d", "Kh", "Qh"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.starts_with("error: no session named \"nosuch\""), "{}", r.stderr);
    // --session is an option of its own, not a misspelt --version.
    let r = env.run(&["check", "--sessio", "friday", "4d", "Kh", "Qh"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("similar argument exists: '--session'"), "{}", r.stderr);
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
        "--onto needs laying off allowed: add --set lay_off=true or --rules strict\n  hint: on a last turn \
         without laying off, --points --last weighs it, the cards laid down given with --seen",
    );
    env.fails(
        &["check", "--rules", "strict", "--onto", "5h 6h 8h", "8h 9c 9d"],
        1,
        "\"5h 6h 8h\" is not a valid table meld: 7h is missing and there is no wild to stand for it",
    );
    // Two cards are not a table meld, nor refused as a hand too small.
    env.fails(
        &["check", "--rules", "strict", "--onto", "5h 6h", "8h 9c 9d"],
        1,
        "\"5h 6h\" is not a valid table meld: a meld needs 3 cards",
    );
    // The table's cards count against the decks with the hand's.
    env.fails(
        &["check", "--rules", "strict", "--onto", "9h 9h 9s", "9h 9d Kd"],
        1,
        "the hand and the table melds hold 3 × 9h between them, but 2 decks hold only 2\n  \
         hint: a card appears once per deck in play (setting decks)",
    );
    // With no meld of its own, the hand lays nothing off, and says why.
    let r = env.ok(&["check", "--rules", "strict", "--onto", "5h 6h 7h", "8h 9d Kd"]);
    assert!(r.stdout.contains("\nNo lay-off: laying off needs a meld of the hand's own\n"), "{}", r.stdout);
    // A card whose copies all lie on the table is no out: 8h 8h are there.
    let r = env.ok(&[
        "check",
        "--json",
        "--rules",
        "strict",
        "--round",
        "2",
        "--onto",
        "8h 8h 8s",
        "5h 6h 7h 9c",
    ]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["outs"], serde_json::json!(["4c", "4d", "4h", "4s", "8c", "8d", "8s"]));
    assert_eq!(v["unseen"], 13);
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
            "unknown preset \"house\"; the presets are standard, tens, strict, five-crowns",
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

#[test]
fn a_hand_that_cannot_go_out_is_refused_for_the_player_out() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.fails(
        &["round", "Ann=9h 4d Kh", "Bob=5", "--out", "Ann"],
        1,
        "Ann went out, but the hand typed for Ann does not go out: at best it leaves 26 deadwood\n  \
         hint: check the cards typed, or name the player who did go out with --out",
    );
    env.ok(&["round", "Ann=3h 3d 3c", "Bob=5", "--out", "Ann"]);
    env.fails(
        &["edit", "1", "Ann", "9h 4d Kh"],
        1,
        "Ann went out, but the hand typed for Ann does not go out: at best it leaves 26 deadwood\n  \
         hint: check the cards typed, or name the player who did go out with --out",
    );
    // Under rules with a penalty for a bad go-out, the message says how to
    // record one.
    env.ok(&["new", "h", "-p", "Ann", "-p", "Bob", "--set", "bad_go_out_penalty=20"]);
    env.fails(
        &["round", "Ann=9h 4d Kh", "Bob=5", "--out", "Ann"],
        1,
        "Ann went out, but the hand typed for Ann does not go out: at best it leaves 26 deadwood\n  \
         hint: if Ann declared out with this hand, it is a bad go-out: record it with --penalty Ann \
         instead of --out",
    );
    env.ok(&["round", "Ann=9h 4d Kh", "Bob=0", "--out", "Bob", "--penalty", "Ann"]);
}

#[test]
fn the_discard_table_stays_aligned_in_colour() {
    let env = Env::new();
    let r = env.ok(&["--color", "always", "check", "--round", "2", "5h 6h 7h 9c 4d"]);
    assert!(r.stdout.contains('\u{1b}'), "coloured: {}", r.stdout);
    let rows: Vec<&str> = r.stdout.lines().filter(|l| l.starts_with('|')).collect();
    assert_eq!(rows.len(), 7, "{}", r.stdout);
    for row in &rows {
        assert!(!row.contains('\u{1b}'), "a table cell in colour: {row:?}");
        assert_eq!(row.chars().count(), rows[0].chars().count(), "{row:?}");
    }
    // Every line fits 80 columns, colour codes aside.
    for line in r.stdout.lines() {
        let mut shown = 0;
        let mut in_code = false;
        for c in line.chars() {
            match (in_code, c) {
                (false, '\u{1b}') => in_code = true,
                (true, 'm') => in_code = false,
                (true, _) => {}
                (false, _) => shown += 1,
            }
        }
        assert!(shown <= 80, "{line:?}");
    }
}

/// Every report of the checker fits 80 columns, coloured or not: after the
/// draw, a declared hand with its reasons, lay-offs, a long rules summary.
#[test]
fn every_report_fits_80_columns() {
    let env = Env::new();
    let hands: &[&[&str]] = &[
        &[
            "--round", "11", "Ks", "Kd", "Kh", "Kc", "2h", "3h", "5h", "9c", "9d", "10s", "Jh", "Qd", "Ac",
            "As",
        ],
        &["--round", "11", "2h 3h Kc 5h | 9c 9d Kd | Qd Kh Ks | Jh 10s Ac As"],
        &["--rules", "strict", "--round", "7", "3d 3c 3h | 5h 6h 8h | Qs Ks As"],
        &[
            "--set",
            "lay_off=true",
            "--onto",
            "5h 6h 7h",
            "--onto",
            "9s 9d 9c",
            "--round",
            "3",
            "8h",
            "9c",
            "4h",
            "Kd",
            "Qd",
        ],
        &[
            "--set",
            "jokers=2",
            "--set",
            "decks=3",
            "--set",
            "extra_rounds=2",
            "--set",
            "kings_wild=true",
            "--round",
            "13",
            "JK",
            "JK",
            "2h",
            "2d",
            "2c",
            "3h",
            "4h",
            "5h",
            "6h",
            "7h",
            "8h",
            "9h",
            "10h",
            "Jh",
            "Qh",
            "Kh",
        ],
        &["--round", "11", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "Jc", "Qc", "Ad", "Kd"],
    ];
    for hand in hands {
        for colour in ["never", "always"] {
            let mut args = vec!["check", "--color", colour];
            args.extend_from_slice(hand);
            let r = env.ok_with(&[("COLUMNS", "80")], &args);
            for line in r.stdout.lines() {
                assert!(crate::common::width(line) <= 80, "{args:?}: {line:?}\n{}", r.stdout);
            }
        }
    }
}

#[test]
fn take_the_face_up_card_or_draw() {
    let env = Env::new();
    // Taking 9h makes a set of nines and leaves 12 with a good chance next;
    // drawing blind rarely does as well.
    let r = env.ok(&["check", "--round", "11", "--upcard", "9h", "Ks Kd Kh 2h 3h 5h 9c 9d 10s Jh Qd Ac As"]);
    assert_eq!(r.stdout, TAKE);
    // The face-up card goes out at once.
    let r = env.ok(&["check", "--round", "1", "--upcard", "7h", "5h 6h 9d"]);
    assert_eq!(r.stdout, OUT_NOW);
    // A king is no use to 5h 6h: drawing gives the better chance. Taken,
    // it may not go straight back (the rules' `throw_back`): 9d goes.
    let r = env.ok(&["check", "--round", "1", "--upcard", "Kc", "5h 6h 9d"]);
    assert!(
        r.stdout.starts_with(
            "Round 1: 3 cards dealt, threes wild (rules: standard)\n\
             \n\
             Draw: 11.5 points more likely to go out this turn or next (23.5% against 12.0% taking Kc)\n\
             \x20 Taking:  discard 9d, 24 left, 12.0% on the next draw\n\
             \x20 Drawing: 12.0% to go out now, 15.4 left on average, 23.5% this turn or next\n\
             \n"
        ),
        "{}",
        r.stdout
    );
    // No chance either way: the deadwood expected decides, each way round.
    let r = env.ok(&["check", "--round", "2", "--upcard", "Ac", "Kc Qd 9s 7h"]);
    assert!(
        r.stdout.contains(
            "\nTake Ac: as likely to go out (0.0%), 5.9 less deadwood than drawing (29 against 34.9)\n\
             \x20 Taking:  discard Kc, 29 left, 0.0% on the next draw\n\
             \x20 Drawing: 0.0% to go out now, 34.9 left on average, 0.0% this turn or next\n"
        ),
        "{}",
        r.stdout
    );
    let r = env.ok(&["check", "--round", "3", "--upcard", "2c", "Kc Qd 9s 7h 5d"]);
    assert!(
        r.stdout.contains(
            "\nDraw: as likely to go out (0.0%), 7.8 less deadwood than taking 2c (27.2 against 35)\n"
        ),
        "{}",
        r.stdout
    );
    // A tie in everything where the card taken may go straight back: the
    // hand goes out either way, so draw. Where it may not, taking breaks
    // the set.
    let r = env.ok(&["check", "--round", "1", "--set", "throw_back=true", "--upcard", "9s", "Kc Kd Ks"]);
    assert!(
        r.stdout.contains(
            "\nDraw: taking 9s is no better (100.0% to go out this turn or next, 0 left either way)\n\
             \x20 Taking:  discard 9s and go out\n\
             \x20 Drawing: 100.0% to go out now, 0.0 left on average, 100.0% this turn or next\n"
        ),
        "{}",
        r.stdout
    );
    let r = env.ok(&["check", "--round", "1", "--upcard", "9s", "Kc Kd Ks"]);
    assert!(
        r.stdout.contains(
            "\nDraw: 87.0 points more likely to go out this turn or next (100.0% against 13.0% taking 9s)\n\
             \x20 Taking:  discard Kc, 35 left, 13.0% on the next draw\n"
        ),
        "{}",
        r.stdout
    );
    // The JSON carries the same figures, named.
    let r = env.ok(&["check", "--json", "--round", "1", "--upcard", "7h", "5h 6h 9d"]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    let u = &v["upcard"];
    assert_eq!(u["card"], "7h");
    assert_eq!(u["advice"], "take");
    assert_eq!(
        u["take"],
        serde_json::json!({
            "discard": "9d", "goes_out": true, "deadwood": 0, "chance_next": 1.0, "chance_this_or_next": 1.0
        })
    );
    assert_eq!(u["draw"]["chance_now"], 0.11);
    let keys: Vec<&String> = u["draw"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["chance_now", "chance_this_or_next", "expected_deadwood"]);
    // The face-up card is seen: of the outs, one 7h is left unseen, not two.
    assert_eq!(v["unseen"], 11);
}

#[test]
fn the_face_up_card_needs_a_hand_before_the_draw() {
    let env = Env::new();
    env.fails(
        &["check", "--round", "1", "--upcard", "9h", "5h 6h 9d 9c"],
        1,
        "--upcard 9h weighs a hand before the draw: give the round's 3 cards, not 4",
    );
    env.fails(
        &["check", "--round", "1", "--upcard", "9h 9d", "5h 6h 9d"],
        2,
        "--upcard takes one card, not 2",
    );
    // It counts against the decks with the hand.
    env.fails(
        &["check", "--round", "1", "--upcard", "9h", "9h 9h 9s"],
        1,
        "the hand and the cards seen hold 3 × 9h between them, but 2 decks hold only 2\n  \
         hint: a card appears once per deck in play (setting decks)",
    );
}

#[test]
fn two_draws_ahead() {
    let env = Env::new();
    let r = env.ok(&["check", "--round", "8", "--look", "2", "3h 4h 5h 6h 8c 8d 8s Jc Jd Qs 2c"]);
    assert_eq!(r.stdout, LOOK);
    // Before the draw: the hand's own chance within two draws.
    let r = env.ok(&["check", "--round", "1", "--look", "2", "5h 6h 9d"]);
    assert_eq!(r.stdout, BEFORE);
    let r = env.ok(&["check", "--json", "--round", "8", "--look", "2", "3h 4h 5h 6h 8c 8d 8s Jc Jd Qs 2c"]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    let twos: Vec<f64> =
        v["discards"].as_array().unwrap().iter().map(|d| d["chance_two"].as_f64().unwrap()).collect();
    assert_eq!(twos.len(), 11);
    assert!(twos.iter().all(|c| *c > 0.0 && *c < 1.0), "{twos:?}");
    // Without --look 2 there is no such figure.
    let r = env.ok(&["check", "--json", "--round", "8", "3h 4h 5h 6h 8c 8d 8s Jc Jd Qs 2c"]);
    assert!(!r.stdout.contains("chance_two"), "{}", r.stdout);
    assert_eq!(env.run(&["check", "--look", "3", "5h 6h 9d"]).code, 2);
}

#[test]
fn discards_leaving_as_much_go_by_the_chance_to_go_out() {
    let env = Env::new();
    // Jc and Qs both leave 22 (J Q K worth 10), but only keeping the jacks
    // gives outs: Qs is the discard to make.
    let args = [
        "check",
        "--rules",
        "tens",
        "--round",
        "8",
        "--seen",
        "Jh Js 10c",
        "3h 4h 5h 6h 8c 8d 8s Jc Jd Qs 2c",
    ];
    let r = env.ok(&args);
    assert_eq!(r.stdout, TIE);
    let r = env.ok(&[&args[..], &["--json"]].concat());
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["best_discard"]["card"], "Qs");
    assert_eq!(v["best_discard"]["deadwood"], 22);
}

const TAKE: &str = "Round 11: 13 cards dealt, kings wild (rules: standard)\n\
         \n\
         Take 9h: 27.4 points more likely to go out this turn or next (42.2% against 14.8% drawing)\n\
         \x20 Taking:  discard Qd, 12 left, 42.2% on the next draw\n\
         \x20 Drawing: 0.0% to go out now, 18.8 left on average, 14.8% this turn or next\n\
         \n\
         Hand      Ac 9c 9d Qd 2h 3h 5h Jh As 10s Kd Kh Ks\n\
         Melds     run 2h 3h Kd 5h  (Kd as 4h)\n\
         \x20         run 9d Kh Ks Qd  (Kh as 10d, Ks as Jd)\n\
         Unmelded  Jh 11, 10s 10, 9c 9, Ac 1, As 1  = 32\n\
         \n\
         Deadwood 32\n\
         Outs (0): none\n";

const OUT_NOW: &str = "Round 1: 3 cards dealt, threes wild (rules: standard)\n\
         \n\
         Take 7h: it goes out now (drawing, 21.7% to go out this turn or next)\n\
         \x20 Taking:  discard 9d and go out\n\
         \x20 Drawing: 11.0% to go out now, 15.6 left on average, 21.7% this turn or next\n\
         \n\
         Hand      9d 5h 6h\n\
         Melds     none\n\
         Unmelded  9d 9, 6h 6, 5h 5  = 20\n\
         \n\
         Deadwood 20\n\
         Outs (6): 3c 3d 3h 3s 4h 7h\n\
         \x20 11 of them unseen: 11.0% on the next draw\n";

const LOOK: &str = "Round 8: 10 cards dealt, 11 held after the draw, tens wild (rules: standard)\n\
         \n\
         Discard Qs and lay down:\n\
         Hand      2c 8c Jc 8d Jd 3h 4h 5h 6h 8s\n\
         Melds     run 3h 4h 5h 6h\n\
         \x20         set 8c 8d 8s\n\
         Unmelded  Jc 11, Jd 11, 2c 2  = 24\n\
         \n\
         Deadwood 24: does not go out\n\
         \n\
         | Discard | Left | Outs                        | Unseen | Chance | Two draws |\n\
         |---------|------|-----------------------------|--------|--------|-----------|\n\
         | Qs      | 24   | 10c 10d 10h 10s Jc Jd Jh Js | 14     | 15.1%  | 28.2%     |\n\
         | 2c      | 34   | 10c 10d 10h 10s Jc Jd Jh Js | 14     | 15.1%  | 28.2%     |\n\
         | Jc      | 25   | none                        | 0      | 0.0%   | 7.7%      |\n\
         | Jd      | 25   | none                        | 0      | 0.0%   | 7.7%      |\n\
         | 6h      | 36   | none                        | 0      | 0.0%   | 4.7%      |\n\
         | 3h      | 36   | none                        | 0      | 0.0%   | 4.7%      |\n\
         | 5h      | 49   | none                        | 0      | 0.0%   | 2.1%      |\n\
         | 4h      | 50   | none                        | 0      | 0.0%   | 2.1%      |\n\
         | 8c      | 52   | none                        | 0      | 0.0%   | 3.4%      |\n\
         | 8d      | 52   | none                        | 0      | 0.0%   | 3.4%      |\n\
         | 8s      | 52   | none                        | 0      | 0.0%   | 3.4%      |\n\
         Least left:  discard Qs: 24 left, 8 outs, 14 unseen, 15.1% on the next draw, 28.2% within two\n";

const BEFORE: &str = "Round 1: 3 cards dealt, threes wild (rules: standard)\n\
         \n\
         Hand      9d 5h 6h\n\
         Melds     none\n\
         Unmelded  9d 9, 6h 6, 5h 5  = 20\n\
         \n\
         Deadwood 20\n\
         Outs (6): 3c 3d 3h 3s 4h 7h\n\
         \x20 12 of them unseen: 11.9% on the next draw\n\
         \x20 23.4% within the next two draws\n";

const TIE: &str = "Round 8: 10 cards dealt, 11 held after the draw, tens wild (rules: tens)\n\
         \n\
         Discard Qs and lay down:\n\
         Hand      2c 8c Jc 8d Jd 3h 4h 5h 6h 8s\n\
         Melds     run 3h 4h 5h 6h\n\
         \x20         set 8c 8d 8s\n\
         Unmelded  Jc 10, Jd 10, 2c 2  = 22\n\
         \n\
         Deadwood 22: does not go out\n\
         \n\
         | Discard | Left | Outs                        | Unseen | Chance |\n\
         |---------|------|-----------------------------|--------|--------|\n\
         | Qs      | 22   | 10c 10d 10h 10s Jc Jd Jh Js | 11     | 12.2%  |\n\
         | 2c      | 30   | 10c 10d 10h 10s Jc Jd Jh Js | 11     | 12.2%  |\n\
         | Jc      | 22   | none                        | 0      | 0.0%   |\n\
         | Jd      | 22   | none                        | 0      | 0.0%   |\n\
         | 6h      | 32   | none                        | 0      | 0.0%   |\n\
         | 3h      | 32   | none                        | 0      | 0.0%   |\n\
         | 5h      | 45   | none                        | 0      | 0.0%   |\n\
         | 4h      | 46   | none                        | 0      | 0.0%   |\n\
         | 8c      | 48   | none                        | 0      | 0.0%   |\n\
         | 8d      | 48   | none                        | 0      | 0.0%   |\n\
         | 8s      | 48   | none                        | 0      | 0.0%   |\n\
         Least left:  discard Qs: 22 left, 8 outs, 11 unseen, 12.2% on the next draw\n";

#[test]
fn a_wild_that_fits_the_run_as_itself_stands_for_itself() {
    let env = Env::new();
    let r = env.ok(&["check", "--round", "1", "3h 4h 5h"]);
    assert!(r.stdout.contains("\nMelds     run 3h 4h 5h\n"), "{}", r.stdout);
    // Another suit's three still stands in for the next card up.
    let r = env.ok(&["check", "--round", "1", "4h 5h 3c"]);
    assert!(r.stdout.contains("\nMelds     run 4h 5h 3c  (3c as 6h)\n"), "{}", r.stdout);
}

#[test]
fn without_look_2_the_headline_discard_keeps_a_pair_when_no_discard_has_an_out() {
    let env = Env::new();
    let r = env.ok(&[
        "check", "--rules", "tens", "--round", "8", "3h", "4h", "5h", "8c", "8d", "8s", "Jc", "Jd", "Qs",
        "Kh", "9d",
    ]);
    assert_eq!(
        r.stdout,
        "Round 8: 10 cards dealt, 11 held after the draw, tens wild (rules: tens)\n\
         \n\
         Discard Kh and lay down:\n\
         Hand      8c Jc 8d 9d Jd 3h 4h 5h 8s Qs\n\
         Melds     run 3h 4h 5h\n\
         \x20         set 8c 8d 8s\n\
         Unmelded  Jc 10, Jd 10, Qs 10, 9d 9  = 39\n\
         \n\
         Deadwood 39: does not go out\n\
         \n\
         | Discard | Left | Outs | Unseen | Chance |\n\
         |---------|------|------|--------|--------|\n\
         | Kh      | 39   | none | 0      | 0.0%   |\n\
         | Qs      | 39   | none | 0      | 0.0%   |\n\
         | Jc      | 39   | none | 0      | 0.0%   |\n\
         | Jd      | 39   | none | 0      | 0.0%   |\n\
         | 9d      | 40   | none | 0      | 0.0%   |\n\
         | 5h      | 56   | none | 0      | 0.0%   |\n\
         | 4h      | 57   | none | 0      | 0.0%   |\n\
         | 3h      | 58   | none | 0      | 0.0%   |\n\
         | 8c      | 65   | none | 0      | 0.0%   |\n\
         | 8s      | 65   | none | 0      | 0.0%   |\n\
         | 8d      | 65   | none | 0      | 0.0%   |\n\
         Least left:  discard Kh: 39 left, 0 outs, 0 unseen, 0.0% on the next draw\n\
         No discard has an out on the next draw: --look 2 weighs the next two\n"
    );
    // --look 2 picks the same card.
    let two = env.ok(&[
        "check", "--rules", "tens", "--round", "8", "--look", "2", "3h", "4h", "5h", "8c", "8d", "8s", "Jc",
        "Jd", "Qs", "Kh", "9d",
    ]);
    assert!(two.stdout.contains("Discard Kh and lay down:"), "{}", two.stdout);
}

/// A damaged file naming the current session does not stop a check, which
/// needs no session; the person is told what is wrong and how to mend it.
#[test]
fn a_damaged_state_file_is_told_and_the_hand_checked_without_a_session() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "--rules", "tens"]);
    std::fs::write(env.data_dir().join("state.toml"), "current = [\n").unwrap();
    let r = env.ok(&["check", "--round", "1", "Kh 9c 4d"]);
    assert!(r.stdout.starts_with("Round 1: 3 cards dealt, threes wild (rules: standard)\n"), "{}", r.stdout);
    let note = r.stderr.lines().next().unwrap();
    assert!(
        note.starts_with("note: which session is current is not known, so the hand is checked without one: ")
            && note.contains("state.toml"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("hint: `three13 use NAME` writes a new one"), "{}", r.stderr);
    // Named, the session is checked under as ever.
    let named = env.ok(&["check", "--session", "g", "--round", "1", "Kh 9c 4d"]);
    assert!(named.stdout.contains("(rules: tens, from session g)"), "{}", named.stdout);
}
