//! GOTO, JMP and SWITCHJMP (instructions/GOTO.md, JMP.md, SWITCHJMP.md; 3_execution_model.md,
//! "Control Flow"): hand-derived rows, each with its walk through the program.

use visa_model::errata;
use visa_model::types::DataType::UD;
use visa_model::ErrorClass;

use super::{iota, lanes, program, ud};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const GOTO: Doc = Doc { family: "flow", instruction: "goto", file: "catalog/flow/goto.jsonl", rows: goto };

#[rustfmt::skip]
pub const JMP: Doc = Doc { family: "flow", instruction: "jmp", file: "catalog/flow/jmp.jsonl", rows: jmp };

#[rustfmt::skip]
pub const SWITCHJMP: Doc = Doc { family: "flow", instruction: "switchjmp", file: "catalog/flow/switchjmp.jsonl", rows: switchjmp };

/// If/else through a forward GOTO, `%ce0` recorded in each branch and after.
#[rustfmt::skip]
const IF_ELSE: &str = "\
cmp.lt (M1, 8) P1 A(0,0)<1;1,0> 0x4:ud
(P1) goto (M1, 8) ELSE
add (M1, 8) R(0,0)<1> A(0,0)<1;1,0> 0x100:ud
mov (M1, 8) M(0,0)<1> %ce0(0,0)<0;1,0>
goto (M1, 8) END
ELSE:
add (M1, 8) R(0,0)<1> A(0,0)<1;1,0> 0x200:ud
mov (M1, 8) M(0,0)<1> %ce0(0,0)<0;1,0>
END:
mov (M1, 8) E(0,0)<1> %ce0(0,0)<0;1,0>
";

#[rustfmt::skip]
fn goto(rows: &mut Rows) {
    let decls = format!("{}.decl P1 v_type=P num_elts=8\n", ud(&["A", "R", "M", "E"], 8));
    let a = [5, 1, 7, 2, 4, 0, 6, 3];
    let d = "Forward GOTO (GOTO.md, Notes). Dispatch 0xff. A = [5,1,7,2,4,0,6,3]; cmp.lt writes P1 \
             bit i = A[i] < 4: lanes 1,3,5,7, P1 = 0xaa. `(P1) goto ELSE`: the predicated active \
             channels 1,3,5,7 wait at ELSE; 0,2,4,6 go on. Then-branch with EM 0x55: R = A + \
             0x100 on lanes 0,2,4,6 (0x105, 0x107, 0x104, 0x106), M = %ce0 = 0x55 there. The \
             unpredicated `goto END` parks 0,2,4,6 at END; no channel is left executing, so \
             execution resumes at the nearest waiting point, ELSE, with 1,3,5,7: R = A + 0x200 \
             (0x201, 0x202, 0x200, 0x203), M = 0xaa. At END the parked channels rejoin: E = \
             %ce0 = 0xff on every lane.";
    rows.add("if-else", program(0xff, &decls, IF_ELSE).var("A", lanes(&a)).expect_lanes("R", UD, &[0x105, 0x201, 0x107, 0x202, 0x104, 0x200, 0x106, 0x203])
        .expect_lanes("M", UD, &[0x55, 0xaa, 0x55, 0xaa, 0x55, 0xaa, 0x55, 0xaa]).expect_lanes("E", UD, &[0xff; 8]).derived(d));
    let d = "The same if/else with dispatch mask 0x3c (lanes 2..5; %ce0 in divergent code). \
             A = [5,1,7,2,4,0,6,3]; cmp.lt writes only the executing lanes: lane 3 (2 < 4) and \
             lane 5 (0 < 4) set, lanes 2 and 4 clear, P1 = 0x28. Lanes 3 and 5 wait at ELSE; \
             lanes 2 and 4 run the then-branch with EM 0x14: R[2] = 7 + 0x100 = 0x107, R[4] = \
             0x104, M = 0x14. `goto END` parks them; ELSE runs 3 and 5 with EM 0x28: R[3] = \
             0x202, R[5] = 0x200, M = 0x28. At END all four rejoin: E = 0x3c on lanes 2..5. \
             Lanes 0, 1, 6, 7 never execute and keep their initial 0.";
    rows.add("if-else", program(0x3c, &decls, IF_ELSE).var("A", lanes(&a)).expect_lanes("R", UD, &[0, 0, 0x107, 0x202, 0x104, 0x200, 0, 0])
        .expect_lanes("M", UD, &[0, 0, 0x14, 0x28, 0x14, 0x28, 0, 0]).expect_lanes("E", UD, &[0, 0, 0x3c, 0x3c, 0x3c, 0x3c, 0, 0]).derived(d));
    let nested = "\
cmp.lt (M1, 8) P1 A(0,0)<1;1,0> 0x4:ud
(P1) goto (M1, 8) OUTER_ELSE
cmp.lt (M1, 8) P2 A(0,0)<1;1,0> 0x6:ud
(P2) goto (M1, 8) INNER_END
mov (M1, 8) X(0,0)<1> %ce0(0,0)<0;1,0>
add (M1, 8) R(0,0)<1> A(0,0)<1;1,0> 0x10:ud
INNER_END:
mov (M1, 8) Y(0,0)<1> %ce0(0,0)<0;1,0>
goto (M1, 8) OUTER_END
OUTER_ELSE:
mov (M1, 8) Z(0,0)<1> %ce0(0,0)<0;1,0>
OUTER_END:
mov (M1, 8) E(0,0)<1> %ce0(0,0)<0;1,0>
";
    let decls = format!("{}.decl P1 v_type=P num_elts=8\n.decl P2 v_type=P num_elts=8\n", ud(&["A", "R", "X", "Y", "Z", "E"], 8));
    let d = "Nested divergence. Dispatch 0xff, A = [0..7]. Outer cmp: P1 = A < 4 = 0x0f; \
             `(P1) goto OUTER_ELSE` parks lanes 0-3 there; 4-7 go on. Inner cmp over 4-7: P2 = \
             A < 6 = lanes 4,5 (0x30); `(P2) goto INNER_END` parks 4,5 at INNER_END; 6,7 run \
             the inner then: X = %ce0 = 0xc0, R = A + 0x10 = 0x16, 0x17 on lanes 6,7. At \
             INNER_END 4,5 rejoin: Y = 0xf0 on lanes 4-7. `goto OUTER_END` parks 4-7 there; \
             nothing executes, so execution resumes at the nearest waiting point, OUTER_ELSE \
             (before OUTER_END), with 0-3: Z = 0x0f on lanes 0-3. At OUTER_END 4-7 rejoin: E = \
             0xff on all lanes. Lanes no branch wrote keep 0.";
    rows.add("nested", program(0xff, &decls, nested).var("A", lanes(&iota(8))).expect_lanes("R", UD, &[0, 0, 0, 0, 0, 0, 0x16, 0x17])
        .expect_lanes("X", UD, &[0, 0, 0, 0, 0, 0, 0xc0, 0xc0]).expect_lanes("Y", UD, &[0, 0, 0, 0, 0xf0, 0xf0, 0xf0, 0xf0])
        .expect_lanes("Z", UD, &[0x0f, 0x0f, 0x0f, 0x0f, 0, 0, 0, 0]).expect_lanes("E", UD, &[0xff; 8]).derived(d));
    let backward = "\
mov (M1, 8) C(0,0)<1> 0x0:ud
TOP:
add (M1, 8) C(0,0)<1> C(0,0)<1;1,0> 0x1:ud
mov (M1, 8) W(0,0)<1> %ce0(0,0)<0;1,0>
cmp.lt (M1, 8) P1 C(0,0)<1;1,0> N(0,0)<1;1,0>
(P1) goto (M1, 8) TOP
mov (M1, 8) E(0,0)<1> %ce0(0,0)<0;1,0>
";
    let decls = format!("{}.decl P1 v_type=P num_elts=8\n", ud(&["N", "C", "W", "E"], 8));
    let d = "Backward GOTO (GOTO.md, Notes: the predicated channels jump, the others wait at the \
             next instruction). Dispatch 0xff, N = [1,3,2,1,0,3,2,1]. Iteration 1 runs every \
             lane: C = 1, W = 0xff. cmp: C < N on lanes 1,2,5,6 (P1 = 0x66); they go back to \
             TOP, lanes 0,3,4,7 wait at the `mov E`. Iteration 2 with EM 0x66: C = 2, W = 0x66; \
             C < N on lanes 1,5 (P1 bits 1,5); 2,6 wait at `mov E`. Iteration 3 with EM 0x22: \
             C = 3, W = 0x22; no lane has C < N, so nothing jumps and execution goes on to \
             `mov E`, where every waiting lane rejoins: E = 0xff on all lanes (the mov runs \
             once, after the last iteration). C = [1,3,2,1,1,3,2,1], W = [0xff,0x22,0x66,0xff, \
             0xff,0x22,0x66,0xff].";
    rows.add("backward", program(0xff, &decls, backward).var("N", lanes(&[1, 3, 2, 1, 0, 3, 2, 1])).expect_lanes("C", UD, &[1, 3, 2, 1, 1, 3, 2, 1])
        .expect_lanes("W", UD, &[0xff, 0x22, 0x66, 0xff, 0xff, 0x22, 0x66, 0xff]).expect_lanes("E", UD, &[0xff; 8]).derived(d));
    // CF-PARTIAL-CHANNELS: a SIMD8 GOTO in a SIMD16 dispatch.
    let partial = "\
cmp.lt (M1, 16) P1 A(0,0)<1;1,0> 0x4:ud
(P1) goto (M1, 8) L1
mov (M1, 16) X(0,0)<1> %ce0(0,0)<0;1,0>
L1:
mov (M1, 16) E(0,0)<1> %ce0(0,0)<0;1,0>
";
    let decls = format!("{}.decl P1 v_type=P num_elts=16\n", ud(&["A", "X", "E"], 16));
    let d = "CF-PARTIAL-CHANNELS, resolved: the SIMD8 GOTO (M1: channels 0-7) acts on the channels \
             it covers; the active channels 8-15 go on. Dispatch 0xffff, A = [0..15], P1 = A < 4 \
             = 0x000f. Lanes 0-3 wait at L1; lanes 4-15 run `mov X` with EM 0xfff0 (X = 0xfff0 on \
             lanes 4-15, lanes 0-3 keep 0); at L1 0-3 rejoin: E = 0xffff on all 16 lanes.";
    rows.add("partial-channels", program(0xffff, &decls, partial).var("A", lanes(&iota(16)))
        .expect_lanes("X", UD, &[0, 0, 0, 0, 0xfff0, 0xfff0, 0xfff0, 0xfff0, 0xfff0, 0xfff0, 0xfff0, 0xfff0, 0xfff0, 0xfff0, 0xfff0, 0xfff0])
        .expect_lanes("E", UD, &[0xffff; 16]).derived(d));
    let d = "CF-PARTIAL-CHANNELS, literal: a GOTO whose execution size and mask control (SIMD8, M1) \
             cover only channels 0-7 of the active channels 0-15 is not described by the \
             documents: undefined behaviour.";
    rows.add("partial-channels", program(0xffff, &decls, partial).var("A", lanes(&iota(16))).literal(errata::CF_PARTIAL_CHANNELS)
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let spin = "\
mov (M1, 8) C(0,0)<1> 0x0:ud
TOP:
add (M1, 8) C(0,0)<1> C(0,0)<1;1,0> 0x1:ud
goto (M1, 8) TOP
";
    let d = "A loop that never ends: the unpredicated backward GOTO takes every active channel back \
             to TOP each time (GOTO.md, Notes), so no channel ever reaches the end of the \
             program. The run ends with the step-limit error class (ExecConfig::step_limit, \
             docs/vector-format.md) instead of hanging.";
    rows.add("step-limit", program(0xff, &ud(&["C"], 8), spin).expect_error(ErrorClass::StepLimit).derived(d));
}

/// A uniform skip: `add 1` runs unless the JMP is taken; `add 0x10` always runs.
#[rustfmt::skip]
fn skip(pred: &str, mask: &str) -> String {
    format!("{pred}jmp ({mask}, 1) SKIP
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x1:ud
SKIP:
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x10:ud
")
}

#[rustfmt::skip]
fn jmp(rows: &mut Rows) {
    let decls = format!("{}.decl P1 v_type=P num_elts=8\n", ud(&["R"], 8));
    let taken = 0x10;
    let fell = 0x11;
    let d = "JMP.md: a uniform jump of every active channel. Dispatch 0xff, P1 = 0x01: `(P1) jmp \
             (M1, 1)` decides with predicate element 0 (JMP.md, Notes; CF-SCALAR-PRED-BIT agrees \
             under M1): set, so all eight channels jump over `add 1`; R = 0 + 0x10 = 0x10 on \
             every lane.";
    rows.add("uniform", program(0xff, &decls, &skip("(P1) ", "M1")).pred("P1", 0x01).expect_lanes("R", UD, &[taken; 8]).derived(d));
    let d = "JMP.md: P1 = 0xfe, element 0 clear: no channel jumps, although seven of the eight \
             predicate bits are set; R = 0 + 1 + 0x10 = 0x11 on every lane.";
    rows.add("uniform", program(0xff, &decls, &skip("(P1) ", "M1")).pred("P1", 0xfe).expect_lanes("R", UD, &[fell; 8]).derived(d));
    let d = "JMP.md: an unpredicated JMP is taken whatever the execution mask holds (it decides \
             with no channel's bit, like SWITCHJMP). Dispatch 0: no channel is active, so only \
             the NoMask MOVs write; the first is jumped over: R = 0, 0x10, 0, ...";
    rows.add(
        "uniform",
        program(
            0,
            &decls,
            "jmp (M1, 1) SKIP\n\
             mov (M1_NM, 1) R(0,0)<1> 0x1:ud\n\
             SKIP:\n\
             mov (M1_NM, 1) R(0,1)<1> 0x10:ud\n",
        )
        .expect_lanes("R", UD, &[0, 0x10, 0, 0, 0, 0, 0, 0])
        .derived(d),
    );
    let d = "CF-SCALAR-PRED-BIT, resolved: `(P1) jmp (M2, 1)` decides with the predicate element \
             at M2's offset, 4 (EvaluateChEn with n = 0: Pred[0 + 4]). P1 = 0x10: element 4 set, \
             the jump is taken: R = 0x10.";
    rows.add("pred-bit", program(0xff, &decls, &skip("(P1) ", "M2")).pred("P1", 0x10).expect_lanes("R", UD, &[taken; 8]).derived(d));
    let d = "CF-SCALAR-PRED-BIT, literal: element 0 decides whatever the mask control; P1 = 0x10 \
             has element 0 clear, so `(P1) jmp (M2, 1)` is not taken: R = 0x11.";
    rows.add("pred-bit", program(0xff, &decls, &skip("(P1) ", "M2")).pred("P1", 0x10).literal(errata::CF_SCALAR_PRED_BIT).expect_lanes("R", UD, &[fell; 8]).derived(d));
    let d = "CF-ANY-ALL-WIDTH, resolved: a scalar branch's `.any` covers the predicate bits of \
             every active channel. Dispatch 0xff, P1 = 0x10: channel 4's bit is set, so `(P1.any) \
             jmp` is taken: R = 0x10.";
    rows.add("any-all", program(0xff, &decls, &skip("(P1.any) ", "M1")).pred("P1", 0x10).expect_lanes("R", UD, &[taken; 8]).derived(d));
    let d = "CF-ANY-ALL-WIDTH, literal: the reduction covers exec_size = 1 element from the mask \
             offset (5_operands.md, EvaluateChEn), P1 element 0, which is clear in 0x10: not \
             taken, R = 0x11.";
    rows.add("any-all", program(0xff, &decls, &skip("(P1.any) ", "M1")).pred("P1", 0x10).literal(errata::CF_ANY_ALL_WIDTH).expect_lanes("R", UD, &[fell; 8]).derived(d));
    let d = "CF-ANY-ALL-WIDTH, resolved: `.all` needs every active channel's bit. P1 = 0x01 with \
             channels 0-7 active: not all set, not taken: R = 0x11.";
    rows.add("any-all", program(0xff, &decls, &skip("(P1.all) ", "M1")).pred("P1", 0x01).expect_lanes("R", UD, &[fell; 8]).derived(d));
    let d = "CF-ANY-ALL-WIDTH, literal: `.all` over the one element 0 of P1 = 0x01, which is set: \
             taken, R = 0x10.";
    rows.add("any-all", program(0xff, &decls, &skip("(P1.all) ", "M1")).pred("P1", 0x01).literal(errata::CF_ANY_ALL_WIDTH).expect_lanes("R", UD, &[taken; 8]).derived(d));
    let d = "CF-SCALAR-NOMASK, resolved: an execution-size-1 branch decides with its predicate \
             alone, as if NoMask. Dispatch 0xfe (channel 0 not executing): the unpredicated `jmp \
             (M1, 1)` is taken by the active channels 1-7; R = 0x10 on lanes 1-7, lane 0 never \
             executes and keeps 0.";
    rows.add("scalar-nomask", program(0xfe, &decls, &skip("", "M1")).expect_lanes("R", UD, &[0, taken, taken, taken, taken, taken, taken, taken]).derived(d));
    let d = "CF-SCALAR-NOMASK, literal: without NoMask, EvaluateChEn's ChEn[0] = EM[0 + offset] \
             decides, and channel 0 is not in the dispatch mask 0xfe: the JMP is not taken; lanes \
             1-7 run both adds: R = 0x11 there, lane 0 keeps 0.";
    rows.add("scalar-nomask", program(0xfe, &decls, &skip("", "M1")).literal(errata::CF_SCALAR_NOMASK)
        .expect_lanes("R", UD, &[0, fell, fell, fell, fell, fell, fell, fell]).derived(d));
    let over = "\
cmp.lt (M1, 8) P1 A(0,0)<1;1,0> 0x4:ud
(P1) goto (M1, 8) L1
jmp (M1, 1) L2
L1:
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x1:ud
L2:
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x10:ud
";
    let decls = format!("{}.decl P1 v_type=P num_elts=8\n", ud(&["A", "R"], 8));
    let d = "JMP over a label where channels wait (3_execution_model.md, \"Mixing Uniform and \
             Divergent Control Flow\"). A = [0..7], P1 = A < 4 = 0x0f: the GOTO parks channels \
             0-3 at L1; 4-7 reach the unconditional JMP, which jumps to L2 past L1, where 0-3 \
             wait and would never rejoin: undefined behaviour.";
    rows.add("over-waiting", program(0xff, &decls, over).var("A", lanes(&iota(8))).expect_error(ErrorClass::UndefinedBehaviour).derived(d));
}

/// A three-way SWITCHJMP on `I` (of type `ty`): case k adds 0x1, 0x10 or 0x100, then 0x1000
/// at the end.
fn switch_program(ty: &str) -> (String, &'static str) {
    (
        format!("{}.decl I v_type=G type={ty} num_elts=1\n", ud(&["R"], 8)),
        "\
switchjmp (M1, 1) I(0,0)<0;1,0> (C0, C1, C2)
C0:
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x1:ud
jmp (M1, 1) END
C1:
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x10:ud
jmp (M1, 1) END
C2:
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x100:ud
END:
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x1000:ud
",
    )
}

#[rustfmt::skip]
fn switchjmp(rows: &mut Rows) {
    let (decls, body) = switch_program("ub");
    for (index, sum, case) in [(0u8, 0x1001u64, "C0 adds 1"), (1, 0x1010, "C1 adds 0x10"), (2, 0x1100, "C2 adds 0x100 and falls through to END")] {
        let d = format!(
            "SWITCHJMP.md: a uniform jump of every active channel to Label[index]. Index I = \
             {index} (UB): C{index}; {case}; END adds 0x1000: R = {sum:#x} on all 8 lanes."
        );
        rows.add("table", program(0xff, &decls, body).var("I", vec![index]).expect_lanes("R", UD, &[sum; 8]).derived(&d));
    }
    let d = "SWITCHJMP.md, Index: the value must be in [0, num_labels - 1] = [0, 2]; I = 3 is \
             outside the table: undefined behaviour.";
    rows.add("range", program(0xff, &decls, body).var("I", vec![3]).expect_error(ErrorClass::UndefinedBehaviour).field("index").derived(d));
    let d = "SWITCHJMP-INDEX-TYPE, literal: the index must have type UB; a UB index is valid. I = 1: \
             C1 adds 0x10, END 0x1000: R = 0x1010.";
    rows.add("index-type", program(0xff, &decls, body).var("I", vec![1]).literal(errata::SWITCHJMP_INDEX_TYPE).expect_lanes("R", UD, &[0x1010; 8]).derived(d));
    let (decls, body) = switch_program("ud");
    let d = "SWITCHJMP-INDEX-TYPE, resolved: any unsigned integer type (UB, UW, UD). A UD index \
             I = 1: C1 adds 0x10, END 0x1000: R = 0x1010.";
    rows.add("index-type", program(0xff, &decls, body).var("I", lanes(&[1])).expect_lanes("R", UD, &[0x1010; 8]).derived(d));
    let d = "SWITCHJMP-INDEX-TYPE, literal: \"Must have type UB\"; a UD index is an invalid \
             instruction.";
    rows.add("index-type", program(0xff, &decls, body).var("I", lanes(&[1])).literal(errata::SWITCHJMP_INDEX_TYPE).expect_invalid("index").derived(d));
}
