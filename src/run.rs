//! From parsed arguments to an exit code.

use crate::cli::{Cli, Command};
use crate::cmd;
use crate::error::Result;
use crate::ui::Ui;

/// Runs one command line against the real terminal.
pub fn run(cli: Cli) -> Result<()> {
    let mut ui = Ui::detect(cli.color, cli.ascii);
    let result = dispatch(&cli, &mut ui);
    // Output flushed late can still meet a closed pipe.
    let flushed = ui.out.flush().map_err(Into::into);
    result.and(flushed)
}

fn dispatch(cli: &Cli, ui: &mut Ui) -> Result<()> {
    match &cli.command {
        Command::Check(args) => cmd::check::run(args, cli, ui),
        Command::New(args) => cmd::new::run(args, cli, ui),
        Command::Round(args) => cmd::round::run(args, cli, ui),
        Command::Table(args) => cmd::table::run(args, cli, ui),
        Command::Undo(args) => cmd::undo::run(args, cli, ui),
        Command::Edit(args) => cmd::edit::run(args, cli, ui),
        Command::Sessions(args) => cmd::sessions::run(args, cli, ui),
        Command::Use(args) => cmd::use_session::run(args, cli, ui),
        Command::Delete(args) => cmd::delete::run(args, cli, ui),
        Command::Rules(args) => cmd::rules::run(args, cli, ui),
        Command::Stats(args) => cmd::stats::run(args, cli, ui),
        Command::Export(args) => cmd::export::run(args, cli, ui),
        Command::Path(args) => cmd::path::run(args, cli, ui),
        Command::Completions(args) => cmd::completions::run(args, ui),
    }
}
