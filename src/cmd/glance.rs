//! `three13` alone: the current game at a glance, or how to start one.

use std::io::Write;

use crate::cli::Cli;
use crate::error::Result;
use crate::ui::Ui;

/// The commands that begin a game, each with what it does.
const GETTING_STARTED: &str = "\
Examples:
  three13 new --player Ann --player Bob --player Cy   start a game (Ann deals first)
  three13 round 12 0 35                              record a round, in seat order
  three13 table                                      the score table";

pub(crate) fn run(cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let current = match store.current()? {
        Some(name) => name,
        None => {
            let saved = store.names().unwrap_or_default();
            if !saved.is_empty() {
                let names: Vec<&str> = saved.iter().map(String::as_str).collect();
                let line = format!(
                    "No game is current. Saved: {}. Continue one with `three13 use NAME`, \
                     or see them all with `three13 sessions`; start another with `three13 new`.",
                    crate::prose::and_list(&names)
                );
                writeln!(ui.out, "{}", ui.wrap(&line, 0))?;
                return Ok(());
            }
            let width = ui.width.unwrap_or(100);
            let steps = crate::cli::examples_at(GETTING_STARTED, width);
            let steps = steps.strip_prefix("Examples:\n").unwrap_or(&steps);
            writeln!(ui.out, "{}", ui.wrap("No game yet. To keep the score of one:", 0))?;
            writeln!(ui.out, "{steps}")?;
            writeln!(ui.out, "{}", ui.wrap("To check a hand: three13 check 7d 10c KS QS 5c 4h JD", 2))?;
            writeln!(ui.out, "Everything else: three13 --help")?;
            return Ok(());
        }
    };
    let s = store.load(&current)?;
    let board = s.scoreboard();
    let played = s.rounds().len();
    let deals = s.deals().len();
    let heading =
        format!("Session {} (rules: {}): {played} of {deals} rounds played", s.name(), s.rules_summary());
    writeln!(ui.out, "{}", ui.bold(&ui.wrap(&heading, 2)))?;
    if played > 0 {
        let view = crate::report::sheet::SheetView::new(&s);
        writeln!(ui.out, "{}", crate::report::table::standings(ui, &view))?;
    }
    for line in crate::report::table::ending(ui, &s, &board) {
        writeln!(ui.out, "{line}")?;
    }
    // A draw due is recorded with `three13 draw`, as the ending says.
    if !board.finished() && !s.draw_due() {
        writeln!(
            ui.out,
            "{}",
            ui.wrap("Record it with `three13 round`; the whole table: `three13 table`.", 0)
        )?;
    }
    Ok(())
}
