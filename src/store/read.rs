//! A session file read: its document, and the session it holds. The
//! session checks what it is given and names the field to blame, which is
//! placed here at its line and column.

use std::ops::Range;

use jiff::Timestamp;
use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_spanned::Spanned;
use toml_edit::{Document, Item};

use three13_core::rules::{Drawn, Game, RoundOrder};
use three13_core::sheet::{
    Field, Missed, Session, SheetError, StartRule, StoredPlayoff, StoredRound, StoredSession, same_name,
};
use three13_core::solver::Solver;

use super::format::{deserialize, nth_table, parse, settings, shown};
use super::{Loaded, SessionDoc};
use crate::files::{FileError, line_col};

/// Map entries in the order of the file (a player's score per name).
struct Entries<V>(Vec<(Spanned<String>, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Entries<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct EntriesVisitor<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for EntriesVisitor<V> {
            type Value = Entries<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a table of player names, like { Ann = 12, Bob = 0 }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Entries<V>, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(EntriesVisitor(std::marker::PhantomData))
    }
}

/// The file's parts, each with its place. A value of any type (a time, a
/// setting) is placed here and read from the document.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionFile {
    #[allow(dead_code)]
    format_version: i64,
    /// Written by earlier versions: a session's name is its file's, so a
    /// stored one is read and left unused.
    #[allow(dead_code)]
    name: Option<IgnoredAny>,
    players: Spanned<Vec<String>>,
    first_dealer: Spanned<String>,
    created: Spanned<IgnoredAny>,
    updated: Spanned<IgnoredAny>,
    /// The game, when it is not Three Thirteen: the rules start from its own.
    game: Option<Spanned<String>>,
    /// The order of a random round order, as hand sizes.
    hand_sizes: Option<Spanned<Vec<i64>>>,
    /// Read from the document, setting by setting.
    #[allow(dead_code)]
    rules: Option<IgnoredAny>,
    /// Rules changed from a round on (format 3): `from`, and the settings
    /// that differ from the rules before.
    #[serde(default)]
    rule_changes: Vec<Spanned<IgnoredAny>>,
    #[serde(default)]
    dealers: Vec<Spanned<DealerFile>>,
    seats: Option<Entries<Spanned<SeatFile>>>,
    #[serde(default)]
    rounds: Vec<Spanned<RoundFile>>,
    tiebreak: Option<Spanned<TiebreakFile>>,
    /// Read from the document, change by change (format 3).
    #[allow(dead_code)]
    log: Option<IgnoredAny>,
}

/// How a tie for the win was broken: the tiebreaker round's scores, or the
/// cards drawn.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TiebreakFile {
    deadwood: Option<Entries<Spanned<i64>>>,
    hands: Option<Entries<Spanned<String>>>,
    leftover: Option<Entries<Spanned<String>>>,
    draws: Option<Vec<Entries<Spanned<String>>>>,
}

/// A dealer named for a round (format 2).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DealerFile {
    round: i64,
    player: String,
}

/// A player who joined late, left, or had another name (format 2).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatFile {
    joined: Option<i64>,
    start: Option<i64>,
    /// The rule the start follows, when it is one (format 3, later files).
    start_from: Option<Spanned<String>>,
    left: Option<i64>,
    #[serde(default)]
    former_names: Vec<String>,
    /// The times the player left and came back (format 3).
    #[serde(default)]
    away: Vec<AwayFile>,
}

/// A time a player left and came back: the rounds recorded at each.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AwayFile {
    left: i64,
    back: i64,
    /// What the rounds missed scored: a word or points (none in files
    /// written before: nothing).
    missed: Option<MissedFile>,
    /// The total given on coming back, in place of a rule.
    total: Option<i64>,
}

/// What the rounds missed scored, as a file holds it.
#[derive(Deserialize)]
#[serde(untagged)]
enum MissedFile {
    Points(i64),
    Word(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundFile {
    round: Spanned<i64>,
    deadwood: Spanned<Entries<Spanned<i64>>>,
    hands: Option<Entries<Spanned<String>>>,
    /// Cards typed as left over (format 3).
    leftover: Option<Entries<Spanned<String>>>,
    out: Option<Spanned<String>>,
    #[serde(default)]
    penalties: Vec<Spanned<String>>,
}

/// Reads a session file's text: parsed once, into the document a save
/// edits. The session's name is the file's: a file copied under another
/// name is another session.
pub(super) fn session(text: &str, name: &str) -> Result<Loaded, FileError> {
    let doc = parse(text)?;
    let file: SessionFile = deserialize(text, &doc)?;
    let session = restore(text, &doc, &file, name)?;
    let held = Some(session.clone());
    Ok(Loaded { session, doc: SessionDoc { doc: doc.into_mut(), origin: None, held } })
}

fn restore(text: &str, doc: &Document<&str>, file: &SessionFile, name: &str) -> Result<Session, FileError> {
    let at =
        |span: Range<usize>, message: String| FileError { at: Some(line_col(text, span.start)), message };
    // A time is written as a string; one typed as a TOML date-time is read too.
    let time = |t: &Spanned<IgnoredAny>, key: &str| {
        let text = match doc.get(key).unwrap_or(&Item::None) {
            Item::Value(toml_edit::Value::String(s)) => s.value().clone(),
            other => shown(other),
        };
        text.parse::<Timestamp>().map_err(|_| {
            at(
                t.span(),
                format!("{key}: \"{}\" is not a time like 2026-11-22T19:04:11Z", text.escape_debug()),
            )
        })
    };
    let created = time(&file.created, "created")?;
    let updated = time(&file.updated, "updated")?;
    let game = match &file.game {
        None => Game::ThreeThirteen,
        Some(g) => Game::parse(g.get_ref()).ok_or_else(|| {
            let games: Vec<&str> = Game::ALL.iter().map(|g| g.key()).collect();
            at(
                g.span(),
                format!(
                    "game: unknown game \"{}\"; the games are {}",
                    g.get_ref().escape_debug(),
                    games.join(", ")
                ),
            )
        })?,
    };
    let mut rules = match doc.get("rules") {
        None => game.rules(),
        Some(item) => match item.as_table_like() {
            Some(table) => settings(text, table, &[], game.rules(), "rules: ")?,
            None => {
                let span = item.span().unwrap_or(0..0);
                return Err(at(span, format!("rules: {} is not a table of settings", shown(item))));
            }
        },
    };
    let rules_at = doc.get("rules").and_then(Item::span).unwrap_or(0..0);
    match (&file.hand_sizes, rules.round_order()) {
        (Some(sizes), RoundOrder::Random(_)) => {
            let drawn =
                sizes.get_ref().iter().map(|&n| usize::try_from(n).ok()).collect::<Option<Vec<usize>>>();
            let wrong = || {
                let shown: Vec<String> = sizes.get_ref().iter().map(i64::to_string).collect();
                at(
                    sizes.span(),
                    format!(
                        "hand_sizes: [{}] is not an order of the rounds these rules play",
                        shown.join(", ")
                    ),
                )
            };
            let drawn = drawn.and_then(|d| Drawn::of(&d)).ok_or_else(wrong)?;
            rules.keep_order(drawn);
            if rules.order_to_draw() {
                return Err(wrong());
            }
        }
        (Some(sizes), _) => {
            return Err(at(
                sizes.span(),
                "hand_sizes: only a random round order keeps the order of its rounds".into(),
            ));
        }
        (None, RoundOrder::Random(_)) => {
            return Err(at(
                rules_at,
                "rules: round_order is random, but the file keeps no order drawn (hand_sizes)".into(),
            ));
        }
        (None, _) => {}
    }
    rules
        .check()
        .map_err(|e| at(rules_at.clone(), format!("rules: {}", crate::error::Error::from(e).message())))?;
    let mut rule_changes = Vec::new();
    let mut before = rules;
    for (k, change) in file.rule_changes.iter().enumerate() {
        let prefix = "rule_changes: ";
        let needs_from = || {
            at(change.span(), format!("{prefix}each change needs the round it applies from, as from = ROUND"))
        };
        let table = doc.get("rule_changes").and_then(|item| nth_table(item, k)).ok_or_else(needs_from)?;
        let from = table.get("from").and_then(Item::as_integer).ok_or_else(needs_from)?;
        before = settings(text, table, &["from"], before, prefix)?;
        rule_changes.push((from, before));
    }
    let rounds = file.rounds.iter().map(|r| stored_round(r.get_ref())).collect();
    let seats: &[(Spanned<String>, Spanned<SeatFile>)] = file.seats.as_ref().map_or(&[], |s| &s.0);
    // Where each entry of the stored lists came from, to place an error.
    let mut joined = (Vec::new(), Vec::new());
    let mut left = (Vec::new(), Vec::new());
    let mut former = (Vec::new(), Vec::new());
    let mut away = (Vec::new(), Vec::new());
    let mut start_rules = Vec::new();
    for (i, (name, seat)) in seats.iter().enumerate() {
        // One table per player: two for the same name (in another case or
        // form) would leave one of them unread.
        if let Some((first, _)) = seats[..i].iter().find(|(o, _)| same_name(o.get_ref(), name.get_ref())) {
            let twice =
                SheetError::SameName { first: first.get_ref().clone(), second: name.get_ref().clone() };
            return Err(at(seat.span(), format!("seats: {twice}")));
        }
        let (who, info) = (name.get_ref().clone(), seat.get_ref());
        if info.joined.is_some() || info.start.is_some() {
            joined.0.push((who.clone(), info.joined.unwrap_or(0), info.start.unwrap_or(0)));
            joined.1.push(seat.span());
        }
        if let Some(word) = &info.start_from {
            let rule = StartRule::from_word(word.get_ref()).ok_or_else(|| {
                at(
                    word.span(),
                    format!("start_from is \"{}\", not highest, average or lowest", word.get_ref()),
                )
            })?;
            start_rules.push((who.clone(), rule));
        }
        if let Some(l) = info.left {
            left.0.push((who.clone(), l));
            left.1.push(seat.span());
        }
        if !info.away.is_empty() {
            let mut times = Vec::with_capacity(info.away.len());
            for a in &info.away {
                let missed = match (&a.missed, a.total) {
                    (None, None) => Some(Missed::Nothing),
                    (None, Some(total)) => i32::try_from(total).ok().map(Missed::Total),
                    (Some(MissedFile::Points(n)), None) => Missed::from_word(&n.to_string()),
                    (Some(MissedFile::Word(w)), None) => {
                        Missed::from_word(w).filter(|m| !matches!(m, Missed::Points(_)))
                    }
                    (Some(_), Some(_)) => None,
                };
                let missed = missed.ok_or_else(|| {
                    at(
                        seat.span(),
                        format!(
                            "seats: {who}: away takes missed = \"highest\", \"average\", \"nothing\" or points \
                             from 0 to 1000, or total = N, not both"
                        ),
                    )
                })?;
                times.push((a.left, a.back, missed));
            }
            away.0.push((who.clone(), times));
            away.1.push(seat.span());
        }
        if !info.former_names.is_empty() {
            former.0.push((who, info.former_names.clone()));
            former.1.push(seat.span());
        }
    }
    let playoff = match &file.tiebreak {
        None => None,
        Some(t) => {
            let pairs = |e: &Entries<Spanned<String>>| -> Vec<(String, String)> {
                e.0.iter().map(|(k, v)| (k.get_ref().clone(), v.get_ref().clone())).collect()
            };
            let tb = t.get_ref();
            match (&tb.deadwood, &tb.draws) {
                (Some(d), None) => Some(StoredPlayoff::Round {
                    deadwood: d.0.iter().map(|(k, v)| (k.get_ref().clone(), *v.get_ref())).collect(),
                    hands: tb.hands.as_ref().map(pairs).unwrap_or_default(),
                    leftover: tb.leftover.as_ref().map(pairs).unwrap_or_default(),
                }),
                (None, Some(draws)) if tb.hands.is_none() && tb.leftover.is_none() => {
                    Some(StoredPlayoff::Draws(draws.iter().map(pairs).collect()))
                }
                _ => {
                    return Err(at(
                        t.span(),
                        "tiebreak: give either deadwood (and hands) of the tiebreaker round, or draws".into(),
                    ));
                }
            }
        }
    };
    let (log, log_places) = super::log::read(text, doc)?;
    let stored = StoredSession {
        name: name.to_string(),
        players: file.players.get_ref().clone(),
        first_dealer: file.first_dealer.get_ref().clone(),
        rules,
        rule_changes,
        created,
        updated,
        rounds,
        joined: joined.0,
        start_rules,
        left: left.0,
        away: away.0,
        former_names: former.0,
        dealers: file.dealers.iter().map(|d| (d.get_ref().round, d.get_ref().player.clone())).collect(),
        playoff,
        log,
    };
    Session::restore(stored, &mut Solver::new()).map_err(|e| {
        let round = |i: usize| file.rounds[i].get_ref();
        let numbered = |i: usize| format!("round {}: ", i + 1);
        let (span, prefix) = match e.field {
            Field::Players => (file.players.span(), "players: ".to_string()),
            Field::FirstDealer => (file.first_dealer.span(), "first_dealer: ".to_string()),
            Field::Round(i) => (file.rounds[i].span(), numbered(i)),
            Field::RoundNumber(i) => (round(i).round.span(), String::new()),
            Field::Deadwood(i) => (round(i).deadwood.span(), numbered(i)),
            Field::DeadwoodName(i, k) => {
                (round(i).deadwood.get_ref().0[k].0.span(), format!("{}in deadwood, ", numbered(i)))
            }
            Field::DeadwoodValue(i, k) => (round(i).deadwood.get_ref().0[k].1.span(), numbered(i)),
            Field::HandName(i, k) => (hands(round(i))[k].0.span(), format!("{}in hands, ", numbered(i))),
            Field::HandCards(i, k) => (hands(round(i))[k].1.span(), numbered(i)),
            Field::LeftoverName(i, k) => {
                (leftover(round(i))[k].0.span(), format!("{}in leftover, ", numbered(i)))
            }
            Field::LeftoverCards(i, k) => (leftover(round(i))[k].1.span(), numbered(i)),
            Field::RuleChange(k) => (file.rule_changes[k].span(), "rule_changes: ".to_string()),
            Field::Out(i) => {
                let out = round(i).out.as_ref().map_or(file.rounds[i].span(), Spanned::span);
                (out, format!("{}out: ", numbered(i)))
            }
            Field::Penalty(i, k) => (round(i).penalties[k].span(), format!("{}penalties: ", numbered(i))),
            Field::Joined(k) => (joined.1[k].clone(), "seats: ".to_string()),
            Field::Left(k) => (left.1[k].clone(), "seats: ".to_string()),
            Field::Away(k) => (away.1[k].clone(), "seats: ".to_string()),
            Field::FormerNames(k) => (former.1[k].clone(), "seats: ".to_string()),
            Field::Dealer(k) => (file.dealers[k].span(), "dealers: ".to_string()),
            Field::Playoff => (file.tiebreak.as_ref().map_or(0..0, Spanned::span), "tiebreak: ".to_string()),
            Field::Log(k) => (log_places[k].clone(), "log: ".to_string()),
        };
        let message = match &e.error {
            // A stored hand is reported on one line, without a caret.
            SheetError::Hand { player, error } => format!("{player}'s hand: {}", error.problem),
            other => other.to_string(),
        };
        at(span, format!("{prefix}{message}"))
    })
}

/// A round of the file, its spans left behind.
fn stored_round(r: &RoundFile) -> StoredRound {
    StoredRound {
        round: *r.round.get_ref(),
        deadwood: r.deadwood.get_ref().0.iter().map(|(k, v)| (k.get_ref().clone(), *v.get_ref())).collect(),
        hands: r
            .hands
            .iter()
            .flat_map(|h| &h.0)
            .map(|(k, v)| (k.get_ref().clone(), v.get_ref().clone()))
            .collect(),
        leftover: leftover(r).iter().map(|(k, v)| (k.get_ref().clone(), v.get_ref().clone())).collect(),
        out: r.out.as_ref().map(|o| o.get_ref().clone()),
        penalties: r.penalties.iter().map(|p| p.get_ref().clone()).collect(),
    }
}

/// The hands of a stored round, in the file's order.
fn hands(r: &RoundFile) -> &[(Spanned<String>, Spanned<String>)] {
    r.hands.as_ref().map_or(&[], |h| &h.0)
}

/// The cards left over of a stored round, in the file's order.
fn leftover(r: &RoundFile) -> &[(Spanned<String>, Spanned<String>)] {
    r.leftover.as_ref().map_or(&[], |h| &h.0)
}
