//! Reading and writing `visa-vector/1`: round trips, every class of malformed input, and
//! garbage that must never make the reader panic.
#![allow(clippy::unwrap_used)]

mod common;

use std::collections::BTreeMap;

use proptest::prelude::*;
use rstest::rstest;
use serde_json::json;
use visa_conformance::vector::{
    read_bytes, read_str, write_cases, Allowed, Case, Discriminating, Expect, ExpectState, Init,
    Interval, MemExpect, MemRegion, NanFree, NanType, Pattern, Within,
};
use visa_model::errata::Reading;
use visa_model::error::ErrorClass;
use visa_model::platform::Platform;
use visa_model::state::{AddressMode, Filter, SamplerState, Surface, SurfaceFormat, SurfaceHeap};

/// A case that uses every key of the format.
fn full_case() -> Case {
    Case {
        id: "mov/ud-to-f/0001".into(),
        tags: vec!["edge".into(), "conversion".into()],
        platform: Platform::Xe2,
        errata: BTreeMap::from([("SAT-NEGATIVE-ZERO".to_string(), Reading::Literal)]),
        profile: Some("strict".into()),
        program: ".decl V1 v_type=G type=f num_elts=2\nmov (M1, 2) V1(0,0)<1> 0x0:f\n".into(),
        // A launch case has no init: launch_cases_round_trip_in_the_documented_key_order.
        launch: None,
        init: Init {
            vars: BTreeMap::from([("V1".to_string(), vec![0, 1, 2, 3, 4, 5, 6, 0xff])]),
            preds: BTreeMap::from([("P1".to_string(), 0xf0)]),
            mem: vec![MemRegion {
                space: "flat".into(),
                addr: 0x10000,
                bytes: vec![0xde, 0xad],
            }],
            surfaces: vec![
                Surface {
                    heap: SurfaceHeap::BindingTable,
                    bti: 1,
                    base: 0x10000,
                    size: 0x1000,
                    width: 64,
                    height: 8,
                    pitch: 64,
                    depth: 2,
                    pixel_size: 16,
                    aux: 0x30000,
                    format: Some(SurfaceFormat::R32G32B32A32Float),
                },
                Surface {
                    heap: SurfaceHeap::Bindless,
                    bti: 2,
                    base: 0x20000,
                    size: 0x100,
                    width: 0,
                    height: 0,
                    pitch: 0,
                    depth: 0,
                    pixel_size: 0,
                    aux: 0,
                    format: None,
                },
            ],
            samplers: vec![SamplerState {
                index: 3,
                filter: Filter::Nearest,
                address: [
                    AddressMode::Repeat,
                    AddressMode::Clamp,
                    AddressMode::ClampToEdge,
                ],
                normalized: true,
                border: [0, 0, 0, 0x3f80_0000],
            }],
            cr0: Some(0x10),
            emask: Some(0xffff),
            partner: BTreeMap::from([("V1".to_string(), vec![9, 8, 7, 6, 5, 4, 3, 2])]),
        },
        expect: Some(Expect::State(ExpectState {
            vars: BTreeMap::from([
                (
                    "V1".to_string(),
                    Allowed::Bytes(Pattern(vec![Some(0), None, Some(0x80)])),
                ),
                (
                    "V2".to_string(),
                    Allowed::AnyOf(vec![Pattern::exact(&[1, 2]), Pattern(vec![None, Some(3)])]),
                ),
                (
                    "V3".to_string(),
                    Allowed::AnyNan {
                        nan: NanFree {
                            ty: NanType::Hf,
                            elements: vec![0],
                            quiet: true,
                        },
                        patterns: vec![Pattern::exact(&[0, 0x7e, 0, 0x3c])],
                    },
                ),
                (
                    "V4".to_string(),
                    Allowed::Within {
                        base: Box::new(Allowed::AnyOf(vec![Pattern::exact(&[0, 0x3c, 0, 0x40])])),
                        within: Within {
                            ty: NanType::Hf,
                            elements: vec![Interval {
                                at: 1,
                                lo: 0x3fff,
                                hi: 0x4001,
                            }],
                        },
                    },
                ),
            ]),
            preds: BTreeMap::from([("P1".to_string(), 0x3)]),
            mem: vec![MemExpect {
                space: "slm".into(),
                addr: 0,
                bytes: Allowed::Bytes(Pattern(vec![Some(1), None])),
            }],
            buffers: BTreeMap::new(),
        })),
        discriminates: Some(vec![Discriminating {
            id: "SAT-NEGATIVE-ZERO",
            stated: Reading::Literal,
            other: Expect::State(ExpectState {
                vars: BTreeMap::from([("V1".to_string(), Allowed::Bytes(Pattern::exact(&[0x80])))]),
                ..ExpectState::default()
            }),
        }]),
        extensions: BTreeMap::from([("x-note".to_string(), json!({"by": "hand"}))]),
    }
}

#[test]
fn full_case_round_trips() {
    let case = full_case();
    let text = write_cases(std::slice::from_ref(&case));
    assert!(text.ends_with('\n') && text.lines().count() == 1);
    let entries = read_str("full.jsonl", &text);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].line, 1);
    let back = entries[0].case.clone().unwrap();
    assert_eq!(back, case);
    assert_eq!(write_cases(&[back]), text);
}

#[test]
fn written_keys_follow_the_documented_order() {
    let line = full_case().to_line();
    let value: serde_json::Value = serde_json::from_str(&line).unwrap();
    let keys: Vec<_> = value.as_object().unwrap().keys().cloned().collect();
    assert_eq!(
        keys,
        [
            "format",
            "id",
            "tags",
            "platform",
            "errata",
            "profile",
            "program",
            "init",
            "expect",
            "discriminates",
            "x-note"
        ]
    );
    assert_eq!(
        value["discriminates"],
        json!([{"erratum": "SAT-NEGATIVE-ZERO", "stated": "literal", "other": {"vars": {"V1": "80"}}}])
    );
    let init: Vec<_> = value["init"].as_object().unwrap().keys().cloned().collect();
    assert_eq!(
        init,
        ["vars", "preds", "mem", "surfaces", "samplers", "cr0", "emask", "partner"]
    );
    assert_eq!(value["init"]["cr0"], "0x10");
    assert_eq!(value["init"]["mem"][0]["addr"], "0x10000");
    assert_eq!(value["expect"]["vars"]["V1"], "00??80");
    assert_eq!(
        value["expect"]["vars"]["V2"],
        json!({"any_of": ["0102", "??03"]})
    );
    assert_eq!(
        value["expect"]["vars"]["V3"],
        json!({"any_of": ["007e003c"], "any_nan": {"type": "hf", "elements": [0], "quiet": true}})
    );
    assert_eq!(
        value["expect"]["vars"]["V4"],
        json!({"any_of": ["003c0040"], "within": {"type": "hf", "elements": [{"at": 1, "lo": "0x3fff", "hi": "0x4001"}]}})
    );
    // The binding table, zero width, height and pitch, and no format are left out.
    assert_eq!(
        value["init"]["surfaces"][0],
        json!({"bti": 1, "base": "0x10000", "size": "0x1000", "width": 64, "height": 8, "pitch": 64, "depth": 2, "pixel_size": 16, "aux": "0x30000", "format": "R32G32B32A32_FLOAT"})
    );
    assert_eq!(
        value["init"]["surfaces"][1],
        json!({"heap": "bss", "bti": 2, "base": "0x20000", "size": "0x100"})
    );
}

#[test]
fn optional_keys_are_omitted_when_empty() {
    let case = Case {
        id: "a".into(),
        tags: vec![],
        platform: Platform::XeLp,
        errata: BTreeMap::new(),
        profile: None,
        program: String::new(),
        launch: None,
        init: Init::default(),
        expect: None,
        discriminates: None,
        extensions: BTreeMap::new(),
    };
    assert_eq!(
        case.to_line(),
        r#"{"format":"visa-vector/1","id":"a","platform":"xe-lp","program":""}"#
    );
    let error = Case {
        expect: Some(Expect::Error(ErrorClass::Syntax)),
        ..case
    };
    assert!(error.to_line().ends_with(r#""expect":{"error":"syntax"}}"#));
    // An empty `discriminates` is written: it records that the case discriminates nothing.
    let none = Case {
        discriminates: Some(Vec::new()),
        ..error
    };
    assert!(none
        .to_line()
        .ends_with(r#""expect":{"error":"syntax"},"discriminates":[]}"#));
}

#[test]
fn hand_written_lines_are_normalised() {
    // Keys out of order, null optional keys, leading zeros, CRLF, blank lines.
    let text = "\n{\"program\":\"\",\"platform\":\"XE-HPG\",\"id\":\"b\",\"format\":\"visa-vector/1\",\"profile\":null,\"init\":{\"emask\":\"0x000f\"}}\r\n\n";
    let entries = read_str("hand.jsonl", text);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].line, 2);
    let case = entries[0].case.clone().unwrap();
    assert_eq!(case.platform, Platform::XeHpg);
    assert_eq!(case.init.emask, Some(0xf));
    assert_eq!(
        case.to_line(),
        r#"{"format":"visa-vector/1","id":"b","platform":"xe-hpg","program":"","init":{"emask":"0xf"}}"#
    );
}

#[test]
fn serde_traits_use_the_same_format() {
    let case = common::case(common::ADD_SAT);
    let text = serde_json::to_string(&case).unwrap();
    assert_eq!(text, common::ADD_SAT);
    let back: Case = serde_json::from_str(&text).unwrap();
    assert_eq!(back, case);
    let bad = serde_json::from_str::<Case>(r#"{"format":"visa-vector/1"}"#).unwrap_err();
    assert!(
        bad.to_string().contains("id: missing required key"),
        "{bad}"
    );
}

/// A valid case as a JSON value, to be broken one field at a time.
/// [`base`] with another id (ids are unique in a file).
fn second() -> serde_json::Value {
    let mut v = base();
    v["id"] = "t/0002".into();
    v
}

fn base() -> serde_json::Value {
    json!({
        "format": "visa-vector/1",
        "id": "t/0001",
        "platform": "xe-hpg",
        "program": ".decl V2 v_type=G type=d num_elts=1\n",
        "init": {"vars": {"V2": "01000000"}},
        "expect": {"vars": {"V1": "01000000"}}
    })
}

fn with(path: &[&str], value: serde_json::Value) -> String {
    let mut v = base();
    let mut at = &mut v;
    for key in &path[..path.len() - 1] {
        at = at
            .as_object_mut()
            .unwrap()
            .entry(key.to_string())
            .or_insert(json!({}));
    }
    at.as_object_mut()
        .unwrap()
        .insert(path[path.len() - 1].to_string(), value);
    v.to_string()
}

fn without(key: &str) -> String {
    let mut v = base();
    v.as_object_mut().unwrap().remove(key);
    v.to_string()
}

#[rstest]
#[case::bad_json(r#"{"format":"visa-vector/1","#.to_string(), None, "invalid JSON at column")]
#[case::trailing_garbage(format!("{} x", base()), None, "invalid JSON")]
#[case::not_an_object("[1,2]".to_string(), None, "expected an object, found an array")]
#[case::wrong_format(with(&["format"], json!("visa-vector/2")), Some("format"), "not a supported format")]
#[case::missing_format(without("format"), Some("format"), "missing required key")]
#[case::missing_id(without("id"), Some("id"), "missing required key")]
#[case::blank_id(with(&["id"], json!("  ")), Some("id"), "empty")]
#[case::missing_program(without("program"), Some("program"), "missing required key")]
#[case::program_not_string(with(&["program"], json!(3)), Some("program"), "expected a string, found a number")]
#[case::unknown_key(with(&["platfrom"], json!("xe2")), Some("platfrom"), "unknown key `platfrom`")]
#[case::unknown_platform(with(&["platform"], json!("xe9")), Some("platform"), "unknown platform `xe9`")]
#[case::tag_not_string(with(&["tags"], json!([1])), Some("tags[0]"), "expected a string")]
#[case::unknown_erratum(with(&["errata", "NOPE"], json!("literal")), Some("errata.NOPE"), "unknown erratum `NOPE`")]
#[case::bad_reading(with(&["errata", "SAT-NEGATIVE-ZERO"], json!("strict")), Some("errata.SAT-NEGATIVE-ZERO"), "not a reading")]
#[case::literal_not_executable(with(&["errata", "VF-ENCODING"], json!("literal")), Some("errata.VF-ENCODING"), "no executable literal reading")]
#[case::odd_hex(with(&["init", "vars", "V2"], json!("0100000")), Some("init.vars.V2"), "odd length 7")]
#[case::non_hex(with(&["init", "vars", "V2"], json!("01zz0000")), Some("init.vars.V2"), "`z` at offset 2 is not a hex digit")]
#[case::uppercase_hex(with(&["init", "vars", "V2"], json!("0A000000")), Some("init.vars.V2"), "lowercase")]
#[case::dont_care_in_init(with(&["init", "vars", "V2"], json!("01??0000")), Some("init.vars.V2"), "allowed in `expect` only")]
#[case::half_dont_care(with(&["expect", "vars", "V1"], json!("0?000000")), Some("expect.vars.V1"), "written `??`")]
#[case::unknown_init_key(with(&["init", "varz"], json!({})), Some("init.varz"), "unknown key")]
#[case::mask_without_0x(with(&["init", "preds", "P1"], json!("f0")), Some("init.preds.P1"), "must start with `0x`")]
#[case::mask_too_wide(with(&["init", "preds", "P1"], json!("0x100000000")), Some("init.preds.P1"), "does not fit in 32 bits")]
#[case::mask_not_string(with(&["init", "preds", "P1"], json!(240)), Some("init.preds.P1"), "expected a string")]
#[case::cr0_bad(with(&["init", "cr0"], json!("0xg")), Some("init.cr0"), "not a hex digit")]
#[case::mem_not_array(with(&["init", "mem"], json!({})), Some("init.mem"), "expected an array")]
#[case::mem_missing_bytes(with(&["init", "mem"], json!([{"space": "flat", "addr": "0x0"}])), Some("init.mem[0].bytes"), "missing required key")]
#[case::mem_bad_addr(with(&["init", "mem"], json!([{"space": "flat", "addr": "0x1ffffffffffffffff", "bytes": ""}])), Some("init.mem[0].addr"), "64 bits")]
#[case::mem_wraps(with(&["init", "mem"], json!([{"space": "flat", "addr": "0xffffffffffffffff", "bytes": "0102"}])), Some("init.mem[0]"), "wraps around")]
#[case::mem_empty_space(with(&["init", "mem"], json!([{"space": "", "addr": "0x0", "bytes": ""}])), Some("init.mem[0].space"), "unknown memory space ``")]
#[case::mem_unknown_space(with(&["init", "mem"], json!([{"space": "global", "addr": "0x0", "bytes": ""}])), Some("init.mem[0].space"), "unknown memory space `global` (known: flat, slm, arg)")]
#[case::surface_twice(with(&["init", "surfaces"], json!([{"bti": 2, "base": "0x0", "size": "0x10"}, {"bti": 2, "base": "0x0", "size": "0x10"}])), Some("init.surfaces[1].bti"), "surface 2 of table bt is already init.surfaces[0]")]
#[case::surface_bad_bti(with(&["init", "surfaces"], json!([{"bti": -1, "base": "0x0", "size": "0x10"}])), Some("init.surfaces[0].bti"), "expected an integer")]
#[case::surface_bad_heap(with(&["init", "surfaces"], json!([{"heap": "bindless", "bti": 0, "base": "0x0", "size": "0x10"}])), Some("init.surfaces[0].heap"), "unknown surface table")]
#[case::surface_bad_format(with(&["init", "surfaces"], json!([{"bti": 0, "base": "0x0", "size": "0x10", "format": "RGBA8"}])), Some("init.surfaces[0].format"), "unknown surface format")]
#[case::surface_format_pixel(with(&["init", "surfaces"], json!([{"bti": 0, "base": "0x0", "size": "0x10", "pixel_size": 16, "format": "R8G8B8A8_UNORM"}])), Some("init.surfaces[0].pixel_size"), "a R8G8B8A8_UNORM pixel is 4 bytes, not 16")]
#[case::surface_unknown_key(with(&["init", "surfaces"], json!([{"bti": 0, "base": "0x0", "size": "0x10", "tiling": 1}])), Some("init.surfaces[0].tiling"), "unknown key")]
#[case::sampler_twice(with(&["init", "samplers"], json!([{"index": 2}, {"index": 2}])), Some("init.samplers[1].index"), "sampler state 2 is already init.samplers[0]")]
#[case::sampler_bad_filter(with(&["init", "samplers"], json!([{"index": 0, "filter": "bilinear"}])), Some("init.samplers[0].filter"), "unknown filter")]
#[case::sampler_bad_mode(with(&["init", "samplers"], json!([{"index": 0, "address": ["repeat", "wrap", "clamp"]}])), Some("init.samplers[0].address[1]"), "unknown address mode")]
#[case::sampler_two_modes(with(&["init", "samplers"], json!([{"index": 0, "address": ["repeat", "clamp"]}])), Some("init.samplers[0].address"), "one mode per axis")]
#[case::sampler_repeat_unnormalized(with(&["init", "samplers"], json!([{"index": 0, "address": "repeat", "normalized": false}])), Some("init.samplers[0].address"), "takes normalized coordinates")]
#[case::sampler_border(with(&["init", "samplers"], json!([{"index": 0, "border": ["0x0"]}])), Some("init.samplers[0].border"), "four values")]
#[case::sampler_unknown_key(with(&["init", "samplers"], json!([{"index": 0, "lod_bias": 1}])), Some("init.samplers[0].lod_bias"), "unknown key")]
#[case::unknown_error_class(with(&["expect"], json!({"error": "crash"})), Some("expect.error"), "unknown error class `crash`")]
#[case::null_error_class(with(&["expect"], json!({"error": null})), Some("expect.error"), "expected a string, found null")]
#[case::error_and_state(with(&["expect", "error"], json!("syntax")), Some("expect.vars"), "excludes expected state")]
#[case::unknown_expect_key(with(&["expect", "regs"], json!({})), Some("expect.regs"), "unknown key")]
#[case::allowed_wrong_type(with(&["expect", "vars", "V1"], json!(1)), Some("expect.vars.V1"), "hex string or an allowed set")]
#[case::allowed_unknown_kind(with(&["expect", "vars", "V1"], json!({"ulps": 1})), Some("expect.vars.V1.ulps"), "unknown key")]
#[case::any_of_empty(with(&["expect", "vars", "V1"], json!({"any_of": []})), Some("expect.vars.V1.any_of"), "at least one")]
#[case::any_of_uneven(with(&["expect", "vars", "V1"], json!({"any_of": ["00", "0000"]})), Some("expect.vars.V1.any_of[1]"), "2 bytes, the first has 1")]
#[case::any_of_bad_hex(with(&["expect", "vars", "V1"], json!({"any_of": ["00", "0g"]})), Some("expect.vars.V1.any_of[1]"), "not a hex digit")]
#[case::any_nan_not_float(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "any_nan": {"type": "d", "elements": []}})), Some("expect.vars.V1.any_nan.type"), "not a float type")]
#[case::any_nan_not_object(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "any_nan": "f"})), Some("expect.vars.V1.any_nan"), "expected an object")]
#[case::any_nan_partial_element(with(&["expect", "vars", "V1"], json!({"any_of": ["000000"], "any_nan": {"type": "f", "elements": []}})), Some("expect.vars.V1.any_nan.type"), "not a whole number of f elements")]
#[case::any_nan_past_the_end(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "any_nan": {"type": "hf", "elements": [0, 2]}})), Some("expect.vars.V1.any_nan.elements[1]"), "past the 2 hf elements")]
#[case::any_nan_unsorted(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "any_nan": {"type": "hf", "elements": [1, 1]}})), Some("expect.vars.V1.any_nan.elements[1]"), "ascending")]
#[case::any_nan_no_elements(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "any_nan": {"type": "f"}})), Some("expect.vars.V1.any_nan.elements"), "missing required key")]
#[case::any_nan_quiet_not_bool(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "any_nan": {"type": "f", "elements": [], "quiet": 1}})), Some("expect.vars.V1.any_nan.quiet"), "expected true or false")]
#[case::any_nan_alone(with(&["expect", "vars", "V1"], json!({"any_nan": {"type": "f", "elements": []}})), Some("expect.vars.V1.any_of"), "missing required key")]
#[case::within_not_float(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "within": {"type": "ud", "elements": []}})), Some("expect.vars.V1.within.type"), "not a float type")]
#[case::within_past_the_end(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "within": {"type": "hf", "elements": [{"at": 2, "lo": "0x0", "hi": "0x1"}]}})), Some("expect.vars.V1.within.elements[0].at"), "past the 2 hf elements")]
#[case::within_unsorted(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "within": {"type": "hf", "elements": [{"at": 1, "lo": "0x0", "hi": "0x1"}, {"at": 0, "lo": "0x0", "hi": "0x1"}]}})), Some("expect.vars.V1.within.elements[1].at"), "ascending")]
#[case::within_reversed(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "within": {"type": "f", "elements": [{"at": 0, "lo": "0x3f800001", "hi": "0x3f800000"}]}})), Some("expect.vars.V1.within.elements[0]"), "above its `hi`")]
#[case::within_nan_bound(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "within": {"type": "f", "elements": [{"at": 0, "lo": "0x0", "hi": "0x7fc00000"}]}})), Some("expect.vars.V1.within.elements[0]"), "not NaNs")]
#[case::within_wide_bound(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "within": {"type": "hf", "elements": [{"at": 0, "lo": "0x0", "hi": "0x10000"}]}})), Some("expect.vars.V1.within.elements[0].hi"), "")]
#[case::within_unknown_key(with(&["expect", "vars", "V1"], json!({"any_of": ["00000000"], "within": {"type": "f", "elements": [{"at": 0, "lo": "0x0", "hi": "0x0", "ulps": 4}]}})), Some("expect.vars.V1.within.elements[0].ulps"), "unknown key")]
#[case::discriminates_not_array(with(&["discriminates"], json!({})), Some("discriminates"), "expected an array")]
#[case::discriminates_unknown_key(with(&["discriminates"], json!([{"erratum": "SAT-NEGATIVE-ZERO", "stated": "resolved", "other": {}, "why": 1}])), Some("discriminates[0].why"), "unknown key")]
#[case::discriminates_unknown_erratum(with(&["discriminates"], json!([{"erratum": "NOPE", "stated": "resolved", "other": {}}])), Some("discriminates[0].erratum"), "unknown erratum `NOPE`")]
#[case::discriminates_not_executable(with(&["discriminates"], json!([{"erratum": "VF-ENCODING", "stated": "resolved", "other": {}}])), Some("discriminates[0].erratum"), "no executable literal reading")]
#[case::discriminates_unsorted(with(&["discriminates"], json!([{"erratum": "SAT-NEGATIVE-ZERO", "stated": "resolved", "other": {}}, {"erratum": "HF-DENORM-FLUSH", "stated": "resolved", "other": {}}])), Some("discriminates[1].erratum"), "ascending")]
#[case::discriminates_bad_reading(with(&["discriminates"], json!([{"erratum": "SAT-NEGATIVE-ZERO", "stated": "strict", "other": {}}])), Some("discriminates[0].stated"), "not a reading")]
#[case::discriminates_other_reading(with(&["discriminates"], json!([{"erratum": "SAT-NEGATIVE-ZERO", "stated": "literal", "other": {}}])), Some("discriminates[0].stated"), "the case reads `SAT-NEGATIVE-ZERO` resolved, not literal")]
#[case::discriminates_no_other(with(&["discriminates"], json!([{"erratum": "SAT-NEGATIVE-ZERO", "stated": "resolved"}])), Some("discriminates[0].other"), "missing required key")]
#[case::discriminates_bad_other(with(&["discriminates"], json!([{"erratum": "SAT-NEGATIVE-ZERO", "stated": "resolved", "other": {"vars": {"V1": "0g"}}}])), Some("discriminates[0].other.vars.V1"), "not a hex digit")]
#[case::discriminates_other_error_and_state(with(&["discriminates"], json!([{"erratum": "SAT-NEGATIVE-ZERO", "stated": "resolved", "other": {"error": "syntax", "preds": {}}}])), Some("discriminates[0].other.preds"), "excludes expected state")]
#[case::expect_mem_wraps(with(&["expect", "mem"], json!([{"space": "flat", "addr": "0xffffffffffffffff", "bytes": "????"}])), Some("expect.mem[0]"), "wraps around")]
fn malformed_lines_are_reported(
    #[case] line: String,
    #[case] field: Option<&str>,
    #[case] message: &str,
) {
    // The bad line is line 2, between two good ones, and reading goes on after it.
    let text = format!("{}\n{line}\n{}\n", base(), second());
    let entries = read_str("bad.jsonl", &text);
    assert_eq!(entries.len(), 3);
    assert!(entries[0].case.is_ok() && entries[2].case.is_ok());
    let e = entries[1].case.clone().unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.line, e.field.as_deref()),
        ("bad.jsonl", 2, field),
        "{e}"
    );
    assert!(
        e.message.contains(message),
        "`{}` does not contain `{message}`",
        e.message
    );
    let shown = e.to_string();
    match field {
        Some(f) => assert!(shown.starts_with(&format!("bad.jsonl:2: {f}: ")), "{shown}"),
        None => assert!(
            shown.starts_with("bad.jsonl:2: ") && shown.contains(message),
            "{shown}"
        ),
    }
}

#[test]
fn extensions_are_kept_and_other_keys_are_not() {
    let line = with(&["x-origin"], json!({"seed": 7}));
    let case = Case::from_line(&line).unwrap();
    assert_eq!(case.extensions["x-origin"], json!({"seed": 7}));
    assert!(case.to_line().ends_with(r#""x-origin":{"seed":7}}"#));
    // Not at lower levels.
    let nested = with(&["init", "x-origin"], json!(1));
    assert_eq!(
        Case::from_line(&nested).unwrap_err().field.as_deref(),
        Some("init.x-origin")
    );
}

#[test]
fn non_utf8_lines_are_errors_of_their_own() {
    let mut data = base().to_string().into_bytes();
    data.extend_from_slice(b"\n{\"id\": \"\xff\"}\n");
    data.extend_from_slice(second().to_string().as_bytes());
    let entries = read_bytes("bin.jsonl", &data);
    assert_eq!(entries.len(), 3);
    let e = entries[1].case.clone().unwrap_err();
    assert_eq!((e.line, e.field.clone()), (2, None));
    assert!(e.message.contains("not UTF-8"), "{e}");
    assert!(entries[2].case.is_ok());
}

#[test]
fn unreadable_files_are_one_error() {
    let e = visa_conformance::read_file(std::path::Path::new("/nonexistent/x.jsonl")).unwrap_err();
    assert_eq!(e.line, 0);
    assert!(e.to_string().starts_with("/nonexistent/x.jsonl: "), "{e}");
}

#[test]
fn readings_follow_the_errata_map() {
    let case = Case::from_line(common::ADD_SAT_LITERAL_WRONG).unwrap();
    let readings = case.readings().unwrap();
    assert!(readings.is_literal("SAT-NEGATIVE-ZERO"));
    assert!(!readings.is_literal("MOV-RAW-COPY"));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Arbitrary bytes never make the reader panic; each non-blank line gives one entry.
    #[test]
    fn garbage_bytes_never_panic(data in proptest::collection::vec(any::<u8>(), 0..400)) {
        let entries = read_bytes("garbage.jsonl", &data);
        for e in &entries {
            prop_assert!(e.line >= 1);
        }
    }

    /// Arbitrary JSON-looking text never makes the reader panic.
    #[test]
    fn garbage_json_never_panics(line in r#"[{}\[\]":,0-9a-zA-Z?\-_. \\]{0,200}"#) {
        let _ = Case::from_line(&line);
    }

    /// A valid line with one byte replaced either still reads or gives an error; reading the
    /// written form of whatever it reads gives the same case back.
    #[test]
    fn mutated_valid_lines_never_panic(pos in 0usize..2000, byte in any::<u8>()) {
        let mut data = common::ADD_SAT.as_bytes().to_vec();
        let i = pos % data.len();
        data[i] = byte;
        for e in read_bytes("mutated.jsonl", &data) {
            if let Ok(case) = e.case {
                let again = Case::from_line(&case.to_line());
                prop_assert_eq!(again, Ok(case));
            }
        }
    }

    /// Random byte contents and patterns survive the hex round trip.
    #[test]
    fn hex_round_trips(bytes in proptest::collection::vec(any::<u8>(), 0..64),
                       care in proptest::collection::vec(any::<bool>(), 0..64)) {
        let mut case = common::case(common::ADD_SAT);
        case.init.vars.insert("V9".into(), bytes.clone());
        let pattern: Vec<_> = bytes.iter().zip(&care).map(|(b, c)| c.then_some(*b)).collect();
        if let Some(Expect::State(s)) = &mut case.expect {
            s.vars.insert("V9".into(), Allowed::Bytes(Pattern(pattern)));
        }
        prop_assert_eq!(Case::from_line(&case.to_line()), Ok(case));
    }
}

/// A launch case: one SIMD1 thread, an argument `out` (a global buffer) and `n` (a u32).
fn launch_base() -> serde_json::Value {
    json!({
        "format": "visa-vector/1",
        "id": "barrier/launch/0001",
        "platform": "xe-hpc",
        "program": ".version 4.1\n.kernel \"k\"\nret (M1, 1)\n",
        "launch": {
            "interface": {"format": "visa-kernel-interface/1", "simd": 1,
                          "args": [{"name": "out", "kind": "global", "at": 64},
                                   {"name": "n", "kind": "scalar", "type": "u32", "at": 72}]},
            "global": [2],
            "local": [2],
            "args": ["hex:00010203", "u32:7"],
            "schedules": [1, 2]
        },
        "expect": {"buffers": {"0": "0001????"}}
    })
}

fn launch_with(path: &[&str], value: serde_json::Value) -> String {
    let mut v = launch_base();
    let mut at = &mut v;
    for key in &path[..path.len() - 1] {
        at = at
            .as_object_mut()
            .unwrap()
            .entry(key.to_string())
            .or_insert(json!({}));
    }
    at.as_object_mut()
        .unwrap()
        .insert(path[path.len() - 1].to_string(), value);
    v.to_string()
}

#[test]
fn launch_cases_round_trip_in_the_documented_key_order() {
    let line = launch_base().to_string();
    let entries = read_str("launch.jsonl", &line);
    let case = entries[0].case.clone().unwrap();
    let launch = case.launch.clone().unwrap();
    assert_eq!(launch.global, [2]);
    assert_eq!(launch.schedules, [1, 2]);
    assert_eq!(
        launch.args,
        [
            visa_conformance::vector::LaunchArg::Bytes(vec![0, 1, 2, 3]),
            visa_conformance::vector::LaunchArg::Form("u32:7".into())
        ]
    );
    assert_eq!(launch.buffer_args(), [0]);
    let written = case.to_line();
    assert!(
        written.find("\"program\"") < written.find("\"launch\"")
            && written.find("\"launch\"") < written.find("\"expect\""),
        "{written}"
    );
    let again = read_str("launch.jsonl", &written)[0].case.clone().unwrap();
    assert_eq!(again, case);
    // Sent to an implementation: the launch stays, the expectation goes.
    let bare = case.without_expect();
    assert_eq!(bare.launch, case.launch);
    assert!(bare.expect.is_none());
    // Valid under the published schema.
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/visa-vector-1.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    assert!(validator.is_valid(&case.to_value()), "{written}");
    let mut wrong = case.to_value();
    wrong["launch"]["global"] = json!([1, 2, 3, 4]);
    assert!(!validator.is_valid(&wrong));
}

#[rstest]
#[case::unknown_key(launch_with(&["launch", "threads"], json!(2)), "launch.threads", "unknown key")]
#[case::no_interface(launch_with(&["launch", "interface"], json!(null)), "launch.interface", "")]
#[case::bad_interface(launch_with(&["launch", "interface", "simd"], json!(12)), "launch.interface", "simd")]
#[case::no_global(launch_with(&["launch", "global"], json!([])), "launch.global", "0 sizes")]
#[case::four_sizes(launch_with(&["launch", "global"], json!([1, 1, 1, 1])), "launch.global", "4 sizes")]
#[case::big_size(launch_with(&["launch", "local"], json!([4294967296u64])), "launch.local[0]", "below 2^32")]
#[case::other_dims(launch_with(&["launch", "local"], json!([2, 1])), "launch.local", "2 sizes for the 1 of global")]
#[case::arg_count(launch_with(&["launch", "args"], json!(["zeros:4"])), "launch.args", "1 values for the interface's 2 arguments")]
#[case::file_arg(launch_with(&["launch", "args"], json!(["buf:out.bin", "u32:7"])), "launch.args[0]", "self-contained")]
#[case::bad_hex(launch_with(&["launch", "args"], json!(["hex:0g", "u32:7"])), "launch.args[0]", "not a hex digit")]
#[case::hex_for_scalar(launch_with(&["launch", "args"], json!(["zeros:4", "hex:07000000"])), "launch.args[1]", "not a global buffer")]
#[case::wrong_kind(launch_with(&["launch", "args"], json!(["u32:1", "u32:7"])), "launch.args[0]", "global")]
#[case::wrong_width(launch_with(&["launch", "args"], json!(["zeros:4", "u64:7"])), "launch.args[1]", "scalar")]
#[case::bad_seed(launch_with(&["launch", "schedules"], json!([-1])), "launch.schedules[0]", "seed")]
#[case::init(launch_with(&["init"], json!({"vars": {}})), "init", "has no init")]
#[case::vars(launch_with(&["expect", "vars"], json!({"V1": "00"})), "expect.vars", "expects its buffers")]
#[case::not_a_buffer(launch_with(&["expect", "buffers", "1"], json!("07000000")), "expect.buffers.1", "not the index of a global buffer argument (they are: 0)")]
#[case::not_an_index(launch_with(&["expect", "buffers", "00"], json!("07000000")), "expect.buffers.00", "not the index")]
#[case::error_and_buffers(launch_with(&["expect", "error"], json!("deadlock")), "expect.buffers", "excludes expected state")]
fn malformed_launch_cases_are_reported(
    #[case] line: String,
    #[case] field: &str,
    #[case] message: &str,
) {
    let text = format!("{}\n{line}\n", launch_base());
    let entries = read_str("bad.jsonl", &text);
    assert!(entries[0].case.is_ok());
    let e = entries[1].case.clone().unwrap_err();
    assert_eq!((e.line, e.field.as_deref()), (2, Some(field)), "{e}");
    assert!(
        e.message.contains(message),
        "`{}` lacks `{message}`",
        e.message
    );
}

#[test]
fn buffers_belong_to_launch_cases() {
    let line = with(&["expect", "buffers"], json!({"0": "00"}));
    let e = read_str("bad.jsonl", &line)[0].case.clone().unwrap_err();
    assert_eq!(e.field.as_deref(), Some("expect.buffers"), "{e}");
    assert!(e.message.contains("no `launch`"), "{e}");
}
