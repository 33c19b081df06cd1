//! ADDR_ADD (instructions/ADDR_ADD.md): address arithmetic, the execution mask, and the
//! pre-defined src0 variables under both readings of ADDR-ADD-PREDEFINED.
//! Layout (docs/state-model.md): V2 (UD x 8) is the first general variable: byte 32 on
//! xe-hpg (after %cr0's GRF); V3 is UW x 4 at byte 64; A0 and A1 are four-element address
//! variables.

use super::{simd, table, Group, Shape};
use crate::catalog::build::{form, le16};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "addr_add", file: "catalog/alu/addr_add.jsonl", rows: add };

const ADDR_DECLS: &str =
    ".decl V2 v_type=G type=ud num_elts=8\n.decl V3 v_type=G type=uw num_elts=4\n\
                          .decl A0 v_type=A num_elts=4\n.decl A1 v_type=A num_elts=4\n";

/// `text` after ADDR_DECLS with A0 = [0x1111; 4], A1 = `a1`, V3 = `v3`, expecting A0.
fn addr_add(text: &str, a1: [u16; 4], v3: [u16; 4], emask: u32, expected: [u16; 4]) -> Row {
    Row::new(XeHpg, format!("{ADDR_DECLS}{text}\n"))
        .var("A0", le16(&[0x1111; 4]))
        .var("A1", le16(&a1))
        .var("V3", le16(&v3))
        .emask(emask)
        .expect_lanes("A0", DataType::UW, &expected.map(u64::from))
}

#[derive(Debug)]
#[rustfmt::skip]
struct AddrAddValues { text: &'static str, a1: [u16; 4], v3: [u16; 4], want: [u16; 4] }

impl Shape for AddrAddValues {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (text, a1, v3, expected) = (self.text, self.a1, self.v3, self.want);
        rows.add("values", addr_add(text, a1, v3, u32::MAX, expected).derived(d));
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct AddrAddSrc0Readings { text: &'static str, resolved: Option<ErrorClass>, literal: Option<ErrorClass> }

impl Shape for AddrAddSrc0Readings {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (text, resolved, literal) = (self.text, self.resolved, self.literal);
        let erratum = errata::ADDR_ADD_PREDEFINED;
        rows.add("predefined", form(ADDR_DECLS, text, resolved).tag(erratum).derived(d));
        rows.add("predefined", form(ADDR_DECLS, text, literal).literal(erratum).derived(d));
    }
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    table(rows, ADDR_ADD_VALUES);
    let row = addr_add("addr_add (M1, 4) A0(0)<1> A1(0)<1;1,0> 0x1:uw", [1, 2, 3, 4], [0; 4], 0b1010, [0x1111, 3, 0x1111, 5]);
    let d = "EM = 0b1010: channels 1 and 3 run (ADDR_ADD takes no predicate, but the mask applies): A1 + 1 = 3, 5; channels 0 and 2 keep 0x1111.";
    rows.add("values", row.derived(d));
    table(rows, ADDR_ADD_SRC0_READINGS);
    let row = Row::new(XeHpg, format!("{ADDR_DECLS}addr_add (M1, 1) A0(0)<1> &%cr0+4 0x2:uw\n")).expect_lanes("A0", DataType::UW, &[6, 0, 0, 0])
        .literal(errata::ADDR_ADD_PREDEFINED);
    let d = "ADDR-ADD-PREDEFINED literal: %cr0 is at byte 0 of the register file: &%cr0 + 4 + 2 = 6.";
    rows.add("predefined", row.derived(d));
    simd_programs(rows);
}

#[rustfmt::skip]
const ADDR_ADD_VALUES: &[Group<AddrAddValues>] = &[
    Group { d: "&V2 + 4 = 32 + 4 = 36, plus 0x10: 52 = 0x34.",
        rows: &[AddrAddValues { text: "addr_add (M1, 1) A0(0)<1> &V2+4 0x10:uw", a1: [0; 4], v3: [0; 4], want: [0x34, 0x1111, 0x1111, 0x1111] }] },
    Group { d: "V2(0,2)<0;1,0>: the byte address of element 2 of V2, 32 + 2*4 = 40 = 0x28; + 0.",
        rows: &[AddrAddValues { text: "addr_add (M1, 1) A0(1)<1> V2(0,2)<0;1,0> 0x0:uw", a1: [0; 4], v3: [0; 4], want: [0x1111, 0x28, 0x1111, 0x1111] }] },
    Group { d: "&V3 (byte 64) in two channels, each adding its own V3 element: 64 + [1, 2].",
        rows: &[AddrAddValues { text: "addr_add (M1, 2) A0(2)<1> &V3+0 V3(0,1)<1;1,0>", a1: [0; 4], v3: [0, 1, 2, 3], want: [0x1111, 0x1111, 65, 66] }] },
    Group { d: "Address elements: A1 + 0x20 for 4 channels; 0xFFF0 + 0x20 = 0x1_0010 wraps to 0x0010 (ADDR-ADD-RANGE), 5 + 0x20 = 0x25, ...",
        rows: &[AddrAddValues { text: "addr_add (M1, 4) A0(0)<1> A1(0)<1;1,0> 0x20:uw", a1: [0xfff0, 5, 0xffe0, 0], v3: [0; 4], want: [0x10, 0x25, 0, 0x20] }] },
    Group { d: "A source modifier on src1: 0x10 + -(0x20) = -0x10 wraps to 0xFFF0.",
        rows: &[AddrAddValues { text: "addr_add (M1, 1) A0(3)<1> A1(0)<1;1,0> (-)V3(0,0)<0;1,0>", a1: [0x10; 4], v3: [0x20, 0, 0, 0], want: [0x1111, 0x1111, 0x1111, 0xfff0] }] },
];

#[rustfmt::skip]
const ADDR_ADD_SRC0_READINGS: &[Group<AddrAddSrc0Readings>] = &[
    Group { d: "%arg and %retval are the pre-defined variables the Notes allow (resolved reading).", rows: &[
        AddrAddSrc0Readings { text: "addr_add (M1, 1) A0(0)<1> &%arg+0 0x0:uw", resolved: None, literal: Some(ErrorClass::InvalidInstruction) },
        AddrAddSrc0Readings { text: "addr_add (M1, 1) A0(0)<1> &%retval+8 0x0:uw", resolved: None, literal: Some(ErrorClass::InvalidInstruction) },
    ] },
    Group { d: "V13 and V14 of the table are %sr0 and %cr0: valid only under the literal reading.", rows: &[
        AddrAddSrc0Readings { text: "addr_add (M1, 1) A0(0)<1> &%sr0+0 0x0:uw", resolved: Some(ErrorClass::InvalidInstruction), literal: None },
        AddrAddSrc0Readings { text: "addr_add (M1, 1) A0(0)<1> &%cr0+0 0x0:uw", resolved: Some(ErrorClass::InvalidInstruction), literal: None },
    ] },
    Group { d: "Any other pre-defined variable is refused under both.", rows: &[
        AddrAddSrc0Readings { text: "addr_add (M1, 1) A0(0)<1> &%sp+0 0x0:uw", resolved: Some(ErrorClass::InvalidInstruction), literal: Some(ErrorClass::InvalidInstruction) },
    ] },
    Group { d: "src1 is a general or immediate operand, never indirect.", rows: &[
        AddrAddSrc0Readings { text: "addr_add (M1, 1) A0(0)<1> &V2+0 r[A1(0),0]<0;1,0>:uw", resolved: Some(ErrorClass::InvalidInstruction),
            literal: Some(ErrorClass::InvalidInstruction) },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl V v_type=G type=ud num_elts=8\n.decl A v_type=A num_elts=4\n\
                .decl B v_type=A num_elts=4\n\
                addr_add (M1, 2) A(0)<1> &V+4 0x10:uw\n\
                addr_add (M1, 2) A(2)<1> B(1)<1;1,0> 0xffe0:uw\n";
    let le16 = crate::catalog::build::le16;
    let row = simd::text_row(text).var("B", le16(&[0xFFF0, 5, 0xFFE0, 0])).expect_bytes("A", le16(&[52, 52, 0xFFE5, 0xFFC0]));
    let d = "V (8 UD) is the first general variable: byte 32. addr_add (M1, 2) A(0)<1> &V+4 0x10:uw → 32 + 4 + 16 = 52 in both channels. addr_add (M1, 2) A(2)<1> \
        B(1)<1;1,0> 0xFFE0:uw with B = [0xFFF0, 5, 0xFFE0, 0]: 5 + 0xFFE0 = 0xFFE5; 0xFFE0 + 0xFFE0 = 0x1_FFC0 wraps to 0xFFC0 (ADDR-ADD-RANGE).";
    rows.add("lanes", row.derived(d));
}
