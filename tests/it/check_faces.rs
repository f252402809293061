//! `check` on the terminal, as JSON and on `serve`'s hand checker say the
//! same: every line of the terminal's report (each verdict sentence and
//! each figure) is on the page, the table of discards row by row in the
//! same order, the first row the JSON's best chance; over declared hands
//! that go out and that do not, of several groups, with wilds.

use serde_json::Value;

use crate::common::Env;
use crate::serve::Server;

/// The page's cards as the terminal writes them without Unicode.
fn ascii(text: &str) -> String {
    text.replace('♣', "c").replace('♦', "d").replace('♥', "h").replace('♠', "s").replace('★', "r")
}

fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A table line of the terminal: its cells, trimmed (none for a rule).
fn cells(line: &str) -> Option<Vec<String>> {
    let inner = line.strip_prefix('|')?.strip_suffix('|')?;
    Some(
        inner
            .split('|')
            .map(|c| c.trim().to_string())
            .filter(|c| c.is_empty() || !c.chars().all(|x| x == '-' || x == ':'))
            .collect(),
    )
}

/// Checks `hand` in `round` on the terminal, as JSON and on the page.
fn same_on_page(env: &Env, server: &Server, round: &str, hand: &str) {
    let text = env.ok_with(&[("COLUMNS", "400")], &["check", "--round", round, hand]).stdout;
    let json: Value =
        serde_json::from_str(env.ok(&["check", "--json", "--round", round, hand]).stdout.trim()).unwrap();
    let query = hand.replace(' ', "+").replace('|', "%7C");
    let reply = server.get(&format!("check?hand={query}&round={round}"));
    assert_eq!(reply.status, 200, "{hand}: {}", reply.text());
    let page = ascii(&reply.text());
    let at = page.find(&format!("Round {round}: ")).unwrap_or_else(|| panic!("{hand}: no answer in {page}"));
    let (header, answer) = page.split_at(at);
    let context = format!("{hand}:\n{text}\npage: {answer}");

    // The rules, beside the heading on the terminal, in the page's header.
    assert!(header.contains(&format!("Rules: {}", json["rules"].as_str().unwrap())), "{context}");
    let mut rows: Vec<Vec<String>> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if line.starts_with('+') {
            continue;
        }
        if let Some(cells) = cells(line) {
            if cells.is_empty() {
                continue;
            }
            // A row whose first cell is empty goes on the row above (its
            // outs wrapped).
            match rows.last_mut() {
                Some(last) if cells[0].is_empty() => {
                    for (to, more) in last.iter_mut().zip(&cells) {
                        if !more.is_empty() {
                            to.push(' ');
                            to.push_str(more);
                        }
                    }
                }
                _ => rows.push(cells),
            }
            continue;
        }
        // A hint names a flag of the command line: the page has none.
        if line.contains("--look") {
            continue;
        }
        let said = flat(line.split(" (rules: ").next().unwrap());
        assert!(answer.contains(&said), "{said:?} is not on the page\n{context}");
    }
    // The table of discards: each row on the page, in the same order, the
    // best chance first.
    let mut from = 0;
    for row in &rows {
        let row = row.join(" ");
        let found =
            answer[from..].find(&row).unwrap_or_else(|| panic!("row {row:?} not in order\n{context}"));
        from += found + row.len();
    }
    if let Some(best) = json.get("best_chance") {
        let card = best["card"].as_str().unwrap();
        assert_eq!(rows[1][0], card, "{context}");
    } else {
        assert!(rows.is_empty(), "{context}");
    }
    // The figures of the JSON, in the page's sentences.
    let deadwood = json.get("best_discard").map_or(&json["deadwood"], |b| &b["deadwood"]);
    assert!(answer.contains(&format!("Deadwood {deadwood}")) || answer.contains("Goes out"), "{context}");
    if let Some(least) = json.get("least_deadwood") {
        assert!(
            answer.contains(&format!("the least is {least},")) || answer.contains("the least there is"),
            "{context}"
        );
    }
    if let Some(goes) = json.get("declared_goes_out").filter(|_| json.get("declared_discard").is_some()) {
        let said = if goes.as_bool().unwrap() {
            "The declaration goes out"
        } else {
            "The declaration does not go out:"
        };
        assert!(answer.contains(said), "{context}");
    }
}

#[test]
fn check_says_on_the_page_what_it_says_on_the_terminal() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let server = Server::start(&env, &[]);
    // Declared, going out after the draw; and before it.
    same_on_page(&env, &server, "2", "5h 6h 7h 4c | 9c");
    same_on_page(&env, &server, "1", "5h 6h 7h");
    // Declared, not going out: groups of every kind, wilds standing in.
    same_on_page(&env, &server, "11", "2h 3h Kc 5h | 9c 9d Kd | Qd Kh Ks | Jh 10s Ac As");
    // Every group a meld, but each discard breaks one.
    same_on_page(&env, &server, "3", "8d 8s 8c | 4s 4d 4c");
    // Before the draw, a wild in a set and a run.
    same_on_page(&env, &server, "5", "3h 7c 5h | 9c 9d 7s | Kd");
    // Not declared: outs before the draw; every discard after it, where
    // the best chance is not the least left.
    same_on_page(&env, &server, "3", "5h 6h 9c 9d 2s");
    same_on_page(&env, &server, "8", "3h 4h 5h 6h 8c 8d 8s Jc Jd Qs 2c");
    same_on_page(&env, &server, "11", "Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As");
    // A hand the decks cannot hold is refused on both, in the same words.
    let cli = env.run(&["check", "--round", "1", "Kh Kh Kh"]);
    assert_eq!(cli.code, 1, "{cli:?}");
    let message = cli.stderr.trim_end().strip_prefix("error: ").expect("an error").to_string();
    let page = server.get("check?hand=Kh+Kh+Kh&round=1");
    assert_eq!(page.status, 422);
    assert!(page.text().contains(&flat(&message)), "{}\n{message}", page.text());
}
