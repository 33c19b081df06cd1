//! The kernel-interface JSON (`visa-kernel-interface/1`, docs/launch.md): how a kernel's
//! arguments and the payload the driver gives each hardware thread lie in the registers the
//! thread starts with. Every place is a byte of that payload as `.input NAME offset=O`
//! counts it (r0 at 0), or the first byte of a named `.input` variable.
//!
//! The reader is strict: a key repeated in one object, an unknown key, a missing key, a
//! value of the wrong kind or past its bound is an [`InterfaceError`] naming the field.

use std::fmt;

use serde_json::{Map, Value};
use visa_model::state::{AddressMode, Filter, SamplerState};

use crate::input::{clip, parse_json};

/// The value of the `format` key.
pub const FORMAT: &str = "visa-kernel-interface/1";

/// The most payload bytes a place may reach: 256 GRFs of 64 bytes, the largest register
/// file of the platforms.
pub const MAX_PAYLOAD_BYTES: u32 = 256 * 64;

/// The most arguments an interface lists.
pub const MAX_ARGS: usize = 256;

/// The most elements of a by-value vector argument (`float16`).
pub const MAX_COUNT: u32 = 16;

/// The most shared local memory a work-group may ask for (128 KiB, xe-hpc's).
pub const MAX_SLM_BYTES: u64 = 128 << 10;

/// The most private memory per work-item or hardware thread (16 MiB).
pub const MAX_PRIVATE_BYTES: u64 = 16 << 20;

/// Where a value lies in a thread's initial registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A payload byte offset, as `.input ... offset=` counts it.
    Offset(u32),
    /// The first byte of the `.input` variable of this name.
    Input(String),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Offset(o) => write!(f, "payload byte {o}"),
            Place::Input(name) => write!(f, "`.input {name}`"),
        }
    }
}

/// The type of a by-value argument's elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarType {
    U8,
    I8,
    U16,
    I16,
    U32,
    I32,
    U64,
    I64,
    F16,
    F32,
    F64,
}

impl ScalarType {
    /// Every type, in the order docs/launch.md lists them.
    pub const ALL: [ScalarType; 11] = [
        ScalarType::U8,
        ScalarType::I8,
        ScalarType::U16,
        ScalarType::I16,
        ScalarType::U32,
        ScalarType::I32,
        ScalarType::U64,
        ScalarType::I64,
        ScalarType::F16,
        ScalarType::F32,
        ScalarType::F64,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ScalarType::U8 => "u8",
            ScalarType::I8 => "i8",
            ScalarType::U16 => "u16",
            ScalarType::I16 => "i16",
            ScalarType::U32 => "u32",
            ScalarType::I32 => "i32",
            ScalarType::U64 => "u64",
            ScalarType::I64 => "i64",
            ScalarType::F16 => "f16",
            ScalarType::F32 => "f32",
            ScalarType::F64 => "f64",
        }
    }

    pub fn from_name(name: &str) -> Option<ScalarType> {
        ScalarType::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Bytes of one element.
    pub fn bytes(self) -> u32 {
        match self {
            ScalarType::U8 | ScalarType::I8 => 1,
            ScalarType::U16 | ScalarType::I16 | ScalarType::F16 => 2,
            ScalarType::U32 | ScalarType::I32 | ScalarType::F32 => 4,
            ScalarType::U64 | ScalarType::I64 | ScalarType::F64 => 8,
        }
    }

    /// The list of names, for messages.
    pub fn names() -> String {
        ScalarType::ALL.map(ScalarType::name).join(", ")
    }
}

/// What an argument is, and so what the host passes for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A by-value argument of `count` elements of `ty`.
    Scalar { ty: ScalarType, count: u32 },
    /// A `__global` pointer: the payload holds the buffer's stateless address in
    /// `pointer_bytes` bytes; a stateful access reaches it through binding-table entry `bti`,
    /// and `buffer_offset` (IGC's implicit argument) holds the pointer's offset from that
    /// surface's base, 0 here.
    Global {
        pointer_bytes: u32,
        bti: Option<u32>,
        buffer_offset: Option<Place>,
    },
    /// A `__local` pointer: the payload holds the buffer's offset in shared local memory,
    /// which starts on a multiple of `align` bytes when the producer asks for one.
    Local {
        pointer_bytes: u32,
        align: Option<u32>,
    },
    /// An image (`image1d_t` .. `image3d_t`): a typed surface at binding-table entry `bti`;
    /// nothing in the payload (its `at` is not read).
    Image { dims: ImageDims, bti: u32 },
    /// A `sampler_t`: entry `index` of the sampler state table is the host's sampler;
    /// nothing at `at` (not read). The driver writes the sampler's addressing mode, its
    /// normalized-coordinates flag and its coordinate snap workaround flag (32 bits each,
    /// as intel's runtime numbers them: docs/launch.md, "Samplers") where the kernel reads
    /// them.
    Sampler {
        index: u32,
        address_mode: Option<Place>,
        normalized: Option<Place>,
        snap_wa: Option<Place>,
    },
}

/// The dimensions of an image argument, as OpenCL's image types give them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageDims {
    D1,
    D1Array,
    D2,
    D2Array,
    D3,
}

impl ImageDims {
    pub const ALL: [ImageDims; 5] = [
        ImageDims::D1,
        ImageDims::D1Array,
        ImageDims::D2,
        ImageDims::D2Array,
        ImageDims::D3,
    ];

    /// The name in the JSON (`dims`): `1d`, `1d_array`, `2d`, `2d_array`, `3d`.
    pub fn name(self) -> &'static str {
        match self {
            ImageDims::D1 => "1d",
            ImageDims::D1Array => "1d_array",
            ImageDims::D2 => "2d",
            ImageDims::D2Array => "2d_array",
            ImageDims::D3 => "3d",
        }
    }

    pub fn from_name(name: &str) -> Option<ImageDims> {
        ImageDims::ALL.into_iter().find(|d| d.name() == name)
    }
}

impl ArgKind {
    /// Bytes of the argument's value in the payload.
    pub fn bytes(&self) -> u32 {
        match self {
            ArgKind::Scalar { ty, count } => ty.bytes() * count,
            ArgKind::Global { pointer_bytes, .. } | ArgKind::Local { pointer_bytes, .. } => {
                *pointer_bytes
            }
            ArgKind::Image { .. } | ArgKind::Sampler { .. } => 0,
        }
    }

    /// The kind's name in the JSON.
    pub fn name(&self) -> &'static str {
        match self {
            ArgKind::Scalar { .. } => "scalar",
            ArgKind::Global { .. } => "global",
            ArgKind::Local { .. } => "local",
            ArgKind::Image { .. } => "image",
            ArgKind::Sampler { .. } => "sampler",
        }
    }
}

/// One argument, in source order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    /// The source name, for messages.
    pub name: Option<String>,
    pub kind: ArgKind,
    pub at: Place,
}

/// A payload field of up to three 32-bit values, X first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Triple {
    pub at: Place,
    /// How many of X, Y, Z lie there (1 to 3).
    pub dims: u32,
}

/// The payload fields the driver writes (docs/launch.md, "Payload fields").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Payload {
    /// Where lane 0's 16-bit local id X, Y, Z lies; lane i's is 2i bytes on.
    pub local_id: [Option<Place>; 3],
    pub global_offset: Option<Triple>,
    pub local_size: Option<Triple>,
    /// A second place of the local size: IGC lays it out twice, once in the payload header
    /// and once as the implicit argument `get_local_size` reads.
    pub local_size_2: Option<Triple>,
    pub enqueued_local_size: Option<Triple>,
    pub global_size: Option<Triple>,
    pub group_count: Option<Triple>,
    /// The group ids besides r0's dwords 1, 6 and 7, where a producer wants them.
    pub group_id: Option<Triple>,
    /// A 32-bit value.
    pub work_dim: Option<Place>,
}

/// How private memory is sized: per work-item (each SIMD lane) or per hardware thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrivateScope {
    WorkItem,
    Thread,
}

impl PrivateScope {
    pub fn name(self) -> &'static str {
        match self {
            PrivateScope::WorkItem => "work-item",
            PrivateScope::Thread => "thread",
        }
    }
}

/// The private memory (the stack of stack calls, arrays not kept in registers) the driver
/// allocates for a kernel: the payload holds its stateless base address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrivateMemory {
    pub at: Place,
    pub pointer_bytes: u32,
    /// Bytes for each work-item or each hardware thread (`per`).
    pub bytes: u32,
    pub per: PrivateScope,
}

/// A kernel's interface.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interface {
    /// The kernel's name, checked against `.kernel` when given.
    pub kernel: Option<String>,
    /// The SIMD width the kernel was compiled for: lanes per hardware thread.
    pub simd: u32,
    pub args: Vec<Arg>,
    pub payload: Payload,
    /// Shared local memory the kernel declares statically, in bytes.
    pub slm_bytes: u64,
    /// The kernel's private memory, when it has any.
    pub private_memory: Option<PrivateMemory>,
    /// The samplers the kernel's source declares (OpenCL `sampler_t` constants), each at
    /// its entry of the sampler state table.
    pub inline_samplers: Vec<SamplerState>,
}

/// Why an interface was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InterfaceError {
    /// Not JSON, or a key repeated in one object.
    Json {
        line: usize,
        column: usize,
        message: String,
    },
    /// A field's value is wrong: `field` is its path (`args[2].type`, `payload.local_id.x`).
    Field { field: String, message: String },
}

impl InterfaceError {
    fn field(field: impl Into<String>, message: impl Into<String>) -> InterfaceError {
        InterfaceError::Field {
            field: field.into(),
            message: message.into(),
        }
    }

    /// The message for the file `name`: `NAME:LINE:COL: ...` or `NAME: FIELD: ...`.
    pub fn in_file(&self, name: &str) -> String {
        match self {
            InterfaceError::Json {
                line,
                column,
                message,
            } => format!("{name}:{line}:{column}: {message}"),
            InterfaceError::Field { field, message } => format!("{name}: {field}: {message}"),
        }
    }
}

impl fmt::Display for InterfaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterfaceError::Json {
                line,
                column,
                message,
            } => write!(f, "{line}:{column}: {message}"),
            InterfaceError::Field { field, message } => write!(f, "{field}: {message}"),
        }
    }
}

impl std::error::Error for InterfaceError {}

type Result<T> = std::result::Result<T, InterfaceError>;

/// Reads an interface from JSON text.
pub fn read(text: &str) -> Result<Interface> {
    let value = parse_json(text.as_bytes()).map_err(|e| {
        let (line, column, message) = e.located();
        InterfaceError::Json {
            line,
            column,
            message,
        }
    })?;
    from_value(&value)
}

/// Reads an interface from a parsed JSON value.
pub fn from_value(value: &Value) -> Result<Interface> {
    let top = Fields::new(value, "")?;
    top.only(&[
        "format",
        "kernel",
        "simd",
        "args",
        "payload",
        "slm_bytes",
        "private_memory",
        "inline_samplers",
    ])?;
    match top.get("format") {
        Some(Value::String(s)) if s == FORMAT => {}
        Some(other) => {
            return Err(InterfaceError::field(
                "format",
                format!("`{}`: expected \"{FORMAT}\"", clip(&other.to_string())),
            ))
        }
        None => return Err(InterfaceError::field("format", "missing")),
    }
    let kernel = top.opt_str("kernel")?;
    let simd = top.number("simd", 32)?;
    if !matches!(simd, 1 | 8 | 16 | 32) {
        return Err(InterfaceError::field(
            "simd",
            format!("{simd}: a kernel's SIMD width is 1, 8, 16 or 32"),
        ));
    }
    let args = match top.get("args") {
        None => Vec::new(),
        Some(Value::Array(items)) => {
            if items.len() > MAX_ARGS {
                return Err(InterfaceError::field(
                    "args",
                    format!("{} arguments, more than {MAX_ARGS}", items.len()),
                ));
            }
            items
                .iter()
                .enumerate()
                .map(|(i, item)| arg(item, &format!("args[{i}]")))
                .collect::<Result<_>>()?
        }
        Some(_) => return Err(InterfaceError::field("args", "not a list")),
    };
    let payload = match top.get("payload") {
        None => Payload::default(),
        Some(v) => payload(v)?,
    };
    let slm_bytes = match top.get("slm_bytes") {
        None => 0,
        Some(_) => {
            let n = top.number("slm_bytes", MAX_SLM_BYTES)?;
            u64::from(n)
        }
    };
    let private_memory = top.get("private_memory").map(private_memory).transpose()?;
    let inline_samplers = match top.get("inline_samplers") {
        None => Vec::new(),
        Some(Value::Array(items)) => {
            if items.len() as u32 > super::sampler::MAX_SAMPLERS {
                return Err(InterfaceError::field(
                    "inline_samplers",
                    format!(
                        "{} samplers, more than {}",
                        items.len(),
                        super::sampler::MAX_SAMPLERS
                    ),
                ));
            }
            let mut states: Vec<SamplerState> = Vec::new();
            for (i, item) in items.iter().enumerate() {
                let path = format!("inline_samplers[{i}]");
                let state = inline_sampler(item, &path)?;
                if states.iter().any(|s| s.index == state.index) {
                    return Err(InterfaceError::field(
                        format!("{path}.index"),
                        format!("sampler state {} is named twice", state.index),
                    ));
                }
                states.push(state);
            }
            states
        }
        Some(_) => return Err(InterfaceError::field("inline_samplers", "not a list")),
    };
    Ok(Interface {
        kernel,
        simd,
        args,
        payload,
        slm_bytes,
        private_memory,
        inline_samplers,
    })
}

/// `{"index": N, "filter": F, "address": A, "normalized": B}`: a sampler the kernel's
/// source declares, as `--arg I=sampler:F:A:COORDS` names its fields.
fn inline_sampler(v: &Value, path: &str) -> Result<SamplerState> {
    let f = Fields::new(v, path)?;
    f.only(&["index", "filter", "address", "normalized"])?;
    let index = f.number("index", u64::from(super::sampler::MAX_SAMPLERS - 1))?;
    let filter = match f.opt_str("filter")? {
        None => return Err(InterfaceError::field(f.at("filter"), "missing")),
        Some(name) => Filter::from_name(&name).ok_or_else(|| {
            InterfaceError::field(
                f.at("filter"),
                format!("unknown filter `{}` (nearest, linear)", clip(&name)),
            )
        })?,
    };
    let address = match f.opt_str("address")? {
        None => return Err(InterfaceError::field(f.at("address"), "missing")),
        Some(name) => AddressMode::from_name(&name).ok_or_else(|| {
            InterfaceError::field(
                f.at("address"),
                format!(
                    "unknown addressing mode `{}` (none, clamp, clamp_to_edge, repeat, mirrored_repeat)",
                    clip(&name)
                ),
            )
        })?,
    };
    let normalized = match f.get("normalized") {
        Some(Value::Bool(b)) => *b,
        Some(_) => {
            return Err(InterfaceError::field(
                f.at("normalized"),
                "not true or false",
            ))
        }
        None => return Err(InterfaceError::field(f.at("normalized"), "missing")),
    };
    let state = SamplerState {
        index,
        filter,
        address: [address; 3],
        normalized,
        border: [0; 4],
    };
    if let Some(why) = state.invalid() {
        return Err(InterfaceError::field(f.at("address"), why));
    }
    Ok(state)
}

fn private_memory(v: &Value) -> Result<PrivateMemory> {
    let f = Fields::new(v, "private_memory")?;
    f.only(&["at", "pointer_bytes", "bytes", "per"])?;
    let pointer_bytes = pointer_bytes(&f)?;
    let at = match f.get("at") {
        Some(a) => place(a, &f.at("at"), pointer_bytes)?,
        None => return Err(InterfaceError::field(f.at("at"), "missing")),
    };
    let bytes = f.number("bytes", MAX_PRIVATE_BYTES)?;
    let per = match f.get("per") {
        None => PrivateScope::WorkItem,
        Some(Value::String(s)) if s == "work-item" => PrivateScope::WorkItem,
        Some(Value::String(s)) if s == "thread" => PrivateScope::Thread,
        Some(other) => {
            return Err(InterfaceError::field(
                f.at("per"),
                format!(
                    "`{}`: \"work-item\" or \"thread\"",
                    clip(&other.to_string())
                ),
            ))
        }
    };
    Ok(PrivateMemory {
        at,
        pointer_bytes,
        bytes,
        per,
    })
}

/// The keys of one JSON object, with its path for messages.
struct Fields<'a> {
    map: &'a Map<String, Value>,
    path: String,
}

impl<'a> Fields<'a> {
    fn new(value: &'a Value, path: &str) -> Result<Fields<'a>> {
        match value {
            Value::Object(map) => Ok(Fields {
                map,
                path: path.to_string(),
            }),
            _ => Err(InterfaceError::field(
                if path.is_empty() { "(top)" } else { path },
                "not a JSON object",
            )),
        }
    }

    /// The path of the key `key`.
    fn at(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// Rejects a key not in `known`.
    fn only(&self, known: &[&str]) -> Result<()> {
        match self.map.keys().find(|k| !known.contains(&k.as_str())) {
            Some(k) => Err(InterfaceError::field(
                self.at(&clip(k)),
                format!("unknown key (known: {})", known.join(", ")),
            )),
            None => Ok(()),
        }
    }

    fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key)
    }

    fn opt_str(&self, key: &str) -> Result<Option<String>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(InterfaceError::field(self.at(key), "not a string")),
        }
    }

    /// A required whole number of at most `max`.
    fn number(&self, key: &str, max: u64) -> Result<u32> {
        match self.get(key) {
            None => Err(InterfaceError::field(self.at(key), "missing")),
            Some(v) => whole(v, &self.at(key), max),
        }
    }
}

/// A whole number of at most `max` (itself at most `u32::MAX`).
fn whole(v: &Value, field: &str, max: u64) -> Result<u32> {
    let n = v.as_u64().ok_or_else(|| {
        InterfaceError::field(
            field,
            format!("`{}`: not a whole number", clip(&v.to_string())),
        )
    })?;
    if n > max {
        return Err(InterfaceError::field(
            field,
            format!("{n} is more than {max}"),
        ));
    }
    u32::try_from(n).map_err(|_| InterfaceError::field(field, format!("{n} is too large")))
}

/// A place holding `len` bytes: a payload offset (number) or an `.input` name (string).
fn place(v: &Value, field: &str, len: u32) -> Result<Place> {
    match v {
        Value::String(name) if !name.is_empty() => Ok(Place::Input(name.clone())),
        Value::Number(_) => {
            let offset = whole(v, field, u64::from(MAX_PAYLOAD_BYTES))?;
            if u64::from(offset) + u64::from(len) > u64::from(MAX_PAYLOAD_BYTES) {
                return Err(InterfaceError::field(
                    field,
                    format!(
                        "bytes {offset}..{} lie past the payload ({MAX_PAYLOAD_BYTES} bytes: \
                         256 GRFs of 64 bytes)",
                        u64::from(offset) + u64::from(len)
                    ),
                ));
            }
            Ok(Place::Offset(offset))
        }
        _ => Err(InterfaceError::field(
            field,
            format!(
                "`{}`: a place is a payload byte offset (a number) or an `.input` variable's name",
                clip(&v.to_string())
            ),
        )),
    }
}

fn pointer_bytes(f: &Fields<'_>) -> Result<u32> {
    match f.get("pointer_bytes") {
        None => Ok(8),
        Some(v) => match whole(v, &f.at("pointer_bytes"), 8)? {
            n @ (4 | 8) => Ok(n),
            n => Err(InterfaceError::field(
                f.at("pointer_bytes"),
                format!("{n}: a pointer is 4 or 8 bytes"),
            )),
        },
    }
}

fn arg(v: &Value, path: &str) -> Result<Arg> {
    let f = Fields::new(v, path)?;
    let name = f.opt_str("name")?;
    let kind = match f.get("kind") {
        Some(Value::String(k)) => k.as_str(),
        Some(_) => return Err(InterfaceError::field(f.at("kind"), "not a string")),
        None => {
            return Err(InterfaceError::field(
                f.at("kind"),
                "missing (scalar, global, local, image or sampler)",
            ))
        }
    };
    let kind = match kind {
        "scalar" => {
            f.only(&["name", "kind", "at", "type", "count"])?;
            let ty = match f.get("type") {
                Some(Value::String(t)) => ScalarType::from_name(t).ok_or_else(|| {
                    InterfaceError::field(
                        f.at("type"),
                        format!("unknown type `{}` ({})", clip(t), ScalarType::names()),
                    )
                })?,
                Some(_) => return Err(InterfaceError::field(f.at("type"), "not a string")),
                None => return Err(InterfaceError::field(f.at("type"), "missing")),
            };
            let count = match f.get("count") {
                None => 1,
                Some(c) => whole(c, &f.at("count"), u64::from(MAX_COUNT))?,
            };
            if count == 0 {
                return Err(InterfaceError::field(
                    f.at("count"),
                    "0: at least one element",
                ));
            }
            ArgKind::Scalar { ty, count }
        }
        "global" => {
            f.only(&[
                "name",
                "kind",
                "at",
                "pointer_bytes",
                "bti",
                "buffer_offset",
            ])?;
            let bti = match f.get("bti") {
                None => None,
                Some(b) => Some(whole(b, &f.at("bti"), 255)?),
            };
            let buffer_offset = match f.get("buffer_offset") {
                None => None,
                Some(b) => Some(place(b, &f.at("buffer_offset"), 4)?),
            };
            ArgKind::Global {
                pointer_bytes: pointer_bytes(&f)?,
                bti,
                buffer_offset,
            }
        }
        "local" => {
            f.only(&["name", "kind", "at", "pointer_bytes", "align"])?;
            let align = match f.get("align") {
                None => None,
                Some(a) => match whole(a, &f.at("align"), MAX_SLM_BYTES)? {
                    n if n.is_power_of_two() => Some(n),
                    n => {
                        return Err(InterfaceError::field(
                            f.at("align"),
                            format!("{n}: an alignment is a power of two"),
                        ))
                    }
                },
            };
            ArgKind::Local {
                pointer_bytes: match f.get("pointer_bytes") {
                    None => 4,
                    Some(_) => pointer_bytes(&f)?,
                },
                align,
            }
        }
        "image" => {
            f.only(&["name", "kind", "dims", "bti"])?;
            let dims = match f.get("dims") {
                Some(Value::String(d)) => ImageDims::from_name(d).ok_or_else(|| {
                    InterfaceError::field(
                        f.at("dims"),
                        format!(
                            "unknown dimensions `{}` (1d, 1d_array, 2d, 2d_array, 3d)",
                            clip(d)
                        ),
                    )
                })?,
                Some(_) => return Err(InterfaceError::field(f.at("dims"), "not a string")),
                None => return Err(InterfaceError::field(f.at("dims"), "missing")),
            };
            let bti = match f.get("bti") {
                Some(b) => whole(b, &f.at("bti"), 255)?,
                None => return Err(InterfaceError::field(f.at("bti"), "missing")),
            };
            // An image has no payload place.
            return Ok(Arg {
                name,
                kind: ArgKind::Image { dims, bti },
                at: Place::Offset(0),
            });
        }
        "sampler" => {
            f.only(&[
                "name",
                "kind",
                "index",
                "address_mode",
                "normalized_coords",
                "snap_wa",
            ])?;
            let index = f.number("index", u64::from(super::sampler::MAX_SAMPLERS - 1))?;
            let value = |key: &str| -> Result<Option<Place>> {
                f.get(key).map(|p| place(p, &f.at(key), 4)).transpose()
            };
            return Ok(Arg {
                name,
                kind: ArgKind::Sampler {
                    index,
                    address_mode: value("address_mode")?,
                    normalized: value("normalized_coords")?,
                    snap_wa: value("snap_wa")?,
                },
                at: Place::Offset(0),
            });
        }
        other => {
            return Err(InterfaceError::field(
                f.at("kind"),
                format!(
                    "unknown kind `{}` (scalar, global, local, image or sampler)",
                    clip(other)
                ),
            ))
        }
    };
    let at = match f.get("at") {
        Some(a) => place(a, &f.at("at"), kind.bytes())?,
        None => return Err(InterfaceError::field(f.at("at"), "missing")),
    };
    Ok(Arg { name, kind, at })
}

/// A triple: a place (all three values) or `{"at": PLACE, "dims": 1..3}`.
fn triple(v: &Value, field: &str) -> Result<Triple> {
    if let Value::Object(_) = v {
        let f = Fields::new(v, field)?;
        f.only(&["at", "dims"])?;
        let dims = match f.get("dims") {
            None => 3,
            Some(d) => match whole(d, &f.at("dims"), 3)? {
                0 => return Err(InterfaceError::field(f.at("dims"), "0: 1, 2 or 3")),
                n => n,
            },
        };
        let at = match f.get("at") {
            Some(a) => place(a, &f.at("at"), 4 * dims)?,
            None => return Err(InterfaceError::field(f.at("at"), "missing")),
        };
        Ok(Triple { at, dims })
    } else {
        Ok(Triple {
            at: place(v, field, 12)?,
            dims: 3,
        })
    }
}

fn payload(v: &Value) -> Result<Payload> {
    let f = Fields::new(v, "payload")?;
    f.only(&[
        "local_id",
        "global_offset",
        "local_size",
        "local_size_2",
        "enqueued_local_size",
        "global_size",
        "group_count",
        "group_id",
        "work_dim",
    ])?;
    let mut p = Payload::default();
    if let Some(ids) = f.get("local_id") {
        let ids = Fields::new(ids, "payload.local_id")?;
        ids.only(&["x", "y", "z"])?;
        for (d, key) in ["x", "y", "z"].into_iter().enumerate() {
            if let Some(at) = ids.get(key) {
                // 16 bits per lane, for up to 32 lanes.
                p.local_id[d] = Some(place(at, &ids.at(key), 64)?);
            }
        }
    }
    let triple_at = |key: &str| -> Result<Option<Triple>> {
        f.get(key).map(|v| triple(v, &f.at(key))).transpose()
    };
    p.global_offset = triple_at("global_offset")?;
    p.local_size = triple_at("local_size")?;
    p.local_size_2 = triple_at("local_size_2")?;
    p.enqueued_local_size = triple_at("enqueued_local_size")?;
    p.global_size = triple_at("global_size")?;
    p.group_count = triple_at("group_count")?;
    p.group_id = triple_at("group_id")?;
    p.work_dim = f
        .get("work_dim")
        .map(|v| place(v, &f.at("work_dim"), 4))
        .transpose()?;
    Ok(p)
}
