// Edge catalog rows of the SVM instructions, shared by the spec (spec/tests/svm_exec.rs) and
// the oracle (oracle/tests/svm.rs): each includes this file after defining `engine_run`.
// Every expected byte is derived by hand in the row's comment from the SVM_*.md Semantics
// loops (and DWORD_ATOMIC.md's operation table for the atomics). Platform xe-hpg (32-byte
// GRF) unless a row says otherwise.

use rstest::rstest;
use visa_spec::errata;
use visa_spec::platform::Platform;
use visa_spec::ErrorClass;

include!("../common/mem_rows.rs");

const DECLS: &str = "\
.decl VD v_type=G type=ud num_elts=64
.decl VS v_type=G type=ud num_elts=64
.decl VS1 v_type=G type=ud num_elts=8
.decl VB v_type=G type=ub num_elts=64
.decl VQ v_type=G type=uq num_elts=32
.decl VSQ v_type=G type=uq num_elts=8
.decl VDD v_type=G type=d num_elts=8
.decl VSD v_type=G type=d num_elts=8
.decl VDF v_type=G type=f num_elts=8
.decl VSF v_type=G type=f num_elts=8
.decl VS1F v_type=G type=f num_elts=8
.decl VA v_type=G type=uq num_elts=16
.decl VO v_type=G type=uq num_elts=16
.decl P1 v_type=P num_elts=16
";

/// A row of this catalog: `text` after [`DECLS`] on xe-hpg, `P1` all ones over 16 lanes.
fn case(text: &'static str) -> Case {
    Case::new(DECLS, text).pred(0xffff)
}

#[rstest]
// One oword at 0x100: dst[0] = *(0x100): the 16 ramp bytes 0..16.
#[case(case("svm_block_ld (1) VA(0,0)<0;1,0> VD.0").var("VA", le64(&[0x100])).mem(0x100, ramp(0, 32)),
    Want::Reg("VD", 0, some(&ramp(0, 16))))]
// Two owords: dst[1] = *(0x100 + 16): ramp bytes 16..32 at register bytes 16..32.
#[case(case("svm_block_ld (2) VA(0,0)<0;1,0> VD.0").var("VA", le64(&[0x100])).mem(0x100, ramp(0, 32)),
    Want::Reg("VD", 16, some(&ramp(16, 16))))]
// `.unaligned` at 0x104 (dword aligned): bytes 0x104.. are ramp 4..20.
#[case(case("svm_block_ld.unaligned (1) VA(0,0)<0;1,0> VD.0").var("VA", le64(&[0x104])).mem(0x100, ramp(0, 32)),
    Want::Reg("VD", 0, some(&ramp(4, 16))))]
// Without `.unaligned` 0x104 is not oword aligned: undefined (SVM-ADDRESS-ALIGNMENT).
#[case(case("svm_block_ld (1) VA(0,0)<0;1,0> VD.0").var("VA", le64(&[0x104])),
    Want::Error(ErrorClass::UndefinedBehaviour))]
// Immediate address: 0x20 + i*16 for 4 owords reads ramp 0..64 from 0x20; the last oword
// (register bytes 48..64) is ramp 48..64.
#[case(case("svm_block_ld (4) 0x20:uq VD.0").mem(0x20, ramp(0, 64)),
    Want::Reg("VD", 48, some(&ramp(48, 16))))]
// Block store of 2 owords from VS (ramp 0x10..0x30) to 0x200: memory 0x200..0x220.
#[case(case("svm_block_st (2) VA(0,0)<0;1,0> VS.0").var("VA", le64(&[0x200])).var("VS", ramp(0x10, 32)),
    Want::Mem(0x200, some(&ramp(0x10, 32))))]
// Eight owords: the last lands at 0x200 + 7*16 = 0x270 from register bytes 112..128.
#[case(case("svm_block_st (8) VA(0,0)<0;1,0> VS.0").var("VA", le64(&[0x200])).var("VS", ramp(0, 128)),
    Want::Mem(0x270, some(&ramp(112, 16))))]
// Block store at 0x208: not oword aligned.
#[case(case("svm_block_st (1) VA(0,0)<0;1,0> VS.0").var("VA", le64(&[0x208])),
    Want::Error(ErrorClass::UndefinedBehaviour))]
fn block_rows(#[case] c: Case, #[case] want: Want) {
    check(c, want);
}

#[rstest]
// 4-byte blocks, SIMD4: dst[i] = *(Addresses[i]); addresses 0x10c, 0x108, 0x104, 0x100 read
// ramp words 3, 2, 1, 0.
#[case(case("svm_gather.4.1 (M1, 4) VA.0 VD.0").var("VA", le64(&[0x10c, 0x108, 0x104, 0x100])).mem(0x100, ramp(0, 16)),
    Want::Reg("VD", 0, some(&[12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3])))]
// 4-byte blocks x2, SIMD8, lane i at 0x100 + 8i: dst[j*8+i] = *(0x100 + 8i + 4j). Element 8
// (j=1, i=0) is the word at 0x104: ramp 4..8; element 9 (j=1, i=1) at 0x10c: ramp 12..16.
#[case(case("svm_gather.4.2 (M1, 8) VA.0 VD.0").var("VA", le64(&[0x100, 0x108, 0x110, 0x118, 0x120, 0x128, 0x130, 0x138])).mem(0x100, ramp(0, 64)),
    Want::Reg("VD", 32, some(&[4, 5, 6, 7, 12, 13, 14, 15])))]
// 4-byte blocks x8 (SIMD8 only): element 7*8 + 0 = 56 (register byte 224) is lane 0's block 7
// at 0x100 + 28: ramp 28..32.
#[case(case("svm_gather.4.8 (M1, 8) VA.0 VD.0").var("VA", le64(&[0x100, 0x140, 0x180, 0x1c0, 0x200, 0x240, 0x280, 0x2c0])).mem(0x100, ramp(0, 64)),
    Want::Reg("VD", 224, some(&[28, 29, 30, 31])))]
// 8-byte blocks x2, SIMD8, lane i at 0x100 + 16i: element 8 (j=1, i=0) is the qword at 0x108
// (ramp 8..16) at register byte 64; element 1 (j=0, i=1) at 0x110 (ramp 16..24) at byte 8.
#[case(case("svm_gather.8.2 (M1, 8) VA.0 VQ.0").var("VA", le64(&[0x100, 0x110, 0x120, 0x130, 0x140, 0x150, 0x160, 0x170])).mem(0x100, ramp(0, 128)),
    Want::Reg("VQ", 64, some(&ramp(8, 8))))]
#[case(case("svm_gather.8.2 (M1, 8) VA.0 VQ.0").var("VA", le64(&[0x100, 0x110, 0x120, 0x130, 0x140, 0x150, 0x160, 0x170])).mem(0x100, ramp(0, 128)),
    Want::Reg("VQ", 8, some(&ramp(16, 8))))]
// 1-byte blocks x2, SIMD8: min_block_size 4; dst[i*4+j] = *(Addresses[i] + j) for j < 2,
// bytes 2, 3 of each lane undefined. Lane 0 at 0x100 (ramp 0, 1), lane 1 at 0x105 (5, 6).
#[case(case("svm_gather.1.2 (M1, 8) VA.0 VB.0").var("VA", le64(&[0x100, 0x105, 0x110, 0x118, 0x120, 0x128, 0x130, 0x138])).mem(0x100, ramp(0, 64)),
    Want::Reg("VB", 0, vec![Some(0), Some(1), None, None, Some(5), Some(6), None, None]))]
// 1-byte blocks x1, SIMD1: dst[0] = *(0x107) = 7; bytes 1..4 undefined.
#[case(case("svm_gather.1.1 (M1, 1) VA.0 VB.0").var("VA", le64(&[0x107])).mem(0x100, ramp(0, 16)),
    Want::Reg("VB", 0, vec![Some(7), None, None, None]))]
// 1-byte blocks x4, SIMD8: lane 1 at 0x109 fills dst[4..8] with ramp 9..13.
#[case(case("svm_gather.1.4 (M1, 8) VA.0 VB.0").var("VA", le64(&[0x100, 0x109, 0x110, 0x118, 0x120, 0x128, 0x130, 0x138])).mem(0x100, ramp(0, 64)),
    Want::Reg("VB", 0, some(&[0, 1, 2, 3, 9, 10, 11, 12])))]
// Predicate 0b10: lane 0 is off and keeps VD's 0xee bytes; lane 1 reads 0x104 (ramp 4..8).
#[case(case("(P1) svm_gather.4.1 (M1, 2) VA.0 VD.0").var("VA", le64(&[0x100, 0x104])).var("VD", vec![0xee; 8]).mem(0x100, ramp(0, 8)).pred(0b10),
    Want::Reg("VD", 0, some(&[0xee, 0xee, 0xee, 0xee, 4, 5, 6, 7])))]
// A 4-byte block at 0x102 is misaligned.
#[case(case("svm_gather.4.1 (M1, 1) VA.0 VD.0").var("VA", le64(&[0x102])),
    Want::Error(ErrorClass::UndefinedBehaviour))]
// Wrap-around: 0xffff_ffff_ffff_fffc + 4*1 for block 1 is 0x0: the word at 0 (ramp 0..4)
// lands in element 1*1 + 0 = 1 ... SIMD8 needed for 2 blocks: lane 0 only enabled (pred 1).
#[case(case("(P1) svm_gather.4.2 (M1, 8) VA.0 VD.0").var("VA", le64(&[0xffff_ffff_ffff_fffc])).mem(0, ramp(0, 4)).pred(1),
    Want::Reg("VD", 32, some(&[0, 1, 2, 3])))]
// Scatter 4-byte x2, SIMD8, lane i at 0x400 + 8i: *(0x400 + 8i + 4j) = src[j*8+i]: memory
// 0x400.. holds src words 0, 8, 1, 9: VS ramp bytes 0..4, 32..36, 4..8, 36..40.
#[case(case("svm_scatter.4.2 (M1, 8) VA.0 VS.0").var("VA", le64(&[0x400, 0x408, 0x410, 0x418, 0x420, 0x428, 0x430, 0x438])).var("VS", ramp(0, 64)),
    Want::Mem(0x400, some(&[0, 1, 2, 3, 32, 33, 34, 35, 4, 5, 6, 7, 36, 37, 38, 39])))]
// Scatter 1-byte x2: lane 0 writes src[0], src[1] to 0x400, 0x401; src[2..4] ignored, so
// 0x402 keeps its 0xff.
#[case(case("svm_scatter.1.2 (M1, 8) VA.0 VB.0").var("VA", le64(&[0x400, 0x408, 0x410, 0x418, 0x420, 0x428, 0x430, 0x438])).var("VB", ramp(0x50, 32)).mem(0x400, vec![0xff; 4]),
    Want::Mem(0x400, some(&[0x50, 0x51, 0xff, 0xff])))]
// Scatter 8-byte x1, SIMD2, both lanes at 0x400 with different qwords: the bytes are stored
// twice with different values: undefined.
#[case(case("svm_scatter.8.1 (M1, 2) VA.0 VSQ.0").var("VA", le64(&[0x400, 0x400])).var("VSQ", le64(&[1, 2])),
    Want::Mem(0x400, vec![None, Some(0), Some(0), Some(0), Some(0), Some(0), Some(0), Some(0)]))]
fn gather_scatter_rows(#[case] c: Case, #[case] want: Want) {
    check(c, want);
}

const SCATTER4: &str = "svm_scatter4scaled";

/// SVM_SCATTER4_SCALED with each channel mask, SIMD8 on xe-hpg (one channel is
/// max(8, 32/4) = 8 elements: one register). Address 0x1000, element_offset[i] = 16*i, src
/// dword k holds k, memory at 0x1000 starts as 0xff. Lane i, channel c lands at
/// 0x1000 + 16i + 4c with src[ch_pos*8 + i]; ch_pos counts the enabled channels below c.
/// `want` gives lane 0's and lane 1's RGBA dwords (F: untouched 0xffff_ffff).
#[rstest]
#[case("R", [0, F, F, F], [1, F, F, F])]
#[case("G", [F, 0, F, F], [F, 1, F, F])]
#[case("RG", [0, 8, F, F], [1, 9, F, F])]
#[case("B", [F, F, 0, F], [F, F, 1, F])]
#[case("RB", [0, F, 8, F], [1, F, 9, F])]
#[case("GB", [F, 0, 8, F], [F, 1, 9, F])]
#[case("RGB", [0, 8, 16, F], [1, 9, 17, F])]
#[case("A", [F, F, F, 0], [F, F, F, 1])]
#[case("RA", [0, F, F, 8], [1, F, F, 9])]
#[case("GA", [F, 0, F, 8], [F, 1, F, 9])]
#[case("RGA", [0, 8, F, 16], [1, 9, F, 17])]
#[case("BA", [F, F, 0, 8], [F, F, 1, 9])]
#[case("RBA", [0, F, 8, 16], [1, F, 9, 17])]
#[case("GBA", [F, 0, 8, 16], [F, 1, 9, 17])]
#[case("RGBA", [0, 8, 16, 24], [1, 9, 17, 25])]
fn scatter4_channel_masks(#[case] mask: &str, #[case] lane0: [u32; 4], #[case] lane1: [u32; 4]) {
    let text: &'static str =
        Box::leak(format!("{SCATTER4}.{mask} (M1, 8) 0x1000:uq VO.0 VS.0").into_boxed_str());
    let offsets: Vec<u64> = (0..8).map(|i| 16 * i).collect();
    let src: Vec<u32> = (0..32).collect();
    let c = case(text)
        .var("VO", le64(&offsets))
        .var("VS", le32(&src))
        .mem(0x1000, vec![0xff; 32]);
    let want: Vec<u32> = lane0.iter().chain(lane1.iter()).copied().collect();
    check(c, Want::Mem(0x1000, some(&le32(&want))));
}
const F: u32 = 0xffff_ffff;

#[rstest]
// Gather4 RB, SIMD8, xe-hpg: R of lane 1 = *(0x1000 + 16 + 0) = 0x11111111 at dst[1]; B of
// lane 1 = *(0x1000 + 16 + 8) at dst[8 + 1] (ch_pos 1 starts at max(8, 8) = 8).
#[case(case("svm_gather4scaled.RB (M1, 8) 0x1000:uq VO.0 VD.0").var("VO", le64(&[0, 16, 32, 48, 64, 80, 96, 112]))
        .mem(0x1010, le32(&[0x1111_1111, 0x2222_2222, 0x3333_3333, 0x4444_4444])),
    Want::Reg("VD", 4, some(&le32(&[0x1111_1111]))))]
#[case(case("svm_gather4scaled.RB (M1, 8) 0x1000:uq VO.0 VD.0").var("VO", le64(&[0, 16, 32, 48, 64, 80, 96, 112]))
        .mem(0x1010, le32(&[0x1111_1111, 0x2222_2222, 0x3333_3333, 0x4444_4444])),
    Want::Reg("VD", 36, some(&le32(&[0x3333_3333]))))]
// xe2 (64-byte GRF), SIMD8: a channel takes max(8, 16) = 16 elements, so G (ch_pos 1) of lane 0
// = *(0x1000 + 4) lands at dst[16] (byte 64); dst[8..16] (bytes 32..64) are undefined.
#[case(case("svm_gather4scaled.RG (M1, 8) 0x1000:uq VO.0 VD.0").on(Platform::Xe2).var("VO", le64(&[0, 16, 32, 48, 64, 80, 96, 112]))
        .mem(0x1000, le32(&[0xaaaa_aaaa, 0xbbbb_bbbb])),
    Want::Reg("VD", 64, some(&le32(&[0xbbbb_bbbb]))))]
#[case(case("svm_gather4scaled.RG (M1, 8) 0x1000:uq VO.0 VD.0").on(Platform::Xe2).var("VO", le64(&[0, 16, 32, 48, 64, 80, 96, 112])),
    Want::Reg("VD", 60, vec![None; 4]))]
// Address + offset not dword aligned: 0x1000 + 2.
#[case(case("svm_gather4scaled.R (M1, 8) 0x1000:uq VO.0 VD.0").var("VO", le64(&[2, 0, 0, 0, 0, 0, 0, 0])),
    Want::Error(ErrorClass::UndefinedBehaviour))]
fn gather4_rows(#[case] c: Case, #[case] want: Want) {
    check(c, want);
}

/// One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the
/// bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned).
#[rstest]
// ADD: 5 + 3 = 8; returns 5.
#[case(case("svm_atomic.add (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[3])), le32(&[5]), le32(&[5]), le32(&[8]))]
// SUB: 5 - 7 wraps to 0xffff_fffe.
#[case(case("svm_atomic.sub (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[7])), le32(&[5]), le32(&[5]), le32(&[0xffff_fffe]))]
// INC: 0xffff_ffff + 1 wraps to 0.
#[case(case("svm_atomic.inc (M1, 1) VA.0 VD.0 %null.0 %null.0"), le32(&[F]), le32(&[F]), le32(&[0]))]
// DEC: 0 - 1 wraps to 0xffff_ffff.
#[case(case("svm_atomic.dec (M1, 1) VA.0 VD.0 %null.0 %null.0"), le32(&[0]), le32(&[0]), le32(&[F]))]
// MIN (unsigned): min(5, 0xffff_fff0) = 5.
#[case(case("svm_atomic.min (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[0xffff_fff0])), le32(&[5]), le32(&[5]), le32(&[5]))]
// MAX (unsigned): max(5, 0xffff_fff0) = 0xffff_fff0.
#[case(case("svm_atomic.max (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[0xffff_fff0])), le32(&[5]), le32(&[5]), le32(&[0xffff_fff0]))]
// XCHG: new = src0 = 9.
#[case(case("svm_atomic.xchg (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[9])), le32(&[5]), le32(&[5]), le32(&[9]))]
// CMPXCHG: old == src1 (5): new = src0 = 9.
#[case(case("svm_atomic.cmpxchg (M1, 1) VA.0 VD.0 VS.0 VS1.0").var("VS", le32(&[9])).var("VS1", le32(&[5])), le32(&[5]), le32(&[5]), le32(&[9]))]
// CMPXCHG: old (5) != src1 (6): unchanged.
#[case(case("svm_atomic.cmpxchg (M1, 1) VA.0 VD.0 VS.0 VS1.0").var("VS", le32(&[9])).var("VS1", le32(&[6])), le32(&[5]), le32(&[5]), le32(&[5]))]
// AND: 0b1100 & 0b1010 = 0b1000.
#[case(case("svm_atomic.and (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[0b1010])), le32(&[0b1100]), le32(&[0b1100]), le32(&[0b1000]))]
// OR: 0b1100 | 0b1010 = 0b1110.
#[case(case("svm_atomic.or (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[0b1010])), le32(&[0b1100]), le32(&[0b1100]), le32(&[0b1110]))]
// XOR: 0b1100 ^ 0b1010 = 0b0110.
#[case(case("svm_atomic.xor (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[0b1010])), le32(&[0b1100]), le32(&[0b1100]), le32(&[0b0110]))]
// IMIN (signed): min(5, -3) = -3 = 0xffff_fffd.
#[case(case("svm_atomic.imin (M1, 1) VA.0 VDD.0 VSD.0 %null.0").var("VSD", le32(&[0xffff_fffd])), le32(&[5]), le32(&[5]), le32(&[0xffff_fffd]))]
// IMAX (signed): max(-5, 3) = 3.
#[case(case("svm_atomic.imax (M1, 1) VA.0 VDD.0 VSD.0 %null.0").var("VSD", le32(&[3])), le32(&[0xffff_fffb]), le32(&[0xffff_fffb]), le32(&[3]))]
// PREDEC: 5 - 1 = 4, and the new value 4 is returned (SVM-ATOMIC-PREDEC resolved).
#[case(case("svm_atomic.predec (M1, 1) VA.0 VD.0 %null.0 %null.0"), le32(&[5]), le32(&[4]), le32(&[4]))]
// ... literal: the loop returns the old value 5.
#[case(case("svm_atomic.predec (M1, 1) VA.0 VD.0 %null.0 %null.0").literal(errata::SVM_ATOMIC_PREDEC), le32(&[5]), le32(&[5]), le32(&[4]))]
// FMAX: max(1.0, 2.0) = 2.0 (0x4000_0000); returns 1.0 (0x3f80_0000).
#[case(case("svm_atomic.fmax (M1, 1) VA.0 VDF.0 VSF.0 %null.0").var("VSF", le32(&[0x4000_0000])), le32(&[0x3f80_0000]), le32(&[0x3f80_0000]), le32(&[0x4000_0000]))]
// FMIN: min(1.0, 2.0) = 1.0.
#[case(case("svm_atomic.fmin (M1, 1) VA.0 VDF.0 VSF.0 %null.0").var("VSF", le32(&[0x4000_0000])), le32(&[0x3f80_0000]), le32(&[0x3f80_0000]), le32(&[0x3f80_0000]))]
// FMIN with -0 in memory and +0 from src0: -0 orders below +0: memory keeps -0.
#[case(case("svm_atomic.fmin (M1, 1) VA.0 VDF.0 VSF.0 %null.0").var("VSF", le32(&[0])), le32(&[0x8000_0000]), le32(&[0x8000_0000]), le32(&[0x8000_0000]))]
// FMAX with a quiet NaN in memory: the other operand 2.0.
#[case(case("svm_atomic.fmax (M1, 1) VA.0 VDF.0 VSF.0 %null.0").var("VSF", le32(&[0x4000_0000])), le32(&[0x7fc0_0001]), le32(&[0x7fc0_0001]), le32(&[0x4000_0000]))]
// FCMPWR: src0 (+0) == old (-0) as floats: new = src1 = 2.0.
#[case(case("svm_atomic.fcmpwr (M1, 1) VA.0 VDF.0 VSF.0 VS1F.0").var("VSF", le32(&[0])).var("VS1F", le32(&[0x4000_0000])), le32(&[0x8000_0000]), le32(&[0x8000_0000]), le32(&[0x4000_0000]))]
// FCMPWR: 1.0 != 3.0: unchanged.
#[case(case("svm_atomic.fcmpwr (M1, 1) VA.0 VDF.0 VSF.0 VS1F.0").var("VSF", le32(&[0x4040_0000])).var("VS1F", le32(&[0x4000_0000])), le32(&[0x3f80_0000]), le32(&[0x3f80_0000]), le32(&[0x3f80_0000]))]
// 64-bit ADD: 0xffff_ffff + 1 = 0x1_0000_0000 (no wrap at 32 bits).
#[case(case("svm_atomic.add.64 (M1, 1) VA.0 VQ.0 VSQ.0 %null.0").var("VSQ", le64(&[1])), le64(&[0xffff_ffff]), le64(&[0xffff_ffff]), le64(&[0x1_0000_0000]))]
// SVM-ATOMIC-OPERAND-ORDER literal: `<addresses> <src0> <src1> <dst>`: XCHG with src0 VS (9)
// and dst VD: the same effect as the resolved row above.
#[case(case("svm_atomic.xchg (M1, 1) VA.0 VS.0 %null.0 VD.0").var("VS", le32(&[9])).literal(errata::SVM_ATOMIC_OPERAND_ORDER), le32(&[5]), le32(&[5]), le32(&[9]))]
fn atomic_rows(#[case] c: Case, #[case] old: Vec<u8>, #[case] dst: Vec<u8>, #[case] mem: Vec<u8>) {
    // The destination variable the row's text names.
    let var = ["VDD.0", "VDF.0", "VQ.0"]
        .into_iter()
        .find(|v| c.text.contains(v))
        .map_or("VD", |v| &v[..v.len() - 2]);
    let c = c.var("VA", le64(&[0x40])).mem(0x40, old);
    check_all(
        c,
        vec![Want::Reg(var, 0, some(&dst)), Want::Mem(0x40, some(&mem))],
    );
}

/// 16-bit ADD (SVM_ATOMIC.md, Notes): the word at 0x40 is 0xffff; src0's dword 0x0001_0002
/// contributes its lower word 2: 0xffff + 2 wraps to 0x0001; the byte at 0x42 (0xab) is not
/// touched. The returned dword holds 0xffff in its lower word and an undefined upper word
/// (SVM-ATOMIC-16BIT-WRITEBACK).
#[test]
fn atomic_16bit_add() {
    let c = case("svm_atomic.add.16 (M1, 1) VA.0 VD.0 VS.0 %null.0")
        .var("VA", le64(&[0x40]))
        .var("VS", le32(&[0x0001_0002]))
        .mem(0x40, vec![0xff, 0xff, 0xab]);
    check_all(
        c,
        vec![
            Want::Reg("VD", 0, vec![Some(0xff), Some(0xff), None, None]),
            Want::Mem(0x40, some(&[0x01, 0x00, 0xab])),
        ],
    );
}

/// SIMD4 INC on four distinct words, lane 2 disabled by the predicate: words 0x40, 0x44, 0x4c
/// go 7 -> 8; 0x48 keeps 7; the returned dwords are 7 (lane 2's keeps VD's 0xee bytes).
#[test]
fn atomic_simd4_predicated() {
    let c = case("(P1) svm_atomic.inc (M1, 4) VA.0 VD.0 %null.0 %null.0")
        .var("VA", le64(&[0x40, 0x44, 0x48, 0x4c]))
        .var("VD", vec![0xee; 16])
        .mem(0x40, le32(&[7, 7, 7, 7]))
        .pred(0b1011);
    check_all(
        c,
        vec![
            Want::Mem(0x40, some(&le32(&[8, 8, 7, 8]))),
            Want::Reg("VD", 0, some(&le32(&[7, 7, 0xeeee_eeee, 7]))),
        ],
    );
}
