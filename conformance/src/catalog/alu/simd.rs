//! Builders of the multi-lane ALU rows: one instruction of execution size 8 whose sources are
//! one-element variables broadcast to every lane (`<0;1,0>`), expecting the same value in the
//! 8 lanes of `R`:
//!
//! ```text
//! .decl R v_type=G type=DT num_elts=8
//! .decl S0 v_type=G type=T0 num_elts=1
//! OP[.sat] (M1, 8) R(0,0)<1> [MOD]S0(0,0)<0;1,0> ...
//! ```
//!
//! Values are written as integers and stored truncated to their type's width, so `-1` and
//! `0xFFFF_FFFF` are the same D or UD element.

use visa_spec::platform::Platform;
use visa_spec::types::DataType;
use visa_spec::ErrorClass;

use visa_spec::errata;
use visa_spec::types::DataType::*;

use crate::catalog::build::{le16, le32};
use crate::catalog::doc::Rows;
use crate::catalog::row::Row;

/// The least D value.
pub const INT_MIN: i128 = -0x8000_0000;
/// The greatest D value.
pub const INT_MAX: i128 = 0x7FFF_FFFF;

/// A source modifier, as the rows name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mod {
    /// `(-)`
    Neg,
    /// `(abs)`
    Abs,
    /// `(-abs)`
    NegAbs,
    /// `~`
    Not,
}

impl Mod {
    /// The modifier's text before its operand.
    pub fn text(self) -> &'static str {
        match self {
            Mod::Neg => "(-)",
            Mod::Abs => "(abs)",
            Mod::NegAbs => "(-abs)",
            Mod::Not => "~",
        }
    }
}

/// A source of a row: its type, its value and its modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Op {
    pub ty: DataType,
    pub v: i128,
    pub m: Option<Mod>,
}

/// A source of type `ty` holding `v`.
pub fn o(ty: DataType, v: i128) -> Op {
    Op { ty, v, m: None }
}

/// A source of type `ty` holding `v`, read through the modifier `m`.
pub fn md(m: Mod, ty: DataType, v: i128) -> Op {
    Op { ty, v, m: Some(m) }
}

/// A source given as its type and raw bits.
pub fn raw((ty, v): (DataType, u64)) -> Op {
    o(ty, i128::from(v))
}

/// The bytes of `values` as elements of `ty`, each truncated to the type's width.
pub fn elems(ty: DataType, values: &[i128]) -> Vec<u8> {
    values
        .iter()
        .flat_map(|v| (*v as u64).to_le_bytes()[..ty.size()].to_vec())
        .collect()
}

/// `values` truncated to the width of `ty`, as the lane values of [`Row::expect_lanes`].
pub fn lanes(ty: DataType, values: &[i128]) -> Vec<u64> {
    let mask = if ty.size() >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * ty.size())) - 1
    };
    values.iter().map(|v| (*v as u64) & mask).collect()
}

/// `OP (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 ...` on `platform` (`op` carries its
/// instruction modifiers, `shl.sat`), with %cr0 = 0 and nothing expected yet.
pub fn bcast_on(platform: Platform, op: &str, dst: DataType, srcs: &[Op]) -> Row {
    let mut decls = format!(".decl R v_type=G type={dst} num_elts=8\n");
    let mut operands = String::new();
    for (k, s) in srcs.iter().enumerate() {
        decls.push_str(&format!(".decl S{k} v_type=G type={} num_elts=1\n", s.ty));
        let m = s.m.map_or("", Mod::text);
        operands.push_str(&format!(" {m}S{k}(0,0)<0;1,0>"));
    }
    let mut row = Row::new(
        platform,
        format!("{decls}{op} (M1, 8) R(0,0)<1>{operands}\n"),
    );
    for (k, s) in srcs.iter().enumerate() {
        row = row.var(&format!("S{k}"), elems(s.ty, &[s.v]));
    }
    row
}

/// [`bcast_on`] on xe-hpg.
pub fn bcast(op: &str, dst: DataType, srcs: &[Op]) -> Row {
    bcast_on(Platform::XeHpg, op, dst, srcs)
}

/// `op` with `.sat` when `saturate`.
pub fn sat(op: &str, saturate: bool) -> String {
    if saturate {
        format!("{op}.sat")
    } else {
        op.to_string()
    }
}

/// Expects `want` in the 8 lanes of `R` (type `dst`).
pub fn all8(row: Row, dst: DataType, want: i128) -> Row {
    row.expect_lanes("R", dst, &lanes(dst, &[want; 8]))
}

/// The derivation of one case of a table: the table's text `d`, the case's name (its words
/// joined by spaces) and the case's own note.
pub fn why(d: &str, name: &str, note: &str) -> String {
    let name = name.replace('_', " ");
    if name.is_empty() {
        format!("{d} {note}")
    } else if note.is_empty() {
        format!("{d} Case: {name}.")
    } else {
        format!("{d} Case: {name}: {note}")
    }
}

/// A row under each reading of `erratum`: `resolved` in every lane of `R` (tagged), then the
/// literal reading: `Some(value)` in every lane, or `None`: undefined-behaviour.
pub fn readings(
    rows: &mut Rows,
    group: &str,
    d: &str,
    erratum: &str,
    row: impl Fn() -> Row,
    dst: DataType,
    resolved: i128,
    literal: Option<i128>,
) {
    rows.add(group, all8(row(), dst, resolved).tag(erratum).derived(d));
    let literal_row = match literal {
        Some(v) => all8(row(), dst, v),
        None => row().expect_error(ErrorClass::UndefinedBehaviour),
    };
    rows.add(group, literal_row.literal(erratum).derived(d));
}

// ---- the tables' row builders: one per table, taking a case's columns ----------------------

/// `fbh (M1, 8) R:ud S0:ud`.
pub fn fbh_unsigned(rows: &mut Rows, d: &str, s0: i128, want: i128) {
    let row = bcast("fbh", UD, &[o(UD, s0)]);
    rows.add("simd8", all8(row, UD, want).derived(d));
}

/// `fbh (M1, 8) R:ud S0:d` under both readings of FBH-SIGNED.
pub fn fbh_signed(rows: &mut Rows, d: &str, s0: i128, resolved: i128, literal: i128) {
    let row = || bcast("fbh", UD, &[o(D, s0)]);
    readings(
        rows,
        "simd8",
        d,
        errata::FBH_SIGNED,
        row,
        UD,
        resolved,
        Some(literal),
    );
}

/// `fbl (M1, 8) R:ud S0:ud`.
pub fn fbl(rows: &mut Rows, d: &str, s0: i128, want: i128) {
    let row = bcast("fbl", UD, &[o(UD, s0)]);
    rows.add("simd8", all8(row, UD, want).derived(d));
}

/// `lzd (M1, 8) R:ud S0:ud`.
pub fn lzd(rows: &mut Rows, d: &str, s0: i128, want: i128) {
    let row = bcast("lzd", UD, &[o(UD, s0)]);
    rows.add("simd8", all8(row, UD, want).derived(d));
}

/// `cbit (M1, 8) R:ud S0:ty` under both readings of CBIT-RESULT (literal: always 0).
pub fn cbit(rows: &mut Rows, d: &str, ty: DataType, s0: i128, resolved: i128) {
    let row = || bcast("cbit", UD, &[o(ty, s0)]);
    readings(
        rows,
        "simd8",
        d,
        errata::CBIT_RESULT,
        row,
        UD,
        resolved,
        Some(0),
    );
}

/// `bfrev (M1, 8) R:ud S0:ud`.
pub fn bfrev(rows: &mut Rows, d: &str, s0: i128, want: i128) {
    let row = bcast("bfrev", UD, &[o(UD, s0)]);
    rows.add("simd8", all8(row, UD, want).derived(d));
}

/// `shl[.sat] (M1, 8) R:dst S0 S1`.
pub fn shl(rows: &mut Rows, d: &str, saturate: bool, dst: DataType, s0: Op, s1: Op, want: i128) {
    let row = bcast(&sat("shl", saturate), dst, &[s0, s1]);
    rows.add("simd8", all8(row, dst, want).derived(d));
}

/// `shl[.sat] (M1, 8) R:ty S0:ty S1:ud` under both readings of SHL-SAT-RANGE.
pub fn shl_sat_range(
    rows: &mut Rows,
    d: &str,
    saturate: bool,
    ty: DataType,
    s0: i128,
    s1: i128,
    resolved: i128,
    literal: Option<i128>,
) {
    let row = || bcast(&sat("shl", saturate), ty, &[o(ty, s0), o(UD, s1)]);
    readings(
        rows,
        "simd8-sat-range",
        d,
        errata::SHL_SAT_RANGE,
        row,
        ty,
        resolved,
        literal,
    );
}

/// `shr[.sat] (M1, 8) R:dst S0 S1`.
pub fn shr(rows: &mut Rows, d: &str, saturate: bool, dst: DataType, s0: Op, s1: Op, want: i128) {
    let row = bcast(&sat("shr", saturate), dst, &[s0, s1]);
    rows.add("simd8", all8(row, dst, want).derived(d));
}

/// `asr (M1, 8) R:dst S0 S1`.
pub fn asr(rows: &mut Rows, d: &str, dst: DataType, s0: Op, s1: Op, want: i128) {
    let row = bcast("asr", dst, &[s0, s1]);
    rows.add("simd8", all8(row, dst, want).derived(d));
}

/// `rol|ror (M1, 8) R:ty S0:ty S1`.
pub fn rotate(rows: &mut Rows, d: &str, op: &str, ty: DataType, s0: i128, s1: Op, want: i128) {
    let row = bcast(op, ty, &[o(ty, s0), s1]);
    rows.add("simd8", all8(row, ty, want).derived(d));
}

/// `rol|ror (M1, 8) R:uq S0:uq S1:uq` on xe-hpc, S0 = 0x8000000000000001.
pub fn rotate_qword(rows: &mut Rows, d: &str, op: &str, s1: i128, want: i128) {
    let srcs = [o(UQ, 0x8000_0000_0000_0001), o(UQ, s1)];
    let row = bcast_on(Platform::XeHpc, op, UQ, &srcs);
    rows.add("simd8-qword", all8(row, UQ, want).derived(d));
}

/// `bfe (M1, 8) R:ty S0 S1 S2` (all of `ty`) under both readings of BFE-SIGN-EXTENSION.
pub fn bfe(
    rows: &mut Rows,
    d: &str,
    ty: DataType,
    width: i128,
    offset: i128,
    s2: i128,
    resolved: i128,
    literal: i128,
) {
    let row = || bcast("bfe", ty, &[o(ty, width), o(ty, offset), o(ty, s2)]);
    let erratum = errata::BFE_SIGN_EXTENSION;
    readings(rows, "simd8", d, erratum, row, ty, resolved, Some(literal));
}

/// `bfi (M1, 8) R:ty S0 S1 S2 S3` (all of `ty`).
pub fn bfi(
    rows: &mut Rows,
    d: &str,
    ty: DataType,
    width: i128,
    offset: i128,
    s2: i128,
    s3: i128,
    want: i128,
) {
    let row = bcast(
        "bfi",
        ty,
        &[o(ty, width), o(ty, offset), o(ty, s2), o(ty, s3)],
    );
    rows.add("simd8", all8(row, ty, want).derived(d));
}

/// `add3[.sat] (M1, 8) R:dst S0 S1 S2`.
pub fn add3(
    rows: &mut Rows,
    d: &str,
    saturate: bool,
    dst: DataType,
    s0: Op,
    s1: Op,
    s2: Op,
    want: i128,
) {
    let row = bcast(&sat("add3", saturate), dst, &[s0, s1, s2]);
    rows.add("simd8", all8(row, dst, want).derived(d));
}

/// `avg[.sat] (M1, 8) R:dst S0 S1`.
pub fn avg(rows: &mut Rows, d: &str, saturate: bool, dst: DataType, s0: Op, s1: Op, want: i128) {
    let row = bcast(&sat("avg", saturate), dst, &[s0, s1]);
    rows.add("simd8", all8(row, dst, want).derived(d));
}

/// `mulh (M1, 8) R:dst S0 S1`.
pub fn mulh(rows: &mut Rows, d: &str, dst: DataType, s0: Op, s1: Op, want: i128) {
    let row = bcast("mulh", dst, &[s0, s1]);
    rows.add("simd8", all8(row, dst, want).derived(d));
}

/// `mulh (M1, 8) R:dst S0 S1` with D and UD mixed: MULH.md's Description asks for one type
/// for the destination and the sources, so validation rejects the form before anything
/// runs; `want` is what the row computes where an implementation admitted it.
pub fn mulh_mixed(rows: &mut Rows, d: &str, dst: DataType, s0: Op, s1: Op, want: i128) {
    let erratum = visa_spec::errata::MULH_MIXED_TYPES;
    let row = bcast("mulh", dst, &[s0, s1]);
    rows.add(
        "simd8-mixed",
        all8(row.clone(), dst, want).tag(erratum).derived(d),
    );
    let why = format!(
        "{d} Literal reading of MULH-MIXED-TYPES: MULH.md's Description asks for one type, so \
         the form is invalid."
    );
    let row = row.expect_error(ErrorClass::InvalidInstruction);
    rows.add("simd8-mixed", row.literal(erratum).derived(&why));
}

/// `and|or|xor|not (M1, 8) R:dst S0 [S1]`.
pub fn logic(rows: &mut Rows, d: &str, op: &str, dst: DataType, srcs: &[Op], want: i128) {
    let row = bcast(op, dst, srcs);
    rows.add("simd8", all8(row, dst, want).derived(d));
}

// ---- CMP, SEL, MIN, MAX, SETP, BFN ------------------------------------------------------------

/// All channels on.
pub const ALL_ON: u32 = u32::MAX;
/// SEL's src0 lanes (0xA0 + i), src1 lanes (0xB0 + i), and R's initial value.
pub const SA: u32 = 0xa0;
pub const SB: u32 = 0xb0;
pub const SE: u32 = 0xee;

/// `cmp.<rel> (M1, 8) P S0(0,0)<0;1,0> S1(0,0)<0;1,0>` with %cr0 = `cr0`: every lane compares
/// the same pair; P (8 elements) is expected to hold `want`.
pub fn cmp_into_predicate(
    rows: &mut Rows,
    d: &str,
    rel: &str,
    a: (DataType, u64),
    b: (DataType, u64),
    cr0: u32,
    want: u8,
) {
    let text = format!(
        ".decl P v_type=P num_elts=8\n.decl S0 v_type=G type={} num_elts=1\n\
         .decl S1 v_type=G type={} num_elts=1\n\
         cmp.{rel} (M1, 8) P S0(0,0)<0;1,0> S1(0,0)<0;1,0>\n",
        a.0, b.0
    );
    let row = Row::new(Platform::XeHpg, text)
        .var("S0", elems(a.0, &[a.1.into()]))
        .var("S1", elems(b.0, &[b.1.into()]))
        .cr0(cr0)
        .expect_pred("P", want.into());
    rows.add("simd8-predicate", row.derived(d));
}

/// `cmp.eq (M1, 8) R(0,0)<1> S(0,0)<0;1,0> S(0,0)<0;1,0>`: equal in every lane; `literal`
/// puts CMP-TRUE-VALUE at its literal reading.
pub fn cmp_into_general(
    rows: &mut Rows,
    d: &str,
    dst: DataType,
    src: DataType,
    v: u64,
    literal: bool,
    want: u64,
) {
    let text = format!(
        ".decl R v_type=G type={dst} num_elts=8\n.decl S v_type=G type={src} num_elts=1\n\
         cmp.eq (M1, 8) R(0,0)<1> S(0,0)<0;1,0> S(0,0)<0;1,0>\n"
    );
    let row = Row::new(Platform::XeHpg, text)
        .var("S", elems(src, &[v.into()]))
        .expect_lanes("R", dst, &[want; 8]);
    let row = if literal {
        row.literal(errata::CMP_TRUE_VALUE)
    } else {
        row.tag(errata::CMP_TRUE_VALUE)
    };
    rows.add("simd8-general", row.derived(d));
}

/// `<pred> sel (M<group>[_NM], <size>) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>` with A = 0xA0 + i,
/// B = 0xB0 + i, R = 0xEE, P (32 elements) = `p_mask`, EM = `emask`; `literal` puts
/// SEL-RAW-MASKS at its literal reading. `want` names each lane's source: SA, SB or SE (R's
/// initial value).
pub fn sel_masks(
    rows: &mut Rows,
    d: &str,
    pred: &str,
    mask: (u8, bool),
    size: u32,
    p_mask: u32,
    emask: u32,
    literal: bool,
    want: [u32; 8],
) {
    let (group, no_mask) = mask;
    let nm = if no_mask { "_NM" } else { "" };
    let pred = if pred.is_empty() {
        String::new()
    } else {
        format!("{pred} ")
    };
    let text = format!(
        ".decl R v_type=G type=ud num_elts=8\n.decl A v_type=G type=ud num_elts=8\n\
         .decl B v_type=G type=ud num_elts=8\n.decl P v_type=P num_elts=32\n\
         {pred}sel (M{group}{nm}, {size}) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n"
    );
    let lanes: Vec<u64> = want
        .iter()
        .zip(0u32..)
        .map(|(w, i)| u64::from(if *w == SE { SE } else { w + i }))
        .collect();
    let row = Row::new(Platform::XeHpg, text)
        .var("R", le32(&[SE; 8]))
        .var("A", le32(&(0..8).map(|i| SA + i).collect::<Vec<u32>>()))
        .var("B", le32(&(0..8).map(|i| SB + i).collect::<Vec<u32>>()))
        .pred("P", p_mask)
        .emask(emask)
        .expect_lanes("R", UD, &lanes);
    let row = if literal {
        row.literal(errata::SEL_RAW_MASKS)
    } else {
        row.tag(errata::SEL_RAW_MASKS)
    };
    rows.add("simd8-masks", row.derived(d));
}

/// `sel[.sat] (M1, 8) R(0,0)<1> [m]S(0,0)<0;1,0> 0x0:dst` (no predicate: src0).
pub fn sel_values(
    rows: &mut Rows,
    d: &str,
    m: Option<Mod>,
    saturate: bool,
    dst: DataType,
    a: (DataType, u64),
    want: u64,
) {
    let m = m.map_or("", Mod::text);
    let text = format!(
        ".decl R v_type=G type={dst} num_elts=8\n.decl S v_type=G type={} num_elts=1\n\
         {} (M1, 8) R(0,0)<1> {m}S(0,0)<0;1,0> 0x0:{dst}\n",
        a.0,
        sat("sel", saturate)
    );
    let row = Row::new(Platform::XeHpg, text)
        .var("S", elems(a.0, &[a.1.into()]))
        .expect_lanes("R", dst, &[want; 8]);
    rows.add("simd8-values", row.derived(d));
}

/// `min|max[.sat] (M1, 8) R:dst S0 S1` with the errata `literal` at their literal reading.
pub fn min_max(
    rows: &mut Rows,
    d: &str,
    op: &str,
    saturate: bool,
    dst: DataType,
    a: (DataType, u64),
    b: (DataType, u64),
    literal: &[&str],
    want: u64,
) {
    let mut row =
        bcast(&sat(op, saturate), dst, &[raw(a), raw(b)]).expect_lanes("R", dst, &[want; 8]);
    for id in literal {
        row = row.literal(id);
    }
    rows.add("simd8", row.derived(d));
}

/// `setp (M<group>_NM, <size>) P 0x<value>:uw` (`:ud` for 32 channels) with P (32 elements)
/// starting at 0xFFFF0000; `literal` puts SETP-BIT-TEST at its literal reading.
pub fn setp_scalar(
    rows: &mut Rows,
    d: &str,
    group: u8,
    size: u32,
    value: u64,
    literal: bool,
    want: u32,
) {
    let ty = if size == 32 { "ud" } else { "uw" };
    let text =
        format!(".decl P v_type=P num_elts=32\nsetp (M{group}_NM, {size}) P 0x{value:x}:{ty}\n");
    let row = Row::new(Platform::XeHpg, text)
        .pred("P", 0xffff_0000)
        .expect_pred("P", want);
    let row = if literal {
        row.literal(errata::SETP_BIT_TEST)
    } else {
        row.tag(errata::SETP_BIT_TEST)
    };
    rows.add("scalar", row.derived(d));
}

/// `bfn.x<table> (M1, 8) R(0,0)<1> S(0,0)<0;1,0> S(0,1)<0;1,0> S(0,2)<0;1,0>` with
/// S = [0xFF00FF00, 0xF0F0F0F0, 0xCCCCCCCC].
pub fn bfn_tables(rows: &mut Rows, d: &str, table: u8, want: u32) {
    let text = format!(
        ".decl R v_type=G type=ud num_elts=8\n.decl S v_type=G type=ud num_elts=3\n\
         bfn.x{table:02x} (M1, 8) R(0,0)<1> S(0,0)<0;1,0> S(0,1)<0;1,0> S(0,2)<0;1,0>\n"
    );
    let row = Row::new(Platform::XeHpg, text)
        .var("S", le32(&[0xff00_ff00, 0xf0f0_f0f0, 0xcccc_cccc]))
        .expect_lanes("R", UD, &[want.into(); 8]);
    rows.add("simd8", row.derived(d));
}

// ---- MUL, MAD, DIV, MOD ---------------------------------------------------------------------

// %cr0 (4_visa_header.md): rounding in bits 5:4, ALT in bit 0, denorm modes in 6, 7, 10.
pub const RNE: u32 = 0;
pub const RU: u32 = 1 << 4;
pub const RD: u32 = 2 << 4;
pub const RZ: u32 = 3 << 4;
pub const ALT: u32 = 1;
pub const KEEP_F: u32 = 1 << 7;
pub const KEEP_DF: u32 = 1 << 6;

/// `op[.sat] (M1, 8) R:dst S0 ...` on raw source bits, with %cr0 = `cr0`, expecting `want`.
fn raw_row(
    op: &str,
    saturate: bool,
    dst: DataType,
    srcs: &[(DataType, u64)],
    cr0: u32,
    want: u64,
) -> Row {
    let srcs: Vec<Op> = srcs.iter().copied().map(raw).collect();
    bcast(&sat(op, saturate), dst, &srcs)
        .cr0(cr0)
        .expect_lanes("R", dst, &[want; 8])
}

/// MUL and MAD on integers.
pub fn mul_mad_int(
    rows: &mut Rows,
    d: &str,
    op: &str,
    dst: DataType,
    srcs: &[(DataType, u64)],
    want: u64,
) {
    rows.add("simd8", raw_row(op, false, dst, srcs, RNE, want).derived(d));
}

/// DIV (`op` = "div": the quotient) or MOD (the remainder) on integers.
pub fn div_mod_int(
    rows: &mut Rows,
    d: &str,
    op: &str,
    ty: DataType,
    a: u64,
    b: u64,
    quotient: u64,
    remainder: u64,
) {
    let want = if op == "div" { quotient } else { remainder };
    rows.add(
        "simd8",
        raw_row(op, false, ty, &[(ty, a), (ty, b)], RNE, want).derived(d),
    );
}

/// `mod.sat (M1, 8) R:ub S0:d S1:d`.
pub fn mod_sat(rows: &mut Rows, d: &str, a: u64, b: u64, want: u64) {
    rows.add(
        "simd8",
        raw_row("mod", true, UB, &[(D, a), (D, b)], RNE, want).derived(d),
    );
}

/// MUL and DIV on floats under %cr0 = `cr0`.
pub fn mul_div_float(
    rows: &mut Rows,
    d: &str,
    op: &str,
    dst: DataType,
    srcs: &[(DataType, u64)],
    cr0: u32,
    want: u64,
) {
    rows.add(
        "simd8-float",
        raw_row(op, false, dst, srcs, cr0, want).derived(d),
    );
}

/// `op.sat (M1, 8) R:f S0:f ...`.
pub fn float_sat(rows: &mut Rows, d: &str, op: &str, srcs: &[(DataType, u64)], want: u64) {
    rows.add(
        "simd8-float",
        raw_row(op, true, F, srcs, RNE, want).derived(d),
    );
}

/// MAD on floats under both readings of MAD-FUSED.
pub fn mad_float(
    rows: &mut Rows,
    d: &str,
    dst: DataType,
    srcs: &[(DataType, u64)],
    cr0: u32,
    resolved: u64,
    literal: u64,
) {
    let erratum = errata::MAD_FUSED;
    let row = raw_row("mad", false, dst, srcs, cr0, resolved).tag(erratum);
    rows.add("simd8-fused", row.derived(d));
    let row = raw_row("mad", false, dst, srcs, cr0, literal).literal(erratum);
    rows.add("simd8-fused", row.derived(d));
}

/// DIV on F under both readings of DIV-FLOAT-RECIPROCAL.
pub fn div_readings(
    rows: &mut Rows,
    d: &str,
    srcs: &[(DataType, u64)],
    cr0: u32,
    resolved: u64,
    literal: u64,
) {
    let erratum = errata::DIV_FLOAT_RECIPROCAL;
    let row = raw_row("div", false, F, srcs, cr0, resolved).tag(erratum);
    rows.add("simd8-reciprocal", row.derived(d));
    let row = raw_row("div", false, F, srcs, cr0, literal).literal(erratum);
    rows.add("simd8-reciprocal", row.derived(d));
}

// ---- SUBB, MADW, SAD2, SAD2ADD ----------------------------------------------------------------

/// What a destination element holds before the carry-family rows run.
pub const OLD: u32 = 0xDEAD_BEEF;

/// `subb[.sat] (M1, 4) R(0,0)<1> C(0,0)<1> S0(0,0)<1;1,0> S1(0,0)<1;1,0>` on four-lane UD
/// variables, R and C starting at OLD, S0 = [5, 0, 7, 0], S1 = [3, 1, 7, 0xFFFFFFFF].
pub fn subb_readings(
    rows: &mut Rows,
    d: &str,
    saturate: bool,
    literal: &[&str],
    diff: [u32; 4],
    borrow: [u32; 4],
) {
    let text = format!(
        ".decl R v_type=G type=ud num_elts=4\n.decl C v_type=G type=ud num_elts=4\n\
         .decl S0 v_type=G type=ud num_elts=4\n.decl S1 v_type=G type=ud num_elts=4\n\
         {} (M1, 4) R(0,0)<1> C(0,0)<1> S0(0,0)<1;1,0> S1(0,0)<1;1,0>\n",
        sat("subb", saturate)
    );
    let mut row = Row::new(Platform::XeHpg, text)
        .var("R", le32(&[OLD; 4]))
        .var("C", le32(&[OLD; 4]))
        .var("S0", le32(&[5, 0, 7, 0]))
        .var("S1", le32(&[3, 1, 7, 0xffff_ffff]))
        .expect_lanes("R", UD, &diff.map(u64::from))
        .expect_lanes("C", UD, &borrow.map(u64::from));
    for id in literal {
        row = row.literal(id);
    }
    rows.add("four-lanes", row.derived(d));
}

/// `madw (M1, n) R(0,0)<1>:d S0 S1 S2` (broadcast D sources (-2^31, -2^31, -1)) on `platform`:
/// R holds 32 elements at OLD; the high halves start at byte `resolved` (resolved
/// MADW-HIGH-HALF) or `literal`.
pub fn madw_layout(
    rows: &mut Rows,
    d: &str,
    platform: Platform,
    n: u32,
    resolved: usize,
    literal: usize,
) {
    let n = n as usize;
    for (is_literal, high) in [(false, resolved), (true, literal)] {
        let mut want = vec![u64::from(OLD); 32];
        want[..n].fill(0xffff_ffff);
        want[high / 4..high / 4 + n].fill(0x3fff_ffff);
        let srcs = [0x8000_0000u32, 0x8000_0000, 0xffff_ffff];
        let mut text = ".decl R v_type=G type=d num_elts=32\n".to_string();
        for k in 0..3 {
            text.push_str(&format!(".decl S{k} v_type=G type=d num_elts=1\n"));
        }
        text.push_str(&format!(
            "madw (M1, {n}) R(0,0)<1> S0(0,0)<0;1,0> S1(0,0)<0;1,0> S2(0,0)<0;1,0>\n"
        ));
        let mut row = Row::new(platform, text).var("R", le32(&[OLD; 32]));
        for (k, v) in srcs.iter().enumerate() {
            row = row.var(&format!("S{k}"), le32(&[*v]));
        }
        let row = row.expect_lanes("R", D, &want);
        let row = if is_literal {
            row.literal(errata::MADW_HIGH_HALF)
        } else {
            row.tag(errata::MADW_HIGH_HALF)
        };
        rows.add("layout", row.derived(d));
    }
}

/// `op[.sat] (M1, 4) R:uw S0(0,0)<1;1,0>:ub S1(0,0)<1;1,0>:ub [src2:w]` with S0 = [4, 6, 14, 16],
/// S1 = 0, R at 0xBEEF, EM = `emask`; `literal` puts SAD2-LOOP-STEP at its literal reading.
/// Expects R = `want` with the lanes of `undefined` any value.
pub fn sad2_lanes(
    rows: &mut Rows,
    d: &str,
    op: &str,
    src2: Option<i16>,
    saturate: bool,
    emask: u32,
    literal: bool,
    want: [u16; 4],
    undefined: &[usize],
) {
    let third = src2.map_or(String::new(), |v| format!(" 0x{:x}:w", v as u16));
    let text = format!(
        ".decl R v_type=G type=uw num_elts=4\n.decl S0 v_type=G type=ub num_elts=4\n\
         .decl S1 v_type=G type=ub num_elts=4\n\
         {} (M1, 4) R(0,0)<1> S0(0,0)<1;1,0> S1(0,0)<1;1,0>{third}\n",
        sat(op, saturate)
    );
    let pattern: Vec<Option<u8>> = want
        .iter()
        .enumerate()
        .flat_map(|(k, w)| {
            let [lo, hi] = w.to_le_bytes();
            if undefined.contains(&k) {
                [None, None]
            } else {
                [Some(lo), Some(hi)]
            }
        })
        .collect();
    let row = Row::new(Platform::XeHpg, text)
        .var("R", le16(&[0xbeef; 4]))
        .var("S0", vec![4, 6, 14, 16])
        .emask(emask)
        .expect_pattern("R", pattern);
    let row = if literal {
        row.literal(errata::SAD2_LOOP_STEP)
    } else {
        row.tag(errata::SAD2_LOOP_STEP)
    };
    rows.add("four-lanes", row.derived(d));
}

// ---- rows written out as text ------------------------------------------------------------------

/// Little-endian bytes of D elements.
pub fn i32s(xs: &[i32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Little-endian bytes of F elements.
pub fn f32s(xs: &[f32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_bits().to_le_bytes()).collect()
}

/// A row running `text` (declarations and instructions) on xe-hpg.
pub fn text_row(text: &str) -> Row {
    Row::new(Platform::XeHpg, text)
}

/// The integer DIV and MOD rows (the same operands and quotient/remainder pairs for both;
/// `op` picks which result the row observes).
pub fn div_mod_int_cases(rows: &mut Rows, op: &str) {
    let d = "DIV and MOD on integers (DIV.md Notes: the quotient truncates toward zero, the remainder has the numerator's sign).";
    div_mod_int(rows, &why(d, "pos_pos", ""), op, D, 7, 2, 3, 1);
    div_mod_int(
        rows,
        &why(d, "neg_pos", "-7 / 2 = -3 r -1"),
        op,
        D,
        0xFFFF_FFF9,
        2,
        0xFFFF_FFFD,
        0xFFFF_FFFF,
    );
    div_mod_int(
        rows,
        &why(d, "pos_neg", "7 / -2 = -3 r 1"),
        op,
        D,
        7,
        0xFFFF_FFFE,
        0xFFFF_FFFD,
        1,
    );
    div_mod_int(
        rows,
        &why(d, "neg_neg", "-7 / -2 = 3 r -1"),
        op,
        D,
        0xFFFF_FFF9,
        0xFFFF_FFFE,
        3,
        0xFFFF_FFFF,
    );
    div_mod_int(
        rows,
        &why(
            d,
            "int_min",
            "INT_MIN / -1 = 2^31: low 32 bits 0x80000000, remainder 0",
        ),
        op,
        D,
        0x8000_0000,
        0xFFFF_FFFF,
        0x8000_0000,
        0,
    );
    div_mod_int(
        rows,
        &why(d, "ud", "(2^32 - 1) / 10 = 429496729 r 5"),
        op,
        UD,
        0xFFFF_FFFF,
        10,
        0x1999_9999,
        5,
    );
    div_mod_int(
        rows,
        &why(d, "b", "B: -128 / 3 = -42 (0xD6) r -2 (0xFE)"),
        op,
        B,
        0x80,
        3,
        0xD6,
        0xFE,
    );
}
