//! The simple players: random, greedy (the least deadwood) and the hand
//! checker's advice (the best chance to go out).

use std::cmp::Ordering;

use super::{Phase, Policy, View, held_back, legal_discards};
use crate::analysis::{
    Ask, Choice, Discard, Unseen, advice_order, analyse_with, discards, last_turn_discards,
};
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

/// What the least deadwood of `hand` less the wild `c` cannot be below,
/// the hand's being `whole`: where wilds left over cost nothing beside a
/// meld, a best arrangement of the hand less the wild, with a meld, takes
/// the wild back at no cost, so it is no lower than the hand's; without
/// one, every card of it is deadwood. With the half-wild limit, only that
/// `c` put back unmelded gives an arrangement of the hand.
fn wild_bound(table: &Table, hand: &[Card], whole: u32, c: Card) -> u32 {
    let v = table.value(c);
    if table.rules().half_wild() {
        return whole.saturating_sub(v);
    }
    let all: u32 = hand.iter().map(|&h| table.value(h)).sum();
    whole.min(all - v)
}

/// The wilds of `hand` but `except`, each card once, with their bounds
/// ([`wild_bound`]), lowest first.
fn wilds_of(table: &Table, hand: &[Card], whole: u32, except: Option<Card>) -> Vec<(u32, Card)> {
    let mut wilds: Vec<(u32, Card)> = hand
        .iter()
        .filter(|&&c| table.is_wild(c) && Some(c) != except)
        .map(|&c| (wild_bound(table, hand, whole, c), c))
        .collect();
    wilds.sort_unstable();
    wilds.dedup();
    wilds
}

/// The discard greedy makes from `hand`, any card but `except` (the card
/// just taken from the pile, where it is the hand's only copy), and the
/// deadwood it leaves.
///
/// The natural cards are weighed in one search over the hand: the least
/// deadwood of the hand less each natural card, the card chosen among
/// equals as greedy chooses (the solver's exactness, step 12). A wild is
/// searched only where its bound ([`wild_bound`]) could beat or tie the
/// natural found, and only as far as it could come within it.
pub(super) fn least(solver: &mut Solver, hand: &[Card], table: &Table, except: Option<Card>) -> (Card, u32) {
    // Any card first, as the take decision asked it: where that card may
    // be thrown, it is first among those that may.
    let (whole, mut natural) = solver.least_less_one(hand, table, None);
    if except.is_some() && natural.map(|n| n.0) == except {
        natural = solver.least_less_one(hand, table, except).1;
    }
    let mut best: Option<(Card, u32)> = natural;
    for (bound, c) in wilds_of(table, hand, whole, except) {
        if best.is_some_and(|(_, d)| bound > d) {
            break;
        }
        let most = best.map_or(u32::MAX, |(_, d)| d);
        if let Some(d) = solver.deadwood_without_within(hand, table, c, most)
            && best.is_none_or(|b| greedy_order(table, (c, d), b) == Ordering::Less)
        {
            best = Some((c, d));
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
    /// leaves less than the hand holds now. The natural cards are weighed
    /// as in [`least`], in one search; a wild only where its bound is
    /// below what the hand holds.
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
        // The face-up card thrown back leaves the hand as it is: it may
        // be weighed with the others.
        let (whole, natural) = solver.least_less_one(&with, table, None);
        if natural.is_some_and(|(_, d)| d < now) {
            return true;
        }
        // The face-up card thrown back as a wild leaves the hand as it is.
        let except = (!again).then_some(up);
        wilds_of(table, &with, whole, except)
            .into_iter()
            .take_while(|&(bound, _)| bound < now)
            .any(|(_, c)| solver.deadwood_without_within(&with, table, c, now - 1).is_some())
    }
}

impl Policy for Greedy {
    fn take(&mut self, solver: &mut Solver, view: &View<'_>, _: &mut fastrand::Rng) -> bool {
        let up = view.face_up().expect("a face-up card");
        Greedy::takes(solver, view.hand(), up, view.table)
    }

    fn discard(&mut self, solver: &mut Solver, view: &View<'_>, _: &mut fastrand::Rng) -> Card {
        least(solver, view.hand(), view.table, held_back(view.state)).0
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
        least(solver, view.hand(), view.table, held_back(view.state)).0
    }
}

/// The hand checker's advice: takes the face-up card when `check` advises
/// it (the better chance to go out this turn or the next; on the last
/// turn, the less deadwood kept), discards the
/// card `check` advises (the least deadwood, then the best chance; on the
/// last turn, no draw following, the least deadwood alone), told every
/// card seen ([`View::seen`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Chance;

impl Policy for Chance {
    fn take(&mut self, solver: &mut Solver, view: &View<'_>, _: &mut fastrand::Rng) -> bool {
        let up = view.face_up().expect("a face-up card");
        // The face-up card is given as the upcard, and the table melds as
        // the table (the analysis counts both), not as seen.
        let mut seen = view.seen();
        for &c in std::iter::once(&up).chain(view.table.onto().iter().flatten()) {
            if let Some(i) = seen.iter().rposition(|&s| s == c) {
                seen.remove(i);
            }
        }
        // On the last turn, as `check` advises it there: by the deadwood
        // each way leaves.
        let ask = Ask { upcard: Some(up), last: view.state.out.is_some(), ..Ask::default() };
        let a = analyse_with(solver, view.hand(), &view.state.deal, view.table, &seen, ask);
        a.upcard.is_some_and(|u| u.advice == Choice::Take)
    }

    fn discard(&mut self, solver: &mut Solver, view: &View<'_>, _: &mut fastrand::Rng) -> Card {
        let legal = legal_discards(view.state);
        // On the last turn, as `check` advises it: by what each discard
        // leaves, no draw following.
        let all: Vec<Discard> = if view.state.out.is_some() {
            last_turn_discards(solver, view.hand(), view.table)
        } else {
            let mut known: Vec<Card> = view.hand().to_vec();
            known.extend(view.seen());
            discards(solver, view.hand(), view.table, &Unseen::new(&view.state.rules, &known))
        };
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
            Move::Discard(least(solver, view.hand(), view.table, held_back(view.state)).0)
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
