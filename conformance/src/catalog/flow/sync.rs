//! The thread-group instructions (instructions/BARRIER.md, SBARRIER.md, NBARRIER.md,
//! FENCE.md, WAIT.md, YIELD.md, CACHE_FLUSH.md) in a run of one thread, a thread group of
//! one (docs/thread-groups.md, "A thread alone"): what completes, what never can, the
//! barrier in divergent control flow, and the forms validation refuses, each naming its
//! field.

use visa_model::errata;
use visa_model::error::ErrorClass;
use visa_model::types::DataType::UD;

use super::{lanes, program, ud};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const SYNC: Doc = Doc { family: "flow", instruction: "sync", file: "catalog/flow/sync.jsonl", rows: sync };

/// After the instructions, V += 1 in every lane: the run went on past them.
const AFTER: &str = "add (M1, 8) V(0,0)<1> V(0,0)<1;1,0> 0x1:ud\n";

#[rustfmt::skip]
fn sync(rows: &mut Rows) {
    let decls = ud(&["V"], 8);
    let v0 = lanes(&[0, 1, 2, 3, 4, 5, 6, 7]);
    let v1 = [1, 2, 3, 4, 5, 6, 7, 8];
    let goes_on: &[(&str, &str, &str)] = &[
        ("barrier", "barrier\n", "BARRIER.md: the thread waits until every thread of its group has executed the barrier; alone in its group it has, so the run goes on: V = [1..8]."),
        ("sbarrier", "sbarrier.signal\nsbarrier.wait\n", "SBARRIER.md: the signal counts the one thread, which completes the barrier; the wait then goes on: V = [1..8]."),
        ("nbarrier", "nbarrier.signal 0x3:ub 0x1:ub\nnbarrier.wait 0x3:ub\n", "NBARRIER.md, baseline form: 1 producer-consumer thread; the thread's signal completes barrier 3's phase and its wait goes on: V = [1..8]."),
        ("nbarrier", "nbarrier.signal 0x1f:ub 0x0:uw 0x1:ub 0x1:ub\nnbarrier.wait 0x1f:ub\nnbarrier.signal 0x1f:ub 0x1:ub\nnbarrier.wait 0x1f:ub\n", "NBARRIER.md, general form, Type 0 with 1 producer and 1 consumer, then the baseline form on the same id: once every consumer has waited the id is free again (\"may be reused\"): V = [1..8]."),
        ("fence", "fence_global.E\nfence_local.ESCR\nfence_global.IL1\nfence_sw\nfence_global\n", "FENCE.md (erratum FENCE-DESCRIPTION, resolved): the Mask's flushes and commit change no register or memory byte: V = [1..8]."),
        ("wait", "wait 0xff:ub\nwait 0x0:ub\n", "WAIT.md, Semantics: no thread dependency is valid in a thread group, so nothing is waited for: V = [1..8]."),
        ("yield", "yield\n", "YIELD.md: \"does not affect program correctness\": V = [1..8]."),
        ("cache_flush", "cache_flush\n", "CACHE_FLUSH.md: the texture caches hold nothing the thread observes: V = [1..8]."),
    ];
    for &(group, body, d) in goes_on {
        rows.add(group, program(0xff, &decls, &format!("{body}{AFTER}")).var("V", v0.clone()).expect_lanes("V", UD, &v1).derived(d));
    }
    let never: &[(&str, &str, &str)] = &[
        ("sbarrier", "sbarrier.wait\n", "SBARRIER.md: the wait waits for the barrier the thread signalled; it signalled none, and the barrier cannot complete without its signal: deadlock."),
        ("nbarrier", "nbarrier.signal 0x2:ub 0x2:ub\nnbarrier.wait 0x2:ub\n", "NBARRIER.md: barrier 2's phase has 2 producers and 2 consumers; the one thread gives one of each, so the phase never completes: deadlock."),
        ("nbarrier", "nbarrier.wait 0x0:ub\n", "NBARRIER.md: a wait on barrier 0, which no thread signalled: it never completes: deadlock."),
    ];
    for &(group, body, d) in never {
        rows.add(group, program(0xff, &decls, &format!("{body}{AFTER}")).var("V", v0.clone()).expect_error(ErrorClass::Deadlock).derived(d));
    }
    let divergent = ".decl P1 v_type=P num_elts=8\ncmp.lt (M1, 8) P1 V(0,0)<1;1,0> 0x4:ud\n(!P1) goto (M1, 8) L1\nbarrier\nL1:\n";
    rows.add("barrier", program(0xff, &decls, &format!("{divergent}{AFTER}")).var("V", v0.clone()).expect_error(ErrorClass::BarrierDivergence)
        .derived("BARRIER.md: \"undefined if this instruction is executed in divergent control flow\": channels 4-7 wait at L1 while channels 0-3 execute the barrier: barrier-divergence."));
    let converged = ".decl P1 v_type=P num_elts=8\ncmp.lt (M1, 8) P1 V(0,0)<1;1,0> 0x4:ud\n(!P1) goto (M1, 8) L1\nL1:\nbarrier\n";
    rows.add("barrier", program(0xff, &decls, &format!("{converged}{AFTER}")).var("V", v0.clone()).expect_lanes("V", UD, &v1)
        .derived("GOTO.md, Notes: channels 4-7 rejoin at L1, so every channel executes the barrier, which completes: V = [1..8]."));
    rows.add("barrier", program(0x0f, &decls, &format!("barrier\n{AFTER}")).var("V", v0.clone()).expect_lanes("V", UD, &[1, 2, 3, 4, 4, 5, 6, 7])
        .derived("A dispatch of channels 0-3 (a partial thread) is no divergence: the barrier completes, the add writes lanes 0-3: V = [1,2,3,4,4,5,6,7]."));
    let invalid: &[(&str, &str, &str, &str)] = &[
        ("barrier", "barrier (M1, 1)", "exec_size", "BARRIER.md, Text: `BARRIER`, no execution size."),
        ("barrier", "barrier.wait", "opcode", "BARRIER.md, Text: no modifier."),
        ("sbarrier", "sbarrier", "mode", "SBARRIER.md, Mode: `.signal` or `.wait`."),
        ("nbarrier", "nbarrier.signal 0x20:ub 0x1:ub", "id", "NBARRIER.md, Id: valid values are [0-31]."),
        ("nbarrier", "nbarrier.wait 0x1:ud", "id", "NBARRIER.md, Id: must have type UB."),
        ("nbarrier", "nbarrier.signal 0x1:ub 0x3:uw 0x1:ub 0x1:ub", "type", "NBARRIER.md, Type: valid values are [0-2]."),
        ("nbarrier", "nbarrier.signal 0x1:ub 0x0:ub 0x1:ub 0x1:ub", "type", "NBARRIER.md, Type: must have type UW."),
        ("nbarrier", "nbarrier.signal 0x1:ub 0x0:uw 0x0:ub 0x1:ub", "num_producers", "NBARRIER.md, Num_producers: valid values from 1."),
        ("nbarrier", "nbarrier.signal 0x1:ub 0x0:uw 0x1:ub", "operands", "NBARRIER.md, Text: the signal takes 2 or 4 operands."),
        ("fence", "fence_global.RE", "mask", "FENCE.md, Text: the flags E I S C R L1 in that order."),
        ("fence", "fence_sw.E", "mask", "FENCE.md, Text: `FENCE_SW` takes no flags."),
        ("wait", "wait 0x1:uw", "mask", "WAIT.md, Mask: must have type UB."),
        ("yield", "(P1) yield", "pred", "YIELD.md, Text: `YIELD`, no predicate."),
    ];
    let pdecl = format!("{decls}.decl P1 v_type=P num_elts=8\n");
    for &(group, text, field, d) in invalid {
        rows.add(group, program(0xff, &pdecl, &format!("{text}\n")).expect_invalid(field).derived(d));
    }
    // IGC's vector compiler writes the wait's Id as a B immediate (erratum NBARRIER-ID-TYPE).
    let b_id = format!("nbarrier.signal 0x3:ub 0x1:ub\nnbarrier.wait 0x3:b\n{AFTER}");
    rows.add("nbarrier", program(0xff, &decls, &b_id).var("V", v0.clone()).expect_lanes("V", UD, &v1).tag(errata::NBARRIER_ID_TYPE)
        .derived("NBARRIER-ID-TYPE resolved: the wait's Id 0x3:b is the byte 3, barrier 3, which the signal completed: the run goes on, V = [1..8]."));
    rows.add("nbarrier", program(0xff, &decls, &b_id).var("V", v0.clone()).literal(errata::NBARRIER_ID_TYPE).expect_invalid("id")
        .derived("NBARRIER-ID-TYPE literal: NBARRIER.md, Id: must have type UB; 0x3:b is a B: invalid-instruction in id."));
}
