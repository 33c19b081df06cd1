//! `visa-conform fmt`: vISA assembly text in canonical form.

use std::io::{self, Write};

use clap::Args;
use visa_model::asm;

use super::input::read_input;
use crate::exit::{EXIT_INPUT, EXIT_OK};
use crate::input::clip_message;

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// An assembly text file, or `-` for stdin.
    pub file: String,
}

/// `fmt`: prints an assembly text in canonical form.
pub(super) fn run(args: &FmtArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (name, data) = read_input(&args.file);
    let text = match data.map(String::from_utf8) {
        Ok(Ok(text)) => text,
        Ok(Err(e)) => {
            writeln!(err, "{name}: not UTF-8 text: {e}")?;
            return Ok(EXIT_INPUT);
        }
        Err(e) => {
            writeln!(err, "{name}: {e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    match asm::parse(&text) {
        Ok(program) => {
            write!(out, "{}", asm::print(&program))?;
            Ok(EXIT_OK)
        }
        Err(e) => {
            let message = clip_message(&e.message);
            match e.pos {
                Some(pos) => writeln!(err, "{name}:{}:{}: {message}", pos.line, pos.col)?,
                None => writeln!(err, "{name}: {message}")?,
            }
            Ok(EXIT_INPUT)
        }
    }
}
