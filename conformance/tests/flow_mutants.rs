//! The control-flow mutants (conformance/src/dut/mutant.rs) on hand-made triggers: each
//! gives the value its bug implies, where the spec engine gives the value the documents
//! imply (derived by hand in each test), and each leaves a program without its instruction
//! alone.
#![allow(clippy::unwrap_used)]

use visa_conformance::case::{run_case, EngineKind, Outcome};
use visa_conformance::dut::mutant;
use visa_conformance::vector::Case;

fn case(program: &str, init: serde_json::Value) -> Case {
    let line = serde_json::json!({
        "format": "visa-vector/1",
        "id": "flow/trigger/1",
        "platform": "xe-hpg",
        "program": program,
        "init": init,
    });
    Case::from_line(&line.to_string()).unwrap()
}

/// The d elements of variable `name` after running `case` correctly and as `mutant`.
fn both(case: &Case, mutant_name: &str, name: &str) -> (Vec<i32>, Vec<i32>) {
    let d = |o: Outcome| match o {
        Outcome::Ok(obs) => obs.vars[name]
            .chunks(4)
            .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
            .collect(),
        Outcome::Error(e) => panic!("{mutant_name}: {e}"),
    };
    let m = mutant::find(mutant_name).unwrap();
    (
        d(run_case(case, EngineKind::Spec)),
        d(m.run(case, EngineKind::Spec)),
    )
}

fn d32(xs: &[i32]) -> String {
    xs.iter()
        .flat_map(|x| x.to_le_bytes())
        .map(|b| format!("{b:02x}"))
        .collect()
}

const IF_ELSE: &str = ".decl V1 v_type=G type=d num_elts=4\n\
                       .decl P1 v_type=P num_elts=4\n\
                       (P1) goto (M1, 4) ELSE\n\
                       add (M1, 4) V1(0,0)<1> V1(0,0)<1;1,0> 0x10:d\n\
                       goto (M1, 4) END\n\
                       ELSE:\n\
                       mul (M1, 4) V1(0,0)<1> V1(0,0)<1;1,0> 0x3:d\n\
                       END:\n\
                       add (M1, 4) V1(0,0)<1> V1(0,0)<1;1,0> 0x100:d\n";

#[test]
fn goto_rejoin_late() {
    // P1 = 0101: channels 0, 2 wait at ELSE and run the mul; 1, 3 run the first add and wait
    // at END; everyone runs the last add. V1 = 1, 2, 3, 4 gives 3+256, 18+256, 9+256, 20+256.
    // Rejoining one instruction late, channels 0 and 2 miss the mul (1+256, 3+256), and
    // channels 1 and 3 miss the last add (18, 20).
    let c = case(
        IF_ELSE,
        serde_json::json!({"vars": {"V1": d32(&[1, 2, 3, 4])}, "preds": {"P1": "0x5"}, "emask": "0xf"}),
    );
    let (good, bad) = both(&c, "goto-rejoin-late", "V1");
    assert_eq!(good, vec![259, 274, 265, 276]);
    assert_eq!(bad, vec![257, 18, 259, 20]);
}

#[test]
fn goto_back_no_park() {
    // A loop adding 1 to each channel until it reaches its own bound V2: channel i leaves
    // after max(1, V2[i]) trips. V2 = 1, 3: V1 = 1, 3. Taking every channel back while any
    // is predicated, both run 3 trips: V1 = 3, 3.
    let program = ".decl V1 v_type=G type=d num_elts=2\n\
                   .decl V2 v_type=G type=d num_elts=2\n\
                   .decl P1 v_type=P num_elts=2\n\
                   LOOP:\n\
                   add (M1, 2) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d\n\
                   cmp.lt (M1, 2) P1 V1(0,0)<1;1,0> V2(0,0)<1;1,0>\n\
                   (P1) goto (M1, 2) LOOP\n";
    let c = case(
        program,
        serde_json::json!({"vars": {"V2": d32(&[1, 3])}, "emask": "0x3"}),
    );
    let (good, bad) = both(&c, "goto-back-no-park", "V1");
    assert_eq!(good, vec![1, 3]);
    assert_eq!(bad, vec![3, 3]);
}

#[test]
fn ret_drops_waiting() {
    // P1 = 01: channel 0 calls S (adds 16), channel 1 waits after the call; both then add
    // 256. V1 = 0, 0 gives 272, 256. Losing channel 1 at the return: 272, 0.
    let program = ".decl V1 v_type=G type=d num_elts=2\n\
                   .decl P1 v_type=P num_elts=2\n\
                   (P1) call (M1, 2) S\n\
                   add (M1, 2) V1(0,0)<1> V1(0,0)<1;1,0> 0x100:d\n\
                   ret (M1, 1)\n\
                   .function \"S\"\n\
                   add (M1, 2) V1(0,0)<1> V1(0,0)<1;1,0> 0x10:d\n\
                   ret (M1, 2)\n";
    let c = case(
        program,
        serde_json::json!({"preds": {"P1": "0x1"}, "emask": "0x3"}),
    );
    let (good, bad) = both(&c, "ret-drops-waiting", "V1");
    assert_eq!(good, vec![272, 256]);
    assert_eq!(bad, vec![272, 0]);
}

#[test]
fn jmp_pred_bit() {
    // P1 = 0x01: element 0 is set, so the JMP is taken and the add skipped: V1 = 0. Reading
    // element 4 (clear), the JMP falls through: V1 = 1.
    let program = ".decl V1 v_type=G type=d num_elts=1\n\
                   .decl P1 v_type=P num_elts=8\n\
                   (P1) jmp (M1, 1) L\n\
                   add (M1, 1) V1(0,0)<1> V1(0,0)<0;1,0> 0x1:d\n\
                   L:\n";
    let c = case(program, serde_json::json!({"preds": {"P1": "0x1"}}));
    let (good, bad) = both(&c, "jmp-pred-bit", "V1");
    assert_eq!(good, vec![0]);
    assert_eq!(bad, vec![1]);
}

#[test]
fn fcall_no_arg_copy() {
    // The kernel puts 7 in %arg's first element and calls f with one GRF of arguments; f
    // returns %arg(0,0) + 1 in %retval, which the kernel copies to V1: 8. Without the copy
    // the function reads 0 and returns 1.
    let program = ".kernel \"k\"\n\
                   .decl V1 v_type=G type=d num_elts=1\n\
                   mov (M1_NM, 1) %arg(0,0)<1> 0x7:d\n\
                   fcall (M1, 1) f 0x1 0x1\n\
                   mov (M1_NM, 1) V1(0,0)<1> %retval(0,0)<0;1,0>\n\
                   ret (M1, 1)\n\
                   .global_function \"f\"\n\
                   add (M1_NM, 1) %retval(0,0)<1> %arg(0,0)<0;1,0> 0x1:d\n\
                   fret (M1, 1)\n";
    let c = case(program, serde_json::json!({}));
    let (good, bad) = both(&c, "fcall-no-arg-copy", "V1");
    assert_eq!(good, vec![8]);
    assert_eq!(bad, vec![1]);
}

#[test]
fn straight_line_cases_are_untouched() {
    let c = case(
        ".decl V1 v_type=G type=d num_elts=4\nadd (M1, 4) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d\n",
        serde_json::json!({"vars": {"V1": d32(&[1, 2, 3, 4])}}),
    );
    for name in [
        "goto-rejoin-late",
        "goto-back-no-park",
        "ret-drops-waiting",
        "jmp-pred-bit",
        "fcall-no-arg-copy",
    ] {
        let (good, bad) = both(&c, name, "V1");
        assert_eq!(good, bad, "{name}");
        assert_eq!(good, vec![2, 3, 4, 5]);
    }
}
