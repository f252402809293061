//! The round table the rules give: the hand size and wild rank of each
//! round, their order (up, down and up, or drawn at random), and the
//! tiebreaker round.

use super::*;
use crate::card::Rank;

/// How a game that ends with players tied for the lowest total is decided
/// (seed 000 offers the tiebreaker round and the draw).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tiebreak {
    /// The tied players share the win.
    Share,
    /// The tied players play one more round (14 cards, aces wild; in Five
    /// Crowns 6 cards, sixes wild); the lowest deadwood wins, and a further
    /// tie shares.
    Round,
    /// Each tied player draws a card from a shuffled deck; the lowest rank
    /// wins, and players tied on the lowest draw again.
    Draw,
}

impl Tiebreak {
    /// The word of the `tiebreak` setting.
    pub fn word(self) -> &'static str {
        match self {
            Tiebreak::Share => "share",
            Tiebreak::Round => "round",
            Tiebreak::Draw => "draw",
        }
    }
}

/// The cards dealt in the tiebreaker round of Three Thirteen.
pub const TIEBREAK_CARDS: usize = 14;
/// The cards dealt in the tiebreaker round of Five Crowns.
pub const FIVE_CROWNS_TIEBREAK_CARDS: usize = 6;

/// The order of the rounds' hand sizes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RoundOrder {
    /// From 3 cards up.
    Up,
    /// From the largest hand down to 3 cards.
    Down,
    /// An order drawn once, when a game starts, and kept with it.
    Random(Drawn),
}

impl RoundOrder {
    /// The word of the `round_order` setting.
    pub fn word(self) -> &'static str {
        match self {
            RoundOrder::Up => "up",
            RoundOrder::Down => "down",
            RoundOrder::Random(_) => "random",
        }
    }
}

/// The most rounds a game can have: 3 to 15 cards, up and down.
pub const MAX_ROUNDS: usize = 26;

/// The hand sizes of a random round order, in the order drawn; empty until
/// drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Drawn {
    sizes: [u8; MAX_ROUNDS],
    len: u8,
}

impl Drawn {
    /// No order drawn yet.
    pub const NONE: Drawn = Drawn { sizes: [0; MAX_ROUNDS], len: 0 };

    /// The hand sizes in the order drawn.
    pub fn sizes(&self) -> Vec<usize> {
        self.sizes[..self.len as usize].iter().map(|&n| n as usize).collect()
    }

    /// The order of hand sizes `sizes`, as stored; None when there are too
    /// many or one is not a hand size.
    pub fn of(sizes: &[usize]) -> Option<Drawn> {
        if sizes.len() > MAX_ROUNDS || sizes.iter().any(|n| !(3..=15).contains(n)) {
            return None;
        }
        let mut drawn = Drawn::NONE;
        for (slot, &n) in drawn.sizes.iter_mut().zip(sizes) {
            *slot = n as u8;
        }
        drawn.len = sizes.len() as u8;
        Some(drawn)
    }
}

/// One round of a game: its number (from 1), the cards dealt, the wild rank.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Deal {
    pub round: usize,
    pub cards: usize,
    pub wild: Rank,
}

impl Rules {
    /// Keeps `drawn` as the order of the rounds where it is random (as a
    /// session file keeps the order drawn); up and down stay as they are.
    pub fn keep_order(&mut self, drawn: Drawn) {
        if let RoundOrder::Random(_) = self.round_order {
            self.round_order = RoundOrder::Random(drawn);
        }
    }

    /// Whether the two rules deal the same rounds: the settings of
    /// [`ROUND_TABLE`] agree.
    pub fn same_round_table(&self, other: &Rules) -> bool {
        self.extra_rounds == other.extra_rounds
            && self.down_and_up == other.down_and_up
            && self.round_order == other.round_order
    }

    /// These rules with the round table of `other` (its order drawn too).
    pub fn with_round_table_of(mut self, other: &Rules) -> Rules {
        self.extra_rounds = other.extra_rounds;
        self.down_and_up = other.down_and_up;
        self.round_order = other.round_order;
        self
    }

    /// The hand sizes of every round, climbing.
    fn hand_sizes(&self) -> Vec<usize> {
        let largest = self.largest_hand();
        let mut sizes: Vec<usize> = (3..=largest).collect();
        if self.down_and_up {
            sizes.extend((3..=largest).rev());
        }
        sizes
    }

    /// The hand sizes of every round, in the order they are played: up,
    /// down (with `down_and_up`, down to 3 and back up), or as drawn.
    fn ordered_sizes(&self) -> Vec<usize> {
        let sizes = self.hand_sizes();
        match self.round_order {
            RoundOrder::Up => sizes,
            RoundOrder::Down => {
                let largest = self.largest_hand();
                let mut down: Vec<usize> = (3..=largest).rev().collect();
                if self.down_and_up {
                    down.extend(3..=largest);
                }
                down
            }
            RoundOrder::Random(drawn) if fits(&drawn.sizes(), &sizes) => drawn.sizes(),
            // Not drawn yet: the rounds climb until it is.
            RoundOrder::Random(_) => sizes,
        }
    }

    /// Whether the rounds' order is still to be drawn: a random order not
    /// drawn, or drawn for other rounds than these rules play.
    pub fn order_to_draw(&self) -> bool {
        match self.round_order {
            RoundOrder::Random(drawn) => !fits(&drawn.sizes(), &self.hand_sizes()),
            _ => false,
        }
    }

    /// Draws the order of the rounds, when it is random: the rounds already
    /// played (`played`, their hand sizes, in order) keep their places, and
    /// the others are shuffled after them. `pick(n)` gives a number below
    /// `n`: the source of chance, passed in so that a game can be drawn
    /// again from a fixed seed under test.
    pub fn draw_order(&mut self, played: &[usize], mut pick: impl FnMut(usize) -> usize) {
        let RoundOrder::Random(_) = self.round_order else { return };
        let mut rest = self.hand_sizes();
        let mut order = Vec::with_capacity(rest.len());
        for &n in played {
            if let Some(i) = rest.iter().position(|&m| m == n) {
                order.push(rest.remove(i));
            }
        }
        // Fisher-Yates over the rounds not played.
        for i in (1..rest.len()).rev() {
            rest.swap(i, pick(i + 1) % (i + 1));
        }
        order.extend(rest);
        self.round_order = RoundOrder::Random(Drawn::of(&order).expect("the rules' hand sizes"));
    }

    /// The round table: every round's number, cards dealt and wild rank.
    pub fn deals(&self) -> Vec<Deal> {
        self.ordered_sizes()
            .into_iter()
            .enumerate()
            .map(|(i, cards)| Deal { round: i + 1, cards, wild: wild_rank(cards) })
            .collect()
    }

    /// The deal of round `round` (from 1), if the game has it.
    pub fn deal(&self, round: usize) -> Option<Deal> {
        self.deals().into_iter().find(|d| d.round == round)
    }

    /// The most cards any round deals.
    pub fn largest_hand(&self) -> usize {
        13 + self.extra_rounds as usize
    }

    /// The cards of the tiebreaker round: 14 (aces wild), or 6 on a deck
    /// without aces (Five Crowns, sixes wild).
    pub fn tiebreak_cards(&self) -> usize {
        match self.ranks {
            Ranks::AceToKing => TIEBREAK_CARDS,
            Ranks::ThreeToKing => FIVE_CROWNS_TIEBREAK_CARDS,
        }
    }

    /// The tiebreaker round, played after the last round of the rules; its
    /// wild rank by the hand-size rule.
    pub fn tiebreak_deal(&self) -> Deal {
        let cards = self.tiebreak_cards();
        Deal { round: self.deals().len() + 1, cards, wild: wild_rank(cards) }
    }
}

/// Whether `drawn` is an order of exactly the hand sizes `sizes`.
fn fits(drawn: &[usize], sizes: &[usize]) -> bool {
    let (mut a, mut b) = (drawn.to_vec(), sizes.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// The wild rank of a round that deals `cards` cards: equal to the hand size,
/// then aces for 14 and twos for 15 (the "Fourteens" and "Fifteens").
pub fn wild_rank(cards: usize) -> Rank {
    match cards {
        14 => Rank::ACE,
        15 => Rank::TWO,
        n => Rank::new(n as u8).unwrap_or(Rank::KING),
    }
}
