//! `three13 path`: where the files are.

use std::io::Write;

use crate::cli::{Cli, PathArgs};
use crate::error::Result;
use crate::ui::Ui;

pub(crate) fn run(args: &PathArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = match &args.session.session {
        Some(name) => Some(store.find(name)?),
        None => store.current()?,
    };
    if args.json {
        let json = serde_json::json!({
            "data_dir": store.root().to_string_lossy(),
            "session": name.as_ref().map(|n| store.session_path(n).to_string_lossy().into_owned()),
        });
        writeln!(ui.out, "{}", crate::report::json(&json))?;
        return Ok(());
    }
    line(ui, store.root())?;
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
