//! Which of IGC's descriptions a file is, by its content, and its reader.

use visa_model::platform::Platform;

use super::igc::{BinaryError, Read};
use super::{progbin, zeinfo};

/// Reads the interface IGC's own description gives, when `bytes` are one: a program binary
/// (`.progbin`, its `CTNI` magic), a zebin ELF or a bare `.ze_info` text; `None` for
/// anything else (the kernel-interface JSON). `kernel` picks the kernel of a program that
/// holds several (the `.kernel` of the vISA text); the platform gives the GRF size the
/// payload is counted in, and must be the one the binary was compiled for.
pub fn read_igc(
    bytes: &[u8],
    kernel: Option<&str>,
    platform: Option<Platform>,
) -> Option<Result<Read, BinaryError>> {
    let format: fn(&[u8], Option<&str>, Platform) -> _ = if progbin::is_progbin(bytes) {
        progbin::read
    } else if zeinfo::is_elf(bytes) {
        zeinfo::read
    } else if zeinfo::is_ze_info_text(bytes) {
        |b, k, p| zeinfo::read_text(b, 0, k, p)
    } else {
        return None;
    };
    Some(match platform {
        Some(p) => format(bytes, kernel, p),
        None => Err(BinaryError::new(
            0,
            "--platform",
            "IGC's description counts the payload in GRFs: the launch needs a known platform",
        )),
    })
}
