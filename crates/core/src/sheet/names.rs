//! Player and session names: what a name may hold, when two names are one
//! player's or would look alike, and finding a player by what was typed.

use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

use super::{MAX_PLAYER_NAME, MAX_SESSION_NAME, MIN_PLAYERS, NameProblem, SessionNameProblem, SheetError};
use crate::rules::MAX_PLAYERS;

/// Typed text as an error message shows it: control characters escaped,
/// and cut short past 40 characters.
pub fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect::<String>().escape_debug().to_string();
    if text.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

/// Whether two names are the same player's: compared in one Unicode form
/// (NFC), without regard to case.
pub fn same_name(a: &str, b: &str) -> bool {
    folded(a) == folded(b)
}

fn folded(name: &str) -> String {
    name.trim().nfc().collect::<String>().to_lowercase()
}

/// A name in the one Unicode form names are kept in (NFC): `é` typed as
/// `e` and an accent becomes the single letter.
pub fn normalised(name: &str) -> String {
    name.nfc().collect()
}

/// Whether two names look alike on a screen although they differ (Unicode's
/// confusable skeletons, without regard to case).
pub(super) fn look_alike(a: &str, b: &str) -> bool {
    let skeleton = |s: &str| skeleton(&folded(s)).collect::<String>().to_lowercase();
    skeleton(a) == skeleton(b)
}

/// Characters that show nothing, or turn the direction of the text, which
/// would let two names that differ look the same.
fn is_hidden(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x2028..=0x202F | 0x205F..=0x206F | 0x3164 | 0xFEFF | 0xFFA0
        | 0xFFF0..=0xFFF8 | 0x1D173..=0x1D17A | 0xE0000..=0xE007F)
        || (c.is_whitespace() && c != ' ')
}

/// The seat of the player named `name` among `players`, the whole name
/// without regard to case: the one lookup of a stored name.
pub fn seat_in(players: &[String], name: &str) -> Option<usize> {
    players.iter().position(|p| same_name(p, name))
}

/// The seat of the player a person typed among `players`: the whole name
/// (without regard to case), else an unambiguous beginning of one.
pub fn find_seat(players: &[String], typed: &str) -> Option<usize> {
    seat_in(players, typed).or_else(|| {
        let start = typed.trim().to_lowercase();
        let mut begun = players.iter().enumerate().filter(|(_, p)| p.to_lowercase().starts_with(&start));
        match (start.is_empty(), begun.next(), begun.next()) {
            (false, Some((seat, _)), None) => Some(seat),
            _ => None,
        }
    })
}

/// Checks one player name: it must stay readable in a table and in a file,
/// and never be mistaken for a score (`12`), a `NAME=N` pair or a flag.
pub fn check_player_name(name: &str) -> Result<(), SheetError> {
    let bad = |problem| Err(SheetError::PlayerName { name: name.to_string(), problem });
    if name.trim().is_empty() {
        return bad(NameProblem::Empty);
    }
    if name.trim() != name {
        return bad(NameProblem::Spaces);
    }
    if name.chars().count() > MAX_PLAYER_NAME {
        return bad(NameProblem::TooLong);
    }
    if name.chars().any(char::is_control) {
        return bad(NameProblem::Control);
    }
    if name.contains('=') {
        return bad(NameProblem::Equals);
    }
    if name.starts_with('-') {
        return bad(NameProblem::Dash);
    }
    if name.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.')) {
        return bad(NameProblem::Number);
    }
    if let Some(c) = name.chars().find(|&c| is_hidden(c)) {
        return bad(NameProblem::Invisible(c));
    }
    Ok(())
}

/// Checks the players of a new game: each name, the count, no two alike.
pub fn check_player_names(names: &[String]) -> Result<(), SheetError> {
    for name in names {
        check_player_name(name)?;
    }
    if names.len() < MIN_PLAYERS {
        return Err(SheetError::TooFewPlayers { count: names.len() });
    }
    if names.len() > MAX_PLAYERS {
        return Err(SheetError::TooManyPlayers { count: names.len() });
    }
    names_apart(names)
}

/// Checks that no two names are one (without regard to case or Unicode
/// form) or look alike.
pub(super) fn names_apart(names: &[String]) -> Result<(), SheetError> {
    for (i, name) in names.iter().enumerate() {
        if let Some(other) = names[..i].iter().find(|o| same_name(o, name)) {
            return Err(SheetError::SameName { first: other.clone(), second: name.clone() });
        }
        if let Some(other) = names[..i].iter().find(|o| look_alike(o, name)) {
            return Err(SheetError::LookAlike { first: other.clone(), second: name.clone() });
        }
    }
    Ok(())
}

/// Checks a session name: it becomes a file name, so it keeps to ASCII
/// letters, digits, `.`, `_` and `-`, at most 64 characters, not starting
/// with `.` (a hidden file, or `..`) or `-` (a flag).
pub fn check_session_name(name: &str) -> Result<(), SheetError> {
    let bad = |problem| Err(SheetError::SessionName { name: name.to_string(), problem });
    if name.is_empty() {
        return bad(SessionNameProblem::Empty);
    }
    if name.chars().count() > MAX_SESSION_NAME {
        return bad(SessionNameProblem::TooLong);
    }
    if let Some(c) = name.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))) {
        return bad(SessionNameProblem::Holds(c));
    }
    if let Some(c) = name.chars().next().filter(|&c| c == '.' || c == '-') {
        return bad(SessionNameProblem::StartsWith(c));
    }
    // Names Windows keeps for devices, refused everywhere so that sessions
    // can be copied between machines.
    let stem = name.split('.').next().unwrap_or(name).to_ascii_lowercase();
    let reserved = matches!(stem.as_str(), "con" | "prn" | "aux" | "nul")
        || (stem.len() == 4
            && (stem.starts_with("com") || stem.starts_with("lpt"))
            && stem.as_bytes()[3].is_ascii_digit());
    if reserved {
        return bad(SessionNameProblem::Device);
    }
    Ok(())
}

/// The first free name among `base`, `base-2`, `base-3`…
pub fn free_name(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (2..).map(|n| format!("{base}-{n}")).find(|name| !taken(name)).expect("some name is free")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::sheet::Session;
    use jiff::Timestamp;

    #[test]
    fn player_names() {
        let names = |v: &[&str]| check_player_names(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert!(names(&["Ann", "Bob", "Zoë 🃏", "O'Brien \"Ace\""]).is_ok());
        assert_eq!(names(&["Ann"]).unwrap_err().to_string(), "a game needs at least 2 players, not 1");
        assert_eq!(
            names(&["Ann", "ann"]).unwrap_err().to_string(),
            "\"Ann\" and \"ann\" are the same name; each player needs their own name"
        );
        for bad in ["", " ", "12", "Ann=3", "a\nb", "-x", &"x".repeat(33)] {
            assert!(check_player_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn names_that_would_look_alike_are_refused() {
        let names = |v: &[&str]| check_player_names(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        for hidden in ['\u{200B}', '\u{FEFF}', '\u{00AD}', '\u{202E}', '\u{2028}', '\u{2029}', '\u{00A0}'] {
            let name = format!("An{hidden}n");
            assert_eq!(
                check_player_name(&name),
                Err(SheetError::PlayerName { name: name.clone(), problem: NameProblem::Invisible(hidden) }),
            );
        }
        // A Cyrillic А, a Greek Α, and a digit 0 for an O.
        for (a, b) in [("Ann", "\u{0410}nn"), ("ALICE", "\u{0391}LICE"), ("Bob", "B0b")] {
            let e = names(&[a, b]).unwrap_err();
            assert_eq!(e, SheetError::LookAlike { first: a.into(), second: b.into() }, "{b}");
        }
        // One name typed in two Unicode forms is one name.
        assert!(same_name("Zo\u{00EB}", "Zoe\u{0308}"));
        let e = names(&["Zo\u{00EB}", "Zoe\u{0308}"]).unwrap_err();
        assert!(matches!(e, SheetError::SameName { .. }), "{e:?}");
        let s = Session::new(
            "t",
            vec!["Zoe\u{0308}".into(), "Ann".into()],
            0,
            Rules::default(),
            Timestamp::UNIX_EPOCH,
        );
        assert_eq!(s.unwrap().players()[0], "Zo\u{00EB}");
        assert!(names(&["Ann", "Anne", "Zoë 🃏", "❤\u{FE0F} Bea"]).is_ok());
    }

    #[test]
    fn session_names() {
        for good in ["2026-11-22", "friday_night.v2", "A"] {
            assert!(check_session_name(good).is_ok(), "{good}");
        }
        for bad in ["", ".hidden", "..", "../x", "a/b", "a b", "-x", "nul", "COM1.txt", "é", &"x".repeat(65)]
        {
            assert!(check_session_name(bad).is_err(), "{bad}");
        }
        assert_eq!(
            check_session_name("a/b").unwrap_err().to_string(),
            "the session name \"a/b\" holds \"/\"; a session name has letters, digits, \".\", \"_\" and \"-\", \
             at most 64 characters, and does not start with \".\" or \"-\""
        );
    }

    #[test]
    fn a_player_is_found_by_name_or_by_the_one_name_it_begins() {
        let players = ["Ann", "Bob", "Bea", "Cy"].map(String::from);
        assert_eq!(find_seat(&players, "bob"), Some(1));
        assert_eq!(find_seat(&players, "A"), Some(0));
        assert_eq!(find_seat(&players, "Be"), Some(2));
        assert_eq!(find_seat(&players, "B"), None, "Bob or Bea");
        assert_eq!(find_seat(&players, ""), None);
        assert_eq!(find_seat(&players, "Cyd"), None);
        // A stored name is matched whole.
        assert_eq!(seat_in(&players, "A"), None);
    }

    #[test]
    fn free_names() {
        let taken = ["d", "d-2"];
        assert_eq!(free_name("d", |n| taken.contains(&n)), "d-3");
        assert_eq!(free_name("e", |n| taken.contains(&n)), "e");
    }
}
