//! Ctrl-C, and the end of the terminal or a request to stop (SIGHUP,
//! SIGTERM), while a person is at the terminal.
//!
//! What a signal does depends on how far the command got:
//! - before any question, it ends the command as the signal would;
//! - once a question was shown and until the lock is taken, nothing has
//!   been written (questions come before the lock): the terminal is put
//!   back as it was (mode and cursor) and the command ends as cancelled;
//! - once the lock is held, the command is writing: it finishes first, so
//!   that its save is whole and what it reports is true, and then says the
//!   signal came.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// Nothing asked yet.
const IDLE: u8 = 0;
/// A question was shown; nothing is written.
const ASKED: u8 = 1;
/// The lock is held: the command is writing.
const HELD: u8 = 2;
/// A signal came while asking: the command ends as cancelled.
const CANCELLING: u8 = 3;
/// A signal came while writing: the command finishes first.
const HELD_AND_SIGNALLED: u8 = 4;

/// How far this command got.
static STATE: Progress = Progress(AtomicU8::new(IDLE));

/// How far a command got, as the signals see it.
struct Progress(AtomicU8);

/// What to do about a signal, by how far the command got.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Then {
    /// End as the signal would.
    End,
    /// End as cancelled, the terminal put back.
    Cancel,
    /// Let the command finish.
    Wait,
}

impl Progress {
    /// Moves from `from` to `to`; whether it did.
    fn step(&self, from: u8, to: u8) -> bool {
        self.0.compare_exchange(from, to, Ordering::SeqCst, Ordering::SeqCst).is_ok()
    }

    fn asking(&self) {
        self.step(IDLE, ASKED);
    }

    /// Whether the command may write: false when a signal has cancelled it
    /// already.
    fn holding(&self) -> bool {
        loop {
            match self.0.load(Ordering::SeqCst) {
                from @ (IDLE | ASKED) if self.step(from, HELD) => return true,
                CANCELLING => return false,
                HELD | HELD_AND_SIGNALLED => return true,
                _ => {}
            }
        }
    }

    fn on_signal(&self) -> Then {
        loop {
            match self.0.load(Ordering::SeqCst) {
                IDLE if self.step(IDLE, CANCELLING) => return Then::End,
                ASKED if self.step(ASKED, CANCELLING) => return Then::Cancel,
                HELD if self.step(HELD, HELD_AND_SIGNALLED) => return Then::Wait,
                HELD_AND_SIGNALLED | CANCELLING => return Then::Wait,
                _ => {}
            }
        }
    }

    fn came_while_writing(&self) -> bool {
        self.0.load(Ordering::SeqCst) == HELD_AND_SIGNALLED
    }
}

/// A question is about to be shown.
pub(crate) fn asking() {
    STATE.asking();
}

/// The lock is taken: from here a signal waits for the command to finish.
/// A signal that came just before, while asking, has cancelled the command
/// already: it waits here, writing nothing, for the signal to end it.
pub(crate) fn holding() {
    if !STATE.holding() {
        loop {
            std::thread::park();
        }
    }
}

/// What is said once a command that a signal waited for has finished.
/// What is said of a command cancelled at a question.
pub(crate) const CANCELLED: &str = "cancelled; nothing was written";

pub(crate) const FINISHED_FIRST: &str =
    "the signal came while the session was being written: the command finished first, as said above";

/// Whether a signal came while the command was writing (and waited for it).
pub(crate) fn came_while_writing() -> bool {
    STATE.came_while_writing()
}

/// The message of a command cancelled at a question.
fn cancelled(colour: bool) -> String {
    use anstyle::{AnsiColor, Style};
    let red = Style::new().bold().fg_color(Some(AnsiColor::Red.into()));
    let label = if colour { format!("{red}error:{red:#}") } else { "error:".to_string() };
    format!("\n{label} {}", CANCELLED)
}

/// A question that reads Ctrl-C as a key ends the command itself, as
/// cancelled; the signal's own ending waits this long for it.
const GRACE: std::time::Duration = std::time::Duration::from_millis(300);

/// What a command that runs until told (`serve`) does on a signal,
/// instead of ending.
static STOP: OnceLock<Box<dyn Fn() + Send + Sync>> = OnceLock::new();

/// Whether a signal has called the command's `stop` already: a second one
/// ends the command at once, as the signal would.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Whether the signals are watched already.
static WATCHING: AtomicBool = AtomicBool::new(false);

/// From here a signal calls `stop` instead of ending the command: for a
/// command that runs until told, and stops cleanly. A second signal ends
/// the command at once, as the signal would. Call before starting any
/// thread.
pub(crate) fn stop_with(stop: impl Fn() + Send + Sync + 'static) {
    let _ = STOP.set(Box::new(stop));
    watch(false);
}

/// Watches for the signals, on a thread of its own; `colour` colours the
/// message on stderr. Once is enough: a second call does nothing.
#[cfg(unix)]
pub(crate) fn watch(colour: bool) {
    if WATCHING.swap(true, Ordering::SeqCst) {
        return;
    }
    use nix::sys::signal::{SigSet, Signal};
    use std::io::Write;
    let mut signals = SigSet::empty();
    for s in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        signals.add(s);
    }
    // Blocked here, before any other thread starts, and so in every
    // thread: they wait for the watcher, and keep their own action.
    if signals.thread_block().is_err() {
        return;
    }
    // The terminal's mode as it was, to put back: a question in progress
    // holds it in raw mode, without echo.
    let mode = nix::sys::termios::tcgetattr(std::io::stdin()).ok();
    std::thread::spawn(move || {
        loop {
            let Ok(signal) = signals.wait() else { return };
            if let Some(stop) = STOP.get()
                && !STOPPING.swap(true, Ordering::SeqCst)
            {
                stop();
                continue;
            }
            let then = STATE.on_signal();
            if matches!(then, Then::Wait) {
                continue;
            }
            let _ = console::Term::stderr().show_cursor();
            if let Some(mode) = &mode {
                let _ =
                    nix::sys::termios::tcsetattr(std::io::stdin(), nix::sys::termios::SetArg::TCSANOW, mode);
            }
            if let Then::Cancel = then {
                std::thread::sleep(GRACE);
                let _ = writeln!(std::io::stderr(), "{}", cancelled(colour));
                std::process::exit(1);
            }
            // The signal's own action, here where it is not blocked.
            let mut one = SigSet::empty();
            one.add(signal);
            let _ = one.thread_unblock();
            let _ = nix::sys::signal::raise(signal);
            std::process::exit(128 + signal as i32);
        }
    });
}

/// Watches for Ctrl-C (see the Unix version).
#[cfg(not(unix))]
pub(crate) fn watch(colour: bool) {
    use std::io::Write;
    if WATCHING.swap(true, Ordering::SeqCst) {
        return;
    }
    let _ = ctrlc::set_handler(move || match STOP.get() {
        Some(stop) if !STOPPING.swap(true, Ordering::SeqCst) => stop(),
        Some(_) => {
            let _ = console::Term::stderr().show_cursor();
            std::process::exit(130);
        }
        None => match STATE.on_signal() {
            Then::Wait => {}
            Then::End => {
                let _ = console::Term::stderr().show_cursor();
                std::process::exit(130);
            }
            Then::Cancel => {
                let _ = console::Term::stderr().show_cursor();
                std::thread::sleep(GRACE);
                let _ = writeln!(std::io::stderr(), "{}", cancelled(colour));
                std::process::exit(1);
            }
        },
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signal_ends_cancels_or_waits_by_how_far_the_command_got() {
        // Before any question: as the signal would.
        let p = Progress(AtomicU8::new(IDLE));
        assert_eq!(p.on_signal(), Then::End);
        // At a question, or after the last one before the lock: cancelled,
        // and a command that then takes the lock writes nothing.
        let p = Progress(AtomicU8::new(IDLE));
        p.asking();
        assert_eq!(p.on_signal(), Then::Cancel);
        assert!(!p.holding());
        assert_eq!(p.on_signal(), Then::Wait);
        // The lock held: the command finishes, and says the signal came.
        let p = Progress(AtomicU8::new(IDLE));
        p.asking();
        assert!(p.holding());
        assert!(!p.came_while_writing());
        assert_eq!(p.on_signal(), Then::Wait);
        assert_eq!(p.on_signal(), Then::Wait);
        assert!(p.came_while_writing());
        // A question after the lock (none is asked there) changes nothing.
        p.asking();
        assert!(p.holding() && p.came_while_writing());
        // Unasked, the lock held: the same.
        let p = Progress(AtomicU8::new(IDLE));
        assert!(p.holding());
        assert_eq!(p.on_signal(), Then::Wait);
    }
}
