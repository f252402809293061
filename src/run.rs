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
    }
}
