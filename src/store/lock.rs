//! The data folder's lock: a side file locked by one writing process at a
//! time, from the load of what it changes to the save.

use std::fs;

use super::{LOCK, Store};
use crate::error::{Error, Result};
use crate::files::{link_target, not_regular, remove_stale_temporaries, remove_stale_temporaries_of};

/// The data folder's lock, held by one writing process at a time; released
/// when dropped.
#[derive(Debug)]
pub(crate) struct Lock {
    _file: fs::File,
}

impl Store {
    /// Takes the data folder's lock, waiting (and saying so) while another
    /// process holds it; then removes what a save killed midway left, in
    /// the data folder and beside the files linked sessions lead to.
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
                let root = self.root.display();
                self.said.note(&format!("waiting for another three13 to finish writing in {root}"));
                file.lock().map_err(|e| Error::data(format!("cannot lock {}: {e}", path.display())))?;
            }
            Err(fs::TryLockError::Error(e)) => {
                return Err(Error::data(format!("cannot lock {}: {e}", path.display())));
            }
        }
        // From here a signal on a terminal waits for the command to finish.
        crate::interrupt::holding();
        remove_stale_temporaries(&self.root);
        remove_stale_temporaries(&sessions);
        // A linked session is saved beside the file its link leads to.
        for entry in fs::read_dir(&sessions).into_iter().flatten().flatten() {
            if let Some(target) = link_target(&entry.path()) {
                remove_stale_temporaries_of(&target);
            }
        }
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
}
