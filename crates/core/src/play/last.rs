//! The last turn, after another player went out: each option's points at
//! the end of the round, exact. Nothing the others do after it changes
//! the seat's hand, so its points are the least deadwood of the hand it
//! keeps (laying off onto the table melds where the rules allow), doubled
//! where the round is; drawing from the stock is weighed over every
//! unseen card by its copies unseen, each as likely to be the top of the
//! stock (the others' hands unknown, no card is likelier than another).

use super::policy::{Greedy, Move, least};
use super::stats::Interval;
use crate::analysis::Unseen;
use crate::card::Card;
use crate::rules::Deal;
use crate::solver::{Solver, Table};

/// One option of the last turn and its points, exact.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Exact {
    pub option: Move,
    /// The seat's points at the end of the round (drawing: their mean
    /// over the cards that may come).
    pub points: f64,
    /// Greedy's move.
    pub greedy: bool,
}

impl Exact {
    /// The points as an interval of no width.
    pub fn interval(&self) -> Interval {
        Interval { mean: self.points, low: self.points, high: self.points }
    }
}

/// Each option of the last turn of `hand` (dealt in `deal`) under
/// `table`, whose melds are those it may lay off onto: before the draw
/// (the round's cards; `upcard` the face-up card, else drawing is the
/// only option), taking the face-up card, after which it may not be
/// thrown back unless the hand holds another copy or the rules allow it
/// (`throw_back`), and drawing from the stock; after it, each distinct
/// discard. `seen` are the cards known to be out of the stock besides
/// the hand, the table melds and the face-up card. Drawing is left out
/// where no card is unseen.
pub fn last_turn(
    solver: &mut Solver,
    deal: Deal,
    hand: &[Card],
    table: &Table,
    seen: &[Card],
    upcard: Option<Card>,
) -> Vec<Exact> {
    let rules = table.rules();
    let factor = if rules.doubles(deal.wild) { 2.0 } else { 1.0 };
    if hand.len() > deal.cards {
        let greedy = least(solver, hand, table, None).0;
        let mut out: Vec<Exact> = Vec::new();
        for &card in hand {
            if out.iter().any(|e| e.option == Move::Discard(card)) {
                continue;
            }
            let left = solver.deadwood_without(hand, table, card);
            out.push(Exact {
                option: Move::Discard(card),
                points: factor * left as f64,
                greedy: card == greedy,
            });
        }
        return out;
    }
    let mut known = hand.to_vec();
    known.extend(table.onto().iter().flatten());
    known.extend_from_slice(seen);
    known.extend(upcard);
    let unseen = Unseen::new(rules, &known);
    let with = |x: Card| {
        let mut with = hand.to_vec();
        with.push(x);
        with
    };
    let mut out = Vec::new();
    let takes = upcard.is_some_and(|up| unseen.total() == 0 || Greedy::takes(solver, hand, up, table));
    if let Some(up) = upcard {
        let except = (!hand.contains(&up) && !rules.throw_back()).then_some(up);
        let left = least(solver, &with(up), table, except).1;
        out.push(Exact { option: Move::Take(true), points: factor * left as f64, greedy: takes });
    }
    if unseen.total() > 0 {
        let mut sum = 0u64;
        for x in unseen.cards() {
            sum += unseen.of(x) as u64 * least(solver, &with(x), table, None).1 as u64;
        }
        let points = factor * sum as f64 / unseen.total() as f64;
        out.push(Exact { option: Move::Take(false), points, greedy: !takes });
    }
    out
}
