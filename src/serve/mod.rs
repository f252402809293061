//! `three13 serve`: the session on every phone and the TV. A small web
//! server shows the score sheet, a TV page, a hand checker and a drill,
//! updates the pages as the session changes, and with `--entry` takes
//! scores from the players' phones for the scorer to confirm.
//!
//! Safe by default: it listens on the loopback address, and there answers
//! only requests made to a loopback address (a page of another site cannot
//! reach it through a name of its own); with `--lan` it listens on the
//! network, and every path starts with a random token. It serves its own
//! pages and the one session's figures, never a file; forms from another
//! site are refused.
//!
//! The modules: `http` (connections, limits, requests), `live` (the event
//! streams and the watch on the session), `pages` (the templates),
//! `phones` (scores from phones), `checker` (the hand checker) and
//! `drills` (each player's drill, through `app::drill`); the session
//! itself comes through `app::served`.

mod checker;
mod drills;
mod http;
mod live;
mod pages;
mod phones;
mod qr;

use std::io::{BufRead, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use three13_core::solver::Solver;

use crate::app::served::Served;
use http::{Method, Reply, Request, Response};
use pages::{EntryForm, Frame};
use phones::PhoneEntries;

use crate::error::{Error, Result};
use crate::report::check::CheckView;
use crate::ui::visible;

/// How to serve.
#[derive(Debug)]
pub(crate) struct Options {
    /// Listen on the network, behind a token.
    pub(crate) lan: bool,
    /// Take scores from phones.
    pub(crate) entry: bool,
    pub(crate) port: u16,
    /// The address to listen on, if not the default one.
    pub(crate) listen: Option<IpAddr>,
    /// Draw the address as a QR code on stderr (a terminal).
    pub(crate) qr: bool,
    /// Where the scorer is told what happens: colour the QR code (black
    /// on white whatever the terminal's colours) as it is coloured.
    pub(crate) said: crate::ui::Stderr,
    /// The season the season page shows, if a kept one.
    pub(crate) season: Option<String>,
    /// The coach's deals an option for each grade of the drill page.
    pub(crate) drill_budget: usize,
}

/// Serves the session until Ctrl-C. The address to open is the first line
/// of `out`; the rest is said on stderr.
pub(crate) fn serve(data: Served, options: &Options, out: &mut dyn Write) -> Result<()> {
    let ip = options.listen.unwrap_or(if options.lan {
        Ipv4Addr::UNSPECIFIED.into()
    } else {
        Ipv4Addr::LOCALHOST.into()
    });
    if !options.lan && !ip.is_loopback() {
        return Err(Error::usage(format!(
            "--listen {ip} is not a loopback address; to share the game on the network, add --lan \
             (the address then carries a token)"
        )));
    }
    let listener = TcpListener::bind((ip, options.port)).map_err(|e| {
        Error::data(format!(
            "cannot listen on {} port {}: {e}; name another port with --port (0 picks a free one)",
            ip, options.port
        ))
    })?;
    let bound = listener.local_addr().map_err(|e| Error::data(format!("cannot listen: {e}")))?;
    let mut listeners = vec![listener];
    // Without --listen, IPv6 as well, on the same port, where the machine
    // has it: [::1] (and so `localhost`) on loopback, every address with
    // --lan. Where it has not, IPv4 alone.
    if options.listen.is_none() {
        let v6 = if options.lan { Ipv6Addr::UNSPECIFIED } else { Ipv6Addr::LOCALHOST };
        if let Ok(listener) = listen_v6(v6, bound.port()) {
            listeners.push(listener);
        }
    }
    let wake: Vec<SocketAddr> = listeners.iter().filter_map(|l| l.local_addr().ok()).collect();
    let token = if options.lan { Some(random_hex(10)) } else { None };
    let base = token.as_ref().map(|t| format!("/{t}")).unwrap_or_default();
    let shown_ip = if ip.is_unspecified() { lan_address() } else { Some(ip) };
    let host = SocketAddr::new(shown_ip.unwrap_or(Ipv4Addr::LOCALHOST.into()), bound.port());
    let url = format!("http://{host}{base}/");
    writeln!(out, "{url}")?;
    out.flush()?;

    let name = data.name().to_string();
    let entries = options.entry.then(PhoneEntries::new);
    let pin = entries.as_ref().map(|e| e.pin().to_string());
    let app = Arc::new(App {
        data,
        base,
        entries: entries.map(Mutex::new),
        hub: live::Hub::default(),
        recorded: Mutex::new(None),
        trouble: Mutex::new(None),
        said: options.said,
        season: options.season.clone(),
        drills: drills::Drills::new(options.drill_budget),
    });

    let mut said = vec![if options.lan {
        format!("Serving {name} on the local network at {url}")
    } else {
        format!("Serving {name} at {url} (this machine only; --lan shares it on the local network)")
    }];
    if options.lan && shown_ip.is_none() {
        said.push(
            "note: this machine has no network address besides loopback; phones cannot reach it".into(),
        );
    }
    options.said.say_lines(&said.join("\n"));
    if options.qr
        && let Some(code) = qr::draw(&url, options.said.colours())
    {
        options.said.draw(&code);
    }
    let mut said =
        vec![format!("The TV page: {url}tv · the hand checker: {url}check · the drill: {url}drill")];
    if let Some(pin) = &pin {
        said.push(format!(
            "Scores from phones are on: the scorer records each round here (y and Enter) or on \
             the page with the PIN {pin}."
        ));
    }
    said.push("Ctrl-C stops.".into());
    options.said.say_lines(&said.join("\n"));

    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        // Ctrl-C, or a signal from a script: the server stops, cleanly.
        // A second signal ends it at once, whatever the clients do.
        crate::interrupt::stop_with(move || {
            stop.store(true, Ordering::SeqCst);
            for &addr in &wake {
                http::wake(addr);
            }
        });
    }
    let watch = {
        let app = app.clone();
        let stop = stop.clone();
        std::thread::Builder::new()
            .name("three13-watch".into())
            .spawn(move || app.hub.watch(|| app.data.state(), || app.session_changed(), &stop))
            .map_err(|e| Error::data(format!("cannot start watching the session: {e}")))?
    };
    if app.entries.is_some() {
        let app = app.clone();
        // The terminal's confirmation; no line to read ends nothing.
        let _ = std::thread::Builder::new().name("three13-terminal".into()).spawn(move || {
            let stdin = std::io::stdin();
            let mut line = String::new();
            loop {
                line.clear();
                match stdin.lock().read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => app.typed(line.trim()),
                }
            }
        });
    }
    http::run(listeners, app.clone(), &stop);
    stop.store(true, Ordering::SeqCst);
    let _ = watch.join();
    options.said.say_lines(&format!("Stopped serving {name}."));
    Ok(())
}

/// The server's own state.
struct App {
    data: Served,
    /// Empty, or `/TOKEN`: every page's path starts with it.
    base: String,
    entries: Option<Mutex<PhoneEntries>>,
    hub: live::Hub,
    /// The last round recorded from the pages or the terminal, until the
    /// next score is entered.
    recorded: Mutex<Option<String>>,
    /// The last error that named a path, said on the terminal.
    trouble: Mutex<Option<String>>,
    /// The season the season page shows, if a kept one; else this year's
    /// games of the session's game.
    season: Option<String>,
    /// The terminal running `serve`, for the scorer.
    said: crate::ui::Stderr,
    /// The drill page's runs, by player.
    drills: drills::Drills,
}

/// The pages, by path after the base.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Route {
    Game,
    Tv,
    Season,
    Check,
    /// A round in full, as `three13 show` gives it.
    Round,
    Events,
    Enter,
    Confirm,
    /// `three13 drill` for each player by name.
    Drill,
}

impl http::App for App {
    fn respond(&self, r: &Request) -> Reply {
        Reply::Respond(match self.route(r) {
            Ok(Route::Events) => return Reply::Live,
            Ok(Route::Drill) if r.method == Method::Post => return self.drill(r),
            Ok(route) => self.page(route, r),
            Err(refused) => refused,
        })
    }

    fn live(&self, stream: TcpStream, peer: IpAddr, deadline: Instant) {
        self.hub.join(stream, peer, deadline);
    }

    fn then(&self, work: Box<dyn std::any::Any + Send>) {
        if let Ok(job) = work.downcast::<drills::Job>() {
            drills::work(self, *job);
        }
    }
}

impl App {
    /// The page a request asks for, or why it is refused.
    fn route(&self, r: &Request) -> Result<Route, Response> {
        let host = r.header("host").unwrap_or_default();
        // Without a token, only a request to a loopback address: a site
        // that points a name of its own at 127.0.0.1 is not answered.
        if self.base.is_empty() && !loopback_host(host) {
            return Err(Response::text(
                403,
                "this server answers only at a loopback address, like 127.0.0.1",
            ));
        }
        let not_found = || Response::text(404, "not found");
        let rest = if self.base.is_empty() {
            r.path.as_str()
        } else {
            let path = r.path.strip_prefix('/').ok_or_else(not_found)?;
            let (token, rest) = path.find('/').map_or((path, ""), |i| path.split_at(i));
            if !same_secret(token, &self.base[1..]) {
                return Err(not_found());
            }
            if rest.is_empty() {
                return Err(Response::text(308, "see the address with a slash")
                    .with_header("Location", format!("{}/", self.base)));
            }
            rest
        };
        let route = match rest {
            "/" => Route::Game,
            "/tv" => Route::Tv,
            "/season" => Route::Season,
            "/check" => Route::Check,
            "/round" => Route::Round,
            "/events" => Route::Events,
            "/enter" => Route::Enter,
            "/confirm" => Route::Confirm,
            "/drill" => Route::Drill,
            _ => return Err(not_found()),
        };
        let allowed: &[Method] = match route {
            Route::Game | Route::Tv | Route::Season | Route::Check | Route::Round => {
                &[Method::Get, Method::Head]
            }
            Route::Events => &[Method::Get],
            Route::Enter | Route::Confirm => &[Method::Post],
            Route::Drill => &[Method::Get, Method::Head, Method::Post],
        };
        if !allowed.contains(&r.method) {
            let allow = match allowed {
                [Method::Post] => "POST",
                [_, _, Method::Post] => "GET, HEAD, POST",
                _ => "GET, HEAD",
            };
            return Err(Response::text(405, "method not allowed").with_header("Allow", allow.into()));
        }
        if r.method == Method::Post {
            // A form sent from a page of another site.
            let foreign = r.header("origin").is_some_and(|o| o != format!("http://{host}"))
                || r.header("sec-fetch-site").is_some_and(|s| s == "cross-site");
            if foreign {
                return Err(Response::text(403, "a form from another site is refused"));
            }
            // A drill changes no session: its forms need no --entry.
            if self.entries.is_none() && route != Route::Drill {
                return Err(Response::text(
                    403,
                    "scores are entered from phones only when the scorer runs three13 serve --entry",
                ));
            }
        }
        Ok(route)
    }

    /// Answers a page's request.
    fn page(&self, route: Route, r: &Request) -> Response {
        let nonce = random_hex(16);
        let frame = Frame { base: &self.base, nonce: &nonce };
        let loaded = self.load();
        if loaded.is_ok() {
            // The trouble is over: said again if it comes back.
            *self.trouble.lock().unwrap_or_else(|e| e.into_inner()) = None;
        }
        let (status, body) = match loaded {
            Err(e) => (500, pages::trouble(&frame, &self.for_page(&e))),
            Ok(session) => match route {
                Route::Game => {
                    let fields = r.query_fields().unwrap_or_default();
                    let form =
                        EntryForm { player: shown_back(&field(&fields, "player")), ..EntryForm::default() };
                    (200, self.game(&frame, &session, form))
                }
                Route::Tv => (200, pages::tv(&frame, &session)),
                Route::Season => match self.data.season(self.season.as_deref(), &session) {
                    Ok(outcome) => (200, pages::season(&frame, &outcome)),
                    Err(e) => (500, pages::trouble(&frame, &self.for_page(&e))),
                },
                Route::Check => {
                    let Some(fields) = r.query_fields() else { return bad_form() };
                    let asked = checker::Asked {
                        hand: shown_back(&field(&fields, "hand")),
                        round: field(&fields, "round").parse().ok(),
                    };
                    let answer = (!asked.hand.trim().is_empty())
                        .then(|| checker::check(&session, &asked).map_err(|e| self.for_page(&e)));
                    let status = if matches!(answer, Some(Err(_))) { 422 } else { 200 };
                    let view = match &answer {
                        Some(Ok((checked, under))) => Some(Ok(CheckView::new(checked, under))),
                        Some(Err(e)) => Some(Err(e.as_str())),
                        None => None,
                    };
                    (status, pages::checker(&frame, &session, &asked, view))
                }
                Route::Round => {
                    let Some(fields) = r.query_fields() else { return bad_form() };
                    let asked = field(&fields, "n");
                    let shown = match asked.trim() {
                        "" => crate::report::shown::last_round(&session)
                            .ok_or_else(|| {
                                Error::data("no round is recorded yet; a round shows once it is played")
                            })
                            .and_then(|n| crate::report::shown::round_of(&session, n)),
                        n => n
                            .parse()
                            .map_err(|_| Error::usage(format!("\"{}\" is not a round number", shown_back(n))))
                            .and_then(|n| crate::report::shown::round_of(&session, n)),
                    };
                    let shown = shown.map_err(|e| self.for_page(&e));
                    let status = if shown.is_err() { 404 } else { 200 };
                    (status, pages::round(&frame, &session, shown))
                }
                Route::Enter => match r.form_fields() {
                    Some(fields) => return self.enter(&frame, &session, &fields),
                    None => return bad_form(),
                },
                Route::Confirm => match r.form_fields() {
                    Some(fields) => return self.confirm(&frame, &session, &fields),
                    None => return bad_form(),
                },
                Route::Drill => return drills::get(self, &frame, &session, r),
                Route::Events => unreachable!("a stream, not a page"),
            },
        };
        html(status, body, &nonce)
    }

    /// The drill page's forms (see `drills`): the grading, once the form
    /// is answered.
    fn drill(&self, r: &Request) -> Reply {
        let nonce = random_hex(16);
        let frame = Frame { base: &self.base, nonce: &nonce };
        match self.load() {
            Ok(session) => drills::post(self, &frame, &session, r),
            Err(e) => Reply::Respond(html(500, pages::trouble(&frame, &self.for_page(&e)), &nonce)),
        }
    }

    fn load(&self) -> Result<three13_core::sheet::Session> {
        self.data.load()
    }

    /// An error as a page says it. One that names a path of this machine
    /// (a file the session could not be read from or written to) is said
    /// whole on the terminal, once while it lasts; the page names the
    /// session only.
    fn for_page(&self, e: &Error) -> String {
        let message = for_page(e);
        if !names_a_path(&message, self.data.root()) {
            return message;
        }
        let whole = e.to_string();
        let mut last = self.trouble.lock().unwrap_or_else(|e| e.into_inner());
        if last.as_deref() != Some(whole.as_str()) {
            self.said.error(e);
            *last = Some(whole);
        }
        format!(
            "the session {} cannot be read or written just now; the terminal running three13 serve \
             says why",
            self.data.name()
        )
    }

    /// The game page, with the scores in so far.
    fn game(&self, frame: &Frame, session: &three13_core::sheet::Session, mut form: EntryForm) -> String {
        form.recorded = self.recorded.lock().unwrap_or_else(|e| e.into_inner()).clone();
        match &self.entries {
            Some(entries) => {
                let mut entries = entries.lock().unwrap_or_else(|e| e.into_inner());
                self.follow(&mut entries, session);
                pages::game(frame, session, Some(&entries), &form)
            }
            None => pages::game(frame, session, None, &form),
        }
    }

    /// A player's score from a phone.
    fn enter(
        &self,
        frame: &Frame,
        session: &three13_core::sheet::Session,
        fields: &[(String, String)],
    ) -> Response {
        let Some(entries) = &self.entries else { return bad_form() };
        let player = field(fields, "player");
        let text = field(fields, "score");
        let out = !field(fields, "out").is_empty();
        let round = field(fields, "round");
        let mut all = entries.lock().unwrap_or_else(|e| e.into_inner());
        self.follow(&mut all, session);
        let result = if all.round().map(|r| r.to_string()) != Some(round.clone()) {
            Err((409, moved_on(session, &round)))
        } else {
            all.enter(session, &player, &text, out, &mut Solver::new())
                .map(|e| e.said.clone())
                .map_err(|e| (422, self.for_page(&e)))
        };
        match result {
            Ok(said) => {
                let waiting = all.waiting(session);
                let line = all.line(session);
                drop(all);
                *self.recorded.lock().unwrap_or_else(|e| e.into_inner()) = None;
                let round = session.next_deal().map_or(0, |d| d.round);
                let playing = session.playing(round).len();
                self.said.say_lines(&format!(
                    "Entered from a phone: {said} ({} of {playing} in)",
                    playing - waiting.len()
                ));
                if let Some(line) = line {
                    self.said.say_lines(&format!(
                        "Every score is in. {line}\nType y and Enter to record it, or record it on a page with the PIN."
                    ));
                }
                self.hub.changed();
                Response::see_other(format!("{}/?player={}#entered", self.base, encode(&player)))
            }
            Err((status, error)) => {
                drop(all);
                let nonce = frame.nonce;
                let (player, score) = (shown_back(&player), shown_back(&text));
                let form = EntryForm { player, score, out, error: Some(error), ..EntryForm::default() };
                html(status, self.game(frame, session, form), nonce)
            }
        }
    }

    /// The scorer's confirmation on a page.
    fn confirm(
        &self,
        frame: &Frame,
        session: &three13_core::sheet::Session,
        fields: &[(String, String)],
    ) -> Response {
        let Some(entries) = &self.entries else { return bad_form() };
        let round = field(fields, "round");
        let penalties: Vec<String> =
            fields.iter().filter(|(n, v)| n == "penalty" && !v.is_empty()).map(|(_, v)| v.clone()).collect();
        let mut all = entries.lock().unwrap_or_else(|e| e.into_inner());
        self.follow(&mut all, session);
        let result = match all.check_pin(&field(fields, "pin"), Instant::now()) {
            Err(refused) => Err(pin_refused(refused, &self.said)),
            Ok(()) if all.round().map(|r| r.to_string()) != Some(round.clone()) => {
                Err((409, moved_on(session, &round)))
            }
            Ok(()) => all.record(&self.data, session, &penalties).map_err(|e| (422, self.for_page(&e))),
        };
        drop(all);
        match result {
            Ok(line) => {
                self.recorded_now(&line);
                Response::see_other(format!("{}/#entered", self.base))
            }
            Err((status, error)) => {
                let nonce = frame.nonce;
                let form = EntryForm { confirm_error: Some(error), ..EntryForm::default() };
                html(status, self.game(frame, session, form), nonce)
            }
        }
    }

    /// The phones' entries follow the session as it is now; the scorer is
    /// told of scores dropped because their round moved on meanwhile.
    fn follow(&self, entries: &mut PhoneEntries, session: &three13_core::sheet::Session) {
        let Some((round, players)) = entries.follow(session) else { return };
        let names: Vec<&str> = players.iter().map(String::as_str).collect();
        let now = match session.next_deal() {
            Some(deal) => format!("the phones enter round {} now", deal.round),
            None => "the game is over".to_string(),
        };
        self.said.say_lines(&format!(
            "Round {round} is no longer the next (another three13 changed {}): the scores {} entered for \
             it are dropped; {now}.",
            self.data.name(),
            crate::prose::and_list(&names)
        ));
    }

    /// The session file changed: the entries follow it at once, so that
    /// the terminal says what was dropped when it happens.
    fn session_changed(&self) {
        let Some(entries) = &self.entries else { return };
        let Ok(session) = self.load() else { return };
        let mut all = entries.lock().unwrap_or_else(|e| e.into_inner());
        self.follow(&mut all, &session);
    }

    /// Says a round recorded, on the terminal and the pages.
    fn recorded_now(&self, line: &str) {
        *self.recorded.lock().unwrap_or_else(|e| e.into_inner()) = Some(line.to_string());
        let next = self
            .load()
            .ok()
            .and_then(|s| s.next_deal().map(|d| crate::report::table::next_line(&s, d.round)));
        self.said
            .say_lines(&format!("Recorded: {line}{}", next.map(|n| format!("\n{n}")).unwrap_or_default()));
        self.hub.changed();
    }

    /// A line typed on the terminal running `serve`: `y` records the round,
    /// `y bad Ann, Bob` with a bad go-out charged to Ann and Bob.
    fn typed(&self, line: &str) {
        let Some(entries) = &self.entries else { return };
        if line.is_empty() {
            return;
        }
        let session = match self.load() {
            Ok(s) => s,
            Err(e) => return self.said.error(&e),
        };
        let mut all = entries.lock().unwrap_or_else(|e| e.into_inner());
        self.follow(&mut all, &session);
        if line.eq_ignore_ascii_case("pin") {
            let pin = all.new_pin().to_string();
            drop(all);
            return self.said.say_lines(&format!("A new PIN for the pages: the PIN is now {pin}."));
        }
        // `y`, or `y bad Ann, Bob` with the bad go-outs to charge.
        let (answer, bad) = match line.split_once(char::is_whitespace) {
            Some((answer, rest)) => (answer, Some(rest.trim())),
            None => (line, None),
        };
        let penalties: Option<Vec<String>> = match bad {
            None => Some(Vec::new()),
            Some(rest) => rest
                .strip_prefix("bad")
                .filter(|names| names.starts_with(char::is_whitespace))
                .map(|names| {
                    names.split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect()
                })
                .filter(|names: &Vec<String>| !names.is_empty()),
        };
        let (true, Some(penalties)) =
            (matches!(answer.to_ascii_lowercase().as_str(), "y" | "yes"), penalties)
        else {
            drop(all);
            return self.said.say_lines(
                "Type y and Enter to record the round once every score is in (y bad Ann, Bob charges \
                 Ann and Bob a bad go-out), pin and Enter for a new PIN; Ctrl-C stops.",
            );
        };
        let waiting = all.waiting(&session);
        if all.round().is_none() {
            return self.said.say_lines("The game is over: there is no round to record.");
        }
        if !waiting.is_empty() {
            let names: Vec<&str> = waiting.iter().map(String::as_str).collect();
            return self.said.say_lines(&format!(
                "Waiting for {}; nothing was recorded.",
                crate::prose::and_list(&names)
            ));
        }
        let result = all.record(&self.data, &session, &penalties);
        drop(all);
        match result {
            Ok(line) => self.recorded_now(&line),
            Err(e) => self.said.error(&e),
        }
    }
}

/// The round a form was for is no longer the one to enter.
fn moved_on(session: &three13_core::sheet::Session, round: &str) -> String {
    match session.next_deal() {
        Some(d) => format!(
            "the game moved on while this was typed (the form was for round {}; now it is round {}); \
             nothing was taken: look at the page again",
            visible(round),
            d.round
        ),
        None => "the game is over; nothing was taken".to_string(),
    }
}

/// The answer to a PIN refused, and what the terminal is told.
fn pin_refused(refused: phones::PinRefused, said: &crate::ui::Stderr) -> (u16, String) {
    let on_terminal = "the scorer's PIN is on the terminal running three13 serve";
    match refused {
        phones::PinRefused::Wrong { renewed, locked } => {
            if let Some(pin) = renewed {
                said.say_lines(&format!("Too many wrong PINs were typed on a page: the PIN is now {pin}."));
            }
            if locked {
                said.say_lines(
                    "Too many wrong PINs were typed on a page: a round is no longer confirmed on a \
                     page. Type pin and Enter for a new PIN, or y and Enter to record the round here.",
                );
            }
            (403, format!("wrong PIN; {on_terminal}"))
        }
        phones::PinRefused::Wait(wait) => (
            429,
            format!(
                "a wrong PIN was typed a moment ago: the next is taken in {} s; {on_terminal}",
                wait.as_millis().div_ceil(1000).max(1)
            ),
        ),
        phones::PinRefused::Locked => (
            403,
            "too many wrong PINs: a round is confirmed on a page again once the scorer types pin and \
             Enter on the terminal running three13 serve"
                .to_string(),
        ),
    }
}

/// An error as a page says it: as the terminal says it, less a hint that
/// names a flag of the command line, and never a control character raw.
fn for_page(e: &Error) -> String {
    let mut text = e.message().to_string();
    if !e.hints().iter().any(|hint| hint.contains("--")) {
        for hint in e.hints() {
            text.push_str("\n  hint: ");
            text.push_str(hint);
        }
    }
    shown_back(&text)
}

/// Whether a message names a path of this machine: the data folder, or a
/// word that starts at a root (`/a/b`, `\\a\b`, `C:\a`) or at the home
/// folder (`~/a`) and goes down at least one folder.
fn names_a_path(text: &str, root: &std::path::Path) -> bool {
    let root = root.to_string_lossy();
    if !root.is_empty() && text.contains(root.as_ref()) {
        return true;
    }
    text.split(|c: char| c.is_whitespace() || "\"'`()[],;".contains(c)).any(|word| {
        let b = word.as_bytes();
        let separators = b.iter().filter(|&&c| c == b'/' || c == b'\\').count();
        let rooted = matches!(b.first(), Some(b'/' | b'\\'))
            || word.starts_with("~/")
            || (b.len() > 2 && b[0].is_ascii_alphabetic() && b[1] == b':' && matches!(b[2], b'\\' | b'/'));
        rooted && separators >= 2
    })
}

/// Text typed on a page, to show back in a form: a control character
/// (an escape, say) as its code, never raw; white space as typed.
fn shown_back(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && !c.is_whitespace() {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// A page, with the policy that lets only its own style and script run.
fn html(status: u16, body: String, nonce: &str) -> Response {
    Response::html(status, body).with_header(
        "Content-Security-Policy",
        format!(
            "default-src 'none'; style-src 'nonce-{nonce}'; script-src 'nonce-{nonce}'; connect-src 'self'; \
             img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
        ),
    )
}

fn bad_form() -> Response {
    Response::text(400, "the form's fields are not UTF-8 text")
}

/// The first value of a form's field, empty when it is absent.
fn field(fields: &[(String, String)], name: &str) -> String {
    fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone()).unwrap_or_default()
}

/// A value for a query string.
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Whether a Host header names a loopback address (or `localhost`).
fn loopback_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or_default()
    } else {
        host.rsplit_once(':').map_or(host, |(name, _)| name)
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// Compares a secret without stopping at the first difference.
fn same_secret(given: &str, secret: &str) -> bool {
    given.len() == secret.len()
        && given.bytes().zip(secret.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// Random bytes from the system's secure source (fastrand's, seeded from
/// the system, should it fail).
fn random_bytes(buf: &mut [u8]) {
    if getrandom::fill(buf).is_err() {
        fastrand::fill(buf);
    }
}

/// `n` random bytes in hex.
fn random_hex(n: usize) -> String {
    let mut buf = vec![0u8; n];
    random_bytes(&mut buf);
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// A six-digit PIN.
fn random_pin() -> String {
    loop {
        let mut buf = [0u8; 4];
        random_bytes(&mut buf);
        let n = u32::from_le_bytes(buf);
        // Below the largest multiple of a million, so every PIN is as likely.
        if n < 4_294_000_000 {
            return format!("{:06}", n % 1_000_000);
        }
    }
}

/// Listens on an IPv6 address alone (IPv4 has its own listener).
fn listen_v6(ip: Ipv6Addr, port: u16) -> std::io::Result<TcpListener> {
    use socket2::{Domain, Protocol, Socket, Type};
    let socket = Socket::new(Domain::IPV6, Type::STREAM, Some(Protocol::TCP))?;
    socket.set_only_v6(true)?;
    #[cfg(unix)]
    socket.set_reuse_address(true)?;
    socket.bind(&SocketAddr::new(ip.into(), port).into())?;
    socket.listen(128)?;
    Ok(socket.into())
}

/// The address phones reach this machine at: a private IPv4 address of a
/// network interface, else any other that is not loopback or link-local.
fn lan_address() -> Option<IpAddr> {
    let mut found: Vec<Ipv4Addr> = if_addrs::get_if_addrs()
        .ok()?
        .into_iter()
        .filter_map(|i| match i.ip() {
            IpAddr::V4(a) if !a.is_loopback() && !a.is_link_local() && !a.is_unspecified() => Some(a),
            _ => None,
        })
        .collect();
    found.sort_by_key(|a| !a.is_private());
    found.first().map(|&a| a.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_secrets() {
        for host in ["127.0.0.1:8313", "localhost:80", "LOCALHOST", "[::1]:8313", "127.1.2.3"] {
            assert!(loopback_host(host), "{host}");
        }
        for host in ["", "evil.example:8313", "192.168.1.5:8313", "localhost.evil.example", "[::2]:1"] {
            assert!(!loopback_host(host), "{host}");
        }
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abd", "abc"));
        assert!(!same_secret("ab", "abc"));
        assert!(!same_secret("", "abc"));
        let pin = random_pin();
        assert!(pin.len() == 6 && pin.bytes().all(|b| b.is_ascii_digit()), "{pin}");
        assert_eq!(random_hex(10).len(), 20);
        assert_eq!(encode("Zoë O'Neil"), "Zo%C3%AB%20O%27Neil");
        let root = std::path::Path::new("/srv/games");
        for path in [
            "cannot read /home/ann/.local/share/three13/sessions/g.toml: no such file",
            "cannot write \"/tmp/x/.tmpA1b2\": no space left on device",
            "C:\\Users\\ann\\three13 is not a folder",
            "~/three13/g.toml does not exist",
            "/srv/games is locked",
        ] {
            assert!(names_a_path(path, root), "{path}");
        }
        for text in ["\"<script>alert(1)</script>\" is not a card", "Round 3: Ann 12, Bob 0", "a/b", "/x"] {
            assert!(!names_a_path(text, root), "{text}");
        }
    }
    #[test]
    fn a_page_gives_the_hints_unless_one_names_a_flag() {
        let e = Error::data("no such player: Al").with_hint("the players are Ann and Bob");
        assert_eq!(for_page(&e), "no such player: Al\n  hint: the players are Ann and Bob");
        let e = e.with_hint("name the session with --session NAME");
        assert_eq!(for_page(&e), "no such player: Al");
        assert_eq!(for_page(&Error::data("bad\u{1b}[2J")), "bad\\u{1b}[2J");
    }
}
