//! The time of a change, as the files keep it.

use jiff::Timestamp;

/// Now, to the second: the files stay readable.
pub(crate) fn now() -> Timestamp {
    let t = Timestamp::now();
    Timestamp::from_second(t.as_second()).unwrap_or(t)
}

/// The time taken to answer a question, from when it was asked.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stopwatch(std::time::Instant);

/// In a debug build (the tests'), each answer takes this many seconds
/// when set, whatever the wall clock says, so a timed run is tested to
/// the second without waiting.
#[cfg(debug_assertions)]
const ANSWER_SECONDS_ENV: &str = "THREE13_ANSWER_SECONDS";

impl Stopwatch {
    pub(crate) fn start() -> Stopwatch {
        Stopwatch(std::time::Instant::now())
    }

    /// The time since the question was asked.
    pub(crate) fn elapsed(&self) -> std::time::Duration {
        #[cfg(debug_assertions)]
        if let Some(s) = std::env::var(ANSWER_SECONDS_ENV).ok().and_then(|v| v.trim().parse::<u64>().ok()) {
            return std::time::Duration::from_secs(s);
        }
        self.0.elapsed()
    }
}
