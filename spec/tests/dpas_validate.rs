//! The sweep of DPAS's precision table (instructions/DPAS.md, legal combinations): every
//! pair of precisions on every DPAS platform. It stays a model test: it checks the
//! validator's table against the rule restated here (726 forms), not rows derived one by
//! one. The hand-derived DPAS, DPASW and DP4A validation rows are catalog cases
//! (conformance/src/catalog/dpas/: `validation`, each form valid or its error's class and
//! field).

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
