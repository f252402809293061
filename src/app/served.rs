//! The one session a face serves (the pages of `three13 serve`), through
//! the store: read for every page, watched for changes, and changed only
//! as `three13 round` changes it (`app::round`: under the data folder's
//! lock, saved atomically).

use std::hash::{Hash, Hasher};

use three13_core::sheet::Session;

use crate::error::Result;
use crate::store::Store;

/// The session being served.
#[derive(Debug)]
pub(crate) struct Served {
    store: Store,
    name: String,
}

impl Served {
    /// The session named (else the current one) in the data folder
    /// `store`, which must load.
    pub(crate) fn open(store: Store, session: Option<&str>) -> Result<Served> {
        let name = store.resolve(session)?;
        let served = Served { store, name };
        served.load()?;
        Ok(served)
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
    pub(crate) fn season(&self, name: Option<&str>, served: &Session) -> Result<super::league::Outcome> {
        let game = match served.rules().game() {
            three13_core::rules::Game::FiveCrowns => "five-crowns",
            three13_core::rules::Game::ThreeThirteen => "three-thirteen",
        };
        let asked = super::league::Asked {
            season: name.map(str::to_string),
            save: false,
            given: crate::store::SeasonFile {
                game: name.is_none().then(|| game.to_string()),
                ..crate::store::SeasonFile::default()
            },
        };
        super::league::season(&self.store, &asked, crate::clock::now())
    }

    /// A fingerprint of the session file's bytes: it changes when the file does.
    pub(crate) fn state(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        std::fs::read(self.store.session_path(&self.name)).ok().hash(&mut hasher);
        hasher.finish()
    }

    /// Records the next round as the scores were entered (see
    /// `app::round`), under the lock.
    pub(crate) fn record_round(&self, given: super::round::Given<'_>) -> Result<super::round::Outcome> {
        let mut solver = three13_core::solver::Solver::new();
        super::round::record(&self.store, &self.name, given, &mut solver, crate::clock::now())
    }

    /// Keeps a drill's attempt of `player` at `position` (see
    /// `app::drill::record`), in the data folder the session is in.
    pub(crate) fn record_drill(
        &self,
        player: &str,
        position: &three13_core::play::drill::DrillPosition,
        graded: &[super::drill::Graded],
    ) -> Result<super::drill::Rated> {
        super::drill::record(&self.store, player, position, graded, crate::clock::now())
    }
}
