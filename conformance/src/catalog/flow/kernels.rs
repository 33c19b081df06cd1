//! Whole kernels with hand-derived results, written to `vectors/kernels/`: a SIMD16 loop
//! whose channels leave after their own trip counts, nested CALLs with partial call masks
//! and an early RET, a SWITCHJMP table driven by a uniform loop, and a SIMD16 FCALL with
//! its argument in `%arg` and results in `%retval`.

use visa_model::types::DataType::UD;

use super::{iota, lanes, program, ud};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

/// A kernel named `name` (`.kernel`, then `decls`, then `body`) with the dispatch mask
/// `emask`.
fn kernel(name: &str, emask: u32, decls: &str, body: &str) -> Row {
    program(emask, &format!(".kernel \"{name}\"\n{decls}"), body)
}

#[rustfmt::skip]
pub const LOOP: Doc = Doc { family: "kernels", instruction: "simd16_loop", file: "kernels/simd16_loop.jsonl", rows: simd16_loop };

#[rustfmt::skip]
pub const NESTED_CALLS: Doc = Doc { family: "kernels", instruction: "nested_calls", file: "kernels/nested_calls.jsonl", rows: nested_calls };

#[rustfmt::skip]
pub const SWITCH_TABLE: Doc = Doc { family: "kernels", instruction: "switch_table", file: "kernels/switch_table.jsonl", rows: switch_table };

#[rustfmt::skip]
pub const FUNCTION: Doc = Doc { family: "kernels", instruction: "function_call", file: "kernels/function_call.jsonl", rows: function_call };

#[rustfmt::skip]
const LOOP_TEXT: &str = "\
mov (M1, 16) C(0,0)<1> 0x0:ud
mov (M1, 16) S(0,0)<1> 0x0:ud
mov (M1_NM, 1) K(0,0)<1> 0x0:ud
TOP:
add (M1_NM, 1) K(0,0)<1> K(0,0)<0;1,0> 0x1:ud
mov (M1_NM, 1) M(0,0)<1> %ce0(0,0)<0;1,0>
add (M1, 16) C(0,0)<1> C(0,0)<1;1,0> 0x1:ud
add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> C(0,0)<1;1,0>
cmp.lt (M1, 16) P1 C(0,0)<1;1,0> N(0,0)<1;1,0>
(P1) goto (M1, 16) TOP
mov (M1, 16) E(0,0)<1> %ce0(0,0)<0;1,0>
";

#[rustfmt::skip]
fn simd16_loop(rows: &mut Rows) {
    let decls = format!("{}{}.decl P1 v_type=P num_elts=16\n", ud(&["N", "C", "S", "E"], 16), ud(&["K", "M"], 1));
    let n: Vec<u32> = (1..=16).collect();
    let sums: Vec<u64> = (1..=16u64).map(|t| t * (t + 1) / 2).collect();
    let counts: Vec<u64> = (1..=16).collect();
    let d = "SIMD16 dispatch 0xffff, trip counts N[i] = i + 1. The body runs, then the backward \
             GOTO takes back the channels whose counter C is still below N (GOTO.md, Notes) and \
             parks the others at the `mov E` after it. Iteration k (k = 1..16) runs with EM = the \
             channels with N >= k, i.e. lanes k-1..15 (0xffff, 0xfffe, ..., 0x8000); channel i \
             leaves after its own N[i] = i + 1 iterations with C[i] = i + 1 and S[i] = 1 + 2 + \
             ... + (i + 1) = (i + 1)(i + 2)/2 = 1, 3, 6, ..., 136. The NoMask counter K counts \
             the 16 iterations; M holds the last iteration's %ce0, 0x8000. After iteration 16 no \
             channel jumps, execution reaches `mov E` where all parked channels rejoin: E = \
             0xffff on every lane.";
    rows.add("trip-counts", kernel("trip_counts", 0xffff, &decls, LOOP_TEXT).var("N", lanes(&n)).expect_lanes("C", UD, &counts).expect_lanes("S", UD, &sums)
        .expect_lanes("E", UD, &[0xffff; 16]).expect_lanes("K", UD, &[16]).expect_lanes("M", UD, &[0x8000]).derived(d));
    let active = |i: usize| (0..4).contains(&i) || (8..12).contains(&i);
    let pick = |v: &[u64], i: usize| if active(i) { v[i] } else { 0 };
    let c: Vec<u64> = (0..16).map(|i| pick(&counts, i)).collect();
    let s: Vec<u64> = (0..16).map(|i| pick(&sums, i)).collect();
    let e: Vec<u64> = (0..16).map(|i| if active(i) { 0x0f0f } else { 0 }).collect();
    let d = "The same loop with the dispatch mask 0x0f0f (lanes 0-3 and 8-11; init.emask). The \
             other lanes never execute and keep 0 in C, S and E. Lanes 0-3 leave after 1-4 \
             iterations, lanes 8-11 after 9-12: iteration k runs the dispatched lanes with \
             N >= k, the last (k = 12) only lane 11. C[i] = i + 1 and S[i] = (i + 1)(i + 2)/2 on \
             the dispatched lanes (1, 3, 6, 10 and 45, 55, 66, 78); K = 12 iterations; M = \
             0x0800; E = 0x0f0f on the dispatched lanes.";
    rows.add("trip-counts", kernel("trip_counts", 0x0f0f, &decls, LOOP_TEXT).var("N", lanes(&n)).expect_lanes("C", UD, &c).expect_lanes("S", UD, &s)
        .expect_lanes("E", UD, &e).expect_lanes("K", UD, &[12]).expect_lanes("M", UD, &[0x0800]).derived(d));
}

#[rustfmt::skip]
fn nested_calls(rows: &mut Rows) {
    let text = "\
cmp.lt (M1, 8) P1 A(0,0)<1;1,0> 0x6:ud
(P1) call (M1, 8) S0
mov (M1, 8) E(0,0)<1> %ce0(0,0)<0;1,0>
ret (M1, 1)
.function \"S0\"
mov (M1, 8) X(0,0)<1> %ce0(0,0)<0;1,0>
cmp.lt (M1, 8) P2 A(0,0)<1;1,0> 0x3:ud
(P2) call (M1, 8) S1
mov (M1, 8) Y(0,0)<1> %ce0(0,0)<0;1,0>
ret (M1, 1)
.function \"S1\"
mov (M1, 8) Z(0,0)<1> %ce0(0,0)<0;1,0>
cmp.eq (M1, 8) P3 A(0,0)<1;1,0> 0x1:ud
(P3) ret (M1, 8)
mov (M1, 8) W(0,0)<1> %ce0(0,0)<0;1,0>
ret (M1, 1)
";
    let decls = format!("{}.decl P1 v_type=P num_elts=8\n.decl P2 v_type=P num_elts=8\n.decl P3 v_type=P num_elts=8\n", ud(&["A", "X", "Y", "Z", "W", "E"], 8));
    let d = "Nested CALLs with partial call masks (CALL.md, RET.md; 3_execution_model.md, \
             \"Subroutine and Function Calls\"). Dispatch 0xff, A = [0..7]. Kernel: P1 = A < 6 = \
             0x3f; the SIMD8 CALL enters S0 with call mask 0x3f, channels 6, 7 wait after it. \
             S0: X = %ce0 = 0x3f on lanes 0-5; P2 = A < 3 over lanes 0-5 = 0x07; the CALL enters \
             S1 with call mask 0x07, channels 3-5 wait after it in S0. S1: Z = 0x07 on lanes \
             0-2; P3 = (A == 1) over lanes 0-2 = 0x02; `(P3) ret (M1, 8)` takes channel 1 out of \
             the call and execution masks, the call mask 0x05 is not empty, so S1 goes on with \
             0x05: W = 0x05 on lanes 0 and 2. The scalar RET returns 0 and 2: S1's call mask is \
             empty, so S0 resumes after its CALL with the channels that entered S1 (0-2) and \
             3-5 rejoin there: Y = 0x3f on lanes 0-5. S0's RET empties its call mask: the kernel \
             resumes after its CALL with 0-5, 6 and 7 rejoin: E = 0xff on every lane; the \
             kernel's RET retires them all.";
    rows.add("partial-masks", kernel("nested", 0xff, &decls, text).var("A", lanes(&iota(8))).expect_lanes("X", UD, &[0x3f, 0x3f, 0x3f, 0x3f, 0x3f, 0x3f, 0, 0])
        .expect_lanes("Y", UD, &[0x3f, 0x3f, 0x3f, 0x3f, 0x3f, 0x3f, 0, 0]).expect_lanes("Z", UD, &[7, 7, 7, 0, 0, 0, 0, 0])
        .expect_lanes("W", UD, &[5, 0, 5, 0, 0, 0, 0, 0]).expect_lanes("E", UD, &[0xff; 8]).derived(d));
}

#[rustfmt::skip]
fn switch_table(rows: &mut Rows) {
    let text = "\
mov (M1_NM, 1) K(0,0)<1> 0x0:ud
TOP:
switchjmp (M1, 1) K(0,0)<0;1,0> (C0, C1, C2, C1)
C0:
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x1:ud
jmp (M1, 1) NEXT
C1:
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x10:ud
add (M1_NM, 1) N(0,0)<1> N(0,0)<0;1,0> 0x1:ud
jmp (M1, 1) NEXT
C2:
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x100:ud
NEXT:
add (M1_NM, 1) K(0,0)<1> K(0,0)<0;1,0> 0x1:ud
cmp.lt (M1_NM, 1) P1 K(0,0)<0;1,0> 0x4:ud
(P1) jmp (M1, 1) TOP
";
    let decls = format!("{}{}.decl P1 v_type=P num_elts=8\n", ud(&["R"], 8), ud(&["K", "N"], 1));
    let d = "A SWITCHJMP table in a uniform loop (SWITCHJMP.md, JMP.md). Dispatch 0x0f. K counts \
             0, 1, 2, 3 (NoMask adds); each pass jumps to table[K] = C0, C1, C2, C1: R += 1, \
             0x10, 0x100, 0x10 on the dispatched lanes 0-3, and C1's NoMask add counts its two \
             visits in N. C0 and C1 end with a JMP to NEXT; C2 falls through. After the fourth \
             pass K = 4, cmp.lt clears P1 element 0 and the backward JMP is not taken. R = \
             0x121 on lanes 0-3, 0 on lanes 4-7; K = 4; N = 2.";
    rows.add("loop", kernel("switch", 0x0f, &decls, text).expect_lanes("R", UD, &[0x121, 0x121, 0x121, 0x121, 0, 0, 0, 0]).expect_lanes("K", UD, &[4])
        .expect_lanes("N", UD, &[2]).derived(d));
}

#[rustfmt::skip]
fn function_call(rows: &mut Rows) {
    let text = "\
and (M1, 16) T(0,0)<1> A(0,0)<1;1,0> 0x1:ud
cmp.eq (M1, 16) P1 T(0,0)<1;1,0> 0x1:ud
mov (M1, 16) %arg(0,0)<1> A(0,0)<1;1,0>
(P1) fcall (M1, 16) SQ 2 4
(P1) mov (M1, 16) R(0,0)<1> %retval(0,0)<1;1,0>
(P1) mov (M1, 16) CM(0,0)<1> %retval(2,0)<1;1,0>
mov (M1, 16) E(0,0)<1> %ce0(0,0)<0;1,0>
ret (M1, 1)
.global_function \"SQ\"
.decl X v_type=G type=ud num_elts=16
mov (M1, 16) X(0,0)<1> %arg(0,0)<1;1,0>
mul (M1, 16) X(0,0)<1> X(0,0)<1;1,0> X(0,0)<1;1,0>
add (M1, 16) %retval(0,0)<1> X(0,0)<1;1,0> 0x1:ud
mov (M1, 16) %retval(2,0)<1> %ce0(0,0)<0;1,0>
fret (M1, 1)
";
    let decls = format!("{}.decl P1 v_type=P num_elts=16\n", ud(&["A", "T", "R", "CM", "E"], 16));
    let odd = |i: u64| i % 2 == 1;
    let r: Vec<u64> = (0..16u64).map(|i| if odd(i) { i * i + 1 } else { 0 }).collect();
    let cm: Vec<u64> = (0..16u64).map(|i| if odd(i) { 0xaaaa } else { 0 }).collect();
    let d = "A SIMD16 FCALL with its argument in %arg and results in %retval (FCALL.md, FRET.md). \
             Dispatch 0xffff, A = [0..15]; P1 = (A & 1) == 1 = the odd lanes, 0xaaaa. A goes to \
             %arg (16 UD = 64 bytes = arg_size 2 GRFs on xe-hpg). The SIMD16 FCALL enters SQ with \
             call mask = the active predicated channels 0xaaaa; the even channels wait after the \
             call. SQ: X = A, %retval(0,0) = A*A + 1 and %retval(2,0) (GRFs 2-3) = %ce0 = \
             0xaaaa on the odd lanes; FRET returns return_size 4 GRFs. Back in the kernel the \
             even channels rejoin; the predicated movs copy the results on the odd lanes: R = \
             i*i + 1 (2, 10, 26, ..., 226), CM = 0xaaaa, 0 on the even lanes; E = 0xffff.";
    rows.add("fcall", kernel("squares", 0xffff, &decls, text).var("A", lanes(&iota(16))).expect_lanes("R", UD, &r).expect_lanes("CM", UD, &cm)
        .expect_lanes("E", UD, &[0xffff; 16]).derived(d));
}
