//! The one integration-test binary: every test of the real `three13`.

mod common;
mod generated;

mod assets;
mod check;
mod comments;
mod completion;
mod corrections;
mod folder;
mod help;
mod hostile;
mod json;
mod names;
mod outputs;
mod pipes;
#[cfg(unix)]
mod prompts;
mod reliability;
mod reports;
mod score;
mod sheet;
mod storage;
mod variants;
