//! Positions to drill: the same seed the same positions, each kept only
//! where the coach's best beats the second by the margin, and grades that
//! are the coach's own figures, an answer within the noise losing nothing.

use proptest::prelude::*;
use three13_core::card::Card;
use three13_core::meld::judge;
use three13_core::play::drill::{
    DrillPosition, Theme, Wanted, best, breaks, clear, generate, grade, wild_places,
};
use three13_core::play::{Move, estimate, mix};
use three13_core::rules::{Game, Rules};
use three13_core::solver::Solver;

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

/// Whether `theme` holds of `p` by its definition (docs/drill.md), from
/// the coach's estimates asked again.
fn holds(p: &DrillPosition, theme: Theme, margin: f64) -> bool {
    let take = p.take_estimates(24);
    let took = best(&take).option == Move::Take(true);
    let discard = p.discard_estimates(took, 24);
    let clear_discard = clear(&discard, margin);
    let table = p.after(took).table();
    let hand = p.hand_after(took);
    let card = |m: Move| match m {
        Move::Discard(c) => c,
        Move::Take(_) => unreachable!("a discard"),
    };
    let b = card(best(&discard).option);
    let worse: Vec<Card> = discard.iter().map(|e| card(e.option)).filter(|&c| c != b).collect();
    let wild = hand.iter().any(|&c| table.is_wild(c));
    match theme {
        Theme::TakeOrDraw => clear(&take, margin),
        Theme::KeepPairOrRun => {
            clear_discard
                && worse.iter().any(|&w| {
                    // One breaks a pair the other keeps, the other a
                    // partial run the first keeps.
                    (breaks(&hand, &table, b, w, true) && breaks(&hand, &table, w, b, false))
                        || (breaks(&hand, &table, b, w, false) && breaks(&hand, &table, w, b, true))
                })
        }
        Theme::WildPlace => {
            let second = discard
                .iter()
                .filter(|e| card(e.option) != b && !e.dropped)
                .min_by(|x, y| x.points.mean.total_cmp(&y.points.mean))
                .map(|e| card(e.option));
            let mut solver = Solver::new();
            clear_discard
                && wild
                && !table.is_wild(b)
                && second.is_some_and(|s| {
                    wild_places(&mut solver, &hand, &table, b) != wild_places(&mut solver, &hand, &table, s)
                })
        }
        Theme::DiscardWild => {
            // A wild among the options, the best or clearly worse than it.
            clear_discard
                && p.rules.game() == Game::FiveCrowns
                && discard.iter().any(|e| table.is_wild(card(e.option)))
                && discard
                    .iter()
                    .all(|e| card(e.option) == b || (e.vs_best.low > 0.0 && e.vs_best.mean >= margin))
        }
        Theme::LastTurn => p.out.is_some(),
        Theme::LayOff => {
            p.rules.lay_off()
                && p.out.is_some()
                && p.onto.iter().any(|m| {
                    hand.iter().any(|&c| {
                        let mut cards = m.clone();
                        cards.push(c);
                        judge(&cards, &p.rules, p.deal.wild).is_ok()
                    })
                })
        }
    }
}

#[test]
fn a_theme_asked_for_is_a_theme_of_every_position_given() {
    let lay_off = crate::with_settings(Rules::default(), &[("lay_off", &true)]);
    let five = Rules::preset("five-crowns").unwrap();
    for (rules, round, theme, seed) in [
        (Rules::default(), 3, Theme::TakeOrDraw, 5),
        (Rules::default(), 4, Theme::KeepPairOrRun, 5),
        (Rules::default(), 2, Theme::LastTurn, 5),
        (lay_off, 4, Theme::LayOff, 5),
        (five, 2, Theme::DiscardWild, 5),
        (Rules::default(), 7, Theme::WildPlace, 2),
    ] {
        let w =
            Wanted { round: Some(round), theme: Some(theme), budget: 24, margin: 0.5, ..Wanted::new(rules) };
        let got = generate(&w, seed, 1);
        assert_eq!(got.positions.len(), 1, "{theme:?}: none in {} candidates", got.tried);
        let p = &got.positions[0];
        assert!(p.themes.contains(&theme), "{theme:?}: {:?}", p.themes);
        assert!(holds(p, theme, w.margin), "{theme:?} does not hold of {}", p.id());
    }
}

#[test]
fn each_theme_holds_of_a_position_exactly_when_its_definition_does() {
    let lay_off = crate::with_settings(Rules::default(), &[("lay_off", &true)]);
    let five = Rules::preset("five-crowns").unwrap();
    for (rules, round) in [(Rules::default(), 3), (lay_off, 2), (five, 2)] {
        let w = Wanted { round: Some(round), budget: 24, margin: 0.5, ..Wanted::new(rules) };
        for p in generate(&w, 11, 3).positions {
            for theme in Theme::ALL {
                assert_eq!(
                    p.themes.contains(&theme),
                    holds(&p, theme, w.margin),
                    "{theme:?} of {} ({:?})",
                    p.id(),
                    p.themes
                );
            }
        }
    }
}
