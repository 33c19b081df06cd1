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
