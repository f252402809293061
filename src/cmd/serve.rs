//! `three13 serve`: the session on every phone and the TV.

use std::io::IsTerminal;

use crate::cli::{Cli, ServeArgs};
use crate::error::Result;
use crate::serve;
use crate::ui::Ui;

pub(crate) fn run(args: &ServeArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let data = crate::app::served::Served::open(super::store(cli)?, args.session.session.as_deref())?;
    let on_terminal = std::io::stderr().is_terminal();
    let options = serve::Options {
        lan: args.lan,
        entry: args.entry,
        port: args.port,
        listen: args.listen,
        qr: on_terminal,
        said: ui.stderr(),
        season: args.season.clone(),
        drill_budget: args.drill_budget as usize,
    };
    serve::serve(data, &options, &mut *ui.out)
}
