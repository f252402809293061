//! `three13 serve` against clients that try to hold it: slow and
//! trickling clients, pages that never read, PINs guessed in a flood, the
//! session changed between a confirm and its lock, and the edges of every
//! limit. Over real sockets, from several loopback addresses (Linux answers
//! every address of 127.0.0.0/8), nothing but loopback.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::os::unix::process::ExitStatusExt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::common::Env;
use crate::serve::{Reply, Server, client, connect_from, eventually, game_in_progress, read_reply};

/// Clients that send `request` and then a byte every 100 ms, for as long
/// as the server takes them.
struct Tricklers {
    /// A reading end of each, for its answer.
    readers: Vec<TcpStream>,
    stop: Arc<AtomicBool>,
    /// When each one's bytes were first refused (the server closed it),
    /// from its start.
    thread: Option<JoinHandle<Vec<Option<Duration>>>>,
}

impl Tricklers {
    fn start(to: SocketAddr, from: &[IpAddr], request: &[u8]) -> Tricklers {
        let mut writers = Vec::new();
        let mut readers = Vec::new();
        for &ip in from {
            let mut stream = connect_from(ip, to);
            stream.write_all(request).expect("sent");
            stream.set_write_timeout(Some(Duration::from_millis(50))).unwrap();
            readers.push(stream.try_clone().expect("a clone"));
            writers.push(stream);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let started = Instant::now();
                let mut refused: Vec<Option<Duration>> = vec![None; writers.len()];
                while !stop.load(Ordering::SeqCst) {
                    for (stream, refused) in writers.iter_mut().zip(refused.iter_mut()) {
                        if refused.is_none() && stream.write(b"a").is_err() {
                            *refused = Some(started.elapsed());
                        }
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
                refused
            })
        };
        Tricklers { readers, stop, thread: Some(thread) }
    }

    /// The status of each one's answer, in order.
    fn statuses(&mut self) -> Vec<u16> {
        self.readers
            .iter_mut()
            .map(|r| {
                r.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
                read_reply(r).status
            })
            .collect()
    }

    /// Stops trickling: when each was refused, if it was.
    fn end(mut self) -> Vec<Option<Duration>> {
        self.stop.store(true, Ordering::SeqCst);
        self.thread.take().map(|t| t.join().expect("trickled")).unwrap_or_default()
    }
}

impl Drop for Tricklers {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// A request from client address `from`.
fn raw_from(server: &Server, from: IpAddr, request: &str) -> Reply {
    let mut stream = connect_from(from, server.addr);
    stream.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    let _ = stream.write_all(request.as_bytes());
    read_reply(&mut stream)
}

/// The game page, asked for from client address `from`.
fn page_from(server: &Server, from: IpAddr) -> Reply {
    raw_from(
        server,
        from,
        &format!("GET {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.base, server.addr),
    )
}

/// A page's request, then a byte every 100 ms after it; the path's token
/// is wrong (404), as an attacker without it would send.
const AFTER_ANSWER: &[u8] = b"GET /00000000000000000000/ HTTP/1.1\r\nHost: x\r\n\r\n";
/// A head that never ends: a byte of a header every 100 ms.
const SLOW_HEAD: &[u8] = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";

#[test]
fn trickling_clients_leave_the_phones_their_pages() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--lan", "--listen", "127.0.0.1"]);
    let phone = client(0);

    // 64 clients of one address trickle after their answer: the address
    // gets its share, and a phone its page at once.
    let mut one = Tricklers::start(server.addr, &[Ipv4Addr::LOCALHOST.into(); 64], AFTER_ANSWER);
    let asked = Instant::now();
    let page = page_from(&server, phone);
    let took = asked.elapsed();
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(took < Duration::from_secs(2), "the page took {took:?}");
    let statuses = one.statuses();
    let answered = statuses.iter().filter(|&&s| s == 404).count();
    assert!(statuses.iter().all(|&s| s == 404 || s == 503), "{statuses:?}");
    assert!(statuses.contains(&503), "{statuses:?}");
    // Each is let go within a second or so of its answer.
    std::thread::sleep(Duration::from_millis(2500));
    let refused = one.end();
    let held: Vec<Duration> =
        refused.iter().zip(&statuses).filter(|(_, s)| **s == 404).filter_map(|(r, _)| *r).collect();
    assert_eq!(held.len(), answered, "{refused:?}");
    let longest = held.iter().max().copied().unwrap_or_default();
    assert!(longest < Duration::from_millis(2500), "a trickling client was held {longest:?}");
    eprintln!(
        "one address, 64 trickling: page in {took:?}; {answered} answered 404, {} 503; held at most {longest:?}",
        statuses.len() - answered
    );

    // 65 clients of 65 addresses: the 65th is answered 503 at once, off
    // the accepting thread, and the phone's page comes within a second or
    // two, while they trickle on.
    let from: Vec<IpAddr> = (1..=65).map(client).collect();
    let started = Instant::now();
    let mut many = Tricklers::start(server.addr, &from, AFTER_ANSWER);
    let statuses = many.statuses();
    let answered = started.elapsed();
    assert!(statuses.iter().all(|&s| s == 404 || s == 503), "{statuses:?}");
    assert!(statuses.contains(&503), "{statuses:?}");
    assert!(answered < Duration::from_secs(2), "65 answers took {answered:?}");
    let asked = Instant::now();
    let mut page = page_from(&server, phone);
    while page.status == 503 && asked.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(50));
        page = page_from(&server, phone);
    }
    let took = asked.elapsed();
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(took < Duration::from_millis(2500), "the page took {took:?}");
    eprintln!(
        "65 addresses trickling: answered in {answered:?} ({} answered 503); the phone's page in {took:?}",
        statuses.iter().filter(|&&s| s == 503).count()
    );
    drop(many);
}

/// Whether this process ignores signal `number`, as the processes it
/// starts then do (Linux's `/proc/self/status`; elsewhere, taken as not).
fn ignored_here(number: i32) -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask >> (number - 1) & 1 == 1)
}

#[test]
fn ctrl_c_and_sigterm_end_serve_while_slow_clients_hold_it() {
    for (first, second) in [("INT", None), ("TERM", None), ("INT", Some("INT")), ("INT", Some("TERM"))] {
        let env = Env::new();
        game_in_progress(&env);
        let mut server = Server::start(&env, &[]);
        // Every connection held: heads that never end, from 64 addresses,
        // and trickling after their answer from one more.
        let from: Vec<IpAddr> = (0..64).map(client).collect();
        let _slow = Tricklers::start(server.addr, &from, SLOW_HEAD);
        let _after = Tricklers::start(server.addr, &[client(64); 16], AFTER_ANSWER);
        std::thread::sleep(Duration::from_millis(300));
        let asked = Instant::now();
        server.signal(first);
        let status = match second {
            None => {
                let status = server.ended(Duration::from_secs(5));
                let status =
                    status.unwrap_or_else(|| panic!("SIG{first} did not stop serve: {}", server.said()));
                assert_eq!(status.code(), Some(0), "SIG{first}");
                assert!(eventually(Duration::from_secs(2), || server
                    .said()
                    .contains("Stopped serving friday.")));
                status
            }
            Some(second) => {
                // The first stop waits a moment for the clients; a second
                // signal does not.
                std::thread::sleep(Duration::from_millis(100));
                server.signal(second);
                let status = server.ended(Duration::from_secs(2));
                let status =
                    status.unwrap_or_else(|| panic!("SIG{second} did not end serve: {}", server.said()));
                let number = if second == "INT" { 2 } else { 15 };
                if ignored_here(number) {
                    // Ignored where serve started (a job a shell without
                    // job control starts in the background ignores
                    // SIGINT), the signal's own action ends nothing: serve
                    // ends with the signal's exit code.
                    assert_eq!(status.code(), Some(128 + number), "SIG{first} then SIG{second}: {status:?}");
                } else {
                    assert_eq!(status.signal(), Some(number), "SIG{first} then SIG{second}: {status:?}");
                }
                status
            }
        };
        eprintln!("SIG{first} then {second:?}: ended in {:?} ({status:?})", asked.elapsed());
    }
}

#[test]
fn streams_that_never_read_are_dropped_and_a_new_page_follows() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &[]);
    let head = format!("GET /events HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    // One address takes its eight streams, and never reads them (with the
    // smallest receive buffers its system allows, which only makes them
    // full sooner).
    let silent: Vec<TcpStream> = (0..8)
        .map(|_| {
            use socket2::{Domain, Socket, Type};
            let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("a socket");
            socket.set_recv_buffer_size(1).expect("a small buffer");
            socket.bind(&SocketAddr::new(Ipv4Addr::LOCALHOST.into(), 0).into()).expect("binds");
            socket.connect(&server.addr.into()).expect("connects");
            let mut s: TcpStream = socket.into();
            s.write_all(head.as_bytes()).expect("asked");
            s
        })
        .collect();
    // The ninth of that address is refused, while another address is taken.
    std::thread::sleep(Duration::from_millis(200));
    let ninth = raw_from(&server, Ipv4Addr::LOCALHOST.into(), &head);
    assert_eq!(ninth.status, 503, "{}", ninth.body);
    drop(server.events_from(client(1)));
    // The silent streams are dropped once their buffers are full, and the
    // address's new page follows the game.
    let started = Instant::now();
    let mut page = None;
    while page.is_none() && started.elapsed() < Duration::from_secs(40) {
        page = try_events(&server, Ipv4Addr::LOCALHOST.into());
        if page.is_none() {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let dropped = started.elapsed();
    let mut page = page.expect("a stream for a new page once the silent ones are dropped");
    eprintln!("streams that never read dropped within {dropped:?}");
    let mut other = server.events_from(client(1));
    env.ok(&["round", "5", "0", "20"]);
    assert!(page.read_until("\ndata: 1\n", Duration::from_secs(5)), "{:?}", page.seen);
    assert!(other.read_until("\ndata: 1\n", Duration::from_secs(5)), "{:?}", other.seen);
    drop(silent);
}

/// A stream from `from`, if the server takes one.
fn try_events(server: &Server, from: IpAddr) -> Option<crate::serve::Events> {
    let mut stream = connect_from(from, server.addr);
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let head = format!("GET /events HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    stream.write_all(head.as_bytes()).ok()?;
    let mut seen = Vec::new();
    let mut byte = [0u8; 1];
    while !seen.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => seen.push(byte[0]),
            _ => return None,
        }
    }
    seen.starts_with(b"HTTP/1.1 200").then(|| crate::serve::Events::new(stream))
}

/// Ann, Bob and Cy's scores for round 3 entered from phones.
fn scores_in(server: &Server) {
    for body in
        ["round=3&player=Ann&score=5", "round=3&player=Bob&score=out&out=1", "round=3&player=Cy&score=7"]
    {
        let reply = server.post("enter", body);
        assert_eq!(reply.status, 303, "{body}: {}", reply.text());
    }
    server.wait_for_said("Every score is in.");
}

/// The data folder's lock, taken as another three13 takes it.
fn take_the_lock(env: &Env) -> std::fs::File {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(env.data_dir().join(".lock"))
        .expect("the lock file");
    file.lock().expect("the lock");
    file
}

/// While the test holds the lock, the confirm has read the session and
/// waits for the lock (it says so); meanwhile Cy leaves and Dee takes the
/// first seat, as `player remove Cy --yes` then `player add Dee --seat 1`
/// do (done on a copy, as the lock is held). The lock is let go; the
/// session file as it then is.
fn seats_change_before_the_lock(env: &Env, server: &Server, lock: std::fs::File) -> Vec<u8> {
    server.wait_for_said("note: waiting for another three13 to finish writing");
    let twin = Env::new();
    std::fs::create_dir_all(twin.data_dir().join("sessions")).expect("a folder");
    std::fs::write(twin.session_file("friday"), env.session_bytes("friday")).expect("copied");
    twin.ok(&["player", "remove", "Cy", "--yes", "-s", "friday"]);
    twin.ok(&["player", "add", "Dee", "--seat", "1", "-s", "friday"]);
    let changed = twin.session_bytes("friday");
    let beside = env.data_dir().join("sessions").join("friday.toml.new");
    std::fs::write(&beside, &changed).expect("written");
    std::fs::rename(&beside, env.session_file("friday")).expect("renamed");
    drop(lock);
    changed
}

#[test]
fn a_seat_changed_between_the_confirm_and_its_lock_writes_nothing() {
    const CHANGED: &str = "while the scores were typed, another three13 changed the players";
    // On a page, with the PIN.
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--entry"]);
    scores_in(&server);
    let pin = server.pin();
    let lock = take_the_lock(&env);
    let (reply, before) = std::thread::scope(|s| {
        let confirm = s.spawn(|| server.post("confirm", &format!("round=3&pin={pin}")));
        let before = seats_change_before_the_lock(&env, &server, lock);
        (confirm.join().expect("answered"), before)
    });
    assert_eq!(reply.status, 422, "{}", reply.text());
    assert!(reply.text().contains(CHANGED), "{}", reply.text());
    assert!(reply.text().contains("of friday; nothing was written"), "{}", reply.text());
    assert_eq!(env.session_bytes("friday"), before);
    let table = env.table_json(&[]);
    assert_eq!(table["rounds"].as_array().map(Vec::len), Some(2), "{table}");
    assert!(!server.said().contains("Recorded"), "{}", server.said());

    // On the terminal, with y.
    let env = Env::new();
    game_in_progress(&env);
    let mut server = Server::start(&env, &["--entry"]);
    scores_in(&server);
    let lock = take_the_lock(&env);
    server.type_line("y");
    let before = seats_change_before_the_lock(&env, &server, lock);
    let said = server.wait_for_said("nothing was written");
    assert!(said.contains(&format!("error: {CHANGED}")), "{said}");
    assert!(!said.contains("Recorded"), "{said}");
    assert_eq!(env.session_bytes("friday"), before);
    assert_eq!(env.table_json(&[])["rounds"].as_array().map(Vec::len), Some(2));
}

#[test]
fn wrong_pins_are_slowed_for_everyone() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--entry"]);
    let pin = server.pin();
    // Eight phones guess as fast as they can for three seconds.
    let flood = Duration::from_secs(3);
    let started = Instant::now();
    let counts: Vec<(usize, usize, usize)> = std::thread::scope(|s| {
        let guessers: Vec<_> = (0..8)
            .map(|i| {
                let server = &server;
                let pin = &pin;
                s.spawn(move || {
                    let (mut wrong, mut wait, mut other) = (0, 0, 0);
                    let mut guess = 100_000 * i;
                    while started.elapsed() < flood {
                        guess += 1;
                        let tried = format!("{guess:06}");
                        if &tried == pin {
                            continue;
                        }
                        match confirm_from(server, client(i), &tried) {
                            403 => wrong += 1,
                            429 => wait += 1,
                            _ => other += 1,
                        }
                    }
                    (wrong, wait, other)
                })
            })
            .collect();
        guessers.into_iter().map(|g| g.join().expect("guessed")).collect()
    });
    let took = started.elapsed();
    let wrong: usize = counts.iter().map(|c| c.0).sum();
    let wait: usize = counts.iter().map(|c| c.1).sum();
    let other: usize = counts.iter().map(|c| c.2).sum();
    eprintln!(
        "PIN flood for {took:?}: {} tries ({:.0}/s), {wrong} looked at ({:.2}/s), {wait} told to wait",
        wrong + wait + other,
        (wrong + wait + other) as f64 / took.as_secs_f64(),
        wrong as f64 / took.as_secs_f64()
    );
    assert_eq!(other, 0, "{counts:?}");
    assert!(wait > 8, "the flood was no flood: {counts:?}");
    // A wrong PIN at 0 s, the next at 1 s at the earliest, and so on: at
    // most one a second (fewer than five: the PIN stays).
    let most = took.as_secs() as usize + 1;
    assert!((1..=most).contains(&wrong), "{wrong} PINs looked at in {took:?}");
    assert!(!server.said().contains("the PIN is now"), "{}", server.said());
}

#[test]
fn five_wrong_pins_in_a_flood_renew_the_pin_once() {
    let env = Env::new();
    game_in_progress(&env);
    let mut server = Server::start(&env, &["--entry"]);
    let first = server.pin();
    scores_in(&server);
    // Eight phones guess until the PIN is replaced, and half a second more.
    let renewed = || server.said().contains("the PIN is now ");
    let started = Instant::now();
    let done = AtomicBool::new(false);
    let (looked_at, tries) = std::thread::scope(|s| {
        let guessers: Vec<_> = (0..8)
            .map(|i| {
                let (server, first, done) = (&server, &first, &done);
                s.spawn(move || {
                    let (mut wrong, mut tries) = (0, 0);
                    let mut guess = 100_000 * i;
                    while !done.load(Ordering::SeqCst) {
                        guess += 1;
                        let tried = format!("{guess:06}");
                        if &tried == first {
                            continue;
                        }
                        tries += 1;
                        match confirm_from(server, client(i), &tried) {
                            403 => wrong += 1,
                            429 => {}
                            other => panic!("{other}"),
                        }
                    }
                    (wrong, tries)
                })
            })
            .collect();
        assert!(eventually(Duration::from_secs(15), renewed), "{}", server.said());
        std::thread::sleep(Duration::from_millis(500));
        done.store(true, Ordering::SeqCst);
        guessers.into_iter().map(|g| g.join().expect("guessed")).fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    let took = started.elapsed();
    eprintln!("PIN flood until replaced: {took:?}, {tries} tries, {looked_at} looked at");
    // Five looked at (the sixth waits two seconds), one line said.
    assert_eq!(looked_at, 5);
    assert_eq!(server.said().matches("the PIN is now ").count(), 1, "{}", server.said());
    let renewed = server.pin();
    assert_ne!(renewed, first);
    // The PIN in force is the one shown: the first is wrong now.
    let old = server.post_when_taken("confirm", &format!("round=3&pin={first}"));
    assert_eq!(old.status, 403, "{}", old.text());
    // The scorer asks for a new PIN on the terminal: no wait for it.
    server.type_line("pin");
    server.wait_for_said("A new PIN for the pages: the PIN is now ");
    let fresh = server.pin();
    assert!(fresh != renewed && fresh != first);
    let done = server.post("confirm", &format!("round=3&pin={fresh}"));
    assert_eq!(done.status, 303, "{}", done.text());
    assert_eq!(env.table_json(&[])["rounds"].as_array().map(Vec::len), Some(3));
}

/// A GET of the game page whose head is `len` bytes long, padded in a
/// header.
fn head_of(len: usize) -> String {
    let start = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ";
    let end = "\r\n\r\n";
    format!("{start}{}{end}", "a".repeat(len - start.len() - end.len()))
}

/// A GET whose request line (with its line end) is `len` bytes long.
fn line_of(len: usize) -> String {
    let start = "GET /check?hand=";
    let end = " HTTP/1.1\r\n";
    format!("{start}{}{end}Host: 127.0.0.1\r\n\r\n", "7".repeat(len - start.len() - end.len()))
}

#[test]
fn the_limits_hold_exactly() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--entry"]);
    // A head that never ends, sent a byte at a time: answered 408 at ten
    // seconds, whatever it sends.
    let mut slow = Tricklers::start(server.addr, &[client(1)], SLOW_HEAD);
    let slow_started = Instant::now();

    let status = |request: &str| server.raw(request.as_bytes()).status;
    // The head: 8 KiB with its blank line.
    assert_eq!(head_of(8192).len(), 8192);
    assert_eq!(status(&head_of(8192)), 200);
    assert_eq!(status(&head_of(8193)), 431);
    assert_eq!(status(&head_of(12 * 1024)), 431);
    // The request line: 414 past 8 KiB, whatever follows; a line that
    // fits but leaves the headers no room is a head too large.
    assert_eq!(status(&line_of(8193)), 414);
    assert_eq!(status(&line_of(9000)), 414);
    assert_eq!(status(&line_of(8192)), 431);
    assert_eq!(status(&line_of(8150)), 422);
    // A request line that never ends is 414 once it passes the bound.
    assert_eq!(status(&format!("GET /{}", "a".repeat(20_000))), 414);
    // Forty headers, not forty-one.
    let headers = |n: usize| {
        let extra: String = (1..n).map(|i| format!("X-{i}: 1\r\n")).collect();
        format!("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}\r\n")
    };
    assert_eq!(status(&headers(40)), 200);
    let over = server.raw(headers(41).as_bytes());
    assert_eq!((over.status, over.body.as_str()), (431, "more than 40 headers\n"));
    // The body: 8 KiB.
    let post = |body: &str, length: &str| {
        format!("POST /enter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length:{length}\r\n\r\n{body}")
    };
    let form = |len: usize| {
        let start = "round=3&player=Ann&score=3&pad=";
        format!("{start}{}", "a".repeat(len - start.len()))
    };
    assert_eq!(status(&post(&form(8192), " 8192")), 303);
    assert_eq!(status(&post(&form(8193), " 8193")), 413);
    // Content-Length as digits only, once.
    for length in [" +31", "  31", " 31 ", " 31\t", " -31", " 0x1f", " 3 1", ""] {
        let reply = server.raw(post("round=3&player=Ann&score=3&x=", length).as_bytes());
        assert_eq!(
            (length, reply.status, reply.body.as_str()),
            (length, 400, "bad Content-Length: digits only, as in Content-Length: 26\n")
        );
    }
    assert_eq!(status(&post("round=3&player=Bob&score=3&x=ab", "31")), 303);
    let twice =
        "POST /enter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc";
    let reply = server.raw(twice.as_bytes());
    assert_eq!((reply.status, reply.body.as_str()), (400, "two content-length headers\n"));
    let origins = "POST /enter HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n\
                   Origin: http://evil.example\r\nContent-Length: 3\r\n\r\nabc";
    let reply = server.raw(origins.as_bytes());
    assert_eq!((reply.status, reply.body.as_str()), (400, "two origin headers\n"));
    let hosts = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n";
    assert_eq!(status(hosts), 400);
    // Nothing of the above was taken as a score but the two good forms.
    // The terminal's lines arrive a moment after the replies.
    server.wait_for_said("Entered from a phone: Ann: 3 (1 of 3 in)");
    server.wait_for_said("Entered from a phone: Bob: 3 (2 of 3 in)");

    let statuses = slow.statuses();
    let took = slow_started.elapsed();
    assert_eq!(statuses, [408]);
    assert!(took >= Duration::from_millis(9500) && took < Duration::from_secs(13), "408 after {took:?}");
    eprintln!("a head sent a byte every 100 ms: 408 after {took:?}");
}

#[test]
fn pages_name_the_session_and_never_a_path() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--entry"]);
    // A typed escape is never sent back raw.
    let typed = server.post("enter", "round=3&player=Ann&score=%1B%5B31m5");
    assert_eq!(typed.status, 422, "{}", typed.text());
    assert!(!typed.body.contains('\u{1b}'), "{:?}", typed.body);
    assert!(typed.body.contains("value=\"\\u{1b}[31m5\""), "{}", typed.body);
    let hand = server.get("check?hand=7d%1B");
    assert_eq!(hand.status, 422);
    assert!(!hand.body.contains('\u{1b}'), "{:?}", hand.body);

    // The session file is taken away under the server.
    let file = env.session_file("friday");
    let kept = std::fs::read(&file).expect("the file");
    std::fs::remove_file(&file).expect("removed");
    let data_dir = env.data_dir().to_string_lossy().into_owned();
    for _ in 0..3 {
        let page = server.get("");
        assert_eq!(page.status, 500);
        assert!(
            page.text().contains(
                "the session friday cannot be read or written just now; the terminal running three13 serve says why"
            ),
            "{}",
            page.text()
        );
        assert!(!page.body.contains(&data_dir), "{}", page.body);
        assert!(!page.body.contains("friday.toml") && !page.body.contains("/sessions"), "{}", page.body);
    }
    // The terminal has the whole message, once.
    let said = server.wait_for_said("error: ");
    assert_eq!(said.matches(&format!("{data_dir}/sessions/friday.toml")).count(), 1, "{said}");
    std::fs::write(&file, kept).expect("put back");
    assert_eq!(server.get("").status, 200);

    // A round confirmed that cannot be written (the lock file is a folder).
    scores_in(&server);
    let lock = env.data_dir().join(".lock");
    let _ = std::fs::remove_file(&lock);
    std::fs::create_dir(&lock).expect("a folder");
    let pin = server.pin();
    let refused = server.post("confirm", &format!("round=3&pin={pin}"));
    assert_eq!(refused.status, 422);
    assert!(
        refused.text().contains("the session friday cannot be read or written just now"),
        "{}",
        refused.text()
    );
    assert!(!refused.body.contains(&data_dir), "{}", refused.body);
    server.wait_for_said(&format!("{data_dir}/.lock"));
    std::fs::remove_dir(&lock).expect("removed");
    assert_eq!(server.post("confirm", &format!("round=3&pin={pin}")).status, 303);
}

#[test]
fn loopback_is_answered_on_both_address_families() {
    let env = Env::new();
    game_in_progress(&env);
    let v6 = |server: &Server, host: &str| {
        let to = SocketAddr::new(IpAddr::V6(std::net::Ipv6Addr::LOCALHOST), server.addr.port());
        let mut stream = TcpStream::connect(to).expect("[::1] answers");
        stream.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
        let request = format!("GET {} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n", server.base);
        stream.write_all(request.as_bytes()).expect("sent");
        read_reply(&mut stream)
    };
    let server = Server::start(&env, &["--entry"]);
    let port = server.addr.port();
    assert_eq!(v6(&server, &format!("[::1]:{port}")).status, 200);
    assert_eq!(v6(&server, &format!("localhost:{port}")).status, 200);
    assert_eq!(server.get("").status, 200);
    // A page opened at [::1] posts its own forms there.
    let to = SocketAddr::new(IpAddr::V6(std::net::Ipv6Addr::LOCALHOST), port);
    let mut stream = TcpStream::connect(to).expect("[::1] answers");
    let body = "round=3&player=Ann&score=4";
    let post = format!(
        "POST /enter HTTP/1.1\r\nHost: [::1]:{port}\r\nOrigin: http://[::1]:{port}\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(post.as_bytes()).expect("sent");
    assert_eq!(read_reply(&mut stream).status, 303);
    server.wait_for_said("Entered from a phone: Ann: 4 (1 of 3 in)");
    drop(server);
    // With --lan, IPv6 as well.
    let server = Server::start(&env, &["--lan"]);
    let reply = v6(&server, "x");
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(server.get("").status, 200);
}

/// The status of a confirm of round 3 with `pin`, sent from `from`.
fn confirm_from(server: &Server, from: IpAddr, pin: &str) -> u16 {
    let body = format!("round=3&pin={pin}");
    let request = format!(
        "POST /confirm HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n{body}",
        server.addr,
        body.len()
    );
    raw_from(server, from, &request).status
}

/// A form posted to the drill page from the client address `from`.
fn drill_post_from(server: &Server, from: IpAddr, body: &str) -> Reply {
    let mut stream = connect_from(from, server.addr);
    stream.set_read_timeout(Some(std::time::Duration::from_secs(30))).unwrap();
    let text = format!(
        "POST {}drill HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
        server.base,
        server.addr,
        body.len()
    );
    let _ = stream.write_all(text.as_bytes());
    read_reply(&mut stream)
}

#[test]
fn drills_are_bounded_by_client_address() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--drill-budget", "2"]);
    let here = client(7);
    for i in 0..8 {
        let r = drill_post_from(&server, here, &format!("do=start&name=p{i}&seed=3"));
        assert_eq!(r.status, 303, "{}", r.body);
        // Dealt before the next is asked for: at most four are dealt at once.
        crate::serve_drill::look(&server, &format!("drill?name=p{i}"));
    }
    let refused = drill_post_from(&server, here, "do=start&name=p8&seed=3");
    assert_eq!(refused.status, 429);
    assert!(
        refused.text().contains(
            "on the terminal. 8 drills are going on from this device already; finish one, or wait until one is dropped \
             (30 minutes without an answer) Who drills?"
        ),
        "{}",
        refused.text()
    );
    // A run of the same name starts again from the same device; another
    // device starts its own.
    assert_eq!(drill_post_from(&server, here, "do=start&name=p0&seed=4&new=1").status, 303);
    assert!(crate::serve_drill::look(&server, "drill?name=p0").text().contains("seed 4"));
    assert_eq!(drill_post_from(&server, client(8), "do=start&name=p8&seed=3").status, 303);
}

#[test]
fn a_drill_being_dealt_and_graded_holds_up_no_other_page() {
    let env = Env::new();
    game_in_progress(&env);
    // A budget that keeps the coach at work for a long while.
    let server = Server::start(&env, &["--drill-budget", "20000"]);
    let asked = Instant::now();
    let started = drill_post_from(&server, client(1), "do=start&pick=Ann&seed=3");
    assert_eq!(started.status, 303);
    assert!(asked.elapsed() < Duration::from_secs(5), "the form waited {:?} for the coach", asked.elapsed());
    // The run's page says the coach is at work, and looks again by itself.
    let page = server.get("drill?name=Ann");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<meta http-equiv=\"refresh\" content=\"1\">"), "{}", page.body);
    assert!(page.text().contains("The coach is at work: dealing or grading."), "{}", page.text());
    // The other pages, and another player's start, are answered meanwhile.
    for path in ["", "tv", "check?hand=3h+4h+5h+9c+9d", "drill"] {
        let asked = Instant::now();
        assert_eq!(server.get(path).status, 200, "{path}");
        assert!(asked.elapsed() < Duration::from_secs(5), "{path} took {:?}", asked.elapsed());
    }
    assert_eq!(drill_post_from(&server, client(2), "do=start&pick=Bob&seed=4").status, 303);
    // A second tap on the run being dealt is sent to its page.
    let again = drill_post_from(&server, client(1), "do=answer&name=Ann&step=1-x-take_or_draw&answer=take");
    assert_eq!((again.status, again.header("Location")), (303, Some("/drill?name=Ann")));
}
