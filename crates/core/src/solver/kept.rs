//! What the solver found for hands asked about, kept for the hands met
//! again.
//!
//! Rounds played out from one position, once for each option, play the
//! same deal: the seats the option does not reach hold the same hands and
//! draw the same cards, and ask the same questions. Kept answers are the
//! solver's own answers to those questions, so nothing but the time
//! changes.

use rustc_hash::FxHashMap;

use super::{LessOneCard, Table};
use crate::card::{Card, Rank};
use crate::rules::Rules;

/// The most cards of a hand whose answers are kept.
const MOST: usize = 24;

/// A hand (its cards' numbers, sorted, then zeros) and the melds on the
/// table.
type Key = ([u8; MOST], Vec<Vec<Card>>);

/// What was found for one hand.
#[derive(Debug, Default)]
pub(super) struct Found {
    /// The least deadwood of the hand less each card asked about.
    pub(super) less: Vec<(Card, u32)>,
    /// For cards asked about within a budget and found over it: a
    /// deadwood the hand less the card has more than.
    pub(super) over: Vec<(Card, u32)>,
    /// The hand's least deadwood, and the least less one natural card
    /// other than the one given, with the card.
    pub(super) less_one: Vec<(Option<Card>, LessOneCard)>,
    /// The hand's least deadwood, where it was found: for the hand, or as
    /// that of a larger hand less a card.
    pub(super) deadwood: Option<u32>,
}

/// What was found for each hand under one rules and wild rank.
#[derive(Debug)]
pub(super) struct Kept {
    rules: Rules,
    wild: Rank,
    found: FxHashMap<Key, Found>,
}

impl Kept {
    pub(super) fn new(table: &Table) -> Kept {
        Kept { rules: table.rules, wild: table.wild, found: FxHashMap::default() }
    }

    /// The key of `hand` under `table`; `None` when the table's wild rank
    /// is not the one kept for or the hand is larger than any round deals.
    pub(super) fn key(&self, hand: &[Card], table: &Table) -> Option<Key> {
        // The questions kept are asked under the rules kept for
        // (`Solver::keep`): comparing them each time would cost more than
        // a look-up.
        debug_assert!(self.rules == table.rules, "questions kept under other rules");
        if hand.len() > MOST || self.wild != table.wild {
            return None;
        }
        // Numbers from 1, so that no card is the zero after the hand.
        let mut cards = [0u8; MOST];
        for (slot, c) in cards.iter_mut().zip(hand) {
            *slot = c.index() as u8 + 1;
        }
        cards[..hand.len()].sort_unstable();
        Some((cards, table.onto.clone()))
    }

    pub(super) fn get(&self, key: &Key) -> Option<&Found> {
        self.found.get(key)
    }

    pub(super) fn entry(&mut self, key: Key) -> &mut Found {
        self.found.entry(key).or_default()
    }
}
