//! A session's values as TOML, in the standard layout of a session file:
//! the top-level values (with the `game`, when it is not Three Thirteen,
//! and the `hand_sizes` of a random round order), a `[seats.NAME]` table
//! for each player who joined, left, came back or was renamed, `[rules]`
//! (the rules of round 1) and a `[[rule_changes]]` table for each change
//! from a round on, a `[[rounds]]` table per round, the `[tiebreak]` and
//! the `[log]` of changes. Written into an empty document, this is a new session's
//! file; for a loaded one, it is where each edit of a save finds the
//! values it puts (a round's table appended as written here).

use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value, value};

use three13_core::card::Card;
use three13_core::rules::{Game, RoundOrder, SETTINGS};
use three13_core::sheet::{Leftover, Missed, Playoff, ScoreForm, Session, Start};

use super::format::{FORMAT_VERSION, key, setting_value, string};

/// Every value of `session`, as a document of the standard layout.
pub(super) fn session_document(session: &Session) -> DocumentMut {
    let names = session.players();
    // The game is the first rules', which a file's rules start from; the
    // round table, the whole game's, is the same in all.
    let rules = session.rules();
    let game = session.rules_timeline()[0].1.game();
    let mut doc = DocumentMut::new();
    doc.insert("format_version", value(FORMAT_VERSION));
    // A game of Three Thirteen is every file's that does not say.
    if game != Game::ThreeThirteen {
        doc.insert("game", Item::Value(string(game.key())));
    }
    doc.insert("players", list(names.iter().map(|p| string(p))));
    doc.insert("first_dealer", Item::Value(string(&names[session.first_dealer()])));
    doc.insert("created", Item::Value(string(&session.created().to_string())));
    doc.insert("updated", Item::Value(string(&session.updated().to_string())));
    if !session.dealer_changes().is_empty() {
        let dealers = session.dealer_changes().iter().map(|&(round, seat)| {
            let mut dealer = InlineTable::new();
            dealer.insert("round", Value::from(count(round)));
            dealer.insert("player", string(&names[seat]));
            Value::InlineTable(dealer)
        });
        doc.insert("dealers", list(dealers));
    }
    // The order of the rounds drawn at random, kept for the whole game.
    if let RoundOrder::Random(_) = rules.round_order()
        && !rules.order_to_draw()
    {
        let sizes = rules.deals().into_iter().map(|d| Value::from(count(d.cards)));
        doc.insert("hand_sizes", list(sizes));
    }

    let mut seats = Table::new();
    seats.set_implicit(true);
    let starts = session.starts();
    for (i, (name, seat)) in
        names.iter().zip(session.seats()).enumerate().filter(|(_, (_, s))| **s != Default::default())
    {
        let mut table = Table::new();
        if seat.late() {
            table.insert("joined", value(count(seat.joined)));
            // The number the start comes to now; a rule's own is worked
            // out again from the rounds when the file is read.
            table.insert("start", value(i64::from(starts[i])));
            if let Start::Rule(rule) = seat.start {
                table.insert("start_from", value(rule.word()));
            }
        }
        if let Some(left) = seat.left {
            table.insert("left", value(count(left)));
        }
        if !seat.away.is_empty() {
            let away = seat.away.iter().zip(&seat.missed).map(|(&(left, back), &missed)| {
                let mut t = InlineTable::new();
                t.insert("left", Value::from(count(left)));
                t.insert("back", Value::from(count(back)));
                match missed {
                    // Files before the choice held nothing: read as nothing.
                    Missed::Nothing => None,
                    Missed::Highest | Missed::Average => t.insert("missed", Value::from(missed.word())),
                    Missed::Points(n) => t.insert("missed", Value::from(i64::from(n))),
                    Missed::Total(n) => t.insert("total", Value::from(i64::from(n))),
                };
                Value::InlineTable(t)
            });
            table.insert("away", list(away));
        }
        if !seat.former_names.is_empty() {
            table.insert("former_names", list(seat.former_names.iter().map(|f| string(f))));
        }
        seats.insert_formatted(&key(name), Item::Table(table));
    }
    if !seats.is_empty() {
        doc.insert("seats", Item::Table(seats));
    }

    let timeline = session.rules_timeline();
    // The settings of the first files always; the later ones where they
    // differ from the game's own rules.
    let first = timeline[0].1;
    let base = game.rules();
    let mut rules = Table::new();
    for setting in &SETTINGS {
        if !setting.always_written() && setting.get(&first) == setting.get(&base) {
            continue;
        }
        rules.insert(setting.key, Item::Value(setting_value(setting, &first)));
    }
    doc.insert("rules", Item::Table(rules));
    // Each change of the rules: the round it applies from, and the
    // settings that differ from the rules before.
    let mut changes = ArrayOfTables::new();
    for pair in timeline.windows(2) {
        let (from, now) = pair[1];
        let mut change = Table::new();
        change.insert("from", value(count(from)));
        for setting in now.differences(&pair[0].1) {
            change.insert(setting.key, Item::Value(setting_value(setting, &now)));
        }
        changes.push(change);
    }
    if !changes.is_empty() {
        doc.insert("rule_changes", Item::ArrayOfTables(changes));
    }

    let mut rounds = ArrayOfTables::new();
    for (i, r) in session.rounds().iter().enumerate() {
        let mut round = Table::new();
        round.insert("round", value(count(i + 1)));
        let scores = r
            .deadwood
            .iter()
            .enumerate()
            .filter(|&(seat, _)| session.plays(seat, i + 1))
            .map(|(seat, &d)| (seat, Value::from(i64::from(d))));
        round.insert("deadwood", by_name(names, scores));
        let hands = r.hands.iter().enumerate().filter_map(|(seat, h)| Some((seat, cards(h.as_ref()?))));
        let hands = by_name(names, hands);
        if !hands.as_inline_table().is_some_and(InlineTable::is_empty) {
            round.insert("hands", hands);
        }
        let left = r.leftover.iter().enumerate().filter_map(|(seat, l)| Some((seat, leftover(l.as_ref()?))));
        let left = by_name(names, left);
        if !left.as_inline_table().is_some_and(InlineTable::is_empty) {
            round.insert("leftover", left);
        }
        if let Some(out) = r.out {
            round.insert("out", Item::Value(string(&names[out])));
        }
        if !r.penalties.is_empty() {
            round.insert("penalties", list(r.penalties.iter().map(|&s| string(&names[s]))));
        }
        rounds.push(round);
    }
    if !rounds.is_empty() {
        doc.insert("rounds", Item::ArrayOfTables(rounds));
    }

    let mut tiebreak = Table::new();
    match session.playoff() {
        None => {}
        Some(Playoff::Round(scores)) => {
            let deadwood = scores.iter().map(|(s, sc)| (*s, Value::from(i64::from(sc.deadwood))));
            tiebreak.insert("deadwood", by_name(names, deadwood));
            let hands = scores.iter().filter_map(|(s, sc)| Some((*s, cards(sc.hand.as_ref()?))));
            let hands = by_name(names, hands);
            if !hands.as_inline_table().is_some_and(InlineTable::is_empty) {
                tiebreak.insert("hands", hands);
            }
            let left = scores.iter().filter_map(|(s, sc)| match &sc.form {
                ScoreForm::Leftover(cards) => {
                    let cards: Vec<Leftover> = cards.iter().map(|(c, _)| *c).collect();
                    Some((*s, leftover(&cards)))
                }
                _ => None,
            });
            let left = by_name(names, left);
            if !left.as_inline_table().is_some_and(InlineTable::is_empty) {
                tiebreak.insert("leftover", left);
            }
        }
        Some(Playoff::Draws(draws)) => {
            // One draw a line.
            let mut lines: Array = draws
                .iter()
                .map(|draw| {
                    let cards = draw.iter().map(|(s, c)| (*s, string(&c.ascii())));
                    by_name(names, cards).into_value().expect("an inline table").decorated("\n    ", "")
                })
                .collect();
            lines.set_trailing_comma(true);
            lines.set_trailing("\n");
            tiebreak.insert("draws", Item::Value(Value::Array(lines)));
        }
    }
    if !tiebreak.is_empty() {
        doc.insert("tiebreak", Item::Table(tiebreak));
    }
    if let Some(log) = super::log::table(session.log()) {
        doc.insert("log", log);
    }
    doc
}

/// An array of values, on one line.
fn list(values: impl Iterator<Item = Value>) -> Item {
    Item::Value(Value::Array(values.collect()))
}

/// `{ Ann = …, Bob = … }`: a value for each seat, by the player's name.
fn by_name(names: &[String], values: impl Iterator<Item = (usize, Value)>) -> Item {
    let mut table = InlineTable::new();
    for (seat, value) in values {
        table.insert_formatted(&key(&names[seat]), value);
    }
    Item::Value(Value::InlineTable(table))
}

/// A hand as it is typed: `"9h 4d Kh"`.
fn cards(hand: &[Card]) -> Value {
    let cards: Vec<String> = hand.iter().map(|c| c.ascii()).collect();
    string(&cards.join(" "))
}

/// Cards left over as they are typed: `"K 9 4"`, `"Kh 9c"`.
fn leftover(cards: &[Leftover]) -> Value {
    let cards: Vec<String> = cards.iter().map(ToString::to_string).collect();
    string(&cards.join(" "))
}

/// A count as a TOML integer; no count of a score sheet comes near the limit.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
