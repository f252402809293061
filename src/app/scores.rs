//! Scores as typed on a command line or at a prompt, read into the
//! sheet's terms: the words of `round` and `edit` (in seat order, or
//! NAME=SCORE each), and the players named by --out and --penalty.

use three13_core::sheet::{Score, Session, SheetError, shown};
use three13_core::solver::Solver;

use crate::error::{Error, Result};

/// The scores typed on a command line for round `round`: one per player of
/// the round in seat order, or NAME=SCORE each; by seat.
///
/// In seat order, one argument may hold every score (`"12 0 35"`). By
/// name, `=` may stand apart (`Ann = 12`, `"Ann = 12"`), and one argument
/// may hold several (`"Ann=12 Bob=0"`); a value given after an `=` that
/// ends its argument runs on to the next name (`Cy = 9h 4d Kh 5s`).
pub(crate) fn read_scores(
    session: &Session,
    round: usize,
    args: &[String],
    solver: &mut Solver,
) -> Result<Vec<(usize, Score)>> {
    let playing = session.playing(round);
    let names: Vec<&str> = playing.iter().map(|&s| session.players()[s].as_str()).collect();
    let in_order = crate::prose::words(&names);
    if args.iter().any(|s| s.contains('=')) {
        let mut scores: Vec<(usize, Score)> = Vec::new();
        for (who, value) in assignments(session, args)? {
            let seat = session.seat_of(&who)?;
            if !playing.contains(&seat) && round > session.deals().len() {
                return Err(Error::usage(format!(
                    "{} is not tied for the win, so does not play the tiebreaker round",
                    session.players()[seat]
                )));
            }
            if scores.iter().any(|(s, _)| *s == seat) {
                return Err(SheetError::TwoScores { player: session.players()[seat].clone() }.into());
            }
            scores.push((seat, session.read_score(round, seat, &value, solver)?));
        }
        return Ok(scores);
    }
    // Every score in one argument: `"12 0 35"`.
    let split: Vec<String>;
    let texts = match args {
        [one] if words(one).len() > 1 => {
            split = words(one);
            &split[..]
        }
        _ => args,
    };
    if texts.len() != playing.len() {
        return Err(Error::usage(format!(
            "{} players but {} score{} given; give one per player in seat order ({}), or NAME=SCORE",
            playing.len(),
            texts.len(),
            if texts.len() == 1 { "" } else { "s" },
            in_order
        )));
    }
    let mut scores = Vec::with_capacity(texts.len());
    for (i, (&seat, text)) in playing.iter().zip(texts).enumerate() {
        if three13_core::sheet::seat_in(session.players(), text).is_some() {
            return Err(Error::usage(format!(
                "\"{}\" is a player's name, not a score; in seat order give one score per player \
                 ({}), or write each as NAME=SCORE",
                shown(text),
                in_order
            )));
        }
        match session.read_score(round, seat, text, solver) {
            Ok(score) => scores.push((seat, score)),
            Err(e) => return Err(misnamed(session, text, texts.get(i + 1)).unwrap_or_else(|| e.into())),
        }
    }
    Ok(scores)
}

/// A line typed at a prompt with the quotes a shell would take away:
/// `"9h 4d Kh"` or `'Kh'` read as on the command line.
pub(crate) fn unquoted(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '"' | '\'' | '\u{201c}' | '\u{201d}' | '\u{2018}' | '\u{2019}'))
        .collect()
}

/// A word typed where a score goes that is neither a score nor a card but
/// close to a player's name (`bbo` for Bob): most likely that player's
/// name, with the score after it (`edit 1 bbo 3`).
fn misnamed(session: &Session, text: &str, next: Option<&String>) -> Option<Error> {
    let word = text.trim();
    if word.is_empty() || word.contains(char::is_whitespace) || word.contains(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let player = crate::error::nearest(word, session.players().iter().map(String::as_str))?;
    let meant = match next {
        Some(value) => format!("{player}={}", shown(value)),
        None => player.to_string(),
    };
    Some(
        Error::data(format!("\"{}\" is neither a score nor a card", shown(word)))
            .with_hint(format!("did you mean {meant}?")),
    )
}

/// The scores of one argument in seat order: its words, a sum written with
/// spaces (`K + 4`) kept as one.
fn words(arg: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut joining = false;
    for word in arg.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
        match out.last_mut() {
            Some(last) if joining || word.starts_with('+') => last.push_str(word),
            _ => out.push(word.to_string()),
        }
        joining = word.ends_with('+');
    }
    out
}

/// A piece of a command line of NAME=SCORE: text, or an `=`, with the
/// argument it came from.
#[derive(Debug)]
enum Piece<'a> {
    Text(&'a str, usize),
    Eq(usize),
}

/// The (name, value) pairs of a command line of NAME=SCORE, however the
/// `=` was spaced.
fn assignments(session: &Session, args: &[String]) -> Result<Vec<(String, String)>> {
    let mut pieces = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        for (k, part) in arg.split('=').enumerate() {
            if k > 0 {
                pieces.push(Piece::Eq(i));
            }
            if !part.trim().is_empty() {
                pieces.push(Piece::Text(part.trim(), i));
            }
        }
    }
    // The texts between one `=` and the next, with the argument of each.
    let mut groups: Vec<Vec<(&str, usize, bool)>> = vec![Vec::new()];
    // For each `=`: whether text follows it in its own argument (`Ann=12`).
    let mut attached: Vec<bool> = Vec::new();
    for (k, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Text(text, arg) => {
                // Whether the text begins its argument: no `=` before it there.
                let begins = !matches!(k.checked_sub(1).map(|j| &pieces[j]), Some(Piece::Eq(a)) if a == arg);
                groups.last_mut().expect("a group").push((text, *arg, begins));
            }
            Piece::Eq(arg) => {
                attached.push(matches!(pieces.get(k + 1), Some(Piece::Text(_, a)) if a == arg));
                groups.push(Vec::new());
            }
        }
    }
    let bare = |text: &str| {
        Error::usage(format!(
            "\"{}\" has no player name, but other scores do; give either every score in seat order \
             (12 0 35) or each as NAME=SCORE",
            shown(text)
        ))
    };
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut name: Option<String> = None;
    let last = groups.len() - 1;
    for (g, group) in groups.iter().enumerate() {
        // Each text of the group as words, with the argument they came from.
        let words: Vec<(&str, usize)> =
            group.iter().flat_map(|&(text, arg, _)| text.split_whitespace().map(move |w| (w, arg))).collect();
        // The next name ends the group: the longest run of its last words
        // that names a player; else the last text when it begins its
        // argument (`"B ob=2"`, a name as typed), else its last word.
        let (taken, typed) = match (g == last, name_words(session, &words), group.last()) {
            (true, _, _) => (0, None),
            (false, Some(k), _) => (k, None),
            (false, None, Some(&(text, _, true))) => (text.split_whitespace().count(), Some(text)),
            (false, None, _) => (words.len().min(1), None),
        };
        let (value, next) = words.split_at(words.len() - taken);
        match name.take() {
            None => {
                if let Some(&(first, _)) = value.first() {
                    return Err(bare(first));
                }
            }
            Some(who) => {
                // A value written onto its `=` is that argument's alone;
                // after an `=` that ends its argument, it runs on.
                let own = attached[g - 1];
                let arg = group.first().map(|&(_, a, _)| a);
                if own && let Some(&(stray, _)) = value.iter().find(|&&(_, a)| Some(a) != arg) {
                    return Err(bare(stray));
                }
                let text = match group.as_slice() {
                    [(whole, _, _)] if taken == 0 => whole.to_string(),
                    _ => value.iter().map(|&(w, _)| w).collect::<Vec<_>>().join(" "),
                };
                pairs.push((who, text));
            }
        }
        if g < last {
            if next.is_empty() {
                let arg = args.iter().find(|a| a.contains('=')).map_or("=", String::as_str);
                return Err(Error::usage(format!(
                    "\"{}\" gives a score without a player's name; write each as NAME=SCORE",
                    shown(arg)
                )));
            }
            name = Some(match typed {
                Some(text) => text.to_string(),
                None => next.iter().map(|&(w, _)| w).collect::<Vec<_>>().join(" "),
            });
        }
    }
    Ok(pairs)
}

/// How many of the last `words` make the name before an `=`: the longest
/// run that is a player's whole name, else the longest that begins one
/// name alone; none when no run names a player.
fn name_words(session: &Session, words: &[(&str, usize)]) -> Option<usize> {
    let run = |k: usize| words[words.len() - k..].iter().map(|&(w, _)| w).collect::<Vec<_>>().join(" ");
    let n = words.len();
    (1..=n)
        .rev()
        .find(|&k| three13_core::sheet::seat_in(session.players(), &run(k)).is_some())
        .or_else(|| (1..=n).rev().find(|&k| session.seat(&run(k)).is_some()))
}

/// The seats of --out and each --penalty.
pub(crate) fn marks(
    session: &Session,
    out: Option<&str>,
    penalty: &[String],
) -> Result<(Option<usize>, Vec<usize>)> {
    let out = out.map(|p| session.seat_of(p)).transpose()?;
    if !penalty.is_empty() && session.rules().bad_go_out_penalty() == 0 {
        return Err(Error::data(
            "--penalty: these rules give no penalty for a bad go-out (bad_go_out_penalty is 0); \
             to play with one, see `three13 rules --set bad_go_out_penalty=20 --save`",
        ));
    }
    let penalties = penalty.iter().map(|p| session.seat_of(p)).collect::<Result<Vec<_>, _>>()?;
    Ok((out, penalties))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_argument_holds_its_words_and_a_spaced_sum_stays_whole() {
        assert_eq!(words("12 0 35"), ["12", "0", "35"]);
        assert_eq!(words("12, 0,35"), ["12", "0", "35"]);
        assert_eq!(words("K + 9 + 4 7"), ["K+9+4", "7"]);
        assert_eq!(words("K +4 13+ 2"), ["K+4", "13+2"]);
    }
}
