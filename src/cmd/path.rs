//! `three13 path`: where the files are.

use std::io::Write;

use crate::cli::{Cli, PathArgs};
use crate::error::Result;
use crate::ui::Ui;

pub(crate) fn run(args: &PathArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    writeln!(ui.out, "{}", store.root().display())?;
    let name = match &args.session.session {
        Some(name) => Some(store.find(name)?),
        None => store.current()?,
    };
    if let Some(name) = name {
        writeln!(ui.out, "{}", store.session_path(&name).display())?;
    }
    Ok(())
}
