//! Laying off: the groups of open cards that could go onto a table meld.

use super::naturals::{Naturals, subsets};
use super::runs::Dir;
use crate::card::{Card, Rank};
use crate::meld::place_of;

/// The groups of open cards, each holding the lowest open card `i`, that
/// could be laid off together onto a table meld with `naturals` and
/// `table_wilds` wild cards: cards of its rank onto a set, or cards of its
/// suit extending a run, with at most `w` wilds of the hand's to fill holes.
/// Every group is checked against the rules by the caller.
pub(super) fn lay_off_groups(
    nat: &Naturals,
    i: usize,
    mask: u32,
    naturals: &[Card],
    table_wilds: usize,
    w: u8,
    ace_high: bool,
) -> Vec<u32> {
    let card = nat.cards[i];
    let bit = 1u32 << i;
    let mut out = Vec::new();
    if naturals.iter().all(|c| c.rank() == card.rank()) {
        out.extend(subsets(nat.same_rank_after[i] & mask, nat).into_iter().map(|g| g | bit));
    }
    if !naturals.iter().all(|c| c.suit() == card.suit()) {
        return out;
    }
    let suit = nat.suit[i] as usize;
    let budget = w.saturating_add(table_wilds.min(31) as u8);
    let ace = |c: &Card| c.rank() == Some(Rank::ACE);
    // A table ace sits low or, with ace_high, high: try both places.
    let highs: &[bool] = if ace_high && naturals.iter().any(ace) { &[false, true] } else { &[false] };
    for &high in highs {
        let mut taken: u16 = 0;
        for c in naturals {
            taken |= 1 << place_of(*c, high);
        }
        let (tlo, thi) = if taken == 0 {
            (15, 0)
        } else {
            (taken.trailing_zeros() as u8, 15 - taken.leading_zeros() as u8)
        };
        let walk = LayWalk { nat, suit, mask, taken, tlo, thi, budget };
        let q = nat.rank[i];
        let below = |from: u8, to: u8| (from..to).filter(|p| taken & (1 << p) == 0).count() as u8;
        let holes = if tlo < q { below(tlo, q) } else { 0 };
        if holes <= budget {
            walk.walk(Dir::Up, q + 1, if ace_high { 14 } else { 13 }, bit, holes, true, &mut out);
        }
        if ace_high && q == 1 {
            walk.walk(Dir::Down, 13, 1, bit, 0, true, &mut out);
        }
    }
    out
}

/// Walks the positions of a run outward from the lowest open card, each
/// taken by a table card, a hand card, or left as a hole for a wild.
struct LayWalk<'a> {
    nat: &'a Naturals,
    suit: usize,
    mask: u32,
    /// The positions of the table meld's naturals.
    taken: u16,
    tlo: u8,
    thi: u8,
    budget: u8,
}

impl LayWalk<'_> {
    /// Records a group once the walk has gone past the table meld's end
    /// (`thi` going up, `tlo` going down) on a card, and goes on to `end`.
    #[allow(clippy::too_many_arguments)]
    fn walk(&self, dir: Dir, pos: u8, end: u8, used: u32, holes: u8, last: bool, out: &mut Vec<u32>) {
        let edge = match dir {
            Dir::Up => self.thi,
            Dir::Down => self.tlo,
        };
        if last && dir.past(pos, edge) {
            out.push(used);
        }
        if dir.past(pos, end) {
            return;
        }
        let next = dir.next(pos);
        if self.taken & (1 << pos) != 0 {
            return self.walk(dir, next, end, used, holes, true, out);
        }
        let here = self.nat.at_pos(self.suit, pos) & self.mask & !used;
        if here != 0 {
            self.walk(dir, next, end, used | (here & here.wrapping_neg()), holes, true, out);
        }
        if holes < self.budget {
            self.walk(dir, next, end, used, holes + 1, false, out);
        }
    }
}
