//! Golden vectors (`visa-conform gen`): deterministic cases per row of the registry
//! ([`crate::registry`]), their expected state computed by the spec engine
//! ([`crate::expect`]) with the errata each case discriminates, written as
//! `vectors/<family>/<instruction>.jsonl` with `vectors/MANIFEST.json` (file, case count,
//! sha256; [`crate::vector::manifest`]). Same seed, byte-identical files.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use sha2::{Digest, Sha256};
use visa_model::platform::Platform;
use visa_model::types::DataType;

use crate::case::compile;
use crate::expect::{
    discriminating, flipped, is_untyped_block2d, with_expect, with_expect_profiles,
    with_expect_straddle,
};
use crate::gen::{self, dpas::Class, Opcode};
use crate::registry::{self, Golden, Row};
use crate::vector::manifest::GoldenFile;
use crate::vector::Case;
use visa_model::opcode::Family;

/// The default seed of `gen`; the committed vectors are generated with it.
pub const DEFAULT_SEED: u64 = 1;
/// Cases per instruction and platform in the committed vectors.
pub const DEFAULT_CASES: usize = 24;

/// A seeded, deterministic runner for one stream. The stream's name perturbs the seed, so
/// streams do not share draws and a row added to [`registry::rows()`] changes no other file.
fn runner(seed: u64, stream: &str) -> TestRunner {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..].copy_from_slice(&Sha256::digest(stream.as_bytes())[..24]);
    TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    )
}

/// Generates every row's file of the registry: `cases` per platform, expected values from
/// the spec engine.
pub fn generate(seed: u64, cases: usize) -> Result<Vec<GoldenFile>, String> {
    registry::rows()
        .iter()
        .map(|row| {
            // Memory cases carry their memory regions, and program cases (control flow)
            // many instructions: fewer of them keep the files small.
            let n = match row.family() {
                Family::Lsc | Family::Dataport | Family::Send | Family::Sampler => {
                    cases.div_ceil(3)
                }
                Family::Flow => cases.div_ceil(4),
                _ => cases,
            };
            let mut runner = runner(seed, row.name);
            let text = match row.golden {
                Golden::Drawn => drawn_stream(row, &mut runner, n)?,
                Golden::DpasClass(class) => dpas_stream(row, class, &mut runner, n)?,
            };
            Ok(GoldenFile {
                file: row.file,
                cases: text.lines().count(),
                text,
            })
        })
        .collect()
}

/// Launch cases per kernel shape in the committed vectors (`vectors/launch/`).
pub const LAUNCH_CASES: usize = 6;

/// The launch files (`vectors/launch/<kind>.jsonl`): `cases` drawn cases of each kernel
/// shape of [`gen::threads`], their buffers as the spec engine's launch leaves them under
/// every schedule the case names.
pub fn launch_files(seed: u64, cases: usize) -> Result<Vec<GoldenFile>, String> {
    gen::threads::Kind::ALL
        .into_iter()
        .map(|kind| {
            let cases = gen::threads::cases(kind, seed, cases)
                .into_iter()
                .map(crate::launch::cases::with_expect)
                .collect::<Result<Vec<Case>, String>>()?;
            Ok(GoldenFile {
                file: kind.file(),
                cases: cases.len(),
                text: crate::vector::write_cases(&cases),
            })
        })
        .collect()
}

/// A row drawn from its generator: `cases` per platform the row is valid on, the first of
/// each platform taking every destination type of the forms in turn (stratified), so that
/// `coverage` finds every cell; the rest are free draws.
fn drawn_stream(row: &Row, runner: &mut TestRunner, cases: usize) -> Result<String, String> {
    let strategy = row
        .strategy()
        .ok_or_else(|| format!("{}: no generator for {}", row.file, row.op.mnemonic()))?;
    let mut text = String::new();
    for platform in Platform::ALL.into_iter().filter(|&p| row.valid_on(p)) {
        let targets = gen::expected_dsts(row.op, platform);
        let mut made = 0;
        let mut draws = 0;
        while made < cases {
            let target = targets.get(made).copied();
            draws += 1;
            if draws > (cases + targets.len()) * 400 {
                return Err(format!(
                    "{}: could not draw {cases} cases for {platform}{}",
                    row.file,
                    target.map_or(String::new(), |t| format!(" (destination type {t})"))
                ));
            }
            let generated = strategy
                .new_tree(runner)
                .map_err(|e| e.to_string())?
                .current();
            if generated.platform != platform {
                continue;
            }
            if target.is_some() && target != destination_type(&generated) {
                continue;
            }
            let id = format!("{}/{}/{:04}", row.name, platform, made + 1);
            let case = expected(row.op, generated.to_case(&id))?;
            text.push_str(&with_discriminates(case).to_line());
            text.push('\n');
            made += 1;
        }
    }
    Ok(text)
}

/// A drawn case with its expectation: both readings of BLOCK2D-STRADDLE for an untyped
/// block 2D message, and the tags of the errata whose readings differ on it.
fn expected(op: Opcode, case: Case) -> Result<Case, String> {
    let case = if is_untyped_block2d(&case) {
        with_expect_straddle(case)?
    } else {
        with_expect(case)?
    };
    tag_where_readings_differ(case, tagged_errata(op))
}

/// A DPAS class: twice `cases` per platform that has the instruction (integer classes;
/// `cases` for float ones, whose expectations run every profile), pair and repeat count
/// stratified ([`gen::dpas::stratified`]), so every pair of the class appears. Float cases
/// carry no profile: their expectation is the allowed set of every profile's result.
fn dpas_stream(
    row: &Row,
    class: Class,
    runner: &mut TestRunner,
    cases: usize,
) -> Result<String, String> {
    let mut text = String::new();
    let per_platform = if class.is_float() { cases } else { cases * 2 };
    for platform in Platform::ALL.into_iter().filter(|&p| row.valid_on(p)) {
        for made in 0..per_platform {
            let mut generated = gen::dpas::stratified(row.op, class, platform, made)
                .new_tree(runner)
                .map_err(|e| e.to_string())?
                .current();
            let id = format!("{}/{}/{:04}", row.name, platform, made + 1);
            let case = if class.is_float() {
                generated.profile = None;
                generated.tags.retain(|t| !t.starts_with("profile:"));
                with_expect_profiles(generated.to_case(&id))?
            } else {
                with_expect(generated.to_case(&id))?
            };
            text.push_str(&with_discriminates(case).to_line());
            text.push('\n');
        }
    }
    Ok(text)
}

/// `case` with the errata it discriminates recorded (`discriminates`, empty when none): what
/// `certify` would otherwise compute from its expectation ([`discriminating`]).
fn with_discriminates(mut case: Case) -> Case {
    if let Some(expect) = &case.expect {
        case.discriminates = Some(discriminating(&case.without_expect(), expect));
    }
    case
}

/// The destination type of a generated case's instruction, `None` when the case does not
/// compile (a case expecting an error).
fn destination_type(case: &gen::GenCase) -> Option<DataType> {
    let program = compile(&case.to_case("")).ok()?.program;
    program.insns.first().map(|i| i.dst.ty())
}

/// The errata a golden case of `op` is tagged with wherever their two readings expect
/// different results (a case stating the literal reading is tagged in any case).
fn tagged_errata(op: Opcode) -> &'static [&'static str] {
    match op {
        Opcode::Rol | Opcode::Ror => &[visa_model::errata::ROTATE_SIGNED_SHIFT],
        _ => &[],
    }
}

/// Adds to `case` (with its expectation) the tag of each erratum of `ids` whose other reading
/// expects something else of it.
fn tag_where_readings_differ(mut case: Case, ids: &[&str]) -> Result<Case, String> {
    for id in ids {
        if case.tags.iter().any(|t| t == id) {
            continue;
        }
        if with_expect(flipped(&case, id))?.expect != case.expect {
            case.tags.push((*id).to_string());
        }
    }
    Ok(case)
}
