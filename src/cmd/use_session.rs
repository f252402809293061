//! `three13 use`: make another session the current one.

use std::io::Write;

use crate::cli::{Cli, UseArgs};
use crate::error::Result;
use crate::ui::Ui;

pub(crate) fn run(args: &UseArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.find(&args.name)?;
    let session = crate::app::sessions::choose(&store, &name)?;
    if args.json {
        let said = vec![format!("Now using session {}.", session.name())];
        return crate::report::change::print(ui, "use", true, said, &session);
    }
    let state = match session.next_deal() {
        Some(_) => crate::report::table::next_line(&session, session.rounds().len() + 1),
        None => "The game is over.".to_string(),
    };
    writeln!(ui.out, "{}", ui.wrap(&format!("Now using session {}.", session.name()), 0))?;
    writeln!(ui.out, "{}", ui.wrap(&state, 6))?;
    Ok(())
}
