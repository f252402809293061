//! The drill page of `three13 serve`: a seeded run answered with its
//! forms, each grade the same as `drill --json`'s; two players drilling
//! at once; the runs' bounds and the forms' guards.

use serde_json::Value;

use crate::common::Env;
use crate::serve::{Reply, Server, game_in_progress};

/// The coach's deals an option for the tests: small, so that grades come
/// at once in a debug build.
const BUDGET: &str = "8";

/// A run's page once the coach is done with it (the page looks again
/// each second while it deals or grades).
pub fn look(server: &Server, path: &str) -> Reply {
    let mut page = server.get(path);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while page.body.contains("http-equiv=\"refresh\"") && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
        page = server.get(path);
    }
    page
}

/// The value of the first `name="NAME" value="…"` of a page.
fn hidden(body: &str, name: &str) -> String {
    let key = format!("name=\"{name}\" value=\"");
    let at = body.find(&key).unwrap_or_else(|| panic!("no {name} in {body}")) + key.len();
    body[at..at + body[at..].find('"').expect("a value")].to_string()
}

/// The cards that may be tapped to discard, in the hand's order.
fn tappable(body: &str) -> Vec<String> {
    body.split("<button class=\"playing")
        .skip(1)
        .filter_map(|b| {
            let head = &b[..b.find('>').expect("a tag")];
            let at = head.find("value=\"")? + 7;
            let end = at + head[at..].find('"')?;
            (!head.contains("disabled")).then(|| head[at..end].to_string())
        })
        .collect()
}

/// A card as the pages show it: `9h` as `9♥`.
fn symbol(card: &str) -> String {
    let (rank, suit) = card.split_at(card.len() - 1);
    let suit = match suit {
        "c" => "♣",
        "d" => "♦",
        "h" => "♥",
        "s" => "♠",
        other => panic!("a suit: {other}"),
    };
    format!("{rank}{suit}")
}

/// An option as the page shows it: take, draw or the card.
fn shown(option: &str) -> String {
    if option == "take" || option == "draw" { option.to_string() } else { symbol(option) }
}

/// Melds as `drill --json` gives them (`[["Qh", "Qs", "4s"], …]`), as a
/// page shows them: `Q♥ Q♠ 4♠ | …`.
fn melds_shown(melds: &[Value]) -> String {
    let meld = |m: &Value| {
        m.as_array().unwrap().iter().map(|c| symbol(c.as_str().unwrap())).collect::<Vec<_>>().join(" ")
    };
    melds.iter().map(meld).collect::<Vec<_>>().join(" | ")
}

/// The text of a grade's section, as `drill --json`'s grade says it.
fn grade_text(g: &Value) -> String {
    let g = &g["grade"];
    let answer = g["answer"].as_str().unwrap();
    let best = g["best"].as_str().unwrap();
    let lost = g["points_lost"].as_f64().unwrap();
    let mut out = format!(
        "{} {}",
        if g["ask"] == "take_or_draw" { "Take or draw:" } else { "The discard:" },
        shown(answer)
    );
    // The last turn's figures are exact: no interval.
    let exact = g["exact"] == true;
    if lost == 0.0 {
        let note = match (answer == best, exact) {
            (true, _) => "The best answer",
            (false, true) => "As good as the best",
            (false, false) => "As good as the best within the noise",
        };
        out.push_str(&format!(" {note}, nothing lost"));
    } else {
        out.push_str(&format!(" {lost:.2} points lost; the best is {}", shown(best)));
    }
    out.push_str(if exact { " Answer Points" } else { " Answer Expected 95% interval" });
    // The tags (best, equal, your answer) are the page's: --json has none.
    for o in g["options"].as_array().unwrap() {
        let option = o["option"].as_str().unwrap();
        let mean = o["mean"].as_f64().unwrap();
        let (low, high) = (o["low"].as_f64().unwrap(), o["high"].as_f64().unwrap());
        if exact {
            assert_eq!((low, high), (mean, mean), "{g}");
            out.push_str(&format!(" {} {mean:.2}", shown(option)));
        } else {
            out.push_str(&format!(" {} {mean:.2} {low:.2} to {high:.2}", shown(option)));
        }
    }
    out
}

/// What a page's grade section says, without its tags (the JSON lines
/// carry none).
fn page_grade(body: &str) -> String {
    let at = body.find("<section id=\"grade\">").expect("a grade on the page");
    let section = &body[at..at + body[at..].find("</section>").unwrap()];
    // Tags and the note are in <small>; the melds kept are a paragraph
    // after the table.
    let mut text = String::new();
    let mut rest = section;
    while let Some(s) = rest.find("<small>") {
        text.push_str(&rest[..s]);
        rest = &rest[s + rest[s..].find("</small>").unwrap() + 8..];
    }
    text.push_str(rest);
    let text = crate::serve::text_of(&text);
    text.split(" The best keeps:").next().unwrap().to_string()
}

/// The melds the best discard keeps, as the page says them.
fn page_keeps(body: &str) -> Option<String> {
    let text = crate::serve::text_of(body);
    let at = text.find("The best keeps: ")? + "The best keeps: ".len();
    // Up to the note under the table: estimates, or the last turn's exact figures.
    let end = [" Expected points", " Points at the end"].iter().filter_map(|n| text[at..].find(n)).min();
    Some(text[at..end.map_or(text.len(), |e| at + e)].to_string())
}

#[test]
fn a_seeded_drill_on_the_page_is_graded_as_drill_json_grades_it() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--drill-budget", BUDGET]);
    server.wait_for_said("the drill: ");
    let start = server.get("drill");
    assert_eq!(start.status, 200);
    assert_eq!(
        start.text(),
        "Drill · friday · three13 friday Rules: standard Score sheet TV Check a hand Drill Season \
         Drill Positions of real rounds under this session's rules: take or draw, then the discard, \
         each answer graded in points lost against the coach. 5 positions a run; the attempts are \
         rated as on the terminal. Who drills? Ann Bob Cy Or another name Seed The same seed \
         deals the same positions (empty: the position of the day first) Start"
    );
    // No --entry: the drill's forms are taken all the same.
    let started = server.post("drill", "do=start&pick=Ann&seed=3");
    assert_eq!((started.status, started.header("Location")), (303, Some("/drill?name=Ann")));
    let first = look(&server, "drill?name=Ann");
    assert_eq!(first.status, 200);
    assert_eq!(
        first.text(),
        "Drill · Ann · three13 friday Rules: standard Score sheet TV Check a hand Drill Season \
         Drill · Ann Position 1 of 5 · seed 3 · the coach on 8 deals an option \
         Take or draw? Round Three Thirteen round 3, fives wild Players 2, turn 9 Face up K♠ \
         Seen Q♥ J♦ J♣ K♥ 10♦ 10♠ Themes take_or_draw Your hand 4♥ 2♦ 9♥ 9♣ 9♠ Take K♠ Draw from the stock"
    );
    assert_eq!(hidden(&first.body, "step"), "1-391bb46c2a85-take_or_draw");

    // The run: take each face-up card, discard the first card offered.
    let mut answers: Vec<String> = Vec::new();
    let mut pages: Vec<String> = Vec::new();
    for n in 1..=5 {
        let page = look(&server, "drill?name=Ann&on=1");
        let step = hidden(&page.body, "step");
        assert!(step.starts_with(&format!("{n}-")) && step.ends_with("take_or_draw"), "{step}");
        let took = server.post("drill", &format!("do=answer&name=Ann&step={step}&answer=take"));
        assert_eq!((took.status, took.header("Location")), (303, Some("/drill?name=Ann")));
        answers.push("take".into());
        let page = look(&server, "drill?name=Ann");
        pages.push(page.body.clone());
        let step = hidden(&page.body, "step");
        assert!(step.ends_with("-discard"), "{step}");
        let card = tappable(&page.body).remove(0);
        let discarded = server.post("drill", &format!("do=answer&name=Ann&step={step}&answer={card}"));
        assert_eq!(discarded.status, 303);
        answers.push(card);
        pages.push(look(&server, "drill?name=Ann").body);
    }
    // The same seed and answers through drill --json: the same grades.
    let input: String = answers.iter().map(|a| format!("{{\"answer\": \"{a}\"}}\n")).collect();
    let json = env.run_stdin(
        &["drill", "--json", "--seed", "3", "--count", "5", "--budget", BUDGET, "--name", "cli"],
        &input,
    );
    assert_eq!(json.code, 0, "{}", json.stderr);
    let grades: Vec<Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v.get("grade").is_some())
        .collect();
    assert_eq!(grades.len(), 10, "{}", json.stdout);
    for (page, grade) in pages.iter().zip(&grades) {
        assert_eq!(page_grade(page), grade_text(grade));
        let keeps = grade["grade"]["keeps"].as_array().map(|melds| melds_shown(melds));
        assert_eq!(page_keeps(page), keeps.filter(|k| !k.is_empty()));
    }
    // Each discard's question, as --json asks it: on a last turn the page
    // shows the melds the player out laid down.
    let asked: Vec<Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["ask"] == "discard")
        .collect();
    assert_eq!(asked.len(), 5);
    let mut last_turns = 0;
    for (k, q) in asked.iter().enumerate() {
        let text = crate::serve::text_of(&pages[2 * k]);
        match q["laid_down"].as_array() {
            Some(melds) => {
                last_turns += 1;
                assert!(text.contains(&format!(" Table {} (laid down) ", melds_shown(melds))), "{text}");
            }
            None => assert!(!text.contains(" Table "), "{text}"),
        }
    }
    assert!(last_turns > 0, "{}", json.stdout);
    // The first grade whole, as the page shows it.
    assert_eq!(
        crate::serve::text_of(&pages[0]),
        "Drill · Ann · three13 friday Rules: standard Score sheet TV Check a hand Drill Season \
         Drill · Ann Position 1 of 5 · seed 3 · the coach on 8 deals an option \
         Take or draw: take 1.00 points lost; the best is draw Answer Expected 95% interval \
         draw 0.38 -0.36 to 1.11 best take 1.38 0.33 to 2.42 your answer \
         Expected points at the end of the round, by the coach's seeded deals. \
         Your discard Round Three Thirteen round 3, fives wild Players 2, turn 9 Face up 10♠ \
         Seen Q♥ J♦ J♣ K♥ 10♦ Themes take_or_draw You took the face-up K♠. Tap the card to discard: \
         4♥ 2♦ 9♥ 9♣ 9♠ K♠ The card taken from the face-up pile cannot go back on it."
    );
    // After the last discard, its grade, then the summary, as --json's.
    assert!(crate::serve::text_of(&pages[9]).ends_with("The summary"), "{}", pages[9]);
    let summary: Value = serde_json::from_str(json.stdout.lines().last().unwrap()).unwrap();
    let s = &summary["summary"];
    let end = look(&server, "drill?name=Ann&on=1").text();
    let said = format!(
        "Summary {} decisions over {} positions, {:.2} points lost, {:.2} per decision.",
        s["decisions"],
        s["positions"],
        s["points_lost"].as_f64().unwrap(),
        s["per_decision"].as_f64().unwrap()
    );
    assert!(end.contains(&said), "{end}\n{said}");
    assert!(end.ends_with("Another run"), "{end}");
    // Each position's attempt is kept under Ann's name, as the terminal's.
    let file = std::fs::read_to_string(env.data_dir().join("drill.toml")).expect("drill.toml");
    let kept: Value = toml_edit::de::from_str(&file).unwrap();
    let attempts = kept["attempts"].as_array().unwrap();
    let ann: Vec<_> = attempts.iter().filter(|a| a["player"].as_str() == Some("Ann")).collect();
    assert_eq!(ann.len(), 5);
    assert!(kept["players"].get("Ann").is_some() && kept["players"].get("cli").is_some());
    for (a, pair) in ann.iter().zip(answers.chunks(2)) {
        let given: Vec<&str> = a["answers"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert_eq!(given, pair.iter().map(String::as_str).collect::<Vec<_>>());
    }
}

#[test]
fn two_players_drill_at_once_each_their_own_run() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--drill-budget", BUDGET]);
    assert_eq!(server.post("drill", "do=start&pick=Ann&seed=3").status, 303);
    assert_eq!(server.post("drill", "do=start&name=Zoë&seed=4").status, 303);
    let ann = hidden(&look(&server, "drill?name=Ann").body, "step");
    let zoe = hidden(&look(&server, "drill?name=Zo%C3%AB").body, "step");
    assert_ne!(ann, zoe);
    // Both answer at the same moment.
    let (a, z) = std::thread::scope(|s| {
        let a = s.spawn(|| server.post("drill", &format!("do=answer&name=Ann&step={ann}&answer=take")));
        let z = s.spawn(|| server.post("drill", &format!("do=answer&name=Zo%C3%AB&step={zoe}&answer=draw")));
        (a.join().unwrap(), z.join().unwrap())
    });
    assert_eq!((a.status, z.status), (303, 303));
    assert_eq!(z.header("Location"), Some("/drill?name=Zo%C3%AB"));
    let ann_page = look(&server, "drill?name=Ann").text();
    let zoe_page = look(&server, "drill?name=Zo%C3%AB").text();
    assert!(
        ann_page.contains("Take or draw: take") && ann_page.contains("You took the face-up"),
        "{ann_page}"
    );
    assert!(zoe_page.contains("Take or draw: draw") && zoe_page.contains("You drew"), "{zoe_page}");
    assert!(zoe_page.contains("seed 4"), "{zoe_page}");
    // The same tap sent again (a second tap) grades nothing more.
    let again = server.post("drill", &format!("do=answer&name=Ann&step={ann}&answer=draw"));
    assert_eq!(again.status, 303);
    assert!(look(&server, "drill?name=Ann").text().contains("Take or draw: take"));
    // Starting again under a name whose run goes on continues it.
    assert_eq!(server.post("drill", "do=start&pick=Ann&seed=9").status, 303);
    assert!(look(&server, "drill?name=Ann").text().contains("seed 3"));
    // Both are listed on the first page.
    assert!(server.get("drill").text().ends_with("Drilling now Ann Zoë"), "{}", server.get("drill").text());
}

#[test]
fn the_drill_refuses_a_wrong_answer_a_bad_name_and_a_foreign_form() {
    let env = Env::new();
    game_in_progress(&env);
    let server = Server::start(&env, &["--drill-budget", BUDGET]);
    assert_eq!(server.post("drill", "do=start&pick=Ann&seed=3").status, 303);
    let step = hidden(&look(&server, "drill?name=Ann").body, "step");
    let wrong = server.post("drill", &format!("do=answer&name=Ann&step={step}&answer=Kd"));
    assert_eq!(wrong.status, 422);
    assert!(
        wrong.text().contains("Kd is a card; the question is take or draw hint: answer take (the face-up card) or draw (from the stock) Take or draw?"),
        "{}",
        wrong.text()
    );
    let bad = server.post("drill", "do=start&name=%1b%5B2J&seed=3");
    assert_eq!(bad.status, 422);
    assert!(
        bad.text().contains("on the terminal. \"\\u{1b}[2J\" has a control character; type a name Who"),
        "{}",
        bad.text()
    );
    let long = server.post("drill", &format!("do=start&name={}", "x".repeat(41)));
    assert_eq!(long.status, 422);
    assert!(long.text().contains("terminal. a name is at most 40 characters Who"), "{}", long.text());
    let seed = server.post("drill", "do=start&name=Bob&seed=-1");
    assert_eq!(seed.status, 422);
    assert!(seed.text().contains("\"-1\" is not a seed"), "{}", seed.text());
    let none = look(&server, "drill?name=Nobody");
    assert_eq!(none.status, 404);
    assert!(none.text().contains("Nobody has no drill going on here (a run is dropped after 30 minutes without an answer); start one Who drills?"), "{}", none.text());
    let foreign =
        server.request("POST", "drill", &[("Origin", "http://evil.example")], "do=start&pick=Ann&seed=3");
    assert_eq!((foreign.status, foreign.body.as_str()), (403, "a form from another site is refused\n"));
    let put = server.request("PUT", "drill", &[], "");
    assert_eq!((put.status, put.header("Allow")), (405, Some("GET, HEAD, POST")));
}
