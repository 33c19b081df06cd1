//! The values a host passes for a kernel's arguments: `launch --arg I=VALUE`
//! (docs/launch.md, "Arguments").

use std::fmt;
use std::path::PathBuf;

use half::f16;

use super::interface::ScalarType;
use crate::input::clip;

/// The most bytes of one buffer argument (`zeros:N`, `local:N`, a `buf:` file): 1 GiB.
pub const MAX_BUFFER_BYTES: u64 = 1 << 30;

/// What `VALUE` gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A by-value argument: its elements' type, how many, and their bytes (little-endian).
    Scalar {
        ty: ScalarType,
        count: u32,
        bytes: Vec<u8>,
    },
    /// A global buffer initialised from a file's bytes.
    File(PathBuf),
    /// A global buffer of N zero bytes.
    Zeros(u64),
    /// A `__local` buffer of N bytes.
    Local(u64),
    /// An image's format, extent and pixels (`image2d:FORMAT:W:H:FILE`, [`super::image`]).
    Image(super::image::ImageValue),
    /// A sampler's filter, addressing mode and coordinates (`sampler:FILTER:ADDRESS:COORDS`,
    /// [`super::sampler`]).
    Sampler(visa_model::state::SamplerState),
}

impl Value {
    /// What the value is, for messages.
    pub fn describe(&self) -> String {
        match self {
            Value::Scalar { ty, count: 1, .. } => format!("a {} scalar", ty.name()),
            Value::Scalar { ty, count, .. } => format!("a vector of {count} {}", ty.name()),
            Value::File(_) | Value::Zeros(_) => "a global buffer".into(),
            Value::Local(_) => "a local buffer".into(),
            Value::Image(image) => image.describe(),
            Value::Sampler(_) => "a sampler".into(),
        }
    }
}

/// One `--arg I=VALUE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgValue {
    /// The argument's index in source order.
    pub index: usize,
    pub value: Value,
}

/// Why an `--arg` was not read: the text and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgError {
    pub text: String,
    pub message: String,
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--arg {}: {}", clip(&self.text), self.message)
    }
}

impl std::error::Error for ArgError {}

/// Reads `I=VALUE`.
pub fn parse(text: &str) -> Result<ArgValue, ArgError> {
    let fail = |message: String| ArgError {
        text: text.to_string(),
        message,
    };
    let Some((index, value)) = text.split_once('=') else {
        return Err(fail(
            "expected I=VALUE (I the argument's index, from 0)".into(),
        ));
    };
    let index: usize = index
        .trim()
        .parse()
        .map_err(|_| fail(format!("`{}`: not an argument index", clip(index))))?;
    let Some((form, rest)) = value.split_once(':') else {
        return Err(fail(
            "VALUE is TYPE:NUMBER[,NUMBER...] (u8 i8 u16 i16 u32 i32 u64 i64 f16 f32 f64), \
             buf:FILE, zeros:N, local:N, image1d/image2d/image3d:FORMAT:SIZES:FILE or \
             sampler:FILTER:ADDRESS:COORDS"
                .into(),
        ));
    };
    let value = match form {
        "buf" if rest.is_empty() => return Err(fail("buf: names a file".into())),
        "buf" => Value::File(PathBuf::from(rest)),
        "zeros" => Value::Zeros(size(rest).map_err(fail)?),
        "local" => Value::Local(size(rest).map_err(fail)?),
        "image1d" | "image2d" | "image3d" => {
            Value::Image(super::image::parse_value(form, rest).map_err(fail)?)
        }
        "sampler" => Value::Sampler(super::sampler::parse_value(rest).map_err(fail)?),
        _ => {
            let Some(ty) = ScalarType::from_name(form) else {
                return Err(fail(format!(
                    "unknown form `{}` ({}, buf, zeros, local, image1d, image2d, image3d, sampler)",
                    clip(form),
                    ScalarType::names()
                )));
            };
            let mut bytes = Vec::new();
            let mut count = 0u32;
            for item in rest.split(',') {
                count += 1;
                if count > super::interface::MAX_COUNT {
                    return Err(fail(format!(
                        "more than {} elements",
                        super::interface::MAX_COUNT
                    )));
                }
                bytes.extend(element(ty, item.trim()).map_err(fail)?);
            }
            Value::Scalar { ty, count, bytes }
        }
    };
    Ok(ArgValue { index, value })
}

/// A buffer size: a whole number of bytes, at most [`MAX_BUFFER_BYTES`].
fn size(text: &str) -> Result<u64, String> {
    let n = unsigned(text).ok_or_else(|| format!("`{}`: not a byte count", clip(text)))?;
    if n > u128::from(MAX_BUFFER_BYTES) {
        return Err(format!("{n} bytes, more than {MAX_BUFFER_BYTES} (1 GiB)"));
    }
    Ok(n as u64)
}

/// A decimal or `0x` hexadecimal whole number.
fn unsigned(text: &str) -> Option<u128> {
    let text = text.trim();
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) if !hex.is_empty() => u128::from_str_radix(hex, 16).ok(),
        Some(_) => None,
        None if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => text.parse().ok(),
        None => None,
    }
}

/// A signed decimal, or a `0x` bit pattern.
fn signed(text: &str) -> Option<i128> {
    match text.strip_prefix('-') {
        Some(digits) if !digits.starts_with(['-', '+']) => unsigned(digits)
            .and_then(|n| i128::try_from(n).ok())
            .map(|n| -n),
        _ => unsigned(text.strip_prefix('+').unwrap_or(text)).and_then(|n| i128::try_from(n).ok()),
    }
}

/// One element's bytes, little-endian.
fn element(ty: ScalarType, text: &str) -> Result<Vec<u8>, String> {
    let bits = ty.bytes() * 8;
    let bad = || format!("`{}`: not a {} value", clip(text), ty.name());
    let range = || format!("{} does not fit {}", clip(text), ty.name());
    let le = |v: u128| v.to_le_bytes()[..ty.bytes() as usize].to_vec();
    match ty {
        ScalarType::U8 | ScalarType::U16 | ScalarType::U32 | ScalarType::U64 => {
            let v = unsigned(text).ok_or_else(bad)?;
            if v >> bits != 0 {
                return Err(range());
            }
            Ok(le(v))
        }
        ScalarType::I8 | ScalarType::I16 | ScalarType::I32 | ScalarType::I64 => {
            if text.starts_with("0x") || text.starts_with("0X") {
                // A bit pattern.
                let v = unsigned(text).ok_or_else(bad)?;
                if v >> bits != 0 {
                    return Err(range());
                }
                return Ok(le(v));
            }
            let v = signed(text).ok_or_else(bad)?;
            let (min, max) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
            if v < min || v > max {
                return Err(range());
            }
            Ok(v.to_le_bytes()[..ty.bytes() as usize].to_vec())
        }
        ScalarType::F16 | ScalarType::F32 | ScalarType::F64 => {
            if text.starts_with("0x") || text.starts_with("0X") {
                let v = unsigned(text).ok_or_else(bad)?;
                if v >> bits != 0 {
                    return Err(range());
                }
                return Ok(le(v));
            }
            // f32 and f64 parse their own decimal, rounding once; f16 goes through f64 (a
            // decimal within 2^-53 of a midpoint between two f16 values may round twice).
            Ok(match ty {
                ScalarType::F32 => text
                    .parse::<f32>()
                    .map_err(|_| bad())?
                    .to_le_bytes()
                    .to_vec(),
                ScalarType::F64 => text
                    .parse::<f64>()
                    .map_err(|_| bad())?
                    .to_le_bytes()
                    .to_vec(),
                _ => f16::from_f64(text.parse::<f64>().map_err(|_| bad())?)
                    .to_le_bytes()
                    .to_vec(),
            })
        }
    }
}
