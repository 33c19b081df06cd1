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

use visa_model::platform::Platform;
use visa_model::types::DataType;
use visa_model::ErrorClass;

use visa_model::errata;
use visa_model::types::DataType::*;

use super::Shape;
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
#[rustfmt::skip]
pub struct Op { pub ty: DataType, pub v: i128, pub m: Option<Mod> }

/// A source of type `ty` holding `v`.
pub const fn o(ty: DataType, v: i128) -> Op {
    Op { ty, v, m: None }
}

/// A source of type `ty` holding `v`, read through the modifier `m`.
pub const fn md(m: Mod, ty: DataType, v: i128) -> Op {
    Op { ty, v, m: Some(m) }
}

/// A source given as its type and raw bits.
pub const fn raw((ty, v): (DataType, u64)) -> Op {
    o(ty, v as i128)
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

/// A row under each reading of `erratum`, `(resolved, literal)`: `resolved` in every lane of
/// `R` (tagged), then the literal reading: `Some(value)` in every lane, or `None`:
/// undefined-behaviour.
#[rustfmt::skip]
pub fn readings(rows: &mut Rows, group: &str, d: &str, erratum: &str, row: impl Fn() -> Row, dst: DataType, (resolved, literal): (i128, Option<i128>)) {
    rows.add(group, all8(row(), dst, resolved).tag(erratum).derived(d));
    let literal_row = match literal { Some(v) => all8(row(), dst, v), None => row().expect_error(ErrorClass::UndefinedBehaviour), };
    rows.add(group, literal_row.literal(erratum).derived(d));
}

/// One instruction of execution size 8 on broadcast sources (`op` carries its instruction
/// modifiers, `shl.sat`), expecting `want` in the 8 lanes of `R`, in group `simd8`; its
/// derivation is the table's with the case's name and note ([`why`]).
#[derive(Debug)]
#[rustfmt::skip]
pub struct Simd8 { pub case: &'static str, pub op: &'static str, pub dst: DataType, pub srcs: &'static [Op], pub want: i128, pub note: &'static str }

impl Shape for Simd8 {
    fn add(&self, rows: &mut Rows, d: &str) {
        let row = all8(bcast(self.op, self.dst, self.srcs), self.dst, self.want);
        rows.add("simd8", row.derived(&why(d, self.case, self.note)));
    }
}

// ---- the tables' row builders: one per table, taking a case's columns ----------------------

/// `fbh (M1, 8) R:ud S0:d` under both readings of FBH-SIGNED.
#[derive(Debug)]
#[rustfmt::skip]
pub struct FbhSigned8 { pub case: &'static str, pub s0: i128, pub resolved: i128, pub literal: i128, pub note: &'static str }

impl Shape for FbhSigned8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (s0, resolved, literal) = (self.s0, self.resolved, self.literal);
        let d = &why(d, self.case, self.note);
        let row = || bcast("fbh", UD, &[o(D, s0)]);
        readings(rows, "simd8", d, errata::FBH_SIGNED, row, UD, (resolved, Some(literal)));
    }
}

/// `cbit (M1, 8) R:ud S0:ty` under both readings of CBIT-RESULT (literal: always 0).
#[derive(Debug)]
#[rustfmt::skip]
pub struct Cbit8 { pub case: &'static str, pub ty: DataType, pub s0: i128, pub resolved: i128, pub note: &'static str }

impl Shape for Cbit8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (ty, s0, resolved) = (self.ty, self.s0, self.resolved);
        let d = &why(d, self.case, self.note);
        let row = || bcast("cbit", UD, &[o(ty, s0)]);
        readings(rows, "simd8", d, errata::CBIT_RESULT, row, UD, (resolved, Some(0)));
    }
}

/// `shl[.sat] (M1, 8) R:ty S0:ty S1:ud` under both readings of SHL-SAT-RANGE.
#[derive(Debug)]
#[rustfmt::skip]
pub struct ShlSatRange8 { pub case: &'static str, pub saturate: bool, pub ty: DataType, pub s0: i128,
    pub s1: i128, pub resolved: i128, pub literal: Option<i128>, pub note: &'static str }

impl Shape for ShlSatRange8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (saturate, ty, s0, s1) = (self.saturate, self.ty, self.s0, self.s1);
        let (resolved, literal) = (self.resolved, self.literal);
        let d = &why(d, self.case, self.note);
        let row = || bcast(&sat("shl", saturate), ty, &[o(ty, s0), o(UD, s1)]);
        readings(rows, "simd8-sat-range", d, errata::SHL_SAT_RANGE, row, ty, (resolved, literal));
    }
}

/// `rol|ror (M1, 8) R:uq S0:uq S1:uq` on xe-hpc, S0 = 0x8000000000000001.
#[derive(Debug)]
#[rustfmt::skip]
pub struct RotateQword8 { pub case: &'static str, pub op: &'static str, pub s1: i128, pub want: i128, pub note: &'static str }

impl Shape for RotateQword8 {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, s1, want) = (self.op, self.s1, self.want);
        let d = &why(d, self.case, self.note);
        let srcs = [o(UQ, 0x8000_0000_0000_0001), o(UQ, s1)];
        let row = bcast_on(Platform::XeHpc, op, UQ, &srcs);
        rows.add("simd8-qword", all8(row, UQ, want).derived(d));
    }
}

/// `bfe (M1, 8) R:ty S0 S1 S2` (all of `ty`) under both readings of BFE-SIGN-EXTENSION.
#[derive(Debug)]
#[rustfmt::skip]
pub struct Bfe8 { pub case: &'static str, pub ty: DataType, pub width: i128, pub offset: i128,
    pub s2: i128, pub resolved: i128, pub literal: i128, pub note: &'static str }

impl Shape for Bfe8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (ty, width, offset, s2) = (self.ty, self.width, self.offset, self.s2);
        let (resolved, literal) = (self.resolved, self.literal);
        let d = &why(d, self.case, self.note);
        let row = || bcast("bfe", ty, &[o(ty, width), o(ty, offset), o(ty, s2)]);
        let erratum = errata::BFE_SIGN_EXTENSION;
        readings(rows, "simd8", d, erratum, row, ty, (resolved, Some(literal)));
    }
}

/// `mulh (M1, 8) R:dst S0 S1` with D and UD mixed: MULH.md's Description asks for one type
/// for the destination and the sources, so validation rejects the form before anything
/// runs; `want` is what the row computes where an implementation admitted it.
#[derive(Debug)]
#[rustfmt::skip]
pub struct MulhMixed8 { pub case: &'static str, pub dst: DataType, pub s0: Op, pub s1: Op, pub want: i128, pub note: &'static str }

impl Shape for MulhMixed8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (dst, s0, s1, want) = (self.dst, self.s0, self.s1, self.want);
        let d = &why(d, self.case, self.note);
        let erratum = visa_model::errata::MULH_MIXED_TYPES;
        let row = bcast("mulh", dst, &[s0, s1]);
        rows.add("simd8-mixed", all8(row.clone(), dst, want).tag(erratum).derived(d));
        let why = format!(
            "{d} Literal reading of MULH-MIXED-TYPES: MULH.md's Description asks for one type, so \
             the form is invalid."
        );
        let row = row.expect_error(ErrorClass::InvalidInstruction);
        rows.add("simd8-mixed", row.literal(erratum).derived(&why));
    }
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
#[derive(Debug)]
#[rustfmt::skip]
pub struct CmpIntoPredicate8 { pub case: &'static str, pub rel: &'static str, pub a: (DataType, u64),
    pub b: (DataType, u64), pub cr0: u32, pub want: u8, pub note: &'static str }

impl Shape for CmpIntoPredicate8 {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (rel, a, b, cr0) = (self.rel, self.a, self.b, self.cr0);
        let want = self.want;
        let d = &why(d, self.case, self.note);
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
}

/// `cmp.eq (M1, 8) R(0,0)<1> S(0,0)<0;1,0> S(0,0)<0;1,0>`: equal in every lane; `literal`
/// puts CMP-TRUE-VALUE at its literal reading.
#[derive(Debug)]
#[rustfmt::skip]
pub struct CmpIntoGeneral8 { pub case: &'static str, pub dst: DataType, pub src: DataType, pub v: u64, pub literal: bool, pub want: u64, pub note: &'static str }

impl Shape for CmpIntoGeneral8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (dst, src, v, literal) = (self.dst, self.src, self.v, self.literal);
        let want = self.want;
        let d = &why(d, self.case, self.note);
        let text = format!(
            ".decl R v_type=G type={dst} num_elts=8\n.decl S v_type=G type={src} num_elts=1\n\
             cmp.eq (M1, 8) R(0,0)<1> S(0,0)<0;1,0> S(0,0)<0;1,0>\n"
        );
        let row = Row::new(Platform::XeHpg, text).var("S", elems(src, &[v.into()])).expect_lanes("R", dst, &[want; 8]);
        let row = if literal { row.literal(errata::CMP_TRUE_VALUE) } else { row.tag(errata::CMP_TRUE_VALUE) };
        rows.add("simd8-general", row.derived(d));
    }
}

/// `<pred> sel (M<group>[_NM], <size>) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>` with A = 0xA0 + i,
/// B = 0xB0 + i, R = 0xEE, P (32 elements) = `p_mask`, EM = `emask`; `literal` puts
/// SEL-RAW-MASKS at its literal reading. `want` names each lane's source: SA, SB or SE (R's
/// initial value).
#[derive(Debug)]
#[rustfmt::skip]
pub struct SelMasks8 { pub case: &'static str, pub pred: &'static str, pub mask: (u8, bool), pub size: u32,
    pub p_mask: u32, pub emask: u32, pub literal: bool, pub want: [u32; 8], pub note: &'static str }

impl Shape for SelMasks8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (pred, mask, size, p_mask) = (self.pred, self.mask, self.size, self.p_mask);
        let (emask, literal, want) = (self.emask, self.literal, self.want);
        let d = &why(d, self.case, self.note);
        let (group, no_mask) = mask;
        let nm = if no_mask { "_NM" } else { "" };
        let pred = if pred.is_empty() { String::new() } else { format!("{pred} ") };
        let text = format!(
            ".decl R v_type=G type=ud num_elts=8\n.decl A v_type=G type=ud num_elts=8\n\
             .decl B v_type=G type=ud num_elts=8\n.decl P v_type=P num_elts=32\n\
             {pred}sel (M{group}{nm}, {size}) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n"
        );
        let lanes: Vec<u64> = want .iter().zip(0u32..).map(|(w, i)| u64::from(if *w == SE { SE } else { w + i })).collect();
        let row = Row::new(Platform::XeHpg, text)
            .var("R", le32(&[SE; 8]))
            .var("A", le32(&(0..8).map(|i| SA + i).collect::<Vec<u32>>()))
            .var("B", le32(&(0..8).map(|i| SB + i).collect::<Vec<u32>>()))
            .pred("P", p_mask)
            .emask(emask)
            .expect_lanes("R", UD, &lanes);
        let row = if literal { row.literal(errata::SEL_RAW_MASKS) } else { row.tag(errata::SEL_RAW_MASKS) };
        rows.add("simd8-masks", row.derived(d));
    }
}

/// `sel[.sat] (M1, 8) R(0,0)<1> [m]S(0,0)<0;1,0> 0x0:dst` (no predicate: src0).
#[derive(Debug)]
#[rustfmt::skip]
pub struct SelValues8 { pub case: &'static str, pub m: Option<Mod>, pub saturate: bool, pub dst: DataType, pub a: (DataType, u64), pub want: u64, pub note: &'static str }

impl Shape for SelValues8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (m, saturate, dst, a) = (self.m, self.saturate, self.dst, self.a);
        let want = self.want;
        let d = &why(d, self.case, self.note);
        let m = m.map_or("", Mod::text);
        let text = format!(
            ".decl R v_type=G type={dst} num_elts=8\n.decl S v_type=G type={} num_elts=1\n\
             {} (M1, 8) R(0,0)<1> {m}S(0,0)<0;1,0> 0x0:{dst}\n",
            a.0,
            sat("sel", saturate)
        );
        let row = Row::new(Platform::XeHpg, text).var("S", elems(a.0, &[a.1.into()])).expect_lanes("R", dst, &[want; 8]);
        rows.add("simd8-values", row.derived(d));
    }
}

/// `min|max[.sat] (M1, 8) R:dst S0 S1` with the errata `literal` at their literal reading.
#[derive(Debug)]
#[rustfmt::skip]
pub struct MinMax8 { pub case: &'static str, pub op: &'static str, pub saturate: bool, pub dst: DataType,
    pub a: (DataType, u64), pub b: (DataType, u64), pub literal: &'static [&'static str], pub want: u64, pub note: &'static str }

impl Shape for MinMax8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, saturate, dst, a) = (self.op, self.saturate, self.dst, self.a);
        let (b, literal, want) = (self.b, self.literal, self.want);
        let d = &why(d, self.case, self.note);
        let mut row = bcast(&sat(op, saturate), dst, &[raw(a), raw(b)]).expect_lanes("R", dst, &[want; 8]);
        for id in literal {
            row = row.literal(id);
        }
        rows.add("simd8", row.derived(d));
    }
}

/// `setp (M<group>_NM, <size>) P 0x<value>:uw` (`:ud` for 32 channels) with P (32 elements)
/// starting at 0xFFFF0000; `literal` puts SETP-BIT-TEST at its literal reading.
#[derive(Debug)]
#[rustfmt::skip]
pub struct SetpScalar8 { pub case: &'static str, pub group: u8, pub size: u32, pub value: u64, pub literal: bool, pub want: u32, pub note: &'static str }

impl Shape for SetpScalar8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (group, size, value, want) = (self.group, self.size, self.value, self.want);
        let ty = if size == 32 { "ud" } else { "uw" };
        let text = format!(".decl P v_type=P num_elts=32\nsetp (M{group}_NM, {size}) P 0x{value:x}:{ty}\n");
        let row = Row::new(Platform::XeHpg, text).pred("P", 0xffff_0000).expect_pred("P", want);
        let row = if self.literal { row.literal(errata::SETP_BIT_TEST) } else { row.tag(errata::SETP_BIT_TEST) };
        rows.add("scalar", row.derived(&why(d, self.case, self.note)));
    }
}

/// `bfn.x<table> (M1, 8) R(0,0)<1> S(0,0)<0;1,0> S(0,1)<0;1,0> S(0,2)<0;1,0>` with
/// S = [0xFF00FF00, 0xF0F0F0F0, 0xCCCCCCCC].
#[derive(Debug)]
#[rustfmt::skip]
pub struct BfnTables8 { pub case: &'static str, pub table: u8, pub want: u32, pub note: &'static str }

impl Shape for BfnTables8 {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (table, want) = (self.table, self.want);
        let d = &why(d, self.case, self.note);
        let text = format!(
            ".decl R v_type=G type=ud num_elts=8\n.decl S v_type=G type=ud num_elts=3\n\
             bfn.x{table:02x} (M1, 8) R(0,0)<1> S(0,0)<0;1,0> S(0,1)<0;1,0> S(0,2)<0;1,0>\n"
        );
        let row = Row::new(Platform::XeHpg, text)
            .var("S", le32(&[0xff00_ff00, 0xf0f0_f0f0, 0xcccc_cccc]))
            .expect_lanes("R", UD, &[want.into(); 8]);
        rows.add("simd8", row.derived(d));
    }
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
#[rustfmt::skip]
fn raw_row(op: &str, saturate: bool, dst: DataType, srcs: &[(DataType, u64)], cr0: u32, want: u64) -> Row {
    let srcs: Vec<Op> = srcs.iter().copied().map(raw).collect();
    bcast(&sat(op, saturate), dst, &srcs)
        .cr0(cr0)
        .expect_lanes("R", dst, &[want; 8])
}

/// DIV (`op` = "div": the quotient) or MOD (the remainder) of `(a, b)` on integers,
/// expecting `(quotient, remainder)`.
#[rustfmt::skip]
pub fn div_mod_int(rows: &mut Rows, d: &str, op: &str, ty: DataType, (a, b): (u64, u64), (quotient, remainder): (u64, u64)) {
    let want = if op == "div" { quotient } else { remainder };
    rows.add("simd8", raw_row(op, false, ty, &[(ty, a), (ty, b)], RNE, want).derived(d));
}

/// `mod.sat (M1, 8) R:ub S0:d S1:d`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct ModSat8 { pub case: &'static str, pub a: u64, pub b: u64, pub want: u64, pub note: &'static str }

impl Shape for ModSat8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (a, b, want) = (self.a, self.b, self.want);
        let d = &why(d, self.case, self.note);
        rows.add("simd8", raw_row("mod", true, UB, &[(D, a), (D, b)], RNE, want).derived(d));
    }
}

/// MUL and DIV on floats under %cr0 = `cr0`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct MulDivFloat8 { pub case: &'static str, pub op: &'static str, pub dst: DataType,
    pub srcs: &'static [(DataType, u64)], pub cr0: u32, pub want: u64, pub note: &'static str }

impl Shape for MulDivFloat8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, dst, srcs, cr0) = (self.op, self.dst, self.srcs, self.cr0);
        let want = self.want;
        let d = &why(d, self.case, self.note);
        rows.add("simd8-float", raw_row(op, false, dst, srcs, cr0, want).derived(d));
    }
}

/// `op.sat (M1, 8) R:f S0:f ...`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct FloatSat8 { pub case: &'static str, pub op: &'static str, pub srcs: &'static [(DataType, u64)], pub want: u64, pub note: &'static str }

impl Shape for FloatSat8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, srcs, want) = (self.op, self.srcs, self.want);
        let d = &why(d, self.case, self.note);
        rows.add("simd8-float", raw_row(op, true, F, srcs, RNE, want).derived(d));
    }
}

/// MAD on floats under both readings of MAD-FUSED.
#[derive(Debug)]
#[rustfmt::skip]
pub struct MadFloat8 { pub case: &'static str, pub dst: DataType, pub srcs: &'static [(DataType, u64)],
    pub cr0: u32, pub resolved: u64, pub literal: u64, pub note: &'static str }

impl Shape for MadFloat8 {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (dst, srcs, cr0, resolved) = (self.dst, self.srcs, self.cr0, self.resolved);
        let literal = self.literal;
        let d = &why(d, self.case, self.note);
        let erratum = errata::MAD_FUSED;
        let row = raw_row("mad", false, dst, srcs, cr0, resolved).tag(erratum);
        rows.add("simd8-fused", row.derived(d));
        let row = raw_row("mad", false, dst, srcs, cr0, literal).literal(erratum);
        rows.add("simd8-fused", row.derived(d));
    }
}

/// DIV on F under both readings of DIV-FLOAT-RECIPROCAL.
#[derive(Debug)]
#[rustfmt::skip]
pub struct DivReadings8 { pub case: &'static str, pub srcs: &'static [(DataType, u64)], pub cr0: u32, pub resolved: u64, pub literal: u64, pub note: &'static str }

impl Shape for DivReadings8 {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (srcs, cr0, resolved, literal) = (self.srcs, self.cr0, self.resolved, self.literal);
        let d = &why(d, self.case, self.note);
        let erratum = errata::DIV_FLOAT_RECIPROCAL;
        let row = raw_row("div", false, F, srcs, cr0, resolved).tag(erratum);
        rows.add("simd8-reciprocal", row.derived(d));
        let row = raw_row("div", false, F, srcs, cr0, literal).literal(erratum);
        rows.add("simd8-reciprocal", row.derived(d));
    }
}

// ---- SUBB, MADW, SAD2, SAD2ADD ----------------------------------------------------------------

/// What a destination element holds before the carry-family rows run.
pub const OLD: u32 = 0xDEAD_BEEF;

/// `subb[.sat] (M1, 4) R(0,0)<1> C(0,0)<1> S0(0,0)<1;1,0> S1(0,0)<1;1,0>` on four-lane UD
/// variables, R and C starting at OLD, S0 = [5, 0, 7, 0], S1 = [3, 1, 7, 0xFFFFFFFF].
#[derive(Debug)]
#[rustfmt::skip]
pub struct SubbReadings8 { pub case: &'static str, pub saturate: bool,
    pub literal: &'static [&'static str], pub diff: [u32; 4], pub borrow: [u32; 4], pub note: &'static str }

impl Shape for SubbReadings8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (saturate, literal, diff, borrow) = (self.saturate, self.literal, self.diff, self.borrow);
        let d = &why(d, self.case, self.note);
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
}

/// `madw (M1, n) R(0,0)<1>:d S0 S1 S2` (broadcast D sources (-2^31, -2^31, -1)) on `platform`:
/// R holds 32 elements at OLD; the high halves start at byte `resolved` (resolved
/// MADW-HIGH-HALF) or `literal`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct MadwLayout8 { pub case: &'static str, pub platform: Platform, pub n: u32, pub resolved: usize, pub literal: usize, pub note: &'static str }

impl Shape for MadwLayout8 {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (platform, n, resolved, literal) = (self.platform, self.n, self.resolved, self.literal);
        let d = &why(d, self.case, self.note);
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
}

/// `op[.sat] (M1, 4) R:uw S0(0,0)<1;1,0>:ub S1(0,0)<1;1,0>:ub [src2:w]` with S0 = [4, 6, 14, 16],
/// S1 = 0, R at 0xBEEF, EM = `emask`; `literal` puts SAD2-LOOP-STEP at its literal reading.
/// Expects R = `want` with the lanes of `undefined` any value.
#[derive(Debug)]
#[rustfmt::skip]
pub struct Sad2Lanes8 { pub case: &'static str, pub op: &'static str, pub src2: Option<i16>, pub saturate: bool,
    pub emask: u32, pub literal: bool, pub want: [u16; 4], pub undefined: &'static [usize], pub note: &'static str }

impl Shape for Sad2Lanes8 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, src2, saturate, emask) = (self.op, self.src2, self.saturate, self.emask);
        let (literal, want, undefined) = (self.literal, self.want, self.undefined);
        let d = &why(d, self.case, self.note);
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
        let row = Row::new(super::SAD2_ON, text)
            .var("R", le16(&[0xbeef; 4]))
            .var("S0", vec![4, 6, 14, 16])
            .emask(emask)
            .expect_pattern("R", pattern);
        let row = if literal { row.literal(errata::SAD2_LOOP_STEP) } else { row.tag(errata::SAD2_LOOP_STEP) };
        rows.add("four-lanes", row.derived(d));
    }
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
#[rustfmt::skip]
pub fn div_mod_int_cases(rows: &mut Rows, op: &str) {
    let d = "DIV and MOD on integers (DIV.md Notes: the quotient truncates toward zero, the remainder has the numerator's sign).";
    div_mod_int(rows, &why(d, "pos_pos", ""), op, D, (7, 2), (3, 1));
    div_mod_int(rows, &why(d, "neg_pos", "-7 / 2 = -3 r -1"), op, D, (0xFFFF_FFF9, 2), (0xFFFF_FFFD, 0xFFFF_FFFF));
    div_mod_int(rows, &why(d, "pos_neg", "7 / -2 = -3 r 1"), op, D, (7, 0xFFFF_FFFE), (0xFFFF_FFFD, 1));
    div_mod_int(rows, &why(d, "neg_neg", "-7 / -2 = 3 r -1"), op, D, (0xFFFF_FFF9, 0xFFFF_FFFE), (3, 0xFFFF_FFFF));
    div_mod_int(rows, &why(d, "int_min", "INT_MIN / -1 = 2^31: low 32 bits 0x80000000, remainder 0"), op, D, (0x8000_0000, 0xFFFF_FFFF), (0x8000_0000, 0));
    div_mod_int(rows, &why(d, "ud", "(2^32 - 1) / 10 = 429496729 r 5"), op, UD, (0xFFFF_FFFF, 10), (0x1999_9999, 5));
    div_mod_int(rows, &why(d, "b", "B: -128 / 3 = -42 (0xD6) r -2 (0xFE)"), op, B, (0x80, 3), (0xD6, 0xFE));
}
