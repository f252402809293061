//! `three13 stats`: each player's record over the finished games.

use std::io::Write;

use comfy_table::CellAlignment;

use crate::cli::{Cli, StatsArgs};
use crate::error::Result;
use crate::ui::Ui;
use three13_core::stats::{Record, records};

#[derive(Debug, serde::Serialize)]
struct Stats {
    games: usize,
    players: Vec<Record>,
}

pub(crate) fn run(args: &StatsArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let mut games = Vec::new();
    for name in store.names()? {
        match store.load(&name) {
            Ok(s) if s.finished() => games.push(s),
            Ok(_) => {}
            Err(e) => ui.note(&format!("session {name} is left out: {e}")),
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
