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

use super::coach::Estimate;
use super::policy::Move;
use super::stats::Interval;
use crate::analysis::{Analysis, tie};
use crate::rules::Rules;

/// Each option of the last turn whose analysis is `a` (under `rules`, the
/// table melds those it may lay off onto), as an estimate of no width:
/// after the draw, each distinct discard; before it, with the face-up
/// card given, taking it, and drawing where a card is left unseen.
/// Greedy's move is marked: the discard leaving least (a natural before a
/// wild, then the card worth most), or taking where it leaves less than
/// the hand holds.
pub fn last_turn(a: &Analysis, rules: &Rules) -> Vec<Estimate> {
    let factor = if rules.doubles(a.wild) { 2.0 } else { 1.0 };
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
