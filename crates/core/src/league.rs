//! A season of finished games: standings by a club's own points table,
//! Weng-Lin ratings with their uncertainty, and the season's records.
//!
//! Everything is worked out again from the games each time it is asked, in
//! the order they were played, so a correction of an old game is reflected
//! the next time. The rating maths is `skillratings`' own.

use jiff::Timestamp;
use jiff::civil::Date;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::sheet::{LogChange, Session};
use crate::stats::People;

/// What a place in a game is worth in season points, and the bonus for
/// each round gone out first.
#[derive(Clone, PartialEq, Debug)]
pub struct PointsTable {
    /// The points of 1st, 2nd, …; places past the end earn nothing.
    places: Vec<f64>,
    /// Points for each round a player went out first.
    out: f64,
    /// Points for each round a player scored the fewest points of the
    /// table (shared: each of them).
    low: f64,
}

impl Default for PointsTable {
    /// 3 for a win, 2 for second, 1 for third: the common pub league's table.
    fn default() -> PointsTable {
        PointsTable { places: vec![3.0, 2.0, 1.0], out: 0.0, low: 0.0 }
    }
}

/// Why a points table does not read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PointsError {
    /// No entry at all.
    Empty,
    /// An entry without `=`.
    NotEntry { text: String },
    /// A key that is neither a place (`1`, `1st`, `2nd`, …) nor `out` or `low`.
    UnknownKey { key: String },
    /// A place past the 10th, or a place 0.
    PlaceOutOfRange { key: String },
    /// A value that is not a number from 0 to 1000.
    BadValue { key: String, value: String },
    /// The same key twice.
    Repeated { key: String },
}

/// The most places a table can name: more players than sit at any table.
pub const MOST_PLACES: usize = 10;

impl PointsTable {
    /// Reads `1=5,2=3,3=1` or `1st=5,2nd=3,3rd=1`, with `out=N` for each
    /// round gone out first. Places not named earn nothing.
    pub fn parse(text: &str) -> Result<PointsTable, PointsError> {
        let mut places: Vec<Option<f64>> = Vec::new();
        let mut out: Option<f64> = None;
        let mut low: Option<f64> = None;
        let entries: Vec<&str> = text.split(',').map(str::trim).filter(|e| !e.is_empty()).collect();
        if entries.is_empty() {
            return Err(PointsError::Empty);
        }
        for entry in entries {
            let (key, value) =
                entry.split_once('=').ok_or_else(|| PointsError::NotEntry { text: entry.to_string() })?;
            let (key, value) = (key.trim(), value.trim());
            let number = value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && (0.0..=1000.0).contains(v) && !value.starts_with('+'))
                .ok_or_else(|| PointsError::BadValue { key: key.to_string(), value: value.to_string() })?;
            for (name, bonus) in [("out", &mut out), ("low", &mut low)] {
                if key.eq_ignore_ascii_case(name) && bonus.replace(number).is_some() {
                    return Err(PointsError::Repeated { key: key.to_string() });
                }
            }
            if key.eq_ignore_ascii_case("out") || key.eq_ignore_ascii_case("low") {
                continue;
            }
            let place = place_of(key).ok_or_else(|| PointsError::UnknownKey { key: key.to_string() })?;
            if place == 0 || place > MOST_PLACES {
                return Err(PointsError::PlaceOutOfRange { key: key.to_string() });
            }
            if places.len() < place {
                places.resize(place, None);
            }
            if places[place - 1].replace(number).is_some() {
                return Err(PointsError::Repeated { key: key.to_string() });
            }
        }
        Ok(PointsTable {
            places: places.into_iter().map(|p| p.unwrap_or(0.0)).collect(),
            out: out.unwrap_or(0.0),
            low: low.unwrap_or(0.0),
        })
    }

    /// The table as `parse` reads it: `1=3,2=2,3=1` (and `,out=N`).
    pub fn text(&self) -> String {
        let mut parts: Vec<String> =
            self.places.iter().enumerate().map(|(i, p)| format!("{}={}", i + 1, number(*p))).collect();
        if self.out != 0.0 {
            parts.push(format!("out={}", number(self.out)));
        }
        if self.low != 0.0 {
            parts.push(format!("low={}", number(self.low)));
        }
        parts.join(",")
    }

    /// The table for a person: `1st 3, 2nd 2, 3rd 1` (and `; 1 a round gone out first`).
    pub fn summary(&self) -> String {
        let mut out = self
            .places
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{} {}", ordinal(i + 1), number(*p)))
            .collect::<Vec<_>>()
            .join(", ");
        if self.out != 0.0 {
            out.push_str(&format!("; {} a round gone out first", number(self.out)));
        }
        if self.low != 0.0 {
            out.push_str(&format!("; {} a round with the fewest points", number(self.low)));
        }
        out
    }

    /// The points of place `place` (from 1) shared by `shared` players: the
    /// places they cover, averaged (two tied for 1st share 1st and 2nd).
    pub fn for_place(&self, place: usize, shared: usize) -> f64 {
        let shared = shared.max(1);
        let covered: f64 =
            (place..place + shared).map(|p| self.places.get(p - 1).copied().unwrap_or(0.0)).sum();
        covered / shared as f64
    }

    /// The bonus for going out first in `rounds` rounds.
    pub fn out_bonus(&self, rounds: usize) -> f64 {
        self.out * rounds as f64
    }

    /// The bonus for the fewest points of the table in `rounds` rounds.
    pub fn low_bonus(&self, rounds: usize) -> f64 {
        self.low * rounds as f64
    }
}

/// `1`, `1st`, `2nd`, `3rd`, `4th`, … as a place.
fn place_of(key: &str) -> Option<usize> {
    let lower = key.to_ascii_lowercase();
    let digits = lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &lower[digits.len()..];
    let place: usize = digits.parse().ok()?;
    (suffix.is_empty() || *suffix == ordinal(place)[digits.len()..]).then_some(place)
}

/// 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A number as a person writes it: `3`, `2.5`.
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 { format!("{x:.0}") } else { format!("{}", (x * 100.0).round() / 100.0) }
}

/// How a season is counted.
#[derive(Clone, PartialEq, Debug)]
pub struct Settings {
    pub points: PointsTable,
    /// A player with fewer games is a guest: listed apart in the standings,
    /// and rated without their rating shown.
    pub min_games: usize,
    /// The members, if the season names them: anyone else is a guest,
    /// whatever their games.
    pub members: Vec<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { points: PointsTable::default(), min_games: 3, members: Vec::new() }
    }
}

/// One finished game of the season, with the day it counts for (the
/// evening it was played, in the club's time zone).
#[derive(Clone, Copy, Debug)]
pub struct Played<'a> {
    pub session: &'a Session,
    pub day: Date,
}

/// A player's place in the standings.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Standing {
    pub name: String,
    pub points: f64,
    pub games: usize,
    /// A shared win counts for each.
    pub wins: usize,
    pub average_place: f64,
    pub average_total: f64,
    /// The average total of the player's last five games (fewer, if they
    /// played fewer).
    pub rolling: f64,
    pub rounds_out: usize,
}

/// A player's Weng-Lin rating after the season's games.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Rating {
    pub name: String,
    pub mu: f64,
    pub sigma: f64,
    /// The conservative value shown, mu − 3σ; none until the player has
    /// played the season's minimum of games.
    pub display: Option<f64>,
    pub games: usize,
}

/// The standings after one evening's games.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Evening {
    #[cfg_attr(feature = "serde", serde(serialize_with = "day_text"))]
    pub date: Date,
    pub sessions: Vec<String>,
    /// The points each player earned that evening, most first.
    pub earned: Vec<Earned>,
    /// The season's standings after the evening (members and guests alike).
    pub standings: Vec<Standing>,
}

/// Points earned in one evening.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Earned {
    pub name: String,
    pub points: f64,
    pub games: usize,
}

/// One rated game: every rating after it, for the season's chart.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Step {
    pub session: String,
    /// The ratings of the players of this game, after it.
    pub ratings: Vec<Rating>,
}

/// A record of the season and where it was set.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Feat {
    pub name: String,
    /// The figure: a total, a streak's length, points gained.
    pub value: f64,
    /// The session it came from (the first of a streak's).
    pub session: String,
    /// The last session of a streak; the round of a best round.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub until: Option<String>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub round: Option<usize>,
}

/// The season's records; each none until a game gives one.
#[derive(Clone, PartialEq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Records {
    /// The lowest total of a game.
    pub best_game: Option<Feat>,
    /// The highest total of a game.
    pub worst_game: Option<Feat>,
    /// The most games won in a row (of the games the player played).
    pub longest_streak: Option<Feat>,
    /// The most points below the rest of the table's average in one round.
    pub best_round: Option<Feat>,
    /// The most rounds gone out first over the season.
    pub most_out: Option<Feat>,
    /// The largest fall in average total from the first half of a
    /// player's games to the second (at least four games).
    pub most_improved: Option<Feat>,
}

/// A whole season.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct League {
    pub games: usize,
    /// Players with the season's minimum of games (and members, if named):
    /// most points first, then most wins, then the best average place.
    pub standings: Vec<Standing>,
    /// The others, in the same order.
    pub guests: Vec<Standing>,
    pub ratings: Vec<Rating>,
    pub evenings: Vec<Evening>,
    /// The ratings after each game, in the order played.
    pub history: Vec<Step>,
    pub records: Records,
}

/// Per player while the games are read.
#[derive(Clone, Default)]
struct Tally {
    name: String,
    points: f64,
    games: usize,
    wins: usize,
    places: usize,
    totals: Vec<i32>,
    rounds_out: usize,
    /// The player's games, oldest first: (session, won).
    results: Vec<(String, bool)>,
    rating: WengLinRating,
}

impl Tally {
    fn standing(&self) -> Standing {
        let games = self.games.max(1) as f64;
        let last: Vec<i32> = self.totals.iter().rev().take(5).copied().collect();
        Standing {
            name: self.name.clone(),
            points: round2(self.points),
            games: self.games,
            wins: self.wins,
            average_place: round1(self.places as f64 / games),
            average_total: round1(self.totals.iter().map(|&t| f64::from(t)).sum::<f64>() / games),
            rolling: round1(last.iter().map(|&t| f64::from(t)).sum::<f64>() / last.len().max(1) as f64),
            rounds_out: self.rounds_out,
        }
    }

    fn rating(&self, min_games: usize) -> Rating {
        Rating {
            name: self.name.clone(),
            mu: round2(self.rating.rating),
            sigma: round2(self.rating.uncertainty),
            display: (self.games >= min_games)
                .then(|| round2(self.rating.rating - 3.0 * self.rating.uncertainty)),
            games: self.games,
        }
    }
}

/// The season of `games` (finished games of one game only; the caller
/// chooses them), in the order they ended.
pub fn league(games: &[Played<'_>], settings: &Settings) -> League {
    let mut games: Vec<Played<'_>> = games.iter().copied().filter(|g| g.session.finished()).collect();
    games.sort_by(|a, b| {
        ended(a.session).cmp(&ended(b.session)).then_with(|| a.session.name().cmp(b.session.name()))
    });
    let sessions: Vec<&Session> = games.iter().map(|g| g.session).collect();
    let people = People::of(&sessions);
    let config = WengLinConfig::new();
    let mut tallies: Vec<Option<Tally>> = vec![None; people.len()];
    let mut evenings: Vec<Evening> = Vec::new();
    let mut history = Vec::new();
    // Each person goes by the name of their latest game, in every view.
    let mut names: Vec<String> = vec![String::new(); people.len()];
    for played in &games {
        let s = played.session;
        for seat in s.active() {
            if let Some(who) = people.index_of(&s.players()[seat]) {
                names[who] = s.players()[seat].clone();
            }
        }
    }
    let mut records = Records::default();
    for played in &games {
        let s = played.session;
        let board = s.scoreboard();
        let standing = board.standings();
        let mut earned: Vec<(usize, f64)> = Vec::new();
        // The players placed, by person.
        let seats: Vec<(usize, usize)> =
            standing.iter().filter_map(|&seat| Some((seat, people.index_of(&s.players()[seat])?))).collect();
        for &(seat, who) in &seats {
            let place = board.places()[seat];
            let shared = standing.iter().filter(|&&o| board.places()[o] == place).count();
            let t = tallies[who].get_or_insert_with(Tally::default);
            t.name = names[who].clone();
            let points = settings.points.for_place(place, shared)
                + settings.points.out_bonus(board.rounds_out()[seat])
                + settings.points.low_bonus(lowest_rounds(s, &board, seat));
            t.points += points;
            t.games += 1;
            t.wins += usize::from(place == 1);
            t.places += place;
            t.totals.push(board.totals()[seat]);
            t.rounds_out += board.rounds_out()[seat];
            t.results.push((s.name().to_string(), place == 1));
            earned.push((who, points));
            game_records(&mut records, s, &board, seat, &t.name);
        }
        // The ratings: each player a team of one, ranked by place (ties as ties).
        let before: Vec<[WengLinRating; 1]> =
            seats.iter().map(|&(_, who)| [tallies[who].as_ref().expect("tallied").rating]).collect();
        let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = seats
            .iter()
            .zip(&before)
            .map(|(&(seat, _), rating)| (&rating[..], MultiTeamOutcome::new(board.places()[seat])))
            .collect();
        let after = weng_lin_multi_team(&teams, &config);
        for ((_, who), rating) in seats.iter().zip(after) {
            tallies[*who].as_mut().expect("tallied").rating = rating[0];
        }
        history.push(Step {
            session: s.name().to_string(),
            ratings: seats
                .iter()
                .map(|&(_, who)| tallies[who].as_ref().expect("tallied").rating(settings.min_games))
                .collect(),
        });
        // The evening: a new one on a new day.
        if evenings.last().is_none_or(|e| e.date != played.day) {
            evenings.push(Evening {
                date: played.day,
                sessions: Vec::new(),
                earned: Vec::new(),
                standings: Vec::new(),
            });
        }
        let evening = evenings.last_mut().expect("just pushed");
        evening.sessions.push(s.name().to_string());
        for (who, points) in earned {
            let name = tallies[who].as_ref().expect("tallied").name.clone();
            match evening.earned.iter_mut().find(|e| e.name == name) {
                Some(e) => {
                    e.points = round2(e.points + points);
                    e.games += 1;
                }
                None => evening.earned.push(Earned { name, points: round2(points), games: 1 }),
            }
        }
        evening.standings = ranked(tallies.iter().flatten().map(Tally::standing).collect());
    }
    for e in &mut evenings {
        e.earned.sort_by(|a, b| b.points.total_cmp(&a.points).then_with(|| a.name.cmp(&b.name)));
    }
    let all: Vec<&Tally> = tallies.iter().flatten().collect();
    season_records(&mut records, &all);
    let member = |t: &Tally| {
        if settings.members.is_empty() {
            t.games >= settings.min_games
        } else {
            settings.members.iter().any(|m| people.index_of(m) == people.index_of(&t.name))
        }
    };
    let standings = ranked(all.iter().filter(|t| member(t)).map(|t| t.standing()).collect());
    let guests = ranked(all.iter().filter(|t| !member(t)).map(|t| t.standing()).collect());
    let mut ratings: Vec<Rating> = all.iter().map(|t| t.rating(settings.min_games)).collect();
    // Shown ratings first, highest first; then the rest by mu.
    ratings.sort_by(|a, b| {
        b.display
            .is_some()
            .cmp(&a.display.is_some())
            .then(b.display.unwrap_or(0.0).total_cmp(&a.display.unwrap_or(0.0)))
            .then(b.mu.total_cmp(&a.mu))
            .then_with(|| a.name.cmp(&b.name))
    });
    League { games: games.len(), standings, guests, ratings, evenings, history, records }
}

/// The rounds in which `seat` scored the fewest points of those who played
/// the round (a share of the fewest counts).
fn lowest_rounds(s: &Session, board: &crate::sheet::Scoreboard, seat: usize) -> usize {
    (0..s.rounds().len())
        .filter(|&k| s.plays(seat, k + 1))
        .filter(|&k| {
            let fewest =
                (0..s.players().len()).filter(|&o| s.plays(o, k + 1)).map(|o| board.points(k)[o]).min();
            fewest == Some(board.points(k)[seat])
        })
        .count()
}

/// Most points first, then most wins, the best average place, the name.
fn ranked(mut list: Vec<Standing>) -> Vec<Standing> {
    list.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.wins.cmp(&a.wins))
            .then(a.average_place.total_cmp(&b.average_place))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
    });
    list
}

/// The records one player's game may set. An earlier game keeps a record
/// it shares with a later one.
fn game_records(
    records: &mut Records,
    s: &Session,
    board: &crate::sheet::Scoreboard,
    seat: usize,
    name: &str,
) {
    let total = f64::from(board.totals()[seat]);
    let feat = |value: f64| Feat {
        name: name.to_string(),
        value,
        session: s.name().to_string(),
        until: None,
        round: None,
    };
    if records.best_game.as_ref().is_none_or(|f| total < f.value) {
        records.best_game = Some(feat(total));
    }
    if records.worst_game.as_ref().is_none_or(|f| total > f.value) {
        records.worst_game = Some(feat(total));
    }
    for k in (0..s.rounds().len()).filter(|&k| s.plays(seat, k + 1)) {
        let others: Vec<i32> = (0..s.players().len())
            .filter(|&o| o != seat && s.plays(o, k + 1))
            .map(|o| board.points(k)[o])
            .collect();
        if others.is_empty() {
            continue;
        }
        let average = others.iter().map(|&p| f64::from(p)).sum::<f64>() / others.len() as f64;
        let gained = round2(average - f64::from(board.points(k)[seat]));
        if records.best_round.as_ref().is_none_or(|f| gained > f.value) {
            records.best_round = Some(Feat { round: Some(k + 1), ..feat(gained) });
        }
    }
}

/// The records of the whole season, from each player's games.
fn season_records(records: &mut Records, all: &[&Tally]) {
    for t in all {
        // The longest run of wins, the first such run kept.
        let (mut best, mut run_start, mut run) = (None::<(usize, usize)>, 0, 0);
        for (i, (_, won)) in t.results.iter().enumerate() {
            if *won {
                if run == 0 {
                    run_start = i;
                }
                run += 1;
                if best.is_none_or(|(_, len)| run > len) {
                    best = Some((run_start, run));
                }
            } else {
                run = 0;
            }
        }
        if let Some((start, len)) = best
            && records.longest_streak.as_ref().is_none_or(|f| len as f64 > f.value)
        {
            records.longest_streak = Some(Feat {
                name: t.name.clone(),
                value: len as f64,
                session: t.results[start].0.clone(),
                until: Some(t.results[start + len - 1].0.clone()),
                round: None,
            });
        }
        if t.rounds_out > 0 && records.most_out.as_ref().is_none_or(|f| t.rounds_out as f64 > f.value) {
            records.most_out = Some(Feat {
                name: t.name.clone(),
                value: t.rounds_out as f64,
                session: t.results.first().map(|r| r.0.clone()).unwrap_or_default(),
                until: t.results.last().map(|r| r.0.clone()),
                round: None,
            });
        }
        if t.totals.len() >= 4 {
            let half = t.totals.len() / 2;
            let mean = |xs: &[i32]| xs.iter().map(|&x| f64::from(x)).sum::<f64>() / xs.len() as f64;
            let fall = round1(mean(&t.totals[..half]) - mean(&t.totals[t.totals.len() - half..]));
            if fall > 0.0 && records.most_improved.as_ref().is_none_or(|f| fall > f.value) {
                records.most_improved = Some(Feat {
                    name: t.name.clone(),
                    value: fall,
                    session: t.results[0].0.clone(),
                    until: t.results.last().map(|r| r.0.clone()),
                    round: None,
                });
            }
        }
    }
}

/// When a game ended: when its last round (or the tiebreak's last draw)
/// was recorded, as its log says, so a correction made later does not move
/// the game to another evening; a game whose log does not say, when it was
/// last changed.
pub fn ended(s: &Session) -> Timestamp {
    s.log()
        .iter()
        .rev()
        .find(|l| matches!(l.change, LogChange::Round { .. } | LogChange::Draw { .. }))
        .map_or(s.updated(), |l| l.at)
}

/// Whether a game ended from `from` on and before `to` (the first moment of
/// the season's first day, and of the day after its last, as the caller
/// worked them out in the club's time zone).
pub fn in_season(s: &Session, from: Option<Timestamp>, to: Option<Timestamp>) -> bool {
    let ended = ended(s);
    from.is_none_or(|f| ended >= f) && to.is_none_or(|t| ended < t)
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[cfg(feature = "serde")]
fn day_text<S: serde::Serializer>(d: &Date, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::sheet::RoundRecord;

    #[test]
    fn a_points_table_reads_places_and_ordinals() {
        let t = PointsTable::parse("1st=5, 2nd=3,3rd=1").unwrap();
        assert_eq!(t, PointsTable::parse("1=5,2=3,3=1").unwrap());
        assert_eq!(t.text(), "1=5,2=3,3=1");
        assert_eq!(t.summary(), "1st 5, 2nd 3, 3rd 1");
        assert_eq!(t.for_place(1, 2), 4.0);
        assert_eq!(t.for_place(3, 2), 0.5);
        assert_eq!(t.for_place(4, 1), 0.0);
        let out = PointsTable::parse("2=1.5,out=0.5,low=2").unwrap();
        assert_eq!(out.text(), "1=0,2=1.5,out=0.5,low=2");
        assert_eq!(
            out.summary(),
            "1st 0, 2nd 1.5; 0.5 a round gone out first; 2 a round with the fewest points"
        );
        assert_eq!((out.out_bonus(3), out.low_bonus(3)), (1.5, 6.0));
        assert_eq!(PointsTable::parse("low=1,LOW=2"), Err(PointsError::Repeated { key: "LOW".into() }));
        assert_eq!(PointsTable::parse(" , "), Err(PointsError::Empty));
        assert_eq!(PointsTable::parse("1st"), Err(PointsError::NotEntry { text: "1st".into() }));
        assert_eq!(PointsTable::parse("1nd=2"), Err(PointsError::UnknownKey { key: "1nd".into() }));
        assert_eq!(PointsTable::parse("11=2"), Err(PointsError::PlaceOutOfRange { key: "11".into() }));
        assert_eq!(
            PointsTable::parse("1=+2"),
            Err(PointsError::BadValue { key: "1".into(), value: "+2".into() })
        );
        assert_eq!(
            PointsTable::parse("1=-2"),
            Err(PointsError::BadValue { key: "1".into(), value: "-2".into() })
        );
        assert_eq!(PointsTable::parse("1=2,1st=3"), Err(PointsError::Repeated { key: "1st".into() }));
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(22), "22nd");
    }

    fn game(name: &str, players: &[&str], per_round: &[u32], minute: i64) -> Session {
        let names = players.iter().map(|p| p.to_string()).collect();
        let at = Timestamp::from_second(minute * 60).unwrap();
        let mut s = Session::new(name, names, 0, Rules::default(), at).unwrap();
        for _ in 0..11 {
            let mut r = RoundRecord::from_deadwood(per_round.to_vec());
            r.out = per_round.iter().position(|&d| d == 0);
            s.add_round(r, at).unwrap();
        }
        s
    }

    #[test]
    fn ratings_are_the_crates_game_by_game() {
        let day = Date::constant(2026, 3, 1);
        let g1 = game("a", &["Ann", "Bob", "Cy"], &[0, 3, 3], 1);
        let g2 = game("b", &["Ann", "Bob"], &[2, 0], 2);
        let played = [Played { session: &g2, day }, Played { session: &g1, day }];
        let l = league(&played, &Settings { min_games: 2, ..Settings::default() });
        let config = WengLinConfig::new();
        let new = WengLinRating::new();
        // Game a: Ann 1st, Bob and Cy tied 2nd.
        let a = weng_lin_multi_team(
            &[
                (&[new][..], MultiTeamOutcome::new(1)),
                (&[new][..], MultiTeamOutcome::new(2)),
                (&[new][..], MultiTeamOutcome::new(2)),
            ],
            &config,
        );
        let b = weng_lin_multi_team(
            &[(&[a[0][0]][..], MultiTeamOutcome::new(2)), (&[a[1][0]][..], MultiTeamOutcome::new(1))],
            &config,
        );
        let find = |n: &str| l.ratings.iter().find(|r| r.name == n).unwrap();
        assert_eq!(find("Ann").mu, round2(b[0][0].rating));
        assert_eq!(find("Bob").sigma, round2(b[1][0].uncertainty));
        assert_eq!(find("Cy").mu, round2(a[2][0].rating));
        assert_eq!(find("Cy").display, None);
        assert!(find("Ann").display.is_some());
        // Standings: 1st 3, 2nd and 3rd shared (2+1)/2.
        let points: Vec<(&str, f64)> = l.standings.iter().map(|s| (s.name.as_str(), s.points)).collect();
        assert_eq!(points, [("Ann", 5.0), ("Bob", 4.5)]);
        assert_eq!(l.guests[0].name, "Cy");
        assert_eq!(l.guests[0].points, 1.5);
        assert_eq!(l.evenings.len(), 1);
        assert_eq!(l.records.longest_streak.as_ref().unwrap().name, "Ann");
    }
}
