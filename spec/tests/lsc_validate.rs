//! LSC validation that stays a model test: what a catalog vector cannot state, or what no
//! implementation would be sent (lsc_read_surface_info, which no engine executes). The other
//! valid and invalid LSC forms are catalog cases (conformance/src/catalog/lsc/: `forms` and
//! `invalid` rows, each with its error's field).
#![allow(clippy::unwrap_used)]

use rstest::rstest;
use visa_spec::errata::Readings;
use visa_spec::platform::Platform;
use visa_spec::{asm, validate, ErrorClass, VisaError};

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

/// Parses and validates `text` after [`DECLS`] on xe-hpg.
fn validate(text: &str) -> Result<visa_spec::ir::Program, VisaError> {
    let program = format!("{DECLS}{text}\n");
    validate::validate(&asm::parse(&program)?, Platform::XeHpg)
}

/// Sub-ops this model validates but does not execute: `unsupported` states what the engines
/// lack, not what the documents say, so it is no expectation an implementation could be held
/// to (one that runs them would fail a vector expecting `unsupported`).
#[rstest]
// lsc_apndctr_atomic_store is in vISA's code, not in the documents (LSC-APNDCTR-COUNTER).
#[case("lsc_apndctr_atomic_store.ugm (M1, 16) VD:d32 bti(0xA0) VD:d32")]
// LSC_TYPED's lsc_read_surface_info (LscSubOp 0x1E): a legal sub-op without a result layout,
// read as the typed load form.
#[case("lsc_read_surface_info.tgm (M1, 8) VD:d32 bti(0x4)[VA32]:a32")]
#[case("lsc_read_surface_info.tgm.uc.uc (M1_NM, 1) VD:d32x4 bti(0x4)[VA32,VA32]:a32")]
fn other_sub_ops_are_unsupported(#[case] text: &str) {
    let err = validate(text).expect_err("an unsupported sub-op validated");
    assert_eq!(err.class, ErrorClass::Unsupported, "{err}");
}

/// lsc_read_surface_info's operands, checked before `unsupported`: the typed unit only, a
/// surface, the typed ExecSize limit (SIMD8 on xe-hpg), no scale or offset, a data operand.
/// No engine executes the sub-op, so implementations do not declare it and certify would
/// skip its cases: its operand checks stay here, beside its `unsupported` rows.
#[rstest]
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
fn read_surface_info_operands_name_their_field(#[case] text: &str, #[case] field: &str) {
    let err = validate(text).expect_err("an invalid form validated");
    assert_eq!(
        (err.class, err.field.as_deref()),
        (ErrorClass::InvalidInstruction, Some(field)),
        "{err}"
    );
}

/// A program whose IR carries a mask control outside M1..M8 (as a mutated or hand-built
/// program can) is rejected by `check_program` with a typed error, not a panic. The
/// append-counter rules computed the EM offset before checking the group. The assembly text
/// cannot write such a mask, so no vector can carry it.
#[rstest]
#[case("lsc_apndctr_atomic_add.ugm (M1, 16) VD:d32 bti(0xA0) VD:d32", 0)]
#[case("lsc_apndctr_atomic_add.ugm (M1, 16) VD:d32 bti(0xA0) VD:d32", 9)]
#[case("lsc_load.ugm (M1, 16) %null:d32 flat[VA]:a64", 0)]
#[case("add (M1, 16) VD(0,0)<1> VD(0,0)<1;1,0> VS(0,0)<0;1,0>", 0)]
fn ir_mask_group_outside_m1_m8_is_invalid(#[case] text: &str, #[case] group: u8) {
    let mut ir = validate(text).unwrap();
    ir.insns[0].mask.group = group;
    let err = validate::check_program(&ir, &Readings::resolved())
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
    let mut ir = validate(text).unwrap();
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

/// A way to break a block 2D message's named operands.
#[derive(Clone, Copy, Debug)]
enum Break2d {
    /// Src0AddrX names no variable.
    XNoVariable,
    /// Src0AddrX an immediate UD, not a D.
    XWrongType,
    /// Src0AddrY off its variable's origin.
    YOffOrigin,
    /// SurfaceWidth a predicate, not a general variable.
    WidthPredicate,
    /// Give a load a Src1Data.
    LoadData,
    /// Take a store's Src1Data away.
    DropData,
    /// Src1Data names no variable.
    DataNoVariable,
    /// The typed surface an immediate D, not a UD.
    SurfaceWrongType,
}

/// Parses and validates a block 2D `text` (xe2: block 2D exists on xe-hpc and xe2).
fn validate_block2d(text: &str) -> Result<visa_spec::ir::Program, VisaError> {
    let program = format!(
        "{DECLS}.decl VX v_type=G type=d num_elts=1\n.decl VY v_type=G type=d num_elts=1\n{text}\n"
    );
    validate::validate(&asm::parse(&program)?, Platform::Xe2)
}

/// A block 2D message's operands by name (untyped and typed), broken in one way each:
/// `check_program` rejects the IR with a typed error naming the field.
#[rstest]
#[case(
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,VX,VY]",
    Break2d::XNoVariable,
    "address"
)]
#[case(
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,VX,VY]",
    Break2d::XWrongType,
    "address"
)]
#[case(
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,VX,VY]",
    Break2d::YOffOrigin,
    "address"
)]
#[case(
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,VX,VY]",
    Break2d::WidthPredicate,
    "address"
)]
#[case(
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,VX,VY]",
    Break2d::LoadData,
    "operands"
)]
#[case(
    "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x1,0x1] VD:d8.1x4x2nn",
    Break2d::DropData,
    "operands"
)]
#[case(
    "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x1,0x1] VD:d8.1x4x2nn",
    Break2d::DataNoVariable,
    "src1"
)]
#[case(
    "lsc_load_block2d.tgm VD:8x2 bti(0x2)[VX,VY]",
    Break2d::XNoVariable,
    "address"
)]
#[case(
    "lsc_load_block2d.tgm VD:8x2 bti(0x2)[VX,VY]",
    Break2d::XWrongType,
    "address"
)]
#[case(
    "lsc_load_block2d.tgm VD:8x2 bti(0x2)[VX,VY]",
    Break2d::LoadData,
    "operands"
)]
#[case(
    "lsc_load_block2d.tgm VD:8x2 bti(0x2)[VX,VY]",
    Break2d::SurfaceWrongType,
    "surface"
)]
#[case(
    "lsc_store_block2d.tgm bti(0x2)[VX,VY] VS:8x2",
    Break2d::DataNoVariable,
    "src1"
)]
fn malformed_block2d_operands_are_invalid(
    #[case] text: &str,
    #[case] how: Break2d,
    #[case] field: &str,
) {
    use visa_spec::ir::block2d::Block2dSurface;
    use visa_spec::ir::{Ctrl, Payload, Scalar};
    use visa_spec::state::VarId;
    use visa_spec::types::DataType;
    let mut ir = validate_block2d(text).unwrap();
    let vd = Payload::whole(ir.vars.find("VD").unwrap(), DataType::UD);
    let p1 = ir.vars.find("P1").unwrap();
    let nowhere = VarId(u32::MAX);
    let Ctrl::Block2d(c) = &mut ir.insns[0].ctrl else {
        panic!("`{text}` has no block 2D fields");
    };
    let ops = &mut c.operands;
    match how {
        Break2d::XNoVariable => {
            ops.x = Scalar::Var {
                var: nowhere,
                row: 0,
                col: 0,
                ty: DataType::D,
            }
        }
        Break2d::XWrongType => {
            ops.x = Scalar::Imm {
                bits: 0,
                ty: DataType::UD,
            }
        }
        Break2d::YOffOrigin => {
            let Scalar::Var { row, .. } = &mut ops.y else {
                panic!("`{text}` has no Y variable");
            };
            *row = 1;
        }
        Break2d::WidthPredicate => {
            let Block2dSurface::Flat(f) = &mut ops.surface else {
                panic!("`{text}` has no flat surface");
            };
            f.width = Scalar::Var {
                var: p1,
                row: 0,
                col: 0,
                ty: DataType::UD,
            };
        }
        Break2d::LoadData => ops.data = Some(vd),
        Break2d::DropData => ops.data = None,
        Break2d::DataNoVariable => ops.data = Some(Payload::whole(nowhere, DataType::UD)),
        Break2d::SurfaceWrongType => {
            ops.surface = Block2dSurface::Typed {
                surface: Scalar::Imm {
                    bits: 2,
                    ty: DataType::D,
                },
            }
        }
    }
    let err = validate::check_program(&ir, &Readings::resolved())
        .expect_err("the malformed operands must be rejected");
    assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
    assert_eq!(err.field.as_deref(), Some(field), "{err}");
}

/// Parses and validates a block 2D `text` on xe2 under `readings`, with the payloads of
/// BLOCK2D-ADDRESS-PAYLOAD: VP (32 bytes), VPS (16 bytes) and VPA (32 bytes from byte 4 of
/// VD: off a GRF boundary).
fn validate_payload(text: &str, readings: &Readings) -> Result<visa_spec::ir::Program, VisaError> {
    let program = format!(
        "{DECLS}.decl VX v_type=G type=d num_elts=1\n.decl VY v_type=G type=d num_elts=1\n\
         .decl VP v_type=G type=ud num_elts=8\n.decl VPS v_type=G type=ud num_elts=4\n\
         .decl VPA v_type=G type=ud num_elts=8 alias=<VD, 4>\n{text}\n"
    );
    validate::validate_with(&asm::parse(&program)?, Platform::Xe2, readings)
}

/// `flat[V+(X,Y)]` (BLOCK2D-ADDRESS-PAYLOAD) is the six-operand form on V's elements: base
/// the UQ at byte 0 (column 0), width, height, pitch the UDs at bytes 8, 12, 16 (columns 2,
/// 3, 4), X and Y the Ds at bytes 20, 24 (columns 5, 6), the immediates their offsets.
#[rstest]
#[case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[VP+(1,-2)]")]
#[case("lsc_store_block2d.ugm (M1_NM, 1) flat[VP+(1,-2)] VD:d8.1x4x2nn")]
fn block2d_payload_lowers_to_the_six_operands(#[case] text: &str) {
    use visa_spec::ir::block2d::Block2dSurface;
    use visa_spec::ir::{Ctrl, Scalar};
    use visa_spec::types::DataType;
    let ir = validate_payload(text, &Readings::resolved()).unwrap();
    let vp = ir.vars.find("VP").unwrap();
    let Ctrl::Block2d(c) = &ir.insns[0].ctrl else {
        panic!("`{text}` has no block 2D fields");
    };
    let Block2dSurface::Flat(f) = &c.operands.surface else {
        panic!("`{text}` has no flat surface");
    };
    let at = |col, ty| Scalar::Var {
        var: vp,
        row: 0,
        col,
        ty,
    };
    assert_eq!(f.base, at(0, DataType::UQ));
    assert_eq!(f.width, at(2, DataType::UD));
    assert_eq!(f.height, at(3, DataType::UD));
    assert_eq!(f.pitch, at(4, DataType::UD));
    assert_eq!(c.operands.x, at(5, DataType::D));
    assert_eq!(c.operands.y, at(6, DataType::D));
    assert_eq!((c.x_offset, c.y_offset), (1, -2));
    validate::check_program(&ir, &Readings::resolved()).unwrap();
    let mut literal = Readings::resolved();
    literal
        .set(
            visa_spec::errata::BLOCK2D_ADDRESS_PAYLOAD,
            visa_spec::errata::Reading::Literal,
        )
        .unwrap();
    let err = validate::check_program(&ir, &literal).unwrap_err();
    assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
    let err = validate_payload(text, &literal).unwrap_err();
    assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
    assert_eq!(err.field.as_deref(), Some("address"), "{err}");
}

/// A payload too small, off a GRF boundary, not a general variable, with another offset or
/// offsets that do not fit a D: invalid, naming the address.
#[rstest]
#[case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[VPS+(0,0)]")]
#[case("lsc_store_block2d.ugm (M1_NM, 1) flat[VPS+(0,0)] VD:d8.1x4x2nn")]
#[case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[VPA+(0,0)]")]
#[case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[P1+(0,0)]")]
#[case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[VP+(2147483648,0)]")]
#[case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[VP+(0,-2147483649)]")]
#[case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[VP+(0,0),VX]")]
fn bad_block2d_payloads_are_invalid(#[case] text: &str) {
    let err = validate_payload(text, &Readings::resolved()).unwrap_err();
    assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
    assert_eq!(err.field.as_deref(), Some("address"), "{err}");
}
