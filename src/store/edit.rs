//! A loaded session file's document edited in place to hold a named
//! change ([`Edit`]), keeping what a person wrote in it. Each edit
//! touches its own part of the file and nothing else:
//!
//! - a round recorded: its `[[rounds]]` table, as a new file writes it,
//!   appended after the last;
//! - the last round taken back: its table removed, its comments going
//!   after the round before;
//! - a round corrected: its table's values replaced key by key where they
//!   stand;
//! - players renamed: renamed where the file names them, keys and values,
//!   each in its place with its spacing and comments;
//! - the seats, the dealers, the rules, the tiebreak, the log, `updated`:
//!   the top-level keys of that part put as the session has them, each
//!   edited where it stands (a list of names by the names: a player
//!   seated goes in at the seat, the others stay as written; any other
//!   list by place, a log entry appended at its end), a key the session
//!   no longer has removed; the file's other keys are not looked at.
//!
//! A file of an older format, or with settings left out of its rules, is
//! brought to the current format by its first save: its `format_version`,
//! the `name` version 1 wrote and its rules edited so ([`Edit::Upgraded`]).
//! A session that is not the one the file holds, saved into it, has every
//! part edited so ([`Edit::Whole`]).
//!
//! Comments stay with what they are written beside:
//! - on the line of a value, or on the lines just above it: with that value,
//!   as it changes;
//! - inside an array or an inline table written over several lines: with the
//!   element or entry they follow on its line, or precede;
//! - on the lines just after a table's last line, before a blank line (or the
//!   end of the file): with that table, so a comment written after a round
//!   stays after it when the next round is added;
//! - on an entry that is removed (a value the session no longer has, an
//!   element, a table): on lines of their own where it was, before the next
//!   line kept, or else after the last one.

use toml_edit::{
    Array, ArrayOfTables, Decor, DocumentMut, InlineTable, Item, Key, RawString, Table, TableLike, Value,
};

use super::change::Edit;
use super::format::{FORMAT_VERSION, key, string};

/// Comments whose line went away, each `# …`, to be written on lines of
/// their own.
type Comments = Vec<String>;

/// Applies `edits` to `doc`, the document a session was loaded from, in
/// their order. `new` is what the session being saved writes (a document
/// without layout of its own: what an edit adds takes toml_edit's
/// standard layout), where each edit finds the values it puts.
pub(super) fn apply(doc: &mut DocumentMut, edits: &[Edit], new: DocumentMut) {
    keep_comments_with_their_tables(doc);
    let new = new.into_table();
    let mut left = Comments::new();
    for edit in edits {
        let root = doc.as_table_mut();
        match edit {
            Edit::Renamed(renamed) => rename_players(root, renamed),
            Edit::RoundAdded(n) => left.extend(add_round(root, &new, *n)),
            Edit::RoundRemoved => left.extend(remove_round(root, &new)),
            Edit::RoundReplaced(n) => left.extend(replace_round(root, &new, *n)),
            Edit::Whole => left.extend(edit_table(root, new.clone(), &|_| true)),
            part => {
                let keys = part.keys();
                let part = only(&new, keys, root);
                left.extend(edit_table(root, part, &|k| keys.contains(&k)))
            }
        }
    }
    if !left.is_empty() {
        let trailing = format!("{}{}", comment_lines(&left, ""), text(Some(doc.trailing())));
        doc.set_trailing(trailing);
    }
}

/// Whether a loaded document is in the current format: the current
/// `format_version`, and in its rules every setting the session's file
/// writes there.
pub(super) fn is_current(doc: &DocumentMut, new: &DocumentMut) -> bool {
    let rules = |d: &DocumentMut| d.get("rules").and_then(Item::as_table_like).map(|t| t.iter().count());
    let complete = match (doc.get("rules").and_then(Item::as_table_like), new.get("rules")) {
        (Some(has), Some(written)) => {
            written.as_table_like().is_some_and(|w| w.iter().all(|(k, _)| has.contains_key(k)))
        }
        _ => rules(doc) == rules(new),
    };
    doc.get("format_version").and_then(Item::as_integer) == Some(FORMAT_VERSION) && complete
}

/// What the session writes, for an edit of the top-level keys `keys` of
/// `root`: their entries, and in the place of each other key `root` has
/// too, a mark that keeps the order of the keys as the session writes it.
fn only(new: &Table, keys: &[&str], root: &Table) -> Table {
    let mut part = Table::new();
    for (k, item) in new.iter() {
        let item = match keys.contains(&k) {
            true => item.clone(),
            false if root.contains_key(k) => Item::Value(Value::from(false)),
            false => continue,
        };
        if let Some(key) = new.key(k) {
            part.insert_formatted(key, item);
        }
    }
    part
}

// Rounds.

/// The rounds' tables of a document, as a file writes them.
fn rounds(root: &mut Table) -> Option<&mut ArrayOfTables> {
    root.get_mut("rounds").and_then(Item::as_array_of_tables_mut)
}

/// How many rounds' tables a document has, as a file writes them.
fn round_count(root: &Table) -> Option<usize> {
    root.get("rounds").and_then(Item::as_array_of_tables).map(ArrayOfTables::len)
}

/// The table of round `n` in what the session writes.
fn new_round(new: &Table, n: usize) -> Option<Table> {
    new.get("rounds")?.as_array_of_tables()?.get(n.checked_sub(1)?).cloned()
}

/// Round `n`'s table appended, after the `n - 1` there are. Rounds written
/// otherwise by hand (none yet, or a list of inline tables) are edited as
/// a list, by place.
fn add_round(root: &mut Table, new: &Table, n: usize) -> Comments {
    if let (Some(count), Some(table)) = (round_count(root), new_round(new, n))
        && count + 1 == n
        && let Some(tables) = rounds(root)
    {
        tables.push(table);
        return Vec::new();
    }
    let part = only(new, &["rounds"], root);
    edit_table(root, part, &|k| k == "rounds")
}

/// The last round's table removed, its comments after the table before.
fn remove_round(root: &mut Table, new: &Table) -> Comments {
    let now = new.get("rounds").and_then(Item::as_array_of_tables).map_or(0, ArrayOfTables::len);
    if now > 0
        && round_count(root) == Some(now + 1)
        && let Some(tables) = rounds(root)
    {
        let mut lost = Vec::new();
        if let Some(last) = tables.get(now) {
            table_comments(last, &mut lost);
        }
        tables.remove(now);
        return match tables.get_mut(now - 1) {
            Some(before) => put_after(before, lost),
            None => lost,
        };
    }
    let part = only(new, &["rounds"], root);
    edit_table(root, part, &|k| k == "rounds")
}

/// Round `n`'s table edited key by key to hold its values now.
fn replace_round(root: &mut Table, new: &Table, n: usize) -> Comments {
    if let Some(table) = new_round(new, n)
        && let Some(old) = rounds(root).and_then(|r| r.get_mut(n - 1))
    {
        let left = edit_table(old, table, &|_| true);
        return put_after(old, left);
    }
    let part = only(new, &["rounds"], root);
    edit_table(root, part, &|k| k == "rounds")
}

// Players renamed.

/// Each player renamed: the name the file has, and the name now.
pub(super) type Renamed = [(String, String)];

/// Renames the players where a session file names them, each key and
/// value in its place with its spacing and comments: the values of
/// `players`, `first_dealer`, a dealer's `player`, and a round's (or the
/// tiebreak's) `out` and `penalties`; the keys of `seats`, of a round's
/// `deadwood`, `hands` and `leftover`, and of each of the tiebreak's
/// `draws`. The log is left as it is: its changes name the players as
/// they were called then.
fn rename_players(table: &mut dyn TableLike, to: &Renamed) {
    let keys: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
    for k in keys {
        let Some(item) = table.get_mut(&k) else { continue };
        match k.as_str() {
            "log" => {}
            "players" | "first_dealer" | "player" | "out" | "penalties" => {
                let values = match item.as_value_mut() {
                    Some(Value::Array(names)) => names.iter_mut().collect(),
                    Some(value) => vec![value],
                    None => Vec::new(),
                };
                for value in values {
                    if let Some(now) = value.as_str().and_then(|name| now_named(to, name)) {
                        let decor = value.decor().clone();
                        *value = string(now);
                        *value.decor_mut() = decor;
                    }
                }
            }
            "seats" | "deadwood" | "hands" | "leftover" | "draws" => rename_keys(item, to),
            _ => each_table(item, &mut |t| rename_players(t, to)),
        }
    }
}

/// Each table of an item: itself, or each of an array of tables (or of
/// inline tables).
fn each_table(item: &mut Item, f: &mut dyn FnMut(&mut dyn TableLike)) {
    match item {
        Item::ArrayOfTables(tables) => tables.iter_mut().for_each(|t| f(t)),
        Item::Value(Value::Array(values)) => {
            values.iter_mut().filter_map(Value::as_inline_table_mut).for_each(|t| f(t))
        }
        item => {
            if let Some(t) = item.as_table_like_mut() {
                f(t);
            }
        }
    }
}

/// The name now of a player the file names `name`, when renamed.
fn now_named<'a>(renamed: &'a Renamed, name: &str) -> Option<&'a str> {
    renamed.iter().find(|(was, _)| was == name).map(|(_, now)| now.as_str())
}

/// The keys of a table, an inline table or each of a list of inline
/// tables renamed, each written where and as it was.
fn rename_keys(item: &mut Item, to: &Renamed) {
    let renamed = |was: Key| {
        let Some(name) = now_named(to, was.get()) else { return was };
        let mut now = key(name);
        *now.leaf_decor_mut() = was.leaf_decor().clone();
        *now.dotted_decor_mut() = was.dotted_decor().clone();
        now
    };
    let inline = |t: &mut InlineTable| {
        let keys: Vec<String> = t.iter().map(|(k, _)| k.to_string()).collect();
        for (k, value) in keys.iter().filter_map(|k| t.remove_entry(k)).collect::<Vec<_>>() {
            t.insert_formatted(&renamed(k), value);
        }
    };
    match item {
        Item::Table(t) => {
            let keys: Vec<String> = t.iter().map(|(k, _)| k.to_string()).collect();
            for (k, item) in keys.iter().filter_map(|k| t.remove_entry(k)).collect::<Vec<_>>() {
                t.insert_formatted(&renamed(k), item);
            }
        }
        Item::Value(Value::InlineTable(t)) => inline(t),
        Item::Value(Value::Array(tables)) => {
            tables.iter_mut().filter_map(Value::as_inline_table_mut).for_each(inline)
        }
        _ => {}
    }
}

// Comments after a table.

/// The way from the document to one of its tables: each key, with the
/// place in an array of tables.
type Path = Vec<(String, Option<usize>)>;

/// Moves the comment lines written just after each table's last line
/// (before a blank line, or the end of the file) from where the document
/// holds them, in front of the next table's header or at its end, onto
/// that last line, so that they stay with the table whatever is added
/// after it. The text is the same.
fn keep_comments_with_their_tables(doc: &mut DocumentMut) {
    let mut shown = Vec::new();
    let mut position = 0;
    headers(doc.as_table(), &mut Vec::new(), &mut position, &mut shown);
    // The order the document shows its tables in: the root's lines first.
    shown.sort_by_key(|(position, path)| (!path.is_empty(), *position));
    for i in 0..shown.len() {
        let next = shown.get(i + 1).map(|(_, path)| path.clone());
        let prefix = match &next {
            Some(path) => text(table_at(doc.as_table_mut(), path).and_then(|t| t.decor().prefix())),
            None => text(Some(doc.trailing())),
        };
        let attached = attached(&prefix, next.is_none());
        if attached == 0 {
            continue;
        }
        let Some(table) = table_at(doc.as_table_mut(), &shown[i].1) else { continue };
        let Some(line) = last_line(table).and_then(|path| line_mut(table, &path)) else { continue };
        let suffix = text(line.decor().suffix());
        let lines = prefix[..attached].strip_suffix('\n').unwrap_or(&prefix[..attached]);
        line.decor_mut().set_suffix(format!("{suffix}\n{lines}"));
        let rest = prefix[attached..].to_string();
        match &next {
            Some(path) => {
                if let Some(t) = table_at(doc.as_table_mut(), path) {
                    t.decor_mut().set_prefix(rest);
                }
            }
            None => doc.set_trailing(rest),
        }
    }
}

/// The tables the document shows with a header (and the root), each with
/// its position and the path to it, as toml_edit visits them.
fn headers(table: &Table, path: &mut Path, position: &mut isize, out: &mut Vec<(isize, Path)>) {
    if !table.is_dotted() {
        if let Some(p) = table.position() {
            *position = p;
        }
        let in_array = path.last().is_some_and(|(_, i)| i.is_some());
        if path.is_empty() || in_array || !(table.is_implicit() && table.get_values().is_empty()) {
            out.push((*position, path.clone()));
        }
    }
    for (key, item) in table.iter() {
        let tables: Vec<(Option<usize>, &Table)> = match item {
            Item::Table(t) => vec![(None, t)],
            Item::ArrayOfTables(a) => a.iter().enumerate().map(|(i, t)| (Some(i), t)).collect(),
            _ => Vec::new(),
        };
        for (i, t) in tables {
            path.push((key.to_string(), i));
            headers(t, path, position, out);
            path.pop();
        }
    }
}

fn table_at<'a>(table: &'a mut Table, path: &[(String, Option<usize>)]) -> Option<&'a mut Table> {
    let Some(((k, i), rest)) = path.split_first() else { return Some(table) };
    let item = table.get_mut(k)?;
    let table = match i {
        Some(i) => item.as_array_of_tables_mut()?.get_mut(*i)?,
        None => item.as_table_mut()?,
    };
    table_at(table, rest)
}

/// How much of the start of `prefix` (what comes before a table's header,
/// or the end of the document when `at_end`) is comment lines that end at
/// a blank line, or at the end of the document: those follow the table
/// before. Comments that run into a header lead to it.
fn attached(prefix: &str, at_end: bool) -> usize {
    let mut length = 0;
    for line in prefix.split_inclusive('\n') {
        if !line.ends_with('\n') {
            break;
        }
        if line.trim_start().starts_with('#') {
            length += line.len();
        } else {
            return length;
        }
    }
    if at_end && prefix[length..].trim().is_empty() { length } else { 0 }
}

// The lines of a table.

/// The keys to a table's last line: a value, under dotted keys maybe.
fn last_line(table: &Table) -> Option<Vec<String>> {
    let entries: Vec<(&str, &Item)> = table.iter().collect();
    for (key, item) in entries.into_iter().rev() {
        match item {
            Item::Value(_) => return Some(vec![key.to_string()]),
            Item::Table(t) if t.is_dotted() => {
                if let Some(mut path) = last_line(t) {
                    path.insert(0, key.to_string());
                    return Some(path);
                }
            }
            _ => {}
        }
    }
    None
}

fn line_mut<'a>(table: &'a mut Table, path: &[String]) -> Option<&'a mut Value> {
    match path {
        [key] => table.get_mut(key)?.as_value_mut(),
        [key, rest @ ..] => line_mut(table.get_mut(key)?.as_table_mut()?, rest),
        [] => None,
    }
}

/// Whether an entry of a table is written as lines of it (a value, or
/// values under dotted keys), not as a table of its own.
fn is_line(item: &Item) -> bool {
    match item {
        Item::Value(_) => true,
        Item::Table(t) => t.is_dotted(),
        _ => false,
    }
}

/// Puts `comments` on lines of their own just before the line of `key`
/// (its first line, for values under dotted keys).
fn put_before(table: &mut Table, key: &str, comments: &Comments) -> bool {
    let dotted_first = match table.get(key) {
        Some(Item::Table(t)) if t.is_dotted() => t.iter().next().map(|(k, _)| k.to_string()),
        Some(Item::Value(_)) => None,
        _ => return false,
    };
    match dotted_first {
        Some(first) => match table.get_mut(key).and_then(Item::as_table_mut) {
            Some(t) => put_before(t, &first, comments),
            None => false,
        },
        None => {
            let Some(mut k) = table.key_mut(key) else { return false };
            let prefix = text(k.leaf_decor().prefix());
            let indent = &prefix[prefix.rfind('\n').map_or(0, |i| i + 1)..];
            let lines = comment_lines(comments, indent);
            k.leaf_decor_mut().set_prefix(format!("{lines}{prefix}"));
            true
        }
    }
}

/// Puts `comments` on lines of their own just after the table's last line;
/// gives them back when it has none.
fn put_after(table: &mut Table, comments: Comments) -> Comments {
    if comments.is_empty() {
        return comments;
    }
    let Some(line) = last_line(table).and_then(|path| line_mut(table, &path)) else { return comments };
    let suffix = text(line.decor().suffix());
    let lines = comment_lines(&comments, "");
    line.decor_mut().set_suffix(format!("{suffix}\n{}", lines.trim_end_matches('\n')));
    Vec::new()
}

// Editing.

fn edit_item(old: &mut Item, new: Item) -> Comments {
    match (old, new) {
        // The same values, written in another form by hand: the form stays.
        (Item::Value(old), new)
            if matches!(
                (&*old, &new),
                (_, Item::Value(_))
                    | (Value::InlineTable(_), Item::Table(_))
                    | (Value::Array(_), Item::ArrayOfTables(_))
            ) =>
        {
            edit_value(old, new.into_value().expect("a value"));
            Vec::new()
        }
        (Item::Table(old), Item::Table(new)) => edit_table(old, new, &|_| true),
        (Item::ArrayOfTables(old), Item::ArrayOfTables(new)) => edit_tables(old, new.into_iter().collect()),
        (Item::Table(old), Item::Value(Value::InlineTable(new))) => {
            edit_table(old, new.into_table(), &|_| true)
        }
        (Item::ArrayOfTables(old), Item::Value(Value::Array(new)))
            if new.iter().all(Value::is_inline_table) =>
        {
            let tables = new.into_iter().filter_map(|v| match v {
                Value::InlineTable(t) => Some(t.into_table()),
                _ => None,
            });
            edit_tables(old, tables.collect())
        }
        (old, new) => {
            let mut lost = Vec::new();
            item_comments(old, &mut lost);
            *old = new;
            lost
        }
    }
}

/// Edits a table entry by entry, the keys `touched` says (the others
/// left as they are, wherever the new table has them); gives back the
/// comments of what it removed that it has no line for.
fn edit_table(old: &mut Table, mut new: Table, touched: &dyn Fn(&str) -> bool) -> Comments {
    let old_keys: Vec<String> = old.iter().map(|(k, _)| k.to_string()).collect();
    // The keys the table has once edited, in the new table's order.
    let new_keys: Vec<String> =
        new.iter().map(|(k, _)| k.to_string()).filter(|k| touched(k) || old_keys.contains(k)).collect();
    let stays = |k: &String| !touched(k) || new_keys.contains(k);
    let last_before = last_line(old);
    // The keys in the table's order.
    let kept: Vec<String> = old_keys.iter().filter(|k| stays(k)).cloned().collect();
    let lines: Vec<bool> = old.iter().map(|(_, item)| is_line(item)).collect();
    let mut after = Vec::new();
    let mut before: Vec<(String, Comments)> = Vec::new();
    for (i, k) in old_keys.iter().enumerate() {
        if stays(k) {
            continue;
        }
        let (key, item) = old.remove_entry(k).expect("a key of the table");
        let mut comments = Vec::new();
        key_comments(&key, &mut comments);
        item_comments(&item, &mut comments);
        if comments.is_empty() {
            continue;
        }
        // A line's comments go before the next line kept, else after the last.
        let next = (i + 1..old_keys.len()).find(|&j| lines[j] && stays(&old_keys[j]));
        match next {
            Some(next) if lines[i] => before.push((old_keys[next].clone(), comments)),
            _ => after.extend(comments),
        }
    }
    for k in new_keys.iter().filter(|k| touched(k)) {
        let Some((key, item)) = new.remove_entry(k) else { continue };
        match old.get_mut(k) {
            Some(old) => after.extend(edit_item(old, item)),
            None => {
                old.insert_formatted(&key, item);
            }
        }
    }
    let order = merged_order(&kept, &new_keys);
    if !old.iter().map(|(k, _)| k).eq(order.iter().map(String::as_str)) {
        let entries: Vec<_> = order.iter().filter_map(|k| old.remove_entry(k)).collect();
        for (key, item) in entries {
            old.insert_formatted(&key, item);
        }
    }
    for (next, comments) in before {
        if !put_before(old, &next, &comments) {
            after.extend(comments);
        }
    }
    // What followed the last line follows the new last line.
    let last_now = last_line(old);
    if let (Some(was), Some(now)) = (&last_before, &last_now)
        && was != now
        && let Some(line) = line_mut(old, was)
    {
        let suffix = text(line.decor().suffix());
        if let Some(at) = suffix.find('\n') {
            line.decor_mut().set_suffix(&suffix[..at]);
            let moved = &suffix[at..];
            if let Some(line) = line_mut(old, now) {
                let suffix = text(line.decor().suffix());
                line.decor_mut().set_suffix(format!("{suffix}{moved}"));
            }
        }
    }
    put_after(old, after)
}

/// The tables of an array of tables, edited one by one: those past the
/// new ones' count removed (their comments going after the last table
/// kept), new ones added at the end.
fn edit_tables(old: &mut ArrayOfTables, new: Vec<Table>) -> Comments {
    let mut lost = Vec::new();
    while old.len() > new.len() {
        let last = old.len() - 1;
        if let Some(t) = old.get(last) {
            table_comments(t, &mut lost);
        }
        old.remove(last);
    }
    let mut left = Vec::new();
    for (i, table) in new.into_iter().enumerate() {
        match old.get_mut(i) {
            Some(old) => left.extend(edit_table(old, table, &|_| true)),
            None => old.push(table),
        }
    }
    left.extend(lost);
    match old.len().checked_sub(1).and_then(|i| old.get_mut(i)) {
        Some(last) => put_after(last, left),
        None => left,
    }
}

fn edit_value(old: &mut Value, new: Value) {
    if same(old, &new) {
        return;
    }
    match (old, new) {
        (Value::Array(old), Value::Array(new))
            if !old.is_empty() || !inner_comments(&old.clone().into()).is_empty() =>
        {
            edit_array(old, new)
        }
        (Value::InlineTable(old), Value::InlineTable(new)) if laid_out(old, &new) => edit_inline(old, new),
        // Nothing written inside to keep: the standard layout.
        (old, mut new) => {
            *new.decor_mut() = old.decor().clone();
            *old = new;
        }
    }
}

// Arrays and inline tables, element by element.

/// An element of an array or an entry of an inline table, with what is
/// written around it: the comment lines just above it and its indentation
/// (`lines`, `indent`), the spacing before its comma (`before_comma`), and
/// the rest of its line after the comma (`tail`: a comment, a line break).
struct Slot<T> {
    item: T,
    lines: String,
    indent: String,
    before_comma: String,
    tail: String,
}

/// An array or inline table as slots: what follows the opening bracket on
/// its line (`opening`), the elements, and the lines before the closing
/// bracket (`closing`).
struct Slots<T> {
    opening: String,
    slots: Vec<Slot<T>>,
    closing: String,
    trailing_comma: bool,
}

/// What comes before an element: the rest of the line before it (up to
/// and with the line break), whole lines, and the indentation.
fn split_prefix(prefix: &str) -> (String, String, String) {
    let Some(first) = prefix.find('\n') else { return (String::new(), String::new(), prefix.to_string()) };
    let (tail, rest) = prefix.split_at(first + 1);
    let last = rest.rfind('\n').map_or(0, |i| i + 1);
    (tail.to_string(), rest[..last].to_string(), rest[last..].to_string())
}

impl<T> Slots<T> {
    /// `items`, each with the spacing before it and before its comma, and
    /// what the container holds after the last.
    fn new(items: Vec<(T, String, String)>, trailing: String, trailing_comma: bool) -> Slots<T> {
        let mut slots: Vec<Slot<T>> = Vec::with_capacity(items.len());
        let mut opening = String::new();
        for (item, prefix, before_comma) in items {
            let (tail, lines, indent) = split_prefix(&prefix);
            match slots.last_mut() {
                Some(previous) => previous.tail = tail,
                None => opening = tail,
            }
            slots.push(Slot { item, lines, indent, before_comma, tail: String::new() });
        }
        let mut closing = trailing;
        if let Some(last) = slots.last_mut() {
            if !trailing_comma {
                // No comma after the last: what is before the bracket is its suffix.
                closing = format!("{}{closing}", std::mem::take(&mut last.before_comma));
            }
            let (tail, lines, indent) = split_prefix(&closing);
            last.tail = tail;
            closing = lines + &indent;
        }
        Slots { opening, slots, closing, trailing_comma }
    }

    /// The spacing of an element added: the rest of the line after it (a
    /// line break when elements stand on lines of their own) and its
    /// indentation, as the last elements have them.
    fn spacing(&self) -> (String, String) {
        let n = self.slots.len();
        let breaks = |tail: &str| if tail.contains('\n') { "\n".to_string() } else { String::new() };
        match n {
            0 => (String::new(), " ".to_string()),
            1 if self.opening.contains('\n') => ("\n".to_string(), self.slots[0].indent.clone()),
            1 => (String::new(), " ".to_string()),
            _ => (breaks(&self.slots[n - 2].tail), self.slots[n - 1].indent.clone()),
        }
    }

    /// The slots edited by `ops`: elements edited (`edit`), removed
    /// (their comments, found by `comments`, written on lines of their own
    /// before the next element, or before the closing bracket) and added.
    fn edited(
        mut self,
        ops: Vec<Op>,
        mut new: Vec<Option<T>>,
        edit: impl Fn(&mut T, T),
        comments: impl Fn(&T, &mut Comments),
    ) -> Slots<T> {
        let (tail, indent) = self.spacing();
        let first_indent = self.slots.first().map(|s| s.indent.clone()).unwrap_or_default();
        let mut old: Vec<Option<Slot<T>>> = self.slots.drain(..).map(Some).collect();
        let mut out: Vec<Slot<T>> = Vec::new();
        let mut lost: Comments = Vec::new();
        for op in ops {
            let (mut slot, was_first) = match op {
                Op::Edit(i, j) => {
                    let mut slot = old[i].take().expect("each slot once");
                    edit(&mut slot.item, new[j].take().expect("each new item once"));
                    (slot, i == 0)
                }
                Op::Remove(i) => {
                    let slot = old[i].take().expect("each slot once");
                    lost.extend(comments_in(&slot.lines));
                    comments(&slot.item, &mut lost);
                    lost.extend(comments_in(&slot.tail));
                    continue;
                }
                Op::Add(j) => {
                    let item = new[j].take().expect("each new item once");
                    let (lines, before_comma) = (String::new(), String::new());
                    (Slot { item, lines, indent: indent.clone(), before_comma, tail: tail.clone() }, false)
                }
            };
            slot.lines = format!("{}{}", self.lost_lines(&out, &mut lost, &slot.indent), slot.lines);
            // The first element stands where the first stood.
            if out.is_empty() {
                slot.indent = first_indent.clone();
            } else if was_first {
                slot.indent = indent.clone();
            }
            out.push(slot);
        }
        let at_end = out.last().map_or(&indent, |s| &s.indent).clone();
        self.closing = format!("{}{}", self.lost_lines(&out, &mut lost, &at_end), self.closing);
        self.slots = out;
        self
    }

    /// The comments of the elements removed (`lost`, taken), on lines of
    /// their own after the last element of `out`, or the opening bracket.
    fn lost_lines(&self, out: &[Slot<T>], lost: &mut Comments, indent: &str) -> String {
        if lost.is_empty() {
            return String::new();
        }
        let above = out.last().map_or(&self.opening, |s| &s.tail);
        let lines = comment_lines(&std::mem::take(lost), indent);
        if above.ends_with('\n') { lines } else { format!("\n{lines}") }
    }

    /// The prefixes, suffixes, trailing text and trailing comma to write
    /// the slots back.
    fn parts(self) -> (Vec<(T, String, String)>, String, bool) {
        let n = self.slots.len();
        if n == 0 {
            return (Vec::new(), format!("{}{}", self.opening, self.closing), false);
        }
        let mut out = Vec::with_capacity(n);
        let mut above = self.opening;
        let mut trailing = String::new();
        for (i, slot) in self.slots.into_iter().enumerate() {
            let prefix = format!("{above}{}{}", slot.lines, slot.indent);
            let mut suffix = slot.before_comma;
            if i + 1 < n {
                above = slot.tail;
            } else {
                let end = format!("{}{}", slot.tail, self.closing);
                if self.trailing_comma {
                    trailing = end;
                } else {
                    suffix.push_str(&end);
                }
                above = String::new();
            }
            out.push((slot.item, prefix, suffix));
        }
        (out, trailing, self.trailing_comma)
    }
}

/// What becomes of each element: edited to a new value (left as it is
/// when equal), removed, or a new one added (indices into the old and new
/// elements).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Op {
    Edit(usize, usize),
    Remove(usize),
    Add(usize),
}

/// The elements of an array, edited as [`element_ops`] says: one that
/// stays keeps its comments and spacing, wherever others are added or
/// removed.
fn edit_array(old: &mut Array, new: Array) {
    let news: Vec<Value> = new.into_iter().collect();
    let ops = element_ops(old, &news);
    // The spacing around each is the slots' to keep now.
    let items = old
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let prefix = v.decor().prefix().map_or_else(|| default_gap(i), |p| text(Some(p)));
            let suffix = text(v.decor().suffix());
            let mut v = v.clone();
            v.decor_mut().clear();
            (v, prefix, suffix)
        })
        .collect();
    let slots = Slots::new(items, text(Some(old.trailing())), old.trailing_comma());
    let slots = slots.edited(ops, news.into_iter().map(Some).collect(), edit_value, value_comments);
    let (parts, trailing, trailing_comma) = slots.parts();
    old.clear();
    for (mut value, prefix, suffix) in parts {
        *value.decor_mut() = Decor::new(prefix, suffix);
        old.push_formatted(value);
    }
    old.set_trailing_comma(trailing_comma);
    old.set_trailing(trailing);
}

/// The spacing toml_edit gives an element without any: none before the
/// first, a space before the others.
fn default_gap(i: usize) -> String {
    if i == 0 { String::new() } else { " ".to_string() }
}

/// What becomes of each element of an array. Names (every element a
/// string) go by the name, other elements by their place: see [`keyed`].
fn element_ops(old: &Array, new: &[Value]) -> Vec<Op> {
    let old_names: Option<Vec<&str>> = old.iter().map(Value::as_str).collect();
    let new_names: Option<Vec<&str>> = new.iter().map(Value::as_str).collect();
    match (old_names, new_names) {
        (Some(old), Some(new)) => keyed(&old, &new),
        _ => keyed(&(0..old.len()).collect::<Vec<_>>(), &(0..new.len()).collect::<Vec<_>>()),
    }
}

/// What becomes of each element of a list, or each entry of an inline
/// table, matched by its name, key or place: one both have is edited in
/// its place, with its comments, whatever is added or removed around it;
/// a new one goes in where the new values have it, after the one it
/// follows there; one gone is removed.
fn keyed<K: PartialEq>(old: &[K], new: &[K]) -> Vec<Op> {
    let mut taken = vec![false; old.len()];
    let matched: Vec<Option<usize>> = new
        .iter()
        .map(|n| {
            let i = (0..old.len()).find(|&i| !taken[i] && old[i] == *n)?;
            taken[i] = true;
            Some(i)
        })
        .collect();
    // Each one removed goes before the next one kept after it, or at the end.
    let mut removed = (0..old.len()).filter(|&i| !taken[i]).peekable();
    let mut ops = Vec::new();
    for (j, at) in matched.into_iter().enumerate() {
        match at {
            Some(i) => {
                while let Some(r) = removed.next_if(|&r| r < i) {
                    ops.push(Op::Remove(r));
                }
                ops.push(Op::Edit(i, j));
            }
            None => ops.push(Op::Add(j)),
        }
    }
    ops.extend(removed.map(Op::Remove));
    ops
}

/// Whether an inline table has a layout of its own to keep as it is
/// edited: entries or a comment, and a comment inside or the keys both
/// have in the same order (not so, the seats of another session: the new
/// order and layout).
fn laid_out(old: &InlineTable, new: &InlineTable) -> bool {
    let inside = inner_comments(&old.clone().into());
    let kept = |a: &InlineTable, b: &InlineTable| {
        a.iter().map(|(k, _)| k.to_string()).filter(|k| b.contains_key(k)).collect::<Vec<_>>()
    };
    !inside.is_empty() || !old.is_empty() && kept(old, new) == kept(new, old)
}

/// The comments written inside an array or an inline table.
fn inner_comments(value: &Value) -> Comments {
    let mut bare = value.clone();
    bare.decor_mut().clear();
    let mut inside = Comments::new();
    value_comments(&bare, &mut inside);
    inside
}

/// The entries of an inline table, edited key by key as [`keyed`] says;
/// the comments of one removed go on lines of their own where it was.
fn edit_inline(old: &mut InlineTable, mut new: InlineTable) {
    let old_keys: Vec<String> = old.iter().map(|(k, _)| k.to_string()).collect();
    let new_keys: Vec<String> = new.iter().map(|(k, _)| k.to_string()).collect();
    let mut entries = Vec::new();
    for (i, k) in old_keys.iter().enumerate() {
        let (mut key, mut value) = old.remove_entry(k).expect("a key of the table");
        let prefix = key.leaf_decor().prefix().map_or_else(|| default_gap(i), |p| text(Some(p)));
        let suffix = text(value.decor().suffix());
        // The spacing around each is the slots' to keep now.
        key.leaf_decor_mut().set_prefix("");
        value.decor_mut().set_suffix("");
        entries.push(((key, value), prefix, suffix));
    }
    let news: Vec<(Key, Value)> = new_keys.iter().filter_map(|k| new.remove_entry(k)).collect();
    let ops = keyed(&old_keys, &new_keys);
    let slots = Slots::new(entries, text(Some(old.trailing())), old.trailing_comma());
    let slots = slots.edited(
        ops,
        news.into_iter().map(Some).collect(),
        |(_, old_value), (_, new_value)| edit_value(old_value, new_value),
        |(key, value), comments| {
            key_comments(key, comments);
            value_comments(value, comments);
        },
    );
    let (parts, trailing, trailing_comma) = slots.parts();
    for ((mut key, mut value), prefix, suffix) in parts {
        key.leaf_decor_mut().set_prefix(prefix);
        value.decor_mut().set_suffix(suffix);
        old.insert_formatted(&key, value);
    }
    old.set_trailing_comma(trailing_comma);
    old.set_trailing(trailing);
}

// Comments.

/// The comments in spacing as written: each `# …`, to the end of its line.
fn comments_in(raw: &str) -> Comments {
    raw.split('\n').filter_map(|line| line.find('#').map(|at| line[at..].trim_end().to_string())).collect()
}

fn raw_comments(raw: Option<&RawString>, out: &mut Comments) {
    out.extend(comments_in(&text(raw)));
}

fn key_comments(key: &Key, out: &mut Comments) {
    raw_comments(key.leaf_decor().prefix(), out);
    raw_comments(key.leaf_decor().suffix(), out);
}

fn value_comments(value: &Value, out: &mut Comments) {
    raw_comments(value.decor().prefix(), out);
    match value {
        Value::Array(a) => {
            a.iter().for_each(|v| value_comments(v, out));
            raw_comments(Some(a.trailing()), out);
        }
        Value::InlineTable(t) => {
            entry_comments(t, out);
            raw_comments(Some(t.trailing()), out);
        }
        _ => {}
    }
    raw_comments(value.decor().suffix(), out);
}

fn table_comments(table: &Table, out: &mut Comments) {
    raw_comments(table.decor().prefix(), out);
    raw_comments(table.decor().suffix(), out);
    entry_comments(table, out);
}

/// The comments of the entries of a table or an inline table.
fn entry_comments(table: &dyn TableLike, out: &mut Comments) {
    for (k, item) in table.iter() {
        if let Some(key) = table.key(k) {
            key_comments(key, out);
        }
        item_comments(item, out);
    }
}

fn item_comments(item: &Item, out: &mut Comments) {
    match item {
        Item::Value(v) => value_comments(v, out),
        Item::Table(t) => table_comments(t, out),
        Item::ArrayOfTables(a) => a.iter().for_each(|t| table_comments(t, out)),
        Item::None => {}
    }
}

/// Comments on lines of their own, indented.
fn comment_lines(comments: &Comments, indent: &str) -> String {
    comments.iter().map(|c| format!("{indent}{c}\n")).collect()
}

/// Spacing or a comment as written in the file.
fn text(raw: Option<&RawString>) -> String {
    raw.and_then(|r| r.as_str()).unwrap_or_default().to_string()
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

    /// `old` edited to hold the values of `new`, every part of it, the
    /// players `renamed` first.
    fn edited(old: &str, renamed: &Renamed, new: &str) -> String {
        let mut doc: DocumentMut = old.parse().unwrap();
        apply(&mut doc, &[Edit::Renamed(renamed.to_vec()), Edit::Whole], new.parse().unwrap());
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
            edited(old, &[], new),
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
        assert_eq!(edited(old, &[], old), old);
    }

    #[test]
    fn lists_keep_their_spacing_as_they_grow_and_shrink() {
        let old = "a = [ 1,  2 ]\nb = [\n    { x = 1 },\n]\nc = {x=1, y = 2 }\nd = [ 1 ]\n";
        assert_eq!(
            edited(
                old,
                &[],
                "a = [1, 2, 3]\nb = [{ x = 1 }, { x = 2 }]\nc = { x = 1, y = 2, z = 3 }\nd = [1, 2]\n"
            ),
            "a = [ 1,  2,  3 ]\nb = [\n    { x = 1 },\n    { x = 2 },\n]\nc = {x=1, y = 2, z = 3 }\nd = [ 1, 2 ]\n"
        );
        assert_eq!(
            edited(old, &[], "a = [1]\nb = []\nc = { x = 1 }\nd = [5]\n"),
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
            edited(old, &[], new),
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
    fn comments_in_lists_stay_on_the_elements_that_stay() {
        let old = "\
players = [ # open
  \"Ann\", # one
  \"Bob\", # two
  \"Cy\",
]
sizes = [ # open
  3, # three
  4, # four
]

[[rounds]]
deadwood = {
  Ann = 1, # x
  Bob = 2, # y
  Cy = 3 # z
}
";
        // Seated before, between and after; one renamed.
        let renamed = [("Bob".to_string(), "Rob".to_string())];
        let new = "\
players = [\"Dee\", \"Ann\", \"Rob\", \"Cy\", \"Eve\"]
sizes = [3, 9, 5]

[[rounds]]
deadwood = { Ann = 1, Rob = 2, Cy = 3, Eve = 4 }
";
        let expected = old
            .replace("# open\n  \"Ann\"", "# open\n  \"Dee\",\n  \"Ann\"")
            .replace("Bob", "Rob")
            .replace("\"Cy\",\n", "\"Cy\",\n  \"Eve\",\n")
            .replace("4, # four\n", "9, # four\n  5,\n")
            .replace("Cy = 3 # z\n", "Cy = 3, # z\n  Eve = 4\n");
        assert_eq!(edited(old, &renamed, new), expected);
        // One gone.
        let new = "players = [\"Ann\", \"Cy\"]\nsizes = [3]\n\n[[rounds]]\ndeadwood = { Ann = 1, Cy = 3 }\n";
        assert_eq!(
            edited(old, &[], new),
            "players = [ # open\n  \"Ann\", # one\n  # two\n  \"Cy\",\n]\nsizes = [ # open\n  3, # three\n  # four\n]\n\n\
             [[rounds]]\ndeadwood = {\n  Ann = 1, # x\n  # y\n  Cy = 3 # z\n}\n"
        );
    }

    #[test]
    fn values_written_in_another_form_keep_it() {
        let old = "r = { a = 1, b = 2 }\n\n[[rounds]]\nd.Ann = 1 # Ann\nd.Bob = 2\n";
        let new = "[r]\na = 1\nb = 3\n\n[[rounds]]\nd = { Ann = 1, Bob = 5 }\n";
        assert_eq!(edited(old, &[], new), "r = { a = 1, b = 3 }\n\n[[rounds]]\nd.Ann = 1 # Ann\nd.Bob = 5\n");
        // Nothing written inside: the standard layout, in the form written.
        assert_eq!(
            edited("r = {}\ns = []\n", &[], "[r]\na = 1\n\n[[s]]\nb = 2\n"),
            "r = { a = 1 }\ns = [{ b = 2 }]\n"
        );
    }
}
