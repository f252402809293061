//! The sheet drawn everywhere: the tiebreaker row in the exports and the
//! pages, the chart's title within the picture, the key's marks kept with
//! their meaning at every width.

use crate::common::Env;
use crate::serve::Server;

/// A finished game tied on 55, broken by a tiebreaker round; Frank left.
fn tied(env: &Env) {
    env.ok(&[
        "new",
        "friday-night",
        "-p",
        "Anne-Marie",
        "-p",
        "Christopher",
        "-p",
        "Frank",
        "--set",
        "tiebreak=round",
    ]);
    for _ in 0..11 {
        env.ok(&["round", "5", "5", "9"]);
    }
    env.ok(&["player", "remove", "Frank", "--yes"]);
    env.ok(&["round", "12", "3"]);
}

#[test]
fn the_tiebreaker_row_is_on_every_sheet() {
    let env = Env::new();
    tied(&env);
    let sheet = env.ok(&["export", "--layout", "sheet"]).stdout;
    assert!(
        sheet.ends_with("11,13,K,Christopher,5,5,9,\ntotal,,,,55,55,99,\ntie,14,A,,12,3,,\nplace,,,,2,1,,\n"),
        "{sheet}"
    );
    let table = env.ok_with(&[("COLUMNS", "80")], &["table"]).stdout;
    assert!(
        table.contains("|   Tie |    14 | A    |             |         12 |           3 |        |     |\n"),
        "{table}"
    );
    let server = Server::start(&env, &[]);
    let text = server.get("").text();
    assert!(
        text.contains("Total 55 55 99 Tie 14 A 12 3 Tie: the tiebreaker round, deadwood only."),
        "{text}"
    );
}

#[test]
fn the_svg_title_wraps_within_the_picture() {
    let env = Env::new();
    tied(&env);
    let path = env.path().join("race.svg");
    env.ok(&["chart", "--svg", path.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&path).unwrap();
    let titles: Vec<&str> = svg
        .split("<text ")
        .skip(1)
        .filter(|t| t.contains("text-anchor=\"middle\"") && t.contains("x=\"400\""))
        .map(|t| t.split('>').nth(1).unwrap().trim_end_matches("</text").trim())
        .collect();
    assert_eq!(
        titles[..2],
        [
            "Running totals of friday-night: Christopher wins after a tie on 55, the tiebreaker",
            "round: Anne-Marie 12, Christopher 3.",
        ]
    );
    // Centred at 400 in 800 px: at most 88 characters of text under 15 px,
    // each about 9 px wide, stays inside.
    for t in svg.split("<text ").skip(1).filter(|t| t.contains("x=\"400\"")) {
        let size: f64 = t.split("font-size=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
        let chars = t.split('>').nth(1).unwrap().trim_end_matches("</text").trim().chars().count();
        assert!(size <= 18.0 && chars as f64 * size * 0.6 <= 800.0, "{t}");
    }
}

#[test]
fn the_key_keeps_each_mark_with_its_meaning() {
    let env = Env::new();
    let mut args = vec!["new", "g", "--set", "bad_go_out_penalty=20"];
    for p in ["Christopher", "Bob", "Cy", "Dorothy", "Eve", "Frank"] {
        args.extend(["-p", p]);
    }
    env.ok(&args);
    env.ok(&["round", "9h 4d Kh", "0", "5", "3", "4", "5", "--out", "Bob"]);
    env.ok(&["round", "4", "0", "3", "1", "1", "1", "--out", "Bob", "--penalty", "Cy"]);
    env.ok(&["player", "add", "Dee"]);
    let key = |columns: &str| {
        let out = env.ok_with(&[("COLUMNS", columns)], &["table"]).stdout;
        let from = out.find("Key:").unwrap();
        out[from..from + out[from..].find("\n\n").unwrap()].to_string()
    };
    // At 80 columns `!` once ended a line and `bad go-out` began the next.
    assert_eq!(
        key("80"),
        "Key: points per round; # a typed hand (three13 show ROUND); ^ went out first;\n     \
         ! bad go-out; Start = total of a player who joined late; * deals next"
    );
    assert_eq!(
        key("60"),
        "Key: points per round; # a typed hand (three13 show ROUND);\n     \
         ^ went out first; ! bad go-out; Start = total of a\n     player who joined late; * deals next"
    );
    assert_eq!(
        key("45"),
        "Key: points per round; # a typed hand\n     (three13 show ROUND); ^ went out first;\n     \
         ! bad go-out; Start = total of a player\n     who joined late; * deals next"
    );
}
