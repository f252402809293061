//! Reading and writing files without surprises: only regular files are
//! read (a FIFO or a device is refused at once, never waited on), a file is
//! replaced atomically and keeps its mode and owner, a read-only file is
//! left alone, and what is not a regular file is never renamed over.

use std::fs;
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The largest file read; a score sheet is a few kilobytes.
pub(crate) const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// Why a file's text does not load: what is wrong and, when known, the
/// line and column (from 1).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FileError {
    pub at: Option<(usize, usize)>,
    pub message: String,
}

/// A file that could not be read.
pub(crate) enum Unread {
    /// Nothing is there.
    Missing,
    Bad(FileError),
}

/// What kind of thing a path names, in words, when it is not a regular file.
pub(crate) fn not_regular(meta: &fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    if kind.is_symlink() {
        return Some("a symbolic link");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

/// Opens `path` for reading without waiting on it: a named pipe with no
/// writer would otherwise block the open forever.
fn open_to_read(path: &Path) -> std::io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The text of the regular file at `path` (through symbolic links), at most
/// MAX_FILE_BYTES of UTF-8.
pub(crate) fn read_text(path: &Path) -> Result<String, Unread> {
    let bad = |message: String| Unread::Bad(FileError { at: None, message });
    let file = match open_to_read(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // A link to nothing is something to report, not nothing.
            return match fs::read_link(path) {
                Ok(target) => {
                    Err(bad(format!("is a symbolic link to {}, which does not exist", target.display())))
                }
                Err(_) => Err(Unread::Missing),
            };
        }
        Err(e) => return Err(bad(format!("cannot read the file: {e}"))),
    };
    match file.metadata() {
        Ok(m) => {
            if let Some(what) = not_regular(&m) {
                return Err(bad(format!("is {what}, not a regular file; three13 reads only regular files")));
            }
            if m.len() > MAX_FILE_BYTES {
                return Err(bad(format!("the file is {} bytes, more than a session file can be", m.len())));
            }
        }
        Err(e) => return Err(bad(format!("cannot read the file: {e}"))),
    }
    // Read no more than the limit, even from a file that grows meanwhile.
    let mut bytes = Vec::new();
    if let Err(e) = file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes) {
        return Err(bad(format!("cannot read the file: {e}")));
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(bad(format!(
            "the file is more than {MAX_FILE_BYTES} bytes, more than a session file can be"
        )));
    }
    text_of(bytes).map_err(Unread::Bad)
}

/// The text of a file's bytes; where they stop being UTF-8, if they do.
pub fn text_of(bytes: Vec<u8>) -> Result<String, FileError> {
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let good = std::str::from_utf8(good).unwrap_or_default();
        FileError { at: Some(line_col(good, good.len())), message: "the file is not UTF-8 text".into() }
    })
}

/// The line and column (from 1, in characters) of byte `offset` of `text`.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// How a save treats a symbolic link at the path it writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Links {
    /// Write through it: the file it points to is replaced, the link stays.
    Follow,
    /// Refuse it: the path must be the file itself.
    Refuse,
}

/// Where a save lands: the path itself, or the file its links point to.
fn target_of(path: &Path, links: Links) -> Result<PathBuf, String> {
    let mut target = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&target) {
            Ok(m) if m.file_type().is_symlink() => {
                if links == Links::Refuse {
                    return Err("it is a symbolic link, and three13 writes this file only in place".into());
                }
                let next = fs::read_link(&target).map_err(|e| e.to_string())?;
                target = match target.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                };
            }
            _ => return Ok(target),
        }
    }
    Err("it is a chain of too many symbolic links".into())
}

/// Writes `text` to `path` so that the file holds the old text or the new,
/// never a mix: a temporary file beside it, synced, renamed over it. An
/// existing file keeps its mode and owner; a read-only one, or anything
/// that is not a regular file, is refused and left as it is.
pub(crate) fn write_atomic(path: &Path, text: &str, links: Links) -> Result<()> {
    write_atomic_with(path, text, links, || Ok(()))
}

/// [`write_atomic`], with `before_rename` run between the sync of the
/// temporary file and its rename (where a crash or a failure must leave the
/// old file whole).
fn write_atomic_with(
    path: &Path,
    text: &str,
    links: Links,
    before_rename: impl FnOnce() -> std::io::Result<()>,
) -> Result<()> {
    let fail = |e: &dyn std::fmt::Display| {
        Error::data(format!("cannot save {}: {e}; the file is left as it was", path.display()))
    };
    let target = target_of(path, links).map_err(|e| fail(&e))?;
    let existing = fs::symlink_metadata(&target).ok();
    if let Some(meta) = &existing {
        if let Some(what) = not_regular(meta) {
            return Err(fail(&format!("it is {what}, not a regular file")));
        }
        if meta.permissions().readonly() {
            return Err(Error::data(format!(
                "cannot save {}: the file is read-only, so three13 leaves it as it is; make it writable \
                 (chmod u+w) to record in it",
                path.display()
            )));
        }
    }
    let dir = target.parent().ok_or_else(|| fail(&"it has no folder"))?;
    fs::create_dir_all(dir).map_err(|e| fail(&e))?;
    let file_name = target.file_name().and_then(|f| f.to_str()).unwrap_or("file");
    let prefix = format!(".{file_name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        // A new file gets the mode the umask allows, as any other program's.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(|e| fail(&e))?;
    if let Some(meta) = &existing {
        keep_mode_and_owner(tmp.as_file(), meta).map_err(|e| fail(&e))?;
    }
    tmp.write_all(text.as_bytes()).map_err(|e| fail(&e))?;
    tmp.as_file().sync_all().map_err(|e| fail(&e))?;
    // Dropping the temporary file on a failure removes it.
    before_rename().map_err(|e| fail(&e))?;
    tmp.persist(&target).map_err(|e| fail(&e.error))?;
    // Make the rename itself durable where the system allows it.
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Gives the new file the old one's permissions and, where this process
/// may, its owner and group (a folder shared by a group stays shared).
fn keep_mode_and_owner(file: &fs::File, old: &fs::Metadata) -> std::io::Result<()> {
    file.set_permissions(old.permissions())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // Only a privileged process may give a file away; others keep theirs.
        let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
    }
    Ok(())
}

/// Writes an export to `path`: into a named pipe or a device as it is (a
/// reader may be waiting on it), through a symbolic link to the file it
/// names, else atomically as a file of its own.
pub(crate) fn write_output(path: &Path, text: &str) -> Result<()> {
    let shown = path.display();
    let cannot = |e: &dyn std::fmt::Display| Error::data(format!("cannot write {shown}: {e}"));
    let target = target_of(path, Links::Follow).map_err(|e| cannot(&e))?;
    match fs::metadata(&target) {
        Ok(m) if m.is_dir() => Err(cannot(&"it is a folder")),
        Ok(m) if !m.is_file() => {
            // A pipe or a device is written into, never replaced.
            let mut out = fs::OpenOptions::new().write(true).open(&target).map_err(|e| cannot(&e))?;
            out.write_all(text.as_bytes()).map_err(|e| cannot(&e))?;
            out.flush().map_err(|e| cannot(&e))
        }
        _ => {
            let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
            if !dir.is_dir() {
                return Err(cannot(&format!("there is no folder {}", dir.display())));
            }
            write_atomic(&target, text, Links::Follow)
        }
    }
}

/// Removes the temporary files a save killed midway left in `dir` (named
/// `.NAME.toml.XXXXXX.tmp`); only regular files of that naming are touched.
pub(crate) fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let ours = name.starts_with('.') && name.ends_with(".tmp") && name.contains(".toml.");
        if ours && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_save_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.toml");
        write_atomic(&path, "old\n", Links::Refuse).unwrap();
        let failed =
            write_atomic_with(&path, "new\n", Links::Refuse, || Err(std::io::Error::other("no room")));
        assert_eq!(
            failed.unwrap_err().to_string(),
            format!("cannot save {}: no room; the file is left as it was", path.display())
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["g.toml"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_save_keeps_the_mode_and_writes_through_a_link() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.toml");
        fs::write(&real, "old\n").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("link.toml");
        std::os::unix::fs::symlink("real.toml", &link).unwrap();
        write_atomic(&link, "new\n", Links::Follow).unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new\n");
        assert_eq!(fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o640);
        let refused = write_atomic(&link, "x\n", Links::Refuse).unwrap_err().to_string();
        assert!(refused.contains("symbolic link"), "{refused}");
        fs::set_permissions(&real, fs::Permissions::from_mode(0o444)).unwrap();
        let refused = write_atomic(&real, "x\n", Links::Follow).unwrap_err().to_string();
        assert!(refused.contains("read-only"), "{refused}");
        assert_eq!(fs::read_to_string(&real).unwrap(), "new\n");
    }
}
