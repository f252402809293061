//! The seasons file, `seasons.toml`: each named season's settings (its
//! dates, its game, its members, its points table), kept for the next
//! `three13 league --season NAME`. Edited in place, so a comment a club
//! writes beside a season stays.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;
use toml_edit::{Array, DocumentMut, Item, Table, value};

use super::format::{FORMAT_VERSION, deserialize, parse};
use super::{Lock, Store, at_path};
use crate::error::{Error, Result};
use crate::files::{Links, Unread, read_text, write_atomic};

/// A named season's settings, as the file keeps them; each is optional,
/// and what is missing takes the command line's default.
#[derive(Clone, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeasonFile {
    pub(crate) since: Option<String>,
    pub(crate) until: Option<String>,
    pub(crate) game: Option<String>,
    pub(crate) points: Option<String>,
    pub(crate) min_games: Option<usize>,
    #[serde(default)]
    pub(crate) members: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Seasons {
    #[allow(dead_code)]
    format_version: i64,
    #[serde(default)]
    seasons: BTreeMap<String, SeasonFile>,
}

const HINT: &str = "fix it by hand: each season is a table [seasons.NAME] with since, until, game, points, \
                    min_games and members";

impl Store {
    pub(crate) fn seasons_path(&self) -> PathBuf {
        self.root().join("seasons.toml")
    }

    /// Every named season, by name.
    pub(crate) fn seasons(&self) -> Result<BTreeMap<String, SeasonFile>> {
        let path = self.seasons_path();
        let text = match read_text(&path) {
            Ok(text) => text,
            Err(Unread::Missing) => return Ok(BTreeMap::new()),
            Err(Unread::Bad(e)) => return Err(at_path(&path, e, HINT)),
        };
        let doc = parse(&text).map_err(|e| at_path(&path, e, HINT))?;
        let seasons: Seasons = deserialize(&text, &doc).map_err(|e| at_path(&path, e, HINT))?;
        Ok(seasons.seasons)
    }

    /// Keeps a season's settings under its name, replacing only that
    /// season's table: the rest of the file, comments included, stays.
    pub(crate) fn save_season(&self, _lock: &Lock, name: &str, season: &SeasonFile) -> Result<()> {
        let path = self.seasons_path();
        let mut doc = match read_text(&path) {
            Ok(text) => text.parse::<DocumentMut>().map_err(|e| {
                Error::data(format!("{}: {}", path.display(), e.message().trim())).with_hint(HINT)
            })?,
            Err(Unread::Missing) => {
                let mut doc = DocumentMut::new();
                doc.insert("format_version", value(FORMAT_VERSION));
                doc
            }
            Err(Unread::Bad(e)) => return Err(at_path(&path, e, HINT)),
        };
        if !doc.contains_key("seasons") {
            let mut seasons = Table::new();
            seasons.set_implicit(true);
            doc.insert("seasons", Item::Table(seasons));
        }
        let seasons = doc["seasons"].as_table_mut().ok_or_else(|| {
            Error::data(format!("{}: seasons is not a table", path.display())).with_hint(HINT)
        })?;
        let table = match seasons.get_mut(name).and_then(Item::as_table_mut) {
            Some(table) => table,
            None => {
                seasons.insert(name, Item::Table(Table::new()));
                seasons[name].as_table_mut().expect("just inserted")
            }
        };
        let mut set = |key: &str, v: Option<Item>| match v {
            Some(v) => {
                table.insert(key, v);
            }
            None => {
                table.remove(key);
            }
        };
        set("since", season.since.as_deref().map(value));
        set("until", season.until.as_deref().map(value));
        set("game", season.game.as_deref().map(value));
        set("points", season.points.as_deref().map(value));
        set("min_games", season.min_games.map(|n| value(n as i64)));
        set(
            "members",
            (!season.members.is_empty())
                .then(|| value(season.members.iter().map(String::as_str).collect::<Array>())),
        );
        write_atomic(&path, &doc.to_string(), Links::Refuse)
    }
}
