//! The deadwood, the outs and an arrangement after each discard of a hand, found in one
//! search for every discard (`Solver::deadwood_after`,
//! `Solver::outs_after`), against one search per discard
//! (`Solver::deadwood_less`, `Solver::outs_less`), over random hands of every rule family: table
//! melds and laying off, wilds, jokers, decks, Five Crowns.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use three13_core::rules::Rules;
use three13_core::solver::Solver;

use crate::game_props::{five_crowns, half_wild};
use crate::solver_props::{Case, Style, cases, cases_under, config, show};
use crate::with_settings;

/// The other presets, with their wilds, jokers and decks drawn.
fn presets() -> impl Strategy<Value = Rules> {
    (
        prop::sample::select(vec!["standard", "tens", "strict"]),
        (0u8..=2, 1u8..=3, any::<bool>(), any::<bool>(), any::<bool>()),
    )
        .prop_map(|(preset, (jokers, decks, kings_wild, ace_high, all_wild_melds))| {
            with_settings(
                Rules::preset(preset).expect("a preset"),
                &[
                    ("jokers", &jokers),
                    ("decks", &decks),
                    ("kings_wild", &kings_wild),
                    ("ace_high", &ace_high),
                    ("all_wild_melds", &all_wild_melds),
                ],
            )
        })
}

/// Every distinct discard of the case's hand: the deadwood and the outs
/// after it from the one search for every discard (the outs asked after
/// the deadwood, and alone), and from one search of the hand less it.
fn check(case: &Case) -> Result<(), TestCaseError> {
    let table = case.table();
    let mut every = Solver::new();
    every.load(&case.hand, &table);
    let mut alone = Solver::new();
    alone.load(&case.hand, &table);
    let mut one = Solver::new();
    one.load(&case.hand, &table);
    let mut asked = Vec::new();
    for &card in &case.hand {
        if asked.contains(&card) {
            continue;
        }
        asked.push(card);
        let (deadwood, outs) = (one.deadwood_less(&[card]), one.outs_less(&[card]));
        prop_assert_eq!(every.deadwood_after(card), deadwood, "{} less {}", show(case), card.ascii());
        prop_assert_eq!(every.outs_after(card), outs, "{} less {}", show(case), card.ascii());
        prop_assert_eq!(alone.outs_after(card), outs, "{} less {}", show(case), card.ascii());
        // The arrangement after the discard, followed through the one
        // search, is the one search's of the hand less it.
        prop_assert_eq!(
            every.solve_after(card),
            one.solve_less(&[card]),
            "{} less {}",
            show(case),
            card.ascii()
        );
    }
    Ok(())
}

const STYLES: [Style; 3] = [Style::Uniform, Style::Mixed, Style::Dense];

proptest! {
    #![proptest_config(config(400))]
    /// Hands after the draw of every size, up to four table melds, and
    /// some with up to eight.
    #[test]
    fn every_discard_in_one_search_matches_one_search_each(
        case in prop_oneof![
            2 => cases(4..=16, STYLES.to_vec(), 0..=60, 4, None),
            1 => cases(12..=16, vec![Style::Mixed, Style::Dense], 0..=60, 8, Some(true)),
            1 => cases_under(half_wild(), 5, 12..=14, vec![Style::Mixed, Style::Dense], 0..=50, 8, Some(true)),
            2 => cases(8..=16, vec![Style::Mixed, Style::Dense], 0..=60, 4, Some(true)),
            2 => cases_under(five_crowns(), 5, 4..=14, STYLES.to_vec(), 0..=60, 4, Some(true)),
            2 => cases_under(presets(), 4, 8..=16, STYLES.to_vec(), 0..=60, 4, Some(true)),
            1 => cases_under(half_wild(), 5, 4..=12, vec![Style::Mixed, Style::Dense], 0..=50, 2, None),
            1 => cases_under(half_wild(), 5, 8..=14, vec![Style::Mixed, Style::Dense], 0..=50, 4, Some(true)),
        ],
    ) {
        check(&case)?;
    }
}
