//! Scores entered from the players' phones (`serve --entry`): each player
//! types their score as on the command line; the round waits for the
//! scorer, who confirms it on the terminal running `serve` or on a page
//! with the PIN the terminal shows. It is then recorded as `three13 round`
//! records it: each score read again by the sheet's own reading from what
//! was typed, the round made by `Session::round_of_scores` and added by
//! `Session::add_round`, under the store's lock.
//!
//! Each score is checked as it is entered, against the scores in so far,
//! so that what the round would refuse (a false go-out, two players out)
//! is refused at once, to the player who typed it.

use three13_core::sheet::{Added, Score, Session, SheetError};
use three13_core::solver::Solver;

use super::data::Data;
use crate::error::{Error, Result};
use crate::prose::and_list;
use crate::report;

/// Wrong PINs allowed before the PIN is replaced.
const PIN_TRIES: u32 = 5;

/// The scores entered for the next round, and the scorer's PIN.
#[derive(Debug)]
pub(crate) struct Entries {
    /// The round the scores are for.
    round: Option<usize>,
    /// In the order entered; one per seat.
    scores: Vec<Entered>,
    pin: String,
    wrong: u32,
}

/// One player's score as entered.
#[derive(Clone, Debug)]
pub(crate) struct Entered {
    pub(crate) seat: usize,
    pub(crate) player: String,
    /// As typed, read again when the round is recorded.
    text: String,
    /// The player ticked that they went out first.
    pub(crate) out: bool,
    score: Score,
    /// What was made of it: `Cy: 9h 4d Kh 5s: no meld; …; deadwood 31`.
    pub(crate) said: String,
}

/// A PIN refused.
#[derive(Debug)]
pub(crate) struct WrongPin {
    /// The new PIN, when too many wrong ones replaced it.
    pub(crate) renewed: Option<String>,
}

impl Entries {
    pub(crate) fn new() -> Entries {
        Entries { round: None, scores: Vec::new(), pin: super::random_pin(), wrong: 0 }
    }

    pub(crate) fn pin(&self) -> &str {
        &self.pin
    }

    /// Follows the session as it is now: scores entered for a round that
    /// is no longer the next (recorded, or undone, by another `three13`)
    /// are dropped, and so is a player's who left or was renamed.
    pub(crate) fn follow(&mut self, session: &Session) {
        let round = session.next_deal().map(|d| d.round);
        if round != self.round {
            self.round = round;
            self.scores.clear();
        }
        let Some(round) = round else { return };
        self.scores.retain(|e| {
            session.players().get(e.seat) == Some(&e.player) && session.playing(round).contains(&e.seat)
        });
    }

    /// The round the scores are for, if the game goes on.
    pub(crate) fn round(&self) -> Option<usize> {
        self.round
    }

    /// Each player of the round, in seat order, with their score if entered.
    pub(crate) fn table<'a>(&'a self, session: &'a Session) -> Vec<(&'a str, Option<&'a Entered>)> {
        let Some(round) = self.round else { return Vec::new() };
        session
            .playing(round)
            .into_iter()
            .map(|seat| (session.players()[seat].as_str(), self.scores.iter().find(|e| e.seat == seat)))
            .collect()
    }

    /// The players of the round who have not entered a score.
    pub(crate) fn waiting(&self, session: &Session) -> Vec<String> {
        self.table(session).into_iter().filter(|(_, e)| e.is_none()).map(|(p, _)| p.to_string()).collect()
    }

    /// The round as it stands, once every score is in: `Round 3: Ann 12, …`.
    pub(crate) fn line(&self, session: &Session) -> Option<String> {
        let round = self.round?;
        if !self.waiting(session).is_empty() {
            return None;
        }
        let deal = session.deal(round)?;
        let record = self.record_of(session, self.scores.iter().map(|e| (e.seat, e.score.clone()))).ok()?;
        Some(report::round::line(session, &deal, &record))
    }

    /// The round of these scores, the player ticked out going out.
    fn record_of(
        &self,
        session: &Session,
        scores: impl Iterator<Item = (usize, Score)>,
    ) -> Result<three13_core::sheet::RoundRecord> {
        let scores: Vec<(usize, Score)> = scores.collect();
        let ticked: Vec<usize> = self
            .scores
            .iter()
            .filter(|e| e.out && scores.iter().any(|(s, _)| *s == e.seat))
            .map(|e| e.seat)
            .collect();
        if let [first, second, ..] = ticked[..] {
            return Err(SheetError::TwoOut {
                first: session.players()[first].clone(),
                second: session.players()[second].clone(),
            }
            .into());
        }
        Ok(session.round_of_scores(scores, ticked.first().copied(), Vec::new())?)
    }

    /// Takes `player`'s score for the next round, typed as on the command
    /// line; `out` when they went out first. Refused as `round` would
    /// refuse it: a score the sheet cannot read, a false go-out, two
    /// players out.
    pub(crate) fn enter(
        &mut self,
        session: &Session,
        player: &str,
        text: &str,
        out: bool,
        solver: &mut Solver,
    ) -> Result<&Entered> {
        self.follow(session);
        let deal = session.open_deal()?;
        let Some(seat) = session.players().iter().position(|p| p == player) else {
            return Err(Error::data(format!(
                "no player named \"{}\"; the players are {}",
                three13_core::sheet::shown(player),
                session.players().join(", ")
            )));
        };
        let score = session.read_score(deal.round, seat, text, solver)?;
        let said = match report::round::describe(session, &deal, seat, &score, solver) {
            Some(line) => line.trim_start().to_string(),
            None => format!("{player}: {}", score.deadwood),
        };
        let entered = Entered { seat, player: player.to_string(), text: text.to_string(), out, score, said };
        // The round with the scores in so far and this one, the others at 0.
        let mut trial: Vec<Entered> = self.scores.iter().filter(|e| e.seat != seat).cloned().collect();
        trial.push(entered.clone());
        let before = std::mem::replace(&mut self.scores, trial);
        let checked = self
            .record_of(session, self.scores.iter().map(|e| (e.seat, e.score.clone())))
            .and_then(|record| Ok(session.clone().add_round(record, crate::clock::now())?));
        if let Err(e) = checked {
            self.scores = before;
            return Err(e);
        }
        Ok(self.scores.iter().find(|e| e.seat == seat).expect("just entered"))
    }

    /// Checks the scorer's PIN. Too many wrong ones replace it.
    pub(crate) fn check_pin(&mut self, pin: &str) -> Result<(), WrongPin> {
        if super::same_secret(pin.trim(), &self.pin) {
            self.wrong = 0;
            return Ok(());
        }
        self.wrong += 1;
        if self.wrong >= PIN_TRIES {
            self.wrong = 0;
            self.pin = super::random_pin();
            return Err(WrongPin { renewed: Some(self.pin.clone()) });
        }
        Err(WrongPin { renewed: None })
    }

    /// Records the round of the scores entered, as `three13 round` does,
    /// with the penalties the scorer gave; the line of the round recorded
    /// (or of the round replayed) is given back, and the scores are cleared.
    pub(crate) fn record(&mut self, data: &Data, penalties: &[String]) -> Result<String> {
        let Some(round) = self.round else {
            return Err(Error::data("the game is over; there is no round to record"));
        };
        let scores = &self.scores;
        let said = data.change(|session| {
            let deal = session.open_deal()?;
            if deal.round != round {
                return Err(Error::data(format!(
                    "round {round} was changed by another three13 while the scores were entered; \
                     nothing was written"
                )));
            }
            let playing = session.playing(deal.round);
            let missing: Vec<&str> = playing
                .iter()
                .filter(|&&seat| scores.iter().all(|e| e.seat != seat))
                .map(|&seat| session.players()[seat].as_str())
                .collect();
            if !missing.is_empty() {
                return Err(Error::data(format!("no score yet from {}", and_list(&missing))));
            }
            // What was typed is read again, as `round` reads its arguments.
            let mut solver = Solver::new();
            let mut typed = Vec::with_capacity(playing.len());
            for &seat in &playing {
                let e = scores.iter().find(|e| e.seat == seat).expect("every score is in");
                typed.push((seat, session.read_score(deal.round, seat, &e.text, &mut solver)?));
            }
            let ticked: Vec<&str> = scores.iter().filter(|e| e.out).map(|e| e.player.as_str()).collect();
            if let [first, second, ..] = ticked[..] {
                return Err(SheetError::TwoOut { first: first.into(), second: second.into() }.into());
            }
            let (out, penalties) = crate::entry::marks(session, ticked.first().copied(), penalties)?;
            let record = session.round_of_scores(typed, out, penalties)?;
            let line = report::round::line(session, &deal, &record);
            match session.add_round(record, crate::clock::now())? {
                Added::Recorded(_) => Ok((true, line)),
                Added::Replayed(round) => Ok((
                    false,
                    format!(
                        "everyone scored 0 and the rules have double_naughts: round {round} is replayed: \
                         same round, same dealer; nothing was recorded"
                    ),
                )),
            }
        })?;
        self.scores.clear();
        Ok(said)
    }
}
