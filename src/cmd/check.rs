//! `three13 check`: the hand checker, on the terminal: the command line
//! read into a check of [`crate::app::check`], its view printed.

use std::io::{IsTerminal, Write};

use crate::app::check::{self as app, Aside, Checked, Chosen, Conditions, Pick, RulesFrom};
use crate::app::points::{self, PointsAsk};
use crate::cli::{CheckArgs, Cli};
use crate::error::{Error, Result};
use crate::lines::{MAX_LINE, read_line};
use crate::report::check::CheckView;
use crate::ui::Ui;
use three13_core::analysis::Ask;
use three13_core::card::Rank;
use three13_core::sheet::Session;
use three13_core::solver::Solver;

pub(crate) fn run(args: &CheckArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    // A hand is most likely from the game being played: the table's rules,
    // with the round and any setting named on top; a preset replaces them.
    let (session, aside) =
        app::session(super::store(cli), args.session.as_deref(), args.rules.preset.is_some())?;
    match aside {
        None => {}
        Some(Aside::NoCurrent(e)) => ui
            .note(&format!("which session is current is not known, so the hand is checked without one: {e}")),
        Some(Aside::DoesNotLoad(e)) => {
            ui.note(&format!("the current session does not load, so it is left aside: {}", e.message()))
        }
    }
    let rules = super::resolve_rules(&args.rules, session.as_ref().map(Session::rules))?;
    let from = match &session {
        None => RulesFrom::Given,
        Some(s) if args.rules.set.is_empty() => RulesFrom::Session(s.name().to_string()),
        Some(s) => RulesFrom::SessionWith(s.name().to_string()),
    };
    let named = match (args.round, &args.wild) {
        (Some(n), _) => Some(app::round(n, &rules, None)?),
        (None, Some(text)) => match Rank::parse(text) {
            Some(rank) => Some(app::round_wild(rank, &rules)?),
            None => {
                return Err(Error::usage(format!("\"{text}\" is not a rank; {}", rules.deck().rank_hint())));
            }
        },
        (None, None) => None,
    };
    let pick = Pick::with_next(named, session.as_ref(), &rules);
    let upcard = Conditions::upcard(&rules, args.upcard.as_deref())?;
    let last = args.last || !args.onto.is_empty();
    if last && args.look == Some(2) {
        return Err(Error::usage(
            "--look 2 weighs two draws to come, and the last turn has one at most (--onto or --last say it is the last turn)",
        )
        .with_hint("leave out --look 2; --points weighs the last turn's draw in exact points"));
    }
    let under = Conditions {
        onto: Conditions::table_melds(&rules, &args.onto)?,
        seen: Conditions::seen_cards(&rules, &args.seen)?,
        rules,
        from,
        ask: Ask { look: args.look.unwrap_or(1), upcard, last },
    };
    under.check_copies()?;
    let mut solver = Solver::new();
    if !args.cards.is_empty() {
        let text = args.cards.join(" ");
        let checked = app::check(&mut solver, &text, &under, pick)?;
        if !args.json {
            note_round(ui, &checked, &under, session.as_ref());
        }
        let points = match args.points {
            true => {
                let players = args.players.map(usize::from).or(session.as_ref().map(|s| s.players().len()));
                let ask = PointsAsk {
                    players: players.unwrap_or(4),
                    turn: args.turn,
                    seed: args.seed,
                    budget: args.budget,
                    within: args.within,
                    last,
                };
                // The rounds played out can take seconds: a line on a
                // terminal says how far they are.
                // (The last turn is worked out exactly.)
                let bar = (std::io::stderr().is_terminal() && !ask.last).then(|| {
                    let bar = indicatif::ProgressBar::new_spinner();
                    bar.set_style(
                        indicatif::ProgressStyle::with_template("{spinner} playing the round out: {msg}")
                            .expect("a progress template"),
                    );
                    bar.set_message(format!("0 deals of {} at most", ask.budget));
                    bar.enable_steady_tick(std::time::Duration::from_millis(120));
                    bar
                });
                let found = points::points(&checked, &under, ask, &mut |done| {
                    if let Some(bar) = &bar {
                        bar.set_message(format!("{done} deals of {} at most", ask.budget));
                    }
                });
                if let Some(bar) = bar {
                    bar.finish_and_clear();
                }
                Some(found?)
            }
            false => None,
        };
        let view = CheckView::new(&checked, &under);
        return if args.json {
            let report = view.json(None);
            let report = match &points {
                Some(p) => p.add_to(&report),
                None => report,
            };
            writeln!(ui.out, "{report}")?;
            Ok(())
        } else {
            view.print(ui)?;
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
    batch(ui, args.json, &mut solver, &under, pick)
}

/// Says how the round of the hand was chosen, unless it was named.
fn note_round(ui: &Ui, checked: &Checked, under: &Conditions, session: Option<&Session>) {
    let a = &checked.analysis;
    let round = format!("round {} ({} cards dealt, {} wild)", a.round, a.cards, under.rules.wilds(a.wild));
    match checked.chosen {
        Chosen::Named => {}
        Chosen::Session => ui.note(&format!(
            "{round}, the next of session {}; name another with --round or --wild",
            session.map_or("", |s| s.name())
        )),
        Chosen::Inferred => {
            ui.note(&format!("{} cards: assuming {round}; name it with --round or --wild", a.hand.len()))
        }
    }
}

/// Hands from stdin, one per line; a bad line is reported and the rest go
/// on. As JSON, every line of input gets one line of output, in order,
/// with its number: an answer, an error, or what was skipped.
fn batch(ui: &mut Ui, as_json: bool, solver: &mut Solver, under: &Conditions, pick: Pick) -> Result<()> {
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
                    app::check(solver, text, under, pick)
                }
            }
        };
        match outcome {
            Ok(a) if as_json => writeln!(ui.out, "{}", CheckView::new(&a, under).json(Some(line_no)))?,
            Ok(a) => {
                if !first {
                    writeln!(ui.out)?;
                }
                CheckView::new(&a, under).print(ui)?;
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
