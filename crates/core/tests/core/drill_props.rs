//! Positions to drill: the same seed the same positions, each kept only
//! where the coach's best beats the second by the margin, and grades that
//! are the coach's own figures, an answer within the noise losing nothing.

use proptest::prelude::*;
use three13_core::play::drill::{DrillPosition, Theme, Wanted, best, clear, generate, grade};
use three13_core::play::{Move, estimate, mix};
use three13_core::rules::Rules;

/// Small rounds and budgets: quick at test size.
fn wanted(five_crowns: bool, round: usize) -> Wanted {
    let rules = if five_crowns { Rules::preset("five-crowns").unwrap() } else { Rules::default() };
    Wanted { round: Some(round), budget: 24, margin: 0.5, ..Wanted::new(rules) }
}

fn every_answer(p: &DrillPosition) -> Vec<(Vec<three13_core::play::Estimate>, Move)> {
    let mut out = Vec::new();
    let take = p.take_estimates(24);
    for e in &take {
        out.push((take.clone(), e.option));
    }
    for took in [false, true] {
        let d = p.discard_estimates(took, 24);
        for e in &d {
            out.push((d.clone(), e.option));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    #[test]
    fn same_seed_same_positions(seed in any::<u64>(), fc in any::<bool>(), round in 1usize..=3) {
        let w = wanted(fc, round);
        let a = generate(&w, seed, 2);
        let b = generate(&w, seed, 2);
        prop_assert_eq!(&a, &b);
        for p in &a.positions {
            prop_assert_eq!(p.deal.round, round);
            // Kept: one of the questions is clear by the margin.
            let take = p.take_estimates(w.budget);
            let took = best(&take).option == Move::Take(true);
            let discard = p.discard_estimates(took, w.budget);
            prop_assert!(clear(&take, w.margin) || clear(&discard, w.margin));
            prop_assert_eq!(clear(&take, w.margin), p.themes.contains(&Theme::TakeOrDraw));
            prop_assert_eq!(p.id(), p.clone().id());
        }
    }

    #[test]
    fn grades_are_the_coachs_figures(seed in any::<u64>(), fc in any::<bool>()) {
        let w = wanted(fc, 2);
        for p in generate(&w, seed, 1).positions {
            // The coach asked directly, on the same position and seed.
            let direct = estimate(&p.state(), 24, mix(p.seed, 1));
            prop_assert_eq!(&direct, &p.take_estimates(24));
            let direct = estimate(&p.after(false), 24, mix(p.seed, 2));
            prop_assert_eq!(&direct, &p.discard_estimates(false, 24));
            for (estimates, answer) in every_answer(&p) {
                let g = grade(&estimates, answer).unwrap();
                let mine = estimates.iter().find(|e| e.option == answer).unwrap();
                let top = estimates
                    .iter()
                    .filter(|e| !e.dropped)
                    .min_by(|a, b| a.points.mean.total_cmp(&b.points.mean))
                    .unwrap();
                prop_assert_eq!(g.best, top.option);
                if mine.vs_best.low <= 0.0 {
                    // Within the noise: nothing lost.
                    prop_assert_eq!(g.points_lost, 0.0);
                    prop_assert!(g.right());
                } else {
                    prop_assert_eq!(g.points_lost, mine.points.mean - top.points.mean);
                    prop_assert!(g.points_lost > 0.0);
                }
            }
        }
    }
}

#[test]
fn an_answer_not_offered_is_not_graded() {
    let w = wanted(false, 1);
    let p = generate(&w, 7, 1).positions.remove(0);
    let take = p.take_estimates(24);
    assert!(grade(&take, Move::Discard(p.hand[0])).is_none());
}

#[test]
fn a_theme_asked_for_is_a_theme_of_every_position_given() {
    let lay_off = crate::with_settings(Rules::default(), &[("lay_off", &true)]);
    let five = Rules::preset("five-crowns").unwrap();
    for (rules, round, theme) in [
        (Rules::default(), 2, Theme::LastTurn),
        (lay_off, 2, Theme::LayOff),
        (five, 2, Theme::DiscardWild),
        (Rules::default(), 3, Theme::WildPlace),
    ] {
        let w =
            Wanted { round: Some(round), theme: Some(theme), budget: 24, margin: 0.5, ..Wanted::new(rules) };
        let got = generate(&w, 5, 1);
        assert_eq!(got.positions.len(), 1, "{theme:?}: none in {} candidates", got.tried);
        let p = &got.positions[0];
        assert!(p.themes.contains(&theme), "{theme:?}: {:?}", p.themes);
        match theme {
            Theme::LastTurn => assert!(p.out.is_some()),
            Theme::LayOff => assert!(p.out.is_some() && !p.onto.is_empty()),
            _ => {}
        }
    }
}
