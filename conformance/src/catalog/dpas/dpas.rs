//! Integer DPAS (instructions/DPAS.md, Semantics) on xe-hpg: Exec_size 8, 32-byte GRFs.
//! Expected values are derived by hand from the document's loop: `D[r][i] = C[r][i] + sum over
//! k < 32 (OPS 4) or 64 (OPS 8) of A[r][k] * B[k][i]`, wrapped modulo 2^32 (DPAS-INT-WRAP);
//! and the repeat loop under both readings of DPAS-RC-LOOP.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::types::DataType;

use super::{bytes, dst_rows, fill, DECLS, UNTOUCHED};
use crate::catalog::{Doc, Row, Rows};

pub const DOC: Doc = Doc {
    family: "dpas",
    instruction: "dpas",
    file: "catalog/dpas/dpas.jsonl",
    rows: add,
};

/// One DPAS after [`DECLS`] with D = 0x55.., C = `c` in every DW, W1 = `w`, A1 = `a`,
/// expecting D to be `d`.
fn dpas(text: &str, c: u32, w: Vec<u8>, a: Vec<u8>, d: Vec<u64>) -> Row {
    Row::new(XeHpg, format!("{DECLS}{text}\n"))
        .var("D", fill(UNTOUCHED))
        .var("C", fill(c))
        .var("W1", w)
        .var("A1", a)
        .expect_lanes("D", DataType::D, &d)
}

/// Row 0 is written in all 8 channels; the rest of D keeps 0x55555555.
fn uniform_rows(rows: &mut Rows, d: &str, text: &str, c: u32, w: u32, a: u32, want: u32) {
    let why = format!("{d} Row 0 is written in all 8 channels; the rest of D keeps 0x55555555.");
    rows.add(
        "uniform",
        dpas(text, c, fill(w), fill(a), dst_rows(&[want])).derived(&why),
    );
}

fn add(rows: &mut Rows) {
    let d = "s8 x s8, SRC1_OPERANDS_PER_CHAN 1: B bytes 1, A bytes 0xFF = -1: 32 * (-1) = -32.";
    uniform_rows(
        rows,
        d,
        "dpas.s8.s8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        0,
        0x0101_0101,
        0xFFFF_FFFF,
        0xFFFF_FFE0,
    );
    let d = "s2 W in a DW (0xAAAAAAAA: every 2-bit field 0b10 = -2), u8 A = 1, OPS_PER_CHAN 4, SRC1_OPERANDS_PER_CHAN 4: 32 * (-2) = -64, plus C = 100: 36.";
    uniform_rows(
        rows,
        d,
        "dpas.s2.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)",
        100,
        0xAAAA_AAAA,
        0x0101_0101,
        36,
    );
    let d = "s4 W 0b1000 = -8 (SRC1_OPERANDS_PER_CHAN 2), s8 A 0x80 = -128: 32 * 1024 = 32768.";
    uniform_rows(
        rows,
        d,
        "dpas.s4.s8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        0,
        0x8888_8888,
        0x8080_8080,
        0x8000,
    );
    let d = "u4 W 0xF = 15 with s8 A = -1 (OPS 4, SRC1_OPERANDS_PER_CHAN 2): 32 * (-15) = -480.";
    uniform_rows(
        rows,
        d,
        "dpas.u4.s8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        0,
        0xFFFF_FFFF,
        0xFFFF_FFFF,
        (-480i32) as u32,
    );
    let d = "s4 x s4, OPS_PER_CHAN 8 (dot8), SRC1_OPERANDS_PER_CHAN 1: 64 * (-1)(-1) = 64.";
    uniform_rows(
        rows,
        d,
        "dpas.s4.s4.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        0,
        0xFFFF_FFFF,
        0xFFFF_FFFF,
        64,
    );
    let d = "u2 x u2, OPS_PER_CHAN 8, SRC1_OPERANDS_PER_CHAN 2: 64 * 3 * 3 = 576.";
    uniform_rows(
        rows,
        d,
        "dpas.u2.u2.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        0,
        0xFFFF_FFFF,
        0xFFFF_FFFF,
        576,
    );
    let d = "s2 x s2: fields 0b01 = 1 in W, 0b11 = -1 in A: 64 * (-1) = -64.";
    uniform_rows(
        rows,
        d,
        "dpas.s2.s2.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        0,
        0x5555_5555,
        0xFFFF_FFFF,
        (-64i32) as u32,
    );
    let d = "Wrap-around: C = 0xFFFFFFFF (UD), u8 x u8 of ones: 0xFFFFFFFF + 32 = 31 mod 2^32.";
    uniform_rows(
        rows,
        d,
        "dpas.u8.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)",
        0xFFFF_FFFF,
        0x0101_0101,
        0x0101_0101,
        31,
    );
    let d = "Wrap of the products: u8 255 * 255 * 32 = 2080800 plus C 0xFFF00000 = 0x1_000FC020 -> 0x000FC020.";
    uniform_rows(
        rows,
        d,
        "dpas.u8.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)",
        0xFFF0_0000,
        0xFFFF_FFFF,
        0xFFFF_FFFF,
        0x000F_C020,
    );

    let d =
        "RC 8: A row r all bytes r, B all ones: D[r][i] = 32 r. Rows are one GRF apart (8 DWs).";
    let a: Vec<u8> = (0..256).map(|b| (b / 32) as u8).collect();
    let want: Vec<u32> = (0..8).map(|r| 32 * r).collect();
    let text = "dpas.u8.u8.8.8 (M1, 8) D.0 %null.0 W1.0 A1(0,0)";
    rows.add(
        "repeat",
        dpas(text, 0, fill(0x0101_0101), a, dst_rows(&want)).derived(d),
    );

    let d = "Columns: channel i's DW of every Src1 GRF holds bytes i (B[k][i] = i); A all ones: \
             D[0][i] = 32 i. The rest of D keeps 0x55555555 (RC 1).";
    let w: Vec<u8> = (0..256).map(|b| ((b / 4) % 8) as u8).collect();
    let mut want = dst_rows(&[]);
    for (i, lane) in want[..8].iter_mut().enumerate() {
        *lane = 32 * i as u64;
    }
    let text = "dpas.u8.u8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)";
    rows.add(
        "columns",
        dpas(text, 0, w, fill(0x0101_0101), want).derived(d),
    );

    let d = "Depth order: only A[0][0..4] = 1, 2, 3, 4 (the first dot4, from Src1 GRF 0) is \
             non-zero; B bytes of GRF 0 are 1 and of the other GRFs 100: D = 1 + 2 + 3 + 4 + C (5) \
             = 15. The rest of D keeps 0x55555555 (RC 1).";
    let mut a = vec![0u8; 256];
    a[..4].copy_from_slice(&[1, 2, 3, 4]);
    let w: Vec<u8> = (0..256).map(|b| if b < 32 { 1 } else { 100 }).collect();
    let text = "dpas.u8.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)";
    rows.add("depth", dpas(text, 5, w, a, dst_rows(&[15])).derived(d));

    let d = "DPAS-RC-LOOP. u8 x u8, A and B all ones: every computed row is 32 products of 1 = \
             32. Resolved (`r < RC`): rows 0 and 1 computed. Literal (`i < RC`): `i` is 8 after \
             row 0, so the loop stops and row 1 keeps its bytes.";
    let text = "dpas.u8.u8.8.2 (M1, 8) D.0 %null.0 W1.0 A1(0,0)";
    let row = |want: &[u32]| dpas(text, 0, bytes(1), bytes(1), dst_rows(want)).derived(d);
    rows.add("rc-loop", row(&[32, 32]));
    rows.add(
        "rc-loop",
        row(&[32, UNTOUCHED]).literal(errata::DPAS_RC_LOOP),
    );
    super::dpas_profiles::add(rows);
}
