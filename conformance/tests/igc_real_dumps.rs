//! Real kernels compiled by IGC (`tests/dumps/igc/`: the OpenCL C sources in `src/`, the
//! `.visaasm` text IGC wrote for gen9, xe-lp, xe-hpg and xe-hpc, and `regen.sh`, which names the
//! compiler and rebuilds them byte for byte). Every dump parses, prints canonically, and
//! validates line by line (`validate::survey`) with no line rejected; what the engines do
//! not execute yet belongs to the families listed below;
//! and two kernels run end to end on both engines, with results derived by hand. The ESIMD
//! corpus (`tests/dumps/esimd/`, XeTLA's raw sends through IGC's vector compiler) is checked
//! the same way, with every distinct raw send listed with its decoding.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use visa_model::asm;
use visa_model::errata::{self, Readings};
use visa_model::platform::Platform;
use visa_model::validate;

const BIN: &str = env!("CARGO_BIN_EXE_visa-conform");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/dumps/igc")
}

/// Every dump with its platform (the directory's name), in sorted order.
fn dumps() -> Vec<(PathBuf, Platform)> {
    let mut all = Vec::new();
    for platform in [
        Platform::Gen9,
        Platform::XeLp,
        Platform::XeHpg,
        Platform::XeHpc,
    ] {
        let dir = root().join(platform.to_string());
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "visaasm"))
            .collect();
        files.sort();
        all.extend(files.into_iter().map(|f| (f, platform)));
    }
    all
}

fn shown(path: &Path) -> String {
    let r = path.strip_prefix(root()).unwrap_or(path);
    r.display().to_string()
}

/// The documented instructions these dumps contain that this version does not execute:
/// the rounding instructions (the sampler messages, `sample_l` and `sample_lz`, and the
/// typed surface messages validate and execute).
const NOT_EXECUTED: &[&str] = &["rndd", "rnde", "rndz"];

#[test]
fn the_dumps_cover_four_platforms_and_every_kernel() {
    let all = dumps();
    // Eighteen kernels: sixteen on four platforms, the two in double precision on skl and
    // xe-hpc only (tgllp and dg2-g10 have none); and one stack-call function file per
    // platform.
    assert_eq!(all.len(), 16 * 4 + 2 * 2 + 4, "{all:?}");
}

#[test]
fn every_dump_parses_and_prints_canonically() {
    for (path, _) in dumps() {
        let text = std::fs::read_to_string(&path).unwrap();
        let program = asm::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", shown(&path)));
        let printed = asm::print(&program);
        let again = asm::print(&asm::parse(&printed).unwrap());
        assert_eq!(
            printed,
            again,
            "{}: printing is not idempotent",
            shown(&path)
        );
    }
}

#[test]
fn every_line_validates() {
    let mut instructions = 0;
    for (path, platform) in dumps() {
        let text = std::fs::read_to_string(&path).unwrap();
        let program = asm::parse(&text).unwrap();
        let survey = validate::survey(&program, platform, &Readings::resolved());
        instructions += survey.instructions;
        let name = shown(&path);
        assert!(survey.invalid.is_empty(), "{name}: {:?}", survey.invalid);
        for (what, e) in &survey.unsupported {
            assert!(NOT_EXECUTED.contains(&what.as_str()), "{name}: {e}");
        }
    }
    // The dumps hold 6,930 instruction lines.
    assert!(instructions > 6_900, "{instructions}");
}

#[test]
fn the_validate_command_reports_each_rejected_line() {
    let dir = root().join("xe-lp");
    let out = Command::new(BIN)
        .args(["validate", "--platform", "xe-lp"])
        .arg(dir.join("recurse.visaasm"))
        .arg(dir.join("saxpy.visaasm"))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("saxpy.visaasm: 32 instructions, 0 invalid, 0 not executed"),
        "{stdout}"
    );
    // Under SVM-BLOCK-ST-EXTENT's literal reading the stack-call prologue's one-OWord store
    // from an 8-byte variable is rejected, and a rejected line makes the exit status 1.
    let out = Command::new(BIN)
        .args([
            "validate",
            "--platform",
            "xe-lp",
            "--literal",
            "SVM-BLOCK-ST-EXTENT",
        ])
        .arg(dir.join("recurse.visaasm"))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("recurse.visaasm:106:5: invalid-instruction in src:"),
        "{stdout}"
    );
    assert!(
        stdout.contains("recurse.visaasm: 28 instructions, 1 invalid, 0 not executed"),
        "{stdout}"
    );
}

/// `visa-conform exec` of a dump compiled for xe-hpc (then the dumps of the functions it
/// calls) with its `.init.json` on `engine`: the `n` dwords at 0x1000.
fn run(dump: &str, functions: &[&str], engine: &str, n: usize) -> Vec<u32> {
    run_on("xe-hpc", dump, functions, engine, n)
}

/// As [`run`], on `platform`.
fn run_on(platform: &str, dump: &str, functions: &[&str], engine: &str, n: usize) -> Vec<u32> {
    let path = root().join(dump);
    let init = path.with_extension("init.json");
    let out = Command::new(BIN)
        .arg("exec")
        .arg(&path)
        .args(functions.iter().map(|f| root().join(f)))
        .args(["--platform", platform, "--engine", engine, "--init"])
        .arg(&init)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{dump}: {e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(report["outcome"], "ok", "{dump} on {engine}: {report}");
    let mem = report["state"]["mem"].as_array().unwrap();
    let block = mem.iter().find(|m| m["addr"] == "0x1000").unwrap();
    let hex = block["bytes"].as_str().unwrap();
    (0..n)
        .map(|i| {
            u32::from_str_radix(&hex[8 * i..8 * i + 8], 16)
                .unwrap()
                .swap_bytes()
        })
        .collect()
}

#[test]
fn saxpy_runs_as_compiled_for_xe_hpc() {
    // saxpy.cl: y[i] = a * x[i] + y[i] for i < n. The init gives y at 0x1000 (32 floats 1.0),
    // x at 0x2000 (x[i] = i), a = 2.0, n = 20, one work group of 32 (local ids 0..31, group 0,
    // no global offset): y[i] = 2i + 1 for i < 20, exact in f32; y[i] stays 1.0 past n.
    let want: Vec<u32> = (0..32)
        .map(|i| {
            if i < 20 {
                (2.0 * i as f32 + 1.0).to_bits()
            } else {
                1.0f32.to_bits()
            }
        })
        .collect();
    for engine in ["spec", "oracle"] {
        assert_eq!(
            run("xe-hpc/saxpy.visaasm", &[], engine, 32),
            want,
            "{engine}"
        );
    }
}

#[test]
fn saxpy_runs_as_compiled_for_xe_lp_through_the_legacy_dataport() {
    // The same kernel as compiled for tgllp: x and y through binding-table surfaces (x at
    // index 1, y at index 0), read with gather4_scaled.R and written with scatter4_scaled.R
    // at SIMD16 under M1 and M5 (the SIMD32 halves). The init is xe-hpg's (the same
    // variables): y at 0x1000 (32 floats 1.0), x at 0x2000 (x[i] = i), a = 2.0, n = 20, one
    // work group of 32: y[i] = 2i + 1 for i < 20, y[i] stays 1.0 past n.
    let want: Vec<u32> = (0..32)
        .map(|i| {
            if i < 20 {
                (2.0 * i as f32 + 1.0).to_bits()
            } else {
                1.0f32.to_bits()
            }
        })
        .collect();
    for engine in ["spec", "oracle"] {
        assert_eq!(
            run_on("xe-lp", "xe-lp/saxpy.visaasm", &[], engine, 32),
            want,
            "{engine}"
        );
    }
}

#[test]
fn subgroup_block_reads_and_writes_run_as_compiled_for_xe_lp() {
    // blockread.cl, work group 0, SIMD16: v = intel_sub_group_block_read(in) (lane i: in[i]),
    // w = intel_sub_group_block_read2(in) (lane i: w.x = in[i], w.y = in[16 + i]), and
    // intel_sub_group_block_write(out, v + w.x + w.y). IGC compiles the reads to
    // oword_ld_unaligned (4) and (8) from binding-table index 1 at byte offset 0, the write
    // to oword_st (4) to index 0 at oword offset 0. With in[i] = i (32 uints at 0x2000) and
    // out at 0x1000: out[i] = i + i + (16 + i) = 3i + 16.
    let want: Vec<u32> = (0..16).map(|i| 3 * i + 16).collect();
    for engine in ["spec", "oracle"] {
        assert_eq!(
            run_on("xe-lp", "xe-lp/blockread.visaasm", &[], engine, 16),
            want,
            "{engine}"
        );
    }
}

#[test]
fn the_collatz_loop_exits_per_channel_as_compiled_for_xe_hpc() {
    // loop.cl: out[i] = the number of Collatz steps from in[i] to 1 (at most 1000). IGC
    // compiles the while loop to a SIMD32 backward GOTO that each channel leaves after its own
    // trip count. in[i] = i + 1 at 0x2000; the step counts of 1..32 are OEIS A006577's first
    // terms: 0, 1, 7, 2, 5, 8, 16, 3, 19, 6, 14, 9, 9, 17, 17, 4, 12, 20, 20, 7, 7, 15, 15,
    // 10, 23, 10, 111, 18, 18, 18, 106, 5.
    let want = [
        0, 1, 7, 2, 5, 8, 16, 3, 19, 6, 14, 9, 9, 17, 17, 4, 12, 20, 20, 7, 7, 15, 15, 10, 23, 10,
        111, 18, 18, 18, 106, 5,
    ];
    for engine in ["spec", "oracle"] {
        assert_eq!(
            run("xe-hpc/loop.visaasm", &[], engine, 32),
            want,
            "{engine}"
        );
    }
}

#[test]
fn recursive_stack_calls_run_as_compiled_for_xe_hpc() {
    // recurse.cl: out[i] = fib(i & 15) with a recursive, never-inlined fib. IGC compiles fib
    // to a stack-call function in its own dump (recurse_f0.visaasm), called with FCALL and
    // returning with FRET through a stack in private memory (the init's V0042: 0x100000). One
    // SIMD16 work group, local ids 0..15: out[i] = fib(i) = 0, 1, 1, 2, 3, 5, 8, 13, 21, 34,
    // 55, 89, 144, 233, 377, 610 (fib(n) = fib(n-1) + fib(n-2), fib(0) = 0, fib(1) = 1).
    let want = [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610];
    for engine in ["spec", "oracle"] {
        let got = run(
            "xe-hpc/recurse.visaasm",
            &["xe-hpc/recurse_f0.visaasm"],
            engine,
            16,
        );
        assert_eq!(got, want, "{engine}");
    }
}

#[test]
fn an_error_in_a_function_text_names_its_file_and_line() {
    let dir = std::env::temp_dir().join(format!("visa-igc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad_f0.visaasm");
    std::fs::write(&bad, "\nmov (M1, 1) V9(0,0)<1> 0x1:ud\n").unwrap();
    let out = Command::new(BIN)
        .arg("exec")
        .arg(root().join("xe-hpc/saxpy.visaasm"))
        .arg(&bad)
        .args(["--platform", "xe-hpc"])
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["error"]["class"], "invalid-instruction", "{report}");
    assert_eq!(report["error"]["pos"], "2:13", "{report}");
    assert_eq!(
        report["error"]["file"],
        bad.display().to_string(),
        "{report}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The 32 dwords at 0x1000 as signed values.
fn signed(words: Vec<u32>) -> Vec<i32> {
    words.into_iter().map(|w| w as i32).collect()
}

#[test]
fn the_switch_runs_as_compiled_for_xe_hpc() {
    // switch.cl on in[i] = i: by x & 7, x + 1, 3x, x - 7, x << 2, x ^ 0x55, ~x, else 0. IGC
    // compiles the cases to divergent branches over the SIMD32 channels.
    let want: Vec<i32> = (0..32)
        .map(|x: i32| match x & 7 {
            0 => x + 1,
            1 => x * 3,
            2 => x - 7,
            3 => x << 2,
            4 => x ^ 0x55,
            5 => !x,
            _ => 0,
        })
        .collect();
    for engine in ["spec", "oracle"] {
        assert_eq!(
            signed(run("xe-hpc/switch.visaasm", &[], engine, 32)),
            want,
            "{engine}"
        );
    }
}

#[test]
fn a_private_array_indexed_at_run_time_runs_as_compiled_for_xe_hpc() {
    // private.cl: tmp[k] = k * i for k < 32, then out[i] = tmp[idx & 31] + tmp[(idx >> 5) &
    // 31] = ((idx & 31) + ((idx >> 5) & 31)) * i, with idx[i] = 37i from the init (private
    // memory at 0x100000). E.g. i = 7: idx = 259, 3 + 8 = 11, out = 77.
    let want: Vec<i32> = (0..32)
        .map(|i: i32| {
            let idx = 37 * i;
            ((idx & 31) + ((idx >> 5) & 31)) * i
        })
        .collect();
    for engine in ["spec", "oracle"] {
        assert_eq!(
            signed(run("xe-hpc/private.visaasm", &[], engine, 32)),
            want,
            "{engine}"
        );
    }
}

// The ESIMD corpus (`tests/dumps/esimd/`): kernels written as LLVM IR with the intrinsics and
// descriptors XeTLA's raw sends use, compiled for xe-hpc by IGC's vector compiler (its
// `regen.sh` and README say how, and what else was tried).

fn esimd_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/dumps/esimd/xe-hpc")
}

/// The ESIMD dumps, in sorted order.
fn esimd_dumps() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(esimd_root())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "visaasm"))
        .collect();
    files.sort();
    files
}

#[test]
fn esimd_dumps_parse_print_and_validate_with_only_raw_sends_not_executed() {
    let names: Vec<String> = esimd_dumps()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "atomic_tile_store.visaasm",
            "gemm_tile.visaasm",
            "gemm_tile_bt.visaasm",
            "stream_k_signal.visaasm"
        ]
    );
    for path in esimd_dumps() {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let program = asm::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let printed = asm::print(&program);
        assert_eq!(
            printed,
            asm::print(&asm::parse(&printed).unwrap()),
            "{name}"
        );
        let survey = validate::survey(&program, Platform::XeHpc, &Readings::resolved());
        assert!(survey.invalid.is_empty(), "{name}: {:?}", survey.invalid);
        for (what, e) in &survey.unsupported {
            assert_eq!(what, "raw_sends", "{name}: {e}");
        }
        // VC writes the named-barrier wait's Id as `0x0:b` (NBARRIER-ID-TYPE): its literal
        // reading rejects the line in the three kernels that wait.
        let mut literal = Readings::resolved();
        literal
            .set(errata::NBARRIER_ID_TYPE, errata::Reading::Literal)
            .unwrap();
        let survey = validate::survey(&program, Platform::XeHpc, &literal);
        let waits = text.matches("nbarrier.wait 0x0:b").count();
        assert_eq!(survey.invalid.len(), waits, "{name}: {:?}", survey.invalid);
    }
}

/// Every distinct raw send of the ESIMD corpus, (SFID, ExMsgDesc, Desc), with what the
/// decoder makes of it on xe-hpc (`visa_model::ir::send::explain`). The expected messages
/// are read off the descriptor bits by hand (docs/raw-send.md's table) and agree with
/// `iga64 -Xdsd -p=12p72` (the corpus README lists its decodings).
const ESIMD_RAW_SENDS: &[(u8, u32, u32, &str)] = &[
    // The gateway's named-barrier signal (xetla_nbarrier_t::arrive): Desc[2:0] = 4.
    (3, 0x3, 0x200_0004, "not decoded: gateway messages"),
    // load_block2d (Desc[5:0] = 3) on UGM: the prefetch (rlen 0, Desc[11:9] 1 d16,
    // Desc[19:17] 4: ca.ca in the load table), A's tile (rlen 4), B's VNNI tile (Desc[7],
    // rlen 8), B's transposed d32 tile (Desc[15], Desc[11:9] 2); and store_block2d (7) of C,
    // d32, Desc[19:17] 7: wb.wb in the store table. mlen 1: the address payload.
    (
        15,
        0x0,
        0x208_0203,
        "load_block2d.ugm.d16.a64.ca.ca, mlen 1, rlen 0",
    ),
    (
        15,
        0x0,
        0x20e_0407,
        "store_block2d.ugm.d32.a64.wb.wb, mlen 1, rlen 0",
    ),
    (
        15,
        0x0,
        0x248_0203,
        "load_block2d.ugm.d16.a64.ca.ca, mlen 1, rlen 4",
    ),
    (
        15,
        0x0,
        0x288_0283,
        "load_block2d.ugm.d16v.a64.ca.ca, mlen 1, rlen 8",
    ),
    (
        15,
        0x0,
        0x288_8403,
        "load_block2d.ugm.d32t.a64.ca.ca, mlen 1, rlen 8",
    ),
    // Desc 0x404058c: opcode 0x0c (atomic_iadd), Desc[8:7] = 3 (a64), Desc[11:9] = 2 (d32),
    // Desc[19:17] = 2 (uc.wb), rlen 0, mlen 2 (sixteen 8-byte addresses in 64-byte registers).
    (
        15,
        0x0,
        0x404_058c,
        "atomic_iadd.ugm.d32.a64.uc.wb, mlen 2, rlen 0",
    ),
    // Desc 0x4040593: the same with opcode 0x13 (atomic_fadd).
    (
        15,
        0x0,
        0x404_0593,
        "atomic_fadd.ugm.d32.a64.uc.wb, mlen 2, rlen 0",
    ),
];

#[test]
fn the_esimd_raw_sends_decode_as_listed() {
    use std::collections::BTreeMap;
    let mut seen: BTreeMap<(u8, u32, u32), String> = BTreeMap::new();
    for path in esimd_dumps() {
        let program = asm::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for line in &program.lines {
            let asm::ast::LineKind::Insn(insn) = &line.kind else {
                continue;
            };
            let Some(comment) = visa_model::ir::send::explain(insn, Platform::XeHpc) else {
                continue;
            };
            let word = |i: usize| match &insn.operands[i].kind {
                asm::ast::OperandKind::Imm(imm) => imm.bits as u32,
                other => panic!("{}: {other:?}", path.display()),
            };
            let sfid: u8 = insn.mods[0].parse().unwrap();
            seen.insert((sfid, word(0), word(1)), comment);
        }
    }
    let keys: Vec<(u8, u32, u32)> = seen.keys().copied().collect();
    let mut want: Vec<(u8, u32, u32)> = ESIMD_RAW_SENDS.iter().map(|r| (r.0, r.1, r.2)).collect();
    want.sort();
    assert_eq!(keys, want);
    for &(sfid, exdesc, desc, message) in ESIMD_RAW_SENDS {
        let got = &seen[&(sfid, exdesc, desc)];
        assert!(got.starts_with(message), "{desc:#x}: {got}");
    }
}

/// `visa-conform exec` of an ESIMD dump with its `.init.json` on `engine`: the report.
fn esimd_exec(dump: &str, engine: &str) -> Value {
    let path = esimd_root().join(dump);
    let out = Command::new(BIN)
        .arg("exec")
        .arg(&path)
        .args(["--platform", "xe-hpc", "--engine", engine, "--init"])
        .arg(path.with_extension("init.json"))
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{dump}: {e}: {}", String::from_utf8_lossy(&out.stderr)))
}

/// The `n` little-endian dwords of the memory block the report shows at `addr`.
fn dwords_at(report: &Value, addr: &str, n: usize) -> Vec<u32> {
    let mem = report["state"]["mem"].as_array().unwrap();
    let block = mem.iter().find(|m| m["addr"] == addr).unwrap();
    let hex = block["bytes"].as_str().unwrap();
    (0..n)
        .map(|i| {
            u32::from_str_radix(&hex[8 * i..8 * i + 8], 16)
                .unwrap()
                .swap_bytes()
        })
        .collect()
}

/// As [`dwords_at`], as f32.
fn floats_at(report: &Value, addr: &str, n: usize) -> Vec<f32> {
    dwords_at(report, addr, n)
        .into_iter()
        .map(f32::from_bits)
        .collect()
}

#[test]
fn xetla_atomic_tile_store_runs_as_compiled_for_xe_hpc() {
    // atomic_tile_store.ll: D is 6 rows of 16 f32, all 1.0, at 0x1000 (pitch 64 bytes);
    // offset_y = 1; the tile's element (r, i) = r + i/4 is added atomically to D[1 + r][i].
    // So rows 1..4 hold 1 + (y - 1) + i/4, rows 0 and 5 stay 1.0 (all exact in f32).
    let want: Vec<f32> = (0..6)
        .flat_map(|y| {
            (0..16).map(move |i| match y {
                1..=4 => 1.0 + (y - 1) as f32 + i as f32 / 4.0,
                _ => 1.0,
            })
        })
        .collect();
    for engine in ["spec", "oracle"] {
        let report = esimd_exec("atomic_tile_store.visaasm", engine);
        assert_eq!(report["outcome"], "ok", "{engine}: {report}");
        assert_eq!(floats_at(&report, "0x1000", 96), want, "{engine}");
    }
}

/// Whether block 2D raw sends execute (they decode; their block shape is read from the
/// address payload at run time).
const BLOCK2D_RAW_SENDS_EXECUTE: bool = false;

#[test]
fn xetla_gemm_tiles_run_as_compiled_for_xe_hpc_once_block_2d_raw_sends_decode() {
    // gemm_tile.ll and gemm_tile_bt.ll: C (8 x 16 f32, at 0x3000) = A (8 x 32 f16, at
    // 0x1000) x B (32 x 16 f16, at 0x2000: the first 16 columns of a 32 x 32 matrix whose
    // other columns hold 1000 + n; for _bt, B transposed, 16 x 32), K in two steps of 16.
    // A[m][k] = 1 at k = m, 2 at k = m + 16, else 0; B[k][n] = 16k + n. So
    // C[m][n] = B[m][n] + 2 B[m + 16][n] = (16m + n) + 2(16m + 256 + n) = 48m + 3n + 512,
    // exact in f16 products and f32 sums.
    let want: Vec<f32> = (0..8)
        .flat_map(|m| (0..16).map(move |n| (48 * m + 3 * n + 512) as f32))
        .collect();
    // While block 2D raw sends do not execute (they decode: ESIMD_RAW_SENDS), the kernels
    // stop at the first one, the prologue's prefetch, as unsupported.
    let decoded = BLOCK2D_RAW_SENDS_EXECUTE;
    for dump in ["gemm_tile.visaasm", "gemm_tile_bt.visaasm"] {
        for engine in ["spec", "oracle"] {
            let report = esimd_exec(dump, engine);
            if decoded {
                assert_eq!(report["outcome"], "ok", "{dump} on {engine}: {report}");
                assert_eq!(
                    floats_at(&report, "0x3000", 128),
                    want,
                    "{dump} on {engine}"
                );
            } else {
                // The prologue's prefetch is the first.
                assert_eq!(report["outcome"], "error", "{dump} on {engine}: {report}");
                assert_eq!(report["error"]["class"], "unsupported", "{dump}: {report}");
                let message = report["error"]["message"].as_str().unwrap();
                assert!(message.contains("(load_block2d)"), "{dump}: {message}");
            }
        }
    }
}

#[test]
fn xetla_stream_k_signal_runs_as_compiled_for_xe_hpc_once_gateway_raw_sends_decode() {
    // stream_k_signal.ll: D (16 f32, all 1.0, at 0x1000) gets lane i's i + 0.5 by atomic
    // fadd; after the fence and the named barrier (one producer and one consumer: this
    // thread), flags (20 dwords of 5, at 0x2000) get 1 by atomic iadd at first_group_idx + i
    // = 2 + i: D[i] = 1.5 + i; flags 2..17 are 6, flags 0, 1, 18, 19 stay 5.
    let d: Vec<f32> = (0..16).map(|i| 1.5 + i as f32).collect();
    let flags: Vec<u32> = (0..20)
        .map(|j| if (2..18).contains(&j) { 6 } else { 5 })
        .collect();
    let decoded = !ESIMD_RAW_SENDS
        .iter()
        .any(|r| r.0 == 3 && r.3.starts_with("not decoded"));
    for engine in ["spec", "oracle"] {
        let report = esimd_exec("stream_k_signal.visaasm", engine);
        if decoded {
            assert_eq!(report["outcome"], "ok", "{engine}: {report}");
            assert_eq!(floats_at(&report, "0x1000", 16), d, "{engine}");
            assert_eq!(dwords_at(&report, "0x2000", 20), flags, "{engine}");
        } else {
            // The atomic fadd and the fence run; the signal is the first raw send that does
            // not decode.
            assert_eq!(report["outcome"], "error", "{engine}: {report}");
            assert_eq!(
                report["error"]["class"], "unsupported",
                "{engine}: {report}"
            );
            let message = report["error"]["message"].as_str().unwrap();
            assert!(message.contains("gateway"), "{engine}: {message}");
        }
    }
}
