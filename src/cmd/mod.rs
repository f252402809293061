//! One module per subcommand, each with one `run` function.

pub mod check;

use crate::cli::RulesArgs;
use crate::error::Result;
use crate::rules::Rules;

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
