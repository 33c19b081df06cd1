//! MOVS (instructions/MOVS.md): moves between general, surface and sampler variables, the
//! execution mask, and the invalid forms.

use super::{simd, table, Group, Shape, OLD};
use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType;
use visa_model::ErrorClass;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "movs", file: "catalog/alu/movs.jsonl", rows: add };

const MOVS_DECLS: &str =
    ".decl V1 v_type=G type=ud num_elts=4\n.decl V2 v_type=G type=ud num_elts=4\n\
                          .decl T1 v_type=T num_elts=4\n.decl T2 v_type=T num_elts=2\n\
                          .decl S1 v_type=S num_elts=2\n";

/// `text` after MOVS_DECLS: V1 = [OLD; 4], V2 = [7, 9, 11, 13], T1 = [100, 101, 102, 103],
/// T2 = [200, 201], S1 = [300, 301]; expects `var` as UD elements.
fn movs(text: &str, var: &str, emask: u32, expected: &[u32]) -> Row {
    Row::new(XeHpg, format!("{MOVS_DECLS}{text}\n"))
        .var("V1", le32(&[OLD; 4]))
        .var("V2", le32(&[7, 9, 11, 13]))
        .var("T1", le32(&[100, 101, 102, 103]))
        .var("T2", le32(&[200, 201]))
        .var("S1", le32(&[300, 301]))
        .emask(emask)
        .expect_lanes(
            var,
            DataType::UD,
            &expected.iter().map(|x| u64::from(*x)).collect::<Vec<_>>(),
        )
}

fn movs_moves(rows: &mut Rows, d: &str, text: &str, var: &str, expected: Vec<u32>) {
    rows.add("moves", movs(text, var, u32::MAX, &expected).derived(d));
}

#[derive(Debug)]
#[rustfmt::skip]
struct MovsInvalid { text: &'static str }

impl Shape for MovsInvalid {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let text = self.text;
        let decls = format!("{MOVS_DECLS}.decl A0 v_type=A num_elts=1\n.decl P1 v_type=P num_elts=4\n");
        let row = Row::new(XeHpg, format!("{decls}{text}\n")).expect_error(ErrorClass::InvalidInstruction);
        rows.add("invalid", row.derived(d));
    }
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "State <- general: V2's first two UD index values into T1(1), T1(2).";
    movs_moves(rows, d, "movs (M1, 2) T1(1) V2(0,0)<1;1,0>", "T1", vec![100, 7, 9, 103]);
    let d = "State <- immediate: the index replicated to every channel.";
    movs_moves(rows, d, "movs (M1, 4) T1(0) 0x2a:ud", "T1", vec![42, 42, 42, 42]);
    let d = "General <- state: S1's two indices into V1(0,1), V1(0,2).";
    movs_moves(rows, d, "movs (M1, 2) V1(0,1)<1> S1(0)", "V1", vec![OLD, 300, 301, OLD]);
    let d = "State <- state of the same class: T2(0..2) into T1(2..4).";
    movs_moves(rows, d, "movs (M1, 2) T1(2) T2(0)", "T1", vec![100, 101, 200, 201]);
    let d = "One element: any region reads the origin element: V2(0,3) = 13.";
    movs_moves(rows, d, "movs (M1, 1) T2(1) V2(0,3)<0;1,0>", "T2", vec![200, 13]);
    rows.add("moves", movs("movs (M1, 4) T1(0) V2(0,0)<1;1,0>", "T1", 0b0101, &[7, 101, 11, 103]).derived("EM = 0b0101: channels 0 and 2 copy V2's elements 0 and 2 (7, 11)."));
    table(rows, MOVS_INVALID);
    simd_programs(rows);
}

#[rustfmt::skip]
const MOVS_INVALID: &[Group<MovsInvalid>] = &[
    Group { d: "MOVS-CONTIGUOUS: a broadcast or strided region does not read contiguous elements.", rows: &[
        MovsInvalid { text: "movs (M1, 2) T1(0) V2(0,0)<0;1,0>" },
        MovsInvalid { text: "movs (M1, 2) T1(0) V2(0,0)<2;1,0>" },
        MovsInvalid { text: "movs (M1, 2) V1(0,0)<2> T1(0)" },
    ] },
    Group { d: "The destination is a state or general operand, not indirect.", rows: &[MovsInvalid { text: "movs (M1, 1) r[A0(0),0]<1>:ud T1(0)" }] },
    Group { d: "No saturation, no predicate (Notes).", rows: &[
        MovsInvalid { text: "movs.sat (M1, 1) V1(0,0)<1> T1(0)" },
        MovsInvalid { text: "(P1) movs (M1, 1) V1(0,0)<1> T1(0)" },
    ] },
    Group { d: "UD only for general and immediate operands.", rows: &[MovsInvalid { text: "movs (M1, 1) T1(0) 0x1:uw" }] },
    Group { d: "Two state operands of different classes; two general operands.", rows: &[
        MovsInvalid { text: "movs (M1, 1) T1(0) S1(0)" },
        MovsInvalid { text: "movs (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>" },
    ] },
    Group { d: "Four elements from T2(0) leave T2 (two elements).", rows: &[MovsInvalid { text: "movs (M1, 4) T1(0) T2(0)" }] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl V v_type=G type=ud num_elts=4\n.decl T v_type=T num_elts=4\n\
                .decl S v_type=S num_elts=2\n\
                movs (M1, 2) T(1) V(0,0)<1;1,0>\nmovs (M1, 2) V(0,2)<1> S(0)\n\
                movs (M1, 1) T(3) 0x2a:ud\n";
    let le32 = crate::catalog::build::le32;
    let row = simd::text_row(text).var("V", le32(&[7, 9, 11, 13])).var("S", le32(&[300, 301])).expect_bytes("T", le32(&[0, 7, 9, 42]))
        .expect_bytes("V", le32(&[7, 9, 300, 301]));
    let d = "movs (M1, 2) T(1) V(0,0)<1;1,0>: T = [0, 7, 9, 0]; movs (M1, 2) V(0,2)<1> S(0): V = [7, 9, 300, 301]; movs (M1, 1) T(3) 0x2a:ud: T(3) = 42. V = [7, 9, \
        11, 13], S = [300, 301] at the start.";
    rows.add("directions", row.derived(d));
}
