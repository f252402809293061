//! Changing the rules of a game from a round on.

use jiff::Timestamp;

use crate::error::{Error, Result};
use crate::store::Store;
use three13_core::rules::{Rules, RulesChange};
use three13_core::sheet::{RulesChanged, Session, SheetError};
use three13_core::solver::Solver;

/// What is asked: the change, already read, and the round it applies from
/// (none: the next round to play).
#[derive(Clone, Debug)]
pub(crate) struct Asked {
    pub(crate) change: RulesChange,
    pub(crate) from: Option<usize>,
}

/// What became of the rules.
#[derive(Debug)]
pub(crate) enum Ruled {
    /// The rules from round `from` already were as asked: `was`. `given`
    /// when the round was asked for.
    Unchanged { from: usize, given: bool, was: Rules },
    /// The rules changed: the session `before` the change, what the change
    /// reached, and whether it set the order of the rounds.
    Changed { before: Box<Session>, changed: RulesChanged, order: bool },
}

/// The rules changed, or not.
#[derive(Debug)]
pub(crate) struct Outcome {
    /// The session after.
    pub(crate) session: Session,
    /// Whether the session file was written: not when nothing changed.
    pub(crate) saved: bool,
    pub(crate) ruled: Ruled,
}

/// Changes the rules of the session `name`, in one unit of work. A random
/// order of the rounds is drawn for the whole game, the rounds played
/// keeping their places.
pub(crate) fn change(store: &Store, name: &str, asked: &Asked, now: Timestamp) -> Result<Outcome> {
    let changed = store.change(name, |session| {
        let ruled = apply(session, asked, now)?;
        Ok((matches!(ruled, Ruled::Changed { .. }), ruled))
    })?;
    Ok(Outcome { session: changed.session, saved: changed.saved, ruled: changed.value })
}

fn apply(session: &mut Session, asked: &Asked, now: Timestamp) -> Result<Ruled> {
    let mut change = asked.change.clone();
    let played = session.rounds().len();
    let from = asked.from.unwrap_or(played + 1);
    let mut rules = change.apply(session.rules_of(from));
    rules.check()?;
    if rules.order_to_draw() {
        let sizes: Vec<usize> = session.deals().iter().take(played).map(|d| d.cards).collect();
        rules.draw_order(&sizes, |n| fastrand::usize(..n));
        change.drawn = Some(rules.round_order());
    }
    let before = session.clone();
    let was = session.rules_of(from);
    match session.change_rules_from(from, &change, &mut Solver::new(), now) {
        Ok(changed) => {
            let order = change.settings().iter().any(|(s, _)| s.key == "round_order");
            Ok(Ruled::Changed { before: Box::new(before), changed, order })
        }
        Err(SheetError::Unchanged) => Ok(Ruled::Unchanged { from, given: asked.from.is_some(), was }),
        Err(e) => Err(Error::from(e).with_hint(format!(
            "nothing was changed; the rules of {} stay {}",
            session.name(),
            before.rules_summary()
        ))),
    }
}
