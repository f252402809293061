//! The data folder on disk: one TOML file per session under `sessions/`, a
//! state file naming the current session, and a lock file.
//!
//! Every change is a read-modify-write under the lock (held from load to
//! save, so concurrent processes queue rather than lose a round), and every
//! save is atomic: a temporary file in the same folder, synced, renamed over
//! the old one. A file that does not load is reported with its path, line
//! and column, and never written over.

use std::fmt::Write as _;
use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};

use jiff::Timestamp;
use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use toml::Spanned;

use three13_core::rules::{Rules, SETTINGS, Setting, Value};
use three13_core::sheet::{
    Field, Playoff, Session, SheetError, StoredPlayoff, StoredRound, StoredSession, check_session_name,
    same_name,
};
use three13_core::solver::Solver;

use crate::error::{Error, Result};
pub use crate::files::FileError;
use crate::files::{Links, Unread, line_col, not_regular, read_text, remove_stale_temporaries, write_atomic};

/// The version of the files this build writes (every session file and the
/// state file), and the newest it reads. Version 2 added the `tiebreak`
/// setting and the `[tiebreak]` table, players who join or leave mid-game
/// (`[seats.NAME]`: joined, start, left, former_names) and dealers named
/// for a round (`dealers`); files of version 1 still load.
pub(crate) const FORMAT_VERSION: i64 = 2;
/// The oldest version this build reads.
const OLDEST_VERSION: i64 = 1;
/// The environment variable naming the data folder.
pub(crate) const DATA_DIR_ENV: &str = "THREE13_DATA_DIR";

const SESSIONS: &str = "sessions";
const STATE: &str = "state.toml";
const LOCK: &str = ".lock";

/// The data folder.
#[derive(Clone, Debug)]
pub(crate) struct Store {
    root: PathBuf,
}

/// The data folder's lock, held by one writing process at a time; released
/// when dropped.
#[derive(Debug)]
pub(crate) struct Lock {
    _file: fs::File,
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
            return Ok(Store { root });
        }
        if let Some(value) = std::env::var_os(DATA_DIR_ENV).filter(|v| !v.is_empty()) {
            let root = PathBuf::from(value);
            if !root.is_absolute() {
                return Err(Error::usage(format!(
                    "{DATA_DIR_ENV} must be an absolute path, not \"{}\"",
                    root.display()
                )));
            }
            return Ok(Store { root });
        }
        let dirs = directories::ProjectDirs::from("", "", "three13").ok_or_else(|| {
            Error::data(format!(
                "cannot find the system's data folder (no home folder?); name one with --data-dir DIR or {DATA_DIR_ENV}"
            ))
        })?;
        Ok(Store { root: dirs.data_dir().to_path_buf() })
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
    /// one that differs only in case, else as typed (for a new session, or
    /// an error saying there is none).
    pub(crate) fn find(&self, name: &str) -> Result<String> {
        check_session_name(name)?;
        if self.session_path(name).is_file() {
            return Ok(name.to_string());
        }
        Ok(self.exists(name)?.unwrap_or_else(|| name.to_string()))
    }

    /// The names of the sessions, sorted.
    pub(crate) fn names(&self) -> Result<Vec<String>> {
        let dir = self.sessions_dir();
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => {
                return Err(Error::data(format!("cannot read the sessions folder {}: {e}", dir.display())));
            }
        };
        let mut names = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| {
                Error::data(format!("cannot read the sessions folder {}: {e}", dir.display()))
            })?;
            let file = entry.file_name();
            let Some(name) = file.to_str().and_then(|f| f.strip_suffix(".toml")) else { continue };
            if check_session_name(name).is_ok() {
                names.push(name.to_string());
            }
        }
        names.sort();
        Ok(names)
    }

    /// Reads a session. Needs no lock: saves are atomic, so a reader sees
    /// the old file or the new one.
    pub(crate) fn load(&self, name: &str) -> Result<Session> {
        let path = self.session_path(name);
        let text = match read_text(&path) {
            Ok(text) => text,
            Err(Unread::Missing) => {
                let error = Error::data(format!(
                    "no session named \"{name}\" ({} does not exist); see `three13 sessions`, or start one with `three13 new`",
                    path.display()
                ));
                return Err(self.did_you_mean(error, name));
            }
            Err(Unread::Bad(e)) => return Err(damaged(&path, name, e)),
        };
        parse_session(&text, name).map_err(|e| damaged(&path, name, e))
    }

    /// `error`, with a hint naming the session `name` most likely meant.
    pub(crate) fn did_you_mean(&self, error: Error, name: &str) -> Error {
        let names = self.names().unwrap_or_default();
        crate::error::did_you_mean(error, name, names.iter().map(String::as_str))
    }

    /// Takes the data folder's lock, waiting (and saying so) while another
    /// process holds it; then removes what a save killed midway left.
    pub(crate) fn lock(&self) -> Result<Lock> {
        let sessions = self.sessions_dir();
        fs::create_dir_all(&sessions)
            .map_err(|e| Error::data(format!("cannot create the data folder {}: {e}", sessions.display())))?;
        self.check_folder()?;
        let path = self.root.join(LOCK);
        // The lock is a regular file of the tool's own: never a link to
        // somewhere else (which would be created), never a pipe (which
        // would block).
        if let Ok(meta) = fs::symlink_metadata(&path)
            && let Some(what) = not_regular(&meta)
        {
            return Err(Error::data(format!(
                "the lock file {} is {what}; three13 uses only a regular file there: remove it, and \
                 three13 makes a new one",
                path.display()
            )));
        }
        let mut options = fs::OpenOptions::new();
        options.create(true).truncate(false).write(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        }
        let file = options
            .open(&path)
            .map_err(|e| Error::data(format!("cannot open the lock file {}: {e}", path.display())))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                let root = crate::ui::visible(&self.root.display().to_string());
                eprintln!("note: waiting for another three13 to finish writing in {root}");
                file.lock().map_err(|e| Error::data(format!("cannot lock {}: {e}", path.display())))?;
            }
            Err(fs::TryLockError::Error(e)) => {
                return Err(Error::data(format!("cannot lock {}: {e}", path.display())));
            }
        }
        remove_stale_temporaries(&self.root);
        remove_stale_temporaries(&sessions);
        Ok(Lock { _file: file })
    }

    /// The sessions folder must be a folder of the data folder's own, not a
    /// link that would send every save elsewhere (link the data folder
    /// itself to keep it elsewhere).
    fn check_folder(&self) -> Result<()> {
        let sessions = self.sessions_dir();
        match fs::symlink_metadata(&sessions) {
            Ok(m) if m.file_type().is_symlink() => Err(Error::data(format!(
                "the sessions folder {} is a symbolic link; three13 keeps its sessions in a folder of \
                 the data folder's own (to keep them elsewhere, point --data-dir or THREE13_DATA_DIR there)",
                sessions.display()
            ))),
            _ => Ok(()),
        }
    }

    /// Writes a session's file, atomically. Needs the lock.
    pub(crate) fn save(&self, _lock: &Lock, session: &Session) -> Result<()> {
        let path = self.session_path(session.name());
        let mut text = to_toml(session);
        // A file edited by hand keeps its comments and layout.
        if let Ok(old) = read_text(&path) {
            text = crate::layout::keep_layout(&old, &text);
        }
        write_atomic(&path, &text, Links::Follow)
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

    /// The current session's name, if one is set.
    pub(crate) fn current(&self) -> Result<Option<String>> {
        let path = self.state_path();
        let hint = "`three13 use NAME` writes a new one";
        let text = match read_text(&path) {
            Ok(text) => text,
            Err(Unread::Missing) => return Ok(None),
            Err(Unread::Bad(e)) => return Err(at_path(&path, e, hint)),
        };
        parse_state(&text).map_err(|e| at_path(&path, e, hint))
    }

    /// Names the current session (or none). Needs the lock.
    pub(crate) fn set_current(&self, _lock: &Lock, name: Option<&str>) -> Result<()> {
        let mut text = format!("format_version = {FORMAT_VERSION}\n");
        if let Some(name) = name {
            let _ = writeln!(text, "current = {}", toml_string(name));
        }
        write_atomic(&self.state_path(), &text, Links::Refuse)
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

fn toml_error(text: &str, e: &toml::de::Error) -> FileError {
    FileError {
        at: e.span().map(|s| line_col(text, s.start)),
        message: e.message().trim().replace('\n', "; "),
    }
}

/// The `format_version` of a file: refuses a newer one before anything
/// else is read, so a future format is never half-understood.
fn check_version(text: &str) -> Result<(), FileError> {
    #[derive(Deserialize)]
    struct Probe {
        format_version: Option<Spanned<toml::Value>>,
    }
    let probe: Probe = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
    let Some(version) = probe.format_version else {
        return Err(FileError {
            at: Some((1, 1)),
            message: format!(
                "there is no format_version; this three13 writes format_version = {FORMAT_VERSION} \
                 and reads {OLDEST_VERSION} to {FORMAT_VERSION}"
            ),
        });
    };
    let at = Some(line_col(text, version.span().start));
    match version.get_ref().as_integer() {
        Some(OLDEST_VERSION..=FORMAT_VERSION) => Ok(()),
        Some(v) if v > FORMAT_VERSION => Err(FileError {
            at,
            message: format!(
                "the file has format_version = {v}, from a newer three13; this one reads up to {FORMAT_VERSION}: \
                 upgrade three13 to use it"
            ),
        }),
        _ => Err(FileError {
            at,
            message: format!(
                "format_version is {}; this three13 reads {OLDEST_VERSION} to {FORMAT_VERSION}",
                version.get_ref()
            ),
        }),
    }
}

fn parse_state(text: &str) -> Result<Option<String>, FileError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct State {
        #[allow(dead_code)]
        format_version: i64,
        current: Option<Spanned<String>>,
    }
    check_version(text)?;
    let state: State = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
    let Some(current) = state.current else { return Ok(None) };
    check_session_name(current.get_ref())
        .map_err(|e| FileError { at: Some(line_col(text, current.span().start)), message: e.to_string() })?;
    Ok(Some(current.into_inner()))
}

/// Map entries in the order of the file (a player's score per name).
struct Entries<V>(Vec<(Spanned<String>, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Entries<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct EntriesVisitor<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for EntriesVisitor<V> {
            type Value = Entries<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a table of player names, like { Ann = 12, Bob = 0 }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Entries<V>, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(EntriesVisitor(std::marker::PhantomData))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionFile {
    #[allow(dead_code)]
    format_version: i64,
    /// Written by earlier versions: a session's name is its file's, so a
    /// stored one is read and left unused.
    #[allow(dead_code)]
    name: Option<toml::Value>,
    players: Spanned<Vec<String>>,
    first_dealer: Spanned<String>,
    created: Spanned<toml::Value>,
    updated: Spanned<toml::Value>,
    rules: Option<Spanned<Entries<Spanned<toml::Value>>>>,
    #[serde(default)]
    dealers: Vec<Spanned<DealerFile>>,
    seats: Option<Entries<Spanned<SeatFile>>>,
    #[serde(default)]
    rounds: Vec<Spanned<RoundFile>>,
    tiebreak: Option<Spanned<TiebreakFile>>,
}

/// How a tie for the win was broken: the tiebreaker round's scores, or the
/// cards drawn.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TiebreakFile {
    deadwood: Option<Entries<Spanned<i64>>>,
    hands: Option<Entries<Spanned<String>>>,
    draws: Option<Vec<Entries<Spanned<String>>>>,
}

/// A dealer named for a round (format 2).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DealerFile {
    round: i64,
    player: String,
}

/// A player who joined late, left, or had another name (format 2).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatFile {
    joined: Option<i64>,
    start: Option<i64>,
    left: Option<i64>,
    #[serde(default)]
    former_names: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundFile {
    round: Spanned<i64>,
    deadwood: Spanned<Entries<Spanned<i64>>>,
    hands: Option<Entries<Spanned<String>>>,
    out: Option<Spanned<String>>,
    #[serde(default)]
    penalties: Vec<Spanned<String>>,
}

/// Reads a session file's text. The session's name is the file's: a file
/// copied under another name is another session. The session checks what
/// it is given and names the field to blame, which is placed here.
pub fn parse_session(text: &str, name: &str) -> Result<Session, FileError> {
    check_version(text)?;
    let file: SessionFile = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
    let at =
        |span: Range<usize>, message: String| FileError { at: Some(line_col(text, span.start)), message };
    // A time is written as a string; one typed as a TOML date-time is read too.
    let time = |t: &Spanned<toml::Value>, key: &str| {
        let text = match t.get_ref() {
            toml::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        text.parse::<Timestamp>().map_err(|_| {
            at(
                t.span(),
                format!("{key}: \"{}\" is not a time like 2026-11-22T19:04:11Z", text.escape_debug()),
            )
        })
    };
    let created = time(&file.created, "created")?;
    let updated = time(&file.updated, "updated")?;
    let mut rules = Rules::default();
    for (key, value) in file.rules.iter().flat_map(|r| &r.get_ref().0) {
        let setting = Setting::find(key.get_ref()).ok_or_else(|| {
            let keys: Vec<&str> = SETTINGS.iter().map(|s| s.key).collect();
            at(
                key.span(),
                format!(
                    "rules: unknown setting \"{}\"; the settings are {}",
                    key.get_ref().escape_debug(),
                    keys.join(", ")
                ),
            )
        })?;
        // A value must be of the setting's own type: a number, a flag or a word.
        let typed = match (value.get_ref(), setting.get(&rules)) {
            (toml::Value::Integer(n), Value::Number(_) | Value::Word(_)) => Some(n.to_string()),
            (toml::Value::Boolean(b), Value::Flag(_)) => Some(b.to_string()),
            (toml::Value::String(w), Value::Word(_) | Value::Number(_)) => Some(w.clone()),
            _ => None,
        };
        let shown = match value.get_ref() {
            toml::Value::String(w) => w.escape_debug().to_string(),
            other => other.to_string(),
        };
        let refused = || {
            at(
                value.span(),
                format!("rules: {} cannot be \"{shown}\"; it takes {}", setting.key, setting.allowed),
            )
        };
        let typed = typed.ok_or_else(refused)?;
        setting.set(&mut rules, &typed).map_err(|_| refused())?;
    }
    let rounds = file.rounds.iter().map(|r| stored_round(r.get_ref())).collect();
    let seats: &[(Spanned<String>, Spanned<SeatFile>)] = file.seats.as_ref().map_or(&[], |s| &s.0);
    // Where each entry of the stored lists came from, to place an error.
    let mut joined = (Vec::new(), Vec::new());
    let mut left = (Vec::new(), Vec::new());
    let mut former = (Vec::new(), Vec::new());
    for (i, (name, seat)) in seats.iter().enumerate() {
        // One table per player: two for the same name (in another case or
        // form) would leave one of them unread.
        if let Some((first, _)) = seats[..i].iter().find(|(o, _)| same_name(o.get_ref(), name.get_ref())) {
            let twice =
                SheetError::SameName { first: first.get_ref().clone(), second: name.get_ref().clone() };
            return Err(at(seat.span(), format!("seats: {twice}")));
        }
        let (who, info) = (name.get_ref().clone(), seat.get_ref());
        if info.joined.is_some() || info.start.is_some() {
            joined.0.push((who.clone(), info.joined.unwrap_or(0), info.start.unwrap_or(0)));
            joined.1.push(seat.span());
        }
        if let Some(l) = info.left {
            left.0.push((who.clone(), l));
            left.1.push(seat.span());
        }
        if !info.former_names.is_empty() {
            former.0.push((who, info.former_names.clone()));
            former.1.push(seat.span());
        }
    }
    let playoff = match &file.tiebreak {
        None => None,
        Some(t) => {
            let pairs = |e: &Entries<Spanned<String>>| -> Vec<(String, String)> {
                e.0.iter().map(|(k, v)| (k.get_ref().clone(), v.get_ref().clone())).collect()
            };
            let tb = t.get_ref();
            match (&tb.deadwood, &tb.draws) {
                (Some(d), None) => Some(StoredPlayoff::Round {
                    deadwood: d.0.iter().map(|(k, v)| (k.get_ref().clone(), *v.get_ref())).collect(),
                    hands: tb.hands.as_ref().map(pairs).unwrap_or_default(),
                }),
                (None, Some(draws)) if tb.hands.is_none() => {
                    Some(StoredPlayoff::Draws(draws.iter().map(pairs).collect()))
                }
                _ => {
                    return Err(at(
                        t.span(),
                        "tiebreak: give either deadwood (and hands) of the tiebreaker round, or draws".into(),
                    ));
                }
            }
        }
    };
    let stored = StoredSession {
        name: name.to_string(),
        players: file.players.get_ref().clone(),
        first_dealer: file.first_dealer.get_ref().clone(),
        rules,
        created,
        updated,
        rounds,
        joined: joined.0,
        left: left.0,
        former_names: former.0,
        dealers: file.dealers.iter().map(|d| (d.get_ref().round, d.get_ref().player.clone())).collect(),
        playoff,
    };
    Session::restore(stored, &mut Solver::new()).map_err(|e| {
        let round = |i: usize| file.rounds[i].get_ref();
        let numbered = |i: usize| format!("round {}: ", i + 1);
        let (span, prefix) = match e.field {
            Field::Players => (file.players.span(), "players: ".to_string()),
            Field::FirstDealer => (file.first_dealer.span(), "first_dealer: ".to_string()),
            Field::Round(i) => (file.rounds[i].span(), numbered(i)),
            Field::RoundNumber(i) => (round(i).round.span(), String::new()),
            Field::Deadwood(i) => (round(i).deadwood.span(), numbered(i)),
            Field::DeadwoodName(i, k) => {
                (round(i).deadwood.get_ref().0[k].0.span(), format!("{}in deadwood, ", numbered(i)))
            }
            Field::DeadwoodValue(i, k) => (round(i).deadwood.get_ref().0[k].1.span(), numbered(i)),
            Field::HandName(i, k) => (hands(round(i))[k].0.span(), format!("{}in hands, ", numbered(i))),
            Field::HandCards(i, k) => (hands(round(i))[k].1.span(), numbered(i)),
            Field::Out(i) => {
                let out = round(i).out.as_ref().map_or(file.rounds[i].span(), Spanned::span);
                (out, format!("{}out: ", numbered(i)))
            }
            Field::Penalty(i, k) => (round(i).penalties[k].span(), format!("{}penalties: ", numbered(i))),
            Field::Joined(k) => (joined.1[k].clone(), "seats: ".to_string()),
            Field::Left(k) => (left.1[k].clone(), "seats: ".to_string()),
            Field::FormerNames(k) => (former.1[k].clone(), "seats: ".to_string()),
            Field::Dealer(k) => (file.dealers[k].span(), "dealers: ".to_string()),
            Field::Playoff => (file.tiebreak.as_ref().map_or(0..0, Spanned::span), "tiebreak: ".to_string()),
        };
        let message = match &e.error {
            // A stored hand is reported on one line, without a caret.
            SheetError::Hand { player, error } => format!("{player}'s hand: {}", error.problem),
            other => other.to_string(),
        };
        at(span, format!("{prefix}{message}"))
    })
}

/// A round of the file, its spans left behind.
fn stored_round(r: &RoundFile) -> StoredRound {
    StoredRound {
        round: *r.round.get_ref(),
        deadwood: r.deadwood.get_ref().0.iter().map(|(k, v)| (k.get_ref().clone(), *v.get_ref())).collect(),
        hands: r
            .hands
            .iter()
            .flat_map(|h| &h.0)
            .map(|(k, v)| (k.get_ref().clone(), v.get_ref().clone()))
            .collect(),
        out: r.out.as_ref().map(|o| o.get_ref().clone()),
        penalties: r.penalties.iter().map(|p| p.get_ref().clone()).collect(),
    }
}

/// The hands of a stored round, in the file's order.
fn hands(r: &RoundFile) -> &[(Spanned<String>, Spanned<String>)] {
    r.hands.as_ref().map_or(&[], |h| &h.0)
}

/// The text of a session file: readable, and editable by hand.
pub fn to_toml(session: &Session) -> String {
    let mut out = String::new();
    let names = session.players();
    let players: Vec<String> = names.iter().map(|p| toml_string(p)).collect();
    let seats = session.seats();
    let _ = writeln!(out, "format_version = {FORMAT_VERSION}");
    let _ = writeln!(out, "players = [{}]", players.join(", "));
    let _ = writeln!(out, "first_dealer = {}", toml_string(&names[session.first_dealer()]));
    let _ = writeln!(out, "created = {}", toml_string(&session.created().to_string()));
    let _ = writeln!(out, "updated = {}", toml_string(&session.updated().to_string()));
    if !session.dealer_changes().is_empty() {
        let dealers: Vec<String> = session
            .dealer_changes()
            .iter()
            .map(|&(round, seat)| format!("{{ round = {round}, player = {} }}", toml_string(&names[seat])))
            .collect();
        let _ = writeln!(out, "dealers = [{}]", dealers.join(", "));
    }
    for (name, seat) in names.iter().zip(seats).filter(|(_, s)| **s != Default::default()) {
        let _ = writeln!(out, "\n[seats.{}]", toml_key(name));
        if seat.joined != 0 || seat.start != 0 {
            let _ = writeln!(out, "joined = {}\nstart = {}", seat.joined, seat.start);
        }
        if let Some(left) = seat.left {
            let _ = writeln!(out, "left = {left}");
        }
        if !seat.former_names.is_empty() {
            let former: Vec<String> = seat.former_names.iter().map(|f| toml_string(f)).collect();
            let _ = writeln!(out, "former_names = [{}]", former.join(", "));
        }
    }
    let _ = writeln!(out, "\n[rules]");
    let rules = session.rules();
    for setting in &SETTINGS {
        let value = match setting.get(&rules) {
            Value::Word(w) => toml_string(w),
            other => other.to_string(),
        };
        let _ = writeln!(out, "{} = {value}", setting.key);
    }
    for (i, r) in session.rounds().iter().enumerate() {
        let _ = writeln!(out, "\n[[rounds]]\nround = {}", i + 1);
        let scores: Vec<String> = names
            .iter()
            .zip(&r.deadwood)
            .enumerate()
            .filter(|&(seat, _)| session.plays(seat, i + 1))
            .map(|(_, (p, d))| format!("{} = {d}", toml_key(p)))
            .collect();
        let _ = writeln!(out, "deadwood = {{ {} }}", scores.join(", "));
        let hands: Vec<String> = names
            .iter()
            .zip(&r.hands)
            .filter_map(|(p, h)| {
                let cards: Vec<String> = h.as_ref()?.iter().map(|c| c.ascii()).collect();
                Some(format!("{} = {}", toml_key(p), toml_string(&cards.join(" "))))
            })
            .collect();
        if !hands.is_empty() {
            let _ = writeln!(out, "hands = {{ {} }}", hands.join(", "));
        }
        if let Some(out_seat) = r.out {
            let _ = writeln!(out, "out = {}", toml_string(&names[out_seat]));
        }
        if !r.penalties.is_empty() {
            let penalised: Vec<String> = r.penalties.iter().map(|&s| toml_string(&names[s])).collect();
            let _ = writeln!(out, "penalties = [{}]", penalised.join(", "));
        }
    }
    match session.playoff() {
        None => {}
        Some(Playoff::Round(scores)) => {
            let _ = writeln!(out, "\n[tiebreak]");
            let deadwood: Vec<String> =
                scores.iter().map(|(s, sc)| format!("{} = {}", toml_key(&names[*s]), sc.deadwood)).collect();
            let _ = writeln!(out, "deadwood = {{ {} }}", deadwood.join(", "));
            let hands: Vec<String> = scores
                .iter()
                .filter_map(|(s, sc)| {
                    let cards: Vec<String> = sc.hand.as_ref()?.iter().map(|c| c.ascii()).collect();
                    Some(format!("{} = {}", toml_key(&names[*s]), toml_string(&cards.join(" "))))
                })
                .collect();
            if !hands.is_empty() {
                let _ = writeln!(out, "hands = {{ {} }}", hands.join(", "));
            }
        }
        Some(Playoff::Draws(draws)) => {
            let _ = writeln!(out, "\n[tiebreak]\ndraws = [");
            for draw in draws {
                let cards: Vec<String> = draw
                    .iter()
                    .map(|(s, c)| format!("{} = {}", toml_key(&names[*s]), toml_string(&c.ascii())))
                    .collect();
                let _ = writeln!(out, "    {{ {} }},", cards.join(", "));
            }
            let _ = writeln!(out, "]");
        }
    }
    out
}

/// A TOML basic string, quoted and escaped; valid as a value and as a key.
fn toml_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TOML key: bare where TOML allows, quoted otherwise.
fn toml_key(s: &str) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        s.to_string()
    } else {
        toml_string(s)
    }
}

#[cfg(test)]
mod tests {
    use three13_core::sheet::{RoundRecord, check_player_names};

    use super::*;

    fn sample() -> Session {
        let players = ["Ann", "Bob \"B\"", "Zoë 🃏"].map(String::from).to_vec();
        let mut s = Session::new("friday", players, 1, Rules::default(), Timestamp::UNIX_EPOCH).unwrap();
        let mut solver = Solver::new();
        let mut r = RoundRecord::from_deadwood(vec![26, 0, 5]);
        r.hands[0] = Some(s.read_score(1, 0, "9h 4d Kh", &mut solver).unwrap().hand.unwrap());
        r.out = Some(1);
        s.add_round(r, Timestamp::UNIX_EPOCH).unwrap();
        s
    }

    #[test]
    fn writes_readable_toml_and_reads_it_back() {
        let s = sample();
        let text = to_toml(&s);
        assert!(text.starts_with("format_version = 2\nplayers = "), "{text}");
        assert!(
            text.contains(
                "[[rounds]]\nround = 1\ndeadwood = { Ann = 26, \"Bob \\\"B\\\"\" = 0, \"Zoë 🃏\" = 5 }\n\
                 hands = { Ann = \"9h 4d Kh\" }\nout = \"Bob \\\"B\\\"\"\n"
            ),
            "{text}"
        );
        assert_eq!(parse_session(&text, "friday").unwrap(), s);
    }

    #[test]
    fn places_errors() {
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
        let text = to_toml(&sample()).replace("Ann = 26", "Anne = 26");
        let e = parse_session(&text, "friday").unwrap_err();
        assert_eq!(
            e.message,
            "round 1: in deadwood, \"Anne\" is not one of the players (Ann, Bob \"B\", Zoë 🃏)"
        );
        let line = text.lines().position(|l| l.contains("Anne")).unwrap() + 1;
        assert_eq!(e.at, Some((line, 14)));
    }

    mod properties {
        use proptest::prelude::*;

        use super::*;
        use three13_core::card::Card;
        use three13_core::sheet::Added;

        /// Player names: ASCII, Unicode, quotes, TOML syntax; the invalid
        /// ones are dropped by the filter.
        fn player() -> impl Strategy<Value = String> {
            prop_oneof!["[A-Za-z][a-z]{0,6}", "[A-Za-z '\"#\\\\\\[\\]{}.,]{1,12}", "\\PC{1,8}",]
        }

        fn rules() -> impl Strategy<Value = Rules> {
            (
                0u8..3,
                any::<bool>(),
                any::<bool>(),
                prop_oneof![Just("0"), Just("-5"), Just("wild")],
                0u16..40,
                any::<bool>(),
                0usize..3,
            )
                .prop_map(|(extra, down, double, bonus, penalty, naughts, preset)| {
                    let mut r = Rules::preset(["standard", "tens", "strict"][preset]).unwrap();
                    r.extra_rounds = extra;
                    r.down_and_up = down;
                    r.double_last_rounds = double;
                    r.set("go_out_bonus", bonus).unwrap();
                    r.bad_go_out_penalty = penalty;
                    r.double_naughts = naughts;
                    r
                })
        }

        /// One change to a session in the making: a round, a player joining,
        /// leaving or renamed, or a dealer named.
        #[derive(Clone, Debug)]
        enum Step {
            Round { scores: Vec<u32>, seed: u64, out: usize, penalised: Vec<bool> },
            Join { name: String, seat: usize, start: Option<i32> },
            Leave(usize),
            Rename(usize, String),
            Dealer { back: usize, seat: usize },
        }

        fn step() -> impl Strategy<Value = Step> {
            let scores = || proptest::collection::vec(0u32..200, 12);
            prop_oneof![
                6 => (scores(), any::<u64>(), 0usize..14, proptest::collection::vec(any::<bool>(), 12))
                    .prop_map(|(scores, seed, out, penalised)| Step::Round { scores, seed, out, penalised }),
                1 => (player(), 0usize..12, proptest::option::of(-50i32..300))
                    .prop_map(|(name, seat, start)| Step::Join { name, seat, start }),
                1 => (0usize..12).prop_map(Step::Leave),
                1 => (0usize..12, player()).prop_map(|(seat, name)| Step::Rename(seat, name)),
                1 => (0usize..3, 0usize..12).prop_map(|(back, seat)| Step::Dealer { back, seat }),
            ]
        }

        /// A round for the next deal: every player in it scores (the same
        /// under `level`, which makes ties), now and then with a typed hand.
        fn round_for(s: &Session, step: &Step, level: bool, solver: &mut Solver) -> RoundRecord {
            let Step::Round { scores, seed, out, penalised } = step else { unreachable!() };
            let deal = s.next_deal().expect("a round to play");
            let n = s.players().len();
            let playing = s.playing(deal.round);
            let most = s.rules().max_deadwood(deal.cards);
            let mut r = RoundRecord::from_deadwood(vec![0; n]);
            for &p in &playing {
                r.deadwood[p] = if level { scores[0] } else { scores[p % 12] } % (most + 1);
            }
            // Now and then a typed hand: the deal's first cards from a seed.
            if seed % 3 == 0 {
                let deck: Vec<Card> = Card::deck().collect();
                let hand: Vec<Card> =
                    (0..deal.cards).map(|i| deck[(*seed as usize / 3 + i * 7) % 52]).collect();
                let mut unique = hand.clone();
                unique.sort();
                unique.dedup();
                if unique.len() == hand.len() {
                    let text: Vec<String> = hand.iter().map(|c| c.ascii()).collect();
                    let score = s.read_score(deal.round, playing[0], &text.join(" "), solver).unwrap();
                    r.deadwood[playing[0]] = score.deadwood;
                    r.hands[playing[0]] = score.hand;
                    if level {
                        for &p in &playing {
                            r.deadwood[p] = score.deadwood;
                        }
                    }
                }
            }
            if level {
                return r;
            }
            if let Some(&out) = playing.get(*out) {
                r.deadwood[out] = 0;
                r.hands[out] = None;
                r.out = Some(out);
            }
            if s.rules().bad_go_out_penalty > 0 {
                r.penalties =
                    playing.iter().copied().filter(|&p| penalised[p % 12] && Some(p) != r.out).collect();
            }
            r
        }

        prop_compose! {
            /// A session as play makes it: rounds, players joining, leaving
            /// and renamed, dealers named, often played to the end, and a
            /// tiebreak when the rules call for one. Under `level` every
            /// round is a tie, so that tiebreaks are common.
            fn session()(
                players in proptest::collection::vec(player(), 2..6)
                    .prop_filter("valid names", |p| check_player_names(p).is_ok()),
                rules in rules(),
                tiebreak in prop_oneof![1 => Just("share"), 2 => Just("round"), 2 => Just("draw")],
                dealer in 0usize..6,
                steps in proptest::collection::vec(step(), 0..30),
                level in any::<bool>(),
                finish in proptest::option::weighted(0.7, step().prop_filter("a round", |s| matches!(s, Step::Round { .. }))),
                draw_seed in any::<u64>(),
                created in 0i64..4_000_000_000,
            ) -> Session {
                let n = players.len();
                let now = Timestamp::from_second(created).unwrap();
                let mut rules = rules;
                rules.set("tiebreak", tiebreak).unwrap();
                let mut s = Session::new("prop", players, dealer % n, rules, now).unwrap();
                let mut solver = Solver::new();
                for step in &steps {
                    let n = s.players().len();
                    match step {
                        Step::Round { .. } => {
                            if s.next_deal().is_none() {
                                continue;
                            }
                            let r = round_for(&s, step, level, &mut solver);
                            s.add_round(r, now).unwrap();
                        }
                        // Refusals (a full table, a taken name, too few
                        // left) leave the session as it was.
                        Step::Join { name, seat, start } => {
                            let _ = s.add_player(name, Some(seat % (n + 1)), if level { None } else { *start }, now);
                        }
                        Step::Leave(seat) => {
                            let _ = s.remove_player(seat % n, now);
                        }
                        Step::Rename(seat, name) => {
                            let _ = s.rename_player(seat % n, name, now);
                        }
                        Step::Dealer { back, seat } => {
                            let round = (s.rounds().len() + 1).saturating_sub(*back).max(1);
                            let _ = s.set_dealer(round, seat % n, now);
                        }
                    }
                }
                // Played to the end, tiebreaker round included.
                if let Some(step) = finish {
                    while s.next_deal().is_some() {
                        let r = round_for(&s, &step, level, &mut solver);
                        // Under double_naughts a round of 0s is played again.
                        if let Added::Replayed(_) = s.add_round(r, now).unwrap() {
                            break;
                        }
                    }
                }
                let mut seed = draw_seed;
                s.draw_tiebreak(
                    |k| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        (seed >> 33) as usize % k
                    },
                    now,
                );
                s
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

            #[test]
            fn any_session_written_reads_back_equal(s in session()) {
                let text = to_toml(&s);
                prop_assert_eq!(parse_session(&text, "prop"), Ok(s));
            }

            #[test]
            fn damage_is_detected_or_harmless(
                s in session(),
                edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..4), 1..6),
            ) {
                let mut bytes = to_toml(&s).into_bytes();
                for (at, byte, how) in edits {
                    if bytes.is_empty() {
                        break;
                    }
                    let i = at.index(bytes.len());
                    match how {
                        0 => bytes[i] = byte,
                        1 => bytes.insert(i, byte),
                        2 => { bytes.remove(i); }
                        _ => bytes.truncate(i),
                    }
                }
                // Never a panic; what loads is a session that saves and loads again.
                if let Ok(loaded) = crate::files::text_of(bytes).and_then(|t| parse_session(&t, "prop")) {
                    let again = to_toml(&loaded);
                    prop_assert_eq!(parse_session(&again, "prop"), Ok(loaded));
                }
            }
        }
    }
}
