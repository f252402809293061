//! `three13 table`: the running score table.

use std::io::Write;

use crate::cli::{Cli, TableArgs};
use crate::error::Result;
use crate::report::{self, table::TableJson};
use crate::ui::Ui;

pub(crate) fn run(args: &TableArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let session = store.load(&name)?;
    if args.json {
        writeln!(ui.out, "{}", report::json(&TableJson::new(&session)))?;
        Ok(())
    } else {
        report::table::print_layout(ui, &session, args.wide)
    }
}
