//! IGC's own descriptions of a kernel as `launch --interface` reads them: the `.progbin`
//! patch tokens and zebin's `.ze_info` beside each dump of tests/dumps/igc agree with the
//! kernels' `.input` lines, with the hand-written kernel-interface JSON and with each other;
//! saxpy and the Collatz loop launched through them match their OpenCL results; and
//! truncated, mutated and hand-made hostile binaries give typed errors, never a panic.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::launch::{dumps, floats, launch, report, BIN, IGC_KERNELS};

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use visa_conformance::launch::igc::{BinaryError, Read};
use visa_conformance::launch::interface::{self, Interface, Place};
use visa_conformance::launch::{formats, progbin, zeinfo};
use visa_model::platform::Platform;

const PLATFORMS: [Platform; 4] = [
    Platform::Gen9,
    Platform::XeLp,
    Platform::XeHpg,
    Platform::XeHpc,
];

/// Every committed file of `ext` with its platform, sorted.
fn files(ext: &str) -> Vec<(PathBuf, Platform)> {
    let mut all = Vec::new();
    for p in PLATFORMS {
        let mut v: Vec<PathBuf> = std::fs::read_dir(dumps().join(p.to_string()))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|f| f.extension().is_some_and(|x| x == ext))
            .collect();
        v.sort();
        all.extend(v.into_iter().map(|f| (f, p)));
    }
    all
}

fn read(path: &Path, platform: Platform) -> Result<Read, BinaryError> {
    let bytes = std::fs::read(path).unwrap();
    formats::read_igc(&bytes, None, Some(platform)).expect("an IGC format")
}

/// The `.input` lines of a kernel text: (offset, size).
fn inputs(visaasm: &Path) -> Vec<(u32, u32)> {
    let text = std::fs::read_to_string(visaasm).unwrap();
    text.lines()
        .filter(|l| l.starts_with(".input "))
        .map(|l| {
            let num = |key: &str| -> u32 {
                l.split_whitespace()
                    .find_map(|w| w.strip_prefix(key))
                    .unwrap()
                    .parse()
                    .unwrap()
            };
            (num("offset="), num("size="))
        })
        .collect()
}

/// Every payload place of the interface, with its bytes.
fn places(i: &Interface) -> Vec<(String, u32, u32)> {
    let mut out = Vec::new();
    let mut add = |name: String, at: &Place, len: u32| {
        if let Place::Offset(o) = at {
            out.push((name, *o, len));
        }
    };
    for (n, a) in i.args.iter().enumerate() {
        add(format!("args[{n}]"), &a.at, a.kind.bytes());
        if let interface::ArgKind::Global {
            buffer_offset: Some(b),
            ..
        } = &a.kind
        {
            add(format!("args[{n}].buffer_offset"), b, 4);
        }
        if let interface::ArgKind::Sampler {
            address_mode,
            normalized,
            snap_wa,
            ..
        } = &a.kind
        {
            for (key, at) in [
                ("address_mode", address_mode),
                ("normalized_coords", normalized),
                ("snap_wa", snap_wa),
            ] {
                if let Some(at) = at {
                    add(format!("args[{n}].{key}"), at, 4);
                }
            }
        }
    }
    let p = &i.payload;
    for (d, at) in p.local_id.iter().enumerate() {
        if let Some(at) = at {
            add(format!("local_id[{d}]"), at, 2 * i.simd);
        }
    }
    for (name, t) in [
        ("global_offset", &p.global_offset),
        ("local_size", &p.local_size),
        ("local_size_2", &p.local_size_2),
        ("enqueued_local_size", &p.enqueued_local_size),
        ("global_size", &p.global_size),
        ("group_count", &p.group_count),
    ] {
        if let Some(t) = t {
            add(name.to_string(), &t.at, 4 * t.dims);
        }
    }
    if let Some(w) = &p.work_dim {
        add("work_dim".into(), w, 4);
    }
    if let Some(m) = &i.private_memory {
        add("private_memory".into(), &m.at, m.pointer_bytes);
    }
    out
}

/// Whether `len` bytes at `at` lie in adjacent `.input` variables.
fn covered(inputs: &[(u32, u32)], at: u32, len: u32) -> bool {
    let mut pos = at;
    while pos < at + len {
        match inputs.iter().find(|(o, s)| *o <= pos && pos < o + s) {
            Some((o, s)) => pos = o + s,
            None => return false,
        }
    }
    true
}

#[test]
fn every_committed_progbin_reads_and_its_places_lie_in_the_kernels_inputs() {
    let all = files("progbin");
    // Eighteen kernels on gen9 and xe-hpc, sixteen on xe-lp and xe-hpg.
    assert_eq!(all.len(), 16 * 2 + 18 * 2, "{all:?}");
    let mut read_ok = 0;
    for (path, platform) in &all {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        match read(path, *platform) {
            Ok(r) => {
                read_ok += 1;
                let i = &r.interface;
                assert!(
                    r.warnings.is_empty(),
                    "{}: {:?}",
                    path.display(),
                    r.warnings
                );
                let text = path.with_extension("visaasm");
                let want_simd = std::fs::read_to_string(&text)
                    .unwrap()
                    .lines()
                    .find_map(|l| l.trim().strip_prefix(".kernel_attr SimdSize="))
                    .map(|s| s.trim().parse::<u32>().unwrap());
                if let Some(s) = want_simd {
                    assert_eq!(i.simd, s, "{}", path.display());
                }
                let ins = inputs(&text);
                // IGC does not read a `__local` pointer whose buffer it knows starts at SLM
                // offset 0 (the first one, with no static SLM), so no `.input` holds it; the
                // driver writes it all the same. Every other place lies in the inputs.
                let locals: Vec<String> = i
                    .args
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| matches!(a.kind, interface::ArgKind::Local { .. }))
                    .map(|(n, _)| format!("args[{n}]"))
                    .collect();
                for (field, at, len) in places(i) {
                    assert!(
                        covered(&ins, at, len) || locals.contains(&field),
                        "{}: {field} at {at}..{} lies in no .input",
                        path.display(),
                        at + len
                    );
                }
                // Every argument of the source has a name.
                assert!(
                    i.args.iter().all(|a| a.name.is_some()),
                    "{}",
                    path.display()
                );
            }
            Err(e) => panic!("{name}: {}: {e}", path.display()),
        }
    }
    assert_eq!(read_ok, all.len());
}

#[test]
fn the_progbin_agrees_with_the_hand_written_interfaces() {
    for name in ["saxpy", "loop"] {
        let dir = dumps().join("xe-hpg");
        let json = interface::read(
            &std::fs::read_to_string(dir.join(format!("{name}.interface.json"))).unwrap(),
        )
        .unwrap();
        let bin = read(&dir.join(format!("{name}.progbin")), Platform::XeHpg)
            .unwrap()
            .interface;
        assert_eq!(bin.kernel, json.kernel, "{name}");
        assert_eq!(bin.simd, json.simd, "{name}");
        assert_eq!(bin.args, json.args, "{name}");
        assert_eq!(bin.slm_bytes, json.slm_bytes, "{name}");
        let (b, j) = (&bin.payload, &json.payload);
        assert_eq!(b.local_id, j.local_id, "{name}");
        assert_eq!(b.global_offset, j.global_offset, "{name}");
        assert_eq!(b.enqueued_local_size, j.enqueued_local_size, "{name}");
        // Where the JSON is silent the binary says more (the payload header's local size).
        for (field, t) in [
            ("local_size", &j.local_size),
            ("global_size", &j.global_size),
        ] {
            assert!(t.is_none(), "{name}: {field}");
        }
    }
}

#[test]
fn the_zebin_and_the_progbin_of_a_kernel_give_one_interface() {
    let all = files("zebin");
    assert_eq!(all.len(), 3 * 4, "{all:?}");
    for (path, platform) in all {
        let z = read(&path, platform).unwrap();
        let p = read(&path.with_extension("progbin"), platform).unwrap();
        assert_eq!(z.interface, p.interface, "{}", path.display());
        assert!(z.warnings.is_empty(), "{:?}", z.warnings);
    }
}

#[test]
fn the_reduction_has_a_local_argument_two_local_sizes_and_no_private_memory() {
    let r = read(&dumps().join("xe-hpg/reduce.progbin"), Platform::XeHpg)
        .unwrap()
        .interface;
    assert_eq!(
        r.args[2].kind,
        interface::ArgKind::Local {
            pointer_bytes: 8,
            align: Some(4)
        }
    );
    assert!(r.payload.local_size.is_some() && r.payload.local_size_2.is_some());
    assert_eq!(r.private_memory.as_ref().unwrap().bytes, 0);
    let rec = read(&dumps().join("xe-hpc/recurse.progbin"), Platform::XeHpc)
        .unwrap()
        .interface;
    let m = rec.private_memory.unwrap();
    assert_eq!((m.bytes, m.per), (4160, interface::PrivateScope::WorkItem));
}

#[test]
fn saxpy_launches_through_its_progbin_and_zebin_and_matches_opencl() {
    // saxpy.cl: y[i] = a * x[i] + y[i] for i < n (60 of 64).
    let x: Vec<f32> = (0..64).map(|i| i as f32).collect();
    let expect: Vec<f32> = (0..64)
        .map(|i| if i < 60 { 2.5 * x[i] + 1.0 } else { 1.0 })
        .collect();
    let bytes = |v: &[f32]| v.iter().flat_map(|f| f.to_le_bytes()).collect::<Vec<u8>>();
    for platform in ["xe-hpg", "xe-hpc"] {
        for format in ["progbin", "zebin"] {
            for engine in ["spec", "oracle"] {
                let dir = common::tmp_dir(&format!("formats-saxpy-{platform}-{format}-{engine}"));
                let (xf, yf) = (dir.join("x.bin"), dir.join("y.bin"));
                std::fs::write(&xf, bytes(&x)).unwrap();
                std::fs::write(&yf, bytes(&[1.0; 64])).unwrap();
                let kernel = dumps().join(format!("{platform}/saxpy.visaasm"));
                let iface = dumps().join(format!("{platform}/saxpy.{format}"));
                let out = dir.join("out");
                let o = launch(&[
                    kernel.to_str().unwrap(),
                    "--platform",
                    platform,
                    "--interface",
                    iface.to_str().unwrap(),
                    "--global",
                    "64",
                    "--local",
                    "16",
                    "--arg",
                    &format!("0=buf:{}", yf.display()),
                    "--arg",
                    &format!("1=buf:{}", xf.display()),
                    "--arg",
                    "2=f32:2.5",
                    "--arg",
                    "3=i32:60",
                    "--engine",
                    engine,
                    "--out",
                    out.to_str().unwrap(),
                ]);
                let what = format!("{platform} {format} {engine}");
                assert_eq!(
                    o.status.code(),
                    Some(0),
                    "{what}: {}",
                    String::from_utf8_lossy(&o.stderr)
                );
                assert_eq!(report(&o)["status"], "ok", "{what}");
                assert_eq!(floats(&out.join("arg0.bin")), expect, "{what}");
                std::fs::remove_dir_all(&dir).unwrap();
            }
        }
    }
}

#[test]
fn the_image_writes_launch_through_their_progbin_and_match_opencl() {
    // imgwrite.cl over an 8x4 NDRange (one SIMD32 thread), pixel (x, y):
    // - `color`, rgba8_unorm, 6x3 pixels (the writes past it are dropped): write_imagef of
    //   (x/4, y/2, (x+y)/8, 1) stores convert_uchar_sat_rte(f * 255): R for x = 0..5 is 0,
    //   63.75 -> 64, 127.5 -> 128 (ties to even), 191.25 -> 191, 255, 318.75 -> 255; G for
    //   y = 0..2 is 0, 127.5 -> 128, 255; B for x+y = 0..7 is 31.875*(x+y) rounded: 0, 32,
    //   64, 96, 128, 159, 191, 223; A 255.
    // - `level`, r32_float, 8x4: x + 10y as stored.
    // - `count`, rgba8_uint, 8x4: (x, y, x*y, 7), all below 256 (no saturation).
    let r = [0u8, 64, 128, 191, 255, 255];
    let g = [0u8, 128, 255];
    let b = [0u8, 32, 64, 96, 128, 159, 191, 223];
    let color: Vec<u8> = (0..3)
        .flat_map(|y| (0..6).flat_map(move |x| [r[x], g[y], b[x + y], 255]))
        .collect();
    let level: Vec<f32> = (0..4)
        .flat_map(|y| (0..8).map(move |x| (x + 10 * y) as f32))
        .collect();
    let count: Vec<u8> = (0..4u8)
        .flat_map(|y| (0..8u8).flat_map(move |x| [x, y, x * y, 7]))
        .collect();
    for platform in ["xe-lp", "xe-hpg", "xe-hpc"] {
        for engine in ["spec", "oracle"] {
            let dir = common::tmp_dir(&format!("formats-imgwrite-{platform}-{engine}"));
            // The colour image starts as 0xee: the dropped writes leave no mark.
            let start = dir.join("color.bin");
            std::fs::write(&start, vec![0xee; 6 * 3 * 4]).unwrap();
            let kernel = dumps().join(format!("{platform}/imgwrite.visaasm"));
            let iface = dumps().join(format!("{platform}/imgwrite.progbin"));
            let out = dir.join("out");
            let o = launch(&[
                kernel.to_str().unwrap(),
                "--platform",
                platform,
                "--interface",
                iface.to_str().unwrap(),
                "--global",
                "8,4",
                "--local",
                "8,4",
                "--arg",
                &format!("0=image2d:rgba8_unorm:6:3:{}", start.display()),
                "--arg",
                "1=image2d:r32_float:8:4:zeros",
                "--arg",
                "2=image2d:rgba8_uint:8:4:zeros",
                "--engine",
                engine,
                "--out",
                out.to_str().unwrap(),
            ]);
            let what = format!("{platform} {engine}");
            assert_eq!(
                o.status.code(),
                Some(0),
                "{what}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            assert_eq!(report(&o)["status"], "ok", "{what}");
            assert_eq!(
                std::fs::read(out.join("arg0.bin")).unwrap(),
                color,
                "{what}"
            );
            assert_eq!(floats(&out.join("arg1.bin")), level, "{what}");
            assert_eq!(
                std::fs::read(out.join("arg2.bin")).unwrap(),
                count,
                "{what}"
            );
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
}

/// The Collatz steps of `n` (loop.cl), at most 1000.
fn collatz(mut n: u32) -> u32 {
    let mut steps = 0;
    while n != 1 && steps < 1000 {
        n = if n.is_multiple_of(2) {
            n / 2
        } else {
            3 * n + 1
        };
        steps += 1;
    }
    steps
}

#[test]
fn the_collatz_loop_launches_through_its_progbin_and_matches_opencl() {
    let src = std::fs::read_to_string(dumps().join("src/loop.cl")).unwrap();
    assert!(src.contains("1000"), "{src}");
    let input: Vec<u32> = (1..=32).collect();
    let expect: Vec<u32> = input.iter().map(|n| collatz(*n)).collect();
    for engine in ["spec", "oracle"] {
        let dir = common::tmp_dir(&format!("formats-collatz-{engine}"));
        let inf = dir.join("in.bin");
        std::fs::write(
            &inf,
            input
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect::<Vec<u8>>(),
        )
        .unwrap();
        let kernel = dumps().join("xe-hpg/loop.visaasm");
        let iface = dumps().join("xe-hpg/loop.progbin");
        let out = dir.join("out");
        let o = launch(&[
            kernel.to_str().unwrap(),
            "--platform",
            "xe-hpg",
            "--interface",
            iface.to_str().unwrap(),
            "--global",
            "32",
            "--local",
            "8",
            "--arg",
            "0=zeros:128",
            "--arg",
            &format!("1=buf:{}", inf.display()),
            "--engine",
            engine,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let got: Vec<u32> = std::fs::read(out.join("arg0.bin"))
            .unwrap()
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(got, expect, "{engine}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Every proper prefix of a committed binary is an error, never a panic.
#[test]
fn every_truncation_is_an_error() {
    for name in [
        "xe-hpg/saxpy.progbin",
        "xe-hpg/reduce.progbin",
        "xe-hpg/saxpy.zebin",
    ] {
        let bytes = std::fs::read(dumps().join(name)).unwrap();
        for len in 0..bytes.len() {
            let cut = &bytes[..len];
            if let Some(r) = formats::read_igc(cut, None, Some(Platform::XeHpg)) {
                assert!(r.is_err(), "{name} cut at {len} reads");
            }
        }
    }
}

/// Each 32-bit word of a committed binary set to hostile values reads or fails, never
/// panics; the errors name a byte inside the file.
#[test]
fn mutated_binaries_never_panic() {
    for name in [
        "xe-hpg/saxpy.progbin",
        "xe-hpc/recurse.progbin",
        "xe-hpg/reduce.zebin",
    ] {
        let bytes = std::fs::read(dumps().join(name)).unwrap();
        let platform = if name.starts_with("xe-hpc") {
            Platform::XeHpc
        } else {
            Platform::XeHpg
        };
        let mut failures = 0;
        for at in (0..bytes.len().saturating_sub(3)).step_by(4) {
            for value in [0u32, 1, 0xFF, 0x7FFF_FFFF, 0xFFFF_FFFF, 0x1_0000] {
                let mut m = bytes.clone();
                m[at..at + 4].copy_from_slice(&value.to_le_bytes());
                if let Some(Err(e)) = formats::read_igc(&m, None, Some(platform)) {
                    failures += 1;
                    assert!(e.offset <= m.len() as u64, "{name}@{at}: {e}");
                }
            }
        }
        assert!(failures > 0, "{name}");
    }
}

/// A hand-made damage to a binary.
type Edit = Box<dyn Fn(&mut Vec<u8>)>;

fn u32_at(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// The offset of the first token `token` in the kernel's patch list.
fn token_at(b: &[u8], token: u32, size: u32) -> usize {
    let pat: Vec<u8> = [token.to_le_bytes(), size.to_le_bytes()].concat();
    b.windows(8).position(|w| w == pat.as_slice()).unwrap()
}

fn progbin_error(b: &[u8]) -> BinaryError {
    progbin::read(b, None, Platform::XeHpg).unwrap_err()
}

#[test]
fn hostile_progbins_are_typed_errors_naming_byte_and_field() {
    let good = std::fs::read(dumps().join("xe-hpg/saxpy.progbin")).unwrap();
    assert!(progbin::read(&good, Some("saxpy"), Platform::XeHpg).is_ok());
    let cases: Vec<(&str, Edit, &str, u64)> = vec![
        ("wrong magic", Box::new(|b| b[0] = b'X'), "magic", 0),
        (
            "unknown version",
            Box::new(|b| u32_at(b, 4, 1066)),
            "version",
            4,
        ),
        (
            "another device",
            Box::new(|b| u32_at(b, 8, 0x12)),
            "device",
            8,
        ),
        (
            "an unknown device",
            Box::new(|b| u32_at(b, 8, 0x999)),
            "device",
            8,
        ),
        (
            "a huge kernel count",
            Box::new(|b| u32_at(b, 16, u32::MAX)),
            "kernels[1].header",
            0,
        ),
        (
            "a program patch list past the end",
            Box::new(|b| u32_at(b, 24, 0x7FFF_FFFF)),
            "patch_list_size",
            28,
        ),
        (
            "a kernel name past the end",
            Box::new(|b| u32_at(b, 28 + 12, u32::MAX)),
            "kernels[0].kernel_name_size",
            0,
        ),
        (
            "a token of size 0",
            Box::new(|b| {
                let at = token_at(b, 23, 140);
                u32_at(b, at + 4, 0);
            }),
            "size",
            0,
        ),
        (
            "a token past its patch list",
            Box::new(|b| {
                let at = token_at(b, 23, 140);
                u32_at(b, at + 4, 0x10_0000);
            }),
            "size",
            0,
        ),
        (
            "an execution environment too short for its SIMD size",
            Box::new(|b| {
                // Shrink the token to 12 bytes and pad the rest with a skipped token.
                let at = token_at(b, 23, 140);
                u32_at(b, at + 4, 12);
                u32_at(b, at + 12, 999);
                u32_at(b, at + 16, 128);
            }),
            "LargestCompiledSIMDSize",
            0,
        ),
        (
            "a huge binding table",
            Box::new(|b| {
                let at = token_at(b, 8, 20);
                u32_at(b, at + 12, u32::MAX);
            }),
            "BINDING_TABLE_STATE.Count",
            0,
        ),
        (
            "a binding table past its heap",
            Box::new(|b| {
                let at = token_at(b, 8, 20);
                u32_at(b, at + 8, 0xFFFF_FFF0);
            }),
            "BINDING_TABLE_STATE.Offset",
            0,
        ),
        (
            "an argument number past 255",
            Box::new(|b| {
                let at = token_at(b, 30, 36);
                u32_at(b, at + 8, 100_000);
            }),
            "ArgumentNumber",
            0,
        ),
        (
            "an argument past the cross-thread data",
            Box::new(|b| {
                let at = token_at(b, 25, 12);
                u32_at(b, at + 8, 40);
            }),
            "args[0].buffer_offset",
            0,
        ),
        (
            "two arguments on the same bytes",
            Box::new(|b| {
                let at = token_at(b, 30, 36);
                // y's pointer onto x's.
                u32_at(b, at + 16, 40);
            }),
            "args[1]",
            0,
        ),
    ];
    for (what, edit, field, offset) in cases {
        let mut b = good.clone();
        edit(&mut b);
        let e = progbin_error(&b);
        assert!(e.field.contains(field), "{what}: {e}");
        if offset > 0 {
            assert_eq!(e.offset, offset, "{what}: {e}");
        }
        assert!(e.offset <= b.len() as u64, "{what}: {e}");
    }
    // A program of one kernel read for another's name.
    let e = progbin::read(&good, Some("daxpy"), Platform::XeHpg).unwrap_err();
    assert!(e.message.contains("no kernel `daxpy`"), "{e}");
}

#[test]
fn unknown_tokens_are_skipped_and_counted() {
    let mut b = std::fs::read(dumps().join("xe-hpg/saxpy.progbin")).unwrap();
    // The kernel-attributes token (27, 16 bytes) renumbered to one no version defines.
    let at = token_at(&b, 27, 16);
    u32_at(&mut b, at, 4000);
    let r = progbin::read(&b, None, Platform::XeHpg).unwrap();
    assert_eq!(
        r.warnings,
        ["1 patch token(s) of kinds this reader does not know were skipped"]
    );
}

fn ze_info(yaml: &str) -> Result<Read, BinaryError> {
    zeinfo::read_text(yaml.as_bytes(), 0, None, Platform::XeHpg)
}

const ZE_HEAD: &str =
    "version: '1.20'\nkernels:\n  - name: k\n    execution_env:\n      simd_size: 16\n";

#[test]
fn hand_made_ze_info_reads_and_hostile_ze_info_fails_with_its_line() {
    let good = format!(
        "{ZE_HEAD}    payload_arguments:\n      - arg_type: arg_byvalue\n        offset: 0\n        size: 8\n        arg_index: 0\n      - arg_type: global_size\n        offset: 8\n        size: 12\n    per_thread_payload_arguments:\n      - arg_type: local_id\n        offset: 0\n        size: 96\n"
    );
    let r = ze_info(&good).unwrap().interface;
    assert_eq!(r.simd, 16);
    assert_eq!(r.args[0].at, Place::Offset(32 + 96));
    assert_eq!(r.payload.local_id[2], Some(Place::Offset(32 + 64)));
    assert_eq!(
        r.payload.global_size.as_ref().unwrap().at,
        Place::Offset(32 + 96 + 8)
    );
    for (what, text, field) in [
        ("a repeated key", format!("{ZE_HEAD}      simd_size: 8\n"), "line 6"),
        ("a tab", format!("{ZE_HEAD}\t    x: 1\n"), "line 6"),
        ("an unknown major version", ZE_HEAD.replace("'1.20'", "'2.0'"), "version"),
        ("no kernels", "version: '1.0'\n".to_string(), "kernels"),
        ("a bad SIMD width", ZE_HEAD.replace("16", "12"), "simd"),
        (
            "a number past 32 bits",
            ZE_HEAD.replace("16", "99999999999"),
            "simd_size",
        ),
        (
            "an argument past the payload",
            format!("{ZE_HEAD}    payload_arguments:\n      - arg_type: arg_byvalue\n        offset: 4000000\n        size: 4\n        arg_index: 0\n"),
            "args[0].at",
        ),
        (
            "overlapping arguments",
            format!("{ZE_HEAD}    payload_arguments:\n      - arg_type: arg_byvalue\n        offset: 0\n        size: 8\n        arg_index: 0\n      - arg_type: arg_byvalue\n        offset: 4\n        size: 4\n        arg_index: 1\n"),
            "args[1]",
        ),
        (
            "a missing argument",
            format!("{ZE_HEAD}    payload_arguments:\n      - arg_type: arg_byvalue\n        offset: 0\n        size: 4\n        arg_index: 2\n"),
            "args[0]",
        ),
        (
            "a printf buffer",
            format!("{ZE_HEAD}    payload_arguments:\n      - arg_type: printf_buffer\n        offset: 0\n        size: 8\n"),
            "arg_type",
        ),
        ("a line that fits nothing", format!("{ZE_HEAD}  stray\n"), "line 6"),
        ("an unterminated quote", ZE_HEAD.replace("'1.20'", "'1.20"), "line 1"),
    ] {
        let e = ze_info(&text).expect_err(what);
        assert!(e.field.contains(field), "{what}: {e}");
    }
    // Deep nesting is refused, not recursed into without end.
    let mut deep = String::from("version: '1.0'\nkernels:\n");
    for d in 0..40 {
        deep.push_str(&format!("{}k{d}:\n", "  ".repeat(d + 1)));
    }
    let e = ze_info(&deep).unwrap_err();
    assert!(e.message.contains("nested more than"), "{e}");
    // Unknown argument types are skipped and counted.
    let r = ze_info(&format!(
        "{ZE_HEAD}    payload_arguments:\n      - arg_type: something_new\n        offset: 0\n        size: 4\n"
    ))
    .unwrap();
    assert_eq!(r.warnings.len(), 1, "{:?}", r.warnings);
}

#[test]
fn hostile_elf_headers_are_errors() {
    let good = std::fs::read(dumps().join("xe-hpg/saxpy.zebin")).unwrap();
    let cases: Vec<(&str, Edit, &str)> = vec![
        ("32-bit", Box::new(|b| b[4] = 1), "EI_CLASS"),
        ("big-endian", Box::new(|b| b[5] = 2), "EI_DATA"),
        (
            "section headers past the end",
            Box::new(|b| b[0x28..0x30].copy_from_slice(&u64::MAX.to_le_bytes())),
            "e_shoff",
        ),
        (
            "a huge section count",
            Box::new(|b| b[0x3c..0x3e].copy_from_slice(&u16::MAX.to_le_bytes())),
            "e_shoff",
        ),
        (
            "a small section header",
            Box::new(|b| b[0x3a..0x3c].copy_from_slice(&8u16.to_le_bytes())),
            "e_shentsize",
        ),
    ];
    for (what, edit, field) in cases {
        let mut b = good.clone();
        edit(&mut b);
        let e = zeinfo::read(&b, None, Platform::XeHpg).unwrap_err();
        assert!(e.field.contains(field), "{what}: {e}");
    }
    let e = zeinfo::read(&good, None, Platform::XeHpc).unwrap_err();
    assert!(e.message.contains("the launch is for xe-hpc"), "{e}");
}

#[test]
fn launch_exits_2_naming_the_file_byte_and_field_of_a_bad_binary() {
    let dir = common::tmp_dir("formats-bad-progbin");
    let mut b = std::fs::read(dumps().join("xe-hpg/saxpy.progbin")).unwrap();
    u32_at(&mut b, 4, 7);
    let bad = dir.join("bad.progbin");
    std::fs::write(&bad, &b).unwrap();
    let kernel = dumps().join("xe-hpg/saxpy.visaasm");
    let o = launch(&[
        kernel.to_str().unwrap(),
        "--platform",
        "xe-hpg",
        "--interface",
        bad.to_str().unwrap(),
        "--global",
        "16",
        "--local",
        "16",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with(&format!("{}: byte 4: version: 7:", bad.display())),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_json_reader_and_the_schema_take_what_igc_descriptions_add() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/kernel-interface.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let v = jsonschema::draft202012::new(&schema).unwrap();
    let good = serde_json::json!({
        "format": "visa-kernel-interface/1", "simd": 16,
        "args": [{"kind": "local", "at": 96, "pointer_bytes": 8, "align": 16}],
        "payload": {"local_size": 104, "local_size_2": {"at": 116, "dims": 1}},
        "private_memory": {"at": 120, "bytes": 4160, "per": "work-item"}
    });
    assert!(v.is_valid(&good));
    let i = interface::from_value(&good).unwrap();
    assert_eq!(
        i.args[0].kind,
        interface::ArgKind::Local {
            pointer_bytes: 8,
            align: Some(16)
        }
    );
    assert_eq!(i.payload.local_size_2.unwrap().dims, 1);
    let m = i.private_memory.unwrap();
    assert_eq!(
        (m.at, m.pointer_bytes, m.bytes, m.per),
        (
            Place::Offset(120),
            8,
            4160,
            interface::PrivateScope::WorkItem
        )
    );
    let with = |key: &str, value: Value| {
        let mut j = good.clone();
        match key {
            "align" => j["args"][0]["align"] = value,
            "local_size_2" => j["payload"]["local_size_2"] = value,
            _ => j["private_memory"][key] = value,
        }
        j
    };
    for (bad, field) in [
        (with("align", serde_json::json!(0)), "args[0].align"),
        (with("align", serde_json::json!(1 << 20)), "args[0].align"),
        (with("per", serde_json::json!("lane")), "private_memory.per"),
        (
            with("bytes", serde_json::json!(1 << 25)),
            "private_memory.bytes",
        ),
        (with("at", serde_json::json!(-1)), "private_memory.at"),
        (
            with("local_size_2", serde_json::json!({"at": 0, "dims": 4})),
            "payload.local_size_2.dims",
        ),
    ] {
        assert!(!v.is_valid(&bad), "{bad}");
        match interface::from_value(&bad) {
            Err(interface::InterfaceError::Field { field: f, .. }) => assert_eq!(f, field),
            other => panic!("{bad}: {other:?}"),
        }
    }
    // An alignment that is not a power of two: the reader's check, beyond the schema's.
    let e = interface::from_value(&with("align", serde_json::json!(12))).unwrap_err();
    assert!(e.to_string().contains("power of two"), "{e}");
}

/// saxpy's program binary holding a second kernel, `saxpz`, a copy of the first.
fn two_kernels() -> Vec<u8> {
    let one = std::fs::read(dumps().join("xe-hpg/saxpy.progbin")).unwrap();
    // No program-scope tokens: the kernel runs from byte 28 to the end.
    assert_eq!(u32::from_le_bytes(one[24..28].try_into().unwrap()), 0);
    let mut second = one[28..].to_vec();
    let name = second.windows(6).position(|w| w == b"saxpy\0").unwrap();
    second[name + 4] = b'z';
    let mut two = one.clone();
    u32_at(&mut two, 16, 2);
    two.extend_from_slice(&second);
    two
}

#[test]
fn a_program_of_several_kernels_is_read_for_the_kernel_the_text_names() {
    let two = two_kernels();
    let p = progbin::read_program(&two).unwrap();
    assert_eq!(
        p.kernels
            .iter()
            .map(|k| k.name.as_str())
            .collect::<Vec<_>>(),
        ["saxpy", "saxpz"]
    );
    let r = progbin::read(&two, Some("saxpz"), Platform::XeHpg).unwrap();
    assert_eq!(r.interface.kernel.as_deref(), Some("saxpz"));
    let e = progbin::read(&two, None, Platform::XeHpg).unwrap_err();
    assert!(e.message.contains("2 kernels (`saxpy`, `saxpz`)"), "{e}");
    // `launch` reads the kernel the text's `.kernel` names.
    let dir = common::tmp_dir("formats-two-kernels");
    let iface = dir.join("two.progbin");
    std::fs::write(&iface, &two).unwrap();
    let kernel = dumps().join("xe-hpg/saxpy.visaasm");
    let o = launch(&[
        kernel.to_str().unwrap(),
        "--platform",
        "xe-hpg",
        "--interface",
        iface.to_str().unwrap(),
        "--global",
        "16",
        "--local",
        "16",
        "--arg",
        "0=zeros:64",
        "--arg",
        "1=zeros:64",
        "--arg",
        "2=f32:1",
        "--arg",
        "3=i32:16",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

mod random {
    use super::*;
    use proptest::prelude::*;

    fn committed() -> Vec<(Vec<u8>, Platform)> {
        [
            ("xe-hpg/saxpy.progbin", Platform::XeHpg),
            ("xe-hpc/recurse.progbin", Platform::XeHpc),
            ("xe-lp/reduce.progbin", Platform::XeLp),
            ("xe-hpg/saxpy.zebin", Platform::XeHpg),
            ("xe-hpc/reduce.zebin", Platform::XeHpc),
        ]
        .into_iter()
        .map(|(f, p)| (std::fs::read(dumps().join(f)).unwrap(), p))
        .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Random bytes overwritten, cut or inserted: an interface or an error, never a
        /// panic, and an error's byte lies in or just past the file.
        #[test]
        fn mutated_binaries_read_or_fail(
            which in 0..5usize,
            edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0..3u8), 1..8),
        ) {
            let (mut b, platform) = committed().swap_remove(which);
            for (at, byte, how) in edits {
                let at = at % b.len().max(1);
                match how {
                    0 => b[at] = byte,
                    1 => b.truncate(at.max(4)),
                    _ => b.insert(at, byte),
                }
            }
            // A field cut by the end of the file is named at its own offset.
            if let Some(Err(e)) = formats::read_igc(&b, None, Some(platform)) {
                prop_assert!(e.offset <= b.len() as u64 + 64, "{}", e);
            }
        }

        /// A real `.ze_info` text with lines dropped, repeated or re-indented.
        #[test]
        fn mutated_ze_info_text_reads_or_fails(
            edits in proptest::collection::vec((any::<usize>(), 0..3u8, 0..6usize), 1..6),
        ) {
            let text = ze_info_of("xe-hpg/reduce.zebin");
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            for (at, how, n) in edits {
                let at = at % lines.len();
                match how {
                    0 => { lines.remove(at); }
                    1 => { let l = lines[at].clone(); lines.insert(at, l); }
                    _ => { lines[at] = format!("{}{}", " ".repeat(n), lines[at].trim_start()); }
                }
                if lines.is_empty() { break; }
            }
            let t = lines.join("\n");
            let _ = zeinfo::read_text(t.as_bytes(), 0, None, Platform::XeHpg);
        }
    }

    /// The `.ze_info` text of a committed zebin.
    fn ze_info_of(name: &str) -> String {
        let b = std::fs::read(dumps().join(name)).unwrap();
        let s = zeinfo::sections(&b).unwrap();
        let info = s.iter().find(|s| s.name == ".ze_info").unwrap();
        String::from_utf8(b[info.offset as usize..(info.offset + info.size) as usize].to_vec())
            .unwrap()
    }

    #[test]
    fn the_bare_ze_info_text_reads_as_its_zebin() {
        let text = ze_info_of("xe-hpg/saxpy.zebin");
        let bare = formats::read_igc(text.as_bytes(), None, Some(Platform::XeHpg))
            .unwrap()
            .unwrap();
        let bin = read(&dumps().join("xe-hpg/saxpy.zebin"), Platform::XeHpg).unwrap();
        assert_eq!(bare.interface, bin.interface);
    }
}

/// Every committed kernel launches from its `.progbin` alone, with arguments made from the
/// interface it gives: it runs (exit 0) or stops at what the launcher does not run yet
/// (exit 1), never at its interface (exit 2), except the image kernel, whose arguments it
/// cannot hold.
#[test]
fn every_kernel_launches_from_its_progbin_alone() {
    let mut ran = Vec::new();
    for (path, platform) in files("progbin") {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let i = read(&path, platform).unwrap().interface;
        let mut args = Vec::new();
        for (n, a) in i.args.iter().enumerate() {
            let value = match &a.kind {
                interface::ArgKind::Global { .. } => "zeros:4096".to_string(),
                interface::ArgKind::Local { .. } => "local:256".to_string(),
                interface::ArgKind::Scalar { ty, count } => {
                    format!("{}:{}", ty.name(), vec!["1"; *count as usize].join(","))
                }
                interface::ArgKind::Sampler { .. } => {
                    "sampler:nearest:clamp_to_edge:unnormalized".to_string()
                }
                interface::ArgKind::Image { dims, .. } => match dims {
                    interface::ImageDims::D1 => "image1d:rgba32_float:64:zeros".to_string(),
                    interface::ImageDims::D1Array | interface::ImageDims::D2 => {
                        "image2d:rgba32_float:64:64:zeros".to_string()
                    }
                    interface::ImageDims::D2Array | interface::ImageDims::D3 => {
                        "image3d:rgba32_float:16:16:4:zeros".to_string()
                    }
                },
            };
            args.push("--arg".to_string());
            args.push(format!("{n}={value}"));
        }
        let dir = path.parent().unwrap();
        let mut kernel = vec![path.with_extension("visaasm")];
        let f0 = dir.join(format!("{name}_f0.visaasm"));
        if f0.exists() {
            kernel.push(f0);
        }
        let o = Command::new(BIN)
            .arg("launch")
            .args(&kernel)
            .args(["--platform", &platform.to_string(), "--interface"])
            .arg(&path)
            .args(["--global", "32", "--local", "16", "--step-limit", "20000"])
            .args(&args)
            .output()
            .unwrap();
        let what = format!("{platform}/{name}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            matches!(o.status.code(), Some(0 | 1)),
            "{what}: {:?} {err}",
            o.status.code()
        );
        if o.status.code() == Some(0) {
            ran.push(what.clone());
            assert_eq!(err, "", "{what}: every .input is described");
        }
    }
    // saxpy, the Collatz loop, the switch, the private array, the 64-bit mixes, block
    // reads, float math, shuffles, sub-group operations, the SLM reduction with its
    // barriers, the histogram through tagged SLM addresses (SLM-ADDRESS-HIGH-BITS), the
    // image writes (SCATTER4_TYPED) and the image block reads and writes (MEDIA_LD,
    // MEDIA_ST) on gen9 and xe-lp (legacy dataport), xe-hpg and xe-hpc (LSC), and
    // conversions and double precision on gen9 and xe-hpc.
    ran.sort();
    let expected: Vec<String> = ["gen9", "xe-hpc", "xe-hpg", "xe-lp"]
        .iter()
        .flat_map(|p| {
            // The image reads, writes and block accesses take image (and sampler)
            // arguments, which the other kernels' launches do not.
            let both: Vec<&str> = IGC_KERNELS
                .iter()
                .copied()
                .chain(["image", "imgconst", "imgwrite", "mblock"])
                .collect();
            let with_fp64: &[&str] = if matches!(*p, "gen9" | "xe-hpc") {
                &["convert", "double"]
            } else {
                &[]
            };
            both.iter()
                .chain(with_fp64)
                .map(move |k| format!("{p}/{k}"))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(ran, expected, "kernels that ran");
}
