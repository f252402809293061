//! The use cases, between the faces (the terminal, the pages) and the game
//! and the store: each takes typed input and returns a typed outcome, and
//! never prints or asks.

pub(crate) mod check;
pub(crate) mod league;
