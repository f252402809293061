//! The rules a table plays by: the game (Three Thirteen, or Five Crowns on
//! its own deck), the default rule set, every variant as a named setting,
//! the presets, and the round table they give.
//!
//! The deck is part of the rules: its suits, its ranks, the jokers and the
//! copies are settings like any other, and so are the values of the cards
//! people argue about (a wild left over, a joker). The game follows from
//! the deck: the ranks 3 to K are Five Crowns'.
//!
//! The settings and their sources are described in `docs/rules.md`.

use std::fmt;

use crate::card::{Card, Deck, Rank};

/// Every setting of the rules. `Rules::default()` is the `standard` preset;
/// [`SETTINGS`] reads and writes each one by its key.
///
/// The fields are the crate's own: from outside, rules are made and changed
/// only through checked paths ([`Rules::set`], [`Rules::with`], a preset, a
/// [`RulesChange`]), so every value is one its setting takes, and each is
/// read by its getter (`rules.jokers()`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// Decks shuffled together: each card is in play this many times.
    pub(crate) decks: u8,
    /// The suits of a deck: the four, or 5 with the stars of Five Crowns.
    pub(crate) suits: u8,
    /// The ranks of a deck: ace to king, or 3 to king (Five Crowns).
    pub(crate) ranks: Ranks,
    /// What jacks, queens and kings score when left over.
    pub(crate) face_cards: FaceCards,
    /// What an ace scores when left over.
    pub(crate) ace_value: u8,
    /// What a wild card of the round scores when left over (not a joker).
    pub(crate) wild_value: WildValue,
    /// An ace may also sit above the king in a run (Q-K-A), never wrapping.
    pub(crate) ace_high: bool,
    /// Three or more wild cards may form a meld on their own.
    pub(crate) all_wild_melds: bool,
    /// At most half of a meld's cards may be wild.
    pub(crate) half_wild: bool,
    /// Jokers per deck: wild in every round.
    pub(crate) jokers: u8,
    /// What a joker scores when left over.
    pub(crate) joker_value: u8,
    /// Kings are wild in every round, besides the round's own rank.
    pub(crate) kings_wild: bool,
    /// Extra rounds after the eleventh: 1 adds 14 cards with aces wild,
    /// 2 also adds 15 cards with twos wild.
    pub(crate) extra_rounds: u8,
    /// The hand sizes climb to the largest and come back down.
    pub(crate) down_and_up: bool,
    /// The order of the hand sizes: climbing, falling, or drawn at random.
    pub(crate) round_order: RoundOrder,
    /// After someone goes out, a player with a meld of their own may add
    /// cards to the melds already shown on the table.
    pub(crate) lay_off: bool,
    /// Scores double in the rounds where jacks, queens and kings are wild.
    pub(crate) double_last_rounds: bool,
    /// The score of the first player to go out, in place of 0.
    pub(crate) go_out_bonus: GoOutBonus,
    /// Added for a player who declared out with a hand that does not meld.
    pub(crate) bad_go_out_penalty: u16,
    /// A round where every player scores 0 is replayed.
    pub(crate) double_naughts: bool,
    /// How a tie for the lowest total at the end is decided.
    pub(crate) tiebreak: Tiebreak,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            decks: 2,
            suits: 4,
            ranks: Ranks::AceToKing,
            face_cards: FaceCards::Rank,
            ace_value: 1,
            wild_value: WildValue::Face,
            ace_high: false,
            all_wild_melds: true,
            half_wild: false,
            jokers: 0,
            joker_value: 20,
            kings_wild: false,
            extra_rounds: 0,
            down_and_up: false,
            round_order: RoundOrder::Up,
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
    /// The tied players play one more round (14 cards, aces wild; in Five
    /// Crowns 6 cards, sixes wild); the lowest deadwood wins, and a further
    /// tie shares.
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

/// The cards dealt in the tiebreaker round of Three Thirteen.
pub const TIEBREAK_CARDS: usize = 14;
/// The cards dealt in the tiebreaker round of Five Crowns.
pub const FIVE_CROWNS_TIEBREAK_CARDS: usize = 6;

/// The game the rules play: Three Thirteen, or Five Crowns, whose deck
/// has the ranks 3 to K (and, as it comes, five suits and three jokers a
/// deck).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Game {
    ThreeThirteen,
    FiveCrowns,
}

impl Game {
    /// Every game.
    pub const ALL: [Game; 2] = [Game::ThreeThirteen, Game::FiveCrowns];

    /// The game's name: `Three Thirteen`, `Five Crowns`.
    pub fn name(self) -> &'static str {
        match self {
            Game::ThreeThirteen => "Three Thirteen",
            Game::FiveCrowns => "Five Crowns",
        }
    }

    /// The game as a word, as a session file names it: `three-thirteen`,
    /// `five-crowns`.
    pub fn key(self) -> &'static str {
        match self {
            Game::ThreeThirteen => "three-thirteen",
            Game::FiveCrowns => "five-crowns",
        }
    }

    /// The game a word names (`five-crowns` or `five_crowns`, any case).
    pub fn parse(text: &str) -> Option<Game> {
        let t = text.trim().to_ascii_lowercase().replace('_', "-");
        Game::ALL.into_iter().find(|g| g.key() == t)
    }

    /// The game's own rules.
    pub fn rules(self) -> Rules {
        match self {
            Game::ThreeThirteen => Rules::default(),
            Game::FiveCrowns => Rules {
                suits: 5,
                ranks: Ranks::ThreeToKing,
                jokers: 3,
                wild_value: WildValue::Points(20),
                joker_value: 50,
                ..Rules::default()
            },
        }
    }
}

/// The ranks of a deck.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ranks {
    /// Ace to king, thirteen ranks.
    AceToKing,
    /// 3 to king, eleven ranks: the Five Crowns deck has no aces or twos.
    ThreeToKing,
}

impl Ranks {
    /// The word of the `ranks` setting.
    pub fn word(self) -> &'static str {
        match self {
            Ranks::AceToKing => "A-K",
            Ranks::ThreeToKing => "3-K",
        }
    }

    /// The lowest rank.
    pub fn lowest(self) -> Rank {
        match self {
            Ranks::AceToKing => Rank::ACE,
            Ranks::ThreeToKing => Rank::new(3).expect("a rank"),
        }
    }
}

/// What a wild card of the round scores when left over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WildValue {
    /// Its own value, as any card of its rank (Three Thirteen).
    Face,
    /// A fixed number of points (20 in Five Crowns).
    Points(u8),
}

/// The order of the rounds' hand sizes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RoundOrder {
    /// From 3 cards up.
    Up,
    /// From the largest hand down to 3 cards.
    Down,
    /// An order drawn once, when a game starts, and kept with it.
    Random(Drawn),
}

impl RoundOrder {
    /// The word of the `round_order` setting.
    pub fn word(self) -> &'static str {
        match self {
            RoundOrder::Up => "up",
            RoundOrder::Down => "down",
            RoundOrder::Random(_) => "random",
        }
    }
}

/// The most rounds a game can have: 3 to 15 cards, up and down.
pub const MAX_ROUNDS: usize = 26;

/// The hand sizes of a random round order, in the order drawn; empty until
/// drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Drawn {
    sizes: [u8; MAX_ROUNDS],
    len: u8,
}

impl Drawn {
    /// No order drawn yet.
    pub const NONE: Drawn = Drawn { sizes: [0; MAX_ROUNDS], len: 0 };

    /// The hand sizes in the order drawn.
    pub fn sizes(&self) -> Vec<usize> {
        self.sizes[..self.len as usize].iter().map(|&n| n as usize).collect()
    }

    /// The order of hand sizes `sizes`, as stored; None when there are too
    /// many or one is not a hand size.
    pub fn of(sizes: &[usize]) -> Option<Drawn> {
        if sizes.len() > MAX_ROUNDS || sizes.iter().any(|n| !(3..=15).contains(n)) {
            return None;
        }
        let mut drawn = Drawn::NONE;
        for (slot, &n) in drawn.sizes.iter_mut().zip(sizes) {
            *slot = n as u8;
        }
        drawn.len = sizes.len() as u8;
        Some(drawn)
    }
}

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
pub const PRESETS: [(&str, &str); 4] = [
    ("standard", "the default rules: 2 decks, J=11 Q=12 K=13, all-wild melds allowed"),
    ("tens", "standard with jacks, queens and kings worth 10"),
    ("strict", "standard with every meld needing a natural card, and laying off allowed"),
    ("five-crowns", "Five Crowns: 5 suits, 3 to K, 3 jokers a deck; wild 20, joker 50"),
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

/// Every setting, in the order `three13 rules` shows them.
pub static SETTINGS: [Setting; 21] = [
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
        key: "half_wild",
        allowed: Allowed::Flag,
        about: "at most half of a meld's cards may be wild",
        get: |r| Value::Flag(r.half_wild),
        set: |r, v| r.half_wild = flag(v),
    },
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

impl Setting {
    /// Whether every session file holds the setting: the fifteen settings
    /// of the first files do; the others are written only where they
    /// differ from the game's own rules, so that a file needing none of
    /// them reads as it always did.
    pub fn always_written(&self) -> bool {
        !matches!(self.key, "suits" | "ranks" | "wild_value" | "half_wild" | "joker_value" | "round_order")
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
    /// The rules of a named preset (any case; `_` for `-`).
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let mut rules = Rules::default();
        match name.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "standard" => {}
            "tens" => rules.face_cards = FaceCards::Ten,
            "strict" => {
                rules.all_wild_melds = false;
                rules.lay_off = true;
            }
            "five-crowns" => rules = Game::FiveCrowns.rules(),
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

    /// These rules with one setting changed, its value checked as by
    /// [`Rules::set`]: `Rules::default().with("jokers", "2")`.
    pub fn with(mut self, key: &str, value: &str) -> Result<Rules, RulesError> {
        self.set(key, value)?;
        Ok(self)
    }

    /// Keeps `drawn` as the order of the rounds where it is random (as a
    /// session file keeps the order drawn); up and down stay as they are.
    pub fn keep_order(&mut self, drawn: Drawn) {
        if let RoundOrder::Random(_) = self.round_order {
            self.round_order = RoundOrder::Random(drawn);
        }
    }

    /// Checks the settings together, once all are set: the extra rounds
    /// make aces and twos wild, so they need a deck that has them.
    pub fn check(&self) -> Result<(), RulesError> {
        if self.extra_rounds > 0 && self.ranks != Ranks::AceToKing {
            return Err(RulesError::ExtraRoundsWithoutAces { extra_rounds: self.extra_rounds });
        }
        Ok(())
    }

    /// The game these rules play: Five Crowns on a deck of 3 to K, else
    /// Three Thirteen.
    pub fn game(&self) -> Game {
        match self.ranks {
            Ranks::AceToKing => Game::ThreeThirteen,
            Ranks::ThreeToKing => Game::FiveCrowns,
        }
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

    /// Whether the two rules deal the same rounds: the settings of
    /// [`ROUND_TABLE`] agree.
    pub fn same_round_table(&self, other: &Rules) -> bool {
        self.extra_rounds == other.extra_rounds
            && self.down_and_up == other.down_and_up
            && self.round_order == other.round_order
    }

    /// These rules with the round table of `other` (its order drawn too).
    pub fn with_round_table_of(mut self, other: &Rules) -> Rules {
        self.extra_rounds = other.extra_rounds;
        self.down_and_up = other.down_and_up;
        self.round_order = other.round_order;
        self
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

    /// The cards of one deck, without jokers.
    pub fn deck(&self) -> Deck {
        Deck::new(self.suits as usize, self.ranks.lowest())
    }

    /// The hand sizes of every round, climbing.
    fn hand_sizes(&self) -> Vec<usize> {
        let largest = self.largest_hand();
        let mut sizes: Vec<usize> = (3..=largest).collect();
        if self.down_and_up {
            sizes.extend((3..=largest).rev());
        }
        sizes
    }

    /// The hand sizes of every round, in the order they are played: up,
    /// down (with `down_and_up`, down to 3 and back up), or as drawn.
    fn ordered_sizes(&self) -> Vec<usize> {
        let sizes = self.hand_sizes();
        match self.round_order {
            RoundOrder::Up => sizes,
            RoundOrder::Down => {
                let largest = self.largest_hand();
                let mut down: Vec<usize> = (3..=largest).rev().collect();
                if self.down_and_up {
                    down.extend(3..=largest);
                }
                down
            }
            RoundOrder::Random(drawn) if fits(&drawn.sizes(), &sizes) => drawn.sizes(),
            // Not drawn yet: the rounds climb until it is.
            RoundOrder::Random(_) => sizes,
        }
    }

    /// Whether the rounds' order is still to be drawn: a random order not
    /// drawn, or drawn for other rounds than these rules play.
    pub fn order_to_draw(&self) -> bool {
        match self.round_order {
            RoundOrder::Random(drawn) => !fits(&drawn.sizes(), &self.hand_sizes()),
            _ => false,
        }
    }

    /// Draws the order of the rounds, when it is random: the rounds already
    /// played (`played`, their hand sizes, in order) keep their places, and
    /// the others are shuffled after them. `pick(n)` gives a number below
    /// `n`: the source of chance, passed in so that a game can be drawn
    /// again from a fixed seed under test.
    pub fn draw_order(&mut self, played: &[usize], mut pick: impl FnMut(usize) -> usize) {
        let RoundOrder::Random(_) = self.round_order else { return };
        let mut rest = self.hand_sizes();
        let mut order = Vec::with_capacity(rest.len());
        for &n in played {
            if let Some(i) = rest.iter().position(|&m| m == n) {
                order.push(rest.remove(i));
            }
        }
        // Fisher-Yates over the rounds not played.
        for i in (1..rest.len()).rev() {
            rest.swap(i, pick(i + 1) % (i + 1));
        }
        order.extend(rest);
        self.round_order = RoundOrder::Random(Drawn::of(&order).expect("the rules' hand sizes"));
    }

    /// The round table: every round's number, cards dealt and wild rank.
    pub fn deals(&self) -> Vec<Deal> {
        self.ordered_sizes()
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

    /// How many copies of each card the decks hold (the joker counts all
    /// jokers; a card the deck does not hold, none).
    pub fn copies(&self, card: Card) -> usize {
        if card.is_joker() {
            self.jokers as usize * self.decks as usize
        } else if self.deck().holds(card) {
            self.decks as usize
        } else {
            0
        }
    }

    /// Whether aces may sit above the king: where the rules say so and the
    /// deck has aces.
    pub fn aces_high(&self) -> bool {
        self.ace_high && self.ranks == Ranks::AceToKing
    }

    /// Whether `card` is wild in a round whose wild rank is `wild`.
    pub fn is_wild(&self, card: Card, wild: Rank) -> bool {
        match card.rank() {
            None => true,
            Some(r) => r == wild || (self.kings_wild && r == Rank::KING),
        }
    }

    /// What a card left over scores at its face: a joker its value, any
    /// other card its rank's. A wild of the round may score otherwise:
    /// see [`Rules::value_in`].
    pub fn value(&self, card: Card) -> u32 {
        match card.rank() {
            None => self.joker_value as u32,
            Some(r) => self.rank_value(r),
        }
    }

    /// What a card left over scores in a round whose wild rank is `wild`:
    /// a wild of the round (a joker aside) scores the `wild_value` where
    /// it is a number.
    pub fn value_in(&self, card: Card, wild: Rank) -> u32 {
        match self.wild_value {
            WildValue::Points(n) if !card.is_joker() && self.is_wild(card, wild) => n as u32,
            _ => self.value(card),
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

    /// What a card of rank `r` left over scores in a round whose wild rank
    /// is `wild` (a card of the round's wilds may score the `wild_value`).
    pub fn rank_value_in(&self, r: Rank, wild: Rank) -> u32 {
        let wild_card = r == wild || (self.kings_wild && r == Rank::KING);
        match self.wild_value {
            WildValue::Points(n) if wild_card => n as u32,
            _ => self.rank_value(r),
        }
    }

    /// Every wild card of a round whose wild rank is `wild`.
    pub fn wilds(&self, wild: Rank) -> Wilds {
        Wilds { rank: wild, kings: self.kings_wild && wild != Rank::KING, jokers: self.jokers > 0 }
    }

    /// The cards of the tiebreaker round: 14 (aces wild), or 6 on a deck
    /// without aces (Five Crowns, sixes wild).
    pub fn tiebreak_cards(&self) -> usize {
        match self.ranks {
            Ranks::AceToKing => TIEBREAK_CARDS,
            Ranks::ThreeToKing => FIVE_CROWNS_TIEBREAK_CARDS,
        }
    }

    /// The tiebreaker round, played after the last round of the rules; its
    /// wild rank by the hand-size rule.
    pub fn tiebreak_deal(&self) -> Deal {
        let cards = self.tiebreak_cards();
        Deal { round: self.deals().len() + 1, cards, wild: wild_rank(cards) }
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

    /// The highest deadwood a hand of `cards` cards can hold: as many
    /// cards as it holds, each worth the most a card of this deck can
    /// score (a wild left over, a joker).
    pub fn max_deadwood(&self, cards: usize) -> u32 {
        let mut values: Vec<u32> = self.deck().ranks().map(|r| self.rank_value(r)).collect();
        if self.jokers > 0 {
            values.push(self.joker_value as u32);
        }
        if let WildValue::Points(n) = self.wild_value {
            values.push(n as u32);
        }
        let top = values.into_iter().max().unwrap_or(0);
        top * cards as u32
    }
}

/// The settings one by one, read only: they change through [`Rules::set`],
/// [`Rules::with`], a preset or a [`RulesChange`], each checked.
impl Rules {
    /// Decks shuffled together: each card is in play this many times.
    pub fn decks(&self) -> u8 {
        self.decks
    }

    /// The suits of a deck: 4, or 5 with the stars of Five Crowns.
    pub fn suits(&self) -> u8 {
        self.suits
    }

    /// The ranks of a deck: ace to king, or 3 to king (Five Crowns).
    pub fn ranks(&self) -> Ranks {
        self.ranks
    }

    /// What jacks, queens and kings score when left over.
    pub fn face_cards(&self) -> FaceCards {
        self.face_cards
    }

    /// What an ace scores when left over.
    pub fn ace_value(&self) -> u8 {
        self.ace_value
    }

    /// What a wild card of the round scores when left over (not a joker).
    pub fn wild_value(&self) -> WildValue {
        self.wild_value
    }

    /// The `ace_high` setting as set; [`Rules::aces_high`] says whether
    /// it applies to the deck.
    pub fn ace_high(&self) -> bool {
        self.ace_high
    }

    /// Three or more wild cards may form a meld on their own.
    pub fn all_wild_melds(&self) -> bool {
        self.all_wild_melds
    }

    /// At most half of a meld's cards may be wild.
    pub fn half_wild(&self) -> bool {
        self.half_wild
    }

    /// Jokers per deck: wild in every round.
    pub fn jokers(&self) -> u8 {
        self.jokers
    }

    /// What a joker scores when left over.
    pub fn joker_value(&self) -> u8 {
        self.joker_value
    }

    /// Kings are wild in every round, besides the round's own rank.
    pub fn kings_wild(&self) -> bool {
        self.kings_wild
    }

    /// Extra rounds after the eleventh: 1 adds 14 cards with aces wild,
    /// 2 also adds 15 cards with twos wild.
    pub fn extra_rounds(&self) -> u8 {
        self.extra_rounds
    }

    /// The hand sizes climb to the largest and come back down.
    pub fn down_and_up(&self) -> bool {
        self.down_and_up
    }

    /// The order of the hand sizes: climbing, falling, or drawn at random.
    pub fn round_order(&self) -> RoundOrder {
        self.round_order
    }

    /// After someone goes out, a player with a meld of their own may add
    /// cards to the melds already shown on the table.
    pub fn lay_off(&self) -> bool {
        self.lay_off
    }

    /// Scores double in the rounds where jacks, queens and kings are wild.
    pub fn double_last_rounds(&self) -> bool {
        self.double_last_rounds
    }

    /// The score of the first player to go out, in place of 0.
    pub fn go_out_bonus(&self) -> GoOutBonus {
        self.go_out_bonus
    }

    /// Added for a player who declared out with a hand that does not meld.
    pub fn bad_go_out_penalty(&self) -> u16 {
        self.bad_go_out_penalty
    }

    /// A round where every player scores 0 is replayed.
    pub fn double_naughts(&self) -> bool {
        self.double_naughts
    }

    /// How a tie for the lowest total at the end is decided.
    pub fn tiebreak(&self) -> Tiebreak {
        self.tiebreak
    }
}

/// Whether `drawn` is an order of exactly the hand sizes `sizes`.
fn fits(drawn: &[usize], sizes: &[usize]) -> bool {
    let (mut a, mut b) = (drawn.to_vec(), sizes.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
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
    fn an_assignment_names_its_setting_and_a_checked_value() {
        let (setting, value) = Setting::assignment(" Tiebreak = draw").unwrap();
        assert_eq!((setting.key, value), ("tiebreak", Value::Word("draw")));
        assert!(matches!(Setting::assignment("decks"), Err(RulesError::NotAssignment { .. })));
        assert!(matches!(Setting::assignment("deck=2"), Err(RulesError::UnknownSetting { .. })));
        assert!(matches!(Setting::assignment("decks=0"), Err(RulesError::BadValue { .. })));
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
    fn values_out_of_range_cannot_get_in() {
        let bad = |key, value: &str, allowed| RulesError::BadValue { key, value: value.into(), allowed };
        // More jokers than the solver supports, no decks, a sixth suit.
        assert_eq!(Rules::default().with("jokers", "9"), Err(bad("jokers", "9", Allowed::Range(0, 3))));
        assert_eq!(Rules::default().with("decks", "0"), Err(bad("decks", "0", Allowed::Range(1, 20))));
        assert_eq!(Rules::default().with("suits", "6"), Err(bad("suits", "6", Allowed::Range(4, 5))));
        assert_eq!(
            Rules::default().with("bad_go_out_penalty", "70000"),
            Err(bad("bad_go_out_penalty", "70000", Allowed::Range(0, 1000)))
        );
        // A refused value leaves the rules as they were.
        let mut rules = Rules::preset("tens").unwrap();
        assert_eq!(rules.set("jokers", "9"), Err(bad("jokers", "9", Allowed::Range(0, 3))));
        assert_eq!(rules.apply("decks=0"), Err(bad("decks", "0", Allowed::Range(1, 20))));
        assert_eq!(rules, Rules::preset("tens").unwrap());
        // A change is checked as it is parsed, before it is applied.
        assert_eq!(
            RulesChange::parse(None, &["decks=2".into(), "jokers=9".into()]).unwrap_err(),
            bad("jokers", "9", Allowed::Range(0, 3))
        );
        // The ends of the ranges get in.
        let most = Rules::default().with("jokers", "3").and_then(|r| r.with("decks", "20")).unwrap();
        assert_eq!((most.jokers(), most.decks()), (3, MAX_DECKS));
        let change = RulesChange::parse(None, &["suits=5".into()]).unwrap();
        assert_eq!(change.apply(Rules::default()).suits(), 5);
        assert_eq!(change.settings().len(), 1);
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

    #[test]
    fn five_crowns_is_a_preset_and_a_game() {
        let fc = Rules::preset("five-crowns").unwrap();
        assert_eq!(Rules::preset("Five_Crowns").unwrap(), fc);
        assert_eq!((fc.game(), fc.summary()), (Game::FiveCrowns, "five-crowns".to_string()));
        assert_eq!((fc.suits, fc.ranks, fc.jokers, fc.decks), (5, Ranks::ThreeToKing, 3, 2));
        assert_eq!(fc.deck().size(), 55);
        let cards: Vec<Card> = fc.deck().cards().collect();
        assert_eq!(cards.len() * fc.decks as usize + fc.copies(Card::JOKER), 116);
        assert_eq!(fc.copies(Card::parse("Ah").unwrap()), 0);
        assert_eq!(Rules::default().copies(cards[4]), 0, "no stars in a standard deck");
        // The same eleven rounds, threes to kings wild.
        let table = sizes_and_wilds(&fc);
        assert_eq!(table.len(), 11);
        assert_eq!((table[0].clone(), table[10].clone()), ((3, "3".into()), (13, "K".into())));
        // The tiebreaker round: 6 cards, sixes wild by the hand-size rule.
        assert_eq!(fc.tiebreak_deal(), Deal { round: 12, cards: 6, wild: Rank::new(6).unwrap() });
        // Variants are named from the game's own rules.
        let mut quarter = fc;
        quarter.set("joker_value", "25").unwrap();
        assert_eq!(quarter.summary(), "five-crowns, joker_value=25");
        assert_eq!(quarter.changes(), ["joker_value=25"]);
        let mut fours = Rules::default();
        fours.set("ranks", "3-k").unwrap();
        assert_eq!(fours.game(), Game::FiveCrowns);
        // Named from the nearest preset; its changes from the game's own.
        assert_eq!(fours.summary(), "standard, ranks=3-K");
        assert_eq!(fours.changes(), ["wild_value=face", "jokers=0", "joker_value=20", "suits=4"]);
        assert_eq!(Game::parse("Five_Crowns"), Some(Game::FiveCrowns));
        assert_eq!(Game::FiveCrowns.name(), "Five Crowns");
    }

    #[test]
    fn the_values_of_wilds_and_jokers_left_over() {
        let fc = Rules::preset("five-crowns").unwrap();
        let sevens = Rank::new(7).unwrap();
        let card = |t: &str| fc.deck().parse(t).unwrap();
        assert_eq!(fc.value_in(card("7r"), sevens), 20);
        assert_eq!(fc.value_in(card("7r"), Rank::KING), 7);
        assert_eq!(fc.value_in(Card::JOKER, sevens), 50);
        assert_eq!(fc.value_in(card("Kh"), sevens), 13);
        assert_eq!(fc.rank_value_in(sevens, sevens), 20);
        // Three Thirteen: a wild its face, a joker 20, unless set otherwise.
        let mut std = Rules::default();
        assert_eq!(std.value_in(card("7h"), sevens), 7);
        assert_eq!(std.value_in(Card::JOKER, sevens), 20);
        std.apply("joker_value=25").unwrap();
        std.apply("wild_value=15").unwrap();
        assert_eq!((std.value_in(Card::JOKER, sevens), std.value_in(card("7h"), sevens)), (25, 15));
        // The most a hand can hold: each card at the most a card scores.
        assert_eq!(Rules::default().max_deadwood(3), 39);
        assert_eq!(fc.max_deadwood(3), 150);
        assert_eq!(Rules { jokers: 0, ..fc }.max_deadwood(3), 60);
        assert_eq!(Rules { jokers: 0, wild_value: WildValue::Face, ..fc }.max_deadwood(3), 39);
        // No aces in Five Crowns: ace_value has nothing to score.
        assert_eq!(Rules { ace_value: 99, ..fc }.max_deadwood(3), 150);
    }

    #[test]
    fn round_orders() {
        let sizes = |r: &Rules| r.deals().iter().map(|d| d.cards).collect::<Vec<_>>();
        let mut down = Rules::default();
        down.set("round_order", "down").unwrap();
        assert_eq!(sizes(&down), (3..=13).rev().collect::<Vec<_>>());
        assert_eq!(down.deal(1).unwrap().wild, Rank::KING);
        down.set("down_and_up", "true").unwrap();
        let expected: Vec<usize> = (3..=13).rev().chain(3..=13).collect();
        assert_eq!(sizes(&down), expected);
        let mut random = Rules::default();
        random.set("round_order", "random").unwrap();
        assert!(random.order_to_draw());
        // Not drawn yet: the rounds climb.
        assert_eq!(sizes(&random), (3..=13).collect::<Vec<_>>());
        let mut rng = fastrand::Rng::with_seed(13);
        random.draw_order(&[], |n| rng.usize(..n));
        assert!(!random.order_to_draw());
        let drawn = sizes(&random);
        assert_eq!(drawn, [3, 8, 13, 10, 4, 7, 12, 6, 9, 5, 11]);
        // The setting reads back as itself, and keeps the order drawn.
        assert_eq!(random.summary(), "standard, round_order=random");
        let kept = random;
        random.set("round_order", "random").unwrap();
        assert_eq!(random, kept);
        assert!(
            random.same_settings(&Rules { round_order: RoundOrder::Random(Drawn::NONE), ..Rules::default() })
        );
        // Drawn again with rounds played, those keep their places.
        let mut again = random;
        again.set("extra_rounds", "1").unwrap();
        assert!(again.order_to_draw());
        again.draw_order(&drawn[..3], |n| n - 1);
        assert_eq!(&sizes(&again)[..3], &drawn[..3]);
        assert_eq!(sizes(&again).len(), 12);
        // Up and down leave nothing to draw.
        let mut up = Rules::default();
        up.draw_order(&[], |_| 0);
        assert_eq!(up, Rules::default());
    }

    #[test]
    fn settings_that_need_each_other() {
        let mut fc = Rules::preset("five-crowns").unwrap();
        assert_eq!(fc.check(), Ok(()));
        fc.set("extra_rounds", "1").unwrap();
        assert_eq!(fc.check(), Err(RulesError::ExtraRoundsWithoutAces { extra_rounds: 1 }));
        // A deck without aces plays no ace high.
        let high = Rules { ace_high: true, ..Rules::preset("five-crowns").unwrap() };
        assert!(!high.aces_high());
        assert!(Rules { ace_high: true, ..Rules::default() }.aces_high());
    }

    #[test]
    fn what_a_setting_does_under_the_rules() {
        let fc = Rules::preset("five-crowns").unwrap();
        let about = |key: &str, rules: &Rules| Setting::find(key).unwrap().about_for(rules);
        assert_eq!(about("decks", &Rules::default()), "52-card decks shuffled together");
        assert_eq!(about("decks", &fc), "55-card decks shuffled together");
        assert_eq!(about("tiebreak", &fc), "a tie for the win: share it, a 6-card round, or a card draw");
        assert_eq!(about("tiebreak", &Rules::default()), SETTINGS[20].about);
        let written: Vec<&str> = SETTINGS.iter().filter(|s| s.always_written()).map(|s| s.key).collect();
        assert_eq!(written.len(), 15);
    }
}
