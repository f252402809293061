//! The one integration-test binary: every test of the real `three13`.

mod common;
mod generated;

mod assets;
mod away;
mod browser;
mod check;
mod check_faces;
mod comments;
mod completion;
mod corrections;
mod drill;
mod entry;
mod folder;
mod fourth;
mod games;
mod help;
mod hostile;
mod joiners;
mod json;
mod league;
mod log;
mod names;
mod outputs;
mod over_time;
mod pipes;
#[cfg(unix)]
mod prompts;
mod release;
mod reliability;
mod reports;
mod score;
mod serve;
mod serve_drill;
#[cfg(target_os = "linux")]
mod serve_limits;
mod sheet;
mod sheets;
mod sim;
mod smaller;
mod smoke;
mod storage;
mod variants;
mod views;
mod width;
