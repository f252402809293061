//! `three13 completions`: a shell completion script on stdout.

use crate::assets;
use crate::cli::CompletionsArgs;
use crate::error::Result;
use crate::ui::Ui;

pub(crate) fn run(args: &CompletionsArgs, ui: &mut Ui) -> Result<()> {
    ui.out.write_all(&assets::completion(args.shell))?;
    Ok(())
}
