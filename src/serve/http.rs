//! The HTTP server: one listening socket, a thread per connection up to a
//! bound, every request read within limits of size and time, and one
//! response per connection. httparse reads the request's head; everything
//! about connections (how many, how long, how large) is decided here.
//!
//! A request that breaks a limit or is not HTTP is answered with a 4xx
//! status and the connection closed; more connections than the bound are
//! answered 503 at once.

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The longest request head (request line and headers).
pub(crate) const MAX_HEAD: usize = 8 * 1024;
/// The most headers a request may carry.
const MAX_HEADERS: usize = 40;
/// The largest request body: a form of a few fields.
pub(crate) const MAX_BODY: usize = 8 * 1024;
/// The most connections being read or answered at once (live-update
/// streams are counted apart, by the hub that holds them).
pub(crate) const MAX_CONNECTIONS: usize = 64;
/// The time a client has to send its whole request.
const READ_TIME: Duration = Duration::from_secs(10);
/// The time a client has to take a response.
const WRITE_TIME: Duration = Duration::from_secs(10);

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
}

/// The application behind the server.
pub(crate) trait App: Send + Sync + 'static {
    fn respond(&self, request: &Request) -> Reply;
    /// Takes over a connection whose request asked for live updates.
    fn live(&self, stream: TcpStream);
}

/// Accepts connections until `stop` is set (and a connection wakes the
/// loop), each answered on a thread of its own; returns once the
/// connections being answered are done, or after a few seconds.
pub(crate) fn run(listener: TcpListener, app: Arc<dyn App>, stop: &AtomicBool) {
    let busy = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let Ok(mut stream) = stream else {
            // Out of files, say: a moment for connections to end.
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        let _ = stream.set_write_timeout(Some(WRITE_TIME));
        if busy.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
            let _ = write_response(&mut stream, &busy_response(), false);
            close(stream);
            continue;
        }
        busy.fetch_add(1, Ordering::SeqCst);
        let guard = Busy(busy.clone());
        let app = app.clone();
        // A thread that cannot be started drops the connection, and its
        // count with it.
        let _ = std::thread::Builder::new().name("three13-http".into()).spawn(move || {
            let _guard = guard;
            answer(stream, app.as_ref());
        });
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while busy.load(Ordering::SeqCst) > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Wakes the accept loop of the server at `addr`, so that it sees `stop`.
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

/// Counts a connection being answered, until dropped.
struct Busy(Arc<AtomicUsize>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The answer when every connection is taken.
pub(crate) fn busy_response() -> Response {
    Response::text(503, "busy: too many connections; try again in a moment")
        .with_header("Retry-After", "2".into())
}

/// Reads one request from `stream` and answers it.
fn answer(mut stream: TcpStream, app: &dyn App) {
    let request = match read_request(&mut stream) {
        Ok(Some(request)) => request,
        Ok(None) => return,
        Err(refused) => {
            let _ = write_response(&mut stream, &refused, false);
            close(stream);
            return;
        }
    };
    match app.respond(&request) {
        Reply::Respond(response) => {
            let _ = write_response(&mut stream, &response, request.method == Method::Head);
            close(stream);
        }
        Reply::Live => app.live(stream),
    }
}

/// Ends a connection after its response: the client is told no more comes,
/// and what it still sends is read and dropped for a moment, so that the
/// response is not cut off by a reset.
fn close(mut stream: TcpStream) {
    let _ = stream.flush();
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let mut sink = [0u8; 4096];
    let mut drained = 0;
    while drained < 64 * 1024 {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => drained += n,
        }
    }
}

/// Reads a request within the limits: None when the client sent nothing
/// and went; the response to send when the request is refused.
fn read_request(stream: &mut TcpStream) -> Result<Option<Request>, Response> {
    let deadline = Instant::now() + READ_TIME;
    let mut buf: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let (head_len, mut request) = loop {
        if !buf.is_empty() {
            let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
            let mut parsed = httparse::Request::new(&mut headers);
            match parsed.parse(&buf) {
                Ok(httparse::Status::Complete(len)) => break (len, request_of(&parsed)?),
                Ok(httparse::Status::Partial) => {}
                Err(httparse::Error::TooManyHeaders) => {
                    return Err(Response::text(431, "too many headers"));
                }
                Err(_) => return Err(Response::text(400, "bad request")),
            }
            if buf.len() > MAX_HEAD {
                return Err(if buf.contains(&b'\n') {
                    Response::text(431, "the request's headers are too large")
                } else {
                    Response::text(414, "the address asked for is too long")
                });
            }
        }
        match read_some(stream, &mut chunk, deadline) {
            Ok(0) if buf.is_empty() => return Ok(None),
            Ok(0) => return Err(Response::text(400, "the request ended early")),
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(timeout) => return Err(timeout),
        }
    };
    if request.header("transfer-encoding").is_some() {
        return Err(Response::text(411, "send the body with a Content-Length"));
    }
    let length = match request.header("content-length") {
        None => 0,
        Some(v) => v.trim().parse::<usize>().map_err(|_| Response::text(400, "bad Content-Length"))?,
    };
    if length > MAX_BODY {
        return Err(Response::text(413, &format!("the request's body is larger than {MAX_BODY} bytes")));
    }
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
    Ok(Request { method, path: path.to_string(), query: query.to_string(), headers, body: Vec::new() })
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

/// Writes a response, with the headers every response of the server has:
/// nothing cached, nothing sniffed, never in a frame, the address (and its
/// token) sent as referrer to no other site, and the connection closed
/// after it. (With no referrer at all, browsers would send a form's origin
/// as `null`, and the server could not tell its own forms from others'.)
pub(crate) fn write_response(stream: &mut TcpStream, r: &Response, head_only: bool) -> std::io::Result<()> {
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
    stream.write_all(&out)?;
    stream.flush()
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
