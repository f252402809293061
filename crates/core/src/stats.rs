//! Each player's record over finished games.

use crate::sheet::{Session, same_name};

/// One player's record over the games given.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Record {
    /// The name as first seen, or the new name of a player renamed; players
    /// are matched without regard to case, and under any name they had.
    pub name: String,
    pub games: usize,
    /// A shared win counts as a win for each.
    pub wins: usize,
    pub average_total: f64,
    /// The lowest total of a game.
    pub best: i32,
    /// The highest total of a game.
    pub worst: i32,
    /// The average points of a round.
    pub average_round: f64,
    /// Rounds where the player went out first.
    pub rounds_out: usize,
}

/// Sums kept while the games are read.
#[derive(Default)]
struct Sums {
    total: i64,
    rounds: usize,
    round_points: i64,
    /// Every name the player had, to know them again under any.
    aliases: Vec<String>,
}

/// The records of every player of the finished games among `games`:
/// most wins first, then the lowest average total, then the name. A player
/// renamed in a game is one person under every name they had; a player who
/// left a game before its end has no record of it.
pub fn records(games: &[Session]) -> Vec<Record> {
    let mut records: Vec<(Record, Sums)> = Vec::new();
    for s in games.iter().filter(|s| s.finished()) {
        let board = s.scoreboard();
        let totals = board.totals();
        for (seat, player) in s.players().iter().enumerate() {
            if s.seats()[seat].left.is_some() {
                continue;
            }
            let names: Vec<&String> = std::iter::once(player).chain(&s.seats()[seat].former_names).collect();
            let known = |sums: &Sums| sums.aliases.iter().any(|a| names.iter().any(|n| same_name(a, n)));
            let i = match records.iter().position(|(_, sums)| known(sums)) {
                Some(i) => i,
                None => {
                    let record = Record {
                        name: player.clone(),
                        games: 0,
                        wins: 0,
                        average_total: 0.0,
                        best: i32::MAX,
                        worst: i32::MIN,
                        average_round: 0.0,
                        rounds_out: 0,
                    };
                    records.push((record, Sums::default()));
                    records.len() - 1
                }
            };
            let (r, sums) = &mut records[i];
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
            r.wins += usize::from(board.winners().contains(&seat));
            r.best = r.best.min(totals[seat]);
            r.worst = r.worst.max(totals[seat]);
            r.rounds_out += s.rounds().iter().filter(|round| round.out == Some(seat)).count();
            sums.total += i64::from(totals[seat]);
            sums.rounds += s.rounds().len();
            sums.round_points += (0..s.rounds().len()).map(|k| i64::from(board.points(k)[seat])).sum::<i64>();
        }
    }
    let mut out: Vec<Record> = records
        .into_iter()
        .map(|(mut r, sums)| {
            r.average_total = round1(sums.total as f64 / r.games as f64);
            r.average_round = round1(sums.round_points as f64 / sums.rounds.max(1) as f64);
            r
        })
        .collect();
    out.sort_by(|a, b| {
        b.wins
            .cmp(&a.wins)
            .then(a.average_total.total_cmp(&b.average_total))
            .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
    });
    out
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use jiff::Timestamp;

    use super::*;
    use crate::rules::Rules;
    use crate::sheet::RoundRecord;

    fn game(players: &[&str], per_round: &[u32]) -> Session {
        let names = players.iter().map(|p| p.to_string()).collect();
        let mut s = Session::new("g", names, 0, Rules::default(), Timestamp::UNIX_EPOCH).unwrap();
        for _ in 0..11 {
            let mut r = RoundRecord::from_deadwood(per_round.to_vec());
            r.out = per_round.iter().position(|&d| d == 0);
            s.add_round(r, Timestamp::UNIX_EPOCH).unwrap();
        }
        s
    }

    #[test]
    fn players_are_matched_across_games_without_regard_to_case() {
        let games = [game(&["Ann", "Bob"], &[0, 5]), game(&["bob", "Cy"], &[1, 1])];
        let records = records(&games);
        let names: Vec<&str> = records.iter().map(|r| r.name.as_str()).collect();
        // One win each (Bob and Cy share theirs); then the lowest average total.
        assert_eq!(names, ["Ann", "Cy", "Bob"]);
        let bob = &records[2];
        assert_eq!((bob.games, bob.wins, bob.best, bob.worst), (2, 1, 11, 55));
        assert_eq!((bob.average_total, bob.average_round), (33.0, 3.0));
        assert_eq!(records[0].rounds_out, 11);
    }

    #[test]
    fn unfinished_games_do_not_count() {
        let mut s = game(&["Ann", "Bob"], &[0, 5]);
        s.undo(Timestamp::UNIX_EPOCH);
        assert!(records(&[s]).is_empty());
    }
}
