//! SVM_SCATTER4_SCALED (instructions/SVM_SCATTER4_SCALED.md): hand-derived rows, each with its derivation.

use super::*;

pub const DOC: Doc = Doc {
    family: "svm",
    instruction: "svm_scatter4_scaled",
    file: "catalog/svm/svm_scatter4_scaled.jsonl",
    rows: add,
};

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "SVM_SCATTER4_SCALED with each channel mask, SIMD8 on xe-hpg (one channel is max(8, 32/4) = 8 elements: one register). Address 0x1000, element_offset[i] = 16*i, src dword k holds k, memory at 0x1000 starts as 0xff. Lane i, channel c lands at 0x1000 + 16i + 4c with src[ch_pos*8 + i]; ch_pos counts the enabled channels below c. `want` gives lane 0's and lane 1's RGBA dwords (F: untouched 0xffff_ffff).";
    scatter4_channel_masks(rows, d, "R", [0, F, F, F], [1, F, F, F]);
    scatter4_channel_masks(rows, d, "G", [F, 0, F, F], [F, 1, F, F]);
    scatter4_channel_masks(rows, d, "RG", [0, 8, F, F], [1, 9, F, F]);
    scatter4_channel_masks(rows, d, "B", [F, F, 0, F], [F, F, 1, F]);
    scatter4_channel_masks(rows, d, "RB", [0, F, 8, F], [1, F, 9, F]);
    scatter4_channel_masks(rows, d, "GB", [F, 0, 8, F], [F, 1, 9, F]);
    scatter4_channel_masks(rows, d, "RGB", [0, 8, 16, F], [1, 9, 17, F]);
    scatter4_channel_masks(rows, d, "A", [F, F, F, 0], [F, F, F, 1]);
    scatter4_channel_masks(rows, d, "RA", [0, F, F, 8], [1, F, F, 9]);
    scatter4_channel_masks(rows, d, "GA", [F, 0, F, 8], [F, 1, F, 9]);
    scatter4_channel_masks(rows, d, "RGA", [0, 8, F, 16], [1, 9, F, 17]);
    scatter4_channel_masks(rows, d, "BA", [F, F, 0, 8], [F, F, 1, 9]);
    scatter4_channel_masks(rows, d, "RBA", [0, F, 8, 16], [1, F, 9, 17]);
    scatter4_channel_masks(rows, d, "GBA", [F, 0, 8, 16], [F, 1, 9, 17]);
    scatter4_channel_masks(rows, d, "RGBA", [0, 8, 16, 24], [1, 9, 17, 25]);
}
