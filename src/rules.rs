//! The rules a table plays by: the default rule set, every variant as a
//! named setting, the presets, and the round table they give.
//!
//! The settings and their sources are described in `docs/rules.md`.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, Rank};

/// Every setting of the rules. `Rules::default()` is the `standard` preset.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
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
        }
    }
}

/// What jacks, queens and kings score when left over.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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

impl fmt::Display for GoOutBonus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoOutBonus::Points(n) => write!(f, "{n}"),
            GoOutBonus::Wild => f.write_str("wild"),
        }
    }
}

impl Serialize for GoOutBonus {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            GoOutBonus::Points(n) => s.serialize_i16(*n),
            GoOutBonus::Wild => s.serialize_str("wild"),
        }
    }
}

impl<'de> Deserialize<'de> for GoOutBonus {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GoOutBonus, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Int(i64),
            Text(String),
        }
        let text = match Raw::deserialize(d)? {
            Raw::Int(n) => n.to_string(),
            Raw::Text(t) => t,
        };
        parse_go_out_bonus(&text).map_err(serde::de::Error::custom)
    }
}

/// The most players a session may have.
pub const MAX_PLAYERS: usize = 20;
/// The most decks the rules may name.
pub const MAX_DECKS: u8 = 20;

/// One round of a game: its number (from 1), the cards dealt, the wild rank.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Deal {
    pub round: usize,
    pub cards: usize,
    pub wild: Rank,
}

/// The named bundles of settings.
pub const PRESETS: [(&str, &str); 3] = [
    ("standard", "the default rules: 2 decks, J=11 Q=12 K=13, all-wild melds allowed"),
    ("tens", "standard with jacks, queens and kings worth 10"),
    ("strict", "standard with every meld needing a natural card, and laying off allowed"),
];

/// Every setting's name, what it takes, and what it does.
pub const SETTINGS: [(&str, &str, &str); 14] = [
    ("decks", "1-20", "52-card decks shuffled together"),
    ("face_cards", "rank|ten", "J Q K score 11 12 13 (rank) or 10 each (ten)"),
    ("ace_value", "1-99", "what an ace scores when left over"),
    ("ace_high", "true|false", "an ace may also sit above the king (Q-K-A)"),
    ("all_wild_melds", "true|false", "three or more wilds may form a meld on their own"),
    ("jokers", "0-2", "jokers per deck, wild in every round, 20 when left over"),
    ("kings_wild", "true|false", "kings are wild in every round"),
    ("extra_rounds", "0-2", "a 14-card round (aces wild), then a 15-card round (twos wild)"),
    ("down_and_up", "true|false", "hand sizes climb to the largest and come back down"),
    ("lay_off", "true|false", "final-turn players may add cards to melds on the table"),
    ("double_last_rounds", "true|false", "scores double where J, Q and K are wild"),
    ("go_out_bonus", "0 to -100|wild", "the score of the first player out, instead of 0"),
    ("bad_go_out_penalty", "0-1000", "added for a player who declared out wrongly"),
    ("double_naughts", "true|false", "a round where everyone scores 0 is replayed"),
];

/// A setting or preset that could not be applied.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// The rules of a named preset.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let mut rules = Rules::default();
        match name.trim().to_ascii_lowercase().as_str() {
            "standard" => {}
            "tens" => rules.face_cards = FaceCards::Ten,
            "strict" => {
                rules.all_wild_melds = false;
                rules.lay_off = true;
            }
            _ => {
                let names: Vec<&str> = PRESETS.iter().map(|p| p.0).collect();
                return Err(RulesError(format!(
                    "unknown preset \"{name}\"; the presets are {}",
                    names.join(", ")
                )));
            }
        }
        Ok(rules)
    }

    /// Applies one `KEY=VALUE` setting.
    pub fn apply(&mut self, assignment: &str) -> Result<(), RulesError> {
        let Some((key, value)) = assignment.split_once('=') else {
            return Err(RulesError(format!(
                "\"{assignment}\" is not KEY=VALUE; the settings are {}",
                setting_names()
            )));
        };
        self.set(key.trim(), value.trim())
    }

    /// Changes one setting, checking its value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let key = key.to_ascii_lowercase().replace('-', "_");
        let Some(&(_, allowed, _)) = SETTINGS.iter().find(|s| s.0 == key) else {
            return Err(RulesError(format!(
                "unknown setting \"{key}\"; the settings are {}",
                setting_names()
            )));
        };
        let bad = || RulesError(format!("{key} cannot be \"{value}\"; it takes {allowed}"));
        let number = |lo: i64, hi: i64| -> Result<i64, RulesError> {
            match value.parse::<i64>() {
                Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                _ => Err(bad()),
            }
        };
        let flag = || parse_bool(value).ok_or_else(bad);
        match key.as_str() {
            "decks" => self.decks = number(1, MAX_DECKS as i64)? as u8,
            "face_cards" => {
                self.face_cards = match value.to_ascii_lowercase().as_str() {
                    "rank" => FaceCards::Rank,
                    "ten" | "10" => FaceCards::Ten,
                    _ => return Err(bad()),
                }
            }
            "ace_value" => self.ace_value = number(1, 99)? as u8,
            "ace_high" => self.ace_high = flag()?,
            "all_wild_melds" => self.all_wild_melds = flag()?,
            "jokers" => self.jokers = number(0, 2)? as u8,
            "kings_wild" => self.kings_wild = flag()?,
            "extra_rounds" => self.extra_rounds = number(0, 2)? as u8,
            "down_and_up" => self.down_and_up = flag()?,
            "lay_off" => self.lay_off = flag()?,
            "double_last_rounds" => self.double_last_rounds = flag()?,
            "go_out_bonus" => {
                self.go_out_bonus = parse_go_out_bonus(value).map_err(|_| bad())?;
            }
            "bad_go_out_penalty" => self.bad_go_out_penalty = number(0, 1000)? as u16,
            "double_naughts" => self.double_naughts = flag()?,
            _ => unreachable!("every setting in SETTINGS is handled"),
        }
        Ok(())
    }

    /// The value of one setting, as `set` takes it.
    pub fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "decks" => self.decks.to_string(),
            "face_cards" => match self.face_cards {
                FaceCards::Rank => "rank".into(),
                FaceCards::Ten => "ten".into(),
            },
            "ace_value" => self.ace_value.to_string(),
            "ace_high" => self.ace_high.to_string(),
            "all_wild_melds" => self.all_wild_melds.to_string(),
            "jokers" => self.jokers.to_string(),
            "kings_wild" => self.kings_wild.to_string(),
            "extra_rounds" => self.extra_rounds.to_string(),
            "down_and_up" => self.down_and_up.to_string(),
            "lay_off" => self.lay_off.to_string(),
            "double_last_rounds" => self.double_last_rounds.to_string(),
            "go_out_bonus" => self.go_out_bonus.to_string(),
            "bad_go_out_penalty" => self.bad_go_out_penalty.to_string(),
            "double_naughts" => self.double_naughts.to_string(),
            _ => return None,
        })
    }

    /// Checks values that came from elsewhere than `set` (a session file).
    pub fn validate(&self) -> Result<(), RulesError> {
        let mut copy = Rules::default();
        for (key, _, _) in SETTINGS {
            let value = self.get(key).expect("every setting has a value");
            copy.set(key, &value)?;
        }
        Ok(())
    }

    /// The settings that differ from the `standard` preset, as `KEY=VALUE`.
    pub fn changes(&self) -> Vec<String> {
        let standard = Rules::default();
        SETTINGS
            .iter()
            .filter(|(key, _, _)| self.get(key) != standard.get(key))
            .map(|(key, _, _)| format!("{key}={}", self.get(key).unwrap_or_default()))
            .collect()
    }

    /// A short name for these rules: a preset's name, or `standard` with the
    /// settings that differ.
    pub fn summary(&self) -> String {
        for (name, _) in PRESETS {
            if Rules::preset(name).as_ref() == Ok(self) {
                return name.to_string();
            }
        }
        format!("standard, {}", self.changes().join(", "))
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

/// The wild rank of a round that deals `cards` cards: equal to the hand size,
/// then aces for 14 and twos for 15 (the "Fourteens" and "Fifteens").
pub fn wild_rank(cards: usize) -> Rank {
    match cards {
        14 => Rank::ACE,
        15 => Rank::TWO,
        n => Rank::new(n as u8).unwrap_or(Rank::KING),
    }
}

fn setting_names() -> String {
    SETTINGS.iter().map(|s| s.0).collect::<Vec<_>>().join(", ")
}

fn parse_bool(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" => Some(true),
        "false" | "no" | "off" | "0" => Some(false),
        _ => None,
    }
}

fn parse_go_out_bonus(value: &str) -> Result<GoOutBonus, RulesError> {
    if value.eq_ignore_ascii_case("wild") {
        return Ok(GoOutBonus::Wild);
    }
    match value.parse::<i16>() {
        Ok(n) if (-100..=0).contains(&n) => Ok(GoOutBonus::Points(n)),
        _ => Err(RulesError(format!("go_out_bonus cannot be \"{value}\"; it takes 0 to -100 or wild"))),
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
        assert_eq!(rules.apply("decks=0").unwrap_err().0, "decks cannot be \"0\"; it takes 1-20");
        assert_eq!(rules.apply("ace_value=-3").unwrap_err().0, "ace_value cannot be \"-3\"; it takes 1-99");
        assert_eq!(
            rules.apply("go_out_bonus=abc").unwrap_err().0,
            "go_out_bonus cannot be \"abc\"; it takes 0 to -100|wild"
        );
        assert!(rules.apply("colour=red").unwrap_err().0.starts_with("unknown setting \"colour\""));
        assert_eq!(rules, Rules::default());
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
}
