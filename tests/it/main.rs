//! The one integration-test binary: every test of the real `three13`.

mod common;

mod brute;
mod check;
mod parser_props;
mod solver_props;
