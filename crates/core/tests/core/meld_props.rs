//! The one meld verdict against the brute force's own judge, under every
//! rule setting: as a declared group, as a table meld and through cards
//! laid off; the run from ace to ace in each; and every reason checked to
//! be true of its group and the first true one.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use three13_core::card::{Card, Rank, Suit};
use three13_core::meld::{self, NotMeld};
use three13_core::rules::{Deal, Rules};
use three13_core::solver::{Arrangement, Meld, Solver, Table};

use crate::solver_props::{
    Case, Style, check_arrangement, check_case, config, pool, rules, same_cards, text, wild_cards,
};
use crate::{brute, with_settings};

/// The card of `suit` at run place `place` (14 is the ace, high).
fn at(place: u8, suit: Suit) -> Card {
    Card::new(Rank::new(if place == 14 { 1 } else { place }).unwrap(), suit)
}

/// A long run, from ace to ace at most, as a player might lay it: the
/// places `lo` up to `len` cards, some of them wilds, then perhaps one card
/// taken out or one added (an ace, a card of another suit, one more wild),
/// in an order drawn by `pick`.
fn long_run() -> impl Strategy<Value = (Rules, Rank, Vec<Card>)> {
    (rules(), 1u8..=13, 0usize..4, 1u8..=12, 3usize..=15, any::<u16>(), 0u8..6, any::<u32>()).prop_map(
        |(rules, wild, suit, lo, len, wild_places, edit, pick)| {
            let wild = Rank::new(wild).unwrap();
            let suit = Suit::ALL[suit];
            let wilds = wild_cards(&rules, wild);
            let hi = (lo as usize + len - 1).min(14) as u8;
            let mut cards: Vec<Card> = (lo..=hi)
                .enumerate()
                .map(|(i, p)| {
                    // A third of the draws put wilds in some places.
                    if edit < 2 && wild_places & (1 << (i % 16)) != 0 && (pick >> (i % 16)) & 3 == 0 {
                        wilds[i % wilds.len()]
                    } else {
                        at(p, suit)
                    }
                })
                .collect();
            let n = cards.len();
            match edit {
                2 => {
                    cards.remove(pick as usize % n);
                }
                3 => cards.push(at(if pick % 2 == 0 { 1 } else { 14 }, suit)),
                4 => cards.push(at((pick % 13) as u8 + 1, Suit::ALL[(pick / 13) as usize % 4])),
                5 => cards.push(wilds[pick as usize % wilds.len()]),
                _ => {}
            }
            let k = pick as usize % cards.len();
            cards.rotate_left(k);
            if pick & 1 == 1 {
                cards.reverse();
            }
            (rules, wild, cards)
        },
    )
}

/// The naturals and the number of wilds of `cards`, by the brute force.
fn split(rules: &Rules, wild: Rank, cards: &[Card]) -> (Vec<Card>, usize) {
    let naturals: Vec<Card> = cards.iter().copied().filter(|&c| !brute::is_wild(rules, wild, c)).collect();
    let wilds = cards.len() - naturals.len();
    (naturals, wilds)
}

/// Whether each reason, in the order they are given, is true of `cards`
/// (which form no meld), written from the rules without the verdict's code:
/// fewer than 3 cards; wilds only where a meld needs a natural card; more
/// than half of the cards wild where at most half may be; neither one rank
/// nor one suit; a rank more often than a run holds it; an ace of the
/// group's making a run only above the king, where aces are low; a run
/// only round the corner (from king to ace, or to three on a deck without
/// aces). (For the reasons after these, the places missing and the length,
/// what they say is checked instead.)
fn reasons_true(rules: &Rules, wild: Rank, cards: &[Card]) -> [bool; 7] {
    let (naturals, wilds) = split(rules, wild, cards);
    let count = cards.len();
    let one = |same: &dyn Fn(&Card) -> bool| naturals.iter().all(same);
    let one_rank = !naturals.is_empty() && one(&|c| c.rank() == naturals[0].rank());
    let one_suit = !naturals.is_empty() && one(&|c| c.suit() == naturals[0].suit());
    let ace_high = brute::ace_high(rules);
    let too_often = naturals.iter().any(|c| {
        let most = if ace_high && c.rank() == Some(Rank::ACE) { 2 } else { 1 };
        naturals.iter().filter(|d| d.rank() == c.rank()).count() > most
    });
    // Shifting every rank by k (round the deck's ranks) turns a run going
    // round the corner into one that does not.
    let lowest = brute::lowest(rules) as u8;
    let ranks = 14 - lowest;
    let wraps = (1..ranks).any(|k| {
        let turned: Vec<Card> = naturals
            .iter()
            .map(|c| {
                let r = (c.rank().unwrap().number() - lowest + k) % ranks + lowest;
                Card::new(Rank::new(r).unwrap(), c.suit().unwrap())
            })
            .collect();
        brute::fits_run_from(&turned, wilds, false, lowest as usize)
    });
    [
        count < 3,
        naturals.is_empty() && !rules.all_wild_melds(),
        rules.half_wild() && 2 * wilds > count,
        !naturals.is_empty() && !one_rank && !one_suit,
        one_suit && !one_rank && too_often,
        !ace_high
            && naturals.iter().any(|c| c.rank() == Some(Rank::ACE))
            && brute::is_meld(&rules.with("ace_high", "true").unwrap(), wild, cards),
        one_suit && !one_rank && wraps,
    ]
}

/// Checks the verdict on `cards` against the brute force: a meld exactly
/// when the brute force says so, its wilds standing for what they say;
/// otherwise a reason that is true, and no earlier reason true.
pub(crate) fn check_verdict(rules: &Rules, wild: Rank, cards: &[Card]) -> Result<(), TestCaseError> {
    let shown = || format!("{} with {} wild, rules {}", text(cards), wild, rules.changes().join(" "));
    let valid = brute::is_meld(rules, wild, cards);
    match meld::judge(cards, rules, wild) {
        Ok(formed) => {
            prop_assert!(valid, "judged a meld, but is none: {}", shown());
            prop_assert!(same_cards(&formed.cards, cards), "{}", shown());
            let deal = Deal { round: 1, cards: cards.len(), wild };
            let case = Case {
                rules: rules.with("lay_off", "false").unwrap(),
                deal,
                hand: cards.to_vec(),
                onto: Vec::new(),
            };
            let meld = Meld { kind: formed.kind, cards: formed.cards, wilds: formed.wilds, onto: None };
            let arr = Arrangement { deadwood: 0, melds: vec![meld], unmelded: Vec::new() };
            if let Err(e) = check_arrangement(&case, &arr) {
                return Err(TestCaseError::fail(format!("{e}\n{arr:?}\n{}", shown())));
            }
        }
        Err(reason) => {
            prop_assert!(!valid, "judged no meld ({reason}), but is one: {}", shown());
            let truths = reasons_true(rules, wild, cards);
            let (naturals, wilds) = split(rules, wild, cards);
            let index = match &reason {
                NotMeld::TooFew { count } => {
                    prop_assert_eq!(*count, cards.len());
                    0
                }
                NotMeld::NoNatural => 1,
                NotMeld::TooManyWilds { wilds: w, count } => {
                    prop_assert_eq!((*w, *count), (wilds, cards.len()));
                    2
                }
                NotMeld::Mixed => 3,
                NotMeld::RepeatedRank { card, times, .. } => {
                    let held = naturals.iter().filter(|c| c.rank() == card.rank()).count();
                    prop_assert_eq!(*times, held, "{}", shown());
                    prop_assert!(naturals.contains(card));
                    4
                }
                NotMeld::AceLow => 5,
                NotMeld::Wraps => {
                    prop_assert_eq!(brute::lowest(rules), 1, "{}", shown());
                    6
                }
                NotMeld::WrapsToThree => {
                    prop_assert_eq!(brute::lowest(rules), 3, "{}", shown());
                    6
                }
                NotMeld::Missing { cards: missing, wilds: w } => {
                    // The cards named are not there, more than the wilds can
                    // stand for, and with them the naturals make a run.
                    prop_assert_eq!(*w, wilds);
                    prop_assert!(missing.len() > wilds, "{reason}: {}", shown());
                    prop_assert!(missing.iter().all(|m| !naturals.contains(m)), "{reason}: {}", shown());
                    let mut whole = naturals.clone();
                    whole.extend(missing);
                    let fits = brute::fits_run_from(&whole, 0, brute::ace_high(rules), brute::lowest(rules));
                    prop_assert!(fits, "{reason}: {}", shown());
                    7
                }
                NotMeld::TooLong { count, most } => {
                    let places = if brute::ace_high(rules) { 14 } else { 14 - brute::lowest(rules) };
                    prop_assert_eq!(*most, places);
                    prop_assert!(*count > *most, "{reason}: {}", shown());
                    prop_assert_eq!(*count, cards.len());
                    8
                }
            };
            if index < truths.len() {
                prop_assert!(truths[index], "{reason} is not true of {}", shown());
            }
            let earlier = truths.iter().take(index).position(|&t| t);
            prop_assert_eq!(earlier, None, "an earlier reason than \"{}\" is true of {}", reason, shown());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(3000))]
    /// Short groups from a narrow pool, under every rule setting.
    #[test]
    fn the_verdict_on_short_groups_is_the_brute_forces(
        rules in rules(),
        wild in 1u8..=13,
        pool in pool(vec![Style::Dense, Style::Mixed, Style::Uniform], 0..=60),
        picks in prop::collection::vec(any::<u32>(), 1..=8),
    ) {
        let wild = Rank::new(wild).unwrap();
        let cards = pool.hand(&rules, wild, picks.len(), &picks);
        check_verdict(&rules, wild, &cards)?;
    }
}

proptest! {
    #![proptest_config(config(3000))]
    /// Long runs up to the one from ace to ace, whole or spoilt by a card.
    #[test]
    fn the_verdict_on_long_runs_is_the_brute_forces((rules, wild, cards) in long_run()) {
        check_verdict(&rules, wild, &cards)?;
    }
}

proptest! {
    #![proptest_config(config(1500))]
    /// A table meld is accepted exactly when the brute force calls it a
    /// meld, long runs included, and refused with the verdict's reason.
    #[test]
    fn table_melds_are_judged_by_the_verdict((rules, wild, cards) in long_run()) {
        let valid = brute::is_meld(&rules, wild, &cards);
        match Table::new(&rules, wild).with_onto(vec![cards.clone()]) {
            Ok(_) => prop_assert!(valid, "{}", text(&cards)),
            Err(e) => {
                prop_assert!(!valid, "{}: {}", text(&cards), e);
                let reason = meld::judge(&cards, &rules, wild).unwrap_err();
                prop_assert_eq!(e.to_string(), format!("\"{}\" is not a valid table meld: {reason}", text(&cards)));
            }
        }
    }
}

/// A lay-off case: a long run on the table (valid under the rules) and a
/// small hand of cards near its ends, aces, a set's worth of one rank,
/// wilds and others.
fn lay_off_case() -> impl Strategy<Value = Case> {
    (long_run(), prop::collection::vec(any::<u32>(), 3..=8)).prop_filter_map(
        "the table meld is a meld",
        |((rules, wild, table), picks)| {
            if !brute::is_meld(&rules, wild, &table) {
                return None;
            }
            let rules = rules.with("lay_off", "true").unwrap();
            let suit = table.iter().find(|&&c| !brute::is_wild(&rules, wild, c)).and_then(|c| c.suit())?;
            let wilds = wild_cards(&rules, wild);
            let mut near: Vec<Card> = [1, 2, 3, 11, 12, 13, 14].iter().map(|&p| at(p, suit)).collect();
            near.extend(Suit::ALL.iter().map(|&s| at(9, s)));
            let hand = picks
                .iter()
                .map(|&p| match p % 4 {
                    0 | 1 => near[(p / 4) as usize % near.len()],
                    2 => wilds[(p / 4) as usize % wilds.len()],
                    _ => Card::deck().nth((p / 4) as usize % 52).unwrap(),
                })
                .collect();
            let deal = Deal { round: 1, cards: picks.len(), wild };
            Some(Case { rules, deal, hand, onto: vec![table] })
        },
    )
}

proptest! {
    #![proptest_config(config(600))]
    /// Cards laid off onto long runs, up to the run from ace to ace: the
    /// solver's deadwood and arrangement against the brute force.
    #[test]
    fn laying_off_onto_long_runs_matches_the_brute_force(case in lay_off_case()) {
        check_case(&case)?;
    }
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| Card::parse(c).unwrap()).collect()
}

/// The run from ace to ace, by hand: a declared group, a table meld and a
/// lay-off, each where aces may be high and not where they are low.
#[test]
fn the_run_from_ace_to_ace_everywhere() {
    let low = with_settings(Rules::default(), &[("lay_off", &true), ("extra_rounds", &2)]);
    let high = low.with("ace_high", "true").unwrap();
    let run = cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah");
    let twos = Rank::new(2).unwrap();
    for rules in [low, high] {
        assert_eq!(meld::judge(&run, &rules, twos).is_ok(), rules.ace_high());
        assert_eq!(brute::is_meld(&rules, twos, &run), rules.ace_high());
        assert_eq!(Table::new(&rules, twos).with_onto(vec![run.clone()]).is_ok(), rules.ace_high());
        // Round 13, twos wild: the run and 9c.
        let mut hand = run.clone();
        hand.push(cards("9c")[0]);
        let expected = brute::deadwood(&rules, twos, &hand, &[]);
        assert_eq!(Solver::new().deadwood(&hand, &Table::new(&rules, twos)), expected);
        // An ace laid off onto a run of all thirteen ranks, beside a set:
        // it goes at the top only where the ace may be high.
        let fours = Rank::new(4).unwrap();
        let onto = vec![run[1..].to_vec()];
        let table = Table::new(&rules, fours).with_onto(onto.clone()).unwrap();
        let hand = cards("Ah 9c 9d 9s");
        let expected = if rules.ace_high() { 0 } else { 1 };
        assert_eq!(brute::deadwood(&rules, fours, &hand, &onto), expected);
        let case = Case { rules, deal: Deal { round: 2, cards: 4, wild: fours }, hand, onto };
        let arr = Solver::new().solve(&case.hand, &table);
        assert_eq!(arr.deadwood, expected);
        check_arrangement(&case, &arr).unwrap();
    }
}
