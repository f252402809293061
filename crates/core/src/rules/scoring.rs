//! What the cards left over score, and the score of going out.

use super::*;
use crate::card::{Card, Rank};

/// What a wild card of the round scores when left over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WildValue {
    /// Its own value, as any card of its rank (Three Thirteen).
    Face,
    /// A fixed number of points (20 in Five Crowns).
    Points(u8),
}

/// What jacks, queens and kings score when left over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FaceCards {
    /// J = 11, Q = 12, K = 13.
    Rank,
    /// J, Q and K score 10.
    Ten,
}

/// The score of the first player to go out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GoOutBonus {
    /// A fixed score, 0 or below.
    Points(i16),
    /// Minus the value of the round's wild rank.
    Wild,
}

/// What each round missed by a player who comes back scores, unless the
/// return says otherwise.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MissedRounds {
    /// The highest score of the round among those who played it.
    Highest,
    /// The round's average score, rounded to the nearest (a half up).
    Average,
    /// Nothing.
    Nothing,
    /// A fixed number of points.
    Points(u16),
}

impl Rules {
    /// What a card left over scores at its face: a joker its value, any
    /// other card its rank's. A wild of the round may score otherwise:
    /// see [`Rules::value_in`].
    pub fn value(&self, card: Card) -> u32 {
        match card.rank() {
            None => self.joker_value as u32,
            Some(r) => self.rank_value(r),
        }
    }

    /// What a card left over scores in a round whose wild rank is `wild`:
    /// a wild of the round (a joker aside) scores the `wild_value` where
    /// it is a number.
    pub fn value_in(&self, card: Card, wild: Rank) -> u32 {
        match self.wild_value {
            WildValue::Points(n) if !card.is_joker() && self.is_wild(card, wild) => n as u32,
            _ => self.value(card),
        }
    }

    /// What a card of rank `r` left over scores.
    pub fn rank_value(&self, r: Rank) -> u32 {
        match r.number() {
            1 => self.ace_value as u32,
            n @ 2..=10 => n as u32,
            n => match self.face_cards {
                FaceCards::Rank => n as u32,
                FaceCards::Ten => 10,
            },
        }
    }

    /// What a card of rank `r` left over scores in a round whose wild rank
    /// is `wild` (a card of the round's wilds may score the `wild_value`).
    pub fn rank_value_in(&self, r: Rank, wild: Rank) -> u32 {
        let wild_card = r == wild || (self.kings_wild && r == Rank::KING);
        match self.wild_value {
            WildValue::Points(n) if wild_card => n as u32,
            _ => self.rank_value(r),
        }
    }

    /// Whether the scores of a round with this wild rank count double.
    pub fn doubles(&self, wild: Rank) -> bool {
        self.double_last_rounds && wild >= Rank::JACK
    }

    /// The score of the first player out in a round with this wild rank.
    pub fn go_out_score(&self, wild: Rank) -> i32 {
        match self.go_out_bonus {
            GoOutBonus::Points(n) => n as i32,
            GoOutBonus::Wild => -(self.rank_value(wild) as i32),
        }
    }

    /// The highest deadwood a hand of `cards` cards can hold: as many
    /// cards as it holds, each worth the most a card of this deck can
    /// score (a wild left over, a joker).
    pub fn max_deadwood(&self, cards: usize) -> u32 {
        let mut values: Vec<u32> = self.deck().ranks().map(|r| self.rank_value(r)).collect();
        if self.jokers > 0 {
            values.push(self.joker_value as u32);
        }
        if let WildValue::Points(n) = self.wild_value {
            values.push(n as u32);
        }
        let top = values.into_iter().max().unwrap_or(0);
        top * cards as u32
    }
}
