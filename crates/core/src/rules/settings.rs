//! Every setting of the rules, declared once: its key, the values it
//! takes, what it does, how it is read and written; a change of rules as
//! typed, and what can be wrong with one.

use std::fmt;

use super::*;
use crate::card::Rank;

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
    /// One of the words, or a whole number in the range.
    WordsOrRange(&'static [&'static str], i64, i64),
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
            Allowed::WordsOrRange(words, lo, hi) => match words.iter().find(|w| w.eq_ignore_ascii_case(text))
            {
                Some(word) => Some(Value::Word(word)),
                None => number(lo, hi).map(Value::Number),
            },
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
            Allowed::WordsOrRange(words, lo, hi) => {
                let mut out: Vec<String> = words.iter().map(|w| w.to_string()).collect();
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
            Allowed::WordsOrRange(words, lo, hi) => {
                write!(f, "{}|", words.join("|"))?;
                range(f, *lo, *hi)
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

    /// A typed `KEY=VALUE`: the setting it names and its value, checked.
    pub fn assignment(text: &str) -> Result<(&'static Setting, Value), RulesError> {
        let Some((key, value)) = text.split_once('=') else {
            return Err(RulesError::NotAssignment { text: text.to_string() });
        };
        let setting =
            Setting::find(key).ok_or_else(|| RulesError::UnknownSetting { key: key.trim().to_string() })?;
        Ok((setting, setting.parse(value)?))
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
pub const ROUND_TABLE: [&str; 3] = ["extra_rounds", "down_and_up", "round_order"];

/// A setting that is on or off, read from and written to the field of
/// [`Rules`] of its own name.
macro_rules! flag_setting {
    ($field:ident, $about:literal) => {
        Setting {
            key: stringify!($field),
            allowed: Allowed::Flag,
            about: $about,
            get: |r| Value::Flag(r.$field),
            set: |r, v| r.$field = flag(v),
        }
    };
}

/// Every setting, in the order `three13 rules` shows them.
pub static SETTINGS: [Setting; 24] = [
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
        key: "wild_value",
        allowed: Allowed::RangeOrWord(1, 99, "face"),
        about: "what a wild of the round scores left over: face, or points",
        get: |r| match r.wild_value {
            WildValue::Face => Value::Word("face"),
            WildValue::Points(n) => Value::Number(n.into()),
        },
        set: |r, v| {
            r.wild_value = match v {
                Value::Number(n) => WildValue::Points(n as u8),
                _ => WildValue::Face,
            }
        },
    },
    flag_setting!(ace_high, "an ace may also sit above the king (Q-K-A)"),
    flag_setting!(all_wild_melds, "three or more wilds may form a meld on their own"),
    flag_setting!(half_wild, "at most half of a meld's cards may be wild"),
    Setting {
        key: "jokers",
        allowed: Allowed::Range(0, 3),
        about: "jokers per deck, wild in every round",
        get: |r| Value::Number(r.jokers.into()),
        set: |r, v| r.jokers = number(v) as u8,
    },
    Setting {
        key: "joker_value",
        allowed: Allowed::Range(1, 100),
        about: "what a joker scores when left over",
        get: |r| Value::Number(r.joker_value.into()),
        set: |r, v| r.joker_value = number(v) as u8,
    },
    Setting {
        key: "suits",
        allowed: Allowed::Range(4, 5),
        about: "suits in a deck: c d h s, and with 5 the stars (r)",
        get: |r| Value::Number(r.suits.into()),
        set: |r, v| r.suits = number(v) as u8,
    },
    Setting {
        key: "ranks",
        allowed: Allowed::Words(&[("A-K", &[]), ("3-K", &[])]),
        about: "ranks in a deck: ace to king, or 3 to king (Five Crowns)",
        get: |r| Value::Word(r.ranks.word()),
        set: |r, v| r.ranks = if v == Value::Word("3-K") { Ranks::ThreeToKing } else { Ranks::AceToKing },
    },
    flag_setting!(kings_wild, "kings are wild in every round"),
    Setting {
        key: "extra_rounds",
        allowed: Allowed::Range(0, 2),
        about: "a 14-card round (aces wild), then a 15-card round (twos wild)",
        get: |r| Value::Number(r.extra_rounds.into()),
        set: |r, v| r.extra_rounds = number(v) as u8,
    },
    flag_setting!(down_and_up, "hand sizes climb to the largest and come back down"),
    Setting {
        key: "round_order",
        allowed: Allowed::Words(&[("up", &[]), ("down", &[]), ("random", &[])]),
        about: "hand sizes from 3 up, from the largest down, or drawn",
        get: |r| Value::Word(r.round_order.word()),
        set: |r, v| {
            r.round_order = match v {
                Value::Word("down") => RoundOrder::Down,
                // An order already drawn stays; a new one is drawn when a
                // game starts.
                Value::Word("random") => match r.round_order {
                    RoundOrder::Random(drawn) => RoundOrder::Random(drawn),
                    _ => RoundOrder::Random(Drawn::NONE),
                },
                _ => RoundOrder::Up,
            }
        },
    },
    flag_setting!(lay_off, "final-turn players may add cards to melds on the table"),
    flag_setting!(double_last_rounds, "scores double where J, Q and K are wild"),
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
    flag_setting!(double_naughts, "a round where everyone scores 0 is replayed"),
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
    Setting {
        key: "missed_rounds",
        allowed: Allowed::WordsOrRange(&["highest", "average", "nothing"], 0, 1000),
        about: "what a round missed by a player who comes back scores",
        get: |r| match r.missed_rounds {
            MissedRounds::Highest => Value::Word("highest"),
            MissedRounds::Average => Value::Word("average"),
            MissedRounds::Nothing => Value::Word("nothing"),
            MissedRounds::Points(n) => Value::Number(n.into()),
        },
        set: |r, v| {
            r.missed_rounds = match v {
                Value::Word("average") => MissedRounds::Average,
                Value::Word("nothing") => MissedRounds::Nothing,
                Value::Number(n) => MissedRounds::Points(n as u16),
                _ => MissedRounds::Highest,
            }
        },
    },
    flag_setting!(throw_back, "the card taken from the pile may be thrown back"),
    flag_setting!(go_around_once, "nobody goes out on their first turn of a round"),
];

impl Setting {
    /// Whether every session file holds the setting: the fifteen settings
    /// of the first files do; the others are written only where they
    /// differ from the game's own rules, so that a file needing none of
    /// them reads as it always did.
    pub fn always_written(&self) -> bool {
        !matches!(
            self.key,
            "suits"
                | "ranks"
                | "wild_value"
                | "half_wild"
                | "joker_value"
                | "round_order"
                | "missed_rounds"
                | "throw_back"
                | "go_around_once"
        )
    }

    /// What the setting does under `rules`, where that depends on them:
    /// the size of their decks, the cards of their tiebreaker round.
    pub fn about_for(&self, rules: &Rules) -> String {
        match self.key {
            "decks" => format!("{}-card decks shuffled together", rules.deck().size()),
            // Settings of aces, on a deck without them.
            "ace_value" | "ace_high" if !rules.deck().has_rank(Rank::ACE) => {
                format!("{}; no effect on a deck of 3 to K", self.about)
            }
            "extra_rounds" if !rules.deck().has_rank(Rank::ACE) => {
                format!("{}; only on a deck with aces and twos", self.about)
            }
            "tiebreak" => format!(
                "a tie for the win: share it, a {}-card round, or a card draw",
                rules.tiebreak_cards()
            ),
            _ => self.about.to_string(),
        }
    }
}

/// A change of rules as typed: a preset that replaces every setting, then
/// settings on top, each checked. Applied to each set of rules in force
/// from a round on, it changes what it names and leaves the rest.
#[derive(Clone, Debug, Default)]
pub struct RulesChange {
    pub preset: Option<Rules>,
    /// Each value checked against its setting as [`RulesChange::parse`] reads it.
    settings: Vec<(&'static Setting, Value)>,
    /// The order of the rounds drawn for the game, where the change makes
    /// it random: set after the settings.
    pub drawn: Option<RoundOrder>,
}

impl RulesChange {
    /// A preset (by name) and `KEY=VALUE` settings, each checked.
    pub fn parse(preset: Option<&str>, settings: &[String]) -> Result<RulesChange, RulesError> {
        let preset = preset.map(Rules::preset).transpose()?;
        let mut out = Vec::with_capacity(settings.len());
        for text in settings {
            out.push(Setting::assignment(text)?);
        }
        Ok(RulesChange { preset, settings: out, drawn: None })
    }

    /// Every setting of `rules`: what replaces rules outright.
    pub fn replacing(rules: Rules) -> RulesChange {
        RulesChange { preset: Some(rules), settings: Vec::new(), drawn: None }
    }

    /// The settings the change makes, in the order given.
    pub fn settings(&self) -> &[(&'static Setting, Value)] {
        &self.settings
    }

    /// `rules` with the change made.
    pub fn apply(&self, rules: Rules) -> Rules {
        let mut out = self.preset.unwrap_or(rules);
        for (setting, value) in &self.settings {
            (setting.set)(&mut out, *value);
        }
        if let Some(order) = self.drawn {
            out.round_order = order;
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
    /// Extra rounds, whose wilds are aces and twos, on a deck without them.
    ExtraRoundsWithoutAces { extra_rounds: u8 },
}

impl Rules {
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

    /// These rules with one setting changed, its value checked as by
    /// [`Rules::set`]: `Rules::default().with("jokers", "2")`.
    pub fn with(mut self, key: &str, value: &str) -> Result<Rules, RulesError> {
        self.set(key, value)?;
        Ok(self)
    }

    /// Checks the settings together, once all are set: the extra rounds
    /// make aces and twos wild, so they need a deck that has them.
    pub fn check(&self) -> Result<(), RulesError> {
        if self.extra_rounds > 0 && self.ranks != Ranks::AceToKing {
            return Err(RulesError::ExtraRoundsWithoutAces { extra_rounds: self.extra_rounds });
        }
        Ok(())
    }

    /// Whether every setting is the same as under `other`; an order of
    /// rounds drawn at random counts as its setting alone.
    pub fn same_settings(&self, other: &Rules) -> bool {
        SETTINGS.iter().all(|s| s.get(self) == s.get(other))
    }

    /// The settings that differ from the game's own rules (the `standard`
    /// preset, or `five-crowns`), as `KEY=VALUE`.
    pub fn changes(&self) -> Vec<String> {
        self.changes_from(&self.game().rules())
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

    /// A short name for these rules: the preset they are nearest to (the
    /// fewest settings apart, `standard` first on a tie) and the settings
    /// that differ from it: `tens`, `tens, double_last_rounds=true`,
    /// `five-crowns, joker_value=25`.
    pub fn summary(&self) -> String {
        let (name, nearest) = PRESETS
            .iter()
            .map(|(name, _)| (name, Rules::preset(name).expect("a preset")))
            .min_by_key(|(_, preset)| self.differences(preset).count())
            .expect("there are presets");
        let changes = self.changes_from(&nearest);
        if changes.is_empty() { name.to_string() } else { format!("{name}, {}", changes.join(", ")) }
    }
}
