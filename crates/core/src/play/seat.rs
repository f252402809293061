//! What the seat to play knows of a round: its options, the cards it
//! has not seen, and what an option is worth, estimated or exact. The
//! points coach (module `coach`) plays the options out; the last turn
//! (module `last`) works them out.

use super::policy::Move;
use super::stats::Interval;
use super::{Phase, State, legal_discards, shoe};
use crate::card::Card;

/// A position to estimate: the round as the seat to play knows it. Only
/// its own hand, the pile, the cards the others took from the pile, the
/// sizes of the hands and of the stock are used: the rest is dealt anew
/// for each rollout.
pub type Position = State;

/// One option's estimate.
#[derive(Clone, PartialEq, Debug)]
pub struct Estimate {
    pub option: Move,
    /// The deals it was played out on (fewer than the budget: dropped).
    pub deals: usize,
    /// The seat's points at the end of the round.
    pub points: Interval,
    /// The paired difference from greedy's move (negative: better).
    pub vs_greedy: Interval,
    /// The paired difference from the option with the lowest mean.
    pub vs_best: Interval,
    /// Dropped early as clearly worse than the best.
    pub dropped: bool,
    /// Greedy's move.
    pub greedy: bool,
}

impl Estimate {
    /// Worked out, not played out (the last turn): no deals, no width.
    pub fn is_exact(&self) -> bool {
        self.deals == 0
    }
}

/// The options at a position: take or draw before the draw (when both
/// are possible), each legal discard after it.
pub fn options(position: &Position) -> Vec<Move> {
    match position.phase {
        Phase::Draw => {
            if position.pile.is_empty() {
                vec![Move::Take(false)]
            } else if position.stock.is_empty() {
                vec![Move::Take(true)]
            } else {
                vec![Move::Take(true), Move::Take(false)]
            }
        }
        Phase::Discard { .. } => legal_discards(position).into_iter().map(Move::Discard).collect(),
    }
}

/// The cards the seat to play has seen outside its hand: the pile (the
/// face-up card too), the cards the others took from it and hold, and
/// the hand the player out laid down (the cards it took among them).
pub(super) fn seen_by(position: &Position) -> Vec<Card> {
    let mut seen = position.pile.clone();
    for (s, k) in position.known.iter().enumerate() {
        if s == position.seat {
            continue;
        }
        match laid_down(position, s) {
            Some(hand) => seen.extend(hand),
            None => seen.extend_from_slice(k),
        }
    }
    seen
}

/// The cards the seat to play has not seen, a copy each, in the deck's
/// order: the decks less its hand and what it has seen ([`seen_by`]).
pub(super) fn unseen_of(position: &Position) -> Vec<Card> {
    let mut unseen = shoe(&position.rules);
    for c in position.hands[position.seat].iter().chain(&seen_by(position)) {
        if let Some(i) = unseen.iter().position(|u| u == c) {
            unseen.swap_remove(i);
        }
    }
    unseen.sort_unstable();
    unseen
}

/// The hand seat `s` laid down on going out (its cards taken from the
/// pile among them), where the position records it.
pub(super) fn laid_down(position: &Position, s: usize) -> Option<Vec<Card>> {
    (position.out == Some(s) && !position.onto.is_empty()).then(|| position.onto.concat())
}
