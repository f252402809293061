//! Prompts, answered in a pseudo-terminal as a person would.

use rexpect::process::WaitStatus;
use rexpect::session::{PtySession, spawn_command};
use serde_json::json;

use crate::common::Env;

const DOWN: &str = "\x1b[B";

/// `three13 ARGS` on a pseudo-terminal.
fn spawn(env: &Env, args: &[&str]) -> PtySession {
    let mut cmd = env.command(args);
    cmd.env("TERM", "xterm");
    spawn_command(cmd, Some(10_000)).expect("three13 starts on a pseudo-terminal")
}

/// Presses keys (sent at once: `send` alone leaves them in a buffer), once
/// the question is reading keys. A question draws itself and then puts the
/// terminal in raw mode to read; a Ctrl-D that came in between would be
/// taken by the terminal as the end of a line rather than given as a key.
pub(crate) fn key(p: &mut PtySession, keys: &str) {
    use nix::sys::termios::{LocalFlags, tcgetattr};
    let pty = p.process().get_file_handle().expect("the terminal");
    let waited = std::time::Instant::now();
    while tcgetattr(&pty).is_ok_and(|mode| mode.local_flags.contains(LocalFlags::ICANON)) {
        assert!(waited.elapsed() < std::time::Duration::from_secs(10), "no question read {keys:?}");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    p.send(keys).unwrap();
    p.flush().unwrap();
}

/// Waits for the end and gives the exit code.
fn finish(mut p: PtySession) -> i32 {
    p.exp_eof().expect("three13 ends");
    match p.process().wait().expect("an exit status") {
        WaitStatus::Exited(_, code) => code,
        other => panic!("three13 did not exit: {other:?}"),
    }
}

#[test]
fn new_asks_for_players_rules_and_dealer() {
    let env = Env::new();
    let mut p = spawn(&env, &["new", "asked"]);
    p.exp_string("Player 1").unwrap();
    p.send_line("Ann").unwrap();
    p.exp_string("Player 2").unwrap();
    p.send_line("ann").unwrap();
    p.exp_string("\"Ann\" and \"ann\" are the same name").unwrap();
    p.exp_string("Player 2").unwrap();
    p.send_line("Bob").unwrap();
    p.exp_string("Player 3").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Rules").unwrap();
    key(&mut p, DOWN);
    p.send_line("").unwrap();
    p.exp_string("Change a setting?").unwrap();
    key(&mut p, DOWN);
    p.send_line("").unwrap();
    p.exp_string("decks (1-20)").unwrap();
    p.send_line("\x08\x083").unwrap();
    p.exp_string("Change a setting? (rules: tens, decks=3)").unwrap();
    p.send_line("").unwrap();
    // A question is punctuated once.
    p.exp_string("Who deals round 1?").unwrap();
    let after = p.exp_regex(r"[^\s]").unwrap().1;
    assert_ne!(after, ":", "the prompt ends in ?:");
    key(&mut p, DOWN);
    p.send_line("").unwrap();
    p.exp_string("Started session asked with Ann and Bob (rules: tens, decks=3)").unwrap();
    assert_eq!(finish(p), 0);
    let t = env.table_json(&[]);
    assert_eq!(t["players"], json!(["Ann", "Bob"]));
    assert_eq!(t["next"]["dealer"], json!("Bob"));
    assert_eq!(t["rules_summary"], json!("tens, decks=3"));
}

#[test]
fn round_asks_each_score_then_who_went_out() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let mut p = spawn(&env, &["round"]);
    p.exp_string("Round 1: 3 cards dealt, threes wild, Ann deals.").unwrap();
    p.exp_string("Ann").unwrap();
    p.send_line("9h 4d Kx").unwrap();
    p.exp_string("Ann's hand: \"Kx\" has no suit \"x\"").unwrap();
    p.send_line("9h 4d Kh").unwrap();
    p.exp_string("deadwood 26").unwrap();
    p.exp_string("Bob").unwrap();
    p.send_line("0").unwrap();
    p.exp_string("Who went out first?").unwrap();
    key(&mut p, DOWN);
    p.send_line("").unwrap();
    p.exp_string("Round 1: Ann 26, Bob 0 (out)").unwrap();
    p.exp_string("Save this round?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Next: round 2, 4 cards, fours wild, Bob deals, Ann plays first").unwrap();
    assert_eq!(finish(p), 0);
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][0]["deadwood"], json!({"Ann": 26, "Bob": 0}));
    assert_eq!(t["rounds"][0]["hands"], json!({"Ann": "9h 4d Kh"}));
    assert_eq!(t["rounds"][0]["out"], json!("Bob"));
}

/// After the round that leaves a tie the rules break by a draw, each tied
/// player is asked for the card drawn, again on a new tie.
#[test]
fn the_round_that_leaves_a_tie_asks_the_cards_drawn() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--set", "tiebreak=draw"]);
    for _ in 0..10 {
        env.ok(&["round", "3", "3", "5"]);
    }
    let mut p = spawn(&env, &["round", "3", "3", "5"]);
    p.exp_string("Ann and Bob are tied for the win and each draws a card: type the card each drew").unwrap();
    p.exp_string("Ann drew").unwrap();
    p.send_line("3x").unwrap();
    p.exp_string("\"3x\" has no suit \"x\"").unwrap();
    p.exp_string("Ann drew").unwrap();
    p.send_line("3c").unwrap();
    p.exp_string("Bob drew").unwrap();
    p.send_line("3d").unwrap();
    p.exp_string(": a tie on the lowest; Ann and Bob drew threes and draw again.").unwrap();
    p.exp_string("Ann drew").unwrap();
    p.send_line("Kh").unwrap();
    p.exp_string("Bob drew").unwrap();
    p.send_line("2c").unwrap();
    p.exp_string("Bob drew lowest and wins the tie.").unwrap();
    p.exp_string("Game over: Bob wins after a tie on 33").unwrap();
    assert_eq!(finish(p), 0);
    let t = env.table_json(&[]);
    assert_eq!(t["winners"], json!(["Bob"]));
    assert_eq!(t["tiebreak"]["draws"], json!([{"Ann": "3c", "Bob": "3d"}, {"Ann": "Kh", "Bob": "2c"}]));
    // `three13 draw` asks as well; Ctrl-C there draws nothing.
    env.ok(&["undo", "--yes"]);
    let mut p = spawn(&env, &["draw"]);
    p.exp_string("Ann and Bob drew threes and draw again").unwrap();
    p.exp_string("Ann drew").unwrap();
    key(&mut p, "\x03");
    assert_eq!(finish(p), 1);
    assert_eq!(env.table_json(&[])["tiebreak"]["drawing"], json!(["Ann", "Bob"]));
}

#[test]
fn undo_and_delete_ask_first() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    env.ok(&["round", "3", "4"]);

    let mut p = spawn(&env, &["undo"]);
    p.exp_string("Remove round 1 (Ann 3, Bob 4) of g?").unwrap();
    key(&mut p, "n\r");
    p.exp_string("nothing was removed").unwrap();
    assert_eq!(finish(p), 0);
    assert_eq!(env.table_json(&[])["rounds"].as_array().unwrap().len(), 1);

    let mut p = spawn(&env, &["undo"]);
    p.exp_string("Remove round 1").unwrap();
    key(&mut p, "y\r");
    p.exp_string("Removed round 1 (Ann 3, Bob 4).").unwrap();
    assert_eq!(finish(p), 0);
    assert_eq!(env.table_json(&[])["rounds"], json!([]));

    let mut p = spawn(&env, &["delete", "g"]);
    p.exp_string("Delete session g (Ann, Bob; 0 of 11 rounds played)? This cannot be undone").unwrap();
    key(&mut p, "y\r");
    p.exp_string("Deleted session g.").unwrap();
    assert_eq!(finish(p), 0);
    assert!(env.session_folder().is_empty());
}

/// Everything a terminal would show of one run, up to its end.
fn screen(env: &Env, args: &[&str], remove_no_color: bool) -> String {
    let mut cmd = env.command(args);
    cmd.env("TERM", "xterm");
    if remove_no_color {
        cmd.env_remove("NO_COLOR");
    }
    let mut p = spawn_command(cmd, Some(10_000)).expect("three13 starts on a pseudo-terminal");
    p.exp_eof().expect("three13 ends")
}

/// On a terminal, colour is on unless `--color never` or NO_COLOR says
/// otherwise: in reports, in errors, and in clap's own messages alike.
#[test]
fn color_never_is_honoured_on_a_terminal() {
    let env = Env::new();
    for args in [&["check", "Zz", "Ah", "2h"][..], &["check", "--bogus"], &["check", "7d", "8d", "9d"]] {
        let coloured = screen(&env, args, true);
        assert!(coloured.contains("\x1b["), "{args:?} is not coloured on a terminal: {coloured:?}");
        let mut never = vec!["--color", "never"];
        never.extend_from_slice(args);
        let plain = screen(&env, &never, true);
        assert!(!plain.contains("\x1b["), "{never:?}: {plain:?}");
        let plain = screen(&env, args, false);
        assert!(!plain.contains("\x1b["), "NO_COLOR {args:?}: {plain:?}");
    }
}

#[test]
fn round_goes_back_asks_penalties_and_confirms() {
    let env = Env::new();
    env.ok(&[
        "new",
        "g",
        "-p",
        "Ann",
        "-p",
        "Bob",
        "--set",
        "bad_go_out_penalty=20",
        "--set",
        "double_last_rounds=true",
    ]);
    for _ in 0..8 {
        env.ok(&["round", "1", "1"]);
    }
    let mut p = spawn(&env, &["round"]);
    p.exp_string("Round 9: 11 cards dealt, jacks wild, Ann deals. Scores double this round.").unwrap();
    p.exp_string("Ann").unwrap();
    p.send_line("13+9").unwrap();
    p.exp_string("Ann: 13 + 9 = 22").unwrap();
    p.exp_string("Bob").unwrap();
    p.send_line("-").unwrap();
    p.exp_string("Ann").unwrap();
    p.send_line("K 4").unwrap();
    p.exp_string("Ann: cards left over K 13, 4 4 = 17").unwrap();
    // The Up arrow, then Enter, goes back too.
    p.exp_string("Bob").unwrap();
    key(&mut p, "\x1b[A");
    p.send_line("").unwrap();
    p.exp_string("Ann").unwrap();
    p.send_line("K 4").unwrap();
    p.exp_string("Ann: cards left over K 13, 4 4 = 17").unwrap();
    p.send_line("out").unwrap();
    p.exp_string("Who declared out with a hand that does not meld").unwrap();
    key(&mut p, " ");
    p.send_line("").unwrap();
    p.exp_string("Round 9, doubled: Ann 54 (penalty), Bob 0 (out)").unwrap();
    p.exp_string("Save this round?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Next: round 10").unwrap();
    assert_eq!(finish(p), 0);
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][8]["scores"], json!({"Ann": 54, "Bob": 0}));
    assert_eq!(t["rounds"][8]["out"], json!("Bob"));
}

#[test]
fn escape_or_ctrl_c_at_a_menu_shows_the_cursor_and_writes_nothing() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let before = env.session_bytes("g");
    for (what, keys) in [("Escape", "\x1b"), ("Ctrl-C", "\x03")] {
        let mut p = spawn(&env, &["round"]);
        p.exp_string("Ann").unwrap();
        p.send_line("0").unwrap();
        p.exp_string("Bob").unwrap();
        p.send_line("5").unwrap();
        // Everything shown from the menu on, hiding of the cursor included.
        let shown = p.exp_string("Who went out first?").unwrap();
        let hid = shown.contains("\x1b[?25l");
        key(&mut p, keys);
        let rest = p.exp_eof().unwrap();
        assert!(rest.contains("cancelled; nothing was written"), "{what}: {rest:?}");
        // The menu hid the cursor; it is shown again after it.
        let hidden = rest.rfind("\x1b[?25l").map(|i| i + 1);
        assert!(hid || hidden.is_some(), "{what}: the menu hid no cursor");
        assert!(rest[hidden.unwrap_or(0)..].contains("\x1b[?25h"), "{what}: {rest:?}");
        assert_eq!(finish(p), 1, "{what}");
        assert_eq!(env.session_bytes("g"), before, "{what}");
    }
}

/// The interactive `new` offers the players of earlier games, asks for the
/// session's name (offering the file-safe form of one that cannot be a
/// file name), and starts the game with the players chosen.
#[test]
fn new_offers_earlier_players_and_a_file_safe_name() {
    let env = Env::new();
    env.ok(&["new", "last-week", "-p", "Ann", "-p", "Bob", "-p", "Cy"]);
    let mut p = spawn(&env, &["new"]);
    p.exp_string("Players from earlier games").unwrap();
    // Mark Ann and Cy, then go on.
    key(&mut p, " ");
    key(&mut p, DOWN);
    key(&mut p, DOWN);
    key(&mut p, " ");
    p.send_line("").unwrap();
    p.exp_string("So far: Ann, Cy").unwrap();
    p.exp_string("Player 3").unwrap();
    p.send_line("Dee").unwrap();
    p.exp_string("Player 4").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Session name").unwrap();
    // Clear the date offered, then type a name with a space and capitals.
    p.send_line(&format!("{}Friday Night", "\x08".repeat(12))).unwrap();
    p.exp_string("\"Friday Night\" cannot be a file name; call the session friday-night?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Rules").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Change a setting?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Who deals round 1?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Started session friday-night with Ann, Cy and Dee").unwrap();
    assert_eq!(finish(p), 0);
    let t = env.table_json(&[]);
    assert_eq!(
        (t["session"].as_str(), t["players"].clone()),
        (Some("friday-night"), json!(["Ann", "Cy", "Dee"]))
    );
}

/// The interactive round, at its last question, while another `three13`
/// changes the game: `change` runs in the other process.
fn round_meets_a_change(change: &[&[&str]]) -> (i32, String, Vec<u8>, Vec<u8>) {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy"]);
    let mut p = spawn(&env, &["round"]);
    for (player, score) in [("Ann", "Kh 9c 4d"), ("Bob", "5"), ("Cy", "7")] {
        p.exp_string(player).unwrap();
        p.send_line(score).unwrap();
    }
    p.exp_string("Save this round?").unwrap();
    let before = env.session_bytes("g");
    for args in change {
        env.ok(args);
    }
    let changed = env.session_bytes("g");
    p.send_line("y").unwrap();
    let said = p.exp_eof().unwrap();
    let code = match p.process().wait().expect("an exit status") {
        WaitStatus::Exited(_, code) => code,
        other => panic!("three13 did not exit: {other:?}"),
    };
    assert_ne!(before, changed, "the other process changed the file");
    // The message is wrapped to the terminal: read it as one line.
    let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
    (code, said, changed, env.session_bytes("g"))
}

#[test]
fn a_round_typed_while_the_rules_change_is_not_saved() {
    let (code, said, changed, after) =
        round_meets_a_change(&[&["rules", "--set", "face_cards=ten", "--save"]]);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains(
            "while the scores were typed, another three13 changed the rules of g; nothing was written"
        ),
        "{said}"
    );
    assert_eq!(changed, after, "nothing was written");
}

#[test]
fn a_round_typed_while_the_seats_change_is_not_saved() {
    let (code, said, changed, after) = round_meets_a_change(&[
        &["player", "remove", "Cy", "--yes"],
        &["player", "add", "Dee", "--seat", "1"],
    ]);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains("another three13 changed the players and the dealers of g; nothing was written"),
        "{said}"
    );
    assert_eq!(changed, after, "nothing was written");
}

#[test]
fn clap_errors_show_a_typed_escape_on_a_terminal() {
    let env = Env::new();
    let mut p = spawn(&env, &["\u{1b}[31mfoo"]);
    let said = p.exp_eof().unwrap();
    assert!(said.contains("'\\u{1b}[31mfoo'"), "{said:?}");
    assert!(!said.contains("\u{1b}[31mfoo"), "{said:?}");
}

/// Answered no, "Save this round?" asks what to fix: one score is typed
/// again (the one typed offered), and the round is asked about again.
#[test]
fn no_to_save_fixes_one_score_then_asks_again() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let mut p = spawn(&env, &["round"]);
    p.exp_string("Ann").unwrap();
    p.send_line("12").unwrap();
    p.exp_string("Bob").unwrap();
    p.send_line("0").unwrap();
    p.exp_string("Who went out first?").unwrap();
    key(&mut p, DOWN);
    p.send_line("").unwrap();
    p.exp_string("Round 1: Ann 12, Bob 0 (out)").unwrap();
    p.exp_string("Save this round?").unwrap();
    key(&mut p, "n\r");
    p.exp_string("What to fix? (nothing is saved yet)").unwrap();
    p.exp_string("> Ann's score (12)").unwrap();
    p.exp_string("  Bob's score (0)").unwrap();
    p.exp_string("  who went out first").unwrap();
    p.exp_string("  nothing: throw this round away").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Ann: [12]").unwrap();
    p.send_line("9h 4d Kh").unwrap();
    p.exp_string("Ann: 9h 4d Kh: no meld; left over Kh 9h 4d; deadwood 26").unwrap();
    // Bob still scores 0 and still went out: not asked again.
    p.exp_string("Round 1: Ann 26, Bob 0 (out)").unwrap();
    p.exp_string("Save this round?").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("Next: round 2").unwrap();
    assert_eq!(finish(p), 0);
    let t = env.table_json(&[]);
    assert_eq!(t["rounds"][0]["deadwood"], json!({"Ann": 26, "Bob": 0}));
    assert_eq!(t["rounds"][0]["hands"], json!({"Ann": "9h 4d Kh"}));
    assert_eq!(t["rounds"][0]["out"], json!("Bob"));

    // Bob's 0 fixed to 5: who went out is asked again, and the round can
    // be thrown away.
    let mut p = spawn(&env, &["round"]);
    for score in ["0", "0"] {
        p.exp_string(":").unwrap();
        p.send_line(score).unwrap();
    }
    p.exp_string("Who went out first?").unwrap();
    key(&mut p, &format!("{DOWN}{DOWN}"));
    p.send_line("").unwrap();
    p.exp_string("Round 2: Ann 0, Bob 0 (out)").unwrap();
    key(&mut p, "n\r");
    p.exp_string("What to fix?").unwrap();
    key(&mut p, DOWN);
    p.send_line("").unwrap();
    p.exp_string("Bob: [0]").unwrap();
    p.send_line("5").unwrap();
    p.exp_string("Who went out first?").unwrap();
    key(&mut p, DOWN);
    p.send_line("").unwrap();
    p.exp_string("Round 2: Ann 0 (out), Bob 5").unwrap();
    key(&mut p, "n\r");
    p.exp_string("What to fix?").unwrap();
    key(&mut p, "\x1b[F");
    p.send_line("").unwrap();
    p.exp_string("nothing was recorded").unwrap();
    assert_eq!(finish(p), 0);
    assert_eq!(env.table_json(&[])["rounds"].as_array().unwrap().len(), 1);
}

/// Escape at a text question, and Ctrl-D at every question, cancel as
/// Ctrl-C does: nothing is written.
#[test]
fn escape_and_ctrl_d_cancel_at_every_question() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "--set", "bad_go_out_penalty=20"]);
    let before = env.session_bytes("g");
    // The keys that lead to each question, then the key that cancels it.
    let to_menu: &[&str] = &["0\r", "5\r"];
    let to_marks: &[&str] = &["0\r", "5\r", "\r"];
    let to_save: &[&str] = &["0\r", "5\r", "\r", "\r"];
    for (what, before_keys, cancel) in [
        ("Escape at a score", &[][..], "\x1b"),
        ("Ctrl-D at a score", &[][..], "\x04"),
        ("Escape at the second score", &["3\r"][..], "\x1b"),
        ("Ctrl-D at a menu", to_menu, "\x04"),
        ("Ctrl-D at a list to mark", to_marks, "\x04"),
        ("Ctrl-D at a yes or no", to_save, "\x04"),
        ("Escape at a yes or no", to_save, "\x1b"),
    ] {
        let mut p = spawn(&env, &["round"]);
        p.exp_string("Type each score").unwrap();
        for keys in before_keys {
            p.exp_regex(r"(Ann|Bob|first\?|each\)\? Space marks, Enter goes on|round\?)").unwrap();
            key(&mut p, keys);
        }
        p.exp_regex(r"(Ann|Bob|first\?|each\)\? Space marks, Enter goes on|round\?)").unwrap();
        key(&mut p, cancel);
        let rest = p.exp_eof().unwrap();
        assert!(rest.contains("error: cancelled; nothing was written"), "{what}: {rest:?}");
        assert!(rest.contains("\x1b[?25h"), "{what}: the cursor is shown: {rest:?}");
        assert_eq!(finish(p), 1, "{what}");
        assert_eq!(env.session_bytes("g"), before, "{what}");
    }
    // At the questions of `new` too.
    let mut p = spawn(&env, &["new", "h"]);
    p.exp_string("Players from earlier games").unwrap();
    key(&mut p, "\r");
    p.exp_string("Player 1").unwrap();
    key(&mut p, "\x04");
    p.exp_string("error: cancelled; nothing was written").unwrap();
    assert_eq!(finish(p), 1);
    assert_eq!(env.session_folder(), ["g.toml"]);
}

/// SIGTERM or SIGHUP at a menu: the cursor the menu hid is shown again, the
/// terminal is put back, and nothing is written.
#[test]
fn a_signal_at_a_menu_shows_the_cursor_and_writes_nothing() {
    use rexpect::process::Signal;
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let before = env.session_bytes("g");
    for signal in [Signal::SIGTERM, Signal::SIGHUP] {
        let mut p = spawn(&env, &["round"]);
        p.exp_string("Ann").unwrap();
        p.send_line("0").unwrap();
        p.exp_string("Bob").unwrap();
        p.send_line("5").unwrap();
        let shown = p.exp_string("nobody / not noted").unwrap();
        assert!(shown.contains("\x1b[?25l"), "{signal}: the menu hides the cursor: {shown:?}");
        p.process_mut().signal(signal).unwrap();
        let rest = p.exp_eof().unwrap();
        assert!(rest.contains("\x1b[?25h"), "{signal}: {rest:?}");
        assert!(rest.contains("error: cancelled; nothing was written"), "{signal}: {rest:?}");
        assert_eq!(finish(p), 1, "{signal}");
        assert_eq!(env.session_bytes("g"), before, "{signal}");
    }
}

/// After the last question: a signal while the round waits for the lock
/// cancels it, and nothing is written; one while the round is being
/// written waits for the save, which is whole and said as it is (the
/// state machine is tested in `interrupt`; here, the whole command, its
/// words and the file agree whenever the signal comes).
#[test]
fn a_signal_after_the_last_question_never_cuts_a_save_short() {
    use rexpect::process::Signal;
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let before = env.session_bytes("g");
    let answer = |p: &mut PtySession| {
        for score in ["3", "4"] {
            p.exp_string(":").unwrap();
            p.send_line(score).unwrap();
        }
        p.exp_string("Save this round?").unwrap();
        key(p, "y\r");
    };

    // Another process holds the lock: the round waits, and is cancelled.
    let lock = std::fs::File::create(env.data_dir().join(".lock")).unwrap();
    lock.lock().unwrap();
    let mut p = spawn(&env, &["round"]);
    answer(&mut p);
    p.exp_string("waiting for another three13").unwrap();
    p.process_mut().signal(Signal::SIGINT).unwrap();
    let rest = p.exp_eof().unwrap();
    assert!(rest.contains("error: cancelled; nothing was written"), "{rest:?}");
    assert_eq!(finish(p), 1);
    lock.unlock().unwrap();
    assert_eq!(env.session_bytes("g"), before);

    // The lock let go just before the signal: whether the round was still
    // waiting (cancelled, nothing written) or being written (saved, and
    // said so), what is said is what the file holds.
    let rounds = || env.table_json(&[])["rounds"].as_array().unwrap().len();
    for delay in [0, 1, 2, 4, 8, 16, 32] {
        let before = rounds();
        lock.lock().unwrap();
        let mut p = spawn(&env, &["round"]);
        answer(&mut p);
        p.exp_string("waiting for another three13").unwrap();
        lock.unlock().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay));
        p.process_mut().signal(Signal::SIGINT).unwrap();
        let said = p.exp_eof().unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
        let code = finish(p);
        if said.contains("cancelled; nothing was written") {
            assert_eq!((code, rounds()), (1, before), "{delay} ms: {said}");
        } else {
            assert_eq!((code, rounds()), (0, before + 1), "{delay} ms: {said}");
            assert!(said.contains("Next: round"), "{delay} ms: {said}");
        }
    }
}

/// Before any question, a signal ends the command as it would.
#[test]
fn a_signal_before_any_question_ends_the_command_as_it_would() {
    use rexpect::process::Signal;
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    // Another process holds the lock: the round waits for it, unasked.
    let lock = std::fs::File::create(env.data_dir().join(".lock")).unwrap();
    lock.lock().unwrap();
    for signal in [Signal::SIGTERM, Signal::SIGINT, Signal::SIGHUP] {
        let mut p = spawn(&env, &["round", "1", "2"]);
        p.exp_string("waiting for another three13").unwrap();
        p.process_mut().signal(signal).unwrap();
        p.exp_eof().unwrap();
        match p.process().wait().unwrap() {
            WaitStatus::Signaled(_, by, _) => assert_eq!(by, signal),
            // Where the signal is ignored (as under nohup), the command ends
            // with the code that stands for it.
            WaitStatus::Exited(_, code) => assert_eq!(code, 128 + signal as i32, "{signal}"),
            other => panic!("{signal}: {other:?}"),
        }
    }
    assert!(env.table_json(&[])["rounds"].as_array().unwrap().is_empty());
}

/// The players of earlier games are seated in the order they are marked.
#[test]
fn new_seats_returning_players_in_the_order_marked() {
    let env = Env::new();
    env.ok(&["new", "last-week", "-p", "Ann", "-p", "Bob", "-p", "Cy"]);
    let mut p = spawn(&env, &["new", "tonight"]);
    p.exp_string("Players from earlier games, seated in the order marked").unwrap();
    // Cy first, then Ann: the list shows each one's seat.
    key(&mut p, &format!("{DOWN}{DOWN} "));
    p.exp_string("> [1] Cy").unwrap();
    key(&mut p, "\x1b[H ");
    p.exp_string("> [2] Ann").unwrap();
    p.send_line("").unwrap();
    p.exp_string(
        "Players from earlier games, seated in the order marked (Space marks, Enter goes on): Cy, Ann",
    )
    .unwrap();
    p.exp_string("So far: Cy, Ann").unwrap();
    p.exp_string("Player 3").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Rules").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Change a setting?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Who deals round 1?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Started session tonight with Cy and Ann").unwrap();
    assert_eq!(finish(p), 0);
    assert_eq!(env.table_json(&[])["players"], json!(["Cy", "Ann"]));
}

/// A yes-or-no question takes its key and then Enter: `y` and Enter sent
/// together answer it, and the Enter does not fall through to choose the
/// first entry of the next question.
#[test]
fn a_yes_or_no_question_waits_for_enter() {
    let env = Env::new();
    let mut p = spawn(&env, &["new", "Friday Night"]);
    p.exp_string("\"Friday Night\" cannot be a file name; call the session friday-night? [Y/n]").unwrap();
    key(&mut p, "y\r");
    p.exp_string("call the session friday-night? yes").unwrap();
    // The next question is asked afresh: its first answer is Ann's name.
    for player in ["Ann", "Bob", ""] {
        p.exp_string("Player").unwrap();
        p.send_line(player).unwrap();
    }
    p.exp_string("Rules").unwrap();
    // The menu waits: the second entry is still there to choose.
    key(&mut p, DOWN);
    p.send_line("").unwrap();
    p.exp_string("Change a setting?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Who deals round 1?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Started session friday-night with Ann and Bob (rules: tens)").unwrap();
    assert_eq!(finish(p), 0);

    // A key alone answers nothing yet; Backspace takes it back; Enter
    // alone gives the default (no, to removing a player).
    env.ok(&["round", "1", "2"]);
    let mut p = spawn(&env, &["player", "remove", "Bob"]);
    p.exp_string("[y/N]").unwrap();
    key(&mut p, "y");
    p.exp_string("[y/N] y").unwrap();
    key(&mut p, "\x7f");
    key(&mut p, "\r");
    p.exp_string("no").unwrap();
    assert_eq!(finish(p), 0);
    assert_eq!(env.table_json(&[])["left"], json!([]));

    // `y` then Enter at the round's last question saves it.
    let mut p = spawn(&env, &["round"]);
    for (player, score) in [("Ann", "3"), ("Bob", "4")] {
        p.exp_string(player).unwrap();
        p.send_line(score).unwrap();
    }
    p.exp_string("Save this round? [Y/n]").unwrap();
    key(&mut p, "y\r");
    p.exp_string("Next: round 3").unwrap();
    assert_eq!(finish(p), 0);
    assert_eq!(env.table_json(&[])["rounds"].as_array().unwrap().len(), 2);
}

/// A hand typed at a prompt in quotes reads as it does on the command line.
#[test]
fn a_quoted_hand_at_a_prompt_reads_as_on_the_command_line() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let mut p = spawn(&env, &["round"]);
    p.exp_string("Ann").unwrap();
    p.send_line("\"9h 4d Kh\"").unwrap();
    p.exp_string("Ann: 9h 4d Kh: no meld; left over Kh 9h 4d; deadwood 26").unwrap();
    p.exp_string("Bob").unwrap();
    p.send_line("'0'").unwrap();
    p.exp_string("Who went out first?").unwrap();
    key(&mut p, DOWN);
    p.send_line("").unwrap();
    p.exp_string("Round 1: Ann 26, Bob 0 (out)").unwrap();
    p.exp_string("Save this round?").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Next: round 2").unwrap();
    assert_eq!(finish(p), 0);
    assert_eq!(env.table_json(&[])["rounds"][0]["hands"], json!({"Ann": "9h 4d Kh"}));
}
