//! A declared hand judged: the groups a player lays out, each a valid meld
//! (its kind and what each wild stands for) or not, and why not.

use std::fmt;

use crate::card::{Card, Rank};
use crate::rules::Rules;
use crate::solver::{MeldKind, Table, WildRole, own_meld};

/// Why a group of cards is not a meld.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotMeld {
    /// Fewer than three cards.
    TooFew { count: usize },
    /// Wilds only, where the rules want a natural card in every meld.
    NoNatural,
    /// Neither one rank (a set) nor one suit (a run).
    Mixed,
    /// One suit, but a rank twice: a run holds each rank once.
    RepeatedRank { card: Card },
    /// A run with an ace above the king, where aces are low.
    AceLow,
    /// A run going round from king to ace to two.
    Wraps,
    /// Places of the run with no card and too few wilds to fill them.
    Missing { cards: Vec<Card>, wilds: usize },
    /// More cards than a run has places.
    TooLong { count: usize, most: usize },
}

impl fmt::Display for NotMeld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotMeld::TooFew { .. } => f.write_str("a meld needs 3 cards"),
            NotMeld::NoNatural => f.write_str("under these rules a meld needs a natural card"),
            NotMeld::Mixed => f.write_str("not a set (the ranks differ) nor a run (the suits differ)"),
            NotMeld::RepeatedRank { card } => {
                write!(f, "not a run: {card} twice, and a run holds each rank once")
            }
            NotMeld::AceLow => {
                f.write_str("not a run: aces are low under these rules (ace_high=true allows Q-K-A)")
            }
            NotMeld::Wraps => f.write_str("not a run: a run does not go round from king to ace to two"),
            NotMeld::Missing { cards, wilds } => {
                let names: Vec<String> = cards.iter().map(Card::to_string).collect();
                let (list, is, them) = match names.split_last() {
                    Some((last, [])) => (last.clone(), "is", "it"),
                    Some((last, rest)) => (format!("{} and {last}", rest.join(", ")), "are", "them"),
                    None => (String::new(), "is", "it"),
                };
                match wilds {
                    0 => write!(f, "{list} {is} missing and there is no wild to stand for {them}"),
                    1 => write!(f, "{list} {is} missing and there is only 1 wild to stand for {them}"),
                    n => write!(f, "{list} {is} missing and there are only {n} wilds to stand for {them}"),
                }
            }
            NotMeld::TooLong { most, .. } => write!(f, "not a run: a run has at most {most} cards"),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for NotMeld {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

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
    let not = |reason: NotMeld| Group {
        cards: cards.to_vec(),
        meld: false,
        kind: None,
        wilds: Vec::new(),
        reason: Some(reason),
    };
    let (naturals, wilds): (Vec<Card>, Vec<Card>) = cards.iter().partition(|&&c| !table.is_wild(c));
    match verdict(table.rules(), &naturals, wilds.len()) {
        Err(reason) => not(reason),
        Ok((kind, high)) => {
            let meld = own_meld(kind, &naturals, wilds, high, table);
            Group { cards: meld.cards, meld: true, kind: Some(kind), wilds: meld.wilds, reason: None }
        }
    }
}

/// The kind of meld `naturals` and `wilds` wild cards make (for a run,
/// whether an ace plays high), or why they make none.
fn verdict(rules: &Rules, naturals: &[Card], wilds: usize) -> Result<(MeldKind, bool), NotMeld> {
    let count = naturals.len() + wilds;
    if count < 3 {
        return Err(NotMeld::TooFew { count });
    }
    let Some(&first) = naturals.first() else {
        return if rules.all_wild_melds { Ok((MeldKind::Set, false)) } else { Err(NotMeld::NoNatural) };
    };
    if naturals.iter().all(|c| c.rank() == first.rank()) {
        return Ok((MeldKind::Set, false));
    }
    if naturals.iter().any(|c| c.suit() != first.suit()) {
        return Err(NotMeld::Mixed);
    }
    let suit = first.suit().expect("a natural");
    let ranks: Vec<u8> = naturals.iter().map(|c| c.rank().map_or(0, Rank::number)).collect();
    if let Some(i) = (0..ranks.len()).find(|&i| ranks[..i].contains(&ranks[i])) {
        return Err(NotMeld::RepeatedRank { card: naturals[i] });
    }
    let has_ace = ranks.contains(&1);
    // Each way to place the aces: low, and high where it makes a difference.
    let fit = |high: bool, top: u8| {
        let places: Vec<u8> = ranks.iter().map(|&r| if r == 1 && high { 14 } else { r }).collect();
        let lo = *places.iter().min().expect("a natural");
        let hi = *places.iter().max().expect("a natural");
        let missing: Vec<Card> = (lo..=hi)
            .filter(|p| !places.contains(p))
            .map(|p| Card::new(Rank::new(if p == 14 { 1 } else { p }).expect("a rank"), suit))
            .collect();
        let length = ((hi - lo + 1) as usize).max(count);
        (missing.len() <= wilds && length <= top as usize, missing, length)
    };
    let top = if rules.ace_high { 14 } else { 13 };
    let (low_fits, low_missing, low_len) = fit(false, top);
    if low_fits {
        return Ok((MeldKind::Run, false));
    }
    if has_ace {
        let (high_fits, high_missing, high_len) = fit(true, 14);
        if high_fits {
            return if rules.ace_high { Ok((MeldKind::Run, true)) } else { Err(NotMeld::AceLow) };
        }
        if wraps(&ranks, wilds, count) {
            return Err(NotMeld::Wraps);
        }
        let (missing, len) = if high_missing.len() < low_missing.len() {
            (high_missing, high_len)
        } else {
            (low_missing, low_len)
        };
        if missing.len() <= wilds {
            return Err(NotMeld::TooLong { count: len, most: top as usize });
        }
        return Err(NotMeld::Missing { cards: missing, wilds });
    }
    if low_missing.len() <= wilds {
        return Err(NotMeld::TooLong { count: low_len, most: top as usize });
    }
    Err(NotMeld::Missing { cards: low_missing, wilds })
}

/// Whether the ranks would make a run going round the corner (K-A-2).
fn wraps(ranks: &[u8], wilds: usize, count: usize) -> bool {
    (1..=13u8).any(|start| {
        let places: Vec<u8> = ranks.iter().map(|&r| (r + 13 - start) % 13).collect();
        let lo = *places.iter().min().expect("a natural");
        let hi = *places.iter().max().expect("a natural");
        let span = (hi - lo + 1) as usize;
        span - ranks.len() <= wilds && span.max(count) <= 13
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::parse_cards;

    fn reason(rules: &Rules, wild: u8, text: &str) -> String {
        let cards = parse_cards(text, &Rules { jokers: 2, ..*rules }).unwrap();
        let group = judge(&cards, &Table::new(rules, Rank::new(wild).unwrap()));
        group.reason.map_or("a meld".to_string(), |r| r.to_string())
    }

    #[test]
    fn the_reasons_in_the_tables_words() {
        let std = Rules::default();
        let strict = Rules::preset("strict").unwrap();
        let high = Rules { ace_high: true, ..std };
        assert_eq!(
            reason(&std, 5, "Qs Ks As"),
            "not a run: aces are low under these rules (ace_high=true allows Q-K-A)"
        );
        assert_eq!(reason(&high, 5, "Qs Ks As"), "a meld");
        assert_eq!(reason(&std, 5, "9c 9d"), "a meld needs 3 cards");
        assert_eq!(reason(&std, 3, "5h 6h 8h"), "7h is missing and there is no wild to stand for it");
        assert_eq!(
            reason(&std, 3, "5h 5d 6h 9h"),
            "not a set (the ranks differ) nor a run (the suits differ)"
        );
        assert_eq!(
            reason(&std, 3, "4h 6h 8h 10h 5c"),
            "not a set (the ranks differ) nor a run (the suits differ)"
        );
        assert_eq!(
            reason(&std, 5, "4h 7h 10h 5c"),
            "5h, 6h, 8h and 9h are missing and there is only 1 wild to stand for them"
        );
        assert_eq!(reason(&strict, 3, "3d 3c 3h"), "under these rules a meld needs a natural card");
        assert_eq!(reason(&std, 3, "3d 3c 3h"), "a meld");
        assert_eq!(
            reason(&high, 5, "Kh Ah 2h"),
            "not a run: a run does not go round from king to ace to two"
        );
        assert_eq!(reason(&std, 5, "6h 6h 7h"), "not a run: 6h twice, and a run holds each rank once");
        assert_eq!(
            reason(&std, 1, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ac"),
            "not a run: a run has at most 13 cards"
        );
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
