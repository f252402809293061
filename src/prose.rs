//! Names joined as a sentence says them.

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
