//! What `check` tells about a hand: its best arrangement, the best discard
//! when it holds the card just drawn, and the cards that would let it go out.

use crate::card::{Card, Rank};
use crate::rules::Deal;
use crate::solver::{Meld, Solver, Table};

/// A discard and the deadwood of the hand left.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Discard {
    pub card: Card,
    pub deadwood: u32,
}

/// Everything the hand checker says about one hand.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Analysis {
    /// The hand, sorted.
    pub hand: Vec<Card>,
    pub round: usize,
    /// The cards the round deals.
    pub cards: usize,
    pub wild: Rank,
    /// The minimum deadwood of all the cards given.
    pub deadwood: u32,
    pub melds: Vec<Meld>,
    pub unmelded: Vec<Card>,
    /// A hand of the round's size: it melds completely. A hand with the
    /// drawn card: some discard leaves a hand that melds completely.
    pub can_go_out: bool,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub best_discard: Option<Discard>,
    /// Every distinct discard, in hand order.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub discards: Option<Vec<Discard>>,
    /// The cards that, drawn, let the hand go out after a discard.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub outs: Option<Vec<Card>>,
}

/// Sorts a hand for reading: by suit then rank, the wilds last.
pub fn sort_hand(hand: &mut [Card], table: &Table) {
    hand.sort_by_key(|&c| (table.is_wild(c), c.suit(), c.rank(), c.is_joker()));
}

/// Analyses `hand` dealt in `deal`. The hand holds the round's cards, or
/// one more (after the draw); the size is checked by the caller.
pub fn analyse(solver: &mut Solver, hand: &[Card], deal: &Deal, table: &Table) -> Analysis {
    let mut sorted = hand.to_vec();
    sort_hand(&mut sorted, table);
    let best = solver.solve(&sorted, table);
    let mut a = Analysis {
        hand: sorted.clone(),
        round: deal.round,
        cards: deal.cards,
        wild: deal.wild,
        deadwood: best.deadwood,
        melds: best.melds,
        unmelded: best.unmelded,
        can_go_out: best.deadwood == 0,
        best_discard: None,
        discards: None,
        outs: None,
    };
    if hand.len() > deal.cards {
        let discards = discards(solver, &sorted, table);
        // The best discard: the lowest deadwood left, then the card worth most.
        let best = discards
            .iter()
            .min_by_key(|d| (d.deadwood, std::cmp::Reverse(table.rules().value(d.card))))
            .copied();
        a.can_go_out = best.is_some_and(|d| d.deadwood == 0);
        a.best_discard = best;
        a.discards = Some(discards);
    } else {
        a.outs = Some(outs(solver, &sorted, table));
    }
    a
}

/// The deadwood left after each distinct discard.
pub fn discards(solver: &mut Solver, hand: &[Card], table: &Table) -> Vec<Discard> {
    let mut out: Vec<Discard> = Vec::new();
    for (i, &card) in hand.iter().enumerate() {
        if out.iter().any(|d| d.card == card) {
            continue;
        }
        let mut rest = hand.to_vec();
        rest.remove(i);
        out.push(Discard { card, deadwood: solver.deadwood(&rest, table) });
    }
    out
}

/// The cards that, drawn to `hand`, let it go out after one discard. Only
/// cards the decks still hold a copy of (beyond the hand's) count.
pub fn outs(solver: &mut Solver, hand: &[Card], table: &Table) -> Vec<Card> {
    let rules = table.rules();
    let available = |c: Card| hand.iter().filter(|&&h| h == c).count() < rules.copies(c);
    let candidates = Card::deck().chain([Card::JOKER]).filter(|&c| rules.copies(c) > 0 && available(c));
    // A hand that already melds goes out with any draw, discarding it.
    if solver.goes_out(hand, table) {
        return candidates.collect();
    }
    // Every wild card plays alike, so one answer serves them all.
    let mut wild_answer: Option<bool> = None;
    let mut out = Vec::new();
    let mut with = hand.to_vec();
    with.push(Card::JOKER);
    for card in candidates {
        let wild = table.is_wild(card);
        if wild && let Some(answer) = wild_answer {
            if answer {
                out.push(card);
            }
            continue;
        }
        *with.last_mut().expect("drawn card") = card;
        let goes = goes_out_after_discard(solver, &with, table);
        if wild {
            wild_answer = Some(goes);
        }
        if goes {
            out.push(card);
        }
    }
    out
}

/// Whether some discard from `hand` leaves a hand that melds completely.
fn goes_out_after_discard(solver: &mut Solver, hand: &[Card], table: &Table) -> bool {
    let mut rest = Vec::with_capacity(hand.len());
    for i in 0..hand.len() {
        if hand[..i].contains(&hand[i]) {
            continue;
        }
        rest.clear();
        rest.extend(hand.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &c)| c));
        if solver.goes_out(&rest, table) {
            return true;
        }
    }
    false
}
