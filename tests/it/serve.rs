//! `three13 serve` over real HTTP: a server started on a free loopback
//! port, and a small HTTP/1.1 client written here on `TcpStream`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::Env;

/// A `three13 serve` running, and what it has said on stderr.
pub struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    pub addr: SocketAddr,
    /// The path the pages are under, with its slash: `/` or `/TOKEN/`.
    pub base: String,
    /// The address printed on the first line.
    pub url: String,
    stderr: Arc<Mutex<String>>,
}

/// One response.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The body's text as a reader sees it: tags dropped, entities read,
    /// runs of white space as one space; the style and script left out.
    pub fn text(&self) -> String {
        text_of(&self.body)
    }
}

/// A page's text: tags dropped, the few entities maud writes read, runs of
/// white space made one space; what is inside style and script left out.
pub fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        // Words run on across the tags that mark words (a card, a total),
        // not across the others.
        let inline = ["<span", "</span>", "<small", "</small>", "<strong", "</strong>"];
        if !inline.iter().any(|t| rest.starts_with(t)) {
            out.push(' ');
        }
        let skip_to =
            ["<style", "<script"].iter().find(|t| rest.starts_with(**t)).map(|t| format!("</{}>", &t[1..]));
        let end = match skip_to {
            Some(close) => rest.find(&close).map(|i| i + close.len()),
            None => rest.find('>').map(|i| i + 1),
        };
        rest = &rest[end.unwrap_or(rest.len())..];
    }
    out.push_str(rest);
    let out = out
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Polls `done` every 20 ms until it holds, for at most `within`.
pub fn eventually(within: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + within;
    loop {
        if done() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

impl Server {
    /// Starts `three13 serve --port 0 ARGS` and reads the address it prints.
    pub fn start(env: &Env, args: &[&str]) -> Server {
        let mut all = vec!["serve", "--port", "0"];
        all.extend_from_slice(args);
        let mut child = env
            .command(&all)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("three13 serve starts");
        let stderr = Arc::new(Mutex::new(String::new()));
        {
            let stderr = stderr.clone();
            let mut pipe = child.stderr.take().expect("stderr");
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = pipe.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    stderr.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            });
        }
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx.recv_timeout(Duration::from_secs(20)).unwrap_or_default();
        let url = line.trim().to_string();
        let Some(rest) = url.strip_prefix("http://") else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("serve printed no address: {url:?}; stderr: {}", stderr.lock().unwrap());
        };
        let (host, path) = rest.split_at(rest.find('/').expect("a path"));
        let port: u16 = host.rsplit_once(':').expect("a port").1.parse().expect("a port number");
        let stdin = child.stdin.take();
        Server {
            child,
            stdin,
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            base: path.to_string(),
            url,
            stderr,
        }
    }

    /// What the server has said on stderr so far.
    pub fn said(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// Waits until stderr holds `text`.
    pub fn wait_for_said(&self, text: &str) -> String {
        assert!(
            eventually(Duration::from_secs(10), || self.said().contains(text)),
            "serve never said {text:?}; it said: {}",
            self.said()
        );
        self.said()
    }

    /// The scorer's PIN, as the terminal shows it.
    pub fn pin(&self) -> String {
        let said = self.wait_for_said("PIN ");
        let at = match said.rfind("the PIN is now ") {
            Some(at) => at + "the PIN is now ".len(),
            None => said.rfind("PIN ").expect("a PIN") + 4,
        };
        said[at..at + 6].to_string()
    }

    /// Types a line on the terminal running serve.
    pub fn type_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin");
        stdin.write_all(format!("{line}\n").as_bytes()).expect("typed");
        stdin.flush().expect("typed");
    }

    /// A request as bytes, and its response.
    pub fn raw(&self, request: &[u8]) -> Reply {
        let mut stream = TcpStream::connect(self.addr).expect("connects");
        stream.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
        // The server may answer, and close, before all is written.
        let _ = stream.write_all(request);
        read_reply(&mut stream)
    }

    /// A request for `path` (after the base), with `headers` and a body.
    pub fn request(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
        let mut text =
            format!("{method} {}{path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", self.base, self.addr);
        for (name, value) in headers {
            text.push_str(&format!("{name}: {value}\r\n"));
        }
        if method == "POST" {
            text.push_str(&format!(
                "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        text.push_str("\r\n");
        text.push_str(body);
        self.raw(text.as_bytes())
    }

    pub fn get(&self, path: &str) -> Reply {
        self.request("GET", path, &[], "")
    }

    pub fn post(&self, path: &str, body: &str) -> Reply {
        self.request("POST", path, &[], body)
    }

    /// A post sent again while it is answered 429 (a PIN too soon after a
    /// wrong one), for up to ten seconds.
    pub fn post_when_taken(&self, path: &str, body: &str) -> Reply {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let reply = self.post(path, body);
            if reply.status != 429 || Instant::now() >= deadline {
                return reply;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Opens the live updates of the pages; the head read.
    pub fn events(&self) -> Events {
        self.events_from(Ipv4Addr::LOCALHOST.into())
    }

    /// The same, from the client address `from` (a loopback address).
    pub fn events_from(&self, from: IpAddr) -> Events {
        let mut stream = connect_from(from, self.addr);
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let head = format!(
            "GET {}events HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
            self.base, self.addr
        );
        stream.write_all(head.as_bytes()).expect("asked");
        let mut events = Events { stream, seen: String::new() };
        assert!(events.read_until("\r\n\r\n", Duration::from_secs(10)), "no head: {:?}", events.seen);
        assert!(events.seen.starts_with("HTTP/1.1 200 OK\r\n"), "{:?}", events.seen);
        assert!(events.seen.contains("Content-Type: text/event-stream\r\n"), "{:?}", events.seen);
        events
    }

    /// Ctrl-C, as a signal; the exit code and all that was said.
    pub fn stop(mut self) -> (i32, String) {
        let pid = self.child.id().to_string();
        let sent = std::process::Command::new("kill").args(["-INT", &pid]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -INT {pid}");
        let deadline = Instant::now() + Duration::from_secs(10);
        let code = loop {
            if let Some(status) = self.child.try_wait().expect("waits") {
                break status.code().unwrap_or(-1);
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                panic!("serve did not stop on Ctrl-C: {}", self.said());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        eventually(Duration::from_secs(2), || self.said().contains("Stopped"));
        (code, self.said())
    }

    /// Sends the signal named (`INT`, `TERM`) to the server.
    pub fn signal(&self, name: &str) {
        let pid = self.child.id().to_string();
        let sent = std::process::Command::new("kill").args([&format!("-{name}"), &pid]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -{name} {pid}");
    }

    /// How the server ended, if it did within `within`.
    pub fn ended(&mut self, within: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().expect("waits") {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The files the server process holds open (Linux).
    #[cfg(target_os = "linux")]
    pub fn open_files(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id())).map(|d| d.count()).unwrap_or(0)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A stream of live updates.
pub struct Events {
    stream: TcpStream,
    pub seen: String,
}

impl Events {
    /// A stream whose head was read already.
    pub fn new(stream: TcpStream) -> Events {
        Events { stream, seen: String::new() }
    }

    /// Reads until what was seen holds `text`, for at most `within`.
    pub fn read_until(&mut self, text: &str, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        let mut buf = [0u8; 1024];
        while !self.seen.contains(text) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            self.stream.set_read_timeout(Some(left)).unwrap();
            match self.stream.read(&mut buf) {
                Ok(0) | Err(_) => return self.seen.contains(text),
                Ok(n) => self.seen.push_str(&String::from_utf8_lossy(&buf[..n])),
            }
        }
        true
    }

    /// The events (`data:` lines) seen so far.
    pub fn count(&self) -> usize {
        self.seen.matches("\ndata: ").count()
    }
}

/// A connection to `to` from the client address `from`: any address of
/// 127.0.0.0/8 is this machine's (Linux), so that tests can be several
/// clients.
pub fn connect_from(from: IpAddr, to: SocketAddr) -> TcpStream {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::for_address(to), Type::STREAM, None).expect("a socket");
    socket.bind(&SocketAddr::new(from, 0).into()).expect("binds the client's address");
    socket.connect(&to.into()).expect("connects");
    socket.into()
}

/// The `n`th of many client addresses on loopback: 127.0.1.n, 127.0.2.…
pub fn client(n: usize) -> IpAddr {
    Ipv4Addr::new(127, 0, 1 + (n / 250) as u8, 1 + (n % 250) as u8).into()
}

pub fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    let headers: Vec<(String, String)> =
        lines.filter_map(|l| l.split_once(": ")).map(|(n, v)| (n.to_string(), v.to_string())).collect();
    let reply = Reply { status, headers, body: String::new() };
    let length = reply.header("Content-Length").and_then(|l| l.parse::<usize>().ok());
    let body = match length {
        Some(n) => body.get(..n).unwrap_or(body).to_string(),
        None => body.to_string(),
    };
    Reply { body, ..reply }
}

/// Ann, Bob and Cy, two rounds in (the README's game).
pub fn game_in_progress(env: &Env) {
    env.ok(&["new", "--player", "Ann", "--player", "Bob", "--player", "Cy", "friday"]);
    env.ok(&["round", "12", "0", "35", "--out", "Bob"]);
    env.ok(&["round", "Ann=0", "Bob=8", "Cy=9h 4d Kh 5s", "--out", "Ann"]);
}

/// A session file without its times (of the file and of each change
/// logged), which differ from run to run.
fn timeless(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .expect("UTF-8")
        .lines()
        .filter(|l| !l.starts_with("created = ") && !l.starts_with("updated = "))
        .map(|l| {
            match l.split_once("at = \"").and_then(|(head, rest)| Some((head, rest.split_once('"')?.1))) {
                Some((head, tail)) => format!("{head}at = _{tail}"),
                None => l.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_pages_of_a_game_in_progress() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &[]);
    assert!(server.url.starts_with("http://127.0.0.1:") && server.base == "/", "{}", server.url);
    let said = server.wait_for_said("Ctrl-C stops.");
    assert!(said.starts_with(&format!("Serving friday at {} (this machine only", server.url)), "{said}");

    let page = server.get("");
    assert_eq!(page.status, 200);
    assert_eq!(page.header("Content-Type"), Some("text/html; charset=utf-8"));
    let policy = page.header("Content-Security-Policy").expect("a policy");
    assert!(policy.starts_with("default-src 'none'; style-src 'nonce-"), "{policy}");
    assert_eq!(page.header("X-Frame-Options"), Some("DENY"));
    assert_eq!(page.header("Cache-Control"), Some("no-store"));
    assert!(svg_only_links(&page.body));
    assert_eq!(
        page.text(),
        "friday · three13 friday Rules: standard Score sheet TV Check a hand Drill Season \
         Round 3 of 11 Cards 5 fives wild 5 Dealer Cy Plays first Ann \
         Standings Place Player Total Behind Out 1 Bob 8 0 1 2 Ann 12 4 1 3 Cy 66 58 0 \
         Score sheet Round Cards Wild Dealer Ann Bob Cy Out \
         1 3 3 Ann 12 (12) 0 (0) 35 (35) Bob 2 4 4 Bob 0 (12) 8 (8) 31 (66) Ann \
         3 5 5 Cy 4 6 6 Ann 5 7 7 Bob 6 8 8 Cy 7 9 9 Ann 8 10 10 Bob 9 11 J Cy 10 12 Q Ann 11 13 K Bob \
         Total 12 8 66 12 (40): points in the round (running total). \
         Points in each round, ✓ for who went out; the cards, the dealer and running totals on a wider screen. \
         The race Running totals of friday total (lowest wins) round 0 10 20 30 40 50 60 0 1 2 Ann Bob Cy \
         Running totals of friday total (lowest wins) round 0 10 20 30 40 50 60 0 1 2 Ann Bob Cy \
         This page follows the game by itself; without JavaScript, reload it."
    );
    // The same figures as `table --json`.
    let json = env.table_json(&[]);
    assert_eq!(json["standings"][2]["total"], 66);
    assert_eq!(json["next"]["dealer"], "Cy");

    let tv = server.get("tv");
    assert_eq!(tv.status, 200);
    assert_eq!(
        tv.text(),
        "friday · TV · three13 friday Round 3 of 11 · 5 cards 5 fives wild Cy deals · Ann plays first \
         Standings Place Player Total Behind Out 1 Bob 8 0 1 2 Ann 12 4 1 3 Cy 66 58 0"
    );
    assert!(!tv.body.contains("<a ") && !tv.body.contains("<form"), "nothing to click on the TV");

    let head = server.request("HEAD", "", &[], "");
    assert_eq!((head.status, head.body.as_str()), (200, ""));
    // The nonce differs from response to response, not its length.
    assert_eq!(head.header("Content-Length"), page.header("Content-Length"));
    let (code, said) = server.stop();
    assert_eq!(code, 0, "{said}");
    assert!(said.ends_with("Stopped serving friday.\n"), "{said}");
}

/// Whether every `http://` in a page is the SVG's namespace: the page
/// loads nothing from elsewhere.
fn svg_only_links(body: &str) -> bool {
    body.matches("http://").count() == body.matches("xmlns=\"http://www.w3.org/2000/svg\"").count()
        && !body.contains("https://")
}

#[test]
fn the_pages_of_a_finished_game() {
    let env = Env::new();
    env.ok(&["new", "--player", "Ann", "--player", "Bob", "--player", "Cy", "done"]);
    for _ in 0..11 {
        env.ok(&["round", "10", "out", "5"]);
    }
    let server = Server::start(&env, &["--entry"]);
    let page = server.get("");
    assert_eq!(page.status, 200);
    let text = page.text();
    assert!(
        text.contains(
            "Game over Bob wins by 55, with 0. \
             Final places Place Player Total Behind Out 1 Bob 0 0 11 2 Cy 55 55 0 3 Ann 110 110 0"
        ),
        "{text}"
    );
    assert!(text.contains("11 13 K Bob 10 (110) 0 (0) 5 (55) Bob Total 110 0 55"), "{text}");
    let tv = server.get("tv").text();
    assert_eq!(
        tv,
        "done · TV · three13 done Game over Bob wins by 55, with 0. \
         Final places Place Player Total Behind Out 1 Bob 0 0 11 2 Cy 55 55 0 3 Ann 110 110 0"
    );
    // Nothing is entered once the game is over.
    let refused = server.post("enter", "round=12&player=Ann&score=3");
    assert_eq!(refused.status, 409);
    assert!(refused.text().contains("the game is over; nothing was taken"), "{}", refused.text());
}

#[test]
fn a_round_recorded_by_another_three13_is_pushed_to_the_pages() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &[]);
    let mut events = server.events();
    assert!(events.read_until("retry: 1000\n", Duration::from_secs(5)), "{:?}", events.seen);
    assert_eq!(events.count(), 0);
    env.ok(&["round", "5", "0", "20", "--out", "Bob"]);
    let recorded = Instant::now();
    assert!(events.read_until("\ndata: ", Duration::from_secs(5)), "no event: {:?}", events.seen);
    let took = recorded.elapsed();
    assert!(took < Duration::from_secs(1), "the event came {took:?} after the round");
    let text = server.get("").text();
    assert!(text.contains("Round 4 of 11 Cards 6 sixes wild 6 Dealer Ann Plays first Bob"), "{text}");
    assert!(text.contains("3 5 5 Cy 5 (17) 0 (8) 20 (86) Bob"), "{text}");
    // An undo too.
    env.ok(&["undo", "--yes"]);
    assert!(events.read_until("\ndata: 2", Duration::from_secs(5)), "{:?}", events.seen);
    assert!(server.get("").text().contains("Round 3 of 11"));
}

#[test]
fn the_hand_checker_answers_as_check_does() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &[]);
    let form = server.get("check");
    assert_eq!(form.status, 200);
    assert!(
        form.text().contains("Check a hand The cards Round round 1: 3 cards, threes wild"),
        "{}",
        form.text()
    );
    assert!(form.body.contains("<option value=\"3\" selected>round 3: 5 cards, fives wild</option>"));

    let answer = server.get("check?hand=7d+10c+KS+QS+5c");
    assert_eq!(answer.status, 200);
    let text = answer.text();
    let at = text.find("Round 3: 5 cards dealt").expect("the answer");
    assert_eq!(
        &text[at..],
        "Round 3: 5 cards dealt, fives wild Hand 10♣ 7♦ Q♠ K♠ 5♣ Melds run 5♣ Q♠ K♠ (5♣ as J♠) \
         Unmelded 10♣ 10, 7♦ 7 = 17 Deadwood 17 Outs (0): none"
    );
    assert!(answer.body.contains("<span class=\"card red\">7♦</span>"));
    // The command line says the same.
    let check = env.ok(&["check", "7d", "10c", "KS", "QS", "5c"]).stdout;
    assert!(check.contains("run 5c Qs Ks  (5c as Js)") && check.contains("Deadwood 17"), "{check}");

    // After the draw: the discard, and every discard with its chance.
    let drawn = server.get("check?hand=3h+4h+5h+9c+9d+Kd&round=3").text();
    let at = drawn.find("Round 3:").expect("the answer");
    assert_eq!(
        &drawn[at..],
        "Round 3: 5 cards dealt, 6 held after the draw, fives wild Discard K♦ and lay down: \
         Hand 9♣ 9♦ 3♥ 4♥ 5♥ Melds set 9♣ 9♦ 5♥ (5♥ as 9♥) Unmelded 4♥ 4, 3♥ 3 = 7 \
         Deadwood 7: does not go out Discard Left Outs Unseen Chance K♦ 7 none 0 0.0% \
         4♥ 16 none 0 0.0% 3♥ 17 none 0 0.0% 9♣ 22 none 0 0.0% 9♦ 22 none 0 0.0% 5♥ 38 none 0 0.0% \
         Least left: discard K♦: 7 left, 0 outs, 0 unseen, 0.0% on the next draw"
    );
    let cli = env.ok(&["check", "--round", "3", "3h", "4h", "5h", "9c", "9d", "Kd"]).stdout;
    assert!(cli.contains("Discard Kd and lay down:"), "{cli}");
    assert!(drawn.contains("Discard K♦ and lay down:"), "{drawn}");
    assert!(
        cli.contains("Least left:  discard Kd: 7 left, 0 outs, 0 unseen, 0.0% on the next draw"),
        "{cli}"
    );

    // A declared hand: each group judged.
    let declared = server.get("check?hand=9c+9d+9s+%7C+Kd+Qd&round=3").text();
    assert!(declared.contains("Declared 9♣ 9♦ 9♠: a set K♦ Q♦: "), "{declared}");
    // A hand that does not read is answered 422, with the caret and hint.
    let bad = server.get("check?hand=7d+10x+KS+QS+5c");
    assert_eq!(bad.status, 422);
    let cli = env.run(&["check", "7d", "10x", "KS", "QS", "5c"]);
    let message = cli.stderr.trim_end().strip_prefix("error: ").expect("an error").to_string();
    assert!(bad.body.contains(&message.replace('"', "&quot;")), "{}\n{message}", bad.body);
    // A round the rules do not have.
    let none = server.get("check?hand=7d+10c+KS&round=40");
    assert_eq!(none.status, 422);
    assert!(none.text().contains("there is no round 40; these rules play rounds 1 to 11"));
}

/// A game of Five Crowns served: its rules, its wild and its cards on the
/// pages, the stars drawn as ★, and the checker on its deck.
#[test]
fn a_game_of_five_crowns_is_served_on_its_deck() {
    let env = Env::new();
    env.ok(&["new", "crowns", "--rules", "five-crowns", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "Ann=0", "Bob=JK 3r", "--out", "Ann"]);
    let server = Server::start(&env, &[]);
    let body = server.get("").body;
    // The jokers wild beside the rank, smaller, so that they stay beside it
    // in large type; short names in large type.
    assert!(body.contains("<div class=\"big\">4 <span class=\"more\">+JK</span></div>"), "{body}");
    assert!(body.contains("<div class=\"big\">Bob</div>"), "{body}");
    let page = server.get("").text();
    assert!(page.starts_with("crowns · three13 crowns Rules: five-crowns "), "{page}");
    assert!(page.contains("Round 2 of 11 Cards 4 fours and jokers wild 4 +JK Dealer Bob"), "{page}");
    // The joker left over at 50 and the round's wild (a three) at 20.
    assert!(page.contains("1 Ann 0 0 1 2 Bob 70 70 0"), "{page}");

    let form = server.get("check").text();
    assert!(form.contains("Round round 1: 3 cards, threes and jokers wild round 2:"), "{form}");
    assert!(
        form.ends_with(
            "Cards are rank then suit: 7d 10c KS Q♥, and 5r or 5★ for the stars; JK is a joker; \
             ranks are 3-10 J Q K (or T for ten). A hand with one card more is the hand after the \
             draw. Groups between | are judged as laid down."
        ),
        "{form}"
    );
    let answer = server.get("check?hand=3r+5r+JK+9c&round=2");
    assert_eq!(answer.status, 200);
    let text = answer.text();
    let at = text.find("Round 2:").expect("the answer");
    assert_eq!(
        &text[at..],
        "Round 2: 4 cards dealt, fours and jokers wild Hand 9♣ 3★ 5★ JK \
         Melds run 3★ JK 5★ (JK as 4★) Unmelded 9♣ 9 = 9 Deadwood 9 \
         Outs (7): 4♣ 4♦ 4♥ 4♠ 4★ 6★ JK 17 of them unseen: 15.2% on the next draw"
    );
    // The command line says the same, the stars as r.
    let cli = env.ok(&["check", "--round", "2", "3r", "5r", "JK", "9c"]).stdout;
    assert!(cli.contains("run 3r JK 5r  (JK as 4r)") && cli.contains("Deadwood 9"), "{cli}");
    assert!(cli.contains("Outs (7): 4c 4d 4h 4s 4r 6r JK"), "{cli}");
    // An ace is not in the deck, on the page as on the command line.
    let bad = server.get("check?hand=Ah+3r+4r&round=1");
    assert_eq!(bad.status, 422);
    assert!(bad.text().contains("\"Ah\": the deck has no aces"), "{}", bad.text());
}

#[test]
fn scores_from_two_phones_are_recorded_as_round_records_them() {
    let env = Env::new();
    env.ok(&["new", "--player", "Ann", "--player", "Bob", "duel"]);
    let mut server = Server::start(&env, &["--entry"]);
    let pin = server.pin();
    assert!(server.said().contains(&format!("or on the page with the PIN {pin}.")));

    let page = server.get("");
    assert!(
        page.text().contains("Scores in for round 1 … Ann: waiting … Bob: waiting Enter your score"),
        "{}",
        page.text()
    );
    // Ann's phone: the whole hand, solved.
    let ann = server.post("enter", "round=1&player=Ann&score=9h+4d+Kh");
    assert_eq!(ann.status, 303, "{}", ann.body);
    assert_eq!(ann.header("Location"), Some("/?player=Ann#entered"));
    server.wait_for_said(
        "Entered from a phone: Ann: 9h 4d Kh: no meld; left over Kh 9h 4d; deadwood 26 (1 of 2 in)",
    );
    let page = server.get("?player=Ann");
    assert!(
        page.text().contains("✓ Ann: 9h 4d Kh: no meld; left over Kh 9h 4d; deadwood 26 … Bob: waiting"),
        "{}",
        page.text()
    );
    assert!(page.body.contains("<option value=\"Ann\" selected>Ann</option>"));
    // Nothing is written before the scorer confirms.
    let before = env.session_bytes("duel");
    // Bob's phone: out.
    assert_eq!(server.post("enter", "round=1&player=Bob&score=out&out=1").status, 303);
    let said = server.wait_for_said("Every score is in. Round 1: Ann 26, Bob 0 (out)");
    assert!(said.contains("Entered from a phone: Bob: out, 0 (2 of 2 in)"), "{said}");
    assert_eq!(env.session_bytes("duel"), before);
    let page = server.get("").text();
    assert!(page.contains("Every score is in: Round 1: Ann 26, Bob 0 (out)"), "{page}");

    // The scorer confirms on a page with the PIN.
    let wrong = if pin == "000000" { "111111" } else { "000000" };
    let refused = server.post("confirm", &format!("round=1&pin={wrong}"));
    assert_eq!(refused.status, 403);
    assert!(refused.text().contains("wrong PIN"), "{}", refused.text());
    assert_eq!(env.session_bytes("duel"), before);
    // After a wrong PIN, none is taken for a second, the right one neither.
    let early = server.post("confirm", &format!("round=1&pin={pin}"));
    assert_eq!(early.status, 429, "{}", early.body);
    assert!(early.text().contains("a wrong PIN was typed a moment ago: the next is taken in 1 s"));
    assert_eq!(env.session_bytes("duel"), before);
    let done = server.post_when_taken("confirm", &format!("round=1&pin={pin}"));
    assert_eq!(done.status, 303, "{}", done.body);
    server.wait_for_said("Recorded: Round 1: Ann 26, Bob 0 (out)\nNext: round 2");

    // The file holds what `three13 round` writes.
    let twin = Env::new();
    twin.ok(&["new", "--player", "Ann", "--player", "Bob", "duel"]);
    twin.ok(&["round", "Ann=9h 4d Kh", "Bob=out"]);
    assert_eq!(timeless(env.session_bytes("duel")), timeless(twin.session_bytes("duel")));

    // The next round, confirmed on the terminal.
    assert_eq!(server.post("enter", "round=2&player=Bob&score=13%2B4").status, 303);
    server.type_line("y");
    server.wait_for_said("Waiting for Ann; nothing was recorded.");
    assert_eq!(server.post("enter", "round=2&player=Ann&score=K+9").status, 303);
    server.wait_for_said("Every score is in. Round 2: Ann 22, Bob 17");
    server.type_line("y");
    server.wait_for_said("Recorded: Round 2: Ann 22, Bob 17");
    twin.ok(&["round", "Ann=K 9", "Bob=13+4"]);
    assert_eq!(timeless(env.session_bytes("duel")), timeless(twin.session_bytes("duel")));
    assert!(server.get("").text().contains("Round 3 of 11"));
}

#[test]
fn a_false_go_out_and_bad_scores_are_refused() {
    let env = Env::new();
    env.ok(&["new", "--player", "Ann", "--player", "Bob", "--player", "Cy", "duel"]);
    let mut server = Server::start(&env, &["--entry"]);
    let before = env.session_bytes("duel");
    let refused = server.post("enter", "round=1&player=Ann&score=9h+4d+Kh&out=1");
    assert_eq!(refused.status, 422);
    let text = refused.text();
    assert!(
        text.contains(
            "I went out first Ann went out, but the hand typed for Ann does not go out: at best it leaves 26 deadwood Enter"
        ),
        "{text}"
    );
    // What was typed stays in the form.
    assert!(refused.body.contains("value=\"9h 4d Kh\""), "{}", refused.body);
    assert!(refused.body.contains("<option value=\"Ann\" selected>Ann</option>"));
    // The command line refuses it alike.
    env.fails(
        &["round", "Ann=9h 4d Kh", "Bob=3", "Cy=4", "--out", "Ann"],
        1,
        "Ann went out, but the hand typed for Ann does not go out: at best it leaves 26 deadwood\n  \
         hint: check the cards typed, or name the player who did go out with --out",
    );
    // Two players out.
    assert_eq!(server.post("enter", "round=1&player=Bob&score=out").status, 303);
    let two = server.post("enter", "round=1&player=Cy&score=0&out=1");
    assert_eq!(two.status, 422);
    assert!(
        two.text().contains("both Cy and Bob are marked out; mark only the player who went out first"),
        "{}",
        two.text()
    );
    let high = server.post("enter", "round=1&player=Cy&score=99");
    assert_eq!(high.status, 422);
    assert!(high.text().contains("Cy's score 99 is more than 3 cards can hold: at most 39 in round 1"));
    let nobody = server.post("enter", "round=1&player=Dee&score=3");
    assert_eq!(nobody.status, 422);
    assert!(nobody.text().contains("no player named \"Dee\"; the players are Ann, Bob, Cy"));
    // A round that moved on.
    let late = server.post("enter", "round=2&player=Cy&score=3");
    assert_eq!(late.status, 409);
    let page = server.get("").text();
    assert!(page.contains("… Ann: waiting ✓ Bob: out, 0 … Cy: waiting"), "{page}");
    server.type_line("yes");
    server.wait_for_said("Waiting for Ann and Cy; nothing was recorded.");
    assert_eq!(env.session_bytes("duel"), before);
}

#[test]
fn the_token_and_the_pin_guard_the_network() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--lan", "--listen", "127.0.0.1", "--entry"]);
    let token = server.base.trim_matches('/').to_string();
    assert_eq!(token.len(), 20, "{}", server.url);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    server.wait_for_said(&format!("Serving friday on the local network at {}\n", server.url));
    assert_eq!(server.get("").status, 200);
    assert_eq!(server.get("tv").status, 200);
    let without =
        |path: &str| server.raw(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes()).status;
    assert_eq!(without("/"), 404);
    assert_eq!(without("/tv"), 404);
    assert_eq!(without("/events"), 404);
    let mut wrong = token.clone();
    wrong.replace_range(0..1, if token.starts_with('0') { "1" } else { "0" });
    assert_eq!(without(&format!("/{wrong}/")), 404);
    assert_eq!(without(&format!("/{}/", &token[..19])), 404);
    assert_eq!(without(&format!("/{token}/")), 200);
    let slashless = server.raw(format!("GET /{token} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes());
    assert_eq!((slashless.status, slashless.header("Location")), (308, Some(format!("/{token}/").as_str())));
    // Without the token, no score goes in either.
    let post = "POST /enter HTTP/1.1\r\nHost: x\r\nContent-Length: 26\r\n\r\nround=3&player=Ann&score=3";
    assert_eq!(server.raw(post.as_bytes()).status, 404);
    // The PIN: wrong ones are refused, five replace it.
    let pin = server.pin();
    for _ in 0..2 {
        assert_eq!(server.post("enter", "round=3&player=Ann&score=3").status, 303);
    }
    assert_eq!(server.post("enter", "round=3&player=Bob&score=out").status, 303);
    assert_eq!(server.post("enter", "round=3&player=Cy&score=4").status, 303);
    let wrong_pin = if pin == "123456" { "654321" } else { "123456" };
    for _ in 0..5 {
        assert_eq!(server.post_when_taken("confirm", &format!("round=3&pin={wrong_pin}")).status, 403);
    }
    server.wait_for_said("Too many wrong PINs were typed on a page: the PIN is now ");
    let renewed = server.pin();
    assert_ne!(renewed, pin);
    assert_eq!(server.post_when_taken("confirm", &format!("round=3&pin={pin}")).status, 403);
    assert_eq!(server.post_when_taken("confirm", &format!("round=3&pin={renewed}")).status, 303);
    assert_eq!(env.table_json(&[])["rounds"].as_array().map(Vec::len), Some(3));
    // A form from another site.
    let foreign =
        server.request("POST", "enter", &[("Origin", "http://evil.example")], "round=4&player=Ann&score=3");
    assert_eq!(foreign.status, 403);
}

#[test]
fn without_entry_or_lan_nothing_is_written_and_only_loopback_names_are_answered() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &[]);
    let post = server.post("enter", "round=3&player=Ann&score=3");
    assert_eq!(post.status, 403);
    assert_eq!(post.body, "scores are entered from phones only when the scorer runs three13 serve --entry\n");
    assert!(!server.get("").text().contains("Enter your score"));
    // A name of another site pointed at this machine.
    let rebound = server.raw(b"GET / HTTP/1.1\r\nHost: evil.example:8313\r\n\r\n");
    assert_eq!(rebound.status, 403);
    let local =
        server.raw(format!("GET / HTTP/1.1\r\nHost: localhost:{}\r\n\r\n", server.addr.port()).as_bytes());
    assert_eq!(local.status, 200);
    env.fails(
        &["serve", "--listen", "192.0.2.1"],
        2,
        "--listen 192.0.2.1 is not a loopback address; to share the game on the network, add --lan \
         (the address then carries a token)",
    );
}

#[test]
fn paths_outside_the_app_and_bad_requests_are_refused() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &[]);
    for path in [
        "/../sessions/friday.toml",
        "/sessions/friday.toml",
        "/state.toml",
        "/favicon.ico",
        "/%2e%2e/%2e%2e/etc/passwd",
        "//etc/passwd",
        "/tv/",
        "/check/../../x",
    ] {
        let reply = server.raw(format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").as_bytes());
        assert_eq!((path, reply.status, reply.body.as_str()), (path, 404, "not found\n"));
    }
    let delete = server.raw(b"DELETE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assert_eq!((delete.status, delete.header("Allow")), (405, Some("GET, HEAD")));
    assert_eq!(server.raw(b"GET /enter HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status, 405);
    assert_eq!(server.raw(b"HELLO\r\n\r\n").status, 400);
    assert_eq!(server.raw(b"GET http://elsewhere/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status, 400);
    assert_eq!(server.raw(b"GET / HTTP/1.1\r\nBad Header\r\n\r\n").status, 400);
    assert_eq!(server.raw(b"GET /check?hand=%FF HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status, 400);
    // Every page still answers.
    assert_eq!(server.get("").status, 200);
}

#[test]
fn oversized_requests_are_refused() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--entry"]);
    let long_path = format!("GET /check?hand={} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "7d+".repeat(10_000));
    assert_eq!(server.raw(long_path.as_bytes()).status, 414);
    let long_header = format!("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {}\r\n\r\n", "a".repeat(20_000));
    assert_eq!(server.raw(long_header.as_bytes()).status, 431);
    let many: String = (0..60).map(|i| format!("X-{i}: 1\r\n")).collect();
    assert_eq!(server.raw(format!("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n{many}\r\n").as_bytes()).status, 431);
    let big_body = server.raw(
        b"POST /enter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000\r\n\r\nround=3&player=Ann&score=",
    );
    assert_eq!(
        (big_body.status, big_body.body.as_str()),
        (413, "the request's body is larger than 8192 bytes\n")
    );
    let chunked = server.raw(b"POST /enter HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nround\r\n0\r\n\r\n");
    assert_eq!(chunked.status, 411);
    let long_hand = server.get(&format!("check?hand={}", "7d+".repeat(200)));
    assert_eq!(long_hand.status, 422);
    assert!(long_hand.text().contains("the hand is longer than 400 characters"));
    assert_eq!(server.get("").status, 200);
}

#[test]
fn fifty_pages_follow_the_game_and_none_is_left_behind() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &[]);
    #[cfg(target_os = "linux")]
    let files = {
        // One stream open and closed first: what the server holds once
        // its threads and files have settled.
        drop(server.events());
        std::thread::sleep(Duration::from_millis(500));
        server.open_files()
    };
    // Fifty phones: fifty client addresses.
    let mut pages: Vec<Events> = (0..50).map(|i| server.events_from(client(i))).collect();
    for (round, scores) in [(1, ["5", "0", "20"]), (2, ["out", "9", "13"])] {
        let mut args = vec!["round"];
        args.extend(scores);
        env.ok(&args);
        for page in &mut pages {
            assert!(
                page.read_until(&format!("\ndata: {round}\n"), Duration::from_secs(5)),
                "round {round}: {:?}",
                page.seen
            );
        }
    }
    assert_eq!(env.table_json(&[])["rounds"].as_array().map(Vec::len), Some(4));
    // A page is answered while fifty follow.
    assert!(server.get("").text().contains("Round 5 of 11"));
    drop(pages);
    #[cfg(target_os = "linux")]
    assert!(
        eventually(Duration::from_secs(5), || server.open_files() <= files),
        "the server holds {} files, {files} before",
        server.open_files()
    );
    // Every stream was let go: as many as the server takes open again,
    // and one more is refused.
    let mut again: Vec<Events> = Vec::new();
    assert!(eventually(Duration::from_secs(5), || {
        while again.len() < 64 {
            match try_events(&server, client(100 + again.len())) {
                Some(e) => again.push(e),
                None => return false,
            }
        }
        true
    }));
    let refused = server.get("events");
    assert_eq!(refused.status, 503);
    drop(again);
    let (code, _) = server.stop();
    assert_eq!(code, 0);
}

/// A stream from client address `from`, if the server takes one.
fn try_events(server: &Server, from: IpAddr) -> Option<Events> {
    let mut stream = connect_from(from, server.addr);
    let head = format!("GET /events HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    stream.write_all(head.as_bytes()).ok()?;
    let mut events = Events { stream, seen: String::new() };
    events.read_until("\r\n\r\n", Duration::from_secs(5));
    events.seen.starts_with("HTTP/1.1 200").then_some(events)
}

#[test]
fn names_are_escaped_everywhere_they_are_shown() {
    let env = Env::new();
    env.ok(&["new", "--player", "<b>Ann</b>", "--player", "Bob & \"Co\"", "--player", "O'Neil", "x"]);
    env.ok(&["round", "3", "out", "5"]);
    let server = Server::start(&env, &["--entry"]);
    for path in ["", "tv"] {
        let page = server.get(path);
        assert_eq!(page.status, 200, "{path}");
        assert!(!page.body.contains("<b>") && !page.body.contains("\"Co\""), "{path}: {}", page.body);
        assert!(page.body.contains("&lt;b&gt;Ann&lt;/b&gt;"), "{path}");
    }
    // A hand that is not cards is echoed back, escaped.
    let hand = server.get("check?hand=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    assert_eq!(hand.status, 422);
    assert!(!hand.body.contains("<script>alert"), "{}", hand.body);
    assert!(hand.body.contains("&quot;&lt;script&gt;…&quot; is not a card"), "{}", hand.body);
    let page = server.get("");
    assert!(
        page.body.contains("<option value=\"Bob &amp; &quot;Co&quot;\">Bob &amp; &quot;Co&quot;</option>"),
        "{}",
        page.body
    );
    assert!(
        page.text().contains("1 Bob & \"Co\" 0 0 1 2 <b>Ann</b> 3 3 0 3 O'Neil 5 5 0"),
        "{}",
        page.text()
    );
    let entered = server.post("enter", "round=2&player=%3Cb%3EAnn%3C%2Fb%3E&score=%3Cscript%3E");
    assert_eq!(entered.status, 422);
    assert!(!entered.body.contains("<script>"));
    assert!(entered.body.contains("value=\"&lt;script&gt;\""), "{}", entered.body);
    let entered = server.post("enter", "round=2&player=%3Cb%3EAnn%3C%2Fb%3E&score=7");
    assert_eq!(entered.status, 303);
    assert_eq!(entered.header("Location"), Some("/?player=%3Cb%3EAnn%3C%2Fb%3E#entered"));
    server.wait_for_said("Entered from a phone: <b>Ann</b>: 7 (1 of 3 in)");
    assert!(server.get("").body.contains("✓ </span>&lt;b&gt;Ann&lt;/b&gt;: 7"));
}

#[test]
fn connections_beyond_the_bound_are_answered_busy_and_freed_when_they_close() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &[]);
    // Clients of 64 addresses that connect and send nothing hold every
    // connection...
    let idle: Vec<TcpStream> = (0..64).map(|i| connect_from(client(i), server.addr)).collect();
    // ...so the next is told to come back, at once.
    let started = Instant::now();
    let busy = server.get("");
    assert_eq!(
        (busy.status, busy.body.as_str()),
        (503, "busy: too many connections; try again in a moment\n")
    );
    assert_eq!(busy.header("Retry-After"), Some("2"));
    assert!(started.elapsed() < Duration::from_secs(5));
    drop(idle);
    assert!(eventually(Duration::from_secs(5), || server.get("").status == 200));
    // One address takes sixteen at most: its next is told to come back,
    // while another address is answered.
    let idle: Vec<TcpStream> = (0..16).map(|_| connect_from(client(0), server.addr)).collect();
    let from = |ip: IpAddr| {
        let mut stream = connect_from(ip, server.addr);
        stream.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
        let request = format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
        stream.write_all(request.as_bytes()).expect("sent");
        read_reply(&mut stream).status
    };
    assert_eq!(from(client(0)), 503);
    assert_eq!(from(client(1)), 200);
    drop(idle);
    assert!(eventually(Duration::from_secs(5), || from(client(0)) == 200));
}

#[test]
fn the_terminal_charges_a_bad_go_out_as_the_page_does() {
    let env = Env::new();
    env.ok(&["new", "--player", "Ann", "--player", "Bob", "--set", "bad_go_out_penalty=20", "duel"]);
    let mut server = Server::start(&env, &["--entry"]);
    assert_eq!(server.post("enter", "round=1&player=Ann&score=9h+4d+Kh").status, 303);
    assert_eq!(server.post("enter", "round=1&player=Bob&score=out").status, 303);
    server.wait_for_said("Every score is in. Round 1: Ann 26, Bob 0");
    // Something other than a name after `bad`, or nothing: asked again.
    server.type_line("y bad");
    server.wait_for_said("(y bad Ann, Bob charges Ann and Bob a bad go-out)");
    server.type_line("y bad Ann");
    server.wait_for_said("Recorded: Round 1:");
    let twin = Env::new();
    twin.ok(&["new", "--player", "Ann", "--player", "Bob", "--set", "bad_go_out_penalty=20", "duel"]);
    twin.ok(&["round", "Ann=9h 4d Kh", "Bob=out", "--penalty", "Ann"]);
    assert_eq!(env.table_json(&[])["totals"], twin.table_json(&[])["totals"]);
    assert_eq!(env.table_json(&[])["totals"]["Ann"], 46);
}

#[test]
fn entries_dropped_by_a_round_recorded_elsewhere_are_told_on_the_terminal() {
    let env = Env::new();
    env.ok(&["new", "--player", "Ann", "--player", "Bob", "duel"]);
    let server = Server::start(&env, &["--entry"]);
    assert_eq!(server.post("enter", "round=1&player=Ann&score=12").status, 303);
    server.wait_for_said("Entered from a phone: Ann: 12 (1 of 2 in)");
    // The round is recorded from another terminal while Ann's score waits.
    env.ok(&["round", "5", "0"]);
    server.wait_for_said(
        "Round 1 is no longer the next (another three13 changed duel): the scores Ann entered for it \
         are dropped; the phones enter round 2 now.",
    );
    let page = server.get("").text();
    assert!(page.contains("Scores in for round 2 … Ann: waiting … Bob: waiting"), "{page}");
}
