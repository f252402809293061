//! `three13 serve` in a real browser: headless Chromium driven by
//! chromedriver over the WebDriver protocol (HTTP and JSON, spoken here on
//! `TcpStream`). Ignored by a plain `cargo test`, which needs no browser;
//! `.ci/run` installs Debian's `chromium` and `chromium-driver` and runs it
//! with `--ignored browser`.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::Env;
use crate::serve::{Server, eventually};

/// chromedriver, on a free loopback port.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let child = Command::new("chromedriver")
            .args([format!("--port={port}"), "--allowed-ips=127.0.0.1".to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts (Debian's package chromium-driver)");
        let driver = Driver { child, port };
        assert!(
            eventually(Duration::from_secs(20), || driver
                .call("GET", "/status", None)
                .is_some_and(|v| v["value"]["ready"] == true)),
            "chromedriver is not ready"
        );
        driver
    }

    /// One WebDriver command; its JSON answer.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Option<Value> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(60))).ok()?;
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.port,
            body.len()
        );
        stream.write_all(head.as_bytes()).ok()?;
        stream.write_all(body.as_bytes()).ok()?;
        // chromedriver keeps the connection open: read the head, then as
        // much body as it says.
        let mut raw = Vec::new();
        let mut buf = [0u8; 8192];
        let body = loop {
            let n = stream.read(&mut buf).ok()?;
            if n == 0 {
                return None;
            }
            raw.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&raw).into_owned();
            let Some((head, body)) = text.split_once("\r\n\r\n") else { continue };
            let head = head.to_ascii_lowercase();
            if head.contains("transfer-encoding: chunked") {
                if body.ends_with("0\r\n\r\n") {
                    break unchunk(body);
                }
                continue;
            }
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if body.len() >= length {
                break body[..length].to_string();
            }
        };
        serde_json::from_str(&body).ok()
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A chunked body, whole.
fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else { break };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A browser window of the driver's.
struct Browser<'a> {
    driver: &'a Driver,
    id: String,
    _profile: tempfile::TempDir,
}

impl<'a> Browser<'a> {
    /// Headless Chromium with a fresh profile, at phone size.
    fn open(driver: &'a Driver) -> Browser<'a> {
        let profile = tempfile::tempdir().expect("a profile folder");
        let args = [
            "--headless".to_string(),
            "--no-sandbox".to_string(),
            "--disable-gpu".to_string(),
            "--disable-quic".to_string(),
            "--no-first-run".to_string(),
            "--disable-background-networking".to_string(),
            "--disable-component-update".to_string(),
            "--disable-sync".to_string(),
            "--window-size=390,844".to_string(),
            format!("--user-data-dir={}", profile.path().display()),
        ];
        let mut options = json!({ "args": args });
        if std::path::Path::new("/usr/bin/chromium").exists() {
            options["binary"] = json!("/usr/bin/chromium");
        }
        let capabilities = json!({
            "capabilities": { "alwaysMatch": { "browserName": "chrome", "goog:chromeOptions": options } }
        });
        let answer = driver.call("POST", "/session", Some(capabilities)).expect("a session");
        let id = answer["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"))
            .to_string();
        Browser { driver, id, _profile: profile }
    }

    /// The page laid out as on a phone 390 px wide (a headless window is
    /// at least 500 px wide).
    fn phone(&self) {
        let body = json!({
            "cmd": "Emulation.setDeviceMetricsOverride",
            "params": { "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true },
        });
        let answer = self.driver.call("POST", &format!("/session/{}/goog/cdp/execute", self.id), Some(body));
        assert!(answer.is_some_and(|a| a["value"].is_object()), "no phone's screen");
    }

    fn go(&self, url: &str) {
        let answer =
            self.driver.call("POST", &format!("/session/{}/url", self.id), Some(json!({ "url": url })));
        assert!(answer.is_some_and(|a| a["value"].is_null()), "could not open {url}");
    }

    /// Runs `script` in the page; what it returns.
    fn run(&self, script: &str) -> Value {
        let body = json!({ "script": script, "args": [] });
        let answer = self.driver.call("POST", &format!("/session/{}/execute/sync", self.id), Some(body));
        answer.map(|a| a["value"].clone()).unwrap_or(Value::Null)
    }

    /// Taps the element `selector` as a finger would: the driver clicks
    /// at its place on the screen, which fails if it is hidden or covered.
    fn tap(&self, selector: &str) {
        let body = json!({ "using": "css selector", "value": selector });
        let found = self.driver.call("POST", &format!("/session/{}/element", self.id), Some(body));
        let element = found
            .as_ref()
            .and_then(|f| f["value"].as_object())
            .and_then(|v| v.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no {selector} on the page: {found:?}"))
            .to_string();
        let answer = self.driver.call(
            "POST",
            &format!("/session/{}/element/{element}/click", self.id),
            Some(json!({})),
        );
        assert!(answer.as_ref().is_some_and(|a| a["value"].is_null()), "{selector} not tapped: {answer:?}");
    }

    /// The text of the element `selector`, as the page shows it.
    fn text(&self, selector: &str) -> String {
        let script = format!("var e = document.querySelector({selector:?}); return e ? e.innerText : null;");
        self.run(&script).as_str().unwrap_or_default().split_whitespace().collect::<Vec<_>>().join(" ")
    }
}

impl Drop for Browser<'_> {
    fn drop(&mut self) {
        let _ = self.driver.call("DELETE", &format!("/session/{}", self.id), None);
    }
}

#[test]
#[ignore = "needs Chromium and chromedriver (Debian's chromium and chromium-driver); .ci/run runs it"]
fn browser_sees_a_round_recorded_on_the_command_line_without_a_reload() {
    let env = Env::new();
    env.ok(&["new", "--player", "Ann", "--player", "Bob", "--player", "Cy", "friday"]);
    env.ok(&["round", "12", "0", "35", "--out", "Bob"]);
    let server = Server::start(&env, &[]);
    let driver = Driver::start();
    let browser = Browser::open(&driver);
    browser.go(&server.url);
    assert_eq!(browser.text("#next h2"), "Round 2 of 11");
    assert_eq!(browser.text("#next .wild"), "fours wild 4");
    assert_eq!(browser.run("return document.querySelector('#standings td:nth-child(2)').innerText"), "Bob");
    // The page's own state, which a reload would lose.
    browser.run("window.stillHere = 313; return null;");
    // The page's live updates are connected before the round is recorded.
    assert!(eventually(Duration::from_secs(10), || {
        browser.run("return document.body.hasAttribute('data-connected')") == true
    }));
    env.ok(&["round", "Ann=0", "Bob=8", "Cy=9h 4d Kh 5s", "--out", "Ann"]);
    let recorded = Instant::now();
    assert!(
        eventually(Duration::from_secs(10), || browser.text("#next h2") == "Round 3 of 11"),
        "the page still shows {:?}",
        browser.text("#next")
    );
    let took = recorded.elapsed();
    assert!(took < Duration::from_secs(2), "the page changed {took:?} after the round");
    assert_eq!(browser.text("#next .wild"), "fives wild 5");
    assert_eq!(
        browser.text("#standings table"),
        "Place Player Total Behind Out 1 Bob 8 0 1 2 Ann 12 4 1 3 Cy 66 58 0"
    );
    assert_eq!(browser.run("return window.stillHere"), 313, "the page was reloaded");
    // Nothing on the page came from elsewhere.
    let elsewhere = browser.run(
        "return performance.getEntriesByType('resource').map(function (r) { return r.name; })\
         .filter(function (n) { return n.indexOf(location.origin) !== 0; })",
    );
    assert_eq!(elsewhere, json!([]));

    // The TV page follows too.
    browser.go(&format!("{}tv", server.url));
    assert_eq!(browser.text("#now .deal"), "Cy deals · Ann plays first");
    browser.run("window.stillHere = 13; return null;");
    assert!(eventually(Duration::from_secs(10), || {
        browser.run("return document.body.hasAttribute('data-connected')") == true
    }));
    env.ok(&["round", "5", "0", "20"]);
    assert!(
        eventually(Duration::from_secs(10), || browser.text("#now .deal") == "Ann deals · Bob plays first"),
        "the TV page still shows {:?}",
        browser.text("#now")
    );
    assert_eq!(browser.run("return window.stillHere"), 13, "the TV page was reloaded");
}

#[test]
#[ignore = "needs Chromium and chromedriver (Debian's chromium and chromium-driver); .ci/run runs it"]
fn browser_enters_scores_and_records_the_round_with_the_pages_forms() {
    let env = Env::new();
    env.ok(&["new", "--player", "Ann", "--player", "Bob", "duel"]);
    let server = Server::start(&env, &["--entry"]);
    let pin = server.pin();
    let driver = Driver::start();
    let browser = Browser::open(&driver);
    browser.go(&server.url);
    // Ann types her score in the page's form, as a person would.
    browser.run(
        "document.querySelector('#player').value = 'Ann';\
         document.querySelector('#score').value = '9h 4d Kh';\
         document.querySelector('#enter form').submit(); return null;",
    );
    assert!(
        eventually(Duration::from_secs(10), || browser.text("#entered").contains("✓ Ann: 9h 4d Kh: no meld")),
        "{:?}",
        browser.text("main")
    );
    assert_eq!(browser.run("return document.querySelector('#player').value"), "Ann");
    assert!(eventually(Duration::from_secs(10), || {
        browser.run("return document.body.hasAttribute('data-connected')") == true
    }));
    browser.run("window.stillHere = 3; return null;");
    // Bob's phone: the page shows it without a reload.
    assert_eq!(server.post("enter", "round=1&player=Bob&score=out").status, 303);
    assert!(
        eventually(Duration::from_secs(5), || browser
            .text("#confirm")
            .contains("Every score is in: Round 1: Ann 26, Bob 0 (out)")),
        "{:?}",
        browser.text("main")
    );
    assert_eq!(browser.run("return window.stillHere"), 3, "the page was reloaded");
    // The scorer records it with the PIN.
    browser.run(&format!(
        "document.querySelector('#pin').value = '{pin}';\
         document.querySelector('#confirm form').submit(); return null;"
    ));
    assert!(
        eventually(Duration::from_secs(10), || browser.text("#next h2") == "Round 2 of 11"),
        "{:?}",
        browser.text("main")
    );
    assert!(browser.text("#entered").contains("Recorded: Round 1: Ann 26, Bob 0 (out)"));
    let json = env.table_json(&[]);
    assert_eq!(json["totals"], json!({ "Ann": 26, "Bob": 0 }));
    assert_eq!(json["rounds"][0]["out"], "Bob");
}

/// Seven players with long names, five rounds in, totals of three figures.
fn seven_long_names(env: &Env) -> [&'static str; 7] {
    let names =
        ["Christopher", "Anne-Marie", "Maximilian", "Bartholomew", "Gwendolyn", "Alexandrina", "Konstantin"];
    let mut new = vec!["new"];
    for n in &names {
        new.extend(["--player", n]);
    }
    new.push("long-evening");
    env.ok(&new);
    env.ok(&["round", "12", "0", "25", "30", "9", "22", "7", "--out", "Anne-Marie"]);
    env.ok(&["round", "0", "8", "31", "40", "14", "5", "33", "--out", "Christopher"]);
    env.ok(&["round", "40", "19", "0", "50", "45", "28", "9", "--out", "Maximilian"]);
    env.ok(&["round", "30", "22", "18", "0", "60", "41", "27", "--out", "Bartholomew"]);
    env.ok(&["round", "55", "0", "62", "70", "48", "13", "66", "--out", "Anne-Marie"]);
    names
}

/// What of the page is wider than the window: the document's width, the
/// window's, and each element whose right edge is beyond it.
fn too_wide(browser: &Browser) -> Value {
    browser.run(
        "var w = window.innerWidth, bad = [];\
         document.querySelectorAll('body *').forEach(function (e) {\
           var r = e.getBoundingClientRect();\
           if (r.width > 0 && r.right > w + 0.5)\
             bad.push(e.tagName.toLowerCase() + '.' + e.getAttribute('class') + ' ' + Math.round(r.right));\
         });\
         return { width: w, scroll: document.documentElement.scrollWidth, bad: bad.slice(0, 12) };",
    )
}

#[test]
#[ignore = "needs Chromium and chromedriver (Debian's chromium and chromium-driver); .ci/run runs it"]
fn browser_at_390_px_fits_the_sheet_and_the_checker_of_seven_long_names() {
    let env = Env::new();
    let names = seven_long_names(&env);
    let server = Server::start(&env, &[]);
    let driver = Driver::start();
    let browser = Browser::open(&driver);
    browser.phone();

    browser.go(&server.url);
    let fit = too_wide(&browser);
    assert_eq!(fit["width"], 390, "{fit}");
    assert!(fit["scroll"].as_u64().is_some_and(|w| w <= 390), "{fit}");
    assert_eq!(fit["bad"], json!([]), "{fit}");
    // Every player is on the sheet, and the phone's chart is the one shown.
    for name in names {
        assert!(browser.text("#sheet table").contains(name), "{name}");
    }
    assert_eq!(browser.run("return document.querySelector('#chart .desk').offsetWidth"), 0);
    assert!(
        browser
            .run("return document.querySelector('#chart .small svg').getBoundingClientRect().width")
            .as_f64()
            .is_some_and(|w| w > 300.0 && w <= 390.0)
    );
    // Who went out is marked in the round's row, the Out column hidden.
    assert_eq!(
        browser.run("return getComputedStyle(document.querySelector('#sheet td.went'), '::after').content"),
        "\"✓\""
    );

    // The checker: each discard's chance before its outs, nothing cut.
    browser.go(&format!("{}check?hand=3h+4h+5h+9c+9d+Kd+7s+10c+Qs&round=6", server.url));
    assert!(browser.text("#answer").contains("Discard"), "{}", browser.text("main"));
    let fit = too_wide(&browser);
    assert!(fit["scroll"].as_u64().is_some_and(|w| w <= 390), "{fit}");
    assert_eq!(fit["bad"], json!([]), "{fit}");
    let first = browser.run(
        "var row = document.querySelectorAll('table.discards tr')[1];\
         var chance = row.querySelector('.c5').getBoundingClientRect(), outs = row.querySelector('.c3').getBoundingClientRect();\
         return [chance.top < outs.top, chance.right <= 390, outs.right <= 390];",
    );
    assert_eq!(first, json!([true, true, true]));
}

#[test]
#[ignore = "needs Chromium and chromedriver (Debian's chromium and chromium-driver); .ci/run runs it"]
fn browser_taps_a_hand_on_the_card_grid_and_checks_it() {
    let env = Env::new();
    seven_long_names(&env);
    let server = Server::start(&env, &[]);
    let driver = Driver::start();
    let browser = Browser::open(&driver);
    browser.phone();
    browser.go(&format!("{}check", server.url));
    // A card of the deck per button, and a joker-free standard deck: 52.
    assert_eq!(browser.run("return document.querySelectorAll('#grid button[data-card]').length"), 52);
    let fit = too_wide(&browser);
    assert_eq!(fit["bad"], json!([]), "{fit}");
    browser.run(
        "['3h', '4h', '5h', '9c', '9d', 'Kd'].forEach(function (c) {\
           document.querySelector('#grid button[data-card=\"' + c + '\"]').click(); });\
         return null;",
    );
    assert_eq!(browser.run("return document.querySelector('#hand').value"), "3h 4h 5h 9c 9d Kd");
    // Seven players play with two decks: K♦ is there twice, and no more.
    assert_eq!(browser.run("return document.querySelector('#grid').getAttribute('data-copies')"), "2");
    assert_eq!(
        browser.run("return document.querySelector('#grid button[data-card=\"Kd\"]').disabled"),
        false
    );
    browser.run(
        "var k = document.querySelector('#grid button[data-card=\"Kd\"]'); k.click(); k.click(); return null;",
    );
    assert_eq!(browser.run("return document.querySelector('#hand').value"), "3h 4h 5h 9c 9d Kd Kd");
    assert_eq!(browser.run("return document.querySelector('#grid button[data-card=\"Kd\"]').disabled"), true);
    // Take back the last, and check for round 3.
    browser.run(
        "document.querySelector('#grid .tools button').click();\
         document.querySelector('#round').value = '3';\
         document.querySelector('form button:not([type=button])').click(); return null;",
    );
    assert!(
        eventually(Duration::from_secs(10), || browser.text("#answer").contains("Discard K♦ and lay down:")),
        "{:?}",
        browser.text("main")
    );
    assert!(browser.text("#answer").contains("Deadwood 7: does not go out"), "{}", browser.text("#answer"));
    assert_eq!(browser.run("return document.querySelector('#hand').value"), "3h 4h 5h 9c 9d Kd");
}

#[test]
#[ignore = "needs Chromium and chromedriver (Debian's chromium and chromium-driver); .ci/run runs it"]
fn browser_drills_on_a_phone_by_tapping_cards() {
    let env = Env::new();
    env.ok(&["new", "--player", "Ann", "--player", "Bob", "duel"]);
    let server = Server::start(&env, &["--drill-budget", "8"]);
    let driver = Driver::start();
    let browser = Browser::open(&driver);
    browser.phone();
    browser.go(&format!("{}drill", server.url));
    let fit = too_wide(&browser);
    assert_eq!((fit["scroll"].clone(), fit["bad"].clone()), (json!(390), json!([])), "{fit}");
    // Ann picks her name, the seed given.
    browser.tap("details summary");
    browser.run("document.querySelector('#seed').value = '3'; return null;");
    browser.tap("button[name=pick][value=Ann]");
    let position = |h2: &str| eventually(Duration::from_secs(20), || browser.text("#position h2") == h2);
    let mut last_turns = 0;
    for n in 1..=5 {
        assert!(position("Take or draw?"), "{}", browser.text("main"));
        assert_eq!(
            browser.text("#who p"),
            format!("Position {n} of 5 · seed 3 · the coach on 8 deals an option")
        );
        let fit = too_wide(&browser);
        assert_eq!(fit["bad"], json!([]), "{fit}");
        // A last turn shows the melds laid down, and is graded exactly.
        let last = browser.text("#position").contains("the last turn");
        last_turns += usize::from(last);
        assert_eq!(browser.text("#position").contains("Table "), last, "{}", browser.text("main"));
        browser.tap(if n % 2 == 1 {
            "button[name=answer][value=draw]"
        } else {
            "button[name=answer][value=take]"
        });
        assert!(position("Your discard"), "{}", browser.text("main"));
        assert!(browser.text("#grade h2").starts_with("Take or draw: "), "{}", browser.text("main"));
        // The card drawn is the hand's last, marked; a card taken from the
        // face-up pile is not offered back.
        let offered = browser.run(
            "return Array.prototype.map.call(document.querySelectorAll('#hand button:not([disabled])'), \
             function (b) { return b.value; });",
        );
        let offered: Vec<String> =
            offered.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
        assert!(!offered.is_empty());
        assert_eq!(
            browser
                .run("return document.querySelector('#hand button:last-child').classList.contains('drawn')"),
            true
        );
        let fit = too_wide(&browser);
        assert_eq!(fit["bad"], json!([]), "{fit}");
        let card = &offered[n % offered.len()];
        browser.tap(&format!("#hand button[value=\"{card}\"]"));
        assert!(
            eventually(Duration::from_secs(20), || browser.text("#grade h2").starts_with("The discard: ")),
            "{}",
            browser.text("main")
        );
        let graded = browser.text("#grade");
        if last {
            assert!(
                graded.contains("Answer Points") && graded.contains(", exact: the last turn"),
                "{graded}"
            );
        } else {
            assert!(graded.contains("Answer Expected 95% interval"), "{graded}");
        }
        assert!(graded.contains("best"), "{graded}");
        let fit = too_wide(&browser);
        assert_eq!(fit["bad"], json!([]), "{fit}");
        browser.tap("#on a");
    }
    assert!(last_turns > 0, "no last turn among the positions");
    assert!(
        eventually(Duration::from_secs(20), || browser.text("#summary h2") == "Summary"),
        "{}",
        browser.text("main")
    );
    assert!(
        browser.text("#summary").starts_with("Summary 10 decisions over 5 positions, "),
        "{}",
        browser.text("#summary")
    );
    // Every position's attempt is kept under Ann's name.
    let kept = std::fs::read_to_string(env.data_dir().join("drill.toml")).expect("drill.toml");
    assert_eq!(kept.matches("player = \"Ann\"").count(), 5, "{kept}");
}
