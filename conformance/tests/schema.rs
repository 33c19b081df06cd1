//! docs/visa-vector-1.schema.json agrees with the reader and the writer: written cases are
//! valid, and lines the reader rejects for structural reasons are invalid.
#![allow(clippy::unwrap_used)]

mod common;

use serde_json::{json, Value};
use visa_conformance::vector::{write_cases, Case};

/// A named way of breaking a valid case.
type Breakage = (&'static str, Box<dyn Fn(&mut Value)>);

fn validator() -> jsonschema::Validator {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/visa-vector-1.schema.json"
    );
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::draft202012::new(&schema).unwrap()
}

fn errors(v: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    v.iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect()
}

/// Cases covering every key: the shared examples and a case that uses everything.
fn cases() -> Vec<Case> {
    let full = r#"{"format":"visa-vector/1","id":"mov/all/0001","tags":["edge"],"platform":"xe2","errata":{"SAT-NEGATIVE-ZERO":"literal","MOV-RAW-COPY":"resolved"},"profile":"strict","program":"","init":{"vars":{"V1":"0001"},"preds":{"P1":"0xf0"},"mem":[{"space":"flat","addr":"0x10000","bytes":"2a"}],"surfaces":[{"bti":1,"base":"0x10000","size":"0x1000","width":64,"height":8,"pitch":64},{"heap":"ss","bti":64,"base":"0x20000","size":"0x100"}],"cr0":"0x10","emask":"0xffff"},"expect":{"vars":{"V1":"00??","V2":{"any_of":["01","??"]},"V3":{"any_of":["0000c07f"],"any_nan":{"type":"f","elements":[0]}}},"preds":{"P1":"0x0"},"mem":[{"space":"slm","addr":"0x0","bytes":{"any_of":["00"]}}]},"discriminates":[{"erratum":"SAT-NEGATIVE-ZERO","stated":"literal","other":{"vars":{"V1":"8000"}}}],"x-origin":{"seed":1}}"#;
    [
        common::ADD_SAT,
        common::ADD_SAT_LITERAL_WRONG,
        common::ADD_SAT_ANY_OF,
        common::UNDECLARED,
        common::PREDICATED,
        full,
    ]
    .iter()
    .map(|l| common::case(l))
    .collect()
}

#[test]
fn written_cases_are_valid() {
    let v = validator();
    let text = write_cases(&cases());
    for line in text.lines() {
        let instance: Value = serde_json::from_str(line).unwrap();
        let errs = errors(&v, &instance);
        assert!(errs.is_empty(), "{line}\n{errs:#?}");
    }
}

#[test]
fn structurally_bad_cases_are_invalid_and_unreadable() {
    let v = validator();
    let base: Value = serde_json::from_str(common::ADD_SAT).unwrap();
    let broken: Vec<Breakage> = vec![
        (
            "wrong format",
            Box::new(|c| c["format"] = json!("visa-vector/2")),
        ),
        (
            "missing id",
            Box::new(|c| {
                c.as_object_mut().unwrap().remove("id");
            }),
        ),
        ("unknown key", Box::new(|c| c["platfrom"] = json!("xe2"))),
        (
            "derivation not a string",
            Box::new(|c| c["x-derivation"] = json!(["a"])),
        ),
        (
            "unknown platform",
            Box::new(|c| c["platform"] = json!("xe9")),
        ),
        (
            "bad reading",
            Box::new(|c| c["errata"] = json!({"SAT-NEGATIVE-ZERO": "strict"})),
        ),
        (
            "odd hex",
            Box::new(|c| c["init"]["vars"]["V2"] = json!("000")),
        ),
        (
            "uppercase hex",
            Box::new(|c| c["init"]["vars"]["V2"] = json!("0A")),
        ),
        (
            "?? in init",
            Box::new(|c| c["init"]["vars"]["V2"] = json!("??")),
        ),
        (
            "mask without 0x",
            Box::new(|c| c["init"]["preds"] = json!({"P1": "f0"})),
        ),
        (
            "mask too wide",
            Box::new(|c| c["init"]["preds"] = json!({"P1": "0x100000000"})),
        ),
        (
            "mem without bytes",
            Box::new(|c| c["init"]["mem"] = json!([{"space": "flat", "addr": "0x0"}])),
        ),
        (
            "unknown init key",
            Box::new(|c| c["init"]["regs"] = json!({})),
        ),
        (
            "unknown error class",
            Box::new(|c| c["expect"] = json!({"error": "crash"})),
        ),
        (
            "error with state",
            Box::new(|c| c["expect"]["error"] = json!("syntax")),
        ),
        (
            "empty any_of",
            Box::new(|c| c["expect"]["vars"]["V1"] = json!({"any_of": []})),
        ),
        (
            "unknown allowed kind",
            Box::new(|c| c["expect"]["vars"]["V1"] = json!({"ulps": 1})),
        ),
        (
            "discriminates not a list",
            Box::new(|c| c["discriminates"] = json!({"SAT-NEGATIVE-ZERO": "resolved"})),
        ),
        (
            "discriminates without the other expectation",
            Box::new(|c| {
                c["discriminates"] = json!([{"erratum": "SAT-NEGATIVE-ZERO", "stated": "resolved"}])
            }),
        ),
        (
            "discriminates with a bad reading",
            Box::new(|c| {
                c["discriminates"] =
                    json!([{"erratum": "SAT-NEGATIVE-ZERO", "stated": "strict", "other": {}}])
            }),
        ),
        (
            "any_nan of an integer type",
            Box::new(|c| {
                c["expect"]["vars"]["V1"] =
                    json!({"any_of": ["00000000"], "any_nan": {"type": "d", "elements": [0]}})
            }),
        ),
    ];
    for (what, f) in broken {
        let mut c = base.clone();
        f(&mut c);
        assert!(!v.is_valid(&c), "schema accepts: {what}");
        assert!(Case::from_value(&c).is_err(), "reader accepts: {what}");
    }
}

/// The error classes the two schemas and the protocol and vector documents list are exactly
/// the model's: an implementation written to the schema can answer every class a vector
/// expects.
#[test]
fn schemas_and_documents_list_every_error_class() {
    use visa_model::error::ErrorClass;
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/");
    let read = |f: &str| std::fs::read_to_string(format!("{root}{f}")).unwrap();
    let mut model: Vec<&str> = ErrorClass::ALL.iter().map(|c| c.as_str()).collect();
    model.sort_unstable();
    let vector: Value = serde_json::from_str(&read("visa-vector-1.schema.json")).unwrap();
    let result: Value = serde_json::from_str(&read("visa-dut-1/result.schema.json")).unwrap();
    for (name, list) in [
        (
            "visa-vector-1",
            &vector["$defs"]["expectError"]["properties"]["error"]["enum"],
        ),
        (
            "result",
            &result["properties"]["error"]["properties"]["class"]["enum"],
        ),
    ] {
        let mut listed: Vec<&str> = list
            .as_array()
            .unwrap_or_else(|| panic!("{name}: no enum of classes"))
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        listed.sort_unstable();
        assert_eq!(listed, model, "{name} schema");
    }
    for doc in ["protocol.md", "vector-format.md", "state-model.md"] {
        let text = read(doc);
        for class in &model {
            assert!(
                text.contains(&format!("`{class}`")),
                "{doc} does not name `{class}`"
            );
        }
    }
}
