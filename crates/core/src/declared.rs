//! A declared hand judged: the groups a player lays out, each a valid meld
//! (its kind and what each wild stands for) or not and why, by the one
//! verdict of `crate::meld`.

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

/// A declared hand: every group judged, and the points outside valid melds.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Declared {
    pub groups: Vec<Group>,
    /// The points of the cards outside valid melds.
    pub deadwood: u32,
    /// For a hand holding the drawn card: the card to discard so that the
    /// declaration goes out, if there is one.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub goes_out_discarding: Option<Card>,
}

/// Judges each group of a declared hand. `drawn` says whether the hand
/// holds the card just drawn: the declaration then goes out when one card
/// lies outside the valid melds (discarded), or none does and a meld stays
/// valid without one of its cards.
pub fn judge_hand(groups: &[Vec<Card>], table: &Table, drawn: bool) -> Declared {
    let rules = table.rules();
    let judged: Vec<Group> = groups.iter().map(|g| judge(g, table)).collect();
    let outside: Vec<Card> =
        judged.iter().filter(|g| !g.meld).flat_map(|g| g.cards.iter().copied()).collect();
    let deadwood = outside.iter().map(|&c| rules.value(c)).sum();
    let mut goes_out_discarding = None;
    if drawn {
        if let [card] = outside[..] {
            goes_out_discarding = Some(card);
        } else if outside.is_empty() {
            goes_out_discarding = judged.iter().find_map(|g| {
                (0..g.cards.len()).find_map(|i| {
                    let mut rest = g.cards.clone();
                    let card = rest.remove(i);
                    judge(&rest, table).meld.then_some(card)
                })
            });
        }
    }
    Declared { groups: judged, deadwood, goes_out_discarding }
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
    use crate::card::Rank;
    use crate::hand::parse_cards;
    use crate::rules::Rules;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(text, &Rules::default()).unwrap()
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
        let table = Table::new(&rules, Rank::KING);
        let groups: Vec<Vec<Card>> = ["2h 3h Kc 5h", "9c 9d Kd", "Qd Kh Ks", "Jh 10s Ac As"]
            .iter()
            .map(|g| parse_cards(g, &rules).unwrap())
            .collect();
        let d = judge_hand(&groups, &table, true);
        assert_eq!(d.groups.iter().map(|g| g.meld).collect::<Vec<_>>(), [true, true, true, false]);
        assert_eq!(d.deadwood, 23);
        assert_eq!(d.goes_out_discarding, None);
        let out = judge_hand(&groups[..3], &table, true);
        assert_eq!(out.goes_out_discarding, Some(Card::parse("2h").unwrap()));
    }
}
