//! Validation of programs with control flow: labels, units, scopes and the control-flow
//! instructions' own rules (spec/model/src/validate/flow.rs), on text and on IR built by
//! other means (`check_program`). The execution of control flow is checked by the catalog's
//! kernels (vectors/catalog/flow) on both engines.
#![allow(clippy::unwrap_used)]

use visa_spec::errata::{self, Reading, Readings};
use visa_spec::error::ErrorClass;
use visa_spec::ir::flow::{FlowCtrl, LabelId, LabelKind, UnitId, UnitKind};
use visa_spec::ir::{Ctrl, Program};
use visa_spec::platform::Platform;
use visa_spec::{asm, validate};

const DECLS: &str = ".decl V1 v_type=G type=d num_elts=16\n\
                     .decl B v_type=G type=ub num_elts=4\n\
                     .decl Q v_type=G type=uq num_elts=2\n\
                     .decl P1 v_type=P num_elts=16\n";

fn build(text: &str, readings: &Readings) -> Result<Program, visa_spec::VisaError> {
    let ast = asm::parse(&format!("{DECLS}{text}"))?;
    validate::validate_with(&ast, Platform::XeHpg, readings)
}

fn ok(text: &str) -> Program {
    build(text, &Readings::resolved()).unwrap_or_else(|e| panic!("{text}\n{e}"))
}

/// The class and field of the error `text` gives under `readings`.
fn err_with(text: &str, readings: &Readings) -> (ErrorClass, Option<String>) {
    match build(text, readings) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => (e.class, e.field),
    }
}

fn err(text: &str) -> (ErrorClass, Option<String>) {
    err_with(text, &Readings::resolved())
}

fn invalid(field: &str) -> (ErrorClass, Option<String>) {
    (ErrorClass::InvalidInstruction, Some(field.to_string()))
}

#[test]
fn labels_are_program_points() {
    // `L:` stands for the index of the next instruction; a forward reference resolves.
    let p = ok("goto (M1, 16) L\n\
                add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d\n\
                L:\n\
                add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x2:d\n");
    assert_eq!(p.labels.len(), 1);
    assert_eq!(p.labels[0].at, 2);
    assert_eq!(p.labels[0].kind, LabelKind::Block);
    let Ctrl::Flow(f) = &p.insns[0].ctrl else {
        panic!("no flow fields")
    };
    assert_eq!(**f, FlowCtrl::Goto(LabelId(0)));
    // A label at the end stands for the end of the program.
    let p = ok("jmp (M1, 1) E\nE:\n");
    assert_eq!(p.labels[0].at, 1);
    assert_eq!(p.units[0].end, 1);
}

#[test]
fn label_errors_name_the_label() {
    assert_eq!(err("goto (M1, 16) NOWHERE\n"), invalid("label"));
    assert_eq!(err("L:\nL:\nret (M1, 1)\n"), invalid("label"));
    // CALL goes to subroutine labels, branches to block labels.
    assert_eq!(err("call (M1, 16) L\nL:\nret (M1, 16)\n"), invalid("label"));
    assert_eq!(
        err("goto (M1, 16) S\nret (M1, 1)\n.function \"S\"\nret (M1, 16)\n"),
        invalid("label")
    );
    // GOTO.md, Notes: the label must be in the same subroutine as the goto.
    assert_eq!(
        err("call (M1, 16) S\nL:\nret (M1, 1)\n.function \"S\"\ngoto (M1, 16) L\nret (M1, 16)\n"),
        invalid("label")
    );
}

#[test]
fn subroutines_and_calls() {
    let p =
        ok("call (M1, 16) S\nret (M1, 1)\n.function \"S\"\nX:\ngoto (M1, 16) X\nret (M1, 16)\n");
    let s = p.labels.iter().find(|l| l.name == "S").unwrap();
    assert_eq!((s.kind, s.at), (LabelKind::Subroutine, 2));
    // `subroutine NAME` marks the label at itself.
    let p = ok("call (M1, 16) S\nret (M1, 1)\nsubroutine S\nret (M1, 16)\n");
    let s = p.labels.iter().find(|l| l.name == "S").unwrap();
    assert_eq!((s.kind, s.at), (LabelKind::Subroutine, 2));
}

#[test]
fn units_have_their_own_names() {
    // The function declares its own V1; the kernel's V1 is found again afterwards.
    let text = ".kernel \"k\"\n\
                fcall (M1, 1) f 0x1 0x1\n\
                ret (M1, 1)\n\
                .global_function \"f\"\n\
                .decl V1 v_type=G type=w num_elts=8\n\
                L:\n\
                mov (M1, 8) V1(0,0)<1> 0x1:w\n\
                fret (M1, 1)\n";
    let p = ok(text);
    assert_eq!(p.units.len(), 2);
    assert_eq!(
        (p.units[0].name.as_str(), p.units[0].kind),
        ("k", UnitKind::Kernel)
    );
    assert_eq!((p.units[1].entry, p.units[1].end), (2, 4));
    assert_eq!(p.units[1].kind, UnitKind::Function);
    let Ctrl::Flow(f) = &p.insns[0].ctrl else {
        panic!("no flow fields")
    };
    assert!(matches!(
        **f,
        FlowCtrl::Fcall {
            callee: Some(UnitId(1)),
            arg_size: 1,
            ret_size: 1,
            ..
        }
    ));
    let kernel_v1 = p.vars.find("V1").unwrap();
    assert_eq!(p.vars.get(kernel_v1).num_elts, 16);
    assert_eq!(p.vars.get(kernel_v1).unit, 0);
    assert!(p
        .vars
        .iter()
        .any(|(_, v)| v.name == "V1" && v.unit == 1 && v.num_elts == 8));
    // Labels are the unit's own: the function cannot branch to a kernel label.
    assert_eq!(
        err("K:\nret (M1, 1)\n.global_function \"f\"\njmp (M1, 1) K\nfret (M1, 1)\n"),
        invalid("label")
    );
    // An FCALL to a function not in the text validates (it cannot run: `unsupported`).
    let p = ok("fcall (M1, 1) elsewhere 0x0 0x0\nret (M1, 1)\n");
    assert!(
        matches!(&p.insns[0].ctrl, Ctrl::Flow(f) if matches!(**f, FlowCtrl::Fcall { callee: None, .. }))
    );
    // One `.kernel`, before any instruction.
    assert_eq!(err("ret (M1, 1)\n.kernel \"k\"\n"), invalid("directive"));
}

#[test]
fn scopes_shadow_and_close() {
    let text = "{\n\
                .decl V1 v_type=G type=w num_elts=8\n\
                mov (M1, 8) V1(0,0)<1> 0x1:w\n\
                }\n\
                mov (M1, 16) V1(0,0)<1> 0x1:d\n";
    let p = ok(text);
    // Inside the scope V1 is the w variable; after it, the kernel's d variable again.
    let ty = |k: usize| match p.insns[k].dst {
        visa_spec::ir::Dst::General { ty, .. } => ty,
        _ => panic!("not general"),
    };
    assert_eq!(ty(0).text(), "w");
    assert_eq!(ty(1).text(), "d");
    assert_eq!(
        err("{\n.decl X v_type=G type=d num_elts=1\n}\nmov (M1, 1) X(0,0)<1> 0x1:d\n"),
        invalid("dst")
    );
    assert_eq!(err("}\n").0, ErrorClass::Syntax);
    assert_eq!(err("{\nret (M1, 1)\n").0, ErrorClass::Syntax);
    // Declaring a name twice in one scope is an error; shadowing an outer one is not.
    assert_eq!(
        err("{\n.decl Y v_type=G type=d num_elts=1\n.decl Y v_type=G type=d num_elts=1\n}\n").0,
        ErrorClass::InvalidInstruction
    );
}

#[test]
fn instruction_rules() {
    // JMP.md: execution size 1.
    assert_eq!(err("L:\njmp (M1, 16) L\n"), invalid("exec_size"));
    // SWITCHJMP.md: 1..=32 labels; an unsigned index (UB, or UW/UD: SWITCHJMP-INDEX-TYPE).
    ok("switchjmp (M1, 1) B(0,0)<0;1,0> (L0, L1)\nL0:\nL1:\nret (M1, 1)\n");
    ok("switchjmp (M1, 1) 0x1:ud (L0, L1)\nL0:\nL1:\nret (M1, 1)\n");
    assert_eq!(
        err("switchjmp (M1, 1) V1(0,0)<0;1,0> (L0)\nL0:\n"),
        invalid("index")
    );
    let mut literal = Readings::resolved();
    literal
        .set(errata::SWITCHJMP_INDEX_TYPE, Reading::Literal)
        .unwrap();
    assert_eq!(
        err_with("switchjmp (M1, 1) 0x1:ud (L0)\nL0:\n", &literal),
        invalid("index")
    );
    let many: Vec<String> = (0..33).map(|k| format!("L{k}")).collect();
    let labels: String = many.iter().map(|l| format!("{l}:\n")).collect();
    assert_eq!(
        err(&format!(
            "switchjmp (M1, 1) 0x0:ub ({})\n{labels}",
            many.join(", ")
        )),
        invalid("labels")
    );
    // SWITCHJMP takes no predicate.
    assert_eq!(
        err("(P1) switchjmp (M1, 1) 0x0:ub (L0)\nL0:\n"),
        invalid("pred")
    );
    // FCALL.md: arg_size and return_size in GRFs of %arg and %retval. On xe-hpg (32-byte
    // GRFs, 4_visa_header.md) %arg is 256 UD = 1024 bytes = 32 GRFs and %retval 96 UD = 384
    // bytes = 12 GRFs.
    ok("fcall (M1, 1) f 0x20 0xc\nret (M1, 1)\n");
    assert_eq!(
        err("fcall (M1, 1) f 0x21 0x0\nret (M1, 1)\n"),
        invalid("arg_size")
    );
    assert_eq!(
        err("fcall (M1, 1) f 0x0 0xd\nret (M1, 1)\n"),
        invalid("return_size")
    );
    // FADDR.md: a UD or UQ destination.
    assert_eq!(
        err("faddr f V1(0,0)<1>\nret (M1, 1)\n.global_function \"f\"\nfret (M1, 1)\n"),
        invalid("dst")
    );
    ok("faddr f Q(0,0)<1>\nifcall (M1, 1) Q(0,0)<0;1,0> 0x0 0x0\nret (M1, 1)\n.global_function \"f\"\nfret (M1, 1)\n");
    // IFCALL.md: a UD address; FADDR's UQ too (IFCALL-ADDRESS-TYPE).
    let mut literal = Readings::resolved();
    literal
        .set(errata::IFCALL_ADDRESS_TYPE, Reading::Literal)
        .unwrap();
    assert_eq!(
        err_with(
            "ifcall (M1, 1) Q(0,0)<0;1,0> 0x0 0x0\nret (M1, 1)\n",
            &literal
        ),
        invalid("func_addr")
    );
    // The annotations take no execution size or predicate.
    ok("loc 12\nfile \"a.cl\"\nlifetime.start V1\nlifetime.end V1\n");
    assert_eq!(err("loc (M1, 1) 12\n"), invalid("exec_size"));
    assert_eq!(err("lifetime.middle V1\n"), invalid("opcode"));
}

#[test]
fn scalar_calls_without_nomask_follow_the_reading() {
    // CALL.md, RET.md: "Scalar calls must be marked with {NoMask}" (CF-SCALAR-NOMASK).
    let text = "call (M1, 1) S\nret (M1, 1)\n.function \"S\"\nret (M1, 1)\n";
    ok(text);
    let mut literal = Readings::resolved();
    literal
        .set(errata::CF_SCALAR_NOMASK, Reading::Literal)
        .unwrap();
    assert_eq!(err_with(text, &literal), invalid("exec_size"));
    build(
        "call (M1_NM, 1) S\nret (M1_NM, 1)\n.function \"S\"\nret (M1_NM, 1)\n",
        &literal,
    )
    .unwrap();
}

#[test]
fn check_program_rejects_malformed_flow_ir() {
    let base =
        ok("L:\ngoto (M1, 16) L\ncall (M1, 16) S\nret (M1, 1)\n.function \"S\"\nret (M1, 16)\n");
    let resolved = Readings::resolved();
    validate::check_program(&base, &resolved).unwrap();
    let field = |p: &Program| validate::check_program(p, &resolved).unwrap_err().field;
    // A label id out of range.
    let mut p = base.clone();
    p.insns[0].ctrl = Ctrl::Flow(Box::new(FlowCtrl::Goto(LabelId(9))));
    assert_eq!(field(&p).as_deref(), Some("label"));
    // A label past its unit.
    let mut p = base.clone();
    p.labels[0].at = 99;
    assert_eq!(field(&p).as_deref(), Some("label"));
    // Units that do not cover the program.
    let mut p = base.clone();
    p.units[0].end = 2;
    assert_eq!(field(&p).as_deref(), Some("unit"));
    // A flow opcode with another opcode's fields, and a flow opcode without them.
    let mut p = base.clone();
    p.insns[1].ctrl = Ctrl::Flow(Box::new(FlowCtrl::Ret));
    assert_eq!(field(&p).as_deref(), Some("opcode"));
    let mut p = base.clone();
    p.insns[1].ctrl = Ctrl::None;
    assert_eq!(field(&p).as_deref(), Some("opcode"));
    // CALL to a block label.
    let mut p = base.clone();
    p.insns[1].ctrl = Ctrl::Flow(Box::new(FlowCtrl::Call(LabelId(0))));
    assert_eq!(field(&p).as_deref(), Some("label"));
    // An FCALL whose callee is the kernel.
    let mut p = base;
    p.insns[2].opcode = visa_spec::ir::Opcode::Fcall;
    p.insns[2].ctrl = Ctrl::Flow(Box::new(FlowCtrl::Fcall {
        name: "k".into(),
        callee: Some(UnitId(0)),
        arg_size: 0,
        ret_size: 0,
    }));
    assert_eq!(field(&p).as_deref(), Some("func_name"));
}
