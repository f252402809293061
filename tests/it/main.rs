//! The one integration-test binary: every test of the real `three13`.

mod common;

mod check;
mod help;
#[cfg(unix)]
mod prompts;
mod reports;
mod score;
mod storage;
mod variants;
