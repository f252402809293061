//! `three13 edit`: correct a recorded round.

use std::io::Write;

use crate::app::correct::{Corrected, Correction, correct};
use crate::cli::{Cli, EditArgs};
use crate::error::Result;
use crate::report;
use crate::ui::Ui;
use three13_core::solver::Solver;

pub(crate) fn run(args: &EditArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let mut solver = Solver::new();
    if args.json {
        ui.for_json();
    }
    let asked = Correction {
        round: args.round,
        scores: args.scores.clone(),
        out: args.out.clone(),
        no_out: args.no_out,
        penalty: args.penalty.clone(),
        no_penalty: args.no_penalty.clone(),
        dealer: args.dealer.clone(),
    };
    let Corrected { session, saved, changes, typed } =
        correct(&store, &name, &asked, &mut solver, super::now())?;
    let round = args.round;
    // What was made of each typed hand, as it was read.
    let mut echoed: Vec<String> = match &typed {
        Some((deal, scores)) => scores
            .iter()
            .filter_map(|(seat, score)| report::round::describe(&session, deal, *seat, score, &mut solver))
            .collect(),
        None => Vec::new(),
    };
    let mut said: Vec<String> =
        changes.iter().map(|change| report::round::correction(&session, ui, round, change)).collect();
    if changes.is_empty() {
        said.push(format!("Round {round}: nothing changed."));
    }
    if args.json {
        echoed.extend(said);
        return report::change::print(ui, "edit", saved, echoed, &session);
    }
    // The typed hands are echoed on stderr; what changed, on stdout.
    for line in echoed {
        ui.say(&line);
    }
    for line in said {
        writeln!(ui.out, "{line}")?;
    }
    report::table::print(ui, &session)
}
