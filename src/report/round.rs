//! A round as it is said back while it is entered or corrected: what was
//! made of each typed score, the round's line, and each correction.

use three13_core::card::{Card, Suit};
use three13_core::rules::Deal;
use three13_core::sheet::{Change, Leftover, RoundRecord, Score, ScoreForm, Session, Term};
use three13_core::solver::{Solver, Table};

use crate::ui::Ui;

/// What was made of a score typed otherwise than as a number: the sum, the
/// cards left over, or a hand with its melds.
pub(crate) fn describe(
    session: &Session,
    deal: &Deal,
    seat: usize,
    score: &Score,
    solver: &mut Solver,
) -> Option<String> {
    let player = &session.players()[seat];
    let d = score.deadwood;
    match &score.form {
        ScoreForm::Number => None,
        ScoreForm::Out => Some(format!("  {player}: out, 0")),
        ScoreForm::Sum(terms) => {
            let terms: Vec<String> = terms
                .iter()
                .map(|(term, v)| match term {
                    Term::Number => v.to_string(),
                    Term::Card(card) => format!("{} ({v})", leftover(card)),
                })
                .collect();
            Some(format!("  {player}: {} = {d}", terms.join(" + ")))
        }
        ScoreForm::Leftover(cards) => {
            let cards: Vec<String> = cards.iter().map(|(c, v)| format!("{} {v}", leftover(c))).collect();
            Some(format!("  {player}: cards left over {} = {d}", cards.join(", ")))
        }
        ScoreForm::Hand => {
            let hand = score.hand.as_ref()?;
            let rules = session.rules_of(deal.round);
            let arrangement = solver.solve(hand, &Table::new(&rules, deal.wild));
            let ascii = |cards: &[three13_core::card::Card]| {
                cards.iter().map(|&c| shown(c)).collect::<Vec<_>>().join(" ")
            };
            let mut parts: Vec<String> =
                arrangement.melds.iter().map(|m| super::meld_text(m, &shown)).collect();
            if parts.is_empty() {
                parts.push("no meld".to_string());
            }
            let left = if arrangement.unmelded.is_empty() {
                "nothing left over".to_string()
            } else {
                format!("left over {}", ascii(&arrangement.unmelded))
            };
            Some(format!("  {player}: {}: {}; {left}; deadwood {d}", ascii(hand), parts.join(" · ")))
        }
    }
}

/// A card as it is echoed: stars drawn as every other view draws them
/// (`7★`), the other suits as typed.
fn shown(card: Card) -> String {
    if card.suit() == Some(Suit::Stars) { card.symbol() } else { card.ascii() }
}

/// A card typed as left over, echoed as [`shown`] echoes a card.
fn leftover(card: &Leftover) -> String {
    match card {
        Leftover::Card(c) => shown(*c),
        Leftover::Rank(_) => card.to_string(),
    }
}

/// The round as a line of the table: `Ann 12, Bob 0 (out), Cy 35`.
pub(crate) fn line(session: &Session, deal: &Deal, record: &RoundRecord) -> String {
    let rules = session.rules_of(deal.round);
    let board_points = three13_core::sheet::points(&rules, deal, record);
    let doubled = if rules.doubles(deal.wild) { ", doubled" } else { "" };
    let parts: Vec<String> = session
        .playing(deal.round)
        .into_iter()
        .map(|s| {
            let mut text = format!("{} {}", session.players()[s], board_points[s]);
            if record.out == Some(s) {
                text.push_str(" (out)");
            }
            if record.penalties.contains(&s) {
                text.push_str(" (penalty)");
            }
            text
        })
        .collect();
    if deal.round > session.deals().len() {
        // The tiebreaker round: deadwood only.
        let parts: Vec<String> = session
            .playing(deal.round)
            .into_iter()
            .map(|s| format!("{} {}", session.players()[s], record.deadwood[s]))
            .collect();
        return format!("The tiebreaker round: {}", parts.join(", "));
    }
    format!("Round {}{doubled}: {}", deal.round, parts.join(", "))
}

/// A round everyone scored 0 in under `double_naughts`: played again.
pub(crate) fn replayed(round: usize) -> String {
    format!(
        "everyone scored 0 and the rules have double_naughts: round {round} is replayed: same round, \
         same dealer; nothing was recorded"
    )
}

/// One correction of round `round`, as a sentence.
pub(crate) fn correction(session: &Session, ui: &Ui, round: usize, change: &Change) -> String {
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
