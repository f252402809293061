//! The search over the natural cards of a hand: the least deadwood of the
//! open cards with a budget of wilds.

use super::MAX_TABLE_MELDS;
use super::lay_off::LayOffs;
use super::memo::{Choice, EMPTY_CHOICE, IDLE_APART, Memo, StateKey, Step};
use super::naturals::{BitIter, Naturals, lowest_bits};
use super::runs::{Dir, RunWalk, places_of};
use crate::card::Card;
use crate::meld::{places, top_place};
use crate::rules::Rules;

/// No arrangement: cards laid off without a meld of the hand's own.
pub(super) const INF: u16 = u16::MAX;

/// What a search asks of the open cards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Goal {
    /// The least deadwood.
    Least,
    /// Whether every card melds: no card may be deadwood.
    AllMeld,
}

/// How many wilds a meld may take.
#[derive(Clone, Copy, Debug)]
pub(super) enum WildPolicy<'a> {
    /// Any number: wilds left over cost nothing beside a meld (exactness,
    /// step 5), and the search counts only how many each meld needs.
    Free,
    /// At most half of a meld's cards (`half_wild`): each meld takes its
    /// wilds, and the search counts the wilds left over (steps 9a and 9b).
    HalfAtMost {
        /// `left[n]`: the points of the `n` least valuable wilds, the ones
        /// left over when `n` find no meld.
        left: &'a [u16],
        /// By the table melds used (bits), the room of the others summed.
        free: &'a [usize],
        /// Whether the key keeps every table meld used apart, the idle ones
        /// too (`key_of`).
        apart: bool,
        /// The wilds `left` is of, where they are not the loaded hand's
        /// (the solver's step 9c): their mark in the memo's keys (0 for
        /// the loaded hand's), and the fewest wilds left for which a
        /// state's answer may differ from the loaded hand's, so is kept
        /// apart (`Loaded::variant_of`).
        variant: (u8, u8),
    },
}

impl WildPolicy<'_> {
    /// Whether at most half of a meld may be wild.
    pub(super) fn limited(&self) -> bool {
        matches!(self, WildPolicy::HalfAtMost { .. })
    }

    /// `key`, of a state with `w` wilds left, marked as of the policy's
    /// wilds where its answer may differ from the loaded hand's: what a
    /// state is worth depends on its wilds only through `left` up to the
    /// wilds it has left (step 9c).
    pub(super) fn mark(&self, key: StateKey, w: u8) -> StateKey {
        match *self {
            WildPolicy::HalfAtMost { variant: (mark, from), .. } if mark != 0 && w >= from => {
                key.of_variant(mark)
            }
            _ => key,
        }
    }
}

/// A meld the lowest open card can go into (the solver's steps 2, 3,
/// 7 and 9a, `Search::choices`): its cards, the wilds it takes, and the
/// table melds used and whether the hand has a meld of its own after it.
pub(super) type Placed = (u32, u8, u8, bool);

/// The least deadwood of each set of open cards and wilds (and table melds
/// of wilds alone used) for every other table meld used and whether the
/// hand has a meld of its own at once (module `complete`, step 23): where
/// in `costs` a state's start, `2 << t` of them for the `t` table melds
/// some natural of the hand could go onto, not of wilds alone, the cost
/// for `used_table` and `own` at [`least_index`].
#[derive(Debug)]
pub(super) struct LeastVecs {
    pub(super) memo: Memo<StateKey, (u32, u32)>,
    pub(super) costs: Vec<u16>,
    /// The choices of the states being decided, one after another.
    placed: Vec<Placed>,
}

impl LeastVecs {
    pub(super) fn new() -> LeastVecs {
        LeastVecs { memo: Memo::new(), costs: Vec::new(), placed: Vec::new() }
    }

    pub(super) fn clear(&mut self) {
        self.memo.clear();
        self.costs.clear();
        self.placed.clear();
    }

    /// The least deadwood kept for the open cards in `mask` with `w`
    /// wilds, no table meld used and no meld of the hand's own, if
    /// searched.
    pub(super) fn kept(&self, mask: u32, w: u8) -> Option<u16> {
        // No table meld used: the key's, and the cost's at 0.
        self.memo.get(StateKey::new(mask, w, 0, false)).map(|(from, _)| self.costs[from as usize])
    }
}

/// The most table melds for which the searches answer for every table
/// meld used and whether the hand has a meld of its own at once (module
/// `complete`, steps 21 and 24): `2 << 5` answers a state, a bit each in
/// one word, or a cost each. The least deadwood's (step 23) go up to
/// `MAX_TABLE_MELDS`.
pub(super) const VEC_TABLE: usize = 5;

/// Where the answer for the table melds used and whether the hand has a
/// meld of its own lies among a state's answers for every one of them
/// (module `complete`, steps 21, 23 and 24), `t` table melds in all.
pub(super) fn melds_at(t: usize, used_table: u8, own: bool) -> u32 {
    (own as u32) << t | used_table as u32
}

/// The table melds whose costs steps 23 and 24 keep for each set used:
/// those not of wilds alone that some natural of the hand could go onto
/// (`Loaded::takers`), packed in the order of the lowest natural each
/// could take (module `complete`, step 30), so that the sets a state may
/// have used are the first of its costs.
#[derive(Debug)]
pub(super) struct LeastMelds {
    /// The table melds, as bits.
    pub(super) melds: u8,
    /// For each set of table melds used, the packed bits of those among it.
    at: [u8; 256],
    /// For each set of packed bits, its table melds: `at` undone.
    of: [u8; 256],
    /// For each natural (and one more, for none open), how many of the
    /// packed table melds, the first, some natural below it could go onto.
    reach: [u8; 33],
    /// For each table meld of `melds`, the lowest natural that could go
    /// onto it, as loaded.
    first: [u8; MAX_TABLE_MELDS],
}

impl LeastMelds {
    pub(super) fn new() -> LeastMelds {
        LeastMelds { melds: 0, at: [0; 256], of: [0; 256], reach: [0; 33], first: [u8::MAX; MAX_TABLE_MELDS] }
    }

    /// Packs `melds`, each of which some natural could go onto as
    /// `takers` says, by the lowest such natural (then by place).
    pub(super) fn load(&mut self, melds: u8, takers: &Takers) {
        // The lowest natural each could take: all the packing depends on.
        let mut first = [u8::MAX; MAX_TABLE_MELDS];
        for m in BitIter(melds as u32) {
            first[m] = takers[m].trailing_zeros() as u8;
        }
        if (melds, first) == (self.melds, self.first) {
            return;
        }
        let mut order = [0usize; MAX_TABLE_MELDS];
        let order = &mut order[..melds.count_ones() as usize];
        for (o, m) in order.iter_mut().zip(BitIter(melds as u32)) {
            *o = m;
        }
        order.sort_by_key(|&m| (first[m], m));
        self.melds = melds;
        self.first = first;
        self.of = [0; 256];
        for (used, at) in self.at.iter_mut().enumerate() {
            *at = order.iter().enumerate().fold(0, |a, (k, &m)| a | ((used >> m) as u8 & 1) << k);
            if used as u8 & !melds == 0 {
                self.of[*at as usize] = used as u8;
            }
        }
        for (i, reach) in self.reach.iter_mut().enumerate() {
            *reach = order.iter().filter(|&&m| (first[m] as usize) < i).count() as u8;
        }
    }

    /// Steps 23 and 24: the index of the cost for the table melds `used`
    /// (of those not of wilds alone) and meld of the hand's own or not. A
    /// table meld no natural could go onto is never used where these
    /// costs are read.
    pub(super) fn index(&self, used: u8, own: bool) -> usize {
        debug_assert!(used & !self.melds == 0, "a table meld no natural goes onto, used");
        self.at[used as usize] as usize | (own as usize) << self.melds.count_ones()
    }

    /// [`LeastMelds::index`] of a cost read of the state of the open cards
    /// `mask`: among the first of each half (step 30).
    pub(super) fn read(&self, mask: u32, used: u8, own: bool) -> usize {
        let at = self.index(used, own);
        debug_assert!(
            at % (self.answers() / 2) < self.reach(mask),
            "a cost the state's readers read (step 30)"
        );
        at
    }

    /// Steps 23 and 24: how many costs a state holds.
    pub(super) fn answers(&self) -> usize {
        2 << self.melds.count_ones()
    }

    /// The table melds of the packed bits `at`.
    pub(super) fn used(&self, at: usize) -> u8 {
        self.of[at]
    }

    /// Step 30: how many of each half of the costs of the open cards
    /// `mask` can be read, the first: the sets of the table melds that a
    /// natural below its lowest open card could go onto.
    pub(super) fn reach(&self, mask: u32) -> usize {
        1 << self.reach[mask.trailing_zeros() as usize]
    }
}

/// How many answers a state holds for every table meld used and whether
/// the hand has a meld of its own (steps 21, 23 and 24): bits of a word,
/// or costs, `t` table melds in all.
pub(super) fn answers_of(t: usize) -> usize {
    2 << t
}

/// The table melds of wilds alone, as bits (a search keeps them as
/// `Search::wild`): whether they are used is part of the key of step 23,
/// not of its costs, and the partners hold once they are all used
/// (`Search::partners_at`).
pub(super) fn wild_melds(table: &[(Vec<Card>, usize)]) -> u8 {
    (0..table.len()).filter(|&m| table[m].0.is_empty()).fold(0, |b, m| b | 1 << m)
}

/// Steps 23 and 24: the costs `out` of a state for every table meld used
/// and meld of the hand's own, lowered to the rest's costs `rest` with the
/// lowest open card left over, worth `value`; only the first `reach` of
/// each half (module `complete`, step 30).
pub(super) fn left_over(out: &mut [u16], rest: &[u16], reach: usize, value: u16) {
    let half = out.len() / 2;
    for h in [0, half] {
        for (o, &c) in out[h..h + reach].iter_mut().zip(&rest[h..]) {
            *o = (*o).min(c.saturating_add(value));
        }
    }
}

/// Step 23: the costs `out` of a state for every table meld used and meld
/// of the hand's own, lowered to those of a choice of its lowest open card
/// that leaves table melds `with` used and `own`, the rest's costs `rest`;
/// `wild_used` the table melds of wilds alone used in the state's key, of
/// `wild` in all; only the first `reach` costs of each half, those the
/// state's readers read (module `complete`, step 30).
pub(super) fn take_choice(
    out: &mut [u16],
    rest: &[u16],
    reach: usize,
    (with, own): (u8, bool),
    (wild_used, wild): (u8, u8),
    least: &LeastMelds,
) {
    let half = out.len() / 2;
    if with & wild != wild_used {
        // Laid off onto a table meld of wilds alone: used in the rest's
        // key, the costs where they were.
        for h in [0, half] {
            for (o, &c) in out[h..h + reach].iter_mut().zip(&rest[h..]) {
                *o = (*o).min(c);
            }
        }
    } else if own {
        // A meld of the hand's own, whether it had one or not.
        let (lo, hi) = out.split_at_mut(half);
        for ((l, h), &c) in lo[..reach].iter_mut().zip(&mut hi[..reach]).zip(&rest[half..]) {
            *l = (*l).min(c);
            *h = (*h).min(c);
        }
    } else {
        // Laid off onto table meld `m` (one bit of the answers' index),
        // where it was not yet: both halves in one pass where all are read.
        let m = least.at[(with & !wild) as usize] as usize;
        if reach == half {
            laid_off(out, rest, m, INF, |o, c| *o = (*o).min(c));
        } else {
            let (lo, hi) = out.split_at_mut(half);
            let (rest_lo, rest_hi) = rest.split_at(half);
            laid_off(&mut lo[..reach], rest_lo, m, INF, |o, c| *o = (*o).min(c));
            laid_off(&mut hi[..reach], rest_hi, m, INF, |o, c| *o = (*o).min(c));
        }
    }
}

/// Steps 23 and 27: the answers `out` of a state, indexed by the table
/// melds used, where the one at bit `m` was not used, each take with
/// `take` the rest's `rest` with it used: runs of `m` every `2m` take the
/// run after (from runs of eight, a few per cent quicker on the slow hands
/// than one pass); shorter runs eight answers at a time, the same pattern
/// in each ([`laid_off_within`]); fewer than eight answers in one pass,
/// each against the rest's `m` further on where its index lacks `m` (then
/// that one is `a | m`), else `none`, which `take` leaves as it was.
/// `out` may be the first answers of the rest's, as many as a power of
/// two (step 30): where `m` lies beyond them, none of them has it.
pub(super) fn laid_off<T: Copy>(out: &mut [T], rest: &[T], m: usize, none: T, take: impl Fn(&mut T, T)) {
    debug_assert!(m.is_power_of_two(), "one table meld laid off onto");
    debug_assert!(out.len().is_power_of_two() && rest.len() >= out.len(), "the first answers of the rest's");
    if m >= out.len() {
        for (o, &c) in out.iter_mut().zip(&rest[m..]) {
            take(o, c);
        }
    } else if m >= 8 {
        for (o, r) in out.chunks_exact_mut(2 * m).zip(rest.chunks_exact(2 * m)) {
            for (o, &c) in o[..m].iter_mut().zip(&r[m..]) {
                take(o, c);
            }
        }
    } else if out.len().is_multiple_of(8) {
        match m {
            1 => laid_off_within::<1, T>(out, rest, none, take),
            2 => laid_off_within::<2, T>(out, rest, none, take),
            _ => laid_off_within::<4, T>(out, rest, none, take),
        }
    } else {
        let n = out.len();
        for (a, (o, &c)) in out[..n - m].iter_mut().zip(&rest[m..]).enumerate() {
            take(o, if a & m == 0 { c } else { none });
        }
    }
}

/// [`laid_off`] for table meld `M` of 4 or below, eight answers at a time:
/// each answer lacking `M` and the one with it lie in the same eight, so
/// the pattern of takes is the same in each and known when compiled (the
/// run of step 23 on the slowest half-wild hand after the draw went 5.1 →
/// 3.7 ms; the pass over every answer with its index tested took most of
/// its time).
fn laid_off_within<const M: usize, T: Copy>(out: &mut [T], rest: &[T], none: T, take: impl Fn(&mut T, T)) {
    for (o, r) in out.chunks_exact_mut(8).zip(rest.chunks_exact(8)) {
        for a in 0..8 {
            take(&mut o[a], if a & M == 0 { r[a + M] } else { none });
        }
    }
}

pub(super) struct Search<'a> {
    pub(super) memo: &'a mut Memo<StateKey, (u16, Choice)>,
    /// Where the least deadwood is searched for every table meld used at
    /// once (step 23), its memo; else none.
    pub(super) vecs: Option<&'a mut LeastVecs>,
    pub(super) goal: Goal,
    pub(super) policy: WildPolicy<'a>,
    pub(super) nat: &'a Naturals,
    pub(super) table: &'a [(Vec<Card>, usize)],
    pub(super) rules: &'a Rules,
    pub(super) ace_high: bool,
    /// For each set of table melds used, a row: for each natural, the
    /// others it could share a meld with (see `Loaded::find_partners`);
    /// empty when not worked out.
    pub(super) partners: &'a [u32],
    /// The table melds of wilds alone (`wild_melds`), as bits.
    pub(super) wild: u8,
    /// For each table meld, the naturals that could go onto it (see
    /// `Loaded::takers`).
    pub(super) takers: &'a Takers,
    /// The table melds step 23 keeps a cost for each set of used
    /// (`Loaded::least`).
    pub(super) least: &'a LeastMelds,
    /// Lists of runs to reuse, so that a state allocates none.
    pub(super) pool: &'a mut Vec<Vec<(u32, u8)>>,
    /// The lay-off groups of the loaded hand, found once.
    pub(super) lay: &'a mut LayOffs,
}

/// The key of a state, the table melds used as the memo keys them
/// (exactness, step 10). A table meld that no open card in `mask` could go
/// onto any more (`takers`), and none will as the open cards only shrink,
/// is idle. Without the half-wild limit, once the hand has a meld of its
/// own an idle table meld is the same used or not, and counts as not used;
/// before it has one, only whether some idle table meld was used matters
/// (a meld of the hand's own must then come), which the first idle one
/// stands for. Under the limit the wilds left over go onto the table
/// melds not used, as far as their room goes, so the key keeps beside them
/// the room of the idle table melds not used, at most the wilds left: no
/// state after this one has more wilds to place; where the policy keeps
/// them `apart` (the look of `Solver::choose_order`), it keeps every table
/// meld used, marked apart from the others' keys. Not for the search for
/// completing cards with the slot's card still to place, which may go
/// onto any table meld.
pub(super) fn key_of(
    takers: &Takers,
    policy: WildPolicy<'_>,
    mask: u32,
    w: u8,
    used_table: u8,
    own: bool,
) -> StateKey {
    match policy {
        WildPolicy::Free if used_table == 0 => return StateKey::new(mask, w, used_table, own),
        WildPolicy::HalfAtMost { apart: true, .. } => {
            return policy.mark(StateKey::new(mask, w, used_table, own).with_idle_room(IDLE_APART), w);
        }
        _ => {}
    }
    let idle = !takers.busy(mask) & ((1u16 << takers.len()) - 1) as u8;
    let kept = if own || used_table & idle == 0 {
        used_table & !idle
    } else {
        used_table & !idle | idle & idle.wrapping_neg()
    };
    let key = StateKey::new(mask, w, kept, own);
    match policy {
        WildPolicy::Free => key,
        WildPolicy::HalfAtMost { free, .. } => {
            // `free` holds the room of the table melds not in a set, so
            // of those not in the complement of the idle ones not used.
            let spare = free[!(idle & !used_table) as usize & (free.len() - 1)];
            policy.mark(key.with_idle_room(spare.min(w as usize) as u8), w)
        }
    }
}

/// For each table meld, the naturals that could go onto it (see
/// `Loaded::takers`), read as a slice; and, for each byte of a set of
/// naturals, the table melds some of them could go onto, so that which
/// are busy ([`Takers::busy`]) is read in a few lookups, as every state of
/// every search asks it.
#[derive(Debug)]
pub(super) struct Takers {
    melds: Vec<u32>,
    by_byte: [[u8; 256]; 4],
    /// For each table meld, the naturals of `melds` near it: with no more
    /// places between them and the meld's naturals than the hand's wilds
    /// and the slot's card could fill (module `complete`, step 31).
    near: [u32; MAX_TABLE_MELDS],
    /// For each table meld, the table melds before it alike to it: the
    /// same naturals and as many wilds (exactness, step 14).
    twins: [u8; MAX_TABLE_MELDS],
    /// Whether any table meld has one alike before it.
    any_twins: bool,
}

impl Default for Takers {
    fn default() -> Takers {
        Takers {
            melds: Vec::new(),
            by_byte: [[0; 256]; 4],
            near: [0; MAX_TABLE_MELDS],
            twins: [0; MAX_TABLE_MELDS],
            any_twins: false,
        }
    }
}

impl Takers {
    pub(super) fn clear(&mut self) {
        if !self.melds.is_empty() {
            self.melds.clear();
            self.near = [0; MAX_TABLE_MELDS];
            self.twins = [0; MAX_TABLE_MELDS];
            self.any_twins = false;
            self.by_byte = [[0; 256]; 4];
        }
    }

    /// A table meld more: the naturals that could go onto it as bits, and
    /// those of them near it (`Takers::near`).
    pub(super) fn push(&mut self, naturals: u32, near: u32) {
        debug_assert!(near & !naturals == 0, "the near takers are takers");
        let m = self.melds.len();
        self.melds.push(naturals);
        self.near[m] = near;
        for (k, row) in self.by_byte.iter_mut().enumerate() {
            let bits = (naturals >> (8 * k)) & 0xff;
            if bits == 0 {
                continue;
            }
            for (byte, busy) in row.iter_mut().enumerate() {
                *busy |= ((byte as u32 & bits != 0) as u8) << m;
            }
        }
    }

    /// Notes the table melds alike to each one before it (exactness, step
    /// 14): the same naturals, whichever order, and the same size.
    pub(super) fn find_twins(&mut self, targets: &[(Vec<Card>, usize)]) {
        let count = |cards: &[Card], c: Card| cards.iter().filter(|&&d| d == c).count();
        let alike = |(a, size_a): &(Vec<Card>, usize), (b, size_b): &(Vec<Card>, usize)| {
            size_a == size_b && a.len() == b.len() && a.iter().all(|&c| count(a, c) == count(b, c))
        };
        for (m, meld) in targets.iter().enumerate() {
            self.twins[m] = (0..m).filter(|&n| alike(&targets[n], meld)).fold(0, |b, n| b | 1 << n);
        }
        self.any_twins = self.twins.iter().any(|&t| t != 0);
    }

    /// The table melds that wait, with `used_table` used (exactness, step
    /// 14): those with a table meld alike before them not used yet.
    pub(super) fn waiting(&self, used_table: u8) -> u8 {
        if !self.any_twins {
            return 0;
        }
        (0..self.melds.len()).filter(|&m| self.twins[m] & !used_table != 0).fold(0, |b, m| b | 1 << m)
    }

    /// The table melds some open card in `mask` could go onto: the others
    /// are idle, and stay so as the open cards only shrink (exactness,
    /// step 10).
    pub(super) fn busy(&self, mask: u32) -> u8 {
        let [a, b, c, d] = mask.to_le_bytes();
        let [ra, rb, rc, rd] = &self.by_byte;
        ra[a as usize] | rb[b as usize] | rc[c as usize] | rd[d as usize]
    }

    /// The table melds some open card in `mask` is near (module
    /// `complete`, step 31): those a group of the open cards could go onto
    /// with the hand's wilds and the slot's card in the holes, among
    /// [`Takers::busy`]. They too only shrink, as the open cards do.
    pub(super) fn busy_near(&self, mask: u32) -> u8 {
        self.near.iter().enumerate().fold(0, |busy, (m, &near)| busy | ((near & mask != 0) as u8) << m)
    }
}

impl std::ops::Deref for Takers {
    type Target = [u32];

    fn deref(&self) -> &[u32] {
        &self.melds
    }
}

/// Whether more than `most` naturals in `mask` have no partner among them
/// (none, with no partners given).
pub(super) fn alone_beyond(partners: &[u32], mask: u32, most: u32) -> bool {
    if partners.is_empty() {
        return false;
    }
    let mut found = 0;
    for j in BitIter(mask) {
        if partners[j] & mask == 0 {
            found += 1;
            if found > most {
                return true;
            }
        }
    }
    false
}

/// The naturals in `mask` with no partner among them, as bits (none, with
/// no partners given).
pub(super) fn alone_cards(partners: &[u32], mask: u32) -> u32 {
    if partners.is_empty() {
        return 0;
    }
    BitIter(mask).filter(|&j| partners[j] & mask == 0).fold(0, |bits, j| bits | 1 << j)
}

impl<'a> Search<'a> {
    /// The partners that hold with the table melds `used_table` used
    /// (exactness, step 11): where a table meld of wilds alone is not used
    /// yet, it could take any natural, so none is without a partner, and
    /// none are given.
    pub(super) fn partners_at(&self, used_table: u8) -> &'a [u32] {
        if self.partners.is_empty() || used_table & self.wild != self.wild {
            return &[];
        }
        let n = self.nat.cards.len();
        let at = used_table as usize * n;
        &self.partners[at..at + n]
    }

    /// The least deadwood of the open natural cards in `mask` with `w` wilds
    /// to spend. `used_table` marks table melds already laid off onto, `own`
    /// whether the hand has a meld of its own (needed to lay off at all).
    pub(super) fn best(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> u16 {
        if self.goal == Goal::Least && self.vecs.is_some() {
            let wild = self.wild;
            let from = self.best_vec(mask, w, used_table & wild);
            let at = self.least.read(mask, used_table & !wild, own);
            return self.vec_costs()[from + at];
        }
        if mask == 0 {
            return self.nothing_open(w, used_table, own);
        }
        let limited = self.policy.limited();
        // Under the half-wild limit, whether every card melds has its own
        // search, for every count of wilds at once (`Complete::melds_counts`).
        debug_assert!(
            self.goal == Goal::Least || !limited,
            "the limit's melding is `Complete::melds_counts`"
        );
        // Any natural with two wilds is a set: with enough wilds, all meld.
        // Exactness, step 6 (not where half the cards at most are wild).
        if !limited && w as u32 >= 2 * mask.count_ones() {
            return 0;
        }
        // A natural with no partner needs two wilds of its own.
        if self.goal != Goal::Least && alone_beyond(self.partners_at(used_table), mask, w as u32 / 2) {
            return INF;
        }
        // Exactness, steps 4 and 10.
        let k = key_of(self.takers, self.policy, mask, w, used_table, own);
        if let Some((cost, _)) = self.memo.get(k) {
            return cost;
        }
        let (cost, choice) = self.decide(mask, w, used_table, own);
        self.memo.insert(k, (cost, choice));
        cost
    }

    /// The least deadwood with no open card left, `w` wilds, the table
    /// melds used and whether the hand has a meld of its own.
    fn nothing_open(&self, w: u8, used_table: u8, own: bool) -> u16 {
        if used_table != 0 && !own {
            return INF;
        }
        match self.policy {
            WildPolicy::Free => 0,
            // Wilds left over go onto table melds not used yet, as far as
            // their room goes, once the hand has a meld of its own; the
            // rest are deadwood, the least valuable of them.
            WildPolicy::HalfAtMost { left, free, .. } => {
                let room = if own { free[used_table as usize] } else { 0 };
                left[(w as usize).saturating_sub(room)]
            }
        }
    }

    fn vec_costs(&self) -> &[u16] {
        &self.vecs.as_ref().expect("the least deadwood in costs for every table meld used").costs
    }

    fn vecs(&mut self) -> &mut LeastVecs {
        self.vecs.as_mut().expect("the least deadwood in costs for every table meld used")
    }

    /// Step 23: the least deadwood of the open cards in `mask` with `w`
    /// wilds for every table meld used and whether the hand has a meld of
    /// its own, where in the costs they start. The search of step 4 over
    /// every state at once: the lowest open card's choices do not depend
    /// on that part of the state but for which table melds it may lay off
    /// onto, so it tries them all, and each gives the cost of the state it
    /// leaves where it may be made.
    pub(super) fn best_vec(&mut self, mask: u32, w: u8, wild_used: u8) -> usize {
        let k = self.policy.mark(StateKey::new(mask, w, wild_used, false), w);
        if let Some((from, _)) = self.vecs().memo.get(k) {
            return from as usize;
        }
        let n = self.least.answers();
        let half = n / 2;
        // Step 30: the first costs of each half, those read; the others
        // stay 0 (so that a state with nothing left over is decided).
        let reach = self.least.reach(mask);
        let mut out = [0; 2 << MAX_TABLE_MELDS];
        out[..reach].fill(INF);
        out[half..half + reach].fill(INF);
        if mask == 0 {
            // Nothing open: as step 4's search, for each table meld used and
            // meld of the hand's own.
            debug_assert_eq!(reach, half, "with no natural open, every cost is read");
            for (at, o) in out[..n].iter_mut().enumerate() {
                let used = self.least.used(at & (half - 1));
                *o = self.nothing_open(w, used | wild_used, at >= half);
            }
        } else if !self.policy.limited() && w as u32 >= 2 * mask.count_ones() {
            // Exactness, step 6: a set of each natural with two wilds.
            out[..n].fill(0);
        } else {
            let i = mask.trailing_zeros() as usize;
            let bit = 1u32 << i;
            let value = self.nat.value[i];
            // The lowest open card left over.
            let rest = self.best_vec(mask & !bit, w, wild_used);
            left_over(&mut out[..n], &self.vec_costs()[rest..rest + n], reach, value);
            let from = self.vecs().placed.len();
            self.choices_beside_wild(mask, w, wild_used, &mut |search, _, used, wilds, with, own| {
                search.vecs().placed.push((used, wilds, with, own));
                false
            });
            let to = self.vecs().placed.len();
            let wild = self.wild;
            for c in from..to {
                // Nothing beats no cost at all.
                if out[..n].iter().all(|&c| c == 0) {
                    break;
                }
                let (used, need, with, own) = self.vecs().placed[c];
                let rest = self.best_vec(mask & !used, w - need, with & wild);
                let rest = &self.vec_costs()[rest..rest + n];
                take_choice(&mut out[..n], rest, reach, (with, own), (wild_used, wild), self.least);
            }
            self.vecs().placed.truncate(from);
        }
        let vecs = self.vecs();
        let from = vecs.costs.len();
        vecs.costs.extend_from_slice(&out[..n]);
        vecs.memo.insert(k, (from as u32, n as u32));
        from
    }

    /// The choice the search of step 4 keeps for the lowest open card of
    /// `mask` with `w` wilds, the table melds used and whether the hand
    /// has a meld of its own, found from the costs of step 23: the first
    /// of its choices, in the search's order, whose cost and least after
    /// it are the state's least (the search keeps the first of equal
    /// costs).
    pub(super) fn choice_vec(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> Choice {
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let least = self.best(mask, w, used_table, own);
        let dead = self.best(mask & !bit, w, used_table, own);
        if dead != INF && dead + self.nat.value[i] == least {
            return Choice { step: Step::Dead, used: bit, wilds: 0 };
        }
        let mut choices = Vec::new();
        self.choices(mask, w, used_table, own, &mut |_, step, used, wilds, with, own| {
            choices.push((step, used, wilds, with, own));
            false
        });
        for (step, used, wilds, with, own) in choices {
            if self.best(mask & !used, w - wilds, with, own) == least {
                return Choice { step, used, wilds };
            }
        }
        unreachable!("the least of a state comes from one of its choices")
    }

    fn decide(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> (u16, Choice) {
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let nat = self.nat;
        let mut found = Found { cost: INF, choice: EMPTY_CHOICE };

        // Exactness, step 1: every place the lowest open card can take.
        // The card is deadwood.
        match self.goal {
            Goal::Least => {
                let rest = self.best(mask & !bit, w, used_table, own);
                if rest != INF {
                    found.consider(rest + nat.value[i], Step::Dead, bit, 0);
                }
            }
            Goal::AllMeld => {}
        }
        self.choices(mask, w, used_table, own, &mut |search, step, used, wilds, used_table, own| {
            let rest = search.best(mask & !used, w - wilds, used_table, own);
            rest != INF && found.consider(rest, step, used, wilds)
        });
        found.into()
    }

    /// Every meld the lowest open card of `mask` can go into with `w`
    /// wilds (exactness, steps 2, 3, 7 and 9a), each given to `f` with
    /// its step, its cards, the wilds it takes, and the table melds used
    /// and whether the hand has a meld of its own after it; until `f`
    /// says the state is decided.
    pub(super) fn choices(
        &mut self,
        mask: u32,
        w: u8,
        used_table: u8,
        own: bool,
        f: &mut impl FnMut(&mut Self, Step, u32, u8, u8, bool) -> bool,
    ) {
        let waiting = self.takers.waiting(used_table);
        self.choices_among(mask, w, (used_table, waiting), own, f);
    }

    /// [`Search::choices`] for a search that answers for every set of
    /// table melds used beyond `used_table` at once: a table meld alike to
    /// one before it is tried too, as the sets holding that one may use it
    /// (exactness, step 14).
    pub(super) fn choices_for_every_used(
        &mut self,
        mask: u32,
        w: u8,
        used_table: u8,
        own: bool,
        f: &mut impl FnMut(&mut Self, Step, u32, u8, u8, bool) -> bool,
    ) {
        self.choices_among(mask, w, (used_table, 0), own, f);
    }

    /// [`Search::choices`] for a search that answers for every set of the
    /// other table melds used at once, keyed by the table melds of wilds
    /// alone used, `wild_used`, as [`Search::best_vec`]: those are part of
    /// the state, and melds alike to one of them are of wilds alone too,
    /// so one alike to one before it not used waits (exactness, step 14);
    /// the others are all tried.
    pub(super) fn choices_beside_wild(
        &mut self,
        mask: u32,
        w: u8,
        wild_used: u8,
        f: &mut impl FnMut(&mut Self, Step, u32, u8, u8, bool) -> bool,
    ) {
        let waiting = self.takers.waiting(wild_used) & self.wild;
        self.choices_among(mask, w, (wild_used, waiting), false, f);
    }

    /// [`Search::choices`], the table melds `waiting` not tried.
    fn choices_among(
        &mut self,
        mask: u32,
        w: u8,
        (used_table, waiting): (u8, u8),
        own: bool,
        f: &mut impl FnMut(&mut Self, Step, u32, u8, u8, bool) -> bool,
    ) {
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let nat = self.nat;

        // A set: this card and any of the other open cards of its rank.
        // Identical copies are interchangeable, so take the lowest first.
        // Exactness, step 2.
        let others = nat.same_rank_after[i] & mask;
        let limited = self.policy.limited();
        let mut per_suit: [(u32, u32); 5] = [(0, 0); 5];
        for j in BitIter(others) {
            let s = nat.suit[j] as usize;
            per_suit[s].0 |= 1 << j;
            per_suit[s].1 += 1;
        }
        // The suits in play: the stars' count stays 0 without them.
        let suits = self.rules.suits.clamp(4, 5) as usize;
        let mut counts = [0u32; 5];
        loop {
            let mut used = bit;
            for s in 0..suits {
                used |= lowest_bits(per_suit[s].0, counts[s]);
            }
            let size = used.count_ones();
            let need = 3u32.saturating_sub(size) as u8;
            if need <= w {
                // With the half-wild limit a set takes from the wilds it
                // needs up to one per natural card (exactness, step 9a).
                let most = if limited { (size as u8).min(w) } else { need };
                for wilds in need..=most {
                    if f(self, Step::Set, used, wilds, used_table, true) {
                        return;
                    }
                }
            }
            // Next combination of counts per suit.
            let mut s = 0;
            while s < suits {
                if counts[s] < per_suit[s].1 {
                    counts[s] += 1;
                    break;
                }
                counts[s] = 0;
                s += 1;
            }
            if s == suits {
                break;
            }
        }

        // A run with this card at the bottom, or an ace at the top
        // (exactness, step 2), its wilds counted, not chosen (step 3).
        let suit = nat.suit[i] as usize;
        let rank = nat.rank[i];
        let top = if rank == 1 { top_place(self.rules) } else { 13 };
        let mut runs = self.pool.pop().unwrap_or_default();
        runs.clear();
        let mut walk = RunWalk { nat, suit, mask, w, runs, places: places_of(nat, suit, mask) };
        walk.walk(Dir::Up, rank + 1, top, bit, 1, 0);
        if self.ace_high && rank == 1 {
            walk.walk(Dir::Down, 13, 2, bit, 1, 0);
        }
        let runs = walk.runs;
        let run_places = if limited { places(self.rules) as u8 } else { 0 };
        for &(used, need) in &runs {
            // With the half-wild limit a run takes no more wilds than it has
            // natural cards, the extra ones at its ends while places remain.
            let most = if limited {
                let naturals = used.count_ones() as u8;
                if need > naturals {
                    continue;
                }
                (naturals - need).min(run_places.saturating_sub(naturals + need)).min(w - need) + need
            } else {
                need
            };
            for wilds in need..=most {
                if f(self, Step::Run, used, wilds, used_table, true) {
                    self.pool.push(runs);
                    return;
                }
            }
        }
        self.pool.push(runs);

        // Laid off onto a table meld not used yet.
        for m in 0..self.table.len() {
            // A table meld that cannot take the lowest open card has no
            // group for it.
            if (used_table | waiting) & (1 << m) != 0 || self.takers[m] & bit == 0 {
                continue;
            }
            let (naturals, size) = &self.table[m];
            let groups =
                self.lay.of(nat, i, mask, (m, w, false), (naturals, *size), self.rules, self.ace_high);
            for g in groups {
                let g = self.lay.group(g);
                // The cards laid off and the table meld must form one meld
                // (the meld's verdict); the hand's wilds fill what it lacks.
                let Some(need) = g.need else {
                    continue;
                };
                if need > w {
                    continue;
                }
                // With the half-wild limit the meld laid onto holds no more
                // wilds than natural cards, and may take more at its ends.
                let most = if limited {
                    if !g.fits {
                        continue;
                    }
                    need + g.room.min(w - need)
                } else {
                    need
                };
                for wilds in need..=most {
                    if f(self, Step::Lay { meld: m as u8 }, g.used, wilds, used_table | 1 << m, own) {
                        return;
                    }
                }
            }
        }
    }
}

impl Search<'_> {
    /// A cost the open natural cards in `mask` with `w` wilds cannot
    /// score less than (`Goal::Least`; 0 without the partner table). A
    /// natural with no partner among them melds only with two wilds of
    /// its own (without the half-wild limit) or not at all (with it), so
    /// all but as many of them as the wilds could pair are deadwood, the
    /// least valuable of them at best (exactness, step 11).
    fn floor(&self, mask: u32, w: u8, used_table: u8) -> u16 {
        let partners = self.partners_at(used_table);
        if partners.is_empty() {
            return 0;
        }
        let mut alone = [0u16; 32];
        let mut n = 0;
        for j in BitIter(mask) {
            if partners[j] & mask == 0 {
                alone[n] = self.nat.value[j];
                n += 1;
            }
        }
        let melded = match self.policy {
            WildPolicy::Free => (w as usize / 2).min(n),
            WildPolicy::HalfAtMost { .. } => 0,
        };
        let alone = &mut alone[..n];
        alone.sort_unstable();
        alone[..n - melded].iter().sum()
    }

    /// The least deadwood of the open natural cards as [`Search::best`]
    /// finds it, where only a cost of at most `budget` is wanted: that
    /// cost when it is at most `budget`; else a cost above `budget` that
    /// the least cannot be below. Exact costs found are kept in the memo
    /// with their choice (the same choice `best` makes), the others in
    /// `floors` (exactness, step 11).
    pub(super) fn below(
        &mut self,
        floors: &mut Memo<StateKey, u64>,
        mask: u32,
        w: u8,
        used_table: u8,
        own: bool,
        budget: u16,
    ) -> u16 {
        debug_assert!(self.goal == Goal::Least, "a budget is the least deadwood's");
        let limited = self.policy.limited();
        if mask == 0 || (!limited && w as u32 >= 2 * mask.count_ones()) {
            return self.best(mask, w, used_table, own);
        }
        let k = key_of(self.takers, self.policy, mask, w, used_table, own);
        if let Some((cost, _)) = self.memo.get(k) {
            return cost;
        }
        if let Some(floor) = floors.get(k)
            && floor > budget as u64
        {
            return floor as u16;
        }
        let floor = self.floor(mask, w, used_table);
        if floor > budget {
            floors.insert(k, floor as u64);
            return floor;
        }
        match self.decide_below(floors, mask, w, used_table, own, budget) {
            Ok(found) => {
                self.memo.insert(k, found);
                found.0
            }
            Err(floor) => {
                floors.insert(k, floor as u64);
                floor
            }
        }
    }

    /// The state's least cost and its choice when at most `budget`, else
    /// the least of what its choices cannot be below, above `budget`.
    /// Once a cost is found, only a lower one is wanted: the first of
    /// equal costs stays, as in [`Search::decide`].
    fn decide_below(
        &mut self,
        floors: &mut Memo<StateKey, u64>,
        mask: u32,
        w: u8,
        used_table: u8,
        own: bool,
        budget: u16,
    ) -> Result<(u16, Choice), u16> {
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let mut found = Found { cost: INF, choice: EMPTY_CHOICE };
        let mut floor = INF;
        let mut limit = budget;
        let v = self.nat.value[i];
        if v > limit {
            floor = v;
        } else {
            let rest = self.below(floors, mask & !bit, w, used_table, own, limit - v);
            if weigh(
                &mut found,
                &mut floor,
                &mut limit,
                (rest, v),
                Choice { step: Step::Dead, used: bit, wilds: 0 },
            ) {
                return Ok(found.into());
            }
        }
        self.choices(mask, w, used_table, own, &mut |search, step, used, wilds, used_table, own| {
            let rest = search.below(floors, mask & !used, w - wilds, used_table, own, limit);
            weigh(&mut found, &mut floor, &mut limit, (rest, 0), Choice { step, used, wilds })
        });
        if found.cost <= budget { Ok(found.into()) } else { Err(floor) }
    }
}

/// The least deadwood of a state less one natural card, and the card
/// (its index; `NO_CARD` where there is none): among equals, the card
/// worth most, then the lowest.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct LessOne {
    pub(super) cost: u16,
    pub(super) card: u8,
}

/// No card to take away.
pub(super) const NO_CARD: u8 = u8::MAX;

/// Whether natural `a` comes before natural `b` as the card to take away
/// at equal cost: the one worth more, then the lower card (by rank, then
/// suit: the cards' own order, not the search's), then the lower copy.
fn first_of(nat: &Naturals, a: usize, b: usize) -> bool {
    (nat.value[b], nat.cards[a], a) < (nat.value[a], nat.cards[b], b)
}

impl LessOne {
    const NONE: LessOne = LessOne { cost: INF, card: NO_CARD };

    /// Whether `self` comes before `other`: less deadwood, then the card
    /// worth more, then the lower card.
    fn before(self, other: LessOne, nat: &Naturals) -> bool {
        if self.cost != other.cost {
            return self.cost < other.cost;
        }
        if self.card == NO_CARD || other.card == NO_CARD {
            return other.card == NO_CARD && self.card != NO_CARD;
        }
        first_of(nat, self.card as usize, other.card as usize)
    }

    fn pack(self) -> u64 {
        self.cost as u64 | (self.card as u64) << 16
    }

    fn unpack(stored: u64) -> LessOne {
        LessOne { cost: stored as u16, card: (stored >> 16) as u8 }
    }
}

impl Search<'_> {
    /// The first card of `cards` (bits) by [`LessOne::before`] at equal
    /// cost: the one worth most, then the lowest.
    fn top(&self, cards: u32) -> u8 {
        let mut top = NO_CARD;
        for j in BitIter(cards) {
            if top == NO_CARD || first_of(self.nat, j, top as usize) {
                top = j as u8;
            }
        }
        top
    }

    /// The least deadwood of the open cards (as [`Search::best`], kept in
    /// its memo with the same choice), and that of the open cards less one
    /// of the naturals of `droppable`, with the card (`Goal::Least`;
    /// exactness, step 12). `drops` keeps each state's two answers.
    pub(super) fn less_one(
        &mut self,
        drops: &mut Memo<StateKey, u64>,
        mask: u32,
        w: u8,
        used_table: u8,
        own: bool,
        droppable: u32,
    ) -> (u16, LessOne) {
        debug_assert!(self.goal == Goal::Least, "a card taken away is the least deadwood's");
        let limited = self.policy.limited();
        if mask == 0 {
            return (self.best(mask, w, used_table, own), LessOne::NONE);
        }
        if !limited && w as u32 >= 2 * mask.count_ones() {
            let card = self.top(mask & droppable);
            let less = if card == NO_CARD { LessOne::NONE } else { LessOne { cost: 0, card } };
            return (0, less);
        }
        let k = key_of(self.takers, self.policy, mask, w, used_table, own);
        if let Some(stored) = drops.get(k) {
            return (stored as u16, LessOne::unpack(stored >> 16));
        }
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let nat = self.nat;
        let value: &[u16] = &nat.value;
        let mut found = Found { cost: INF, choice: EMPTY_CHOICE };
        let mut less = LessOne::NONE;
        let take = |less: &mut LessOne, other: LessOne| {
            if other.cost != INF && other.before(*less, nat) {
                *less = other;
            }
        };
        // The lowest open card left over, or taken away.
        let (rest, rest_less) = self.less_one(drops, mask & !bit, w, used_table, own, droppable);
        if rest != INF {
            found.consider(rest + value[i], Step::Dead, bit, 0);
            if droppable & bit != 0 {
                take(&mut less, LessOne { cost: rest, card: i as u8 });
            }
        }
        if rest_less.cost != INF {
            take(&mut less, LessOne { cost: rest_less.cost + value[i], card: rest_less.card });
        }
        // Nothing comes before the first card of the order at no cost.
        let open = mask & droppable;
        let decided = |search: &Self, found: &Found, less: &LessOne| {
            found.cost == 0 && (open == 0 || (less.cost == 0 && less.card == search.top(open)))
        };
        if !decided(self, &found, &less) {
            self.choices(mask, w, used_table, own, &mut |search, step, used, wilds, used_table, own| {
                let (rest, rest_less) =
                    search.less_one(drops, mask & !used, w - wilds, used_table, own, droppable);
                if rest != INF {
                    found.consider(rest, step, used, wilds);
                }
                take(&mut less, rest_less);
                decided(search, &found, &less)
            });
        }
        let cost = found.cost;
        // The plain search's own answer, with its choice: the first of
        // equal costs, as it keeps it.
        self.memo.insert(k, found.into());
        drops.insert(k, cost as u64 | less.pack() << 16);
        (cost, less)
    }
}

/// A choice of a state searched within `limit`, leaving `rest` at a cost
/// of its own `cost` (`rest` within `limit` less `cost`: exact; above it:
/// what the rest cannot be below): kept in `found` when exact, the limit
/// then lowered below it; else its cost taken into `floor`. Whether the
/// state is decided.
fn weigh(
    found: &mut Found,
    floor: &mut u16,
    limit: &mut u16,
    (rest, cost): (u16, u16),
    choice: Choice,
) -> bool {
    if rest == INF {
        return false;
    }
    if rest <= *limit - cost {
        let decided = found.consider(rest + cost, choice.step, choice.used, choice.wilds);
        *limit = (rest + cost).saturating_sub(1);
        decided
    } else {
        *floor = (*floor).min(rest + cost);
        false
    }
}

/// The least cost found so far in a state, and its choice.
struct Found {
    cost: u16,
    choice: Choice,
}

impl Found {
    /// Keeps `cost` if it is less than the least so far (the first of equal
    /// costs stays); whether it is 0, which nothing can beat, so that the
    /// state is decided.
    fn consider(&mut self, cost: u16, step: Step, used: u32, wilds: u8) -> bool {
        if cost < self.cost {
            self.cost = cost;
            self.choice = Choice { step, used, wilds };
        }
        self.cost == 0
    }
}

impl From<Found> for (u16, Choice) {
    fn from(found: Found) -> (u16, Choice) {
        (found.cost, found.choice)
    }
}
