//! LIFETIME, LOC and FILE (instructions/LIFETIME.md, LOC.md, FILE.md): hand-derived rows.

use visa_model::errata;
use visa_model::types::DataType::UD;

use super::{lanes, program, ud};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const LIFETIME: Doc = Doc { family: "flow", instruction: "lifetime", file: "catalog/flow/lifetime.jsonl", rows: lifetime };

#[rustfmt::skip]
pub const LOC_FILE: Doc = Doc { family: "flow", instruction: "loc_file", file: "catalog/flow/loc_file.jsonl", rows: loc_file };

#[rustfmt::skip]
fn lifetime(rows: &mut Rows) {
    let decls = ud(&["V"], 8);
    let start = "lifetime.start V\nmov (M1, 4) V(0,0)<1> 0x7:ud\n";
    let d = "LIFETIME-CONTENTS, resolved: LIFETIME.start leaves V's bytes undefined; the SIMD4 mov \
             then writes lanes 0-3 with 7. V started as 0x11 in every lane: lanes 0-3 = 7, lanes \
             4-7 undefined (`??`).";
    let mut want = vec![None; 32];
    for lane in 0..4 {
        want[4 * lane] = Some(7);
        for b in 1..4 {
            want[4 * lane + b] = Some(0);
        }
    }
    rows.add("start", program(0xff, &decls, start).var("V", lanes(&[0x11; 8])).expect_pattern("V", want).derived(d));
    let d = "LIFETIME-CONTENTS, literal: LIFETIME.start is an annotation with no effect on the \
             state. V started as 0x11 in every lane; the SIMD4 mov writes lanes 0-3 with 7: V = \
             [7,7,7,7,0x11,0x11,0x11,0x11].";
    rows.add("start", program(0xff, &decls, start).var("V", lanes(&[0x11; 8])).literal(errata::LIFETIME_CONTENTS)
        .expect_lanes("V", UD, &[7, 7, 7, 7, 0x11, 0x11, 0x11, 0x11]).derived(d));
    let d = "LIFETIME.end has no effect on the contents (LIFETIME-CONTENTS, resolved: only the start \
             marker leaves them undefined): V keeps [0..7].";
    rows.add("end", program(0xff, &decls, "lifetime.end V\n").var("V", lanes(&[0, 1, 2, 3, 4, 5, 6, 7])).expect_lanes("V", UD, &[0, 1, 2, 3, 4, 5, 6, 7]).derived(d));
}

#[rustfmt::skip]
fn loc_file(rows: &mut Rows) {
    let decls = ud(&["V"], 8);
    let body = "loc 12\nfile \"kernel.cl\"\nadd (M1, 8) V(0,0)<1> V(0,0)<1;1,0> 0x1:ud\nloc 13\n";
    let d = "LOC.md and FILE.md record the source line and file of the following instructions and \
             change no state: only the add executes, V = [0..7] + 1 = [1..8].";
    rows.add("annotation", program(0xff, &decls, body).var("V", lanes(&[0, 1, 2, 3, 4, 5, 6, 7])).expect_lanes("V", UD, &[1, 2, 3, 4, 5, 6, 7, 8]).derived(d));
}
