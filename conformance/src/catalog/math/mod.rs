//! The math family's catalogs (issue 24), one module per instruction document. F bit
//! patterns in the derivations are IEEE 754 binary32: sign, 8 exponent bits (bias 127), 23
//! fraction bits.

pub mod frc;
pub mod rndd;
pub mod rnde;
pub mod rndu;
pub mod rndz;

use visa_spec::errata;
use visa_spec::platform::Platform;

use crate::catalog::{Row, Rows};

/// Declarations the validation rows of the rounding instructions are written against.
pub const DECLS: &str =
    ".decl VF v_type=G type=f num_elts=32\n.decl VHF v_type=G type=hf num_elts=16\n\
     .decl VDF v_type=G type=df num_elts=16\n.decl VD v_type=G type=d num_elts=16\n";

/// The platform rows of erratum RND-PLATFORM-APPENDIX for `mnemonic` (one source, F):
/// resolved, the instruction exists on every modelled platform; literal, only on xe-lp (the
/// appendix's TGLLP column), and on the others validation names the opcode.
pub fn platform_rows(rows: &mut Rows, mnemonic: &str) {
    let erratum = errata::RND_PLATFORM_APPENDIX;
    let text = format!("{DECLS}{mnemonic} (M1, 8) VF(0,0)<1> VF(1,0)<1;1,0>\n");
    for platform in Platform::ALL {
        let d = format!(
            "appendix_instruction_by_platform.md marks {} on TGLLP and names no later platform. Resolved: it exists on {} as on every modelled platform, and runs from the zeroed state.",
            mnemonic.to_uppercase(),
            platform.name()
        );
        rows.add(
            "platforms",
            Row::new(platform, text.clone())
                .expect_validation(None)
                .tag(erratum)
                .derived(&d),
        );
        let literal = if platform == Platform::XeLp {
            Row::new(platform, text.clone()).expect_validation(None)
        } else {
            Row::new(platform, text.clone()).expect_invalid("opcode")
        };
        let d = format!(
            "Literal reading: only the table's platforms have {}; xe-lp is TGLLP, {} is not in the table{}.",
            mnemonic.to_uppercase(),
            platform.name(),
            if platform == Platform::XeLp {
                " (so xe-lp runs it)"
            } else {
                ", so validation rejects the opcode"
            }
        );
        rows.add("platforms", literal.literal(erratum).derived(&d));
    }
}

/// The type-map rows shared by the rounding instructions: F to F is the one map; HF, DF and
/// integer operands are invalid-instruction (the type map names F alone; validation names
/// the destination for a type map that does not hold, as for every ALU form).
pub fn type_rows(rows: &mut Rows, mnemonic: &str) {
    // `field`: the field an invalid form names (`None`: the form is valid).
    let form = |text: &str, field: Option<&str>, d: &str, rows: &mut Rows| {
        let row = Row::new(Platform::XeHpg, format!("{DECLS}{text}\n"));
        let row = match field {
            Some(field) => row.expect_invalid(field),
            None => row.expect_validation(None),
        };
        rows.add("types", row.derived(d));
    };
    form(
        &format!("{mnemonic} (M1, 16) VF(0,0)<1> VF(0,0)<1;1,0>"),
        None,
        "Dst F, Src F: the type map.",
        rows,
    );
    form(
        &format!("{mnemonic} (M1, 1) VF(0,0)<1> 0x40200000:f"),
        None,
        "Src0's operand class includes immediate: an F immediate source.",
        rows,
    );
    form(
        &format!("{mnemonic} (M1, 16) VHF(0,0)<1> VHF(0,0)<1;1,0>"),
        Some("dst"),
        "HF is not in the type map (Dst types: F, Src types: F).",
        rows,
    );
    form(
        &format!("{mnemonic} (M1, 8) VDF(0,0)<1> VDF(0,0)<1;1,0>"),
        Some("dst"),
        "DF is not in the type map.",
        rows,
    );
    form(
        &format!("{mnemonic} (M1, 8) VF(0,0)<1> VD(0,0)<1;1,0>"),
        Some("dst"),
        "A D source: not in the type map (Src types: F).",
        rows,
    );
    form(
        &format!("{mnemonic} (M1, 8) VD(0,0)<1> VF(0,0)<1;1,0>"),
        Some("dst"),
        "A D destination: not in the type map (Dst types: F).",
        rows,
    );
}
