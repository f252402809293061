//! Running the real binary in an isolated environment.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What one run of `three13` gave.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// A temporary data folder and a clean environment for `three13`.
#[allow(dead_code)]
pub struct Env {
    pub dir: tempfile::TempDir,
}

#[allow(dead_code)]
impl Env {
    pub fn new() -> Env {
        Env { dir: tempfile::tempdir().expect("a temporary folder") }
    }

    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The command with a fixed, isolated environment.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_three13"));
        cmd.args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.dir.path())
            .env("THREE13_DATA_DIR", self.data_dir())
            .env("NO_COLOR", "1")
            .env("COLUMNS", "100")
            .env("TZ", "UTC")
            .current_dir(self.dir.path());
        cmd
    }

    /// Runs `three13 ARGS` with `stdin` (empty when None).
    pub fn run_with(&self, args: &[&str], stdin: Option<&[u8]>) -> Run {
        let mut cmd = self.command(args);
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("three13 starts");
        let input = stdin.map(<[u8]>::to_vec).unwrap_or_default();
        let mut pipe = child.stdin.take().expect("stdin");
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
        let out = child.wait_with_output().expect("three13 runs");
        writer.join().expect("stdin written");
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with(args, None)
    }

    /// Runs `three13 ARGS`, which must succeed.
    pub fn ok(&self, args: &[&str]) -> Run {
        let r = self.run(args);
        assert_eq!(r.code, 0, "three13 {args:?} failed: {r:?}");
        r
    }

    /// Runs `three13 ARGS`, which must fail with `code` and print exactly
    /// `error: MESSAGE` on stderr, and nothing on stdout.
    pub fn fails(&self, args: &[&str], code: i32, message: &str) {
        let r = self.run(args);
        assert_eq!((r.code, r.stderr.as_str()), (code, format!("error: {message}\n").as_str()), "{args:?}");
        assert_eq!(r.stdout, "", "{args:?}");
    }

    /// The file of session `name`.
    pub fn session_file(&self, name: &str) -> PathBuf {
        self.data_dir().join("sessions").join(format!("{name}.toml"))
    }

    /// The bytes of session `name`'s file.
    pub fn session_bytes(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.session_file(name)).expect("the session file")
    }

    /// The files of the sessions folder, sorted.
    pub fn session_folder(&self) -> Vec<String> {
        file_names(&self.data_dir().join("sessions"))
    }

    /// `three13 table --json` of the current session (or ARGS).
    pub fn table_json(&self, args: &[&str]) -> serde_json::Value {
        let mut all = vec!["table", "--json"];
        all.extend_from_slice(args);
        serde_json::from_str(&self.ok(&all).stdout).expect("JSON")
    }

    pub fn run_stdin(&self, args: &[&str], stdin: &str) -> Run {
        self.run_with(args, Some(stdin.as_bytes()))
    }
}

#[allow(dead_code)]
impl Env {
    /// Runs `three13 ARGS` with the environment changed by `vars`; must succeed.
    pub fn ok_with(&self, vars: &[(&str, &str)], args: &[&str]) -> Run {
        let mut cmd = self.command(args);
        for (k, v) in vars {
            cmd.env(k, v);
        }
        let out = cmd.stdin(Stdio::null()).output().expect("three13 runs");
        let r = Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        assert_eq!(r.code, 0, "three13 {args:?} failed: {r:?}");
        r
    }
}

/// The columns a line takes on a terminal, colour codes taking none.
#[allow(dead_code)]
pub fn width(line: &str) -> usize {
    use unicode_width::UnicodeWidthStr;
    let mut plain = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain.width()
}

/// The names of the files in `dir`, sorted.
pub fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the folder")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
