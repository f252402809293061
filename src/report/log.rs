//! The log of changes in words: each change as `three13 log` lists it and
//! `undo` names it, and what an undo gave back.

use three13_core::sheet::{LogChange, Logged, PastScore, Playoff, Session};

/// A change as the log lists it: `round 4 recorded`, `Bob renamed Robert`.
pub(crate) fn listed(e: &Logged) -> String {
    let mut out = match &e.change {
        LogChange::Round { round } => format!("round {round} recorded"),
        LogChange::Edit { round, was } => {
            let mut parts: Vec<String> = was
                .scores
                .iter()
                .map(|(p, past)| format!("{p}'s score (was {})", score_text(past)))
                .collect();
            if let Some(out) = &was.out {
                parts.push(format!("who went out (was {})", out.as_deref().unwrap_or("nobody")));
            }
            if let Some(penalties) = &was.penalties {
                let were = if penalties.is_empty() { "none".to_string() } else { penalties.join(", ") };
                parts.push(format!("the penalties (were {were})"));
            }
            if let Some(dealer) = &was.dealer {
                parts.push(format!("the dealer (was {})", dealer.as_deref().unwrap_or("the one in turn")));
            }
            format!("round {round} corrected: {}", parts.join(", "))
        }
        LogChange::Dealer { round, dealer, was } => match was {
            Some(was) => format!("{dealer} named to deal round {round} (was {was})"),
            None => format!("{dealer} named to deal round {round}"),
        },
        LogChange::Join { player } => format!("{player} joined"),
        LogChange::Leave { player, off: Some(_), .. } => {
            format!("{player} taken off the sheet, having played no round")
        }
        LogChange::Leave { player, off: None, .. } => format!("{player} left"),
        LogChange::Return { player, left } => format!("{player} came back (had left after round {left})"),
        LogChange::Rename { player, was, .. } => format!("{was} renamed {player}"),
        LogChange::Rules { from, set, .. } => format!("rules from round {from}: {}", set.join(", ")),
        LogChange::Draw { cards } => format!("tiebreak draw: {}", drawn(cards)),
    };
    if e.tiebreak.is_some() && !matches!(e.change, LogChange::Draw { .. }) {
        out.push_str("; the tiebreak was dropped");
    }
    out
}

/// A change as `undo` names it before taking it back: `the correction of
/// round 2`, `Dee joining`.
pub(crate) fn named(s: &Session, e: &Logged) -> String {
    match &e.change {
        LogChange::Round { round } if *round > s.deals().len() => tiebreak_round(s),
        LogChange::Round { round } => round_scores(s, *round),
        LogChange::Edit { round, .. } => format!("the correction of round {round}"),
        LogChange::Dealer { round, dealer, .. } => format!("{dealer} named to deal round {round}"),
        LogChange::Join { player } => format!("{player} joining"),
        LogChange::Leave { player, off: Some(_), .. } => format!("{player} taken off the sheet"),
        LogChange::Leave { player, off: None, .. } => format!("{player} leaving"),
        LogChange::Return { player, .. } => format!("{player} coming back"),
        LogChange::Rename { player, was, .. } => format!("the rename of {was} to {player}"),
        LogChange::Rules { from, set, .. } => format!("the rules from round {from} ({})", set.join(", ")),
        LogChange::Draw { cards } => format!("the tiebreak draw ({})", drawn(cards)),
    }
}

/// `the tiebreaker round (Ann 5, Dee 3)`, with the scores recorded.
pub(crate) fn tiebreak_round(s: &Session) -> String {
    let Some(Playoff::Round(scores)) = s.playoff() else { return "the tiebreaker round".into() };
    let shown: Vec<String> =
        scores.iter().map(|(seat, sc)| format!("{} {}", s.players()[*seat], sc.deadwood)).collect();
    format!("the tiebreaker round ({})", shown.join(", "))
}

/// `round 4 (Ann 12, Bob 0, Cy 35)`, with the points that counted.
pub(crate) fn round_scores(s: &Session, round: usize) -> String {
    let board = s.scoreboard();
    let scores: Vec<String> = s
        .playing(round)
        .into_iter()
        .map(|p| format!("{} {}", s.players()[p], board.points(round - 1)[p]))
        .collect();
    format!("round {round} ({})", scores.join(", "))
}

/// What an undo of `e` gave back, comparing the session `before` it with
/// the session `after`.
pub(crate) fn restored(before: &Session, after: &Session, e: &Logged) -> Vec<String> {
    let name = after.name();
    let mut said = match &e.change {
        LogChange::Round { .. } => Vec::new(),
        LogChange::Edit { round, .. } => {
            let mut said = vec![format!("Took back the correction of round {round}:")];
            said.extend(round_back(before, after, *round));
            said
        }
        LogChange::Dealer { round, .. } => vec![format!(
            "Took back the dealer named for round {round}: {} deals it again.",
            after.players()[after.dealer(*round)]
        )],
        LogChange::Join { player } => {
            vec![format!("Took back {player} joining {name}: {player} is off the sheet.")]
        }
        LogChange::Leave { player, off: Some(_), .. } => {
            let seat = after.seat(player).unwrap_or(0);
            vec![format!(
                "Took back {player}'s removal: {player} is back at seat {}, starting from {}.",
                seat + 1,
                after.starts()[seat]
            )]
        }
        LogChange::Leave { player, off: None, .. } => {
            vec![format!("Took back {player} leaving {name}: {player} is at the table again.")]
        }
        LogChange::Return { player, left } => {
            vec![format!("Took back {player} coming back: {player} left {name} after round {left} again.")]
        }
        LogChange::Rename { player, was, .. } => {
            vec![format!("Took back the rename: {player} is {was} again.")]
        }
        LogChange::Rules { .. } => {
            let mut said = vec![format!(
                "Took back the change of rules: the rules of {name} are {} again (they were {}).",
                after.rules_summary(),
                before.rules_summary()
            )];
            said.extend(rescored(before, after));
            said
        }
        LogChange::Draw { cards } => {
            vec![format!("Took back the tiebreak draw ({}): the cards are to be drawn again.", drawn(cards))]
        }
    };
    if e.tiebreak.is_some() && !matches!(e.change, LogChange::Draw { .. } | LogChange::Round { .. }) {
        said.push("The tiebreak it had dropped is back.".to_string());
    }
    said
}

/// What changed in round `round` between two sessions, in sentences.
fn round_back(before: &Session, after: &Session, round: usize) -> Vec<String> {
    let (b, a) = (&before.rounds()[round - 1], &after.rounds()[round - 1]);
    let name = |seat: usize| after.players()[seat].as_str();
    let mut said = Vec::new();
    for seat in after.playing(round) {
        let typed = |s: &Session| {
            let r = &s.rounds()[round - 1];
            (r.deadwood[seat], r.hands[seat].clone(), r.leftover[seat].clone())
        };
        if typed(before) != typed(after) {
            said.push(format!(
                "  Round {round}: {}'s deadwood is {} again (was {}).",
                name(seat),
                a.deadwood[seat],
                b.deadwood[seat]
            ));
        }
    }
    if a.out != b.out {
        said.push(match a.out {
            Some(o) => format!("  Round {round}: {} went out first, as before.", name(o)),
            None => format!("  Round {round}: nobody went out first, as before."),
        });
    }
    for &p in a.penalties.iter().filter(|p| !b.penalties.contains(p)) {
        said.push(format!("  Round {round}: {} is penalised for a bad go-out, as before.", name(p)));
    }
    for &p in b.penalties.iter().filter(|p| !a.penalties.contains(p)) {
        said.push(format!("  Round {round}: {} is not penalised, as before.", name(p)));
    }
    if before.dealer(round) != after.dealer(round) {
        said.push(format!("  Round {round}: {} deals, as before.", name(after.dealer(round))));
    }
    said
}

/// The typed hands and cards left over that a change of rules scored
/// otherwise, back as they were.
fn rescored(before: &Session, after: &Session) -> Vec<String> {
    let mut said = Vec::new();
    for (i, (b, a)) in before.rounds().iter().zip(after.rounds()).enumerate() {
        for seat in 0..a.deadwood.len() {
            if a.deadwood[seat] != b.deadwood[seat] {
                let what = if a.hands[seat].is_some() { "hand leaves" } else { "cards left over count" };
                said.push(format!(
                    "  round {}: {}'s {what} {} again (was {})",
                    i + 1,
                    after.players()[seat],
                    a.deadwood[seat],
                    b.deadwood[seat]
                ));
            }
        }
    }
    said
}

/// A score as it was typed: `12`, `9h 4d Kh`, `K 9`.
fn score_text(past: &PastScore) -> String {
    match past {
        PastScore::Number(n) => n.to_string(),
        PastScore::Cards(cards) => cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
    }
}

/// Cards drawn: `Ann Kh, Bob 3c`.
fn drawn(cards: &[(String, three13_core::card::Card)]) -> String {
    let shown: Vec<String> = cards.iter().map(|(p, c)| format!("{p} {}", c.ascii())).collect();
    shown.join(", ")
}
