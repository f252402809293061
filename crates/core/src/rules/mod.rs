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

mod deals;
mod deck;
mod presets;
mod scoring;
mod settings;
#[cfg(test)]
mod tests;

pub use deals::{
    Deal, Drawn, FIVE_CROWNS_TIEBREAK_CARDS, MAX_ROUNDS, RoundOrder, TIEBREAK_CARDS, Tiebreak, wild_rank,
};
pub use deck::{Game, Ranks, Wilds};
pub use presets::PRESETS;
pub use scoring::{FaceCards, GoOutBonus, MissedRounds, WildValue};
pub use settings::{Allowed, ROUND_TABLE, RulesChange, RulesError, SETTINGS, Setting, Value};

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
    /// What a round missed by a player who comes back scores, unless the
    /// return says otherwise.
    pub(crate) missed_rounds: MissedRounds,
    /// A card taken from the face-up pile may be discarded again on the
    /// same turn.
    pub(crate) throw_back: bool,
    /// Nobody goes out on their first turn of a round: the table goes
    /// around once first.
    pub(crate) go_around_once: bool,
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
            missed_rounds: MissedRounds::Highest,
            throw_back: false,
            go_around_once: false,
        }
    }
}

/// The most players a session may have.
pub const MAX_PLAYERS: usize = 20;
/// The most decks the rules may name.
pub const MAX_DECKS: u8 = 20;

/// The settings one by one, read only: they change through [`Rules::set`],
/// [`Rules::with`], a preset or a [`RulesChange`], each checked.
impl Rules {
    /// What a round missed by a player who comes back scores, unless the
    /// return says otherwise.
    pub fn missed_rounds(&self) -> MissedRounds {
        self.missed_rounds
    }
}

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

    /// A card taken from the face-up pile may be discarded again on the
    /// same turn.
    pub fn throw_back(&self) -> bool {
        self.throw_back
    }

    /// Nobody goes out on their first turn of a round: the table goes
    /// around once first.
    pub fn go_around_once(&self) -> bool {
        self.go_around_once
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
