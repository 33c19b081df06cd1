//! What IGC's two descriptions of a kernel (the `.progbin` patch tokens, [`super::progbin`],
//! and zebin's `.ze_info`, [`super::zeinfo`]) say about its payload, in one shape, and how
//! that shape becomes an [`Interface`].
//!
//! Both formats give places as offsets into the cross-thread data; the payload a thread
//! starts with is r0 (one GRF), then the per-thread data (the local ids), then the
//! cross-thread data, which is how IGC numbers the `.input` offsets of its vISA text and how
//! the driver (intel/compute-runtime, shared/source/helpers/per_thread_data.cpp,
//! `getThreadPayloadSize`, and shared/source/helpers/local_id_gen.h) lays it out: each local
//! id channel takes one GRF per 16 lanes of 16-bit ids (two GRFs for SIMD32 on a 32-byte
//! GRF), X first. A SIMD1 kernel of IGC's vector compiler takes one GRF of ids and its
//! cross-thread data from r2 on ([`super::progbin`] reads it so).

use std::collections::BTreeMap;
use std::fmt;

use visa_model::platform::Platform;
use visa_model::state::SamplerState;

use super::interface::{
    self, Arg, ArgKind, ImageDims, Interface, Payload, Place, PrivateMemory, PrivateScope,
    ScalarType, Triple,
};

/// Why a binary description was not read: the byte of the file where the fault lies, the
/// field, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryError {
    /// The file's byte offset of the structure or line at fault.
    pub offset: u64,
    pub field: String,
    pub message: String,
}

impl BinaryError {
    pub fn new(offset: u64, field: impl Into<String>, message: impl Into<String>) -> BinaryError {
        BinaryError {
            offset,
            field: field.into(),
            message: message.into(),
        }
    }

    /// `NAME: byte OFFSET: FIELD: MESSAGE`.
    pub fn in_file(&self, name: &str) -> String {
        format!("{name}: {self}")
    }
}

impl fmt::Display for BinaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}: {}", self.offset, self.field, self.message)
    }
}

impl std::error::Error for BinaryError {}

pub type Result<T> = std::result::Result<T, BinaryError>;

/// A kernel's interface as IGC's description gives it, and the notes its reading left.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    pub interface: Interface,
    pub warnings: Vec<String>,
}

/// A run of cross-thread bytes one field of the description names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The offset in the cross-thread data.
    pub offset: u32,
    pub size: u32,
    /// Where the file says so, for messages.
    pub origin: u64,
}

/// An implicit argument the driver writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Implicit {
    GlobalOffset,
    LocalSize,
    EnqueuedLocalSize,
    GlobalSize,
    GroupCount,
    WorkDim,
}

impl Implicit {
    fn name(self) -> &'static str {
        match self {
            Implicit::GlobalOffset => "global_offset",
            Implicit::LocalSize => "local_size",
            Implicit::EnqueuedLocalSize => "enqueued_local_size",
            Implicit::GlobalSize => "global_size",
            Implicit::GroupCount => "group_count",
            Implicit::WorkDim => "work_dim",
        }
    }

    /// How many places of one dimension the description may give: IGC lays the local
    /// size out twice.
    fn copies(self) -> usize {
        match self {
            Implicit::LocalSize => 2,
            _ => 1,
        }
    }
}

/// A piece of a by-value argument: `size` bytes of the value from `source_offset` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValuePiece {
    pub piece: Piece,
    pub source_offset: u32,
}

/// Everything the description says about one argument.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgParts {
    pub name: Option<String>,
    /// The OpenCL type name (`float`, `uint2`, `float*`), from the argument info.
    pub type_name: Option<String>,
    /// The stateless pointer of a `__global` or `__constant` buffer.
    pub pointer: Option<Piece>,
    /// The binding-table entry of a stateful buffer.
    pub bti: Option<u32>,
    /// The buffer-offset implicit argument of a stateful buffer.
    pub buffer_offset: Option<Piece>,
    pub by_value: Vec<ValuePiece>,
    /// A `__local` pointer and its alignment.
    pub local: Option<(Piece, Option<u32>)>,
    /// An image argument's dimensions (its binding-table entry is `bti`).
    pub image: Option<ImageDims>,
    /// A sampler argument's entry of the sampler state table.
    pub sampler: Option<u32>,
    /// Where the driver writes a sampler's addressing mode, normalized-coordinates flag and
    /// coordinate snap workaround flag.
    pub sampler_values: [Option<Piece>; 3],
    /// What the interface cannot carry (a sampler, a device queue), with where the file
    /// says so.
    pub unsupported: Option<(String, u64)>,
    /// Where the file first speaks of the argument.
    pub origin: u64,
}

/// A kernel as one of IGC's descriptions gives it, its per-thread layout resolved for a GRF
/// size, its cross-thread places not yet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Description {
    pub kernel: String,
    pub simd: u32,
    pub slm_bytes: u64,
    /// The payload offset of each local id channel present, X first.
    pub local_id: [Option<u32>; 3],
    /// Where the cross-thread data starts in the payload.
    pub cross_thread_base: u32,
    /// How long the cross-thread data is, when the description says.
    pub cross_thread_bytes: Option<u32>,
    pub args: BTreeMap<u32, ArgParts>,
    /// Each implicit argument's pieces: the first dimension each starts at, and the piece.
    pub implicit: Vec<(Implicit, u32, Piece)>,
    /// The private memory pointer, its bytes and how they are counted.
    pub private: Option<(Piece, u32, PrivateScope)>,
    /// The samplers the kernel's source declares, each at its sampler-state entry.
    pub inline_samplers: Vec<SamplerState>,
    pub warnings: Vec<String>,
}

/// The GRF size the interface of a kernel for `platform` counts in.
pub fn grf_bytes(platform: Platform) -> u32 {
    platform.grf_size() as u32
}

/// The bytes of one local id channel: 16 bits per lane, a whole number of GRFs.
pub fn local_id_channel_bytes(simd: u32, grf: u32) -> u32 {
    let grfs = if simd == 32 && grf == 32 { 2 } else { 1 };
    grfs * grf
}

/// The most arguments a description may number (as the kernel-interface JSON).
pub const MAX_ARG_INDEX: u32 = interface::MAX_ARGS as u32 - 1;

impl Description {
    /// The parts of argument `index`, made when first named.
    pub fn arg(&mut self, index: u32, origin: u64, field: &str) -> Result<&mut ArgParts> {
        if index > MAX_ARG_INDEX {
            return Err(BinaryError::new(
                origin,
                field,
                format!(
                    "argument {index}: more than the {} arguments an interface holds",
                    interface::MAX_ARGS
                ),
            ));
        }
        Ok(self.args.entry(index).or_insert_with(|| ArgParts {
            origin,
            ..ArgParts::default()
        }))
    }

    /// The payload place of a cross-thread piece, checked against the cross-thread data's
    /// length and the payload's.
    fn place(&self, p: &Piece, field: &str) -> Result<Place> {
        let end = u64::from(p.offset) + u64::from(p.size);
        if let Some(len) = self.cross_thread_bytes {
            if end > u64::from(len) {
                return Err(BinaryError::new(
                    p.origin,
                    field,
                    format!(
                        "cross-thread bytes {}..{end} lie past the cross-thread data ({len} bytes)",
                        p.offset
                    ),
                ));
            }
        }
        let at = u64::from(self.cross_thread_base) + u64::from(p.offset);
        if at + u64::from(p.size) > u64::from(interface::MAX_PAYLOAD_BYTES) {
            return Err(BinaryError::new(
                p.origin,
                field,
                format!(
                    "payload bytes {at}..{} lie past the payload ({} bytes)",
                    at + u64::from(p.size),
                    interface::MAX_PAYLOAD_BYTES
                ),
            ));
        }
        Ok(Place::Offset(at as u32))
    }

    /// The interface the description gives, `origin` being where the kernel starts in the
    /// file.
    pub fn to_interface(&self, origin: u64) -> Result<Interface> {
        if !matches!(self.simd, 1 | 8 | 16 | 32) {
            return Err(BinaryError::new(
                origin,
                "simd",
                format!("{}: a kernel's SIMD width is 1, 8, 16 or 32", self.simd),
            ));
        }
        if self.slm_bytes > interface::MAX_SLM_BYTES {
            return Err(BinaryError::new(
                origin,
                "slm_bytes",
                format!(
                    "{} bytes of shared local memory, more than {}",
                    self.slm_bytes,
                    interface::MAX_SLM_BYTES
                ),
            ));
        }
        let mut args = Vec::new();
        let count = self.args.keys().next_back().map_or(0, |n| n + 1);
        for i in 0..count {
            let Some(parts) = self.args.get(&i) else {
                return Err(BinaryError::new(
                    origin,
                    format!("args[{i}]"),
                    format!(
                        "the description names arguments up to {} but says nothing of argument {i}",
                        count - 1
                    ),
                ));
            };
            args.push(self.argument(i, parts)?);
        }
        let mut payload = Payload::default();
        for (d, at) in self.local_id.iter().enumerate() {
            payload.local_id[d] = at.map(Place::Offset);
        }
        self.implicit_fields(&mut payload)?;
        let private_memory = match &self.private {
            None => None,
            Some((p, bytes, per)) => {
                if u64::from(*bytes) > interface::MAX_PRIVATE_BYTES {
                    return Err(BinaryError::new(
                        p.origin,
                        "private_memory.bytes",
                        format!("{bytes} bytes, more than {}", interface::MAX_PRIVATE_BYTES),
                    ));
                }
                Some(PrivateMemory {
                    at: self.place(p, "private_memory.at")?,
                    pointer_bytes: pointer_bytes(p, "private_memory.pointer_bytes")?,
                    bytes: *bytes,
                    per: *per,
                })
            }
        };
        let interface = Interface {
            kernel: Some(self.kernel.clone()),
            simd: self.simd,
            args,
            payload,
            slm_bytes: self.slm_bytes,
            private_memory,
            inline_samplers: self.inline_samplers.clone(),
        };
        check_overlaps(&interface, origin)?;
        Ok(interface)
    }

    fn argument(&self, i: u32, parts: &ArgParts) -> Result<Arg> {
        let field = format!("args[{i}]");
        if let Some((what, at)) = &parts.unsupported {
            return Err(BinaryError::new(
                *at,
                field,
                format!(
                    "{}{what}: the kernel interface has no such arguments yet",
                    shown_name(parts)
                ),
            ));
        }
        if let Some(index) = parts.sampler {
            if parts.image.is_some()
                || parts.pointer.is_some()
                || !parts.by_value.is_empty()
                || parts.local.is_some()
            {
                return Err(BinaryError::new(
                    parts.origin,
                    field,
                    format!(
                        "{}the description makes it a sampler and an image, a buffer, a by-value argument or a local pointer",
                        shown_name(parts)
                    ),
                ));
            }
            let mut values = [None, None, None];
            for (slot, (piece, key)) in values.iter_mut().zip(parts.sampler_values.iter().zip([
                "address_mode",
                "normalized_coords",
                "snap_wa",
            ])) {
                if let Some(p) = piece {
                    if p.size != 4 {
                        return Err(BinaryError::new(
                            p.origin,
                            format!("{field}.{key}"),
                            format!("{} bytes: a sampler's value is 4 bytes", p.size),
                        ));
                    }
                    *slot = Some(self.place(p, &format!("{field}.{key}"))?);
                }
            }
            let [address_mode, normalized, snap_wa] = values;
            // A sampler has no payload place of its own.
            return Ok(Arg {
                name: parts.name.clone(),
                kind: ArgKind::Sampler {
                    index,
                    address_mode,
                    normalized,
                    snap_wa,
                },
                at: Place::Offset(0),
            });
        }
        if let Some(piece) = parts.sampler_values.iter().flatten().next() {
            return Err(BinaryError::new(
                piece.origin,
                field,
                format!(
                    "{}a sampler's values for an argument that is no sampler",
                    shown_name(parts)
                ),
            ));
        }
        if let Some(dims) = parts.image {
            let Some(bti) = parts.bti else {
                return Err(BinaryError::new(
                    parts.origin,
                    field,
                    format!(
                        "{}an image without a binding-table entry",
                        shown_name(parts)
                    ),
                ));
            };
            if parts.pointer.is_some() || !parts.by_value.is_empty() || parts.local.is_some() {
                return Err(BinaryError::new(
                    parts.origin,
                    field,
                    format!(
                        "{}the description makes it an image and a buffer, a by-value argument or a local pointer",
                        shown_name(parts)
                    ),
                ));
            }
            // An image has no payload place.
            return Ok(Arg {
                name: parts.name.clone(),
                kind: ArgKind::Image { dims, bti },
                at: Place::Offset(0),
            });
        }
        let kinds = [
            parts.pointer.is_some() || parts.bti.is_some(),
            !parts.by_value.is_empty(),
            parts.local.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() > 1 {
            return Err(BinaryError::new(
                parts.origin,
                field,
                format!(
                    "{}the description makes it more than one of a buffer, a by-value argument and a local pointer",
                    shown_name(parts)
                ),
            ));
        }
        let name = parts.name.clone();
        if let Some((piece, align)) = &parts.local {
            return Ok(Arg {
                name,
                kind: ArgKind::Local {
                    pointer_bytes: pointer_bytes(piece, &format!("{field}.pointer_bytes"))?,
                    align: *align,
                },
                at: self.place(piece, &format!("{field}.at"))?,
            });
        }
        if parts.pointer.is_some() || parts.bti.is_some() {
            let Some(piece) = &parts.pointer else {
                return Err(BinaryError::new(
                    parts.origin,
                    field,
                    format!(
                        "{}a buffer reached only through binding-table entry {}: the kernel interface needs its pointer's place",
                        shown_name(parts),
                        parts.bti.unwrap_or(0)
                    ),
                ));
            };
            let buffer_offset = match &parts.buffer_offset {
                None => None,
                Some(p) => {
                    if p.size != 4 {
                        return Err(BinaryError::new(
                            p.origin,
                            format!("{field}.buffer_offset"),
                            format!("{} bytes: a buffer offset is 4 bytes", p.size),
                        ));
                    }
                    Some(self.place(p, &format!("{field}.buffer_offset"))?)
                }
            };
            return Ok(Arg {
                name,
                kind: ArgKind::Global {
                    pointer_bytes: pointer_bytes(piece, &format!("{field}.pointer_bytes"))?,
                    bti: parts.bti,
                    buffer_offset,
                },
                at: self.place(piece, &format!("{field}.at"))?,
            });
        }
        if parts.by_value.is_empty() {
            return Err(BinaryError::new(
                parts.origin,
                field,
                format!(
                    "{}the description gives the argument no place in the payload",
                    shown_name(parts)
                ),
            ));
        }
        // The pieces must tile the value from its first byte on, at one distance from
        // their payload places.
        let mut pieces = parts.by_value.clone();
        pieces.sort_by_key(|p| p.source_offset);
        let first = pieces[0];
        let mut next = 0u32;
        for p in &pieces {
            if p.source_offset != next
                || p.piece.offset.checked_sub(p.source_offset)
                    != first.piece.offset.checked_sub(first.source_offset)
            {
                return Err(BinaryError::new(
                    p.piece.origin,
                    format!("{field}.at"),
                    format!(
                        "{}bytes {}.. of the value lie apart from the bytes before them: the kernel interface holds a by-value argument in one run of bytes",
                        shown_name(parts),
                        p.source_offset
                    ),
                ));
            }
            next = next.saturating_add(p.piece.size);
        }
        let start = Piece {
            offset: first.piece.offset,
            size: next,
            origin: first.piece.origin,
        };
        let (ty, count) = scalar_type(parts.type_name.as_deref(), next).ok_or_else(|| {
            BinaryError::new(
                first.piece.origin,
                format!("{field}.type"),
                format!(
                    "{}a by-value argument of {next} bytes: more than 16 elements of 8 bytes, the most the kernel interface holds",
                    shown_name(parts)
                ),
            )
        })?;
        Ok(Arg {
            name,
            kind: ArgKind::Scalar { ty, count },
            at: self.place(&start, &format!("{field}.at"))?,
        })
    }

    fn implicit_fields(&self, payload: &mut Payload) -> Result<()> {
        // Each dimension's places, in the order the description gives them.
        let mut dims: BTreeMap<Implicit, [Vec<Piece>; 3]> = BTreeMap::new();
        for (kind, first_dim, piece) in &self.implicit {
            let field = format!("payload.{}", kind.name());
            if piece.size == 0
                || !piece.size.is_multiple_of(4)
                || *first_dim > 2
                || piece.size > 12 - first_dim * 4
            {
                return Err(BinaryError::new(
                    piece.origin,
                    field,
                    format!(
                        "{} bytes from dimension {first_dim}: each dimension is 4 bytes, X, Y, Z",
                        piece.size
                    ),
                ));
            }
            let slots = dims.entry(*kind).or_default();
            for k in 0..piece.size / 4 {
                let d = (first_dim + k) as usize;
                if slots[d].len() >= kind.copies() {
                    return Err(BinaryError::new(
                        piece.origin,
                        field,
                        format!("dimension {d} is given more than {} time(s)", kind.copies()),
                    ));
                }
                slots[d].push(Piece {
                    offset: piece.offset.saturating_add(4 * k),
                    size: 4,
                    origin: piece.origin,
                });
            }
        }
        for (kind, slots) in dims {
            for copy in 0..kind.copies() {
                let field = if copy == 0 {
                    format!("payload.{}", kind.name())
                } else {
                    format!("payload.{}_{}", kind.name(), copy + 1)
                };
                let present: Vec<Option<&Piece>> = slots.iter().map(|s| s.get(copy)).collect();
                let n = present.iter().take_while(|p| p.is_some()).count();
                if n == 0 {
                    if let Some(p) = present.iter().flatten().next() {
                        return Err(BinaryError::new(
                            p.origin,
                            field,
                            "a dimension without X: the kernel interface holds X, then Y, then Z",
                        ));
                    }
                    continue;
                }
                let pieces: Vec<&Piece> = present.iter().flatten().copied().collect();
                let x = pieces[0];
                for (d, p) in pieces.iter().enumerate() {
                    if d >= n || p.offset != x.offset.saturating_add(4 * d as u32) {
                        return Err(BinaryError::new(
                            p.origin,
                            field,
                            "the dimensions do not lie side by side, X first: the kernel interface holds them in one run",
                        ));
                    }
                }
                let whole = Piece {
                    offset: x.offset,
                    size: 4 * n as u32,
                    origin: x.origin,
                };
                let at = self.place(&whole, &field)?;
                let triple = Some(Triple {
                    at: at.clone(),
                    dims: n as u32,
                });
                match (kind, copy) {
                    (Implicit::GlobalOffset, _) => payload.global_offset = triple,
                    (Implicit::LocalSize, 0) => payload.local_size = triple,
                    (Implicit::LocalSize, _) => payload.local_size_2 = triple,
                    (Implicit::EnqueuedLocalSize, _) => payload.enqueued_local_size = triple,
                    (Implicit::GlobalSize, _) => payload.global_size = triple,
                    (Implicit::GroupCount, _) => payload.group_count = triple,
                    (Implicit::WorkDim, _) => {
                        if n != 1 {
                            return Err(BinaryError::new(
                                x.origin,
                                field,
                                format!("{} bytes: the work dimension is 4 bytes", 4 * n),
                            ));
                        }
                        payload.work_dim = Some(at);
                    }
                }
            }
        }
        Ok(())
    }
}

fn shown_name(parts: &ArgParts) -> String {
    match &parts.name {
        Some(n) => format!("`{}`: ", interface_clip(n)),
        None => String::new(),
    }
}

fn interface_clip(s: &str) -> String {
    crate::input::clip(s).into_owned()
}

fn pointer_bytes(p: &Piece, field: &str) -> Result<u32> {
    match p.size {
        4 | 8 => Ok(p.size),
        n => Err(BinaryError::new(
            p.origin,
            field,
            format!("{n}: a pointer is 4 or 8 bytes"),
        )),
    }
}

/// The element type and count of a by-value argument of `bytes` bytes: from its OpenCL type
/// name where that names a scalar or vector of the same size (`float`, `uint2`; a 3-vector
/// takes four elements' room), else whole elements of 4, 1 or 8 bytes, at most 16.
pub fn scalar_type(type_name: Option<&str>, bytes: u32) -> Option<(ScalarType, u32)> {
    if let Some(name) = type_name {
        let base = name.split(';').next().unwrap_or("").trim();
        let digits = base.trim_start_matches(|c: char| c.is_ascii_alphabetic() || c == '_');
        let scalar = &base[..base.len() - digits.len()];
        let lanes: u32 = if digits.is_empty() {
            1
        } else {
            digits.parse().unwrap_or(0)
        };
        let ty = match scalar {
            "char" => Some(ScalarType::I8),
            "uchar" | "bool" => Some(ScalarType::U8),
            "short" => Some(ScalarType::I16),
            "ushort" => Some(ScalarType::U16),
            "int" => Some(ScalarType::I32),
            "uint" => Some(ScalarType::U32),
            "long" => Some(ScalarType::I64),
            "ulong" | "size_t" => Some(ScalarType::U64),
            "half" => Some(ScalarType::F16),
            "float" => Some(ScalarType::F32),
            "double" => Some(ScalarType::F64),
            _ => None,
        };
        if let Some(ty) = ty {
            let room = if lanes == 3 { 4 } else { lanes };
            for count in [lanes, room] {
                if (1..=interface::MAX_COUNT).contains(&count) && ty.bytes() * count == bytes {
                    return Some((ty, count));
                }
            }
        }
    }
    [ScalarType::U32, ScalarType::U8, ScalarType::U64]
        .into_iter()
        .find(|t| {
            bytes.is_multiple_of(t.bytes())
                && (1..=interface::MAX_COUNT).contains(&(bytes / t.bytes()))
        })
        .map(|t| (t, bytes / t.bytes()))
}

/// Two fields of the interface whose payload bytes overlap are an error: the driver would
/// write one over the other.
fn check_overlaps(interface: &Interface, origin: u64) -> Result<()> {
    let mut spans: Vec<(u32, u32, String)> = Vec::new();
    for (i, a) in interface.args.iter().enumerate() {
        match (&a.at, &a.kind) {
            (_, ArgKind::Image { .. } | ArgKind::Sampler { .. }) => {} // no payload bytes
            (Place::Offset(o), _) => spans.push((*o, o + a.kind.bytes(), format!("args[{i}]"))),
            _ => {}
        }
        if let ArgKind::Sampler {
            address_mode,
            normalized,
            snap_wa,
            ..
        } = &a.kind
        {
            for (at, key) in [
                (address_mode, "address_mode"),
                (normalized, "normalized_coords"),
                (snap_wa, "snap_wa"),
            ] {
                if let Some(Place::Offset(o)) = at {
                    spans.push((*o, o + 4, format!("args[{i}].{key}")));
                }
            }
        }
        if let ArgKind::Global {
            buffer_offset: Some(Place::Offset(o)),
            ..
        } = a.kind
        {
            spans.push((o, o + 4, format!("args[{i}].buffer_offset")));
        }
    }
    let p = &interface.payload;
    for (name, t) in [
        ("global_offset", &p.global_offset),
        ("local_size", &p.local_size),
        ("local_size_2", &p.local_size_2),
        ("enqueued_local_size", &p.enqueued_local_size),
        ("global_size", &p.global_size),
        ("group_count", &p.group_count),
        ("group_id", &p.group_id),
    ] {
        if let Some(Triple {
            at: Place::Offset(o),
            dims,
        }) = t
        {
            spans.push((*o, o + 4 * dims, format!("payload.{name}")));
        }
    }
    if let Some(Place::Offset(o)) = p.work_dim {
        spans.push((o, o + 4, "payload.work_dim".into()));
    }
    for (d, at) in p.local_id.iter().enumerate() {
        if let Some(Place::Offset(o)) = at {
            spans.push((
                *o,
                o + 2 * interface.simd,
                format!("payload.local_id.{}", ["x", "y", "z"][d]),
            ));
        }
    }
    if let Some(PrivateMemory {
        at: Place::Offset(o),
        pointer_bytes,
        ..
    }) = interface.private_memory
    {
        spans.push((o, o + pointer_bytes, "private_memory".into()));
    }
    spans.sort();
    for w in spans.windows(2) {
        if w[1].0 < w[0].1 {
            return Err(BinaryError::new(
                origin,
                w[1].2.clone(),
                format!(
                    "payload bytes {}..{} overlap {}'s {}..{}",
                    w[1].0, w[1].1, w[0].2, w[0].0, w[0].1
                ),
            ));
        }
    }
    Ok(())
}
