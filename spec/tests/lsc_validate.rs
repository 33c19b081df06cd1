//! Validation of LSC_UNTYPED's gather/scatter forms (instructions/LSC_UNTYPED.md, Format,
//! operand descriptions, Text, Examples). Valid loads and stores validate; valid atomics
//! report `unsupported` (their modules are not written yet); invalid lines name the field at
//! fault.
#![allow(clippy::unwrap_used)]

mod common;

use common::Run;
use rstest::rstest;
use visa_spec::platform::Platform;
use visa_spec::ErrorClass;

// Xe-HPG: 32-byte GRF. VD holds 16 GRFs (512 bytes), VA 16 qwords of addresses.
const DECLS: &str = "\
.decl VD v_type=G type=ud num_elts=128
.decl VS v_type=G type=ud num_elts=8
.decl VA v_type=G type=uq num_elts=32
.decl VA32 v_type=G type=ud num_elts=32
.decl V1 v_type=G type=ud num_elts=1
.decl P1 v_type=P num_elts=16
.decl T1 v_type=T num_elts=1
";

/// The class and field of the outcome of validating `text`.
fn outcome(text: &str) -> (ErrorClass, String) {
    let program = format!("{DECLS}{text}\n");
    match Run::new(Platform::XeHpg, &program).validate() {
        Ok(_) => panic!("`{text}` validated"),
        Err(e) => (e.class, e.field.clone().unwrap_or_default()),
    }
}

#[rstest]
// Text forms of the Examples and of the reference syntax.
#[case("lsc_load.ugm.uc.uc (M1, 16) VD:d32 flat[VA+0x100]:a64")]
// The append-counter atomics of the Examples.
#[case("lsc_apndctr_atomic_add.ugm (M1, 16) VD:d32 bti(0xA0) VD:d32")]
#[case("lsc_apndctr_atomic_sub.ugm.uc.uc (M1, 16) VD:d32 bss(V1) VD:d32")]
#[case("lsc_load.ugm (M1, 16) %null:d32 flat[VA]:a64")]
#[case("lsc_load.slm (M1, 16) VD:d32x4 flat[0x4*VA32-0x10]:a32")]
#[case("lsc_load.ugm (M1_NM, 1) VD:d32t arg[VA32]:a32")]
#[case("lsc_load.ugm.ca.ca (M1, 16) VD:d32x4 flat[VA+0x100]:a64")]
#[case("lsc_load.ugm (M1_NM, 1) VD:d32x16t bti(0x4)[VA32]:a32")]
#[case("lsc_load.ugm.uc.uc (M1, 16) VD:d32 bss(V1)[VA]:a64")]
#[case("lsc_load.ugm (M1, 16) VD:d16u32h flat[VA]:a16")]
#[case("(P1) lsc_load.ugm (M1, 16) VD:d8 flat[VA]:a64")]
#[case("lsc_store.ugm (M1, 16) flat[VA]:a64 VD:d32")]
#[case("lsc_store.ugm.wb.wb (M1, 16) flat[VA]:a64 VD:d64x2")]
#[case("lsc_store_uncompressed.ugm (M1, 16) flat[VA]:a64 VD:d32")]
// The atomics of the Examples.
#[case("lsc_atomic_iinc.ugm.uc.uc (M1, 16) %null:d32 flat[VA]:a64 %null %null")]
#[case("lsc_atomic_fadd.slm (M1, 16) VD:d32 flat[VA32]:a32 VD %null")]
#[case("lsc_atomic_icas.ugm.uc.wb (M1, 16) VD:d32 flat[VA]:a64 VD VD")]
#[case("lsc_atomic_umax.ugm (M1, 16) VD:d16u32 flat[VA]:a64 VD %null")]
// Strided (immediate or variable pitch, or none) and quad forms.
#[case("lsc_load_strided.ugm (M1, 16) VD:d32x2 flat[VA+0x10, 0x8]:a64")]
#[case("lsc_load_strided.ugm (M1, 16) VD:d32 flat[VA, V1]:a64")]
#[case("lsc_store_strided.ugm (M1, 16) flat[VA]:a64 VD:d64")]
#[case("lsc_load_quad.ugm (M1, 16) VD:d32.xyzw flat[VA]:a64")]
#[case("lsc_store_quad.ugm (M1, 8) bti(0x2)[VA32]:a32 VD:d32.xz")]
// LSC_FENCE's Examples, and the table's `system` scope.
#[case("lsc_fence.ugm.clean.sysrel")]
#[case("lsc_fence.slm.clean.group")]
#[case("lsc_fence.tgm.evict.system")]
fn valid_loads_and_stores_validate(#[case] text: &str) {
    let program = format!("{DECLS}{text}\n");
    if let Err(e) = Run::new(Platform::XeHpg, &program).validate() {
        panic!("`{text}`: {e}");
    }
}

#[rstest]
// lsc_apndctr_atomic_store is in vISA's code, not in the documents (LSC-APNDCTR-COUNTER).
#[case("lsc_apndctr_atomic_store.ugm (M1, 16) VD:d32 bti(0xA0) VD:d32")]
// LSC_TYPED's lsc_read_surface_info (LscSubOp 0x1E): a legal sub-op without a result layout,
// read as the typed load form.
#[case("lsc_read_surface_info.tgm (M1, 8) VD:d32 bti(0x4)[VA32]:a32")]
#[case("lsc_read_surface_info.tgm.uc.uc (M1_NM, 1) VD:d32x4 bti(0x4)[VA32,VA32]:a32")]
fn other_sub_ops_are_unsupported(#[case] text: &str) {
    assert_eq!(outcome(text).0, ErrorClass::Unsupported);
}

#[rstest]
// LscSFID: ugm, ugml, slm.
#[case("lsc_load.tgm (M1, 16) VD:d32 flat[VA]:a64", "sfid")]
// CachingL1 table: .ca.wb is no combination; SLM takes the default.
#[case("lsc_load.ugm.ca.wb (M1, 16) VD:d32 flat[VA]:a64", "caching")]
#[case("lsc_store.ugm.ca.ca (M1, 16) flat[VA]:a64 VD:d32", "caching")]
#[case("lsc_load.slm.uc.uc (M1, 16) VD:d32 flat[VA32]:a32", "caching")]
#[case("lsc_load.ugm.xx (M1, 16) VD:d32 flat[VA]:a64", "caching")]
// DataSize and DataElemsPerAddr tables.
#[case("lsc_load.ugm (M1, 16) VD:d24 flat[VA]:a64", "dst")]
#[case("lsc_load.ugm (M1, 16) VD:d32x5 flat[VA]:a64", "dst")]
// Transpose is SIMD1 only; atomics are not transposed and take one element.
#[case("lsc_load.ugm (M1, 16) VD:d32x4t flat[VA]:a64", "exec_size")]
#[case(
    "lsc_atomic_iinc.ugm (M1_NM, 1) VD:d32t flat[VA]:a64 %null %null",
    "dst"
)]
#[case("lsc_atomic_iadd.ugm (M1, 16) VD:d32x2 flat[VA]:a64 VD %null", "dst")]
// Atomics take d16u32, d32, d64 (float ones d32, d64).
#[case("lsc_atomic_iadd.ugm (M1, 16) VD:d8 flat[VA]:a64 VD %null", "dst")]
#[case("lsc_atomic_fadd.ugm (M1, 16) VD:d16u32 flat[VA]:a64 VD %null", "dst")]
// Quad channels are x y z w in order; the shape names them.
#[case("lsc_load_quad.ugm (M1, 16) VD:d32.zx flat[VA]:a64", "dst")]
#[case("lsc_load_quad.ugm (M1, 16) VD:d32 flat[VA]:a64", "dst")]
// A pitch is an immediate or a plain variable; only strided forms take one.
#[case("lsc_load_strided.ugm (M1, 16) VD:d32 flat[VA, 0x2*V1]:a64", "address")]
#[case("lsc_load.ugm (M1, 16) VD:d32 flat[VA, 0x8]:a64", "address")]
// LSC_FENCE: the three tables.
#[case("lsc_fence.ugm.clean", "opcode")]
#[case("lsc_fence.xyz.clean.gpu", "sfid")]
#[case("lsc_fence.ugm.flush.gpu", "opcode")]
#[case("lsc_fence.ugm.clean.world", "opcode")]
// Operand sizes: d32x4 SIMD16 spans 4 x 64 bytes and VS has 32; SIMD32 a64 addresses
// span 256 bytes and VA32 has 128.
#[case("lsc_load.ugm (M1, 16) VS:d32x4 flat[VA]:a64", "dst")]
#[case("lsc_load.ugm (M1, 32) VD:d32 flat[VA32]:a64", "src0")]
// Stores read their data: not %null; a surface variable is not data.
#[case("lsc_store.ugm (M1, 16) flat[VA]:a64 %null:d32", "src1")]
#[case("lsc_load.ugm (M1, 16) T1:d32 flat[VA]:a64", "dst")]
// AddrType: stateful types need a surface, flat takes none; SLM is flat.
#[case("lsc_load.ugm (M1, 16) VD:d32 bti[VA32]:a32", "surface")]
#[case("lsc_load.ugm (M1, 16) VD:d32 flat(0x1)[VA32]:a32", "surface")]
#[case("lsc_load.slm (M1, 16) VD:d32 bti(0x1)[VA32]:a32", "address")]
#[case("lsc_load.ugm (M1, 16) VD:d32 surf(V1)[VA32]:a32", "address")]
// AddrSize.
#[case("lsc_load.ugm (M1, 16) VD:d32 flat[VA]:a32u", "address")]
// Atomic operand counts: unary atomics take %null sources, binary ones a variable.
#[case("lsc_atomic_iinc.ugm (M1, 16) VD:d32 flat[VA]:a64 VD %null", "src1")]
#[case("lsc_atomic_iadd.ugm (M1, 16) VD:d32 flat[VA]:a64 %null %null", "src1")]
#[case("lsc_atomic_iadd.ugm (M1, 16) VD:d32 flat[VA]:a64 VD", "operands")]
// lsc_read_surface_info's operands, checked before `unsupported`: the typed unit only, a
// surface, the typed ExecSize limit (SIMD8 on xe-hpg), no scale or offset, a data operand.
#[case("lsc_read_surface_info.ugm (M1, 8) VD:d32 bti(0x4)[VA32]:a32", "sfid")]
#[case("lsc_read_surface_info.tgm (M1, 8) VD:d32 flat[VA32]:a32", "address")]
#[case(
    "lsc_read_surface_info.tgm (M1, 16) VD:d32 bti(0x4)[VA32]:a32",
    "exec_size"
)]
#[case(
    "lsc_read_surface_info.tgm (M1, 8) VD:d32 bti(0x4)[VA32+0x10]:a32",
    "address"
)]
#[case("lsc_read_surface_info.tgm (M1, 8) VD:d24 bti(0x4)[VA32]:a32", "dst")]
fn invalid_forms_name_their_field(#[case] text: &str, #[case] field: &str) {
    assert_eq!(
        outcome(text),
        (ErrorClass::InvalidInstruction, field.to_string())
    );
}

/// A program whose IR carries a mask control outside M1..M8 (as a mutated or hand-built
/// program can) is rejected by `check_program` with a typed error, not a panic. The
/// append-counter rules computed the EM offset before checking the group.
#[rstest]
#[case("lsc_apndctr_atomic_add.ugm (M1, 16) VD:d32 bti(0xA0) VD:d32", 0)]
#[case("lsc_apndctr_atomic_add.ugm (M1, 16) VD:d32 bti(0xA0) VD:d32", 9)]
#[case("lsc_load.ugm (M1, 16) %null:d32 flat[VA]:a64", 0)]
#[case("add (M1, 16) VD(0,0)<1> VD(0,0)<1;1,0> VS(0,0)<0;1,0>", 0)]
fn ir_mask_group_outside_m1_m8_is_invalid(#[case] text: &str, #[case] group: u8) {
    let program = format!("{DECLS}{text}\n");
    let mut ir = Run::new(Platform::XeHpg, &program).validate().unwrap();
    ir.insns[0].mask.group = group;
    let err = visa_spec::validate::check_program(&ir, &visa_spec::errata::Readings::resolved())
        .expect_err("a mask group outside 1..=8 must be rejected");
    assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
}

/// One way to break an LSC instruction's named operands.
#[derive(Clone, Copy, Debug)]
enum Break {
    /// Give a stateless message a surface, or take a stateful one's away.
    FlipSurface,
    /// Give a load a Src1Data.
    LoadData,
    /// Take a store's or an atomic's Src1Data away.
    DropData,
    /// Give a one-source atomic a Src2Data.
    ExtraData2,
    /// Give a gather a Src0AddrPitch.
    Pitch,
    /// Give an untyped message the typed coordinate V.
    Coordinate,
    /// Move Src0Addrs off its variable's origin.
    AddrsOffOrigin,
    /// Add a positional source.
    PositionalSrc,
    /// Give an append counter a message's operands.
    ApndctrAsMessage,
}

/// An LSC instruction's operands by name, broken in one way each (as a hand-built or mutated
/// IR can be): `check_program` rejects it with a typed error naming the field.
#[rstest]
#[case(
    "lsc_load.ugm (M1, 16) VD:d32 flat[VA]:a64",
    Break::FlipSurface,
    "surface"
)]
#[case(
    "lsc_load.ugm (M1, 8) VD:d32 bti(0x4)[VA32]:a32",
    Break::FlipSurface,
    "surface"
)]
#[case(
    "lsc_load.ugm (M1, 16) VD:d32 flat[VA]:a64",
    Break::LoadData,
    "operands"
)]
#[case(
    "lsc_store.ugm (M1, 16) flat[VA]:a64 VD:d32",
    Break::DropData,
    "operands"
)]
#[case(
    "lsc_atomic_iadd.ugm (M1, 16) VD:d32 flat[VA]:a64 VD %null",
    Break::DropData,
    "src1"
)]
#[case(
    "lsc_atomic_iadd.ugm (M1, 16) VD:d32 flat[VA]:a64 VD %null",
    Break::ExtraData2,
    "src2"
)]
#[case("lsc_load.ugm (M1, 16) VD:d32 flat[VA]:a64", Break::Pitch, "src0")]
#[case("lsc_load.ugm (M1, 16) VD:d32 flat[VA]:a64", Break::Coordinate, "src0")]
#[case(
    "lsc_load.ugm (M1, 16) VD:d32 flat[VA]:a64",
    Break::AddrsOffOrigin,
    "src0"
)]
#[case(
    "lsc_load.ugm (M1, 16) VD:d32 flat[VA]:a64",
    Break::PositionalSrc,
    "operands"
)]
#[case(
    "lsc_apndctr_atomic_add.ugm (M1, 16) VD:d32 bti(0xA0) VD:d32",
    Break::ApndctrAsMessage,
    "operands"
)]
fn malformed_lsc_operands_are_invalid(#[case] text: &str, #[case] how: Break, #[case] field: &str) {
    use visa_spec::ir::lsc::{LscOperands, MessageOperands};
    use visa_spec::ir::{Ctrl, Payload, Scalar};
    use visa_spec::types::DataType;
    let program = format!("{DECLS}{text}\n");
    let mut ir = Run::new(Platform::XeHpg, &program).validate().unwrap();
    let vd = Payload::whole(ir.vars.find("VD").unwrap(), DataType::UD);
    let insn = &mut ir.insns[0];
    let Ctrl::Lsc(c) = &mut insn.ctrl else {
        panic!("`{text}` has no LSC fields");
    };
    let ops = match c.operands {
        LscOperands::Message(m) => m,
        LscOperands::Apndctr(a) => MessageOperands {
            surface: Some(a.surface),
            src0_addrs: a.src0_data,
            src0_addr_pitch: None,
            src1_data: None,
            src2_data: None,
            src0_addrs_v: None,
            src0_addrs_r: None,
            src0_addrs_lod: None,
        },
    };
    let mut broken = ops;
    match how {
        Break::FlipSurface => {
            broken.surface = match ops.surface {
                Some(_) => None,
                None => Some(Scalar::Imm {
                    bits: 4,
                    ty: DataType::UD,
                }),
            }
        }
        Break::LoadData => broken.src1_data = Some(vd),
        Break::ExtraData2 => broken.src2_data = Some(vd),
        Break::DropData => broken.src1_data = None,
        Break::Pitch => {
            broken.src0_addr_pitch = Some(Scalar::Imm {
                bits: 8,
                ty: DataType::D,
            })
        }
        Break::Coordinate => broken.src0_addrs_v = Some(ops.src0_addrs),
        Break::AddrsOffOrigin => broken.src0_addrs.row = 1,
        Break::PositionalSrc => insn.srcs.push(ops.src0_addrs.to_src()),
        Break::ApndctrAsMessage => {}
    }
    c.operands = LscOperands::Message(broken);
    let err = visa_spec::validate::check_program(&ir, &visa_spec::errata::Readings::resolved())
        .expect_err("the malformed operands must be rejected");
    assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
    assert_eq!(err.field.as_deref(), Some(field), "{err}");
}
