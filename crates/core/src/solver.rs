//! The exact meld solver: the lowest deadwood a hand can score.
//!
//! Wild cards are interchangeable inside melds, so the search runs over the
//! natural cards only, with a budget of wilds. It always decides the lowest
//! natural card still open: it is deadwood, or in a set of its rank, or at
//! the bottom of a run of its suit (at the top, for an ace played high), or
//! laid off onto a meld on the table. Every choice is memoised on (open cards,
//! wilds left), which makes the search exact and quick.
//!
//! Wilds left over once the naturals are placed cost nothing as long as the
//! hand has a meld: a set takes any number of wilds, a run grows until it
//! fills the ranks, and a full run splits in two that can grow again. Without
//! a meld, three or more wilds make one of their own where the rules allow it.
//! So the search minimises the naturals' deadwood, and the most valuable
//! wilds are the ones put to work.

use crate::card::{Card, Rank, Suit};
use crate::rules::Rules;

/// The most melds on the table that cards may be laid off onto.
pub const MAX_TABLE_MELDS: usize = 8;

/// Whether a meld is a set (one rank) or a run (one suit, consecutive ranks).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "lowercase"))]
pub enum MeldKind {
    Set,
    Run,
}

/// A wild card and the card it stands for in its meld.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WildRole {
    pub card: Card,
    #[cfg_attr(feature = "serde", serde(rename = "as"))]
    pub stands_for: Card,
}

/// One meld of an arrangement: the hand's cards in it and what each wild
/// stands for. A meld laid off onto the table names the table meld.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Meld {
    pub kind: MeldKind,
    /// The hand's cards in the meld, in the meld's order.
    pub cards: Vec<Card>,
    /// The wild cards among `cards`, each with the card it stands for.
    pub wilds: Vec<WildRole>,
    /// The table meld these cards were laid off onto.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub onto: Option<Vec<Card>>,
}

/// One best arrangement of a hand.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Arrangement {
    /// The points of the unmelded cards: the hand's minimum deadwood.
    pub deadwood: u32,
    pub melds: Vec<Meld>,
    /// The cards in no meld, highest value first.
    pub unmelded: Vec<Card>,
}

/// Melds on the table that cards cannot be laid off onto.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TableMeldError {
    /// More table melds than [`MAX_TABLE_MELDS`].
    TooMany { count: usize },
    /// A table meld that is not a valid meld in a round with this wild rank.
    NotAMeld { meld: Vec<Card>, wild: Rank },
}

impl std::fmt::Display for TableMeldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableMeldError::TooMany { count } => {
                write!(f, "at most {MAX_TABLE_MELDS} table melds can be given, not {count}")
            }
            TableMeldError::NotAMeld { meld, wild } => {
                let text: Vec<String> = meld.iter().map(|c| c.ascii()).collect();
                write!(f, "the table meld \"{}\" is not a meld with {} wild", text.join(" "), wild.plural())
            }
        }
    }
}

impl std::error::Error for TableMeldError {}

/// What the solver knows of the round: the rules, the wild rank, and the
/// melds on the table that cards may be laid off onto.
#[derive(Clone, Debug)]
pub struct Table {
    rules: Rules,
    wild: Rank,
    onto: Vec<Vec<Card>>,
}

impl Table {
    pub fn new(rules: &Rules, wild: Rank) -> Table {
        Table { rules: *rules, wild, onto: Vec::new() }
    }

    /// Adds the table melds, which must each be a valid meld. They count only
    /// when the rules allow laying off.
    pub fn with_onto(mut self, melds: Vec<Vec<Card>>) -> Result<Table, TableMeldError> {
        if melds.len() > MAX_TABLE_MELDS {
            return Err(TableMeldError::TooMany { count: melds.len() });
        }
        for meld in &melds {
            let (naturals, wilds): (Vec<Card>, Vec<Card>) =
                meld.iter().partition(|&&c| !self.rules.is_wild(c, self.wild));
            if meld.len() < 3 || extra_wilds_needed(&self.rules, &naturals, wilds.len(), 0) != Some(0) {
                return Err(TableMeldError::NotAMeld { meld: meld.clone(), wild: self.wild });
            }
        }
        self.onto = melds;
        Ok(self)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn wild(&self) -> Rank {
        self.wild
    }

    pub fn is_wild(&self, card: Card) -> bool {
        self.rules.is_wild(card, self.wild)
    }

    fn lay_off_melds(&self) -> &[Vec<Card>] {
        if self.rules.lay_off { &self.onto } else { &[] }
    }
}

/// How many wilds must join `naturals` and `wilds` already in a meld of
/// `already` other cards so that together they make one valid meld, or None
/// if they cannot. Used for table melds and lay-offs.
fn extra_wilds_needed(rules: &Rules, naturals: &[Card], wilds: usize, already: usize) -> Option<usize> {
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
            let mut ranks: Vec<u8> = naturals
                .iter()
                .map(|c| match c.rank().map(Rank::number) {
                    Some(1) if high => 14,
                    Some(n) => n,
                    None => 0,
                })
                .collect();
            ranks.sort_unstable();
            if ranks.windows(2).any(|w| w[0] == w[1]) {
                continue;
            }
            let span = (ranks[ranks.len() - 1] - ranks[0] + 1) as usize;
            let length = span.max(3).max(total);
            let max_len = if rules.ace_high { 14 } else { 13 };
            if length > max_len {
                continue;
            }
            let need = length - total;
            best = Some(best.map_or(need, |b| b.min(need)));
        }
    }
    best
}

const INF: u16 = u16::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// The lowest open card is deadwood.
    Dead,
    /// A set of the cards in `used`.
    Set,
    /// A run of the cards in `used`, from rank `low` (14 stands for a high ace).
    Run { low: u8 },
    /// The cards in `used` laid off onto table meld `meld`.
    Lay { meld: u8 },
    /// Every open card in sets of its rank, padded with wilds.
    AllSets,
}

#[derive(Clone, Copy, Debug)]
struct Choice {
    step: Step,
    used: u32,
    wilds: u8,
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    stamp: u32,
    cost: u16,
    choice: Choice,
}

/// An open-addressing memo cleared in O(1) by bumping a stamp, so one
/// allocation serves many hands.
#[derive(Debug)]
struct Memo {
    slots: Vec<Slot>,
    stamp: u32,
    len: usize,
}

const EMPTY_CHOICE: Choice = Choice { step: Step::Dead, used: 0, wilds: 0 };

impl Memo {
    fn new() -> Memo {
        Memo { slots: Vec::new(), stamp: 1, len: 0 }
    }

    fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| s.stamp = 0);
            self.stamp = 1;
        }
        self.len = 0;
        if self.slots.is_empty() {
            self.slots = vec![Slot { key: 0, stamp: 0, cost: 0, choice: EMPTY_CHOICE }; 1 << 10];
        }
    }

    fn index(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.slots.len() - 1)
    }

    fn get(&self, key: u64) -> Option<(u16, Choice)> {
        let mut i = self.index(key);
        loop {
            let s = &self.slots[i];
            if s.stamp != self.stamp {
                return None;
            }
            if s.key == key {
                return Some((s.cost, s.choice));
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    fn insert(&mut self, key: u64, cost: u16, choice: Choice) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mut i = self.index(key);
        loop {
            let stamp = self.stamp;
            let s = &mut self.slots[i];
            if s.stamp != stamp || s.key == key {
                if s.stamp != stamp {
                    self.len += 1;
                }
                *s = Slot { key, stamp, cost, choice };
                return;
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let stamp = self.stamp;
        self.slots = vec![Slot { key: 0, stamp: 0, cost: 0, choice: EMPTY_CHOICE }; old.len() * 2];
        self.len = 0;
        for s in old.into_iter().filter(|s| s.stamp == stamp) {
            self.insert(s.key, s.cost, s.choice);
        }
    }
}

/// The natural cards of one hand, sorted by rank then suit, and lookups.
#[derive(Debug, Default)]
struct Naturals {
    cards: Vec<Card>,
    value: Vec<u16>,
    rank: Vec<u8>,
    suit: Vec<u8>,
    /// `at[suit][rank]`: the natural cards of that suit and rank (ranks 1-13).
    at: [[u32; 14]; 4],
    /// For each card, the cards after it of the same rank.
    same_rank_after: Vec<u32>,
}

impl Naturals {
    fn load(&mut self, cards: &[Card], rules: &Rules) {
        self.cards.clear();
        self.cards.extend_from_slice(cards);
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
    fn at_pos(&self, s: usize, pos: u8) -> u32 {
        self.at[s][if pos == 14 { 1 } else { pos as usize }]
    }
}

/// A reusable solver: one per thread, many hands.
#[derive(Debug)]
pub struct Solver {
    memo: Memo,
    nat: Naturals,
    /// Lay-off targets: for each table meld, its naturals and its size.
    table: Vec<(Vec<Card>, usize)>,
    ace_high: bool,
    rules: Rules,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

struct Search<'a> {
    memo: &'a mut Memo,
    /// Only whether every card melds matters: no card may be deadwood.
    zero: bool,
    nat: &'a Naturals,
    table: &'a [(Vec<Card>, usize)],
    rules: &'a Rules,
    ace_high: bool,
}

fn key(mask: u32, w: u8, used_table: u8, own: bool) -> u64 {
    mask as u64 | (w as u64) << 20 | (used_table as u64) << 28 | (own as u64) << 36
}

impl Search<'_> {
    /// The least deadwood of the open natural cards in `mask` with `w` wilds
    /// to spend. `used_table` marks table melds already laid off onto, `own`
    /// whether the hand has a meld of its own (needed to lay off at all).
    fn best(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> u16 {
        if mask == 0 {
            return if used_table != 0 && !own { INF } else { 0 };
        }
        // Any natural with two wilds is a set: with enough wilds, all meld.
        if w as u32 >= 2 * mask.count_ones() {
            return 0;
        }
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

        // The card is deadwood.
        if !self.zero {
            let rest = self.best(mask & !bit, w, used_table, own);
            if rest != INF {
                consider(rest + nat.value[i], Step::Dead, bit, 0);
            }
        }

        // A set: this card and any of the other open cards of its rank.
        // Identical copies are interchangeable, so take the lowest first.
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

        // A run with this card at the bottom, or an ace at the top.
        let suit = nat.suit[i] as usize;
        let rank = nat.rank[i];
        let top = if self.ace_high && rank == 1 { 14 } else { 13 };
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

/// Which way a walk along the places of a run goes.
#[derive(Clone, Copy, Debug)]
enum Dir {
    Up,
    Down,
}

impl Dir {
    fn next(self, pos: u8) -> u8 {
        match self {
            Dir::Up => pos + 1,
            Dir::Down => pos - 1,
        }
    }

    /// Whether `pos` lies beyond `end` in this direction.
    fn past(self, pos: u8, end: u8) -> bool {
        match self {
            Dir::Up => pos > end,
            Dir::Down => pos < end,
        }
    }
}

/// Walks the places of a run away from the lowest open card (upward, or
/// downward from an ace played high), each place taken by a natural card or
/// a wild; each run found ends on a natural card.
struct RunWalk<'a> {
    nat: &'a Naturals,
    suit: usize,
    mask: u32,
    w: u8,
    /// The run's lowest place when walking up.
    bottom: u8,
    /// Each run found: the cards used, the wilds it needs, its lowest place.
    runs: Vec<(u32, u8, u8)>,
}

impl RunWalk<'_> {
    fn walk(&mut self, dir: Dir, pos: u8, end: u8, used: u32, len: u8, gaps: u8) {
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

/// The groups of open cards, each holding the lowest open card `i`, that
/// could be laid off together onto a table meld with `naturals` and
/// `table_wilds` wild cards: cards of its rank onto a set, or cards of its
/// suit extending a run, with at most `w` wilds of the hand's to fill holes.
/// Every group is checked against the rules by the caller.
fn lay_off_groups(
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
            let pos = match c.rank().map_or(0, Rank::number) {
                1 if high => 14,
                n => n,
            };
            taken |= 1 << pos;
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
            let top = if ace_high { 14 } else { 13 };
            walk.walk(Dir::Up, q + 1, top, bit, holes, true, &mut out);
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

/// The lowest `n` bits of `bits`.
fn lowest_bits(mut bits: u32, n: u32) -> u32 {
    let mut out = 0;
    for _ in 0..n {
        let low = bits & bits.wrapping_neg();
        out |= low;
        bits &= !low;
    }
    out
}

/// The subsets of `bits`, counting identical cards once per number taken.
fn subsets(bits: u32, nat: &Naturals) -> Vec<u32> {
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

struct BitIter(u32);

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

impl Solver {
    pub fn new() -> Solver {
        Solver {
            memo: Memo::new(),
            nat: Naturals::default(),
            table: Vec::new(),
            ace_high: false,
            rules: Rules::default(),
        }
    }

    fn prepare(&mut self, hand: &[Card], table: &Table) -> (Vec<Card>, u8) {
        let (naturals, mut wilds): (Vec<Card>, Vec<Card>) = hand.iter().partition(|&&c| !table.is_wild(c));
        assert!(naturals.len() <= 20 && wilds.len() <= 31, "hand too large to solve");
        self.nat.load(&naturals, &table.rules);
        self.rules = table.rules;
        self.ace_high = table.rules.ace_high;
        self.table = table
            .lay_off_melds()
            .iter()
            .map(|m| {
                let nats: Vec<Card> = m.iter().copied().filter(|&c| !table.is_wild(c)).collect();
                (nats, m.len())
            })
            .collect();
        self.memo.clear();
        // The most valuable wilds are the ones to put to work.
        wilds.sort_by(|a, b| table.rules.value(*b).cmp(&table.rules.value(*a)).then(a.cmp(b)));
        let w = wilds.len() as u8;
        (wilds, w)
    }

    fn search(&mut self, zero: bool) -> Search<'_> {
        Search {
            memo: &mut self.memo,
            zero,
            nat: &self.nat,
            table: &self.table,
            rules: &self.rules,
            ace_high: self.ace_high,
        }
    }

    /// The minimum deadwood of `hand`, without building the arrangement.
    pub fn deadwood(&mut self, hand: &[Card], table: &Table) -> u32 {
        let (wilds, w) = self.prepare(hand, table);
        let full = full_mask(self.nat.cards.len());
        let natural_dead = self.search(false).best(full, w, 0, false) as u32;
        self.total(natural_dead, &wilds, table)
    }

    /// Whether `hand` melds completely (deadwood 0). Quicker than
    /// `deadwood`: no card may be left over, which prunes the search.
    pub fn goes_out(&mut self, hand: &[Card], table: &Table) -> bool {
        let (wilds, w) = self.prepare(hand, table);
        let full = full_mask(self.nat.cards.len());
        let natural_dead = self.search(true).best(full, w, 0, false);
        natural_dead != INF && self.total(natural_dead as u32, &wilds, table) == 0
    }

    /// The total deadwood given the naturals' part: wilds left over cost
    /// nothing unless the hand has no meld at all.
    fn total(&self, natural_dead: u32, wilds: &[Card], table: &Table) -> u32 {
        let all_naturals: u32 = self.nat.value.iter().map(|&v| v as u32).sum();
        let has_meld = natural_dead < all_naturals;
        if has_meld || wilds.is_empty() || (wilds.len() >= 3 && table.rules.all_wild_melds) {
            natural_dead
        } else {
            natural_dead + wilds.iter().map(|&c| table.rules.value(c)).sum::<u32>()
        }
    }

    /// One best arrangement of `hand`.
    pub fn solve(&mut self, hand: &[Card], table: &Table) -> Arrangement {
        let (wilds, w) = self.prepare(hand, table);
        let full = full_mask(self.nat.cards.len());
        let natural_dead = self.search(false).best(full, w, 0, false) as u32;
        let deadwood = self.total(natural_dead, &wilds, table);

        // Follow the memoised choices.
        let mut groups: Vec<(Step, u32, u8)> = Vec::new();
        let (mut mask, mut left, mut used_table, mut own) = (full, w, 0u8, false);
        while mask != 0 {
            if left as u32 >= 2 * mask.count_ones() {
                groups.push((Step::AllSets, mask, 0));
                break;
            }
            let (_, c) = self.memo.get(key(mask, left, used_table, own)).expect("solved state");
            groups.push((c.step, c.used, c.wilds));
            mask &= !c.used;
            left -= c.wilds;
            match c.step {
                Step::Set | Step::Run { .. } => own = true,
                Step::Lay { meld } => used_table |= 1 << meld,
                _ => {}
            }
        }
        self.build(groups, wilds, table, deadwood)
    }

    fn build(
        &self,
        groups: Vec<(Step, u32, u8)>,
        wilds: Vec<Card>,
        table: &Table,
        deadwood: u32,
    ) -> Arrangement {
        let nat = &self.nat;
        let top = if self.ace_high { 14 } else { 13 };
        let mut spare = wilds.into_iter();
        let mut melds: Vec<Group> = Vec::new();
        let mut unmelded = Vec::new();
        for (step, used, need) in groups {
            let cards: Vec<Card> = BitIter(used).map(|j| nat.cards[j]).collect();
            let mut take: Vec<Card> = spare.by_ref().take(need as usize).collect();
            match step {
                Step::Dead => unmelded.extend(cards),
                Step::Set => melds.push(Group::set(&cards, take, rank_of(cards[0]), None)),
                Step::AllSets => {
                    let mut by_rank: Vec<Vec<Card>> = Vec::new();
                    for c in cards {
                        match by_rank.last_mut() {
                            Some(g) if g[0].rank() == c.rank() => g.push(c),
                            _ => by_rank.push(vec![c]),
                        }
                    }
                    for g in by_rank {
                        take = spare.by_ref().take(3usize.saturating_sub(g.len())).collect();
                        melds.push(Group::set(&g, take, rank_of(g[0]), None));
                    }
                }
                Step::Run { low } => {
                    let suit = cards[0].suit().expect("natural");
                    let mut g = Group::run(suit, top, None);
                    for c in &cards {
                        let pos = match rank_of(*c).number() {
                            1 if low > 1 || g.placed.iter().any(|p| p.0 == 1) => 14,
                            n => n,
                        };
                        g.placed.push((pos, *c, None));
                    }
                    g.fill_gaps(&mut take);
                    g.extend(take);
                    melds.push(g);
                }
                Step::Lay { meld } => {
                    let onto = table.lay_off_melds()[meld as usize].clone();
                    melds.push(Group::lay_off(&cards, take, onto, table));
                }
            }
        }
        let rest: Vec<Card> = spare.collect();
        if !rest.is_empty() {
            if melds.iter().any(|m| m.onto.is_none()) {
                absorb(&mut melds, rest);
            } else if rest.len() >= 3 && table.rules.all_wild_melds {
                melds.push(Group::set(&[], rest, table.wild, None));
            } else {
                unmelded.extend(rest);
            }
        }
        unmelded.sort_by(|a, b| table.rules.value(*b).cmp(&table.rules.value(*a)).then(a.cmp(b)));
        debug_assert_eq!(unmelded.iter().map(|&c| table.rules.value(c)).sum::<u32>(), deadwood);
        Arrangement { deadwood, melds: melds.into_iter().map(Group::into_meld).collect(), unmelded }
    }
}

fn full_mask(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

fn rank_of(card: Card) -> Rank {
    card.rank().expect("a natural card")
}

/// A meld being built: each card with its place (the rank it holds in a
/// run, 14 for a high ace) and, for a wild, the card it stands for.
#[derive(Debug)]
struct Group {
    kind: MeldKind,
    /// A set's rank, or a run's suit and highest position.
    rank: Option<Rank>,
    suit: Option<Suit>,
    top: u8,
    placed: Vec<(u8, Card, Option<Card>)>,
    onto: Option<Vec<Card>>,
}

impl Group {
    /// A set; each wild stands for a card of the rank in a suit the naturals
    /// do not show, where one is left.
    fn set(naturals: &[Card], wilds: Vec<Card>, rank: Rank, onto: Option<Vec<Card>>) -> Group {
        let mut g =
            Group { kind: MeldKind::Set, rank: Some(rank), suit: None, top: 0, placed: Vec::new(), onto };
        g.placed.extend(naturals.iter().map(|&c| (0, c, None)));
        g.extend(wilds);
        g
    }

    fn run(suit: Suit, top: u8, onto: Option<Vec<Card>>) -> Group {
        Group { kind: MeldKind::Run, rank: None, suit: Some(suit), top, placed: Vec::new(), onto }
    }

    /// Cards laid off onto a table meld: the table's own wilds take the
    /// first free places of a run, the hand's wilds the next.
    fn lay_off(cards: &[Card], mut wilds: Vec<Card>, onto: Vec<Card>, table: &Table) -> Group {
        let naturals: Vec<Card> = onto.iter().chain(cards).copied().filter(|&c| !table.is_wild(c)).collect();
        if naturals.iter().all(|c| c.rank() == naturals[0].rank()) {
            return Group::set(cards, wilds, rank_of(naturals[0]), Some(onto));
        }
        let suit = naturals[0].suit().expect("natural");
        let top = if table.rules.ace_high { 14 } else { 13 };
        // An ace plays high when only that way do the cards make one run.
        let total = onto.len() + cards.len() + wilds.len();
        let span = |high: bool| {
            let pos: Vec<u8> = naturals
                .iter()
                .map(|&c| match rank_of(c).number() {
                    1 if high => 14,
                    n => n,
                })
                .collect();
            let lo = pos.iter().min().copied().unwrap_or(1);
            let hi = pos.iter().max().copied().unwrap_or(1);
            (hi - lo + 1) as usize
        };
        let high = table.rules.ace_high
            && naturals.iter().any(|c| c.rank() == Some(Rank::ACE))
            && (span(false) > total.max(3) || span(true) < span(false));
        let pos_of = |c: Card| match rank_of(c).number() {
            1 if high => 14,
            n => n,
        };
        let mut g = Group::run(suit, top, Some(onto.clone()));
        // The hand's cards first, then the table's, whose wilds take the
        // first free places; the hand's wilds take the next ones.
        g.placed.extend(cards.iter().map(|&c| (pos_of(c), c, None)));
        g.placed.extend(onto.iter().filter(|&&c| !table.is_wild(c)).map(|&c| (pos_of(c), c, None)));
        let mut table_wilds: Vec<Card> = onto.iter().copied().filter(|&c| table.is_wild(c)).collect();
        g.fill_gaps(&mut table_wilds);
        g.extend(table_wilds);
        let table_end = g.placed.len();
        g.fill_gaps(&mut wilds);
        g.extend(wilds);
        let mut added = g.placed.split_off(table_end);
        g.placed.truncate(cards.len());
        g.placed.append(&mut added);
        g
    }

    /// Puts wilds in the gaps between a run's cards, lowest first.
    fn fill_gaps(&mut self, wilds: &mut Vec<Card>) {
        let suit = self.suit.expect("a run");
        let lo = self.placed.iter().map(|p| p.0).min().unwrap_or(1);
        let hi = self.placed.iter().map(|p| p.0).max().unwrap_or(1);
        for pos in lo..=hi {
            if wilds.is_empty() {
                break;
            }
            if !self.placed.iter().any(|p| p.0 == pos) {
                let w = wilds.remove(0);
                self.placed.push((pos, w, Some(card_at(pos, suit))));
            }
        }
    }

    /// Adds wilds: to a set as its rank, to a run at its ends, above first.
    fn extend(&mut self, wilds: Vec<Card>) {
        for w in wilds {
            match self.kind {
                MeldKind::Set => {
                    let rank = self.rank.expect("a set");
                    let shown: Vec<Suit> =
                        self.placed.iter().filter_map(|p| p.2.or(Some(p.1)).and_then(|c| c.suit())).collect();
                    let suit = Suit::ALL
                        .iter()
                        .copied()
                        .find(|s| !shown.contains(s))
                        .unwrap_or(Suit::ALL[self.placed.len() % 4]);
                    self.placed.push((0, w, Some(Card::new(rank, suit))));
                }
                MeldKind::Run => {
                    let suit = self.suit.expect("a run");
                    let hi = self.placed.iter().map(|p| p.0).max().unwrap_or(0);
                    let lo = self.placed.iter().map(|p| p.0).min().unwrap_or(2);
                    let pos = if hi < self.top { hi + 1 } else { lo - 1 };
                    self.placed.push((pos, w, Some(card_at(pos, suit))));
                }
            }
        }
    }

    fn is_full(&self) -> bool {
        self.kind == MeldKind::Run && self.placed.len() >= self.top as usize
    }

    fn into_meld(mut self) -> Meld {
        self.placed.sort_by_key(|p| p.0);
        Meld {
            kind: self.kind,
            cards: self.placed.iter().map(|p| p.1).collect(),
            wilds: self
                .placed
                .iter()
                .filter_map(|p| p.2.map(|stands_for| WildRole { card: p.1, stands_for }))
                .collect(),
            onto: self.onto,
        }
    }
}

fn card_at(pos: u8, suit: Suit) -> Card {
    Card::new(Rank::new(if pos == 14 { 1 } else { pos }).expect("a rank"), suit)
}

/// Places wilds left over into the hand's own melds: a set takes them all, a
/// run grows at its ends, and a full run splits in two that can grow again.
fn absorb(melds: &mut Vec<Group>, rest: Vec<Card>) {
    if let Some(set) = melds.iter_mut().find(|m| m.kind == MeldKind::Set && m.onto.is_none()) {
        set.extend(rest);
        return;
    }
    for w in rest {
        let i = match melds.iter().position(|m| m.onto.is_none() && !m.is_full()) {
            Some(i) => i,
            None => {
                let i = melds.iter().position(|m| m.onto.is_none()).expect("a meld of the hand's own");
                let mut m = melds.remove(i);
                m.placed.sort_by_key(|p| p.0);
                let upper = m.placed.split_off(m.placed.len() / 2);
                let second =
                    Group { placed: upper, onto: None, ..Group::run(m.suit.expect("a run"), m.top, None) };
                melds.insert(i, second);
                melds.insert(i, m);
                i
            }
        };
        melds[i].extend(vec![w]);
    }
}

/// The minimum deadwood of `hand` (a convenience for one-off use).
pub fn deadwood(hand: &[Card], table: &Table) -> u32 {
    Solver::new().deadwood(hand, table)
}

/// One best arrangement of `hand` (a convenience for one-off use).
pub fn solve(hand: &[Card], table: &Table) -> Arrangement {
    Solver::new().solve(hand, table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::parse_hand;

    fn hand(text: &str) -> Vec<Card> {
        parse_hand(text, &Rules { jokers: 2, ..Rules::default() }).unwrap()
    }

    fn dw(rules: &Rules, wild: u8, text: &str) -> u32 {
        let table = Table::new(rules, Rank::new(wild).unwrap());
        let a = solve(&hand(text), &table);
        assert_eq!(a.deadwood, deadwood(&hand(text), &table));
        let melded: usize = a.melds.iter().map(|m| m.cards.len()).sum();
        assert_eq!(melded + a.unmelded.len(), hand(text).len(), "{a:?}");
        a.deadwood
    }

    #[test]
    fn worked_examples_of_the_rules() {
        let std = Rules::default();
        assert_eq!(dw(&std, 3, "9h 4d Kh"), 26);
        assert_eq!(dw(&std, 3, "3d 3c 3h"), 0);
        assert_eq!(dw(&std, 7, "7d 10c KS QS 5c 4h JD"), 30);
        assert_eq!(dw(&std, 13, "Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As"), 23);
    }

    #[test]
    fn strict_needs_a_natural_card() {
        let strict = Rules::preset("strict").unwrap();
        assert_eq!(dw(&strict, 4, "4d 4c 4h"), 12);
        assert_eq!(dw(&strict, 4, "4d 4c 9h"), 0);
        assert_eq!(dw(&strict, 4, "4d 4c 4h 4s 9h"), 0);
    }

    #[test]
    fn wilds_left_over_and_all_wild_melds() {
        let std = Rules::default();
        // One wild and nothing to meld with: it scores its face value.
        assert_eq!(dw(&std, 3, "3d 9h Kc"), 3 + 9 + 13);
        // Two wilds meld any card.
        assert_eq!(dw(&std, 4, "4d 4c 9h Kc"), 9);
        // A long natural run takes a wild of its own.
        assert_eq!(dw(&std, 13, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ks"), 0);
    }

    #[test]
    fn aces_low_unless_ace_high() {
        let std = Rules::default();
        assert_eq!(dw(&std, 5, "Qh Kh Ah 9c 9d"), 12 + 13 + 1 + 18);
        let high = Rules { ace_high: true, ace_value: 15, ..Rules::default() };
        assert_eq!(dw(&high, 5, "Qh Kh Ah 9c 9d"), 18);
        assert_eq!(dw(&high, 5, "Kh Ah 2h 9c 9d"), 13 + 15 + 2 + 18);
    }

    #[test]
    fn jokers_score_twenty() {
        let jk = Rules { jokers: 2, ..Rules::default() };
        assert_eq!(dw(&jk, 3, "JK 9h Kc"), 9 + 13 + 20);
        assert_eq!(dw(&jk, 3, "JK 9h 9c"), 0);
    }

    #[test]
    fn wilds_say_what_they_stand_for() {
        let table = Table::new(&Rules::default(), Rank::new(7).unwrap());
        let a = solve(&hand("7d Qs Ks"), &table);
        assert_eq!(a.melds.len(), 1);
        assert_eq!(a.melds[0].kind, MeldKind::Run);
        assert_eq!(
            a.melds[0].wilds,
            vec![WildRole { card: Card::parse("7d").unwrap(), stands_for: Card::parse("Js").unwrap() }]
        );
    }

    #[test]
    fn lay_off_needs_a_meld_of_ones_own() {
        let rules = Rules::preset("strict").unwrap();
        let run = hand("5h 6h 7h");
        let table = Table::new(&rules, Rank::new(3).unwrap()).with_onto(vec![run]).unwrap();
        // 8h alone cannot be laid off: no meld of the hand's own.
        assert_eq!(solve(&hand("8h 9c Kd"), &table).deadwood, 8 + 9 + 13);
        let table = Table::new(&rules, Rank::new(6).unwrap()).with_onto(vec![hand("5h 6h 7h")]).unwrap();
        assert!(Table::new(&rules, Rank::new(3).unwrap()).with_onto(vec![hand("5h 6h 8h")]).is_err());
        assert!(Table::new(&rules, Rank::new(3).unwrap()).with_onto(vec![hand("3h 3c 3d")]).is_err());
        let a = solve(&hand("8h 9c 9d 9s Kd 4h"), &table);
        assert_eq!(a.deadwood, 13);
        assert!(a.melds.iter().any(|m| m.onto.is_some() && m.cards.len() == 2));
    }
}
