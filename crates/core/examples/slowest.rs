//! Hunts for the hand that takes longest to analyse: hill-climbing over
//! the rules, the round, the hand and the melds on the table, timing the
//! full analysis `three13 check` runs (`analysis::analyse`: the hand laid
//! down, and every discard with its outs, or every out; on the last turn,
//! with table melds, every discard's deadwood alone) with a fresh
//! solver, each hand the quickest of three runs (so a run preempted by
//! another process is run again).
//!
//! `cargo run --release -p three13-core --example slowest -- [CLIMBS] [STEPS] [SEED] [out|N]`
//! prints each climb's slowest hand as a `three13 check` command line,
//! and at the end the three slowest, each timed again. The table melds go up to as
//! many as `check` takes; with `out`, up to as many as the player out
//! lays down (one for every three cards the round deals); with a number,
//! up to that many. With `FREE=1` in the environment, only rules with
//! wilds free (no half-wild limit) are tried, with `HALF=1` only rules
//! under the half-wild limit; with `SIZE=before` only
//! hands of the round's size (before the draw), with `SIZE=after` only
//! hands holding the card drawn.
//!
//! `… -- one PRESET 'KEY=VALUE,…' ROUND 'MELD|…' 'HAND' [N]` times one
//! hand, the quickest of `N`; with `PHASES=1` each phase of the analysis
//! apart, and with `PER=1` besides each discard's deadwood apart;
//! `APART=1` asks each discard apart where the one search for every
//! discard would answer.

use std::time::{Duration, Instant};
use three13_core::analysis::{Ask, analyse_with};
use three13_core::card::{Card, Rank};
use three13_core::hand::parse_hand;
use three13_core::rules::{Deal, Rules};
use three13_core::solver::{MAX_TABLE_MELDS, Solver, Table};

/// xorshift64*: small, fast, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// The settings a climb may change, with the values each may take.
const SETTINGS: [(&str, &[&str]); 9] = [
    ("half_wild", &["false", "true"]),
    ("all_wild_melds", &["false", "true"]),
    ("lay_off", &["false", "true"]),
    ("ace_high", &["false", "true"]),
    ("jokers", &["0", "1", "2"]),
    ("extra_rounds", &["0", "1", "2"]),
    ("kings_wild", &["false", "true"]),
    ("decks", &["2", "3"]),
    ("wild_value", &["face", "20"]),
];

const PRESETS: [&str; 4] = ["standard", "tens", "strict", "five-crowns"];

/// One point of the search: the rules, the round, the table and the hand.
#[derive(Clone)]
struct Point {
    preset: &'static str,
    settings: Vec<(&'static str, &'static str)>,
    rules: Rules,
    deal: Deal,
    onto: Vec<Vec<Card>>,
    hand: Vec<Card>,
}

impl Point {
    fn command(&self) -> String {
        let mut line = format!("three13 check --rules {}", self.preset);
        for (k, v) in &self.settings {
            line += &format!(" --set {k}={v}");
        }
        line += &format!(" --round {}", self.deal.round);
        for m in &self.onto {
            let text: Vec<String> = m.iter().map(|c| c.ascii()).collect();
            line += &format!(" --onto '{}'", text.join(" "));
        }
        let text: Vec<String> = self.hand.iter().map(|c| c.ascii()).collect();
        line + &format!(" '{}'", text.join(" "))
    }
}

/// Every physical card of the decks, jokers included.
fn shoe(rules: &Rules) -> Vec<Card> {
    let mut cards = Vec::new();
    for _ in 0..rules.decks() {
        cards.extend(rules.deck().cards());
    }
    cards.extend(std::iter::repeat_n(Card::JOKER, rules.copies(Card::JOKER)));
    cards
}

/// The shoe less `cards`.
fn less(mut shoe: Vec<Card>, cards: &[Card]) -> Vec<Card> {
    for c in cards {
        if let Some(i) = shoe.iter().position(|s| s == c) {
            shoe.swap_remove(i);
        }
    }
    shoe
}

fn rules_of(rng: &mut Rng) -> (&'static str, Vec<(&'static str, &'static str)>, Rules) {
    let free = std::env::var_os("FREE").is_some();
    let half = std::env::var_os("HALF").is_some();
    loop {
        let preset = PRESETS[rng.below(PRESETS.len())];
        let mut rules = Rules::preset(preset).expect("a preset");
        let mut settings = Vec::new();
        for (key, values) in SETTINGS {
            if rng.chance(35) {
                let v = values[rng.below(values.len())];
                if rules.set(key, v).is_ok() {
                    settings.push((key, v));
                }
            }
        }
        if (free && rules.half_wild()) || (half && !rules.half_wild()) {
            continue;
        }
        if rules.check().is_ok() {
            return (preset, settings, rules);
        }
    }
}

/// A random valid meld from `pool`, a wild in it now and then.
fn table_meld(rng: &mut Rng, rules: &Rules, wild: Rank, pool: &[Card]) -> Option<Vec<Card>> {
    let deck = rules.deck();
    let ranks: Vec<Rank> = deck.ranks().collect();
    let suits = deck.suits();
    let mut meld = Vec::new();
    if rng.chance(50) {
        let r = ranks[rng.below(ranks.len())];
        for _ in 0..3 + rng.below(2) {
            meld.push(Card::new(r, suits[rng.below(suits.len())]));
        }
    } else {
        let s = suits[rng.below(suits.len())];
        let len = 3 + rng.below(3);
        if ranks.len() < len {
            return None;
        }
        let from = rng.below(ranks.len() - len + 1);
        meld.extend(ranks[from..from + len].iter().map(|&r| Card::new(r, s)));
    }
    let wilds: Vec<Card> = pool.iter().copied().filter(|&c| rules.is_wild(c, wild)).collect();
    if rng.chance(40) && !wilds.is_empty() {
        let i = rng.below(meld.len());
        meld[i] = wilds[rng.below(wilds.len())];
    }
    let mut left = pool.to_vec();
    for c in &meld {
        let i = left.iter().position(|l| l == c)?;
        left.swap_remove(i);
    }
    Table::new(rules, wild).with_onto(vec![meld.clone()]).ok()?;
    Some(meld)
}

/// How many table melds a hunt tries.
#[derive(Clone, Copy)]
enum Melds {
    /// As many as `check` takes, so that no input is left unsearched.
    Check,
    /// As many as the player out of the round lays down (docs/rules.md,
    /// "The last turns"), one for every three cards the round deals.
    Out,
    /// At most this many.
    AtMost(usize),
}

/// The most table melds a hand is checked against.
fn most_melds(deal: &Deal, melds: Melds) -> usize {
    match melds {
        Melds::Check => MAX_TABLE_MELDS,
        Melds::Out => deal.cards / 3,
        Melds::AtMost(n) => n.min(MAX_TABLE_MELDS),
    }
}

fn random_point(rng: &mut Rng, melds: Melds) -> Point {
    let (preset, settings, rules) = rules_of(rng);
    let deals = rules.deals();
    // The larger rounds are the slow ones, mostly.
    let deal = deals[deals.len() - 1 - rng.below(deals.len().min(5))];
    let mut onto = Vec::new();
    if rules.lay_off() {
        let mut pool = shoe(&rules);
        for _ in 0..rng.below(most_melds(&deal, melds) + 1) {
            if let Some(m) = table_meld(rng, &rules, deal.wild, &pool) {
                pool = less(pool, &m);
                onto.push(m);
            }
        }
    }
    let mut pool = less(shoe(&rules), &onto.concat());
    // `SIZE=before` or `SIZE=after`: only hands before the draw, or after.
    let n = deal.cards
        + match std::env::var("SIZE").as_deref() {
            Ok("before") => 0,
            Ok("after") => 1,
            _ => rng.below(2),
        };
    for i in 0..n {
        let j = i + rng.below(pool.len() - i);
        pool.swap(i, j);
    }
    pool.truncate(n);
    Point { preset, settings, rules, deal, onto, hand: pool }
}

/// A neighbour of `p`: a card of the hand changed (often for one near
/// another card of the hand), a table meld changed, added or removed.
fn neighbour(rng: &mut Rng, p: &Point, melds: Melds) -> Point {
    let mut q = p.clone();
    let wild = q.deal.wild;
    let roll = rng.below(100);
    if roll < 12 && q.rules.lay_off() {
        let pool = less(shoe(&q.rules), &[q.hand.clone(), q.onto.concat()].concat());
        if let Some(m) = table_meld(rng, &q.rules, wild, &pool) {
            if q.onto.is_empty() || (q.onto.len() < most_melds(&q.deal, melds) && rng.chance(30)) {
                q.onto.push(m);
            } else {
                let i = rng.below(q.onto.len());
                q.onto[i] = m;
            }
        }
        return q;
    }
    if roll < 15 && !q.onto.is_empty() {
        let i = rng.below(q.onto.len());
        q.onto.remove(i);
        return q;
    }
    for _ in 0..1 + rng.below(2) {
        let pool = less(shoe(&q.rules), &[q.hand.clone(), q.onto.concat()].concat());
        let i = rng.below(q.hand.len());
        let near = q.hand[rng.below(q.hand.len())];
        let wanted: Vec<Card> = pool
            .iter()
            .copied()
            .filter(|&c| match (c.rank(), c.suit(), near.rank(), near.suit()) {
                (Some(r), Some(s), Some(nr), Some(ns)) => {
                    r == nr || (s == ns && r.number().abs_diff(nr.number()) <= 2)
                }
                _ => false,
            })
            .collect();
        let c = if !wanted.is_empty() && rng.chance(60) {
            wanted[rng.below(wanted.len())]
        } else if rng.chance(15) {
            let wilds: Vec<Card> = pool.iter().copied().filter(|&c| q.rules.is_wild(c, wild)).collect();
            if wilds.is_empty() { pool[rng.below(pool.len())] } else { wilds[rng.below(wilds.len())] }
        } else {
            pool[rng.below(pool.len())]
        };
        q.hand[i] = c;
    }
    q
}

/// The quickest of three full analyses, each with a fresh solver.
fn time(p: &Point) -> Duration {
    let table = Table::new(&p.rules, p.deal.wild).with_onto(p.onto.clone()).expect("table melds");
    (0..3)
        .map(|_| {
            let mut solver = Solver::new();
            let start = Instant::now();
            std::hint::black_box(analyse_with(&mut solver, &p.hand, &p.deal, &table, &[], Ask::default()));
            start.elapsed()
        })
        .min()
        .expect("three runs")
}

/// `slowest one PRESET SETTINGS ROUND ONTO HAND [TIMES]`: times one hand
/// (settings `key=value,…`, table melds `cards|cards`, both may be empty),
/// for a profiler.
fn one(args: &[String]) {
    let mut rules = Rules::preset(&args[0]).expect("a preset");
    let mut settings = Vec::new();
    for kv in args[1].split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').expect("key=value");
        rules.set(k, v).expect("a setting");
        let key = SETTINGS.iter().find(|s| s.0 == k).expect("a setting searched").0;
        let value = SETTINGS.iter().flat_map(|s| s.1.iter()).find(|x| **x == v).expect("a value");
        settings.push((key, *value));
    }
    let deal = rules.deal(args[2].parse().expect("a round")).expect("a round of the rules");
    let cards = |text: &str| parse_hand(text, &rules).expect("cards");
    let onto: Vec<Vec<Card>> = args[3].split('|').filter(|s| !s.is_empty()).map(cards).collect();
    let hand = cards(&args[4]);
    let times: usize = args.get(5).and_then(|t| t.parse().ok()).unwrap_or(1);
    let preset = PRESETS.iter().find(|p| **p == args[0]).expect("a preset");
    let p = Point { preset, settings, rules, deal, onto, hand };
    let mut best = Duration::MAX;
    for _ in 0..times {
        best = best.min(time(&p));
    }
    println!("{best:.2?}  {}", p.command());
    if std::env::var_os("PHASES").is_some() {
        // Each phase of the analysis, the quickest of `times` runs with a
        // fresh solver: the hand loaded (the look at the order) and laid
        // down; after the draw the deadwood after every discard, and
        // where a draw follows (no table melds) the outs after every
        // discard; before it the outs of the hand.
        let table = Table::new(&p.rules, p.deal.wild).with_onto(p.onto.clone()).expect("table melds");
        let mut sorted = p.hand.clone();
        sorted.sort();
        let after_draw = sorted.len() > p.deal.cards;
        let last = !p.onto.is_empty() && p.rules.lay_off();
        let mut best = [Duration::MAX; 3];
        for _ in 0..times {
            let mut solver = Solver::new();
            let start = Instant::now();
            // Loaded as `check` loads it: on the last turn in the order
            // for the deadwood, before the draw for the hand's own.
            if last && after_draw {
                solver.load_for_deadwood(&sorted, &table);
            } else if last {
                solver.load_for_least(&sorted, &table);
            } else {
                solver.load(&sorted, &table);
            }
            solver.solve_less(&[]);
            let solve = start.elapsed();
            let (mut dead, mut outs) = (Duration::ZERO, Duration::ZERO);
            let mut seen = Vec::new();
            // Decided once, as `check` decides it.
            let at_once = solver.every_discard_at_once() && std::env::var_os("APART").is_none();
            for &c in sorted.iter().filter(|_| after_draw) {
                if seen.contains(&c) {
                    continue;
                }
                seen.push(c);
                let start = Instant::now();
                if at_once {
                    solver.deadwood_after(c);
                } else {
                    solver.deadwood_less(&[c]);
                }
                dead += start.elapsed();
                if std::env::var_os("PER").is_some() {
                    eprintln!("  {} {:.2?}", c.ascii(), start.elapsed());
                }
                if !last {
                    let start = Instant::now();
                    solver.outs_less(&[c]);
                    outs += start.elapsed();
                }
            }
            if !after_draw {
                let start = Instant::now();
                solver.outs_less(&[]);
                outs += start.elapsed();
            }
            for (b, t) in best.iter_mut().zip([solve, dead, outs]) {
                *b = (*b).min(t);
            }
        }
        println!("laid down {:.2?}, deadwood {:.2?}, outs {:.2?}", best[0], best[1], best[2]);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "one") {
        return one(&args[1..]);
    }
    let arg =
        |i: usize, default: u64| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let climbs = arg(1, 40) as usize;
    let steps = arg(2, 300) as usize;
    let mut rng = Rng(arg(3, 0x0313_1303_1331_3113) | 1);
    let melds = match args.get(3).map(String::as_str) {
        Some("out") => Melds::Out,
        Some(n) => Melds::AtMost(n.parse().expect("`out` or the most table melds")),
        None => Melds::Check,
    };
    let mut ends: Vec<Point> = Vec::new();
    for climb in 0..climbs {
        // The climb starts from the best of a few random points.
        let mut at = random_point(&mut rng, melds);
        let mut t = time(&at);
        for _ in 0..20 {
            let p = random_point(&mut rng, melds);
            let tp = time(&p);
            if tp > t {
                (at, t) = (p, tp);
            }
        }
        for _ in 0..steps {
            let q = neighbour(&mut rng, &at, melds);
            let tq = time(&q);
            if tq >= t {
                (at, t) = (q, tq);
            }
        }
        eprintln!("climb {climb}: {t:.2?}  {}", at.command());
        ends.push(at);
    }
    // Each climb's end timed again, the quickest of three times three
    // runs, so that a run slowed by other work does not make the slowest.
    let mut again: Vec<(Duration, Point)> =
        ends.into_iter().map(|p| ((0..3).map(|_| time(&p)).min().expect("three"), p)).collect();
    again.sort_by_key(|(t, _)| std::cmp::Reverse(*t));
    for (t, p) in again.iter().take(3) {
        println!("{t:.2?}  {}", p.command());
    }
}
