//! The score sheet: the players in seat order, the rounds played, and the
//! points that count under the table's rules.
//!
//! A round records each player's deadwood (what was left in hand), the hands
//! typed, who went out first and who declared out wrongly; the rules turn
//! those into points (doubled rounds, the go-out bonus, the bad go-out
//! penalty). Nothing here prints or touches a file.

use std::fmt;

use jiff::Timestamp;

use crate::card::Card;
use crate::hand::parse_hand;
use crate::rules::{Deal, MAX_PLAYERS, Rules};
use crate::solver::{Solver, Table};

/// The longest player name, in characters.
pub const MAX_PLAYER_NAME: usize = 32;
/// The longest session name, in characters.
pub const MAX_SESSION_NAME: usize = 64;
/// The fewest players of a game.
pub const MIN_PLAYERS: usize = 2;

/// A score, name or round that the sheet refuses.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SheetError {
    pub message: String,
    /// The command line was malformed (a missing or unknown player, a wrong
    /// number of scores), rather than a value being wrong.
    pub usage: bool,
}

impl SheetError {
    fn data(message: impl Into<String>) -> SheetError {
        SheetError { message: message.into(), usage: false }
    }

    fn usage(message: impl Into<String>) -> SheetError {
        SheetError { message: message.into(), usage: true }
    }
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SheetError {}

/// One game's score sheet.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Session {
    pub name: String,
    /// In seat order: the deal passes from each player to the next.
    pub players: Vec<String>,
    /// The seat of the player who dealt round 1.
    pub first_dealer: usize,
    pub rules: Rules,
    pub created: Timestamp,
    pub updated: Timestamp,
    /// The rounds played, round 1 first.
    pub rounds: Vec<RoundRecord>,
}

/// One round as the table reported it. Every vector is indexed by seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoundRecord {
    /// What each player was left holding: the minimum deadwood of the hand.
    pub deadwood: Vec<u32>,
    /// The hand each player typed, when a hand was typed instead of a number.
    pub hands: Vec<Option<Vec<Card>>>,
    /// The seat of the first player to go out.
    pub out: Option<usize>,
    /// The seats of players who declared out with a hand that does not meld.
    pub penalties: Vec<usize>,
}

impl RoundRecord {
    /// A round with every player's deadwood and nothing else.
    pub fn from_deadwood(deadwood: Vec<u32>) -> RoundRecord {
        let hands = vec![None; deadwood.len()];
        RoundRecord { deadwood, hands, out: None, penalties: Vec::new() }
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

/// One score as typed: its deadwood and, when a hand was typed, the hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Score {
    pub deadwood: u32,
    pub hand: Option<Vec<Card>>,
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
        rules.validate().map_err(|e| SheetError::usage(e.0))?;
        if first_dealer >= players.len() {
            return Err(SheetError::usage("the first dealer must be one of the players"));
        }
        Ok(Session {
            name: name.to_string(),
            players,
            first_dealer,
            rules,
            created: now,
            updated: now,
            rounds: Vec::new(),
        })
    }

    /// The seat of the player named `name`, compared case-insensitively.
    pub fn seat(&self, name: &str) -> Option<usize> {
        let key = fold(name.trim());
        self.players.iter().position(|p| fold(p) == key)
    }

    /// The seat of `name`, or an error listing the players.
    pub fn seat_of(&self, name: &str) -> Result<usize, SheetError> {
        self.seat(name).ok_or_else(|| {
            SheetError::usage(format!(
                "no player named \"{}\" in this session; the players are {}",
                shown(name.trim()),
                self.players.join(", ")
            ))
        })
    }

    /// Every round of the rules.
    pub fn deals(&self) -> Vec<Deal> {
        self.rules.deals()
    }

    /// The seat of the dealer of round `round` (from 1): the first dealer,
    /// then one seat on each round.
    pub fn dealer(&self, round: usize) -> usize {
        (self.first_dealer + round.saturating_sub(1)) % self.players.len()
    }

    /// The round to play next, if the game is not over.
    pub fn next_deal(&self) -> Option<Deal> {
        self.rules.deal(self.rounds.len() + 1)
    }

    /// The round to play next, or an error saying the game is over.
    pub fn open_deal(&self) -> Result<Deal, SheetError> {
        self.next_deal().ok_or_else(|| {
            SheetError::data(format!(
                "the game is over: all {} rounds are in; start another with `three13 new`",
                self.deals().len()
            ))
        })
    }

    /// Whether the last round of the rules is in.
    pub fn finished(&self) -> bool {
        self.rounds.len() >= self.deals().len()
    }

    /// The points that count for each player in round `index` (from 0).
    pub fn points(&self, index: usize) -> Vec<i32> {
        let deal = self.rules.deal(index + 1).expect("a recorded round is one of the rules");
        points(&self.rules, &deal, &self.rounds[index])
    }

    /// Each player's total after every round, round 1 first.
    pub fn running_totals(&self) -> Vec<Vec<i32>> {
        let mut total = vec![0; self.players.len()];
        (0..self.rounds.len())
            .map(|i| {
                for (t, p) in total.iter_mut().zip(self.points(i)) {
                    *t += p;
                }
                total.clone()
            })
            .collect()
    }

    /// Each player's total so far.
    pub fn totals(&self) -> Vec<i32> {
        self.running_totals().pop().unwrap_or_else(|| vec![0; self.players.len()])
    }

    /// The seats with the lowest total; none before the first round.
    pub fn leaders(&self) -> Vec<usize> {
        if self.rounds.is_empty() {
            return Vec::new();
        }
        let totals = self.totals();
        let best = totals.iter().copied().min().unwrap_or(0);
        (0..totals.len()).filter(|&i| totals[i] == best).collect()
    }

    /// The seats that share the win, once the game is over.
    pub fn winners(&self) -> Vec<usize> {
        if self.finished() { self.leaders() } else { Vec::new() }
    }

    /// Reads one typed score for `seat` in round `round` (from 1): a
    /// number (the deadwood) or a hand of the round's size, whose minimum
    /// deadwood the solver finds.
    pub fn read_score(
        &self,
        round: usize,
        seat: usize,
        text: &str,
        solver: &mut Solver,
    ) -> Result<Score, SheetError> {
        let deal = self.rules.deal(round).expect("the round is one of the rules");
        read_score(&self.rules, &deal, &self.players[seat], text, solver)
    }

    /// Adds the next round, after checking it. Under `double_naughts` a
    /// round where everyone scored 0 is not recorded.
    pub fn add_round(&mut self, record: RoundRecord, now: Timestamp) -> Result<Added, SheetError> {
        let deal = self.open_deal()?;
        check_round(&self.rules, &deal, &self.players, &record)?;
        let naught = record.deadwood.iter().all(|&d| d == 0) && record.penalties.is_empty();
        if self.rules.double_naughts && naught {
            return Ok(Added::Replayed(deal.round));
        }
        self.rounds.push(record);
        self.updated = now;
        Ok(Added::Recorded(deal.round))
    }

    /// Removes the last round, if any.
    pub fn undo(&mut self, now: Timestamp) -> Option<RoundRecord> {
        let last = self.rounds.pop();
        if last.is_some() {
            self.updated = now;
        }
        last
    }

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
        let played = self.rounds.len();
        if round == 0 || round > played {
            let which = match played {
                0 => "no round is recorded yet".to_string(),
                1 => "only round 1 is recorded".to_string(),
                n => format!("rounds 1 to {n} are recorded"),
            };
            return Err(SheetError::data(format!("there is no round {round} to edit; {which}")));
        }
        let score = self.read_score(round, seat, text, solver)?;
        let deal = self.rules.deal(round).expect("a recorded round is one of the rules");
        let mut record = self.rounds[round - 1].clone();
        let old = record.deadwood[seat];
        record.deadwood[seat] = score.deadwood;
        record.hands[seat] = score.hand.clone();
        if record.out == Some(seat) && score.deadwood != 0 {
            return Err(SheetError::data(format!(
                "{} went out in round {round}, so their deadwood must be 0; \
                 to change who went out, undo the round and record it again",
                self.players[seat]
            )));
        }
        check_round(&self.rules, &deal, &self.players, &record)?;
        if self.rules.double_naughts && record.deadwood.iter().all(|&d| d == 0) && record.penalties.is_empty()
        {
            return Err(SheetError::data(format!(
                "with double_naughts, a round where everyone scores 0 is replayed, not recorded; \
                 to replay round {round}, undo it"
            )));
        }
        self.rounds[round - 1] = record;
        self.updated = now;
        Ok((old, score))
    }

    /// Checks round `index` (from 0) as a file might hold it.
    pub fn check_round(&self, index: usize, solver: &mut Solver) -> Result<(), SheetError> {
        let Some(deal) = self.rules.deal(index + 1) else {
            return Err(SheetError::data(format!(
                "there are {} rounds, but these rules play {}",
                self.rounds.len(),
                self.deals().len()
            )));
        };
        let record = &self.rounds[index];
        check_round(&self.rules, &deal, &self.players, record)?;
        let table = Table::new(&self.rules, deal.wild);
        for (seat, hand) in record.hands.iter().enumerate() {
            let Some(hand) = hand else { continue };
            let name = &self.players[seat];
            if hand.len() != deal.cards {
                return Err(SheetError::data(format!(
                    "{name}'s hand has {} cards, but round {} deals {}",
                    hand.len(),
                    deal.round,
                    deal.cards
                )));
            }
            let solved = solver.deadwood(hand, &table);
            if solved != record.deadwood[seat] {
                return Err(SheetError::data(format!(
                    "{name}'s hand leaves {solved} deadwood, but the deadwood says {}; \
                     fix one of them, or remove the hand",
                    record.deadwood[seat]
                )));
            }
        }
        Ok(())
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

fn check_round(
    rules: &Rules,
    deal: &Deal,
    players: &[String],
    record: &RoundRecord,
) -> Result<(), SheetError> {
    let n = players.len();
    if record.deadwood.len() != n || record.hands.len() != n {
        return Err(SheetError::data(format!("a round needs a score for each of the {n} players")));
    }
    let most = rules.max_deadwood(deal.cards);
    for (seat, &d) in record.deadwood.iter().enumerate() {
        if d > most {
            return Err(too_high(&players[seat], d, deal, most));
        }
    }
    if let Some(out) = record.out {
        if out >= n {
            return Err(SheetError::data("the player out is not in the session"));
        }
        if record.deadwood[out] != 0 {
            return Err(SheetError::data(format!(
                "{} went out, so their deadwood must be 0, not {}",
                players[out], record.deadwood[out]
            )));
        }
        if record.penalties.contains(&out) {
            return Err(SheetError::usage(format!(
                "{} cannot both go out and be penalised for a bad go-out",
                players[out]
            )));
        }
    }
    for (i, &p) in record.penalties.iter().enumerate() {
        if p >= n {
            return Err(SheetError::data("a penalised player is not in the session"));
        }
        if record.penalties[..i].contains(&p) {
            return Err(SheetError::usage(format!("{} is penalised twice in one round", players[p])));
        }
    }
    Ok(())
}

fn too_high(name: &str, score: impl fmt::Display, deal: &Deal, most: u32) -> SheetError {
    SheetError::data(format!(
        "{name}'s score {score} is more than {} cards can hold: at most {most} in round {}",
        deal.cards, deal.round
    ))
}

fn read_score(
    rules: &Rules,
    deal: &Deal,
    name: &str,
    text: &str,
    solver: &mut Solver,
) -> Result<Score, SheetError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(SheetError::usage(format!("no score for {name}")));
    }
    let numeric = text.chars().all(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | ','))
        && text.chars().any(|c| c.is_ascii_digit());
    if numeric {
        if text.starts_with('-') {
            return Err(SheetError::data(format!(
                "{name}'s score cannot be negative ({}); a score is the deadwood left in hand, 0 or more",
                shown(text)
            )));
        }
        let digits = text.strip_prefix('+').unwrap_or(text);
        if !digits.chars().all(|c| c.is_ascii_digit()) {
            return Err(SheetError::data(format!(
                "{name}'s score \"{}\" is not a whole number",
                shown(text)
            )));
        }
        let most = rules.max_deadwood(deal.cards);
        return match digits.parse::<u32>() {
            Ok(d) if d <= most => Ok(Score { deadwood: d, hand: None }),
            _ => Err(too_high(name, shown(digits), deal, most)),
        };
    }
    let hand = parse_hand(text, rules).map_err(|e| SheetError::data(format!("{name}'s hand: {e}")))?;
    if hand.len() != deal.cards {
        return Err(SheetError::data(format!(
            "{name}'s hand has {} cards, but round {} deals {}; type the hand held at the end of the round",
            hand.len(),
            deal.round,
            deal.cards
        )));
    }
    let deadwood = solver.deadwood(&hand, &Table::new(rules, deal.wild));
    Ok(Score { deadwood, hand: Some(hand) })
}

/// Typed text as an error message shows it: control characters escaped,
/// and cut short past 40 characters.
pub fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect::<String>().escape_debug().to_string();
    if text.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

/// Names compare without regard to case.
fn fold(name: &str) -> String {
    name.to_lowercase()
}

/// Checks one player name: it must stay readable in a table and in a file,
/// and never be mistaken for a score (`12`), a `NAME=N` pair or a flag.
pub fn check_player_name(name: &str) -> Result<(), SheetError> {
    let shown = shown(name);
    if name.trim().is_empty() {
        return Err(SheetError::usage("a player name cannot be empty"));
    }
    if name.trim() != name {
        return Err(SheetError::usage(format!("the player name \"{shown}\" starts or ends with a space")));
    }
    if name.chars().count() > MAX_PLAYER_NAME {
        return Err(SheetError::usage(format!(
            "the player name \"{}…\" is longer than {MAX_PLAYER_NAME} characters",
            name.chars().take(MAX_PLAYER_NAME).collect::<String>().escape_debug()
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(SheetError::usage(format!(
            "the player name \"{shown}\" holds a control character (a newline or tab)"
        )));
    }
    if name.contains('=') {
        return Err(SheetError::usage(format!(
            "the player name \"{shown}\" holds \"=\", which would read as NAME=SCORE"
        )));
    }
    if name.starts_with('-') {
        return Err(SheetError::usage(format!(
            "the player name \"{shown}\" starts with \"-\", which would read as a flag"
        )));
    }
    if name.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.')) {
        return Err(SheetError::usage(format!(
            "the player name \"{shown}\" is a number, which would read as a score"
        )));
    }
    Ok(())
}

/// Checks the players of a new game: each name, the count, no two alike.
pub fn check_player_names(names: &[String]) -> Result<(), SheetError> {
    for name in names {
        check_player_name(name)?;
    }
    if names.len() < MIN_PLAYERS {
        return Err(SheetError::usage(format!(
            "a game needs at least {MIN_PLAYERS} players, not {}",
            names.len()
        )));
    }
    if names.len() > MAX_PLAYERS {
        return Err(SheetError::usage(format!(
            "a game has at most {MAX_PLAYERS} players, not {}",
            names.len()
        )));
    }
    for (i, name) in names.iter().enumerate() {
        if let Some(other) = names[..i].iter().find(|o| fold(o) == fold(name)) {
            let same = if other == name {
                format!("\"{name}\" is named twice")
            } else {
                format!("\"{other}\" and \"{name}\" are the same name")
            };
            return Err(SheetError::usage(format!("{same}; each player needs their own name")));
        }
    }
    Ok(())
}

/// Checks a session name: it becomes a file name, so it keeps to ASCII
/// letters, digits, `.`, `_` and `-`, at most 64 characters, not starting
/// with `.` (a hidden file, or `..`) or `-` (a flag).
pub fn check_session_name(name: &str) -> Result<(), SheetError> {
    let rule = "a session name has letters, digits, \".\", \"_\" and \"-\", at most 64 characters, \
                and does not start with \".\" or \"-\"";
    let shown: String = name.chars().take(MAX_SESSION_NAME).collect::<String>().escape_debug().to_string();
    let bad = |what: &str| Err(SheetError::usage(format!("the session name \"{shown}\" {what}; {rule}")));
    if name.is_empty() {
        return Err(SheetError::usage(format!("the session name is empty; {rule}")));
    }
    if name.chars().count() > MAX_SESSION_NAME {
        return bad("is too long");
    }
    if let Some(c) = name.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))) {
        return bad(&format!("holds \"{}\"", c.escape_debug()));
    }
    if name.starts_with('.') || name.starts_with('-') {
        return bad(&format!("starts with \"{}\"", &name[..1]));
    }
    // Names Windows keeps for devices, refused everywhere so that sessions
    // can be copied between machines.
    let stem = name.split('.').next().unwrap_or(name).to_ascii_lowercase();
    let reserved = matches!(stem.as_str(), "con" | "prn" | "aux" | "nul")
        || (stem.len() == 4
            && (stem.starts_with("com") || stem.starts_with("lpt"))
            && stem.as_bytes()[3].is_ascii_digit());
    if reserved {
        return bad("is a device name on Windows");
    }
    Ok(())
}

/// The first free name among `base`, `base-2`, `base-3`…
pub fn free_name(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (2..).map(|n| format!("{base}-{n}")).find(|name| !taken(name)).expect("some name is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(players: &[&str]) -> Session {
        let players = players.iter().map(|p| p.to_string()).collect();
        Session::new("test", players, 0, Rules::default(), Timestamp::UNIX_EPOCH).unwrap()
    }

    #[test]
    fn dealer_passes_left() {
        let mut s = session(&["Ann", "Bob", "Cy"]);
        s.first_dealer = 1;
        assert_eq!([1, 2, 3, 4].map(|r| s.dealer(r)), [1, 2, 0, 1]);
    }

    #[test]
    fn totals_leaders_winners() {
        let mut s = session(&["Ann", "Bob"]);
        assert!(s.leaders().is_empty());
        for _ in 0..11 {
            s.add_round(RoundRecord::from_deadwood(vec![3, 3]), Timestamp::UNIX_EPOCH).unwrap();
        }
        assert!(s.finished());
        assert_eq!(s.totals(), [33, 33]);
        assert_eq!(s.winners(), [0, 1]);
        let err = s.add_round(RoundRecord::from_deadwood(vec![0, 0]), Timestamp::UNIX_EPOCH).unwrap_err();
        assert_eq!(err.message, "the game is over: all 11 rounds are in; start another with `three13 new`");
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

    #[test]
    fn double_naughts_replays() {
        let mut s = session(&["Ann", "Bob"]);
        s.rules.double_naughts = true;
        let added = s.add_round(RoundRecord::from_deadwood(vec![0, 0]), Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(added, Added::Replayed(1));
        assert!(s.rounds.is_empty());
    }

    #[test]
    fn scores_typed() {
        let s = session(&["Ann", "Bob"]);
        let mut solver = Solver::new();
        assert_eq!(s.read_score(1, 0, "9h 4d Kh", &mut solver).unwrap().deadwood, 26);
        assert_eq!(s.read_score(1, 0, "12", &mut solver).unwrap(), Score { deadwood: 12, hand: None });
        let err = |t: &str| s.read_score(1, 0, t, &mut Solver::new()).unwrap_err().message;
        assert_eq!(
            err("-3"),
            "Ann's score cannot be negative (-3); a score is the deadwood left in hand, 0 or more"
        );
        assert_eq!(err("40"), "Ann's score 40 is more than 3 cards can hold: at most 39 in round 1");
        assert_eq!(err("1.5"), "Ann's score \"1.5\" is not a whole number");
        assert_eq!(err("9h 4d"), "Ann's hand: the hand has 2 cards; the smallest round deals 3");
        assert_eq!(
            err("9h 4d Kh 5s"),
            "Ann's hand has 4 cards, but round 1 deals 3; type the hand held at the end of the round"
        );
    }

    #[test]
    fn player_names() {
        let names = |v: &[&str]| check_player_names(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert!(names(&["Ann", "Bob", "Zoë 🃏", "O'Brien \"Ace\""]).is_ok());
        assert_eq!(names(&["Ann"]).unwrap_err().message, "a game needs at least 2 players, not 1");
        assert_eq!(
            names(&["Ann", "ann"]).unwrap_err().message,
            "\"Ann\" and \"ann\" are the same name; each player needs their own name"
        );
        for bad in ["", " ", "12", "Ann=3", "a\nb", "-x", &"x".repeat(33)] {
            assert!(check_player_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn session_names() {
        for good in ["2026-11-22", "friday_night.v2", "A"] {
            assert!(check_session_name(good).is_ok(), "{good}");
        }
        for bad in ["", ".hidden", "..", "../x", "a/b", "a b", "-x", "nul", "COM1.txt", "é", &"x".repeat(65)]
        {
            assert!(check_session_name(bad).is_err(), "{bad}");
        }
        assert_eq!(
            check_session_name("a/b").unwrap_err().message,
            "the session name \"a/b\" holds \"/\"; a session name has letters, digits, \".\", \"_\" and \"-\", \
             at most 64 characters, and does not start with \".\" or \"-\""
        );
    }

    #[test]
    fn free_names() {
        let taken = ["d", "d-2"];
        assert_eq!(free_name("d", |n| taken.contains(&n)), "d-3");
        assert_eq!(free_name("e", |n| taken.contains(&n)), "e");
    }
}
