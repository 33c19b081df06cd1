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
/// file of a DPAS-family instruction, or `vectors/lsc/INSN.jsonl`, or the programs of
/// `vectors/flow/INSN.jsonl`.
fn golden(insn: &str) -> String {
    let vectors = root().join("vectors");
    [
        vectors.join("alu").join(format!("{insn}.jsonl")),
        vectors.join("dpas").join(format!("{insn}-int.jsonl")),
        vectors.join("dpas").join(format!("{insn}.jsonl")),
        vectors.join("lsc").join(format!("{insn}.jsonl")),
        vectors.join("flow").join(format!("{insn}.jsonl")),
        vectors.join("math").join(format!("{insn}.jsonl")),
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

/// The committed vectors expecting `undefined-behaviour` (the families' files and the
/// catalogs' under vectors/catalog/).
fn undefined_behaviour_vectors() -> u64 {
    fn count(dir: &std::path::Path) -> u64 {
        let mut n = 0;
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                n += count(&path);
            } else if path.extension().is_some_and(|e| e == "jsonl") {
                n += std::fs::read_to_string(&path)
                    .unwrap()
                    .lines()
                    .filter(|l| l.contains(r#""expect":{"error":"undefined-behaviour"}"#))
                    .count() as u64;
            }
        }
        n
    }
    count(&root().join("vectors"))
}

/// Two float DPAS cases (bf x bf, RC 1, xe-hpg, no expectation: certify computes the set
/// of every profile's result) that tell `product-round` from the other accumulations
/// (derivations in conformance/src/catalog/dpas/dpas_profiles.rs, `below_f32_range` and
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
                // The spec engine runs goto/catalog/step-limit's 1,000,000 instructions (the
                // vector format's step limit) in about a second alone, past the default 5 s
                // on a loaded machine: this test grades answers, not speed.
                "--timeout-ms",
                "60000",
            ],
        );
        assert_eq!(r.status, 0, "{engine}: {}{}", r.out, r.err);
        assert_eq!(r.summary("failed"), 0);
        assert_eq!(r.summary("unsupported"), 0);
        // Only the cases expecting `undefined-behaviour` are skipped (not graded): those of
        // the vector files and any generated one.
        let undefined = undefined_behaviour_vectors();
        assert!(undefined > 0);
        assert!(r.summary("skipped") >= undefined, "{}", r.out);
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
/// A block 2D load of four d32 elements at X = 14 from a surface 64 bytes wide (width operand
/// 0x3f, minus-one encoded; the smallest width Intel publishes, BLOCK2D-LIMITS) and one row
/// high: elements 16 and 17 lie past the width and load as zero (erratum
/// BLOCK2D-OUT-OF-BOUNDS, resolved), although memory there holds 3 and 4.
const BLOCK2D_BOUNDS: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"trigger/block2d-bounds","platform":"xe-hpc","program":".decl VD v_type=G type=ud num_elts=16\n.decl VX v_type=G type=d num_elts=1\n.decl VY v_type=G type=d num_elts=1\nlsc_load_block2d.ugm (M1_NM, 1) VD:d32.4x1nn flat[0x10000,0x3f,0x0,0x3f,VX,VY]\n","init":{"vars":{"VX":"0e000000"},"mem":[{"space":"flat","addr":"0x10038","bytes":"01000000020000000300000004000000"}]}}"#,
);

/// A block 2D store of four d32 elements one row above a 64-byte-wide surface (Y = -1): the
/// row is outside and dropped (erratum BLOCK2D-OUT-OF-BOUNDS, resolved), so the 16 bytes at
/// Base - pitch (0xffc0) keep 0x11; a store that skips the bounds check writes 1 2 3 4 there.
const BLOCK2D_STORE_ABOVE: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"trigger/block2d-store-above","platform":"xe-hpc","program":".decl VD v_type=G type=ud num_elts=16\nlsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x3f,0x3,0x3f,0x0,-0x1] VD:d32.1x4x1nn\n","init":{"vars":{"VD":"01000000020000000300000004000000"},"mem":[{"space":"flat","addr":"0xffc0","bytes":"11111111111111111111111111111111"}]}}"#,
);

/// SIMD4 if/else (P1 = 0101): channels 0 and 2 wait at ELSE and multiply, 1 and 3 add 16 and
/// wait at END, all add 256 (docs/control-flow.md, the worked example). Rejoining late, a
/// channel misses the first instruction after its label.
const IF_ELSE: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"goto/trigger/if-else","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=4\n.decl P1 v_type=P num_elts=4\n(P1) goto (M1, 4) ELSE\nadd (M1, 4) V1(0,0)<1> V1(0,0)<1;1,0> 0x10:d\ngoto (M1, 4) END\nELSE:\nmul (M1, 4) V1(0,0)<1> V1(0,0)<1;1,0> 0x3:d\nEND:\nadd (M1, 4) V1(0,0)<1> V1(0,0)<1;1,0> 0x100:d\n","init":{"vars":{"V1":"01000000020000000300000004000000"},"preds":{"P1":"0x5"},"emask":"0xf"}}"#,
);
/// A two-channel loop where channel 0 leaves after one trip and channel 1 after three: a
/// backward GOTO that parks no channel keeps channel 0 in the loop.
const LOOP_EXITS: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"goto/trigger/loop-exits","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=2\n.decl V2 v_type=G type=d num_elts=2\n.decl P1 v_type=P num_elts=2\nLOOP:\nadd (M1, 2) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d\ncmp.lt (M1, 2) P1 V1(0,0)<1;1,0> V2(0,0)<1;1,0>\n(P1) goto (M1, 2) LOOP\n","init":{"vars":{"V2":"0100000003000000"},"emask":"0x3"}}"#,
);
/// Channel 0 calls S, channel 1 waits after the call; both add 256 after it.
const PARTIAL_CALL: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"call/trigger/partial","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=2\n.decl P1 v_type=P num_elts=2\n(P1) call (M1, 2) S\nadd (M1, 2) V1(0,0)<1> V1(0,0)<1;1,0> 0x100:d\nret (M1, 1)\n.function \"S\"\nadd (M1, 2) V1(0,0)<1> V1(0,0)<1;1,0> 0x10:d\nret (M1, 2)\n","init":{"preds":{"P1":"0x1"},"emask":"0x3"}}"#,
);
/// P1 = 0x01: the scalar JMP reads element 0 (set) and skips the add.
const JMP_BIT: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"jmp/trigger/bit","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=1\n.decl P1 v_type=P num_elts=8\n(P1) jmp (M1, 1) L\nadd (M1, 1) V1(0,0)<1> V1(0,0)<0;1,0> 0x1:d\nL:\n","init":{"preds":{"P1":"0x1"}}}"#,
);
/// The kernel passes 7 in %arg; f returns it plus 1 in %retval.
const FCALL_ARG: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"fcall/trigger/arg","platform":"xe-hpg","program":".kernel \"k\"\n.decl V1 v_type=G type=d num_elts=1\nmov (M1_NM, 1) %arg(0,0)<1> 0x7:d\nfcall (M1, 1) f 0x1 0x1\nmov (M1_NM, 1) V1(0,0)<1> %retval(0,0)<0;1,0>\nret (M1, 1)\n.global_function \"f\"\nadd (M1_NM, 1) %retval(0,0)<1> %arg(0,0)<0;1,0> 0x1:d\nfret (M1, 1)\n"}"#,
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

/// RNDD of the negative denormal -2^-149 with F denormals kept (%cr0 bit 7): the floor is -1
/// (RNDD.md; RND-SPECIAL-TABLE).
const RNDD_NEG_DENORM: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"rndd/trigger/neg-denorm","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=8\nrndd (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0>\n","init":{"vars":{"V1":"0100008001000080010000800100008001000080010000800100008001000080"},"cr0":"0x80"}}"#,
);

/// FRC of -1.25: 0.75 (FRC.md: src0 - floor(src0)).
const FRC_NEGATIVE: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"frc/trigger/negative","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=8\nfrc (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0>\n","init":{"vars":{"V1":"0000a0bf0000a0bf0000a0bf0000a0bf0000a0bf0000a0bf0000a0bf0000a0bf"}}}"#,
);

/// SIN of 100000 in F, inside Intel's range (|x| <= 32767*pi): sin(100000) = 0.035749, and
/// the contract allows 0.0008 either way.
const SIN_FAR: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"sin/trigger/far","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=8\nsin (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0>\n","init":{"vars":{"V1":"0050c3470050c3470050c3470050c3470050c3470050c3470050c3470050c347"}}}"#,
);

/// LOG of 8: log2(8) = 3 exactly (F 0x40400000); the natural log, 2.0794..., is LOG-BASE's
/// literal reading.
const LOG_EIGHT: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"log/trigger/eight","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=8\nlog (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0>\n","init":{"vars":{"V1":"0000004100000041000000410000004100000041000000410000004100000041"}}}"#,
);

/// EXP of 1: 2^1 = 2 exactly (F 0x40000000); e^1 = 2.718... is EXP-BASE's literal reading.
const EXP_ONE: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"exp/trigger/one","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=8\nexp (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0>\n","init":{"vars":{"V1":"0000803f0000803f0000803f0000803f0000803f0000803f0000803f0000803f"}}}"#,
);

/// POW of 2 to the -1: 0.5 exactly (F 0x3f000000, POW.md; exact under every contract).
const POW_NEGATIVE_EXPONENT: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"pow/trigger/negative-exponent","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=8\npow (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0> 0xbf800000:f\n","init":{"vars":{"V1":"0000004000000040000000400000004000000040000000400000004000000040"}}}"#,
);

/// SQRTM of 2 rounded toward +inf (%cr0 0x10): sqrt(2) = 1.41421356...; its F neighbours are
/// 1.4142135381698608 (0x3fb504f3, the nearer, 2.4e-8 below) and 1.4142136573791504
/// (0x3fb504f4): round up gives 0x3fb504f4.
const SQRTM_ROUND_UP: Trigger = Trigger(
    r#"{"format":"visa-vector/1","id":"sqrtm/trigger/round-up","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=8\nsqrtm (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0>\n","init":{"vars":{"V1":"0000004000000040000000400000004000000040000000400000004000000040"},"cr0":"0x10"}}"#,
);

/// The mutants that read an erratum literally on every case: an errata-tolerant grading
/// accepts them, so their test grades with --strict-errata.
const STRICT_MUTANTS: &[&str] = &["log-natural", "exp-natural"];

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
        mutant: "block2d-store-outside",
        insn: "lsc_store_block2d",
        control: Some("lsc_load_block2d"),
        triggers: &[BLOCK2D_STORE_ABOVE],
        lanes: 1,
        line_bytes: 700,
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
        mutant: "sin-f32-reduction",
        insn: "sin",
        control: Some("cos"),
        triggers: &[SIN_FAR],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "log-natural",
        insn: "log",
        control: Some("exp"),
        triggers: &[LOG_EIGHT],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "exp-natural",
        insn: "exp",
        control: Some("log"),
        triggers: &[EXP_ONE],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "pow-exponent-sign-lost",
        insn: "pow",
        control: Some("inv"),
        triggers: &[POW_NEGATIVE_EXPONENT],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "sqrtm-round-up-as-nearest",
        insn: "sqrtm",
        control: Some("divm"),
        triggers: &[SQRTM_ROUND_UP],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "frc-truncate",
        insn: "frc",
        control: Some("rndz"),
        triggers: &[FRC_NEGATIVE],
        lanes: 1,
        line_bytes: SHRUNK_LINE_BYTES,
    },
    Expectation {
        mutant: "rndd-negative-denormal-zero",
        insn: "rndd",
        control: Some("rndu"),
        triggers: &[RNDD_NEG_DENORM],
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
    Expectation {
        mutant: "goto-rejoin-late",
        insn: "goto",
        control: None,
        triggers: &[IF_ELSE],
        lanes: FLOW_LANES,
        line_bytes: FLOW_LINE_BYTES,
    },
    Expectation {
        mutant: "goto-back-no-park",
        insn: "goto",
        control: None,
        triggers: &[LOOP_EXITS],
        lanes: FLOW_LANES,
        line_bytes: FLOW_LINE_BYTES,
    },
    Expectation {
        mutant: "ret-drops-waiting",
        insn: "call",
        control: None,
        triggers: &[PARTIAL_CALL],
        lanes: FLOW_LANES,
        line_bytes: FLOW_LINE_BYTES,
    },
    Expectation {
        mutant: "jmp-pred-bit",
        insn: "jmp",
        control: None,
        triggers: &[JMP_BIT],
        lanes: FLOW_LANES,
        line_bytes: FLOW_LINE_BYTES,
    },
    Expectation {
        mutant: "fcall-no-arg-copy",
        insn: "fcall",
        control: None,
        triggers: &[FCALL_ARG],
        lanes: FLOW_LANES,
        line_bytes: FLOW_LINE_BYTES,
    },
];

/// The largest shrunk case a mutant may leave: a `visa-vector/1` line (without `expect`) of
/// at most this many bytes: two or three declarations of one element and one instruction.
const SHRUNK_LINE_BYTES: u64 = 360;

/// A control-flow mutant's shrunk case is a small program: a branch or call, its label and
/// the few instructions whose result shows the bug.
const FLOW_LANES: u64 = 24;
const FLOW_LINE_BYTES: u64 = 900;

/// A case expecting `undefined-behaviour` is not graded: a block 2D store on a surface 66 bytes
/// wide (not a multiple of 4: outside Intel's published limits, BLOCK2D-LIMITS) is skipped
/// whatever the implementation answers (here a state: the mutant widens the surface).
#[test]
fn undefined_behaviour_cases_are_not_graded() {
    let dir = common::tmp_dir("ub-not-graded");
    let line = r#"{"format":"visa-vector/1","id":"ub/block2d-width","platform":"xe-hpc","program":".decl VD v_type=G type=ud num_elts=16\nlsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x41,0x3,0x4f,0x0,0x0] VD:d32.1x4x1nn\n","init":{"mem":[{"space":"flat","addr":"0x10000","bytes":"00000000000000000000000000000000"}]},"expect":{"error":"undefined-behaviour"}}"#;
    // And a store inside the same surface with a valid width, which the mutant gets right.
    let inside = line
        .replace("ub/block2d-width", "ub/block2d-inside")
        .replace("0x41,", "0x3f,")
        .replace(r#","expect":{"error":"undefined-behaviour"}"#, "");
    let vectors = write_lines(&dir.join("in/cases.jsonl"), &[line.to_string(), inside]);
    let r = certify(
        &dir.join("report"),
        &[
            "--impl",
            &serve("--mutant block2d-store-outside"),
            "--vectors",
            &vectors,
            "--generated",
            "0",
        ],
    );
    assert_eq!(r.status, 0, "{}{}", r.out, r.err);
    assert!(
        r.out
            .contains("1 passed (0 errata-tolerated), 0 failed, 0 unsupported, 1 skipped"),
        "{}",
        r.out
    );
}

/// The golden block 2D store cases observe memory around the surface (a row above, the pitch
/// gaps, two rows below): a store that lands outside the surface fails most of them, not only
/// a hand-made trigger (with only the surface's rows and one below observed, 1 case of 16 saw
/// it).
#[test]
fn golden_block2d_stores_see_a_store_outside_the_surface() {
    let dir = common::tmp_dir("block2d-store-outside-golden");
    let r = certify(
        &dir.join("report"),
        &[
            "--impl",
            &serve("--mutant block2d-store-outside"),
            "--vectors",
            &golden("lsc_store_block2d"),
            "--generated",
            "0",
            "--shrink",
            "0",
        ],
    );
    assert_eq!(r.status, 1, "{}{}", r.out, r.err);
    let failed: u64 = r.report["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["failed"].as_u64().unwrap())
        .sum();
    assert!(failed >= 8, "{failed} golden store cases failed\n{}", r.out);
}

#[test]
fn every_mutant_fails_on_its_instruction_with_a_small_shrunk_case() {
    assert!(MUTANTS.len() >= 12);
    let covered: BTreeSet<&str> = MUTANT_EXPECTATIONS.iter().map(|e| e.mutant).collect();
    for m in MUTANTS {
        assert!(
            covered.contains(m.name)
                || [
                    "sat-keeps-negative-zero",
                    "rotate-signed-arithmetic",
                    "rotate-signed-arithmetic-dwords",
                    // Within the default contract: the accuracy report's test.
                    "inv-faithful",
                    "exp-one-ulp-above",
                    // Thread groups: the bundled launch vectors' test.
                    "barrier-no-wait",
                    "fence-does-nothing",
                    "races-missed",
                    "slm-per-thread",
                ]
                .contains(&m.name),
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
        let strict: &[&str] = if STRICT_MUTANTS.contains(&e.mutant) {
            &["--strict-errata"]
        } else {
            &[]
        };
        let impl_ = serve(&format!("--mutant {}", e.mutant));
        let only = format!("{only},trigger/*");
        let mut args = vec![
            "--impl",
            &impl_,
            "--vectors",
            &vectors,
            "--only",
            &only,
            "--generated",
            "10",
            "--shrink",
            "2",
            "--shrink-asks",
            "200",
            // The size of the shrunk case is the point here, not the time it takes on a
            // loaded machine.
            "--shrink-case-ms",
            "3600000",
            "--shrink-ms",
            "36000000",
        ];
        args.extend_from_slice(strict);
        let r = certify(&dir.join("report"), &args);
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
        let mut args = vec![
            "--impl",
            &impl_,
            "--vectors",
            &repro,
            "--generated",
            "0",
            "--shrink",
            "0",
        ];
        args.extend_from_slice(strict);
        let again = certify(&dir.join("replay-mutant"), &args);
        assert_eq!(again.status, 1, "{}: {}", e.mutant, again.out);
    }
}

/// INV of 3 in F: 1/3 = 1.0101...b x 2^-2; F keeps the fraction 0x2aaaaa and drops
/// 0.1010...b = 2/3 ulp, so to nearest 0x3eaaaaab (1/3 ulp above), and the other neighbour
/// 0x3eaaaaaa lies 2/3 ulp below: within Intel's 1 ulp, not correctly rounded.
const INV_THIRD: &str = r#"{"format":"visa-vector/1","id":"inv/third","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=8\ninv (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0>\n","init":{"vars":{"V1":"0000404000004040000040400000404000004040000040400000404000004040"}}}"#;

/// certify of `serve SERVE_ARGS` on the cases of `vectors` only (nothing generated, no
/// shrinking), graded against `contract`, its report under `dir`.
fn certify_vectors_under(dir: &Path, serve_args: &str, vectors: &str, contract: &str) -> Run {
    certify(
        dir,
        &[
            "--impl",
            &serve(serve_args),
            "--vectors",
            vectors,
            "--generated",
            "0",
            "--shrink",
            "0",
            "--contract",
            contract,
        ],
    )
}

/// The accuracy cell of `function` and `ty` on xe-hpg in a report.
fn accuracy_cell<'a>(report: &'a Value, function: &str, ty: &str) -> &'a Value {
    report["accuracy"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["function"] == function && c["type"] == ty && c["platform"] == "xe-hpg")
        .unwrap_or_else(|| panic!("no accuracy cell {function} {ty} in {report}"))
}

/// The accuracy report measures each answer against the exact value and names the contracts
/// the implementation meets: the bundled engine meets all three; a faithful INV passes the
/// default contract and is named as not correctly rounded, with its largest error (2/3 ulp
/// at 3) and the lane; a SIN reduced in F fails Intel's contract inside its range.
#[test]
fn the_accuracy_report_names_the_contracts_an_implementation_meets() {
    let dir = common::tmp_dir("certify-accuracy");
    let vectors = write_lines(
        &dir.join("in/cases.jsonl"),
        &[INV_THIRD.to_string(), SIN_FAR.0.to_string()],
    );
    let run_under = |name: &str, mutant: &str, contract: &str| {
        certify_vectors_under(&dir.join(name), mutant, &vectors, contract)
    };
    let run = |name: &str, mutant: &str| run_under(name, mutant, "intel-hw");
    let exact = run("exact", "");
    assert_eq!(exact.status, 0, "{}", exact.out);
    let all = ["correctly-rounded", "intel-hw", "opencl-full"];
    for f in ["inv", "sin"] {
        let cell = accuracy_cell(&exact.report, f, "f");
        assert_eq!(cell["met"], serde_json::json!(all), "{cell}");
        assert_eq!(
            (cell["cases"].as_u64(), cell["lanes"].as_u64()),
            (Some(1), Some(8))
        );
        assert_eq!(cell["differ"], 0);
        assert!(
            cell["worst_ulps"]["ulps"].as_f64().unwrap() <= 0.5,
            "{cell}"
        );
    }
    // 1/3 rounded to nearest is 1/3 ulp away.
    let inv = accuracy_cell(&exact.report, "inv", "f");
    let third = inv["worst_ulps"]["ulps"].as_f64().unwrap();
    assert!((third - 1.0 / 3.0).abs() < 1e-6, "{inv}");
    assert_eq!(
        exact.report["accuracy"]["met_everywhere"],
        serde_json::json!(["intel-hw", "correctly-rounded", "opencl-full"])
    );
    assert!(
        exact
            .out
            .contains("every answer fits intel-hw, correctly-rounded, opencl-full"),
        "{}",
        exact.out
    );

    let faithful = run("faithful", "--mutant inv-faithful");
    assert_eq!(faithful.status, 0, "{}", faithful.out);
    let inv = accuracy_cell(&faithful.report, "inv", "f");
    assert_eq!(
        inv["met"],
        serde_json::json!(["intel-hw", "opencl-full"]),
        "{inv}"
    );
    assert_eq!(
        inv["fits"]["correctly-rounded"],
        serde_json::Value::Null,
        "{inv}"
    );
    assert_eq!(inv["differ"], 8);
    let worst = &inv["worst_ulps"];
    assert!(
        (worst["ulps"].as_f64().unwrap() - 2.0 / 3.0).abs() < 1e-6,
        "{worst}"
    );
    assert_eq!(worst["inputs"], serde_json::json!(["3"]));
    assert_eq!(
        (worst["got"].as_str(), worst["exact"].as_str()),
        (Some("0x3eaaaaaa"), Some("0x3eaaaaab"))
    );
    assert_eq!(worst["case"], "inv/third");
    assert!(
        faithful
            .out
            .contains("meets intel-hw, opencl-full; not correctly-rounded (0 of 1)"),
        "{}",
        faithful.out
    );

    // Graded against another contract: the faithful INV fails the correctly rounded one on
    // its INV case, and passes the OpenCL full profile's 2.5 ulp.
    let strict = run_under(
        "faithful-strict",
        "--mutant inv-faithful",
        "correctly-rounded",
    );
    assert_eq!(strict.status, 1, "{}", strict.out);
    assert_eq!(
        strict.failing_instructions(),
        BTreeSet::from(["inv".to_string()])
    );
    assert_eq!(strict.report["settings"]["contract"], "correctly-rounded");
    let opencl = run_under("faithful-opencl", "--mutant inv-faithful", "opencl-full");
    assert_eq!(opencl.status, 0, "{}", opencl.out);

    // sin(100000) = 0.035749: the F reduction is about 0.004 off, more than 0.0008.
    let reduced = run("reduced", "--mutant sin-f32-reduction");
    assert_eq!(reduced.status, 1, "{}", reduced.out);
    let sin = accuracy_cell(&reduced.report, "sin", "f");
    assert_eq!(sin["met"], serde_json::json!([]), "{sin}");
    let worst = &sin["worst_absolute"];
    assert!(worst["absolute"].as_f64().unwrap() > 0.0008, "{worst}");
    assert_eq!(worst["inputs"], serde_json::json!(["100000"]));
    assert_eq!(
        reduced.report["accuracy"]["met_everywhere"],
        serde_json::json!([])
    );
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
    let args = small_run("20");
    let full = strs(&args);
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
    assert_resumed(&second, 15, 25);
    // A finished journal starts afresh.
    let third = certify(&dir, &full);
    assert!(!third.out.contains("resuming"), "{}", third.out);
    assert_eq!(third.report["throughput"]["cases"], 40);
}

#[test]
fn a_killed_run_leaves_a_report_and_resumes() {
    let run = HangingRun::new("certify-killed");
    let mut reaper = run.spawn();
    // The run hangs on BFREV; the report is rewritten every two seconds meanwhile.
    std::thread::sleep(Duration::from_millis(2600));
    reaper.0.kill().unwrap();
    reaper.0.wait().unwrap();
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(run.report().join("report.json")).unwrap())
            .unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["summary"]["passed"], 96, "{report}");
    // The killed run's implementation, hanging, is ended before the resume.
    drop(reaper);
    run.resumes();
}

#[test]
fn shard_reports_merge_into_the_whole() {
    let dir = common::tmp_dir("certify-shards");
    let impl_ = serve("");
    let base = [
        "--only",
        "and,or,not,inv",
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
    // The accuracy cells add up (the largest errors may come from other cases of equal
    // error, so their values are compared, not their cases).
    let accuracy = |r: &Value| -> Vec<Value> {
        r["accuracy"]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                serde_json::json!([
                    c["function"],
                    c["type"],
                    c["platform"],
                    c["cases"],
                    c["lanes"],
                    c["differ"],
                    c["met"],
                    c["worst_ulps"]["ulps"]
                ])
            })
            .collect()
    };
    assert!(!accuracy(&whole.report).is_empty());
    assert_eq!(accuracy(&merged), accuracy(&whole.report));
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

/// Three cases that discriminate ROTATE-SIGNED-SHIFT, expected at the resolved reading
/// (derivations in docs/alu.md and conformance/src/catalog/alu/{rol,ror}.rs): D 0x80000000 rol 1 → 1
/// (literally 0xFFFFFFFF); W 0x8002 ror 1 → 0x4001 (literally 0xC001); D -2 rol 4 →
/// 0xFFFFFFEF (literally 0xFFFFFFFF).
fn signed_rotates(dir: &Path) -> String {
    let decls = ".decl RD v_type=G type=d num_elts=1\\n.decl RW v_type=G type=w num_elts=1\\n.decl SD v_type=G type=d num_elts=1\\n.decl SW v_type=G type=w num_elts=1\\n";
    let line = |id: &str, insn: &str, init: &str, expect: &str| {
        format!(
            r#"{{"format":"visa-vector/1","id":"{id}","platform":"xe-hpg","program":"{decls}{insn}\n","init":{{"vars":{init}}},"expect":{{"vars":{expect}}}}}"#
        )
    };
    write_lines(
        &dir.join("in/rotates.jsonl"),
        &[
            line(
                "rotate/d-min-rol-1",
                "rol (M1, 1) RD(0,0)<1> SD(0,0)<0;1,0> 0x1:d",
                r#"{"SD":"00000080"}"#,
                r#"{"RD":"01000000"}"#,
            ),
            line(
                "rotate/w-ror-1",
                "ror (M1, 1) RW(0,0)<1> SW(0,0)<0;1,0> 0x1:w",
                r#"{"SW":"0280"}"#,
                r#"{"RW":"0140"}"#,
            ),
            line(
                "rotate/d-minus-2-rol-4",
                "rol (M1, 1) RD(0,0)<1> SD(0,0)<0;1,0> 0x4:d",
                r#"{"SD":"feffffff"}"#,
                r#"{"RD":"efffffff"}"#,
            ),
        ],
    )
}

/// The errata readings entry of `erratum` in a report.
fn erratum_reading<'a>(report: &'a Value, erratum: &str) -> &'a Value {
    report["errata_readings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["erratum"] == erratum)
        .unwrap_or_else(|| panic!("no reading of {erratum} in {report}"))
}

/// Errata tolerance is judged per implementation: an implementation that reads
/// ROTATE-SIGNED-SHIFT literally on every discriminating case is tolerated (and named), one
/// that reads it literally on dwords only is not, even on the cases where its answer is the
/// literal reading's, also when the run resumes from its journal.
#[test]
fn errata_tolerance_is_judged_over_the_whole_run() {
    let dir = common::tmp_dir("certify-errata-readings");
    let vectors = signed_rotates(&dir);
    let run = |name: &str, mutant: &str, extra: &[&str]| {
        let impl_ = serve(mutant);
        let mut args = vec!["--impl", &impl_, "--vectors", &vectors, "--generated", "0"];
        args.extend_from_slice(extra);
        args.extend(["--jobs", "1", "--shrink", "0"]);
        certify(&dir.join(name), &args)
    };
    // The bundled engine reads the resolved reading.
    let resolved = run("resolved", "", &[]);
    assert_eq!(resolved.status, 0, "{}", resolved.out);
    let r = erratum_reading(&resolved.report, "ROTATE-SIGNED-SHIFT");
    assert_eq!(r["verdict"], "resolved", "{r}");
    assert_eq!(r["discriminating"], 3, "{r}");
    assert_eq!(resolved.summary("tolerated"), 0);

    // Literal on every discriminating case: tolerated, and said so.
    let always = run("always", "--mutant rotate-signed-arithmetic", &[]);
    assert_eq!(always.status, 0, "{}", always.out);
    assert_eq!(always.summary("tolerated"), 3);
    let r = erratum_reading(&always.report, "ROTATE-SIGNED-SHIFT");
    assert_eq!(r["verdict"], "literal", "{r}");
    assert_eq!(
        r["summary"], "reads literal on 3 of 3 discriminating cases",
        "{r}"
    );
    assert!(
        always.out.contains(
            "erratum ROTATE-SIGNED-SHIFT: reads literal on 3 of 3 discriminating cases (tolerated)"
        ),
        "{}",
        always.out
    );
    let strict = run(
        "always-strict",
        "--mutant rotate-signed-arithmetic",
        &["--strict-errata"],
    );
    assert_eq!(strict.status, 1, "{}", strict.out);
    assert_eq!(strict.summary("failed"), 3);

    // Literal on dwords only: mixed, and the literal answers are failures.
    let some = run("some", "--mutant rotate-signed-arithmetic-dwords", &[]);
    assert_eq!(some.status, 1, "{}", some.out);
    assert_eq!(some.summary("failed"), 2, "{}", some.out);
    assert_eq!(some.summary("tolerated"), 0);
    let r = erratum_reading(&some.report, "ROTATE-SIGNED-SHIFT");
    assert_eq!(r["verdict"], "mixed", "{r}");
    assert_eq!(
        (r["fit_literal"].as_u64(), r["fit_resolved"].as_u64()),
        (Some(2), Some(1))
    );
    let failed: BTreeSet<&str> = some
        .failures()
        .iter()
        .map(|f| f["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        failed,
        BTreeSet::from(["rotate/d-min-rol-1", "rotate/d-minus-2-rol-4"])
    );
    assert!(
        some.failures()[0]["message"]
            .as_str()
            .unwrap()
            .contains("fits the literal reading of ROTATE-SIGNED-SHIFT, not tolerated"),
        "{}",
        some.failures()[0]
    );
    assert!(
        some.out
            .contains("erratum ROTATE-SIGNED-SHIFT: mixed: failures"),
        "{}",
        some.out
    );
    let junit = std::fs::read_to_string(dir.join("some/junit.xml")).unwrap();
    assert!(junit.contains("errata readings"), "{junit}");

    // Resumed from a journal holding the first two results (one literal, one resolved): the
    // verdict is taken over the journalled answers too.
    let journal = dir.join("some/journal.jsonl");
    let text = std::fs::read_to_string(&journal).unwrap();
    let kept: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    std::fs::write(&journal, kept).unwrap();
    let resumed = run("some", "--mutant rotate-signed-arithmetic-dwords", &[]);
    assert!(
        resumed.out.contains("resuming: 2 results"),
        "{}",
        resumed.out
    );
    assert_eq!(resumed.status, 1, "{}", resumed.out);
    assert_eq!(resumed.summary("failed"), 2, "{}", resumed.out);
    assert_eq!(
        erratum_reading(&resumed.report, "ROTATE-SIGNED-SHIFT")["verdict"],
        "mixed"
    );
}

/// The arguments of a small run of 40 generated cases (and, or) on this build's `serve`.
fn small_run(generated: &str) -> Vec<String> {
    [
        "--only",
        "and,or",
        "--no-vectors",
        "--generated",
        generated,
        "--impl",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([serve("")])
    .collect()
}

/// A run of [`small_run`] passed after resuming `resumed` results and running `ran` cases.
fn assert_resumed(r: &Run, resumed: u64, ran: u64) {
    assert_eq!(r.status, 0, "{}\n{}", r.out, r.err);
    assert!(
        r.out.contains(&format!("resuming: {resumed} results")),
        "{}",
        r.out
    );
    assert_eq!(r.report["throughput"]["cases"], ran);
    assert_eq!(r.summary("passed"), 40);
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// A line cut to garbage that is not UTF-8, and a `complete` line with results after it,
/// cost nothing: every good result of the journal is resumed, and the journal is repaired.
#[test]
fn a_damaged_journal_keeps_every_good_result() {
    let dir = common::tmp_dir("certify-journal-damage");
    let args = small_run("20");
    let first = certify(&dir, &strs(&args));
    assert_eq!(first.status, 0, "{}", first.out);
    let journal = dir.join("journal.jsonl");
    let text = std::fs::read_to_string(&journal).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The header, 40 results and `complete`.
    assert_eq!(lines.len(), 42, "{text}");
    // Line 6 (a result) torn inside a UTF-8 sequence, `complete` dropped.
    let mut bytes = Vec::new();
    for (n, l) in lines[..41].iter().enumerate() {
        if n == 5 {
            bytes.extend_from_slice(b"{\"s\":\"pa\xe2\x82");
        } else {
            bytes.extend_from_slice(l.as_bytes());
        }
        bytes.push(b'\n');
    }
    std::fs::write(&journal, &bytes).unwrap();
    let second = certify(&dir, &strs(&args));
    assert_resumed(&second, 39, 1);
    assert!(
        second.err.contains("line 6: not valid UTF-8"),
        "{}",
        second.err
    );
    // Repaired: every line is UTF-8 JSON again, one result per case.
    let repaired = std::fs::read_to_string(&journal).unwrap();
    assert!(repaired
        .lines()
        .all(|l| serde_json::from_str::<Value>(l).is_ok()));
    assert_eq!(repaired.lines().count(), 42, "{repaired}");

    // A `complete` line with results after it: the run is not finished, nothing is lost.
    let lines: Vec<&str> = repaired.lines().collect();
    let mut mixed: Vec<&str> = lines[..21].to_vec();
    mixed.push(r#"{"complete":true}"#);
    mixed.extend(&lines[21..31]);
    std::fs::write(&journal, mixed.join("\n") + "\n").unwrap();
    let third = certify(&dir, &strs(&args));
    assert_resumed(&third, 30, 10);
}

/// A journal of another run, or of an unfinished run under `--fresh`, is kept aside under
/// a numbered name, and the message says why a fresh run began.
#[test]
fn a_journal_of_another_run_is_kept_aside() {
    let dir = common::tmp_dir("certify-journal-other");
    let first = certify(&dir, &strs(&small_run("20")));
    assert_eq!(first.status, 0, "{}", first.out);
    let journal = dir.join("journal.jsonl");
    let before = std::fs::read(&journal).unwrap();
    let other = certify(&dir, &strs(&small_run("10")));
    assert_eq!(other.status, 0, "{}", other.out);
    assert!(
        other.err.contains("is of another run") && other.err.contains("journal.jsonl.1.old"),
        "{}",
        other.err
    );
    assert_eq!(
        std::fs::read(dir.join("journal.jsonl.1.old")).unwrap(),
        before
    );
    assert_eq!(other.report["throughput"]["cases"], 20);
    // An unfinished journal and --fresh: kept as .2.old.
    let text = std::fs::read_to_string(&journal).unwrap();
    let cut: String = text.lines().take(6).map(|l| format!("{l}\n")).collect();
    std::fs::write(&journal, &cut).unwrap();
    let mut fresh = small_run("10");
    fresh.push("--fresh".into());
    let third = certify(&dir, &strs(&fresh));
    assert_eq!(third.status, 0, "{}", third.out);
    assert!(third.err.contains("(--fresh)"), "{}", third.err);
    assert_eq!(
        std::fs::read_to_string(dir.join("journal.jsonl.2.old")).unwrap(),
        cut
    );
    // A header that is not JSON.
    std::fs::write(&journal, b"\xff\xfe garbage\n").unwrap();
    let fourth = certify(&dir, &strs(&small_run("10")));
    assert!(
        fourth.err.contains("does not start with a journal header")
            && fourth.err.contains("journal.jsonl.3.old"),
        "{}",
        fourth.err
    );
}

/// A journal that cannot be written (disk full) loses nothing but the journal: the table,
/// the report and the verdict are all there, and the message names the journal.
#[cfg(target_os = "linux")]
#[test]
fn a_journal_that_cannot_be_written_does_not_lose_the_run() {
    let dir = common::tmp_dir("certify-journal-full");
    std::os::unix::fs::symlink("/dev/full", dir.join("journal.jsonl")).unwrap();
    let mut args = small_run("20");
    args.push("--fresh".into());
    let r = certify(&dir, &strs(&args));
    assert_eq!(r.status, 0, "{}\n{}", r.out, r.err);
    assert!(r.out.contains("40 cases: 40 passed"), "{}", r.out);
    assert!(
        r.err.contains("cannot write the journal") && r.err.contains("journal.jsonl"),
        "{}",
        r.err
    );
    assert_eq!(r.report["complete"], true);
    assert!(r.report["notes"]
        .to_string()
        .contains("cannot write the journal"));
    assert!(dir.join("junit.xml").exists());
}

/// A report directory that cannot be written is named, with the reason, before any case
/// is built or sent.
#[test]
fn an_unwritable_report_directory_is_named_before_the_run() {
    let dir = common::tmp_dir("certify-report-dir");
    let run = |report: &Path| {
        let report = report.display().to_string();
        let cli = Cli::try_parse_from(["visa-conform", "certify", "--report", &report]).unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = cli::run(cli, &mut out, &mut err);
        (
            status,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    };
    let (status, out, err) = run(Path::new("/dev/null"));
    assert_eq!(status, 2);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("--report /dev/null: not a directory"), "{err}");
    std::fs::create_dir_all(dir.join("r/journal.jsonl")).unwrap();
    let (status, out, err) = run(&dir.join("r"));
    assert_eq!(status, 2);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("journal.jsonl is a directory"), "{err}");
    let file = dir.join("file");
    std::fs::write(&file, "").unwrap();
    let (status, _, err) = run(&file.join("sub"));
    assert_eq!(status, 2);
    assert!(err.contains("cannot create the directory"), "{err}");
}

/// Failing cases whose ids map to one sanitized name (`x/1`, `x-1`, `x:1` on another
/// platform) and a 300-character id each get a reproducer of their own, of bounded name,
/// holding that very case. (One id on two platforms cannot reach a run, as ids are unique
/// in it; its names differ all the same.)
#[test]
fn every_failing_case_has_a_reproducer_of_its_own() {
    let dir = common::tmp_dir("certify-repro-names");
    let base: Value = serde_json::from_str(&head(&golden("and"), 1)[0]).unwrap();
    let long = "y".repeat(300);
    let mut lines = Vec::new();
    for (id, platform) in [
        ("x/1", "xe-hpg"),
        ("x-1", "xe-hpg"),
        ("x:1", "xe-lp"),
        (long.as_str(), "xe-hpg"),
    ] {
        let mut case = base.clone();
        case["id"] = id.into();
        case["platform"] = platform.into();
        // A wrong expectation: the first byte of every expected variable flipped.
        for (_, hex) in case["expect"]["vars"].as_object_mut().unwrap() {
            let s = hex.as_str().unwrap().to_string();
            let b = u8::from_str_radix(&s[..2], 16).unwrap() ^ 0xff;
            *hex = format!("{b:02x}{}", &s[2..]).into();
        }
        lines.push(case.to_string());
    }
    let vectors = write_lines(&dir.join("in/cases.jsonl"), &lines);
    let r = certify(
        &dir.join("report"),
        &[
            "--vectors",
            &vectors,
            "--generated",
            "0",
            "--shrink",
            "0",
            "--strict-errata",
            "--impl",
            &serve(""),
        ],
    );
    assert_eq!(r.status, 1, "{}\n{}", r.out, r.err);
    let failures = r.failures();
    assert_eq!(failures.len(), 4);
    let mut files = BTreeSet::new();
    for f in failures {
        let path = PathBuf::from(f["repro"].as_str().unwrap());
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        assert!(name.len() <= 100, "{name}");
        let line = std::fs::read_to_string(&path).unwrap();
        let case: Value = serde_json::from_str(line.trim()).unwrap();
        assert_eq!(case["id"], f["id"], "{}", path.display());
        assert_eq!(case["platform"], f["platform"], "{}", path.display());
        files.insert(name);
    }
    assert_eq!(files.len(), 4, "{files:?}");
    assert_ne!(
        visa_conformance::dut::certify::repro_file_name("x-1", "xe-hpg"),
        visa_conformance::dut::certify::repro_file_name("x-1", "xe-lp")
    );
}

/// An implementation command marked for [`common::marked_processes`].
fn marked(mark: &str, command: &str) -> String {
    format!("env {}={mark} {command}", common::MARK)
}

/// Kills, when dropped, a spawned certify and the processes marked for its test (so a
/// test, passing or failing, leaves nothing behind).
struct Reaper(std::process::Child, String);

impl Reaper {
    /// Starts `visa-conform ARGS` with its output discarded.
    fn spawn<S: AsRef<std::ffi::OsStr>>(args: &[S], mark: &str) -> Reaper {
        let child = Command::new(BIN)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        Reaper(child, mark.to_string())
    }
}

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        for pid in common::marked_processes(&self.1) {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
    }
}

fn interrupt(pid: u32) {
    let status = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits (a minute at most) until the file has `n` lines.
fn wait_for_lines(file: &Path, n: usize) {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while std::fs::read_to_string(file).map_or(0, |t| t.lines().count()) < n {
        assert!(
            std::time::Instant::now() < deadline,
            "{} never reached {n} lines",
            file.display()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits up to `limit` for the process to exit; its exit code.
fn wait_for(child: &mut std::process::Child, limit: Duration) -> Option<i32> {
    let deadline = std::time::Instant::now() + limit;
    while std::time::Instant::now() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("still running after {limit:?}");
}

/// A run of 96 AND cases, then 2 BFREV cases on which the implementation
/// (`serve --fault hang:bfrev`, marked) hangs.
struct HangingRun {
    dir: PathBuf,
    vectors: String,
    mark: String,
}

impl HangingRun {
    fn new(name: &str) -> HangingRun {
        let dir = common::tmp_dir(name);
        let mut lines = head(&golden("and"), 96);
        lines.extend(head(&golden("bfrev"), 2));
        let vectors = write_lines(&dir.join("in/cases.jsonl"), &lines);
        let mark = format!("{name}-{}", std::process::id());
        HangingRun { dir, vectors, mark }
    }

    fn report(&self) -> PathBuf {
        self.dir.join("report")
    }

    fn args(&self, timeout: &str) -> Vec<String> {
        let impl_ = marked(&self.mark, &serve("--fault hang:bfrev"));
        [
            "certify",
            "--impl",
            &impl_,
            "--vectors",
            &self.vectors,
            "--generated",
            "0",
            "--jobs",
            "1",
            "--shrink",
            "0",
            "--timeout-ms",
            timeout,
            "--report",
            &self.report().display().to_string(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    }

    /// Starts the run with a time limit that BFREV never meets.
    fn spawn(&self) -> Reaper {
        let child = Command::new(BIN)
            .args(self.args("60000"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        Reaper(child, self.mark.clone())
    }

    /// Runs again with a short time limit: the 96 results are resumed and BFREV fails.
    fn resumes(&self) {
        let out = Command::new(BIN).args(self.args("200")).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{text}");
        assert!(text.contains("resuming: 96 results"), "{text}");
        assert!(
            text.contains("96 passed") && text.contains("2 failed"),
            "{text}"
        );
        assert!(common::marked_processes(&self.mark).is_empty());
    }
}

/// Ctrl-C in the middle of a run: certify stops sending, ends the implementation, writes
/// an incomplete report, JUnit and the table, exits 130, and the same command resumes.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_writes_the_report_ends_the_implementation_and_resumes() {
    let run = HangingRun::new("certify-ctrl-c");
    let mut reaper = run.spawn();
    // Wait until the 96 AND cases are journalled: the run now hangs on BFREV.
    wait_for_lines(&run.report().join("journal.jsonl"), 97);
    assert_eq!(common::marked_processes(&run.mark).len(), 1);
    interrupt(reaper.0.id());
    let code = wait_for(&mut reaper.0, Duration::from_secs(20));
    let mut out = String::new();
    std::io::Read::read_to_string(reaper.0.stdout.as_mut().unwrap(), &mut out).unwrap();
    assert_eq!(code, Some(130), "{out}");
    assert!(out.contains("96 cases: 96 passed"), "{out}");
    assert!(common::marked_processes(&run.mark).is_empty());
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(run.report().join("report.json")).unwrap())
            .unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["summary"]["passed"], 96, "{report}");
    assert!(std::fs::read_to_string(run.report().join("junit.xml"))
        .unwrap()
        .contains("<testsuite"));
    // The interrupted cases are not journalled as failures: they run on resume.
    run.resumes();
}

/// Ctrl-C before any case is sent (the cases are still being built): an incomplete report
/// all the same, and exit 130.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_before_the_first_case_still_writes_a_report() {
    let dir = common::tmp_dir("certify-ctrl-c-early");
    let mark = format!("ctrl-c-early-{}", std::process::id());
    let impl_ = marked(&mark, &serve(""));
    let report = dir.join("report").display().to_string();
    let args = [
        "certify",
        "--no-vectors",
        "--generated",
        "400",
        "--impl",
        &impl_,
        "--report",
        &report,
    ];
    let mut reaper = Reaper::spawn(&args, &mark);
    std::thread::sleep(Duration::from_millis(300));
    interrupt(reaper.0.id());
    assert_eq!(wait_for(&mut reaper.0, Duration::from_secs(60)), Some(130));
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report/report.json")).unwrap())
            .unwrap();
    assert_eq!(report["complete"], false);
    assert!(
        report["notes"].to_string().contains("interrupted"),
        "{report}"
    );
    assert!(dir.join("report/junit.xml").exists());
    assert!(common::marked_processes(&mark).is_empty());
}

/// The figures docs/certify.md quotes for the default run (`certify` without arguments in
/// the repository root) are the ones it runs: counted from the case selection, without
/// computing expectations.
#[test]
fn the_certify_doc_quotes_the_default_run() {
    use visa_conformance::dut::cases::{select, Selection};
    use visa_conformance::dut::certify::CertifyArgs;
    let defaults = CertifyArgs::default();
    let selected = select(&Selection {
        vectors: vec![root().join("vectors")],
        generated: defaults.generated,
        seed: defaults.seed,
        only: Only::parse(defaults.only.as_deref()),
        shard: defaults.shard,
        contract: defaults.contract,
    })
    .unwrap();
    let total = selected.len();
    let generated = selected.iter().filter(|s| s.generated).count();
    let doc = std::fs::read_to_string(root().join("docs/certify.md")).unwrap();
    let first = format!(
        "{total} cases ({} from vectors, {generated} generated), {total} to run",
        total - generated
    );
    assert!(
        doc.contains(&first),
        "docs/certify.md should quote `{first}`"
    );
    // Skipped: the cases expecting undefined-behaviour, sent and not graded. Which generated
    // cases expect it is known only once expectations are computed (seconds), so the quoted
    // count is checked against what selection tells: passed and skipped make the total, and
    // at least the vectors saying so and the generated block 2D cases drawn on a surface
    // outside the published limits (BLOCK2D-LIMITS) are skipped.
    let at_least = selected
        .iter()
        .filter(|s| {
            s.expects_error == Some(visa_model::error::ErrorClass::UndefinedBehaviour)
                || (s.generated && s.tags.iter().any(|t| t == "block2d-surface-limits"))
        })
        .count();
    let prefix = format!("{total} cases: ");
    let summary = doc
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("docs/certify.md should quote `{prefix}...`"));
    let count = |what: &str| -> usize {
        summary
            .split(", ")
            .find_map(|part| part.strip_suffix(what)?.split(' ').next()?.parse().ok())
            .unwrap_or_else(|| panic!("no `{what}` count in `{summary}`"))
    };
    let (passed, skipped) = (count(" passed (0 errata-tolerated)"), count(" skipped"));
    assert_eq!(passed + skipped, total, "{summary}");
    assert!(
        skipped >= at_least,
        "{summary}: at least {at_least} skipped"
    );
    assert!(summary.contains(", 0 failed, 0 unsupported, "), "{summary}");
    let answered = format!("protocol: {total} cases answered");
    assert!(
        doc.contains(&answered),
        "docs/certify.md should quote `{answered}`"
    );
    // The `add` row: passed/sent per platform.
    let width = selected
        .iter()
        .map(|s| s.instruction.len())
        .max()
        .unwrap_or(0)
        .max(11);
    let mut row = format!("{:width$}", "add");
    for p in visa_model::platform::Platform::ALL {
        let n = selected
            .iter()
            .filter(|s| s.instruction == "add" && s.platform == p)
            .count();
        row.push_str(&format!("  {:>11}", format!("{n}/{n}")));
    }
    row.push_str("  pass");
    assert!(
        doc.contains(&row),
        "docs/certify.md should quote the row\n{row}"
    );
    // The reproducer of the failure it shows.
    let repro = format!(
        "certify-report/repro/{}",
        visa_conformance::dut::certify::repro_file_name("fbh/gen1/0014", "xe-hpc")
    );
    assert!(doc.contains(&repro), "docs/certify.md should name {repro}");
}

/// A second Ctrl-C exits at once: here while the first one waits to write `junit.xml`
/// (through `junit.xml.tmp`, a named pipe nobody reads).
#[cfg(target_os = "linux")]
#[test]
fn a_second_ctrl_c_exits_at_once() {
    let dir = common::tmp_dir("certify-ctrl-c-twice");
    let report = dir.join("report");
    std::fs::create_dir_all(&report).unwrap();
    let fifo = report.join("junit.xml.tmp");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let mark = format!("ctrl-c-twice-{}", std::process::id());
    let mut args = small_run("20");
    *args.last_mut().unwrap() = marked(&mark, &serve(""));
    args.insert(0, "certify".into());
    args.extend(["--report".into(), report.display().to_string()]);
    let mut reaper = Reaper::spawn(&args, &mark);
    std::thread::sleep(Duration::from_millis(500));
    interrupt(reaper.0.id());
    // The first Ctrl-C stops the run, which then blocks on the pipe.
    std::thread::sleep(Duration::from_millis(300));
    assert!(reaper.0.try_wait().unwrap().is_none());
    interrupt(reaper.0.id());
    assert_eq!(wait_for(&mut reaper.0, Duration::from_secs(3)), Some(130));
}

/// Ctrl-C while failures are shrunk: the report is written (incomplete, with every
/// failure), the shrink cut short is dropped, and the resumed run shrinks the rest.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_while_shrinking_writes_the_report() {
    let dir = common::tmp_dir("certify-ctrl-c-shrink");
    let report = dir.join("report");
    let mark = format!("ctrl-c-shrink-{}", std::process::id());
    let impl_ = marked(&mark, &serve("--mutant xor-as-or"));
    let args: Vec<String> = [
        "certify",
        "--impl",
        &impl_,
        "--no-vectors",
        "--only",
        "xor",
        "--generated",
        "300",
        "--shrink",
        "300",
        "--shrink-ms",
        "36000000",
        "--jobs",
        "1",
        "--report",
        &report.display().to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut reaper = Reaper::spawn(&args, &mark);
    // Every case has a result (header + 300 lines): shrinking the ~200 failures has begun.
    let journal = report.join("journal.jsonl");
    wait_for_lines(&journal, 301);
    interrupt(reaper.0.id());
    assert_eq!(wait_for(&mut reaper.0, Duration::from_secs(20)), Some(130));
    assert!(common::marked_processes(&mark).is_empty());
    let read =
        |p: &Path| -> Value { serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap() };
    let first = read(&report.join("report.json"));
    assert_eq!(first["complete"], false);
    let failed = first["summary"]["failed"].as_u64().unwrap();
    assert!(failed > 100, "{first}");
    let text = std::fs::read_to_string(&journal).unwrap();
    let shrunk = text
        .lines()
        .filter(|l| l.starts_with("{\"shrunk\""))
        .count() as u64;
    assert!(shrunk < failed, "{shrunk} of {failed} shrunk");
    assert!(!text.contains("\"complete\""));
    let out = Command::new(BIN).args(&args).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("resuming: 300 results"), "{text}");
    let second = read(&report.join("report.json"));
    assert_eq!(second["complete"], true);
    assert_eq!(second["summary"]["failed"].as_u64(), Some(failed));
    let journal = std::fs::read_to_string(&journal).unwrap();
    let shrunk = journal
        .lines()
        .filter(|l| l.starts_with("{\"shrunk\""))
        .count() as u64;
    assert_eq!(shrunk, failed);
}

/// A report that cannot be written at the end (here its temporary file's name is taken by
/// a directory) is named with the reason; the table is printed all the same, and the run
/// exits 2, not with a verdict nobody can read.
#[test]
fn a_report_that_cannot_be_written_is_named_and_exits_2() {
    let dir = common::tmp_dir("certify-report-unwritable");
    std::fs::create_dir_all(dir.join("report.json.tmp")).unwrap();
    let r = certify(&dir, &strs(&small_run("5")));
    assert_eq!(r.status, 2, "{}\n{}", r.out, r.err);
    assert!(r.out.contains("10 cases: 10 passed"), "{}", r.out);
    assert!(
        r.err.contains(&format!(
            "cannot write the report: {}",
            dir.join("report.json.tmp").display()
        )),
        "{}",
        r.err
    );
    assert!(!r.out.contains("report: "), "{}", r.out);
}

/// Every error class answers through the protocol in the documented form: the line the
/// runner's writer (and `serve`) produces validates against the result schema and reads
/// back as the same class, and so does the smallest answer a schema-conforming
/// implementation can give, `{"error":{"class":...}}` without a message.
#[test]
fn every_error_class_round_trips_through_the_protocol() {
    use visa_conformance::dut::protocol::ResultMsg;
    use visa_model::error::ErrorClass;
    let result = schema("visa-dut-1/result.schema.json");
    for class in ErrorClass::ALL {
        let written = ResultMsg {
            seq: 7,
            answer: Answer::Error {
                class,
                message: "why".into(),
            },
        }
        .to_line();
        let minimal = format!(
            r#"{{"type":"result","seq":7,"error":{{"class":"{}"}}}}"#,
            class.as_str()
        );
        for (line, message) in [(written.trim_end(), "why"), (minimal.as_str(), "")] {
            let value: Value = serde_json::from_str(line).unwrap();
            assert_valid(&result, &value);
            assert_eq!(value["error"]["class"], class.as_str(), "{line}");
            let read = parse_result(line.as_bytes())
                .unwrap_or_else(|e| panic!("{line}: {e:?}"))
                .answer;
            assert_eq!(
                read,
                Answer::Error {
                    class,
                    message: message.into()
                },
                "{line}"
            );
        }
    }
}

/// A case expecting an error class is graded by the class alone: the smallest
/// schema-conforming answer of that class passes (a case expecting `undefined-behaviour`
/// takes any answer and is not graded), and any other class fails. The golden case that
/// loops for ever expects `step-limit`, and is graded the same way.
#[test]
fn error_answers_are_graded_by_their_class() {
    use visa_conformance::dut::cases::{prepare_one, Source};
    use visa_conformance::dut::grade::{grade, Status};
    use visa_conformance::dut::runner::Reply;
    use visa_conformance::vector::Case;
    use visa_model::error::ErrorClass;
    let golden = std::fs::read_to_string(root().join("vectors/catalog/flow/goto.jsonl")).unwrap();
    let step_limit = golden
        .lines()
        .find(|l| l.contains(r#""expect":{"error":"step-limit"}"#))
        .expect("a golden case expecting step-limit");
    let answer = |class: ErrorClass| {
        let line = format!(
            r#"{{"type":"result","seq":0,"error":{{"class":"{}"}}}}"#,
            class.as_str()
        );
        Reply::Answer(parse_result(line.as_bytes()).unwrap().answer)
    };
    for expected in ErrorClass::ALL {
        let mut value: Value = serde_json::from_str(step_limit).unwrap();
        value["expect"] = serde_json::json!({"error": expected.as_str()});
        // No erratum to discriminate: the case is prepared without running the spec engine.
        value["discriminates"] = serde_json::json!([]);
        let case = Case::from_value(&value).unwrap();
        let prepared = prepare_one(
            0,
            case,
            "goto".into(),
            Source::Generated { seed: 0 },
            Default::default(),
        )
        .unwrap();
        for answered in ErrorClass::ALL {
            let g = grade(&prepared, answer(answered));
            let want = if expected == ErrorClass::UndefinedBehaviour {
                Status::Skipped
            } else if answered == expected {
                Status::Pass
            } else if answered == ErrorClass::Unsupported {
                Status::Unsupported
            } else {
                Status::Fail
            };
            assert_eq!(
                g.status, want,
                "expected {expected}, answered {answered}: {g:?}"
            );
        }
    }
}

/// An implementation written to the protocol's documents alone, which answers every case
/// with the smallest `step-limit` error (`{"error":{"class":"step-limit"}}`), passes the
/// golden case that loops for ever, end to end through certify.
#[cfg(unix)]
#[test]
fn a_schema_conforming_step_limit_answer_passes_its_golden_case() {
    let dir = common::tmp_dir("certify-step-limit");
    let golden = std::fs::read_to_string(root().join("vectors/catalog/flow/goto.jsonl")).unwrap();
    let mut case: Value = serde_json::from_str(
        golden
            .lines()
            .find(|l| l.contains(r#""expect":{"error":"step-limit"}"#))
            .unwrap(),
    )
    .unwrap();
    // No erratum to discriminate: certify does not run the loop to its end.
    case["discriminates"] = serde_json::json!([]);
    let vectors = write_lines(&dir.join("in/step-limit.jsonl"), &[case.to_string()]);
    let script = dir.join("dut.sh");
    std::fs::write(
        &script,
        r#"read -r hello
echo '{"type":"hello","protocol":"visa-dut/1","implementation":{"name":"step-limit"},"platforms":["xe-hpg"],"instructions":["mov","add","goto"],"profiles":[],"errata":{}}'
while read -r line; do
  seq=$(printf '%s' "$line" | sed -n 's/^{"type":"run","seq":\([0-9]*\),.*/\1/p')
  echo "{\"type\":\"result\",\"seq\":$seq,\"error\":{\"class\":\"step-limit\"}}"
done
"#,
    )
    .unwrap();
    let implementation = format!("sh '{}'", script.display());
    let r = certify(
        &dir.join("report"),
        &[
            "--impl",
            &implementation,
            "--vectors",
            &vectors,
            "--generated",
            "0",
        ],
    );
    assert_eq!(r.status, 0, "{}\n{}", r.out, r.err);
    assert_eq!(r.summary("passed"), 1, "{}", r.out);
}

/// EXP of arguments so small that 2^x is within 2^-104 of 1 (±2^-110, ±2^-126), and of some
/// ordinary ones: the correctly rounded results are 1.0 and their neighbours.
const EXP_CORNERS: &str = r#"{"format":"visa-vector/1","id":"exp/corners","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=8\nexp (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0>\n","init":{"vars":{"V1":"000080080000808800008000000080800000003f000040400000c0bf00002041"}}}"#;

/// An implementation one float above the correctly rounded 2^x wherever 2^x is inexact meets
/// Intel's contract for EXP, where 2^x rounds to 1 too (a 1 there is inexact: 2^x is not 1),
/// and fails the correctly rounded one.
#[test]
fn an_exp_one_ulp_above_passes_intel_hw_at_the_near_one_corners() {
    let dir = common::tmp_dir("certify-exp-corners");
    let vectors = write_lines(&dir.join("in/cases.jsonl"), &[EXP_CORNERS.to_string()]);
    let run_under = |name: &str, contract: &str| {
        certify_vectors_under(
            &dir.join(name),
            "--mutant exp-one-ulp-above",
            &vectors,
            contract,
        )
    };
    let hw = run_under("intel-hw", "intel-hw");
    assert_eq!(hw.status, 0, "{}", hw.out);
    let exp = accuracy_cell(&hw.report, "exp", "f");
    // Every lane's answer but the exact 2^3 and 2^10 differs from the correctly rounded one.
    assert_eq!(exp["differ"], 6, "{exp}");
    let strict = run_under("strict", "correctly-rounded");
    assert_eq!(strict.status, 1, "{}", strict.out);
}

/// The bundled launch vectors (generated and hand-derived), as certify's default run finds
/// them.
fn launch_vectors() -> [String; 2] {
    let vectors = root().join("vectors");
    [
        vectors.join("launch").display().to_string(),
        vectors.join("catalog/launch").display().to_string(),
    ]
}

/// The thread-group mutants each fail launch cases of the bundled vectors, on the
/// instructions their bug is about, and pass the ones it does not reach; the bundled oracle
/// passes every one.
#[test]
fn thread_group_mutants_are_caught_by_the_bundled_launch_vectors() {
    let dir = common::tmp_dir("certify-thread-groups");
    let [generated, catalog] = launch_vectors();
    let run = |name: &str, serve_args: &str| {
        certify(
            &dir.join(name),
            &[
                "--impl",
                &serve(serve_args),
                "--vectors",
                &generated,
                "--vectors",
                &catalog,
                "--generated",
                "0",
            ],
        )
    };
    let good = run("oracle", "--engine oracle");
    assert_eq!(good.status, 0, "{}{}", good.out, good.err);
    assert!(good.summary("passed") >= 35, "{}", good.out);
    let cases: [(&str, &[&str]); 4] = [
        (
            "barrier-no-wait",
            &["barrier", "lsc_atomic_iadd", "lsc_fence"],
        ),
        ("fence-does-nothing", &["lsc_fence"]),
        ("races-missed", &["lsc_store"]),
        (
            "slm-per-thread",
            &["barrier", "lsc_atomic_iadd", "nbarrier"],
        ),
    ];
    for (mutant, failing) in cases {
        assert!(
            MUTANTS.iter().any(|m| m.name == mutant),
            "{mutant} is not a mutant"
        );
        let r = run(mutant, &format!("--mutant {mutant}"));
        assert_eq!(r.status, 1, "{mutant}: {}", r.out);
        let want: BTreeSet<String> = failing.iter().map(|s| s.to_string()).collect();
        assert_eq!(r.failing_instructions(), want, "{mutant}: {}", r.out);
    }
    // A one-thread case runs on a thread-group mutant as on the wrapped engine.
    let one = write_lines(&dir.join("in/one.jsonl"), &[HF_DENORMAL.0.to_string()]);
    let r = certify(
        &dir.join("one"),
        &[
            "--impl",
            &serve("--mutant barrier-no-wait"),
            "--vectors",
            &one,
            "--generated",
            "0",
        ],
    );
    assert_eq!(r.status, 0, "{}", r.out);
}

/// An implementation whose hello lists no `launch` capability is sent no launch case: they
/// are skipped, not failed, and its one-thread cases still run.
#[test]
fn launch_cases_are_skipped_without_the_launch_capability() {
    let dir = common::tmp_dir("certify-no-launch");
    let [_, catalog] = launch_vectors();
    let one = write_lines(&dir.join("in/one.jsonl"), &[HF_DENORMAL.0.to_string()]);
    // The bundled server with `capabilities` cut out of its hello.
    let script = dir.join("no-launch.sh");
    std::fs::write(
        &script,
        format!(
            "{} | sed -u 's/,\"capabilities\":\\[\"launch\"\\]//'\n",
            serve("--engine oracle")
        ),
    )
    .unwrap();
    let implementation = format!("sh '{}'", script.display());
    let r = certify(
        &dir.join("report"),
        &[
            "--impl",
            &implementation,
            "--vectors",
            &catalog,
            "--vectors",
            &one,
            "--generated",
            "0",
        ],
    );
    assert_eq!(r.status, 0, "{}{}", r.out, r.err);
    assert_eq!(r.summary("skipped"), 5, "{}", r.out);
    assert_eq!(r.summary("passed"), 1, "{}", r.out);
}
