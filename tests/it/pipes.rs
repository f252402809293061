//! Output cut short by a reader that goes away: a quiet success.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use crate::common::Env;

/// Like `three13 check < hands | head -1`: the reader takes one line and
/// closes the pipe while three13 still has far more to write than the pipe
/// holds, so a later write must meet the closed pipe.
#[test]
fn check_into_a_reader_that_stops_early() {
    let env = Env::new();
    let mut child = env
        .command(&["check", "--round", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("three13 starts");
    // About 3,000 reports of some 250 bytes each: several pipes full.
    let hands = "9h 4d Kh 5c\n".repeat(3000);
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // three13 may stop reading before the end; that is the point.
        let _ = stdin.write_all(hands.as_bytes());
    });
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("a first line");
    assert_eq!(first, "Round 1: 3 cards dealt, 4 held after the draw, threes wild (rules: standard)\n");
    drop(stdout);
    let out = child.wait_with_output().expect("three13 ends");
    writer.join().expect("stdin written");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
