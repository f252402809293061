use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = three13::cli::Cli::parse();
    match three13::run::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => three13::report(e),
    }
}
