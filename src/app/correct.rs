//! Correcting a recorded round: its scores, who went out first, the
//! penalties for a bad go-out, or who deals it.

use jiff::Timestamp;

use crate::app::scores as entry;
use crate::error::{Error, Result};
use crate::store::Store;
use three13_core::rules::Deal;
use three13_core::sheet::{Change, RoundEdit, Score, Session, SheetError};
use three13_core::solver::Solver;

/// What is asked: the round, and what to change in it, as typed.
#[derive(Clone, Debug, Default)]
pub(crate) struct Correction {
    pub(crate) round: usize,
    /// The scores, in seat order or `NAME=SCORE`, or one player and the
    /// value.
    pub(crate) scores: Vec<String>,
    /// Who went out first.
    pub(crate) out: Option<String>,
    /// Nobody went out first.
    pub(crate) no_out: bool,
    /// Who is penalised for a bad go-out.
    pub(crate) penalty: Vec<String>,
    /// Whose penalty is taken off.
    pub(crate) no_penalty: Vec<String>,
    /// Who deals the round.
    pub(crate) dealer: Option<String>,
}

impl Correction {
    /// Whether only the dealer is named (or nothing at all): a dealer can
    /// be named for the round to be played next.
    fn only_dealer(&self) -> bool {
        self.scores.is_empty()
            && self.out.is_none()
            && !self.no_out
            && self.penalty.is_empty()
            && self.no_penalty.is_empty()
    }
}

/// The round corrected.
#[derive(Debug)]
pub(crate) struct Corrected {
    /// The session after the correction.
    pub(crate) session: Session,
    /// Whether the session file was written: not when nothing changed.
    pub(crate) saved: bool,
    /// Each change made, in order; none when the round already was so.
    pub(crate) changes: Vec<Change>,
    /// The deal of the round and the scores read from what was typed, by
    /// seat, to say what was made of each.
    pub(crate) typed: Option<(Deal, Vec<(usize, Score)>)>,
}

/// Corrects a round of the session `name`, in one unit of work.
pub(crate) fn correct(
    store: &Store,
    name: &str,
    asked: &Correction,
    solver: &mut Solver,
    now: Timestamp,
) -> Result<Corrected> {
    let round = asked.round;
    let mut typed = None;
    let changed = store.change(name, |session| {
        let changes: Vec<_> = if asked.only_dealer() {
            let Some(dealer) = &asked.dealer else {
                return Err(Error::usage(format!(
                    "nothing to change in round {round}; give scores (in seat order or NAME=SCORE), \
                     --out, --no-out, --penalty, --no-penalty or --dealer"
                )));
            };
            // The dealer of the next round can be named before it is played.
            let seat = session.seat_of(dealer)?;
            session.set_dealer(round, seat, now)?.into_iter().collect()
        } else {
            let (edit, deal) = round_edit(session, asked, solver)?;
            typed = Some((deal, edit.scores.clone()));
            session.edit_round(round, &edit, now)?
        };
        Ok((!changes.is_empty(), changes))
    })?;
    Ok(Corrected { session: changed.session, saved: changed.saved, changes: changed.value, typed })
}

/// The changes asked for, read against the session, and the round's deal.
fn round_edit(session: &Session, asked: &Correction, solver: &mut Solver) -> Result<(RoundEdit, Deal)> {
    let round = asked.round;
    let played = session.rounds().len();
    if round == 0 || round > played {
        return Err(SheetError::NoRoundToEdit { round, played }.into());
    }
    let deal = session.deal(round).expect("a recorded round is one of the rules");
    // `edit 3 Ann 15`: one player, then the value.
    let scores = match asked.scores.as_slice() {
        [who, value]
            if !who.contains('=')
                && (session.seat(who).is_some()
                    || (session.playing(round).len() != 2
                        && !who.starts_with(|c: char| c.is_ascii_digit()))) =>
        {
            let seat = session.seat_of(who)?;
            vec![(seat, session.read_score(round, seat, value, solver)?)]
        }
        [] => Vec::new(),
        scores => entry::read_scores(session, round, scores, solver)?,
    };
    let (out, penalise) = entry::marks(session, asked.out.as_deref(), &asked.penalty)?;
    let forgive = asked.no_penalty.iter().map(|p| session.seat_of(p)).collect::<Result<Vec<_>, _>>()?;
    let out = if asked.no_out { Some(None) } else { out.map(Some) };
    let dealer = asked.dealer.as_deref().map(|d| session.seat_of(d)).transpose()?;
    Ok((RoundEdit { scores, out, penalise, forgive, dealer }, deal))
}
