//! The points of each round, the running totals and the places, computed
//! once from a session.

use super::tiebreak::draw_rank;
use super::{Missed, Playoff, RoundRecord, Session, Start};
use crate::rules::{Deal, Rules};

impl Session {
    /// The points, totals and places, computed once.
    pub fn scoreboard(&self) -> Scoreboard {
        Scoreboard::new(self)
    }

    /// Each round's points by seat: those of the players of the round, and
    /// for a player away from it, what their rule for rounds missed gives
    /// from the points of those who played it.
    pub(super) fn round_points(&self) -> Vec<Vec<i32>> {
        let mut all: Vec<Vec<i32>> = self
            .rounds
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let deal = self.deal(i + 1).expect("a recorded round is one of the rules");
                points(&self.rules_of(i + 1), &deal, r)
            })
            .collect();
        for (seat, st) in self.seats.iter().enumerate() {
            for (&(left, back), &missed) in st.away.iter().zip(&st.missed) {
                for round in left + 1..=back.min(all.len()) {
                    let played: Vec<i32> =
                        self.playing(round).into_iter().map(|p| all[round - 1][p]).collect();
                    all[round - 1][seat] = missed.points(&played);
                }
            }
        }
        all
    }

    /// Each seat's starting total, worked out from the sheet as it is now.
    pub fn starts(&self) -> Vec<i32> {
        self.scoreboard().starts
    }

    /// The starting totals, the running totals after each round and the
    /// totals now, from
    /// each round's `points`: a joiner's start given as a rule is worked
    /// out from the totals of the players at the table after the rounds
    /// before the join.
    pub(super) fn walk(&self, points: &[Vec<i32>]) -> (Vec<i32>, Vec<Vec<i32>>, Vec<i32>) {
        let mut starts: Vec<i32> = self
            .seats
            .iter()
            .map(|seat| match seat.start {
                Start::Total(n) => n,
                Start::Rule(_) => 0,
            })
            .collect();
        let mut total = starts.clone();
        let mut running = Vec::with_capacity(points.len());
        for round in 0..=points.len() {
            for (seat, st) in self.seats.iter().enumerate() {
                if let Start::Rule(rule) = st.start
                    && st.joined == round
                {
                    let at_table: Vec<i32> = (0..self.seats.len())
                        .filter(|&o| o != seat && self.seats[o].seated_after(round))
                        .map(|o| total[o])
                        .collect();
                    starts[seat] = rule.apply(&at_table);
                    total[seat] = starts[seat];
                }
            }
            // A player back with a total given has it from their return.
            for (seat, st) in self.seats.iter().enumerate() {
                for (&(_, back), &missed) in st.away.iter().zip(&st.missed) {
                    if let Missed::Total(n) = missed
                        && back == round
                    {
                        total[seat] = n;
                    }
                }
            }
            if let Some(p) = points.get(round) {
                for (t, x) in total.iter_mut().zip(p) {
                    *t += x;
                }
                running.push(total.clone());
            }
        }
        (starts, running, total)
    }
}

/// The points, running totals and places of a session, computed once from
/// it and read by every report.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Scoreboard {
    points: Vec<Vec<i32>>,
    starts: Vec<i32>,
    running: Vec<Vec<i32>>,
    totals: Vec<i32>,
    places: Vec<usize>,
    leaders: Vec<usize>,
    /// The seats of the players still at the table.
    standing: Vec<usize>,
    rounds_out: Vec<usize>,
    finished: bool,
}

impl Scoreboard {
    fn new(s: &Session) -> Scoreboard {
        let n = s.players.len();
        let points = s.round_points();
        let (starts, running, total) = s.walk(&points);
        // Ties share a place; the next place skips past them (1, 1, 3).
        // Players who left are out of the standings. A tiebreak orders the
        // players tied for the win among themselves.
        let standing: Vec<usize> = s.active();
        let key = |seat: usize| -> (i32, Vec<u32>) { (total[seat], playoff_key(s.playoff.as_ref(), seat)) };
        let places = (0..n).map(|i| 1 + standing.iter().filter(|&&j| key(j) < key(i)).count()).collect();
        let leaders = if s.rounds.is_empty() {
            Vec::new()
        } else {
            let best = standing.iter().map(|&j| total[j]).min().unwrap_or(0);
            standing.iter().copied().filter(|&i| total[i] == best).collect()
        };
        let rounds_out = (0..n).map(|seat| s.rounds.iter().filter(|r| r.out == Some(seat)).count()).collect();
        Scoreboard {
            points,
            starts,
            running,
            totals: total,
            places,
            leaders,
            standing,
            rounds_out,
            finished: s.finished(),
        }
    }

    /// The points that counted for each seat in round `index` (from 0).
    pub fn points(&self, index: usize) -> &[i32] {
        &self.points[index]
    }

    /// Each seat's starting total: 0 for a player there from round 1, and
    /// for a player who joined late the number given or the one their
    /// rule gives from the sheet as it is now.
    pub fn starts(&self) -> &[i32] {
        &self.starts
    }

    /// Each seat's total after round `index` (from 0).
    pub fn running(&self, index: usize) -> &[i32] {
        &self.running[index]
    }

    /// Each seat's total so far.
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    /// Each seat's place by total, lowest first, then by the tiebreak;
    /// ties share a place.
    pub fn places(&self) -> &[usize] {
        &self.places
    }

    /// The seats of the players still at the table in order of place, then
    /// seat; players who left are not in the standings.
    pub fn standings(&self) -> Vec<usize> {
        let mut seats: Vec<usize> = self.standing.clone();
        seats.sort_by_key(|&s| (self.places[s], s));
        seats
    }

    /// How far `seat` is behind the lowest total.
    pub fn behind(&self, seat: usize) -> i32 {
        self.totals[seat] - self.best().unwrap_or(self.totals[seat])
    }

    /// How many rounds each seat went out first.
    pub fn rounds_out(&self) -> &[usize] {
        &self.rounds_out
    }

    /// The seats with the lowest total; none before the first round.
    pub fn leaders(&self) -> &[usize] {
        &self.leaders
    }

    /// The lowest total, once a round is in.
    pub fn best(&self) -> Option<i32> {
        self.leaders.first().map(|&s| self.totals[s])
    }

    /// The seats that share the win (after any tiebreak), once the game is over.
    pub fn winners(&self) -> Vec<usize> {
        if !self.finished {
            return Vec::new();
        }
        self.leaders.iter().copied().filter(|&s| self.places[s] == 1).collect()
    }

    /// How far ahead the one player with the lowest total is of the next;
    /// none while the lowest total is shared.
    pub fn margin(&self) -> Option<i32> {
        let [leader] = self.leaders[..] else { return None };
        let next = self.standing.iter().filter(|&&s| s != leader).map(|&s| self.totals[s]).min()?;
        Some(next - self.totals[leader])
    }

    pub fn finished(&self) -> bool {
        self.finished
    }
}

/// What decides a place among players tied on total: the tiebreaker
/// round's deadwood, or the cards drawn one draw after another (lower
/// first; a player who drew a higher card stops drawing, and so sorts after).
fn playoff_key(playoff: Option<&Playoff>, seat: usize) -> Vec<u32> {
    match playoff {
        None => Vec::new(),
        Some(Playoff::Round(scores)) => {
            scores.iter().filter(|(s, _)| *s == seat).map(|(_, score)| score.deadwood).collect()
        }
        Some(Playoff::Draws(draws)) => draws
            .iter()
            .filter_map(|d| d.iter().find(|(s, _)| *s == seat))
            .map(|(_, c)| draw_rank(*c))
            .collect(),
    }
}

/// The points of one round: the deadwood, the go-out bonus in place of the
/// 0 of the player out, doubled where J, Q or K are wild; the bad go-out
/// penalty added after (a fixed amount, never doubled).
pub fn points(rules: &Rules, deal: &Deal, record: &RoundRecord) -> Vec<i32> {
    let factor = if rules.doubles(deal.wild) { 2 } else { 1 };
    (0..record.deadwood.len())
        .map(|seat| {
            let base = if record.out == Some(seat) {
                rules.go_out_score(deal.wild)
            } else {
                record.deadwood[seat] as i32
            };
            let penalty = if record.penalties.contains(&seat) { rules.bad_go_out_penalty as i32 } else { 0 };
            base * factor + penalty
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::SheetError;
    use crate::sheet::tests::session;
    use jiff::Timestamp;

    #[test]
    fn totals_leaders_winners() {
        let mut s = session(&["Ann", "Bob"]);
        assert!(s.scoreboard().leaders().is_empty());
        for _ in 0..11 {
            s.add_round(RoundRecord::from_deadwood(vec![3, 3]), Timestamp::UNIX_EPOCH).unwrap();
        }
        assert!(s.finished());
        let board = s.scoreboard();
        assert_eq!(board.totals(), [33, 33]);
        assert_eq!(board.winners(), [0, 1]);
        assert_eq!(board.places(), [1, 1]);
        let err = s.add_round(RoundRecord::from_deadwood(vec![0, 0]), Timestamp::UNIX_EPOCH).unwrap_err();
        assert_eq!(err, SheetError::GameOver { rounds: 11 });
    }

    #[test]
    fn scoring_variants() {
        let mut rules = Rules::default();
        rules.apply("double_last_rounds=true").unwrap();
        rules.apply("go_out_bonus=wild").unwrap();
        rules.apply("bad_go_out_penalty=20").unwrap();
        let jacks = rules.deal(9).unwrap();
        let record =
            RoundRecord { out: Some(0), penalties: vec![2], ..RoundRecord::from_deadwood(vec![0, 5, 7]) };
        assert_eq!(points(&rules, &jacks, &record), [-22, 10, 34]);
        let threes = rules.deal(1).unwrap();
        assert_eq!(points(&rules, &threes, &record), [-3, 5, 27]);
    }
}
