//! The state file, `state.toml`: the name of the current session, if any.

use serde::Deserialize;
use serde_spanned::Spanned;
use toml_edit::{DocumentMut, Item, value};

use three13_core::sheet::check_session_name;

use super::format::{FORMAT_VERSION, deserialize, parse, string};
use super::{Lock, Store, at_path};
use crate::error::Result;
use crate::files::{FileError, Links, Unread, line_col, read_text, write_atomic};

impl Store {
    /// The current session's name, if one is set.
    pub(crate) fn current(&self) -> Result<Option<String>> {
        let path = self.state_path();
        let hint = "`three13 use NAME` writes a new one";
        let text = match read_text(&path) {
            Ok(text) => text,
            Err(Unread::Missing) => return Ok(None),
            Err(Unread::Bad(e)) => return Err(at_path(&path, e, hint)),
        };
        read_state(&text).map_err(|e| at_path(&path, e, hint))
    }

    /// Names the current session (or none). Needs the lock.
    pub(crate) fn set_current(&self, _lock: &Lock, name: Option<&str>) -> Result<()> {
        let mut doc = DocumentMut::new();
        doc.insert("format_version", value(FORMAT_VERSION));
        if let Some(name) = name {
            doc.insert("current", Item::Value(string(name)));
        }
        write_atomic(&self.state_path(), &doc.to_string(), Links::Refuse)
    }
}

fn read_state(text: &str) -> Result<Option<String>, FileError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct State {
        #[allow(dead_code)]
        format_version: i64,
        current: Option<Spanned<String>>,
    }
    let state: State = deserialize(text, &parse(text)?)?;
    let Some(current) = state.current else { return Ok(None) };
    check_session_name(current.get_ref())
        .map_err(|e| FileError { at: Some(line_col(text, current.span().start)), message: e.to_string() })?;
    Ok(Some(current.into_inner()))
}
