//! The tiebreak draw at the table: each tied player draws a real card, and
//! the cards are typed on the command line (`Ann=Kh Bob=3c`) or asked for
//! on a terminal, one draw at a time, until one card is lowest.

use three13_core::card::{Card, Rank};
use three13_core::sheet::{Playoff, Session, shown};

use crate::error::{Error, Result};
use crate::store::Store;
use crate::ui::Ui;

/// The cards of one draw typed as `NAME=CARD`, by seat: one for each
/// player who draws, and no other.
pub(crate) fn cards_given(session: &Session, words: &[String]) -> Result<Vec<(usize, Card)>> {
    let drawing = session.drawing();
    let mut cards: Vec<(usize, Card)> = Vec::new();
    for word in words {
        let Some((who, card)) = word.split_once('=') else {
            return Err(Error::usage(format!(
                "\"{}\" is not NAME=CARD; give the card each player drew: {}",
                shown(word),
                form(session)
            )));
        };
        let seat = session.seat_of(who.trim())?;
        let player = &session.players()[seat];
        if !drawing.contains(&seat) {
            return Err(Error::usage(format!("{player} does not draw; {}", who_draws(session))));
        }
        if cards.iter().any(|(s, _)| *s == seat) {
            return Err(Error::usage(format!("two cards for {player}; each player draws one")));
        }
        let card =
            session.rules().deck().parse(card.trim()).map_err(|e| {
                Error::data(format!("{player}'s card: {}", e.problem)).with_hint(e.hint.clone())
            })?;
        cards.push((seat, card));
    }
    if let Some(&missing) = drawing.iter().find(|s| cards.iter().all(|(t, _)| t != *s)) {
        return Err(Error::usage(format!(
            "no card for {}; give the card each player drew: {}",
            session.players()[missing],
            form(session)
        )));
    }
    Ok(cards)
}

/// `three13 draw Ann=CARD Bob=CARD`: the command that records the draw due.
pub(crate) fn form(session: &Session) -> String {
    let mut words = vec!["three13 draw".to_string()];
    words.extend(
        session.drawing().iter().map(|&s| format!("{}=CARD", shell_words::quote(&session.players()[s]))),
    );
    words.join(" ")
}

/// Who draws: the players tied for the win, or those tied on the lowest
/// card of the last draw.
pub(crate) fn who_draws(session: &Session) -> String {
    let names: Vec<&str> = session.drawing().iter().map(|&s| session.players()[s].as_str()).collect();
    let names = crate::prose::and_list(&names);
    match session.playoff() {
        Some(Playoff::Draws(draws)) => {
            let rank = draws.last().and_then(|d| d.iter().filter_map(|(_, c)| c.rank()).min());
            format!("{names} drew {} and draw again", rank.map_or("jokers", Rank::plural))
        }
        _ => format!("{names} are tied for the win and each draws a card"),
    }
}

/// Why no draw is due, as an error.
pub(crate) fn not_due(session: &Session, name: &str) -> Error {
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
    Error::data(format!("no draw is due in {name}: {why}"))
}

/// What one draw gave: `Ann drew Kh, Bob drew 2c: Bob's two is lowest.`
pub(crate) fn drew(ui: &Ui, session: &Session, cards: &[(usize, Card)]) -> String {
    let name = |s: usize| session.players()[s].as_str();
    let shown: Vec<String> = cards.iter().map(|&(s, c)| format!("{} drew {}", name(s), ui.card(c))).collect();
    let still = session.drawing();
    if session.draw_due() && still.len() > 1 && still.iter().all(|s| cards.iter().any(|(t, _)| t == s)) {
        return format!("{}: a tie on the lowest; {}.", shown.join(", "), who_draws(session));
    }
    let low = cards.iter().min_by_key(|(_, c)| c.rank().map_or(0, |r| r.number())).map(|&(s, _)| s);
    match low {
        Some(s) => format!("{}: {} drew lowest and wins the tie.", shown.join(", "), name(s)),
        None => shown.join(", "),
    }
}

/// Records the draw `cards` into session `name`, read as `seen`: under the
/// lock, refused if the game changed meanwhile. Gives the session after.
pub(crate) fn record(
    store: &Store,
    name: &str,
    seen: &Session,
    cards: Vec<(usize, Card)>,
    now: jiff::Timestamp,
) -> Result<Session> {
    let lock = store.lock()?;
    let crate::store::Loaded { mut session, doc } = store.load_to_change(&lock, name)?;
    let changed = session.changed_since(seen);
    if !changed.is_empty() {
        return Err(Error::data(format!(
            "while the cards were typed, another three13 changed {} of {name}; nothing was written \
             (see `three13 table`, then draw again)",
            crate::prose::and_list(&changed)
        )));
    }
    session.record_draw(cards, now)?;
    store.save(&lock, &session, doc)?;
    Ok(session)
}

/// Asks each player who draws for their card on the terminal and records
/// the draw; on a tie, asks those tied again. Gives the session after the
/// last draw, and what was said of each.
pub(crate) fn ask_and_record(
    store: &Store,
    name: &str,
    ui: &Ui,
    mut session: Session,
) -> Result<(Session, Vec<String>)> {
    let mut said = Vec::new();
    while session.draw_due() {
        ui.say(&format!(
            "{}: type the card each drew (like Kh or 3c); the lowest rank wins, {}.",
            who_draws(&session),
            if session.rules().deck().has_rank(Rank::ACE) { "aces low" } else { "threes lowest" }
        ));
        let mut cards = Vec::new();
        for seat in session.drawing() {
            let player = session.players()[seat].clone();
            loop {
                let text = crate::entry::unquoted(&ui.input(&format!("{player} drew"), false)?);
                match session.rules().deck().parse(text.trim()) {
                    Ok(card) if !card.is_joker() => {
                        cards.push((seat, card));
                        break;
                    }
                    Ok(_) => {
                        ui.say("a joker is not drawn; type the card drawn from the decks without jokers")
                    }
                    Err(e) => ui.say(&format!("{}; {}", e.problem, e.hint)),
                }
            }
        }
        let next = record(store, name, &session, cards.clone(), crate::cmd::now())?;
        let line = drew(ui, &next, &cards);
        ui.say(&line);
        said.push(line);
        session = next;
    }
    Ok((session, said))
}
