//! `three13` alone: the current game at a glance, or how to start one.

use std::io::Write;

use crate::cli::Cli;
use crate::error::Result;
use crate::ui::Ui;

const GETTING_STARTED: &str = "\
No game yet. To keep the score of one:
  three13 new --player Ann --player Bob --player Cy   start a game (Ann deals first)
  three13 round 12 0 35                              record a round, in seat order
  three13 table                                      the score table
To check a hand: three13 check 7d 10c KS QS 5c 4h JD
Everything else: three13 --help";

pub(crate) fn run(cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let current = match store.current()? {
        Some(name) => name,
        None => {
            writeln!(ui.out, "{GETTING_STARTED}")?;
            return Ok(());
        }
    };
    let s = store.load(&current)?;
    let board = s.scoreboard();
    let played = s.rounds().len();
    let deals = s.deals().len();
    let heading =
        format!("Session {} (rules: {}): {played} of {deals} rounds played", s.name(), s.rules().summary());
    writeln!(ui.out, "{}", ui.bold(&ui.wrap(&heading, 2)))?;
    if played > 0 {
        writeln!(ui.out, "{}", crate::report::table::standings(ui, &s, &board))?;
    }
    for line in crate::report::table::ending(ui, &s, &board) {
        writeln!(ui.out, "{line}")?;
    }
    if !board.finished() {
        writeln!(ui.out, "Record it with `three13 round`; the whole table: `three13 table`.")?;
    }
    Ok(())
}
