//! `visa-conform exec --trace`: the spec engine run again with an observer that prints every
//! executed instruction and what it changed, as it executes: the lines of a step are written
//! when the step ends, so memory does not grow with the steps, and at most a given number of
//! bytes is written (a note line says where the trace was cut; the run goes on untraced).

use std::io::{self, BufWriter, Write};

use visa_model::asm;
use visa_model::error::VisaError;
use visa_model::ir::Program;
use visa_model::state::{ByteSet, MachineState, Memory};
use visa_spec::flow::Observer;

use crate::case::{compile, Compiled, Limits};
use crate::input::clip_message;
use crate::vector::Case;

/// The state an instruction may change, taken before it runs.
struct Before {
    grf: Vec<u8>,
    undefined: ByteSet,
    preds: Vec<u32>,
    addrs: Vec<u16>,
    mem: Memory,
}

/// The default of `--trace-bytes`: 256 MiB.
pub const DEFAULT_TRACE_BYTES: u64 = 256 << 20;

struct Tracer<'a> {
    program: &'a Program,
    text: Vec<&'a str>,
    out: BufWriter<&'a mut dyn Write>,
    /// Bytes written so far, and the most that may be.
    written: u64,
    max_bytes: u64,
    /// The trace has stopped: cut at `max_bytes`, or the output failed (`failed`).
    stopped: bool,
    failed: Option<io::Error>,
    before: Option<Before>,
}

impl Tracer<'_> {
    /// Writes one line, unless it would take the trace past `max_bytes`: then the trace stops
    /// with a note line.
    fn emit(&mut self, line: &str) {
        if self.stopped {
            return;
        }
        let len = line.len() as u64 + 1;
        if self.written.saturating_add(len) > self.max_bytes {
            self.stopped = true;
            let note = format!(
                "trace: cut at {} bytes (--trace-bytes {}); the run goes on untraced",
                self.written, self.max_bytes
            );
            self.write(&note);
            self.flush();
            return;
        }
        self.written += len;
        self.write(line);
    }

    /// Sends what is buffered on.
    fn flush(&mut self) {
        if let Err(e) = self.out.flush() {
            self.stopped = true;
            self.failed = Some(e);
        }
    }

    fn write(&mut self, line: &str) {
        if let Err(e) = writeln!(self.out, "{line}") {
            self.stopped = true;
            self.failed = Some(e);
        }
    }
}

/// One byte as hex, `??` when undefined.
fn byte(b: u8, undefined: bool) -> String {
    if undefined {
        "??".to_string()
    } else {
        format!("{b:02x}")
    }
}

/// The runs of consecutive indices `0..n` where `changed` holds, as ranges.
fn runs(n: usize, changed: impl Fn(usize) -> bool) -> Vec<std::ops::Range<usize>> {
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    for k in (0..n).filter(|&k| changed(k)) {
        match out.last_mut() {
            Some(r) if r.end == k => r.end = k + 1,
            _ => out.push(k..k + 1),
        }
    }
    out
}

impl Observer for Tracer<'_> {
    fn before(&mut self, pc: usize, mask: u32, state: &MachineState) {
        if self.stopped {
            return;
        }
        let Some(insn) = self.program.insns.get(pc) else {
            return;
        };
        let line = insn.pos.line;
        let text = self
            .text
            .get((line as usize).wrapping_sub(1))
            .map_or("", |t| t.trim());
        self.emit(&format!("line {line}: emask {mask:#010x}: {text}"));
        if self.stopped {
            return;
        }
        self.before = Some(Before {
            grf: state.grf.clone(),
            undefined: state.undefined.clone(),
            preds: state.preds.clone(),
            addrs: state.addrs.clone(),
            mem: state.mem.clone(),
        });
    }

    fn after(&mut self, _pc: usize, state: &MachineState) {
        let Some(b) = self.before.take() else { return };
        let program = self.program;
        for (id, v) in program.vars.iter() {
            if self.stopped {
                return;
            }
            if v.alias.is_some() {
                continue;
            }
            if let Some(off) = v.grf_offset {
                let size = v.byte_size();
                let old = |k: usize| (b.grf[off + k], b.undefined.contains(&(off + k)));
                let new = |k: usize| (state.grf[off + k], state.undefined.contains(&(off + k)));
                // Whole elements: an element with a changed byte is shown entire.
                let es = v.ty.size().max(1);
                let changed = |e: usize| (e * es..(e + 1) * es).any(|k| old(k) != new(k));
                for r in runs(size / es, changed) {
                    let r = r.start * es..r.end * es;
                    let hex = |f: &dyn Fn(usize) -> (u8, bool)| -> String {
                        r.clone()
                            .map(|k| {
                                let (x, u) = f(k);
                                byte(x, u)
                            })
                            .collect()
                    };
                    self.emit(&format!(
                        "  {}[{}..{}]: {} -> {}",
                        v.name,
                        r.start,
                        r.end,
                        hex(&old),
                        hex(&new)
                    ));
                }
            } else if let Some(slot) = v.slot.filter(|_| v.class == asm::ast::VarClass::Address) {
                for k in 0..v.num_elts as usize {
                    let (o, n) = (b.addrs.get(slot + k), state.addrs.get(slot + k));
                    if let (Some(o), Some(n)) = (o, n) {
                        if o != n {
                            self.emit(&format!("  {}[{k}]: {o:#x} -> {n:#x}", v.name));
                        }
                    }
                }
            } else if v.class == asm::ast::VarClass::Predicate {
                let i = id.0 as usize;
                if let (Some(o), Some(n)) = (b.preds.get(i), state.preds.get(i)) {
                    if o != n {
                        self.emit(&format!("  {}: {o:#x} -> {n:#x}", v.name));
                    }
                }
            }
        }
        for (name, space) in state.mem.spaces() {
            if self.stopped {
                return;
            }
            let old = b.mem.space(name);
            for (base, bytes) in space.pages() {
                let was = |k: usize| {
                    let addr = base + k as u64;
                    old.map_or((0, false), |o| {
                        let mut x = [0u8];
                        o.read(addr, &mut x);
                        (x[0], o.is_undefined(addr))
                    })
                };
                let now = |k: usize| (bytes[k], space.is_undefined(base + k as u64));
                for r in runs(bytes.len(), |k| was(k) != now(k)) {
                    let old_hex: String = r
                        .clone()
                        .map(|k| {
                            let (x, u) = was(k);
                            byte(x, u)
                        })
                        .collect();
                    let new_hex: String = r
                        .clone()
                        .map(|k| {
                            let (x, u) = now(k);
                            byte(x, u)
                        })
                        .collect();
                    self.emit(&format!(
                        "  mem[{name}:{:#x}..{:#x}]: {old_hex} -> {new_hex}",
                        base + r.start as u64,
                        base + r.end as u64
                    ));
                }
            }
        }
        // The step's lines leave now, not when the buffer fills.
        self.flush();
    }
}

/// Writes the trace of `case` on the spec engine to `out` as it runs, at most `max_bytes`
/// of it (then a note line); a case that does not run says why on the last line (the report
/// that follows has the details). The error is a failure to write.
pub fn run(case: &Case, limits: Limits, max_bytes: u64, out: &mut dyn Write) -> io::Result<()> {
    let Compiled {
        program,
        mut config,
        mut state,
    } = match compile(case) {
        Ok(compiled) => compiled,
        Err(e) => {
            writeln!(out, "{}", stopped(&e))?;
            return Ok(());
        }
    };
    limits.apply(&mut config);
    let mut tracer = Tracer {
        program: &program,
        text: case.program.lines().collect(),
        out: BufWriter::with_capacity(1 << 16, out),
        written: 0,
        max_bytes,
        stopped: false,
        failed: None,
        before: None,
    };
    let result = visa_spec::exec::run_traced(&program, &mut state, &config, &mut tracer);
    if let Err(e) = result {
        tracer.emit(&stopped(&e));
    }
    if let Some(e) = tracer.failed {
        return Err(e);
    }
    tracer.out.flush()
}

/// The last line of a run that ends in an error.
fn stopped(e: &VisaError) -> String {
    format!(
        "stopped: {}: {}",
        e.class.as_str(),
        clip_message(&e.message)
    )
}
