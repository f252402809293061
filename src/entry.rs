//! Scores as typed on a command line or at a prompt, read into the
//! sheet's terms: the words of `round` and `edit` (in seat order, or
//! NAME=SCORE each), and the players named by --out and --penalty.

use three13_core::sheet::{Score, Session, SheetError, shown};
use three13_core::solver::Solver;

use crate::error::{Error, Result};

/// The scores typed on a command line for round `round`: one per player of
/// the round in seat order, or NAME=SCORE each; by seat.
pub(crate) fn read_scores(
    session: &Session,
    round: usize,
    args: &[String],
    solver: &mut Solver,
) -> Result<Vec<(usize, Score)>> {
    let playing = session.playing(round);
    let names: Vec<&str> = playing.iter().map(|&s| session.players()[s].as_str()).collect();
    let by_name = args.iter().any(|s| s.contains('='));
    if by_name && let Some(bare) = args.iter().find(|s| !s.contains('=')) {
        return Err(Error::usage(format!(
            "\"{}\" has no player name, but other scores do; give either every score in seat order \
             (12 0 35) or each as NAME=SCORE",
            shown(bare)
        )));
    }
    let mut scores: Vec<(usize, Score)> = Vec::new();
    if by_name {
        for arg in args {
            let (who, value) = arg.split_once('=').expect("has =");
            let seat = session.seat_of(who)?;
            if !playing.contains(&seat) && round > session.deals().len() {
                return Err(Error::usage(format!(
                    "{} is not tied for the win, so does not play the tiebreaker round",
                    session.players()[seat]
                )));
            }
            if scores.iter().any(|(s, _)| *s == seat) {
                return Err(SheetError::TwoScores { player: session.players()[seat].clone() }.into());
            }
            scores.push((seat, session.read_score(round, seat, value, solver)?));
        }
        return Ok(scores);
    }
    if args.len() != playing.len() {
        return Err(Error::usage(format!(
            "{} players but {} score{} given; give one per player in seat order ({}), or NAME=SCORE",
            playing.len(),
            args.len(),
            if args.len() == 1 { "" } else { "s" },
            names.join(" ")
        )));
    }
    for (&seat, text) in playing.iter().zip(args) {
        if three13_core::sheet::seat_in(session.players(), text).is_some() {
            return Err(Error::usage(format!(
                "\"{}\" is a player's name, not a score; in seat order give one score per player \
                 ({}), or write each as NAME=SCORE",
                shown(text),
                names.join(" ")
            )));
        }
        scores.push((seat, session.read_score(round, seat, text, solver)?));
    }
    Ok(scores)
}

/// The seats of --out and each --penalty.
pub(crate) fn marks(
    session: &Session,
    out: Option<&str>,
    penalty: &[String],
) -> Result<(Option<usize>, Vec<usize>)> {
    let out = out.map(|p| session.seat_of(p)).transpose()?;
    if !penalty.is_empty() && session.rules().bad_go_out_penalty == 0 {
        return Err(Error::data(
            "--penalty: these rules give no penalty for a bad go-out (bad_go_out_penalty is 0); \
             to play with one, see `three13 rules --set bad_go_out_penalty=20 --save`",
        ));
    }
    let penalties = penalty.iter().map(|p| session.seat_of(p)).collect::<Result<Vec<_>, _>>()?;
    Ok((out, penalties))
}
