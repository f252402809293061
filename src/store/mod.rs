//! The data folder on disk: one TOML file per session under `sessions/`, a
//! state file naming the current session, and a lock file.
//!
//! Every change is a read-modify-write under the lock (held from load to
//! save, so concurrent processes queue rather than lose a round), and every
//! save is atomic: a temporary file in the same folder, synced, renamed over
//! the old one. A file that does not load is reported with its path, line
//! and column, and never written over.
//!
//! A session file is parsed once, into a TOML document that keeps every
//! comment and the way each value is written; the session is read from
//! that document, and the document is kept, with the session it holds, to
//! the save. Every change is one unit of work, [`Store::change`]: lock,
//! load, change, save (or nothing). The save applies the change to the
//! loaded document in place, as the session's log names it (each change
//! since the load, or the one taken back): a round recorded is its
//! `[[rounds]]` table appended, one taken back is removed, one corrected
//! is edited key by key; a player renamed is renamed where the file names
//! them; a player seated, gone or back puts the seats, a change of rules
//! the rules, a draw the tiebreak, each where it stands; a log entry is
//! appended; and nothing else is touched, so what a person wrote by hand
//! stays as written. Only a new session is written whole, in the standard
//! layout; a file of an older format, or with settings left out of its
//! rules, is brought to the current format by its first save, its
//! `format_version` and its rules edited in place the same way.
//!
//! What a save is about to write is read back first, and must be the
//! session saved: if the named edits did not give it (as when a session
//! other than the file's own is saved into it), every part is put as the
//! session has it, and read back again; a file that still would not read
//! back is not written.
//!
//! - this module: where the files are, the list of sessions, and loading
//!   and saving a session;
//! - `lock`: the data folder's lock;
//! - `state`: the state file, naming the current session;
//! - `format`: what the files share: the format version, TOML errors
//!   placed at a line and column, strings written as the files write them;
//! - `read`: a session file's document read into a session;
//! - `write`: a session's values as TOML, in the standard layout;
//! - `change`: the change a save applies, named from the session's log;
//! - `edit`: a loaded document edited in place to hold a change;
//! - `log`: the log of changes as a file keeps it.

mod change;
mod drill;
mod edit;
mod format;
mod lock;
mod log;
mod read;
mod season;
mod state;
mod write;

#[cfg(test)]
mod tests;

use std::fs;
use std::path::{Path, PathBuf};

use toml_edit::DocumentMut;

use three13_core::sheet::{Session, check_session_name};

use crate::error::{Error, Result};
pub use crate::files::FileError;
use crate::files::{
    MAX_FILE_BYTES, Origin, Unread, is_temporary, read_file, same_file_at, write_new, write_over,
};
use crate::stderr::Stderr;
use crate::ui::Ui;

pub(crate) use drill::{AttemptFile, PositionFile, RatingFile};
pub(crate) use lock::Lock;
pub(crate) use season::SeasonFile;

/// The environment variable naming the data folder.
pub(crate) const DATA_DIR_ENV: &str = "THREE13_DATA_DIR";

const SESSIONS: &str = "sessions";
const STATE: &str = "state.toml";
const LOCK: &str = ".lock";

/// The data folder.
#[derive(Clone, Debug)]
pub(crate) struct Store {
    root: PathBuf,
    /// Where the lock's note goes (plain stderr, unless told).
    said: Stderr,
}

/// A session file's TOML document, comments and layout included, the file
/// it was read from and the session it holds: a save applies the
/// session's change to the document, and writes it over that same file.
/// [`SessionDoc::default`] is a new session's, which has no document yet
/// and is saved as a new file.
#[derive(Debug, Default)]
pub(crate) struct SessionDoc {
    doc: DocumentMut,
    origin: Option<Origin>,
    /// The session as the document holds it; none for a new session.
    held: Option<Session>,
}

impl SessionDoc {
    /// Puts `session` into the document: a new session's is written whole,
    /// in the standard layout; into a loaded one, the change from the
    /// session it holds is applied, edit by edit ([`change::edits`]).
    ///
    /// What an edited document holds is read back, and must be `session`:
    /// when the named edits do not give it (a session that is not the
    /// document's own changed, say), every part of the document is put as
    /// the session has it, and read back again; a document that still does
    /// not give it is an error, and nothing is written. Gives whether the
    /// named edits gave the session.
    fn write(&mut self, session: &Session) -> Result<bool, FileError> {
        let new = write::session_document(session);
        let Some(held) = self.held.take() else {
            self.doc = new;
            self.held = Some(session.clone());
            return Ok(true);
        };
        let mut edits = change::edits(&held, session);
        if !edit::is_current(&self.doc, &new) {
            edits.insert(0, change::Edit::Upgraded);
        }
        let mut doc = self.doc.clone();
        edit::apply(&mut doc, &edits, new.clone());
        let named = reads_back(&doc, session);
        if !named {
            doc = std::mem::take(&mut self.doc);
            edit::apply(&mut doc, &[change::Edit::Whole], new);
            if !reads_back(&doc, session) {
                self.held = Some(held);
                return Err(FileError {
                    at: None,
                    message: "the file, edited, would not read back as the session saved".to_string(),
                });
            }
        }
        self.doc = doc;
        self.held = Some(session.clone());
        Ok(named)
    }

    fn text(&self) -> String {
        self.doc.to_string()
    }
}

/// Whether `doc` reads as `session`.
fn reads_back(doc: &DocumentMut, session: &Session) -> bool {
    read::session(&doc.to_string(), session.name()).is_ok_and(|read| read.session == *session)
}

/// A session read to be changed and saved, with the document it came from.
#[derive(Debug)]
pub(crate) struct Loaded {
    pub(crate) session: Session,
    pub(crate) doc: SessionDoc,
}

/// What [`Store::change`] did: the session after the change, whether it
/// was saved, and what the change gave.
#[derive(Debug)]
pub(crate) struct Changed<T> {
    pub(crate) session: Session,
    pub(crate) saved: bool,
    pub(crate) value: T,
}

impl Store {
    /// The data folder: `--data-dir`, else THREE13_DATA_DIR (which must be
    /// absolute; empty counts as unset), else the system's data folder.
    pub(crate) fn locate(flag: Option<&Path>) -> Result<Store> {
        if let Some(dir) = flag {
            if dir.as_os_str().is_empty() {
                return Err(Error::usage("--data-dir cannot be empty"));
            }
            let root = std::path::absolute(dir)
                .map_err(|e| Error::usage(format!("cannot use --data-dir {}: {e}", dir.display())))?;
            return Ok(Store { root, said: Stderr::plain() });
        }
        if let Some(value) = std::env::var_os(DATA_DIR_ENV).filter(|v| !v.is_empty()) {
            let root = PathBuf::from(value);
            if !root.is_absolute() {
                return Err(Error::usage(format!(
                    "{DATA_DIR_ENV} must be an absolute path, not \"{}\"",
                    root.display()
                )));
            }
            return Ok(Store { root, said: Stderr::plain() });
        }
        let dirs = directories::ProjectDirs::from("", "", "three13").ok_or_else(|| {
            Error::data(format!(
                "cannot find the system's data folder (no home folder?); name one with --data-dir DIR or {DATA_DIR_ENV}"
            ))
        })?;
        Ok(Store { root: dirs.data_dir().to_path_buf(), said: Stderr::plain() })
    }

    /// The store, its notes said on `said` (coloured and wrapped as the
    /// command line asks).
    pub(crate) fn saying_on(self, said: Stderr) -> Store {
        Store { said, ..self }
    }

    pub(crate) fn root(&self) -> &Path {
        &self.root
    }

    pub(crate) fn sessions_dir(&self) -> PathBuf {
        self.root.join(SESSIONS)
    }

    /// The file of the session `name` (a name already checked).
    pub(crate) fn session_path(&self, name: &str) -> PathBuf {
        self.sessions_dir().join(format!("{name}.toml"))
    }

    pub(crate) fn state_path(&self) -> PathBuf {
        self.root.join(STATE)
    }

    /// Whether a session file of this name exists, in any case (two names
    /// differing only in case would be one file on some systems).
    pub(crate) fn exists(&self, name: &str) -> Result<Option<String>> {
        Ok(self.names()?.into_iter().find(|n| n.eq_ignore_ascii_case(name)))
    }

    /// The stored name of the session called `name`: as typed, else the
    /// one that differs only in case, else the one session whose name it
    /// begins (`fri` for `friday`; refused, naming them, when it begins
    /// several), else as typed (for an error saying there is none).
    pub(crate) fn find(&self, name: &str) -> Result<String> {
        let whole = self.find_whole(name)?;
        if whole != name || self.session_path(name).is_file() {
            return Ok(whole);
        }
        let start = name.to_ascii_lowercase();
        let begun: Vec<String> =
            self.names()?.into_iter().filter(|n| n.to_ascii_lowercase().starts_with(&start)).collect();
        match begun.as_slice() {
            [] => Ok(whole),
            [one] => Ok(one.clone()),
            many => {
                let names: Vec<&str> = many.iter().map(String::as_str).collect();
                Err(Error::data(format!(
                    "\"{name}\" could be session {}; type more of the name",
                    crate::prose::or_list(&names)
                )))
            }
        }
    }

    /// The stored name of the session called `name` in full: as typed, else
    /// the one that differs only in case, else as typed.
    pub(crate) fn find_whole(&self, name: &str) -> Result<String> {
        check_session_name(name)?;
        if self.session_path(name).is_file() {
            return Ok(name.to_string());
        }
        Ok(self.exists(name)?.unwrap_or_else(|| name.to_string()))
    }

    /// The names of the sessions, sorted.
    pub(crate) fn names(&self) -> Result<Vec<String>> {
        self.listing().map(|(names, _)| names)
    }

    /// [`Store::names`], with a note on stderr for each other file of the
    /// sessions folder, which is left out.
    pub(crate) fn names_noting_others(&self, ui: &Ui) -> Result<Vec<String>> {
        let (names, others) = self.listing()?;
        for other in others {
            ui.note(&other);
        }
        Ok(names)
    }

    /// The names of the sessions, sorted, and for each other entry of the
    /// sessions folder (the temporary files of saves aside) why it is not a
    /// session.
    pub(crate) fn listing(&self) -> Result<(Vec<String>, Vec<String>)> {
        let dir = self.sessions_dir();
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), Vec::new())),
            Err(e) => {
                return Err(Error::data(format!("cannot read the sessions folder {}: {e}", dir.display())));
            }
        };
        let mut names = Vec::new();
        let mut others = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| {
                Error::data(format!("cannot read the sessions folder {}: {e}", dir.display()))
            })?;
            let file = entry.file_name();
            let shown = || entry.path().display().to_string();
            match file.to_str().and_then(|f| f.strip_suffix(".toml")) {
                Some(name) => match check_session_name(name) {
                    Ok(()) => names.push(name.to_string()),
                    Err(e) => others.push((shown(), format!("{} is left out: {e}", shown()))),
                },
                None if is_temporary(&file) => {}
                None => others
                    .push((shown(), format!("{} is left out: a session's file is named NAME.toml", shown()))),
            }
        }
        names.sort();
        others.sort();
        Ok((names, others.into_iter().map(|(_, note)| note).collect()))
    }

    /// Reads a session listed a moment ago: none when its file has gone
    /// since (deleted by another three13), an error when it does not load.
    pub(crate) fn load_listed(&self, name: &str) -> Result<Option<Session>> {
        match self.load(name) {
            Ok(session) => Ok(Some(session)),
            Err(_) if fs::symlink_metadata(self.session_path(name)).is_err() => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Reads a session. Needs no lock: saves are atomic, so a reader sees
    /// the old file or the new one.
    pub(crate) fn load(&self, name: &str) -> Result<Session> {
        self.read(name).map(|loaded| loaded.session)
    }

    /// Reads a session to change it, with its file's document for
    /// [`Store::save`]; under the lock, so that nothing changes the file
    /// before the save.
    pub(crate) fn load_to_change(&self, _lock: &Lock, name: &str) -> Result<Loaded> {
        self.read(name)
    }

    /// Reads a session's file, following a link there once: the document
    /// keeps where it led, for the save.
    fn read(&self, name: &str) -> Result<Loaded> {
        let path = self.session_path(name);
        let (text, origin) = match read_file(&path) {
            Ok(read) => read,
            Err(Unread::Missing) => {
                let error = Error::data(format!(
                    "no session named \"{name}\" ({} does not exist); see `three13 sessions`, or start one with `three13 new`",
                    path.display()
                ));
                return Err(self.did_you_mean(error, name));
            }
            Err(Unread::Bad(e)) => return Err(damaged(&path, name, e)),
        };
        let mut loaded = read::session(&text, name).map_err(|e| damaged(&path, name, e))?;
        loaded.doc.origin = Some(origin);
        Ok(loaded)
    }

    /// `error`, with a hint naming the session `name` most likely meant.
    pub(crate) fn did_you_mean(&self, error: Error, name: &str) -> Error {
        let names = self.names().unwrap_or_default();
        crate::error::did_you_mean(error, name, names.iter().map(String::as_str))
    }

    /// Writes a session's file, atomically: `doc` (the document the session
    /// was loaded from, or none yet for a new session) with the session's
    /// change applied to it. A loaded session is saved over
    /// the file it was read from, where its link led then, and only while
    /// that file is still there; a new one is saved where nothing is.
    /// Needs the lock.
    pub(crate) fn save(&self, _lock: &Lock, session: &Session, mut doc: SessionDoc) -> Result<()> {
        let path = self.session_path(session.name());
        let named = doc
            .write(session)
            .map_err(|e| at_path(&path, e, "the file is left as it was; the change is not saved"))?;
        // Every change made under the lock is named by the session's log.
        debug_assert!(named, "the edits named for {} did not give the session", session.name());
        let text = doc.text();
        check_size(&path, &text)?;
        match &doc.origin {
            Some(origin) => write_over(&path, origin, &text),
            None => write_new(&path, &text),
        }
    }

    /// One unit of work on a session: under the data folder's lock, the
    /// session as its file holds it now is loaded and handed to `change`,
    /// which says whether to save what it did; the save is atomic, and on
    /// an error nothing is written. Gives the session as it stands after.
    pub(crate) fn change<T>(
        &self,
        name: &str,
        change: impl FnOnce(&mut Session) -> Result<(bool, T)>,
    ) -> Result<Changed<T>> {
        let lock = self.lock()?;
        let Loaded { mut session, doc } = self.load_to_change(&lock, name)?;
        let (saved, value) = change(&mut session)?;
        if saved {
            self.save(&lock, &session, doc)?;
        }
        Ok(Changed { session, saved, value })
    }

    /// Removes a session's file. Needs the lock.
    pub(crate) fn delete(&self, _lock: &Lock, name: &str) -> Result<()> {
        let path = self.session_path(name);
        fs::remove_file(&path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                self.did_you_mean(
                    Error::data(format!("no session named \"{name}\"; see `three13 sessions`")),
                    name,
                )
            } else {
                Error::data(format!("cannot delete {}: {e}", path.display()))
            }
        })
    }

    /// Writes an output named on the command line (an export, a chart):
    /// never over one of the data folder's own files.
    pub(crate) fn write_output(&self, path: &Path, text: &str) -> Result<()> {
        crate::files::write_output(path, text, |at| self.owner_of(at))
    }

    /// What `at` is when it is one of the data folder's files, or would be
    /// made among them: the session files (and the files their links lead
    /// to), `state.toml` and the lock.
    fn owner_of(&self, at: &Path) -> Option<String> {
        let mut own = vec![
            (self.state_path(), "the state file naming the current session".to_string()),
            (self.root.join(LOCK), "the data folder's lock file".to_string()),
            (self.seasons_path(), "the seasons file".to_string()),
        ];
        for entry in fs::read_dir(self.sessions_dir()).into_iter().flatten().flatten() {
            let file = entry.file_name();
            let what = match file.to_str().and_then(|f| f.strip_suffix(".toml")) {
                Some(name) if check_session_name(name).is_ok() => format!("the file of session {name}"),
                _ => "a file in the sessions folder".to_string(),
            };
            own.push((entry.path(), what));
        }
        if fs::metadata(at).is_ok() {
            let found = own.into_iter().find(|(path, _)| same_file_at(path, at));
            return found.map(|(_, what)| format!("it is {what}, one of three13's own files"));
        }
        // A new file: not among the sessions, nor in the place of the others.
        let folder = |p: &Path| {
            let dir = p.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
            fs::canonicalize(dir).ok()
        };
        let here = folder(at)?;
        if fs::canonicalize(self.sessions_dir()).is_ok_and(|s| s == here) {
            return Some("it would be in the sessions folder, which holds only three13's own files".into());
        }
        let name = at.file_name()?;
        own.into_iter()
            .find(|(path, _)| path.file_name() == Some(name) && folder(path).is_some_and(|f| f == here))
            .map(|(_, what)| format!("it would take the place of {what}, one of three13's own files"))
    }

    /// The session a command acts on: `--session NAME`, else the current one.
    pub(crate) fn resolve(&self, flag: Option<&str>) -> Result<String> {
        if let Some(name) = flag {
            return self.find(name);
        }
        match self.current()? {
            Some(name) => Ok(name),
            None => Err(Error::data(
                "no current session; start one with `three13 new --player NAME --player NAME`, \
                 or pick one with `three13 use NAME` (see `three13 sessions`)",
            )),
        }
    }
}

/// A save is refused, before anything is written, when the file would be
/// larger than a session file can be to load again.
fn check_size(path: &Path, text: &str) -> Result<()> {
    if text.len() as u64 <= MAX_FILE_BYTES {
        return Ok(());
    }
    Err(Error::data(format!(
        "cannot save {}: the file would be {} bytes, more than the {MAX_FILE_BYTES} bytes (1 MiB) a \
         session file can be to load; the file is left as it was",
        path.display(),
        text.len()
    ))
    .with_hint("its comments count too: shorten them by hand to make room"))
}

fn damaged(path: &Path, name: &str, e: FileError) -> Error {
    at_path(
        path,
        e,
        &format!("the file is left as it is: fix it by hand, or remove it with `three13 delete {name}`"),
    )
}

/// `path:line:column: message`, and what to do about it.
fn at_path(path: &Path, e: FileError, hint: &str) -> Error {
    let place = match e.at {
        Some((line, col)) => format!("{}:{line}:{col}", path.display()),
        None => path.display().to_string(),
    };
    Error::data(format!("{place}: {}", e.message)).with_hint(hint)
}

/// Reads a session file's text. The session's name is the file's: a file
/// copied under another name is another session.
pub fn parse_session(text: &str, name: &str) -> Result<Session, FileError> {
    read::session(text, name).map(|loaded| loaded.session)
}

/// The text of a new session's file: readable, and editable by hand.
pub fn to_toml(session: &Session) -> String {
    write::session_document(session).to_string()
}

/// The text of the session file `text` once `session` is saved into it:
/// what a save of a loaded session writes.
pub fn save_into(text: &str, name: &str, session: &Session) -> Result<String, FileError> {
    let mut doc = read::session(text, name)?.doc;
    doc.write(session)?;
    Ok(doc.text())
}
