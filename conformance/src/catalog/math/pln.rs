//! PLN (instructions/PLN.md, mnemonic `plane`): hand-derived rows, each with its
//! derivation. The vectors hold small integers, whose F encodings are exact: `U[i] = i`,
//! `V[i] = 10 i`, and the plane p*u + q*v + r with p = 2, q = 3, r = 1 is 2i + 30i + 1 = 32i + 1
//! (every partial sum an integer below 2^24: both readings of PLN-ROUNDING agree).

use visa_model::errata;
use visa_model::platform::Platform;
use visa_model::platform::Platform::{XeHpc, XeHpg};
use visa_model::types::DataType;

use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "pln", file: "catalog/math/pln.jsonl", rows: add };

/// F encodings of 0, 1, ..., 15.
#[rustfmt::skip]
const U: [u32; 16] = [
    0x0000_0000, 0x3f80_0000, 0x4000_0000, 0x4040_0000,
    0x4080_0000, 0x40a0_0000, 0x40c0_0000, 0x40e0_0000,
    0x4100_0000, 0x4110_0000, 0x4120_0000, 0x4130_0000,
    0x4140_0000, 0x4150_0000, 0x4160_0000, 0x4170_0000,
];

/// F encodings of 0, 10, ..., 150.
#[rustfmt::skip]
const V: [u32; 16] = [
    0x0000_0000, 0x4120_0000, 0x41a0_0000, 0x41f0_0000,
    0x4220_0000, 0x4248_0000, 0x4270_0000, 0x428c_0000,
    0x42a0_0000, 0x42b4_0000, 0x42c8_0000, 0x42dc_0000,
    0x42f0_0000, 0x4302_0000, 0x430c_0000, 0x4316_0000,
];

/// F encodings of 32i + 1 for i = 0..15: 1, 33, 65, ..., 481.
#[rustfmt::skip]
const PLANE: [u32; 16] = [
    0x3f80_0000, 0x4204_0000, 0x4282_0000, 0x42c2_0000,
    0x4301_0000, 0x4321_0000, 0x4341_0000, 0x4361_0000,
    0x4380_8000, 0x4390_8000, 0x43a0_8000, 0x43b0_8000,
    0x43c0_8000, 0x43d0_8000, 0x43e0_8000, 0x43f0_8000,
];

/// src0 V2: p = 2, q = 3, element 2 = 100 (which the plane does not read), r = 1.
#[rustfmt::skip]
const SCALARS: [u32; 8] = [
    0x4000_0000, 0x4040_0000, 0x42c8_0000, 0x3f80_0000, 0, 0, 0, 0,
];

#[rustfmt::skip]
const DECLS: &str = ".decl V1 v_type=G type=f num_elts=16\n.decl V2 v_type=G type=f num_elts=8\n\
                     .decl V3 v_type=G type=f num_elts=32\n";

/// src1 for SIMD16: u = U[0..8], v = V[0..8], then u = U[8..16], v = V[8..16]; for SIMD8
/// the first 16 elements.
fn src1() -> Vec<u32> {
    [&U[..8], &V[..8], &U[8..], &V[8..]].concat()
}

/// `text` (after the declarations) on `platform` with V2 = [`SCALARS`] and V3 = [`src1`].
#[rustfmt::skip]
fn plane_row(platform: Platform, text: &str) -> Row {
    Row::new(platform, format!("{DECLS}{text}\n")).var("V2", le32(&SCALARS)).var("V3", le32(&src1()))
}

/// V1 with the first `n` results of [`PLANE`], zeros after.
fn results(n: usize) -> Vec<u64> {
    let mut v = vec![0u64; 16];
    for (o, p) in v.iter_mut().zip(&PLANE[..n]) {
        *o = u64::from(*p);
    }
    v
}

const SIMD8: &str = "plane (M1, 8) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<1;1,0>";

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "SIMD8: u = src1[0:7] = [0..7], v = src1[8:15] = [0, 10, ..., 70]; dst[i] = src0[0]*u[i] + src0[1]*v[i] + src0[3] = 2i + 30i + 1 = 32i + 1: [1, 33, ..., 225]. src0[2] = 100 is not read (the constant term is src0[3], as in the hardware plane instruction and IGC's expansion: with src0[2] the lanes would be 32i + 100). On every platform (LRP-PLN-PLATFORMS, resolved).";
    for platform in Platform::ALL {
        rows.add("simd8", plane_row(platform, SIMD8).expect_lanes("V1", DataType::F, &results(8)).tag(errata::LRP_PLN_PLATFORMS).derived(d));
    }
    let d = "Notes: src0's and src1's region parameters are ignored: src1 written <0;1,0> still reads its 16 contiguous elements, src0 written <1;1,0> its elements 0, 1 and 3: the lanes of the SIMD8 row.";
    rows.add("regions", plane_row(XeHpg, "plane (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<0;1,0>").expect_lanes("V1", DataType::F, &results(8)).derived(d));
    simd16(rows);
    rounding(rows);
    let d = "Saturation (Properties: Yes; PLN-SAT, resolved): p = 2, q = 0, r = 0 with u = 1, v = 0: 2 clamps to 1.0 in every lane; p = -2: -2 clamps to +0.";
    let text = format!("{DECLS}plane.sat (M1, 8) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<1;1,0>\n");
    let sat_row = |p: u32| Row::new(XeHpg, &text).var("V2", le32(&[p, 0, 0, 0, 0, 0, 0, 0])).var_prefix("V3", le32(&[[0x3f80_0000u32; 8], [0; 8]].concat()));
    for (p, want) in [(0x4000_0000u32, 0x3f80_0000u64), (0xc000_0000, 0)] {
        rows.add("sat", sat_row(p).expect_lanes("V1", DataType::F, &[[want; 8].as_slice(), &[0; 8]].concat()).tag(errata::PLN_SAT).derived(d));
    }
    let d = "PLN-SAT, literal: the Text form has no .sat, so plane.sat is invalid-instruction.";
    rows.add("sat", sat_row(0x4000_0000).expect_error(visa_model::ErrorClass::InvalidInstruction).literal(errata::PLN_SAT).derived(d));
    let d = "The destination's region is the program's (the Notes ignore only the sources'): V1(0,0)<2> writes the SIMD8 results to the even elements 0, 2, ..., 14.";
    let mut strided = vec![0u64; 16];
    for (k, p) in PLANE[..8].iter().enumerate() {
        strided[2 * k] = u64::from(*p);
    }
    rows.add("regions", plane_row(XeHpg, "plane (M1, 8) V1(0,0)<2> V2(0,0)<0;1,0> V3(0,0)<1;1,0>").expect_lanes("V1", DataType::F, &strided).derived(d));
    alignment(rows);
    forms(rows);
}

/// Erratum PLN-SIMD16-INDEX.
#[rustfmt::skip]
fn simd16(rows: &mut Rows) {
    let e = errata::PLN_SIMD16_INDEX;
    let text = "plane (M1, 16) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<1;1,0>";
    let d = "PLN-SIMD16-INDEX, resolved: channels 8 to 15 take u = src1[16:23] = [8..15] and v = src1[24:31] = [80, ..., 150] at index i - 8, so every channel is 32i + 1: [1, 33, ..., 481].";
    rows.add("simd16", plane_row(XeHpg, text).expect_lanes("V1", DataType::F, &results(16)).tag(e).derived(d));
    let d = "PLN-SIMD16-INDEX, literal: channels 8 to 15 read u[i] and v[i] with i >= 8, past the 8-element slices: undefined; channels 0 to 7 are 32i + 1.";
    let mut pattern: Vec<Option<u8>> = le32(&PLANE[..8]).into_iter().map(Some).collect();
    pattern.extend([None; 32]);
    rows.add("simd16", plane_row(XeHpg, text).expect_pattern("V1", pattern).literal(e).derived(d));
    let d = "PLN-SIMD16-INDEX, resolved, with the execution mask 0x0000ff00: only channels 8 to 15 are enabled and written (32i + 1 for i = 8..15); channels 0 to 7 keep V1's zeros.";
    let mut upper = results(16);
    upper[..8].fill(0);
    rows.add("simd16", plane_row(XeHpg, text).emask(0x0000_ff00).expect_lanes("V1", DataType::F, &upper).tag(e).derived(d));
}

/// Erratum PLN-ROUNDING.
#[rustfmt::skip]
fn rounding(rows: &mut Rows) {
    let e = errata::PLN_ROUNDING;
    let d = "PLN-ROUNDING with p = 3, q = 0, r = -1, u = A = 0x3eaaaaab = 11184811 * 2^-25 and v = 0 in every lane. Resolved (IGC's two mads): t = 3A - 1 = (33554433 - 33554432) * 2^-25 = 2^-25 exactly, then 0*0 + t = 2^-25 = 0x33000000. Literal (each operation rounded): 3A = 1 + 2^-25 rounds to 1 (a quarter unit), 0*0 = 0, 1 + 0 = 1, 1 + -1 = +0.";
    let text = "plane (M1, 8) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<1;1,0>";
    let row = |want: u64| Row::new(XeHpg, format!("{DECLS}{text}\n")).var("V2", le32(&[0x4040_0000, 0, 0, 0xbf80_0000, 0, 0, 0, 0]))
        .var_prefix("V3", le32(&[[0x3eaa_aaabu32; 8], [0; 8]].concat())).expect_lanes("V1", DataType::F, &[[want; 8].as_slice(), &[0; 8]].concat());
    rows.add("rounding", row(0x3300_0000).tag(e).derived(d));
    rows.add("rounding", row(0).literal(e).derived(d));
}

/// Erratum LRP-PLN-ALIGNMENT.
#[rustfmt::skip]
fn alignment(rows: &mut Rows) {
    let e = errata::LRP_PLN_ALIGNMENT;
    let d = "LRP-PLN-ALIGNMENT: src0 V2(0,1) starts at byte 4. Literal (Notes: 16-byte aligned): invalid-instruction, field src0. Resolved: src0 is V2[1..5] = [2, 3, 100, 1]: the SIMD8 lanes 32i + 1.";
    let text = "plane (M1, 8) V1(0,0)<1> V2(0,1)<0;1,0> V3(0,0)<1;1,0>";
    let shifted = [0x4110_0000, 0x4000_0000, 0x4040_0000, 0x42c8_0000, 0x3f80_0000, 0, 0, 0];
    rows.add("alignment", Row::new(XeHpg, format!("{DECLS}{text}\n")).expect_invalid("src0").literal(e).derived(d));
    rows.add("alignment", plane_row(XeHpg, text).var("V2", le32(&shifted)).expect_lanes("V1", DataType::F, &results(8)).tag(e).derived(d));
    let d = "LRP-PLN-ALIGNMENT: src1 starting at byte 32 of V3: V3(1,0) on xe-hpg, a GRF boundary (32-byte GRF), valid under both readings; V3(0,8) on xe-hpc, inside a 64-byte GRF: the literal reading (Notes: GRF-aligned) rejects it (field src1), the resolved one runs. u = V3[8..16] = [0..7], v = V3[16..24] = [0, 10, ..., 70]: the SIMD8 lanes.";
    let src1: Vec<u32> = [&[0u32; 8][..], &U[..8], &V[..8], &[0u32; 8][..]].concat();
    let hpg = "plane (M1, 8) V1(0,0)<1> V2(0,0)<0;1,0> V3(1,0)<1;1,0>";
    let hpc = "plane (M1, 8) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,8)<1;1,0>";
    for (platform, text, literal) in [(XeHpg, hpg, true), (XeHpg, hpg, false), (XeHpc, hpc, false)] {
        let row = plane_row(platform, text).var("V3", le32(&src1)).expect_lanes("V1", DataType::F, &results(8)).derived(d);
        rows.add("alignment", if literal { row.literal(e) } else { row.tag(e) });
    }
    rows.add("alignment", Row::new(XeHpc, format!("{DECLS}{hpc}\n")).expect_invalid("src1").literal(e).derived(d));
}

/// Platforms, execution sizes, types and operand classes.
#[rustfmt::skip]
fn forms(rows: &mut Rows) {
    let d = "LRP-PLN-PLATFORMS, literal reading: the per-platform appendix lists PLN on BDW, SKL and BXT only: gen9 (SKL) runs it, every other modelled platform rejects it (field opcode).";
    for platform in Platform::ALL {
        let row = Row::new(platform, format!("{DECLS}{SIMD8}\n")).literal(errata::LRP_PLN_PLATFORMS);
        let row = if platform == Platform::Gen9 { row.expect_validation(None) } else { row.expect_invalid("opcode") };
        rows.add("platforms", row.derived(d));
    }
    let form = |text: &str, field: Option<&str>, d: &str, rows: &mut Rows| {
        let decls = format!("{DECLS}.decl VHF v_type=G type=hf num_elts=32\n");
        let row = Row::new(XeHpg, format!("{decls}{text}\n"));
        let row = match field {
            Some(field) => row.expect_invalid(field),
            None => row.expect_validation(None),
        };
        rows.add("forms", row.derived(d));
    };
    form("plane (M1, 16) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<1;1,0>", None, "Exec_size 16 (0b100) is valid; runs from the zeroed state.", rows);
    form("plane (M1, 4) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<1;1,0>", Some("exec_size"), "Exec_size lists 8 and 16 only: 4 is invalid.", rows);
    form("plane (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<0;1,0>", Some("exec_size"), "Exec_size lists 8 and 16 only: 1 is invalid.", rows);
    form("plane (M1, 8) V1(0,0)<1> 0x40000000:f V3(0,0)<1;1,0>", Some("src0"), "Src0's operand class is general, indirect: an immediate is invalid.", rows);
    form("plane (M1, 8) V1(0,0)<1> V2(0,0)<0;1,0> (-)V3(0,0)<1;1,0>", Some("src1"), "The Properties list no source modifier: (-) on src1 is invalid.", rows);
    form("plane (M1, 8) VHF(0,0)<1> VHF(0,0)<0;1,0> VHF(0,0)<1;1,0>", Some("dst"),
        "Type map: F to F only: an HF form is invalid (validation names the destination).", rows);
}
