//! Recording the next round: from the scores typed on a command line, from
//! the answers to a terminal's questions, or from the scores entered on
//! the players' phones. Each is read into the sheet's round and added to
//! the session in one unit of work (lock, load, change, save), or nothing
//! is written.

use jiff::Timestamp;
use three13_core::rules::Deal;
use three13_core::sheet::{Added, RoundRecord, Score, Session, SheetError};
use three13_core::solver::Solver;

use super::scores;
use crate::error::{Error, Result};
use crate::store::Store;

/// The round as a person gave it.
#[derive(Debug)]
pub(crate) enum Given<'a> {
    /// On a command line: the scores as typed (one per player in seat
    /// order, or NAME=SCORE each), who went out first (--out) and who
    /// went out wrongly (--penalty). Read on the session under the lock.
    Typed { scores: &'a [String], out: Option<&'a str>, penalties: &'a [String] },
    /// The round made of the answers to a terminal's questions, asked on
    /// the session `seen`: refused if the game changed since.
    Answered { seen: &'a Session, record: RoundRecord },
    /// The scores entered on the players' phones for round `round` of the
    /// session `seen`, and the players the scorer charged a bad go-out:
    /// refused if the round, the players in their seats or the players
    /// playing changed since.
    Phones { seen: &'a Session, round: usize, scores: &'a [PhoneScore], penalties: &'a [String] },
}

/// One player's score as entered on a phone.
#[derive(Clone, Debug)]
pub(crate) struct PhoneScore {
    pub(crate) seat: usize,
    /// The player's name when the score was entered.
    pub(crate) player: String,
    /// As typed: read again when the round is recorded.
    pub(crate) text: String,
    /// The player ticked that they went out first.
    pub(crate) out: bool,
}

/// What recording the round did.
#[derive(Debug)]
pub(crate) struct Outcome {
    /// Recorded (and saved), or replayed (and nothing written): everyone
    /// scored 0 under `double_naughts`.
    pub(crate) added: Added,
    /// The deal of the round.
    pub(crate) deal: Deal,
    /// The round as it was made.
    pub(crate) record: RoundRecord,
    /// The scores typed on a command line, as read, in the order given
    /// (empty for the other ways in, which say each score as it comes).
    pub(crate) scores: Vec<(usize, Score)>,
    /// The session after.
    pub(crate) session: Session,
}

impl Outcome {
    /// Whether the round was recorded and the session saved.
    pub(crate) fn saved(&self) -> bool {
        matches!(self.added, Added::Recorded(_))
    }
}

/// Records the next round of session `name` as `given`.
pub(crate) fn record(
    store: &Store,
    name: &str,
    given: Given<'_>,
    solver: &mut Solver,
    now: Timestamp,
) -> Result<Outcome> {
    let changed = store.change(name, |session| {
        let Made { deal, record, scores } = match given {
            Given::Typed { scores, out, penalties } => typed(session, scores, out, penalties, solver)?,
            Given::Answered { seen, record } => {
                // The round was worked out on the session as it was before
                // the lock: it is saved only if nothing of the game changed.
                let changed = session.changed_since(seen);
                if !changed.is_empty() {
                    return Err(super::changed_meanwhile(
                        "the scores",
                        &changed,
                        name,
                        "see `three13 table`, then record the round again",
                    ));
                }
                Made { deal: session.open_deal()?, record, scores: Vec::new() }
            }
            Given::Phones { seen, round, scores, penalties } => {
                let (deal, record) = phones(session, name, seen, round, scores, penalties, solver)?;
                Made { deal, record, scores: Vec::new() }
            }
        };
        let added = session.add_round(record.clone(), now)?;
        Ok((matches!(added, Added::Recorded(_)), (added, deal, record, scores)))
    })?;
    let (added, deal, record, scores) = changed.value;
    Ok(Outcome { added, deal, record, scores, session: changed.session })
}

/// A round made of what was given, before it is added.
struct Made {
    deal: Deal,
    record: RoundRecord,
    scores: Vec<(usize, Score)>,
}

/// The round of the scores typed on a command line, and each score read.
fn typed(
    session: &Session,
    typed: &[String],
    out: Option<&str>,
    penalties: &[String],
    solver: &mut Solver,
) -> Result<Made> {
    let deal = session.open_deal()?;
    let (out, penalties) = scores::marks(session, out, penalties)?;
    let scores = scores::read_scores(session, deal.round, typed, solver)?;
    if let Some(missing) =
        session.playing(deal.round).into_iter().find(|s| scores.iter().all(|(t, _)| t != s))
    {
        let form: Vec<String> = session
            .playing(deal.round)
            .iter()
            .map(|&s| crate::prose::word(&format!("{}=N", session.players()[s])))
            .collect();
        return Err(Error::usage(format!(
            "no score for {}; give every player's score: {}",
            session.players()[missing],
            form.join(" ")
        )));
    }
    let record = session.round_of_scores(scores.clone(), out, penalties)?;
    Ok(Made { deal, record, scores })
}

/// The round of the scores entered on the phones, on the session under the
/// lock: refused when the round, the players in their seats or the players
/// playing are no longer those the scores were entered for (`seen`).
fn phones(
    session: &Session,
    name: &str,
    seen: &Session,
    round: usize,
    scores: &[PhoneScore],
    penalties: &[String],
    solver: &mut Solver,
) -> Result<(Deal, RoundRecord)> {
    let deal = session.open_deal()?;
    let mut changed = Vec::new();
    if deal.round != round || seen.next_deal().map(|d| d.round) != Some(round) {
        changed.push("the round".to_string());
    }
    let moved = scores.iter().any(|e| session.players().get(e.seat) != Some(&e.player));
    if moved || session.players() != seen.players() {
        changed.push("the players".to_string());
    }
    if session.playing(round) != seen.playing(round) {
        changed.push(format!("who plays round {round}"));
    }
    if !changed.is_empty() {
        let changed: Vec<&str> = changed.iter().map(String::as_str).collect();
        return Err(super::changed_meanwhile(
            "the scores",
            &changed,
            name,
            "look at the page again, then confirm the round",
        ));
    }
    let playing = session.playing(deal.round);
    let missing: Vec<&str> = playing
        .iter()
        .filter(|&&seat| scores.iter().all(|e| e.seat != seat))
        .map(|&seat| session.players()[seat].as_str())
        .collect();
    if !missing.is_empty() {
        return Err(Error::data(format!("no score yet from {}", crate::prose::and_list(&missing))));
    }
    // What was typed is read again, as a command line's scores are read.
    let mut typed = Vec::with_capacity(playing.len());
    for &seat in &playing {
        let e = scores.iter().find(|e| e.seat == seat).expect("every score is in");
        typed.push((seat, session.read_score(deal.round, seat, &e.text, solver)?));
    }
    let ticked: Vec<&str> = scores.iter().filter(|e| e.out).map(|e| e.player.as_str()).collect();
    if let [first, second, ..] = ticked[..] {
        return Err(SheetError::TwoOut { first: first.into(), second: second.into() }.into());
    }
    let (out, penalties) = scores::marks(session, ticked.first().copied(), penalties)?;
    let record = session.round_of_scores(typed, out, penalties)?;
    Ok((deal, record))
}

#[cfg(test)]
mod tests {
    use jiff::Timestamp;
    use three13_core::rules::Rules;
    use three13_core::sheet::{Added, Score, Session};
    use three13_core::solver::Solver;

    use super::{Given, PhoneScore, record};
    use crate::store::{SessionDoc, Store};

    /// A data folder holding the new game `g` of Ann, Bob and Cy under
    /// `rules`.
    fn store(dir: &tempfile::TempDir, rules: &[&str]) -> Store {
        let store = Store::locate(Some(&dir.path().join("data"))).unwrap();
        let mut r = Rules::default();
        for setting in rules {
            r.apply(setting).unwrap();
        }
        let players = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let session = Session::new("g", players, 0, r, Timestamp::UNIX_EPOCH).unwrap();
        store.save(&store.lock().unwrap(), &session, SessionDoc::default()).unwrap();
        store
    }

    fn phone(seat: usize, player: &str, text: &str, out: bool) -> PhoneScore {
        PhoneScore { seat, player: player.to_string(), text: text.to_string(), out }
    }

    /// The same round typed on a command line, answered at the terminal's
    /// questions and entered on the phones is the same round saved.
    #[test]
    fn the_three_ways_in_record_the_same_round() {
        let now = Timestamp::UNIX_EPOCH;
        let mut solver = Solver::new();
        let mut saved = Vec::new();
        for way in 0..3 {
            let dir = tempfile::tempdir().unwrap();
            let store = store(&dir, &[]);
            let seen = store.load("g").unwrap();
            let typed = ["K+4".to_string(), "0".to_string(), "9h 4d Kh".to_string()];
            let phones = [
                phone(0, "Ann", "K+4", false),
                phone(1, "Bob", "0", true),
                phone(2, "Cy", "9h 4d Kh", false),
            ];
            let given = match way {
                0 => Given::Typed { scores: &typed, out: Some("Bob"), penalties: &[] },
                1 => {
                    let scores = (0..3).map(|s| (s, seen.read_score(1, s, &typed[s], &mut solver).unwrap()));
                    Given::Answered {
                        seen: &seen,
                        record: seen.round_of_scores(scores.collect(), Some(1), vec![]).unwrap(),
                    }
                }
                _ => Given::Phones { seen: &seen, round: 1, scores: &phones, penalties: &[] },
            };
            let outcome = record(&store, "g", given, &mut solver, now).unwrap();
            assert_eq!(outcome.added, Added::Recorded(1));
            assert!(outcome.saved());
            // Only the scores of a command line are given back, to be said.
            assert_eq!(outcome.scores.len(), if way == 0 { 3 } else { 0 });
            assert_eq!(store.load("g").unwrap(), outcome.session);
            saved.push(outcome.session.rounds().to_vec());
        }
        assert_eq!(saved[0], saved[1]);
        assert_eq!(saved[0], saved[2]);
        assert_eq!(saved[0][0].deadwood, vec![17, 0, 26]);
    }

    /// A round answered or entered on a session that changed since is
    /// refused, and nothing is written.
    #[test]
    fn a_game_changed_since_is_refused_and_nothing_written() {
        let dir = tempfile::tempdir().unwrap();
        let store = store(&dir, &[]);
        let seen = store.load("g").unwrap();
        let mut solver = Solver::new();
        let typed = ["5".to_string(), "0".to_string(), "7".to_string()];
        let given = Given::Typed { scores: &typed, out: None, penalties: &[] };
        record(&store, "g", given, &mut solver, Timestamp::UNIX_EPOCH).unwrap();
        let before = std::fs::read_to_string(store.session_path("g")).unwrap();

        let answered = seen.round_of_scores(
            vec![(0, Score::number(0)), (1, Score::number(3)), (2, Score::number(4))],
            None,
            vec![],
        );
        let given = Given::Answered { seen: &seen, record: answered.unwrap() };
        let e = record(&store, "g", given, &mut solver, Timestamp::UNIX_EPOCH).unwrap_err();
        assert!(e.message().starts_with("while the scores were typed, another three13 changed"), "{e}");
        assert!(e.message().ends_with("(see `three13 table`, then record the round again)"), "{e}");

        let phones = [phone(0, "Ann", "0", false), phone(1, "Bob", "3", false), phone(2, "Cy", "4", false)];
        let given = Given::Phones { seen: &seen, round: 1, scores: &phones, penalties: &[] };
        let e = record(&store, "g", given, &mut solver, Timestamp::UNIX_EPOCH).unwrap_err();
        assert_eq!(
            e.message(),
            "while the scores were typed, another three13 changed the round of g; nothing was written \
             (look at the page again, then confirm the round)"
        );
        assert_eq!(std::fs::read_to_string(store.session_path("g")).unwrap(), before);
    }

    /// Everyone at 0 under double_naughts: the round is replayed, and the
    /// file is not written.
    #[test]
    fn a_replayed_round_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let store = store(&dir, &["double_naughts=true"]);
        let before = std::fs::read_to_string(store.session_path("g")).unwrap();
        let typed = ["0 0 0".to_string()];
        let given = Given::Typed { scores: &typed, out: None, penalties: &[] };
        let outcome = record(&store, "g", given, &mut Solver::new(), Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(outcome.added, Added::Replayed(1));
        assert!(!outcome.saved());
        assert_eq!(std::fs::read_to_string(store.session_path("g")).unwrap(), before);
    }
}
