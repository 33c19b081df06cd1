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
use visa_spec::types::DataType;
use visa_spec::validate;

use crate::case::{run_case, EngineKind, Outcome};
use crate::coverage;
use crate::gen::{self, Opcode};
use crate::vector::{Allowed, Case, Expect, ExpectState, Pattern};

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

/// A seeded, deterministic runner for one stream (the stream's index perturbs the seed so
/// streams do not share draws).
fn runner(seed: u64, stream: usize) -> TestRunner {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..16].copy_from_slice(&(stream as u64).to_le_bytes());
    TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    )
}

/// Generates every stream: `cases` per platform, expected values from the spec engine.
pub fn generate(seed: u64, cases: usize) -> Result<Vec<GoldenFile>, String> {
    STREAMS
        .iter()
        .enumerate()
        .map(|(i, stream)| generate_stream(stream, seed, i, cases))
        .collect()
}

fn generate_stream(
    stream: &Stream,
    seed: u64,
    index: usize,
    cases: usize,
) -> Result<GoldenFile, String> {
    let mut runner = runner(seed, index);
    let strategy = gen::case(stream.op);
    let mut text = String::new();
    let mut count = 0;
    for platform in Platform::ALL {
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
            let case = with_expect(generated.to_case(&id))?;
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

/// Runs a case on the spec engine and records what it observed as the expectation: every
/// declared variable and predicate, or the error class.
pub fn with_expect(mut case: Case) -> Result<Case, String> {
    case.expect = Some(match run_case(&case, EngineKind::Spec) {
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
            // Every observed memory region, its undefined bytes don't-care.
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
                    crate::vector::MemExpect {
                        space: r.space.clone(),
                        addr: r.addr,
                        bytes: Allowed::Bytes(pattern),
                    }
                })
                .collect(),
        }),
        Outcome::Error(e) if e.class == visa_spec::ErrorClass::ModelBug => {
            return Err(format!("{}: the spec engine failed: {e}", case.id));
        }
        Outcome::Error(e) => {
            case.tags.push("error".to_string());
            Expect::Error(e.class)
        }
    });
    Ok(case)
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
