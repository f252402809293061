//! The advice against the brute force, over small hands of every rule
//! setting: the cards completing a hand (also against one solve per
//! card), the advised discard, the chance within two draws, and taking the
//! face-up card or drawing.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use three13_core::analysis::{Ask, Choice, analyse_with};
use three13_core::card::Card;
use three13_core::solver::Solver;

use crate::brute::{self, Advice};
use crate::game_props::{five_crowns, half_wild};
use crate::solver_props::{Case, Style, cases, cases_under, config, seen_cards, show, sorted};

/// The cards of the case known to be out of the stock: the hand, the
/// table melds, and `seen`.
fn known(case: &Case, seen: &[Card]) -> Vec<Card> {
    let mut known: Vec<Card> = case.hand.iter().chain(case.onto.iter().flatten()).copied().collect();
    known.extend(seen);
    known
}

/// The cards completing the case's hand less its last card, found in one
/// search, against the brute force and the solver's own `goes_out` one
/// card at a time; also asked of a larger hand loaded once, less the cards
/// (`extra`) it has more.
pub(crate) fn check_completing(case: Case, extra: &[u32]) -> Result<(), TestCaseError> {
    // A hand one card short.
    let mut case = case;
    case.hand.pop();
    let table = case.table();
    let mut solver = Solver::new();
    let set = solver.completing(&case.hand, &table);
    let mut brute = Advice::new(&case.rules, case.deal.wild, &case.onto);
    let all = brute::every_card(&case.rules);
    let expected = brute.completing(&case.hand, &all);
    for &c in &all {
        let wild = brute::is_wild(&case.rules, case.deal.wild, c);
        prop_assert_eq!(set.completes(c, wild), expected.contains(&c), "{} completing {}", c, show(&case));
        prop_assert_eq!(
            set.completes(c, wild),
            solver.goes_out(&brute::with(&case.hand, c), &table),
            "{} one by one, {}",
            c,
            show(&case)
        );
    }
    // The same hand as a larger one less two cards.
    let more: Vec<Card> = extra.iter().map(|&p| all[p as usize % all.len()]).collect();
    let mut big = case.hand.clone();
    big.extend(&more);
    if big.len() <= 16 {
        solver.load(&big, &table);
        prop_assert_eq!(solver.completing_less(&more), set, "{:?} less {:?}", big, more);
    }
    Ok(())
}

/// Whether the hand is on its last turn: table melds laid down by the
/// player out, which it may lay off onto.
fn is_last_turn(case: &Case) -> bool {
    case.rules.lay_off() && !case.onto.is_empty()
}

/// What makes two discards equally good, of those `weighed` by the brute
/// force: the deadwood left, the copies of outs unseen, natural or wild,
/// and what the card scores.
fn alike(case: &Case, weighed: &[brute::Weighed], card: Card) -> Option<(u32, u32, bool, u32)> {
    let (rules, wild) = (&case.rules, case.deal.wild);
    weighed
        .iter()
        .find(|d| d.card == card)
        .map(|d| (d.deadwood, d.outs, brute::is_wild(rules, wild, card), brute::value_in(rules, wild, card)))
}

proptest! {
    #![proptest_config(config(300))]
    /// The cards completing a hand, found in one search, are exactly those
    /// with which the brute force melds it completely, and those with which
    /// the solver's own `goes_out` does, one card at a time; also asked of
    /// a larger hand loaded once, less the cards it has more.
    #[test]
    fn completing_cards_match_the_brute_force(
        case in cases(3..=10, vec![Style::Uniform, Style::Mixed, Style::Dense], 0..=60, 3, None),
        extra in prop::collection::vec(any::<u32>(), 2),
    ) {
        check_completing(case, &extra)?;
    }
}

proptest! {
    #![proptest_config(config(60))]
    /// Take the face-up card or draw: every figure of both branches and
    /// the advice, against the brute force, with cards seen or not; in
    /// Three Thirteen, Five Crowns and with at most half a meld wild.
    #[test]
    fn the_upcard_decision_matches_the_brute_force(
        case in prop_oneof![
            2 => cases(3..=4, vec![Style::Mixed, Style::Dense], 0..=50, 1, None),
            1 => cases_under(five_crowns(), 5, 3..=4, vec![Style::Mixed, Style::Dense], 0..=50, 1, None),
            1 => cases_under(half_wild(), 5, 3..=4, vec![Style::Mixed, Style::Dense], 0..=50, 1, None),
        ],
        picks in prop::collection::vec(any::<u32>(), 1..=8),
    ) {
        let seen = seen_cards(&case, &picks);
        prop_assume!(!seen.is_empty());
        let (up, seen) = (seen[0], seen[1..].to_vec());
        let mut deal = case.deal;
        deal.cards = case.hand.len();
        let ask = Ask { look: 0, upcard: Some(up), ..Ask::default() };
        let a = analyse_with(&mut Solver::new(), &case.hand, &deal, &case.table(), &seen, ask);
        let u = a.upcard.expect("the upcard decision");
        let mut all_known = known(&case, &seen);
        all_known.push(up);
        let unseen = brute::unseen(&case.rules, &all_known);
        let mut brute = Advice::new(&case.rules, case.deal.wild, &case.onto);
        let b = brute.upcard(&case.hand, up, &unseen);
        let context = format!("taking {up}, {}, seen {seen:?}", show(&case));
        prop_assert_eq!(u.card, up);
        let weighed = brute.discards(&brute::with(&case.hand, up), &unseen);
        prop_assert_eq!(u.take.deadwood, b.take_deadwood, "{}", context);
        prop_assert_eq!(u.take.goes_out, b.take_goes_out, "{}", context);
        let total = b.total as f64;
        let next = (b.total.saturating_sub(1).max(1)) as f64;
        let close = |x: f64, y: f64| (x - y).abs() < 1e-9;
        if is_last_turn(&case) {
            // The last turn: no turn follows, so no chance of one; the
            // discard leaves least (a natural before a wild, then the card
            // worth most), and the advice takes where that is less than
            // drawing leaves on average.
            prop_assert!(a.last_turn, "{}", context);
            prop_assert!(u.take.chance_next.is_none() && u.take.chance_this_or_next.is_none());
            prop_assert!(u.draw.chance_this_or_next.is_none());
            let (rules, wild) = (&case.rules, case.deal.wild);
            let again = case.hand.contains(&up) || case.rules.throw_back();
            let key = |d: &brute::Weighed| {
                (d.deadwood, brute::is_wild(rules, wild, d.card), std::cmp::Reverse(brute::value_in(rules, wild, d.card)))
            };
            let least = weighed.iter().filter(|d| d.card != up || again).map(key).min();
            prop_assert_eq!(weighed.iter().find(|d| d.card == u.take.discard).map(key), least, "{}", context);
            if b.total > 0 {
                prop_assert!(close(u.draw.chance_now, b.draw_now as f64 / total), "{}", context);
                prop_assert!(close(u.draw.expected_deadwood, b.draw_deadwood as f64 / total), "{}", context);
            }
            let takes = b.total == 0 || (b.take_deadwood as u64 * b.total) < b.draw_deadwood;
            prop_assert_eq!(u.advice == Choice::Take, takes, "{}", context);
            return Ok(());
        }
        // Discards alike in every respect are equally good.
        let key = |card: Card| alike(&case, &weighed, card);
        prop_assert_eq!(key(u.take.discard), key(b.discard), "{}", context);
        if b.total > 0 {
            let some = |x: Option<f64>| x.expect("a chance where a turn follows");
            prop_assert!(close(some(u.take.chance_next), b.take_outs as f64 / total), "{}", context);
            let take_both = if b.take_goes_out { 1.0 } else { b.take_outs as f64 / total };
            prop_assert!(close(some(u.take.chance_this_or_next), take_both), "{}", context);
            prop_assert!(close(u.draw.chance_now, b.draw_now as f64 / total), "{}", context);
            prop_assert!(close(u.draw.expected_deadwood, b.draw_deadwood as f64 / total), "{}", context);
            prop_assert!(
                close(some(u.draw.chance_this_or_next), b.draw_chance as f64 / (total * next)),
                "{}",
                context
            );
        }
        prop_assert_eq!(u.advice == Choice::Take, b.take, "{}", context);
    }
}

proptest! {
    #![proptest_config(config(40))]
    /// `look` 2: each discard's chance within the next two draws against
    /// the brute force, and the advised discard taking it into account;
    /// before the draw, the hand's own.
    #[test]
    fn two_draws_match_the_brute_force(
        case in prop_oneof![
            2 => cases(4..=5, vec![Style::Mixed, Style::Dense], 0..=50, 1, None),
            1 => cases_under(five_crowns(), 5, 4..=5, vec![Style::Mixed, Style::Dense], 0..=50, 1, None),
            1 => cases_under(half_wild(), 5, 4..=5, vec![Style::Mixed, Style::Dense], 0..=50, 1, None),
        ],
        picks in prop::collection::vec(any::<u32>(), 0..=6),
    ) {
        let seen = seen_cards(&case, &picks);
        let unseen = brute::unseen(&case.rules, &known(&case, &seen));
        let mut brute = Advice::new(&case.rules, case.deal.wild, &case.onto);
        let ask = Ask { look: 2, upcard: None, ..Ask::default() };
        let mut deal = case.deal;
        deal.cards = case.hand.len() - 1;
        let a = analyse_with(&mut Solver::new(), &case.hand, &deal, &case.table(), &seen, ask);
        let discards = a.discards.expect("discards");
        if is_last_turn(&case) {
            // No draw follows the last turn, let alone two.
            prop_assert!(discards.iter().all(|d| d.next.is_none()), "{}", show(&case));
            let rest = brute::without(&case.hand, a.best_discard.expect("the advised discard").card);
            deal.cards = rest.len();
            let case_rest = Case { hand: rest.clone(), ..case.clone() };
            let b = analyse_with(&mut Solver::new(), &rest, &deal, &case_rest.table(), &seen, ask);
            prop_assert!(b.last_turn && b.chance_two.is_none() && b.outs.is_some(), "{}", show(&case_rest));
            return Ok(());
        }
        let mut keys = Vec::new();
        for d in &discards {
            let rest = brute::without(&case.hand, d.card);
            let (num, den) = brute.two_draws(&rest, &unseen);
            let expected = if den == 0 { 0.0 } else { num as f64 / den as f64 };
            let got = d.chance_two().expect("the chance within two draws");
            prop_assert!((got - expected).abs() < 1e-9, "{} after {}: {} against {}", show(&case), d.card, got, expected);
            let w = brute::is_wild(&case.rules, case.deal.wild, d.card);
            let v = brute::value_in(&case.rules, case.deal.wild, d.card);
            keys.push((d.card, (d.deadwood, std::cmp::Reverse(d.unseen()), std::cmp::Reverse(num), w, std::cmp::Reverse(v))));
        }
        let best = a.best_discard.expect("the advised discard").card;
        let key = keys.iter().map(|k| k.1).min().unwrap();
        prop_assert_eq!(keys.iter().find(|k| k.0 == best).unwrap().1, key, "{}", show(&case));
        // Before the draw: the hand less its advised discard, on its own.
        let rest = brute::without(&case.hand, best);
        deal.cards = rest.len();
        let case_rest = Case { hand: rest.clone(), ..case.clone() };
        let b = analyse_with(&mut Solver::new(), &rest, &deal, &case_rest.table(), &seen, ask);
        let mut known_rest = known(&case_rest, &seen);
        known_rest.sort();
        let (num, den) = brute.two_draws(&rest, &brute::unseen(&case.rules, &known_rest));
        let expected = if den == 0 { 0.0 } else { num as f64 / den as f64 };
        prop_assert!((b.chance_two.unwrap() - expected).abs() < 1e-9, "{}", show(&case_rest));
    }
}

proptest! {
    #![proptest_config(config(100))]
    /// The advised discard after the draw is the brute force's: least
    /// deadwood, then the best chance next, then natural before wild, then
    /// the card worth most; on hands where discards tie on deadwood.
    #[test]
    fn the_advised_discard_matches_the_brute_force(
        case in prop_oneof![
            2 => cases(4..=7, vec![Style::Dense], 20..=60, 2, None),
            1 => cases_under(five_crowns(), 5, 4..=7, vec![Style::Dense], 20..=60, 2, None),
            1 => cases_under(half_wild(), 5, 4..=7, vec![Style::Dense], 20..=60, 2, None),
        ],
        picks in prop::collection::vec(any::<u32>(), 0..=10),
    ) {
        let seen = seen_cards(&case, &picks);
        let unseen = brute::unseen(&case.rules, &known(&case, &seen));
        let mut brute = Advice::new(&case.rules, case.deal.wild, &case.onto);
        let expected = brute.advised(&case.hand, &unseen);
        let mut deal = case.deal;
        deal.cards = case.hand.len() - 1;
        let a = analyse_with(&mut Solver::new(), &case.hand, &deal, &case.table(), &seen, Ask::default());
        let best = a.best_discard.expect("the advised discard");
        // Discards alike in every respect are equally good.
        let weighed = brute.discards(&case.hand, &unseen);
        if is_last_turn(&case) {
            // The last turn: no draw follows, so the least deadwood, then
            // natural before wild, then the card worth most.
            let (rules, wild) = (&case.rules, case.deal.wild);
            let key = |d: &brute::Weighed| {
                (d.deadwood, brute::is_wild(rules, wild, d.card), std::cmp::Reverse(brute::value_in(rules, wild, d.card)))
            };
            let least = weighed.iter().map(key).min();
            prop_assert_eq!(weighed.iter().find(|d| d.card == best.card).map(key), least, "{}", show(&case));
            prop_assert!(a.discards.unwrap().iter().all(|d| d.next.is_none()), "{}", show(&case));
            return Ok(());
        }
        let key = |card: Card| alike(&case, &weighed, card);
        prop_assert_eq!(key(best.card), key(expected.card), "{}", show(&case));
        prop_assert_eq!(best.deadwood, expected.deadwood);
        let outs = &a.discards.unwrap().into_iter().find(|d| d.card == best.card).unwrap();
        prop_assert_eq!(sorted(outs.outs().to_vec()), sorted(brute.outs(&brute::without(&case.hand, best.card), &unseen).0));
    }
}

proptest! {
    #![proptest_config(config(100))]
    /// The discards in the advice's order: every discard once, the best
    /// chance first, each at least as likely to go out next as the one
    /// after it, and leaving no more where as likely.
    #[test]
    fn the_discards_come_in_the_order_of_their_chance(
        case in prop_oneof![
            2 => cases(4..=7, vec![Style::Dense], 20..=60, 2, None),
            1 => cases_under(five_crowns(), 5, 4..=7, vec![Style::Dense], 20..=60, 2, None),
        ],
    ) {
        let mut deal = case.deal;
        deal.cards = case.hand.len() - 1;
        let a = analyse_with(&mut Solver::new(), &case.hand, &deal, &case.table(), &[], Ask::default());
        let ordered = a.discards_in_order(&case.rules);
        let all = a.discards.as_ref().expect("after the draw");
        prop_assert_eq!(ordered.len(), all.len());
        prop_assert!(all.iter().all(|d| ordered.iter().any(|o| std::ptr::eq(*o, d))));
        if is_last_turn(&case) {
            // No chance to weigh on the last turn: least deadwood first.
            prop_assert!(a.best_chance(&case.rules).is_none(), "{}", show(&case));
            prop_assert!(ordered.windows(2).all(|p| p[0].deadwood <= p[1].deadwood), "{}", show(&case));
            return Ok(());
        }
        prop_assert_eq!(ordered.first().copied(), a.best_chance(&case.rules), "{}", show(&case));
        for pair in ordered.windows(2) {
            prop_assert!(pair[0].chance() >= pair[1].chance(), "{}", show(&case));
            prop_assert!(pair[0].chance() > pair[1].chance() || pair[0].deadwood <= pair[1].deadwood);
        }
    }
}
