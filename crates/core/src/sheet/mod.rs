//! The score sheet: the players in seat order, the rounds played, and the
//! points that count under the table's rules.
//!
//! A round records each player's deadwood (what was left in hand), the hands
//! typed, who went out first and who declared out wrongly; the rules turn
//! those into points (doubled rounds, the go-out bonus, the bad go-out
//! penalty), and [`Scoreboard`] computes them once for every report. A
//! session is made by [`Session::new`] or restored from stored parts by
//! [`Session::restore`], which checks everything and names the bad field.
//! Nothing here prints or touches a file.
//!
//! Here: the session, its players' seats, the deal and adding a round. The
//! modules: `score` (a score as typed), `scoreboard` (points, totals and
//! places), `tiebreak` (a tie for the win and how it is broken), `changes`
//! (corrections mid-game), `restore` (a session from stored parts), `names`
//! (player and session names) and `error` (what the sheet refuses).

mod changes;
mod error;
mod log;
mod names;
mod restore;
mod score;
mod scoreboard;
mod tiebreak;
mod timeline;

use jiff::Timestamp;

use crate::card::{Card, Rank};
use crate::rules::{Deal, Rules, Tiebreak};

pub use changes::{Change, Rescored, RoundEdit};
pub use error::{NameProblem, SessionNameProblem, SheetError};
pub use log::{LogChange, Logged, PastScore, RoundWas, SeatWas};
pub use names::{
    check_player_name, check_player_names, check_session_name, find_seat, free_name, normalised, same_name,
    seat_in, shown,
};
pub use restore::{Field, RestoreError, StoredAway, StoredPlayoff, StoredRound, StoredSession};
pub use score::{Leftover, Score, ScoreForm, Term, leftover_value, read_leftover, read_score};
pub use scoreboard::{Scoreboard, points};
pub use tiebreak::{MAX_DRAWS, Playoff};
pub use timeline::RulesChanged;

use score::too_high;

/// The longest player name, in characters.
pub const MAX_PLAYER_NAME: usize = 32;
/// The longest session name, in characters.
pub const MAX_SESSION_NAME: usize = 64;
/// The fewest players of a game.
pub const MIN_PLAYERS: usize = 2;

/// One game's score sheet.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Session {
    name: String,
    /// In seat order: the deal passes from each player to the next.
    players: Vec<String>,
    /// The seat of the player who dealt round 1.
    first_dealer: usize,
    /// The rules in force from a round on, `(round, rules)` by round: the
    /// first from round 1, each differing from the one before, all with
    /// one round table (the game's).
    rules: Vec<(usize, Rules)>,
    created: Timestamp,
    updated: Timestamp,
    /// The rounds played, round 1 first.
    rounds: Vec<RoundRecord>,
    /// When each player joined and left, and their former names; by seat.
    seats: Vec<Seat>,
    /// Dealers named for a round, `(round, seat)` by round: the deal moves
    /// on from each.
    dealers: Vec<(usize, usize)>,
    /// How a tie for the win was broken, once it was.
    playoff: Option<Playoff>,
    /// Every change since the session was made, oldest first.
    log: Vec<Logged>,
}

/// When a player joined and left the game, and what they were called.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Seat {
    /// The rounds already recorded when the player joined: they play the
    /// rounds after (0: from the start).
    pub joined: usize,
    /// What they started from when they joined: a number given, or a rule
    /// worked out from the sheet (by default the highest total at the
    /// table). [`Session::starts`] gives the number.
    pub start: Start,
    /// The rounds recorded when they left, if they did: they play no round after.
    pub left: Option<usize>,
    /// The names they had before, oldest first.
    pub former_names: Vec<String>,
    /// The times they left and came back, oldest first: the rounds recorded
    /// when they left, and when they came back. They played none between.
    pub away: Vec<(usize, usize)>,
    /// What the rounds missed each time away score, one for each of `away`.
    pub missed: Vec<Missed>,
}

/// What a player who left and came back scores for the rounds they missed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Missed {
    /// Nothing: the rounds count 0 (the rule of files written before the
    /// choice existed).
    Nothing,
    /// The highest score of the round among those who played it: nobody
    /// gains by sitting a round out (the default).
    Highest,
    /// The average score of the round, rounded to the nearest (a half up).
    Average,
    /// A fixed number of points for each round missed.
    Points(u16),
    /// Their total on coming back, as given: the rounds missed count
    /// whatever brings it there.
    Total(i32),
}

impl From<crate::rules::MissedRounds> for Missed {
    fn from(rule: crate::rules::MissedRounds) -> Missed {
        match rule {
            crate::rules::MissedRounds::Highest => Missed::Highest,
            crate::rules::MissedRounds::Average => Missed::Average,
            crate::rules::MissedRounds::Nothing => Missed::Nothing,
            crate::rules::MissedRounds::Points(n) => Missed::Points(n),
        }
    }
}

impl Missed {
    /// The points of a round missed, from the points of those who played
    /// it; none for [`Missed::Total`], which sets the total instead.
    pub fn points(self, played: &[i32]) -> i32 {
        match self {
            Missed::Nothing | Missed::Total(_) => 0,
            Missed::Highest => StartRule::Highest.apply(played),
            Missed::Average => StartRule::Average.apply(played),
            Missed::Points(n) => i32::from(n),
        }
    }

    /// The rule as typed and stored: `nothing`, `highest`, `average`, or a
    /// number of points (a total given is stored apart).
    pub fn word(self) -> String {
        match self {
            Missed::Nothing => "nothing".into(),
            Missed::Highest => "highest".into(),
            Missed::Average => "average".into(),
            Missed::Points(n) => n.to_string(),
            Missed::Total(n) => format!("total {n}"),
        }
    }

    /// The rule for a word: `nothing`, `highest`, `average` or points
    /// from 0 to 1000.
    pub fn from_word(word: &str) -> Option<Missed> {
        let word = word.trim();
        match word.to_ascii_lowercase().as_str() {
            "nothing" => Some(Missed::Nothing),
            "highest" => Some(Missed::Highest),
            "average" => Some(Missed::Average),
            _ => word.parse::<u16>().ok().filter(|&n| n <= 1000).map(Missed::Points),
        }
    }

    /// The rule as a sentence says it.
    pub fn described(self) -> String {
        match self {
            Missed::Nothing => "nothing".into(),
            Missed::Highest => "the highest score of the round".into(),
            Missed::Average => "the average score of the round".into(),
            Missed::Points(n) => format!("{n} points"),
            Missed::Total(n) => format!("a total of {n} on coming back"),
        }
    }
}

/// What a player joining late starts from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Start {
    /// A number given: it stays that number whatever the sheet does.
    Total(i32),
    /// Worked out from the totals of the players at the table after the
    /// rounds before the join, so that it follows every correction of them.
    Rule(StartRule),
}

impl Default for Start {
    fn default() -> Start {
        Start::Total(0)
    }
}

/// A joiner's start worked out from the totals of the players at the table
/// when they joined (the players who played the round before).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StartRule {
    /// The highest total: the joiner is no better off than anyone seated.
    Highest,
    /// The average total, rounded to the nearest point (a half up).
    Average,
    /// The lowest total.
    Lowest,
}

impl StartRule {
    /// Every rule, in the order help lists them.
    pub const ALL: [StartRule; 3] = [StartRule::Highest, StartRule::Average, StartRule::Lowest];

    /// The rule's word, as typed and stored.
    pub fn word(self) -> &'static str {
        match self {
            StartRule::Highest => "highest",
            StartRule::Average => "average",
            StartRule::Lowest => "lowest",
        }
    }

    /// The rule for a word, in any case.
    pub fn from_word(word: &str) -> Option<StartRule> {
        StartRule::ALL.into_iter().find(|r| r.word().eq_ignore_ascii_case(word.trim()))
    }

    /// The rule as a sentence says it: "the highest total".
    pub fn described(self) -> &'static str {
        match self {
            StartRule::Highest => "the highest total",
            StartRule::Average => "the average total",
            StartRule::Lowest => "the lowest total",
        }
    }

    /// The start under the rule from the totals of the players at the
    /// table; 0 when there are none.
    pub fn apply(self, totals: &[i32]) -> i32 {
        match self {
            StartRule::Highest => totals.iter().copied().max().unwrap_or(0),
            StartRule::Lowest => totals.iter().copied().min().unwrap_or(0),
            StartRule::Average => {
                if totals.is_empty() {
                    return 0;
                }
                let n = totals.len() as i64;
                let sum: i64 = totals.iter().map(|&t| i64::from(t)).sum();
                // Rounded to the nearest, a half up.
                (2 * sum + n).div_euclid(2 * n) as i32
            }
        }
    }
}

impl Seat {
    /// Whether round `round` (from 1) is one the player missed between
    /// leaving and coming back: scored by their rule for rounds missed.
    pub fn missed_round(&self, round: usize) -> bool {
        self.away.iter().any(|&(left, back)| round > left && round <= back)
    }

    /// Whether the player joined late or with a starting total of their own:
    /// the views show their start.
    pub fn late(&self) -> bool {
        self.joined > 0 || self.start != Start::Total(0)
    }

    /// Whether the player was at the table once `rounds` rounds were
    /// recorded, before anyone joining then: seated earlier, not gone.
    pub fn seated_after(&self, rounds: usize) -> bool {
        self.joined < rounds
            && self.left.is_none_or(|l| l > rounds)
            && !self.away.iter().any(|&(left, back)| rounds >= left && rounds < back)
    }

    /// Whether the player plays round `round` (from 1).
    pub fn plays(&self, round: usize) -> bool {
        round > self.joined
            && self.left.is_none_or(|l| round <= l)
            && !self.away.iter().any(|&(left, back)| round > left && round <= back)
    }
}

/// One round as the table reported it. Every vector is indexed by seat; a
/// session checks a round before it takes it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoundRecord {
    /// What each player was left holding: the minimum deadwood of the hand.
    pub deadwood: Vec<u32>,
    /// The hand each player typed, when a hand was typed instead of a number.
    pub hands: Vec<Option<Vec<Card>>>,
    /// The cards each player typed as left over (fewer than the round
    /// deals), when they were typed instead of a number: their values
    /// make the deadwood.
    pub leftover: Vec<Option<Vec<Leftover>>>,
    /// The seat of the first player to go out.
    pub out: Option<usize>,
    /// The seats of players who declared out with a hand that does not meld.
    pub penalties: Vec<usize>,
}

impl RoundRecord {
    /// Sets the score of `seat` as typed: the deadwood, and the hand or the
    /// cards left over when they were typed.
    pub fn set_score(&mut self, seat: usize, score: Score) {
        self.deadwood[seat] = score.deadwood;
        self.leftover[seat] = match &score.form {
            ScoreForm::Leftover(cards) => Some(cards.iter().map(|(c, _)| *c).collect()),
            _ => None,
        };
        self.hands[seat] = score.hand;
    }

    /// The score of `seat` as recorded, the cards left over valued under
    /// `rules` in a round with `wild` wild.
    pub fn score(&self, seat: usize, rules: &Rules, wild: Rank) -> Score {
        match &self.leftover[seat] {
            Some(cards) => Score::leftover(cards, rules, wild),
            None => Score::recorded(self.deadwood[seat], self.hands[seat].clone()),
        }
    }

    /// A round with every player's deadwood and nothing else.
    pub fn from_deadwood(deadwood: Vec<u32>) -> RoundRecord {
        let hands = vec![None; deadwood.len()];
        let leftover = vec![None; deadwood.len()];
        RoundRecord { deadwood, hands, leftover, out: None, penalties: Vec::new() }
    }
}

/// What adding a round did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Added {
    /// The round was recorded under this number.
    Recorded(usize),
    /// Everyone scored 0 under `double_naughts`: the round is played again,
    /// same number, same dealer, and nothing is recorded.
    Replayed(usize),
}

impl Session {
    /// A new game with no rounds. Checks the names and the dealer's seat.
    pub fn new(
        name: &str,
        players: Vec<String>,
        first_dealer: usize,
        rules: Rules,
        now: Timestamp,
    ) -> Result<Session, SheetError> {
        check_session_name(name)?;
        check_player_names(&players)?;
        let players: Vec<String> = players.iter().map(|p| normalised(p)).collect();
        if first_dealer >= players.len() {
            return Err(SheetError::DealerNotPlaying);
        }
        check_rules(&rules)?;
        let seats = vec![Seat::default(); players.len()];
        Ok(Session {
            name: name.to_string(),
            players,
            first_dealer,
            rules: vec![(1, rules)],
            created: now,
            updated: now,
            rounds: Vec::new(),
            seats,
            dealers: Vec::new(),
            playoff: None,
            log: Vec::new(),
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The players in seat order, those who left included.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// The seat of the player who dealt round 1.
    pub fn first_dealer(&self) -> usize {
        self.first_dealer
    }

    pub fn created(&self) -> Timestamp {
        self.created
    }

    pub fn updated(&self) -> Timestamp {
        self.updated
    }

    /// The rounds played, round 1 first.
    pub fn rounds(&self) -> &[RoundRecord] {
        &self.rounds
    }

    /// When each player joined and left, and their former names; by seat.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The dealers named for a round, `(round, seat)`, by round.
    pub fn dealer_changes(&self) -> &[(usize, usize)] {
        &self.dealers
    }

    /// Whether the player at `seat` plays round `round` (from 1): seated
    /// for it, and in the tiebreaker round one of the tied players.
    pub fn plays(&self, seat: usize, round: usize) -> bool {
        if round > self.deals().len() {
            return self.tied().contains(&seat);
        }
        self.seats[seat].plays(round)
    }

    /// The seats of the players of round `round`, in seat order: those
    /// seated for it, and in the tiebreaker round only the tied players.
    pub fn playing(&self, round: usize) -> Vec<usize> {
        if round > self.deals().len() {
            return self.tied();
        }
        (0..self.players.len()).filter(|&s| self.seats[s].plays(round)).collect()
    }

    /// The seats of the players still at the table.
    pub fn active(&self) -> Vec<usize> {
        (0..self.players.len()).filter(|&s| self.seats[s].left.is_none()).collect()
    }

    /// How the tie for the win was broken, once it was.
    pub fn playoff(&self) -> Option<&Playoff> {
        self.playoff.as_ref()
    }

    /// The deal of round `round` (from 1): a round of the rules, or the
    /// tiebreaker round after them.
    pub fn deal(&self, round: usize) -> Option<Deal> {
        let rules = self.rules();
        rules.deal(round).or_else(|| {
            let t = rules.tiebreak_deal();
            (rules.tiebreak == Tiebreak::Round && round == t.round).then_some(t)
        })
    }

    /// The seat of the player a person typed: the name without regard to
    /// case, else the one name it begins (`B` for Bob, unless Bea plays too).
    pub fn seat(&self, typed: &str) -> Option<usize> {
        find_seat(&self.players, typed)
    }

    /// The seat of `name`, or an error listing the players.
    pub fn seat_of(&self, name: &str) -> Result<usize, SheetError> {
        self.seat(name)
            .ok_or_else(|| SheetError::NoPlayer { name: name.to_string(), players: self.players.clone() })
    }

    /// Every round of the rules.
    pub fn deals(&self) -> Vec<Deal> {
        self.rules().deals()
    }

    /// The seat of the dealer of round `round` (from 1): the first dealer,
    /// then one seat on each round, skipping those not playing; a dealer
    /// named for a round moves the deal on from there.
    pub fn dealer(&self, round: usize) -> usize {
        self.dealer_skipping(round, None)
    }

    /// The dealer of `round`, leaving out the dealer named for round `skip`.
    fn dealer_skipping(&self, round: usize, skip: Option<usize>) -> usize {
        let mut dealer = self.first_dealer;
        for r in 2..=round {
            if let Some(&(_, seat)) = self.dealers.iter().find(|&&(o, _)| o == r && Some(o) != skip) {
                dealer = seat;
                continue;
            }
            // The tiebreaker round's dealer is the next player at the
            // table, tied or not: the deal goes round as before.
            dealer = self.seat_after(dealer, |s| self.seats[s].plays(r));
        }
        dealer
    }

    /// The seat that plays first in round `round`: the next after the
    /// dealer among those who play it.
    pub fn first_player(&self, round: usize) -> usize {
        self.seat_after(self.dealer(round), |s| self.plays(s, round))
    }

    /// The first seat after `from`, going round the table, that `takes`;
    /// the next seat when none does.
    fn seat_after(&self, from: usize, takes: impl Fn(usize) -> bool) -> usize {
        let n = self.players.len();
        (1..=n).map(|k| (from + k) % n).find(|&s| takes(s)).unwrap_or((from + 1) % n)
    }

    /// The round to play next, if the game is not over: a round of the
    /// rules, or the tiebreaker round.
    pub fn next_deal(&self) -> Option<Deal> {
        self.rules().deal(self.rounds.len() + 1).or_else(|| self.tiebreak_round())
    }

    /// The round to play next, or an error saying the game is over.
    pub fn open_deal(&self) -> Result<Deal, SheetError> {
        self.next_deal().ok_or_else(|| SheetError::GameOver { rounds: self.deals().len() })
    }

    /// Whether the game is over: the last round of the rules is in, and
    /// the tiebreaker round or the draw too when one is due.
    pub fn finished(&self) -> bool {
        self.rounds.len() >= self.deals().len() && self.tiebreak_round().is_none() && !self.draw_due()
    }

    /// The seats playing `round`, as a flag per seat.
    fn plays_flags(&self, round: usize) -> Vec<bool> {
        (0..self.players.len()).map(|s| self.plays(s, round)).collect()
    }

    /// What of the game differs between this session and `earlier`, in
    /// words (`the rules`, `the players`, ...): empty when a round worked
    /// out on `earlier` still fits this one. The time of the last change
    /// does not count.
    pub fn changed_since(&self, earlier: &Session) -> Vec<&'static str> {
        let mut changed = Vec::new();
        if self.rules != earlier.rules {
            changed.push("the rules");
        }
        if self.players != earlier.players {
            changed.push("the players");
        }
        if self.seats != earlier.seats {
            changed.push("the seats");
        }
        if self.first_dealer != earlier.first_dealer || self.dealers != earlier.dealers {
            changed.push("the dealers");
        }
        if self.rounds != earlier.rounds || self.playoff != earlier.playoff {
            changed.push("the rounds");
        }
        changed
    }

    /// Adds the next round, after checking it. Under `double_naughts` a
    /// round where everyone scored 0 is not recorded.
    /// In the tiebreaker round, only the tied players' scores are taken.
    pub fn add_round(&mut self, record: RoundRecord, now: Timestamp) -> Result<Added, SheetError> {
        let deal = self.open_deal()?;
        if let Some(o) = record.out
            && record.hands.get(o).is_some_and(Option::is_some)
        {
            self.refuse_false_go_out(o, record.deadwood[o])?;
        }
        let rules = self.rules_of(deal.round);
        check_round(&rules, &deal, &self.players, &self.plays_flags(deal.round), &record)?;
        self.check_typed(&record, &rules, &deal)?;
        if self.tiebreak_round().is_some() {
            let scores = self.tied().into_iter().map(|s| (s, record.score(s, &rules, deal.wild))).collect();
            self.playoff = Some(Playoff::Round(scores));
            self.updated = now;
            self.logged(LogChange::Round { round: deal.round }, None, now);
            return Ok(Added::Recorded(deal.round));
        }
        if rules.double_naughts && naught(&record) {
            return Ok(Added::Replayed(deal.round));
        }
        let before = self.playoff.clone();
        self.rounds.push(record);
        self.updated = now;
        self.settle(now);
        self.logged(LogChange::Round { round: deal.round }, before, now);
        Ok(Added::Recorded(deal.round))
    }

    /// Refuses a round whose typed hands or cards left over the loader
    /// would refuse: cards the rules' decks do not hold, a hand not of the
    /// round's size, a deadwood that is not what the cards make. A round
    /// worked out under other rules (changed meanwhile) is caught here.
    fn check_typed(&self, record: &RoundRecord, rules: &Rules, deal: &Deal) -> Result<(), SheetError> {
        log::check_hands(self, record, rules, deal)?;
        let table = crate::solver::Table::new(rules, deal.wild);
        let mut solver = crate::solver::Solver::new();
        for seat in 0..self.players.len() {
            let made = match (&record.hands[seat], &record.leftover[seat]) {
                (Some(hand), _) => solver.deadwood(hand, &table),
                (None, Some(cards)) => leftover_value(cards, rules, deal.wild),
                (None, None) => continue,
            };
            if made != record.deadwood[seat] {
                return Err(SheetError::HandMismatch {
                    player: self.players[seat].clone(),
                    solved: made,
                    recorded: record.deadwood[seat],
                });
            }
        }
        Ok(())
    }

    /// The round made of the scores typed for it, by seat: who typed `out`
    /// went out first, or `out` where it is named; two players out are
    /// refused, for only the player who went out first is marked. Seats given no
    /// score score 0.
    pub fn round_of_scores(
        &self,
        scores: Vec<(usize, Score)>,
        out: Option<usize>,
        penalties: Vec<usize>,
    ) -> Result<RoundRecord, SheetError> {
        let mut record = RoundRecord::from_deadwood(vec![0; self.players.len()]);
        record.out = out;
        for (seat, score) in scores {
            if score.out() {
                match record.out {
                    Some(o) if o != seat => {
                        return Err(SheetError::TwoOut {
                            first: self.players[o].clone(),
                            second: self.players[seat].clone(),
                        });
                    }
                    _ => record.out = Some(seat),
                }
            }
            record.set_score(seat, score);
        }
        record.penalties = penalties;
        Ok(record)
    }

    /// Refuses a hand typed for the player who went out when it does not
    /// go out: going out means every card melded (or laid off).
    fn refuse_false_go_out(&self, seat: usize, deadwood: u32) -> Result<(), SheetError> {
        if deadwood == 0 {
            return Ok(());
        }
        Err(SheetError::FalseGoOut {
            player: self.players[seat].clone(),
            deadwood,
            penalty: self.rules().bad_go_out_penalty,
        })
    }

    /// Removes the last round of a session with no log of its changes (a
    /// file written before sessions kept one): a tiebreaker round first,
    /// else the last round of the rules and any tiebreak. Refused where a
    /// player joined, left or came back after it, or the rules changed from
    /// the round after it: the file keeps no way back for those.
    pub fn undo_unlogged_round(&mut self, now: Timestamp) -> Result<Option<RoundRecord>, SheetError> {
        if matches!(self.playoff, Some(Playoff::Round(_))) {
            let Some(Playoff::Round(scores)) = self.playoff.take() else { unreachable!() };
            self.updated = now;
            let mut record = RoundRecord::from_deadwood(vec![0; self.players.len()]);
            for (seat, score) in scores {
                record.set_score(seat, score);
            }
            return Ok(Some(record));
        }
        let round = self.rounds.len();
        if round == 0 {
            return Ok(None);
        }
        for (seat, st) in self.seats.iter().enumerate() {
            let player = self.players[seat].clone();
            let after = |r: usize| r >= round;
            if after(st.joined) && st.joined > 0 {
                return Err(SheetError::UnloggedSeat { player, round: st.joined, change: "joined" });
            }
            if let Some(left) = st.left.filter(|&l| after(l)) {
                return Err(SheetError::UnloggedSeat { player, round: left, change: "left" });
            }
            if let Some(&(_, back)) = st.away.iter().find(|&&(_, back)| after(back)) {
                return Err(SheetError::UnloggedSeat { player, round: back, change: "came back" });
            }
        }
        if self.rules.iter().any(|&(from, _)| from > round) {
            return Err(SheetError::UnloggedSeat { player: String::new(), round, change: "rules" });
        }
        Ok(self.undo(now))
    }

    /// Removes the last round of the rules, if any, and any tiebreak.
    pub fn undo(&mut self, now: Timestamp) -> Option<RoundRecord> {
        let last = self.rounds.pop();
        if last.is_some() {
            let next = self.rounds.len() + 1;
            self.dealers.retain(|&(r, _)| r <= next);
            self.updated = now;
            self.playoff = None;
        }
        last
    }
}

/// Refuses rules that cannot be played together: extra rounds on a deck
/// without aces, or a random order of the rounds still to be drawn.
pub(super) fn check_rules(rules: &Rules) -> Result<(), SheetError> {
    if rules.check().is_err() {
        return Err(SheetError::ExtraRoundsWithoutAces { extra_rounds: rules.extra_rounds });
    }
    if rules.order_to_draw() {
        return Err(SheetError::OrderToDraw);
    }
    Ok(())
}

/// Every score 0 and nobody penalised: a round `double_naughts` replays.
fn naught(record: &RoundRecord) -> bool {
    record.deadwood.iter().all(|&d| d == 0) && record.penalties.is_empty()
}

fn check_round(
    rules: &Rules,
    deal: &Deal,
    players: &[String],
    plays: &[bool],
    record: &RoundRecord,
) -> Result<(), SheetError> {
    let n = players.len();
    if record.deadwood.len() != n || record.hands.len() != n {
        return Err(SheetError::ScoreCount { players: n });
    }
    // A player not in the round has no score, hand or mark in it.
    for seat in (0..n).filter(|&s| !plays[s]) {
        let marked = record.out == Some(seat) || record.penalties.contains(&seat);
        if record.deadwood[seat] != 0 || record.hands[seat].is_some() || marked {
            return Err(SheetError::NotInRound { player: players[seat].clone(), round: deal.round });
        }
    }
    let most = rules.max_deadwood(deal.cards);
    for (seat, &d) in record.deadwood.iter().enumerate() {
        if d > most {
            return Err(too_high(&players[seat], d, deal, most));
        }
    }
    if let Some(out) = record.out {
        if out >= n {
            return Err(SheetError::OutNotPlaying);
        }
        if record.deadwood[out] != 0 {
            return Err(SheetError::OutNotZero {
                player: players[out].clone(),
                deadwood: record.deadwood[out],
            });
        }
        if record.penalties.contains(&out) {
            return Err(SheetError::OutAndPenalty { player: players[out].clone() });
        }
    }
    if !record.penalties.is_empty() && rules.bad_go_out_penalty == 0 {
        return Err(SheetError::NoPenaltyRule);
    }
    for (i, &p) in record.penalties.iter().enumerate() {
        if p >= n {
            return Err(SheetError::PenaltyNotPlaying);
        }
        if record.penalties[..i].contains(&p) {
            return Err(SheetError::PenalisedTwice { player: players[p].clone() });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn session(players: &[&str]) -> Session {
        let players = players.iter().map(|p| p.to_string()).collect();
        Session::new("test", players, 0, Rules::default(), Timestamp::UNIX_EPOCH).unwrap()
    }

    #[test]
    fn a_round_the_loader_would_refuse_is_not_taken() {
        let mut s = session(&["Ann", "Bob"]);
        let with_jokers = Rules { jokers: 2, ..Rules::default() };
        // A joker, where the rules have none (a round worked out before a
        // rule change made by another process).
        let mut joker = RoundRecord::from_deadwood(vec![13, 0]);
        joker.hands[0] = Some(crate::hand::parse_hand("9h 4d JK", &with_jokers).unwrap());
        let refused = s.add_round(joker, Timestamp::UNIX_EPOCH).unwrap_err();
        assert!(matches!(&refused, SheetError::Hand { player, .. } if player == "Ann"), "{refused:?}");
        // A deadwood that is not what the hand makes.
        let mut wrong = RoundRecord::from_deadwood(vec![5, 0]);
        wrong.hands[0] = Some(crate::hand::parse_hand("9h 4d Kh", &Rules::default()).unwrap());
        assert_eq!(
            s.add_round(wrong, Timestamp::UNIX_EPOCH).unwrap_err(),
            SheetError::HandMismatch { player: "Ann".into(), solved: 26, recorded: 5 }
        );
        assert!(s.rounds().is_empty());
        // The same hand with its deadwood is taken.
        let mut right = RoundRecord::from_deadwood(vec![26, 0]);
        right.hands[0] = Some(crate::hand::parse_hand("9h 4d Kh", &Rules::default()).unwrap());
        s.add_round(right, Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(s.rounds().len(), 1);
    }

    #[test]
    fn dealer_passes_left() {
        let s = Session::new(
            "test",
            ["Ann", "Bob", "Cy"].map(String::from).to_vec(),
            1,
            Rules::default(),
            Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        assert_eq!([1, 2, 3, 4].map(|r| s.dealer(r)), [1, 2, 0, 1]);
    }

    #[test]
    fn double_naughts_replays() {
        let rules = Rules { double_naughts: true, ..Rules::default() };
        let mut s =
            Session::new("test", vec!["Ann".into(), "Bob".into()], 0, rules, Timestamp::UNIX_EPOCH).unwrap();
        let added = s.add_round(RoundRecord::from_deadwood(vec![0, 0]), Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(added, Added::Replayed(1));
        assert!(s.rounds.is_empty());
    }
}
