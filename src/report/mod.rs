//! The report layer: every figure the game crate computes, rendered for
//! a person (text that fits the width) and serialised for a script (JSON of
//! the same figures). Commands hand their results here; nothing here reads
//! or writes a file, and nothing decides a game rule.

pub(crate) mod change;
pub(crate) mod chart;
pub(crate) mod check;
pub(crate) mod drill;
pub(crate) mod explain;
pub(crate) mod league;
pub(crate) mod log;
pub(crate) mod players;
pub(crate) mod points;
pub(crate) mod round;
pub(crate) mod rules;
pub(crate) mod sheet;
pub(crate) mod shown;
pub(crate) mod start;
pub(crate) mod table;
pub(crate) mod tiebreak;
pub(crate) mod undo;

pub(crate) use crate::prose::and_list;

use jiff::Timestamp;
use serde::ser::{Serialize, SerializeMap, Serializer};
use three13_core::sheet::{Session, Start};

/// Player names to values, in seat order (a JSON object keeps the order).
#[derive(Debug)]
pub(crate) struct Named<V>(pub Vec<(String, V)>);

impl<V> Named<V> {
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

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
/// Where the starting total of the player at `seat` came from, after the
/// number: "24, the highest total after round 3", or "40, as given".
pub(crate) fn start_origin(s: &Session, seat: usize, start: i32) -> String {
    let st = &s.seats()[seat];
    match st.start {
        Start::Rule(rule) => format!("{start}, {} after round {}", rule.described(), st.joined),
        Start::Total(_) => format!("{start}, as given"),
    }
}

/// The rule a joiner's start follows, as JSON and the export give it:
/// "highest", "average", "lowest", or "given" for a number.
pub(crate) fn start_word(start: Start) -> &'static str {
    match start {
        Start::Rule(rule) => rule.word(),
        Start::Total(_) => "given",
    }
}

pub(crate) fn json(value: &impl Serialize) -> String {
    serde_json::to_string_pretty(value).expect("a report serialises")
}

/// A time as the reader's clock shows it: `2026-11-22 19:04`.
pub(crate) fn local_time(t: Timestamp) -> String {
    t.to_zoned(jiff::tz::TimeZone::system()).strftime("%Y-%m-%d %H:%M").to_string()
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

/// The names shortened to fit `most` columns each, told apart: a name
/// that fits stays whole; a longer one keeps its start and, where two
/// starts are alike, its end (`Alexa…mith`, `Alexa…ones`), `…` marking the
/// cut. None when no such forms keep every name apart.
pub(crate) fn names_within(names: &[String], most: usize) -> Option<Vec<String>> {
    use unicode_width::UnicodeWidthChar;
    let width = |s: &str| crate::text::display_width(s);
    // The first characters of `name` that take at most `room` columns.
    let head = |name: &str, room: usize| {
        let mut out = String::new();
        for c in name.chars() {
            if width(&out) + c.width().unwrap_or(0) > room {
                break;
            }
            out.push(c);
        }
        out
    };
    let tail = |name: &str, room: usize| {
        let mut out: Vec<char> = Vec::new();
        for c in name.chars().rev() {
            let taken: String = out.iter().rev().collect();
            if width(&taken) + c.width().unwrap_or(0) > room {
                break;
            }
            out.push(c);
        }
        out.iter().rev().collect::<String>()
    };
    let cut = |name: &str, end: usize| -> String {
        if width(name) <= most {
            return name.to_string();
        }
        let room = most.saturating_sub(1);
        let end = end.min(room.saturating_sub(1));
        format!("{}…{}", head(name, room - end).trim_end(), tail(name, end).trim_start())
    };
    let apart = |forms: &[String]| {
        forms.iter().enumerate().all(|(i, a)| forms[..i].iter().all(|b| a.to_lowercase() != b.to_lowercase()))
    };
    let mut forms: Vec<String> = names.iter().map(|n| cut(n, 0)).collect();
    // Alike starts keep more of their ends, until they are told apart.
    for end in 1..most {
        if apart(&forms) {
            return Some(forms);
        }
        let alike: Vec<usize> = (0..forms.len())
            .filter(|&i| {
                (0..forms.len()).any(|j| j != i && forms[i].to_lowercase() == forms[j].to_lowercase())
            })
            .collect();
        for i in alike {
            forms[i] = cut(&names[i], end);
        }
    }
    apart(&forms).then_some(forms)
}

/// Every set of shortened names from the widest to the narrowest that
/// still tells the players apart (the names whole first).
pub(crate) fn shortened(names: &[String]) -> Vec<Vec<String>> {
    let longest = names.iter().map(|n| crate::text::display_width(n)).max().unwrap_or(0);
    let mut all: Vec<Vec<String>> = vec![names.to_vec()];
    for most in (3..longest).rev() {
        if let Some(forms) = names_within(names, most)
            && all.last() != Some(&forms)
        {
            all.push(forms);
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn shortened_names_keep_their_starts_and_are_told_apart() {
        let players = names(&["Alexandra Smith", "Alexander Jones", "Cy", "Bartholomew"]);
        assert_eq!(names_within(&players, 8).unwrap(), names(&["Alexan…h", "Alexan…s", "Cy", "Barthol…"]));
        assert_eq!(names_within(&players, 4).unwrap(), names(&["Al…h", "Al…s", "Cy", "Bar…"]));
        for most in 3..16 {
            let forms = names_within(&players, most).expect("names this different can always be told apart");
            assert!(forms.iter().all(|f| crate::text::display_width(f) <= most), "{most}: {forms:?}");
            for (form, name) in forms.iter().zip(&players) {
                let start: String = form.chars().take_while(|&c| c != '…').collect();
                assert!(name.starts_with(&start), "{form} is a start of {name}");
            }
        }
        assert_eq!(shortened(&players)[0], players);
    }
}
