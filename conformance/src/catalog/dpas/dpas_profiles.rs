//! DPAS rows under the numeric profiles (docs/dpas.md), on xe-hpg: Exec_size 8, 32-byte GRFs,
//! SD 8. Every expected value is derived by hand in the row's derivation from the document's
//! loop and layouts (docs/dpas.md) and, for float rows, from the numeric profile named (crate
//! visa_model::profile); the rows of DPAS.md's catalog (`super::dpas`) that need a profile or
//! a float type.
//!
//! Layout reminders: B (Src1, W1) depth d lives in GRF d / SRC1_OPERANDS_PER_CHAN; A (Src2,
//! A1) row r starts at element r*SD*OPS_PER_CHAN. The rows below fill every DW of W1's
//! first GRF with `w0` (so every column i sees the same `B[k][i]` for the first stage's k)
//! and A1's first DW with `a0`, everything else zero, unless they say otherwise. The
//! destinations D, F, DH and DB start as 0x55 bytes.

use visa_model::errata;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType;

use super::fill;
use crate::catalog::build::{le16, le32};
use crate::catalog::doc::Rows;
use crate::catalog::memory::some;
use crate::catalog::row::Row;

#[rustfmt::skip]
const DECLS: &str = "\
.decl D v_type=G type=d num_elts=64
.decl F v_type=G type=f num_elts=64
.decl DH v_type=G type=hf num_elts=128
.decl DB v_type=G type=bf num_elts=128
.decl C v_type=G type=ud num_elts=64
.decl CF v_type=G type=f num_elts=64
.decl W1 v_type=G type=ud num_elts=64
.decl A1 v_type=G type=ud num_elts=64
";

/// `text` under `profile` (`""`: the default) with the given variable bytes, the
/// destinations 0x55 bytes and the others zero.
fn run(text: &str, init: &[(&str, Vec<u8>)], profile: &str) -> Row {
    let mut row = Row::new(XeHpg, format!("{DECLS}{text}\n"));
    for name in ["D", "F", "DH", "DB"] {
        if !init.iter().any(|(n, _)| *n == name) {
            row = row.var(name, vec![0x55; 256]);
        }
    }
    for (name, bytes) in init {
        row = row.var(name, bytes.clone());
    }
    if !profile.is_empty() {
        row.profile = Some(profile.to_string());
    }
    row
}

/// W1 with every DW of its first GRF `w0`, A1 with first DW `a0` (the rest zero).
fn first_stage(w0: u32, a0: u32) -> Vec<(&'static str, Vec<u8>)> {
    let mut w = vec![0u8; 256];
    for dw in w[..32].chunks_mut(4) {
        dw.copy_from_slice(&w0.to_le_bytes());
    }
    let mut a = vec![0u8; 256];
    a[..4].copy_from_slice(&a0.to_le_bytes());
    vec![("W1", w), ("A1", a)]
}

/// Row 0 of F (8 DWs) is `want`.
fn row0(row: Row, want: u32) -> Row {
    row.expect_reg("F", 0, some(&le32(&[want; 8])))
}

/// Integer DPAS on whole operands, under the default profile and another (integer rows
/// touch no float freedom): D's first rows as `want` gives them, the rest 0x55555555.
#[rustfmt::skip]
fn integer_rows(rows: &mut Rows, d: &str, text: &str, w: u32, a: u32, c: u32, want: &[u32]) {
    let mut lanes = Vec::new();
    for r in 0..8 {
        lanes.extend([u64::from(want.get(r).copied().unwrap_or(0x5555_5555)); 8]);
    }
    for profile in ["", "exact-stage+dst-rtz+denorm-flush+tf32-full"] {
        let row = run(text, &[("W1", fill(w)), ("A1", fill(a)), ("C", fill(c))], profile).expect_lanes("D", DataType::D, &lanes);
        rows.add("profiles-integer", row.derived(&format!("Integer DPAS on whole operands, D read as DWs: every profile gives the same result. {d}")));
    }
}

#[rustfmt::skip]
fn accumulation_profiles(rows: &mut Rows, d: &str, w0_a0: u32, profile: &str, want: u32) {
    let why = format!("Accumulation order (bf x bf, F Dst, Src0 CF = 1.0 = 0x3F800000). bf 0x3980 = 2^-12, 0x3380 = 2^-24. OPS_PER_CHAN 2: the first stage's products are p0 = B[0]*A[0] and p1 = B[1]*A[1] (W DW = B[1]:B[0], A DW = A[1]:A[0]); later stages add zeros. {d}");
    let mut init = first_stage(w0_a0, w0_a0);
    init.push(("CF", fill(0x3F80_0000)));
    let row = run("dpas.bf.bf.8.1 (M1, 8) F.0 CF.0 W1.0 A1(0,0)", &init, profile);
    rows.add("profiles-accumulation", row0(row, want).derived(&why));
}

/// Products below the f32 range: where `product-round` (each product rounded to f32 before
/// it is accumulated) parts from `sequential` (exact products). bf x bf, F Dst; W DW =
/// B[1]:B[0], A DW = A[1]:A[0], the same DW in every register and stage. bf 0x0D80 = 2^-100
/// (biased exponent 27), 0x8D80 = -2^-100, 0x1C80 = 2^-70 (biased exponent 57), 0x8000 = -0.
fn below_f32_range(src0: &str, w: u32, a: u32, c: u32, profile: &str, want: u32) -> Row {
    let text = format!("dpas.bf.bf.8.1 (M1, 8) F.0 {src0} W1.0 A1(0,0)");
    let init = [("W1", fill(w)), ("A1", fill(a)), ("CF", fill(c))];
    row0(run(&text, &init, profile), want)
}

const BELOW: &str = "Products below the f32 range: where `product-round` (each product rounded to f32 before it is accumulated) parts from `sequential` (exact products). bf x bf, F Dst; W DW = B[1]:B[0], A DW = A[1]:A[0], the same DW in every register and stage. bf 0x0D80 = 2^-100 (biased exponent 27), 0x8D80 = -2^-100, 0x1C80 = 2^-70 (biased exponent 57), 0x8000 = -0.";

fn underflowed_sum_sign(rows: &mut Rows, d: &str, profile: &str, want: u32) {
    let row = below_f32_range("%null.0", 0x8000_0D80, 0x0000_8D80, 0, profile, want);
    rows.add("profiles-below-f32", row.derived(&format!("{BELOW} {d}")));
}

fn denormal_product_flushed(rows: &mut Rows, d: &str, profile: &str, want: u32) {
    let row = below_f32_range("CF.0", 0x0000_1C80, 0x0000_1C80, 0x0080_0000, profile, want);
    rows.add("profiles-below-f32", row.derived(&format!("{BELOW} {d}")));
}

/// One HF/BF destination conversion under two profiles: `text` with W's and A's first-stage
/// DWs `w0` and `a0`; under each `(profile, value)` of `want` the 8 channels of row 0 of `out`
/// hold `value` and the next row keeps 0x5555. `d` follows [`NARROW_D`] in the derivation.
#[derive(Debug)]
struct Narrow {
    text: &'static str,
    w0: u32,
    a0: u32,
    out: &'static str,
    want: [(&'static str, u16); 2],
    d: &'static str,
}

const NARROW_D: &str = "The HF/BF destination conversion (Src0 `%null`, A = 1.0 in both elements).";

#[rustfmt::skip]
fn narrow_destination(rows: &mut Rows, narrow: &Narrow) {
    let &Narrow { text, w0, a0, out, want, d } = narrow;
    for (profile, value) in want {
        let why = format!("{NARROW_D} {d} Packed rows (DPAS-DST-ADVANCE resolved): RC 1 writes 16 bytes; the next keep 0x5555.");
        let mut halves = vec![value; 8];
        halves.push(0x5555);
        let row = run(text, &first_stage(w0, a0), profile).expect_reg(out, 0, some(&le16(&halves)));
        rows.add("profiles-narrow", row.derived(&why));
    }
}

#[rustfmt::skip]
fn inputs(rows: &mut Rows, d: &str, text: &str, w0: u32, a0: u32, profile: &str, want: u32) {
    let why = format!("Denormal inputs and tf32 trimming (F Dst, Src0 `%null`). {d}");
    rows.add("profiles-inputs", row0(run(text, &first_stage(w0, a0), profile), want).derived(&why));
}

/// fp8 decoding: B[0] = `byte` of precision `p`, A[0] = 1.0 (bf8 0x3C: exponent 15 = bias;
/// hf8 0x38: exponent 7 = bias), every other element 0, Src0 `%null`: the F result is the
/// byte's value, `kept` under denorm-keep and `flushed` under denorm-flush, under every
/// accumulation order. `d` follows the format's description ([`E5M2`], [`E4M3`]).
#[derive(Debug)]
struct Fp8 {
    p: &'static str,
    byte: u32,
    kept: u32,
    flushed: u32,
    d: &'static str,
}

const E5M2: &str = "E5M2 (bf8): S.EEEEE.MM, bias 15.";
const E4M3: &str = "E4M3 (hf8): S.EEEE.MMM, bias 7, no infinity, only S.1111.111 is NaN.";

#[rustfmt::skip]
fn fp8_decoding(rows: &mut Rows, fp8: &Fp8) {
    let &Fp8 { p, byte, kept, flushed, d } = fp8;
    let format = if p == "bf8" { E5M2 } else { E4M3 };
    let why = format!("fp8 decoding: B[0] = the byte, A[0] = 1.0 (bf8 0x3C: exponent 15 = bias; hf8 0x38: exponent 7 = bias), every other element 0, Src0 `%null`: the F result is the byte's value (other products are +0; -0 + +0 is +0). A NaN result is the default NaN 0x7FC00000; denorm-flush flushes E5M2 and E4M3 denormals. {format} {d}");
    let one = if p == "bf8" { 0x3C } else { 0x38 };
    let text = format!("dpas.{p}.{p}.8.1 (M1, 8) F.0 %null.0 W1.0 A1(0,0)");
    for (profile, want) in [("denorm-keep", kept), ("denorm-flush", flushed)] {
        for acc in ["literal-c", "sequential", "exact-stage"] {
            let profile = format!("{acc}+{profile}");
            let row = row0(run(&text, &first_stage(byte, one), &profile), want);
            rows.add("profiles-fp8", row.derived(&why));
        }
    }
}

#[rustfmt::skip]
fn fp8_paths(rows: &mut Rows, literal: bool, want: u32) {
    let why = "DPAS-TF32-FP8-PATHS on hf8 x hf8 (F Dst, `%null`), B[0] = A[0] = 0x38 (1.0 in E4M3). Resolved: the float dot4, 1.0 * 1.0 = 0x3F800000. Literal: the `int dpas` body reads the bytes as u8: 56 * 56 = 3136 = 0xC40 in the raw DW.";
    let row = row0(run("dpas.hf8.hf8.8.1 (M1, 8) F.0 %null.0 W1.0 A1(0,0)", &first_stage(0x38, 0x38), ""), want);
    let row = if literal { row.literal(errata::DPAS_TF32_FP8_PATHS) } else { row.tag(errata::DPAS_TF32_FP8_PATHS) };
    rows.add("profiles-fp8-paths", row.derived(why));
}

/// The rows, added to DPAS.md's.
#[rustfmt::skip]
pub fn add(rows: &mut Rows) {
    let d = "s4 x s4, RC 8, `%null`: OPS_PER_CHAN 8, SRC1_OPERANDS_PER_CHAN 32/(8*4) = 1, K 64. W nibbles 0x8 = -8 (sign extension of a 4-bit field), A nibbles 1: every row 64*(-8) = -512.";
    integer_rows(rows, d, "dpas.s4.s4.8.8 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", 0x8888_8888, 0x1111_1111, 0, &[0xFFFF_FE00; 8]);
    let d = "s2 x s2, RC 1: OPS_PER_CHAN 8, SRC1_OPERANDS_PER_CHAN 2, K 64; W fields 0b10 = -2, A fields 0b01 = 1: 64*(-2) = -128 in row 0; rows 1..7 keep 0x55555555.";
    integer_rows(rows, d, "dpas.s2.s2.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", 0xAAAA_AAAA, 0x5555_5555, 0, &[0xFFFF_FF80]);
    let d = "u2 x s8, RC 2: OPS_PER_CHAN 4 (8-bit A), SRC1_OPERANDS_PER_CHAN 32/(4*2) = 4, K 32; W fields 3, A bytes 0x80 = -128: 32*3*(-128) = -12288 = 0xFFFFD000 in rows 0 and 1.";
    integer_rows(rows, d, "dpas.u2.s8.8.2 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", 0xFFFF_FFFF, 0x8080_8080, 0, &[0xFFFF_D000, 0xFFFF_D000]);
    let d = "s4 x u4, RC 1: SRC1_OPERANDS_PER_CHAN 1, K 64; W nibbles 0x7 = 7 (the s4 maximum), A nibbles 0xF = 15 (u4, no sign extension): 64*105 = 6720 = 0x1A40.";
    integer_rows(rows, d, "dpas.s4.u4.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", 0x7777_7777, 0xFFFF_FFFF, 0, &[0x1A40]);
    let d = "s4 x s8, RC 1: OPS_PER_CHAN 4 (8-bit A), SRC1_OPERANDS_PER_CHAN 32/(4*4) = 2, K 32; W nibbles 0x8 = -8, A bytes 0x80 = -128: 32*1024 = 32768 = 0x8000.";
    integer_rows(rows, d, "dpas.s4.s8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", 0x8888_8888, 0x8080_8080, 0, &[0x8000]);
    let d = "u8 x u8 with Src0 C = 0xFFFFFFFF: 32 products of 1, plus C, wraps modulo 2^32 to 31 (DPAS-INT-WRAP).";
    integer_rows(rows, d, "dpas.u8.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)", 0x0101_0101, 0x0101_0101, 0xFFFF_FFFF, &[31]);
    let d = "RC 8 with a different A row per repeat: u8 x u8, W bytes 1, A row r (32 bytes from \
             byte 32r: SD*OPS_PER_CHAN = 32 elements) all r+1: row r = 32*(r+1); Src2 advances \
             one row per repeat and Dst one GRF (8 DWs).";
    let a: Vec<u8> = (0..256).map(|b| (b / 32 + 1) as u8).collect();
    let want: Vec<u64> = (0..64).map(|i| 32 * (i / 8 + 1)).collect();
    let row = run("dpas.u8.u8.8.8 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", &[("W1", fill(0x0101_0101)), ("A1", a)], "").expect_lanes("D", DataType::D, &want);
    rows.add("profiles-integer", row.derived(d));
    let d = "p0 = p1 = 2^-24. literal-c: dot = 2^-23 exactly, 1 + 2^-23 = 0x3F800001. sequential: 1 + 2^-24 is a tie, to even 1.0, twice: 0x3F800000. exact-stage: 1 + 2^-23 exactly.";
    accumulation_profiles(rows, d, 0x3980_3980, "literal-c", 0x3F80_0001);
    accumulation_profiles(rows, d, 0x3980_3980, "sequential", 0x3F80_0000);
    accumulation_profiles(rows, d, 0x3980_3980, "exact-stage", 0x3F80_0001);
    let d = "product-round: each product is an f32 already (2^-24), then sequential's order: 1.0.";
    accumulation_profiles(rows, d, 0x3980_3980, "product-round", 0x3F80_0000);
    let d = "p0 = 2^-24, p1 = 2^-48. literal-c: dot = 2^-24 + 2^-48 rounds to 2^-24 (a tie at 24 bits, to even), then 1 + 2^-24 ties to 1.0. sequential: 1.0 twice. exact-stage: 1 + 2^-24 + 2^-48 is above the tie: 1 + 2^-23.";
    accumulation_profiles(rows, d, 0x3380_3980, "literal-c", 0x3F80_0000);
    accumulation_profiles(rows, d, 0x3380_3980, "sequential", 0x3F80_0000);
    accumulation_profiles(rows, d, 0x3380_3980, "exact-stage", 0x3F80_0001);
    let d = "product-round: 2^-48 is an f32 too: 1 + 2^-24 ties to 1.0, then 1 + 2^-48 rounds to 1.0.";
    accumulation_profiles(rows, d, 0x3380_3980, "product-round", 0x3F80_0000);
    let d = "Sign of an underflowed sum. Src0 `%null` (+0); W = 0x8000:0x0D80 (B[0] = 2^-100, B[1] = -0), A = 0x0000:0x8D80 (A[0] = -2^-100, A[1] = +0): every stage's products are p0 = -2^-200 and p1 = -0 * +0 = -0. sequential: +0 + -2^-200 is a nonzero negative sum that rounds to -0; -0 + -0 = -0; every later stage keeps -0: 0x80000000. exact-stage: +0 - 2^-200 - 0 = -2^-200 rounds to -0, then -0 - 2^-200 - 0 again: 0x80000000. product-round: p0 rounds to -0 first, +0 + -0 = +0 (a zero sum of opposite signs is +0 under round to nearest), +0 + -0 = +0, and so on: 0x00000000. literal-c: dot = -0 + -0 = -0, temp = +0 + -0 = +0: 0x00000000.";
    underflowed_sum_sign(rows, d, "sequential", 0x8000_0000);
    underflowed_sum_sign(rows, d, "exact-stage", 0x8000_0000);
    underflowed_sum_sign(rows, d, "product-round", 0);
    underflowed_sum_sign(rows, d, "literal-c", 0);
    let d = "A denormal product under denorm-flush. Src0 CF = 2^-126 (0x00800000, the smallest normal, not flushed); W = 0x0000:0x1C80, A = 0x0000:0x1C80: every one of the 8 stages has p0 = 2^-140 (an f32 denormal) and p1 = 0. sequential+denorm-flush: 2^-126 + 2^-140 is normal and exact (2^-140 is 2^9 ulps of 2^-126), eight times: 2^-126 + 2^-137 = 0x00800000 + 2^12 = 0x00801000. exact-stage+ denorm-flush: the same sums, exact at every stage. product-round+denorm-flush: p0 rounds to the denormal 2^-140, flushed to +0: 2^-126 stays, 0x00800000. literal-c+denorm-flush: dot = 2^-140 flushed: 0x00800000. Keeping denormals, product-round adds each 2^-140 like sequential: 0x00801000.";
    denormal_product_flushed(rows, d, "sequential+denorm-flush", 0x0080_1000);
    denormal_product_flushed(rows, d, "exact-stage+denorm-flush", 0x0080_1000);
    denormal_product_flushed(rows, d, "product-round+denorm-flush", 0x0080_0000);
    denormal_product_flushed(rows, d, "literal-c+denorm-flush", 0x0080_0000);
    denormal_product_flushed(rows, d, "product-round", 0x0080_1000);
    for narrow in NARROW {
        narrow_destination(rows, narrow);
    }
    let d = "bf denormal 0x0001 = 2^-133 times 1.0: an f32 denormal 2^-133 / 2^-149 = 0x00010000 kept; flushed input: +0.";
    inputs(rows, d, "dpas.bf.bf.8.1 (M1, 8) F.0 %null.0 W1.0 A1(0,0)", 0x0001, 0x3F80, "denorm-keep", 0x0001_0000);
    inputs(rows, d, "dpas.bf.bf.8.1 (M1, 8) F.0 %null.0 W1.0 A1(0,0)", 0x0001, 0x3F80, "denorm-flush", 0);
    let d = "hf denormal 0x0001 = 2^-24 times 1.0 = 2^-24, an f32 normal (exponent 103): 0x33800000 kept; flushed input: +0.";
    inputs(rows, d, "dpas.hf.hf.8.1 (M1, 8) F.0 %null.0 W1.0 A1(0,0)", 0x0001, 0x3C00, "denorm-keep", 0x3380_0000);
    inputs(rows, d, "dpas.hf.hf.8.1 (M1, 8) F.0 %null.0 W1.0 A1(0,0)", 0x0001, 0x3C00, "denorm-flush", 0);
    let d = "tf32 (OPS_PER_CHAN 1): B = 0x3F800001 (1 + 2^-23 as an f32), A = 1.0. tf32-trim drops the low 13 bits: 1.0; tf32-full keeps them: 0x3F800001.";
    inputs(rows, d, "dpas.tf32.tf32.8.1 (M1, 8) F.0 %null.0 W1.0 A1(0,0)", 0x3F80_0001, 0x3F80_0000, "tf32-trim", 0x3F80_0000);
    inputs(rows, d, "dpas.tf32.tf32.8.1 (M1, 8) F.0 %null.0 W1.0 A1(0,0)", 0x3F80_0001, 0x3F80_0000, "tf32-full", 0x3F80_0001);
    for fp8 in FP8 {
        fp8_decoding(rows, fp8);
    }
    let d = "A mixed fp8 pair: bf8 W 0x7B = 57344 (1.75 * 2^15) times hf8 A 0x7E = 448 (1.75 * \
             2^8) = 3.0625 * 2^23 = 1.53125 * 2^24: exponent 151, fraction .10001b: 0x4BC40000.";
    let row = run("dpas.bf8.hf8.8.1 (M1, 8) F.0 %null.0 W1.0 A1(0,0)", &first_stage(0x7B, 0x7E), "");
    rows.add("profiles-fp8", row0(row, 0x4BC4_0000).derived(d));
    fp8_paths(rows, false, 0x3F80_0000);
    fp8_paths(rows, true, 0xC40);
}

#[rustfmt::skip]
const NARROW: &[Narrow] = &[
    Narrow { text: "dpas.bf.bf.8.1 (M1, 8) DB.0 %null.0 W1.0 A1(0,0)", w0: 0x3BC0_3F81, a0: 0x3F80_3F80, out: "DB", want: [("dst-rne", 0x3F82), ("dst-rtz", 0x3F81)],
            d: "bf: B[0] = 0x3F81 = 1 + 2^-7, B[1] = 0x3BC0 = 1.5 * 2^-8: the f32 sum 1 + 2^-7 + 2^-8 + 2^-9 is exact under every accumulation; BF keeps 7 fraction \
            bits, the rest is 3/4 of an ulp: to nearest even 0x3F82, truncated 0x3F81." },
    Narrow { text: "dpas.hf.hf.8.1 (M1, 8) DH.0 %null.0 W1.0 A1(0,0)", w0: 0x1200_3C00, a0: 0x3C00_3C00, out: "DH", want: [("dst-rne", 0x3C01), ("dst-rtz", 0x3C00)],
            d: "hf: B[0] = 0x3C00 = 1.0, B[1] = 0x1200 = 1.5 * 2^-11: 1 + 2^-11 + 2^-12 is 3/4 of an HF ulp (2^-10) above 1.0: 0x3C01 to nearest even, 0x3C00 \
            truncated." },
    Narrow { text: "dpas.hf.hf.8.1 (M1, 8) DH.0 %null.0 W1.0 A1(0,0)", w0: 0x0400, a0: 0x3400, out: "DH", want: [("denorm-keep", 0x0100), ("denorm-flush", 0x0000)],
            d: "hf output denormal: 2^-14 (0x0400) * 2^-2 (0x3400) = 2^-16, an HF denormal (2^-16 / 2^-24 = 0x0100): kept 0x0100, flushed +0." },
];

#[rustfmt::skip]
const FP8: &[Fp8] = &[
    Fp8 { p: "bf8", byte: 0x00, kept: 0x0000_0000, flushed: 0, d: "+0" },
    Fp8 { p: "bf8", byte: 0x80, kept: 0x0000_0000, flushed: 0, d: "-0, plus +0 products: +0" },
    Fp8 { p: "bf8", byte: 0x01, kept: 0x3780_0000, flushed: 0, d: "min denormal 0.25 * 2^-14 = 2^-16" },
    Fp8 { p: "bf8", byte: 0x03, kept: 0x3840_0000, flushed: 0, d: "0.75 * 2^-14 = 1.5 * 2^-15" },
    Fp8 { p: "bf8", byte: 0x04, kept: 0x3880_0000, flushed: 0x3880_0000, d: "min normal 2^-14" },
    Fp8 { p: "bf8", byte: 0x3C, kept: 0x3F80_0000, flushed: 0x3F80_0000, d: "1.0" },
    Fp8 { p: "bf8", byte: 0x7B, kept: 0x4760_0000, flushed: 0x4760_0000, d: "max 1.75 * 2^15 = 57344" },
    Fp8 { p: "bf8", byte: 0x7C, kept: 0x7F80_0000, flushed: 0x7F80_0000, d: "+inf" },
    Fp8 { p: "bf8", byte: 0xFC, kept: 0xFF80_0000, flushed: 0xFF80_0000, d: "-inf" },
    Fp8 { p: "bf8", byte: 0x7D, kept: 0x7FC0_0000, flushed: 0x7FC0_0000, d: "signalling NaN" },
    Fp8 { p: "bf8", byte: 0x7E, kept: 0x7FC0_0000, flushed: 0x7FC0_0000, d: "quiet NaN" },
    Fp8 { p: "bf8", byte: 0xFF, kept: 0x7FC0_0000, flushed: 0x7FC0_0000, d: "negative NaN" },
    Fp8 { p: "hf8", byte: 0x01, kept: 0x3B00_0000, flushed: 0, d: "min denormal 2^-9" },
    Fp8 { p: "hf8", byte: 0x07, kept: 0x3C60_0000, flushed: 0, d: "7 * 2^-9 = 1.75 * 2^-7" },
    Fp8 { p: "hf8", byte: 0x08, kept: 0x3C80_0000, flushed: 0x3C80_0000, d: "min normal 2^-6" },
    Fp8 { p: "hf8", byte: 0x38, kept: 0x3F80_0000, flushed: 0x3F80_0000, d: "1.0" },
    Fp8 { p: "hf8", byte: 0xB8, kept: 0xBF80_0000, flushed: 0xBF80_0000, d: "-1.0" },
    Fp8 { p: "hf8", byte: 0x78, kept: 0x4380_0000, flushed: 0x4380_0000, d: "exponent all ones is a number: 256" },
    Fp8 { p: "hf8", byte: 0x7E, kept: 0x43E0_0000, flushed: 0x43E0_0000, d: "max 1.75 * 2^8 = 448" },
    Fp8 { p: "hf8", byte: 0x7F, kept: 0x7FC0_0000, flushed: 0x7FC0_0000, d: "NaN" },
    Fp8 { p: "hf8", byte: 0xFF, kept: 0x7FC0_0000, flushed: 0x7FC0_0000, d: "NaN" },
];
