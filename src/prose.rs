//! Names joined as a sentence says them, or as a command line takes them.

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

/// Names as words of a command line, in order: `Ann "Grandma Rose" Bob`.
/// A name holding a space is quoted, so that where each ends is plain.
pub(crate) fn words(names: &[&str]) -> String {
    names.iter().map(|n| word(n)).collect::<Vec<_>>().join(" ")
}

/// A name as one word of a command line: quoted when it holds a space
/// (in double quotes, or as the shell would when it holds one of those).
pub(crate) fn word(name: &str) -> String {
    if !name.contains(char::is_whitespace) {
        name.to_string()
    } else if name.contains(['"', '\\', '$', '`']) {
        shell_words::quote(name).into_owned()
    } else {
        format!("\"{name}\"")
    }
}

/// Round numbers as a sentence says them, runs of rounds joined:
/// `round 7`, `rounds 1 to 6`, `rounds 1 to 6 and 8`, `rounds 1, 2 and 5`.
pub(crate) fn rounds_in_words(rounds: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &r in rounds {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == r => *last = r,
            _ => runs.push((r, r)),
        }
    }
    let parts: Vec<String> = runs
        .iter()
        .flat_map(|&(first, last)| {
            if last - first >= 2 {
                vec![format!("{first} to {last}")]
            } else {
                (first..=last).map(|r| r.to_string()).collect()
            }
        })
        .collect();
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    let word = if rounds.len() == 1 { "round" } else { "rounds" };
    format!("{word} {}", and_list(&parts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_spaces_are_quoted_as_words() {
        assert_eq!(words(&["Ann", "Grandma Rose", "Robert"]), "Ann \"Grandma Rose\" Robert");
        assert_eq!(word("Ann Lee=N"), "\"Ann Lee=N\"");
        assert_eq!(word("O'Brien"), "O'Brien");
        assert_eq!(word("Al \"Ace\" Ng"), "'Al \"Ace\" Ng'");
    }

    #[test]
    fn rounds_are_said_in_runs() {
        assert_eq!(rounds_in_words(&[7]), "round 7");
        assert_eq!(rounds_in_words(&[1, 2, 3, 4, 5, 6]), "rounds 1 to 6");
        assert_eq!(rounds_in_words(&[1, 2, 3, 8]), "rounds 1 to 3 and 8");
        assert_eq!(rounds_in_words(&[1, 2, 5, 6, 9]), "rounds 1, 2, 5, 6 and 9");
        assert_eq!(rounds_in_words(&[4, 5]), "rounds 4 and 5");
    }
}
