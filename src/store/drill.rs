//! The drill's file, `drill.toml`: each player's and each position's
//! Glicko-2 rating, every position drilled (to replay it), and every
//! attempt with its answers, points lost and the player's rating after
//! it. Read whole and written whole, under the store's lock, atomically.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::format::{deserialize, parse};
use super::{Lock, Store, at_path};
use crate::error::{Error, Result};
use crate::files::{Links, Unread, read_text, write_atomic};

/// The file's own format version.
const DRILL_FORMAT: i64 = 1;

/// A Glicko-2 rating as kept.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RatingFile {
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) volatility: f64,
}

/// A position drilled: its rating and its content, enough to deal it
/// again. Cards are written as `Kd`, several in one string.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionFile {
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) volatility: f64,
    /// `three-thirteen` or `five-crowns`, and the settings changed from it.
    pub(crate) game: String,
    #[serde(default)]
    pub(crate) set: Vec<String>,
    pub(crate) round: usize,
    pub(crate) hand: String,
    pub(crate) pile: String,
    /// By seat from the player's: the cards each took from the pile.
    pub(crate) known: Vec<String>,
    pub(crate) players: usize,
    pub(crate) turn: usize,
    pub(crate) stock: usize,
    pub(crate) drawn: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) out: Option<usize>,
    #[serde(default)]
    pub(crate) finals_left: usize,
    #[serde(default)]
    pub(crate) onto: Vec<String>,
    /// The seed of the coach's estimates, in hex.
    pub(crate) seed: String,
    #[serde(default)]
    pub(crate) themes: Vec<String>,
}

/// One attempt: a position's two answers.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AttemptFile {
    pub(crate) player: String,
    pub(crate) position: String,
    /// When, RFC 3339.
    pub(crate) at: String,
    pub(crate) answers: Vec<String>,
    /// Points lost by each answer.
    pub(crate) lost: Vec<f64>,
    pub(crate) seconds: f64,
    /// Neither answer lost points.
    pub(crate) won: bool,
    /// Answered right but slowly.
    #[serde(default)]
    pub(crate) slow: bool,
    /// The player's rating after the attempt.
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    #[serde(default)]
    pub(crate) themes: Vec<String>,
}

/// The whole file.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DrillFile {
    #[serde(default)]
    pub(crate) format_version: i64,
    #[serde(default)]
    pub(crate) players: BTreeMap<String, RatingFile>,
    #[serde(default)]
    pub(crate) positions: BTreeMap<String, PositionFile>,
    #[serde(default)]
    pub(crate) attempts: Vec<AttemptFile>,
}

const HINT: &str = "fix it by hand, or move it away to start the drill's ratings anew: it holds [players.NAME] \
                    and [positions.ID] ratings and [[attempts]]";

impl Store {
    pub(crate) fn drill_path(&self) -> PathBuf {
        self.root().join("drill.toml")
    }

    /// The drill's file; empty when there is none yet.
    pub(crate) fn drill(&self) -> Result<DrillFile> {
        let path = self.drill_path();
        let text = match read_text(&path) {
            Ok(text) => text,
            Err(Unread::Missing) => {
                return Ok(DrillFile { format_version: DRILL_FORMAT, ..DrillFile::default() });
            }
            Err(Unread::Bad(e)) => return Err(at_path(&path, e, HINT)),
        };
        let doc = parse(&text).map_err(|e| at_path(&path, e, HINT))?;
        deserialize(&text, &doc).map_err(|e| at_path(&path, e, HINT))
    }

    /// Writes the drill's file whole, atomically, under the lock.
    pub(crate) fn save_drill(&self, _lock: &Lock, file: &DrillFile) -> Result<()> {
        let path = self.drill_path();
        let mut file = file.clone();
        file.format_version = DRILL_FORMAT;
        let text = toml_edit::ser::to_string_pretty(&file)
            .map_err(|e| Error::data(format!("{}: cannot be written: {e}", path.display())))?;
        write_atomic(&path, &text, Links::Refuse)
    }
}
