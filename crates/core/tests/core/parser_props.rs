//! The hand parser on any input: it parses or refuses, never panics, points
//! at the right token when it refuses, and reads back what it prints.

use proptest::prelude::*;

use three13_core::card::{Card, Rank};
use three13_core::hand::{HandError, HandProblem, parse_hand};
use three13_core::rules::Rules;

use crate::with_settings;

fn rules() -> impl Strategy<Value = Rules> {
    (1u8..=3, 0u8..=2, 0u8..=2).prop_map(|(decks, jokers, extra_rounds)| {
        with_settings(
            Rules::default(),
            &[("decks", &decks), ("jokers", &jokers), ("extra_rounds", &extra_rounds)],
        )
    })
}

/// Card-like words: every card in its usual spellings, and near misses.
fn word() -> impl Strategy<Value = String> {
    let cards: Vec<String> = Card::deck()
        .chain([Card::JOKER])
        .flat_map(|c| [c.ascii(), c.symbol(), c.ascii().to_uppercase()])
        .collect();
    let odd: Vec<&str> = vec![
        "",
        "*",
        "JK",
        "jk",
        "joker",
        "JOKER",
        "🃏",
        "T♣",
        "tD",
        "1",
        "10",
        "11h",
        "13s",
        "14c",
        "0c",
        "1oh",
        "loh",
        "Qx",
        "Qv",
        "Qe",
        "Qp",
        "sQ",
        "h10",
        "♥",
        "♥Q",
        "x",
        "é",
        "\u{301}",
        "A\u{301}h",
        "+5h",
        "05h",
        "-3c",
        "ＡＨ",
        "Ah\u{7}",
        "\u{7}",
        "9♧",
        "9♢",
        "9♡",
        "9♤",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "AhAh",
        "10cc",
        "K",
        "KK",
        "jokers",
        "🂡",
        "Ⅹh",
        "٣h",
    ];
    prop_oneof![
        3 => prop::sample::select(cards),
        1 => prop::sample::select(odd).prop_map(str::to_string),
        1 => "[A-Za-z0-9*♣♦♥♠]{1,4}",
    ]
}

fn separator() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![" ", ",", ";", ", ", "\t", "  ", "\n", " ,", "\u{a0}", "\u{3000}"])
}

/// Text made of card-like words and separators.
fn soup() -> impl Strategy<Value = String> {
    (prop::collection::vec((word(), separator()), 0..20), any::<bool>()).prop_map(|(parts, lead)| {
        let mut text = String::new();
        if lead {
            text.push(' ');
        }
        for (w, s) in parts {
            text.push_str(&w);
            text.push_str(s);
        }
        text
    })
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), "\\PC{0,60}", soup()]
}

fn join(cards: &[Card], form: fn(Card) -> String, sep: &str) -> String {
    cards.iter().map(|&c| form(c)).collect::<Vec<_>>().join(sep)
}

/// A hand the rules allow, each card with at most as many copies as the
/// decks hold.
fn hand(rules: &Rules, picks: &[usize], size: usize) -> Vec<Card> {
    let all: Vec<Card> = Card::deck().chain((rules.jokers() > 0).then_some(Card::JOKER)).collect();
    let mut hand = Vec::new();
    for &p in picks.iter().cycle().take(picks.len() * 4) {
        if hand.len() == size {
            break;
        }
        let c = all[p % all.len()];
        if hand.iter().filter(|&&h| h == c).count() < rules.copies(c) {
            hand.push(c);
        }
    }
    let mut i = 0;
    while hand.len() < size {
        let c = all[i % all.len()];
        if hand.iter().filter(|&&h| h == c).count() < rules.copies(c) {
            hand.push(c);
        }
        i += 1;
    }
    hand
}

/// One of the ways a player may write `card`, picked by `how`.
fn spell(card: Card, how: u8) -> String {
    let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
        return ["*", "JK", "jk", "Joker", "joker", "🃏"][how as usize % 6].to_string();
    };
    let rank_text = match (rank, how % 3) {
        (r, 1) if r == Rank::TEN => "T".to_string(),
        (r, 2) if r == Rank::TEN => "t".to_string(),
        (r, 1) => r.label().to_lowercase(),
        (r, _) => r.label().to_string(),
    };
    let suit_text = match how / 3 % 4 {
        0 => suit.letter().to_string(),
        1 => suit.letter().to_ascii_uppercase().to_string(),
        2 => suit.symbol().to_string(),
        _ => ["♧", "♢", "♡", "♤"][suit.index()].to_string(),
    };
    format!("{rank_text}{suit_text}")
}

/// The caret under a refused token points at that token in the echo.
fn check_caret(input: &str, err: &HandError) -> Result<(), TestCaseError> {
    let Some((text, start, len)) = &err.source else { return Ok(()) };
    prop_assert_eq!(text, input);
    let chars: Vec<char> = input.chars().collect();
    prop_assert!(start + len <= chars.len(), "{:?} in {:?}", err.source, input);
    let token: String = chars[*start..start + len].iter().collect();
    let is_sep = |c: &char| c.is_whitespace() || *c == ',' || *c == ';';
    prop_assert!(*len > 0 && !token.chars().any(|c| is_sep(&c)), "{token:?}");
    prop_assert!(*start == 0 || is_sep(&chars[start - 1]), "{token:?} in {input:?}");
    prop_assert!(start + len == chars.len() || is_sep(&chars[start + len]), "{token:?} in {input:?}");
    let shown = err.to_string();
    let lines: Vec<&str> = shown.split('\n').collect();
    let at = lines.iter().rposition(|l| l.trim_start().starts_with('^'));
    let Some(at) = at else { return Err(TestCaseError::fail(format!("no caret in {shown:?}"))) };
    let carets = lines[at].trim_start();
    prop_assert!(carets.chars().all(|c| c == '^'));
    let col = lines[at].chars().count() - carets.chars().count();
    let echoed: String = lines[at - 1].chars().skip(col).take(carets.chars().count()).collect();
    let expected: String =
        token.chars().take(carets.chars().count()).map(|c| if c.is_control() { '?' } else { c }).collect();
    prop_assert_eq!(echoed, expected, "in {:?}", shown);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any text parses or is refused with a message, without a panic.
    #[test]
    fn any_text_parses_or_errs(text in any_text(), rules in rules()) {
        match parse_hand(&text, &rules) {
            Ok(cards) => {
                prop_assert!(cards.len() >= 3 && cards.len() <= rules.largest_hand() + 1);
                for &c in &cards {
                    prop_assert!(cards.iter().filter(|&&h| h == c).count() <= rules.copies(c));
                }
            }
            Err(e) => check_caret(&text, &e)?,
        }
        for token in text.split_whitespace() {
            // A token that is no card is refused, quoting what was typed.
            if let Err(e) = Card::parse(token) {
                let start: String = token.chars().take(8).collect();
                prop_assert!(e.problem.contains(&format!("\"{start}")), "{:?} for {:?}", e, token);
            }
        }
    }

    /// A hand that parses prints, in ASCII or with suit symbols, to text that
    /// parses to the same hand.
    #[test]
    fn parsed_hands_print_back(text in soup(), rules in rules()) {
        if let Ok(cards) = parse_hand(&text, &rules) {
            for sep in [" ", ", ", ","] {
                prop_assert_eq!(&parse_hand(&join(&cards, Card::ascii, sep), &rules).unwrap(), &cards);
                prop_assert_eq!(&parse_hand(&join(&cards, Card::symbol, sep), &rules).unwrap(), &cards);
            }
        }
    }

    /// Every hand the rules allow, written in any of the accepted spellings,
    /// parses to itself; printed back, it parses to itself again.
    #[test]
    fn written_hands_parse_and_print_back(
        rules in rules(),
        size in 3usize..=16,
        picks in prop::collection::vec(any::<usize>(), 1..20),
        spellings in prop::collection::vec((any::<u8>(), separator()), 16),
    ) {
        let size = size.min(rules.largest_hand() + 1);
        let cards = hand(&rules, &picks, size);
        let text: String =
            cards.iter().zip(&spellings).map(|(&c, &(how, sep))| format!("{}{sep}", spell(c, how))).collect();
        let parsed = parse_hand(&text, &rules);
        prop_assert_eq!(parsed.as_ref().ok(), Some(&cards), "{:?}: {:?}", text, parsed);
        for form in [Card::ascii as fn(Card) -> String, Card::symbol] {
            let printed = join(&cards, form, " ");
            prop_assert_eq!(&parse_hand(&printed, &rules).unwrap(), &cards);
            for &c in &cards {
                prop_assert_eq!(Card::parse(&form(c)).unwrap(), c);
            }
        }
    }

    /// One more card than the decks hold is refused, with the caret on it.
    #[test]
    fn one_copy_too_many_is_refused(rules in rules(), pick in 0usize..53) {
        let card = Card::from_index(pick).unwrap();
        let copies = rules.copies(card);
        prop_assume!(copies > 0 && copies < rules.largest_hand());
        let mut cards = vec![card; copies + 1];
        cards.push(Card::from_index((pick + 1) % 52).unwrap());
        let text = join(&cards, Card::ascii, " ");
        let err = parse_hand(&text, &rules).unwrap_err();
        let expected = HandProblem::TooManyCopies { card, held: copies + 1, copies, decks: rules.decks() };
        prop_assert_eq!(&err.problem, &expected);
        let (_, start, _) = err.source.clone().expect("a caret");
        prop_assert_eq!(start, text.rfind(&card.ascii()).unwrap());
        check_caret(&text, &err)?;
    }
}
