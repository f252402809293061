//! Reading and writing files without surprises: only regular files are
//! read (a FIFO or a device is refused at once, never waited on); a link is
//! followed once, when the file is read, and only one of the user's own or
//! root's; a file is replaced atomically, only while it is still the file
//! read, and keeps its mode and owner; a read-only file is left alone; and
//! what is not a regular file is never renamed over: an output named on
//! the command line is written into a pipe, a device or a file the shell
//! opened.

use std::fs;
use std::io::{Read as _, Write};
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

/// Opens `path` for reading without waiting on it (a named pipe with no
/// writer would otherwise block the open forever), and without following
/// a link there.
fn open_to_read(path: &Path) -> std::io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// The text of the regular file at `path` (through symbolic links), at most
/// MAX_FILE_BYTES of UTF-8.
pub(crate) fn read_text(path: &Path) -> Result<String, Unread> {
    read_file(path).map(|(text, _)| text)
}

/// A file as it was read: the path its links led to, resolved once, and
/// the file found there. A save goes to that path, and only while the same
/// file is there.
#[derive(Clone, Debug)]
pub(crate) struct Origin {
    path: PathBuf,
    meta: fs::Metadata,
}

/// [`read_text`], with where the text came from. A link is followed once,
/// here, and only a link of the user's own or root's: one planted by
/// another user in a folder they can write to is refused, as the kernel's
/// protected-symlinks rule refuses it.
pub(crate) fn read_file(path: &Path) -> Result<(String, Origin), Unread> {
    let bad = |message: String| Unread::Bad(FileError { at: None, message });
    let target = follow_links(path)?;
    // The last step is not followed again: a link put there since is refused.
    let file = open_to_read(&target).map_err(|e| {
        if cfg!(unix) && fs::symlink_metadata(&target).is_ok_and(|m| m.file_type().is_symlink()) {
            bad("changed while three13 read it (a symbolic link took its place); try again".into())
        } else {
            bad(format!("cannot read the file: {e}"))
        }
    })?;
    let meta = match file.metadata() {
        Ok(m) => {
            if let Some(what) = not_regular(&m) {
                return Err(bad(format!("is {what}, not a regular file; three13 reads only regular files")));
            }
            if m.len() > MAX_FILE_BYTES {
                return Err(bad(format!("the file is {} bytes, more than a session file can be", m.len())));
            }
            m
        }
        Err(e) => return Err(bad(format!("cannot read the file: {e}"))),
    };
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
    let text = text_of(bytes).map_err(Unread::Bad)?;
    Ok((text, Origin { path: target, meta }))
}

/// The path `path`'s symbolic links lead to, each link checked: Missing
/// when nothing is at `path` itself.
fn follow_links(path: &Path) -> Result<PathBuf, Unread> {
    let bad = |message: String| Unread::Bad(FileError { at: None, message });
    let mut target = path.to_path_buf();
    let mut last_link: Option<PathBuf> = None;
    for _ in 0..40 {
        let meta = match fs::symlink_metadata(&target) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // A link to nothing is something to report, not nothing.
                return Err(match last_link {
                    Some(next) => {
                        bad(format!("is a symbolic link to {}, which does not exist", next.display()))
                    }
                    None => Unread::Missing,
                });
            }
            Err(e) => return Err(bad(format!("cannot read the file: {e}"))),
        };
        if !meta.file_type().is_symlink() {
            return Ok(target);
        }
        if let Some(uid) = planted(&meta) {
            let what = if target == path {
                "is a symbolic link".to_string()
            } else {
                format!("leads to {}, a symbolic link", target.display())
            };
            return Err(bad(format!(
                "{what} made by another user (uid {uid}); three13 follows only links made by you or by root"
            )));
        }
        let next = fs::read_link(&target).map_err(|e| bad(format!("cannot read the link: {e}")))?;
        target = match target.parent() {
            Some(dir) if next.is_relative() => dir.join(&next),
            _ => next.clone(),
        };
        last_link = Some(next);
    }
    Err(bad("is a chain of too many symbolic links".into()))
}

/// The owner of a symbolic link made by someone other than this user or
/// root, if it is one.
fn planted(link: &fs::Metadata) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let owner = link.uid();
        (owner != 0 && owner != rustix::process::geteuid().as_raw()).then_some(owner)
    }
    #[cfg(not(unix))]
    {
        let _ = link;
        None
    }
}

/// Whether two paths name one file, through links: the same device and
/// inode on Unix; elsewhere the same path once links are followed and the
/// names written as the file system keeps them (what Windows offers on
/// the stable toolchain).
pub(crate) fn same_file_at(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(a), fs::metadata(b)) {
            (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (fs::canonicalize(a), fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

/// Whether `now` is still the regular file `then` described: the same
/// device and inode, and unchanged since (an inode freed and used again at
/// once for a new file or a link has another type, size or change time).
fn same_file(now: &fs::Metadata, then: &fs::Metadata) -> bool {
    let unchanged =
        now.file_type().is_file() && now.len() == then.len() && now.modified().ok() == then.modified().ok();
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        unchanged
            && (now.dev(), now.ino(), now.ctime(), now.ctime_nsec())
                == (then.dev(), then.ino(), then.ctime(), then.ctime_nsec())
    }
    #[cfg(not(unix))]
    {
        unchanged
    }
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
    let target = target_of(path, links).map_err(|e| {
        Error::data(format!("cannot save {}: {e}; the file is left as it was", path.display()))
    })?;
    let existing = fs::symlink_metadata(&target).ok();
    save(Purpose::Save, path, &target, text, existing.as_ref(), || Ok(()), || Ok(()))
}

/// Saves `text` over the file `origin` read, atomically, at the path its
/// links led to then: never through a link met now. The file there must
/// still be the one read; one replaced meanwhile is left as it is, and
/// nothing is written. `shown` is the path the person knows.
pub(crate) fn write_over(shown: &Path, origin: &Origin, text: &str) -> Result<()> {
    write_over_with(shown, origin, text, || Ok(()))
}

/// [`write_over`], with `before_rename` run between the sync of the
/// temporary file and the last check of the file it replaces.
fn write_over_with(
    shown: &Path,
    origin: &Origin,
    text: &str,
    before_rename: impl FnOnce() -> std::io::Result<()>,
) -> Result<()> {
    let still = || match fs::symlink_metadata(&origin.path) {
        Ok(now) if same_file(&now, &origin.meta) => Ok(()),
        _ => Err(replaced(shown, &origin.path)),
    };
    still()?;
    save(Purpose::Save, shown, &origin.path, text, Some(&origin.meta), still, before_rename)
}

/// The error for a file replaced or removed since it was read.
fn replaced(shown: &Path, target: &Path) -> Error {
    let what = if shown == target {
        "the file".to_string()
    } else {
        format!("the file it leads to, {},", target.display())
    };
    Error::data(format!(
        "cannot save {}: {what} is no longer the one three13 read (it was replaced or moved \
         meanwhile); nothing was written",
        shown.display()
    ))
    .with_hint("run the command again to work on the file as it is now")
}

/// Saves a new file at `path`, where nothing may be: whatever appears
/// there meanwhile (a link most of all) is never written through.
pub(crate) fn write_new(path: &Path, text: &str) -> Result<()> {
    let empty = || match fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        _ => Err(Error::data(format!(
            "cannot save {}: a file was put there meanwhile; nothing was written",
            path.display()
        ))),
    };
    empty()?;
    save(Purpose::Save, path, path, text, None, empty, || Ok(()))
}

/// What a file is written for, which words its errors.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Purpose {
    /// One of the data folder's files.
    Save,
    /// An output named on the command line.
    Output,
}

/// The save itself: `text` in a temporary file beside `target`, synced,
/// then `check`ed and `before_rename` run, then renamed over `target`.
/// `existing` is what is there now: its mode and owner are kept, and a
/// failure says it is left as it was; a failure before a new file says
/// only what went wrong.
fn save(
    purpose: Purpose,
    shown: &Path,
    target: &Path,
    text: &str,
    existing: Option<&fs::Metadata>,
    check: impl FnOnce() -> Result<()>,
    before_rename: impl FnOnce() -> std::io::Result<()>,
) -> Result<()> {
    let verb = match purpose {
        Purpose::Save => "save",
        Purpose::Output => "write",
    };
    let fail = |e: &dyn std::fmt::Display| match existing {
        Some(_) => Error::data(format!("cannot {verb} {}: {e}; the file is left as it was", shown.display())),
        None => Error::data(format!("cannot {verb} {}: {e}", shown.display())),
    };
    if let Some(meta) = existing {
        if let Some(what) = not_regular(meta) {
            return Err(fail(&format!("it is {what}, not a regular file")));
        }
        if meta.permissions().readonly() {
            let then = match purpose {
                Purpose::Save => "to record in it",
                Purpose::Output => "to write the output there",
            };
            // The command that makes it writable, on this system.
            let how = if cfg!(windows) { "attrib -r" } else { "chmod u+w" };
            return Err(Error::data(format!(
                "cannot {verb} {}: the file is read-only, so three13 leaves it as it is; make it writable \
                 ({how}) {then}",
                shown.display()
            )));
        }
    }
    let dir = target.parent().ok_or_else(|| fail(&"it has no folder"))?;
    fs::create_dir_all(dir).map_err(|e| fail(&e))?;
    let file_name = target.file_name().and_then(|f| f.to_str()).unwrap_or("file");
    let mut tmp = temporary_beside(dir, file_name).map_err(|e| fail(&e))?;
    if let Some(meta) = existing {
        keep_mode_and_owner(tmp.as_file(), meta).map_err(|e| fail(&e))?;
    }
    tmp.write_all(text.as_bytes()).map_err(|e| fail(&e))?;
    tmp.as_file().sync_all().map_err(|e| fail(&e))?;
    // Dropping the temporary file on a failure removes it.
    before_rename().map_err(|e| fail(&e))?;
    check()?;
    tmp.persist(target).map_err(|e| fail(&e.error))?;
    // Make the rename itself durable where the system allows it.
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// A new temporary file in `dir` for a save of the file `file_name`,
/// named `.NAME.XXXXXX.tmp` and removed when dropped. A new file gets the
/// mode the umask allows, as any other program's.
fn temporary_beside(dir: &Path, file_name: &str) -> std::io::Result<tempfile::NamedTempFile> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o666);
    }
    for _ in 0..1000 {
        let random: String = std::iter::repeat_with(fastrand::alphanumeric).take(6).collect();
        let path = dir.join(format!(".{file_name}.{random}.tmp"));
        match options.open(&path) {
            Ok(file) => {
                let removed = tempfile::TempPath::try_from_path(&path).inspect_err(|_| {
                    let _ = fs::remove_file(&path);
                })?;
                return Ok(tempfile::NamedTempFile::from_parts(file, removed));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, "no free name for a temporary file"))
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

/// Writes an output named on the command line to `path`. What the system
/// or the shell already holds open is written into as it is, never
/// replaced: a named pipe or a device (a reader may be waiting on it), and
/// a file named through the process's own descriptors (`/dev/stdout`,
/// `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`), which gets the output
/// the way the shell opened it (`>> log` appends). Any other file is
/// replaced atomically, through the person's own links, or created. `own`
/// says when a file is one of the tool's own, which no output lands on.
pub(crate) fn write_output(path: &Path, text: &str, own: impl Fn(&Path) -> Option<String>) -> Result<()> {
    let shown = path.display();
    let cannot = |e: &dyn std::fmt::Display| Error::data(format!("cannot write {shown}: {e}"));
    let refuse_own = |at: &Path| match own(at) {
        Some(what) => Err(cannot(&format!("{what}; name another file for the output"))),
        None => Ok(()),
    };
    let meta = match fs::metadata(path) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(cannot(&e)),
    };
    let descriptor = descriptor_of(path);
    match &meta {
        Some(m) if m.is_dir() => return Err(cannot(&"it is a folder")),
        Some(m) if !m.is_file() || descriptor.is_some() => {
            if m.is_file() {
                refuse_own(path)?;
            }
            let written = match descriptor {
                Some(Descriptor::Stdout) => write_all(&mut std::io::stdout().lock(), text),
                Some(Descriptor::Stderr) => write_all(&mut std::io::stderr().lock(), text),
                _ => fs::OpenOptions::new()
                    .append(true)
                    .open(path)
                    .and_then(|mut out| write_all(&mut out, text)),
            };
            return written.map_err(|e| {
                if e.kind() == std::io::ErrorKind::BrokenPipe { Error::from(e) } else { cannot(&e) }
            });
        }
        _ => {}
    }
    let target = target_of(path, Links::Follow).map_err(|e| cannot(&e))?;
    refuse_own(&target)?;
    let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(cannot(&format!("there is no folder {}", dir.display())));
    }
    let existing = fs::symlink_metadata(&target).ok();
    save(Purpose::Output, path, &target, text, existing.as_ref(), || Ok(()), || Ok(()))
}

fn write_all(out: &mut impl Write, text: &str) -> std::io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// One of the process's open files, named by a path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Descriptor {
    Stdout,
    Stderr,
    Other,
}

/// The open file `path` names, if its links pass through `/dev/stdout`,
/// `/dev/stderr`, `/dev/fd/N` or `/proc/…/fd/N`.
fn descriptor_of(path: &Path) -> Option<Descriptor> {
    let mut at = std::path::absolute(path).ok()?;
    for _ in 0..40 {
        let text = at.to_string_lossy();
        let number = ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"]
            .iter()
            .find_map(|folder| text.strip_prefix(folder))
            .map(str::to_string);
        let of_a_process = text
            .strip_prefix("/proc/")
            .and_then(|rest| rest.split_once('/'))
            .is_some_and(|(pid, rest)| pid.bytes().all(|b| b.is_ascii_digit()) && rest.starts_with("fd/"));
        match (text.as_ref(), number.as_deref()) {
            ("/dev/stdout", _) | (_, Some("1")) => return Some(Descriptor::Stdout),
            ("/dev/stderr", _) | (_, Some("2")) => return Some(Descriptor::Stderr),
            ("/dev/stdin", _) | (_, Some(_)) => return Some(Descriptor::Other),
            _ if of_a_process => return Some(Descriptor::Other),
            _ => {}
        }
        let next = fs::read_link(&at).ok()?;
        at = match at.parent() {
            Some(dir) if next.is_relative() => dir.join(next),
            _ => next,
        };
    }
    None
}

/// Removes the temporary files a save killed midway left in `dir` (named
/// `.NAME.toml.XXXXXX.tmp`); only regular files of that naming are touched.
pub(crate) fn remove_stale_temporaries(dir: &Path) {
    remove_temporaries_where(dir, |name| name.contains(".toml."));
}

/// Whether a file's name is that of a save's temporary file.
pub(crate) fn is_temporary(name: &std::ffi::OsStr) -> bool {
    name.to_str().is_some_and(|n| n.starts_with('.') && n.ends_with(".tmp") && n.contains(".toml."))
}

/// Removes the temporary files a save of the file `path` killed midway
/// left beside it (`.NAME.XXXXXX.tmp`, NAME its file's name): in a folder
/// of the user's own elsewhere, where a linked session's file is, nothing
/// else is touched.
pub(crate) fn remove_stale_temporaries_of(path: &Path) {
    let (Some(dir), Some(file)) = (path.parent(), path.file_name().and_then(|f| f.to_str())) else {
        return;
    };
    let prefix = format!(".{file}.");
    remove_temporaries_where(dir, |name| {
        name.strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .is_some_and(|random| random.len() == 6 && random.chars().all(|c| c.is_ascii_alphanumeric()))
    });
}

fn remove_temporaries_where(dir: &Path, ours: impl Fn(&str) -> bool) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let temporary = name.starts_with('.') && name.ends_with(".tmp") && ours(name);
        if temporary && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Where the symbolic link at `path` leads, when it is one that is
/// followed (see [`read_file`]).
pub(crate) fn link_target(path: &Path) -> Option<PathBuf> {
    let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    is_link.then(|| follow_links(path).ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_save_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.toml");
        write_atomic(&path, "old\n", Links::Refuse).unwrap();
        let (_, origin) = read_file(&path).ok().unwrap();
        let failed = write_over_with(&path, &origin, "new\n", || Err(std::io::Error::other("no room")));
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
