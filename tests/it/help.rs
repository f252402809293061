//! Usage errors: exit code 2 with clap's message. (Every help having
//! examples is checked in `assets.rs`, from clap's own list of subcommands.)

use crate::common::Env;

#[test]
fn usage_errors_exit_2() {
    let env = Env::new();
    let r = env.run(&["round", "--bogus"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.starts_with("error: unexpected argument '--bogus' found"), "{}", r.stderr);
    let r = env.run(&["edit", "x", "Ann", "3"]);
    assert_eq!(r.code, 2);
}
