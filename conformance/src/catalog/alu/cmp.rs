//! CMP (instructions/CMP.md): each rel_op on special float values and mixed integer types
//! into a predicate, the true value in a general destination (CMP-TRUE-VALUE), the predicate
//! channels a mask control writes, and the forms (CMP-QWORD-TYPEMAP).

use super::simd::{self, CmpIntoGeneral8, CmpIntoPredicate8};
use super::{table, Group, Shape, DECLS};
use crate::catalog::build::{form, lane, le32, split_modifier, ty};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "cmp", file: "catalog/alu/cmp.jsonl", rows: add };

const REL_OPS: [&str; 6] = ["eq", "ne", "gt", "ge", "lt", "le"];

/// The six relations, in the order eq ne gt ge lt le.
const EQUAL: [u32; 6] = [1, 0, 0, 1, 0, 1];
const GREATER: [u32; 6] = [0, 1, 1, 1, 0, 0];
const LESS: [u32; 6] = [0, 1, 0, 0, 1, 1];
/// Notes: a NaN operand makes NE true and every other relation false.
const UNORDERED: [u32; 6] = [0, 1, 0, 0, 0, 0];

/// `cmp.<rel> (M1, 1) P1 src0 src1` with one-element sources, one row per relation: P1's
/// bit 0 is the relation's entry of `expected`.
#[derive(Debug)]
#[rustfmt::skip]
struct CmpIntoPredicate { a: (&'static str, u64), b: (&'static str, u64), cr0: u32, want: [u32; 6] }

impl Shape for CmpIntoPredicate {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (a, b, cr0, expected) = (self.a, self.b, self.cr0, self.want);
        for (rel, want) in REL_OPS.iter().zip(expected) {
            let mut text = String::from(".decl P1 v_type=P num_elts=1\n");
            let mut operands = String::new();
            for (k, (spec, _)) in [a, b].iter().enumerate() {
                let (modifier, ty) = split_modifier(spec);
                text.push_str(&format!(".decl V{} v_type=G type={ty} num_elts=1\n", k + 2));
                operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
            }
            text.push_str(&format!("cmp.{rel} (M1, 1) P1{operands}\n"));
            let mut row = Row::new(XeHpg, text).cr0(cr0);
            for (k, (spec, value)) in [a, b].iter().enumerate() {
                let (next, src) = ty(row, split_modifier(spec).1);
                row = next.var(
                    &format!("V{}", k + 2),
                    value.to_le_bytes()[..src.size()].to_vec(),
                );
            }
            let why = format!(
                "{d} (CMP.md: P1 bit 0 is the relation `{rel}`, true for eq ne gt ge lt le as {expected:?})"
            );
            rows.add("pred", row.expect_pred("P1", want).derived(&why));
        }
    }
}

/// `op` into a one-lane general destination, under each reading of CMP-TRUE-VALUE.
#[derive(Debug)]
#[rustfmt::skip]
struct CmpIntoGeneral { op: &'static str, dst: &'static str, srcs: [(&'static str, u64); 2], resolved: u64, literal: u64 }

impl Shape for CmpIntoGeneral {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, dst, srcs, resolved) = (self.op, self.dst, self.srcs, self.resolved);
        let literal = self.literal;
        let row = |expected| { lane(op, dst, &srcs, expected).tag(errata::CMP_TRUE_VALUE).derived(d) };
        rows.add("general", row(resolved));
        rows.add("general", row(literal).literal(errata::CMP_TRUE_VALUE));
    }
}

const CMP16: &str = ".decl S0 v_type=G type=d num_elts=16\n.decl P1 v_type=P num_elts=32\n\
                     .decl P2 v_type=P num_elts=16\n";

/// S0 = 0, 1, ..., 15; `cmp.lt (<mask>, 16) <dst> S0(0,0)<1;1,0> 0x7:d` sets channels 0..6.
#[derive(Debug)]
#[rustfmt::skip]
struct CmpPredicateChannels { mask: &'static str, dst: &'static str, init: u32, emask: u32, want: u32 }

impl Shape for CmpPredicateChannels {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (mask, dst, init, emask) = (self.mask, self.dst, self.init, self.emask);
        let expected = self.want;
        let text = format!("{CMP16}cmp.lt ({mask}, 16) {dst} S0(0,0)<1;1,0> 0x7:d\n");
        let s0: Vec<u32> = (0..16).collect();
        let row = Row::new(XeHpg, text)
            .var("S0", le32(&s0))
            .pred(dst, init)
            .emask(emask)
            .expect_pred(dst, expected)
            .derived(&format!(
                "{d} (S0 = 0..15 and `cmp.lt ... 0x7:d`: channels 0..6 are true)"
            ));
        rows.add("channels", row);
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct CmpForms { text: &'static str, want: Option<ErrorClass> }

impl Shape for CmpForms {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (text, expected) = (self.text, self.want);
        rows.add("forms", form(DECLS, text, expected).derived(d));
    }
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    table(rows, CMP_INTO_PREDICATE);
    table(rows, CMP_INTO_GENERAL);
    table(rows, CMP_PREDICATE_CHANNELS);
    table(rows, CMP_FORMS);
    // CMP-QWORD-TYPEMAP: resolved, Q joins the integer map; literal, the maps have no Q.
    let text = "cmp.lt (M1, 8) P1 VQ(0,0)<1;1,0> VQ(2,0)<1;1,0>";
    let general = "cmp.lt (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(1,0)<1;1,0>";
    let d = "CMP-QWORD-TYPEMAP: resolved, Q joins the integer map; literal, the maps have no Q.";
    rows.add("qword", form(DECLS, text, None).tag(errata::CMP_QWORD_TYPEMAP).derived(d));
    let invalid = Some(ErrorClass::InvalidInstruction);
    rows.add("qword", form(DECLS, text, invalid).literal(errata::CMP_QWORD_TYPEMAP).derived(d));
    rows.add("qword", form(DECLS, general, invalid).literal(errata::CMP_QWORD_TYPEMAP).derived(d));
    // The multi-lane rows (built with `super::simd`).
    table(rows, CMP_INTO_PREDICATE8);
    table(rows, CMP_INTO_GENERAL8);
    simd_programs(rows);
}

#[rustfmt::skip]
const CMP_INTO_PREDICATE: &[Group<CmpIntoPredicate>] = &[
    Group { d: "A quiet NaN on either side, or both (the same bits): unordered, even against itself.", rows: &[
        CmpIntoPredicate { a: ("f", 0x7fc0_0000), b: ("f", 0x3f80_0000), cr0: 0, want: UNORDERED },
        CmpIntoPredicate { a: ("f", 0x3f80_0000), b: ("f", 0x7fc0_0000), cr0: 0, want: UNORDERED },
        CmpIntoPredicate { a: ("f", 0x7fc0_0000), b: ("f", 0x7fc0_0000), cr0: 0, want: UNORDERED },
    ] },
    Group { d: "A signalling NaN against +0, and a NaN against +inf: unordered.", rows: &[
        CmpIntoPredicate { a: ("f", 0x7f80_0001), b: ("f", 0x0000_0000), cr0: 0, want: UNORDERED },
        CmpIntoPredicate { a: ("f", 0xffc0_0000), b: ("f", 0x7f80_0000), cr0: 0, want: UNORDERED },
    ] },
    Group { d: "Notes: zeros compare equal regardless of sign, in both orders.", rows: &[
        CmpIntoPredicate { a: ("f", 0x0000_0000), b: ("f", 0x8000_0000), cr0: 0, want: EQUAL },
        CmpIntoPredicate { a: ("f", 0x8000_0000), b: ("f", 0x0000_0000), cr0: 0, want: EQUAL },
    ] },
    Group { d: "Notes: infinities of the same sign are equal; +inf > -inf; -inf < the largest finite.", rows: &[
        CmpIntoPredicate { a: ("f", 0x7f80_0000), b: ("f", 0x7f80_0000), cr0: 0, want: EQUAL },
        CmpIntoPredicate { a: ("f", 0xff80_0000), b: ("f", 0xff80_0000), cr0: 0, want: EQUAL },
        CmpIntoPredicate { a: ("f", 0x7f80_0000), b: ("f", 0xff80_0000), cr0: 0, want: GREATER },
        CmpIntoPredicate { a: ("f", 0xff80_0000), b: ("f", 0x7f7f_ffff), cr0: 0, want: LESS },
    ] },
    Group { d: "1.0 < 2.0; -1.0 > -2.0.", rows: &[
        CmpIntoPredicate { a: ("f", 0x3f80_0000), b: ("f", 0x4000_0000), cr0: 0, want: LESS },
        CmpIntoPredicate { a: ("f", 0xbf80_0000), b: ("f", 0xc000_0000), cr0: 0, want: GREATER },
    ] },
    Group { d: "The smallest F denormal against +0: %cr0 = 0 flushes F denormal inputs (2_datatypes.md, IEEE mode), so it equals +0; with the F denorm bit (bit 7) it \
        is greater.", rows: &[
        CmpIntoPredicate { a: ("f", 0x0000_0001), b: ("f", 0x0000_0000), cr0: 0, want: EQUAL },
        CmpIntoPredicate { a: ("f", 0x0000_0001), b: ("f", 0x0000_0000), cr0: 0x80, want: GREATER },
    ] },
    Group { d: "Mixed F and HF compare by value: HF 1.0 (0x3c00) = F 1.0; HF 65504 (0x7bff) < F 65536.", rows: &[
        CmpIntoPredicate { a: ("f", 0x3f80_0000), b: ("hf", 0x3c00), cr0: 0, want: EQUAL },
        CmpIntoPredicate { a: ("hf", 0x7bff), b: ("f", 0x4780_0000), cr0: 0, want: LESS },
    ] },
    Group { d: "HF NaN (0x7e00) against HF +inf: unordered; DF -0 against DF +0: equal.", rows: &[
        CmpIntoPredicate { a: ("hf", 0x7e00), b: ("hf", 0x7c00), cr0: 0, want: UNORDERED },
        CmpIntoPredicate { a: ("df", 0x8000_0000_0000_0000), b: ("df", 0), cr0: 0, want: EQUAL },
    ] },
    Group { d: "Modifiers apply first: (-)+0 is -0 = +0; (abs)-inf = +inf; (-)NaN is still NaN.", rows: &[
        CmpIntoPredicate { a: ("(-)f", 0x0000_0000), b: ("f", 0x0000_0000), cr0: 0, want: EQUAL },
        CmpIntoPredicate { a: ("(abs)f", 0xff80_0000), b: ("f", 0x7f80_0000), cr0: 0, want: EQUAL },
        CmpIntoPredicate { a: ("(-)f", 0x7fc0_0000), b: ("f", 0xffc0_0000), cr0: 0, want: UNORDERED },
    ] },
    Group { d: "Integers on exact values of mixed signedness: D -1 < UD 0xFFFFFFFF (4294967295); UD 0 > D -1; B -128 (0x80) < UB 128 (0x80); W 5 = W 5.", rows: &[
        CmpIntoPredicate { a: ("d", 0xffff_ffff), b: ("ud", 0xffff_ffff), cr0: 0, want: LESS },
        CmpIntoPredicate { a: ("ud", 0), b: ("d", 0xffff_ffff), cr0: 0, want: GREATER },
        CmpIntoPredicate { a: ("b", 0x80), b: ("ub", 0x80), cr0: 0, want: LESS },
        CmpIntoPredicate { a: ("w", 5), b: ("w", 5), cr0: 0, want: EQUAL },
    ] },
    Group { d: "(-)INT_MIN is +2^31 = UD 0x80000000; (abs)-5 = 5.", rows: &[
        CmpIntoPredicate { a: ("(-)d", 0x8000_0000), b: ("ud", 0x8000_0000), cr0: 0, want: EQUAL },
        CmpIntoPredicate { a: ("(abs)d", 0xffff_fffb), b: ("d", 5), cr0: 0, want: EQUAL },
    ] },
    Group { d: "Q -1 < UQ max (CMP-QWORD-TYPEMAP, resolved).", rows: &[CmpIntoPredicate { a: ("q", u64::MAX), b: ("uq", u64::MAX), cr0: 0, want: LESS }] },
];

#[rustfmt::skip]
const CMP_INTO_GENERAL: &[Group<CmpIntoGeneral>] = &[
    Group { d: "Integer destinations: all ones of the size in both readings (-1 truncated is all ones).", rows: &[
        CmpIntoGeneral { op: "cmp.eq", dst: "d", srcs: [("d", 7), ("d", 7)], resolved: 0xffff_ffff, literal: 0xffff_ffff },
        CmpIntoGeneral { op: "cmp.eq", dst: "ub", srcs: [("ub", 7), ("ub", 7)], resolved: 0xff, literal: 0xff },
        CmpIntoGeneral { op: "cmp.lt", dst: "w", srcs: [("d", 1), ("d", 2)], resolved: 0xffff, literal: 0xffff },
        CmpIntoGeneral { op: "cmp.eq", dst: "q", srcs: [("q", 3), ("uq", 3)], resolved: u64::MAX, literal: u64::MAX },
    ] },
    Group { d: "A false channel is all zeros in both readings.", rows: &[
        CmpIntoGeneral { op: "cmp.gt", dst: "d", srcs: [("d", 1), ("d", 2)], resolved: 0, literal: 0 },
        CmpIntoGeneral { op: "cmp.eq", dst: "f", srcs: [("f", 0x3f80_0000), ("f", 0)], resolved: 0, literal: 0 },
    ] },
    Group { d: "Float destinations: resolved, all ones (a NaN pattern); literal, -1 converted: F -1.0 is 0xBF800000, HF -1.0 0xBC00, DF -1.0 0xBFF0000000000000, BF \
        -1.0 0xBF80.", rows: &[
        CmpIntoGeneral { op: "cmp.eq", dst: "f", srcs: [("f", 0x3f80_0000), ("f", 0x3f80_0000)], resolved: 0xffff_ffff, literal: 0xbf80_0000 },
        CmpIntoGeneral { op: "cmp.ne", dst: "f", srcs: [("f", 0x7fc0_0000), ("f", 0x7fc0_0000)], resolved: 0xffff_ffff, literal: 0xbf80_0000 },
        CmpIntoGeneral { op: "cmp.le", dst: "hf", srcs: [("hf", 0x8000), ("hf", 0)], resolved: 0xffff, literal: 0xbc00 },
        CmpIntoGeneral { op: "cmp.ge", dst: "df", srcs: [("df", 0), ("df", 0)], resolved: u64::MAX, literal: 0xbff0_0000_0000_0000 },
        CmpIntoGeneral { op: "cmp.eq", dst: "bf", srcs: [("bf", 0x3f80), ("bf", 0x3f80)], resolved: 0xffff, literal: 0xbf80 },
    ] },
    Group { d: "Integer sources into F and HF destinations (type maps F <- int, HF <- int).", rows: &[
        CmpIntoGeneral { op: "cmp.lt", dst: "f", srcs: [("d", 0xffff_ffff), ("ud", 0)], resolved: 0xffff_ffff, literal: 0xbf80_0000 },
        CmpIntoGeneral { op: "cmp.ne", dst: "hf", srcs: [("ub", 1), ("b", 1)], resolved: 0, literal: 0 },
    ] },
];

#[rustfmt::skip]
const CMP_PREDICATE_CHANNELS: &[Group<CmpPredicateChannels>] = &[
    Group { d: "M1: channel i is bit i; channels 0..6 true → 0x7f, 7..15 false → cleared.",
        rows: &[CmpPredicateChannels { mask: "M1", dst: "P1", init: 0xffff_ffff, emask: u32::MAX, want: 0xffff_007f }] },
    Group { d: "M5: channel i is bit 16 + i (the mask control's offset); the lower half is untouched.", rows: &[
        CmpPredicateChannels { mask: "M5", dst: "P1", init: 0x0000_ffff, emask: u32::MAX, want: 0x007f_ffff },
        CmpPredicateChannels { mask: "M5", dst: "P1", init: 0xffff_ffff, emask: u32::MAX, want: 0x007f_ffff },
    ] },
    Group { d: "M5 reads EM bits 16..31: 0xFFF0FFFF disables channels 0..3, whose bits 16..19 keep their value (0 here); channels 4..6 set bits 20..22.",
        rows: &[CmpPredicateChannels { mask: "M5", dst: "P1", init: 0x0000_0000, emask: 0xfff0_ffff, want: 0x0070_0000 }] },
    Group { d: "Disabled channels keep a set bit too: bits 16..19 stay 1, bits 23..31 are cleared.",
        rows: &[CmpPredicateChannels { mask: "M5", dst: "P1", init: 0xffff_ffff, emask: 0xfff0_ffff, want: 0x007f_ffff }] },
    Group { d: "M5_NM ignores EM: every channel writes.", rows: &[CmpPredicateChannels { mask: "M5_NM", dst: "P1", init: 0xffff_ffff, emask: 0, want: 0x007f_ffff }] },
    Group { d: "M1 under EM 0x00FF: channels 8..15 keep bits 8..15 of a 16-element predicate.",
        rows: &[CmpPredicateChannels { mask: "M1", dst: "P2", init: 0xff00, emask: 0x0000_00ff, want: 0xff7f }] },
];

#[rustfmt::skip]
const CMP_FORMS: &[Group<CmpForms>] = &[
    Group { d: "Notes: float sources into a general destination of their own type only.", rows: &[
        CmpForms { text: "cmp.eq (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>", want: None },
        CmpForms { text: "cmp.eq (M1, 8) VHF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>", want: Some(ErrorClass::InvalidInstruction) },
        CmpForms { text: "cmp.eq (M1, 8) VF(0,0)<1> VHF(0,0)<1;1,0> VHF(0,0)<1;1,0>", want: Some(ErrorClass::InvalidInstruction) },
        CmpForms { text: "cmp.eq (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VHF(0,0)<1;1,0>", want: Some(ErrorClass::InvalidInstruction) },
    ] },
    Group { d: "Mixed F and HF sources into a predicate are valid; integer sources into F are too.", rows: &[
        CmpForms { text: "cmp.eq (M1, 8) P1 VF(0,0)<1;1,0> VHF(0,0)<1;1,0>", want: None },
        CmpForms { text: "cmp.eq (M1, 8) VF(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>", want: None },
    ] },
    Group { d: "CMP takes no predicate, and no .sat.",
        rows: &[CmpForms { text: "(P1) cmp.eq (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", want: Some(ErrorClass::InvalidInstruction) }] },
];

#[rustfmt::skip]
const CMP_INTO_PREDICATE8: &[Group<CmpIntoPredicate8>] = &[
    Group { d: "cmp.<rel> (M1, 8) P S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 (instructions/CMP.md): every lane compares the same pair; P's bit i is lane i's result.", rows: &[
        CmpIntoPredicate8 { case: "", rel: "ne", a: (F, 0x7fc0_0000), b: (F, 0x7fc0_0000), cr0: 0, want: 0xff,
            note: "NaN is unordered: NE true in every lane (0xFF), EQ and LT false." },
        CmpIntoPredicate8 { case: "", rel: "eq", a: (F, 0x7fc0_0000), b: (F, 0x7fc0_0000), cr0: 0, want: 0, note: "NaN is unordered: NE true in every lane (0xFF), EQ and LT false." },
        CmpIntoPredicate8 { case: "", rel: "lt", a: (F, 0x7f80_0001), b: (F, 0x7f80_0000), cr0: 0, want: 0, note: "NaN is unordered: NE true in every lane (0xFF), EQ and LT false." },
        CmpIntoPredicate8 { case: "", rel: "eq", a: (F, 0x8000_0000), b: (F, 0), cr0: 0, want: 0xff, note: "-0 = +0; +inf = +inf; -inf < +inf." },
        CmpIntoPredicate8 { case: "", rel: "ge", a: (F, 0x7f80_0000), b: (F, 0x7f80_0000), cr0: 0, want: 0xff, note: "-0 = +0; +inf = +inf; -inf < +inf." },
        CmpIntoPredicate8 { case: "", rel: "lt", a: (F, 0xff80_0000), b: (F, 0x7f80_0000), cr0: 0, want: 0xff, note: "-0 = +0; +inf = +inf; -inf < +inf." },
        CmpIntoPredicate8 { case: "", rel: "gt", a: (F, 1), b: (F, 0), cr0: 0, want: 0, note: "F denormal 2^-149 vs +0: flushed with %cr0 = 0 (equal), kept with bit 7 (greater)." },
        CmpIntoPredicate8 { case: "", rel: "gt", a: (F, 1), b: (F, 0), cr0: 0x80, want: 0xff,
            note: "F denormal 2^-149 vs +0: flushed with %cr0 = 0 (equal), kept with bit 7 (greater)." },
        CmpIntoPredicate8 { case: "", rel: "eq", a: (HF, 0x3c00), b: (F, 0x3f80_0000), cr0: 0, want: 0xff, note: "HF 1.0 = F 1.0; DF 2.0 > DF 1.0." },
        CmpIntoPredicate8 { case: "", rel: "gt", a: (DF, 0x4000_0000_0000_0000), b: (DF, 0x3ff0_0000_0000_0000), cr0: 0, want: 0xff, note: "HF 1.0 = F 1.0; DF 2.0 > DF 1.0." },
        CmpIntoPredicate8 { case: "", rel: "lt", a: (D, 0xffff_ffff), b: (UD, 0xffff_ffff), cr0: 0, want: 0xff,
            note: "Exact integers of mixed signedness: D -1 < UD 0xFFFFFFFF; B -128 < UB 128; Q -1 < UQ max." },
        CmpIntoPredicate8 { case: "", rel: "le", a: (B, 0x80), b: (UB, 0x80), cr0: 0, want: 0xff,
            note: "Exact integers of mixed signedness: D -1 < UD 0xFFFFFFFF; B -128 < UB 128; Q -1 < UQ max." },
        CmpIntoPredicate8 { case: "", rel: "ge", a: (Q, u64::MAX), b: (UQ, u64::MAX), cr0: 0, want: 0,
            note: "Exact integers of mixed signedness: D -1 < UD 0xFFFFFFFF; B -128 < UB 128; Q -1 < UQ max." },
    ] },
];

#[rustfmt::skip]
const CMP_INTO_GENERAL8: &[Group<CmpIntoGeneral8>] = &[
    Group { d: "cmp.eq (M1, 8) R(0,0)<1>:DT S(0,0)<0;1,0>:T S(0,0)<0;1,0>:T (instructions/CMP.md): equal in every lane. True into a general destination: all ones \
        (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way.", rows: &[
        CmpIntoGeneral8 { case: "", dst: F, src: F, v: 0x3f80_0000, literal: false, want: 0xffff_ffff,
            note: "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way." },
        CmpIntoGeneral8 { case: "", dst: F, src: F, v: 0x3f80_0000, literal: true, want: 0xbf80_0000,
            note: "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way." },
        CmpIntoGeneral8 { case: "", dst: HF, src: HF, v: 0x3c00, literal: false, want: 0xffff,
            note: "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way." },
        CmpIntoGeneral8 { case: "", dst: HF, src: HF, v: 0x3c00, literal: true, want: 0xbc00,
            note: "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way." },
        CmpIntoGeneral8 { case: "", dst: D, src: D, v: 5, literal: true, want: 0xffff_ffff,
            note: "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way." },
        CmpIntoGeneral8 { case: "", dst: F, src: UD, v: 5, literal: true, want: 0xbf80_0000,
            note: "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way." },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl P v_type=P num_elts=32\n.decl S0 v_type=G type=d num_elts=16\ncmp.lt (M5, 16) P S0(0,0)<1;1,0> 0x7:d\n";
    let row = simd::text_row(text).var("S0", simd::i32s(&(0..16).collect::<Vec<i32>>())).pred("P", 0xffff_ffff).emask(0xfff0_ffff).expect_pred("P", 0x007f_ffff);
    let d = "cmp.lt (M5, 16) P S0(0,0)<1;1,0>:d 0x7:d with S0 = 0..15, P (32 elements) = 0xFFFFFFFF, EM = 0xFFF0FFFF: channels 0..6 true. Channel i is bit 16 + i; \
        EM disables channels 0..3 (EM bits 16..19): bits 16..19 keep their 1, 20..22 are set, 23..31 cleared; the lower half is untouched.";
    rows.add("simd16-predicate", row.derived(d));
}
