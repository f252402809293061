//! The last turn, after another player went out: each option's points at
//! the end of the round, exact. Nothing the others do after it changes
//! the seat's hand, so its points are the least deadwood of the hand it
//! keeps (laying off onto the table melds where the rules allow), doubled
//! where the round is: the hand checker's own figures. Drawing from the
//! stock is its deadwood expected over every unseen card by its copies
//! unseen, each as likely to be the top of the stock (the others' hands
//! unknown, no card is likelier than another); taking the face-up card,
//! its deadwood after a discard that is not the card taken (unless the
//! hand holds another copy, or `throw_back`).
//!
//! Two ways in: from the hand checker's analysis ([`last_turn`], for
//! `check --points` on a last turn), and from a round in play
//! ([`last_turn_at`], for the points coach, and so `sim` and the drill),
//! where the hand the player out laid down counts as seen.

use super::policy::{Move, greedy_move, least};
use super::seat::{Estimate, options, unseen_of};
use super::stats::Interval;
use super::{Source, State, View, held_back};
use crate::analysis::{Analysis, tie};
use crate::card::Rank;
use crate::rules::Rules;
use crate::solver::Solver;

/// Each option of the last turn whose analysis is `a` (under `rules`, the
/// table melds those it may lay off onto), as an estimate of no width:
/// after the draw, each distinct discard; before it, with the face-up
/// card given, taking it, and drawing where a card is left unseen.
/// Greedy's move is marked: the discard leaving least (a natural before a
/// wild, then the card worth most), or taking where it leaves less than
/// the hand holds.
pub fn last_turn(a: &Analysis, rules: &Rules) -> Vec<Estimate> {
    let factor = factor(rules, a.wild);
    let mut options: Vec<(Move, f64, bool)> = Vec::new();
    if let Some(discards) = &a.discards {
        let greedy = discards
            .iter()
            .min_by(|x, y| x.deadwood.cmp(&y.deadwood).then(tie(rules, a.wild, x.card, y.card)))
            .map(|d| d.card);
        for d in discards {
            options.push((Move::Discard(d.card), factor * d.deadwood as f64, Some(d.card) == greedy));
        }
    } else if let Some(u) = &a.upcard {
        let takes = u.draw.unseen == 0 || u.take.deadwood < a.deadwood;
        options.push((Move::Take(true), factor * u.take.deadwood as f64, takes));
        if u.draw.unseen > 0 {
            options.push((Move::Take(false), factor * u.draw.expected_deadwood, !takes));
        }
    }
    exact(options)
}

/// The options of the seat to play at `position` where another seat has
/// gone out (its last turn), exact, as [`last_turn`] gives them from an
/// analysis: the points of the hand kept, doubled where the round is;
/// drawing, their mean over every card the seat has not seen, a copy
/// each ([`unseen_of`]: the player out's hand laid down is seen), as a
/// rollout's stock deals it; taking, or a discard, the hand it keeps.
/// After a draw, each legal discard; before it, taking and drawing as
/// the pile and the stock allow ([`options`]). `None` before anyone is
/// out, or for the seat out.
pub(super) fn last_turn_at(solver: &mut Solver, position: &State) -> Option<Vec<Estimate>> {
    let seat = position.seat;
    if position.over || position.out.is_none_or(|o| o == seat) {
        return None;
    }
    let table = position.table();
    let factor = factor(&position.rules, position.deal.wild);
    let hand = &position.hands[seat];
    let greedy = greedy_move(solver, &View { state: position, table: &table });
    let mut priced = Vec::new();
    for option in options(position) {
        let least_left = match option {
            Move::Discard(c) => f64::from(solver.deadwood_without(hand, &table, c)),
            Move::Take(true) => {
                // The round's own rule on what may go back (`held_back`).
                let mut taken = position.clone();
                taken.draw(Source::FaceUp).ok()?;
                f64::from(least(solver, &taken.hands[seat], &table, held_back(&taken)).1)
            }
            Move::Take(false) => {
                let unseen = unseen_of(position);
                let mut with = hand.clone();
                let mut sum = 0.0;
                for copies in unseen.chunk_by(|a, b| a == b) {
                    with.push(copies[0]);
                    sum += f64::from(least(solver, &with, &table, None).1) * copies.len() as f64;
                    with.pop();
                }
                sum / unseen.len().max(1) as f64
            }
        };
        priced.push((option, factor * least_left, option == greedy));
    }
    Some(exact(priced))
}

/// What a round's points are to the deadwood: twice it where the round
/// is doubled.
fn factor(rules: &Rules, wild: Rank) -> f64 {
    if rules.doubles(wild) { 2.0 } else { 1.0 }
}

/// Options whose points are known, as estimates of no width, each against
/// greedy's (the one marked) and the best.
fn exact(options: Vec<(Move, f64, bool)>) -> Vec<Estimate> {
    let best = options.iter().map(|o| o.1).fold(f64::INFINITY, f64::min);
    let greedy = options.iter().find(|o| o.2).map_or(best, |o| o.1);
    options
        .into_iter()
        .map(|(option, points, greedy_move)| Estimate {
            option,
            deals: 0,
            points: Interval::of(&[points]),
            vs_greedy: Interval::of(&[points - greedy]),
            vs_best: Interval::of(&[points - best]),
            dropped: false,
            greedy: greedy_move,
        })
        .collect()
}
