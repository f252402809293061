//! `three13 league`: a season of finished games, written as session files
//! with the times they ended, then read as standings, ratings and records.

use serde_json::Value;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::common::Env;

/// A finished game: every round the same scores (the first 0 goes out),
/// ended at `ended` (its last round logged then), the former names of a
/// renamed player given as `(player, was)`.
fn game(env: &Env, name: &str, players: &[&str], per_round: &[u32], ended: &str, extra: &str) {
    let list: Vec<String> = players.iter().map(|p| format!("\"{p}\"")).collect();
    let mut text = format!(
        "format_version = 3\n{extra}players = [{}]\nfirst_dealer = \"{}\"\ncreated = \"{ended}\"\nupdated = \"{ended}\"\n\n[rules]\n\n",
        list.join(", "),
        players[0]
    );
    let out = players[per_round.iter().position(|&d| d == 0).expect("someone goes out")];
    for round in 1..=11 {
        let scores: Vec<String> = players.iter().zip(per_round).map(|(p, d)| format!("{p} = {d}")).collect();
        text.push_str(&format!(
            "[[rounds]]\nround = {round}\ndeadwood = {{ {} }}\nout = \"{out}\"\n\n",
            scores.join(", ")
        ));
    }
    text.push_str(&format!(
        "[log]\nchanges = [\n    {{ at = \"{ended}\", change = \"round\", round = 11 }},\n]\n"
    ));
    let dir = env.data_dir().join("sessions");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.toml")), text).unwrap();
}

/// Four games of 2026 (a tie for second, a tie for first, Bob renamed
/// Robert in one, Dee a guest of one game), a Five Crowns game and a game
/// of 2025 kept out.
fn season() -> Env {
    let env = Env::new();
    game(&env, "old", &["Ann", "Bob"], &[5, 0], "2025-12-31T21:00:00Z", "");
    game(&env, "g1", &["Ann", "Bob", "Cy"], &[0, 2, 5], "2026-02-06T20:00:00Z", "");
    game(&env, "g2", &["Ann", "Bob", "Cy", "Dee"], &[3, 0, 3, 6], "2026-02-06T22:30:00Z", "");
    game(&env, "g3", &["Ann", "Robert", "Cy"], &[1, 0, 4], "2026-02-13T21:00:00Z", "");
    // Robert was Bob.
    let path = env.session_file("g3");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("[rules]", "[seats.Robert]\nformer_names = [\"Bob\"]\n\n[rules]"))
        .unwrap();
    game(&env, "fc", &["Ann", "Bob"], &[0, 9], "2026-02-13T23:00:00Z", "game = \"five-crowns\"\n");
    game(&env, "g4", &["Ann", "Bob", "Cy"], &[0, 0, 3], "2026-02-20T21:00:00Z", "");
    env
}

const YEAR: [&str; 4] = ["--since", "2026-01-01", "--until", "2026-12-31"];

fn league(env: &Env, more: &[&str]) -> String {
    let mut args = vec!["league"];
    args.extend_from_slice(&YEAR);
    args.extend_from_slice(more);
    env.ok(&args).stdout
}

fn json(env: &Env, more: &[&str]) -> Value {
    let mut args = vec!["--json"];
    args.extend_from_slice(more);
    serde_json::from_str(&league(env, &args)).expect("JSON")
}

#[test]
fn a_season_is_told_in_standings_ratings_records_and_evenings() {
    let env = season();
    // At 80 columns, as at the table.
    let mut args = vec!["league"];
    args.extend_from_slice(&YEAR);
    let shown = env.ok_with(&[("COLUMNS", "80")], &args).stdout;
    assert_eq!(
        shown,
        "\
Season 2026-01-01 to 2026-12-31: Three Thirteen, 4 finished games
Points: 1st 3, 2nd 2, 3rd 1
1 game of Five Crowns in these dates counted apart: --game five-crowns.

Standings
| Place | Player | Points | Games | Wins | Avg place | Last 5 | Out |
|-------|--------|--------|-------|------|-----------|--------|-----|
|     1 | Bob    |   10.5 |     4 |    3 |       1.3 |    5.5 |  22 |
|     2 | Ann    |      9 |     4 |    2 |       1.5 |   11.0 |  22 |
|     3 | Cy     |    4.5 |     4 |    0 |       2.8 |   41.3 |   0 |

Guests (fewer than 3 games):
| Place | Player | Points | Games | Wins | Avg place | Last 5 | Out |
|-------|--------|--------|-------|------|-----------|--------|-----|
|     1 | Dee    |      0 |     1 |    0 |       4.0 |   66.0 |   0 |

Ratings (Weng-Lin; shown as mu - 3 sigma after 3 games)
| Player | Rating |   mu | sigma | Games |
|--------|--------|------|-------|-------|
| Bob    |   16.1 | 35.4 |   6.4 |     4 |
| Ann    |   10.7 | 29.9 |   6.4 |     4 |
| Cy     |   -2.7 | 16.8 |   6.5 |     4 |
| Dee    |      - | 16.9 |   7.5 |     1 |

Records
Best game: Ann, 0 in g1
Worst game: Dee, 66 in g2
Longest winning streak: Bob, 3 games won in a row (g2 to g4)
Best round: Bob, 4 points under the table's average in round 1 of g2
Most rounds gone out first: Ann, 22
Most improved: Ann, average total 11 lower in the second half of their games
  than the first

Evenings
| Evening    | Games | Most points     | Leader after |
|------------|-------|-----------------|--------------|
| 2026-02-06 |     2 | Bob 5           | Bob 5        |
| 2026-02-13 |     1 | Bob 3           | Bob 8        |
| 2026-02-20 |     1 | Ann and Bob 2.5 | Bob 10.5     |
"
    );
    for line in shown.lines() {
        assert!(crate::common::width(line) <= 80, "{line}");
    }
}

#[test]
fn the_points_table_is_the_clubs_own() {
    let env = season();
    let points = |table: &str| -> Vec<(String, f64)> {
        let j = json(&env, &["--points", table]);
        j["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["name"].as_str().unwrap().to_string(), s["points"].as_f64().unwrap()))
            .collect()
    };
    // 3, 2, 1: ties share the places they cover.
    assert_eq!(points("1=3,2=2,3=1"), [("Bob".into(), 10.5), ("Ann".into(), 9.0), ("Cy".into(), 4.5)]);
    // 5, 3, 1 and 1 a round gone out first (11 rounds a game here).
    assert_eq!(
        points("1st=5,2nd=3,3rd=1,out=1"),
        [("Bob".into(), 39.0), ("Ann".into(), 36.0), ("Cy".into(), 5.0)]
    );
    // 1 for a win and 1 a round with the fewest points (Ann and Bob share
    // g4's win and each of its rounds at 0).
    assert_eq!(points("1=1,low=1"), [("Bob".into(), 35.5), ("Ann".into(), 23.5), ("Cy".into(), 0.0)]);
    env.fails(
        &["league", "--points", "1st=5,2th=3"],
        2,
        "--points: \"2th\" is not a place (1, 1st, 2nd, …), out or low\n  \
         hint: a table is written like 1=5,2=3,3=1 or 1st=5,2nd=3,3rd=1,out=1,low=1",
    );
}

#[test]
fn ratings_are_the_crates_own_game_by_game_and_shown_after_the_minimum() {
    let env = season();
    let config = WengLinConfig::new();
    let new = WengLinRating::new();
    let one = |ratings: &[WengLinRating], places: &[usize]| -> Vec<WengLinRating> {
        let teams: Vec<[WengLinRating; 1]> = ratings.iter().map(|r| [*r]).collect();
        let input: Vec<(&[WengLinRating], MultiTeamOutcome)> =
            teams.iter().zip(places).map(|(t, &p)| (&t[..], MultiTeamOutcome::new(p))).collect();
        weng_lin_multi_team(&input, &config).into_iter().map(|t| t[0]).collect()
    };
    // g1: Ann, Bob, Cy 1, 2, 3.
    let g1 = one(&[new, new, new], &[1, 2, 3]);
    let (ann, bob, cy) = (g1[0], g1[1], g1[2]);
    // g2: Ann 2, Bob 1, Cy 2, Dee 4.
    let g2 = one(&[ann, bob, cy, new], &[2, 1, 2, 4]);
    let (ann, bob, cy, dee) = (g2[0], g2[1], g2[2], g2[3]);
    // g3: Ann 2, Robert (Bob) 1, Cy 3.
    let g3 = one(&[ann, bob, cy], &[2, 1, 3]);
    let (ann, bob, cy) = (g3[0], g3[1], g3[2]);
    // g4: Ann and Bob share 1st, Cy 3.
    let g4 = one(&[ann, bob, cy], &[1, 1, 3]);
    let expected = [("Ann", g4[0]), ("Bob", g4[1]), ("Cy", g4[2]), ("Dee", dee)];
    let j = json(&env, &[]);
    for (name, r) in expected {
        let got = j["ratings"].as_array().unwrap().iter().find(|x| x["name"] == name).unwrap();
        let round2 = |x: f64| (x * 100.0).round() / 100.0;
        assert_eq!(got["mu"].as_f64().unwrap(), round2(r.rating), "{name}");
        assert_eq!(got["sigma"].as_f64().unwrap(), round2(r.uncertainty), "{name}");
        let display = got["display"].as_f64();
        if name == "Dee" {
            assert_eq!(display, None);
        } else {
            assert_eq!(display, Some(round2(r.rating - 3.0 * r.uncertainty)), "{name}");
        }
    }
    // The history holds every game's ratings, in the order played.
    let steps: Vec<&str> =
        j["history"].as_array().unwrap().iter().map(|s| s["session"].as_str().unwrap()).collect();
    assert_eq!(steps, ["g1", "g2", "g3", "g4"]);
    // With a minimum of 5 games no rating is shown yet, and everyone is a guest.
    let j = json(&env, &["--min-games", "5"]);
    assert!(j["ratings"].as_array().unwrap().iter().all(|r| r["display"].is_null()));
    assert_eq!(j["standings"].as_array().unwrap().len(), 0);
    assert_eq!(j["guests"].as_array().unwrap().len(), 4);
    // The standings say so in a sentence, not as an empty table.
    let shown = league(&env, &["--min-games", "5"]);
    assert!(
        shown.contains("\nStandings\nNo player has 5 finished games in this season yet.\n\nGuests (fewer than 5 games):\n"),
        "{shown}"
    );
}

#[test]
fn an_edited_old_game_changes_the_season_on_the_next_run() {
    let env = season();
    let before = json(&env, &[]);
    // Ann's first game was really lost to Cy.
    env.ok(&["edit", "--session", "g1", "1", "Ann=30", "Cy=0", "--out", "Cy"]);
    let after = json(&env, &[]);
    assert_ne!(before["ratings"], after["ratings"]);
    let points = |j: &Value, name: &str| {
        j["standings"].as_array().unwrap().iter().find(|s| s["name"] == name).unwrap()["points"].clone()
    };
    // g1 ends Bob 22, Ann 30, Cy 50: Ann's 3 points become 2, Bob's 2 become 3.
    assert_eq!((points(&before, "Ann"), points(&after, "Ann")), (Value::from(9.0), Value::from(8.0)));
    assert_eq!((points(&before, "Bob"), points(&after, "Bob")), (Value::from(10.5), Value::from(11.5)));
    // The game stays on the evening it was played.
    let evenings: Vec<&str> =
        after["evenings"].as_array().unwrap().iter().map(|e| e["date"].as_str().unwrap()).collect();
    assert_eq!(evenings, ["2026-02-06", "2026-02-13", "2026-02-20"]);
}

#[test]
fn a_named_season_keeps_its_settings_in_the_data_folder() {
    let env = season();
    env.fails(
        &["league", "--season", "spring"],
        1,
        "there is no season spring\n  \
         hint: keep one with `three13 league --season spring --since DATE --until DATE --save`",
    );
    let r = env.ok(&[
        "league",
        "--season",
        "spring",
        "--since",
        "2026-02-01",
        "--until",
        "2026-02-15",
        "--member",
        "Ann",
        "--member",
        "Bob",
        "--points",
        "1st=5,2nd=3",
        "--save",
        "--json",
    ]);
    assert_eq!(
        r.stderr,
        format!("note: season spring kept in {}\n", env.data_dir().join("seasons.toml").display())
    );
    let kept = std::fs::read_to_string(env.data_dir().join("seasons.toml")).unwrap();
    assert_eq!(
        kept,
        "format_version = 3\n\n[seasons.spring]\nsince = \"2026-02-01\"\nuntil = \"2026-02-15\"\npoints = \
         \"1st=5,2nd=3\"\nmembers = [\"Ann\", \"Bob\"]\n"
    );
    // A comment of the club's own stays when the season is kept again.
    std::fs::write(env.data_dir().join("seasons.toml"), format!("# our club\n{kept}")).unwrap();
    let j: Value = serde_json::from_str(&env.ok(&["league", "--season", "spring", "--json"]).stdout).unwrap();
    assert_eq!(j["season"]["name"], "spring");
    assert_eq!(j["games"], 3);
    let names = |key: &str| -> Vec<String> {
        j[key].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect()
    };
    // Members only in the standings, whatever their games; Cy and Dee are guests.
    // Bob goes by the name of his latest game of the season, Robert.
    assert_eq!(names("standings"), ["Robert", "Ann"]);
    assert_eq!(names("guests"), ["Cy", "Dee"]);
    env.ok(&["league", "--season", "spring", "--min-games", "2", "--save"]);
    let kept = std::fs::read_to_string(env.data_dir().join("seasons.toml")).unwrap();
    assert!(kept.starts_with("# our club\n"), "{kept}");
    assert!(kept.contains("min_games = 2\n"), "{kept}");
}

#[test]
fn the_season_as_csv_for_a_spreadsheet() {
    let env = season();
    let csv = league(&env, &["--csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "place,name,guest,points,games,wins,average_place,average_total,rolling,rounds_out,mu,sigma,rating"
    );
    assert!(lines[1].starts_with("1,Bob,false,10.5,4,3,1.3,5.5,5.5,22,"), "{csv}");
    assert!(lines[4].starts_with("1,Dee,true,0,1,0,4.0,66.0,66.0,0,"), "{csv}");
    assert!(lines[4].ends_with(','), "no rating shown for a guest: {csv}");
    let svg = env.path().join("ratings.svg");
    league(&env, &["--svg", svg.to_str().unwrap()]);
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    // One line a person: Bob, who was Robert in one game, has one.
    assert_eq!(svg.matches(">\nBob\n<").count(), 1, "{svg}");
    assert!(!svg.contains("Robert"), "{svg}");
    for text in
        ["Ratings of season 2026-01-01 to 2026-12-31 (Three Thirteen)", ">\nDee\n<", "game of the season"]
    {
        assert!(svg.contains(text), "{text}");
    }
}

#[test]
fn the_season_page_says_what_the_terminal_says() {
    let env = season();
    let mut save = vec!["league", "--season", "club", "--save"];
    save.extend_from_slice(&YEAR);
    env.ok(&save);
    let terminal = league(&env, &[]);
    let server = crate::serve::Server::start(&env, &["--session", "g4", "--season", "club"]);
    let page = server.get("season");
    assert_eq!(page.status, 200);
    let text = page.text();
    assert!(
        text.contains(
            "Season club Three Thirteen · 4 finished games · 2026-01-01 to 2026-12-31 Points: 1st 3, 2nd 2, 3rd 1"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Standings Place Player Points Games Wins 1 Bob 10.5 4 3 2 Ann 9 4 2 3 Cy 4.5 4 0 \
             Guests Place Player Points Games Wins 1 Dee 0 1 0"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Player Rating mu sigma Games Bob 16.1 35.4 6.4 4 Ann 10.7 29.9 6.4 4 Cy -2.7 16.8 6.5 4 Dee - 16.9 7.5 1"
        ),
        "{text}"
    );
    // Every record, in the terminal's words.
    let records = terminal.split("Records\n").nth(1).unwrap().split("\n\nEvenings").next().unwrap();
    for record in records.replace("\n  ", " ").lines() {
        assert!(text.contains(record), "{record} in {text}");
    }
    // The game page links to it.
    assert!(server.get("").body.contains("/season\">Season</a>"));
}

#[test]
fn a_season_of_guests_says_so_on_the_terminal_and_the_page() {
    let env = season();
    let mut save = vec!["league", "--season", "few", "--min-games", "5", "--save"];
    save.extend_from_slice(&YEAR);
    env.ok(&save);
    let terminal = env.ok(&["league", "--season", "few"]).stdout;
    let said = "No player has 5 finished games in this season yet.";
    assert!(
        terminal.contains(&format!("\nStandings\n{said}\n\nGuests (fewer than 5 games):\n")),
        "{terminal}"
    );
    let server = crate::serve::Server::start(&env, &["--session", "g4", "--season", "few"]);
    let text = server.get("season").text();
    assert!(
        text.contains(&format!("Standings {said} Guests Place Player Points Games Wins 1 Bob 10.5 4 3")),
        "{text}"
    );
}
