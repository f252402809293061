//! `three13 export`: a session's rounds as CSV or JSON.

use std::io::Write;

use crate::cli::{Cli, CsvLayout, ExportArgs, ExportFormat};
use crate::error::Result;
use crate::ui::Ui;
use three13_core::sheet::Session;

pub(crate) fn run(args: &ExportArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let session = store.load(&name)?;
    let text = match args.format {
        ExportFormat::Csv if args.layout == CsvLayout::Sheet => sheet(&session),
        ExportFormat::Csv => csv(&session),
        ExportFormat::Json => {
            let json = crate::report::table::TableJson::new(&session);
            serde_json::to_string_pretty(&json).expect("serialises") + "\n"
        }
    };
    match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            store.write_output(path, &text)?;
            let n = session.rounds().len();
            let rounds = if n == 1 { "round" } else { "rounds" };
            ui.note(&format!("wrote {} ({n} {rounds} of {name})", path.display()));
        }
        _ => ui.out.write_all(text.as_bytes())?,
    }
    Ok(())
}

/// One row per round and player.
fn csv(s: &Session) -> String {
    let mut out = String::from("round,cards,wild,dealer,player,deadwood,points,total,out,penalty,hand\n");
    let board = s.scoreboard();
    for (i, r) in s.rounds().iter().enumerate() {
        let deal = s.deal(i + 1).expect("a recorded round is one of the rules");
        let (points, running) = (board.points(i), board.running(i));
        // A player away from the round has a row of what it scored for
        // them, with "away" for the deadwood they never held.
        let away = |seat: usize| s.seats()[seat].missed_round(i + 1);
        for (seat, player) in
            s.players().iter().enumerate().filter(|&(seat, _)| s.plays(seat, i + 1) || away(seat))
        {
            let hand: Vec<String> = r.hands[seat].iter().flatten().map(|c| c.ascii()).collect();
            let fields = [
                deal.round.to_string(),
                deal.cards.to_string(),
                deal.wild.to_string(),
                s.players()[s.dealer(deal.round)].clone(),
                player.clone(),
                if away(seat) { "away".to_string() } else { r.deadwood[seat].to_string() },
                points[seat].to_string(),
                running[seat].to_string(),
                (r.out == Some(seat)).to_string(),
                r.penalties.contains(&seat).to_string(),
                hand.join(" "),
            ];
            let fields: Vec<String> = fields.iter().map(|f| field(f)).collect();
            out.push_str(&fields.join(","));
            out.push('\n');
        }
    }
    out
}

/// The paper sheet: a row per round of the rules, a column per player
/// holding the points that counted, then the totals and the places.
fn sheet(s: &Session) -> String {
    let board = s.scoreboard();
    let players = s.players();
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut head: Vec<String> = ["round", "cards", "wild", "dealer"].map(String::from).to_vec();
    head.extend(players.iter().cloned());
    head.push("out".into());
    rows.push(head);
    // Players who joined late start from a total of their own.
    if s.seats().iter().any(|seat| seat.late()) {
        let starts = s.starts();
        let mut start = vec!["start".to_string(), String::new(), String::new(), String::new()];
        start.extend(
            s.seats().iter().zip(&starts).map(
                |(seat, n)| {
                    if seat.late() { n.to_string() } else { String::new() }
                },
            ),
        );
        start.push(String::new());
        rows.push(start);
    }
    for deal in s.deals() {
        let mut row = vec![
            deal.round.to_string(),
            deal.cards.to_string(),
            deal.wild.to_string(),
            players[s.dealer(deal.round)].clone(),
        ];
        match s.rounds().get(deal.round - 1) {
            Some(r) => {
                // Blank for a player not at the table for the round; marked
                // `~` for one away from it, scored by their rule.
                let points = board.points(deal.round - 1);
                row.extend((0..players.len()).map(|p| {
                    if s.seats()[p].missed_round(deal.round) {
                        format!("{}~", points[p])
                    } else if s.plays(p, deal.round) {
                        points[p].to_string()
                    } else {
                        String::new()
                    }
                }));
                row.push(r.out.map(|o| players[o].clone()).unwrap_or_default());
            }
            None => row.extend(std::iter::repeat_n(String::new(), players.len() + 1)),
        }
        rows.push(row);
    }
    let mut totals = vec!["total".to_string(), String::new(), String::new(), String::new()];
    totals.extend(board.totals().iter().map(i32::to_string));
    totals.push(String::new());
    rows.push(totals);
    // The tiebreaker round, once played: the deadwood of the tied players.
    if let Some(three13_core::sheet::Playoff::Round(scores)) = s.playoff() {
        let deal = s.rules().tiebreak_deal();
        let mut tie = vec!["tie".to_string(), deal.cards.to_string(), deal.wild.to_string(), String::new()];
        tie.extend((0..players.len()).map(|p| {
            scores
                .iter()
                .find(|(seat, _)| *seat == p)
                .map(|(_, sc)| sc.deadwood.to_string())
                .unwrap_or_default()
        }));
        tie.push(String::new());
        rows.push(tie);
    }
    let mut places = vec!["place".to_string(), String::new(), String::new(), String::new()];
    // Players who left are out of the standings: no place.
    places
        .extend((0..players.len()).map(|p| {
            if s.seats()[p].left.is_none() { board.places()[p].to_string() } else { String::new() }
        }));
    places.push(String::new());
    rows.push(places);
    rows.iter().map(|row| row.iter().map(|f| field(f)).collect::<Vec<_>>().join(",") + "\n").collect()
}

/// A CSV field, quoted when it holds a comma, a quote or a line break
/// (RFC 4180), and kept from reading as a formula in a spreadsheet.
fn field(text: &str) -> String {
    let text = if text.starts_with(['+', '@']) { format!("'{text}") } else { text.to_string() };
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text }
}
