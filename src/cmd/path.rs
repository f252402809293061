//! `three13 path`: where the files are.

use std::io::Write;

use crate::cli::{Cli, PathArgs};
use crate::error::Result;
use crate::ui::Ui;

pub(crate) fn run(args: &PathArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    line(ui, store.root())?;
    let name = match &args.session.session {
        Some(name) => Some(store.find(name)?),
        None => store.current()?,
    };
    if let Some(name) = name {
        line(ui, &store.session_path(&name))?;
    }
    Ok(())
}

/// A path on a line of its own, byte for byte where the system allows it
/// (a folder whose name is not UTF-8 is printed as it is, for a script).
fn line(ui: &mut Ui, path: &std::path::Path) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        ui.out.write_all(path.as_os_str().as_bytes())?;
    }
    #[cfg(not(unix))]
    write!(ui.out, "{}", path.display())?;
    writeln!(ui.out)?;
    Ok(())
}
