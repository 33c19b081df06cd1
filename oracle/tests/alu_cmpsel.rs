//! Hand-derived cases of CMP, SEL, MIN, MAX, SETP and BFN on the oracle, built directly as
//! IR, under both readings of their errata. Each row's derivation is in its comment, from
//! instructions/CMP.md, SEL.md, MIN_MAX.md, SETP.md, BFN.md and the errata ledger.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use rstest::rstest;
use visa_spec::errata::{
    CMP_TRUE_VALUE, MIN_MAX_NAN, MIN_MAX_ZERO_SIGN, SEL_RAW_MASKS, SETP_BIT_TEST,
};
use visa_spec::ir::{Ctrl, Dst, Opcode, RelOp};
use visa_spec::platform::Platform;
use visa_spec::types::DataType::{self, *};

/// `<1;1,0>`: lane n reads element n.
const SEQ: (u32, u32, u32) = (1, 1, 0);
/// `<0;1,0>`: every lane reads element 0.
const BCAST: (u32, u32, u32) = (0, 1, 0);

/// The bytes of `values` as elements of `ty`, each truncated to the type's width.
fn elems(ty: DataType, values: &[u64]) -> Vec<u8> {
    values
        .iter()
        .flat_map(|v| v.to_le_bytes()[..ty.size()].to_vec())
        .collect()
}

fn cmp(
    rel: RelOp,
    exec_size: u32,
    dst: Dst,
    srcs: Vec<visa_spec::ir::Src>,
) -> visa_spec::ir::Instruction {
    let mut i = insn(Opcode::Cmp, exec_size, dst, srcs);
    i.ctrl = Ctrl::Rel(rel);
    i
}

// ---------------------------------------------------------------------------------------------
// CMP
// ---------------------------------------------------------------------------------------------

/// `cmp.<rel> (M1, 8) P(mask) S0<0;1,0>:T0 S1<0;1,0>:T1`: every lane compares the same pair.
fn cmp_pred_row(rel: RelOp, a: (DataType, u64), b: (DataType, u64), cr0: u32) -> Case {
    let mut c = Case::new(Platform::XeHpg);
    let p = c.pred("P", 8);
    let s0 = c.general("S0", a.0, 1);
    let s1 = c.general("S1", b.0, 1);
    c.set(s0, elems(a.0, &[a.1]));
    c.set(s1, elems(b.0, &[b.1]));
    c.cr0(cr0);
    c.push(cmp(
        rel,
        8,
        Dst::Predicate { var: p },
        vec![src(s0, 0, 0, BCAST, a.0), src(s1, 0, 0, BCAST, b.0)],
    ));
    c
}

#[rstest]
// NaN is unordered: NE true in every lane (0xFF), EQ and LT false.
#[case(RelOp::Ne, (F, 0x7fc0_0000), (F, 0x7fc0_0000), 0, 0xff)]
#[case(RelOp::Eq, (F, 0x7fc0_0000), (F, 0x7fc0_0000), 0, 0)]
#[case(RelOp::Lt, (F, 0x7f80_0001), (F, 0x7f80_0000), 0, 0)]
// -0 = +0; +inf = +inf; -inf < +inf.
#[case(RelOp::Eq, (F, 0x8000_0000), (F, 0), 0, 0xff)]
#[case(RelOp::Ge, (F, 0x7f80_0000), (F, 0x7f80_0000), 0, 0xff)]
#[case(RelOp::Lt, (F, 0xff80_0000), (F, 0x7f80_0000), 0, 0xff)]
// F denormal 2^-149 vs +0: flushed with %cr0 = 0 (equal), kept with bit 7 (greater).
#[case(RelOp::Gt, (F, 1), (F, 0), 0, 0)]
#[case(RelOp::Gt, (F, 1), (F, 0), 0x80, 0xff)]
// HF 1.0 = F 1.0; DF 2.0 > DF 1.0.
#[case(RelOp::Eq, (HF, 0x3c00), (F, 0x3f80_0000), 0, 0xff)]
#[case(RelOp::Gt, (DF, 0x4000_0000_0000_0000), (DF, 0x3ff0_0000_0000_0000), 0, 0xff)]
// Exact integers of mixed signedness: D -1 < UD 0xFFFFFFFF; B -128 < UB 128; Q -1 < UQ max.
#[case(RelOp::Lt, (D, 0xffff_ffff), (UD, 0xffff_ffff), 0, 0xff)]
#[case(RelOp::Le, (B, 0x80), (UB, 0x80), 0, 0xff)]
#[case(RelOp::Ge, (Q, u64::MAX), (UQ, u64::MAX), 0, 0)]
fn cmp_into_predicate(
    #[case] rel: RelOp,
    #[case] a: (DataType, u64),
    #[case] b: (DataType, u64),
    #[case] cr0: u32,
    #[case] want: u8,
) {
    check(
        cmp_pred_row(rel, a, b, cr0),
        Expect::Vars(vec![("P", vec![want])]),
    );
}

#[test]
fn cmp_predicate_under_m5_and_execution_mask() {
    // cmp.lt (M5, 16) P S0<1;1,0> 7:d with S0 = 0..15: channels 0..6 true. Channel i is bit
    // 16 + i; EM 0xFFF0FFFF disables channels 0..3 (EM bits 16..19): bits 16..19 keep their 1,
    // 20..22 are set, 23..31 cleared; the lower half is untouched.
    let mut c = Case::new(Platform::XeHpg);
    let p = c.pred("P", 32);
    let s0 = c.general("S0", D, 16);
    c.set(s0, elems(D, &(0..16).collect::<Vec<u64>>()));
    c.set(p, 0xffff_ffffu32.to_le_bytes().to_vec());
    c.emask = 0xfff0_ffff;
    c.push(masked(
        cmp(
            RelOp::Lt,
            16,
            Dst::Predicate { var: p },
            vec![src(s0, 0, 0, SEQ, D), imm(7, D)],
        ),
        5,
        false,
    ));
    check(
        c,
        Expect::Vars(vec![("P", 0x007f_ffffu32.to_le_bytes().to_vec())]),
    );
}

#[rstest]
// True into a general destination: all ones (resolved) or -1 in the type (literal
// CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way.
#[case(F, F, 0x3f80_0000, false, 0xffff_ffff)]
#[case(F, F, 0x3f80_0000, true, 0xbf80_0000)]
#[case(HF, HF, 0x3c00, false, 0xffff)]
#[case(HF, HF, 0x3c00, true, 0xbc00)]
#[case(D, D, 5, true, 0xffff_ffff)]
#[case(F, UD, 5, true, 0xbf80_0000)]
fn cmp_into_general(
    #[case] dst_ty: DataType,
    #[case] src_ty: DataType,
    #[case] v: u64,
    #[case] literal: bool,
    #[case] want: u64,
) {
    // cmp.eq (M1, 8) R S S: equal in every lane.
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", dst_ty, 8);
    let s = c.general("S", src_ty, 1);
    c.set(s, elems(src_ty, &[v]));
    c.push(cmp(
        RelOp::Eq,
        8,
        dst(r, dst_ty),
        vec![src(s, 0, 0, BCAST, src_ty), src(s, 0, 0, BCAST, src_ty)],
    ));
    if literal {
        c.literal(CMP_TRUE_VALUE);
    }
    check(c, Expect::Vars(vec![("R", elems(dst_ty, &[want; 8]))]));
}

// ---------------------------------------------------------------------------------------------
// SEL
// ---------------------------------------------------------------------------------------------

/// `[(pred)] sel (<group>[_NM], <size>) R A<1;1,0> B<1;1,0>`: A = 0xA0 + i, B = 0xB0 + i,
/// R = 0xEE.
#[allow(clippy::too_many_arguments)]
fn sel_row(
    pred: Option<(bool, Combine)>,
    group: u8,
    no_mask: bool,
    size: u32,
    p_mask: u32,
    emask: u32,
    literal: bool,
) -> Case {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", UD, 8);
    let a = c.general("A", UD, 8);
    let b = c.general("B", UD, 8);
    let p = c.pred("P", 32);
    c.set(r, le32(&[0xee; 8]));
    c.set(a, le32(&(0..8).map(|i| 0xa0 + i).collect::<Vec<u32>>()));
    c.set(b, le32(&(0..8).map(|i| 0xb0 + i).collect::<Vec<u32>>()));
    c.set(p, p_mask.to_le_bytes().to_vec());
    c.emask = emask;
    let mut i = masked(
        insn(
            Opcode::Sel,
            size,
            dst(r, UD),
            vec![src(a, 0, 0, SEQ, UD), src(b, 0, 0, SEQ, UD)],
        ),
        group,
        no_mask,
    );
    if let Some((invert, combine)) = pred {
        i = predicated(i, p, invert, combine);
    }
    c.push(i);
    if literal {
        c.literal(SEL_RAW_MASKS);
    }
    c
}

const SA: u32 = 0xa0;
const SB: u32 = 0xb0;
const SE: u32 = 0xee;

fn lanes(which: [u32; 8]) -> Vec<u8> {
    let v: Vec<u32> = which
        .iter()
        .enumerate()
        .map(|(i, w)| if *w == SE { SE } else { w + i as u32 })
        .collect();
    le32(&v)
}

#[rstest]
// No predicate: src0 everywhere.
#[case(None, (1, false), 8, 0, ALL_ON, false, [SA; 8])]
// (P), P = 0b1010_0101: src0 in channels 0, 2, 5, 7.
#[case(Some((false, Combine::None)), (1, false), 8, 0xa5, ALL_ON, false, [SA, SB, SA, SB, SB, SA, SB, SA])]
// (!P): resolved inverts; literal ignores the inversion.
#[case(Some((true, Combine::None)), (1, false), 8, 0xa5, ALL_ON, false, [SB, SA, SB, SA, SA, SB, SA, SB])]
#[case(Some((true, Combine::None)), (1, false), 8, 0xa5, ALL_ON, true, [SA, SB, SA, SB, SB, SA, SB, SA])]
// (P.any), P = 1: resolved src0 everywhere; literal only channel 0.
#[case(Some((false, Combine::Any)), (1, false), 8, 0x01, ALL_ON, false, [SA; 8])]
#[case(Some((false, Combine::Any)), (1, false), 8, 0x01, ALL_ON, true, [SA, SB, SB, SB, SB, SB, SB, SB])]
// EM 0x0F: channels 4..7 unwritten; the predicate never disables (channel 1 takes src1).
#[case(Some((false, Combine::None)), (1, false), 8, 0x05, 0x0f, false, [SA, SB, SA, SB, SE, SE, SE, SE])]
// M2, 4 channels, EM 0x0F, P = 0xF0: resolved reads EM and P bits 4..7 (EM off: nothing
// written); literal bits 0..3 (EM on, P off: src1).
#[case(Some((false, Combine::None)), (2, false), 4, 0xf0, 0x0f, false, [SE; 8])]
#[case(Some((false, Combine::None)), (2, false), 4, 0xf0, 0x0f, true, [SB, SB, SB, SB, SE, SE, SE, SE])]
// NoMask under EM 0: resolved writes; literal EM[i] = 0 writes nothing.
#[case(None, (1, true), 4, 0, 0, false, [SA, SA, SA, SA, SE, SE, SE, SE])]
#[case(None, (1, true), 4, 0, 0, true, [SE; 8])]
fn sel_masks(
    #[case] pred: Option<(bool, Combine)>,
    #[case] mask: (u8, bool),
    #[case] size: u32,
    #[case] p_mask: u32,
    #[case] emask: u32,
    #[case] literal: bool,
    #[case] want: [u32; 8],
) {
    let (group, no_mask) = mask;
    let c = sel_row(pred, group, no_mask, size, p_mask, emask, literal);
    check(c, Expect::Vars(vec![("R", lanes(want))]));
}

#[rstest]
// F sNaN copied unchanged (same type, no modifier); (-) converts and quiets: 0xFFC00001.
#[case(None, false, F, (F, 0x7f80_0001), 0x7f80_0001)]
#[case(Some(Mod::Neg), false, F, (F, 0x7f80_0001), 0xffc0_0001)]
// .sat: 2.0 → 1.0; HF 1.0 into F → 1.0; D 300 into UB.sat → 255, without .sat 0x2C.
#[case(None, true, F, (F, 0x4000_0000), 0x3f80_0000)]
#[case(None, false, F, (HF, 0x3c00), 0x3f80_0000)]
#[case(None, true, UB, (D, 300), 0xff)]
#[case(None, false, UB, (D, 300), 0x2c)]
fn sel_values(
    #[case] m: Option<Mod>,
    #[case] saturate: bool,
    #[case] dst_ty: DataType,
    #[case] a: (DataType, u64),
    #[case] want: u64,
) {
    // sel (M1, 8) R S<0;1,0> 0:T (no predicate: src0).
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", dst_ty, 8);
    let s = c.general("S", a.0, 1);
    c.set(s, elems(a.0, &[a.1]));
    let s0 = src(s, 0, 0, BCAST, a.0);
    let s0 = match m {
        Some(m) => with_mod(s0, m),
        None => s0,
    };
    let i = insn(Opcode::Sel, 8, dst(r, dst_ty), vec![s0, imm(0, dst_ty)]);
    c.push(if saturate { sat(i) } else { i });
    check(c, Expect::Vars(vec![("R", elems(dst_ty, &[want; 8]))]));
}

// ---------------------------------------------------------------------------------------------
// MIN, MAX
// ---------------------------------------------------------------------------------------------

#[rstest]
// Integers: max(D -1, UD 0xFFFFFFFF) = 2^32 - 1: D 0xFFFFFFFF, .sat INT_MAX.
#[case(Opcode::Max, false, D, (D, 0xffff_ffff), (UD, 0xffff_ffff), &[], 0xffff_ffff)]
#[case(Opcode::Max, true, D, (D, 0xffff_ffff), (UD, 0xffff_ffff), &[], 0x7fff_ffff)]
#[case(Opcode::Min, false, D, (D, 0xffff_ffff), (UD, 0xffff_ffff), &[], 0xffff_ffff)]
// One NaN: the other source.
#[case(Opcode::Min, false, F, (F, 0x7fc0_0000), (F, 0x3f80_0000), &[], 0x3f80_0000)]
#[case(Opcode::Max, false, F, (F, 0xbf80_0000), (F, 0x7f80_0001), &[], 0xbf80_0000)]
// Two NaNs: src1, quieted (resolved) or unchanged (literal MIN-MAX-NAN).
#[case(Opcode::Min, false, F, (F, 0x7fc0_0000), (F, 0xff80_0001), &[], 0xffc0_0001)]
#[case(Opcode::Min, false, F, (F, 0x7fc0_0000), (F, 0xff80_0001), &[MIN_MAX_NAN], 0xff80_0001)]
#[case(Opcode::Max, false, DF, (DF, 0x7ff8_0000_0000_0000), (DF, 0x7ff0_0000_0000_0001), &[MIN_MAX_NAN], 0x7ff0_0000_0000_0001)]
#[case(Opcode::Max, false, DF, (DF, 0x7ff8_0000_0000_0000), (DF, 0x7ff0_0000_0000_0001), &[], 0x7ff8_0000_0000_0001)]
// Zeros: min(+0, -0) = -0, max(-0, +0) = +0 (resolved); literal, the tie gives src0.
#[case(Opcode::Min, false, F, (F, 0), (F, 0x8000_0000), &[], 0x8000_0000)]
#[case(Opcode::Min, false, F, (F, 0), (F, 0x8000_0000), &[MIN_MAX_ZERO_SIGN], 0)]
#[case(Opcode::Max, false, F, (F, 0x8000_0000), (F, 0), &[], 0)]
#[case(Opcode::Max, false, F, (F, 0x8000_0000), (F, 0), &[MIN_MAX_ZERO_SIGN], 0x8000_0000)]
// .sat: max(2.0, 0.5) → 1.0; mixed F and HF: min(1.0, HF 0.5) = 0.5.
#[case(Opcode::Max, true, F, (F, 0x4000_0000), (F, 0x3f00_0000), &[], 0x3f80_0000)]
#[case(Opcode::Min, false, F, (F, 0x3f80_0000), (HF, 0x3800), &[], 0x3f00_0000)]
fn min_max(
    #[case] op: Opcode,
    #[case] saturate: bool,
    #[case] dst_ty: DataType,
    #[case] a: (DataType, u64),
    #[case] b: (DataType, u64),
    #[case] literal: &[&str],
    #[case] want: u64,
) {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", dst_ty, 8);
    let s0 = c.general("S0", a.0, 1);
    let s1 = c.general("S1", b.0, 1);
    c.set(s0, elems(a.0, &[a.1]));
    c.set(s1, elems(b.0, &[b.1]));
    let i = insn(
        op,
        8,
        dst(r, dst_ty),
        vec![src(s0, 0, 0, BCAST, a.0), src(s1, 0, 0, BCAST, b.0)],
    );
    c.push(if saturate { sat(i) } else { i });
    for id in literal {
        c.literal(id);
    }
    check(c, Expect::Vars(vec![("R", elems(dst_ty, &[want; 8]))]));
}

// ---------------------------------------------------------------------------------------------
// SETP
// ---------------------------------------------------------------------------------------------

#[rstest]
// Scalar immediate, (M1_NM, 16): bits 0..15 of 0xA5A5 (resolved); literal SETP-BIT-TEST keeps
// bit 0 of src0 & (1 << i): only element 0. The upper half of P = 0xFFFF0000 stays.
#[case(1, 16, 0xa5a5, false, 0xffff_a5a5)]
#[case(1, 16, 0xa5a5, true, 0xffff_0001)]
// (M5_NM, 16): the upper half receives 0x1234; the lower half stays 0x0000.
#[case(5, 16, 0x1234, false, 0x1234_0000)]
// (M1_NM, 32): all 32 elements.
#[case(1, 32, 0x8000_0001, false, 0x8000_0001)]
fn setp_scalar(
    #[case] group: u8,
    #[case] size: u32,
    #[case] value: u64,
    #[case] literal: bool,
    #[case] want: u32,
) {
    let mut c = Case::new(Platform::XeHpg);
    let p = c.pred("P", 32);
    c.set(p, 0xffff_0000u32.to_le_bytes().to_vec());
    let ty = if size == 32 { UD } else { UW };
    c.push(masked(
        insn(
            Opcode::Setp,
            size,
            Dst::Predicate { var: p },
            vec![imm(value, ty)],
        ),
        group,
        true,
    ));
    if literal {
        c.literal(SETP_BIT_TEST);
    }
    check(c, Expect::Vars(vec![("P", want.to_le_bytes().to_vec())]));
}

#[test]
fn setp_vector_honours_the_execution_mask() {
    // setp (M1, 8) P S<1;1,0>:uw with S = 1..8 under EM 0x0F: channels 0..3 write S & 1 =
    // 1, 0, 1, 0; channels 4..7 keep P = 0xF0's ones: 0xF5.
    let mut c = Case::new(Platform::XeHpg);
    let p = c.pred("P", 8);
    let s = c.general("S", UW, 8);
    c.set(s, le16(&[1, 2, 3, 4, 5, 6, 7, 8]));
    c.set(p, vec![0xf0]);
    c.emask = 0x0f;
    c.push(insn(
        Opcode::Setp,
        8,
        Dst::Predicate { var: p },
        vec![src(s, 0, 0, SEQ, UW)],
    ));
    check(c, Expect::Vars(vec![("P", vec![0xf5])]));
}

// ---------------------------------------------------------------------------------------------
// BFN
// ---------------------------------------------------------------------------------------------

#[rstest]
// a = 0xFF00FF00, b = 0xF0F0F0F0, c = 0xCCCCCCCC: 0x00 → 0, 0xFF → all ones, 0x80 → a&b&c
// = 0xC000C000, 0xFE → a|b|c = 0xFFFCFFFC, 0x96 → a^b^c = 0xC33CC33C, 0xCA → c ? b : a =
// 0xF3C0F3C0.
#[case(0x00, 0)]
#[case(0xff, 0xffff_ffff)]
#[case(0x80, 0xc000_c000)]
#[case(0xfe, 0xfffc_fffc)]
#[case(0x96, 0xc33c_c33c)]
#[case(0xca, 0xf3c0_f3c0)]
fn bfn_tables(#[case] table: u8, #[case] want: u32) {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", UD, 8);
    let s = c.general("S", UD, 3);
    c.set(s, le32(&[0xff00_ff00, 0xf0f0_f0f0, 0xcccc_cccc]));
    let mut i = insn(
        Opcode::Bfn,
        8,
        dst(r, UD),
        vec![
            src(s, 0, 0, BCAST, UD),
            src(s, 0, 1, BCAST, UD),
            src(s, 0, 2, BCAST, UD),
        ],
    );
    i.ctrl = Ctrl::Bfn(table);
    c.push(i);
    check(c, Expect::Vars(vec![("R", le32(&[want; 8]))]));
}

#[test]
fn bfn_extends_narrow_sources_by_signedness() {
    // bfn.x80 into D: W 0x8000 sign-extends (0xFFFF8000), UW 0x8000 zero-extends; AND with
    // D -1 and D -1 keeps each: lanes 0..3 read W, 4..7 read UW.
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", D, 8);
    let w = c.general("W", W, 1);
    c.set(w, le16(&[0x8000]));
    let mut i = insn(
        Opcode::Bfn,
        4,
        dst(r, D),
        vec![
            src(w, 0, 0, BCAST, W),
            imm(0xffff_ffff, D),
            imm(0xffff_ffff, D),
        ],
    );
    i.ctrl = Ctrl::Bfn(0x80);
    c.push(i);
    let mut j = insn(
        Opcode::Bfn,
        4,
        Dst::General {
            var: r,
            row: 0,
            col: 4,
            hstride: 1,
            ty: D,
        },
        vec![imm(0x8000, UW), imm(0xffff_ffff, D), imm(0xffff_ffff, D)],
    );
    j.ctrl = Ctrl::Bfn(0x80);
    c.push(j);
    let want = [0xffff_8000u32; 4]
        .into_iter()
        .chain([0x8000; 4])
        .collect::<Vec<_>>();
    check(c, Expect::Vars(vec![("R", le32(&want))]));
}
