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

/// The discard greedy makes from `hand` (loaded into `solver`) among
/// `legal`, and the deadwood it leaves.
pub(super) fn least(solver: &mut Solver, hand: &[Card], table: &Table, legal: &[Card]) -> (Card, u32) {
    solver.load(hand, table);
    legal
        .iter()
        .map(|&c| (c, solver.deadwood_less(&[c])))
        .min_by(|&a, &b| greedy_order(table, a, b))
        .expect("a card to discard")
}

impl Greedy {
    /// Whether greedy takes `up` into `hand`.
    pub fn takes(solver: &mut Solver, hand: &[Card], up: Card, table: &Table) -> bool {
        let mut with = hand.to_vec();
        with.push(up);
        solver.load(&with, table);
        let now = solver.deadwood_less(&[up]);
        let again = hand.contains(&up);
        with.iter().filter(|&&c| c != up || again).any(|&c| solver.deadwood_less(&[c]) < now)
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
