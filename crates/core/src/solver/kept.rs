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

/// The most copies of one card in a hand whose answers are kept.
const COPIES: usize = 3;

/// A hand (for each copy of a card, the cards held at least that many
/// times, as bits by the card's number) and the melds on the table.
pub(super) type Key = ([u128; COPIES], Vec<Vec<Card>>);

/// What was found for one hand.
#[derive(Debug, Default)]
pub(super) struct Found {
    /// The least deadwood of the hand less each card asked about.
    pub(super) less: Vec<(Card, u32)>,
    /// For cards asked about within a budget and found over it: a
    /// deadwood the hand less the card has more than.
    pub(super) over: Vec<(Card, u32)>,
    /// The hand's least deadwood, and the least less one natural card,
    /// with the card.
    pub(super) less_any: Option<LessOneCard>,
    /// The same, one card held back (the card just taken).
    pub(super) less_but: Option<(Card, LessOneCard)>,
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

    /// Forgets every answer, to keep those under `table`'s rules and
    /// wild rank.
    pub(super) fn reset(&mut self, table: &Table) {
        self.rules = table.rules;
        self.wild = table.wild;
        self.found.clear();
    }

    /// The key of `hand` under `table`; `None` when the table's wild rank
    /// is not the one kept for or the hand holds more copies of a card
    /// than any decks deal.
    pub(super) fn key(&self, hand: &[Card], table: &Table) -> Option<Key> {
        self.key_without(hand, table, None)
    }

    /// The key of `hand` less one copy of `less`, when given.
    pub(super) fn key_without(&self, hand: &[Card], table: &Table, less: Option<Card>) -> Option<Key> {
        // The questions kept are asked under the rules kept for
        // (`Solver::keep`): comparing them each time would cost more than
        // a look-up.
        debug_assert!(self.rules == table.rules, "questions kept under other rules");
        if self.wild != table.wild {
            return None;
        }
        const _: () = assert!(Card::KINDS <= 128, "a card's number fits a bit of 128");
        let mut copies = [0u128; COPIES];
        let mut less = less;
        for &c in hand {
            if less == Some(c) {
                less = None;
                continue;
            }
            let bit = 1u128 << c.index();
            let free = copies.iter_mut().find(|held| **held & bit == 0)?;
            *free |= bit;
        }
        Some((copies, table.onto.clone()))
    }

    pub(super) fn get(&self, key: &Key) -> Option<&Found> {
        self.found.get(key)
    }

    pub(super) fn entry(&mut self, key: Key) -> &mut Found {
        self.found.entry(key).or_default()
    }
}
