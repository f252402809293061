//! From the command line to an exit code.

use std::process::ExitCode;

use clap::FromArgMatches;

use crate::cli::{Cli, Command};
use crate::cmd;
use crate::error::Result;
use crate::ui::{ColorWhen, Ui};

/// Parses the command line, runs it against the real terminal, reports an
/// error on stderr, and gives the exit code.
pub fn main() -> ExitCode {
    // `COMPLETE=SHELL three13 …` is a shell asking for completions.
    clap_complete::CompleteEnv::with_factory(crate::command).shells(crate::complete::SHELLS).complete();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // Colour is decided before parsing so that clap's own messages follow
    // --color too; clap weighs NO_COLOR and the terminal itself.
    let choice = match ColorWhen::from_args(&args) {
        ColorWhen::Auto => clap::ColorChoice::Auto,
        ColorWhen::Always => clap::ColorChoice::Always,
        ColorWhen::Never => clap::ColorChoice::Never,
    };
    let cli = match crate::cli::command_for_help(choice).try_get_matches_from(&args) {
        Ok(matches) => Cli::from_arg_matches(&matches),
        Err(e) => Err(e),
    };
    let cli = match cli {
        Ok(cli) => cli,
        Err(e) => clap_exit(e, &args, choice),
    };
    let mut ui = Ui::detect(cli.color, cli.ascii);
    let result = dispatch(&cli, &mut ui);
    // Output flushed late can still meet a closed pipe.
    let flushed = ui.out.flush().map_err(Into::into);
    if crate::interrupt::came_while_writing() {
        ui.note(crate::interrupt::FINISHED_FIRST);
    }
    match result.and(flushed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            ui.error(&e);
            ExitCode::from(e.code())
        }
    }
}

fn dispatch(cli: &Cli, ui: &mut Ui) -> Result<()> {
    let Some(command) = &cli.command else { return cmd::glance::run(cli, ui) };
    match command {
        Command::Show(args) => cmd::show::run(args, cli, ui),
        Command::Chart(args) => cmd::chart::run(args, cli, ui),
        Command::Check(args) => cmd::check::run(args, cli, ui),
        Command::New(args) => cmd::new::run(args, cli, ui),
        Command::Round(args) => cmd::round::run(args, cli, ui),
        Command::Table(args) => cmd::table::run(args, cli, ui),
        Command::Undo(args) => cmd::undo::run(args, cli, ui),
        Command::Log(args) => cmd::log::run(args, cli, ui),
        Command::Draw(args) => cmd::draw::run(args, cli, ui),
        Command::Edit(args) => cmd::edit::run(args, cli, ui),
        Command::Player(command) => cmd::player::run(command, cli, ui),
        Command::Sessions(args) => cmd::sessions::run(args, cli, ui),
        Command::Use(args) => cmd::use_session::run(args, cli, ui),
        Command::Delete(args) => cmd::delete::run(args, cli, ui),
        Command::Rules(args) => cmd::rules::run(args, cli, ui),
        Command::Stats(args) => cmd::stats::run(args, cli, ui),
        Command::League(args) => cmd::league::run(args, cli, ui),
        Command::Export(args) => cmd::export::run(args, cli, ui),
        Command::Path(args) => cmd::path::run(args, cli, ui),
        Command::Serve(args) => cmd::serve::run(args, cli, ui),
        Command::Sim(args) => cmd::sim::run(args, ui),
        Command::Drill(args) => cmd::drill::run(args, cli, ui),
        Command::Completions(args) => cmd::completions::run(args, ui),
    }
}

/// Ends on clap's own error or help. What clap quotes of the command line
/// is escaped like every other message: a typed escape sequence is shown,
/// never sent to the terminal. Clap quotes the words raw, so the words are
/// escaped and parsed again for the message.
fn clap_exit(e: clap::Error, args: &[std::ffi::OsString], choice: clap::ColorChoice) -> ! {
    use clap::error::ErrorKind;
    let help = matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion);
    let shown: Vec<String> = args.iter().map(|a| crate::ui::visible(&a.to_string_lossy())).collect();
    let raw = args.iter().any(|a| a.to_str().is_none_or(|t| crate::ui::visible(t) != t));
    if !help
        && raw
        && let Err(again) = crate::command().color(choice).try_get_matches_from(&shown)
    {
        let _ = again.print();
        std::process::exit(again.exit_code())
    }
    e.exit()
}
