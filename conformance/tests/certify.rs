//! `visa-conform certify`, `serve` and `merge` end to end: the bundled engines pass, every
//! mutant is caught on its instruction with a small shrunk case, misbehaving programs are
//! recorded and survived, interrupted runs resume, shards merge, the Python example passes,
//! and the protocol messages match their JSON Schemas.
#![allow(clippy::unwrap_used)]

mod common;

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use clap::Parser;
use serde_json::Value;
use visa_conformance::cli::{self, Cli};
use visa_conformance::dut::cases::Only;
use visa_conformance::dut::mutant::MUTANTS;
use visa_conformance::dut::protocol::{
    parse_result, run_request, runner_hello, Answer, BadAnswer, Observe,
};
use visa_conformance::dut::runner::split_command;

const BIN: &str = env!("CARGO_BIN_EXE_visa-conform");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The golden vector file of an instruction: `vectors/alu/INSN.jsonl`, or the integer
/// file of a DPAS-family instruction, or `vectors/lsc/INSN.jsonl`.
fn golden(insn: &str) -> String {
    let vectors = root().join("vectors");
    [
        vectors.join("alu").join(format!("{insn}.jsonl")),
        vectors.join("dpas").join(format!("{insn}-int.jsonl")),
        vectors.join("dpas").join(format!("{insn}.jsonl")),
        vectors.join("lsc").join(format!("{insn}.jsonl")),
    ]
    .into_iter()
    .find(|p| p.exists())
    .unwrap_or_else(|| panic!("no golden vectors for {insn}"))
    .display()
    .to_string()
}

/// `serve` of this build, with extra arguments, as an `--impl` command.
fn serve(extra: &str) -> String {
    format!("'{BIN}' serve {extra}")
}

struct Run {
    status: u8,
    out: String,
    err: String,
    report: Value,
}

impl Run {
    fn summary(&self, key: &str) -> u64 {
        self.report["summary"][key].as_u64().unwrap()
    }

    fn failures(&self) -> &Vec<Value> {
        self.report["failures"].as_array().unwrap()
    }

    /// The instructions with failed cases, from the cells.
    fn failing_instructions(&self) -> BTreeSet<String> {
        self.report["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["failed"].as_u64().unwrap() > 0)
            .map(|c| c["instruction"].as_str().unwrap().to_string())
            .collect()
    }
}

/// Runs `certify` in process with its report in `dir`.
fn certify(dir: &Path, args: &[&str]) -> Run {
    let report_dir = dir.display().to_string();
    let mut argv = vec!["visa-conform", "certify", "--report", &report_dir];
    argv.extend_from_slice(args);
    let cli = Cli::try_parse_from(&argv).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = cli::run(cli, &mut out, &mut err);
    let report = std::fs::read_to_string(dir.join("report.json"))
        .map(|t| serde_json::from_str(&t).unwrap())
        .unwrap_or(Value::Null);
    Run {
        status,
        out: String::from_utf8(out).unwrap(),
        err: String::from_utf8(err).unwrap(),
        report,
    }
}

fn write_lines(path: &Path, lines: &[String]) -> String {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        path,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
    path.display().to_string()
}

fn head(file: &str, n: usize) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .take(n)
        .map(str::to_string)
        .collect()
}

/// The report's `profiles.fit_every_case`.
fn fit_every_case(profiles: &Value) -> Vec<&str> {
    profiles["fit_every_case"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect()
}

/// The float DPAS vectors accept every numeric profile, and the report names the profiles
/// the answers fit: the profile the server runs, and not the default one when it serves
/// another.
#[test]
fn float_dpas_answers_are_graded_against_every_profile() {
    let default = "literal-c+dst-rne+denorm-keep+tf32-trim";
    let other = "sequential+dst-rne+denorm-keep+tf32-trim";
    let vectors: Vec<String> = ["dpas-bf", "dpas-hf", "dpas-tf32", "dpas-fp8"]
        .iter()
        .map(|f| {
            root()
                .join(format!("vectors/dpas/{f}.jsonl"))
                .display()
                .to_string()
        })
        .collect();
    for (served, absent) in [(None, other), (Some(other), default)] {
        let dir = common::tmp_dir(&format!("certify-profile-{}", served.unwrap_or("default")));
        let server = match served {
            Some(p) => serve(&format!("--engine oracle --profile {p}")),
            None => serve("--engine oracle"),
        };
        let mut args = vec![
            "--impl",
            server.as_str(),
            "--generated",
            "6",
            "--only",
            "dpas",
        ];
        for v in &vectors {
            args.extend(["--vectors", v.as_str()]);
        }
        let r = certify(&dir, &args);
        assert_eq!(r.status, 0, "{served:?}: {}{}", r.out, r.err);
        let profiles = &r.report["profiles"];
        assert!(profiles["cases"].as_u64().unwrap() > 100, "{profiles}");
        let fit = fit_every_case(profiles);
        assert!(
            fit.contains(&served.unwrap_or(default)),
            "{served:?}: {fit:?}"
        );
        assert!(!fit.contains(&absent), "{served:?}: {fit:?}");
        assert!(r.out.contains("float DPAS profiles"), "{}", r.out);
    }
}

/// Two float DPAS cases (bf x bf, RC 1, xe-hpg, no expectation: certify computes the set
/// of every profile's result) that tell `product-round` from the other accumulations
/// (derivations in conformance/tests/dpas_catalog.rs, `products_below_f32_range` and
/// `accumulation_profiles`): products p0 = -2^-200, p1 = -0 in every stage on +0 (+0 under
/// product-round and literal-c, -0 under sequential and exact-stage); p0 = p1 = 2^-24 on 1.0
/// (1.0 under product-round and sequential, 1 + 2^-23 under literal-c and exact-stage).
fn product_round_cases() -> Vec<String> {
    let dws = |v: u32, n: usize| -> String {
        std::iter::repeat_n(v.to_le_bytes(), n)
            .flatten()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let decls = r".decl V1 v_type=G type=f num_elts=8\n.decl V2 v_type=G type=f num_elts=8\n.decl V3 v_type=G type=ud num_elts=64\n.decl V4 v_type=G type=ud num_elts=8\n";
    let line = |n: u32, src0: &str, vars: String| {
        format!(
            r#"{{"format":"visa-vector/1","id":"dpas/product-round/{n:04}","platform":"xe-hpg","program":"{decls}dpas.bf.bf.8.1 (M1, 8) V1.0 {src0} V3.0 V4(0,0)\n","init":{{"vars":{{{vars}}}}}}}"#
        )
    };
    vec![
        line(
            1,
            "%null.0",
            format!(
                r#""V3":"{}","V4":"{}""#,
                dws(0x8000_0D80, 64),
                dws(0x0000_8D80, 8)
            ),
        ),
        line(
            2,
            "V2.0",
            format!(
                r#""V2":"{}","V3":"{}{}","V4":"{}{}""#,
                dws(0x3F80_0000, 8),
                dws(0x3980_3980, 8),
                dws(0, 56),
                dws(0x3980_3980, 1),
                dws(0, 7)
            ),
        ),
    ]
}

/// An implementation that rounds each product to f32 before accumulating it (Intel's
/// emulations) is named by the profile fit: `product-round` fits every answer, `sequential`,
/// which it matches but for products below the f32 range, does not.
#[test]
fn the_profile_fit_names_product_round() {
    let served = "product-round+dst-rne+denorm-keep+tf32-trim";
    let dir = common::tmp_dir("certify-profile-product-round");
    let file = write_lines(&dir.join("product-round.jsonl"), &product_round_cases());
    let bf = root()
        .join("vectors/dpas/dpas-bf.jsonl")
        .display()
        .to_string();
    let server = serve("--engine oracle --profile product-round");
    let r = certify(
        &dir,
        &[
            "--impl",
            server.as_str(),
            "--generated",
            "0",
            "--vectors",
            file.as_str(),
            "--vectors",
            bf.as_str(),
        ],
    );
    assert_eq!(r.status, 0, "{}{}", r.out, r.err);
    let profiles = &r.report["profiles"];
    let fit = fit_every_case(profiles);
    // bf cases cannot tell the tf32 choices apart; every other part is pinned.
    assert!(fit.contains(&served), "{profiles}");
    assert!(
        fit.iter()
            .all(|p| p.starts_with("product-round+dst-rne+denorm-keep+")),
        "{profiles}"
    );
    assert!(r.out.contains(served), "{}", r.out);
}

#[test]
fn the_bundled_engines_pass_cleanly() {
    let vectors = root().join("vectors").display().to_string();
    for engine in ["oracle", "spec"] {
        let dir = common::tmp_dir(&format!("certify-clean-{engine}"));
        let r = certify(
            &dir,
            &[
                "--impl",
                &serve(&format!("--engine {engine}")),
                "--vectors",
                &vectors,
                "--generated",
                "4",
            ],
        );
        assert_eq!(r.status, 0, "{engine}: {}{}", r.out, r.err);
        assert_eq!(r.summary("failed"), 0);
        assert_eq!(r.summary("unsupported") + r.summary("skipped"), 0);
        assert!(r.summary("passed") > 2000, "{}", r.out);
        assert_eq!(r.report["complete"], true);
        assert_eq!(r.report["verdict"], "pass");
        let junit = std::fs::read_to_string(dir.join("junit.xml")).unwrap();
        assert!(junit.contains("<testsuites") && !junit.contains("<failure"));
        assert!(r.out.contains("cases/s"), "{}", r.out);
    }
}

#[test]
fn without_impl_certify_runs_the_bundled_oracle() {
    let dir = common::tmp_dir("certify-default");
    let out = Command::new(BIN)
        .current_dir(root())
        .env("CI", "true")
        .args([
            "certify",
            "--only",
            "mov,xor",
            "--generated",
            "3",
            "--report",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("visa-conform serve --engine oracle"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("mov ") && l.ends_with("pass")),
        "{text}"
    );
    assert!(text.contains("0 failed"), "{text}");
}

/// A case that only a mutant's bug reaches often enough to rely on.
struct Trigger(&'static str);

/// MOV F to HF of 2^-24: an HF denormal, flushed under %cr0 = 0.
const HF_DENORMAL: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"trigger/hf-denormal","platform":"xe-hpg","program":".decl V1 v_type=G type=hf num_elts=1\n.decl V2 v_type=G type=f num_elts=1\nmov (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>\n","init":{"vars":{"V2":"00008033"}}}"#,
);
/// ADD F 1.0 + 1.5 * 2^-24: rounds up to nearest even, down toward zero.
const ROUNDING: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"trigger/rounding","platform":"xe-lp","program":".decl V1 v_type=G type=f num_elts=1\n.decl V2 v_type=G type=f num_elts=1\nadd (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> 0x33c00000:f\n","init":{"vars":{"V2":"0000803f"}}}"#,
);
/// Channel 0 under M5 reads predicate bit 16 (clear), not bit 0 (set).
const PRED_OFFSET: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"trigger/pred-offset","platform":"xe-lp","program":".decl V1 v_type=G type=d num_elts=1\n.decl V2 v_type=G type=d num_elts=1\n.decl P1 v_type=P num_elts=32\n(P1) add (M5, 1) V1(0,0)<1> V2(0,0)<0;1,0> 0x1:d\n","init":{"vars":{"V2":"07000000"},"preds":{"P1":"0x1"}}}"#,
);
/// FBH of -1 (D): 0xFFFFFFFF under both readings of FBH-SIGNED.
const FBH_MINUS_ONE: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"trigger/fbh-minus-one","platform":"xe2","program":".decl V1 v_type=G type=ud num_elts=1\nfbh (M1, 1) V1(0,0)<1> 0xffffffff:d\n"}"#,
);
/// CMP.LT of a quiet NaN and 0: false, unordered.
const CMP_NAN: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"trigger/cmp-nan","platform":"xe-hpg","program":".decl P1 v_type=P num_elts=32\n.decl V2 v_type=G type=f num_elts=1\ncmp.lt (M1, 1) P1 V2(0,0)<0;1,0> 0x0:f\n","init":{"vars":{"V2":"0000c07f"}}}"#,
);
/// Rows of <4;2,1> start at elements 0 and 4.
const VSTRIDE: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"trigger/vstride","platform":"xe-lp","program":".decl V1 v_type=G type=d num_elts=4\n.decl V2 v_type=G type=d num_elts=8\nmov (M1, 4) V1(0,0)<1> V2(0,0)<4;2,1>\n","init":{"vars":{"V2":"0000000001000000020000000300000004000000050000000600000007000000"}}}"#,
);

/// A flat a32 load whose address wraps: 0xFFFFFFF0 + 0x20 is 0x10 in 32 bits
/// (instructions/LSC_UNTYPED.md, address size a32; erratum LSC-ADDR-WRAP), where memory holds
/// 0x12345678; without the wrap the load reads 0x1_0000_0010, which the case never wrote.
const A32_WRAP: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"trigger/a32-wrap","platform":"xe-hpg","program":".decl VD v_type=G type=ud num_elts=8\n.decl VA v_type=G type=ud num_elts=1\nlsc_load.ugm (M1, 1) VD:d32 flat[VA+0x20]:a32\n","init":{"vars":{"VA":"f0ffffff"},"mem":[{"space":"flat","addr":"0x10","bytes":"78563412"}]}}"#,
);
/// A block 2D load of four d32 elements from a surface 8 bytes wide (width operand 0x7,
/// minus-one encoded) and one row high: elements 2 and 3 lie past the width and load as
/// zero (erratum BLOCK2D-OUT-OF-BOUNDS, resolved), although memory there holds 3 and 4.
const BLOCK2D_BOUNDS: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"trigger/block2d-bounds","platform":"xe-hpc","program":".decl VD v_type=G type=ud num_elts=16\n.decl VX v_type=G type=d num_elts=1\n.decl VY v_type=G type=d num_elts=1\nlsc_load_block2d.ugm (M1_NM, 1) VD:d32.4x1nn flat[0x10000,0x7,0x0,0x3f,VX,VY]\n","init":{"mem":[{"space":"flat","addr":"0x10000","bytes":"01000000020000000300000004000000"}]}}"#,
);

/// A mutant, the instruction it must fail, an instruction it must not fail (when its bug is
/// confined to one instruction), extra triggering cases, and the lanes its shrunk case may
/// keep.
struct Expectation {
    mutant: &'static str,
    insn: &'static str,
    control: Option<&'static str>,
    triggers: &'static [Trigger],
    lanes: u64,
    /// The largest shrunk line accepted ([`SHRUNK_LINE_BYTES`] unless the instruction's
    /// operands are necessarily large).
    line_bytes: u64,
}

const MUTANT_EXPECTATIONS: &[Expectation] = &[
    Expectation {
        mutant: "lsc-a32-no-wrap",
        insn: "lsc_load",
        control: Some("lsc_store"),
        triggers: &[A32_WRAP],
        lanes: 1,
        // The declarations, the instruction and one memory region.
        line_bytes: 600,
    },
    Expectation {
        mutant: "block2d-no-bounds",
        insn: "lsc_load_block2d",
        control: Some("lsc_store_block2d"),
        triggers: &[BLOCK2D_BOUNDS],
        lanes: 1,
        line_bytes: 600,
    },
    Expectation {
        mutant: "dpas-s4-zero-extended",
        insn: "dpas",
        control: Some("dp4a"),
        triggers: &[],
        // DPAS runs its platform's full execution size (8 on xe-hpg); its operands are
        // whole matrices: at repeat count 1 about 200 bytes of Dst, Src0, Src1 and Src2.
        lanes: 8,
        line_bytes: 1200,
    },
    Expectation {
        mutant: "add-sat-ignored",
        insn: "add",
        control: Some("and"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "avg-no-round",
        insn: "avg",
        control: Some("and"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "mulh-low-dword",
        insn: "mulh",
        control: Some("and"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "xor-as-or",
        insn: "xor",
        control: Some("or"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "not-logical",
        insn: "not",
        control: Some("and"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "shl-count-unmasked",
        insn: "shl",
        control: Some("shr"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "shr-arithmetic",
        insn: "shr",
        control: Some("asr"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "rol-in-32-bits",
        insn: "rol",
        control: Some("ror"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "bfrev-bytes",
        insn: "bfrev",
        control: Some("cbit"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "fbh-leading-zeros",
        insn: "fbh",
        control: Some("lzd"),
        triggers: &[FBH_MINUS_ONE],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "fbl-one-based",
        insn: "fbl",
        control: Some("fbh"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "bfe-width-zero",
        insn: "bfe",
        control: Some("bfi"),
        triggers: &[],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "cmp-nan-ordered",
        insn: "cmp",
        control: Some("sel"),
        triggers: &[CMP_NAN],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "pred-offset-ignored",
        insn: "add",
        control: None,
        triggers: &[PRED_OFFSET],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "region-vstride-as-width",
        insn: "mov",
        control: None,
        triggers: &[VSTRIDE],
        lanes: 2,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "hf-denorms-kept",
        insn: "mov",
        control: Some("and"),
        triggers: &[HF_DENORMAL],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "add-f-round-toward-zero",
        insn: "add",
        control: Some("mov"),
        triggers: &[ROUNDING],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
];

/// The largest shrunk case a mutant may leave: a `visa-vector/1` line (without `expect`) of
/// at most this many bytes: two or three declarations of one element and one instruction.
const SHRUNK_LINE_BYTES: u64 = 360;

#[test]
fn every_mutant_fails_on_its_instruction_with_a_small_shrunk_case() {
    assert!(MUTANTS.len() >= 12);
    let covered: BTreeSet<&str> = MUTANT_EXPECTATIONS.iter().map(|e| e.mutant).collect();
    for m in MUTANTS {
        assert!(
            covered.contains(m.name) || m.name == "sat-keeps-negative-zero",
            "mutant {} has no expectation here",
            m.name
        );
    }
    for e in MUTANT_EXPECTATIONS {
        let dir = common::tmp_dir(&format!("mutant-{}", e.mutant));
        let mut lines = head(&golden(e.insn), 48);
        let mut only = e.insn.to_string();
        if let Some(control) = e.control {
            lines.extend(head(&golden(control), 24));
            only = format!("{only},{control}");
        }
        lines.extend(e.triggers.iter().map(|t| t.0.to_string()));
        let vectors = write_lines(&dir.join("in/cases.jsonl"), &lines);
        let r = certify(
            &dir.join("report"),
            &[
                "--impl",
                &serve(&format!("--mutant {}", e.mutant)),
                "--vectors",
                &vectors,
                "--only",
                &format!("{only},trigger/*"),
                "--generated",
                "10",
                "--shrink",
                "2",
                "--shrink-asks",
                "200",
            ],
        );
        assert_eq!(r.status, 1, "{}: {}{}", e.mutant, r.out, r.err);
        let failing = r.failing_instructions();
        assert_eq!(
            failing,
            BTreeSet::from([e.insn.to_string()]),
            "{}: fails on {failing:?}\n{}",
            e.mutant,
            r.out
        );
        let smallest = r
            .failures()
            .iter()
            .filter_map(|f| f.get("shrunk"))
            .min_by_key(|s| s["line_bytes"].as_u64().unwrap())
            .unwrap_or_else(|| panic!("{}: nothing shrunk\n{}", e.mutant, r.out));
        assert!(
            smallest["line_bytes"].as_u64().unwrap() <= e.line_bytes
                && smallest["lanes"].as_u64().unwrap() <= e.lanes,
            "{}: shrunk case too large: {smallest}",
            e.mutant
        );
        // The minimal case replays: the spec passes it, the mutant fails it.
        let minimal = smallest["case"].as_str().unwrap().to_string();
        let repro = write_lines(&dir.join("repro.jsonl"), &[minimal]);
        let spec = certify(
            &dir.join("replay-spec"),
            &[
                "--impl",
                &serve("--engine spec"),
                "--vectors",
                &repro,
                "--generated",
                "0",
            ],
        );
        assert_eq!(spec.status, 0, "{}: {}", e.mutant, spec.out);
        let again = certify(
            &dir.join("replay-mutant"),
            &[
                "--impl",
                &serve(&format!("--mutant {}", e.mutant)),
                "--vectors",
                &repro,
                "--generated",
                "0",
                "--shrink",
                "0",
            ],
        );
        assert_eq!(again.status, 1, "{}: {}", e.mutant, again.out);
    }
}

#[test]
fn a_literal_reading_passes_tolerantly_and_fails_strictly() {
    let dir = common::tmp_dir("certify-errata");
    let vectors = write_lines(&dir.join("in/sat.jsonl"), &[common::ADD_SAT.to_string()]);
    let impl_ = serve("--mutant sat-keeps-negative-zero");
    let args = ["--impl", &impl_, "--vectors", &vectors, "--generated", "0"];
    let tolerant = certify(&dir.join("tolerant"), &args);
    assert_eq!(tolerant.status, 0, "{}", tolerant.out);
    assert_eq!(tolerant.summary("tolerated"), 1);
    assert_eq!(tolerant.report["tolerated"]["SAT-NEGATIVE-ZERO literal"], 1);
    assert!(
        tolerant.out.contains("SAT-NEGATIVE-ZERO literal (1)"),
        "{}",
        tolerant.out
    );
    let mut strict_args = args.to_vec();
    strict_args.push("--strict-errata");
    let strict = certify(&dir.join("strict"), &strict_args);
    assert_eq!(strict.status, 1, "{}", strict.out);
    let f = &strict.failures()[0];
    assert_eq!(f["first_difference"]["lane"], 3, "{f}");
    assert_eq!(f["first_difference"]["byte"], 15, "{f}");
}

#[test]
fn misbehaving_programs_fail_their_cases_and_the_run_goes_on() {
    let dir = common::tmp_dir("certify-faults");
    let mut lines = head(&golden("bfrev"), 3);
    lines.extend(head(&golden("add"), 5));
    let vectors = write_lines(&dir.join("in/cases.jsonl"), &lines);
    for (fault, kind) in [
        ("crash", "crash"),
        ("exit", "closed"),
        ("hang", "timeout"),
        ("garbage", "garbage"),
        ("shape", "shape"),
        ("seq", "shape"),
    ] {
        let r = certify(
            &dir.join(fault),
            &[
                "--impl",
                &serve(&format!("--fault {fault}:bfrev")),
                "--vectors",
                &vectors,
                "--generated",
                "0",
                "--timeout-ms",
                "300",
                "--shrink",
                "0",
            ],
        );
        assert_eq!(r.status, 1, "{fault}: {}{}", r.out, r.err);
        assert_eq!(r.summary("failed"), 3, "{fault}: {}", r.out);
        assert_eq!(r.summary("passed"), 5, "{fault}: {}", r.out);
        assert_eq!(
            r.report["failure_kinds"][kind], 3,
            "{fault}: {}",
            r.report["failure_kinds"]
        );
        for f in r.failures() {
            assert_eq!(f["instruction"], "bfrev");
            assert!(!f["message"].as_str().unwrap().is_empty());
        }
    }
    // Chatter on stderr is not a failure.
    let r = certify(
        &dir.join("stderr"),
        &[
            "--impl",
            &serve("--fault stderr"),
            "--vectors",
            &vectors,
            "--generated",
            "0",
        ],
    );
    assert_eq!(r.status, 0, "{}", r.out);
}

#[test]
fn bad_implementations_are_reported() {
    let dir = common::tmp_dir("certify-bad-impl");
    let r = certify(
        &dir.join("a"),
        &[
            "--impl",
            "/nonexistent/dut",
            "--generated",
            "1",
            "--no-vectors",
        ],
    );
    assert_eq!(r.status, 2);
    assert!(r.err.contains("cannot start"), "{}", r.err);
    // `true` exits at once: no hello.
    let r = certify(
        &dir.join("b"),
        &["--impl", "true", "--generated", "1", "--no-vectors"],
    );
    assert_eq!(r.status, 1);
    assert!(r.err.contains("before answering hello"), "{}", r.err);
    // `cat` echoes the runner's hello: it offers nothing, so nothing is certified.
    let r = certify(
        &dir.join("c"),
        &[
            "--impl",
            "cat",
            "--generated",
            "1",
            "--no-vectors",
            "--only",
            "mov",
        ],
    );
    assert_eq!(r.status, 1, "{}", r.out);
    assert_eq!(r.summary("skipped"), 1);
    assert!(r.out.contains("no case was sent"), "{}", r.out);
}

#[test]
fn an_interrupted_run_resumes_from_its_journal() {
    let dir = common::tmp_dir("certify-resume");
    let args = [
        "--only",
        "and,or",
        "--no-vectors",
        "--generated",
        "20",
        "--impl",
    ];
    let impl_ = serve("");
    let mut full: Vec<&str> = args.to_vec();
    full.push(&impl_);
    let first = certify(&dir, &full);
    assert_eq!(first.status, 0, "{}", first.out);
    assert_eq!(first.report["throughput"]["cases"], 40);
    // Cut the journal after 15 results, as a killed run leaves it (torn last line included).
    let journal = dir.join("journal.jsonl");
    let text = std::fs::read_to_string(&journal).unwrap();
    let mut kept: String = text.lines().take(16).map(|l| format!("{l}\n")).collect();
    kept.push_str("{\"i\":3");
    std::fs::write(&journal, kept).unwrap();
    let second = certify(&dir, &full);
    assert_eq!(second.status, 0, "{}", second.out);
    assert!(
        second.out.contains("resuming: 15 results"),
        "{}",
        second.out
    );
    assert_eq!(second.report["throughput"]["cases"], 25);
    assert_eq!(second.summary("passed"), 40);
    // A finished journal starts afresh.
    let third = certify(&dir, &full);
    assert!(!third.out.contains("resuming"), "{}", third.out);
    assert_eq!(third.report["throughput"]["cases"], 40);
}

#[test]
fn a_killed_run_leaves_a_report_and_resumes() {
    let dir = common::tmp_dir("certify-killed");
    let mut lines = head(&golden("and"), 96);
    lines.extend(head(&golden("bfrev"), 2));
    let vectors = write_lines(&dir.join("in/cases.jsonl"), &lines);
    let impl_ = serve("--fault hang:bfrev");
    let args = |timeout: &str| -> Vec<String> {
        [
            "certify",
            "--impl",
            &impl_,
            "--vectors",
            &vectors,
            "--generated",
            "0",
            "--jobs",
            "1",
            "--shrink",
            "0",
            "--timeout-ms",
            timeout,
            "--report",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([dir.join("report").display().to_string()])
        .collect()
    };
    let mut child = Command::new(BIN)
        .args(args("60000"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The run hangs on BFREV; the report is rewritten every two seconds meanwhile.
    std::thread::sleep(Duration::from_millis(2600));
    child.kill().unwrap();
    child.wait().unwrap();
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report/report.json")).unwrap())
            .unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["summary"]["passed"], 96, "{report}");
    let out = Command::new(BIN).args(args("200")).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("resuming: 96 results"), "{text}");
    assert!(
        text.contains("96 passed") && text.contains("2 failed"),
        "{text}"
    );
}

#[test]
fn shard_reports_merge_into_the_whole() {
    let dir = common::tmp_dir("certify-shards");
    let impl_ = serve("");
    let base = [
        "--only",
        "and,or,not",
        "--no-vectors",
        "--generated",
        "7",
        "--impl",
        &impl_,
    ];
    let with = |shard: Option<&str>| {
        let mut a: Vec<String> = base.iter().map(|s| s.to_string()).collect();
        if let Some(s) = shard {
            a.extend(["--shard".to_string(), s.to_string()]);
        }
        a
    };
    let run = |name: &str, args: Vec<String>| {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        certify(&dir.join(name), &refs)
    };
    let whole = run("whole", with(None));
    let one = run("one", with(Some("1/2")));
    let two = run("two", with(Some("2/2")));
    assert_eq!(one.status, 0, "{}{}", one.out, one.err);
    assert_eq!(two.status, 0, "{}{}", two.out, two.err);
    assert_eq!(
        one.summary("passed") + two.summary("passed"),
        whole.summary("passed")
    );
    assert!(one.summary("passed") > 0 && two.summary("passed") > 0);
    let merge = |reports: &[PathBuf], out: Option<&Path>| {
        let mut argv: Vec<String> = vec!["visa-conform".into(), "merge".into()];
        argv.extend(reports.iter().map(|p| p.display().to_string()));
        if let Some(o) = out {
            argv.extend(["--out".to_string(), o.display().to_string()]);
        }
        let cli = Cli::try_parse_from(&argv).unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = cli::run(cli, &mut out, &mut err);
        (
            status,
            String::from_utf8(out).unwrap() + &String::from_utf8(err).unwrap(),
        )
    };
    let merged_dir = dir.join("merged");
    let (status, text) = merge(
        &[dir.join("one"), dir.join("two/report.json")],
        Some(&merged_dir),
    );
    assert_eq!(status, 0, "{text}");
    let merged: Value =
        serde_json::from_str(&std::fs::read_to_string(merged_dir.join("report.json")).unwrap())
            .unwrap();
    assert_eq!(merged["summary"]["passed"], whole.summary("passed"));
    assert_eq!(merged["cells"], whole.report["cells"]);
    assert_eq!(merged["complete"], true);
    // A missing shard: incomplete, not a pass.
    let (status, text) = merge(&[dir.join("one")], None);
    assert_eq!(status, 1, "{text}");
    assert!(text.contains("missing shards: 2/2"), "{text}");
    // A shard of another campaign is refused.
    let mut other = with(Some("2/2"));
    other.extend(["--seed".to_string(), "9".to_string()]);
    run("other", other);
    let (status, text) = merge(&[dir.join("one"), dir.join("other")], None);
    assert_eq!(status, 2, "{text}");
}

/// D and UD cases of the instructions the Python example implements: plain, saturated,
/// predicated under M5 with `.any`, a two-row region, an execution mask, NoMask.
const PYTHON_CASES: &[&str] = &[
    r#"{"format":"visa-vector/1","id":"py/mov","platform":"xe-lp","program":".decl V1 v_type=G type=d num_elts=8\n.decl V2 v_type=G type=ud num_elts=8\nmov (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>\n","init":{"vars":{"V2":"00000000ffffffff0100000000000080ffffff7f020000000300000004000000"}}}"#,
    r#"{"format":"visa-vector/1","id":"py/mov-sat","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=8\n.decl V2 v_type=G type=ud num_elts=8\nmov.sat (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>\n","init":{"vars":{"V2":"00000000ffffffff0100000000000080ffffff7f020000000300000004000000"}}}"#,
    r#"{"format":"visa-vector/1","id":"py/add-sat","platform":"xe-hpc","program":".decl V1 v_type=G type=d num_elts=16\n.decl V2 v_type=G type=d num_elts=16\nadd.sat (M1, 4) V1(0,1)<2> V2(0,0)<1;1,0> 0x7ffffffe:d\n","init":{"vars":{"V2":"0000000001000000ffffffff00000080050000000500000005000000050000000500000005000000050000000500000005000000050000000500000005000000"}}}"#,
    r#"{"format":"visa-vector/1","id":"py/add-wrap","platform":"xe2","program":".decl V1 v_type=G type=ud num_elts=16\n.decl V2 v_type=G type=ud num_elts=16\n.decl V3 v_type=G type=d num_elts=16\nadd (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<0;1,0>\n","init":{"vars":{"V2":"ffffffff000000000100000002000000030000000400000005000000060000000700000008000000090000000a0000000b0000000c0000000d000000ffffff7f","V3":"fffffffffeffffff0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"}}}"#,
    r#"{"format":"visa-vector/1","id":"py/and-pred","platform":"xe-lp","program":".decl V1 v_type=G type=ud num_elts=8\n.decl V2 v_type=G type=ud num_elts=8\n.decl P1 v_type=P num_elts=32\n(P1) and (M5, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0xf0f0f0f0:ud\n","init":{"vars":{"V1":"1111111111111111111111111111111111111111111111111111111111111111","V2":"ffffffff0f0f0f0fffffffff0f0f0f0fffffffff0f0f0f0fffffffff0f0f0f0f"},"preds":{"P1":"0x5a0000"}}}"#,
    r#"{"format":"visa-vector/1","id":"py/or-any","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=8\n.decl V2 v_type=G type=d num_elts=8\n.decl P1 v_type=P num_elts=32\n(!P1.any) or (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x100:d\n","init":{"vars":{"V2":"0100000002000000030000000400000005000000060000000700000008000000"},"preds":{"P1":"0x0"}}}"#,
    r#"{"format":"visa-vector/1","id":"py/xor-region","platform":"xe-lp","program":".decl V1 v_type=G type=ud num_elts=8\n.decl V2 v_type=G type=ud num_elts=16\nxor (M1, 8) V1(0,0)<1> V2(0,1)<8;4,1> V2(1,0)<0;1,0>\n","init":{"vars":{"V2":"000000000100000002000000030000000400000005000000060000000700000008000000090000000a0000000b0000000c0000000d0000000e000000ffffffff"}}}"#,
    r#"{"format":"visa-vector/1","id":"py/xor-emask","platform":"xe2","program":".decl V1 v_type=G type=ud num_elts=16\n.decl V2 v_type=G type=ud num_elts=16\nxor (M1_NM, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0xffffffff:ud\nxor (M1, 16) V2(0,0)<1> V1(0,0)<1;1,0> 0x1:ud\n","init":{"vars":{"V2":"000000000100000002000000030000000400000005000000060000000700000008000000090000000a0000000b0000000c0000000d0000000e0000000f000000"},"emask":"0xff00"}}"#,
];

#[test]
fn the_python_example_passes_what_it_supports() {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: python3 is not available");
        return;
    }
    let dir = common::tmp_dir("certify-python");
    let script = root().join("examples/python/visa_dut.py");
    let lines: Vec<String> = PYTHON_CASES.iter().map(|l| l.to_string()).collect();
    let vectors = write_lines(&dir.join("in/python.jsonl"), &lines);
    let r = certify(
        &dir.join("report"),
        &[
            "--impl",
            &format!("python3 '{}'", script.display()),
            "--vectors",
            &vectors,
            "--only",
            "mov,add,and,or,xor,py/*",
            "--generated",
            "30",
        ],
    );
    assert_eq!(r.status, 0, "{}{}", r.out, r.err);
    assert_eq!(r.summary("failed"), 0);
    assert!(
        r.summary("passed") >= PYTHON_CASES.len() as u64,
        "{}",
        r.out
    );
    assert!(r.summary("unsupported") > 0, "{}", r.out);
    // The other instructions are not offered, so not sent.
    assert_eq!(
        r.report["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["instruction"] == "bfe")
            .count(),
        0
    );
}

fn schema(name: &str) -> jsonschema::Validator {
    let path = root().join("docs").join(name);
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::draft202012::new(&schema).unwrap()
}

fn assert_valid(v: &jsonschema::Validator, instance: &Value) {
    let errors: Vec<String> = v
        .iter_errors(instance)
        .map(|e| format!("{e} at {}", e.instance_path))
        .collect();
    assert!(errors.is_empty(), "{instance}: {errors:?}");
}

#[test]
fn protocol_messages_match_their_schemas() {
    let hello_request = schema("visa-dut-1/hello-request.schema.json");
    let run = schema("visa-dut-1/run.schema.json");
    let vector = schema("visa-vector-1.schema.json");
    let hello = schema("visa-dut-1/hello.schema.json");
    let result = schema("visa-dut-1/result.schema.json");
    let error = schema("visa-dut-1/error.schema.json");

    let mut requests = vec![runner_hello()];
    assert_valid(&hello_request, &serde_json::from_str(&requests[0]).unwrap());
    let profiled = common::ADD_SAT.replace("\"program\"", "\"profile\":\"p\",\"program\"");
    let mut mem = common::case(common::PREDICATED);
    mem.id = "mem".into();
    for (seq, line) in [common::ADD_SAT, common::UNDECLARED, &profiled]
        .into_iter()
        .enumerate()
    {
        let case = common::case(line);
        let observe = case.expect.as_ref().and_then(Observe::of);
        let request = run_request(seq as u64, &case, observe.as_ref());
        let value: Value = serde_json::from_str(&request).unwrap();
        assert_valid(&run, &value);
        assert_valid(&vector, &value["case"]);
        requests.push(request);
    }
    requests.push(run_request(3, &mem, None));
    requests.push("this is not JSON\n".to_string());
    requests.push("{\"type\":\"run\",\"seq\":5}\n".to_string());

    let mut child = Command::new(BIN)
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(requests.concat().as_bytes())
        .unwrap();
    let answers: Vec<Value> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
        .collect();
    child.wait().unwrap();
    assert_eq!(answers.len(), requests.len(), "{answers:?}");
    assert_valid(&hello, &answers[0]);
    for a in &answers[1..] {
        match a["type"].as_str() {
            Some("result") => assert_valid(&result, a),
            Some("error") => assert_valid(&error, a),
            other => panic!("unexpected answer type {other:?}"),
        }
    }
    assert!(
        answers[1]["state"]["vars"]["V1"].is_string(),
        "{}",
        answers[1]
    );
    assert_eq!(answers[2]["error"]["class"], "invalid-instruction");
    assert!(answers[3]["unsupported"].is_string(), "{}", answers[3]);
    assert_eq!(answers[4]["state"]["mem"][0]["bytes"], "2a000000");
    assert_eq!(answers[4]["state"]["preds"]["P1"], "0xf0");
    assert_eq!(answers[5]["type"], "error");
    assert_eq!(answers[6]["error"]["class"], "invalid-vector");
    assert_eq!(answers[6]["seq"], 5);
}

#[test]
fn answers_that_are_not_results_are_told_apart() {
    assert!(matches!(
        parse_result(b"hello there"),
        Err(BadAnswer::Garbage(_))
    ));
    assert!(matches!(
        parse_result(br#"{"type":"result","seq":1}"#),
        Err(BadAnswer::Shape { seq: Some(1), .. })
    ));
    assert!(matches!(
        parse_result(br#"{"type":"result","seq":2,"state":{"vars":{"V1":"0g"}}}"#),
        Err(BadAnswer::Shape { seq: Some(2), .. })
    ));
    assert!(matches!(
        parse_result(br#"{"type":"result","seq":2,"error":{"class":"oops"}}"#),
        Err(BadAnswer::Shape { .. })
    ));
    let ok =
        parse_result(br#"{"type":"result","seq":7,"unsupported":"no HF","x-extra":1}"#).unwrap();
    assert_eq!(ok.seq, 7);
    assert_eq!(ok.answer, Answer::Unsupported("no HF".into()));
}

#[test]
fn command_lines_and_selections_parse() {
    assert_eq!(
        split_command(r#"python3 'my dut.py' --flag "a \"b\"" c\ d"#).unwrap(),
        vec!["python3", "my dut.py", "--flag", "a \"b\"", "c d"]
    );
    assert!(split_command("'open").is_err());
    assert!(split_command("   ").is_err());
    let only = Only::parse(Some("add,fbh/gen1/*"));
    assert!(only.matches("add/xe-lp/0001", "add"));
    assert!(!only.matches("add3/xe-lp/0001", "add3"));
    assert!(only.matches("fbh/gen1/0007", "fbh"));
    assert!(!only.matches("fbh/xe2/0007", "fbh"));
    assert!(Only::parse(None).matches("anything", "mov"));
}
