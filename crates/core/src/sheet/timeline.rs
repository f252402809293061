//! The rules over time: which rules were in force for each round, and a
//! change of rules from a round on. The rounds a change reaches are scored
//! again: typed hands solved anew, cards typed as left over valued anew;
//! scores typed as numbers stay as they were. The round table (how many
//! rounds, and what each deals) is the game's, one for every round.

use jiff::Timestamp;

use super::{
    LogChange, Playoff, Rescored, RoundRecord, Session, SheetError, check_round, leftover_value,
    read_leftover,
};
use crate::hand::check_cards;
use crate::rules::{Rules, RulesChange};
use crate::solver::{Solver, Table};

/// What a change of rules did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RulesChanged {
    /// The round the change applies from.
    pub from: usize,
    /// Whether the round table changed (`extra_rounds`, `down_and_up`):
    /// a change for the whole game.
    pub round_table: bool,
    /// The typed hands and cards left over whose deadwood changed.
    pub rescored: Vec<Rescored>,
    /// The rounds played whose rules changed (the round table aside),
    /// which were scored again.
    pub rounds: Vec<usize>,
    /// In those rounds: the scores typed as hands, as cards left over,
    /// and as numbers (which stay as they were).
    pub hands: usize,
    pub leftovers: usize,
    pub numbers: usize,
}

/// The rules in force for `round` in a timeline.
fn rules_in(timeline: &[(usize, Rules)], round: usize) -> Rules {
    timeline.iter().rev().find(|(from, _)| *from <= round).unwrap_or(&timeline[0]).1
}

/// A timeline as the session keeps it: the round table of its last rules
/// in every one, and no rules the same as the ones before.
fn tidied(timeline: Vec<(usize, Rules)>) -> Vec<(usize, Rules)> {
    let table = timeline.last().expect("rules from round 1").1;
    let mut out: Vec<(usize, Rules)> = Vec::with_capacity(timeline.len());
    for (from, rules) in timeline {
        let rules = rules.with_round_table_of(&table);
        if out.last().is_none_or(|(_, before)| *before != rules) {
            out.push((from, rules));
        }
    }
    out
}

impl Session {
    /// The rules in force now: those of the next round, and of the rounds
    /// after it.
    pub fn rules(&self) -> Rules {
        self.rules.last().expect("rules from round 1").1
    }

    /// The rules in force for round `round` (from 1; the tiebreaker round
    /// after the last).
    pub fn rules_of(&self, round: usize) -> Rules {
        rules_in(&self.rules, round)
    }

    /// The rules in force from a round on, `(round, rules)` by round, the
    /// first from round 1.
    pub fn rules_timeline(&self) -> &[(usize, Rules)] {
        &self.rules
    }

    /// The rules in short: a preset's name or `standard` with what differs,
    /// then each change and the round it applies from
    /// (`standard; from round 7: face_cards=ten`).
    pub fn rules_summary(&self) -> String {
        let mut out = self.rules[0].1.summary();
        for pair in self.rules.windows(2) {
            let (from, rules) = pair[1];
            out.push_str(&format!("; from round {from}: {}", rules.changes_from(&pair[0].1).join(", ")));
        }
        out
    }

    /// Plays the whole game under `rules`, every round scored again: the
    /// change of [`Session::change_rules_from`] from round 1, every setting
    /// replaced.
    pub fn change_rules(
        &mut self,
        rules: Rules,
        solver: &mut Solver,
        now: Timestamp,
    ) -> Result<Vec<Rescored>, SheetError> {
        self.change_rules_from(1, &RulesChange::replacing(rules), solver, now).map(|c| c.rescored)
    }

    /// Changes the rules from round `from` on (a round played or the next
    /// one): the change is made to the rules in force for each round from
    /// there, and those rounds are scored again. A change of the round
    /// table is the whole game's, and is refused where a round played
    /// would be dealt otherwise or left out. Refused too where a round
    /// played does not fit the new rules; [`SheetError::Unchanged`] when
    /// the rules are already so.
    pub fn change_rules_from(
        &mut self,
        from: usize,
        change: &RulesChange,
        solver: &mut Solver,
        now: Timestamp,
    ) -> Result<RulesChanged, SheetError> {
        let played = self.rounds.len();
        if from == 0 || from > played + 1 {
            return Err(SheetError::RulesFrom { from, next: played + 1 });
        }
        let mut timeline: Vec<(usize, Rules)> =
            self.rules.iter().copied().filter(|(f, _)| *f < from).collect();
        timeline.push((from, change.apply(self.rules_of(from))));
        timeline.extend(self.rules.iter().filter(|(f, _)| *f > from).map(|&(f, r)| (f, change.apply(r))));
        let timeline = tidied(timeline);
        if timeline == self.rules {
            return Err(SheetError::Unchanged);
        }
        let round_table = !timeline[0].1.same_round_table(&self.rules[0].1);
        let table = timeline[0].1;
        let rounds: Vec<usize> = (1..=played)
            .filter(|&r| rules_in(&timeline, r) != self.rules_of(r).with_round_table_of(&table))
            .collect();
        let mut after = self.clone();
        let rescored = after.put_rules(timeline, solver, now)?;
        if from > after.deals().len() && after.tied().is_empty() {
            return Err(SheetError::RulesAfterEnd { rounds: after.deals().len() });
        }
        // A dealer named for the next round that the change leaves out
        // (the game now over) comes back with an undo.
        let next = played + 1;
        let dealer = self.dealer_note(next).filter(|_| next > 1 && after.dealer_note(next).is_none());
        let change = LogChange::Rules { from, set: change.words(), was: self.rules.clone(), dealer };
        after.logged(change, self.playoff.clone(), now);
        *self = after;
        let (mut hands, mut leftovers, mut numbers) = (0, 0, 0);
        for &round in &rounds {
            let r = &self.rounds[round - 1];
            for seat in self.playing(round) {
                if r.hands[seat].is_some() {
                    hands += 1;
                } else if r.leftover[seat].is_some() {
                    leftovers += 1;
                } else if r.out != Some(seat) {
                    numbers += 1;
                }
            }
        }
        Ok(RulesChanged { from, round_table, rescored, rounds, hands, leftovers, numbers })
    }

    /// Puts `timeline` in force: every round whose rules it changes is
    /// scored again and checked, and the tiebreaker round too. Gives the
    /// scores that changed. Leaves the session as it was when refused.
    pub(super) fn put_rules(
        &mut self,
        timeline: Vec<(usize, Rules)>,
        solver: &mut Solver,
        now: Timestamp,
    ) -> Result<Vec<Rescored>, SheetError> {
        let table = timeline[0].1;
        let deals = table.deals();
        let played = self.rounds.len();
        if played > deals.len() {
            return Err(SheetError::RoundsPlayed { played, deals: deals.len() });
        }
        let mut rounds = self.rounds.clone();
        let mut rescored = Vec::new();
        for (i, record) in rounds.iter_mut().enumerate() {
            let round = i + 1;
            let (was, now_dealt) = (self.deal(round).expect("a round played"), deals[i]);
            if (was.cards, was.wild) != (now_dealt.cards, now_dealt.wild) {
                return Err(SheetError::DealChanged { was, now: now_dealt });
            }
            let rules = rules_in(&timeline, round);
            if rules == self.rules_of(round) {
                continue;
            }
            let in_round = |error: SheetError| SheetError::InRound { round, error: Box::new(error) };
            self.rescore(record, round, &rules, solver, &mut rescored).map_err(in_round)?;
            check_round(&rules, &now_dealt, &self.players, &self.plays_flags(round), record)
                .map_err(in_round)?;
        }
        // The tiebreaker round's hands and cards are scored again too.
        let mut playoff = self.playoff.clone();
        let tiebreak = deals.len() + 1;
        let rules = rules_in(&timeline, tiebreak);
        if let Some(Playoff::Round(scores)) = &mut playoff
            && rules != self.rules_of(tiebreak)
        {
            let deal = rules.tiebreak_deal();
            let in_round =
                |error: SheetError| SheetError::InRound { round: tiebreak, error: Box::new(error) };
            let table = Table::new(&rules, deal.wild);
            for (seat, score) in scores.iter_mut() {
                let player = self.players[*seat].clone();
                let new = if let Some(hand) = &score.hand {
                    check_cards(hand, &rules)
                        .map_err(|error| in_round(SheetError::Hand { player, error: Box::new(error) }))?;
                    solver.deadwood(hand, &table)
                } else if let super::ScoreForm::Leftover(cards) = &score.form {
                    let cards: Vec<_> = cards.iter().map(|(c, _)| *c).collect();
                    let text: Vec<String> = cards.iter().map(ToString::to_string).collect();
                    read_leftover(&text.join(" "), &rules)
                        .map_err(|error| in_round(SheetError::Hand { player, error: Box::new(error) }))?;
                    *score = super::Score::leftover(&cards, &rules);
                    score.deadwood
                } else {
                    continue;
                };
                if new != score.deadwood {
                    let leftover = score.hand.is_none();
                    rescored.push(Rescored {
                        round: tiebreak,
                        seat: *seat,
                        old: score.deadwood,
                        new,
                        leftover,
                    });
                    score.deadwood = new;
                }
            }
            // A number typed stays, but must still fit the cards under the
            // new rules, as any score of the round must.
            let most = rules.max_deadwood(deal.cards);
            for (seat, score) in scores.iter() {
                if score.deadwood > most {
                    let player = &self.players[*seat];
                    return Err(in_round(super::score::too_high(player, score.deadwood, &deal, most)));
                }
            }
        }
        self.rules = timeline;
        self.rounds = rounds;
        self.playoff = playoff;
        let last = (played + 1).min(deals.len());
        self.dealers.retain(|&(r, _)| r <= last);
        self.updated = now;
        self.settle(now);
        Ok(rescored)
    }

    /// Scores round `round`'s typed hands and cards left over again under
    /// `rules`; a number stays as it was.
    fn rescore(
        &self,
        record: &mut RoundRecord,
        round: usize,
        rules: &Rules,
        solver: &mut Solver,
        rescored: &mut Vec<Rescored>,
    ) -> Result<(), SheetError> {
        let deal = rules.deal(round).expect("a round of the rules");
        let table = Table::new(rules, deal.wild);
        for seat in 0..self.players.len() {
            let player = self.players[seat].clone();
            let hand_error = |error| SheetError::Hand { player: player.clone(), error: Box::new(error) };
            let (new, leftover) = if let Some(hand) = &record.hands[seat] {
                check_cards(hand, rules).map_err(hand_error)?;
                if hand.len() != deal.cards {
                    return Err(SheetError::StoredHandSize {
                        player,
                        count: hand.len(),
                        round,
                        dealt: deal.cards,
                    });
                }
                (solver.deadwood(hand, &table), false)
            } else if let Some(cards) = &record.leftover[seat] {
                let text: Vec<String> = cards.iter().map(ToString::to_string).collect();
                read_leftover(&text.join(" "), rules).map_err(hand_error)?;
                (leftover_value(cards, rules), true)
            } else {
                continue;
            };
            let old = record.deadwood[seat];
            if new != old {
                // A player out keeps their 0 only with a hand that goes out.
                if record.out == Some(seat) {
                    return Err(SheetError::OutNotZero { player, deadwood: new });
                }
                record.deadwood[seat] = new;
                rescored.push(Rescored { round, seat, old, new, leftover });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RulesChange;
    use crate::sheet::tests::session;

    #[test]
    fn a_change_from_a_round_on_leaves_the_rounds_before() {
        let mut s = session(&["Ann", "Bob"]);
        let mut solver = Solver::new();
        let t = Timestamp::UNIX_EPOCH;
        for _ in 0..6 {
            let r = s.round_of_scores(
                vec![
                    (0, s.read_score(s.rounds().len() + 1, 0, "K Q", &mut solver).unwrap()),
                    (1, crate::sheet::Score::number(0)),
                ],
                None,
                Vec::new(),
            );
            s.add_round(r.unwrap(), t).unwrap();
        }
        assert_eq!(s.scoreboard().totals(), [150, 0]);
        let tens = RulesChange::parse(None, &["face_cards=ten".into()]).unwrap();
        let changed = s.change_rules_from(7, &tens, &mut solver, t).unwrap();
        assert_eq!((changed.rescored.len(), changed.leftovers), (0, 0));
        assert_eq!(s.rules_summary(), "standard; from round 7: face_cards=ten");
        assert_eq!(s.rules_of(6), Rules::default());
        assert_eq!(s.rules_of(7), Rules::preset("tens").unwrap());
        assert_eq!(s.change_rules_from(7, &tens, &mut solver, t), Err(SheetError::Unchanged));
        // From round 5: rounds 5 and 6 are scored again, their cards left
        // over now worth 20; the change from round 7 is one with it.
        let changed = s.change_rules_from(5, &tens, &mut solver, t).unwrap();
        assert_eq!(changed.rescored.len(), 2);
        assert_eq!(s.scoreboard().totals(), [140, 0]);
        assert_eq!(s.rules_timeline().len(), 2);
        assert_eq!(
            s.change_rules_from(8, &tens, &mut solver, t),
            Err(SheetError::RulesFrom { from: 8, next: 7 })
        );
        // The round table is the game's: from any round, for every round.
        let more = RulesChange::parse(None, &["extra_rounds=1".into()]).unwrap();
        let changed = s.change_rules_from(7, &more, &mut solver, t).unwrap();
        assert!(changed.round_table);
        assert!(s.rules_timeline().iter().all(|(_, r)| r.extra_rounds == 1));
        assert_eq!(s.deals().len(), 12);
    }
}
