//! SVM_SCATTER4_SCALED (instructions/SVM_SCATTER4_SCALED.md): hand-derived rows, each with its derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "svm", instruction: "svm_scatter4_scaled", file: "catalog/svm/svm_scatter4_scaled.jsonl", rows: add };

/// One channel mask: `lane0` and `lane1` are lane 0's and lane 1's RGBA dwords at 0x1000
/// and 0x1010 afterwards (`F`: untouched).
#[derive(Debug)]
struct Channels {
    mask: &'static str,
    lane0: [u32; 4],
    lane1: [u32; 4],
}

fn add(rows: &mut Rows) {
    let d = "SVM_SCATTER4_SCALED with each channel mask, SIMD8 on xe-hpg (one channel is max(8, 32/4) = 8 elements: one register). Address 0x1000, element_offset[i] = 16*i, src dword k holds k, memory at 0x1000 starts as 0xff. Lane i, channel c lands at 0x1000 + 16i + 4c with src[ch_pos*8 + i]; ch_pos counts the enabled channels below c. `want` gives lane 0's and lane 1's RGBA dwords (F: untouched 0xffff_ffff).";
    for &Channels { mask, lane0, lane1 } in MASKS {
        scatter4_channel_masks(rows, d, mask, lane0, lane1);
    }
}

#[rustfmt::skip]
const MASKS: &[Channels] = &[
    Channels { mask: "R", lane0: [0, F, F, F], lane1: [1, F, F, F] },
    Channels { mask: "G", lane0: [F, 0, F, F], lane1: [F, 1, F, F] },
    Channels { mask: "RG", lane0: [0, 8, F, F], lane1: [1, 9, F, F] },
    Channels { mask: "B", lane0: [F, F, 0, F], lane1: [F, F, 1, F] },
    Channels { mask: "RB", lane0: [0, F, 8, F], lane1: [1, F, 9, F] },
    Channels { mask: "GB", lane0: [F, 0, 8, F], lane1: [F, 1, 9, F] },
    Channels { mask: "RGB", lane0: [0, 8, 16, F], lane1: [1, 9, 17, F] },
    Channels { mask: "A", lane0: [F, F, F, 0], lane1: [F, F, F, 1] },
    Channels { mask: "RA", lane0: [0, F, F, 8], lane1: [1, F, F, 9] },
    Channels { mask: "GA", lane0: [F, 0, F, 8], lane1: [F, 1, F, 9] },
    Channels { mask: "RGA", lane0: [0, 8, F, 16], lane1: [1, 9, F, 17] },
    Channels { mask: "BA", lane0: [F, F, 0, 8], lane1: [F, F, 1, 9] },
    Channels { mask: "RBA", lane0: [0, F, 8, 16], lane1: [1, F, 9, 17] },
    Channels { mask: "GBA", lane0: [F, 0, 8, 16], lane1: [F, 1, 9, 17] },
    Channels { mask: "RGBA", lane0: [0, 8, 16, 24], lane1: [1, 9, 17, 25] },
];
