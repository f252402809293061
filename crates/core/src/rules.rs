//! The rules a table plays by: the default rule set, every variant as a
//! named setting, the presets, and the round table they give.
//!
//! The settings and their sources are described in `docs/rules.md`.

use std::fmt;

use crate::card::{Card, Rank};

/// Every setting of the rules. `Rules::default()` is the `standard` preset;
/// [`SETTINGS`] reads and writes each one by its key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// Standard 52-card decks shuffled together.
    pub decks: u8,
    /// What jacks, queens and kings score when left over.
    pub face_cards: FaceCards,
    /// What an ace scores when left over.
    pub ace_value: u8,
    /// An ace may also sit above the king in a run (Q-K-A), never wrapping.
    pub ace_high: bool,
    /// Three or more wild cards may form a meld on their own.
    pub all_wild_melds: bool,
    /// Jokers per deck: wild in every round, 20 points when left over.
    pub jokers: u8,
    /// Kings are wild in every round, besides the round's own rank.
    pub kings_wild: bool,
    /// Extra rounds after the eleventh: 1 adds 14 cards with aces wild,
    /// 2 also adds 15 cards with twos wild.
    pub extra_rounds: u8,
    /// The hand sizes climb to the largest and come back down.
    pub down_and_up: bool,
    /// After someone goes out, a player with a meld of their own may add
    /// cards to the melds already shown on the table.
    pub lay_off: bool,
    /// Scores double in the rounds where jacks, queens and kings are wild.
    pub double_last_rounds: bool,
    /// The score of the first player to go out, in place of 0.
    pub go_out_bonus: GoOutBonus,
    /// Added for a player who declared out with a hand that does not meld.
    pub bad_go_out_penalty: u16,
    /// A round where every player scores 0 is replayed.
    pub double_naughts: bool,
    /// How a tie for the lowest total at the end is decided.
    pub tiebreak: Tiebreak,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            decks: 2,
            face_cards: FaceCards::Rank,
            ace_value: 1,
            ace_high: false,
            all_wild_melds: true,
            jokers: 0,
            kings_wild: false,
            extra_rounds: 0,
            down_and_up: false,
            lay_off: false,
            double_last_rounds: false,
            go_out_bonus: GoOutBonus::Points(0),
            bad_go_out_penalty: 0,
            double_naughts: false,
            tiebreak: Tiebreak::Share,
        }
    }
}

/// How a game that ends with players tied for the lowest total is decided
/// (seed 000 offers the tiebreaker round and the draw).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tiebreak {
    /// The tied players share the win.
    Share,
    /// The tied players play one more round of 14 cards, aces wild; the
    /// lowest deadwood wins, and a further tie shares.
    Round,
    /// Each tied player draws a card from a shuffled deck; the lowest rank
    /// wins, and players tied on the lowest draw again.
    Draw,
}

impl Tiebreak {
    /// The word of the `tiebreak` setting.
    pub fn word(self) -> &'static str {
        match self {
            Tiebreak::Share => "share",
            Tiebreak::Round => "round",
            Tiebreak::Draw => "draw",
        }
    }
}

/// The cards dealt in the tiebreaker round.
pub const TIEBREAK_CARDS: usize = 14;

/// Every kind of wild card of one round: its rank, and the kings and jokers
/// the rules make wild in every round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wilds {
    pub rank: Rank,
    /// Kings are wild besides the round's rank (not a king round).
    pub kings: bool,
    pub jokers: bool,
}

impl Wilds {
    /// Short, for a table cell: `3`, `3 +K`, `K +JK`.
    pub fn short(&self) -> String {
        let mut out = self.rank.to_string();
        if self.kings {
            out.push_str(" +K");
        }
        if self.jokers {
            out.push_str(" +JK");
        }
        out
    }
}

/// In words: `threes`, `threes and kings`, `kings and jokers`.
impl fmt::Display for Wilds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rank.plural())?;
        match (self.kings, self.jokers) {
            (true, true) => f.write_str(", kings and jokers"),
            (true, false) => f.write_str(" and kings"),
            (false, true) => f.write_str(" and jokers"),
            (false, false) => Ok(()),
        }
    }
}

/// What jacks, queens and kings score when left over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FaceCards {
    /// J = 11, Q = 12, K = 13.
    Rank,
    /// J, Q and K score 10.
    Ten,
}

/// The score of the first player to go out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GoOutBonus {
    /// A fixed score, 0 or below.
    Points(i16),
    /// Minus the value of the round's wild rank.
    Wild,
}

/// The most players a session may have.
pub const MAX_PLAYERS: usize = 20;
/// The most decks the rules may name.
pub const MAX_DECKS: u8 = 20;

/// One round of a game: its number (from 1), the cards dealt, the wild rank.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Deal {
    pub round: usize,
    pub cards: usize,
    pub wild: Rank,
}

/// The named bundles of settings: name, what it is, what it changes.
pub const PRESETS: [(&str, &str); 3] = [
    ("standard", "the default rules: 2 decks, J=11 Q=12 K=13, all-wild melds allowed"),
    ("tens", "standard with jacks, queens and kings worth 10"),
    ("strict", "standard with every meld needing a natural card, and laying off allowed"),
];

/// The value of one setting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Value {
    Number(i64),
    Flag(bool),
    Word(&'static str),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Number(n) => write!(f, "{n}"),
            Value::Flag(b) => write!(f, "{b}"),
            Value::Word(w) => f.write_str(w),
        }
    }
}

/// The values a setting takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Allowed {
    /// A whole number from the first to the second, inclusive.
    Range(i64, i64),
    /// true or false (also yes/no, on/off, 1/0).
    Flag,
    /// One of the words, each with the other spellings it accepts.
    Words(&'static [(&'static str, &'static [&'static str])]),
    /// A whole number in the range, or the word.
    RangeOrWord(i64, i64, &'static str),
}

impl Allowed {
    /// Reads a value as typed; None when it is not one this setting takes.
    pub fn parse(self, text: &str) -> Option<Value> {
        let text = text.trim();
        let number = |lo: i64, hi: i64| text.parse::<i64>().ok().filter(|n| (lo..=hi).contains(n));
        match self {
            Allowed::Range(lo, hi) => number(lo, hi).map(Value::Number),
            Allowed::Flag => match text.to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" | "1" => Some(Value::Flag(true)),
                "false" | "no" | "off" | "0" => Some(Value::Flag(false)),
                _ => None,
            },
            Allowed::Words(words) => words
                .iter()
                .find(|(w, also)| {
                    w.eq_ignore_ascii_case(text) || also.iter().any(|a| a.eq_ignore_ascii_case(text))
                })
                .map(|(w, _)| Value::Word(w)),
            Allowed::RangeOrWord(lo, hi, word) => {
                if word.eq_ignore_ascii_case(text) {
                    Some(Value::Word(word))
                } else {
                    number(lo, hi).map(Value::Number)
                }
            }
        }
    }

    /// The values to offer a person completing a setting: every value of a
    /// flag or a list of words, the numbers of a short range.
    pub fn candidates(self) -> Vec<String> {
        let range = |lo: i64, hi: i64| -> Vec<String> {
            if hi - lo <= 20 { (lo..=hi).map(|n| n.to_string()).collect() } else { Vec::new() }
        };
        match self {
            Allowed::Range(lo, hi) => range(lo, hi),
            Allowed::Flag => vec!["true".into(), "false".into()],
            Allowed::Words(words) => words.iter().map(|(w, _)| w.to_string()).collect(),
            Allowed::RangeOrWord(lo, hi, word) => {
                let mut out = vec![word.to_string()];
                out.extend(range(lo, hi));
                out
            }
        }
    }
}

impl fmt::Display for Allowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let range = |f: &mut fmt::Formatter<'_>, lo: i64, hi: i64| {
            if lo < 0 { write!(f, "{hi} to {lo}") } else { write!(f, "{lo}-{hi}") }
        };
        match self {
            Allowed::Range(lo, hi) => range(f, *lo, *hi),
            Allowed::Flag => f.write_str("true|false"),
            Allowed::Words(words) => {
                let names: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
                f.write_str(&names.join("|"))
            }
            Allowed::RangeOrWord(lo, hi, word) => {
                range(f, *lo, *hi)?;
                write!(f, "|{word}")
            }
        }
    }
}

/// One setting of the rules, declared once: its key, what it takes, what
/// it does, and how it is read from and written to [`Rules`].
#[derive(Debug)]
pub struct Setting {
    pub key: &'static str,
    pub allowed: Allowed,
    pub about: &'static str,
    get: fn(&Rules) -> Value,
    set: fn(&mut Rules, Value),
}

impl Setting {
    /// The setting's value under `rules`.
    pub fn get(&self, rules: &Rules) -> Value {
        (self.get)(rules)
    }

    /// Sets the setting from its typed value, checked against what it takes.
    pub fn set(&self, rules: &mut Rules, text: &str) -> Result<(), RulesError> {
        let value = self.parse(text)?;
        (self.set)(rules, value);
        Ok(())
    }

    /// A typed value, checked against what the setting takes.
    pub fn parse(&self, text: &str) -> Result<Value, RulesError> {
        self.allowed.parse(text).ok_or_else(|| RulesError::BadValue {
            key: self.key,
            value: text.trim().to_string(),
            allowed: self.allowed,
        })
    }

    /// Whether the setting shapes the game's round table (how many rounds,
    /// and the cards of each): one for the whole game, never changed from a
    /// round on.
    pub fn shapes_rounds(&self) -> bool {
        ROUND_TABLE.contains(&self.key)
    }

    /// The setting named `key` (any case; `-` for `_`).
    pub fn find(key: &str) -> Option<&'static Setting> {
        let key = key.trim().to_ascii_lowercase().replace('-', "_");
        SETTINGS.iter().find(|s| s.key == key)
    }
}

fn number(v: Value) -> i64 {
    match v {
        Value::Number(n) => n,
        _ => 0,
    }
}

fn flag(v: Value) -> bool {
    v == Value::Flag(true)
}

/// The settings that shape the round table: how many rounds there are and
/// what each deals.
pub const ROUND_TABLE: [&str; 2] = ["extra_rounds", "down_and_up"];

/// Every setting, in the order `three13 rules` shows them.
pub static SETTINGS: [Setting; 15] = [
    Setting {
        key: "decks",
        allowed: Allowed::Range(1, MAX_DECKS as i64),
        about: "52-card decks shuffled together",
        get: |r| Value::Number(r.decks.into()),
        set: |r, v| r.decks = number(v) as u8,
    },
    Setting {
        key: "face_cards",
        allowed: Allowed::Words(&[("rank", &[]), ("ten", &["10"])]),
        about: "J Q K score 11 12 13 (rank) or 10 each (ten)",
        get: |r| {
            Value::Word(match r.face_cards {
                FaceCards::Rank => "rank",
                FaceCards::Ten => "ten",
            })
        },
        set: |r, v| r.face_cards = if v == Value::Word("ten") { FaceCards::Ten } else { FaceCards::Rank },
    },
    Setting {
        key: "ace_value",
        allowed: Allowed::Range(1, 99),
        about: "what an ace scores when left over",
        get: |r| Value::Number(r.ace_value.into()),
        set: |r, v| r.ace_value = number(v) as u8,
    },
    Setting {
        key: "ace_high",
        allowed: Allowed::Flag,
        about: "an ace may also sit above the king (Q-K-A)",
        get: |r| Value::Flag(r.ace_high),
        set: |r, v| r.ace_high = flag(v),
    },
    Setting {
        key: "all_wild_melds",
        allowed: Allowed::Flag,
        about: "three or more wilds may form a meld on their own",
        get: |r| Value::Flag(r.all_wild_melds),
        set: |r, v| r.all_wild_melds = flag(v),
    },
    Setting {
        key: "jokers",
        allowed: Allowed::Range(0, 2),
        about: "jokers per deck, wild in every round, 20 when left over",
        get: |r| Value::Number(r.jokers.into()),
        set: |r, v| r.jokers = number(v) as u8,
    },
    Setting {
        key: "kings_wild",
        allowed: Allowed::Flag,
        about: "kings are wild in every round",
        get: |r| Value::Flag(r.kings_wild),
        set: |r, v| r.kings_wild = flag(v),
    },
    Setting {
        key: "extra_rounds",
        allowed: Allowed::Range(0, 2),
        about: "a 14-card round (aces wild), then a 15-card round (twos wild)",
        get: |r| Value::Number(r.extra_rounds.into()),
        set: |r, v| r.extra_rounds = number(v) as u8,
    },
    Setting {
        key: "down_and_up",
        allowed: Allowed::Flag,
        about: "hand sizes climb to the largest and come back down",
        get: |r| Value::Flag(r.down_and_up),
        set: |r, v| r.down_and_up = flag(v),
    },
    Setting {
        key: "lay_off",
        allowed: Allowed::Flag,
        about: "final-turn players may add cards to melds on the table",
        get: |r| Value::Flag(r.lay_off),
        set: |r, v| r.lay_off = flag(v),
    },
    Setting {
        key: "double_last_rounds",
        allowed: Allowed::Flag,
        about: "scores double where J, Q and K are wild",
        get: |r| Value::Flag(r.double_last_rounds),
        set: |r, v| r.double_last_rounds = flag(v),
    },
    Setting {
        key: "go_out_bonus",
        allowed: Allowed::RangeOrWord(-100, 0, "wild"),
        about: "the score of the first player out, instead of 0",
        get: |r| match r.go_out_bonus {
            GoOutBonus::Points(n) => Value::Number(n.into()),
            GoOutBonus::Wild => Value::Word("wild"),
        },
        set: |r, v| {
            r.go_out_bonus = match v {
                Value::Number(n) => GoOutBonus::Points(n as i16),
                _ => GoOutBonus::Wild,
            }
        },
    },
    Setting {
        key: "bad_go_out_penalty",
        allowed: Allowed::Range(0, 1000),
        about: "added for a player who declared out wrongly",
        get: |r| Value::Number(r.bad_go_out_penalty.into()),
        set: |r, v| r.bad_go_out_penalty = number(v) as u16,
    },
    Setting {
        key: "double_naughts",
        allowed: Allowed::Flag,
        about: "a round where everyone scores 0 is replayed",
        get: |r| Value::Flag(r.double_naughts),
        set: |r, v| r.double_naughts = flag(v),
    },
    Setting {
        key: "tiebreak",
        allowed: Allowed::Words(&[("share", &[]), ("round", &[]), ("draw", &[])]),
        about: "a tie for the win: share it, a 14-card round, or a card draw",
        get: |r| Value::Word(r.tiebreak.word()),
        set: |r, v| {
            r.tiebreak = match v {
                Value::Word("round") => Tiebreak::Round,
                Value::Word("draw") => Tiebreak::Draw,
                _ => Tiebreak::Share,
            }
        },
    },
];

/// A change of rules as typed: a preset that replaces every setting, then
/// settings on top, each checked. Applied to each set of rules in force
/// from a round on, it changes what it names and leaves the rest.
#[derive(Clone, Debug, Default)]
pub struct RulesChange {
    pub preset: Option<Rules>,
    pub settings: Vec<(&'static Setting, Value)>,
}

impl RulesChange {
    /// A preset (by name) and `KEY=VALUE` settings, each checked.
    pub fn parse(preset: Option<&str>, settings: &[String]) -> Result<RulesChange, RulesError> {
        let preset = preset.map(Rules::preset).transpose()?;
        let mut out = Vec::with_capacity(settings.len());
        for text in settings {
            let Some((key, value)) = text.split_once('=') else {
                return Err(RulesError::NotAssignment { text: text.to_string() });
            };
            let setting = Setting::find(key)
                .ok_or_else(|| RulesError::UnknownSetting { key: key.trim().to_string() })?;
            out.push((setting, setting.parse(value)?));
        }
        Ok(RulesChange { preset, settings: out })
    }

    /// Every setting of `rules`: what replaces rules outright.
    pub fn replacing(rules: Rules) -> RulesChange {
        RulesChange { preset: Some(rules), settings: Vec::new() }
    }

    /// `rules` with the change made.
    pub fn apply(&self, rules: Rules) -> Rules {
        let mut out = self.preset.unwrap_or(rules);
        for (setting, value) in &self.settings {
            (setting.set)(&mut out, *value);
        }
        out
    }

    /// The change as typed: the preset's name, then each `KEY=VALUE`.
    pub fn words(&self) -> Vec<String> {
        let preset = self.preset.map(|r| r.summary());
        let settings = self.settings.iter().map(|(s, v)| format!("{}={v}", s.key));
        preset.into_iter().chain(settings).collect()
    }
}

/// A preset or setting that could not be applied.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RulesError {
    /// No preset has this name.
    UnknownPreset { name: String },
    /// A `--set` without `=`.
    NotAssignment { text: String },
    /// No setting has this key.
    UnknownSetting { key: String },
    /// The setting does not take this value.
    BadValue { key: &'static str, value: String, allowed: Allowed },
}

impl Rules {
    /// The rules of a named preset (any case).
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let mut rules = Rules::default();
        match name.trim().to_ascii_lowercase().as_str() {
            "standard" => {}
            "tens" => rules.face_cards = FaceCards::Ten,
            "strict" => {
                rules.all_wild_melds = false;
                rules.lay_off = true;
            }
            _ => return Err(RulesError::UnknownPreset { name: name.to_string() }),
        }
        Ok(rules)
    }

    /// Applies one `KEY=VALUE` setting.
    pub fn apply(&mut self, assignment: &str) -> Result<(), RulesError> {
        let Some((key, value)) = assignment.split_once('=') else {
            return Err(RulesError::NotAssignment { text: assignment.to_string() });
        };
        self.set(key, value)
    }

    /// Changes one setting, checking its value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let setting =
            Setting::find(key).ok_or_else(|| RulesError::UnknownSetting { key: key.trim().to_string() })?;
        setting.set(self, value)
    }

    /// The settings that differ from the `standard` preset, as `KEY=VALUE`.
    pub fn changes(&self) -> Vec<String> {
        self.changes_from(&Rules::default())
    }

    /// The settings that differ from `before`, as `KEY=VALUE`.
    pub fn changes_from(&self, before: &Rules) -> Vec<String> {
        self.differences(before).map(|s| format!("{}={}", s.key, s.get(self))).collect()
    }

    /// The settings whose value differs from `before`, in the order of [`SETTINGS`].
    pub fn differences(&self, before: &Rules) -> impl Iterator<Item = &'static Setting> {
        let (now, before) = (*self, *before);
        SETTINGS.iter().filter(move |s| s.get(&now) != s.get(&before))
    }

    /// Whether the two rules deal the same rounds: the settings of
    /// [`ROUND_TABLE`] agree.
    pub fn same_round_table(&self, other: &Rules) -> bool {
        self.extra_rounds == other.extra_rounds && self.down_and_up == other.down_and_up
    }

    /// These rules with the round table of `other`.
    pub fn with_round_table_of(mut self, other: &Rules) -> Rules {
        self.extra_rounds = other.extra_rounds;
        self.down_and_up = other.down_and_up;
        self
    }

    /// A short name for these rules: the preset they are nearest to (the
    /// fewest settings apart, `standard` first on a tie) and the settings
    /// that differ from it: `tens`, `tens, double_last_rounds=true`.
    pub fn summary(&self) -> String {
        let nearest = PRESETS
            .iter()
            .map(|(name, _)| (name, self.changes_from(&Rules::preset(name).expect("a preset"))))
            .min_by_key(|(_, changes)| changes.len())
            .expect("there are presets");
        match nearest {
            (name, changes) if changes.is_empty() => name.to_string(),
            (name, changes) => format!("{name}, {}", changes.join(", ")),
        }
    }

    /// The hand sizes of every round, in order.
    fn hand_sizes(&self) -> Vec<usize> {
        let largest = 13 + self.extra_rounds as usize;
        let mut sizes: Vec<usize> = (3..=largest).collect();
        if self.down_and_up {
            sizes.extend((3..=largest).rev());
        }
        sizes
    }

    /// The round table: every round's number, cards dealt and wild rank.
    pub fn deals(&self) -> Vec<Deal> {
        self.hand_sizes()
            .into_iter()
            .enumerate()
            .map(|(i, cards)| Deal { round: i + 1, cards, wild: wild_rank(cards) })
            .collect()
    }

    /// The deal of round `round` (from 1), if the game has it.
    pub fn deal(&self, round: usize) -> Option<Deal> {
        self.deals().into_iter().find(|d| d.round == round)
    }

    /// The most cards any round deals.
    pub fn largest_hand(&self) -> usize {
        13 + self.extra_rounds as usize
    }

    /// How many copies of each card the decks hold (the joker counts all jokers).
    pub fn copies(&self, card: Card) -> usize {
        if card.is_joker() { self.jokers as usize * self.decks as usize } else { self.decks as usize }
    }

    /// Whether `card` is wild in a round whose wild rank is `wild`.
    pub fn is_wild(&self, card: Card, wild: Rank) -> bool {
        match card.rank() {
            None => true,
            Some(r) => r == wild || (self.kings_wild && r == Rank::KING),
        }
    }

    /// What a card left over scores.
    pub fn value(&self, card: Card) -> u32 {
        match card.rank() {
            None => 20,
            Some(r) => self.rank_value(r),
        }
    }

    /// What a card of rank `r` left over scores.
    pub fn rank_value(&self, r: Rank) -> u32 {
        match r.number() {
            1 => self.ace_value as u32,
            n @ 2..=10 => n as u32,
            n => match self.face_cards {
                FaceCards::Rank => n as u32,
                FaceCards::Ten => 10,
            },
        }
    }

    /// Every wild card of a round whose wild rank is `wild`.
    pub fn wilds(&self, wild: Rank) -> Wilds {
        Wilds { rank: wild, kings: self.kings_wild && wild != Rank::KING, jokers: self.jokers > 0 }
    }

    /// The tiebreaker round, played after the last round of the rules.
    pub fn tiebreak_deal(&self) -> Deal {
        Deal { round: self.deals().len() + 1, cards: TIEBREAK_CARDS, wild: Rank::ACE }
    }

    /// Whether the scores of a round with this wild rank count double.
    pub fn doubles(&self, wild: Rank) -> bool {
        self.double_last_rounds && wild >= Rank::JACK
    }

    /// The score of the first player out in a round with this wild rank.
    pub fn go_out_score(&self, wild: Rank) -> i32 {
        match self.go_out_bonus {
            GoOutBonus::Points(n) => n as i32,
            GoOutBonus::Wild => -(self.rank_value(wild) as i32),
        }
    }

    /// The highest deadwood a hand of `cards` cards can hold.
    pub fn max_deadwood(&self, cards: usize) -> u32 {
        let mut values: Vec<u32> = Rank::all().map(|r| self.rank_value(r)).collect();
        if self.jokers > 0 {
            values.push(20);
        }
        let top = values.into_iter().max().unwrap_or(0);
        top * cards as u32
    }
}

/// The settings as a map of key to value, in the order of [`SETTINGS`].
#[cfg(feature = "serde")]
impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(SETTINGS.len()))?;
        for setting in &SETTINGS {
            match setting.get(self) {
                Value::Number(n) => map.serialize_entry(setting.key, &n)?,
                Value::Flag(b) => map.serialize_entry(setting.key, &b)?,
                Value::Word(w) => map.serialize_entry(setting.key, w)?,
            }
        }
        map.end()
    }
}

/// The wild rank of a round that deals `cards` cards: equal to the hand size,
/// then aces for 14 and twos for 15 (the "Fourteens" and "Fifteens").
pub fn wild_rank(cards: usize) -> Rank {
    match cards {
        14 => Rank::ACE,
        15 => Rank::TWO,
        n => Rank::new(n as u8).unwrap_or(Rank::KING),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes_and_wilds(rules: &Rules) -> Vec<(usize, String)> {
        rules.deals().iter().map(|d| (d.cards, d.wild.to_string())).collect()
    }

    #[test]
    fn standard_round_table() {
        let deals = Rules::default().deals();
        assert_eq!(deals.len(), 11);
        assert_eq!(deals[0], Deal { round: 1, cards: 3, wild: Rank::new(3).unwrap() });
        assert_eq!(deals[8].wild, Rank::JACK);
        assert_eq!(deals[10], Deal { round: 11, cards: 13, wild: Rank::KING });
    }

    #[test]
    fn extra_rounds_add_fourteens_and_fifteens() {
        let mut rules = Rules::default();
        rules.set("extra_rounds", "2").unwrap();
        let table = sizes_and_wilds(&rules);
        assert_eq!(table.len(), 13);
        assert_eq!(table[11], (14, "A".to_string()));
        assert_eq!(table[12], (15, "2".to_string()));
    }

    #[test]
    fn down_and_up_plays_22_rounds() {
        let mut rules = Rules::default();
        rules.set("down_and_up", "true").unwrap();
        let table = sizes_and_wilds(&rules);
        assert_eq!(table.len(), 22);
        assert_eq!(table[10], (13, "K".to_string()));
        assert_eq!(table[11], (13, "K".to_string()));
        assert_eq!(table[21], (3, "3".to_string()));
    }

    #[test]
    fn bad_settings_are_refused() {
        let mut rules = Rules::default();
        let bad = |key, value: &str, allowed| RulesError::BadValue { key, value: value.into(), allowed };
        assert_eq!(rules.apply("decks=0"), Err(bad("decks", "0", Allowed::Range(1, 20))));
        assert_eq!(rules.apply("ace_value=-3"), Err(bad("ace_value", "-3", Allowed::Range(1, 99))));
        assert_eq!(
            rules.apply("go_out_bonus=abc"),
            Err(bad("go_out_bonus", "abc", Allowed::RangeOrWord(-100, 0, "wild")))
        );
        assert_eq!(rules.apply("colour=red"), Err(RulesError::UnknownSetting { key: "colour".into() }));
        assert_eq!(rules.apply("decks"), Err(RulesError::NotAssignment { text: "decks".into() }));
        assert_eq!(rules, Rules::default());
        assert_eq!(Allowed::RangeOrWord(-100, 0, "wild").to_string(), "0 to -100|wild");
        assert_eq!(SETTINGS[1].allowed.to_string(), "rank|ten");
    }

    #[test]
    fn every_setting_reads_back_what_it_writes() {
        let mut rules = Rules::preset("strict").unwrap();
        rules.apply("go_out_bonus=wild").unwrap();
        rules.apply("face_cards=10").unwrap();
        for setting in &SETTINGS {
            let mut copy = Rules::default();
            setting.set(&mut copy, &setting.get(&rules).to_string()).unwrap();
            assert_eq!(setting.get(&copy), setting.get(&rules), "{}", setting.key);
        }
        assert_eq!(rules.face_cards, FaceCards::Ten);
    }

    #[test]
    fn presets_and_summary() {
        assert_eq!(Rules::preset("tens").unwrap().face_cards, FaceCards::Ten);
        let strict = Rules::preset("strict").unwrap();
        assert!(!strict.all_wild_melds && strict.lay_off);
        assert_eq!(strict.summary(), "strict");
        let mut r = Rules::default();
        r.set("decks", "3").unwrap();
        assert_eq!(r.summary(), "standard, decks=3");
        // A preset keeps its name when a setting is added to it.
        let mut tens = Rules::preset("tens").unwrap();
        tens.set("double_last_rounds", "true").unwrap();
        assert_eq!(tens.summary(), "tens, double_last_rounds=true");
        r.set("face_cards", "ten").unwrap();
        assert_eq!(r.summary(), "tens, decks=3");
        let mut strict = Rules::preset("strict").unwrap();
        strict.set("face_cards", "ten").unwrap();
        assert_eq!(strict.summary(), "strict, face_cards=ten");
        // As near to one preset as to another: standard first.
        let mut both = Rules::default();
        both.set("lay_off", "true").unwrap();
        assert_eq!(both.summary(), "standard, lay_off=true");
        assert!(Rules::preset("house").is_err());
    }

    #[test]
    fn values_and_wilds() {
        let mut rules = Rules::default();
        let k = Card::parse("Kh").unwrap();
        assert_eq!(rules.value(k), 13);
        assert_eq!(rules.value(Card::JOKER), 20);
        rules.set("face_cards", "ten").unwrap();
        assert_eq!(rules.value(k), 10);
        assert!(!rules.is_wild(k, Rank::new(3).unwrap()));
        rules.set("kings_wild", "true").unwrap();
        assert!(rules.is_wild(k, Rank::new(3).unwrap()));
        assert_eq!(rules.go_out_score(Rank::new(8).unwrap()), 0);
        rules.set("go_out_bonus", "wild").unwrap();
        assert_eq!(rules.go_out_score(Rank::new(8).unwrap()), -8);
    }

    #[test]
    fn wilds_of_a_round() {
        let mut rules = Rules::default();
        let three = Rank::new(3).unwrap();
        assert_eq!(
            (rules.wilds(three).short(), rules.wilds(three).to_string()),
            ("3".into(), "threes".into())
        );
        rules.set("kings_wild", "true").unwrap();
        assert_eq!(rules.wilds(three).to_string(), "threes and kings");
        assert_eq!(rules.wilds(Rank::KING).short(), "K");
        rules.set("jokers", "2").unwrap();
        assert_eq!(rules.wilds(three).short(), "3 +K +JK");
        assert_eq!(rules.wilds(three).to_string(), "threes, kings and jokers");
        assert_eq!(rules.wilds(Rank::KING).to_string(), "kings and jokers");
        assert_eq!(rules.tiebreak_deal(), Deal { round: 12, cards: 14, wild: Rank::ACE });
        rules.set("tiebreak", "draw").unwrap();
        assert_eq!(rules.tiebreak, Tiebreak::Draw);
    }
}
