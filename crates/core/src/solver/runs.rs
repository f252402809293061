//! The places of a run: one helper for where a card sits (an ace at the
//! bottom, or above the king when aces play high), what a group of cards
//! needs to be one meld, and the walk along a run's places.

use super::search::Naturals;
use crate::card::{Card, Rank, Suit};
use crate::rules::Rules;

/// The place of a card of rank number `rank` in a run: its number, or 14
/// for an ace played high. Place 0 is no rank (a joker).
pub(super) fn place(rank: u8, high: bool) -> u8 {
    if rank == 1 && high { 14 } else { rank }
}

/// The place of `card` in a run of its suit (0 for a joker).
pub(super) fn place_of(card: Card, high: bool) -> u8 {
    place(card.rank().map_or(0, Rank::number), high)
}

/// The rank number at run place `place`: 14 is the ace played high.
pub(super) fn rank_at(place: u8) -> u8 {
    if place == 14 { 1 } else { place }
}

/// The card of `suit` at run place `place`.
pub(super) fn card_at(place: u8, suit: Suit) -> Card {
    Card::new(Rank::new(rank_at(place)).expect("a rank"), suit)
}

/// The highest place of a run: 14 when aces may play high, else 13.
pub(super) fn top_place(ace_high: bool) -> u8 {
    if ace_high { 14 } else { 13 }
}

/// How many wilds must join `naturals` and `wilds` already in a meld of
/// `already` other cards so that together they make one valid meld, or None
/// if they cannot. Used for table melds and lay-offs.
pub(super) fn extra_wilds_needed(
    rules: &Rules,
    naturals: &[Card],
    wilds: usize,
    already: usize,
) -> Option<usize> {
    let total = naturals.len() + wilds + already;
    if naturals.is_empty() {
        return if rules.all_wild_melds || already > 0 { Some(3usize.saturating_sub(total)) } else { None };
    }
    let mut best: Option<usize> = None;
    let first = naturals[0];
    if naturals.iter().all(|c| c.rank() == first.rank()) {
        best = Some(3usize.saturating_sub(total));
    }
    if naturals.iter().all(|c| c.suit() == first.suit()) {
        let highs: &[bool] = if rules.ace_high { &[false, true] } else { &[false] };
        for &high in highs {
            let mut ranks: Vec<u8> = naturals.iter().map(|&c| place_of(c, high)).collect();
            ranks.sort_unstable();
            if ranks.windows(2).any(|w| w[0] == w[1]) {
                continue;
            }
            let span = (ranks[ranks.len() - 1] - ranks[0] + 1) as usize;
            let length = span.max(3).max(total);
            if length > top_place(rules.ace_high) as usize {
                continue;
            }
            let need = length - total;
            best = Some(best.map_or(need, |b| b.min(need)));
        }
    }
    best
}

/// Which way a walk along the places of a run goes.
#[derive(Clone, Copy, Debug)]
pub(super) enum Dir {
    Up,
    Down,
}

impl Dir {
    pub(super) fn next(self, pos: u8) -> u8 {
        match self {
            Dir::Up => pos + 1,
            Dir::Down => pos - 1,
        }
    }

    /// Whether `pos` lies beyond `end` in this direction.
    pub(super) fn past(self, pos: u8, end: u8) -> bool {
        match self {
            Dir::Up => pos > end,
            Dir::Down => pos < end,
        }
    }
}

/// Walks the places of a run away from the lowest open card (upward, or
/// downward from an ace played high), each place taken by a natural card or
/// a wild; each run found ends on a natural card.
pub(super) struct RunWalk<'a> {
    pub(super) nat: &'a Naturals,
    pub(super) suit: usize,
    pub(super) mask: u32,
    pub(super) w: u8,
    /// The run's lowest place when walking up.
    pub(super) bottom: u8,
    /// Each run found: the cards used, the wilds it needs, its lowest place.
    pub(super) runs: Vec<(u32, u8, u8)>,
}

impl RunWalk<'_> {
    /// Exactness, step 3: a run is recorded only when it ends on a natural
    /// card; wilds beyond its ends are placed once the naturals are.
    pub(super) fn walk(&mut self, dir: Dir, pos: u8, end: u8, used: u32, len: u8, gaps: u8) {
        if dir.past(pos, end) {
            return;
        }
        let here = self.nat.at_pos(self.suit, pos) & self.mask & !used;
        if here != 0 {
            let used = used | (here & here.wrapping_neg());
            let need = gaps + 3u8.saturating_sub(len + 1);
            if need <= self.w {
                let low = match dir {
                    Dir::Up => self.bottom,
                    Dir::Down => pos,
                };
                self.runs.push((used, need, low));
            }
            self.walk(dir, dir.next(pos), end, used, len + 1, gaps);
        }
        if gaps < self.w {
            self.walk(dir, dir.next(pos), end, used, len + 1, gaps + 1);
        }
    }
}
