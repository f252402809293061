//! One module per subcommand, each with one `run` function.

pub(crate) mod chart;
pub(crate) mod check;
pub(crate) mod completions;
pub(crate) mod delete;
pub(crate) mod draw;
pub(crate) mod edit;
pub(crate) mod export;
pub(crate) mod glance;
pub(crate) mod league;
pub(crate) mod log;
pub(crate) mod new;
pub(crate) mod path;
pub(crate) mod player;
pub(crate) mod round;
pub(crate) mod rules;
pub(crate) mod serve;
pub(crate) mod sessions;
pub(crate) mod show;
pub(crate) mod sim;
pub(crate) mod stats;
pub(crate) mod table;
pub(crate) mod undo;
pub(crate) mod use_session;

pub(crate) use crate::report::{and_list, local_time, meld_text};

use crate::cli::{Cli, RulesArgs};
use crate::error::Result;
use crate::store::Store;
use three13_core::rules::Rules;

/// The rules named on the command line: a preset (else `base`, else the
/// standard rules), then each --set in turn.
pub(crate) fn resolve_rules(args: &RulesArgs, base: Option<Rules>) -> Result<Rules> {
    let mut rules = match &args.preset {
        Some(name) => Rules::preset(name)?,
        None => base.unwrap_or_default(),
    };
    for s in &args.set {
        rules.apply(s)?;
    }
    rules.check()?;
    Ok(rules)
}

/// The data folder the command line names, its notes said on stderr as
/// the command line asks.
pub(crate) fn store(cli: &Cli) -> Result<Store> {
    Ok(Store::locate(cli.data_dir.as_deref())?.saying_on(crate::stderr::Stderr::detect(cli.color)))
}

pub(crate) use crate::clock::now;
