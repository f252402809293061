//! How to play, under a table's rules: `three13 rules --explain`, and the
//! section 7 man page (the same text, for the standard rules). The text is
//! made once, as blocks (headings, paragraphs, lists, a table), and laid
//! out for the terminal here or as a man page by whoever writes one.

use three13_core::card::{Deck, Rank, Suit};
use three13_core::rules::{FaceCards, Game, GoOutBonus, RoundOrder, Rules, Tiebreak, WildValue};

use crate::fit::{Grid, Wrap};
use crate::ui::Ui;

/// One block of the explanation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Block {
    /// A section's heading.
    Heading(String),
    /// A paragraph.
    Para(String),
    /// A list, one point an item.
    Items(Vec<String>),
    /// A table: its header, then its rows.
    Table(Vec<String>, Vec<Vec<String>>),
}

/// `3 cards`, `1 card`.
fn cards(n: usize) -> String {
    if n == 1 { "1 card".to_string() } else { format!("{n} cards") }
}

/// The plural name of a rank: `threes`, `jacks`.
fn ranks(rank: Rank) -> String {
    let name = match rank.number() {
        1 => "aces",
        2 => "twos",
        3 => "threes",
        4 => "fours",
        5 => "fives",
        6 => "sixes",
        7 => "sevens",
        8 => "eights",
        9 => "nines",
        10 => "tens",
        11 => "jacks",
        12 => "queens",
        _ => "kings",
    };
    name.to_string()
}

/// How to play Three Thirteen, or Five Crowns, under `rules`, from the
/// deal to the winner.
pub fn explain(rules: &Rules) -> Vec<Block> {
    let deals = rules.deals();
    let first = deals.first().expect("every game has a round");
    let largest = rules.largest_hand();
    let decks = rules.decks() as usize;
    let jokers = rules.jokers() as usize * decks;
    let deck = rules.deck();
    let mut out = Vec::new();
    let para = |out: &mut Vec<Block>, text: String| out.push(Block::Para(text));

    out.push(Block::Heading("The game".into()));
    let climb = match (rules.round_order(), rules.down_and_up()) {
        (RoundOrder::Up, true) => format!(
            "one more each round up to {}, then one fewer each round back down to {} (the largest \
             hand is dealt twice)",
            cards(largest),
            cards(first.cards)
        ),
        (RoundOrder::Up, false) => {
            format!("one more each round, up to {} in round {}", cards(largest), deals.len())
        }
        (RoundOrder::Down, true) => format!(
            "one fewer each round down to {}, then one more each round back up to {} (the smallest \
             hand is dealt twice)",
            cards(3),
            cards(largest)
        ),
        (RoundOrder::Down, false) => {
            format!("one fewer each round, down to {} in round {}", cards(3), deals.len())
        }
        (RoundOrder::Random(_), _) if rules.order_to_draw() => {
            format!("each round deals from 3 to {largest} cards, in an order drawn once when the game starts")
        }
        (RoundOrder::Random(_), _) => {
            format!("each round deals from 3 to {largest} cards, in the order drawn when the game started")
        }
    };
    para(
        &mut out,
        format!(
            "{} is a rummy game for two or more players, played over {} rounds. \
             In round 1 everyone is dealt {}; then {climb}. Each round has its wild rank, the rank \
             of the number of cards dealt. You try to arrange your hand into melds; the cards left \
             over count against you, and the lowest total after the last round wins.",
            rules.game().name(),
            deals.len(),
            cards(first.cards)
        ),
    );

    out.push(Block::Heading("The cards and the deal".into()));
    let joker_count = if jokers == 1 { "1 joker".to_string() } else { format!("{jokers} jokers") };
    let pack = if deck == Deck::STANDARD {
        match (decks, jokers) {
            (1, 0) => "One standard deck of 52 cards".to_string(),
            (1, _) => format!("One standard deck of 52 cards and {joker_count}"),
            (d, 0) => format!("{d} standard decks shuffled together ({} cards)", 52 * d),
            (d, j) => {
                format!("{d} standard decks and {joker_count} shuffled together ({} cards)", 52 * d + j)
            }
        }
    } else {
        let suits = if deck.has_suit(Suit::Stars) {
            "five suits (clubs, diamonds, hearts, spades and stars)"
        } else {
            "four suits"
        };
        let low = if deck.lowest() == Rank::ACE { "ace" } else { deck.lowest().label() };
        let each = format!("{suits}, each {low} to 10, jack, queen and king");
        let size = deck.size();
        match (decks, jokers) {
            (1, 0) => format!("One deck of {size} cards: {each}"),
            (1, _) => format!("One deck of {size} cards and {joker_count}: {each}"),
            (d, 0) => format!("{d} decks of {size} cards shuffled together ({} cards): {each}", size * d),
            (d, j) => format!(
                "{d} decks of {size} cards and {joker_count} shuffled together ({} cards): {each}",
                size * d + j
            ),
        }
    };
    let copies =
        if decks > 1 { format!("; a hand may hold up to {decks} of the same card") } else { String::new() };
    para(&mut out, format!("{pack}{copies}."));
    out.push(Block::Items(vec![
        "The dealer deals each player the round's cards; the rest is the stock, face down, and its top \
         card is turned up to start the discard pile. The deal passes one seat to the left each round, \
         and the player to the left of the dealer plays first."
            .into(),
        format!(
            "A turn: draw the top card of the stock or of the discard pile, then discard one card face up{}.",
            if rules.throw_back() {
                "; the card taken from the pile may go straight back"
            } else {
                " (not the card just taken from the pile, unless you hold another copy of it)"
            }
        ),
        format!(
            "Going out: a player whose hand, after the discard, is all in melds lays it down{}. Every \
             other player then takes exactly one more turn, and the round ends.",
            if rules.go_around_once() {
                ", but not on their first turn of the round: the table goes around once first"
            } else {
                ", even on their first turn"
            }
        ),
        match rules.game() {
            Game::ThreeThirteen => {
                "If the stock runs out, the round ends once the player who drew its last card has discarded."
                    .into()
            }
            Game::FiveCrowns => {
                "If the stock runs out, the discard pile is shuffled into a new stock.".into()
            }
        },
    ]));

    out.push(Block::Heading("Melds".into()));
    let aces = if deck.lowest() != Rank::ACE {
        "Runs go from 3 up to king: there are no aces or twos, and a run never goes round the corner \
         (K 3 4)."
    } else if rules.ace_high() {
        "An ace is low (A 2 3) or high (Q K A), but a run never goes round the corner (K A 2)."
    } else {
        "Aces are low: A 2 3 is a run, Q K A is not, and a run never goes round the corner (K A 2)."
    };
    out.push(Block::Items(vec![
        format!(
            "A set: three or more cards of one rank, any suits{}.",
            if decks > 1 { " (the same card twice too)" } else { "" }
        ),
        format!("A run: three or more cards of one suit in consecutive ranks, like 4h 5h 6h 7h. {aces}"),
        "Each card belongs to one meld at most; you arrange your cards in the way that leaves the fewest \
         points over."
            .into(),
    ]));
    let mut always = Vec::new();
    if rules.kings_wild() {
        always.push("kings");
    }
    if jokers > 0 {
        always.push("jokers");
    }
    let always = if always.is_empty() {
        String::new()
    } else {
        format!(", and in every round {}", super::and_list(&always))
    };
    let all_wild = if rules.half_wild() {
        "At most half of a meld's cards may be wild, so wilds alone are no meld, and a card of the wild \
         rank never counts as natural."
    } else if rules.all_wild_melds() {
        "Three wilds or more make a meld on their own."
    } else {
        "Every meld needs a natural card: wilds alone are no meld, and a card of the wild rank never \
         counts as natural."
    };
    let how_many = if rules.half_wild() {
        "no more in a meld than its natural cards"
    } else {
        "as many as you like in a meld"
    };
    para(
        &mut out,
        format!(
            "Wild cards stand for any card you like, {how_many}. Wild are the round's \
             own rank ({} in round 1, as the table below shows){always}. {all_wild}",
            ranks(first.wild)
        ),
    );
    para(
        &mut out,
        if rules.lay_off() {
            "Laying off: after someone goes out, a player taking a final turn who has a meld of their own \
             may add cards to the melds already on the table."
                .to_string()
        } else {
            "Nobody adds cards to another player's melds.".to_string()
        },
    );

    out.push(Block::Heading("Scoring".into()));
    let face = match rules.face_cards() {
        FaceCards::Rank => "11, 12, 13",
        FaceCards::Ten => "10 each",
    };
    let mut values = Vec::new();
    if deck.has_rank(Rank::ACE) {
        values.push(vec!["ace".to_string(), rules.ace_value().to_string()]);
    }
    let low = deck.lowest().number().max(2);
    values.push(vec![format!("{low} to 10"), "their number".to_string()]);
    values.push(vec!["jack, queen, king".to_string(), face.to_string()]);
    if let WildValue::Points(n) = rules.wild_value() {
        values.push(vec!["a wild card of the round".to_string(), n.to_string()]);
    }
    if jokers > 0 {
        values.push(vec!["joker".to_string(), rules.joker_value().to_string()]);
    }
    let wild_left = match rules.wild_value() {
        WildValue::Face => " (a wild card left over scores its own value)",
        WildValue::Points(_) => "",
    };
    para(
        &mut out,
        format!(
            "At the end of a round each player scores the cards left out of melds, their deadwood, at these \
             values{wild_left}:"
        ),
    );
    out.push(Block::Table(vec!["Card".into(), "Points".into()], values));
    let mut scoring = Vec::new();
    scoring.push(match rules.go_out_bonus() {
        GoOutBonus::Points(0) => "The player who went out first scores 0.".to_string(),
        GoOutBonus::Points(p) => format!("The player who went out first scores {p}."),
        GoOutBonus::Wild => format!(
            "The player who went out first scores minus the value of the round's wild rank ({} in the \
             kings round).",
            rules.go_out_score(Rank::KING)
        ),
    });
    if rules.double_last_rounds() {
        scoring.push("Scores count double in the rounds where jacks, queens or kings are wild.".into());
    }
    if rules.bad_go_out_penalty() > 0 {
        scoring.push(format!(
            "A player who declared out with a hand that does not meld adds {} to their score.",
            rules.bad_go_out_penalty()
        ));
    }
    if rules.double_naughts() {
        scoring.push(
            "A round in which every player scores 0 is played again, as if it never happened: same \
             round, same dealer."
                .into(),
        );
    }
    scoring.push("Scores add up round after round; the lowest total after the last round wins.".into());
    out.push(Block::Items(scoring));
    let tie = rules.tiebreak_deal();
    para(
        &mut out,
        match rules.tiebreak() {
            Tiebreak::Share => "Players tied on the lowest total share the win.".to_string(),
            Tiebreak::Round => format!(
                "Players tied on the lowest total play one more round, of {}, {} wild, by themselves; its \
                 lowest deadwood wins, and a further tie shares the win.",
                cards(tie.cards),
                ranks(tie.wild)
            ),
            Tiebreak::Draw => format!(
                "Players tied on the lowest total each draw a card from a shuffled deck; the lowest rank \
                 wins ({}), and players tied on it draw again.",
                if deck.has_rank(Rank::ACE) { "aces low" } else { "threes lowest" }
            ),
        },
    );

    out.push(Block::Heading("The rounds".into()));
    let mut header = vec!["Round".to_string(), "Cards".to_string(), "Wild".to_string()];
    if rules.double_last_rounds() {
        header.push("Scores".into());
    }
    let rows = deals
        .iter()
        .map(|d| {
            let mut row = vec![d.round.to_string(), d.cards.to_string(), rules.wilds(d.wild).to_string()];
            if rules.double_last_rounds() {
                row.push(if rules.doubles(d.wild) { "double".into() } else { String::new() });
            }
            row
        })
        .collect();
    out.push(Block::Table(header, rows));

    out.push(Block::Heading("Keeping the score".into()));
    para(
        &mut out,
        "three13 new starts a game with these rules; three13 round records each round (each player's \
         deadwood, or the hand they held, which it scores); three13 check gives a hand's least deadwood \
         and the best discard; three13 table shows the score."
            .into(),
    );
    out
}

/// The explanation laid out for the terminal: headings in bold,
/// paragraphs and lists wrapped to the width, tables that fit.
pub(crate) fn text(ui: &Ui, blocks: &[Block]) -> String {
    let mut out: Vec<String> = Vec::new();
    for (i, block) in blocks.iter().enumerate() {
        // A blank line before each block, but between a heading and its text.
        if i > 0 && !matches!(blocks[i - 1], Block::Heading(_)) {
            out.push(String::new());
        }
        match block {
            Block::Heading(h) => out.push(ui.bold(&ui.wrap(h, 0))),
            Block::Para(p) => out.push(ui.wrap(p, 0)),
            Block::Items(items) => out.extend(items.iter().map(|i| ui.wrap(&format!("- {i}"), 2))),
            Block::Table(header, rows) => {
                let mut grid = Grid::new(header.clone());
                // Columns of numbers are aligned right.
                let numbers = (0..header.len())
                    .filter(|&c| rows.iter().all(|r| r.get(c).is_some_and(|v| v.parse::<i64>().is_ok())));
                grid.right(numbers);
                for row in rows {
                    grid.row(row.clone());
                }
                let lines = || {
                    let line = |row: &Vec<String>| {
                        let pairs: Vec<String> =
                            header.iter().zip(row).map(|(h, v)| format!("{h}: {v}")).collect();
                        ui.wrap(&pairs.join(", "), 2)
                    };
                    rows.iter().map(line).collect::<Vec<_>>().join("\n")
                };
                let fitted = [Wrap::Nothing, Wrap::Cells].into_iter().find_map(|wrap| ui.grid(&grid, wrap));
                out.push(fitted.unwrap_or_else(lines));
            }
        }
    }
    out.join("\n")
}
