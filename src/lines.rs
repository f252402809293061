//! Lines of text read from stdin, each kept to a bounded length.

use std::io::BufRead;

use crate::error::{Error, Result};

/// The longest line read from stdin; longer lines are refused, not stored.
pub(crate) const MAX_LINE: usize = 64 * 1024;

/// Reads one line (without its end) into `buf`, keeping at most MAX_LINE
/// bytes. None at the end of input; Some(true) when the line was too long.
pub(crate) fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<Option<bool>> {
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::data(format!("cannot read stdin: {e}"))),
        };
        if chunk.is_empty() {
            return Ok(read_any.then_some(too_long));
        }
        read_any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if buf.len() + part.len() > MAX_LINE {
            too_long = true;
        } else {
            buf.extend_from_slice(part);
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(Some(too_long));
        }
    }
}
