//! The race detector (conformance/src/launch/races.rs, docs/races.md) on hand-written event
//! streams: the races it must find, the orderings it must see (barriers, named barriers,
//! fences with atomics), the report's content, and its bounds on adversarial streams.
#![allow(clippy::unwrap_used)]

use visa_conformance::launch::races::{
    BarrierOrders, Detector, FenceScope, Options, Race, Side, MAX_REPORTS, MAX_SHADOW_BYTES,
};
use visa_model::error::ErrorClass;
use visa_model::ir::lsc::Sfid;
use visa_model::state::{Access, AccessKind, FLAT, SLM};

use AccessKind::{Atomic, Read, Write};

fn at(insn: u32, lane: u32, space: &'static str, addr: u64, len: u64, kind: AccessKind) -> Access {
    Access {
        insn,
        lane: Some(lane),
        space,
        addr,
        len,
        kind,
    }
}

fn slm(insn: u32, addr: u64, kind: AccessKind) -> Access {
    at(insn, 0, SLM, addr, 4, kind)
}

fn flat(insn: u32, addr: u64, kind: AccessKind) -> Access {
    at(insn, 0, FLAT, addr, 4, kind)
}

/// `n` threads in one work-group.
fn group(n: usize) -> Detector {
    Detector::new(&vec![0; n], Options::default())
}

#[test]
fn write_write_and_read_write_races_are_found() {
    let mut d = group(2);
    d.access(0, &slm(3, 0x10, Write)).unwrap();
    d.access(1, &slm(7, 0x12, Write)).unwrap();
    assert_eq!(d.races().len(), 1);
    let r = &d.races()[0];
    assert_eq!((r.space, r.addr), (SLM, 0x12));
    assert_eq!((r.earlier.insn, r.earlier.kind), (3, Write));
    assert_eq!((r.later.insn, r.later.kind), (7, Write));

    // A read then a write, and a write then a read, in global memory.
    let mut d = group(2);
    d.access(0, &flat(1, 0x1000, Read)).unwrap();
    d.access(1, &flat(2, 0x1000, Write)).unwrap();
    d.access(0, &flat(4, 0x1000, Read)).unwrap();
    let kinds: Vec<_> = d
        .races()
        .iter()
        .map(|r| (r.earlier.insn, r.earlier.kind, r.later.insn, r.later.kind))
        .collect();
    assert_eq!(kinds, vec![(1, Read, 2, Write), (2, Write, 4, Read)]);
    assert_eq!(d.found(), 2);
}

#[test]
fn reads_alone_and_one_thread_alone_never_race() {
    let mut d = group(3);
    for t in 0..3 {
        d.access(t, &slm(1, 0, Read)).unwrap();
    }
    // One thread's own accesses are in program order (lanes of one message too).
    d.access(2, &at(5, 0, FLAT, 0, 8, Write)).unwrap();
    d.access(2, &at(5, 1, FLAT, 4, 8, Write)).unwrap();
    d.access(2, &flat(6, 0, Read)).unwrap();
    assert!(d.races().is_empty(), "{:?}", d.races());
}

/// A work-group reduction over shared local memory, as reduce.cl (conformance/tests/dumps/
/// igc/src/reduce.cl) runs it: each level reads its partner's partial sum written before
/// the last barrier.
#[test]
fn the_barrier_separated_accesses_of_a_reduction_are_not_races() {
    let n = 8u32;
    let all: Vec<u32> = (0..n).collect();
    let mut d = group(n as usize);
    // tmp[lid] = in[gid]
    for t in 0..n {
        d.access(t, &flat(0, 0x1000 + 4 * u64::from(t), Read))
            .unwrap();
        d.access(t, &slm(1, 4 * u64::from(t), Write)).unwrap();
    }
    // IGC writes `lsc_fence.slm` before each barrier; the barrier orders SLM by itself too.
    d.sync(&all, &all).unwrap();
    let mut s = n / 2;
    while s > 0 {
        for t in 0..s {
            d.access(t, &slm(2, 4 * u64::from(t), Read)).unwrap();
            d.access(t, &slm(3, 4 * u64::from(t + s), Read)).unwrap();
            d.access(t, &slm(4, 4 * u64::from(t), Write)).unwrap();
        }
        d.sync(&all, &all).unwrap();
        s /= 2;
    }
    d.access(0, &slm(5, 0, Read)).unwrap();
    d.access(0, &at(6, 0, FLAT, 0x2000, 4, Atomic)).unwrap();
    assert!(d.races().is_empty(), "{:?}", d.races());

    // The same kernel with the barrier of the first level removed: thread 0 reads
    // tmp[4], which thread 4 wrote with nothing between.
    let mut d = group(n as usize);
    for t in 0..n {
        d.access(t, &slm(1, 4 * u64::from(t), Write)).unwrap();
    }
    d.access(0, &slm(3, 16, Read)).unwrap();
    assert_eq!(d.found(), 1);
    let r = &d.races()[0];
    assert_eq!((r.earlier.thread, r.later.thread, r.addr), (4, 0, 16));
}

#[test]
fn shared_local_memory_is_per_work_group_and_global_memory_is_shared() {
    // Threads 0 and 1 in different work-groups.
    let mut d = Detector::new(&[0, 1], Options::default());
    d.access(0, &slm(1, 0, Write)).unwrap();
    d.access(1, &slm(1, 0, Write)).unwrap();
    assert!(d.races().is_empty());
    d.access(0, &flat(2, 0, Write)).unwrap();
    d.access(1, &flat(2, 0, Write)).unwrap();
    assert_eq!(d.found(), 1);
    assert_eq!(d.races()[0].group, None);
    let mut d = group(2);
    d.access(0, &slm(1, 0, Write)).unwrap();
    d.access(1, &slm(2, 0, Read)).unwrap();
    assert_eq!(d.races()[0].group, Some(0));
}

#[test]
fn atomics_on_the_same_bytes_do_not_race_but_race_with_plain_accesses() {
    let mut d = group(3);
    for t in 0..3 {
        d.access(t, &flat(1, 0x40, Atomic)).unwrap();
    }
    assert!(d.races().is_empty());
    // A plain read of the counter, unordered with the atomics.
    d.access(0, &flat(2, 0x40, Read)).unwrap();
    assert_eq!(d.found(), 1);
    assert_eq!(d.races()[0].earlier.kind, Atomic);
    // A plain write, then an atomic of another thread.
    let mut d = group(2);
    d.access(0, &flat(1, 0x40, Write)).unwrap();
    d.access(1, &flat(2, 0x40, Atomic)).unwrap();
    assert_eq!(d.found(), 1);
    // Atomics counted, a barrier, then the count read: ordered (atomic_inc then barrier
    // then `lb[lid]`, atomics.cl).
    let mut d = group(2);
    d.access(0, &slm(1, 0, Atomic)).unwrap();
    d.access(1, &slm(1, 0, Atomic)).unwrap();
    d.sync(&[0, 1], &[0, 1]).unwrap();
    d.access(0, &slm(2, 0, Read)).unwrap();
    assert!(d.races().is_empty());
}

/// Message passing: thread 0 writes the data, fences, sets a flag atomically; thread 1
/// reads the flag atomically, fences, reads the data.
fn message_passing(
    release: FenceScope,
    acquire: FenceScope,
    data: fn(u32, u64, AccessKind) -> Access,
) -> usize {
    let mut d = group(2);
    d.access(0, &data(1, 0x100, Write)).unwrap();
    d.fence(0, release).unwrap();
    d.access(0, &flat(2, 0x200, Atomic)).unwrap();
    d.access(1, &flat(3, 0x200, Atomic)).unwrap();
    d.fence(1, acquire).unwrap();
    d.access(1, &data(4, 0x100, Read)).unwrap();
    d.found()
}

#[test]
fn fences_and_an_atomic_order_message_passing() {
    let (g, s) = (FenceScope::GLOBAL, FenceScope::SLM);
    assert_eq!(message_passing(g, g, flat), 0);
    assert_eq!(message_passing(s, s, slm), 0);
    assert_eq!(message_passing(FenceScope::ALL, FenceScope::ALL, slm), 0);
    // No release fence, no acquire fence, or fences of the other space: the data race.
    assert_eq!(message_passing(FenceScope::NONE, g, flat), 1);
    assert_eq!(message_passing(g, FenceScope::NONE, flat), 1);
    assert_eq!(message_passing(s, s, flat), 1);
    assert_eq!(message_passing(g, g, slm), 1);
    // FENCE_SW is a scheduling barrier only.
    let sw = FenceScope::of_fence_mask(0x80);
    assert_eq!(message_passing(sw, sw, flat), 1);
    // The acquiring atomic must come after the releasing one: read first, it sees nothing.
    let mut d = group(2);
    d.access(1, &flat(3, 0x200, Atomic)).unwrap();
    d.fence(1, FenceScope::GLOBAL).unwrap();
    d.access(0, &flat(1, 0x100, Write)).unwrap();
    d.fence(0, FenceScope::GLOBAL).unwrap();
    d.access(0, &flat(2, 0x200, Atomic)).unwrap();
    d.access(1, &flat(4, 0x100, Read)).unwrap();
    assert_eq!(d.found(), 1);
    // A fence by itself orders nothing between threads: fences on both sides of a plain
    // flag still race, on the flag and on the data.
    let mut d = group(2);
    d.access(0, &flat(1, 0x100, Write)).unwrap();
    d.fence(0, FenceScope::GLOBAL).unwrap();
    d.access(0, &flat(2, 0x200, Write)).unwrap();
    d.access(1, &flat(3, 0x200, Read)).unwrap();
    d.fence(1, FenceScope::GLOBAL).unwrap();
    d.access(1, &flat(4, 0x100, Read)).unwrap();
    assert_eq!(d.found(), 2);
}

#[test]
fn fence_scopes_read_from_the_instructions() {
    assert_eq!(FenceScope::of_fence_mask(0x01), FenceScope::GLOBAL);
    assert_eq!(FenceScope::of_fence_mask(0x21), FenceScope::SLM);
    assert_eq!(FenceScope::of_fence_mask(0xa1), FenceScope::NONE);
    assert_eq!(FenceScope::of_lsc_fence(Sfid::Slm), FenceScope::SLM);
    for sfid in [Sfid::Ugm, Sfid::Ugml, Sfid::Tgm] {
        assert_eq!(FenceScope::of_lsc_fence(sfid), FenceScope::GLOBAL);
    }
}

#[test]
fn a_barrier_orders_global_memory_as_far_as_a_fence_released_it() {
    let run = |options: Options, fence: bool| {
        let mut d = Detector::new(&[0, 0], options);
        d.access(0, &flat(1, 0x100, Write)).unwrap();
        if fence {
            d.fence(0, FenceScope::GLOBAL).unwrap();
        }
        d.sync(&[0, 1], &[0, 1]).unwrap();
        d.access(1, &flat(2, 0x100, Read)).unwrap();
        d.found()
    };
    let literal = Options {
        barrier_orders: BarrierOrders::All,
    };
    assert_eq!(run(Options::default(), false), 1);
    assert_eq!(run(Options::default(), true), 0);
    assert_eq!(run(literal, false), 0);
    // A write after the fence, before the barrier, is not released by it.
    let mut d = group(2);
    d.fence(0, FenceScope::GLOBAL).unwrap();
    d.access(0, &flat(1, 0x100, Write)).unwrap();
    d.sync(&[0, 1], &[0, 1]).unwrap();
    d.access(1, &flat(2, 0x100, Read)).unwrap();
    assert_eq!(d.found(), 1);
}

#[test]
fn a_named_barrier_orders_producers_before_consumers_only() {
    // Threads 0, 1 produce, 2 consumes.
    let mut d = group(3);
    d.access(0, &slm(1, 0, Write)).unwrap();
    d.access(1, &slm(1, 4, Write)).unwrap();
    d.access(2, &slm(2, 8, Write)).unwrap();
    d.sync(&[0, 1], &[2]).unwrap();
    d.access(2, &slm(3, 0, Read)).unwrap();
    d.access(2, &slm(3, 4, Read)).unwrap();
    assert!(d.races().is_empty(), "{:?}", d.races());
    // The consumer's write before the barrier is not ordered before a producer's read.
    d.access(0, &slm(4, 8, Read)).unwrap();
    assert_eq!(d.found(), 1);
    // Nor is a producer's access after its signal ordered before the consumer's.
    d.access(1, &slm(5, 0x20, Write)).unwrap();
    d.access(2, &slm(6, 0x20, Read)).unwrap();
    assert_eq!(d.found(), 2);
}

#[test]
fn a_race_names_both_instructions_threads_lanes_and_the_address() {
    let text = "\
.decl A v_type=G type=ud num_elts=8
.decl D v_type=G type=ud num_elts=8
lsc_store.slm (M1, 8) flat[A]:a32 D:d32
lsc_load.slm (M1, 8) D:d32 flat[A]:a32
";
    let program = visa_model::validate::validate(
        &visa_model::asm::parse(text).unwrap(),
        visa_model::platform::Platform::XeHpg,
    )
    .unwrap();
    let mut d = Detector::new(&[0, 0, 5, 5], Options::default());
    d.access(2, &at(0, 3, SLM, 0x40, 4, Write)).unwrap();
    d.access(3, &at(1, 6, SLM, 0x42, 4, Read)).unwrap();
    let race = &d.races()[0];
    assert_eq!(
        race,
        &Race {
            space: SLM,
            group: Some(5),
            addr: 0x42,
            earlier: Side {
                thread: 2,
                insn: 0,
                lane: Some(3),
                kind: Write
            },
            later: Side {
                thread: 3,
                insn: 1,
                lane: Some(6),
                kind: Read
            },
        }
    );
    let name = |t: u32| format!("(group {}, index {})", t / 2, t % 2);
    let e = race.to_error(&program, &name);
    assert_eq!(e.class, ErrorClass::DataRace);
    assert_eq!(e.pos.map(|p| p.line), Some(4));
    assert_eq!(
        e.message,
        "data race on slm[0x42] of work-group 5: write by thread (group 1, index 0) lane 3 at \
         line 3 `lsc_store` and read by thread (group 1, index 1) lane 6 at line 4 `lsc_load` \
         are not ordered by a barrier or by fences and an atomic"
    );
}

#[test]
fn one_report_per_pair_of_instructions_and_a_bounded_list() {
    let mut d = group(2);
    // 16 lanes of one store against 16 lanes of another: one pair.
    for lane in 0..16 {
        d.access(0, &at(1, lane, FLAT, 4 * u64::from(lane), 4, Write))
            .unwrap();
    }
    for lane in 0..16 {
        d.access(1, &at(2, lane, FLAT, 4 * u64::from(lane), 4, Write))
            .unwrap();
    }
    assert_eq!((d.races().len(), d.found()), (1, 1));
    // 200 pairs: all counted, MAX_REPORTS kept.
    let mut d = group(2);
    for k in 0..200u32 {
        d.access(0, &flat(2 * k, 4 * u64::from(k), Write)).unwrap();
        d.access(1, &flat(2 * k + 1, 4 * u64::from(k), Write))
            .unwrap();
    }
    assert_eq!((d.races().len(), d.found()), (MAX_REPORTS, 200));
}

#[test]
fn a_range_past_the_shadow_limit_is_a_resource_limit() {
    // A range larger than the shadow memory: resource-limit, not an allocation of it all.
    let mut d = group(2);
    let huge = at(0, 0, FLAT, 0, u64::MAX, Write);
    let e = d.access(0, &huge).unwrap_err();
    assert_eq!(e.class, ErrorClass::ResourceLimit);
    assert!(
        e.message.contains(&MAX_SHADOW_BYTES.to_string()),
        "{}",
        e.message
    );
}

#[test]
fn ranges_wrap_and_many_threads_stay_bounded() {
    // A range that wraps around the top of the space is taken byte by byte.
    let mut d = group(2);
    d.access(0, &at(0, 0, FLAT, u64::MAX - 1, 4, Write))
        .unwrap();
    d.access(1, &flat(1, 1, Read)).unwrap();
    assert_eq!(d.found(), 1);
    // Many threads: 2,048 threads of 32 groups read a byte, one writes it, all meet an
    // atomic counter with fences, and each group has a barrier: it runs and ends.
    let threads = 2048u32;
    let groups: Vec<u32> = (0..threads).map(|t| t / 64).collect();
    let mut d = Detector::new(&groups, Options::default());
    for t in 0..threads {
        d.access(t, &flat(1, 0, Read)).unwrap();
        d.fence(t, FenceScope::GLOBAL).unwrap();
        d.access(t, &flat(2, 0x40, Atomic)).unwrap();
        d.fence(t, FenceScope::GLOBAL).unwrap();
    }
    for g in 0..threads / 64 {
        let members: Vec<u32> = (g * 64..(g + 1) * 64).collect();
        d.sync(&members, &members).unwrap();
    }
    // Every thread acquired, through the counter, what the threads before it released:
    // the last one's read of byte 0 is ordered after every earlier read, so its write
    // races with none.
    d.access(threads - 1, &flat(3, 0, Write)).unwrap();
    assert_eq!(d.found(), 0, "{:?}", d.races());
    // A thread outside the launch is the scheduler's bug, reported, not a panic.
    assert_eq!(
        d.access(threads, &flat(1, 0, Read)).unwrap_err().class,
        ErrorClass::ModelBug
    );
    assert_eq!(
        d.sync(&[threads], &[0]).unwrap_err().class,
        ErrorClass::ModelBug
    );
    assert_eq!(
        d.fence(threads, FenceScope::ALL).unwrap_err().class,
        ErrorClass::ModelBug
    );
}

#[test]
fn launch_takes_races_off_warn_or_error_and_defaults_to_error() {
    use clap::Parser;
    use visa_conformance::cli::{Cli, Command};
    use visa_conformance::launch::races::RacesMode;
    let base = [
        "visa-conform",
        "launch",
        "k.visaasm",
        "--platform",
        "xe-hpg",
        "--interface",
        "i.json",
        "--global",
        "64",
        "--local",
        "32",
    ];
    let mode = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        match Cli::try_parse_from(args).map(|c| c.command) {
            Ok(Command::Launch(a)) => Ok(a.races),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e.kind()),
        }
    };
    assert_eq!(mode(&[]), Ok(RacesMode::Error));
    assert_eq!(mode(&["--races", "off"]), Ok(RacesMode::Off));
    assert_eq!(mode(&["--races", "warn"]), Ok(RacesMode::Warn));
    assert_eq!(mode(&["--races", "error"]), Ok(RacesMode::Error));
    assert_eq!(
        mode(&["--races", "maybe"]),
        Err(clap::error::ErrorKind::InvalidValue)
    );
}
