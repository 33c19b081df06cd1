//! The ALU family's catalogs, one module per instruction document.

pub mod add;
pub mod add3;
pub mod add3o;
pub mod addc;
pub mod addr_add;
pub mod and;
pub mod asr;
pub mod avg;
pub mod bfe;
pub mod bfi;
pub mod bfn;
pub mod bfrev;
pub mod cbit;
pub mod cmp;
pub mod div;
pub mod fbh;
pub mod fbl;
pub mod lzd;
pub mod mad;
pub mod madw;
pub mod min_max;
pub mod mod_;
pub mod mov;
pub mod movs;
pub mod mul;
pub mod mulh;
pub mod not;
pub mod operands;
pub mod or;
pub mod regions;
pub mod rol;
pub mod ror;
pub mod sad2;
pub mod sad2add;
pub mod sel;
pub mod setp;
pub mod shl;
pub mod shr;
pub mod simd;
pub mod subb;
pub mod xor;

use visa_model::platform::Platform;
use visa_model::types::DataType;
use visa_model::ErrorClass;

use crate::catalog::build::{self as super_build, form, lane, le16, le32};
use crate::catalog::doc::Rows;
use crate::catalog::row::Row;

/// Rows that share one derivation, in a table of one row shape.
#[derive(Debug)]
pub struct Group<R: 'static> {
    pub d: &'static str,
    pub rows: &'static [R],
}

/// A table row whose builder names the rows' group itself.
pub trait Shape {
    fn add(&self, rows: &mut Rows, d: &str);
}

/// A table row added to the group its table's caller names.
pub trait GroupedShape {
    fn add(&self, rows: &mut Rows, group: &str, d: &str);
}

/// Adds every row of `groups`, in order, each with its group's derivation.
pub fn table<R: Shape>(rows: &mut Rows, groups: &[Group<R>]) {
    for g in groups {
        for row in g.rows {
            row.add(rows, g.d);
        }
    }
}

/// Adds every row of `groups` to `group`, in order, each with its group's derivation.
pub fn grouped<R: GroupedShape>(rows: &mut Rows, group: &str, groups: &[Group<R>]) {
    for g in groups {
        for row in g.rows {
            row.add(rows, group, g.d);
        }
    }
}

/// Declarations the validation rows of CMP, MIN_MAX and BFN write their forms against.
pub const DECLS: &str =
    ".decl VD v_type=G type=d num_elts=16\n.decl VUD v_type=G type=ud num_elts=16\n\
     .decl VF v_type=G type=f num_elts=16\n.decl VHF v_type=G type=hf num_elts=16\n\
     .decl VUW v_type=G type=uw num_elts=16\n.decl VQ v_type=G type=q num_elts=16\n\
     .decl P1 v_type=P num_elts=32\n";

/// One lane of `op` with %cr0 = `cr0`, as [`crate::catalog::build::lane`] builds it.
#[rustfmt::skip]
pub fn lane_cr0(op: &str, dst: &str, srcs: &[(&str, u64)], cr0: u32, expected: u64) -> crate::catalog::row::Row {
    crate::catalog::build::lane(op, dst, srcs, expected).cr0(cr0)
}

/// What FBH and FBL write when no bit is found.
pub const NONE: u64 = 0xffff_ffff;

/// Declarations the forms of ADD3, AVG, MULH, the logic instructions and the shifts are
/// written against.
pub const ARITH_DECLS: &str =
    ".decl VD v_type=G type=d num_elts=16\n.decl VUD v_type=G type=ud num_elts=16\n\
     .decl VUW v_type=G type=uw num_elts=16\n.decl VB v_type=G type=b num_elts=16\n\
     .decl VQ v_type=G type=q num_elts=16\n";

/// Declarations the forms of the bit instructions are written against.
pub const BITS_DECLS: &str =
    ".decl VD v_type=G type=d num_elts=16\n.decl VUD v_type=G type=ud num_elts=16\n\
     .decl VUW v_type=G type=uw num_elts=16\n.decl VW v_type=G type=w num_elts=16\n\
     .decl VQ v_type=G type=q num_elts=16\n";

/// One lane of `op` ([`lane`]) expecting `want`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct Lane { pub op: &'static str, pub dst: &'static str, pub srcs: &'static [(&'static str, u64)], pub want: u64 }

impl GroupedShape for Lane {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        rows.add(group, lane(self.op, self.dst, self.srcs, self.want).derived(d));
    }
}

/// One lane of `op` under each reading of `erratum`: `resolved`, then `literal`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct LaneReadings { pub erratum: &'static str, pub op: &'static str, pub dst: &'static str,
    pub srcs: &'static [(&'static str, u64)], pub resolved: u64, pub literal: u64 }

impl GroupedShape for LaneReadings {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        let &LaneReadings { erratum, op, dst, srcs, resolved, literal } = self;
        rows.add(group, lane(op, dst, srcs, resolved).tag(erratum).derived(d));
        rows.add(group, lane(op, dst, srcs, literal).literal(erratum).derived(d));
    }
}

/// A form after `decls` expecting `class` (`None`: valid).
#[rustfmt::skip]
pub fn form_row(rows: &mut Rows, group: &str, d: &str, decls: &str, text: &str, class: Option<ErrorClass>) {
    rows.add(group, form(decls, text, class).derived(d));
}

/// A row of [`form_row`]'s tables.
#[derive(Debug)]
#[rustfmt::skip]
pub struct Form { pub decls: &'static str, pub text: &'static str, pub class: Option<ErrorClass> }

impl GroupedShape for Form {
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        form_row(rows, group, d, self.decls, self.text, self.class);
    }
}

/// A form after `decls` under each reading of `erratum`.
#[rustfmt::skip]
pub fn form_both(rows: &mut Rows, group: &str, d: &str, decls: &str, erratum: &str, text: &str, (resolved, literal): (Option<ErrorClass>, Option<ErrorClass>)) {
    rows.add(group, form(decls, text, resolved).tag(erratum).derived(d));
    rows.add(group, form(decls, text, literal).literal(erratum).derived(d));
}

/// A row of [`form_both`]'s tables.
#[derive(Debug)]
#[rustfmt::skip]
pub struct FormReadings { pub decls: &'static str, pub erratum: &'static str, pub text: &'static str, pub resolved: Option<ErrorClass>, pub literal: Option<ErrorClass> }

impl GroupedShape for FormReadings {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        form_both(rows, group, d, self.decls, self.erratum, self.text, (self.resolved, self.literal));
    }
}

/// SHL.sat under both readings of SHL-SAT-RANGE (`None`: undefined-behaviour), and SHL
/// without .sat under the literal reading, where the note does not apply: the shifted value
/// truncated to the destination, `(src0 << (src1 & 31)) mod 2^32`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct ShlSatRange { pub dst: &'static str, pub srcs: &'static [(&'static str, u64)], pub literal: Option<u64>, pub resolved: u64 }

impl Shape for ShlSatRange {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (dst, srcs, literal, resolved) = (self.dst, self.srcs, self.literal, self.resolved);
        let erratum = visa_model::errata::SHL_SAT_RANGE;
        rows.add("sat-range", lane("shl.sat", dst, srcs, resolved).tag(erratum).derived(d));
        let row = match literal {
            Some(v) => lane("shl.sat", dst, srcs, v),
            None => lane("shl.sat", dst, srcs, 0).expect_error(ErrorClass::UndefinedBehaviour),
        };
        rows.add("sat-range", row.literal(erratum).derived(d));
        let (value, count) = (srcs[0].1, srcs[1].1 & 31);
        let truncated = (value << count) & 0xffff_ffff;
        let why = format!("{d} Without .sat the note does not apply: the literal reading truncates like the resolved: ({value:#x} << {count}) mod 2^32 = {truncated:#x}.");
        rows.add("sat-range", lane("shl", dst, srcs, truncated).literal(erratum).derived(&why));
    }
}

/// LZD of a UD value, and LZD.sat (LZD-SAT resolved: .sat is accepted and cannot change a
/// count of at most 32).
#[derive(Debug)]
#[rustfmt::skip]
pub struct LzdSat { pub value: u64, pub want: u64 }

impl Shape for LzdSat {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (value, expected) = (self.value, self.want);
        rows.add("values", lane("lzd", "ud", &[("ud", value)], expected).derived(d));
        let why = format!("{d} LZD-SAT resolved: .sat is accepted and cannot change a count of at most 32.");
        rows.add("values", lane("lzd.sat", "ud", &[("ud", value)], expected).derived(&why));
    }
}

// %cr0 fields (4_visa_header.md, V14(%cr0)): rounding mode (bits 4..5), ALT mode (bit 0),
// denormal modes (bit 6 DF, 7 F, 10 HF: keep instead of flush).
pub const RTNE: u32 = 0b00 << 4;
pub const RU: u32 = 0b01 << 4;
pub const RD: u32 = 0b10 << 4;
pub const RTZ: u32 = 0b11 << 4;
pub const ALT: u32 = 1 << 0;
pub const KEEP_DF: u32 = 1 << 6;
pub const KEEP_F: u32 = 1 << 7;
pub const KEEP_HF: u32 = 1 << 10;
pub const KEEP_ALL: u32 = KEEP_DF | KEEP_F | KEEP_HF;

/// Declarations the forms of MUL, MAD, DIV and MOD are written against.
pub const MULDIV_DECLS: &str =
    ".decl VD v_type=G type=d num_elts=16\n.decl VQ v_type=G type=q num_elts=16\n\
     .decl VB v_type=G type=b num_elts=16\n.decl VF v_type=G type=f num_elts=16\n\
     .decl VBF v_type=G type=bf num_elts=16\n.decl VDF v_type=G type=df num_elts=16\n";

/// One lane of `op` with %cr0 = `cr0`, expecting `want`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct LaneCr0 { pub op: &'static str, pub dst: &'static str, pub srcs: &'static [(&'static str, u64)], pub cr0: u32, pub want: u64 }

impl GroupedShape for LaneCr0 {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        rows.add(group, lane(self.op, self.dst, self.srcs, self.want).cr0(self.cr0).derived(d));
    }
}

/// One lane of `op` with %cr0 = `cr0` under each reading of `erratum`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct LaneCr0Readings { pub erratum: &'static str, pub op: &'static str, pub dst: &'static str,
    pub srcs: &'static [(&'static str, u64)], pub cr0: u32, pub resolved: u64, pub literal: u64 }

impl GroupedShape for LaneCr0Readings {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        let &LaneCr0Readings { erratum, op, dst, srcs, cr0, resolved, literal } = self;
        rows.add(group, lane(op, dst, srcs, resolved).cr0(cr0).tag(erratum).derived(d));
        rows.add(group, lane(op, dst, srcs, literal).cr0(cr0).literal(erratum).derived(d));
    }
}

/// A form on `platform` after `decls`, expecting `class` (`None`: valid).
#[rustfmt::skip]
pub fn form_on(rows: &mut Rows, group: &str, d: &str, platform: Platform, decls: &str, text: &str, class: Option<ErrorClass>) {
    let row = Row::new(platform, format!("{decls}{text}\n")).expect_validation(class);
    rows.add(group, row.derived(d));
}

/// A row of [`form_on`]'s tables.
#[derive(Debug)]
#[rustfmt::skip]
pub struct FormOn { pub platform: Platform, pub decls: &'static str, pub text: &'static str, pub class: Option<ErrorClass> }

impl GroupedShape for FormOn {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        form_on(rows, group, d, self.platform, self.decls, self.text, self.class);
    }
}

/// DIV-BY-ZERO on `op` with src0 `s0` and a zero of its type: resolved, the lane is
/// undefined (any bytes: a vector cannot tell which); literal, undefined-behaviour.
#[derive(Debug)]
#[rustfmt::skip]
pub struct ByZero { pub op: &'static str, pub dst: &'static str, pub s0: (&'static str, u64) }

impl Shape for ByZero {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, dst, s0) = (self.op, self.dst, self.s0);
        let erratum = visa_model::errata::DIV_BY_ZERO;
        let srcs = [s0, (s0.0, 0)];
        let program = super_build::lane_program(Platform::XeHpg, op, dst, &srcs);
        let (row, ty) = super_build::ty(program, dst);
        let row = row .expect_undefined("V1", ty.size()).tag(erratum).derived(d);
        rows.add("by-zero", row);
        let row = lane(op, dst, &srcs, 0).expect_error(ErrorClass::UndefinedBehaviour);
        rows.add("by-zero", row.literal(erratum).derived(d));
    }
}

/// MUL-PLATFORM-NOTES: the form is valid under the resolved reading; the literal reading
/// rejects it where `literal_rejects`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct PlatformNotes { pub platform: Platform, pub text: &'static str, pub literal_rejects: bool }

impl Shape for PlatformNotes {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (platform, text, literal_rejects) = (self.platform, self.text, self.literal_rejects);
        let erratum = visa_model::errata::MUL_PLATFORM_NOTES;
        let row = |class| Row::new(platform, format!("{MULDIV_DECLS}{text}\n")).expect_validation(class);
        rows.add("platform-notes", row(None).tag(erratum).derived(d));
        let literal = literal_rejects.then_some(ErrorClass::InvalidInstruction);
        rows.add("platform-notes", row(literal).literal(erratum).derived(d));
    }
}

/// The platform most rows run on.
pub const HPG: Platform = Platform::XeHpg;

/// SAD2 and SAD2ADD rows run on gen9, which has them under both readings of SAD2-PLATFORMS.
pub const SAD2_ON: Platform = Platform::Gen9;

/// `add[.sat] (M1, 1) V1(0,0)<1> <modifier>V2(0,0)<0;1,0> <imm>` on D, V2 = `src0`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct AddD { pub modifier: &'static str, pub sat: bool, pub src0: u32, pub imm: &'static str, pub want: u32 }

impl Shape for AddD {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (modifier, sat, src0, imm) = (self.modifier, self.sat, self.src0, self.imm);
        let expected = self.want;
        let sat = if sat { ".sat" } else { "" };
        let text = format!(
            ".decl V1 v_type=G type=d num_elts=1\n.decl V2 v_type=G type=d num_elts=1\n\
             add{sat} (M1, 1) V1(0,0)<1> {modifier}V2(0,0)<0;1,0> {imm}\n"
        );
        let row = Row::new(HPG, text).var("V2", le32(&[src0])).expect_lane("V1", DataType::D, u64::from(expected));
        rows.add("modifiers", row.derived(d));
    }
}

/// One-lane integer ADD: `add[.sat] (M1, 1) V1 V2(0,0)<0;1,0> <imm>`, V1 of `dst_ty`, V2 of
/// `src_ty` holding `src0`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct AddInteger { pub dst_ty: &'static str, pub src_ty: &'static str, pub src0: u32, pub imm: &'static str, pub sat: bool, pub want: u32 }

impl Shape for AddInteger {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (dst_ty, src_ty, src0, imm) = (self.dst_ty, self.src_ty, self.src0, self.imm);
        let (sat, expected) = (self.sat, self.want);
        let sat = if sat { ".sat" } else { "" };
        let text = format!(
            ".decl V1 v_type=G type={dst_ty} num_elts=1\n.decl V2 v_type=G type={src_ty} num_elts=1\n\
             add{sat} (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> {imm}\n"
        );
        let (row, src) = super_build::ty(Row::new(HPG, text), src_ty);
        let (row, dst) = super_build::ty(row, dst_ty);
        let row = row .var("V2", src0.to_le_bytes()[..src.size()].to_vec()).expect_lane("V1", dst, u64::from(expected));
        rows.add("integer", row.derived(d));
    }
}

/// `add[.sat] (M1, 1) V1 V2(0,0)<0;1,0> 0x<b>:f` on F with V2 = `a`, %cr0 = `cr0`, and
/// `literal` at its literal reading.
pub fn add_f(a: u32, b: u32, cr0: u32, sat: bool, literal: Option<&str>, expected: u32) -> Row {
    let sat = if sat { ".sat" } else { "" };
    let text = format!(
        ".decl V1 v_type=G type=f num_elts=1\n.decl V2 v_type=G type=f num_elts=1\n\
         add{sat} (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> 0x{b:x}:f\n"
    );
    let row = Row::new(HPG, text)
        .var("V2", le32(&[a]))
        .cr0(cr0)
        .expect_lane("V1", DataType::F, u64::from(expected));
    match literal {
        Some(id) => row.literal(id),
        None => row,
    }
}

/// A row of [`add_f`]'s tables.
#[derive(Debug)]
#[rustfmt::skip]
pub struct AddF { pub a: u32, pub b: u32, pub cr0: u32, pub sat: bool, pub literal: Option<&'static str>, pub want: u32 }

impl GroupedShape for AddF {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        rows.add(group, add_f(self.a, self.b, self.cr0, self.sat, self.literal, self.want).derived(d));
    }
}

/// One-lane MOV from V2 of `src_ty` holding `src` to V1 of `dst_ty`.
pub fn mov(dst_ty: &str, src_ty: &str, src: u64, sat: bool, cr0: u32, expected: u64) -> Row {
    let sat = if sat { ".sat" } else { "" };
    let text = format!(
        ".decl V1 v_type=G type={dst_ty} num_elts=1\n.decl V2 v_type=G type={src_ty} num_elts=1\n\
         mov{sat} (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>\n"
    );
    let (row, src_t) = super_build::ty(Row::new(HPG, text), src_ty);
    let (row, dst_t) = super_build::ty(row, dst_ty);
    row.var("V2", src.to_le_bytes()[..src_t.size()].to_vec())
        .cr0(cr0)
        .expect_lane("V1", dst_t, expected)
}

/// A row of [`mov()`]'s tables.
#[derive(Debug)]
#[rustfmt::skip]
pub struct Mov { pub dst_ty: &'static str, pub src_ty: &'static str, pub src: u64, pub sat: bool, pub cr0: u32, pub want: u64 }

impl GroupedShape for Mov {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        rows.add(group, mov(self.dst_ty, self.src_ty, self.src, self.sat, self.cr0, self.want).derived(d));
    }
}

/// V1: 16 D, V2: 32 D; the region rows run one MOV with V2 = 0, 1, ..., 31.
pub const SRC16: &str =
    ".decl V1 v_type=G type=d num_elts=16\n.decl V2 v_type=G type=d num_elts=32\n";

/// `insn` after [`SRC16`] with V2 = 0..31, expecting V1 to start with `prefix` and hold 0
/// after it.
pub fn region(platform: Platform, insn: &str, prefix: &[u32]) -> Row {
    let src: Vec<u32> = (0..32).collect();
    let mut want = vec![0u64; 16];
    for (w, p) in want.iter_mut().zip(prefix) {
        *w = u64::from(*p);
    }
    Row::new(platform, format!("{SRC16}{insn}\n"))
        .var("V2", le32(&src))
        .expect_lanes("V1", DataType::D, &want)
}

/// A row of [`region`]'s tables.
#[derive(Debug)]
#[rustfmt::skip]
pub struct Region { pub platform: Platform, pub insn: &'static str, pub prefix: &'static [u32] }

impl GroupedShape for Region {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        rows.add(group, region(self.platform, self.insn, self.prefix).derived(d));
    }
}

/// `<pred> mov (<mask>, 8) V1(0,0)<1> 0x1:d` with P1 = `p1` and EM = `emask`: V1 holds 1 in
/// the channels of `lanes`, 0 elsewhere.
#[derive(Debug)]
#[rustfmt::skip]
pub struct Predication { pub pred: &'static str, pub mask: &'static str, pub emask: u32, pub p1: u32, pub lanes: u32 }

impl Shape for Predication {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (pred, mask, emask, p1) = (self.pred, self.mask, self.emask, self.p1);
        let lanes = self.lanes;
        let text = format!(
            ".decl V1 v_type=G type=d num_elts=8\n.decl P1 v_type=P num_elts=32\n\
             {pred} mov ({mask}, 8) V1(0,0)<1> 0x1:d\n"
        );
        let want: Vec<u64> = (0..8).map(|i| u64::from(lanes >> i & 1)).collect();
        let row = Row::new(HPG, text).pred("P1", p1).emask(emask).expect_lanes("V1", DataType::D, &want);
        rows.add("predication", row.derived(d));
    }
}

/// What a destination element holds before the carry-family rows run: it shows which bytes
/// were written.
pub const OLD: u32 = 0xDEAD_BEEF;

/// `op (M1, 1) V1 C1 V2 V3` on UD one-element variables, V1 and C1 starting at OLD, V2 = `a`,
/// V3 = `b`: expects V1 = `result` and C1 = `carry`.
pub fn two_results(platform: Platform, op: &str, a: u32, b: u32, result: u32, carry: u32) -> Row {
    let text = format!(
        ".decl V1 v_type=G type=ud num_elts=1\n.decl C1 v_type=G type=ud num_elts=1\n\
         .decl V2 v_type=G type=ud num_elts=1\n.decl V3 v_type=G type=ud num_elts=1\n\
         {op} (M1, 1) V1(0,0)<1> C1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<0;1,0>\n"
    );
    Row::new(platform, text)
        .var("V1", le32(&[OLD]))
        .var("C1", le32(&[OLD]))
        .var("V2", le32(&[a]))
        .var("V3", le32(&[b]))
        .expect_lane("V1", DataType::UD, result.into())
        .expect_lane("C1", DataType::UD, carry.into())
}

/// `[pred] op (M1, 4) V1 C1 V2 V3` with four-lane UD variables, V1 and C1 starting at OLD,
/// P1 = `mask`; expects nothing yet.
pub fn four_lanes(pred: &str, op: &str, a: [u32; 4], b: [u32; 4], mask: u32) -> Row {
    let text = format!(
        ".decl V1 v_type=G type=ud num_elts=4\n.decl C1 v_type=G type=ud num_elts=4\n\
         .decl V2 v_type=G type=ud num_elts=4\n.decl V3 v_type=G type=ud num_elts=4\n\
         .decl P1 v_type=P num_elts=4\n\
         {pred}{op} (M1, 4) V1(0,0)<1> C1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n"
    );
    Row::new(HPG, text)
        .var("V1", le32(&[OLD; 4]))
        .var("C1", le32(&[OLD; 4]))
        .var("V2", le32(&a))
        .var("V3", le32(&b))
        .pred("P1", mask)
}

/// A SAD2 or SAD2ADD form the documents refuse: `text` after word and byte declarations,
/// invalid-instruction.
#[derive(Debug)]
pub struct Sad2Invalid {
    pub text: &'static str,
}

impl Shape for Sad2Invalid {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let decls = ".decl VW v_type=G type=w num_elts=16\n.decl VB v_type=G type=b num_elts=32\n";
        let row = Row::new(SAD2_ON, format!("{decls}{}\n", self.text)).expect_error(ErrorClass::InvalidInstruction);
        rows.add("invalid", row.derived(d));
    }
}

/// A row of SAD2's and SAD2ADD's value tables: one pair of lanes ([`sad2_pair`]).
#[derive(Debug)]
#[rustfmt::skip]
pub struct Sad2 { pub op: &'static str, pub dst: &'static str, pub src: (&'static str, [u8; 2], [u8; 2]), pub src2: Option<(&'static str, u16)>, pub want: u16 }

impl Shape for Sad2 {
    fn add(&self, rows: &mut Rows, d: &str) {
        rows.add(
            "values",
            sad2_pair(self.op, self.dst, self.src, self.src2, self.want).derived(d),
        );
    }
}

/// `op (M1, 2) V1:dst V2 V3 [V4]`: V2 and V3 hold one pair of `src_ty` bytes, V4 one `w_ty`
/// word, V1 starts at 0xBEEF: expects lane 0 = `expected` and lane 1 undefined
/// (dst[i+1] = undefined: any bytes).
#[rustfmt::skip]
pub fn sad2_pair(op: &str, dst: &str, src: (&str, [u8; 2], [u8; 2]), src2: Option<(&str, u16)>, expected: u16) -> Row {
    let (src_ty, a, b) = src;
    let (modifier, src_ty) = super_build::split_modifier(src_ty);
    let mut text = format!(
        ".decl V1 v_type=G type={dst} num_elts=2\n.decl V2 v_type=G type={src_ty} num_elts=2\n\
         .decl V3 v_type=G type={src_ty} num_elts=2\n"
    );
    let mut third = String::new();
    if let Some((ty, _)) = src2 {
        text.push_str(&format!(".decl V4 v_type=G type={ty} num_elts=1\n"));
        third = " V4(0,0)<0;1,0>".to_string();
    }
    text.push_str(&format!(
        "{op} (M1, 2) V1(0,0)<1> {modifier}V2(0,0)<1;1,0> V3(0,0)<1;1,0>{third}\n"
    ));
    let mut row = Row::new(SAD2_ON, text)
        .var("V1", le16(&[0xbeef, 0xbeef]))
        .var("V2", a.to_vec())
        .var("V3", b.to_vec());
    if let Some((_, v)) = src2 {
        row = row.var("V4", le16(&[v]));
    }
    let [lo, hi] = expected.to_le_bytes();
    row.expect_pattern("V1", vec![Some(lo), Some(hi), None, None])
}

/// The predicate operands of the logic rows.
pub const PREDS: &str =
    ".decl P1 v_type=P num_elts=32\n.decl P2 v_type=P num_elts=32\n.decl P3 v_type=P num_elts=32\n";

/// Bytes written as lowercase hex pairs (the rows' expected storage); a mistake is recorded
/// on the row.
fn hex(row: Row, text: &str) -> (Row, Vec<u8>) {
    let parsed: Option<Vec<u8>> = (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|b| u8::from_str_radix(b, 16).ok())
        })
        .collect();
    match parsed {
        Some(bytes) if text.len().is_multiple_of(2) => (row, bytes),
        _ => (row.fault(format!("`{text}` is not hex bytes")), Vec::new()),
    }
}

/// The predicate-operand form of AND, OR, XOR and NOT: `insn` after [`PREDS`] with P1, P2,
/// P3 and EM given, expecting P1 = `want`.
#[derive(Debug)]
#[rustfmt::skip]
pub struct PredicateOperands { pub insn: &'static str, pub p1: u32, pub p2: u32, pub p3: u32, pub emask: u32, pub want: u32 }

impl Shape for PredicateOperands {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let &PredicateOperands { insn, p1, p2, p3, emask, want } = self;
        let row = Row::new(HPG, format!("{PREDS}{insn}\n")).pred("P1", p1).pred("P2", p2).pred("P3", p3).emask(emask).expect_pred("P1", want);
        rows.add("predicates", row.derived(d));
    }
}

/// An invalid predicate-operand form: `decls` and `insn` after [`PREDS`].
#[rustfmt::skip]
pub fn invalid_predicate_forms(rows: &mut Rows, d: &str, decls: &str, insn: &str) {
    let row = Row::new(HPG, format!("{PREDS}{decls}{insn}\n")).expect_error(ErrorClass::InvalidInstruction);
    rows.add("predicates", row.derived(d));
}

/// A row of [`invalid_predicate_forms`]'s tables.
#[derive(Debug)]
#[rustfmt::skip]
pub struct InvalidPredicateForms { pub decls: &'static str, pub insn: &'static str }

impl Shape for InvalidPredicateForms {
    fn add(&self, rows: &mut Rows, d: &str) {
        invalid_predicate_forms(rows, d, self.decls, self.insn);
    }
}

/// The Q and UQ variables of the qword rows.
pub const QWORDS: &str = ".decl VQ v_type=G type=q num_elts=1\n.decl VU v_type=G type=uq num_elts=1\n.decl VR v_type=G type=q num_elts=1\n.decl VS v_type=G type=uq num_elts=1\n";

/// A Q/UQ form (QWORD-TYPEMAP-GAP resolved): VQ = VU = 0x0123456789ABCDEF, expecting `var`
/// to hold the storage `want`.
pub fn qword_forms(rows: &mut Rows, d: &str, insn: &str, var: &str, want: &str) {
    let row = Row::new(HPG, format!("{QWORDS}{insn}\n"))
        .var("VQ", vec![0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01])
        .var("VU", vec![0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01])
        .tag(visa_model::errata::QWORD_TYPEMAP_GAP);
    let (row, bytes) = hex(row, want);
    rows.add("qwords", row.expect_bytes(var, bytes).derived(d));
}

/// The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.
#[rustfmt::skip]
pub fn qword_forms_literal(rows: &mut Rows, d: &str, insn: &str) {
    let row = Row::new(HPG, format!("{QWORDS}{insn}\n"))
        .expect_error(ErrorClass::InvalidInstruction)
        .literal(visa_model::errata::QWORD_TYPEMAP_GAP);
    let why = format!("The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid. {d}");
    rows.add("qwords", row.derived(&why));
}

/// Unsigned rotation variables.
pub const ROTATES: &str = ".decl VUD v_type=G type=ud num_elts=1\n.decl VUW v_type=G type=uw num_elts=1\n.decl RUD v_type=G type=ud num_elts=1\n.decl RUW v_type=G type=uw num_elts=1\n";
/// Signed rotation variables.
pub const SIGNED_ROTATES: &str = ".decl SD v_type=G type=d num_elts=1\n.decl SW v_type=G type=w num_elts=1\n.decl RD v_type=G type=d num_elts=1\n.decl RW v_type=G type=w num_elts=1\n";

/// ROTATE-SIGNED-SHIFT: (resolved, literal) storage of `var`, with the errata `also` literal
/// in both; SD = 0x80000000, SW = 0x8002 (-32766).
#[rustfmt::skip]
pub fn rotate_signed_shift_both_readings(rows: &mut Rows, d: &str, insn: &str, var: &str, resolved: &str, literal: &str, also: &[&str]) {
    let why = format!("Erratum ROTATE-SIGNED-SHIFT: (resolved, literal) results, and with ROTATE-WIDTH literal too where src0 is narrower than the destination. SD = 0x80000000, SW = 0x8002 (-32766). {d}");
    let row = |want: &str| {
        let mut row = Row::new(HPG, format!("{SIGNED_ROTATES}{insn}\n"))
            .var("SD", vec![0, 0, 0, 0x80])
            .var("SW", vec![0x02, 0x80]);
        for id in also {
            row = row.literal(id);
        }
        let (row, bytes) = hex(row, want);
        row.expect_bytes(var, bytes)
    };
    let erratum = visa_model::errata::ROTATE_SIGNED_SHIFT;
    rows.add("signed-shift", row(resolved).tag(erratum).derived(&why));
    rows.add("signed-shift", row(literal).literal(erratum).derived(&why));
}

/// A row of [`rotate_signed_shift_both_readings`]'s tables.
#[derive(Debug)]
#[rustfmt::skip]
pub struct RotateSignedShiftBothReadings { pub insn: &'static str, pub var: &'static str,
    pub resolved: &'static str, pub literal: &'static str, pub also: &'static [&'static str] }

impl Shape for RotateSignedShiftBothReadings {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        rotate_signed_shift_both_readings(rows, d, self.insn, self.var, self.resolved, self.literal, self.also);
    }
}

/// ROTATE-WIDTH literal: the document's expression with RotateMask = sizeof(src0)*8 - 1,
/// computed exactly, then the low destination bits written (VUD = 0x12345678, VUW =
/// 0x8001); resolved, src0 must have the destination's size.
#[rustfmt::skip]
pub fn rotate_width_literal(rows: &mut Rows, d: &str, insn: &str, var: &str, want: &str) {
    let why = format!("Erratum ROTATE-WIDTH, literal reading: the document's expression with RotateMask = sizeof(src0)*8 - 1 (instructions/ROL.md, ROR.md), computed exactly, then the low destination bits written; resolved: src0 must have the destination's size. {d}");
    let base = || { Row::new(HPG, format!("{ROTATES}{insn}\n")).var("VUD", vec![0x78, 0x56, 0x34, 0x12]).var("VUW", vec![0x01, 0x80]) };
    let erratum = visa_model::errata::ROTATE_WIDTH;
    let (row, bytes) = hex(base(), want);
    rows.add("width", row.expect_bytes(var, bytes).literal(erratum).derived(&why));
    let row = base().expect_error(ErrorClass::InvalidInstruction).tag(erratum);
    rows.add("width", row.derived(&why));
}

/// A row of [`rotate_width_literal`]'s tables.
#[derive(Debug)]
#[rustfmt::skip]
pub struct RotateWidthLiteral { pub insn: &'static str, pub var: &'static str, pub want: &'static str }

impl Shape for RotateWidthLiteral {
    fn add(&self, rows: &mut Rows, d: &str) {
        rotate_width_literal(rows, d, self.insn, self.var, self.want);
    }
}
