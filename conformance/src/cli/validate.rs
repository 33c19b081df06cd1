//! `visa-conform validate`: whole assembly texts (IGC dumps) checked line by line.

use std::io::{self, Write};

use clap::Args;
use visa_model::asm;
use visa_model::error::VisaError;

use super::input::read_text;
use crate::exit::{EXIT_FAIL, EXIT_INPUT, EXIT_OK};
use crate::input::clip_message;

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Assembly text files (`.visaasm` dumps, or any program text).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// The platform the texts are for (gen9, gen11, xe-lp, xe-hpg, xe-hpc, xe2).
    #[arg(long)]
    pub platform: String,
    /// Read this erratum literally (repeatable; the default is every erratum resolved).
    #[arg(long = "literal", value_name = "ERRATUM")]
    pub literal: Vec<String>,
}

/// `validate`: every rejected line as `FILE:LINE:COL: CLASS in FIELD: MESSAGE` on stdout,
/// then one summary line per file; exit 1 when any line is invalid (instructions this
/// version does not execute are counted, not failures).
pub(super) fn run(args: &ValidateArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let platform = match args.platform.parse::<visa_model::platform::Platform>() {
        Ok(p) => p,
        Err(e) => {
            writeln!(err, "--platform: {e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    let mut readings = visa_model::errata::Readings::resolved();
    for id in &args.literal {
        if let Err(e) = readings.set(id, visa_model::errata::Reading::Literal) {
            writeln!(err, "--literal: {e}")?;
            return Ok(EXIT_INPUT);
        }
    }
    let mut status = EXIT_OK;
    for file in &args.files {
        let (name, text) = read_text(file, "assembly text");
        let text = match text {
            Ok(text) => text,
            Err(e) => {
                writeln!(err, "{e}")?;
                status = EXIT_INPUT;
                continue;
            }
        };
        let program = match asm::parse(&text) {
            Ok(program) => program,
            Err(e) => {
                writeln!(out, "{}", located(&name, &e))?;
                writeln!(out, "{name}: does not parse")?;
                status = status.max(EXIT_FAIL);
                continue;
            }
        };
        let survey = visa_model::validate::survey(&program, platform, &readings);
        for e in &survey.invalid {
            writeln!(out, "{}", located(&name, e))?;
        }
        // The instructions not executed, by mnemonic, most frequent first.
        let mut counts: Vec<(String, usize)> = Vec::new();
        for (what, _) in &survey.unsupported {
            match counts.iter_mut().find(|(w, _)| w == what) {
                Some((_, n)) => *n += 1,
                None => counts.push((what.clone(), 1)),
            }
        }
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let listed: Vec<String> = counts.iter().map(|(w, n)| format!("{w} {n}")).collect();
        let not_executed = if listed.is_empty() {
            String::new()
        } else {
            format!(" ({})", listed.join(", "))
        };
        writeln!(
            out,
            "{name}: {} instructions, {} invalid, {} not executed{not_executed}",
            survey.instructions,
            survey.invalid.len(),
            survey.unsupported.len(),
        )?;
        if !survey.invalid.is_empty() {
            status = status.max(EXIT_FAIL);
        }
    }
    Ok(status)
}

/// `NAME:LINE:COL: CLASS in FIELD: MESSAGE` (position and field when known).
fn located(name: &str, e: &VisaError) -> String {
    let at = e
        .pos
        .map_or_else(String::new, |p| format!(":{}:{}", p.line, p.col));
    let field = e
        .field
        .as_ref()
        .map_or_else(String::new, |f| format!(" in {f}"));
    format!(
        "{name}{at}: {}{field}: {}",
        e.class.as_str(),
        clip_message(&e.message)
    )
}
