//! Edge catalog of integer DPAS (instructions/DPAS.md, Semantics), run through the spec
//! module directly (both engines: conformance/tests/dpas_catalog.rs). xe-hpg: Exec_size 8, 32-byte GRFs. Expected values are derived by hand from the
//! document's loop: D[r][i] = C[r][i] + sum over k < 32 (OPS 4) or 64 (OPS 8) of
//! A[r][k] * B[k][i], wrapped modulo 2^32 (DPAS-INT-WRAP).
#![allow(clippy::unwrap_used)]

use rstest::rstest;
use visa_spec::errata::Readings;
use visa_spec::exec::ExecConfig;
use visa_spec::insn::dpas::dpas;
use visa_spec::platform::Platform;
use visa_spec::state::MachineState;
use visa_spec::{asm, validate};

const DECLS: &str = "\
.decl D v_type=G type=d num_elts=64
.decl C v_type=G type=ud num_elts=64
.decl W1 v_type=G type=ud num_elts=64
.decl A1 v_type=G type=ud num_elts=64
";

/// 256 bytes: every DW `dw`.
fn fill(dw: u32) -> Vec<u8> {
    (0..64).flat_map(|_| dw.to_le_bytes()).collect()
}

/// Runs one DPAS; returns Dst as DWs.
fn run(text: &str, c: u32, w: Vec<u8>, a: Vec<u8>) -> Vec<u32> {
    let program = format!("{DECLS}{text}\n");
    let ast = asm::parse(&program).unwrap();
    let program = validate::validate_with(&ast, Platform::XeHpg, &Readings::resolved()).unwrap();
    let mut state = MachineState::new(&program.vars);
    let vars = &program.vars;
    for (name, bytes) in [
        ("D", fill(0x5555_5555)),
        ("C", fill(c)),
        ("W1", w),
        ("A1", a),
    ] {
        let id = vars.find(name).unwrap();
        state.write_var(vars, id, &bytes).unwrap();
    }
    dpas::execute(
        &program,
        &program.insns[0],
        &mut state,
        &ExecConfig::default(),
    )
    .unwrap();
    let bytes = state.read_var(vars, vars.find("D").unwrap());
    bytes
        .chunks(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

#[rstest]
// s8 x s8, SRC1_OPERANDS_PER_CHAN 1: B bytes 1, A bytes 0xFF = -1: 32 * (-1) = -32.
#[case(
    "dpas.s8.s8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
    0,
    0x0101_0101,
    0xFFFF_FFFF,
    0xFFFF_FFE0
)]
// s2 W in a DW (0xAAAAAAAA: every 2-bit field 0b10 = -2), u8 A = 1, OPS_PER_CHAN 4,
// SRC1_OPERANDS_PER_CHAN 4: 32 * (-2) = -64, plus C = 100: 36.
#[case(
    "dpas.s2.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)",
    100,
    0xAAAA_AAAA,
    0x0101_0101,
    36
)]
// s4 W 0b1000 = -8 (SRC1_OPERANDS_PER_CHAN 2), s8 A 0x80 = -128: 32 * 1024 = 32768.
#[case(
    "dpas.s4.s8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
    0,
    0x8888_8888,
    0x8080_8080,
    0x8000
)]
// u4 W 0xF = 15 with s8 A = -1 (OPS 4, SRC1_OPERANDS_PER_CHAN 2): 32 * (-15) = -480.
#[case("dpas.u4.s8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", 0, 0xFFFF_FFFF, 0xFFFF_FFFF, (-480i32) as u32)]
// s4 x s4, OPS_PER_CHAN 8 (dot8), SRC1_OPERANDS_PER_CHAN 1: 64 * (-1)(-1) = 64.
#[case(
    "dpas.s4.s4.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
    0,
    0xFFFF_FFFF,
    0xFFFF_FFFF,
    64
)]
// u2 x u2, OPS_PER_CHAN 8, SRC1_OPERANDS_PER_CHAN 2: 64 * 3 * 3 = 576.
#[case(
    "dpas.u2.u2.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
    0,
    0xFFFF_FFFF,
    0xFFFF_FFFF,
    576
)]
// s2 x s2: fields 0b01 = 1 in W, 0b11 = -1 in A: 64 * (-1) = -64.
#[case("dpas.s2.s2.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", 0, 0x5555_5555, 0xFFFF_FFFF, (-64i32) as u32)]
// Wrap-around: C = 0xFFFFFFFF (UD), u8 x u8 of ones: 0xFFFFFFFF + 32 = 31 mod 2^32.
#[case(
    "dpas.u8.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)",
    0xFFFF_FFFF,
    0x0101_0101,
    0x0101_0101,
    31
)]
// Wrap of the products: u8 255 * 255 * 32 = 2080800 plus C 0xFFF00000 = 0x1_000FC020 -> 0x000FC020.
#[case(
    "dpas.u8.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)",
    0xFFF0_0000,
    0xFFFF_FFFF,
    0xFFFF_FFFF,
    0x000F_C020
)]
fn uniform_rows(
    #[case] text: &str,
    #[case] c: u32,
    #[case] w: u32,
    #[case] a: u32,
    #[case] want: u32,
) {
    let d = run(text, c, fill(w), fill(a));
    // Row 0 is written in all 8 channels; the rest of D keeps 0x55555555.
    assert_eq!(&d[..8], &[want; 8], "{text}");
    assert!(d[8..].iter().all(|&x| x == 0x5555_5555), "{text}");
}

/// RC 8: A row r all bytes r, B all ones: D[r][i] = 32 r. Rows are one GRF apart (8 DWs).
#[test]
fn repeat_count_8_advances_rows() {
    let a: Vec<u8> = (0..256).map(|b| (b / 32) as u8).collect();
    let d = run(
        "dpas.u8.u8.8.8 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        0,
        fill(0x0101_0101),
        a,
    );
    for r in 0..8 {
        assert_eq!(&d[r * 8..r * 8 + 8], &[32 * r as u32; 8], "row {r}");
    }
}

/// Columns: channel i's DW of every Src1 GRF holds bytes i (B[k][i] = i); A all ones:
/// D[0][i] = 32 i.
#[test]
fn src1_columns_are_channels() {
    let w: Vec<u8> = (0..256).map(|b| ((b / 4) % 8) as u8).collect();
    let d = run(
        "dpas.u8.u8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        0,
        w,
        fill(0x0101_0101),
    );
    let want: Vec<u32> = (0..8).map(|i| 32 * i).collect();
    assert_eq!(&d[..8], &want[..]);
}

/// Depth order: only A[0][0..4] = 1, 2, 3, 4 (the first dot4, from Src1 GRF 0) is non-zero;
/// B bytes of GRF 0 are 1 and of the other GRFs 100: D = 1 + 2 + 3 + 4 + C (5) = 15.
#[test]
fn first_depth_reads_first_grf() {
    let mut a = vec![0u8; 256];
    a[..4].copy_from_slice(&[1, 2, 3, 4]);
    let w: Vec<u8> = (0..256).map(|b| if b < 32 { 1 } else { 100 }).collect();
    let d = run("dpas.u8.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)", 5, w, a);
    assert_eq!(&d[..8], &[15; 8]);
}
