//! `three13 chart`: each player's running total as a line chart, in the
//! terminal or as an SVG file.

use std::io::Write;

use crate::cli::{ChartArgs, Cli};
use crate::error::{Error, Result};
use crate::report::chart::{self, Race};
use crate::ui::Ui;

pub(crate) fn run(args: &ChartArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let s = store.load(&name)?;
    let race = Race::new(&s, ui);
    if args.json {
        writeln!(ui.out, "{}", crate::report::json(&race.json()))?;
        return Ok(());
    }
    if s.rounds().is_empty() {
        return Err(Error::data(format!(
            "no round of {name} is recorded yet; the chart starts after round 1"
        )));
    }
    match &args.svg {
        Some(path) if path.as_os_str() == "-" => {
            ui.out.write_all(chart::svg(&race)?.as_bytes())?;
            return Ok(());
        }
        Some(path) => {
            store.write_output(path, &chart::svg(&race)?)?;
            ui.note(&format!("wrote {} (the running totals of {name})", path.display()));
            return Ok(());
        }
        None => {}
    }
    let text = chart::terminal(ui, &race, ui.height);
    writeln!(ui.out, "{text}")?;
    Ok(())
}
