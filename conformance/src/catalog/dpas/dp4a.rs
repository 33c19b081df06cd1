//! DP4A (instructions/DP4A.md) on xe-hpg: DP4A-SIGNEDNESS and the destination conversion,
//! one channel of immediates (bytes named low to high).

use visa_model::platform::Platform::{XeHpg, XeLp};

use super::{forms, invalid};

use crate::catalog::build::ty;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dpas", instruction: "dp4a", file: "catalog/dpas/dp4a.jsonl", rows: add };

/// One DP4A into V1, eight elements of `dst`: element 0 is `want`, the others keep 0.
/// One DP4A with Exec_size 1 into V1 of type `dst`: element 0 is `want`.
#[derive(Debug)]
struct Dp4a {
    text: &'static str,
    dst: &'static str,
    want: u32,
    d: &'static str,
}

#[rustfmt::skip]
fn dp4a_rows(rows: &mut Rows, d: &str, text: &str, dst: &str, want: u32) {
    let row = Row::new(XeHpg, format!(".decl V1 v_type=G type={dst} num_elts=8\n{text}\n"));
    let (row, dst_ty) = ty(row, dst);
    let mut lanes = vec![0u64; 8];
    lanes[0] = u64::from(want);
    let why = format!("DP4A-SIGNEDNESS and the destination conversion: {d} (Exec_size 1: the other elements of V1 keep 0)");
    rows.add("values", row.expect_lanes("V1", dst_ty, &lanes).derived(&why));
}

fn add(rows: &mut Rows) {
    semantics(rows);
    validation(rows);
}

fn semantics(rows: &mut Rows) {
    for &Dp4a { text, dst, want, d } in VALUES {
        dp4a_rows(rows, d, text, dst, want);
    }
}

/// The validation rows (instructions/DP4A.md): regular region operands of D and UD, `.sat`,
/// predication, no source modifier. A valid instruction runs, an invalid one names its field.
#[rustfmt::skip]
fn validation(rows: &mut Rows) {
    let d = "DP4A.md: regular region operands, D and UD, `.sat` and predication (xe-lp too); valid.";
    forms(rows, "forms", d, &[(XeHpg, "dp4a (M1, 16) VD(0,0)<1> VD(0,0)<1;1,0> VU(0,0)<1;1,0> VD(0,0)<1;1,0>", None),
        (XeLp, "(P1) dp4a.sat (M1, 16) VU(0,0)<1> VU(0,0)<1;1,0> VU(0,0)<1;1,0> 0x01020304:ud", None)]);
    let d = "DP4A.md: the destination is D or UD (not F).";
    forms(rows, "forms", d, &[(XeHpg, "dp4a (M1, 16) VF(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", invalid("dst"))]);
    let d = "DP4A.md: no source modifier.";
    forms(rows, "forms", d, &[(XeHpg, "dp4a (M1, 16) VD(0,0)<1> (-)VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", invalid("src0"))]);
}

#[rustfmt::skip]
const VALUES: &[Dp4a] = &[
    Dp4a { text: "dp4a (M1, 1) V1(0,0)<1> 0x0:d 0xffffffff:d 0x01020304:d", dst: "d", want: 0xFFFF_FFF6, d: "D bytes of 0xffffffff are -1; D bytes of 0x01020304 \
            are 4, 3, 2, 1: -(4+3+2+1) = -10." },
    Dp4a { text: "dp4a (M1, 1) V1(0,0)<1> 0x0:d 0xffffffff:ud 0x01020304:d", dst: "d", want: 0x9F6, d: "UD bytes 255: 255 * 10 = 2550 = 0x9f6." },
    Dp4a { text: "dp4a (M1, 1) V1(0,0)<1> 0x0:d 0x01020304:d 0x80808080:ud", dst: "d", want: 0x500, d: "Mixed: src1 D bytes 4, 3, 2, 1; src2 UD bytes 0x80 = 128: \
            128 * 10 = 1280 = 0x500." },
    Dp4a { text: "dp4a (M1, 1) V1(0,0)<1> 0x7fffffff:d 0x80808080:d 0x80808080:d", dst: "d", want: 0x8000_FFFF, d: "D -128 * -128 * 4 = 65536, plus 0x7fffffff: \
            0x8000ffff modulo 2^32." },
    Dp4a { text: "dp4a.sat (M1, 1) V1(0,0)<1> 0x7fffffff:d 0x80808080:d 0x80808080:d", dst: "d", want: 0x7FFF_FFFF, d: "The same with .sat: 2^31 + 65535 clamps to \
            the D maximum." },
    Dp4a { text: "dp4a (M1, 1) V1(0,0)<1> 0xffffffff:ud 0xffffffff:ud 0xffffffff:ud", dst: "ud", want: 0x3_F803, d: "UD 255 * 255 * 4 = 260100 = 0x3f804, plus \
            0xffffffff: 0x3f803 modulo 2^32." },
    Dp4a { text: "dp4a.sat (M1, 1) V1(0,0)<1> 0xffffffff:ud 0xffffffff:ud 0xffffffff:ud", dst: "ud", want: 0xFFFF_FFFF, d: "With .sat into UD: clamps to \
            0xffffffff." },
    Dp4a { text: "dp4a.sat (M1, 1) V1(0,0)<1> 0x0:d 0xffffffff:d 0xffffffff:ud", dst: "d", want: (-1020i32) as u32, d: "D dst, .sat, negative: src0 0, -1 * 255 * 4 \
            (D src1 bytes -1, UD src2 bytes 255) = -1020." },
    Dp4a { text: "dp4a.sat (M1, 1) V1(0,0)<1> 0x0:d 0xffffffff:d 0xffffffff:ud", dst: "ud", want: 0, d: "UD dst, .sat, negative sum clamps to 0." },
];
