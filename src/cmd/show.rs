//! `three13 show ROUND`: the hands typed in a round, with their melds.

use std::io::Write;

use three13_core::card::Card;
use three13_core::sheet::{Playoff, Session};
use three13_core::solver::{Arrangement, Solver, Table};

use crate::cli::{Cli, ShowArgs};
use crate::error::{Error, Result};
use crate::ui::Ui;

#[derive(Debug, serde::Serialize)]
struct ShowJson {
    round: usize,
    tiebreak: bool,
    cards: usize,
    wilds: String,
    hands: Vec<HandJson>,
}

#[derive(Debug, serde::Serialize)]
struct HandJson {
    player: String,
    /// In ASCII.
    hand: String,
    arrangement: Arrangement,
}

pub(crate) fn run(args: &ShowArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let s = store.load(&name)?;
    let (deal, tiebreak, hands) = hands_of(&s, args.round)?;
    let rules = s.rules_of(deal.round);
    let table = Table::new(&rules, deal.wild);
    let mut solver = Solver::new();
    let solved: Vec<(usize, &Vec<Card>, Arrangement)> =
        hands.iter().map(|(seat, hand)| (*seat, *hand, solver.solve(hand, &table))).collect();
    if args.json {
        let json = ShowJson {
            round: deal.round,
            tiebreak,
            cards: deal.cards,
            wilds: rules.wilds(deal.wild).short(),
            hands: solved
                .into_iter()
                .map(|(seat, hand, arrangement)| HandJson {
                    player: s.players()[seat].clone(),
                    hand: hand.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" "),
                    arrangement,
                })
                .collect(),
        };
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&json).expect("serialises"))?;
        return Ok(());
    }
    let which = if tiebreak { "The tiebreaker round".to_string() } else { format!("Round {}", deal.round) };
    let heading = format!("{which} of {name}: {} cards, {} wild", deal.cards, rules.wilds(deal.wild));
    writeln!(ui.out, "{}", ui.bold(&ui.wrap(&heading, 2)))?;
    if solved.is_empty() {
        writeln!(
            ui.out,
            "{}",
            ui.wrap("No hand was typed in this round; its scores were given as numbers.", 0)
        )?;
    }
    for (seat, hand, a) in &solved {
        writeln!(ui.out, "\n{}", ui.wrap(&format!("{}: {}", s.players()[*seat], ui.cards(hand)), 2))?;
        for m in &a.melds {
            let meld = super::meld_text(m, &|c| ui.card(c));
            writeln!(ui.out, "{}", ui.wrap(&format!("  {meld}"), 6))?;
        }
        if a.unmelded.is_empty() {
            writeln!(ui.out, "{}", ui.wrap("  deadwood 0: every card is in a meld", 4))?;
        } else {
            let points: Vec<String> =
                a.unmelded.iter().map(|&c| format!("{} {}", ui.card(c), rules.value(c))).collect();
            writeln!(
                ui.out,
                "{}",
                ui.wrap(&format!("  left over {}: deadwood {}", points.join(", "), a.deadwood), 4)
            )?;
        }
    }
    Ok(())
}

/// A round's deal, whether it is the tiebreaker, and each typed hand by seat.
type RoundHands<'a> = (three13_core::rules::Deal, bool, Vec<(usize, &'a Vec<Card>)>);

/// The deal of round `round`, whether it is the tiebreaker, and the hands typed.
fn hands_of(s: &Session, round: usize) -> Result<RoundHands<'_>> {
    let played = s.rounds().len();
    if round >= 1 && round <= played {
        let deal = s.deal(round).expect("a recorded round");
        let r = &s.rounds()[round - 1];
        let hands = r.hands.iter().enumerate().filter_map(|(seat, h)| Some((seat, h.as_ref()?))).collect();
        return Ok((deal, false, hands));
    }
    if let Some(Playoff::Round(scores)) = s.playoff()
        && round == s.deals().len() + 1
    {
        let hands = scores.iter().filter_map(|(seat, sc)| Some((*seat, sc.hand.as_ref()?))).collect();
        return Ok((s.rules().tiebreak_deal(), true, hands));
    }
    let which = match played {
        0 => "no round is recorded yet".to_string(),
        1 => "only round 1 is recorded".to_string(),
        n => format!("rounds 1 to {n} are recorded"),
    };
    Err(Error::data(format!("there is no round {round} to show; {which}")))
}
