//! `three13 sim`: exact outputs for a fixed seed, the same games on any
//! number of threads, usage errors, and a log replayed from its lines
//! alone giving the same scores. And `check --points` for a fixed seed.

use serde_json::Value;
use three13_core::card::Card;
use three13_core::rules::Rules;
use three13_core::solver::{Solver, Table};

use crate::common::Env;

#[test]
fn sim_prints_each_round_with_intervals() {
    let env = Env::new();
    let r = env.ok(&[
        "sim",
        "--players",
        "3",
        "--deals",
        "20",
        "--round",
        "2",
        "--policy",
        "random",
        "--against",
        "greedy",
        "--seed",
        "5",
    ]);
    assert_eq!(
        r.stdout,
        "\
Three Thirteen (standard), 3 players, 20 deals a round, seed 5
Seat 0 plays random, then greedy, on the same deals; the others play greedy.
Seat 0's points at the end of the round, with 95% intervals:

round  cards           random           greedy  random - greedy
    2      4     22.90 ± 5.37      1.40 ± 1.26     21.50 ± 5.28

Negative: seat 0 scores fewer points playing random than playing greedy.
1 of 1 rounds differ beyond the noise.
"
    );
}

#[test]
fn sim_plays_whole_games_without_a_round() {
    let env = Env::new();
    let r = env.ok(&[
        "sim",
        "--players",
        "2",
        "--deals",
        "3",
        "--policy",
        "greedy",
        "--against",
        "draw",
        "--seed",
        "2",
    ]);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[4], "round  cards           greedy             draw    greedy - draw");
    assert_eq!(lines[6], "    2      4      3.00 ± 4.93      8.00 ± 7.07     -5.00 ± 4.53");
    assert_eq!(lines[16], " game           14.67 ± 22.98    35.33 ± 40.25   -20.67 ± 18.81");
    assert_eq!(lines.len(), 20);
}

#[test]
fn sim_json_is_the_same_on_one_thread() {
    let env = Env::new();
    let args = [
        "sim",
        "--rules",
        "five-crowns",
        "--players",
        "2",
        "--deals",
        "8",
        "--round",
        "1",
        "--policy",
        "coach",
        "--against",
        "greedy",
        "--budget",
        "16",
        "--seed",
        "3",
        "--json",
    ];
    let expected = "{\"seed\":3,\"players\":2,\"rounds\":[{\"round\":1,\"deals\":8,\
\"policy\":{\"mean\":4.75,\"low\":-1.445,\"high\":10.945},\
\"against\":{\"mean\":7.625,\"low\":0.181,\"high\":15.069},\
\"diff\":{\"mean\":-2.875,\"low\":-8.795,\"high\":3.045}}]}\n";
    assert_eq!(env.ok(&args).stdout, expected);
    assert_eq!(env.ok_with(&[("RAYON_NUM_THREADS", "1")], &args).stdout, expected);
}

#[test]
fn sim_refuses_what_cannot_be_dealt() {
    let env = Env::new();
    env.fails(
        &["sim", "--round", "14", "--policy", "greedy", "--against", "greedy"],
        2,
        "no round 14 in these rules: they have rounds 1 to 11\n  \
         hint: name one with --round, or leave it out to play every round",
    );
    env.fails(
        &["sim", "--players", "20", "--round", "11", "--policy", "greedy", "--against", "greedy"],
        2,
        "the decks hold 104 cards, too few to deal 13 to each of 20 players and turn one face \
         up\n  hint: add decks with --set decks=N, or play with fewer players",
    );
}

fn cards(v: &Value, rules: &Rules) -> Vec<Card> {
    v.as_array().unwrap().iter().map(|c| rules.deck().parse(c.as_str().unwrap()).unwrap()).collect()
}

/// Replays every pass of a log from its lines alone: each draw the top
/// of the stock or of the pile, each discard from the hand, out exactly
/// when the hand left melds, every other player one more turn, and the
/// scores each hand's least deadwood.
fn replay(log: &str, rules: &Rules, players: usize) -> usize {
    let mut solver = Solver::new();
    let mut passes = 0;
    let (mut hands, mut stock, mut pile) = (Vec::new(), Vec::new(), Vec::new());
    let (mut seat, mut out, mut finals, mut table) =
        (0, None::<usize>, 0, Table::new(rules, Rules::default().deal(1).unwrap().wild));
    for line in log.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        if v.get("round").is_some() {
            let d = rules.deal(v["round"].as_u64().unwrap() as usize).unwrap();
            table = Table::new(rules, d.wild);
            hands = v["hands"].as_array().unwrap().iter().map(|h| cards(h, rules)).collect::<Vec<_>>();
            assert_eq!(hands.len(), players);
            stock = cards(&v["stock"], rules);
            stock.reverse();
            pile = vec![rules.deck().parse(v["face_up"].as_str().unwrap()).unwrap()];
            seat = (v["dealer"].as_u64().unwrap() as usize + 1) % players;
            out = None;
            finals = 0;
        } else if v.get("end").is_some() {
            let end: Vec<Vec<Card>> =
                v["hands"].as_array().unwrap().iter().map(|h| cards(h, rules)).collect();
            assert_eq!(end, hands);
            let scores: Vec<i64> =
                v["scores"].as_array().unwrap().iter().map(|s| s.as_i64().unwrap()).collect();
            for (s, hand) in hands.iter().enumerate() {
                let expect = if out == Some(s) { 0 } else { solver.deadwood(hand, &table) as i64 };
                assert_eq!(scores[s], expect, "seat {s}");
            }
            assert_eq!(v["out"].as_u64().map(|s| s as usize), out);
            assert!(out.is_none() || finals == 0 || stock.is_empty());
            passes += 1;
        } else {
            assert_eq!(v["seat"].as_u64().unwrap() as usize, seat);
            let card = rules.deck().parse(v["card"].as_str().unwrap()).unwrap();
            let top = if v["draw"] == "stock" { stock.pop() } else { pile.pop() };
            assert_eq!(top, Some(card));
            let discard = rules.deck().parse(v["discard"].as_str().unwrap()).unwrap();
            let hand = &mut hands[seat];
            hand.push(card);
            let at = hand.iter().position(|&c| c == discard).expect("a discard from the hand");
            hand.remove(at);
            pile.push(discard);
            let melds = solver.deadwood(hand, &table) == 0;
            if out.is_none() {
                assert_eq!(v["out"].as_bool(), Some(melds));
                if melds {
                    out = Some(seat);
                    finals = players - 1;
                }
            } else {
                finals -= 1;
            }
            seat = (seat + 1) % players;
        }
    }
    passes
}

#[test]
fn a_log_replayed_gives_the_same_scores() {
    let env = Env::new();
    let log = env.path().join("games.jsonl");
    let sim_to = |log: &std::path::Path| {
        let log = log.to_str().unwrap();
        env.ok(&[
            "sim",
            "--players",
            "3",
            "--deals",
            "6",
            "--round",
            "5",
            "--policy",
            "random",
            "--against",
            "greedy",
            "--seed",
            "9",
            "--log",
            log,
        ]);
    };
    sim_to(&log);
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(replay(&text, &Rules::default(), 3), 12);
    // The same seed writes the same games.
    let again = env.path().join("again.jsonl");
    sim_to(&again);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
}

/// The points section (the last 8 lines) of `check --points` of a round-2
/// hand after the draw, with `extra` options.
fn points_of(env: &Env, extra: &[&str]) -> String {
    let mut args = vec!["check", "--round", "2", "--points"];
    args.extend_from_slice(extra);
    args.extend(["9h", "9d", "4c", "Kh", "2s"]);
    let r = env.ok(&args);
    let lines: Vec<&str> = r.stdout.lines().collect();
    lines[lines.len().saturating_sub(8)..].join("\n")
}

#[test]
fn check_points_ranks_each_discard() {
    let env = Env::new();
    assert_eq!(
        points_of(&env, &["--budget", "64", "--seed", "1"]),
        "\
In points at the end of the round, with 95% intervals:
  4 players, after 0 turns, seed 1: 64 deals (within ±0.5 or 64 at most)
  discard           points  beside the best
  Kh           0.58 ± 0.22  best
  2s           2.14 ± 0.84  +1.56 ± 0.71
  9d           2.84 ± 1.58  +2.27 ± 1.51
  9h           3.16 ± 1.65  +2.58 ± 1.57
  4c          15.84 ± 4.57  +15.19 ± 4.49, dropped after 32 deals"
    );
}

/// In colour, the red cards' codes take no room: the columns stay where
/// they are without colour.
#[test]
fn check_points_columns_hold_in_colour() {
    let env = Env::new();
    let args =
        ["check", "--round", "2", "--points", "--budget", "64", "--seed", "1", "9h", "9d", "4c", "Kh", "2s"];
    let plain = env.ok(&args).stdout;
    let mut coloured = vec!["--color", "always"];
    coloured.extend(args);
    let shown = env.ok(&coloured).stdout;
    assert!(shown.contains('\u{1b}'), "{shown}");
    let strip = |text: &str| {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                chars.by_ref().find(|d| d.is_ascii_alphabetic());
            } else {
                out.push(c);
            }
        }
        out
    };
    let tail = |text: &str| text.lines().rev().take(5).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(tail(&strip(&shown)), tail(&plain));
}

#[test]
fn check_points_weighs_take_or_draw() {
    let env = Env::new();
    let args = [
        "check", "--round", "2", "--points", "--budget", "64", "--seed", "1", "--upcard", "9s", "9h", "9d",
        "Kh", "2s",
    ];
    let r = env.ok(&args);
    assert!(
        r.stdout
            .ends_with("take 9s: 9.5 points better (±2.1)\n  take 0.75 ± 0.21 points, draw 10.27 ± 2.24\n"),
        "{}",
        r.stdout
    );
    let mut json = args.to_vec();
    json.push("--json");
    let v: Value = serde_json::from_str(&env.ok(&json).stdout).unwrap();
    assert_eq!(v["upcard"]["advice_points"], "take");
    // Taking less drawing: the "9.5 points better (±2.1)" of the text.
    assert_eq!(
        v["upcard"]["take_less_draw"],
        serde_json::json!({"mean": -9.516, "low": -11.622, "high": -7.409})
    );
    assert_eq!(v["upcard"]["take"]["points"], serde_json::json!({"mean": 0.75, "low": 0.536, "high": 0.964}));
    assert_eq!(
        v["upcard"]["draw"]["points"],
        serde_json::json!({"mean": 10.266, "low": 8.021, "high": 12.51})
    );
    let after = env
        .ok(&["check", "--round", "2", "--points", "--budget", "64", "--json", "9h", "9d", "4c", "Kh", "2s"]);
    let v: Value = serde_json::from_str(&after.stdout).unwrap();
    for d in v["discards"].as_array().unwrap() {
        let p = &d["points"];
        assert!(p["low"].as_f64().unwrap() <= p["mean"].as_f64().unwrap(), "{d}");
        assert!(p["mean"].as_f64().unwrap() <= p["high"].as_f64().unwrap(), "{d}");
    }
    env.fails(
        &["check", "--round", "2", "--points", "9h", "9d", "Kh", "2s"],
        2,
        "--points before the draw weighs taking the face-up card against drawing: give it with --upcard",
    );
}

#[test]
fn check_points_deals_until_each_difference_is_known_within() {
    let env = Env::new();
    // Every other discard is clearly worse by 128 deals: the best alone is
    // left to play, and the deals stop there.
    assert_eq!(
        points_of(&env, &["--within", "1", "--seed", "1"]),
        "\
In points at the end of the round, with 95% intervals:
  4 players, after 0 turns, seed 1: 128 deals (within ±1 or 5000 at most)
  discard           points  beside the best
  Kh           0.63 ± 0.16  best
  2s           2.14 ± 0.84  +1.56 ± 0.71, dropped after 64 deals
  9h           3.57 ± 1.42  +2.90 ± 1.35, dropped after 96 deals
  9d           3.73 ± 1.48  +3.05 ± 1.41, dropped after 96 deals
  4c          15.84 ± 4.57  +15.19 ± 4.49, dropped after 32 deals"
    );
    let json = env
        .ok(&["check", "--round", "2", "--points", "--within", "1", "--json", "9h", "9d", "4c", "Kh", "2s"]);
    let v: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(
        v["points_of"],
        serde_json::json!({"players": 4, "turn": 0, "seed": 1, "budget": 5000, "within": 1.0, "deals": 128})
    );
    // Each discard says what the text says beside it.
    let by_card =
        |card: &str| v["discards"].as_array().unwrap().iter().find(|d| d["card"] == card).unwrap().clone();
    let (kh, c4) = (by_card("Kh"), by_card("4c"));
    assert_eq!(kh["points_beside_best"], serde_json::json!({"mean": 0.0, "low": 0.0, "high": 0.0}));
    assert_eq!((&kh["deals"], &kh["dropped"]), (&serde_json::json!(128), &serde_json::json!(false)));
    assert_eq!(c4["points_beside_best"], serde_json::json!({"mean": 15.188, "low": 10.702, "high": 19.673}));
    assert_eq!((&c4["deals"], &c4["dropped"]), (&serde_json::json!(32), &serde_json::json!(true)));
    // Two options that stay close: take or draw is dealt until the
    // difference is known within the half-width asked.
    let r = env.ok(&[
        "check", "--round", "2", "--points", "--within", "0.8", "--upcard", "9s", "9h", "9d", "Kh", "2s",
    ]);
    let line = r.stdout.lines().find(|l| l.starts_with("take 9s")).unwrap();
    let half: f64 = line.rsplit("(±").next().unwrap().trim_end_matches(')').parse().unwrap();
    assert!(half <= 0.8, "{line}");
    env.fails(
        &["check", "--round", "2", "--points", "--within", "0", "9h", "9d", "Kh", "2s", "4c"],
        2,
        "invalid value '0' for '--within <P>': give the points each difference is known within, from 0.05 to \
         100, as 0.5\n\nFor more information, try '--help'.",
    );
}

#[test]
fn check_points_on_the_last_turn_are_exact() {
    let env = Env::new();
    // Table melds given: someone went out, and this is the last turn, with
    // no next draw. Taking 3c leaves 3 (4h 8h onto the table, 9c 9d 9s);
    // drawing leaves 5.98 on average. The plain advice weighs the same
    // deadwood (no chance of a next turn), so the two agree.
    let mut args = vec!["check", "--set", "lay_off=true", "--onto", "5h 6h 7h", "--upcard", "3c"];
    args.extend("--points 8h 9c 9d 9s 4h Kd".split(' '));
    let r = env.ok(&args);
    assert!(
        r.stdout.starts_with(
            "Round 4: 6 cards dealt, sixes wild (rules: standard, lay_off=true)\n\nTake 3c, last turn: 3.0 less deadwood than drawing (3 against 6.0 on average)\n  Taking:  discard Kd, 3 left\n  Drawing: 14.9% to meld every card, 6.0 left on average\n"
        ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.ends_with(
            "\nIn points at the end of the round, exact (the last turn):\n  the deadwood of the hand kept; drawing, every unseen card as likely\ntake 3c: 3.0 points better\n  take 3.00 points, draw 5.98\n"
        ),
        "{}",
        r.stdout
    );
    args.push("--json");
    let v: Value = serde_json::from_str(&env.ok(&args).stdout).unwrap();
    assert_eq!(v["upcard"]["advice"], "take");
    // No chance of a next turn on the last one.
    assert_eq!(
        v["upcard"]["take"],
        serde_json::json!({"discard": "Kd", "goes_out": false, "deadwood": 3, "points": {"mean": 3.0, "low": 3.0, "high": 3.0}})
    );
    assert!(v["upcard"]["draw"].get("chance_this_or_next").is_none(), "{v}");
    assert_eq!(v["upcard"]["advice_points"], "take");
    assert_eq!(v["upcard"]["take"]["points"], serde_json::json!({"mean": 3.0, "low": 3.0, "high": 3.0}));
    assert_eq!(v["points_of"]["exact"], true);
    assert_eq!(v["points_of"]["deals"], 0);
    // Drawing: the deadwood the plain advice expects drawing to leave,
    // every unseen card by its copies (the brute force of the game
    // crate's tests checks the figure card by card).
    let expected = v["upcard"]["draw"]["expected_deadwood"].as_f64().unwrap();
    let draw = (expected * 1000.0).round() / 1000.0;
    assert_eq!(v["upcard"]["draw"]["points"], serde_json::json!({"mean": draw, "low": draw, "high": draw}));
    assert_eq!(
        v["upcard"]["take_less_draw"]["mean"].as_f64().unwrap(),
        ((3.0 - draw) * 1000.0).round() / 1000.0
    );

    // The face-up card may not be thrown back: taking Kd to 9c 9d 9h,
    // which melds, breaks the set.
    fn round_1<'a>(more: &[&'a str]) -> Vec<&'a str> {
        let mut args = vec!["check", "--round", "1", "--set", "lay_off=true", "--onto", "4h 5h 6h"];
        args.extend(more);
        args.extend("--upcard Kd --points 9c 9d 9h".split(' '));
        args
    }
    let r = env.ok(&round_1(&[]));
    assert!(
        r.stdout.ends_with("draw: 31.0 points better than taking Kd\n  take 31.00 points, draw 0.00\n"),
        "{}",
        r.stdout
    );

    // Every other card of the one deck seen: nothing is left to draw.
    let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    let seen: Vec<String> = ranks
        .iter()
        .flat_map(|r| ["c", "d", "h", "s"].map(|s| format!("{r}{s}")))
        .filter(|c| !["9c", "9d", "9h", "Kd", "4h", "5h", "6h"].contains(&c.as_str()))
        .collect();
    let seen = seen.join(" ");
    let args = round_1(&["--set", "decks=1", "--seen", &seen]);
    let r = env.ok(&args);
    assert!(
        r.stdout.ends_with("  the deadwood of the hand kept\ntake Kd: the only way to draw, 31.00 points\n"),
        "{}",
        r.stdout
    );
    let mut args = args.to_vec();
    args.push("--json");
    let v: Value = serde_json::from_str(&env.ok(&args).stdout).unwrap();
    assert_eq!(v["upcard"]["take"]["points"]["mean"], 31.0);
    assert_eq!(v["upcard"]["draw"].get("points"), None);
    assert_eq!(v["upcard"].get("advice_points"), None);

    // After the draw, in a doubled round: each discard's points are twice
    // the deadwood it leaves.
    let v: Value = serde_json::from_str(
        &env.ok(&[
            "check",
            "--round",
            "9",
            "--set",
            "double_last_rounds=true",
            "--set",
            "lay_off=true",
            "--onto",
            "4h 5h 6h",
            "--points",
            "--json",
            "9c",
            "9d",
            "9h",
            "7h",
            "8h",
            "2c",
            "3c",
            "4c",
            "Kd",
            "Qs",
            "Jc",
            "10s",
        ])
        .stdout,
    )
    .unwrap();
    let discards = v["discards"].as_array().unwrap();
    assert_eq!(discards.len(), 12);
    let least = discards.iter().map(|d| d["deadwood"].as_u64().unwrap()).min().unwrap();
    for d in discards {
        let twice = 2.0 * d["deadwood"].as_f64().unwrap();
        assert_eq!(d["points"], serde_json::json!({"mean": twice, "low": twice, "high": twice}), "{d}");
        let beside = twice - 2.0 * least as f64;
        assert_eq!(d["points_beside_best"]["mean"].as_f64().unwrap(), beside, "{d}");
    }

    // Without laying off, --last says it is the last turn, the cards laid
    // down seen: taking 3c leaves 9c 9d 9s and 4h 8h 3c, 15; drawing, the
    // plain advice's expected deadwood, with 8c 8d 8s among the seen.
    let mut args = vec!["check", "--round", "4", "--points", "--last", "--seen", "5h 6h 7h 8c 8d 8s"];
    args.extend("--upcard 3c 9c 9d 9s 4h Kd 8h".split(' '));
    let r = env.ok(&args);
    assert!(
        r.stdout.ends_with(
            "\nIn points at the end of the round, exact (the last turn):\n  the deadwood of the hand kept; drawing, every unseen card as likely\ntake 3c: 3.0 points better\n  take 15.00 points, draw 17.98\n"
        ),
        "{}",
        r.stdout
    );
    args.push("--json");
    let v: Value = serde_json::from_str(&env.ok(&args).stdout).unwrap();
    assert_eq!(v["points_of"]["exact"], true);
    assert_eq!(v["upcard"]["take"]["points"], serde_json::json!({"mean": 15.0, "low": 15.0, "high": 15.0}));
    let expected = v["upcard"]["draw"]["expected_deadwood"].as_f64().unwrap();
    let draw = (expected * 1000.0).round() / 1000.0;
    assert_eq!(v["upcard"]["draw"]["points"], serde_json::json!({"mean": draw, "low": draw, "high": draw}));
    // The cards laid down are not drawn: without them seen, more eights
    // and sevens are left to draw and the mean is another.
    let unseen: Vec<&str> = args.iter().copied().filter(|a| !a.contains("8c")).collect();
    let without: Value = serde_json::from_str(
        &env.ok(&unseen.iter().copied().filter(|&a| a != "--seen").collect::<Vec<_>>()).stdout,
    )
    .unwrap();
    assert_ne!(without["upcard"]["draw"]["points"]["mean"], v["upcard"]["draw"]["points"]["mean"]);
    // After the draw, each discard: nothing is drawn any more.
    let r = env.ok(&[
        "check",
        "--round",
        "4",
        "--points",
        "--last",
        "--seen",
        "5h 6h 7h 8c 8d 8s",
        "9c 9d 9s 4h Kd 8h 3c",
    ]);
    assert!(
        r.stdout.contains(
            "\nIn points at the end of the round, exact (the last turn):\n  the deadwood of the hand kept\n  discard           points  beside the best\n  Kd                 15.00  best\n  8h                 20.00  +5.00\n"
        ),
        "{}",
        r.stdout
    );
    // --last alone: the last turn's analysis, each discard and what it
    // leaves, no outs (no draw follows).
    let r = env.ok(&["check", "--round", "4", "--last", "9c", "9d", "9s", "4h", "Kd", "8h", "3c"]);
    assert!(
        r.stdout.ends_with(
            "Deadwood 15\n\n| Discard | Left |\n|---------|------|\n| Kd      | 15   |\n| 8h      | 20   |\n| 4h      | 24   |\n| 3c      | 25   |\n| 9c      | 46   |\n| 9d      | 46   |\n| 9s      | 46   |\nLeast left:  discard Kd: 15 left\nLast turn:   someone went out and no draw follows, so each discard is judged by what it leaves\n"
        ),
        "{}",
        r.stdout
    );
    let j = env.ok(&["check", "--json", "--round", "4", "--last", "9c", "9d", "9s", "4h", "Kd", "8h", "3c"]);
    let v: serde_json::Value = serde_json::from_str(&j.stdout).unwrap();
    assert_eq!(v["last_turn"], true);
    assert_eq!(v["discards"][0], serde_json::json!({"card": "3c", "deadwood": 25}));
    assert!(v.get("best_chance").is_none(), "{}", j.stdout);
    // Two draws to come on the last turn: refused, saying why.
    let r = env
        .run(&["check", "--round", "4", "--last", "--look", "2", "9c", "9d", "9s", "4h", "Kd", "8h", "3c"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("the last turn has one at most"), "{}", r.stderr);
}
