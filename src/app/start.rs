//! Starting a game: a new session, saved and made the current one; or a
//! rematch of one played.

use jiff::Timestamp;
use jiff::tz::TimeZone;

use crate::error::{Error, Result};
use crate::store::Store;
use three13_core::rules::Rules;
use three13_core::sheet::{Session, check_player_names, free_name, seat_in};

/// What is asked: the players in seat order, who deals round 1 (a seat),
/// the rules and the session's name (none: today's date).
#[derive(Clone, Debug)]
pub(crate) struct Asked {
    pub(crate) name: Option<String>,
    pub(crate) players: Vec<String>,
    pub(crate) dealer: usize,
    pub(crate) rules: Rules,
}

/// The players of a rematch of `like`: those still at the table, then
/// those `given`, each new to it; and the seat one on from the first
/// dealer of `like`, to deal round 1.
pub(crate) fn rematch(like: &Session, given: &[String]) -> Result<(Vec<String>, usize)> {
    let active = like.active();
    let mut players: Vec<String> = active.iter().map(|&s| like.players()[s].clone()).collect();
    for p in given {
        if let Some(seat) = seat_in(&players, p) {
            return Err(Error::usage(format!(
                "{} plays in {} already; with --like, --player adds a player to the rematch",
                players[seat],
                like.name()
            )));
        }
        players.push(p.clone());
    }
    check_player_names(&players)?;
    let next = active.iter().position(|&s| s > like.first_dealer()).unwrap_or(0);
    Ok((players, next))
}

/// Starts the session asked for, under the data folder's lock: saved as
/// a new file (a random order of the rounds drawn for it), then made the
/// current session.
pub(crate) fn start(store: &Store, asked: &Asked, now: Timestamp) -> Result<Session> {
    let lock = store.lock()?;
    let name = match &asked.name {
        Some(name) => {
            if let Some(existing) = store.exists(name)? {
                return Err(Error::data(format!(
                    "a session named \"{existing}\" already exists; pick another name, \
                     or continue it with `three13 use {existing}`"
                )));
            }
            name.clone()
        }
        None => {
            let names = store.names()?;
            let today = now.to_zoned(TimeZone::system()).date().to_string();
            free_name(&today, |n| names.iter().any(|m| m.eq_ignore_ascii_case(n)))
        }
    };
    // A random order of the rounds is drawn for each game, a rematch too.
    let mut rules = asked.rules;
    rules.draw_order(&[], |n| fastrand::usize(..n));
    let session = Session::new(&name, asked.players.clone(), asked.dealer, rules, now)?;
    // A new session starts from an empty document: the standard layout.
    store.save(&lock, &session, Default::default())?;
    // Two files change: say exactly what was done when the second fails.
    store.set_current(&lock, Some(&name)).map_err(|e| {
        Error::data(format!(
            "session {name} was started and saved, but could not be made the current one: {}",
            e.message()
        ))
        .with_hint(format!("continue it with `three13 use {name}`, or name it with --session {name}"))
    })?;
    Ok(session)
}
