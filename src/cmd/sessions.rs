//! `three13 sessions`: list the sessions.

use std::io::Write;

use crate::cli::{Cli, SessionsArgs};
use crate::error::Result;
use crate::fit::{Grid, Record, Wrap};
use crate::ui::Ui;
use three13_core::sheet::Session;

/// One line of the list, for people and for scripts.
#[derive(Debug, serde::Serialize)]
struct Listed {
    name: String,
    current: bool,
    /// Why the file does not load, when it does not.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    players: Vec<String>,
    rounds_played: usize,
    rounds: usize,
    finished: bool,
    leaders: Vec<String>,
    winners: Vec<String>,
    totals: crate::report::Named<i32>,
    /// The last change, as an RFC 3339 time in UTC.
    updated: Option<String>,
    /// The last change on the reader's clock.
    #[serde(skip)]
    shown: String,
}

pub(crate) fn run(args: &SessionsArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let current = store.current().unwrap_or_else(|e| {
        ui.note(&e.to_string());
        None
    });
    let listed: Vec<Listed> = store
        .names_noting_others(ui)?
        .into_iter()
        .filter_map(|name| {
            let is_current = current.as_deref() == Some(name.as_str());
            Some(match store.load(&name) {
                Ok(s) => listed(&s, is_current),
                // Deleted by another three13 since the folder was read.
                Err(_) if std::fs::symlink_metadata(store.session_path(&name)).is_err() => return None,
                Err(e) => Listed {
                    name,
                    current: is_current,
                    error: Some(e.to_string()),
                    players: vec![],
                    rounds_played: 0,
                    rounds: 0,
                    finished: false,
                    leaders: vec![],
                    winners: vec![],
                    totals: crate::report::Named(vec![]),
                    updated: None,
                    shown: String::new(),
                },
            })
        })
        .collect();
    if args.json {
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&listed).expect("serialises"))?;
        return Ok(());
    }
    if listed.is_empty() {
        let none = "No sessions yet; start one with `three13 new --player NAME --player NAME`.";
        writeln!(ui.out, "{}", ui.wrap(none, 0))?;
        return Ok(());
    }
    writeln!(ui.out, "{}", list(ui, &listed))?;
    if listed.iter().any(|l| l.current) {
        writeln!(ui.out, "* the current session")?;
    }
    for l in &listed {
        if let Some(e) = &l.error {
            ui.out.flush()?;
            ui.note(&format!("session {} does not load: {e}", l.name));
        }
    }
    Ok(())
}

/// The sessions as a table: every player and the time of the last change,
/// else (narrower) the number of players and the day, whole and then with
/// headers and cells wrapped; else one session under another.
fn list(ui: &Ui, listed: &[Listed]) -> String {
    let grid = |narrow: bool| {
        let mut grid = Grid::new(["", "Session", "Players", "Rounds", "Leader", "Last change"]);
        for l in listed {
            let mark = if l.current { "*" } else { "" }.to_string();
            if l.error.is_some() {
                grid.row(vec![mark, l.name.clone(), DAMAGED.to_string()]);
                continue;
            }
            grid.row(vec![
                mark,
                l.name.clone(),
                if narrow { l.players.len().to_string() } else { l.players.join(", ") },
                rounds(l),
                leader(l),
                if narrow { l.shown.chars().take(10).collect() } else { l.shown.clone() },
            ]);
        }
        grid
    };
    let (wide, narrow) = (grid(false), grid(true));
    // Every player and the time, else their number and the day.
    let table = |wrap| match wrap {
        Wrap::Nothing => ui.grid(&wide, wrap).or_else(|| ui.grid(&narrow, wrap)),
        _ => ui.grid(&narrow, wrap),
    };
    let records = || {
        let sessions: Vec<Record> = listed
            .iter()
            .map(|l| {
                let title = if l.current { format!("* {}", l.name) } else { l.name.clone() };
                if l.error.is_some() {
                    return Record::new(title).field("", DAMAGED);
                }
                let record =
                    Record::new(title).field("Players", l.players.join(", ")).field("Rounds", rounds(l));
                let record = match ahead(l) {
                    Some(names) => record.field(if l.finished { "Won by" } else { "Leader" }, names),
                    None => record,
                };
                record.field("Last change", l.shown.clone())
            })
            .collect();
        ui.records(&sessions)
    };
    ui.table_or_records(table, records)
}

/// What the list says of a session whose file does not load.
const DAMAGED: &str = "(damaged: does not load)";

/// `3/11`: the rounds played of the rounds of the rules.
fn rounds(l: &Listed) -> String {
    format!("{}/{}", l.rounds_played, l.rounds)
}

/// `Ann (12)`, or for a finished game `won by Ann and Bob (40)`.
fn leader(l: &Listed) -> String {
    match ahead(l) {
        Some(names) if l.finished => format!("won by {names}"),
        Some(names) => names,
        None => String::new(),
    }
}

/// The leaders, or the winners of a finished game, with their total
/// (players who left are not among them): `Ann and Bob (40)`.
fn ahead(l: &Listed) -> Option<String> {
    let names = if l.finished { &l.winners } else { &l.leaders };
    let joined = super::and_list(&names.iter().map(String::as_str).collect::<Vec<_>>());
    let best = l.totals.0.iter().filter(|(p, _)| names.contains(p)).map(|(_, t)| *t).min();
    match best {
        _ if names.is_empty() => None,
        Some(b) => Some(format!("{joined} ({b})")),
        None => Some(joined),
    }
}

fn listed(s: &Session, current: bool) -> Listed {
    let board = s.scoreboard();
    let names = |seats: &[usize]| seats.iter().map(|&i| s.players()[i].clone()).collect();
    Listed {
        name: s.name().to_string(),
        current,
        error: None,
        players: s.players().to_vec(),
        rounds_played: s.rounds().len(),
        rounds: s.deals().len(),
        finished: board.finished(),
        leaders: names(board.leaders()),
        winners: names(&board.winners()),
        totals: crate::report::Named(
            s.players().iter().cloned().zip(board.totals().iter().copied()).collect(),
        ),
        updated: Some(s.updated().to_string()),
        shown: super::local_time(s.updated()),
    }
}
