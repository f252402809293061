//! Keeping what a person wrote in a session file: when a file edited by
//! hand is saved again, its comments, and the way it wrote each value that
//! did not change, are carried over to the new text.

use toml_edit::{DocumentMut, Item, Table, Value};

/// The `new` text of a file, with the comments and layout of the `old` one
/// kept wherever the same table, key or value is still there. Either text
/// that does not parse gives `new` as it is.
pub(crate) fn keep_layout(old: &str, new: &str) -> String {
    let (Ok(old), Ok(mut kept)) = (old.parse::<DocumentMut>(), new.parse::<DocumentMut>()) else {
        return new.to_string();
    };
    carry_table(old.as_table(), kept.as_table_mut());
    kept.set_trailing(old.trailing().clone());
    kept.to_string()
}

fn carry_table(old: &Table, new: &mut Table) {
    *new.decor_mut() = old.decor().clone();
    for (mut key, item) in new.iter_mut() {
        let Some(old_item) = old.get(key.get()) else { continue };
        if let Some(old_key) = old.key(key.get()) {
            *key.leaf_decor_mut() = old_key.leaf_decor().clone();
        }
        carry_item(old_item, item);
    }
}

fn carry_item(old: &Item, new: &mut Item) {
    match (old, new) {
        (Item::Table(old), Item::Table(new)) => carry_table(old, new),
        (Item::ArrayOfTables(old), Item::ArrayOfTables(new)) => {
            for (old, new) in old.iter().zip(new.iter_mut()) {
                carry_table(old, new);
            }
        }
        (Item::Value(old), Item::Value(new)) => {
            if same(old, new) {
                *new = old.clone();
            } else {
                *new.decor_mut() = old.decor().clone();
            }
        }
        _ => {}
    }
}

/// Whether two values are equal as TOML, however each is written.
fn same(a: &Value, b: &Value) -> bool {
    let read = |v: &Value| format!("v = {}", v.to_string().trim()).parse::<toml::Table>().ok();
    matches!((read(a), read(b)), (Some(a), Some(b)) if a == b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_unchanged_values_are_kept() {
        let old = "\
# Friday at Ann's
format_version = 1
players = [\"Ann\",   \"Bob\"]   # in seat order
updated = \"2026-11-22T19:00:00Z\"  # when

# the house rules
[rules]
decks = 2 # two decks, always

# first round: Bob was lucky
[[rounds]]
round = 1
deadwood = { Ann = 26, Bob = 0 }
";
        let new = "\
format_version = 1
players = [\"Ann\", \"Bob\"]
updated = \"2026-11-22T20:00:00Z\"

[rules]
decks = 3

[[rounds]]
round = 1
deadwood = { Ann = 26, Bob = 0 }

[[rounds]]
round = 2
deadwood = { Ann = 0, Bob = 7 }
";
        assert_eq!(
            keep_layout(old, new),
            "\
# Friday at Ann's
format_version = 1
players = [\"Ann\",   \"Bob\"]   # in seat order
updated = \"2026-11-22T20:00:00Z\"  # when

# the house rules
[rules]
decks = 3 # two decks, always

# first round: Bob was lucky
[[rounds]]
round = 1
deadwood = { Ann = 26, Bob = 0 }

[[rounds]]
round = 2
deadwood = { Ann = 0, Bob = 7 }
"
        );
    }

    #[test]
    fn text_that_does_not_parse_is_not_kept() {
        assert_eq!(keep_layout("not [ toml", "a = 1\n"), "a = 1\n");
    }
}
