//! One module per subcommand, each with one `run` function.

pub(crate) mod chart;
pub(crate) mod check;
pub(crate) mod completions;
pub(crate) mod delete;
pub(crate) mod edit;
pub(crate) mod export;
pub(crate) mod glance;
pub(crate) mod new;
pub(crate) mod path;
pub(crate) mod player;
pub(crate) mod round;
pub(crate) mod rules;
pub(crate) mod sessions;
pub(crate) mod show;
pub(crate) mod stats;
pub(crate) mod table;
pub(crate) mod undo;
pub(crate) mod use_session;

use jiff::Timestamp;

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
    Ok(rules)
}

/// The data folder the command line names.
pub(crate) fn store(cli: &Cli) -> Result<Store> {
    Store::locate(cli.data_dir.as_deref())
}

/// Now, to the second: the files stay readable.
pub(crate) fn now() -> Timestamp {
    let t = Timestamp::now();
    Timestamp::from_second(t.as_second()).unwrap_or(t)
}

/// A time as the reader's clock shows it: `2026-11-22 19:04`.
pub(crate) fn local_time(t: Timestamp) -> String {
    t.to_zoned(jiff::tz::TimeZone::system()).strftime("%Y-%m-%d %H:%M").to_string()
}

/// Names as a sentence: `Ann`, `Ann and Bob`, `Ann, Bob and Cy`.
pub(crate) fn and_list(names: &[&str]) -> String {
    joined(names, "and")
}

/// Names as a choice: `Ann or Bob`, `Ann, Bob or Cy`.
pub(crate) fn or_list(names: &[&str]) -> String {
    joined(names, "or")
}

fn joined(names: &[&str], word: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// A meld as every report shows it: `set 9♣ 9♦ K♦  (K♦ as 9♥)`, or for
/// cards laid off, `onto 5h 6h 7h: 4h 8h`. `card` writes one card.
pub(crate) fn meld_text(
    m: &three13_core::solver::Meld,
    card: &dyn Fn(three13_core::card::Card) -> String,
) -> String {
    use three13_core::solver::MeldKind;
    let cards = |cs: &[three13_core::card::Card]| cs.iter().map(|&c| card(c)).collect::<Vec<_>>().join(" ");
    let kind = match (&m.onto, m.kind) {
        (Some(onto), _) => format!("onto {}:", cards(onto)),
        (None, MeldKind::Set) => "set".to_string(),
        (None, MeldKind::Run) => "run".to_string(),
    };
    format!("{kind} {}{}", cards(&m.cards), wild_roles(&m.wilds, card))
}

/// What the wilds of a meld stand for, `  (K♦ as 9♥, K♠ as 9♣)`, leaving
/// out a wild that stands for itself; empty when none.
pub(crate) fn wild_roles(
    wilds: &[three13_core::solver::WildRole],
    card: &dyn Fn(three13_core::card::Card) -> String,
) -> String {
    let roles: Vec<String> = wilds
        .iter()
        .filter(|r| r.card != r.stands_for)
        .map(|r| format!("{} as {}", card(r.card), card(r.stands_for)))
        .collect();
    if roles.is_empty() { String::new() } else { format!("  ({})", roles.join(", ")) }
}
