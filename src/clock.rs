//! The time of a change, as the files keep it.

use jiff::Timestamp;

/// Now, to the second: the files stay readable.
pub(crate) fn now() -> Timestamp {
    let t = Timestamp::now();
    Timestamp::from_second(t.as_second()).unwrap_or(t)
}
