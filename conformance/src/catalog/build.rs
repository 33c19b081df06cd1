//! Builder conveniences shared by the catalog modules: the one-lane programs most ALU rows
//! use, and little-endian element bytes.

use visa_model::platform::Platform;
use visa_model::types::DataType;

use super::row::Row;

/// Little-endian bytes of u32 elements.
pub fn le32(xs: &[u32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Little-endian bytes of u16 elements.
pub fn le16(xs: &[u16]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Little-endian bytes of u64 elements.
pub fn le64(xs: &[u64]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Splits a source spec such as `~ub` or `(-)d` into its modifier text and type.
pub fn split_modifier(spec: &str) -> (&str, &str) {
    for m in ["(-abs)", "(-)", "(abs)", "~"] {
        if let Some(ty) = spec.strip_prefix(m) {
            return (m, ty);
        }
    }
    ("", spec)
}

/// A data type by its vISA name; a mistake in a row is recorded on it.
pub fn ty(row: Row, name: &str) -> (Row, DataType) {
    match name.parse::<DataType>() {
        Ok(ty) => (row, ty),
        Err(_) => (row.fault(format!("unknown type `{name}`")), DataType::UD),
    }
}

/// The one-lane program of `op` (mnemonic and instruction modifiers, e.g. `shl.sat`) on
/// `platform`: the destination is a one-element variable V1 of type `dst`; source k is a
/// one-element variable V(k+2) of the row's type (a modifier may precede it: `~ub`, `(-)d`)
/// holding the row's value, read through `<0;1,0>`. It expects nothing yet.
pub fn lane_program(platform: Platform, op: &str, dst: &str, srcs: &[(&str, u64)]) -> Row {
    let mut decls = format!(".decl V1 v_type=G type={dst} num_elts=1\n");
    let mut operands = String::new();
    for (k, (spec, _)) in srcs.iter().enumerate() {
        let (modifier, ty) = split_modifier(spec);
        decls.push_str(&format!(".decl V{} v_type=G type={ty} num_elts=1\n", k + 2));
        operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
    }
    let mut row = Row::new(
        platform,
        format!("{decls}{op} (M1, 1) V1(0,0)<1>{operands}\n"),
    );
    for (k, (spec, value)) in srcs.iter().enumerate() {
        let (next, src_ty) = ty(row, split_modifier(spec).1);
        row = next.var(
            &format!("V{}", k + 2),
            value.to_le_bytes()[..src_ty.size()].to_vec(),
        );
    }
    row
}

/// [`lane_program`] expecting V1 to hold `expected` (its bits, zero-extended).
#[rustfmt::skip]
pub fn lane_on(platform: Platform, op: &str, dst: &str, srcs: &[(&str, u64)], expected: u64) -> Row {
    let (row, dst_ty) = ty(lane_program(platform, op, dst, srcs), dst);
    row.expect_lane("V1", dst_ty, expected)
}

/// [`lane_on`] on xe-hpg.
pub fn lane(op: &str, dst: &str, srcs: &[(&str, u64)], expected: u64) -> Row {
    lane_on(Platform::XeHpg, op, dst, srcs, expected)
}

/// A validation row on xe-hpg: `decls` followed by `text`, expecting `class` (`None`: the
/// form is valid, and runs from the zeroed state).
pub fn form(decls: &str, text: &str, class: Option<visa_model::ErrorClass>) -> Row {
    Row::new(Platform::XeHpg, format!("{decls}{text}\n")).expect_validation(class)
}

/// How a table row stands to the errata and the contracts: plainly, tagged (an erratum's
/// resolved reading, or a contract tag), or under an erratum's literal reading.
#[derive(Debug, Clone, Copy)]
pub enum How {
    Plain,
    Tag(&'static str),
    Literal(&'static str),
}
