//! The tiebreak draw: each tied player draws a real card at the table and
//! the cards are recorded, or the draw is made for the table by chance;
//! each in one unit of work, refused when the game changed since the
//! cards were asked for.

use jiff::Timestamp;
use three13_core::card::Card;
use three13_core::sheet::{Playoff, Session};

use crate::error::{Error, Result};
use crate::store::Store;

/// One draw: the card each player drew, by seat, and the session as it
/// stood after it.
#[derive(Debug)]
pub(crate) struct Drawn {
    pub(crate) cards: Vec<(usize, Card)>,
    pub(crate) after: Session,
}

/// Refused, saying why, when no draw is due in session `name`.
pub(crate) fn due(session: &Session, name: &str) -> Result<()> {
    if session.draw_due() {
        return Ok(());
    }
    let rules = session.rules();
    let why = if rules.tiebreak() != three13_core::rules::Tiebreak::Draw {
        format!("its rules break a tie with tiebreak={}", rules.tiebreak().word())
    } else if session.rounds().len() < session.deals().len() {
        "rounds remain to be played".to_string()
    } else if session.tied().is_empty() {
        "nobody is tied for the win".to_string()
    } else {
        "the draw is made (see `three13 table`; `three13 undo` takes it back)".to_string()
    };
    Err(Error::data(format!("no draw is due in {name}: {why}")))
}

/// Records the draw `cards` into session `name`, the cards asked for on
/// the session `seen`: refused if the game changed since. Gives the
/// session after.
pub(crate) fn record(
    store: &Store,
    name: &str,
    seen: &Session,
    cards: Vec<(usize, Card)>,
    now: Timestamp,
) -> Result<Session> {
    let changed = store.change(name, |session| {
        let changed = session.changed_since(seen);
        if !changed.is_empty() {
            return Err(super::changed_meanwhile(
                "the cards",
                &changed,
                name,
                "see `three13 table`, then draw again",
            ));
        }
        session.record_draw(cards, now)?;
        Ok((true, ()))
    })?;
    Ok(changed.session)
}

/// Draws for the table by chance, as many times as ties on the lowest
/// card need, in session `name` as it was seen: refused if the game
/// changed since. Gives the session after, and each draw made.
pub(crate) fn at_random(
    store: &Store,
    name: &str,
    seen: &Session,
    now: Timestamp,
) -> Result<(Session, Vec<Drawn>)> {
    let changed = store.change(name, |session| {
        if !session.changed_since(seen).is_empty() || !session.draw_due() {
            return Err(Error::data(format!(
                "{name} was changed by another three13 meanwhile; nothing was drawn (see `three13 table`)"
            )));
        }
        let before = session.clone();
        session.draw_tiebreak_at_random(now);
        Ok((true, before))
    })?;
    let before = changed.value;
    let draws = match (before.playoff(), changed.session.playoff()) {
        (Some(Playoff::Draws(b)), Some(Playoff::Draws(a))) => a[b.len()..].to_vec(),
        (_, Some(Playoff::Draws(a))) => a.clone(),
        _ => Vec::new(),
    };
    // Each draw with the session as it stood after it.
    let mut drawn = Vec::new();
    let mut step = before;
    for cards in draws {
        step.record_draw(cards.clone(), now)?;
        drawn.push(Drawn { cards, after: step.clone() });
    }
    Ok((changed.session, drawn))
}

#[cfg(test)]
mod tests {
    use jiff::Timestamp;
    use three13_core::rules::Rules;
    use three13_core::sheet::{RoundRecord, Session};

    use super::{at_random, due, record};
    use crate::store::{SessionDoc, Store};

    /// A data folder holding game `g` of Ann and Bob, tied after its last
    /// round under rules that break a tie by a draw.
    fn tied(dir: &tempfile::TempDir) -> Store {
        let store = Store::locate(Some(&dir.path().join("data"))).unwrap();
        let mut rules = Rules::default();
        rules.apply("tiebreak=draw").unwrap();
        let players = ["Ann", "Bob"].map(String::from).to_vec();
        let mut session = Session::new("g", players, 0, rules, Timestamp::UNIX_EPOCH).unwrap();
        due(&session, "g").unwrap_err();
        while session.next_deal().is_some() {
            session.add_round(RoundRecord::from_deadwood(vec![5, 5]), Timestamp::UNIX_EPOCH).unwrap();
        }
        due(&session, "g").unwrap();
        store.save(&store.lock().unwrap(), &session, SessionDoc::default()).unwrap();
        store
    }

    #[test]
    fn a_draw_at_random_gives_each_draw_and_ends_the_tie() {
        let dir = tempfile::tempdir().unwrap();
        let store = tied(&dir);
        let seen = store.load("g").unwrap();
        let (after, draws) = at_random(&store, "g", &seen, Timestamp::UNIX_EPOCH).unwrap();
        assert!(!after.draw_due());
        assert_eq!(store.load("g").unwrap(), after);
        assert!(!draws.is_empty());
        let last = draws.last().unwrap();
        assert_eq!(last.after.playoff(), after.playoff());
        // Every draw but the last was a tie on the lowest.
        assert!(draws[..draws.len() - 1].iter().all(|d| d.after.draw_due()));
        // The draw is made: another is refused, and nothing is written.
        let e = at_random(&store, "g", &seen, Timestamp::UNIX_EPOCH).unwrap_err();
        assert!(e.message().contains("changed by another three13 meanwhile"), "{e}");
        let deck = seen.rules().deck();
        let cards = vec![(0, deck.parse("Kh").unwrap()), (1, deck.parse("2c").unwrap())];
        let e = record(&store, "g", &seen, cards, Timestamp::UNIX_EPOCH).unwrap_err();
        assert!(e.message().starts_with("while the cards were typed, another three13 changed"), "{e}");
        assert_eq!(store.load("g").unwrap(), after);
    }
}
