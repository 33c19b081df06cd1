//! IGC's program binary (`.progbin`, the "patch token" format its shader dump writes beside
//! each `.visaasm`) read into a kernel [`Interface`](super::interface::Interface).
//!
//! The format is defined by IGC's `ocl_igc_shared/executable_format/patch_list.h` and
//! `patch_shared.h` (structure layouts, token and data-parameter numbers) and read by
//! intel/compute-runtime's `shared/source/device_binary_format/patchtokens_decoder.cpp`
//! (the program and kernel layout, which tokens make which argument) and
//! `shared/source/kernel/kernel_descriptor_from_patchtokens.cpp` (what each token means to
//! the driver); the version this reader knows is the one of IGC 1.0.12504 (`1081`).
//!
//! A program is a 28-byte header (`CTNI` magic, version, device family, pointer size,
//! kernel count, stepping, program patch-list size), the program's patch list, then each
//! kernel: a 40-byte header (checksum, hash, name size, patch-list size, and the sizes of
//! the kernel heap, general, dynamic and surface state heaps), the name, the four heaps,
//! and the kernel's patch list. A patch token is a 4-byte token number and a 4-byte size
//! (the whole token's), then its fields.
//!
//! Every read is checked against the bytes there are; no count read from the file sizes an
//! allocation (lists grow one token at a time, and tokens are at least 8 bytes).

use std::collections::BTreeMap;

use visa_model::platform::Platform;

use super::igc::{BinaryError, Description, Implicit, Piece, Read, Result, ValuePiece};
use super::interface::{ImageDims, PrivateScope};
use super::sampler;

/// The program header's magic: "CTNI" read little-endian.
pub const MAGIC: u32 = 0x494E_5443;

/// The versions of the format this reader knows.
pub const VERSIONS: &[u32] = &[1081];

const PROGRAM_HEADER_BYTES: usize = 28;
const KERNEL_HEADER_BYTES: usize = 40;
const TOKEN_HEADER_BYTES: usize = 8;

/// The most binding-table entries (their indices are 0 to 255).
const MAX_BINDING_TABLE: u32 = 256;

/// Patch token numbers (patch_list.h, `PATCH_TOKEN`).
mod token {
    pub const STATE_SIP: u32 = 2;
    pub const SAMPLER_STATE_ARRAY: u32 = 5;
    pub const BINDING_TABLE_STATE: u32 = 8;
    pub const ALLOCATE_SIP_SURFACE: u32 = 10;
    pub const GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT: u32 = 11;
    pub const IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT: u32 = 12;
    pub const ALLOCATE_LOCAL_SURFACE: u32 = 15;
    pub const SAMPLER_KERNEL_ARGUMENT: u32 = 16;
    pub const DATA_PARAMETER_BUFFER: u32 = 17;
    pub const MEDIA_VFE_STATE: u32 = 18;
    pub const MEDIA_INTERFACE_DESCRIPTOR_LOAD: u32 = 19;
    pub const INTERFACE_DESCRIPTOR_DATA: u32 = 21;
    pub const THREAD_PAYLOAD: u32 = 22;
    pub const EXECUTION_ENVIRONMENT: u32 = 23;
    pub const DATA_PARAMETER_STREAM: u32 = 25;
    pub const KERNEL_ARGUMENT_INFO: u32 = 26;
    pub const KERNEL_ATTRIBUTES_INFO: u32 = 27;
    pub const STRING: u32 = 28;
    pub const STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT: u32 = 30;
    pub const STATELESS_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT: u32 = 31;
    pub const ALLOCATE_STATELESS_PRINTF_SURFACE: u32 = 33;
    pub const ALLOCATE_STATELESS_EVENT_POOL_SURFACE: u32 = 36;
    pub const ALLOCATE_STATELESS_PRIVATE_MEMORY: u32 = 38;
    pub const ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO: u32 = 41;
    pub const ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO: u32 = 42;
    pub const ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION: u32 = 43;
    pub const ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INITIALIZATION: u32 = 44;
    pub const ALLOCATE_STATELESS_DEFAULT_DEVICE_QUEUE_SURFACE: u32 = 45;
    pub const STATELESS_DEVICE_QUEUE_KERNEL_ARGUMENT: u32 = 46;
    pub const GLOBAL_POINTER_PROGRAM_BINARY_INFO: u32 = 47;
    pub const CONSTANT_POINTER_PROGRAM_BINARY_INFO: u32 = 48;
    pub const INLINE_VME_SAMPLER_INFO: u32 = 50;
    pub const GTPIN_FREE_GRF_INFO: u32 = 51;
    pub const GTPIN_INFO: u32 = 52;
    pub const PROGRAM_SYMBOL_TABLE: u32 = 53;
    pub const PROGRAM_RELOCATION_TABLE: u32 = 54;
    pub const MEDIA_VFE_STATE_SLOT1: u32 = 55;
    pub const ALLOCATE_SYNC_BUFFER: u32 = 56;
    pub const GLOBAL_HOST_ACCESS_TABLE: u32 = 57;
    pub const ALLOCATE_RT_GLOBAL_BUFFER: u32 = 58;
}

/// Data-parameter types (patch_list.h, `DATA_PARAMETER_TOKEN`), by number.
const DATA_PARAMETER_NAMES: [&str; 50] = [
    "TOKEN_UNKNOWN",
    "KERNEL_ARGUMENT",
    "LOCAL_WORK_SIZE",
    "GLOBAL_WORK_SIZE",
    "NUM_WORK_GROUPS",
    "WORK_DIMENSIONS",
    "LOCAL_ID",
    "EXECUTION_MASK",
    "SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES",
    "IMAGE_WIDTH",
    "IMAGE_HEIGHT",
    "IMAGE_DEPTH",
    "IMAGE_CHANNEL_DATA_TYPE",
    "IMAGE_CHANNEL_ORDER",
    "SAMPLER_ADDRESS_MODE",
    "SAMPLER_NORMALIZED_COORDS",
    "GLOBAL_WORK_OFFSET",
    "NUM_HARDWARE_THREADS",
    "IMAGE_ARRAY_SIZE",
    "PRINTF_SURFACE_SIZE",
    "IMAGE_NUM_SAMPLES",
    "SAMPLER_COORDINATE_SNAP_WA_REQUIRED",
    "PARENT_EVENT",
    "VME_MB_BLOCK_TYPE",
    "VME_SUBPIXEL_MODE",
    "VME_SAD_ADJUST_MODE",
    "VME_SEARCH_PATH_TYPE",
    "IMAGE_NUM_MIP_LEVELS",
    "ENQUEUED_LOCAL_WORK_SIZE",
    "MAX_WORKGROUP_SIZE",
    "PREFERRED_WORKGROUP_MULTIPLE",
    "LOCAL_MEMORY_STATELESS_WINDOW_START_ADDRESS",
    "LOCAL_MEMORY_STATELESS_WINDOW_SIZE",
    "PRIVATE_MEMORY_STATELESS_SIZE",
    "SIMD_SIZE",
    "OBJECT_ID",
    "VME_IMAGE_TYPE",
    "VME_MB_SKIP_BLOCK_TYPE",
    "CHILD_BLOCK_SIMD_SIZE",
    "IMAGE_SRGB_CHANNEL_ORDER",
    "STAGE_IN_GRID_ORIGIN",
    "STAGE_IN_GRID_SIZE",
    "BUFFER_OFFSET",
    "BUFFER_STATEFUL",
    "FLAT_IMAGE_BASEOFFSET",
    "FLAT_IMAGE_WIDTH",
    "FLAT_IMAGE_HEIGHT",
    "FLAT_IMAGE_PITCH",
    "RT_STACK_ID",
    "IMPL_ARG_BUFFER",
];

/// The device families (`Device` in the program header: IGFX_GEN9_CORE,
/// IGFX_GEN12LP_CORE, IGFX_XE_HPG_CORE, IGFX_XE_HPC_CORE) and the platforms they are.
const DEVICES: [(u32, Platform); 4] = [
    (0xc, Platform::Gen9),
    (0x12, Platform::XeLp),
    (0xc07, Platform::XeHpg),
    (0xc08, Platform::XeHpc),
];

/// A program binary's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramHeader {
    pub version: u32,
    pub device: u32,
    pub pointer_bytes: u32,
    pub kernels: u32,
    pub stepping: u32,
}

/// One kernel of a program: its name and where its header starts in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelEntry {
    pub name: String,
    pub offset: usize,
    /// Where its patch list lies in the file.
    patch_list: (usize, usize),
    /// Where its surface state heap lies in the file.
    surface_state: (usize, usize),
    /// Where its dynamic state heap (the sampler states) lies in the file.
    dynamic_state: (usize, usize),
}

/// A program binary's layout: its header and its kernels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub header: ProgramHeader,
    pub kernels: Vec<KernelEntry>,
    /// Program-scope patch tokens of kinds this reader does not know, skipped.
    pub skipped: usize,
}

/// Whether `bytes` start as a program binary.
pub fn is_progbin(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && u32_le(bytes, 0) == Some(MAGIC)
}

fn u32_le(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Checked reads of the file's bytes.
struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// The 32-bit field at `at`, named `field` in messages.
    fn u32(&self, at: usize, field: &str) -> Result<u32> {
        u32_le(self.data, at).ok_or_else(|| {
            BinaryError::new(
                at as u64,
                field,
                format!(
                    "the file ends at byte {}, inside the field",
                    self.data.len()
                ),
            )
        })
    }

    /// `len` bytes from `at`, which must lie in the file.
    fn span(&self, at: usize, len: u64, field: &str) -> Result<(usize, usize)> {
        let end = (at as u64).checked_add(len);
        match end {
            Some(end) if end <= self.data.len() as u64 => Ok((at, end as usize)),
            _ => Err(BinaryError::new(
                at as u64,
                field,
                format!(
                    "{len} bytes from byte {at} lie past the end of the file ({} bytes)",
                    self.data.len()
                ),
            )),
        }
    }
}

/// Reads the program's header and the layout of its kernels.
pub fn read_program(data: &[u8]) -> Result<Program> {
    let b = Bytes { data };
    let magic = b.u32(0, "magic")?;
    if magic != MAGIC {
        return Err(BinaryError::new(
            0,
            "magic",
            format!("{magic:#010x}: a program binary starts with {MAGIC:#010x} (\"CTNI\")"),
        ));
    }
    let version = b.u32(4, "version")?;
    if !VERSIONS.contains(&version) {
        return Err(BinaryError::new(
            4,
            "version",
            format!(
                "{version}: this reader knows version {}",
                VERSIONS
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    let header = ProgramHeader {
        version,
        device: b.u32(8, "device")?,
        pointer_bytes: b.u32(12, "pointer_bytes")?,
        kernels: b.u32(16, "kernels")?,
        stepping: b.u32(20, "stepping")?,
    };
    let list_size = b.u32(24, "patch_list_size")?;
    let (list_start, list_end) = b.span(
        PROGRAM_HEADER_BYTES,
        u64::from(list_size),
        "patch_list_size",
    )?;
    let mut skipped = 0;
    for t in tokens(&b, list_start, list_end, true)? {
        let t = t?;
        if !matches!(
            t.token,
            token::ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO
                | token::ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO
                | token::GLOBAL_POINTER_PROGRAM_BINARY_INFO
                | token::CONSTANT_POINTER_PROGRAM_BINARY_INFO
                | token::PROGRAM_SYMBOL_TABLE
                | token::PROGRAM_RELOCATION_TABLE
                | token::GLOBAL_HOST_ACCESS_TABLE
        ) {
            skipped += 1;
        }
    }
    let mut kernels = Vec::new();
    let mut at = list_end;
    for k in 0..header.kernels {
        let field = |f: &str| format!("kernels[{k}].{f}");
        // A kernel is at least its header: a count past what the file holds ends here.
        b.span(at, KERNEL_HEADER_BYTES as u64, &field("header"))?;
        let name_size = b.u32(at + 12, &field("kernel_name_size"))?;
        let list_size = b.u32(at + 16, &field("patch_list_size"))?;
        let heap = b.u32(at + 20, &field("kernel_heap_size"))?;
        let general = b.u32(at + 24, &field("general_state_heap_size"))?;
        let dynamic = b.u32(at + 28, &field("dynamic_state_heap_size"))?;
        let surface = b.u32(at + 32, &field("surface_state_heap_size"))?;
        let (name_start, name_end) = b.span(
            at + KERNEL_HEADER_BYTES,
            u64::from(name_size),
            &field("kernel_name_size"),
        )?;
        let raw = &data[name_start..name_end];
        let name_len = raw.iter().position(|c| *c == 0).unwrap_or(raw.len());
        let name = std::str::from_utf8(&raw[..name_len])
            .map_err(|_| {
                BinaryError::new(name_start as u64, field("name"), "the name is not UTF-8")
            })?
            .to_string();
        let heaps = u64::from(heap) + u64::from(general) + u64::from(dynamic);
        let (_, heaps_end) = b.span(name_end, heaps, &field("kernel_heap_size"))?;
        // The dynamic state heap is the last of the three.
        let dynamic_state = (heaps_end - dynamic as usize, heaps_end);
        let surface_state = b.span(
            heaps_end,
            u64::from(surface),
            &field("surface_state_heap_size"),
        )?;
        let patch_list = b.span(
            surface_state.1,
            u64::from(list_size),
            &field("patch_list_size"),
        )?;
        kernels.push(KernelEntry {
            name,
            offset: at,
            patch_list,
            surface_state,
            dynamic_state,
        });
        at = patch_list.1;
    }
    Ok(Program {
        header,
        kernels,
        skipped,
    })
}

/// One patch token: its number, where it starts and its fields' bytes (after the 8-byte
/// header).
struct Token<'a> {
    token: u32,
    at: usize,
    body: &'a [u8],
}

impl Token<'_> {
    /// The `i`th 32-bit field after the header.
    fn field(&self, i: usize, name: &str) -> Result<u32> {
        u32_le(self.body, 4 * i).ok_or_else(|| {
            BinaryError::new(
                self.at as u64,
                name,
                format!(
                    "token {} is {} bytes, too short for its field {name}",
                    self.token,
                    self.body.len() + TOKEN_HEADER_BYTES
                ),
            )
        })
    }
}

/// The tokens of the patch list at `start..end`. Program-scope tokens that carry inline
/// data (constant and global surfaces) are followed by it.
fn tokens<'a>(
    b: &Bytes<'a>,
    start: usize,
    end: usize,
    program_scope: bool,
) -> Result<impl Iterator<Item = Result<Token<'a>>> + 'a> {
    let data = b.data;
    let mut at = start;
    let mut failed = false;
    Ok(std::iter::from_fn(move || {
        if failed || at >= end {
            return None;
        }
        let step = (|| {
            let b = Bytes {
                data: data.get(..end).unwrap_or(data),
            };
            let token = b.u32(at, "token")?;
            let size = b.u32(at + 4, "size")?;
            if (size as usize) < TOKEN_HEADER_BYTES {
                return Err(BinaryError::new(
                    at as u64 + 4,
                    "size",
                    format!("token {token} says it is {size} bytes, less than its 8-byte header"),
                ));
            }
            let (_, token_end) = b.span(at, u64::from(size), "size").map_err(|_| {
                BinaryError::new(
                    at as u64 + 4,
                    "size",
                    format!(
                        "token {token} of {size} bytes from byte {at} runs past its patch list, which ends at byte {end}"
                    ),
                )
            })?;
            let body = &data[at + TOKEN_HEADER_BYTES..token_end];
            let mut next = token_end;
            if program_scope
                && matches!(
                    token,
                    token::ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO
                        | token::ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO
                )
            {
                // The inline data's size is the structure's last field.
                let field = if token == token::ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO {
                    2
                } else {
                    1
                };
                let t = Token { token, at, body };
                let inline = t.field(field, "inline_data_size")?;
                let (_, e) = b.span(token_end, u64::from(inline), "inline_data_size")?;
                next = e;
            }
            let t = Token { token, at, body };
            Ok((t, next))
        })();
        match step {
            Ok((t, next)) => {
                at = next;
                Some(Ok(t))
            }
            Err(e) => {
                failed = true;
                Some(Err(e))
            }
        }
    }))
}

/// Which kernel of the program a launch reads: the one named `kernel`, or the only one.
fn choose<'p>(program: &'p Program, kernel: Option<&str>) -> Result<&'p KernelEntry> {
    let names = || {
        program
            .kernels
            .iter()
            .map(|k| format!("`{}`", crate::input::clip(&k.name)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match kernel {
        Some(name) => program
            .kernels
            .iter()
            .find(|k| k.name == name)
            .ok_or_else(|| {
                BinaryError::new(
                    16,
                    "kernels",
                    format!(
                        "no kernel `{}` (the program holds {})",
                        crate::input::clip(name),
                        names()
                    ),
                )
            }),
        None => match program.kernels.as_slice() {
            [only] => Ok(only),
            _ => Err(BinaryError::new(
                16,
                "kernels",
                format!(
                    "{} kernels ({}): name the one to launch",
                    program.kernels.len(),
                    names()
                ),
            )),
        },
    }
}

/// Reads the interface of the kernel `kernel` (or the program's only kernel) from a program
/// binary, for a launch on `platform`.
pub fn read(data: &[u8], kernel: Option<&str>, platform: Platform) -> Result<Read> {
    let program = read_program(data)?;
    match DEVICES.iter().find(|(d, _)| *d == program.header.device) {
        Some((_, p)) if *p == platform => {}
        Some((d, p)) => {
            return Err(BinaryError::new(
                8,
                "device",
                format!("{d:#x} is {p}; the launch is for {platform}"),
            ))
        }
        None => {
            return Err(BinaryError::new(
                8,
                "device",
                format!(
                    "{:#x}: not a device family this reader knows ({})",
                    program.header.device,
                    DEVICES
                        .iter()
                        .map(|(d, p)| format!("{d:#x} {p}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ))
        }
    }
    let entry = choose(&program, kernel)?;
    let mut d = describe(data, entry, platform)?;
    if program.skipped > 0 {
        d.warnings.push(format!(
            "{} program-scope patch token(s) of kinds this reader does not know were skipped",
            program.skipped
        ));
    }
    let interface = d.to_interface(entry.offset as u64)?;
    Ok(Read {
        interface,
        warnings: d.warnings,
    })
}

/// A data-parameter token's fields (SPatchDataParameterBuffer).
struct DataParameter {
    kind: u32,
    arg: u32,
    offset: u32,
    size: u32,
    source_offset: u32,
}

/// What one kernel's patch list says.
fn describe(data: &[u8], entry: &KernelEntry, platform: Platform) -> Result<Description> {
    let b = Bytes { data };
    let grf = super::igc::grf_bytes(platform);
    let mut d = Description {
        kernel: entry.name.clone(),
        ..Description::default()
    };
    let mut simd: Option<u32> = None;
    let mut thread_payload: Option<(usize, [u32; 7])> = None;
    let mut binding_table: Option<(usize, u32, u32)> = None;
    // Stateless and stateful buffer tokens: argument, surface-state offset, pointer piece.
    let mut buffers: Vec<(u32, u32, Option<Piece>, usize)> = Vec::new();
    // Image arguments: (argument, dimensions, surface-state offset, token's byte).
    let mut images: Vec<(u32, ImageDims, u32, usize)> = Vec::new();
    // Sampler arguments: (argument, sampler-state offset, token's byte).
    let mut samplers: Vec<(u32, u32, usize)> = Vec::new();
    // The sampler state array: (token's byte, offset, count, border colour offset).
    let mut sampler_array: Option<(usize, u32, u32, u32)> = None;
    let mut skipped = 0usize;
    let mut ignored: BTreeMap<&'static str, usize> = BTreeMap::new();
    for t in tokens(&b, entry.patch_list.0, entry.patch_list.1, false)? {
        let t = t?;
        let origin = t.at as u64;
        match t.token {
            token::EXECUTION_ENVIRONMENT => {
                simd = Some(t.field(3, "LargestCompiledSIMDSize")?);
            }
            token::THREAD_PAYLOAD => {
                let mut f = [0u32; 7];
                for (i, slot) in f.iter_mut().enumerate() {
                    *slot = t.field(i, "thread_payload")?;
                }
                thread_payload = Some((t.at, f));
            }
            token::BINDING_TABLE_STATE => {
                binding_table = Some((t.at, t.field(0, "Offset")?, t.field(1, "Count")?));
            }
            token::DATA_PARAMETER_STREAM => {
                d.cross_thread_bytes = Some(t.field(0, "DataParameterStreamSize")?);
            }
            token::ALLOCATE_LOCAL_SURFACE => {
                d.slm_bytes = u64::from(t.field(1, "TotalInlineLocalMemorySize")?);
            }
            token::STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT
            | token::STATELESS_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT => {
                let arg = t.field(0, "ArgumentNumber")?;
                let surface = t.field(1, "SurfaceStateHeapOffset")?;
                let piece = Piece {
                    offset: t.field(2, "DataParamOffset")?,
                    size: t.field(3, "DataParamSize")?,
                    origin,
                };
                buffers.push((arg, surface, Some(piece), t.at));
            }
            token::GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT => {
                let arg = t.field(0, "ArgumentNumber")?;
                buffers.push((arg, t.field(1, "Offset")?, None, t.at));
            }
            token::IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT => {
                // ArgumentNumber, Type (IMAGE_MEMORY_OBJECT_TYPE), Offset (its surface
                // state's offset, which the binding table names).
                let arg = t.field(0, "ArgumentNumber")?;
                let kind = t.field(1, "Type")?;
                let surface = t.field(2, "Offset")?;
                let a = d.arg(arg, origin, "ArgumentNumber")?;
                match super::image::progbin_dims(kind) {
                    Some(dims) => images.push((arg, dims, surface, t.at)),
                    None => {
                        a.unsupported.get_or_insert((
                            format!("an image of IMAGE_MEMORY_OBJECT_TYPE {kind} (a buffer, cube, depth or multisampled image)"),
                            origin,
                        ));
                    }
                }
            }
            token::SAMPLER_KERNEL_ARGUMENT => {
                // ArgumentNumber, SamplerType, Offset (its sampler state's offset in the
                // dynamic state heap).
                let arg = t.field(0, "ArgumentNumber")?;
                let offset = t.field(2, "Offset")?;
                d.arg(arg, origin, "ArgumentNumber")?;
                samplers.push((arg, offset, t.at));
            }
            token::SAMPLER_STATE_ARRAY => {
                sampler_array = Some((
                    t.at,
                    t.field(0, "Offset")?,
                    t.field(1, "Count")?,
                    t.field(2, "BorderColorOffset")?,
                ));
            }
            token::STATELESS_DEVICE_QUEUE_KERNEL_ARGUMENT => {
                let a = d.arg(t.field(0, "ArgumentNumber")?, origin, "ArgumentNumber")?;
                a.unsupported
                    .get_or_insert(("a device queue".into(), origin));
            }
            token::KERNEL_ARGUMENT_INFO => arg_info(&t, &mut d)?,
            token::DATA_PARAMETER_BUFFER => {
                let p = DataParameter {
                    kind: t.field(0, "Type")?,
                    arg: t.field(1, "ArgumentNumber")?,
                    offset: t.field(2, "Offset")?,
                    size: t.field(3, "DataSize")?,
                    source_offset: t.field(4, "SourceOffset")?,
                };
                data_parameter(&p, origin, &mut d, &mut ignored)?;
            }
            token::ALLOCATE_STATELESS_PRIVATE_MEMORY => {
                let piece = Piece {
                    offset: t.field(1, "DataParamOffset")?,
                    size: t.field(2, "DataParamSize")?,
                    origin,
                };
                let bytes = t.field(3, "PerThreadPrivateMemorySize")?;
                let per = if t.field(4, "IsSimtThread")? != 0 {
                    PrivateScope::WorkItem
                } else {
                    PrivateScope::Thread
                };
                d.private = Some((piece, bytes, per));
            }
            token::ALLOCATE_STATELESS_PRINTF_SURFACE
            | token::ALLOCATE_STATELESS_EVENT_POOL_SURFACE
            | token::ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION
            | token::ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INITIALIZATION
            | token::ALLOCATE_STATELESS_DEFAULT_DEVICE_QUEUE_SURFACE
            | token::ALLOCATE_SYNC_BUFFER
            | token::ALLOCATE_RT_GLOBAL_BUFFER => {
                let what = match t.token {
                    token::ALLOCATE_STATELESS_PRINTF_SURFACE => "a printf buffer",
                    token::ALLOCATE_STATELESS_EVENT_POOL_SURFACE => "an event pool",
                    token::ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION => {
                        "program-scope global variables"
                    }
                    token::ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INITIALIZATION => {
                        "program-scope constants"
                    }
                    token::ALLOCATE_STATELESS_DEFAULT_DEVICE_QUEUE_SURFACE => {
                        "a default device queue"
                    }
                    token::ALLOCATE_SYNC_BUFFER => "a sync buffer",
                    _ => "a ray-tracing buffer",
                };
                return Err(BinaryError::new(
                    origin,
                    format!("token {}", t.token),
                    format!(
                        "the kernel needs {what} (its address in the payload): the kernel interface has no such field yet"
                    ),
                ));
            }
            token::STATE_SIP
            | token::ALLOCATE_SIP_SURFACE
            | token::MEDIA_VFE_STATE
            | token::MEDIA_VFE_STATE_SLOT1
            | token::MEDIA_INTERFACE_DESCRIPTOR_LOAD
            | token::INTERFACE_DESCRIPTOR_DATA
            | token::KERNEL_ATTRIBUTES_INFO
            | token::STRING
            | token::INLINE_VME_SAMPLER_INFO
            | token::GTPIN_FREE_GRF_INFO
            | token::GTPIN_INFO
            | token::PROGRAM_SYMBOL_TABLE
            | token::PROGRAM_RELOCATION_TABLE
            | token::GLOBAL_HOST_ACCESS_TABLE => {
                // Hardware state, scratch space, strings and tables: nothing of the payload.
            }
            _ => skipped += 1,
        }
    }
    let Some(simd) = simd else {
        return Err(BinaryError::new(
            entry.offset as u64,
            "EXECUTION_ENVIRONMENT",
            format!(
                "kernel `{}` has no execution-environment token (its SIMD width)",
                crate::input::clip(&entry.name)
            ),
        ));
    };
    d.simd = simd;
    let Some((tp_at, tp)) = thread_payload else {
        return Err(BinaryError::new(
            entry.offset as u64,
            "THREAD_PAYLOAD",
            format!(
                "kernel `{}` has no thread-payload token (its per-thread data)",
                crate::input::clip(&entry.name)
            ),
        ));
    };
    // HeaderPresent, LocalIDXPresent, Y, Z, LocalIDFlattenedPresent, IndirectPayloadStorage,
    // UnusedPerThreadConstantPresent.
    for (i, what) in [(0, "a per-thread header"), (4, "flattened local ids")] {
        if tp[i] != 0 {
            return Err(BinaryError::new(
                tp_at as u64,
                "THREAD_PAYLOAD",
                format!("per-thread data with {what}: the kernel interface has no such layout"),
            ));
        }
    }
    let present = [tp[1] != 0, tp[2] != 0, tp[3] != 0];
    let channels = present.iter().take_while(|p| **p).count();
    if present.iter().filter(|p| **p).count() != channels {
        return Err(BinaryError::new(
            tp_at as u64,
            "THREAD_PAYLOAD",
            "local ids of Y or Z without X, or Z without Y: the driver writes X, then Y, then Z",
        ));
    }
    if simd == 1 {
        // IGC's vector compiler (VC: ESIMD, CM) compiles one work-item per hardware thread,
        // SIMD1. Its per-thread data is one GRF whatever ids are present, X, Y and Z as
        // 16-bit ids at its bytes 0, 2 and 4 (compute-runtime,
        // shared/source/helpers/local_id_gen.h, `getPerThreadSizeLocalIDs`, and
        // local_id_gen_special.inl, `generateLocalIDsForSimdOne`), and its cross-thread
        // data starts at r2 (IGC, IGC/VectorCompiler/igcdeps/src/cmc.cpp,
        // `setArgumentsInfo`: r0 and r1 are reserved for SIMD1 dispatch).
        for (c, slot) in d.local_id.iter_mut().enumerate().take(channels) {
            *slot = Some(grf + 2 * c as u32);
        }
        d.cross_thread_base = 2 * grf;
    } else {
        let channel = super::igc::local_id_channel_bytes(simd, grf);
        for (c, slot) in d.local_id.iter_mut().enumerate().take(channels) {
            *slot = Some(grf + channel * c as u32);
        }
        // A kernel without local ids may still take one GRF of per-thread data it does not
        // read (UnusedPerThreadConstantPresent), after the local ids.
        let unused = if tp[6] != 0 { grf } else { 0 };
        d.cross_thread_base = grf + channel * channels as u32 + unused;
    }

    // Binding-table indices: the table is `Count` surface-state offsets at `Offset` in the
    // surface state heap.
    let mut bti_of: BTreeMap<u32, u32> = BTreeMap::new();
    if let Some((at, offset, count)) = binding_table {
        if count > MAX_BINDING_TABLE {
            return Err(BinaryError::new(
                at as u64,
                "BINDING_TABLE_STATE.Count",
                format!("{count} entries, more than {MAX_BINDING_TABLE}"),
            ));
        }
        let (ssh, ssh_end) = entry.surface_state;
        let heap = Bytes {
            data: &data[..ssh_end],
        };
        for i in 0..count {
            let pos = (ssh as u64)
                .checked_add(u64::from(offset))
                .and_then(|p| p.checked_add(4 * u64::from(i)))
                .filter(|p| p + 4 <= ssh_end as u64);
            let Some(pos) = pos else {
                return Err(BinaryError::new(
                    at as u64,
                    "BINDING_TABLE_STATE.Offset",
                    format!(
                        "entry {i} of the binding table at surface-state byte {offset} lies past the surface state heap ({} bytes)",
                        ssh_end - ssh
                    ),
                ));
            };
            let surface = heap.u32(pos as usize, "binding table entry")?;
            bti_of.entry(surface).or_insert(i);
        }
    }
    samplers_of(data, entry.dynamic_state, sampler_array, &samplers, &mut d)?;
    for (arg, dims, surface, at) in images {
        let a = d.arg(arg, at as u64, "ArgumentNumber")?;
        a.image = Some(dims);
        match bti_of.get(&surface) {
            Some(bti) => a.bti = Some(*bti),
            None => {
                a.unsupported.get_or_insert((
                    format!("an image at surface-state byte {surface}, which no binding-table entry names"),
                    at as u64,
                ));
            }
        }
    }
    for (arg, surface, pointer, at) in buffers {
        let a = d.arg(arg, at as u64, "ArgumentNumber")?;
        if a.pointer.is_some() && pointer.is_some() {
            return Err(BinaryError::new(
                at as u64,
                format!("args[{arg}]"),
                "two buffer tokens for one argument",
            ));
        }
        if pointer.is_some() {
            a.pointer = pointer;
        }
        if let Some(bti) = bti_of.get(&surface) {
            a.bti = Some(*bti);
        }
        if pointer.is_none() && a.bti.is_none() {
            a.unsupported.get_or_insert((
                format!("a stateful buffer at surface-state byte {surface}, which no binding-table entry names"),
                at as u64,
            ));
        }
    }
    if skipped > 0 {
        d.warnings.push(format!(
            "{skipped} patch token(s) of kinds this reader does not know were skipped"
        ));
    }
    for (name, n) in ignored {
        d.warnings.push(format!(
            "{n} data parameter(s) {name}, which the driver does not write or this reader does not know, were skipped"
        ));
    }
    Ok(d)
}

/// A data-parameter token: an argument's bytes, an implicit argument, or a skipped value.
fn data_parameter(
    p: &DataParameter,
    origin: u64,
    d: &mut Description,
    ignored: &mut BTreeMap<&'static str, usize>,
) -> Result<()> {
    let piece = Piece {
        offset: p.offset,
        size: p.size,
        origin,
    };
    let name = DATA_PARAMETER_NAMES.get(p.kind as usize).copied();
    let implicit = match p.kind {
        2 => Some(Implicit::LocalSize),
        3 => Some(Implicit::GlobalSize),
        4 => Some(Implicit::GroupCount),
        5 => Some(Implicit::WorkDim),
        16 => Some(Implicit::GlobalOffset),
        28 => Some(Implicit::EnqueuedLocalSize),
        _ => None,
    };
    if let Some(kind) = implicit {
        if !p.source_offset.is_multiple_of(4) || p.source_offset > 8 {
            return Err(BinaryError::new(
                origin,
                "SourceOffset",
                format!(
                    "{}: a dimension's source offset is 0, 4 or 8",
                    p.source_offset
                ),
            ));
        }
        d.implicit.push((kind, p.source_offset / 4, piece));
        return Ok(());
    }
    match p.kind {
        1 => {
            let a = d.arg(p.arg, origin, "ArgumentNumber")?;
            a.by_value.push(ValuePiece {
                piece,
                source_offset: p.source_offset,
            });
        }
        8 => {
            // The source offset holds the alignment the local buffer needs.
            let align = match p.source_offset {
                0 => None,
                a if a.is_power_of_two() && u64::from(a) <= super::interface::MAX_SLM_BYTES => {
                    Some(a)
                }
                a => {
                    return Err(BinaryError::new(
                        origin,
                        "SourceOffset",
                        format!("{a}: a local buffer's alignment is a power of two"),
                    ))
                }
            };
            let a = d.arg(p.arg, origin, "ArgumentNumber")?;
            a.local = Some((piece, align));
        }
        42 => {
            let a = d.arg(p.arg, origin, "ArgumentNumber")?;
            a.buffer_offset = Some(piece);
        }
        // A flag of a buffer reached only statefully: its place is the pointer's.
        43 => {}
        9..=13 | 18 | 20 | 27 | 39 | 44..=47 => {
            let a = d.arg(p.arg, origin, "ArgumentNumber")?;
            a.unsupported.get_or_insert(("an image".into(), origin));
        }
        // SAMPLER_ADDRESS_MODE, SAMPLER_NORMALIZED_COORDS, SAMPLER_COORDINATE_SNAP_WA_REQUIRED.
        14 | 15 | 21 => {
            let slot = match p.kind {
                14 => 0,
                15 => 1,
                _ => 2,
            };
            let a = d.arg(p.arg, origin, "ArgumentNumber")?;
            a.sampler_values[slot] = Some(piece);
        }
        23..=26 | 36 | 37 => {
            let a = d.arg(p.arg, origin, "ArgumentNumber")?;
            a.unsupported
                .get_or_insert(("a video motion estimation argument".into(), origin));
        }
        // The driver ignores these (patchtokens_decoder.cpp): nothing is written there.
        6 | 7 | 17 | 19 | 35 | 38 | 40 | 41 => {
            *ignored.entry(name.unwrap_or("?")).or_default() += 1;
        }
        22 | 29..=34 | 48 | 49 => {
            return Err(BinaryError::new(
                origin,
                "Type",
                format!(
                    "the kernel reads the implicit argument {}: the kernel interface has no such field yet",
                    name.unwrap_or("?")
                ),
            ));
        }
        _ => *ignored.entry("of unknown types").or_default() += 1,
    }
    Ok(())
}

/// The argument's name and type from its argument-info token (SPatchKernelArgumentInfo: the
/// argument number, then five string sizes, then the strings).
fn arg_info(t: &Token<'_>, d: &mut Description) -> Result<()> {
    let arg = t.field(0, "ArgumentNumber")?;
    let mut sizes = [0u32; 5];
    for (i, s) in sizes.iter_mut().enumerate() {
        *s = t.field(1 + i, "string size")?;
    }
    let mut strings: Vec<String> = Vec::new();
    let mut pos: usize = 24;
    for size in sizes {
        let end = pos as u64 + u64::from(size);
        if end > t.body.len() as u64 {
            return Err(BinaryError::new(
                t.at as u64,
                "KERNEL_ARGUMENT_INFO",
                format!(
                    "its strings run past the token's {} bytes",
                    t.body.len() + TOKEN_HEADER_BYTES
                ),
            ));
        }
        let raw = &t.body[pos..end as usize];
        let len = raw.iter().position(|c| *c == 0).unwrap_or(raw.len());
        strings.push(String::from_utf8_lossy(&raw[..len]).into_owned());
        pos = end as usize;
    }
    let a = d.arg(arg, t.at as u64, "ArgumentNumber")?;
    // Address qualifier, access qualifier, name, type name, type qualifiers.
    a.name = Some(strings[2].clone()).filter(|n| !n.is_empty());
    a.type_name = Some(strings[3].clone()).filter(|n| !n.is_empty());
    Ok(())
}

/// The samplers of a `.progbin` kernel: each SAMPLER_KERNEL_ARGUMENT's (argument,
/// sampler-state offset, token byte) in `args` becomes that argument's entry of the sampler
/// state array (`array`: its token byte, offset, count and border colour offset in the
/// dynamic state heap `dsh`, 16 bytes an entry); every other entry is a sampler the source
/// declares, decoded from the heap ([`sampler::decode_state`]).
fn samplers_of(
    data: &[u8],
    dsh: (usize, usize),
    array: Option<(usize, u32, u32, u32)>,
    args: &[(u32, u32, usize)],
    d: &mut Description,
) -> Result<()> {
    let Some((array_at, offset, count, border_offset)) = array else {
        if let Some((arg, _, at)) = args.first() {
            return Err(BinaryError::new(
                *at as u64,
                format!("args[{arg}]"),
                "a sampler argument, but no SAMPLER_STATE_ARRAY token",
            ));
        }
        return Ok(());
    };
    if count > sampler::MAX_SAMPLERS {
        return Err(BinaryError::new(
            array_at as u64,
            "SAMPLER_STATE_ARRAY.Count",
            format!(
                "{count} sampler states, more than {}",
                sampler::MAX_SAMPLERS
            ),
        ));
    }
    let mut taken = [false; sampler::MAX_SAMPLERS as usize];
    for &(arg, at_offset, at) in args {
        let index = at_offset
            .checked_sub(offset)
            .filter(|o| o % sampler::SAMPLER_STATE_BYTES == 0)
            .map(|o| o / sampler::SAMPLER_STATE_BYTES)
            .filter(|i| *i < count);
        let Some(index) = index else {
            return Err(BinaryError::new(
                at as u64,
                "SAMPLER_KERNEL_ARGUMENT.Offset",
                format!(
                    "{at_offset}: not one of the {count} sampler states at dynamic-state byte {offset}"
                ),
            ));
        };
        taken[index as usize] = true;
        d.arg(arg, at as u64, "ArgumentNumber")?.sampler = Some(index);
    }
    let dword = |at: u64| -> Option<u32> {
        let start = usize::try_from(at).ok()?;
        let end = start.checked_add(4)?;
        if end > dsh.1 {
            return None;
        }
        let b = data.get(start..end)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let four = |at: u64| -> Option<[u32; 4]> {
        Some([dword(at)?, dword(at + 4)?, dword(at + 8)?, dword(at + 12)?])
    };
    let heap = dsh.0 as u64;
    let border = four(heap + u64::from(border_offset)).unwrap_or([0; 4]);
    for index in (0..count).filter(|i| !taken[*i as usize]) {
        let at = heap + u64::from(offset) + u64::from(sampler::SAMPLER_STATE_BYTES * index);
        let Some(dw) = four(at) else {
            return Err(BinaryError::new(
                array_at as u64,
                "SAMPLER_STATE_ARRAY.Offset",
                format!(
                    "sampler state {index} lies past the dynamic state heap ({} bytes)",
                    dsh.1 - dsh.0
                ),
            ));
        };
        let state = sampler::decode_state(dw, border)
            .map_err(|why| BinaryError::new(at, format!("SAMPLER_STATE[{index}]"), why))?;
        d.inline_samplers
            .push(visa_model::state::SamplerState { index, ..state });
    }
    Ok(())
}
