//! `check --points`: each option of a checked hand worth its expected
//! points at the end of the round, from the points coach of the game
//! crate (the last turn exactly, from the analysis); the report renders
//! them (`report::points`).

use three13_core::play::{Estimate, estimate_within, last_turn, position};
use three13_core::rules::Deal;

use crate::app::check::{Checked, Conditions};
use crate::error::{Error, Result};

/// What `--points` is asked with.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointsAsk {
    pub(crate) players: usize,
    pub(crate) turn: usize,
    pub(crate) seed: u64,
    pub(crate) budget: usize,
    /// Deals until each difference from the best is known within so many
    /// points.
    pub(crate) within: f64,
    /// Someone went out: the hand's last turn (`--last`, or table melds
    /// given with `--onto`).
    pub(crate) last: bool,
}

/// The estimates of one hand's options.
#[derive(Debug)]
pub(crate) struct Points {
    pub(crate) ask: PointsAsk,
    pub(crate) estimates: Vec<Estimate>,
}

/// Works out the points of the checked hand's options; `dealt` is told
/// the deals played so far, batch by batch.
pub(crate) fn points(
    checked: &Checked,
    setting: &Conditions,
    ask: PointsAsk,
    dealt: &mut dyn FnMut(usize),
) -> Result<Points> {
    let a = &checked.analysis;
    if a.hand.len() == a.cards && setting.ask.upcard.is_none() {
        return Err(Error::usage(
            "--points before the draw weighs taking the face-up card against drawing: give it with --upcard",
        ));
    }
    let deal = Deal { round: a.round, cards: a.cards, wild: a.wild };
    if ask.last {
        // Someone went out: this is the last turn, whose points the
        // analysis holds already.
        return Ok(Points { ask, estimates: last_turn(a, &setting.rules) });
    }
    let mut pile = setting.seen.clone();
    pile.extend(setting.ask.upcard);
    let Some(state) = position(&setting.rules, deal, &a.hand, &pile, ask.players, ask.turn) else {
        return Err(Error::data(format!(
            "the decks hold too few cards for {} players of {} cards after {} turns",
            ask.players, a.cards, ask.turn
        ))
        .with_hint("fewer --players or --turn, or more decks with --set decks=N"));
    };
    let estimates = estimate_within(&state, ask.budget, ask.seed, ask.within, dealt);
    Ok(Points { ask, estimates })
}
