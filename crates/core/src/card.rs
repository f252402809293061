//! Cards, ranks and suits, and how they are written.
//!
//! A card is written rank then suit (`7d`, `10C`, `q♥`); a joker is `*`,
//! `JK` or `joker`. The canonical form is ASCII with the rank upper case and
//! the suit lower case (`7d 10c Ks`); [`Card::symbol`] gives the Unicode form
//! (`7♦ 10♣ K♠`).
//!
//! Five Crowns adds a fifth suit, the stars: `★` in the Unicode form, `r`
//! (for sta*r*) in ASCII, and read as `★`, `☆` or `r`. Which cards a deck
//! holds is a [`Deck`]: its suits, and its ranks from the lowest up to the
//! king (3 to K in Five Crowns); cards are read against the deck in play,
//! so a card it does not hold is refused as it is typed.

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

/// A suit. The order (clubs, diamonds, hearts, spades, stars) is the sort
/// order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    /// The fifth suit of Five Crowns.
    Stars,
}

impl Suit {
    /// The four suits of a standard deck; [`Suit::FIVE`] adds the stars.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// The five suits of a Five Crowns deck: the four, then the stars.
    pub const FIVE: [Suit; 5] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades, Suit::Stars];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
            Suit::Stars => 'r',
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
            Suit::Stars => '★',
        }
    }

    /// Red suits, for colour on a terminal.
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The suit `c` stands for, among the suits of a deck with `stars` or
    /// without.
    fn from_char(c: char, stars: bool) -> Option<Suit> {
        match c {
            'c' | 'C' | '♣' | '♧' => Some(Suit::Clubs),
            'd' | 'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'h' | 'H' | '♥' | '♡' => Some(Suit::Hearts),
            's' | 'S' | '♠' | '♤' => Some(Suit::Spades),
            'r' | 'R' | '★' | '☆' if stars => Some(Suit::Stars),
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
    pub const JOKER: Card = Card(65);

    /// How many distinct cards there are, of every suit and rank and the
    /// joker: [`Card::index`] is below it.
    pub const KINDS: usize = 66;

    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank.0 - 1) * 5 + suit as u8)
    }

    /// A number from 0 to 65, distinct for each card (the joker is 65).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn from_index(i: usize) -> Option<Card> {
        if i < Card::KINDS { Some(Card(i as u8)) } else { None }
    }

    pub const fn is_joker(self) -> bool {
        self.0 == Card::JOKER.0
    }

    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() { None } else { Some(Rank(self.0 / 5 + 1)) }
    }

    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() { None } else { Some(Suit::FIVE[(self.0 % 5) as usize]) }
    }

    /// Every card of one standard 52-card deck, ace of clubs first, without
    /// jokers; [`Deck::cards`] gives the cards of any deck.
    pub fn deck() -> impl Iterator<Item = Card> {
        Deck::STANDARD.cards()
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

    /// Reads one card of a standard deck; the error says what is wrong and
    /// how to write it. [`Deck::parse`] reads the cards of any deck.
    pub fn parse(token: &str) -> Result<Card, CardError> {
        Deck::STANDARD.parse(token)
    }
}

/// The cards a deck holds: its suits (the four, or the five of Five
/// Crowns) and its ranks, from the lowest (the ace, or the three in Five
/// Crowns) up to the king. Jokers are counted by the rules, not here.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Deck {
    suits: &'static [Suit],
    lowest: Rank,
}

impl Deck {
    /// The standard 52 cards: four suits, ace to king.
    pub const STANDARD: Deck = Deck { suits: &Suit::ALL, lowest: Rank::ACE };
    /// The 55 cards of a Five Crowns deck besides its jokers: five suits,
    /// 3 to king.
    pub const FIVE_CROWNS: Deck = Deck { suits: &Suit::FIVE, lowest: Rank(3) };

    /// The deck of `suits` (4 or 5) and the ranks from `lowest` to the king.
    pub fn new(suits: usize, lowest: Rank) -> Deck {
        Deck { suits: if suits >= 5 { &Suit::FIVE } else { &Suit::ALL }, lowest }
    }

    /// The suits, in sort order.
    pub fn suits(self) -> &'static [Suit] {
        self.suits
    }

    /// The lowest rank: the ace, or the three.
    pub fn lowest(self) -> Rank {
        self.lowest
    }

    /// The ranks, lowest first.
    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        (self.lowest.0..=13).map(Rank)
    }

    pub fn has_suit(self, suit: Suit) -> bool {
        self.suits.contains(&suit)
    }

    pub fn has_rank(self, rank: Rank) -> bool {
        rank >= self.lowest
    }

    /// Whether the deck holds `card` (a joker is not the deck's to say).
    pub fn holds(self, card: Card) -> bool {
        match (card.rank(), card.suit()) {
            (Some(r), Some(s)) => self.has_rank(r) && self.has_suit(s),
            _ => false,
        }
    }

    /// Every card of one deck, in card order, without jokers.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        let suits = self.suits;
        self.ranks().flat_map(move |r| suits.iter().map(move |&s| Card::new(r, s)))
    }

    /// How many cards one deck holds, without jokers.
    pub fn size(self) -> usize {
        self.suits.len() * (14 - self.lowest.0 as usize)
    }

    /// Reads one card of this deck; the error says what is wrong and how
    /// to write it, and a card the deck does not hold (an ace in Five
    /// Crowns) is refused.
    pub fn parse(self, token: &str) -> Result<Card, CardError> {
        let card = parse_card(token, self)?;
        match self.refusal(card, token) {
            Some(e) => Err(e),
            None => Ok(card),
        }
    }

    /// Why the deck does not hold `card` (written `token`), if it does not.
    pub fn refusal(self, card: Card, token: &str) -> Option<CardError> {
        let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else { return None };
        if !self.has_rank(rank) {
            return Some(CardError {
                problem: format!("\"{token}\": the deck has no {}", rank.plural()),
                hint: self.rank_hint(),
            });
        }
        if !self.has_suit(suit) {
            return Some(CardError {
                problem: format!("\"{token}\": the deck has no stars"),
                hint: self.suit_hint(),
            });
        }
        None
    }

    /// How the ranks of the deck are written.
    pub fn rank_hint(self) -> String {
        if self.lowest == Rank::ACE {
            RANK_HINT.to_string()
        } else {
            format!("ranks are {}-10 J Q K (or T for ten)", self.lowest.label())
        }
    }

    /// How the suits of the deck are written.
    pub fn suit_hint(self) -> String {
        if self.suits.len() == 4 { SUIT_HINT.to_string() } else { FIVE_SUIT_HINT.to_string() }
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
        Card::parse(s)
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
const FIVE_SUIT_HINT: &str = "suits are c d h s r (or ♣ ♦ ♥ ♠ ★)";

/// Reads one card written for `deck`: its suits are read, and the hints
/// name its ranks and suits. Whether the deck holds the card is the
/// caller's to check.
fn parse_card(token: &str, deck: Deck) -> Result<Card, CardError> {
    let err = |problem: String, hint: String| Err(CardError { problem, hint });
    let stars = deck.has_suit(Suit::Stars);
    let (rank_hint, suit_hint) = (deck.rank_hint(), deck.suit_hint());
    let (rank_hint, suit_hint) = (rank_hint.as_str(), suit_hint.as_str());
    let from_char = |c: char| Suit::from_char(c, stars);
    if token.chars().count() > 8 {
        let start: String = token.chars().take(8).collect();
        return err(
            format!("\"{start}…\" is not a card"),
            format!("write a card as rank then suit, like 7d or 10h; {rank_hint}; {suit_hint}"),
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
    let suit = from_char(last);
    let rank = rank_from_card_text(rank_text);
    match (rank, suit) {
        (Some(rank), Some(suit)) => Ok(Card::new(rank, suit)),
        (None, Some(suit)) => {
            let hint = match rank_text.to_ascii_lowercase().as_str() {
                "" => format!("a card needs a rank before the suit; {rank_hint}"),
                "1" | "14" if deck.has_rank(Rank::ACE) => format!("did you mean \"A{}\"?", suit.letter()),
                "11" => format!("did you mean \"J{}\"?", suit.letter()),
                "12" => format!("did you mean \"Q{}\"?", suit.letter()),
                "13" => format!("did you mean \"K{}\"?", suit.letter()),
                "0" | "1o" | "lo" => format!("did you mean \"10{}\"?", suit.letter()),
                _ => rank_hint.to_string(),
            };
            err(format!("\"{token}\" has no rank \"{rank_text}\""), hint)
        }
        (Some(_), None) | (None, None) => {
            // Maybe only the suit is missing or mistyped: `Q`, `Qx`, `10`.
            if rank_from_card_text(token).is_some() {
                return err(
                    format!("\"{token}\" has no suit"),
                    format!("add a suit after the rank, like \"{token}s\"; {suit_hint}"),
                );
            }
            if let Some(rank) = rank {
                let fixed = near_suit(last).map(|s| format!("{}{}", rank.label(), s.letter()));
                let hint = match fixed {
                    Some(f) => format!("did you mean \"{f}\"? {suit_hint}"),
                    None => suit_hint.to_string(),
                };
                return err(format!("\"{token}\" has no suit \"{last}\""), hint);
            }
            // Suit first (`sQ`, `h10`)?
            let mut chars = token.chars();
            if let Some(first) = chars.next()
                && let Some(suit) = from_char(first)
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
                format!("write a card as rank then suit, like 7d or 10h; {rank_hint}; {suit_hint}"),
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

    #[test]
    fn stars_are_read_where_the_deck_has_them() {
        let five = Deck::FIVE_CROWNS;
        let seven = Card::new(Rank::new(7).unwrap(), Suit::Stars);
        for t in ["7r", "7R", "7★", "7☆"] {
            assert_eq!(five.parse(t).unwrap(), seven, "{t}");
        }
        assert_eq!((seven.ascii(), seven.symbol()), ("7r".to_string(), "7★".to_string()));
        // A standard deck reads them as before: no such suit.
        assert_eq!(
            Card::parse("7★").unwrap_err().to_string(),
            "\"7★\" has no suit \"★\"; suits are c d h s (or ♣ ♦ ♥ ♠)"
        );
        assert_eq!(
            Card::parse("7r").unwrap_err().to_string(),
            "\"7r\" has no suit \"r\"; did you mean \"7d\"? suits are c d h s (or ♣ ♦ ♥ ♠)"
        );
        assert_eq!(
            five.parse("7x").unwrap_err().to_string(),
            "\"7x\" has no suit \"x\"; did you mean \"7c\"? suits are c d h s r (or ♣ ♦ ♥ ♠ ★)"
        );
    }

    #[test]
    fn ranks_outside_the_deck_are_refused() {
        let five = Deck::FIVE_CROWNS;
        let err = |t: &str| five.parse(t).unwrap_err().to_string();
        assert_eq!(err("Ah"), "\"Ah\": the deck has no aces; ranks are 3-10 J Q K (or T for ten)");
        assert_eq!(err("2r"), "\"2r\": the deck has no twos; ranks are 3-10 J Q K (or T for ten)");
        assert_eq!(err("1h"), "\"1h\" has no rank \"1\"; ranks are 3-10 J Q K (or T for ten)");
        assert_eq!(five.parse("3h").unwrap().ascii(), "3h");
        let standard_with_stars = Deck::new(5, Rank::ACE);
        assert_eq!(standard_with_stars.parse("Ar").unwrap().symbol(), "A★");
        let no_stars = Deck::new(4, Rank::new(3).unwrap());
        assert_eq!(
            no_stars.refusal(Card::new(Rank::KING, Suit::Stars), "Kr").unwrap().problem,
            "\"Kr\": the deck has no stars"
        );
    }

    #[test]
    fn decks_hold_their_cards_in_card_order() {
        assert_eq!(Deck::STANDARD.cards().count(), 52);
        assert_eq!(Deck::STANDARD.size(), 52);
        assert!(Card::deck().eq(Deck::STANDARD.cards()));
        let five: Vec<Card> = Deck::FIVE_CROWNS.cards().collect();
        assert_eq!((five.len(), Deck::FIVE_CROWNS.size()), (55, 55));
        assert_eq!(
            five[..6].iter().map(|c| c.ascii()).collect::<Vec<_>>(),
            ["3c", "3d", "3h", "3s", "3r", "4c"]
        );
        assert!(five.windows(2).all(|w| w[0] < w[1]));
        assert!(five.iter().all(|&c| c < Card::JOKER && Deck::FIVE_CROWNS.holds(c)));
        for c in five.iter().copied().chain([Card::JOKER]) {
            assert_eq!(Deck::FIVE_CROWNS.parse(&c.ascii()).unwrap(), c);
            assert_eq!(Deck::FIVE_CROWNS.parse(&c.symbol()).unwrap(), c);
            assert_eq!(Card::from_index(c.index()), Some(c));
        }
    }
}
