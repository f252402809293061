//! Scores entered from the players' phones (`serve --entry`): each player
//! types their score as on the command line; the round waits for the
//! scorer, who confirms it on the terminal running `serve` or on a page
//! with the PIN the terminal shows. It is then recorded as `three13 round`
//! records it (`app::round`): each score read again from what was typed,
//! under the store's lock.
//!
//! Each score is checked as it is entered, against the scores in so far,
//! so that what the round would refuse (a false go-out, two players out)
//! is refused at once, to the player who typed it. Under the lock, the
//! round is recorded only if the session still has the round, the players
//! in their seats and the players playing that the scores were entered
//! for; else nothing is written.
//!
//! The PIN cannot be guessed at the table: after a wrong PIN, no PIN is
//! taken from any page for a second; five wrong ones in a row replace it,
//! and the wait doubles with each replacement (2 s, then 4 s); after two
//! replacements, five more wrong ones stop pages from confirming until the
//! scorer types `pin` on the terminal.

use std::time::{Duration, Instant};

use three13_core::sheet::{Added, Score, Session, SheetError};
use three13_core::solver::Solver;

use crate::app::round::{Given, PhoneScore};
use crate::app::served::Served;
use crate::error::{Error, Result};
use crate::report;

/// Wrong PINs allowed before the PIN is replaced.
const PIN_TRIES: u32 = 5;
/// The PIN replaced this many times, the next five wrong ones stop pages
/// from confirming.
const PIN_RENEWALS: u32 = 2;
/// The wait after a wrong PIN, doubled after each replacement.
const PIN_WAIT: Duration = Duration::from_secs(1);

/// The scores entered for the next round, and the scorer's PIN.
#[derive(Debug)]
pub(crate) struct PhoneEntries {
    /// The round the scores are for.
    round: Option<usize>,
    /// In the order entered; one per seat.
    scores: Vec<Entered>,
    pin: String,
    /// Wrong PINs since it was last replaced or typed right.
    wrong: u32,
    /// Replacements since the scorer last acted on the terminal: the wait
    /// after a wrong PIN doubles with each.
    renewals: u32,
    /// No PIN is taken before this, after a wrong one.
    next_try: Option<Instant>,
    /// Pages may not confirm until the scorer acts on the terminal.
    locked: bool,
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
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum PinRefused {
    /// A wrong PIN; `renewed` when it was one too many and the PIN was
    /// replaced, `locked` when pages may no longer confirm.
    Wrong { renewed: Option<String>, locked: bool },
    /// Too soon after a wrong PIN: not even looked at.
    Wait(Duration),
    /// Pages may not confirm until the scorer acts on the terminal.
    Locked,
}

impl PhoneEntries {
    pub(crate) fn new() -> PhoneEntries {
        PhoneEntries {
            round: None,
            scores: Vec::new(),
            pin: super::random_pin(),
            wrong: 0,
            renewals: 0,
            next_try: None,
            locked: false,
        }
    }

    pub(crate) fn pin(&self) -> &str {
        &self.pin
    }

    /// Follows the session as it is now: scores entered for a round that
    /// is no longer the next (recorded, or undone, by another `three13`)
    /// are dropped, and so is a player's who left or was renamed. Gives
    /// the round the scores dropped were for and who had entered them,
    /// when the round moved on under them.
    pub(crate) fn follow(&mut self, session: &Session) -> Option<(usize, Vec<String>)> {
        let round = session.next_deal().map(|d| d.round);
        let mut dropped = None;
        if round != self.round {
            if let Some(was) = self.round.filter(|_| !self.scores.is_empty()) {
                dropped = Some((was, self.scores.iter().map(|e| e.player.clone()).collect()));
            }
            self.round = round;
            self.scores.clear();
        }
        let Some(round) = round else { return dropped };
        self.scores.retain(|e| {
            session.players().get(e.seat) == Some(&e.player) && session.playing(round).contains(&e.seat)
        });
        dropped
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

    /// Checks the PIN typed on a page at `now`. After a wrong one, none is
    /// looked at for a while; too many wrong ones replace it, and then
    /// stop pages from confirming.
    pub(crate) fn check_pin(&mut self, pin: &str, now: Instant) -> Result<(), PinRefused> {
        if self.locked {
            return Err(PinRefused::Locked);
        }
        if let Some(next) = self.next_try
            && now < next
        {
            return Err(PinRefused::Wait(next - now));
        }
        if super::same_secret(pin.trim(), &self.pin) {
            self.wrong = 0;
            self.next_try = None;
            return Ok(());
        }
        self.next_try = Some(now + PIN_WAIT * 2u32.pow(self.renewals));
        self.wrong += 1;
        if self.wrong < PIN_TRIES {
            return Err(PinRefused::Wrong { renewed: None, locked: false });
        }
        self.wrong = 0;
        if self.renewals >= PIN_RENEWALS {
            self.locked = true;
            return Err(PinRefused::Wrong { renewed: None, locked: true });
        }
        self.renewals += 1;
        self.pin = super::random_pin();
        Err(PinRefused::Wrong { renewed: Some(self.pin.clone()), locked: false })
    }

    /// The scorer asks for a new PIN on the terminal: pages may confirm
    /// again, with it, at once.
    pub(crate) fn new_pin(&mut self) -> &str {
        self.pin = super::random_pin();
        self.wrong = 0;
        self.renewals = 0;
        self.next_try = None;
        self.locked = false;
        &self.pin
    }

    /// Records the round of the scores entered, as `three13 round` does,
    /// with the penalties the scorer gave; the line of the round recorded
    /// (or of the round replayed) is given back, and the scores are cleared.
    /// `seen` is the session the scores were followed on: under the lock,
    /// the round is recorded only if its round, its players in their seats
    /// and the players playing are still the same.
    pub(crate) fn record(&mut self, data: &Served, seen: &Session, penalties: &[String]) -> Result<String> {
        let Some(round) = self.round else {
            return Err(Error::data("the game is over; there is no round to record"));
        };
        let scores: Vec<PhoneScore> = self
            .scores
            .iter()
            .map(|e| PhoneScore { seat: e.seat, player: e.player.clone(), text: e.text.clone(), out: e.out })
            .collect();
        let outcome = data.record_round(Given::Phones { seen, round, scores: &scores, penalties })?;
        self.scores.clear();
        Ok(match outcome.added {
            Added::Recorded(_) => report::round::line(&outcome.session, &outcome.deal, &outcome.record),
            Added::Replayed(round) => report::round::replayed(round),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_pins_wait_doubling_and_then_stop_the_pages() {
        let mut entries = PhoneEntries::new();
        let right = entries.pin().to_string();
        let wrong = if right == "000000" { "111111" } else { "000000" };
        let mut now = Instant::now();
        let mut renewed = Vec::new();
        for n in 0..15u32 {
            let wait = Duration::from_secs(1) * 2u32.pow(n / 5);
            match entries.check_pin(wrong, now) {
                Err(PinRefused::Wrong { renewed: Some(pin), locked: false }) => renewed.push(pin),
                Err(PinRefused::Wrong { renewed: None, locked }) => assert_eq!(locked, n == 14, "{n}"),
                other => panic!("{n}: {other:?}"),
            }
            // Not even the right PIN is looked at before the wait is over.
            let pin = entries.pin().to_string();
            let early = now + wait - Duration::from_millis(1);
            if n < 14 {
                assert_eq!(entries.check_pin(&pin, early), Err(PinRefused::Wait(Duration::from_millis(1))));
            }
            now += wait;
        }
        assert_eq!(renewed.len(), 2);
        assert_eq!(entries.pin(), renewed[1]);
        let pin = entries.pin().to_string();
        assert_eq!(entries.check_pin(&pin, now), Err(PinRefused::Locked));
        let pin = entries.new_pin().to_string();
        assert_eq!(entries.check_pin(&pin, now), Ok(()));
        // A right PIN ends the wait, not the count of replacements.
        assert!(matches!(entries.check_pin(wrong, now), Err(PinRefused::Wrong { .. })));
        assert_eq!(entries.check_pin(&pin, now + Duration::from_secs(1)), Ok(()));
        assert!(matches!(entries.check_pin(wrong, now), Err(PinRefused::Wrong { .. })));
        assert_eq!(entries.check_pin(&pin, now), Err(PinRefused::Wait(Duration::from_secs(1))));
        for _ in 0..3 {
            now += Duration::from_secs(1);
            assert!(matches!(entries.check_pin(wrong, now), Err(PinRefused::Wrong { renewed: None, .. })));
        }
        now += Duration::from_secs(1);
        assert!(matches!(entries.check_pin(wrong, now), Err(PinRefused::Wrong { renewed: Some(_), .. })));
        assert_eq!(entries.check_pin(wrong, now), Err(PinRefused::Wait(Duration::from_secs(1))));
        now += Duration::from_secs(1);
        assert!(matches!(entries.check_pin(wrong, now), Err(PinRefused::Wrong { renewed: None, .. })));
        assert_eq!(entries.check_pin(wrong, now), Err(PinRefused::Wait(Duration::from_secs(2))));
    }
}
