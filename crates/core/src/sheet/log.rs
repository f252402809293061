//! The log of a session's changes, and undoing them one by one.
//!
//! Each entry is one change as it was made: when, what changed, and what
//! undoing it needs (the values it replaced, never a copy of the session).
//! Players are named as they were just after the change, which is what
//! they are called again once every later change is undone. Undoing the
//! last entry gives the session as it was before that change; undoing
//! every entry gives the session as [`Session::new`] made it.

use jiff::Timestamp;

use super::{
    Leftover, Playoff, RoundRecord, Score, Seat, Session, SheetError, Start, StoredPlayoff,
    check_player_name, check_round, same_name, seat_in,
};
use crate::card::Card;
use crate::rules::{MAX_PLAYERS, Rules};
use crate::solver::{Solver, Table};

/// One change of the log.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Logged {
    pub at: Timestamp,
    pub change: LogChange,
    /// The tiebreak as it was, when the change dropped or altered it.
    pub tiebreak: Option<StoredPlayoff>,
}

/// What a change did, and what undoing it needs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LogChange {
    /// A round recorded: a round of the rules, or the tiebreaker round
    /// after them.
    Round { round: usize },
    /// A recorded round corrected: what it held before, for what changed.
    Edit { round: usize, was: RoundWas },
    /// A dealer named for a round, and the one named for it before (for
    /// round 1, the first dealer; none where the deal went round).
    Dealer { round: usize, dealer: String, was: Option<String> },
    /// A player seated mid-game.
    Join { player: String },
    /// A player leaving, with `off` when they had played no round and were
    /// taken off the sheet; `dealt` when they were named to deal the next
    /// round (round 1: the first dealer).
    Leave { player: String, off: Option<SeatWas>, dealt: bool },
    /// A player back at the table, who had left when `left` rounds were recorded.
    Return { player: String, left: usize },
    /// A player renamed from `was`; `former` holds their former names
    /// before, when the rename changed them otherwise than by adding `was`.
    Rename { player: String, was: String, former: Option<Vec<String>> },
    /// The rules changed from round `from`, as typed (`set`); `was` holds
    /// the rules before, by round; `dealer`, the dealer named for the next
    /// round that the change dropped.
    Rules { from: usize, set: Vec<String>, was: Vec<(usize, Rules)>, dealer: Option<String> },
    /// Cards drawn for the tiebreak, by player.
    Draw { cards: Vec<(String, Card)> },
}

impl LogChange {
    /// The change in a word, as `three13 log` and the files name it.
    pub fn word(&self) -> &'static str {
        match self {
            LogChange::Round { .. } => "round",
            LogChange::Edit { .. } => "edit",
            LogChange::Dealer { .. } => "dealer",
            LogChange::Join { .. } => "player-add",
            LogChange::Leave { .. } => "player-remove",
            LogChange::Return { .. } => "player-return",
            LogChange::Rename { .. } => "player-rename",
            LogChange::Rules { .. } => "rules",
            LogChange::Draw { .. } => "draw",
        }
    }

    /// What the change is about: the round, the player, or the round the
    /// rules changed from.
    fn subject(&self) -> String {
        match self {
            LogChange::Round { round } | LogChange::Edit { round, .. } | LogChange::Dealer { round, .. } => {
                format!("round {round}")
            }
            LogChange::Join { player }
            | LogChange::Leave { player, .. }
            | LogChange::Return { player, .. }
            | LogChange::Rename { player, .. } => player.clone(),
            LogChange::Rules { from, .. } => format!("from round {from}"),
            LogChange::Draw { cards } => {
                cards.iter().map(|(p, c)| format!("{p} {}", c.ascii())).collect::<Vec<_>>().join(", ")
            }
        }
    }
}

/// What a corrected round held before, for what the correction changed:
/// the scores of the players named, who went out, the penalties and the
/// dealer named (each when it changed).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RoundWas {
    pub scores: Vec<(String, PastScore)>,
    /// `Some(None)`: nobody went out.
    pub out: Option<Option<String>>,
    pub penalties: Option<Vec<String>>,
    /// `Some(None)`: no dealer was named for the round (the deal went round).
    pub dealer: Option<Option<String>>,
}

/// A score as it was typed: a number, or cards: a hand when as many as
/// the round deals, else the cards left over.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PastScore {
    Number(u32),
    Cards(Vec<Leftover>),
}

/// Where a player taken off the sheet sat, and how they had joined.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatWas {
    /// From 0.
    pub seat: usize,
    pub joined: usize,
    pub start: Start,
    pub former_names: Vec<String>,
}

impl Session {
    /// The changes made to the session, oldest first.
    pub fn log(&self) -> &[Logged] {
        &self.log
    }

    /// Adds a change to the log; `before` is the tiebreak before it, kept
    /// when the change altered it.
    pub(super) fn logged(&mut self, change: LogChange, before: Option<Playoff>, now: Timestamp) {
        let tiebreak = before.filter(|p| self.playoff.as_ref() != Some(p)).map(|p| self.stored_playoff(&p));
        self.log.push(Logged { at: now, change, tiebreak });
    }

    /// A tiebreak by player name, as a file and the log store it.
    pub fn stored_playoff(&self, playoff: &Playoff) -> StoredPlayoff {
        let name = |seat: usize| self.players[seat].clone();
        match playoff {
            Playoff::Round(scores) => {
                let text = |cards: Vec<String>| cards.join(" ");
                StoredPlayoff::Round {
                    deadwood: scores.iter().map(|(s, sc)| (name(*s), i64::from(sc.deadwood))).collect(),
                    hands: scores
                        .iter()
                        .filter_map(|(s, sc)| {
                            Some((name(*s), text(sc.hand.as_ref()?.iter().map(|c| c.ascii()).collect())))
                        })
                        .collect(),
                    leftover: scores
                        .iter()
                        .filter_map(|(s, sc)| match &sc.form {
                            super::ScoreForm::Leftover(cards) => {
                                Some((name(*s), text(cards.iter().map(|(c, _)| c.to_string()).collect())))
                            }
                            _ => None,
                        })
                        .collect(),
                }
            }
            Playoff::Draws(draws) => StoredPlayoff::Draws(
                draws.iter().map(|d| d.iter().map(|(s, c)| (name(*s), c.ascii())).collect()).collect(),
            ),
        }
    }

    /// The dealer named for round `round`: for round 1 the first dealer,
    /// else the one named for it, if any.
    pub(super) fn dealer_note(&self, round: usize) -> Option<String> {
        if round == 1 {
            return Some(self.players[self.first_dealer].clone());
        }
        self.dealers.iter().find(|&&(r, _)| r == round).map(|&(_, s)| self.players[s].clone())
    }

    /// Takes back the last change of the log, if any, and gives it. The
    /// session is as it was before that change, save the time of the last
    /// change. Refused, leaving the session as it was, where the change
    /// does not fit the sheet (a file edited by hand).
    pub fn undo_change(&mut self, solver: &mut Solver, now: Timestamp) -> Result<Option<Logged>, SheetError> {
        let Some(entry) = self.log.last().cloned() else { return Ok(None) };
        let mut undone = self.clone();
        undone.log.pop();
        undone.take_back(&entry, solver, now).map_err(|error| match error {
            SheetError::LogDisagrees { .. } => error,
            other => SheetError::InLog {
                change: entry.change.word(),
                subject: entry.change.subject(),
                error: Box::new(other),
            },
        })?;
        if let Some(stored) = &entry.tiebreak {
            undone.playoff = Some(undone.restore_playoff(stored.clone(), solver)?);
        }
        undone.updated = now;
        *self = undone;
        Ok(Some(entry))
    }

    /// The change of `entry` taken back, its tiebreak aside.
    fn take_back(&mut self, entry: &Logged, solver: &mut Solver, now: Timestamp) -> Result<(), SheetError> {
        let disagrees =
            || SheetError::LogDisagrees { change: entry.change.word(), subject: entry.change.subject() };
        let seat = |s: &Session, name: &str| seat_in(&s.players, name).ok_or_else(disagrees);
        match &entry.change {
            LogChange::Round { round } => {
                let played = self.rounds.len();
                if *round == self.deals().len() + 1 && played == self.deals().len() {
                    match self.playoff.take() {
                        Some(Playoff::Round(_)) => {}
                        _ => return Err(disagrees()),
                    }
                } else if *round == played && self.playoff.is_none() {
                    self.rounds.pop();
                    self.dealers.retain(|&(r, _)| r <= *round);
                } else {
                    return Err(disagrees());
                }
            }
            LogChange::Edit { round, was } => {
                let round = *round;
                if round == 0 || round > self.rounds.len() {
                    return Err(disagrees());
                }
                let rules = self.rules_of(round);
                let deal = self.deal(round).expect("a round played");
                let mut record = self.rounds[round - 1].clone();
                for (name, past) in &was.scores {
                    let s = seat(self, name)?;
                    record.set_score(s, past_score(past, &rules, &deal, solver).ok_or_else(disagrees)?);
                }
                if let Some(out) = &was.out {
                    record.out = out.as_deref().map(|o| seat(self, o)).transpose()?;
                }
                if let Some(penalties) = &was.penalties {
                    record.penalties = penalties.iter().map(|p| seat(self, p)).collect::<Result<_, _>>()?;
                }
                check_round(&rules, &deal, &self.players, &self.plays_flags(round), &record)?;
                check_hands(self, &record, &rules, &deal)?;
                self.rounds[round - 1] = record;
                if let Some(dealer) = &was.dealer {
                    self.put_dealer_note(round, dealer.as_deref()).map_err(|_| disagrees())?;
                }
            }
            LogChange::Dealer { round, dealer, was } => {
                let named = seat(self, dealer)?;
                if *round == 0 || *round > self.rounds.len() + 1 || self.dealer(*round) != named {
                    return Err(disagrees());
                }
                self.put_dealer_note(*round, was.as_deref()).map_err(|_| disagrees())?;
            }
            LogChange::Join { player } => {
                let s = seat(self, player)?;
                let st = &self.seats[s];
                let named = self.first_dealer == s || self.dealers.iter().any(|&(_, d)| d == s);
                if st.joined != self.rounds.len() || st.left.is_some() || !st.away.is_empty() || named {
                    return Err(disagrees());
                }
                self.take_seat(s);
            }
            LogChange::Leave { player, off: None, dealt } => {
                let s = seat(self, player)?;
                let played = self.rounds.len();
                if self.seats[s].left != Some(played) {
                    return Err(disagrees());
                }
                self.seats[s].left = None;
                if *dealt {
                    self.put_dealer_note(played + 1, Some(player)).map_err(|_| disagrees())?;
                }
            }
            LogChange::Leave { player, off: Some(was), dealt } => {
                // Back at the seat they had, never having played a round.
                check_player_name(player)?;
                let fits = seat_in(&self.players, player).is_none()
                    && was.seat <= self.players.len()
                    && was.joined >= self.rounds.len()
                    && was.joined <= self.deals().len()
                    && !matches!(was.start, Start::Total(n) if n.abs() > 1_000_000)
                    && self.players.len() < 2 * MAX_PLAYERS
                    && self.active().len() < MAX_PLAYERS;
                if !fits {
                    return Err(disagrees());
                }
                for f in &was.former_names {
                    check_player_name(f)?;
                }
                let seat = Seat {
                    joined: was.joined,
                    start: was.start,
                    former_names: was.former_names.clone(),
                    ..Seat::default()
                };
                self.give_seat(was.seat, player, seat);
                if *dealt {
                    let next = self.rounds.len() + 1;
                    self.put_dealer_note(next, Some(player)).map_err(|_| disagrees())?;
                }
            }
            LogChange::Return { player, left } => {
                let s = seat(self, player)?;
                let played = self.rounds.len();
                let st = &mut self.seats[s];
                if st.left.is_some() || *left > played || *left <= st.joined {
                    return Err(disagrees());
                }
                if *left < played {
                    if st.away.last() != Some(&(*left, played)) {
                        return Err(disagrees());
                    }
                    st.away.pop();
                    st.missed.pop();
                }
                st.left = Some(*left);
            }
            LogChange::Rename { player, was, former } => {
                let s = seat(self, player)?;
                check_player_name(was)?;
                if seat_in(&self.players, was).is_some_and(|o| o != s) {
                    return Err(disagrees());
                }
                for f in former.iter().flatten() {
                    check_player_name(f)?;
                }
                let st = &mut self.seats[s];
                match former {
                    Some(list) => st.former_names = list.clone(),
                    None if same_name(player, was) => {}
                    None => {
                        if st.former_names.last().is_none_or(|f| f != was) {
                            return Err(disagrees());
                        }
                        st.former_names.pop();
                    }
                }
                self.players[s] = was.clone();
            }
            LogChange::Rules { was, dealer, .. } => {
                if was.first().is_none_or(|(from, _)| *from != 1) {
                    return Err(disagrees());
                }
                let playoff = self.playoff.clone();
                self.put_rules(was.clone(), solver, now)?;
                // What the change re-scored or dropped comes back with the
                // tiebreak kept in the entry; what it left stays as it was.
                if entry.tiebreak.is_none() {
                    self.playoff = playoff;
                }
                if let Some(dealer) = dealer {
                    let next = self.rounds.len() + 1;
                    self.put_dealer_note(next, Some(dealer)).map_err(|_| disagrees())?;
                }
            }
            LogChange::Draw { cards } => {
                let Some(Playoff::Draws(draws)) = &mut self.playoff else { return Err(disagrees()) };
                let last = draws.last().ok_or_else(disagrees)?;
                let same = last.len() == cards.len()
                    && last
                        .iter()
                        .zip(cards)
                        .all(|((s, c), (name, card))| same_name(&self.players[*s], name) && c == card);
                if !same {
                    return Err(disagrees());
                }
                draws.pop();
                if draws.is_empty() {
                    self.playoff = None;
                }
            }
        }
        Ok(())
    }

    /// Names `who` to deal round `round` as a note of the sheet: for round
    /// 1 the first dealer; `None` drops the note for the round.
    fn put_dealer_note(&mut self, round: usize, who: Option<&str>) -> Result<(), ()> {
        let seat = who.map(|w| seat_in(&self.players, w).ok_or(())).transpose()?;
        if round == 1 {
            self.first_dealer = seat.ok_or(())?;
            return Ok(());
        }
        self.dealers.retain(|&(r, _)| r != round);
        if let Some(seat) = seat {
            let at = self.dealers.partition_point(|&(r, _)| r < round);
            self.dealers.insert(at, (round, seat));
        }
        Ok(())
    }

    /// Takes the seat `seat` off the sheet, the seats after it moving up.
    pub(super) fn take_seat(&mut self, seat: usize) {
        self.players.remove(seat);
        self.seats.remove(seat);
        let shift = |s: &mut usize| {
            if *s > seat {
                *s -= 1;
            }
        };
        shift(&mut self.first_dealer);
        for (_, s) in &mut self.dealers {
            shift(s);
        }
        for r in &mut self.rounds {
            r.deadwood.remove(seat);
            r.hands.remove(seat);
            r.leftover.remove(seat);
            if let Some(o) = &mut r.out {
                shift(o);
            }
            r.penalties.iter_mut().for_each(shift);
        }
    }

    /// Seats `name` at `at` (from 0), the seats from there moving down.
    pub(super) fn give_seat(&mut self, at: usize, name: &str, seat: Seat) {
        let shift = |s: &mut usize| {
            if *s >= at {
                *s += 1;
            }
        };
        self.players.insert(at, name.to_string());
        self.seats.insert(at, seat);
        shift(&mut self.first_dealer);
        for (_, s) in &mut self.dealers {
            shift(s);
        }
        for r in &mut self.rounds {
            r.deadwood.insert(at, 0);
            r.hands.insert(at, None);
            r.leftover.insert(at, None);
            if let Some(o) = &mut r.out {
                shift(o);
            }
            r.penalties.iter_mut().for_each(shift);
        }
    }
}

/// A score as it was typed, scored under the round's rules; none for a
/// hand without its suits.
fn past_score(
    past: &PastScore,
    rules: &Rules,
    deal: &crate::rules::Deal,
    solver: &mut Solver,
) -> Option<Score> {
    match past {
        PastScore::Number(n) => Some(Score::number(*n)),
        PastScore::Cards(cards) if cards.len() >= deal.cards => {
            let hand: Vec<Card> = cards
                .iter()
                .map(|c| match c {
                    Leftover::Card(card) => Some(*card),
                    Leftover::Rank(_) => None,
                })
                .collect::<Option<_>>()?;
            Some(Score::recorded(solver.deadwood(&hand, &Table::new(rules, deal.wild)), Some(hand)))
        }
        PastScore::Cards(cards) => Some(Score::leftover(cards, rules, deal.wild)),
    }
}

/// Checks the hands and cards left over of a round put back: each of the
/// round's size, or fewer, and valid under its rules.
pub(super) fn check_hands(
    s: &Session,
    record: &RoundRecord,
    rules: &Rules,
    deal: &crate::rules::Deal,
) -> Result<(), SheetError> {
    for seat in 0..s.players.len() {
        let player = || s.players[seat].clone();
        if let Some(hand) = &record.hands[seat] {
            crate::hand::check_cards(hand, rules)
                .map_err(|error| SheetError::Hand { player: player(), error: Box::new(error) })?;
            if hand.len() != deal.cards {
                return Err(SheetError::StoredHandSize {
                    player: player(),
                    count: hand.len(),
                    round: deal.round,
                    dealt: deal.cards,
                });
            }
        }
        if let Some(cards) = &record.leftover[seat] {
            let text: Vec<String> = cards.iter().map(ToString::to_string).collect();
            super::read_leftover(&text.join(" "), rules)
                .map_err(|error| SheetError::Hand { player: player(), error: Box::new(error) })?;
            if cards.len() >= deal.cards {
                return Err(SheetError::LeftoverSize {
                    player: player(),
                    count: cards.len(),
                    round: deal.round,
                    dealt: deal.cards,
                });
            }
        }
    }
    Ok(())
}

/// The score of `seat` in `record`, as it was typed.
pub(super) fn past_of(record: &RoundRecord, seat: usize) -> PastScore {
    match (&record.hands[seat], &record.leftover[seat]) {
        (Some(hand), _) => PastScore::Cards(hand.iter().map(|&c| Leftover::Card(c)).collect()),
        (None, Some(cards)) => PastScore::Cards(cards.clone()),
        (None, None) => PastScore::Number(record.deadwood[seat]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RulesChange;
    use crate::sheet::{RoundEdit, RoundRecord};

    /// The session with the time of its last change and its log left out:
    /// what an undo gives back.
    fn figures(s: &Session) -> Session {
        let mut s = s.clone();
        s.updated = Timestamp::UNIX_EPOCH;
        s.log.clear();
        s
    }

    #[test]
    fn every_change_is_taken_back_in_turn_to_the_new_session() {
        let t = Timestamp::UNIX_EPOCH;
        let rules = Rules { bad_go_out_penalty: 20, ..Rules::default() };
        let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let mut s = Session::new("t", names, 1, rules, t).unwrap();
        let mut solver = Solver::new();
        let mut seen = vec![figures(&s)];
        let mut step = |s: &mut Session, f: &mut dyn FnMut(&mut Session)| {
            f(s);
            seen.push(figures(s));
        };
        step(&mut s, &mut |s| {
            s.add_round(RoundRecord::from_deadwood(vec![0, 12, 5]), t).unwrap();
        });
        step(&mut s, &mut |s| {
            let hand = s.read_score(1, 0, "9h 4d Kh", &mut Solver::new()).unwrap();
            let edit = RoundEdit {
                scores: vec![(0, hand), (2, s.read_score(1, 2, "K 2", &mut Solver::new()).unwrap())],
                out: Some(Some(1)),
                penalise: vec![2],
                dealer: Some(2),
                ..RoundEdit::default()
            };
            s.edit_round(1, &edit, t).unwrap();
        });
        step(&mut s, &mut |s| {
            s.set_dealer(2, 1, t).unwrap();
        });
        step(&mut s, &mut |s| {
            s.add_player("Dee", Some(1), None, t).unwrap();
        });
        step(&mut s, &mut |s| {
            s.add_round(RoundRecord::from_deadwood(vec![1, 2, 3, 4]), t).unwrap();
        });
        step(&mut s, &mut |s| s.rename_player(2, "Robert", t).unwrap());
        step(&mut s, &mut |s| s.rename_player(2, "Bob", t).unwrap());
        // Dee, named to deal round 3, leaves.
        step(&mut s, &mut |s| {
            s.set_dealer(3, 1, t).unwrap();
        });
        step(&mut s, &mut |s| {
            s.remove_player(1, t).unwrap();
        });
        step(&mut s, &mut |s| {
            s.add_player("Eve", Some(0), Some(Start::Total(7)), t).unwrap();
        });
        step(&mut s, &mut |s| {
            s.remove_player(0, t).unwrap();
        });
        step(&mut s, &mut |s| {
            s.add_round(RoundRecord::from_deadwood(vec![1, 0, 3, 4]), t).unwrap();
        });
        step(&mut s, &mut |s| s.return_player(1, None, t).unwrap());
        step(&mut s, &mut |s| {
            let tens = RulesChange::parse(Some("tens"), &[]).unwrap();
            s.change_rules_from(4, &tens, &mut Solver::new(), t).unwrap();
        });
        step(&mut s, &mut |s| {
            let change =
                RulesChange::parse(None, &["face_cards=ten".into(), "extra_rounds=1".into()]).unwrap();
            s.change_rules_from(1, &change, &mut Solver::new(), t).unwrap();
        });
        let words: Vec<&str> = s.log().iter().map(|l| l.change.word()).collect();
        assert_eq!(s.log().len(), seen.len() - 1, "{words:?}");
        assert_eq!(s.seats()[1].away, [(2, 3)]);
        assert_eq!(s.rounds()[0].deadwood, [23, 0, 0, 12]);
        seen.pop();
        while let Some(before) = seen.pop() {
            let undone = s.undo_change(&mut solver, t).unwrap().expect("a change to take back");
            assert_eq!(figures(&s), before, "after undoing {undone:?}");
        }
        assert_eq!(s.undo_change(&mut solver, t), Ok(None));
        let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        assert_eq!(figures(&s), figures(&Session::new("t", names, 1, rules, t).unwrap()));
    }

    #[test]
    fn a_return_after_rounds_away_is_taken_back() {
        let t = Timestamp::UNIX_EPOCH;
        let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let mut s = Session::new("t", names, 0, Rules::default(), t).unwrap();
        s.add_round(RoundRecord::from_deadwood(vec![1, 2, 3]), t).unwrap();
        s.remove_player(2, t).unwrap();
        s.add_round(RoundRecord::from_deadwood(vec![1, 2, 0]), t).unwrap();
        let gone = figures(&s);
        s.return_player(2, Some(super::super::Missed::Nothing), t).unwrap();
        assert_eq!(s.seats()[2].away, [(1, 2)]);
        assert_eq!(s.playing(3), [0, 1, 2]);
        assert_eq!(s.playing(2), [0, 1]);
        s.add_round(RoundRecord::from_deadwood(vec![1, 2, 3]), t).unwrap();
        assert_eq!(s.scoreboard().totals(), [3, 6, 6]);
        // By default the round missed scores its highest, Bob's 2.
        let mut by_default = s.clone();
        by_default.seats[2].missed = vec![super::super::Missed::Highest];
        assert_eq!(by_default.scoreboard().totals(), [3, 6, 8]);
        assert_eq!(s.return_player(2, None, t), Err(SheetError::NotLeft { player: "Cy".into() }));
        s.undo_change(&mut Solver::new(), t).unwrap();
        s.undo_change(&mut Solver::new(), t).unwrap();
        assert_eq!(figures(&s), gone);
    }
}
