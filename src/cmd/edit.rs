//! `three13 edit`: correct a recorded round.

use std::io::Write;

use crate::cli::{Cli, EditArgs};
use crate::error::{Error, Result};
use crate::ui::Ui;
use three13_core::sheet::{Change, RoundEdit, Session};
use three13_core::solver::Solver;

pub(crate) fn run(args: &EditArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let mut solver = Solver::new();

    let lock = store.lock()?;
    let crate::store::Loaded { mut session, doc } = store.load_to_change(&lock, &name)?;
    let round = args.round;
    let only_dealer = args.scores.is_empty()
        && args.out.is_none()
        && !args.no_out
        && args.penalty.is_empty()
        && args.no_penalty.is_empty();
    let mut echoed = Vec::new();
    let changes = if only_dealer {
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
        let edit = round_edit(&session, args, &mut solver, &mut echoed)?;
        // A hand that does not go out, typed for the player who went out.
        if let Some(r) = session.rounds().get(round.wrapping_sub(1)) {
            let out = edit.out.unwrap_or(r.out);
            let typed = out.and_then(|o| edit.scores.iter().find(|(s, _)| *s == o));
            if let (Some(o), Some((_, score))) = (out, typed)
                && score.hand.is_some()
                && score.deadwood != 0
            {
                return Err(super::round::false_go_out(&session, o, score.deadwood));
            }
        }
        session.edit_round(round, &edit, super::now())?
    };
    if !changes.is_empty() {
        // A change to the last round may make or break a tie for the win.
        super::table::draw_tiebreak(&mut session);
        store.save(&lock, &session, doc)?;
    }
    drop(lock);
    for line in echoed {
        ui.say(&line);
    }

    if changes.is_empty() {
        writeln!(ui.out, "Round {round}: nothing changed.")?;
    }
    for change in &changes {
        writeln!(ui.out, "{}", said(&session, ui, round, change))?;
    }
    super::table::print(ui, &session)
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
    let deal = session.rules().deal(round).expect("a recorded round is one of the rules");
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
        scores => super::round::read_scores(session, round, scores, solver)?,
    };
    for (seat, score) in &scores {
        said.extend(super::round::describe(session, &deal, *seat, score, solver));
    }
    let (out, penalise) = super::round::marks(session, args.out.as_deref(), &args.penalty)?;
    let forgive = args.no_penalty.iter().map(|p| session.seat_of(p)).collect::<Result<Vec<_>, _>>()?;
    let out = if args.no_out { Some(None) } else { out.map(Some) };
    let dealer = args.dealer.as_deref().map(|d| session.seat_of(d)).transpose()?;
    Ok(RoundEdit { scores, out, penalise, forgive, dealer })
}

/// One change, as a sentence.
fn said(session: &Session, ui: &Ui, round: usize, change: &Change) -> String {
    let name = |s: usize| session.players()[s].as_str();
    match change {
        Change::Score { seat, old, new } => {
            let how = match &new.hand {
                Some(hand) => format!(" (the hand {})", ui.cards(hand)),
                None => String::new(),
            };
            format!("Round {round}: {}'s deadwood {old} is now {}{how}.", name(*seat), new.deadwood)
        }
        Change::Out { old, new } => {
            let before = old.map_or(String::new(), |o| format!(" (not {})", name(o)));
            match new {
                Some(o) => format!("Round {round}: {} went out first{before}.", name(*o)),
                None => format!("Round {round}: nobody went out first{before}."),
            }
        }
        Change::Penalty { seat, added: true } => {
            format!("Round {round}: {} is penalised for a bad go-out.", name(*seat))
        }
        Change::Penalty { seat, added: false } => {
            format!("Round {round}: {}'s penalty is taken off.", name(*seat))
        }
        Change::Dealer { old, new } => {
            format!("Round {round}: {} deals (not {}); the deal moves on from there.", name(*new), name(*old))
        }
    }
}
