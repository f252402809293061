//! The search over the natural cards of a hand: the least deadwood of the
//! open cards with a budget of wilds.

use super::lay_off::lay_off_groups;
use super::memo::{Choice, EMPTY_CHOICE, Memo, Step, key};
use super::runs::{Dir, RunWalk, extra_wilds_needed, rank_at, top_place};
use crate::card::{Card, Rank, Suit};
use crate::rules::Rules;

/// No arrangement: cards laid off without a meld of the hand's own.
pub(super) const INF: u16 = u16::MAX;

#[derive(Debug, Default)]
pub(super) struct Naturals {
    pub(super) cards: Vec<Card>,
    pub(super) value: Vec<u16>,
    pub(super) rank: Vec<u8>,
    pub(super) suit: Vec<u8>,
    /// `at[suit][rank]`: the natural cards of that suit and rank (ranks 1-13).
    pub(super) at: [[u32; 14]; 4],
    /// For each card, the cards after it of the same rank.
    pub(super) same_rank_after: Vec<u32>,
}

impl Naturals {
    pub(super) fn load(&mut self, cards: impl Iterator<Item = Card>, rules: &Rules) {
        self.cards.clear();
        self.cards.extend(cards);
        self.cards.sort_unstable();
        self.value.clear();
        self.rank.clear();
        self.suit.clear();
        self.same_rank_after.clear();
        self.at = [[0; 14]; 4];
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

pub(super) struct Search<'a> {
    pub(super) memo: &'a mut Memo,
    /// Only whether every card melds matters: no card may be deadwood.
    pub(super) zero: bool,
    pub(super) nat: &'a Naturals,
    pub(super) table: &'a [(Vec<Card>, usize)],
    pub(super) rules: &'a Rules,
    pub(super) ace_high: bool,
}

impl Search<'_> {
    /// The least deadwood of the open natural cards in `mask` with `w` wilds
    /// to spend. `used_table` marks table melds already laid off onto, `own`
    /// whether the hand has a meld of its own (needed to lay off at all).
    pub(super) fn best(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> u16 {
        if mask == 0 {
            return if used_table != 0 && !own { INF } else { 0 };
        }
        // Any natural with two wilds is a set: with enough wilds, all meld.
        // Exactness, step 6.
        if w as u32 >= 2 * mask.count_ones() {
            return 0;
        }
        // Exactness, step 4.
        let k = key(mask, w, used_table, own);
        if let Some((cost, _)) = self.memo.get(k) {
            return cost;
        }
        let (cost, choice) = self.decide(mask, w, used_table, own);
        self.memo.insert(k, cost, choice);
        cost
    }

    fn decide(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> (u16, Choice) {
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let nat = self.nat;
        let mut best = INF;
        let mut choice = EMPTY_CHOICE;
        let mut consider = |cost: u16, step: Step, used: u32, wilds: u8| {
            if cost < best {
                best = cost;
                choice = Choice { step, used, wilds };
            }
        };

        // Exactness, step 1: every place the lowest open card can take.
        // The card is deadwood.
        if !self.zero {
            let rest = self.best(mask & !bit, w, used_table, own);
            if rest != INF {
                consider(rest + nat.value[i], Step::Dead, bit, 0);
            }
        }

        // A set: this card and any of the other open cards of its rank.
        // Identical copies are interchangeable, so take the lowest first.
        // Exactness, step 2.
        let others = nat.same_rank_after[i] & mask;
        let mut per_suit: [(u32, u32); 4] = [(0, 0); 4];
        for j in BitIter(others) {
            let s = nat.suit[j] as usize;
            per_suit[s].0 |= 1 << j;
            per_suit[s].1 += 1;
        }
        let mut counts = [0u32; 4];
        loop {
            let mut used = bit;
            for s in 0..4 {
                used |= lowest_bits(per_suit[s].0, counts[s]);
            }
            let size = used.count_ones();
            let need = 3u32.saturating_sub(size) as u8;
            if need <= w {
                let rest = self.best(mask & !used, w - need, used_table, true);
                if rest != INF {
                    consider(rest, Step::Set, used, need);
                }
            }
            // Next combination of counts per suit.
            let mut s = 0;
            while s < 4 {
                if counts[s] < per_suit[s].1 {
                    counts[s] += 1;
                    break;
                }
                counts[s] = 0;
                s += 1;
            }
            if s == 4 {
                break;
            }
        }

        // A run with this card at the bottom, or an ace at the top
        // (exactness, step 2), its wilds counted, not chosen (step 3).
        let suit = nat.suit[i] as usize;
        let rank = nat.rank[i];
        let top = if rank == 1 { top_place(self.ace_high) } else { 13 };
        let mut walk = RunWalk { nat, suit, mask, w, bottom: rank, runs: Vec::new() };
        walk.walk(Dir::Up, rank + 1, top, bit, 1, 0);
        if self.ace_high && rank == 1 {
            walk.walk(Dir::Down, 13, 2, bit, 1, 0);
        }
        for (used, need, low) in walk.runs {
            let rest = self.best(mask & !used, w - need, used_table, true);
            if rest != INF {
                consider(rest, Step::Run { low }, used, need);
            }
        }

        // Laid off onto a table meld not used yet.
        for (m, (naturals, size)) in self.table.iter().enumerate() {
            if used_table & (1 << m) != 0 {
                continue;
            }
            let groups = lay_off_groups(nat, i, mask, naturals, size - naturals.len(), w, self.ace_high);
            for used in groups {
                let mut all = naturals.clone();
                all.extend(BitIter(used).map(|j| nat.cards[j]));
                let Some(need) = extra_wilds_needed(self.rules, &all, 0, size - naturals.len()) else {
                    continue;
                };
                let need = need as u8;
                if need > w {
                    continue;
                }
                let rest = self.best(mask & !used, w - need, used_table | 1 << m, own);
                if rest != INF {
                    consider(rest, Step::Lay { meld: m as u8 }, used, need);
                }
            }
        }
        (best, choice)
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

/// The subsets of `bits`, counting identical cards once per number taken.
pub(super) fn subsets(bits: u32, nat: &Naturals) -> Vec<u32> {
    let mut out = vec![0u32];
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
            for x in 0..before {
                out.push(out[x] | take);
            }
        }
    }
    out
}

pub(super) struct BitIter(pub(super) u32);

impl Iterator for BitIter {
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

pub(super) fn full_mask(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}
