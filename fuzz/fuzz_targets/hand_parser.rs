//! Any text either parses as a hand or is refused; a hand that parses
//! prints back to the same hand, and the solver answers for it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use three13_core::hand::{infer_deal, parse_hand};
use three13_core::rules::Rules;
use three13_core::solver::{Solver, Table};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let rules = Rules { jokers: 2, extra_rounds: 2, ..Rules::default() };
    if let Ok(hand) = parse_hand(text, &rules) {
        let printed: Vec<String> = hand.iter().map(|c| c.ascii()).collect();
        assert_eq!(parse_hand(&printed.join(" "), &rules).unwrap(), hand);
        if let Some(deal) = infer_deal(hand.len(), &rules) {
            let _ = Solver::new().solve(&hand, &Table::new(&rules, deal.wild));
        }
    }
});
