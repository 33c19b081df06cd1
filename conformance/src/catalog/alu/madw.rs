//! MADW (instructions/MADW.md): the 64-bit result, low halves then high halves, under both
//! readings of MADW-HIGH-HALF; strided and indirect destinations; validation.

use super::simd::{self, MadwLayout8};
use super::{table, Group, Shape, OLD};
use crate::catalog::build::{le16, le32};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::{self, Xe2, XeHpc, XeHpg, XeLp};
use visa_model::types::DataType::{self};
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "madw", file: "catalog/alu/madw.jsonl", rows: add };

/// `madw (M1, n) V1(0,0)<1> V2 V3 V4` on `platform`: V1 (type `ty`, 32 elements) starts at
/// OLD; the sources are one-element variables broadcast to every lane.
fn madw(platform: Platform, n: u32, ty: &str, srcs: [(&str, u32); 3]) -> Row {
    let mut decls = format!(".decl V1 v_type=G type={ty} num_elts=32\n");
    let mut operands = String::new();
    for (k, (modifier, _)) in srcs.iter().enumerate() {
        decls.push_str(&format!(".decl V{} v_type=G type={ty} num_elts=1\n", k + 2));
        operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
    }
    let text = format!("{decls}madw (M1, {n}) V1(0,0)<1>{operands}\n");
    let mut row = Row::new(platform, text).var("V1", le32(&[OLD; 32]));
    for (k, (_, value)) in srcs.iter().enumerate() {
        row = row.var(&format!("V{}", k + 2), le32(&[*value]));
    }
    row
}

/// V1 after MADW: `n` low halves at element 0, `n` high halves at byte `high`, OLD elsewhere.
fn layout(n: usize, high: usize, low_half: u32, high_half: u32) -> Vec<u64> {
    let mut v = vec![u64::from(OLD); 32];
    v[..n].fill(low_half.into());
    v[high / 4..high / 4 + n].fill(high_half.into());
    v
}

#[derive(Debug)]
#[rustfmt::skip]
struct MadwValues { ty: &'static str, srcs: [(&'static str, u32); 3], low: u32, high: u32 }

impl Shape for MadwValues {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (ty, srcs, low, high) = (self.ty, self.srcs, self.low, self.high);
        let why = format!("{d} Execution size 8 on 32-byte GRFs: the low halves fill the first GRF (32 bytes), the high halves the next one (byte 32) under both readings of MADW-HIGH-HALF.");
        let row = madw(XeHpg, 8, ty, srcs).expect_lanes("V1", DataType::UD, &layout(8, 32, low, high));
        rows.add("values", row.clone().derived(&why));
        rows.add("values", row.literal(errata::MADW_HIGH_HALF).derived(&why));
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct MadwHighHalfPlacement { platform: Platform, n: u32, resolved: usize, literal: usize }

impl Shape for MadwHighHalfPlacement {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (platform, n, resolved, literal) = (self.platform, self.n, self.resolved, self.literal);
        let why = format!("{d} D: (-2^31)^2 + -1 = 0x3FFFFFFF_FFFFFFFF: low halves 0xFFFFFFFF, high halves 0x3FFFFFFF.");
        let srcs = [("", 0x8000_0000), ("", 0x8000_0000), ("", 0xffff_ffff)];
        let n_lanes = n as usize;
        let want = |at| layout(n_lanes, at, 0xffff_ffff, 0x3fff_ffff);
        let row = madw(platform, n, "d", srcs).expect_lanes("V1", DataType::UD, &want(resolved));
        rows.add("placement", row.tag(errata::MADW_HIGH_HALF).derived(&why));
        let row = madw(platform, n, "d", srcs).expect_lanes("V1", DataType::UD, &want(literal));
        rows.add("placement", row.literal(errata::MADW_HIGH_HALF).derived(&why));
    }
}

const MADW_DECLS: &str = ".decl V1 v_type=G type=d num_elts=32\n.decl V8 v_type=G type=d num_elts=8\n\
                          .decl V2 v_type=G type=d num_elts=16\n.decl VW v_type=G type=uw num_elts=32\n";

#[derive(Debug)]
#[rustfmt::skip]
struct MadwValidation { platform: Platform, text: &'static str, literal: &'static [&'static str], want: Option<ErrorClass> }

impl Shape for MadwValidation {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (platform, text, literal, expected) = (self.platform, self.text, self.literal, self.want);
        let mut row = Row::new(platform, format!("{MADW_DECLS}{text}\n")).expect_validation(expected);
        for id in literal {
            row = row.literal(id);
        }
        rows.add("validation", row.derived(d));
    }
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    table(rows, MADW_VALUES);
    table(rows, MADW_HIGH_HALF_PLACEMENT);
    let text = ".decl V1 v_type=G type=ud num_elts=16\n.decl V2 v_type=G type=ud num_elts=1\nmadw (M1, 4) V1(0,0)<2> V2(0,0)<0;1,0> 0x5:ud 0x1:ud\n";
    let mut want = vec![u64::from(OLD); 16];
    for i in 0..4 {
        want[2 * i] = 16;
        want[8 + 2 * i] = 0;
    }
    let row = Row::new(XeHpg, text).var("V1", le32(&[OLD; 16])).var("V2", le32(&[3])).expect_lanes("V1", DataType::UD, &want);
    let d = "<2> with n = 4 on 32-byte GRFs: low halves at elements 0, 2, 4, 6 (bytes 0..28); resolved: high at roundup(28, 32) = 32, elements 8, 10, 12, 14; \
        literal (packed): elements 4*2 + 2i = 8, 10, 12, 14 as well. UD: 3 * 5 + 1 = 16: low 16, high 0.";
    rows.add("strided", row.clone().tag(errata::MADW_HIGH_HALF).derived(d));
    rows.add("strided", row.literal(errata::MADW_HIGH_HALF).derived(d));
    let text = ".decl V1 v_type=G type=ud num_elts=16\n.decl A0 v_type=A num_elts=1\nmadw (M1, 1) r[A0(0),0]<1>:ud 0xffffffff:ud 0x2:ud 0x3:ud\n";
    let run = |a0: u16| {
        Row::new(XeHpg, text)
            .var("V1", le32(&[OLD; 16]))
            .var("A0", le16(&[a0]))
    };
    let mut want = vec![u64::from(OLD); 16];
    want[0] = 1;
    want[8] = 2;
    let d = "V1 is the first declared variable: it starts at byte 32, after %cr0's GRF. A0(0) = 32 points at it: low half at byte 32, high half one GRF later, V1's \
        element 8. UD: 0xFFFFFFFF * 2 + 3 = 2^33 + 1 = 0x2_00000001.";
    rows.add("indirect", run(32).expect_lanes("V1", DataType::UD, &want).derived(d));
    let d = "Byte 36 is not GRF aligned (instructions/MADW.md, Dst): undefined behaviour.";
    rows.add("indirect", run(36).expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    table(rows, MADW_VALIDATION);
    // The multi-lane rows (built with `super::simd`).
    table(rows, MADW_LAYOUT8);
    simd_programs(rows);
    exec_size_16(rows);
}

#[rustfmt::skip]
const MADW_VALUES: &[Group<MadwValues>] = &[
    Group { d: "D: (-2^31)^2 + -1 = 2^62 - 1 = 0x3FFFFFFF_FFFFFFFF.",
        rows: &[MadwValues { ty: "d", srcs: [("", 0x8000_0000), ("", 0x8000_0000), ("", 0xffff_ffff)], low: 0xffff_ffff, high: 0x3fff_ffff }] },
    Group { d: "D: -2^31 * (2^31 - 1) + 0 = -2^62 + 2^31 = 0xC0000000_80000000.",
        rows: &[MadwValues { ty: "d", srcs: [("", 0x8000_0000), ("", 0x7fff_ffff), ("", 0)], low: 0x8000_0000, high: 0xc000_0000 }] },
    Group { d: "D: -1 * 1 + 0 = -1: both halves all ones.",
        rows: &[MadwValues { ty: "d", srcs: [("", 0xffff_ffff), ("", 1), ("", 0)], low: 0xffff_ffff, high: 0xffff_ffff }] },
    Group { d: "D: -1 * -1 + -1 = 0.", rows: &[MadwValues { ty: "d", srcs: [("", 0xffff_ffff), ("", 0xffff_ffff), ("", 0xffff_ffff)], low: 0, high: 0 }] },
    Group { d: "D: (2^31 - 1)^2 + 2^31 - 1 = 2^62 - 2^31 = 0x3FFFFFFF_80000000.",
        rows: &[MadwValues { ty: "d", srcs: [("", 0x7fff_ffff), ("", 0x7fff_ffff), ("", 0x7fff_ffff)], low: 0x8000_0000, high: 0x3fff_ffff }] },
    Group { d: "D: (-)INT_MIN = +2^31 (OPERAND-MODIFIER-TABLE); 2^31 * -2^31 = -2^62 = 0xC0000000_00000000.",
        rows: &[MadwValues { ty: "d", srcs: [("(-)", 0x8000_0000), ("", 0x8000_0000), ("", 0)], low: 0, high: 0xc000_0000 }] },
    Group { d: "UD: (2^32 - 1)^2 + 2^32 - 1 = (2^32 - 1) * 2^32 = 0xFFFFFFFF_00000000.",
        rows: &[MadwValues { ty: "ud", srcs: [("", 0xffff_ffff), ("", 0xffff_ffff), ("", 0xffff_ffff)], low: 0, high: 0xffff_ffff }] },
    Group { d: "UD: 2^31 * 2 + 0 = 2^32: low 0, high 1.", rows: &[MadwValues { ty: "ud", srcs: [("", 0x8000_0000), ("", 2), ("", 0)], low: 0, high: 1 }] },
    Group { d: "UD: -(2^32 - 1) * (2^32 - 1) = -(2^64 - 2^33 + 1) ≡ 2^33 - 1 (mod 2^64) = 0x1_FFFFFFFF.",
        rows: &[MadwValues { ty: "ud", srcs: [("(-)", 0xffff_ffff), ("", 0xffff_ffff), ("", 0)], low: 0xffff_ffff, high: 1 }] },
];

#[rustfmt::skip]
const MADW_HIGH_HALF_PLACEMENT: &[Group<MadwHighHalfPlacement>] = &[
    Group { d: "Resolved: high halves at roundup(n * 4, GRF). Literal (packed): at n * 4. n = 1, 32-byte GRF: low at 0; high at 32 (resolved) or 4 (literal).", rows: &[
        MadwHighHalfPlacement { platform: XeLp, n: 1, resolved: 32, literal: 4 },
        MadwHighHalfPlacement { platform: XeHpg, n: 1, resolved: 32, literal: 4 },
    ] },
    Group { d: "n = 1, 64-byte GRF: high at 64 or 4.", rows: &[
        MadwHighHalfPlacement { platform: XeHpc, n: 1, resolved: 64, literal: 4 },
        MadwHighHalfPlacement { platform: Xe2, n: 1, resolved: 64, literal: 4 },
    ] },
    Group { d: "n = 2, 32-byte GRF: 8 bytes of low halves; high at 32 or 8.", rows: &[MadwHighHalfPlacement { platform: XeHpg, n: 2, resolved: 32, literal: 8 }] },
    Group { d: "n = 8: 32 bytes of low halves fill a 32-byte GRF (high at 32 either way) but half a 64-byte one (high at 64, or 32 packed).", rows: &[
        MadwHighHalfPlacement { platform: XeHpg, n: 8, resolved: 32, literal: 32 },
        MadwHighHalfPlacement { platform: Xe2, n: 8, resolved: 64, literal: 32 },
    ] },
    Group { d: "n = 16 (PVC+ only): 64 bytes fill a 64-byte GRF: high at 64 either way.", rows: &[
        MadwHighHalfPlacement { platform: XeHpc, n: 16, resolved: 64, literal: 64 },
        MadwHighHalfPlacement { platform: Xe2, n: 16, resolved: 64, literal: 64 },
    ] },
];

#[rustfmt::skip]
const MADW_VALIDATION: &[Group<MadwValidation>] = &[
    Group { d: "MADW-EXEC-SIZE literal: execution size 16 exists from PVC on (instructions/MADW.md, Exec_size): invalid on xe-hpg.", rows: &[
        MadwValidation { platform: XeHpg, text: "madw (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V2(0,0)<1;1,0> 0x0:d", literal: &[errata::MADW_EXEC_SIZE],
            want: Some(ErrorClass::InvalidInstruction) },
    ] },
    Group { d: "32 is above the maximum SIMD16 everywhere.",
        rows: &[MadwValidation { platform: Xe2, text: "madw (M1, 32) V1(0,0)<1> V2(0,0)<0;1,0> V2(0,0)<0;1,0> 0x0:d", literal: &[], want: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "The destination must be GRF aligned: column 1 starts at byte 4 of the GRF.",
        rows: &[MadwValidation { platform: XeHpg, text: "madw (M1, 1) V1(0,1)<1> V2(0,0)<0;1,0> V2(0,0)<0;1,0> 0x0:d", literal: &[], want: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "V8 holds one GRF (32 bytes): the low half at its byte 0, the high half one GRF later — past V8: the high half leaves the variable (5_operands.md: \
        out-of-bounds is undefined).",
        rows: &[MadwValidation { platform: XeHpg, text: "madw (M1, 1) V8(0,0)<1> V2(0,0)<0;1,0> V2(0,0)<0;1,0> 0x0:d", literal: &[], want: Some(ErrorClass::UndefinedBehaviour) }] },
    Group { d: "Literal (packed): the high half at byte 4 of V8 fits.",
        rows: &[MadwValidation { platform: XeHpg, text: "madw (M1, 1) V8(0,0)<1> V2(0,0)<0;1,0> V2(0,0)<0;1,0> 0x0:d", literal: &[errata::MADW_HIGH_HALF], want: None }] },
    Group { d: "V8 holds 32 bytes: 8 low halves fill it, the high halves need the next GRF.",
        rows: &[MadwValidation { platform: XeHpg, text: "madw (M1, 8) V8(0,0)<1> V2(0,0)<1;1,0> V2(0,0)<1;1,0> 0x0:d", literal: &[], want: Some(ErrorClass::UndefinedBehaviour) }] },
    Group { d: "A UW destination is outside the D, UD type map.",
        rows: &[MadwValidation { platform: XeHpg, text: "madw (M1, 1) VW(0,0)<1> V2(0,0)<0;1,0> V2(0,0)<0;1,0> 0x0:d", literal: &[], want: Some(ErrorClass::InvalidInstruction) }] },
];

/// SIMD16 MADW on a 32-byte-GRF platform, as IGC writes it for xe-hpg (erratum
/// MADW-EXEC-SIZE).
#[rustfmt::skip]
fn exec_size_16(rows: &mut Rows) {
    let srcs = [("", 0x8000_0000), ("", 0x8000_0000), ("", 0xffff_ffff)];
    let row = madw(XeHpg, 16, "d", srcs).expect_lanes("V1", DataType::UD, &layout(16, 64, 0xffff_ffff, 0x3fff_ffff));
    let d = "MADW-EXEC-SIZE resolved: SIMD16 is accepted on xe-hpg. D: (-2^31)^2 + -1 = 0x3FFFFFFF_FFFFFFFF in every lane: low halves 0xFFFFFFFF in elements 0..16 \
        (bytes 0..64, two GRFs); the high halves start at roundup(16 * 4, 32) = byte 64, elements 16..32 (MADW-HIGH-HALF; the packed reading puts them at element \
        16 + i too).";
    rows.add("exec-size", row.derived(d));
}

#[rustfmt::skip]
const MADW_LAYOUT8: &[Group<MadwLayout8>] = &[
    Group { d: "madw (M1, n) R(0,0)<1>:d S0 S1 S2 (instructions/MADW.md) with broadcast D sources S0 = S1 = -2^31, S2 = -1; R (32 elements) starts at 0xDEADBEEF.", rows: &[
        MadwLayout8 { case: "", platform: XeHpg, n: 1, resolved: 32, literal: 4,
            note: "(-2^31)^2 + -1 = 0x3FFFFFFF_FFFFFFFF: low 0xFFFFFFFF, high 0x3FFFFFFF. Resolved: high halves at roundup(4n, GRF); literal: at 4n." },
        MadwLayout8 { case: "", platform: Xe2, n: 1, resolved: 64, literal: 4,
            note: "(-2^31)^2 + -1 = 0x3FFFFFFF_FFFFFFFF: low 0xFFFFFFFF, high 0x3FFFFFFF. Resolved: high halves at roundup(4n, GRF); literal: at 4n." },
        MadwLayout8 { case: "", platform: XeHpg, n: 8, resolved: 32, literal: 32,
            note: "(-2^31)^2 + -1 = 0x3FFFFFFF_FFFFFFFF: low 0xFFFFFFFF, high 0x3FFFFFFF. Resolved: high halves at roundup(4n, GRF); literal: at 4n." },
        MadwLayout8 { case: "", platform: Xe2, n: 8, resolved: 64, literal: 32,
            note: "(-2^31)^2 + -1 = 0x3FFFFFFF_FFFFFFFF: low 0xFFFFFFFF, high 0x3FFFFFFF. Resolved: high halves at roundup(4n, GRF); literal: at 4n." },
        MadwLayout8 { case: "", platform: XeHpc, n: 16, resolved: 64, literal: 64,
            note: "(-2^31)^2 + -1 = 0x3FFFFFFF_FFFFFFFF: low 0xFFFFFFFF, high 0x3FFFFFFF. Resolved: high halves at roundup(4n, GRF); literal: at 4n." },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl R v_type=G type=ud num_elts=16\n.decl A v_type=A num_elts=1\nmadw (M1, 1) r[A(0),0]<1>:ud 0xffffffff:ud 0x2:ud 0x3:ud\n";
    let mut want = [simd::OLD; 16];
    want[0] = 1;
    want[8] = 2;
    let row = simd::text_row(text).var("R", le32(&[simd::OLD; 16])).var("A", le16(&[32])).expect_bytes("R", le32(&want));
    let d = "madw (M1, 1) r[A(0), 0]<1>:ud 0xFFFFFFFF:ud 0x2:ud 0x3:ud with R (16 UD, the first variable: byte 32 on xe-hpg) at 0xDEADBEEF: 0xFFFFFFFF * 2 + 3 = \
        0x2_00000001. A(0) = 32: low half in R's element 0, high half one GRF later, element 8. A(0) = 36 is not GRF aligned: undefined-behaviour.";
    rows.add("indirect", row.derived(d));
    let row = simd::text_row(text).var("R", le32(&[simd::OLD; 16])).var("A", le16(&[36])).expect_error(ErrorClass::UndefinedBehaviour);
    rows.add("indirect", row.derived(d));
}
