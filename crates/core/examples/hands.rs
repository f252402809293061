//! Prints random hands, one a line: input for timing `three13 check`.
//!
//! `hands N` (or `hands N mixed`): hands of every round of the standard
//! rules, a third of them holding the card drawn.
//! `hands N dense`: 16-card hands of the 15-card round (twos wild) with
//! two jokers per deck, as after the draw: 4 to 8 wilds, the rest from six
//! ranks of two suits, so full of runs, sets and duplicates; check them
//! with `--set extra_rounds=2 --set jokers=2 --round 13`.
//!
//! `cargo run --release -p three13-core --example hands -- 100000 > hands.txt`
//! then `time three13 check --json < hands.txt > /dev/null`.

use three13_core::card::Card;
use three13_core::rules::Rules;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let dense = std::env::args().nth(2).is_some_and(|a| a == "dense");
    // xorshift64*, from a fixed seed: the same hands every time.
    let mut state = 0x3131_0313_1331_0113u64;
    let mut next = move |below: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) % below as u64) as usize
    };
    let mut out = String::new();
    if dense {
        let rules =
            Rules::default().with("extra_rounds", "2").and_then(|r| r.with("jokers", "2")).expect("rules");
        let wild = rules.deals().last().expect("a round").wild;
        let mut shoe: Vec<Card> = Vec::new();
        for _ in 0..rules.decks() {
            shoe.extend(Card::deck());
        }
        shoe.extend(std::iter::repeat_n(Card::JOKER, rules.copies(Card::JOKER)));
        let (mut wilds, naturals): (Vec<Card>, Vec<Card>) =
            shoe.into_iter().partition(|&c| rules.is_wild(c, wild));
        for _ in 0..n {
            let count = 4 + next(5);
            let base = 3 + next(6) as u8;
            let first = next(4);
            let suits = [first, (first + 1 + next(3)) % 4];
            let mut pool: Vec<Card> = naturals
                .iter()
                .copied()
                .filter(|c| {
                    let (r, s) = (c.rank().expect("a rank").number(), c.suit().expect("a suit").index());
                    (base..base + 6).contains(&r) && suits.contains(&s)
                })
                .collect();
            let mut hand = Vec::new();
            for (take, from) in [(count, &mut wilds), (16 - count, &mut pool)] {
                for i in 0..take {
                    let j = i + next(from.len() - i);
                    from.swap(i, j);
                }
                hand.extend_from_slice(&from[..take]);
            }
            let cards: Vec<String> = hand.iter().map(|c| c.ascii()).collect();
            out.push_str(&cards.join(" "));
            out.push('\n');
        }
        print!("{out}");
        return;
    }
    let rules = Rules::default();
    let deals = rules.deals();
    let mut shoe: Vec<Card> = Vec::new();
    for _ in 0..rules.decks() {
        shoe.extend(Card::deck());
    }
    for _ in 0..n {
        let deal = deals[next(deals.len())];
        let size = deal.cards + usize::from(next(3) == 0);
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
