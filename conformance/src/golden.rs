//! Golden vectors (`visa-conform gen`): deterministic cases per instruction, their expected
//! state computed by the spec engine, written as `vectors/<family>/<instruction>.jsonl`
//! with `vectors/MANIFEST.json` (file, case count, sha256). Same seed, byte-identical files.

use std::fmt::Write as _;
use std::path::Path;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use visa_spec::asm;
use visa_spec::errata::{Reading, Readings};
use visa_spec::platform::Platform;
use visa_spec::profile::{DpasProfile, DstRounding, Tf32Input};
use visa_spec::types::DataType;
use visa_spec::validate;

use crate::case::{run_case, EngineKind, Outcome};
use crate::coverage;
use crate::gen::{self, Opcode};
use crate::vector::{Allowed, Case, Expect, ExpectState, MemExpect, Pattern};

mod nan;
pub use nan::free_nans;

/// The default seed of `gen`; the committed vectors are generated with it.
pub const DEFAULT_SEED: u64 = 1;
/// Cases per instruction and platform in the committed vectors.
pub const DEFAULT_CASES: usize = 24;

/// One instruction's vector file.
#[derive(Clone, Copy, Debug)]
pub struct Stream {
    /// Path under the vectors directory.
    pub file: &'static str,
    /// Case id prefix.
    pub name: &'static str,
    pub op: Opcode,
}

/// Every vector file `gen` writes.
pub const STREAMS: &[Stream] = &[
    Stream {
        file: "alu/mov.jsonl",
        name: "mov",
        op: Opcode::Mov,
    },
    Stream {
        file: "alu/add.jsonl",
        name: "add",
        op: Opcode::Add,
    },
    Stream {
        file: "alu/add3.jsonl",
        name: "add3",
        op: Opcode::Add3,
    },
    Stream {
        file: "alu/avg.jsonl",
        name: "avg",
        op: Opcode::Avg,
    },
    Stream {
        file: "alu/mulh.jsonl",
        name: "mulh",
        op: Opcode::Mulh,
    },
    Stream {
        file: "alu/and.jsonl",
        name: "and",
        op: Opcode::And,
    },
    Stream {
        file: "alu/or.jsonl",
        name: "or",
        op: Opcode::Or,
    },
    Stream {
        file: "alu/xor.jsonl",
        name: "xor",
        op: Opcode::Xor,
    },
    Stream {
        file: "alu/not.jsonl",
        name: "not",
        op: Opcode::Not,
    },
    Stream {
        file: "alu/shl.jsonl",
        name: "shl",
        op: Opcode::Shl,
    },
    Stream {
        file: "alu/shr.jsonl",
        name: "shr",
        op: Opcode::Shr,
    },
    Stream {
        file: "alu/asr.jsonl",
        name: "asr",
        op: Opcode::Asr,
    },
    Stream {
        file: "alu/rol.jsonl",
        name: "rol",
        op: Opcode::Rol,
    },
    Stream {
        file: "alu/ror.jsonl",
        name: "ror",
        op: Opcode::Ror,
    },
    Stream {
        file: "alu/bfrev.jsonl",
        name: "bfrev",
        op: Opcode::Bfrev,
    },
    Stream {
        file: "alu/cbit.jsonl",
        name: "cbit",
        op: Opcode::Cbit,
    },
    Stream {
        file: "alu/fbh.jsonl",
        name: "fbh",
        op: Opcode::Fbh,
    },
    Stream {
        file: "alu/fbl.jsonl",
        name: "fbl",
        op: Opcode::Fbl,
    },
    Stream {
        file: "alu/lzd.jsonl",
        name: "lzd",
        op: Opcode::Lzd,
    },
    Stream {
        file: "alu/bfe.jsonl",
        name: "bfe",
        op: Opcode::Bfe,
    },
    Stream {
        file: "alu/bfi.jsonl",
        name: "bfi",
        op: Opcode::Bfi,
    },
    Stream {
        file: "alu/mul.jsonl",
        name: "mul",
        op: Opcode::Mul,
    },
    Stream {
        file: "alu/mad.jsonl",
        name: "mad",
        op: Opcode::Mad,
    },
    Stream {
        file: "alu/div.jsonl",
        name: "div",
        op: Opcode::Div,
    },
    Stream {
        file: "alu/mod.jsonl",
        name: "mod",
        op: Opcode::Mod,
    },
    Stream {
        file: "alu/addc.jsonl",
        name: "addc",
        op: Opcode::Addc,
    },
    Stream {
        file: "alu/subb.jsonl",
        name: "subb",
        op: Opcode::Subb,
    },
    Stream {
        file: "alu/add3o.jsonl",
        name: "add3o",
        op: Opcode::Add3o,
    },
    Stream {
        file: "alu/madw.jsonl",
        name: "madw",
        op: Opcode::Madw,
    },
    Stream {
        file: "alu/sad2.jsonl",
        name: "sad2",
        op: Opcode::Sad2,
    },
    Stream {
        file: "alu/sad2add.jsonl",
        name: "sad2add",
        op: Opcode::Sad2add,
    },
    Stream {
        file: "alu/addr_add.jsonl",
        name: "addr_add",
        op: Opcode::AddrAdd,
    },
    Stream {
        file: "alu/movs.jsonl",
        name: "movs",
        op: Opcode::Movs,
    },
    Stream {
        file: "alu/cmp.jsonl",
        name: "cmp",
        op: Opcode::Cmp,
    },
    Stream {
        file: "alu/sel.jsonl",
        name: "sel",
        op: Opcode::Sel,
    },
    Stream {
        file: "alu/min.jsonl",
        name: "min",
        op: Opcode::Min,
    },
    Stream {
        file: "alu/max.jsonl",
        name: "max",
        op: Opcode::Max,
    },
    Stream {
        file: "alu/setp.jsonl",
        name: "setp",
        op: Opcode::Setp,
    },
    Stream {
        file: "alu/bfn.jsonl",
        name: "bfn",
        op: Opcode::Bfn,
    },
    // The DPAS family: a file per instruction and precision class (gen::dpas::STREAMS).
    Stream {
        file: "dpas/dpas-int.jsonl",
        name: "dpas-int",
        op: Opcode::Dpas,
    },
    Stream {
        file: "dpas/dpas-bf.jsonl",
        name: "dpas-bf",
        op: Opcode::Dpas,
    },
    Stream {
        file: "dpas/dpas-hf.jsonl",
        name: "dpas-hf",
        op: Opcode::Dpas,
    },
    Stream {
        file: "dpas/dpas-tf32.jsonl",
        name: "dpas-tf32",
        op: Opcode::Dpas,
    },
    Stream {
        file: "dpas/dpas-fp8.jsonl",
        name: "dpas-fp8",
        op: Opcode::Dpas,
    },
    Stream {
        file: "dpas/dpasw-int.jsonl",
        name: "dpasw-int",
        op: Opcode::Dpasw,
    },
    Stream {
        file: "dpas/dpasw-float.jsonl",
        name: "dpasw-float",
        op: Opcode::Dpasw,
    },
    Stream {
        file: "dpas/dp4a.jsonl",
        name: "dp4a",
        op: Opcode::Dp4a,
    },
    Stream {
        file: "lsc/lsc_load.jsonl",
        name: "lsc_load",
        op: Opcode::LscLoad,
    },
    Stream {
        file: "lsc/lsc_store.jsonl",
        name: "lsc_store",
        op: Opcode::LscStore,
    },
    Stream {
        file: "lsc/lsc_store_uncompressed.jsonl",
        name: "lsc_store_uncompressed",
        op: Opcode::LscStoreUncompressed,
    },
    Stream {
        file: "lsc/lsc_load_strided.jsonl",
        name: "lsc_load_strided",
        op: Opcode::LscLoadStrided,
    },
    Stream {
        file: "lsc/lsc_store_strided.jsonl",
        name: "lsc_store_strided",
        op: Opcode::LscStoreStrided,
    },
    Stream {
        file: "lsc/lsc_load_quad.jsonl",
        name: "lsc_load_quad",
        op: Opcode::LscLoadQuad,
    },
    Stream {
        file: "lsc/lsc_store_quad.jsonl",
        name: "lsc_store_quad",
        op: Opcode::LscStoreQuad,
    },
    Stream {
        file: "lsc/lsc_load_block2d.jsonl",
        name: "lsc_load_block2d",
        op: Opcode::LscLoadBlock2d,
    },
    Stream {
        file: "lsc/lsc_store_block2d.jsonl",
        name: "lsc_store_block2d",
        op: Opcode::LscStoreBlock2d,
    },
    Stream {
        file: "lsc/lsc_load_status.jsonl",
        name: "lsc_load_status",
        op: Opcode::LscLoadStatus,
    },
    Stream {
        file: "lsc/lsc_apndctr_atomic_add.jsonl",
        name: "lsc_apndctr_atomic_add",
        op: Opcode::LscApndctrAtomicAdd,
    },
    Stream {
        file: "lsc/lsc_apndctr_atomic_sub.jsonl",
        name: "lsc_apndctr_atomic_sub",
        op: Opcode::LscApndctrAtomicSub,
    },
    // LSC_TYPED (gen::lsc_typed::STREAMS): the typed unit shares LSC_UNTYPED's opcodes.
    Stream {
        file: "lsc/lsc_load_quad_tgm.jsonl",
        name: "lsc_load_quad_tgm",
        op: Opcode::LscLoadQuad,
    },
    Stream {
        file: "lsc/lsc_store_quad_tgm.jsonl",
        name: "lsc_store_quad_tgm",
        op: Opcode::LscStoreQuad,
    },
    Stream {
        file: "lsc/lsc_store_uncompressed_tgm.jsonl",
        name: "lsc_store_uncompressed_tgm",
        op: Opcode::LscStoreUncompressed,
    },
    Stream {
        file: "lsc/lsc_atomic_tgm.jsonl",
        name: "lsc_atomic_tgm",
        op: Opcode::LscAtomicIadd,
    },
    Stream {
        file: "lsc/lsc_load_status_tgm.jsonl",
        name: "lsc_load_status_tgm",
        op: Opcode::LscLoadStatus,
    },
    Stream {
        file: "lsc/lsc_load_block2d_tgm.jsonl",
        name: "lsc_load_block2d_tgm",
        op: Opcode::LscLoadBlock2d,
    },
    Stream {
        file: "lsc/lsc_store_block2d_tgm.jsonl",
        name: "lsc_store_block2d_tgm",
        op: Opcode::LscStoreBlock2d,
    },
    Stream {
        file: "lsc/lsc_fence.jsonl",
        name: "lsc_fence",
        op: Opcode::LscFence,
    },
    Stream {
        file: "lsc/lsc_atomic_iinc.jsonl",
        name: "lsc_atomic_iinc",
        op: Opcode::LscAtomicIinc,
    },
    Stream {
        file: "lsc/lsc_atomic_idec.jsonl",
        name: "lsc_atomic_idec",
        op: Opcode::LscAtomicIdec,
    },
    Stream {
        file: "lsc/lsc_atomic_load.jsonl",
        name: "lsc_atomic_load",
        op: Opcode::LscAtomicLoad,
    },
    Stream {
        file: "lsc/lsc_atomic_store.jsonl",
        name: "lsc_atomic_store",
        op: Opcode::LscAtomicStore,
    },
    Stream {
        file: "lsc/lsc_atomic_iadd.jsonl",
        name: "lsc_atomic_iadd",
        op: Opcode::LscAtomicIadd,
    },
    Stream {
        file: "lsc/lsc_atomic_isub.jsonl",
        name: "lsc_atomic_isub",
        op: Opcode::LscAtomicIsub,
    },
    Stream {
        file: "lsc/lsc_atomic_smin.jsonl",
        name: "lsc_atomic_smin",
        op: Opcode::LscAtomicSmin,
    },
    Stream {
        file: "lsc/lsc_atomic_smax.jsonl",
        name: "lsc_atomic_smax",
        op: Opcode::LscAtomicSmax,
    },
    Stream {
        file: "lsc/lsc_atomic_umin.jsonl",
        name: "lsc_atomic_umin",
        op: Opcode::LscAtomicUmin,
    },
    Stream {
        file: "lsc/lsc_atomic_umax.jsonl",
        name: "lsc_atomic_umax",
        op: Opcode::LscAtomicUmax,
    },
    Stream {
        file: "lsc/lsc_atomic_icas.jsonl",
        name: "lsc_atomic_icas",
        op: Opcode::LscAtomicIcas,
    },
    Stream {
        file: "lsc/lsc_atomic_fadd.jsonl",
        name: "lsc_atomic_fadd",
        op: Opcode::LscAtomicFadd,
    },
    Stream {
        file: "lsc/lsc_atomic_fsub.jsonl",
        name: "lsc_atomic_fsub",
        op: Opcode::LscAtomicFsub,
    },
    Stream {
        file: "lsc/lsc_atomic_fmin.jsonl",
        name: "lsc_atomic_fmin",
        op: Opcode::LscAtomicFmin,
    },
    Stream {
        file: "lsc/lsc_atomic_fmax.jsonl",
        name: "lsc_atomic_fmax",
        op: Opcode::LscAtomicFmax,
    },
    Stream {
        file: "lsc/lsc_atomic_fcas.jsonl",
        name: "lsc_atomic_fcas",
        op: Opcode::LscAtomicFcas,
    },
    Stream {
        file: "lsc/lsc_atomic_and.jsonl",
        name: "lsc_atomic_and",
        op: Opcode::LscAtomicAnd,
    },
    Stream {
        file: "lsc/lsc_atomic_or.jsonl",
        name: "lsc_atomic_or",
        op: Opcode::LscAtomicOr,
    },
    Stream {
        file: "lsc/lsc_atomic_xor.jsonl",
        name: "lsc_atomic_xor",
        op: Opcode::LscAtomicXor,
    },
    Stream {
        file: "svm/svm_block_ld.jsonl",
        name: "svm_block_ld",
        op: Opcode::SvmBlockLd,
    },
    Stream {
        file: "svm/svm_block_st.jsonl",
        name: "svm_block_st",
        op: Opcode::SvmBlockSt,
    },
    Stream {
        file: "svm/svm_gather.jsonl",
        name: "svm_gather",
        op: Opcode::SvmGather,
    },
    Stream {
        file: "svm/svm_scatter.jsonl",
        name: "svm_scatter",
        op: Opcode::SvmScatter,
    },
    Stream {
        file: "svm/svm_gather4_scaled.jsonl",
        name: "svm_gather4scaled",
        op: Opcode::SvmGather4Scaled,
    },
    Stream {
        file: "svm/svm_scatter4_scaled.jsonl",
        name: "svm_scatter4scaled",
        op: Opcode::SvmScatter4Scaled,
    },
    Stream {
        file: "svm/svm_atomic.jsonl",
        name: "svm_atomic",
        op: Opcode::SvmAtomic,
    },
];

/// A generated file: its path under the vectors directory, its cases and its text.
#[derive(Clone, Debug)]
pub struct GoldenFile {
    pub file: &'static str,
    pub cases: usize,
    pub text: String,
}

/// A seeded, deterministic runner for one stream. The stream's name perturbs the seed, so
/// streams do not share draws and a stream added to [`STREAMS`] changes no other file.
fn runner(seed: u64, stream: &str) -> TestRunner {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..].copy_from_slice(&Sha256::digest(stream.as_bytes())[..24]);
    TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    )
}

/// Generates every stream: `cases` per platform, expected values from the spec engine.
pub fn generate(seed: u64, cases: usize) -> Result<Vec<GoldenFile>, String> {
    STREAMS
        .iter()
        .map(|stream| {
            // Memory cases carry their memory regions: a third as many keep the files small.
            let n = if stream.file.starts_with("lsc/") {
                cases.div_ceil(3)
            } else {
                cases
            };
            generate_stream(stream, seed, n)
        })
        .collect()
}

fn generate_stream(stream: &Stream, seed: u64, cases: usize) -> Result<GoldenFile, String> {
    let mut runner = runner(seed, stream.name);
    if let Some(dpas) = gen::dpas::stream(stream.name) {
        return generate_dpas_stream(dpas, &mut runner, stream.file, cases);
    }
    let strategy = gen::lsc_typed::stream(stream.name).unwrap_or_else(|| gen::case(stream.op));
    let mut text = String::new();
    let mut count = 0;
    for platform in Platform::ALL {
        // LSC messages exist from xe-hpg on, block 2D from xe-hpc: no case elsewhere.
        let block2d = visa_spec::validate::is_block2d(stream.op);
        if stream.file.starts_with("lsc/")
            && (!platform.is_xehp_plus() || block2d && platform == Platform::XeHpg)
        {
            continue;
        }
        // The first cases of each platform take every destination type of the forms in
        // turn (stratified), so that `coverage` finds every cell; the rest are free draws.
        let targets = coverage::expected_dsts(stream.op, platform);
        let mut made = 0;
        let mut draws = 0;
        while made < cases {
            let target = targets.get(made).copied();
            draws += 1;
            if draws > (cases + targets.len()) * 400 {
                return Err(format!(
                    "{}: could not draw {cases} cases for {platform}{}",
                    stream.file,
                    target.map_or(String::new(), |t| format!(" (destination type {t})"))
                ));
            }
            let generated = strategy
                .new_tree(&mut runner)
                .map_err(|e| e.to_string())?
                .current();
            if generated.platform != platform {
                continue;
            }
            if target.is_some() && target != destination_type(&generated) {
                continue;
            }
            let id = format!("{}/{}/{:04}", stream.name, platform, made + 1);
            let case = generated.to_case(&id);
            let case = if is_untyped_block2d(&case) {
                with_expect_straddle(case)?
            } else {
                with_expect(case)?
            };
            let case = tag_where_readings_differ(case, tagged_errata(stream.op))?;
            text.push_str(&case.to_line());
            text.push('\n');
            made += 1;
            count += 1;
        }
    }
    Ok(GoldenFile {
        file: stream.file,
        cases: count,
        text,
    })
}

/// A DPAS stream: twice `cases` per platform that has the instruction (integer classes; `cases`
/// for float ones, whose expectations run every profile), pair and repeat count
/// stratified ([`gen::dpas::stratified`]), so every pair of the class appears. Float cases
/// carry no profile: their expectation is the allowed set of every profile's result.
fn generate_dpas_stream(
    stream: &gen::dpas::Stream,
    runner: &mut TestRunner,
    file: &'static str,
    cases: usize,
) -> Result<GoldenFile, String> {
    let mut text = String::new();
    let mut count = 0;
    let per_platform = if stream.class.is_float() {
        cases
    } else {
        cases * 2
    };
    for platform in gen::dpas::platforms(stream.op) {
        for made in 0..per_platform {
            let mut generated = gen::dpas::stratified(stream, platform, made)
                .new_tree(runner)
                .map_err(|e| e.to_string())?
                .current();
            let id = format!("{}/{}/{:04}", stream.name, platform, made + 1);
            let case = if stream.class.is_float() {
                generated.profile = None;
                generated.tags.retain(|t| !t.starts_with("profile:"));
                with_expect_profiles(generated.to_case(&id))?
            } else {
                with_expect(generated.to_case(&id))?
            };
            text.push_str(&case.to_line());
            text.push('\n');
            count += 1;
        }
    }
    Ok(GoldenFile {
        file,
        cases: count,
        text,
    })
}

/// [`with_expect`] under the default profile, each variable's expectation widened to the
/// allowed set of its values under every numeric profile that can change it (DESIGN.md,
/// "Numeric profiles and allowed sets"; docs/dpas.md): tf32 inputs matter only to tf32,
/// the HF/BF rounding only to an HF/BF destination. Tagged `profiles-differ` when a set has
/// more than one value.
pub fn with_expect_profiles(case: Case) -> Result<Case, String> {
    let mut case = with_expect(case)?;
    let tf32 = case.program.contains(".tf32.");
    let narrow_dst = matches!(
        float_dpas_destination(&case),
        Some(DataType::HF | DataType::BF)
    );
    let profiles: Vec<DpasProfile> = DpasProfile::all()
        .into_iter()
        .filter(|p| tf32 || p.tf32 == Tf32Input::Trim)
        .filter(|p| narrow_dst || p.dst_rounding == DstRounding::Rne)
        .collect();
    let mut widened = false;
    let mut run = case.clone();
    run.expect = None;
    for profile in profiles {
        let Some(Expect::State(expect)) = &mut case.expect else {
            break;
        };
        run.profile = Some(profile.to_string());
        let observed = match run_case(&run, EngineKind::Spec) {
            Outcome::Ok(observed) => observed,
            Outcome::Error(e) => {
                return Err(format!("{}: profile {profile}: {e}", case.id));
            }
        };
        widened |= widen(&mut expect.vars, &observed.vars);
    }
    if widened {
        case.tags.push("profiles-differ".to_string());
        // A profile's alternative may hold a NaN where the others do not.
        case.expect = case.expect.take().map(|e| free_nans(&case, e));
    }
    Ok(case)
}

/// Adds to each expected variable's allowed set the bytes `observed` holds when the set does
/// not allow them already; whether any set grew.
fn widen(
    expect: &mut std::collections::BTreeMap<String, Allowed>,
    observed: &std::collections::BTreeMap<String, Vec<u8>>,
) -> bool {
    let mut widened = false;
    for (name, bytes) in observed {
        let Some(allowed) = expect.get_mut(name) else {
            continue;
        };
        widened |= widen_one(allowed, bytes);
    }
    widened
}

fn widen_one(allowed: &mut Allowed, bytes: &[u8]) -> bool {
    if allowed.allows(bytes) {
        return false;
    }
    let mut patterns = allowed.patterns().to_vec();
    patterns.push(Pattern::exact(bytes));
    *allowed = Allowed::AnyOf(patterns);
    true
}

/// Whether a case's program holds an untyped block 2D message (`lsc_load_block2d.ugm`,
/// `lsc_store_block2d.ugm`), whose expectation [`with_expect_straddle`] computes.
pub fn is_untyped_block2d(case: &Case) -> bool {
    case.program.contains("_block2d.ugm")
}

/// [`with_expect`] for an untyped block 2D case, each variable and memory region widened to
/// the outcome under BLOCK2D-STRADDLE's literal reading too (an element across the surface
/// width moved whole): the documents leave that element open, so a vector accepts either.
/// Tagged `block2d-straddle` and `BLOCK2D-STRADDLE` when the readings differ.
pub fn with_expect_straddle(case: Case) -> Result<Case, String> {
    let mut case = with_expect(case)?;
    let mut run = case.clone();
    run.expect = None;
    run.errata.insert(
        visa_spec::errata::BLOCK2D_STRADDLE.to_string(),
        Reading::Literal,
    );
    let Some(Expect::State(expect)) = &mut case.expect else {
        return Ok(case);
    };
    let Outcome::Ok(observed) = run_case(&run, EngineKind::Spec) else {
        return Ok(case);
    };
    let mut widened = widen(&mut expect.vars, &observed.vars);
    for (want, got) in expect.mem.iter_mut().zip(&observed.mem) {
        widened |= widen_one(&mut want.bytes, &got.bytes);
    }
    if widened {
        case.tags.push("block2d-straddle".to_string());
        case.tags
            .push(visa_spec::errata::BLOCK2D_STRADDLE.to_string());
    }
    Ok(case)
}

/// The destination type of a generated case's instruction, `None` when its program does not
/// validate under its readings (a case expecting an error).
fn destination_type(case: &gen::GenCase) -> Option<DataType> {
    let mut readings = Readings::default();
    for id in &case.literal {
        readings.set(id, Reading::Literal).ok()?;
    }
    let ast = asm::parse(&case.text).ok()?;
    let program = validate::validate_with(&ast, case.platform, &readings).ok()?;
    program.insns.first().map(|i| i.dst.ty())
}

/// The destination type of the first DPAS or DPASW with a float precision in the case's
/// program; `None` when there is none or the program does not validate under the case's
/// readings (a case expecting an error).
pub fn float_dpas_destination(case: &Case) -> Option<DataType> {
    // Most cases are not DPAS: skip parsing them.
    if !case.program.contains("dpas") {
        return None;
    }
    let readings = case.readings().ok()?;
    let ast = asm::parse(&case.program).ok()?;
    let program = validate::validate_with(&ast, case.platform, &readings).ok()?;
    program.insns.iter().find_map(|i| match i.ctrl {
        visa_spec::ir::Ctrl::Dpas(c) if c.w.is_float() || c.a.is_float() => Some(i.dst.ty()),
        _ => None,
    })
}

/// Runs a case on the spec engine and records what it observed as the expectation: every
/// declared variable and predicate, or the error class; a NaN whose encoding the documents
/// leave open accepts any NaN ([`free_nans`]).
pub fn with_expect(mut case: Case) -> Result<Case, String> {
    let outcome = run_case(&case, EngineKind::Spec);
    if let Outcome::Error(e) = &outcome {
        if e.class == visa_spec::ErrorClass::ModelBug {
            return Err(format!("{}: the spec engine failed: {e}", case.id));
        }
        case.tags.push("error".to_string());
    }
    case.expect = Some(free_nans(&case, expect_of(outcome)));
    Ok(case)
}

/// `case` (without `expect`) with erratum `id` at the other reading than the one it states.
pub fn flipped(case: &Case, id: &str) -> Case {
    let mut alt = case.clone();
    alt.expect = None;
    let stated = case.errata.get(id).copied().unwrap_or(Reading::Resolved);
    alt.errata.insert(id.to_string(), stated.other());
    alt
}

/// The errata a golden case of `op` is tagged with wherever their two readings expect
/// different results (a case stating the literal reading is tagged in any case).
fn tagged_errata(op: Opcode) -> &'static [&'static str] {
    match op {
        Opcode::Rol | Opcode::Ror => &[visa_spec::errata::ROTATE_SIGNED_SHIFT],
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

/// The expectation an engine's outcome stands for: the observed bytes exactly, with the
/// bytes it left undefined as `??`, or the error class.
pub fn expect_of(outcome: Outcome) -> Expect {
    match outcome {
        Outcome::Ok(observed) => Expect::State(ExpectState {
            vars: observed
                .vars
                .iter()
                .map(|(n, b)| {
                    let mut pattern = Pattern::exact(b);
                    for &k in observed.undefined.get(n).map_or(&[][..], |u| u.as_slice()) {
                        if let Some(byte) = pattern.0.get_mut(k) {
                            *byte = None;
                        }
                    }
                    (n.clone(), Allowed::Bytes(pattern))
                })
                .collect(),
            preds: observed.preds.clone(),
            // Every region of init.mem, with the bytes the instruction left undefined
            // (written twice with different values, LSC-ATOMIC-ORDER) as `??`.
            mem: observed
                .mem
                .iter()
                .map(|r| {
                    let mut pattern = Pattern::exact(&r.bytes);
                    let place = crate::case::mem_place(&r.space, r.addr);
                    for &k in observed
                        .undefined
                        .get(&place)
                        .map_or(&[][..], |u| u.as_slice())
                    {
                        if let Some(byte) = pattern.0.get_mut(k) {
                            *byte = None;
                        }
                    }
                    MemExpect {
                        space: r.space.clone(),
                        addr: r.addr,
                        bytes: Allowed::Bytes(pattern),
                    }
                })
                .collect(),
        }),
        Outcome::Error(e) => Expect::Error(e.class),
    }
}

/// `MANIFEST.json`: every file with its case count and sha256, in file order.
pub fn manifest(files: &[GoldenFile], seed: u64) -> String {
    let entries: Vec<Value> = files
        .iter()
        .map(|f| json!({"file": f.file, "cases": f.cases, "sha256": sha256_hex(f.text.as_bytes())}))
        .collect();
    let value = json!({"format": "visa-vector-manifest/1", "seed": seed, "files": entries});
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

/// Lower-case hex sha256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Writes the files and the manifest under `out`.
pub fn write(out: &Path, files: &[GoldenFile], seed: u64) -> std::io::Result<()> {
    for f in files {
        let path = out.join(f.file);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, &f.text)?;
    }
    std::fs::create_dir_all(out)?;
    std::fs::write(out.join("MANIFEST.json"), manifest(files, seed))
}
