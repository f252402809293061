//! The game crate's one integration-test binary: the solver and the hand
//! parser against independent references, without building the CLI.

mod advice_props;
mod brute;
mod game_props;
mod meld_props;
mod parser_props;
mod solver_props;
