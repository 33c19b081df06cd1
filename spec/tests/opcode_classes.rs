//! How validation classifies an opcode no implementation offers: an unknown mnemonic and a
//! documented opcode not yet executed. These stay out of the edge catalog
//! (conformance/src/catalog): certify sends an implementation only the instructions its
//! `hello` lists, so no implementation could ever be asked them.
#![allow(clippy::unwrap_used)]

use rstest::rstest;
use visa_spec::errata::Readings;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::{asm, validate, ErrorClass};

const SRC16: &str = ".decl V1 v_type=G type=d num_elts=16\n.decl V2 v_type=G type=d num_elts=32\n";

#[rstest]
// Unknown opcode, documented but not yet executed opcode.
#[case("frobnicate (M1, 8) V1(0,0)<1> 0x1:d", ErrorClass::InvalidInstruction)]
#[case("load_mcs (M1, 1) L1", ErrorClass::Unsupported)]
fn opcodes_without_semantics(#[case] insn: &str, #[case] class: ErrorClass) {
    let text = format!("{SRC16}{insn}\n");
    let err = asm::parse(&text)
        .and_then(|ast| validate::validate_with(&ast, XeHpg, &Readings::resolved()))
        .unwrap_err();
    assert_eq!(err.class, class, "{insn}: {err}");
    assert_eq!(err.pos.map(|p| p.line), Some(3), "{err}");
}

/// Which platforms each family exists on, from the documents (gen9, gen11, xe-lp, xe-hpg,
/// xe-hpc, xe2): ALU, SVM and the legacy dataport everywhere (GATHER_SCALED,
/// SCATTER_SCALED, the 4-channel, oword and DWORD_ATOMIC forms: the appendix lists them from
/// BDW up to TGLLP, the model keeps them later as it does SVM; GATHER, SCATTER, MEDIA_LD
/// and MEDIA_ST alike);
/// QW_GATHER and QW_SCATTER from PVC on (6_instructions.md's {PVC_XT,PVC}); ROL and ROR from ICLLP on, DP4A from TGLLP on, ADD3 and BFN from XEHP on
/// (6_instructions.md's tags); DPAS from XEHP on (DPAS.md, Exec_size); DPASW on xe-hpg alone
/// (DPASW.md, Semantics: XEHP with EU fusion); LSC messages from DG2 on (LSC_UNTYPED.md,
/// LSC_TYPED.md, LSC_FENCE.md); block 2D on PVC and xe2 (their shape limits are PVC's).
#[rstest]
#[case(visa_spec::ir::Opcode::Add, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::SvmGather, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::GatherScaled, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::ScatterScaled, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::Gather4Scaled, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::Scatter4Scaled, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::OwordLd, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::OwordLdUnaligned, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::OwordSt, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::DwordAtomic, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::Gather, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::Scatter, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::MediaLd, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::MediaSt, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::QwGather, [false, false, false, false, true, true])]
#[case(visa_spec::ir::Opcode::QwScatter, [false, false, false, false, true, true])]
#[case(visa_spec::ir::Opcode::Rol, [false, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::Dp4a, [false, false, true, true, true, true])]
#[case(visa_spec::ir::Opcode::Add3, [false, false, false, true, true, true])]
#[case(visa_spec::ir::Opcode::Bfn, [false, false, false, true, true, true])]
#[case(visa_spec::ir::Opcode::Dpas, [false, false, false, true, true, true])]
#[case(visa_spec::ir::Opcode::Dpasw, [false, false, false, true, false, false])]
#[case(visa_spec::ir::Opcode::LscLoad, [false, false, false, true, true, true])]
#[case(visa_spec::ir::Opcode::LscFence, [false, false, false, true, true, true])]
#[case(visa_spec::ir::Opcode::LscApndctrAtomicAdd, [false, false, false, true, true, true])]
#[case(visa_spec::ir::Opcode::LscLoadBlock2d, [false, false, false, false, true, true])]
#[case(visa_spec::ir::Opcode::LscStoreBlock2d, [false, false, false, false, true, true])]
// RNDD, RNDE, RNDU, RNDZ, FRC everywhere (erratum RND-PLATFORM-APPENDIX, resolved).
#[case(visa_spec::ir::Opcode::Rndd, [true, true, true, true, true, true])]
#[case(visa_spec::ir::Opcode::Frc, [true, true, true, true, true, true])]
// FCVT and SRND on xe-hpc and xe2 (erratum FP8-CONVERT-PLATFORMS, resolved).
#[case(visa_spec::ir::Opcode::Fcvt, [false, false, false, false, true, true])]
#[case(visa_spec::ir::Opcode::Srnd, [false, false, false, false, true, true])]
fn platforms_of_each_family(#[case] op: visa_spec::ir::Opcode, #[case] on: [bool; 6]) {
    use visa_spec::platform::Platform;
    let form = op.form();
    for (platform, want) in Platform::ALL.into_iter().zip(on) {
        assert_eq!(
            form.platforms.admits(platform),
            want,
            "{op:?} on {platform:?}"
        );
    }
}

/// Under the literal reading of RND-PLATFORM-APPENDIX the rounding instructions exist on
/// the appendix's platforms alone: gen9, gen11 and xe-lp (its SKL, ICLLP and TGLLP columns).
#[test]
fn the_literal_platform_table_keeps_the_rounding_instructions_up_to_xe_lp() {
    use visa_spec::errata::RND_PLATFORM_APPENDIX;
    use visa_spec::platform::Platform;
    let mut readings = Readings::resolved();
    readings
        .set(RND_PLATFORM_APPENDIX, visa_spec::errata::Reading::Literal)
        .unwrap();
    let on = visa_spec::ir::Opcode::Rnde.form().platforms;
    let admitted: Vec<bool> = Platform::ALL
        .into_iter()
        .map(|p| on.admits_under(p, &readings).is_ok())
        .collect();
    assert_eq!(admitted, [true, true, true, false, false, false]);
    assert!(Platform::ALL
        .into_iter()
        .all(|p| on.admits_under(p, &Readings::resolved()).is_ok()));
}

/// LSC on gen9 is invalid (LSC messages exist from DG2 on), field `opcode`.
#[test]
fn lsc_on_gen9_is_invalid() {
    use visa_spec::platform::Platform::Gen9;
    let text = ".decl VA v_type=G type=uq num_elts=8\n.decl VD v_type=G type=ud num_elts=8\n\
                lsc_load.ugm (M1, 8) VD:d32 flat[VA]:a64\n";
    let ast = asm::parse(text).unwrap();
    let err = validate::validate_with(&ast, Gen9, &Readings::resolved()).unwrap_err();
    assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
    assert_eq!(err.field.as_deref(), Some("opcode"), "{err}");
    // The same text is valid from xe-hpg on.
    validate::validate_with(
        &ast,
        visa_spec::platform::Platform::XeHpg,
        &Readings::resolved(),
    )
    .unwrap();
}

/// An instruction on a platform it does not exist on is invalid, field `opcode`, through
/// text validation and through `check_program` on IR built for another platform.
#[test]
fn an_instruction_off_its_platforms_is_invalid() {
    use visa_spec::platform::Platform::XeLp;
    let text = ".decl V v_type=G type=ud num_elts=8\nlsc_fence.ugm.clean.sysrel\n";
    let ast = asm::parse(text).unwrap();
    let err = validate::validate_with(&ast, XeLp, &Readings::resolved()).unwrap_err();
    assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
    assert_eq!(err.field.as_deref(), Some("opcode"), "{err}");
    let mut program = validate::validate_with(&ast, XeHpg, &Readings::resolved()).unwrap();
    program.platform = XeLp;
    let err = validate::check_program(&program, &Readings::resolved()).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("opcode"), "{err}");
    assert!(err.message.contains("does not exist on xe-lp"), "{err}");
}

/// The dataport messages address `%slm` (T0), `%scratch` (T5, T255) and binding-table
/// surfaces; the other pre-defined surfaces (bindless `%bss` among them) are `unsupported`,
/// naming the surface. Kept out of the edge catalog for the reason above.
#[test]
fn a_dataport_message_on_an_unmodelled_predefined_surface_is_unsupported() {
    let decls = ".decl VE v_type=G type=ud num_elts=8\n.decl VD v_type=G type=ud num_elts=8\n";
    for surface in ["%bss", "T4", "T1", "TSS"] {
        let text = format!("{decls}gather_scaled.4 (M1, 1) {surface} 0x0:ud VE.0 VD.0\n");
        let err = asm::parse(&text)
            .and_then(|ast| validate::validate_with(&ast, XeHpg, &Readings::resolved()))
            .unwrap_err();
        assert_eq!(err.class, ErrorClass::Unsupported, "{surface}: {err}");
        assert_eq!(err.field.as_deref(), Some("surface"), "{surface}: {err}");
    }
}
