//! What `exec` and `fmt` and `validate` read: one file, or stdin for `-`.

use std::io;

use crate::input::{read_bounded, MAX_LINE_BYTES};

/// Reads a file, or stdin for `-`, of at most [`MAX_LINE_BYTES`] (`exec` and `fmt` read
/// one case or one program, which a vector holds on one line); returns the name to report
/// and the bytes or why they were not read.
pub(super) fn read_input(arg: &str) -> (String, Result<Vec<u8>, String>) {
    let (name, data) = if arg == "-" {
        let name = "<stdin>".to_string();
        (name, read_bounded(io::stdin().lock(), MAX_LINE_BYTES))
    } else {
        let data = std::fs::File::open(arg).and_then(|f| read_bounded(f, MAX_LINE_BYTES));
        (arg.to_string(), data)
    };
    let data = match data {
        Ok(Some(data)) => Ok(data),
        Ok(None) => Err(format!(
            "longer than {MAX_LINE_BYTES} bytes (the limit of one case or program)"
        )),
        Err(e) => Err(e.to_string()),
    };
    (name, data)
}
