//! Reading a hand as a player types it, and refusing hands no deal can give.

use std::fmt;

use crate::card::{Card, CardError};
use crate::rules::{Deal, Rules};

/// What is wrong with a typed hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HandProblem {
    /// No card at all.
    Empty,
    /// A token that is not a card.
    Card(CardError),
    /// A joker, where the rules play without them.
    JokersNotInPlay,
    /// More copies of a card than the decks hold.
    TooManyCopies { card: Card, held: usize, copies: usize, decks: u8 },
    /// Fewer cards than the smallest round deals.
    TooFew { count: usize },
    /// More cards than the largest round deals, with the card drawn.
    TooMany { count: usize, largest: usize },
    /// Not the size of the round named, nor one more.
    WrongSize { count: usize, round: usize, dealt: usize },
    /// No round deals this many cards or one fewer.
    NoRound { count: usize },
    /// A declared hand with a group of no cards (`|` twice, or at an end).
    EmptyGroup { group: usize },
}

/// A hand that cannot be played, with the typed text and the characters
/// (start, length) to blame in it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HandError {
    pub problem: HandProblem,
    /// The text as typed, and the characters (start, length) to underline.
    pub source: Option<(String, usize, usize)>,
}

impl HandError {
    fn plain(problem: HandProblem) -> HandError {
        HandError { problem, source: None }
    }
}

impl fmt::Display for HandProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandProblem::Empty => f.write_str("the hand is empty"),
            HandProblem::Card(e) => f.write_str(&e.problem),
            HandProblem::JokersNotInPlay => f.write_str("jokers are not in play under these rules"),
            HandProblem::TooManyCopies { card, held, copies, decks } => {
                let places = vec![Place::Hand];
                CopiesError { card: *card, held: *held, copies: *copies, decks: *decks, places }.fmt(f)
            }
            HandProblem::TooFew { count } => {
                write!(f, "the hand has {count} card{}; the smallest round deals 3", plural(*count))
            }
            HandProblem::TooMany { count, largest } => write!(
                f,
                "the hand has {count} cards; no round deals more than {largest} ({} with the card drawn)",
                largest + 1
            ),
            HandProblem::WrongSize { count, round, dealt } => write!(
                f,
                "the hand has {count} card{}, but round {round} deals {dealt} ({} with the card drawn)",
                plural(*count),
                dealt + 1
            ),
            HandProblem::NoRound { count } => write!(f, "no round deals {count} cards or one fewer"),
            HandProblem::EmptyGroup { group } => {
                write!(f, "group {group} of the declared hand has no cards; put \"|\" only between groups")
            }
        }
    }
}

/// The problem, then the typed text with a caret under the bad token.
impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.problem)?;
        if let Some((text, start, len)) = &self.source {
            let len = (*len).clamp(1, 40);
            let (shown, col) = window(text, *start, len);
            write!(f, "\n  {shown}\n  {}{}", " ".repeat(col), "^".repeat(len))?;
        }
        Ok(())
    }
}

impl std::error::Error for HandError {}

/// The part of `text` to echo, about 60 characters around the bad token,
/// with control characters made visible, and where the token starts in it.
fn window(text: &str, start: usize, len: usize) -> (String, usize) {
    let chars: Vec<char> = text.chars().map(|c| if c.is_control() { '?' } else { c }).collect();
    let from = start.saturating_sub(30);
    let to = (start + len + 30).min(chars.len());
    let mut shown = String::new();
    let mut col = start - from;
    if from > 0 {
        shown.push('…');
        col += 1;
    }
    shown.extend(&chars[from..to]);
    if to < chars.len() {
        shown.push('…');
    }
    (shown, col)
}

/// Where cards known to be out of the stock lie, for the copies rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    Hand,
    /// The melds on the table, given to lay off onto.
    TableMelds,
    /// Cards seen elsewhere: the discard pile, other players' melds.
    Seen,
}

impl Place {
    fn words(self) -> &'static str {
        match self {
            Place::Hand => "the hand",
            Place::TableMelds => "the table melds",
            Place::Seen => "the cards seen",
        }
    }
}

/// More copies of a card than the decks hold, and the places that hold
/// them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CopiesError {
    pub card: Card,
    /// The copies held, in all the places together.
    pub held: usize,
    /// The copies the decks hold.
    pub copies: usize,
    pub decks: u8,
    /// The places holding the card, in the order hand, table melds, seen.
    pub places: Vec<Place>,
}

impl fmt::Display for CopiesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.places.iter().map(|p| p.words()).collect();
        let (places, hold, between) = match names.split_last() {
            Some((last, [])) if self.places == [Place::Hand] => (last.to_string(), "holds", ""),
            Some((last, [])) => (last.to_string(), "hold", ""),
            Some((last, rest)) => (format!("{} and {last}", rest.join(", ")), "hold", " between them"),
            None => ("the cards".to_string(), "hold", ""),
        };
        let (held, copies) = (self.held, self.copies);
        if self.card.is_joker() {
            write!(f, "{places} {hold} {held} jokers{between}, but the decks hold only {copies}")
        } else {
            let decks = match self.decks {
                1 => "1 deck holds".to_string(),
                n => format!("{n} decks hold"),
            };
            write!(f, "{places} {hold} {held} × {}{between}, but {decks} only {copies}", self.card)
        }
    }
}

impl std::error::Error for CopiesError {}

/// The copies of each card counted against the decks.
struct Tally {
    held: [usize; Card::KINDS],
}

impl Tally {
    fn new() -> Tally {
        Tally { held: [0; Card::KINDS] }
    }

    /// Counts one more `card`; gives the copies held when that is more
    /// than the decks of `rules` hold.
    fn add(&mut self, card: Card, rules: &Rules) -> Option<usize> {
        let held = &mut self.held[card.index()];
        *held += 1;
        (*held > rules.copies(card)).then_some(*held)
    }
}

/// The copies rule: the decks hold each card `rules.copies(card)` times,
/// so the hand, the table melds and the cards seen hold no more of it
/// between them. Names the first card over (in the order hand, table
/// melds, cards seen), all its copies, and the places that hold it.
pub fn check_copies(
    rules: &Rules,
    hand: &[Card],
    onto: &[Vec<Card>],
    seen: &[Card],
) -> Result<(), CopiesError> {
    let all = || {
        let hand = hand.iter().map(|&c| (Place::Hand, c));
        let table = onto.iter().flatten().map(|&c| (Place::TableMelds, c));
        hand.chain(table).chain(seen.iter().map(|&c| (Place::Seen, c)))
    };
    let mut tally = Tally::new();
    let Some(card) = all().find_map(|(_, c)| tally.add(c, rules).map(|_| c)) else {
        return Ok(());
    };
    let mut places: Vec<Place> = Vec::new();
    for (place, _) in all().filter(|&(_, c)| c == card) {
        if !places.contains(&place) {
            places.push(place);
        }
    }
    let held = all().filter(|&(_, c)| c == card).count();
    Err(CopiesError { card, held, copies: rules.copies(card), decks: rules.decks, places })
}

/// Checks cards already read (a hand kept in a session, under new rules)
/// as a typed hand's are: cards of the deck, jokers in play, and no more
/// copies of a card than the decks hold.
pub fn check_cards(cards: &[Card], rules: &Rules) -> Result<(), HandError> {
    // The cards as they are written in a file, the bad one underlined.
    let shown: Vec<String> = cards.iter().map(|c| c.ascii()).collect();
    let at = |index: usize, problem: HandProblem| {
        let start: usize = shown[..index].iter().map(|t| t.chars().count() + 1).sum();
        HandError { problem, source: Some((shown.join(" "), start, shown[index].chars().count())) }
    };
    let deck = rules.deck();
    if let Some((i, e)) = cards.iter().enumerate().find_map(|(i, &c)| Some((i, deck.refusal(c, &shown[i])?)))
    {
        return Err(at(i, HandProblem::Card(e)));
    }
    if rules.jokers == 0
        && let Some(i) = cards.iter().position(|c| c.is_joker())
    {
        return Err(at(i, HandProblem::JokersNotInPlay));
    }
    check_copies(rules, cards, &[], &[]).map_err(|e| {
        let problem =
            HandProblem::TooManyCopies { card: e.card, held: e.held, copies: e.copies, decks: e.decks };
        // The copy beyond what the decks hold.
        match cards.iter().enumerate().filter(|(_, c)| **c == e.card).nth(e.copies) {
            Some((i, _)) => at(i, problem),
            None => HandError::plain(problem),
        }
    })
}

/// One token of typed text: the card text and where it starts (in characters).
pub(crate) struct Token<'a> {
    pub(crate) text: &'a str,
    pub(crate) start: usize,
    pub(crate) len: usize,
}

pub(crate) fn tokens(input: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start_byte = None;
    let mut start_char = 0;
    let mut chars = 0;
    for (i, c) in input.char_indices() {
        let separator = c.is_whitespace() || c == ',' || c == ';';
        match (separator, start_byte) {
            (true, Some(b)) => {
                out.push(Token { text: &input[b..i], start: start_char, len: chars - start_char });
                start_byte = None;
            }
            (false, None) => {
                start_byte = Some(i);
                start_char = chars;
            }
            _ => {}
        }
        chars += 1;
    }
    if let Some(b) = start_byte {
        out.push(Token { text: &input[b..], start: start_char, len: chars - start_char });
    }
    out
}

/// Reads the cards of a hand: separated by spaces and/or commas, checked
/// against the rules (jokers, copies in the decks, the largest round).
pub fn parse_hand(input: &str, rules: &Rules) -> Result<Vec<Card>, HandError> {
    let cards = read_cards(input, rules, Some(rules.largest_hand() + 1))?;
    if cards.len() < 3 {
        return Err(HandError::plain(HandProblem::TooFew { count: cards.len() }));
    }
    Ok(cards)
}

/// Reads cards that are not a hand (a meld on the table, cards seen),
/// checked as a hand's are but for their number and their copies: those
/// count with the hand's and the others', by [`check_copies`].
pub fn parse_cards(input: &str, rules: &Rules) -> Result<Vec<Card>, HandError> {
    read_cards(input, rules, None)
}

/// Reads cards; `limit`, for a hand, is the most it may have, and its
/// copies are checked as it is read, to point at the card over.
fn read_cards(input: &str, rules: &Rules, limit: Option<usize>) -> Result<Vec<Card>, HandError> {
    let toks = tokens(input);
    let mut tally = limit.map(|_| Tally::new());
    let limit = limit.unwrap_or(usize::MAX);
    if toks.is_empty() {
        return Err(HandError::plain(HandProblem::Empty));
    }
    let at = |t: &Token, problem: HandProblem| HandError {
        problem,
        source: Some((input.to_string(), t.start, t.len)),
    };
    let mut cards = Vec::with_capacity(toks.len().min(limit.saturating_add(1)));
    let deck = rules.deck();
    for (i, tok) in toks.iter().enumerate() {
        if i == limit {
            return Err(too_many(toks.len(), rules));
        }
        let card = deck.parse(tok.text).map_err(|e| at(tok, HandProblem::Card(e)))?;
        if card.is_joker() && rules.jokers == 0 {
            return Err(at(tok, HandProblem::JokersNotInPlay));
        }
        if let Some(held) = tally.as_mut().and_then(|t| t.add(card, rules)) {
            let copies = rules.copies(card);
            return Err(at(tok, HandProblem::TooManyCopies { card, held, copies, decks: rules.decks }));
        }
        cards.push(card);
    }
    Ok(cards)
}

/// A hand as typed: its cards and, for a declared hand, its groups.
pub type Typed = (Vec<Card>, Option<Vec<Vec<Card>>>);

/// Reads a hand, declared or not: with `|` between groups, it is a
/// player's declared arrangement, and the groups come back too. The cards
/// are checked as by [`parse_hand`].
pub fn parse_declared(input: &str, rules: &Rules) -> Result<Typed, HandError> {
    if !input.contains('|') {
        return parse_hand(input, rules).map(|cards| (cards, None));
    }
    // The bars as spaces keep every card where it was typed, for the caret.
    let cards = parse_hand(&input.replace('|', " "), rules)?;
    let mut groups = Vec::new();
    let mut next = 0;
    for (i, part) in input.split('|').enumerate() {
        let n = tokens(part).len();
        if n == 0 {
            return Err(HandError::plain(HandProblem::EmptyGroup { group: i + 1 }));
        }
        groups.push(cards[next..next + n].to_vec());
        next += n;
    }
    Ok((cards, Some(groups)))
}

fn too_many(count: usize, rules: &Rules) -> HandError {
    HandError::plain(HandProblem::TooMany { count, largest: rules.largest_hand() })
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Checks that a hand fits a deal: the round's hand size, or one more card
/// (held after the draw).
pub fn check_size(cards: &[Card], deal: &Deal) -> Result<(), HandError> {
    let n = cards.len();
    if n == deal.cards || n == deal.cards + 1 {
        return Ok(());
    }
    Err(HandError::plain(HandProblem::WrongSize { count: n, round: deal.round, dealt: deal.cards }))
}

/// The deal a hand of `n` cards most likely comes from, when no round is
/// named: the first round dealing `n` cards, else the one dealing `n - 1`
/// (the hand holds the card just drawn).
pub fn infer_deal(n: usize, rules: &Rules) -> Option<Deal> {
    let deals = rules.deals();
    deals.iter().find(|d| d.cards == n).or_else(|| deals.iter().find(|d| d.cards + 1 == n)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> String {
        parse_hand(input, &Rules::default()).unwrap_err().to_string()
    }

    #[test]
    fn separators_and_spellings() {
        let cards = parse_hand(" 7d,10C  KS,,q♥\tT♣ ", &Rules::default()).unwrap();
        let text: Vec<String> = cards.iter().map(|c| c.ascii()).collect();
        assert_eq!(text, ["7d", "10c", "Ks", "Qh", "10c"]);
    }

    #[test]
    fn caret_under_the_bad_card() {
        assert_eq!(err("7d 10x KS"), "\"10x\" has no suit \"x\"\n  7d 10x KS\n     ^^^");
        assert_eq!(err("Ah Ah Ah"), "the hand holds 3 × Ah, but 2 decks hold only 2\n  Ah Ah Ah\n        ^^");
    }

    #[test]
    fn refusals() {
        assert_eq!(err("  "), "the hand is empty");
        assert_eq!(err("Ah 2h"), "the hand has 2 cards; the smallest round deals 3");
        let many = "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ad 2d";
        assert_eq!(err(many), "the hand has 15 cards; no round deals more than 13 (14 with the card drawn)");
        assert_eq!(err("* 2h 3h"), "jokers are not in play under these rules\n  * 2h 3h\n  ^");
    }

    #[test]
    fn long_input_is_shown_in_a_window() {
        let input = "Ah Zz";
        assert!(err(input).contains("Ah Zz\n     ^^"));
        let long = format!("{} Zz", "x".repeat(500));
        let shown = parse_hand(&long, &Rules::default()).unwrap_err().to_string();
        assert!(shown.lines().nth(1).unwrap().chars().count() < 80, "{shown}");
        assert!(shown.lines().nth(2).unwrap().chars().count() < 80, "{shown}");
    }

    #[test]
    fn the_copies_rule_names_where_the_copies_lie() {
        let rules = Rules { jokers: 1, ..Rules::default() };
        let cards = |t: &str| if t.is_empty() { Vec::new() } else { parse_cards(t, &rules).unwrap() };
        let check = |hand: &str, onto: &[&str], seen: &str| {
            let onto: Vec<Vec<Card>> = onto.iter().map(|m| cards(m)).collect();
            check_copies(&rules, &cards(hand), &onto, &cards(seen)).map_err(|e| e.to_string())
        };
        assert_eq!(check("9h 9d Kd", &["9s 9c 9h"], "9d 9c"), Ok(()));
        let over = |hand, onto, seen| check(hand, onto, seen).unwrap_err();
        assert_eq!(over("", &[], "9h 9h 9h"), "the cards seen hold 3 × 9h, but 2 decks hold only 2");
        assert_eq!(over("", &["9h 9h 9h"], ""), "the table melds hold 3 × 9h, but 2 decks hold only 2");
        assert_eq!(
            over("9h 9d Kd", &["9h 9h 9s"], ""),
            "the hand and the table melds hold 3 × 9h between them, but 2 decks hold only 2"
        );
        // Only the places holding the card are named.
        assert_eq!(
            over("9h 9h 4c", &["5h 6h 7h"], "9h"),
            "the hand and the cards seen hold 3 × 9h between them, but 2 decks hold only 2"
        );
        assert_eq!(
            over("9h 4c Kd", &["9h 10h Jh"], "9h 9h"),
            "the hand, the table melds and the cards seen hold 4 × 9h between them, but 2 decks hold only 2"
        );
        assert_eq!(
            over("JK 4c Kd", &[], "JK JK"),
            "the hand and the cards seen hold 3 jokers between them, but the decks hold only 2"
        );
        let one = Rules { decks: 1, ..Rules::default() };
        let e = check_copies(&one, &cards("9h 4c Kd"), &[], &cards("9h")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the hand and the cards seen hold 2 × 9h between them, but 1 deck holds only 1"
        );
    }

    #[test]
    fn cards_kept_are_checked_as_typed_ones() {
        let cards = parse_hand("JK 9h 9h", &Rules { jokers: 2, ..Rules::default() }).unwrap();
        assert_eq!(check_cards(&cards, &Rules { jokers: 2, ..Rules::default() }), Ok(()));
        let err = |rules: &Rules| check_cards(&cards, rules).unwrap_err().to_string();
        assert_eq!(err(&Rules::default()), "jokers are not in play under these rules\n  JK 9h 9h\n  ^^");
        assert_eq!(
            err(&Rules { jokers: 2, decks: 1, ..Rules::default() }),
            "the hand holds 2 × 9h, but 1 deck holds only 1\n  JK 9h 9h\n        ^^"
        );
    }

    #[test]
    fn infers_the_round() {
        let rules = Rules::default();
        assert_eq!(infer_deal(7, &rules).unwrap().round, 5);
        assert_eq!(infer_deal(14, &rules).unwrap().round, 11);
        assert!(infer_deal(15, &rules).is_none());
    }
}
