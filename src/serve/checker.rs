//! The hand checker's page: a hand (or a declared hand, groups between
//! `|`) checked by the game crate's analysis under the session's rules, in
//! the round asked for (by default the session's next round).

use three13_core::analysis::{Analysis, Discard, analyse};
use three13_core::declared::{Declared, judge_hand};
use three13_core::hand::{check_size, parse_declared};
use three13_core::rules::{Deal, Rules};
use three13_core::sheet::Session;
use three13_core::solver::{Solver, Table};

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

/// A hand checked: the analysis and, for a declared hand, its verdicts.
#[derive(Debug)]
pub(crate) struct Checked {
    pub(crate) analysis: Analysis,
    pub(crate) declared: Option<Declared>,
    pub(crate) rules: Rules,
}

impl Checked {
    /// The discards, best chance to go out first; ties leave less, then
    /// keep a wild, then throw the card worth most (as `check` lists them).
    pub(crate) fn discards(&self) -> Vec<&Discard> {
        let discards = self.analysis.discards.as_deref().unwrap_or_default();
        crate::report::check::ranked(&self.analysis, discards, &self.rules)
    }
}

/// The round a hand is checked in: the one asked (the tiebreaker round
/// too, when the rules play one), else the next round of the session,
/// else its last.
pub(crate) fn deal_of(session: &Session, round: Option<usize>) -> Result<Deal> {
    let rules = session.rules();
    match round {
        Some(n) => session.deal(n).ok_or_else(|| {
            Error::data(format!(
                "there is no round {n}; these rules play rounds 1 to {}",
                rules.deals().len()
            ))
        }),
        None => Ok(session
            .next_deal()
            .or_else(|| rules.deals().last().copied())
            .expect("the rules play at least one round")),
    }
}

/// Checks the hand asked about.
pub(crate) fn check(session: &Session, asked: &Asked) -> Result<Checked> {
    if asked.hand.len() > MAX_HAND {
        return Err(Error::data(format!("the hand is longer than {MAX_HAND} characters")));
    }
    let rules = session.rules();
    let deal = deal_of(session, asked.round)?;
    let (cards, groups) = parse_declared(&asked.hand, &rules)?;
    check_size(&cards, &deal)?;
    let table = Table::new(&rules, deal.wild);
    let analysis = analyse(&mut Solver::new(), &cards, &deal, &table, &[]);
    let declared = groups.map(|g| judge_hand(&g, &table, &analysis));
    Ok(Checked { analysis, declared, rules })
}
