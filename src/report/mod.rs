//! The report layer: every figure the game crate computes, rendered for
//! a person (text that fits the width) and serialised for a script (JSON of
//! the same figures). Commands hand their results here; nothing here reads
//! or writes a file, and nothing decides a game rule.

pub(crate) mod change;
pub(crate) mod round;
pub(crate) mod table;

use jiff::Timestamp;
use serde::ser::{Serialize, SerializeMap, Serializer};

/// Player names to values, in seat order (a JSON object keeps the order).
#[derive(Debug)]
pub(crate) struct Named<V>(pub Vec<(String, V)>);

impl<V: Serialize> Serialize for Named<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// Pretty JSON of a report's figures.
pub(crate) fn json(value: &impl Serialize) -> String {
    serde_json::to_string_pretty(value).expect("a report serialises")
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
