//! `three13 sim`: rounds played out by policies, seat 0's points compared
//! on the same deals, with 95% intervals; every deal and turn as JSON
//! lines on request (docs/sim-log.md).

use std::io::{IsTerminal, Write};

use rayon::prelude::*;
use serde_json::json;

use crate::cli::{PolicyName, SimArgs};
use crate::error::{Error, Result};
use crate::ui::Ui;
use three13_core::card::Card;
use three13_core::play::stats::{Interval, paired};
use three13_core::play::{
    AlwaysDraw, Chance, Coach, Dealt, Greedy, Played, Policy, Random, Source, deal, mix, play, shoe,
};
use three13_core::rules::{Deal, Rules};
use three13_core::solver::Solver;

/// Deals played between two looks at the progress bar (and the log).
const CHUNK: usize = 64;

/// The runs long enough for a progress bar: this many rounds played.
const LONG_RUN: u64 = 20_000;

impl PolicyName {
    pub(crate) fn word(self) -> &'static str {
        match self {
            PolicyName::Random => "random",
            PolicyName::Greedy => "greedy",
            PolicyName::Draw => "draw",
            PolicyName::Chance => "chance",
            PolicyName::Coach => "coach",
        }
    }

    fn make(self, budget: usize, seed: u64) -> Box<dyn Policy + Send> {
        match self {
            PolicyName::Random => Box::new(Random),
            PolicyName::Greedy => Box::new(Greedy),
            PolicyName::Draw => Box::new(AlwaysDraw),
            PolicyName::Chance => Box::new(Chance),
            PolicyName::Coach => Box::new(Coach::new(budget, seed)),
        }
    }
}

/// One round's figures: seat 0's mean points playing each policy and
/// the paired difference.
struct Row {
    deal: Deal,
    deals: usize,
    policy: Interval,
    against: Interval,
    diff: Interval,
}

/// The seed of deal `i` of round `round`.
fn deal_seed(seed: u64, round: usize, i: usize) -> u64 {
    mix(mix(seed, round as u64), i as u64)
}

/// Plays deal `i` of `d` twice: seat 0 playing `a`, then `b`; the others `b`.
fn both(solver: &mut Solver, args: &SimArgs, rules: &Rules, d: Deal, i: usize) -> (Played, Played) {
    let players = args.players as usize;
    let seed = deal_seed(args.seed, d.round, i);
    let dealer = (i + d.round - 1) % players;
    let dealt = deal(rules, d, players, dealer, &mut fastrand::Rng::with_seed(seed)).expect("decks checked");
    let mut pass = |first: PolicyName| {
        let mut seats: Vec<Box<dyn Policy + Send>> = (0..players)
            .map(|s| if s == 0 { first } else { args.against }.make(args.budget, mix(seed, 100 + s as u64)))
            .collect();
        let mut policies: Vec<&mut dyn Policy> =
            seats.iter_mut().map(|b| &mut **b as &mut dyn Policy).collect();
        play(solver, rules, &dealt, &mut policies, &mut fastrand::Rng::with_seed(mix(seed, 7)))
    };
    let a = pass(args.policy);
    let b = pass(args.against);
    (a, b)
}

fn ascii(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.ascii()).collect()
}

/// The log's lines for one pass of one deal.
fn log_lines(out: &mut impl Write, i: usize, pass: &str, p: &Played) -> std::io::Result<()> {
    let d: &Dealt = &p.dealt;
    let line = json!({
        "deal": i,
        "pass": pass,
        "round": d.deal.round,
        "dealer": d.dealer,
        "hands": d.hands.iter().map(|h| ascii(h)).collect::<Vec<_>>(),
        "stock": ascii(&d.stock),
        "face_up": d.face_up.map(Card::ascii),
    });
    writeln!(out, "{line}")?;
    for t in &p.turns {
        let draw = match t.draw {
            Source::Stock => "stock",
            Source::FaceUp => "face_up",
        };
        let line = json!({
            "deal": i, "pass": pass, "seat": t.seat, "draw": draw,
            "card": t.card.ascii(), "discard": t.discard.ascii(), "out": t.out,
        });
        writeln!(out, "{line}")?;
    }
    let line = json!({
        "deal": i, "pass": pass, "end": true,
        "hands": p.hands.iter().map(|h| ascii(h)).collect::<Vec<_>>(),
        "scores": p.scores, "out": p.out,
    });
    writeln!(out, "{line}")
}

pub(crate) fn run(args: &SimArgs, ui: &mut Ui) -> Result<()> {
    let rules = super::resolve_rules(&args.rules, None)?;
    let players = args.players as usize;
    let deals: Vec<Deal> = match args.round {
        Some(r) => vec![rules.deal(r).ok_or_else(|| {
            Error::usage(format!(
                "no round {r} in these rules: they have rounds 1 to {}",
                rules.deals().len()
            ))
            .with_hint("name one with --round, or leave it out to play every round")
        })?],
        None => rules.deals(),
    };
    let largest = deals.iter().map(|d| d.cards).max().unwrap_or(0);
    let cards = shoe(&rules).len();
    if cards < players * largest + 1 {
        return Err(Error::usage(format!(
            "the decks hold {cards} cards, too few to deal {largest} to each of {players} players \
             and turn one face up"
        ))
        .with_hint("add decks with --set decks=N, or play with fewer players"));
    }
    let n = args.deals as usize;
    let mut log = match &args.log {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| Error::data(format!("cannot write the log {}: {e}", path.display())))?,
        )),
        None => None,
    };
    let work = (n * deals.len()) as u64 * if args.policy == PolicyName::Coach { 1000 } else { 1 };
    let bar = (std::io::stderr().is_terminal() && work >= LONG_RUN).then(|| {
        let bar = indicatif::ProgressBar::new((n * deals.len()) as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {eta} left")
                .expect("a progress template"),
        );
        bar
    });
    let mut rows = Vec::new();
    let mut games_a = vec![0.0; n];
    let mut games_b = vec![0.0; n];
    for &d in &deals {
        let mut a_points = Vec::with_capacity(n);
        let mut b_points = Vec::with_capacity(n);
        for start in (0..n).step_by(CHUNK) {
            let end = (start + CHUNK).min(n);
            let played: Vec<(Played, Played)> = (start..end)
                .into_par_iter()
                .map_init(Solver::new, |solver, i| both(solver, args, &rules, d, i))
                .collect();
            for (k, (a, b)) in played.iter().enumerate() {
                let i = start + k;
                if let Some(log) = log.as_mut() {
                    let written =
                        log_lines(log, i, "policy", a).and_then(|()| log_lines(log, i, "against", b));
                    written.map_err(|e| Error::data(format!("cannot write the log: {e}")))?;
                }
                a_points.push(a.scores[0] as f64);
                b_points.push(b.scores[0] as f64);
                games_a[i] += a.scores[0] as f64;
                games_b[i] += b.scores[0] as f64;
            }
            if let Some(bar) = &bar {
                bar.inc((end - start) as u64);
            }
        }
        rows.push(Row {
            deal: d,
            deals: n,
            policy: Interval::of(&a_points),
            against: Interval::of(&b_points),
            diff: Interval::of(&paired(&a_points, &b_points)),
        });
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(mut log) = log {
        log.flush().map_err(|e| Error::data(format!("cannot write the log: {e}")))?;
    }
    if args.json {
        writeln!(ui.out, "{}", json_report(args, &rows))?;
        return Ok(());
    }
    let game = (deals.len() > 1)
        .then(|| (Interval::of(&games_a), Interval::of(&games_b), Interval::of(&paired(&games_a, &games_b))));
    write!(ui.out, "{}", text_report(args, &rules, &rows, game))?;
    Ok(())
}

/// A number to three decimals, for JSON.
fn three(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// A mean and its interval, for JSON, in that order.
#[derive(serde::Serialize)]
struct IntervalJson {
    mean: f64,
    low: f64,
    high: f64,
}

fn interval_json(i: &Interval) -> IntervalJson {
    IntervalJson { mean: three(i.mean), low: three(i.low), high: three(i.high) }
}

#[derive(serde::Serialize)]
struct RoundJson {
    round: usize,
    deals: usize,
    policy: IntervalJson,
    against: IntervalJson,
    diff: IntervalJson,
}

#[derive(serde::Serialize)]
struct SimJson {
    seed: u64,
    players: u16,
    rounds: Vec<RoundJson>,
}

fn json_report(args: &SimArgs, rows: &[Row]) -> String {
    let report = SimJson {
        seed: args.seed,
        players: args.players,
        rounds: rows
            .iter()
            .map(|r| RoundJson {
                round: r.deal.round,
                deals: r.deals,
                policy: interval_json(&r.policy),
                against: interval_json(&r.against),
                diff: interval_json(&r.diff),
            })
            .collect(),
    };
    serde_json::to_string(&report).expect("figures serialise")
}

/// A mean and the half-width of its interval: `12.30 ± 0.41`.
fn pm(i: &Interval) -> String {
    format!("{:.2} ± {:.2}", i.mean, i.half())
}

fn text_report(
    args: &SimArgs,
    rules: &Rules,
    rows: &[Row],
    game: Option<(Interval, Interval, Interval)>,
) -> String {
    let (a, b) = (args.policy.word(), args.against.word());
    let mut out = String::new();
    let coach = if args.policy == PolicyName::Coach || args.against == PolicyName::Coach {
        format!(", the coach {} deals an option", args.budget)
    } else {
        String::new()
    };
    out.push_str(&format!(
        "{} ({}), {} players, {} deals a round, seed {}{coach}\n",
        rules.game().name(),
        rules.summary(),
        args.players,
        args.deals,
        args.seed
    ));
    out.push_str(&format!(
        "Seat 0 plays {a}, then {b}, on the same deals; the others play {b}.\n\
         Seat 0's points at the end of the round, with 95% intervals:\n\n"
    ));
    let diff = format!("{a} - {b}");
    out.push_str(&format!("{:>5}  {:>5}  {:>15}  {:>15}  {:>15}\n", "round", "cards", a, b, diff));
    for r in rows {
        out.push_str(&format!(
            "{:>5}  {:>5}  {:>15}  {:>15}  {:>15}\n",
            r.deal.round,
            r.deal.cards,
            pm(&r.policy),
            pm(&r.against),
            pm(&r.diff)
        ));
    }
    if let Some((ga, gb, gd)) = game {
        out.push_str(&format!(
            "{:>5}  {:>5}  {:>15}  {:>15}  {:>15}\n",
            "game",
            "",
            pm(&ga),
            pm(&gb),
            pm(&gd)
        ));
    }
    let verdict = rows.iter().filter(|r| !r.diff.holds_zero()).count();
    out.push_str(&format!(
        "\nNegative: seat 0 scores fewer points playing {a} than playing {b}.\n{verdict} of {} rounds differ \
         beyond the noise.\n",
        rows.len()
    ));
    out
}
