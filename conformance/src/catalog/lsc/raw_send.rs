//! RAW_SEND and RAW_SENDS (instructions/RAW_SEND.md, RAW_SENDS.md) carrying LSC messages:
//! hand-derived rows, each with the derivation of its descriptor's bits (the LSC descriptor,
//! docs/raw-send.md: `Desc[5:0]` opcode, `[8:7]` address size, `[11:9]` data size, `[14:12]` vector
//! size, `[15]` transposed, `[19:17]` caching, `[24:20]` rlen, `[28:25]` mlen, `[30:29]` address
//! type; `ExDesc[31:24]` the binding-table index) and of the bytes it moves. On xe-hpg, 32-byte
//! registers.

use super::*;

/// The legacy rows' declarations (gen9, gen11 and xe-lp: 32-byte registers): VH is an oword
/// block message's header register.
#[rustfmt::skip]
const LEGACY_DECLS: &str = "\
.decl VD v_type=G type=ud num_elts=64
.decl VS v_type=G type=ud num_elts=64
.decl VA32 v_type=G type=ud num_elts=8
.decl VA16 v_type=G type=ud num_elts=16
.decl VH v_type=G type=ud num_elts=8
";

/// A legacy dataport row on `platform`.
fn legacy(platform: Platform, text: impl Into<String>) -> Case {
    Case::new(LEGACY_DECLS, text).on(platform)
}

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
    legacy_rows(rows);
    let d = "SFID 3 is the message gateway (a barrier signal): not decoded, unsupported in Desc.";
    rows.add("not-decoded", check(case("raw_sends.3.1.0.0 (M1, 1) 0x0:ud 0x2000004:ud VA1.0 %null.0 %null.0"), Want::ErrorAt(ErrorClass::Unsupported, "Desc")).derived(d));
}

/// The legacy dataport's messages (DC0 SFID 10, DC1 SFID 12) on gen9, gen11 and xe-lp,
/// 32-byte registers; descriptor bits as docs/raw-send.md's legacy table reads them:
/// `Desc[28:25]` mlen, `[24:20]` rlen, `[19]` header, `[18:14]` message type, `[7:0]` the
/// binding-table index (254 SLM, 255 stateless).
#[rustfmt::skip]
fn legacy_rows(rows: &mut Rows) {
    let addrs: Vec<u32> = (0..8).map(|n| 0x100 + 4 * n).collect();
    let d = "Desc 0x021108ff: mlen 1 (0x02000000), rlen 1 (0x00100000), [18:14] 0x04 byte scattered read (0x10000), [11:10] 2 four bytes (0x800), [8] 0 SIMD8, [7:0] 255 stateless. It is `gather_scaled.4 (M1, 8) T5 0x0:ud VA32.0 VD.0`: lane n reads the dword at 0x100 + 4n, bytes 0x40 + 4n..: VD bytes 0..32 = 40 41 ... 5f.";
    rows.add("legacy-byte-scattered", check(legacy(Platform::Gen9, "raw_sends.10.1.0.1 (M1, 8) 0x0:ud 0x21108ff:ud VA32.0 %null.0 VD.0").var("VA32", le32(&addrs)).mem(0x100, ramp(0x40, 32)),
        Want::Reg("VD", 0, some(&ramp(0x40, 32)))).derived(d));
    let d = "RAW_SEND on gen11: ExMsgDesc 0xa is SFID 10 (DC0) in ExDesc[3:0]; Desc 0x021100ff is the byte scattered read with [11:10] 0, one byte. GATHER_SCALED.md leaves a lane's upper three bytes undefined: lane n's low byte is memory byte 0x100 + 4n, 0x40 + 4n.";
    let one_byte: Vec<Option<u8>> = (0..8u8).flat_map(|n| [Some(0x40 + 4 * n), None, None, None]).collect();
    rows.add("legacy-byte-scattered", check(legacy(Platform::Gen11, "raw_send (M1, 8) 0xa:ud 1 1 0x21100ff:ud VA32.0 VD.0").var("VA32", le32(&addrs)).mem(0x100, ramp(0x40, 32)),
        Want::Reg("VD", 0, one_byte)).derived(d));
    let offsets: Vec<u32> = (0..8).map(|n| 4 * n).collect();
    let d = "Desc 0x020308fe: mlen 1, rlen 0, [18:14] 0x0C byte scattered write (0x30000), four bytes (0x800), SIMD8, [7:0] 254 SLM; NumSrc1 1, the data. It is `scatter_scaled.4 (M1, 8) T0 0x0:ud VA32.0 VS.0`: lane n writes VS's dword n at SLM 4n; the `gather_scaled.4` after it reads them back: VD bytes 0..32 = 00 01 ... 1f.";
    rows.add("legacy-byte-scattered", check(legacy(Platform::XeLp, "raw_sends.10.1.1.0 (M1, 8) 0x0:ud 0x20308fe:ud VA32.0 VS.0 %null.0\ngather_scaled.4 (M1, 8) T0 0x0:ud VA32.0 VD.0").var("VA32", le32(&offsets)).var("VS", ramp(0, 32)),
        Want::Reg("VD", 0, some(&ramp(0, 32)))).derived(d));
    let pairs: Vec<u32> = (0..8).map(|n| 0x100 + 8 * n).collect();
    let x: Vec<u8> = (0..8u8).flat_map(|n| [8 * n, 8 * n + 1, 8 * n + 2, 8 * n + 3]).collect();
    let y: Vec<u8> = (0..8u8).flat_map(|n| [8 * n + 4, 8 * n + 5, 8 * n + 6, 8 * n + 7]).collect();
    let d = "SFID 12 (DC1); Desc 0x02206cff: mlen 1, rlen 2, [18:14] 0x01 untyped surface read (0x4000), [13:12] 2 SIMD8 (0x2000), [11:8] 0xC disables z and w: x and y enabled (0xC00), stateless. It is `gather4_scaled.RG (M1, 8) T5 0x0:ud VA32.0 VD.0`: lane n reads x at 0x100 + 8n and y at 0x104 + 8n, each channel a register: VD's first register holds bytes 8n..8n+4 of the ramp, the second 8n+4..8n+8.";
    rows.add("legacy-untyped", check(legacy(Platform::Gen9, "raw_sends.12.1.0.2 (M1, 8) 0x0:ud 0x2206cff:ud VA32.0 %null.0 VD.0").var("VA32", le32(&pairs)).mem(0x100, ramp(0, 64)),
        Want::Reg("VD", 0, some(&cat(&[&x, &y])))).derived(d));
    let old: Vec<u32> = (0..8).map(|n| 10 + n).collect();
    let new: Vec<u32> = (0..8).map(|n| 15 + n).collect();
    let atomic_addrs: Vec<u32> = (0..8).map(|n| 0x200 + 4 * n).collect();
    let d = "Desc 0x0210b7ff: mlen 1, rlen 1, [18:14] 0x02 untyped atomic int32 (0x8000), [13] 1 returns (0x2000), [12] 1 SIMD8 (0x1000), [11:8] 7 add (0x700), stateless; NumSrc1 1, the operand. It is `dword_atomic.add (M1, 8) T5 VA32.0 VS.0 %null VD.0`: the dwords at 0x200 + 4n hold 10 + n, VS 5: memory becomes 15 + n and VD gets the old 10 + n.";
    rows.add("legacy-atomic", legacy(Platform::Gen9, "raw_sends.12.1.1.1 (M1, 8) 0x0:ud 0x210b7ff:ud VA32.0 VS.0 VD.0").var("VA32", le32(&atomic_addrs)).var("VS", le32(&[5; 8])).mem(0x200, le32(&old))
        .observe(vec![Want::Mem(0x200, some(&le32(&new))), Want::Reg("VD", 0, some(&le32(&old)))]).derived(d));
    let d = "Desc 0x021802ff: mlen 1 (the header), rlen 1, [19] 1 header (0x80000), [18:14] 0 oword block read, [10:8] 2 two owords (0x200), stateless. It is `oword_ld (2) T5 VH(0,2) VD.0`, the offset the header's third dword in owords: VH(0,2) = 0x10 is byte 0x100: VD bytes 0..32 = 40 41 ... 5f.";
    rows.add("legacy-oword", check(legacy(Platform::Gen9, "raw_sends.10.1.0.1 (M1_NM, 1) 0x0:ud 0x21802ff:ud VH.0 %null.0 VD.0").var("VH", le32(&[0, 0, 0x10, 0, 0, 0, 0, 0])).mem(0x100, ramp(0x40, 64)),
        Want::Reg("VD", 0, some(&ramp(0x40, 32)))).derived(d));
    let d = "Desc 0x021842ff: the same with [18:14] 1 (0x4000), the unaligned oword block read: `oword_ld_unaligned (2) T5 VH(0,2) VD.0`, its offset in bytes: VH(0,2) = 0x104, so VD bytes 0..32 are memory 0x104..0x124 = 44 45 ... 63.";
    rows.add("legacy-oword", check(legacy(Platform::XeLp, "raw_send (M1_NM, 1) 0xa:ud 1 1 0x21842ff:ud VH.0 VD.0").var("VH", le32(&[0, 0, 0x104, 0, 0, 0, 0, 0])).mem(0x100, ramp(0x40, 64)),
        Want::Reg("VD", 0, some(&ramp(0x44, 32)))).derived(d));
    let d = "Desc 0x020a02ff: mlen 1 (the header), rlen 0, header (0x80000), [18:14] 0x08 oword block write (0x20000), two owords (0x200), stateless; NumSrc1 1, the data. It is `oword_st (2) T5 VH(0,2) VS.0`: VH(0,2) = 0x20 owords is byte 0x200, which gets VS's 32 bytes 00 01 ... 1f.";
    rows.add("legacy-oword", legacy(Platform::Gen11, "raw_sends.10.1.1.0 (M1_NM, 1) 0x0:ud 0x20a02ff:ud VH.0 VS.0 %null.0").var("VH", le32(&[0, 0, 0x20, 0, 0, 0, 0, 0])).var("VS", ramp(0, 32))
        .observe(vec![Want::Mem(0x200, some(&ramp(0, 32)))]).derived(d));
    let d = "Desc 0x02110803: the byte scattered read of binding-table index 3 ([7:0]): a vISA surface variable holds a buffer's index, not the descriptor, so it is not decoded: unsupported in Desc.";
    rows.add("not-decoded", check(legacy(Platform::Gen9, "raw_sends.10.1.0.1 (M1, 8) 0x0:ud 0x2110803:ud VA32.0 %null.0 VD.0"), Want::ErrorAt(ErrorClass::Unsupported, "Desc")).derived(d));
    let d = "Desc 0x021108ff is a SIMD8 message ([8] 0) and the raw send runs 16 lanes: invalid-instruction in exec_size.";
    rows.add("lengths", check(legacy(Platform::Gen9, "raw_sends.10.1.0.1 (M1, 16) 0x0:ud 0x21108ff:ud VA16.0 %null.0 VD.0"), Want::ErrorAt(ErrorClass::InvalidInstruction, "exec_size")).derived(d));
    let d = "Desc 0x041109ff: byte scattered read, SIMD16 ([8] 1, 0x100): sixteen offsets fill two registers, as mlen 2 says, but rlen 1 cannot hold sixteen dwords (two registers): invalid-instruction in NumDst.";
    rows.add("lengths", check(legacy(Platform::Gen9, "raw_sends.10.2.0.1 (M1, 16) 0x0:ud 0x41109ff:ud VA16.0 %null.0 VD.0"), Want::ErrorAt(ErrorClass::InvalidInstruction, "NumDst")).derived(d));
    let d = "SFID 10 (DC0) on xe-hpg, which has LSC: the legacy descriptors are decoded on gen9, gen11 and xe-lp only: unsupported in Desc.";
    rows.add("not-decoded", check(legacy(Platform::XeHpg, "raw_sends.10.1.0.1 (M1, 8) 0x0:ud 0x21108ff:ud VA32.0 %null.0 VD.0"), Want::ErrorAt(ErrorClass::Unsupported, "Desc")).derived(d));
}
