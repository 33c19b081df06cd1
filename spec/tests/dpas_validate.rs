//! Validation of DPAS, DPASW and DP4A (instructions/DPAS.md, DPASW.md, DP4A.md). Each row
//! names the rule it checks: a valid instruction validates, an invalid one reports its own
//! class and field.
#![allow(clippy::unwrap_used)]

mod common;

use common::Run;
use rstest::rstest;
use visa_spec::errata;
use visa_spec::ir::dpas::PRECISIONS as DPAS_PRECISIONS;
use visa_spec::platform::Platform;
use visa_spec::types::Precision;
use visa_spec::ErrorClass;

const HPG: Platform = Platform::XeHpg;
const HPC: Platform = Platform::XeHpc;
const XE2: Platform = Platform::Xe2;
const LP: Platform = Platform::XeLp;

/// 512-byte variables (8 GRFs of 64 bytes, 16 of 32) of each type, and small ones for the
/// extent rows: VS 64 bytes, VD128 128 bytes, VB256 256 bytes of BF.
const DECLS: &str = "\
.decl VD v_type=G type=d num_elts=128
.decl VU v_type=G type=ud num_elts=128
.decl VF v_type=G type=f num_elts=128
.decl VH v_type=G type=hf num_elts=256
.decl VBF v_type=G type=bf num_elts=256
.decl VW v_type=G type=uw num_elts=256
.decl W1 v_type=G type=ud num_elts=128
.decl A1 v_type=G type=ud num_elts=128
.decl VS v_type=G type=ud num_elts=16
.decl VD128 v_type=G type=d num_elts=32
.decl VB256 v_type=G type=bf num_elts=128
.decl P1 v_type=P num_elts=16
";

/// `None` when the instruction is valid, else the error's class and field.
fn verdict(platform: Platform, text: &str, literal: &[&str]) -> Option<(ErrorClass, String)> {
    let program = format!("{DECLS}{text}\n");
    let mut run = Run::new(platform, &program);
    for id in literal {
        run = run.literal(id);
    }
    match run.validate() {
        Ok(_) => None,
        Err(e) => Some((e.class, e.field.clone().unwrap_or_default())),
    }
}

fn invalid(field: &str) -> Option<(ErrorClass, String)> {
    Some((ErrorClass::InvalidInstruction, field.to_string()))
}

fn undefined(field: &str) -> Option<(ErrorClass, String)> {
    Some((ErrorClass::UndefinedBehaviour, field.to_string()))
}

#[rstest]
// DPAS.md, Notes example shapes: int, bf and hf DPAS at RC 8 (execution size 8 on xe-hpg).
#[case(HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", None)]
#[case(HPG, "dpas.u4.s8.8.8 (M1, 8) VU.0 VU.0 W1.0 A1(0,0)", None)]
#[case(HPG, "dpas.bf.bf.8.8 (M1, 8) VF.0 VF.0 W1.0 A1(0,0)", None)]
#[case(HPG, "dpas.hf.hf.8.8 (M1, 8) VF.0 VF.0 W1.0 A1(0,0)", None)]
// Legal-combination table: Dst/Src0 BF with bf, HF with hf, each independently F or the
// 16-bit type; D and UD mixed for int.
#[case(HPC, "dpas.bf.bf.8.8 (M1, 16) VBF.0 VF.0 W1.0 A1(0,0)", None)]
#[case(HPC, "dpas.hf.hf.8.4 (M1, 16) VF.0 VH.0 W1.0 A1(0,0)", None)]
#[case(HPC, "dpas.s2.u8.8.2 (M1, 16) VD.0 VU.0 W1.0 A1(0,0)", None)]
#[case(XE2, "dpas.tf32.tf32.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)", None)]
#[case(XE2, "dpas.bf8.hf8.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)", None)]
#[case(XE2, "dpas.hf8.hf8.8.1 (M1, 16) VF.0 %null.0 W1.0 A1(0,0)", None)]
// Src0 `%null.0`: "a null operand, meaning it is zero".
#[case(HPG, "dpas.s8.s8.8.1 (M1, 8) VD.0 %null.0 W1.0 A1(0,0)", None)]
// Raw offsets in whole GRFs (32 bytes on xe-hpg, 64 on xe-hpc).
#[case(HPG, "dpas.s8.s8.8.1 (M1, 8) VD.32 VD.64 W1.0 A1(1,0)", None)]
#[case(HPG, "dpas.s8.s8.8.1 (M1, 8) VD.16 VD.0 W1.0 A1(0,0)", invalid("dst"))]
#[case(
    HPC,
    "dpas.s8.s8.8.1 (M1, 16) VD.0 VD.0 W1.32 A1(0,0)",
    invalid("src1")
)]
#[case(
    HPC,
    "dpas.s8.s8.8.1 (M1, 16) VD.0 VD.96 W1.0 A1(0,0)",
    invalid("src0")
)]
// Platforms: no DPAS on xe-lp; execution size 8 on xe-hpg, 16 on xe-hpc and xe2.
#[case(LP, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode"))]
#[case(
    HPG,
    "dpas.s8.s8.8.8 (M1, 16) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("exec_size")
)]
#[case(
    HPC,
    "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("exec_size")
)]
#[case(
    XE2,
    "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("exec_size")
)]
// SD: encodable 1, 2, 4, 8; XEHP+ only 8. RC 1..8.
#[case(
    HPG,
    "dpas.s8.s8.4.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
#[case(
    HPC,
    "dpas.s8.s8.1.8 (M1, 16) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
#[case(
    HPG,
    "dpas.s8.s8.3.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
#[case(
    HPG,
    "dpas.s8.s8.8.0 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
#[case(
    HPG,
    "dpas.s8.s8.8.9 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
// The text form: four fields.
#[case(HPG, "dpas.s8.s8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode"))]
#[case(
    HPG,
    "dpas.s8.s8.8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
#[case(
    HPG,
    "dpas.x8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
// Precision pairs outside the table: mixed float, int with float, tf32 with fp8, one-bit
// (DPAS-ONE-BIT).
#[case(
    HPC,
    "dpas.bf.hf.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
#[case(
    HPC,
    "dpas.s8.bf.8.8 (M1, 16) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
#[case(
    HPC,
    "dpas.tf32.bf8.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
#[case(
    HPC,
    "dpas.u1.s8.8.8 (M1, 16) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
// Dst and Src0 types per row.
#[case(HPG, "dpas.s8.s8.8.8 (M1, 8) VF.0 VF.0 W1.0 A1(0,0)", invalid("dst"))]
#[case(HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VF.0 W1.0 A1(0,0)", invalid("src0"))]
#[case(HPG, "dpas.bf.bf.8.8 (M1, 8) VH.0 VF.0 W1.0 A1(0,0)", invalid("dst"))]
#[case(HPG, "dpas.hf.hf.8.8 (M1, 8) VF.0 VBF.0 W1.0 A1(0,0)", invalid("src0"))]
#[case(
    HPG,
    "dpas.tf32.tf32.8.8 (M1, 8) VBF.0 VF.0 W1.0 A1(0,0)",
    invalid("dst")
)]
#[case(HPG, "dpas.bf8.bf8.8.8 (M1, 8) VH.0 VF.0 W1.0 A1(0,0)", invalid("dst"))]
#[case(HPG, "dpas.s8.s8.8.8 (M1, 8) VW.0 VD.0 W1.0 A1(0,0)", invalid("dst"))]
// Src1 and Src2: D or UD.
#[case(HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 VF.0 A1(0,0)", invalid("src1"))]
#[case(HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 VF(0,0)", invalid("src2"))]
#[case(HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 VD(0,0)", None)]
// Operand kinds: no %null Dst or Src1, Src2 without region, no predicate.
#[case(
    HPG,
    "dpas.s8.s8.8.8 (M1, 8) %null.0 VD.0 W1.0 A1(0,0)",
    invalid("dst")
)]
#[case(
    HPG,
    "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 %null.0 A1(0,0)",
    invalid("src1")
)]
#[case(
    HPG,
    "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)<1;1,0>",
    invalid("src2")
)]
#[case(HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1.0", invalid("src2"))]
#[case(
    HPG,
    "(P1) dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("pred")
)]
// Src2 alignment (Notes): one row of A, SD*bits*OPS_PER_CHAN/32 DWORDs: 8 for s8 (32
// bytes), 4 for s4 with an 8-bit W (OPS 4: 16 bytes), 2 for s2 with an 8-bit W (8 bytes),
// 8 for u4 with a 4-bit W (OPS 8: 32 bytes), 4 for u2 with a 2-bit W (16 bytes).
#[case(HPG, "dpas.s8.s8.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,4)", invalid("src2"))]
#[case(HPG, "dpas.s8.s4.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,4)", None)]
#[case(HPG, "dpas.s8.s4.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,2)", invalid("src2"))]
#[case(HPG, "dpas.s8.s2.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,2)", None)]
#[case(HPG, "dpas.s8.s2.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,1)", invalid("src2"))]
#[case(HPG, "dpas.u4.u4.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,4)", invalid("src2"))]
#[case(HPG, "dpas.u2.u2.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,4)", None)]
#[case(HPG, "dpas.u2.u2.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,2)", invalid("src2"))]
// Extents. Dst D at RC 8 on xe-hpg: 8 rows of 8 D = 256 bytes; VD128 has 128 (RC 4 fits).
#[case(
    HPG,
    "dpas.s8.s8.8.8 (M1, 8) VD128.0 VD.0 W1.0 A1(0,0)",
    undefined("dst")
)]
#[case(HPG, "dpas.s8.s8.8.4 (M1, 8) VD128.0 VD.0 W1.0 A1(0,0)", None)]
#[case(
    HPG,
    "dpas.s8.s8.8.4 (M1, 8) VD.0 VD128.32 W1.0 A1(0,0)",
    undefined("src0")
)]
// Src1: ceil(SD/SRC1_OPERANDS_PER_CHAN) GRFs. s8 W: 8 GRFs (256 bytes on xe-hpg) do not
// fit VS (64 bytes); s2 W with s8 A: SRC1_OPERANDS_PER_CHAN 32/(4*2) = 4, 2 GRFs = 64.
#[case(
    HPG,
    "dpas.s8.s8.8.1 (M1, 8) VD.0 VD.0 VS.0 A1(0,0)",
    undefined("src1")
)]
#[case(HPG, "dpas.s2.s8.8.1 (M1, 8) VD.0 VD.0 VS.0 A1(0,0)", None)]
#[case(
    HPG,
    "dpas.s2.s8.8.1 (M1, 8) VD.0 VD.0 VS.32 A1(0,0)",
    undefined("src1")
)]
// s4 W with s8 A: SRC1_OPERANDS_PER_CHAN 2, 4 GRFs = 128 bytes > 64.
#[case(
    HPG,
    "dpas.s4.s8.8.1 (M1, 8) VD.0 VD.0 VS.0 A1(0,0)",
    undefined("src1")
)]
// Src2: RC rows of SD*OPS_PER_CHAN elements. u4.u4 (OPS 8): 64 elements of 4 bits = 32
// bytes a row; VS holds two rows.
#[case(HPG, "dpas.u4.u4.8.2 (M1, 8) VD.0 VD.0 W1.0 VS(0,0)", None)]
#[case(HPG, "dpas.u4.u4.8.1 (M1, 8) VD.0 VD.0 W1.0 VS(1,0)", None)]
#[case(
    HPG,
    "dpas.u4.u4.8.2 (M1, 8) VD.0 VD.0 W1.0 VS(1,0)",
    undefined("src2")
)]
#[case(
    HPG,
    "dpas.u4.u4.8.3 (M1, 8) VD.0 VD.0 W1.0 VS(0,0)",
    undefined("src2")
)]
// HF/BF Dst rows are packed (DPAS-DST-ADVANCE resolved): 8 rows of 16 BF on xe-hpc = 256
// bytes, exactly VB256.
#[case(HPC, "dpas.bf.bf.8.8 (M1, 16) VB256.0 VF.0 W1.0 A1(0,0)", None)]
// DPASW (DPASW.md): xe-hpg only; Dst D, UD or F; Src0 the same type as Dst.
#[case(HPG, "dpasw.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", None)]
#[case(HPG, "dpasw.bf.bf.8.8 (M1, 8) VF.0 %null.0 W1.0 A1(0,0)", None)]
#[case(
    HPC,
    "dpasw.s8.s8.8.8 (M1, 16) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
#[case(
    LP,
    "dpasw.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)",
    invalid("opcode")
)]
#[case(HPG, "dpasw.hf.hf.8.8 (M1, 8) VH.0 VF.0 W1.0 A1(0,0)", invalid("dst"))]
#[case(HPG, "dpasw.s8.s8.8.8 (M1, 8) VD.0 VU.0 W1.0 A1(0,0)", invalid("src0"))]
// DP4A (DP4A.md): regular region operands, D and UD, `.sat`, predication, no modifier.
#[case(
    HPG,
    "dp4a (M1, 16) VD(0,0)<1> VD(0,0)<1;1,0> VU(0,0)<1;1,0> VD(0,0)<1;1,0>",
    None
)]
#[case(
    LP,
    "(P1) dp4a.sat (M1, 16) VU(0,0)<1> VU(0,0)<1;1,0> VU(0,0)<1;1,0> 0x01020304:ud",
    None
)]
#[case(
    HPG,
    "dp4a (M1, 16) VF(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
    invalid("dst")
)]
#[case(
    HPG,
    "dp4a (M1, 16) VD(0,0)<1> (-)VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
    invalid("src0")
)]
fn dpas_rows(
    #[case] platform: Platform,
    #[case] text: &str,
    #[case] want: Option<(ErrorClass, String)>,
) {
    assert_eq!(verdict(platform, text, &[]), want, "{text}");
}

#[rstest]
// DPAS-TF32-FP8-PATHS literal: tf32 has OPS_PER_CHAN 8 and SRC1_OPERANDS_PER_CHAN 0.
#[case(
    XE2,
    "dpas.tf32.tf32.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)",
    errata::DPAS_TF32_FP8_PATHS,
    invalid("opcode")
)]
#[case(
    XE2,
    "dpas.bf8.bf8.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)",
    errata::DPAS_TF32_FP8_PATHS,
    None
)]
// DPAS-DST-ADVANCE literal: a BF row per GRF: 7*64 + 32 = 480 bytes > 256.
#[case(
    HPC,
    "dpas.bf.bf.8.8 (M1, 16) VB256.0 VF.0 W1.0 A1(0,0)",
    errata::DPAS_DST_ADVANCE,
    undefined("dst")
)]
#[case(
    HPC,
    "dpas.bf.bf.8.4 (M1, 16) VB256.0 VF.0 W1.0 A1(0,0)",
    errata::DPAS_DST_ADVANCE,
    None
)]
// D rows are one GRF under both readings.
#[case(
    HPG,
    "dpas.s8.s8.8.4 (M1, 8) VD128.0 VD.0 W1.0 A1(0,0)",
    errata::DPAS_DST_ADVANCE,
    None
)]
fn dpas_literal_rows(
    #[case] platform: Platform,
    #[case] text: &str,
    #[case] erratum: &str,
    #[case] want: Option<(ErrorClass, String)>,
) {
    assert_eq!(verdict(platform, text, &[erratum]), want, "{text}");
}

/// Every integer pair of the table (36) is valid on every DPAS platform, in every repeat
/// count, with D or UD accumulators; every pair mixing int and float is not.
#[test]
fn every_precision_pair() {
    let int: Vec<Precision> = DPAS_PRECISIONS
        .into_iter()
        .filter(|p| !p.is_float())
        .collect();
    assert_eq!(int.len(), 6);
    let mut valid = 0;
    for (platform, n) in [(HPG, 8), (HPC, 16), (XE2, 16)] {
        for w in DPAS_PRECISIONS {
            for a in DPAS_PRECISIONS {
                let float_ok = matches!(
                    (w, a),
                    (Precision::BF, Precision::BF)
                        | (Precision::HF, Precision::HF)
                        | (Precision::TF32, Precision::TF32)
                ) || (matches!(w, Precision::BF8 | Precision::HF8)
                    && matches!(a, Precision::BF8 | Precision::HF8));
                let ok = (int.contains(&w) && int.contains(&a)) || float_ok;
                let (dst, src0) = if int.contains(&w) {
                    ("VD", "VU")
                } else {
                    ("VF", "VF")
                };
                for rc in [1, 8] {
                    let text =
                        format!("dpas.{w}.{a}.8.{rc} (M1, {n}) {dst}.0 {src0}.0 W1.0 A1(0,0)");
                    let got = verdict(platform, &text, &[]);
                    if ok {
                        assert_eq!(got, None, "{text}");
                        valid += 1;
                    } else {
                        assert_eq!(got, invalid("opcode"), "{text}");
                    }
                }
            }
        }
    }
    // (36 int + bf, hf, tf32 + 4 fp8) pairs, 2 repeat counts, 3 platforms.
    assert_eq!(valid, (36 + 3 + 4) * 2 * 3);
}

/// How a hand-built or mutated DPAS IR departs from what validation builds.
#[derive(Clone, Copy, Debug)]
enum Mutation {
    /// A positional source besides the named operands.
    PositionalSource,
    /// `dst` other than the named Dst.
    DstDisagrees,
    /// Src1 at a column: not a GRF-aligned raw operand.
    Src1Column,
    /// Src2 names no variable.
    Src2NoVariable,
    /// Src0 of a type the table does not admit (Src1's UD variable as F).
    Src0Type,
}

/// `check_program` rejects a DPAS IR whose named operands break the documents' rules with a
/// typed error naming the field, as validation would.
#[rstest]
#[case(Mutation::PositionalSource, "operands")]
#[case(Mutation::DstDisagrees, "dst")]
#[case(Mutation::Src1Column, "src1")]
#[case(Mutation::Src2NoVariable, "src2")]
#[case(Mutation::Src0Type, "src0")]
fn malformed_dpas_ir_is_invalid(#[case] mutation: Mutation, #[case] field: &str) {
    use visa_spec::ir::{Ctrl, Dst, Src};
    use visa_spec::state::VarId;
    use visa_spec::types::DataType;
    let program = format!("{DECLS}dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)\n");
    let mut ir = Run::new(HPG, &program).validate().unwrap();
    let insn = &mut ir.insns[0];
    let Ctrl::Dpas(ctrl) = &mut insn.ctrl else {
        panic!("DPAS validates to Ctrl::Dpas");
    };
    match mutation {
        Mutation::PositionalSource => insn.srcs.push(Src::Imm {
            bits: 0,
            ty: DataType::D,
        }),
        Mutation::DstDisagrees => insn.dst = Dst::Null { ty: DataType::D },
        Mutation::Src1Column => ctrl.operands.src1.col = 1,
        Mutation::Src2NoVariable => ctrl.operands.src2.var = VarId(u32::MAX),
        Mutation::Src0Type => {
            ctrl.operands.src0 = Some(visa_spec::ir::Payload {
                ty: DataType::F,
                ..ctrl.operands.src1
            })
        }
    }
    let err = visa_spec::validate::check_program(&ir, &errata::Readings::resolved())
        .expect_err("malformed DPAS IR must be rejected");
    assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
    assert_eq!(err.field.as_deref(), Some(field), "{err}");
}
