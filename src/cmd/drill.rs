//! `three13 drill`: positions of real rounds asked on the terminal (or as
//! JSON lines), each answer graded in points lost by
//! [`crate::app::drill`].

use crate::clock::Stopwatch;
use std::io::{BufRead, Write};

use crate::app::check::{self as check, Aside};
use crate::app::drill::{Answer, Ask, Asked, Drill, Graded, Timer, record, seed_of_day};
use crate::cli::{Cli, DrillArgs};
use crate::error::{Error, Result};
use crate::report::drill as view;
use crate::store::Store;
use crate::ui::Ui;
use three13_core::play::drill::Theme;
use three13_core::rules::{Game, Rules};
use three13_core::sheet::Session;

/// The run asked for on the command line: the rules (the current
/// session's unless others are named), the seed (today's date unless
/// given) and the rest.
pub(crate) fn asked(args: &DrillArgs, cli: &Cli, ui: &Ui) -> Result<Asked> {
    let named = args.rules.preset.is_some() || args.game.is_some();
    let (session, aside) = check::session(super::store(cli), None, named)?;
    if let Some(Aside::DoesNotLoad(e)) = aside {
        ui.note(&format!("the current session does not load, so it is left aside: {}", e.message()));
    }
    let base = match args.game.as_deref() {
        None => session.as_ref().map(Session::rules),
        Some(text) => match Game::parse(text) {
            Some(g) => Some(g.rules()),
            None => {
                return Err(Error::usage(format!("--game: \"{}\" is not a game", text.escape_debug()))
                    .with_hint("the games are three-thirteen and five-crowns"));
            }
        },
    };
    let rules: Rules = super::resolve_rules(&args.rules, base)?;
    let theme = match args.theme.as_deref() {
        None => None,
        Some(text) => Some(Theme::parse(text).ok_or_else(|| {
            let words: Vec<&str> = Theme::ALL.iter().map(|t| t.word()).collect();
            Error::usage(format!("--theme: \"{}\" is not a theme", text.escape_debug()))
                .with_hint(format!("the themes are {}", crate::prose::and_list(&words)))
        })?),
    };
    let seed = match args.seed {
        Some(s) => s,
        None => seed_of_day(super::now().to_zoned(jiff::tz::TimeZone::system()).date()),
    };
    Ok(Asked {
        rules,
        round: args.round,
        theme,
        players: args.players.map(usize::from),
        seed,
        count: args.count as usize,
        budget: args.budget as usize,
    })
}

pub(crate) fn run(args: &DrillArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    if args.json {
        ui.for_json();
    }
    let asked = asked(args, cli, ui)?;
    let name = args.name.clone().unwrap_or_else(crate::app::drill::default_name);
    let store = super::store(cli)?;
    let mut drill = if args.again {
        let positions = crate::app::drill::missed(&store, &name)?;
        if positions.is_empty() {
            let why = if crate::app::drill::drilled(&store, &name)? {
                "every position drilled was answered right"
            } else {
                "no position drilled yet (`three13 drill` starts one)"
            };
            ui.note(&format!("{name} has no position to replay: {why}"));
            if args.json {
                out_line(ui, &view::summary_json(&Drill::replay(Vec::new(), 2).summary()))?;
            }
            return Ok(());
        }
        Drill::replay(positions, asked.budget)
    } else {
        let mut asked = asked.clone();
        if args.minutes.is_some() {
            asked.count = 1000;
        }
        let d = Drill::start(&asked)?;
        if d.question().is_none() {
            return Err(no_positions(&asked));
        }
        d
    };
    let mut run = Run {
        store,
        name,
        again: args.again,
        timer: args.minutes.map(Timer::new),
        count: if args.minutes.is_some() || args.again { None } else { Some(asked.count) },
    };
    if args.json { json(&mut drill, &mut run, ui) } else { terminal(&mut drill, &mut run, ui) }
}

/// What goes with a run: where attempts are kept and under what name,
/// whether missed positions come back, the clock of a timed run.
struct Run {
    store: Store,
    name: String,
    again: bool,
    timer: Option<Timer>,
    count: Option<usize>,
}

impl Run {
    /// Answers, and after the discard keeps the attempt (and in a replay
    /// puts a position missed again back at the end).
    fn answer(&mut self, drill: &mut Drill, answer: Answer, took: std::time::Duration) -> Result<Graded> {
        let position = drill.position().cloned();
        let g = drill.answer(answer, took)?;
        if let Some(t) = &mut self.timer {
            t.after(&g);
        }
        if g.ask == Ask::Discard
            && let Some(p) = position
        {
            let grades: Vec<Graded> =
                drill.graded().iter().filter(|x| x.number == g.number && x.id == g.id).cloned().collect();
            record(&self.store, &self.name, &p, &grades, super::now())?;
            if self.again && !grades.iter().all(Graded::right) {
                drill.again(p);
            }
        }
        Ok(g)
    }

    /// Whether the run goes on to another position.
    fn goes_on(&self) -> bool {
        self.timer.is_none_or(|t| !t.over())
    }
}

fn no_positions(asked: &Asked) -> Error {
    Error::data(format!(
        "no position worth drilling was found in {} rounds dealt",
        asked.count * three13_core::play::drill::TRIES_EACH
    ))
    .with_hint("leave out --theme or --round, or try another --seed")
}

fn out_line(ui: &mut Ui, line: &str) -> Result<()> {
    writeln!(ui.out, "{line}").and_then(|()| ui.out.flush()).map_err(Error::from)
}

/// The JSON lines protocol of docs/drill.md.
fn json(drill: &mut Drill, run: &mut Run, ui: &mut Ui) -> Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut asked_at = Stopwatch::start();
    if let Some(q) = drill.question() {
        out_line(ui, &view::question_json(&q))?;
    }
    let mut line = String::new();
    while drill.question().is_some() {
        line.clear();
        if input.read_line(&mut line).map_err(Error::from)? == 0 {
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        let answer = serde_json::from_str::<serde_json::Value>(line.trim())
            .ok()
            .and_then(|v| v.get("answer").and_then(|a| a.as_str().map(str::to_string)))
            .ok_or_else(|| {
                Error::usage("an answer is a JSON line like {\"answer\": \"take\"}")
                    .with_hint("answer \"take\", \"draw\" or a card of the hand like \"Kd\"")
            })
            .and_then(|text| {
                let rules = drill.position().expect("a question").rules;
                Answer::parse(&text, &rules)
            });
        let graded = answer.and_then(|a| run.answer(drill, a, asked_at.elapsed()));
        match graded {
            Ok(g) => {
                out_line(ui, &view::grade_json(&g))?;
                if g.ask == Ask::Discard && !run.goes_on() {
                    break;
                }
                if let Some(q) = drill.question() {
                    out_line(ui, &view::question_json(&q))?;
                    asked_at = Stopwatch::start();
                }
            }
            Err(e) => out_line(ui, &view::error_json(&e))?,
        }
    }
    out_line(ui, &view::summary_json(&drill.summary()))
}

/// The terminal: each question shown and asked, each grade said, the
/// summary at the end. Where nobody can answer at a prompt, the answers
/// are read from stdin a line each.
fn terminal(drill: &mut Drill, run: &mut Run, ui: &mut Ui) -> Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    while let Some(q) = drill.question() {
        if q.ask == Ask::TakeOrDraw && !run.goes_on() {
            writeln!(ui.out, "Time is up.").map_err(Error::from)?;
            break;
        }
        let text = view::question_text(ui, &q, run.count);
        write!(ui.out, "{text}").and_then(|()| ui.out.flush()).map_err(Error::from)?;
        let started = Stopwatch::start();
        let typed = if ui.can_prompt {
            match ui.input(&view::prompt(&q), false) {
                Ok(t) => t,
                Err(e) if e.is_said() => break,
                Err(e) => return Err(e),
            }
        } else {
            let mut line = String::new();
            if input.read_line(&mut line).map_err(Error::from)? == 0 {
                break;
            }
            writeln!(ui.out, "{}: {}", view::prompt(&q), line.trim()).map_err(Error::from)?;
            line
        };
        let rules = drill.position().expect("a question").rules;
        match Answer::parse(&typed, &rules).and_then(|a| run.answer(drill, a, started.elapsed())) {
            Ok(g) => {
                let text = view::grade_text(ui, &g);
                write!(ui.out, "{text}").map_err(Error::from)?;
                if let Some(t) = run.timer {
                    writeln!(ui.out, "  {} left, {} right in a row", view::clock(t.left()), t.combo())
                        .map_err(Error::from)?;
                }
                if g.ask == Ask::Discard {
                    writeln!(ui.out).map_err(Error::from)?;
                }
            }
            Err(e) => {
                ui.out.flush().map_err(Error::from)?;
                ui.error(&e);
            }
        }
    }
    let text = view::summary_text(ui, &drill.summary());
    write!(ui.out, "{text}").and_then(|()| ui.out.flush()).map_err(Error::from)
}
