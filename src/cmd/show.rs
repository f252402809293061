//! `three13 show [ROUND]`: one round in full (the last, without a number):
//! its deal and dealer, each player's score, who went out and who was
//! penalised, and the hands typed, with their melds.

use std::io::Write;

use three13_core::card::Card;
use three13_core::rules::Deal;
use three13_core::sheet::{Playoff, Session};
use three13_core::solver::{Arrangement, Solver, Table};

use crate::cli::{Cli, ShowArgs};
use crate::error::{Error, Result};
use crate::fit::{Grid, Record};
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

/// One player's score of a round.
#[derive(Clone)]
struct Line<'a> {
    seat: usize,
    deadwood: u32,
    points: i32,
    /// After the round; none in the tiebreaker round.
    total: Option<i32>,
    hand: Option<&'a Vec<Card>>,
    /// The cards left over, as typed (`K 9`, `Kh 9c`).
    leftover: Option<String>,
}

/// One round as recorded, ready to show.
struct Shown<'a> {
    deal: Deal,
    tiebreak: bool,
    /// In seat order.
    scores: Vec<Line<'a>>,
    out: Option<usize>,
    penalties: Vec<usize>,
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
    let rules = s.rules_of(deal.round);
    let table = Table::new(&rules, deal.wild);
    let mut solver = Solver::new();
    let solved: Vec<(usize, &Vec<Card>, Arrangement)> = shown
        .scores
        .iter()
        .filter_map(|line| Some((line.seat, line.hand?)))
        .map(|(seat, hand)| (seat, hand, solver.solve(hand, &table)))
        .collect();
    let dealer = s.dealer(deal.round);
    let first = s.first_player(deal.round);
    let doubled = !shown.tiebreak && rules.doubles(deal.wild);
    let player = |seat: usize| s.players()[seat].clone();
    // Players whose first round this is: where their start came from.
    let starts = s.starts();
    let joiners: Vec<usize> = (0..s.players().len())
        .filter(|&p| !shown.tiebreak && s.seats()[p].joined > 0 && s.seats()[p].joined + 1 == deal.round)
        .collect();
    if args.json {
        let json = ShowJson {
            round: deal.round,
            tiebreak: shown.tiebreak,
            cards: deal.cards,
            wilds: rules.wilds(deal.wild).short(),
            doubled,
            dealer: player(dealer),
            first: player(first),
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
            hands: solved
                .into_iter()
                .map(|(seat, hand, arrangement)| HandJson {
                    player: player(seat),
                    hand: hand.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" "),
                    arrangement,
                })
                .collect(),
            joined: joiners
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
    let which =
        if shown.tiebreak { "The tiebreaker round".to_string() } else { format!("Round {}", deal.round) };
    let heading = format!(
        "{which} of {name}: {} cards, {} wild{}; {} dealt, {} played first",
        deal.cards,
        rules.wilds(deal.wild),
        if doubled { ", scores doubled" } else { "" },
        player(dealer),
        player(first)
    );
    writeln!(ui.out, "{}", ui.bold(&ui.wrap(&heading, 2)))?;
    writeln!(ui.out, "{}", scores(ui, &s, &shown))?;
    for &p in &joiners {
        let origin = crate::report::start_origin(&s, p, starts[p]);
        writeln!(ui.out, "{}", ui.wrap(&format!("{} joined: started from {origin}.", player(p)), 0))?;
    }
    for (seat, hand, a) in &solved {
        writeln!(ui.out, "\n{}", ui.wrap(&format!("{}: {}", player(*seat), ui.cards(hand)), 2))?;
        for m in &a.melds {
            let meld = super::meld_text(m, &|c| ui.card(c));
            writeln!(ui.out, "{}", ui.wrap(&format!("  {meld}"), 6))?;
        }
        if a.unmelded.is_empty() {
            writeln!(ui.out, "{}", ui.wrap("  deadwood 0: every card is in a meld", 4))?;
        } else {
            let points: Vec<String> = a
                .unmelded
                .iter()
                .map(|&c| format!("{} {}", ui.card(c), rules.value_in(c, deal.wild)))
                .collect();
            writeln!(
                ui.out,
                "{}",
                ui.wrap(&format!("  left over {}: deadwood {}", points.join(", "), a.deadwood), 4)
            )?;
        }
    }
    Ok(())
}

/// The last round played: the tiebreaker round once played, else the
/// last round recorded; none before round 1.
fn last_round(s: &Session) -> Option<usize> {
    if let Some(Playoff::Round(_)) = s.playoff() {
        return Some(s.deals().len() + 1);
    }
    (!s.rounds().is_empty()).then(|| s.rounds().len())
}

/// Each player's score of the round: a table (deadwood beside the points
/// where the rules make them differ, the total after, what else happened),
/// else one player under another.
fn scores(ui: &Ui, s: &Session, shown: &Shown) -> String {
    let differs = shown.scores.iter().any(|line| i64::from(line.deadwood) != i64::from(line.points));
    let penalty = s.rules_of(shown.deal.round).bad_go_out_penalty();
    let notes = |seat: usize, typed: bool| {
        let mut notes = Vec::new();
        if let Some(cards) = shown.scores.iter().find(|l| l.seat == seat).and_then(|l| l.leftover.as_ref()) {
            notes.push(format!("cards left over: {cards}"));
        }
        if shown.out == Some(seat) {
            notes.push("went out first".to_string());
        }
        if shown.penalties.contains(&seat) {
            notes.push(format!("bad go-out, +{penalty}"));
        }
        if typed {
            notes.push("hand typed, below".to_string());
        }
        notes.join("; ")
    };
    let any_notes = shown.scores.iter().any(|line| !notes(line.seat, line.hand.is_some()).is_empty());
    let mut header = vec!["Player"];
    if differs || shown.tiebreak {
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
    for &Line { seat, deadwood, points, total, hand, .. } in &shown.scores {
        let mut row = vec![s.players()[seat].clone()];
        let mut record = Record::new(s.players()[seat].clone());
        if differs || shown.tiebreak {
            row.push(deadwood.to_string());
            record = record.field("Deadwood", deadwood.to_string());
        }
        if !shown.tiebreak {
            let total = total.map(|t| t.to_string()).unwrap_or_default();
            row.extend([points.to_string(), total.clone()]);
            record = record.field("Points", points.to_string()).field("Total", total);
        }
        if any_notes {
            let note = notes(seat, hand.is_some());
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

/// Round `round` as recorded: a round of the rules, or the tiebreaker
/// round once played.
fn round_of(s: &Session, round: usize) -> Result<Shown<'_>> {
    let played = s.rounds().len();
    if round >= 1 && round <= played {
        let deal = s.deal(round).expect("a recorded round");
        let r = &s.rounds()[round - 1];
        let board = s.scoreboard();
        let scores = s
            .playing(round)
            .into_iter()
            .map(|seat| {
                let (points, total) = (board.points(round - 1)[seat], board.running(round - 1)[seat]);
                Line {
                    seat,
                    deadwood: r.deadwood[seat],
                    points,
                    total: Some(total),
                    hand: r.hands[seat].as_ref(),
                    leftover: r.leftover[seat].as_ref().map(|cards| words(cards)),
                }
            })
            .collect();
        return Ok(Shown { deal, tiebreak: false, scores, out: r.out, penalties: r.penalties.clone() });
    }
    if let Some(Playoff::Round(scores)) = s.playoff()
        && round == s.deals().len() + 1
    {
        let scores = scores
            .iter()
            .map(|(seat, sc)| Line {
                seat: *seat,
                deadwood: sc.deadwood,
                points: sc.deadwood as i32,
                total: None,
                hand: sc.hand.as_ref(),
                leftover: match &sc.form {
                    three13_core::sheet::ScoreForm::Leftover(cards) => {
                        Some(words(&cards.iter().map(|(c, _)| *c).collect::<Vec<_>>()))
                    }
                    _ => None,
                },
            })
            .collect();
        return Ok(Shown {
            deal: s.rules().tiebreak_deal(),
            tiebreak: true,
            scores,
            out: None,
            penalties: Vec::new(),
        });
    }
    let which = match played {
        0 => "no round is recorded yet".to_string(),
        1 => "only round 1 is recorded".to_string(),
        n => format!("rounds 1 to {n} are recorded"),
    };
    Err(Error::data(format!("there is no round {round} to show; {which}")))
}

/// Cards left over as they are typed: `K 9 4`, `Kh 9c`.
fn words(cards: &[three13_core::sheet::Leftover]) -> String {
    cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}
