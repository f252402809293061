//! Five Crowns as a second game, and the house rules of other tables: the
//! checker on its deck, a whole game on the sheet, the values of wilds and
//! jokers left over, the round orders and the half-wild limit.

use serde_json::json;

use crate::common::Env;

const COLUMNS_80: [(&str, &str); 1] = [("COLUMNS", "80")];

/// The file with its times replaced, for comparing.
fn masked(text: &str) -> String {
    text.lines()
        .map(|l| if l.starts_with("created = ") || l.starts_with("updated = ") { &l[..10] } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

fn file(env: &Env, name: &str) -> String {
    masked(&String::from_utf8(env.session_bytes(name)).unwrap())
}

/// A whole game of Five Crowns: cards left over with jokers at 50 and the
/// round's wilds at 20, typed hands, numbers, and the tie the 6-card
/// tiebreaker round breaks; the table at 80 columns.
#[test]
fn a_game_of_five_crowns_from_the_first_round_to_the_tiebreaker() {
    let env = Env::new();
    let r = env.ok_with(
        &COLUMNS_80,
        &[
            "new",
            "crowns",
            "--rules",
            "five-crowns",
            "--set",
            "tiebreak=round",
            "-p",
            "Ann",
            "-p",
            "Bob",
            "-p",
            "Cy",
        ],
    );
    assert_eq!(
        r.stdout,
        "Started session crowns with Ann, Bob and Cy (rules: five-crowns,
tiebreak=round); it is the current session.
Next: round 1, 3 cards, threes and jokers wild, Ann deals, Bob plays first; 11
rounds left
Record it with `three13 round` and a score per player, in seat order: Ann Bob Cy
"
    );
    // A joker left over scores 50 and a three 20; a typed hand is solved
    // at those values (no meld: Kr 13, 9h 9, 3c 20).
    let r = env.ok(&["round", "Ann=out", "Bob=JK 3r", "Cy=Kr 9h 3c"]);
    assert_eq!(
        r.stderr,
        "  Ann: out, 0\n  Bob: cards left over JK 50, 3★ 20 = 70\n  \
         Cy: K★ 9h 3c: no meld; left over 3c K★ 9h; deadwood 42\n"
    );
    // Stars typed as ★ and ☆; a rank typed alone is valued as a card of it.
    let r = env.ok(&["round", "Ann=4h 4★ JK 9c", "Bob=out", "Cy=K 4"]);
    assert_eq!(
        r.stderr,
        "  Ann: 4h 4★ JK 9c: set 9c JK 4h 4★  (JK as 9d, 4h as 9h, 4★ as 9s); nothing left over; deadwood 0\n  \
         Bob: out, 0\n  Cy: cards left over K 13, 4 20 = 33\n"
    );
    for scores in [
        ["Ann=35", "Bob=out", "Cy=25"],
        ["Ann=out", "Bob=6c 6d", "Cy=20"],
        ["Ann=30", "Bob=out", "Cy=8"],
        ["Ann=out", "Bob=12", "Cy=7"],
        ["Ann=29", "Bob=out", "Cy=33"],
        ["Ann=out", "Bob=10", "Cy=JK Q☆"],
        ["Ann=24", "Bob=out", "Cy=11"],
        ["Ann=Q", "Bob=5", "Cy=out"],
    ] {
        env.ok(&["round", scores[0], scores[1], scores[2]]);
    }
    // The last round: Ann goes out with thirteen cards, and Bob ties her.
    let r = env.ok_with(
        &COLUMNS_80,
        &["round", "Ann=3r 4r 5r 6r 7r 8r 9r 10r Jr Qr Kh JK 3c", "Bob=1", "Cy=30", "--out", "Ann"],
    );
    assert_eq!(
        r.stdout,
        "Session crowns (rules: five-crowns, tiebreak=round)
| Round | Cards | Wild   | Dealer |      Ann |      Bob |       Cy | Out |
|-------|-------|--------|--------|----------|----------|----------|-----|
|     1 |     3 | 3 +JK  | Ann    |    0 (0) |  70 (70) | 42# (42) | Ann |
|     2 |     4 | 4 +JK  | Bob    |   0# (0) |   0 (70) |  33 (75) | Bob |
|     3 |     5 | 5 +JK  | Cy     |  35 (35) |   0 (70) | 25 (100) | Bob |
|     4 |     6 | 6 +JK  | Ann    |   0 (35) | 40 (110) | 20 (120) | Ann |
|     5 |     7 | 7 +JK  | Bob    |  30 (65) |  0 (110) |  8 (128) | Bob |
|     6 |     8 | 8 +JK  | Cy     |   0 (65) | 12 (122) |  7 (135) | Ann |
|     7 |     9 | 9 +JK  | Ann    |  29 (94) |  0 (122) | 33 (168) | Bob |
|     8 |    10 | 10 +JK | Bob    |   0 (94) | 10 (132) | 62 (230) | Ann |
|     9 |    11 | J +JK  | Cy     | 24 (118) |  0 (132) | 11 (241) | Bob |
|    10 |    12 | Q +JK  | Ann    | 20 (138) |  5 (137) |  0 (241) | Cy  |
|    11 |    13 | K +JK  | Bob    | 0# (138) |  1 (138) | 30 (271) | Ann |
| Total |       |        |        |      138 |      138 |      271 |     |
|   Tie |     6 | 6 +JK  |        |          |          |          |     |
Key: 12 (40) = points in the round (running total); # a typed hand
     (three13 show ROUND); Tie = the tiebreaker round, deadwood only

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Ann    |   138 |      0 |   5 |
|     1 | Bob    |   138 |      0 |   5 |
|     3 | Cy     |   271 |    133 |   1 |
Ann and Bob are tied on 138: they play a tiebreaker round of 6 cards, sixes and
jokers wild; the lowest deadwood wins.
Next: the tiebreaker round, 6 cards, sixes and jokers wild, Cy deals, Ann plays
      first
"
    );
    // The checker takes a hand from the tiebreaker round the game is at.
    let r = env.ok_with(&COLUMNS_80, &["check", "6h 9c 9d Kr Qr JK"]);
    assert_eq!(
        r.stdout,
        "Round 12: 6 cards dealt, sixes and jokers wild (rules: five-crowns,
  tiebreak=round, from session crowns)

Hand      9c 9d Qr Kr JK 6h
Melds     set 9c 9d JK  (JK as 9h)
          run 6h Qr Kr  (6h as Jr)
Unmelded  none

Goes out: every card melds
"
    );
    assert_eq!(
        r.stderr,
        "note: round 12 (6 cards dealt, sixes and jokers wild), the next of session crowns; name another \
         with --round or --wild\n"
    );
    // The tiebreaker round: six cards, sixes wild by the hand-size rule.
    let r = env.ok_with(&COLUMNS_80, &["round", "Ann=6h 9c 9d Kr Qr JK", "Bob=3c 5d 7h 9s Jr JK"]);
    assert!(
        r.stdout.ends_with(
            "|   Tie |     6 | 6 +JK  |        |       0# |      85# |          |     |
Key: 12 (40) = points in the round (running total); # a typed hand
     (three13 show ROUND); Tie = the tiebreaker round, deadwood only

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Ann    |   138 |      0 |   5 |
|     2 | Bob    |   138 |      0 |   5 |
|     3 | Cy     |   271 |    133 |   1 |
Game over: Ann wins after a tie on 138, the tiebreaker round: Ann 0, Bob 85.
"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(
        env.ok_with(&COLUMNS_80, &["show", "12"]).stdout,
        "The tiebreaker round of crowns: 6 cards, sixes and jokers wild; Cy dealt, Ann
  played first
| Player | Deadwood |                   |
|--------|----------|-------------------|
| Ann    |        0 | hand typed, below |
| Bob    |       85 | hand typed, below |

Ann: 6h 9c 9d Kr Qr JK
  set 9c 9d JK  (JK as 9h)
  run 6h Qr Kr  (6h as Jr)
  deadwood 0: every card is in a meld

Bob: 3c 5d 7h 9s Jr JK
  left over JK 50, Jr 11, 9s 9, 7h 7, 5d 5, 3c 3: deadwood 85
"
    );
    // The round's wild left over is shown at 20, not at its face.
    assert_eq!(
        env.ok_with(&COLUMNS_80, &["show", "1"]).stdout,
        "Round 1 of crowns: 3 cards, threes and jokers wild; Ann dealt, Bob played first
| Player | Points | Total |                        |
|--------|--------|-------|------------------------|
| Ann    |      0 |     0 | went out first         |
| Bob    |     70 |    70 | cards left over: JK 3r |
| Cy     |     42 |    42 | hand typed, below      |

Cy: Kr 9h 3c
  left over 3c 20, Kr 13, 9h 9: deadwood 42
"
    );
    let t = env.table_json(&[]);
    assert_eq!(t["rules_summary"], json!("five-crowns, tiebreak=round"));
    assert_eq!(t["winners"], json!(["Ann"]));
    assert_eq!(t["rounds"][7]["hands"], json!({}));
    assert_eq!(t["rounds"][10]["hands"], json!({"Ann": "3r 4r 5r 6r 7r 8r 9r 10r Jr Qr Kh JK 3c"}));
    assert_eq!(t["tiebreak"]["hands"], json!({"Ann": "6h 9c 9d Kr Qr JK", "Bob": "3c 5d 7h 9s Jr JK"}));
}

/// The most a hand can hold is counted on the deck: every card a joker.
#[test]
fn the_most_a_hand_holds_on_the_five_crowns_deck() {
    let env = Env::new();
    env.ok(&["new", "g", "--rules", "five-crowns", "-p", "Ann", "-p", "Bob"]);
    env.fails(
        &["round", "151", "out"],
        1,
        "Ann's score 151 is more than 3 cards can hold: at most 150 in round 1",
    );
    env.ok(&["round", "150", "out"]);
    // An ace is no card of the deck, typed as a card or as a rank.
    env.fails(
        &["round", "Ah 9c", "out"],
        1,
        "Ann's hand: \"Ah\": the deck has no aces\n  Ah 9c\n  ^^\n  hint: ranks are 3-10 J Q K (or T for ten)",
    );
    env.fails(
        &["round", "K A", "out"],
        1,
        "Ann's hand: \"A\": the deck has no aces\n  K A\n    ^\n  hint: ranks are 3-10 J Q K (or T for ten)",
    );
    env.fails(
        &["round", "K 2h", "out"],
        1,
        "Ann's hand: \"2h\": the deck has no twos\n  K 2h\n    ^^\n  hint: ranks are 3-10 J Q K (or T for ten)",
    );
}

/// The session file says which game it is; its rules start from the game's
/// own, and the settings Three Thirteen's files never needed are written
/// only where they differ from it.
#[test]
fn a_five_crowns_file_says_so() {
    let env = Env::new();
    env.ok(&["new", "fc", "--rules", "five_crowns", "--set", "joker_value=25", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "Ann=JK 5h", "Bob=out"]);
    let text = file(&env, "fc");
    let (text, log) = text.split_once("\n\n[log]\n").expect("the log of changes");
    assert!(log.contains("change = \"round\", round = 1 }"), "{log}");
    assert_eq!(
        text,
        "\
format_version = 3
game = \"five-crowns\"
players = [\"Ann\", \"Bob\"]
first_dealer = \"Ann\"
created = 
updated = 

[rules]
decks = 2
face_cards = \"rank\"
ace_value = 1
ace_high = false
all_wild_melds = true
jokers = 3
joker_value = 25
kings_wild = false
extra_rounds = 0
down_and_up = false
lay_off = false
double_last_rounds = false
go_out_bonus = 0
bad_go_out_penalty = 0
double_naughts = false
tiebreak = \"share\"

[[rounds]]
round = 1
deadwood = { Ann = 30, Bob = 0 }
leftover = { Ann = \"JK 5h\" }
out = \"Bob\""
    );
    let t = env.table_json(&[]);
    assert_eq!(t["rules_summary"], json!("five-crowns, joker_value=25"));
    assert_eq!((t["rules"]["suits"].clone(), t["rules"]["ranks"].clone()), (json!(5), json!("3-K")));
    // An unknown game is refused where the file names it.
    let text = String::from_utf8(env.session_bytes("fc")).unwrap();
    std::fs::write(env.session_file("fc"), text.replace("five-crowns", "six-crowns")).unwrap();
    let path = env.session_file("fc").display().to_string();
    env.fails(
        &["table"],
        1,
        &format!(
            "{path}:2:8: game: unknown game \"six-crowns\"; the games are three-thirteen, five-crowns\n  \
             hint: the file is left as it is: fix it by hand, or remove it with `three13 delete fc`"
        ),
    );
}

/// Stars in Unicode and in ASCII are the same cards; the outs count the
/// jokers, and the chance is over the 116 cards less those seen.
#[test]
fn check_reads_stars_and_counts_jokers_as_outs() {
    let env = Env::new();
    let expected = "Round 5: 7 cards dealt, sevens and jokers wild (rules: five-crowns)

Hand      Kc Qd 8r 9r JK 7d 7r
Melds     run 8r 9r JK  (JK as 10r)
          set Kc 7d 7r  (7d as Kd, 7r as Kh)
Unmelded  Qd 12  = 12

Deadwood 12
Outs (24): 6r 7c 7d 7h 7s 7r 9d 10c 10d 10r Jc Jd Jr Qc Qd Qh Qs Qr Kc Kd Kh Ks
 Kr JK
  47 of them unseen: 43.1% on the next draw
";
    for hand in ["7★ 8☆ 9r Kc Qd JK 7d", "7r 8R 9★ Kc Qd joker 7d"] {
        let r = env.ok_with(&COLUMNS_80, &["check", "--rules", "five-crowns", "--round", "5", hand]);
        assert_eq!((r.stdout.as_str(), r.stderr.as_str()), (expected, ""), "{hand}");
    }
    let r = env.ok_with(&COLUMNS_80, &["check", "--rules", "five-crowns", "--round", "1", "9c", "9d", "5r"]);
    assert_eq!(
        r.stdout,
        "Round 1: 3 cards dealt, threes and jokers wild (rules: five-crowns)

Hand      9c 9d 5r
Melds     none
Unmelded  9c 9, 9d 9, 5r 5  = 23

Deadwood 23
Outs (11): 3c 3d 3h 3s 3r 9c 9d 9h 9s 9r JK
  24 of them unseen: 21.2% on the next draw
"
    );
    let j: serde_json::Value = serde_json::from_str(
        &env.ok(&["check", "--rules", "five-crowns", "--json", "--round", "1", "9c 9d 5★"]).stdout,
    )
    .unwrap();
    assert_eq!(j["hand"], json!(["9c", "9d", "5r"]));
    assert_eq!(j["outs"], json!(["3c", "3d", "3h", "3s", "3r", "9c", "9d", "9h", "9s", "9r", "JK"]));
    assert_eq!((j["unseen"].clone(), j["rules"].clone()), (json!(24), json!("five-crowns")));
    // Six jokers in two decks: with all six seen, the joker is no out.
    let j: serde_json::Value = serde_json::from_str(
        &env.ok(&[
            "check",
            "--rules",
            "five-crowns",
            "--json",
            "--round",
            "1",
            "--seen",
            "JK JK JK JK JK JK",
            "9c 9d 5r",
        ])
        .stdout,
    )
    .unwrap();
    assert_eq!(j["outs"], json!(["3c", "3d", "3h", "3s", "3r", "9c", "9d", "9h", "9s", "9r"]));
    assert_eq!(j["unseen"], json!(18));
}

/// An ace, a two, or stars where the deck has none: refused like any bad
/// card, with a caret under it.
#[test]
fn cards_the_deck_has_not_are_refused() {
    let env = Env::new();
    env.fails(
        &["check", "--rules", "five-crowns", "3h Ah 5h"],
        1,
        "\"Ah\": the deck has no aces\n  3h Ah 5h\n     ^^\n  hint: ranks are 3-10 J Q K (or T for ten)",
    );
    env.fails(
        &["check", "--rules", "five-crowns", "3h 4h 2r"],
        1,
        "\"2r\": the deck has no twos\n  3h 4h 2r\n        ^^\n  hint: ranks are 3-10 J Q K (or T for ten)",
    );
    // Three Thirteen reads its four suits as it always has.
    env.fails(
        &["check", "3h 4h 5★"],
        1,
        "\"5★\" has no suit \"★\"\n  3h 4h 5★\n        ^^\n  hint: suits are c d h s (or ♣ ♦ ♥ ♠)",
    );
    env.fails(
        &["check", "--rules", "five-crowns", "3h 4h 5x"],
        1,
        "\"5x\" has no suit \"x\"\n  3h 4h 5x\n        ^^\n  hint: did you mean \"5c\"? suits are c d h s r (or ♣ ♦ ♥ ♠ ★)",
    );
    env.fails(
        &["check", "--rules", "five-crowns", "--set", "extra_rounds=1", "3h 4h 5h"],
        1,
        "extra_rounds=1 deals rounds with aces and twos wild, but ranks=3-K has none\n  \
         hint: play them with --set ranks=A-K, or leave them out with --set extra_rounds=0",
    );
}

/// `rules --rules five-crowns` is `rules five-crowns`, as `check` and `new`
/// take the preset; the settings of aces say they do nothing on its deck;
/// a wild rank is asked for among the deck's ranks.
#[test]
fn the_five_crowns_rules_by_either_name() {
    let env = Env::new();
    let by_option = env.ok(&["rules", "--rules", "five-crowns", "--json"]);
    let by_name = env.ok(&["rules", "five-crowns", "--json"]);
    assert_eq!(by_option.stdout, by_name.stdout);
    let shown = env.ok_with(&[("COLUMNS", "200")], &["rules", "--rules", "five-crowns"]).stdout;
    assert!(shown.starts_with("Rules: five-crowns (from preset five-crowns)\n"), "{shown}");
    for (key, about) in [
        ("ace_value", "what an ace scores when left over; no effect on a deck of 3 to K"),
        ("ace_high", "an ace may also sit above the king (Q-K-A); no effect on a deck of 3 to K"),
        (
            "extra_rounds",
            "a 14-card round (aces wild), then a 15-card round (twos wild); only on a deck with aces and twos",
        ),
    ] {
        let line = shown.lines().find(|l| l.starts_with(&format!("| {key} "))).expect(key);
        assert!(line.trim_end_matches([' ', '|']).ends_with(about), "{line}");
    }
    // Three Thirteen's own rows say nothing of the kind.
    let standard = env.ok_with(&[("COLUMNS", "200")], &["rules", "--rules", "standard"]).stdout;
    assert!(!standard.contains("no effect"), "{standard}");
    let both = env.run(&["rules", "--rules", "five-crowns", "standard"]);
    assert_eq!(both.code, 2);
    assert!(
        both.stderr.starts_with("error: the argument '--rules <PRESET>' cannot be used with '[PRESET]'\n"),
        "{}",
        both.stderr
    );
    env.fails(
        &["check", "--rules", "five-crowns", "--wild", "X", "3r 4r 5r"],
        2,
        "\"X\" is not a rank; ranks are 3-10 J Q K (or T for ten)",
    );
    env.fails(
        &["check", "--wild", "X", "3h 4h 5h"],
        2,
        "\"X\" is not a rank; ranks are A 2-10 J Q K (or T for ten)",
    );
}

/// The values people argue about are settings: a joker at 25, a wild of
/// the round at its face or at a number, in either game.
#[test]
fn the_values_of_wilds_and_jokers_are_set() {
    let env = Env::new();
    let check = |args: &[&str]| {
        let mut all = vec!["check", "--round", "1"];
        all.extend_from_slice(args);
        env.ok(&all).stdout.lines().take(5).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(
        check(&["--set", "jokers=2", "--set", "joker_value=25", "JK 9h Kc"]),
        "Round 1: 3 cards dealt, threes and jokers wild (rules: standard, jokers=2, joker_value=25)

Hand      Kc 9h JK
Melds     none
Unmelded  JK 25, Kc 13, 9h 9  = 47"
    );
    assert_eq!(
        check(&["--set", "wild_value=15", "3c 9h Kc"]),
        "Round 1: 3 cards dealt, threes wild (rules: standard, wild_value=15)

Hand      Kc 9h 3c
Melds     none
Unmelded  3c 15, Kc 13, 9h 9  = 37"
    );
    assert_eq!(
        check(&["--rules", "five-crowns", "--set", "wild_value=face", "--set", "joker_value=20", "3r 9h Kc"]),
        "Round 1: 3 cards dealt, threes and jokers wild (rules: five-crowns, wild_value=face, joker_value=20)

Hand      Kc 9h 3r
Melds     none
Unmelded  Kc 13, 9h 9, 3r 3  = 25"
    );
    env.fails(
        &["check", "--set", "joker_value=0", "JK 9h Kc"],
        1,
        "joker_value cannot be \"0\"; it takes 1-100",
    );
    env.fails(
        &["check", "--set", "wild_value=wild", "JK 9h Kc"],
        1,
        "wild_value cannot be \"wild\"; it takes 1-99|face",
    );
    // On the sheet, a joker left over at 25.
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "--set", "jokers=1", "--set", "joker_value=25"]);
    let r = env.ok(&["round", "Ann=JK 9", "Bob=out"]);
    assert_eq!(r.stderr, "  Ann: cards left over JK 25, 9 9 = 34\n  Bob: out, 0\n");
}

/// Round order `down`: the hand sizes from 13 down to 3, the wild rank
/// with them; check takes a hand from the game's next round.
#[test]
fn round_order_down() {
    let env = Env::new();
    let r = env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "--set", "round_order=down"]);
    assert!(
        r.stdout
            .contains("Next: round 1, 13 cards, kings wild, Ann deals, Bob plays first; 11 rounds left\n"),
        "{}",
        r.stdout
    );
    let r = env.ok_with(&COLUMNS_80, &["round", "Ann=out", "Bob=K"]);
    assert_eq!(
        r.stdout,
        "Session g (rules: standard, round_order=down)
| Round | Cards | Wild | Dealer |   Ann |     Bob | Out |
|-------|-------|------|--------|-------|---------|-----|
|     1 |    13 | K    | Ann    | 0 (0) | 13 (13) | Ann |
|     2 |    12 | Q    | Bob    |       |         |     |
|     3 |    11 | J    | Ann    |       |         |     |
|     4 |    10 | 10   | Bob    |       |         |     |
|     5 |     9 | 9    | Ann    |       |         |     |
|     6 |     8 | 8    | Bob    |       |         |     |
|     7 |     7 | 7    | Ann    |       |         |     |
|     8 |     6 | 6    | Bob    |       |         |     |
|     9 |     5 | 5    | Ann    |       |         |     |
|    10 |     4 | 4    | Bob    |       |         |     |
|    11 |     3 | 3    | Ann    |       |         |     |
| Total |       |      |        |     0 |      13 |     |
Key: 12 (40) = points in the round (running total)

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Ann    |     0 |      0 |   1 |
|     2 | Bob    |    13 |     13 |   0 |
Leader: Ann, with 0
Next: round 2, 12 cards, queens wild, Bob deals, Ann plays first; 10 rounds left
"
    );
    let r = env.ok(&["check", "Qc Qd Qh 2c 3c 4c 5h 6h 7h 8h 9s 10s"]);
    assert_eq!(
        r.stderr,
        "note: round 2 (12 cards dealt, queens wild), the next of session g; name another with --round or --wild\n"
    );
    assert!(r.stdout.ends_with("Goes out: every card melds\n"), "{}", r.stdout);
    // Three cards are the last round now.
    let r = env.ok(&["check", "--rules", "standard", "--set", "round_order=down", "9c 9d 9h"]);
    assert!(r.stdout.starts_with("Round 11: 3 cards dealt, threes wild"), "{}", r.stdout);
}

/// Round order `random`: the order is drawn once, at `new`, kept in the
/// file and shown in the Wild column. The draw is the game crate's, from
/// a source of chance it is given: a fixed seed here.
#[test]
fn round_order_random_is_drawn_once_and_kept() {
    use three13_core::rules::Rules;
    let mut rules = Rules::default();
    rules.set("round_order", "random").unwrap();
    let mut rng = fastrand::Rng::with_seed(13);
    rules.draw_order(&[], |n| rng.usize(..n));
    let sizes: Vec<usize> = rules.deals().iter().map(|d| d.cards).collect();
    assert_eq!(sizes, [3, 8, 13, 10, 4, 7, 12, 6, 9, 5, 11]);

    let env = Env::new();
    std::fs::create_dir_all(env.data_dir().join("sessions")).unwrap();
    let list: Vec<String> = sizes.iter().map(usize::to_string).collect();
    let text = format!(
        "format_version = 2
players = [\"Ann\", \"Bob\"]
first_dealer = \"Ann\"
created = \"2026-11-22T19:04:11Z\"
updated = \"2026-11-22T19:04:11Z\"
hand_sizes = [{}]

[rules]
round_order = \"random\"
",
        list.join(", ")
    );
    std::fs::write(env.session_file("drawn"), &text).unwrap();
    env.ok(&["use", "drawn"]);
    env.ok(&["round", "Ann=out", "Bob=9h 4d Kh"]);
    let r = env.ok_with(&COLUMNS_80, &["round", "Ann=out", "Bob=12"]);
    assert_eq!(
        r.stdout,
        "Session drawn (rules: standard, round_order=random)
| Round | Cards | Wild | Dealer |   Ann |      Bob | Out |
|-------|-------|------|--------|-------|----------|-----|
|     1 |     3 | 3    | Ann    | 0 (0) | 26# (26) | Ann |
|     2 |     8 | 8    | Bob    | 0 (0) |  12 (38) | Ann |
|     3 |    13 | K    | Ann    |       |          |     |
|     4 |    10 | 10   | Bob    |       |          |     |
|     5 |     4 | 4    | Ann    |       |          |     |
|     6 |     7 | 7    | Bob    |       |          |     |
|     7 |    12 | Q    | Ann    |       |          |     |
|     8 |     6 | 6    | Bob    |       |          |     |
|     9 |     9 | 9    | Ann    |       |          |     |
|    10 |     5 | 5    | Bob    |       |          |     |
|    11 |    11 | J    | Ann    |       |          |     |
| Total |       |      |        |     0 |       38 |     |
Key: 12 (40) = points in the round (running total); # a typed hand
     (three13 show ROUND)

| Place | Player | Total | Behind | Out |
|-------|--------|-------|--------|-----|
|     1 | Ann    |     0 |      0 |   2 |
|     2 | Bob    |    38 |     38 |   0 |
Leader: Ann, with 0
Next: round 3, 13 cards, kings wild, Ann deals, Bob plays first; 9 rounds left
"
    );
    // Kept through every save, in the standard layout.
    let saved = String::from_utf8(env.session_bytes("drawn")).unwrap();
    assert!(saved.contains("\nhand_sizes = [3, 8, 13, 10, 4, 7, 12, 6, 9, 5, 11]\n"), "{saved}");
    // A rematch draws its own order, a climb or not, and keeps it.
    env.ok(&["new", "again", "--like", "drawn"]);
    let again = String::from_utf8(env.session_bytes("again")).unwrap();
    let line = again.lines().find(|l| l.starts_with("hand_sizes = [")).expect("an order drawn");
    let mut drawn: Vec<usize> =
        line["hand_sizes = [".len()..line.len() - 1].split(", ").map(|n| n.parse().unwrap()).collect();
    let rules: serde_json::Value = serde_json::from_str(&env.ok(&["rules", "--json"]).stdout).unwrap();
    let shown: Vec<usize> =
        rules["rounds"].as_array().unwrap().iter().map(|r| r["cards"].as_u64().unwrap() as usize).collect();
    assert_eq!(shown, drawn);
    drawn.sort_unstable();
    assert_eq!(drawn, (3..=13).collect::<Vec<_>>());
    assert!(again.contains("\nround_order = \"random\"\n"), "{again}");
    // Without a game, the rules show the rounds climbing, to be drawn.
    let r = env.ok_with(&COLUMNS_80, &["rules", "standard", "--set", "round_order=random"]);
    assert!(
        r.stdout.ends_with(
            "|    11 |    13 | K    |
The order of the rounds is drawn when a game starts (round_order=random), and
kept with it.
Limits: 2 to 20 players; player names up to 32 characters, session names up to
  64; a hand holds 3 to 14 cards (the largest round, plus the card drawn).
"
        ),
        "{}",
        r.stdout
    );
}

/// A random order the file does not keep, or keeps wrong, is refused.
#[test]
fn a_random_order_is_read_back_whole() {
    let env = Env::new();
    std::fs::create_dir_all(env.data_dir().join("sessions")).unwrap();
    let path = env.session_file("bad").display().to_string();
    let head = "format_version = 2\nplayers = [\"Ann\", \"Bob\"]\nfirst_dealer = \"Ann\"\n\
                created = \"2026-11-22T19:04:11Z\"\nupdated = \"2026-11-22T19:04:11Z\"\n";
    let left = "\n  hint: the file is left as it is: fix it by hand, or remove it with `three13 delete bad`";
    for (middle, message) in [
        (
            "\n[rules]\nround_order = \"random\"\n",
            ":7:1: rules: round_order is random, but the file keeps no order drawn (hand_sizes)",
        ),
        (
            "hand_sizes = [3, 4, 5]\n\n[rules]\nround_order = \"random\"\n",
            ":6:14: hand_sizes: [3, 4, 5] is not an order of the rounds these rules play",
        ),
        (
            "hand_sizes = [3, 4, 5]\n",
            ":6:14: hand_sizes: only a random round order keeps the order of its rounds",
        ),
    ] {
        std::fs::write(env.session_file("bad"), format!("{head}{middle}")).unwrap();
        env.fails(&["table", "--session", "bad"], 1, &format!("{path}{message}{left}"));
    }
}

/// At most half of a meld's cards wild: in the checker, for wilds left
/// over beside a meld, and as a declared group's reason.
#[test]
fn at_most_half_of_a_meld_wild() {
    let env = Env::new();
    let check = |hand: &str, half: &str| {
        let half = format!("half_wild={half}");
        env.ok_with(&COLUMNS_80, &["check", "--set", &half, "--set", "jokers=1", "--round", "3", hand]).stdout
    };
    assert_eq!(
        check("9c 9d JK JK 5h", "true"),
        "Round 3: 5 cards dealt, fives and jokers wild (rules: standard, half_wild=true,
  jokers=1)

Hand      9c 9d JK JK 5h
Melds     set 9c 9d JK JK  (JK as 9h, JK as 9s)
Unmelded  5h 5  = 5

Deadwood 5
Outs (4): 9c 9d 9h 9s
  6 of them unseen: 5.9% on the next draw
"
    );
    assert!(check("9c 9d JK JK 5h", "false").contains("\nGoes out: every card melds\n"));
    let declared = check("9c JK JK | 9d 5h", "true");
    assert!(
        declared.contains(
            "Declared
  9c JK JK:
    at most half of a meld's cards may be wild under these rules, and 2 of these
    3 are
  9d 5h: a meld needs 3 cards
Declared deadwood 63; the least is 5, as follows:
"
        ),
        "{declared}"
    );
    // In Five Crowns too, where a meld may otherwise be wilds alone.
    let r =
        env.ok(&["check", "--rules", "five-crowns", "--set", "half_wild=true", "--round", "1", "3c 3d JK"]);
    assert!(r.stdout.contains("Unmelded  JK 50, 3c 20, 3d 20  = 90\n"), "{}", r.stdout);
    let r = env.ok(&["check", "--rules", "five-crowns", "--round", "1", "3c 3d JK"]);
    assert!(r.stdout.contains("Melds     set JK 3c 3d  (JK as 3c, 3c as 3d, 3d as 3h)\n"), "{}", r.stdout);
}

/// Statistics keep the games of each game apart, named by the game.
#[test]
fn stats_group_games_by_the_game_they_were() {
    let env = Env::new();
    for (name, rules) in [("thirteen", "standard"), ("crowns", "five-crowns")] {
        env.ok(&["new", name, "--rules", rules, "-p", "Ann", "-p", "Bob"]);
        for _ in 0..11 {
            env.ok(&["round", "Ann=out", "Bob=10"]);
        }
    }
    let r = env.ok_with(&COLUMNS_80, &["stats"]);
    let headings: Vec<&str> = r.stdout.lines().filter(|l| l.contains("finished game")).collect();
    assert_eq!(
        headings,
        [
            "2 finished games under 2 sets of rules, counted apart: totals under different",
            "Five Crowns, rules five-crowns: 1 finished game",
            "Rules standard: 1 finished game",
        ]
    );
    let j: serde_json::Value = serde_json::from_str(&env.ok(&["stats", "--json"]).stdout).unwrap();
    let groups: Vec<(&str, &str)> = j["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["game"].as_str().unwrap(), g["rules"].as_str().unwrap()))
        .collect();
    assert_eq!(groups, [("Five Crowns", "five-crowns"), ("Three Thirteen", "standard")]);
}

/// On a terminal the stars are drawn as ★, beside ♣ ♦ ♥ ♠; `--ascii` and
/// pipes write `r`.
#[cfg(unix)]
#[test]
fn stars_on_a_terminal() {
    use rexpect::session::spawn_command;
    let env = Env::new();
    let args = ["check", "--rules", "five-crowns", "--round", "1", "9c 9d 5r"];
    let mut cmd = env.command(&args);
    cmd.env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(10_000)).expect("three13 on a pseudo-terminal");
    // The pseudo-terminal is read a byte a character.
    let bytes = |text: &str| -> String { text.bytes().map(char::from).collect() };
    p.exp_string(&bytes("Hand      9♣ 9♦ 5★")).unwrap();
    p.exp_string(&bytes("Unmelded  9♣ 9, 9♦ 9, 5★ 5  = 23")).unwrap();
    p.exp_string(&bytes("Outs (11): 3♣ 3♦ 3♥ 3♠ 3★ 9♣ 9♦ 9♥ 9♠ 9★ JK")).unwrap();
    p.exp_eof().unwrap();
    let mut cmd = env.command(&[&args[..], &["--ascii"]].concat());
    cmd.env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(10_000)).expect("three13 on a pseudo-terminal");
    p.exp_string("Outs (11): 3c 3d 3h 3s 3r 9c 9d 9h 9s 9r JK").unwrap();
    p.exp_eof().unwrap();
}

/// `rules --explain` tells how to play the game the rules play: Five
/// Crowns' deck and values, its stock, the house rules in force.
#[test]
fn the_rules_explained_for_five_crowns() {
    let env = Env::new();
    let r = env.ok_with(
        &COLUMNS_80,
        &["rules", "five-crowns", "--set", "half_wild=true", "--set", "round_order=down", "--explain"],
    );
    let text = r.stdout;
    for part in [
        "Five Crowns is a rummy game for two or more players, played over 11 rounds. In
round 1 everyone is dealt 13 cards; then one fewer each round, down to 3 cards
in round 11.",
        "2 decks of 55 cards and 6 jokers shuffled together (116 cards): five suits
(clubs, diamonds, hearts, spades and stars), each 3 to 10, jack, queen and king;
a hand may hold up to 2 of the same card.",
        "- If the stock runs out, the discard pile is shuffled into a new stock.",
        "  Runs go from 3 up to king: there are no aces or twos, and a run never goes
  round the corner (K 3 4).",
        "At most half of a meld's cards may be wild,
so wilds alone are no meld",
        "| Card                     | Points       |
|--------------------------|--------------|
| 3 to 10                  | their number |
| jack, queen, king        | 11, 12, 13   |
| a wild card of the round | 20           |
| joker                    | 50           |",
    ] {
        assert!(text.contains(part), "{part:?} in:\n{text}");
    }
}

/// Rules changed mid-game: cards left over are valued anew at the new
/// values; a random order saved mid-game is drawn then, the rounds played
/// keeping their places.
#[test]
fn values_and_orders_changed_mid_game() {
    let env = Env::new();
    env.ok(&["new", "g", "--rules", "five-crowns", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "Ann=JK 3h", "Bob=out"]);
    let r = env.ok_with(&COLUMNS_80, &["rules", "--set", "joker_value=25", "--save", "--from", "1"]);
    assert!(
        r.stdout.starts_with(
            "Saved the rules of g: five-crowns, joker_value=25 (before: five-crowns).
Totals are worked out again for round 1: 1 score typed as cards left over is
scored again.
  round 1: Ann's cards left over now count 45 (was 70)
"
        ),
        "{}",
        r.stdout
    );
    env.ok(&["round", "5", "out"]);
    let r = env.ok_with(&COLUMNS_80, &["rules", "--set", "round_order=random", "--save"]);
    assert!(
        r.stdout.starts_with(
            "Saved the rules of g: five-crowns, joker_value=25, round_order=random (before:
five-crowns, joker_value=25).
round_order shapes the round table, which is the whole game's (the rounds played
keep their places): the game has 11 rounds.
Rounds 1 and 2 keep the rules they were played under.
"
        ),
        "{}",
        r.stdout
    );
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    let line = text.lines().find(|l| l.starts_with("hand_sizes = [3, 4, ")).expect("the rounds played first");
    let mut sizes: Vec<usize> =
        line["hand_sizes = [".len()..line.len() - 1].split(", ").map(|n| n.parse().unwrap()).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, (3..=13).collect::<Vec<_>>());
    // An undo of the change takes the order back with it.
    env.ok(&["undo", "--yes"]);
    assert!(!String::from_utf8(env.session_bytes("g")).unwrap().contains("hand_sizes"));
    env.fails(
        &["rules", "--set", "extra_rounds=1", "--save"],
        1,
        "extra_rounds=1 deals rounds with aces and twos wild, but ranks=3-K has none\n  \
         hint: play them with --set ranks=A-K, or leave them out with --set extra_rounds=0",
    );
}

/// A declared hand of Five Crowns: each group judged on its deck, a run
/// through king and three refused with the reason.
#[test]
fn a_declared_hand_of_five_crowns() {
    let env = Env::new();
    let r =
        env.ok_with(&COLUMNS_80, &["check", "--rules", "five-crowns", "--round", "3", "Qr Kr 3r | 9c 9d"]);
    assert!(
        r.stdout.starts_with(
            "Round 3: 5 cards dealt, fives and jokers wild (rules: five-crowns)

Declared
  Qr Kr 3r: not a run: a run does not go round from king to three
  9c 9d: a meld needs 3 cards
Declared deadwood 46, the least there is
"
        ),
        "{}",
        r.stdout
    );
    let j: serde_json::Value = serde_json::from_str(
        &env.ok(&["check", "--rules", "five-crowns", "--round", "3", "--json", "Qr Kr 5h | 9c 9d"]).stdout,
    )
    .unwrap();
    assert_eq!(
        j["groups"][0],
        json!({"cards": ["5h", "Qr", "Kr"], "meld": true, "kind": "run", "wilds": [{"card": "5h", "as": "Jr"}]})
    );
    assert_eq!((j["declared_deadwood"].clone(), j["least_deadwood"].clone()), (json!(18), json!(18)));
}
