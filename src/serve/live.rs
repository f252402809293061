//! Live updates: the pages' event streams (server-sent events on
//! `/events`), and the watch that feeds them.
//!
//! One thread looks at the session every 200 ms: a change to its file (by
//! any `three13` command, or by a round recorded from a page) or to the
//! scores entered from phones sends one event down every stream, and the
//! page's script fetches the page again. The streams hold no thread: the
//! watch writes to each, and drops one whose client has gone (seen at the
//! next look), that sends anything, or that does not take what it is sent.
//!
//! A client that opens streams and never reads them must not keep them:
//! the heartbeat is padded, so that the buffers of a stream nobody reads
//! fill within a few heartbeats and the stream is dropped (a page that was
//! only asleep opens its stream again when it wakes, and fetches the page
//! afresh). Streams are bounded in total and per client address.

use std::io::{ErrorKind, Read, Write};
use std::net::{IpAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::http::{self, Bound, Held};

/// The most streams open at once.
pub(crate) const MAX_STREAMS: usize = 64;
/// The most of them from one client address.
pub(crate) const MAX_STREAMS_PER_ADDRESS: usize = 8;
/// How often the session is looked at.
const LOOK: Duration = Duration::from_millis(200);
/// How often an idle stream is sent a heartbeat, to find clients that went
/// without closing or that do not read.
const HEARTBEAT: Duration = Duration::from_secs(3);
/// The padding of a heartbeat: with the socket's send buffer kept small,
/// about ten heartbeats fill what a client that does not read takes in
/// (its system's receive buffer, of 128 KiB by default on Linux).
const HEARTBEAT_PAD: usize = 16 * 1024;
/// The send buffer asked for each stream.
const STREAM_SEND_BUFFER: usize = 16 * 1024;

/// One open stream.
#[derive(Debug)]
struct Stream {
    stream: TcpStream,
    _held: Held,
}

/// The open streams, and what the pages have last been told.
#[derive(Debug)]
pub(crate) struct Hub {
    streams: Mutex<Vec<Stream>>,
    bound: Arc<Bound>,
    /// Counts each change that is not in the session file (scores entered).
    changes: AtomicU64,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            streams: Mutex::new(Vec::new()),
            bound: Bound::new(MAX_STREAMS, MAX_STREAMS_PER_ADDRESS),
            changes: AtomicU64::new(0),
        }
    }
}

impl Hub {
    /// Takes a connection from `peer` that asked for `/events`: the
    /// stream's head is written (by `deadline`) and it joins the others,
    /// or it is refused with 503 when every stream, or every stream of its
    /// address, is taken.
    pub(crate) fn join(&self, mut stream: TcpStream, peer: IpAddr, deadline: Instant) {
        let Some(held) = self.bound.take(peer) else {
            let _ = http::write_response(&mut stream, &http::busy_response(), false, deadline);
            return;
        };
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
                    X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n\
                    retry: 1000\n: live updates of the session\n\n";
        let _ = socket2::SockRef::from(&stream).set_send_buffer_size(STREAM_SEND_BUFFER);
        if http::send(&mut stream, head.as_bytes(), deadline).is_ok() && stream.set_nonblocking(true).is_ok()
        {
            self.streams.lock().unwrap_or_else(|e| e.into_inner()).push(Stream { stream, _held: held });
        }
    }

    /// Marks a change the session file does not show.
    pub(crate) fn changed(&self) {
        self.changes.fetch_add(1, Ordering::SeqCst);
    }

    /// Looks at the session until `stop` is set: `state` tells the
    /// session file's state; each change is sent to every stream, after
    /// `changed` is told of it.
    pub(crate) fn watch(&self, state: impl Fn() -> u64, changed: impl Fn(), stop: &AtomicBool) {
        let mut seen = (state(), self.changes.load(Ordering::SeqCst));
        let mut quiet_since = Instant::now();
        let mut sent: u64 = 0;
        let beat = format!(": still here{}\n\n", " ".repeat(HEARTBEAT_PAD));
        while !stop.load(Ordering::SeqCst) {
            std::thread::sleep(LOOK);
            let now = (state(), self.changes.load(Ordering::SeqCst));
            if now != seen {
                seen = now;
                changed();
                sent += 1;
                self.send(&format!("data: {sent}\n\n"));
                quiet_since = Instant::now();
            } else if quiet_since.elapsed() >= HEARTBEAT {
                self.send(&beat);
                quiet_since = Instant::now();
            } else {
                self.prune();
            }
        }
        // The streams end with the server.
        self.streams.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }

    /// Sends `event` down every stream, dropping those it does not reach
    /// whole at once.
    fn send(&self, event: &str) {
        let mut streams = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        streams.retain_mut(|s| open(&mut s.stream) && s.stream.write_all(event.as_bytes()).is_ok());
    }

    /// Drops the streams whose clients have gone.
    fn prune(&self) {
        let mut streams = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        streams.retain_mut(|s| open(&mut s.stream));
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
