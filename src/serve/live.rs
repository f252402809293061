//! Live updates: the pages' event streams (server-sent events on
//! `/events`), and the watch that feeds them.
//!
//! One thread looks at the session every 200 ms: a change to its file (by
//! any `three13` command, or by a round recorded from a page) or to the
//! scores entered from phones sends one event down every stream, and the
//! page's script fetches the page again. The streams hold no thread: the
//! watch writes to each, and drops one whose client has gone (seen at the
//! next look), that does not take what it is sent, or that sends anything.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::http;

/// The most streams open at once.
pub(crate) const MAX_STREAMS: usize = 64;
/// How often the session is looked at.
const LOOK: Duration = Duration::from_millis(200);
/// How often an idle stream is sent a comment, to find clients that went
/// without closing.
const HEARTBEAT: Duration = Duration::from_secs(15);

/// The open streams, and what the pages have last been told.
#[derive(Debug, Default)]
pub(crate) struct Hub {
    streams: Mutex<Vec<TcpStream>>,
    /// Counts each change that is not in the session file (scores entered).
    changes: AtomicU64,
}

impl Hub {
    /// Takes a connection that asked for `/events`: the stream's head is
    /// written and it joins the others, or it is refused with 503 when
    /// every stream is taken.
    pub(crate) fn join(&self, mut stream: TcpStream) {
        let mut streams = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        if streams.len() >= MAX_STREAMS {
            drop(streams);
            let _ = http::write_response(&mut stream, &http::busy_response(), false);
            return;
        }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
                    X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n\
                    retry: 1000\n: live updates of the session\n\n";
        if stream.write_all(head.as_bytes()).and_then(|()| stream.flush()).is_ok()
            && stream.set_nonblocking(true).is_ok()
        {
            streams.push(stream);
        }
    }

    /// Marks a change the session file does not show.
    pub(crate) fn changed(&self) {
        self.changes.fetch_add(1, Ordering::SeqCst);
    }

    /// Looks at the session until `stop` is set: `state` tells the
    /// session file's state; each change is sent to every stream.
    pub(crate) fn watch(&self, state: impl Fn() -> u64, stop: &AtomicBool) {
        let mut seen = (state(), self.changes.load(Ordering::SeqCst));
        let mut quiet_since = Instant::now();
        let mut sent: u64 = 0;
        while !stop.load(Ordering::SeqCst) {
            std::thread::sleep(LOOK);
            let now = (state(), self.changes.load(Ordering::SeqCst));
            if now != seen {
                seen = now;
                sent += 1;
                self.send(&format!("data: {sent}\n\n"));
                quiet_since = Instant::now();
            } else if quiet_since.elapsed() >= HEARTBEAT {
                self.send(": still here\n\n");
                quiet_since = Instant::now();
            } else {
                self.prune();
            }
        }
        // The streams end with the server.
        self.streams.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }

    /// Sends `event` down every stream, dropping those it does not reach.
    fn send(&self, event: &str) {
        let mut streams = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        streams.retain_mut(|s| open(s) && s.write_all(event.as_bytes()).is_ok());
    }

    /// Drops the streams whose clients have gone.
    fn prune(&self) {
        let mut streams = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        streams.retain_mut(open);
    }
}

/// Whether the client of a stream is still there: it has not closed its
/// side, and has sent nothing (a stream is one-way; a client that writes
/// to it is not a page).
fn open(stream: &mut TcpStream) -> bool {
    let mut byte = [0u8; 1];
    match stream.read(&mut byte) {
        Err(e) if e.kind() == ErrorKind::WouldBlock => true,
        Err(e) if e.kind() == ErrorKind::Interrupted => true,
        _ => false,
    }
}
