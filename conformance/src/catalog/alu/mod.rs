//! The ALU family's catalogs, one module per instruction document.

pub mod add3;
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
pub mod min_max;
pub mod mod_;
pub mod mul;
pub mod mulh;
pub mod not;
pub mod or;
pub mod rol;
pub mod ror;
pub mod sel;
pub mod setp;
pub mod shl;
pub mod shr;
pub mod xor;

use visa_spec::platform::Platform;
use visa_spec::ErrorClass;

use crate::catalog::build::{self as super_build, form, lane};
use crate::catalog::{Row, Rows};

/// Declarations the validation rows of CMP, MIN_MAX and BFN write their forms against.
pub const DECLS: &str =
    ".decl VD v_type=G type=d num_elts=16\n.decl VUD v_type=G type=ud num_elts=16\n\
     .decl VF v_type=G type=f num_elts=16\n.decl VHF v_type=G type=hf num_elts=16\n\
     .decl VUW v_type=G type=uw num_elts=16\n.decl VQ v_type=G type=q num_elts=16\n\
     .decl P1 v_type=P num_elts=32\n";

/// One lane of `op` with %cr0 = `cr0`, as [`crate::catalog::build::lane`] builds it.
pub fn lane_cr0(
    op: &str,
    dst: &str,
    srcs: &[(&str, u64)],
    cr0: u32,
    expected: u64,
) -> crate::catalog::Row {
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

/// One lane of `op` ([`lane`]) expecting `expected`, in `group`.
pub fn one(
    rows: &mut Rows,
    group: &str,
    d: &str,
    op: &str,
    dst: &str,
    srcs: &[(&str, u64)],
    expected: u64,
) {
    rows.add(group, lane(op, dst, srcs, expected).derived(d));
}

/// One lane of `op` under each reading of `erratum`: `resolved`, then `literal`.
pub fn both(
    rows: &mut Rows,
    group: &str,
    d: &str,
    erratum: &str,
    op: &str,
    dst: &str,
    srcs: &[(&str, u64)],
    resolved: u64,
    literal: u64,
) {
    rows.add(group, lane(op, dst, srcs, resolved).tag(erratum).derived(d));
    rows.add(
        group,
        lane(op, dst, srcs, literal).literal(erratum).derived(d),
    );
}

/// A form after `decls` expecting `class` (`None`: valid).
pub fn form_row(
    rows: &mut Rows,
    group: &str,
    d: &str,
    decls: &str,
    text: &str,
    class: Option<ErrorClass>,
) {
    rows.add(group, form(decls, text, class).derived(d));
}

/// A form after `decls` under each reading of `erratum`.
pub fn form_both(
    rows: &mut Rows,
    group: &str,
    d: &str,
    decls: &str,
    erratum: &str,
    text: &str,
    resolved: Option<ErrorClass>,
    literal: Option<ErrorClass>,
) {
    rows.add(group, form(decls, text, resolved).tag(erratum).derived(d));
    rows.add(
        group,
        form(decls, text, literal).literal(erratum).derived(d),
    );
}

/// SHL.sat under both readings of SHL-SAT-RANGE (`None`: undefined-behaviour), and SHL
/// without .sat under the literal reading, where the note does not apply: the shifted value
/// truncated to the destination, `(src0 << (src1 & 31)) mod 2^32`.
pub fn shl_sat_range(
    rows: &mut Rows,
    d: &str,
    dst: &str,
    srcs: &[(&str, u64)],
    literal: Option<u64>,
    resolved: u64,
) {
    let erratum = visa_spec::errata::SHL_SAT_RANGE;
    rows.add(
        "sat-range",
        lane("shl.sat", dst, srcs, resolved).tag(erratum).derived(d),
    );
    let row = match literal {
        Some(v) => lane("shl.sat", dst, srcs, v),
        None => lane("shl.sat", dst, srcs, 0).expect_error(ErrorClass::UndefinedBehaviour),
    };
    rows.add("sat-range", row.literal(erratum).derived(d));
    let (value, count) = (srcs[0].1, srcs[1].1 & 31);
    let truncated = (value << count) & 0xffff_ffff;
    let why = format!("{d} Without .sat the note does not apply: the literal reading truncates like the resolved: ({value:#x} << {count}) mod 2^32 = {truncated:#x}.");
    rows.add(
        "sat-range",
        lane("shl", dst, srcs, truncated)
            .literal(erratum)
            .derived(&why),
    );
}

/// LZD of a UD value, and LZD.sat (LZD-SAT resolved: .sat is accepted and cannot change a
/// count of at most 32).
pub fn lzd(rows: &mut Rows, d: &str, value: u64, expected: u64) {
    rows.add(
        "values",
        lane("lzd", "ud", &[("ud", value)], expected).derived(d),
    );
    let why =
        format!("{d} LZD-SAT resolved: .sat is accepted and cannot change a count of at most 32.");
    rows.add(
        "values",
        lane("lzd.sat", "ud", &[("ud", value)], expected).derived(&why),
    );
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

/// One lane of `op` with %cr0 = `cr0`, expecting `expected`.
pub fn one_cr0(
    rows: &mut Rows,
    group: &str,
    d: &str,
    op: &str,
    dst: &str,
    srcs: &[(&str, u64)],
    cr0: u32,
    expected: u64,
) {
    rows.add(group, lane(op, dst, srcs, expected).cr0(cr0).derived(d));
}

/// One lane of `op` with %cr0 = `cr0` under each reading of `erratum`.
pub fn both_cr0(
    rows: &mut Rows,
    group: &str,
    d: &str,
    erratum: &str,
    op: &str,
    dst: &str,
    srcs: &[(&str, u64)],
    cr0: u32,
    resolved: u64,
    literal: u64,
) {
    rows.add(
        group,
        lane(op, dst, srcs, resolved)
            .cr0(cr0)
            .tag(erratum)
            .derived(d),
    );
    rows.add(
        group,
        lane(op, dst, srcs, literal)
            .cr0(cr0)
            .literal(erratum)
            .derived(d),
    );
}

/// A form on `platform` after `decls`, expecting `class` (`None`: valid).
pub fn form_on(
    rows: &mut Rows,
    group: &str,
    d: &str,
    platform: Platform,
    decls: &str,
    text: &str,
    class: Option<ErrorClass>,
) {
    let row = Row::new(platform, format!("{decls}{text}\n")).expect_validation(class);
    rows.add(group, row.derived(d));
}

/// DIV-BY-ZERO on `op` with src0 `s0` and a zero of its type: resolved, the lane is
/// undefined (any bytes: a vector cannot tell which); literal, undefined-behaviour.
pub fn by_zero(rows: &mut Rows, d: &str, op: &str, dst: &str, s0: (&str, u64)) {
    let erratum = visa_spec::errata::DIV_BY_ZERO;
    let srcs = [s0, (s0.0, 0)];
    let program = super_build::lane_program(Platform::XeHpg, op, dst, &srcs);
    let (row, ty) = super_build::ty(program, dst);
    let row = row
        .expect_undefined("V1", ty.size())
        .tag(erratum)
        .derived(d);
    rows.add("by-zero", row);
    let row = lane(op, dst, &srcs, 0).expect_error(ErrorClass::UndefinedBehaviour);
    rows.add("by-zero", row.literal(erratum).derived(d));
}

/// MUL-PLATFORM-NOTES: the form is valid under the resolved reading; the literal reading
/// rejects it where `literal_rejects`.
pub fn platform_notes(
    rows: &mut Rows,
    d: &str,
    platform: Platform,
    text: &str,
    literal_rejects: bool,
) {
    let erratum = visa_spec::errata::MUL_PLATFORM_NOTES;
    let row =
        |class| Row::new(platform, format!("{MULDIV_DECLS}{text}\n")).expect_validation(class);
    rows.add("platform-notes", row(None).tag(erratum).derived(d));
    let literal = literal_rejects.then_some(ErrorClass::InvalidInstruction);
    rows.add("platform-notes", row(literal).literal(erratum).derived(d));
}
