//! FCVT and SRND (instructions/FCVT.md, SRND.md) on spec and oracle over whole input spaces:
//! every HF code (to BF8, by FCVT and by SRND with several random bytes), every BF8 code
//! (to HF), and F values of every exponent with mantissas around the dropped bits (to TF32
//! and, under both readings of SRND-DENORM-ALIGN, to HF). The two engines are written
//! independently (bit fields against f64 scaling); they must agree bit for bit.
#![allow(clippy::unwrap_used)]

use visa_conformance::gen::GenCase;
use visa_conformance::{run_case, EngineKind, Outcome};
use visa_model::errata;
use visa_model::platform::Platform;
use visa_model::types::DataType;

/// Runs `op (M1_NM, 32) V1 <- V2 [, V3]` on both engines and compares the states.
fn agree(
    op: &str,
    dst: DataType,
    srcs: &[(DataType, Vec<u64>)],
    literal: &[&'static str],
    platform: Platform,
) {
    let mut text = format!(".decl V1 v_type=G type={} num_elts=32\n", dst.text());
    let mut operands = String::new();
    let mut vars = Vec::new();
    for (k, (ty, values)) in srcs.iter().enumerate() {
        text.push_str(&format!(
            ".decl V{} v_type=G type={} num_elts=32\n",
            k + 2,
            ty.text()
        ));
        operands.push_str(&format!(" V{}(0,0)<1;1,0>", k + 2));
        let bytes: Vec<u8> = values
            .iter()
            .flat_map(|v| v.to_le_bytes()[..ty.size()].to_vec())
            .collect();
        vars.push((format!("V{}", k + 2), bytes));
    }
    text.push_str(&format!("{op} (M1_NM, 32) V1(0,0)<1>{operands}\n"));
    let case = GenCase {
        platform,
        literal: literal.to_vec(),
        text,
        vars,
        preds: Vec::new(),
        cr0: 0,
        emask: u32::MAX,
        tags: Vec::new(),
        partner: Vec::new(),
        mem: Vec::new(),
        surfaces: Vec::new(),
        samplers: Vec::new(),
        profile: None,
    }
    .to_case("fp8-exhaustive");
    let spec = run_case(&case, EngineKind::Spec);
    let oracle = run_case(&case, EngineKind::Oracle);
    match (&spec, &oracle) {
        (Outcome::Ok(a), Outcome::Ok(b)) => {
            assert_eq!(a, b, "states differ on\n{}", case.to_line())
        }
        _ => panic!("spec {spec:?} vs oracle {oracle:?} on\n{}", case.to_line()),
    }
}

#[test]
fn every_hf_code_to_bf8() {
    for chunk in 0..2048u64 {
        let h: Vec<u64> = (chunk * 32..chunk * 32 + 32).collect();
        agree(
            "fcvt",
            DataType::UB,
            &[(DataType::HF, h.clone())],
            &[],
            Platform::XeHpc,
        );
        for r in [0u64, 0xff, 0x80, chunk & 0xff] {
            let random: Vec<u64> = (0..32).map(|k| (r + k * 0x25) & 0xff).collect();
            agree(
                "srnd",
                DataType::UB,
                &[(DataType::HF, h.clone()), (DataType::UB, random)],
                &[],
                Platform::Xe2,
            );
        }
    }
}

#[test]
fn every_bf8_code_to_hf() {
    for chunk in 0..8u64 {
        let b: Vec<u64> = (chunk * 32..chunk * 32 + 32).collect();
        agree(
            "fcvt",
            DataType::HF,
            &[(DataType::UB, b)],
            &[],
            Platform::XeHpc,
        );
    }
}

/// F values of every exponent and both signs, with mantissas around the 13 dropped bits.
fn f_values() -> Vec<u64> {
    const MANTISSAS: [u64; 16] = [
        0x00_0000, 0x00_0001, 0x00_0fff, 0x00_1000, 0x00_1001, 0x00_1fff, 0x00_2000, 0x00_3000,
        0x7f_e000, 0x7f_efff, 0x7f_f000, 0x7f_ffff, 0x40_0000, 0x40_1000, 0x2a_aaab, 0x55_5555,
    ];
    let mut out = Vec::new();
    for sign in [0u64, 0x8000_0000] {
        for exponent in 0..256u64 {
            for m in MANTISSAS {
                out.push(sign | exponent << 23 | m);
            }
        }
    }
    out
}

#[test]
fn f_to_tf32_and_srnd_to_hf() {
    let values = f_values();
    for (chunk, x) in values.chunks(32).enumerate() {
        let x = x.to_vec();
        agree(
            "fcvt",
            DataType::UD,
            &[(DataType::F, x.clone())],
            &[],
            Platform::XeHpc,
        );
        for r in [0u64, 0x1fff, 0x1000, 0x0fff, 0xffff, chunk as u64 * 0x133] {
            let random: Vec<u64> = (0..32).map(|k| (r + k * 0x2c5) & 0xffff).collect();
            for literal in [&[][..], &[errata::SRND_DENORM_ALIGN][..]] {
                agree(
                    "srnd",
                    DataType::HF,
                    &[(DataType::F, x.clone()), (DataType::UW, random.clone())],
                    literal,
                    Platform::XeHpc,
                );
            }
        }
    }
}
