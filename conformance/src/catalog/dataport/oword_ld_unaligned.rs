//! OWORD_LD_UNALIGNED (instructions/OWORD_LD_UNALIGNED.md): hand-derived rows, each with
//! its derivation. The offset counts bytes (OWORD-LD-UNALIGNED-OFFSET, resolved): oword `i`
//! is surface bytes `offset + 16*i..offset + 16*i + 16`.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "oword_ld_unaligned", file: "catalog/dataport/oword_ld_unaligned.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let mem = ramp(0, 64);
    let d = "1 oword from byte offset 4 (dword-aligned): surface bytes 4..20.";
    rows.add("rows", bti3(row("oword_ld_unaligned (1) T6 0x4:ud VD.0", &[]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&ramp(4, 16))).derived(d));
    let d = "As IGC writes it, 4 owords from the byte offset in VOFF = 0: the surface's 64 bytes.";
    rows.add("rows", bti3(row("oword_ld_unaligned (4) T6 VOFF(0,0)<0;1,0> VD.0", &[]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&ramp(0, 64))).derived(d));
    let d = "Out-of-bound Access (zeros), surface size 0x40, 2 owords from byte 0x24: oword 0 is 0x24..0x34, inside; oword 1 is 0x34..0x44: 0x34..0x40 inside, 0x40..0x44 read zero (byte by byte, DATAPORT-BOUNDS-LANE resolved).";
    rows.add("bounds", bti3(row("oword_ld_unaligned (2) T6 0x24:ud VD.0", &[]).mem("flat", 0x1000, ramp(0, 80)), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&[ramp(0x24, 28), vec![0; 4]].concat())).derived(d));
    let d = "DATAPORT-BOUNDS-LANE, literal: oword 1 (0x34..0x44) crosses the end and reads zero as a whole; oword 0 is inside.";
    rows.add("bounds", bti3(row("oword_ld_unaligned (2) T6 0x24:ud VD.0", &[]).mem("flat", 0x1000, ramp(0, 80)), 0x1000, 0x40).literal(errata::DATAPORT_BOUNDS_LANE)
        .expect_reg("VD", 0, some(&[ramp(0x24, 16), vec![0; 16]].concat())).derived(d));
    let d = "OWORD-LD-UNALIGNED-OFFSET, resolved: byte offset 6 is not dword-aligned: undefined behaviour.";
    rows.add("alignment", bti3(row("oword_ld_unaligned (1) T6 0x6:ud VD.0", &[]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "OWORD-LD-UNALIGNED-OFFSET, literal: the loop's surface[offset+i] counts owords as OWORD_LD's: offset 2 reads bytes 0x20..0x30 (resolved: 2..0x12 would be undefined, 2 not being a multiple of 4).";
    rows.add("alignment", bti3(row("oword_ld_unaligned (1) T6 0x2:ud VD.0", &[]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40).literal(errata::OWORD_LD_UNALIGNED_OFFSET)
        .expect_reg("VD", 0, some(&ramp(0x20, 16))).derived(d));
    let d = "T0 (SLM): byte offset 8 reads SLM bytes 8..0x18.";
    rows.add("surfaces", row("oword_ld_unaligned (1) %slm 0x8:ud VD.0", &[]).mem("slm", 0, ramp(0x80, 32))
        .expect_reg("VD", 0, some(&ramp(0x88, 16))).derived(d));
    let d = "T5 (stateless): byte offset 0x1004 is the flat address 0x1004.";
    rows.add("surfaces", row("oword_ld_unaligned (1) T5 0x1004:ud VD.0", &[]).mem("flat", 0x1000, mem.clone())
        .expect_reg("VD", 0, some(&ramp(4, 16))).derived(d));
    let d = "The text takes an oword count, no mask control: `(M1, 4)` is invalid.";
    rows.add("validation", row("oword_ld_unaligned (M1, 4) T6 0x0:ud VD.0", &[]).expect_invalid("size").derived(d));
}
