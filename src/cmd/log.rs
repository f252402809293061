//! `three13 log`: the changes made to a session, with their time.

use std::io::Write;

use crate::cli::{Cli, LogArgs};
use crate::error::Result;
use crate::report::log::listed;
use crate::ui::Ui;

#[derive(Debug, serde::Serialize)]
struct LogJson {
    session: String,
    /// Oldest first.
    changes: Vec<ChangeJson>,
}

#[derive(Debug, serde::Serialize)]
struct ChangeJson {
    /// From 1, oldest first.
    number: usize,
    /// When, as an RFC 3339 time in UTC.
    at: String,
    /// `round`, `edit`, `dealer`, `player-add`, `player-remove`,
    /// `player-return`, `player-rename`, `rules` or `draw`.
    change: &'static str,
    /// The change in words, as the list says it.
    said: String,
}

pub(crate) fn run(args: &LogArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    if args.json {
        ui.for_json();
    }
    let s = store.load(&name)?;
    if args.json {
        let json = LogJson {
            session: name,
            changes: s
                .log()
                .iter()
                .enumerate()
                .map(|(i, e)| ChangeJson {
                    number: i + 1,
                    at: e.at.to_string(),
                    change: e.change.word(),
                    said: listed(e),
                })
                .collect(),
        };
        writeln!(ui.out, "{}", crate::report::json(&json))?;
        return Ok(());
    }
    let count = s.log().len();
    let heading = match count {
        0 => format!("Log of {name}: no change since it was started ({})", super::local_time(s.created())),
        1 => format!("Log of {name}: 1 change since it was started ({})", super::local_time(s.created())),
        n => format!("Log of {name}: {n} changes since it was started ({})", super::local_time(s.created())),
    };
    writeln!(ui.out, "{}", ui.bold(&ui.wrap(&heading, 2)))?;
    let digits = count.to_string().len();
    for (i, e) in s.log().iter().enumerate() {
        let line = format!("{:>digits$}. {}  {}", i + 1, super::local_time(e.at), listed(e));
        writeln!(ui.out, "{}", ui.wrap(&line, digits + 2))?;
    }
    if count > 0 {
        writeln!(ui.out, "{}", ui.wrap(&format!("`three13 undo` takes back the last change ({count})."), 0))?;
    } else if !s.rounds().is_empty() {
        // A file from before the log: the rounds are there, their changes not.
        writeln!(
            ui.out,
            "{}",
            ui.wrap(
                "Its file was written before three13 kept a log; `three13 undo` removes the last round.",
                0
            )
        )?;
    }
    Ok(())
}
