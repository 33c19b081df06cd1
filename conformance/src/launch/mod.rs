//! Launching a kernel as the driver does (`visa-conform launch`, docs/launch.md): its
//! arguments and payload laid out from its [`interface`], an NDRange of
//! work-groups, each work-group ceil(local size / SIMD width) hardware threads with their own
//! registers, global memory shared by all.
//!
//! Work-groups run one after another (X fastest); the threads of a group share its shared
//! local memory (the interface's `slm_bytes`, then the `local` arguments) and synchronise
//! through barriers, scheduled by [`sched`] (docs/thread-groups.md).

pub mod arg;
pub mod cases;
pub mod formats;
pub mod igc;
pub mod image;
pub mod interface;
pub mod private;
pub mod progbin;
pub mod races;
pub mod sampler;
pub mod sched;
pub mod watch;
pub mod zeinfo;

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use visa_model::asm::{self, ast};
use visa_model::error::VisaError;
use visa_model::ir::sync::{Outcome, Stop};
use visa_model::ir::Program;
use visa_model::state::{MachineState, Memory, SparseMemory, Surface, Vars};
use visa_spec::exec::ExecConfig;
use visa_spec::flow::Unobserved;

use crate::case::{self, EngineKind, Limits};
use crate::vector::Case;
use arg::{ArgValue, Value};
use interface::{ArgKind, Interface, Place};

/// The most work-items of one work-group.
pub const MAX_LOCAL_ITEMS: u64 = 1024;

/// The most hardware threads one launch runs.
pub const MAX_THREADS: u64 = 1 << 16;

/// The most bytes of all buffer arguments together.
pub const MAX_TOTAL_BUFFER_BYTES: u64 = 1 << 30;

/// The stateless address of the first buffer; each next one starts on the next 64 KiB
/// boundary at least 64 KiB past the end of the one before, so no two buffers touch.
pub const FIRST_BUFFER_ADDRESS: u64 = 0x1_0000;
const BUFFER_ALIGN: u64 = 0x1_0000;

/// The most bytes of shared local memory of one work-group (the interface's `slm_bytes`
/// and the `local` arguments together).
pub const MAX_SLM_BYTES: u64 = 1 << 20;

/// The alignment of each `local` argument's buffer in shared local memory.
const SLM_ALIGN: u64 = 16;

/// The memory space buffers live in.
const FLAT: &str = "flat";

/// What the host passes for one argument, its files read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostArg {
    /// A by-value argument's bytes.
    Bytes(Vec<u8>),
    /// A global buffer's initial bytes.
    Buffer(Vec<u8>),
    /// A `__local` buffer's size.
    Local(u64),
    /// An image's format, extent and pixels.
    Image(image::ImageHost),
    /// A sampler's state (its index the interface's).
    Sampler(visa_model::state::SamplerState),
}

/// A launch: the kernel, its interface, the NDRange and the arguments.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    /// The kernel's assembly text with its functions, as one program.
    pub program: &'a str,
    pub platform: &'a str,
    pub interface: &'a Interface,
    /// The interface's file name, for messages.
    pub interface_file: &'a str,
    /// Work-items in X, Y, Z (1 where not given).
    pub global: [u64; 3],
    /// Work-items of one work-group in X, Y, Z.
    pub local: [u64; 3],
    /// The global offset.
    pub offset: [u64; 3],
    /// How many dimensions the NDRange has (`work_dim`).
    pub dims: u32,
    /// One per interface argument, in order ([`bind`]).
    pub args: Vec<HostArg>,
    pub engine: EngineKind,
    /// Each hardware thread's limits.
    pub limits: Limits,
    /// How the threads of a work-group take turns.
    pub schedule: sched::Schedule,
    /// What a data race does (docs/races.md).
    pub races: races::RacesMode,
    /// How many work-groups may run at once (1: one after another); the result is the
    /// same for every value (docs/launch.md, "Work-groups at once").
    pub jobs: usize,
}

/// A hardware thread: its work-group and its index in the group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadId {
    pub group: [u64; 3],
    pub index: u64,
}

/// An error a run ended in, with the thread it happened in when it happened in one.
#[derive(Clone, Debug, PartialEq)]
pub struct RunError {
    pub error: VisaError,
    pub thread: Option<ThreadId>,
}

/// What a launch did.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The kernel's name (`.kernel`).
    pub kernel: String,
    /// Work-groups of the NDRange, and those that ran (each of their threads started).
    pub work_groups: u64,
    pub work_groups_run: u64,
    /// Hardware threads of the NDRange, and those that ran.
    pub threads: u64,
    pub threads_run: u64,
    /// Instructions executed, the failing one included.
    pub instructions: u64,
    pub error: Option<RunError>,
    /// Each global buffer argument's index and final bytes.
    pub buffers: Vec<(usize, Vec<u8>)>,
    /// Notes for the user: `.input` variables no field of the interface writes.
    pub warnings: Vec<String>,
    /// The data races found (distinct pairs of instructions; 0 with `--races off`, which
    /// does not look), and with `--races warn` the first of them as `data-race` errors,
    /// each at the thread of its later access (docs/races.md).
    pub races: u64,
    pub race_reports: Vec<RunError>,
}

/// Pairs the `--arg` values with the interface's arguments: one value per argument, of its
/// kind and size; `load` reads a `buf:` file. The error is the message to print (usage).
pub fn bind(
    interface: &Interface,
    values: &[ArgValue],
    mut load: impl FnMut(&std::path::Path) -> Result<Vec<u8>, String>,
) -> Result<Vec<HostArg>, String> {
    let mut given: BTreeMap<usize, &Value> = BTreeMap::new();
    for v in values {
        if v.index >= interface.args.len() {
            return Err(format!(
                "--arg {}: the kernel has {} arguments (0 to {})",
                v.index,
                interface.args.len(),
                interface.args.len().saturating_sub(1)
            ));
        }
        if given.insert(v.index, &v.value).is_some() {
            return Err(format!("--arg {}: given twice", v.index));
        }
    }
    let mut total = 0u64;
    let mut bound = Vec::with_capacity(interface.args.len());
    for (i, spec) in interface.args.iter().enumerate() {
        let name = arg_name(interface, i);
        let Some(value) = given.get(&i) else {
            return Err(format!("argument {name} has no --arg {i}=VALUE"));
        };
        let wrong = || {
            format!(
                "--arg {i}: argument {name} is {} in the interface; the value is {}",
                describe_kind(&spec.kind),
                value.describe()
            )
        };
        let host = match (&spec.kind, value) {
            (ArgKind::Scalar { ty, count }, Value::Scalar { bytes, .. }) => {
                let want = u64::from(ty.bytes()) * u64::from(*count);
                if bytes.len() as u64 != want {
                    return Err(format!(
                        "--arg {i}: argument {name} is {} ({want} bytes); the value is {} ({} bytes)",
                        describe_kind(&spec.kind),
                        value.describe(),
                        bytes.len()
                    ));
                }
                HostArg::Bytes(bytes.clone())
            }
            (ArgKind::Global { .. }, Value::Zeros(n)) => {
                total = total.saturating_add(*n);
                if total > MAX_TOTAL_BUFFER_BYTES {
                    return Err(too_much(i));
                }
                HostArg::Buffer(vec![0; *n as usize])
            }
            (ArgKind::Global { .. }, Value::File(path)) => {
                let bytes = load(path)?;
                total = total.saturating_add(bytes.len() as u64);
                if total > MAX_TOTAL_BUFFER_BYTES {
                    return Err(too_much(i));
                }
                HostArg::Buffer(bytes)
            }
            (ArgKind::Local { .. }, Value::Local(n)) => HostArg::Local(*n),
            (ArgKind::Image { dims, .. }, Value::Image(v)) if image::fits(*dims, v.dims) => {
                total = total.saturating_add(v.bytes());
                if total > MAX_TOTAL_BUFFER_BYTES {
                    return Err(too_much(i));
                }
                HostArg::Image(image::bind(v, &mut load)?)
            }
            (ArgKind::Sampler { .. }, Value::Sampler(state)) => HostArg::Sampler(state.clone()),
            _ => return Err(wrong()),
        };
        bound.push(host);
    }
    Ok(bound)
}

fn too_much(i: usize) -> String {
    format!(
        "--arg {i}: the buffer arguments hold more than {MAX_TOTAL_BUFFER_BYTES} bytes together"
    )
}

fn describe_kind(kind: &ArgKind) -> String {
    match kind {
        ArgKind::Scalar { ty, count: 1 } => format!("a {} scalar", ty.name()),
        ArgKind::Scalar { ty, count } => format!("a vector of {count} {}", ty.name()),
        ArgKind::Global { .. } => "a global buffer (buf:FILE or zeros:N)".into(),
        ArgKind::Local { .. } => "a local buffer (local:N)".into(),
        ArgKind::Image { dims, .. } => format!(
            "an image{} ({}:FORMAT:SIZES:FILE)",
            dims.name(),
            match dims {
                interface::ImageDims::D1 => "image1d",
                interface::ImageDims::D1Array | interface::ImageDims::D2 => "image2d",
                interface::ImageDims::D2Array | interface::ImageDims::D3 => "image3d",
            }
        ),
        ArgKind::Sampler { .. } => "a sampler (sampler:FILTER:ADDRESS:COORDS)".into(),
    }
}

/// `I (NAME)` or `I`.
fn arg_name(interface: &Interface, i: usize) -> String {
    match interface.args.get(i).and_then(|a| a.name.as_deref()) {
        Some(n) => format!("{i} ({})", crate::input::clip(n)),
        None => i.to_string(),
    }
}

/// One `.input` (or `.implicit_*`) line of the kernel.
#[derive(Clone, Debug)]
struct InputVar {
    name: String,
    offset: u64,
    size: u64,
    /// Where the variable lies in the model's register file.
    grf: usize,
}

/// The kernel's `.kernel` name, `.input` lines and SIMD width.
struct KernelFacts {
    name: String,
    inputs: Vec<InputVar>,
    simd: Option<u32>,
}

fn kernel_facts(ast: &ast::Program, vars: &Vars) -> KernelFacts {
    let mut facts = KernelFacts {
        name: String::new(),
        inputs: Vec::new(),
        simd: None,
    };
    for line in &ast.lines {
        match &line.kind {
            ast::LineKind::Directive { name, args } if name == "kernel" => {
                if let Some(n) = args.first() {
                    facts.name = n.trim_matches('"').to_string();
                }
            }
            ast::LineKind::Directive { name, args }
                if name == "input" || name.starts_with("implicit_") =>
            {
                // Validation has checked the line: a declared general variable, its size.
                let Some((var, rest)) = args.split_first() else {
                    continue;
                };
                let mut offset = Some(0u64);
                for word in rest {
                    if let Some(v) = word.strip_prefix("offset=") {
                        // As validation reads it: decimal or 0x hexadecimal.
                        offset = match v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
                            Some(hex) => u64::from_str_radix(hex, 16).ok(),
                            None => v.parse().ok(),
                        };
                    }
                }
                let Some(offset) = offset else { continue };
                let Some(id) = vars.find(var) else { continue };
                let info = vars.get(id);
                let Some(grf) = info.grf_offset else { continue };
                facts.inputs.push(InputVar {
                    name: var.clone(),
                    offset,
                    size: info.byte_size() as u64,
                    grf,
                });
            }
            ast::LineKind::Directive { name, args } if name == "kernel_attr" => {
                for a in args {
                    if let Some(n) = a.strip_prefix("SimdSize=") {
                        facts.simd = n.trim().parse().ok();
                    }
                }
            }
            _ => {}
        }
    }
    facts
}

/// Where interface fields write in a thread's register file.
struct Layout<'a> {
    inputs: &'a [InputVar],
    /// Per input, which of its bytes some field writes.
    covered: Vec<Vec<bool>>,
}

impl<'a> Layout<'a> {
    fn new(inputs: &'a [InputVar]) -> Layout<'a> {
        Layout {
            inputs,
            covered: inputs
                .iter()
                .map(|i| vec![false; i.size as usize])
                .collect(),
        }
    }

    /// Where the `len` bytes at `place` lie in the register file, for the interface field
    /// `field`: one span per `.input` they cross (a field may cross several, as local ids
    /// of 32 lanes cross two 32-byte inputs). The error is the message to print.
    fn resolve(
        &mut self,
        place: &Place,
        len: u32,
        field: &str,
        file: &str,
    ) -> Result<Spans, String> {
        self.resolve_spans(place, len, field, file, false)
    }

    /// [`Layout::resolve`], leaving out the bytes that lie in no `.input` instead of
    /// failing on them.
    fn resolve_read(
        &mut self,
        place: &Place,
        len: u32,
        field: &str,
        file: &str,
    ) -> Result<Spans, String> {
        self.resolve_spans(place, len, field, file, true)
    }

    fn resolve_spans(
        &mut self,
        place: &Place,
        len: u32,
        field: &str,
        file: &str,
        skip_unread: bool,
    ) -> Result<Spans, String> {
        let field = format!("{file}: {field}");
        let start = match place {
            Place::Input(name) => self
                .inputs
                .iter()
                .find(|i| &i.name == name)
                .map(|i| i.offset)
                .ok_or_else(|| {
                    format!(
                        "{field}: the kernel has no `.input {}`",
                        crate::input::clip(name)
                    )
                })?,
            Place::Offset(o) => u64::from(*o),
        };
        let mut spans = Vec::new();
        let mut o = start;
        let end = start + u64::from(len);
        while o < end {
            let Some(k) = self
                .inputs
                .iter()
                .position(|i| i.offset <= o && o < i.offset.saturating_add(i.size))
            else {
                if skip_unread {
                    o += 1;
                    continue;
                }
                return Err(format!(
                    "{field}: {len} bytes at {place}: payload byte {o} lies in no `.input` of \
                     the kernel ({})",
                    self.listing()
                ));
            };
            let input = &self.inputs[k];
            let at = o - input.offset;
            let n = (input.size - at).min(end - o);
            for b in &mut self.covered[k][at as usize..(at + n) as usize] {
                *b = true;
            }
            spans.push((
                input.grf + at as usize,
                (o - start) as usize..(o - start + n) as usize,
            ));
            o += n;
        }
        Ok(spans)
    }

    fn listing(&self) -> String {
        let mut spans: Vec<(u64, u64)> = self
            .inputs
            .iter()
            .map(|i| (i.offset, i.offset.saturating_add(i.size)))
            .collect();
        spans.sort();
        let v: Vec<String> = spans.iter().map(|(a, b)| format!("{a}..{b}")).collect();
        if v.is_empty() {
            "it has none".into()
        } else {
            format!("they cover {}", v.join(", "))
        }
    }

    /// A warning per `.input` no field writes.
    fn warnings(&self) -> Vec<String> {
        self.inputs
            .iter()
            .zip(&self.covered)
            .filter(|(_, c)| !c.iter().any(|&b| b))
            .map(|(i, _)| {
                format!(
                    "warning: `.input {}` (offset {}, {} bytes) is neither an argument nor a \
                     payload field of the interface; it starts as zero",
                    i.name, i.offset, i.size
                )
            })
            .collect()
    }
}

/// A payload write: where in the register file, and what for a given thread.
enum Source {
    Bytes(Vec<u8>),
    /// Lane i's 16-bit local id in dimension d.
    LocalId(usize),
    /// A per-group triple: the group ids.
    GroupId(u32),
    /// A per-group triple: the group's local size.
    LocalSize(u32),
}

/// Where a field's bytes lie: register-file bytes and the part of the field they hold.
type Spans = Vec<(usize, std::ops::Range<usize>)>;

struct Write {
    grf: Spans,
    source: Source,
}

fn triple_bytes(v: [u64; 3], dims: u32) -> Vec<u8> {
    v.iter()
        .take(dims as usize)
        .flat_map(|&x| (x as u32).to_le_bytes())
        .collect()
}

/// A launch the user asked wrongly for (exit 2): the message to print.
fn usage<T>(message: String) -> Result<T, String> {
    Err(message)
}

/// Runs a launch. The error is a usage error's message (exit 2); an error of the kernel
/// (it does not parse or validate, a thread fails, the threads of a work-group deadlock) is
/// the report's `error`.
pub fn launch(req: &Request<'_>) -> Result<Report, String> {
    launch_with(req, None)
}

/// [`launch`], telling `watcher` what the threads do: after each run of a thread, and at
/// each barrier release ([`sched::Watcher`]; thread indices count the launch's threads in
/// work-group order). The work-groups run one after another, whatever `req.jobs`.
pub fn launch_watched(
    req: &Request<'_>,
    watcher: &mut dyn sched::Watcher,
) -> Result<Report, String> {
    launch_with(req, Some(watcher))
}

fn launch_with(
    req: &Request<'_>,
    watcher: Option<&mut dyn sched::Watcher>,
) -> Result<Report, String> {
    let interface = req.interface;
    let file = req.interface_file;
    let line = serde_json::json!({
        "format": "visa-vector/1",
        "id": "launch",
        "platform": req.platform,
        "program": req.program,
        "init": {},
    });
    let case = Case::from_value(&line).map_err(|e| e.to_string())?;
    let groups = check_ndrange(req)?;
    let simd = u64::from(interface.simd);
    let group_items = product(req.local);
    let per_group = group_items.div_ceil(simd);
    let work_groups = product(groups);
    // Threads are numbered `per_group` to a work-group (a last, partial group's threads
    // leave gaps): that numbering is bounded.
    let threads = work_groups.saturating_mul(per_group);
    if threads > MAX_THREADS {
        return usage(format!(
            "the NDRange makes {threads} hardware threads ({work_groups} work-groups of \
             {per_group}), more than {MAX_THREADS}"
        ));
    }
    let mut report = Report {
        kernel: String::new(),
        work_groups,
        work_groups_run: 0,
        threads: ndrange_threads(req, simd),
        threads_run: 0,
        instructions: 0,
        error: None,
        buffers: Vec::new(),
        warnings: Vec::new(),
        races: 0,
        race_reports: Vec::new(),
    };
    let ast = match asm::parse(req.program) {
        Ok(ast) => ast,
        Err(error) => {
            report.error = Some(RunError {
                error,
                thread: None,
            });
            return Ok(report);
        }
    };
    let compiled = match case::compile_parsed(&case, &ast, None) {
        Ok(c) => c,
        Err(error) => {
            report.error = Some(RunError {
                error,
                thread: None,
            });
            return Ok(report);
        }
    };
    let facts = kernel_facts(&ast, &compiled.program.vars);
    report.kernel = facts.name.clone();
    if let Some(want) = &interface.kernel {
        if *want != facts.name {
            return usage(format!(
                "{file}: kernel: the interface describes `{}`, the text is kernel `{}`",
                crate::input::clip(want),
                facts.name
            ));
        }
    }
    if let Some(simd_attr) = facts.simd {
        if simd_attr != interface.simd {
            return usage(format!(
                "{file}: simd: the interface says {}, the kernel's `.kernel_attr SimdSize={simd_attr}`",
                interface.simd
            ));
        }
    }
    if req.args.len() != interface.args.len() {
        return usage(format!(
            "{} argument values for the interface's {} arguments",
            req.args.len(),
            interface.args.len()
        ));
    }

    // Where every field lands, and the buffers' addresses.
    let mut layout = Layout::new(&facts.inputs);
    let mut writes = Vec::new();
    let mut mem = Memory::default();
    let mut buffers = Vec::new();
    let mut next = FIRST_BUFFER_ADDRESS;
    let mut slm_bytes = interface.slm_bytes;
    for (i, (spec, host)) in interface.args.iter().zip(&req.args).enumerate() {
        // An image: a typed surface at its binding-table entry, no payload bytes.
        if let (ArgKind::Image { bti, .. }, HostArg::Image(img)) = (&spec.kind, host) {
            if mem.surfaces.iter().any(|s| s.bti == *bti) {
                return usage(format!(
                    "{file}: args[{i}].bti: binding-table entry {bti} is another argument's"
                ));
            }
            let base = next;
            next = (base + img.bytes.len() as u64 + BUFFER_ALIGN).div_ceil(BUFFER_ALIGN)
                * BUFFER_ALIGN;
            image::place(&mut mem, FLAT, *bti, base, img);
            buffers.push((i, base, img.bytes.len()));
            continue;
        }
        // A sampler: an entry of the sampler state table, and its values in the payload.
        if let (ArgKind::Sampler { index, .. }, HostArg::Sampler(state)) = (&spec.kind, host) {
            if let Err(e) = sampler::place(&mut mem, *index, state) {
                return usage(format!("{file}: args[{i}].index: {e}"));
            }
            let ArgKind::Sampler {
                address_mode,
                normalized,
                snap_wa,
                ..
            } = &spec.kind
            else {
                continue;
            };
            let places = [address_mode.as_ref(), normalized.as_ref(), snap_wa.as_ref()];
            for (field, at, value) in sampler::payload_values(places, state) {
                let grf = layout.resolve(at, 4, &format!("args[{i}].{field}"), file)?;
                writes.push(Write {
                    grf,
                    source: Source::Bytes(value.to_le_bytes().to_vec()),
                });
            }
            continue;
        }
        let field = format!("args[{i}].at");
        let grf = match spec.kind {
            // An SLM offset is below 2^32: IGC declares `.input`s for the bytes of a
            // `__local` pointer its code reads (the low 4 of 8, or none when it never reads
            // it); the others are not written.
            ArgKind::Local { .. } => {
                layout.resolve_read(&spec.at, spec.kind.bytes(), &field, file)?
            }
            _ => layout.resolve(&spec.at, spec.kind.bytes(), &field, file)?,
        };
        match (&spec.kind, host) {
            (ArgKind::Scalar { .. }, HostArg::Bytes(bytes)) => writes.push(Write {
                grf,
                source: Source::Bytes(bytes.clone()),
            }),
            (
                ArgKind::Global {
                    pointer_bytes,
                    bti,
                    buffer_offset,
                },
                HostArg::Buffer(bytes),
            ) => {
                let base = next;
                let end = base + bytes.len() as u64;
                next = (end + BUFFER_ALIGN).div_ceil(BUFFER_ALIGN) * BUFFER_ALIGN;
                if *pointer_bytes == 4 && end > u64::from(u32::MAX) {
                    return usage(format!(
                        "--arg {i}: the buffers do not fit the 4-byte pointers of args[{i}]"
                    ));
                }
                mem.space_mut(FLAT).write(base, bytes);
                let pointer = base.to_le_bytes()[..*pointer_bytes as usize].to_vec();
                writes.push(Write {
                    grf,
                    source: Source::Bytes(pointer),
                });
                if let Some(bti) = bti {
                    if mem.surfaces.iter().any(|s| s.bti == *bti) {
                        return usage(format!(
                            "{file}: args[{i}].bti: binding-table entry {bti} is another argument's"
                        ));
                    }
                    mem.surfaces.push(Surface {
                        bti: *bti,
                        base,
                        size: bytes.len() as u64,
                        ..Surface::default()
                    });
                }
                if let Some(at) = buffer_offset {
                    let field = format!("args[{i}].buffer_offset");
                    let grf = layout.resolve(at, 4, &field, file)?;
                    writes.push(Write {
                        grf,
                        source: Source::Bytes(vec![0; 4]),
                    });
                }
                buffers.push((i, base, bytes.len()));
            }
            (
                ArgKind::Local {
                    pointer_bytes,
                    align,
                },
                HostArg::Local(size),
            ) => {
                // After the kernel's own SLM, each `__local` buffer on the next boundary of
                // its alignment, 16 bytes where the interface gives none
                // (docs/thread-groups.md, "Shared local memory").
                let align = align.map_or(SLM_ALIGN, u64::from).max(1);
                let at = slm_bytes.div_ceil(align) * align;
                slm_bytes = at.saturating_add(*size);
                if slm_bytes > MAX_SLM_BYTES {
                    return usage(format!(
                        "--arg {i}: the work-group's shared local memory would be \
                         {slm_bytes} bytes, more than {MAX_SLM_BYTES}"
                    ));
                }
                writes.push(Write {
                    grf,
                    source: Source::Bytes(at.to_le_bytes()[..*pointer_bytes as usize].to_vec()),
                });
            }
            _ => return usage(format!("--arg {i}: not of the argument's kind")),
        }
    }
    for (k, state) in interface.inline_samplers.iter().enumerate() {
        if let Err(e) = sampler::place(&mut mem, state.index, state) {
            return usage(format!("{file}: inline_samplers[{k}].index: {e}"));
        }
    }
    let p = &interface.payload;
    for (d, at) in p.local_id.iter().enumerate() {
        if let Some(at) = at {
            let field = format!("payload.local_id.{}", ["x", "y", "z"][d]);
            // IGC's vector compiler describes every id as present to its SIMD1 threads
            // whether its code reads them or not (IGC/VectorCompiler/igcdeps/src/cmc.cpp:
            // the driver always writes the thread's one GRF of ids): those go where an
            // `.input` takes them.
            let grf = if interface.simd == 1 {
                layout.resolve_read(at, 2, &field, file)?
            } else {
                layout.resolve(at, 2 * interface.simd, &field, file)?
            };
            writes.push(Write {
                grf,
                source: Source::LocalId(d),
            });
        }
    }
    let group_count = groups;
    let triples = [
        (&p.global_offset, "global_offset", Some(req.offset)),
        // The group's own size: a last, partial group's in a dimension whose global size
        // is no multiple of the local size (NEO patches both with the size of the
        // walker's groups); the enqueued local size is `--local` in every group.
        (&p.local_size, "local_size", None),
        (&p.local_size_2, "local_size_2", None),
        (
            &p.enqueued_local_size,
            "enqueued_local_size",
            Some(req.local),
        ),
        (&p.global_size, "global_size", Some(req.global)),
        (&p.group_count, "group_count", Some(group_count)),
        (&p.group_id, "group_id", None),
    ];
    for (triple, name, value) in triples {
        if let Some(t) = triple {
            let field = format!("payload.{name}");
            let grf = layout.resolve(&t.at, 4 * t.dims, &field, file)?;
            let source = match value {
                Some(v) => Source::Bytes(triple_bytes(v, t.dims)),
                None if name == "group_id" => Source::GroupId(t.dims),
                None => Source::LocalSize(t.dims),
            };
            writes.push(Write { grf, source });
        }
    }
    if let Some(at) = &p.work_dim {
        let grf = layout.resolve(at, 4, "payload.work_dim", file)?;
        writes.push(Write {
            grf,
            source: Source::Bytes(req.dims.to_le_bytes().to_vec()),
        });
    }
    // Private memory: a surface past the buffers with a slot for every hardware thread
    // the kernel can name, its base in the payload (docs/launch.md, "Private memory").
    let platform = compiled.program.platform;
    let mut private = None;
    let mut refused = None;
    if let Some(m) = &interface.private_memory {
        let grf = layout.resolve(&m.at, m.pointer_bytes, "private_memory.at", file)?;
        let mut base = 0;
        if m.bytes > 0 {
            match private::hw_thread_ids(platform) {
                None => {
                    refused = Some(format!(
                        "private_memory: the kernel uses {} bytes of private memory per {}, \
                         and the launcher does not lay out {platform}'s hardware thread ids",
                        m.bytes,
                        m.per.name()
                    ))
                }
                Some(ids) if per_group > ids => {
                    refused = Some(format!(
                        "private_memory: a work-group of {per_group} hardware threads, more \
                         than the {ids} hardware thread ids of {platform} with a private slot"
                    ))
                }
                Some(ids) => {
                    let lanes = match m.per {
                        interface::PrivateScope::WorkItem => simd,
                        interface::PrivateScope::Thread => 1,
                    };
                    let surface = private::PrivateSurface {
                        base: next,
                        slot: u64::from(m.bytes) * lanes,
                        ids,
                    };
                    if m.pointer_bytes == 4 && surface.range().end > u64::from(u32::MAX) {
                        return usage(format!(
                            "{file}: private_memory: the private surface ({} bytes per \
                             hardware thread, {ids} of them) does not fit its 4-byte pointer",
                            surface.slot
                        ));
                    }
                    base = surface.base;
                    private = Some(surface);
                }
            }
        }
        writes.push(Write {
            grf,
            source: Source::Bytes(base.to_le_bytes()[..m.pointer_bytes as usize].to_vec()),
        });
    }
    report.warnings = layout.warnings();

    // What the launcher does not run yet.
    if let Some(message) = refused {
        report.error = Some(RunError {
            error: VisaError::unsupported(message),
            thread: None,
        });
        return Ok(report);
    }

    let r0 = compiled
        .program
        .vars
        .find("%r0")
        .and_then(|id| compiled.program.vars.get(id).grf_offset);
    let mut config = compiled.config.clone();
    req.limits.apply(&mut config);
    let engine = match Engine::new(req.engine, &compiled.program, &config) {
        Ok(e) => e,
        Err(error) => {
            report.error = Some(RunError {
                error,
                thread: None,
            });
            return Ok(report);
        }
    };
    let mut template = compiled.state;
    template.mem = Memory::default();
    let grf_of = |name: &str| {
        let vars = &compiled.program.vars;
        vars.find(name).and_then(|id| vars.get(id).grf_offset)
    };
    let dispatch = Dispatch {
        r0,
        hw_id: grf_of("%hw_id"),
        sr0: grf_of("%sr0"),
        platform,
        private: private.clone(),
        writes,
        simd,
        local: req.local,
        global: req.global,
    };

    let run = Run {
        program: &compiled.program,
        engine: &engine,
        config: &config,
        template: &template,
        dispatch: &dispatch,
        schedule: req.schedule,
        groups,
        per_group,
        slm_bytes,
    };
    // The scheduler records the threads' accesses (for the bounds of shared local memory);
    // the race detector watches them unless `--races off`.
    let mut unwatched = sched::Unwatched;
    let parallel = watcher.is_none() && req.jobs > 1 && work_groups > 1;
    let mut detector = watch::RaceWatcher::new(
        &compiled.program,
        req.races,
        groups,
        per_group,
        threads,
        watcher.unwrap_or(&mut unwatched),
    )
    .skip_private(private.as_ref().map_or(0..0, |p| p.range()));
    let mut in_order = true;
    if parallel {
        let initial = mem.clone();
        if run.in_parallel(req.jobs, req.races, &mut mem, &mut detector, &mut report) {
            in_order = false;
        } else {
            // The detector's replay stopped where the run in order stops earlier: the
            // launch runs again, in order.
            mem = initial;
            report.work_groups_run = 0;
            report.threads_run = 0;
            report.instructions = 0;
            report.error = None;
            detector.restart();
        }
    }
    if in_order {
        run.in_order(&mut mem, &mut detector, &mut report);
    }
    report.races = detector.detector().found() as u64;
    // With `error`, the first race is the run's error instead.
    if req.races == races::RacesMode::Warn {
        report.race_reports = detector
            .detector()
            .races()
            .iter()
            .map(|race| RunError {
                error: race.to_error(&compiled.program, &|t| detector.thread_name(t)),
                thread: {
                    let (group, index) = detector.thread_id(race.later.thread);
                    Some(ThreadId { group, index })
                },
            })
            .collect();
    }
    for (i, base, len) in buffers {
        let mut bytes = vec![0; len];
        if let Some(space) = mem.space(FLAT) {
            space.read(base, &mut bytes);
        }
        report.buffers.push((i, bytes));
    }
    Ok(report)
}

/// What the driver writes into every hardware thread's registers.
struct Dispatch {
    /// Where %r0 lies in the register file.
    r0: Option<usize>,
    /// Where `%hw_id` and `%sr0` lie, when the program names them: each thread's hardware
    /// thread id and its fields ([`private`]).
    hw_id: Option<usize>,
    sr0: Option<usize>,
    platform: visa_model::platform::Platform,
    /// The private surface, when the kernel has private memory.
    private: Option<private::PrivateSurface>,
    writes: Vec<Write>,
    simd: u64,
    /// The enqueued local size and the global size.
    local: [u64; 3],
    global: [u64; 3],
}

impl Dispatch {
    /// The work-items of work-group `group` in X, Y, Z: the enqueued local size, but in the
    /// last group of a dimension whose global size is no multiple of it, what is left
    /// (OpenCL 2.0's non-uniform work-groups).
    fn local_of(&self, group: [u64; 3]) -> [u64; 3] {
        let mut local = self.local;
        for d in 0..3 {
            let start = group[d].saturating_mul(self.local[d]);
            local[d] = self.local[d].min(self.global[d].saturating_sub(start));
        }
        local
    }

    /// The hardware thread id of the launch's thread `thread` (work-group order): its
    /// private slot's, or as many ids as the platform's layout names, in turn.
    fn hw_thread(&self, thread: u64) -> Option<u64> {
        match &self.private {
            Some(p) => Some(p.id_of(thread)),
            None => private::hw_thread_ids(self.platform).map(|ids| thread % ids),
        }
    }

    /// The state a thread of work-group `group` starts in: `template`'s registers with the
    /// payload, global memory `mem`, its `lanes` lanes (the work-items from the group's
    /// `first` on) enabled; `thread` is its index in the launch.
    fn start(
        &self,
        template: &MachineState,
        mem: Memory,
        group: [u64; 3],
        (first, lanes): (u64, u64),
        thread: u64,
    ) -> MachineState {
        let local = self.local_of(group);
        let mut state = template.clone();
        state.mem = mem;
        if let Some(r0) = self.r0 {
            for (dword, id) in [(1, group[0]), (6, group[1]), (7, group[2])] {
                put(&mut state, r0 + 4 * dword, &(id as u32).to_le_bytes());
            }
        }
        if let Some(id) = self.hw_thread(thread) {
            if let Some(at) = self.hw_id {
                put(&mut state, at, &(id as u32).to_le_bytes());
            }
            if let Some(at) = self.sr0 {
                put(
                    &mut state,
                    at,
                    &private::sr0(self.platform, id).to_le_bytes(),
                );
            }
        }
        for w in &self.writes {
            match &w.source {
                Source::Bytes(b) => put_spans(&mut state, &w.grf, b),
                Source::GroupId(dims) => put_spans(&mut state, &w.grf, &triple_bytes(group, *dims)),
                Source::LocalSize(dims) => {
                    put_spans(&mut state, &w.grf, &triple_bytes(local, *dims))
                }
                Source::LocalId(d) => {
                    let ids: Vec<u8> = (0..self.simd)
                        .flat_map(|lane| {
                            let id = if lane < lanes {
                                local_id(first + lane, local)[*d]
                            } else {
                                0
                            };
                            (id as u16).to_le_bytes()
                        })
                        .collect();
                    put_spans(&mut state, &w.grf, &ids);
                }
            }
        }
        // A SIMD1 thread (one work-item, as IGC's vector compiler compiles) runs with all
        // 32 channels enabled: its instructions are as wide as its code makes them
        // (compute-runtime, shared/source/command_container/command_encoder_xehp_and_later.inl,
        // the walker's execution mask of 32 bits for SIMD1).
        state.emask = if lanes >= 32 || self.simd == 1 {
            u32::MAX
        } else {
            (1u32 << lanes) - 1
        };
        state
    }
}

/// Everything running the NDRange's work-groups needs but the memory and the watcher.
struct Run<'r> {
    program: &'r Program,
    engine: &'r Engine,
    config: &'r ExecConfig,
    template: &'r MachineState,
    dispatch: &'r Dispatch,
    schedule: sched::Schedule,
    groups: [u64; 3],
    /// Hardware threads of a whole work-group (a partial one has fewer).
    per_group: u64,
    slm_bytes: u64,
}

/// What running one work-group did.
struct GroupRun {
    threads_run: u64,
    instructions: u64,
    error: Option<RunError>,
}

impl GroupRun {
    /// Adds the run to the report; whether the launch goes on.
    fn account(self, report: &mut Report) -> bool {
        report.work_groups_run += 1;
        report.threads_run += self.threads_run;
        report.instructions += self.instructions;
        match self.error {
            Some(e) => {
                report.error = Some(e);
                false
            }
            None => true,
        }
    }
}

/// The most threads work-groups run on at once (`--jobs`).
pub const MAX_JOBS: usize = 256;

/// The most work-groups of a batch run at once, per job.
const BATCH_PER_JOB: usize = 4;

impl Run<'_> {
    fn work_groups(&self) -> u64 {
        product(self.groups)
    }

    /// The work-group of linear index `linear` (X fastest).
    fn group_at(&self, linear: u64) -> [u64; 3] {
        let [gx, gy, _] = self.groups.map(|g| g.max(1));
        [linear % gx, (linear / gx) % gy, linear / (gx * gy)]
    }

    /// Runs work-group `linear`'s threads to their ends (or the first error) on global
    /// memory `mem`.
    fn group(&self, linear: u64, mem: &mut Memory, watcher: &mut dyn sched::Watcher) -> GroupRun {
        let group = self.group_at(linear);
        let mut run = GroupRun {
            threads_run: 0,
            instructions: 0,
            error: None,
        };
        let simd = self.dispatch.simd;
        let items = product(self.dispatch.local_of(group));
        let count = items.div_ceil(simd);
        let mut states = Vec::new();
        let mut threads = Vec::new();
        for index in 0..count {
            let first = index * simd;
            let lanes = (items - first).min(simd);
            let state = self.dispatch.start(
                self.template,
                Memory::default(),
                group,
                (first, lanes),
                linear * self.per_group + index,
            );
            match self.engine.thread(self.program, &state, self.config) {
                Ok(t) => threads.push(t),
                Err(error) => {
                    run.error = Some(RunError {
                        error,
                        thread: Some(ThreadId { group, index }),
                    });
                    return run;
                }
            }
            states.push(state);
        }
        run.threads_run = count;
        let mut g = sched::Group {
            states,
            slm: SparseMemory::default(),
            slm_bytes: self.slm_bytes,
            first_thread: (linear * self.per_group) as usize,
            names: (0..count as usize)
                .map(|k| {
                    format!(
                        "group [{}, {}, {}] thread {k}",
                        group[0], group[1], group[2]
                    )
                })
                .collect(),
            private: match &self.dispatch.private {
                Some(p) => private::Slots {
                    surface: p.range(),
                    own: (0..count)
                        .map(|index| {
                            let id = p.id_of(linear * self.per_group + index);
                            (id, p.slot_of(id))
                        })
                        .collect(),
                    slot: p.slot,
                },
                None => private::Slots::default(),
            },
        };
        let result = sched::run_group(
            self.program,
            &mut g,
            mem,
            self.schedule,
            &mut |k, state, stop| match threads.get_mut(k) {
                Some(t) => self
                    .engine
                    .resume(self.program, t, state, self.config, stop),
                None => Err(VisaError::model_bug(format!("no thread {k} in the group"))),
            },
            watcher,
        );
        run.instructions = threads.iter().map(EngineThread::steps).sum::<u64>();
        if let Err(e) = result {
            run.error = Some(RunError {
                error: e.error,
                thread: e.thread.map(|k| ThreadId {
                    group,
                    index: k as u64,
                }),
            });
        }
        run
    }

    /// Runs the work-groups one after another (X fastest) until one ends in an error.
    fn in_order(&self, mem: &mut Memory, watcher: &mut dyn sched::Watcher, report: &mut Report) {
        for linear in 0..self.work_groups() {
            if !self.group(linear, mem, watcher).account(report) {
                return;
            }
        }
    }

    /// Runs batches of work-groups at once on `jobs` threads and gives the result of
    /// [`Run::in_order`], bit for bit. The groups of a batch start from the same global
    /// memory, recording what each reads and writes; then, in work-group order, a group
    /// that read no byte an earlier group of its batch wrote (an atomic access reads and
    /// writes) did what it does in order: its events go to the race detector, its writes
    /// into the memory. Any other group runs again, in order, on the memory as it is then.
    /// After a batch with such a group the next batch is as small as `jobs`.
    ///
    /// `false` when the detector's replay of a group failed (a race with `--races error`,
    /// a limit of the detector): in order, the group would have stopped there, before the
    /// end of the run whose writes this one holds. The caller runs the launch again in
    /// order then.
    fn in_parallel(
        &self,
        jobs: usize,
        races: races::RacesMode,
        mem: &mut Memory,
        detector: &mut watch::RaceWatcher<'_>,
        report: &mut Report,
    ) -> bool {
        let total = self.work_groups();
        let jobs = jobs
            .clamp(1, MAX_JOBS)
            .min(usize::try_from(total).unwrap_or(MAX_JOBS));
        let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(jobs).build() else {
            return false;
        };
        let keep = races != races::RacesMode::Off;
        let mut next = 0u64;
        let mut batch = (jobs * BATCH_PER_JOB) as u64;
        while next < total {
            let end = next.saturating_add(batch).min(total);
            let snapshot: &Memory = mem;
            let runs: Vec<(GroupRun, Memory, Vec<watch::Event>, watch::Footprint)> =
                pool.install(|| {
                    use rayon::prelude::*;
                    (next..end)
                        .into_par_iter()
                        .map(|linear| {
                            let mut m = snapshot.clone();
                            let mut recorder = watch::Recorder::keeping(keep);
                            let run = self.group(linear, &mut m, &mut recorder);
                            (run, m, recorder.events, recorder.footprint)
                        })
                        .collect()
                });
            let mut written = watch::ByteRanges::default();
            let mut conflict = false;
            for (linear, (run, m, events, footprint)) in (next..end).zip(runs) {
                let goes_on = if footprint.read.meets(&written) {
                    conflict = true;
                    let mut live = watch::Recorder::feeding(detector);
                    let run = self.group(linear, mem, &mut live);
                    written.extend(&live.footprint.written);
                    run.account(report)
                } else {
                    if detector.replay(&events).is_err() {
                        return false;
                    }
                    commit(mem, &m, &footprint.written);
                    written.extend(&footprint.written);
                    run.account(report)
                };
                if !goes_on {
                    return true;
                }
            }
            next = end;
            batch = if conflict {
                jobs as u64
            } else {
                (jobs * BATCH_PER_JOB) as u64
            };
        }
        true
    }
}

/// Copies the bytes `written` of `from` into `to`, with their undefined flags.
fn commit(to: &mut Memory, from: &Memory, written: &watch::ByteRanges) {
    const CHUNK: u64 = 4096;
    for (space, first, last) in written.iter() {
        let Some(source) = from.space(space) else {
            continue;
        };
        let target = to.space_mut(space);
        let mut at = first;
        loop {
            let end = last.min(at.saturating_add(CHUNK - 1));
            let mut bytes = vec![0; (end - at + 1) as usize];
            source.read(at, &mut bytes);
            if source.any_undefined(at, end) {
                let flags: Vec<bool> = (at..=end).map(|a| source.is_undefined(a)).collect();
                target.write_flagged(at, &bytes, &flags);
            } else {
                target.write(at, &bytes);
            }
            if end >= last {
                break;
            }
            at = end + 1;
        }
    }
}

/// The NDRange's work-groups in X, Y, Z; the error is the message to print.
fn check_ndrange(req: &Request<'_>) -> Result<[u64; 3], String> {
    let mut groups = [1u64; 3];
    for d in 0..3 {
        let (g, l, o) = (req.global[d], req.local[d], req.offset[d]);
        let axis = ["X", "Y", "Z"][d];
        if g == 0 || l == 0 {
            return usage(format!(
                "{axis}: global size {g} and local size {l}: each is at least 1"
            ));
        }
        if g > u64::from(u32::MAX) || o > u64::from(u32::MAX) - g {
            return usage(format!(
                "{axis}: global size {g} from offset {o} passes 2^32 work-items"
            ));
        }
        groups[d] = g.div_ceil(l);
    }
    let items = product(req.local);
    if items > MAX_LOCAL_ITEMS {
        return usage(format!(
            "a work-group of {items} work-items, more than {MAX_LOCAL_ITEMS}"
        ));
    }
    Ok(groups)
}

/// The hardware threads of the NDRange: each work-group's ceil(items / SIMD width), the
/// last, partial group of a dimension counting its own items.
fn ndrange_threads(req: &Request<'_>, simd: u64) -> u64 {
    // Per dimension: the whole groups and their size, then the partial one and its size.
    let classes: Vec<[(u64, u64); 2]> = (0..3)
        .map(|d| {
            let (g, l) = (req.global[d], req.local[d].max(1));
            [(g / l, l), (u64::from(g % l != 0), g % l)]
        })
        .collect();
    let mut total = 0u64;
    for x in &classes[0] {
        for y in &classes[1] {
            for z in &classes[2] {
                let groups = x.0.saturating_mul(y.0).saturating_mul(z.0);
                let items = x.1.saturating_mul(y.1).saturating_mul(z.1);
                total = total.saturating_add(groups.saturating_mul(items.div_ceil(simd.max(1))));
            }
        }
    }
    total
}

/// X * Y * Z, saturating.
fn product(v: [u64; 3]) -> u64 {
    v.iter().fold(1u64, |a, &b| a.saturating_mul(b))
}

/// The local id of the `linear`-th work-item of a group (X fastest).
fn local_id(linear: u64, local: [u64; 3]) -> [u64; 3] {
    [
        linear % local[0],
        (linear / local[0]) % local[1],
        linear / (local[0] * local[1]),
    ]
}

/// Writes register-file bytes (the places were checked against the inputs).
fn put(state: &mut MachineState, at: usize, bytes: &[u8]) {
    if let Some(slot) = state.grf.get_mut(at..at + bytes.len()) {
        slot.copy_from_slice(bytes);
        state.undefined.remove_range(at..at + bytes.len());
    }
}

/// Writes a field's bytes where its spans say.
fn put_spans(state: &mut MachineState, spans: &Spans, bytes: &[u8]) {
    for (at, part) in spans {
        if let Some(part) = bytes.get(part.clone()) {
            put(state, *at, part);
        }
    }
}

/// An engine ready to run threads of one program.
enum Engine {
    Spec,
    Oracle(Box<visa_oracle::Plan>),
}

/// A resumable thread of one of the engines.
enum EngineThread {
    Spec(visa_spec::flow::Thread),
    Oracle(visa_oracle::Thread),
}

impl EngineThread {
    /// The instructions it has executed (the failing one included).
    fn steps(&self) -> u64 {
        match self {
            EngineThread::Spec(t) => t.steps(),
            EngineThread::Oracle(t) => t.steps(),
        }
    }
}

impl Engine {
    fn new(kind: EngineKind, program: &Program, config: &ExecConfig) -> Result<Engine, VisaError> {
        match kind {
            EngineKind::Spec => Ok(Engine::Spec),
            EngineKind::Oracle => guarded(kind, || {
                visa_oracle::Plan::compile_resumable(program, config)
            })
            .map(|p| Engine::Oracle(Box::new(p))),
        }
    }

    /// A thread at the kernel's entry with `state`'s dispatch mask.
    fn thread(
        &self,
        program: &Program,
        state: &MachineState,
        config: &ExecConfig,
    ) -> Result<EngineThread, VisaError> {
        match self {
            Engine::Spec => guarded(EngineKind::Spec, || {
                visa_spec::exec::thread(program, state, config).map(EngineThread::Spec)
            }),
            Engine::Oracle(plan) => guarded(EngineKind::Oracle, || {
                plan.thread(state).map(EngineThread::Oracle)
            }),
        }
    }

    /// Runs `thread` until it ends, reaches a synchronisation point or (`stop`) has
    /// executed a memory instruction.
    fn resume(
        &self,
        program: &Program,
        thread: &mut EngineThread,
        state: &mut MachineState,
        config: &ExecConfig,
        stop: Stop,
    ) -> Result<Outcome, VisaError> {
        match (self, thread) {
            (Engine::Spec, EngineThread::Spec(t)) => guarded(EngineKind::Spec, || {
                visa_spec::exec::resume(program, t, state, config, &mut Unobserved, stop)
            }),
            (Engine::Oracle(plan), EngineThread::Oracle(t)) => {
                guarded(EngineKind::Oracle, || plan.resume(t, state, stop))
            }
            _ => Err(VisaError::model_bug("a thread of the other engine")),
        }
    }
}

/// Runs `f`, a panic inside it becoming a `model-bug` error.
fn guarded<T>(
    engine: EngineKind,
    f: impl FnOnce() -> Result<T, VisaError>,
) -> Result<T, VisaError> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        Err(VisaError::model_bug(format!(
            "the {engine} engine panicked: {what}"
        )))
    })
}
