//! OWORD_LD (instructions/OWORD_LD.md): hand-derived rows, each with its derivation. The
//! offset counts owords: oword `i` is surface bytes `16*(offset+i)..16*(offset+i)+16`.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "oword_ld", file: "catalog/dataport/oword_ld.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let mem = ramp(0, 64);
    let d = "2 owords from oword offset 1: dst[0] = surface[1] (bytes 0x10..0x20), dst[1] = surface[2] (0x20..0x30): VD's first 32 bytes are the ramp from 0x10.";
    rows.add("rows", bti3(row("oword_ld (2) T6 0x1:ud VD.0", &[]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&ramp(0x10, 32))).derived(d));
    let d = "The offset from a register, VOFF = 3: oword 3, bytes 0x30..0x40.";
    rows.add("rows", bti3(row("oword_ld (1) T6 VOFF(0,0)<0;1,0> VD.0", &[]).var_prefix("VOFF", le32(&[3])).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&ramp(0x30, 16))).derived(d));
    let d = "4 owords from offset 0: the surface's 64 bytes.";
    rows.add("rows", bti3(row("oword_ld (4) T6 0x0:ud VD.0", &[]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&ramp(0, 64))).derived(d));
    let d = "Out-of-bound Access (zeros), surface size 0x18: oword 1 is bytes 0x10..0x20, of which 0x10..0x18 are inside and 0x18..0x20 read zero (DATAPORT-BOUNDS-LANE resolved: byte by byte); oword 2 (0x20..0x30) is past the end: zeros.";
    rows.add("bounds", bti3(row("oword_ld (2) T6 0x1:ud VD.0", &[]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x18)
        .expect_reg("VD", 0, some(&[ramp(0x10, 8), vec![0; 24]].concat())).derived(d));
    let d = "DATAPORT-BOUNDS-LANE, literal: oword 1 crosses the end of the 0x18-byte surface and reads zero as a whole; oword 2 too.";
    rows.add("bounds", bti3(row("oword_ld (2) T6 0x1:ud VD.0", &[]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x18).literal(errata::DATAPORT_BOUNDS_LANE)
        .expect_reg("VD", 0, some(&[0; 32])).derived(d));
    let d = "T0 (SLM, ICLLP+): oword 2 is SLM bytes 0x20..0x30.";
    rows.add("surfaces", row("oword_ld (1) %slm 0x2:ud VD.0", &[]).mem("slm", 0, ramp(0x80, 48))
        .expect_reg("VD", 0, some(&ramp(0xa0, 16))).derived(d));
    let d = "T5 (stateless): oword 0x101 is the flat bytes 0x1010..0x1020.";
    rows.add("surfaces", row("oword_ld (1) T5 0x101:ud VD.0", &[]).mem("flat", 0x1000, mem.clone())
        .expect_reg("VD", 0, some(&ramp(0x10, 16))).derived(d));
    let d = "{XEHP+} 16 owords on T0, on xe-hpg: SLM bytes 0..256 (the ramp wraps at 0x100).";
    rows.add("surfaces", wide(Platform::XeHpg, "oword_ld (16) %slm 0x0:ud VQ.0", &[]).mem("slm", 0, ramp(0, 256))
        .expect_reg("VQ", 0, some(&ramp(0, 256))).derived(d));
    let d = "16 owords \"may only be used when surface is T0\": on T6 it is invalid.";
    rows.add("validation", wide(Platform::XeHpg, "oword_ld (16) T6 0x0:ud VQ.0", &[]).expect_invalid("size").derived(d));
    let d = "16 owords are {XEHP+}: on xe-lp it is invalid, even on T0.";
    rows.add("validation", wide(Platform::XeLp, "oword_ld (16) %slm 0x0:ud VQ.0", &[]).expect_invalid("size").derived(d));
    let d = "On gen11 (ICLLP) T0 is allowed: oword 2 is SLM bytes 0x20..0x30.";
    rows.add("surfaces", wide(Platform::Gen11, "oword_ld (1) %slm 0x2:ud VQ.0", &[]).mem("slm", 0, ramp(0x80, 48))
        .expect_reg("VQ", 0, some(&ramp(0xa0, 16))).derived(d));
    let d = "Size encodes 1, 2, 4, 8 (or 16) owords: 3 is invalid.";
    rows.add("validation", row("oword_ld (3) T6 0x0:ud VD.0", &[]).expect_invalid("size").derived(d));
    let d = "The execution mask is NoMask and the text takes no predicate: `(P1)` is invalid.";
    rows.add("validation", row("(P1) oword_ld (1) T6 0x0:ud VD.0", &[]).expect_invalid("pred").derived(d));
    let d = "Offset must have type UD: a D immediate is invalid.";
    rows.add("validation", row("oword_ld (1) T6 0x0:d VD.0", &[]).expect_invalid("offset").derived(d));
    let d = "8 owords (128 bytes) do not fit VD's 64 bytes.";
    rows.add("validation", row("oword_ld (8) T6 0x0:ud VD.0", &[]).expect_invalid("dst").derived(d));
    let d = "Surface: \"T0 (SLM): {ICLLP+} Yes. No for earlier platforms\": on gen9 (SKL) an oword load from T0 is invalid.";
    rows.add("validation", wide(Platform::Gen9, "oword_ld (1) %slm 0x0:ud VQ.0", &[]).expect_invalid("surface").derived(d));
}
