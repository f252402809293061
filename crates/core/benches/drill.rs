//! How fast positions worth drilling are generated.
//!
//! `cargo bench -p three13-core --bench drill`. One position is the next
//! one kept from a fixed seed: candidates dealt and played by greedy
//! players to a turn drawn, each judged by the points coach (take or draw,
//! then the discard after the better of them, `BUDGET` deals an option)
//! until one has an answer better than the second by the margin. Every
//! run times the same candidates; `tried` after each sample is printed
//! once at the end, for the share of candidates kept.

use std::sync::atomic::{AtomicUsize, Ordering};

use divan::Bencher;
use three13_core::play::drill::{TRIES_EACH, Wanted, candidate, next};
use three13_core::play::mix;
use three13_core::rules::Rules;

fn main() {
    divan::main();
    let (kept, tried) = (KEPT.load(Ordering::Relaxed), TRIED.load(Ordering::Relaxed));
    if tried > 0 {
        eprintln!(
            "positions kept: {kept} of {tried} candidates ({:.0}%)",
            100.0 * kept as f64 / tried as f64
        );
    }
}

/// The coach's deals an option, as `three13 drill` uses by default.
const BUDGET: usize = 200;

static KEPT: AtomicUsize = AtomicUsize::new(0);
static TRIED: AtomicUsize = AtomicUsize::new(0);

fn position(bencher: Bencher, rules: Rules, round: usize) {
    let wanted = Wanted { round: Some(round), budget: BUDGET, ..Wanted::new(rules) };
    let mut k = 0u64;
    bencher.bench_local(|| {
        k += 1;
        let mut tried = 0;
        let p = next(&wanted, mix(11, k), &mut tried, TRIES_EACH);
        KEPT.fetch_add(usize::from(p.is_some()), Ordering::Relaxed);
        TRIED.fetch_add(tried, Ordering::Relaxed);
        p
    });
}

/// The next position kept, Three Thirteen, 2 to 4 players.
#[divan::bench(args = [2, 7, 11], sample_count = 5, sample_size = 1)]
fn drill_position(bencher: Bencher, round: usize) {
    position(bencher, Rules::default(), round);
}

/// The same, Five Crowns.
#[divan::bench(args = [2, 7, 11], sample_count = 5, sample_size = 1)]
fn drill_position_five_crowns(bencher: Bencher, round: usize) {
    position(bencher, Rules::preset("five-crowns").unwrap(), round);
}

/// A candidate alone: dealt and played to its turn, not judged.
#[divan::bench(args = [2, 7, 11], sample_count = 50)]
fn drill_candidate(bencher: Bencher, round: usize) {
    let wanted = Wanted { round: Some(round), ..Wanted::new(Rules::default()) };
    let mut k = 0u64;
    bencher.bench_local(|| {
        k += 1;
        candidate(&wanted, mix(12, k))
    });
}
