//! What `check` tells about a hand: its best arrangement; after the draw,
//! the hand laid down after the best discard and every discard's chance to
//! go out on the next draw; before it, the cards that would let it go out.

use crate::card::{Card, Rank};
use crate::rules::{Deal, Rules};
use crate::solver::{Meld, Solver, Table};

/// A discard, the deadwood of the hand left, and the hand's chance to go
/// out on the next draw.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Discard {
    pub card: Card,
    pub deadwood: u32,
    /// The distinct cards that, drawn next, let the hand left go out.
    pub outs: Vec<Card>,
    /// The copies of `outs` still unseen.
    pub unseen: u32,
    /// The chance that the next card from the stock is one of the outs.
    pub chance: f64,
}

/// The best discard and the hand laid down after it.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BestDiscard {
    pub card: Card,
    pub deadwood: u32,
    pub melds: Vec<Meld>,
    /// The cards in no meld, highest value first.
    pub unmelded: Vec<Card>,
}

/// Everything the hand checker says about one hand.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Analysis {
    /// The hand, sorted.
    pub hand: Vec<Card>,
    pub round: usize,
    /// The cards the round deals.
    pub cards: usize,
    pub wild: Rank,
    /// The minimum deadwood of all the cards given.
    pub deadwood: u32,
    /// One best arrangement of all the cards given.
    pub melds: Vec<Meld>,
    pub unmelded: Vec<Card>,
    /// A hand of the round's size: it melds completely. A hand with the
    /// drawn card: some discard leaves a hand that melds completely.
    pub can_go_out: bool,
    /// After the draw: the discard leaving least (ties go to a natural card
    /// before a wild, then to the card worth most) and the hand left.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub best_discard: Option<BestDiscard>,
    /// After the draw: every distinct discard, in hand order.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub discards: Option<Vec<Discard>>,
    /// A hand of the round's size: the distinct cards that, drawn, let it
    /// go out after a discard, of which a copy is still unseen.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub outs: Option<Vec<Card>>,
    /// The copies of `outs` still unseen.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub unseen: Option<u32>,
    /// The chance that the next card from the stock is one of the outs.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub chance: Option<f64>,
}

impl Analysis {
    /// After the draw: the discard with the best chance to go out on the
    /// next draw (ties go to the one leaving least, then as for the best
    /// discard).
    pub fn best_chance(&self, rules: &Rules) -> Option<&Discard> {
        let discards = self.discards.as_ref()?;
        discards.iter().min_by(|a, b| {
            b.chance
                .total_cmp(&a.chance)
                .then(a.deadwood.cmp(&b.deadwood))
                .then(tie(rules, self.wild, a.card, b.card))
        })
    }
}

/// The tie rule between two discards leaving as much, in a round whose wild
/// rank is `wild`: a natural card before a wild, then the card worth most.
pub(crate) fn tie(rules: &Rules, wild: Rank, a: Card, b: Card) -> std::cmp::Ordering {
    let is_wild = |c: Card| rules.is_wild(c, wild);
    is_wild(a).cmp(&is_wild(b)).then(rules.value_in(b, wild).cmp(&rules.value_in(a, wild)))
}

/// Sorts a hand for reading: by suit then rank, the wilds last.
pub fn sort_hand(hand: &mut [Card], table: &Table) {
    hand.sort_by_key(|&c| (table.is_wild(c), c.suit(), c.rank(), c.is_joker()));
}

/// The cards still unseen: the decks in play less the cards known to be
/// elsewhere (the hand, the table, the discard pile…).
#[derive(Clone, Debug)]
pub struct Unseen {
    /// Copies unseen per card index (the last is the joker's).
    copies: [u8; Card::KINDS],
    total: u32,
}

impl Unseen {
    /// The decks of `rules` less every card in `known`. Cards known beyond
    /// the copies the decks hold count as none left.
    pub fn new(rules: &Rules, known: &[Card]) -> Unseen {
        let mut copies = [0u8; Card::KINDS];
        for (i, slot) in copies.iter_mut().enumerate() {
            let card = Card::from_index(i).expect("a card index");
            *slot = rules.copies(card).min(255) as u8;
        }
        for c in known {
            let slot = &mut copies[c.index()];
            *slot = slot.saturating_sub(1);
        }
        let total = copies.iter().map(|&n| n as u32).sum();
        Unseen { copies, total }
    }

    /// The copies of `card` still unseen.
    pub fn of(&self, card: Card) -> u32 {
        self.copies[card.index()] as u32
    }

    /// All the cards still unseen.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The copies of `cards` unseen, and the chance the next card is one.
    fn odds(&self, cards: &[Card]) -> (u32, f64) {
        let n: u32 = cards.iter().map(|&c| self.of(c)).sum();
        let chance = if self.total == 0 { 0.0 } else { n as f64 / self.total as f64 };
        (n, chance)
    }
}

/// Analyses `hand` dealt in `deal`. The hand holds the round's cards, or
/// one more (after the draw); the size is checked by the caller. `seen`
/// are the cards known to be out of the stock besides the hand and the
/// table melds (the discard pile, melds shown by others).
pub fn analyse(solver: &mut Solver, hand: &[Card], deal: &Deal, table: &Table, seen: &[Card]) -> Analysis {
    let mut sorted = hand.to_vec();
    sort_hand(&mut sorted, table);
    let best = solver.solve(&sorted, table);
    let mut known = sorted.clone();
    known.extend(table.onto().iter().flatten());
    known.extend_from_slice(seen);
    let unseen = Unseen::new(table.rules(), &known);
    let mut a = Analysis {
        hand: sorted.clone(),
        round: deal.round,
        cards: deal.cards,
        wild: deal.wild,
        deadwood: best.deadwood,
        melds: best.melds,
        unmelded: best.unmelded,
        can_go_out: best.deadwood == 0,
        best_discard: None,
        discards: None,
        outs: None,
        unseen: None,
        chance: None,
    };
    if hand.len() > deal.cards {
        let discards = discards(solver, &sorted, table, &unseen);
        let rules = table.rules();
        let best = discards
            .iter()
            .min_by(|a, b| a.deadwood.cmp(&b.deadwood).then(tie(rules, table.wild(), a.card, b.card)))
            .expect("a hand has a card to discard");
        let mut rest = sorted.clone();
        rest.remove(rest.iter().position(|&c| c == best.card).expect("a card of the hand"));
        let laid = solver.solve(&rest, table);
        a.can_go_out = best.deadwood == 0;
        a.best_discard = Some(BestDiscard {
            card: best.card,
            deadwood: laid.deadwood,
            melds: laid.melds,
            unmelded: laid.unmelded,
        });
        a.discards = Some(discards);
    } else {
        let outs = outs(solver, &sorted, table, &unseen);
        let (n, chance) = unseen.odds(&outs);
        a.outs = Some(outs);
        a.unseen = Some(n);
        a.chance = Some(chance);
    }
    a
}

/// Every distinct discard from `hand`: the deadwood left and the outs of
/// the hand left, counted against `unseen`.
pub fn discards(solver: &mut Solver, hand: &[Card], table: &Table, unseen: &Unseen) -> Vec<Discard> {
    let mut finder = Finder::new(hand, table);
    let mut out: Vec<Discard> = Vec::new();
    for (i, &card) in hand.iter().enumerate() {
        if out.iter().any(|d| d.card == card) {
            continue;
        }
        let mut rest = hand.to_vec();
        rest.remove(i);
        let deadwood = solver.deadwood(&rest, table);
        let outs = finder.outs(solver, i, unseen);
        let (n, chance) = unseen.odds(&outs);
        out.push(Discard { card, deadwood, outs, unseen: n, chance });
    }
    out
}

/// The distinct cards with a copy unseen that, drawn to `hand`, let it go
/// out after one discard.
pub fn outs(solver: &mut Solver, hand: &[Card], table: &Table, unseen: &Unseen) -> Vec<Card> {
    let mut with = hand.to_vec();
    // A placeholder for the discard already made: `Finder` works on a hand
    // with one card more than the one whose outs it finds.
    with.push(Card::JOKER);
    let at = with.len() - 1;
    Finder::new(&with, table).outs(solver, at, unseen)
}

/// Finds the outs of the hands left by each discard from one hand.
///
/// A card `c` is an out of a hand `H` when `H + c` less some card `d`
/// melds completely: `d = c` when `H` melds already (every card is then an
/// out), else `d` is a card of `H`, and `c` completes `G = H - d`. So the
/// outs are the union, over the distinct cards `d` of `H`, of the cards
/// completing `G`; after the draw, the same `G` (the hand less two cards)
/// serves both orders of discarding, so each is worked out once.
///
/// Rather than trying every card on every `G`, one solve with a wild in
/// place of `c` tells whether any card can complete `G`: when three or more
/// wilds may make a meld, a card that completes `G` can be swapped for the
/// wild (a wild stands for it in its meld), so when the wild does not
/// complete `G`, nothing does. Only then are cards tried one by one, and
/// only those that could share a meld with `G`'s cards or the table's.
struct Finder<'a> {
    /// The hand, one card more than the hands whose outs are found.
    hand: &'a [Card],
    table: &'a Table,
    /// For each pair of hand positions (lower, higher), the cards completing
    /// the hand less both, once worked out.
    completing: Vec<Option<CardSet>>,
}

/// A set of distinct cards, by index (the joker's stands for any wild).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct CardSet(u128);

impl CardSet {
    const ALL: CardSet = CardSet((1 << Card::KINDS) - 1);

    fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.index();
    }

    fn contains(self, c: Card) -> bool {
        self.0 & (1 << c.index()) != 0
    }
}

impl<'a> Finder<'a> {
    fn new(hand: &'a [Card], table: &'a Table) -> Finder<'a> {
        let n = hand.len();
        Finder { hand, table, completing: vec![None; n * n] }
    }

    /// The outs of the hand less the card at `discard`, with a copy unseen.
    fn outs(&mut self, solver: &mut Solver, discard: usize, unseen: &Unseen) -> Vec<Card> {
        let rest: Vec<Card> = self.without(&[discard]);
        let mut set = CardSet::default();
        if may_meld(&rest, 0, self.table) && solver.goes_out(&rest, self.table) {
            set = CardSet::ALL;
        } else {
            for j in 0..self.hand.len() {
                // Each distinct card of the hand left once.
                let first = (0..self.hand.len()).find(|&k| k != discard && self.hand[k] == self.hand[j]);
                if j == discard || first != Some(j) {
                    continue;
                }
                set.0 |= self.completing(solver, discard, j).0;
            }
        }
        let rules = self.table.rules();
        let any_wild = set.contains(Card::JOKER);
        rules
            .deck()
            .cards()
            .chain([Card::JOKER])
            .filter(|&c| rules.copies(c) > 0 && unseen.of(c) > 0)
            .filter(|&c| if self.table.is_wild(c) { any_wild } else { set.contains(c) })
            .collect()
    }

    /// The hand without the cards at `positions`.
    fn without(&self, positions: &[usize]) -> Vec<Card> {
        self.hand.iter().enumerate().filter(|(i, _)| !positions.contains(i)).map(|(_, &c)| c).collect()
    }

    /// The cards completing the hand less the cards at `a` and `b`: the
    /// joker's bit stands for every wild.
    fn completing(&mut self, solver: &mut Solver, a: usize, b: usize) -> CardSet {
        let n = self.hand.len();
        let key = a.min(b) * n + a.max(b);
        if let Some(set) = self.completing[key] {
            return set;
        }
        let g = self.without(&[a, b]);
        let table = self.table;
        let rules = table.rules();
        let mut with = g.clone();
        with.push(Card::JOKER);
        let wild_completes = may_meld(&g, 1, table) && solver.goes_out(&with, table);
        let wilds = g.iter().filter(|&&c| table.is_wild(c)).count();
        let mut set = CardSet::default();
        if wild_completes {
            set.insert(Card::JOKER);
        }
        // A card that completes G can stand in for the wild, unless every
        // meld needs a natural card and it is the one natural of its meld,
        // which takes two wilds of G's; or at most half of a meld may be
        // wild, which a wild in a natural card's place may break.
        let must_try = wild_completes || (!rules.all_wild_melds && wilds >= 2) || rules.half_wild;
        if must_try {
            let near = Near::new(&g, table, wilds);
            for c in rules.deck().cards() {
                if table.is_wild(c) || !near.could_meld(c) {
                    continue;
                }
                *with.last_mut().expect("the card tried") = c;
                if solver.goes_out(&with, table) {
                    set.insert(c);
                }
            }
        }
        self.completing[key] = Some(set);
        set
    }
}

/// A quick test that fails only for cards that cannot all meld with
/// `extra` more wilds: a natural card with no other natural of its rank,
/// nor of its suit within reach of the wilds, needs two wilds of its own.
fn may_meld(cards: &[Card], extra: usize, table: &Table) -> bool {
    let onto = table.lay_off_melds();
    let mut wilds = extra;
    let mut table_wilds = 0;
    // Per rank, the naturals held; per suit, the run places they take.
    let mut ranks = [0u8; 14];
    let mut places = [0u16; 5];
    let high = table.rules().aces_high();
    let mut note = |c: Card, in_hand: bool| {
        let (Some(rank), Some(suit)) = (c.rank(), c.suit()) else { return };
        let r = rank.number() as usize;
        ranks[r] = ranks[r].saturating_add(if in_hand { 1 } else { 2 });
        places[suit.index()] |= 1 << r;
        if r == 1 && high {
            places[suit.index()] |= 1 << 14;
        }
    };
    for &c in cards {
        if table.is_wild(c) {
            wilds += 1;
        } else {
            note(c, true);
        }
    }
    for meld in onto {
        let mut naturals = 0;
        for &c in meld {
            if table.is_wild(c) {
                table_wilds += 1;
            } else {
                naturals += 1;
                // A table card partners any card of its rank or suit near it.
                note(c, false);
            }
        }
        if naturals == 0 {
            return true;
        }
    }
    let naturals = cards.len() + extra - wilds;
    let half = table.rules().half_wild;
    if wilds >= 2 * naturals && !half {
        return true;
    }
    let reach = (1 + wilds + table_wilds).min(14) as u32;
    let near = |p: u32| {
        let lo = p.saturating_sub(reach);
        let hi = (p + reach).min(15);
        (((1u32 << (hi + 1)) - 1) & !((1u32 << lo) - 1) & !(1 << p)) as u16
    };
    let mut isolated = 0;
    for &c in cards {
        let (Some(rank), Some(suit)) = (c.rank(), c.suit()) else { continue };
        if table.is_wild(c) {
            continue;
        }
        let r = rank.number() as u32;
        let mut window = near(r);
        if r == 1 && high {
            window |= near(14);
        }
        let partnered = ranks[r as usize] >= 2 || places[suit.index()] & window != 0;
        if !partnered {
            isolated += 1;
        }
    }
    // Where at most half of a meld may be wild, every meld holds two
    // natural cards: a card without a partner melds in none.
    if half { isolated == 0 } else { 2 * isolated <= wilds }
}

/// Which natural cards could share a meld with a hand's cards or a table
/// meld: the ones worth trying as the card completing the hand.
struct Near {
    /// Any card could: two wilds make a set with it, or a table meld of
    /// wilds only takes it.
    any: bool,
    /// Ranks held by a natural card of the hand or the table.
    ranks: u16,
    /// Per suit, the run places (1-14) a card must lie within reach of.
    places: [u16; 5],
    /// How far from a natural card of its suit a card may lie.
    reach: u8,
}

impl Near {
    fn new(hand: &[Card], table: &Table, wilds: usize) -> Near {
        let onto = table.lay_off_melds();
        let table_wilds = onto.iter().flatten().filter(|&&c| table.is_wild(c)).count();
        let all_wild_meld = onto.iter().any(|m| m.iter().all(|&c| table.is_wild(c)));
        // Where at most half of a meld may be wild, a card melds only with
        // another natural card, of its rank or of its suit near it.
        let half = table.rules().half_wild;
        let mut near = Near {
            any: !half && (wilds >= 2 || all_wild_meld),
            ranks: 0,
            places: [0; 5],
            // A card and a natural in one run have only wilds between them.
            reach: (1 + wilds + table_wilds).min(14) as u8,
        };
        let high = table.rules().aces_high();
        for &c in hand.iter().chain(onto.iter().flatten()) {
            let (Some(rank), Some(suit)) = (c.rank(), c.suit()) else { continue };
            if table.is_wild(c) {
                continue;
            }
            near.ranks |= 1 << rank.number();
            near.places[suit.index()] |= 1 << rank.number();
            if high && rank == Rank::ACE {
                near.places[suit.index()] |= 1 << 14;
            }
        }
        near
    }

    fn could_meld(&self, c: Card) -> bool {
        let (Some(rank), Some(suit)) = (c.rank(), c.suit()) else { return true };
        if self.any || self.ranks & (1 << rank.number()) != 0 {
            return true;
        }
        let places = self.places[suit.index()];
        let within = |p: u8| (1..=14u8).any(|q| places & (1 << q) != 0 && p.abs_diff(q) <= self.reach);
        within(rank.number()) || (rank == Rank::ACE && within(14))
    }
}
