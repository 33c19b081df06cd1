//! LSC_UNTYPED's atomics (instructions/LSC_UNTYPED.md): hand-derived rows, each with its derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "lsc", instruction: "lsc_atomic", file: "catalog/lsc/lsc_atomic.jsonl", rows: add };

fn add(rows: &mut Rows) {
    semantics(rows);
    form_rows(rows, FORMS);
}

#[rustfmt::skip]
fn semantics(rows: &mut Rows) {
    atomics(rows, ATOMICS);
    let d = "d16u32 iadd: memory's 16 bits 0xffff + 1 = 0x0000; the register gets 0xffff \
             zero-extended to 32 bits; the byte at 0x42 is not touched.";
    let c = case("lsc_atomic_iadd.ugm (M1, 1) VD:d16u32 flat[VA]:a64 VS %null").var("VA", le64(&[0x40])).var("VS", le32(&[1])).var("VD", vec![0xaa; 8])
        .mem(0x40, vec![0xff, 0xff, 0x77]);
    let row = c.observe(vec![Want::Reg("VD", 0, some(&[0xff, 0xff, 0, 0])), Want::Mem(0x40, some(&[0, 0, 0x77]))]);
    rows.add("sizes", row.derived(d));
    let d = "d64 iadd: 0xffffffff + 1 = 0x1_0000_0000, no wrap at 32 bits.";
    let c = case("lsc_atomic_iadd.ugm (M1, 1) VD:d64 flat[VA]:a64 VS %null").var("VA", le64(&[0x40])).var("VS", le64(&[1])).mem(0x40, le64(&[0xffff_ffff]));
    let row = c.observe(vec![Want::Reg("VD", 0, some(&le64(&[0xffff_ffff]))), Want::Mem(0x40, some(&le64(&[0x1_0000_0000])))]);
    rows.add("sizes", row.derived(d));
    let d = "iadd commutes: 10 + 1 + 2 = 13 under every order; what each lane returns depends on \
             the order (LSC-ATOMIC-ORDER): any bytes.";
    let c = case("lsc_atomic_iadd.ugm (M1, 2) VD:d32 flat[VA]:a64 VS %null").var("VA", le64(&[0x40, 0x40])).var("VS", le32(&[1, 2])).mem(0x40, le32(&[10]));
    let row = c.observe(vec![Want::Mem(0x40, some(&le32(&[13]))), Want::Reg("VD", 0, vec![None; 8])]);
    rows.add("one-address", row.derived(d));
    let d = "store does not commute: the value left at 0x40 by two lanes storing 1 and 2 is \
             either (any bytes).";
    let c = case("lsc_atomic_store.ugm (M1, 2) %null:d32 flat[VA]:a64 VS %null").var("VA", le64(&[0x40, 0x40])).var("VS", le32(&[1, 2]));
    rows.add("one-address", check(c, Want::Mem(0x40, vec![None; 4])).derived(d));
    let d = "A misaligned address (0x42 for a d32) is undefined behaviour.";
    let c = case("lsc_atomic_iinc.ugm (M1, 1) VD:d32 flat[VA]:a64 %null %null").var("VA", le64(&[0x42]));
    rows.add("one-address", check(c, Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
}

/// The validation rows of LSC_UNTYPED's atomics (instructions/LSC_UNTYPED.md, Format,
/// operand descriptions, Examples): valid forms run, invalid ones name the field at fault.
#[rustfmt::skip]
const FORMS: &[Forms] = &[
    Forms { d: "LSC_UNTYPED.md, Examples: the atomics of the Examples (iinc with a %null DstData, an SLM fadd, icas with two sources, umax on d16u32); valid.", field: "", texts: &[
        "lsc_atomic_iinc.ugm.uc.uc (M1, 16) %null:d32 flat[VA]:a64 %null %null",
        "lsc_atomic_fadd.slm (M1, 16) VD:d32 flat[VA32]:a32 VD %null",
        "lsc_atomic_icas.ugm.uc.wb (M1, 16) VD:d32 flat[VA]:a64 VD VD",
        "lsc_atomic_umax.ugm (M1, 16) VD:d16u32 flat[VA]:a64 VD %null",
    ] },
    Forms { d: "LSC_UNTYPED.md, Transpose and DataElemsPerAddr: atomics are not transposed and take one element per address.", field: "dst",
            texts: &["lsc_atomic_iinc.ugm (M1_NM, 1) VD:d32t flat[VA]:a64 %null %null", "lsc_atomic_iadd.ugm (M1, 16) VD:d32x2 flat[VA]:a64 VD %null"] },
    Forms { d: "LSC_UNTYPED.md, DataSize: atomics take d16u32, d32 and d64, the float ones d32 and d64.", field: "dst",
            texts: &["lsc_atomic_iadd.ugm (M1, 16) VD:d8 flat[VA]:a64 VD %null", "lsc_atomic_fadd.ugm (M1, 16) VD:d16u32 flat[VA]:a64 VD %null"] },
    Forms { d: "LSC_UNTYPED.md, Src1Data: a unary atomic takes %null sources, a binary one a variable.", field: "src1",
            texts: &["lsc_atomic_iinc.ugm (M1, 16) VD:d32 flat[VA]:a64 VD %null", "lsc_atomic_iadd.ugm (M1, 16) VD:d32 flat[VA]:a64 %null %null"] },
    Forms { d: "LSC_UNTYPED.md, Format: an atomic names both Src1Data and Src2Data.", field: "operands", texts: &["lsc_atomic_iadd.ugm (M1, 16) VD:d32 flat[VA]:a64 VD"] },
];

#[rustfmt::skip]
const ATOMICS: &[Atomic] = &[
    Atomic { op: "iinc %null %null", literal: &[], old: 5, src1: 0, src2: 0, returned: 5, left: 6, d: "" },
    Atomic { op: "idec %null %null", literal: &[], old: 0, src1: 0, src2: 0, returned: 0, left: 0xffff_ffff, d: "0 - 1 wraps to 0xffffffff." },
    Atomic { op: "load %null %null", literal: &[], old: 7, src1: 0, src2: 0, returned: 7, left: 7, d: "An atomic load returns memory's 7 and leaves it unchanged." },
    Atomic { op: "store VS %null", literal: &[], old: 7, src1: 9, src2: 0, returned: 7, left: 9, d: "An atomic store writes Src1Data 9 and returns the old 7." },
    Atomic { op: "iadd VS %null", literal: &[], old: 0xffff_ffff, src1: 2, src2: 0, returned: 0xffff_ffff, left: 1, d: "0xffffffff + 2 = 0x1_00000001 -> 1 modulo \
            2^32." },
    Atomic { op: "isub VS %null", literal: &[], old: 1, src1: 2, src2: 0, returned: 1, left: 0xffff_ffff, d: "old - Src1Data: 1 - 2 -> 0xffffffff." },
    Atomic { op: "smin VS %null", literal: &[], old: 0xffff_fffe, src1: 1, src2: 0, returned: 0xffff_fffe, left: 0xffff_fffe, d: "Signed: -2 < 1." },
    Atomic { op: "smax VS %null", literal: &[], old: 0xffff_fffe, src1: 1, src2: 0, returned: 0xffff_fffe, left: 1, d: "Signed: -2 < 1." },
    Atomic { op: "umin VS %null", literal: &[], old: 0xffff_fffe, src1: 1, src2: 0, returned: 0xffff_fffe, left: 1, d: "Unsigned: 1 < 0xfffffffe." },
    Atomic { op: "umax VS %null", literal: &[], old: 0xffff_fffe, src1: 1, src2: 0, returned: 0xffff_fffe, left: 0xffff_fffe, d: "Unsigned: 1 < 0xfffffffe." },
    Atomic { op: "and VS %null", literal: &[], old: 0xf0f0, src1: 0xff00, src2: 0, returned: 0xf0f0, left: 0xf000, d: "0xf0f0 & 0xff00 = 0xf000." },
    Atomic { op: "or VS %null", literal: &[], old: 0xf0f0, src1: 0x0f00, src2: 0, returned: 0xf0f0, left: 0xfff0, d: "0xf0f0 | 0x0f00 = 0xfff0." },
    Atomic { op: "xor VS %null", literal: &[], old: 0xff, src1: 0x0f, src2: 0, returned: 0xff, left: 0xf0, d: "0xff ^ 0x0f = 0xf0." },
    Atomic { op: "icas VS VS2", literal: &[], old: 5, src1: 5, src2: 9, returned: 5, left: 9, d: "Memory 5 equals Src1Data 5: Src2Data 9 is stored." },
    Atomic { op: "icas VS VS2", literal: &[], old: 5, src1: 4, src2: 9, returned: 5, left: 5, d: "5 != 4: memory keeps 5." },
    Atomic { op: "icas VS VS2", literal: &[errata::LSC_ATOMIC_OPERANDS], old: 5, src1: 9, src2: 5, returned: 5, left: 9, d: "LSC-ATOMIC-OPERANDS literal: compare \
            with Src2Data (5), store Src1Data (9)." },
    Atomic { op: "fadd VS %null", literal: &[], old: 0x3f80_0000, src1: 0x4000_0000, src2: 0, returned: 0x3f80_0000, left: 0x4040_0000,
            d: "1.0 + 2.0 = 3.0 (0x40400000)." },
    Atomic { op: "fsub VS %null", literal: &[], old: 0x3f80_0000, src1: 0x4000_0000, src2: 0, returned: 0x3f80_0000, left: 0xbf80_0000,
            d: "1.0 - 2.0 = -1.0 (0xbf800000)." },
    Atomic { op: "fmin VS %null", literal: &[], old: 0x3f80_0000, src1: 0x7fc0_0001, src2: 0, returned: 0x3f80_0000, left: 0x3f80_0000,
            d: "fmin(1.0, NaN) = 1.0 (LSC-ATOMIC-FLOAT)." },
    Atomic { op: "fmax VS %null", literal: &[], old: 0x8000_0000, src1: 0, src2: 0, returned: 0x8000_0000, left: 0, d: "fmax(-0, +0) = +0." },
    Atomic { op: "fcas VS VS2", literal: &[], old: 0, src1: 0x8000_0000, src2: 0x3f80_0000, returned: 0, left: 0x3f80_0000, d: "+0 equals -0 as floats: 1.0 is \
            stored." },
    Atomic { op: "fcas VS VS2", literal: &[], old: 0x7fc0_0000, src1: 0x7fc0_0000, src2: 0x3f80_0000, returned: 0x7fc0_0000, left: 0x7fc0_0000,
            d: "A NaN equals nothing, itself included: memory keeps its NaN." },
];
