//! `three13 sessions`: list the sessions.

use std::io::Write;

use crate::cli::{Cli, SessionsArgs};
use crate::error::Result;
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
        writeln!(ui.out, "No sessions yet; start one with `three13 new --player NAME --player NAME`.")?;
        return Ok(());
    }
    // Narrower layouts count the players and give the day only.
    let table = |narrow: bool| {
        let mut t = ui.table();
        t.set_header(vec!["", "Session", "Players", "Rounds", "Leader", "Last change"]);
        for l in &listed {
            let mark = if l.current { "*" } else { "" };
            if l.error.is_some() {
                t.add_row(vec![mark, &l.name, "(damaged: does not load)", "", "", ""]);
                continue;
            }
            let leader = if l.finished {
                format!(
                    "won by {}",
                    super::and_list(&l.winners.iter().map(String::as_str).collect::<Vec<_>>())
                )
            } else {
                super::and_list(&l.leaders.iter().map(String::as_str).collect::<Vec<_>>())
            };
            // The leaders' total: players who left are not among them.
            let ahead = if l.finished { &l.winners } else { &l.leaders };
            let best = l.totals.0.iter().filter(|(p, _)| ahead.contains(p)).map(|(_, t)| *t).min();
            let leader = match best {
                Some(b) if !leader.is_empty() => format!("{leader} ({b})"),
                _ => leader,
            };
            t.add_row(vec![
                mark.to_string(),
                l.name.clone(),
                if narrow { l.players.len().to_string() } else { l.players.join(", ") },
                format!("{}/{}", l.rounds_played, l.rounds),
                leader,
                if narrow { l.shown.chars().take(10).collect() } else { l.shown.clone() },
            ]);
        }
        t.to_string()
    };
    let t = ui.first_fitting([table(false), table(true)]);
    writeln!(ui.out, "{t}")?;
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
