//! `three13 undo`: take back the last change of the session.

use std::io::Write;

use crate::app::undo::{Undone, pending, undo};
use crate::cli::{Cli, UndoArgs};
use crate::error::{Error, Result};
use crate::report;
use crate::ui::Ui;

pub(crate) fn run(args: &UndoArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    if args.json {
        ui.for_json();
    }
    let pending = pending(&store, &name)?;
    let what = report::undo::what(&pending);
    let removes = pending.removes();
    let verb = if removes { "remove" } else { "take back" };
    let sure = ui.confirm(
        args.yes,
        || format!("{} {what} of {name}?", capitalised(verb)),
        || Error::usage(format!("undo would {verb} {what} of {name}; off a terminal, confirm with --yes")),
    )?;
    if !sure {
        ui.note(if removes { "nothing was removed" } else { "nothing was taken back" });
        return Ok(());
    }

    let Undone { before, session, saved, undone, again } = undo(&store, &name, &pending, super::now())?;
    let again = again.map(|again| report::undo::again(&before, again, args.session.session.is_some()));
    let said = match (&again, &undone) {
        (Some(again), _) => vec![format!("Removed {what}."), format!("To record it again: {again}")],
        (None, Some(e)) => report::log::restored(&before, &session, e),
        (None, None) => Vec::new(),
    };
    if args.json {
        return report::change::print(ui, "undo", saved, said, &session);
    }
    match again {
        Some(again) => writeln!(ui.out, "Removed {what}. To record it again:\n  {again}")?,
        None => {
            for line in said {
                writeln!(ui.out, "{}", ui.wrap(&line, 4))?;
            }
        }
    }
    report::table::print(ui, &session)
}

fn capitalised(verb: &str) -> String {
    let mut chars = verb.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
