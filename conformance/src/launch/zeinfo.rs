//! zebin, the ELF newer IGC writes for a program, and its `.ze_info` section (a YAML text
//! describing each kernel) read into a kernel [`Interface`](super::interface::Interface).
//!
//! The format is defined by intel/compute-runtime's
//! `shared/source/device_binary_format/elf/zebin_elf.h` (section names, note types, the
//! `.ze_info` keys and argument types) and read by its `zebin_decoder.cpp` (what each
//! payload argument means to the driver) and `elf/elf_decoder.cpp`; the YAML subset is the
//! one its own `yaml/yaml_parser.h` reads. This module reads the ELF's section headers with
//! checked offsets, finds `.ze_info` (and the `.note.intelgt.compat` product family), and
//! parses the YAML with a small strict reader of that subset: block mappings and block
//! sequences by indentation, plain and quoted scalars, flow sequences of scalars, `#`
//! comments, `---` and `...`. A key repeated in one mapping, a tab in indentation or a line
//! that fits no structure is an error naming its line.

use std::collections::BTreeMap;

use visa_model::platform::Platform;

use super::igc::{BinaryError, Description, Implicit, Piece, Read, Result, ValuePiece};
use super::interface::PrivateScope;

/// The ELF magic.
pub const ELF_MAGIC: [u8; 4] = [0x7f, b'E', b'L', b'F'];

/// The `.ze_info` major version this reader knows.
pub const MAJOR_VERSION: u32 = 1;

/// The deepest nesting of the YAML text.
const MAX_DEPTH: usize = 16;

/// Product families (the `.note.intelgt.compat` note of type 1) and their platforms.
const PRODUCT_FAMILIES: [(u32, Platform); 4] = [
    (0x12, Platform::Gen9),
    (0x1d, Platform::XeLp),
    (0x4f6, Platform::XeHpg),
    (0x4f7, Platform::XeHpc),
];

/// Whether `bytes` start as an ELF file.
pub fn is_elf(bytes: &[u8]) -> bool {
    bytes.starts_with(&ELF_MAGIC)
}

/// Whether `bytes` look like a bare `.ze_info` text (as `readelf` or a producer writes it).
pub fn is_ze_info_text(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(64)]);
    let t = text.trim_start();
    t.starts_with("---") || t.starts_with("version:")
}

fn le(bytes: &[u8], at: u64, n: usize) -> Option<u64> {
    let at = usize::try_from(at).ok()?;
    let b = bytes.get(at..at.checked_add(n)?)?;
    Some(b.iter().rev().fold(0u64, |v, x| (v << 8) | u64::from(*x)))
}

fn field(bytes: &[u8], at: u64, n: usize, name: &str) -> Result<u64> {
    le(bytes, at, n).ok_or_else(|| {
        BinaryError::new(
            at,
            name,
            format!("the file ends at byte {}, inside the field", bytes.len()),
        )
    })
}

/// A section of the ELF: its name, type and bytes' place in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub kind: u32,
    pub offset: u64,
    pub size: u64,
}

/// The sections of a 64-bit little-endian ELF file, every offset checked.
pub fn sections(data: &[u8]) -> Result<Vec<Section>> {
    if !is_elf(data) {
        return Err(BinaryError::new(0, "e_ident", "not an ELF file"));
    }
    let class = field(data, 4, 1, "e_ident[EI_CLASS]")?;
    if class != 2 {
        return Err(BinaryError::new(
            4,
            "e_ident[EI_CLASS]",
            format!("{class}: zebin is a 64-bit ELF (class 2)"),
        ));
    }
    let order = field(data, 5, 1, "e_ident[EI_DATA]")?;
    if order != 1 {
        return Err(BinaryError::new(
            5,
            "e_ident[EI_DATA]",
            format!("{order}: zebin is little-endian (1)"),
        ));
    }
    let shoff = field(data, 0x28, 8, "e_shoff")?;
    let shentsize = field(data, 0x3a, 2, "e_shentsize")?;
    let shnum = field(data, 0x3c, 2, "e_shnum")?;
    let shstrndx = field(data, 0x3e, 2, "e_shstrndx")?;
    if shnum > 0 && shentsize < 64 {
        return Err(BinaryError::new(
            0x3a,
            "e_shentsize",
            format!("{shentsize}: a section header is 64 bytes"),
        ));
    }
    let table_end = shoff.checked_add(shentsize * shnum);
    if table_end.is_none_or(|e| e > data.len() as u64) {
        return Err(BinaryError::new(
            0x28,
            "e_shoff",
            format!(
                "{shnum} section headers of {shentsize} bytes from byte {shoff} lie past the end of the file ({} bytes)",
                data.len()
            ),
        ));
    }
    // The table lies in the file, so its count is bounded by the file's length.
    let mut raw = Vec::new();
    for i in 0..shnum {
        let at = shoff + i * shentsize;
        let name = field(data, at, 4, "sh_name")?;
        let kind = field(data, at + 4, 4, "sh_type")? as u32;
        let offset = field(data, at + 24, 8, "sh_offset")?;
        let size = field(data, at + 32, 8, "sh_size")?;
        // SHT_NOBITS takes no room in the file.
        if kind != 8
            && offset
                .checked_add(size)
                .is_none_or(|e| e > data.len() as u64)
        {
            return Err(BinaryError::new(
                at + 24,
                format!("section {i}"),
                format!(
                    "{size} bytes from byte {offset} lie past the end of the file ({} bytes)",
                    data.len()
                ),
            ));
        }
        raw.push((at, name, kind, offset, size));
    }
    let strtab = raw.get(shstrndx as usize).map(|s| (s.3, s.4));
    let mut out = Vec::new();
    for (at, name, kind, offset, size) in raw {
        let name = match strtab {
            None => String::new(),
            Some((str_off, str_size)) => {
                if name >= str_size {
                    return Err(BinaryError::new(
                        at,
                        "sh_name",
                        format!("{name} lies past the section-name table ({str_size} bytes)"),
                    ));
                }
                let start = (str_off + name) as usize;
                let end = (str_off + str_size) as usize;
                let bytes = data.get(start..end).unwrap_or(&[]);
                let len = bytes.iter().position(|c| *c == 0).unwrap_or(bytes.len());
                String::from_utf8_lossy(&bytes[..len]).into_owned()
            }
        };
        out.push(Section {
            name,
            kind,
            offset,
            size,
        });
    }
    Ok(out)
}

/// The product family the `.note.intelgt.compat` section names, if it names one.
fn product_family(data: &[u8], note: &Section) -> Result<Option<u32>> {
    let mut at = note.offset;
    let end = note.offset + note.size;
    // Notes: name size, description size, type, the name and the description, each padded
    // to 4 bytes.
    while at + 12 <= end {
        let namesz = field(data, at, 4, "n_namesz")?;
        let descsz = field(data, at + 4, 4, "n_descsz")?;
        let kind = field(data, at + 8, 4, "n_type")?;
        let desc = at + 12 + namesz.div_ceil(4) * 4;
        let next = desc.checked_add(descsz.div_ceil(4) * 4);
        let Some(next) = next.filter(|n| *n <= end) else {
            return Err(BinaryError::new(
                at,
                "n_descsz",
                "the note runs past its section",
            ));
        };
        if kind == 1 && descsz == 4 {
            return Ok(Some(field(data, desc, 4, "product family")? as u32));
        }
        at = next;
    }
    Ok(None)
}

/// Reads the interface of the kernel `kernel` (or the only kernel) from a zebin ELF file,
/// for a launch on `platform`.
pub fn read(data: &[u8], kernel: Option<&str>, platform: Platform) -> Result<Read> {
    let all = sections(data)?;
    if let Some(note) = all.iter().find(|s| s.name == ".note.intelgt.compat") {
        if let Some(family) = product_family(data, note)? {
            match PRODUCT_FAMILIES.iter().find(|(f, _)| *f == family) {
                Some((_, p)) if *p == platform => {}
                Some((_, p)) => {
                    return Err(BinaryError::new(
                        note.offset,
                        ".note.intelgt.compat",
                        format!("product family {family:#x} is {p}; the launch is for {platform}"),
                    ))
                }
                None => {
                    return Err(BinaryError::new(
                        note.offset,
                        ".note.intelgt.compat",
                        format!("product family {family:#x}: not one this reader knows"),
                    ))
                }
            }
        }
    }
    let mut infos = all.iter().filter(|s| s.name == ".ze_info");
    let Some(info) = infos.next() else {
        return Err(BinaryError::new(
            0,
            ".ze_info",
            "the ELF has no .ze_info section",
        ));
    };
    if infos.next().is_some() {
        return Err(BinaryError::new(
            info.offset,
            ".ze_info",
            "the ELF has more than one .ze_info section",
        ));
    }
    let bytes = usize::try_from(info.offset)
        .ok()
        .zip(
            info.offset
                .checked_add(info.size)
                .and_then(|e| usize::try_from(e).ok()),
        )
        .and_then(|(start, end)| data.get(start..end))
        .ok_or_else(|| {
            BinaryError::new(
                info.offset,
                ".ze_info",
                "the section's bytes lie past the end of the file",
            )
        })?;
    read_text(bytes, info.offset, kernel, platform)
}

/// Reads the interface from a `.ze_info` text whose first byte is byte `base` of its file.
pub fn read_text(
    bytes: &[u8],
    base: u64,
    kernel: Option<&str>,
    platform: Platform,
) -> Result<Read> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        BinaryError::new(
            base + e.valid_up_to() as u64,
            ".ze_info",
            "the text is not UTF-8",
        )
    })?;
    let root = yaml::parse(text, base)?;
    let d = describe(&root, kernel, platform)?;
    let interface = d.to_interface(d.origin)?;
    Ok(Read {
        interface,
        warnings: d.description.warnings,
    })
}

struct Described {
    description: Description,
    origin: u64,
}

impl std::ops::Deref for Described {
    type Target = Description;
    fn deref(&self) -> &Description {
        &self.description
    }
}

use yaml::Node;

fn describe(root: &Node, kernel: Option<&str>, platform: Platform) -> Result<Described> {
    root.map("(top)")?;
    let version = root.get("version");
    match version {
        Some(v) => {
            let s = v.scalar("version")?;
            let major = s.split('.').next().and_then(|m| m.parse::<u32>().ok());
            if major != Some(MAJOR_VERSION) {
                return Err(BinaryError::new(
                    v.origin(),
                    "version",
                    format!(
                        "`{}`: this reader knows version {MAJOR_VERSION}.x",
                        crate::input::clip(s)
                    ),
                ));
            }
        }
        None => return Err(BinaryError::new(root.origin(), "version", "missing")),
    }
    let kernels = root
        .get("kernels")
        .ok_or_else(|| BinaryError::new(root.origin(), "kernels", "missing"))?
        .seq("kernels")?;
    let mut names = Vec::new();
    let mut found = Vec::new();
    for k in kernels {
        let name = k
            .get("name")
            .ok_or_else(|| BinaryError::new(k.origin(), "kernels[].name", "missing"))?
            .scalar("kernels[].name")?;
        names.push(format!("`{}`", crate::input::clip(name)));
        if kernel.is_none_or(|want| want == name) {
            found.push((k, name));
        }
    }
    let chosen = match kernel {
        Some(_) => found.first(),
        None if kernels.len() == 1 => found.first(),
        None => None,
    };
    let Some(&(k, name)) = chosen else {
        return Err(BinaryError::new(
            root.origin(),
            "kernels",
            match kernel {
                Some(want) => format!(
                    "no kernel `{}` (the program holds {})",
                    crate::input::clip(want),
                    names.join(", ")
                ),
                None => format!(
                    "{} kernels ({}): name the one to launch",
                    names.len(),
                    names.join(", ")
                ),
            },
        ));
    };
    let grf = super::igc::grf_bytes(platform);
    let mut d = Description {
        kernel: name.to_string(),
        ..Description::default()
    };
    let env = k
        .get("execution_env")
        .ok_or_else(|| BinaryError::new(k.origin(), "execution_env", "missing"))?;
    d.simd = env
        .get("simd_size")
        .ok_or_else(|| BinaryError::new(env.origin(), "execution_env.simd_size", "missing"))?
        .number("execution_env.simd_size")?;
    if let Some(slm) = env.get("slm_size") {
        d.slm_bytes = u64::from(slm.number("execution_env.slm_size")?);
    }

    // Per-thread data: the local ids.
    let mut per_thread_end = 0u32;
    if let Some(list) = k.get("per_thread_payload_arguments") {
        for a in list.seq("per_thread_payload_arguments")? {
            let f = "per_thread_payload_arguments[]";
            let ty = a.key_scalar("arg_type", f)?;
            let offset = a.key_number("offset", f)?;
            let size = a.key_number("size", f)?;
            per_thread_end = per_thread_end.max(offset.saturating_add(size));
            match ty {
                "local_id" => {
                    let channel = super::igc::local_id_channel_bytes(d.simd, grf);
                    if size == 0 || size % channel != 0 || size / channel > 3 {
                        return Err(BinaryError::new(
                            a.origin(),
                            "local_id.size",
                            format!(
                                "{size} bytes: local ids take one to three channels of {channel} bytes for SIMD{}",
                                d.simd
                            ),
                        ));
                    }
                    for c in 0..size / channel {
                        d.local_id[c as usize] =
                            Some(grf.saturating_add(offset).saturating_add(c * channel));
                    }
                }
                other => {
                    return Err(BinaryError::new(
                        a.origin(),
                        "per_thread_payload_arguments[].arg_type",
                        format!(
                            "`{}`: the kernel interface holds per-thread local ids only",
                            crate::input::clip(other)
                        ),
                    ))
                }
            }
        }
    }
    if per_thread_end > super::interface::MAX_PAYLOAD_BYTES {
        return Err(BinaryError::new(
            k.origin(),
            "per_thread_payload_arguments",
            format!(
                "{per_thread_end} bytes of per-thread data, more than the payload's {}",
                super::interface::MAX_PAYLOAD_BYTES
            ),
        ));
    }
    d.cross_thread_base = grf + per_thread_end.div_ceil(grf) * grf;

    let mut private_bytes: Option<(u32, PrivateScope)> = None;
    if let Some(list) = k.get("per_thread_memory_buffers") {
        for b in list.seq("per_thread_memory_buffers")? {
            let f = "per_thread_memory_buffers[]";
            if b.key_scalar("type", f)? == "private_space" {
                let size = b.key_number("size", f)?;
                let simt = b
                    .get("is_simt_thread")
                    .map(|v| v.scalar("is_simt_thread").map(|s| s == "true"))
                    .transpose()?
                    .unwrap_or(false);
                let per = if simt {
                    PrivateScope::WorkItem
                } else {
                    PrivateScope::Thread
                };
                private_bytes = Some((size, per));
            }
        }
    }

    let mut skipped: BTreeMap<String, usize> = BTreeMap::new();
    if let Some(list) = k.get("payload_arguments") {
        for a in list.seq("payload_arguments")? {
            payload_argument(a, &mut d, &mut skipped, private_bytes)?;
        }
    }
    if let Some(list) = k.get("binding_table_indices") {
        for b in list.seq("binding_table_indices")? {
            let f = "binding_table_indices[]";
            let bti = b.key_number("bti_value", f)?;
            if bti > 255 {
                return Err(BinaryError::new(
                    b.origin(),
                    "binding_table_indices[].bti_value",
                    format!("{bti}: a binding-table index is 0 to 255"),
                ));
            }
            let arg = b.key_number("arg_index", f)?;
            d.arg(arg, b.origin(), "binding_table_indices[].arg_index")?
                .bti = Some(bti);
        }
    }
    // Names and types, from the kernel's misc info.
    if let Some(misc) = root.get("kernels_misc_info") {
        for m in misc.seq("kernels_misc_info")? {
            if m.get("name")
                .map(|n| n.scalar("kernels_misc_info[].name"))
                .transpose()?
                != Some(name)
            {
                continue;
            }
            let Some(infos) = m.get("args_info") else {
                continue;
            };
            for info in infos.seq("args_info")? {
                let f = "args_info[]";
                let index = info.key_number("index", f)?;
                let parts = d.arg(index, info.origin(), "args_info[].index")?;
                if let Some(n) = info.get("name") {
                    parts.name =
                        Some(n.scalar("args_info[].name")?.to_string()).filter(|n| !n.is_empty());
                }
                if let Some(t) = info.get("type_name") {
                    parts.type_name = Some(t.scalar("args_info[].type_name")?.to_string());
                }
            }
        }
    }
    for (ty, n) in skipped {
        d.warnings.push(format!(
            "{n} payload argument(s) of type `{ty}`, which this reader does not know, were skipped"
        ));
    }
    Ok(Described {
        description: d,
        origin: k.origin(),
    })
}

/// One entry of `payload_arguments`.
fn payload_argument(
    a: &Node,
    d: &mut Description,
    skipped: &mut BTreeMap<String, usize>,
    private_bytes: Option<(u32, PrivateScope)>,
) -> Result<()> {
    let f = "payload_arguments[]";
    let ty = a.key_scalar("arg_type", f)?;
    let origin = a.origin();
    let piece = || -> Result<Piece> {
        Ok(Piece {
            offset: a.key_number("offset", f)?,
            size: a.key_number("size", f)?,
            origin,
        })
    };
    let implicit = match ty {
        "global_id_offset" => Some(Implicit::GlobalOffset),
        "local_size" => Some(Implicit::LocalSize),
        "enqueued_local_size" => Some(Implicit::EnqueuedLocalSize),
        "global_size" => Some(Implicit::GlobalSize),
        "group_count" => Some(Implicit::GroupCount),
        "work_dimensions" => Some(Implicit::WorkDim),
        _ => None,
    };
    if let Some(kind) = implicit {
        d.implicit.push((kind, 0, piece()?));
        return Ok(());
    }
    let index = |d: &mut Description| -> Result<u32> {
        let i = a.key_number("arg_index", f)?;
        d.arg(i, origin, "payload_arguments[].arg_index")?;
        Ok(i)
    };
    match ty {
        "arg_byvalue" => {
            let i = index(d)?;
            let source_offset = match a.get("source_offset") {
                Some(s) => s.number("payload_arguments[].source_offset")?,
                None => 0,
            };
            let p = piece()?;
            d.arg(i, origin, f)?.by_value.push(ValuePiece {
                piece: p,
                source_offset,
            });
        }
        "arg_bypointer" => {
            let i = index(d)?;
            let space = a
                .get("addrspace")
                .map(|s| s.scalar("addrspace"))
                .transpose()?;
            let mode = a
                .get("addrmode")
                .map(|s| s.scalar("addrmode"))
                .transpose()?;
            let p = piece()?;
            let parts = d.arg(i, origin, f)?;
            match (space.unwrap_or("global"), mode.unwrap_or("stateless")) {
                ("local", _) | (_, "slm") => {
                    let align = match a.get("slm_alignment") {
                        None => None,
                        Some(v) => match v.number("slm_alignment")? {
                            0 => None,
                            n if n.is_power_of_two() => Some(n),
                            n => {
                                return Err(BinaryError::new(
                                    origin,
                                    "slm_alignment",
                                    format!("{n}: an alignment is a power of two"),
                                ))
                            }
                        },
                    };
                    parts.local = Some((p, align));
                }
                ("image", "stateful") => {
                    // Its binding-table entry is in `binding_table_indices`.
                    let ty = a
                        .get("image_type")
                        .map(|s| s.scalar("image_type"))
                        .transpose()?
                        .unwrap_or("");
                    match super::image::zeinfo_dims(ty) {
                        Some(dims) => parts.image = Some(dims),
                        None => {
                            let what = format!("an image of type `{}`", crate::input::clip(ty));
                            parts.unsupported.get_or_insert((what, origin));
                        }
                    }
                }
                ("image", _) => {
                    parts
                        .unsupported
                        .get_or_insert(("a bindless image".into(), origin));
                }
                ("sampler", _) => {
                    parts
                        .unsupported
                        .get_or_insert(("a sampler".into(), origin));
                }
                (_, "stateless") => parts.pointer = Some(p),
                // A stateful buffer's address is its `buffer_address` argument.
                (_, "stateful") => {}
                (_, other) => {
                    let what = format!("a buffer reached `{}`", crate::input::clip(other));
                    parts.unsupported.get_or_insert((what, origin));
                }
            }
        }
        "buffer_address" => {
            let i = index(d)?;
            let p = piece()?;
            d.arg(i, origin, f)?.pointer = Some(p);
        }
        "buffer_offset" => {
            let i = index(d)?;
            let p = piece()?;
            d.arg(i, origin, f)?.buffer_offset = Some(p);
        }
        "private_base_stateless" => {
            let (bytes, per) = private_bytes.unwrap_or((0, PrivateScope::WorkItem));
            d.private = Some((piece()?, bytes, per));
        }
        t if t.starts_with("image_") || t.starts_with("flat_image_") => {
            let i = index(d)?;
            d.arg(i, origin, f)?
                .unsupported
                .get_or_insert(("an image whose size the kernel queries".into(), origin));
        }
        t if t.starts_with("sampler_") => {
            let i = index(d)?;
            d.arg(i, origin, f)?
                .unsupported
                .get_or_insert(("a sampler".into(), origin));
        }
        t if t.starts_with("vme_") => {
            let i = index(d)?;
            d.arg(i, origin, f)?
                .unsupported
                .get_or_insert(("a video motion estimation argument".into(), origin));
        }
        "printf_buffer"
        | "implicit_arg_buffer"
        | "arg_inline_sampler"
        | "sync_buffer"
        | "rt_global_buffer"
        | "data_const_buffer"
        | "data_global_buffer" => {
            return Err(BinaryError::new(
                origin,
                "payload_arguments[].arg_type",
                format!("the kernel needs `{ty}`: the kernel interface has no such field yet"),
            ));
        }
        other => {
            *skipped
                .entry(crate::input::clip(other).into_owned())
                .or_default() += 1
        }
    }
    Ok(())
}

/// The YAML subset `.ze_info` is written in.
pub mod yaml {
    use super::{BinaryError, Result, MAX_DEPTH};

    /// A node of the text: a scalar, a mapping (keys in order) or a sequence, with the file
    /// byte offset of the line it starts on.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Node {
        Scalar(String, u64),
        Map(Vec<(String, Node)>, u64),
        Seq(Vec<Node>, u64),
    }

    impl Node {
        pub fn origin(&self) -> u64 {
            match self {
                Node::Scalar(_, o) | Node::Map(_, o) | Node::Seq(_, o) => *o,
            }
        }

        pub fn get(&self, key: &str) -> Option<&Node> {
            match self {
                Node::Map(entries, _) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }

        pub fn map(&self, field: &str) -> Result<&[(String, Node)]> {
            match self {
                Node::Map(entries, _) => Ok(entries),
                _ => Err(BinaryError::new(self.origin(), field, "not a mapping")),
            }
        }

        /// A sequence's items; an empty value is an empty sequence.
        pub fn seq(&self, field: &str) -> Result<&[Node]> {
            match self {
                Node::Seq(items, _) => Ok(items),
                Node::Scalar(s, _) if s.is_empty() => Ok(&[]),
                _ => Err(BinaryError::new(self.origin(), field, "not a sequence")),
            }
        }

        pub fn scalar(&self, field: &str) -> Result<&str> {
            match self {
                Node::Scalar(s, _) => Ok(s),
                _ => Err(BinaryError::new(self.origin(), field, "not a scalar")),
            }
        }

        /// A whole number of at most 32 bits (decimal or `0x` hexadecimal).
        pub fn number(&self, field: &str) -> Result<u32> {
            let s = self.scalar(field)?;
            let parsed = match s.strip_prefix("0x") {
                Some(hex) => u32::from_str_radix(hex, 16).ok(),
                None => s.parse::<u32>().ok(),
            };
            parsed.ok_or_else(|| {
                BinaryError::new(
                    self.origin(),
                    field,
                    format!("`{}`: not a whole number of 32 bits", crate::input::clip(s)),
                )
            })
        }

        /// The scalar under `key`, which must be there.
        pub fn key_scalar(&self, key: &str, within: &str) -> Result<&str> {
            let field = format!("{within}.{key}");
            self.get(key)
                .ok_or_else(|| BinaryError::new(self.origin(), &field, "missing"))?
                .scalar(&field)
        }

        /// The number under `key`, which must be there.
        pub fn key_number(&self, key: &str, within: &str) -> Result<u32> {
            let field = format!("{within}.{key}");
            self.get(key)
                .ok_or_else(|| BinaryError::new(self.origin(), &field, "missing"))?
                .number(&field)
        }
    }

    /// One line that holds something: its number (from 1), the file offset of its first
    /// byte, its indentation and its text after it.
    #[derive(Clone, Debug)]
    struct Line {
        number: usize,
        offset: u64,
        indent: usize,
        text: String,
    }

    fn error(line: &Line, message: impl Into<String>) -> BinaryError {
        BinaryError::new(line.offset, format!("line {}", line.number), message)
    }

    /// Parses the text whose first byte is byte `base` of its file.
    pub fn parse(text: &str, base: u64) -> Result<Node> {
        let mut lines = Vec::new();
        let mut offset = base;
        for (i, raw) in text.split('\n').enumerate() {
            let here = offset;
            offset += raw.len() as u64 + 1;
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            let body = raw.trim_start_matches(' ');
            let indent = raw.len() - body.len();
            let line = Line {
                number: i + 1,
                offset: here,
                indent,
                text: body.trim_end().to_string(),
            };
            if body.starts_with('\t') {
                return Err(error(&line, "a tab in the indentation"));
            }
            let t = line.text.as_str();
            if t.is_empty() || t.starts_with('#') || t == "---" || t == "..." {
                continue;
            }
            if t.starts_with("--- ")
                || t.starts_with('%')
                || t.starts_with('&')
                || t.starts_with('*')
                || t.starts_with('!')
            {
                return Err(error(&line, "a YAML form .ze_info does not use"));
            }
            lines.push(line);
        }
        if lines.is_empty() {
            return Err(BinaryError::new(base, "line 1", "the text is empty"));
        }
        let mut i = 0;
        let indent = lines[0].indent;
        let node = block(&mut lines, &mut i, indent, 0)?;
        if let Some(extra) = lines.get(i) {
            return Err(error(
                extra,
                "this line fits no structure (its indentation?)",
            ));
        }
        Ok(node)
    }

    /// The block starting at line `i`, indented `indent`.
    fn block(lines: &mut [Line], i: &mut usize, indent: usize, depth: usize) -> Result<Node> {
        let Some(first) = lines.get(*i) else {
            return Err(BinaryError::new(0, "yaml", "the text ends inside a block"));
        };
        if depth > MAX_DEPTH {
            return Err(error(first, format!("nested more than {MAX_DEPTH} deep")));
        }
        if first.text == "-" || first.text.starts_with("- ") {
            sequence(lines, i, indent, depth)
        } else {
            mapping(lines, i, indent, depth)
        }
    }

    fn sequence(lines: &mut [Line], i: &mut usize, indent: usize, depth: usize) -> Result<Node> {
        let origin = lines[*i].offset;
        let mut items = Vec::new();
        while let Some(line) = lines.get(*i) {
            if line.indent != indent || !(line.text == "-" || line.text.starts_with("- ")) {
                break;
            }
            let rest = line.text[1..].trim_start().to_string();
            if rest.is_empty() {
                // The item is the block below.
                *i += 1;
                match lines.get(*i) {
                    Some(next) if next.indent > indent => {
                        let ni = next.indent;
                        items.push(block(lines, i, ni, depth + 1)?);
                    }
                    _ => items.push(Node::Scalar(String::new(), line.offset)),
                }
                continue;
            }
            // The item starts on this line, as if indented past the dash.
            let inner = indent + (line.text.len() - rest.len());
            let l = &mut lines[*i];
            l.indent = inner;
            l.text = rest;
            items.push(block(lines, i, inner, depth + 1)?);
        }
        Ok(Node::Seq(items, origin))
    }

    fn mapping(lines: &mut [Line], i: &mut usize, indent: usize, depth: usize) -> Result<Node> {
        let origin = lines[*i].offset;
        let mut entries: Vec<(String, Node)> = Vec::new();
        while let Some(line) = lines.get(*i) {
            if line.indent < indent {
                break;
            }
            if line.indent > indent {
                return Err(error(line, "indented deeper than the mapping it is in"));
            }
            if line.text == "-" || line.text.starts_with("- ") {
                break;
            }
            let line = line.clone();
            let (key, value) = split_key(&line)?;
            if entries.iter().any(|(k, _)| *k == key) {
                return Err(error(
                    &line,
                    format!("the key `{}` is repeated", crate::input::clip(&key)),
                ));
            }
            *i += 1;
            let node = if value.is_empty() {
                match lines.get(*i) {
                    Some(next)
                        if next.indent > indent
                            || (next.indent == indent
                                && (next.text == "-" || next.text.starts_with("- "))) =>
                    {
                        let ni = next.indent;
                        block(lines, i, ni, depth + 1)?
                    }
                    _ => Node::Scalar(String::new(), line.offset),
                }
            } else {
                scalar_or_flow(&value, &line)?
            };
            entries.push((key, node));
        }
        Ok(Node::Map(entries, origin))
    }

    /// `KEY: VALUE` or `KEY:`.
    fn split_key(line: &Line) -> Result<(String, String)> {
        let t = line.text.as_str();
        let (key, value) = if let Some(q) = t.strip_prefix('\'') {
            let end = q
                .find('\'')
                .ok_or_else(|| error(line, "an unterminated quoted key"))?;
            let after = q[end + 1..]
                .strip_prefix(':')
                .ok_or_else(|| error(line, "not `key: value`"))?;
            (q[..end].to_string(), after)
        } else {
            let colon = t
                .char_indices()
                .find(|(p, c)| *c == ':' && t[p + 1..].chars().next().is_none_or(|n| n == ' '))
                .map(|(p, _)| p)
                .ok_or_else(|| error(line, "not `key: value`, `key:` or `- item`"))?;
            (t[..colon].trim_end().to_string(), &t[colon + 1..])
        };
        if key.is_empty() {
            return Err(error(line, "an empty key"));
        }
        Ok((key, value.trim().to_string()))
    }

    fn scalar_or_flow(value: &str, line: &Line) -> Result<Node> {
        if let Some(inner) = value.strip_prefix('[') {
            let inner = inner
                .strip_suffix(']')
                .ok_or_else(|| error(line, "a flow sequence without its `]`"))?;
            let mut items = Vec::new();
            if !inner.trim().is_empty() {
                for part in inner.split(',') {
                    items.push(Node::Scalar(scalar(part.trim(), line)?, line.offset));
                }
            }
            return Ok(Node::Seq(items, line.offset));
        }
        if value.starts_with('{') || value.starts_with('|') || value.starts_with('>') {
            return Err(error(line, "a YAML form .ze_info does not use"));
        }
        Ok(Node::Scalar(scalar(value, line)?, line.offset))
    }

    /// A plain, single-quoted or double-quoted scalar; a plain one ends at ` #`.
    fn scalar(value: &str, line: &Line) -> Result<String> {
        if let Some(q) = value.strip_prefix('\'') {
            let body = q
                .strip_suffix('\'')
                .ok_or_else(|| error(line, "an unterminated quoted value"))?;
            return Ok(body.replace("''", "'"));
        }
        if let Some(q) = value.strip_prefix('"') {
            let body = q
                .strip_suffix('"')
                .ok_or_else(|| error(line, "an unterminated quoted value"))?;
            let mut out = String::new();
            let mut chars = body.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    match chars.next() {
                        Some('n') => out.push('\n'),
                        Some('t') => out.push('\t'),
                        Some(c @ ('\\' | '"')) => out.push(c),
                        _ => return Err(error(line, "an escape .ze_info does not use")),
                    }
                } else {
                    out.push(c);
                }
            }
            return Ok(out);
        }
        let plain = match value.find(" #") {
            Some(p) => &value[..p],
            None => value,
        };
        Ok(plain.trim().to_string())
    }
}
