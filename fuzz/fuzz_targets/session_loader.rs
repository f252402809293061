//! Any bytes either load as a session or are refused with a message; a
//! session that loads writes back, into a new file or into the one it was
//! read from, to text that loads to the same session.
#![no_main]

use libfuzzer_sys::fuzz_target;
use three13::fuzzing::{parse_session, save_into, text_of, to_toml};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = text_of(data.to_vec()) else { return };
    if let Ok(session) = parse_session(&text, "fuzz") {
        let again = parse_session(&to_toml(&session), "fuzz").expect("a written session loads");
        assert_eq!(again, session);
        let saved = save_into(&text, "fuzz", &session).expect("a loaded file loads");
        assert_eq!(parse_session(&saved, "fuzz").expect("a saved session loads"), session);
    }
});
