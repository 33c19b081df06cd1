//! RAW_SEND and RAW_SENDS (instructions/RAW_SEND.md, RAW_SENDS.md) carrying LSC messages:
//! hand-derived rows, each with the derivation of its descriptor's bits (the LSC descriptor,
//! docs/raw-send.md: `Desc[5:0]` opcode, `[8:7]` address size, `[11:9]` data size, `[14:12]` vector
//! size, `[15]` transposed, `[19:17]` caching, `[24:20]` rlen, `[28:25]` mlen, `[30:29]` address
//! type; `ExDesc[31:24]` the binding-table index) and of the bytes it moves. On xe-hpg, 32-byte
//! registers.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "send", instruction: "raw_send", file: "catalog/send/raw_send.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let addrs: Vec<u32> = (0..8).map(|n| 0x100 + 4 * n).collect();
    let d = "Desc 0x02100500: [5:0] 0x00 load, [8:7] 2 a32, [11:9] 2 d32, [14:12] 0 one element, [15] 0, [19:17] 0 df.df, [24:20] 1 rlen, [28:25] 1 mlen, [30:29] 0 flat; SFID 15 UGM. SIMD8 a32 addresses are 32 bytes, one register (mlen 1), the d32 data one register (rlen 1). It is `lsc_load.ugm (M1, 8) VD:d32 flat[VA32]:a32`: lane n reads the DW at 0x100 + 4n (VA32), bytes 0x40 + 4n..: VD bytes 0..32 = 40 41 ... 5f.";
    rows.add("lsc-load", check(case("raw_sends.15.1.0.1 (M1, 8) 0x0:ud 0x2100500:ud VA32.0 %null.0 VD.0").var("VA32", le32(&addrs)).mem(0x100, ramp(0x40, 32)),
        Want::Reg("VD", 0, some(&ramp(0x40, 32)))).derived(d));
    let d = "RAW_SEND, one payload: ExMsgDesc 0xf names the shared function (ExDesc[3:0] = 15, UGM); NumSrc 1 and NumDst 1 are Desc 0x02100500's mlen and rlen, the same SIMD8 d32 a32 load as the RAW_SENDS row: VD bytes 0..32 = 40 41 ... 5f.";
    rows.add("lsc-load", check(case("raw_send (M1, 8) 0xf:ud 1 1 0x2100500:ud VA32.0 VD.0").var("VA32", le32(&addrs)).mem(0x100, ramp(0x40, 32)),
        Want::Reg("VD", 0, some(&ramp(0x40, 32)))).derived(d));
    let d = "Desc 0x0210c580: [5:0] 0 load, [8:7] 3 a64, [11:9] 2 d32, [14:12] 4 eight elements, [15] 1 transposed, rlen 1, mlen 1, flat. A transposed (block) load is SIMD1: one a64 address (8 bytes, one register) and eight d32 in one register. It is `lsc_load.ugm (M1, 1) VD:d32x8t flat[VA1]:a64`: DstData[0].elems[v] = the DW at 0x200 + 4v: VD bytes 0..32 = 80 81 ... 9f.";
    rows.add("lsc-block-load", check(case("raw_sends.15.1.0.1 (M1, 1) 0x0:ud 0x210c580:ud VA1.0 %null.0 VD.0").var("VA1", le64(&[0x200])).mem(0x200, ramp(0x80, 32)),
        Want::Reg("VD", 0, some(&ramp(0x80, 32)))).derived(d));
    let d = "ExDesc 0x05000000: [31:24] 5, binding-table index 5; Desc 0x62100500 = the a32 d32 load with [30:29] 3 bti. Surface 5 starts at 0x1000: lane n reads 0x1000 + 4n (VA32 = 0, 4, ..., 28), bytes 0x10 + 4n..: VD bytes 0..32 = 10 11 ... 2f.";
    let offsets: Vec<u32> = (0..8).map(|n| 4 * n).collect();
    rows.add("lsc-bti", check(case("raw_sends.15.1.0.1 (M1, 8) 0x5000000:ud 0x62100500:ud VA32.0 %null.0 VD.0").var("VA32", le32(&offsets)).surface(5, 0x1000, 0x100).mem(0x1000, ramp(0x10, 32)),
        Want::Reg("VD", 0, some(&ramp(0x10, 32)))).derived(d));
    let d = "SFID 14 SLM; Desc 0x02000504: [5:0] 0x04 store, a32, d32, rlen 0, mlen 1; NumSrc1 1: the d32 data, one register. It is `lsc_store.slm (M1, 8) flat[VA32]:a32 VS:d32`: lane n writes VS's DW n (bytes 4n..) at SLM 4n; the `lsc_load.slm` after it reads them back: VD bytes 0..32 = 00 01 ... 1f.";
    rows.add("lsc-store", check(case("raw_sends.14.1.1.0 (M1, 8) 0x0:ud 0x2000504:ud VA32.0 VS.0 %null.0\nlsc_load.slm (M1, 8) VD:d32 flat[VA32]:a32").var("VA32", le32(&offsets)).var("VS", ramp(0, 32)),
        Want::Reg("VD", 0, some(&ramp(0, 32)))).derived(d));
    let d = "Desc 0x0210058c: [5:0] 0x0C atomic_iadd (0x08 + 4, the LscSubOp table's fifth atomic), a64, d32, caching 0, rlen 1, mlen 1; NumSrc1 1 (Src1Data). It is `lsc_atomic_iadd.ugm (M1, 1) VD:d32 flat[VA1]:a64 VS %null`: the DW at 0x300 holds 10, VS 5: memory becomes 15 and VD gets the old 10.";
    rows.add("lsc-atomic", case("raw_sends.15.1.1.1 (M1, 1) 0x0:ud 0x210058c:ud VA1.0 VS.0 VD.0").var("VA1", le64(&[0x300])).var("VS", le32(&[5])).mem(0x300, le32(&[10]))
        .observe(vec![Want::Mem(0x300, some(&le32(&[15]))), Want::Reg("VD", 0, some(&le32(&[10])))]).derived(d));
    let d = "NumDst 2 but the descriptor's rlen (Desc[24:20] of 0x02100500) is 1: invalid-instruction in NumDst.";
    rows.add("lengths", check(case("raw_sends.15.1.0.2 (M1, 8) 0x0:ud 0x2100500:ud VA32.0 %null.0 VD.0"), Want::ErrorAt(ErrorClass::InvalidInstruction, "NumDst")).derived(d));
    let d = "Desc 0x04100500 says mlen 2, and NumSrc0 agrees, but SIMD8 a32 addresses fill one 32-byte register: invalid-instruction in NumSrc0.";
    rows.add("lengths", check(case("raw_sends.15.2.0.1 (M1, 8) 0x0:ud 0x4100500:ud VA.0 %null.0 VD.0"), Want::ErrorAt(ErrorClass::InvalidInstruction, "NumSrc0")).derived(d));
    let d = "Desc[5:0] 0x03 is LSC's load_block2d, whose payload is block 2D's address registers: not decoded, unsupported in Desc.";
    rows.add("not-decoded", check(case("raw_sends.15.1.0.1 (M1, 1) 0x0:ud 0x2100003:ud VA1.0 %null.0 VD.0"), Want::ErrorAt(ErrorClass::Unsupported, "Desc")).derived(d));
    let d = "SFID 3 is the message gateway (a barrier signal): not decoded, unsupported in Desc.";
    rows.add("not-decoded", check(case("raw_sends.3.1.0.0 (M1, 1) 0x0:ud 0x2000004:ud VA1.0 %null.0 %null.0"), Want::ErrorAt(ErrorClass::Unsupported, "Desc")).derived(d));
}
