//! Corrections made mid-game: a round's scores, who went out, penalties
//! and dealers; players renamed, seated late or leaving; new rules.

use jiff::Timestamp;

use super::log::past_of;
use super::names::look_alike;
use super::{
    LogChange, MIN_PLAYERS, Missed, PastScore, RoundWas, Score, Seat, SeatWas, Session, SheetError, Start,
    StartRule, check_player_name, check_round, naught, normalised, same_name, seat_in,
};
use crate::rules::MAX_PLAYERS;
use crate::solver::Solver;

/// One change that [`Session::edit_round`] made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Change {
    Score { seat: usize, old: u32, new: Score },
    Out { old: Option<usize>, new: Option<usize> },
    Penalty { seat: usize, added: bool },
    Dealer { old: usize, new: usize },
}

/// What to change in a recorded round; what is not given stays.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RoundEdit {
    pub scores: Vec<(usize, Score)>,
    /// `Some(None)`: nobody went out.
    pub out: Option<Option<usize>>,
    pub penalise: Vec<usize>,
    pub forgive: Vec<usize>,
    pub dealer: Option<usize>,
}

/// A typed hand, or cards typed as left over, scored again under new rules.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rescored {
    pub round: usize,
    pub seat: usize,
    pub old: u32,
    pub new: u32,
    /// Cards left over, not a whole hand.
    pub leftover: bool,
}

impl Session {
    /// Corrects one player's score in round `round` (from 1) to `text`, a
    /// number or a hand; gives the old deadwood and the new score.
    pub fn edit(
        &mut self,
        round: usize,
        seat: usize,
        text: &str,
        solver: &mut Solver,
        now: Timestamp,
    ) -> Result<(u32, Score), SheetError> {
        self.check_recorded(round)?;
        let score = self.read_score(round, seat, text, solver)?;
        let old = self.rounds[round - 1].deadwood[seat];
        let edit = RoundEdit { scores: vec![(seat, score.clone())], ..RoundEdit::default() };
        self.edit_round(round, &edit, now)?;
        Ok((old, score))
    }

    fn check_recorded(&self, round: usize) -> Result<(), SheetError> {
        let played = self.rounds.len();
        if round == 0 || round > played {
            return Err(SheetError::NoRoundToEdit { round, played });
        }
        Ok(())
    }

    /// Corrects a recorded round (from 1): the scores given, who went out,
    /// the penalties and the dealer; what is not given stays. The round is
    /// checked again as a whole. A player marked out with no new score
    /// given scores 0. Gives what changed.
    pub fn edit_round(
        &mut self,
        round: usize,
        edit: &RoundEdit,
        now: Timestamp,
    ) -> Result<Vec<Change>, SheetError> {
        self.check_recorded(round)?;
        let deal = self.deal(round).expect("a recorded round is one of the rules");
        let rules = self.rules_of(round);
        let plays = self.plays_flags(round);
        let players = self.players.clone();
        let name = |s: usize| players[s].clone();
        let not_in = |s: usize| SheetError::NotInRound { player: name(s), round };
        let old = self.rounds[round - 1].clone();
        // A hand that does not go out, typed for the player who went out.
        if let Some(o) = edit.out.unwrap_or(old.out)
            && let Some((_, score)) = edit.scores.iter().find(|(s, _)| *s == o)
            && score.hand.is_some()
        {
            self.refuse_false_go_out(o, score.deadwood)?;
        }
        let mut record = old.clone();
        let mut changes = Vec::new();
        let mut out = edit.out;
        for (seat, score) in &edit.scores {
            if !plays[*seat] {
                return Err(not_in(*seat));
            }
            if score.out() {
                match out {
                    Some(Some(o)) if o != *seat => {
                        return Err(SheetError::TwoOut { first: name(o), second: name(*seat) });
                    }
                    _ => out = Some(Some(*seat)),
                }
            }
        }
        if let Some(new_out) = out {
            if let Some(o) = new_out {
                if !plays[o] {
                    return Err(not_in(o));
                }
                // Going out is a score of 0: said once, not twice.
                if !edit.scores.iter().any(|(s, _)| *s == o) && record.deadwood[o] != 0 {
                    record.set_score(o, Score::number(0));
                    changes.push(Change::Score { seat: o, old: old.deadwood[o], new: Score::number(0) });
                }
            }
            record.out = new_out;
        }
        for (seat, score) in &edit.scores {
            // A score given as it already is changes nothing.
            let mut given = old.clone();
            given.set_score(*seat, score.clone());
            if given.deadwood[*seat] == old.deadwood[*seat]
                && given.hands[*seat] == old.hands[*seat]
                && given.leftover[*seat] == old.leftover[*seat]
            {
                continue;
            }
            record.set_score(*seat, score.clone());
            changes.push(Change::Score { seat: *seat, old: old.deadwood[*seat], new: score.clone() });
        }
        if record.out != old.out {
            changes.push(Change::Out { old: old.out, new: record.out });
        }
        for &p in &edit.penalise {
            if !plays[p] {
                return Err(not_in(p));
            }
            if !record.penalties.contains(&p) {
                record.penalties.push(p);
                changes.push(Change::Penalty { seat: p, added: true });
            }
        }
        for &p in &edit.forgive {
            if let Some(i) = record.penalties.iter().position(|&q| q == p) {
                record.penalties.remove(i);
                changes.push(Change::Penalty { seat: p, added: false });
            }
        }
        if let Some(o) = record.out
            && record.deadwood[o] != 0
            && old.out == Some(o)
        {
            return Err(SheetError::EditOut { player: name(o), round });
        }
        check_round(&rules, &deal, &self.players, &plays, &record)?;
        if rules.double_naughts && naught(&record) {
            return Err(SheetError::EditReplay { round });
        }
        let before = self.clone();
        self.rounds[round - 1] = record.clone();
        let mut dealer_was = None;
        if let Some(dealer) = edit.dealer {
            let note = self.dealer_note(round);
            match self.name_dealer(round, dealer, now) {
                Ok(Some(change)) => {
                    changes.push(change);
                    dealer_was = Some(note);
                }
                Ok(None) => {}
                Err(e) => {
                    *self = before;
                    return Err(e);
                }
            }
        }
        self.updated = now;
        self.settle(now);
        if !changes.is_empty() {
            let names = |seats: &[usize]| seats.iter().map(|&s| name(s)).collect::<Vec<_>>();
            let mut scores: Vec<(String, PastScore)> = Vec::new();
            for change in &changes {
                if let Change::Score { seat, .. } = change
                    && !scores.iter().any(|(n, _)| *n == name(*seat))
                {
                    scores.push((name(*seat), past_of(&old, *seat)));
                }
            }
            let was = RoundWas {
                scores,
                out: (record.out != old.out).then(|| old.out.map(name)),
                penalties: (record.penalties != old.penalties).then(|| names(&old.penalties)),
                dealer: dealer_was,
            };
            self.logged(LogChange::Edit { round, was }, before.playoff, now);
        }
        Ok(changes)
    }

    /// Names the dealer of round `round` (from 1; a recorded round or the
    /// next): the deal moves on from there. Gives the change, if any.
    pub fn set_dealer(
        &mut self,
        round: usize,
        seat: usize,
        now: Timestamp,
    ) -> Result<Option<Change>, SheetError> {
        let was = self.dealer_note(round);
        let change = self.name_dealer(round, seat, now)?;
        if change.is_some() {
            let dealer = self.players[seat].clone();
            self.logged(LogChange::Dealer { round, dealer, was }, None, now);
        }
        Ok(change)
    }

    /// [`Session::set_dealer`], unlogged.
    fn name_dealer(
        &mut self,
        round: usize,
        seat: usize,
        now: Timestamp,
    ) -> Result<Option<Change>, SheetError> {
        let next = self.rounds.len() + 1;
        // The tiebreaker round's dealer is not named: the deal goes on to it.
        if round > self.deals().len() {
            return Err(SheetError::RoundBeyond { round, deals: self.deals().len() });
        }
        if round == 0 || round > next {
            return Err(SheetError::NoRoundToDeal {
                round: round as i64,
                next: next.min(self.deals().len()),
            });
        }
        if !self.plays(seat, round) {
            return Err(SheetError::NotInRound { player: self.players[seat].clone(), round });
        }
        let old = self.dealer(round);
        if old == seat {
            return Ok(None);
        }
        if round == 1 {
            self.first_dealer = seat;
        } else {
            self.dealers.retain(|&(r, _)| r != round);
            // A dealer the deal would reach anyway needs no note.
            if self.dealer_skipping(round, None) != seat {
                let at = self.dealers.partition_point(|&(r, _)| r < round);
                self.dealers.insert(at, (round, seat));
            }
        }
        self.updated = now;
        Ok(Some(Change::Dealer { old, new: seat }))
    }

    /// Renames the player at `seat`; every round follows, and the old name
    /// is kept so that records over games know them as one person.
    pub fn rename_player(&mut self, seat: usize, new: &str, now: Timestamp) -> Result<(), SheetError> {
        check_player_name(new)?;
        let new = &normalised(new);
        if let Some(other) = seat_in(&self.players, new).filter(|&s| s != seat) {
            return Err(SheetError::SameName { first: self.players[other].clone(), second: new.to_string() });
        }
        self.not_a_former_name(new, Some(seat))?;
        if let Some(other) = (0..self.players.len()).find(|&s| s != seat && look_alike(&self.players[s], new))
        {
            return Err(SheetError::LookAlike {
                first: self.players[other].clone(),
                second: new.to_string(),
            });
        }
        let old = std::mem::replace(&mut self.players[seat], new.to_string());
        if old == *new {
            return Err(SheetError::Unchanged);
        }
        let before = self.seats[seat].former_names.clone();
        let mut former = None;
        if !same_name(&old, new) {
            let names = &mut self.seats[seat].former_names;
            names.retain(|f| !same_name(f, new));
            // Undoing takes the old name off again; a name the rename
            // took off the former names needs the list as it was.
            if *names != before {
                former = Some(before);
            }
            names.push(old.clone());
        }
        self.updated = now;
        self.logged(LogChange::Rename { player: new.to_string(), was: old, former }, None, now);
        Ok(())
    }

    /// Refuses `name` when it was another player's (not `seat`'s) earlier in
    /// the game: records over games follow a player by former names, and
    /// would take the two for one.
    fn not_a_former_name(&self, name: &str, seat: Option<usize>) -> Result<(), SheetError> {
        let owner = (0..self.players.len())
            .find(|&s| Some(s) != seat && self.seats[s].former_names.iter().any(|f| same_name(f, name)));
        match owner {
            Some(s) => {
                Err(SheetError::FormerName { player: self.players[s].clone(), former: name.to_string() })
            }
            None => Ok(()),
        }
    }

    /// Seats a new player at `seat` (from 0; the last seat if none) from the
    /// next round, starting from `start` (by default the highest total at
    /// the table, worked out from the sheet). Gives their seat and their
    /// starting total as the sheet stands.
    pub fn add_player(
        &mut self,
        name: &str,
        seat: Option<usize>,
        start: Option<Start>,
        now: Timestamp,
    ) -> Result<(usize, i32), SheetError> {
        // Once the last round of the rules is in, nobody joins: not even
        // before a tiebreaker round.
        if self.rounds.len() >= self.deals().len() {
            return Err(SheetError::GameOver { rounds: self.deals().len() });
        }
        check_player_name(name)?;
        let name = &normalised(name);
        if let Some(other) = seat_in(&self.players, name) {
            return Err(SheetError::SameName {
                first: self.players[other].clone(),
                second: name.to_string(),
            });
        }
        if let Some(other) = self.players.iter().find(|p| look_alike(p, name)) {
            return Err(SheetError::LookAlike { first: other.clone(), second: name.to_string() });
        }
        self.not_a_former_name(name, None)?;
        let n = self.players.len();
        if self.active().len() >= MAX_PLAYERS || n >= MAX_PLAYERS * 2 {
            return Err(SheetError::TooManyPlayers { count: self.active().len() + 1 });
        }
        let at = seat.unwrap_or(n);
        if at > n {
            return Err(SheetError::SeatBeyond { seat: at + 1, seats: n + 1 });
        }
        // Before round 1 every total is 0, whatever the rule.
        let start = match start.unwrap_or(Start::Rule(StartRule::Highest)) {
            Start::Rule(_) if self.rounds.is_empty() => Start::Total(0),
            start => start,
        };
        self.give_seat(at, name, Seat { joined: self.rounds.len(), start, ..Seat::default() });
        self.updated = now;
        self.logged(LogChange::Join { player: name.to_string() }, None, now);
        Ok((at, self.starts()[at]))
    }

    /// Takes the player at `seat` out of the game: their rounds stay, they
    /// leave the standings, and the deal skips them. A player who has
    /// played no round is taken off the sheet altogether. Gives whether
    /// they were taken off.
    pub fn remove_player(&mut self, seat: usize, now: Timestamp) -> Result<bool, SheetError> {
        if self.seats[seat].left.is_some() {
            return Err(SheetError::HasLeft { player: self.players[seat].clone() });
        }
        let remaining = self.active().len() - 1;
        if remaining < MIN_PLAYERS {
            return Err(SheetError::TooFewPlayers { count: remaining });
        }
        let before = self.playoff.clone();
        let player = self.players[seat].clone();
        let played = self.rounds.len();
        let next = played + 1;
        let dealt = self.dealers.iter().any(|&(r, s)| r >= next && s == seat)
            || (played == 0 && self.first_dealer == seat);
        self.dealers.retain(|&(r, s)| !(r >= next && s == seat));
        if self.seats[seat].joined < played {
            self.seats[seat].left = Some(played);
            self.updated = now;
            self.settle(now);
            self.logged(LogChange::Leave { player, off: None, dealt }, before, now);
            return Ok(false);
        }
        // Never played: off the sheet, as if never seated.
        let st = &self.seats[seat];
        let off = SeatWas { seat, joined: st.joined, start: st.start, former_names: st.former_names.clone() };
        let n = self.players.len() - 1;
        let first_dealt = self.first_dealer == seat;
        self.take_seat(seat);
        if first_dealt {
            self.first_dealer = seat % n;
        }
        // Only a player who played every round can be in a tiebreak.
        self.playoff = None;
        self.updated = now;
        self.logged(LogChange::Leave { player, off: Some(off), dealt }, before, now);
        Ok(true)
    }

    /// Brings back a player who left: they play from the next round on,
    /// their rounds as they were, the rounds they missed scored by `missed`
    /// (by default the round's highest score). Refused once the last round
    /// of the rules is in.
    pub fn return_player(
        &mut self,
        seat: usize,
        missed: Option<Missed>,
        now: Timestamp,
    ) -> Result<(), SheetError> {
        let player = self.players[seat].clone();
        let Some(left) = self.seats[seat].left else { return Err(SheetError::NotLeft { player }) };
        if self.rounds.len() >= self.deals().len() {
            return Err(SheetError::GameOver { rounds: self.deals().len() });
        }
        if self.active().len() >= MAX_PLAYERS {
            return Err(SheetError::TooManyPlayers { count: self.active().len() + 1 });
        }
        let played = self.rounds.len();
        // The session's rule for rounds missed, unless the return says.
        let rule = Missed::from(self.rules_of(played + 1).missed_rounds());
        let st = &mut self.seats[seat];
        if left < played {
            st.away.push((left, played));
            st.missed.push(missed.unwrap_or(rule));
        }
        st.left = None;
        self.updated = now;
        self.logged(LogChange::Return { player, left }, None, now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::sheet::RoundRecord;
    use crate::sheet::tests::session;

    fn game(players: &[&str], rounds: usize) -> Session {
        let mut s = session(players);
        for _ in 0..rounds {
            let n = s.players().len();
            let record = RoundRecord::from_deadwood((0..n).map(|i| i as u32 + 1).collect());
            s.add_round(record, Timestamp::UNIX_EPOCH).unwrap();
        }
        s
    }

    #[test]
    fn edit_round_out_penalties_and_dealer() {
        let rules = Rules { bad_go_out_penalty: 20, ..Rules::default() };
        let mut s = Session::new(
            "t",
            ["Ann", "Bob", "Cy"].map(String::from).to_vec(),
            0,
            rules,
            Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        for _ in 0..3 {
            s.add_round(RoundRecord::from_deadwood(vec![0, 5, 9]), Timestamp::UNIX_EPOCH).unwrap();
        }
        let edit =
            RoundEdit { out: Some(Some(1)), penalise: vec![2], dealer: Some(2), ..RoundEdit::default() };
        let changes = s.edit_round(2, &edit, Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(
            changes,
            [
                Change::Score { seat: 1, old: 5, new: Score::number(0) },
                Change::Out { old: None, new: Some(1) },
                Change::Penalty { seat: 2, added: true },
                Change::Dealer { old: 1, new: 2 },
            ]
        );
        assert_eq!(s.scoreboard().totals(), [0, 10, 47]);
        // The deal moves on from the dealer named.
        assert_eq!([1, 2, 3, 4].map(|r| s.dealer(r)), [0, 2, 0, 1]);
        let edit = RoundEdit { scores: vec![(1, Score::number(4))], ..RoundEdit::default() };
        assert_eq!(
            s.edit_round(2, &edit, Timestamp::UNIX_EPOCH).unwrap_err(),
            SheetError::EditOut { player: "Bob".into(), round: 2 }
        );
        let edit = RoundEdit { out: Some(Some(2)), ..RoundEdit::default() };
        assert_eq!(
            s.edit_round(2, &edit, Timestamp::UNIX_EPOCH).unwrap_err(),
            SheetError::OutAndPenalty { player: "Cy".into() }
        );
        // Named dealer back to the natural one: no note kept.
        s.set_dealer(2, 1, Timestamp::UNIX_EPOCH).unwrap();
        assert!(s.dealer_changes().is_empty());
    }

    #[test]
    fn players_join_and_leave() {
        let mut s = game(&["Ann", "Bob", "Cy"], 2);
        assert_eq!(s.scoreboard().totals(), [2, 4, 6]);
        let (seat, start) = s.add_player("Dee", Some(1), None, Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!((seat, start), (1, 6));
        assert_eq!(s.players(), ["Ann", "Dee", "Bob", "Cy"]);
        // Past dealers stay; Dee deals in turn from round 3 on.
        assert_eq!([1, 2, 3, 4, 5].map(|r| s.dealer(r)), [0, 2, 3, 0, 1]);
        s.add_round(RoundRecord::from_deadwood(vec![1, 1, 1, 1]), Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(s.scoreboard().totals(), [3, 7, 5, 7]);
        assert!(!s.remove_player(3, Timestamp::UNIX_EPOCH).unwrap());
        assert_eq!(s.active(), [0, 1, 2]);
        assert_eq!(s.scoreboard().leaders(), [0]);
        assert_eq!(s.dealer(4), 0);
        let err =
            s.add_round(RoundRecord::from_deadwood(vec![1, 1, 1, 1]), Timestamp::UNIX_EPOCH).unwrap_err();
        assert_eq!(err, SheetError::NotInRound { player: "Cy".into(), round: 4 });
        s.rename_player(1, "Dora", Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(s.seats()[1].former_names, ["Dee"]);
        assert_eq!(
            s.remove_player(3, Timestamp::UNIX_EPOCH).unwrap_err(),
            SheetError::HasLeft { player: "Cy".into() }
        );
        s.remove_player(1, Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(
            s.remove_player(0, Timestamp::UNIX_EPOCH).unwrap_err(),
            SheetError::TooFewPlayers { count: 1 }
        );
    }

    #[test]
    fn a_former_name_stays_its_players() {
        let mut s = game(&["Ann", "Bob"], 1);
        s.rename_player(0, "Anne", Timestamp::UNIX_EPOCH).unwrap();
        let taken = SheetError::FormerName { player: "Anne".into(), former: "ann".into() };
        assert_eq!(s.add_player("ann", None, None, Timestamp::UNIX_EPOCH), Err(taken.clone()));
        assert_eq!(s.rename_player(1, "ann", Timestamp::UNIX_EPOCH), Err(taken));
        // The player it was may take it back.
        s.rename_player(0, "Ann", Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(s.players(), ["Ann", "Bob"]);
    }

    #[test]
    fn rules_change_mid_game() {
        let mut s = game(&["Ann", "Bob"], 3);
        let mut solver = Solver::new();
        let hand = s.read_score(3, 0, "Kh Qd 9c 4s 2d", &mut solver).unwrap();
        s.edit_round(
            3,
            &RoundEdit { scores: vec![(0, hand)], ..RoundEdit::default() },
            Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        let tens = Rules::preset("tens").unwrap();
        let rescored = s.change_rules(tens, &mut solver, Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(rescored, [Rescored { round: 3, seat: 0, old: 40, new: 35, leftover: false }]);
        let mut twelve = game(&["Ann", "Bob"], 0);
        twelve
            .change_rules(Rules { extra_rounds: 1, ..Rules::default() }, &mut solver, Timestamp::UNIX_EPOCH)
            .unwrap();
        for _ in 0..12 {
            twelve.add_round(RoundRecord::from_deadwood(vec![1, 2]), Timestamp::UNIX_EPOCH).unwrap();
        }
        let err = twelve.change_rules(Rules::default(), &mut solver, Timestamp::UNIX_EPOCH).unwrap_err();
        assert_eq!(err, SheetError::RoundsPlayed { played: 12, deals: 11 });
        let jokers = Rules { jokers: 2, ..Rules::default() };
        let mut s2 = game(&["Ann", "Bob"], 1);
        s2.change_rules(jokers, &mut solver, Timestamp::UNIX_EPOCH).unwrap();
        let joker_hand = s2.read_score(1, 0, "JK 5d 9c", &mut solver).unwrap();
        s2.edit_round(
            1,
            &RoundEdit { scores: vec![(0, joker_hand)], ..RoundEdit::default() },
            Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        let err = s2.change_rules(Rules::default(), &mut solver, Timestamp::UNIX_EPOCH).unwrap_err();
        assert!(err.to_string().starts_with("round 1: Ann's hand: "), "{err}");
    }

    #[test]
    fn kept_hands_hold_no_more_copies_than_new_decks() {
        let mut s = game(&["Ann", "Bob"], 1);
        let mut solver = Solver::new();
        let hand = s.read_score(1, 0, "9h 9h 4d", &mut solver).unwrap();
        s.edit_round(
            1,
            &RoundEdit { scores: vec![(0, hand)], ..RoundEdit::default() },
            Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        let one = Rules { decks: 1, ..Rules::default() };
        let err = s.change_rules(one, &mut solver, Timestamp::UNIX_EPOCH).unwrap_err();
        assert_eq!(
            err.to_string(),
            "round 1: Ann's hand: the hand holds 2 × 9h, but 1 deck holds only 1\n  9h 9h 4d\n     ^^"
        );
    }
}
