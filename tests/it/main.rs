//! The one integration-test binary: every test of the real `three13`.

mod common;

mod check;
mod score;
mod storage;
