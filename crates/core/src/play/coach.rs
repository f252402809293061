//! The points coach: each option's expected points at the end of the
//! round, by playing the round out many times from the position, every
//! seat greedy, the unseen cards dealt at random consistently with what
//! the player knows. docs/points.md says how and why it is unbiased.
//!
//! Each deal of the unseen cards is drawn from its own seed (the seed of
//! the question and the deal's number), and every option is played out on
//! the same deals (common random numbers), so the differences between
//! options are measured on the same luck. The deals run in batches on
//! every core; what a deal gives does not depend on the thread it ran on,
//! so the answer is the same for any number of threads.

use std::cell::RefCell;

use rayon::prelude::*;

use super::last::last_turn_at;
use super::policy::{Greedy, Move, greedy_move, least};
use super::seat::{Estimate, Position, laid_down, options, unseen_of};
use super::stats::{Interval, paired};
use super::{Policy, Source, State, View, held_back, legal_discards, mix};
use crate::card::Card;
use crate::solver::Solver;

thread_local! {
    /// Each thread's solver for the rollouts (never held across a wait
    /// for other work).
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// The deals of a batch: after each, options clearly worse than the best
/// are dropped.
const BATCH: usize = 32;

/// How many standard errors an option must be worse than the best by to
/// be dropped before the budget is spent: rare enough by chance (about 1
/// in 1,000 at each look) that the best is almost never dropped.
const DROP_Z: f64 = 3.3;

/// The round dealt anew as the seat to play knows it: the others' hands
/// (the cards they took from the pile, and unseen cards; the player out's
/// as laid down) and the stock from the cards it has not seen, shuffled.
pub fn resample(position: &Position, rng: &mut fastrand::Rng) -> State {
    let seat = position.seat;
    let mut unseen = unseen_of(position);
    rng.shuffle(&mut unseen);
    let mut state = position.clone();
    let mut next = unseen.into_iter();
    for s in 0..state.players() {
        if s == seat {
            continue;
        }
        if let Some(hand) = laid_down(position, s) {
            state.hands[s] = hand;
            continue;
        }
        let size = position.hands[s].len();
        let mut hand = position.known[s].clone();
        hand.extend(next.by_ref().take(size.saturating_sub(hand.len())));
        state.hands[s] = hand;
    }
    state.stock = next.by_ref().take(position.stock.len()).collect();
    state
}

/// Each seat's own stream of the stock for one deal: the places of the
/// stock (as dealt) the seat would draw from were every draw from the
/// stock, dealt round the table from the seat to play. A seat drawing
/// from the stock draws from the next of its places not yet drawn (once
/// they are all drawn, from the first place left), so a card taken from
/// the pile by one seat changes no other seat's draws, and the rounds an
/// option plays out stay closer to the others' on the same deal. Which
/// place a draw reveals is decided by what has been drawn only, never by
/// the cards not yet seen, and the stock's order is uniformly random, so
/// each card drawn is, as from the top, any card not yet seen alike: each
/// option's rounds are played as the rules deal them (docs/points.md).
#[derive(Debug)]
struct Streams {
    /// The stock as dealt, top first.
    dealt: Vec<Card>,
    /// The places drawn from.
    drawn: Vec<bool>,
    players: usize,
    /// The seat to play when the stock was dealt.
    first: usize,
    /// The place put on top for the draw to come.
    pending: Option<usize>,
}

impl Streams {
    fn new(state: &State) -> Streams {
        let dealt: Vec<Card> = state.stock.iter().rev().copied().collect();
        let drawn = vec![false; dealt.len()];
        Streams { dealt, drawn, players: state.players(), first: state.seat, pending: None }
    }

    /// Puts the card of the next place of the stream of the seat to play
    /// on top of the stock, for the draw to come. The stock holds the
    /// cards of the places not drawn from, so a copy of it is there; any
    /// copy is as good.
    fn top(&mut self, state: &mut State) {
        let own = (state.seat + self.players - self.first) % self.players;
        let place = (own..self.dealt.len())
            .step_by(self.players)
            .find(|&p| !self.drawn[p])
            .or_else(|| self.drawn.iter().position(|&d| !d));
        self.pending = None;
        // None left: the stock, if any, was rebuilt from the pile.
        let Some(place) = place else { return };
        let card = self.dealt[place];
        let at = state.stock.iter().rposition(|&s| s == card).expect("the card of a place not drawn");
        let card = state.stock.remove(at);
        state.stock.push(card);
        self.pending = Some(place);
    }

    /// The seat to play drew from `from`: from the stock, the place put
    /// on top.
    fn drew(&mut self, from: Source) {
        if let (Source::Stock, Some(place)) = (from, self.pending.take()) {
            self.drawn[place] = true;
        }
    }
}

/// Plays `option` at `state`, then every seat greedy to the end: the
/// points of the seat that chose. With `streams`, each seat draws from
/// its own stream of the stock (see [`Streams`]), else from the top.
fn rollout(
    solver: &mut Solver,
    mut state: State,
    option: Move,
    rng: &mut fastrand::Rng,
    streams: bool,
) -> f64 {
    let seat = state.seat;
    let mut greedy = Greedy;
    let mut streams = streams.then(|| Streams::new(&state));
    match option {
        Move::Take(take) => {
            state.refill(rng);
            let from = if take { Source::FaceUp } else { Source::Stock };
            if let Some(streams) = &mut streams {
                streams.top(&mut state);
            }
            state.draw(from).expect("the option's draw");
            if let Some(streams) = &mut streams {
                streams.drew(from);
            }
            let table = state.table();
            let discard = greedy.discard(solver, &View { state: &state, table: &table }, rng);
            state.discard(solver, discard).expect("greedy's discard");
        }
        Move::Discard(card) => {
            state.discard(solver, card).expect("a legal discard");
        }
    }
    // Every seat greedy, until the seat's points are decided: what the
    // others do after cannot change them.
    while !state.settled(seat) {
        if state.stock.is_empty() && state.pile.is_empty() {
            state.over = true;
            break;
        }
        if let Some(streams) = &mut streams {
            streams.top(&mut state);
        }
        let turn = state.turn(solver, &mut greedy, rng);
        if let Some(streams) = &mut streams {
            streams.drew(turn.draw);
        }
    }
    state.score_of(solver, seat) as f64
}

/// Each option's expected points at `position`, over `budget` deals of
/// the unseen cards an option (fewer for an option dropped), from `seed`,
/// every seat drawing from the top of the stock.
pub fn estimate(position: &Position, budget: usize, seed: u64) -> Vec<Estimate> {
    estimate_with(position, budget, seed, None, &mut |_| {})
}

/// Each option's expected points at `position`, from `seed`, played out
/// until every option not dropped knows its difference from the best
/// within `within` points (the half-width of its 95% interval), or on
/// `budget` deals an option at most. `dealt` is told, after each batch,
/// the deals played so far. Each seat draws from its own stream of the
/// stock (see [`Streams`]), which keeps the options' rounds closer and
/// so needs fewer deals for the same precision.
pub fn estimate_within(
    position: &Position,
    budget: usize,
    seed: u64,
    within: f64,
    dealt: &mut dyn FnMut(usize),
) -> Vec<Estimate> {
    estimate_with(position, budget, seed, Some(within), dealt)
}

fn estimate_with(
    position: &Position,
    budget: usize,
    seed: u64,
    within: Option<f64>,
    dealt: &mut dyn FnMut(usize),
) -> Vec<Estimate> {
    // Another seat out: the seat's last turn, whose points need no
    // rollout (module `last`).
    if let Some(exact) = SOLVER.with_borrow_mut(|solver| last_turn_at(solver, position)) {
        return exact;
    }
    played_out(position, budget, seed, within, dealt)
}

/// [`estimate_with`] by rollouts, at any position.
fn played_out(
    position: &Position,
    budget: usize,
    seed: u64,
    within: Option<f64>,
    dealt: &mut dyn FnMut(usize),
) -> Vec<Estimate> {
    // Dealing to a precision draws from each seat's stream; the fixed
    // budget, which the coach plays by, from the one stock.
    let streams = within.is_some();
    let opts = options(position);
    let greedy = SOLVER.with_borrow_mut(|solver| {
        let table = position.table();
        greedy_move(solver, &View { state: position, table: &table })
    });
    let g = opts.iter().position(|&o| o == greedy).unwrap_or(0);
    let budget = budget.max(2);
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); opts.len()];
    let mut live: Vec<bool> = vec![true; opts.len()];
    let mut done = 0;
    while done < budget {
        let end = (done + BATCH).min(budget);
        let playing: Vec<usize> = (0..opts.len()).filter(|&i| live[i]).collect();
        let rows: Vec<Vec<f64>> = (done..end)
            .into_par_iter()
            .map(|k| {
                let deal_seed = mix(seed, k as u64);
                let sample = resample(position, &mut fastrand::Rng::with_seed(deal_seed));
                SOLVER.with_borrow_mut(|solver| {
                    // The options play the same deal: what the seats they
                    // do not reach ask is asked again, and kept.
                    solver.keep(&sample.table());
                    let row = playing
                        .iter()
                        .map(|&i| {
                            let mut rng = fastrand::Rng::with_seed(mix(deal_seed, 1));
                            rollout(solver, sample.clone(), opts[i], &mut rng, streams)
                        })
                        .collect();
                    solver.forget();
                    row
                })
            })
            .collect();
        for row in rows {
            for (j, &i) in playing.iter().enumerate() {
                samples[i].push(row[j]);
            }
        }
        done = end;
        dealt(done);
        if let Some(within) = within
            && done < budget
            && narrow(&samples, &live, within)
        {
            break;
        }
        if done < budget && playing.len() > 2 {
            let best = best_of(&samples, &live);
            for &i in &playing {
                if i == best || i == g {
                    continue;
                }
                let d = Interval::of_z(&paired(&samples[i], &samples[best]), DROP_Z);
                if d.low > 0.0 {
                    live[i] = false;
                }
            }
        }
    }
    let best = best_of(&samples, &live);
    opts.iter()
        .enumerate()
        .map(|(i, &option)| {
            let n = samples[i].len();
            Estimate {
                option,
                deals: n,
                points: Interval::of(&samples[i]),
                vs_greedy: Interval::of(&paired(&samples[i][..n.min(samples[g].len())], &samples[g])),
                vs_best: Interval::of(&paired(&samples[i][..n.min(samples[best].len())], &samples[best])),
                dropped: !live[i],
                greedy: i == g,
            }
        })
        .collect()
}

/// Whether every live option's paired difference from the best is known
/// within `within` points.
fn narrow(samples: &[Vec<f64>], live: &[bool], within: f64) -> bool {
    let best = best_of(samples, live);
    (0..samples.len())
        .filter(|&i| live[i] && i != best)
        .all(|i| Interval::of(&paired(&samples[i], &samples[best])).half() <= within)
}

/// The live option with the lowest mean.
fn best_of(samples: &[Vec<f64>], live: &[bool]) -> usize {
    let mean = |i: usize| samples[i].iter().sum::<f64>() / samples[i].len().max(1) as f64;
    (0..samples.len())
        .filter(|&i| live[i])
        .min_by(|&a, &b| mean(a).total_cmp(&mean(b)).then(a.cmp(&b)))
        .expect("an option")
}

/// The coach's choice among estimates: greedy's move, unless another
/// option scores fewer points beyond the noise (its difference from
/// greedy's whole interval below 0); then the lowest mean of those.
pub fn choose(estimates: &[Estimate]) -> Move {
    let greedy = estimates.iter().find(|e| e.greedy).expect("greedy's move");
    estimates
        .iter()
        .filter(|e| !e.dropped && e.vs_greedy.high < 0.0)
        .min_by(|a, b| a.points.mean.total_cmp(&b.points.mean))
        .unwrap_or(greedy)
        .option
}

/// Plays for points: at each decision, greedy's move unless the rollouts
/// show another option better beyond the noise. `budget` deals an option
/// per decision; each decision draws from its own seed.
#[derive(Clone, Debug)]
pub struct Coach {
    pub budget: usize,
    pub seed: u64,
    decisions: u64,
}

impl Coach {
    pub fn new(budget: usize, seed: u64) -> Coach {
        Coach { budget, seed, decisions: 0 }
    }

    fn decide(&mut self, view: &View<'_>) -> Move {
        self.decisions += 1;
        let estimates = estimate(view.state, self.budget, mix(self.seed, self.decisions));
        choose(&estimates)
    }
}

impl Policy for Coach {
    fn take(&mut self, solver: &mut Solver, view: &View<'_>, rng: &mut fastrand::Rng) -> bool {
        if self.budget == 0 {
            return Greedy.take(solver, view, rng);
        }
        self.decide(view) == Move::Take(true)
    }

    fn discard(&mut self, solver: &mut Solver, view: &View<'_>, _: &mut fastrand::Rng) -> Card {
        let legal = legal_discards(view.state);
        if self.budget == 0 || legal.len() == 1 {
            return least(solver, view.hand(), view.table, held_back(view.state)).0;
        }
        match self.decide(view) {
            Move::Discard(c) => c,
            Move::Take(_) => unreachable!("a discard is decided after the draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::deal;
    use crate::rules::Rules;

    /// Each seat's draws from the stock over the first turns of one deal,
    /// the seats to play at the turns `taking` taking the face-up card,
    /// each turn discarding the first card it may.
    fn stock_draws(taking: &[usize], streams: bool) -> Vec<Vec<Card>> {
        let rules = Rules::default();
        let d = rules.deal(9).unwrap();
        let dealt = deal(&rules, d, 4, 3, &mut fastrand::Rng::with_seed(7)).unwrap();
        let mut state = State::new(&rules, &dealt);
        let mut solver = Solver::new();
        let mut of_seat = vec![Vec::new(); 4];
        let mut stream = streams.then(|| Streams::new(&state));
        for turn in 0..16 {
            if state.over {
                break;
            }
            if let Some(s) = &mut stream {
                s.top(&mut state);
            }
            let seat = state.seat;
            let from = if taking.contains(&turn) { Source::FaceUp } else { Source::Stock };
            let card = state.draw(from).unwrap();
            if let Some(s) = &mut stream {
                s.drew(from);
            }
            if from == Source::Stock {
                of_seat[seat].push(card);
            }
            let first = legal_discards(&state)[0];
            state.discard(&mut solver, first).unwrap();
        }
        of_seat
    }

    /// A position of a round `round` dealt from `seed` to 3 players under
    /// `rules`, greedy to the first turn after someone went out, the seat
    /// to play not the player out; `None` where the round ends first.
    fn last_turn_position(rules: &Rules, round: usize, seed: u64) -> Option<State> {
        let mut rng = fastrand::Rng::with_seed(seed);
        let dealt = deal(rules, rules.deal(round).unwrap(), 3, 0, &mut rng).unwrap();
        let mut state = State::new(rules, &dealt);
        let mut solver = Solver::new();
        while !state.over && state.out.is_none_or(|o| o == state.seat) {
            state.turn(&mut solver, &mut Greedy, &mut rng);
        }
        (!state.over && !state.pile.is_empty() && !state.stock.is_empty()).then_some(state)
    }

    /// On a last turn the coach's exact points are what its rollouts
    /// average: each discard's, which no card to come changes, the same to
    /// the last digit; taking or drawing within 4 standard errors of
    /// 2,500 rollouts. The rollouts deal the hand laid down by the player
    /// out to no one else: the player out's hand stays as laid down.
    #[test]
    fn the_last_turn_exact_is_what_the_rollouts_average() {
        let mut lay_off = Rules::default();
        lay_off.set("lay_off", "true").unwrap();
        let mut crowns = Rules::preset("five-crowns").unwrap();
        crowns.set("lay_off", "true").unwrap();
        let mut solver = Solver::new();
        let mut drawn = 0;
        for (k, rules) in [Rules::default(), lay_off, crowns].iter().enumerate() {
            for seed in 0..24u64 {
                let Some(position) = last_turn_position(rules, 2 + (seed as usize % 3), seed * 7 + k as u64)
                else {
                    continue;
                };
                let out = position.out.unwrap();
                let mut laid: Vec<Card> = position.onto.concat();
                let mut hand = position.hands[out].clone();
                laid.sort();
                hand.sort();
                assert_eq!(laid, hand, "the melds laid down are the player out's hand");
                // What the seat has not seen is exactly what is hidden:
                // the stock, and the other hands but what they took.
                let mut hidden = position.stock.clone();
                for s in (0..3).filter(|&s| s != position.seat && s != out) {
                    let mut h = position.hands[s].clone();
                    for k in &position.known[s] {
                        h.remove(h.iter().position(|c| c == k).unwrap());
                    }
                    hidden.extend(h);
                }
                hidden.sort();
                assert_eq!(unseen_of(&position), hidden);
                let sample = resample(&position, &mut fastrand::Rng::with_seed(seed));
                assert_eq!(sample.hands[out], position.onto.concat());
                let exact = last_turn_at(&mut solver, &position).expect("a last turn");
                let rolled = played_out(&position, 2500, seed, None, &mut |_| {});
                assert_eq!(exact.len(), rolled.len());
                for (e, r) in exact.iter().zip(&rolled) {
                    assert_eq!((e.option, e.greedy), (r.option, r.greedy));
                    assert_eq!(e.points.low, e.points.high, "no width");
                    let se = r.points.half() / 1.96;
                    assert!(
                        (e.points.mean - r.points.mean).abs() <= 4.0 * se + 1e-9,
                        "{:?}: exact {} against {} ± {}",
                        e.option,
                        e.points.mean,
                        r.points.mean,
                        r.points.half()
                    );
                }
                drawn += 1;
                let mut after = position.clone();
                after.draw(Source::Stock).unwrap();
                let exact = last_turn_at(&mut solver, &after).expect("a last turn");
                let rolled = played_out(&after, 2, seed, None, &mut |_| {});
                let points =
                    |es: &[Estimate]| es.iter().map(|e| (e.option, e.points.mean)).collect::<Vec<_>>();
                assert_eq!(points(&exact), points(&rolled));
            }
        }
        assert!(drawn >= 25, "{drawn} last turns");
    }

    /// With streams, a seat taking from the pile leaves every seat's
    /// draws from the stock as they were (the seat's own come a turn
    /// later); from the top of one stock, the others' change.
    #[test]
    fn a_seat_taking_from_the_pile_changes_no_other_draw() {
        let same = |a: &[Card], b: &[Card]| a.iter().zip(b).all(|(x, y)| x == y);
        let plain = stock_draws(&[], true);
        let taken = stock_draws(&[1, 6], true);
        assert!(plain.iter().all(|d| d.len() >= 3), "{plain:?}");
        for seat in 0..4 {
            assert!(
                same(&plain[seat], &taken[seat]),
                "seat {seat}: {:?} against {:?}",
                plain[seat],
                taken[seat]
            );
        }
        assert!(taken[1].len() < plain[1].len() || taken[2].len() < plain[2].len());
        let top = stock_draws(&[], false);
        assert_eq!(top, plain, "without a card taken, the streams are the stock's order");
        let top_taken = stock_draws(&[1, 6], false);
        assert!((0..4).any(|seat| !same(&top[seat], &top_taken[seat])));
    }
}
