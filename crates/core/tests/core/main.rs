//! The game crate's one integration-test binary: the solver and the hand
//! parser against independent references, without building the CLI.

mod advice_props;
mod brute;
mod drill_props;
mod every_discard_props;
mod game_props;
mod meld_props;
mod parser_props;
mod play_props;
mod solver_props;

use std::fmt::Display;

use three13_core::rules::Rules;

/// `rules` with each setting changed through the same checked path as
/// `--set`: a value out of range fails the test rather than slipping in.
pub(crate) fn with_settings(rules: Rules, settings: &[(&str, &dyn Display)]) -> Rules {
    settings.iter().fold(rules, |rules, (key, value)| {
        let value = value.to_string();
        rules.with(key, &value).unwrap_or_else(|e| panic!("{key}={value}: {e:?}"))
    })
}
