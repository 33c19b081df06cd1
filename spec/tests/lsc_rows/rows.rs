// Edge catalog rows of LSC_UNTYPED's `lsc_load` and `lsc_store`, shared by the spec
// (spec/tests/lsc_exec.rs) and the oracle (oracle/tests/lsc.rs): each includes this file
// after defining `engine_run`. Every expected byte is derived by hand in the row's comment
// (instructions/LSC_UNTYPED.md, Semantics LOAD and STORE).

use rstest::rstest;
use visa_spec::errata::{self, Reading, Readings};
use visa_spec::exec::ExecConfig;
use visa_spec::ir::Program;
use visa_spec::platform::Platform;
use visa_spec::state::{MachineState, Surface, SurfaceHeap, FLAT};
use visa_spec::{asm, validate, ErrorClass, VisaError};

const DECLS: &str = "\
.decl VD v_type=G type=ud num_elts=64
.decl VS v_type=G type=ud num_elts=64
.decl VA v_type=G type=uq num_elts=8
.decl VA32 v_type=G type=ud num_elts=8
.decl VA16 v_type=G type=uw num_elts=8
.decl P1 v_type=P num_elts=8
.decl VS2 v_type=G type=ud num_elts=64
";

struct Case {
    text: &'static str,
    vars: Vec<(&'static str, Vec<u8>)>,
    mem: Vec<(u64, Vec<u8>)>,
    surfaces: Vec<Surface>,
    literal: Vec<&'static str>,
    pred: u32,
}

fn case(text: &'static str) -> Case {
    Case {
        text,
        vars: vec![],
        mem: vec![],
        surfaces: vec![],
        literal: vec![],
        pred: 0xff,
    }
}

impl Case {
    fn var(mut self, name: &'static str, bytes: Vec<u8>) -> Case {
        self.vars.push((name, bytes));
        self
    }
    fn mem(mut self, addr: u64, bytes: Vec<u8>) -> Case {
        self.mem.push((addr, bytes));
        self
    }
    fn surface(mut self, bti: u32, base: u64, size: u64) -> Case {
        self.surfaces.push(Surface {
            heap: SurfaceHeap::BindingTable,
            bti,
            base,
            size,
            ..Surface::default()
        });
        self
    }
    fn literal(mut self, id: &'static str) -> Case {
        self.literal.push(id);
        self
    }
    fn pred(mut self, mask: u32) -> Case {
        self.pred = mask;
        self
    }

    fn go(&self) -> Result<(Program, MachineState), VisaError> {
        let mut readings = Readings::resolved();
        for id in &self.literal {
            readings.set(id, Reading::Literal).unwrap();
        }
        let text = format!("{DECLS}{}\n", self.text);
        let ast = asm::parse(&text)?;
        let program = validate::validate_with(&ast, Platform::XeHpg, &readings)?;
        let mut state = MachineState::new(&program.vars);
        for (name, bytes) in &self.vars {
            let id = program.vars.find(name).unwrap();
            // Rows give a variable's leading bytes; the rest is zero.
            let mut whole = bytes.clone();
            whole.resize(program.vars.get(id).byte_size(), 0);
            state.write_var(&program.vars, id, &whole).unwrap();
        }
        if let Some(p1) = program.vars.find("P1") {
            state.preds[p1.0 as usize] = self.pred;
        }
        for (addr, bytes) in &self.mem {
            state.mem.space_mut(FLAT).write(*addr, bytes);
        }
        state.mem.surfaces.extend(self.surfaces.iter().cloned());
        engine_run(&program, &mut state, &ExecConfig { readings })?;
        Ok((program, state))
    }
}

fn le32(xs: &[u32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn le64(xs: &[u64]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn le16(xs: &[u16]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// `n` bytes counting up from `from`.
fn ramp(from: u8, n: usize) -> Vec<u8> {
    (0..n).map(|i| from.wrapping_add(i as u8)).collect()
}

/// Register bytes `range` of `var`, `None` where undefined.
fn reg(p: &Program, s: &MachineState, var: &str, at: usize, len: usize) -> Vec<Option<u8>> {
    let id = p.vars.find(var).unwrap();
    let base = p.vars.get(id).grf_offset.unwrap();
    (base + at..base + at + len)
        .map(|b| (!s.undefined.contains(&b)).then_some(s.grf[b]))
        .collect()
}

/// Flat memory bytes, `None` where undefined.
fn flat(s: &MachineState, addr: u64, len: usize) -> Vec<Option<u8>> {
    let m = s.mem.space(FLAT).unwrap();
    (0..len as u64)
        .map(|i| {
            let mut b = [0];
            m.read(addr + i, &mut b);
            (!m.is_undefined(addr + i)).then_some(b[0])
        })
        .collect()
}

fn some(bytes: &[u8]) -> Vec<Option<u8>> {
    bytes.iter().copied().map(Some).collect()
}

/// (case, register variable, byte offset, expected register bytes).
#[rstest]
// SIMD4 d32 gather, a64: lane n reads 0x1000 + 4*(3-n): words 3,2,1,0 of the ramp at 0x1000.
#[case(case("lsc_load.ugm (M1, 4) VD:d32 flat[VA]:a64")
    .var("VA", le64(&[0x100c, 0x1008, 0x1004, 0x1000]))
    .mem(0x1000, ramp(0, 16)),
    0, some(&[12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3]))]
// a32 wrap: 0xffff_fff8 + 0x10 = 0x1_0000_0008, modulo 2^32 0x8: bytes 8..12 of the ramp at 0.
#[case(case("lsc_load.ugm (M1, 1) VD:d32 flat[VA32+0x10]:a32")
    .var("VA32", le32(&[0xffff_fff8]))
    .mem(0, ramp(0, 16)),
    0, some(&[8, 9, 10, 11]))]
// a16 wrap with a scale: 4*0 - 4 = -4, modulo 2^16 0xfffc; the ramp at 0xfffc starts at 0x40.
#[case(case("lsc_load.ugm (M1, 1) VD:d32 flat[0x4*VA16-0x4]:a16")
    .var("VA16", le16(&[0]))
    .mem(0xfffc, ramp(0x40, 4)),
    0, some(&[0x40, 0x41, 0x42, 0x43]))]
// Scale: 0x8*2 + 0x1 = 0x11: the byte 0x11 of the ramp at 0, one d8 per lane in a d8 GRF row.
#[case(case("lsc_load.ugm (M1, 1) VD:d8 flat[0x8*VA32+0x1]:a32")
    .var("VA32", le32(&[2]))
    .mem(0, ramp(0, 32)),
    0, some(&[0x11]))]
// Transposed d32x4t at bti 2 (base 0x2000, size 0x10), offset 8: elements at offsets 8, 0xc
// (ramp bytes 8..16) are inside; 0x10, 0x14 are past the size: zero (LSC-SURFACE-BOUNDS).
#[case(case("lsc_load.ugm (M1_NM, 1) VD:d32x4t bti(0x2)[VA32]:a32")
    .var("VA32", le32(&[8]))
    .mem(0x2000, ramp(0, 32))
    .surface(2, 0x2000, 0x10),
    0, some(&[8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0]))]
// d32x2 SIMD2, non-transposed: DstData[v].elems[n]; each DstData[v] is one 32-byte GRF on
// xe-hpg. Lane 0 at 0x100 (words 0x100, 0x104), lane 1 at 0x200. Register bytes 0..8 hold
// v=0 of lanes 0, 1: mem 0x100..0x104 (ramp 0..4) then 0x200..0x204 (ramp 0x80..0x84).
#[case(case("lsc_load.ugm (M1, 2) VD:d32x2 flat[VA]:a64")
    .var("VA", le64(&[0x100, 0x200]))
    .mem(0x100, ramp(0, 8))
    .mem(0x200, ramp(0x80, 8)),
    0, some(&[0, 1, 2, 3, 0x80, 0x81, 0x82, 0x83]))]
// ... and bytes 32..40 hold v=1: mem 0x104..0x108 then 0x204..0x208.
#[case(case("lsc_load.ugm (M1, 2) VD:d32x2 flat[VA]:a64")
    .var("VA", le64(&[0x100, 0x200]))
    .mem(0x100, ramp(0, 8))
    .mem(0x200, ramp(0x80, 8)),
    32, some(&[4, 5, 6, 7, 0x84, 0x85, 0x86, 0x87]))]
// d16u32h: the 16-bit datum 0x1234 lands in the upper half, the lower half zero (LSC-DATA-U32).
#[case(case("lsc_load.ugm (M1, 1) VD:d16u32h flat[VA]:a64")
    .var("VA", le64(&[0x40]))
    .mem(0x40, vec![0x34, 0x12]),
    0, some(&[0, 0, 0x34, 0x12]))]
// d8u32: the byte zero-extended to 32 bits.
#[case(case("lsc_load.ugm (M1, 1) VD:d8u32 flat[VA]:a64")
    .var("VA", le64(&[0x40]))
    .mem(0x40, vec![0xfe]),
    0, some(&[0xfe, 0, 0, 0]))]
// LSC-DATA-U32 literal: the three widened bytes are undefined.
#[case(case("lsc_load.ugm (M1, 1) VD:d8u32 flat[VA]:a64")
    .var("VA", le64(&[0x40]))
    .mem(0x40, vec![0xfe])
    .literal(errata::LSC_DATA_U32),
    0, vec![Some(0xfe), None, None, None])]
// Predicate 0b01: lane 1 is off and its element keeps VD's 0xaa bytes.
#[case(case("(P1) lsc_load.ugm (M1, 2) VD:d32 flat[VA]:a64")
    .var("VA", le64(&[0x10, 0x20]))
    .var("VD", vec![0xaa; 256])
    .mem(0x10, ramp(1, 4))
    .mem(0x20, ramp(9, 4))
    .pred(0b01),
    0, some(&[1, 2, 3, 4, 0xaa, 0xaa, 0xaa, 0xaa]))]
fn load_rows(
    #[case] c: Case,
    #[case] at: usize,
    #[case] want: Vec<Option<u8>>,
) {
    let (p, s) = c.go().unwrap();
    assert_eq!(reg(&p, &s, "VD", at, want.len()), want, "{}", c.text);
}

/// (case, flat address, expected memory bytes).
#[rstest]
// d32x2 SIMD2 store: Src1Data[v].elems[n]; VS bytes 0..8 are v=0 of lanes 0,1 (0x11.., 0x22..),
// bytes 32..40 v=1 (0x33.., 0x44..). Lane 0 at 0x100 writes its v=0 then v=1: 11 11 11 11 33 33 33 33.
#[case(case("lsc_store.ugm (M1, 2) flat[VA]:a64 VS:d32x2")
    .var("VA", le64(&[0x100, 0x200]))
    .var("VS", [vec![0x11; 4], vec![0x22; 4], vec![0; 24], vec![0x33; 4], vec![0x44; 4]].concat()),
    0x100, some(&[0x11, 0x11, 0x11, 0x11, 0x33, 0x33, 0x33, 0x33]))]
// ... lane 1 at 0x200: 22 22 22 22 44 44 44 44.
#[case(case("lsc_store.ugm (M1, 2) flat[VA]:a64 VS:d32x2")
    .var("VA", le64(&[0x100, 0x200]))
    .var("VS", [vec![0x11; 4], vec![0x22; 4], vec![0; 24], vec![0x33; 4], vec![0x44; 4]].concat()),
    0x200, some(&[0x22, 0x22, 0x22, 0x22, 0x44, 0x44, 0x44, 0x44]))]
// Transposed d16x4t at SIMD1: Src1Data[0].elems[v] are VS's first 8 bytes, stored from 0x300.
#[case(case("lsc_store.ugm (M1_NM, 1) flat[VA32]:a32 VS:d16x4t")
    .var("VA32", le32(&[0x300]))
    .var("VS", ramp(0x60, 8)),
    0x300, some(&ramp(0x60, 8)))]
// Two lanes store 0x01010101 and 0x01020304 to 0x400: bytes 0x400 (04 vs 01), 0x401 (03 vs 01)
// and 0x402 (02 vs 01) differ and are undefined; 0x403 is 01 under every order.
#[case(case("lsc_store.ugm (M1, 2) flat[VA]:a64 VS:d32")
    .var("VA", le64(&[0x400, 0x400]))
    .var("VS", le32(&[0x0101_0101, 0x0102_0304])),
    0x400, vec![None, None, None, Some(1)])]
// Out of bounds: bti 1 has size 6; a d32x2t store at offset 2 writes offsets 2..6 and drops 6..10.
#[case(case("lsc_store.ugm (M1_NM, 1) bti(0x1)[VA32]:a32 VS:d32x2t")
    .var("VA32", le32(&[2]))
    .var("VS", ramp(0x10, 8))
    .mem(0x500, vec![0xee; 12])
    .surface(1, 0x500, 6),
    0x500, some(&[0xee, 0xee, 0x10, 0x11, 0x12, 0x13, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee]))]
// a16 wrap: 0xfffe + 4 = 0x1_0002, modulo 2^16 2: the d16 lands at flat 2.
#[case(case("lsc_store.ugm (M1, 1) flat[VA16+0x4]:a16 VS:d16")
    .var("VA16", le16(&[0xfffe]))
    .var("VS", vec![0xcd, 0xab]),
    0x2, some(&[0xcd, 0xab]))]
// d16u32h store: the upper half of the register element (0xabcd of 0xabcd1234).
#[case(case("lsc_store.ugm (M1, 1) flat[VA]:a64 VS:d16u32h")
    .var("VA", le64(&[0x20]))
    .var("VS", le32(&[0xabcd_1234])),
    0x20, some(&[0xcd, 0xab]))]
// LSC-STORE-ELEM-OFFSET literal: both elements (0x11.., 0x33..) land on 0x100: undefined; the
// next word keeps its initial 0xee bytes.
#[case(case("lsc_store.ugm (M1, 1) flat[VA]:a64 VS:d32x2")
    .var("VA", le64(&[0x100]))
    .var("VS", [vec![0x11; 4], vec![0; 28], vec![0x33; 4]].concat())
    .mem(0x100, vec![0xee; 8])
    .literal(errata::LSC_STORE_ELEM_OFFSET),
    0x100, vec![None, None, None, None, Some(0xee), Some(0xee), Some(0xee), Some(0xee)])]
// LSC-STORE-DSTDATA literal: the stored word is undefined.
#[case(case("lsc_store.ugm (M1, 1) flat[VA]:a64 VS:d32")
    .var("VA", le64(&[0x100]))
    .var("VS", le32(&[7]))
    .literal(errata::LSC_STORE_DSTDATA),
    0x100, vec![None, None, None, None])]
fn store_rows(#[case] c: Case, #[case] addr: u64, #[case] want: Vec<Option<u8>>) {
    let (_, s) = c.go().unwrap();
    assert_eq!(flat(&s, addr, want.len()), want, "{}", c.text);
}

#[rstest]
// LSC is from xe-hpg on: checked on xe-lp below.
#[case("lsc_load.ugm (M1, 4) VD:d32 bss(0x5)[VA]:a64")]
fn missing_surface_is_undefined_behaviour(#[case] text: &'static str) {
    let err = case(text).go().unwrap_err();
    assert_eq!(err.class, ErrorClass::UndefinedBehaviour, "{err}");
}

#[test]
fn xe_lp_has_no_lsc() {
    let text = format!("{DECLS}lsc_load.ugm (M1, 4) VD:d32 flat[VA]:a64\n");
    let ast = asm::parse(&text).unwrap();
    let err = validate::validate(&ast, Platform::XeLp).unwrap_err();
    assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
}

/// Strided and quad loads: (case, register byte offset in VD, expected bytes).
#[rstest]
// LOAD_STRIDED SIMD4 d32, pitch 8: lane n reads 0x1000 + 8n (LSC-STRIDED-ADDR resolved):
// ramp bytes 0..4, 8..12, 16..20, 24..28.
#[case(case("lsc_load_strided.ugm (M1, 4) VD:d32 flat[VA, 0x8]:a64")
    .var("VA", le64(&[0x1000]))
    .mem(0x1000, ramp(0, 32)),
    0, some(&[0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27]))]
// Default pitch of d32x2 = 2*4 = 8: lane 1 at 0x1008. DstData[0] holds element 0 of lanes 0
// and 1: ramp 0..4 then 8..12.
#[case(case("lsc_load_strided.ugm (M1, 2) VD:d32x2 flat[VA]:a64")
    .var("VA", le64(&[0x1000]))
    .mem(0x1000, ramp(0, 32)),
    0, some(&[0, 1, 2, 3, 8, 9, 10, 11]))]
// ... and DstData[1] (the next 32-byte GRF) element 1: ramp 4..8 then 12..16.
#[case(case("lsc_load_strided.ugm (M1, 2) VD:d32x2 flat[VA]:a64")
    .var("VA", le64(&[0x1000]))
    .mem(0x1000, ramp(0, 32)),
    32, some(&[4, 5, 6, 7, 12, 13, 14, 15]))]
// bti 1 at base 0x2000 (size 0x3000), scale 2, base address 4, pitch 4: resolved offset
// 2*4 = 8, lane 0 at 0x2008 (ramp 0x10 there)...
#[case(case("lsc_load_strided.ugm (M1, 1) VD:d32 bti(0x1)[0x2*VA32, 0x4]:a32")
    .var("VA32", le32(&[4]))
    .mem(0x2008, ramp(0x10, 4))
    .mem(0x4008, ramp(0x70, 4))
    .surface(1, 0x2000, 0x3000),
    0, some(&[0x10, 0x11, 0x12, 0x13]))]
// ... LSC-STRIDED-ADDR literal `AddrScale*(Base + Src0Addrs)`: 2*(0x2000 + 4) = 0x4008 (ramp 0x70).
#[case(case("lsc_load_strided.ugm (M1, 1) VD:d32 bti(0x1)[0x2*VA32, 0x4]:a32")
    .var("VA32", le32(&[4]))
    .mem(0x2008, ramp(0x10, 4))
    .mem(0x4008, ramp(0x70, 4))
    .surface(1, 0x2000, 0x3000)
    .literal(errata::LSC_STRIDED_ADDR),
    0, some(&[0x70, 0x71, 0x72, 0x73]))]
// LOAD_QUAD .xz SIMD2: lane 0 at 0x100, lane 1 at 0x200. DstData[0] = X (offset 0) of both
// lanes: 0x100.. (ramp 0) and 0x200.. (ramp 0x80).
#[case(case("lsc_load_quad.ugm (M1, 2) VD:d32.xz flat[VA]:a64")
    .var("VA", le64(&[0x100, 0x200]))
    .mem(0x100, ramp(0, 16))
    .mem(0x200, ramp(0x80, 16)),
    0, some(&[0, 1, 2, 3, 0x80, 0x81, 0x82, 0x83]))]
// ... DstData[1] = Z (channel 2, offset 8): ramp 8..12 and 0x88..0x8c.
#[case(case("lsc_load_quad.ugm (M1, 2) VD:d32.xz flat[VA]:a64")
    .var("VA", le64(&[0x100, 0x200]))
    .mem(0x100, ramp(0, 16))
    .mem(0x200, ramp(0x80, 16)),
    32, some(&[8, 9, 10, 11, 0x88, 0x89, 0x8a, 0x8b]))]
// ChMask .w alone: DstData[0] = W (offset 12): ramp 12..16.
#[case(case("lsc_load_quad.ugm (M1, 1) VD:d32.w flat[VA]:a64")
    .var("VA", le64(&[0x100]))
    .mem(0x100, ramp(0, 16)),
    0, some(&[12, 13, 14, 15]))]
// ChMask .xyzw: DstData[3] (byte 96) = W.
#[case(case("lsc_load_quad.ugm (M1, 1) VD:d32.xyzw flat[VA]:a64")
    .var("VA", le64(&[0x100]))
    .mem(0x100, ramp(0, 16)),
    96, some(&[12, 13, 14, 15]))]
fn strided_quad_load_rows(#[case] c: Case, #[case] at: usize, #[case] want: Vec<Option<u8>>) {
    let (p, s) = c.go().unwrap();
    assert_eq!(reg(&p, &s, "VD", at, want.len()), want, "{}", c.text);
}

/// Strided and quad stores: (case, flat address, expected bytes).
#[rstest]
// STORE_STRIDED SIMD2 d32 pitch 0x10: lane 0 (0x11..) at 0x100, lane 1 (0x22..) at 0x110.
#[case(case("lsc_store_strided.ugm (M1, 2) flat[VA, 0x10]:a64 VS:d32")
    .var("VA", le64(&[0x100]))
    .var("VS", le32(&[0x1111_1111, 0x2222_2222]))
    .mem(0x100, vec![0xee; 0x14]),
    0x100, [some(&[0x11; 4]), some(&[0xee; 12]), some(&[0x22; 4])].concat())]
// Default pitch d16x2 = 4: a packed block; lane 0's elements 0xa0a1, 0xb0b1 (Src1Data[0], [1]
// element 0), lane 1's 0xc0c1, 0xd0d1.
#[case(case("lsc_store_strided.ugm (M1, 2) flat[VA]:a64 VS:d16x2")
    .var("VA", le64(&[0x100]))
    .var("VS", [le16(&[0xa0a1, 0xc0c1]), vec![0; 28], le16(&[0xb0b1, 0xd0d1])].concat()),
    0x100, some(&[0xa1, 0xa0, 0xb1, 0xb0, 0xc1, 0xc0, 0xd1, 0xd0]))]
// LSC-STORE-STRIDED-V literal with a pitch: lane n at its own Src0Addrs[n] + n*pitch:
// lane 0 at 0x100, lane 1 at 0x200 + 4 = 0x204.
#[case(case("lsc_store_strided.ugm (M1, 2) flat[VA, 0x4]:a64 VS:d32")
    .var("VA", le64(&[0x100, 0x200]))
    .var("VS", le32(&[0x1111_1111, 0x2222_2222]))
    .literal(errata::LSC_STORE_STRIDED_V),
    0x204, some(&[0x22; 4]))]
// STORE_QUAD .yw SIMD1: Src1Data[0] (0x11..) to Y at +4, Src1Data[1] (byte 32, 0x33..) to W
// at +12; X and Z keep 0xee.
#[case(case("lsc_store_quad.ugm (M1, 1) flat[VA]:a64 VS:d32.yw")
    .var("VA", le64(&[0x100]))
    .var("VS", [vec![0x11; 4], vec![0; 28], vec![0x33; 4]].concat())
    .mem(0x100, vec![0xee; 16]),
    0x100, [some(&[0xee; 4]), some(&[0x11; 4]), some(&[0xee; 4]), some(&[0x33; 4])].concat())]
fn strided_quad_store_rows(#[case] c: Case, #[case] addr: u64, #[case] want: Vec<Option<u8>>) {
    let (_, s) = c.go().unwrap();
    assert_eq!(flat(&s, addr, want.len()), want, "{}", c.text);
}

#[test]
fn store_strided_literal_default_pitch_is_undefined_behaviour() {
    let err = case("lsc_store_strided.ugm (M1, 2) flat[VA]:a64 VS:d32")
        .var("VA", le64(&[0x100]))
        .literal(errata::LSC_STORE_STRIDED_V)
        .go()
        .unwrap_err();
    assert_eq!(err.class, ErrorClass::UndefinedBehaviour, "{err}");
}

/// One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data,
/// returned old, value left in memory).
#[rstest]
#[case("iinc %null %null", &[], 5, 0, 0, 5, 6)]
// 0 - 1 wraps to 0xffffffff.
#[case("idec %null %null", &[], 0, 0, 0, 0, 0xffff_ffff)]
#[case("load %null %null", &[], 7, 0, 0, 7, 7)]
#[case("store VS %null", &[], 7, 9, 0, 7, 9)]
// 0xffffffff + 2 = 0x1_00000001 -> 1 modulo 2^32.
#[case("iadd VS %null", &[], 0xffff_ffff, 2, 0, 0xffff_ffff, 1)]
// old - Src1Data: 1 - 2 -> 0xffffffff.
#[case("isub VS %null", &[], 1, 2, 0, 1, 0xffff_ffff)]
// Signed: -2 < 1.
#[case("smin VS %null", &[], 0xffff_fffe, 1, 0, 0xffff_fffe, 0xffff_fffe)]
#[case("smax VS %null", &[], 0xffff_fffe, 1, 0, 0xffff_fffe, 1)]
// Unsigned: 1 < 0xfffffffe.
#[case("umin VS %null", &[], 0xffff_fffe, 1, 0, 0xffff_fffe, 1)]
#[case("umax VS %null", &[], 0xffff_fffe, 1, 0, 0xffff_fffe, 0xffff_fffe)]
#[case("and VS %null", &[], 0xf0f0, 0xff00, 0, 0xf0f0, 0xf000)]
#[case("or VS %null", &[], 0xf0f0, 0x0f00, 0, 0xf0f0, 0xfff0)]
#[case("xor VS %null", &[], 0xff, 0x0f, 0, 0xff, 0xf0)]
// Memory 5 equals Src1Data 5: Src2Data 9 is stored.
#[case("icas VS VS2", &[], 5, 5, 9, 5, 9)]
// 5 != 4: memory keeps 5.
#[case("icas VS VS2", &[], 5, 4, 9, 5, 5)]
// LSC-ATOMIC-OPERANDS literal: compare with Src2Data (5), store Src1Data (9).
#[case("icas VS VS2", &[errata::LSC_ATOMIC_OPERANDS], 5, 9, 5, 5, 9)]
// 1.0 + 2.0 = 3.0 (0x40400000).
#[case("fadd VS %null", &[], 0x3f80_0000, 0x4000_0000, 0, 0x3f80_0000, 0x4040_0000)]
// 1.0 - 2.0 = -1.0 (0xbf800000).
#[case("fsub VS %null", &[], 0x3f80_0000, 0x4000_0000, 0, 0x3f80_0000, 0xbf80_0000)]
// fmin(1.0, NaN) = 1.0 (LSC-ATOMIC-FLOAT).
#[case("fmin VS %null", &[], 0x3f80_0000, 0x7fc0_0001, 0, 0x3f80_0000, 0x3f80_0000)]
// fmax(-0, +0) = +0.
#[case("fmax VS %null", &[], 0x8000_0000, 0, 0, 0x8000_0000, 0)]
// +0 equals -0 as floats: 1.0 is stored.
#[case("fcas VS VS2", &[], 0, 0x8000_0000, 0x3f80_0000, 0, 0x3f80_0000)]
// A NaN equals nothing, itself included: memory keeps its NaN.
#[case("fcas VS VS2", &[], 0x7fc0_0000, 0x7fc0_0000, 0x3f80_0000, 0x7fc0_0000, 0x7fc0_0000)]
fn atomic_rows(
    #[case] op: &str,
    #[case] literal: &[&'static str],
    #[case] old: u32,
    #[case] src1: u32,
    #[case] src2: u32,
    #[case] returned: u32,
    #[case] left: u32,
) {
    let (name, srcs) = op.split_once(' ').unwrap();
    let text: &'static str = Box::leak(
        format!("lsc_atomic_{name}.ugm (M1, 1) VD:d32 flat[VA]:a64 {srcs}").into_boxed_str(),
    );
    let mut c = case(text)
        .var("VA", le64(&[0x40]))
        .var("VS", le32(&[src1]))
        .var("VS2", le32(&[src2]))
        .mem(0x40, le32(&[old]));
    for id in literal {
        c = c.literal(id);
    }
    let (p, s) = c.go().unwrap();
    assert_eq!(reg(&p, &s, "VD", 0, 4), some(&returned.to_le_bytes()), "{text}");
    assert_eq!(flat(&s, 0x40, 4), some(&left.to_le_bytes()), "{text}");
}

#[test]
fn atomic_d16u32_and_d64() {
    // d16u32 iadd: memory's 16 bits 0xffff + 1 = 0x0000; the register gets 0xffff
    // zero-extended to 32 bits.
    let c = case("lsc_atomic_iadd.ugm (M1, 1) VD:d16u32 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40]))
        .var("VS", le32(&[1]))
        .var("VD", vec![0xaa; 8])
        .mem(0x40, vec![0xff, 0xff, 0x77]);
    let (p, s) = c.go().unwrap();
    assert_eq!(reg(&p, &s, "VD", 0, 4), some(&[0xff, 0xff, 0, 0]));
    assert_eq!(flat(&s, 0x40, 3), some(&[0, 0, 0x77]));
    // d64 iadd: 0xffffffff + 1 = 0x1_0000_0000, no wrap at 32 bits.
    let c = case("lsc_atomic_iadd.ugm (M1, 1) VD:d64 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40]))
        .var("VS", le64(&[1]))
        .mem(0x40, le64(&[0xffff_ffff]));
    let (p, s) = c.go().unwrap();
    assert_eq!(reg(&p, &s, "VD", 0, 8), some(&le64(&[0xffff_ffff])));
    assert_eq!(flat(&s, 0x40, 8), some(&le64(&[0x1_0000_0000])));
}

#[test]
fn atomic_lanes_on_one_address() {
    // iadd commutes: 10 + 1 + 2 = 13 under every order; what each lane returns depends on
    // the order (LSC-ATOMIC-ORDER): undefined.
    let c = case("lsc_atomic_iadd.ugm (M1, 2) VD:d32 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40, 0x40]))
        .var("VS", le32(&[1, 2]))
        .mem(0x40, le32(&[10]));
    let (p, s) = c.go().unwrap();
    assert_eq!(flat(&s, 0x40, 4), some(&le32(&[13])));
    assert_eq!(reg(&p, &s, "VD", 0, 8), vec![None; 8]);
    // store does not commute: the value left is undefined.
    let c = case("lsc_atomic_store.ugm (M1, 2) %null:d32 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40, 0x40]))
        .var("VS", le32(&[1, 2]));
    let (_, s) = c.go().unwrap();
    assert_eq!(flat(&s, 0x40, 4), vec![None; 4]);
    // A misaligned address is undefined behaviour.
    let err = case("lsc_atomic_iinc.ugm (M1, 1) VD:d32 flat[VA]:a64 %null %null")
        .var("VA", le64(&[0x42]))
        .go()
        .unwrap_err();
    assert_eq!(err.class, ErrorClass::UndefinedBehaviour, "{err}");
}
