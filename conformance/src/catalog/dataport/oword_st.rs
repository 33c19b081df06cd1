//! OWORD_ST (instructions/OWORD_ST.md): hand-derived rows, each with its derivation. The
//! offset counts owords: oword `i` goes to surface bytes `16*(offset+i)..`.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "oword_st", file: "catalog/dataport/oword_st.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "1 oword to oword offset 1: surface[1] = src[0], bytes 0x10..0x20 take 0xa0..0xaf; the bytes around keep 0xff.";
    rows.add("rows", bti3(row("oword_st (1) T6 0x1:ud VD.0", &[]).var_prefix("VD", ramp(0xa0, 16)).mem("flat", 0x1000, vec![0xff; 48]), 0x1000, 0x40)
        .expect_mem("flat", 0x1000, some(&[vec![0xff; 16], ramp(0xa0, 16), vec![0xff; 16]].concat())).derived(d));
    let d = "As IGC writes it, 4 owords to the oword offset in VOFF = 0: the surface's 64 bytes take VD's.";
    rows.add("rows", bti3(row("oword_st (4) T6 VOFF(0,0)<0;1,0> VD.0", &[]).var_prefix("VD", ramp(0x40, 64)).mem("flat", 0x1000, vec![0xff; 64]), 0x1000, 0x40)
        .expect_mem("flat", 0x1000, some(&ramp(0x40, 64))).derived(d));
    let d = "Out-of-bound Access (dropped), surface size 0x18, 2 owords from offset 1: bytes 0x10..0x18 take 0xa0..0xa7; 0x18..0x30 are dropped and keep 0xff (byte by byte, DATAPORT-BOUNDS-LANE resolved).";
    rows.add("bounds", bti3(row("oword_st (2) T6 0x1:ud VD.0", &[]).var_prefix("VD", ramp(0xa0, 32)).mem("flat", 0x1010, vec![0xff; 32]), 0x1000, 0x18)
        .expect_mem("flat", 0x1010, some(&[ramp(0xa0, 8), vec![0xff; 24]].concat())).derived(d));
    let d = "DATAPORT-BOUNDS-LANE, literal: oword 0 (0x10..0x20) crosses the end of the 0x18-byte surface and is dropped as a whole; every byte keeps 0xff.";
    rows.add("bounds", bti3(row("oword_st (2) T6 0x1:ud VD.0", &[]).var_prefix("VD", ramp(0xa0, 32)).mem("flat", 0x1010, vec![0xff; 32]), 0x1000, 0x18).literal(errata::DATAPORT_BOUNDS_LANE)
        .expect_mem("flat", 0x1010, vec![Some(0xff); 32]).derived(d));
    let d = "T0 (SLM): 2 owords to oword offset 1, SLM bytes 0x10..0x30.";
    rows.add("surfaces", row("oword_st (2) %slm 0x1:ud VD.0", &[]).var_prefix("VD", ramp(0, 32)).mem("slm", 0, vec![0xff; 48])
        .expect_mem("slm", 0, some(&[vec![0xff; 16], ramp(0, 32)].concat())).derived(d));
    let d = "T5 (stateless): oword 0x100 is the flat bytes 0x1000..0x1010.";
    rows.add("surfaces", row("oword_st (1) %scratch 0x100:ud VD.0", &[]).var_prefix("VD", ramp(0, 16)).mem("flat", 0x1000, vec![0xff; 32])
        .expect_mem("flat", 0x1000, some(&[ramp(0, 16), vec![0xff; 16]].concat())).derived(d));
    let d = "8 owords (128 bytes) from VD's 64 bytes: invalid.";
    rows.add("validation", row("oword_st (8) T6 0x0:ud VD.0", &[]).expect_invalid("src").derived(d));
    let d = "Offset must have type UD: a D immediate is invalid.";
    rows.add("validation", row("oword_st (1) T6 0x1:d VD.0", &[]).expect_invalid("offset").derived(d));
    let d = "Surface: \"T0 (SLM): {ICLLP+} Yes. No for earlier platforms\": on gen9 (SKL) an oword store to T0 is invalid.";
    rows.add("validation", wide(Platform::Gen9, "oword_st (1) %slm 0x0:ud VQ.0", &[]).expect_invalid("surface").derived(d));
}
