//! The one integration-test binary: every test of the real `three13`.

mod common;

mod assets;
mod brute;
mod check;
mod help;
mod parser_props;
mod pipes;
#[cfg(unix)]
mod prompts;
mod reports;
mod score;
mod solver_props;
mod storage;
mod variants;
