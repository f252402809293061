//! The binary as it ships, on the system it is built for: the commands of
//! a game at the table, the session file as a person edits it, two writers
//! at once, a save cut short, and output that goes elsewhere than to a
//! console. Ignored by default; they run against the binary named by
//! THREE13_BIN (the one built here when it is not set), through the
//! program named by THREE13_RUNNER when there is one:
//!
//! ```sh
//! THREE13_BIN=target/x86_64-unknown-linux-musl/release/three13 \
//!     cargo test --locked --test it -- --ignored smoke::
//! ```
//!
//! `scripts/windows-test.sh` runs them against the Windows build, under
//! Wine; `scripts/static-test.sh` against the static Linux build.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::common::{Run, file_names, width};

/// A data folder of its own, and the binary under test.
struct Built {
    dir: tempfile::TempDir,
    bin: PathBuf,
    runner: Option<OsString>,
}

impl Built {
    fn new() -> Built {
        let bin = std::env::var_os("THREE13_BIN")
            .map_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_three13")), PathBuf::from);
        let runner = std::env::var_os("THREE13_RUNNER").filter(|r| !r.is_empty());
        Built { dir: tempfile::tempdir().expect("a temporary folder"), bin, runner }
    }

    /// Whether the binary is a Windows program (run by Wine here).
    fn windows(&self) -> bool {
        self.bin.extension().is_some_and(|e| e.eq_ignore_ascii_case("exe"))
    }

    /// `path` as the binary names it: under Wine, the drive Z: is the
    /// whole file system.
    fn theirs(&self, path: &Path) -> OsString {
        if self.windows() && cfg!(unix) {
            format!("Z:{}", path.display()).replace('/', "\\").into()
        } else {
            path.as_os_str().to_owned()
        }
    }

    fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    fn session_file(&self, name: &str) -> PathBuf {
        self.data_dir().join("sessions").join(format!("{name}.toml"))
    }

    /// `three13 ARGS` in a clean environment: no colour and 100 columns,
    /// as the suite's other tests, unless `vars` say otherwise.
    fn command(&self, args: &[&str], vars: &[(&str, Option<&str>)]) -> Command {
        let mut cmd = match &self.runner {
            Some(runner) => {
                let mut cmd = Command::new(runner);
                cmd.arg(&self.bin);
                cmd
            }
            None => Command::new(&self.bin),
        };
        cmd.args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.dir.path())
            .env("THREE13_DATA_DIR", self.theirs(&self.data_dir()))
            .env("NO_COLOR", "1")
            .env("COLUMNS", "100")
            .env("TZ", "UTC")
            .current_dir(self.dir.path());
        // Wine's own settings: its prefix, and quiet.
        for (key, value) in std::env::vars_os() {
            if key.to_str().is_some_and(|k| k.starts_with("WINE")) {
                cmd.env(key, value);
            }
        }
        for (key, value) in vars {
            match value {
                Some(v) => cmd.env(key, v),
                None => cmd.env_remove(key),
            };
        }
        cmd
    }

    fn spawn(&self, args: &[&str]) -> Child {
        let mut cmd = self.command(args, &[]);
        cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        cmd.spawn().expect("three13 starts")
    }

    fn run_with(&self, args: &[&str], vars: &[(&str, Option<&str>)]) -> Run {
        let out = self.command(args, vars).stdin(Stdio::null()).output().expect("three13 runs");
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    fn run(&self, args: &[&str]) -> Run {
        self.run_with(args, &[])
    }

    fn ok(&self, args: &[&str]) -> Run {
        let r = self.run(args);
        assert_eq!(r.code, 0, "three13 {args:?} failed: {r:?}");
        r
    }

    fn rounds(&self) -> usize {
        let table: serde_json::Value =
            serde_json::from_str(&self.ok(&["table", "--json"]).stdout).expect("JSON");
        table["rounds"].as_array().expect("rounds").len()
    }

    /// The files of the sessions folder, sorted.
    fn session_folder(&self) -> Vec<String> {
        file_names(&self.data_dir().join("sessions"))
    }
}

/// The README's game at the table, word for word as a script gets it.
#[test]
#[ignore = "run against a release build by scripts/windows-test.sh and scripts/static-test.sh"]
fn smoke_a_game_at_the_table() {
    let t = Built::new();
    let r = t.ok(&["new", "--player", "Ann", "--player", "Bob", "--player", "Cy", "friday"]);
    assert_eq!(
        r.stdout,
        "Started session friday with Ann, Bob and Cy (rules: standard); it is the current session.\n\
         Next: round 1, 3 cards, threes wild, Ann deals, Bob plays first; 11 rounds left\n\
         Record it with `three13 round` and a score per player, in seat order: Ann Bob Cy\n"
    );
    t.ok(&["round", "12", "0", "35", "--out", "Bob"]);
    let r = t.ok(&["round", "Ann=0", "Bob=8", "Cy=9h 4d Kh 5s", "--out", "Ann"]);
    assert_eq!(r.stderr, "  Cy: 9h 4d Kh 5s: no meld; left over Kh 9h 5s 4d; deadwood 31\n");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "Session friday (rules: standard)");
    assert_eq!(lines[4], "|     2 |     4 | 4    | Bob    |  0 (12) | 8 (8) | 31# (66) | Ann |");
    assert_eq!(lines[14], "| Total |       |      |        |      12 |     8 |       66 |     |");
    assert_eq!(lines[lines.len() - 2], "Leader: Bob, with 8");
    assert_eq!(
        lines[lines.len() - 1],
        "Next: round 3, 5 cards, fives wild, Cy deals, Ann plays first; 9 rounds left"
    );
    assert_eq!(t.ok(&["table"]).stdout, r.stdout);

    let r = t.ok(&["check", "7d", "10c", "KS", "QS", "5c"]);
    assert_eq!(
        r.stdout,
        "Round 3: 5 cards dealt, fives wild (rules: standard, from session friday)\n\n\
         Hand      10c 7d Qs Ks 5c\n\
         Melds     run 5c Qs Ks  (5c as Js)\n\
         Unmelded  10c 10, 7d 7  = 17\n\n\
         Deadwood 17\n\
         Outs (0): none\n"
    );
    let r = t.ok(&["check", "--json", "--wild", "3", "3h", "4h", "5h"]);
    let json: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(json["deadwood"], 0, "{json}");
    assert_eq!(t.session_folder(), ["friday.toml"]);
}

/// Undo takes a round back and says how to record it again; export writes
/// CSV and JSON, to stdout and to a file named on the command line.
#[test]
#[ignore = "run against a release build by scripts/windows-test.sh and scripts/static-test.sh"]
fn smoke_undo_and_export() {
    let t = Built::new();
    t.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    t.ok(&["round", "12", "0"]);
    t.ok(&["round", "Ann=0", "Bob=3h 4d 5s 9c"]);
    assert_eq!(t.rounds(), 2);
    let r = t.run(&["undo"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("--yes"), "{r:?}");
    let r = t.ok(&["undo", "--yes"]);
    assert!(r.stdout.starts_with("Removed round 2 (Ann 0, Bob 21). To record it again:\n"), "{}", r.stdout);
    assert!(r.stdout.contains("  three13 round 0 '3h 4d 5s 9c'\n"), "{}", r.stdout);
    assert_eq!(t.rounds(), 1);

    let csv = t.ok(&["export"]).stdout;
    assert_eq!(
        csv,
        "round,cards,wild,dealer,player,deadwood,points,total,out,penalty,hand\n\
         1,3,3,Ann,Ann,12,12,12,false,false,\n\
         1,3,3,Ann,Bob,0,0,0,false,false,\n"
    );
    let out = t.dir.path().join("out.csv");
    let theirs = t.theirs(&out);
    t.ok(&["export", "-o", theirs.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), csv);
    // Written again, the file is replaced whole.
    t.ok(&["round", "1", "2"]);
    t.ok(&["export", "-o", theirs.to_str().unwrap(), "--layout", "sheet"]);
    let sheet = std::fs::read_to_string(&out).unwrap();
    assert_eq!(sheet, t.ok(&["export", "--layout", "sheet"]).stdout);
    assert!(sheet.starts_with("round,cards,wild,dealer,Ann,Bob,out\n"), "{sheet}");
    let json: serde_json::Value =
        serde_json::from_str(&t.ok(&["export", "--format", "json"]).stdout).unwrap();
    assert_eq!(json["rounds"].as_array().unwrap().len(), 2);
    // Never over one of the tool's own files, however it is named.
    let before = std::fs::read(t.session_file("g")).unwrap();
    for own in [t.session_file("g"), t.data_dir().join("state.toml")] {
        let r = t.run(&["export", "-o", t.theirs(&own).to_str().unwrap()]);
        assert_eq!(r.code, 1, "{r:?}");
        assert!(r.stderr.contains(", one of three13's own files; name another file for the output"), "{r:?}");
    }
    let r = t.run(&["export", "-o", "data/sessions/../sessions/g.toml"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("it is the file of session g, one of three13's own files"), "{r:?}");
    assert_eq!(std::fs::read(t.session_file("g")).unwrap(), before);
    let names: Vec<String> = std::fs::read_dir(t.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "data")
        .collect();
    assert_eq!(names, ["out.csv"], "no temporary file is left beside the output");
}

/// A session file edited by hand, with comments and Windows line endings:
/// a round recorded keeps the comments.
#[test]
#[ignore = "run against a release build by scripts/windows-test.sh and scripts/static-test.sh"]
fn smoke_a_comment_in_the_session_file_is_kept() {
    let t = Built::new();
    t.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let file = t.session_file("g");
    let text = std::fs::read_to_string(&file).unwrap();
    let edited =
        format!("# Friday nights at Ann's\n{}", text.replace("players =", "# by the window\nplayers ="));
    // As a Windows editor saves it.
    std::fs::write(&file, edited.replace('\n', "\r\n")).unwrap();
    t.ok(&["round", "5", "0"]);
    // Saved with the line endings of the layout's own.
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.starts_with("# Friday nights at Ann's\n"), "{saved}");
    assert!(saved.contains("# by the window\nplayers ="), "{saved}");
    assert!(saved.contains("deadwood = { Ann = 5, Bob = 0 }"), "{saved}");
    assert_eq!(t.rounds(), 1);
    t.ok(&["undo", "--yes"]);
    assert!(std::fs::read_to_string(&file).unwrap().starts_with("# Friday nights at Ann's"));
}

/// Writers started together each wait for the lock: every round is kept.
#[test]
#[ignore = "run against a release build by scripts/windows-test.sh and scripts/static-test.sh"]
fn smoke_two_writers_at_once() {
    let t = Built::new();
    t.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    for _ in 0..2 {
        let children: Vec<Child> = (0..5).map(|i| t.spawn(&["round", &i.to_string(), "0"])).collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success(), "{out:?}");
        }
    }
    assert_eq!(t.rounds(), 10);
    let log = t.ok(&["log"]).stdout;
    assert!(log.starts_with("Log of g: 10 changes since it was started"), "{log}");
    assert_eq!(log.matches(" recorded\n").count(), 10, "{log}");
}

/// What a save killed midway leaves never spoils the session: the file
/// holds the old rounds or the new, the next writer clears the leftovers,
/// and a file that cannot be written is left as it was.
#[test]
#[ignore = "run against a release build by scripts/windows-test.sh and scripts/static-test.sh"]
fn smoke_a_save_cut_short_leaves_the_file_whole() {
    let t = Built::new();
    t.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    let file = t.session_file("g");
    let whole = std::fs::read(&file).unwrap();
    // A save killed before its rename: half a file beside the session.
    let half = t.data_dir().join("sessions").join(".g.toml.a1B2c3.tmp");
    std::fs::write(&half, &whole[..whole.len() / 2]).unwrap();
    assert_eq!(t.rounds(), 0);
    assert_eq!(t.session_folder(), [".g.toml.a1B2c3.tmp", "g.toml"]);
    t.ok(&["round", "1", "2"]);
    assert_eq!(t.session_folder(), ["g.toml"]);

    // Killed at any moment, a writer leaves the rounds before it or after.
    // Eight tries, so that the game of eleven rounds has room for them all.
    for delay in [0, 10, 20, 40, 80, 160, 320, 640] {
        let before = t.rounds();
        let mut child = t.spawn(&["round", "3", "4"]);
        std::thread::sleep(std::time::Duration::from_millis(delay));
        let _ = child.kill();
        let _ = child.wait();
        let after = t.rounds();
        assert!(after == before || after == before + 1, "{delay} ms: {before} then {after}");
    }
    t.ok(&["round", "1", "1"]);
    assert_eq!(t.session_folder(), ["g.toml"]);

    // A read-only file is left alone, and the person told how to change it.
    let before = std::fs::read(&file).unwrap();
    let mut read_only = std::fs::metadata(&file).unwrap().permissions();
    read_only.set_readonly(true);
    std::fs::set_permissions(&file, read_only).unwrap();
    let r = t.run(&["round", "1", "2"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("the file is read-only, so three13 leaves it as it is"), "{r:?}");
    let how = if t.windows() { "(attrib -r)" } else { "(chmod u+w)" };
    assert!(r.stderr.contains(how), "{r:?}");
    assert_eq!(std::fs::read(&file).unwrap(), before);
    assert_eq!(t.session_folder(), ["g.toml"]);
}

/// Off a console, output has no colour and the full layout; COLUMNS sets
/// the width, and `--color always` colours it all the same.
#[test]
#[ignore = "run against a release build by scripts/windows-test.sh and scripts/static-test.sh"]
fn smoke_colour_and_width_off_a_console() {
    let t = Built::new();
    t.ok(&["new", "g", "-p", "Annabel", "-p", "Bartholomew", "-p", "Cyrus", "-p", "Dorothea"]);
    for _ in 0..3 {
        t.ok(&["round", "10", "20", "30", "0"]);
    }
    let plain = [("NO_COLOR", None), ("COLUMNS", None)];
    let r = t.run_with(&["table"], &plain);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(!r.stdout.contains('\u{1b}'), "{}", r.stdout);
    assert!(r.stdout.lines().all(|l| l.is_ascii()), "{}", r.stdout);
    let full = r.stdout.lines().map(width).max().unwrap();
    assert!(full > 60, "the full layout: {}", r.stdout);

    let r = t.run_with(&["table"], &[("NO_COLOR", None), ("COLUMNS", Some("40"))]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.lines().all(|l| width(l) <= 40), "{}", r.stdout);
    assert!(r.stdout.contains("Leader: Dorothea, with 0"), "{}", r.stdout);

    let r = t.run_with(&["table", "--color", "always"], &plain);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("\u{1b}["), "{}", r.stdout);
    let r = t.run_with(&["table", "--color", "always"], &[("COLUMNS", None)]);
    assert!(r.stdout.contains("\u{1b}["), "--color always outweighs NO_COLOR: {}", r.stdout);

    // An error off a console: one line, no colour.
    let r = t.run_with(&["round", "1"], &plain);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.starts_with("error: "), "{r:?}");
    assert!(!r.stderr.contains('\u{1b}'), "{r:?}");
}

/// Without THREE13_DATA_DIR, the data lives where the system keeps each
/// user's application data (on Windows, the roaming AppData folder).
#[test]
#[ignore = "run against a release build by scripts/windows-test.sh and scripts/static-test.sh"]
fn smoke_the_default_data_folder() {
    let t = Built::new();
    let unset = [("THREE13_DATA_DIR", None)];
    let r = t.run_with(&["path"], &unset);
    assert_eq!(r.code, 0, "{r:?}");
    let folder = r.stdout.lines().next().unwrap_or_default().to_string();
    if t.windows() {
        assert!(folder.contains("\\AppData\\Roaming\\"), "{folder}");
    } else {
        assert!(folder.starts_with(&t.dir.path().display().to_string()), "{folder}");
    }
    // A name of its own: a Wine prefix keeps its AppData from one run to
    // the next.
    let name = format!("smoke{}", std::process::id());
    let r = t.run_with(&["new", &name, "-p", "Ann", "-p", "Bob"], &unset);
    assert_eq!(r.code, 0, "{r:?}");
    let r = t.run_with(&["round", "-s", &name, "4", "0"], &unset);
    assert_eq!(r.code, 0, "{r:?}");
    let r = t.run_with(&["path"], &unset);
    assert!(r.stdout.contains(&format!("{name}.toml")), "{r:?}");
    let r = t.run_with(&["delete", &name, "--yes"], &unset);
    assert_eq!(r.code, 0, "{r:?}");
}
