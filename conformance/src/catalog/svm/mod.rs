//! The SVM family's catalogs (instructions/SVM_*.md), one module per instruction document.
//! Every expected byte is derived by hand in the row's derivation from the SVM_*.md
//! Semantics loops (and DWORD_ATOMIC.md's operation table for the atomics). Platform xe-hpg
//! (32-byte GRF) unless a row says otherwise.

pub mod svm_atomic;
pub mod svm_block_ld;
pub mod svm_block_st;
pub mod svm_gather;
pub mod svm_gather4_scaled;
pub mod svm_scatter;
pub mod svm_scatter4_scaled;

use visa_model::errata;
use visa_model::platform::Platform;
use visa_model::ErrorClass;

use crate::catalog::doc::{Doc, Rows};
use crate::catalog::memory::{check, le32, le64, ramp, some, Case, Want};
use crate::catalog::row::Row;

#[rustfmt::skip]
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

const SCATTER4: &str = "svm_scatter4scaled";

/// SVM_SCATTER4_SCALED with each channel mask, SIMD8 on xe-hpg (one channel is
/// max(8, 32/4) = 8 elements: one register). Address 0x1000, element_offset[i] = 16*i, src
/// dword k holds k, memory at 0x1000 starts as 0xff. Lane i, channel c lands at
/// 0x1000 + 16i + 4c with src[ch_pos*8 + i]; ch_pos counts the enabled channels below c.
/// `lane0`, `lane1`: lane 0's and lane 1's RGBA dwords (F: untouched 0xffff_ffff).
#[rustfmt::skip]
fn scatter4_channel_masks(rows: &mut Rows, d: &str, mask: &str, lane0: [u32; 4], lane1: [u32; 4]) {
    let program = format!("{SCATTER4}.{mask} (M1, 8) 0x1000:uq VO.0 VS.0");
    let offsets: Vec<u64> = (0..8).map(|i| 16 * i).collect();
    let src: Vec<u32> = (0..32).collect();
    let row = Row::new(Platform::XeHpg, format!("{DECLS}{program}\n")).pred("P1", 0xffff).var_prefix("VO", le64(&offsets)).var_prefix("VS", le32(&src))
        .mem("flat", 0x1000, vec![0xff; 32]);
    let want: Vec<u32> = lane0.iter().chain(lane1.iter()).copied().collect();
    let why = format!("SVM_SCATTER4_SCALED with each channel mask, SIMD8 on xe-hpg (one channel is max(8, 32/4) = 8 elements: one register). Address 0x1000, element_offset[i] = 16*i, src dword k holds k, memory at 0x1000 starts as 0xff. Lane i, channel c lands at 0x1000 + 16i + 4c with src[ch_pos*8 + i]; ch_pos counts the enabled channels below c. {d}");
    rows.add("channel-masks", row.expect_mem("flat", 0x1000, some(&le32(&want))).derived(&why));
}

/// Memory at 0x1000 untouched by a channel the mask leaves out.
const F: u32 = 0xffff_ffff;

/// One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the
/// bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned).
#[rustfmt::skip]
fn atomic_rows(rows: &mut Rows, d: &str, c: Case, old: Vec<u8>, dst: Vec<u8>, mem: Vec<u8>) {
    // The destination variable the row's text names.
    let var = ["VDD.0", "VDF.0", "VQ.0"].into_iter().find(|v| c.text.contains(v)).map_or("VD", |v| &v[..v.len() - 2]);
    let c = c.var("VA", le64(&[0x40])).mem(0x40, old);
    let row = c.observe(vec![Want::Reg(var, 0, some(&dst)), Want::Mem(0x40, some(&mem))]);
    let why = format!("One SIMD1 atomic at 0x40; the returned register bytes and the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). {d}");
    rows.add("ops", row.derived(&why));
}
