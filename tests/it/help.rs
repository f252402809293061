//! Every subcommand's help ends with examples.

use crate::common::Env;

#[test]
fn every_subcommand_has_examples() {
    let env = Env::new();
    for sub in [
        "check", "new", "round", "table", "undo", "edit", "sessions", "use", "delete", "rules", "stats",
        "export", "path",
    ] {
        let r = env.ok(&[sub, "--help"]);
        assert!(r.stdout.contains("\nExamples:\n  three13 "), "{sub}: {}", r.stdout);
    }
}

#[test]
fn usage_errors_exit_2() {
    let env = Env::new();
    let r = env.run(&["round", "--bogus"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.starts_with("error: unexpected argument '--bogus' found"), "{}", r.stderr);
    let r = env.run(&["edit", "x", "Ann", "3"]);
    assert_eq!(r.code, 2);
}
