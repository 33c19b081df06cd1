//! What `exec`, `fmt` and `validate` read: one file, or stdin for `-`, as bytes or as program
//! text.

use std::io;

use crate::input::{looks_binary, read_bounded, utf8_text, MAX_LINE_BYTES};

/// Why a file was not read.
pub(super) enum ReadError {
    /// It holds more bytes than the limit; no more than the limit was read.
    TooLong,
    /// The system's reason.
    Io(io::Error),
}

/// The name to report for `arg`: the path, or `<stdin>` for `-`.
pub(super) fn shown_name(arg: &str) -> String {
    if arg == "-" {
        "<stdin>".to_string()
    } else {
        arg.to_string()
    }
}

/// Reads a file, or stdin for `-`, of at most `limit` bytes.
pub(super) fn read_limited(arg: &str, limit: usize) -> Result<Vec<u8>, ReadError> {
    let data = if arg == "-" {
        read_bounded(io::stdin().lock(), limit)
    } else {
        std::fs::File::open(arg).and_then(|f| read_bounded(f, limit))
    };
    match data {
        Ok(Some(data)) => Ok(data),
        Ok(None) => Err(ReadError::TooLong),
        Err(e) => Err(ReadError::Io(e)),
    }
}

/// Reads a file, or stdin for `-`, of at most [`MAX_LINE_BYTES`] (`exec` and `fmt` read
/// one case or one program, which a vector holds on one line); returns the name to report
/// and the bytes or why they were not read.
pub(super) fn read_input(arg: &str) -> (String, Result<Vec<u8>, String>) {
    let data = read_limited(arg, MAX_LINE_BYTES).map_err(|e| match e {
        ReadError::TooLong => {
            format!("longer than {MAX_LINE_BYTES} bytes (the limit of one case or program)")
        }
        ReadError::Io(e) => e.to_string(),
    });
    (shown_name(arg), data)
}

/// The bytes of the file `name` as text of the kind `what` names (`assembly text`, `JSON`);
/// the error is the message to print: a file that looks binary says so, and a byte that is
/// not UTF-8 is named with its line and column (`NAME:LINE:COL: not UTF-8 text ...`).
pub(super) fn text_of(name: &str, data: Vec<u8>, what: &str) -> Result<String, String> {
    if let Some(why) = looks_binary(&data) {
        return Err(format!(
            "{name}: looks like a binary file ({why}), not {what}"
        ));
    }
    utf8_text(data).map_err(|e| format!("{name}:{e}"))
}

/// Reads a file, or stdin for `-`, of at most [`MAX_LINE_BYTES`] as text ([`text_of`]);
/// returns the name to report and the text or the message to print.
pub(super) fn read_text(arg: &str, what: &str) -> (String, Result<String, String>) {
    let (name, data) = read_input(arg);
    let text = data
        .map_err(|e| format!("{name}: {e}"))
        .and_then(|data| text_of(&name, data, what));
    (name, text)
}
