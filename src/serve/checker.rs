//! The hand checker's page: a hand (or a declared hand, groups between
//! `|`) checked by [`crate::app::check`] under the session's rules, in the
//! round asked for (by default the session's next round).

use three13_core::rules::Deal;
use three13_core::sheet::Session;
use three13_core::solver::Solver;

use crate::app::check::{self as app, Checked, Conditions, Pick};
use crate::error::{Error, Result};

/// The longest hand text taken: far more than any hand of the rules.
const MAX_HAND: usize = 400;

/// What the form asked.
#[derive(Debug, Default)]
pub(crate) struct Asked {
    pub(crate) hand: String,
    /// The round, from 1; None for the next round (else the last).
    pub(crate) round: Option<usize>,
}

/// The round a hand is checked in: the one asked (the tiebreaker round
/// too, when the rules play one), else the next round of the session,
/// else its last.
pub(crate) fn deal_of(session: &Session, round: Option<usize>) -> Result<Deal> {
    match round {
        Some(n) => app::round(n, &session.rules(), Some(session)),
        None => Ok(app::next_or_last(session)),
    }
}

/// Checks the hand asked about, under the session's rules.
pub(crate) fn check(session: &Session, asked: &Asked) -> Result<(Checked, Conditions)> {
    if asked.hand.len() > MAX_HAND {
        return Err(Error::data(format!("the hand is longer than {MAX_HAND} characters")));
    }
    let under = Conditions::of_session(session);
    let pick = Pick { named: Some(deal_of(session, asked.round)?), next: None };
    let checked = app::check(&mut Solver::new(), &asked.hand, &under, pick)?;
    Ok((checked, under))
}
