//! The hand's natural cards as the search sees them (bit positions in a
//! mask, by rank and suit), and the bit sets it walks.

use crate::card::{Card, Rank, Suit};
use crate::meld::rank_at;
use crate::rules::Rules;

#[derive(Debug, Default)]
pub(super) struct Naturals {
    pub(super) cards: Vec<Card>,
    pub(super) value: Vec<u16>,
    pub(super) rank: Vec<u8>,
    pub(super) suit: Vec<u8>,
    /// `at[suit][rank]`: the natural cards of that suit and rank (ranks 1-13).
    pub(super) at: [[u32; 14]; 5],
    /// For each card, the cards after it of the same rank.
    pub(super) same_rank_after: Vec<u32>,
    /// Whether the cards are in order by suit first (`in_search_order`).
    pub(super) by_suit: bool,
}

impl Naturals {
    pub(super) fn load(&mut self, cards: impl Iterator<Item = Card>, rules: &Rules, by_suit: bool) {
        self.cards.clear();
        self.cards.extend(cards);
        self.by_suit = by_suit;
        in_search_order(&mut self.cards, by_suit);
        self.value.clear();
        self.rank.clear();
        self.suit.clear();
        self.same_rank_after.clear();
        self.at = [[0; 14]; 5];
        for (i, c) in self.cards.iter().enumerate() {
            let r = c.rank().map_or(0, Rank::number);
            let s = c.suit().map_or(0, Suit::index);
            self.value.push(rules.value(*c) as u16);
            self.rank.push(r);
            self.suit.push(s as u8);
            self.at[s][r as usize] |= 1 << i;
        }
        for i in 0..self.cards.len() {
            let mut after = 0;
            for j in i + 1..self.cards.len() {
                if self.rank[j] == self.rank[i] {
                    after |= 1 << j;
                }
            }
            self.same_rank_after.push(after);
        }
    }

    /// The cards of suit `s` at run position `pos` (14 is the ace, played high).
    pub(super) fn at_pos(&self, s: usize, pos: u8) -> u32 {
        self.at[s][rank_at(pos) as usize]
    }
}

/// Puts natural cards in the order the search decides them (the solver's
/// step 2): by rank, then suit (the cards' own order); or with `by_suit`,
/// by suit, then rank, where the hand may lay cards off onto table melds
/// that are mostly runs (`Solver::choose_order`): a run's cards, and a
/// group laid off onto a table run, are then next to one another
/// (docs/speed.md, "The order of the search").
pub(super) fn in_search_order(cards: &mut [Card], by_suit: bool) {
    if by_suit {
        cards.sort_unstable_by_key(|c| (c.suit().map_or(0, Suit::index), c.rank().map_or(0, Rank::number)));
    } else {
        cards.sort_unstable();
    }
}

pub(super) fn lowest_bits(mut bits: u32, n: u32) -> u32 {
    let mut out = 0;
    for _ in 0..n {
        let low = bits & bits.wrapping_neg();
        out |= low;
        bits &= !low;
    }
    out
}

/// The subsets of `bits`, counting identical cards once per number taken,
/// each with `with`, added to `out`.
pub(super) fn subsets(bits: u32, nat: &Naturals, with: u32, out: &mut Vec<u32>) {
    let from = out.len();
    out.push(with);
    let mut j_iter = BitIter(bits).peekable();
    while let Some(j) = j_iter.next() {
        let mut group = 1u32 << j;
        while let Some(&k) = j_iter.peek() {
            if nat.cards[k] != nat.cards[j] {
                break;
            }
            group |= 1 << k;
            j_iter.next();
        }
        let copies = group.count_ones();
        let before = out.len();
        for n in 1..=copies {
            let take = lowest_bits(group, n);
            for x in from..before {
                out.push(out[x] | take);
            }
        }
    }
}

/// The bits of a word (naturals as bits, or counts of wilds), lowest
/// first.
pub(super) struct BitIter<T>(pub(super) T);

macro_rules! bit_iter {
    ($($word:ty),*) => {$(
        impl Iterator for BitIter<$word> {
            type Item = usize;
            fn next(&mut self) -> Option<usize> {
                if self.0 == 0 {
                    return None;
                }
                let i = self.0.trailing_zeros() as usize;
                self.0 &= self.0 - 1;
                Some(i)
            }
        }
    )*};
}

bit_iter!(u32, u64, u128);

/// For each set of table melds (bits below 8), the bits of those of
/// `among` it holds, packed in their order: where steps 23 and 27 of module
/// `complete` keep an answer for a set used, with answers kept for the
/// table melds of `among` only.
pub(super) fn packed_table(among: u8) -> [u8; 256] {
    let mut table = [0u8; 256];
    for (used, at) in table.iter_mut().enumerate() {
        *at = BitIter(among as u32).enumerate().fold(0, |a, (k, m)| a | ((used >> m) as u8 & 1) << k);
    }
    table
}

/// The table melds of `among` at the packed bits `at`: [`packed_table`]
/// undone.
pub(super) fn unpacked(among: u8, at: usize) -> u8 {
    BitIter(among as u32).enumerate().filter(|&(k, _)| at >> k & 1 != 0).fold(0, |b, (_, m)| b | 1 << m)
}

pub(super) fn full_mask(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}
