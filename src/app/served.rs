//! The one session served to the pages, through the store: read for every
//! page, watched for changes, and changed only as `three13 round` changes
//! it (under the data folder's lock, saved atomically).

use std::hash::{Hash, Hasher};

use three13_core::sheet::Session;

use crate::error::Result;
use crate::store::Store;

/// The session being served.
#[derive(Debug)]
pub(crate) struct Data {
    store: Store,
    name: String,
}

impl Data {
    /// The session named (else the current one) in the data folder
    /// `store`, which must load.
    pub(crate) fn open(store: Store, session: Option<&str>) -> Result<Data> {
        let name = store.resolve(session)?;
        let data = Data { store, name };
        data.load()?;
        Ok(data)
    }

    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// The data folder.
    pub(crate) fn root(&self) -> &std::path::Path {
        self.store.root()
    }

    /// The session as its file holds it now. Needs no lock: saves are atomic.
    pub(crate) fn load(&self) -> Result<Session> {
        self.store.load(&self.name)
    }

    /// The season the season page shows: the one kept under `name`, else
    /// this year's finished games of the served session's game.
    pub(crate) fn season(&self, name: Option<&str>, served: &Session) -> Result<crate::app::league::Outcome> {
        let game = match served.rules().game() {
            three13_core::rules::Game::FiveCrowns => "five-crowns",
            three13_core::rules::Game::ThreeThirteen => "three-thirteen",
        };
        let asked = crate::app::league::Asked {
            season: name.map(str::to_string),
            save: false,
            given: crate::store::SeasonFile {
                game: name.is_none().then(|| game.to_string()),
                ..crate::store::SeasonFile::default()
            },
        };
        crate::app::league::season(&self.store, &asked, crate::clock::now())
    }

    /// A fingerprint of the session file's bytes: it changes when the file does.
    pub(crate) fn state(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        std::fs::read(self.store.session_path(&self.name)).ok().hash(&mut hasher);
        hasher.finish()
    }

    /// Changes the session as a command does: under the lock, from the file
    /// as it is then; `change` says whether to save what it did.
    pub(crate) fn change<T>(&self, change: impl FnOnce(&mut Session) -> Result<(bool, T)>) -> Result<T> {
        self.store.change(&self.name, change).map(|changed| changed.value)
    }
}
