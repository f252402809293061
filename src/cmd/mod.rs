//! One module per subcommand, each with one `run` function.

pub mod check;
pub mod completions;
pub mod delete;
pub mod edit;
pub mod export;
pub mod new;
pub mod path;
pub mod round;
pub mod rules;
pub mod sessions;
pub mod stats;
pub mod table;
pub mod undo;
pub mod use_session;

use jiff::Timestamp;

use crate::cli::{Cli, RulesArgs};
use crate::error::{Error, Result};
use crate::rules::Rules;
use crate::store::Store;

/// The rules named on the command line: a preset (else `base`, else the
/// standard rules), then each --set in turn.
pub fn resolve_rules(args: &RulesArgs, base: Option<Rules>) -> Result<Rules> {
    let mut rules = match &args.preset {
        Some(name) => Rules::preset(name)?,
        None => base.unwrap_or_default(),
    };
    for s in &args.set {
        rules.apply(s)?;
    }
    Ok(rules)
}

/// The data folder the command line names.
pub fn store(cli: &Cli) -> Result<Store> {
    Store::locate(cli.data_dir.as_deref())
}

/// Now, to the second: the files stay readable.
pub fn now() -> Timestamp {
    let t = Timestamp::now();
    Timestamp::from_second(t.as_second()).unwrap_or(t)
}

/// A time as the reader's clock shows it: `2026-11-22 19:04`.
pub fn local_time(t: Timestamp) -> String {
    t.to_zoned(jiff::tz::TimeZone::system()).strftime("%Y-%m-%d %H:%M").to_string()
}

/// Names as a sentence: `Ann`, `Ann and Bob`, `Ann, Bob and Cy`.
pub fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A prompt that could not be answered: Ctrl-C, Escape, or a terminal gone.
pub fn prompt_failed(e: dialoguer::Error) -> Error {
    let dialoguer::Error::IO(e) = e;
    if e.kind() == std::io::ErrorKind::Interrupted {
        cancelled()
    } else {
        Error::data(format!("cannot ask on the terminal: {e}"))
    }
}

/// The person backed out of a prompt.
pub fn cancelled() -> Error {
    Error::data("cancelled; nothing was written")
}
