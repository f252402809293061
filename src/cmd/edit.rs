//! `three13 edit`: correct one score of a recorded round.

use std::io::Write;

use crate::cli::{Cli, EditArgs};
use crate::error::Result;
use crate::ui::Ui;
use three13_core::sheet::SheetError;
use three13_core::solver::Solver;

pub(crate) fn run(args: &EditArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let mut solver = Solver::new();

    let lock = store.lock()?;
    let mut session = store.load(&name)?;
    let seat = session.seat_of(&args.player)?;
    let (old, new) = match session.edit(args.round, seat, &args.value, &mut solver, super::now()) {
        Ok(edited) => edited,
        // A hand that does not go out, typed for the player who went out.
        Err(SheetError::EditOut { .. }) if args.value.chars().any(|c| c.is_ascii_alphabetic()) => {
            let score = session.read_score(args.round, seat, &args.value, &mut solver)?;
            return Err(super::round::false_go_out(&session, seat, score.deadwood));
        }
        Err(e) => return Err(e.into()),
    };
    super::table::draw_tiebreak(&mut session);
    store.save(&lock, &session)?;
    drop(lock);

    let how = match &new.hand {
        Some(hand) => {
            let cards: Vec<String> = hand.iter().map(|&c| ui.card(c)).collect();
            format!(" (the hand {})", cards.join(" "))
        }
        None => String::new(),
    };
    writeln!(
        ui.out,
        "Round {}: {}'s deadwood {old} is now {}{how}.",
        args.round,
        session.players()[seat],
        new.deadwood
    )?;
    super::table::print(ui, &session)
}
