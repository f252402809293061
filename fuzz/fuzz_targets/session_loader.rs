//! Any bytes either load as a session or are refused with a message; a
//! session that loads writes back to text that loads to the same session.
#![no_main]

use libfuzzer_sys::fuzz_target;
use three13::store::{parse_session, text_of, to_toml};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = text_of(data.to_vec()) else { return };
    if let Ok(session) = parse_session(&text, "fuzz") {
        let again = parse_session(&to_toml(&session), "fuzz").expect("a written session loads");
        assert_eq!(again, session);
    }
});
