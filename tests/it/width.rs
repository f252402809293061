//! Every view fits the width it is given, and no word is split to make it
//! fit: the reports (`stats`, `sessions`, `rules`), every help, the notes
//! and errors, and the prompts, at 40, 60, 80 and 120 columns. The checks
//! ([`assert_fits`], [`assert_whole`], [`Screen`]) serve any view.

use crate::common::{Env, width};

/// The widths every view is looked at.
pub const WIDTHS: [usize; 4] = [40, 60, 80, 120];

/// The lines of `output` wider than `columns`, as a terminal shows them.
pub fn too_wide(output: &str, columns: usize) -> Vec<&str> {
    output.lines().filter(|line| width(line) > columns).collect()
}

/// Fails, naming `what`, unless every line of `output` fits `columns`.
#[track_caller]
pub fn assert_fits(output: &str, columns: usize, what: &str) {
    let wide = too_wide(output, columns);
    assert!(wide.is_empty(), "{what} at {columns} columns: lines too wide: {wide:#?}\n{output}");
}

/// Whether `word` stands whole on some line of `output`: found there with
/// no letter or digit just before or after it.
pub fn whole(output: &str, word: &str) -> bool {
    let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    output.lines().any(|line| {
        line.match_indices(word).any(|(at, _)| {
            !alnum(line[..at].chars().next_back()) && !alnum(line[at + word.len()..].chars().next())
        })
    })
}

/// Fails, naming `what`, unless every one of `words` stands whole on some
/// line of `output`: a word split over two lines is found on neither.
#[track_caller]
pub fn assert_whole<S: AsRef<str>>(output: &str, words: &[S], what: &str) {
    let split: Vec<&str> = words.iter().map(AsRef::as_ref).filter(|w| !whole(output, w)).collect();
    assert!(split.is_empty(), "{what}: words not whole on any line: {split:?}\n{output}");
}

/// The words of each text (split at spaces).
pub fn words<S: AsRef<str>>(texts: &[S]) -> Vec<String> {
    texts.iter().flat_map(|t| t.as_ref().split_whitespace().map(String::from)).collect()
}

const ANN: &str = "Annabelle Featherstonehaugh";
const BART: &str = "Bartholomew Cholmondeley-Smythe";
/// Six at the table, the longest names the sheet allows among them, one
/// written in characters two columns wide.
const SIX: [&str; 6] = [
    ANN,
    BART,
    "Cyrielle Marjoribanks",
    "Dorothea Worcestershire",
    "Evangeline Leveson-Gower",
    "山田太郎 Yamada",
];
const FRIDAY: &str = "friday-night-at-annabelles-house";
const REMATCH: &str = "rematch-under-the-tens-rules";
const WEDNESDAY: &str = "six-of-us-on-a-wednesday";

/// Two finished games (the second won by two players together under
/// other rules) and one under way.
fn six_at_the_table(env: &Env) {
    let game = |name: &str, players: &[&str], rules: &[&str], scores: &[&str], rounds: usize| {
        let mut args = vec!["new", name];
        for p in players {
            args.extend(["-p", p]);
        }
        args.extend_from_slice(rules);
        env.ok(&args);
        for _ in 0..rounds {
            let mut round = vec!["round"];
            round.extend_from_slice(scores);
            env.ok(&round);
        }
    };
    game(FRIDAY, &SIX, &[], &["5", "0", "10", "20", "30", "35"], 11);
    game(REMATCH, &[ANN, BART], &["--rules", "tens"], &["5", "5"], 11);
    game(WEDNESDAY, &SIX, &[], &["5", "0", "10", "20", "30", "35"], 1);
}

#[test]
fn stats_fit_every_width_with_six_long_names() {
    let env = Env::new();
    six_at_the_table(&env);
    let names = words(&SIX);
    for columns in WIDTHS {
        let c = columns.to_string();
        let run = |args: &[&str]| env.ok_with(&[("COLUMNS", &c)], args).stdout;

        let stats = run(&["stats"]);
        assert_fits(&stats, columns, "stats");
        let mut all = names.clone();
        all.extend(words(&[
            "Rules standard: 1 finished game",
            "Rules tens: 1 finished game",
            "385.0",
            "100",
        ]));
        assert_whole(&stats, &all, "stats");

        let ann = run(&["stats", ANN]);
        assert_fits(&ann, columns, "stats PLAYER");
        let all = words(&[
            ANN,
            BART,
            FRIDAY,
            REMATCH,
            "standard tens 2 finished games",
            "Rules Players Total Place",
        ]);
        assert_whole(&ann, &all, "stats PLAYER");

        let versus = run(&["stats", "--versus", ANN, BART]);
        assert_fits(&versus, columns, "stats --versus");
        assert_whole(&versus, &words(&[ANN, BART, "2 finished games together"]), "stats --versus");
    }
    // Wide enough, the tables; narrow, each player under the last.
    let at = |columns: &str| env.ok_with(&[("COLUMNS", columns)], &["stats"]).stdout;
    assert!(at("120").contains("\n| Player "), "{}", at("120"));
    assert!(at("40").contains(&format!("\n{ANN}\n  Games: 1  Wins: 0  Win %: 0\n")), "{}", at("40"));
    // The shared win of the rematch, said whole however narrow.
    let ann = env.ok_with(&[("COLUMNS", "40")], &["stats", ANN]).stdout;
    assert!(ann.contains(&format!("  Won by: {ANN}\n    and {BART}\n")), "{ann}");
}

#[test]
fn sessions_fit_every_width_with_a_shared_win_and_long_names() {
    let env = Env::new();
    six_at_the_table(&env);
    for columns in WIDTHS {
        let list = env.ok_with(&[("COLUMNS", &columns.to_string())], &["sessions"]).stdout;
        assert_fits(&list, columns, "sessions");
        let all =
            words(&[FRIDAY, REMATCH, WEDNESDAY, ANN, BART, "11/11 1/11 (55) (0)", "* the current session"]);
        assert_whole(&list, &all, "sessions");
    }
    let narrow = env.ok_with(&[("COLUMNS", "40")], &["sessions"]).stdout;
    assert!(
        narrow.contains(&format!(
            "{REMATCH}\n  Players: {ANN},\n    {BART}\n  Rounds: 11/11\n  Won by: {ANN}\n    and {BART}\n    (55)\n"
        )),
        "{narrow}"
    );
    assert!(narrow.contains(&format!("* {WEDNESDAY}\n")), "{narrow}");
}

/// A session name wider than the whole screen breaks after a hyphen.
#[test]
fn a_name_wider_than_the_screen_breaks_after_a_hyphen() {
    let env = Env::new();
    let long = "the-longest-evening-of-three-thirteen-we-ever-played-at-home";
    env.ok(&["new", long, "-p", "Ann", "-p", "Bob"]);
    let list = env.ok_with(&[("COLUMNS", "40")], &["sessions"]).stdout;
    assert_fits(&list, 40, "sessions");
    assert!(
        list.starts_with("* the-longest-evening-of-three-thirteen-\n  we-ever-played-at-home\n"),
        "{list}"
    );
}

#[test]
fn rules_fit_every_width() {
    use three13_core::rules::SETTINGS;
    let env = Env::new();
    let mut all: Vec<String> = SETTINGS.iter().map(|s| s.key.to_string()).collect();
    all.extend(SETTINGS.iter().map(|s| s.allowed.to_string()));
    all.extend(words(&SETTINGS.iter().map(|s| s.about).collect::<Vec<_>>()));
    all.extend(words(&["Limits: 2 to 20 players; player names up to 32 characters", "doubled"]));
    for columns in WIDTHS {
        let r = env.ok_with(
            &[("COLUMNS", &columns.to_string())],
            &["rules", "--set", "decks=3", "--set", "double_last_rounds=true"],
        );
        assert_fits(&r.stdout, columns, "rules");
        assert_whole(&r.stdout, &all, "rules");
        // A value that differs keeps its mark beside it.
        assert!(whole(&r.stdout, "3 *"), "{}", r.stdout);
        assert!(whole(&r.stdout, "true *"), "{}", r.stdout);
        let explained = env.ok_with(
            &[("COLUMNS", &columns.to_string())],
            &["rules", "--set", "jokers=2", "--set", "double_last_rounds=true", "--explain"],
        );
        assert_fits(&explained.stdout, columns, "rules --explain");
        let said = words(&[
            "Wild cards stand for any card you like, as many as you like in a meld.",
            "jack, queen, king 11, 12, 13 joker 20",
            "queens and jokers double",
        ]);
        assert_whole(&explained.stdout, &said, "rules --explain");
    }
}

/// What `rules --save` says before it shows the table (whose width is the
/// table's own).
#[test]
fn saving_rules_says_so_within_the_width() {
    let env = Env::new();
    let mut new = vec!["new", FRIDAY];
    for p in SIX {
        new.extend(["-p", p]);
    }
    env.ok(&new);
    env.ok(&[
        "round",
        &format!("{ANN}=Kh Qd 4c"),
        &format!("{BART}=out"),
        "Cyrielle=1",
        "Dorothea=2",
        "Evangeline=3",
        "山田太郎=4",
    ]);
    for (i, columns) in WIDTHS.into_iter().enumerate() {
        let face_cards = if i % 2 == 0 { "ten" } else { "rank" };
        let r = env.ok_with(
            &[("COLUMNS", &columns.to_string())],
            &["rules", "--set", &format!("face_cards={face_cards}"), "--save", "--from", "1"],
        );
        let said = r.stdout.split(&format!("\nSession {FRIDAY}")).next().unwrap_or_default();
        assert_fits(said, columns, "rules --save");
        let all = words(&[
            &format!("Saved the rules of {FRIDAY}:"),
            "Totals are worked out again for round 1: 1 typed hand is scored again; 4 scores typed as numbers stay as they were.",
            &format!("round 1: {ANN}'s hand now leaves"),
        ]);
        assert_whole(said, &all, "rules --save");
    }
}

/// Every subcommand's help, at each width: clap wraps the prose, and the
/// usage and examples are laid out for the width.
#[test]
fn every_help_fits_every_width() {
    let env = Env::new();
    let mut commands: Vec<Vec<String>> = vec![vec![]];
    for sub in crate::generated::subcommands() {
        if sub == "player" {
            for of in ["rename", "add", "remove"] {
                commands.push(vec![sub.clone(), of.to_string()]);
            }
        }
        commands.push(vec![sub]);
    }
    for command in commands {
        let mut args: Vec<&str> = command.iter().map(String::as_str).collect();
        args.push("--help");
        let what = args.join(" ");
        let wide = env.ok_with(&[("COLUMNS", "200")], &args).stdout;
        for columns in WIDTHS {
            let help = env.ok_with(&[("COLUMNS", &columns.to_string())], &args).stdout;
            assert_fits(&help, columns, &what);
            // A word wider than an indented line (a long path) cannot stay
            // whole; it is broken after a `/` instead.
            let all: Vec<String> = words(&[&wide]).into_iter().filter(|w| width(w) + 4 <= columns).collect();
            assert_whole(&help, &all, &what);
        }
    }
    // At 80, examples keep their two columns where they fit; the others go
    // below their commands.
    let help = env.ok_with(&[("COLUMNS", "80")], &["stats", "--help"]).stdout;
    assert!(
        help.contains(
            "\n  three13 stats          each player's record, one table per set of rules\n  \
             three13 stats Ann      Ann's finished games: when, where she placed, who won\n  \
             three13 stats --versus Ann Bob\n      Ann against Bob: games together, who finished ahead\n"
        ),
        "{help}"
    );
    let help = env.ok_with(&[("COLUMNS", "40")], &["player", "rename", "--help"]).stdout;
    assert!(help.contains("\nUsage: three13 player rename [OPTIONS]\n       <OLD> <NEW>\n"), "{help}");
}

/// A terminal `columns` wide, as far as the prompts drive one: it keeps
/// what is written where the cursor puts it, and notes any character
/// that had to go past the right edge (which a terminal wraps, mid-word).
#[derive(Debug)]
pub struct Screen {
    columns: usize,
    lines: Vec<Vec<char>>,
    row: usize,
    column: usize,
    /// The lines a character was written past the edge of.
    pub overflowed: Vec<String>,
}

impl Screen {
    pub fn new(columns: usize) -> Screen {
        Screen { columns, lines: vec![Vec::new()], row: 0, column: 0, overflowed: Vec::new() }
    }

    /// The screen after `output` is written to it.
    pub fn of(columns: usize, output: &str) -> Screen {
        let mut screen = Screen::new(columns);
        screen.write(output);
        screen
    }

    fn line(&mut self) -> &mut Vec<char> {
        while self.lines.len() <= self.row {
            self.lines.push(Vec::new());
        }
        &mut self.lines[self.row]
    }

    fn put(&mut self, c: char) {
        use unicode_width::UnicodeWidthChar;
        let w = c.width().unwrap_or(0);
        if w == 0 {
            return;
        }
        if self.column + w > self.columns {
            let text: String = self.line().iter().filter(|&&c| c != '\0').collect();
            self.overflowed.push(format!("{text}{c}…"));
            self.row += 1;
            self.column = 0;
        }
        let column = self.column;
        let line = self.line();
        while line.len() < column + w {
            line.push(' ');
        }
        line[column] = c;
        // The second column of a wide character holds nothing of its own.
        for cell in line.iter_mut().skip(column + 1).take(w - 1) {
            *cell = '\0';
        }
        self.column += w;
    }

    /// Writes `output`: text, line ends, and the cursor movements and
    /// erasures a prompt uses (CSI A B C D G K J); colours and the
    /// cursor's showing and hiding do nothing here.
    pub fn write(&mut self, output: &str) {
        let mut chars = output.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\r' => self.column = 0,
                '\n' => self.row += 1,
                '\u{8}' => self.column = self.column.saturating_sub(1),
                '\u{1b}' => {
                    if chars.peek() != Some(&'[') {
                        chars.next();
                        continue;
                    }
                    chars.next();
                    let mut params = String::new();
                    let mut last = ' ';
                    for d in chars.by_ref() {
                        if ('@'..='~').contains(&d) {
                            last = d;
                            break;
                        }
                        params.push(d);
                    }
                    let n = params.trim_start_matches('?').split(';').next().and_then(|p| p.parse().ok());
                    let count = n.unwrap_or(1).max(1);
                    match last {
                        'A' => self.row = self.row.saturating_sub(count),
                        'B' => self.row += count,
                        'C' => self.column = (self.column + count).min(self.columns),
                        'D' => self.column = self.column.saturating_sub(count),
                        'G' => self.column = count - 1,
                        'K' => {
                            let column = self.column;
                            let line = self.line();
                            match n.unwrap_or(0) {
                                0 => line.truncate(column),
                                1 => line.iter_mut().take(column).for_each(|cell| *cell = ' '),
                                _ => line.clear(),
                            }
                        }
                        'J' => {
                            let (row, column) = (self.row, self.column);
                            self.line().truncate(column);
                            self.lines.truncate(row + 1);
                        }
                        _ => {}
                    }
                }
                c if c.is_control() => {}
                c => self.put(c),
            }
        }
    }

    /// The lines shown, trailing blanks left out.
    pub fn text(&self) -> String {
        let lines: Vec<String> = self
            .lines
            .iter()
            .map(|l| l.iter().filter(|&&c| c != '\0').collect::<String>().trim_end().to_string())
            .collect();
        lines.join("\n").trim_end().to_string()
    }

    /// Fails, naming `what`, if anything went past the right edge.
    #[track_caller]
    pub fn assert_fits(&self, what: &str) {
        assert!(
            self.overflowed.is_empty(),
            "{what} at {} columns: written past the edge: {:#?}\n{}",
            self.columns,
            self.overflowed,
            self.text()
        );
    }
}

#[test]
fn the_screen_wraps_and_erases_as_a_terminal_does() {
    let mut screen = Screen::new(20);
    screen.write("Question?\r\n> one\r\n  two\x1b[2A\r\x1b[2K\x1b[1B\r\x1b[2K\x1b[1B\r\x1b[2K\x1b[2A");
    screen.write("\x1b[1mQuestion?\x1b[0m two\r\n");
    assert_eq!(screen.text(), "Question? two");
    assert!(screen.overflowed.is_empty());
    // Two columns for a wide character: the last one goes past the edge.
    screen.write("山田太郎 0123456789XY");
    assert_eq!(screen.overflowed, ["山田太郎 0123456789XY…"]);
    assert_eq!(screen.text(), "Question? two\n山田太郎 0123456789X\nY");
}

/// Prompts, notes and errors as a person sees them on a terminal.
#[cfg(unix)]
mod on_a_terminal {
    use rexpect::process::WaitStatus;
    use rexpect::reader::ReadUntil;
    use rexpect::session::{PtySession, spawn_command};

    use super::{ANN, BART, SIX, Screen, WIDTHS, assert_whole, width, words};
    use crate::common::Env;

    const DOWN: &str = "\x1b[B";

    /// `three13 ARGS` on a pseudo-terminal `columns` wide (it reports no
    /// size of its own, so COLUMNS says it), with everything it shows kept.
    struct Terminal {
        p: PtySession,
        shown: String,
    }

    impl Terminal {
        fn new(env: &Env, columns: usize, args: &[&str]) -> Terminal {
            let three13 = env.command(args);
            // The terminal does not echo keys sent before a prompt reads
            // them; the prompts show what is typed themselves.
            let mut cmd = std::process::Command::new("sh");
            cmd.arg("-c").arg("stty -echo 2>/dev/null; exec \"$0\" \"$@\"");
            cmd.arg(three13.get_program()).args(three13.get_args()).env_clear();
            for (key, value) in three13.get_envs() {
                if let Some(value) = value {
                    cmd.env(key, value);
                }
            }
            if let Some(dir) = three13.get_current_dir() {
                cmd.current_dir(dir);
            }
            cmd.env("TERM", "xterm").env("COLUMNS", columns.to_string());
            let p = spawn_command(cmd, Some(10_000)).expect("three13 starts on a pseudo-terminal");
            Terminal { p, shown: String::new() }
        }

        /// Waits until `text` is shown.
        fn until(&mut self, text: &str) {
            // The pseudo-terminal is read a byte a character.
            let bytes: String = text.bytes().map(char::from).collect();
            let (before, found) = self
                .p
                .exp_any(vec![ReadUntil::String(bytes)])
                .unwrap_or_else(|e| panic!("{text:?} never shown: {e}\n{}", utf8(&self.shown)));
            self.shown.push_str(&before);
            self.shown.push_str(&found);
        }

        /// Presses keys.
        fn keys(&mut self, keys: &str) {
            self.p.send(keys).unwrap();
            self.p.flush().unwrap();
        }

        /// Waits for the end: the exit code and everything shown.
        fn end(mut self) -> (i32, String) {
            let rest = self.p.exp_eof().expect("three13 ends");
            self.shown.push_str(&rest);
            let code = match self.p.process().wait().expect("an exit status") {
                WaitStatus::Exited(_, code) => code,
                other => panic!("three13 did not exit: {other:?}"),
            };
            (code, utf8(&self.shown))
        }
    }

    /// Text read a byte a character, as the UTF-8 it was.
    fn utf8(read: &str) -> String {
        let bytes: Vec<u8> = read.chars().map(|c| u8::try_from(c).unwrap_or(b'?')).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// The end of a player's prompt, whatever line the name starts on.
    fn asked(name: &str) -> String {
        format!("{}:", name.rsplit(' ').next().unwrap_or(name))
    }

    /// How often `text` is on the screen.
    fn times(screen: &str, text: &str) -> usize {
        screen.matches(text).count()
    }

    #[test]
    fn round_prompts_fit_and_are_shown_once() {
        let env = Env::new();
        let mut new = vec!["new", "g", "--set", "bad_go_out_penalty=20"];
        for p in SIX {
            new.extend(["-p", p]);
        }
        env.ok(&new);
        for columns in WIDTHS {
            let mut t = Terminal::new(&env, columns, &["round"]);
            t.until("Type each score");
            t.until(&asked(ANN));
            t.keys("9h 4d Kx\r");
            t.until("has no suit");
            t.until(&asked(ANN));
            t.keys("5\r");
            for (name, score) in SIX.iter().skip(1).zip(["0", "10", "20", "30", "35"]) {
                t.until(&asked(name));
                t.keys(&format!("{score}\r"));
            }
            t.until("Who went out first?");
            t.keys(DOWN);
            t.keys("\r");
            t.until("Who declared out");
            t.keys(" \r");
            t.until("Save this round?");
            t.keys("n\r");
            // Not saved: Ann's score fixed, then the round thrown away.
            t.until("What to fix?");
            t.keys("\r");
            t.until(&format!("{}: [5]", ANN.rsplit(' ').next().unwrap()));
            t.keys("7\r");
            t.until("Save this round?");
            t.keys("n\r");
            t.until("What to fix?");
            t.keys("\x1b[F\r");
            t.until("nothing was recorded");
            let (code, shown) = t.end();
            assert_eq!(code, 0, "{shown}");
            let screen = Screen::of(columns, &shown);
            screen.assert_fits("round");
            let text = screen.text();
            for once in ["Who went out first?", "Who declared out", "Type each score"] {
                assert_eq!(times(&text, once), 1, "{once:?} at {columns} columns:\n{text}");
            }
            for twice in ["Save this round?", "What to fix?"] {
                assert_eq!(times(&text, twice), 2, "{twice:?} at {columns} columns:\n{text}");
            }
            let mut all = words(&SIX);
            all.extend(words(&[
                "Round 1: 3 cards dealt, threes wild",
                "Type each score: a number, a sum (13+9+4, K+4), out, the cards left over (K 9 4) or the whole \
                 hand; - (or the Up arrow) goes back.",
                "Who declared out with a hand that does not meld (+20 each)? Space marks, Enter goes on",
                "(penalty) (out) Save this round? no",
                "What to fix? (nothing is saved yet): nothing: throw this round away",
            ]));
            assert_whole(&text, &all, &format!("round at {columns} columns"));
            // The typed hand stays whole above its caret.
            assert!(text.contains("\n  9h 4d Kx\n        ^^\n"), "{text}");
        }
    }

    #[test]
    fn new_undo_and_delete_prompts_fit_and_are_shown_once() {
        let env = Env::new();
        let mut earlier = vec!["new", "earlier"];
        for p in SIX {
            earlier.extend(["-p", p]);
        }
        env.ok(&earlier);
        for columns in WIDTHS {
            let typed = format!("Friday Night At Annabelles {columns}");
            let name = format!("friday-night-at-annabelles-{columns}");
            let mut t = Terminal::new(&env, columns, &["new"]);
            t.until("Players from earlier");
            // Every one of them.
            t.keys("a\r");
            t.until("Player 7");
            t.keys("\r");
            t.until("Session name");
            t.keys(&format!("{}{typed}\r", "\u{7f}".repeat(12)));
            t.until("cannot be a file");
            t.keys("\r");
            t.until("Rules");
            t.keys(DOWN);
            t.keys("\r");
            t.until("Change a setting?");
            t.keys(DOWN);
            t.keys("\r");
            t.until("decks (1-20)");
            t.keys("\u{7f}3\r");
            t.until("decks=3):");
            t.keys("\r");
            t.until("Who deals round 1?");
            t.keys("\r");
            t.until("Started session");
            let (code, shown) = t.end();
            assert_eq!(code, 0, "{shown}");
            let mut screen = Screen::of(columns, &shown);
            // The name typed runs on past the edge, as typing does; the
            // rest fits, and the question is cleared whole once answered.
            screen.overflowed.retain(|line| !line.starts_with("Session name: [2026-"));
            screen.assert_fits("new");
            let text = screen.text();
            for once in ["Players from earlier", "Session name", "cannot be a file", "Who deals round 1?"] {
                assert_eq!(times(&text, once), 1, "{once:?} at {columns} columns:\n{text}");
            }
            let mut all = words(&SIX);
            all.extend(words(&[
                "Players from earlier games (Space marks, Enter goes on)",
                "Players in seat order (the deal passes from each to the next); an empty line to finish.",
                &format!("\"{typed}\" cannot be a file name; call the session {name}? yes"),
                "Rules (each setting can be changed next): tens: standard with jacks, queens and kings worth 10",
                "Change a setting? (rules: tens, decks=3): no, go on",
                "Who deals round 1?",
            ]));
            assert_whole(&text, &all, &format!("new at {columns} columns"));

            env.ok(&["round", "5", "0", "10", "20", "30", "25"]);
            for (args, question, note) in [
                (vec!["undo"], format!("Remove round 1 ({ANN} 5, {BART} 0,"), "nothing was removed"),
                (
                    vec!["delete", &name],
                    format!("Delete session {name} ({ANN}, {BART},"),
                    "nothing was deleted",
                ),
            ] {
                let mut t = Terminal::new(&env, columns, &args);
                t.until("?");
                t.keys("n\r");
                t.until(note);
                let (code, shown) = t.end();
                assert_eq!(code, 0, "{shown}");
                let screen = Screen::of(columns, &shown);
                screen.assert_fits(args[0]);
                let text = screen.text();
                assert_whole(
                    &text,
                    &words(&[&question, "no", note]),
                    &format!("{} at {columns} columns", args[0]),
                );
                assert_eq!(times(&text, &question[..12]), 1, "{text}");
            }
        }
    }

    #[test]
    fn errors_and_notes_fit_a_terminal() {
        let env = Env::new();
        let mut new = vec!["new", "g"];
        for p in SIX {
            new.extend(["-p", p]);
        }
        env.ok(&new);
        std::fs::write(env.session_file("damaged-beyond-repair"), "format_version = 1\nplayers = [").unwrap();
        let missing = "a-session-that-was-never-started-by-anyone";
        for columns in WIDTHS {
            let run = |args: &[&str]| {
                let (code, shown) = Terminal::new(&env, columns, args).end();
                let screen = Screen::of(columns, &shown);
                screen.assert_fits(&args.join(" "));
                (code, screen.text())
            };
            let (code, text) = run(&["use", missing]);
            assert_eq!(code, 1, "{text}");
            // A word wider than the line (the file's path) is broken after a `/`.
            let all: Vec<String> = words(&[&format!(
                "error: no session named \"{missing}\" does not exist); see `three13 sessions`, or start one with `three13 new`"
            )])
            .into_iter()
            .filter(|w| width(w) + 4 <= columns)
            .collect();
            assert_whole(&text, &all, &format!("use at {columns} columns"));

            let (code, text) = run(&["round", "5", "0", "10", "20", "30"]);
            assert_eq!(code, 2, "{text}");
            assert_whole(
                &text,
                &words(&[
                    "error: 6 players but 5 scores given; give one per player in seat order",
                    ANN,
                    BART,
                ]),
                &format!("round at {columns} columns"),
            );

            let (code, text) = run(&["round", "9h 4d Kx", "0", "1", "2", "3", "4"]);
            assert_eq!(code, 1, "{text}");
            assert!(text.contains("\n  9h 4d Kx\n        ^^\n"), "{text}");
            assert_whole(
                &text,
                &words(&[ANN, "hand: \"Kx\" has no suit \"x\"", "hint: did you mean"]),
                "round",
            );

            let (code, text) = run(&["stats"]);
            assert_eq!(code, 0, "{text}");
            assert_whole(&text, &words(&["note: session damaged-beyond-repair is left out:"]), "stats");

            let (code, text) = run(&["rules", "--set", "decks=3"]);
            assert_eq!(code, 0, "{text}");
            let note = "note: nothing was changed; these rules are only shown: to save them into session g, add --save";
            assert_whole(&text, &words(&[note]), &format!("rules at {columns} columns"));
        }
    }
}

#[test]
fn the_sheet_fits_every_width_with_six_long_names() {
    let env = Env::new();
    six_at_the_table(&env);
    env.ok(&["use", WEDNESDAY]);
    env.ok(&["player", "add", "Zebedee Featherstonehaugh-Smythe"]);
    env.ok(&["round", "5", "0", "10", "20", "30", "35", "7"]);
    env.ok(&["edit", "2", "--out", BART]);
    for columns in WIDTHS {
        let c = columns.to_string();
        let run = |args: &[&str]| env.ok_with(&[("COLUMNS", &c)], args).stdout;
        for view in
            [&["table"][..], &["table", "--session", FRIDAY], &["show", "1"], &["show"], &["chart"], &[]]
        {
            let out = run(view);
            assert_fits(&out, columns, &format!("{view:?}"));
            if view == ["table"] || view.is_empty() {
                assert_whole(&out, &words(&["Next: round 3, 5 cards, fives wild"]), &format!("{view:?}"));
            }
        }
        let table = run(&["table"]);
        assert_whole(&table, &words(&[ANN, "Key: points per round", "went out first"]), "table");
        let over = run(&["table", "--session", FRIDAY]);
        assert_whole(&over, &words(&["Game over:", BART, "wins by"]), "a finished table");
        let started = run(&["new", "another", "-p", ANN, "-p", BART]);
        assert_fits(&started, columns, "new");
        assert_whole(&started, &words(&["Started session another with", ANN, "and", BART]), "new");
        let used = run(&["use", WEDNESDAY]);
        assert_fits(&used, columns, "use");
        env.ok(&["delete", "another", "--yes"]);
    }
}

#[test]
fn the_checker_fits_every_width() {
    let env = Env::new();
    let hands: [&[&str]; 9] = [
        &["--round", "11", "--upcard", "9h", "Ks Kd Kh 2h 3h 5h 9c 9d 10s Jh Qd Ac As"],
        &["--round", "1", "--upcard", "7h", "5h 6h 9d"],
        &["--round", "3", "--upcard", "2c", "Kc Qd 9s 7h 5d"],
        &["--round", "8", "--look", "2", "3h 4h 5h 6h 8c 8d 8s Jc Jd Qs 2c"],
        &["--round", "11", "2h 3h Kc 5h | 9c 9d Kd | Qd Kh Ks | Jh 10s Ac As"],
        &["--round", "11", "--set", "ace_high=true", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Ah | 9c"],
        &["--round", "3", "5h 6h 9c 9d 2s"],
        &["--round", "11", "Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As"],
        &["--set", "lay_off=true", "--onto", "5h 6h 7h", "8h 9c 9d 9s 4h Kd"],
    ];
    for columns in WIDTHS {
        let c = columns.to_string();
        for hand in hands {
            let mut args = vec!["check"];
            args.extend_from_slice(hand);
            let out = env.ok_with(&[("COLUMNS", &c)], &args).stdout;
            assert_fits(&out, columns, &format!("{args:?}"));
            let mut all = words(&["Deadwood", "Unmelded", "Melds", "Hand"]);
            if out.contains("Least left") {
                all.extend(words(&["Least left: discard", "on the next draw"]));
            }
            if hand.contains(&"--upcard") {
                all.extend(words(&["to go out this turn or next", "Taking:", "Drawing:"]));
            }
            if hand.contains(&"--look") {
                all.extend(words(&["within two"]));
            }
            if hand.last().is_some_and(|h| h.contains("|")) {
                all.extend(words(&["Declared deadwood", "The declaration does not go out"]));
            }
            assert_whole(&out, &all, &format!("{args:?}"));
        }
    }
}
