//! What the files of the data folder share: the format version, TOML
//! errors placed at a line and column, strings written the way the files
//! write them, and the settings of a rules table read and written.

use std::fmt::Write as _;

use serde::de::DeserializeOwned;
use std::ops::Range;

use three13_core::rules::{Rules, SETTINGS, Setting, Value as SettingValue};
use toml_edit::{Document, Item, Key, TableLike, Value};

use crate::files::{FileError, line_col};

/// The version of the files this build writes (every session file and the
/// state file), and the newest it reads. Version 2 added the `tiebreak`
/// setting and the `[tiebreak]` table, players who join or leave mid-game
/// (`[seats.NAME]`: joined, start, left, former_names) and dealers named
/// for a round (`dealers`). Version 3 added rules changed from a round on
/// (`[[rule_changes]]`), the cards typed as left over (`leftover`, in a
/// round and the tiebreak), a player's times away (`away`), a draw still
/// due, and the log of changes (`[log]`); and a game other than Three
/// Thirteen (`game`), a random round order (`hand_sizes`) and the settings
/// that came with them, written only by the games that use them. Files of
/// versions 1 and 2 still load.
pub(crate) const FORMAT_VERSION: i64 = 3;
/// The oldest version this build reads.
const OLDEST_VERSION: i64 = 1;

/// A file's text as a TOML document, with the place of every part: the
/// one parse of a file read. Refuses a `format_version` this build does
/// not read before anything else is read, so a future format is never
/// half-understood.
pub(super) fn parse(text: &str) -> Result<Document<&str>, FileError> {
    let doc = Document::parse(text).map_err(|e| FileError {
        // The one error toml_edit does not place is a key of too many
        // parts: it is found here.
        at: e.span().map(|s| line_col(text, s.start)).or_else(|| longest_key(text)),
        message: one_line(e.message()),
    })?;
    check_version(text, &doc)?;
    Ok(doc)
}

/// The document read as `T`, with the place of what does not fit.
pub(super) fn deserialize<T: DeserializeOwned>(text: &str, doc: &Document<&str>) -> Result<T, FileError> {
    T::deserialize(toml_edit::de::Deserializer::from(doc.clone())).map_err(|e| FileError {
        at: e.span().map(|s| line_col(text, s.start)),
        message: one_line(e.message()),
    })
}

/// The line and column of the first line holding a dotted key of more
/// parts than toml_edit reads (80: its recursion limit).
fn longest_key(text: &str) -> Option<(usize, usize)> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        // The dots outside quotes.
        let mut quote = None;
        let mut dots = 0;
        for c in line.chars() {
            match (quote, c) {
                (None, '"' | '\'') => quote = Some(c),
                (Some(q), c) if c == q => quote = None,
                (None, '.') => dots += 1,
                (None, '#') => break,
                _ => {}
            }
        }
        if dots >= 79 {
            let indent = line.len() - line.trim_start().len();
            return Some(line_col(text, offset + indent));
        }
        offset += line.len();
    }
    None
}

fn one_line(message: &str) -> String {
    message.trim().replace('\n', "; ")
}

fn check_version(text: &str, doc: &Document<&str>) -> Result<(), FileError> {
    let Some(version) = doc.get("format_version") else {
        return Err(FileError {
            at: Some((1, 1)),
            message: format!(
                "there is no format_version; this three13 writes format_version = {FORMAT_VERSION} \
                 and reads {OLDEST_VERSION} to {FORMAT_VERSION}"
            ),
        });
    };
    let at = version.span().map(|s| line_col(text, s.start));
    match version.as_integer() {
        Some(OLDEST_VERSION..=FORMAT_VERSION) => Ok(()),
        Some(v) if v > FORMAT_VERSION => Err(FileError {
            at,
            message: format!(
                "the file has format_version = {v}, from a newer three13; this one reads up to {FORMAT_VERSION}: \
                 upgrade three13 to use it"
            ),
        }),
        _ => Err(FileError {
            at,
            message: format!(
                "format_version is {}; this three13 reads {OLDEST_VERSION} to {FORMAT_VERSION}",
                shown(version)
            ),
        }),
    }
}

/// A value as a message shows it: as TOML writes it, without the file's
/// spacing and comments around it.
pub(super) fn shown(item: &Item) -> String {
    match item {
        Item::Value(Value::Datetime(d)) => d.value().to_string(),
        Item::Value(v) => v.clone().decorated("", "").to_string(),
        Item::Table(_) => "a table".to_string(),
        Item::ArrayOfTables(_) => "an array of tables".to_string(),
        Item::None => "nothing".to_string(),
    }
}

/// A string as the files write it: a TOML basic string, quoted and escaped.
pub(super) fn string(s: &str) -> Value {
    if plain(s) {
        // toml_edit writes a string of these characters as a basic string.
        Value::from(s)
    } else {
        // A repr other than toml_edit's own comes only from parsed text;
        // the spacing around it is left to where it is put.
        let mut value: Value = basic(s).parse().expect("a basic string is a TOML value");
        value.decor_mut().clear();
        value
    }
}

/// A key as the files write it: bare where TOML allows, else a basic string.
pub(super) fn key(s: &str) -> Key {
    if plain(s) {
        // toml_edit writes a key of these characters bare or as a basic string.
        Key::new(s)
    } else {
        let mut key = Key::parse(&basic(s)).expect("a basic string is a TOML key").pop().expect("one key");
        key.leaf_decor_mut().clear();
        key.dotted_decor_mut().clear();
        key
    }
}

/// Whether `s` needs no escape in a basic string.
fn plain(s: &str) -> bool {
    !s.chars().any(|c| c == '"' || c == '\\' || c.is_control())
}

/// `s` as a TOML basic string, quoted and escaped.
fn basic(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The `k`th table of an array of tables, or of an array of inline tables.
pub(super) fn nth_table(item: &Item, k: usize) -> Option<&dyn TableLike> {
    match item {
        Item::ArrayOfTables(tables) => tables.get(k).map(|t| t as &dyn TableLike),
        Item::Value(toml_edit::Value::Array(values)) => {
            values.get(k).and_then(toml_edit::Value::as_inline_table).map(|t| t as &dyn TableLike)
        }
        _ => None,
    }
}

/// `before` with the settings of a table (a key `skip` names aside) set
/// one by one, each checked and an error placed at its key or value:
/// `prefix` begins a message.
pub(super) fn settings(
    text: &str,
    table: &dyn TableLike,
    skip: &[&str],
    before: Rules,
    prefix: &str,
) -> Result<Rules, FileError> {
    let at = |span: Option<Range<usize>>, message: String| FileError {
        at: Some(line_col(text, span.map_or(0, |s| s.start))),
        message,
    };
    let mut rules = before;
    for (key, item) in table.iter().filter(|(k, _)| !skip.contains(k)) {
        let key_span = table.key(key).and_then(toml_edit::Key::span);
        let setting = Setting::find(key).ok_or_else(|| {
            let keys: Vec<&str> = SETTINGS.iter().map(|s| s.key).collect();
            at(
                key_span.clone(),
                format!(
                    "{prefix}unknown setting \"{}\"; the settings are {}",
                    key.escape_debug(),
                    keys.join(", ")
                ),
            )
        })?;
        // A value must be of the setting's own type: a number, a flag or a word.
        let typed = match setting.get(&rules) {
            SettingValue::Flag(_) => item.as_bool().map(|b| b.to_string()),
            SettingValue::Number(_) | SettingValue::Word(_) => {
                item.as_integer().map(|n| n.to_string()).or_else(|| item.as_str().map(str::to_string))
            }
        };
        let shown = match item.as_str() {
            Some(w) => w.escape_debug().to_string(),
            None => shown(item),
        };
        let refused = || {
            at(
                item.span().or(key_span.clone()),
                format!("{prefix}{} cannot be \"{shown}\"; it takes {}", setting.key, setting.allowed),
            )
        };
        let typed = typed.ok_or_else(refused)?;
        setting.set(&mut rules, &typed).map_err(|_| refused())?;
    }
    Ok(rules)
}

/// A setting's value under `rules`, as TOML.
pub(super) fn setting_value(setting: &Setting, rules: &Rules) -> Value {
    match setting.get(rules) {
        SettingValue::Number(n) => Value::from(n),
        SettingValue::Flag(f) => Value::from(f),
        SettingValue::Word(w) => string(w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_and_keys_are_basic_strings_escaped_as_before() {
        for (s, value, as_key) in [
            ("Ann", "\"Ann\"", "Ann"),
            ("Zoë 🃏", "\"Zoë 🃏\"", "\"Zoë 🃏\""),
            ("it's", "\"it's\"", "\"it's\""),
            ("Bob \"B\"", "\"Bob \\\"B\\\"\"", "\"Bob \\\"B\\\"\""),
            ("a\\b\tc\u{7f}\u{85}", "\"a\\\\b\\tc\\u007F\\u0085\"", "\"a\\\\b\\tc\\u007F\\u0085\""),
        ] {
            assert_eq!(string(s).to_string(), value, "{s:?}");
            assert_eq!(string(s).as_str(), Some(s));
            assert_eq!(key(s).display_repr(), as_key, "{s:?}");
            assert_eq!(key(s).get(), s);
        }
    }
}
