//! `three13 edit`: correct a recorded round.

use std::io::Write;

use crate::app::scores;
use crate::cli::{Cli, EditArgs};
use crate::error::{Error, Result};
use crate::report;
use crate::ui::Ui;
use three13_core::sheet::{RoundEdit, Session};
use three13_core::solver::Solver;

pub(crate) fn run(args: &EditArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let mut solver = Solver::new();
    if args.json {
        ui.for_json();
    }

    let round = args.round;
    let only_dealer = args.scores.is_empty()
        && args.out.is_none()
        && !args.no_out
        && args.penalty.is_empty()
        && args.no_penalty.is_empty();
    let mut echoed = Vec::new();
    let crate::store::Changed { session, value: changes, saved } = store.change(&name, |session| {
        let changes: Vec<_> = if only_dealer {
            let Some(dealer) = &args.dealer else {
                return Err(Error::usage(format!(
                    "nothing to change in round {round}; give scores (in seat order or NAME=SCORE), \
                     --out, --no-out, --penalty, --no-penalty or --dealer"
                )));
            };
            // The dealer of the next round can be named before it is played.
            let seat = session.seat_of(dealer)?;
            session.set_dealer(round, seat, super::now())?.into_iter().collect()
        } else {
            let edit = round_edit(session, args, &mut solver, &mut echoed)?;
            session.edit_round(round, &edit, super::now())?
        };
        Ok((!changes.is_empty(), changes))
    })?;
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

/// The changes the command line asks for.
fn round_edit(
    session: &Session,
    args: &EditArgs,
    solver: &mut Solver,
    said: &mut Vec<String>,
) -> Result<RoundEdit> {
    let round = args.round;
    let played = session.rounds().len();
    if round == 0 || round > played {
        return Err(three13_core::sheet::SheetError::NoRoundToEdit { round, played }.into());
    }
    let deal = session.deal(round).expect("a recorded round is one of the rules");
    // `edit 3 Ann 15`: one player, then the value.
    let scores = match args.scores.as_slice() {
        [who, value]
            if !who.contains('=')
                && (session.seat(who).is_some()
                    || (session.playing(round).len() != 2
                        && !who.starts_with(|c: char| c.is_ascii_digit()))) =>
        {
            let seat = session.seat_of(who)?;
            vec![(seat, session.read_score(round, seat, value, solver)?)]
        }
        [] => Vec::new(),
        scores => scores::read_scores(session, round, scores, solver)?,
    };
    for (seat, score) in &scores {
        said.extend(report::round::describe(session, &deal, *seat, score, solver));
    }
    let (out, penalise) = scores::marks(session, args.out.as_deref(), &args.penalty)?;
    let forgive = args.no_penalty.iter().map(|p| session.seat_of(p)).collect::<Result<Vec<_>, _>>()?;
    let out = if args.no_out { Some(None) } else { out.map(Some) };
    let dealer = args.dealer.as_deref().map(|d| session.seat_of(d)).transpose()?;
    Ok(RoundEdit { scores, out, penalise, forgive, dealer })
}
