//! The log of changes as a session file keeps it: a `[log]` table whose
//! `changes` hold one change a line, oldest first, each with its time,
//! the change in a word, what it was about and what undoing it needs:
//!
//! ```toml
//! [log]
//! changes = [
//!     { at = "2026-11-22T19:04:11Z", change = "round", round = 1 },
//!     { at = "2026-11-22T19:06:40Z", change = "edit", round = 1, was = { scores = { Ann = 12 }, out = "Ann" } },
//!     { at = "2026-11-22T19:07:02Z", change = "player-rename", player = "Robert", was = "Bob" },
//! ]
//! ```
//!
//! Read here into the log's entries, each checked for its form and placed;
//! whether each can be taken back is the session's to check.

use std::ops::Range;

use jiff::Timestamp;
use toml_edit::{Array, Document, InlineTable, Item, Table, TableLike, Value};

use three13_core::card::{Card, Deck, Rank};
use three13_core::rules::{Drawn, RoundOrder, Rules};
use three13_core::sheet::{LogChange, Logged, PastScore, RoundWas, SeatWas, Start, StartRule, StoredPlayoff};

use super::format::{key, nth_table, setting_value, settings, shown, string};
use crate::files::{FileError, line_col};

/// The `[log]` table of a session's log, none for an empty log.
pub(super) fn table(log: &[Logged]) -> Option<Item> {
    if log.is_empty() {
        return None;
    }
    // One change a line.
    let mut lines: Array = log.iter().map(|e| Value::InlineTable(entry(e)).decorated("\n    ", "")).collect();
    lines.set_trailing_comma(true);
    lines.set_trailing("\n");
    let mut table = Table::new();
    table.insert("changes", Item::Value(Value::Array(lines)));
    Some(Item::Table(table))
}

/// One change as an inline table.
fn entry(e: &Logged) -> InlineTable {
    let mut t = InlineTable::new();
    t.insert("at", string(&e.at.to_string()));
    t.insert("change", string(e.change.word()));
    let count = |n: usize| Value::from(i64::try_from(n).unwrap_or(i64::MAX));
    let name_or_none = |name: &Option<String>| match name {
        Some(n) => string(n),
        None => Value::from(false),
    };
    match &e.change {
        LogChange::Round { round } => {
            t.insert("round", count(*round));
        }
        LogChange::Edit { round, was } => {
            t.insert("round", count(*round));
            let mut w = InlineTable::new();
            if !was.scores.is_empty() {
                let mut scores = InlineTable::new();
                for (player, past) in &was.scores {
                    let value = match past {
                        PastScore::Number(n) => Value::from(i64::from(*n)),
                        PastScore::Cards(cards) => {
                            string(&cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
                        }
                    };
                    scores.insert_formatted(&key(player), value);
                }
                w.insert("scores", Value::InlineTable(scores));
            }
            if let Some(out) = &was.out {
                w.insert("out", name_or_none(out));
            }
            if let Some(penalties) = &was.penalties {
                w.insert("penalties", Value::Array(penalties.iter().map(|p| string(p)).collect()));
            }
            if let Some(dealer) = &was.dealer {
                w.insert("dealer", name_or_none(dealer));
            }
            t.insert("was", Value::InlineTable(w));
        }
        LogChange::Dealer { round, dealer, was } => {
            t.insert("round", count(*round));
            t.insert("dealer", string(dealer));
            if let Some(was) = was {
                t.insert("was", string(was));
            }
        }
        LogChange::Join { player } => {
            t.insert("player", string(player));
        }
        LogChange::Leave { player, off, dealt } => {
            t.insert("player", string(player));
            if let Some(off) = off {
                t.insert("seat", count(off.seat + 1));
                t.insert("joined", count(off.joined));
                match off.start {
                    Start::Total(n) => t.insert("start", Value::from(i64::from(n))),
                    Start::Rule(rule) => {
                        t.insert("start", Value::from(0));
                        t.insert("start_from", string(rule.word()))
                    }
                };
                if !off.former_names.is_empty() {
                    t.insert(
                        "former_names",
                        Value::Array(off.former_names.iter().map(|f| string(f)).collect()),
                    );
                }
            }
            if *dealt {
                t.insert("dealt", Value::from(true));
            }
        }
        LogChange::Return { player, left } => {
            t.insert("player", string(player));
            t.insert("left", count(*left));
        }
        LogChange::Rename { player, was, former } => {
            t.insert("player", string(player));
            t.insert("was", string(was));
            if let Some(former) = former {
                t.insert("former_names", Value::Array(former.iter().map(|f| string(f)).collect()));
            }
        }
        LogChange::Rules { from, set, was, dealer } => {
            t.insert("from", count(*from));
            t.insert("set", Value::Array(set.iter().map(|s| string(s)).collect()));
            let mut before = Rules::default();
            let periods = was.iter().map(|(from, rules)| {
                let mut p = InlineTable::new();
                p.insert("from", count(*from));
                for setting in rules.differences(&before) {
                    p.insert(setting.key, setting_value(setting, rules));
                }
                // A random order of the rounds, with the order drawn.
                if let RoundOrder::Random(_) = rules.round_order()
                    && rules.round_order() != before.round_order()
                    && !rules.order_to_draw()
                {
                    let sizes = rules.deals().iter().map(|d| count(d.cards)).collect();
                    p.insert("hand_sizes", Value::Array(sizes));
                }
                before = *rules;
                Value::InlineTable(p)
            });
            t.insert("was", Value::Array(periods.collect()));
            if let Some(dealer) = dealer {
                t.insert("dealer", string(dealer));
            }
        }
        LogChange::Draw { cards } => {
            let mut drawn = InlineTable::new();
            for (player, card) in cards {
                drawn.insert_formatted(&key(player), string(&card.ascii()));
            }
            t.insert("cards", Value::InlineTable(drawn));
        }
    }
    if let Some(tiebreak) = &e.tiebreak {
        t.insert("tiebreak", Value::InlineTable(playoff(tiebreak)));
    }
    t
}

/// A tiebreak by player name, as an inline table.
fn playoff(p: &StoredPlayoff) -> InlineTable {
    let by_name = |pairs: &[(String, String)]| {
        let mut t = InlineTable::new();
        for (name, text) in pairs {
            t.insert_formatted(&key(name), string(text));
        }
        Value::InlineTable(t)
    };
    let mut t = InlineTable::new();
    match p {
        StoredPlayoff::Round { deadwood, hands, leftover } => {
            let mut d = InlineTable::new();
            for (name, value) in deadwood {
                d.insert_formatted(&key(name), Value::from(*value));
            }
            t.insert("deadwood", Value::InlineTable(d));
            if !hands.is_empty() {
                t.insert("hands", by_name(hands));
            }
            if !leftover.is_empty() {
                t.insert("leftover", by_name(leftover));
            }
        }
        StoredPlayoff::Draws(draws) => {
            t.insert("draws", Value::Array(draws.iter().map(|d| by_name(d)).collect()));
        }
    }
    t
}

/// The keys each change takes besides `at`, `change` and `tiebreak`.
fn keys_of(word: &str) -> Option<&'static [&'static str]> {
    Some(match word {
        "round" => &["round"],
        "edit" => &["round", "was"],
        "dealer" => &["round", "dealer", "was"],
        "player-add" => &["player"],
        "player-remove" => &["player", "seat", "joined", "start", "start_from", "former_names", "dealt"],
        "player-return" => &["player", "left"],
        "player-rename" => &["player", "was", "former_names"],
        "rules" => &["from", "set", "was", "dealer"],
        "draw" => &["cards"],
        _ => return None,
    })
}

const WORDS: &str =
    "round, edit, dealer, player-add, player-remove, player-return, player-rename, rules, draw";

/// The log of a session file: each change read and placed. Gives the
/// changes and the place of each.
pub(super) fn read(text: &str, doc: &Document<&str>) -> Result<(Vec<Logged>, Vec<Range<usize>>), FileError> {
    let at = |span: Option<Range<usize>>, message: String| FileError {
        at: Some(line_col(text, span.map_or(0, |s| s.start))),
        message: format!("log: {message}"),
    };
    let Some(log) = doc.get("log") else { return Ok((Vec::new(), Vec::new())) };
    let Some(table) = log.as_table_like() else {
        return Err(at(log.span(), format!("{} is not a table holding changes = [...]", shown(log))));
    };
    if let Some((key, _)) = table.iter().find(|(k, _)| *k != "changes") {
        let span = table.key(key).and_then(toml_edit::Key::span);
        return Err(at(
            span,
            format!("unknown key \"{}\"; the log holds changes = [...]", key.escape_debug()),
        ));
    }
    let Some(changes) = table.get("changes") else { return Ok((Vec::new(), Vec::new())) };
    let count = match changes {
        Item::ArrayOfTables(a) => a.len(),
        Item::Value(Value::Array(a)) => a.len(),
        other => {
            return Err(at(other.span(), format!("changes is {}, not a list of changes", shown(other))));
        }
    };
    let mut out = Vec::with_capacity(count);
    let mut places = Vec::with_capacity(count);
    for k in 0..count {
        let span = match changes {
            Item::ArrayOfTables(a) => a.get(k).and_then(Table::span),
            Item::Value(Value::Array(a)) => a.get(k).and_then(Value::span),
            _ => None,
        };
        let Some(entry) = nth_table(changes, k) else {
            return Err(at(
                span,
                "each change is a table, like { at = \"…\", change = \"round\", round = 1 }".into(),
            ));
        };
        let reader = Reader { text, entry, span: span.clone() };
        out.push(reader.logged()?);
        places.push(span.unwrap_or(0..0));
    }
    Ok((out, places))
}

/// One change of the log being read.
struct Reader<'a> {
    text: &'a str,
    entry: &'a dyn TableLike,
    span: Option<Range<usize>>,
}

impl Reader<'_> {
    fn error(&self, span: Option<Range<usize>>, message: String) -> FileError {
        FileError {
            at: Some(line_col(self.text, span.or(self.span.clone()).map_or(0, |s| s.start))),
            message: format!("log: {message}"),
        }
    }

    /// The value of `key`, which the change needs.
    fn needs(&self, key: &str, what: &str) -> Result<&Item, FileError> {
        self.entry.get(key).ok_or_else(|| self.error(None, format!("this change needs {key} = {what}")))
    }

    fn wrong(&self, key: &str, item: &Item, what: &str) -> FileError {
        self.error(item.span(), format!("{key} is {}, not {what}", shown(item)))
    }

    fn count(&self, key: &str) -> Result<usize, FileError> {
        let item = self.needs(key, "N")?;
        item.as_integer()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| self.wrong(key, item, "a count"))
    }

    fn name(&self, key: &str) -> Result<String, FileError> {
        let item = self.needs(key, "\"NAME\"")?;
        item.as_str().map(str::to_string).ok_or_else(|| self.wrong(key, item, "a name"))
    }

    fn names(&self, key: &str, item: &Item) -> Result<Vec<String>, FileError> {
        let list = item.as_array().ok_or_else(|| self.wrong(key, item, "a list of names"))?;
        list.iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| self.error(v.span(), format!("{key}: {} is not a name", v)))
            })
            .collect()
    }

    /// A name, or `false` for none.
    fn name_or_none(&self, key: &str, item: &Item) -> Result<Option<String>, FileError> {
        match (item.as_str(), item.as_bool()) {
            (Some(name), _) => Ok(Some(name.to_string())),
            (None, Some(false)) => Ok(None),
            _ => Err(self.wrong(key, item, "a name, or false for none")),
        }
    }

    fn card(&self, item: &Item) -> Result<Card, FileError> {
        item.as_str()
            // Any card of any deck: the rules of the time say which count.
            .and_then(|t| Deck::new(5, Rank::ACE).parse(t).ok())
            .ok_or_else(|| self.error(item.span(), format!("{} is not a card", shown(item))))
    }

    fn logged(&self) -> Result<Logged, FileError> {
        let at_item = self.needs("at", "\"TIME\"")?;
        let at = at_item
            .as_str()
            .and_then(|t| t.parse::<Timestamp>().ok())
            .ok_or_else(|| self.wrong("at", at_item, "a time like 2026-11-22T19:04:11Z"))?;
        let word_item = self.needs("change", "\"WORD\"")?;
        let word = word_item.as_str().unwrap_or_default();
        let keys = keys_of(word).ok_or_else(|| {
            self.error(word_item.span(), format!("change = {} is not one of {WORDS}", shown(word_item)))
        })?;
        for (key, item) in self.entry.iter() {
            if !["at", "change", "tiebreak"].contains(&key) && !keys.contains(&key) {
                let span = self.entry.key(key).and_then(toml_edit::Key::span).or(item.span());
                return Err(self.error(span, format!("a change {word} has no {}", key.escape_debug())));
            }
        }
        let change = match word {
            "round" => LogChange::Round { round: self.count("round")? },
            "edit" => LogChange::Edit { round: self.count("round")?, was: self.round_was()? },
            "dealer" => LogChange::Dealer {
                round: self.count("round")?,
                dealer: self.name("dealer")?,
                was: self.entry.get("was").map(|_| self.name("was")).transpose()?,
            },
            "player-add" => LogChange::Join { player: self.name("player")? },
            "player-remove" => {
                let off = match self.entry.get("seat") {
                    None => None,
                    Some(_) => {
                        let seat = self.count("seat")?;
                        let start_item = self.needs("start", "N")?;
                        let start = start_item
                            .as_integer()
                            .and_then(|n| i32::try_from(n).ok())
                            .filter(|n| n.abs() <= 1_000_000)
                            .ok_or_else(|| self.wrong("start", start_item, "a starting total"))?;
                        let start = match self.entry.get("start_from") {
                            None => Start::Total(start),
                            Some(item) => {
                                Start::Rule(item.as_str().and_then(StartRule::from_word).ok_or_else(
                                    || self.wrong("start_from", item, "highest, average or lowest"),
                                )?)
                            }
                        };
                        Some(SeatWas {
                            seat: seat
                                .checked_sub(1)
                                .ok_or_else(|| self.error(None, "seats count from 1".into()))?,
                            joined: self.count("joined")?,
                            start,
                            former_names: match self.entry.get("former_names") {
                                Some(item) => self.names("former_names", item)?,
                                None => Vec::new(),
                            },
                        })
                    }
                };
                let dealt = match self.entry.get("dealt") {
                    None => false,
                    Some(item) => item.as_bool().ok_or_else(|| self.wrong("dealt", item, "true or false"))?,
                };
                LogChange::Leave { player: self.name("player")?, off, dealt }
            }
            "player-return" => LogChange::Return { player: self.name("player")?, left: self.count("left")? },
            "player-rename" => LogChange::Rename {
                player: self.name("player")?,
                was: self.name("was")?,
                former: self
                    .entry
                    .get("former_names")
                    .map(|item| self.names("former_names", item))
                    .transpose()?,
            },
            "rules" => self.rules()?,
            _ => {
                let item = self.needs("cards", "{ NAME = \"CARD\", … }")?;
                let table =
                    item.as_table_like().ok_or_else(|| self.wrong("cards", item, "a table of cards"))?;
                let cards = table
                    .iter()
                    .map(|(name, c)| Ok((name.to_string(), self.card(c)?)))
                    .collect::<Result<_, _>>()?;
                LogChange::Draw { cards }
            }
        };
        let tiebreak = self.entry.get("tiebreak").map(|item| self.tiebreak(item)).transpose()?;
        Ok(Logged { at, change, tiebreak })
    }

    fn round_was(&self) -> Result<RoundWas, FileError> {
        let item = self.needs("was", "{ … }")?;
        let table = item.as_table_like().ok_or_else(|| self.wrong("was", item, "a table"))?;
        let mut was = RoundWas::default();
        for (key, value) in table.iter() {
            match key {
                "scores" => {
                    let scores = value
                        .as_table_like()
                        .ok_or_else(|| self.wrong("scores", value, "a table of scores"))?;
                    for (player, score) in scores.iter() {
                        let past = match (score.as_integer(), score.as_str()) {
                            (Some(n), _) => PastScore::Number(
                                u32::try_from(n).map_err(|_| self.wrong(player, score, "a score"))?,
                            ),
                            (None, Some(text)) => self.typed(text, score)?,
                            _ => return Err(self.wrong(player, score, "a score, a hand or cards left over")),
                        };
                        was.scores.push((player.to_string(), past));
                    }
                }
                "out" => was.out = Some(self.name_or_none("out", value)?),
                "penalties" => was.penalties = Some(self.names("penalties", value)?),
                "dealer" => was.dealer = Some(self.name_or_none("dealer", value)?),
                other => {
                    let span = table.key(other).and_then(toml_edit::Key::span);
                    return Err(self.error(
                        span,
                        format!("was holds scores, out, penalties and dealer, not {}", other.escape_debug()),
                    ));
                }
            }
        }
        Ok(was)
    }

    /// A score typed as cards: a hand or cards left over, which the
    /// round decides.
    fn typed(&self, text: &str, item: &Item) -> Result<PastScore, FileError> {
        let cards = three13_core::sheet::read_leftover(text, &loose_rules()).map_err(|_| {
            self.error(item.span(), format!("\"{}\" is not a hand or cards left over", text.escape_debug()))
        })?;
        Ok(PastScore::Cards(cards))
    }

    fn rules(&self) -> Result<LogChange, FileError> {
        let from = self.count("from")?;
        let set_item = self.needs("set", "[\"KEY=VALUE\", …]")?;
        let set = self.names("set", set_item)?;
        let was_item = self.needs("was", "[{ from = 1, … }, …]")?;
        let periods = match was_item {
            Item::Value(Value::Array(a)) => a.len(),
            Item::ArrayOfTables(a) => a.len(),
            other => return Err(self.wrong("was", other, "a list of rules by round")),
        };
        let mut was = Vec::with_capacity(periods);
        let mut before = Rules::default();
        for k in 0..periods {
            let table = nth_table(was_item, k)
                .ok_or_else(|| self.wrong("was", was_item, "a list of rules by round"))?;
            let from_item = table
                .get("from")
                .ok_or_else(|| self.error(was_item.span(), "was: each rules needs from = ROUND".into()))?;
            let from = from_item
                .as_integer()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| self.wrong("from", from_item, "a round"))?;
            let drawn = before.round_order();
            before = settings(self.text, table, &["from", "hand_sizes"], before, "log: was: ")?;
            if let RoundOrder::Random(_) = before.round_order() {
                // The order drawn: the one given, else the one before.
                let sizes: Option<Vec<usize>> = match table.get("hand_sizes") {
                    Some(item) => Some(
                        item.as_array()
                            .and_then(|a| {
                                a.iter()
                                    .map(|n| n.as_integer().and_then(|n| usize::try_from(n).ok()))
                                    .collect()
                            })
                            .ok_or_else(|| {
                                self.wrong("hand_sizes", item, "the hand sizes of the rounds in order")
                            })?,
                    ),
                    None => None,
                };
                let kept = match (sizes.and_then(|s| Drawn::of(&s)), drawn) {
                    (Some(d), _) | (None, RoundOrder::Random(d)) => Some(d),
                    (None, _) => None,
                };
                if let Some(d) = kept {
                    before.keep_order(d);
                }
            }
            was.push((from, before));
        }
        let dealer = self.entry.get("dealer").map(|_| self.name("dealer")).transpose()?;
        Ok(LogChange::Rules { from, set, was, dealer })
    }

    fn tiebreak(&self, item: &Item) -> Result<StoredPlayoff, FileError> {
        let table = item.as_table_like().ok_or_else(|| self.wrong("tiebreak", item, "a table"))?;
        let pairs = |key: &str| -> Result<Vec<(String, String)>, FileError> {
            let Some(item) = table.get(key) else { return Ok(Vec::new()) };
            let t = item.as_table_like().ok_or_else(|| self.wrong(key, item, "a table by player"))?;
            t.iter()
                .map(|(n, v)| {
                    Ok((n.to_string(), v.as_str().ok_or_else(|| self.wrong(n, v, "cards"))?.to_string()))
                })
                .collect()
        };
        match (table.get("deadwood"), table.get("draws")) {
            (Some(d), None) => {
                let t = d.as_table_like().ok_or_else(|| self.wrong("deadwood", d, "a table by player"))?;
                let deadwood = t
                    .iter()
                    .map(|(n, v)| {
                        Ok((n.to_string(), v.as_integer().ok_or_else(|| self.wrong(n, v, "a score"))?))
                    })
                    .collect::<Result<_, FileError>>()?;
                Ok(StoredPlayoff::Round { deadwood, hands: pairs("hands")?, leftover: pairs("leftover")? })
            }
            (None, Some(draws)) => {
                let list = draws.as_array().ok_or_else(|| self.wrong("draws", draws, "a list of draws"))?;
                let mut out = Vec::new();
                for draw in list.iter() {
                    let t = draw
                        .as_inline_table()
                        .ok_or_else(|| self.error(draw.span(), "each draw is a table of cards".into()))?;
                    out.push(
                        t.iter()
                            .map(|(n, v)| {
                                Ok((
                                    n.to_string(),
                                    v.as_str()
                                        .ok_or_else(|| self.error(v.span(), "not a card".into()))?
                                        .to_string(),
                                ))
                            })
                            .collect::<Result<_, FileError>>()?,
                    );
                }
                Ok(StoredPlayoff::Draws(out))
            }
            _ => Err(self.error(item.span(), "tiebreak: give either deadwood (and hands) or draws".into())),
        }
    }
}

/// Rules that take any card, to read cards whose rules the round decides.
fn loose_rules() -> Rules {
    let decks = three13_core::rules::MAX_DECKS.to_string();
    Rules::default()
        .with("jokers", "3")
        .and_then(|r| r.with("suits", "5"))
        .and_then(|r| r.with("decks", &decks))
        .expect("the largest values the settings take")
}
