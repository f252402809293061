//! Text laid out for a terminal: its width in columns, and lines broken
//! between words.

/// `text` broken between words into lines of at most `width` columns, the
/// lines after the first (of each line of `text`) indented by `indent`.
/// A word wider than a whole line is broken after a `-`, `_`, `.` or `/`
/// where it has one (a long session name, a path), else left whole.
pub(crate) fn wrap_to(text: &str, indent: usize, width: usize) -> String {
    text.split('\n').map(|line| wrap_line(line, indent, width)).collect::<Vec<_>>().join("\n")
}

fn wrap_line(text: &str, indent: usize, width: usize) -> String {
    let body = text.trim_start_matches(' ');
    let lead = &text[..text.len() - body.len()];
    let mut lines: Vec<String> = Vec::new();
    let mut line = lead.to_string();
    for (i, word) in body.split(' ').enumerate() {
        for (k, piece) in pieces(word, width.saturating_sub(indent)).into_iter().enumerate() {
            let joined = if i == 0 || k > 0 { format!("{line}{piece}") } else { format!("{line} {piece}") };
            if display_width(&joined) > width && !line.trim().is_empty() {
                lines.push(std::mem::replace(&mut line, format!("{}{piece}", " ".repeat(indent))));
            } else {
                line = joined;
            }
        }
    }
    lines.push(line);
    lines.join("\n")
}

/// `word` in pieces of at most `room` columns, each broken after a `-`,
/// `_`, `.` or `/`; whole when it fits, or has no such place to break.
fn pieces(word: &str, room: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = word;
    while display_width(rest) > room {
        let breaks: Vec<usize> = rest
            .char_indices()
            .filter(|&(i, c)| matches!(c, '-' | '_' | '.' | '/') && i + 1 < rest.len())
            .map(|(i, _)| i + 1)
            .collect();
        // The last break that fits, else the first there is.
        let Some(&cut) =
            breaks.iter().rev().find(|&&at| display_width(&rest[..at]) <= room).or(breaks.first())
        else {
            break;
        };
        out.push(&rest[..cut]);
        rest = &rest[cut..];
    }
    out.push(rest);
    out
}

/// The columns `text` takes on a terminal: colour codes take none, and wide
/// characters take two.
pub(crate) fn display_width(text: &str) -> usize {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters final-byte
            if chars.next() == Some('[') {
                for d in chars.by_ref() {
                    if ('@'..='~').contains(&d) {
                        break;
                    }
                }
            }
        } else {
            plain.push(c);
        }
    }
    unicode_width::UnicodeWidthStr::width(plain.as_str())
}
