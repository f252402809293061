//! How fast the solver is, per hand, on random and dense hands, and the
//! brute force of the tests on the same hands for the ratio; how fast the
//! outs and the discard advice are, beside the per-candidate method (one
//! solve per card that might be drawn, per discard) on the same hands.
//!
//! `cargo bench` (or `cargo bench -- solve` for some of it). Every sample is
//! one hand (`sample_size = 1`), so the median is the median over hands.
//! The hands are drawn from a fixed seed: every run times the same ones.

use divan::Bencher;
use three13_core::analysis::{Unseen, analyse, discards, outs};
use three13_core::card::{Card, Rank};
use three13_core::rules::{Deal, Rules};
use three13_core::solver::{Solver, Table};

#[path = "../tests/core/brute.rs"]
mod brute;

fn main() {
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
    for _ in 0..rules.decks {
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
    let rules = Rules { extra_rounds: 2, jokers: 2, ..Rules::default() };
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
        let (rules, hands) = round_11();
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            super::analyse(&mut solver, &h.cards, &h.deal, &table, &[])
        });
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
/// every distinct discard), each beside the per-candidate method.
mod d_outs_round_11 {
    use super::*;

    /// Checks, before timing, that both methods give the same outs.
    fn agree(rules: &Rules, hands: &[Hand]) {
        let mut solver = Solver::new();
        for h in hands {
            let table = Table::new(rules, h.deal.wild);
            let unseen = Unseen::new(rules, &h.cards);
            let fast = outs(&mut solver, &h.cards, &table, &unseen);
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
        let (rules, hands) = five_crowns_round_11();
        let mut solver = Solver::new();
        bencher.with_inputs(cycle(&hands)).bench_local_values(|h| {
            let table = Table::new(&rules, h.deal.wild);
            super::analyse(&mut solver, &h.cards, &h.deal, &table, &[])
        });
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
