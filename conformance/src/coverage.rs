//! `visa-conform coverage`: which instructions, type signatures and platforms the vector
//! files exercise, and which destination types of the forms table they never reach.
//!
//! Every case is parsed and validated as its engine would see it; each instruction of the
//! validated program counts its case once into the cell (instruction, type signature,
//! platform), with sub-counts of cases using `.sat`, a source modifier, a predicate, or a
//! literal erratum reading. Cases that do not validate (they expect an error) are counted
//! apart. Output is deterministic: every map is ordered.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use serde_json::{Map, Value};
use visa_model::asm;
use visa_model::errata::Reading;

use visa_model::ir::{Instruction, Opcode};
use visa_model::platform::Platform;
use visa_model::types::DataType;
use visa_model::validate::validate_with;

use crate::exit::{EXIT_FAIL, EXIT_INPUT, EXIT_OK};
use crate::gen::{exists_on, expected_dsts};
use crate::vector::{read_file, vector_files, Case, Entry};

#[derive(Debug, Args)]
pub struct CoverageArgs {
    /// Vector files and directories (walked recursively for `*.jsonl`, in sorted order).
    #[arg(default_value = "vectors")]
    pub paths: Vec<PathBuf>,
    /// Also write the matrix as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Exit 1 if some executed instruction has fewer than N cases on a platform its forms
    /// admit.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub min: u64,
    /// Print instead one line per instruction document of the vISA specification (all 127)
    /// with what the project does with it, and a closing count line.
    #[arg(long, conflicts_with_all = ["json", "min"])]
    pub documents: bool,
}

/// One line per instruction document, `NAME.md: STATUS`, and the closing count line:
/// STATUS is `executed` (both engines), `executed through OTHER.md`, or `declared: REASON`.
pub fn documents_report() -> String {
    use visa_model::documents::{status, Status, DOCUMENTS};
    let (mut executed, mut through, mut declared) = (0, 0, 0);
    let mut text = String::new();
    for doc in DOCUMENTS {
        let line = match status(doc) {
            Some(Status::Executed) => {
                executed += 1;
                format!("{doc}: executed")
            }
            Some(Status::Through(other)) => {
                through += 1;
                format!("{doc}: executed through {other}")
            }
            Some(Status::Declared(why)) => {
                declared += 1;
                format!("{doc}: declared: {why}")
            }
            // The model's own test gives every document a status.
            None => format!("{doc}: no status"),
        };
        text.push_str(&line);
        text.push('\n');
    }
    text.push_str(&format!(
        "{} documents: {executed} executed, {through} executed through another, {declared} declared\n",
        DOCUMENTS.len()
    ));
    text
}

/// Case counts of one cell, instruction or instruction × platform.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub cases: u64,
    /// Cases with `.sat` on an instruction of the cell.
    pub sat: u64,
    /// Cases with a source modifier on an instruction of the cell.
    pub modifiers: u64,
    /// Cases with a predicated instruction of the cell.
    pub predicated: u64,
    /// Cases that pin the literal reading of some erratum.
    pub literal_errata: u64,
}

impl Counts {
    fn add(&mut self, flags: Flags, literal: bool) {
        self.cases += 1;
        self.sat += u64::from(flags.sat);
        self.modifiers += u64::from(flags.modifiers);
        self.predicated += u64::from(flags.predicated);
        self.literal_errata += u64::from(literal);
    }

    fn to_value(self) -> Value {
        let mut m = Map::new();
        m.insert("cases".into(), self.cases.into());
        m.insert("sat".into(), self.sat.into());
        m.insert("modifiers".into(), self.modifiers.into());
        m.insert("predicated".into(), self.predicated.into());
        m.insert("literal_errata".into(), self.literal_errata.into());
        Value::Object(m)
    }
}

/// What the instructions of one case that fall into one cell use.
#[derive(Clone, Copy, Debug, Default)]
struct Flags {
    sat: bool,
    modifiers: bool,
    predicated: bool,
}

impl Flags {
    fn of(insn: &Instruction) -> Flags {
        Flags {
            sat: insn.sat,
            modifiers: insn.sources().any(|s| s.modifier().is_some()),
            predicated: insn.pred.is_some(),
        }
    }

    fn or(self, other: Flags) -> Flags {
        Flags {
            sat: self.sat || other.sat,
            modifiers: self.modifiers || other.modifiers,
            predicated: self.predicated || other.predicated,
        }
    }
}

/// The coverage of one instruction.
#[derive(Clone, Debug, Default)]
pub struct InsnCoverage {
    pub total: Counts,
    pub by_platform: BTreeMap<Platform, Counts>,
    /// Type signature (`dst<-src0,src1`) → platform → counts.
    pub cells: BTreeMap<String, BTreeMap<Platform, Counts>>,
}

/// The coverage of a set of vector files.
#[derive(Clone, Debug, Default)]
pub struct Coverage {
    pub files: u64,
    /// Well-formed cases read.
    pub cases: u64,
    /// Cases whose program does not parse or validate (error cases); they fill no cell.
    pub not_validated: u64,
    /// Malformed lines and cases, reported and skipped.
    pub malformed: Vec<String>,
    /// Files and directories that cannot be read.
    pub unreadable: Vec<String>,
    pub insns: BTreeMap<Opcode, InsnCoverage>,
    /// Destination types seen, by instruction and platform.
    pub seen_dst: BTreeSet<(Opcode, Platform, DataType)>,
}

/// The type signature of an instruction: `dst<-src0,src1,...` in lower-case type names.
pub fn signature(insn: &Instruction) -> String {
    let srcs: Vec<&str> = insn.sources().map(|s| s.ty().text()).collect();
    format!("{}<-{}", insn.dst.ty().text(), srcs.join(","))
}

impl Coverage {
    /// Counts one case. A case that does not parse or validate counts as not validated.
    pub fn add_case(&mut self, case: &Case) -> Result<(), String> {
        let readings = case.readings()?;
        self.cases += 1;
        let program = match asm::parse(&case.program)
            .and_then(|ast| validate_with(&ast, case.platform, &readings))
        {
            Ok(p) => p,
            Err(_) => {
                self.not_validated += 1;
                return Ok(());
            }
        };
        let literal = case.errata.values().any(|r| *r == Reading::Literal);
        let platform = case.platform;
        // Each case counts once per cell and once per instruction.
        let mut cells: BTreeMap<(Opcode, String), Flags> = BTreeMap::new();
        let mut insns: BTreeMap<Opcode, Flags> = BTreeMap::new();
        for insn in &program.insns {
            let flags = Flags::of(insn);
            let cell = cells.entry((insn.opcode, signature(insn))).or_default();
            *cell = cell.or(flags);
            let per_insn = insns.entry(insn.opcode).or_default();
            *per_insn = per_insn.or(flags);
            self.seen_dst.insert((insn.opcode, platform, insn.dst.ty()));
        }
        for ((opcode, sig), flags) in cells {
            self.insns
                .entry(opcode)
                .or_default()
                .cells
                .entry(sig)
                .or_default()
                .entry(platform)
                .or_default()
                .add(flags, literal);
        }
        for (opcode, flags) in insns {
            let cov = self.insns.entry(opcode).or_default();
            cov.total.add(flags, literal);
            cov.by_platform
                .entry(platform)
                .or_default()
                .add(flags, literal);
        }
        Ok(())
    }

    /// Counts the entries of one file.
    pub fn add_entries(&mut self, entries: &[Entry]) {
        self.files += 1;
        for entry in entries {
            match &entry.case {
                Ok(case) => {
                    if let Err(e) = self.add_case(case) {
                        self.malformed
                            .push(format!("line {}: {}: {e}", entry.line, case.id));
                    }
                }
                Err(e) => self.malformed.push(e.to_string()),
            }
        }
    }

    /// Reads the vector files under `paths` (directories walked recursively for `*.jsonl`,
    /// in sorted order; a file named twice counts once).
    pub fn measure(paths: &[PathBuf]) -> Coverage {
        let mut cov = Coverage::default();
        for f in vector_files(paths) {
            match f.and_then(|f| read_file(&f)) {
                Ok(entries) => cov.add_entries(&entries),
                Err(e) => cov.unreadable.push(e.to_string()),
            }
        }
        cov
    }

    /// The cases of `opcode` on `platform`.
    pub fn cases(&self, opcode: Opcode, platform: Platform) -> u64 {
        self.insns
            .get(&opcode)
            .and_then(|c| c.by_platform.get(&platform))
            .map_or(0, |c| c.cases)
    }

    /// Destination types of the forms table never seen as the destination of their executed
    /// instruction on a platform the type map's gate admits: (instruction, type, platform).
    pub fn uncovered(&self) -> BTreeSet<(Opcode, DataType, Platform)> {
        let mut out = BTreeSet::new();
        for opcode in executed() {
            for platform in Platform::ALL {
                for dst in expected_dsts(opcode, platform) {
                    if !self.seen_dst.contains(&(opcode, platform, dst)) {
                        out.insert((opcode, dst, platform));
                    }
                }
            }
        }
        out
    }

    /// Executed instructions × platforms their forms admit with fewer than `min` cases.
    pub fn below(&self, min: u64) -> Vec<(Opcode, Platform, u64)> {
        let mut out = Vec::new();
        for opcode in executed() {
            let maps = opcode.form().type_maps;
            for platform in Platform::ALL {
                if !maps.iter().any(|m| m.gate.admits(platform)) || !exists_on(opcode, platform) {
                    continue;
                }
                let n = self.cases(opcode, platform);
                if n < min {
                    out.push((opcode, platform, n));
                }
            }
        }
        out
    }

    /// The instructions to report: every executed one, and any other one seen.
    fn reported(&self) -> BTreeSet<Opcode> {
        executed().chain(self.insns.keys().copied()).collect()
    }

    /// Prints the matrix, the summaries and the uncovered cells.
    pub fn print(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "coverage: {} files, {} cases ({} not validated, {} malformed lines)",
            self.files,
            self.cases,
            self.not_validated,
            self.malformed.len()
        )?;
        let empty = InsnCoverage::default();
        for opcode in self.reported() {
            let cov = self.insns.get(&opcode).unwrap_or(&empty);
            let name = opcode.mnemonic();
            let width = cov
                .cells
                .keys()
                .map(String::len)
                .chain([name.len(), "all".len()])
                .max()
                .unwrap_or(0);
            writeln!(out)?;
            write!(out, "{name:<width$}")?;
            for p in Platform::ALL {
                write!(out, " {:>7}", p.name())?;
            }
            writeln!(out)?;
            for (sig, by_platform) in &cov.cells {
                write!(out, "{sig:<width$}")?;
                for p in Platform::ALL {
                    let n = by_platform.get(&p).map_or(0, |c| c.cases);
                    write!(out, " {n:>7}")?;
                }
                writeln!(out)?;
            }
            write!(out, "{:<width$}", "all")?;
            for p in Platform::ALL {
                write!(out, " {:>7}", self.cases(opcode, p))?;
            }
            writeln!(out)?;
            let t = cov.total;
            writeln!(
                out,
                "{name}: {} cases, sat {}, modifiers {}, predicated {}, literal-errata {}",
                t.cases, t.sat, t.modifiers, t.predicated, t.literal_errata
            )?;
        }
        let uncovered = self.uncovered();
        writeln!(out)?;
        writeln!(out, "{} uncovered cells", uncovered.len())?;
        for (opcode, dst, platform) in uncovered {
            writeln!(
                out,
                "uncovered: {} {dst} on {}",
                opcode.mnemonic(),
                platform.name()
            )?;
        }
        Ok(())
    }

    /// The matrix as JSON.
    pub fn to_value(&self) -> Value {
        let mut insns = Map::new();
        let empty = InsnCoverage::default();
        for opcode in self.reported() {
            let cov = self.insns.get(&opcode).unwrap_or(&empty);
            let Value::Object(mut m) = cov.total.to_value() else {
                continue;
            };
            let platforms: Map<String, Value> = Platform::ALL
                .into_iter()
                .map(|p| {
                    let c = cov.by_platform.get(&p).copied().unwrap_or_default();
                    (p.name().to_string(), c.to_value())
                })
                .collect();
            m.insert("platforms".into(), Value::Object(platforms));
            let signatures: Map<String, Value> = cov
                .cells
                .iter()
                .map(|(sig, by_platform)| {
                    let cells: Map<String, Value> = by_platform
                        .iter()
                        .map(|(p, c)| (p.name().to_string(), c.to_value()))
                        .collect();
                    (sig.clone(), Value::Object(cells))
                })
                .collect();
            m.insert("signatures".into(), Value::Object(signatures));
            insns.insert(opcode.mnemonic().into(), Value::Object(m));
        }
        let uncovered: Vec<Value> = self
            .uncovered()
            .into_iter()
            .map(|(opcode, dst, platform)| {
                let mut m = Map::new();
                m.insert("instruction".into(), opcode.mnemonic().into());
                m.insert("dst".into(), dst.text().into());
                m.insert("platform".into(), platform.name().into());
                Value::Object(m)
            })
            .collect();
        let mut m = Map::new();
        m.insert("files".into(), self.files.into());
        m.insert("cases".into(), self.cases.into());
        m.insert("not_validated".into(), self.not_validated.into());
        m.insert("malformed".into(), self.malformed.len().into());
        m.insert("instructions".into(), Value::Object(insns));
        m.insert("uncovered".into(), Value::Array(uncovered));
        Value::Object(m)
    }
}

fn executed() -> impl Iterator<Item = Opcode> {
    Opcode::ALL.into_iter()
}

/// Runs `visa-conform coverage`: prints the matrix to `out`, exits 2 on unreadable input,
/// 1 when `--min` does not hold, else 0.
pub fn run(args: &CoverageArgs, out: &mut dyn Write) -> io::Result<u8> {
    if args.documents {
        out.write_all(documents_report().as_bytes())?;
        return Ok(EXIT_OK);
    }
    let cov = Coverage::measure(&args.paths);
    for m in &cov.malformed {
        writeln!(out, "malformed (skipped): {m}")?;
    }
    for u in &cov.unreadable {
        writeln!(out, "unreadable: {u}")?;
    }
    if cov.files == 0 && cov.unreadable.is_empty() {
        writeln!(out, "warning: no .jsonl files found")?;
    }
    cov.print(out)?;
    let mut status = EXIT_OK;
    if let Some(path) = &args.json {
        let text = format!("{:#}\n", cov.to_value());
        if let Err(e) = std::fs::write(path, text) {
            writeln!(out, "{}: cannot write: {e}", path.display())?;
            status = EXIT_INPUT;
        }
    }
    if !cov.unreadable.is_empty() {
        return Ok(EXIT_INPUT);
    }
    let below = cov.below(args.min);
    for (opcode, platform, n) in &below {
        writeln!(
            out,
            "below --min {}: {} on {} has {n} cases",
            args.min,
            opcode.mnemonic(),
            platform.name()
        )?;
    }
    if status == EXIT_OK && !below.is_empty() {
        status = EXIT_FAIL;
    }
    Ok(status)
}
