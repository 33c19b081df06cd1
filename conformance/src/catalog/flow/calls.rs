//! CALL, RET and SUBROUTINE; FCCALL; FCALL, FRET, IFCALL and FADDR (instructions/CALL.md,
//! RET.md, SUBROUTINE.md, FCCALL.md, FCALL.md, FRET.md, IFCALL.md, FADDR.md;
//! 3_execution_model.md, "Subroutine
//! and Function Calls"; 4_visa_header.md for `%arg` and `%retval`): hand-derived rows.

use visa_model::errata;
use visa_model::types::DataType::UD;
use visa_model::ErrorClass;

use super::{iota, lanes, program, ud};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const CALL: Doc = Doc { family: "flow", instruction: "call", file: "catalog/flow/call.jsonl", rows: call };

#[rustfmt::skip]
pub const FCCALL: Doc = Doc { family: "flow", instruction: "fccall", file: "catalog/flow/fccall.jsonl", rows: fccall };

#[rustfmt::skip]
pub const FCALL: Doc = Doc { family: "flow", instruction: "fcall", file: "catalog/flow/fcall.jsonl", rows: fcall };

#[rustfmt::skip]
fn call(rows: &mut Rows) {
    let decls = format!("{}.decl P1 v_type=P num_elts=8\n", ud(&["A", "R", "E"], 8));
    let retire = "\
cmp.lt (M1, 8) P1 A(0,0)<1;1,0> 0x4:ud
(P1) ret (M1, 8)
mov (M1, 8) E(0,0)<1> %ce0(0,0)<0;1,0>
add (M1, 8) R(0,0)<1> A(0,0)<1;1,0> 0x10:ud
";
    let d = "RET in the kernel (RET.md; 3_execution_model.md): the returning channels leave the \
             call mask, which in the kernel holds the dispatched channels. A = [0..7], P1 = A < \
             4 = 0x0f: channels 0-3 retire; the call mask 0xf0 is not empty, so execution goes on \
             with 4-7: E = %ce0 = 0xf0 and R = A + 0x10 (0x14..0x17) on lanes 4-7. The end of \
             the program ends the thread. Lanes 0-3 keep 0.";
    rows.add("kernel-ret", program(0xff, &decls, retire).var("A", lanes(&iota(8))).expect_lanes("E", UD, &[0, 0, 0, 0, 0xf0, 0xf0, 0xf0, 0xf0])
        .expect_lanes("R", UD, &[0, 0, 0, 0, 0x14, 0x15, 0x16, 0x17]).derived(d));
    let all = "\
ret (M1, 8)
mov (M1_NM, 8) R(0,0)<1> 0x5:ud
";
    let d = "RET in the kernel of every channel: the unpredicated SIMD8 RET takes all of the \
             dispatch 0xff out of the call mask, which becomes empty: the thread ends there. The \
             NoMask `mov`, which would write every lane whatever the mask, never executes: R \
             keeps its initial 0.";
    rows.add("kernel-ret", program(0xff, &decls, all).expect_lanes("R", UD, &[0; 8]).derived(d));
    let scalar = "\
call (M1, 1) S0
ret (M1, 1)
.function \"S0\"
mov (M1, 8) E(0,0)<1> %ce0(0,0)<0;1,0>
ret (M1, 1)
";
    let d = "CF-SCALAR-CALL-MASK, resolved: a scalar CALL enters the subroutine with the channels \
             active at the call. Dispatch 0x0f: S0 runs with EM 0x0f and writes E = 0x0f on lanes \
             0-3; lanes 4-7 keep 0. The scalar RET returns every channel to after the call, and \
             the kernel's `ret (M1, 1)` retires them: the thread ends.";
    rows.add("scalar-call", program(0x0f, &decls, scalar).expect_lanes("E", UD, &[0x0f, 0x0f, 0x0f, 0x0f, 0, 0, 0, 0]).derived(d));
    let d = "CF-SCALAR-CALL-MASK, literal: \"the call mask will be initialized to all ones\" (CALL.md, \
             Description): S0 runs with all 32 channels, so the SIMD8 mov writes every lane with \
             %ce0 = 0xffffffff, although only 0x0f was dispatched.";
    rows.add("scalar-call", program(0x0f, &decls, scalar).literal(errata::CF_SCALAR_CALL_MASK).expect_lanes("E", UD, &[0xffff_ffff; 8]).derived(d));
    let d = "CF-SCALAR-NOMASK, literal: \"Scalar calls must be marked with {NoMask}\" (CALL.md, \
             Description): `call (M1, 1)` is an invalid instruction.";
    rows.add("scalar-nomask", program(0x0f, &decls, scalar).literal(errata::CF_SCALAR_NOMASK).expect_invalid("exec_size").derived(d));
    let marked = "\
call (M1_NM, 1) S0
ret (M1_NM, 1)
.function \"S0\"
mov (M1, 8) E(0,0)<1> %ce0(0,0)<0;1,0>
ret (M1_NM, 1)
";
    let d = "CF-SCALAR-NOMASK, literal, with the scalar CALL and RETs marked NoMask as CALL.md asks: \
             valid. Dispatch 0x0f: S0 runs with EM 0x0f (CF-SCALAR-CALL-MASK resolved), E = 0x0f \
             on lanes 0-3.";
    rows.add("scalar-nomask", program(0x0f, &decls, marked).literal(errata::CF_SCALAR_NOMASK).expect_lanes("E", UD, &[0x0f, 0x0f, 0x0f, 0x0f, 0, 0, 0, 0]).derived(d));
    let sub = "\
cmp.lt (M1, 8) P1 A(0,0)<1;1,0> 0x5:ud
(P1) call (M1, 8) S0
mov (M1, 8) E(0,0)<1> %ce0(0,0)<0;1,0>
ret (M1, 1)
subroutine S0
add (M1, 8) R(0,0)<1> A(0,0)<1;1,0> 0x20:ud
ret (M1, 8)
";
    let d = "SUBROUTINE written as an instruction (`subroutine S0`, SUBROUTINE.md): it marks S0 and \
             has no effect. A = [0..7], P1 = A < 5 = 0x1f: the SIMD8 CALL enters S0 with call \
             mask 0x1f; channels 5-7 wait after the call. S0: R = A + 0x20 on lanes 0-4 (0x20.. \
             0x24); the SIMD8 RET clears all of them from the call mask, which is empty: back \
             after the call with 0-4, where 5-7 rejoin: E = 0xff on all lanes.";
    rows.add("subroutine", program(0xff, &decls, sub).var("A", lanes(&iota(8))).expect_lanes("R", UD, &[0x20, 0x21, 0x22, 0x23, 0x24, 0, 0, 0])
        .expect_lanes("E", UD, &[0xff; 8]).derived(d));
    let recursive = "\
call (M1, 1) S0
ret (M1, 1)
.function \"S0\"
add (M1, 8) R(0,0)<1> R(0,0)<1;1,0> 0x1:ud
call (M1, 1) S0
ret (M1, 1)
";
    let d = "3_execution_model.md, \"Subroutine and Function Calls\": recursion is not permitted \
             for subroutines; S0 calling itself is undefined behaviour.";
    rows.add("recursion", program(0xff, &decls, recursive).expect_error(ErrorClass::UndefinedBehaviour).field("label").derived(d));
}

#[rustfmt::skip]
fn fccall(rows: &mut Rows) {
    let decls = format!("{}.decl P1 v_type=P num_elts=8\n", ud(&["A", "R", "E"], 8));
    let sub = "\
cmp.lt (M1, 8) P1 A(0,0)<1;1,0> 0x5:ud
(P1) fccall (M1, 8) S0
mov (M1, 8) E(0,0)<1> %ce0(0,0)<0;1,0>
ret (M1, 1)
.function \"S0\"
add (M1, 8) R(0,0)<1> A(0,0)<1;1,0> 0x20:ud
ret (M1, 8)
";
    let d = "FCCALL-CALL-ALIAS, resolved: FCCALL is CALL's opcode (FCCALL.md: \"an alias to CALL\"), \
             and S0 is a subroutine label of the kernel, so it runs as CALL.md's call. A = [0..7], \
             P1 = A < 5 = 0x1f: S0 runs with call mask 0x1f, R = A + 0x20 on lanes 0-4 (0x20.. \
             0x24); its SIMD8 RET empties the call mask: back after the call, where channels 5-7 \
             waited: E = %ce0 = 0xff on all lanes.";
    rows.add("alias", program(0xff, &decls, sub).tag(errata::FCCALL_CALL_ALIAS).var("A", lanes(&iota(8))).expect_lanes("R", UD, &[0x20, 0x21, 0x22, 0x23, 0x24, 0, 0, 0])
        .expect_lanes("E", UD, &[0xff; 8]).derived(d));
    let d = "FCCALL-CALL-ALIAS, literal: FCCALL.md's Label \"must be a kernel label that is absent in \
             the current compilation unit\"; S0 is the kernel's own: an invalid instruction.";
    rows.add("alias", program(0xff, &decls, sub).literal(errata::FCCALL_CALL_ALIAS).expect_invalid("label").derived(d));
    let external = "\
mov (M1, 8) E(0,0)<1> 0x7:ud
fccall (M1, 1) EXT
ret (M1, 1)
";
    let d = "FCCALL.md: EXT is a label the FC linker resolves, and no linker ran: the program has no \
             subroutine EXT to call, so executing the FCCALL is unsupported (under either reading \
             of FCCALL-CALL-ALIAS); E = 7 before it is not observed, the case ends in the error.";
    rows.add("unlinked", program(0xff, &decls, external).tag(errata::FCCALL_CALL_ALIAS).expect_error(ErrorClass::Unsupported).field("label").derived(d));
    rows.add("unlinked", program(0xff, &decls, external).literal(errata::FCCALL_CALL_ALIAS).expect_error(ErrorClass::Unsupported).field("label").derived(d));
    let unreached = "\
mov (M1, 8) E(0,0)<1> 0x7:ud
ret (M1, 8)
fccall (M1, 1) EXT
";
    let d = "An FCCALL whose label no linker resolved is only an error when it executes: the SIMD8 \
             RET in the kernel takes the whole dispatch 0xff out of the call mask and the thread \
             ends before it. E = 7 on every lane.";
    rows.add("unlinked", program(0xff, &decls, unreached).expect_lanes("E", UD, &[7; 8]).derived(d));
}

/// The kernel: A into `%arg` (and B into its second GRF), a call (`call` is the FCALL or
/// IFCALL line), `%retval`'s two GRFs into R and S.
fn kernel(call: &str) -> String {
    format!(
        "\
mov (M1, 8) %arg(0,0)<1> A(0,0)<1;1,0>
mov (M1, 8) %arg(1,0)<1> B(0,0)<1;1,0>
{call}
mov (M1, 8) R(0,0)<1> %retval(0,0)<1;1,0>
mov (M1, 8) S(0,0)<1> %retval(1,0)<1;1,0>
ret (M1, 1)
.global_function \"F\"
.decl X v_type=G type=ud num_elts=8
.decl Y v_type=G type=ud num_elts=8
mov (M1, 8) X(0,0)<1> %arg(0,0)<1;1,0>
mov (M1, 8) Y(0,0)<1> %arg(1,0)<1;1,0>
add (M1, 8) %retval(0,0)<1> X(0,0)<1;1,0> Y(0,0)<1;1,0>
mul (M1, 8) %retval(1,0)<1> X(0,0)<1;1,0> Y(0,0)<1;1,0>
fret (M1, 1)
"
    )
}

#[rustfmt::skip]
fn fcall(rows: &mut Rows) {
    let decls = format!("{}.decl AD v_type=G type=ud num_elts=1\n.decl AQ v_type=G type=uq num_elts=1\n", ud(&["A", "B", "R", "S"], 8));
    let a = iota(8);
    let b = [3, 3, 3, 3, 5, 5, 5, 5];
    let sum = [3, 4, 5, 6, 9, 10, 11, 12];
    let product = [0, 3, 6, 9, 20, 25, 30, 35];
    let d = "FCALL.md: the first arg_size = 2 GRFs of %arg go to F (on xe-hpg a GRF is 32 bytes = \
             8 UD: %arg(0,0) holds A = [0..7], %arg(1,0) holds B = [3,3,3,3,5,5,5,5]); F writes \
             %retval(0,0) = A + B and %retval(1,0) = A * B; FRET.md: the first return_size = 2 \
             GRFs of %retval come back. R = [3,4,5,6,9,10,11,12], S = [0,3,6,9,20,25,30,35].";
    rows.add("arguments", program(0xff, &decls, &kernel("fcall (M1, 1) F 2 2")).var("A", lanes(&a)).var("B", lanes(&b)).expect_lanes("R", UD, &sum)
        .expect_lanes("S", UD, &product).derived(d));
    let d = "FCALL.md: only the first arg_size GRFs of %arg reach the callee. With arg_size = 1, \
             %arg(1,0) (B) is not passed: F's Y holds no defined value, and both results depend on \
             it: R and S are undefined (`??`) on every lane.";
    rows.add("arguments", program(0xff, &decls, &kernel("fcall (M1, 1) F 1 2")).var("A", lanes(&a)).var("B", lanes(&b)).expect_undefined("R", 32)
        .expect_undefined("S", 32).derived(d));
    let d = "FRET.md, FCALL.md: only the first return_size GRFs of %retval hold the return values. \
             With return_size = 1, R = A + B = [3,4,5,6,9,10,11,12] comes back, and %retval(1,0) \
             holds no defined value: S is undefined (`??`).";
    rows.add("arguments", program(0xff, &decls, &kernel("fcall (M1, 1) F 2 1")).var("A", lanes(&a)).var("B", lanes(&b)).expect_lanes("R", UD, &sum)
        .expect_undefined("S", 32).derived(d));
    let d = "IFCALL through FADDR (IFCALL.md, FADDR.md): FADDR writes F's address into the UD AD; \
             IFCALL calls the function at that address with the same sizes as FCALL: R = A + B \
             = [3,4,5,6,9,10,11,12], S = A * B = [0,3,6,9,20,25,30,35].";
    rows.add("indirect", program(0xff, &decls, &kernel("faddr F AD(0,0)<1>\nifcall (M1, 1) AD(0,0)<0;1,0> 2 2")).var("A", lanes(&a)).var("B", lanes(&b))
        .expect_lanes("R", UD, &sum).expect_lanes("S", UD, &product).derived(d));
    let d = "IFCALL-ADDRESS-TYPE, resolved: IFCALL takes the address in either of FADDR's types; \
             through the UQ AQ the call is the same: R = [3,4,5,6,9,10,11,12], S = \
             [0,3,6,9,20,25,30,35].";
    let wide = kernel("faddr F AQ(0,0)<1>\nifcall (M1, 1) AQ(0,0)<0;1,0> 2 2");
    rows.add("address-type", program(0xff, &decls, &wide).var("A", lanes(&a)).var("B", lanes(&b)).expect_lanes("R", UD, &sum).expect_lanes("S", UD, &product).derived(d));
    let d = "IFCALL-ADDRESS-TYPE, literal: IFCALL.md's Func_addr \"Must have type UD\": a UQ address \
             is an invalid instruction.";
    rows.add("address-type", program(0xff, &decls, &wide).literal(errata::IFCALL_ADDRESS_TYPE).expect_invalid("func_addr").derived(d));
    let d = "IFCALL-ADDRESS-TYPE, literal, with a UD address (valid under either reading): R = A + \
             B = [3,4,5,6,9,10,11,12], S = A * B = [0,3,6,9,20,25,30,35].";
    rows.add("address-type", program(0xff, &decls, &kernel("faddr F AD(0,0)<1>\nifcall (M1, 1) AD(0,0)<0;1,0> 2 2")).var("A", lanes(&a)).var("B", lanes(&b))
        .literal(errata::IFCALL_ADDRESS_TYPE).expect_lanes("R", UD, &sum).expect_lanes("S", UD, &product).derived(d));
    let d = "FRET.md: FRET in the kernel, outside any function, has nothing to return to: undefined \
             behaviour.";
    rows.add("fret", program(0xff, &decls, "fret (M1, 1)\n").expect_error(ErrorClass::UndefinedBehaviour).derived(d));
}
