//! LSC_UNTYPED (instructions/LSC_UNTYPED.md): hand-derived rows, each with its derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "lsc", instruction: "lsc_untyped", file: "catalog/lsc/lsc_untyped.jsonl", rows: add };

fn add(rows: &mut Rows) {
    semantics(rows);
    payloads(rows);
    forms(rows);
    slm_caching(rows);
    slm_address_high_bits(rows);
    surface_elements(rows);
}

/// The surface operand at an element of a general variable (CISA.y `LscVectorOpReg`:
/// `V.C` is element C of row 0, `V(R,C)` element C of row R).
#[rustfmt::skip]
fn surface_elements(rows: &mut Rows) {
    // Two bindless surfaces: offset 0 at 0x2000 (ramp 0x20..) and offset 0x40 at 0x3000
    // (ramp 0x30..), each 0x100 bytes, so an engine reading the wrong element reads the
    // other surface's bytes.
    let bindless = |offset, base| Surface { heap: SurfaceHeap::Bindless, bti: offset, base, size: 0x100, ..Surface::default() };
    let c = |text: &str, vs: Vec<u32>| { case(text).surfaces([bindless(0, 0x2000), bindless(0x40, 0x3000)]).var("VS", le32(&vs)).var("VA32", le32(&[0, 4, 8, 12]))
        .mem(0x2000, ramp(0x20, 16)).mem(0x3000, ramp(0x30, 16)) };
    let d = "LSC_UNTYPED.md, Semantics with Base from the bindless surface: `bss(VS.1)` is VS's UD element 1 = 0x40 (element 0 is 0), the surface at offset 0x40 (base 0x3000); SIMD4 d32 at a32 offsets 0, 4, 8, 12 reads 0x3000..0x3010: VD bytes 0..16 = 30 31 ... 3f.";
    let mut vs = vec![0; 64];
    vs[1] = 0x40;
    rows.add("surface-element", check(c("lsc_load.ugm (M1, 4) VD:d32 bss(VS.1)[VA32]:a32", vs), Want::Reg("VD", 0, some(&ramp(0x30, 16)))).derived(d));
    let d = "`bss(VS(1,2))`: row 1, element 2 of VS's UD elements on xe-hpg's 32-byte GRF = byte 32 + 8 = element 10 = 0x40 (element 0 is 0): the surface at offset 0x40, base 0x3000; VD bytes 0..16 = 30 31 ... 3f.";
    let mut vs = vec![0; 64];
    vs[10] = 0x40;
    rows.add("surface-element", check(c("lsc_load.ugm (M1, 4) VD:d32 bss(VS(1,2))[VA32]:a32", vs), Want::Reg("VD", 0, some(&ramp(0x30, 16)))).derived(d));
    let d = "The surface element must lie inside its variable: VA32 holds 8 UD (32 bytes), and row 1 starts at byte 32: invalid-instruction in surface.";
    rows.add("surface-element", check(c("lsc_load.ugm (M1, 4) VD:d32 bss(VA32(1,0))[VA32]:a32", vec![0; 64]),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "surface")).derived(d));
    let d = "A surface is a UD: VA's elements are UQ, so `bss(VA(0,1))` names no UD element: invalid-instruction in surface.";
    rows.add("surface-element", check(c("lsc_load.ugm (M1, 4) VD:d32 bss(VA(0,1))[VA32]:a32", vec![0; 64]), Want::ErrorAt(ErrorClass::InvalidInstruction, "surface"))
        .derived(d));
}

/// Caching controls on shared local memory, as IGC writes them (erratum LSC-SLM-CACHING).
#[rustfmt::skip]
fn slm_caching(rows: &mut Rows) {
    let text = "lsc_store.slm.wb.wb (M1, 8) flat[VA32]:a32 VS:d32\n\
                lsc_load.slm.ca.ca (M1, 8) VD:d32 flat[VA32]:a32";
    let addrs: Vec<u32> = (0..8).map(|n| 4 * n).collect();
    let c = || case(text).var("VA32", le32(&addrs)).var("VS", ramp(0, 256));
    let d = "LSC-SLM-CACHING resolved: .wb.wb on a store and .ca.ca on a load are rows of the CachingL1 table and SLM accepts them. The SIMD8 d32 store writes lane n's DW of VS (bytes 4n..4n+4, ramp 4n..4n+3) at SLM 4n (VA32 = 0, 4, ..., 28); the load reads them back into DstData[0].elems[n], VD bytes 4n..4n+4: VD bytes 0..32 = 00 01 ... 1f.";
    rows.add("slm-caching", check(c().tag(errata::LSC_SLM_CACHING), Want::Reg("VD", 0, some(&ramp(0, 32)))).derived(d));
    let d = "LSC-SLM-CACHING literal: LSC_UNTYPED.md says SLM accesses take the default caching only, so the store's .wb.wb is invalid-instruction (field caching).";
    rows.add("slm-caching", c().literal(errata::LSC_SLM_CACHING).observe(Vec::new()).expect_invalid("caching").derived(d));
}

/// IGC's tagged SLM pointers: 0x10000000 ORed into an SLM address (erratum
/// SLM-ADDRESS-HIGH-BITS).
#[rustfmt::skip]
fn slm_address_high_bits(rows: &mut Rows) {
    let ff = 0xff;
    let store = || case("lsc_store.slm (M1_NM, 1) flat[VA32]:a32 VS:d32").var("VA32", le32(&[0x1000_0004])).var("VS", ramp(0, 4)).observe(Vec::new()).mem("slm", 0, vec![ff; 12]);
    let d = "SLM-ADDRESS-HIGH-BITS resolved: bits 28-31 of an SLM address do not take part, so the SIMD1 d32 store at VA32 = 0x10000004 writes VS's DW (ramp 00 01 02 03) at SLM bytes 4..8; bytes 0..4 and 8..12 keep 0xff.";
    rows.add("slm-address-high-bits", store().tag(errata::SLM_ADDRESS_HIGH_BITS)
        .expect_mem("slm", 0, some(&[ff, ff, ff, ff, 0, 1, 2, 3, ff, ff, ff, ff])).derived(d));
    let d = "SLM-ADDRESS-HIGH-BITS literal: the address as computed selects the byte: the store writes SLM bytes 0x10000004..0x10000008 (past any work-group's SLM: out of bounds in a launch); bytes 0..12 keep 0xff.";
    rows.add("slm-address-high-bits", store().literal(errata::SLM_ADDRESS_HIGH_BITS)
        .expect_mem("slm", 0, some(&[ff; 12])).expect_mem("slm", 0x1000_0004, some(&[0, 1, 2, 3])).derived(d));
    let load = || case("lsc_load.slm (M1_NM, 1) VD:d32 flat[VA32]:a32").var("VA32", le32(&[0x1000_0008])).observe(Vec::new()).mem("slm", 8, ramp(0x40, 4));
    let d = "SLM-ADDRESS-HIGH-BITS resolved: the SIMD1 d32 load at VA32 = 0x10000008 reads SLM bytes 8..12 (40 41 42 43) into VD bytes 0..4.";
    rows.add("slm-address-high-bits", load().tag(errata::SLM_ADDRESS_HIGH_BITS).expect_reg("VD", 0, some(&ramp(0x40, 4))).derived(d));
    let d = "SLM-ADDRESS-HIGH-BITS literal: the load reads SLM bytes 0x10000008..0x1000000c, never written, which read zero: VD bytes 0..4 = 00 00 00 00.";
    rows.add("slm-address-high-bits", load().literal(errata::SLM_ADDRESS_HIGH_BITS).expect_reg("VD", 0, some(&[0; 4])).derived(d));
}

/// The extent and the byte offset of a data payload (LSC-PAYLOAD-EXTENT; 5_operands.md, Raw
/// Operands).
#[rustfmt::skip]
fn payloads(rows: &mut Rows) {
    let d = "(case, register variable, byte offset, expected register bytes). SIMD1 d32 load into VX, a 4-byte variable: lane 0 reads the d32 at 0x40 (ramp bytes 0x10..0x14) into DstData[0].elems[0], bytes 0..4 of VX. LSC-PAYLOAD-EXTENT resolved: the operand holds the one datum the loop writes.";
    rows.add("payload", check(case("lsc_load.ugm (M1_NM, 1) VX:d32 flat[VA]:a64").var("VA", le64(&[0x40])).mem(0x40, ramp(0x10, 4)).tag(errata::LSC_PAYLOAD_EXTENT),
        Want::Reg("VX", 0, some(&[0x10, 0x11, 0x12, 0x13]))).derived(d));
    let d = "LSC-PAYLOAD-EXTENT literal: a non-transposed d32 operand is one GRF-aligned block of ExecSize data, a whole 32-byte GRF on xe-hpg, and VX has 4 bytes: invalid-instruction in dst.";
    rows.add("payload", check(case("lsc_load.ugm (M1_NM, 1) VX:d32 flat[VA]:a64").var("VA", le64(&[0x40])).literal(errata::LSC_PAYLOAD_EXTENT),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "dst")).derived(d));
    let d = "(case, flat address, expected memory bytes). SIMD1 d32 store from VY, a 4-byte variable holding 0xa1a2a3a4: lane 0 writes Src1Data[0].elems[0] little-endian at 0x80. LSC-PAYLOAD-EXTENT resolved.";
    rows.add("payload", check(case("lsc_store.ugm (M1_NM, 1) flat[VA]:a64 VY:d32").var("VA", le64(&[0x80])).var("VY", le32(&[0xa1a2_a3a4]))
        .tag(errata::LSC_PAYLOAD_EXTENT), Want::Mem(0x80, some(&[0xa4, 0xa3, 0xa2, 0xa1]))).derived(d));
    let d = "LSC-PAYLOAD-EXTENT literal: the store's Src1Data d32 block spans a 32-byte GRF and VY has 4 bytes: invalid-instruction in src1.";
    rows.add("payload", check(case("lsc_store.ugm (M1_NM, 1) flat[VA]:a64 VY:d32").var("VA", le64(&[0x80])).literal(errata::LSC_PAYLOAD_EXTENT),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "src1")).derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). The raw operand VD.32 (5_operands.md, Raw Operands: 32 bytes into VD, one xe-hpg GRF): the transposed d32x8t load puts the 8 d32 at 0x100 (ramp bytes 0..32) at VD bytes 32..64; bytes 0..32 keep their zeros.";
    rows.add("payload", check(case("lsc_load.ugm (M1_NM, 1) VD.32:d32x8t flat[VA]:a64").var("VA", le64(&[0x100])).mem(0x100, ramp(0, 32)),
        Want::Reg("VD", 0, some(&cat(&[&[0u8; 32], &ramp(0, 32)])))).derived(d));
    let d = "5_operands.md, Raw Operands: a raw operand is GRF-aligned; VD.16 is half a 32-byte xe-hpg GRF: invalid-instruction in dst.";
    rows.add("payload", check(case("lsc_load.ugm (M1_NM, 1) VD.16:d32x4t flat[VA]:a64").var("VA", le64(&[0x100])),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "dst")).derived(d));
}

#[rustfmt::skip]
fn semantics(rows: &mut Rows) {
    let d = "(case, register variable, byte offset, expected register bytes). SIMD4 d32 gather, a64: lane n reads 0x1000 + 4*(3-n): words 3,2,1,0 of the ramp at 0x1000.";
    rows.add("load", check(case("lsc_load.ugm (M1, 4) VD:d32 flat[VA]:a64").var("VA", le64(&[0x100c, 0x1008, 0x1004, 0x1000])).mem(0x1000, ramp(0, 16)),
        Want::Reg("VD", 0, some(&[12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3]))).derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). a32 wrap: 0xffff_fff8 + 0x10 = 0x1_0000_0008, modulo 2^32 0x8: bytes 8..12 of the ramp at 0.";
    rows.add("load", check(case("lsc_load.ugm (M1, 1) VD:d32 flat[VA32+0x10]:a32").var("VA32", le32(&[0xffff_fff8])).mem(0, ramp(0, 16)),
        Want::Reg("VD", 0, some(&[8, 9, 10, 11]))).derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). a16 wrap with a scale: 4*0 - 4 = -4, modulo 2^16 0xfffc; the ramp at 0xfffc starts at 0x40.";
    rows.add("load", check(case("lsc_load.ugm (M1, 1) VD:d32 flat[0x4*VA16-0x4]:a16").var("VA16", le16(&[0])).mem(0xfffc, ramp(0x40, 4)),
        Want::Reg("VD", 0, some(&[0x40, 0x41, 0x42, 0x43]))).derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). Scale: 0x8*2 + 0x1 = 0x11: the byte 0x11 of the ramp at 0, one d8 per lane in a d8 GRF row.";
    rows.add("load", check(case("lsc_load.ugm (M1, 1) VD:d8 flat[0x8*VA32+0x1]:a32").var("VA32", le32(&[2])).mem(0, ramp(0, 32)), Want::Reg("VD", 0, some(&[0x11])))
        .derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). Transposed d32x4t at bti 2 (base 0x2000, size 0x10), offset 8: elements at offsets 8, 0xc (ramp bytes 8..16) are inside; 0x10, 0x14 are past the size: zero (LSC-SURFACE-BOUNDS).";
    rows.add("load", check(case("lsc_load.ugm (M1_NM, 1) VD:d32x4t bti(0x2)[VA32]:a32").var("VA32", le32(&[8])).mem(0x2000, ramp(0, 32)).surface(2, 0x2000, 0x10),
        Want::Reg("VD", 0, some(&[8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0]))).derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). d32x2 SIMD2, non-transposed: DstData[v].elems[n]; each DstData[v] is one 32-byte GRF on xe-hpg. Lane 0 at 0x100 (words 0x100, 0x104), lane 1 at 0x200. Register bytes 0..8 hold v=0 of lanes 0, 1: mem 0x100..0x104 (ramp 0..4) then 0x200..0x204 (ramp 0x80..0x84).";
    rows.add("load", check(case("lsc_load.ugm (M1, 2) VD:d32x2 flat[VA]:a64").var("VA", le64(&[0x100, 0x200])).mem(0x100, ramp(0, 8)).mem(0x200, ramp(0x80, 8)),
        Want::Reg("VD", 0, some(&[0, 1, 2, 3, 0x80, 0x81, 0x82, 0x83]))).derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). ... and bytes 32..40 hold v=1: mem 0x104..0x108 then 0x204..0x208.";
    rows.add("load", check(case("lsc_load.ugm (M1, 2) VD:d32x2 flat[VA]:a64").var("VA", le64(&[0x100, 0x200])).mem(0x100, ramp(0, 8)).mem(0x200, ramp(0x80, 8)),
        Want::Reg("VD", 32, some(&[4, 5, 6, 7, 0x84, 0x85, 0x86, 0x87]))).derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). d16u32h: the 16-bit datum 0x1234 lands in the upper half, the lower half zero (LSC-DATA-U32).";
    rows.add("load", check(case("lsc_load.ugm (M1, 1) VD:d16u32h flat[VA]:a64").var("VA", le64(&[0x40])).mem(0x40, vec![0x34, 0x12]),
        Want::Reg("VD", 0, some(&[0, 0, 0x34, 0x12]))).derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). d8u32: the byte zero-extended to 32 bits.";
    rows.add("load", check(case("lsc_load.ugm (M1, 1) VD:d8u32 flat[VA]:a64").var("VA", le64(&[0x40])).mem(0x40, vec![0xfe]).tag(errata::LSC_DATA_U32),
        Want::Reg("VD", 0, some(&[0xfe, 0, 0, 0]))).derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). LSC-DATA-U32 literal: the three widened bytes are undefined.";
    rows.add("load", check(case("lsc_load.ugm (M1, 1) VD:d8u32 flat[VA]:a64").var("VA", le64(&[0x40])).mem(0x40, vec![0xfe]).literal(errata::LSC_DATA_U32),
        Want::Reg("VD", 0, vec![Some(0xfe), None, None, None])).derived(d));
    let d = "(case, register variable, byte offset, expected register bytes). Predicate 0b01: lane 1 is off and its element keeps VD's 0xaa bytes.";
    rows.add("load", check(case("(P1) lsc_load.ugm (M1, 2) VD:d32 flat[VA]:a64").var("VA", le64(&[0x10, 0x20])).var("VD", vec![0xaa; 256]).mem(0x10, ramp(1, 4))
        .mem(0x20, ramp(9, 4)).pred(0b01), Want::Reg("VD", 0, some(&[1, 2, 3, 4, 0xaa, 0xaa, 0xaa, 0xaa]))).derived(d));
    let d = "(case, flat address, expected memory bytes). d32x2 SIMD2 store: Src1Data[v].elems[n]; VS bytes 0..8 are v=0 of lanes 0,1 (0x11.., 0x22..), bytes 32..40 v=1 (0x33.., 0x44..). Lane 0 at 0x100 writes its v=0 then v=1: 11 11 11 11 33 33 33 33.";
    rows.add("store", check(case("lsc_store.ugm (M1, 2) flat[VA]:a64 VS:d32x2").var("VA", le64(&[0x100, 0x200]))
        .var("VS", [vec![0x11; 4], vec![0x22; 4], vec![0; 24], vec![0x33; 4], vec![0x44; 4]].concat()),
        Want::Mem(0x100, some(&[0x11, 0x11, 0x11, 0x11, 0x33, 0x33, 0x33, 0x33]))).derived(d));
    let d = "(case, flat address, expected memory bytes). ... lane 1 at 0x200: 22 22 22 22 44 44 44 44.";
    rows.add("store", check(case("lsc_store.ugm (M1, 2) flat[VA]:a64 VS:d32x2").var("VA", le64(&[0x100, 0x200]))
        .var("VS", [vec![0x11; 4], vec![0x22; 4], vec![0; 24], vec![0x33; 4], vec![0x44; 4]].concat()),
        Want::Mem(0x200, some(&[0x22, 0x22, 0x22, 0x22, 0x44, 0x44, 0x44, 0x44]))).derived(d));
    let d = "(case, flat address, expected memory bytes). Transposed d16x4t at SIMD1: Src1Data[0].elems[v] are VS's first 8 bytes, stored from 0x300.";
    rows.add("store", check(case("lsc_store.ugm (M1_NM, 1) flat[VA32]:a32 VS:d16x4t").var("VA32", le32(&[0x300])).var("VS", ramp(0x60, 8)),
        Want::Mem(0x300, some(&ramp(0x60, 8)))).derived(d));
    let d = "(case, flat address, expected memory bytes). Two lanes store 0x01010101 and 0x01020304 to 0x400: bytes 0x400 (04 vs 01), 0x401 (03 vs 01) and 0x402 (02 vs 01) differ and are undefined; 0x403 is 01 under every order.";
    rows.add("store", check(case("lsc_store.ugm (M1, 2) flat[VA]:a64 VS:d32").var("VA", le64(&[0x400, 0x400])).var("VS", le32(&[0x0101_0101, 0x0102_0304])),
        Want::Mem(0x400, vec![None, None, None, Some(1)])).derived(d));
    let d = "(case, flat address, expected memory bytes). Out of bounds: bti 1 has size 6; a d32x2t store at offset 2 writes offsets 2..6 and drops 6..10.";
    rows.add("store", check(case("lsc_store.ugm (M1_NM, 1) bti(0x1)[VA32]:a32 VS:d32x2t").var("VA32", le32(&[2])).var("VS", ramp(0x10, 8)).mem(0x500, vec![0xee; 12])
        .surface(1, 0x500, 6), Want::Mem(0x500, some(&[0xee, 0xee, 0x10, 0x11, 0x12, 0x13, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee]))).derived(d));
    let d = "(case, flat address, expected memory bytes). a16 wrap: 0xfffe + 4 = 0x1_0002, modulo 2^16 2: the d16 lands at flat 2.";
    rows.add("store", check(case("lsc_store.ugm (M1, 1) flat[VA16+0x4]:a16 VS:d16").var("VA16", le16(&[0xfffe])).var("VS", vec![0xcd, 0xab]),
        Want::Mem(0x2, some(&[0xcd, 0xab]))).derived(d));
    let d = "(case, flat address, expected memory bytes). d16u32h store: the upper half of the register element (0xabcd of 0xabcd1234).";
    rows.add("store", check(case("lsc_store.ugm (M1, 1) flat[VA]:a64 VS:d16u32h").var("VA", le64(&[0x20])).var("VS", le32(&[0xabcd_1234])),
        Want::Mem(0x20, some(&[0xcd, 0xab]))).derived(d));
    let d = "(case, flat address, expected memory bytes). LSC-STORE-ELEM-OFFSET literal: both elements (0x11.., 0x33..) land on 0x100: undefined; the next word keeps its initial 0xee bytes.";
    rows.add("store", check(case("lsc_store.ugm (M1, 1) flat[VA]:a64 VS:d32x2").var("VA", le64(&[0x100]))
        .var("VS", [vec![0x11; 4], vec![0; 28], vec![0x33; 4]].concat()).mem(0x100, vec![0xee; 8]).literal(errata::LSC_STORE_ELEM_OFFSET),
        Want::Mem(0x100, vec![None, None, None, None, Some(0xee), Some(0xee), Some(0xee), Some(0xee)])).derived(d));
    let d = "(case, flat address, expected memory bytes). LSC-STORE-DSTDATA literal: the stored word is undefined.";
    rows.add("store", check(case("lsc_store.ugm (M1, 1) flat[VA]:a64 VS:d32").var("VA", le64(&[0x100])).var("VS", le32(&[7])).literal(errata::LSC_STORE_DSTDATA),
        Want::Mem(0x100, vec![None, None, None, None])).derived(d));
    let d = "LSC is from xe-hpg on: checked on xe-lp below.";
    rows.add("surface", check(case("lsc_load.ugm (M1, 4) VD:d32 bss(0x5)[VA]:a64"), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "Strided and quad loads: (case, register byte offset in VD, expected bytes). LOAD_STRIDED SIMD4 d32, pitch 8: lane n reads 0x1000 + 8n (LSC-STRIDED-ADDR resolved): ramp bytes 0..4, 8..12, 16..20, 24..28.";
    rows.add("strided-quad", check(case("lsc_load_strided.ugm (M1, 4) VD:d32 flat[VA, 0x8]:a64").var("VA", le64(&[0x1000])).mem(0x1000, ramp(0, 32)),
        Want::Reg("VD", 0, some(&[0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27]))).derived(d));
    let d = "Strided and quad loads: (case, register byte offset in VD, expected bytes). Default pitch of d32x2 = 2*4 = 8: lane 1 at 0x1008. DstData[0] holds element 0 of lanes 0 and 1: ramp 0..4 then 8..12.";
    rows.add("strided-quad", check(case("lsc_load_strided.ugm (M1, 2) VD:d32x2 flat[VA]:a64").var("VA", le64(&[0x1000])).mem(0x1000, ramp(0, 32)),
        Want::Reg("VD", 0, some(&[0, 1, 2, 3, 8, 9, 10, 11]))).derived(d));
    let d = "Strided and quad loads: (case, register byte offset in VD, expected bytes). ... and DstData[1] (the next 32-byte GRF) element 1: ramp 4..8 then 12..16.";
    rows.add("strided-quad", check(case("lsc_load_strided.ugm (M1, 2) VD:d32x2 flat[VA]:a64").var("VA", le64(&[0x1000])).mem(0x1000, ramp(0, 32)),
        Want::Reg("VD", 32, some(&[4, 5, 6, 7, 12, 13, 14, 15]))).derived(d));
    let d = "Strided and quad loads: (case, register byte offset in VD, expected bytes). bti 1 at base 0x2000 (size 0x3000), scale 2, base address 4, pitch 4: resolved offset 2*4 = 8, lane 0 at 0x2008 (ramp 0x10 there)...";
    rows.add("strided-quad", check(case("lsc_load_strided.ugm (M1, 1) VD:d32 bti(0x1)[0x2*VA32, 0x4]:a32").var("VA32", le32(&[4])).mem(0x2008, ramp(0x10, 4))
        .mem(0x4008, ramp(0x70, 4)).surface(1, 0x2000, 0x3000).tag(errata::LSC_STRIDED_ADDR), Want::Reg("VD", 0, some(&[0x10, 0x11, 0x12, 0x13]))).derived(d));
    let d = "Strided and quad loads: (case, register byte offset in VD, expected bytes). ... LSC-STRIDED-ADDR literal `AddrScale*(Base + Src0Addrs)`: 2*(0x2000 + 4) = 0x4008 (ramp 0x70).";
    rows.add("strided-quad", check(case("lsc_load_strided.ugm (M1, 1) VD:d32 bti(0x1)[0x2*VA32, 0x4]:a32").var("VA32", le32(&[4])).mem(0x2008, ramp(0x10, 4))
        .mem(0x4008, ramp(0x70, 4)).surface(1, 0x2000, 0x3000).literal(errata::LSC_STRIDED_ADDR), Want::Reg("VD", 0, some(&[0x70, 0x71, 0x72, 0x73]))).derived(d));
    let d = "Strided and quad loads: (case, register byte offset in VD, expected bytes). LOAD_QUAD .xz SIMD2: lane 0 at 0x100, lane 1 at 0x200. DstData[0] = X (offset 0) of both lanes: 0x100.. (ramp 0) and 0x200.. (ramp 0x80).";
    rows.add("strided-quad", check(case("lsc_load_quad.ugm (M1, 2) VD:d32.xz flat[VA]:a64").var("VA", le64(&[0x100, 0x200])).mem(0x100, ramp(0, 16))
        .mem(0x200, ramp(0x80, 16)), Want::Reg("VD", 0, some(&[0, 1, 2, 3, 0x80, 0x81, 0x82, 0x83]))).derived(d));
    let d = "Strided and quad loads: (case, register byte offset in VD, expected bytes). ... DstData[1] = Z (channel 2, offset 8): ramp 8..12 and 0x88..0x8c.";
    rows.add("strided-quad", check(case("lsc_load_quad.ugm (M1, 2) VD:d32.xz flat[VA]:a64").var("VA", le64(&[0x100, 0x200])).mem(0x100, ramp(0, 16))
        .mem(0x200, ramp(0x80, 16)), Want::Reg("VD", 32, some(&[8, 9, 10, 11, 0x88, 0x89, 0x8a, 0x8b]))).derived(d));
    let d = "Strided and quad loads: (case, register byte offset in VD, expected bytes). ChMask .w alone: DstData[0] = W (offset 12): ramp 12..16.";
    rows.add("strided-quad", check(case("lsc_load_quad.ugm (M1, 1) VD:d32.w flat[VA]:a64").var("VA", le64(&[0x100])).mem(0x100, ramp(0, 16)),
        Want::Reg("VD", 0, some(&[12, 13, 14, 15]))).derived(d));
    let d = "Strided and quad loads: (case, register byte offset in VD, expected bytes). ChMask .xyzw: DstData[3] (byte 96) = W.";
    rows.add("strided-quad", check(case("lsc_load_quad.ugm (M1, 1) VD:d32.xyzw flat[VA]:a64").var("VA", le64(&[0x100])).mem(0x100, ramp(0, 16)),
        Want::Reg("VD", 96, some(&[12, 13, 14, 15]))).derived(d));
    let d = "Strided and quad stores: (case, flat address, expected bytes). STORE_STRIDED SIMD2 d32 pitch 0x10: lane 0 (0x11..) at 0x100, lane 1 (0x22..) at 0x110.";
    rows.add("strided-quad", check(case("lsc_store_strided.ugm (M1, 2) flat[VA, 0x10]:a64 VS:d32").var("VA", le64(&[0x100]))
        .var("VS", le32(&[0x1111_1111, 0x2222_2222])).mem(0x100, vec![0xee; 0x14]),
        Want::Mem(0x100, [some(&[0x11; 4]), some(&[0xee; 12]), some(&[0x22; 4])].concat())).derived(d));
    let d = "Strided and quad stores: (case, flat address, expected bytes). Default pitch d16x2 = 4: a packed block; lane 0's elements 0xa0a1, 0xb0b1 (Src1Data[0], [1] element 0), lane 1's 0xc0c1, 0xd0d1.";
    rows.add("strided-quad", check(case("lsc_store_strided.ugm (M1, 2) flat[VA]:a64 VS:d16x2").var("VA", le64(&[0x100]))
        .var("VS", [le16(&[0xa0a1, 0xc0c1]), vec![0; 28], le16(&[0xb0b1, 0xd0d1])].concat()),
        Want::Mem(0x100, some(&[0xa1, 0xa0, 0xb1, 0xb0, 0xc1, 0xc0, 0xd1, 0xd0]))).derived(d));
    let d = "Strided and quad stores: (case, flat address, expected bytes). LSC-STORE-STRIDED-V literal with a pitch: lane n at its own Src0Addrs[n] + n*pitch: lane 0 at 0x100, lane 1 at 0x200 + 4 = 0x204.";
    rows.add("strided-quad", check(case("lsc_store_strided.ugm (M1, 2) flat[VA, 0x4]:a64 VS:d32").var("VA", le64(&[0x100, 0x200]))
        .var("VS", le32(&[0x1111_1111, 0x2222_2222])).literal(errata::LSC_STORE_STRIDED_V), Want::Mem(0x204, some(&[0x22; 4]))).derived(d));
    let d = "Strided and quad stores: (case, flat address, expected bytes). STORE_QUAD .yw SIMD1: Src1Data[0] (0x11..) to Y at +4, Src1Data[1] (byte 32, 0x33..) to W at +12; X and Z keep 0xee.";
    rows.add("strided-quad", check(case("lsc_store_quad.ugm (M1, 1) flat[VA]:a64 VS:d32.yw").var("VA", le64(&[0x100]))
        .var("VS", [vec![0x11; 4], vec![0; 28], vec![0x33; 4]].concat()).mem(0x100, vec![0xee; 16]),
        Want::Mem(0x100, [some(&[0xee; 4]), some(&[0x11; 4]), some(&[0xee; 4]), some(&[0x33; 4])].concat())).derived(d));
    let d = "LSC-STORE-STRIDED-V literal with a pitch reads Src0Addrs[n] inside `if (Msg.ChEn[n])` (LSC_UNTYPED.md, Semantics STORE_STRIDED). VA1 holds one address: with P1 = 0b01 lane 1 never reads its address and lane 0 stores VS's first d32 at VA1[0] + 0*4 = 0x100.";
    rows.add("strided-quad", check(case("(P1) lsc_store_strided.ugm (M1, 2) flat[VA1, 0x4]:a64 VS:d32").var("VA1", le64(&[0x100]))
        .var("VS", le32(&[0x1111_1111, 0x2222_2222])).pred(0b01).literal(errata::LSC_STORE_STRIDED_V), Want::Mem(0x100, some(&[0x11; 4]))).derived(d));
    let d = "LSC messages exist from xe-hpg on: xe-lp has no LSC.";
    let c = case("lsc_load.ugm (M1, 4) VD:d32 flat[VA]:a64").on(Platform::XeLp);
    rows.add("platform", check(c, Want::Error(ErrorClass::InvalidInstruction)).derived(d));
    let d = "Under LSC-STORE-STRIDED-V literal an enabled lane n reads `Src0Addrs[n]`: past the \
             one address VA1 holds, lane 1's read is outside the operand (undefined behaviour \
             on `src0`), and nothing is stored. Resolved, every lane reads Src0AddrBase alone \
             and the store runs: lane 0 at 0x100 + 0*4, lane 1 at 0x100 + 1*4.";
    let text = "lsc_store_strided.ugm (M1, 2) flat[VA1, 0x4]:a64 VS:d32";
    let run = |c: Case| c.var("VA1", le64(&[0x100])).var("VS", le32(&[0x1111_1111, 0x2222_2222])).mem(0x100, vec![0xee; 8]);
    let row = check(run(case(text)).literal(errata::LSC_STORE_STRIDED_V), Want::ErrorAt(ErrorClass::UndefinedBehaviour, "src0"));
    rows.add("strided-quad", row.derived(d));
    let row = check(run(case(text)).tag(errata::LSC_STORE_STRIDED_V), Want::Mem(0x100, [some(&[0x11; 4]), some(&[0x22; 4])].concat()));
    rows.add("strided-quad", row.derived(d));
    let d = "LSC-STORE-STRIDED-V literal without a pitch (the default): undefined behaviour.";
    let c = case("lsc_store_strided.ugm (M1, 2) flat[VA]:a64 VS:d32").var("VA", le64(&[0x100])).literal(errata::LSC_STORE_STRIDED_V);
    rows.add("strided-quad", check(c, Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
}

/// The validation rows (instructions/LSC_UNTYPED.md, Format, operand descriptions, Text,
/// Examples): valid forms run, invalid ones name the field at fault.
#[rustfmt::skip]
fn forms(rows: &mut Rows) {
    form_rows(rows, EXAMPLES);
    let d = "LSC_UNTYPED.md, Examples: an SLM load at 0x4*VA32-0x10 (a32); valid. VA32 = 4, 5, ... puts lane n at 4n, inside SLM.";
    let lanes: Vec<u32> = (4..20).collect();
    rows.add("forms", form("lsc_load.slm (M1, 16) VD:d32x4 flat[0x4*VA32-0x10]:a32").var("VA32", le32(&lanes)).observe(Vec::new()).derived(d));
    form_rows(rows, FORMS);
    let d = "LSC-SLM-CACHING literal: LSC_UNTYPED.md's CachingL1 says SLM accesses take the default caching only, so .uc.uc on an SLM load is invalid-instruction.";
    let row = Case::new(FORM_DECLS, "lsc_load.slm.uc.uc (M1, 16) VD:d32 flat[VA32]:a32").literal(errata::LSC_SLM_CACHING).observe(Vec::new());
    rows.add("invalid", row.expect_invalid("caching").derived(d));
    form_rows(rows, INVALID);
}

#[rustfmt::skip]
const EXAMPLES: &[Forms] = &[
    Forms { d: "LSC_UNTYPED.md, Text and Examples: the load and store forms of the Examples and of the reference syntax (caching, %null DstData, a scaled and offset a32 SLM address, transposed arg and bti loads, bss, a16 with d16u32h, predication, the uncompressed store); valid.", field: "", texts: &[
        "lsc_load.ugm.uc.uc (M1, 16) VD:d32 flat[VA+0x100]:a64",
        "lsc_load.ugm (M1, 16) %null:d32 flat[VA]:a64",
        "lsc_load.ugm (M1_NM, 1) VD:d32t arg[VA32]:a32",
        "lsc_load.ugm.ca.ca (M1, 16) VD:d32x4 flat[VA+0x100]:a64",
        "lsc_load.ugm (M1_NM, 1) VD:d32x16t bti(0x4)[VA32]:a32",
        "lsc_load.ugm.uc.uc (M1, 16) VD:d32 bss(V1)[VA]:a64",
        "lsc_load.ugm (M1, 16) VD:d16u32h flat[VA]:a16",
        "(P1) lsc_load.ugm (M1, 16) VD:d8 flat[VA]:a64",
        "lsc_store.ugm (M1, 16) flat[VA]:a64 VD:d32",
        "lsc_store.ugm.wb.wb (M1, 16) flat[VA]:a64 VD:d64x2",
        "lsc_store_uncompressed.ugm (M1, 16) flat[VA]:a64 VD:d32",
    ] },
];

#[rustfmt::skip]
const FORMS: &[Forms] = &[
    Forms { d: "LSC_UNTYPED.md, Text: strided forms (an immediate pitch, a variable pitch, or none) and quad forms (channels named in x y z w order); valid.", field: "", texts: &[
        "lsc_load_strided.ugm (M1, 16) VD:d32x2 flat[VA+0x10, 0x8]:a64",
        "lsc_load_strided.ugm (M1, 16) VD:d32 flat[VA, V1]:a64",
        "lsc_store_strided.ugm (M1, 16) flat[VA]:a64 VD:d64",
        "lsc_load_quad.ugm (M1, 16) VD:d32.xyzw flat[VA]:a64",
        "lsc_store_quad.ugm (M1, 8) bti(0x2)[VA32]:a32 VD:d32.xz",
    ] },
    Forms { d: "LSC_UNTYPED.md, LscSFID: ugm, ugml, slm (tgm is LSC_TYPED's).", field: "sfid", texts: &["lsc_load.tgm (M1, 16) VD:d32 flat[VA]:a64"] },
    Forms { d: CACHING, field: "caching", texts: &["lsc_load.ugm.ca.wb (M1, 16) VD:d32 flat[VA]:a64", "lsc_store.ugm.ca.ca (M1, 16) flat[VA]:a64 VD:d32"] },
];

const CACHING: &str = "LSC_UNTYPED.md, CachingL1 table: .ca.wb is no combination of loads, .ca.ca none of stores; SLM takes the default only; .xx is no caching option.";

#[rustfmt::skip]
const INVALID: &[Forms] = &[
    Forms { d: CACHING, field: "caching", texts: &["lsc_load.ugm.xx (M1, 16) VD:d32 flat[VA]:a64"] },
    Forms { d: "LSC_UNTYPED.md, DataSize and DataElemsPerAddr tables: no d24, no x5.", field: "dst",
            texts: &["lsc_load.ugm (M1, 16) VD:d24 flat[VA]:a64", "lsc_load.ugm (M1, 16) VD:d32x5 flat[VA]:a64"] },
    Forms { d: "LSC_UNTYPED.md, Transpose: a transposed access is SIMD1 only.", field: "exec_size", texts: &["lsc_load.ugm (M1, 16) VD:d32x4t flat[VA]:a64"] },
    Forms { d: "LSC_UNTYPED.md, LOAD_QUAD: the channels are x y z w in order, and the shape names them.", field: "dst",
            texts: &["lsc_load_quad.ugm (M1, 16) VD:d32.zx flat[VA]:a64", "lsc_load_quad.ugm (M1, 16) VD:d32 flat[VA]:a64"] },
    Forms { d: "LSC_UNTYPED.md, LOAD_STRIDED: a pitch is an immediate or a plain variable, and only strided forms take one.", field: "address",
            texts: &["lsc_load_strided.ugm (M1, 16) VD:d32 flat[VA, 0x2*V1]:a64", "lsc_load.ugm (M1, 16) VD:d32 flat[VA, 0x8]:a64"] },
    Forms { d: "LSC_UNTYPED.md, operand sizes: d32x4 SIMD16 spans 4 x 64 bytes and VS has 32.", field: "dst", texts: &["lsc_load.ugm (M1, 16) VS:d32x4 flat[VA]:a64"] },
    Forms { d: "LSC_UNTYPED.md, operand sizes: SIMD32 a64 addresses span 256 bytes and VA32 has 128.", field: "src0", texts: &["lsc_load.ugm (M1, 32) VD:d32 flat[VA32]:a64"] },
    Forms { d: "LSC_UNTYPED.md, Src1Data: a store reads its data, so it is not %null.", field: "src1", texts: &["lsc_store.ugm (M1, 16) flat[VA]:a64 %null:d32"] },
    Forms { d: "LSC_UNTYPED.md, DstData: a surface variable is not data.", field: "dst", texts: &["lsc_load.ugm (M1, 16) T1:d32 flat[VA]:a64"] },
    Forms { d: "LSC_UNTYPED.md, AddrType: a stateful type needs a surface, flat takes none.", field: "surface",
            texts: &["lsc_load.ugm (M1, 16) VD:d32 bti[VA32]:a32", "lsc_load.ugm (M1, 16) VD:d32 flat(0x1)[VA32]:a32"] },
    Forms { d: "LSC_UNTYPED.md, AddrType: SLM is flat; surf is no address type.", field: "address",
            texts: &["lsc_load.slm (M1, 16) VD:d32 bti(0x1)[VA32]:a32", "lsc_load.ugm (M1, 16) VD:d32 surf(V1)[VA32]:a32"] },
    Forms { d: "LSC_UNTYPED.md, AddrSize: a16, a32, a64; a32u is none.", field: "address", texts: &["lsc_load.ugm (M1, 16) VD:d32 flat[VA]:a32u"] },
];
