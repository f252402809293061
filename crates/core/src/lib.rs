//! The game of Three Thirteen: cards, the rules and their variants, the
//! exact meld solver, the analysis of a hand, the score sheet and the
//! statistics across games.
//!
//! Plain types and pure functions: nothing here prints, reads a file or
//! knows of a command line. Errors are enums carrying what a message needs;
//! the wording is the caller's.

#![warn(unreachable_pub)]

pub mod analysis;
pub mod card;
pub mod declared;
pub mod hand;
pub mod league;
pub mod meld;
pub mod play;
pub mod rules;
pub mod sheet;
pub mod solver;
pub mod stats;
