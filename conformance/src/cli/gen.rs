//! `visa-conform gen`: the golden vectors, the catalog's vectors and their manifest.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;

use crate::exit::{EXIT_FAIL, EXIT_INPUT, EXIT_OK};
use crate::golden;

#[derive(Debug, Args)]
pub struct GenArgs {
    /// The vectors directory to write (`<family>/<instruction>.jsonl` and MANIFEST.json).
    #[arg(long, default_value = "vectors")]
    pub out: PathBuf,
    /// The generator seed; the committed vectors use the default.
    #[arg(long, default_value_t = golden::DEFAULT_SEED)]
    pub seed: u64,
    /// Cases per instruction and platform.
    #[arg(long, default_value_t = golden::DEFAULT_CASES)]
    pub cases: usize,
    /// The accuracy contract of the approximated math results' intervals (intel-hw, the
    /// committed vectors'; correctly-rounded; opencl-full).
    #[arg(long, default_value = "intel-hw", value_name = "NAME", value_parser = crate::dut::certify::parse_contract)]
    pub contract: visa_model::contract::Contract,
}

/// `gen`: writes the golden vectors and reports what it wrote.
pub(super) fn run(args: &GenArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    // The generated streams, the launch cases (vectors/launch/), then the hand-derived
    // catalogs (vectors/catalog/).
    let files = match golden::generate(args.seed, args.cases).and_then(|mut files| {
        files.extend(golden::launch_files(args.seed, golden::LAUNCH_CASES)?);
        files.extend(crate::catalog::golden_files().map_err(|e| e.to_string())?);
        Ok(files)
    }) {
        Ok(files) => files,
        Err(message) => {
            writeln!(err, "gen: {message}")?;
            return Ok(EXIT_FAIL);
        }
    };
    let files = if args.contract == visa_model::contract::Contract::default() {
        files
    } else {
        match files
            .into_iter()
            .map(|f| crate::expect::contract::rewiden_file(f, args.contract))
            .collect::<Result<Vec<_>, String>>()
        {
            Ok(files) => files,
            Err(message) => {
                writeln!(err, "gen: {message}")?;
                return Ok(EXIT_FAIL);
            }
        }
    };
    if let Err(e) = crate::vector::manifest::write(&args.out, &files, args.seed) {
        writeln!(err, "gen: cannot write {}: {e}", args.out.display())?;
        return Ok(EXIT_INPUT);
    }
    for f in &files {
        writeln!(
            out,
            "{}: {} cases",
            args.out.join(f.file).display(),
            f.cases
        )?;
    }
    Ok(EXIT_OK)
}
