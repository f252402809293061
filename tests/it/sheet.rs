//! The score sheet at the table: fitting the screen, the standings, the
//! end of a game and its tiebreaks, the bare command, `show`, `chart`, and
//! statistics with their filters.

use serde_json::json;

use crate::common::{Env, width};

const NAMES: [&str; 10] = [
    "Annabelle-Xy",
    "Bartholomew1",
    "Cynthia-Long",
    "Dorothea-Abc",
    "Eleanor-Bbbb",
    "Ferdinand-Cc",
    "Gwendolyn-Dd",
    "Humphrey-Eee",
    "Isadora-Ffff",
    "Jebediah-Ggg",
];

/// A game of `n` players with 12-character names, a go-out bonus and
/// doubled rounds, played to the end, with a typed hand in round 1.
fn long_game(env: &Env, n: usize) {
    let mut args = vec!["new", "g", "--set", "double_last_rounds=true", "--set", "go_out_bonus=-10"];
    for name in &NAMES[..n] {
        args.extend(["-p", name]);
    }
    env.ok(&args);
    for round in 0..11 {
        let mut scores: Vec<String> = (0..n).map(|p| ((p * 7 + round * 3) % 40).to_string()).collect();
        scores[1] = "0".into();
        if round == 0 {
            scores[0] = format!("{}=9h 4d Kh", NAMES[0]);
            for (p, s) in scores.iter_mut().enumerate().skip(1) {
                *s = format!("{}={s}", NAMES[p]);
            }
        }
        let mut all: Vec<&str> = vec!["round", "--out", NAMES[1]];
        all.extend(scores.iter().map(String::as_str));
        env.ok(&all);
    }
}

#[test]
fn every_view_fits_80_and_120_columns() {
    for n in [2, 4, 6, 10] {
        let env = Env::new();
        long_game(&env, n);
        for columns in ["80", "120"] {
            let limit: usize = columns.parse().unwrap();
            for colour in [&["--color", "never"][..], &["--color", "always"][..]] {
                for view in
                    [&["table"][..], &["sessions"], &["rules"], &["stats"], &["chart"], &[], &["show", "1"]]
                {
                    let mut args = view.to_vec();
                    args.extend_from_slice(colour);
                    let r = env.ok_with(&[("COLUMNS", columns)], &args);
                    for line in r.stdout.lines() {
                        assert!(
                            width(line) <= limit,
                            "{n} players, {args:?} at {columns}: {line:?}\n{}",
                            r.stdout
                        );
                    }
                    if colour[1] == "always" && view != ["rules"] && view != ["sessions"] {
                        assert!(r.stdout.contains('\u{1b}'), "{args:?} has colour");
                    }
                }
            }
        }
    }
}

#[test]
fn ten_long_names_at_80_columns() {
    let env = Env::new();
    long_game(&env, 10);
    let r = env.ok_with(&[("COLUMNS", "80")], &["table"]);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[1..5],
        [
            "| Player      |   1-4 |    5 |    6 |    7 |    8 |    9 |   10 |   11 | Total |",
            "|-------------|-------|------|------|------|------|------|------|------|-------|",
            "| Annabelle-… |   44# |   12 |   15 |   18 |   21 |   48 |   54 |   60 |   272 |",
            "| Bartholome… | -40^4 | -10^ | -10^ | -10^ | -10^ | -20^ | -20^ | -20^ |  -140 |",
        ]
    );
    assert!(
        r.stdout.contains(
            "Key: points per round; # a typed hand (three13 show ROUND); ^ went out first;\n     rounds 9-11 doubled\n\
             Names: Annabelle-… = Annabelle-Xy, Bartholome… = Bartholomew1,\n       \
             Cynthia-Lo… = Cynthia-Long, Dorothea-A… = Dorothea-Abc,\n"
        ),
        "{}",
        r.stdout
    );
    // The rounds folded: the first one's typed hand and Bartholomew's four
    // rounds out first are counted there, as the key says.
    assert!(
        r.stdout.contains(
            "Column 1-4: rounds 1 to 4 added up; a mark there with a number counts its rounds\n        \
             (^2: went out first twice)\n"
        ),
        "{}",
        r.stdout
    );
    // --wide forces the full layout, however wide.
    let wide = env.ok_with(&[("COLUMNS", "80")], &["table", "--wide"]);
    assert!(
        wide.stdout.contains("| Round | Cards | Wild | Points  | Dealer       | Annabelle-Xy |"),
        "{}",
        wide.stdout
    );
    assert!(
        wide.stdout.contains("|     1 |     3 | 3    |         | Annabelle-Xy |     26# (26) |"),
        "{}",
        wide.stdout
    );
    // Without COLUMNS and off a terminal: the full layout.
    let mut cmd = env.command(&["table"]);
    cmd.env_remove("COLUMNS");
    let out = String::from_utf8(cmd.output().unwrap().stdout).unwrap();
    assert!(out.contains("|     1 |     3 | 3    |         | Annabelle-Xy |     26# (26) |"), "{out}");
}

#[test]
fn standings_legend_and_margin() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "-p", "Dee"]);
    for _ in 0..10 {
        env.ok(&["round", "0", "5", "5", "9", "--out", "Ann"]);
    }
    let r = env.ok(&["round", "Ann=2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Ks Kd", "Bob=10", "Cy=10", "Dee=1"]);
    assert!(
        r.stdout.ends_with(
            "\
| Total |       |      |        |      0 |      60 |      60 |     91 |     |
Key: 12 (40) = points in the round (running total); # a typed hand (three13 show ROUND)

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Ann    |     0 |      0 |  10 |
|     2 | Bob    |    60 |     60 |   0 |
|     2 | Cy     |    60 |     60 |   0 |
|     4 | Dee    |    91 |     91 |   0 |
Game over: Ann wins by 60, with 0.
"
        ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("|    11 |    13 | K    | Cy     | 0# (0) | 10 (60) | 10 (60) | 1 (91) |     |")
    );
    let j = env.table_json(&[]);
    assert_eq!(j["places"], json!({"Ann": 1, "Bob": 2, "Cy": 2, "Dee": 4}));
    assert_eq!(j["margin"], json!(60));
    assert_eq!(
        j["standings"][3],
        json!({"place": 4, "player": "Dee", "total": 91, "behind": 91, "rounds_out": 0})
    );
    assert_eq!(j["tiebreak"], json!({"rule": "share", "tied": []}));
}

#[test]
fn wilds_name_kings_and_jokers() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "--set", "kings_wild=true", "--set", "jokers=2"]);
    let t = env.ok(&["table"]).stdout;
    assert!(t.contains("|     1 |     3 | 3 +K +JK  | Ann    |"), "{t}");
    assert!(t.contains("|    11 |    13 | K +JK     | Ann    |"), "{t}");
    assert!(
        t.ends_with("Next: round 1, 3 cards, threes, kings and jokers wild, Ann deals, Bob plays first; 11 rounds left\n"),
        "{t}"
    );
}

/// Two players who tie at the end of a game under `tiebreak`.
fn tied_game(tiebreak: &str) -> Env {
    let env = Env::new();
    let setting = format!("tiebreak={tiebreak}");
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--set", &setting]);
    for _ in 0..10 {
        env.ok(&["round", "3", "3", "5"]);
    }
    env
}

#[test]
fn tiebreak_share() {
    let env = tied_game("share");
    let r = env.ok(&["round", "3", "3", "5"]);
    assert!(r.stdout.ends_with("Game over: Ann and Bob share the win with 33.\n"), "{}", r.stdout);
    assert_eq!(env.table_json(&[])["winners"], json!(["Ann", "Bob"]));
}

#[test]
fn tiebreak_round_then_a_further_tie() {
    let env = tied_game("round");
    let r = env.ok(&["round", "3", "3", "5"]);
    assert!(
        r.stdout.ends_with(
            "|     1 | Ann    |    33 |      0 |   0 |\n|     1 | Bob    |    33 |      0 |   0 |\n|     3 | Cy     |    55 |     22 |   0 |\n\
             Ann and Bob are tied on 33: they play a tiebreaker round of 14 cards, aces wild; the lowest deadwood\n\
             wins.\nNext: the tiebreaker round, 14 cards, aces wild, Cy deals, Ann plays first\n"
        ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("|   Tie |    14 | A    |        |        |        |        |     |\n"),
        "{}",
        r.stdout
    );
    let j = env.table_json(&[]);
    assert_eq!((j["finished"].clone(), j["next"]["tiebreak"].clone()), (json!(false), json!(true)));
    assert_eq!(j["next"]["players"], json!(["Ann", "Bob"]));
    env.fails(
        &["round", "1", "2", "3"],
        2,
        "2 players but 3 scores given; give one per player in seat order (Ann Bob), or NAME=SCORE",
    );
    env.fails(
        &["round", "Cy=3", "Ann=1"],
        2,
        "Cy is not tied for the win, so does not play the tiebreaker round",
    );
    // A further tie shares the win.
    let r = env.ok(&["round", "4", "4"]);
    assert!(
        r.stdout.ends_with(
            "Game over: Ann and Bob share the win; after a tie on 33, the tiebreaker round: Ann 4, Bob 4.\n"
        ),
        "{}",
        r.stdout
    );
    // Undo takes the tiebreaker round back first.
    env.ok(&["undo", "--yes"]);
    let r = env.ok(&["round", "Bob=2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ad Kd", "Ann=7"]);
    assert!(
        r.stdout.contains("|   Tie |    14 | A    |        |      7 |     0# |        |     |\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.ends_with("Game over: Bob wins after a tie on 33, the tiebreaker round: Ann 7, Bob 0.\n"),
        "{}",
        r.stdout
    );
    let j = env.table_json(&[]);
    assert_eq!(j["places"], json!({"Ann": 2, "Bob": 1, "Cy": 3}));
    assert_eq!(j["tiebreak"]["round"], json!({"Ann": 7, "Bob": 0}));
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(
        text.contains("\n[tiebreak]\ndeadwood = { Ann = 7, Bob = 0 }\nhands = { Bob = \"2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ad Kd\" }\n\n[log]\n"),
        "{text}"
    );
    // The file reads back, and show finds the tiebreaker's hand.
    let shown = env.ok(&["show", "12"]).stdout;
    assert_eq!(
        shown,
        "\
The tiebreaker round of g: 14 cards, aces wild; Cy dealt, Ann played first
| Player | Deadwood |                   |
|--------|----------|-------------------|
| Ann    |        7 |                   |
| Bob    |        0 | hand typed, below |

Bob: 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ad Kd
  run 2c 3c 4c
  run 5c 6c 7c
  run 8c 9c 10c Jc Qc
  set Kc Kd Ad  (Ad as Kh)
  deadwood 0: every card is in a meld
"
    );
    // Without a number: the last round played, here the tiebreaker.
    assert_eq!(env.ok(&["show"]).stdout, shown);
}

/// A draw for the table is random: whatever the cards, one player wins,
/// every draw but the last tied on rank, and the draws are in the file.
/// (Cards drawn at the table are typed: see the tests of `three13 draw`.)
#[test]
fn tiebreak_draw_is_recorded() {
    let env = tied_game("draw");
    // The round leaves the tie; nothing is drawn until the table says so.
    let r = env.ok(&["round", "3", "3", "5"]);
    assert!(
        r.stdout.ends_with(
            "Ann and Bob are tied on 33: each draws a card, and the lowest rank wins, aces low.\n\
             Next: the draw; record the cards drawn with three13 draw Ann=CARD Bob=CARD (or three13 draw\n      \
             --random)\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(
        env.table_json(&[])["tiebreak"],
        json!({"rule": "draw", "tied": ["Ann", "Bob"], "drawing": ["Ann", "Bob"]})
    );
    let r = env.ok(&["draw", "--random"]);
    let end = r.stdout.rsplit_once("\nGame over: ").expect("the game is over").1.to_string();
    let last = end.replace('\n', " ");
    let j = env.table_json(&[]);
    let draws = j["tiebreak"]["draws"].as_array().unwrap();
    let times = if draws.len() == 1 { String::new() } else { format!(" {} times", draws.len()) };
    assert!(last.contains(&format!(" wins after a tie on 33; the tied players drew{times}: Ann ")), "{last}");
    let rank = |c: &serde_json::Value| c.as_str().unwrap().trim_end_matches(['c', 'd', 'h', 's']).to_string();
    for draw in &draws[..draws.len() - 1] {
        assert_eq!(rank(&draw["Ann"]), rank(&draw["Bob"]));
    }
    let decisive = &draws[draws.len() - 1];
    assert_ne!(rank(&decisive["Ann"]), rank(&decisive["Bob"]));
    assert_eq!(j["winners"].as_array().unwrap().len(), 1);
    // Recorded in the file: the same on every read.
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    assert!(text.contains("\n[tiebreak]\ndraws = [\n    { Ann = "), "{text}");
    assert!(env.ok(&["table"]).stdout.ends_with(&end));
}

#[test]
fn the_bare_command() {
    let env = Env::new();
    let r = env.ok(&[]);
    assert!(r.stdout.starts_with("No game yet. To keep the score of one:\n"), "{}", r.stdout);
    assert_eq!(r.stderr, "");
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy"]);
    env.ok(&["round", "5", "0", "9", "--out", "Bob"]);
    assert_eq!(
        env.ok(&[]).stdout,
        "\
Session g (rules: standard): 1 of 11 rounds played
| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Bob    |     0 |      0 |   1 |
|     2 | Ann    |     5 |      5 |   0 |
|     3 | Cy     |     9 |      9 |   0 |
Leader: Bob, with 0
Next: round 2, 4 cards, fours wild, Bob deals, Cy plays first; 10 rounds left
Record it with `three13 round`; the whole table: `three13 table`.
"
    );
    // Saved games, none of them current: say so, and how to go on.
    env.ok(&["new", "h", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["delete", "h", "--yes"]);
    assert_eq!(
        env.ok(&[]).stdout,
        "No game is current. Saved: g. Continue one with `three13 use NAME`, or see them all with `three13\n\
         sessions`; start another with `three13 new`.\n"
    );
}

#[test]
fn show_a_round() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "Ann=9h 4d Kh", "Bob=3d 3c 3h"]);
    assert_eq!(
        env.ok(&["show", "1"]).stdout,
        "\
Round 1 of g: 3 cards, threes wild; Ann dealt, Bob played first
| Player | Points | Total |                   |
|--------|--------|-------|-------------------|
| Ann    |     26 |    26 | hand typed, below |
| Bob    |      0 |     0 | hand typed, below |

Ann: 9h 4d Kh
  left over Kh 13, 9h 9, 4d 4: deadwood 26

Bob: 3d 3c 3h
  set 3c 3d 3h
  deadwood 0: every card is in a meld
"
    );
    assert!(
        env.ok(&["table"]).stdout.contains("|     1 |     3 | 3    | Ann    | 26# (26) | 0# (0) |     |")
    );
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["show", "1", "--json"]).stdout).unwrap();
    assert_eq!(j["hands"][0]["player"], json!("Ann"));
    assert_eq!(j["hands"][0]["arrangement"]["deadwood"], json!(26));
    env.fails(&["show", "2"], 1, "there is no round 2 to show; only round 1 is recorded");
}

/// A whole game at 80 columns: the chart fits, and the last round's number
/// is under the axis too.
#[test]
fn chart_of_a_whole_game_at_80_columns() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    for r in 0..11 {
        env.ok(&["round", &(r % 4).to_string(), "5"]);
    }
    let r = env.ok_with(&[("COLUMNS", "80")], &["chart"]);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let label = lines.iter().position(|l| l.trim() == "round").unwrap();
    let axis = lines[label - 1];
    // The game over, who won is said last.
    assert!(r.stdout.ends_with("\nGame over: Ann wins by 40, with 15.\n"), "{}", r.stdout);
    assert!(axis.trim_start().starts_with("0 ") && axis.ends_with(" 11"), "{}", r.stdout);
    assert!(r.stdout.lines().all(|l| crate::common::width(l) <= 80), "{}", r.stdout);
}

#[test]
fn chart_in_the_terminal_and_as_svg() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.fails(&["chart"], 1, "no round of g is recorded yet; the chart starts after round 1");
    env.ok(&["round", "10", "0"]);
    env.ok(&["round", "0", "20"]);
    let r = env.ok_with(&[("COLUMNS", "40")], &["chart"]);
    assert_eq!(
        r.stdout,
        "\
Running totals of g, round by round
  (lowest wins)
20 +                                   o
   |                                 oo
   |                               oo
15 +                              o
   |                            oo
   |                           o
10 +              ***********##*********
   |           ***         oo
 5 +        ***           o
   |     ***            oo
   |  ***             oo
 0 +##oooooooooooooooo
   +------------------------------------
    0                1                 2
    round
Key:  * Ann  o Bob  # lines in one place
"
    );
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["chart", "--json"]).stdout).unwrap();
    let point = |round: usize, total: i32| json!({"round": round, "total": total});
    assert_eq!(
        j["series"],
        json!({"Ann": [point(0, 0), point(1, 10), point(2, 10)], "Bob": [point(0, 0), point(1, 0), point(2, 20)]})
    );
    let r = env.ok(&["chart", "--svg", "race.svg"]);
    assert_eq!(r.stderr, "note: wrote race.svg (the running totals of g)\n");
    let svg = std::fs::read_to_string(env.path().join("race.svg")).unwrap();
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"), "{svg}");
    // One line per player through the three points (start, round 1, round 2).
    let lines: Vec<&str> = svg
        .lines()
        .filter(|l| l.starts_with("<polyline") && l.contains("stroke-width=\"2\""))
        .filter(|l| l.split("points=\"").nth(1).is_some_and(|p| p.split_whitespace().count() == 3))
        .collect();
    assert_eq!(lines.len(), 2, "{svg}");
    assert!(svg.contains(">\nAnn\n</text>") && svg.contains(">\nBob\n</text>"), "{svg}");
}

#[test]
fn statistics_with_filters() {
    let env = Env::new();
    let game = |name: &str, players: &[&str], rules: &[&str], scores: &[&str]| {
        let mut args = vec!["new", name];
        for p in players {
            args.extend(["-p", p]);
        }
        args.extend_from_slice(rules);
        env.ok(&args);
        for _ in 0..11 {
            let mut r = vec!["round"];
            r.extend_from_slice(scores);
            env.ok(&r);
        }
    };
    game("a", &["Ann", "Bob"], &[], &["1", "2"]);
    game("b", &["Ann", "Bob", "Cy"], &["--rules", "tens"], &["3", "2", "1"]);
    game("c", &["Bob", "Cy"], &["--rules", "tens"], &["2", "2"]);
    let r = env.ok_with(&[("COLUMNS", "120")], &["stats"]);
    assert_eq!(
        r.stdout,
        "\
3 finished games under 2 sets of rules, counted apart: totals under different rules are not averaged together.

Rules tens: 2 finished games
| Player | Games | Wins | Win % | Avg place | Avg total | Best | Worst | Avg round | Went out | Best round |
|--------|-------|------|-------|-----------|-----------|------|-------|-----------|----------|------------|
| Cy     |     2 |    2 |   100 |       1.0 |      16.5 |   11 |    22 |       1.5 |        0 |          1 |
| Bob    |     2 |    1 |    50 |       1.5 |      22.0 |   22 |    22 |       2.0 |        0 |          2 |
| Ann    |     1 |    0 |     0 |       3.0 |      33.0 |   33 |    33 |       3.0 |        0 |          3 |

Rules standard: 1 finished game
| Player | Games | Wins | Win % | Avg place | Avg total | Best | Worst | Avg round | Went out | Best round |
|--------|-------|------|-------|-----------|-----------|------|-------|-----------|----------|------------|
| Ann    |     1 |    1 |   100 |       1.0 |      11.0 |   11 |    11 |       1.0 |        0 |          1 |
| Bob    |     1 |    0 |     0 |       2.0 |      22.0 |   22 |    22 |       2.0 |        0 |          2 |
"
    );
    let only = env.ok(&["stats", "--rules", "standard"]).stdout;
    assert!(only.starts_with("Rules standard: 1 finished game\n"), "{only}");
    let with = env.ok(&["stats", "--with", "ann", "--set", "face_cards=ten"]).stdout;
    assert!(with.starts_with("Rules tens: 1 finished game\n"), "{with}");
    assert_eq!(
        env.ok(&["stats", "--since", "2999-01-01"]).stdout,
        "No finished games matching these filters; a game counts once its last round is recorded.\n"
    );
    let ann = env.ok(&["stats", "Ann"]).stdout;
    assert!(
        ann.starts_with(
            "Ann: 2 finished games\n| Ended      | Session | Rules    | Players | Total | Place | Won by |\n"
        ),
        "{ann}"
    );
    assert!(ann.contains("| b       | tens     |       3 |    33 |     3 | Cy     |\n"), "{ann}");
    assert_eq!(
        env.ok(&["stats", "--versus", "Bob", "cy"]).stdout,
        "Bob against cy: 2 finished games together; Bob finished ahead in 0, cy in 1, level in 1.\n"
    );
    let j: serde_json::Value =
        serde_json::from_str(&env.ok(&["stats", "--versus", "Ann", "Bob", "--json"]).stdout).unwrap();
    assert_eq!(
        j,
        json!({"first": "Ann", "second": "Bob", "games": 2, "first_ahead": 1, "second_ahead": 1, "level": 0})
    );
    env.fails(&["stats", "--since", "yesterday"], 2, "--since: \"yesterday\" is not a day like 2026-11-22");
}
