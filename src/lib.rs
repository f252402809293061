//! `three13`: the score sheet and exact hand checker for Three Thirteen.
//!
//! The domain (cards, rules, the solver, the score sheet) is plain data and
//! pure functions; the command line, prompts and files sit at the edge.

pub mod analysis;
pub mod card;
pub mod hand;
pub mod rules;
pub mod solver;
