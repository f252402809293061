//! Prints random hands of every round of the standard rules, one a line,
//! half of them holding the card drawn: input for timing `three13 check`.
//!
//! `cargo run --release -p three13-core --example hands -- 100000 > hands.txt`
//! then `time three13 check --json < hands.txt > /dev/null`.

use three13_core::card::Card;
use three13_core::rules::Rules;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let rules = Rules::default();
    let deals = rules.deals();
    // xorshift64*, from a fixed seed: the same hands every time.
    let mut state = 0x3131_0313_1331_0113u64;
    let mut next = move |below: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) % below as u64) as usize
    };
    let mut shoe: Vec<Card> = Vec::new();
    for _ in 0..rules.decks {
        shoe.extend(Card::deck());
    }
    let mut out = String::new();
    for _ in 0..n {
        let deal = deals[next(deals.len())];
        let size = deal.cards + next(2);
        for i in 0..size {
            let j = i + next(shoe.len() - i);
            shoe.swap(i, j);
        }
        let cards: Vec<String> = shoe[..size].iter().map(|c| c.ascii()).collect();
        out.push_str(&cards.join(" "));
        out.push('\n');
    }
    print!("{out}");
}
