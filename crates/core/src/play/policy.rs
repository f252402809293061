//! The simple players: random, greedy (the least deadwood) and the hand
//! checker's advice (the best chance to go out).

use std::cmp::Ordering;

use super::{Phase, Policy, View, legal_discards};
use crate::analysis::{Ask, Choice, Discard, Unseen, advice_order, analyse_with, discards};
use crate::card::Card;
use crate::solver::{Solver, Table};

/// Takes the face-up card one time in two, discards any card it may.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl Policy for Random {
    fn take(&mut self, _: &mut Solver, _: &View<'_>, rng: &mut fastrand::Rng) -> bool {
        rng.bool()
    }

    fn discard(&mut self, _: &mut Solver, view: &View<'_>, rng: &mut fastrand::Rng) -> Card {
        let legal = legal_discards(view.state);
        // Each card of the hand alike: copies count once per copy.
        let hand: Vec<Card> = view.hand().iter().copied().filter(|c| legal.contains(c)).collect();
        hand[rng.usize(..hand.len())]
    }
}

/// Keeps the least deadwood: takes the face-up card when some discard then
/// leaves less deadwood than the hand holds, and discards the card that
/// leaves least (among equals, a natural card before a wild, then the card
/// worth most, then the first in the deck's order).
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// The order of greedy's discards among those leaving equal deadwood.
fn greedy_order(table: &Table, a: (Card, u32), b: (Card, u32)) -> Ordering {
    a.1.cmp(&b.1)
        .then(table.is_wild(a.0).cmp(&table.is_wild(b.0)))
        .then(table.value(b.0).cmp(&table.value(a.0)))
        .then(a.0.cmp(&b.0))
}

/// What the least deadwood of a hand less `c` cannot be below, the
/// hand's being `whole`, `all` the value of all its cards, and `anywhere`,
/// when known, the naturals some best arrangement of it leaves unmelded
/// (see [`least`]).
fn lower_bound(table: &Table, (whole, all): (u32, u32), anywhere: Option<&[Card]>, c: Card) -> u32 {
    let v = table.value(c);
    if table.is_wild(c) {
        if table.rules().half_wild() {
            return whole.saturating_sub(v);
        }
        // Where wilds left over cost nothing beside a meld: a best
        // arrangement of the hand less the wild, with a meld, takes the
        // wild back at no cost, so it is no lower than the hand's; without
        // one, every card of it is deadwood.
        return whole.min(all - v);
    }
    match anywhere {
        Some(cards) if !cards.contains(&c) => (whole + 1).saturating_sub(v),
        _ => whole.saturating_sub(v),
    }
}

/// The cards of `cards` some best arrangement of `hand` leaves unmelded,
/// asked of the solver only when some natural of `cards` could come
/// within `most` by the bound that does not know them.
fn anywhere_if(
    solver: &mut Solver,
    hand: &[Card],
    table: &Table,
    (whole, all): (u32, u32),
    cards: &[Card],
    most: Option<u32>,
) -> Option<std::rc::Rc<[Card]>> {
    let could =
        |c: &Card| !table.is_wild(*c) && most.is_none_or(|d| lower_bound(table, (whole, all), None, *c) <= d);
    cards.iter().any(could).then(|| solver.unmelded_anywhere(hand, table))
}

/// The discard greedy makes from `hand` among `legal`, and the deadwood it
/// leaves.
///
/// Not every discard is searched. For any card `c` of a hand `H`, the
/// least deadwood of `H` less `c` is at least `D(H) − v(c)` (`c` added
/// back unmelded to the best arrangement of `H` less `c` gives one of `H`;
/// a card left over changes no meld, and so neither what the wilds score
/// nor what may be laid off). For a natural card it is exactly that when
/// some best arrangement of `H` leaves it unmelded (taken from that
/// arrangement, it leaves one of `H` less `c`), and at least one more
/// when none does (were it equal, the arrangement of `H` less `c` with
/// `c` added back unmelded would be a best one of `H`). For a wild, where
/// wilds left over cost nothing beside a meld, it is at least the lesser
/// of `D(H)` and the value of every other card of `H` (see
/// [`lower_bound`]). So the cards are
/// tried from the lowest bound up, and a card whose bound is above the
/// least deadwood found cannot be greedy's discard, nor can any after it;
/// a card is searched only as far as it could come within the least found.
pub(super) fn least(solver: &mut Solver, hand: &[Card], table: &Table, legal: &[Card]) -> (Card, u32) {
    let (whole, unmelded) = solver.deadwood_leaving(hand, table);
    let all: u32 = hand.iter().map(|&c| table.value(c)).sum();
    let mut best: Option<(Card, u32)> = None;
    let better = |best: &mut Option<(Card, u32)>, found: (Card, u32)| {
        if best.is_none_or(|b| greedy_order(table, found, b) == Ordering::Less) {
            *best = Some(found);
        }
    };
    for &c in legal.iter().filter(|c| unmelded.contains(c)) {
        better(&mut best, (c, whole - table.value(c)));
    }
    let mut rest: Vec<Card> = legal.iter().copied().filter(|c| !unmelded.contains(c)).collect();
    // The naturals other best arrangements leave unmelded, where one of
    // the others could be greedy's discard.
    let anywhere = anywhere_if(solver, hand, table, (whole, all), &rest, best.map(|b| b.1));
    if let Some(cards) = &anywhere {
        for &c in rest.iter().filter(|c| cards.contains(c)) {
            better(&mut best, (c, whole - table.value(c)));
        }
        rest.retain(|c| !cards.contains(c));
    }
    let mut rest: Vec<(u32, Card)> =
        rest.into_iter().map(|c| (lower_bound(table, (whole, all), anywhere.as_deref(), c), c)).collect();
    rest.sort_unstable_by_key(|&(bound, _)| bound);
    for (bound, c) in rest {
        if best.is_some_and(|(_, d)| bound > d) {
            break;
        }
        // Only a deadwood as low as the least found could be greedy's.
        let most = best.map_or(u32::MAX, |(_, d)| d);
        if let Some(d) = solver.deadwood_without_within(hand, table, c, most) {
            better(&mut best, (c, d));
        }
    }
    let (card, left) = best.expect("a card to discard");
    // The discard's question asked again (does the hand left meld?), and
    // the next turn's (what does the hand hold?), answered.
    solver.note_without(hand, table, card, left);
    (card, left)
}

impl Greedy {
    /// Whether greedy takes `up` into `hand`: whether some discard then
    /// leaves less than the hand holds now. Cards are tried as in
    /// [`least`], each only when its bound is below what the hand holds.
    pub fn takes(solver: &mut Solver, hand: &[Card], up: Card, table: &Table) -> bool {
        let mut with = Vec::with_capacity(hand.len() + 1);
        with.extend_from_slice(hand);
        with.push(up);
        let again = hand.contains(&up);
        let now = match solver.deadwood_kept(hand, table) {
            Some(d) => d,
            None => solver.deadwood_without(&with, table, up),
        };
        // Nothing leaves less than nothing.
        if now == 0 {
            return false;
        }
        let (whole, unmelded) = solver.deadwood_leaving(&with, table);
        let all: u32 = with.iter().map(|&c| table.value(c)).sum();
        let mut cards: Vec<Card> = with.iter().copied().filter(|&c| c != up || again).collect();
        cards.sort_unstable();
        cards.dedup();
        let lowers = |c: Card, cards: &[Card]| cards.contains(&c) && whole - table.value(c) < now;
        if cards.iter().any(|&c| lowers(c, &unmelded)) {
            return true;
        }
        cards.retain(|c| !unmelded.contains(c));
        let anywhere = anywhere_if(solver, &with, table, (whole, all), &cards, Some(now - 1));
        if let Some(found) = &anywhere {
            if cards.iter().any(|&c| lowers(c, found)) {
                return true;
            }
            cards.retain(|c| !found.contains(c));
        }
        let mut cards: Vec<(u32, Card)> = cards
            .into_iter()
            .map(|c| (lower_bound(table, (whole, all), anywhere.as_deref(), c), c))
            .filter(|&(bound, _)| bound < now)
            .collect();
        cards.sort_unstable_by_key(|&(bound, _)| bound);
        cards.into_iter().any(|(_, c)| solver.deadwood_without_within(&with, table, c, now - 1).is_some())
    }
}

impl Policy for Greedy {
    fn take(&mut self, solver: &mut Solver, view: &View<'_>, _: &mut fastrand::Rng) -> bool {
        let up = view.face_up().expect("a face-up card");
        Greedy::takes(solver, view.hand(), up, view.table)
    }

    fn discard(&mut self, solver: &mut Solver, view: &View<'_>, _: &mut fastrand::Rng) -> Card {
        least(solver, view.hand(), view.table, &legal_discards(view.state)).0
    }
}

/// Greedy that never takes the face-up card: what the take-or-draw
/// decision is worth, against greedy.
#[derive(Clone, Copy, Debug, Default)]
pub struct AlwaysDraw;

impl Policy for AlwaysDraw {
    fn take(&mut self, _: &mut Solver, _: &View<'_>, _: &mut fastrand::Rng) -> bool {
        false
    }

    fn discard(&mut self, solver: &mut Solver, view: &View<'_>, _: &mut fastrand::Rng) -> Card {
        least(solver, view.hand(), view.table, &legal_discards(view.state)).0
    }
}

/// The hand checker's advice: takes the face-up card when `check` advises
/// it (the better chance to go out this turn or the next), discards the
/// card `check` advises (the least deadwood, then the best chance).
#[derive(Clone, Copy, Debug, Default)]
pub struct Chance;

impl Policy for Chance {
    fn take(&mut self, solver: &mut Solver, view: &View<'_>, _: &mut fastrand::Rng) -> bool {
        let up = view.face_up().expect("a face-up card");
        let seen = view.seen();
        // The face-up card is given as the upcard, not as seen.
        let seen: Vec<Card> = {
            let mut s = seen;
            if let Some(i) = s.iter().rposition(|&c| c == up) {
                s.remove(i);
            }
            s
        };
        let ask = Ask { upcard: Some(up), ..Ask::default() };
        let a = analyse_with(solver, view.hand(), &view.state.deal, view.table, &seen, ask);
        a.upcard.is_some_and(|u| u.advice == Choice::Take)
    }

    fn discard(&mut self, solver: &mut Solver, view: &View<'_>, _: &mut fastrand::Rng) -> Card {
        let legal = legal_discards(view.state);
        let mut known: Vec<Card> = view.hand().to_vec();
        known.extend(view.seen());
        let unseen = Unseen::new(&view.state.rules, &known);
        let all: Vec<Discard> = discards(solver, view.hand(), view.table, &unseen);
        let wild = view.state.deal.wild;
        let rules = view.state.rules;
        all.iter()
            .filter(|d| legal.contains(&d.card))
            .min_by(|a, b| advice_order(&rules, wild, a, b))
            .map(|d| d.card)
            .expect("a card to discard")
    }
}

/// Greedy's move at `view`, for the coach: take or not before the draw,
/// the discard after it.
pub(super) fn greedy_move(solver: &mut Solver, view: &View<'_>) -> Move {
    match view.state.phase {
        Phase::Draw => Move::Take(Greedy::takes(
            solver,
            view.hand(),
            view.face_up().expect("a face-up card"),
            view.table,
        )),
        Phase::Discard { .. } => {
            Move::Discard(least(solver, view.hand(), view.table, &legal_discards(view.state)).0)
        }
    }
}

/// A move a policy may make at a decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    /// Before the draw: take the face-up card (`true`) or draw.
    Take(bool),
    /// After the draw: this discard.
    Discard(Card),
}
