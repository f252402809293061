//! The hand loaded into the solver and its table, as the searches see them:
//! the natural cards as bits, the wilds, the table melds to lay off onto,
//! and what is worked out of them once.

use super::Table;
use super::complete::{Anchor, CardSet, LANES_FROM, anchors, single_lay_offs, single_lay_offs_limited};
use super::memo::MOST_VARIANTS;
use super::naturals::{BitIter, Naturals, full_mask, in_search_order, packed_table};
use super::search::{LeastMelds, Takers, VEC_TABLE, WildPolicy, wild_melds};
use crate::card::{Card, Rank};
use crate::meld::{place_of, room};
use crate::rules::Rules;

/// The most natural cards a loaded hand may hold (the memo's key has a
/// bit for each).
pub(super) const MOST_NATURALS: usize = 20;

/// The places between a natural `c` and a run's naturals `nats` of its
/// suit, at their nearest (0 where it lies among them): the fewest holes
/// a group holding `c` laid off onto the run leaves between them, to be
/// filled by wilds (module `complete`, step 31). An ace is taken at both
/// ends, in the card and in the run, whatever the rules allow: more
/// places would only make the count smaller.
fn holes_to_run(c: Card, nats: &[Card]) -> u8 {
    let mut fewest = u8::MAX;
    for run_high in [false, true] {
        let lo = nats.iter().map(|&n| place_of(n, run_high)).min().expect("a natural");
        let hi = nats.iter().map(|&n| place_of(n, run_high)).max().expect("a natural");
        for high in [false, true] {
            let p = place_of(c, high);
            let holes = if p > hi {
                p - hi - 1
            } else if p < lo {
                lo - p - 1
            } else {
                0
            };
            fewest = fewest.min(holes);
        }
    }
    fewest
}

/// Whether the search decides the naturals of `hand` by suit first
/// (`naturals::in_search_order`): where more of the table melds the hand
/// may lay off onto are runs than sets, counting those a natural of the
/// hand could go onto. A group laid off onto a run is then decided with
/// its suit, as one onto a set is with its rank in the order by rank, and
/// the table melds that outlast the cards they could take are the fewer
/// (docs/speed.md, "The order of the search"). As many of each: by rank,
/// which took far less for most such hands the hunts found (docs/speed.md,
/// "Table melds alike wait their turn; as many runs as sets, by rank").
pub(super) fn by_suit(hand: &[Card], table: &Table) -> bool {
    let natural = |c: &&Card| !table.is_wild(**c);
    let (mut runs, mut sets) = (0, 0);
    for meld in table.lay_off_melds() {
        let Some(first) = meld.iter().find(natural) else { continue };
        if meld.iter().filter(natural).all(|c| c.rank() == first.rank()) {
            sets += hand.iter().filter(natural).any(|c| c.rank() == first.rank()) as u32;
        } else {
            runs += hand.iter().filter(natural).any(|c| c.suit() == first.suit()) as u32;
        }
    }
    runs > sets
}

#[derive(Debug)]
pub(super) struct Loaded {
    /// The hand (sorted) and its table, while the memos are theirs.
    pub(super) cards: Option<(Vec<Card>, Table)>,
    pub(super) nat: Naturals,
    /// Set while `Solver::choose_order` looks at the first search: the
    /// states are then counted as the searches of the outs meet them, every
    /// table meld used kept apart (`search::key_of`).
    pub(super) looking: bool,
    /// Whether the least deadwood is searched for every table meld used
    /// at once (module `complete`, step 23), as `Solver::choose_order`
    /// decides for four table melds or more.
    pub(super) vectors: bool,
    /// Whether each discard is asked apart rather than in the one search
    /// for every discard, as `Solver::choose_order` decides for the
    /// deadwood alone with five table melds or more, where every set of
    /// them used is searched at once; and where the one search met more
    /// states than `every_within` allows.
    pub(super) each_apart: bool,
    /// Where the deadwood alone is searched a set of table melds used at
    /// a time with four table melds or more: the most states the one
    /// search for every discard may meet before each discard is asked
    /// apart instead (`Solver::choose_order`).
    pub(super) every_within: Option<usize>,
    /// The states the memo held when the first discard was asked apart
    /// (`Solver::deadwood_apart`), from which the discards asked apart
    /// count the states they meet.
    pub(super) apart_from: Option<usize>,
    /// Under the half-wild limit, whether the search of whether the cards
    /// meld answers for every table meld used at once (module `complete`,
    /// step 27): set by the outs of the whole hand from [`COUNTS_FROM`]
    /// table melds (`Solver::outs_limited`).
    pub(super) counts_vectors: bool,
    /// The hand's wilds, most valuable first.
    pub(super) wilds: Vec<Card>,
    /// Lay-off targets: for each table meld, its naturals and its size.
    pub(super) targets: Vec<(Vec<Card>, usize)>,
    /// The table melds of wilds alone (`search::wild_melds`), as bits.
    pub(super) wilds_alone: u8,
    /// The table melds not of wilds alone, as bits: step 27 of module
    /// `complete` keeps those of wilds alone in its key, and step 35 adds
    /// the room of the live ones apart where they are idle.
    pub(super) live: u8,
    /// The live table melds some natural of the hand could go onto
    /// (`takers`): those module `complete`'s step 27 keeps a word for each
    /// set of used; the other live ones take only wilds, whose room it
    /// adds apart (step 36).
    pub(super) reached: u8,
    /// For each set of table melds used, the bits of the reached ones
    /// among them, in order (where module `complete`'s step 27 keeps its
    /// word).
    pub(super) reached_at: [u8; 256],
    /// The table melds not of wilds alone that some natural of the hand
    /// could go onto (`takers`): those module `complete`'s steps 23 and 24
    /// keep a cost for each set of used (no search lays off onto the
    /// others, and those of wilds alone are in their key), packed as
    /// step 30 packs them.
    pub(super) least: LeastMelds,
    /// For each table meld, the naturals that could go onto it: of its
    /// rank where it is a set, of its suit but not of a rank its naturals
    /// hold (aces apart) where it is a run, any where it is wilds alone
    /// (what `lay_off_groups` looks at).
    pub(super) takers: Takers,
    /// For each table meld, the single cards it takes (see `complete`).
    pub(super) single: Vec<[u128; 2]>,
    /// For each table meld, what its naturals let the slot's card be (see
    /// `complete`, step 34).
    pub(super) anchors: Vec<Anchor>,
    /// Where at most half of a meld may be wild: for each table meld, the
    /// single cards it takes within the limit (see `complete`).
    pub(super) single_limited: Vec<Vec<(u8, u8, u128)>>,
    /// For each set of table melds used, a row: for each natural, the
    /// other naturals it could share a meld with; with all bits set when a
    /// table meld not used could take it, but for the table melds of
    /// wilds alone, which could take any (`Search::partners_at`). The row
    /// of the set `u` is `partners[u * n..(u + 1) * n]`, `n` naturals.
    pub(super) partners: Vec<u32>,
    /// Where at most half of a meld may be wild: `left[n]`, the points of
    /// the hand's `n` least valuable wilds, and for each lay-off target how
    /// many more wilds it may take alone.
    pub(super) left: Vec<u16>,
    /// Under the half-wild limit, the hand's wilds less some of them, as
    /// asked (`Loaded::variant_of`): `left` of each, and the fewest wilds
    /// left for which it differs from the hand's; marked in the memos'
    /// keys by their place and one.
    pub(super) variants: Vec<(Vec<u16>, u8)>,
    /// The set of wilds the searches ask about: 0 the hand's, else the
    /// place and one of one of `variants`.
    pub(super) variant: u8,
    pub(super) room: Vec<usize>,
    /// `free[u]`: the room of the table melds not in `u`, the table melds
    /// used (bits), summed.
    pub(super) free: Vec<usize>,
    /// The wild cards of the round, and the deck's natural cards, as bits,
    /// and the rules and wild rank they are for.
    pub(super) wild_bits: u128,
    pub(super) deck_bits: u128,
    bits_for: Option<(Rules, Rank)>,
    pub(super) ace_high: bool,
    pub(super) wild: Rank,
    pub(super) rules: Rules,
}

/// Under the half-wild limit, the fewest table melds for which the outs
/// of the whole hand may ask whether the cards meld for every table meld
/// used at once (module `complete`, step 27; `Loaded::counts_vectors`).
/// With three or four table melds that is quicker too (hunts' hands of
/// either, before the draw: about 0.73 of the time, one of 86 slower; the
/// slow hand with four table melds of the bench 5.8 → 4.1 ms); with one
/// or two, some hands are much slower (docs/speed.md, "The idle table
/// melds' room, added apart; every table meld used at once from three;
/// the two orders raced for the outs").
pub(super) const COUNTS_FROM: usize = 3;

impl Loaded {
    pub(super) fn new() -> Loaded {
        Loaded {
            cards: None,
            nat: Naturals::default(),
            looking: false,
            vectors: false,
            each_apart: false,
            every_within: None,
            apart_from: None,
            counts_vectors: false,
            wilds: Vec::new(),
            targets: Vec::new(),
            wilds_alone: 0,
            live: 0,
            reached: 0,
            reached_at: [0; 256],
            least: LeastMelds::new(),
            takers: Takers::default(),
            single: Vec::new(),
            anchors: Vec::new(),
            single_limited: Vec::new(),
            partners: Vec::new(),
            left: Vec::new(),
            variants: Vec::new(),
            variant: 0,
            room: Vec::new(),
            free: Vec::new(),
            wild_bits: 0,
            deck_bits: 0,
            bits_for: None,
            ace_high: false,
            wild: Rank::ACE,
            rules: Rules::default(),
        }
    }

    /// Loads the hand's naturals and wilds (most valuable first) and the
    /// table; gives the number of wilds. The naturals are in the order
    /// [`by_suit`] picks.
    pub(super) fn fill(&mut self, hand: &[Card], table: &Table) -> u8 {
        self.fill_in(hand, table, by_suit(hand, table))
    }

    /// [`Loaded::fill`], the naturals by suit first or not as asked.
    pub(super) fn fill_in(&mut self, hand: &[Card], table: &Table, by_suit: bool) -> u8 {
        self.cards = None;
        self.nat.load(hand.iter().copied().filter(|&c| !table.is_wild(c)), &table.rules, by_suit);
        self.wilds.clear();
        self.wilds.extend(hand.iter().copied().filter(|&c| table.is_wild(c)));
        assert!(self.nat.cards.len() <= MOST_NATURALS && self.wilds.len() <= 31, "hand too large to solve");
        self.rules = table.rules;
        self.wild = table.wild;
        self.ace_high = table.rules.aces_high();
        self.targets.clear();
        self.targets.extend(table.lay_off_melds().iter().map(|m| {
            let nats: Vec<Card> = m.iter().copied().filter(|&c| !table.is_wild(c)).collect();
            (nats, m.len())
        }));
        self.wilds_alone = wild_melds(&self.targets);
        // Until `Solver::choose_order` decides: with four or five table
        // melds, every table meld used at once.
        self.vectors = (LANES_FROM..=VEC_TABLE).contains(&self.targets.len());
        self.each_apart = false;
        self.every_within = None;
        self.apart_from = None;
        self.counts_vectors = false;
        self.takers.clear();
        for (nats, size) in &self.targets {
            let set = nats.iter().all(|c| c.rank() == nats[0].rank());
            let run = nats.iter().all(|c| c.suit() == nats[0].suit());
            // A run holds one card of each rank, so a card of a rank its
            // naturals hold goes onto it only as a set would take it (an
            // ace may stand at both ends).
            let held = |c: &Card| c.rank() != Some(Rank::ACE) && nats.iter().any(|t| t.rank() == c.rank());
            let takes = |c: &Card| match nats.first() {
                None => true,
                Some(f) => (set && c.rank() == f.rank()) || (run && c.suit() == f.suit() && !held(c)),
            };
            let bits = self
                .nat
                .cards
                .iter()
                .enumerate()
                .filter(|(_, c)| takes(c))
                .fold(0u32, |b, (i, _)| b | 1 << i);
            // The takers near the meld: the places between them and its
            // naturals, less the meld's own wilds (which may stand in some
            // of them), within the hand's wilds and the slot's card.
            let reach = self.wilds.len() + 1;
            let table_wilds = size - nats.len();
            let near = BitIter(bits)
                .filter(|&i| {
                    let c = self.nat.cards[i];
                    let holes = match nats.first() {
                        Some(f) if !(set && c.rank() == f.rank()) => holes_to_run(c, nats) as usize,
                        _ => 0,
                    };
                    holes.saturating_sub(table_wilds) <= reach
                })
                .fold(0u32, |b, i| b | 1 << i);
            self.takers.push(bits, near);
        }
        self.takers.find_twins(&self.targets);
        self.live = !self.wilds_alone & ((1u16 << self.targets.len()) - 1) as u8;
        let taken = (0..self.targets.len()).filter(|&m| self.takers[m] != 0).fold(0u8, |b, m| b | 1 << m);
        self.reached = self.live & taken;
        self.least.load(self.reached, &self.takers);
        self.reached_at = packed_table(self.reached);
        self.single.clear();
        self.anchors.clear();
        self.single_limited.clear();
        self.partners.clear();
        if self.bits_for != Some((table.rules, table.wild)) {
            self.wild_bits = table
                .rules
                .deck()
                .cards()
                .chain([Card::JOKER])
                .filter(|&c| table.is_wild(c))
                .fold(0, |b, c| b | 1 << c.index());
            self.deck_bits = table.rules.deck().cards().fold(0, |b, c| b | 1 << c.index());
            self.bits_for = Some((table.rules, table.wild));
        }
        // The most valuable wilds are the ones to put to work (exactness,
        // step 5).
        self.wilds.sort_by(|a, b| table.value(*b).cmp(&table.value(*a)).then(a.cmp(b)));
        if table.rules.half_wild {
            // The points of the n least valuable wilds, and the room of each
            // table meld (exactness, step 9b).
            self.left = least_points(self.wilds.iter().map(|&c| table.value(c)));
            self.variants.clear();
            self.variant = 0;
            self.room.clear();
            self.room
                .extend(self.targets.iter().map(|(nats, size)| room(&self.rules, nats, size - nats.len())));
            self.free.clear();
            self.free.extend((0..1usize << self.targets.len()).map(|used| {
                self.room
                    .iter()
                    .enumerate()
                    .filter(|(m, _)| used & (1 << m) == 0)
                    .map(|(_, r)| r)
                    .sum::<usize>()
            }));
        }
        self.wilds.len() as u8
    }

    /// Where `hand` under the loaded table holds the loaded naturals and
    /// as many wilds, worth as much each (sorted), but other wild cards:
    /// takes its wilds in place of the loaded ones, most valuable first as
    /// `fill` puts them, and says so. No search looks at which cards the
    /// wilds are, only at how many there are and what they score.
    pub(super) fn take_wilds_of(&mut self, hand: &[Card], table: &Table) -> bool {
        let mut wilds: Vec<Card> = hand.iter().copied().filter(|&c| table.is_wild(c)).collect();
        if wilds.len() != self.wilds.len() || hand.len() != self.nat.cards.len() + wilds.len() {
            return false;
        }
        let mut naturals: Vec<Card> = hand.iter().copied().filter(|&c| !table.is_wild(c)).collect();
        in_search_order(&mut naturals, self.nat.by_suit);
        if naturals != self.nat.cards {
            return false;
        }
        wilds.sort_by(|a, b| table.value(*b).cmp(&table.value(*a)).then(a.cmp(b)));
        if !wilds.iter().zip(&self.wilds).all(|(a, b)| table.value(*a) == table.value(*b)) {
            return false;
        }
        self.wilds = wilds;
        true
    }

    /// Whether the least deadwood is searched for every table meld used
    /// at once (module `complete`, step 23): with `LANES_FROM` table melds
    /// or more, as `Solver::choose_order` decides.
    pub(super) fn least_in_vectors(&self) -> bool {
        self.vectors && self.targets.len() >= LANES_FROM
    }

    /// Whether the least deadwood after every discard is searched for
    /// every table meld used at once (module `complete`, step 24): where
    /// the least deadwood is, with at most `VEC_TABLE` table melds, where
    /// a state's costs for every discard stay few.
    pub(super) fn every_in_vectors(&self) -> bool {
        self.least_in_vectors() && self.targets.len() <= VEC_TABLE
    }

    /// How many wilds a meld may take under the loaded rules.
    pub(super) fn policy(&self) -> WildPolicy<'_> {
        if self.rules.half_wild {
            let (left, from) = match self.variant {
                0 => (&self.left, u8::MAX),
                v => {
                    let (left, from) = &self.variants[v as usize - 1];
                    (left, *from)
                }
            };
            WildPolicy::HalfAtMost {
                left,
                free: &self.free,
                apart: self.looking,
                variant: (self.variant, from),
            }
        } else {
            WildPolicy::Free
        }
    }

    /// The single cards each table meld takes (module `complete`), under
    /// the half-wild limit or not, worked out once per hand.
    pub(super) fn ensure_singles(&mut self) {
        if self.rules.half_wild {
            if self.single_limited.len() != self.targets.len() {
                self.single_limited = single_lay_offs_limited(&self.targets, &self.rules);
                self.anchors = anchors(&self.targets, self.ace_high);
            }
        } else if self.single.len() != self.targets.len() {
            self.single = single_lay_offs(&self.targets, &self.rules);
            self.anchors = anchors(&self.targets, self.ace_high);
        }
    }

    /// The partner table, worked out once per hand.
    pub(super) fn ensure_partners(&mut self) {
        if self.partners.len() != self.nat.cards.len() << self.targets.len() {
            self.find_partners();
        }
    }

    /// Which naturals could share a meld: of one rank, or of one suit
    /// with no more places between them than the wilds could fill (the
    /// hand's and one more for a card to come). A natural a table meld not
    /// used could take is partnered with every card, a row for each set of
    /// table melds used: of the meld's rank where it is a set; where it is
    /// a run, of its suit with no more places between it and one of the
    /// meld's naturals, other than those the hand's naturals of the suit
    /// hold, than the wilds could fill (the hand's, one more, and the
    /// table's), as a group laid off may reach it through the hand's other
    /// cards. A table meld of wilds alone could take any natural, and is
    /// left out: the partners hold once every such meld is used
    /// (`Search::partners_at`).
    pub(super) fn find_partners(&mut self) {
        let nat = &self.nat;
        // A run's naturals nearest each other have no more places between
        // them than its wilds and the card to come fill: at most the
        // hand's wilds and one more (a wild drawn, or the slot's card), and
        // onto a table meld, the table's wilds as well.
        let table_wilds: usize = self.targets.iter().map(|(n, size)| size - n.len()).sum();
        let own_reach = (2 + self.wilds.len()).min(14) as u8;
        let gaps = (1 + self.wilds.len() + table_wilds).min(14) as u32;
        let high = self.ace_high;
        let places = |rank: u8| -> [u8; 2] { if rank == 1 && high { [1, 14] } else { [rank, rank] } };
        let within = |a: u8, b: u8, reach: u8| {
            places(a).iter().any(|&p| places(b).iter().any(|&q| p.abs_diff(q) <= reach))
        };
        // The naturals of each rank, any suit.
        let mut of_rank = [0u32; 14];
        for (r, bits) in of_rank.iter_mut().enumerate() {
            *bits = nat.at.iter().fold(0, |b, suit| b | suit[r]);
        }
        let n = nat.cards.len();
        // The places of the hand's naturals of each suit (an ace at both
        // ends where it may be high).
        let mut held = [0u16; 5];
        for i in 0..n {
            for p in places(nat.rank[i]) {
                held[nat.suit[i] as usize] |= 1 << p;
            }
        }
        // The places of each table meld's naturals, by suit.
        let on_table: Vec<[u16; 5]> = self
            .targets
            .iter()
            .map(|(naturals, _)| {
                let mut at = [0u16; 5];
                for t in naturals {
                    let s = t.suit().map_or(0, |s| s.index());
                    for p in places(t.rank().map_or(0, Rank::number)) {
                        at[s] |= 1 << p;
                    }
                }
                at
            })
            .collect();
        // Whether a group laid off onto a run whose naturals of suit `s`
        // stand at places `meld` could hold a card at place `p`: the places
        // between it and one of them that neither the hand's naturals of
        // the suit nor the meld's hold are few enough for the wilds.
        let bridged = |p: u8, s: usize, meld: u16| {
            BitIter(meld as u32).any(|q| {
                let (lo, hi) = (p.min(q as u8), p.max(q as u8));
                let between = if hi > lo + 1 { ((1u32 << hi) - (2u32 << lo)) as u16 } else { 0 };
                (between & !(held[s] | meld)).count_ones() <= gaps
            })
        };
        // Each natural's partners among the naturals, and the table melds
        // that could take it (of the meld's rank where it is a set or of
        // its suit where it is a run: `takers`).
        let mut own = Vec::with_capacity(n);
        let mut by_table = Vec::with_capacity(n);
        for i in 0..n {
            let (rank, suit) = (nat.rank[i], nat.suit[i] as usize);
            let melds = self.targets.iter().enumerate().filter(|&(m, (naturals, _))| {
                self.takers[m] & 1 << i != 0
                    && (naturals.iter().any(|t| t.rank().map_or(0, Rank::number) == rank)
                        || places(rank).iter().any(|&p| bridged(p, suit, on_table[m][suit])))
            });
            by_table.push(melds.fold(0u8, |b, (m, _)| b | 1 << m));
            let mut bits = of_rank[rank as usize];
            for q in 1..=13u8 {
                if within(q, rank, own_reach) {
                    bits |= nat.at[suit][q as usize];
                }
            }
            own.push(bits & !(1 << i));
        }
        self.partners.clear();
        for used in 0..1usize << self.targets.len() {
            for i in 0..n {
                let free = by_table[i] & !(used as u8) != 0;
                self.partners.push(if free { u32::MAX } else { own[i] });
            }
        }
    }
    /// The highest copy of each natural card, as bits (the naturals are
    /// sorted): the copy [`Loaded::less`] takes away.
    pub(super) fn highest_copies(&self) -> u32 {
        let cards = &self.nat.cards;
        (0..cards.len())
            .filter(|&j| j + 1 == cards.len() || cards[j + 1] != cards[j])
            .fold(0, |b, j| b | 1 << j)
    }

    /// Whether the naturals in `mask` cannot all meld with `w` wilds: a
    /// natural with no partner needs two wilds of its own (where no table
    /// meld is of wilds alone, which could take any).
    pub(super) fn hopeless(&mut self, mask: u32, w: u8) -> bool {
        if self.wilds_alone != 0 {
            return false;
        }
        self.ensure_partners();
        // No table meld used yet: the first row.
        let alone = BitIter(mask).filter(|&j| self.partners[j] & mask == 0).count() as u32;
        2 * alone > w as u32
    }
    /// The loaded hand less the cards `less` (each one of its cards): its
    /// open naturals, its wilds and what they score.
    pub(super) fn less(&self, less: &[Card]) -> (u32, u8, u32) {
        let mut mask = full_mask(self.nat.cards.len());
        let mut w = self.wilds.len() as u8;
        let mut wild_points: u32 = self.wilds.iter().map(|&c| self.rules.value_in(c, self.wild)).sum();
        for &c in less {
            if self.wild_bits & (1 << c.index()) != 0 {
                assert!(w > 0 && self.wilds.contains(&c), "a card of the hand");
                w -= 1;
                wild_points -= self.rules.value_in(c, self.wild);
            } else {
                // The highest copy, so the lowest copies stay open as the
                // search takes them (exactness, step 2).
                let j = BitIter(mask).filter(|&j| self.nat.cards[j] == c).last().expect("a card of the hand");
                mask &= !(1 << j);
            }
        }
        (mask, w, wild_points)
    }
    /// Where at most half of a meld may be wild and `less` takes a wild
    /// away, other than the most valuable: the hand left and its table, to
    /// be asked afresh (exactness, step 9c).
    pub(super) fn afresh(&self, less: &[Card]) -> Option<(Vec<Card>, Table)> {
        self.left_without(less).map(|_| self.without(less))
    }

    /// Where at most half of a meld may be wild and `less` takes wilds
    /// away, other than the most valuable (which leave the least valuable
    /// of the others as they were, all the search keeps of them): `left`
    /// of the wilds the hand less them has, and the fewest wilds left for
    /// which it differs from the hand's (exactness, step 9c).
    fn left_without(&self, less: &[Card]) -> Option<(Vec<u16>, u8)> {
        if !self.rules.half_wild || !less.iter().any(|c| self.wild_bits & (1 << c.index()) != 0) {
            return None;
        }
        let mut wilds = self.wilds.clone();
        for c in less {
            if let Some(i) = wilds.iter().rposition(|w| w == c) {
                wilds.remove(i);
            }
        }
        let left = least_points(wilds.iter().map(|&c| self.rules.value_in(c, self.wild)));
        let from = (0..left.len()).find(|&n| left[n] != self.left[n])?;
        Some((left, from as u8))
    }

    /// Where at most half of a meld may be wild and `less` takes wilds
    /// away: the set of wilds the hand less them has, for
    /// [`Loaded::variant`] (0 where the hand's own serve, as where the
    /// most valuable are taken away, exactness step 9c); `None` where more
    /// sets than the memo's keys mark would be asked, to be asked afresh.
    /// A state's answer depends on the wilds only through the points of
    /// the least valuable of those left over, at most as many as the
    /// state's wilds left (step 9c), so where `left` of the hand less
    /// them is the hand's up to some count, the states with fewer wilds
    /// left share the hand's answers, and the others are marked.
    pub(super) fn variant_of(&mut self, less: &[Card]) -> Option<u8> {
        let Some((left, from)) = self.left_without(less) else {
            return Some(0);
        };
        if let Some(at) = self.variants.iter().position(|(l, f)| *l == left && *f == from) {
            return Some(at as u8 + 1);
        }
        if self.variants.len() >= MOST_VARIANTS as usize {
            return None;
        }
        self.variants.push((left, from));
        Some(self.variants.len() as u8)
    }

    /// The loaded hand less `less`, and its table.
    pub(super) fn without(&self, less: &[Card]) -> (Vec<Card>, Table) {
        let (cards, table) = self.cards.as_ref().expect("a hand loaded");
        let mut hand = cards.clone();
        for c in less {
            hand.remove(hand.iter().position(|h| h == c).expect("a card of the hand"));
        }
        (hand, table.clone())
    }
    /// The bits of the slot's cards the answers are read for: the deck's
    /// naturals; with wilds at face value only where a meld may be all
    /// wild, whose answers ask whether any card at face value completes
    /// (step 4 of module `complete`), elsewhere not ([`Loaded::found`]
    /// lets them go).
    pub(super) fn read_bits(&self) -> u128 {
        let wilds = if self.rules.all_wild_melds { 0 } else { self.wild_bits };
        self.deck_bits & super::complete::NATURALS & !wilds
    }

    /// The cards found by the search (at face value, those of the wild
    /// ranks among them) as a set of cards drawn: the natural ones, and the
    /// joker's bit when a wild does.
    pub(super) fn found(&self, cards: u128, any_wild: bool) -> CardSet {
        let naturals = cards & self.deck_bits & !self.wild_bits;
        CardSet::from_bits(naturals | if any_wild { 1 << Card::JOKER.index() } else { 0 })
    }
    /// The total deadwood of the naturals in `mask` and `w` wilds scoring
    /// `wild_points`, given the naturals' part: wilds left over cost
    /// nothing unless the hand has no meld at all. Exactness, step 5.
    pub(super) fn total_of(&self, mask: u32, natural_dead: u32, w: u8, wild_points: u32) -> u32 {
        let all_naturals: u32 = BitIter(mask).map(|j| self.nat.value[j] as u32).sum();
        let has_meld = natural_dead < all_naturals;
        // With the half-wild limit the search has counted them (step 9b).
        if self.rules.half_wild || has_meld || w == 0 || (w >= 3 && self.rules.all_wild_melds) {
            natural_dead
        } else {
            natural_dead + wild_points
        }
    }
    /// The total deadwood given the naturals' part: wilds left over cost
    /// nothing unless the hand has no meld at all.
    /// Exactness, step 5; with the half-wild limit the search has counted
    /// them already (step 9b).
    pub(super) fn total(&self, natural_dead: u32, table: &Table) -> u32 {
        let wilds = &self.wilds;
        let all_naturals: u32 = self.nat.value.iter().map(|&v| v as u32).sum();
        let has_meld = natural_dead < all_naturals;
        if table.rules.half_wild
            || has_meld
            || wilds.is_empty()
            || (wilds.len() >= 3 && table.rules.all_wild_melds)
        {
            natural_dead
        } else {
            natural_dead + wilds.iter().map(|&c| table.value(c)).sum::<u32>()
        }
    }
}

/// `left` of wilds worth `values`, most valuable first: the points of the
/// `n` least valuable of them, for each `n` from none to all (exactness,
/// step 9b).
fn least_points(values: impl DoubleEndedIterator<Item = u32>) -> Vec<u16> {
    let mut left = vec![0u16];
    for v in values.rev() {
        left.push(left[left.len() - 1] + v as u16);
    }
    left
}
