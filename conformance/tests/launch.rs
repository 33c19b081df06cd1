//! `visa-conform launch`: the kernel-interface reader and the `--arg` values on hostile
//! input, and real IGC kernels launched over an NDRange matching their OpenCL results.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::launch::{dumps, floats, ints, launch, report, stderr, IGC_KERNELS};

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;
use visa_conformance::catalog::threads::{IF_BARRIER_SIMD1, IF_BARRIER_SIMD8};
use visa_conformance::launch::arg::{self, Value as ArgVal};
use visa_conformance::launch::interface::{self, ArgKind, InterfaceError, Place, ScalarType};

/// The field an interface error names.
fn field_of(text: &str) -> String {
    match interface::read(text) {
        Err(InterfaceError::Field { field, .. }) => field,
        other => panic!("{text}: expected a field error, got {other:?}"),
    }
}

const HEAD: &str = r#""format": "visa-kernel-interface/1", "simd": 16"#;

#[test]
fn the_interface_reader_reads_the_saxpy_interface() {
    let text = std::fs::read_to_string(dumps().join("xe-hpg/saxpy.interface.json")).unwrap();
    let i = interface::read(&text).unwrap();
    assert_eq!(i.simd, 32);
    assert_eq!(i.kernel.as_deref(), Some("saxpy"));
    assert_eq!(i.args.len(), 4);
    assert_eq!(
        i.args[0].kind,
        ArgKind::Global {
            pointer_bytes: 8,
            bti: Some(0),
            buffer_offset: Some(Place::Offset(280))
        }
    );
    assert_eq!(
        i.args[2].kind,
        ArgKind::Scalar {
            ty: ScalarType::F32,
            count: 1
        }
    );
    assert_eq!(i.payload.local_id[0], Some(Place::Offset(32)));
}

#[test]
fn the_interface_reader_rejects_hostile_input_with_the_field() {
    // A key twice in one object: the line and column of the second.
    let dup = "{\"format\": \"visa-kernel-interface/1\",\n \"simd\": 16, \"simd\": 32}";
    match interface::read(dup) {
        Err(e @ InterfaceError::Json { line: 2, .. }) => {
            assert!(e.to_string().contains("duplicate key `simd`"), "{e}");
            assert!(e.in_file("k.json").starts_with("k.json:2:"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    let dup_inner =
        format!(r#"{{{HEAD}, "args": [{{"kind": "scalar", "kind": "global", "at": 0}}]}}"#);
    assert!(matches!(
        interface::read(&dup_inner),
        Err(InterfaceError::Json { .. })
    ));
    assert!(matches!(
        interface::read("{\"format\": "),
        Err(InterfaceError::Json { .. })
    ));
    let cases: &[(&str, &str)] = &[
        (r#"[]"#, "(top)"),
        (r#"{"simd": 16}"#, "format"),
        (
            r#"{"format": "visa-kernel-interface/2", "simd": 16}"#,
            "format",
        ),
        (r#"{"format": "visa-kernel-interface/1"}"#, "simd"),
        (&format!(r#"{{{HEAD}, "extra": 1}}"#), "extra"),
        (
            r#"{"format": "visa-kernel-interface/1", "simd": 12}"#,
            "simd",
        ),
        (
            r#"{"format": "visa-kernel-interface/1", "simd": 18446744073709551616}"#,
            "simd",
        ),
        (
            r#"{"format": "visa-kernel-interface/1", "simd": -1}"#,
            "simd",
        ),
        (&format!(r#"{{{HEAD}, "args": {{}}}}"#), "args"),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "sampler", "at": 0}}]}}"#),
            "args[0].at",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "sampler"}}]}}"#),
            "args[0].index",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "sampler", "index": 16}}]}}"#),
            "args[0].index",
        ),
        (
            &format!(
                r#"{{{HEAD}, "args": [{{"kind": "sampler", "index": 0, "snap_wa": 16382}}]}}"#
            ),
            "args[0].snap_wa",
        ),
        (
            &format!(r#"{{{HEAD}, "inline_samplers": {{}}}}"#),
            "inline_samplers",
        ),
        (
            &format!(
                r#"{{{HEAD}, "inline_samplers": [{{"index": 0, "filter": "nearest", "address": "repeat", "normalized": false}}]}}"#
            ),
            "inline_samplers[0].address",
        ),
        (
            &format!(
                r#"{{{HEAD}, "inline_samplers": [{{"index": 1, "filter": "nearest", "address": "clamp", "normalized": false}}, {{"index": 1, "filter": "linear", "address": "clamp", "normalized": true}}]}}"#
            ),
            "inline_samplers[1].index",
        ),
        (
            &format!(
                r#"{{{HEAD}, "inline_samplers": [{{"index": 0, "filter": "cubic", "address": "clamp", "normalized": true}}]}}"#
            ),
            "inline_samplers[0].filter",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "image", "dims": "2d"}}]}}"#),
            "args[0].bti",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "image", "dims": "4d", "bti": 0}}]}}"#),
            "args[0].dims",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"at": 0}}]}}"#),
            "args[0].kind",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "scalar", "type": "f128", "at": 0}}]}}"#),
            "args[0].type",
        ),
        (
            &format!(
                r#"{{{HEAD}, "args": [{{"kind": "scalar", "type": "f32", "at": 0, "count": 1000000}}]}}"#
            ),
            "args[0].count",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "scalar", "type": "f32"}}]}}"#),
            "args[0].at",
        ),
        // Offsets past the payload (256 GRFs of 64 bytes).
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "scalar", "type": "f32", "at": 16382}}]}}"#),
            "args[0].at",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "global", "at": 99999999999999999999}}]}}"#),
            "args[0].at",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "global", "at": 8, "bti": 256}}]}}"#),
            "args[0].bti",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "global", "at": 8, "pointer_bytes": 2}}]}}"#),
            "args[0].pointer_bytes",
        ),
        (
            &format!(r#"{{{HEAD}, "args": [{{"kind": "local", "at": 8, "bti": 1}}]}}"#),
            "args[0].bti",
        ),
        (
            &format!(r#"{{{HEAD}, "payload": {{"local_id": {{"w": 32}}}}}}"#),
            "payload.local_id.w",
        ),
        (
            &format!(r#"{{{HEAD}, "payload": {{"global_offset": {{"at": 32, "dims": 4}}}}}}"#),
            "payload.global_offset.dims",
        ),
        (
            &format!(r#"{{{HEAD}, "payload": {{"local_size": true}}}}"#),
            "payload.local_size",
        ),
        (
            &format!(r#"{{{HEAD}, "payload": {{"private_base": 32}}}}"#),
            "payload.private_base",
        ),
        (&format!(r#"{{{HEAD}, "slm_bytes": 1048576}}"#), "slm_bytes"),
    ];
    for (text, field) in cases {
        assert_eq!(field_of(text), *field, "{text}");
    }
    // A thousand arguments: more than the bound, refused before any is read.
    let many = format!(r#"{{{HEAD}, "args": [{}]}}"#, vec!["{}"; 1000].join(","));
    assert_eq!(field_of(&many), "args");
}

#[test]
fn arg_values_parse_and_refuse_with_the_reason() {
    let ok = |t: &str| arg::parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    let bytes = |t: &str| match ok(t).value {
        ArgVal::Scalar { bytes, .. } => bytes,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(bytes("0=i32:-1"), [0xff; 4]);
    assert_eq!(bytes("0=u8:255"), [0xff]);
    assert_eq!(bytes("0=f32:1.5"), 1.5f32.to_le_bytes());
    assert_eq!(bytes("0=f64:-2"), (-2f64).to_le_bytes());
    assert_eq!(bytes("0=f16:1.0"), [0x00, 0x3c]);
    assert_eq!(bytes("0=f32:0x3fc00000"), 1.5f32.to_le_bytes());
    assert_eq!(bytes("0=i64:-9223372036854775808"), i64::MIN.to_le_bytes());
    assert_eq!(bytes("3=u32:32,16"), [32, 0, 0, 0, 16, 0, 0, 0]);
    assert_eq!(ok("2=u32:32,16").index, 2);
    assert_eq!(ok("1=zeros:0x100").value, ArgVal::Zeros(256));
    assert_eq!(ok("1=local:64").value, ArgVal::Local(64));
    assert_eq!(ok("1=buf:a.bin").value, ArgVal::File("a.bin".into()));
    match ok("2=sampler:linear:mirrored_repeat:normalized").value {
        ArgVal::Sampler(s) => {
            assert_eq!(s.filter, visa_model::state::Filter::Linear);
            assert_eq!(
                s.address,
                [visa_model::state::AddressMode::MirroredRepeat; 3]
            );
            assert!(s.normalized);
        }
        other => panic!("{other:?}"),
    }
    for (text, why) in [
        ("f32:1.5", "I=VALUE"),
        ("x=f32:1.5", "not an argument index"),
        ("-1=f32:1.5", "not an argument index"),
        ("0=1.5", "TYPE:NUMBER"),
        ("0=f128:1", "unknown form"),
        ("0=u8:256", "does not fit u8"),
        ("0=i8:-129", "does not fit i8"),
        ("0=i32:2147483648", "does not fit i32"),
        ("0=u64:18446744073709551616", "does not fit u64"),
        ("0=u32:-1", "not a u32 value"),
        ("0=u32:", "not a u32 value"),
        ("0=i32:--1", "not a i32 value"),
        ("0=f32:one", "not a f32 value"),
        ("0=f16:0x10000", "does not fit f16"),
        ("0=u32:1,,2", "not a u32 value"),
        ("0=zeros:99999999999999999999999999", "more than 1073741824"),
        ("0=zeros:ten", "not a byte count"),
        ("0=zeros:2147483648", "more than 1073741824"),
        ("0=local:-4", "not a byte count"),
        ("0=buf:", "names a file"),
        ("0=sampler:nearest:clamp", "sampler:FILTER:ADDRESS:COORDS"),
        ("0=sampler:bilinear:clamp:normalized", "unknown filter"),
        (
            "0=sampler:nearest:wrap:normalized",
            "unknown addressing mode",
        ),
        ("0=sampler:nearest:clamp:texels", "unknown coordinates"),
        (
            "0=sampler:nearest:repeat:unnormalized",
            "takes normalized coordinates",
        ),
    ] {
        let e = arg::parse(text).expect_err(text);
        assert!(e.to_string().contains(why), "{text}: {e}");
        assert!(e.to_string().starts_with("--arg "), "{e}");
    }
    let long = format!("0=u8:{}", vec!["1"; 17].join(","));
    assert!(arg::parse(&long)
        .unwrap_err()
        .message
        .contains("more than 16 elements"));
}

/// The saxpy buffers: x[i] = i, y[i] = 1 for 64 items; the values OpenCL computes for
/// `y[i] = a * x[i] + y[i]` when `i < n`, y[i] otherwise.
fn saxpy_files(dir: &Path, a: f32, n: usize) -> (PathBuf, PathBuf, Vec<f32>) {
    let x: Vec<f32> = (0..64).map(|i| i as f32).collect();
    let y = vec![1f32; 64];
    let expect = (0..64)
        .map(|i| if i < n { a * x[i] + y[i] } else { y[i] })
        .collect();
    let bytes = |v: &[f32]| v.iter().flat_map(|f| f.to_le_bytes()).collect::<Vec<u8>>();
    let (xf, yf) = (dir.join("x.bin"), dir.join("y.bin"));
    std::fs::write(&xf, bytes(&x)).unwrap();
    std::fs::write(&yf, bytes(&y)).unwrap();
    (xf, yf, expect)
}

/// Launches xe-hpg/saxpy.visaasm (SIMD32) with a = 2.5 and n = 60 over 64 items.
fn saxpy(dir: &Path, engine: &str, local: &str, extra: &[&str]) -> (Output, Vec<f32>) {
    let (x, y, expect) = saxpy_files(dir, 2.5, 60);
    let kernel = dumps().join("xe-hpg/saxpy.visaasm");
    let iface = dumps().join("xe-hpg/saxpy.interface.json");
    let out = dir.join("out");
    let y_arg = format!("0=buf:{}", y.display());
    let x_arg = format!("1=buf:{}", x.display());
    let mut args = vec![
        kernel.to_str().unwrap(),
        "--platform",
        "xe-hpg",
        "--interface",
        iface.to_str().unwrap(),
        "--global",
        "64",
        "--local",
        local,
        "--arg",
        &y_arg,
        "--arg",
        &x_arg,
        "--arg",
        "2=f32:2.5",
        "--arg",
        "3=i32:60",
        "--engine",
        engine,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    (launch(&args), expect)
}

#[test]
fn saxpy_launches_over_work_groups_and_matches_opencl_on_both_engines() {
    // saxpy.cl: y[i] = a * x[i] + y[i] for i < n. IGC's xe-hpg dump takes y and x through
    // binding-table entries 0 and 1 (with their buffer offsets), a and n by value, the local
    // ids of 32 lanes per dimension and the global offset and local size as cross-thread
    // data (saxpy.interface.json, from its `.input` lines).
    for engine in ["spec", "oracle"] {
        // Local 16: four work-groups, each one SIMD32 thread with 16 lanes enabled.
        // Local 48: 64 is no multiple of 48, so a group of 48 items (two threads, the
        // second with 16 lanes) and a last, partial group of 16 (one thread).
        // Local 64: one work-group of two threads.
        for (local, groups, threads) in [("16", 4, 4), ("48", 2, 3), ("64", 1, 2)] {
            let dir = common::tmp_dir(&format!("launch-saxpy-{engine}-{local}"));
            let (o, expect) = saxpy(&dir, engine, local, &[]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            assert_eq!(stderr(&o), "", "every .input is described");
            let r = report(&o);
            assert_eq!(r["status"], "ok", "{r}");
            assert_eq!(r["engine"], engine);
            assert_eq!(r["kernel"], "saxpy");
            assert_eq!(r["work_groups"], groups);
            assert_eq!(r["threads"], threads);
            assert_eq!(r["threads_run"], threads);
            assert!(r["instructions"].as_u64().unwrap() > 0, "{r}");
            assert_eq!(
                floats(&dir.join("out/arg0.bin")),
                expect,
                "{engine} local {local}"
            );
            assert_eq!(
                floats(&dir.join("out/arg1.bin")),
                (0..64).map(|i| i as f32).collect::<Vec<_>>(),
                "x is read only"
            );
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
}

#[test]
fn partial_threads_are_masked() {
    // 96 work-items in groups of 48: each group is two SIMD32 threads, the second with 16
    // of its lanes enabled. With n = 60, items 60..95 store nothing.
    let dir = common::tmp_dir("launch-saxpy-partial");
    let (x, y, expect) = saxpy_files(&dir, 2.5, 60);
    let kernel = dumps().join("xe-hpg/saxpy.visaasm");
    let iface = dumps().join("xe-hpg/saxpy.interface.json");
    let out = dir.join("out");
    for engine in ["spec", "oracle"] {
        let o = launch(&[
            kernel.to_str().unwrap(),
            "--platform",
            "xe-hpg",
            "--interface",
            iface.to_str().unwrap(),
            "--global",
            "96",
            "--local",
            "48",
            "--arg",
            &format!("0=buf:{}", y.display()),
            "--arg",
            &format!("1=buf:{}", x.display()),
            "--arg",
            "2=f32:2.5",
            "--arg",
            "3=i32:60",
            "--engine",
            engine,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let r = report(&o);
        assert_eq!(
            (r["work_groups"].as_u64(), r["threads"].as_u64()),
            (Some(2), Some(4))
        );
        assert_eq!(floats(&out.join("arg0.bin")), expect, "{engine}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_thread_that_fails_is_named_and_exits_1() {
    let dir = common::tmp_dir("launch-saxpy-step-limit");
    let (o, _) = saxpy(&dir, "spec", "16", &["--step-limit", "5"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let r = report(&o);
    assert_eq!(r["status"], "error");
    assert_eq!(r["error"]["class"], "step-limit", "{r}");
    assert_eq!(
        r["error"]["thread"],
        serde_json::json!({"group": [0, 0, 0], "index": 0})
    );
    assert_eq!(r["threads_run"], 1);
    assert!(
        r["error"]["file"]
            .as_str()
            .unwrap()
            .ends_with("saxpy.visaasm"),
        "{r}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_2_and_name_what_is_wrong() {
    let dir = common::tmp_dir("launch-usage");
    // A missing argument value.
    let kernel = dumps().join("xe-hpg/saxpy.visaasm");
    let iface = dumps().join("xe-hpg/saxpy.interface.json");
    let base = [
        kernel.to_str().unwrap(),
        "--platform",
        "xe-hpg",
        "--interface",
        iface.to_str().unwrap(),
        "--global",
        "64",
        "--local",
        "16",
    ];
    let o = launch(&[&base[..], &["--arg", "0=zeros:256", "--arg", "1=zeros:256"]].concat());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("argument 2 (a) has no --arg 2=VALUE"),
        "{}",
        stderr(&o)
    );
    // A value of the wrong kind or size.
    let o = launch(
        &[
            &base[..],
            &[
                "--arg",
                "0=zeros:256",
                "--arg",
                "1=zeros:256",
                "--arg",
                "2=f64:1",
                "--arg",
                "3=i32:1",
            ],
        ]
        .concat(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("argument 2 (a) is a f32 scalar"),
        "{}",
        stderr(&o)
    );
    let o = launch(&[&base[..], &["--arg", "0=i32:1"]].concat());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a global buffer"), "{}", stderr(&o));
    let o = launch(&[&base[..], &["--arg", "9=i32:1"]].concat());
    assert!(
        stderr(&o).contains("the kernel has 4 arguments"),
        "{}",
        stderr(&o)
    );
    let o = launch(&[&base[..], &["--arg", "0=u8:300"]].concat());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("300 does not fit u8"), "{}", stderr(&o));
    // An interface whose SIMD width is not the kernel's, one whose place lies in no
    // `.input`, an unreadable one.
    let full = [
        "--arg",
        "0=zeros:256",
        "--arg",
        "1=zeros:256",
        "--arg",
        "2=f32:1",
        "--arg",
        "3=i32:1",
    ];
    let text = std::fs::read_to_string(&iface).unwrap();
    for (edit, why) in [
        (text.replace("\"simd\": 32", "\"simd\": 16"), "SimdSize=32"),
        (
            text.replace("\"at\": 276", "\"at\": 400"),
            "lies in no `.input`",
        ),
        (
            text.replace("\"at\": 276", "\"at\": \"V9999\""),
            "no `.input V9999`",
        ),
        (text.replace("\"saxpy\"", "\"daxpy\""), "kernel `saxpy`"),
    ] {
        let bad = dir.join("bad.json");
        std::fs::write(&bad, edit).unwrap();
        let mut args = base.to_vec();
        args[4] = bad.to_str().unwrap();
        let o = launch(&[&args[..], &full[..]].concat());
        assert_eq!(o.status.code(), Some(2), "{why}: {}", stdout_of(&o));
        assert!(stderr(&o).contains(why), "{why}: {}", stderr(&o));
        assert!(
            stderr(&o).starts_with(bad.to_str().unwrap()),
            "{}",
            stderr(&o)
        );
    }
    let mut args = base.to_vec();
    args[4] = "/nonexistent/iface.json";
    let o = launch(&[&args[..], &full[..]].concat());
    assert_eq!(o.status.code(), Some(2));
    // NDRange errors.
    for (global, local, why) in [
        ("0", "16", "at least 1"),
        ("64,1", "16", "1 sizes for the 2"),
        ("4096", "2048", "more than 1024"),
        ("1,2,3,4", "1", "at most three"),
        ("x", "1", "not a whole number"),
        ("18446744073709551615", "1", "passes 2^32"),
        (
            "4294967295,4294967295,4294967295",
            "1,1,1",
            "hardware threads",
        ),
        (
            "1,1,1",
            "18446744073709551615,18446744073709551615,18446744073709551615",
            "more than 1024",
        ),
        (
            "4294967295,4294967295,4294967295",
            "4294967295,4294967295,4294967295",
            "more than 1024",
        ),
    ] {
        let mut args = base.to_vec();
        args[6] = global;
        args[8] = local;
        let o = launch(&[&args[..], &full[..]].concat());
        assert_eq!(o.status.code(), Some(2), "{global} {local}");
        assert!(stderr(&o).contains(why), "{why}: {}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

fn stdout_of(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn an_input_no_field_describes_is_warned_about() {
    // Without x's buffer offset, `.input V0047` (offset 284) is neither an argument nor a
    // payload field: a warning, and the run goes on with it zero.
    let dir = common::tmp_dir("launch-warn");
    let text = std::fs::read_to_string(dumps().join("xe-hpg/saxpy.interface.json")).unwrap();
    let edited = text.replace(", \"buffer_offset\": 284", "");
    assert_ne!(edited, text);
    let iface = dir.join("saxpy.json");
    std::fs::write(&iface, edited).unwrap();
    let kernel = dumps().join("xe-hpg/saxpy.visaasm");
    let o = launch(&[
        kernel.to_str().unwrap(),
        "--platform",
        "xe-hpg",
        "--interface",
        iface.to_str().unwrap(),
        "--global",
        "32",
        "--local",
        "32",
        "--arg",
        "0=zeros:128",
        "--arg",
        "1=zeros:128",
        "--arg",
        "2=f32:1",
        "--arg",
        "3=i32:32",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("warning: `.input V0047` (offset 284, 4 bytes) is neither an argument nor a payload field"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `in` as little-endian i32s.
#[test]
fn reduce_sums_through_local_memory_between_barriers_on_both_engines_and_schedules() {
    // reduce.cl: each work-group stores its items in the __local tmp, halves the sum
    // between barriers (lid < s: tmp[lid] += tmp[lid + s]) and work-item 0 adds tmp[0] to
    // *out atomically; out ends as the sum of in. IGC's xe-hpg and xe-hpc dumps are SIMD32
    // with `lsc_fence.slm` and `barrier` (reduce.interface.json beside each, from its
    // `.input` lines; xe-hpc's GRF is 64 bytes, so its payload lies elsewhere).
    let dir = common::tmp_dir("launch-reduce");
    let input: Vec<i32> = (0..256).map(|i| i * 3 - 50).collect();
    let expect: i32 = input.iter().sum();
    let inf = dir.join("in.bin");
    std::fs::write(
        &inf,
        input
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    let in_arg = format!("0=buf:{}", inf.display());
    // Local 32: one thread a group; 64: two; 128: four; 16: one thread with 16 lanes.
    let sizes = [("32", 8, 8), ("64", 4, 8), ("128", 2, 8), ("16", 16, 16)];
    for (platform, (local, groups, threads)) in ["xe-hpg", "xe-hpc"]
        .into_iter()
        .flat_map(|p| sizes.map(|s| (p, s)))
    {
        let kernel = dumps().join(format!("{platform}/reduce.visaasm"));
        let iface = dumps().join(format!("{platform}/reduce.interface.json"));
        let tmp = format!("2=local:{}", local.parse::<u32>().unwrap() * 4);
        let mut reports = Vec::new();
        for engine in ["spec", "oracle"] {
            for schedule in [None, Some("1"), Some("2"), Some("12345")] {
                let out = dir.join(format!("out-{platform}-{local}-{engine}-{schedule:?}"));
                let mut args = vec![
                    kernel.to_str().unwrap(),
                    "--platform",
                    platform,
                    "--interface",
                    iface.to_str().unwrap(),
                    "--global",
                    "256",
                    "--local",
                    local,
                    "--arg",
                    &in_arg,
                    "--arg",
                    "1=zeros:4",
                    "--arg",
                    &tmp,
                    "--engine",
                    engine,
                    "--out",
                    out.to_str().unwrap(),
                ];
                if let Some(seed) = schedule {
                    args.extend(["--schedule", seed]);
                }
                let o = launch(&args);
                assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
                let r = report(&o);
                assert_eq!(r["status"], "ok", "{r}");
                assert_eq!(r["work_groups"], groups);
                assert_eq!(r["threads_run"], threads);
                assert_eq!(
                    ints(&out.join("arg1.bin")),
                    [expect],
                    "{platform} local {local} {engine} {schedule:?}"
                );
                assert_eq!(ints(&out.join("arg0.bin")), input, "in is read only");
                reports.push(r["instructions"].clone());
            }
        }
        // The same instructions on every engine and schedule.
        assert!(reports.windows(2).all(|w| w[0] == w[1]), "{reports:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shared_local_memory_past_its_bound_is_a_usage_error() {
    let kernel = dumps().join("xe-hpg/reduce.visaasm");
    let iface = dumps().join("xe-hpg/reduce.interface.json");
    let o = launch(&[
        kernel.to_str().unwrap(),
        "--platform",
        "xe-hpg",
        "--interface",
        iface.to_str().unwrap(),
        "--global",
        "64",
        "--local",
        "64",
        "--arg",
        "0=zeros:256",
        "--arg",
        "1=zeros:4",
        "--arg",
        "2=local:2000000",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--arg 2: the work-group's shared local memory would be 2000000 bytes, more than 1048576"),
        "{}",
        stderr(&o)
    );
}

/// Writes a hand-written kernel and its interface into `dir`; returns their paths.
fn kernel_files(dir: &Path, name: &str, text: &str, iface: &str) -> (PathBuf, PathBuf) {
    let k = dir.join(format!("{name}.visaasm"));
    let i = dir.join(format!("{name}.json"));
    std::fs::write(&k, text).unwrap();
    std::fs::write(&i, iface).unwrap();
    (k, i)
}

#[test]
fn a_barrier_some_threads_never_reach_is_a_deadlock_naming_them() {
    let dir = common::tmp_dir("launch-deadlock");
    let (k, i) = kernel_files(
        &dir,
        "if_barrier",
        IF_BARRIER_SIMD1,
        r#"{"format": "visa-kernel-interface/1", "simd": 1, "payload": {"local_id": {"x": 32}}}"#,
    );
    for engine in ["spec", "oracle"] {
        for schedule in [None, Some("5")] {
            let mut args = vec![
                k.to_str().unwrap(),
                "--platform",
                "xe-hpg",
                "--interface",
                i.to_str().unwrap(),
                "--global",
                "16",
                "--local",
                "8",
                "--engine",
                engine,
            ];
            if let Some(seed) = schedule {
                args.extend(["--schedule", seed]);
            }
            let o = launch(&args);
            assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
            let r = report(&o);
            assert_eq!(r["error"]["class"], "deadlock", "{r}");
            assert_eq!(r["error"]["pos"], "9:1", "the barrier's line");
            assert!(
                r["error"]["file"]
                    .as_str()
                    .unwrap()
                    .ends_with("if_barrier.visaasm"),
                "{r}"
            );
            let m = r["error"]["message"].as_str().unwrap();
            for t in 0..4 {
                assert!(
                    m.contains(&format!("group [0, 0, 0] thread {t} at `barrier` (line 9)")),
                    "{m}"
                );
            }
            assert!(
                m.contains("ended without reaching it: group [0, 0, 0] thread 4"),
                "{m}"
            );
            assert_eq!(r["work_groups_run"], 1, "the first group stops the launch");
        }
        // Groups of 4: every thread reaches the barrier (lid < 4), none waits for ever.
        let o = launch(&[
            k.to_str().unwrap(),
            "--platform",
            "xe-hpg",
            "--interface",
            i.to_str().unwrap(),
            "--global",
            "16",
            "--local",
            "4",
            "--engine",
            engine,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The synchronisation instructions that are undefined in divergent control flow: BARRIER
/// (BARRIER.md), SBARRIER and NBARRIER (SBARRIER-NBARRIER-DIVERGENCE, resolved).
const DIVERGENT_SYNCS: [&str; 3] = [
    "barrier",
    "sbarrier.signal",
    "nbarrier.signal 0x1:ub 0x0:uw 0x1:ub 0x1:ub",
];

#[test]
fn a_barrier_in_divergent_control_flow_is_reported() {
    let dir = common::tmp_dir("launch-divergence");
    for sync in DIVERGENT_SYNCS {
        let (k, i) = kernel_files(
            &dir,
            "if_barrier",
            &IF_BARRIER_SIMD8.replace("barrier\n", &format!("{sync}\n")),
            r#"{"format": "visa-kernel-interface/1", "simd": 8, "payload": {"local_id": {"x": 32}}}"#,
        );
        for engine in ["spec", "oracle"] {
            let o = launch(&[
                k.to_str().unwrap(),
                "--platform",
                "xe-hpg",
                "--interface",
                i.to_str().unwrap(),
                "--global",
                "8",
                "--local",
                "8",
                "--engine",
                engine,
            ]);
            assert_eq!(o.status.code(), Some(1), "{sync}: {}", stderr(&o));
            let r = report(&o);
            assert_eq!(r["error"]["class"], "barrier-divergence", "{r}");
            assert_eq!(r["error"]["pos"], "9:1");
            assert_eq!(r["error"]["thread"]["index"], 0);
            assert!(
                r["error"]["message"]
                    .as_str()
                    .unwrap()
                    .contains("divergent control flow"),
                "{r}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Threads 0 and 1 produce into shared local memory and signal named barrier 1; threads 2
/// and 3 consume: they signal, wait, and copy what the producers stored to `out`.
const NAMED_BARRIER: &str = ".version 4.1
.kernel \"nbar\"
.decl LID v_type=G type=uw num_elts=1
.decl OUT v_type=G type=uq num_elts=1
.decl ADDR v_type=G type=ud num_elts=1
.decl VAL v_type=G type=ud num_elts=1
.decl OA v_type=G type=uq num_elts=1
.decl P1 v_type=P num_elts=1
.input LID offset=32 size=2
.input OUT offset=64 size=8
.kernel_attr SimdSize=1
cmp.lt (M1, 1) P1 LID(0,0)<0;1,0> 0x2:uw
(!P1) goto (M1, 1) CONSUMER
shl (M1, 1) ADDR(0,0)<1> LID(0,0)<0;1,0> 0x2:ud
add (M1, 1) VAL(0,0)<1> LID(0,0)<0;1,0> 0x64:ud
lsc_store.slm (M1, 1) flat[ADDR]:a32 VAL:d32
nbarrier.signal 0x1:ub 0x1:uw 0x2:ub 0x2:ub
jmp (M1, 1) END
CONSUMER:
nbarrier.signal 0x1:ub 0x2:uw 0x2:ub 0x2:ub
nbarrier.wait 0x1:ub
add (M1, 1) ADDR(0,0)<1> LID(0,0)<0;1,0> 0xfffffffe:ud
shl (M1, 1) ADDR(0,0)<1> ADDR(0,0)<0;1,0> 0x2:ud
lsc_load.slm (M1, 1) VAL:d32 flat[ADDR]:a32
add (M1, 1) OA(0,0)<1> OUT(0,0)<0;1,0> ADDR(0,0)<0;1,0>
lsc_store.ugm (M1, 1) flat[OA]:a64 VAL:d32
END:
ret (M1, 1)
";

fn named_barrier_launch(dir: &Path, text: &str, engine: &str, schedule: Option<&str>) -> Output {
    let (k, i) = kernel_files(
        dir,
        "nbar",
        text,
        r#"{"format": "visa-kernel-interface/1", "simd": 1, "slm_bytes": 8,
            "args": [{"name": "out", "kind": "global", "at": 64}],
            "payload": {"local_id": {"x": 32}}}"#,
    );
    let out = dir.join("out");
    let mut args = vec![
        k.to_str().unwrap(),
        "--platform",
        "xe-hpc",
        "--interface",
        i.to_str().unwrap(),
        "--global",
        "4",
        "--local",
        "4",
        "--arg",
        "0=zeros:8",
        "--engine",
        engine,
        "--out",
        out.to_str().unwrap(),
    ];
    if let Some(seed) = schedule {
        args.extend(["--schedule", seed]);
    }
    launch(&args)
}

#[test]
fn named_barrier_producers_and_consumers() {
    let dir = common::tmp_dir("launch-nbarrier");
    for engine in ["spec", "oracle"] {
        for schedule in [None, Some("1"), Some("2"), Some("3"), Some("4")] {
            let o = named_barrier_launch(&dir, NAMED_BARRIER, engine, schedule);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            assert_eq!(
                ints(&dir.join("out/arg0.bin")),
                [100, 101],
                "{engine} {schedule:?}"
            );
        }
        // More producers than the group's threads: NBARRIER.md's valid values.
        let wrong = NAMED_BARRIER.replace("0x1:uw 0x2:ub 0x2:ub", "0x1:uw 0x5:ub 0x2:ub");
        let o = named_barrier_launch(&dir, &wrong, engine, None);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        let r = report(&o);
        assert_eq!(r["error"]["class"], "undefined-behaviour", "{r}");
        assert!(
            r["error"]["message"]
                .as_str()
                .unwrap()
                .contains("num_producers 5"),
            "{r}"
        );
        // Consumers that wait for a third producer that never signals: a deadlock.
        let stuck = NAMED_BARRIER.replace("0x2:ub 0x2:ub", "0x3:ub 0x2:ub");
        let o = named_barrier_launch(&dir, &stuck, engine, None);
        let r = report(&o);
        assert_eq!(r["error"]["class"], "deadlock", "{r}");
        let m = r["error"]["message"].as_str().unwrap();
        assert!(m.contains("thread 2 at `nbarrier.wait` 1"), "{m}");
        assert!(m.contains("thread 3 at `nbarrier.wait` 1"), "{m}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_store_past_the_groups_local_memory_is_reported() {
    let dir = common::tmp_dir("launch-slm-bounds");
    // The producers store at 4 * lid + 64, past the 8 bytes of slm_bytes.
    let text = NAMED_BARRIER.replace(
        "add (M1, 1) VAL(0,0)<1> LID(0,0)<0;1,0> 0x64:ud",
        "add (M1, 1) VAL(0,0)<1> LID(0,0)<0;1,0> 0x64:ud\nadd (M1, 1) ADDR(0,0)<1> ADDR(0,0)<0;1,0> 0x40:ud",
    );
    for engine in ["spec", "oracle"] {
        let o = named_barrier_launch(&dir, &text, engine, None);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        let r = report(&o);
        assert_eq!(r["error"]["class"], "undefined-behaviour", "{r}");
        let m = r["error"]["message"].as_str().unwrap();
        assert!(m.contains("past the work-group's 8 bytes"), "{m}");
        assert!(
            m.contains("a store wrote shared local memory byte 0x40"),
            "{m}"
        );
    }
    // A store of zeros past the end, and a load past it, are out of bounds too: the
    // scheduler reads the threads' access logs, not the bytes left behind.
    let zeros = text.replace(
        "add (M1, 1) VAL(0,0)<1> LID(0,0)<0;1,0> 0x64:ud\n",
        "mov (M1, 1) VAL(0,0)<1> 0x0:ud\n",
    );
    let load = NAMED_BARRIER.replace(
        "lsc_load.slm (M1, 1) VAL:d32 flat[ADDR]:a32",
        "add (M1, 1) ADDR(0,0)<1> ADDR(0,0)<0;1,0> 0x40:ud\nlsc_load.slm (M1, 1) VAL:d32 flat[ADDR]:a32",
    );
    let load_line = load
        .lines()
        .position(|l| l.starts_with("lsc_load.slm"))
        .unwrap()
        + 1;
    for engine in ["spec", "oracle"] {
        for (text, what, line) in [
            (&zeros, "a store wrote", None),
            (&load, "a load read", Some(load_line)),
        ] {
            let o = named_barrier_launch(&dir, text, engine, None);
            assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
            let r = report(&o);
            assert_eq!(r["error"]["class"], "undefined-behaviour", "{r}");
            let m = r["error"]["message"].as_str().unwrap();
            assert!(
                m.contains(&format!("{what} shared local memory byte 0x40")),
                "{m}"
            );
            if let Some(line) = line {
                assert_eq!(r["error"]["pos"], format!("{line}:1"), "{r}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_schema_accepts_the_committed_interfaces_and_refuses_what_the_reader_refuses() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/kernel-interface.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let v = jsonschema::draft202012::new(&schema).unwrap();
    for name in [
        "xe-hpg/saxpy",
        "xe-hpg/loop",
        "xe-hpg/reduce",
        "xe-hpc/reduce",
    ] {
        let path = dumps().join(format!("{name}.interface.json"));
        let committed: Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert!(v.is_valid(&committed), "{name}");
        assert!(interface::from_value(&committed).is_ok(), "{name}");
    }
    for bad in [
        serde_json::json!({"format": "visa-kernel-interface/1", "simd": 12}),
        serde_json::json!({"format": "visa-kernel-interface/1", "simd": 16, "extra": 1}),
        serde_json::json!({"format": "visa-kernel-interface/1", "simd": 16,
                           "args": [{"kind": "image", "at": 0}]}),
        serde_json::json!({"format": "visa-kernel-interface/1", "simd": 16,
                           "args": [{"kind": "image", "dims": "2d"}]}),
        serde_json::json!({"format": "visa-kernel-interface/1", "simd": 16,
                           "args": [{"kind": "local", "at": 0, "bti": 1}]}),
    ] {
        assert!(!v.is_valid(&bad), "{bad}");
        assert!(interface::from_value(&bad).is_err(), "{bad}");
    }
}

#[test]
fn collatz_launches_with_divergent_loops_and_matches_opencl_on_both_engines() {
    // loop.cl: out[i] = the Collatz steps of in[i] (at most 1000). IGC's xe-hpg dump is
    // SIMD16 with a data-dependent loop; local 8 makes each work-group one thread with half
    // its lanes enabled (loop.interface.json, from its `.input` lines).
    fn steps(mut v: u32) -> u32 {
        let mut s = 0;
        while v != 1 && s < 1000 {
            v = if v & 1 == 1 { 3 * v + 1 } else { v >> 1 };
            s += 1;
        }
        s
    }
    let dir = common::tmp_dir("launch-collatz");
    let input: Vec<u32> = (1..=40).collect();
    let file = dir.join("in.bin");
    std::fs::write(
        &file,
        input
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let kernel = dumps().join("xe-hpg/loop.visaasm");
    let iface = dumps().join("xe-hpg/loop.interface.json");
    for engine in ["spec", "oracle"] {
        let out = dir.join(engine);
        let o = launch(&[
            kernel.to_str().unwrap(),
            "--platform",
            "xe-hpg",
            "--interface",
            iface.to_str().unwrap(),
            "--global",
            "40",
            "--local",
            "8",
            "--arg",
            "0=zeros:160",
            "--arg",
            &format!("1=buf:{}", file.display()),
            "--engine",
            engine,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(stderr(&o), "");
        let r = report(&o);
        assert_eq!(
            (r["work_groups"].as_u64(), r["threads"].as_u64()),
            (Some(5), Some(5))
        );
        let got: Vec<u32> = std::fs::read(out.join("arg0.bin"))
            .unwrap()
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let expect: Vec<u32> = input.iter().map(|&v| steps(v)).collect();
        assert_eq!(got, expect, "{engine}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_kernel_that_does_not_validate_ends_in_an_error_with_its_line() {
    let dir = common::tmp_dir("launch-invalid");
    let kernel = dir.join("k.visaasm");
    std::fs::write(
        &kernel,
        ".kernel \"k\"\n.decl V1 v_type=G type=d num_elts=8\nadd (M1, 8) V1(0,0)<1> V9(0,0)<1;1,0> 0x1:d\n",
    )
    .unwrap();
    let iface = dir.join("k.json");
    std::fs::write(
        &iface,
        r#"{"format": "visa-kernel-interface/1", "simd": 8}"#,
    )
    .unwrap();
    let o = launch(&[
        kernel.to_str().unwrap(),
        "--platform",
        "xe-hpg",
        "--interface",
        iface.to_str().unwrap(),
        "--global",
        "8",
        "--local",
        "8",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let r = report(&o);
    assert_eq!(r["error"]["class"], "invalid-instruction", "{r}");
    assert!(r["error"]["pos"].as_str().unwrap().starts_with("3:"), "{r}");
    assert_eq!(r["threads_run"], 0);
    // A binary file as the kernel, an unknown platform: usage, exit 2.
    std::fs::write(dir.join("b.visaasm"), [0u8, 1, 2, 3]).unwrap();
    let b = dir.join("b.visaasm");
    for (k, platform) in [(&b, "xe-hpg"), (&kernel, "xe9")] {
        let o = launch(&[
            k.to_str().unwrap(),
            "--platform",
            platform,
            "--interface",
            iface.to_str().unwrap(),
            "--global",
            "8",
            "--local",
            "8",
        ]);
        assert_eq!(o.status.code(), Some(2), "{platform}: {}", stdout_of(&o));
        assert!(!stderr(&o).is_empty());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `values` as little-endian bytes written to `dir/name`; returns the file's path.
fn write_words<T: Copy>(dir: &Path, name: &str, values: &[T], bytes: fn(T) -> [u8; 4]) -> PathBuf {
    let path = dir.join(name);
    let data: Vec<u8> = values.iter().flat_map(|v| bytes(*v)).collect();
    std::fs::write(&path, data).unwrap();
    path
}

/// The histogram of atomics.cl, from its source: each work-group zeroes its 16 local bins,
/// counts `data[i] & 15` with atomic_inc and adds its bins to `bins` (work-items 0..16);
/// `mn` ends as min(its start, data[i] - 100).
fn histogram(data: &[u8], mn: i32) -> (Vec<u32>, i32) {
    let mut bins = vec![0u32; 16];
    let mut min = mn;
    for &d in data {
        bins[usize::from(d & 15)] += 1;
        min = min.min(i32::from(d) - 100);
    }
    (bins, min)
}

/// Launches the histogram dump of `platform` from its `.progbin` over `data` with work-groups
/// of `local`, on `engine`, under `schedule` (`--schedule SEED`) when given; returns (bins,
/// mn) or the report of a failed run.
fn launch_histogram(
    dir: &Path,
    platform: &str,
    data: &Path,
    (items, local): (usize, usize),
    engine: &str,
    schedule: Option<&str>,
) -> Result<(Vec<u32>, i32), Value> {
    let kernel = dumps().join(format!("{platform}/atomics.visaasm"));
    let iface = dumps().join(format!("{platform}/atomics.progbin"));
    let out = dir.join(format!("out-{platform}-{local}-{engine}"));
    let mn = write_words(dir, "mn.bin", &[1000i32], i32::to_le_bytes);
    let (data_arg, mn_arg) = (
        format!("0=buf:{}", data.display()),
        format!("2=buf:{}", mn.display()),
    );
    let (items, local_size) = (items.to_string(), local.to_string());
    let mut args = vec![
        kernel.to_str().unwrap(),
        "--platform",
        platform,
        "--interface",
        iface.to_str().unwrap(),
        "--global",
        &items,
        "--local",
        &local_size,
        "--arg",
        &data_arg,
        "--arg",
        "1=zeros:64",
        "--arg",
        &mn_arg,
        "--arg",
        "3=local:64",
        "--engine",
        engine,
        "--out",
        out.to_str().unwrap(),
    ];
    if let Some(seed) = schedule {
        args.extend(["--schedule", seed]);
    }
    let o = launch(&args);
    let r = report(&o);
    if o.status.code() != Some(0) {
        return Err(r);
    }
    assert_eq!(
        stderr(&o),
        "",
        "{platform} {engine}: every .input is described"
    );
    let bins = std::fs::read(out.join("arg1.bin"))
        .unwrap()
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    Ok((bins, ints(&out.join("arg2.bin"))[0]))
}

/// 96 bytes spread over every low nibble, unevenly.
fn histogram_data() -> Vec<u8> {
    (0..96u32)
        .map(|i| ((i * i * 5 + i * 11 + 7) % 251) as u8)
        .collect()
}

#[test]
fn the_histogram_counts_through_tagged_local_addresses_on_both_engines() {
    // atomics.cl: IGC ORs 0x10000000 into the __local pointers (SLM-ADDRESS-HIGH-BITS,
    // resolved: the tag does not take part) and counts with lsc_atomic_iinc.slm between
    // barriers; xe-hpg's and xe-hpc's dumps are SIMD16, their interface from the .progbin.
    let dir = common::tmp_dir("launch-histogram");
    let data = histogram_data();
    let (bins, min) = histogram(&data, 1000);
    assert_eq!(bins.iter().sum::<u32>(), 96);
    assert!(
        bins.iter().all(|b| *b > 0) && bins.iter().any(|b| *b != 6),
        "{bins:?}"
    );
    let file = dir.join("data.bin");
    std::fs::write(&file, &data).unwrap();
    for platform in ["xe-hpg", "xe-hpc"] {
        for local in [16, 32, 48] {
            for engine in ["spec", "oracle"] {
                for schedule in [None, Some("3"), Some("977")] {
                    let what = format!("{platform} local {local} {engine} {schedule:?}");
                    let got =
                        launch_histogram(&dir, platform, &file, (96, local), engine, schedule)
                            .unwrap_or_else(|r| panic!("{what}: {r}"));
                    assert_eq!(got, (bins.clone(), min), "{what}");
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Launches `platform/name.visaasm` from its `.progbin` on `engine` with `args`; returns the
/// `--out` directory after asserting a clean run.
fn launch_progbin(
    dir: &Path,
    platform: &str,
    name: &str,
    engine: &str,
    ndrange: (&str, &str),
    args: &[String],
) -> PathBuf {
    let kernel = dumps().join(format!("{platform}/{name}.visaasm"));
    let iface = dumps().join(format!("{platform}/{name}.progbin"));
    let out = dir.join(format!("out-{platform}-{name}-{}-{engine}", ndrange.1));
    let mut all = vec![
        kernel.to_str().unwrap().to_string(),
        "--platform".into(),
        platform.into(),
        "--interface".into(),
        iface.to_str().unwrap().into(),
        "--global".into(),
        ndrange.0.into(),
        "--local".into(),
        ndrange.1.into(),
        "--engine".into(),
        engine.into(),
        "--out".into(),
        out.to_str().unwrap().into(),
    ];
    for a in args {
        all.push("--arg".into());
        all.push(a.clone());
    }
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    let o = launch(&refs);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{platform}/{name} {engine}: {} {}",
        stdout_of(&o),
        stderr(&o)
    );
    assert_eq!(
        stderr(&o),
        "",
        "{platform}/{name}: every .input is described"
    );
    out
}

#[test]
fn xe_lp_kernels_launch_through_the_legacy_dataport_on_both_engines() {
    legacy_dataport_kernels_launch("xe-lp");
}

#[test]
fn gen9_kernels_launch_through_the_legacy_dataport_on_both_engines() {
    legacy_dataport_kernels_launch("gen9");
}

/// IGC's xe-lp and skl (gen9) dumps reach memory through the legacy dataport
/// (GATHER4_SCALED, SCATTER4_SCALED, GATHER_SCALED, DWORD_ATOMIC on %slm, SVM_ATOMIC),
/// their interface from the .progbin; each result is derived from the OpenCL source.
fn legacy_dataport_kernels_launch(lp: &str) {
    let dir = common::tmp_dir(&format!("launch-{lp}"));
    for engine in ["spec", "oracle"] {
        // saxpy.cl (SIMD32): y[i] = a * x[i] + y[i] for i < n; items 30 and 31 keep y.
        let x: Vec<f32> = (0..32).map(|i| i as f32).collect();
        let y: Vec<f32> = (0..32).map(|i| 1.0 + i as f32 * 0.5).collect();
        let xf = write_words(&dir, "x.bin", &x, f32::to_le_bytes);
        let yf = write_words(&dir, "y.bin", &y, f32::to_le_bytes);
        for local in ["16", "32"] {
            let args = [
                format!("0=buf:{}", yf.display()),
                format!("1=buf:{}", xf.display()),
                "2=f32:2".to_string(),
                "3=i32:30".to_string(),
            ];
            let out = launch_progbin(&dir, lp, "saxpy", engine, ("32", local), &args);
            let got: Vec<f32> = std::fs::read(out.join("arg0.bin"))
                .unwrap()
                .chunks(4)
                .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            let expect: Vec<f32> = (0..32)
                .map(|i| if i < 30 { 2.0 * x[i] + y[i] } else { y[i] })
                .collect();
            assert_eq!(got, expect, "saxpy local {local} {engine}");
        }
        // loop.cl (SIMD16): out[i] = the Collatz steps of in[i].
        let input: Vec<u32> = (1..=40).collect();
        let inf = write_words(&dir, "collatz.bin", &input, u32::to_le_bytes);
        let args = [
            "0=zeros:160".to_string(),
            format!("1=buf:{}", inf.display()),
        ];
        let out = launch_progbin(&dir, lp, "loop", engine, ("40", "8"), &args);
        let steps = |mut v: u32| {
            let mut s = 0;
            while v != 1 && s < 1000 {
                v = if v & 1 == 1 { 3 * v + 1 } else { v >> 1 };
                s += 1;
            }
            s
        };
        let got: Vec<u32> = ints(&out.join("arg0.bin"))
            .iter()
            .map(|v| *v as u32)
            .collect();
        assert_eq!(
            got,
            input.iter().map(|&v| steps(v)).collect::<Vec<u32>>(),
            "loop {engine}"
        );
        // reduce.cl (SIMD32): out ends as the sum of in, through __local tmp and barriers.
        let input: Vec<i32> = (0..128).map(|i| i * 3 - 50).collect();
        let inf = write_words(&dir, "reduce.bin", &input, i32::to_le_bytes);
        for local in [16usize, 32, 64] {
            let args = [
                format!("0=buf:{}", inf.display()),
                "1=zeros:4".to_string(),
                format!("2=local:{}", local * 4),
            ];
            let out = launch_progbin(
                &dir,
                lp,
                "reduce",
                engine,
                ("128", &local.to_string()),
                &args,
            );
            assert_eq!(
                ints(&out.join("arg1.bin")),
                [input.iter().sum::<i32>()],
                "reduce local {local} {engine}"
            );
        }
        // atomics.cl (SIMD32): the histogram, its __local pointers tagged with 0x10000000
        // and counted with dword_atomic.inc on %slm (SLM-ADDRESS-HIGH-BITS).
        let data = histogram_data();
        let file = dir.join("data.bin");
        std::fs::write(&file, &data).unwrap();
        for local in [16, 32, 48] {
            let got = launch_histogram(&dir, lp, &file, (96, local), engine, Some("5"))
                .unwrap_or_else(|r| panic!("atomics local {local} {engine}: {r}"));
            assert_eq!(
                got,
                histogram(&data, 1000),
                "atomics local {local} {engine}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What a launch gave: its exit status, stdout, stderr and each file of its out directory.
type Launched = (Option<i32>, String, String, Vec<(String, Vec<u8>)>);

/// Runs `visa-conform launch ARGS... --jobs JOBS --out DIR/jobs-JOBS`.
fn launch_jobs(dir: &Path, args: &[String], jobs: &str) -> Launched {
    let out = dir.join(format!("jobs-{jobs}"));
    let _ = std::fs::remove_dir_all(&out);
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    let out_arg = out.to_str().unwrap().to_string();
    all.extend(["--jobs", jobs, "--out", &out_arg]);
    let o = launch(&all);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&out)
        .map(|d| {
            d.map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect()
        })
        .unwrap_or_default();
    files.sort();
    (o.status.code(), stdout_of(&o), stderr(&o), files)
}

/// Arguments for every argument of `iface` (a `.progbin`): each global buffer 4 KiB of
/// seeded bytes (small values, so loops stay short), scalars 3, `__local` 256 bytes.
fn seeded_args(dir: &Path, iface: &Path, platform: &str) -> Vec<String> {
    use visa_conformance::launch::formats;
    let p: visa_model::platform::Platform = platform.parse().unwrap();
    let bytes = std::fs::read(iface).unwrap();
    let i = formats::read_igc(&bytes, None, Some(p))
        .unwrap()
        .unwrap()
        .interface;
    let mut args = Vec::new();
    for (n, a) in i.args.iter().enumerate() {
        let value = match &a.kind {
            ArgKind::Global { .. } => {
                let file = dir.join(format!("arg{n}.in"));
                let data: Vec<u8> = (0..4096u32)
                    .map(|k| (k.wrapping_mul(2654435761).wrapping_add(n as u32) >> 27) as u8)
                    .collect();
                std::fs::write(&file, data).unwrap();
                format!("buf:{}", file.display())
            }
            ArgKind::Local { .. } => "local:256".to_string(),
            ArgKind::Scalar { ty, count } => {
                format!("{}:{}", ty.name(), vec!["3"; *count as usize].join(","))
            }
            // The kernels of IGC_KERNELS take no image; an image would be a zeroed 2D one.
            ArgKind::Image { .. } => "image2d:rgba32_float:16:16:zeros".to_string(),
            ArgKind::Sampler { .. } => "sampler:nearest:clamp_to_edge:unnormalized".to_string(),
        };
        args.push("--arg".to_string());
        args.push(format!("{n}={value}"));
    }
    args
}

#[test]
fn work_groups_at_once_give_the_result_in_order_bit_for_bit() {
    // Every committed kernel of xe-hpg and xe-lp from its .progbin over 6 work-groups, with
    // 1, 2 and 4 jobs: the same JSON, the same output buffers. The reduction's groups add
    // to one global word and the histogram's count in one global array (atomics on the
    // same bytes: the groups after the first of each batch run again, in order).
    let dir = common::tmp_dir("launch-jobs");
    for platform in ["xe-hpg", "xe-lp"] {
        for name in IGC_KERNELS {
            let kdir = dir.join(format!("{platform}-{name}"));
            std::fs::create_dir_all(&kdir).unwrap();
            let iface = dumps().join(format!("{platform}/{name}.progbin"));
            let mut args = vec![dumps()
                .join(format!("{platform}/{name}.visaasm"))
                .to_str()
                .unwrap()
                .to_string()];
            for a in [
                "--platform",
                platform,
                "--interface",
                iface.to_str().unwrap(),
                "--global",
                "96",
                "--local",
                "16",
                "--engine",
                "oracle",
                "--step-limit",
                "20000",
            ] {
                args.push(a.to_string());
            }
            args.extend(seeded_args(&kdir, &iface, platform));
            let one = launch_jobs(&kdir, &args, "1");
            assert_eq!(one.0, Some(0), "{platform}/{name}: {} {}", one.1, one.2);
            for jobs in ["2", "4"] {
                let many = launch_jobs(&kdir, &args, jobs);
                assert!(
                    many == one,
                    "{platform}/{name} with {jobs} jobs: {many:?}\n{one:?}"
                );
            }
            if name == "reduce" || name == "atomics" {
                // Under a schedule, on the spec engine too.
                args.extend(["--schedule".to_string(), "41".to_string()]);
                let seeded = launch_jobs(&kdir, &args, "1");
                assert_eq!(seeded.0, Some(0), "{platform}/{name}: {}", seeded.1);
                assert_eq!(launch_jobs(&kdir, &args, "3"), seeded, "{platform}/{name}");
                let spec: Vec<String> = args
                    .iter()
                    .map(|a| {
                        if a == "oracle" {
                            "spec".into()
                        } else {
                            a.clone()
                        }
                    })
                    .collect();
                let spec_one = launch_jobs(&kdir, &spec, "1");
                assert_eq!(spec_one.3, seeded.3, "{platform}/{name}: spec and oracle");
                assert_eq!(
                    launch_jobs(&kdir, &spec, "2"),
                    spec_one,
                    "{platform}/{name}"
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sbarrier_and_nbarrier_in_divergent_control_flow_follow_the_reading_in_force() {
    // SBARRIER-NBARRIER-DIVERGENCE, resolved: as BARRIER (`barrier-divergence` at the
    // instruction, which a launch reports); literal: the signal is the thread's, whatever
    // its channels. One thread with lanes 0-3 at the signal, on both engines.
    use visa_conformance::case::{run_case, EngineKind, Outcome};
    use visa_conformance::vector::Case;
    let _ = visa_model::errata::SBARRIER_NBARRIER_DIVERGENCE;
    for sync in &DIVERGENT_SYNCS[1..] {
        let program = IF_BARRIER_SIMD8
            .replace("barrier\n", &format!("{sync}\n"))
            .replace(".input LID offset=32 size=16\n", "");
        for (reading, expect) in [("resolved", Some("barrier-divergence")), ("literal", None)] {
            let line = serde_json::json!({
                "format": "visa-vector/1",
                "id": "split-divergence",
                "platform": "xe-hpg",
                "errata": {"SBARRIER-NBARRIER-DIVERGENCE": reading},
                "program": program,
                "init": {"vars": {"LID": "00000100020003000400050006000700"}},
            });
            let case = Case::from_value(&line).unwrap();
            for engine in [EngineKind::Spec, EngineKind::Oracle] {
                let got = match run_case(&case, engine) {
                    Outcome::Ok(_) => None,
                    Outcome::Error(e) => Some(e.class.to_string()),
                };
                assert_eq!(got.as_deref(), expect, "{sync} {reading} {engine:?}");
            }
        }
    }
}

#[test]
fn the_private_array_matches_opencl_on_every_platform_and_engine() {
    // private.cl: `int tmp[32]` with tmp[k] = k * i, then out[i] = tmp[idx[i] & 31] +
    // tmp[(idx[i] >> 5) & 31]. IGC keeps the array in registers (its indirect `r[A0(0),0]`
    // reads) and declares no private memory for it on any of the three platforms.
    let dir = common::tmp_dir("launch-private");
    let idx: Vec<i32> = (0..64).map(|i| (i * 37 + 11) % 1024).collect();
    let idx_file = write_words(&dir, "idx.bin", &idx, i32::to_le_bytes);
    let expect: Vec<i32> = (0..64)
        .map(|i| (idx[i as usize] & 31) * i + ((idx[i as usize] >> 5) & 31) * i)
        .collect();
    for platform in ["xe-lp", "xe-hpg", "xe-hpc"] {
        for engine in ["spec", "oracle"] {
            let args = [
                "0=zeros:256".to_string(),
                format!("1=buf:{}", idx_file.display()),
            ];
            let out = launch_progbin(&dir, platform, "private", engine, ("64", "16"), &args);
            assert_eq!(ints(&out.join("arg0.bin")), expect, "{platform} {engine}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn non_uniform_work_groups_launch_their_last_partial_group() {
    // OpenCL 2.0: a global size that is no multiple of the local size leaves a last group
    // of what is left. saxpy (SIMD32) over 60 items in groups of 16: four groups, the last
    // of 12 items (one thread, 12 lanes); items 60-63 never run, so y keeps them even
    // with n = 64. The Collatz loop (SIMD16) over 40 items in groups of 16: 16, 16, 8.
    let dir = common::tmp_dir("launch-non-uniform");
    let x: Vec<f32> = (0..64).map(|i| i as f32).collect();
    let y: Vec<f32> = (0..64).map(|i| 1.0 + i as f32 * 0.5).collect();
    let xf = write_words(&dir, "x.bin", &x, f32::to_le_bytes);
    let yf = write_words(&dir, "y.bin", &y, f32::to_le_bytes);
    let input: Vec<u32> = (1..=48).collect();
    let inf = write_words(&dir, "collatz.bin", &input, u32::to_le_bytes);
    for engine in ["spec", "oracle"] {
        let args = [
            format!("0=buf:{}", yf.display()),
            format!("1=buf:{}", xf.display()),
            "2=f32:2".to_string(),
            "3=i32:64".to_string(),
        ];
        let out = launch_progbin(&dir, "xe-hpg", "saxpy", engine, ("60", "16"), &args);
        let expect: Vec<f32> = (0..64)
            .map(|i| if i < 60 { 2.0 * x[i] + y[i] } else { y[i] })
            .collect();
        assert_eq!(floats(&out.join("arg0.bin")), expect, "saxpy {engine}");
        let args = [
            "0=zeros:192".to_string(),
            format!("1=buf:{}", inf.display()),
        ];
        let out = launch_progbin(&dir, "xe-hpg", "loop", engine, ("40", "16"), &args);
        let got: Vec<i32> = ints(&out.join("arg0.bin"));
        for (k, v) in input.iter().enumerate() {
            let want = if k < 40 { steps(*v) as i32 } else { 0 };
            assert_eq!(got[k], want, "collatz item {k} {engine}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The Collatz steps of `v` as loop.cl counts them (at most 1000).
fn steps(mut v: u32) -> u32 {
    let mut s = 0;
    while v != 1 && s < 1000 {
        v = if v & 1 == 1 { 3 * v + 1 } else { v >> 1 };
        s += 1;
    }
    s
}

/// Whether the block 2D loads and stores and the gateway's named-barrier signal of the
/// GEMM tiles decode as raw sends on xe-hpc (docs/raw-send.md); until they do, the tiles
/// stop at their first raw send, the prologue's block 2D prefetch.
const GEMM_RAW_SENDS_DECODE: bool = false;

/// Launches `name` of the ESIMD corpus (conformance/tests/dumps/esimd/xe-hpc, kernels IGC's
/// vector compiler wrote) from its `.progbin` on `engine` over `global` work-items in groups
/// of `local`, with `args`; returns what it printed and its `--out` directory.
fn launch_vc(
    dir: &Path,
    name: &str,
    engine: &str,
    ndrange: (&str, &str),
    args: &[String],
) -> (Output, PathBuf) {
    let root = dumps().join("../esimd/xe-hpc");
    let kernel = root.join(format!("{name}.visaasm"));
    let iface = root.join(format!("{name}.progbin"));
    let out = dir.join(format!("out-{name}-{}-{}-{engine}", ndrange.0, ndrange.1));
    let mut all: Vec<String> = vec![
        kernel.to_str().unwrap().into(),
        "--platform".into(),
        "xe-hpc".into(),
        "--interface".into(),
        iface.to_str().unwrap().into(),
        "--global".into(),
        ndrange.0.into(),
        "--local".into(),
        ndrange.1.into(),
        "--engine".into(),
        engine.into(),
        "--out".into(),
        out.to_str().unwrap().into(),
    ];
    for a in args {
        all.extend(["--arg".to_string(), a.clone()]);
    }
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    (launch(&refs), out)
}

#[test]
fn vc_atomic_tile_store_launches_from_its_progbin_one_work_item_a_thread() {
    // atomic_tile_store.ll (XeTLA's atomic tile_store): a 4 x 16 f32 tile whose element
    // (r, i) is r + i/4, added by atomic fadd to D[offset_y + r][i], D 16 floats wide
    // (pitch 64 bytes). D is 6 rows of 1.0, offset_y = 1. The kernel reads no id, so each of
    // the n work-items (one SIMD1 hardware thread each, compute-runtime's
    // getThreadsPerWG) adds the tile once: rows 1..4 hold 1 + n (y - 1 + i/4), rows 0 and 5
    // stay 1.0 (exact in f32 in any order). Its arguments are at payload bytes 136, 144
    // and 148: after r0 and the one GRF of ids, cross-thread bytes 8, 16 and 20 as the
    // .progbin's tokens say.
    let progbin = dumps().join("../esimd/xe-hpc/atomic_tile_store.progbin");
    let read = visa_conformance::launch::progbin::read(
        &std::fs::read(progbin).unwrap(),
        None,
        visa_model::platform::Platform::XeHpc,
    )
    .unwrap();
    // Its thread-payload token marks X, Y and Z present: 16-bit ids at bytes 0, 2 and 4 of
    // the GRF after r0 (64 bytes on xe-hpc).
    let i = read.interface;
    assert_eq!(i.simd, 1);
    assert_eq!(
        i.payload.local_id,
        [64, 66, 68].map(|o| Some(Place::Offset(o)))
    );
    let at: Vec<&Place> = i.args.iter().map(|a| &a.at).collect();
    assert_eq!(
        at,
        [136, 144, 148]
            .map(Place::Offset)
            .iter()
            .collect::<Vec<_>>()
    );
    let dir = common::tmp_dir("launch-vc-atomic");
    let d = write_words(&dir, "d.bin", &[1.0f32; 96], f32::to_le_bytes);
    let args = [
        format!("0=buf:{}", d.display()),
        "1=i32:1".to_string(),
        "2=i32:64".to_string(),
    ];
    for engine in ["spec", "oracle"] {
        for (global, local, groups) in [("1", "1", 1), ("2", "2", 1), ("3", "1", 3)] {
            let (o, out) = launch_vc(&dir, "atomic_tile_store", engine, (global, local), &args);
            let r = report(&o);
            assert_eq!(o.status.code(), Some(0), "{engine} {global}/{local}: {r}");
            let n: u32 = global.parse().unwrap();
            assert_eq!(r["threads_run"], n, "{engine}: one thread a work-item");
            assert_eq!(r["work_groups_run"], groups, "{engine}");
            let want: Vec<f32> = (0..6)
                .flat_map(|y| {
                    (0..16).map(move |i| match y {
                        1..=4 => 1.0 + n as f32 * ((y - 1) as f32 + i as f32 / 4.0),
                        _ => 1.0,
                    })
                })
                .collect();
            assert_eq!(
                floats(&out.join("arg0.bin")),
                want,
                "{engine} {global}/{local}"
            );
            // The private base VC declares at cross-thread byte 0 has no token: zero.
            let e = stderr(&o);
            assert_eq!(e.lines().count(), 1, "{e}");
            assert!(e.contains("`.input V34` (offset 128, 8 bytes)"), "{e}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn vc_gemm_tiles_launch_from_their_progbin_once_their_raw_sends_decode() {
    // gemm_tile.ll and gemm_tile_bt.ll: C (8 x 16 f32) = A (8 x 32 f16) x B (32 x 16 f16,
    // the first 16 columns of a 32 x 32 matrix whose other columns hold 1000 + n; for _bt B
    // transposed, 16 x 32), K in inner_loop_count = 2 steps of 16. A[m][k] = 1 at k = m, 2
    // at k = m + 16, else 0; B[k][n] = 16k + n. So C[m][n] = B[m][n] + 2 B[m + 16][n] =
    // (16m + n) + 2 (16m + 256 + n) = 48m + 3n + 512, exact in f16 products and f32 sums.
    let dir = common::tmp_dir("launch-vc-gemm");
    let f16 = |v: f32| half::f16::from_f32(v).to_bits().to_le_bytes();
    let halves = |name: &str, v: Vec<f32>| {
        let path = dir.join(name);
        std::fs::write(&path, v.into_iter().flat_map(f16).collect::<Vec<u8>>()).unwrap();
        path
    };
    let a = halves(
        "a.bin",
        (0..8)
            .flat_map(|m| {
                (0..32).map(move |k| match k {
                    _ if k == m => 1.0,
                    _ if k == m + 16 => 2.0,
                    _ => 0.0,
                })
            })
            .collect(),
    );
    let b_at = |k: usize, n: usize| {
        if n < 16 {
            (16 * k + n) as f32
        } else {
            (1000 + n) as f32
        }
    };
    let b = halves(
        "b.bin",
        (0..32)
            .flat_map(|k| (0..32).map(move |n| b_at(k, n)))
            .collect(),
    );
    let bt = halves(
        "bt.bin",
        (0..16)
            .flat_map(|n| (0..32).map(move |k| b_at(k, n)))
            .collect(),
    );
    let want: Vec<f32> = (0..8)
        .flat_map(|m| (0..16).map(move |n| (48 * m + 3 * n + 512) as f32))
        .collect();
    for (name, b) in [("gemm_tile", &b), ("gemm_tile_bt", &bt)] {
        let args = [
            format!("0=buf:{}", a.display()),
            format!("1=buf:{}", b.display()),
            "2=zeros:512".to_string(),
            "3=i32:2".to_string(),
        ];
        for engine in ["spec", "oracle"] {
            let (o, out) = launch_vc(&dir, name, engine, ("1", "1"), &args);
            let r = report(&o);
            if GEMM_RAW_SENDS_DECODE {
                assert_eq!(o.status.code(), Some(0), "{name} {engine}: {r}");
                assert_eq!(floats(&out.join("arg2.bin")), want, "{name} {engine}");
            } else {
                assert_eq!(o.status.code(), Some(1), "{name} {engine}: {r}");
                assert_eq!(r["error"]["class"], "unsupported", "{name} {engine}: {r}");
                let message = r["error"]["message"].as_str().unwrap();
                assert!(message.contains("(load_block2d)"), "{name}: {message}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// mblock.cl (SIMD16) on every platform of the corpus, from its `.progbin`: IGC writes its
/// sub-group block reads and writes of images as MEDIA_LD and MEDIA_ST. Global (32, 2),
/// local (16, 1): work-group (g0, g1) covers pixels 16*g0..16*g0+16 of
/// - `src` and `dst` (r32_uint, 32x4), rows 2*g1 and 2*g1+1: dst = src + 1 on the even
///   row (`.s0`), src + 2 on the odd one (`.s1`); every pixel of dst is written;
/// - `src16` and `dst16` (r16_uint, 32x2), row g1: dst16 = 3*src16 mod 2^16;
/// - `src8` and `dst8` (r8_unorm, 32x2, read as bytes), row g1: dst8 = src8 ^ 0x5a.
#[test]
fn image_block_reads_and_writes_launch_through_media_messages_on_both_engines() {
    let dir = common::tmp_dir("launch-mblock");
    let src: Vec<u32> = (0..4u32)
        .flat_map(|y| (0..32u32).map(move |x| 1000 * y + x))
        .collect();
    let src16: Vec<u16> = (0..2u16)
        .flat_map(|y| (0..32u16).map(move |x| 30_000 + 100 * y + x))
        .collect();
    let src8: Vec<u8> = (0..2u8)
        .flat_map(|y| (0..32u8).map(move |x| x.wrapping_mul(7).wrapping_add(11 * y)))
        .collect();
    let srcf = write_words(&dir, "src.bin", &src, u32::to_le_bytes);
    let src16f = dir.join("src16.bin");
    std::fs::write(
        &src16f,
        src16
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    let src8f = dir.join("src8.bin");
    std::fs::write(&src8f, &src8).unwrap();
    let want: Vec<u8> = src
        .iter()
        .enumerate()
        .flat_map(|(i, v)| (v + 1 + (i / 32 % 2) as u32).to_le_bytes())
        .collect();
    let want16: Vec<u8> = src16
        .iter()
        .flat_map(|v| v.wrapping_mul(3).to_le_bytes())
        .collect();
    let want8: Vec<u8> = src8.iter().map(|b| b ^ 0x5a).collect();
    let args = [
        format!("0=image2d:r32_uint:32:4:{}", srcf.display()),
        "1=image2d:r32_uint:32:4:zeros".to_string(),
        format!("2=image2d:r16_uint:32:2:{}", src16f.display()),
        "3=image2d:r16_uint:32:2:zeros".to_string(),
        format!("4=image2d:r8_unorm:32:2:{}", src8f.display()),
        "5=image2d:r8_unorm:32:2:zeros".to_string(),
    ];
    for platform in ["gen9", "xe-lp", "xe-hpg", "xe-hpc"] {
        let text =
            std::fs::read_to_string(dumps().join(format!("{platform}/mblock.visaasm"))).unwrap();
        assert!(
            text.contains("media_ld.nomod (32,2)") && text.contains("media_st.nomod (16,1)"),
            "{platform}: IGC's media block messages"
        );
        for engine in ["spec", "oracle"] {
            let out = launch_progbin(&dir, platform, "mblock", engine, ("32,2", "16,1"), &args);
            let what = format!("{platform} {engine}");
            assert_eq!(std::fs::read(out.join("arg1.bin")).unwrap(), want, "{what}");
            assert_eq!(
                std::fs::read(out.join("arg3.bin")).unwrap(),
                want16,
                "{what}"
            );
            assert_eq!(
                std::fs::read(out.join("arg5.bin")).unwrap(),
                want8,
                "{what}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// recurse.cl launched from its `.progbin` on `platforms` (SIMD width each): out[i] =
/// fib(i & 15), fib a stack-call function (recurse_f0.visaasm) whose frames live in private
/// memory (4,160 bytes per work-item), each hardware thread's slot found from %hw_id (gen9,
/// xe-lp) or %sr0 (xe-hpg, xe-hpc). Four threads in two work-groups of two, interleaved by
/// a seeded schedule at every memory access: threads sharing a slot would overwrite each
/// other's frames. fib(0..15) = 0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610
/// (fib(n) = fib(n-1) + fib(n-2), fib(0) = 0, fib(1) = 1), twice or four times over. (The
/// frames hold only the caller's frame pointer, the same bytes for every thread at a
/// depth: the ids the threads read are checked by the test after.)
fn recurse_on(platforms: &[(&str, u32)]) {
    let dir = common::tmp_dir(&format!("launch-recurse-{}", platforms[0].0));
    let fib = [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610];
    for &(platform, simd) in platforms {
        let items = 4 * simd;
        let want: Vec<i32> = (0..items).map(|i| fib[(i & 15) as usize]).collect();
        let mut runs = Vec::new();
        for (engine, jobs) in [("spec", "1"), ("oracle", "1"), ("oracle", "2")] {
            let sub = dir.join(format!("{platform}-{engine}"));
            let path = |ext: &str| {
                let p = dumps().join(format!("{platform}/recurse{ext}"));
                p.to_str().unwrap().to_string()
            };
            let args: Vec<String> = [
                path(".visaasm"),
                path("_f0.visaasm"),
                "--platform".into(),
                platform.into(),
                "--interface".into(),
                path(".progbin"),
                "--global".into(),
                items.to_string(),
                "--local".into(),
                (2 * simd).to_string(),
                "--engine".into(),
                engine.into(),
                "--schedule".into(),
                "7".into(),
                "--arg".into(),
                format!("0=zeros:{}", 4 * items),
            ]
            .to_vec();
            std::fs::create_dir_all(&sub).unwrap();
            let (code, out, err, files) = launch_jobs(&sub, &args, jobs);
            assert_eq!(code, Some(0), "{platform} {engine} {jobs}: {out} {err}");
            assert!(out.contains("\"races\":0"), "{out}");
            let got: Vec<i32> = files[0]
                .1
                .chunks(4)
                .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            assert_eq!(got, want, "{platform} {engine} jobs {jobs}");
            runs.push(files);
        }
        assert!(runs.windows(2).all(|w| w[0] == w[1]), "{platform}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn recursive_stack_calls_launch_on_gen9_and_xe_lp() {
    recurse_on(&[("gen9", 8), ("xe-lp", 8)]);
}

#[test]
fn recursive_stack_calls_launch_on_xe_hpg_and_xe_hpc() {
    recurse_on(&[("xe-hpg", 8), ("xe-hpc", 16)]);
}

/// A SIMD1 gen9 kernel that stores its hardware thread id at its private slot (64 bytes
/// per thread: the base plus `%hw_id * 0x40`), as IGC's code finds its stack, and its
/// `%hw_id` and `%sr0.0` at `out + 16 * group id`.
const PRIVATE_SLOT: &str = ".version 4.1
.kernel \"slots\"
.decl BASE v_type=G type=uq num_elts=1
.decl OUT v_type=G type=uq num_elts=1
.decl OFF v_type=G type=ud num_elts=1
.decl ADDR v_type=G type=uq num_elts=1 align=hword
.decl VAL v_type=G type=ud num_elts=4 align=hword
.input BASE offset=32 size=8
.input OUT offset=40 size=8
.kernel_attr SimdSize=1
mul (M1_NM, 1) OFF(0,0)<1> %hw_id(0,0)<0;1,0> 0x40:ud
add (M1_NM, 1) ADDR(0,0)<1> BASE(0,0)<0;1,0> OFF(0,0)<0;1,0>
mov (M1_NM, 1) VAL(0,0)<1> %hw_id(0,0)<0;1,0>
mov (M1_NM, 1) VAL(0,1)<1> %sr0(0,0)<0;1,0>
svm_block_st (1) ADDR(0,0)<0;1,0> VAL.0
mul (M1_NM, 1) OFF(0,0)<1> %r0(0,1)<0;1,0> 0x10:ud
add (M1_NM, 1) ADDR(0,0)<1> OUT(0,0)<0;1,0> OFF(0,0)<0;1,0>
svm_block_st (1) ADDR(0,0)<0;1,0> VAL.0
ret (M1, 1)
";

const PRIVATE_SLOT_INTERFACE: &str = r#"{"format": "visa-kernel-interface/1", "simd": 1,
 "args": [{"name": "out", "kind": "global", "at": 40}],
 "private_memory": {"at": 32, "bytes": 64, "per": "thread"}}"#;

#[test]
fn each_thread_has_its_private_slot_and_another_threads_is_out_of_bounds() {
    let dir = common::tmp_dir("launch-private-slots");
    // gen9 names 512 hardware threads (FFTID, r0.5 bits 8..0): 600 one-thread work-groups
    // give threads 512..599 the slots of threads 0..87, which ended before (no race).
    let (k, i) = kernel_files(&dir, "slots", PRIVATE_SLOT, PRIVATE_SLOT_INTERFACE);
    let (k, i) = (k.to_str().unwrap(), i.to_str().unwrap());
    let out = dir.join("out");
    let out_arg = out.to_str().unwrap();
    let base = ["--platform", "gen9", "--interface", i, "--local", "1"];
    let base = [&base[..], &["--arg", "0=zeros:9600", "--out", out_arg]].concat();
    for engine in ["spec", "oracle"] {
        for jobs in ["1", "2"] {
            let o = launch(
                &[
                    &[k][..],
                    &base,
                    &["--global", "600", "--engine", engine, "--jobs", jobs],
                ]
                .concat(),
            );
            assert_eq!(o.status.code(), Some(0), "{}", stdout_of(&o));
            assert!(stdout_of(&o).contains("\"races\":0"), "{}", stdout_of(&o));
            // Thread t is hardware thread t mod 512; gen9's sr0.0 holds its thread id in
            // bits 2..0, EU id in 7..4, the rest from bit 8: id 8 is EU 1 (0x10), id 200
            // (0b1_1001_000) thread 0, EU 9, rest 1 (0x190), id 511 0x3f7.
            let words = ints(&out.join("arg0.bin"));
            for (t, id, sr0) in [
                (0, 0, 0),
                (8, 8, 0x10),
                (200, 200, 0x190),
                (511, 511, 0x3f7),
                (513, 1, 1),
            ] {
                assert_eq!(
                    words[4 * t..4 * t + 2],
                    [id, sr0],
                    "thread {t} {engine} {jobs}"
                );
            }
        }
        // Thread 0 (hardware thread 0) stores into hardware thread 1's slot.
        let foreign = PRIVATE_SLOT.replace(
            "0x40:ud\nadd",
            "0x40:ud\nadd (M1_NM, 1) OFF(0,0)<1> OFF(0,0)<0;1,0> 0x40:ud\nadd",
        );
        let (k2, _) = kernel_files(&dir, "foreign", &foreign, PRIVATE_SLOT_INTERFACE);
        let o = launch(
            &[
                &[k2.to_str().unwrap()][..],
                &base,
                &["--global", "2", "--engine", engine],
            ]
            .concat(),
        );
        assert_eq!(o.status.code(), Some(1), "{}", stdout_of(&o));
        let r = report(&o);
        assert_eq!(r["error"]["class"], "undefined-behaviour", "{r}");
        let m = r["error"]["message"].as_str().unwrap();
        // The surface follows the buffer (9,600 bytes at 0x10000, the next 64 KiB boundary
        // 64 KiB past its end: 0x30000); hardware thread 1's slot at 0x30040.
        assert!(
            m.contains(
                "a store wrote private memory byte 0x30040, in the slot of hardware thread 1"
            ),
            "{m}"
        );
        assert_eq!(r["error"]["thread"]["index"], 0, "{r}");
        // Xe2's hardware thread ids are not laid out: refused before any thread runs.
        let o = launch(&[
            k,
            "--platform",
            "xe2",
            "--interface",
            i,
            "--global",
            "1",
            "--local",
            "1",
            "--arg",
            "0=zeros:16",
        ]);
        assert_eq!(o.status.code(), Some(1), "{}", stdout_of(&o));
        let r = report(&o);
        assert_eq!(r["error"]["class"], "unsupported", "{r}");
        let m = r["error"]["message"].as_str().unwrap();
        assert!(
            m.contains("does not lay out xe2's hardware thread ids"),
            "{m}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The pixels of the image the sampler tests read: 4x2 rgba8_unorm, texel (x, y) =
/// (51x, 255y, 128, 255).
fn sampler_source(dir: &Path) -> PathBuf {
    let px: Vec<u8> = (0..2u8)
        .flat_map(|y| (0..4u8).flat_map(move |x| [51 * x, 255 * y, 128, 255]))
        .collect();
    let path = dir.join("src.bin");
    std::fs::write(&path, px).unwrap();
    path
}

#[test]
fn image_reads_through_a_sampler_argument_match_opencl() {
    // image.cl over a 4x2 NDRange: dst(x, y) = 2 * read_imagef(src, s, (int2)(x, y)). The
    // integer coordinates are texel x, y exactly (unnormalized, nearest: OpenCL C 3.0, 8.2;
    // in range, so the addressing mode does not matter). read_imagef of CL_UNORM_INT8 is
    // c / 255 correctly rounded to float (OpenCL C 3.0, 8.3.1.1), and doubling it is exact, so
    // dst is (2 * 51x / 255, 2 * 255y / 255, 2 * 128 / 255, 2), each rounded once:
    // (0.4x, 2y, 256/255, 2). dst is rgba32_float: stored as computed.
    // `clamp` sets the driver's coordinate snap workaround flag, which IGC's code tests
    // (negative coordinates become -1.0): the same pixels here.
    // IGC for pvc (xe-hpc, which has no image support) emits no sampler message: the kernel
    // doubles a variable nothing wrote, which the launcher starts as zero.
    let expect: Vec<f32> = (0..2)
        .flat_map(|y| {
            (0..4).flat_map(move |x| {
                [
                    (2.0 * 51.0 * f64::from(x) / 255.0) as f32,
                    (2 * y) as f32,
                    (256.0f64 / 255.0) as f32,
                    2.0,
                ]
            })
        })
        .collect();
    let dir = common::tmp_dir("launch-sampler-arg");
    let src = sampler_source(&dir);
    for platform in ["gen9", "xe-lp", "xe-hpg", "xe-hpc"] {
        for (engine, sampler) in [
            ("spec", "nearest:clamp_to_edge:unnormalized"),
            ("oracle", "nearest:clamp_to_edge:unnormalized"),
            ("oracle", "nearest:clamp:unnormalized"),
        ] {
            let kernel = dumps().join(format!("{platform}/image.visaasm"));
            let iface = dumps().join(format!("{platform}/image.progbin"));
            let out = dir.join(format!("out-{platform}-{engine}-{}", sampler.len()));
            let o = launch(&[
                kernel.to_str().unwrap(),
                "--platform",
                platform,
                "--interface",
                iface.to_str().unwrap(),
                "--global",
                "4,2",
                "--local",
                "4,2",
                "--arg",
                &format!("0=image2d:rgba8_unorm:4:2:{}", src.display()),
                "--arg",
                "1=image2d:rgba32_float:4:2:zeros",
                "--arg",
                &format!("2=sampler:{sampler}"),
                "--engine",
                engine,
                "--out",
                out.to_str().unwrap(),
            ]);
            let what = format!("{platform} {engine} {sampler}");
            assert_eq!(o.status.code(), Some(0), "{what}: {}", stderr(&o));
            assert_eq!(report(&o)["status"], "ok", "{what}");
            let got = floats(&out.join("arg1.bin"));
            if platform == "xe-hpc" {
                assert_eq!(got, vec![0.0; 32], "{what}");
            } else {
                assert_eq!(got, expect, "{what}");
            }
        }
    }
    // A sampler where the kernel takes an image is refused, naming both.
    let o = launch(&[
        dumps().join("xe-lp/image.visaasm").to_str().unwrap(),
        "--platform",
        "xe-lp",
        "--interface",
        dumps().join("xe-lp/image.progbin").to_str().unwrap(),
        "--global",
        "4,2",
        "--local",
        "4,2",
        "--arg",
        "0=sampler:nearest:clamp:normalized",
        "--arg",
        "1=image2d:rgba32_float:4:2:zeros",
        "--arg",
        "2=sampler:nearest:clamp:normalized",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the value is a sampler"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_inline_sampler_is_read_from_the_progbin() {
    // imgconst.cl: `CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST` in
    // the source, out[4y + x] = read_imagef(src, s, (x - 0.5, y + 0.5)). floor(x - 0.5) is
    // x - 1 and floor(y + 0.5) is y (OpenCL C 3.0, 8.2, nearest), so column 0 lies left of
    // the image and reads the border colour, (0, 0, 0, 0) for CL_RGBA (8.3.1.1); column x > 0
    // reads texel (x - 1, y) = (51(x-1)/255, y, 128/255, 1) = (0.2(x-1), y, 128/255, 1).
    // On xe-hpc (no image support) IGC emits no sampler message: out is the zeros of an
    // unwritten variable.
    let expect: Vec<f32> = (0..2)
        .flat_map(|y| {
            (0..4).flat_map(move |x| {
                if x == 0 {
                    [0.0; 4]
                } else {
                    [
                        (51.0 * f64::from(x - 1) / 255.0) as f32,
                        y as f32,
                        (128.0f64 / 255.0) as f32,
                        1.0,
                    ]
                }
            })
        })
        .collect();
    let dir = common::tmp_dir("launch-sampler-inline");
    let src = sampler_source(&dir);
    for platform in ["gen9", "xe-lp", "xe-hpg", "xe-hpc"] {
        let iface = dumps().join(format!("{platform}/imgconst.progbin"));
        let bytes = std::fs::read(&iface).unwrap();
        let p: visa_model::platform::Platform = platform.parse().unwrap();
        let i = visa_conformance::launch::formats::read_igc(&bytes, None, Some(p))
            .unwrap()
            .unwrap()
            .interface;
        assert_eq!(i.inline_samplers.len(), 1, "{platform}");
        let s = &i.inline_samplers[0];
        assert_eq!(
            (s.index, s.filter, s.address[0], s.normalized),
            (
                0,
                visa_model::state::Filter::Nearest,
                visa_model::state::AddressMode::Clamp,
                false
            ),
            "{platform}"
        );
        for engine in ["spec", "oracle"] {
            let kernel = dumps().join(format!("{platform}/imgconst.visaasm"));
            let out = dir.join(format!("out-{platform}-{engine}"));
            let o = launch(&[
                kernel.to_str().unwrap(),
                "--platform",
                platform,
                "--interface",
                iface.to_str().unwrap(),
                "--global",
                "4,2",
                "--local",
                "4,2",
                "--arg",
                &format!("0=image2d:rgba8_unorm:4:2:{}", src.display()),
                "--arg",
                "1=zeros:128",
                "--engine",
                engine,
                "--out",
                out.to_str().unwrap(),
            ]);
            let what = format!("{platform} {engine}");
            assert_eq!(o.status.code(), Some(0), "{what}: {}", stderr(&o));
            let got = floats(&out.join("arg1.bin"));
            if platform == "xe-hpc" {
                assert_eq!(got, vec![0.0; 32], "{what}");
            } else {
                assert_eq!(got, expect, "{what}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_json_interface_takes_samplers() {
    let i = interface::read(&format!(
        r#"{{{HEAD}, "args": [{{"kind": "sampler", "name": "s", "index": 2, "address_mode": 96, "normalized_coords": "V0044", "snap_wa": 104}}],
            "inline_samplers": [{{"index": 0, "filter": "linear", "address": "mirrored_repeat", "normalized": true}}]}}"#
    ))
    .unwrap();
    assert_eq!(
        i.args[0].kind,
        ArgKind::Sampler {
            index: 2,
            address_mode: Some(Place::Offset(96)),
            normalized: Some(Place::Input("V0044".into())),
            snap_wa: Some(Place::Offset(104)),
        }
    );
    let s = &i.inline_samplers[0];
    assert_eq!(
        (s.index, s.filter, s.normalized),
        (0, visa_model::state::Filter::Linear, true)
    );
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/kernel-interface.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let v = jsonschema::draft202012::new(&schema).unwrap();
    let good = serde_json::json!({"format": "visa-kernel-interface/1", "simd": 16,
        "args": [{"kind": "sampler", "index": 2, "snap_wa": 104}],
        "inline_samplers": [{"index": 0, "filter": "nearest", "address": "clamp", "normalized": false}]});
    assert!(v.is_valid(&good));
    assert!(interface::from_value(&good).is_ok());
    for bad in [
        serde_json::json!({"format": "visa-kernel-interface/1", "simd": 16,
                           "args": [{"kind": "sampler", "at": 0}]}),
        serde_json::json!({"format": "visa-kernel-interface/1", "simd": 16,
                           "inline_samplers": [{"index": 0, "filter": "nearest"}]}),
    ] {
        assert!(!v.is_valid(&bad), "{bad}");
        assert!(interface::from_value(&bad).is_err(), "{bad}");
    }
}
