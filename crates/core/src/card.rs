//! Cards, ranks and suits, and how they are written.
//!
//! A card is written rank then suit (`7d`, `10C`, `q♥`); a joker is `*`,
//! `JK` or `joker`. The canonical form is ASCII with the rank upper case and
//! the suit lower case (`7d 10c Ks`); [`Card::symbol`] gives the Unicode form
//! (`7♦ 10♣ K♠`).

use std::fmt;

/// A rank, ace (1) to king (13).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const TWO: Rank = Rank(2);
    pub const TEN: Rank = Rank(10);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);

    /// The rank numbered `n` (1 = ace … 13 = king).
    pub const fn new(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 13 { Some(Rank(n)) } else { None }
    }

    /// 1 for an ace up to 13 for a king.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every rank, ace first.
    pub fn all() -> impl Iterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    /// How the rank is written: `A 2 … 10 J Q K`.
    pub const fn label(self) -> &'static str {
        const LABELS: [&str; 14] = ["?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
        LABELS[self.0 as usize]
    }

    /// The plural name used for a wild rank: `threes`, `jacks`, `aces`.
    pub const fn plural(self) -> &'static str {
        const NAMES: [&str; 14] = [
            "?", "aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings",
        ];
        NAMES[self.0 as usize]
    }

    /// Reads a rank as written in a card or a setting (`A`, `10`, `T`, `q`),
    /// or a plural name (`kings`).
    pub fn parse(text: &str) -> Option<Rank> {
        let t = text.trim().to_ascii_lowercase();
        let n = match t.as_str() {
            "a" | "ace" | "aces" => 1,
            "t" | "ten" | "tens" => 10,
            "j" | "jack" | "jacks" => 11,
            "q" | "queen" | "queens" => 12,
            "k" | "king" | "kings" => 13,
            _ => {
                if let Some(r) = Rank::all().find(|r| r.plural() == t) {
                    return Some(r);
                }
                match t.parse::<u8>() {
                    Ok(n @ 2..=10) => n,
                    _ => return None,
                }
            }
        };
        Rank::new(n)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A suit. The order (clubs, diamonds, hearts, spades) is the sort order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// Red suits, for colour on a terminal.
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    fn from_char(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' | '♣' | '♧' => Some(Suit::Clubs),
            'd' | 'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'h' | 'H' | '♥' | '♡' => Some(Suit::Hearts),
            's' | 'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// One physical card: a rank and a suit, or a joker.
///
/// Cards order by rank, then suit, with jokers last.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(u8);

impl Card {
    /// The joker, wild in every round when jokers are in play.
    pub const JOKER: Card = Card(52);

    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank.0 - 1) * 4 + suit as u8)
    }

    /// A number from 0 to 52, distinct for each card (the joker is 52).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn from_index(i: usize) -> Option<Card> {
        if i <= 52 { Some(Card(i as u8)) } else { None }
    }

    pub const fn is_joker(self) -> bool {
        self.0 == 52
    }

    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() { None } else { Some(Rank(self.0 / 4 + 1)) }
    }

    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() { None } else { Some(Suit::ALL[(self.0 % 4) as usize]) }
    }

    /// Every card of one deck, ace of clubs first, without jokers.
    pub fn deck() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }

    /// The canonical ASCII form: `7d`, `10c`, `Ks`, `JK`.
    pub fn ascii(self) -> String {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => format!("{}{}", r.label(), s.letter()),
            _ => "JK".to_string(),
        }
    }

    /// The Unicode form: `7♦`, `10♣`, `K♠`, `JK`.
    pub fn symbol(self) -> String {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => format!("{}{}", r.label(), s.symbol()),
            _ => "JK".to_string(),
        }
    }

    /// Reads one card; the error says what is wrong and how to write it.
    pub fn parse(token: &str) -> Result<Card, CardError> {
        parse_card(token)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.ascii())
    }
}

impl std::str::FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Card, CardError> {
        parse_card(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Rank {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.label())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // At most three characters: no allocation for each card.
        let mut buf = [0u8; 3];
        let text = match (self.rank(), self.suit()) {
            (Some(r), Some(suit)) => {
                let label = r.label().as_bytes();
                buf[..label.len()].copy_from_slice(label);
                buf[label.len()] = suit.letter() as u8;
                &buf[..label.len() + 1]
            }
            _ => b"JK".as_slice(),
        };
        s.serialize_str(std::str::from_utf8(text).expect("ASCII"))
    }
}

/// Why a token is not a card, with a hint on how to write it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CardError {
    pub problem: String,
    pub hint: String,
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {}", self.problem, self.hint)
    }
}

impl std::error::Error for CardError {}

const RANK_HINT: &str = "ranks are A 2-10 J Q K (or T for ten)";
const SUIT_HINT: &str = "suits are c d h s (or ♣ ♦ ♥ ♠)";

fn parse_card(token: &str) -> Result<Card, CardError> {
    let err = |problem: String, hint: String| Err(CardError { problem, hint });
    if token.chars().count() > 8 {
        let start: String = token.chars().take(8).collect();
        return err(
            format!("\"{start}…\" is not a card"),
            format!("write a card as rank then suit, like 7d or 10h; {RANK_HINT}; {SUIT_HINT}"),
        );
    }
    let lower = token.to_lowercase();
    if matches!(lower.as_str(), "*" | "jk" | "joker" | "🃏") {
        return Ok(Card::JOKER);
    }
    let Some(last) = token.chars().last() else {
        return err("empty card".into(), "write a card as rank then suit, like 7d".into());
    };
    let rank_text = &token[..token.len() - last.len_utf8()];
    let suit = Suit::from_char(last);
    let rank = rank_from_card_text(rank_text);
    match (rank, suit) {
        (Some(rank), Some(suit)) => Ok(Card::new(rank, suit)),
        (None, Some(suit)) => {
            let hint = match rank_text.to_ascii_lowercase().as_str() {
                "" => format!("a card needs a rank before the suit; {RANK_HINT}"),
                "1" | "14" => format!("did you mean \"A{}\"?", suit.letter()),
                "11" => format!("did you mean \"J{}\"?", suit.letter()),
                "12" => format!("did you mean \"Q{}\"?", suit.letter()),
                "13" => format!("did you mean \"K{}\"?", suit.letter()),
                "0" | "1o" | "lo" => format!("did you mean \"10{}\"?", suit.letter()),
                _ => RANK_HINT.to_string(),
            };
            err(format!("\"{token}\" has no rank \"{rank_text}\""), hint)
        }
        (Some(_), None) | (None, None) => {
            // Maybe only the suit is missing or mistyped: `Q`, `Qx`, `10`.
            if rank_from_card_text(token).is_some() {
                return err(
                    format!("\"{token}\" has no suit"),
                    format!("add a suit after the rank, like \"{token}s\"; {SUIT_HINT}"),
                );
            }
            if let Some(rank) = rank {
                let fixed = near_suit(last).map(|s| format!("{}{}", rank.label(), s.letter()));
                let hint = match fixed {
                    Some(f) => format!("did you mean \"{f}\"? {SUIT_HINT}"),
                    None => SUIT_HINT.to_string(),
                };
                return err(format!("\"{token}\" has no suit \"{last}\""), hint);
            }
            // Suit first (`sQ`, `h10`)?
            let mut chars = token.chars();
            if let Some(first) = chars.next()
                && let Some(suit) = Suit::from_char(first)
                && let Some(rank) = rank_from_card_text(chars.as_str())
            {
                return err(
                    format!("\"{token}\" is not a card"),
                    format!(
                        "write the rank before the suit: did you mean \"{}{}\"?",
                        rank.label(),
                        suit.letter()
                    ),
                );
            }
            err(
                format!("\"{token}\" is not a card"),
                format!("write a card as rank then suit, like 7d or 10h; {RANK_HINT}; {SUIT_HINT}"),
            )
        }
    }
}

fn rank_from_card_text(text: &str) -> Option<Rank> {
    match text.to_ascii_lowercase().as_str() {
        "a" => Some(Rank::ACE),
        "t" => Some(Rank::TEN),
        "j" => Some(Rank::JACK),
        "q" => Some(Rank::QUEEN),
        "k" => Some(Rank::KING),
        t => match t.parse::<u8>() {
            Ok(n @ 2..=10) if !t.starts_with('0') && !t.starts_with('+') => Rank::new(n),
            _ => None,
        },
    }
}

/// The suit a mistyped letter most likely meant (neighbours on a keyboard,
/// or the suit's name's other letters).
fn near_suit(c: char) -> Option<Suit> {
    match c.to_ascii_lowercase() {
        'x' | 'v' | 'l' => Some(Suit::Clubs),
        'e' | 'f' | 'r' => Some(Suit::Diamonds),
        'j' | 'g' | 'y' | 'n' => Some(Suit::Hearts),
        'a' | 'w' | 'z' | 'p' => Some(Suit::Spades),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_spelling() {
        let seven_d = Card::new(Rank::new(7).unwrap(), Suit::Diamonds);
        for t in ["7d", "7D", "7♦"] {
            assert_eq!(Card::parse(t).unwrap(), seven_d);
        }
        let ten_c = Card::new(Rank::TEN, Suit::Clubs);
        for t in ["10c", "10C", "Tc", "tC", "10♣"] {
            assert_eq!(Card::parse(t).unwrap(), ten_c);
        }
        assert_eq!(Card::parse("q♥").unwrap().ascii(), "Qh");
        for t in ["*", "JK", "jk", "Joker"] {
            assert_eq!(Card::parse(t).unwrap(), Card::JOKER);
        }
    }

    #[test]
    fn writes_ascii_and_symbols() {
        let c = Card::parse("KS").unwrap();
        assert_eq!(c.ascii(), "Ks");
        assert_eq!(c.symbol(), "K♠");
        assert_eq!(Card::parse("10h").unwrap().symbol(), "10♥");
    }

    #[test]
    fn every_card_round_trips() {
        for c in Card::deck().chain([Card::JOKER]) {
            assert_eq!(Card::parse(&c.ascii()).unwrap(), c);
            assert_eq!(Card::parse(&c.symbol()).unwrap(), c);
        }
    }

    #[test]
    fn hints_name_the_fix() {
        assert_eq!(
            Card::parse("Qx").unwrap_err().to_string(),
            "\"Qx\" has no suit \"x\"; did you mean \"Qc\"? suits are c d h s (or ♣ ♦ ♥ ♠)"
        );
        assert_eq!(
            Card::parse("11h").unwrap_err().to_string(),
            "\"11h\" has no rank \"11\"; did you mean \"Jh\"?"
        );
        assert_eq!(
            Card::parse("Q").unwrap_err().to_string(),
            "\"Q\" has no suit; add a suit after the rank, like \"Qs\"; suits are c d h s (or ♣ ♦ ♥ ♠)"
        );
        assert_eq!(
            Card::parse("sQ").unwrap_err().to_string(),
            "\"sQ\" is not a card; write the rank before the suit: did you mean \"Qs\"?"
        );
    }
}
