//! `three13 table`: the running score table.

use std::io::Write;

use comfy_table::CellAlignment;
use serde::ser::{Serialize, SerializeMap, Serializer};

use super::and_list;
use crate::cli::{Cli, TableArgs};
use crate::error::Result;
use crate::ui::Ui;
use three13_core::card::Rank;
use three13_core::rules::Rules;
use three13_core::sheet::Session;

pub(crate) fn run(args: &TableArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let session = store.load(&name)?;
    if args.json {
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&TableJson::new(&session)).expect("serialises"))?;
        Ok(())
    } else {
        print(ui, &session)
    }
}

/// Player names to values, in seat order (a JSON object keeps the order).
#[derive(Debug)]
pub(crate) struct Named<V>(pub Vec<(String, V)>);

impl<V: Serialize> Serialize for Named<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// The table for scripts: `three13 table --json` and `three13 export --format json`.
#[derive(Debug, serde::Serialize)]
pub(crate) struct TableJson {
    pub(crate) session: String,
    /// The rules' short name: a preset, or `standard` and what differs.
    pub(crate) rules_summary: String,
    pub(crate) rules: Rules,
    /// In seat order.
    pub(crate) players: Vec<String>,
    pub(crate) rounds: Vec<RoundJson>,
    pub(crate) totals: Named<i32>,
    /// The lowest totals so far (none before round 1).
    pub(crate) leaders: Vec<String>,
    pub(crate) finished: bool,
    /// Once finished: the lowest totals, sharing the win.
    pub(crate) winners: Vec<String>,
    /// The round to play next, until the game is over.
    pub(crate) next: Option<NextJson>,
}

#[derive(Debug, serde::Serialize)]
pub(crate) struct RoundJson {
    pub(crate) round: usize,
    pub(crate) cards: usize,
    pub(crate) wild: Rank,
    pub(crate) dealer: String,
    /// The points that count: the deadwood after the rules' bonuses,
    /// doubling and penalties.
    pub(crate) scores: Named<i32>,
    /// Each player's deadwood as recorded.
    pub(crate) deadwood: Named<u32>,
    /// Each player's total after this round.
    pub(crate) totals: Named<i32>,
    pub(crate) out: Option<String>,
    pub(crate) penalties: Vec<String>,
    /// The hands typed, in ASCII.
    pub(crate) hands: Named<String>,
}

#[derive(Debug, serde::Serialize)]
pub(crate) struct NextJson {
    pub(crate) round: usize,
    pub(crate) cards: usize,
    pub(crate) wild: Rank,
    pub(crate) dealer: String,
}

impl TableJson {
    pub(crate) fn new(s: &Session) -> TableJson {
        let names = |seats: &[usize]| seats.iter().map(|&i| s.players()[i].clone()).collect::<Vec<_>>();
        let named = |values: &[i32]| Named(s.players().iter().cloned().zip(values.iter().copied()).collect());
        let board = s.scoreboard();
        let rounds = s
            .rounds()
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let deal = s.rules().deal(i + 1).expect("a recorded round is one of the rules");
                RoundJson {
                    round: deal.round,
                    cards: deal.cards,
                    wild: deal.wild,
                    dealer: s.players()[s.dealer(deal.round)].clone(),
                    scores: named(board.points(i)),
                    deadwood: Named(s.players().iter().cloned().zip(r.deadwood.iter().copied()).collect()),
                    totals: named(board.running(i)),
                    out: r.out.map(|o| s.players()[o].clone()),
                    penalties: names(&r.penalties),
                    hands: Named(
                        s.players()
                            .iter()
                            .zip(&r.hands)
                            .filter_map(|(p, h)| {
                                let cards: Vec<String> = h.as_ref()?.iter().map(|c| c.ascii()).collect();
                                Some((p.clone(), cards.join(" ")))
                            })
                            .collect(),
                    ),
                }
            })
            .collect();
        TableJson {
            session: s.name().to_string(),
            rules_summary: s.rules().summary(),
            rules: s.rules(),
            players: s.players().to_vec(),
            rounds,
            totals: named(board.totals()),
            leaders: names(board.leaders()),
            finished: board.finished(),
            winners: names(&board.winners()),
            next: s.next_deal().map(|d| NextJson {
                round: d.round,
                cards: d.cards,
                wild: d.wild,
                dealer: s.players()[s.dealer(d.round)].clone(),
            }),
        }
    }
}

/// The table for people: every round of the rules, the totals, and what
/// comes next or who won.
pub(crate) fn print(ui: &mut Ui, s: &Session) -> Result<()> {
    let board = s.scoreboard();
    let leaders = board.leaders();
    let penalties = s.rules().bad_go_out_penalty > 0 || s.rounds().iter().any(|r| !r.penalties.is_empty());
    let times = if ui.unicode { "×" } else { "x" };

    let mut t = ui.table();
    let mut header: Vec<String> = ["Round", "Cards", "Wild", "Dealer"].map(String::from).to_vec();
    header.extend(s.players().iter().cloned());
    header.push("Out".into());
    if penalties {
        header.push("Penalty".into());
    }
    t.set_header(header);
    for deal in s.deals() {
        let wild = if s.rules().doubles(deal.wild) {
            format!("{} {times}2", deal.wild)
        } else {
            deal.wild.to_string()
        };
        let mut row = vec![
            deal.round.to_string(),
            deal.cards.to_string(),
            wild,
            s.players()[s.dealer(deal.round)].clone(),
        ];
        let i = deal.round - 1;
        match s.rounds().get(i) {
            Some(r) => {
                let (points, running) = (board.points(i), board.running(i));
                row.extend((0..s.players().len()).map(|p| format!("{} ({})", points[p], running[p])));
                row.push(r.out.map(|o| s.players()[o].clone()).unwrap_or_default());
                if penalties {
                    let names: Vec<&str> = r.penalties.iter().map(|&p| s.players()[p].as_str()).collect();
                    row.push(names.join(", "));
                }
            }
            None => {
                row.extend(std::iter::repeat_n(String::new(), s.players().len() + 1 + usize::from(penalties)))
            }
        }
        t.add_row(row);
    }
    let mut totals = vec!["Total".to_string(), String::new(), String::new(), String::new()];
    totals.extend(
        board
            .totals()
            .iter()
            .enumerate()
            .map(|(p, total)| if leaders.contains(&p) { format!("{total} *") } else { total.to_string() }),
    );
    t.add_row(totals);
    for col in 0..s.players().len() {
        if let Some(c) = t.column_mut(4 + col) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    for col in [0, 1] {
        if let Some(c) = t.column_mut(col) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }

    writeln!(ui.out, "{}", ui.bold(&format!("Session {} (rules: {})", s.name(), s.rules().summary())))?;
    writeln!(ui.out, "{t}")?;
    let best = board.best().unwrap_or(0);
    let lead: Vec<&str> = leaders.iter().map(|&p| s.players()[p].as_str()).collect();
    if board.finished() {
        let line = match lead.as_slice() {
            [one] => format!("Winner: {one}, with {best}"),
            many => format!("Winners: {}, with {best} each", and_list(many)),
        };
        writeln!(ui.out, "{}", ui.good(&line))?;
        return Ok(());
    }
    match lead.as_slice() {
        [] => {}
        [one] => writeln!(ui.out, "Leader: {one}, with {best} (*)")?,
        many => writeln!(ui.out, "Leaders: {}, with {best} each (*)", and_list(many))?,
    }
    if let Some(next) = s.next_deal() {
        writeln!(ui.out, "{}", next_line(s, next.round))?;
    }
    Ok(())
}

/// `Next: round 4, 6 cards, sixes wild, Cy deals`.
pub(crate) fn next_line(s: &Session, round: usize) -> String {
    let deal = s.rules().deal(round).expect("a round of the rules");
    let doubled = if s.rules().doubles(deal.wild) { " (scores double)" } else { "" };
    format!(
        "Next: round {}, {} cards, {} wild, {} deals{doubled}",
        deal.round,
        deal.cards,
        deal.wild.plural(),
        s.players()[s.dealer(deal.round)]
    )
}
