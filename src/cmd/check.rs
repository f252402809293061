//! `three13 check`: the hand checker.

use std::io::{BufRead, Write};

use crate::cli::{CheckArgs, Cli};
use crate::error::{Error, Result};
use crate::ui::Ui;
use three13_core::analysis::{Analysis, Discard, analyse};
use three13_core::card::{Card, Rank};
use three13_core::declared::{Declared, judge_hand};
use three13_core::hand::{
    HandError, HandProblem, check_copies, check_size, infer_deal, parse_cards, parse_declared,
};
use three13_core::rules::{Deal, Rules};
use three13_core::solver::{Meld, MeldKind, Solver, Table};

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
    let session = match &args.session {
        Some(name) => {
            let store = super::store(cli)?;
            let name = store.find(name)?;
            Some(store.load(&name)?)
        }
        None if untold => current_session(cli, ui),
        None => None,
    };
    let rules = match &session {
        Some(s) => s.rules(),
        None => super::resolve_rules(&args.rules, None)?,
    };
    let fixed = fixed_deal(args, &rules)?;
    let next = session.as_ref().and_then(|s| s.next_deal());
    let known = Known { onto: table_melds(args, &rules)?, seen: seen_cards(args, &rules)? };
    check_copies(&rules, &[], &known.onto, &known.seen)?;
    let mut solver = Solver::new();
    if !args.cards.is_empty() {
        let text = args.cards.join(" ");
        let (checked, chosen) = check_one(&mut solver, &text, &rules, fixed, next, &known)?;
        let a = &checked.analysis;
        let round = format!("round {} ({} cards dealt, {})", a.round, a.cards, wilds(&rules, a.wild));
        match chosen {
            _ if args.json => {}
            Chosen::Named => {}
            Chosen::Session => ui.note(&format!(
                "{round}, the next of session {}; name another with --round or --wild",
                session.as_ref().map_or("", |s| s.name())
            )),
            Chosen::Inferred => {
                ui.note(&format!("{} cards: assuming {round}; name it with --round or --wild", a.hand.len()))
            }
        }
        return if args.json {
            writeln!(ui.out, "{}", json(&checked))?;
            Ok(())
        } else {
            print(ui, &checked, &rules, &known)
        };
    }
    if ui.stdin_tty {
        return Err(Error::usage(
            "no cards given; write them after `check` (three13 check 7d 10c Ks), or pipe hands one per line",
        ));
    }
    batch(ui, args.json, &mut solver, &rules, (fixed, next), &known)
}

/// The wilds of a round in words: `threes wild`, `threes and kings wild`,
/// `threes, kings and jokers wild`.
fn wilds(rules: &Rules, wild: Rank) -> String {
    format!("{} wild", rules.wilds(wild))
}

/// Cards known to lie outside the stock besides the hand: the table melds
/// (--onto) and the cards seen (--seen).
struct Known {
    onto: Vec<Vec<Card>>,
    seen: Vec<Card>,
}

/// One hand checked: the analysis and, for a declared hand, its verdicts.
struct Checked {
    analysis: Analysis,
    declared: Option<Declared>,
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

fn table_melds(args: &CheckArgs, rules: &Rules) -> Result<Vec<Vec<Card>>> {
    if !args.onto.is_empty() && !rules.lay_off {
        return Err(Error::data("--onto needs laying off allowed: add --set lay_off=true or --rules strict"));
    }
    args.onto
        .iter()
        .map(|m| {
            parse_cards(m, rules).map_err(|e| Error::data(format!("in the table meld --onto \"{m}\": {e}")))
        })
        .collect()
}

fn seen_cards(args: &CheckArgs, rules: &Rules) -> Result<Vec<Card>> {
    let mut seen = Vec::new();
    for text in &args.seen {
        seen.extend(parse_cards(text, rules).map_err(|e| Error::data(format!("in --seen: {e}")))?);
    }
    Ok(seen)
}

/// Checks one hand; also says whether its round was inferred.
fn check_one(
    solver: &mut Solver,
    text: &str,
    rules: &Rules,
    fixed: Option<Deal>,
    next: Option<Deal>,
    known: &Known,
) -> Result<(Checked, Chosen), Error> {
    let (cards, groups) = parse_declared(text, rules)?;
    check_copies(rules, &cards, &known.onto, &known.seen)?;
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
    let table = Table::new(rules, deal.wild).with_onto(known.onto.clone())?;
    let analysis = analyse(solver, &cards, &deal, &table, &known.seen);
    let declared = groups.map(|g| judge_hand(&g, &table, &analysis));
    Ok((Checked { analysis, declared }, chosen))
}

fn json(checked: &Checked) -> String {
    /// The analysis, and a declared hand's verdicts beside its fields.
    #[derive(serde::Serialize)]
    struct Report<'a> {
        #[serde(flatten)]
        analysis: &'a Analysis,
        #[serde(skip_serializing_if = "Option::is_none")]
        groups: Option<&'a [three13_core::declared::Group]>,
        #[serde(skip_serializing_if = "Option::is_none")]
        declared_deadwood: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        declared_discard: Option<&'a three13_core::declared::DeclaredDiscard>,
        #[serde(skip_serializing_if = "Option::is_none")]
        declared_goes_out: Option<bool>,
        #[serde(skip_serializing_if = "Option::is_none")]
        least_deadwood: Option<u32>,
    }
    let Some(d) = &checked.declared else {
        return serde_json::to_string(&checked.analysis).expect("an analysis serialises");
    };
    let report = Report {
        analysis: &checked.analysis,
        groups: Some(&d.groups),
        declared_deadwood: Some(d.deadwood),
        declared_discard: d.discard.as_ref(),
        declared_goes_out: Some(d.goes_out),
        least_deadwood: Some(d.least),
    };
    serde_json::to_string(&report).expect("an analysis serialises")
}

/// Hands from stdin, one per line; a bad line is reported and the rest go on.
fn batch(
    ui: &mut Ui,
    as_json: bool,
    solver: &mut Solver,
    rules: &Rules,
    (fixed, next): (Option<Deal>, Option<Deal>),
    known: &Known,
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
                    check_one(solver, text, rules, fixed, next, known).map(|(a, _)| a)
                }
            }
        };
        match outcome {
            Ok(a) if as_json => writeln!(ui.out, "{}", json(&a))?,
            Ok(a) => {
                if !first {
                    writeln!(ui.out)?;
                }
                print(ui, &a, rules, known)?;
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

/// The human report of one hand: a declared hand's verdicts first; after
/// the draw, the hand laid down after the best discard and the discards;
/// else the hand, and its outs unless it goes out.
fn print(ui: &mut Ui, checked: &Checked, rules: &Rules, known: &Known) -> Result<()> {
    let a = &checked.analysis;
    let held = if a.hand.len() > a.cards {
        format!(", {} held after the draw", a.hand.len())
    } else {
        String::new()
    };
    let head = format!(
        "Round {}: {} cards dealt{held}, {} (rules: {})",
        a.round,
        a.cards,
        wilds(rules, a.wild),
        rules.summary()
    );
    let mut lines = vec![ui.bold(&ui.wrap(&head, 2)), String::new()];
    if let Some(d) = &checked.declared {
        declared(ui, &mut lines, d);
    }
    match &a.best_discard {
        Some(best) => {
            let mut rest = a.hand.clone();
            rest.remove(rest.iter().position(|&c| c == best.card).expect("a card of the hand"));
            lines.push(format!("Discard {} and lay down:", ui.card(best.card)));
            arrangement(ui, &mut lines, &rest, &best.melds, &best.unmelded, best.deadwood, rules, known);
            lines.push(String::new());
            lines.push(if best.deadwood == 0 {
                ui.good("Goes out")
            } else {
                ui.warn(&format!("Deadwood {}: does not go out", best.deadwood))
            });
        }
        None => {
            arrangement(ui, &mut lines, &a.hand, &a.melds, &a.unmelded, a.deadwood, rules, known);
            lines.push(String::new());
            lines.push(if a.can_go_out {
                ui.good("Goes out: every card melds")
            } else {
                ui.warn(&format!("Deadwood {}", a.deadwood))
            });
        }
    }
    if !a.can_go_out
        && let (Some(outs), Some(n), Some(chance)) = (&a.outs, a.unseen, a.chance)
    {
        if outs.is_empty() {
            lines.push("Outs (0): none".to_string());
        } else {
            // As many cards a line as fit 80 columns.
            let mut line = format!("Outs ({}):", outs.len());
            let mut width = line.chars().count();
            for &c in outs {
                let shown = plain_cards(ui, &[c]).chars().count();
                if width + 1 + shown > 80 {
                    lines.push(std::mem::take(&mut line));
                    line.push(' ');
                    width = 1;
                }
                line.push(' ');
                line.push_str(&ui.card(c));
                width += 1 + shown;
            }
            lines.push(line);
        }
        if !outs.is_empty() {
            lines.push(format!("  {n} of them unseen: {} on the next draw", percent(chance)));
        }
    }
    for l in &lines {
        writeln!(ui.out, "{l}")?;
    }
    if let Some(discards) = &a.discards {
        advice(ui, a, discards, rules)?;
    }
    Ok(())
}

/// The hand's cards, its melds (wilds' roles), its unmelded cards.
#[allow(clippy::too_many_arguments)]
fn arrangement(
    ui: &Ui,
    lines: &mut Vec<String>,
    hand: &[Card],
    melds: &[Meld],
    unmelded: &[Card],
    deadwood: u32,
    rules: &Rules,
    known: &Known,
) {
    lines.push(format!("Hand      {}", ui.cards(hand)));
    for (i, m) in melds.iter().enumerate() {
        let label = if i == 0 { "Melds" } else { "" };
        lines.push(format!("{label:<9} {}", super::meld_text(m, &|c| ui.card(c))));
    }
    if melds.is_empty() {
        lines.push("Melds     none".to_string());
    }
    if unmelded.is_empty() {
        lines.push("Unmelded  none".to_string());
    } else {
        let points: Vec<String> =
            unmelded.iter().map(|&c| format!("{} {}", ui.card(c), rules.value(c))).collect();
        lines.push(format!("Unmelded  {}  = {deadwood}", points.join(", ")));
    }
    // Table melds given, but no meld of the hand's own: say why nothing
    // goes onto them.
    if rules.lay_off && !known.onto.is_empty() && melds.iter().all(|m| m.onto.is_some()) {
        lines.push("No lay-off: laying off needs a meld of the hand's own".to_string());
    }
}

fn percent(chance: f64) -> String {
    format!("{:.1}%", chance * 100.0)
}

/// The verdict on each declared group, the declared deadwood, and the least.
fn declared(ui: &Ui, lines: &mut Vec<String>, d: &Declared) {
    lines.push("Declared".to_string());
    for g in &d.groups {
        let verdict = match (&g.kind, &g.reason) {
            (Some(kind), _) => {
                let kind = if *kind == MeldKind::Set { "a set" } else { "a run" };
                format!(
                    "{}{}",
                    ui.good(kind),
                    super::wild_roles(&g.wilds, &|c| ui.card(c)).replacen("  ", " ", 1)
                )
            }
            (None, Some(reason)) => ui.warn(&reason.to_string()),
            (None, None) => String::new(),
        };
        let plain = plain_cards(ui, &g.cards);
        // A long reason goes on a line of its own, to fit 80 columns.
        let width =
            4 + plain.chars().count() + g.reason.as_ref().map_or(0, |r| r.to_string().chars().count());
        if width > 80 {
            lines.push(format!("  {}:\n    {verdict}", ui.cards(&g.cards)));
        } else {
            lines.push(format!("  {}: {verdict}", ui.cards(&g.cards)));
        }
    }
    let claimed = match &d.discard {
        Some(discard) => {
            if d.goes_out {
                lines.push(
                    ui.good(&format!("The declaration goes out, discarding {}", ui.card(discard.card))),
                );
            } else {
                let outside: usize = d.groups.iter().filter(|g| !g.meld).map(|g| g.cards.len()).sum();
                lines.push(ui.warn(&if outside == 0 {
                    "The declaration does not go out: each discard breaks a meld".to_string()
                } else {
                    format!("The declaration does not go out: {outside} cards lie outside valid melds")
                }));
            }
            discard.deadwood
        }
        None => d.deadwood,
    };
    let left = if d.discard.is_some() { " after the discard" } else { "" };
    if d.least < claimed {
        lines.push(format!("Declared deadwood {claimed}{left}; the least is {}, as follows:", d.least));
    } else {
        lines.push(format!("Declared deadwood {claimed}{left}, the least there is"));
    }
    lines.push(String::new());
}

/// Every discard, with the deadwood left and the chance to go out next.
fn advice(ui: &mut Ui, a: &Analysis, discards: &[Discard], rules: &Rules) -> Result<()> {
    let best = a.best_discard.as_ref().expect("after the draw");
    let chance = a.best_chance(rules).expect("after the draw");
    let mut sorted: Vec<&Discard> = discards.iter().collect();
    sorted.sort_by(|x, y| {
        y.chance
            .total_cmp(&x.chance)
            .then(x.deadwood.cmp(&y.deadwood))
            .then(rules.is_wild(x.card, a.wild).cmp(&rules.is_wild(y.card, a.wild)))
            .then(rules.value(y.card).cmp(&rules.value(x.card)))
    });
    let mut t = ui.table();
    t.set_header(vec!["Discard", "Left", "Outs", "Unseen", "Chance"]);
    for d in sorted {
        let outs = if d.outs.is_empty() {
            "none".to_string()
        } else if d.chance >= 1.0 {
            // Every unseen card: the hand left goes out already.
            "any card".to_string()
        } else {
            // The cards, in lines of at most 30 columns.
            let mut lines: Vec<String> = vec![String::new()];
            for c in &d.outs {
                let card = plain_cards(ui, &[*c]);
                let last = lines.last_mut().expect("a line");
                if !last.is_empty() && last.chars().count() + 1 + card.chars().count() > 30 {
                    lines.push(card);
                } else {
                    if !last.is_empty() {
                        last.push(' ');
                    }
                    last.push_str(&card);
                }
            }
            lines.join("\n")
        };
        t.add_row(vec![
            plain_cards(ui, &[d.card]),
            d.deadwood.to_string(),
            outs,
            d.unseen.to_string(),
            percent(d.chance),
        ]);
    }
    writeln!(ui.out, "\n{t}")?;
    let figures = |d: &Discard| {
        format!(
            "discard {}: {} left, {} out{}, {} unseen, {} on the next draw",
            ui.card(d.card),
            d.deadwood,
            d.outs.len(),
            if d.outs.len() == 1 { "" } else { "s" },
            d.unseen,
            percent(d.chance)
        )
    };
    let least = discards.iter().find(|d| d.card == best.card).expect("a discard");
    let mut text = format!("Least left:  {}\n", figures(least));
    if chance.card != best.card && chance.chance > least.chance {
        text.push_str(&format!("Best chance: {}\n", figures(chance)));
    }
    write!(ui.out, "{text}")?;
    Ok(())
}

/// Cards without colour: table cells are measured by their characters.
fn plain_cards(ui: &Ui, cards: &[Card]) -> String {
    cards.iter().map(|&c| if ui.unicode { c.symbol() } else { c.ascii() }).collect::<Vec<_>>().join(" ")
}
