//! `three13 check`: the hand checker.

use std::io::Write;

use crate::cli::{CheckArgs, Cli};
use crate::error::{Error, Result};
use crate::lines::{MAX_LINE, read_line};
use crate::report::check::{self, Checked, RulesFrom, Setting};
use crate::report::points::{self, PointsAsk};
use crate::ui::Ui;
use three13_core::analysis::{Ask, analyse_with};
use three13_core::card::{Card, Rank};
use three13_core::declared::judge_hand;
use three13_core::hand::{
    HandError, HandProblem, check_copies, check_size, infer_deal, parse_cards, parse_declared,
};
use three13_core::rules::{Deal, Rules};
use three13_core::sheet::Session;
use three13_core::solver::{Solver, Table};

/// How the round of a hand was chosen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Chosen {
    /// By --round or --wild.
    Named,
    /// The next round of the session, which the hand's size fits.
    Session,
    /// From the number of cards.
    Inferred,
}

pub(crate) fn run(args: &CheckArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    // A hand is most likely from the game being played: the table's rules,
    // with the round and any setting named on top; a preset replaces them.
    let session = match (&args.session, &args.rules.preset) {
        (Some(name), _) => {
            let store = super::store(cli)?;
            let name = store.find(name)?;
            Some(store.load(&name)?)
        }
        (None, None) => current_session(cli, ui),
        (None, Some(_)) => None,
    };
    let rules = super::resolve_rules(&args.rules, session.as_ref().map(Session::rules))?;
    let from = match &session {
        None => RulesFrom::Given,
        Some(s) if args.rules.set.is_empty() => RulesFrom::Session(s.name().to_string()),
        Some(s) => RulesFrom::SessionWith(s.name().to_string()),
    };
    let fixed = fixed_deal(args, &rules)?;
    // The session's next round, while the rules settings deal it as well.
    let next = session
        .as_ref()
        .and_then(Session::next_deal)
        .filter(|d| session.as_ref().is_some_and(|s| s.rules() == rules) || rules.deal(d.round) == Some(*d));
    let upcard = upcard(args, &rules)?;
    let setting = Setting {
        onto: table_melds(args, &rules)?,
        seen: seen_cards(args, &rules)?,
        rules,
        from,
        ask: Ask { look: args.look.unwrap_or(1), upcard },
    };
    check_copies(&setting.rules, &[], &setting.onto, &setting.known())?;
    let mut solver = Solver::new();
    if !args.cards.is_empty() {
        let text = args.cards.join(" ");
        let (checked, chosen) = check_one(&mut solver, &text, &setting, fixed, next)?;
        let a = &checked.analysis;
        let round =
            format!("round {} ({} cards dealt, {} wild)", a.round, a.cards, setting.rules.wilds(a.wild));
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
        let points = match args.points {
            true => {
                let players = args.players.map(usize::from).or(session.as_ref().map(|s| s.players().len()));
                let ask = PointsAsk {
                    players: players.unwrap_or(4),
                    turn: args.turn,
                    seed: args.seed,
                    budget: args.budget,
                };
                Some(points::points(&checked, &setting, ask)?)
            }
            false => None,
        };
        return if args.json {
            let report = check::json(&checked, &setting, None);
            let report = match &points {
                Some(p) => p.add_to(&report),
                None => report,
            };
            writeln!(ui.out, "{report}")?;
            Ok(())
        } else {
            check::print(ui, &checked, &setting)?;
            match &points {
                Some(p) => p.print(ui, &checked),
                None => Ok(()),
            }
        };
    }
    if args.points {
        return Err(Error::usage("--points checks one hand: give its cards after `check`"));
    }
    if ui.stdin_tty {
        return Err(Error::usage(
            "no cards given; write them after `check` (three13 check 7d 10c Ks), or pipe hands one per line",
        ));
    }
    batch(ui, args.json, &mut solver, &setting, (fixed, next))
}

/// The current session, if there is one and it loads; a session that does
/// not load is mentioned, and the hand checked without it.
fn current_session(cli: &Cli, ui: &Ui) -> Option<Session> {
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
            return Err(Error::usage(format!("\"{text}\" is not a rank; {}", rules.deck().rank_hint())));
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
    if !args.onto.is_empty() && !rules.lay_off() {
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

/// The face-up card given with --upcard.
fn upcard(args: &CheckArgs, rules: &Rules) -> Result<Option<Card>> {
    let Some(text) = &args.upcard else { return Ok(None) };
    let cards = parse_cards(text, rules).map_err(|e| Error::data(format!("in --upcard: {e}")))?;
    match cards[..] {
        [card] => Ok(Some(card)),
        _ => Err(Error::usage(format!("--upcard takes one card, not {}", cards.len()))),
    }
}

/// Checks one hand; also says how its round was chosen.
fn check_one(
    solver: &mut Solver,
    text: &str,
    setting: &Setting,
    fixed: Option<Deal>,
    next: Option<Deal>,
) -> Result<(Checked, Chosen), Error> {
    let rules = &setting.rules;
    let (cards, groups) = parse_declared(text, rules)?;
    check_copies(rules, &cards, &setting.onto, &setting.known())?;
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
    if let Some(up) = setting.ask.upcard
        && cards.len() != deal.cards
    {
        return Err(Error::data(format!(
            "--upcard {up} weighs a hand before the draw: give the round's {} cards, not {}",
            deal.cards,
            cards.len()
        )));
    }
    let table = Table::new(rules, deal.wild).with_onto(setting.onto.clone())?;
    let analysis = analyse_with(solver, &cards, &deal, &table, &setting.seen, setting.ask);
    let declared = groups.map(|g| judge_hand(&g, &table, &analysis));
    Ok((Checked { analysis, declared }, chosen))
}

/// Hands from stdin, one per line; a bad line is reported and the rest go
/// on. As JSON, every line of input gets one line of output, in order,
/// with its number: an answer, an error, or what was skipped.
fn batch(
    ui: &mut Ui,
    as_json: bool,
    solver: &mut Solver,
    setting: &Setting,
    (fixed, next): (Option<Deal>, Option<Deal>),
) -> Result<()> {
    let mut input = std::io::BufReader::with_capacity(MAX_LINE, std::io::stdin().lock());
    let mut failed = false;
    let mut line_no = 0;
    let mut first = true;
    let mut buf = Vec::new();
    let skipped = |ui: &mut Ui, line: usize, what: &str| {
        writeln!(ui.out, "{}", serde_json::json!({ "line": line, "skipped": what }))
    };
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
                        if as_json {
                            skipped(ui, line_no, if text.is_empty() { "blank" } else { "comment" })?;
                        }
                        continue;
                    }
                    check_one(solver, text, setting, fixed, next).map(|(a, _)| a)
                }
            }
        };
        match outcome {
            Ok(a) if as_json => writeln!(ui.out, "{}", check::json(&a, setting, Some(line_no)))?,
            Ok(a) => {
                if !first {
                    writeln!(ui.out)?;
                }
                check::print(ui, &a, setting)?;
            }
            Err(e) => {
                failed = true;
                if as_json {
                    writeln!(ui.out, "{}", serde_json::json!({ "line": line_no, "error": e.to_string() }))?;
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
