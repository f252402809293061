//! The named bundles of settings.

use super::*;

/// The named bundles of settings: name, what it is, what it changes.
pub const PRESETS: [(&str, &str); 4] = [
    ("standard", "the default rules: 2 decks, J=11 Q=12 K=13, all-wild melds allowed"),
    ("tens", "standard with jacks, queens and kings worth 10"),
    ("strict", "standard with every meld needing a natural card, and laying off allowed"),
    ("five-crowns", "Five Crowns: 5 suits, 3 to K, 3 jokers a deck; wild 20, joker 50"),
];

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
}
