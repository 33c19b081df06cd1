//! The hex conventions of `visa-vector/1` (docs/vector-format.md, "Hex conventions").
//!
//! - Byte strings are lowercase byte pairs without separators, in storage order: `"0a00ff7f"`
//!   is the bytes `0x0a, 0x00, 0xff, 0x7f`. In `expect`, `??` marks a don't-care byte.
//! - Numbers (addresses, masks, `cr0`) are `0x` followed by lowercase hex digits: `"0x10000"`.
//!
//! Readers are strict (uppercase digits are rejected) so that a file has one spelling and its
//! checksum is stable; writers produce that spelling.

use std::fmt::Write as _;

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// `bytes` as lowercase byte pairs.
pub fn encode(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 0xf) as usize] as char);
    }
    s
}

/// A pattern as byte pairs, `??` for a don't-care byte.
pub fn encode_pattern(pattern: &[Option<u8>]) -> String {
    let mut s = String::with_capacity(pattern.len() * 2);
    for b in pattern {
        match b {
            Some(b) => s.push_str(&encode(&[*b])),
            None => s.push_str("??"),
        }
    }
    s
}

/// A number as `0x` and its lowercase hex digits, without leading zeros (`0x0` for zero).
pub fn encode_number(n: u64) -> String {
    let mut s = String::with_capacity(18);
    // Writing to a String cannot fail.
    let _ = write!(s, "{n:#x}");
    s
}

fn digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    }
}

/// Describes a character that is not a lowercase hex digit.
fn bad_digit(s: &str, offset: usize) -> String {
    let c = s
        .get(offset..)
        .and_then(|t| t.chars().next())
        .unwrap_or('?');
    if c.is_ascii_hexdigit() {
        format!("`{c}` at offset {offset}: hex digits must be lowercase")
    } else {
        format!(
            "`{}` at offset {offset} is not a hex digit",
            c.escape_debug()
        )
    }
}

/// Decodes a byte string; `??` is rejected (it is for `expect` only).
pub fn decode_bytes(s: &str) -> Result<Vec<u8>, String> {
    // Fast path for well-formed strings; the slow path below explains what is wrong.
    let bytes = s.as_bytes();
    if bytes.len().is_multiple_of(2) {
        let decoded: Option<Vec<u8>> = bytes
            .chunks_exact(2)
            .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
            .collect();
        if let Some(decoded) = decoded {
            return Ok(decoded);
        }
    }
    decode_pattern(s)?
        .into_iter()
        .enumerate()
        .map(|(i, b)| {
            b.ok_or_else(|| {
                format!("byte {i} is `??`: don't-care bytes are allowed in `expect` only")
            })
        })
        .collect()
}

/// Decodes a byte string in which `??` marks a don't-care byte (`None`).
pub fn decode_pattern(s: &str) -> Result<Vec<Option<u8>>, String> {
    let bytes = s.as_bytes();
    if let Some(offset) = s.find(|c: char| !c.is_ascii()) {
        return Err(bad_digit(s, offset));
    }
    if bytes.len() & 1 == 1 {
        return Err(format!(
            "hex string has odd length {}: each byte is two hex digits",
            bytes.len()
        ));
    }
    let mut out = Vec::with_capacity(bytes.len() / 2);
    for (i, pair) in bytes.chunks_exact(2).enumerate() {
        let offset = 2 * i;
        match (pair[0], pair[1]) {
            (b'?', b'?') => out.push(None),
            (b'?', _) | (_, b'?') => {
                return Err(format!(
                    "byte {i} mixes `?` with a digit: a don't-care byte is written `??`"
                ))
            }
            (hi, lo) => {
                let h = digit(hi).ok_or_else(|| bad_digit(s, offset))?;
                let l = digit(lo).ok_or_else(|| bad_digit(s, offset + 1))?;
                out.push(Some(h << 4 | l));
            }
        }
    }
    Ok(out)
}

/// Decodes a `0x` number that must fit in `bits` bits.
pub fn decode_number(s: &str, bits: u32) -> Result<u64, String> {
    let Some(digits) = s.strip_prefix("0x") else {
        return Err(format!(
            "`{}` is not a hex number: it must start with `0x`",
            s.escape_debug()
        ));
    };
    if digits.is_empty() {
        return Err("`0x` has no digits".to_string());
    }
    if let Some(offset) = s.find(|c: char| !c.is_ascii()) {
        return Err(bad_digit(s, offset));
    }
    let mut value: u64 = 0;
    for (i, c) in digits.bytes().enumerate() {
        let d = digit(c).ok_or_else(|| bad_digit(s, i + 2))?;
        if value >> 60 != 0 {
            return Err(format!("{s} does not fit in {bits} bits"));
        }
        value = value << 4 | u64::from(d);
    }
    if bits < 64 && value >> bits != 0 {
        return Err(format!("{s} does not fit in {bits} bits"));
    }
    Ok(value)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip() {
        let b = [0x00, 0x0a, 0xff, 0x7f];
        assert_eq!(encode(&b), "000aff7f");
        assert_eq!(decode_bytes("000aff7f"), Ok(b.to_vec()));
        assert_eq!(decode_bytes(""), Ok(vec![]));
    }

    #[test]
    fn pattern_round_trip() {
        let p = decode_pattern("??01").unwrap();
        assert_eq!(p, vec![None, Some(1)]);
        assert_eq!(encode_pattern(&p), "??01");
    }

    #[test]
    fn bad_strings() {
        assert!(decode_bytes("abc").unwrap_err().contains("odd length 3"));
        assert!(decode_bytes("AB").unwrap_err().contains("lowercase"));
        assert!(decode_bytes("zz").unwrap_err().contains("not a hex digit"));
        assert!(decode_bytes("??").unwrap_err().contains("expect"));
        assert!(decode_pattern("?0").unwrap_err().contains("`??`"));
        assert!(decode_pattern("é0").unwrap_err().contains("offset 0"));
    }

    #[test]
    fn numbers() {
        assert_eq!(encode_number(0), "0x0");
        assert_eq!(encode_number(0x10000), "0x10000");
        assert_eq!(decode_number("0x00f0", 32), Ok(0xf0));
        assert_eq!(decode_number("0xffffffffffffffff", 64), Ok(u64::MAX));
        assert!(decode_number("0x10000000000000000", 64).is_err());
        assert!(decode_number("0x100000000", 32)
            .unwrap_err()
            .contains("32 bits"));
        assert!(decode_number("16", 32).unwrap_err().contains("0x"));
        assert!(decode_number("0x", 32).is_err());
        assert!(decode_number("0xF", 32).unwrap_err().contains("lowercase"));
        assert!(decode_number("0x1é", 32).unwrap_err().contains("offset 3"));
    }
}
