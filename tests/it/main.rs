//! The one integration-test binary: every test of the real `three13`.

mod common;
mod generated;

mod assets;
mod browser;
mod check;
mod comments;
mod completion;
mod corrections;
mod entry;
mod folder;
mod games;
mod help;
mod hostile;
mod json;
mod log;
mod names;
mod outputs;
mod over_time;
mod pipes;
#[cfg(unix)]
mod prompts;
mod reliability;
mod reports;
mod score;
mod serve;
mod sheet;
mod sim;
mod smaller;
mod storage;
mod variants;
mod views;
mod width;
