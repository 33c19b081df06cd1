//! Image arguments of a launch (docs/launch.md, "Images"): `--arg I=image2d:FORMAT:W:H:FILE`,
//! `image1d:FORMAT:W:FILE` and `image3d:FORMAT:W:H:D:FILE`, FORMAT as OpenCL names the
//! image format (`rgba8_unorm`: `CL_RGBA`, `CL_UNORM_INT8`), FILE the pixels as the host
//! writes them (rows of `W * pixel` bytes, tightly packed, slices of `H` rows) or `zeros`.
//!
//! The image becomes a typed surface at the binding-table entry the interface gives the
//! argument, with the format's conversions (docs/memory.md, "Typed surfaces of the legacy
//! dataport"); its final bytes are written back like a buffer's.

use std::path::{Path, PathBuf};

use visa_model::state::{Memory, Surface, SurfaceFormat, SurfaceHeap};

use super::interface::ImageDims;
use crate::input::clip;

/// The OpenCL image formats a launch takes: `<order><bits>_<type>` for the channel orders
/// `CL_R`, `CL_RG`, `CL_RGBA` and the channel data types, and the surface format each maps
/// to.
pub const FORMATS: [(&str, SurfaceFormat); 18] = [
    ("r32_uint", SurfaceFormat::R32Uint),
    ("r32_sint", SurfaceFormat::R32Sint),
    ("r32_float", SurfaceFormat::R32Float),
    ("rg32_uint", SurfaceFormat::R32G32Uint),
    ("rg32_sint", SurfaceFormat::R32G32Sint),
    ("rg32_float", SurfaceFormat::R32G32Float),
    ("rgba32_uint", SurfaceFormat::R32G32B32A32Uint),
    ("rgba32_sint", SurfaceFormat::R32G32B32A32Sint),
    ("rgba32_float", SurfaceFormat::R32G32B32A32Float),
    ("rgba8_unorm", SurfaceFormat::R8G8B8A8Unorm),
    ("rgba8_uint", SurfaceFormat::R8G8B8A8Uint),
    ("r16_float", SurfaceFormat::R16Float),
    ("rgba16_float", SurfaceFormat::R16G16B16A16Float),
    ("r16_unorm", SurfaceFormat::R16Unorm),
    ("rgba16_unorm", SurfaceFormat::R16G16B16A16Unorm),
    ("r16_uint", SurfaceFormat::R16Uint),
    ("rgba16_uint", SurfaceFormat::R16G16B16A16Uint),
    ("r8_unorm", SurfaceFormat::R8Unorm),
];

/// The most bytes of one image (as of one buffer argument): 1 GiB.
pub const MAX_IMAGE_BYTES: u64 = 1 << 30;

/// The most pixels along one dimension (OpenCL's `CL_DEVICE_IMAGE3D_MAX_*` of Intel's GPUs
/// is 16384).
pub const MAX_EXTENT: u32 = 16384;

/// The pixels a host passes for an image argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageValue {
    /// 1, 2 or 3 (`image1d`, `image2d`, `image3d`).
    pub dims: u32,
    pub format: SurfaceFormat,
    /// Width, height and depth in pixels (1 past the image's dimensions).
    pub extent: [u32; 3],
    /// The pixels' file, `None` for `zeros`.
    pub file: Option<PathBuf>,
}

impl ImageValue {
    /// Bytes of the image: `W * H * D * pixel`.
    pub fn bytes(&self) -> u64 {
        self.extent.iter().map(|&e| u64::from(e)).product::<u64>()
            * u64::from(self.format.pixel_bytes())
    }

    pub fn describe(&self) -> String {
        format!("a {}D image", self.dims)
    }
}

/// An image argument with its pixels read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageHost {
    pub format: SurfaceFormat,
    pub extent: [u32; 3],
    pub bytes: Vec<u8>,
}

/// The OpenCL name of a surface format.
pub fn format_name(format: SurfaceFormat) -> &'static str {
    FORMATS
        .iter()
        .find(|(_, f)| *f == format)
        .map_or("?", |(n, _)| n)
}

/// Reads the text after `image1d:`, `image2d:` or `image3d:` (`form`).
pub fn parse_value(form: &str, rest: &str) -> Result<ImageValue, String> {
    let dims = match form {
        "image1d" => 1,
        "image2d" => 2,
        "image3d" => 3,
        _ => return Err(format!("`{}` is not an image form", clip(form))),
    };
    let usage = || {
        let sizes = ["W", "W:H", "W:H:D"][dims as usize - 1];
        format!("{form}:FORMAT:{sizes}:FILE (FILE a file of the pixels, or `zeros`)")
    };
    let parts: Vec<&str> = rest.splitn(dims as usize + 2, ':').collect();
    if parts.len() != dims as usize + 2 {
        return Err(usage());
    }
    let format = FORMATS
        .iter()
        .find(|(n, _)| *n == parts[0])
        .map(|(_, f)| *f)
        .ok_or_else(|| {
            format!(
                "unknown image format `{}` ({})",
                clip(parts[0]),
                FORMATS.map(|(n, _)| n).join(", ")
            )
        })?;
    let mut extent = [1u32; 3];
    for (d, text) in parts[1..=dims as usize].iter().enumerate() {
        let n: u32 = text
            .trim()
            .parse()
            .map_err(|_| format!("`{}`: not a pixel count; {}", clip(text), usage()))?;
        if n == 0 || n > MAX_EXTENT {
            return Err(format!(
                "{n} pixels: an image's extent is 1 to {MAX_EXTENT}"
            ));
        }
        extent[d] = n;
    }
    let file = match parts[dims as usize + 1] {
        "" => return Err(usage()),
        "zeros" => None,
        path => Some(PathBuf::from(path)),
    };
    let value = ImageValue {
        dims,
        format,
        extent,
        file,
    };
    if value.bytes() > MAX_IMAGE_BYTES {
        return Err(format!(
            "{} bytes, more than {MAX_IMAGE_BYTES} (1 GiB)",
            value.bytes()
        ));
    }
    Ok(value)
}

/// The dimensions of IGC's `IMAGE_MEMORY_OBJECT_TYPE` (patch_shared.h: 2 1D, 3 1D_ARRAY,
/// 4 2D, 5 2D_ARRAY, 6 3D); `None` for the others (buffer, cube, depth, multisampled).
pub fn progbin_dims(kind: u32) -> Option<ImageDims> {
    match kind {
        2 => Some(ImageDims::D1),
        3 => Some(ImageDims::D1Array),
        4 => Some(ImageDims::D2),
        5 => Some(ImageDims::D2Array),
        6 => Some(ImageDims::D3),
        _ => None,
    }
}

/// The dimensions of zebin's `image_type` (`image_1d` .. `image_3d`); `None` for the
/// others.
pub fn zeinfo_dims(ty: &str) -> Option<ImageDims> {
    match ty {
        "image_1d" => Some(ImageDims::D1),
        "image_1d_array" => Some(ImageDims::D1Array),
        "image_2d" => Some(ImageDims::D2),
        "image_2d_array" => Some(ImageDims::D2Array),
        "image_3d" => Some(ImageDims::D3),
        _ => None,
    }
}

/// Whether an image of `dims` dimensions fits an argument of `kind` (an array takes the
/// next dimension's image: `image2d` for `image1d_array_t`, `image3d` for `image2d_array_t`).
pub fn fits(kind: ImageDims, dims: u32) -> bool {
    matches!(
        (kind, dims),
        (ImageDims::D1, 1)
            | (ImageDims::D1Array, 2)
            | (ImageDims::D2, 2)
            | (ImageDims::D2Array, 3)
            | (ImageDims::D3, 3)
    )
}

/// Reads an image value's pixels: its file, which must hold exactly `W * H * D * pixel`
/// bytes, or zeros.
pub fn bind(
    value: &ImageValue,
    load: impl FnOnce(&Path) -> Result<Vec<u8>, String>,
) -> Result<ImageHost, String> {
    let want = value.bytes();
    let bytes = match &value.file {
        None => vec![0; want as usize],
        Some(path) => {
            let bytes = load(path)?;
            if bytes.len() as u64 != want {
                return Err(format!(
                    "{}: {} bytes; a {} image of {} pixels is {want}",
                    path.display(),
                    bytes.len(),
                    format_name(value.format),
                    value
                        .extent
                        .iter()
                        .take(value.dims as usize)
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("x")
                ));
            }
            bytes
        }
    };
    Ok(ImageHost {
        format: value.format,
        extent: value.extent,
        bytes,
    })
}

/// Puts the image's pixels at `base` of the flat space and its typed surface at
/// binding-table entry `bti` (rows of `W * pixel` bytes, TYPED-SURFACE-LAYOUT).
pub fn place(mem: &mut Memory, flat: &str, bti: u32, base: u64, image: &ImageHost) {
    let pixel = image.format.pixel_bytes();
    let [w, h, d] = image.extent;
    mem.space_mut(flat).write(base, &image.bytes);
    mem.surfaces.push(Surface {
        heap: SurfaceHeap::BindingTable,
        bti,
        base,
        size: image.bytes.len() as u64,
        width: w * pixel,
        height: h,
        pitch: w * pixel,
        depth: d,
        pixel_size: pixel,
        format: Some(image.format),
        ..Surface::default()
    });
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn image_values_read_and_refuse() {
        let v = parse_value("image2d", "rgba8_unorm:4:3:zeros").unwrap();
        assert_eq!(v.extent, [4, 3, 1]);
        assert_eq!(v.bytes(), 48);
        assert_eq!(v.file, None);
        let v = parse_value("image1d", "r32_float:5:px.bin").unwrap();
        assert_eq!(v.file, Some(PathBuf::from("px.bin")));
        assert_eq!(v.bytes(), 20);
        let v = parse_value("image3d", "rgba32_float:2:2:2:zeros").unwrap();
        assert_eq!(v.bytes(), 128);
        assert!(parse_value("image2d", "rgba8_unorm:4:zeros").is_err());
        assert!(parse_value("image2d", "bgra8_unorm:4:4:zeros").is_err());
        assert!(parse_value("image2d", "r8_unorm:0:4:zeros").is_err());
        assert!(parse_value("image2d", "r8_unorm:4:4:").is_err());
        assert!(parse_value("image2d", "rgba32_float:16384:16384:zeros").is_err());
    }

    #[test]
    fn every_format_has_one_name() {
        for f in SurfaceFormat::ALL {
            assert_eq!(FORMATS.iter().filter(|(_, g)| *g == f).count(), 1, "{f}");
        }
    }
}
