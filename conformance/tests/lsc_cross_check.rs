//! Spec and oracle on generated LSC_UNTYPED cases (conformance/src/gen/lsc.rs): every
//! sub-op, data size, vector size, address type and size. Valid by construction: a case (on
//! xe-hpg or later) must run or stop on the documents' undefined behaviour. Case counts: `PROPTEST_CASES` per sub-op (default 48).
#![allow(clippy::unwrap_used)]

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, TestRunner};
use visa_conformance::gen::Opcode;
use visa_conformance::registry;
use visa_conformance::{run_case, EngineKind, Outcome};
use visa_model::platform::Platform;
use visa_model::ErrorClass;

fn lsc_ops() -> Vec<Opcode> {
    Opcode::ALL
        .into_iter()
        .filter(|o| {
            visa_model::validate::lsc_forms_is_lsc(*o)
                || visa_model::validate::is_block2d(*o)
                || *o == Opcode::LscFence
        })
        .collect()
}

#[test]
fn lsc_spec_matches_oracle() {
    let cases: u32 = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(48);
    let ops = lsc_ops();
    assert!(ops.len() >= 29, "{ops:?}");
    for op in ops {
        let mut runner = TestRunner::new(Config::default());
        let strategy = registry::case(op);
        let mut ran = 0;
        for _ in 0..cases {
            let generated = strategy.new_tree(&mut runner).unwrap().current();
            let case = generated.to_case("cross-check");
            let spec = run_case(&case, EngineKind::Spec);
            let oracle = run_case(&case, EngineKind::Oracle);
            let line = case.to_line();
            match (&spec, &oracle) {
                (Outcome::Ok(a), Outcome::Ok(b)) => {
                    assert_eq!(a, b, "states differ on\n{line}");
                    ran += 1;
                }
                (Outcome::Error(a), Outcome::Error(b)) => {
                    assert_eq!(a.class, b.class, "error classes differ on\n{line}");
                    assert_ne!(generated.platform, Platform::XeLp);
                    assert_eq!(a.class, ErrorClass::UndefinedBehaviour, "{a} on\n{line}");
                }
                _ => panic!("spec {spec:?} vs oracle {oracle:?} on\n{line}"),
            }
        }
        assert!(ran > 0, "{}: no case ran", op.mnemonic());
    }
}

/// Generated block 2D cases keep to Intel's published shape limits unless they read
/// BLOCK2D-LIMITS literally, and observe memory from a row above the surface (base 0x10000).
#[test]
fn block2d_cases_keep_to_the_published_limits_and_observe_around_the_surface() {
    use visa_model::errata::{self, Readings};
    for op in [Opcode::LscLoadBlock2d, Opcode::LscStoreBlock2d] {
        let mut runner = TestRunner::new(Config::default());
        let strategy = registry::case(op);
        let (mut published, mut documents) = (0, 0);
        for _ in 0..64 {
            let generated = strategy.new_tree(&mut runner).unwrap().current();
            let ast = visa_model::asm::parse(&generated.text).unwrap();
            let resolved = visa_model::validate::validate_with(
                &ast,
                generated.platform,
                &Readings::resolved(),
            );
            if generated.literal.contains(&errata::BLOCK2D_LIMITS) {
                documents += 1;
            } else {
                assert!(resolved.is_ok(), "{resolved:?} on\n{}", generated.text);
                published += 1;
            }
            let region = &generated.mem[0];
            assert!(
                region.addr < 0x10000,
                "no row above the surface: {region:?}"
            );
        }
        assert!(published > 0 && documents > 0, "{published} {documents}");
    }
}

/// A generated raw send (RAW_SEND and RAW_SENDS, conformance/src/gen/raw_send.rs) and the
/// named LSC instruction whose message its descriptors encode leave the same state, on both
/// engines. Case counts: `PROPTEST_CASES` per form (default 24).
#[test]
fn raw_sends_match_their_named_messages() {
    let cases: u32 = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    for split in [false, true] {
        let mut runner = TestRunner::new(Config::default());
        let strategy = visa_conformance::gen::raw_send::pair(split);
        let mut ran = 0;
        for _ in 0..cases {
            let (raw, named) = strategy.new_tree(&mut runner).unwrap().current();
            let raw_case = raw.to_case("raw");
            let named_case = named.to_case("named");
            let outcomes = [
                run_case(&raw_case, EngineKind::Spec),
                run_case(&raw_case, EngineKind::Oracle),
                run_case(&named_case, EngineKind::Spec),
                run_case(&named_case, EngineKind::Oracle),
            ];
            let lines = format!("{}\n{}", raw_case.to_line(), named_case.to_line());
            match &outcomes {
                [Outcome::Ok(a), Outcome::Ok(b), Outcome::Ok(c), Outcome::Ok(d)] => {
                    assert_eq!(a, b, "engines differ on the raw send\n{lines}");
                    assert_eq!(a, c, "the raw send and its message differ\n{lines}");
                    assert_eq!(c, d, "engines differ on the message\n{lines}");
                    ran += 1;
                }
                [Outcome::Error(a), Outcome::Error(b), Outcome::Error(c), Outcome::Error(d)] => {
                    assert_eq!(a.class, ErrorClass::UndefinedBehaviour, "{a} on\n{lines}");
                    assert!(
                        [b, c, d].iter().all(|e| e.class == a.class),
                        "error classes differ on\n{lines}"
                    );
                }
                _ => panic!("{outcomes:?} on\n{lines}"),
            }
        }
        assert!(ran > 0, "split {split}: no case ran");
    }
}

/// The raw send's observed state without the variables the named instruction's has not: the
/// aliases through which the decoded message reads the raw operands as its documents' types
/// (their bytes are the raw operands', compared there).
fn without_aliases(
    raw: &visa_conformance::Observed,
    named: &visa_conformance::Observed,
) -> visa_conformance::Observed {
    let mut out = raw.clone();
    let aliases: Vec<String> = raw
        .vars
        .keys()
        .filter(|k| !named.vars.contains_key(*k))
        .cloned()
        .collect();
    for k in &aliases {
        out.vars.remove(k);
        out.elt_size.remove(k);
        out.undefined.remove(k);
    }
    out
}

/// A generated raw send of a legacy dataport message (DC0, DC1 on gen9, gen11 and xe-lp;
/// conformance/src/gen/raw_send.rs, `legacy_pair`) and the named dataport instruction of the
/// same message leave the same state, on both engines. Case counts: `PROPTEST_CASES` per
/// form (default 24).
#[test]
fn legacy_raw_sends_match_their_named_messages() {
    let cases: u32 = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    for split in [false, true] {
        let mut runner = TestRunner::new(Config::default());
        let strategy = visa_conformance::gen::raw_send::legacy_pair(split);
        let mut ran = 0;
        for _ in 0..cases {
            let (raw, named) = strategy.new_tree(&mut runner).unwrap().current();
            let raw_case = raw.to_case("raw");
            let named_case = named.to_case("named");
            let outcomes = [
                run_case(&raw_case, EngineKind::Spec),
                run_case(&raw_case, EngineKind::Oracle),
                run_case(&named_case, EngineKind::Spec),
                run_case(&named_case, EngineKind::Oracle),
            ];
            let lines = format!("{}\n{}", raw_case.to_line(), named_case.to_line());
            match &outcomes {
                [Outcome::Ok(a), Outcome::Ok(b), Outcome::Ok(c), Outcome::Ok(d)] => {
                    assert_eq!(a, b, "engines differ on the raw send\n{lines}");
                    assert_eq!(
                        &without_aliases(a, c),
                        c,
                        "the raw send and its message differ\n{lines}"
                    );
                    assert_eq!(c, d, "engines differ on the message\n{lines}");
                    ran += 1;
                }
                [Outcome::Error(a), Outcome::Error(b), Outcome::Error(c), Outcome::Error(d)] => {
                    assert_eq!(a.class, ErrorClass::UndefinedBehaviour, "{a} on\n{lines}");
                    assert!(
                        [b, c, d].iter().all(|e| e.class == a.class),
                        "error classes differ on\n{lines}"
                    );
                }
                _ => panic!("{outcomes:?} on\n{lines}"),
            }
        }
        assert!(ran > 0, "split {split}: no case ran");
    }
}

/// The corpus of `iga64 -Xdsd` decodings (conformance/tests/data/iga-dsd/corpus.txt, made by
/// make-corpus.sh beside it): a line per descriptor.
fn iga_corpus() -> (std::path::PathBuf, String) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/iga-dsd");
    let text = std::fs::read_to_string(dir.join("corpus.txt")).unwrap();
    (dir, text)
}

/// The model's descriptor decoder agrees with iga64 on every line of the corpus (LSC on
/// xe-hpg and xe-hpc, the legacy data cache on gen9, gen11 and xe-lp): where it decodes a
/// descriptor, iga64 reports no error, prints the same message syntax, the same
/// binding-table index and the same mlen and rlen; where iga64 reports an error, the model
/// does not decode.
#[test]
fn the_decoder_agrees_with_iga64_on_its_corpus() {
    use visa_model::ir::send::{decode, sfid, Message};
    let (_, text) = iga_corpus();
    let (mut decoded, mut declined, mut legacy) = (0, 0, 0);
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [platform, unit, exdesc, desc, syntax, addr, mlen, rlen, errors] = words[..] else {
            panic!("malformed corpus line {line}");
        };
        let platform = match platform {
            "9" => Platform::Gen9,
            "11" => Platform::Gen11,
            "12p1" => Platform::XeLp,
            "12p71" => Platform::XeHpg,
            "12p72" => Platform::XeHpc,
            other => panic!("platform {other}"),
        };
        let unit = match unit {
            "ugm" => sfid::UGM,
            "slm" => sfid::SLM,
            "dc0" => sfid::DC0,
            "dc1" => sfid::DC1,
            other => panic!("shared function {other}"),
        };
        let hex = |s: &str| u32::from_str_radix(s.trim_start_matches("0x"), 16).unwrap();
        let field = |s: &str, key: &str| s.strip_prefix(key).unwrap().to_string();
        let iga_errors: u32 = field(errors, "errors=").parse().unwrap();
        match decode(platform, unit, hex(exdesc), hex(desc)) {
            Ok(m) => {
                assert_eq!(
                    iga_errors, 0,
                    "iga64 reports errors the model does not: {line}"
                );
                assert_eq!(format!("syntax={}", m.text()), syntax, "{line}");
                let (ml, rl) = m.lengths();
                assert_eq!(hex(&field(mlen, "mlen=")), ml, "{line}");
                assert_eq!(hex(&field(rlen, "rlen=")), rl, "{line}");
                let surface = match m {
                    Message::Lsc(l) => l
                        .bti
                        .map_or("addr=[A]".to_string(), |b| format!("addr=bti[{b}][A]")),
                    Message::Fence(_) | Message::Block2d(_) => "addr=[A]".to_string(),
                    // The legacy syntax names the surface (`.slm.`, `.stateless.`).
                    Message::Hdc(_) => "addr=-".to_string(),
                };
                assert_eq!(surface, addr, "{line}");
                if matches!(m, Message::Hdc(_)) {
                    legacy += 1;
                }
                decoded += 1;
            }
            Err(_) => declined += 1,
        }
    }
    assert!(
        decoded >= 300 && legacy >= 100 && declined > 0,
        "{decoded} decoded ({legacy} legacy), {declined} not"
    );
}

/// iga64, when installed, still decodes the corpus as committed (the corpus is its output);
/// skipped, and says so, without it.
#[test]
fn iga64_reproduces_the_committed_corpus() {
    let (dir, text) = iga_corpus();
    let found = std::process::Command::new("iga64")
        .arg("--version")
        .output()
        .is_ok();
    if !found {
        eprintln!("skipped: iga64 is not installed (Debian's libigc-tools has it)");
        return;
    }
    let out = std::process::Command::new("sh")
        .arg(dir.join("make-corpus.sh"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), text);
}
