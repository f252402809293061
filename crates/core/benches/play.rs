//! How fast a round is played out and how fast the points coach answers.
//!
//! `cargo bench -p three13-core --bench play`. A greedy round is one deal
//! of round 11 (4 players) played to its end, on one core; the coach's
//! answers are `check --points` of a hand after the draw (every discard
//! estimated until each difference from the best is known within
//! `WITHIN` points, `BUDGET` deals an option at most, options clearly
//! worse dropped) and of the take-or-draw decision, on every core. The deals
//! come from fixed seeds: every run times the same ones.

use divan::Bencher;
use three13_core::play::{Dealt, Greedy, Policy, Source, State, deal, estimate_within, mix, play};
use three13_core::rules::Rules;
use three13_core::solver::Solver;

fn main() {
    divan::main();
}

/// The most deals an option, and the half-width wanted, as `check
/// --points` asks by default.
const BUDGET: usize = 5000;
const WITHIN: f64 = 0.5;

fn dealt(rules: &Rules, round: usize, players: usize, seed: u64) -> Dealt {
    let d = rules.deal(round).unwrap();
    deal(rules, d, players, players - 1, &mut fastrand::Rng::with_seed(seed)).unwrap()
}

fn greedy_round(bencher: Bencher, rules: Rules) {
    let mut k = 0u64;
    let mut solver = Solver::new();
    bencher.bench_local(|| {
        k += 1;
        let d = dealt(&rules, 11, 4, mix(1, k));
        let mut g = [Greedy; 4];
        let mut p: Vec<&mut dyn Policy> = g.iter_mut().map(|x| x as &mut dyn Policy).collect();
        play(&mut solver, &rules, &d, &mut p, &mut fastrand::Rng::with_seed(k))
    });
}

/// A greedy 4-player round-11 deal played out, Three Thirteen.
#[divan::bench(sample_count = 200)]
fn greedy_round_11(bencher: Bencher) {
    greedy_round(bencher, Rules::default());
}

/// The same, Five Crowns.
#[divan::bench(sample_count = 200)]
fn greedy_round_11_five_crowns(bencher: Bencher) {
    greedy_round(bencher, Rules::preset("five-crowns").unwrap());
}

/// `check --points` of a hand after the draw, 4 players, first turn.
#[divan::bench(args = [1, 3, 5, 8, 11], sample_count = 3, sample_size = 1)]
fn points_after_draw(bencher: Bencher, round: usize) {
    let rules = Rules::default();
    let mut k = 0u64;
    bencher.bench_local(|| {
        k += 1;
        let mut s = State::new(&rules, &dealt(&rules, round, 4, mix(2, k)));
        s.draw(Source::Stock).unwrap();
        estimate_within(&s, BUDGET, k, WITHIN, &mut |_| {})
    });
}

/// The take-or-draw decision in points of a hand before the draw.
#[divan::bench(args = [1, 5, 11], sample_count = 3, sample_size = 1)]
fn points_take_or_draw(bencher: Bencher, round: usize) {
    let rules = Rules::default();
    let mut k = 0u64;
    bencher.bench_local(|| {
        k += 1;
        let s = State::new(&rules, &dealt(&rules, round, 4, mix(3, k)));
        estimate_within(&s, BUDGET, k, WITHIN, &mut |_| {})
    });
}
