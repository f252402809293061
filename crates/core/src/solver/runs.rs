//! The walk along a run's places, from the lowest open card upward (or
//! downward from an ace played high), each place taken by a natural card
//! or a wild.

use super::naturals::Naturals;

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
    /// Each run found: the cards used and the wilds it needs.
    pub(super) runs: Vec<(u32, u8)>,
    /// The places (1 to 14) holding an open card of the suit.
    pub(super) places: u16,
}

/// The places (1 to 14, 14 the ace played high) holding a card of `suit`
/// among `mask`.
pub(super) fn places_of(nat: &Naturals, suit: usize, mask: u32) -> u16 {
    (1..=14u8).filter(|&p| nat.at_pos(suit, p) & mask != 0).fold(0, |bits, p| bits | 1 << p)
}

/// How far the nearest place holding an open card lies beyond `pos` in
/// direction `dir`, if any does.
pub(super) fn next_card(places: u16, dir: Dir, pos: u8) -> Option<u8> {
    match dir {
        Dir::Up => {
            let ahead = places.checked_shr(pos as u32 + 1).unwrap_or(0);
            (ahead != 0).then(|| ahead.trailing_zeros() as u8 + 1)
        }
        Dir::Down => {
            let ahead = places & ((1u16 << pos) - 1);
            (ahead != 0).then(|| pos - (15 - ahead.leading_zeros() as u8))
        }
    }
}

/// The place `d` places beyond `pos` in direction `dir`.
fn dir_step(dir: Dir, pos: u8, d: u8) -> u8 {
    match dir {
        Dir::Up => pos + d,
        Dir::Down => pos - d,
    }
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
                self.runs.push((used, need));
            }
            self.walk(dir, dir.next(pos), end, used, len + 1, gaps);
        }
        // A wild on this place, when a run can still end on a card beyond
        // it: the places up to the next card are all wilds.
        if gaps < self.w
            && next_card(self.places, dir, pos)
                .is_some_and(|d| gaps + d <= self.w && !dir.past(dir_step(dir, pos, d), end))
        {
            self.walk(dir, dir.next(pos), end, used, len + 1, gaps + 1);
        }
    }
}
