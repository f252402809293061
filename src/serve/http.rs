//! The HTTP server: listening sockets (one per address family), a thread
//! per connection up to a bound in total and per client address, every
//! request read within limits of size and time, and one response per
//! connection. httparse reads the request's head; everything about
//! connections (how many, from where, how long, how large) is decided here.
//!
//! Each connection has one deadline for its whole exchange: reading the
//! request, writing the answer, and reading what the client still sends
//! after it (so that the answer is not cut off by a reset). The threads
//! that accept connections never read or write: a connection over the
//! bound is handed to one thread that answers 503 without waiting on the
//! client, and dropped when that thread has too many already.
//!
//! A request that breaks a limit or is not HTTP is answered with a 4xx
//! status and the connection closed.

use std::collections::HashMap;
use std::io::{ErrorKind, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest request head (request line and headers, with the blank
/// line that ends them); a request line longer than this is answered 414,
/// a longer head 431.
pub(crate) const MAX_HEAD: usize = 8 * 1024;
/// The most headers a request may carry; one more is answered 431.
pub(crate) const MAX_HEADERS: usize = 40;
/// The largest request body: a form of a few fields.
pub(crate) const MAX_BODY: usize = 8 * 1024;
/// The most connections being read or answered at once (live-update
/// streams are counted apart, by the hub that holds them).
pub(crate) const MAX_CONNECTIONS: usize = 64;
/// The most of them from one client address (an IPv6 address counts by
/// its /64 network, which one machine may hold whole).
pub(crate) const MAX_CONNECTIONS_PER_ADDRESS: usize = 16;
/// The time a client has to send its whole request.
pub(crate) const REQUEST_TIME: Duration = Duration::from_secs(10);
/// The time a connection has for its whole exchange, from its start: the
/// request, the answer (408 to a request not sent in time) and the
/// closing.
pub(crate) const EXCHANGE_TIME: Duration = Duration::from_secs(12);
/// After an answer, what the client still sends is read for at most this
/// long (and never past the exchange's deadline).
const DRAIN_TIME: Duration = Duration::from_secs(1);
/// What is read after an answer, at most.
const DRAIN_BYTES: usize = 64 * 1024;
/// The connections answered 503 and still read for a moment, at most; past
/// it the oldest is closed at once. (Should the refusing thread fall 64
/// connections behind, the next are closed unanswered.)
const MAX_REFUSED: usize = 256;

/// The methods the pages use; any other is answered 405.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Method {
    Get,
    Head,
    Post,
    Other,
}

/// One request, read whole.
#[derive(Debug)]
pub(crate) struct Request {
    pub(crate) method: Method,
    /// The path as sent, never decoded: it is only compared with the
    /// application's own paths.
    pub(crate) path: String,
    /// What follows `?`, if anything.
    pub(crate) query: String,
    /// Names in lower case.
    headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
    /// The client's address (unspecified until the request is read whole).
    pub(crate) peer: IpAddr,
}

impl Request {
    /// The first header of this name (in lower case).
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The fields of the query string.
    pub(crate) fn query_fields(&self) -> Option<Vec<(String, String)>> {
        form_fields(self.query.as_bytes())
    }

    /// The fields of a form sent in the body.
    pub(crate) fn form_fields(&self) -> Option<Vec<(String, String)>> {
        form_fields(&self.body)
    }
}

/// A response: status, type, extra headers, body.
#[derive(Debug)]
pub(crate) struct Response {
    pub(crate) status: u16,
    content_type: &'static str,
    headers: Vec<(&'static str, String)>,
    pub(crate) body: Vec<u8>,
}

impl Response {
    pub(crate) fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response { status, content_type, headers: Vec::new(), body: body.into() }
    }

    /// A page.
    pub(crate) fn html(status: u16, body: String) -> Response {
        Response::new(status, "text/html; charset=utf-8", body)
    }

    /// A line of plain text: the answer to a request that is refused.
    pub(crate) fn text(status: u16, text: &str) -> Response {
        Response::new(status, "text/plain; charset=utf-8", format!("{text}\n"))
    }

    /// Sends the browser on to `location` (a path of the server's own).
    pub(crate) fn see_other(location: String) -> Response {
        Response::text(303, "see other").with_header("Location", location)
    }

    pub(crate) fn with_header(mut self, name: &'static str, value: String) -> Response {
        self.headers.push((name, value));
        self
    }
}

/// What the application makes of a request.
#[derive(Debug)]
pub(crate) enum Reply {
    Respond(Response),
    /// The connection becomes a stream of live updates.
    Live,
    /// The response, and then work of the application's own, done on the
    /// connection's thread once the response is written and the
    /// connection closed (the connection is counted until it is done).
    Then(Response, Box<dyn std::any::Any + Send>),
}

/// The application behind the server.
pub(crate) trait App: Send + Sync + 'static {
    fn respond(&self, request: &Request) -> Reply;
    /// Takes over a connection whose request asked for live updates, from
    /// client address `peer`; its head is to be written by `deadline`.
    fn live(&self, stream: TcpStream, peer: IpAddr, deadline: Instant);
    /// Does the work of a [`Reply::Then`], its response sent.
    fn then(&self, work: Box<dyn std::any::Any + Send>);
}

/// Counts of things held (connections, streams), in total and by client
/// address, each under a bound.
#[derive(Debug)]
pub(crate) struct Bound {
    total: usize,
    per_address: usize,
    held: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One thing counted by a [`Bound`], until dropped.
#[derive(Debug)]
pub(crate) struct Held {
    bound: Arc<Bound>,
    key: IpAddr,
}

impl Bound {
    pub(crate) fn new(total: usize, per_address: usize) -> Arc<Bound> {
        Arc::new(Bound { total, per_address, held: Mutex::new((0, HashMap::new())) })
    }

    /// Counts one more from `peer`, unless either bound is reached.
    pub(crate) fn take(self: &Arc<Self>, peer: IpAddr) -> Option<Held> {
        let key = address_key(peer);
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_address) = &mut *held;
        let mine = by_address.entry(key).or_insert(0);
        if *total >= self.total || *mine >= self.per_address {
            if *mine == 0 {
                by_address.remove(&key);
            }
            return None;
        }
        *mine += 1;
        *total += 1;
        Some(Held { bound: self.clone(), key })
    }

    /// How many are held in all.
    pub(crate) fn count(&self) -> usize {
        self.held.lock().unwrap_or_else(|e| e.into_inner()).0
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.bound.held.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_address) = &mut *held;
        *total -= 1;
        if let Some(mine) = by_address.get_mut(&self.key) {
            *mine -= 1;
            if *mine == 0 {
                by_address.remove(&self.key);
            }
        }
    }
}

/// What a client address counts as: an IPv4 address (also when written as
/// IPv6), or an IPv6 address's /64 network, which one machine may hold
/// whole (loopback's `::1` is itself).
pub(crate) fn address_key(peer: IpAddr) -> IpAddr {
    match peer.to_canonical() {
        IpAddr::V6(v6) if !v6.is_loopback() => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(bits.into())
        }
        ip => ip,
    }
}

/// Accepts connections on every listener until `stop` is set (and a
/// connection wakes each loop), each answered on a thread of its own;
/// once stopped, returns when the connections being answered are done, or
/// after two seconds (each ends by its deadline anyway).
pub(crate) fn run(listeners: Vec<TcpListener>, app: Arc<dyn App>, stop: &Arc<AtomicBool>) {
    let busy = Bound::new(MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS);
    let refuse = refuser();
    let (ended, loops_ended) = std::sync::mpsc::channel::<()>();
    let mut loops = 0;
    for listener in listeners {
        let (busy, app, stop, refuse) = (busy.clone(), app.clone(), stop.clone(), refuse.clone());
        let ended = ended.clone();
        let spawned = std::thread::Builder::new().name("three13-accept".into()).spawn(move || {
            accept(&listener, &busy, &app, &stop, &refuse);
            let _ = ended.send(());
        });
        if spawned.is_ok() {
            loops += 1;
        }
    }
    drop((refuse, ended));
    // Until told to stop (a loop that ends by itself stops the others).
    let _ = loops_ended.recv();
    stop.store(true, Ordering::SeqCst);
    let deadline = Instant::now() + Duration::from_secs(2);
    for _ in 1..loops {
        let left = deadline.saturating_duration_since(Instant::now());
        if loops_ended.recv_timeout(left).is_err() {
            break;
        }
    }
    while busy.count() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The loop of one listener: it only accepts, counts and hands on.
fn accept(
    listener: &TcpListener,
    busy: &Arc<Bound>,
    app: &Arc<dyn App>,
    stop: &AtomicBool,
    refuse: &SyncSender<TcpStream>,
) {
    for stream in listener.incoming() {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let Ok(stream) = stream else {
            // Out of files, say: a moment for connections to end.
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        let deadline = Instant::now() + EXCHANGE_TIME;
        let Some(peer) = stream.peer_addr().ok().map(|a| a.ip()) else { continue };
        let Some(held) = busy.take(peer) else {
            // Answered 503 on the refusing thread; closed unanswered when
            // that one has too many.
            let _ = refuse.try_send(stream);
            continue;
        };
        let app = app.clone();
        // A thread that cannot be started drops the connection, and its
        // count with it.
        let _ = std::thread::Builder::new().name("three13-http".into()).spawn(move || {
            let _held = held;
            answer(stream, app.as_ref(), peer, deadline);
        });
    }
}

/// The thread that answers connections over the bound: 503 written at
/// once without waiting (it fits the socket's buffer), then what the
/// client sends read for a moment without waiting, so that the answer is
/// not cut off by a reset. It ends when every sender is gone.
fn refuser() -> SyncSender<TcpStream> {
    let (send, receive) = std::sync::mpsc::sync_channel::<TcpStream>(MAX_CONNECTIONS);
    let _ = std::thread::Builder::new().name("three13-busy".into()).spawn(move || refuse(&receive));
    send
}

fn refuse(receive: &Receiver<TcpStream>) {
    let answer = response_bytes(&busy_response(), false);
    let mut closing: Vec<(TcpStream, Instant)> = Vec::new();
    loop {
        let wait = if closing.is_empty() { Duration::from_secs(3600) } else { Duration::from_millis(20) };
        match receive.recv_timeout(wait) {
            Ok(mut stream) => {
                if stream.set_nonblocking(true).is_ok() {
                    let _ = stream.write(&answer);
                    let _ = stream.shutdown(std::net::Shutdown::Write);
                    if closing.len() >= MAX_REFUSED {
                        closing.remove(0);
                    }
                    closing.push((stream, Instant::now() + DRAIN_TIME));
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        let now = Instant::now();
        closing.retain_mut(|(stream, until)| *until > now && drains(stream));
    }
}

/// Reads what a client sent without waiting: whether it may send more.
fn drains(stream: &mut TcpStream) -> bool {
    let mut sink = [0u8; 4096];
    for _ in 0..DRAIN_BYTES / sink.len() {
        match stream.read(&mut sink) {
            Ok(0) => return false,
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
    false
}

/// Wakes the accept loop of the listener at `addr`, so that it sees `stop`.
pub(crate) fn wake(addr: SocketAddr) {
    let mut addr = addr;
    if addr.ip().is_unspecified() {
        addr.set_ip(match addr {
            SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    let _ = TcpStream::connect_timeout(&addr, Duration::from_secs(1));
}

/// The answer when every connection is taken.
pub(crate) fn busy_response() -> Response {
    Response::text(503, "busy: too many connections; try again in a moment")
        .with_header("Retry-After", "2".into())
}

/// Reads one request from `stream` and answers it, all by `deadline`.
fn answer(mut stream: TcpStream, app: &dyn App, peer: IpAddr, deadline: Instant) {
    let read_by = deadline - (EXCHANGE_TIME - REQUEST_TIME);
    let request = match read_request(&mut stream, read_by) {
        Ok(Some(request)) => Request { peer, ..request },
        Ok(None) => return,
        Err(refused) => {
            if write_response(&mut stream, &refused, false, deadline).is_ok() {
                close(stream, deadline);
            }
            return;
        }
    };
    match app.respond(&request) {
        Reply::Respond(response) => {
            if write_response(&mut stream, &response, request.method == Method::Head, deadline).is_ok() {
                close(stream, deadline);
            }
        }
        Reply::Live => app.live(stream, peer, deadline),
        Reply::Then(response, work) => {
            if write_response(&mut stream, &response, request.method == Method::Head, deadline).is_ok() {
                close(stream, deadline);
            } else {
                drop(stream);
            }
            app.then(work);
        }
    }
}

/// Ends a connection after its response: the client is told no more comes,
/// and what it still sends is read and dropped for a moment (never past
/// the deadline), so that the response is not cut off by a reset.
fn close(mut stream: TcpStream, deadline: Instant) {
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let until = deadline.min(Instant::now() + DRAIN_TIME);
    let mut sink = [0u8; 4096];
    let mut drained = 0;
    while drained < DRAIN_BYTES {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match stream.read(&mut sink) {
            Ok(0) => break,
            Ok(n) => drained += n,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
}

/// Reads a request within the limits and by the deadline: None when the
/// client sent nothing and went; the response to send when the request is
/// refused.
fn read_request(stream: &mut TcpStream, deadline: Instant) -> Result<Option<Request>, Response> {
    let mut buf: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    // The head's end is looked for in the bytes as they come, before any
    // parsing: the limits hold whatever the parser would make of a part.
    let head_len = loop {
        if let Some(refused) = over_limits(&buf) {
            return Err(refused);
        }
        if let Some(len) = head_end(&buf) {
            break len;
        }
        match read_some(stream, &mut chunk, deadline) {
            Ok(0) if buf.is_empty() => return Ok(None),
            Ok(0) => return Err(Response::text(400, "the request ended early")),
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(timeout) => return Err(timeout),
        }
    };
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    let mut request = match parsed.parse(&buf[..head_len]) {
        Ok(httparse::Status::Complete(len)) if len == head_len => request_of(&parsed)?,
        Err(httparse::Error::TooManyHeaders) => {
            return Err(Response::text(431, &format!("more than {MAX_HEADERS} headers")));
        }
        _ => return Err(Response::text(400, "bad request")),
    };
    for name in ["host", "content-length", "transfer-encoding", "origin"] {
        if request.headers.iter().filter(|(n, _)| n == name).count() > 1 {
            return Err(Response::text(400, &format!("two {name} headers")));
        }
    }
    if request.header("transfer-encoding").is_some() {
        return Err(Response::text(411, "send the body with a Content-Length"));
    }
    let length = match content_length(&buf[..head_len])? {
        None => 0,
        Some(n) if n <= MAX_BODY => n,
        Some(_) => {
            return Err(Response::text(413, &format!("the request's body is larger than {MAX_BODY} bytes")));
        }
    };
    let mut body = buf.split_off(head_len);
    while body.len() < length {
        match read_some(stream, &mut chunk, deadline) {
            Ok(0) => return Err(Response::text(400, "the request ended early")),
            Ok(n) => body.extend_from_slice(&chunk[..n]),
            Err(timeout) => return Err(timeout),
        }
    }
    body.truncate(length);
    request.body = body;
    Ok(Some(request))
}

/// The refusal of a head that has grown past a limit, from its bytes so
/// far: a request line longer than the head may be is 414, a longer head
/// 431.
fn over_limits(buf: &[u8]) -> Option<Response> {
    let line = buf.iter().position(|&b| b == b'\n').map_or(buf.len(), |i| i + 1);
    if line > MAX_HEAD {
        return Some(Response::text(
            414,
            &format!("the address asked for is too long (the request line may be {MAX_HEAD} bytes)"),
        ));
    }
    if head_end(buf).unwrap_or(buf.len()) > MAX_HEAD {
        return Some(Response::text(431, &format!("the request's head is larger than {MAX_HEAD} bytes")));
    }
    None
}

/// Where the head ends (after its blank line), if it has.
fn head_end(buf: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(at) = buf[i..].iter().position(|&b| b == b'\n') {
        let next = i + at + 1;
        match buf.get(next..) {
            Some([b'\n', ..]) => return Some(next + 1),
            Some([b'\r', b'\n', ..]) => return Some(next + 2),
            _ => i = next,
        }
    }
    None
}

/// The Content-Length of a head, read from its bytes: digits only, after
/// the colon and at most one space, to the end of the line. A sign, a
/// padding or anything else is refused, as strict servers refuse it.
fn content_length(head: &[u8]) -> Result<Option<usize>, Response> {
    let bad = || Response::text(400, "bad Content-Length: digits only, as in Content-Length: 26");
    let name = b"content-length:";
    for line in head.split(|&b| b == b'\n') {
        if line.len() < name.len() || !line[..name.len()].eq_ignore_ascii_case(name) {
            continue;
        }
        let value = &line[name.len()..];
        let value = value.strip_suffix(b"\r").unwrap_or(value);
        let value = value.strip_prefix(b" ").unwrap_or(value);
        if value.is_empty() || !value.iter().all(u8::is_ascii_digit) {
            return Err(bad());
        }
        // Too many digits for a number here is too large a body.
        let n = std::str::from_utf8(value).ok().and_then(|v| v.parse::<usize>().ok()).unwrap_or(usize::MAX);
        return Ok(Some(n));
    }
    Ok(None)
}

/// One read before the deadline; a timeout or failure is answered 408.
fn read_some(stream: &mut TcpStream, chunk: &mut [u8], deadline: Instant) -> Result<usize, Response> {
    let timeout = || Response::text(408, "the request took too long");
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(timeout());
        }
        let _ = stream.set_read_timeout(Some(left));
        match stream.read(chunk) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(timeout());
            }
            Err(_) => return Ok(0),
        }
    }
}

/// Writes all of `bytes` by the deadline.
pub(crate) fn send(stream: &mut TcpStream, mut bytes: &[u8], deadline: Instant) -> std::io::Result<()> {
    while !bytes.is_empty() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ErrorKind::TimedOut.into());
        }
        stream.set_write_timeout(Some(left))?;
        match stream.write(bytes) {
            Ok(0) => return Err(ErrorKind::WriteZero.into()),
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// The request of a parsed head; its target must be a path.
fn request_of(parsed: &httparse::Request<'_, '_>) -> Result<Request, Response> {
    let method = match parsed.method.unwrap_or_default() {
        "GET" => Method::Get,
        "HEAD" => Method::Head,
        "POST" => Method::Post,
        _ => Method::Other,
    };
    let target = parsed.path.unwrap_or_default();
    if !target.starts_with('/') {
        return Err(Response::text(400, "the request must name a path"));
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut headers = Vec::with_capacity(parsed.headers.len());
    for h in parsed.headers.iter() {
        let value =
            std::str::from_utf8(h.value).map_err(|_| Response::text(400, "a header is not UTF-8 text"))?;
        headers.push((h.name.to_ascii_lowercase(), value.to_string()));
    }
    Ok(Request {
        method,
        path: path.to_string(),
        query: query.to_string(),
        headers,
        body: Vec::new(),
        peer: IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED),
    })
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        303 => "See Other",
        308 => "Permanent Redirect",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        429 => "Too Many Requests",
        411 => "Length Required",
        413 => "Content Too Large",
        414 => "URI Too Long",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}

/// A response's bytes, with the headers every response of the server
/// has: nothing cached, nothing sniffed, never in a frame, the address
/// (and its token) sent as referrer to no other site, and the connection
/// closed after it. (With no referrer at all, browsers would send a form's
/// origin as `null`, and the server could not tell its own forms from
/// others'.)
fn response_bytes(r: &Response, head_only: bool) -> Vec<u8> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: same-origin\r\n\
         Connection: close\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    for (name, value) in &r.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut out = head.into_bytes();
    if !head_only {
        out.extend_from_slice(&r.body);
    }
    out
}

/// Writes a response by the deadline.
pub(crate) fn write_response(
    stream: &mut TcpStream,
    r: &Response,
    head_only: bool,
    deadline: Instant,
) -> std::io::Result<()> {
    send(stream, &response_bytes(r, head_only), deadline)
}

/// The fields of `application/x-www-form-urlencoded` text; None when a
/// field is not UTF-8 once decoded.
pub(crate) fn form_fields(text: &[u8]) -> Option<Vec<(String, String)>> {
    let mut fields = Vec::new();
    for pair in text.split(|&b| b == b'&').filter(|p| !p.is_empty()) {
        let (name, value) = match pair.iter().position(|&b| b == b'=') {
            Some(i) => (&pair[..i], &pair[i + 1..]),
            None => (pair, &[][..]),
        };
        fields.push((decode(name)?, decode(value)?));
    }
    Some(fields)
}

/// Percent-decoding, `+` for a space.
fn decode(text: &[u8]) -> Option<String> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = text.get(i + 1..i + 3).filter(|h| h.iter().all(u8::is_ascii_hexdigit))?;
                out.push(u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_are_decoded() {
        let fields = form_fields(b"hand=9h+4d%2C+Kh&round=3&empty=&flag").unwrap();
        let expected: Vec<(String, String)> =
            [("hand", "9h 4d, Kh"), ("round", "3"), ("empty", ""), ("flag", "")]
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
        assert_eq!(fields, expected);
        assert_eq!(form_fields(b"name=Zo%C3%AB").unwrap()[0].1, "Zoë");
        assert_eq!(form_fields(b"bad=%FF"), None);
        assert_eq!(form_fields(b"cut=%4"), None);
        assert_eq!(form_fields(b"hex=%zz"), None);
        assert_eq!(form_fields(b"sign=%+1"), None);
    }
}
