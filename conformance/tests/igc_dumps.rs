//! Whole kernels as IGC dumps them (`.visaasm`, in IsaDisassembly.cpp's printed form: the
//! header, the commented pre-defined variables, `.decl`, `.input`, `.implicit_*`,
//! `.kernel_attr`, labels, `.function`, `/// $N` instruction ids): every dump under
//! `tests/dumps/` parses, prints canonically (printing the printed text gives it back byte
//! for byte), `visa-conform fmt` exits 0 with that text, and the dump and its canonical text
//! validate on the dump's platform into the same program.
#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use visa_model::asm;
use visa_model::platform::Platform;
use visa_model::validate;

const BIN: &str = env!("CARGO_BIN_EXE_visa-conform");

/// Each dump with the platform it is written for.
const DUMPS: &[(&str, Platform)] = &[
    ("simd16_loop_exit.visaasm", Platform::XeHpg),
    ("subroutine_call.visaasm", Platform::XeHpg),
    ("fcall_global_function.visaasm", Platform::XeHpg),
    ("dpas_gemm_tile.visaasm", Platform::XeHpc),
    ("block2d_payload.visaasm", Platform::Xe2),
    ("lsc_atomics.visaasm", Platform::XeHpg),
    ("predefined_and_debug_info.visaasm", Platform::XeHpg),
];

fn dump(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/dumps")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `visa-conform fmt -` on `text`: its exit status and standard output.
fn fmt(text: &str) -> (Option<i32>, String) {
    let mut child = Command::new(BIN)
        .args(["fmt", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn every_dump_is_listed() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/dumps");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f.ends_with(".visaasm"))
        .collect();
    files.sort();
    let mut listed: Vec<String> = DUMPS.iter().map(|(f, _)| f.to_string()).collect();
    listed.sort();
    assert_eq!(files, listed);
}

#[test]
fn dumps_parse_and_print_canonically() {
    for (name, _) in DUMPS {
        let text = dump(name);
        let program = asm::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let printed = asm::print(&program);
        let reparsed = asm::parse(&printed).unwrap_or_else(|e| panic!("{name} printed: {e}"));
        assert_eq!(
            asm::without_positions(&reparsed),
            asm::without_positions(&program),
            "{name}"
        );
        assert_eq!(
            asm::print(&reparsed),
            printed,
            "{name}: printing is not stable"
        );
        // The instruction ids IGC writes are comments: no line of the canonical text has one.
        assert!(text.contains("/// $"), "{name} has IGC's instruction ids");
        assert!(
            !printed.contains("//"),
            "{name}: a comment survived printing"
        );
    }
}

#[test]
fn fmt_of_a_dump_exits_0_and_is_idempotent() {
    for (name, _) in DUMPS {
        let text = dump(name);
        let (code, once) = fmt(&text);
        assert_eq!(code, Some(0), "{name}");
        assert_eq!(once, asm::print(&asm::parse(&text).unwrap()), "{name}");
        let (code, twice) = fmt(&once);
        assert_eq!(code, Some(0), "{name} printed");
        assert_eq!(twice, once, "{name}: fmt of fmt's output differs");
    }
}

#[test]
fn dumps_validate_on_their_platform() {
    for (name, platform) in DUMPS {
        let text = dump(name);
        let program = asm::parse(&text).unwrap();
        let ir = validate::validate(&program, *platform)
            .unwrap_or_else(|e| panic!("{name} on {}: {e}", platform.name()));
        let canonical = asm::parse(&asm::print(&program)).unwrap();
        let again = validate::validate(&canonical, *platform).unwrap();
        assert_eq!(ir.insns.len(), again.insns.len(), "{name}");
        // Every instruction line of the dump is one instruction of the program (label lines
        // repeating a `.function` name are not instructions).
        let lines = text
            .lines()
            .filter(|l| l.starts_with("    ") || l.starts_with("LOC ") || l.starts_with("FILE "))
            .count();
        assert_eq!(ir.insns.len(), lines, "{name}");
    }
}

/// The kernel and function names and the subroutine of the dumps: `.kernel`,
/// `.global_function` and `.function` shape the program's units and labels.
#[test]
fn dumps_have_their_units_and_subroutines() {
    let units = |name: &str, platform: Platform| {
        let program = asm::parse(&dump(name)).unwrap();
        let ir = validate::validate(&program, platform).unwrap();
        let names: Vec<String> = ir.units.iter().map(|u| u.name.clone()).collect();
        let labels: Vec<String> = ir.labels.iter().map(|l| l.name.clone()).collect();
        (names, labels)
    };
    let (names, _) = units("fcall_global_function.visaasm", Platform::XeHpg);
    assert_eq!(names, ["fcall_global_function", "scale_by_two"]);
    let (names, labels) = units("subroutine_call.visaasm", Platform::XeHpg);
    assert_eq!(names, ["subroutine_call"]);
    assert_eq!(labels, ["saturate_3"]);
}
