//! A round played out: the deal, the stock and the face-up pile, each
//! turn a draw and a discard, going out, the last turn of everyone else
//! and the round's scores from the solver, under any rules of either game.
//!
//! The players are [`Policy`]s: [`Random`], [`Greedy`], [`AlwaysDraw`]
//! (greedy, never taking the face-up card), [`Chance`] (the hand checker's
//! advice) and the points [`Coach`]. Everything random is
//! drawn from a seed, so the same seed plays the same round.
//!
//! How the round is played where the rule books are silent is written in
//! docs/rules.md ("Playing a round out"): the face-up card starts the
//! pile; a card taken from the pile may not be thrown back on the same
//! turn (unless `throw_back`); a player whose hand melds after the discard
//! goes out at once; a player may go out on the first turn (unless
//! `go_around_once`); after a player goes out each other
//! player takes one more turn, laying off onto the melds of the player out
//! where the rules allow; Three Thirteen's round ends after the discard
//! that follows the draw of the stock's last card, Five Crowns shuffles
//! the pile under its top card into a new stock (at most
//! [`MAX_RESHUFFLES`] times a round).

mod coach;
pub mod drill;
mod last;
mod policy;
mod seat;
pub mod stats;

pub use coach::{Coach, choose, estimate, estimate_within, resample};
pub use last::last_turn;
pub use policy::{AlwaysDraw, Chance, Greedy, Move, Random};
pub use seat::{Estimate, Position, options};

use crate::card::Card;
use crate::rules::{Deal, Game, Rules};
use crate::solver::{Solver, Table};

/// How often Five Crowns' stock may be rebuilt from the pile in one round
/// before the round ends as Three Thirteen's does on an empty stock: a
/// bound on rounds nobody can finish.
pub const MAX_RESHUFFLES: usize = 20;

/// Where a card was drawn from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "snake_case"))]
pub enum Source {
    Stock,
    FaceUp,
}

/// One turn: who played, the draw, the discard, and whether the player
/// went out with it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Turn {
    pub seat: usize,
    pub draw: Source,
    pub card: Card,
    pub discard: Card,
    pub out: bool,
}

/// A deal: every hand by seat, the stock (top first) and the face-up card.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Dealt {
    pub deal: Deal,
    pub dealer: usize,
    pub hands: Vec<Vec<Card>>,
    /// The stock, top first.
    pub stock: Vec<Card>,
    pub face_up: Option<Card>,
}

/// A round played to its end.
#[derive(Clone, PartialEq, Debug)]
pub struct Played {
    pub dealt: Dealt,
    pub turns: Vec<Turn>,
    /// The hands at the end, by seat.
    pub hands: Vec<Vec<Card>>,
    /// Each seat's deadwood at the end (0 for the player out), laying off
    /// onto the melds of the player out where the rules allow.
    pub deadwood: Vec<u32>,
    /// Each seat's points for the round under the rules.
    pub scores: Vec<i32>,
    /// The first player to go out, if anyone did.
    pub out: Option<usize>,
}

/// Every physical card of the rules' decks, jokers included.
pub fn shoe(rules: &Rules) -> Vec<Card> {
    let mut cards = Vec::new();
    for _ in 0..rules.decks() {
        cards.extend(rules.deck().cards());
    }
    cards.extend(std::iter::repeat_n(Card::JOKER, rules.copies(Card::JOKER)));
    cards
}

/// Deals `deal` to `players` seats from the shuffled decks: each hand, the
/// face-up card, the rest the stock. `None` when the decks are too small.
pub fn deal(
    rules: &Rules,
    deal: Deal,
    players: usize,
    dealer: usize,
    rng: &mut fastrand::Rng,
) -> Option<Dealt> {
    let mut cards = shoe(rules);
    if cards.len() < players * deal.cards + 1 {
        return None;
    }
    rng.shuffle(&mut cards);
    let hands: Vec<Vec<Card>> = cards.chunks(deal.cards).take(players).map(<[Card]>::to_vec).collect();
    let rest = &cards[players * deal.cards..];
    Some(Dealt { deal, dealer, hands, face_up: Some(rest[0]), stock: rest[1..].to_vec() })
}

/// The stage of a turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// The seat to play is to draw.
    Draw,
    /// The seat to play has drawn (the card is in its hand), from `from`.
    Discard { from: Source, card: Card },
}

/// A round in play: everything on the table, hidden or not.
#[derive(Clone, Debug)]
pub struct State {
    pub rules: Rules,
    pub deal: Deal,
    pub dealer: usize,
    pub hands: Vec<Vec<Card>>,
    /// The stock, top last (drawn by popping).
    pub stock: Vec<Card>,
    /// The face-up pile, top last.
    pub pile: Vec<Card>,
    /// For each seat, the cards it took from the pile and still holds:
    /// known to every player.
    pub known: Vec<Vec<Card>>,
    /// The seat to play and where its turn stands.
    pub seat: usize,
    pub phase: Phase,
    /// The turns played so far.
    pub turns: usize,
    /// The first player out, and the final turns still to play.
    pub out: Option<usize>,
    pub finals_left: usize,
    pub reshuffles: usize,
    pub over: bool,
    /// The melds the player out laid down: seen by everyone, and laid
    /// off onto where the rules allow.
    pub onto: Vec<Vec<Card>>,
}

/// What a policy is told of the round when it is to choose: its own hand,
/// what every player has seen, and the table it melds against.
#[derive(Debug)]
pub struct View<'a> {
    pub state: &'a State,
    pub table: &'a Table,
}

impl View<'_> {
    pub fn hand(&self) -> &[Card] {
        &self.state.hands[self.state.seat]
    }

    /// The face-up card, if any.
    pub fn face_up(&self) -> Option<Card> {
        self.state.pile.last().copied()
    }

    /// The cards every player has seen outside this player's hand: the
    /// pile (the face-up card too), the cards the others took from it and
    /// hold, and the hand the player out laid down (the cards it took
    /// among them).
    pub fn seen(&self) -> Vec<Card> {
        seat::seen_by(self.state)
    }
}

/// A player: whether to take the face-up card, and what to discard.
pub trait Policy: std::fmt::Debug {
    /// Before the draw: take the face-up card (`true`) or draw from the
    /// stock. Asked only when there is a face-up card and a stock.
    fn take(&mut self, solver: &mut Solver, view: &View<'_>, rng: &mut fastrand::Rng) -> bool;

    /// After the draw (the card drawn is in the hand): the card to
    /// discard, one of [`legal_discards`].
    fn discard(&mut self, solver: &mut Solver, view: &View<'_>, rng: &mut fastrand::Rng) -> Card;
}

/// The distinct cards the seat to play may discard after its draw: any
/// card of its hand but the one just taken from the pile, unless the hand
/// holds another copy of it or the rules allow it (`throw_back`).
pub fn legal_discards(state: &State) -> Vec<Card> {
    let hand = &state.hands[state.seat];
    let mut out: Vec<Card> = Vec::with_capacity(hand.len());
    for &c in hand {
        if !out.contains(&c) && held_back(state) != Some(c) {
            out.push(c);
        }
    }
    out
}

/// The one card of its hand the seat to play may not discard: the card
/// just taken from the pile, unless the hand holds another copy or the
/// rules let it be thrown back (`throw_back`).
pub(crate) fn held_back(state: &State) -> Option<Card> {
    let hand = &state.hands[state.seat];
    if state.rules.throw_back() {
        return None;
    }
    match state.phase {
        Phase::Discard { from: Source::FaceUp, card } if hand.iter().filter(|&&h| h == card).count() < 2 => {
            Some(card)
        }
        _ => None,
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    NoFaceUp,
    NoStock,
    NotInHand(Card),
    TakenBack(Card),
    WrongPhase,
    Over,
}

impl State {
    /// The round as dealt, the seat after the dealer to play.
    pub fn new(rules: &Rules, dealt: &Dealt) -> State {
        let players = dealt.hands.len();
        let mut stock = dealt.stock.clone();
        stock.reverse();
        State {
            rules: *rules,
            deal: dealt.deal,
            dealer: dealt.dealer,
            hands: dealt.hands.clone(),
            stock,
            pile: dealt.face_up.into_iter().collect(),
            known: vec![Vec::new(); players],
            seat: (dealt.dealer + 1) % players,
            phase: Phase::Draw,
            turns: 0,
            out: None,
            finals_left: 0,
            reshuffles: 0,
            over: false,
            onto: Vec::new(),
        }
    }

    pub fn players(&self) -> usize {
        self.hands.len()
    }

    /// The table the seat to play melds against: the melds of the player
    /// out once someone is out and the rules allow laying off.
    pub fn table(&self) -> Table {
        let table = Table::new(&self.rules, self.deal.wild);
        if self.onto.is_empty() || !self.rules.lay_off() {
            return table;
        }
        table.clone().with_onto(self.onto.clone()).unwrap_or(table)
    }

    /// Draws for the seat to play. Five Crowns rebuilds an empty stock
    /// from the pile first (see [`State::refill`]).
    pub fn draw(&mut self, from: Source) -> Result<Card, Illegal> {
        if self.over {
            return Err(Illegal::Over);
        }
        if self.phase != Phase::Draw {
            return Err(Illegal::WrongPhase);
        }
        let card = match from {
            Source::Stock => self.stock.pop().ok_or(Illegal::NoStock)?,
            Source::FaceUp => {
                let c = self.pile.pop().ok_or(Illegal::NoFaceUp)?;
                self.known[self.seat].push(c);
                c
            }
        };
        self.hands[self.seat].push(card);
        self.phase = Phase::Discard { from, card };
        Ok(card)
    }

    /// Five Crowns, an empty stock before a draw: the pile under its top
    /// card shuffled into a new stock. Returns whether it did.
    pub fn refill(&mut self, rng: &mut fastrand::Rng) -> bool {
        if !self.stock.is_empty()
            || self.rules.game() != Game::FiveCrowns
            || self.pile.len() < 2
            || self.reshuffles >= MAX_RESHUFFLES
        {
            return false;
        }
        let top = self.pile.pop().expect("a pile");
        let mut cards = std::mem::replace(&mut self.pile, vec![top]);
        rng.shuffle(&mut cards);
        self.stock = cards;
        self.reshuffles += 1;
        true
    }

    /// Discards for the seat to play; `solver` says whether the hand left
    /// melds. Returns whether the player went out.
    pub fn discard(&mut self, solver: &mut Solver, card: Card) -> Result<bool, Illegal> {
        if self.over {
            return Err(Illegal::Over);
        }
        let Phase::Discard { .. } = self.phase else { return Err(Illegal::WrongPhase) };
        if !self.hands[self.seat].contains(&card) {
            return Err(Illegal::NotInHand(card));
        }
        if held_back(self) == Some(card) {
            return Err(Illegal::TakenBack(card));
        }
        let table = self.table();
        let hand = &mut self.hands[self.seat];
        let melds = solver.deadwood_without(hand, &table, card) == 0;
        let at = hand.iter().position(|&c| c == card).expect("a card of the hand");
        hand.remove(at);
        if let Some(k) = self.known[self.seat].iter().position(|&c| c == card) {
            self.known[self.seat].remove(k);
        }
        self.pile.push(card);
        self.turns += 1;
        let mut went_out = false;
        if self.out.is_some() {
            self.finals_left -= 1;
            if self.finals_left == 0 {
                self.over = true;
            }
        } else if melds && !(self.rules.go_around_once() && self.turns <= self.players()) {
            // (Under `go_around_once` the first `players` turns, each
            // seat's first, go on with a hand that melds.)
            went_out = true;
            self.out = Some(self.seat);
            self.finals_left = self.players() - 1;
            // The hand laid down: seen by everyone, and laid off onto
            // where the rules allow (`State::table`).
            let arrangement = solver.solve(&self.hands[self.seat], &table);
            self.onto = arrangement.melds.into_iter().map(|m| m.cards).collect();
            if self.finals_left == 0 {
                self.over = true;
            }
        }
        // Three Thirteen: the round ends after the discard that follows
        // the draw of the stock's last card.
        if self.stock.is_empty()
            && (self.rules.game() != Game::FiveCrowns
                || self.pile.len() < 2
                || self.reshuffles >= MAX_RESHUFFLES)
        {
            self.over = true;
        }
        self.seat = (self.seat + 1) % self.players();
        self.phase = Phase::Draw;
        Ok(went_out)
    }

    /// Each seat's deadwood and points, the round over.
    pub fn scores(&self, solver: &mut Solver) -> (Vec<u32>, Vec<i32>) {
        let table = self.table();
        (0..self.players()).map(|seat| self.scored(solver, seat, &table)).unzip()
    }

    /// The points of `seat`, once its hand can no longer change: the
    /// round over, or `seat` out, or its last turn after another went out
    /// played (see [`State::settled`]).
    pub fn score_of(&self, solver: &mut Solver, seat: usize) -> i32 {
        self.scored(solver, seat, &self.table()).1
    }

    /// `seat`'s deadwood (0 when out) and points under `table`.
    fn scored(&self, solver: &mut Solver, seat: usize, table: &Table) -> (u32, i32) {
        let factor = if self.rules.doubles(self.deal.wild) { 2 } else { 1 };
        if self.out == Some(seat) {
            return (0, self.rules.go_out_score(self.deal.wild) * factor);
        }
        let d = solver.deadwood(&self.hands[seat], table);
        (d, d as i32 * factor)
    }

    /// Whether `seat`'s points are decided: the round is over, or `seat`
    /// went out, or someone else went out and `seat` has played its last
    /// turn (the last turns run from the seat after the player out, so
    /// `seat`'s is played when it is not among the `finals_left` seats
    /// still to play). Nothing after changes `seat`'s hand or the melds it
    /// lays off onto.
    pub fn settled(&self, seat: usize) -> bool {
        let Some(out) = self.out else { return self.over };
        if self.over || out == seat {
            return true;
        }
        let players = self.players();
        // The seats still to play their last turn: from the seat to play,
        // `finals_left` of them.
        let ahead = (seat + players - self.seat) % players;
        ahead >= self.finals_left
    }

    /// Plays one turn of the seat to play with `policy`.
    pub fn turn(&mut self, solver: &mut Solver, policy: &mut dyn Policy, rng: &mut fastrand::Rng) -> Turn {
        let seat = self.seat;
        if self.phase == Phase::Draw {
            self.refill(rng);
            let from = if self.pile.is_empty() {
                Source::Stock
            } else if self.stock.is_empty() {
                Source::FaceUp
            } else {
                let table = self.table();
                if policy.take(solver, &View { state: self, table: &table }, rng) {
                    Source::FaceUp
                } else {
                    Source::Stock
                }
            };
            self.draw(from).expect("a card to draw");
        }
        let Phase::Discard { from, card } = self.phase else { unreachable!("drawn") };
        let table = self.table();
        let discard = policy.discard(solver, &View { state: self, table: &table }, rng);
        let out = self.discard(solver, discard).expect("a legal discard");
        Turn { seat, draw: from, card, discard, out }
    }

    /// Plays the round to its end with one policy a seat, recording each
    /// turn in `turns` when given.
    pub fn finish(
        &mut self,
        solver: &mut Solver,
        policies: &mut [&mut dyn Policy],
        rng: &mut fastrand::Rng,
        mut turns: Option<&mut Vec<Turn>>,
    ) {
        while !self.over {
            if self.stock.is_empty() && self.pile.is_empty() {
                self.over = true;
                break;
            }
            let seat = self.seat;
            let t = self.turn(solver, &mut *policies[seat], rng);
            if let Some(turns) = turns.as_deref_mut() {
                turns.push(t);
            }
        }
    }
}

/// Plays `dealt` to the end with one policy a seat.
pub fn play(
    solver: &mut Solver,
    rules: &Rules,
    dealt: &Dealt,
    policies: &mut [&mut dyn Policy],
    rng: &mut fastrand::Rng,
) -> Played {
    let mut state = State::new(rules, dealt);
    let mut turns = Vec::new();
    state.finish(solver, policies, rng, Some(&mut turns));
    let (deadwood, scores) = state.scores(solver);
    Played { dealt: dealt.clone(), turns, hands: state.hands, deadwood, scores, out: state.out }
}

/// splitmix64: a seed from a seed and a number, so that each deal, pass
/// and decision draws from its own stream whatever the order they run in.
pub fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(0x6a09_e667_f3bc_c909);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A position as the hand checker is given it: `hand` of seat 0 (the
/// round's cards before the draw, one more after it), the pile (`pile`,
/// its top last: the face-up card before the draw), `players` at the
/// table and `turns` already played (each taken to have drawn from the
/// stock). The others' hands and the stock hold only their sizes: the
/// coach deals them anew from the cards unseen. `None` when the decks
/// hold too few cards for it.
pub fn position(
    rules: &Rules,
    deal: Deal,
    hand: &[Card],
    pile: &[Card],
    players: usize,
    turns: usize,
) -> Option<State> {
    let total = shoe(rules).len();
    let drawn = usize::from(hand.len() > deal.cards);
    let dealt = players * deal.cards + 1;
    let stock = total.checked_sub(dealt + turns + drawn)?;
    let unseen = total.checked_sub(hand.len() + pile.len())?;
    let others = (players - 1) * deal.cards;
    let stock = stock.min(unseen.checked_sub(others)?);
    let mut hands = vec![vec![Card::JOKER; deal.cards]; players];
    hands[0] = hand.to_vec();
    let phase =
        if drawn == 1 { Phase::Discard { from: Source::Stock, card: *hand.last()? } } else { Phase::Draw };
    Some(State {
        rules: *rules,
        deal,
        dealer: players - 1,
        hands,
        stock: vec![Card::JOKER; stock],
        pile: pile.to_vec(),
        known: vec![Vec::new(); players],
        seat: 0,
        phase,
        turns,
        out: None,
        finals_left: 0,
        reshuffles: 0,
        over: false,
        onto: Vec::new(),
    })
}
