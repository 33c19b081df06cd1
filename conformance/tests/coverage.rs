//! `visa-conform coverage`: the matrix of the committed vectors, exact counts on hand-written
//! cases, `--min`, `--json` and unreadable input.
#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};

use serde_json::Value;
use visa_conformance::coverage::{documents_report, run, CoverageArgs};

const PLATFORMS: [&str; 6] = ["gen9", "gen11", "xe-lp", "xe-hpg", "xe-hpc", "xe2"];

/// A generated ADD case (from an earlier vectors/alu/add.jsonl): `(P1) add.sat` on xe-lp,
/// Q <- B, (abs)D.
const ADD_LINE: &str = r#"{"format":"visa-vector/1","id":"add/xe-lp/0001","tags":["add","predicated","sat"],"platform":"xe-lp","program":".decl V1 v_type=G type=q num_elts=12\n.decl V2 v_type=G type=b num_elts=64\n.decl V3 v_type=G type=d num_elts=16\n.decl P1 v_type=P num_elts=32\n(P1) add.sat (M8, 2) V1(1,3)<2> V2(1,26)<0;1,0> (abs)V3(1,3)<8;2,0>\n","init":{"vars":{"V1":"010000000000008000000000000000400ad0ecba73e5cc7d02000000000000000100000000000080ffffffffffffff7ffeffffffffffff7f6b5f676a7478984f697822f241f9282f00000000000000800000000000000080ffffffffffffffff","V2":"73017426cd19757f017f80018100408fff80010081407eff800481db40807f2e81ff80497e20b90581006380f27f7eb300308081ed3c14e6eb147f021d7e0280","V3":"01000080b23a7e87000000400000004001000080feb29685f2f46f79020000006e0b332e01000080dfd8c0fe01000000000000803d294e0f02000000ffffff7f"},"preds":{"P1":"0xe4c366d5"},"cr0":"0x91","emask":"0xe6086515"},"expect":{"vars":{"V1":"010000000000008000000000000000400ad0ecba73e5cc7d02000000000000000100000000000080ffffffffffffff7ffeffffffffffff7f6b5f676a7478984f697822f241f9282f80000000000000000000000000000080ffffffffffffffff","V2":"73017426cd19757f017f80018100408fff80010081407eff800481db40807f2e81ff80497e20b90581006380f27f7eb300308081ed3c14e6eb147f021d7e0280","V3":"01000080b23a7e87000000400000004001000080feb29685f2f46f79020000006e0b332e01000080dfd8c0fe01000000000000803d294e0f02000000ffffff7f"},"preds":{"P1":"0xe4c366d5"}}}"#;

fn vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors")
}

fn args(paths: Vec<PathBuf>) -> CoverageArgs {
    CoverageArgs {
        paths,
        json: None,
        min: 0,
        documents: false,
    }
}

fn coverage(args: &CoverageArgs) -> (u8, String) {
    let mut out = Vec::new();
    let status = run(args, &mut out).unwrap();
    (status, String::from_utf8(out).unwrap())
}

fn summary<'a>(text: &'a str, insn: &str) -> &'a str {
    let prefix = format!("{insn}: ");
    text.lines().find(|l| l.starts_with(&prefix)).unwrap()
}

#[test]
fn committed_vectors_cover_every_cell_on_every_platform() {
    let dir = common::tmp_dir("coverage-committed");
    let json = dir.join("coverage.json");
    let mut a = args(vec![vectors()]);
    a.json = Some(json.clone());
    let (status, text) = coverage(&a);
    assert_eq!(status, 0, "{text}");
    assert!(!text.contains("malformed (skipped)"), "{text}");
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    for insn in ["add", "mov"] {
        let line = summary(&text, insn);
        let n: u64 = line
            .strip_prefix(&format!("{insn}: "))
            .and_then(|r| r.split(' ').next())
            .unwrap()
            .parse()
            .unwrap();
        assert!(n > 0, "{line}");
        for p in PLATFORMS {
            let cases = &report["instructions"][insn]["platforms"][p]["cases"];
            assert!(cases.as_u64().unwrap() > 0, "{insn} on {p}: {cases}");
        }
    }
    // `gen` stratifies destination types: every cell of the forms table has a case.
    assert!(text.contains("\n0 uncovered cells\n"), "{text}");
    // Deterministic: the same input gives the same bytes.
    assert_eq!(coverage(&args(vec![vectors()])).1, text);
}

#[test]
fn hand_written_cases_give_exact_counts() {
    let dir = common::tmp_dir("coverage-exact");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let lines = [
        ADD_LINE,
        common::ADD_SAT_LITERAL_WRONG,
        common::UNDECLARED,
        "{not json",
    ];
    std::fs::write(dir.join("sub/add.jsonl"), lines.join("\n") + "\n").unwrap();
    std::fs::write(dir.join("ignored.txt"), "not a vector file").unwrap();
    let json = dir.join("out.json");
    let mut a = args(vec![dir.clone()]);
    a.json = Some(json.clone());
    let (status, text) = coverage(&a);
    assert_eq!(status, 0, "{text}");
    assert!(
        text.contains("coverage: 1 files, 3 cases (1 not validated, 1 malformed lines)"),
        "{text}"
    );
    assert!(text.contains("malformed (skipped): "), "{text}");
    assert_eq!(
        summary(&text, "add"),
        "add: 2 cases, sat 2, modifiers 1, predicated 1, literal-errata 1"
    );
    assert_eq!(
        summary(&text, "mov"),
        "mov: 0 cases, sat 0, modifiers 0, predicated 0, literal-errata 0"
    );
    let row = |sig: &str| {
        text.lines()
            .find(|l| l.starts_with(sig))
            .unwrap()
            .split_whitespace()
            .skip(1)
            .collect::<Vec<_>>()
    };
    assert_eq!(row("q<-b,d"), ["0", "0", "1", "0", "0", "0"]);
    assert_eq!(row("f<-f,f"), ["0", "0", "0", "1", "0", "0"]);
    assert!(text.contains("uncovered: add d on xe-lp\n"), "{text}");
    assert!(!text.contains("uncovered: add q on xe-lp\n"), "{text}");
    assert!(!text.contains("uncovered: add f on xe-hpg\n"), "{text}");
    assert!(text.contains("uncovered: add f on xe-lp\n"), "{text}");
    // BF maps are gated XEHP+: never reported on xe-lp.
    assert!(!text.contains("uncovered: add bf on xe-lp\n"), "{text}");
    assert!(text.contains("uncovered: add bf on xe-hpg\n"), "{text}");

    let report: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let cell = &report["instructions"]["add"]["signatures"]["q<-b,d"]["xe-lp"];
    assert_eq!(cell["cases"], 1);
    assert_eq!(cell["sat"], 1);
    assert_eq!(cell["modifiers"], 1);
    assert_eq!(cell["predicated"], 1);
    assert_eq!(cell["literal_errata"], 0);
    let cell = &report["instructions"]["add"]["signatures"]["f<-f,f"]["xe-hpg"];
    assert_eq!(cell["literal_errata"], 1);
    assert_eq!(cell["predicated"], 0);
    assert_eq!(report["not_validated"], 1);
    assert_eq!(report["malformed"], 1);
}

#[test]
fn min_fails_when_some_instruction_is_short() {
    let mut a = args(vec![vectors()]);
    a.min = 1000;
    let (status, text) = coverage(&a);
    assert_eq!(status, 1, "{text}");
    assert!(text.contains("below --min 1000: "), "{text}");
    a.min = 1;
    assert_eq!(coverage(&a).0, 0);
}

#[test]
fn unreadable_input_exits_2() {
    let dir = common::tmp_dir("coverage-unreadable");
    let (status, text) = coverage(&args(vec![dir.join("missing.jsonl")]));
    assert_eq!(status, 2, "{text}");
    assert!(text.contains("unreadable: "), "{text}");
}

#[test]
fn every_document_is_accounted_for_and_the_readme_agrees() {
    let mut a = args(vec![]);
    a.documents = true;
    let (status, text) = coverage(&a);
    assert_eq!(status, 0, "{text}");
    assert_eq!(text, documents_report());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 128, "{text}");
    assert!(lines[..127].iter().all(|l| l.contains(".md: ")), "{text}");
    assert!(!text.contains("no status"), "{text}");
    // Documents picked by hand, one per status.
    assert!(lines.contains(&"ADD.md: executed"), "{text}");
    assert!(lines.contains(&"DWORD_ATOMIC.md: executed"), "{text}");
    assert!(
        lines.contains(&"SVM.md: executed through SVM_GATHER.md"),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("VME_IME.md: declared: ")),
        "{text}"
    );
    // The closing line adds up.
    let close = lines[127];
    let n = |word: &str| -> usize {
        let at = close.find(word).unwrap();
        close[..at]
            .rsplit([' ', ','])
            .find(|w| !w.is_empty())
            .unwrap()
            .parse()
            .unwrap()
    };
    assert_eq!(n(" documents"), 127, "{close}");
    assert_eq!(
        n(" executed,") + n(" executed through") + n(" declared"),
        127,
        "{close}"
    );
    // README quotes every line that is not plain `executed`, and the count.
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    let begin = "<!-- coverage --documents: begin -->\n```text\n";
    let end = "```\n<!-- coverage --documents: end -->";
    let from = readme
        .find(begin)
        .map(|i| i + begin.len())
        .expect("README's begin marker");
    let to = readme[from..]
        .find(end)
        .map(|i| i + from)
        .expect("README's end marker");
    let expected: String = lines
        .iter()
        .filter(|l| !l.ends_with(": executed"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        &readme[from..to],
        expected,
        "README's document list is stale: regenerate it from `visa-conform coverage --documents`"
    );
}
