//! `three13 stats`: each player's record over the finished games.

use std::io::Write;

use comfy_table::CellAlignment;

use crate::cli::{Cli, StatsArgs};
use crate::error::Result;
use crate::sheet::Session;
use crate::ui::Ui;

/// One player's record.
#[derive(Debug, serde::Serialize)]
struct Record {
    name: String,
    games: usize,
    /// A shared win counts as a win for each.
    wins: usize,
    average_total: f64,
    /// The lowest total of a game.
    best: i32,
    /// The highest total of a game.
    worst: i32,
    /// The average points of a round.
    average_round: f64,
    /// Rounds where the player went out first.
    rounds_out: usize,
    #[serde(skip)]
    total: i64,
    #[serde(skip)]
    rounds: usize,
    #[serde(skip)]
    round_points: i64,
}

#[derive(Debug, serde::Serialize)]
struct Stats {
    games: usize,
    players: Vec<Record>,
}

pub fn run(args: &StatsArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let mut games = Vec::new();
    for name in store.names()? {
        match store.load(&name) {
            Ok(s) if s.finished() => games.push(s),
            Ok(_) => {}
            Err(e) => ui.note(&format!("session {name} is left out: {}", e.message)),
        }
    }
    let stats = Stats { games: games.len(), players: records(&games) };
    if args.json {
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&stats).expect("serialises"))?;
        return Ok(());
    }
    if games.is_empty() {
        writeln!(ui.out, "No finished games yet; a game counts once its last round is recorded.")?;
        return Ok(());
    }
    let mut t = ui.table();
    t.set_header(vec!["Player", "Games", "Wins", "Avg total", "Best", "Worst", "Avg round", "Went out"]);
    for r in &stats.players {
        t.add_row(vec![
            r.name.clone(),
            r.games.to_string(),
            r.wins.to_string(),
            format!("{:.1}", r.average_total),
            r.best.to_string(),
            r.worst.to_string(),
            format!("{:.1}", r.average_round),
            r.rounds_out.to_string(),
        ]);
    }
    for col in 1..8 {
        if let Some(c) = t.column_mut(col) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    let plural = if games.len() == 1 { "" } else { "s" };
    writeln!(ui.out, "{}", ui.bold(&format!("{} finished game{plural}", games.len())))?;
    writeln!(ui.out, "{t}")?;
    Ok(())
}

/// The records of every player, matched by name without regard to case:
/// most wins first, then the lowest average total.
fn records(games: &[Session]) -> Vec<Record> {
    let mut records: Vec<Record> = Vec::new();
    for s in games {
        let totals = s.totals();
        let winners = s.winners();
        for (seat, player) in s.players.iter().enumerate() {
            let i = match records.iter().position(|r| r.name.to_lowercase() == player.to_lowercase()) {
                Some(i) => i,
                None => {
                    records.push(Record {
                        name: player.clone(),
                        games: 0,
                        wins: 0,
                        average_total: 0.0,
                        best: i32::MAX,
                        worst: i32::MIN,
                        average_round: 0.0,
                        rounds_out: 0,
                        total: 0,
                        rounds: 0,
                        round_points: 0,
                    });
                    records.len() - 1
                }
            };
            let r = &mut records[i];
            r.games += 1;
            r.wins += usize::from(winners.contains(&seat));
            r.total += i64::from(totals[seat]);
            r.best = r.best.min(totals[seat]);
            r.worst = r.worst.max(totals[seat]);
            r.rounds += s.rounds.len();
            r.round_points += (0..s.rounds.len()).map(|k| i64::from(s.points(k)[seat])).sum::<i64>();
            r.rounds_out += s.rounds.iter().filter(|round| round.out == Some(seat)).count();
        }
    }
    for r in &mut records {
        r.average_total = round1(r.total as f64 / r.games as f64);
        r.average_round = round1(r.round_points as f64 / r.rounds.max(1) as f64);
    }
    records.sort_by(|a, b| {
        b.wins
            .cmp(&a.wins)
            .then(a.average_total.total_cmp(&b.average_total))
            .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
    });
    records
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}
