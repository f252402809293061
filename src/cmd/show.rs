//! `three13 show [ROUND]`: one round in full (the last, without a number):
//! its deal and dealer, each player's score, who went out and who was
//! penalised, and the hands typed, with their melds.

use std::io::Write;

use three13_core::solver::Arrangement;

use crate::cli::{Cli, ShowArgs};
use crate::error::{Error, Result};
use crate::fit::{Grid, Record};
use crate::report::shown::{Shown, last_round, round_of};
use crate::ui::Ui;

#[derive(Debug, serde::Serialize)]
struct ShowJson {
    round: usize,
    tiebreak: bool,
    cards: usize,
    wilds: String,
    /// Whether the round's scores count double.
    doubled: bool,
    dealer: String,
    /// The player after the dealer, who played first.
    first: String,
    /// Each player of the round, in seat order.
    scores: Vec<ScoreJson>,
    out: Option<String>,
    penalties: Vec<String>,
    hands: Vec<HandJson>,
    /// The players who joined before the round, and where their start came from.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    joined: Vec<JoinedJson>,
}

#[derive(Debug, serde::Serialize)]
struct JoinedJson {
    player: String,
    /// Their starting total as the sheet stands now.
    start: i32,
    /// "highest", "average" or "lowest" (worked out from the sheet), or "given".
    start_from: &'static str,
}

#[derive(Debug, serde::Serialize)]
struct ScoreJson {
    player: String,
    /// What the player was left holding.
    deadwood: u32,
    /// What counts: the deadwood after the rules' bonus, doubling and
    /// penalty (in the tiebreaker round, the deadwood).
    points: i32,
    /// The total after the round (none in the tiebreaker round).
    total: Option<i32>,
    /// Whether a hand was typed.
    typed: bool,
    /// The cards left over, as typed, where they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    leftover: Option<String>,
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
    let round = match args.round {
        Some(round) => round,
        None => last_round(&s).ok_or_else(|| {
            Error::data(format!("no round of {name} is recorded yet; show a round once it is played"))
        })?,
    };
    let shown = round_of(&s, round)?;
    let deal = shown.deal;
    let player = |seat: usize| shown.player(seat).to_string();
    let starts = s.starts();
    if args.json {
        let json = ShowJson {
            round: deal.round,
            tiebreak: shown.tiebreak,
            cards: deal.cards,
            wilds: shown.rules.wilds(deal.wild).short(),
            doubled: shown.doubled,
            dealer: player(shown.dealer),
            first: player(shown.first),
            scores: shown
                .scores
                .iter()
                .map(|line| ScoreJson {
                    player: player(line.seat),
                    deadwood: line.deadwood,
                    points: line.points,
                    total: line.total,
                    typed: line.hand.is_some(),
                    leftover: line.leftover.clone(),
                })
                .collect(),
            out: shown.out.map(player),
            penalties: shown.penalties.iter().map(|&p| player(p)).collect(),
            hands: shown
                .hands
                .iter()
                .map(|(seat, hand, arrangement)| HandJson {
                    player: player(*seat),
                    hand: hand.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" "),
                    arrangement: arrangement.clone(),
                })
                .collect(),
            joined: shown
                .joiners
                .iter()
                .map(|&p| JoinedJson {
                    player: player(p),
                    start: starts[p],
                    start_from: crate::report::start_word(s.seats()[p].start),
                })
                .collect(),
        };
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&json).expect("serialises"))?;
        return Ok(());
    }
    writeln!(ui.out, "{}", ui.bold(&ui.wrap(&shown.heading(), 2)))?;
    writeln!(ui.out, "{}", scores(ui, &shown))?;
    for &p in &shown.joiners {
        let origin = crate::report::start_origin(&s, p, starts[p]);
        writeln!(ui.out, "{}", ui.wrap(&format!("{} joined: started from {origin}.", player(p)), 0))?;
    }
    for (seat, hand, a) in &shown.hands {
        writeln!(ui.out, "\n{}", ui.wrap(&format!("{}: {}", player(*seat), ui.cards(hand)), 2))?;
        for m in &a.melds {
            let meld = super::meld_text(m, &|c| ui.card(c));
            writeln!(ui.out, "{}", ui.wrap(&format!("  {meld}"), 6))?;
        }
        writeln!(ui.out, "{}", ui.wrap(&format!("  {}", shown.left_over(a, &|c| ui.card(c))), 4))?;
    }
    Ok(())
}

/// Each player's score of the round: a table (deadwood beside the points
/// where the rules make them differ, the total after, what else happened),
/// else one player under another.
fn scores(ui: &Ui, shown: &Shown) -> String {
    let differs = shown.deadwood_shown();
    let any_notes = shown.scores.iter().any(|line| !shown.notes(line.seat).is_empty());
    let mut header = vec!["Player"];
    if differs {
        header.push("Deadwood");
    }
    if !shown.tiebreak {
        header.extend(["Points", "Total"]);
    }
    if any_notes {
        header.push("");
    }
    let mut grid = Grid::new(header.clone());
    let numbers = header.len() - 1 - usize::from(any_notes);
    grid.right(1..=numbers);
    let mut records = Vec::new();
    for line in &shown.scores {
        let name = shown.player(line.seat).to_string();
        let mut row = vec![name.clone()];
        let mut record = Record::new(name);
        if differs {
            row.push(line.deadwood.to_string());
            record = record.field("Deadwood", line.deadwood.to_string());
        }
        if !shown.tiebreak {
            let total = line.total.map(|t| t.to_string()).unwrap_or_default();
            row.extend([line.points.to_string(), total.clone()]);
            record = record.field("Points", line.points.to_string()).field("Total", total);
        }
        if any_notes {
            let note = shown.notes(line.seat);
            row.push(note.clone());
            if !note.is_empty() {
                record = record.field("", note);
            }
        }
        grid.row(row);
        records.push(record);
    }
    ui.table_or_records(|wrap| ui.grid(&grid, wrap), || ui.records(&records))
}
