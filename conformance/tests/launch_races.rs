//! `visa-conform launch --races`: the race detector in a launch (docs/races.md). Real IGC
//! reductions report nothing; hand-written two-thread kernels race, or do not, as
//! happens-before over barriers, fences and atomics says.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::launch::{dumps, ints, launch, report, stderr};

use std::path::Path;

use serde_json::Value;

/// The 1-based line of the `nth` (from 0) line of `text` holding `needle`.
fn line_of(text: &str, needle: &str, nth: usize) -> usize {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.contains(needle))
        .nth(nth)
        .map(|(k, _)| k + 1)
        .unwrap_or_else(|| panic!("no {nth}th `{needle}`"))
}

#[test]
fn the_reductions_igc_compiled_report_no_race_on_either_engine_or_schedule() {
    // reduce.cl (launch.rs runs it for its sums): the halving steps over the __local tmp
    // are separated by `lsc_fence.slm` and `barrier`, and work-item 0 of each group adds to
    // *out atomically, so no two threads touch a byte unordered.
    let dir = common::tmp_dir("races-reduce");
    let inf = dir.join("in.bin");
    let input: Vec<u8> = (0..256i32).flat_map(|i| (i - 7).to_le_bytes()).collect();
    std::fs::write(&inf, input).unwrap();
    let in_arg = format!("0=buf:{}", inf.display());
    for platform in ["xe-hpg", "xe-hpc"] {
        let kernel = dumps().join(format!("{platform}/reduce.visaasm"));
        let iface = dumps().join(format!("{platform}/reduce.interface.json"));
        // 64 work-items a group: two SIMD32 threads; 128: four.
        for local in ["64", "128"] {
            let tmp = format!("2=local:{}", local.parse::<u32>().unwrap() * 4);
            for engine in ["spec", "oracle"] {
                for schedule in [None, Some("1"), Some("2"), Some("99")] {
                    for races in ["error", "warn"] {
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
                            "--races",
                            races,
                        ];
                        if let Some(seed) = schedule {
                            args.extend(["--schedule", seed]);
                        }
                        let o = launch(&args);
                        let what = format!("{platform} {local} {engine} {schedule:?} {races}");
                        assert_eq!(o.status.code(), Some(0), "{what}: {}", stderr(&o));
                        let r = report(&o);
                        assert_eq!(r["status"], "ok", "{what}: {r}");
                        assert_eq!(r["races"], 0, "{what}: {r}");
                        assert!(r.get("race_reports").is_none(), "{what}: {r}");
                    }
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Two SIMD1 threads of one work-group (lid 0 and 1): lid 0 runs `@FIRST@`, then every thread
/// `@SYNC@`, then lid 1 runs `@SECOND@`. VAL is lid + 100; OA is out + 4, FA out + 8, OB out + 12;
/// ADDR is SLM byte 4.
const TWO_THREADS: &str = ".version 4.1
.kernel \"two\"
.decl LID v_type=G type=uw num_elts=1
.decl OUT v_type=G type=uq num_elts=1
.decl ADDR v_type=G type=ud num_elts=1
.decl OA v_type=G type=uq num_elts=1
.decl FA v_type=G type=uq num_elts=1
.decl OB v_type=G type=uq num_elts=1
.decl VAL v_type=G type=ud num_elts=1
.decl OLD v_type=G type=ud num_elts=1
.decl GOT v_type=G type=ud num_elts=1
.decl ZERO v_type=G type=ud num_elts=1
.decl ONE v_type=G type=ud num_elts=1
.decl P1 v_type=P num_elts=1
.input LID offset=32 size=2
.input OUT offset=64 size=8
.kernel_attr SimdSize=1
mov (M1, 1) ADDR(0,0)<1> 0x4:ud
add (M1, 1) OA(0,0)<1> OUT(0,0)<0;1,0> 0x4:uq
add (M1, 1) FA(0,0)<1> OUT(0,0)<0;1,0> 0x8:uq
add (M1, 1) OB(0,0)<1> OUT(0,0)<0;1,0> 0xc:uq
add (M1, 1) VAL(0,0)<1> LID(0,0)<0;1,0> 0x64:ud
mov (M1, 1) ZERO(0,0)<1> 0x0:ud
mov (M1, 1) ONE(0,0)<1> 0x1:ud
cmp.eq (M1, 1) P1 LID(0,0)<0;1,0> 0x0:uw
(!P1) goto (M1, 1) SKIP_FIRST
@FIRST@
SKIP_FIRST:
@SYNC@
cmp.eq (M1, 1) P1 LID(0,0)<0;1,0> 0x1:uw
(!P1) goto (M1, 1) END
@SECOND@
END:
ret (M1, 1)
";

const SLM_STORE: &str = "lsc_store.slm (M1, 1) flat[ADDR]:a32 VAL:d32";
const UGM_STORE: &str = "lsc_store.ugm (M1, 1) flat[OA]:a64 VAL:d32";
const SLM_ATOMIC: &str = "lsc_atomic_iadd.slm (M1, 1) OLD:d32 flat[ADDR]:a32 VAL %null";
const UGM_ATOMIC: &str = "lsc_atomic_iadd.ugm (M1, 1) OLD:d32 flat[OA]:a64 VAL %null";

fn two_threads(first: &str, sync: &str, second: &str) -> String {
    TWO_THREADS
        .replace("@FIRST@\n", &format!("{first}\n"))
        .replace("@SYNC@\n", &format!("{sync}\n"))
        .replace("@SECOND@\n", &format!("{second}\n"))
}

const INTERFACE: &str = r#"{"format": "visa-kernel-interface/1", "simd": 1, "slm_bytes": 16,
    "args": [{"name": "out", "kind": "global", "at": 64}],
    "payload": {"local_id": {"x": 32}}}"#;

/// Launches `text` as two threads of one work-group with `out` 16 zero bytes; the report,
/// the exit status and `out`'s final dwords.
fn run_two(
    dir: &Path,
    text: &str,
    engine: &str,
    races: &str,
    schedule: Option<&str>,
) -> (Value, Option<i32>, Vec<i32>) {
    run_groups(dir, text, (engine, races, schedule), 1, "1")
}

/// [`run_two`] over `groups` work-groups of two threads, with `--jobs JOBS`.
fn run_groups(
    dir: &Path,
    text: &str,
    (engine, races, schedule): (&str, &str, Option<&str>),
    groups: u32,
    jobs: &str,
) -> (Value, Option<i32>, Vec<i32>) {
    let k = dir.join("two.visaasm");
    let i = dir.join("two.json");
    std::fs::write(&k, text).unwrap();
    std::fs::write(&i, INTERFACE).unwrap();
    let out = dir.join("out");
    let _ = std::fs::remove_dir_all(&out);
    let global = (2 * groups).to_string();
    let mut args = vec![
        k.to_str().unwrap(),
        "--platform",
        "xe-hpc",
        "--interface",
        i.to_str().unwrap(),
        "--global",
        &global,
        "--local",
        "2",
        "--arg",
        "0=zeros:16",
        "--engine",
        engine,
        "--races",
        races,
        "--jobs",
        jobs,
        "--out",
        out.to_str().unwrap(),
    ];
    if let Some(seed) = schedule {
        args.extend(["--schedule", seed]);
    }
    let o = launch(&args);
    let r = report(&o);
    let words = ints(&out.join("arg0.bin"));
    (r, o.status.code(), words)
}

/// The report without what names the engine.
fn engine_free(mut r: Value) -> Value {
    if let Some(m) = r.as_object_mut() {
        m.remove("engine");
    }
    r
}

#[test]
fn two_threads_storing_to_the_same_bytes_without_a_barrier_race() {
    let dir = common::tmp_dir("races-unordered");
    // SLM byte 4 and out[1]: lid 0 stores 100, then lid 1 stores 101, nothing between.
    for (store, memory) in [
        (SLM_STORE, "slm[0x4] of work-group 0"),
        (UGM_STORE, "flat[0x10004]"),
    ] {
        let text = two_threads(store, "", store);
        let (a, b) = (line_of(&text, store, 0), line_of(&text, store, 1));
        let mut reports = Vec::new();
        for engine in ["spec", "oracle"] {
            // `error`: the default schedule runs lid 0 to its end, then lid 1, whose store
            // is the later access: the error is at its line, in its thread.
            let (r, code, _) = run_two(&dir, &text, engine, "error", None);
            assert_eq!(code, Some(1), "{r}");
            assert_eq!(r["status"], "error", "{r}");
            assert_eq!(r["error"]["class"], "data-race", "{r}");
            assert_eq!(r["error"]["pos"], format!("{b}:1"), "{r}");
            assert_eq!(r["error"]["thread"]["index"], 1, "{r}");
            assert_eq!(r["races"], 1, "{r}");
            let m = r["error"]["message"].as_str().unwrap();
            for part in [
                format!("data race on {memory}"),
                format!("write by thread (group [0, 0, 0], index 0) lane 0 at line {a}"),
                format!("write by thread (group [0, 0, 0], index 1) lane 0 at line {b}"),
            ] {
                assert!(m.contains(&part), "{part}: {m}");
            }
            reports.push(engine_free(r));
            // `warn`: the run goes on to its end with the race listed; lid 1's store is
            // the last.
            let (r, code, out) = run_two(&dir, &text, engine, "warn", None);
            assert_eq!(code, Some(0), "{r}");
            assert_eq!(r["status"], "ok", "{r}");
            assert_eq!(r["races"], 1, "{r}");
            let listed = r["race_reports"].as_array().unwrap();
            assert_eq!(listed.len(), 1, "{r}");
            assert_eq!(listed[0]["class"], "data-race");
            assert_eq!(listed[0]["pos"], format!("{b}:1"));
            assert_eq!(listed[0]["thread"]["index"], 1);
            if store == UGM_STORE {
                assert_eq!(out, [0, 101, 0, 0]);
            }
            reports.push(engine_free(r));
            // Any interleaving: still a race between the two lines, whichever ran first.
            for seed in ["1", "2", "3"] {
                let (r, code, _) = run_two(&dir, &text, engine, "error", Some(seed));
                assert_eq!(code, Some(1), "{seed}: {r}");
                assert_eq!(r["error"]["class"], "data-race", "{r}");
                let m = r["error"]["message"].as_str().unwrap();
                assert!(m.contains(&format!("at line {a}")), "{m}");
                assert!(m.contains(&format!("at line {b}")), "{m}");
                reports.push(engine_free(r));
            }
            // `off`: not looked for; the run ends as without a detector.
            let (r, code, _) = run_two(&dir, &text, engine, "off", None);
            assert_eq!(code, Some(0), "{r}");
            assert_eq!(r["races"], 0, "{r}");
        }
        // Both engines give the same reports.
        let (spec, oracle) = reports.split_at(reports.len() / 2);
        assert_eq!(spec, oracle);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_barrier_orders_shared_local_memory_and_global_memory_behind_a_global_fence() {
    let dir = common::tmp_dir("races-barrier");
    let fenced = "lsc_fence.ugm.none.group\nbarrier";
    let cases = [
        // The barrier orders SLM by itself (3_execution_model.md, "Shared Local Memory").
        (SLM_STORE, "barrier", 0),
        (SLM_STORE, "lsc_fence.slm.none.group\nbarrier", 0),
        // Global memory only behind a global fence before the barrier
        // (BARRIER-MEMORY-ORDER, resolved): without it the two stores race.
        (UGM_STORE, "barrier", 1),
        (UGM_STORE, fenced, 0),
        // An SLM fence does not order global memory.
        (UGM_STORE, "lsc_fence.slm.none.group\nbarrier", 1),
    ];
    for (store, sync, races) in cases {
        let text = two_threads(store, sync, store);
        for engine in ["spec", "oracle"] {
            for schedule in [None, Some("4"), Some("5")] {
                let (r, code, out) = run_two(&dir, &text, engine, "warn", schedule);
                let what = format!("{store} / {sync} / {engine} {schedule:?}");
                assert_eq!(code, Some(0), "{what}: {r}");
                assert_eq!(r["races"], races, "{what}: {r}");
                if store == UGM_STORE {
                    // The barrier puts lid 1's store after lid 0's on every schedule.
                    assert_eq!(out, [0, 101, 0, 0], "{what}");
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn atomics_on_the_same_bytes_do_not_race_with_each_other_but_with_a_plain_access() {
    let dir = common::tmp_dir("races-atomic");
    for engine in ["spec", "oracle"] {
        for schedule in [None, Some("6"), Some("7")] {
            for atomic in [SLM_ATOMIC, UGM_ATOMIC] {
                let text = two_threads(atomic, "", atomic);
                let (r, code, out) = run_two(&dir, &text, engine, "error", schedule);
                assert_eq!(code, Some(0), "{atomic} {engine} {schedule:?}: {r}");
                assert_eq!(r["races"], 0, "{r}");
                if atomic == UGM_ATOMIC {
                    assert_eq!(out, [0, 201, 0, 0], "both adds land");
                }
            }
            // lid 0 adds atomically, lid 1 stores plainly: a race.
            let text = two_threads(UGM_ATOMIC, "", UGM_STORE);
            let (r, code, _) = run_two(&dir, &text, engine, "error", schedule);
            assert_eq!(code, Some(1), "{r}");
            assert_eq!(r["error"]["class"], "data-race", "{r}");
            let m = r["error"]["message"].as_str().unwrap();
            assert!(m.contains("atomic by thread"), "{m}");
            assert!(m.contains("write by thread"), "{m}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Message passing through global memory: lid 0 stores the data (`out[1]` = 100), fences,
/// sets the flag (`out[2]`) atomically; lid 1 spins on the flag atomically until it is set,
/// fences, reads the data and copies it to `out[3]`.
const PRODUCER: &str = "lsc_store.ugm (M1, 1) flat[OA]:a64 VAL:d32
PRODUCER_FENCE
lsc_atomic_iadd.ugm (M1, 1) OLD:d32 flat[FA]:a64 ONE %null";
const CONSUMER: &str = "SPIN:
lsc_atomic_iadd.ugm (M1, 1) OLD:d32 flat[FA]:a64 ZERO %null
cmp.eq (M1, 1) P1 OLD(0,0)<0;1,0> 0x0:ud
(P1) goto (M1, 1) SPIN
CONSUMER_FENCE
lsc_load.ugm (M1, 1) GOT:d32 flat[OA]:a64
lsc_store.ugm (M1, 1) flat[OB]:a64 GOT:d32";

#[test]
fn message_passing_through_a_fence_and_an_atomic_is_ordered_and_without_either_fence_races() {
    // FENCE-ATOMIC-ORDER: the producer's fence then atomic, and the consumer's atomic
    // (which saw the flag set) then fence, order the data's store before its load. Drop
    // either fence and nothing orders them: the store and the load race.
    let dir = common::tmp_dir("races-message-passing");
    let fence = "lsc_fence.ugm.none.group";
    let cases = [
        (fence, fence, 0),
        ("", fence, 1),
        (fence, "", 1),
        // The legacy FENCE orders global memory the same way (Mask without bit 5).
        ("fence_global", "fence_global", 0),
    ];
    for (producer_fence, consumer_fence, races) in cases {
        let producer = PRODUCER.replace("PRODUCER_FENCE", producer_fence);
        let consumer = CONSUMER.replace("CONSUMER_FENCE", consumer_fence);
        let text = two_threads(&producer, "", &consumer);
        let store = line_of(&text, "lsc_store.ugm (M1, 1) flat[OA]", 0);
        let load = line_of(&text, "lsc_load.ugm", 0);
        for engine in ["spec", "oracle"] {
            for schedule in [None, Some("8"), Some("9"), Some("10")] {
                let what = format!("{producer_fence:?} {consumer_fence:?} {engine} {schedule:?}");
                let (r, code, out) = run_two(&dir, &text, engine, "warn", schedule);
                assert_eq!(code, Some(0), "{what}: {r}");
                assert_eq!(out, [0, 100, 1, 100], "{what}: the consumer saw the data");
                assert_eq!(r["races"], races, "{what}: {r}");
                if races > 0 {
                    let m = r["race_reports"][0]["message"].as_str().unwrap();
                    assert!(
                        m.contains(&format!(
                            "write by thread (group [0, 0, 0], index 0) lane 0 at line {store}"
                        )),
                        "{what}: {m}"
                    );
                    assert!(
                        m.contains(&format!(
                            "read by thread (group [0, 0, 0], index 1) lane 0 at line {load}"
                        )),
                        "{what}: {m}"
                    );
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn work_groups_at_once_find_the_races_found_in_order() {
    // Three work-groups of two threads; lid 1 of every group stores to out[1] (the groups
    // race with each other), or adds to it atomically (no race, every group reads what
    // the one before wrote). With 2 jobs the groups run at once: the detector is fed in
    // work-group order, and stops the launch where it stops in order (`error`: the run
    // starts again, in order), so the reports and buffers are those of 1 job.
    let dir = common::tmp_dir("races-jobs");
    for (second, races_in_order) in [(UGM_STORE, 1), (UGM_ATOMIC, 0)] {
        let text = two_threads("", "", second);
        for engine in ["spec", "oracle"] {
            for races in ["error", "warn", "off"] {
                let one = run_groups(&dir, &text, (engine, races, None), 3, "1");
                let two = run_groups(&dir, &text, (engine, races, None), 3, "2");
                let what = format!("{second} {engine} --races {races}");
                assert_eq!(one, two, "{what}");
                let (r, code, words) = one;
                match (races, races_in_order) {
                    ("error", 1) => {
                        assert_eq!(code, Some(1), "{what}: {r}");
                        assert_eq!(r["error"]["class"], "data-race", "{what}: {r}");
                        assert_eq!(r["error"]["thread"]["group"][0], 1, "{what}: {r}");
                    }
                    ("off", _) => assert_eq!(r["races"], 0, "{what}: {r}"),
                    _ => assert_eq!(r["races"], races_in_order, "{what}: {r}"),
                }
                if second == UGM_ATOMIC {
                    assert_eq!(words, [0, 303, 0, 0], "{what}");
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_igc_reduction_with_its_barriers_removed_races() {
    // reduce.cl as IGC compiled it, with every `barrier` line deleted (the fences stay: a
    // fence orders nothing between threads without an atomic after it, FENCE-ATOMIC-ORDER).
    // A work-group of 64 work-items is two hardware threads (SIMD32 on xe-hpg, SIMD16 x4
    // on xe-lp); the first halving step reads tmp[lid + 32], which the other thread wrote
    // with nothing ordering the two: a data race in SLM, on both engines and any schedule.
    let dir = common::tmp_dir("races-reduce-no-barrier");
    let inf = dir.join("in.bin");
    let input: Vec<u8> = (0..128i32).flat_map(|i| i.to_le_bytes()).collect();
    std::fs::write(&inf, input).unwrap();
    let in_arg = format!("0=buf:{}", inf.display());
    for platform in ["xe-hpg", "xe-lp", "gen9"] {
        let text =
            std::fs::read_to_string(dumps().join(format!("{platform}/reduce.visaasm"))).unwrap();
        let removed: Vec<&str> = text
            .lines()
            .filter(|l| l.split_whitespace().next() != Some("barrier"))
            .collect();
        assert!(
            removed.len() < text.lines().count(),
            "{platform}: reduce has barriers"
        );
        let kernel = dir.join(format!("{platform}-reduce.visaasm"));
        std::fs::write(&kernel, removed.join("\n") + "\n").unwrap();
        let iface = dumps().join(format!("{platform}/reduce.progbin"));
        for engine in ["spec", "oracle"] {
            for schedule in [None, Some("5")] {
                let mut args = vec![
                    kernel.to_str().unwrap(),
                    "--platform",
                    platform,
                    "--interface",
                    iface.to_str().unwrap(),
                    "--global",
                    "128",
                    "--local",
                    "64",
                    "--arg",
                    &in_arg,
                    "--arg",
                    "1=zeros:4",
                    "--arg",
                    "2=local:256",
                    "--engine",
                    engine,
                ];
                if let Some(seed) = schedule {
                    args.extend(["--schedule", seed]);
                }
                let o = launch(&args);
                let what = format!("{platform} {engine} {schedule:?}");
                let r = report(&o);
                assert_eq!(o.status.code(), Some(1), "{what}: {r} {}", stderr(&o));
                assert_eq!(r["error"]["class"], "data-race", "{what}: {r}");
                let m = r["error"]["message"].as_str().unwrap();
                assert!(m.contains("data race on slm["), "{what}: {m}");
            }
            // The same kernel with its barriers runs clean (the test above sums it).
            let o = launch(&[
                dumps()
                    .join(format!("{platform}/reduce.visaasm"))
                    .to_str()
                    .unwrap(),
                "--platform",
                platform,
                "--interface",
                iface.to_str().unwrap(),
                "--global",
                "128",
                "--local",
                "64",
                "--arg",
                &in_arg,
                "--arg",
                "1=zeros:4",
                "--arg",
                "2=local:256",
                "--engine",
                engine,
            ]);
            assert_eq!(
                o.status.code(),
                Some(0),
                "{platform} {engine}: {}",
                stderr(&o)
            );
            assert_eq!(report(&o)["races"], 0);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
