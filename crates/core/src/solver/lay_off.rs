//! Laying off: the groups of open cards that could go onto a table meld,
//! and the meld's verdict on each, worked out once per loaded hand.

use super::memo::{Key, Memo};
use super::naturals::{BitIter, Naturals, subsets};
use super::runs::Dir;
use crate::card::{Card, Rank};
use crate::meld::{RunWith, place_of, room, wilds_needed};
use crate::rules::Rules;

/// A group of open cards that could be laid off onto a table meld, with
/// the meld's verdict on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LayGroup {
    /// The open cards laid off.
    pub(super) used: u32,
    /// The fewest wilds of the hand's the group and the table meld need
    /// to form one meld, if any number does.
    pub(super) need: Option<u8>,
    /// Where at most half of a meld may be wild: whether the table meld
    /// with the group and `need` wilds stays within the limit, and how many
    /// more wilds it may take then.
    pub(super) fits: bool,
    pub(super) room: u8,
    /// The cards that could go into the group from the slot (module
    /// `complete`): `(need, room, cards)` in `LayOffs::slots`, each the
    /// cards needing that many wilds of the hand's; where at most half of
    /// a meld may be wild, only those that keep the meld within the limit,
    /// with how many more wilds it may take then (else `room` is 0).
    pub(super) slot_from: u32,
    pub(super) slot_len: u8,
}

/// The lay-off groups of the loaded hand, worked out once for each table
/// meld, lowest open card, open cards of its rank or suit (all that
/// `lay_off_groups` looks at), wilds to fill holes, and whether the slot's
/// cards are wanted.
#[derive(Debug)]
pub(super) struct LayOffs {
    found: Memo<GroupsKey, (u32, u32)>,
    /// The meld's verdict on each group, by the table meld, the group's
    /// cards (their bits and count) and whether the slot's cards are
    /// wanted: the verdict depends on nothing else, so a group met again
    /// from other open cards is judged once.
    verdicts: std::collections::HashMap<(u128, u8, u8, bool), LayGroup, Quick>,
    /// The same verdicts by the group's open cards themselves, the table
    /// meld and whether the slot's cards are wanted: where in `groups` the
    /// group was first put, or [`DEAD`] for a group no search can use (no
    /// meld alone, no slot's card). A group met again is one lookup.
    by_used: Memo<UsedKey, u64>,
    /// The groups `lay_off_groups` last gave.
    walked: Vec<u32>,
    /// Buffers for judging groups, kept so that judging allocates nothing.
    scratch: Scratch,
    /// The groups `of` gave, packed ([`Packed`]): one word each keeps the
    /// lists of the many open cards met small.
    groups: Vec<Packed>,
    pub(super) slots: Vec<(u8, u8, u128)>,
    /// For each table meld and natural card (`NEAR_ROW` cards a meld), once
    /// worked out: the natural cards a group of it onto the meld could hold
    /// (of its rank onto a set, of its suit onto a run), with `NEAR_SET`
    /// and `NEAR_RUN` where the meld could be a set of its rank or a run
    /// of its suit, and `NEAR_KNOWN` set.
    near: Vec<u64>,
}

/// The cards of a row of [`LayOffs::near`]: every natural a hand may hold.
const NEAR_ROW: usize = 32;
const NEAR_SET: u64 = 1 << 32;
const NEAR_RUN: u64 = 1 << 33;
const NEAR_KNOWN: u64 = 1 << 34;
/// Where [`LayOffs::near`] keeps, for a run with no ace, the places its
/// naturals take.
const NEAR_TAKEN_AT: u32 = 40;

/// A quick hash for the verdicts' keys, which no one outside chooses: a
/// multiply and a rotate per word, as the memo's.
#[derive(Clone, Copy, Debug, Default)]
struct Quick;

#[derive(Default)]
struct QuickHasher(u64);

impl std::hash::BuildHasher for Quick {
    type Hasher = QuickHasher;
    fn build_hasher(&self) -> QuickHasher {
        QuickHasher(0)
    }
}

impl std::hash::Hasher for QuickHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

/// What the lay-off groups of a lowest open card depend on: the open cards
/// of its rank or suit, the card, the table meld, the wilds to fill holes
/// and whether the slot's cards are wanted.
#[derive(Clone, Copy, Debug)]
struct GroupsKey {
    near: u32,
    lowest: usize,
    meld: usize,
    wilds: u8,
    slot: bool,
}

impl Key for GroupsKey {
    fn pack(self) -> u64 {
        // At most 20 naturals, 8 table melds and 255 wilds: 37 bits.
        self.near as u64
            | (self.lowest as u64) << 20
            | (self.meld as u64) << 25
            | (self.wilds as u64) << 28
            | (self.slot as u64) << 36
    }
}

impl LayOffs {
    pub(super) fn new() -> LayOffs {
        LayOffs {
            found: Memo::new(),
            verdicts: std::collections::HashMap::with_hasher(Quick),
            by_used: Memo::new(),
            walked: Vec::new(),
            scratch: Scratch::default(),
            groups: Vec::new(),
            slots: Vec::new(),
            near: Vec::new(),
        }
    }

    /// Forgets the groups of the hand loaded before.
    pub(super) fn clear(&mut self) {
        self.found.clear();
        self.verdicts.clear();
        self.by_used.clear();
        self.groups.clear();
        self.slots.clear();
        self.near.clear();
    }

    /// The entry of [`LayOffs::near`] for natural `i` and a table meld `m`
    /// with `naturals`, worked out on first use.
    fn near(&mut self, nat: &Naturals, i: usize, m: usize, naturals: &[Card]) -> u64 {
        let at = m * NEAR_ROW + i;
        if self.near.len() <= at {
            self.near.resize((m + 1) * NEAR_ROW, 0);
        }
        if self.near[at] & NEAR_KNOWN == 0 {
            let card = nat.cards[i];
            let onto_set = naturals.iter().all(|c| c.rank() == card.rank());
            let onto_run = naturals.iter().all(|c| c.suit() == card.suit());
            let mut near = NEAR_KNOWN;
            if onto_set {
                near |= nat.same_rank_after[i] as u64 | NEAR_SET;
            }
            if onto_run {
                near |= nat.at[nat.suit[i] as usize].iter().fold(0, |b, r| b | r) as u64 | NEAR_RUN;
                if !naturals.iter().any(|c| c.rank() == Some(Rank::ACE)) {
                    let taken = naturals.iter().fold(0u64, |b, c| b | 1 << place_of(*c, false));
                    near |= taken << NEAR_TAKEN_AT;
                }
            }
            self.near[at] = near;
        }
        self.near[at]
    }

    /// The groups holding the lowest open card `i` that could go onto table
    /// meld `m` (its naturals and its size), with `w` wilds to fill holes,
    /// as `lay_off_groups` gives them: each `k` of the range is
    /// [`LayOffs::group`]`(k)`. With `slot`, each with the slot's cards it
    /// could take.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn of(
        &mut self,
        nat: &Naturals,
        i: usize,
        mask: u32,
        (m, w, slot): (usize, u8, bool),
        (naturals, size): (&[Card], usize),
        rules: &Rules,
        ace_high: bool,
    ) -> std::ops::Range<usize> {
        // The groups go onto a set of the card's rank, or a run of its
        // suit (`lay_off_groups`): they depend only on the open cards of
        // that rank, or of that suit, and the wilds only fill a run's holes.
        let near = self.near(nat, i, m, naturals);
        if near & (NEAR_SET | NEAR_RUN) == 0 {
            return 0..0;
        }
        let taken = (near >> NEAR_TAKEN_AT) as u16;
        if near & NEAR_SET == 0
            && taken != 0
            && !(ace_high && nat.rank[i] == 1)
            && !reaches(nat, i, mask, taken, w as usize + (size - naturals.len()).min(31))
        {
            // A run the walk cannot reach from the card: no group.
            return 0..0;
        }
        let wilds = if near & NEAR_RUN != 0 { w } else { 0 };
        let key = GroupsKey { near: mask & near as u32, lowest: i, meld: m, wilds, slot };
        if let Some((from, len)) = self.found.get(key) {
            return from as usize..(from + len) as usize;
        }
        let card = nat.cards[i];
        let table_wilds = size - naturals.len();
        let from = self.groups.len();
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.candidates.clear();
        if slot {
            let (rank, suit) = (card.rank().expect("a natural card"), card.suit().expect("a natural card"));
            scratch.candidates.extend(rules.deck().suits().iter().map(|&s| Card::new(rank, s)));
            scratch.candidates.extend(rules.deck().ranks().map(|r| Card::new(r, suit)));
        }
        let meld = Meld { rules, naturals, table_wilds, m, slot };
        let mut walked = std::mem::take(&mut self.walked);
        // With wilds free, the groups `Split::beaten` beats get no verdict;
        // onto a table meld of wilds alone, and with no slot's card, they
        // are not even walked.
        let prune = !rules.half_wild && !slot && naturals.is_empty();
        lay_off_groups(nat, i, mask, (naturals, table_wilds), (w, ace_high, prune), &mut walked);
        for &used in &walked {
            let at_key = UsedKey { used, meld: m, slot };
            if let Some(at) = self.by_used.get(at_key) {
                if at != DEAD {
                    self.groups.push(self.groups[at as usize]);
                }
                continue;
            }
            let g = self.judge(nat, used, &meld, &mut scratch);
            self.keep(at_key, g);
        }
        self.walked = walked;
        self.scratch = scratch;
        self.found.insert(key, (from as u32, (self.groups.len() - from) as u32));
        from..self.groups.len()
    }

    /// The meld's verdict on the group of open cards `used`, judged once
    /// for its cards (whichever copies) and kept in `verdicts`.
    fn judge(&mut self, nat: &Naturals, used: u32, meld: &Meld, scratch: &mut Scratch) -> LayGroup {
        let &Meld { rules, naturals, table_wilds, m, slot } = meld;
        let bits = BitIter(used).fold(0u128, |b, j| b | 1 << nat.cards[j].index());
        let key = (bits, used.count_ones() as u8, m as u8, slot);
        if let Some(&g) = self.verdicts.get(&key) {
            return LayGroup { used, ..g };
        }
        let Scratch { candidates, all, group, split } = scratch;
        let free = !rules.half_wild;
        group.clear();
        group.extend(BitIter(used).map(|j| nat.cards[j]));
        if free {
            split.prepare(rules, group);
        }
        all.clear();
        all.extend_from_slice(naturals);
        all.extend_from_slice(group);
        let mut need = wilds_needed(rules, all, table_wilds);
        if free && need.is_some_and(|n| split.beaten(rules, (naturals, table_wilds), None, n)) {
            need = None;
        }
        let (fits, room_left) = match need {
            Some(need) if table_wilds + need <= all.len() => {
                (true, room(rules, all, table_wilds + need).min(255) as u8)
            }
            _ => (false, 0),
        };
        let slot_from = self.slots.len();
        // Where the group and the table meld's naturals make a run, each
        // slot's card is a few bit tests on their places.
        let run = if candidates.is_empty() { None } else { RunWith::new(rules, all, table_wilds) };
        for &c in candidates.iter() {
            all.push(c);
            let needed = match &run {
                Some(run) => run.needed(c),
                None => wilds_needed(rules, all, table_wilds),
            };
            let entry = match needed {
                Some(need) if free && split.beaten(rules, (naturals, table_wilds), Some(c), need) => None,
                Some(need) if free => Some((need.min(255) as u8, 0)),
                Some(need) if table_wilds + need <= all.len() => {
                    Some((need.min(255) as u8, room(rules, all, table_wilds + need).min(255) as u8))
                }
                _ => None,
            };
            all.pop();
            if let Some((need, more)) = entry {
                match self.slots[slot_from..].iter_mut().find(|(n, r, _)| *n == need && *r == more) {
                    Some((_, _, bits)) => *bits |= 1 << c.index(),
                    None => self.slots.push((need, more, 1 << c.index())),
                }
            }
        }
        let g = LayGroup {
            used,
            need: need.map(|n| n.min(255) as u8),
            fits,
            room: room_left,
            slot_from: slot_from as u32,
            slot_len: (self.slots.len() - slot_from) as u8,
        };
        self.verdicts.insert(key, g);
        g
    }

    /// The group at `k` of a range [`LayOffs::of`] gave.
    pub(super) fn group(&self, k: usize) -> LayGroup {
        self.groups[k].unpack()
    }

    /// Puts group `g` in `groups`, unless no search can use it, and notes
    /// where it went under `key`.
    fn keep(&mut self, key: UsedKey, g: LayGroup) {
        if g.need.is_none() && g.slot_len == 0 {
            self.by_used.insert(key, DEAD);
        } else {
            self.by_used.insert(key, self.groups.len() as u64);
            self.groups.push(Packed::pack(g));
        }
    }
}

/// A [`LayGroup`] in one word: the open cards (20 bits), the wilds needed
/// (6 bits, all ones for none), whether it fits, the room left (6 bits),
/// the slot's entries (5 bits) and where they start (26 bits). A hand
/// holds at most 20 naturals and far fewer than 62 wilds, so a need or a
/// room past 62 answers as no need and as room for all of them do; a
/// group has at most one slot's entry for each card of its rank or suit.
#[derive(Clone, Copy, Debug)]
struct Packed(u64);

impl Packed {
    const NO_NEED: u64 = 63;

    fn pack(g: LayGroup) -> Packed {
        debug_assert!(g.used < 1 << 20 && g.slot_len < 32 && g.slot_from < 1 << 26, "{g:?}");
        let need = g.need.map_or(Self::NO_NEED, |n| n.min(62) as u64);
        Packed(
            g.used as u64
                | need << 20
                | (g.fits as u64) << 26
                | (g.room.min(63) as u64) << 27
                | (g.slot_len as u64) << 33
                | (g.slot_from as u64) << 38,
        )
    }

    fn unpack(self) -> LayGroup {
        let w = self.0;
        let need = w >> 20 & 63;
        LayGroup {
            used: (w & 0xF_FFFF) as u32,
            need: (need != Self::NO_NEED).then_some(need as u8),
            fits: w >> 26 & 1 != 0,
            room: (w >> 27 & 63) as u8,
            slot_len: (w >> 33 & 31) as u8,
            slot_from: (w >> 38) as u32,
        }
    }
}

/// In [`LayOffs::by_used`]: a group no search can use.
const DEAD: u64 = u64::MAX;

/// A group of open cards onto a table meld, by its cards' bits, with
/// whether the slot's cards are wanted.
#[derive(Clone, Copy, Debug)]
struct UsedKey {
    used: u32,
    meld: usize,
    slot: bool,
}

impl Key for UsedKey {
    fn pack(self) -> u64 {
        // At most 20 naturals and 8 table melds: 24 bits.
        self.used as u64 | (self.meld as u64) << 20 | (self.slot as u64) << 23
    }
}

/// The table meld a group is judged against, as [`LayOffs::judge`] needs
/// it: the rules, its naturals and wilds, where it lies, and whether the
/// slot's cards are wanted.
struct Meld<'a> {
    rules: &'a Rules,
    naturals: &'a [Card],
    table_wilds: usize,
    m: usize,
    slot: bool,
}

/// Buffers for judging groups ([`LayOffs::of`]): the slot's cards that
/// could join a group, a group's cards, with the table meld's, and those
/// of [`Split`].
#[derive(Debug, Default)]
struct Scratch {
    candidates: Vec<Card>,
    all: Vec<Card>,
    group: Vec<Card>,
    split: Split,
}

/// Whether a group laid off is beaten by a smaller one (the solver's step
/// 13), asked of one group for its own cards and with each slot's card:
/// the group sorted by rank (an ace low, and where it holds one, high), and
/// which of its ends and whole meld without wilds, worked out once for
/// the group ([`Split::prepare`]) and read for each card
/// ([`Split::beaten`]).
#[derive(Debug, Default)]
struct Split {
    sorted: [Vec<Card>; 2],
    /// For each way of the ace: whether the lowest three, the highest
    /// three and the whole group meld without wilds.
    natural: [[bool; 3]; 2],
    /// The ways of the ace to read: none for a group of fewer than three.
    highs: usize,
    all: Vec<Card>,
}

impl Split {
    /// Sorts `group` each way of its aces and notes which of its ends, and
    /// whether the whole of it, meld without wilds.
    fn prepare(&mut self, rules: &Rules, group: &[Card]) {
        self.highs = 0;
        let n = group.len();
        if n < 3 {
            return;
        }
        let rank = |c: &Card, high: bool| {
            let r = c.rank().map_or(0, |r| r.number());
            if high && r == 1 { 14 } else { r }
        };
        let highs = if group.iter().any(|c| c.rank() == Some(Rank::ACE)) { 2 } else { 1 };
        for h in 0..highs {
            let sorted = &mut self.sorted[h];
            sorted.clear();
            sorted.extend_from_slice(group);
            sorted.sort_by_key(|c| rank(c, h == 1));
            for (k, (from, to)) in [(0, 3), (n - 3, n), (0, n)].into_iter().enumerate() {
                self.natural[h][k] = wilds_needed(rules, &sorted[from..to], 0) == Some(0);
            }
        }
        self.highs = highs;
    }

    /// Whether the group last prepared (with `extra`, the slot's card, if
    /// any) laid off onto the table meld of `naturals` and `table_wilds`
    /// wilds, needing `need` of the hand's wilds, is beaten by an
    /// arrangement with a smaller group: three of its cards at one end of
    /// it (or all of it, with no slot's card) make a meld of their own
    /// without wilds, and what is left of the group, holding one open card
    /// at least, goes onto the table meld with at most as many of the
    /// hand's wilds (the solver's step 13). With wilds free only.
    fn beaten(
        &mut self,
        rules: &Rules,
        (naturals, table_wilds): (&[Card], usize),
        extra: Option<Card>,
        need: usize,
    ) -> bool {
        for h in 0..self.highs {
            let sorted = &self.sorted[h];
            let n = sorted.len();
            // The lowest three, the highest three, and (with no slot's card)
            // the whole group, which then leaves nothing to lay off.
            let whole = extra.is_none().then_some((0, n));
            for (k, (from, to)) in [(0, 3), (n - 3, n)].into_iter().chain(whole).enumerate() {
                if !self.natural[h][k] {
                    continue;
                }
                if to - from == n {
                    // Nothing left to lay off: beaten unless the slot's card
                    // would be left alone.
                    if extra.is_none() {
                        return true;
                    }
                    continue;
                }
                let rest = sorted[..from].iter().chain(&sorted[to..]);
                self.all.clear();
                self.all.extend_from_slice(naturals);
                self.all.extend(rest);
                self.all.extend(extra);
                if wilds_needed(rules, &self.all, table_wilds).is_some_and(|k| k <= need) {
                    return true;
                }
            }
        }
        false
    }
}

/// Whether a walk of [`lay_off_groups`] from the lowest open card `i`
/// could reach a run of its suit with no ace, its naturals on the places
/// `taken`, with `budget` holes to fill: a run above the card is reached
/// across places each an open card of the suit or a hole; one below it
/// with a hole on each place between that the run does not take.
fn reaches(nat: &Naturals, i: usize, mask: u32, taken: u16, budget: usize) -> bool {
    let (suit, q) = (nat.suit[i] as usize, nat.rank[i]);
    let low = taken.trailing_zeros() as u8;
    if low > q {
        let mut holes = 0;
        for p in q + 1..low {
            if nat.at_pos(suit, p) & mask == 0 {
                holes += 1;
                if holes > budget {
                    return false;
                }
            }
        }
        true
    } else {
        let between = ((1u32 << q) - (1u32 << low)) as u16;
        (between & !taken).count_ones() as usize <= budget
    }
}

/// The groups of open cards, each holding the lowest open card `i`, that
/// could be laid off together onto a table meld with `naturals` and
/// `table_wilds` wild cards: cards of its rank onto a set, or cards of its
/// suit extending a run, with at most `w` wilds of the hand's to fill holes.
/// Every group is checked against the rules by the caller.
fn lay_off_groups(
    nat: &Naturals,
    i: usize,
    mask: u32,
    (naturals, table_wilds): (&[Card], usize),
    (w, ace_high, prune): (u8, bool, bool),
    out: &mut Vec<u32>,
) {
    let card = nat.cards[i];
    let bit = 1u32 << i;
    out.clear();
    if naturals.iter().all(|c| c.rank() == card.rank()) {
        subsets(nat.same_rank_after[i] & mask, nat, bit, out);
    }
    if !naturals.iter().all(|c| c.suit() == card.suit()) {
        return;
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
        let walk = LayWalk { nat, suit, mask, taken, tlo, thi, budget, prune };
        let q = nat.rank[i];
        let below = |from: u8, to: u8| (from..to).filter(|p| taken & (1 << p) == 0).count() as u8;
        let holes = if tlo < q { below(tlo, q) } else { 0 };
        if holes <= budget {
            walk.walk(Dir::Up, q + 1, if ace_high { 14 } else { 13 }, (bit, holes, 1), true, out);
        }
        if ace_high && q == 1 {
            walk.walk(Dir::Down, 13, 1, (bit, 0, 1), true, out);
        }
    }
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
    /// Onto a table meld of wilds alone (wilds free, no slot's card): leave
    /// out the groups `Split::beaten` beats, those whose first or last three
    /// places hold cards of the hand's.
    prune: bool,
}

impl LayWalk<'_> {
    /// Records a group once the walk has gone past the table meld's end
    /// (`thi` going up, `tlo` going down) on a card, and goes on to `end`.
    /// `streak` counts the cards on the places just walked since the last
    /// hole.
    fn walk(
        &self,
        dir: Dir,
        pos: u8,
        end: u8,
        (used, holes, streak): (u32, u8, u8),
        last: bool,
        out: &mut Vec<u32>,
    ) {
        if self.prune && streak >= 3 && holes == 0 {
            // Its first three places hold cards: so will every group this
            // walk goes on to.
            return;
        }
        let edge = match dir {
            Dir::Up => self.thi,
            Dir::Down => self.tlo,
        };
        if last && dir.past(pos, edge) && !(self.prune && streak >= 3) {
            out.push(used);
        }
        if dir.past(pos, end) {
            return;
        }
        let next = dir.next(pos);
        if self.taken & (1 << pos) != 0 {
            return self.walk(dir, next, end, (used, holes, 0), true, out);
        }
        let here = self.nat.at_pos(self.suit, pos) & self.mask & !used;
        if here != 0 {
            let used = used | (here & here.wrapping_neg());
            self.walk(dir, next, end, (used, holes, streak + 1), true, out);
        }
        if holes < self.budget {
            self.walk(dir, next, end, (used, holes + 1, 0), false, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A group packed into one word reads back as it was, every field at
    /// its widest; a need or a room past what a hand can use reads as
    /// none needed past 62, and as room for every wild.
    #[test]
    fn a_packed_group_reads_back_as_it_was() {
        let widest = LayGroup {
            used: (1 << 20) - 1,
            need: Some(62),
            fits: true,
            room: 63,
            slot_from: (1 << 26) - 1,
            slot_len: 31,
        };
        let groups = [
            widest,
            LayGroup { used: 1, need: None, fits: false, room: 0, slot_from: 0, slot_len: 0 },
            LayGroup { used: 0b1011, need: Some(0), fits: true, room: 5, slot_from: 1234, slot_len: 3 },
            LayGroup { used: 1 << 19, need: Some(2), fits: false, room: 1, slot_from: 7, slot_len: 17 },
        ];
        for g in groups {
            assert_eq!(Packed::pack(g).unpack(), g);
        }
        let past = LayGroup { need: Some(200), room: 255, ..widest };
        assert_eq!(Packed::pack(past).unpack(), LayGroup { need: Some(62), room: 63, ..widest });
    }
}
