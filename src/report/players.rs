//! A change of the players, as a sentence: a rename, a player joining,
//! leaving or coming back.

use three13_core::sheet::{Missed, Session};

use crate::app::players::PlayerChanged;

/// What was done to the players of `s` (the session after the change).
pub(crate) fn changed(s: &Session, changed: &PlayerChanged) -> String {
    let name = s.name();
    let next = s.rounds().len() + 1;
    match changed {
        PlayerChanged::Renamed { seat, old } => {
            format!("Renamed {old} to {} in every round of {name}.", s.players()[*seat])
        }
        PlayerChanged::Added { seat, start } => format!(
            "{} joins {name} at seat {} from round {next}, starting from {}.",
            s.players()[*seat],
            seat + 1,
            super::start_origin(s, *seat, *start)
        ),
        PlayerChanged::Removed { player, off: true } => {
            format!("Took {player} off {name}; they had played no round.")
        }
        PlayerChanged::Removed { player, off: false } => format!(
            "{player} left {name} after round {}: their rounds stay, and the deal skips them.",
            s.rounds().len()
        ),
        PlayerChanged::Returned { seat } => returned(s, *seat),
    }
}

/// The player at `seat` back at the table, and how their total was made.
fn returned(s: &Session, seat: usize) -> String {
    let name = s.name();
    let player = &s.players()[seat];
    let total = s.scoreboard().totals()[seat];
    let next = s.rounds().len() + 1;
    let st = &s.seats()[seat];
    let away = match (st.away.last(), st.left) {
        (Some(&(left, back)), None) if back == s.rounds().len() => Some((left, back)),
        _ => None,
    };
    let Some((left, back)) = away else {
        return format!(
            "{player} is back in {name} from round {next}, at seat {}, with their rounds and a total of {total}.",
            seat + 1,
        );
    };
    let rounds =
        if back == left + 1 { format!("round {back}") } else { format!("rounds {}-{back}", left + 1) };
    let rule = match st.missed.last().expect("one rule for each time away") {
        Missed::Total(_) => format!("as given, for {rounds} missed"),
        rule if back == left + 1 => format!("{rounds}, missed, scores {}", rule.described()),
        rule => format!("{rounds}, missed, each score {}", rule.described()),
    };
    format!(
        "{player} is back in {name} from round {next}, at seat {}, with a total of {total}: {rule}.",
        seat + 1,
    )
}
