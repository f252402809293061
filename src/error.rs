//! The one error type of the command line, and the exit codes it maps to.

use std::fmt;

/// Exit code for a runtime or data error: a bad hand, a damaged file.
pub const EXIT_DATA: u8 = 1;
/// Exit code for a usage error: a bad flag, setting or argument.
pub const EXIT_USAGE: u8 = 2;

/// An error to report on stderr, with the exit code it ends the program with.
#[derive(Debug)]
pub struct Error {
    pub code: u8,
    pub message: String,
}

impl Error {
    /// A runtime or data error (exit 1).
    pub fn data(message: impl Into<String>) -> Error {
        Error { code: EXIT_DATA, message: message.into() }
    }

    /// A usage error (exit 2).
    pub fn usage(message: impl Into<String>) -> Error {
        Error { code: EXIT_USAGE, message: message.into() }
    }

    /// The output went to a closed pipe: stop quietly, successfully.
    pub fn closed_pipe() -> Error {
        Error { code: 0, message: String::new() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Error::closed_pipe()
        } else {
            Error::data(format!("cannot write the output: {e}"))
        }
    }
}

impl From<crate::hand::HandError> for Error {
    fn from(e: crate::hand::HandError) -> Error {
        Error::data(e.to_string())
    }
}

impl From<crate::rules::RulesError> for Error {
    fn from(e: crate::rules::RulesError) -> Error {
        Error::usage(e.to_string())
    }
}

impl From<crate::sheet::SheetError> for Error {
    fn from(e: crate::sheet::SheetError) -> Error {
        if e.usage { Error::usage(e.message) } else { Error::data(e.message) }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
