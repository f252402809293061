//! What a shell is offered as a word is completed: the sessions, the
//! current session's players, the presets, the settings and their values.
//!
//! The shell's registration script (`three13 completions SHELL`, or
//! `COMPLETE=SHELL three13`) calls back into the binary with the words typed
//! so far; clap_complete's engine asks the functions here for the candidates.
//! They read the data folder named by THREE13_DATA_DIR, else the system's,
//! and stay silent when it cannot be read: a completion never fails loudly.

use std::ffi::OsStr;

use clap_complete::engine::CompletionCandidate;
use three13_core::rules::{PRESETS, SETTINGS, Setting};
use three13_core::sheet::Session;

use crate::store::Store;

/// The current session, if it loads.
fn current() -> Option<Session> {
    let store = Store::locate(None).ok()?;
    let name = store.current().ok()??;
    store.load(&name).ok()
}

/// Every session in the data folder, with its players as help.
pub(crate) fn sessions() -> Vec<CompletionCandidate> {
    let Some(store) = Store::locate(None).ok() else { return Vec::new() };
    let names = store.names().unwrap_or_default();
    names
        .into_iter()
        .map(|name| {
            let about = store.load(&name).ok().map(|s| s.players().join(", "));
            CompletionCandidate::new(name).help(about.map(Into::into))
        })
        .collect()
}

/// The players of the current session, in seat order.
pub(crate) fn players() -> Vec<CompletionCandidate> {
    current().map(|s| s.players().iter().map(CompletionCandidate::new).collect()).unwrap_or_default()
}

/// The presets, with what each is.
pub(crate) fn presets() -> Vec<CompletionCandidate> {
    PRESETS.iter().map(|(name, about)| CompletionCandidate::new(*name).help(Some((*about).into()))).collect()
}

/// `--set`: the setting keys (as `KEY=`), then the values the key takes.
pub(crate) fn setting(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    match current.split_once('=') {
        None => SETTINGS
            .iter()
            .filter(|s| s.key.starts_with(current.as_ref()))
            .map(|s| CompletionCandidate::new(format!("{}=", s.key)).help(Some(s.about.into())))
            .collect(),
        Some((key, value)) => {
            let Some(setting) = Setting::find(key) else { return Vec::new() };
            setting
                .allowed
                .candidates()
                .into_iter()
                .filter(|v| v.starts_with(value))
                .map(|v| CompletionCandidate::new(format!("{key}={v}")))
                .collect()
        }
    }
}

/// A score of `round` or `edit`: `NAME=` for each player of the current
/// session whose name starts with what is typed.
pub(crate) fn score(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy().to_lowercase();
    if current.contains('=') {
        return Vec::new();
    }
    let Some(session) = self::current() else { return Vec::new() };
    session
        .players()
        .iter()
        .filter(|p| p.to_lowercase().starts_with(&current))
        .map(|p| CompletionCandidate::new(format!("{p}=")))
        .collect()
}
