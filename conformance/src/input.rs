//! Reading untrusted input: JSON with unique keys, lines of bounded length, and echoed text
//! of bounded length. Every reader of vector files, protocol messages and reports goes
//! through these, so their limits hold everywhere (docs/vector-format.md "Limits",
//! docs/protocol.md "Limits").
//!
//! ```
//! use visa_conformance::input::{parse_json, JsonError};
//!
//! assert!(parse_json(br#"{"a":{"b":1}}"#).is_ok());
//! let Err(JsonError::Duplicate { path, .. }) = parse_json(br#"{"a":{"b":1,"b":2}}"#) else {
//!     panic!("a duplicate key is an error");
//! };
//! assert_eq!(path, "a.b");
//! ```

use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;
use std::io::{self, BufRead, Read};

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Number, Value};

/// The longest line a vector file, `exec` input or `fmt` input may hold, in bytes (16 MiB;
/// the longest golden vector line is about 33 KB).
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// The most characters of one piece of input text (a token, a key, a name) echoed in a
/// message; the rest is replaced by `...` and the length.
pub const MAX_ECHO_CHARS: usize = 120;

/// Why a JSON text was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonError {
    /// Not one well-formed JSON value: serde_json's message, with its line and column.
    Syntax {
        message: String,
        line: usize,
        column: usize,
    },
    /// A key appears twice in one object: the key path of the second (`init.vars.V1`,
    /// `mem[0].space`), at the line and column where it ends.
    Duplicate {
        path: String,
        line: usize,
        column: usize,
    },
}

impl JsonError {
    /// Where the error is (line, column) and what it is without the position: `duplicate
    /// key `PATH` (...)` or `not JSON: MESSAGE`, for a `FILE:LINE:COL: ...` message.
    pub fn located(&self) -> (usize, usize, String) {
        match self {
            JsonError::Duplicate { path, line, column } => (
                *line,
                *column,
                format!("duplicate key `{path}` (a key appears once per object)"),
            ),
            JsonError::Syntax {
                message,
                line,
                column,
            } => {
                let at = format!(" at line {line} column {column}");
                let message = message.strip_suffix(&at).unwrap_or(message);
                (*line, *column, format!("not JSON: {message}"))
            }
        }
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonError::Syntax { message, .. } => f.write_str(message),
            JsonError::Duplicate { path, line, column } => write!(
                f,
                "duplicate key `{path}` at line {line} column {column} (a key appears once per object)"
            ),
        }
    }
}

/// Parses one JSON value, rejecting an object that holds a key twice at any depth
/// (serde_json keeps the last silently: a second `"expect":{}` would erase an expectation).
/// Nesting is limited by serde_json (128 levels).
pub fn parse_json(text: &[u8]) -> Result<Value, JsonError> {
    let duplicate = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_slice(text);
    let result = Unique {
        path: &Path::Root,
        duplicate: &duplicate,
    }
    .deserialize(&mut de)
    .and_then(|v| de.end().map(|()| v));
    result.map_err(|e| match duplicate.into_inner() {
        Some(path) => JsonError::Duplicate {
            path,
            line: e.line(),
            column: e.column(),
        },
        None => JsonError::Syntax {
            message: e.to_string(),
            line: e.line(),
            column: e.column(),
        },
    })
}

/// A JSON value read with [`parse_json`]'s rule, for `#[derive(Deserialize)]` fields and
/// `Deserialize` impls reading from any serde deserializer.
#[derive(Clone, Debug, PartialEq)]
pub struct UniqueValue(pub Value);

impl<'de> Deserialize<'de> for UniqueValue {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<UniqueValue, D::Error> {
        let duplicate = RefCell::new(None);
        Unique {
            path: &Path::Root,
            duplicate: &duplicate,
        }
        .deserialize(d)
        .map(UniqueValue)
    }
}

/// Where a value sits in the document, as a list linked through the stack (nothing is
/// allocated until a duplicate is found).
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root => Ok(()),
            Path::Key(Path::Root, key) => f.write_str(&clip(key)),
            Path::Key(parent, key) => write!(f, "{parent}.{}", clip(key)),
            Path::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// Builds a [`Value`] like serde_json's own visitor, but fails on a repeated key.
#[derive(Clone, Copy)]
struct Unique<'a> {
    path: &'a Path<'a>,
    /// Set to the key path when the error is a duplicate key.
    duplicate: &'a RefCell<Option<String>>,
}

impl<'de> DeserializeSeed<'de> for Unique<'_> {
    type Value = Value;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Unique<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        loop {
            let path = Path::Index(self.path, items.len());
            let seed = Unique {
                path: &path,
                ..self
            };
            match seq.next_element_seed(seed)? {
                Some(v) => items.push(v),
                None => return Ok(Value::Array(items)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut m = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = Path::Key(self.path, &key);
            if m.contains_key(&key) {
                let shown = path.to_string();
                let message = format!("duplicate key `{shown}`");
                *self.duplicate.borrow_mut() = Some(shown);
                return Err(de::Error::custom(message));
            }
            let value = map.next_value_seed(Unique {
                path: &path,
                ..self
            })?;
            m.insert(key, value);
        }
        Ok(Value::Object(m))
    }
}

/// Whether a character must not reach a terminal or a report as it is: control characters
/// (C0, DEL, C1: escape sequences start with ESC or the C1 CSI), bidirectional formatting
/// characters (they reorder what is shown) and noncharacters (not allowed in XML).
fn unsafe_char(c: char) -> bool {
    let n = u32::from(c);
    c.is_control()
        || matches!(n, 0x061c | 0x200e | 0x200f | 0x202a..=0x202e | 0x2066..=0x2069)
        || (0xfdd0..=0xfdef).contains(&n)
        || n & 0xfffe == 0xfffe
}

/// `text` with every character that is not safe to print written as a `\u{..}` escape.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Outside text as a message repeats it: unsafe characters escaped ([`escape_controls`]) and
/// cut after `max` characters, with `...` and the full length in bytes when it is cut. Every
/// echo of input (vector files, requests, an implementation's output) goes through it.
pub fn cut(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => escape_controls(text),
        Some((end, _)) => Cow::Owned(format!(
            "{}... ({} bytes)",
            escape_controls(&text[..end]),
            text.len()
        )),
    }
}

/// `text` cut to [`MAX_ECHO_CHARS`] characters for a message ([`cut`]).
pub fn clip(text: &str) -> Cow<'_, str> {
    cut(text, MAX_ECHO_CHARS)
}

/// `message` with every run of more than [`MAX_ECHO_CHARS`] characters between quotes and
/// spaces cut: a safety net for messages built from input by code that does not clip
/// (a parser's error naming a 100 MB token). A message of at most 4 × [`MAX_ECHO_CHARS`]
/// characters is returned as it is.
pub fn clip_message(message: &str) -> Cow<'_, str> {
    if message.len() <= 4 * MAX_ECHO_CHARS {
        return Cow::Borrowed(message);
    }
    let mut out = String::with_capacity(8 * MAX_ECHO_CHARS);
    let mut rest = message;
    while !rest.is_empty() {
        let end = rest.find([' ', '`', '\n']).unwrap_or(rest.len());
        out.push_str(&clip(&rest[..end]));
        let sep = rest[end..].chars().next().map_or(0, char::len_utf8);
        out.push_str(&rest[end..end + sep]);
        rest = &rest[end + sep..];
    }
    Cow::Owned(out)
}

/// Where the first byte of a text that is not UTF-8 sits: its 1-based line, its 1-based
/// column in characters (as the assembly parser counts them) and the byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotUtf8 {
    pub line: usize,
    pub column: usize,
    pub byte: u8,
}

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: not UTF-8 text (the byte {:#04x})",
            self.line, self.column, self.byte
        )
    }
}

/// `data` as text, or where its first byte that is not UTF-8 is.
///
/// ```
/// use visa_conformance::input::{utf8_text, NotUtf8};
///
/// let e = utf8_text(b"a\nbc\n\xc3\xa9 \xe9\n".to_vec()).unwrap_err();
/// assert_eq!(e, NotUtf8 { line: 3, column: 3, byte: 0xe9 });
/// ```
pub fn utf8_text(data: Vec<u8>) -> Result<String, NotUtf8> {
    String::from_utf8(data).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = &bytes[..valid];
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |k| k + 1);
        let column = std::str::from_utf8(&before[start..]).map_or(0, |t| t.chars().count()) + 1;
        NotUtf8 {
            line: before.iter().filter(|&&b| b == b'\n').count() + 1,
            column,
            byte: bytes.get(valid).copied().unwrap_or(0),
        }
    })
}

/// How many bytes at the start of a file [`looks_binary`] samples.
const BINARY_SAMPLE_BYTES: usize = 4096;

/// Why `data` looks like a binary file rather than text, if it does: it holds a NUL byte
/// (no text format the tools read has one), or more than a tenth of its first 4,096 bytes,
/// and at least 16, are control characters other than white space or bytes that are not
/// UTF-8 (a text with a stray Latin-1 byte is text, whose reader names that byte's place).
///
/// ```
/// use visa_conformance::input::looks_binary;
///
/// assert_eq!(looks_binary(b"mov (M1, 1) V1(0,0)<1> 0x1:d\n"), None);
/// assert_eq!(looks_binary(b"\x7fELF\x02\x01\x01\x00").as_deref(), Some("a NUL byte at offset 7"));
/// assert!(looks_binary(&[0xff; 64]).is_some());
/// ```
pub fn looks_binary(data: &[u8]) -> Option<String> {
    if let Some(k) = data.iter().position(|&b| b == 0) {
        return Some(format!("a NUL byte at offset {k}"));
    }
    let sample = &data[..data.len().min(BINARY_SAMPLE_BYTES)];
    let mut odd = 0usize;
    for chunk in sample.utf8_chunks() {
        odd += chunk
            .valid()
            .chars()
            .filter(|&c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c'))
            .count();
        odd += chunk.invalid().len();
    }
    (odd >= 16 && odd * 10 > sample.len())
        .then(|| format!("{odd} of its first {} bytes are not text", sample.len()))
}

/// One line of [`BoundedLines`].
#[derive(Debug)]
pub enum Line {
    /// The bytes of the line, without its `\n` (nor a `\r` before it).
    Text(Vec<u8>),
    /// The line is longer than the limit; nothing after it is read.
    TooLong,
}

/// The lines of a reader, each at most `limit` bytes: a longer line is [`Line::TooLong`] and
/// ends the reading (so memory stays bounded, even on an endless line such as `/dev/zero`).
#[derive(Debug)]
pub struct BoundedLines<R> {
    reader: R,
    limit: usize,
    done: bool,
}

impl<R: BufRead> BoundedLines<R> {
    pub fn new(reader: R, limit: usize) -> BoundedLines<R> {
        BoundedLines {
            reader,
            limit,
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for BoundedLines<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<io::Result<Line>> {
        if self.done {
            return None;
        }
        let mut line = Vec::new();
        // One byte past the limit tells a line of exactly `limit` bytes from a longer one.
        let cap = self.limit as u64 + 2;
        match (&mut self.reader).take(cap).read_until(b'\n', &mut line) {
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
            Ok(0) => {
                self.done = true;
                None
            }
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                }
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                if line.len() > self.limit {
                    self.done = true;
                    return Some(Ok(Line::TooLong));
                }
                Some(Ok(Line::Text(line)))
            }
        }
    }
}

/// Reads at most `limit` bytes of `reader`; `Ok(None)` when it holds more.
pub fn read_bounded(reader: impl Read, limit: usize) -> io::Result<Option<Vec<u8>>> {
    let mut data = Vec::new();
    reader.take(limit as u64 + 1).read_to_end(&mut data)?;
    Ok((data.len() <= limit).then_some(data))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn dup(text: &str) -> Option<String> {
        match parse_json(text.as_bytes()) {
            Err(JsonError::Duplicate { path, .. }) => Some(path),
            _ => None,
        }
    }

    #[test]
    fn duplicates_at_any_depth_name_their_path() {
        assert_eq!(dup(r#"{"a":1,"a":2}"#).as_deref(), Some("a"));
        assert_eq!(
            dup(r#"{"x":[{},{"k":1,"k":1}]}"#).as_deref(),
            Some("x[1].k")
        );
        assert_eq!(
            dup(r#"[[{"a":{"b":0,"b":0}}]]"#).as_deref(),
            Some("[0][0].a.b")
        );
        assert_eq!(dup(r#"{"a":{"b":1},"b":{"a":1}}"#), None);
        // The same text unescaped: "\u0061" is "a".
        assert_eq!(dup(r#"{"a":1,"\u0061":2}"#).as_deref(), Some("a"));
    }

    #[test]
    fn values_equal_serde_json() {
        let text = r#"{"n":[1,-2,3.5,1e300,18446744073709551615],"s":"\u00e9","b":true,"z":null}"#;
        let ours = parse_json(text.as_bytes()).unwrap();
        let theirs: Value = serde_json::from_str(text).unwrap();
        assert_eq!(ours, theirs);
        assert!(matches!(
            parse_json(b"{} x"),
            Err(JsonError::Syntax { column: 4, .. })
        ));
        assert!(matches!(parse_json(b"{"), Err(JsonError::Syntax { .. })));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = "[".repeat(100_000);
        assert!(matches!(
            parse_json(text.as_bytes()),
            Err(JsonError::Syntax { .. })
        ));
    }

    #[test]
    fn clip_bounds_echoed_text() {
        assert_eq!(clip("short"), "short");
        let long = "é".repeat(1000);
        let c = clip(&long);
        assert!(c.starts_with(&"é".repeat(MAX_ECHO_CHARS)));
        assert!(c.ends_with("... (2000 bytes)"));
        let message = format!("unknown variable `{}` in line 3", "v".repeat(1 << 20));
        let m = clip_message(&message);
        assert!(m.len() < 300, "{}", m.len());
        assert!(m.starts_with("unknown variable `vvv") && m.ends_with("` in line 3"));
    }

    #[test]
    fn bounded_lines_stop_at_an_over_long_line() {
        let data = b"ab\r\n\ncdef\nghijkl\nmn\n";
        let lines: Vec<_> = BoundedLines::new(&data[..], 4)
            .map(|l| match l.unwrap() {
                Line::Text(t) => String::from_utf8(t).unwrap(),
                Line::TooLong => "<too long>".to_string(),
            })
            .collect();
        assert_eq!(lines, ["ab", "", "cdef", "<too long>"]);
        let endless = io::repeat(0).take(1 << 30);
        let mut lines = BoundedLines::new(io::BufReader::new(endless), 1000);
        assert!(matches!(lines.next(), Some(Ok(Line::TooLong))));
        assert!(lines.next().is_none());
        assert_eq!(
            read_bounded(&b"abc"[..], 3).unwrap().as_deref(),
            Some(&b"abc"[..])
        );
        assert_eq!(read_bounded(&b"abcd"[..], 3).unwrap(), None);
    }
}
