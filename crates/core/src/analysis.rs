//! What `check` tells about a hand: its best arrangement; after the draw,
//! the hand laid down after the advised discard and every discard's chance
//! to go out on the next draw (and, asked, within the next two); before
//! it, the cards that would let it go out, and whether to take the
//! face-up card or draw from the stock.

use std::cmp::Ordering;

use crate::card::{Card, Rank};
use crate::rules::{Deal, Rules};
use crate::solver::{Meld, Solver, Table};

/// A discard, the deadwood of the hand left, and the hand's chance to go
/// out on the next draw, unless none follows (the last turn).
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Discard {
    pub card: Card,
    pub deadwood: u32,
    /// The hand left's chance on the next draw; none on the last turn,
    /// after someone went out, where no draw follows.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub next: Option<NextDraw>,
}

/// What a hand left after a discard may draw next: its outs and its
/// chance.
#[derive(Clone, PartialEq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct NextDraw {
    /// The distinct cards that, drawn next, let the hand left go out.
    pub outs: Vec<Card>,
    /// The copies of `outs` still unseen.
    pub unseen: u32,
    /// The chance that the next card from the stock is one of the outs.
    pub chance: f64,
    /// Asked for (`look` 2): the chance to go out within the next two
    /// draws from the stock, each draw's discard played for the best chance
    /// on the following draw.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub chance_two: Option<f64>,
}

impl Discard {
    /// The outs of the hand left (none on the last turn).
    pub fn outs(&self) -> &[Card] {
        self.next.as_ref().map_or(&[], |n| &n.outs)
    }

    /// The copies of the outs unseen (0 on the last turn).
    pub fn unseen(&self) -> u32 {
        self.next.as_ref().map_or(0, |n| n.unseen)
    }

    /// The chance to go out on the next draw (0 on the last turn).
    pub fn chance(&self) -> f64 {
        self.next.as_ref().map_or(0.0, |n| n.chance)
    }

    /// The chance within two draws, where asked.
    pub fn chance_two(&self) -> Option<f64> {
        self.next.as_ref().and_then(|n| n.chance_two)
    }
}

/// The advised discard and the hand laid down after it.
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
    /// After the draw: the advised discard (see [`advice_order`]) and the
    /// hand left.
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
    /// A hand of the round's size, asked for (`look` 2): the chance to go
    /// out within the next two draws from the stock.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub chance_two: Option<f64>,
    /// A hand of the round's size, with the face-up card given: take it or
    /// draw from the stock.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub upcard: Option<Upcard>,
    /// The hand is on its last turn: someone went out (the table melds
    /// are theirs). After the draw no draw follows, so each discard is
    /// judged by what it leaves alone, with no outs; before it, the outs
    /// are of the one draw left, with no look at a second.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "std::ops::Not::not"))]
    pub last_turn: bool,
}

/// What else is asked of the analysis besides the hand.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ask {
    /// 2 to work out the chance to go out within the next two draws.
    pub look: u8,
    /// The face-up card on the discard pile, for a hand of the round's size.
    pub upcard: Option<Card>,
    /// Someone went out: the hand is on its last turn (as it is whenever
    /// it has table melds to lay off onto).
    pub last: bool,
}

/// Take the face-up card or draw from the stock: each branch's figures and
/// the advice.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Upcard {
    pub card: Card,
    pub take: Take,
    pub draw: Draw,
    pub advice: Choice,
    /// What decided the advice.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub decided_by: Decided,
}

/// Taking the face-up card: the hand with it, after the advised discard.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Take {
    pub discard: Card,
    pub goes_out: bool,
    pub deadwood: u32,
    /// The chance to go out on the next draw (1 when it goes out now);
    /// none on the last turn, where no draw follows.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub chance_next: Option<f64>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub chance_this_or_next: Option<f64>,
}

/// Drawing from the stock, over every unseen card by its copies unseen:
/// the hand with it, after the advised discard.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Draw {
    /// The chance that the card drawn lets every card meld.
    pub chance_now: f64,
    pub expected_deadwood: f64,
    /// None on the last turn, where no turn follows.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub chance_this_or_next: Option<f64>,
    /// The cards weighed: the copies still unseen (none: nothing to draw).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub unseen: u32,
}

/// Which pile to draw from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "lowercase"))]
pub enum Choice {
    Take,
    Draw,
}

/// What decided between taking and drawing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decided {
    /// The chance to go out this turn or the next.
    Chance,
    /// The same chance; the deadwood expected.
    Deadwood,
    /// The same chance and deadwood: drawing.
    Tie,
    /// The last turn, no turn following: the deadwood kept against the
    /// deadwood expected, which is what the hand scores.
    LastTurn,
}

impl Analysis {
    /// After the draw: the discard with the best chance to go out on the
    /// next draw (ties as in [`Analysis::discards_in_order`]).
    /// None on the last turn, where no draw follows.
    pub fn best_chance(&self, rules: &Rules) -> Option<&Discard> {
        if self.last_turn {
            return None;
        }
        self.discards.as_ref()?;
        self.discards_in_order(rules).first().copied()
    }

    /// After the draw: every discard in the order the advice lists them,
    /// the best chance to go out on the next draw first; ties leave less,
    /// then (when worked out) have the better chance within two draws,
    /// then keep a wild, then throw the card worth most, then the card tied
    /// to fewest others of the hand (see [`ties_to`]). Empty before the
    /// draw.
    pub fn discards_in_order(&self, rules: &Rules) -> Vec<&Discard> {
        let ties = |card| ties_to(rules, self.wild, &self.hand, card);
        let mut sorted: Vec<&Discard> = self.discards.iter().flatten().collect();
        sorted.sort_by(|a, b| {
            b.chance()
                .total_cmp(&a.chance())
                .then(a.deadwood.cmp(&b.deadwood))
                .then(two(b).total_cmp(&two(a)))
                .then(tie(rules, self.wild, a.card, b.card))
                .then(ties(a.card).cmp(&ties(b.card)))
        });
        sorted
    }
}

/// How many of the other natural cards of `hand` `card` could meld with:
/// those of its rank, and those of its suit within two ranks. Among
/// discards equal on every other count, the card tied to fewest goes, so
/// that a pair is not broken for a card that stands alone.
pub fn ties_to(rules: &Rules, wild: Rank, hand: &[Card], card: Card) -> usize {
    if rules.is_wild(card, wild) {
        return 0;
    }
    let (Some(rank), suit) = (card.rank(), card.suit()) else { return 0 };
    let mut skipped = false;
    hand.iter()
        .filter(|&&c| {
            // The card itself, once.
            if c == card && !skipped {
                skipped = true;
                return false;
            }
            !rules.is_wild(c, wild)
        })
        .filter(|c| {
            c.rank() == Some(rank)
                || (c.suit() == suit && c.rank().is_some_and(|r| r.number().abs_diff(rank.number()) <= 2))
        })
        .count()
}

fn two(d: &Discard) -> f64 {
    d.chance_two().unwrap_or(0.0)
}

/// The order of the advised discard: least deadwood left; among equal
/// deadwood, the best chance to go out on the next draw, then (when worked
/// out) within the next two; then a natural card before a wild, then the
/// card worth most.
pub fn advice_order(rules: &Rules, wild: Rank, a: &Discard, b: &Discard) -> Ordering {
    a.deadwood
        .cmp(&b.deadwood)
        .then(b.chance().total_cmp(&a.chance()))
        .then(two(b).total_cmp(&two(a)))
        .then(tie(rules, wild, a.card, b.card))
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

    /// The cards unseen once one copy of `card` is seen.
    pub fn less(&self, card: Card) -> Unseen {
        let mut u = self.clone();
        if u.copies[card.index()] > 0 {
            u.copies[card.index()] -= 1;
            u.total -= 1;
        }
        u
    }

    /// Every distinct card with a copy unseen.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        (0..Card::KINDS).filter_map(Card::from_index).filter(|&c| self.of(c) > 0)
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
    analyse_with(solver, hand, deal, table, seen, Ask::default())
}

/// [`analyse`], with the two-draw chance and the face-up card when asked.
/// The face-up card counts as seen.
pub fn analyse_with(
    solver: &mut Solver,
    hand: &[Card],
    deal: &Deal,
    table: &Table,
    seen: &[Card],
    ask: Ask,
) -> Analysis {
    let mut sorted = hand.to_vec();
    sort_hand(&mut sorted, table);
    let mut known = sorted.clone();
    known.extend(table.onto().iter().flatten());
    known.extend_from_slice(seen);
    known.extend(ask.upcard.filter(|_| hand.len() == deal.cards));
    let unseen = Unseen::new(table.rules(), &known);
    // One memo for the hand, every discard and the hand laid down.
    let after_draw = hand.len() > deal.cards;
    let last = ask.last || !table.lay_off_melds().is_empty();
    if after_draw && last {
        return last_turn_after_draw(solver, sorted, deal, table);
    }
    // On the last turn, the order of the search is chosen by the hand's
    // least deadwood alone: with table melds to lay off onto, its outs
    // then take about as long, and the look itself far less.
    if last {
        solver.load_for_least(&sorted, table);
    } else {
        solver.load(&sorted, table);
    }
    let best = solver.solve_less(&[]);
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
        chance_two: None,
        upcard: None,
        last_turn: last,
    };
    if after_draw {
        let mut discards = discards(solver, &sorted, table, &unseen);
        if ask.look >= 2 {
            for d in &mut discards {
                let mut rest = sorted.clone();
                rest.remove(rest.iter().position(|&c| c == d.card).expect("a card of the hand"));
                let two = two_draws(solver, &rest, table, &unseen).chance();
                if let Some(next) = &mut d.next {
                    next.chance_two = Some(two);
                }
            }
        }
        let best = advised(&discards, &sorted, table, deal.wild);
        solver.load(&sorted, table);
        let laid = solver.solve_after(best.card);
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
        // On the last turn one draw is left: no second to look at.
        if ask.look >= 2 && !last {
            a.chance_two = Some(two_draws(solver, &sorted, table, &unseen).chance());
        }
        a.upcard = ask.upcard.map(|card| match last {
            true => last_upcard(solver, &sorted, card, table, &unseen),
            false => upcard(solver, &sorted, card, table, &unseen),
        });
    }
    a
}

/// A hand after the draw on its last turn: no draw follows, so each
/// discard is judged by the deadwood it leaves, which is what it scores,
/// and nothing is asked of a draw to come. The order of the search is
/// chosen for the deadwood alone ([`Solver::load_for_deadwood`]).
fn last_turn_after_draw(solver: &mut Solver, sorted: Vec<Card>, deal: &Deal, table: &Table) -> Analysis {
    let discards = last_turn_discards(solver, &sorted, table);
    let whole = solver.solve_less(&[]);
    let best = advised(&discards, &sorted, table, deal.wild);
    let laid = solver.solve_after(best.card);
    Analysis {
        round: deal.round,
        cards: deal.cards,
        wild: deal.wild,
        deadwood: whole.deadwood,
        melds: whole.melds,
        unmelded: whole.unmelded,
        can_go_out: best.deadwood == 0,
        best_discard: Some(BestDiscard {
            card: best.card,
            deadwood: laid.deadwood,
            melds: laid.melds,
            unmelded: laid.unmelded,
        }),
        discards: Some(discards),
        outs: None,
        unseen: None,
        chance: None,
        chance_two: None,
        upcard: None,
        last_turn: true,
        hand: sorted,
    }
}

/// Every distinct discard of `hand`, in its order, and the deadwood it
/// leaves, with nothing of a next draw: the last turn, where none follows.
pub fn last_turn_discards(solver: &mut Solver, hand: &[Card], table: &Table) -> Vec<Discard> {
    solver.load_for_deadwood(hand, table);
    let at_once = solver.every_discard_at_once();
    distinct(hand)
        .into_iter()
        .map(|card| {
            let deadwood = if at_once { solver.deadwood_after(card) } else { solver.deadwood_less(&[card]) };
            Discard { card, deadwood, next: None }
        })
        .collect()
}

/// The advised discard among `discards` (see [`advice_order`]).
fn advised<'a>(discards: &'a [Discard], hand: &[Card], table: &Table, wild: Rank) -> &'a Discard {
    let rules = table.rules();
    discards
        .iter()
        .min_by(|a, b| {
            advice_order(rules, wild, a, b)
                .then(ties_to(rules, wild, hand, a.card).cmp(&ties_to(rules, wild, hand, b.card)))
        })
        .expect("a hand has a card to discard")
}

/// Every distinct discard from `hand`: the deadwood left and the outs of
/// the hand left, counted against `unseen`.
pub fn discards(solver: &mut Solver, hand: &[Card], table: &Table, unseen: &Unseen) -> Vec<Discard> {
    solver.load(hand, table);
    distinct(hand).into_iter().map(|card| discard_of(solver, card, table, unseen, (true, true))).collect()
}

/// The distinct cards of `hand`, in its order: one discard each.
pub(crate) fn distinct(hand: &[Card]) -> Vec<Card> {
    let mut cards: Vec<Card> = Vec::new();
    for &card in hand {
        if !cards.contains(&card) {
            cards.push(card);
        }
    }
    cards
}

/// One discard, of the hand loaded into `solver`: its deadwood and its
/// outs where asked (else 0 and none, worked out elsewhere).
fn discard_of(
    solver: &mut Solver,
    card: Card,
    table: &Table,
    unseen: &Unseen,
    (deadwood, outs): (bool, bool),
) -> Discard {
    let at_once = solver.every_discard_at_once();
    let deadwood = match (deadwood, at_once) {
        (false, _) => 0,
        (true, true) => solver.deadwood_after(card),
        (true, false) => solver.deadwood_less(&[card]),
    };
    let outs = match (outs, at_once) {
        (false, _) => Vec::new(),
        (true, true) => outs_after(solver, card, table, unseen),
        (true, false) => outs_less(solver, &[card], table, unseen),
    };
    let (n, chance) = unseen.odds(&outs);
    Discard { card, deadwood, next: Some(NextDraw { outs, unseen: n, chance, chance_two: None }) }
}

/// The distinct cards with a copy unseen that, drawn to `hand`, let it go
/// out after one discard.
pub fn outs(solver: &mut Solver, hand: &[Card], table: &Table, unseen: &Unseen) -> Vec<Card> {
    solver.load(hand, table);
    outs_less(solver, &[], table, unseen)
}

/// The advised discard of `hand`, after the draw, without the figures of
/// the other discards: the deadwood of every discard but `except` (the
/// card just taken from the pile, where it may not go back), the outs
/// only of those leaving least. Its card, the deadwood left and the
/// copies of its outs unseen.
fn advise(
    solver: &mut Solver,
    (hand, except): (&[Card], Option<Card>),
    table: &Table,
    wild: Rank,
    unseen: &Unseen,
) -> (Card, u32, u32) {
    solver.load(hand, table);
    let mut all: Vec<(Card, u32)> = Vec::new();
    for &card in hand {
        if Some(card) != except && !all.iter().any(|d| d.0 == card) {
            all.push((card, solver.deadwood_less(&[card])));
        }
    }
    let least = all.iter().map(|d| d.1).min().expect("a card to discard");
    let tied: Vec<Discard> = all
        .into_iter()
        .filter(|d| d.1 == least)
        .map(|(card, deadwood)| {
            // Every card is an out of a hand that goes out.
            let n = if deadwood == 0 {
                unseen.total()
            } else {
                unseen.odds(&outs_less(solver, &[card], table, unseen)).0
            };
            let chance = if unseen.total() == 0 { 0.0 } else { n as f64 / unseen.total() as f64 };
            Discard {
                card,
                deadwood,
                next: Some(NextDraw { outs: Vec::new(), unseen: n, chance, chance_two: None }),
            }
        })
        .collect();
    let best = advised(&tied, hand, table, wild);
    (best.card, best.deadwood, best.unseen())
}

/// A chance as a fraction, kept exact for comparing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fraction {
    num: u64,
    den: u64,
}

impl Fraction {
    fn chance(self) -> f64 {
        if self.den == 0 { 0.0 } else { self.num as f64 / self.den as f64 }
    }
}

/// The chance that `hand`, of the round's size, goes out within the next
/// two draws from the stock: the first card drawn lets it go out, or else,
/// after the discard giving the best chance on the following draw, the
/// second does. Every unseen card is taken as equally likely to come.
fn two_draws(solver: &mut Solver, hand: &[Card], table: &Table, unseen: &Unseen) -> Fraction {
    let total = unseen.total() as u64;
    // The chances of the second draw are over the cards then unseen.
    let next = total.saturating_sub(1).max(1);
    let outs = outs(solver, hand, table, unseen);
    let mut num = 0;
    for x in unseen.cards() {
        let copies = unseen.of(x) as u64;
        if outs.contains(&x) {
            num += copies * next;
            continue;
        }
        let mut with = hand.to_vec();
        with.push(x);
        let after = unseen.less(x);
        solver.load(&with, table);
        let at_once = solver.every_discard_at_once();
        let mut best = 0;
        for (i, &e) in with.iter().enumerate() {
            if !with[..i].contains(&e) {
                let outs = if at_once {
                    outs_after(solver, e, table, &after)
                } else {
                    outs_less(solver, &[e], table, &after)
                };
                best = best.max(after.odds(&outs).0);
            }
        }
        num += copies * best as u64;
    }
    Fraction { num, den: total * next }
}

/// Take the face-up card `card` or draw from the stock, for `hand` of the
/// round's size; `unseen` leaves out the hand and the face-up card.
fn upcard(solver: &mut Solver, hand: &[Card], card: Card, table: &Table, unseen: &Unseen) -> Upcard {
    let total = unseen.total() as u64;
    // Chances over total × next, the second draw's unseen cards.
    let next = total.saturating_sub(1).max(1);
    let wild = table.wild();
    let mut with = hand.to_vec();
    with.push(card);
    // The card taken may not go straight back, unless the rules allow it
    // or the hand holds another copy.
    let except = (!table.rules().throw_back() && !hand.contains(&card)).then_some(card);
    let (discard, deadwood, outs) = advise(solver, (&with, except), table, wild, unseen);
    let goes_out = deadwood == 0;
    let take_next = Fraction { num: if goes_out { total } else { outs as u64 }, den: total };
    let take_chance = Fraction { num: take_next.num * next, den: total * next };
    let (mut now, mut dead, mut chance) = (0u64, 0u64, 0u64);
    for x in unseen.cards() {
        let copies = unseen.of(x) as u64;
        let mut with = hand.to_vec();
        with.push(x);
        let (_, deadwood, outs) = advise(solver, (&with, None), table, wild, &unseen.less(x));
        dead += copies * deadwood as u64;
        if deadwood == 0 {
            now += copies;
            chance += copies * next;
        } else {
            chance += copies * outs as u64;
        }
    }
    let draw_chance = Fraction { num: chance, den: total * next };
    let (advice, decided_by) = if total == 0 {
        // Nothing left to draw.
        (Choice::Take, Decided::Chance)
    } else {
        match take_chance.num.cmp(&draw_chance.num) {
            Ordering::Greater => (Choice::Take, Decided::Chance),
            Ordering::Less => (Choice::Draw, Decided::Chance),
            Ordering::Equal => by_deadwood((deadwood, total, dead), Decided::Deadwood),
        }
    };
    let per = |n: u64| if total == 0 { 0.0 } else { n as f64 / total as f64 };
    Upcard {
        card,
        take: Take {
            discard,
            goes_out,
            deadwood,
            chance_next: Some(take_next.chance()),
            chance_this_or_next: Some(take_chance.chance()),
        },
        draw: Draw {
            chance_now: per(now),
            expected_deadwood: per(dead),
            chance_this_or_next: Some(draw_chance.chance()),
            unseen: unseen.total(),
        },
        advice,
        decided_by,
    }
}

/// Take the face-up card or draw on the last turn: no turn follows, so
/// each is worth the deadwood it leaves, which is what the hand scores:
/// taking, the least any discard but the card taken leaves (unless the
/// rules let it go back, or the hand holds another copy); drawing, that
/// least after each unseen card, by its copies unseen. The advice takes
/// where taking leaves less than drawing on average, else draws.
fn last_upcard(solver: &mut Solver, hand: &[Card], card: Card, table: &Table, unseen: &Unseen) -> Upcard {
    let total = unseen.total() as u64;
    let mut with = hand.to_vec();
    with.push(card);
    let except = (!table.rules().throw_back() && !hand.contains(&card)).then_some(card);
    let (discard, deadwood) = least_left(solver, &with, table, except);
    let (mut now, mut dead) = (0u64, 0u64);
    for x in unseen.cards() {
        let copies = unseen.of(x) as u64;
        let mut with = hand.to_vec();
        with.push(x);
        let (_, left) = least_left(solver, &with, table, None);
        dead += copies * left as u64;
        now += copies * u64::from(left == 0);
    }
    let (advice, decided_by) = match total {
        // Nothing left to draw.
        0 => (Choice::Take, Decided::LastTurn),
        _ => by_deadwood((deadwood, total, dead), Decided::LastTurn),
    };
    let per = |n: u64| if total == 0 { 0.0 } else { n as f64 / total as f64 };
    Upcard {
        card,
        take: Take {
            discard,
            goes_out: deadwood == 0,
            deadwood,
            chance_next: None,
            chance_this_or_next: None,
        },
        draw: Draw {
            chance_now: per(now),
            expected_deadwood: per(dead),
            chance_this_or_next: None,
            unseen: unseen.total(),
        },
        advice,
        decided_by,
    }
}

/// Taking leaving `deadwood` against drawing leaving `dead` over `total`
/// cards: take where taking leaves less, draw where drawing does, and on
/// a tie draw.
fn by_deadwood((deadwood, total, dead): (u32, u64, u64), decided: Decided) -> (Choice, Decided) {
    match (deadwood as u64 * total).cmp(&dead) {
        Ordering::Less => (Choice::Take, decided),
        Ordering::Greater => (Choice::Draw, decided),
        Ordering::Equal => (Choice::Draw, Decided::Tie),
    }
}

/// The discard of `hand` (any card but `except`) leaving the least
/// deadwood, as `check` advises it on the last turn (a natural before a
/// wild, then the card worth most), and what it leaves.
fn least_left(solver: &mut Solver, hand: &[Card], table: &Table, except: Option<Card>) -> (Card, u32) {
    let discards: Vec<Discard> =
        last_turn_discards(solver, hand, table).into_iter().filter(|d| Some(d.card) != except).collect();
    let best = advised(&discards, hand, table, table.wild());
    (best.card, best.deadwood)
}

/// The outs, with a copy unseen, of the hand loaded into the solver less
/// `card`, every discard's found in one search (`Solver::outs_after`).
fn outs_after(solver: &mut Solver, card: Card, table: &Table, unseen: &Unseen) -> Vec<Card> {
    let set = solver.outs_after(card);
    (0..Card::KINDS)
        .filter_map(Card::from_index)
        .filter(|&c| unseen.of(c) > 0 && set.completes(c, table.is_wild(c)))
        .collect()
}

/// The outs, with a copy unseen, of the hand loaded into the solver less
/// `less`, found in one search (`Solver::outs_less`, exact as the solver's
/// module `complete` argues).
fn outs_less(solver: &mut Solver, less: &[Card], table: &Table, unseen: &Unseen) -> Vec<Card> {
    let set = solver.outs_less(less);
    // Every card of the decks in card order, the joker last: a card with a
    // copy unseen is one the decks hold.
    (0..Card::KINDS)
        .filter_map(Card::from_index)
        .filter(|&c| unseen.of(c) > 0 && set.completes(c, table.is_wild(c)))
        .collect()
}
