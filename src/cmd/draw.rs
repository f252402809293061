//! `three13 draw`: record the tiebreak draw, the card each tied player drew.

use std::io::Write;

use three13_core::card::Card;
use three13_core::sheet::{Session, shown};

use crate::app::tiebreak;
use crate::cli::{Cli, DrawArgs};
use crate::error::{Error, Result};
use crate::report::tiebreak::{drew, form, who_draws};
use crate::ui::Ui;

pub(crate) fn run(args: &DrawArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    if args.json {
        ui.for_json();
    }
    let seen = store.load(&name)?;
    tiebreak::due(&seen, &name)?;
    // Asked on the terminal, each draw is said as it is typed.
    let asked = !args.random && args.cards.is_empty() && ui.can_prompt && !args.json;
    let (session, said) = if args.random {
        let (session, draws) = tiebreak::at_random(&store, &name, &seen, super::now())?;
        let said = draws.iter().map(|d| drew(ui, &d.after, &d.cards)).collect();
        (session, said)
    } else if !args.cards.is_empty() {
        let cards = cards_given(&seen, &args.cards)?;
        let session = tiebreak::record(&store, &name, &seen, cards.clone(), super::now())?;
        let said = vec![drew(ui, &session, &cards)];
        (session, said)
    } else if asked {
        super::ask_draw(&store, &name, ui, seen)?
    } else {
        return Err(Error::usage(format!(
            "no cards given; give the card each tied player drew ({}), or draw for the table with --random",
            form(&seen)
        )));
    };
    if args.json {
        return crate::report::change::print(ui, "draw", true, said, &session);
    }
    for line in said.iter().filter(|_| !asked) {
        writeln!(ui.out, "{}", ui.wrap(line, 0))?;
    }
    if session.draw_due() {
        writeln!(ui.out, "{}", ui.wrap(&format!("Draw again: {}", form(&session)), 0))?;
    }
    crate::report::table::print(ui, &session)?;
    crate::report::table::rematch(ui, &session)
}

/// The cards of one draw typed as `NAME=CARD`, by seat: one for each
/// player who draws, and no other.
fn cards_given(session: &Session, words: &[String]) -> Result<Vec<(usize, Card)>> {
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
