//! Any text either parses as a hand or is refused, on Three Thirteen's
//! deck and on Five Crowns'; a hand that parses prints back to the same
//! hand, and the solver answers for it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use three13_core::hand::{infer_deal, parse_hand};
use three13_core::rules::Rules;
use three13_core::solver::{Solver, Table};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let three13 = Rules::default().with("jokers", "2").and_then(|r| r.with("extra_rounds", "2"));
    let five_crowns = Rules::preset("five-crowns");
    for rules in [three13.expect("valid settings"), five_crowns.expect("a preset")] {
        if let Ok(hand) = parse_hand(text, &rules) {
            let printed: Vec<String> = hand.iter().map(|c| c.ascii()).collect();
            assert_eq!(parse_hand(&printed.join(" "), &rules).unwrap(), hand);
            if let Some(deal) = infer_deal(hand.len(), &rules) {
                let _ = Solver::new().solve(&hand, &Table::new(&rules, deal.wild));
            }
        }
    }
});
