//! The outs after every discard of a hand, found in one search: the
//! discard still to choose is part of the state, and each state's answer
//! holds, for each open natural card that could still be the discard, what
//! the hand less that card gives (module `complete`, steps 9 to 13, argue
//! why it is the same as one search per discard).
//!
//! Five questions are asked this way, each of the open cards in `mask`
//! less a card `j` of `want` among them: their least deadwood (the
//! solver's search, `Goal::Least`), whether they meld completely
//! (the solver's search, `Goal::AllMeld`), whether they meld less one card
//! discarded (`Complete::melds_less_one`), and the cards that, in the
//! slot, let them meld completely or less one card discarded
//! (`Complete::next_cards`); under the half-wild limit, with
//! the limit's searches (`Complete::cards_limited_with` and
//! `Complete::melds_counts`; module `complete`, steps 14 to 16).

use super::complete::{
    Complete, NATURALS, PLACE_BITS, SUIT_BITS, free_places, rank_bits, set_groups, slot_runs,
};
use super::memo::{Choice, Discard, Memo, StateKey, Step};
use super::naturals::BitIter;
use super::search::{Goal, INF, LeastVecs, Placed, Search, key_of, left_over, melds_at, take_choice};
use crate::meld::{bottom_place, top_place};

/// The most counts of wilds a state's entries keep ([`Every::melds_counted`],
/// [`Every::cards_counted`]): a hand holds at most 31 wilds, and one more
/// may be drawn.
const COUNTS_EACH: usize = 33;

pub(super) struct Every<'a> {
    /// The search for completing cards of one hand less one card, asked
    /// where the card still to choose is the lowest open card.
    pub(super) one: Complete<'a>,
    /// The slot's cards of each state, for each card of `want` open: where
    /// in `arena` they start, one set for each, in the order of the bits.
    pub(super) cards: &'a mut Memo<StateKey, (u32, u32)>,
    pub(super) arena: &'a mut Vec<u128>,
    /// Whether each state melds, for each card of `want` open, as bits;
    /// with wilds free and few table melds, where in `arena` the words of
    /// `Complete::melds_lanes` of the open cards less each card of `want`
    /// start (`Every::melds_words`).
    pub(super) melds: &'a mut Memo<StateKey, u64>,
    /// The least deadwood of each state's naturals, for each card of
    /// `want` open: where in `costs` they start, in the order of the bits.
    pub(super) least: &'a mut Memo<StateKey, (u32, u32)>,
    pub(super) costs: &'a mut Vec<u16>,
    /// The solver's memo of the least deadwood of one hand.
    pub(super) deadwood: &'a mut Memo<StateKey, (u16, Choice)>,
    /// Where the least deadwood is searched for every table meld used at
    /// once (module `complete`, step 23), its memo.
    pub(super) vecs: Option<&'a mut LeastVecs>,
    /// The cards that may be the discard still to choose: highest copies
    /// of natural cards of the hand (the copy `Loaded::less` takes away,
    /// so that the lowest copies stay open, step 2), the same for every
    /// question sharing a memo.
    pub(super) want: u32,
    /// The highest copy of each natural card of the hand.
    pub(super) copies: u32,
}

/// For each natural `j` in `mask`, how many naturals of `mask` less `j`
/// have no partner among them (`search::alone` of `mask` less `j`).
fn alone_each(partners: &[u32], mask: u32) -> [u8; 32] {
    let (mut zero, mut to) = (0u32, [0u8; 32]);
    if partners.is_empty() {
        return to;
    }
    for k in BitIter(mask) {
        let p = partners[k] & mask;
        if p == 0 {
            zero |= 1 << k;
        } else if p & (p - 1) == 0 && p != 1 << k {
            // Its one partner is `j`: alone once `j` is taken away.
            to[p.trailing_zeros() as usize] += 1;
        }
    }
    let mut out = [0u8; 32];
    for j in BitIter(mask) {
        out[j] = (zero & !(1 << j)).count_ones() as u8 + to[j];
    }
    out
}

/// How many of the cards in `bits` come before `j`: where `j`'s answer
/// lies among answers kept one for each card of `bits`, in their order.
fn rank_among(bits: u32, j: usize) -> usize {
    (bits & ((1 << j) - 1)).count_ones() as usize
}

/// The cards `j` of `sub` whose sets in `out` lack some of `cards`: the
/// others would gain nothing from them.
fn lacking(out: &[u128; 32], sub: u32, cards: u128) -> u32 {
    BitIter(sub).filter(|&j| out[j] & cards != cards).fold(0, |b, j| b | 1 << j)
}

impl Every<'_> {
    /// The cards of `want` among `mask`, `j`, for which the open cards in
    /// `mask` less `j` meld completely with `w` wilds (`less_one`: less one
    /// more card, discarded), as bits.
    pub(super) fn melds_each(&mut self, less_one: bool, mask: u32, w: u8, used_table: u8, own: bool) -> u32 {
        if mask & self.want == 0 {
            return 0;
        }
        // Step 21 of module `complete`: with wilds free, the search of
        // one hand answers for every table meld used at once, which the
        // states of `mask` less each `j` share.
        if self.one.in_one_word() {
            let at = melds_at(self.one.table.len(), used_table, own);
            let (bits, lanes) = self.one.lanes();
            if (w as u32) < lanes {
                // Step 22's words of `mask` less each `j`, kept together.
                let from = self.melds_words(less_one, mask);
                let shift = w as u32 * bits + at;
                return BitIter(mask & self.want)
                    .filter(|&j| self.arena[from + self.rank_of(mask, j)] >> shift & 1 != 0)
                    .fold(0, |b, j| b | 1 << j);
            }
            return BitIter(mask & self.want)
                .filter(|&j| self.one.melds_vec(less_one, mask & !(1 << j), w) >> at & 1 != 0)
                .fold(0, |b, j| b | 1 << j);
        }
        if self.one.in_wide() {
            let at = melds_at(self.one.table.len(), used_table, own);
            return BitIter(mask & self.want)
                .filter(|&j| {
                    let from = self.one.melds_wide(less_one, mask & !(1 << j), w);
                    self.one.wide_bit(from, at)
                })
                .fold(0, |b, j| b | 1 << j);
        }
        if self.limited() {
            // Every count of wilds of a state in one entry (module
            // `complete`, step 25).
            let at = self.melds_counted(less_one, mask, used_table, own);
            return self.melds_count(at, less_one, (mask, w, used_table, own));
        }
        // Step 10 of the solver: equal answers for every `j`, as the table
        // melds no card of `mask` can go onto, none of `mask` less `j` can.
        let owing = if less_one { Discard::LessOne } else { Discard::None };
        let k = key_of(self.one.melds.takers, self.one.melds.policy, mask, w, used_table, own).owing(owing);
        if let Some(v) = self.melds.get(k) {
            return v as u32;
        }
        let v = self.decide_melds(less_one, mask, w, used_table, own);
        self.melds.insert(k, v as u64);
        v
    }

    /// Where in `arena` the words of step 22 (`Complete::melds_lanes`) of
    /// the open cards in `mask` less each `j` of `want` among them start,
    /// in the order of the bits: whether they meld (`less_one`: less one
    /// more card, discarded) for every count of wilds of a lane, table
    /// meld used and meld of the hand's own.
    fn melds_words(&mut self, less_one: bool, mask: u32) -> usize {
        let owing = if less_one { Discard::LessOne } else { Discard::None };
        let k = StateKey::new(mask, 0, 0, false).owing(owing);
        if let Some(from) = self.melds.get(k) {
            return from as usize;
        }
        let (mut words, mut n) = ([0u128; 32], 0);
        for j in BitIter(mask & self.want) {
            words[n] = self.one.melds_lanes(less_one, mask & !(1 << j));
            n += 1;
        }
        let from = self.arena.len();
        self.arena.extend_from_slice(&words[..n]);
        self.melds.insert(k, from as u64);
        from
    }

    /// The most wilds a question of the loaded hand asks of: those of the
    /// hand and one more drawn.
    fn most_count(&self) -> u8 {
        self.one.wilds.saturating_add(1).min(COUNTS_EACH as u8 - 1)
    }

    /// Under the half-wild limit: where in `arena` the state's answers of
    /// [`Every::melds_each`] are found, one word for each count of wilds
    /// from none to [`Every::most_count`], each searched when first asked
    /// (module `complete`, step 25): its answer in the low 32 bits, and
    /// bit 64 once searched.
    fn melds_counted(&mut self, less_one: bool, mask: u32, used_table: u8, own: bool) -> usize {
        let owing = if less_one { Discard::LessOne } else { Discard::None };
        let k = StateKey::new(mask, 0, used_table, own).owing(owing);
        if let Some(at) = self.melds.get(k) {
            return at as usize;
        }
        let at = self.arena.len();
        self.arena.resize(at + self.most_count() as usize + 1, 0);
        self.melds.insert(k, at as u64);
        at
    }

    /// The answer for `w` wilds of the state whose answers
    /// [`Every::melds_counted`] keeps at `at`, searched where not yet.
    fn melds_count(
        &mut self,
        at: usize,
        less_one: bool,
        (mask, w, used_table, own): (u32, u8, u8, bool),
    ) -> u32 {
        if w > self.most_count() {
            return 0;
        }
        let word = self.arena[at + w as usize];
        if word >> 64 != 0 {
            return word as u32;
        }
        let v = self.decide_melds(less_one, mask, w, used_table, own);
        self.arena[at + w as usize] = 1 << 64 | v as u128;
        v
    }

    /// Under the half-wild limit: the cards `j` of `want` for which the
    /// open cards in `rest` less `j` meld (`less_one`: less one more card,
    /// discarded) with some count of wilds from `fewest` to `most`, the
    /// table melds used and whether the hand has a meld of its own as
    /// given, from the state's one entry; once every `j` of `want` melds,
    /// no more counts are asked.
    fn melds_with_any(
        &mut self,
        less_one: bool,
        (rest, used_table, own): (u32, u8, bool),
        (fewest, most): (u8, u8),
        want: u32,
    ) -> u32 {
        if rest & self.want == 0 {
            return 0;
        }
        let at = self.melds_counted(less_one, rest, used_table, own);
        let mut yes = 0;
        for w in (fewest..=most).rev() {
            yes |= self.melds_count(at, less_one, (rest, w, used_table, own)) & want;
            if yes == want {
                break;
            }
        }
        yes
    }

    /// The slot's cards of the open cards in `mask` less `j` with `w` wilds
    /// (`less_one`: less one more card, discarded), for `j` the card of
    /// `want` given; `mask` holds it.
    pub(super) fn cards_of(&mut self, less_one: bool, mask: u32, w: u8, j: usize) -> u128 {
        let found = self.cards_each(less_one, mask, w, 0, false);
        self.cards_at(found, j)
    }

    /// The slot's cards for `j` of a state's answer from
    /// [`Every::cards_each`]: none where its bit is not among those found.
    fn cards_at(&self, (from, found): (u32, u32), j: usize) -> u128 {
        if found & 1 << j == 0 {
            return 0;
        }
        self.arena[from as usize + rank_among(found, j)]
    }

    /// The least deadwood of the naturals in `mask` less `j` with `w`
    /// wilds (the solver's search, `Goal::Least`), for `j` the card of
    /// `want` given; `mask` holds it.
    pub(super) fn least_of(&mut self, mask: u32, w: u8, j: usize) -> u16 {
        self.least_at(mask, w, (0, false), j)
    }

    /// [`Every::least_of`] of a state: the table melds used, and whether
    /// the hand has a meld of its own.
    pub(super) fn least_at(&mut self, mask: u32, w: u8, (used_table, own): (u8, bool), j: usize) -> u16 {
        if self.vecs.is_some() {
            // Module `complete`, step 24: every table meld used at once.
            let least = self.one.melds.least;
            let wild = self.one.melds.wild;
            let from = self.least_each_vec(mask, w, used_table & wild);
            let at = least.read(mask, used_table & !wild, own);
            return self.costs[from + self.rank_of(mask, j) * least.answers() + at];
        }
        let from = self.least_each(mask, w, used_table, own);
        self.costs[from as usize + self.rank_of(mask, j)]
    }

    /// The solver's search for the least deadwood of one hand, over the
    /// memos of the loaded hand.
    fn least_search(&mut self) -> Search<'_> {
        let one = &mut self.one.melds;
        Search {
            memo: self.deadwood,
            vecs: self.vecs.as_deref_mut(),
            goal: Goal::Least,
            policy: one.policy,
            nat: one.nat,
            table: one.table,
            rules: one.rules,
            ace_high: one.ace_high,
            partners: &[],
            wild: one.wild,
            takers: one.takers,
            least: one.least,
            pool: one.pool,
            lay: one.lay,
        }
    }

    /// Where in `costs` the least deadwood of the open cards in `mask` with
    /// `w` wilds (and the table melds of wilds alone in `wild_used` used)
    /// starts, for each card `j` of `want` in `mask` in the order of the
    /// bits the costs of `mask` less `j` for every other table meld used
    /// and whether the hand has a meld of its own, as `Search::best_vec`
    /// keeps them (module `complete`, step 24).
    fn least_each_vec(&mut self, mask: u32, w: u8, wild_used: u8) -> usize {
        let k = StateKey::new(mask, w, wild_used, false);
        if let Some((from, _)) = self.least.get(k) {
            return from as usize;
        }
        let out = self.decide_least_vec(mask, w, wild_used);
        let from = self.costs.len();
        self.costs.extend_from_slice(&out);
        self.least.insert(k, (from as u32, out.len() as u32));
        from
    }

    /// [`Every::least_each_vec`] for one state: [`Every::decide_least`]
    /// with each cost in place of the costs for every table meld used, each
    /// choice's moved as `Search::best_vec` moves them.
    fn decide_least_vec(&mut self, mask: u32, w: u8, wild_used: u8) -> Vec<u16> {
        let n = self.one.melds.least.answers();
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let want = mask & self.want;
        let place = |j: usize| rank_among(want, j) * n;
        // Step 30: the first costs of each half, those read; the others
        // are left as they are, never read.
        let reach = self.one.melds.least.reach(mask);
        let mut out = vec![INF; want.count_ones() as usize * n];
        let wild = self.one.melds.wild;
        if want & bit != 0 {
            let from = self.least_search().best_vec(mask & !bit, w, wild_used);
            let costs = &self.vecs.as_ref().expect("costs for every table meld used").costs;
            out[place(i)..place(i) + n].copy_from_slice(&costs[from..from + n]);
        }
        // Two wilds for each card: everything melds (the solver's step 6,
        // not under the half-wild limit).
        if !self.limited() && w as u32 >= 2 * (mask.count_ones() - 1) {
            for j in BitIter(want & !bit) {
                out[place(j)..place(j) + n].fill(0);
            }
            return out;
        }
        let live = want & !bit;
        if live == 0 {
            return out;
        }
        // The lowest open card left over.
        let value = self.one.nat.value[i];
        let from = self.least_each_vec(mask & !bit, w, wild_used);
        for j in BitIter(live) {
            let rest = from + self.rank_of(mask & !bit, j) * n;
            left_over(&mut out[place(j)..place(j) + n], &self.costs[rest..rest + n], reach, value);
        }
        let mut placed = self.one.placed.pop().unwrap_or_default();
        self.meld_choices_beside_wild(mask, w, wild_used, &mut placed);
        for &(used, need, with, own) in &placed {
            // A state is decided once nothing is left over.
            let read = |j: usize| [0, n / 2].map(|h| &out[place(j) + h..place(j) + h + reach]);
            let sub = BitIter(live & !used)
                .filter(|&j| read(j).iter().any(|costs| costs.iter().any(|&c| c != 0)))
                .fold(0u32, |b, j| b | 1 << j);
            if sub == 0 {
                continue;
            }
            let rest = mask & !used;
            let from = self.least_each_vec(rest, w - need, with & wild);
            for j in BitIter(sub) {
                let r = from + self.rank_of(rest, j) * n;
                take_choice(
                    &mut out[place(j)..place(j) + n],
                    &self.costs[r..r + n],
                    reach,
                    (with, own),
                    (wild_used, wild),
                    self.one.melds.least,
                );
            }
        }
        self.one.placed.push(placed);
        out
    }

    /// The choice the solver's search of the open cards in `mask` less `j`
    /// (a card of `want`, not the lowest) keeps for its lowest open card,
    /// with `w` wilds, the table melds used and whether the hand has a
    /// meld of its own: the first of its choices, in the search's order,
    /// whose cost and least after it are the least of the state (module
    /// `complete`, step 17). Its step, cards and wilds.
    pub(super) fn least_choice(
        &mut self,
        mask: u32,
        w: u8,
        (used_table, own): (u8, bool),
        j: usize,
    ) -> (Step, u32, u8) {
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let least = self.least_at(mask, w, (used_table, own), j);
        let dead = self.least_at(mask & !bit, w, (used_table, own), j);
        if dead != INF && dead + self.one.nat.value[i] == least {
            return (Step::Dead, bit, 0);
        }
        let mut choices = Vec::new();
        self.one.melds.choices_for_every_used(
            mask,
            w,
            used_table,
            own,
            &mut |_, step, used, wilds, with, own| {
                choices.push((step, used, wilds, with, own));
                false
            },
        );
        for (step, used, wilds, with, own) in choices {
            if used & (1 << j) == 0 && self.least_at(mask & !used, w - wilds, (with, own), j) == least {
                return (step, used, wilds);
            }
        }
        unreachable!("the least of a state comes from one of its choices")
    }

    /// Where in `costs` the least deadwood of the state starts, one cost
    /// for each card of `want` in `mask`, in the order of the bits.
    fn least_each(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> u32 {
        let k = key_of(self.one.melds.takers, self.one.melds.policy, mask, w, used_table, own);
        if let Some((from, _)) = self.least.get(k) {
            return from;
        }
        let out = self.decide_least(mask, w, used_table, own);
        let from = self.costs.len() as u32;
        let want = mask & self.want;
        self.costs.extend(BitIter(want).map(|j| out[j]));
        self.least.insert(k, (from, want.count_ones()));
        from
    }

    /// [`Every::least_each`] for one state (module `complete`, step 13):
    /// the lowest open card left over or in each meld it can go into, the
    /// least for each `j` over the choices that leave `j` open.
    fn decide_least(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> [u16; 32] {
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let want = mask & self.want;
        let mut out = [INF; 32];
        if want & bit != 0 {
            out[i] = self.least_search().best(mask & !bit, w, used_table, own);
        }
        // Two wilds for each card: everything melds (the solver's step 6,
        // not under the half-wild limit).
        let limited = self.limited();
        let mut live = 0u32;
        for j in BitIter(want & !bit) {
            if !limited && w as u32 >= 2 * (mask.count_ones() - 1) {
                out[j] = 0;
            } else {
                live |= 1 << j;
            }
        }
        if live == 0 {
            return out;
        }
        // The lowest open card left over.
        let value = self.one.nat.value[i];
        let from = self.least_each(mask & !bit, w, used_table, own) as usize;
        for j in BitIter(live) {
            let rest = self.costs[from + self.rank_of(mask & !bit, j)];
            if rest != INF {
                out[j] = out[j].min(rest + value);
            }
        }
        let mut placed = self.one.placed.pop().unwrap_or_default();
        self.meld_choices(mask, w, used_table, own, &mut placed);
        for &(used, need, with, own) in &placed {
            // A state is decided once nothing is left over.
            let sub = BitIter(live & !used).filter(|&j| out[j] != 0).fold(0u32, |b, j| b | 1 << j);
            if sub == 0 {
                continue;
            }
            let rest = mask & !used;
            let from = self.least_each(rest, w - need, with, own) as usize;
            for j in BitIter(sub) {
                out[j] = out[j].min(self.costs[from + self.rank_of(rest, j)]);
            }
        }
        self.one.placed.push(placed);
        out
    }

    /// Where `j` comes among the cards of `want` in `mask`.
    fn rank_of(&self, mask: u32, j: usize) -> usize {
        rank_among(mask & self.want, j)
    }

    /// Where in `arena` the slot's cards of the state start, and the cards
    /// `j` of `want` in `mask` that have some, as bits: one set for each,
    /// in the order of the bits (most have none, and take no room).
    fn cards_each(&mut self, less_one: bool, mask: u32, w: u8, used_table: u8, own: bool) -> (u32, u32) {
        if self.limited() {
            let at = self.cards_counted(less_one, mask, used_table, own);
            return self.cards_count(at, less_one, (mask, w, used_table, own));
        }
        let k = StateKey::new(mask, w, used_table, own).owing_one(less_one);
        if let Some(found) = self.cards.get(k) {
            return found;
        }
        // Module `complete`, step 19: with wilds free, and a meld of the
        // hand's own or a natural left besides the discards, only the `j`
        // whose rest melds with a wild more have cards to find.
        let gate = if !self.limited() && (own || mask.count_ones() >= 2 + less_one as u32) && w < u8::MAX {
            self.melds_each(less_one, mask, w + 1, used_table, own)
        } else {
            u32::MAX
        };
        if gate & mask & self.want == 0 {
            // No card to find for any `j` (most states): answered again
            // from the memo of `melds_each` when asked again, and kept out
            // of this one.
            return (self.arena.len() as u32, 0);
        }
        let out = self.decide_cards(less_one, mask, w, used_table, own, gate);
        let from = self.arena.len() as u32;
        let found = BitIter(mask & self.want).filter(|&j| out[j] != 0).fold(0, |b, j| b | 1 << j);
        self.arena.extend(BitIter(found).map(|j| out[j]));
        self.cards.insert(k, (from, found));
        (from, found)
    }

    /// Under the half-wild limit: where in `arena` the state's answers of
    /// [`Every::cards_each`] are found, one word for each count of wilds
    /// from none to [`Every::most_count`], each searched when first asked
    /// (module `complete`, step 26): its `(from, found)` in the low 64
    /// bits, and bit 64 once searched.
    fn cards_counted(&mut self, less_one: bool, mask: u32, used_table: u8, own: bool) -> usize {
        let k = StateKey::new(mask, 0, used_table, own).owing_one(less_one);
        if let Some((at, _)) = self.cards.get(k) {
            return at as usize;
        }
        let at = self.arena.len();
        self.arena.resize(at + self.most_count() as usize + 1, 0);
        self.cards.insert(k, (at as u32, 0));
        at
    }

    /// The answer for `w` wilds of the state whose answers
    /// [`Every::cards_counted`] keeps at `at`, searched where not yet.
    fn cards_count(
        &mut self,
        at: usize,
        less_one: bool,
        (mask, w, used_table, own): (u32, u8, u8, bool),
    ) -> (u32, u32) {
        if w > self.most_count() {
            return (0, 0);
        }
        let word = self.arena[at + w as usize];
        if word >> 64 != 0 {
            return (word as u32, (word >> 32) as u32);
        }
        let out = self.decide_cards(less_one, mask, w, used_table, own, u32::MAX);
        let from = self.arena.len() as u32;
        let found = BitIter(mask & self.want).filter(|&j| out[j] != 0).fold(0, |b, j| b | 1 << j);
        self.arena.extend(BitIter(found).map(|j| out[j]));
        self.arena[at + w as usize] = 1 << 64 | (found as u128) << 32 | from as u128;
        (from, found)
    }

    /// Gives each `j` of `sub` the slot's cards of the open cards in
    /// `rest` less `j`, with `w - k` wilds for each `k` in `ks` (the answers
    /// of `cards_each`, under the limit found together).
    fn add_cards_over(
        &mut self,
        out: &mut [u128; 32],
        sub: u32,
        less_one: bool,
        (rest, w, used_table, own): (u32, u8, u8, bool),
        ks: std::ops::RangeInclusive<u8>,
    ) {
        if !self.limited() {
            for k in ks {
                self.add_cards(out, sub, less_one, (rest, w - k, used_table, own));
            }
            return;
        }
        let at = self.cards_counted(less_one, rest, used_table, own);
        for k in ks {
            let found = self.cards_count(at, less_one, (rest, w - k, used_table, own));
            for j in BitIter(sub & found.1) {
                out[j] |= self.cards_at(found, j);
            }
        }
    }

    /// Gives each `j` of `sub` the slot's cards of `mask` less `j` (a
    /// state's answer from `cards_each`, which holds them).
    fn add_cards(&mut self, out: &mut [u128; 32], sub: u32, less_one: bool, state: (u32, u8, u8, bool)) {
        let (mask, w, used_table, own) = state;
        let found = self.cards_each(less_one, mask, w, used_table, own);
        for j in BitIter(sub & found.1) {
            out[j] |= self.cards_at(found, j);
        }
    }

    /// Adds `cards` to the slot's cards of each `j` of `sub` lacking some
    /// of them for which the open cards in `rest` less `j` meld
    /// (`less_one`: less one more card, discarded), the table melds used
    /// and whether the hand has a meld of its own as given, once a meld
    /// with the slot's card takes from `need` (at most `w`) to `most` of
    /// the `w` wilds (the counts `Every::counts` tries).
    fn add_where_melds(
        &mut self,
        out: &mut [u128; 32],
        (sub, cards): (u32, u128),
        less_one: bool,
        (rest, w, used_table, own): (u32, u8, u8, bool),
        (need, most): (u8, u8),
    ) {
        let mut lack = lacking(out, sub, cards);
        if self.limited() {
            // Every count of wilds from one entry (step 25).
            if lack != 0 && need <= most.min(w) {
                let counts = (w - most.min(w), w - need);
                let yes = self.melds_with_any(less_one, (rest, used_table, own), counts, lack);
                for j in BitIter(yes) {
                    out[j] |= cards;
                }
            }
            return;
        }
        for k in self.counts(need, most.min(w)) {
            if lack == 0 {
                break;
            }
            let yes = self.melds_each(less_one, rest, w - k, used_table, own) & lack;
            for j in BitIter(yes) {
                out[j] |= cards;
            }
            lack &= !yes;
        }
    }

    /// The melds the lowest open card of `mask` can go into where every
    /// card must meld, with the wilds each takes, as the solver's search
    /// tries them for every set of table melds used beyond `used_table`
    /// at once (`Search::choices_for_every_used`: under the half-wild
    /// limit, every count of wilds each meld may take).
    fn meld_choices(&mut self, mask: u32, w: u8, used_table: u8, own: bool, out: &mut Vec<Placed>) {
        out.clear();
        self.one.melds.choices_for_every_used(
            mask,
            w,
            used_table,
            own,
            &mut |_, _, used, wilds, with, own| {
                out.push((used, wilds, with, own));
                false
            },
        );
    }

    /// [`Every::meld_choices`] of a search keyed by the table melds of
    /// wilds alone used, `wild_used` (`Search::choices_beside_wild`).
    fn meld_choices_beside_wild(&mut self, mask: u32, w: u8, wild_used: u8, out: &mut Vec<Placed>) {
        out.clear();
        self.one.melds.choices_beside_wild(mask, w, wild_used, &mut |_, _, used, wilds, with, own| {
            out.push((used, wilds, with, own));
            false
        });
    }

    /// [`Every::melds_each`] for one state (module `complete`, steps 9 and
    /// 11, and 14 and 25 under the half-wild limit).
    fn decide_melds(&mut self, less_one: bool, mask: u32, w: u8, used_table: u8, own: bool) -> u32 {
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let want = mask & self.want;
        let mut yes = 0u32;
        // The lowest open card is the one to choose: the question of the
        // cards above it.
        let limited = self.limited();
        if want & bit != 0 {
            let rest = mask & !bit;
            let found = if limited {
                self.one.rest_melds_limited(less_one, rest, w, used_table, own)
            } else if less_one && rest != 0 && self.want == self.copies {
                // Whether the rest less some natural melds (step 18).
                self.melds_each(false, rest, w, used_table, own) != 0
            } else if less_one {
                self.one.melds_less_one(rest, w, used_table, own)
            } else {
                self.one.melds(rest, w, used_table, own)
            };
            if found {
                yes |= bit;
            }
        }
        // The others: the same first answers as the search of `mask` less
        // `j` gives before its memo.
        let alone = alone_each(self.one.melds.partners_at(used_table), mask);
        let count = mask.count_ones() - 1;
        let w32 = w as u32;
        let mut live = 0u32;
        for j in BitIter(want & !bit) {
            let a = alone[j] as u32;
            if limited {
                // Under the limit a natural with no partner melds in
                // nothing: it is the discard, or nothing melds.
                if a <= less_one as u32 {
                    live |= 1 << j;
                }
            } else if less_one {
                if count >= 2 && w32 >= 2 * (count - 1) {
                    yes |= 1 << j;
                } else if !(a >= 1 && 2 * (a - 1) > w32) {
                    live |= 1 << j;
                }
            } else if w32 >= 2 * count {
                yes |= 1 << j;
            } else if 2 * a <= w32 {
                live |= 1 << j;
            }
        }
        if live == 0 {
            return yes;
        }
        if less_one {
            // The lowest open card discarded: the rest melds completely.
            yes |= self.melds_each(false, mask & !bit, w, used_table, own) & live;
        }
        let mut placed = self.one.placed.pop().unwrap_or_default();
        self.meld_choices(mask, w, used_table, own, &mut placed);
        let mut last: Option<(u32, u8, bool, usize)> = None;
        for &(used, need, with, own) in &placed {
            let sub = live & !used & !yes;
            if sub == 0 {
                continue;
            }
            let rest = mask & !used;
            yes |= if limited {
                // The counts of one meld follow each other: one entry for
                // all (step 25).
                let at = match last {
                    Some((r, t, o, at)) if (r, t, o) == (rest, with, own) => at,
                    _ => self.melds_counted(less_one, rest, with, own),
                };
                last = Some((rest, with, own, at));
                self.melds_count(at, less_one, (rest, w - need, with, own))
            } else {
                self.melds_each(less_one, rest, w - need, with, own)
            } & sub;
            if live & !yes == 0 {
                break;
            }
        }
        self.one.placed.push(placed);
        yes
    }

    /// Whether at most half of a meld may be wild.
    fn limited(&self) -> bool {
        self.one.melds.policy.limited()
    }

    /// The counts of wilds a meld needing `need` is tried with: just those
    /// where wilds are free (more are placed at no cost, the solver's step
    /// 5); under the half-wild limit every count up to `most` (step 9a).
    fn counts(&self, need: u8, most: u8) -> std::ops::RangeInclusive<u8> {
        if self.limited() { need..=most } else { need..=need }
    }

    /// The slot's cards of one state, for each card of `want` open, by its
    /// bit (module `complete`, steps 9 to 11, and 14 under the half-wild
    /// limit): `Complete::decide` (or `Complete::decide_limited`) for
    /// `mask` less each `j`, its choices those of `mask` that leave `j`
    /// open. Only the `j` in `gate` are asked; the others have no cards
    /// (step 19).
    fn decide_cards(
        &mut self,
        less_one: bool,
        mask: u32,
        w: u8,
        used_table: u8,
        own: bool,
        gate: u32,
    ) -> [u128; 32] {
        let nat = self.one.nat;
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let (rank, suit) = (nat.rank[i], nat.suit[i] as usize);
        let want = mask & self.want & gate;
        let limited = self.limited();
        let mut out = [0u128; 32];
        if want & bit != 0 {
            let rest = mask & !bit;
            out[i] = if limited {
                self.one.cards_limited_with(less_one, rest, w, used_table, own)
            } else if less_one && rest == 0 {
                // Nothing left to discard.
                0
            } else if less_one && self.want == self.copies {
                // The cards completing the rest less each natural `e` in
                // turn, the discard still to make (step 18).
                let (from, found) = self.cards_each(false, rest, w, used_table, own);
                let (from, n) = (from as usize, found.count_ones() as usize);
                self.arena[from..from + n].iter().fold(0, |b, &c| b | c)
            } else {
                self.one.next_cards(self.one.every_meld(), less_one, rest, w, used_table, own)
            };
        }
        // The first answers the search of one hand gives before its memo.
        let alone = alone_each(self.one.melds.partners_at(used_table), mask);
        let count = mask.count_ones() - 1;
        let w32 = w as u32;
        let mut live = 0u32;
        for j in BitIter(want & !bit) {
            let a = alone[j] as u32;
            if limited {
                // A natural with no partner melds only with the slot's
                // card, or is discarded.
                if a <= 1 + less_one as u32 {
                    live |= 1 << j;
                }
            } else if less_one {
                if w32 >= 2 * count {
                    out[j] = NATURALS;
                } else if !(a >= 2 && 2 * a - 3 > w32) {
                    live |= 1 << j;
                }
            } else if w32 >= 2 * (count + 1) {
                out[j] = NATURALS;
            } else if !(a > 0 && 2 * a - 1 > w32) {
                live |= 1 << j;
            }
        }
        if live == 0 {
            return out;
        }
        if less_one {
            // The lowest open card discarded.
            self.add_cards(&mut out, live, false, (mask & !bit, w, used_table, own));
        }

        // Sets of the lowest open card's rank, the slot in them or not (no
        // more wilds than naturals under the limit).
        let same = rank_bits(rank);
        let mut sets = self.one.sets.pop().unwrap_or_default();
        set_groups(nat, i, mask, &mut sets);
        for &used in &sets {
            let sub = live & !used;
            if sub == 0 {
                continue;
            }
            let size = used.count_ones() as u8;
            let rest = mask & !used;
            let need = 3u8.saturating_sub(size);
            if need <= w {
                let ks = self.counts(need, size.min(w));
                self.add_cards_over(&mut out, sub, less_one, (rest, w, used_table, true), ks);
            }
            let need = 3u8.saturating_sub(size + 1);
            if need <= w {
                self.add_where_melds(
                    &mut out,
                    (sub, same),
                    less_one,
                    (rest, w, used_table, true),
                    (need, size + 1),
                );
            }
        }
        self.one.sets.push(sets);

        // Runs from the lowest open card, the slot on a free place or not
        // (under the limit within the deck's places, no more wilds than
        // naturals).
        let (top, bottom) = (top_place(self.one.rules), bottom_place(self.one.rules));
        let run_places = top - bottom + 1;
        let mut runs = self.one.runs.pop().unwrap_or_default();
        let budget = w.saturating_add(1);
        slot_runs(nat, i, mask, budget, self.one.rules, self.one.ace_high, &mut runs);
        let (suit_cards, place_bits) = (SUIT_BITS[suit], &PLACE_BITS[suit]);
        for &run in &runs {
            let sub = live & !run.used;
            if sub == 0 {
                continue;
            }
            let n = run.taken.count_ones() as u8;
            let (lo, hi) = (run.taken.trailing_zeros() as u8, 15 - run.taken.leading_zeros() as u8);
            let least = (hi - lo + 1).max(3);
            let rest = mask & !run.used;
            let need = least - n;
            if n >= 2 && need <= w {
                let ks = self.counts(need, n.min(w).min(run_places.saturating_sub(n)));
                self.add_cards_over(&mut out, sub, less_one, (rest, w, used_table, true), ks);
            }
            // The slot's card on a free place: with `k` wilds the run spans
            // `n + 1 + k` places, so the place lies in that window around
            // the run's cards.
            let mut alive = lacking(&out, sub, suit_cards);
            if alive == 0 {
                continue;
            }
            let most = if limited { w.min(n + 1) } else { w };
            let mut counts = None;
            for k in 0..=most {
                let len = n + 1 + k;
                if len < least {
                    continue;
                }
                if limited && len > run_places {
                    break;
                }
                let new = free_places(place_bits, run.taken, (lo, hi), len, (bottom, top));
                if limited {
                    // Every count of wilds, each `j` asked for what it lacks.
                    let ask = BitIter(sub).filter(|&j| new & !out[j] != 0).fold(0u32, |b, j| b | 1 << j);
                    if ask == 0 {
                        continue;
                    }
                    let at =
                        *counts.get_or_insert_with(|| self.melds_counted(less_one, rest, used_table, true));
                    let yes = self.melds_count(at, less_one, (rest, w - k, used_table, true)) & ask;
                    for j in BitIter(yes) {
                        out[j] |= new;
                    }
                    continue;
                }
                // Wilds free: while the rest melds (fewer wilds left never
                // help, the solver's steps 5 and 6).
                if new == 0 {
                    continue;
                }
                alive &= self.melds_each(less_one, rest, w - k, used_table, true);
                if alive == 0 {
                    break;
                }
                for j in BitIter(alive) {
                    out[j] |= new;
                }
            }
        }
        self.one.runs.push(runs);

        // Laid off onto a table meld not used yet, the slot's card in the
        // group or not (under the limit, within the room it leaves).
        let table = self.one.table;
        for (m, (naturals, size)) in table.iter().enumerate() {
            if used_table & (1 << m) != 0 || self.one.melds.takers[m] & bit == 0 {
                continue;
            }
            let groups = self.one.melds.lay.of(
                nat,
                i,
                mask,
                (m, budget, true),
                (naturals, *size),
                self.one.rules,
                self.one.ace_high,
            );
            for g in groups {
                let g = self.one.melds.lay.group(g);
                let sub = live & !g.used;
                if sub == 0 {
                    continue;
                }
                let rest = mask & !g.used;
                let with = used_table | 1 << m;
                if let Some(need) = g.need
                    && need <= w
                    && (g.fits || !limited)
                {
                    let ks = self.counts(need, need + g.room.min(w - need));
                    self.add_cards_over(&mut out, sub, less_one, (rest, w, with, own), ks);
                }
                for s in 0..g.slot_len as usize {
                    let (need, more, cards) = self.one.melds.lay.slots[g.slot_from as usize + s];
                    if need > w {
                        continue;
                    }
                    self.add_where_melds(
                        &mut out,
                        (sub, cards),
                        less_one,
                        (rest, w, with, own),
                        (need, need.saturating_add(more)),
                    );
                }
            }
        }
        out
    }
}
