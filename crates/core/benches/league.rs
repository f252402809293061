//! How long a season takes to work out from its finished games: the
//! standings, every game's ratings in the order played, the evenings and
//! the records, over 1,000 finished games of four to six players drawn
//! from a pool of twelve (from a fixed seed: every run times the same).
//!
//! `cargo bench -p three13-core --bench league`.

use jiff::Timestamp;
use three13_core::league::{Played, Settings, league};
use three13_core::rules::Rules;
use three13_core::sheet::{RoundRecord, Session};

fn main() {
    divan::main();
}

/// The finished games of a busy club's year.
fn games(count: usize) -> Vec<Session> {
    let pool = ["Ann", "Bob", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"];
    let mut rng = fastrand::Rng::with_seed(13);
    (0..count)
        .map(|i| {
            let n = rng.usize(4..=6);
            let start = rng.usize(0..pool.len());
            let players: Vec<String> =
                (0..n).map(|k| pool[(start + k * 5) % pool.len()].to_string()).collect();
            let at = Timestamp::from_second(1_767_225_600 + i as i64 * 30_000).expect("a time");
            let mut s = Session::new(&format!("g{i}"), players, 0, Rules::default(), at).expect("a game");
            for _ in 0..11 {
                let mut deadwood: Vec<u32> = (0..n).map(|_| rng.u32(0..25)).collect();
                let out = rng.usize(0..n);
                deadwood[out] = 0;
                let mut record = RoundRecord::from_deadwood(deadwood);
                record.out = Some(out);
                s.add_round(record, at).expect("a round");
            }
            s
        })
        .collect()
}

#[divan::bench(args = [100, 1000])]
fn season(bencher: divan::Bencher, count: usize) {
    let games = games(count);
    let played: Vec<Played<'_>> = games
        .iter()
        .map(|s| Played { session: s, day: s.updated().to_zoned(jiff::tz::TimeZone::UTC).date() })
        .collect();
    bencher.bench(|| league(divan::black_box(&played), &Settings::default()));
}
