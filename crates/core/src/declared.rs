//! A declared hand judged: the groups a player lays out, each a valid meld
//! (its kind and what each wild stands for) or not and why, by the one
//! verdict of `crate::meld`; and the declaration's figures: its deadwood,
//! after the draw the card it discards and the deadwood left, whether it
//! goes out, and the least the cards allow.

use crate::analysis::{Analysis, tie};
use crate::card::Card;
use crate::meld::{self, MeldKind, NotMeld, WildRole};
use crate::solver::Table;

/// The verdict on one declared group.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Group {
    /// The group's cards: as typed when not a meld, in the meld's order when one.
    pub cards: Vec<Card>,
    /// Whether the group is a valid meld.
    pub meld: bool,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub kind: Option<MeldKind>,
    /// The wilds of a valid meld, each with the card it stands for.
    pub wilds: Vec<WildRole>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub reason: Option<NotMeld>,
}

/// The card a declaration holding the drawn card discards, and the points
/// then left outside valid melds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DeclaredDiscard {
    pub card: Card,
    pub deadwood: u32,
}

/// A declared hand: every group judged, and the figures of the declaration.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Declared {
    pub groups: Vec<Group>,
    /// The points of all the cards given that lie outside valid melds.
    pub deadwood: u32,
    /// For a hand holding the drawn card: the discard that leaves the
    /// declaration least, and what it leaves.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub discard: Option<DeclaredDiscard>,
    /// Whether the declaration goes out: every card in a valid meld (after
    /// the draw, once the discard is made).
    pub goes_out: bool,
    /// The least deadwood the cards allow (after the draw, after the best
    /// discard): the hand's, as the solver finds it.
    pub least: u32,
}

/// Judges each group of a declared hand, the same cards as `analysis`'s.
///
/// A hand holding the drawn card discards one card of the declaration: a
/// card outside valid melds takes its points away; a card of a valid meld
/// leaves the meld's other cards outside, unless the meld stays valid
/// without it. The declaration discards the card that leaves least, ties
/// going as for the best discard (a natural card before a wild, then the
/// card worth most), and goes out when that leaves nothing.
pub fn judge_hand(groups: &[Vec<Card>], table: &Table, analysis: &Analysis) -> Declared {
    let rules = table.rules();
    let judged: Vec<Group> = groups.iter().map(|g| judge(g, table)).collect();
    let points = |cards: &[Card]| cards.iter().map(|&c| table.value(c)).sum::<u32>();
    let deadwood: u32 = judged.iter().filter(|g| !g.meld).map(|g| points(&g.cards)).sum();
    let drawn = analysis.hand.len() > analysis.cards;
    let discard = drawn.then(|| {
        let mut options: Vec<DeclaredDiscard> = Vec::new();
        for g in &judged {
            for i in 0..g.cards.len() {
                let mut rest = g.cards.clone();
                let card = rest.remove(i);
                let left = if !g.meld {
                    deadwood - table.value(card)
                } else if meld::judge(&rest, rules, table.wild()).is_ok() {
                    deadwood
                } else {
                    deadwood + points(&rest)
                };
                options.push(DeclaredDiscard { card, deadwood: left });
            }
        }
        options
            .into_iter()
            .min_by(|a, b| a.deadwood.cmp(&b.deadwood).then(tie(rules, table.wild(), a.card, b.card)))
            .expect("a declared hand has a card to discard")
    });
    let goes_out = discard.map_or(deadwood, |d| d.deadwood) == 0;
    let least = analysis.best_discard.as_ref().map_or(analysis.deadwood, |b| b.deadwood);
    Declared { groups: judged, deadwood, discard, goes_out, least }
}

/// Judges one group of cards as a meld of the hand's own.
pub fn judge(cards: &[Card], table: &Table) -> Group {
    match meld::judge(cards, table.rules(), table.wild()) {
        Ok(formed) => Group {
            cards: formed.cards,
            meld: true,
            kind: Some(formed.kind),
            wilds: formed.wilds,
            reason: None,
        },
        Err(reason) => {
            Group { cards: cards.to_vec(), meld: false, kind: None, wilds: Vec::new(), reason: Some(reason) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyse;
    use crate::card::Rank;
    use crate::hand::parse_cards;
    use crate::rules::{Deal, Rules};
    use crate::solver::Solver;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(text, &Rules::default()).unwrap()
    }

    fn declared(rules: &Rules, deal: Deal, groups: &[&str]) -> Declared {
        let groups: Vec<Vec<Card>> = groups.iter().map(|g| cards(g)).collect();
        let table = Table::new(rules, deal.wild);
        let analysis = analyse(&mut Solver::new(), &groups.concat(), &deal, &table, &[]);
        judge_hand(&groups, &table, &analysis)
    }

    #[test]
    fn each_group_judged_in_the_melds_words() {
        let table = Table::new(&Rules::default(), Rank::new(5).unwrap());
        let g = judge(&cards("Ks 5c Qs"), &table);
        assert_eq!((g.meld, g.kind, g.cards, g.reason), (true, Some(MeldKind::Run), cards("5c Qs Ks"), None));
        assert_eq!(g.wilds, [WildRole { card: cards("5c")[0], stands_for: cards("Js")[0] }]);
        let g = judge(&cards("Qs Ks As"), &table);
        assert_eq!((g.meld, g.kind, &g.cards), (false, None, &cards("Qs Ks As")));
        assert_eq!(g.reason, Some(NotMeld::AceLow));
    }

    #[test]
    fn a_declared_hand_after_the_draw() {
        let rules = Rules::default();
        let deal = rules.deal(11).unwrap();
        let groups = ["2h 3h Kc 5h", "9c 9d Kd", "Qd Kh Ks", "Jh 10s Ac As"];
        let d = declared(&rules, deal, &groups);
        assert_eq!(d.groups.iter().map(|g| g.meld).collect::<Vec<_>>(), [true, true, true, false]);
        assert_eq!(d.deadwood, 23);
        // The card left over is the one worth most outside the melds.
        assert_eq!(d.discard, Some(DeclaredDiscard { card: cards("Jh")[0], deadwood: 12 }));
        assert_eq!((d.goes_out, d.least), (false, 12));
        // Ten cards, nine dealt: the run stays a run without 2h or without
        // 5h, and the tie goes to the card worth more.
        let nine = Deal { round: 11, cards: 9, wild: Rank::KING };
        let out = declared(&rules, nine, &groups[..3]);
        assert_eq!(out.discard, Some(DeclaredDiscard { card: cards("5h")[0], deadwood: 0 }));
        assert_eq!((out.deadwood, out.goes_out, out.least), (0, true, 0));
    }

    #[test]
    fn every_card_melds_but_the_discard_breaks_a_meld() {
        let rules = Rules::default();
        let d = declared(&rules, rules.deal(3).unwrap(), &["8d 8s 8c", "4s 4d 4c"]);
        assert_eq!(d.deadwood, 0);
        // Discarding a four leaves the other two outside: 8, not 0.
        assert_eq!(d.discard, Some(DeclaredDiscard { card: cards("4s")[0], deadwood: 8 }));
        assert_eq!((d.goes_out, d.least), (false, 8));
    }

    #[test]
    fn before_the_draw() {
        let rules = Rules::default();
        let deal = rules.deal(1).unwrap();
        let d = declared(&rules, deal, &["9c 9d 3h"]);
        assert_eq!((d.deadwood, d.discard, d.goes_out, d.least), (0, None, true, 0));
        let d = declared(&rules, deal, &["9h 4d Kh"]);
        assert_eq!((d.deadwood, d.discard, d.goes_out, d.least), (26, None, false, 26));
        let d = declared(&rules, deal, &["9c", "9d 3h"]);
        assert_eq!((d.deadwood, d.discard, d.goes_out, d.least), (21, None, false, 0));
    }
}
