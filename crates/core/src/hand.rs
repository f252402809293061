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
                if card.is_joker() {
                    write!(f, "the hand holds {held} jokers, but the decks hold only {copies}")
                } else {
                    let decks = match decks {
                        1 => "1 deck holds".to_string(),
                        n => format!("{n} decks hold"),
                    };
                    write!(f, "the hand holds {held} × {card}, but {decks} only {copies}")
                }
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
/// checked as a hand's are but for their number.
pub fn parse_cards(input: &str, rules: &Rules) -> Result<Vec<Card>, HandError> {
    read_cards(input, rules, None)
}

fn read_cards(input: &str, rules: &Rules, limit: Option<usize>) -> Result<Vec<Card>, HandError> {
    let toks = tokens(input);
    let limit = limit.unwrap_or(usize::MAX);
    if toks.is_empty() {
        return Err(HandError::plain(HandProblem::Empty));
    }
    let at = |t: &Token, problem: HandProblem| HandError {
        problem,
        source: Some((input.to_string(), t.start, t.len)),
    };
    let mut cards = Vec::with_capacity(toks.len().min(limit.saturating_add(1)));
    for (i, tok) in toks.iter().enumerate() {
        if i == limit {
            return Err(too_many(toks.len(), rules));
        }
        let card = Card::parse(tok.text).map_err(|e| at(tok, HandProblem::Card(e)))?;
        if card.is_joker() && rules.jokers == 0 {
            return Err(at(tok, HandProblem::JokersNotInPlay));
        }
        let held = cards.iter().filter(|&&c| c == card).count() + 1;
        let copies = rules.copies(card);
        if held > copies {
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
    fn infers_the_round() {
        let rules = Rules::default();
        assert_eq!(infer_deal(7, &rules).unwrap().round, 5);
        assert_eq!(infer_deal(14, &rules).unwrap().round, 11);
        assert!(infer_deal(15, &rules).is_none());
    }
}
