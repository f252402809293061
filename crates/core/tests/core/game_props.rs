//! Five Crowns and the house rules, against the brute force: the solver,
//! the outs and the discards on the Five Crowns deck (five suits, the ranks
//! 3 to K, jokers at 50 and wilds left over at 20) under its preset and its
//! settings, and the half-wild limit and the round orders in both games.

use proptest::prelude::*;

use three13_core::card::{Card, Deck, Rank, Suit};
use three13_core::declared::judge;
use three13_core::hand::parse_hand;
use three13_core::rules::Rules;
use three13_core::solver::{Solver, Table};

use crate::advice_props::check_completing;
use crate::meld_props::check_verdict;
use crate::solver_props::{
    Case, Style, cases_under, check_arrangement, check_case, check_discards, check_discards_and_outs,
    check_outs, config, pool_of, rules, text,
};
use crate::{brute, with_settings};

/// The Five Crowns preset with its settings drawn: the decks and jokers,
/// the values of a wild and a joker left over, four suits or five, the
/// face cards, melds of wilds alone, kings wild, the half-wild limit and
/// the round order.
pub(crate) fn five_crowns() -> impl Strategy<Value = Rules> {
    (
        (1u8..=3, 0u8..=3, prop::sample::select(vec![20u8, 1, 35]), prop::sample::select(vec![50u8, 25, 20])),
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), 0u8..8),
    )
        .prop_map(|((decks, jokers, wild, joker), (face, four, all_wild, kings, down, bits))| {
            // One draw in four plays wilds at their face, as Three Thirteen.
            let wild_value = if bits & 3 == 0 { "face".to_string() } else { wild.to_string() };
            let mut rules = with_settings(
                Rules::preset("five-crowns").expect("the preset"),
                &[
                    ("decks", &decks),
                    ("jokers", &jokers),
                    ("wild_value", &wild_value),
                    ("joker_value", &joker),
                    ("all_wild_melds", &all_wild),
                    ("kings_wild", &kings),
                    ("half_wild", &(bits & 4 != 0)),
                    ("round_order", &if down { "down" } else { "up" }),
                ],
            );
            if face {
                rules.set("face_cards", "ten").expect("a word");
            }
            if four {
                rules.set("suits", "4").expect("a number");
            }
            rules
        })
}

/// Three Thirteen's rules, every setting drawn, with the half-wild limit,
/// the values of wilds and jokers and the round order drawn too.
fn house_rules() -> impl Strategy<Value = Rules> {
    (rules(), any::<bool>(), prop::sample::select(vec![None, Some(20u8), Some(1)]), 0u8..3, 20u8..=50)
        .prop_map(|(rules, half, wild, order, joker)| {
            let wild_value = wild.map_or("face".to_string(), |n| n.to_string());
            with_settings(
                rules,
                &[
                    ("half_wild", &half),
                    ("wild_value", &wild_value),
                    ("joker_value", &joker),
                    ("round_order", &["up", "down", "random"][order as usize]),
                ],
            )
        })
}

/// Three Thirteen or Five Crowns, with at most half of each meld wild.
pub(crate) fn half_wild() -> impl Strategy<Value = Rules> {
    prop_oneof![house_rules(), five_crowns()].prop_map(|rules| rules.with("half_wild", "true").unwrap())
}

const ALL_STYLES: [Style; 3] = [Style::Uniform, Style::Mixed, Style::Dense];

proptest! {
    #![proptest_config(config(1500))]
    /// Small hands of Five Crowns, table melds and laying off included.
    #[test]
    fn five_crowns_small_hands_match_the_brute_force(
        case in cases_under(five_crowns(), 5, 3..=9, ALL_STYLES.to_vec(), 0..=60, 3, None)
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(250))]
    /// Hands of Five Crowns' rounds, 10 to 13 cards and the card drawn.
    #[test]
    fn five_crowns_round_sized_hands_match_the_brute_force(
        case in cases_under(five_crowns(), 5, 10..=14, ALL_STYLES.to_vec(), 0..=60, 2, None)
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(100))]
    /// Dense hands of Five Crowns, many of their cards jokers and wilds.
    #[test]
    fn five_crowns_dense_hands_match_the_brute_force(
        case in cases_under(five_crowns(), 5, 11..=14, vec![Style::Dense], 0..=45, 0, Some(false))
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(600))]
    /// Laying off on the Five Crowns deck.
    #[test]
    fn five_crowns_laying_off_matches_the_brute_force(
        case in cases_under(five_crowns(), 5, 3..=11, vec![Style::Mixed, Style::Dense], 0..=60, 3, Some(true))
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(100))]
    /// Every discard of a Five Crowns hand, its outs (jokers among them)
    /// and the best discard.
    #[test]
    fn five_crowns_discards_match_the_brute_force(
        case in cases_under(five_crowns(), 5, 4..=8, ALL_STYLES.to_vec(), 0..=60, 2, None),
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        check_discards(&case, &picks)?;
    }
}

proptest! {
    #![proptest_config(config(150))]
    /// The cards completing a hand, on the Five Crowns deck or with at most
    /// half of a meld wild, against the brute force and one card at a time.
    #[test]
    fn completing_cards_on_any_deck_match_the_brute_force(
        case in prop_oneof![
            cases_under(five_crowns(), 5, 3..=10, ALL_STYLES.to_vec(), 0..=60, 3, None),
            cases_under(half_wild(), 5, 3..=9, ALL_STYLES.to_vec(), 0..=60, 3, None),
        ],
        extra in prop::collection::vec(any::<u32>(), 2),
    ) {
        check_completing(case, &extra)?;
    }
}

proptest! {
    #![proptest_config(config(200))]
    /// The outs of a Five Crowns hand and the chance, on the 116 cards.
    #[test]
    fn five_crowns_outs_match_the_brute_force(
        case in cases_under(five_crowns(), 5, 3..=7, ALL_STYLES.to_vec(), 0..=60, 1, None),
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        check_outs(&case, &picks)?;
    }
}

proptest! {
    #![proptest_config(config(1500))]
    /// The half-wild limit in both games, table melds and laying off
    /// included: wilds a meld cannot take are left over.
    #[test]
    fn half_wild_small_hands_match_the_brute_force(
        case in cases_under(half_wild(), 5, 3..=9, ALL_STYLES.to_vec(), 0..=70, 3, None)
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(250))]
    /// The half-wild limit on hands of the rounds' sizes.
    #[test]
    fn half_wild_round_sized_hands_match_the_brute_force(
        case in cases_under(half_wild(), 5, 10..=14, ALL_STYLES.to_vec(), 0..=70, 2, None)
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(600))]
    /// The half-wild limit where cards are laid off: wilds alone may go
    /// onto a table meld that has room for them.
    #[test]
    fn half_wild_laying_off_matches_the_brute_force(
        case in cases_under(half_wild(), 5, 3..=10, vec![Style::Mixed, Style::Dense], 0..=70, 3, Some(true))
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(100))]
    /// Discards and outs under the half-wild limit, in both games.
    #[test]
    fn half_wild_discards_and_outs_match_the_brute_force(
        case in cases_under(half_wild(), 5, 4..=8, ALL_STYLES.to_vec(), 0..=60, 2, None),
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        check_discards_and_outs(&case, &picks)?;
    }
}

proptest! {
    #![proptest_config(config(1000))]
    /// Three Thirteen with its house rules drawn too: the values of wilds
    /// and jokers left over, the round order, the half-wild limit.
    #[test]
    fn house_rules_match_the_brute_force(
        case in cases_under(house_rules(), 4, 3..=12, ALL_STYLES.to_vec(), 0..=60, 2, None)
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(2000))]
    /// A group on the Five Crowns deck, or under the half-wild limit, is a
    /// meld exactly when the brute force says so; otherwise the reason
    /// given is true and the first true one.
    #[test]
    fn the_verdict_on_any_deck_is_the_brute_forces(
        rules in prop_oneof![five_crowns(), half_wild()],
        wild in 3u8..=13,
        pool in pool_of(vec![Style::Dense, Style::Mixed, Style::Uniform], 0..=60, 5),
        picks in prop::collection::vec(any::<u32>(), 1..=9),
    ) {
        let wild = Rank::new(wild).unwrap();
        let cards = pool.hand(&rules, wild, picks.len(), &picks);
        check_verdict(&rules, wild, &cards)?;
        let group = judge(&cards, &Table::new(&rules, wild));
        prop_assert_eq!(group.meld, brute::is_meld(&rules, wild, &cards), "{}", text(&cards));
        let accepted = Table::new(&rules, wild).with_onto(vec![cards.clone()]).is_ok();
        prop_assert_eq!(accepted, brute::is_meld(&rules, wild, &cards), "{}", text(&cards));
    }
}

fn five() -> Rules {
    Rules::preset("five-crowns").unwrap()
}

fn hand(rules: &Rules, text: &str) -> Vec<Card> {
    parse_hand(text, &rules.with("decks", "3").unwrap()).unwrap()
}

fn rank(n: u8) -> Rank {
    Rank::new(n).unwrap()
}

/// Solver and brute force on one hand, which must score `expected`, the
/// arrangement checked card by card.
fn agree(rules: &Rules, wild: u8, text: &str, onto: &[&str], expected: u32) {
    let cards = hand(rules, text);
    let onto: Vec<Vec<Card>> = onto.iter().map(|m| hand(rules, m)).collect();
    let deal = three13_core::rules::Deal { round: 1, cards: cards.len(), wild: rank(wild) };
    let case = Case { rules: *rules, deal, hand: cards, onto };
    assert_eq!(brute::deadwood(rules, rank(wild), &case.hand, &case.onto), expected, "brute force: {text}");
    let arr = Solver::new().solve(&case.hand, &case.table());
    assert_eq!(arr.deadwood, expected, "solver: {text}");
    check_arrangement(&case, &arr).unwrap();
}

/// The Five Crowns rulebook, hand by hand: the values left over, runs of
/// the stars, no run through king and three, wilds anywhere.
#[test]
fn five_crowns_by_the_rulebook() {
    let fc = five();
    // A joker left over scores 50, a wild of the round 20.
    agree(&fc, 3, "JK 9h Kc", &[], 9 + 13 + 50);
    agree(&fc, 3, "3r 9h Kc", &[], 9 + 13 + 20);
    agree(&fc, 4, "3r 9h Kc", &[], 3 + 9 + 13);
    // Runs of stars, books of any suits; no run goes round from K to 3.
    agree(&fc, 4, "5r 6r 7r", &[], 0);
    agree(&fc, 4, "9r 9h 9c", &[], 0);
    agree(&fc, 5, "Qr Kr 3r", &[], 12 + 13 + 3);
    agree(&fc, 5, "Qr Kr 5h", &[], 0);
    // Wilds anywhere, as many as one wishes: a run of 11, 3 to king.
    agree(&fc, 13, "3h 4h 5h 6h 7h 8h 9h 10h Jh Kc JK", &[], 0);
    // A meld of wilds alone counts, as in Three Thirteen's default.
    agree(&fc, 3, "3r 3h JK", &[], 0);
    // At most half of a meld wild: wilds no meld can take are left over,
    // the least valuable of them.
    let fc_half = fc.with("half_wild", "true").unwrap();
    agree(&fc_half, 3, "3r 3h JK", &[], 20 + 20 + 50);
    agree(&fc_half, 3, "9c 9d JK JK", &[], 0);
    agree(&fc_half, 3, "9c 9d JK JK 3h", &[], 20);
    // A wild laid off alone onto a table meld with room for it.
    let lay = fc_half.with("lay_off", "true").unwrap();
    agree(&lay, 3, "9c 9d JK JK 3h", &["5r 6r 7r 8r"], 0);
    agree(&lay, 3, "9c 9d JK JK 3h 3s", &["5r 6r JK"], 20);
}

/// The deck as the solver sees it: no card of another deck is ever named
/// for a wild, a set of five stands for the stars too.
#[test]
fn wilds_stand_for_cards_of_the_deck() {
    let fc = five();
    let table = Table::new(&fc, rank(4));
    let a = Solver::new().solve(&hand(&fc, "Qr Kr 4h"), &table);
    assert_eq!(a.melds[0].wilds[0].stands_for, Deck::FIVE_CROWNS.parse("Jr").unwrap());
    let a = Solver::new().solve(&hand(&fc, "3r 5r 4h"), &table);
    assert_eq!(a.melds[0].wilds[0].stands_for, Deck::FIVE_CROWNS.parse("4r").unwrap());
    let a = Solver::new().solve(&hand(&fc, "9c 9d 9h 9s 4h"), &table);
    assert_eq!(a.melds[0].wilds[0].stands_for, Card::new(rank(9), Suit::Stars));
    assert!(Deck::FIVE_CROWNS.holds(a.melds[0].wilds[0].stands_for));
}
