//! `visa-conform fmt`: vISA assembly text in canonical form.

use std::io::{self, Write};

use clap::Args;
use visa_model::asm;
use visa_model::asm::ast::LineKind;
use visa_model::ir::send;
use visa_model::platform::Platform;

use super::input::read_text;
use crate::exit::{EXIT_INPUT, EXIT_OK};
use crate::input::clip_message;

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// An assembly text file, or `-` for stdin.
    pub file: String,
    /// Print beside each raw send (`raw_send`, `raw_sends`) the message its descriptors
    /// decode to, as a `//` comment.
    #[arg(long)]
    pub explain: bool,
    /// The platform the descriptors are decoded for (with `--explain`).
    #[arg(long, default_value = "xe-hpg")]
    pub platform: String,
}

/// `fmt`: prints an assembly text in canonical form.
pub(super) fn run(args: &FmtArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (name, text) = read_text(&args.file, "assembly text");
    let text = match text {
        Ok(text) => text,
        Err(e) => {
            writeln!(err, "{e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    match asm::parse(&text) {
        Ok(program) if args.explain => {
            let platform = match args.platform.parse::<Platform>() {
                Ok(p) => p,
                Err(e) => {
                    writeln!(err, "--platform: {e}")?;
                    return Ok(EXIT_INPUT);
                }
            };
            for line in &program.lines {
                let text = asm::print_line(line);
                let comment = match &line.kind {
                    LineKind::Insn(insn) => send::explain(insn, platform),
                    _ => None,
                };
                match comment {
                    Some(c) => writeln!(out, "{text} // {c}")?,
                    None => writeln!(out, "{text}")?,
                }
            }
            Ok(EXIT_OK)
        }
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
