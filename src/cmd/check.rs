//! `three13 check`: the hand checker.

use std::io::{BufRead, Write};

use crate::cli::{CheckArgs, Cli};
use crate::error::{Error, Result};
use crate::ui::Ui;
use three13_core::analysis::{Analysis, analyse};
use three13_core::card::Rank;
use three13_core::hand::{HandError, HandProblem, check_size, infer_deal, parse_hand};
use three13_core::rules::{Deal, Rules};
use three13_core::solver::{MeldKind, Solver, Table};

/// The longest line read from stdin; longer lines are refused, not stored.
pub(crate) const MAX_LINE: usize = 64 * 1024;

/// How the round of a hand was chosen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Chosen {
    /// By --round or --wild.
    Named,
    /// The next round of the current session, which the hand's size fits.
    Session,
    /// From the number of cards.
    Inferred,
}

pub(crate) fn run(args: &CheckArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    // With nothing named on the command line, a hand is most likely from
    // the game being played: its rules, and its next round.
    let untold = args.rules.preset.is_none()
        && args.rules.set.is_empty()
        && args.round.is_none()
        && args.wild.is_none();
    let session = if untold { current_session(cli, ui) } else { None };
    let rules = match &session {
        Some(s) => s.rules(),
        None => super::resolve_rules(&args.rules, None)?,
    };
    let fixed = fixed_deal(args, &rules)?;
    let next = session.as_ref().and_then(|s| s.next_deal());
    let onto = table_melds(args, &rules)?;
    let mut solver = Solver::new();
    if !args.cards.is_empty() {
        let text = args.cards.join(" ");
        let (analysis, chosen) = check_one(&mut solver, &text, &rules, fixed, next, &onto)?;
        let round = format!(
            "round {} ({} cards dealt, {} wild)",
            analysis.round,
            analysis.cards,
            analysis.wild.plural()
        );
        match chosen {
            _ if args.json => {}
            Chosen::Named => {}
            Chosen::Session => ui.note(&format!(
                "{round}, the next of session {}; name another with --round or --wild",
                session.as_ref().map_or("", |s| s.name())
            )),
            Chosen::Inferred => ui.note(&format!(
                "{} cards: assuming {round}; name it with --round or --wild",
                analysis.hand.len()
            )),
        }
        return if args.json {
            writeln!(ui.out, "{}", json(&analysis))?;
            Ok(())
        } else {
            print(ui, &analysis, &rules)
        };
    }
    if ui.stdin_tty {
        return Err(Error::usage(
            "no cards given; write them after `check` (three13 check 7d 10c Ks), or pipe hands one per line",
        ));
    }
    batch(ui, args.json, &mut solver, &rules, (fixed, next), &onto)
}

/// The current session, if there is one and it loads; a session that does
/// not load is mentioned, and the hand checked without it.
fn current_session(cli: &Cli, ui: &Ui) -> Option<three13_core::sheet::Session> {
    let store = super::store(cli).ok()?;
    let name = store.current().ok()??;
    match store.load(&name) {
        Ok(s) => Some(s),
        Err(e) => {
            ui.note(&format!("the current session does not load, so it is left aside: {}", e.message()));
            None
        }
    }
}

/// The deal named by --round or --wild, if any.
fn fixed_deal(args: &CheckArgs, rules: &Rules) -> Result<Option<Deal>> {
    let deals = rules.deals();
    if let Some(n) = args.round {
        return match rules.deal(n) {
            Some(d) => Ok(Some(d)),
            None => Err(Error::data(format!(
                "there is no round {n}; these rules play rounds 1 to {}",
                deals.len()
            ))),
        };
    }
    if let Some(text) = &args.wild {
        let Some(rank) = Rank::parse(text) else {
            return Err(Error::usage(format!("\"{text}\" is not a rank; ranks are A 2-10 J Q K")));
        };
        return match deals.iter().find(|d| d.wild == rank) {
            Some(d) => Ok(Some(*d)),
            None => {
                let wilds: Vec<String> = deals.iter().map(|d| d.wild.to_string()).collect();
                Err(Error::data(format!(
                    "no round has {} wild under these rules; the wild ranks are {}",
                    rank.plural(),
                    wilds.join(" ")
                )))
            }
        };
    }
    Ok(None)
}

fn table_melds(args: &CheckArgs, rules: &Rules) -> Result<Vec<Vec<three13_core::card::Card>>> {
    if !args.onto.is_empty() && !rules.lay_off {
        return Err(Error::data("--onto needs laying off allowed: add --set lay_off=true or --rules strict"));
    }
    args.onto
        .iter()
        .map(|m| parse_hand(m, rules).map_err(|e| Error::data(format!("in --onto: {e}"))))
        .collect()
}

/// Checks one hand; also says whether its round was inferred.
fn check_one(
    solver: &mut Solver,
    text: &str,
    rules: &Rules,
    fixed: Option<Deal>,
    next: Option<Deal>,
    onto: &[Vec<three13_core::card::Card>],
) -> Result<(Analysis, Chosen), Error> {
    let cards = parse_hand(text, rules)?;
    let fits = |d: &Deal| cards.len() == d.cards || cards.len() == d.cards + 1;
    let (deal, chosen) = match (fixed, next) {
        (Some(d), _) => {
            check_size(&cards, &d)?;
            (d, Chosen::Named)
        }
        (None, Some(d)) if fits(&d) => (d, Chosen::Session),
        (None, _) => match infer_deal(cards.len(), rules) {
            Some(d) => (d, Chosen::Inferred),
            None => {
                return Err(
                    HandError { problem: HandProblem::NoRound { count: cards.len() }, source: None }.into()
                );
            }
        },
    };
    let table = Table::new(rules, deal.wild).with_onto(onto.to_vec())?;
    Ok((analyse(solver, &cards, &deal, &table), chosen))
}

fn json(analysis: &Analysis) -> String {
    serde_json::to_string(analysis).expect("an analysis serialises")
}

/// Hands from stdin, one per line; a bad line is reported and the rest go on.
fn batch(
    ui: &mut Ui,
    as_json: bool,
    solver: &mut Solver,
    rules: &Rules,
    (fixed, next): (Option<Deal>, Option<Deal>),
    onto: &[Vec<three13_core::card::Card>],
) -> Result<()> {
    let mut input = std::io::BufReader::with_capacity(MAX_LINE, std::io::stdin().lock());
    let mut failed = false;
    let mut line_no = 0;
    let mut first = true;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let Some(too_long) = read_line(&mut input, &mut buf)? else { break };
        line_no += 1;
        let outcome = if too_long {
            Err(Error::data(format!("the line is longer than {MAX_LINE} bytes")))
        } else {
            match std::str::from_utf8(&buf) {
                Err(_) => Err(Error::data("the line is not UTF-8 text")),
                Ok(text) => {
                    let text = text.trim();
                    if text.is_empty() || text.starts_with('#') {
                        continue;
                    }
                    check_one(solver, text, rules, fixed, next, onto).map(|(a, _)| a)
                }
            }
        };
        match outcome {
            Ok(a) if as_json => writeln!(ui.out, "{}", json(&a))?,
            Ok(a) => {
                if !first {
                    writeln!(ui.out)?;
                }
                print(ui, &a, rules)?;
            }
            Err(e) => {
                failed = true;
                if as_json {
                    #[derive(serde::Serialize)]
                    struct BadLine<'a> {
                        line: usize,
                        error: &'a str,
                    }
                    let bad = BadLine { line: line_no, error: &e.to_string() };
                    writeln!(ui.out, "{}", serde_json::to_string(&bad).expect("serialises"))?;
                } else {
                    ui.out.flush()?;
                    ui.line_error(line_no, &e);
                }
            }
        }
        first = false;
        // Answer each hand as soon as no more input is waiting, so a
        // program feeding hands one at a time gets its answers at once.
        if input.buffer().is_empty() {
            ui.out.flush()?;
        }
    }
    if failed { Err(Error::reported()) } else { Ok(()) }
}

/// Reads one line (without its end) into `buf`, keeping at most MAX_LINE
/// bytes. None at the end of input; Some(true) when the line was too long.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<Option<bool>> {
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::data(format!("cannot read stdin: {e}"))),
        };
        if chunk.is_empty() {
            return Ok(read_any.then_some(too_long));
        }
        read_any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if buf.len() + part.len() > MAX_LINE {
            too_long = true;
        } else {
            buf.extend_from_slice(part);
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(Some(too_long));
        }
    }
}

/// The human report of one hand.
fn print(ui: &mut Ui, a: &Analysis, rules: &Rules) -> Result<()> {
    let held = if a.hand.len() > a.cards {
        format!(", {} held after the draw", a.hand.len())
    } else {
        String::new()
    };
    let head = format!(
        "Round {}: {} cards dealt{held}, {} wild (rules: {})",
        a.round,
        a.cards,
        a.wild.plural(),
        rules.summary()
    );
    let mut lines = vec![ui.bold(&head), String::new()];
    lines.push(format!("Hand      {}", ui.cards(&a.hand)));
    for (i, m) in a.melds.iter().enumerate() {
        let label = if i == 0 { "Melds" } else { "" };
        let kind = match (m.kind, &m.onto) {
            (_, Some(onto)) => format!("onto {}:", ui.cards(onto)),
            (MeldKind::Set, None) => "set".to_string(),
            (MeldKind::Run, None) => "run".to_string(),
        };
        let roles: Vec<String> = m
            .wilds
            .iter()
            .filter(|r| r.card != r.stands_for)
            .map(|r| format!("{} as {}", ui.card(r.card), ui.card(r.stands_for)))
            .collect();
        let roles = if roles.is_empty() { String::new() } else { format!("  ({})", roles.join(", ")) };
        lines.push(format!("{label:<9} {kind} {}{roles}", ui.cards(&m.cards)));
    }
    if a.melds.is_empty() {
        lines.push("Melds     none".to_string());
    }
    if a.unmelded.is_empty() {
        lines.push("Unmelded  none".to_string());
    } else {
        let points: Vec<String> =
            a.unmelded.iter().map(|&c| format!("{} {}", ui.card(c), rules.value(c))).collect();
        lines.push(format!("Unmelded  {}  = {}", points.join(", "), a.deadwood));
    }
    lines.push(String::new());
    let verdict = match (&a.best_discard, a.can_go_out) {
        (Some(d), true) => ui.good(&format!("Goes out: discard {}", ui.card(d.card))),
        (Some(d), false) => format!(
            "{}; the best discard, {}, leaves {}",
            ui.warn(&format!("Deadwood {}", a.deadwood)),
            ui.card(d.card),
            d.deadwood
        ),
        (None, true) => ui.good("Goes out"),
        (None, false) => ui.warn(&format!("Deadwood {}", a.deadwood)),
    };
    lines.push(verdict);
    for l in &lines {
        writeln!(ui.out, "{l}")?;
    }
    if let Some(discards) = &a.discards {
        let mut t = ui.table();
        t.set_header(vec!["Discard", "Deadwood left"]);
        let mut sorted = discards.clone();
        sorted.sort_by_key(|d| (d.deadwood, std::cmp::Reverse(rules.value(d.card))));
        for d in sorted {
            t.add_row(vec![ui.card(d.card), d.deadwood.to_string()]);
        }
        writeln!(ui.out, "\n{t}")?;
    }
    if let Some(outs) = &a.outs {
        let text = if outs.is_empty() { "none".to_string() } else { ui.cards(outs) };
        writeln!(ui.out, "Outs ({}): {text}", outs.len())?;
    }
    Ok(())
}
