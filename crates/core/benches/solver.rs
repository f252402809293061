//! How fast the solver is, per hand, on random and dense hands, and the
//! brute force of the tests on the same hands for the ratio; how fast the
//! outs and the discard advice are (every completing card found in one
//! search), beside the previous method (a solve with a wild, then one solve
//! per card that could complete) and the plain per-candidate one (one solve
//! per card that might be drawn, per discard) on the same hands; the hands
//! near going out, the slowest families of rules, the face-up card and two
//! draws ahead.
//!
//! `cargo bench` (or `cargo bench -- solve` for some of it). Every sample is
//! one hand (`sample_size = 1`), so the median is the median over hands.
//! The hands are drawn from a fixed seed: every run times the same ones.
//! `THREE13_PERCENTILES=1 cargo bench -p three13-core --bench solver` prints
//! the 50th and 99th percentiles and the slowest hand of the advice on each
//! set instead.

use divan::Bencher;
use three13_core::analysis::{Ask, Unseen, analyse, analyse_with, discards, outs};
use three13_core::card::{Card, Rank};
use three13_core::rules::{Deal, Rules};
use three13_core::solver::{Solver, Table};

#[path = "../tests/core/brute.rs"]
mod brute;

#[path = "support/previous.rs"]
mod previous;

fn main() {
    if std::env::var_os("THREE13_PERCENTILES").is_some() {
        percentiles();
        return;
    }
    divan::main();
}

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

/// `n` cards dealt from a shuffled shoe.
fn deal_from(rng: &mut Rng, mut shoe: Vec<Card>, n: usize) -> Vec<Card> {
    for i in 0..n {
        let j = i + rng.below(shoe.len() - i);
        shoe.swap(i, j);
    }
    shoe.truncate(n);
    shoe
}

/// A hand of the round, with or without the card drawn.
struct Hand {
    cards: Vec<Card>,
    deal: Deal,
}

const ROUND_11: usize = 200;
const MIXED: usize = 1000;
const DENSE: usize = 100;

/// (a) Round 11 of the standard rules (13 cards, kings wild), half the
/// hands with the card drawn.
fn round_11() -> (Rules, Vec<Hand>) {
    let rules = Rules::default();
    let deal = rules.deal(11).expect("round 11");
    let mut rng = Rng(0x3131_3331_3333_1313);
    let hands = (0..ROUND_11)
        .map(|i| Hand { cards: deal_from(&mut rng, shoe(&rules), deal.cards + i % 2), deal })
        .collect();
    (rules, hands)
}

/// (b) Every round of the standard rules, 3 to 14 cards.
fn mixed() -> (Rules, Vec<Hand>) {
    let rules = Rules::default();
    let deals = rules.deals();
    let mut rng = Rng(0x0313_0313_0313_0313);
    let hands = (0..MIXED)
        .map(|_| {
            let deal = deals[rng.below(deals.len())];
            let n = deal.cards + rng.below(2);
            Hand { cards: deal_from(&mut rng, shoe(&rules), n), deal }
        })
        .collect();
    (rules, hands)
}

/// (c) The 15-card round (twos wild) with the card drawn, two jokers per
/// deck: 16 cards, 4 to 8 of them wild, the rest from six ranks of two
/// suits (48 cards with duplicates), so full of runs, sets and duplicates.
fn dense() -> (Rules, Vec<Hand>) {
    let rules =
        Rules::default().with("extra_rounds", "2").and_then(|r| r.with("jokers", "2")).expect("rules");
    let deal = *rules.deals().last().expect("a round");
    assert_eq!((deal.cards, deal.wild), (15, Rank::TWO));
    let mut rng = Rng(0x1616_1616_1616_1616);
    let hands = (0..DENSE)
        .map(|_| {
            let (wild, natural): (Vec<Card>, Vec<Card>) =
                shoe(&rules).into_iter().partition(|&c| rules.is_wild(c, deal.wild));
            let wilds = 4 + rng.below(5);
            let mut cards = deal_from(&mut rng, wild, wilds);
            // Six ranks from 3 up (twos are wild), two different suits.
            let base = 3 + rng.below(6) as u8;
            let first = rng.below(4);
            let suits = [first, (first + 1 + rng.below(3)) % 4];
            let pool: Vec<Card> = natural
                .into_iter()
                .filter(|c| {
                    let (r, s) = (c.rank().unwrap().number(), c.suit().unwrap().index());
                    (base..base + 6).contains(&r) && suits.contains(&s)
                })
                .collect();
            cards.extend(deal_from(&mut rng, pool, 16 - wilds));
            Hand { cards, deal }
        })
        .collect();
    (rules, hands)
}

/// The hands one after the other, as benchmark inputs.
fn cycle<'a>(hands: &'a [Hand]) -> impl FnMut() -> &'a Hand {
    let mut next = 0;
    move || {
        next += 1;
        &hands[(next - 1) % hands.len()]
    }
}

/// Checks, before timing, that the solver and the brute force agree.
fn agree(rules: &Rules, hands: &[Hand]) {
    let mut solver = Solver::new();
    for h in hands {
        let table = Table::new(rules, h.deal.wild);
        let brute = brute::deadwood(rules, h.deal.wild, &h.cards, &[]);
        assert_eq!(solver.deadwood(&h.cards, &table), brute, "{:?}", h.cards);
    }
}

/// `check`'s whole analysis of each hand.
fn bench_analyse(bencher: Bencher, (rules, hands): (Rules, Vec<Hand>)) {
    let mut solver = Solver::new();
    bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
        let table = Table::new(&rules, h.deal.wild);
        analyse(&mut solver, &h.cards, &h.deal, &table, &[])
    });
}

fn bench_solve(bencher: Bencher, (rules, hands): (Rules, Vec<Hand>)) {
    let mut solver = Solver::new();
    bencher
        .with_inputs(cycle(&hands))
        .bench_local_values(|h| solver.solve(&h.cards, &Table::new(&rules, h.deal.wild)));
}

fn bench_deadwood(bencher: Bencher, (rules, hands): (Rules, Vec<Hand>)) {
    let mut solver = Solver::new();
    bencher
        .with_inputs(cycle(&hands))
        .bench_local_values(|h| solver.deadwood(&h.cards, &Table::new(&rules, h.deal.wild)));
}

fn bench_brute(bencher: Bencher, (rules, hands): (Rules, Vec<Hand>)) {
    agree(&rules, &hands);
    bencher
        .with_inputs(cycle(&hands))
        .bench_local_values(|h| brute::deadwood(&rules, h.deal.wild, &h.cards, &[]));
}

/// The solver's deadwood, its full arrangement, and the brute force.
mod a_round_11 {
    use super::*;

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn deadwood(bencher: Bencher) {
        bench_deadwood(bencher, round_11());
    }

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn solve(bencher: Bencher) {
        bench_solve(bencher, round_11());
    }

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn analyse(bencher: Bencher) {
        bench_analyse(bencher, round_11());
    }

    #[divan::bench(sample_count = 200, sample_size = 1)]
    fn brute_force(bencher: Bencher) {
        bench_brute(bencher, round_11());
    }
}

/// The per-candidate method: every card that might be drawn, with every
/// discard after it, solved one by one.
fn outs_per_candidate(solver: &mut Solver, hand: &[Card], table: &Table, unseen: &Unseen) -> Vec<Card> {
    let rules = table.rules();
    let candidates: Vec<Card> =
        Card::deck().chain([Card::JOKER]).filter(|&c| rules.copies(c) > 0 && unseen.of(c) > 0).collect();
    if solver.goes_out(hand, table) {
        return candidates;
    }
    let mut out = Vec::new();
    let mut with = hand.to_vec();
    with.push(Card::JOKER);
    let mut rest = Vec::with_capacity(with.len());
    for card in candidates {
        *with.last_mut().expect("drawn card") = card;
        let goes = (0..with.len()).any(|i| {
            rest.clear();
            rest.extend(with.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &c)| c));
            solver.goes_out(&rest, table)
        });
        if goes {
            out.push(card);
        }
    }
    out
}

/// Hands of round 11 (standard rules) of `n` cards, from a fixed seed.
fn round_11_of(n: usize, seed: u64) -> (Rules, Vec<Hand>) {
    let rules = Rules::default();
    let deal = rules.deal(11).expect("round 11");
    let mut rng = Rng(seed);
    let hands = (0..ROUND_11).map(|_| Hand { cards: deal_from(&mut rng, shoe(&rules), n), deal }).collect();
    (rules, hands)
}

/// Outs of a 13-card hand and the advice for a 14-card hand (outs after
/// every distinct discard), each beside the previous method and the
/// per-candidate one.
mod d_outs_round_11 {
    use super::*;

    /// Checks, before timing, that the three methods give the same outs.
    fn agree(rules: &Rules, hands: &[Hand]) {
        let mut solver = Solver::new();
        for h in hands {
            let table = Table::new(rules, h.deal.wild);
            let unseen = Unseen::new(rules, &h.cards);
            let fast = outs(&mut solver, &h.cards, &table, &unseen);
            assert_eq!(fast, previous::outs(&mut solver, &h.cards, &table, &unseen), "{:?}", h.cards);
            assert_eq!(fast, outs_per_candidate(&mut solver, &h.cards, &table, &unseen), "{:?}", h.cards);
        }
    }

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn outs_13(bencher: Bencher) {
        let (rules, hands) = round_11_of(13, 0x1313_1313_1313_1313);
        agree(&rules, &hands);
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            outs(&mut solver, &h.cards, &table, &Unseen::new(&rules, &h.cards))
        });
    }

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn outs_13_previous(bencher: Bencher) {
        let (rules, hands) = round_11_of(13, 0x1313_1313_1313_1313);
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            previous::outs(&mut solver, &h.cards, &table, &Unseen::new(&rules, &h.cards))
        });
    }

    #[divan::bench(sample_count = 1000, sample_size = 1)]
    fn outs_13_per_candidate(bencher: Bencher) {
        let (rules, hands) = round_11_of(13, 0x1313_1313_1313_1313);
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            outs_per_candidate(&mut solver, &h.cards, &table, &Unseen::new(&rules, &h.cards))
        });
    }

    #[divan::bench(sample_count = 2000, sample_size = 1)]
    fn advice_14(bencher: Bencher) {
        let (rules, hands) = round_11_of(14, 0x1414_1414_1414_1414);
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            discards(&mut solver, &h.cards, &table, &Unseen::new(&rules, &h.cards))
        });
    }

    #[divan::bench(sample_count = 2000, sample_size = 1)]
    fn advice_14_previous(bencher: Bencher) {
        let (rules, hands) = round_11_of(14, 0x1414_1414_1414_1414);
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            previous::discards(&mut solver, &h.cards, &table, &Unseen::new(&rules, &h.cards))
        });
    }

    #[divan::bench(sample_count = 200, sample_size = 1)]
    fn advice_14_per_candidate(bencher: Bencher) {
        let (rules, hands) = round_11_of(14, 0x1414_1414_1414_1414);
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            let unseen = Unseen::new(&rules, &h.cards);
            let mut seen: Vec<Card> = Vec::new();
            let mut out = Vec::new();
            for (i, &card) in h.cards.iter().enumerate() {
                if seen.contains(&card) {
                    continue;
                }
                seen.push(card);
                let mut rest = h.cards.clone();
                rest.remove(i);
                let deadwood = solver.deadwood(&rest, &table);
                out.push((card, deadwood, outs_per_candidate(&mut solver, &rest, &table, &unseen)));
            }
            out
        });
    }
}

/// A hand of round 11 one or two cards from going out, with the card
/// drawn: 13 cards in melds (sets and runs, now and then a king, wild),
/// one or two of them swapped for random cards, and one card drawn.
fn near_out(rng: &mut Rng, rules: &Rules) -> Vec<Card> {
    let card = |rank: u8, suit: usize| {
        Card::new(Rank::new(rank).expect("a rank"), three13_core::card::Suit::ALL[suit])
    };
    loop {
        let mut hand: Vec<Card> = Vec::new();
        while hand.len() < 13 {
            let left = 13 - hand.len();
            let size = if left <= 5 { left.max(3) } else { 3 + rng.below(3) };
            if rng.below(2) == 0 {
                let rank = 1 + rng.below(12) as u8;
                hand.extend((0..size).map(|_| card(rank, rng.below(4))));
            } else {
                let suit = rng.below(4);
                let start = 1 + rng.below(14 - size) as u8;
                hand.extend((0..size as u8).map(|k| card(start + k, suit)));
            }
            if rng.below(4) == 0 && hand.len() > 3 {
                let at = rng.below(hand.len());
                hand[at] = card(13, rng.below(4));
            }
        }
        hand.truncate(13);
        for _ in 0..1 + rng.below(2) {
            let at = rng.below(13);
            hand[at] = Card::from_index(rng.below(52)).expect("a card");
        }
        hand.push(Card::from_index(rng.below(52)).expect("a card"));
        if Card::deck().all(|c| hand.iter().filter(|&&h| h == c).count() <= rules.copies(c)) {
            return hand;
        }
    }
}

const NEAR: usize = 400;

fn near_out_hands() -> (Rules, Vec<Hand>) {
    let rules = Rules::default();
    let deal = rules.deal(11).expect("round 11");
    let mut rng = Rng(0x0e0e_0e0e_0e0e_0e0e);
    let hands = (0..NEAR).map(|_| Hand { cards: near_out(&mut rng, &rules), deal }).collect();
    (rules, hands)
}

/// Hands near going out: the advice, beside the previous method.
mod e_near_out_14 {
    use super::*;

    #[divan::bench(sample_count = 2000, sample_size = 1)]
    fn advice(bencher: Bencher) {
        let (rules, hands) = near_out_hands();
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            discards(&mut solver, &h.cards, &table, &Unseen::new(&rules, &h.cards))
        });
    }

    #[divan::bench(sample_count = 400, sample_size = 1)]
    fn advice_previous(bencher: Bencher) {
        let (rules, hands) = near_out_hands();
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            previous::discards(&mut solver, &h.cards, &table, &Unseen::new(&rules, &h.cards))
        });
    }
}

/// A hand with its rules and table melds.
struct Laid {
    rules: Rules,
    deal: Deal,
    onto: Vec<Vec<Card>>,
    cards: Vec<Card>,
}

fn parse(text: &str, rules: &Rules) -> Vec<Card> {
    let rules = rules.with("jokers", "2").and_then(|r| r.with("decks", "4")).expect("rules");
    three13_core::hand::parse_hand(text, &rules).expect("cards")
}

/// The slow families: the 15-card round under strict rules with lay-off
/// onto table melds (one holding a wild), the hand that took 65 ms; dense
/// 16-card hands with table melds; strict 14-card hands near going out.
fn slow_families() -> Vec<Laid> {
    let strict14 = Rules::default()
        .with("all_wild_melds", "false")
        .and_then(|r| r.with("lay_off", "true"))
        .expect("rules");
    let strict = strict14.with("extra_rounds", "2").expect("rules");
    let deal = *strict.deals().last().expect("a round");
    let mut out = vec![Laid {
        rules: strict,
        deal,
        onto: vec![parse("5h 6h 7h", &strict), parse("9c 9d 9s", &strict), parse("Jd Qd Kd", &strict)],
        cards: parse("6c 8d 2s 8h Kd Jh 9c Jd 10d 6h 2h 2c 8c 7d 7c 2h", &strict),
    }];
    let mut rng = Rng(0x6565_6565_6565_6565);
    let (_, dense) = dense();
    for (k, h) in dense.into_iter().enumerate().take(40) {
        let rules = strict
            .with("all_wild_melds", &(k % 2 == 0).to_string())
            .and_then(|r| r.with("jokers", "2"))
            .expect("rules");
        // Table melds of the same narrow pool, one holding a wild.
        let onto = vec![parse("5h 6h 7h", &rules), parse("9c 2d 9s", &rules), parse("Jd Qd Kd", &rules)];
        let mut cards = h.cards;
        // Never more copies than the decks hold with the table's.
        cards.retain(|&c| c.is_joker() || onto.iter().flatten().filter(|&&t| t == c).count() == 0);
        while cards.len() < 16 {
            cards.push(Card::from_index(rng.below(52)).expect("a card"));
        }
        out.push(Laid { rules, deal: h.deal, onto, cards });
    }
    let deal14 = strict14.deal(11).expect("round 11");
    for _ in 0..40 {
        out.push(Laid {
            rules: strict14,
            deal: deal14,
            onto: Vec::new(),
            cards: near_out(&mut rng, &strict14),
        });
    }
    out
}

fn laid_advice(solver: &mut Solver, h: &Laid) -> usize {
    let table = Table::new(&h.rules, h.deal.wild).with_onto(h.onto.clone()).expect("table melds");
    let mut known = h.cards.clone();
    known.extend(h.onto.iter().flatten());
    discards(solver, &h.cards, &table, &Unseen::new(&h.rules, &known)).len()
}

fn laid_previous(solver: &mut Solver, h: &Laid) -> usize {
    let table = Table::new(&h.rules, h.deal.wild).with_onto(h.onto.clone()).expect("table melds");
    let mut known = h.cards.clone();
    known.extend(h.onto.iter().flatten());
    previous::discards(solver, &h.cards, &table, &Unseen::new(&h.rules, &known)).len()
}

/// The slowest families, the previous method beside.
mod f_slow_families {
    use super::*;

    #[divan::bench(sample_count = 243, sample_size = 1)]
    fn advice(bencher: Bencher) {
        let hands = slow_families();
        let mut solver = Solver::new();
        let mut next = 0;
        bencher
            .with_inputs(|| {
                next += 1;
                &hands[(next - 1) % hands.len()]
            })
            .bench_local_values(|h| laid_advice(&mut solver, h));
    }

    #[divan::bench(sample_count = 81, sample_size = 1)]
    fn advice_previous(bencher: Bencher) {
        let hands = slow_families();
        let mut solver = Solver::new();
        let mut next = 0;
        bencher
            .with_inputs(|| {
                next += 1;
                &hands[(next - 1) % hands.len()]
            })
            .bench_local_values(|h| laid_previous(&mut solver, h));
    }

    /// The hand that took 65 ms, alone: a new solver each time, so that
    /// nothing worked out for it before is kept.
    #[divan::bench(sample_count = 20, sample_size = 1)]
    fn the_65_ms_hand(bencher: Bencher) {
        let hands = slow_families();
        bencher.with_inputs(Solver::new).bench_local_values(|mut solver| laid_advice(&mut solver, &hands[0]));
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn the_65_ms_hand_previous(bencher: Bencher) {
        let hands = slow_families();
        bencher
            .with_inputs(Solver::new)
            .bench_local_values(|mut solver| laid_previous(&mut solver, &hands[0]));
    }
}

/// Round-11 hands before the draw with a face-up card; and two draws ahead
/// for hands after the draw.
mod g_upcard_and_look {
    use super::*;

    fn upcard_hands() -> (Rules, Vec<(Hand, Card)>) {
        let (rules, hands) = round_11_of(14, 0x0909_0909_0909_0909);
        let with_up = hands
            .into_iter()
            .map(|mut h| {
                let up = h.cards.pop().expect("a card");
                (h, up)
            })
            .collect();
        (rules, with_up)
    }

    #[divan::bench(sample_count = 100, sample_size = 1)]
    fn upcard_round_11(bencher: Bencher) {
        let (rules, hands) = upcard_hands();
        let mut solver = Solver::new();
        let mut next = 0;
        bencher
            .with_inputs(|| {
                next += 1;
                &hands[(next - 1) % hands.len()]
            })
            .bench_local_values(|(h, up)| {
                let table = Table::new(&rules, h.deal.wild);
                let ask = Ask { look: 1, upcard: Some(*up), ..Ask::default() };
                analyse_with(&mut solver, &h.cards, &h.deal, &table, &[], ask)
            });
    }

    #[divan::bench(sample_count = 10, sample_size = 1)]
    fn look_2_round_11(bencher: Bencher) {
        let (rules, hands) = round_11_of(14, 0x2222_2222_2222_2222);
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            let ask = Ask { look: 2, upcard: None, ..Ask::default() };
            analyse_with(&mut solver, &h.cards, &h.deal, &table, &[], ask)
        });
    }
}

/// The 50th and 99th percentiles and the slowest hand of the advice, per
/// set of hands, the new method and the previous one.
fn percentiles() {
    use std::time::{Duration, Instant};
    fn show(name: &str, mut times: Vec<Duration>) {
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "{name:<40} {:>10.1?} {:>10.1?} {:>10.1?}  ({} hands)",
            at(0.5),
            at(0.99),
            times[times.len() - 1],
            times.len()
        );
    }
    // Each hand is timed three times and the quickest kept: on a machine
    // shared with other work, a hand preempted midway is timed again. A
    // solver keeps what it worked out for the hand it holds, so before each
    // run it is given an empty hand: it then starts afresh, its memo's
    // table grown as in use.
    fn best_of_3(solver: &mut Solver, mut f: impl FnMut(&mut Solver)) -> Duration {
        let empty = Table::new(&Rules::default(), Rank::KING);
        (0..3)
            .map(|_| {
                solver.load(&[], &empty);
                let t = Instant::now();
                f(solver);
                t.elapsed()
            })
            .min()
            .expect("three runs")
    }
    println!("{:<40} {:>10} {:>10} {:>10}", "advice per hand", "p50", "p99", "slowest");
    let mut solver = Solver::new();
    let mut run = |name: &str, rules: &Rules, hands: &[Hand], old: bool| {
        let times: Vec<Duration> = hands
            .iter()
            .map(|h| {
                let table = Table::new(rules, h.deal.wild);
                let unseen = Unseen::new(rules, &h.cards);
                best_of_3(&mut solver, |solver| {
                    if old {
                        std::hint::black_box(previous::discards(solver, &h.cards, &table, &unseen));
                    } else {
                        std::hint::black_box(discards(solver, &h.cards, &table, &unseen));
                    }
                })
            })
            .collect();
        if std::env::var_os("THREE13_SLOWEST").is_some() {
            let slowest = (0..hands.len()).max_by_key(|&i| times[i]).expect("a hand");
            let cards: Vec<String> = hands[slowest].cards.iter().map(|c| c.ascii()).collect();
            println!("  slowest: {}", cards.join(" "));
        }
        show(name, times);
    };
    let (rules, random) = round_11_of(14, 0x1414_1414_1414_1414);
    run("round 11, 14 random cards", &rules, &random, false);
    run("  previous method", &rules, &random, true);
    let (rules, near) = near_out_hands();
    run("round 11, 14 cards near going out", &rules, &near, false);
    run("  previous method", &rules, &near, true);
    let (rules, dense) = dense();
    run("dense 16 cards", &rules, &dense, false);
    run("  previous method", &rules, &dense, true);
    let laid = slow_families();
    let mut time = |old: bool| -> Vec<Duration> {
        laid.iter()
            .map(|h| {
                best_of_3(&mut solver, |solver| {
                    std::hint::black_box(if old { laid_previous(solver, h) } else { laid_advice(solver, h) });
                })
            })
            .collect()
    };
    show("slow families (strict, lay-off, 16 cards)", time(false));
    show("  previous method", time(true));
}

mod b_mixed_3_to_14 {
    use super::*;

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn deadwood(bencher: Bencher) {
        bench_deadwood(bencher, mixed());
    }

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn solve(bencher: Bencher) {
        bench_solve(bencher, mixed());
    }
}

mod c_dense_16 {
    use super::*;

    #[divan::bench(sample_count = 2000, sample_size = 1)]
    fn deadwood(bencher: Bencher) {
        bench_deadwood(bencher, dense());
    }

    #[divan::bench(sample_count = 2000, sample_size = 1)]
    fn solve(bencher: Bencher) {
        bench_solve(bencher, dense());
    }

    #[divan::bench(sample_count = 100, sample_size = 1)]
    fn brute_force(bencher: Bencher) {
        bench_brute(bencher, dense());
    }
}

/// (e) Round 11 of Five Crowns (13 cards, kings and jokers wild, on the
/// 116 cards of its two decks), half the hands with the card drawn.
fn five_crowns_round_11() -> (Rules, Vec<Hand>) {
    let rules = Rules::preset("five-crowns").expect("the preset");
    let deal = rules.deal(11).expect("round 11");
    let mut rng = Rng(0x0505_0505_1313_5555);
    let hands = (0..ROUND_11)
        .map(|i| Hand { cards: deal_from(&mut rng, shoe(&rules), deal.cards + i % 2), deal })
        .collect();
    (rules, hands)
}

/// (f) Every round of Five Crowns, 3 to 14 cards.
fn five_crowns_mixed() -> (Rules, Vec<Hand>) {
    let rules = Rules::preset("five-crowns").expect("the preset");
    let deals = rules.deals();
    let mut rng = Rng(0x0505_0303_1414_0505);
    let hands = (0..MIXED)
        .map(|_| {
            let deal = deals[rng.below(deals.len())];
            let n = deal.cards + rng.below(2);
            Hand { cards: deal_from(&mut rng, shoe(&rules), n), deal }
        })
        .collect();
    (rules, hands)
}

/// Five Crowns: the solver, `check`'s analysis and the brute force on its
/// deck, beside Three Thirteen's figures above.
mod e_five_crowns_round_11 {
    use super::*;

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn deadwood(bencher: Bencher) {
        bench_deadwood(bencher, five_crowns_round_11());
    }

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn solve(bencher: Bencher) {
        bench_solve(bencher, five_crowns_round_11());
    }

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn analyse(bencher: Bencher) {
        bench_analyse(bencher, five_crowns_round_11());
    }

    #[divan::bench(sample_count = 200, sample_size = 1)]
    fn brute_force(bencher: Bencher) {
        bench_brute(bencher, five_crowns_round_11());
    }
}

mod f_five_crowns_mixed_3_to_14 {
    use super::*;

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn deadwood(bencher: Bencher) {
        bench_deadwood(bencher, five_crowns_mixed());
    }

    #[divan::bench(sample_count = 4000, sample_size = 1)]
    fn solve(bencher: Bencher) {
        bench_solve(bencher, five_crowns_mixed());
    }
}

/// The slowest hands found by hill-climbing over the rules, the round, the
/// hand and the table melds (`cargo run --release -p three13-core --example
/// slowest`): `check`'s full analysis of each, a new solver each time.
mod h_slowest_found {
    use super::*;

    /// A preset with settings, the round, the table melds and the hand.
    struct Found {
        preset: &'static str,
        settings: &'static [(&'static str, &'static str)],
        round: usize,
        onto: &'static [&'static str],
        hand: &'static str,
    }

    /// The rules and table of `two_melds_of_wilds_alone`, after the draw
    /// and before it.
    const WILDS_ALONE_SETTINGS: &[(&str, &str)] = &[
        ("all_wild_melds", "true"),
        ("lay_off", "true"),
        ("extra_rounds", "2"),
        ("decks", "3"),
        ("wild_value", "face"),
    ];
    const WILDS_ALONE_ONTO: &[&str] = &["2h 2d 2s", "2h 2d 2s 2h"];

    const HANDS: [Found; 93] = [
        // Half-wild, two jokers a deck, three decks, four table melds.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("ace_high", "true"),
                ("jokers", "2"),
                ("decks", "3"),
            ],
            round: 10,
            onto: &["10d Qs Qd Kd", "4d 5d 6d 7d", "Qs 3d 4d", "8h 8s 8h"],
            hand: "2d 6d 4h 5d 9d Ad 7d 8d Jh 3d JK Ac JK",
        },
        // Half-wild, twos wild, two table melds, 15 cards.
        Found {
            preset: "standard",
            settings: &[("half_wild", "true"), ("lay_off", "true"), ("extra_rounds", "2")],
            round: 12,
            onto: &["2h 2c 2d", "6s 7s 8s 9s"],
            hand: "5h 3s Ac 8d 5s 4s 4h 4s 3h 2s 2h 3s As 2c Js",
        },
        // Five Crowns, three decks, kings wild, four table melds, one of
        // wilds alone.
        Found {
            preset: "five-crowns",
            settings: &[("lay_off", "true"), ("kings_wild", "true"), ("decks", "3")],
            round: 10,
            onto: &["Qc Qd Qc", "4r 4d 4h 4c", "Ks Kr Qd Kd", "5s 6s Kr 8s 9s"],
            hand: "4c 6d 4r 3c 4r 8c 4d 8s 5h Kc 4s 4h Jh",
        },
        // Strict, aces high, three table melds, two of them alike.
        Found {
            preset: "strict",
            settings: &[("all_wild_melds", "false"), ("ace_high", "true"), ("extra_rounds", "2")],
            round: 11,
            onto: &["5h 6h 7h 8h", "5h 6h 7h 8h 9h", "10s Js Kh Ks"],
            hand: "4s 8s 5s 9s 4s 7c Kc 10d 4h 2s 8s Kc 6s 7s",
        },
        // Half-wild, a joker, kings wild, three table melds.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("jokers", "1"),
                ("kings_wild", "true"),
                ("wild_value", "20"),
            ],
            round: 10,
            onto: &["4c 5c 6c Qs 8c", "2s 3s 4s 5s 6s", "2c Qd 4c"],
            hand: "3c Ah 2c Jd Ac 5h Ac 7d Kh JK Ad As Kd",
        },
        // Tens, twos wild, 16 cards, four table melds.
        Found {
            preset: "tens",
            settings: &[("lay_off", "true"), ("extra_rounds", "2")],
            round: 13,
            onto: &["Ad 2d 3d 4d 5d", "2h 2d 2s", "9s 9h 9h 9s", "5c 6c 7c 8c"],
            hand: "4h 2c 9d 2c 5h Qd 10c 3h 3c 4s 4c 8h 10h 5d 6h 7h",
        },
        // Strict, a joker, 15 cards, four table melds (hunt `-- 10 100
        // 2027`).
        Found {
            preset: "strict",
            settings: &[("jokers", "1"), ("extra_rounds", "2"), ("wild_value", "20")],
            round: 12,
            onto: &["8d 8d Ad", "7s 8s 9s 10s Js", "As Ah 3s", "4h 5h 6h"],
            hand: "6c 10c 5s 4c 6s 8s 4s Qs Ah 7s Ac Kd 3s 2s 4s",
        },
        // Half-wild, two jokers, two decks, 15 cards, three table melds
        // (hunt `-- 10 100 8181`).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("ace_high", "false"),
                ("jokers", "2"),
                ("extra_rounds", "2"),
                ("decks", "2"),
                ("wild_value", "20"),
            ],
            round: 12,
            onto: &["As 2s 3s 4s 5s", "2c 2d 2s", "JK 6c 7c"],
            hand: "3h 3c Ac 6c 4d 4s Qd 5d 4c 3c 3d 2c Ah Ad 2d",
        },
        // Half-wild, two jokers, two decks, 16 cards, four table melds
        // (hunt `-- 30 200 2002`).
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("jokers", "2"), ("extra_rounds", "2"), ("decks", "2")],
            round: 13,
            onto: &["Ad 2d Ah As", "Ac JK As", "3d 3h 2c 3s", "2c 3c 4c 5c"],
            hand: "10c JK Qd 8c Ac 3c 7c 6c 2h 9c Kh 2s 2h 6c Ad 8c",
        },
        // Strict, aces high, kings wild, 16 cards, four table melds (hunt
        // `-- 30 200 2002`).
        Found {
            preset: "strict",
            settings: &[("ace_high", "true"), ("extra_rounds", "2"), ("kings_wild", "true")],
            round: 13,
            onto: &["6d 7d 8d Kh", "Js Qs Kc", "Ad 2d 2s", "4s 5s 6s"],
            hand: "7d 9h 5h 3s 3h 4h As 2h 6h 5d 5c 6d Qs 4d 2d 3d",
        },
        // Twos and two jokers a deck wild at 20, three decks, 16 cards, four
        // table melds (hunt `-- 30 200 1001`).
        Found {
            preset: "standard",
            settings: &[
                ("all_wild_melds", "false"),
                ("lay_off", "true"),
                ("jokers", "2"),
                ("extra_rounds", "2"),
                ("decks", "3"),
                ("wild_value", "20"),
            ],
            round: 13,
            onto: &["9c JK Jc Qc Kc", "5c 6c 7c", "4c 5c 6c", "5d 6d 7d 2s"],
            hand: "2c Kd JK 2d 9h 10c 10d Jd 8c Qc Jc 9d 3c 8d Js 9c",
        },
        // Kings and twos wild, 16 cards, four table melds (hunt `-- 30 200
        // 5005`).
        Found {
            preset: "standard",
            settings: &[("lay_off", "true"), ("extra_rounds", "2"), ("kings_wild", "true")],
            round: 13,
            onto: &["2c 3c 4c", "9c 10c Jc", "6d 6h Kh", "2s 3s 4s"],
            hand: "6d 7c 6h 6s 9h Kh 7s 8c 6c Js 7c 8s 5c 2h 6c 5s",
        },
        // Strict, kings and twos wild at 20, three decks, 16 cards, four
        // table melds (hunt `-- 30 200 2002`).
        Found {
            preset: "strict",
            settings: &[("extra_rounds", "2"), ("kings_wild", "true"), ("decks", "3"), ("wild_value", "20")],
            round: 13,
            onto: &["4h 5h 6h 2s 8h", "2h 3h 4h 5h 6h", "2s 3s 4s", "4h 5h 6h"],
            hand: "Kd 8h Kc Jh 3h 10h 8s 7s Js 6s 7h 8s Qd 9h 5s 9s",
        },
        // Tens, half-wild, kings and twos wild, 15 cards, eight table melds
        // (hunt `-- 30 200 8008`, every table `check` takes).
        Found {
            preset: "tens",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
            ],
            round: 12,
            onto: &[
                "Ad 2d 3d 4d 5d",
                "8d 8c Ah 8h",
                "5d 6d Kd 8d",
                "4c 4h 4c",
                "3h Kh 5h",
                "Jc Ks Jc Js",
                "7c As 9c",
                "Kc 6s 6h",
            ],
            hand: "4h 6d 9d Jd Ac 6c 6c Ad Qs 3d 7d 6s 10d Kd 6h",
        },
        // Strict, half-wild, three decks, 16 cards, five table melds, as
        // many as the player out of a 15-card round lays down (hunt `-- 30
        // 200 2002 out`).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "false"),
                ("extra_rounds", "2"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &["2h 3c 4c", "Ad As Ah Ah", "4h 5h 6h", "3c 4c 5c 6c 7c", "2s 3s 4s"],
            hand: "9c Ad 7d Ah 2d Ac 3c Ac Ad As 8c As 2d 2h Ac 2c",
        },
        // Wilds free, kings wild, 15 cards, two table melds, one of them
        // wilds alone (hunt `-- 30 200 3003 2`, two table melds at most).
        Found {
            preset: "standard",
            settings: &[
                ("lay_off", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
                ("wild_value", "20"),
            ],
            round: 12,
            onto: &["6s 7s As 9s 10s", "Ks Kd Ks"],
            hand: "Js 6s 7s 2s 4s 8s 9s 4c 5s 2s 10d 10s Ah 5s 3s",
        },
        // Strict with every meld of wilds allowed, twos wild, three decks,
        // 16 cards, fourteen of them diamonds, two table melds both of
        // wilds alone (hunt `-- 100 400 19019 2`, two table melds at most).
        Found {
            preset: "strict",
            settings: WILDS_ALONE_SETTINGS,
            round: 13,
            onto: WILDS_ALONE_ONTO,
            hand: "Js 7d 6d Jd 3d 8d 4d 8d 4s 9d 3d 5d Qd 6d 10d Kd",
        },
        // Strict, half-wild, kings natural, round 11, 14 cards, eight table
        // melds (hunt `-- 100 400 33033`, every table `check` takes).
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("kings_wild", "false")],
            round: 11,
            onto: &[
                "As 2s 3s 4s",
                "5d 6d 7d 8d",
                "5d 6d 7d",
                "Ah 2h 3h 4h Ks",
                "3s 4s Kd",
                "10h Jh Kd",
                "9h 10h Jh",
                "5h 6h 7h",
            ],
            hand: "7h Kc 8h 9h 5h 8d Js 5s 6h 9d 10d Qh Kh 4d",
        },
        // Standard, wilds free, kings wild, two jokers, round 12, 15 cards,
        // eight table melds (hunt `-- 100 400 32032`, every table `check`
        // takes).
        Found {
            preset: "standard",
            settings: &[
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("jokers", "2"),
                ("extra_rounds", "1"),
                ("kings_wild", "true"),
                ("wild_value", "face"),
            ],
            round: 12,
            onto: &[
                "3s 3h Kc",
                "4s 5s 6s 7s",
                "As Kc Ah Ac",
                "Qh Qd Qs",
                "10s Js Kd",
                "5c 6c Kh 8c 9c",
                "JK 2d 2h",
                "4s 5s 6s",
            ],
            hand: "JK 3c 7c 9c 8h 4c 2s 10s 3s Jc 8c 6c 2c 10c Qc",
        },
        // Standard, wilds free, kings natural, three decks, round 12, 15
        // cards, eight table melds (hunt `-- 100 400 41041` over hands with
        // wilds free, after the answers for every table meld used at once).
        Found {
            preset: "standard",
            settings: &[
                ("lay_off", "true"),
                ("extra_rounds", "1"),
                ("kings_wild", "false"),
                ("decks", "3"),
                ("wild_value", "face"),
            ],
            round: 12,
            onto: &[
                "8c 9c 10c Jc",
                "Ad 2d 3d 4d 5d",
                "3c 4c 5c 6c",
                "As 5c 6c",
                "6c Ac 8c 9c",
                "7h 8h 9h 10h Jh",
                "3h 4h 5h",
                "9d 10d Jd",
            ],
            hand: "8c As 9c 7c 7c 6d 7c 8d 10c 6h Kc Ad 10h 7d 7h",
        },
        // Strict, half-wild, kings wild, three decks, wilds at 20, round 12,
        // 15 cards, eight table melds (hunt `-- 100 400 43043`, every table
        // `check` takes).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "false"),
                ("jokers", "0"),
                ("extra_rounds", "1"),
                ("kings_wild", "true"),
                ("decks", "3"),
                ("wild_value", "20"),
            ],
            round: 12,
            onto: &[
                "4s 4h 4s",
                "Ad 2h 3h",
                "4d Ac 6d 7d 8d",
                "5h 6h Kc 8h",
                "6s 7s 8s Kc",
                "3d 3c 3h 3h",
                "8s 9s 10s",
                "8h 9h Ah Jh Qh",
            ],
            hand: "3s 7h 5h Qc 6s Ks 4s 10h 7s 5s 4h Ks 3d 6h Kd",
        },
        // Strict, half-wild, ace high, kings wild, wilds at 20, round 13,
        // 16 cards, eight table melds (hunt `-- 100 400 57057`, every table
        // `check` takes): the slowest hand known.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "false"),
                ("ace_high", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
                ("wild_value", "20"),
            ],
            round: 13,
            onto: &[
                "Kc Jd Qd",
                "4s 5s 6s 7s",
                "6c 6c 6h",
                "7d 8d 9d 10d Jd",
                "Kh 8h 9h",
                "3d 4d 5d 6d 7d",
                "3s 2d 3h",
                "7h Kh 7s",
            ],
            hand: "2s 8h 10h 7h 2h 10d 6d 5h 3h 10h 6h Qs 9h Jh Kc 8d",
        },
        // Strict, half-wild, kings wild, wilds at 20, round 13, 16 cards,
        // two table melds (hunt `-- 100 400 61061 2`, before a half-wild
        // hand was split between the threads from the start at any table).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
                ("wild_value", "20"),
            ],
            round: 13,
            onto: &["6c 7c 8c 9c", "2h 2c 3c 4c"],
            hand: "Kh Jc 10c Qs 2s 5d 5c 5h 8c 7h 6c 5c 7c 2d 5s 7d",
        },
        // Strict, half-wild, two jokers a deck, three decks, round 13, 16
        // cards, eight table melds: a last turn after the draw, its
        // deadwood after every discard slow in the order the look keeps
        // (hunt `SIZE=after -- 40 300 94094`).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("ace_high", "false"),
                ("jokers", "2"),
                ("extra_rounds", "2"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &[
                "2c 3c 4c 5c 6c",
                "7d 8d 9d 10d 2h",
                "9d 10d Jd",
                "3s 4s 5s 6s JK",
                "2h Ah Ac Ah",
                "6d 6h 6h 6h",
                "6d 2c 8d",
                "2s Ah Ad",
            ],
            hand: "6c 2h 9h Ad 3d 2s JK 2d 2d Ac 6s 5d As 6d Ad 4d",
        },
        // Strict, half-wild, three decks, round 12, 14 cards, eight table
        // melds: a last turn before the draw, its outs slow (hunt
        // `SIZE=before -- 40 300 93093`).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("extra_rounds", "1"),
                ("kings_wild", "false"),
                ("decks", "3"),
            ],
            round: 12,
            onto: &[
                "7c 8c 9c",
                "Jh Qh Kh",
                "Ac 2c 3c 4c Ac",
                "As 2s 3s",
                "4h 5h 6h 7h 8h",
                "5d 5d Ac 5d",
                "2s 3s Ad",
                "5h 5s 5h 5c",
            ],
            hand: "4s Ks 8s 10c 6c 5c 9s Ah 6s 6s 10h 5s As 7s",
        },
        // Strict, half-wild, two jokers a deck, three decks, round 13, 16
        // cards, eight table melds, after the draw: few states a set of
        // table melds used at a time, many for every one at once (hunt
        // `SIZE=after -- 60 500 94094`, 29 ms when the latter was always
        // taken beyond four table melds).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("ace_high", "false"),
                ("jokers", "2"),
                ("extra_rounds", "2"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &[
                "2c 3c 4c 5c 6c",
                "4c 5c 6c 2c 8c",
                "Ac 2c 3c 4c 5c",
                "2d 3d 4d 5d",
                "2h Ah Ac Ah",
                "7d 7c 2h",
                "4d 5d 6d 7d 8d",
                "Ad Ah Ad",
            ],
            hand: "2h JK Jc 7h 7c Ac 2s Qc 2d 8c Ad 3c 7c 10c 9c 9c",
        },
        // Standard, ace high, three decks, round 13, 16 cards, five table
        // melds, after the draw (the same hunt: 11 ms before, with every
        // table meld used at once).
        Found {
            preset: "standard",
            settings: &[
                ("all_wild_melds", "false"),
                ("lay_off", "true"),
                ("ace_high", "true"),
                ("extra_rounds", "2"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &["2h Jd Qd", "10d 2h Qd Kd", "8d 9d 10d Jd", "5d 2s 7d", "9s 2s Js"],
            hand: "Qs Kd Ad 6s 3d 2d 9d Ad 10d 2c 7d 6d 4d Jd 2d 8d",
        },
        // Standard, half-wild, ace high, three decks, round 11, 14 cards,
        // eight table melds, after the draw (hunt `SIZE=after -- 60 500
        // 96096`, the slowest after the draw it found).
        Found {
            preset: "standard",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("ace_high", "true"),
                ("kings_wild", "false"),
                ("decks", "3"),
            ],
            round: 11,
            onto: &[
                "Ks Qh Qd",
                "4d 4s Kc",
                "2s 3s Kc 5s 6s",
                "3d 4d 5d 6d 7d",
                "2h 3h 4h Ks",
                "4h 5h 6h",
                "Ks 7s 8s",
                "10s Kd Qs",
            ],
            hand: "Qs Qc 3s Qd Kc Qd Qh Kh Qs Qc Qc 4c Qh 8h",
        },
        // Standard, half-wild, a joker, three decks, round 13, 15 cards,
        // eight table melds: a last turn before the draw, its outs slow in
        // the order guessed (hunt `SIZE=before -- 60 500 95095`).
        Found {
            preset: "standard",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("jokers", "1"),
                ("extra_rounds", "2"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &[
                "4d 5d 6d 7d",
                "10c JK Qc",
                "5c 5s 5d 5s",
                "5c 6c 7c",
                "9d 2c Jd Qd Kd",
                "Jh Jh Js Jd",
                "6d 7d 8d",
                "10c Jc 2h",
            ],
            hand: "8d 5d 10d 3d 2s Js Jh Jd 9c 2h 7h Qd Jc 8c 9d",
        },
        // Standard, three decks, round 12, 15 cards, seven table melds,
        // after the draw: each discard's deadwood slow in the one search
        // for every discard (hunt `SIZE=after -- 60 500 98098`).
        Found {
            preset: "standard",
            settings: &[("lay_off", "true"), ("extra_rounds", "2"), ("decks", "3")],
            round: 12,
            onto: &["5d Ac 7d", "Ah Ad Ad", "8s Ah 8h", "Ac 8s 8d", "4s Ad 4d", "7d As 9d 10d", "2d 3d 4d"],
            hand: "7s 9d 8s Jd 4d 9s 8d Ah 8h 10d 9c 8c 8d Qh 6d",
        },
        // Strict, kings wild, round 13, 16 cards, eight table melds, after
        // the draw: a little over 2,048 states a set of table melds used at
        // a time, and far slower for every one at once (hunt `SIZE=after --
        // 60 500 100100`).
        Found {
            preset: "strict",
            settings: &[("ace_high", "false"), ("extra_rounds", "2"), ("kings_wild", "true")],
            round: 13,
            onto: &[
                "9d 2h Jd Qd Kd",
                "7h 8h Kh",
                "5d 6d 7d 8d 9d",
                "Jd Qd Kd",
                "As 2d Ah",
                "5c 6c 7c 8c 9c",
                "7h 2c 7s",
                "3s 4s 5s 2d 7s",
            ],
            hand: "10d 5d 6d 6h 4h 6c 7d 8d Kc Qh 6s 2h 4d 4d 6s 4s",
        },
        // Tens, wilds alone may meld, three decks, round 13, 16 cards,
        // eight table melds, after the draw: one of the slowest known
        // after the draw, its discards' one search long (hunt `SIZE=after
        // -- 60 500 105105`).
        Found {
            preset: "tens",
            settings: &[
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("jokers", "0"),
                ("extra_rounds", "2"),
                ("decks", "3"),
                ("wild_value", "face"),
            ],
            round: 13,
            onto: &[
                "3c 4c 5c",
                "Jc Jd Js",
                "4d 4h 2c",
                "2s 2h 2c",
                "3d 4d 5d 6d",
                "2d 2s 2c 2d",
                "9s 9d 9h 9h",
                "10d Jd Qd",
            ],
            hand: "10d Kd Jh 2s 8d 10h 7d 10s 10h 9d Ah Kc 6s Jc 10c 7d",
        },
        // Hunt 109109's slowest before the draw on the whole-hand outs for every
        // table meld used at once: half-wild, eight table melds.
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("ace_high", "false"), ("extra_rounds", "2")],
            round: 13,
            onto: &[
                "2s 10d 10d 10s",
                "10c Jc Qc",
                "2h Js Js",
                "7s 2d 7d",
                "Jh Qh Kh",
                "6c 6h 2h 6d",
                "4d 2s 6d 7d 8d",
                "4h 5h 2c",
            ],
            hand: "8c 7c 9d 8h 7h 2d 10h 7s 9s 10c 2c 6h As 9c 9h",
        },
        // Hunt 108108's on the same build: tens, half-wild, eight table melds.
        Found {
            preset: "tens",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "false"),
                ("decks", "3"),
                ("wild_value", "face"),
            ],
            round: 12,
            onto: &[
                "10d Jd Qd Kd",
                "3d 4d 5d",
                "8c Ac 10c Jc Qc",
                "8c 8d 8h 8d",
                "9d 10d Jd Qd Kd",
                "Ad 2d 3d Ah 5d",
                "Ad 2d 3d 4d 5d",
                "8h 9h As",
            ],
            hand: "Qh Qd Ks Qc As Qs 9d 3s Ah Kh 7d Kc 6d 8d",
        },
        // A hand with no wild and many ways to meld, before the draw: the
        // search for every table meld used at once, counting as many wilds
        // as each meld may take, took 69 ms where one set at a time takes 0.1.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("ace_high", "false"),
                ("extra_rounds", "2"),
                ("decks", "3"),
                ("wild_value", "20"),
            ],
            round: 13,
            onto: &[
                "7h 8h 9h 10h Jh",
                "4s 5s 6s",
                "4h 4h 4s",
                "2s 10c 10h 10d",
                "7d 8d 9d 10d",
                "9h 2h 9d",
                "10d Jd Qd",
                "Kd 2c Ks",
            ],
            hand: "3h 4h 8s Qh 5h 3h 9h 6h Jh 10h Kh Kc 7h 8d 8h",
        },
        // Tens, half-wild, eight table melds, before the draw: slower for every
        // table meld used at once (5.9 to 7.7 ms).
        Found {
            preset: "tens",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "false"),
                ("wild_value", "face"),
            ],
            round: 13,
            onto: &[
                "10d 10s 10s",
                "2h 5c 6c 7c",
                "8s 9s 2c Js Qs",
                "4c 5c 6c 7c 8c",
                "7d 8d 9d 10d",
                "Kd Kd Kh 2s",
                "9d 9h 2d 9s",
                "3h 2c 5h 6h",
            ],
            hand: "Jc 10c Qc 9c As 9h 2h 7d Kc 2d Ad 8c Ac Ah 2s",
        },
        // Hunt 111111's slowest before the draw, on the outs for every table
        // meld used at once: half-wild, two decks, eight table melds.
        Found {
            preset: "standard",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("ace_high", "false"),
                ("extra_rounds", "2"),
                ("decks", "2"),
                ("wild_value", "20"),
            ],
            round: 13,
            onto: &[
                "5h 6h 7h 8h 9h",
                "2c Jc Qc",
                "Qd Qs Qc Qs",
                "6d 2s 8d 9d",
                "10c 2d 10d",
                "9h 10h Jh",
                "Ks 2d Kc",
                "4h 5h 6h",
            ],
            hand: "Kh 4s Qh Jh Kc 2h 2c Qd 2h 10d Kd 7h 8h Kh 10h",
        },
        // Half-wild, eight table melds, before the draw: by suit the slowest
        // of the climbs (10 ms), by rank 1.3 ms.
        Found {
            preset: "tens",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("extra_rounds", "1"),
                ("kings_wild", "true"),
            ],
            round: 12,
            onto: &[
                "6c 7c Ad",
                "10d Ac Qd Kd",
                "6d 7d As 9d",
                "Jc Jh Jd",
                "3d 4d 5d 6d 7d",
                "Ah 2h Ah 4h",
                "8c 8c 8h",
                "5s 6s 7s 8s 9s",
            ],
            hand: "9s Ad 5s Js 9c Qd 8d 10d 8d 9d Jd 9h Jc Jh",
        },
        // Hunt 132132's slowest after the draw, on the order by rank: by suit
        // its least deadwood takes a quarter of the states, and 0.6 ms in all
        // against 7 ms.
        Found {
            preset: "standard",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "false"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &[
                "7c 8c 2c",
                "2d 6c 7c 8c 9c",
                "2h 8s 9s",
                "3s 4s 5s",
                "6h 7h 8h",
                "5h 6h 2s",
                "4s 2s 6s 7s 8s",
                "5c 5s 5c",
            ],
            hand: "5h 4h 4c Kh 2c 9h 4s Qc 9s 4h 7s Jc 5s 2c 3s 2d",
        },
        // Hunt 142142's slowest after the draw: long both ways, searched by
        // rank for every table meld used at once.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("extra_rounds", "2"),
                ("decks", "3"),
            ],
            round: 11,
            onto: &[
                "3d 3c 3d 3s",
                "Ks 4h 5h",
                "4d 5d 6d",
                "10h Jh Qh",
                "4h 5h 6h 7h",
                "7h 7d 7d 7s",
                "10h 10s 10d 10s",
                "Kd 5d 6d",
            ],
            hand: "Kc 3d 9d 2h 9h Kc 3h 8h Kd 7h 3h 6h Qs 10h",
        },
        // The hand of `two_melds_of_wilds_alone` before the draw (less its
        // Kd): the slowest known, its time the groups laid off onto the
        // table melds of wilds alone with the slot's cards (`LayOffs::of`).
        Found {
            preset: "strict",
            settings: WILDS_ALONE_SETTINGS,
            round: 13,
            onto: WILDS_ALONE_ONTO,
            hand: "Js 7d 6d Jd 3d 8d 4d 8d 4s 9d 3d 5d Qd 6d 10d",
        },
        // Tens, half-wild, aces high, three decks, round 11, 13 cards,
        // eight table melds, before the draw (hunt `SIZE=before -- 60 500
        // 161161`): the slowest found, over twice the goal, its time the
        // slot search of the last draw and step 27's words.
        Found {
            preset: "tens",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("ace_high", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "false"),
                ("decks", "3"),
            ],
            round: 11,
            onto: &[
                "9s 10s Js Qs Ks",
                "5s 6s Kd",
                "3h 3s 3s",
                "4c 5c 6c 7c",
                "Kh 8c 9c",
                "Kc 7c 8c",
                "Kd 4c 5c 6c",
                "10d 10d 10c 10c",
            ],
            hand: "3c 5c 3c 8c 10c 4c 9c Js Qc Ks 6c Kc 7c",
        },
        // Strict, wilds free, two jokers a deck, three decks, round 13, 15
        // cards, eight table melds, before the draw (the same hunt): the
        // slowest with wilds free, its time the slot search.
        Found {
            preset: "strict",
            settings: &[("all_wild_melds", "false"), ("jokers", "2"), ("extra_rounds", "2"), ("decks", "3")],
            round: 13,
            onto: &[
                "2h Qc Qc",
                "JK 5c 6c 7c 8c",
                "6d 7d 8d 9d 2c",
                "Kc Kd 2h",
                "6c 7c 2d",
                "4c 5c 2s 7c",
                "9h 9h 9h",
                "10s 10s 10h 10c",
            ],
            hand: "JK 10c Qc 2c 8c 2s 9c Kc 9c 3d Jc 10c 5h Ac 3c",
        },
        // Tens, wilds free, aces high, three decks, round 11, 13 cards,
        // eight table melds, before the draw (hunt `SIZE=before -- 60 500
        // 171171`): the slowest with wilds free, a run of diamonds, its
        // time the verdicts on the groups laid off with each slot's card.
        Found {
            preset: "tens",
            settings: &[
                ("half_wild", "false"),
                ("lay_off", "true"),
                ("ace_high", "true"),
                ("extra_rounds", "1"),
                ("decks", "3"),
            ],
            round: 11,
            onto: &[
                "As Ac Kd",
                "2d 3d 4d",
                "5d Kc 7d",
                "Kd Kd Kh Kh",
                "5s 6s 7s 8s 9s",
                "Ks 3s 4s",
                "Kc 9d 10d",
                "3c 3c 3c",
            ],
            hand: "8d 7s 9d 2d 6d 7d 5d 10d 3d 2h Ad Jd 4d",
        },
        // Half-wild, seven table melds, after the draw: by rank its own
        // least deadwood takes 887 states, its deadwood after each discard
        // 6.9 ms; by suit far less.
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("extra_rounds", "1")],
            round: 12,
            onto: &[
                "3d 4d 5d 6d 7d",
                "Js Qs Ah",
                "2s 3s 4s 5s",
                "3c As 5c 6c 7c",
                "9s 10s Js Qs Ac",
                "10c Jc Qc",
                "Ah 8d 8s",
            ],
            hand: "8c 6s 9c 8d 8c 10s 10c 8s As Qd 9d 7s Jc Ad 9s",
        },
        // Half-wild, eight table melds, after the draw: its own least
        // deadwood in 48 states, but less a nine over 3,000 a set of table
        // melds used at a time.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "false"),
                ("lay_off", "true"),
                ("ace_high", "true"),
                ("jokers", "0"),
                ("extra_rounds", "1"),
                ("decks", "3"),
            ],
            round: 11,
            onto: &[
                "Kd 5h 6h 7h",
                "Kh 3h 4h",
                "5h 6h 7h",
                "8h 8s 8s 8c",
                "10h 10h Kc",
                "Jh Qh Kh",
                "7h Ks 9h",
                "Ks 8d 9d 10d Jd",
            ],
            hand: "Kh 5h 10h Ah 9s 4h 2h 2h 3h 8h Kc 9d Kc Ks",
        },
        // Five Crowns, wilds free, three decks, eight table melds, before
        // the last draw: thirteen cards, nine of them diamonds.
        Found {
            preset: "five-crowns",
            settings: &[("lay_off", "true"), ("decks", "3")],
            round: 11,
            onto: &[
                "Kr Kr JK",
                "8d 9d Ks Jd",
                "Kh 4s 4h 4h",
                "5d 6d 7d 8d Kh",
                "5d Kd 7d",
                "9d 10d Jd Qd Kd",
                "6h 6c 6r JK",
                "4s 5s 6s",
            ],
            hand: "3r JK 3d 7d 6d 10d Jd 8s 8d Jr Qd 4d 9d",
        },
        // Tens, wilds free, three decks, round 13, 16 cards, eight table
        // melds, after the draw (hunt `SIZE=after -- 60 500 232232`): its
        // least deadwood found in 2,965 states a set of table melds used at
        // a time, the one search for every discard past its bound, and six
        // of its discards asked apart near 1 ms each.
        Found {
            preset: "tens",
            settings: &[
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("extra_rounds", "2"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &[
                "2s 8h 8h",
                "2d 7d 8d 9d 10d",
                "2h 2c 2s",
                "9s 9h 2d",
                "6c 6h 6h",
                "Ad As Ad Ad",
                "2h 3h 4h 5h 6h",
                "3h 2c 5h",
            ],
            hand: "9c Jd Qc 9d 8d 9c 5d Kh 2c Jd 9h 6c 9s Ah 10d Qd",
        },
        // Strict, half-wild, kings wild, three decks, round 13, 16 cards,
        // eight table melds, after the draw (hunt `SIZE=after -- 60 500
        // 242242`): its discards asked apart meet at most 2,006 states
        // each, 9,268 in all (7.7 ms before one bound was shared by them).
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("extra_rounds", "2"), ("kings_wild", "true"), ("decks", "3")],
            round: 13,
            onto: &[
                "9d 9c 9d",
                "2c 3c 4c 5c",
                "6h 6d 6d 6h",
                "4h Kd 6h 7h 8h",
                "6d 6s Kc 6c",
                "2c 3c 4c 5c",
                "8c 9c 10c Jc Qc",
                "As 2s Ah",
            ],
            hand: "Kc 6c Qc 7d 8c 6c 7c 5c 8s Ks 9c 3s 7c 2h Ac 4c",
        },
        // Tens, half-wild, two jokers a deck, three decks, round 10, 12
        // cards, eight table melds, before the last draw (hunt
        // `SIZE=before -- 60 500 251251`): four table runs of clubs, as
        // the hand of clubs above.
        Found {
            preset: "tens",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("jokers", "2"),
                ("kings_wild", "false"),
                ("decks", "3"),
            ],
            round: 10,
            onto: &[
                "7c 8c 9c 10c",
                "5s 5s 5s",
                "8h 8h 8h",
                "9c 10c Jc Qc",
                "JK 8c 9c 10c",
                "Qc 3c 4c 5c 6c",
                "Ks Ks Kh",
                "4c 5c 6c 7c",
            ],
            hand: "Jc 2c 10s 4c 6c 7c Qs 5c Qd Kc 3c 8c",
        },
        // Standard, wilds free, aces high, three decks, round 13, 15
        // cards, six table melds, before the last draw (hunt
        // `SIZE=before -- 100 1000 321321`): nine hearts, three table
        // runs of hearts; its outs take the time.
        Found {
            preset: "standard",
            settings: &[
                ("all_wild_melds", "false"),
                ("lay_off", "true"),
                ("ace_high", "true"),
                ("extra_rounds", "2"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &["4h 5h 6h", "Ac As As", "2h 4h 5h", "2s Qh Kh", "2h 7h 8h 9h 10h", "Jh Qh Kh"],
            hand: "Jh 9h 4h Qh Kh 2c 10h 6h Ah Jh 6s Ah 8h 3h 7h",
        },
        // Strict, half-wild, kings wild, three decks, round 12, 14 cards,
        // eight table melds, before the last draw (the same hunt).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("ace_high", "false"),
                ("jokers", "0"),
                ("extra_rounds", "1"),
                ("kings_wild", "true"),
                ("decks", "3"),
            ],
            round: 12,
            onto: &[
                "3s 3s 3d",
                "Ad 2d As 4d",
                "5h 6h 7h",
                "4s 5s 6s",
                "5d 6d 7d 8d",
                "2s 2s 2c",
                "4d 5d Ac 7d 8d",
                "7d 8d 9d",
            ],
            hand: "4h 3c 5d 2h 4d 3d 10s 3d Kh 3h 3s Kh 2d 6d",
        },
        // Strict, half-wild, three decks, wilds at 20, round 13, 16 cards,
        // eight table melds, after the draw (hunt `SIZE=after -- 100 1000
        // 331331`): eight fours, and a wild whose discard alone takes a
        // third of the time.
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("extra_rounds", "2"), ("decks", "3"), ("wild_value", "20")],
            round: 13,
            onto: &[
                "5c 2d 7c 8c",
                "2h 4s 4h",
                "5c 6c 7c 8c 9c",
                "Ad 2s 3d",
                "10d 10h 10h 10s",
                "5c 6c 7c 8c",
                "7s 7h 7d",
                "7d 2c 7s 7s",
            ],
            hand: "2h 4s 7d Jc 4d 4h 9c 10c 4d Kh 2d 4c 4c 4h 6c 4c",
        },
        // Five Crowns, half-wild, three decks, wilds at 20, 14 cards, eight
        // table melds, after the draw (hunt `SIZE=after -- 100 1000
        // 351351`): eight fives.
        Found {
            preset: "five-crowns",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "false"),
                ("lay_off", "true"),
                ("kings_wild", "false"),
                ("decks", "3"),
                ("wild_value", "20"),
            ],
            round: 11,
            onto: &[
                "4d Kr 6d",
                "6c 7c 8c 9c 10c",
                "8r 9r 10r",
                "6c 7c 8c",
                "5s 5h JK",
                "6r 7r JK 9r",
                "9d 10d Jd",
                "Qs Qr Qh Qh",
            ],
            hand: "5s 5c 5d 5r 5r 5s Jh 5d 5h 5c Kc Qc JK 5c",
        },
        // Tens, wilds free, three decks, round 13, 16 cards, four table
        // melds, after the draw (the same hunt).
        Found {
            preset: "tens",
            settings: &[
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("ace_high", "true"),
                ("jokers", "0"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &["2d 3d 4d 5d", "2s 2c 2c 2s", "2h 10d Jd Qd Kd", "5c 6c 7c"],
            hand: "8d 4d Kd 4c 4s 7h 9d 8d Ad Jd Ad 7d 6d 4h Qd 2d",
        },
        // Strict, half-wild, round 12, 14 cards, eight table melds, before
        // the last draw (hunt `SIZE=before -- 100 1000 391391`): its outs
        // take the time.
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("extra_rounds", "1")],
            round: 12,
            onto: &[
                "10h Jh Qh Kh",
                "4d Ah 6d",
                "2s 3s Ah 5s",
                "2d 3d Ac 5d 6d",
                "9h 10h Jh Qh",
                "7c 7c 7s Ac",
                "2s 3s 4s 5s 6s",
                "Ad 2d 3d 4d Ad",
            ],
            hand: "7s As 7d As 7d Jd 8d 10d Qs 7h 8s 9d 6s 5d",
        },
        // Strict, half-wild, three decks, wilds at 20, round 13, 15 cards,
        // eight table melds, before the last draw (the same hunt).
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("extra_rounds", "2"), ("decks", "3"), ("wild_value", "20")],
            round: 13,
            onto: &[
                "7h 7h 7d",
                "2c 3c 4c 5c",
                "2h 3h 4h 5h 6h",
                "2h 10h 10h 10s",
                "10c Jc Qc 2d",
                "5c 6c 7c 8c 9c",
                "8c 9c 10c",
                "4s 5s 6s",
            ],
            hand: "Kh 9c Js 9h 7s Qc 8h Qh Jc 2c 7c 2s Kc 10c 10h",
        },
        // Strict, half-wild, round 11, 13 cards, seven table melds, before
        // the last draw (hunt `SIZE=before -- 100 1000 431431`): its outs
        // take the time.
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("lay_off", "true"), ("kings_wild", "false")],
            round: 11,
            onto: &[
                "8c 9c 10c",
                "Ah 2h 3h 4h",
                "2c 3c 4c 5c",
                "Kc 6h 7h",
                "2h 3h 4h",
                "Ks 4c 5c",
                "9h 10h Jh Qh Kh",
            ],
            hand: "5h 6h Kd 6c 10h Qs Kh 8h 7c 9h 7h 8c Ks",
        },
        // Standard, wilds free, three decks, round 13, 15 cards, four table
        // melds, before the last draw (hunt `SIZE=before -- 60 500
        // 441441`): its outs take the time.
        Found {
            preset: "standard",
            settings: &[("lay_off", "true"), ("ace_high", "true"), ("extra_rounds", "2"), ("decks", "3")],
            round: 13,
            onto: &["8c 9c 10c", "2d 2h 2c", "8h 8s 8d 8c", "2c 3c 4c"],
            hand: "8c Kc 5c 6c 9c Qc Ac 6d 3c 2c 9s Ac 10c Jc 7c",
        },
        // Strict, half-wild, a joker, round 12, 14 cards, four table melds,
        // before the last draw (hunt `SIZE=before -- 100 1000 491491`):
        // its outs take the time.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("jokers", "1"),
                ("extra_rounds", "2"),
                ("wild_value", "face"),
            ],
            round: 12,
            onto: &["Ac As 3c 4c", "As 3c 4c 5c", "7h 7s 7s 7d", "7c 8c 9c"],
            hand: "6c Jc 7c 8c JK Ad 9c Kc Js 2c 10c 6c 8d Qc",
        },
        // Standard, wilds free, twos and kings wild, three decks, round 13,
        // 15 cards with no wild, eight table melds, two of them of wilds
        // alone, before the last draw (hunt `SIZE=before -- 100 1000
        // 511511`): its outs take the time.
        Found {
            preset: "standard",
            settings: &[
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
                ("decks", "3"),
                ("wild_value", "face"),
            ],
            round: 13,
            onto: &[
                "Ac Ad As",
                "Ac 2c Ks",
                "Ks Kc Kd Kd",
                "Ad 2d 3d 4d",
                "5s 6s 7s",
                "2s Kd 2d 2h",
                "2s 3s 4s 5s 6s",
                "7d 7c 7c",
            ],
            hand: "As Ac 4d 9d 3d 7d 7h 3s 6d Ah 7s 10d 5d 5h 7c",
        },
        // Strict, half-wild, aces high, wilds at 20, round 11, 13 cards,
        // eight table melds, before the last draw (the same hunt).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("ace_high", "true"),
                ("jokers", "0"),
                ("extra_rounds", "0"),
                ("wild_value", "20"),
            ],
            round: 11,
            onto: &[
                "6c 6h 6s",
                "3c 3s Kc",
                "9c 10c Jc Qc",
                "Jc Qc Kd",
                "2c 3c 4c",
                "4c 5c Kh",
                "2s 2d Kh",
                "5d 5h 5h 5s",
            ],
            hand: "6c 10c Ac 7c 9c 5c Ks 2s Ks Kd 8c 4d 2c",
        },
        // Strict, half-wild, three decks, wilds at 20, round 11, 13 cards,
        // eight table melds, before the last draw (hunt `-- 100 1000
        // 521521`, `SIZE=before`).
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("lay_off", "true"), ("decks", "3"), ("wild_value", "20")],
            round: 11,
            onto: &[
                "2d 3d 4d 5d",
                "Kh 4d 5d 6d",
                "Kc 3c 4c",
                "7c 7s Kd 7s",
                "6h 6h 6h",
                "Kc 9c 9h 9d",
                "4d Ks 6d 7d",
                "9d 10d Jd",
            ],
            hand: "Kd 5h Jd Kc Qd 7c 8d 7d 6c 10d 9d 6d 3d",
        },
        // Strict, half-wild, aces high, three decks, round 12, 14 cards,
        // two wilds, before the draw; no laying off, so the table melds
        // the hunt drew take nothing (hunt `-- 100 1000 541541`,
        // `SIZE=before`).
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("ace_high", "true"), ("extra_rounds", "2"), ("decks", "3")],
            round: 12,
            onto: &[
                "7s 8s Ah",
                "7s 8s 9s",
                "As 2s 3s Ad",
                "Ad 2d Ac 4d",
                "5h 5c 5d As",
                "8d 9d 10d Jd As",
                "5s 6s 7s 8s",
                "Ad 2c 2h",
            ],
            hand: "Qs Ac 7d 5s 3h Js 5d 4s 6d 6s 10s 5s Ac 9s",
        },
        // Strict, half-wild, two jokers a deck, three decks, round 12, 14
        // cards, before the draw; no laying off (the same hunt).
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("jokers", "2"), ("extra_rounds", "2"), ("decks", "3")],
            round: 12,
            onto: &[
                "8h 9h 10h",
                "Qs Qd Qs",
                "JK Qd Kd",
                "9c 10c Jc",
                "7h 8h 9h",
                "8c 9c 10c",
                "Jh Js Jh",
                "6c 7c 8c 9c 10c",
            ],
            hand: "3d Jd Qh Qc Kc Ac Qd Jc Qc Qh Qc Qs Jh JK",
        },
        // Standard, half-wild, two jokers a deck, kings wild, wilds at 20,
        // round 11, 13 cards, eight table melds, before the last draw
        // (hunt `-- 100 1000 551551`, `SIZE=before`).
        Found {
            preset: "standard",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "false"),
                ("lay_off", "true"),
                ("jokers", "2"),
                ("kings_wild", "true"),
                ("wild_value", "20"),
            ],
            round: 11,
            onto: &[
                "5d 6d Ks",
                "4d 5d JK",
                "7c 7s 7c",
                "6d Kc 8d 9d 10d",
                "3s 3h JK",
                "8c 8c 8s Kh",
                "2c 2c 2s",
                "Ad 2d 3d",
            ],
            hand: "4d Jd 8d Kd 6s 7d 7d 2d 10d 3d Kc 9d Qd",
        },
        // Strict, half-wild, three decks, wilds at face value, round 12,
        // 14 cards, eight table melds, before the last draw (hunt `-- 100
        // 1000 611611`, `SIZE=before HALF=1`): as long either way.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "false"),
                ("extra_rounds", "1"),
                ("decks", "3"),
                ("wild_value", "face"),
            ],
            round: 12,
            onto: &[
                "3s As 5s 6s",
                "3s 4s 5s 6s 7s",
                "9c 9d 9h",
                "Js Qs Ac",
                "2s 2c Ah 2h",
                "9h 10h Jh",
                "Ad 9h 9d 9s",
                "4s 5s 6s 7s 8s",
            ],
            hand: "Js 7s Ac 2s 6c Qs As Ad 8s 2s 10s 9s 4s Ks",
        },
        // Strict, half-wild, two jokers a deck, three decks, round 12, 14
        // cards, eight table melds, before the last draw (the same hunt):
        // by suit, as the look leaves it, its outs take 9,717 states of
        // the slot search, by rank 3,925; but whether the cards meld with
        // a wild more takes about as many either way (1,671 and 1,521),
        // so the race keeps it by suit.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("jokers", "2"),
                ("extra_rounds", "1"),
                ("kings_wild", "false"),
                ("decks", "3"),
            ],
            round: 12,
            onto: &[
                "4s 4s 4h Ah",
                "9c 10c Jc Qc",
                "Ad 6h 7h 8h 9h",
                "Ac Qc Kc",
                "3c 4c Ah 6c 7c",
                "As 3c 4c 5c 6c",
                "2c JK 2h",
                "As 8c 9c",
            ],
            hand: "4d 9c 5d JK 4h 7c 5c 10c 4s 8c 4c Jc 2c 7s",
        },
        // Strict, half-wild, round 13, 15 cards, eight table melds, before
        // the last draw (the same hunt): loaded by rank, it asks whether
        // the cards meld with a wild more in 1,058 states, by suit in 130,
        // and its outs take 8,394 states of the slot search by rank, 976
        // by suit (`Solver::outs_limited_raced`).
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("lay_off", "true"), ("extra_rounds", "2")],
            round: 13,
            onto: &[
                "Jh Jd Jd",
                "9c 9c 9s",
                "2s 3s 4s 5s 6s",
                "2c 10s Js",
                "8c 8d 8d 8s",
                "7h 8h 2d",
                "10d 2s Qd Kd",
                "7h 8h 2h",
            ],
            hand: "9h 10h Jh 2c Js 7s 6h 9s 2d Qh 8s 10s Ac Qs Kh",
        },
        // Tens, half-wild, three decks, round 11, 13 cards, eight table
        // melds, before the last draw (hunt `-- 100 1000 621621`,
        // `SIZE=before HALF=1`): the slowest found, as long at `a55785f`;
        // its two orders are alike (`orders_differ`), and its slot search
        // meets 6,101 states.
        Found {
            preset: "tens",
            settings: &[("half_wild", "true"), ("lay_off", "true"), ("extra_rounds", "1"), ("decks", "3")],
            round: 11,
            onto: &[
                "Ah As Ac",
                "6s 7s 8s",
                "Ks 5s 6s",
                "6h 7h 8h 9h 10h",
                "2s 3s Kd",
                "7s 8s 9s",
                "9s 10s Js Qs Ks",
                "As Kh 3s",
            ],
            hand: "6s Js Kh 8s 4s Qs 4s 5s 7s Kh 10s 3d 9s",
        },
        // Strict, half-wild, a joker a deck, kings wild, aces high, three
        // decks, round 12, 14 cards, eight table melds, before the last
        // draw (the same hunt): by rank, it asks whether the cards meld
        // with a wild more in 1,736 states, by suit in 1,001, so the race
        // keeps the order loaded and costs it 0.7 ms.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("ace_high", "true"),
                ("jokers", "1"),
                ("extra_rounds", "1"),
                ("kings_wild", "true"),
                ("decks", "3"),
            ],
            round: 12,
            onto: &[
                "5h 5d 5c Ad",
                "10s Js Qs Ah",
                "8s 9s 10s",
                "JK 7c 8c",
                "6d 6s 6d",
                "3s Kh 5s",
                "5s 6s 7s 8s",
                "9d 9c 9h 9s",
            ],
            hand: "Ac 4s Js Qs 9s 6s 10s Kd 2c 5s 8s 7s 9c 4s",
        },
        // Strict, half-wild, a joker a deck, two decks, round 13, 15 cards,
        // eight table melds, before the last draw (`HALF=1 SIZE=before
        // slowest -- 100 1000 631631`): many of its cards' neighbours are
        // no out, so that one search of the whole hand prunes few states.
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("jokers", "1"), ("extra_rounds", "2"), ("decks", "2")],
            round: 13,
            onto: &[
                "2d 3d 4d 5d",
                "3c 2s 5c 6c",
                "7s 7d 7h 2c",
                "8d 9d 10d",
                "9c 10c Jc Qc JK",
                "8d 2d 10d",
                "5d 6d 2c",
                "3s 2h 5s",
            ],
            hand: "6d Qd 4h 7c Jd 7d 7c Kd JK 9d 2s 8c 9s 7h 7s",
        },
        // Strict, wilds free, melds of wilds alone, three decks, round 13,
        // 15 cards, eight table melds (two of wilds alone), before the last
        // draw (`SIZE=before slowest -- 100 1000 641641`): its time goes to
        // the groups laid off.
        Found {
            preset: "strict",
            settings: &[("all_wild_melds", "true"), ("extra_rounds", "2"), ("decks", "3")],
            round: 13,
            onto: &[
                "4d 5d 2c 7d 8d",
                "2s 2d 2c 2s",
                "7c 8c 9c 10c Jc",
                "2s 2d 2d",
                "4h 5h 6h 7h 8h",
                "9h 9s 9c",
                "3h 3s 3c 3s",
                "3h 4h 5h 6h",
            ],
            hand: "3c 6h Qh 10s 8c 7c Qc 6c Kc 10c 9c 5c 2h Jc 5c",
        },
        // Strict, half wild, aces high, three decks, round 11 before the
        // draw, eight table melds, five of them clubs (`HALF=1 SIZE=before
        // slowest -- 100 1000 651651`): its time goes to the slot search
        // under the limit.
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("ace_high", "true"), ("decks", "3"), ("wild_value", "20")],
            round: 11,
            onto: &[
                "5h 5h Kh",
                "Ah 2h 3h 4h",
                "2c 3c 4c",
                "Ac 2c 3c 4c",
                "Jc Qc Kc",
                "7c 8c 9c 10c Jc",
                "6c 7c 8c Kc",
                "Kh 5d 5h 5s",
            ],
            hand: "5d 5c 10c Kd Ks 5c 5c Qh 5s 9c 8c 6c 7c",
        },
        // Strict, half wild, aces high, two decks, no joker, round 13, 15
        // cards, six table melds, before the last draw (`SIZE=before
        // slowest -- 100 1000 661661`).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("ace_high", "true"),
                ("jokers", "0"),
                ("extra_rounds", "2"),
                ("decks", "2"),
            ],
            round: 13,
            onto: &[
                "3c 4c 5c",
                "5s 5h 5d 5s",
                "Ad 2d 3d 4d 5d",
                "2c 3c 4c 2s",
                "8h 9h 10h Jh Qh",
                "10s 2h Qs",
            ],
            hand: "5c 9c Kc Kc Ac 9c 2c 6c Qc 8c Jd 7c 2h Jc 10c",
        },
        // Strict, half wild, melds of wilds alone, twos wild, three decks,
        // round 13, 15 cards, eight table melds, before the last draw
        // (`HALF=1 SIZE=before slowest -- 100 1000 671671`).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "false"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &[
                "2d Ad As",
                "9c 10c Jc Qc Kc",
                "9c 10c Jc",
                "2s 3s 4s 5s 6s",
                "7h 7d 7d 7c",
                "2c 3c 4c 5c 6c",
                "2c 3c 4c 5c",
                "6s 6s 2h",
            ],
            hand: "2c 9c Ac Jc 7c 7c Qc Ah 8c Kc 2s 10h 7s 2d 6c",
        },
        // Five Crowns, half wild, three decks, round 11 before the draw,
        // eight table melds (the same hunt).
        Found {
            preset: "five-crowns",
            settings: &[("half_wild", "true"), ("lay_off", "true"), ("decks", "3")],
            round: 11,
            onto: &[
                "Kr 4c 5c 6c",
                "8d 8r 8d",
                "7c 7h 7r 7h",
                "3c 4c 5c Ks",
                "4d 5d 6d",
                "7c Kd 9c",
                "JK 10s Js",
                "3s 4s 5s 6s",
            ],
            hand: "7s 8d 8s 8c 9c 8r 8h 8c 8c 8s 7c Qd Kh",
        },
        // Half wild, laying off, twos wild, round 13, 15 cards of
        // diamonds, seven table melds, before the last draw: the slowest
        // of the bench, its time in whether the rest melds for every table
        // meld used at once (`HALF=1 SIZE=before slowest -- 100 1000
        // 691691`).
        Found {
            preset: "standard",
            settings: &[("half_wild", "true"), ("lay_off", "true"), ("extra_rounds", "2")],
            round: 13,
            onto: &[
                "8d 9d 10d Jd Qd",
                "Qc Qs 2s",
                "8h 8h 8c 8c",
                "2d 2h 4d 5d",
                "9s 2s Js Qs",
                "5d 2h 7d",
                "6c 6s 6s",
            ],
            hand: "Kd 7d 9d 6d 2c 4d 3d 8d Jd 5s 2c Qd 3d 6d 10d",
        },
        // Strict, half wild, aces high, kings wild, two decks, round 13,
        // 15 cards of hearts, seven table melds, before the last draw: a
        // card no out that goes into hundreds of groups laid off, which
        // asked meld by meld took twice as long as the search (the same
        // hunt).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("ace_high", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
                ("decks", "2"),
            ],
            round: 13,
            onto: &[
                "Kd 3s 3s",
                "Ad 2d 3d 4d 5d",
                "4h Kh 6h",
                "4h 5h 6h 7h",
                "9s 10s Js Qs 2h",
                "7d 7s 7d",
                "8d 8h 8d 8c",
            ],
            hand: "8h Ah Jh Qh 10h Kd 3h 9h 5h 10h 9h 3h 7h 10d Ah",
        },
        // Strict, half wild, twos wild, three decks, round 13, 15 cards
        // mostly of clubs, eight table melds, before the last draw: the
        // slowest found by the hunt `HALF=1 SIZE=before slowest -- 100
        // 1000 721721`, its time in the outs.
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("extra_rounds", "2"), ("decks", "3")],
            round: 13,
            onto: &[
                "5s 6s 2c 8s",
                "4s 5s 6s 7s 8s",
                "7h 7c 7h 7h",
                "2c 3c 4c",
                "10c Jc 2s",
                "2c 3c 4c 5c 6c",
                "9c 10c Jc Qc",
                "6d 2h 6d",
            ],
            hand: "8c 7c 2h 10c 5s Qc 6c 5c Kc Jc 9c 7c 2d 9d 10s",
        },
        // Tens, half wild, all-wild melds, laying off, two decks, round
        // 12, 14 cards mostly of hearts, eight table melds, before the last
        // draw: a hand the outs meld by meld made slower (the same hunt).
        Found {
            preset: "tens",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("extra_rounds", "1"),
                ("kings_wild", "false"),
                ("decks", "2"),
            ],
            round: 12,
            onto: &[
                "10d Jd Qd",
                "5h 6h 7h 8h Ac",
                "Ah 2h 3h",
                "7s Ad 9s 10s",
                "9s 10s Js Qs Ks",
                "Ac 3h 4h",
                "Ah Qh Kh",
                "As 9h 10h Jh",
            ],
            hand: "6h 10h 7h Jh 3s 8h 9h 2s 2s 4h 5h Ad 2h Qh",
        },
        // Strict, wilds free, all-wild melds, aces high, kings wild, round
        // 13, 15 cards mostly of hearts, four table melds of which two are
        // wilds alone, before the last draw (`FREE=1 SIZE=before slowest
        // -- 100 1000 711711`).
        Found {
            preset: "strict",
            settings: &[
                ("all_wild_melds", "true"),
                ("ace_high", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
            ],
            round: 13,
            onto: &["2d 2s 2c", "2c 2h 2d", "4d 5d 6d 7d", "10s 10c 10s 10h"],
            hand: "Qh Qs 3c 4h Ah 6h 5h Jh Kd 8h 10h 3h 7h 8c 9h",
        },
        // Strict, half-wild, aces high, three decks, round 13, 15 cards
        // nine of them clubs, eight table melds, before the last draw
        // (`HALF=1 SIZE=before slowest -- 100 1000 771771`).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("ace_high", "true"),
                ("extra_rounds", "2"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &[
                "2c 10c Jc Qc Kc",
                "5c 6c 7c 8c",
                "3c 4c 5c",
                "2s 5c 6c 7c",
                "10h Jh Qh Kh",
                "Ad Ad 2d",
                "3d 2c 3d 3c",
                "Jc 2h Kc",
            ],
            hand: "Ah 8s Ac 9c 10c 9c Qc Ac Ad 2s 8c Jc As 4c Kd",
        },
        // Strict, half-wild, kings wild, three decks, round 11, 13 cards
        // mostly diamonds, eight table melds, before the last draw
        // (`HALF=1 SIZE=before slowest -- 100 1000 791791`).
        Found {
            preset: "strict",
            settings: &[("half_wild", "true"), ("extra_rounds", "2"), ("kings_wild", "true"), ("decks", "3")],
            round: 11,
            onto: &[
                "3d 4d 5d Kd",
                "6d Kh 8d",
                "9h 10h Jh Qh Kh",
                "7h 7h Ks 7c",
                "3d 4d 5d 6d Kd",
                "9d Ks Jd Qd Kd",
                "3d 4d 5d Kc",
                "7s 7c 7d",
            ],
            hand: "7d 2d 6h 7d Qd 7c 8d 10d Jd 2s 6d Kh 9d",
        },
        // Strict, half-wild, no melds of wilds alone, three decks, round 13,
        // 15 cards mostly diamonds, eight table melds, before the last draw
        // (the same hunt).
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "false"),
                ("lay_off", "true"),
                ("jokers", "0"),
                ("extra_rounds", "2"),
                ("kings_wild", "false"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &[
                "4s 5s 6s",
                "6d 7d 8d 2d",
                "Jd Qd Kd",
                "4d 5d 2s",
                "9s 2s 9c 9h",
                "8d 2c 10d Jd Qd",
                "Ks Kh Kc",
                "4d 5d 6d 7d",
            ],
            hand: "10s 6h 2s 4d Kc 7d 8d Qd 9d 9d Kd 3d 2d 10d Jd",
        },
        // Five Crowns, half-wild, a joker a deck, three decks, round 11, 13
        // cards, eight table melds, before the last draw (`HALF=1
        // SIZE=before slowest -- 100 1000 811811`): the slowest of Five
        // Crowns found, its outs 4.6 ms of it.
        Found {
            preset: "five-crowns",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("jokers", "1"),
                ("kings_wild", "false"),
                ("decks", "3"),
            ],
            round: 11,
            onto: &[
                "10d Jd Qd Kd",
                "5d 6d 7d 8d",
                "5d 6d 7d 8d",
                "7s 8s JK",
                "6d 7d Kc",
                "10d Kh Qd",
                "3s 3r 3r 3h",
                "9r 9s Kc 9r",
            ],
            hand: "9h 9c Jd 9d 9d 9s Jc 9c 9h 10d 9r 10r 9d",
        },
        // Tens, half-wild, a joker a deck, kings wild, three decks, round
        // 12, 14 cards, eight table melds, before the last draw (`HALF=1
        // SIZE=before slowest -- 100 1000 821821`, on the outs by rank):
        // its slowest, 9.7 ms with the outs by suit, its outs 5.0 ms of
        // 5.3 now.
        Found {
            preset: "tens",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("jokers", "1"),
                ("extra_rounds", "1"),
                ("kings_wild", "true"),
                ("decks", "3"),
            ],
            round: 12,
            onto: &[
                "7h 7d 7h",
                "9s 10s Ac Qs Ks",
                "3s 4s 5s 6s",
                "Kd 2c 3c",
                "8d 8h Kc",
                "9c 10c Jc",
                "Ac 2c 3c 4c 5c",
                "9c 10c Jc",
            ],
            hand: "8s Kh 3c 8c 8h 8d 8c 8h 7c Ah Qs 8s 8c 7s",
        },
        // Half-wild, kings wild, three decks, round 12, 14 cards, eight
        // table melds, before the last draw (`HALF=1 SIZE=before slowest
        // -- 100 1000 851851`): its slowest, 6.5 ms before the melds were
        // asked first within more where the search found none.
        Found {
            preset: "standard",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("ace_high", "false"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
                ("decks", "3"),
            ],
            round: 12,
            onto: &[
                "Ad 2d 3d 4d",
                "7c 8c 9c",
                "10d Jd Qd Kd",
                "9d 10d Ks",
                "Ah Jd Qd",
                "Ad 2d Ad 4d 5d",
                "3s 4s 5s Kd 7s",
                "Ah 2d 3d 4d 5d",
            ],
            hand: "Jc 10d 9h Kd 8d 6d 6d 9d 2s Jd Qh 8s 8d 7d",
        },
        // Strict, half-wild, wilds at 20, three decks, round 12, 14 cards,
        // eight table melds, before the last draw: that hunt's second,
        // 6.2 ms.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("extra_rounds", "1"),
                ("kings_wild", "false"),
                ("decks", "3"),
                ("wild_value", "20"),
            ],
            round: 12,
            onto: &[
                "Ac 3s 4s 5s",
                "5c 5h 5h Ac",
                "7s 8s 9s",
                "Ac 2s 3s 4s 5s",
                "Ad 6c 6c",
                "Ad Qh Qc Qs",
                "2s 3s 4s",
                "Qc Qh Qd",
            ],
            hand: "10s Ks 9s Jc 8s 7s 6s As Qs 6s Js Ah 5s 10d",
        },
        // Tens, half-wild, laying off, face values, round 13, 15 cards,
        // eight table melds, before the last draw (`HALF=1 SIZE=before
        // slowest -- 100 1000 861861`): its slowest, 8.6 ms.
        Found {
            preset: "tens",
            settings: &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "false"),
                ("wild_value", "face"),
            ],
            round: 13,
            onto: &[
                "6s 7s 8s 2d",
                "4c 5c 6c",
                "4h 5h 6h 7h",
                "8s 9s 10s 2c",
                "Qc Qd Qh Qd",
                "3c 4c 5c 6c",
                "5d 5h 5d",
                "Js 2c Jh",
            ],
            hand: "8c 10s 3s 5s 3s Ks 2h 5s Js 4s 9s Qs 10h 7s 6s",
        },
        // Tens, half-wild, round 13, 15 cards, eight table melds, before
        // the last draw: that hunt's second, 7.0 ms, its search's first
        // states finding none of its outs and ending soon after.
        Found {
            preset: "tens",
            settings: &[("half_wild", "true"), ("lay_off", "true"), ("extra_rounds", "2")],
            round: 13,
            onto: &[
                "10h Jh 2d Kh",
                "8h 9h 2h Jh Qh",
                "5h 6h 2s",
                "2h Qd Kd",
                "2s 3s 4s 5s 6s",
                "10d 2c 10s",
                "10d 10c 2c 10c",
                "6s 7s 8s 9s",
            ],
            hand: "9h 7h Kh 10h Qs 9s 4h 2d 8d 8h 3h 5h 3h Qh 6h",
        },
        // Strict, half-wild, three decks, face values, round 12, 14 cards,
        // eight table melds, before the last draw: that hunt's third,
        // 6.4 ms.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("lay_off", "true"),
                ("ace_high", "false"),
                ("extra_rounds", "2"),
                ("decks", "3"),
                ("wild_value", "face"),
            ],
            round: 12,
            onto: &[
                "3c Ah 5c",
                "9d 10d Jd",
                "6c 7c 8c Ac 10c",
                "8c 9c 10c Jc",
                "2h 2s 2h 2s",
                "Ac 2c 3c",
                "7s 7d 7h",
                "Ah 4c 5c 6c 7c",
            ],
            hand: "9c 10c 3c 7c 9h 2c Qc 8c 6c 4c 5c Ac Jc 3d",
        },
        // Strict, half-wild, kings wild, three decks, round 13, 15 cards,
        // eight table melds, before the last draw (`HALF=1 SIZE=before
        // slowest -- 100 1000 871871`): the slowest hand found, 11.3 ms.
        Found {
            preset: "strict",
            settings: &[
                ("half_wild", "true"),
                ("ace_high", "false"),
                ("jokers", "0"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
                ("decks", "3"),
            ],
            round: 13,
            onto: &[
                "10h Jh Qh Kh",
                "8h 8d 8c",
                "9h 10h Jh Qh",
                "6h 7h 2d",
                "5h 6h 7h 8h",
                "5c 6c 7c 8c 9c",
                "2h 3h 4h 5h",
                "5d Kh 5d 5s",
            ],
            hand: "Kc 4h Jc 5h Jh 3c Ks 7h 9d 4h 10h 6h 8h 9h Qh",
        },
    ];

    fn bench_found(bencher: Bencher, found: &Found) {
        let mut rules = Rules::preset(found.preset).expect("a preset");
        for (key, value) in found.settings {
            rules.set(key, value).expect("a setting");
        }
        let deal = rules.deal(found.round).expect("a round");
        let cards = |text: &str| three13_core::hand::parse_hand(text, &rules).expect("cards");
        let onto: Vec<Vec<Card>> = found.onto.iter().map(|m| cards(m)).collect();
        let table = Table::new(&rules, deal.wild).with_onto(onto).expect("table melds");
        let hand = cards(found.hand);
        bencher
            .with_inputs(Solver::new)
            .bench_local_values(|mut solver| analyse(&mut solver, &hand, &deal, &table, &[]));
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_two_jokers_four_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[0]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_twos_wild_15_cards(bencher: Bencher) {
        bench_found(bencher, &HANDS[1]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn five_crowns_four_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[2]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_ace_high_three_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[3]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_joker_kings_wild_three_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[4]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_16_cards_four_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[5]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_joker_15_cards_four_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[6]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_two_jokers_two_decks_15_cards(bencher: Bencher) {
        bench_found(bencher, &HANDS[7]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_two_jokers_16_cards_four_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[8]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_kings_wild_16_cards_four_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[9]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn three_decks_wilds_20_16_cards_four_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[10]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn kings_and_twos_wild_16_cards_four_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[11]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn three_decks_kings_wild_16_cards_four_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[12]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_half_wild_eight_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[13]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_three_decks_five_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[14]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn wilds_alone_two_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[15]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn two_melds_of_wilds_alone(bencher: Bencher) {
        bench_found(bencher, &HANDS[16]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_eight_melds_round_11(bencher: Bencher) {
        bench_found(bencher, &HANDS[17]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn kings_wild_two_jokers_eight_melds(bencher: Bencher) {
        bench_found(bencher, &HANDS[18]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn three_decks_eight_melds_round_12(bencher: Bencher) {
        bench_found(bencher, &HANDS[19]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_three_decks_eight_melds_round_12(bencher: Bencher) {
        bench_found(bencher, &HANDS[20]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_ace_high_eight_melds_round_13(bencher: Bencher) {
        bench_found(bencher, &HANDS[21]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_kings_wild_two_melds_round_13(bencher: Bencher) {
        bench_found(bencher, &HANDS[22]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_two_jokers_eight_melds_last_turn(bencher: Bencher) {
        bench_found(bencher, &HANDS[23]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[24]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_eight_melds_few_states_a_set_at_a_time(bencher: Bencher) {
        bench_found(bencher, &HANDS[25]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn ace_high_three_decks_five_melds_last_turn(bencher: Bencher) {
        bench_found(bencher, &HANDS[26]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_queens_eight_melds_round_11(bencher: Bencher) {
        bench_found(bencher, &HANDS[27]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_eight_melds_before_the_last_draw_round_13(bencher: Bencher) {
        bench_found(bencher, &HANDS[28]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn three_decks_seven_melds_round_12(bencher: Bencher) {
        bench_found(bencher, &HANDS[29]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn kings_wild_eight_melds_round_13(bencher: Bencher) {
        bench_found(bencher, &HANDS[30]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_wilds_alone_eight_melds_round_13(bencher: Bencher) {
        bench_found(bencher, &HANDS[31]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_eight_melds_before_the_last_draw_round_13(bencher: Bencher) {
        bench_found(bencher, &HANDS[32]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_half_wild_eight_melds_before_the_last_draw_round_12(bencher: Bencher) {
        bench_found(bencher, &HANDS[33]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn no_wild_many_ways_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[34]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_half_wild_eight_melds_before_the_last_draw_round_13(bencher: Bencher) {
        bench_found(bencher, &HANDS[35]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn two_decks_half_wild_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[36]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_kings_half_wild_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[37]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_eight_melds_quicker_by_suit(bencher: Bencher) {
        bench_found(bencher, &HANDS[38]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_eight_melds_long_both_ways(bencher: Bencher) {
        bench_found(bencher, &HANDS[39]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn two_melds_of_wilds_alone_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[40]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_half_wild_eight_melds_of_clubs_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[41]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn two_jokers_eight_melds_wilds_free_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[42]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_wilds_free_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[43]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_seven_melds_after_the_draw_by_suit(bencher: Bencher) {
        bench_found(bencher, &HANDS[44]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_eight_melds_a_long_discard_apart(bencher: Bencher) {
        bench_found(bencher, &HANDS[45]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn five_crowns_eight_melds_of_diamonds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[46]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_wilds_free_eight_melds_each_discard_apart(bencher: Bencher) {
        bench_found(bencher, &HANDS[47]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_eight_melds_discards_apart_in_all(bencher: Bencher) {
        bench_found(bencher, &HANDS[48]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_half_wild_two_jokers_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[49]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn hearts_wilds_free_six_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[50]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_kings_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[51]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_eight_fours_after_the_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[52]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn five_crowns_half_wild_eight_fives_after_the_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[53]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_wilds_free_four_melds_after_the_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[54]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_sevens_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[55]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_wilds_20_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[56]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_hearts_seven_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[57]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn clubs_wilds_free_four_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[58]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_joker_four_melds_of_clubs_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[59]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn kings_and_twos_wild_eight_melds_two_of_wilds_alone_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[60]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_aces_high_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[61]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_three_decks_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[62]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_aces_high_14_cards_before_the_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[63]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_two_jokers_14_cards_before_the_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[64]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_two_jokers_kings_wild_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[65]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_three_decks_14_cards_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[66]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_two_jokers_three_decks_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[67]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_round_13_eight_melds_by_suit_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[68]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_half_wild_three_decks_eight_melds_of_spades_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[69]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_kings_wild_aces_high_eight_melds_of_spades_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[70]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_two_decks_15_cards_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[71]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_wilds_free_three_decks_15_cards_eight_melds_of_clubs_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[72]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_aces_high_three_decks_eight_melds_of_clubs_before_the_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[73]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_aces_high_two_decks_15_cards_six_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[74]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_wilds_alone_three_decks_15_cards_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[75]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn five_crowns_half_wild_three_decks_eight_melds_before_the_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[76]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_twos_wild_15_diamonds_seven_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[77]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_kings_wild_aces_high_15_hearts_seven_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[78]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_twos_wild_three_decks_15_clubs_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[79]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_half_wild_all_wild_melds_14_hearts_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[80]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_wilds_free_kings_wild_15_hearts_two_melds_of_wilds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[81]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_aces_high_three_decks_nine_clubs_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[82]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_kings_wild_three_decks_13_diamonds_eight_melds_before_the_last_draw(
        bencher: Bencher,
    ) {
        bench_found(bencher, &HANDS[83]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_three_decks_15_diamonds_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[84]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn five_crowns_half_wild_three_decks_nines_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[85]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_half_wild_kings_wild_three_decks_eights_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[86]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn half_wild_kings_wild_three_decks_diamonds_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[87]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_wilds_at_20_three_decks_spades_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[88]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_half_wild_face_values_spades_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[89]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn tens_half_wild_hearts_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[90]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_three_decks_face_values_clubs_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[91]);
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn strict_half_wild_kings_wild_three_decks_hearts_eight_melds_before_the_last_draw(bencher: Bencher) {
        bench_found(bencher, &HANDS[92]);
    }
}
