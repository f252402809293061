//! Each player's record over finished games, grouped by the rules they
//! were played under, so that totals from different scoring are never
//! averaged together.

use jiff::Timestamp;

use crate::rules::{Rules, Setting, Value};
use crate::sheet::{Session, same_name};

/// Which finished games count.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Only games whose rules are exactly these (a random order of rounds
    /// counts as its setting, whatever was drawn).
    pub rules: Option<Rules>,
    /// Only games where each of these settings has this value.
    pub settings: Vec<(&'static Setting, Value)>,
    /// Only games last changed at or after this time.
    pub since: Option<Timestamp>,
    /// Only games where every one of these played.
    pub players: Vec<String>,
}

impl Filter {
    /// Whether a game counts: finished, and matching every condition (the
    /// rules of every round, where they changed during the game). `people`
    /// knows each player under every name they had.
    fn admits(&self, s: &Session, people: &People) -> bool {
        let timeline = s.rules_timeline();
        s.finished()
            && self.rules.is_none_or(|r| timeline.iter().all(|(_, rules)| rules.same_settings(&r)))
            && self.settings.iter().all(|(setting, v)| timeline.iter().all(|(_, r)| setting.get(r) == *v))
            && self.since.is_none_or(|t| s.updated() >= t)
            && self.players.iter().all(|p| person(s, people, p).is_some())
    }
}

/// The players of a set of games, each known under every name they had:
/// a player renamed in one game (Bob to Robert) is the same person in
/// every game under either name, in whatever order the games come.
pub(crate) struct People {
    /// Each person's names, as first seen.
    names: Vec<Vec<String>>,
}

impl People {
    pub(crate) fn of(games: &[&Session]) -> People {
        let mut names: Vec<Vec<String>> = Vec::new();
        for s in games {
            for (seat, player) in s.players().iter().enumerate() {
                let had: Vec<&String> =
                    std::iter::once(player).chain(&s.seats()[seat].former_names).collect();
                // Every person already known under one of these names is this one.
                let (known, mut others): (Vec<Vec<String>>, Vec<Vec<String>>) = names
                    .into_iter()
                    .partition(|person| person.iter().any(|n| had.iter().any(|h| same_name(n, h))));
                let mut person: Vec<String> = known.into_iter().flatten().collect();
                for name in had {
                    if !person.iter().any(|n| same_name(n, name)) {
                        person.push(name.clone());
                    }
                }
                others.push(person);
                names = others;
            }
        }
        People { names }
    }

    /// Every name of the person `name` names: itself, and any other name
    /// that person had in any game.
    fn names_of(&self, name: &str) -> Vec<String> {
        self.names
            .iter()
            .find(|person| person.iter().any(|n| same_name(n, name)))
            .cloned()
            .unwrap_or_else(|| vec![name.to_string()])
    }

    /// How many people.
    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }

    /// The person of a name, by index.
    pub(crate) fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|person| person.iter().any(|n| same_name(n, name)))
    }
}

/// The seat in a finished game of the person `people` knows as `typed`:
/// by any name they had, at the end or before, in this game or another;
/// else by the start of a name, as everywhere. None for a player who left
/// before the end.
fn person(s: &Session, people: &People, typed: &str) -> Option<usize> {
    let seat = seat_of(s, people, typed)?;
    s.seats()[seat].left.is_none().then_some(seat)
}

/// The seat of the person `people` knows as `typed`, whether or not they
/// stayed to the end.
fn seat_of(s: &Session, people: &People, typed: &str) -> Option<usize> {
    let names = people.names_of(typed);
    let seat = names
        .iter()
        .find_map(|name| {
            (0..s.players().len()).find(|&seat| {
                same_name(&s.players()[seat], name)
                    || s.seats()[seat].former_names.iter().any(|f| same_name(f, name))
            })
        })
        .or_else(|| s.seat(typed))?;
    Some(seat)
}

/// The games `filter` admits, and their players under every name.
fn admitted<'a>(games: &'a [Session], filter: &Filter) -> (Vec<&'a Session>, People) {
    let people = People::of(&games.iter().collect::<Vec<_>>());
    let list = games.iter().filter(|s| filter.admits(s, &people)).collect();
    (list, people)
}

/// One player's record over the games of one group.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Record {
    /// The name as first seen, or the new name of a player renamed; players
    /// are matched without regard to case, and under any name they had.
    pub name: String,
    pub games: usize,
    /// A shared win counts as a win for each.
    pub wins: usize,
    /// Wins per game, from 0 to 1, to two places.
    pub win_rate: f64,
    pub average_place: f64,
    pub average_total: f64,
    /// The lowest total of a game.
    pub best: i32,
    /// The highest total of a game.
    pub worst: i32,
    /// The average points of a round.
    pub average_round: f64,
    /// Rounds where the player went out first.
    pub rounds_out: usize,
    /// The fewest points of one round.
    pub best_round: i32,
}

/// The games played under one set of rules, and the records from them.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Group {
    /// The game the rules play: `Three Thirteen`, `Five Crowns`.
    pub game: &'static str,
    /// The short name of the rules the games started with (a preset, or
    /// the game's own preset and what differs): games of different games
    /// never share a group, and a rule changed mid-game makes no group of
    /// its own.
    pub rules: String,
    pub games: usize,
    /// The games of the group whose rules changed during the game.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_zero"))]
    pub changed: usize,
    /// Most wins first, then the lowest average place, then the name.
    pub records: Vec<Record>,
    /// The players who left games of the group before the end, who have no
    /// place in them: in the order they are first met.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub left: Vec<Leaver>,
}

/// A player who left games before the end: how many, and the rounds they
/// played in them.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Leaver {
    pub name: String,
    pub games: usize,
    pub rounds: usize,
}

/// Sums kept while the games are read.
#[derive(Default)]
struct Sums {
    total: i64,
    places: usize,
    rounds: usize,
    round_points: i64,
    /// Every name the player had, to know them again under any.
    aliases: Vec<String>,
}

/// The records of the games `filter` admits, one group per rules.
pub fn groups(games: &[Session], filter: &Filter) -> Vec<Group> {
    let (admitted, people) = admitted(games, filter);
    let mut groups: Vec<(String, Vec<&Session>)> = Vec::new();
    for s in admitted {
        // The rules the game started with: a change mid-game is noted, and
        // the game compared with the others begun under the same rules.
        let key = s.rules_timeline()[0].1.summary();
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(s),
            None => groups.push((key, vec![s])),
        }
    }
    let mut out: Vec<Group> = groups
        .into_iter()
        .map(|(rules, list)| Group {
            game: list[0].rules().game().name(),
            rules,
            games: list.len(),
            changed: list.iter().filter(|s| s.rules_timeline().len() > 1).count(),
            records: records_of(&list, &people),
            left: leavers_of(&list, &people),
        })
        .collect();
    // The most played rules first.
    out.sort_by(|a, b| b.games.cmp(&a.games).then(a.rules.cmp(&b.rules)));
    out
}

fn records_of(games: &[&Session], people: &People) -> Vec<Record> {
    // By person: the record, its sums, and the person's index in `people`.
    let mut records: Vec<(Record, Sums, Option<usize>)> = Vec::new();
    for s in games {
        let board = s.scoreboard();
        let totals = board.totals();
        let winners = board.winners();
        for (seat, player) in s.players().iter().enumerate() {
            if s.seats()[seat].left.is_some() {
                continue;
            }
            let names: Vec<&String> = std::iter::once(player).chain(&s.seats()[seat].former_names).collect();
            let who = people.index_of(player);
            let known = |sums: &Sums, of: Option<usize>| {
                (who.is_some() && of == who)
                    || sums.aliases.iter().any(|a| names.iter().any(|n| same_name(a, n)))
            };
            let i = match records.iter().position(|(_, sums, of)| known(sums, *of)) {
                Some(i) => i,
                None => {
                    let record = Record {
                        name: player.clone(),
                        games: 0,
                        wins: 0,
                        win_rate: 0.0,
                        average_place: 0.0,
                        average_total: 0.0,
                        best: i32::MAX,
                        worst: i32::MIN,
                        average_round: 0.0,
                        rounds_out: 0,
                        best_round: i32::MAX,
                    };
                    records.push((record, Sums::default(), who));
                    records.len() - 1
                }
            };
            let (r, sums, _) = &mut records[i];
            for name in &names {
                if !sums.aliases.iter().any(|a| same_name(a, name)) {
                    sums.aliases.push(name.to_string());
                }
            }
            // A player renamed goes by their new name.
            if names[1..].iter().any(|f| same_name(f, &r.name)) {
                r.name = player.clone();
            }
            r.games += 1;
            r.wins += usize::from(winners.contains(&seat));
            r.best = r.best.min(totals[seat]);
            r.worst = r.worst.max(totals[seat]);
            r.rounds_out += board.rounds_out()[seat];
            // Only the rounds the player was at the table for.
            for k in (0..s.rounds().len()).filter(|&k| s.plays(seat, k + 1)) {
                r.best_round = r.best_round.min(board.points(k)[seat]);
                sums.round_points += i64::from(board.points(k)[seat]);
                sums.rounds += 1;
            }
            sums.total += i64::from(totals[seat]);
            sums.places += board.places()[seat];
        }
    }
    let mut out: Vec<Record> = records
        .into_iter()
        .map(|(mut r, sums, _)| {
            let games = r.games as f64;
            r.win_rate = (r.wins as f64 / games * 100.0).round() / 100.0;
            r.average_place = round1(sums.places as f64 / games);
            r.average_total = round1(sums.total as f64 / games);
            r.average_round = round1(sums.round_points as f64 / sums.rounds.max(1) as f64);
            r
        })
        .collect();
    out.sort_by(|a, b| {
        b.wins
            .cmp(&a.wins)
            .then(a.average_place.total_cmp(&b.average_place))
            .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
    });
    out
}

/// The players who left games before the end, known under any name they
/// had, as the records know them.
fn leavers_of(games: &[&Session], people: &People) -> Vec<Leaver> {
    let mut out: Vec<(Leaver, Option<usize>)> = Vec::new();
    for s in games {
        for (seat, player) in s.players().iter().enumerate() {
            if s.seats()[seat].left.is_none() {
                continue;
            }
            let rounds = (1..=s.rounds().len()).filter(|&r| s.plays(seat, r)).count();
            let who = people.index_of(player);
            let i = match out
                .iter()
                .position(|(l, of)| (who.is_some() && *of == who) || same_name(&l.name, player))
            {
                Some(i) => i,
                None => {
                    out.push((Leaver { name: player.clone(), games: 0, rounds: 0 }, who));
                    out.len() - 1
                }
            };
            out[i].0.games += 1;
            out[i].0.rounds += rounds;
        }
    }
    out.into_iter().map(|(l, _)| l).collect()
}

/// One finished game of one player.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Game {
    pub session: String,
    /// When the game was last changed: when it ended (RFC 3339 in JSON).
    #[cfg_attr(feature = "serde", serde(serialize_with = "rfc3339"))]
    pub ended: Timestamp,
    pub rules: String,
    pub players: usize,
    pub total: i32,
    /// The place at the end; 0 for a player who left before it.
    pub place: usize,
    pub winners: Vec<String>,
    /// For a player who left before the end: the rounds recorded when they
    /// left.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub left_after: Option<usize>,
    /// For a player who left before the end: the rounds they played.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub rounds_played: Option<usize>,
}

/// The games of `player` that `filter` admits, oldest first.
pub fn games_of(games: &[Session], filter: &Filter, player: &str) -> Vec<Game> {
    let (admitted, people) = admitted(games, filter);
    let mut out: Vec<Game> = admitted
        .into_iter()
        .filter_map(|s| {
            // A player who left is in the games they played, without a place.
            let seat = seat_of(s, &people, player)?;
            let left = s.seats()[seat].left;
            let board = s.scoreboard();
            Some(Game {
                session: s.name().to_string(),
                ended: s.updated(),
                rules: s.rules_summary(),
                players: s.players().len(),
                total: board.totals()[seat],
                place: if left.is_some() { 0 } else { board.places()[seat] },
                winners: board.winners().iter().map(|&w| s.players()[w].clone()).collect(),
                left_after: left,
                rounds_played: left.map(|_| (1..=s.rounds().len()).filter(|&r| s.plays(seat, r)).count()),
            })
        })
        .collect();
    out.sort_by(|a, b| a.ended.cmp(&b.ended).then(a.session.cmp(&b.session)));
    out
}

/// Two players' games together: who finished ahead how often.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Versus {
    pub first: String,
    pub second: String,
    pub games: usize,
    /// Games where the first finished in a better place.
    pub first_ahead: usize,
    pub second_ahead: usize,
    /// Games where they shared a place.
    pub level: usize,
}

/// `first` against `second` over the games `filter` admits.
pub fn versus(games: &[Session], filter: &Filter, first: &str, second: &str) -> Versus {
    let mut v = Versus {
        first: first.to_string(),
        second: second.to_string(),
        games: 0,
        first_ahead: 0,
        second_ahead: 0,
        level: 0,
    };
    let (admitted, people) = admitted(games, filter);
    for s in admitted {
        let (Some(a), Some(b)) = (person(s, &people, first), person(s, &people, second)) else { continue };
        if a == b {
            continue;
        }
        let board = s.scoreboard();
        v.games += 1;
        match board.places()[a].cmp(&board.places()[b]) {
            std::cmp::Ordering::Less => v.first_ahead += 1,
            std::cmp::Ordering::Greater => v.second_ahead += 1,
            std::cmp::Ordering::Equal => v.level += 1,
        }
    }
    v
}

#[cfg(feature = "serde")]
fn rfc3339<S: serde::Serializer>(t: &Timestamp, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(t)
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(feature = "serde")]
fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::RoundRecord;

    fn game(players: &[&str], per_round: &[u32], rules: Rules) -> Session {
        let names = players.iter().map(|p| p.to_string()).collect();
        let mut s = Session::new("g", names, 0, rules, Timestamp::UNIX_EPOCH).unwrap();
        for _ in 0..11 {
            let mut r = RoundRecord::from_deadwood(per_round.to_vec());
            r.out = per_round.iter().position(|&d| d == 0);
            s.add_round(r, Timestamp::UNIX_EPOCH).unwrap();
        }
        s
    }

    #[test]
    fn players_are_matched_across_games_without_regard_to_case() {
        let std = Rules::default();
        let games = [game(&["Ann", "Bob"], &[0, 5], std), game(&["bob", "Cy"], &[1, 1], std)];
        let groups = groups(&games, &Filter::default());
        assert_eq!(groups.len(), 1);
        let records = &groups[0].records;
        let names: Vec<&str> = records.iter().map(|r| r.name.as_str()).collect();
        // One win each (Bob and Cy share theirs); then the best average place.
        assert_eq!(names, ["Ann", "Cy", "Bob"]);
        let bob = &records[2];
        assert_eq!((bob.games, bob.wins, bob.best, bob.worst, bob.best_round), (2, 1, 11, 55, 1));
        assert_eq!(
            (bob.average_total, bob.average_round, bob.average_place, bob.win_rate),
            (33.0, 3.0, 1.5, 0.5)
        );
        assert_eq!(records[0].rounds_out, 11);
    }

    #[test]
    fn rules_are_grouped_and_filtered() {
        let tens = Rules::preset("tens").unwrap();
        let games = [
            game(&["Ann", "Bob"], &[0, 5], Rules::default()),
            game(&["Ann", "Bob"], &[5, 0], tens),
            game(&["Ann", "Cy"], &[5, 0], tens),
        ];
        let all = groups(&games, &Filter::default());
        let shape: Vec<(&str, usize)> = all.iter().map(|g| (g.rules.as_str(), g.games)).collect();
        assert_eq!(shape, [("tens", 2), ("standard", 1)]);
        let only = Filter { rules: Some(tens), players: vec!["bob".into()], ..Filter::default() };
        assert_eq!(groups(&games, &only)[0].games, 1);
        let v = versus(&games, &Filter::default(), "Ann", "bob");
        assert_eq!((v.games, v.first_ahead, v.second_ahead, v.level), (2, 1, 1, 0));
        let ann = games_of(&games, &Filter::default(), "ann");
        assert_eq!(ann.iter().map(|g| g.place).collect::<Vec<_>>(), [1, 2, 2]);
    }

    /// Bob, renamed Robert in one game, is the same person in every game
    /// under either name, whichever game comes first.
    #[test]
    fn a_player_renamed_is_found_under_either_name_in_every_game() {
        let std = Rules::default();
        let mut renamed = game(&["Ann", "Bob"], &[0, 5], std);
        renamed.rename_player(1, "Robert", Timestamp::UNIX_EPOCH).unwrap();
        let before = game(&["Bob", "Cy"], &[1, 2], std);
        let after = game(&["Robert", "Cy"], &[2, 1], std);
        for games in [
            [before.clone(), renamed.clone(), after.clone()],
            [after.clone(), before.clone(), renamed.clone()],
        ] {
            let filter = Filter::default();
            let bob = games_of(&games, &filter, "Bob");
            let robert = games_of(&games, &filter, "robert");
            assert_eq!(bob.len(), 3);
            assert_eq!(bob, robert);
            let all = groups(&games, &filter);
            let names: Vec<&str> = all[0].records.iter().map(|r| r.name.as_str()).collect();
            assert_eq!(all[0].records.len(), 3, "{names:?}");
            let with = Filter { players: vec!["Bob".into()], ..Filter::default() };
            assert_eq!(groups(&games, &with)[0].games, 3);
            let v = versus(&games, &filter, "Cy", "Bob");
            assert_eq!((v.games, v.first_ahead, v.second_ahead), (2, 1, 1));
        }
    }

    #[test]
    fn a_preset_with_a_setting_is_grouped_under_its_name() {
        let mut tens = Rules::preset("tens").unwrap();
        tens.set("double_last_rounds", "true").unwrap();
        let all = groups(&[game(&["Ann", "Bob"], &[0, 5], tens)], &Filter::default());
        assert_eq!(all[0].rules, "tens, double_last_rounds=true");
    }

    #[test]
    fn a_game_whose_rules_changed_counts_apart() {
        let tens = Rules::preset("tens").unwrap();
        let mut changed = game(&["Ann", "Bob"], &[0, 5], Rules::default());
        let change = crate::rules::RulesChange::replacing(tens);
        changed
            .change_rules_from(12, &change, &mut crate::solver::Solver::new(), Timestamp::UNIX_EPOCH)
            .unwrap_err();
        let mut later = game(&["Ann", "Bob"], &[0, 5], Rules::default());
        let mut s = later.clone();
        for _ in 0..5 {
            s.undo_change(&mut crate::solver::Solver::new(), Timestamp::UNIX_EPOCH).unwrap();
        }
        s.change_rules_from(7, &change, &mut crate::solver::Solver::new(), Timestamp::UNIX_EPOCH).unwrap();
        for _ in 0..5 {
            let mut r = RoundRecord::from_deadwood(vec![0, 5]);
            r.out = Some(0);
            s.add_round(r, Timestamp::UNIX_EPOCH).unwrap();
        }
        later = s;
        let games = [game(&["Ann", "Bob"], &[0, 5], tens), later, changed];
        let shape: Vec<(String, usize)> =
            groups(&games, &Filter::default()).into_iter().map(|g| (g.rules, g.games)).collect();
        // The game whose rules changed from round 7 counts with the games
        // begun under the same rules, the change noted.
        assert_eq!(shape, [("standard".to_string(), 2), ("tens".to_string(), 1)]);
        assert_eq!(groups(&games, &Filter::default())[0].changed, 1);
        // A filter on rules admits a game played under them throughout.
        let only = Filter { rules: Some(tens), ..Filter::default() };
        assert_eq!(groups(&games, &only).iter().map(|g| g.games).sum::<usize>(), 1);
    }

    #[test]
    fn unfinished_games_do_not_count() {
        let mut s = game(&["Ann", "Bob"], &[0, 5], Rules::default());
        s.undo(Timestamp::UNIX_EPOCH);
        assert!(groups(&[s], &Filter::default()).is_empty());
    }
}
