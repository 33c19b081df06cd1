//! Generators of multi-thread launch cases (docs/vector-format.md, "Launch cases"): whole
//! kernels whose work-groups of several hardware threads exchange data through shared local
//! memory, global memory, barriers, named barriers and atomics, valid by construction (no
//! data race, no barrier in divergent control flow, every barrier reached by every thread)
//! so that every schedule gives the same buffers.
//!
//! Each [`Kind`] is one kernel shape; a case draws its SIMD width, threads per work-group,
//! work-groups and input values from a seeded PRNG, and lists the seeds of the schedules it
//! also runs under. The expected buffers follow from the shape (each kind's doc comment
//! says how); the golden files take them from the spec engine, and the cross-check test
//! compares the spec, the oracle and the formula.

use std::fmt::Write as _;

use serde_json::json;
use visa_model::platform::Platform;

use crate::vector::{Case, Launch, LaunchArg};

/// A small PRNG (SplitMix64): the same seed gives the same draws everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// The kernel shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Each work-item stores `in[gid]` to SLM at its local id, `barrier`, loads the value of
    /// the work-item one thread on (local id + SIMD width, modulo the group's size) and
    /// stores it to `out[gid]`.
    SlmExchange,
    /// Each work-item stores `in[gid]` to SLM, then halving steps (`lid < s: tmp[lid] +=
    /// tmp[lid + s]`, predicated, a `barrier` after each), and work-item 0 stores the sum to
    /// `out[group]`.
    SlmReduce,
    /// Each work-item adds `in[gid]` to an SLM counter with `lsc_atomic_iadd.slm`, `barrier`,
    /// work-item 0 stores the counter to `out[group]`; and increments the global histogram bin
    /// `in[gid] % 8` with `lsc_atomic_iinc.ugm` (the bins are `out[groups..groups + 8]`).
    Atomics,
    /// The first half of a group's threads (producers) store `in[gid]` to SLM and signal
    /// named barrier 1; the other half (consumers) signal it, wait, load what the producer
    /// half stored (local id - half) and store it to `out[gid]`; the producers' slots of
    /// `out` stay zero.
    NamedBarrier,
    /// As [`Kind::SlmExchange`] through a global buffer `tmp` instead of SLM: the stores, then
    /// `lsc_fence.ugm.none.group` and `barrier` (a barrier orders global memory only behind
    /// a global fence, BARRIER-MEMORY-ORDER), then the loads.
    GlobalExchange,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::SlmExchange,
        Kind::SlmReduce,
        Kind::Atomics,
        Kind::NamedBarrier,
        Kind::GlobalExchange,
    ];

    /// The kernel's name, and the name of its golden file (`vectors/launch/<name>.jsonl`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::SlmExchange => "slm_exchange",
            Kind::SlmReduce => "slm_reduce",
            Kind::Atomics => "atomics",
            Kind::NamedBarrier => "named_barrier",
            Kind::GlobalExchange => "global_exchange",
        }
    }

    /// The instruction the case is about: the first component of its id.
    pub fn instruction(self) -> &'static str {
        match self {
            Kind::SlmExchange | Kind::SlmReduce => "barrier",
            Kind::Atomics => "lsc_atomic_iadd",
            Kind::NamedBarrier => "nbarrier",
            Kind::GlobalExchange => "lsc_fence",
        }
    }

    /// The golden file's path under `vectors/`.
    pub fn file(self) -> &'static str {
        match self {
            Kind::SlmExchange => "launch/slm_exchange.jsonl",
            Kind::SlmReduce => "launch/slm_reduce.jsonl",
            Kind::Atomics => "launch/atomics.jsonl",
            Kind::NamedBarrier => "launch/named_barrier.jsonl",
            Kind::GlobalExchange => "launch/global_exchange.jsonl",
        }
    }
}

/// The platform the kernels are written for (64-byte registers: a SIMD16 `uq` operand
/// spans two).
pub const PLATFORM: Platform = Platform::XeHpc;

/// Histogram bins of [`Kind::Atomics`].
const BINS: u32 = 8;

/// The NDRange of a case: SIMD width, hardware threads per work-group, work-groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub simd: u32,
    pub threads: u32,
    pub groups: u32,
}

impl Shape {
    /// Work-items of a group.
    pub fn local(self) -> u32 {
        self.simd * self.threads
    }

    /// Work-items of the NDRange.
    pub fn global(self) -> u32 {
        self.local() * self.groups
    }
}

/// A drawn case: its kind, shape, input and schedules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub kind: Kind,
    pub shape: Shape,
    /// `in`, one u32 per work-item.
    pub input: Vec<u32>,
    pub schedules: Vec<u64>,
}

/// Draws case `n` of `kind` from `rng`: SIMD 1, 8 or 16, 2 or 4 threads a group (a power of
/// two, so a group's size is one), 1 or 2 groups, small inputs, three schedule seeds.
pub fn draw(kind: Kind, rng: &mut Rng) -> Drawn {
    let simd = [1, 8, 16][rng.below(3)];
    let threads = [2, 4][rng.below(2)];
    let groups = 1 + rng.below(2) as u32;
    let shape = Shape {
        simd,
        threads,
        groups,
    };
    let input = (0..shape.global())
        .map(|_| match rng.below(4) {
            0 => rng.next_u64() as u32,
            _ => rng.below(1000) as u32,
        })
        .collect();
    let schedules = (0..3).map(|_| rng.next_u64() % 1000).collect();
    Drawn {
        kind,
        shape,
        input,
        schedules,
    }
}

/// `count` drawn cases of `kind` from `seed`, as launch cases without `expect`, ids
/// `<instruction>/launch/<kind>/<number>`.
pub fn cases(kind: Kind, seed: u64, count: usize) -> Vec<Case> {
    let mut rng = Rng::new(seed ^ (kind as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    (1..=count)
        .map(|n| {
            let drawn = draw(kind, &mut rng);
            to_case(
                &drawn,
                &format!("{}/launch/{}/{n:04}", kind.instruction(), kind.name()),
            )
        })
        .collect()
}

/// The output buffer's argument index.
pub fn out_arg(kind: Kind) -> usize {
    match kind {
        Kind::GlobalExchange => 2,
        _ => 1,
    }
}

/// Bytes of the output buffer.
fn out_len(d: &Drawn) -> usize {
    let s = d.shape;
    4 * match d.kind {
        Kind::SlmReduce => s.groups as usize,
        Kind::Atomics => (s.groups + BINS) as usize,
        _ => s.global() as usize,
    }
}

/// The case: program, interface, NDRange, arguments (`in` as hex, `out` zeros).
pub fn to_case(d: &Drawn, id: &str) -> Case {
    let s = d.shape;
    let input: Vec<u8> = d.input.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut args = vec![LaunchArg::Bytes(input)];
    let mut iface_args = vec![
        json!({"name": "in", "kind": "global", "at": 96}),
        json!({"name": "out", "kind": "global", "at": 104}),
    ];
    if d.kind == Kind::GlobalExchange {
        args.push(LaunchArg::Form(format!("zeros:{}", 4 * s.global())));
        iface_args.insert(1, json!({"name": "tmp", "kind": "global", "at": 104}));
        iface_args[2] = json!({"name": "out", "kind": "global", "at": 120});
    }
    args.push(LaunchArg::Form(format!("zeros:{}", out_len(d))));
    let slm_bytes = match d.kind {
        Kind::GlobalExchange => 0,
        Kind::Atomics => 4,
        _ => 4 * s.local(),
    };
    let interface = json!({
        "format": "visa-kernel-interface/1",
        "kernel": d.kind.name(),
        "simd": s.simd,
        "slm_bytes": slm_bytes,
        "args": iface_args,
        "payload": {"local_id": {"x": 32}, "group_id": {"at": 112, "dims": 1}},
    });
    Case {
        id: id.to_string(),
        tags: vec![
            "launch".to_string(),
            format!("simd{}", s.simd),
            format!("threads{}", s.threads),
        ],
        platform: PLATFORM,
        errata: Default::default(),
        profile: None,
        program: program(d.kind, s),
        launch: Some(Launch {
            interface,
            global: vec![u64::from(s.global())],
            local: vec![u64::from(s.local())],
            offset: None,
            args,
            schedules: d.schedules.clone(),
        }),
        init: Default::default(),
        expect: None,
        discriminates: None,
        extensions: Default::default(),
    }
}

/// What the kernel leaves in the output buffer, from the kind's description.
pub fn expected_out(d: &Drawn) -> Vec<u8> {
    let s = d.shape;
    let (l, w) = (s.local() as usize, s.simd as usize);
    let mut out = vec![0u32; out_len(d) / 4];
    for g in 0..s.groups as usize {
        let base = g * l;
        let group = &d.input[base..base + l];
        match d.kind {
            Kind::SlmExchange | Kind::GlobalExchange => {
                for lid in 0..l {
                    out[base + lid] = group[(lid + w) % l];
                }
            }
            Kind::SlmReduce => {
                out[g] = group.iter().fold(0u32, |a, v| a.wrapping_add(*v));
            }
            Kind::Atomics => {
                out[g] = group.iter().fold(0u32, |a, v| a.wrapping_add(*v));
                for v in group {
                    let bin = s.groups as usize + (*v % BINS) as usize;
                    out[bin] += 1;
                }
            }
            Kind::NamedBarrier => {
                for lid in l / 2..l {
                    out[base + lid] = group[lid - l / 2];
                }
            }
        }
    }
    out.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// The kernel's text.
pub fn program(kind: Kind, s: Shape) -> String {
    let (w, l) = (s.simd, s.local());
    let mut t = String::new();
    let _ = writeln!(t, ".version 4.1\n.kernel \"{}\"", kind.name());
    for (name, ty, n) in [
        ("LID", "uw", w),
        ("IN", "uq", 1),
        ("OUT", "uq", 1),
        ("TMP", "uq", 1),
        ("GRP", "ud", 1),
        ("GB", "ud", 1),
        ("GID", "ud", w),
        ("BYTES", "ud", w),
        ("SA", "ud", w),
        ("SB", "ud", w),
        ("NL", "ud", w),
        ("IA", "uq", w),
        ("OA", "uq", w),
        ("VAL", "ud", w),
        ("GOT", "ud", w),
        ("A", "ud", w),
        ("B", "ud", w),
        ("OLD", "ud", w),
    ] {
        let _ = writeln!(t, ".decl {name} v_type=G type={ty} num_elts={n}");
    }
    let _ = writeln!(t, ".decl P1 v_type=P num_elts={w}");
    let _ = writeln!(t, ".input LID offset=32 size={}", 2 * w);
    let _ = writeln!(t, ".input IN offset=96 size=8");
    if kind == Kind::GlobalExchange {
        let _ = writeln!(t, ".input TMP offset=104 size=8");
        let _ = writeln!(t, ".input OUT offset=120 size=8");
    } else {
        let _ = writeln!(t, ".input OUT offset=104 size=8");
    }
    let _ = writeln!(t, ".input GRP offset=112 size=4");
    let _ = writeln!(t, ".kernel_attr SimdSize={w}");
    let r = if w == 1 { "<0;1,0>" } else { "<1;1,0>" };
    // gid = group * L + lid; VAL = in[gid]; OA = &out[gid]; SA = 4 * lid.
    let _ = writeln!(t, "mul (M1, 1) GB(0,0)<1> GRP(0,0)<0;1,0> 0x{l:x}:ud");
    let _ = writeln!(t, "add (M1, {w}) GID(0,0)<1> LID(0,0){r} GB(0,0)<0;1,0>");
    let _ = writeln!(t, "shl (M1, {w}) BYTES(0,0)<1> GID(0,0){r} 0x2:ud");
    let _ = writeln!(t, "add (M1, {w}) IA(0,0)<1> IN(0,0)<0;1,0> BYTES(0,0){r}");
    let _ = writeln!(t, "add (M1, {w}) OA(0,0)<1> OUT(0,0)<0;1,0> BYTES(0,0){r}");
    let _ = writeln!(t, "lsc_load.ugm (M1, {w}) VAL:d32 flat[IA]:a64");
    let _ = writeln!(t, "shl (M1, {w}) SA(0,0)<1> LID(0,0){r} 0x2:ud");
    // The address of the work-item one thread on: 4 * ((lid + W) % L).
    let neighbour = |t: &mut String| {
        let _ = writeln!(t, "add (M1, {w}) NL(0,0)<1> LID(0,0){r} 0x{w:x}:ud");
        let _ = writeln!(t, "and (M1, {w}) NL(0,0)<1> NL(0,0){r} 0x{:x}:ud", l - 1);
        let _ = writeln!(t, "shl (M1, {w}) SB(0,0)<1> NL(0,0){r} 0x2:ud");
    };
    match kind {
        Kind::SlmExchange => {
            let _ = writeln!(t, "lsc_store.slm (M1, {w}) flat[SA]:a32 VAL:d32");
            let _ = writeln!(t, "barrier");
            neighbour(&mut t);
            let _ = writeln!(t, "lsc_load.slm (M1, {w}) GOT:d32 flat[SB]:a32");
            let _ = writeln!(t, "lsc_store.ugm (M1, {w}) flat[OA]:a64 GOT:d32");
        }
        Kind::GlobalExchange => {
            // tmp[gid] = in[gid]; fence; barrier; out[gid] = tmp[group * L + (lid + W) % L].
            let _ = writeln!(t, "add (M1, {w}) IA(0,0)<1> TMP(0,0)<0;1,0> BYTES(0,0){r}");
            let _ = writeln!(t, "lsc_store.ugm (M1, {w}) flat[IA]:a64 VAL:d32");
            let _ = writeln!(t, "lsc_fence.ugm.none.group");
            let _ = writeln!(t, "barrier");
            neighbour(&mut t);
            let _ = writeln!(t, "shl (M1, 1) GB(0,0)<1> GB(0,0)<0;1,0> 0x2:ud");
            let _ = writeln!(t, "add (M1, {w}) SB(0,0)<1> SB(0,0){r} GB(0,0)<0;1,0>");
            let _ = writeln!(t, "add (M1, {w}) IA(0,0)<1> TMP(0,0)<0;1,0> SB(0,0){r}");
            let _ = writeln!(t, "lsc_load.ugm (M1, {w}) GOT:d32 flat[IA]:a64");
            let _ = writeln!(t, "lsc_store.ugm (M1, {w}) flat[OA]:a64 GOT:d32");
        }
        Kind::SlmReduce => {
            let _ = writeln!(t, "lsc_store.slm (M1, {w}) flat[SA]:a32 VAL:d32");
            let _ = writeln!(t, "barrier");
            let mut step = l / 2;
            while step >= 1 {
                let _ = writeln!(t, "cmp.lt (M1, {w}) P1 LID(0,0){r} 0x{step:x}:uw");
                let _ = writeln!(t, "add (M1, {w}) SB(0,0)<1> SA(0,0){r} 0x{:x}:ud", 4 * step);
                let _ = writeln!(t, "(P1) lsc_load.slm (M1, {w}) A:d32 flat[SA]:a32");
                let _ = writeln!(t, "(P1) lsc_load.slm (M1, {w}) B:d32 flat[SB]:a32");
                let _ = writeln!(t, "(P1) add (M1, {w}) A(0,0)<1> A(0,0){r} B(0,0){r}");
                let _ = writeln!(t, "(P1) lsc_store.slm (M1, {w}) flat[SA]:a32 A:d32");
                let _ = writeln!(t, "barrier");
                step /= 2;
            }
            store_by_first(&mut t, w, r, "A");
        }
        Kind::Atomics => {
            let _ = writeln!(t, "mov (M1, {w}) SA(0,0)<1> 0x0:ud");
            let _ = writeln!(
                t,
                "lsc_atomic_iadd.slm (M1, {w}) OLD:d32 flat[SA]:a32 VAL %null"
            );
            // Bin address: out + 4 * (groups + in % 8).
            let _ = writeln!(
                t,
                "and (M1, {w}) NL(0,0)<1> VAL(0,0){r} 0x{:x}:ud",
                BINS - 1
            );
            let _ = writeln!(t, "add (M1, {w}) NL(0,0)<1> NL(0,0){r} 0x{:x}:ud", s.groups);
            let _ = writeln!(t, "shl (M1, {w}) SB(0,0)<1> NL(0,0){r} 0x2:ud");
            let _ = writeln!(t, "add (M1, {w}) IA(0,0)<1> OUT(0,0)<0;1,0> SB(0,0){r}");
            let _ = writeln!(
                t,
                "lsc_atomic_iinc.ugm (M1, {w}) OLD:d32 flat[IA]:a64 %null %null"
            );
            let _ = writeln!(t, "barrier");
            let _ = writeln!(t, "lsc_load.slm (M1, {w}) A:d32 flat[SA]:a32");
            store_by_first(&mut t, w, r, "A");
        }
        Kind::NamedBarrier => {
            let half = l / 2;
            let n = s.threads / 2;
            let _ = writeln!(t, "cmp.lt (M1, {w}) P1 LID(0,0){r} 0x{half:x}:uw");
            let _ = writeln!(t, "(!P1) goto (M1, {w}) CONSUMER");
            let _ = writeln!(t, "lsc_store.slm (M1, {w}) flat[SA]:a32 VAL:d32");
            let _ = writeln!(t, "nbarrier.signal 0x1:ub 0x1:uw 0x{n:x}:ub 0x{n:x}:ub");
            let _ = writeln!(t, "jmp (M1, 1) END");
            let _ = writeln!(t, "CONSUMER:");
            let _ = writeln!(t, "nbarrier.signal 0x1:ub 0x2:uw 0x{n:x}:ub 0x{n:x}:ub");
            let _ = writeln!(t, "nbarrier.wait 0x1:ub");
            let _ = writeln!(
                t,
                "add (M1, {w}) SB(0,0)<1> SA(0,0){r} 0x{:x}:ud",
                (4 * half).wrapping_neg()
            );
            let _ = writeln!(t, "lsc_load.slm (M1, {w}) GOT:d32 flat[SB]:a32");
            let _ = writeln!(t, "lsc_store.ugm (M1, {w}) flat[OA]:a64 GOT:d32");
            let _ = writeln!(t, "END:");
        }
    }
    let _ = writeln!(t, "ret (M1, 1)");
    t
}

/// Work-item 0 of the group stores `reg` to `out[group]`.
fn store_by_first(t: &mut String, w: u32, r: &str, reg: &str) {
    let _ = writeln!(t, "cmp.eq (M1, {w}) P1 LID(0,0){r} 0x0:uw");
    let _ = writeln!(t, "shl (M1, 1) GB(0,0)<1> GRP(0,0)<0;1,0> 0x2:ud");
    let _ = writeln!(t, "add (M1, {w}) OA(0,0)<1> OUT(0,0)<0;1,0> GB(0,0)<0;1,0>");
    let _ = writeln!(t, "(P1) lsc_store.ugm (M1, {w}) flat[OA]:a64 {reg}:d32");
}
