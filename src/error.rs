//! The one error type of the command line: the game's typed errors and the
//! edge's own failures, worded for a person, with a hint where one helps and
//! the exit code they end the program with.
//!
//! The exit codes follow one rule: 2 for what is wrong with the command
//! line's shape (an unknown flag, a missing or extra argument, a score
//! without its player's name among named ones, a confirmation that only
//! `--yes` can give off a terminal), 1 for what is wrong with the game or
//! the data (a player, session, preset or setting that does not exist, a
//! value the rules do not allow, a hand, a file).

use std::fmt;

use three13_core::hand::{CopiesError, HandError, HandProblem};
use three13_core::league::PointsError;
use three13_core::rules::{Allowed, PRESETS, RulesError, SETTINGS};
use three13_core::sheet::{SheetError, shown};
use three13_core::solver::TableMeldError;

/// What kind of failure an error is, which decides the exit code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// The command line is wrong: a flag, setting, player or count (exit 2).
    Usage,
    /// The data is wrong, or a file cannot be read or written (exit 1).
    Data,
    /// Every problem was already reported as it came (exit 1).
    Reported,
    /// The output went to a closed pipe: stop quietly (exit 0).
    ClosedPipe,
}

/// An error to report on stderr: what is wrong, what would be right, and
/// the typed error it was worded from.
#[derive(Debug)]
pub(crate) struct Error {
    kind: Kind,
    message: String,
    /// Lines shown under the message, each as `hint: …`, in the order given.
    hints: Vec<String>,
    /// The game's or the system's own error, when the message words one
    /// (boxed: most errors carry none, and an error travels in every Result).
    source: Option<Box<Source>>,
}

/// The typed error an [`Error`] was worded from, kept whole.
#[derive(Debug)]
pub(crate) enum Source {
    Hand(HandError),
    Rules(RulesError),
    Sheet(SheetError),
    TableMeld(TableMeldError),
    Io(std::io::Error),
}

impl Error {
    fn new(kind: Kind, message: String) -> Error {
        Error { kind, message, hints: Vec::new(), source: None }
    }

    /// A runtime or data error (exit 1).
    pub(crate) fn data(message: impl Into<String>) -> Error {
        Error::new(Kind::Data, message.into())
    }

    /// A usage error (exit 2).
    pub(crate) fn usage(message: impl Into<String>) -> Error {
        Error::new(Kind::Usage, message.into())
    }

    /// Problems already reported one by one (exit 1, nothing more to say).
    pub(crate) fn reported() -> Error {
        Error::new(Kind::Reported, String::new())
    }

    /// Adds a line shown under the message, after any added before: the
    /// text alone, which is shown behind `hint:`.
    pub(crate) fn with_hint(mut self, hint: impl Into<String>) -> Error {
        let hint = hint.into();
        debug_assert!(!hint.starts_with("hint:"), "a hint is given without its label: {hint}");
        self.hints.push(hint);
        self
    }

    /// Keeps the typed error the message words.
    fn caused_by(mut self, source: Source) -> Error {
        self.source = Some(Box::new(source));
        self
    }

    /// What is wrong, without the hints.
    pub(crate) fn message(&self) -> &str {
        &self.message
    }

    /// The lines shown under the message, without their `hint:` label.
    pub(crate) fn hints(&self) -> &[String] {
        &self.hints
    }

    /// Whether there is nothing left to say: every problem was reported as
    /// it came, or the output went to a closed pipe.
    pub(crate) fn is_said(&self) -> bool {
        matches!(self.kind, Kind::Reported | Kind::ClosedPipe)
    }

    /// The exit code: 0 success, 1 a runtime or data error, 2 a usage error.
    pub(crate) fn code(&self) -> u8 {
        match self.kind {
            Kind::ClosedPipe => 0,
            Kind::Data | Kind::Reported => 1,
            Kind::Usage => 2,
        }
    }
}

/// The message, then each hint on a line of its own.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        for hint in &self.hints {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}

/// The typed error underneath, which a caller can downcast to [`Source`].
impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_deref().map(|s| s as &(dyn std::error::Error + 'static))
    }
}

/// The typed error as the game crate words it (a rules error, which the
/// game crate leaves to the edge to word, as this module does).
impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Hand(e) => e.fmt(f),
            Source::Rules(e) => f.write_str(rules_error(e).message()),
            Source::Sheet(e) => e.fmt(f),
            Source::TableMeld(e) => e.fmt(f),
            Source::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Source {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Source::Hand(e) => Some(e),
            Source::Sheet(e) => Some(e),
            Source::TableMeld(e) => Some(e),
            Source::Io(e) => Some(e),
            Source::Rules(_) => None,
        }
    }
}

pub(crate) type Result<T, E = Error> = std::result::Result<T, E>;

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        let error = if e.kind() == std::io::ErrorKind::BrokenPipe {
            Error::new(Kind::ClosedPipe, String::new())
        } else {
            Error::data(format!("cannot write the output: {e}"))
        };
        error.caused_by(Source::Io(e))
    }
}

const COPIES_HINT: &str = "a card appears once per deck in play (setting decks)";

/// The hint for a hand that does not parse, if there is one.
fn hand_hint(e: &HandError) -> Option<String> {
    let hint = match &e.problem {
        HandProblem::Empty => "give the cards as rank then suit, like 7d 10c Ks".to_string(),
        HandProblem::Card(card) => card.hint.clone(),
        HandProblem::JokersNotInPlay => "play with jokers with --set jokers=2".to_string(),
        HandProblem::TooManyCopies { .. } => COPIES_HINT.to_string(),
        _ => return None,
    };
    Some(hint)
}

/// The message of a hand that does not parse, with its hint if it has one.
fn hand_error(message: String, e: &HandError) -> Error {
    let error = Error::data(message);
    match hand_hint(e) {
        Some(hint) => error.with_hint(hint),
        None => error,
    }
}

impl From<HandError> for Error {
    fn from(e: HandError) -> Error {
        hand_error(e.to_string(), &e).caused_by(Source::Hand(e))
    }
}

fn names(list: impl Iterator<Item = &'static str>) -> String {
    list.collect::<Vec<_>>().join(", ")
}

/// The name among `names` that `typed` most likely meant: the nearest by
/// edits (a swap of two letters counts one), without regard to case, if it
/// is near enough to be a slip of the fingers.
pub(crate) fn nearest<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.trim().to_lowercase();
    let most = (typed.chars().count() / 3).max(1);
    names
        .into_iter()
        .map(|name| (strsim::osa_distance(&typed, &name.to_lowercase()), name))
        .filter(|&(d, _)| d <= most)
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// `hint: did you mean "X"?` when `typed` is near one of `names`.
pub(crate) fn did_you_mean<'a>(error: Error, typed: &str, names: impl IntoIterator<Item = &'a str>) -> Error {
    match nearest(typed, names) {
        Some(name) => error.with_hint(format!("did you mean \"{name}\"?")),
        None => error,
    }
}

/// No player of this name (`place` says where none is): the players, and
/// the one meant, or those the name begins when it begins more than one.
pub(crate) fn no_player(prefix: &str, typed: &str, players: &[String], place: &str) -> Error {
    let shown = shown(typed.trim());
    let start = typed.trim().to_lowercase();
    let begun: Vec<&str> = players
        .iter()
        .map(String::as_str)
        .filter(|p| !start.is_empty() && p.to_lowercase().starts_with(&start))
        .collect();
    if begun.len() > 1 {
        return Error::data(format!(
            "{prefix}\"{shown}\" could be {}; type more of the name",
            crate::prose::or_list(&begun)
        ));
    }
    let error = Error::data(format!(
        "{prefix}no player named \"{shown}\"{place}; the players are {}",
        players.join(", ")
    ));
    did_you_mean(error, typed, players.iter().map(String::as_str))
}

impl From<PointsError> for Error {
    fn from(e: PointsError) -> Error {
        let what = match e {
            PointsError::Empty => "it names no place".to_string(),
            PointsError::NotEntry { text } => format!("\"{}\" is not PLACE=POINTS", text.escape_debug()),
            PointsError::UnknownKey { key } => {
                format!("\"{}\" is not a place (1, 1st, 2nd, …), out or low", key.escape_debug())
            }
            PointsError::PlaceOutOfRange { key } => {
                format!("the place \"{}\" is not from 1 to 10", key.escape_debug())
            }
            PointsError::BadValue { key, value } => {
                format!("{key}: \"{}\" is not a number of points from 0 to 1000", value.escape_debug())
            }
            PointsError::Repeated { key } => format!("{key} is given twice"),
        };
        Error::usage(format!("--points: {what}"))
            .with_hint("a table is written like 1=5,2=3,3=1 or 1st=5,2nd=3,3rd=1,out=1,low=1")
    }
}

impl From<RulesError> for Error {
    fn from(e: RulesError) -> Error {
        rules_error(&e).caused_by(Source::Rules(e))
    }
}

/// A preset or setting that could not be applied, worded.
fn rules_error(e: &RulesError) -> Error {
    let settings = || names(SETTINGS.iter().map(|s| s.key));
    match e {
        RulesError::UnknownPreset { name } => {
            let presets = names(PRESETS.iter().map(|p| p.0));
            let error = Error::data(format!("unknown preset \"{}\"; the presets are {presets}", shown(name)));
            did_you_mean(error, name, PRESETS.iter().map(|p| p.0))
        }
        RulesError::NotAssignment { text } => {
            Error::usage(format!("\"{}\" is not KEY=VALUE; the settings are {}", shown(text), settings()))
        }
        RulesError::UnknownSetting { key } => {
            let key = key.to_ascii_lowercase().replace('-', "_");
            let error =
                Error::data(format!("unknown setting \"{}\"; the settings are {}", shown(&key), settings()));
            did_you_mean(error, &key, SETTINGS.iter().map(|s| s.key))
        }
        RulesError::BadValue { key, value, allowed } => {
            let error = Error::data(format!("{key} cannot be \"{}\"; it takes {allowed}", shown(value)));
            let words = match *allowed {
                Allowed::Flag => vec!["true", "false"],
                Allowed::Words(words) => words.iter().map(|(w, _)| *w).collect(),
                Allowed::RangeOrWord(_, _, word) => vec![word],
                Allowed::WordsOrRange(words, _, _) => words.to_vec(),
                Allowed::Range(..) => Vec::new(),
            };
            did_you_mean(error, value, words)
        }
        RulesError::ExtraRoundsWithoutAces { extra_rounds } => Error::data(format!(
            "extra_rounds={extra_rounds} deals rounds with aces and twos wild, but ranks=3-K has none"
        ))
        .with_hint("play them with --set ranks=A-K, or leave them out with --set extra_rounds=0"),
    }
}

impl From<SheetError> for Error {
    fn from(e: SheetError) -> Error {
        sheet_error(&e).caused_by(Source::Sheet(e))
    }
}

/// A score sheet's refusal, worded.
fn sheet_error(e: &SheetError) -> Error {
    use SheetError as E;
    let message = e.to_string();
    match e {
        E::NoScore { .. } | E::TwoScores { .. } | E::PenalisedTwice { .. } => Error::usage(message),
        E::NoPlayer { name, players } => no_player("", name, players, " in this session"),
        E::GameOver { .. } => Error::data(format!("{message}; start another with `three13 new`")),
        E::EditOut { player, round } => Error::data(format!(
            "{message}; if someone else went out, say who: three13 edit {round} --out PLAYER \
                 (or --no-out), with {player}'s score"
        )),
        E::FalseGoOut { player, penalty, .. } => Error::data(message).with_hint(if *penalty > 0 {
            format!(
                "if {player} declared out with this hand, it is a bad go-out: \
                 record it with --penalty {player} instead of --out"
            )
        } else {
            "check the cards typed, or name the player who did go out with --out".to_string()
        }),
        E::ExtraRoundsWithoutAces { .. } => Error::data(message)
            .with_hint("play them with --set ranks=A-K, or leave them out with --set extra_rounds=0"),
        E::EditReplay { round } => Error::data(format!("{message}; to replay round {round}, undo it")),
        E::InRound { error, .. } if matches!(**error, E::Hand { .. }) => {
            let E::Hand { error, .. } = &**error else { unreachable!() };
            hand_error(message, error)
        }
        E::Hand { error, .. } => hand_error(message, error),
        _ => Error::data(message),
    }
}

impl From<CopiesError> for Error {
    fn from(e: CopiesError) -> Error {
        Error::data(e.to_string()).with_hint(COPIES_HINT)
    }
}

impl From<TableMeldError> for Error {
    fn from(e: TableMeldError) -> Error {
        Error::data(e.to_string()).caused_by(Source::TableMeld(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use three13_core::sheet::SheetError;

    #[test]
    fn every_hint_is_shown_in_turn_behind_its_label() {
        let e = Error::data("no such thing").with_hint("try this").with_hint("or that");
        assert_eq!(e.to_string(), "no such thing\n  hint: try this\n  hint: or that");
        assert_eq!(e.message(), "no such thing");
    }

    #[test]
    fn the_typed_error_is_kept_under_the_words() {
        use std::error::Error as _;
        let e = Error::from(SheetError::DealerNotPlaying);
        let source = e.source().and_then(|s| s.downcast_ref::<Source>()).expect("a typed source");
        assert!(matches!(source, Source::Sheet(SheetError::DealerNotPlaying)), "{source:?}");
        let e = Error::from(RulesError::NotAssignment { text: "decks".into() });
        assert_eq!(e.code(), 2);
        let source = e.source().expect("a source");
        assert_eq!(source.to_string(), e.message());
        assert!(matches!(
            source.downcast_ref::<Source>(),
            Some(Source::Rules(RulesError::NotAssignment { .. }))
        ));
        let e = Error::from(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
        assert_eq!((e.code(), e.message()), (0, ""));
        assert!(e.is_said() && Error::reported().is_said() && !Error::data("").is_said());
        assert!(matches!(e.source().and_then(|s| s.downcast_ref::<Source>()), Some(Source::Io(_))));
    }
}
