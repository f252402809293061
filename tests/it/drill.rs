//! `three13 drill`: the JSON lines protocol of docs/drill.md for a seeded
//! run, exactly; refused answers; usage errors.

use crate::common::Env;

/// The run of the docs' example: seed 3, two positions of round 2, the
/// coach on 32 deals an option.
const ARGS: &[&str] = &[
    "drill", "--json", "--seed", "3", "--count", "2", "--round", "2", "--budget", "32", "--rules", "standard",
];

#[test]
fn drill_json_asks_grades_and_sums_up() {
    let env = Env::new();
    let answers = "{\"answer\": \"take\"}\n{\"answer\": \"Qs\"}\n{\"answer\": \"draw\"}\n{\"answer\": \"6h\"}\n{\"answer\": \"5d\"}\n";
    let r = env.run_stdin(ARGS, answers);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let expected = "\
{\"position\":\"fa2bacd027fa\",\"number\":1,\"game\":\"three-thirteen\",\"round\":2,\"wild\":\"4\",\"hand\":[\"4s\",\"Ac\",\"Qs\",\"Qh\"],\"face_up\":\"9h\",\"seen\":[\"Jh\",\"Kh\",\"3d\",\"9c\",\"Jc\"],\"players\":3,\"turn\":7,\"last_turn\":false,\"themes\":[\"take_or_draw\"],\"ask\":\"take_or_draw\"}
{\"grade\":{\"position\":\"fa2bacd027fa\",\"ask\":\"take_or_draw\",\"answer\":\"take\",\"points_lost\":1.25,\"best\":\"draw\",\"options\":[{\"option\":\"draw\",\"mean\":0.22,\"low\":0.07,\"high\":0.36},{\"option\":\"take\",\"mean\":1.47,\"low\":0.76,\"high\":2.17}]}}
{\"position\":\"fa2bacd027fa\",\"number\":1,\"game\":\"three-thirteen\",\"round\":2,\"wild\":\"4\",\"hand\":[\"4s\",\"Ac\",\"Qs\",\"Qh\",\"9h\"],\"face_up\":\"Kh\",\"seen\":[\"Jh\",\"3d\",\"9c\",\"Jc\"],\"players\":3,\"turn\":7,\"last_turn\":false,\"themes\":[\"take_or_draw\"],\"ask\":\"discard\",\"drawn\":\"9h\",\"from\":\"face_up\"}
{\"grade\":{\"position\":\"fa2bacd027fa\",\"ask\":\"discard\",\"answer\":\"Qs\",\"points_lost\":0.0,\"best\":\"Ac\",\"options\":[{\"option\":\"Ac\",\"mean\":1.19,\"low\":0.41,\"high\":1.97},{\"option\":\"Qh\",\"mean\":3.03,\"low\":0.57,\"high\":5.5},{\"option\":\"Qs\",\"mean\":3.78,\"low\":0.94,\"high\":6.62},{\"option\":\"4s\",\"mean\":15.78,\"low\":11.75,\"high\":19.82}],\"keeps\":[[\"Qh\",\"Qs\",\"4s\"]]}}
{\"position\":\"4dbf707f315d\",\"number\":2,\"game\":\"three-thirteen\",\"round\":2,\"wild\":\"4\",\"hand\":[\"4d\",\"2h\",\"5d\",\"5h\"],\"face_up\":\"Ah\",\"seen\":[\"Kc\",\"Jh\",\"9c\",\"9s\",\"2d\"],\"players\":3,\"turn\":9,\"last_turn\":true,\"laid_down\":[[\"10c\",\"10h\",\"10s\",\"4c\"]],\"lay_off\":false,\"themes\":[\"keep_pair_or_run\",\"wild_place\",\"last_turn\"],\"ask\":\"take_or_draw\"}
{\"grade\":{\"position\":\"4dbf707f315d\",\"ask\":\"take_or_draw\",\"answer\":\"draw\",\"points_lost\":0.61,\"best\":\"take\",\"options\":[{\"option\":\"take\",\"mean\":1.0,\"low\":1.0,\"high\":1.0},{\"option\":\"draw\",\"mean\":1.61,\"low\":1.61,\"high\":1.61}],\"exact\":true}}
{\"position\":\"4dbf707f315d\",\"number\":2,\"game\":\"three-thirteen\",\"round\":2,\"wild\":\"4\",\"hand\":[\"4d\",\"2h\",\"5d\",\"5h\",\"3c\"],\"face_up\":\"Ah\",\"seen\":[\"Kc\",\"Jh\",\"9c\",\"9s\",\"2d\"],\"players\":3,\"turn\":9,\"last_turn\":true,\"laid_down\":[[\"10c\",\"10h\",\"10s\",\"4c\"]],\"lay_off\":false,\"themes\":[\"keep_pair_or_run\",\"wild_place\",\"last_turn\"],\"ask\":\"discard\",\"drawn\":\"3c\",\"from\":\"stock\"}
{\"error\":\"6h cannot be discarded here\",\"hint\":\"discard one of 4d 2h 5d 5h 3c\"}
{\"grade\":{\"position\":\"4dbf707f315d\",\"ask\":\"discard\",\"answer\":\"5d\",\"points_lost\":12.0,\"best\":\"3c\",\"options\":[{\"option\":\"3c\",\"mean\":2.0,\"low\":2.0,\"high\":2.0},{\"option\":\"2h\",\"mean\":3.0,\"low\":3.0,\"high\":3.0},{\"option\":\"5d\",\"mean\":14.0,\"low\":14.0,\"high\":14.0},{\"option\":\"5h\",\"mean\":14.0,\"low\":14.0,\"high\":14.0},{\"option\":\"4d\",\"mean\":15.0,\"low\":15.0,\"high\":15.0}],\"keeps\":[[\"5d\",\"5h\",\"4d\"]],\"exact\":true}}
{\"summary\":{\"positions\":2,\"decisions\":4,\"points_lost\":13.86,\"per_decision\":3.47,\"worst\":{\"position\":\"4dbf707f315d\",\"number\":2,\"ask\":\"discard\",\"answer\":\"5d\",\"points_lost\":12.0,\"best\":\"3c\"},\"missed\":[\"fa2bacd027fa\",\"4dbf707f315d\"],\"tried\":4,\"kept\":2}}
";
    for (got, want) in r.stdout.lines().zip(expected.lines()) {
        assert_eq!(got, want);
    }
    assert_eq!(r.stdout, expected);
}

#[test]
fn drill_json_refuses_a_card_not_in_the_hand_and_ends_with_the_input() {
    let env = Env::new();
    let r = env.run_stdin(ARGS, "{\"answer\": \"Kd\"}\nnot json\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", r.stdout);
    assert_eq!(
        lines[1],
        r#"{"error":"Kd is a card; the question is take or draw","hint":"answer take (the face-up card) or draw (from the stock)"}"#
    );
    assert_eq!(
        lines[2],
        r#"{"error":"an answer is a JSON line like {\"answer\": \"take\"}","hint":"answer \"take\", \"draw\" or a card of the hand like \"Kd\""}"#
    );
    assert_eq!(
        lines[3],
        r#"{"summary":{"positions":0,"decisions":0,"points_lost":0.0,"per_decision":0.0,"worst":null,"missed":[],"tried":1,"kept":1}}"#
    );
}

#[test]
fn drill_refuses_an_unknown_theme_and_a_round_the_rules_lack() {
    let env = Env::new();
    let r = env.run(&["drill", "--json", "--theme", "bluff"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: --theme: \"bluff\" is not a theme\n  hint: the themes are take_or_draw, keep_pair_or_run, \
         wild_place, discard_wild, last_turn and lay_off\n"
    );
    let r = env.run(&["drill", "--json", "--round", "12", "--game", "five-crowns"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with("error: no round 12 in these rules: they have rounds 1 to 11\n"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout, "");
}

/// The ids of the positions asked (take or draw) in JSON lines.
fn asked_ids(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["ask"] == "take_or_draw")
        .map(|v| v["position"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn drill_again_replays_exactly_the_positions_missed_until_each_is_right() {
    let env = Env::new();
    let mut args = ARGS.to_vec();
    args.extend(["--name", "Ann"]);
    // Position 1 missed (take loses 1.25), position 2 right.
    let r = env.run_stdin(
        &args,
        "{\"answer\":\"take\"}\n{\"answer\":\"Qs\"}\n{\"answer\":\"take\"}\n{\"answer\":\"2h\"}\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(asked_ids(&r.stdout), ["fa2bacd027fa", "4dbf707f315d"]);
    assert!(r.stdout.ends_with("\"missed\":[\"fa2bacd027fa\"],\"tried\":4,\"kept\":2}}\n"), "{}", r.stdout);
    // Replayed: missed again (Ac loses 1.06), so it comes back; then right.
    let again = ["drill", "--json", "--again", "--name", "Ann", "--budget", "32"];
    let r = env.run_stdin(
        &again,
        "{\"answer\":\"draw\"}\n{\"answer\":\"Ac\"}\n{\"answer\":\"draw\"}\n{\"answer\":\"8h\"}\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(asked_ids(&r.stdout), ["fa2bacd027fa", "fa2bacd027fa"]);
    assert!(r.stdout.ends_with(
        "{\"summary\":{\"positions\":2,\"decisions\":4,\"points_lost\":1.06,\"per_decision\":0.27,\"worst\":\
         {\"position\":\"fa2bacd027fa\",\"number\":1,\"ask\":\"discard\",\"answer\":\"Ac\",\"points_lost\":1.06,\
         \"best\":\"8h\"},\"missed\":[\"fa2bacd027fa\"],\"tried\":0,\"kept\":0}}\n"
    ), "{}", r.stdout);
    // Nothing is left to replay; another player has nothing either.
    let r = env.run_stdin(&again, "");
    assert_eq!(r.code, 0);
    assert_eq!(asked_ids(&r.stdout), Vec::<String>::new());
    assert_eq!(r.stderr, "note: Ann has no position to replay: every position drilled was answered right\n");
    let r = env.run_stdin(&["drill", "--again", "--name", "Bob"], "");
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "note: Bob has no position to replay: no position drilled yet (`three13 drill` starts one)\n"
    );
    // The ratings and the attempts are in the data folder, readable.
    let text = std::fs::read_to_string(env.data_dir().join("drill.toml")).unwrap();
    assert!(text.starts_with("format_version = 1\n\n[players.Ann]\nrating = "), "{text}");
    assert_eq!(text.matches("[[attempts]]").count(), 4);
    let r = env.ok(&["stats", "--drill", "--name", "Ann", "--json"]);
    let h: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(h["attempts"].as_array().unwrap().len(), 4);
    assert_eq!(h["missed"], 0);
    assert_eq!(h["themes"][0]["decisions"], 8);
}

#[test]
fn drill_on_the_terminal_asks_grades_and_sums_up() {
    let env = Env::new();
    let r = env.run_stdin(
        &["drill", "--seed", "3", "--count", "2", "--round", "2", "--budget", "32", "--rules", "standard"],
        "take\nQs\ndraw\nbogus\n3c\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: \"bogus\" is not an answer\n  hint: answer take or draw before the draw, then a card of the hand like Kd\n"
    );
    let expected = "\
Position 1 of 2 (fa2bacd027fa)
  Three Thirteen round 2, fours wild, 3 players, turn 8
  themes   take_or_draw
  hand     4s Ac Qs Qh
  face up  9h
  seen     Jh Kh 3d 9c Jc
Take the face-up card or draw from the stock (take/draw): take
  take: 1.25 points lost; the best is draw
  expected points at the end of the round (95% interval):
    draw     0.22  (0.07 to 0.36)  best
    take     1.47  (0.76 to 2.17)  your answer
  You took the face-up card: 9h
  hand     4s Ac Qs Qh 9h
Your discard: Qs
  Qs: as good as the best within the noise, nothing lost
  expected points at the end of the round (95% interval):
    Ac       1.19  (0.41 to 1.97)  best
    Qh       3.03  (0.57 to 5.50)  equal
    Qs       3.78  (0.94 to 6.62)  equal, your answer
    4s      15.78  (11.75 to 19.82)
  the best keeps: Qh Qs 4s

Position 2 of 2 (4dbf707f315d)
  Three Thirteen round 2, fours wild, 3 players, turn 10
  themes   keep_pair_or_run, wild_place, last_turn
  someone went out: this is the last turn
  table    10c 10h 10s 4c (laid down)
  hand     4d 2h 5d 5h
  face up  Ah
  seen     Kc Jh 9c 9s 2d
Take the face-up card or draw from the stock (take/draw): draw
  draw: 0.61 points lost; the best is take
  points at the end of the round, exact (the last turn):
    take     1.00  best
    draw     1.61  your answer
  You drew from the stock: 3c
  hand     4d 2h 5d 5h 3c
Your discard: bogus
  You drew from the stock: 3c
  hand     4d 2h 5d 5h 3c
Your discard: 3c
  3c: the best answer, nothing lost
  points at the end of the round, exact (the last turn):
    3c       2.00  best, your answer
    2h       3.00
    5d      14.00
    5h      14.00
    4d      15.00
  the best keeps: 5d 5h 4d

Summary: 4 decisions over 2 positions, 1.86 points lost, 0.47 per decision
The worst: position 1 (fa2bacd027fa), take or draw:
  take lost 1.25 points; the best was draw
";
    for (got, want) in r.stdout.lines().zip(expected.lines()) {
        assert_eq!(got, want);
    }
    assert_eq!(r.stdout, expected);
    assert!(r.stdout.lines().all(|l| crate::common::width(l) <= 80));
    // Kept under the system's user, here none: "player".
    let r = env.ok(&["stats", "--drill"]);
    assert!(r.stdout.starts_with("player: drill rating "), "{}", r.stdout);
    assert!(
        r.stdout.contains("\n  all                        4         1.86          0.47\n"),
        "{}",
        r.stdout
    );
}

#[cfg(unix)]
#[test]
fn drill_in_a_terminal_asks_at_prompts() {
    use rexpect::session::spawn_command;
    let env = Env::new();
    let mut cmd = env.command(&[
        "drill", "--ascii", "--name", "Ann", "--seed", "3", "--count", "2", "--round", "2", "--budget", "32",
        "--rules", "standard",
    ]);
    cmd.env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(20_000)).unwrap();
    p.exp_string(
        "Position 1 of 2 (fa2bacd027fa)\r\n  Three Thirteen round 2, fours wild, 3 players, turn 8\r\n  \
         themes   take_or_draw\r\n  hand     4s Ac Qs Qh\r\n  face up  9h\r\n  seen     Jh Kh 3d 9c Jc\r\n",
    )
    .unwrap();
    p.exp_string("Take the face-up card or draw from the stock (take/draw):").unwrap();
    crate::prompts::key(&mut p, "take\r");
    p.exp_string(
        "  take: 1.25 points lost; the best is draw\r\n  expected points at the end of the round (95% \
         interval):\r\n    draw     0.22  (0.07 to 0.36)  best\r\n    take     1.47  (0.76 to 2.17)  your \
         answer\r\n  You took the face-up card: 9h\r\n  hand     4s Ac Qs Qh 9h\r\n",
    )
    .unwrap();
    p.exp_string("Your discard:").unwrap();
    crate::prompts::key(&mut p, "Qs\r");
    p.exp_string("  Qs: as good as the best within the noise, nothing lost\r\n").unwrap();
    p.exp_string(
        "Position 2 of 2 (4dbf707f315d)\r\n  Three Thirteen round 2, fours wild, 3 players, turn 10\r\n  \
         themes   keep_pair_or_run, wild_place, last_turn\r\n",
    )
    .unwrap();
    p.exp_string("(take/draw):").unwrap();
    crate::prompts::key(&mut p, "draw\r");
    p.exp_string("  draw: 0.61 points lost; the best is take\r\n").unwrap();
    p.exp_string("  You drew from the stock: 3c\r\n").unwrap();
    p.exp_string("Your discard:").unwrap();
    crate::prompts::key(&mut p, "3c\r");
    p.exp_string(
        "Summary: 4 decisions over 2 positions, 1.86 points lost, 0.47 per decision\r\nThe worst: position 1 \
         (fa2bacd027fa), take or draw:\r\n  take lost 1.25 points; the best was draw\r\n",
    )
    .unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn drill_timed_runs_the_clock_down_adds_for_a_combo_takes_for_a_miss_and_ends_on_time() {
    use std::io::Write;
    use std::process::Stdio;
    let env = Env::new();
    let mut cmd = env.command(&[
        "drill",
        "--name",
        "Ann",
        "--seed",
        "3",
        "--round",
        "2",
        "--budget",
        "32",
        "--rules",
        "standard",
        "--minutes",
        "1",
    ]);
    // Each answer takes 15 seconds: a minute, less 15 and plus 2 for a
    // first right answer, less 15 plus 4 for a second, less 15 and 10 for
    // a wrong one; the fourth takes the 11 seconds left. The answer after
    // it is never asked.
    cmd.env("THREE13_ANSWER_SECONDS", "15");
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    child.stdin.take().unwrap().write_all(b"draw\n8h\ndraw\n3c\ntake\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let expected = "\
Position 1 (fa2bacd027fa)
  Three Thirteen round 2, fours wild, 3 players, turn 8
  themes   take_or_draw
  hand     4s Ac Qs Qh
  face up  9h
  seen     Jh Kh 3d 9c Jc
Take the face-up card or draw from the stock (take/draw): draw
  draw: the best answer, nothing lost
  expected points at the end of the round (95% interval):
    draw     0.22  (0.07 to 0.36)  best, your answer
    take     1.47  (0.76 to 2.17)
  0:47 left, 1 right in a row
  You drew from the stock: 8h
  hand     4s Ac Qs Qh 8h
Your discard: 8h
  8h: the best answer, nothing lost
  expected points at the end of the round (95% interval):
    8h       0.41  (0.23 to 0.58)  best, your answer
    Ac       1.47  (0.66 to 2.28)
    Qh       2.19  (0.20 to 4.18)  equal
    Qs       2.91  (0.55 to 5.26)
    4s      18.78  (14.81 to 22.75)
  the best keeps: Qh Qs 4s
  0:36 left, 2 right in a row

Position 2 (4dbf707f315d)
  Three Thirteen round 2, fours wild, 3 players, turn 10
  themes   keep_pair_or_run, wild_place, last_turn
  someone went out: this is the last turn
  table    10c 10h 10s 4c (laid down)
  hand     4d 2h 5d 5h
  face up  Ah
  seen     Kc Jh 9c 9s 2d
Take the face-up card or draw from the stock (take/draw): draw
  draw: 0.61 points lost; the best is take
  points at the end of the round, exact (the last turn):
    take     1.00  best
    draw     1.61  your answer
  0:11 left, 0 right in a row
  You drew from the stock: 3c
  hand     4d 2h 5d 5h 3c
Your discard: 3c
  3c: the best answer, nothing lost
  points at the end of the round, exact (the last turn):
    3c       2.00  best, your answer
    2h       3.00
    5d      14.00
    5h      14.00
    4d      15.00
  the best keeps: 5d 5h 4d
  0:00 left, 1 right in a row

Time is up.
Summary: 4 decisions over 2 positions, 0.61 points lost, 0.15 per decision
The worst: position 2 (4dbf707f315d), take or draw:
  draw lost 0.61 points; the best was take
";
    for (got, want) in stdout.lines().zip(expected.lines()) {
        assert_eq!(got, want);
    }
    assert_eq!(stdout, expected);
    // Each attempt kept with its two answers' 30 seconds.
    let kept = std::fs::read_to_string(env.data_dir().join("drill.toml")).unwrap();
    assert_eq!(kept.matches("[[attempts]]").count(), 2);
    assert_eq!(kept.matches("\nseconds = 30.0\n").count(), 2, "{kept}");
}

/// A last turn with laying off: the melds the player out laid down are
/// shown (the cards it took from the pile among them, not again under
/// seen), and the figures are exact: no interval, drawing the mean over
/// every unseen card. Each discard's points are the hand kept's
/// deadwood: 2h leaves 10d Jd 5d (fives wild) and Ah As, 2 points.
#[test]
fn drill_on_a_last_turn_shows_the_melds_laid_down_and_exact_points() {
    let env = Env::new();
    let args = [
        "drill",
        "--ascii",
        "--seed",
        "1",
        "--count",
        "1",
        "--theme",
        "lay_off",
        "--set",
        "lay_off=true",
        "--budget",
        "32",
        "--round",
        "3",
        "--name",
        "Ann",
    ];
    let r = env.run_stdin(&args, "take\n10d\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let expected = "\
Position 1 of 1 (ffbfbf72f9c0)
  Three Thirteen round 3, fives wild, 4 players, turn 15
  themes   last_turn, lay_off
  someone went out: this is the last turn
  table    9c 9d 9d 9h 5s (laid down; lay off onto them)
  hand     10d Ah 5d Jd 2h
  face up  As
  seen     Kh Kd Kh Kc Qs 10c 8s 6h Ah 8d
Take the face-up card or draw from the stock (take/draw): take
  take: the best answer, nothing lost
  points at the end of the round, exact (the last turn):
    take     2.00  best, your answer
    draw     2.60
  You took the face-up card: As
  hand     10d Ah 5d Jd 2h As
Your discard: 10d
  10d: 10.00 points lost; the best is 2h
  points at the end of the round, exact (the last turn):
    2h       2.00  best
    Ah       3.00
    Jd      11.00
    10d     12.00  your answer
    5d      25.00
  the best keeps: 10d Jd 5d

Summary: 2 decisions over 1 position, 10.00 points lost, 5.00 per decision
The worst: position 1 (ffbfbf72f9c0), the discard:
  10d lost 10.00 points; the best was 2h
";
    for (got, want) in r.stdout.lines().zip(expected.lines()) {
        assert_eq!(got, want);
    }
    assert_eq!(r.stdout, expected);
    let mut json_args: Vec<&str> = args.iter().copied().filter(|&a| a != "--ascii").collect();
    json_args.push("--json");
    let json = env.run_stdin(&json_args, "{\"answer\": \"draw\"}\n");
    assert_eq!(json.code, 0, "{}", json.stderr);
    let first = json.stdout.lines().next().unwrap();
    assert!(
        first.contains(r#""last_turn":true,"laid_down":[["9c","9d","9d","9h","5s"]],"lay_off":true,"#),
        "{first}"
    );
    let grade = json.stdout.lines().nth(1).unwrap();
    assert!(grade.ends_with(r#""exact":true}}"#), "{grade}");
}
