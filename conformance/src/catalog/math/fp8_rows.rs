//! Row builders shared by the FCVT and SRND catalogs (instructions/FCVT.md, SRND.md): one
//! instruction on whole lanes of one-row variables, and the validation rows.

use visa_model::platform::Platform;
use visa_model::types::DataType;

use crate::catalog::row::Row;

/// Declarations of the validation rows: one variable per type the forms name or refuse.
#[rustfmt::skip]
pub const DECLS: &str = ".decl VHF v_type=G type=hf num_elts=32\n\
                         .decl VUB v_type=G type=ub num_elts=64\n\
                         .decl VB v_type=G type=b num_elts=64\n\
                         .decl VF v_type=G type=f num_elts=32\n\
                         .decl VUD v_type=G type=ud num_elts=32\n\
                         .decl VUW v_type=G type=uw num_elts=32\n\
                         .decl VBF v_type=G type=bf num_elts=32\n\
                         .decl P1 v_type=P num_elts=32\n";

/// `op (mask, n) V1(0,0)<1> V2(0,0)<1;1,0> [V3(0,0)<1;1,0>]` on `platform`: V1 of type
/// `dst`, source k a variable V(k+2) of its type holding its lanes. The lane count is padded
/// to a power of two by repeating lane 0 (its value and its expectation). Expects V1's lanes
/// to be `expected`.
#[rustfmt::skip]
pub fn lanes(platform: Platform, op: &str, mask: &str, dst: DataType, srcs: &[(DataType, &[u64])], expected: &[u64]) -> Row {
    let len = expected.len().max(1);
    let n = len.next_power_of_two();
    let pad = |values: &[u64]| -> Vec<u64> {
        let mut v = values.to_vec();
        let first = v.first().copied().unwrap_or(0);
        v.resize(n, first);
        v
    };
    let mut decls = format!(".decl V1 v_type=G type={} num_elts={n}\n", dst.text());
    let mut operands = String::new();
    for (k, (ty, _)) in srcs.iter().enumerate() {
        decls.push_str(&format!(".decl V{} v_type=G type={} num_elts={n}\n", k + 2, ty.text()));
        operands.push_str(&format!(" V{}(0,0)<1;1,0>", k + 2));
    }
    let mut row = Row::new(platform, format!("{decls}{op} ({mask}, {n}) V1(0,0)<1>{operands}\n"));
    for (k, (ty, values)) in srcs.iter().enumerate() {
        if values.len() != len {
            row = row.fault(format!("source {k} has {} lanes, not {len}", values.len()));
        }
        let bytes: Vec<u8> = pad(values).iter().flat_map(|v| v.to_le_bytes()[..ty.size()].to_vec()).collect();
        row = row.var(&format!("V{}", k + 2), bytes);
    }
    row.expect_lanes("V1", dst, &pad(expected))
}

/// A validation row on `platform`: [`DECLS`] and `text`, expecting the error of `field`
/// (`None`: the form is valid and runs from the zeroed state).
pub fn form(platform: Platform, text: &str, field: Option<&str>) -> Row {
    let row = Row::new(platform, format!("{DECLS}{text}\n"));
    match field {
        Some(field) => row.expect_invalid(field),
        None => row.expect_validation(None),
    }
}
