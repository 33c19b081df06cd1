//! The sweep of DPAS's precision table (instructions/DPAS.md, legal combinations): every
//! pair of precisions on every DPAS platform; and `check_program` on DPAS IR that text
//! cannot express. Both stay model tests: the sweep checks the validator's table against the
//! rule restated here (726 forms), not rows derived one by one. The hand-derived DPAS, DPASW and DP4A validation rows are catalog cases
//! (conformance/src/catalog/dpas/: `validation`, each form valid or its error's class and
//! field).

use rstest::rstest;
use visa_spec::errata;
use visa_spec::ir::dpas::PRECISIONS as DPAS_PRECISIONS;
use visa_spec::platform::Platform;
use visa_spec::types::Precision;
use visa_spec::{asm, validate, ErrorClass};

const HPG: Platform = Platform::XeHpg;
const HPC: Platform = Platform::XeHpc;
const XE2: Platform = Platform::Xe2;

/// 512-byte variables (8 GRFs of 64 bytes, 16 of 32).
const DECLS: &str = "\
.decl VD v_type=G type=d num_elts=128
.decl VU v_type=G type=ud num_elts=128
.decl VF v_type=G type=f num_elts=128
.decl W1 v_type=G type=ud num_elts=128
.decl A1 v_type=G type=ud num_elts=128
";

/// `None` when the instruction is valid, else the error's class and field.
fn verdict(platform: Platform, text: &str) -> Option<(ErrorClass, String)> {
    let program = format!("{DECLS}{text}\n");
    let validated = asm::parse(&program).and_then(|ast| validate::validate(&ast, platform));
    match validated {
        Ok(_) => None,
        Err(e) => Some((e.class, e.field.clone().unwrap_or_default())),
    }
}

fn invalid(field: &str) -> Option<(ErrorClass, String)> {
    Some((ErrorClass::InvalidInstruction, field.to_string()))
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
                    let got = verdict(platform, &text);
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
    let mut ir = asm::parse(&program)
        .and_then(|ast| validate::validate(&ast, HPG))
        .expect("the DPAS form validates");
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
