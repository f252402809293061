//! `three13 delete`: delete a session.

use std::io::Write;

use crate::cli::{Cli, DeleteArgs};
use crate::error::{Error, Result};
use crate::ui::Ui;

pub(crate) fn run(args: &DeleteArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    if args.json {
        ui.for_json();
    }
    // Deleting cannot be undone: only the whole name will do.
    let name = &store.find_whole(&args.name)?;
    // A link to nothing is still a file to delete.
    if std::fs::symlink_metadata(store.session_path(name)).is_err() {
        let error = Error::data(format!("no session named \"{name}\"; see `three13 sessions`"));
        return Err(store.did_you_mean(error, name));
    }
    // A damaged file can still be deleted: say what is known of it.
    let about = || match store.load(name) {
        Ok(s) => format!(
            " ({}; {} of {} rounds played)",
            s.players().join(", "),
            s.rounds().len(),
            s.deals().len()
        ),
        Err(_) => " (its file does not load)".to_string(),
    };
    let question = || format!("Delete session {name}{}? This cannot be undone", about());
    let sure = ui.confirm(args.yes, question, || {
        Error::usage(format!("deleting {name} cannot be undone; off a terminal, confirm with --yes"))
    })?;
    if !sure {
        ui.note("nothing was deleted");
        return Ok(());
    }
    let was_current = crate::app::sessions::delete(&store, name)?;
    if args.json {
        let json = serde_json::json!({ "change": "delete", "deleted": name, "was_current": was_current });
        writeln!(ui.out, "{}", crate::report::json(&json))?;
        return Ok(());
    }
    writeln!(ui.out, "Deleted session {name}.")?;
    if was_current {
        writeln!(ui.out, "There is no current session now; pick one with `three13 use NAME`.")?;
    }
    Ok(())
}
