//! `three13 draw`: record the tiebreak draw, the card each tied player drew.

use std::io::Write;

use crate::cli::{Cli, DrawArgs};
use crate::error::{Error, Result};
use crate::tiebreak;
use crate::ui::Ui;

pub(crate) fn run(args: &DrawArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    if args.json {
        ui.for_json();
    }
    let seen = store.load(&name)?;
    if !seen.draw_due() {
        return Err(tiebreak::not_due(&seen, &name));
    }
    // Asked on the terminal, each draw is said as it is typed.
    let asked = !args.random && args.cards.is_empty() && ui.can_prompt && !args.json;
    let (session, said) = if args.random {
        let lock = store.lock()?;
        let crate::store::Loaded { mut session, doc } = store.load_to_change(&lock, &name)?;
        if !session.changed_since(&seen).is_empty() || !session.draw_due() {
            return Err(Error::data(format!(
                "{name} was changed by another three13 meanwhile; nothing was drawn (see `three13 table`)"
            )));
        }
        let before = session.clone();
        session.draw_tiebreak_at_random(super::now());
        store.save(&lock, &session, doc)?;
        drop(lock);
        let draws = match (before.playoff(), session.playoff()) {
            (Some(three13_core::sheet::Playoff::Draws(b)), Some(three13_core::sheet::Playoff::Draws(a))) => {
                a[b.len()..].to_vec()
            }
            (_, Some(three13_core::sheet::Playoff::Draws(a))) => a.clone(),
            _ => Vec::new(),
        };
        // Each draw said as it would have been, the session as after it.
        let mut said = Vec::new();
        let mut step = before;
        for cards in &draws {
            step.record_draw(cards.clone(), super::now())?;
            said.push(tiebreak::drew(ui, &step, cards));
        }
        (session, said)
    } else if !args.cards.is_empty() {
        let cards = tiebreak::cards_given(&seen, &args.cards)?;
        let session = tiebreak::record(&store, &name, &seen, cards.clone(), super::now())?;
        let said = vec![tiebreak::drew(ui, &session, &cards)];
        (session, said)
    } else if ui.can_prompt && !args.json {
        tiebreak::ask_and_record(&store, &name, ui, seen)?
    } else {
        return Err(Error::usage(format!(
            "no cards given; give the card each tied player drew ({}), or draw for the table with --random",
            tiebreak::form(&seen)
        )));
    };
    if args.json {
        return crate::report::change::print(ui, "draw", true, said, &session);
    }
    for line in said.iter().filter(|_| !asked) {
        writeln!(ui.out, "{}", ui.wrap(line, 0))?;
    }
    if session.draw_due() {
        writeln!(ui.out, "{}", ui.wrap(&format!("Draw again: {}", tiebreak::form(&session)), 0))?;
    }
    crate::report::table::print(ui, &session)?;
    crate::report::table::rematch(ui, &session)
}
