//! The search over the natural cards of a hand: the least deadwood of the
//! open cards with a budget of wilds.

use super::lay_off::lay_off_groups;
use super::memo::{Choice, EMPTY_CHOICE, Memo, Step, key};
use super::naturals::{BitIter, Naturals, lowest_bits};
use super::runs::{Dir, RunWalk};
use crate::card::Card;
use crate::meld::{top_place, wilds_needed};
use crate::rules::Rules;

/// No arrangement: cards laid off without a meld of the hand's own.
pub(super) const INF: u16 = u16::MAX;

pub(super) struct Search<'a> {
    pub(super) memo: &'a mut Memo<(u16, Choice)>,
    /// Only whether every card melds matters: no card may be deadwood.
    pub(super) zero: bool,
    pub(super) nat: &'a Naturals,
    pub(super) table: &'a [(Vec<Card>, usize)],
    pub(super) rules: &'a Rules,
    pub(super) ace_high: bool,
    /// For each natural, the others it could share a meld with (see
    /// `Solver::find_partners`); empty when not worked out.
    pub(super) partners: &'a [u32],
    /// Lists of runs to reuse, so that a state allocates none.
    pub(super) pool: &'a mut Vec<Vec<(u32, u8)>>,
}

/// How many naturals in `mask` have no partner among them: each needs two
/// wilds of its own to meld.
pub(super) fn alone(partners: &[u32], mask: u32) -> u32 {
    BitIter(mask).filter(|&j| partners[j] & mask == 0).count() as u32
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
        // A natural with no partner needs two wilds of its own.
        if self.zero && !self.partners.is_empty() && 2 * alone(self.partners, mask) > w as u32 {
            return INF;
        }
        // Exactness, step 4.
        let k = key(mask, w, used_table, own);
        if let Some((cost, _)) = self.memo.get(k) {
            return cost;
        }
        let (cost, choice) = self.decide(mask, w, used_table, own);
        self.memo.insert(k, (cost, choice));
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
        let mut runs = self.pool.pop().unwrap_or_default();
        runs.clear();
        let mut walk = RunWalk { nat, suit, mask, w, runs };
        walk.walk(Dir::Up, rank + 1, top, bit, 1, 0);
        if self.ace_high && rank == 1 {
            walk.walk(Dir::Down, 13, 2, bit, 1, 0);
        }
        let runs = walk.runs;
        for &(used, need) in &runs {
            let rest = self.best(mask & !used, w - need, used_table, true);
            if rest != INF {
                consider(rest, Step::Run, used, need);
            }
        }
        self.pool.push(runs);

        // Laid off onto a table meld not used yet.
        for (m, (naturals, size)) in self.table.iter().enumerate() {
            if used_table & (1 << m) != 0 {
                continue;
            }
            let groups = lay_off_groups(nat, i, mask, naturals, size - naturals.len(), w, self.ace_high);
            for used in groups {
                // The cards laid off and the table meld must form one meld
                // (the meld's verdict); the hand's wilds fill what it lacks.
                let mut all = naturals.clone();
                all.extend(BitIter(used).map(|j| nat.cards[j]));
                let Some(need) = wilds_needed(self.rules, &all, size - naturals.len()) else {
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
