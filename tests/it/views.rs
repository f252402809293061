//! The views of a game as it stands: the table folded to fit, with a
//! player who joined late and the marks of the rounds folded, the dealer
//! in the compact layout, the rounds left, and `show` of a round in full.

use serde_json::json;

use crate::common::Env;

/// Ann, Bob and Cy with a penalty for a bad go-out: a typed hand, rounds
/// out, a bad go-out, Dee joining from 43 after round 3, Cy leaving after
/// round 7; eight rounds in.
fn evening() -> Env {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--set", "bad_go_out_penalty=20"]);
    env.ok(&["round", "Ann=9h 4d Kh", "Bob=0", "Cy=12", "--out", "Bob"]);
    env.ok(&["round", "0", "5", "30", "--out", "Ann", "--penalty", "Cy"]);
    env.ok(&["round", "3", "0", "7", "--out", "Bob"]);
    env.ok(&["player", "add", "Dee", "--total", "43"]);
    for scores in [["1", "2", "0", "4"], ["4", "0", "6", "7"], ["8", "9", "0", "1"], ["2", "3", "4", "0"]] {
        let mut args = vec!["round"];
        args.extend(scores);
        env.ok(&args);
    }
    env.ok(&["player", "remove", "Cy", "--yes"]);
    env.ok(&["round", "1", "2", "0"]);
    env
}

#[test]
fn the_folded_table_heads_its_range_keeps_starts_apart_and_counts_marks() {
    let env = evening();
    let table = env.ok_with(&[("COLUMNS", "50")], &["table"]).stdout;
    assert_eq!(
        table,
        "\
Session g (rules: standard, bad_go_out_penalty=20)
| Player | Start |  1-4 | 5 | 6 | 7 | 8 | Total |
|--------|-------|------|---|---|---|---|-------|
| Ann*   |       | 30#^ | 4 | 8 | 2 | 1 |    45 |
| Bob    |       |  7^2 | 0 | 9 | 3 | 2 |    21 |
| Cy     |       |  69! | 6 | 0 | 4 |   |    79 |
| Dee    |    43 |    4 | 7 | 1 | 0 | 0 |    55 |
| Dealer |       |      | A | B | C | D |       |
Key: points per round; # a typed hand
     (three13 show ROUND); ^ went out first;
     ! bad go-out; Start = total of a player who
     joined late; * deals next
Column 1-4: rounds 1 to 4 added up; a mark there
        with a number counts its rounds (^2: went
        out first twice)

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Bob    |    21 |      0 |   2 |
|     2 | Ann    |    45 |     24 |   1 |
|     3 | Dee    |    55 |     34 |   0 |
Left the game: Cy after round 7
Leader: Bob, with 21
Next: round 9, 11 cards, jacks wild, Ann deals,
      Bob plays first; 3 rounds left
"
    );
    // Narrower, more rounds folded; their marks counted.
    let env = Env::new();
    env.ok(&["new", "h", "-p", "Ann", "-p", "Bob"]);
    for _ in 0..11 {
        env.ok(&["round", "10", "0", "--out", "Bob"]);
    }
    let table = env.ok_with(&[("COLUMNS", "55")], &["table"]).stdout;
    assert!(table.contains("\n| Player | 1-5 |  6 |"), "{table}");
    assert!(table.contains("\n| Bob    | 0^5 | 0^ |"), "{table}");
    assert!(table.contains("\nColumn 1-5: rounds 1 to 5 added up; a mark there"), "{table}");
    // The game over, nobody deals next.
    assert!(!table.contains("Bob*") && !table.contains("deals next"), "{table}");
}

#[test]
fn the_next_line_says_how_many_rounds_are_left() {
    let env = Env::new();
    let r = env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "--set", "extra_rounds=1"]);
    assert!(
        r.stdout
            .contains("\nNext: round 1, 3 cards, threes wild, Ann deals, Bob plays first; 12 rounds left\n"),
        "{}",
        r.stdout
    );
    for _ in 0..10 {
        env.ok(&["round", "1", "2"]);
    }
    let r = env.ok(&["round", "1", "2"]);
    assert!(
        r.stdout
            .ends_with("\nNext: round 12, 14 cards, aces wild, Bob deals, Ann plays first; the last round\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        env.ok(&["use", "g"]).stdout,
        "Now using session g.\nNext: round 12, 14 cards, aces wild, Bob deals, Ann plays first; the last round\n"
    );
    assert!(
        env.ok(&[])
            .stdout
            .contains("\nNext: round 12, 14 cards, aces wild, Bob deals, Ann plays first; the last round\n")
    );
}

#[test]
fn show_without_a_number_shows_the_last_round_in_full() {
    let env = evening();
    let last = env.ok(&["show"]).stdout;
    assert_eq!(
        last,
        "\
Round 8 of g: 10 cards, tens wild; Dee dealt, Ann played first
| Player | Points | Total |
|--------|--------|-------|
| Ann    |      1 |    45 |
| Bob    |      2 |    21 |
| Dee    |      0 |    55 |
"
    );
    assert_eq!(env.ok(&["show", "8"]).stdout, last);
    assert_eq!(
        env.ok(&["show", "2"]).stdout,
        "\
Round 2 of g: 4 cards, fours wild; Bob dealt, Cy played first
| Player | Deadwood | Points | Total |                 |
|--------|----------|--------|-------|-----------------|
| Ann    |        0 |      0 |    26 | went out first  |
| Bob    |        5 |      5 |     5 |                 |
| Cy     |       30 |     50 |    62 | bad go-out, +20 |
"
    );
    assert_eq!(
        env.ok(&["show", "1"]).stdout,
        "\
Round 1 of g: 3 cards, threes wild; Ann dealt, Bob played first
| Player | Points | Total |                   |
|--------|--------|-------|-------------------|
| Ann    |     26 |    26 | hand typed, below |
| Bob    |      0 |     0 | went out first    |
| Cy     |     12 |    12 |                   |

Ann: 9h 4d Kh
  left over Kh 13, 9h 9, 4d 4: deadwood 26
"
    );
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["show", "--json"]).stdout).unwrap();
    assert_eq!(
        (j["round"].clone(), j["dealer"].clone(), j["first"].clone(), j["out"].clone()),
        (json!(8), json!("Dee"), json!("Ann"), json!(null))
    );
    assert_eq!(
        j["scores"],
        json!([
            {"player": "Ann", "deadwood": 1, "points": 1, "total": 45, "typed": false},
            {"player": "Bob", "deadwood": 2, "points": 2, "total": 21, "typed": false},
            {"player": "Dee", "deadwood": 0, "points": 0, "total": 55, "typed": false},
        ])
    );
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["show", "2", "--json"]).stdout).unwrap();
    assert_eq!((j["out"].clone(), j["penalties"].clone()), (json!("Ann"), json!(["Cy"])));
    let narrow = env.ok_with(&[("COLUMNS", "30")], &["show", "2"]).stdout;
    assert_eq!(
        narrow,
        "\
Round 2 of g: 4 cards, fours
  wild; Bob dealt, Cy played
  first
Ann
  Deadwood: 0  Points: 0
  Total: 26  went out first

Bob
  Deadwood: 5  Points: 5
  Total: 5

Cy
  Deadwood: 30  Points: 50
  Total: 62  bad go-out, +20
"
    );
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.fails(&["show"], 1, "no round of g is recorded yet; show a round once it is played");
}

/// The SVG's lines, one per player in seat order: each point's x and y.
fn svg_lines(svg: &str) -> Vec<Vec<(i64, i64)>> {
    svg.lines()
        .filter(|l| l.starts_with("<polyline") && l.contains("stroke-width=\"2\""))
        .filter_map(|l| l.split("points=\"").nth(1)?.split('"').next())
        .map(|points| {
            points
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect::<Vec<_>>()
        })
        // The key's short strokes have two points; a line has more.
        .filter(|points| points.len() > 2)
        .collect()
}

#[test]
fn the_chart_draws_each_player_over_the_rounds_they_played() {
    let env = evening();
    // For scripts: Dee from round 3 at the 43 she started from, Cy up to
    // round 7, his last.
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["chart", "--json"]).stdout).unwrap();
    let rounds = |player: &str| -> Vec<(u64, i64)> {
        j["series"][player]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["round"].as_u64().unwrap(), p["total"].as_i64().unwrap()))
            .collect()
    };
    assert_eq!(rounds("Dee"), [(3, 43), (4, 47), (5, 54), (6, 55), (7, 55), (8, 55)]);
    assert_eq!(rounds("Cy"), [(0, 0), (1, 12), (2, 62), (3, 69), (4, 69), (5, 75), (6, 75), (7, 79)]);
    assert_eq!(rounds("Ann").len(), 9);
    assert_eq!(
        (j["rounds"].clone(), j["winners"].clone(), j["ending"].clone()),
        (json!(8), json!([]), json!(null))
    );

    // In the SVG: Dee's line starts where round 3 is, Cy's ends at round 7.
    env.ok(&["chart", "--svg", "race.svg"]);
    let svg = std::fs::read_to_string(env.path().join("race.svg")).unwrap();
    let lines = svg_lines(&svg);
    let counts: Vec<usize> = lines.iter().map(Vec::len).collect();
    assert_eq!(counts, [9, 9, 8, 6], "{svg}");
    let ann = &lines[0];
    assert_eq!(lines[3][0].0, ann[3].0, "Dee's first point is at round 3");
    assert_eq!(lines[2].last().unwrap().0, ann[7].0, "Cy's last point is at round 7");

    // In the terminal: no mark of Dee's left of round 3, none of Cy's
    // right of round 7.
    let chart = env.ok_with(&[("COLUMNS", "80")], &["chart"]).stdout;
    let text: Vec<&str> = chart.lines().collect();
    let label = text.iter().position(|l| l.trim() == "round").unwrap();
    let axis = text[label - 1];
    let at = |round: &str| axis.find(&format!(" {round} ")).unwrap() + 1;
    let plot = &text[1..label - 2];
    let columns = |mark: char| -> Vec<usize> {
        plot.iter()
            .flat_map(|l| l.char_indices().filter(move |&(i, c)| c == mark && i > 3).map(|(i, _)| i))
            .collect()
    };
    assert_eq!(columns('x').iter().min(), Some(&at("3")), "{chart}");
    assert_eq!(columns('+').iter().max(), Some(&at("7")), "{chart}");
    assert!(chart.ends_with("\nKey:  * Ann  o Bob  + Cy  x Dee  # lines in one place\n"), "{chart}");
}

#[test]
fn the_chart_fills_the_height_it_is_given_and_labels_the_side() {
    let env = evening();
    let rows = |lines: Option<&str>| {
        let mut vars = vec![("COLUMNS", "80")];
        if let Some(lines) = lines {
            vars.push(("LINES", lines));
        }
        let chart = env.ok_with(&vars, &["chart"]).stdout;
        // The plot: from under the title to the axis.
        let plot = chart.lines().skip(1).take_while(|l| !l.trim_start().starts_with("+-")).count();
        (plot, chart)
    };
    // The title, the axis, its numbers, "round", the key and the shell's
    // prompt take 6 lines; the plot has the rest, from 8 to 40 rows.
    assert_eq!(rows(Some("30")).0, 24);
    assert_eq!(rows(Some("50")).0, 40);
    assert_eq!(rows(Some("200")).0, 40);
    assert_eq!(rows(Some("5")).0, 8);
    assert_eq!(rows(None).0, 12);
    let (_, chart) = rows(Some("30"));
    // Each label, two columns wide, before the axis's tick.
    let labels: Vec<&str> =
        chart.lines().skip(1).take(24).filter(|l| l.get(2..4) == Some(" +")).map(|l| l[..2].trim()).collect();
    assert_eq!(labels, ["79", "70", "60", "50", "40", "30", "20", "10", "0"], "{chart}");
    assert!(chart.lines().all(|l| crate::common::width(l) <= 80), "{chart}");
}

#[test]
fn the_chart_names_the_winner_and_the_tiebreak() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--set", "tiebreak=round"]);
    for _ in 0..10 {
        env.ok(&["round", "2", "2", "5"]);
    }
    env.ok(&["round", "3", "3", "1"]);
    env.ok(&["round", "5", "3"]);
    let chart = env.ok_with(&[("COLUMNS", "60"), ("LINES", "24")], &["chart"]).stdout;
    assert!(
        chart.ends_with(
            "\nKey:  * Ann  o Bob (won)  + Cy  # lines in one place\n     \
             Ann's line is all under #, with Bob\n     \
             Bob's line is all under #, with Ann\n\
             Game over: Bob wins after a tie on 23, the tiebreaker round:\n\
             Ann 5, Bob 3.\n"
        ),
        "{chart}"
    );
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["chart", "--json"]).stdout).unwrap();
    assert_eq!(j["winners"], json!(["Bob"]));
    assert_eq!(
        j["ending"],
        json!("Game over: Bob wins after a tie on 23, the tiebreaker round: Ann 5, Bob 3.")
    );
    env.ok(&["chart", "--svg", "race.svg"]);
    let svg = std::fs::read_to_string(env.path().join("race.svg")).unwrap();
    assert!(
        svg.contains(
            "\nRunning totals of g: Bob wins after a tie on 23, the tiebreaker round: Ann 5, Bob 3.\n"
        ),
        "{svg}"
    );
    assert!(svg.contains(">\nBob (won)\n</text>"), "{svg}");
    // A ring on the winner's last total.
    let bob_last = *svg_lines(&svg)[1].last().unwrap();
    let ring = format!("<circle cx=\"{}\" cy=\"{}\" r=\"7\"", bob_last.0, bob_last.1);
    assert!(svg.contains(&ring), "{ring}\n{svg}");
}

#[test]
fn rules_explain_says_how_to_play_under_the_rules_in_force() {
    let env = Env::new();
    let standard = env.ok_with(&[("COLUMNS", "80")], &["rules", "--explain"]).stdout;
    assert_eq!(
        standard,
        "\
How to play Three Thirteen under the rules standard

The game
Three Thirteen is a rummy game for two or more players, played over 11 rounds.
In round 1 everyone is dealt 3 cards; then one more each round, up to 13 cards
in round 11. Each round has its wild rank, the rank of the number of cards
dealt. You try to arrange your hand into melds; the cards left over count
against you, and the lowest total after the last round wins.

The cards and the deal
2 standard decks shuffled together (104 cards); a hand may hold up to 2 of the
same card.

- The dealer deals each player the round's cards; the rest is the stock, face
  down, and its top card is turned up to start the discard pile. The deal passes
  one seat to the left each round, and the player to the left of the dealer
  plays first.
- A turn: draw the top card of the stock or of the discard pile, then discard
  one card face up (not the card just taken from the pile, unless you hold
  another copy of it).
- Going out: a player whose hand, after the discard, is all in melds lays it
  down, even on their first turn. Every other player then takes exactly one more
  turn, and the round ends.
- If the stock runs out, the round ends once the player who drew its last card
  has discarded.

Melds
- A set: three or more cards of one rank, any suits (the same card twice too).
- A run: three or more cards of one suit in consecutive ranks, like 4h 5h 6h 7h.
  Aces are low: A 2 3 is a run, Q K A is not, and a run never goes round the
  corner (K A 2).
- Each card belongs to one meld at most; you arrange your cards in the way that
  leaves the fewest points over.

Wild cards stand for any card you like, as many as you like in a meld. Wild are
the round's own rank (threes in round 1, as the table below shows). Three wilds
or more make a meld on their own.

Nobody adds cards to another player's melds.

Scoring
At the end of a round each player scores the cards left out of melds, their
deadwood, at these values (a wild card left over scores its own value):

| Card              | Points       |
|-------------------|--------------|
| ace               | 1            |
| 2 to 10           | their number |
| jack, queen, king | 11, 12, 13   |

- The player who went out first scores 0.
- Scores add up round after round; the lowest total after the last round wins.

Players tied on the lowest total share the win.

The rounds
| Round | Cards | Wild   |
|-------|-------|--------|
|     1 |     3 | threes |
|     2 |     4 | fours  |
|     3 |     5 | fives  |
|     4 |     6 | sixes  |
|     5 |     7 | sevens |
|     6 |     8 | eights |
|     7 |     9 | nines  |
|     8 |    10 | tens   |
|     9 |    11 | jacks  |
|    10 |    12 | queens |
|    11 |    13 | kings  |

Keeping the score
three13 new starts a game with these rules; three13 round records each round
(each player's deadwood, or the hand they held, which it scores); three13 check
gives a hand's least deadwood and the best discard; three13 table shows the
score.
"
    );
    // A game's own rules, every one of its settings said in words.
    env.ok(&[
        "new",
        "h",
        "-p",
        "Ann",
        "-p",
        "Bob",
        "--rules",
        "tens",
        "--set",
        "double_last_rounds=true",
        "--set",
        "jokers=1",
        "--set",
        "kings_wild=true",
        "--set",
        "go_out_bonus=wild",
        "--set",
        "bad_go_out_penalty=20",
        "--set",
        "tiebreak=round",
        "--set",
        "lay_off=true",
        "--set",
        "all_wild_melds=false",
        "--set",
        "decks=1",
        "--set",
        "ace_high=true",
        "--set",
        "down_and_up=true",
        "--set",
        "double_naughts=true",
        "--set",
        "throw_back=true",
        "--set",
        "go_around_once=true",
    ]);
    let house = env.ok_with(&[("COLUMNS", "1000")], &["rules", "--explain"]).stdout;
    for line in [
        "- A turn: draw the top card of the stock or of the discard pile, then discard one card face up; the card \
         taken from the pile may go straight back.",
        "- Going out: a player whose hand, after the discard, is all in melds lays it down, but not on their first \
         turn of the round: the table goes around once first. Every other player then takes exactly one more \
         turn, and the round ends.",
        "Three Thirteen is a rummy game for two or more players, played over 22 rounds. In round 1 everyone is \
         dealt 3 cards; then one more each round up to 13 cards, then one fewer each round back down to 3 \
         cards (the largest hand is dealt twice).",
        "One standard deck of 52 cards and 1 joker.",
        "- A set: three or more cards of one rank, any suits.",
        "An ace is low (A 2 3) or high (Q K A), but a run never goes round the corner (K A 2).",
        "Wild are the round's own rank (threes in round 1, as the table below shows), and in every round kings \
         and jokers. Every meld needs a natural card: wilds alone are no meld, and a card of the wild rank \
         never counts as natural.",
        "Laying off: after someone goes out, a player taking a final turn who has a meld of their own may add \
         cards to the melds already on the table.",
        "| jack, queen, king | 10 each      |",
        "| joker             | 20           |",
        "- The player who went out first scores minus the value of the round's wild rank (-10 in the kings round).",
        "- Scores count double in the rounds where jacks, queens or kings are wild.",
        "- A player who declared out with a hand that does not meld adds 20 to their score.",
        "- A round in which every player scores 0 is played again, as if it never happened: same round, same dealer.",
        "Players tied on the lowest total play one more round, of 14 cards, aces wild, by themselves; its lowest \
         deadwood wins, and a further tie shares the win.",
        "|    12 |    13 | kings and jokers         | double |",
        "|    22 |     3 | threes, kings and jokers |        |",
    ] {
        assert!(house.contains(line), "{line:?} not in:\n{house}");
    }
    assert!(house.starts_with("How to play Three Thirteen under the rules "), "{house}");
    assert!(house.lines().next().unwrap().ends_with(", from session h"), "{house}");
    // A preset named, and --explain refused with --save.
    let tens = env.ok(&["rules", "tens", "--explain"]).stdout;
    assert!(
        tens.starts_with("How to play Three Thirteen under the rules tens, from preset tens\n"),
        "{tens}"
    );
    assert_eq!(env.run(&["rules", "tens", "--explain", "--save"]).code, 2);
}

#[test]
fn show_names_the_cards_left_over() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "K 9", "5h 6h 7h", "--out", "Bob"]);
    let r = env.ok_with(&[("COLUMNS", "80")], &["show"]);
    assert!(
        r.stdout.contains("| Ann    |     22 |    22 | cards left over: K 9              |\n"),
        "{}",
        r.stdout
    );
    let v: serde_json::Value = serde_json::from_str(&env.ok(&["show", "--json"]).stdout).unwrap();
    assert_eq!(v["scores"][0]["leftover"], "K 9");
    assert!(v["scores"][1].get("leftover").is_none(), "{v}");
}

/// A page's text with each card as the terminal writes it off a console
/// (`5♣` as `5c`).
fn cards_in_ascii(text: &str) -> String {
    text.replace('♣', "c").replace('♦', "d").replace('♥', "h").replace('♠', "s")
}

/// Every figure and every sentence of a terminal's output, `table` or
/// `show` at a width where nothing wraps, found in the page's text: each
/// row of a table as its cells in order (a typed hand's `#` aside, the
/// page marks no hand), the session's heading as its rules, each other
/// line whole (the key aside: the page words its own), `Game over:` as the
/// page's heading before the sentence.
fn every_line_on_the_page(terminal: &str, page: &str) {
    let page = cards_in_ascii(page);
    let mut in_key = false;
    for line in terminal.lines() {
        let line = line.trim();
        in_key = line.starts_with("Key:") || (in_key && !line.is_empty() && !line.starts_with('|'));
        let wanted = if in_key || line.is_empty() || line.starts_with("|--") {
            continue;
        } else if line.starts_with('|') {
            let cells: Vec<&str> =
                line.split('|').map(|c| c.trim().trim_end_matches('#')).filter(|c| !c.is_empty()).collect();
            cells.join(" ").replace("# (", " (")
        } else if let Some(rules) = line.strip_prefix("Session ") {
            let rules = rules.split_once(" (rules: ").unwrap().1.trim_end_matches(')');
            format!("Rules: {rules}")
        } else if let Some(outcome) = line.strip_prefix("Game over: ") {
            format!("Game over {outcome}")
        } else {
            line.to_string()
        };
        assert!(page.contains(&wanted), "{wanted:?} is not on the page:\n{page}\nfrom:\n{terminal}");
    }
}

/// A whole game that ends on a tiebreak draw, drawn twice: the terminal,
/// the JSON and the pages of a real `three13 serve` say the same, as the
/// draw is due, again after a tie on the lowest card, and once over.
#[test]
fn the_terminal_the_json_and_the_page_say_the_same_to_a_tiebreak_draw() {
    use crate::serve::Server;
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--set", "tiebreak=draw"]);
    env.ok(&["round", "Ann=9h 4d Kh", "Bob=0", "Cy=12", "--out", "Bob"]);
    for _ in 2..=10 {
        env.ok(&["round", "2", "out", "9", "--out", "Bob"]);
    }
    // The last round ties Ann and Bob on the lowest total.
    let j = env.table_json(&[]);
    let (ann, bob) = (j["totals"]["Ann"].as_i64().unwrap(), j["totals"]["Bob"].as_i64().unwrap());
    let top = ann.max(bob);
    let out = if top == ann { "Ann" } else { "Bob" };
    env.ok(&["round", &(top - ann).to_string(), &(top - bob).to_string(), "40", "--out", out]);
    let server = Server::start(&env, &[]);
    let wide = [("COLUMNS", "300")];
    let check = |round: Option<&str>| {
        let table = env.ok_with(&wide, &["table", "--wide"]).stdout;
        every_line_on_the_page(&table, &server.get("").text());
        let mut show = vec!["show"];
        show.extend(round);
        let shown = env.ok_with(&wide, &show).stdout;
        let path = round.map_or("round".to_string(), |n| format!("round?n={n}"));
        every_line_on_the_page(&shown, &server.get(&path).text());
        table
    };
    let table = check(None);
    assert!(table.contains(&format!("Ann and Bob are tied on {top}: each draws a card")), "{table}");
    check(Some("1"));
    let j = env.table_json(&[]);
    assert_eq!(j["tiebreak"]["drawing"], json!(["Ann", "Bob"]));

    env.ok(&["draw", "Ann=5c", "Bob=5d"]);
    let table = check(None);
    assert!(table.contains("Ann and Bob drew fives and draw again"), "{table}");

    env.ok(&["draw", "Ann=2h", "Bob=9s"]);
    let table = check(None);
    let over = format!(
        "Game over: Ann wins after a tie on {top}; the tied players drew 2 times: Ann 5c, Bob 5d; then Ann 2h, Bob 9s."
    );
    assert!(table.contains(&over), "{table}");
    check(Some("11"));
    // The JSON's figures are the table's.
    let j = env.table_json(&[]);
    assert_eq!(j["winners"], json!(["Ann"]));
    assert_eq!(j["tiebreak"]["draws"], json!([{"Ann": "5c", "Bob": "5d"}, {"Ann": "2h", "Bob": "9s"}]));
    let places = cards_in_ascii(&server.get("").text());
    for st in j["standings"].as_array().unwrap() {
        let row = format!(
            "{} {} {} {} {}",
            st["place"],
            st["player"].as_str().unwrap(),
            st["total"],
            st["behind"],
            st["rounds_out"]
        );
        assert!(places.contains(&row), "{row} not in {places}");
    }
    // A round not played is refused, as `show` refuses it.
    let refused = server.get("round?n=12");
    assert_eq!(refused.status, 404);
    assert!(
        refused.text().contains("there is no round 12 to show; rounds 1 to 11 are recorded"),
        "{}",
        refused.text()
    );
    env.fails(&["show", "12"], 1, "there is no round 12 to show; rounds 1 to 11 are recorded");
    // The TV says it too.
    let tv = cards_in_ascii(&server.get("tv").text());
    assert!(tv.contains(&format!("Game over {}", over.strip_prefix("Game over: ").unwrap())), "{tv}");
    let (code, said) = server.stop();
    assert_eq!(code, 0, "{said}");
}
