//! Generators of whole programs with control flow (3_execution_model.md, "Control Flow";
//! instructions/GOTO.md, JMP.md, CALL.md, RET.md, FCALL.md, FRET.md, IFCALL.md, FADDR.md,
//! SWITCHJMP.md, SUBROUTINE.md, LOC.md, FILE.md, LIFETIME.md), valid and terminating by
//! construction.
//!
//! A program is drawn as a tree of structured items and then written out as text:
//!
//! - straight-line ALU instructions on the unit's data variables (masked, predicated or
//!   NoMask), `%ce0` reads, LIFETIME-bracketed temporaries, LOC and FILE;
//! - straight-line instructions of the other executed families, spliced from their own
//!   generators on the program's platform ([`mix`]): LSC_UNTYPED loads, stores and atomics
//!   on the flat space (gen/lsc.rs), the SVM block, gather, scatter and atomic messages
//!   (gen/svm.rs), DPAS (gen/dpas.rs) and DP4A (the ALU register generator). Each keeps
//!   its declarations, initial bytes and memory region, its names prefixed (`X0_VA`), and
//!   runs under whatever execution mask the control flow gives it: in divergent code, a
//!   partial one;
//! - if/else through forward GOTO (the predicated channels wait at the else label, the
//!   others at the end), reconverging at the end label;
//! - loops through backward GOTO, each with its own per-channel counter compared with a
//!   per-channel trip count of 0 to 3 (so every channel leaves after at most four
//!   iterations), with an optional divergent exit (a forward GOTO past the loop);
//! - uniform skips through a predicated JMP (plain, `.any` or `.all`) over a block;
//! - SWITCHJMP over a four-entry table whose index is a data value masked to 0..3, each
//!   case ending in a JMP to the end;
//! - CALL (scalar, or SIMD with a predicate: partial call masks) of subroutines written
//!   after the kernel (`.function "NAME"` or `subroutine NAME`), each of which may return
//!   some channels early (`(P) ret`) and calls only subroutines written after it (no
//!   recursion);
//! - FCALL and IFCALL (through FADDR) of `.global_function`s of the same text, with the
//!   argument in `%arg` and the result in `%retval`.
//!
//! Every construct reconverges before the next item, so no JMP or SWITCHJMP ever skips a
//! point where channels wait, and the dispatch mask (`init.emask`) may be any: channels
//! outside the instructions' width go on past every branch (erratum CF-PARTIAL-CHANNELS,
//! resolved). The generators use the resolved reading of every erratum; the catalog
//! (conformance/src/catalog/flow/) runs the literal ones.

use std::collections::BTreeSet;

use proptest::prelude::*;
use proptest::sample::select;

use visa_model::ir::Opcode;
use visa_model::platform::Platform;

use super::{dpas, lsc, platform, register_case, svm, GenCase};
use crate::vector::MemRegion;

/// Data variables of each unit (`D0..` in the kernel, `FD0..` in a function).
const DATA: usize = 4;
/// Subroutines a program may call (written only when called).
const SUBS: usize = 3;
/// Functions a program may call (written only when called).
const FUNCS: usize = 2;
/// Cases of other families a program may splice in (written only when used).
const MIXES: usize = 3;

/// The second source of an ALU instruction or a comparison.
#[derive(Clone, Debug)]
enum Src {
    Var(usize),
    Imm(u32),
}

#[derive(Clone, Copy, Debug)]
enum AluOp {
    Add,
    Mul,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Min,
    Max,
    Mov,
    Not,
    Sel,
}

/// One ALU instruction on data variables; `pred`: `Some(invert)` predicates it with P1.
#[derive(Clone, Debug)]
struct Alu {
    op: AluOp,
    dst: usize,
    a: usize,
    b: Src,
    pred: Option<bool>,
    no_mask: bool,
}

/// A comparison into P1 and the predicate read from it (`invert`: `!P1`).
#[derive(Clone, Debug)]
struct Cond {
    rel: &'static str,
    a: usize,
    b: Src,
    invert: bool,
}

/// A loop's per-channel trip count: one of the two limit variables, or an immediate.
#[derive(Clone, Debug)]
enum Limit {
    Var(usize),
    Imm(u32),
}

#[derive(Clone, Debug)]
enum Item {
    Alu(Alu),
    /// `%ce0` into a data variable.
    Ce0(usize),
    /// LIFETIME.start of the temporary, a copy into it, a use, LIFETIME.end.
    Lifetime {
        src: usize,
        dst: usize,
    },
    Loc(u32),
    File(u8),
    /// A thread-group instruction (`op`) in a form drawn by `form`, at a point where every
    /// channel of the thread executes (a group of one: its signals before its waits).
    Sync {
        op: Opcode,
        form: u8,
    },
    /// The instruction of one of the program's spliced cases (an index into them, modulo
    /// the ones kept).
    Mix(u8),
    /// CALL of a subroutine (FCCALL, its alias, with `fc`): scalar, or SIMD predicated by
    /// the condition.
    Call {
        sub: u8,
        simd: Option<Cond>,
        fc: bool,
    },
    /// FCALL (or FADDR and IFCALL) of a function, with data variable `arg` in `%arg` and
    /// the result from `%retval` into `ret`.
    Fcall {
        func: u8,
        simd: Option<Cond>,
        indirect: bool,
        wide_addr: bool,
        arg: usize,
        ret: usize,
    },
    If {
        cond: Cond,
        then: Vec<Item>,
        els: Vec<Item>,
    },
    Loop {
        limit: Limit,
        body: Vec<Item>,
        exit: Option<(usize, Cond)>,
    },
    /// A uniform JMP over `body`: reduce 0 plain, 1 `.any`, 2 `.all`.
    Skip {
        cond: Cond,
        reduce: u8,
        body: Vec<Item>,
    },
    /// SWITCHJMP on data variable `index`'s channel 0, masked to 0..3; `table` maps the
    /// four index values to the cases.
    Switch {
        index: usize,
        table: [u8; 4],
        cases: Vec<Vec<Item>>,
    },
}

/// A subroutine: its body, an early return of some channels at a point of it, and whether
/// its label is written as the SUBROUTINE instruction instead of `.function`.
#[derive(Clone, Debug)]
struct Sub {
    body: Vec<Item>,
    early: Option<(usize, Cond)>,
}

/// A drawn program before it is written out.
#[derive(Clone, Debug)]
struct Drawn {
    platform: Platform,
    width: u32,
    emask: u32,
    main: Vec<Item>,
    /// The kernel ends with `ret (M1, 1)` even when nothing follows it.
    final_ret: bool,
    subs: Vec<Sub>,
    /// Subroutine labels as `subroutine NAME` instructions.
    sub_instruction: bool,
    funcs: Vec<Vec<Item>>,
    /// Cases of other families on the program's platform, spliced in by `Item::Mix`.
    mixes: Vec<GenCase>,
    data: Vec<Vec<u32>>,
    limits: Vec<Vec<u32>>,
    p1: u32,
}

fn src() -> impl Strategy<Value = Src> {
    prop_oneof![
        2 => (0..DATA).prop_map(Src::Var),
        1 => prop_oneof![select(vec![0u32, 1, 2, 3, 7, 0x8000_0000, u32::MAX]), any::<u32>()]
            .prop_map(Src::Imm),
    ]
}

fn alu() -> impl Strategy<Value = Alu> {
    (
        select(vec![
            AluOp::Add,
            AluOp::Mul,
            AluOp::And,
            AluOp::Or,
            AluOp::Xor,
            AluOp::Shl,
            AluOp::Shr,
            AluOp::Min,
            AluOp::Max,
            AluOp::Mov,
            AluOp::Not,
            AluOp::Sel,
        ]),
        0..DATA,
        0..DATA,
        src(),
        prop_oneof![3 => Just(None), 1 => any::<bool>().prop_map(Some)],
        prop_oneof![5 => Just(false), 1 => Just(true)],
    )
        .prop_map(|(op, dst, a, b, pred, no_mask)| Alu {
            op,
            dst,
            a,
            b,
            // SEL selects with its predicate.
            pred: if matches!(op, AluOp::Sel) {
                Some(pred.unwrap_or(false))
            } else {
                pred
            },
            no_mask,
        })
}

fn cond() -> impl Strategy<Value = Cond> {
    (
        select(vec!["lt", "le", "gt", "ge", "eq", "ne"]),
        0..DATA,
        src(),
        any::<bool>(),
    )
        .prop_map(|(rel, a, b, invert)| Cond { rel, a, b, invert })
}

fn simd_cond() -> impl Strategy<Value = Option<Cond>> {
    prop_oneof![1 => Just(None), 1 => cond().prop_map(Some)]
}

fn call_item(fc: bool) -> impl Strategy<Value = Item> {
    (any::<u8>(), simd_cond()).prop_map(move |(sub, simd)| Item::Call { sub, simd, fc })
}

fn fcall_item(indirect: Option<bool>) -> impl Strategy<Value = Item> {
    let indirect = match indirect {
        Some(i) => Just(i).boxed(),
        None => any::<bool>().boxed(),
    };
    (
        any::<u8>(),
        simd_cond(),
        indirect,
        any::<bool>(),
        0..DATA,
        0..DATA,
    )
        .prop_map(|(func, simd, indirect, wide_addr, arg, ret)| Item::Fcall {
            func,
            simd,
            indirect,
            wide_addr,
            arg,
            ret,
        })
}

fn lifetime_item() -> impl Strategy<Value = Item> {
    (0..DATA, 0..DATA).prop_map(|(src, dst)| Item::Lifetime { src, dst })
}

fn leaf() -> impl Strategy<Value = Item> {
    prop_oneof![
        8 => alu().prop_map(Item::Alu),
        1 => (0..DATA).prop_map(Item::Ce0),
        1 => lifetime_item(),
        1 => prop_oneof![(0u32..1000).prop_map(Item::Loc), any::<u8>().prop_map(Item::File)],
        1 => call_item(false),
        1 => fcall_item(None),
        3 => any::<u8>().prop_map(Item::Mix),
    ]
}

fn limit() -> impl Strategy<Value = Limit> {
    prop_oneof![3 => (0usize..2).prop_map(Limit::Var), 1 => (0u32..4).prop_map(Limit::Imm)]
}

/// The structured items that hold blocks, from `block` (the blocks one level down).
fn structured(block: BoxedStrategy<Vec<Item>>) -> BoxedStrategy<Item> {
    prop_oneof![
        3 => (cond(), block.clone(), prop_oneof![1 => Just(Vec::new()), 2 => block.clone()])
            .prop_map(|(cond, then, els)| Item::If { cond, then, els }),
        3 => (limit(), block.clone(), prop_oneof![2 => Just(None), 1 => (any::<usize>(), cond()).prop_map(Some)])
            .prop_map(|(limit, body, exit)| Item::Loop { limit, body, exit }),
        1 => (cond(), 0u8..3, block.clone())
            .prop_map(|(cond, reduce, body)| Item::Skip { cond, reduce, body }),
        1 => (0..DATA, [0u8..4, 0u8..4, 0u8..4, 0u8..4], proptest::collection::vec(block, 1..4))
            .prop_map(|(index, table, cases)| Item::Switch { index, table, cases }),
    ]
    .boxed()
}

/// A block: a few items, structured ones nested up to three deep.
fn block() -> BoxedStrategy<Vec<Item>> {
    let item = leaf().prop_recursive(3, 24, 4, |inner| {
        let block = proptest::collection::vec(inner.clone(), 0..4).boxed();
        prop_oneof![2 => inner, 1 => structured(block)]
    });
    proptest::collection::vec(item, 0..6).boxed()
}

/// The item that makes a program hold `op` (`None`: the opcode is not control flow).
fn forced(op: Opcode) -> Option<BoxedStrategy<Item>> {
    let small = || proptest::collection::vec(alu().prop_map(Item::Alu), 0..3).boxed();
    Some(match op {
        Opcode::Goto => {
            prop_oneof![
                structured(small()).prop_filter("a GOTO construct", |i| matches!(
                    i,
                    Item::If { .. } | Item::Loop { .. }
                ))
            ]
            .boxed()
        }
        Opcode::Jmp => (cond(), 0u8..3, small())
            .prop_map(|(cond, reduce, body)| Item::Skip { cond, reduce, body })
            .boxed(),
        Opcode::Switchjmp => (
            0..DATA,
            [0u8..4, 0u8..4, 0u8..4, 0u8..4],
            proptest::collection::vec(small(), 1..4),
        )
            .prop_map(|(index, table, cases)| Item::Switch {
                index,
                table,
                cases,
            })
            .boxed(),
        Opcode::Call | Opcode::Ret | Opcode::Subroutine => call_item(false).boxed(),
        Opcode::Fccall => call_item(true).boxed(),
        Opcode::Fcall | Opcode::Fret => fcall_item(Some(false)).boxed(),
        Opcode::Ifcall | Opcode::Faddr => fcall_item(Some(true)).boxed(),
        Opcode::Loc => (0u32..1000).prop_map(Item::Loc).boxed(),
        Opcode::File => any::<u8>().prop_map(Item::File).boxed(),
        Opcode::Lifetime => lifetime_item().boxed(),
        Opcode::Barrier
        | Opcode::Sbarrier
        | Opcode::Nbarrier
        | Opcode::Fence
        | Opcode::Wait
        | Opcode::Yield
        | Opcode::CacheFlush => any::<u8>()
            .prop_map(move |form| Item::Sync { op, form })
            .boxed(),
        _ => return None,
    })
}

/// Lane values of the data variables: small numbers (so comparisons often tie) and random
/// bits.
fn lanes(width: u32) -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(prop_oneof![3 => 0u32..8, 1 => any::<u32>()], width as usize)
}

/// The dispatch mask: every channel of the width, some of them, or any 32 bits (channels
/// beyond the width go on past every branch).
fn dispatch(width: u32) -> impl Strategy<Value = u32> {
    let ones = (1u32 << width) - 1;
    prop_oneof![
        2 => Just(ones),
        3 => any::<u32>().prop_map(move |m| m & ones),
        1 => any::<u32>(),
    ]
}

/// A program holding `op` (`None` for an opcode that is not control flow), its other items
/// drawn freely.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    let forced = forced(op)?;
    let sub_instruction = match op {
        Opcode::Subroutine => Just(true).boxed(),
        _ => any::<bool>().boxed(),
    };
    let sub = (
        block(),
        prop_oneof![2 => Just(None), 1 => (any::<usize>(), cond()).prop_map(Some)],
    )
        .prop_map(|(body, early)| Sub { body, early });
    Some(
        (
            platform(),
            select(vec![4u32, 8, 16]),
            block(),
            (forced, any::<usize>()),
            proptest::collection::vec(sub, SUBS),
            proptest::collection::vec(block(), FUNCS),
            (sub_instruction, any::<bool>(), any::<u32>()),
        )
            .prop_flat_map(
                move |(platform, width, mut main, (item, at), subs, funcs, (si, ret, p1))| {
                    let at = at % (main.len() + 1);
                    main.insert(at, item);
                    (
                        dispatch(width),
                        proptest::collection::vec(lanes(width), DATA),
                        proptest::collection::vec(
                            proptest::collection::vec(0u32..4, width as usize),
                            2,
                        ),
                        proptest::collection::vec(mix(platform), MIXES),
                    )
                        .prop_map(move |(emask, data, limits, mixes)| Drawn {
                            platform,
                            width,
                            emask,
                            main: main.clone(),
                            final_ret: ret,
                            subs: subs.clone(),
                            sub_instruction: si,
                            funcs: funcs.clone(),
                            mixes,
                            data,
                            limits,
                            p1,
                        })
                },
            )
            .prop_map(move |drawn| drawn.write(op))
            .boxed(),
    )
}

/// The unit an item is written in: the kernel (with a subroutine index when inside one)
/// or a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Kernel(Option<usize>),
    Function,
}

impl Unit {
    fn prefix(self) -> &'static str {
        match self {
            Unit::Kernel(_) => "",
            Unit::Function => "F",
        }
    }
}

/// Writes the text of a drawn program.
#[derive(Debug)]
struct Writer {
    width: u32,
    grf: usize,
    labels: usize,
    lines: Vec<String>,
    /// Loop counters of the unit being written.
    counters: usize,
    subs_called: BTreeSet<usize>,
    funcs_called: BTreeSet<usize>,
    tags: BTreeSet<String>,
    /// The spliced cases kept, renamed.
    mixes: Vec<Spliced>,
    mixes_used: BTreeSet<usize>,
}

impl Writer {
    fn label(&mut self) -> String {
        self.labels += 1;
        format!("L{}", self.labels)
    }

    fn line(&mut self, line: String) {
        self.lines.push(line);
    }

    fn tag(&mut self, op: Opcode) {
        self.tags.insert(op.mnemonic().to_string());
    }

    fn var(&self, unit: Unit, k: usize) -> String {
        format!("{}D{k}(0,0)<1;1,0>", unit.prefix())
    }

    fn dst(&self, unit: Unit, k: usize) -> String {
        format!("{}D{k}(0,0)<1>", unit.prefix())
    }

    fn src(&self, unit: Unit, s: &Src) -> String {
        match s {
            Src::Var(k) => self.var(unit, *k),
            Src::Imm(v) => format!("0x{v:x}:ud"),
        }
    }

    /// The comparison into P1; returns the predicate text `(P1) ` or `(!P1) `.
    fn cond(&mut self, unit: Unit, c: &Cond, reduce: &str) -> String {
        let w = self.width;
        let p = format!("{}P1", unit.prefix());
        let a = self.var(unit, c.a);
        let b = self.src(unit, &c.b);
        self.line(format!("cmp.{} (M1, {w}) {p} {a} {b}", c.rel));
        format!("({}{p}{reduce}) ", if c.invert { "!" } else { "" })
    }

    fn block(&mut self, unit: Unit, items: &[Item]) {
        for item in items {
            self.item(unit, item);
        }
    }

    fn item(&mut self, unit: Unit, item: &Item) {
        let w = self.width;
        let pre = unit.prefix();
        match item {
            Item::Alu(a) => {
                let mask = if a.no_mask { "M1_NM" } else { "M1" };
                let pred = match a.pred {
                    Some(inv) => format!("({}{pre}P1) ", if inv { "!" } else { "" }),
                    None => String::new(),
                };
                let dst = self.dst(unit, a.dst);
                let s0 = self.var(unit, a.a);
                let b = match (a.op, &a.b) {
                    // Shift counts in 0..31.
                    (AluOp::Shl | AluOp::Shr, Src::Imm(v)) => format!("0x{:x}:ud", v & 31),
                    (_, b) => self.src(unit, b),
                };
                let (mnemonic, srcs) = match a.op {
                    AluOp::Add => ("add", format!("{s0} {b}")),
                    AluOp::Mul => ("mul", format!("{s0} {b}")),
                    AluOp::And => ("and", format!("{s0} {b}")),
                    AluOp::Or => ("or", format!("{s0} {b}")),
                    AluOp::Xor => ("xor", format!("{s0} {b}")),
                    AluOp::Shl => ("shl", format!("{s0} {b}")),
                    AluOp::Shr => ("shr", format!("{s0} {b}")),
                    AluOp::Min => ("min", format!("{s0} {b}")),
                    AluOp::Max => ("max", format!("{s0} {b}")),
                    AluOp::Sel => ("sel", format!("{s0} {b}")),
                    AluOp::Mov => ("mov", s0),
                    AluOp::Not => ("not", s0),
                };
                // MIN and MAX take no predicate (instructions/MIN.md is SEL's form).
                let pred = if matches!(a.op, AluOp::Min | AluOp::Max) {
                    String::new()
                } else {
                    pred
                };
                self.line(format!("{pred}{mnemonic} ({mask}, {w}) {dst} {srcs}"));
            }
            Item::Ce0(k) => {
                let dst = self.dst(unit, *k);
                self.line(format!("mov (M1, {w}) {dst} %ce0(0,0)<0;1,0>"));
                self.tags.insert("ce0".to_string());
            }
            Item::Lifetime { src, dst } => {
                let t = format!("{pre}T");
                let s = self.var(unit, *src);
                let d = self.dst(unit, *dst);
                let dv = self.var(unit, *dst);
                self.line(format!("lifetime.start {t}"));
                self.line(format!("mov (M1, {w}) {t}(0,0)<1> {s}"));
                self.line(format!("add (M1, {w}) {d} {dv} {t}(0,0)<1;1,0>"));
                self.line(format!("lifetime.end {t}"));
                self.tag(Opcode::Lifetime);
            }
            Item::Loc(n) => {
                self.line(format!("loc {n}"));
                self.tag(Opcode::Loc);
            }
            Item::Sync { op, form } => {
                for line in sync_lines(*op, *form) {
                    self.line(line);
                }
                self.tag(*op);
            }
            Item::File(n) => {
                self.line(format!("file \"kernel{n}.cl\""));
                self.tag(Opcode::File);
            }
            Item::Mix(k) => {
                // A function declares its own variables: the spliced ones are the kernel's.
                if unit == Unit::Function || self.mixes.is_empty() {
                    return;
                }
                let j = usize::from(*k) % self.mixes.len();
                self.mixes_used.insert(j);
                let lines = self.mixes[j].lines.clone();
                for line in lines {
                    self.tags.insert(format!("mix:{}", mnemonic_of(&line)));
                    self.line(line);
                }
                self.tags.insert("mix".to_string());
            }
            Item::Call { sub, simd, fc } => {
                // Calls go to subroutines written after the caller: no recursion.
                let Unit::Kernel(from) = unit else { return };
                let first = from.map_or(0, |k| k + 1);
                if first >= SUBS {
                    return;
                }
                let target = first + usize::from(*sub) % (SUBS - first);
                self.subs_called.insert(target);
                let pred = match simd {
                    Some(c) => self.cond(unit, c, ""),
                    None => String::new(),
                };
                let size = if simd.is_some() { w } else { 1 };
                let op = if *fc { Opcode::Fccall } else { Opcode::Call };
                self.line(format!("{pred}{} (M1, {size}) S{target}", op.mnemonic()));
                self.tag(op);
            }
            Item::Fcall {
                func,
                simd,
                indirect,
                wide_addr,
                arg,
                ret,
            } => {
                if unit == Unit::Function {
                    return;
                }
                let f = usize::from(*func) % FUNCS;
                self.funcs_called.insert(f);
                let size = (w as usize * 4).div_ceil(self.grf);
                let a = self.var(unit, *arg);
                self.line(format!("mov (M1, {w}) %arg(0,0)<1> {a}"));
                let pred = match simd {
                    Some(c) => self.cond(unit, c, ""),
                    None => String::new(),
                };
                let exec = if simd.is_some() { w } else { 1 };
                if *indirect {
                    let addr = if *wide_addr { "ADDRQ" } else { "ADDR" };
                    self.line(format!("faddr F{f} {addr}(0,0)<1>"));
                    self.line(format!(
                        "{pred}ifcall (M1, {exec}) {addr}(0,0)<0;1,0> {size} {size}"
                    ));
                    self.tag(Opcode::Faddr);
                    self.tag(Opcode::Ifcall);
                } else {
                    self.line(format!("{pred}fcall (M1, {exec}) F{f} {size} {size}"));
                    self.tag(Opcode::Fcall);
                }
                // The called channels (P1 is the kernel's: the callee cannot change it)
                // take the result.
                let d = self.dst(unit, *ret);
                self.line(format!("{pred}mov (M1, {w}) {d} %retval(0,0)<1;1,0>"));
            }
            Item::If { cond, then, els } => {
                let pred = self.cond(unit, cond, "");
                let end = self.label();
                if els.is_empty() {
                    self.line(format!("{pred}goto (M1, {w}) {end}"));
                    self.block(unit, then);
                } else {
                    let other = self.label();
                    self.line(format!("{pred}goto (M1, {w}) {other}"));
                    self.block(unit, then);
                    self.line(format!("goto (M1, {w}) {end}"));
                    self.line(format!("{other}:"));
                    self.block(unit, els);
                }
                self.line(format!("{end}:"));
                self.tag(Opcode::Goto);
                self.tags.insert("if".to_string());
            }
            Item::Loop { limit, body, exit } => {
                let c = format!("{pre}C{}", self.counters);
                self.counters += 1;
                let top = self.label();
                let out = self.label();
                self.line(format!("mov (M1, {w}) {c}(0,0)<1> 0x0:ud"));
                self.line(format!("{top}:"));
                let at = exit.as_ref().map(|(at, _)| at % (body.len() + 1));
                for (k, item) in body.iter().enumerate() {
                    if at == Some(k) {
                        self.exit(unit, exit, &out);
                    }
                    self.item(unit, item);
                }
                if at == Some(body.len()) {
                    self.exit(unit, exit, &out);
                }
                let lim = match (limit, unit) {
                    (Limit::Var(k), Unit::Kernel(_)) => format!("LIM{k}(0,0)<1;1,0>"),
                    (Limit::Var(k), Unit::Function) => format!("0x{}:ud", k + 1),
                    (Limit::Imm(n), _) => format!("0x{n}:ud"),
                };
                self.line(format!("add (M1, {w}) {c}(0,0)<1> {c}(0,0)<1;1,0> 0x1:ud"));
                self.line(format!("cmp.lt (M1, {w}) {pre}P1 {c}(0,0)<1;1,0> {lim}"));
                self.line(format!("({pre}P1) goto (M1, {w}) {top}"));
                if exit.is_some() {
                    self.line(format!("{out}:"));
                }
                self.tag(Opcode::Goto);
                self.tags.insert("loop".to_string());
            }
            Item::Skip { cond, reduce, body } => {
                let r = [".any", ".all"]
                    .get(usize::from(*reduce).wrapping_sub(1))
                    .copied()
                    .unwrap_or("");
                let pred = self.cond(unit, cond, r);
                let end = self.label();
                self.line(format!("{pred}jmp (M1, 1) {end}"));
                self.block(unit, body);
                self.line(format!("{end}:"));
                self.tag(Opcode::Jmp);
            }
            Item::Switch {
                index,
                table,
                cases,
            } => {
                // A function's data lanes may be undefined outside its channels: the index
                // must be a defined value, so switches are the kernel's.
                if unit == Unit::Function || cases.is_empty() {
                    return;
                }
                let s = format!("D{index}(0,0)<0;1,0>");
                self.line(format!("and (M1_NM, 1) IDX(0,0)<1> {s} 0x3:ud"));
                let labels: Vec<String> = cases.iter().map(|_| self.label()).collect();
                let end = self.label();
                let entries: Vec<&str> = table
                    .iter()
                    .map(|t| labels[usize::from(*t) % labels.len()].as_str())
                    .collect();
                self.line(format!(
                    "switchjmp (M1, 1) IDX(0,0)<0;1,0> ({})",
                    entries.join(", ")
                ));
                for (k, (label, body)) in labels.iter().zip(cases).enumerate() {
                    self.line(format!("{label}:"));
                    self.block(unit, body);
                    if k + 1 < cases.len() {
                        self.line(format!("jmp (M1, 1) {end}"));
                    }
                }
                self.line(format!("{end}:"));
                self.tag(Opcode::Switchjmp);
                self.tag(Opcode::Jmp);
            }
        }
    }

    /// A loop's divergent exit: the predicated channels wait past the loop.
    fn exit(&mut self, unit: Unit, exit: &Option<(usize, Cond)>, out: &str) {
        if let Some((_, c)) = exit {
            let pred = self.cond(unit, c, "");
            self.line(format!("{pred}goto (M1, {}) {out}", self.width));
            self.tags.insert("loop-exit".to_string());
        }
    }
}

impl Drawn {
    fn write(&self, op: Opcode) -> GenCase {
        let w = self.width;
        let mut wr = Writer {
            width: w,
            grf: self.platform.grf_size(),
            labels: 0,
            lines: Vec::new(),
            counters: 0,
            subs_called: BTreeSet::new(),
            funcs_called: BTreeSet::new(),
            tags: BTreeSet::new(),
            mixes: splice(&self.mixes),
            mixes_used: BTreeSet::new(),
        };
        wr.block(Unit::Kernel(None), &self.main);
        // Subroutines in order: each calls only later ones, so one pass finds them all.
        let mut subs = Vec::new();
        for (k, sub) in self.subs.iter().enumerate() {
            if !wr.subs_called.contains(&k) {
                continue;
            }
            let body_start = wr.lines.len();
            let unit = Unit::Kernel(Some(k));
            let at = sub.early.as_ref().map(|(at, _)| at % (sub.body.len() + 1));
            for (j, item) in sub.body.iter().enumerate() {
                if at == Some(j) {
                    early_return(&mut wr, unit, &sub.early);
                }
                wr.item(unit, item);
            }
            if at == Some(sub.body.len()) {
                early_return(&mut wr, unit, &sub.early);
            }
            wr.line("ret (M1, 1)".to_string());
            wr.tag(Opcode::Ret);
            let body: Vec<String> = wr.lines.drain(body_start..).collect();
            subs.push((k, body));
        }
        let kernel_counters = wr.counters;
        let main_lines = std::mem::take(&mut wr.lines);
        let mut funcs = Vec::new();
        for (f, body) in self.funcs.iter().enumerate() {
            if !wr.funcs_called.contains(&f) {
                continue;
            }
            wr.counters = 0;
            let unit = Unit::Function;
            wr.line(format!("mov (M1, {w}) FD0(0,0)<1> %arg(0,0)<1;1,0>"));
            wr.line(format!("add (M1, {w}) FD1(0,0)<1> FD0(0,0)<1;1,0> 0x1:ud"));
            wr.line(format!("xor (M1, {w}) FD2(0,0)<1> FD0(0,0)<1;1,0> 0x55:ud"));
            wr.line(format!("mov (M1, {w}) FD3(0,0)<1> %ce0(0,0)<0;1,0>"));
            wr.block(unit, body);
            wr.line(format!(
                "mov (M1, {w}) %retval(0,0)<1> FD{}(0,0)<1;1,0>",
                f % DATA
            ));
            wr.line("fret (M1, 1)".to_string());
            wr.tag(Opcode::Fret);
            let lines = std::mem::take(&mut wr.lines);
            funcs.push((f, wr.counters, lines));
        }

        let mut text = String::new();
        let decl = |text: &mut String, name: &str, ty: &str, n: u32| {
            text.push_str(&format!(".decl {name} v_type=G type={ty} num_elts={n}\n"));
        };
        text.push_str(".kernel \"flow\"\n");
        for k in 0..DATA {
            decl(&mut text, &format!("D{k}"), "ud", w);
        }
        for k in 0..2 {
            decl(&mut text, &format!("LIM{k}"), "ud", w);
        }
        for k in 0..kernel_counters {
            decl(&mut text, &format!("C{k}"), "ud", w);
        }
        decl(&mut text, "T", "ud", w);
        decl(&mut text, "IDX", "ud", 1);
        decl(&mut text, "ADDR", "ud", 1);
        decl(&mut text, "ADDRQ", "uq", 1);
        text.push_str(".decl P1 v_type=P num_elts=32\n");
        let used: Vec<Spliced> = wr.mixes_used.iter().map(|&j| wr.mixes[j].clone()).collect();
        for m in &used {
            for d in &m.decls {
                text.push_str(d);
                text.push('\n');
            }
        }
        for line in &main_lines {
            text.push_str(line);
            text.push('\n');
        }
        if !subs.is_empty() || !funcs.is_empty() || self.final_ret {
            text.push_str("ret (M1, 1)\n");
            wr.tag(Opcode::Ret);
        }
        for (k, body) in &subs {
            if self.sub_instruction {
                text.push_str(&format!("subroutine S{k}\n"));
                wr.tag(Opcode::Subroutine);
            } else {
                text.push_str(&format!(".function \"S{k}\"\n"));
            }
            for line in body {
                text.push_str(line);
                text.push('\n');
            }
        }
        for (f, counters, lines) in &funcs {
            text.push_str(&format!(".global_function \"F{f}\"\n"));
            for k in 0..DATA {
                decl(&mut text, &format!("FD{k}"), "ud", w);
            }
            for k in 0..*counters {
                decl(&mut text, &format!("FC{k}"), "ud", w);
            }
            decl(&mut text, "FT", "ud", w);
            text.push_str(".decl FP1 v_type=P num_elts=32\n");
            for line in lines {
                text.push_str(line);
                text.push('\n');
            }
        }
        let le = |xs: &[u32]| xs.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let mut vars: Vec<(String, Vec<u8>)> = self
            .data
            .iter()
            .enumerate()
            .map(|(k, lanes)| (format!("D{k}"), le(lanes)))
            .collect();
        vars.extend(
            self.limits
                .iter()
                .enumerate()
                .map(|(k, lanes)| (format!("LIM{k}"), le(lanes))),
        );
        let mut preds = vec![("P1".to_string(), self.p1)];
        let mut mem = Vec::new();
        for m in &used {
            vars.extend(m.vars.iter().cloned());
            preds.extend(m.preds.iter().cloned());
            mem.extend(m.mem.iter().cloned());
        }
        let mut tags = vec![op.mnemonic().to_string(), "program".to_string()];
        tags.extend(wr.tags.into_iter().filter(|t| t != op.mnemonic()));
        if self.emask != (1u32 << w) - 1 && self.emask != u32::MAX {
            tags.push("partial-dispatch".to_string());
        }
        GenCase {
            platform: self.platform,
            literal: Vec::new(),
            text,
            vars,
            preds,
            cr0: 0,
            emask: self.emask,
            tags,
            partner: Vec::new(),
            mem,
            surfaces: Vec::new(),
            samplers: Vec::new(),
            profile: None,
        }
    }
}

/// The straight-line cases of the other executed families on `on` that a program splices
/// in: LSC_UNTYPED (not block 2D), SVM, DPAS and DP4A where the platform has them
/// (`op.form().platforms`), drawn by their own generators. Kept are the cases whose
/// meaning is the program's: every erratum resolved (the control-flow generators'
/// reading), no surface (flat memory only), no fused partner, the default DPAS profile,
/// `cr0` clear.
pub fn mix(on: Platform) -> BoxedStrategy<GenCase> {
    let has = |op: Opcode| op.form().platforms.admits(on);
    let mut arms: Vec<(u32, BoxedStrategy<GenCase>)> = Vec::new();
    let lsc: Vec<BoxedStrategy<GenCase>> = Opcode::ALL
        .into_iter()
        .filter(|&op| has(op))
        .filter_map(|op| lsc::case_on(op, on))
        .collect();
    if !lsc.is_empty() {
        arms.push((4, proptest::strategy::Union::new(lsc).boxed()));
    }
    let svm: Vec<BoxedStrategy<GenCase>> = Opcode::ALL
        .into_iter()
        .filter(|&op| has(op))
        .filter_map(|op| svm::case_on(op, on))
        .collect();
    if !svm.is_empty() {
        arms.push((3, proptest::strategy::Union::new(svm).boxed()));
    }
    if has(Opcode::Dpas) && on.dpas_exec_size().is_some() {
        arms.push((2, dpas::case_on(on)));
    }
    if has(Opcode::Dp4a) {
        // The register generator draws its own platform: only `on`'s cases are kept.
        arms.push((
            1,
            register_case(Opcode::Dp4a)
                .prop_filter("DP4A on the program's platform", move |c| c.platform == on)
                .boxed(),
        ));
    }
    proptest::strategy::Union::new_weighted(arms)
        .prop_filter("a case the program can splice", |c| {
            c.literal.is_empty()
                && c.surfaces.is_empty()
                && c.partner.is_empty()
                && c.profile.is_none()
                && c.cr0 == 0
                && c.mem.iter().all(|m| m.space == "flat")
        })
        .boxed()
}

/// A spliced case, its names prefixed: declarations, instruction lines, initial bytes,
/// predicate masks, memory regions.
#[derive(Clone, Debug)]
struct Spliced {
    decls: Vec<String>,
    lines: Vec<String>,
    vars: Vec<(String, Vec<u8>)>,
    preds: Vec<(String, u32)>,
    mem: Vec<MemRegion>,
}

/// The drawn cases a program keeps, renamed (`X{k}_NAME`): those whose memory regions
/// overlap no region of an earlier kept case (each case's accesses stay in its own
/// regions, so the cases never touch each other's bytes).
fn splice(cases: &[GenCase]) -> Vec<Spliced> {
    let mut kept: Vec<Spliced> = Vec::new();
    for case in cases {
        let overlaps = case.mem.iter().any(|m| {
            kept.iter().flat_map(|k| &k.mem).any(|o| {
                let end = |r: &MemRegion| u128::from(r.addr) + r.bytes.len() as u128;
                o.space == m.space && u128::from(m.addr) < end(o) && u128::from(o.addr) < end(m)
            })
        });
        if overlaps {
            continue;
        }
        let prefix = format!("X{}_", kept.len());
        let mut names = BTreeSet::new();
        let mut decls = Vec::new();
        let mut lines = Vec::new();
        for line in case.text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Some(rest) = line.strip_prefix(".decl ") {
                if let Some(name) = rest.split_whitespace().next() {
                    names.insert(name.to_string());
                }
                decls.push(line.to_string());
            } else {
                lines.push(line.to_string());
            }
        }
        let rename = |text: &str| rename(text, &names, &prefix);
        kept.push(Spliced {
            decls: decls.iter().map(|d| rename(d)).collect(),
            lines: lines.iter().map(|l| rename(l)).collect(),
            vars: case
                .vars
                .iter()
                .map(|(n, b)| (rename(n), b.clone()))
                .collect(),
            preds: case.preds.iter().map(|(n, m)| (rename(n), *m)).collect(),
            mem: case.mem.clone(),
        });
    }
    kept
}

/// `text` with every identifier in `names` (a whole word: letters, digits, `_`) prefixed.
fn rename(text: &str, names: &BTreeSet<String>, prefix: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if names.contains(word.as_str()) {
            out.push_str(prefix);
        }
        out.push_str(word);
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The mnemonic of an instruction line (after its predicate, before its first `.` or
/// space).
fn mnemonic_of(line: &str) -> &str {
    let l = line.trim_start();
    let l = match l.strip_prefix('(') {
        Some(r) => r.split_once(") ").map_or(r, |(_, rest)| rest),
        None => l,
    };
    l.split(['.', ' ']).next().unwrap_or(l)
}

/// The lines of a thread-group instruction drawn as `form`: NBARRIER and SBARRIER signal
/// before they wait (a thread alone in its group), FENCE with some of its flags.
fn sync_lines(op: Opcode, form: u8) -> Vec<String> {
    let id = form % 32;
    match op {
        Opcode::Barrier => vec!["barrier".into()],
        Opcode::Sbarrier => vec!["sbarrier.signal".into(), "sbarrier.wait".into()],
        Opcode::Nbarrier if form & 0x20 == 0 => vec![
            format!("nbarrier.signal {id:#x}:ub 0x1:ub"),
            format!("nbarrier.wait {id:#x}:ub"),
        ],
        Opcode::Nbarrier => vec![
            format!("nbarrier.signal {id:#x}:ub 0x0:uw 0x1:ub 0x1:ub"),
            format!("nbarrier.wait {id:#x}:ub"),
        ],
        Opcode::Fence => {
            let flags: String = ["E", "I", "S", "C", "R", "L1"]
                .iter()
                .enumerate()
                .filter(|(k, _)| form & (1 << k) != 0)
                .map(|(_, f)| *f)
                .collect();
            let global = if flags.is_empty() {
                "fence_global".to_string()
            } else {
                format!("fence_global.{flags}")
            };
            match form >> 6 {
                1 => vec![global, "fence_local.E".into()],
                2 => vec!["fence_sw".into(), global],
                _ => vec![global],
            }
        }
        Opcode::Wait => vec![format!("wait {:#x}:ub", form)],
        Opcode::Yield => vec!["yield".into()],
        _ => vec!["cache_flush".into()],
    }
}

/// A subroutine's early return: the predicated channels leave it (RET.md).
fn early_return(wr: &mut Writer, unit: Unit, early: &Option<(usize, Cond)>) {
    if let Some((_, c)) = early {
        let pred = wr.cond(unit, c, "");
        wr.line(format!("{pred}ret (M1, {})", wr.width));
        wr.tags.insert("early-return".to_string());
    }
}

#[cfg(test)]
mod tests {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    use super::*;
    use crate::case::{run_case, EngineKind, Outcome};

    /// Every generated program of every control-flow opcode holds the opcode, validates and
    /// runs to its end on the spec engine: no step-limit, no undefined-behaviour, no error.
    #[test]
    fn every_generated_program_runs_to_completion_on_spec() {
        let cases: usize = std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(24);
        let mut runner = TestRunner::deterministic();
        for op in Opcode::ALL.into_iter().filter(|o| o.is_flow()) {
            let strategy = case(op).unwrap_or_else(|| panic!("{op:?} has no generator"));
            for n in 0..cases {
                let generated = strategy
                    .new_tree(&mut runner)
                    .unwrap_or_else(|e| panic!("{e}"))
                    .current();
                let case = generated.to_case(&format!("flow/{}/{n}", op.mnemonic()));
                let mnemonic = op.mnemonic();
                assert!(
                    case.program.lines().any(|l| {
                        let l = l.trim_start();
                        let l = l
                            .strip_prefix('(')
                            .map_or(l, |r| r.split_once(") ").map_or(r, |(_, rest)| rest));
                        l.split([' ', '.']).next() == Some(mnemonic)
                    }),
                    "{mnemonic} missing from\n{}",
                    case.program
                );
                match run_case(&case, EngineKind::Spec) {
                    Outcome::Ok(_) => {}
                    Outcome::Error(e) => panic!("{e}\n{}", case.to_line()),
                }
            }
        }
    }
}
