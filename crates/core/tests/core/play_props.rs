//! Rounds played out: every round legal and scored by the solver, checked
//! by a replay of its own; the same seed the same games; the points
//! coach against a plain Monte Carlo, and never worse than greedy.

use proptest::prelude::*;
use three13_core::analysis::{Ask, analyse, analyse_with};
use three13_core::card::Card;
use three13_core::play::stats::{Interval, paired};
use three13_core::play::{
    Chance, Coach, Dealt, Greedy, Move, Played, Policy, Random, Source, State, View, deal, estimate,
    last_turn, mix, play, shoe,
};
use three13_core::rules::{Game, Rules};
use three13_core::solver::{Solver, Table};

/// Replays `played` from its deal without the engine: every draw from the
/// top of the stock or of the pile, every discard a card of the hand and
/// not the one just taken from the pile (unless another copy is held),
/// going out exactly when the hand left melds, one more turn for each
/// other player, the cards conserved, and each score the solver's
/// deadwood under the rules. Returns the scores.
pub(crate) fn replay(rules: &Rules, played: &Played) -> Vec<i32> {
    let mut solver = Solver::new();
    let d = &played.dealt;
    let players = d.hands.len();
    let plain = Table::new(rules, d.deal.wild);
    let mut hands = d.hands.clone();
    let mut stock: Vec<Card> = d.stock.iter().rev().copied().collect();
    let mut pile: Vec<Card> = d.face_up.into_iter().collect();
    let mut seat = (d.dealer + 1) % players;
    let mut out: Option<usize> = None;
    let mut finals = 0;
    let mut onto: Vec<Vec<Card>> = Vec::new();
    let mut reshuffled = false;
    for (i, t) in played.turns.iter().enumerate() {
        assert_eq!(t.seat, seat, "turn {i}: seats in order");
        if out.is_some() {
            assert!(finals > 0, "turn {i}: a turn after the last");
        }
        let table = if rules.lay_off() && !onto.is_empty() {
            plain.clone().with_onto(onto.clone()).unwrap()
        } else {
            plain.clone()
        };
        if stock.is_empty() && rules.game() == Game::FiveCrowns && pile.len() >= 2 {
            let top = pile.pop().unwrap();
            stock = std::mem::replace(&mut pile, vec![top]);
            reshuffled = true;
        }
        match t.draw {
            Source::Stock => {
                if reshuffled {
                    let at = stock.iter().position(|&c| c == t.card).expect("a card of the stock");
                    stock.remove(at);
                } else {
                    assert_eq!(stock.pop(), Some(t.card), "turn {i}: the top of the stock");
                }
            }
            Source::FaceUp => assert_eq!(pile.pop(), Some(t.card), "turn {i}: the face-up card"),
        }
        let hand = &mut hands[seat];
        hand.push(t.card);
        let at = hand.iter().position(|&c| c == t.discard).expect("the discard is in the hand");
        if t.draw == Source::FaceUp && t.discard == t.card && !rules.throw_back() {
            assert!(hand.iter().filter(|&&c| c == t.card).count() >= 2, "turn {i}: taken back");
        }
        hand.remove(at);
        pile.push(t.discard);
        // Under `go_around_once` nobody goes out on the first `players`
        // turns, each seat's first.
        let melds = solver.deadwood(hand, &table) == 0 && !(rules.go_around_once() && i < players);
        if out.is_none() {
            assert_eq!(t.out, melds, "turn {i}: out exactly when the hand melds");
            if melds {
                out = Some(seat);
                finals = players - 1;
                if rules.lay_off() {
                    onto = solver.solve(hand, &table).melds.into_iter().map(|m| m.cards).collect();
                }
            }
        } else {
            assert!(!t.out, "turn {i}: only the first out is out");
            finals -= 1;
        }
        seat = (seat + 1) % players;
    }
    assert_eq!(out, played.out);
    let stock_out = stock.is_empty() && (rules.game() != Game::FiveCrowns || pile.len() < 2);
    if out.is_some() {
        // Every other player took a last turn, or the stock ran out.
        assert!(finals == 0 || stock_out, "a last turn missing");
    } else {
        assert!(stock.is_empty(), "a round without anyone out ends on an empty stock");
    }
    assert_eq!(hands, played.hands);
    // The cards conserved.
    let mut all: Vec<Card> = hands.iter().flatten().copied().chain(stock).chain(pile).collect();
    let mut decks = shoe(rules);
    all.sort_unstable();
    decks.sort_unstable();
    assert_eq!(all, decks, "cards conserved");
    for h in &hands {
        assert_eq!(h.len(), d.deal.cards, "each hand of the round's size at the end");
    }
    let table = if rules.lay_off() && !onto.is_empty() { plain.with_onto(onto).unwrap() } else { plain };
    let factor = if rules.doubles(d.deal.wild) { 2 } else { 1 };
    (0..players)
        .map(|s| {
            if out == Some(s) {
                rules.go_out_score(d.deal.wild) * factor
            } else {
                solver.deadwood(&hands[s], &table) as i32 * factor
            }
        })
        .collect()
}

fn rules_of(i: usize) -> Rules {
    match i {
        0 => Rules::default(),
        1 => Rules::preset("five-crowns").unwrap(),
        2 => Rules::preset("strict").unwrap(),
        3 => Rules::default()
            .with("go_out_bonus", "wild")
            .unwrap()
            .with("double_last_rounds", "true")
            .unwrap()
            .with("jokers", "2")
            .unwrap(),
        4 => Rules::default().with("half_wild", "true").unwrap().with("decks", "1").unwrap(),
        5 => Rules::preset("tens")
            .unwrap()
            .with("lay_off", "true")
            .unwrap()
            .with("kings_wild", "true")
            .unwrap(),
        _ => Rules::preset("strict")
            .unwrap()
            .with("throw_back", "true")
            .unwrap()
            .with("go_around_once", "true")
            .unwrap(),
    }
}

fn policy(i: usize, seed: u64) -> Box<dyn Policy> {
    match i {
        0 => Box::new(Random),
        1 => Box::new(Greedy),
        2 => Box::new(Chance),
        _ => Box::new(Coach::new(4, seed)),
    }
}

fn play_one(rules: &Rules, round: usize, players: usize, seed: u64, kinds: &[usize]) -> Option<Played> {
    let d = rules.deal(round)?;
    let mut rng = fastrand::Rng::with_seed(seed);
    let dealt: Dealt = deal(rules, d, players, seed as usize % players, &mut rng)?;
    let mut boxes: Vec<Box<dyn Policy>> =
        (0..players).map(|s| policy(kinds[s % kinds.len()], seed)).collect();
    let mut policies: Vec<&mut dyn Policy> = boxes.iter_mut().map(|b| &mut **b as &mut dyn Policy).collect();
    Some(play(&mut Solver::new(), rules, &dealt, &mut policies, &mut rng))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every round played out is legal, its scores the solver's, under
    /// every family of rules, by every policy; the same seed plays the
    /// same round.
    #[test]
    fn rounds_are_legal(
        r in 0usize..7,
        round in 1usize..12,
        players in 2usize..7,
        seed in any::<u64>(),
        kinds in proptest::collection::vec(0usize..3, 1..4),
    ) {
        let rules = rules_of(r);
        // The coach only in small rounds: it plays many rounds a turn.
        let kinds: Vec<usize> = if round <= 2 { kinds.into_iter().chain([3]).collect() } else { kinds };
        let Some(played) = play_one(&rules, round, players, seed, &kinds) else { return Ok(()) };
        prop_assert_eq!(replay(&rules, &played), played.scores.clone());
        let again = play_one(&rules, round, players, seed, &kinds).unwrap();
        prop_assert_eq!(again, played);
    }
}

/// Greedy as its definition says it, every card searched: takes the
/// face-up card when some discard then leaves less deadwood than the hand
/// holds; discards the card leaving least (a natural before a wild, then
/// the card worth most, then the first in the deck's order). Each answer
/// of the policy it wraps is checked against it.
#[derive(Debug)]
struct Searched;

fn searched_discard(solver: &mut Solver, hand: &[Card], table: &Table, legal: &[Card]) -> Card {
    solver.load(hand, table);
    let mut each: Vec<(Card, u32)> = legal.iter().map(|&c| (c, solver.deadwood_less(&[c]))).collect();
    each.sort_by(|a, b| {
        a.1.cmp(&b.1)
            .then(table.is_wild(a.0).cmp(&table.is_wild(b.0)))
            .then(table.value(b.0).cmp(&table.value(a.0)))
            .then(a.0.cmp(&b.0))
    });
    each[0].0
}

impl Policy for Searched {
    fn take(&mut self, solver: &mut Solver, view: &View<'_>, rng: &mut fastrand::Rng) -> bool {
        let up = view.face_up().unwrap();
        let mut with = view.hand().to_vec();
        with.push(up);
        let again = view.hand().contains(&up);
        // Asked first, so that what greedy asks after finds nothing kept
        // by this.
        let greedy = Greedy.take(solver, view, rng);
        let mut plain = Solver::new();
        plain.load(&with, view.table);
        let now = plain.deadwood_less(&[up]);
        let takes = with.iter().filter(|&&c| c != up || again).any(|&c| plain.deadwood_less(&[c]) < now);
        assert_eq!(greedy, takes, "take {up} into {:?}", view.hand());
        greedy
    }

    fn discard(&mut self, solver: &mut Solver, view: &View<'_>, rng: &mut fastrand::Rng) -> Card {
        let greedy = Greedy.discard(solver, view, rng);
        let legal = three13_core::play::legal_discards(view.state);
        let plain = searched_discard(&mut Solver::new(), view.hand(), view.table, &legal);
        assert_eq!(greedy, plain, "discard from {:?}", view.hand());
        greedy
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Greedy, which searches only the discards whose bound could beat the
    /// least found, makes the choices of searching every discard, under
    /// every family of rules, with the solver keeping its answers from
    /// one deal's rounds to the next or not.
    #[test]
    fn greedy_searches_only_what_could_beat_the_least(
        r in 0usize..7,
        round in 1usize..12,
        players in 2usize..6,
        seed in any::<u64>(),
        keep in any::<bool>(),
    ) {
        let rules = rules_of(r);
        let Some(d) = rules.deal(round) else { return Ok(()) };
        let mut rng = fastrand::Rng::with_seed(seed);
        let Some(dealt) = deal(&rules, d, players, seed as usize % players, &mut rng) else { return Ok(()) };
        let same = rng.clone();
        let mut solver = Solver::new();
        if keep {
            solver.keep(&Table::new(&rules, d.wild));
        }
        let mut seats: Vec<Searched> = (0..players).map(|_| Searched).collect();
        let mut policies: Vec<&mut dyn Policy> = seats.iter_mut().map(|s| s as &mut dyn Policy).collect();
        let played = play(&mut solver, &rules, &dealt, &mut policies, &mut rng);
        let mut greedy: Vec<Greedy> = vec![Greedy; players];
        let mut policies: Vec<&mut dyn Policy> = greedy.iter_mut().map(|s| s as &mut dyn Policy).collect();
        let again = play(&mut Solver::new(), &rules, &dealt, &mut policies, &mut same.clone());
        prop_assert_eq!(played.scores.clone(), again.scores.clone());
        prop_assert_eq!(replay(&rules, &played), played.scores);
    }
}

/// A round of Five Crowns long enough to rebuild the stock from the pile:
/// random players in the last round.
#[test]
fn five_crowns_rebuilds_the_stock() {
    let rules = Rules::preset("five-crowns").unwrap();
    let mut rebuilt = 0;
    for seed in 0..20 {
        let played = play_one(&rules, 11, 6, seed, &[0]).unwrap();
        assert_eq!(replay(&rules, &played), played.scores);
        let from_stock = played.turns.iter().filter(|t| t.draw == Source::Stock).count();
        if from_stock > played.dealt.stock.len() {
            rebuilt += 1;
        }
    }
    assert!(rebuilt > 0, "some round outlasted its first stock");
}

/// A round of Three Thirteen whose stock runs out ends after the discard
/// that follows the last card's draw, nobody out.
#[test]
fn three_thirteen_ends_on_an_empty_stock() {
    let rules = Rules::default().with("decks", "1").unwrap();
    let ended = (0..40).filter_map(|seed| play_one(&rules, 11, 3, seed, &[0])).find(|p| p.out.is_none());
    let played = ended.expect("a round of random players that runs the stock out");
    assert_eq!(replay(&rules, &played), played.scores);
    assert_eq!(played.turns.last().unwrap().draw, Source::Stock);
}

/// The face-up card taken is no legal discard, unless the hand holds
/// another copy; under `throw_back` it is, and random players then
/// throw it back.
#[test]
fn throw_back_lets_the_card_taken_go_again() {
    for throw_back in [false, true] {
        let rules = Rules::default().with("throw_back", &throw_back.to_string()).unwrap();
        let d = rules.deal(5).unwrap();
        let mut seen = false;
        for seed in 0..40 {
            let mut rng = fastrand::Rng::with_seed(seed);
            let dealt = deal(&rules, d, 3, 0, &mut rng).unwrap();
            let mut state = State::new(&rules, &dealt);
            let up = state.draw(Source::FaceUp).unwrap();
            let legal = three13_core::play::legal_discards(&state);
            let again = dealt.hands[1].contains(&up);
            assert_eq!(legal.contains(&up), throw_back || again, "seed {seed}");
            let played = play_one(&rules, 5, 3, seed, &[0]).unwrap();
            assert_eq!(replay(&rules, &played), played.scores);
            seen |= played.turns.iter().any(|t| t.draw == Source::FaceUp && t.discard == t.card);
        }
        // (Without the rule, only a second copy of it may go: the replay
        // checks that.)
        assert!(seen || !throw_back, "random players never threw back a card taken");
    }
}

/// What a seat has seen outside its hand is all but what is hidden from
/// it, at every turn of rounds played by greedy players under each family
/// of rules: the decks less its hand and `View::seen` are exactly the
/// stock and the others' cards they did not take from the pile; once
/// someone is out, the hand they laid down is seen, whatever the rules.
#[test]
fn what_a_seat_has_seen_is_all_but_the_hidden_cards() {
    let (mut turns, mut last_turns) = (0, 0);
    for i in 0..7 {
        let rules = rules_of(i);
        for seed in 0..6u64 {
            let d = rules.deal(3 + seed as usize % 5).unwrap();
            let mut rng = fastrand::Rng::with_seed(seed + 100 * i as u64);
            let dealt = deal(&rules, d, 3, seed as usize % 3, &mut rng).unwrap();
            let mut state = State::new(&rules, &dealt);
            let mut solver = Solver::new();
            while !state.over {
                let table = state.table();
                let view = View { state: &state, table: &table };
                let mut unseen = shoe(&rules);
                for c in view.hand().iter().chain(&view.seen()) {
                    let at = unseen.iter().position(|u| u == c).expect("a card seen once");
                    unseen.swap_remove(at);
                }
                let mut hidden = state.stock.clone();
                for s in (0..3).filter(|&s| s != state.seat && Some(s) != state.out) {
                    let mut h = state.hands[s].clone();
                    for k in &state.known[s] {
                        h.remove(h.iter().position(|c| c == k).unwrap());
                    }
                    hidden.extend(h);
                }
                unseen.sort();
                hidden.sort();
                assert_eq!(unseen, hidden, "rules {i}, seed {seed}, turn {}", state.turns);
                turns += 1;
                last_turns += usize::from(state.out.is_some());
                state.turn(&mut solver, &mut Greedy, &mut rng);
            }
        }
    }
    assert!(turns > 200 && last_turns > 40, "{turns} turns, {last_turns} last turns");
}

/// The checker's advice as a policy, its discard on each last turn
/// checked as `check` gives it there: least deadwood left, a natural
/// before a wild, then the card worth most; no chance of a draw to come.
#[derive(Debug, Default)]
struct LastTurnChecked {
    last_turns: usize,
}

impl Policy for LastTurnChecked {
    fn take(&mut self, solver: &mut Solver, view: &View<'_>, rng: &mut fastrand::Rng) -> bool {
        Chance.take(solver, view, rng)
    }

    fn discard(&mut self, solver: &mut Solver, view: &View<'_>, rng: &mut fastrand::Rng) -> Card {
        let chosen = Chance.discard(solver, view, rng);
        if view.state.out.is_some() {
            self.last_turns += 1;
            let legal = three13_core::play::legal_discards(view.state);
            let mut plain = Solver::new();
            let key = |plain: &mut Solver, c: Card| {
                let mut rest = view.hand().to_vec();
                rest.remove(rest.iter().position(|&h| h == c).unwrap());
                (
                    plain.deadwood(&rest, view.table),
                    view.table.is_wild(c),
                    std::cmp::Reverse(view.table.value(c)),
                )
            };
            let best = legal.iter().map(|&c| key(&mut plain, c)).min();
            assert_eq!(Some(key(&mut plain, chosen)), best, "last turn from {:?}", view.hand());
        }
        chosen
    }
}

/// The checker's advice on the last turn discards as `check` advises it
/// there, by what each discard leaves, in every family of rules, laying
/// off onto the melds laid down where the rules allow.
#[test]
fn the_advice_on_the_last_turn_is_by_what_a_discard_leaves() {
    let mut last_turns = 0;
    for i in 0..7 {
        let rules = rules_of(i);
        for seed in 0..4u64 {
            let Some(d) = rules.deal(4 + seed as usize % 4) else { continue };
            let mut rng = fastrand::Rng::with_seed(seed + 10 * i as u64);
            let Some(dealt) = deal(&rules, d, 3, seed as usize % 3, &mut rng) else { continue };
            let mut seats: Vec<LastTurnChecked> = (0..3).map(|_| LastTurnChecked::default()).collect();
            let mut policies: Vec<&mut dyn Policy> = seats.iter_mut().map(|s| s as &mut dyn Policy).collect();
            let played = play(&mut Solver::new(), &rules, &dealt, &mut policies, &mut rng);
            assert_eq!(replay(&rules, &played), played.scores);
            last_turns += seats.iter().map(|s| s.last_turns).sum::<usize>();
        }
    }
    assert!(last_turns > 20, "{last_turns} last turns");
}

/// Under `go_around_once` nobody goes out on their first turn: a hand
/// dealt whole, round 1, goes out on its second turn at the earliest.
#[test]
fn go_around_once_holds_the_first_turns() {
    let plain = Rules::default();
    let around = Rules::default().with("go_around_once", "true").unwrap();
    let (mut early, mut held) = (0, 0);
    for seed in 0..200 {
        for (rules, holds) in [(&plain, false), (&around, true)] {
            let played = play_one(rules, 1, 3, seed, &[1]).unwrap();
            assert_eq!(replay(rules, &played), played.scores);
            let first_out = played.turns.iter().position(|t| t.out);
            if first_out.is_some_and(|i| i < 3) {
                assert!(!holds, "seed {seed}: out on turn {first_out:?} under go_around_once");
                early += 1;
            }
            if holds && first_out.is_some_and(|i| i >= 3) {
                held += 1;
            }
        }
    }
    assert!(early > 0 && held > 0, "{early} out early without the rule, {held} out later with it");
}

/// A position early in a round of `players`, the seat to play after its
/// draw from the stock.
fn position(rules: &Rules, round: usize, players: usize, seed: u64) -> State {
    let d = rules.deal(round).unwrap();
    let mut rng = fastrand::Rng::with_seed(seed);
    let dealt = deal(rules, d, players, players - 1, &mut rng).unwrap();
    let mut state = State::new(rules, &dealt);
    state.draw(Source::Stock).unwrap();
    state
}

/// The coach's estimates agree with a plain Monte Carlo of a hundred
/// times the deals: each option's mean within the intervals of both;
/// every seat drawing from the top of the stock, or from its own stream
/// (dealing to a precision, here asked for none).
#[test]
fn estimates_agree_with_plain_monte_carlo() {
    let rules = Rules::default();
    let state = position(&rules, 1, 3, 7);
    let budget = 200;
    let est = estimate(&state, budget, 11);
    let streamed = three13_core::play::estimate_within(&state, budget, 11, f64::MIN_POSITIVE, &mut |_| {});
    let mut solver = Solver::new();
    for e in est.iter().filter(|e| !e.dropped) {
        // Plain Monte Carlo: independent deals, one option at a time.
        let n = budget * 100;
        let xs: Vec<f64> = (0..n)
            .map(|k| {
                let mut rng = fastrand::Rng::with_seed(mix(99, k as u64));
                let mut s = three13_core::play::resample(&state, &mut rng);
                let Move::Discard(c) = e.option else { unreachable!() };
                s.discard(&mut solver, c).unwrap();
                let mut g: Vec<Greedy> = vec![Greedy; 3];
                let mut p: Vec<&mut dyn Policy> = g.iter_mut().map(|x| x as &mut dyn Policy).collect();
                s.finish(&mut solver, &mut p, &mut rng, None);
                s.scores(&mut solver).1[state.seat] as f64
            })
            .collect();
        let plain = Interval::of(&xs);
        let by_stream = streamed.iter().find(|s| s.option == e.option).unwrap();
        for points in [&e.points, &by_stream.points] {
            let gap = (plain.mean - points.mean).abs();
            let noise = 1.5 * (points.half() + plain.half());
            assert!(gap <= noise, "{:?}: coach {:?} against plain {:?}", e.option, points, plain);
        }
    }
}

/// The same seed gives the same estimates, on any number of threads.
#[test]
fn estimates_are_seeded() {
    let rules = Rules::preset("five-crowns").unwrap();
    let state = position(&rules, 3, 4, 5);
    let a = estimate(&state, 64, 3);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let b = pool.install(|| estimate(&state, 64, 3));
    assert_eq!(a, b);
}

/// The coach is never worse than greedy beyond the noise: paired deals
/// of round 1, seat 0 coached against greedy.
#[test]
fn coach_is_never_worse_than_greedy() {
    for rules in [Rules::default(), Rules::preset("five-crowns").unwrap()] {
        let d = rules.deal(1).unwrap();
        let diffs: Vec<f64> = (0..60u64)
            .map(|k| {
                let seed = mix(2026, k);
                let dealt =
                    deal(&rules, d, 4, (k % 4) as usize, &mut fastrand::Rng::with_seed(seed)).unwrap();
                let run = |coached: bool| {
                    let mut coach = Coach::new(32, seed);
                    let mut g: Vec<Greedy> = vec![Greedy; 4];
                    let mut p: Vec<&mut dyn Policy> = g.iter_mut().map(|x| x as &mut dyn Policy).collect();
                    if coached {
                        p[0] = &mut coach;
                    }
                    let mut rng = fastrand::Rng::with_seed(mix(seed, 9));
                    play(&mut Solver::new(), &rules, &dealt, &mut p, &mut rng).scores[0] as f64
                };
                run(true) - run(false)
            })
            .collect();
        let d = Interval::of(&diffs);
        assert!(d.low <= 0.0, "{}: the coach worse than greedy by {d:?}", rules.game().name());
        let _ = paired(&diffs, &diffs);
    }
}

/// Dealing to a precision: the deals stop once every option not dropped
/// knows its difference from the best within the half-width asked, or at
/// the budget; the deals are told batch by batch; and the estimates are
/// those of as many deals asked for without a precision.
#[test]
fn estimates_deal_until_each_difference_is_known_within() {
    let rules = Rules::default();
    for (round, seed) in [(2, 5), (3, 8), (4, 1)] {
        let state = position(&rules, round, 4, seed);
        let mut told = Vec::new();
        let est = three13_core::play::estimate_within(&state, 3000, 9, 1.0, &mut |n| told.push(n));
        let deals = est.iter().map(|e| e.deals).max().unwrap();
        assert_eq!(told.last(), Some(&deals), "round {round}");
        assert!(told.windows(2).all(|w| w[0] < w[1]), "{told:?}");
        let kept: Vec<_> = est.iter().filter(|e| !e.dropped).collect();
        if deals < 3000 {
            for e in &kept {
                assert!(e.vs_best.half() <= 1.0, "round {round}: {e:?}");
            }
        }
        // Asked for no less than the budget's precision, the same deals.
        let all = three13_core::play::estimate_within(&state, deals, 9, f64::MIN_POSITIVE, &mut |_| {});
        assert_eq!(all, est, "round {round}");
    }
}

/// The least deadwood of `hand` less one card, each card of it tried,
/// but `except`.
fn least_less_one(solver: &mut Solver, hand: &[Card], table: &Table, except: Option<Card>) -> u32 {
    (0..hand.len())
        .filter(|&i| Some(hand[i]) != except)
        .map(|i| {
            let mut left = hand.to_vec();
            left.remove(i);
            solver.deadwood(&left, table)
        })
        .min()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The last turn's points (`last_turn`, from the hand checker's
    /// analysis) are the brute force's: after
    /// the draw each discard's deadwood left; before it, taking the
    /// face-up card the least left by a discard but that card (unless
    /// another copy is held), drawing the mean over every unseen card by
    /// its copies; doubled where the round is. The table melds are those
    /// of another hand laid down.
    #[test]
    fn the_last_turn_is_the_brute_forces(i in 0usize..7, round in 1usize..=11, seed in any::<u64>()) {
        let rules = rules_of(i).with("lay_off", "true").unwrap();
        let d = rules.deal(round).unwrap();
        let mut cards = shoe(&rules);
        fastrand::Rng::with_seed(seed).shuffle(&mut cards);
        let hand = cards[..d.cards].to_vec();
        let up = cards[d.cards];
        let plain = Table::new(&rules, d.wild);
        let mut solver = Solver::new();
        let out = solver.solve(&cards[d.cards + 1..d.cards + 13], &plain);
        let onto: Vec<Vec<Card>> = out.melds.iter().map(|m| m.cards.clone()).collect();
        prop_assume!(!onto.is_empty());
        let table = plain.with_onto(onto.clone()).unwrap();
        let factor = if rules.doubles(d.wild) { 2.0 } else { 1.0 };

        let ask = Ask { upcard: Some(up), ..Ask::default() };
        let found = last_turn(&analyse_with(&mut solver, &hand, &d, &table, &[], ask), &rules);
        let mut with = hand.clone();
        with.push(up);
        let except = (!hand.contains(&up) && !rules.throw_back()).then_some(up);
        let take = factor * least_less_one(&mut solver, &with, &table, except) as f64;
        let mut known = with.clone();
        known.extend(onto.iter().flatten());
        let (mut sum, mut total) = (0u64, 0u64);
        for x in (0..Card::KINDS).filter_map(Card::from_index) {
            let copies = rules.copies(x).saturating_sub(known.iter().filter(|&&k| k == x).count()) as u64;
            if copies > 0 {
                let mut drawn = hand.clone();
                drawn.push(x);
                sum += copies * least_less_one(&mut solver, &drawn, &table, None) as u64;
                total += copies;
            }
        }
        let draw = factor * sum as f64 / total as f64;
        prop_assert_eq!(found.len(), 2);
        prop_assert_eq!(found[0].option, Move::Take(true));
        prop_assert_eq!(found[0].points.mean, take);
        prop_assert_eq!(found[1].option, Move::Take(false));
        prop_assert!((found[1].points.mean - draw).abs() < 1e-9, "{:?} against {}", found[1].points, draw);
        prop_assert_eq!(found[0].greedy, Greedy::takes(&mut Solver::new(), &hand, up, &table));
        prop_assert!(found[0].greedy != found[1].greedy);
        for e in &found {
            prop_assert_eq!(e.points.low, e.points.high);
        }

        let after = last_turn(&analyse(&mut solver, &with, &d, &table, &[]), &rules);
        let mut distinct = with.clone();
        distinct.sort();
        distinct.dedup();
        prop_assert_eq!(after.len(), distinct.len());
        let least = after.iter().map(|e| e.points.mean).fold(f64::INFINITY, f64::min);
        for e in &after {
            let Move::Discard(c) = e.option else { panic!("a discard") };
            let mut left = with.clone();
            left.remove(left.iter().position(|&h| h == c).unwrap());
            prop_assert_eq!(e.points.mean, factor * solver.deadwood(&left, &table) as f64);
        }
        // Greedy's discard leaves the least.
        prop_assert_eq!(after.iter().filter(|e| e.greedy).map(|e| e.points.mean).collect::<Vec<_>>(), vec![least]);
    }
}
