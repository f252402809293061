//! The tiebreak draw in words: who draws, the command that records the
//! draw, and what a draw gave.

use three13_core::card::{Card, Rank};
use three13_core::sheet::{Playoff, Session};

use crate::ui::Ui;

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

/// What one draw gave, said on the session as it stands after it: `Ann
/// drew Kh, Bob drew 2c: Bob drew lowest and wins the tie.`
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
