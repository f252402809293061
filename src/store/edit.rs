//! A TOML document edited to hold new values, keeping what a person wrote
//! in it: a value equal to its new one stays as it is written, comments and
//! all; one that differs is replaced where it stands, keeping the comments
//! and spacing around it; tables, arrays and inline tables are edited entry
//! by entry. Entries the new values no longer have are removed, and new ones
//! go where the new values have them: after the entry they follow there.

use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

/// Edits `doc` to hold the values of `new` (a document without layout of
/// its own: what it adds takes toml_edit's standard layout).
pub(super) fn edit_document(doc: &mut DocumentMut, new: DocumentMut) {
    edit_table(doc.as_table_mut(), new.into_table());
}

fn edit_item(old: &mut Item, new: Item) {
    match (old, new) {
        (Item::Value(old), Item::Value(new)) => edit_value(old, new),
        (Item::Table(old), Item::Table(new)) => edit_table(old, new),
        (Item::ArrayOfTables(old), Item::ArrayOfTables(new)) => edit_tables(old, new.into_iter().collect()),
        // The same values, written in another form by hand: the form stays.
        (Item::Table(old), Item::Value(Value::InlineTable(new))) => edit_table(old, new.into_table()),
        (Item::Value(Value::InlineTable(old)), Item::Table(new)) => edit_inline(old, new.into_inline_table()),
        (Item::Value(Value::Array(old)), Item::ArrayOfTables(new)) => edit_array(old, new.into_array()),
        (Item::ArrayOfTables(old), Item::Value(Value::Array(new)))
            if new.iter().all(Value::is_inline_table) =>
        {
            let tables = new.into_iter().filter_map(|v| match v {
                Value::InlineTable(t) => Some(t.into_table()),
                _ => None,
            });
            edit_tables(old, tables.collect());
        }
        (old, new) => *old = new,
    }
}

fn edit_table(old: &mut Table, mut new: Table) {
    let keys: Vec<String> = new.iter().map(|(k, _)| k.to_string()).collect();
    old.retain(|k, _| keys.iter().any(|n| n == k));
    let kept: Vec<String> = old.iter().map(|(k, _)| k.to_string()).collect();
    for k in &keys {
        let Some((key, item)) = new.remove_entry(k) else { continue };
        match old.get_mut(k) {
            Some(old) => edit_item(old, item),
            None => {
                old.insert_formatted(&key, item);
            }
        }
    }
    let order = merged_order(&kept, &keys);
    if !old.iter().map(|(k, _)| k).eq(order.iter().map(String::as_str)) {
        let entries: Vec<_> = order.iter().filter_map(|k| old.remove_entry(k)).collect();
        for (key, item) in entries {
            old.insert_formatted(&key, item);
        }
    }
}

/// The tables of an array of tables, edited one by one: those past the
/// new ones' count removed, new ones added at the end.
fn edit_tables(old: &mut ArrayOfTables, new: Vec<Table>) {
    while old.len() > new.len() {
        old.remove(old.len() - 1);
    }
    for (i, table) in new.into_iter().enumerate() {
        match old.get_mut(i) {
            Some(old) => edit_table(old, table),
            None => old.push(table),
        }
    }
}

fn edit_value(old: &mut Value, new: Value) {
    if same(old, &new) {
        return;
    }
    match (old, new) {
        (Value::Array(old), Value::Array(new)) => edit_array(old, new),
        (Value::InlineTable(old), Value::InlineTable(new)) => edit_inline(old, new),
        (old, mut new) => {
            *new.decor_mut() = old.decor().clone();
            *old = new;
        }
    }
}

/// The elements of an array, edited one by one: those past the new ones'
/// count removed, new ones added at the end, spaced as the last one was.
fn edit_array(old: &mut Array, new: Array) {
    let count = old.len();
    let last = old.iter().last();
    // The first element's spacing tells only whether it starts a line.
    let before = last.and_then(|v| text(v.decor().prefix())).filter(|p| count > 1 || p.contains('\n'));
    let closing = last.and_then(|v| text(v.decor().suffix()));
    let new: Vec<Value> = new.into_iter().collect();
    while old.len() > new.len() {
        old.remove(old.len() - 1);
    }
    for (i, mut value) in new.into_iter().enumerate() {
        match old.get_mut(i) {
            Some(old) => edit_value(old, value),
            None => {
                if let Some(before) = &before {
                    value.decor_mut().set_prefix(before.clone());
                }
                old.push_formatted(value);
            }
        }
    }
    if old.len() != count
        && let Some(closing) = closing
    {
        // The spacing before the closing bracket stays before it.
        if let Some(former) = count.checked_sub(1).and_then(|i| old.get_mut(i)) {
            former.decor_mut().set_suffix("");
        }
        if let Some(last) = old.len().checked_sub(1).and_then(|i| old.get_mut(i)) {
            last.decor_mut().set_suffix(closing);
        }
    }
}

/// The entries of an inline table, edited one by one.
fn edit_inline(old: &mut InlineTable, mut new: InlineTable) {
    let last = old.iter().last().map(|(k, _)| k.to_string());
    let closing = last.as_deref().and_then(|k| old.get(k)).and_then(|v| text(v.decor().suffix()));
    let keys: Vec<String> = new.iter().map(|(k, _)| k.to_string()).collect();
    old.retain(|k, _| keys.iter().any(|n| n == k));
    let kept: Vec<String> = old.iter().map(|(k, _)| k.to_string()).collect();
    for k in &keys {
        let Some((key, value)) = new.remove_entry(k) else { continue };
        match old.get_mut(k) {
            Some(old) => edit_value(old, value),
            None => {
                old.insert_formatted(&key, value);
            }
        }
    }
    let order = merged_order(&kept, &keys);
    if !old.iter().map(|(k, _)| k).eq(order.iter().map(String::as_str)) {
        let entries: Vec<_> = order.iter().filter_map(|k| old.remove_entry(k)).collect();
        for (key, value) in entries {
            old.insert_formatted(&key, value);
        }
    }
    let now_last = old.iter().last().map(|(k, _)| k.to_string());
    if now_last != last
        && let Some(closing) = closing
    {
        // The spacing before the closing brace stays before it.
        if let Some(former) = last.as_deref().and_then(|k| old.get_mut(k)) {
            former.decor_mut().set_suffix("");
        }
        if let Some(now_last) = now_last.as_deref().and_then(|k| old.get_mut(k)) {
            now_last.decor_mut().set_suffix(closing);
        }
    }
}

/// Spacing or a comment as written in the file.
fn text(raw: Option<&toml_edit::RawString>) -> Option<String> {
    raw.and_then(|r| r.as_str()).map(str::to_string)
}

/// The order of a table's keys once edited: the `kept` ones in the order
/// they had, each followed by the new keys that follow it in `new`.
fn merged_order(kept: &[String], new: &[String]) -> Vec<String> {
    let mut front = Vec::new();
    let mut after: Vec<Vec<&String>> = vec![Vec::new(); kept.len()];
    let mut anchor = None;
    for k in new {
        match kept.iter().position(|o| o == k) {
            Some(i) => anchor = Some(i),
            None => match anchor {
                Some(i) => after[i].push(k),
                None => front.push(k),
            },
        }
    }
    let mut order: Vec<String> = front.into_iter().cloned().collect();
    for (k, following) in kept.iter().zip(after) {
        order.push(k.clone());
        order.extend(following.into_iter().cloned());
    }
    order
}

/// Whether two values are equal as TOML, however each is written.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(a), Value::String(b)) => a.value() == b.value(),
        (Value::Integer(a), Value::Integer(b)) => a.value() == b.value(),
        (Value::Float(a), Value::Float(b)) => a.value().total_cmp(b.value()).is_eq(),
        (Value::Boolean(a), Value::Boolean(b)) => a.value() == b.value(),
        (Value::Datetime(a), Value::Datetime(b)) => a.value() == b.value(),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b.iter()).all(|(a, b)| same(a, b))
        }
        (Value::InlineTable(a), Value::InlineTable(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| same(v, w)))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `old` edited to hold the values of `new`.
    fn edited(old: &str, new: &str) -> String {
        let mut doc: DocumentMut = old.parse().unwrap();
        edit_document(&mut doc, new.parse().unwrap());
        doc.to_string()
    }

    #[test]
    fn comments_and_unchanged_values_are_kept() {
        let old = "\
# Friday at Ann's
format_version = 1
name = \"friday\"
players = [\"Ann\",   'Bob']   # in seat order
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
format_version = 2
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
            edited(old, new),
            "\
# Friday at Ann's
format_version = 2
players = [\"Ann\",   'Bob']   # in seat order
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
        // Edited to hold what it holds, a file is left as it is.
        assert_eq!(edited(old, old), old);
    }

    #[test]
    fn lists_keep_their_spacing_as_they_grow_and_shrink() {
        let old = "a = [ 1,  2 ]\nb = [\n    { x = 1 },\n]\nc = {x=1, y = 2 }\nd = [ 1 ]\n";
        assert_eq!(
            edited(
                old,
                "a = [1, 2, 3]\nb = [{ x = 1 }, { x = 2 }]\nc = { x = 1, y = 2, z = 3 }\nd = [1, 2]\n"
            ),
            "a = [ 1,  2,  3 ]\nb = [\n    { x = 1 },\n    { x = 2 },\n]\nc = {x=1, y = 2, z = 3 }\nd = [ 1, 2 ]\n"
        );
        assert_eq!(
            edited(old, "a = [1]\nb = []\nc = { x = 1 }\nd = [5]\n"),
            "a = [ 1 ]\nb = [\n]\nc = {x=1 }\nd = [ 5 ]\n"
        );
    }

    #[test]
    fn new_entries_go_after_the_ones_they_follow() {
        let old = "\
a = 1 # a
c = 3 # c

# rules
[rules]
x = 1

[[rounds]]
n = 1
";
        let new = "\
a = 1
b = 2
c = 3
d = 4

[seats.Bob]
left = 1

[rules]
w = 0
x = 1
y = 2

[[rounds]]
n = 1

[[rounds]]
n = 2

[tiebreak]
t = 1
";
        assert_eq!(
            edited(old, new),
            "\
a = 1 # a
b = 2
c = 3 # c
d = 4

[seats.Bob]
left = 1

# rules
[rules]
w = 0
x = 1
y = 2

[[rounds]]
n = 1

[[rounds]]
n = 2

[tiebreak]
t = 1
"
        );
    }

    #[test]
    fn values_written_in_another_form_keep_it() {
        let old = "r = { a = 1, b = 2 }\n\n[[rounds]]\nd.Ann = 1 # Ann\nd.Bob = 2\n";
        let new = "[r]\na = 1\nb = 3\n\n[[rounds]]\nd = { Ann = 1, Bob = 5 }\n";
        assert_eq!(edited(old, new), "r = { a = 1, b = 3 }\n\n[[rounds]]\nd.Ann = 1 # Ann\nd.Bob = 5\n");
    }
}
