//! The math family's catalogs (issue 24), one module per instruction document: RNDD, RNDE,
//! RNDU, RNDZ, FRC, INV, LOG, EXP, SQRT, RSQRT, SIN, COS, POW, DIVM, SQRTM, INVM and RSQTM. F bit patterns
//! in the derivations are IEEE 754 binary32: sign, 8 exponent bits (bias 127), 23 fraction
//! bits.
//!
//! Every expected value is derived by hand from IEEE 754-2019 and the documents. Special
//! values (NaN, ±inf, ±0, negative arguments, denormals under each denorm mode) and exact
//! results (sqrt(4) = 2, log2(8) = 3, ...) hold for every conforming implementation. A row
//! whose exact result is not representable expects the correctly rounded value and carries
//! the tag [`STRICT`]: it holds under the strict (correctly rounded) accuracy contract only,
//! not under Intel's published accuracy for INV, LOG, EXP, SQRT, RSQRT, SIN, COS and POW.

pub mod cos;
pub mod divm;
pub mod exp;
// Issue 24, conversions (h24-fcvt).
pub mod fcvt;
mod fp8_rows;
pub mod frc;
pub mod inv;
pub mod invm;
pub mod log;
// Issue 24, LRP and PLN (h24-lrp).
pub mod lrp;
pub mod pln;
pub mod pow;
pub mod rndd;
pub mod rnde;
pub mod rndu;
pub mod rndz;
pub mod rsqrt;
pub mod rsqtm;
pub mod sin;
pub mod sqrt;
pub mod sqrtm;
pub mod srnd;

use visa_model::errata;
use visa_model::platform::Platform;
use visa_model::types::DataType;

pub use crate::catalog::build::How;
use crate::catalog::build::{lane_on, le16, le32, split_modifier, ty};
use crate::catalog::doc::Rows;
use crate::catalog::row::Row;

/// Declarations the validation rows of the rounding instructions are written against.
pub const DECLS: &str =
    ".decl VF v_type=G type=f num_elts=32\n.decl VHF v_type=G type=hf num_elts=16\n\
     .decl VDF v_type=G type=df num_elts=16\n.decl VD v_type=G type=d num_elts=16\n";

/// The platform rows of erratum RND-PLATFORM-APPENDIX for `mnemonic` (one source, F):
/// resolved, the instruction exists on every modelled platform; literal, only on gen9, gen11
/// and xe-lp (the appendix's SKL, ICLLP and TGLLP columns), and on the others validation
/// names the opcode.
#[rustfmt::skip]
pub fn platform_rows(rows: &mut Rows, mnemonic: &str) {
    let erratum = errata::RND_PLATFORM_APPENDIX;
    let text = format!("{DECLS}{mnemonic} (M1, 8) VF(0,0)<1> VF(1,0)<1;1,0>\n");
    for platform in Platform::ALL {
        let d = format!(
            "appendix_instruction_by_platform.md marks {} on TGLLP and names no later platform. Resolved: it exists on {} as on every modelled platform, and runs from the zeroed state.",
            mnemonic.to_uppercase(),
            platform.name()
        );
        rows.add("platforms", Row::new(platform, text.clone()).expect_validation(None).tag(erratum).derived(&d));
        let in_table = matches!(platform, Platform::Gen9 | Platform::Gen11 | Platform::XeLp);
        let literal = if in_table {
            Row::new(platform, text.clone()).expect_validation(None)
        } else {
            Row::new(platform, text.clone()).expect_invalid("opcode")
        };
        let d = format!(
            "Literal reading: only the table's platforms have {}; gen9, gen11 and xe-lp are its SKL, ICLLP and TGLLP, {} is {}.",
            mnemonic.to_uppercase(),
            platform.name(),
            if in_table { "in the table, so it runs" } else { "not in the table, so validation rejects the opcode" }
        );
        rows.add("platforms", literal.literal(erratum).derived(&d));
    }
}

/// The type-map rows shared by the rounding instructions: F to F is the one map; HF, DF and
/// integer operands are invalid-instruction (the type map names F alone; validation names
/// the destination for a type map that does not hold, as for every ALU form).
#[rustfmt::skip]
pub fn type_rows(rows: &mut Rows, mnemonic: &str) {
    // `field`: the field an invalid form names (`None`: the form is valid).
    let form = |text: &str, field: Option<&str>, d: &str, rows: &mut Rows| {
        let row = Row::new(Platform::XeHpg, format!("{DECLS}{text}\n"));
        let row = match field {
            Some(field) => row.expect_invalid(field),
            None => row.expect_validation(None),
        };
        rows.add("types", row.derived(d));
    };
    form(&format!("{mnemonic} (M1, 16) VF(0,0)<1> VF(0,0)<1;1,0>"), None, "Dst F, Src F: the type map.", rows);
    form(&format!("{mnemonic} (M1, 1) VF(0,0)<1> 0x40200000:f"), None, "Src0's operand class includes immediate: an F immediate source.", rows);
    form(&format!("{mnemonic} (M1, 16) VHF(0,0)<1> VHF(0,0)<1;1,0>"), Some("dst"), "HF is not in the type map (Dst types: F, Src types: F).", rows);
    form(&format!("{mnemonic} (M1, 8) VDF(0,0)<1> VDF(0,0)<1;1,0>"), Some("dst"), "DF is not in the type map.", rows);
    form(&format!("{mnemonic} (M1, 8) VF(0,0)<1> VD(0,0)<1;1,0>"), Some("dst"), "A D source: not in the type map (Src types: F).", rows);
    form(&format!("{mnemonic} (M1, 8) VD(0,0)<1> VF(0,0)<1;1,0>"), Some("dst"), "A D destination: not in the type map (Dst types: F).", rows);
}

/// The tag of a row expecting a correctly rounded value that is not exact: a strict
/// expectation (the correctly rounded contract), which an approximation within Intel's
/// published accuracy may fail.
pub const STRICT: &str = "strict-correctly-rounded";

pub use crate::catalog::alu::{ALT, KEEP_DF, KEEP_F, KEEP_HF, RD, RTNE, RTZ, RU};

/// F bits of some values the rows use.
pub const F_ZERO: u64 = 0x0000_0000;
pub const F_NZERO: u64 = 0x8000_0000;
pub const F_INF: u64 = 0x7f80_0000;
pub const F_NINF: u64 = 0xff80_0000;
pub const F_NAN: u64 = 0x7fc0_0000;
pub const F_ONE: u64 = 0x3f80_0000;
pub const F_MAX: u64 = 0x7f7f_ffff;
/// HF bits.
pub const H_ZERO: u64 = 0x0000;
pub const H_NZERO: u64 = 0x8000;
pub const H_INF: u64 = 0x7c00;
pub const H_NINF: u64 = 0xfc00;
pub const H_NAN: u64 = 0x7e00;
pub const H_ONE: u64 = 0x3c00;

/// One lane of `op` on `platform` whose destination and sources all have type `ty`, under
/// %cr0 = `cr0`.
pub fn lane(platform: Platform, op: &str, ty: &str, srcs: &[u64], cr0: u32, expected: u64) -> Row {
    let specs: Vec<(&str, u64)> = srcs.iter().map(|v| (ty, *v)).collect();
    lane_on(platform, op, ty, &specs, expected).cr0(cr0)
}

/// One lane of a one-source F instruction on xe-hpg (RNDD, RNDE, RNDU, RNDZ, FRC), each row
/// with its derivation: `op` on the source `src` (`(type, bits)`; a modifier may precede the
/// type: `(-)f`) under %cr0 = `cr0`.
#[derive(Debug)]
#[rustfmt::skip]
pub enum Unary {
    /// Expecting `want`.
    One { g: &'static str, op: &'static str, src: (&'static str, u64), cr0: u32, want: u64, d: &'static str },
    /// Under each reading of `erratum`: `want` is (resolved, literal).
    Both { g: &'static str, op: &'static str, src: (&'static str, u64), cr0: u32, erratum: &'static str, want: (u64, u64), d: &'static str },
    /// A form after [`DECLS`] expecting an invalid-instruction error naming `field`.
    Invalid { g: &'static str, text: &'static str, field: &'static str, d: &'static str },
}

/// Adds the rows of `table`, in order.
#[rustfmt::skip]
pub fn unary(rows: &mut Rows, table: &[Unary]) {
    for row in table {
        match *row {
            Unary::One { g, op, src, cr0, want, d } => rows.add(g, lane_on(Platform::XeHpg, op, "f", &[src], want).cr0(cr0).derived(d)),
            Unary::Both { g, op, src, cr0, erratum, want: (resolved, literal), d } => {
                let row = |want| lane_on(Platform::XeHpg, op, "f", &[src], want).cr0(cr0);
                rows.add(g, row(resolved).tag(erratum).derived(d));
                rows.add(g, row(literal).literal(erratum).derived(d));
            }
            Unary::Invalid { g, text, field, d } => {
                let row = Row::new(Platform::XeHpg, format!("{DECLS}{text}\n"));
                rows.add(g, row.expect_invalid(field).derived(d));
            }
        }
    }
}

/// Rows that share a group and a derivation.
#[derive(Debug)]
pub struct Group {
    pub g: &'static str,
    pub d: &'static str,
    pub rows: &'static [Lane],
}

/// One lane of a math instruction whose destination and sources all have type `ty` (`f`,
/// `hf`, `df`), on xe-hpg unless said, under %cr0 = `cr0`, expecting `want`.
#[derive(Debug)]
#[rustfmt::skip]
pub enum Lane {
    /// An F row and an HF row, each `(sources, want)`, on every modelled platform: the type
    /// maps of the math documents hold on every platform.
    Fh { op: &'static str, f: (&'static [u64], u64), h: (&'static [u64], u64), cr0: u32 },
    /// One lane.
    One { ty: &'static str, op: &'static str, src: &'static [u64], cr0: u32, want: u64 },
    /// One lane expecting a correctly rounded inexact value ([`STRICT`]).
    Strict { ty: &'static str, op: &'static str, src: &'static [u64], cr0: u32, want: u64 },
    /// One lane under the literal reading of `erratum`.
    Literal { erratum: &'static str, ty: &'static str, op: &'static str, src: &'static [u64], cr0: u32, want: u64 },
    /// One lane on every modelled platform.
    All { ty: &'static str, op: &'static str, src: &'static [u64], cr0: u32, want: u64 },
    /// One lane, %cr0 = 0, with a destination of type `dst` and sources of their own types
    /// (`(type, bits)`; a modifier may precede the type: `(-)f`).
    Typed { op: &'static str, dst: &'static str, src: &'static [(&'static str, u64)], want: u64 },
    /// An F lane under each reading of `erratum`: `want` is (resolved, literal), `strict`
    /// says which of the two is [`STRICT`].
    Both { erratum: &'static str, op: &'static str, src: &'static [u64], cr0: u32, want: (u64, u64), strict: (bool, bool) },
    /// The loop-step rows of SIN, SQRT and SQRTM ([`loop_step`]).
    Loop { erratum: &'static str, op: &'static str, src: [u64; 4], want: [u64; 4] },
    /// A form (after the document's declarations) on xe-hpg that is valid and runs from the
    /// zeroed state.
    Valid { text: &'static str },
    /// A form (after the document's declarations) on xe-hpg expecting an invalid-instruction
    /// error naming `field`.
    Invalid { text: &'static str, field: &'static str },
    /// A form (after the document's declarations) on every modelled platform under the
    /// literal reading of `erratum`, which has SKL (gen9) alone run the instruction: gen9
    /// validates it, every other platform names the opcode.
    SklOnly { erratum: &'static str, text: &'static str },
}

/// Adds the rows of `groups`, in order; `decls` are the declarations of the document's forms.
#[rustfmt::skip]
pub fn lanes(rows: &mut Rows, decls: &str, groups: &[Group]) {
    for &Group { g, d, rows: lanes }
    in groups {
        for lane_row in lanes {
            lane_rows(rows, decls, g, d, lane_row);
        }
    }
}

#[rustfmt::skip]
fn lane_rows(rows: &mut Rows, decls: &str, g: &str, d: &str, row: &Lane) {
    let hpg = Platform::XeHpg;
    match *row {
        Lane::Fh { op, f: (f_srcs, f_want), h: (h_srcs, h_want), cr0 } => {
            for platform in Platform::ALL {
                rows.add(g, lane(platform, op, "f", f_srcs, cr0, f_want).derived(d));
                rows.add(g, lane(platform, op, "hf", h_srcs, cr0, h_want).derived(d));
            }
        }
        Lane::One { ty, op, src, cr0, want } => rows.add(g, lane(hpg, op, ty, src, cr0, want).derived(d)),
        Lane::Strict { ty, op, src, cr0, want } => rows.add(g, lane(hpg, op, ty, src, cr0, want).tag(STRICT).derived(d)),
        Lane::Literal { erratum, ty, op, src, cr0, want } => rows.add(g, lane(hpg, op, ty, src, cr0, want).literal(erratum).derived(d)),
        Lane::All { ty, op, src, cr0, want } => {
            for platform in Platform::ALL {
                rows.add(g, lane(platform, op, ty, src, cr0, want).derived(d));
            }
        }
        Lane::Typed { op, dst, src, want } => rows.add(g, lane_on(hpg, op, dst, src, want).derived(d)),
        Lane::Both { erratum, op, src, cr0, want: (resolved, literal), strict } => {
            let mut r = lane(hpg, op, "f", src, cr0, resolved).tag(erratum);
            if strict.0 {
                r = r.tag(STRICT);
            }
            rows.add(g, r.derived(d));
            let mut l = lane(hpg, op, "f", src, cr0, literal).literal(erratum);
            if strict.1 {
                l = l.tag(STRICT);
            }
            rows.add(g, l.derived(d));
        }
        Lane::Loop { erratum, op, src, want } => loop_step(rows, g, d, erratum, op, src, want),
        Lane::Invalid { text, field } => rows.add(g, Row::new(hpg, format!("{decls}{text}\n")).expect_invalid(field).derived(d)),
        Lane::Valid { text } => rows.add(g, Row::new(hpg, format!("{decls}{text}\n")).expect_validation(None).derived(d)),
        Lane::SklOnly { erratum, text } => {
            for platform in Platform::ALL {
                let row = Row::new(platform, format!("{decls}{text}\n")).literal(erratum);
                let row = if platform == Platform::Gen9 { row.expect_validation(None) } else { row.expect_invalid("opcode") };
                rows.add(g, row.derived(d));
            }
        }
    }
}

/// A row of INVM or RSQTM on xe-hpg, with its derivation: a destination of type `ty`, the
/// sources `src` (`(type, bits)`; a modifier may precede the type: `(-)f`), %cr0 = `cr0`;
/// V1 holds `want` (`None`: not observed) and P2's early-out bit is `eo`
/// ([`early_out_lane`]).
#[derive(Debug)]
pub struct EarlyOut {
    pub g: &'static str,
    pub ty: &'static str,
    pub src: &'static [(&'static str, u64)],
    pub cr0: u32,
    pub want: Option<u64>,
    pub eo: bool,
    pub how: How,
    pub d: &'static str,
}

/// Adds the rows of `table` for `op`, in order.
pub fn early_out_rows(rows: &mut Rows, op: &str, table: &[EarlyOut]) {
    for &EarlyOut {
        g,
        ty,
        src,
        cr0,
        want,
        eo,
        how,
        d,
    } in table
    {
        let row = early_out_lane(Platform::XeHpg, op, ty, src, cr0, want, eo);
        let row = match how {
            How::Plain => row,
            How::Tag(tag) => row.tag(tag),
            How::Literal(erratum) => row.literal(erratum),
        };
        rows.add(g, row.derived(d));
    }
}

/// An element type's bytes of `values`.
pub fn bytes(ty: DataType, values: &[u64]) -> Vec<u8> {
    match ty {
        DataType::HF => le16(&values.iter().map(|v| *v as u16).collect::<Vec<_>>()),
        DataType::DF => values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        _ => le32(&values.iter().map(|v| *v as u32).collect::<Vec<_>>()),
    }
}

/// The loop-step rows of SIN, SQRT and SQRTM: `op (M1, 4)` on F lanes `srcs` with V1 holding
/// `old` before; resolved, every lane is written (`resolved`); literally (`i += 2`), the odd
/// lanes keep `old`.
#[rustfmt::skip]
pub fn loop_step(rows: &mut Rows, g: &str, d: &str, erratum: &str, op: &str, srcs: [u64; 4], resolved: [u64; 4]) {
    let old = 0x7777_7777u64;
    let text = format!(
        ".decl V1 v_type=G type=f num_elts=4\n.decl V2 v_type=G type=f num_elts=4\n\
         {op} (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0>\n"
    );
    let row = |expected: [u64; 4]| {
        Row::new(Platform::XeHpg, text.clone()).var("V1", bytes(DataType::F, &[old; 4])).var("V2", bytes(DataType::F, &srcs)).expect_lanes(
            "V1",
            DataType::F,
            &expected,
        )
    };
    rows.add(g, row(resolved).tag(erratum).derived(d));
    let literal = [resolved[0], old, resolved[2], old];
    rows.add(g, row(literal).literal(erratum).derived(d));
}

/// P2's contents before a row: 0xA5A5A5A4 with bit 0 set to the opposite of the expected
/// early-out bit, so that the write is seen either way; the other 31 bits keep these.
pub fn p2_before(eo: bool) -> u32 {
    0xa5a5_a5a4 | u32::from(!eo)
}

/// `op (M1, 1) V1(0,0)<1> P2 V2(0,0)<0;1,0> [V3(0,0)<0;1,0>]` on `platform` under %cr0 =
/// `cr0`: V1 of type `ty`, source k a one-element variable of its spec's type (a modifier
/// may precede it: `(-)f`, `(abs)df`) holding its value, P2 a 32-element predicate. Expects
/// V1 to hold `dst` (when given) and P2's bit 0 to be `eo`.
#[rustfmt::skip]
pub fn early_out_lane(platform: Platform, op: &str, dst_ty: &str, srcs: &[(&str, u64)], cr0: u32, dst: Option<u64>, eo: bool) -> Row {
    let mut decls = format!(".decl V1 v_type=G type={dst_ty} num_elts=1\n.decl P2 v_type=P num_elts=32\n");
    let mut operands = String::new();
    for (k, (spec, _)) in srcs.iter().enumerate() {
        let (modifier, t) = split_modifier(spec);
        decls.push_str(&format!(".decl V{} v_type=G type={t} num_elts=1\n", k + 2));
        operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
    }
    let mut row = Row::new(platform, format!("{decls}{op} (M1, 1) V1(0,0)<1> P2{operands}\n")).pred("P2", p2_before(eo)).cr0(cr0);
    for (k, (spec, value)) in srcs.iter().enumerate() {
        let (next, src_ty) = ty(row, split_modifier(spec).1);
        row = next.var(&format!("V{}", k + 2), value.to_le_bytes()[..src_ty.size()].to_vec());
    }
    let (mut row, dst_type) = ty(row, dst_ty);
    if let Some(bits) = dst {
        row = row.expect_lane("V1", dst_type, bits);
    }
    row.expect_pred("P2", (p2_before(eo) & !1) | u32::from(eo))
}
