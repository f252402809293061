//! The sessions of the data folder as a whole: which one is current, and
//! deleting one. Each under the data folder's lock.

use three13_core::sheet::Session;

use crate::error::{Error, Result};
use crate::store::Store;

/// Makes the session `name` (a stored name) the current one; it must load,
/// since a session that does not is not one to continue.
pub(crate) fn choose(store: &Store, name: &str) -> Result<Session> {
    let lock = store.lock()?;
    let session = store.load(name)?;
    store.set_current(&lock, Some(session.name()))?;
    Ok(session)
}

/// Deletes the session `name` (a stored name); gives whether it was the
/// current one, which then no longer is.
pub(crate) fn delete(store: &Store, name: &str) -> Result<bool> {
    let lock = store.lock()?;
    store.delete(&lock, name)?;
    let was_current = matches!(store.current(), Ok(Some(c)) if c == name);
    if was_current {
        // Two files change: say exactly what was done when the second fails.
        store.set_current(&lock, None).map_err(|e| {
            Error::data(format!(
                "session {name} was deleted, but it is still named the current session: {}",
                e.message()
            ))
            .with_hint("pick another with `three13 use NAME`")
        })?;
    }
    Ok(was_current)
}
