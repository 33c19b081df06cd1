//! The DPAS family's catalogs: DPAS, DPASW and DP4A, one module per instruction document.

pub mod dp4a;
// Named for its document, DPAS.md, as spec/src/insn/dpas/dpas.rs is.
#[allow(clippy::module_inception)]
pub mod dpas;
pub mod dpas_profiles;
pub mod dpasw;

use visa_model::platform::Platform;
use visa_model::ErrorClass;

use crate::catalog::doc::Rows;
use crate::catalog::row::Row;

/// The variables of the DPAS rows: Dst, Src0 (C), Src1 (W1), Src2 (A1), 256 bytes each
/// (eight 32-byte GRFs on xe-hpg).
#[rustfmt::skip]
pub const DECLS: &str = "\
.decl D v_type=G type=d num_elts=64
.decl C v_type=G type=ud num_elts=64
.decl W1 v_type=G type=ud num_elts=64
.decl A1 v_type=G type=ud num_elts=64
";

/// What Dst holds before a row runs: every DW 0x55555555.
pub const UNTOUCHED: u32 = 0x5555_5555;

/// 256 bytes: every DW `dw`.
pub fn fill(dw: u32) -> Vec<u8> {
    (0..64).flat_map(|_| dw.to_le_bytes()).collect()
}

/// 256 bytes of `byte`.
pub fn bytes(byte: u8) -> Vec<u8> {
    vec![byte; 256]
}

/// Dst as 64 DWs: `rows[r]` in the 8 channels of row r, [`UNTOUCHED`] after the rows.
pub fn dst_rows(rows: &[u32]) -> Vec<u64> {
    let mut d = vec![u64::from(UNTOUCHED); 64];
    for (r, value) in rows.iter().enumerate() {
        d[r * 8..r * 8 + 8].fill(u64::from(*value));
    }
    d
}

/// The variables of the validation rows: 512-byte variables (8 GRFs of 64 bytes, 16 of 32)
/// of each type, and small ones for the extent rows: VS 64 bytes, VD128 128 bytes, VB256
/// 256 bytes of BF.
#[rustfmt::skip]
pub const FORM_DECLS: &str = "\
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

/// A validation verdict: `None` for a valid form, else the error's class and field.
pub type Verdict = Option<(ErrorClass, &'static str)>;

/// An `invalid-instruction` error naming `field`.
pub fn invalid(field: &'static str) -> Verdict {
    Some((ErrorClass::InvalidInstruction, field))
}

/// An `undefined-behaviour` error naming `field`.
pub fn undefined(field: &'static str) -> Verdict {
    Some((ErrorClass::UndefinedBehaviour, field))
}

/// A validation row: `text` after [`FORM_DECLS`] on `platform`. A valid form runs from the
/// zeroed state (its results are not observed); an invalid one expects its error.
pub fn form(platform: Platform, text: &str, verdict: Verdict) -> Row {
    let row = Row::new(platform, format!("{FORM_DECLS}{text}\n"));
    match verdict {
        None => row,
        Some((class, field)) => row.expect_error(class).field(field),
    }
}

/// The validation rows `forms` in group `group`, each with the derivation `d`.
pub fn forms(rows: &mut Rows, group: &str, d: &str, forms: &[(Platform, &str, Verdict)]) {
    for (platform, text, verdict) in forms {
        rows.add(group, form(*platform, text, *verdict).derived(d));
    }
}
