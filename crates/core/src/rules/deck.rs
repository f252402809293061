//! The deck the rules play with: the game it makes, its ranks and
//! copies, and which cards are wild.

use std::fmt;

use super::*;
use crate::card::{Card, Deck, Rank};

/// The game the rules play: Three Thirteen, or Five Crowns, whose deck
/// has the ranks 3 to K (and, as it comes, five suits and three jokers a
/// deck).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Game {
    ThreeThirteen,
    FiveCrowns,
}

impl Game {
    /// Every game.
    pub const ALL: [Game; 2] = [Game::ThreeThirteen, Game::FiveCrowns];

    /// The game's name: `Three Thirteen`, `Five Crowns`.
    pub fn name(self) -> &'static str {
        match self {
            Game::ThreeThirteen => "Three Thirteen",
            Game::FiveCrowns => "Five Crowns",
        }
    }

    /// The game as a word, as a session file names it: `three-thirteen`,
    /// `five-crowns`.
    pub fn key(self) -> &'static str {
        match self {
            Game::ThreeThirteen => "three-thirteen",
            Game::FiveCrowns => "five-crowns",
        }
    }

    /// The game a word names (`five-crowns` or `five_crowns`, any case).
    pub fn parse(text: &str) -> Option<Game> {
        let t = text.trim().to_ascii_lowercase().replace('_', "-");
        Game::ALL.into_iter().find(|g| g.key() == t)
    }

    /// The game's own rules.
    pub fn rules(self) -> Rules {
        match self {
            Game::ThreeThirteen => Rules::default(),
            Game::FiveCrowns => Rules {
                suits: 5,
                ranks: Ranks::ThreeToKing,
                jokers: 3,
                wild_value: WildValue::Points(20),
                joker_value: 50,
                ..Rules::default()
            },
        }
    }
}

/// The ranks of a deck.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ranks {
    /// Ace to king, thirteen ranks.
    AceToKing,
    /// 3 to king, eleven ranks: the Five Crowns deck has no aces or twos.
    ThreeToKing,
}

impl Ranks {
    /// The word of the `ranks` setting.
    pub fn word(self) -> &'static str {
        match self {
            Ranks::AceToKing => "A-K",
            Ranks::ThreeToKing => "3-K",
        }
    }

    /// The lowest rank.
    pub fn lowest(self) -> Rank {
        match self {
            Ranks::AceToKing => Rank::ACE,
            Ranks::ThreeToKing => Rank::new(3).expect("a rank"),
        }
    }
}

/// Every kind of wild card of one round: its rank, and the kings and jokers
/// the rules make wild in every round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wilds {
    pub rank: Rank,
    /// Kings are wild besides the round's rank (not a king round).
    pub kings: bool,
    pub jokers: bool,
}

impl Wilds {
    /// Short, for a table cell: `3`, `3 +K`, `K +JK`.
    pub fn short(&self) -> String {
        let mut out = self.rank.to_string();
        if self.kings {
            out.push_str(" +K");
        }
        if self.jokers {
            out.push_str(" +JK");
        }
        out
    }
}

/// In words: `threes`, `threes and kings`, `kings and jokers`.
impl fmt::Display for Wilds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rank.plural())?;
        match (self.kings, self.jokers) {
            (true, true) => f.write_str(", kings and jokers"),
            (true, false) => f.write_str(" and kings"),
            (false, true) => f.write_str(" and jokers"),
            (false, false) => Ok(()),
        }
    }
}

impl Rules {
    /// The game these rules play: Five Crowns on a deck of 3 to K, else
    /// Three Thirteen.
    pub fn game(&self) -> Game {
        match self.ranks {
            Ranks::AceToKing => Game::ThreeThirteen,
            Ranks::ThreeToKing => Game::FiveCrowns,
        }
    }

    /// The cards of one deck, without jokers.
    pub fn deck(&self) -> Deck {
        Deck::new(self.suits as usize, self.ranks.lowest())
    }

    /// How many copies of each card the decks hold (the joker counts all
    /// jokers; a card the deck does not hold, none).
    pub fn copies(&self, card: Card) -> usize {
        if card.is_joker() {
            self.jokers as usize * self.decks as usize
        } else if self.deck().holds(card) {
            self.decks as usize
        } else {
            0
        }
    }

    /// Whether aces may sit above the king: where the rules say so and the
    /// deck has aces.
    pub fn aces_high(&self) -> bool {
        self.ace_high && self.ranks == Ranks::AceToKing
    }

    /// Whether `card` is wild in a round whose wild rank is `wild`.
    pub fn is_wild(&self, card: Card, wild: Rank) -> bool {
        match card.rank() {
            None => true,
            Some(r) => r == wild || (self.kings_wild && r == Rank::KING),
        }
    }

    /// Every wild card of a round whose wild rank is `wild`.
    pub fn wilds(&self, wild: Rank) -> Wilds {
        Wilds { rank: wild, kings: self.kings_wild && wild != Rank::KING, jokers: self.jokers > 0 }
    }
}
