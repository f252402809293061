//! A session from its stored parts: every name, round, hand and tiebreak
//! checked as if typed, the error naming the field to blame.

use jiff::Timestamp;

use super::names::names_apart;
use super::tiebreak::{MAX_DRAWS, check_draw, lowest_draws};
use super::{
    Leftover, Logged, MIN_PLAYERS, Missed, Playoff, RoundRecord, Score, Seat, Session, SheetError, Start,
    StartRule, check_player_name, check_round, check_session_name, leftover_value, read_leftover, same_name,
    seat_in, too_high,
};
use crate::hand::parse_hand;
use crate::rules::{Deal, MAX_PLAYERS, Rules, Tiebreak};
use crate::solver::{Solver, Table};

/// A tiebreak as a file stores it, by player name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StoredPlayoff {
    Round { deadwood: Vec<(String, i64)>, hands: Vec<(String, String)>, leftover: Vec<(String, String)> },
    Draws(Vec<Vec<(String, String)>>),
}

/// A time away as a file stores it: the rounds played when the player
/// left and when they came back, and what the rounds missed scored.
pub type StoredAway = (i64, i64, Missed);

/// A session as a file stores it, names where the session holds seats:
/// the input of [`Session::restore`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredSession {
    pub name: String,
    pub players: Vec<String>,
    pub first_dealer: String,
    /// The rules of round 1.
    pub rules: Rules,
    /// The rules changed from a round on: the round, and the rules from it.
    pub rule_changes: Vec<(i64, Rules)>,
    pub created: Timestamp,
    pub updated: Timestamp,
    pub rounds: Vec<StoredRound>,
    /// Players who joined late: name, rounds played before, starting total.
    pub joined: Vec<(String, i64, i64)>,
    /// Players who joined late with a start worked out by a rule: name and
    /// rule (their starting total in `joined` is then the one it gave when
    /// the file was written, and the rule's own is used).
    pub start_rules: Vec<(String, StartRule)>,
    /// Players who left: name, rounds played when they left.
    pub left: Vec<(String, i64)>,
    /// Players who left and came back: name, and the rounds played when
    /// they left and when they came back, each time.
    /// Each time with what the rounds missed scored.
    pub away: Vec<(String, Vec<StoredAway>)>,
    /// Former names by player.
    pub former_names: Vec<(String, Vec<String>)>,
    /// Dealers named for a round: round, player.
    pub dealers: Vec<(i64, String)>,
    pub playoff: Option<StoredPlayoff>,
    /// The changes made, oldest first, as the log keeps them.
    pub log: Vec<Logged>,
}

/// One stored round: scores and hands by player name, in the file's order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredRound {
    pub round: i64,
    pub deadwood: Vec<(String, i64)>,
    pub hands: Vec<(String, String)>,
    /// Cards left over by player name, as typed.
    pub leftover: Vec<(String, String)>,
    pub out: Option<String>,
    pub penalties: Vec<String>,
}

/// The part of a stored session that a [`RestoreError`] blames. Rounds and
/// entries count from 0, in the stored order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Field {
    Players,
    FirstDealer,
    /// A round as a whole.
    Round(usize),
    /// A round's number.
    RoundNumber(usize),
    /// A round's scores as a whole.
    Deadwood(usize),
    /// The name of one score.
    DeadwoodName(usize, usize),
    /// The value of one score.
    DeadwoodValue(usize, usize),
    /// The name of one hand.
    HandName(usize, usize),
    /// The cards of one hand.
    HandCards(usize, usize),
    /// The name of one player's cards left over.
    LeftoverName(usize, usize),
    /// One player's cards left over.
    LeftoverCards(usize, usize),
    Out(usize),
    Penalty(usize, usize),
    /// One entry of the players who joined late.
    Joined(usize),
    /// One entry of the players who left.
    Left(usize),
    /// One entry of the players who left and came back.
    Away(usize),
    /// One entry of the former names.
    FormerNames(usize),
    /// One dealer named for a round.
    Dealer(usize),
    /// One change of the rules from a round on.
    RuleChange(usize),
    /// The tiebreak as a whole.
    Playoff,
    /// One change of the log.
    Log(usize),
}

/// Why a stored session does not restore, and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RestoreError {
    pub field: Field,
    pub error: SheetError,
}

impl Session {
    /// A session from its stored parts, checked as a new one and round by
    /// round as each was added; the error names the field to blame.
    pub fn restore(stored: StoredSession, solver: &mut Solver) -> Result<Session, RestoreError> {
        let at = |field: Field| move |error: SheetError| RestoreError { field, error };
        check_session_name(&stored.name).map_err(at(Field::Players))?;
        // Players who left stay on the sheet: the count that matters is of
        // those still at the table, checked below.
        for name in &stored.players {
            check_player_name(name).map_err(at(Field::Players))?;
        }
        if stored.players.len() < MIN_PLAYERS {
            return Err(at(Field::Players)(SheetError::TooFewPlayers { count: stored.players.len() }));
        }
        if stored.players.len() > 2 * MAX_PLAYERS {
            return Err(at(Field::Players)(SheetError::TooManyPlayers { count: stored.players.len() }));
        }
        names_apart(&stored.players).map_err(at(Field::Players))?;
        let players = stored.players;
        let seat = |name: &str| {
            seat_in(&players, name)
                .ok_or_else(|| SheetError::NotAPlayer { name: name.to_string(), players: players.clone() })
        };
        let first_dealer = seat(&stored.first_dealer).map_err(at(Field::FirstDealer))?;
        let mut session = Session {
            name: stored.name,
            players: players.clone(),
            first_dealer,
            rules: vec![(1, stored.rules)],
            created: stored.created,
            updated: stored.updated,
            rounds: Vec::with_capacity(stored.rounds.len()),
            seats: vec![Seat::default(); players.len()],
            dealers: Vec::new(),
            playoff: None,
            log: Vec::new(),
        };
        let deals = session.deals().len();
        let played = stored.rounds.len();
        let mut last = 1;
        for (k, (from, rules)) in stored.rule_changes.iter().enumerate() {
            let at = at(Field::RuleChange(k));
            let from = usize::try_from(*from)
                .ok()
                .filter(|&f| f > last && f <= played + 1 && f <= deals + 1)
                .ok_or(SheetError::RulesFrom { from: (*from).clamp(0, i64::MAX) as usize, next: played + 1 })
                .map_err(at)?;
            if let Some(setting) = rules.differences(&stored.rules).find(|s| s.shapes_rounds()) {
                return Err(at(SheetError::RoundTableChange { key: setting.key }));
            }
            last = from;
            // A change to the rules already in force changes nothing.
            if *rules != session.rules() {
                session.rules.push((from, *rules));
            }
        }
        let count = |player: &str, round: i64| {
            usize::try_from(round).ok().filter(|&r| r <= deals).ok_or(SheetError::SeatRound {
                player: player.to_string(),
                round,
                played,
            })
        };
        for (k, (name, after, total)) in stored.joined.iter().enumerate() {
            let s = seat(name).map_err(at(Field::Joined(k)))?;
            let player = players[s].clone();
            let joined = count(&player, *after).map_err(at(Field::Joined(k)))?;
            let start = i32::try_from(*total)
                .ok()
                .filter(|t| t.abs() <= 1_000_000)
                .ok_or(SheetError::StartingTotal { player, total: *total })
                .map_err(at(Field::Joined(k)))?;
            session.seats[s].joined = joined;
            session.seats[s].start = Start::Total(start);
        }
        for (k, (name, rule)) in stored.start_rules.iter().enumerate() {
            let s = seat(name).map_err(at(Field::Joined(k)))?;
            session.seats[s].start = Start::Rule(*rule);
        }
        for (k, (name, times)) in stored.away.iter().enumerate() {
            let s = seat(name).map_err(at(Field::Away(k)))?;
            let player = players[s].clone();
            // The first time away begins after a round played; the next, at
            // the earliest when the one before ended.
            let mut earliest = session.seats[s].joined + 1;
            for &(left, back, missed) in times {
                let bad = |round| SheetError::SeatRound { player: player.clone(), round, played };
                let l = count(&player, left).ok().filter(|&l| l >= earliest).ok_or_else(|| bad(left));
                let l = l.map_err(at(Field::Away(k)))?;
                let b = count(&player, back).ok().filter(|&b| b > l && b <= played).ok_or_else(|| bad(back));
                let b = b.map_err(at(Field::Away(k)))?;
                if let Missed::Total(t) = missed
                    && t.abs() > 1_000_000
                {
                    return Err(SheetError::StartingTotal { player, total: t.into() })
                        .map_err(at(Field::Away(k)));
                }
                session.seats[s].away.push((l, b));
                session.seats[s].missed.push(missed);
                earliest = b;
            }
        }
        for (k, (name, after)) in stored.left.iter().enumerate() {
            let s = seat(name).map_err(at(Field::Left(k)))?;
            let player = players[s].clone();
            let left = count(&player, *after).map_err(at(Field::Left(k)))?;
            let back = session.seats[s].away.last().map_or(session.seats[s].joined + 1, |&(_, b)| b);
            if left <= session.seats[s].joined || left < back {
                return Err(at(Field::Left(k))(SheetError::SeatRound { player, round: *after, played }));
            }
            session.seats[s].left = Some(left);
        }
        if session.active().len() < MIN_PLAYERS {
            return Err(at(Field::Players)(SheetError::TooFewPlayers { count: session.active().len() }));
        }
        if session.active().len() > MAX_PLAYERS {
            return Err(at(Field::Players)(SheetError::TooManyPlayers { count: session.active().len() }));
        }
        if !session.seats[first_dealer].plays(1) {
            return Err(at(Field::FirstDealer)(SheetError::NotInRound {
                player: players[first_dealer].clone(),
                round: 1,
            }));
        }
        for (k, (name, former)) in stored.former_names.iter().enumerate() {
            let s = seat(name).map_err(at(Field::FormerNames(k)))?;
            for f in former {
                check_player_name(f).map_err(at(Field::FormerNames(k)))?;
                // Statistics follow a player by former names: one naming
                // another player would merge the two.
                if seat_in(&players, f).is_some_and(|other| other != s) {
                    let error = SheetError::FormerName { player: players[s].clone(), former: f.clone() };
                    return Err(at(Field::FormerNames(k))(error));
                }
            }
            session.seats[s].former_names = former.clone();
        }
        for (k, (round, name)) in stored.dealers.iter().enumerate() {
            let s = seat(name).map_err(at(Field::Dealer(k)))?;
            let next = (played + 1).min(deals);
            let round = usize::try_from(*round)
                .ok()
                .filter(|&r| (2..=next).contains(&r) && session.dealers.iter().all(|&(o, _)| o < r))
                .ok_or(SheetError::NoRoundToDeal { round: *round, next })
                .map_err(at(Field::Dealer(k)))?;
            if !session.seats[s].plays(round) {
                return Err(at(Field::Dealer(k))(SheetError::NotInRound {
                    player: players[s].clone(),
                    round,
                }));
            }
            session.dealers.push((round, s));
        }
        for (i, r) in stored.rounds.into_iter().enumerate() {
            let number = i + 1;
            if r.round != number as i64 {
                return Err(at(Field::RoundNumber(i))(SheetError::RoundNumber {
                    found: r.round,
                    expected: number,
                }));
            }
            if number > deals {
                return Err(at(Field::RoundNumber(i))(SheetError::RoundBeyond { round: number, deals }));
            }
            let n = players.len();
            let mut deadwood: Vec<Option<u32>> = vec![None; n];
            for (k, (name, value)) in r.deadwood.iter().enumerate() {
                let s = seat(name).map_err(at(Field::DeadwoodName(i, k)))?;
                let player = players[s].clone();
                if !session.seats[s].plays(number) {
                    return Err(at(Field::DeadwoodName(i, k))(SheetError::NotInRound {
                        player,
                        round: number,
                    }));
                }
                if deadwood[s].is_some() {
                    return Err(at(Field::DeadwoodName(i, k))(SheetError::TwoScores { player }));
                }
                let v = u32::try_from(*value).map_err(|_| {
                    let error = if *value < 0 {
                        SheetError::NegativeDeadwood { player: player.clone(), value: *value }
                    } else {
                        let deal = session.deal(number).expect("a round of the rules");
                        too_high(&player, value, &deal, session.rules_of(number).max_deadwood(deal.cards))
                    };
                    at(Field::DeadwoodValue(i, k))(error)
                })?;
                deadwood[s] = Some(v);
            }
            if let Some(missing) = (0..n).find(|&s| deadwood[s].is_none() && session.seats[s].plays(number)) {
                let player = players[missing].clone();
                return Err(at(Field::Deadwood(i))(SheetError::MissingScore { player }));
            }
            let mut record =
                RoundRecord::from_deadwood(deadwood.into_iter().map(Option::unwrap_or_default).collect());
            for (k, (name, text)) in r.hands.iter().enumerate() {
                let s = seat(name).map_err(at(Field::HandName(i, k)))?;
                let player = players[s].clone();
                if record.hands[s].is_some() {
                    return Err(at(Field::HandName(i, k))(SheetError::TwoHands { player }));
                }
                let cards = parse_hand(text, &session.rules_of(number)).map_err(|error| {
                    at(Field::HandCards(i, k))(SheetError::Hand { player, error: Box::new(error) })
                })?;
                record.hands[s] = Some(cards);
            }
            for (k, (name, text)) in r.leftover.iter().enumerate() {
                let s = seat(name).map_err(at(Field::LeftoverName(i, k)))?;
                let player = players[s].clone();
                if record.hands[s].is_some() {
                    return Err(at(Field::LeftoverName(i, k))(SheetError::HandAndLeftover { player }));
                }
                if record.leftover[s].is_some() {
                    return Err(at(Field::LeftoverName(i, k))(SheetError::TwoHands { player }));
                }
                let deal = session.deal(number).expect("a round of the rules");
                let cards = session
                    .stored_leftover(&player, text, record.deadwood[s], &deal, &session.rules_of(number))
                    .map_err(at(Field::LeftoverCards(i, k)))?;
                record.leftover[s] = Some(cards);
            }
            if let Some(out) = &r.out {
                record.out = Some(seat(out).map_err(at(Field::Out(i)))?);
            }
            for (k, p) in r.penalties.iter().enumerate() {
                record.penalties.push(seat(p).map_err(at(Field::Penalty(i, k)))?);
            }
            session.rounds.push(record);
            session.check_stored_round(i, solver).map_err(at(Field::Round(i)))?;
        }
        if let Some(playoff) = stored.playoff {
            session.playoff = Some(session.restore_playoff(playoff, solver).map_err(at(Field::Playoff))?);
        }
        // Every change of the log can be taken back, the last first.
        session.log = stored.log;
        let mut undone = session.clone();
        for k in (0..undone.log.len()).rev() {
            undone.undo_change(solver, undone.updated).map_err(at(Field::Log(k)))?;
        }
        Ok(session)
    }

    /// A stored tiebreak, checked: the kind the rules name, between exactly
    /// the tied players, each score or draw valid.
    pub(super) fn restore_playoff(
        &self,
        stored: StoredPlayoff,
        solver: &mut Solver,
    ) -> Result<Playoff, SheetError> {
        let tied = self.tied();
        if tied.is_empty() {
            return Err(SheetError::NoTie);
        }
        let wrong_players =
            || SheetError::PlayoffPlayers { tied: tied.iter().map(|&s| self.players[s].clone()).collect() };
        // The seats named, in seat order; they must be `expected`.
        let seats_of = |names: &[&String], expected: &[usize]| -> Result<Vec<usize>, SheetError> {
            let mut seats = Vec::new();
            for name in names {
                let seat = self.seat_of(name).map_err(|_| wrong_players())?;
                if seats.contains(&seat) {
                    return Err(wrong_players());
                }
                seats.push(seat);
            }
            seats.sort_unstable();
            if seats != expected { Err(wrong_players()) } else { Ok(seats) }
        };
        let rules = self.rules_of(self.deals().len() + 1);
        match (stored, rules.tiebreak) {
            (StoredPlayoff::Round { deadwood, hands, leftover }, Tiebreak::Round) => {
                let names: Vec<&String> = deadwood.iter().map(|(n, _)| n).collect();
                seats_of(&names, &tied)?;
                let deal = rules.tiebreak_deal();
                let table = Table::new(&rules, deal.wild);
                let most = rules.max_deadwood(deal.cards);
                let mut scores = Vec::new();
                for &seat in &tied {
                    let player = self.players[seat].clone();
                    let (_, value) = deadwood.iter().find(|(n, _)| same_name(n, &player)).expect("named");
                    let d = u32::try_from(*value).map_err(|_| SheetError::NegativeDeadwood {
                        player: player.clone(),
                        value: *value,
                    })?;
                    if d > most {
                        return Err(too_high(&player, d, &deal, most));
                    }
                    let hand = match hands.iter().find(|(n, _)| same_name(n, &player)) {
                        None => None,
                        Some((_, text)) => {
                            let cards = parse_hand(text, &rules).map_err(|error| SheetError::Hand {
                                player: player.clone(),
                                error: Box::new(error),
                            })?;
                            if cards.len() != deal.cards {
                                return Err(SheetError::StoredHandSize {
                                    player,
                                    count: cards.len(),
                                    round: deal.round,
                                    dealt: deal.cards,
                                });
                            }
                            let solved = solver.deadwood(&cards, &table);
                            if solved != d {
                                return Err(SheetError::HandMismatch { player, solved, recorded: d });
                            }
                            Some(cards)
                        }
                    };
                    let left = match leftover.iter().find(|(n, _)| same_name(n, &player)) {
                        None => None,
                        Some(_) if hand.is_some() => return Err(SheetError::HandAndLeftover { player }),
                        Some((_, text)) => Some(self.stored_leftover(&player, text, d, &deal, &rules)?),
                    };
                    scores.push((
                        seat,
                        match left {
                            Some(cards) => Score::leftover(&cards, &rules, deal.wild),
                            None => Score::recorded(d, hand),
                        },
                    ));
                }
                if hands
                    .iter()
                    .chain(&leftover)
                    .any(|(n, _)| !tied.iter().any(|&s| same_name(n, &self.players[s])))
                {
                    return Err(wrong_players());
                }
                Ok(Playoff::Round(scores))
            }
            (StoredPlayoff::Draws(draws), Tiebreak::Draw) => {
                // Each draw between those tied on the lowest card of the
                // one before; the last may tie too, the next draw then due.
                let mut drawing = tied.clone();
                let mut out = Vec::new();
                if draws.is_empty() || draws.len() > MAX_DRAWS {
                    return Err(wrong_players());
                }
                for draw in draws {
                    if drawing.len() < 2 {
                        return Err(wrong_players());
                    }
                    let names: Vec<&String> = draw.iter().map(|(n, _)| n).collect();
                    seats_of(&names, &drawing)?;
                    let mut cards = Vec::new();
                    for &seat in &drawing {
                        let player = self.players[seat].clone();
                        let (_, text) = draw.iter().find(|(n, _)| same_name(n, &player)).expect("named");
                        let card = rules
                            .deck()
                            .parse(text)
                            .ok()
                            .filter(|c| !c.is_joker())
                            .ok_or_else(|| SheetError::DrawnCard { player, text: text.clone() })?;
                        cards.push((seat, card));
                    }
                    check_draw(&cards, &rules, |s| self.players[s].clone())?;
                    drawing = lowest_draws(&cards);
                    out.push(cards);
                }
                Ok(Playoff::Draws(out))
            }
            _ => Err(SheetError::PlayoffKind),
        }
    }

    /// Cards left over as a file stores them for `player`, checked: fewer
    /// than the round deals, worth the deadwood `recorded`.
    fn stored_leftover(
        &self,
        player: &str,
        text: &str,
        recorded: u32,
        deal: &Deal,
        rules: &Rules,
    ) -> Result<Vec<Leftover>, SheetError> {
        let player = player.to_string();
        let cards = read_leftover(text, rules)
            .map_err(|error| SheetError::Hand { player: player.clone(), error: Box::new(error) })?;
        if cards.len() >= deal.cards {
            return Err(SheetError::LeftoverSize {
                player,
                count: cards.len(),
                round: deal.round,
                dealt: deal.cards,
            });
        }
        let value = leftover_value(&cards, rules, deal.wild);
        if value != recorded {
            return Err(SheetError::LeftoverMismatch { player, value, recorded });
        }
        Ok(cards)
    }

    /// Checks round `index` (from 0) as a file held it.
    fn check_stored_round(&self, index: usize, solver: &mut Solver) -> Result<(), SheetError> {
        let rules = self.rules_of(index + 1);
        let Some(deal) = rules.deal(index + 1) else {
            return Err(SheetError::TooManyRounds { rounds: self.rounds.len(), deals: self.deals().len() });
        };
        let record = &self.rounds[index];
        check_round(&rules, &deal, &self.players, &self.plays_flags(index + 1), record)?;
        let table = Table::new(&rules, deal.wild);
        for (seat, hand) in record.hands.iter().enumerate() {
            let Some(hand) = hand else { continue };
            let player = self.players[seat].clone();
            if hand.len() != deal.cards {
                return Err(SheetError::StoredHandSize {
                    player,
                    count: hand.len(),
                    round: deal.round,
                    dealt: deal.cards,
                });
            }
            let solved = solver.deadwood(hand, &table);
            if solved != record.deadwood[seat] {
                return Err(SheetError::HandMismatch { player, solved, recorded: record.deadwood[seat] });
            }
        }
        Ok(())
    }
}
