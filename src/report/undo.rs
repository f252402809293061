//! An undo, as it is said: what it would take back, and the command that
//! records a removed round again.

use three13_core::sheet::{Playoff, RoundRecord, Score, ScoreForm, Session};

use super::log::{named, round_scores, tiebreak_round};
use crate::app::undo::{Again, Last, Pending};

/// What the undo would take back, as it is asked: `the correction of
/// round 2`, `round 4 (Ann 12, Bob 0, Cy 35)`.
pub(crate) fn what(p: &Pending) -> String {
    match &p.last {
        Last::Logged(e) => named(&p.seen, e),
        Last::TiebreakRound => tiebreak_round(&p.seen),
        Last::Round(round) => round_scores(&p.seen, *round),
    }
}

/// The command that records the round removed from `before` again; with
/// `--session` when the session was named.
pub(crate) fn again(before: &Session, again: Again, named: bool) -> String {
    let mut words = vec!["three13".to_string(), "round".to_string()];
    match again {
        Again::Tiebreak => tiebreak_words(before, &mut words),
        Again::Round(index) => round_words(before, index, &mut words),
    }
    if named {
        words.extend(["--session".to_string(), before.name().to_string()]);
    }
    shell_words::join(words)
}

/// A score as it was typed, to type it again: a hand or the cards left
/// over as typed, else the number.
fn typed(score: &Score) -> String {
    match (&score.hand, &score.form) {
        (Some(hand), _) => hand.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" "),
        (None, ScoreForm::Leftover(cards)) => {
            cards.iter().map(|(c, _)| c.to_string()).collect::<Vec<_>>().join(" ")
        }
        _ => score.deadwood.to_string(),
    }
}

/// The tiebreaker round's scores, of the tied players in seat order, as
/// typed.
fn tiebreak_words(s: &Session, words: &mut Vec<String>) {
    if let Some(Playoff::Round(scores)) = s.playoff() {
        words.extend(scores.iter().map(|(_, score)| typed(score)));
    }
}

/// Round `index` (from 0) as it was: scores in seat order as typed, who
/// went out, the penalties.
fn round_words(s: &Session, index: usize, words: &mut Vec<String>) {
    let r: &RoundRecord = &s.rounds()[index];
    let rules = s.rules_of(index + 1);
    let wild = s.deal(index + 1).expect("a recorded round is one of the rules").wild;
    for seat in s.playing(index + 1) {
        words.push(typed(&r.score(seat, &rules, wild)));
    }
    if let Some(o) = r.out {
        words.extend(["--out".to_string(), s.players()[o].clone()]);
    }
    for &p in &r.penalties {
        words.extend(["--penalty".to_string(), s.players()[p].clone()]);
    }
}
