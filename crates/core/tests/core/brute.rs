//! A slow minimum-deadwood solver written straight from the rules, to check
//! the real one against.
//!
//! It shares nothing with `three13_core::solver` but the card and rules types:
//! which cards are wild, what a card scores and what makes a meld are all
//! written again here from RULES.md and the Five Crowns rulebook, in the
//! plainest way: a deck of four or five suits whose ranks run from the ace
//! (or from the three, in Five Crowns) to the king. The search tries
//! every partition of the hand: the first card still open is either left
//! over, or in a meld with some subset of the other open cards, or laid off
//! with some subset onto a table meld not used yet. Results are memoised on
//! the open cards, which changes the speed and nothing else.
//!
//! The benchmark includes this file too, so it uses only the library.
#![allow(dead_code)]

use three13_core::card::{Card, Rank};
use three13_core::rules::{FaceCards, Ranks, Rules, WildValue};

/// Whether `card` is wild: a joker, a card of the round's wild rank, or a
/// king when kings are wild.
pub fn is_wild(rules: &Rules, wild: Rank, card: Card) -> bool {
    match card.rank() {
        None => true,
        Some(r) => r == wild || (rules.kings_wild() && r.number() == 13),
    }
}

/// The lowest rank of the rules' deck: 1, the ace, or 3 (Five Crowns).
pub fn lowest(rules: &Rules) -> usize {
    match rules.ranks() {
        Ranks::AceToKing => 1,
        Ranks::ThreeToKing => 3,
    }
}

/// Whether an ace may take place 14: where the rules say so and the deck
/// has aces.
pub fn ace_high(rules: &Rules) -> bool {
    rules.ace_high() && lowest(rules) == 1
}

/// What `card` scores when left over in a round with `wild` wild: a joker
/// its value, a wild of the round the rules' value for it where that is a
/// number, any other card its own.
pub fn value_in(rules: &Rules, wild: Rank, card: Card) -> u32 {
    match rules.wild_value() {
        WildValue::Points(n) if !card.is_joker() && is_wild(rules, wild, card) => n as u32,
        _ => value(rules, card),
    }
}

/// What `card` scores when left over, at its face.
pub fn value(rules: &Rules, card: Card) -> u32 {
    let Some(rank) = card.rank() else { return rules.joker_value() as u32 };
    match rank.number() {
        1 => rules.ace_value() as u32,
        n @ 2..=10 => n as u32,
        n => match rules.face_cards() {
            FaceCards::Rank => n as u32,
            FaceCards::Ten => 10,
        },
    }
}

/// Whether `pinned` cards, each taken at face value, and `free` cards that
/// may stand for anything make a set: three or more cards, the pinned ones
/// all of one rank.
pub fn fits_set(pinned: &[Card], free: usize) -> bool {
    pinned.len() + free >= 3 && pinned.iter().all(|c| c.rank().is_some() && c.rank() == pinned[0].rank())
}

/// Whether `pinned` cards, each taken at face value, and `free` cards that
/// may stand for anything make a run: three or more cards that fill
/// consecutive places between 1 and 13 (14 with `ace_high`, where an ace
/// may take place 14), the pinned ones all of one suit and each on its own
/// place. Every window of places and every place for each ace is tried;
/// the free cards fill whatever places the pinned ones leave.
pub fn fits_run(pinned: &[Card], free: usize, ace_high: bool) -> bool {
    fits_run_from(pinned, free, ace_high, 1)
}

/// As [`fits_run`], on a deck whose ranks start at `lowest`: the places
/// run from `lowest` to 13 (14 with `ace_high`).
pub fn fits_run_from(pinned: &[Card], free: usize, ace_high: bool, lowest: usize) -> bool {
    let n = pinned.len() + free;
    let top = if ace_high { 14 } else { 13 };
    if n < 3 || n > top + 1 - lowest {
        return false;
    }
    if pinned.iter().any(|c| c.suit().is_none() || c.suit() != pinned[0].suit()) {
        return false;
    }
    let aces: Vec<usize> =
        (0..pinned.len()).filter(|&i| pinned[i].rank().map(|r| r.number()) == Some(1)).collect();
    let choices = if ace_high { 1usize << aces.len() } else { 1 };
    for choice in 0..choices {
        let mut places: Vec<usize> = pinned.iter().map(|c| c.rank().unwrap().number() as usize).collect();
        for (k, &i) in aces.iter().enumerate() {
            if choice & (1 << k) != 0 {
                places[i] = 14;
            }
        }
        let mut sorted = places.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != places.len() {
            continue;
        }
        for lo in lowest..=top + 1 - n {
            if places.iter().all(|&p| p >= lo && p < lo + n) {
                return true;
            }
        }
    }
    false
}

/// Whether `cards` make one valid meld in a round with `wild` wild. A run
/// holds each place once: each rank once, but with `ace_high` the ace may
/// be at both ends, the run from ace to ace (docs/rules.md, "A 14-card
/// run"); `fits_run` tries every place for each ace. With `half_wild`, no
/// more than half of the cards are wild.
pub fn is_meld(rules: &Rules, wild: Rank, cards: &[Card]) -> bool {
    let naturals: Vec<Card> = cards.iter().copied().filter(|&c| !is_wild(rules, wild, c)).collect();
    let wilds = cards.len() - naturals.len();
    if rules.half_wild() && 2 * wilds > cards.len() {
        return false;
    }
    if naturals.is_empty() {
        return rules.all_wild_melds() && wilds >= 3;
    }
    fits_set(&naturals, wilds) || fits_run_from(&naturals, wilds, ace_high(rules), lowest(rules))
}

/// The lowest deadwood of `hand`. `onto` are the melds on the table, used
/// only when the rules allow laying off.
pub fn deadwood(rules: &Rules, wild: Rank, hand: &[Card], onto: &[Vec<Card>]) -> u32 {
    assert!(
        hand.len() <= 20 && onto.len() <= 7 && hand.len() + onto.len() <= 24,
        "too big for the brute force"
    );
    let onto: &[Vec<Card>] = if rules.lay_off() { onto } else { &[] };
    let blocks = 1usize << hand.len();
    let mut search = Search {
        rules,
        wild,
        hand,
        onto,
        melds: vec![UNKNOWN; blocks * (onto.len() + 1)],
        memo: vec![UNKNOWN_DEADWOOD; blocks << (onto.len() + 1)],
    };
    search.best((blocks - 1) as u32, 0, false)
}

/// No arrangement allowed (cards laid off without a meld of the hand's own).
const NONE: u32 = u32::MAX;
const UNKNOWN_DEADWOOD: u32 = u32::MAX - 1;
const UNKNOWN: u8 = 2;

struct Search<'a> {
    rules: &'a Rules,
    wild: Rank,
    hand: &'a [Card],
    onto: &'a [Vec<Card>],
    /// Whether a block of the hand's cards is a meld (1), or not (0): at
    /// `block` for a meld of the hand's own, at `block` plus (t + 1) times
    /// the number of blocks for the block laid off onto table meld t.
    melds: Vec<u8>,
    /// The best deadwood from a state: open cards, table melds used, and
    /// whether the hand has a meld of its own yet.
    memo: Vec<u32>,
}

impl Search<'_> {
    fn is_meld(&mut self, block: u32, onto: Option<usize>) -> bool {
        let at = block as usize + onto.map_or(0, |t| t + 1) * (1usize << self.hand.len());
        if self.melds[at] == UNKNOWN {
            let mut cards: Vec<Card> =
                (0..self.hand.len()).filter(|i| block & (1 << i) != 0).map(|i| self.hand[i]).collect();
            if let Some(t) = onto {
                cards.extend(&self.onto[t]);
            }
            self.melds[at] = is_meld(self.rules, self.wild, &cards) as u8;
        }
        self.melds[at] == 1
    }

    /// The lowest deadwood of the `open` cards, or NONE.
    fn best(&mut self, open: u32, used: u8, own: bool) -> u32 {
        if open == 0 {
            return if used != 0 && !own { NONE } else { 0 };
        }
        let at = ((open as usize) << (self.onto.len() + 1)) | (used as usize) << 1 | own as usize;
        if self.memo[at] != UNKNOWN_DEADWOOD {
            return self.memo[at];
        }
        let first = 1u32 << open.trailing_zeros();
        let rest = open & !first;
        // The first open card is left over…
        let mut best = match self.best(rest, used, own) {
            NONE => NONE,
            d => d + value_in(self.rules, self.wild, self.hand[open.trailing_zeros() as usize]),
        };
        // …or melded with any subset of the others…
        let mut others = rest;
        loop {
            let block = others | first;
            if block.count_ones() >= 3 && self.is_meld(block, None) {
                best = best.min(self.best(open & !block, used, true));
            }
            if others == 0 {
                break;
            }
            others = (others - 1) & rest;
        }
        // …or laid off, with any subset of the others, onto a table meld
        // not used yet.
        for t in 0..self.onto.len() {
            if used & (1 << t) != 0 {
                continue;
            }
            let mut others = rest;
            loop {
                let block = others | first;
                if self.is_meld(block, Some(t)) {
                    best = best.min(self.best(open & !block, used | 1 << t, own));
                }
                if others == 0 {
                    break;
                }
                others = (others - 1) & rest;
            }
        }
        self.memo[at] = best;
        best
    }
}

/// Every card that could be in a hand under `rules`, jokers included.
pub fn every_card(rules: &Rules) -> Vec<Card> {
    rules.deck().cards().chain((rules.jokers() > 0).then_some(Card::JOKER)).collect()
}

/// The cards unseen: every card of the decks with its copies, less the
/// `known` ones, leaving out cards with no copy left.
pub fn unseen(rules: &Rules, known: &[Card]) -> Vec<(Card, u32)> {
    every_card(rules)
        .into_iter()
        .map(|c| {
            let copies = if c.is_joker() {
                rules.jokers() as usize * rules.decks() as usize
            } else {
                rules.decks() as usize
            };
            (c, copies.saturating_sub(known.iter().filter(|&&k| k == c).count()) as u32)
        })
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// One card fewer of `card` unseen.
pub fn less(unseen: &[(Card, u32)], card: Card) -> Vec<(Card, u32)> {
    unseen.iter().map(|&(c, n)| if c == card { (c, n - 1) } else { (c, n) }).filter(|&(_, n)| n > 0).collect()
}

/// `hand` without one copy of `card`.
pub fn without(hand: &[Card], card: Card) -> Vec<Card> {
    let mut rest = hand.to_vec();
    rest.remove(rest.iter().position(|&c| c == card).expect("a card of the hand"));
    rest
}

/// `hand` with `card` added.
pub fn with(hand: &[Card], card: Card) -> Vec<Card> {
    let mut all = hand.to_vec();
    all.push(card);
    all
}

/// A discard as the advice weighs it: the card, the deadwood left, the
/// copies of the outs of the hand left still unseen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weighed {
    pub card: Card,
    pub deadwood: u32,
    pub outs: u32,
}

/// The figures the advice works out, each by trying every card: deadwood
/// by the brute force above, remembered per hand (which changes the speed
/// and nothing else).
pub struct Advice<'a> {
    pub rules: &'a Rules,
    pub wild: Rank,
    pub onto: &'a [Vec<Card>],
    known: std::collections::HashMap<Vec<Card>, u32>,
}

impl<'a> Advice<'a> {
    pub fn new(rules: &'a Rules, wild: Rank, onto: &'a [Vec<Card>]) -> Advice<'a> {
        Advice { rules, wild, onto, known: Default::default() }
    }

    pub fn deadwood(&mut self, hand: &[Card]) -> u32 {
        let mut key = hand.to_vec();
        key.sort();
        if let Some(&d) = self.known.get(&key) {
            return d;
        }
        let d = deadwood(self.rules, self.wild, hand, self.onto);
        self.known.insert(key, d);
        d
    }

    /// The cards of `cards` that, added to `hand`, let it meld completely.
    pub fn completing(&mut self, hand: &[Card], cards: &[Card]) -> Vec<Card> {
        cards.iter().copied().filter(|&c| self.deadwood(&with(hand, c)) == 0).collect()
    }

    /// Whether `hand`, one card over the round's, goes out after some discard.
    pub fn goes_out(&mut self, hand: &[Card]) -> bool {
        (0..hand.len()).any(|i| {
            let mut rest = hand.to_vec();
            rest.remove(i);
            self.deadwood(&rest) == 0
        })
    }

    /// The outs of `hand` among the unseen cards, and their copies unseen.
    pub fn outs(&mut self, hand: &[Card], unseen: &[(Card, u32)]) -> (Vec<Card>, u32) {
        let mut outs = Vec::new();
        let mut n = 0;
        for &(c, copies) in unseen {
            if self.goes_out(&with(hand, c)) {
                outs.push(c);
                n += copies;
            }
        }
        (outs, n)
    }

    /// Every distinct discard of `hand` (one card over the round's).
    pub fn discards(&mut self, hand: &[Card], unseen: &[(Card, u32)]) -> Vec<Weighed> {
        let mut out: Vec<Weighed> = Vec::new();
        for &card in hand {
            if out.iter().any(|d| d.card == card) {
                continue;
            }
            let rest = without(hand, card);
            let deadwood = self.deadwood(&rest);
            let outs = self.outs(&rest, unseen).1;
            out.push(Weighed { card, deadwood, outs });
        }
        out
    }

    /// The advised discard: least deadwood, then the most copies of outs
    /// unseen, then a natural card before a wild, then the card worth most.
    pub fn advised(&mut self, hand: &[Card], unseen: &[(Card, u32)]) -> Weighed {
        self.advised_but(hand, unseen, None)
    }

    /// [`Advice::advised`] among the discards but `except`.
    fn advised_but(&mut self, hand: &[Card], unseen: &[(Card, u32)], except: Option<Card>) -> Weighed {
        let (rules, wild) = (self.rules, self.wild);
        self.discards(hand, unseen)
            .into_iter()
            .filter(|d| Some(d.card) != except)
            .min_by_key(|d| {
                (
                    d.deadwood,
                    std::cmp::Reverse(d.outs),
                    is_wild(rules, wild, d.card),
                    std::cmp::Reverse(value_in(rules, wild, d.card)),
                )
            })
            .expect("a card to discard")
    }

    /// The chance that `hand` (of the round's size) goes out within the
    /// next two draws, as a fraction: each first card by its copies; one
    /// that lets the hand go out counts whole, any other by the most copies
    /// of outs unseen any discard then leaves, over the cards then unseen.
    pub fn two_draws(&mut self, hand: &[Card], unseen: &[(Card, u32)]) -> (u64, u64) {
        let total: u64 = unseen.iter().map(|&(_, n)| n as u64).sum();
        let next = total.saturating_sub(1).max(1);
        let mut num = 0;
        for &(x, copies) in unseen {
            let drawn = with(hand, x);
            if self.goes_out(&drawn) {
                num += copies as u64 * next;
            } else {
                let after = less(unseen, x);
                let best = self.discards(&drawn, &after).iter().map(|d| d.outs).max().unwrap_or(0);
                num += copies as u64 * best as u64;
            }
        }
        (num, total * next)
    }
}

/// Taking the face-up card or drawing, as fractions over the cards unseen.
#[derive(Debug)]
pub struct UpcardFigures {
    pub discard: Card,
    pub take_deadwood: u32,
    pub take_goes_out: bool,
    /// The copies of outs unseen after taking (all of them when it goes out).
    pub take_outs: u32,
    /// Over the unseen cards: drawing goes out now, deadwood summed.
    pub draw_now: u64,
    pub draw_deadwood: u64,
    /// Over total × (total - 1): drawing goes out this turn or the next.
    pub draw_chance: u64,
    pub total: u64,
    pub take: bool,
}

impl Advice<'_> {
    /// Take `up` or draw, for `hand` of the round's size, `unseen` leaving
    /// out the hand and `up`: the chance to go out this turn or the next,
    /// then the deadwood expected, then drawing.
    pub fn upcard(&mut self, hand: &[Card], up: Card, unseen: &[(Card, u32)]) -> UpcardFigures {
        let total: u64 = unseen.iter().map(|&(_, n)| n as u64).sum();
        let next = total.saturating_sub(1).max(1);
        // The card taken may not go straight back, unless the rules allow
        // it or the hand holds another copy.
        let except = (!self.rules.throw_back() && !hand.contains(&up)).then_some(up);
        let taken = self.advised_but(&with(hand, up), unseen, except);
        let take_outs = if taken.deadwood == 0 { total as u32 } else { taken.outs };
        let (mut now, mut dead, mut chance) = (0, 0, 0);
        for &(x, copies) in unseen {
            let d = self.advised(&with(hand, x), &less(unseen, x));
            let copies = copies as u64;
            dead += copies * d.deadwood as u64;
            if d.deadwood == 0 {
                now += copies;
                chance += copies * next;
            } else {
                chance += copies * d.outs as u64;
            }
        }
        let take_chance = take_outs as u64 * next;
        let take = total == 0
            || take_chance > chance
            || (take_chance == chance && (taken.deadwood as u64) * total < dead);
        UpcardFigures {
            discard: taken.card,
            take_deadwood: taken.deadwood,
            take_goes_out: taken.deadwood == 0,
            take_outs,
            draw_now: now,
            draw_deadwood: dead,
            draw_chance: chance,
            total,
            take,
        }
    }
}
