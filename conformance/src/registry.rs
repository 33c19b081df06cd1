//! The registry of golden files: one row per golden file, derived from the opcode table
//! ([`visa_model::opcode::TABLE`]: the opcode, its mnemonic, its family's directory and its
//! platforms) and the generators (`generator`), as wasm-smith's table pairs each
//! instruction's generator with its validity predicate and its weight. Its rows drive the
//! golden files (`gen`), the generators ([`case`], [`any_case`]) and the bench's streams
//! (`bench`).
//!
//! A [`Row`] is one golden file: the opcode, the stream's name (the case-id prefix), the file
//! under the vectors directory, the generator, its weight among the instructions
//! [`any_case`] mixes, and how `gen` draws the file's cases ([`Golden`]). Every opcode has its
//! row, `<family>/<stem>.jsonl` (the stem is the document's name when the opcode has its
//! document alone, else the mnemonic), but DPAS and DPASW, which have a file per precision
//! class; the LSC opcodes of LSC_TYPED's forms have a second, typed (`.tgm`), file
//! ([`FORM_ROWS`]). A row's stream draws from its own seed, so a new row changes no other
//! file.
//!
//! ```
//! use visa_conformance::registry;
//! use visa_model::opcode::{Family, Opcode};
//!
//! let row = registry::row(Opcode::Add).unwrap();
//! assert_eq!((row.name, row.file, row.family()), ("add", "alu/add.jsonl", Family::Alu));
//! let pln = registry::row(Opcode::Pln).unwrap();
//! assert_eq!((pln.name, pln.file), ("plane", "math/pln.jsonl"));
//! ```

use std::sync::LazyLock;

use proptest::prelude::*;
use proptest::strategy::Union;
use visa_model::forms::{Builder, Modifiers};
use visa_model::ir::Opcode;
use visa_model::opcode::{Class, Family, Form, TABLE};
use visa_model::platform::Platform;

use crate::gen::{self, dpas::Class as DpasClass, GenCase};

/// A row's generator: a function of the opcode.
#[derive(Clone, Copy, Debug)]
pub enum Generator {
    /// The instruction's own generator: [`case`] of the opcode is this strategy (`None` for
    /// an opcode the function does not generate: no row has one).
    Instruction(fn(Opcode) -> Option<BoxedStrategy<GenCase>>),
    /// Another form under the same opcode (LSC_TYPED's `.tgm` unit): the row's file only.
    Form(fn(Opcode) -> BoxedStrategy<GenCase>),
}

/// How `gen` draws a golden file's cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Golden {
    /// From the row's generator on every platform [`Row::valid_on`] admits, the first cases
    /// of each platform stratified by destination type (`gen::expected_dsts`).
    Drawn,
    /// A DPAS precision class: the pair and the repeat count stratified per case
    /// ([`gen::dpas::stratified`]), on every platform with the instruction.
    DpasClass(DpasClass),
}

/// One row of the registry: an opcode's golden file with its generator.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    pub op: Opcode,
    /// The stream's name: the case-id prefix, and the seed's perturbation.
    pub name: &'static str,
    /// The golden file, under the vectors directory.
    pub file: &'static str,
    pub generator: Generator,
    /// The opcode's weight among the instructions [`any_case`] mixes (0: not mixed).
    pub weight: u32,
    pub golden: Golden,
}

impl Row {
    /// The validity predicate: the platforms the opcode exists on (its row of the opcode
    /// table, [`visa_model::forms::Platforms`]).
    /// A raw send exists on every platform, but its cases are drawn where its descriptors
    /// decode ([`gen::raw_send::PLATFORMS`]).
    pub fn valid_on(&self, platform: Platform) -> bool {
        self.op.form().platforms.admits(platform)
            && (self.op.form().builder != Builder::RawSend
                || gen::raw_send::PLATFORMS.contains(&platform))
    }

    /// The family of the row's opcode: the directory of its file.
    pub fn family(&self) -> Family {
        self.op.form().family
    }

    /// The row's cases; `None` when its generator does not generate its opcode.
    pub fn strategy(&self) -> Option<BoxedStrategy<GenCase>> {
        match self.generator {
            Generator::Instruction(f) => f(self.op),
            Generator::Form(f) => Some(f(self.op)),
        }
    }
}

/// The generator of `op`'s golden file and of its cases: by the
/// opcode's class and builder in the opcode table, the generic register generator for the
/// lane-wise instructions.
fn generator(op: Opcode) -> fn(Opcode) -> Option<BoxedStrategy<GenCase>> {
    use gen::{
        carry, compare_select_case, dataport, dataport_typed, dpas, flow, fp8, logic, lsc,
        lsc_typed, media, plane, raw_send, register, sampler, svm,
    };
    let form = op.form();
    match (form.builder, form.class) {
        (Builder::Flow | Builder::Sync, _) => flow::case,
        (Builder::Svm, _) => svm::case,
        (Builder::Dataport, _) => dataport::case,
        (Builder::RawSend, _) => raw_send::case,
        (Builder::DataportTyped, _) => dataport_typed::case,
        (Builder::Media, _) => media::case,
        (Builder::Sampler, _) => sampler::case,
        (Builder::Dpas, _) => dpas::case,
        (Builder::LscApndctr, _) => lsc_typed::apndctr_case,
        (Builder::LscGatherScatter | Builder::LscBlock2d | Builder::LscFence, _) => lsc::case,
        (_, Class::Select) => compare_select_case,
        (_, Class::Wide) => carry::case,
        (_, Class::Conversion) => fp8::case,
        (_, Class::Interpolation) => plane::case,
        _ if form.modifiers == Modifiers::Logic => logic,
        // BFN's function and the address and state operands of ADDR_ADD and MOVS.
        _ => match op {
            Opcode::Bfn => compare_select_case,
            Opcode::AddrAdd | Opcode::Movs => carry::case,
            _ => register,
        },
    }
}

/// LSC_TYPED's forms (unit `.tgm`) under LSC_UNTYPED's opcodes: a file each, after the
/// opcode's own. (opcode, stream name)
pub const FORM_ROWS: &[(Opcode, &str)] = &[
    (Opcode::LscLoadQuad, "lsc_load_quad_tgm"),
    (Opcode::LscStoreQuad, "lsc_store_quad_tgm"),
    (Opcode::LscStoreUncompressed, "lsc_store_uncompressed_tgm"),
    (Opcode::LscAtomicIadd, "lsc_atomic_tgm"),
    (Opcode::LscLoadStatus, "lsc_load_status_tgm"),
    (Opcode::LscLoadBlock2d, "lsc_load_block2d_tgm"),
    (Opcode::LscStoreBlock2d, "lsc_store_block2d_tgm"),
];

/// The name of an opcode's golden file: its document's, when the opcode has its document
/// alone (`pln`, `svm_gather4_scaled`), else its mnemonic.
fn stem(form: &Form) -> String {
    let shared = TABLE.iter().filter(|f| f.document == form.document).count() > 1;
    let document = form.document.trim_start_matches("instructions/");
    match document.strip_suffix(".md") {
        Some(name) if !shared => name.to_ascii_lowercase(),
        _ => form.mnemonic.to_string(),
    }
}

/// A `'static` string for a row made once (the rows live as long as the program).
fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Whether `any_case` mixes the opcode's cases: one-instruction cases outside the DPAS family
/// (DPAS has its own streams; a control-flow case is a whole program).
fn mixed(form: &Form) -> bool {
    !matches!(form.family, Family::Dpas | Family::Flow)
}

/// The rows of one opcode, in file order.
fn rows_of(form: &'static Form) -> Vec<Row> {
    let dir = form.family.dir();
    let row = |name: &'static str, file: &'static str, golden: Golden| Row {
        op: form.opcode,
        name,
        file,
        generator: Generator::Instruction(generator(form.opcode)),
        weight: u32::from(mixed(form)),
        golden,
    };
    let mut rows = Vec::new();
    if form.builder == Builder::Dpas {
        for class in gen::dpas::classes(form.opcode) {
            let name = leak(format!("{}-{}", form.mnemonic, class.name()));
            rows.push(row(
                name,
                leak(format!("{dir}/{name}.jsonl")),
                Golden::DpasClass(*class),
            ));
        }
    } else {
        let file = leak(format!("{dir}/{}.jsonl", stem(form)));
        rows.push(row(form.mnemonic, file, Golden::Drawn));
    }
    for &(_, name) in FORM_ROWS.iter().filter(|(op, _)| *op == form.opcode) {
        rows.push(Row {
            name,
            file: leak(format!("{dir}/{name}.jsonl")),
            generator: Generator::Form(gen::lsc_typed::case),
            weight: 0,
            ..row(name, "", Golden::Drawn)
        });
    }
    rows
}

static ROWS: LazyLock<Vec<Row>> = LazyLock::new(|| TABLE.iter().flat_map(rows_of).collect());

/// Every row, in golden file order: the opcode table's order, an opcode's own file first.
pub fn rows() -> &'static [Row] {
    &ROWS
}

/// The instruction row of `op`: the first whose generator [`case`] returns.
pub fn row(op: Opcode) -> Option<&'static Row> {
    rows()
        .iter()
        .find(|r| r.op == op && matches!(r.generator, Generator::Instruction(_)))
}

/// The rows of a family, in file order.
pub fn family(family: Family) -> impl Iterator<Item = &'static Row> {
    rows().iter().filter(move |r| r.family() == family)
}

/// The opcodes of a class, in table order.
pub fn class(class: Class) -> impl Iterator<Item = Opcode> {
    TABLE
        .iter()
        .filter(move |f| f.class == class)
        .map(|f| f.opcode)
}

/// A valid case of `op`: its instruction row's generator; the generic register generator
/// ([`gen::register_case`]) for an opcode without a row.
pub fn case(op: Opcode) -> BoxedStrategy<GenCase> {
    row(op)
        .and_then(Row::strategy)
        .unwrap_or_else(|| gen::register_case(op))
}

/// A valid case of any instruction of weight above 0 (outside the DPAS family,
/// which has its own streams), in proportion to the weights.
pub fn any_case() -> BoxedStrategy<GenCase> {
    Union::new_weighted(
        Opcode::ALL
            .into_iter()
            .filter_map(|op| row(op).map(|r| (r.weight, op)))
            .filter(|&(weight, _)| weight > 0)
            .map(|(weight, op)| (weight, case(op)))
            .collect(),
    )
    .boxed()
}

/// Cases of every instruction of a family in equal parts, in file order (`bench`'s `alu`).
pub fn family_case(f: Family) -> BoxedStrategy<GenCase> {
    Union::new(family(f).map(|r| case(r.op))).boxed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opcode_has_an_instruction_row_that_generates_it() {
        for op in Opcode::ALL {
            let row = row(op).unwrap_or_else(|| panic!("{op:?} has no instruction row"));
            assert!(
                row.strategy().is_some(),
                "{op:?}: its generator gives nothing"
            );
        }
        for row in rows() {
            assert!(row.strategy().is_some(), "{}: no generator", row.name);
        }
    }

    #[test]
    fn files_and_names_are_unique_and_under_their_family() {
        let mut files = std::collections::BTreeSet::new();
        let mut names = std::collections::BTreeSet::new();
        for row in rows() {
            assert!(files.insert(row.file), "{} twice", row.file);
            assert!(names.insert(row.name), "{} twice", row.name);
            let dir = format!("{}/", row.family().dir());
            assert!(row.file.starts_with(&dir), "{} not under {dir}", row.file);
            assert!(row.file.ends_with(".jsonl"), "{}", row.file);
        }
    }
}
