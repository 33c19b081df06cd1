//! Thread-group kernels with hand-derived results: launch cases (docs/vector-format.md,
//! "Launch cases") whose expected buffers or error classes follow from BARRIER.md,
//! 3_execution_model.md's "Shared Local Memory" and docs/thread-groups.md, each with its
//! derivation. `visa-conform gen` writes them to [`FILE`].

use serde_json::{json, Value};
use visa_model::error::ErrorClass;
use visa_model::platform::Platform;

use super::row::DERIVATION_KEY;
use crate::gen::threads::{self, Drawn, Kind, Shape};
use crate::vector::{Allowed, Case, Expect, ExpectState, Launch, LaunchArg};

/// The vector file of the thread-group kernels.
pub const FILE: &str = "catalog/launch/thread_groups.jsonl";

/// Two SIMD1 threads swap a value through shared local memory across a barrier.
const SLM_SWAP: &str = ".version 4.1
.kernel \"slm_swap\"
.decl LID v_type=G type=uw num_elts=1
.decl OUT v_type=G type=uq num_elts=1
.decl SA v_type=G type=ud num_elts=1
.decl SB v_type=G type=ud num_elts=1
.decl VAL v_type=G type=ud num_elts=1
.decl GOT v_type=G type=ud num_elts=1
.decl OA v_type=G type=uq num_elts=1
.input LID offset=32 size=2
.input OUT offset=64 size=8
.kernel_attr SimdSize=1
shl (M1, 1) SA(0,0)<1> LID(0,0)<0;1,0> 0x2:ud
add (M1, 1) VAL(0,0)<1> LID(0,0)<0;1,0> 0x1:ud
mul (M1, 1) VAL(0,0)<1> VAL(0,0)<0;1,0> 0x11:ud
lsc_store.slm (M1, 1) flat[SA]:a32 VAL:d32
barrier
xor (M1, 1) SB(0,0)<1> SA(0,0)<0;1,0> 0x4:ud
lsc_load.slm (M1, 1) GOT:d32 flat[SB]:a32
add (M1, 1) OA(0,0)<1> OUT(0,0)<0;1,0> SA(0,0)<0;1,0>
lsc_store.ugm (M1, 1) flat[OA]:a64 GOT:d32
ret (M1, 1)
";

/// Two SIMD1 threads store to the same shared local memory bytes with nothing between them.
const SLM_RACE: &str = ".version 4.1
.kernel \"slm_race\"
.decl LID v_type=G type=uw num_elts=1
.decl SA v_type=G type=ud num_elts=1
.decl VAL v_type=G type=ud num_elts=1
.input LID offset=32 size=2
.kernel_attr SimdSize=1
mov (M1, 1) SA(0,0)<1> 0x0:ud
add (M1, 1) VAL(0,0)<1> LID(0,0)<0;1,0> 0x1:ud
lsc_store.slm (M1, 1) flat[SA]:a32 VAL:d32
ret (M1, 1)
";

/// `if (lid < 4) barrier();`, one work-item a thread (SIMD1): work-items 4 and on never
/// reach the barrier (a deadlock). conformance/tests/launch.rs launches it too.
pub const IF_BARRIER_SIMD1: &str = ".version 4.1
.kernel \"if_barrier\"
.decl LID v_type=G type=uw num_elts=1
.decl P1 v_type=P num_elts=1
.input LID offset=32 size=2
.kernel_attr SimdSize=1
cmp.lt (M1, 1) P1 LID(0,0)<0;1,0> 0x4:uw
(!P1) goto (M1, 1) END
barrier
END:
ret (M1, 1)
";

/// The same with eight work-items a thread (SIMD8): the barrier is in divergent control
/// flow.
pub const IF_BARRIER_SIMD8: &str = ".version 4.1
.kernel \"if_barrier\"
.decl LID v_type=G type=uw num_elts=8
.decl P1 v_type=P num_elts=8
.input LID offset=32 size=16
.kernel_attr SimdSize=8
cmp.lt (M1, 8) P1 LID(0,0)<1;1,0> 0x4:uw
(!P1) goto (M1, 8) END
barrier
END:
ret (M1, 1)
";

/// The seeds each kernel also runs under.
const SCHEDULES: [u64; 3] = [1, 2, 3];

/// A launch case of `program` with one work-group of `local` work-items.
fn kernel(
    id: &str,
    program: &str,
    interface: Value,
    local: u64,
    args: Vec<LaunchArg>,
    expect: Expect,
    derivation: &str,
) -> Case {
    Case {
        id: id.to_string(),
        tags: vec!["launch".to_string()],
        platform: Platform::XeHpc,
        errata: Default::default(),
        profile: None,
        program: program.to_string(),
        launch: Some(Launch {
            interface,
            global: vec![local],
            local: vec![local],
            offset: None,
            args,
            schedules: SCHEDULES.to_vec(),
        }),
        init: Default::default(),
        expect: Some(expect),
        discriminates: None,
        extensions: [(DERIVATION_KEY.to_string(), Value::from(derivation))]
            .into_iter()
            .collect(),
    }
}

/// `buffers[index]` is exactly `bytes`.
fn buffer(index: usize, bytes: &[u8]) -> Expect {
    Expect::State(ExpectState {
        buffers: [(index, Allowed::exact(bytes))].into_iter().collect(),
        ..ExpectState::default()
    })
}

fn words(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// The thread-group kernels, in file order.
pub fn cases() -> Vec<Case> {
    let simd1 = |slm: u32, args: Value| {
        json!({"format": "visa-kernel-interface/1", "simd": 1, "slm_bytes": slm,
               "args": args, "payload": {"local_id": {"x": 32}}})
    };
    let mut out = vec![kernel(
        "barrier/catalog/slm-swap/0001",
        SLM_SWAP,
        simd1(8, json!([{"name": "out", "kind": "global", "at": 64}])),
        2,
        vec![LaunchArg::Form("zeros:8".into())],
        buffer(0, &words(&[0x22, 0x11])),
        "Two hardware threads of one SIMD1 work-group (lid 0 and 1). Each stores \
         (lid + 1) * 0x11 at SLM byte 4 * lid: thread 0 stores 0x11 at 0, thread 1 0x22 at 4. \
         BARRIER.md: no thread passes the barrier before all have reached it, and \
         3_execution_model.md (Shared Local Memory) makes the stores before it visible after \
         it. Each then loads the other's slot, 4 xor 4 * lid, and stores it to out[lid]: \
         out = [0x22, 0x11], whatever the interleaving.",
    )];
    // A work-group sum: four SIMD1 threads reduce in = [1, 2, 3, 4] through shared local
    // memory, the kernel of gen::threads (Kind::SlmReduce).
    let sum = Drawn {
        kind: Kind::SlmReduce,
        shape: Shape {
            simd: 1,
            threads: 4,
            groups: 1,
        },
        input: vec![1, 2, 3, 4],
        schedules: SCHEDULES.to_vec(),
    };
    let mut reduce = threads::to_case(&sum, "barrier/catalog/work-group-sum/0001");
    reduce.expect = Some(buffer(1, &words(&[10])));
    reduce.extensions.insert(
        DERIVATION_KEY.to_string(),
        Value::from(
            "Four SIMD1 threads of one work-group, in = [1, 2, 3, 4]. Each stores in[lid] at \
             SLM byte 4 * lid; barrier. Step s = 2: lid < 2 adds tmp[lid + 2] to tmp[lid]: \
             tmp = [1 + 3, 2 + 4] = [4, 6]; barrier. Step s = 1: lid 0 adds tmp[1]: 4 + 6 = \
             10; barrier. Each step's reads and writes are separated by barriers (BARRIER.md), \
             so no schedule changes them; work-item 0 stores 10 to out[0].",
        ),
    );
    out.push(reduce);
    out.push(kernel(
        "lsc_store/catalog/slm-race/0001",
        SLM_RACE,
        simd1(4, json!([])),
        2,
        Vec::new(),
        Expect::Error(ErrorClass::DataRace),
        "Two SIMD1 threads of one work-group store lid + 1 to SLM byte 0, with no barrier, \
         fence or atomic between them: two writes to the same bytes from different threads \
         that nothing orders, a data race (docs/races.md; undefined in the documents), \
         reported as `data-race` under every schedule.",
    ));
    out.push(kernel(
        "barrier/catalog/if-barrier/0001",
        IF_BARRIER_SIMD1,
        simd1(0, json!([])),
        8,
        Vec::new(),
        Expect::Error(ErrorClass::Deadlock),
        "`if (lid < 4) barrier();` in a work-group of eight SIMD1 threads: threads 0 to 3 \
         reach the barrier and wait for the whole group (BARRIER.md); threads 4 to 7 end \
         without reaching it, so it can never complete: docs/thread-groups.md, Deadlock.",
    ));
    out.push(kernel(
        "barrier/catalog/if-barrier/0002",
        IF_BARRIER_SIMD8,
        json!({"format": "visa-kernel-interface/1", "simd": 8,
               "payload": {"local_id": {"x": 32}}}),
        8,
        Vec::new(),
        Expect::Error(ErrorClass::BarrierDivergence),
        "`if (lid < 4) barrier();` in one SIMD8 thread: channels 4 to 7 wait at END while \
         channels 0 to 3 execute the barrier, so it is executed in divergent control flow, \
         which BARRIER.md leaves undefined: `barrier-divergence` (docs/thread-groups.md, \
         Divergence).",
    ));
    out
}
