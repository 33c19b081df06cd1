//! Reading a case from a JSON value, key by key, so that every error names its field.
//!
//! Objects are closed: a key the format does not define is an error (a typo must not silently
//! drop an expectation), except top-level keys starting with `x-`, which are extensions.

use std::collections::BTreeMap;

use serde_json::{Map, Value};
use visa_model::errata::{lookup, Reading};
use visa_model::error::ErrorClass;
use visa_model::platform::Platform;
use visa_model::state::{
    AddressMode, Filter, SamplerState, Surface, SurfaceFormat, SurfaceHeap, ARG, FLAT, SLM,
};

use crate::input::{clip, clip_message, parse_json, JsonError, UniqueValue};

use super::case::{
    Allowed, Case, Discriminating, Expect, ExpectState, FieldError, Init, Interval, MemExpect,
    MemRegion, NanFree, NanType, Pattern, Within, FORMAT,
};
use super::hex;

type Result<T> = std::result::Result<T, FieldError>;

/// An error at `field`; text of the line the message quotes is cut to a bounded length.
fn err(field: &str, message: impl Into<String>) -> FieldError {
    let message = message.into();
    FieldError {
        field: (!field.is_empty()).then(|| field.to_string()),
        message: clip_message(&message).into_owned(),
    }
}

/// `parent.key`, or `key` at the top (a long key cut to a bounded length).
fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        clip(key).into_owned()
    } else {
        format!("{parent}.{}", clip(key))
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn object<'a>(v: &'a Value, field: &str) -> Result<&'a Map<String, Value>> {
    v.as_object()
        .ok_or_else(|| err(field, format!("expected an object, found {}", kind(v))))
}

fn array<'a>(v: &'a Value, field: &str) -> Result<&'a Vec<Value>> {
    v.as_array()
        .ok_or_else(|| err(field, format!("expected an array, found {}", kind(v))))
}

fn string<'a>(v: &'a Value, field: &str) -> Result<&'a str> {
    v.as_str()
        .ok_or_else(|| err(field, format!("expected a string, found {}", kind(v))))
}

fn u32_number(v: &Value, field: &str) -> Result<u32> {
    v.as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            err(
                field,
                format!("expected an integer in 0..=4294967295, found {v}"),
            )
        })
}

fn hex_number(v: &Value, field: &str, bits: u32) -> Result<u64> {
    hex::decode_number(string(v, field)?, bits).map_err(|m| err(field, m))
}

fn hex_u32(v: &Value, field: &str) -> Result<u32> {
    // decode_number checks the width, so the conversion cannot fail.
    hex_number(v, field, 32).map(|n| n as u32)
}

fn bytes(v: &Value, field: &str) -> Result<Vec<u8>> {
    hex::decode_bytes(string(v, field)?).map_err(|m| err(field, m))
}

/// Rejects keys outside `known`; top-level `x-` keys are allowed when `extensions` is set.
fn closed(m: &Map<String, Value>, field: &str, known: &[&str], extensions: bool) -> Result<()> {
    for key in m.keys() {
        if known.contains(&key.as_str()) || (extensions && key.starts_with("x-")) {
            continue;
        }
        let mut message = format!("unknown key `{key}` (known: {})", known.join(", "));
        if extensions {
            message.push_str("; extensions start with `x-`");
        }
        return Err(err(&join(field, key), message));
    }
    Ok(())
}

fn required<'a>(m: &'a Map<String, Value>, parent: &str, key: &str) -> Result<&'a Value> {
    m.get(key)
        .ok_or_else(|| err(&join(parent, key), "missing required key"))
}

/// A present, non-null optional key.
fn optional<'a>(m: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    m.get(key).filter(|v| !v.is_null())
}

const TOP: &[&str] = &[
    "format",
    "id",
    "tags",
    "platform",
    "errata",
    "profile",
    "program",
    "launch",
    "init",
    "expect",
    "discriminates",
];

pub(super) fn case(v: &Value) -> Result<Case> {
    let m = object(v, "")?;
    let format = string(required(m, "", "format")?, "format")?;
    if format != FORMAT {
        return Err(err(
            "format",
            format!("`{format}` is not a supported format (this reader reads `{FORMAT}`)"),
        ));
    }
    closed(m, "", TOP, true)?;
    let id = string(required(m, "", "id")?, "id")?;
    if id.trim().is_empty() {
        return Err(err("id", "the id is empty"));
    }
    if let Some((at, c)) = id.char_indices().find(|(_, c)| !id_char(*c)) {
        return Err(err(
            "id",
            format!(
                "character {} at byte {at} is not allowed in an id (no control characters, no characters XML 1.0 excludes)",
                c.escape_unicode()
            ),
        ));
    }
    let tags = match optional(m, "tags") {
        None => Vec::new(),
        Some(t) => array(t, "tags")?
            .iter()
            .enumerate()
            .map(|(i, t)| string(t, &format!("tags[{i}]")).map(str::to_string))
            .collect::<Result<_>>()?,
    };
    let name = string(required(m, "", "platform")?, "platform")?;
    let platform: Platform = name.parse().map_err(|e| err("platform", format!("{e}")))?;
    let errata = match optional(m, "errata") {
        None => BTreeMap::new(),
        Some(e) => errata(e)?,
    };
    let profile = match optional(m, "profile") {
        None => None,
        Some(p) => Some(string(p, "profile")?.to_string()),
    };
    let program = string(required(m, "", "program")?, "program")?.to_string();
    let launch = match optional(m, "launch") {
        None => None,
        Some(l) => Some(super::launch::read(l).map_err(|(field, message)| err(&field, message))?),
    };
    let init = match optional(m, "init") {
        None => Init::default(),
        Some(_) if launch.is_some() => {
            return Err(err(
                "init",
                "a launch case starts from its arguments and payload: it has no init",
            ))
        }
        Some(i) => init(i)?,
    };
    let expect = match optional(m, "expect") {
        None => None,
        Some(e) => Some(expect(e, "expect", launch.as_ref())?),
    };
    let discriminates = match optional(m, "discriminates") {
        None => None,
        Some(d) => Some(discriminates(d, &errata)?),
    };
    // The one extension the format documents: a catalog case's derivation, a string.
    if let Some(d) = optional(m, "x-derivation") {
        string(d, "x-derivation")?;
    }
    let extensions = m
        .iter()
        .filter(|(k, _)| k.starts_with("x-"))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    Ok(Case {
        id: id.to_string(),
        tags,
        platform,
        errata,
        profile,
        program,
        launch,
        init,
        expect,
        discriminates,
        extensions,
    })
}

/// Whether an id may hold `c`: ids name JUnit test cases and files, so no control
/// characters and nothing XML 1.0 excludes (its `Char` production: U+FFFE and U+FFFF).
fn id_char(c: char) -> bool {
    !c.is_control() && !matches!(c, '\u{fffe}' | '\u{ffff}')
}

fn errata(v: &Value) -> Result<BTreeMap<String, Reading>> {
    let mut out = BTreeMap::new();
    for (id, r) in object(v, "errata")? {
        let field = join("errata", id);
        let Some(erratum) = lookup(id) else {
            return Err(err(
                &field,
                format!("unknown erratum `{id}` (see docs/errata.md)"),
            ));
        };
        let text = string(r, &field)?;
        let Some(reading) = Reading::parse(text) else {
            return Err(err(
                &field,
                format!("`{text}` is not a reading (literal or resolved)"),
            ));
        };
        if reading == Reading::Literal && !erratum.executable {
            return Err(err(
                &field,
                format!("erratum `{id}` has no executable literal reading"),
            ));
        }
        out.insert(id.clone(), reading);
    }
    Ok(out)
}

const INIT: &[&str] = &[
    "vars", "preds", "mem", "surfaces", "samplers", "cr0", "emask", "partner",
];

fn init(v: &Value) -> Result<Init> {
    let m = object(v, "init")?;
    closed(m, "init", INIT, false)?;
    let mut init = Init::default();
    if let Some(vars) = optional(m, "vars") {
        for (name, b) in object(vars, "init.vars")? {
            init.vars
                .insert(name.clone(), bytes(b, &join("init.vars", name))?);
        }
    }
    if let Some(preds) = optional(m, "preds") {
        init.preds = pred_masks(preds, "init.preds")?;
    }
    if let Some(mem) = optional(m, "mem") {
        for (i, r) in array(mem, "init.mem")?.iter().enumerate() {
            let field = format!("init.mem[{i}]");
            let (space, addr, b) = region(r, &field)?;
            let data = bytes(b, &join(&field, "bytes"))?;
            check_span(addr, data.len(), &field)?;
            init.mem.push(MemRegion {
                space,
                addr,
                bytes: data,
            });
        }
    }
    if let Some(surfaces) = optional(m, "surfaces") {
        let mut entries = BTreeMap::new();
        for (i, s) in array(surfaces, "init.surfaces")?.iter().enumerate() {
            let field = format!("init.surfaces[{i}]");
            let s = surface(s, &field)?;
            if let Some(first) = entries.insert((s.heap.name(), s.bti), i) {
                return Err(err(
                    &join(&field, "bti"),
                    format!(
                        "surface {} of table {} is already init.surfaces[{first}]",
                        s.bti,
                        s.heap.name()
                    ),
                ));
            }
            init.surfaces.push(s);
        }
    }
    if let Some(samplers) = optional(m, "samplers") {
        let mut entries = BTreeMap::new();
        for (i, s) in array(samplers, "init.samplers")?.iter().enumerate() {
            let field = format!("init.samplers[{i}]");
            let s = sampler(s, &field)?;
            if let Some(first) = entries.insert(s.index, i) {
                return Err(err(
                    &join(&field, "index"),
                    format!(
                        "sampler state {} is already init.samplers[{first}]",
                        s.index
                    ),
                ));
            }
            init.samplers.push(s);
        }
    }
    if let Some(cr0) = optional(m, "cr0") {
        init.cr0 = Some(hex_u32(cr0, "init.cr0")?);
    }
    if let Some(emask) = optional(m, "emask") {
        init.emask = Some(hex_u32(emask, "init.emask")?);
    }
    if let Some(partner) = optional(m, "partner") {
        for (name, b) in object(partner, "init.partner")? {
            init.partner
                .insert(name.clone(), bytes(b, &join("init.partner", name))?);
        }
    }
    Ok(init)
}

fn pred_masks(v: &Value, field: &str) -> Result<BTreeMap<String, u32>> {
    object(v, field)?
        .iter()
        .map(|(name, mask)| Ok((name.clone(), hex_u32(mask, &join(field, name))?)))
        .collect()
}

/// The `space` and `addr` of a memory entry, and its `bytes` value (checked by the caller).
fn region<'a>(v: &'a Value, field: &str) -> Result<(String, u64, &'a Value)> {
    let m = object(v, field)?;
    closed(m, field, &["space", "addr", "bytes"], false)?;
    let space = string(required(m, field, "space")?, &join(field, "space"))?;
    if ![FLAT, SLM, ARG].contains(&space) {
        return Err(err(
            &join(field, "space"),
            format!("unknown memory space `{space}` (known: {FLAT}, {SLM}, {ARG})"),
        ));
    }
    let addr = hex_number(required(m, field, "addr")?, &join(field, "addr"), 64)?;
    Ok((space.to_string(), addr, required(m, field, "bytes")?))
}

/// A region must not wrap around the end of the 64-bit address space.
fn check_span(addr: u64, len: usize, field: &str) -> Result<()> {
    if len > 0 && addr.checked_add(len as u64 - 1).is_none() {
        return Err(err(
            field,
            "the region wraps around the end of the 64-bit address space",
        ));
    }
    Ok(())
}

fn surface(v: &Value, field: &str) -> Result<Surface> {
    let m = object(v, field)?;
    closed(
        m,
        field,
        &[
            "heap",
            "bti",
            "base",
            "size",
            "width",
            "height",
            "pitch",
            "depth",
            "pixel_size",
            "aux",
            "format",
        ],
        false,
    )?;
    let heap = match optional(m, "heap") {
        None => SurfaceHeap::BindingTable,
        Some(h) => {
            let name = string(h, &join(field, "heap"))?;
            SurfaceHeap::from_name(name).ok_or_else(|| {
                err(
                    &join(field, "heap"),
                    format!("unknown surface table `{name}`; expected bt, bss or ss"),
                )
            })?
        }
    };
    let number = |key: &str| -> Result<u32> {
        optional(m, key).map_or(Ok(0), |n| u32_number(n, &join(field, key)))
    };
    let pixel_size = number("pixel_size")?;
    let format = match optional(m, "format") {
        None => None,
        Some(f) => {
            let name = string(f, &join(field, "format"))?;
            let format = SurfaceFormat::from_name(name).ok_or_else(|| {
                err(
                    &join(field, "format"),
                    format!("unknown surface format `{name}`; expected a SURFACE_FORMAT name such as R8G8B8A8_UNORM"),
                )
            })?;
            // The format fixes the pixel: its size is the surface's pixel_size.
            if pixel_size != format.pixel_bytes() {
                return Err(err(
                    &join(field, "pixel_size"),
                    format!(
                        "a {name} pixel is {} bytes, not {pixel_size}",
                        format.pixel_bytes()
                    ),
                ));
            }
            Some(format)
        }
    };
    Ok(Surface {
        heap,
        bti: u32_number(required(m, field, "bti")?, &join(field, "bti"))?,
        base: hex_number(required(m, field, "base")?, &join(field, "base"), 64)?,
        size: hex_number(required(m, field, "size")?, &join(field, "size"), 64)?,
        width: number("width")?,
        height: number("height")?,
        pitch: number("pitch")?,
        depth: number("depth")?,
        pixel_size,
        aux: match optional(m, "aux") {
            None => 0,
            Some(a) => hex_number(a, &join(field, "aux"), 64)?,
        },
        format,
    })
}

/// A sampler state of `init.samplers`: `index`, `filter`, `address` (one mode, or one per
/// axis U, V, R), `normalized` and `border` (four hex register values, R first).
fn sampler(v: &Value, field: &str) -> Result<SamplerState> {
    let m = object(v, field)?;
    closed(
        m,
        field,
        &["index", "filter", "address", "normalized", "border"],
        false,
    )?;
    let mut s = SamplerState {
        index: u32_number(required(m, field, "index")?, &join(field, "index"))?,
        ..SamplerState::default()
    };
    if let Some(f) = optional(m, "filter") {
        let f_field = join(field, "filter");
        let name = string(f, &f_field)?;
        s.filter = Filter::from_name(name).ok_or_else(|| {
            err(
                &f_field,
                format!("unknown filter `{name}`; expected nearest or linear"),
            )
        })?;
    }
    if let Some(a) = optional(m, "address") {
        let a_field = join(field, "address");
        let mode = |v: &Value, at: &str| -> Result<AddressMode> {
            let name = string(v, at)?;
            AddressMode::from_name(name).ok_or_else(|| {
                err(
                    at,
                    format!("unknown address mode `{name}`; expected none, clamp_to_edge, clamp, repeat or mirrored_repeat"),
                )
            })
        };
        s.address = match a {
            Value::Array(modes) => {
                let [u, v, r] = modes.as_slice() else {
                    return Err(err(&a_field, "expected one mode per axis: [U, V, R]"));
                };
                [
                    mode(u, &format!("{a_field}[0]"))?,
                    mode(v, &format!("{a_field}[1]"))?,
                    mode(r, &format!("{a_field}[2]"))?,
                ]
            }
            one => [mode(one, &a_field)?; 3],
        };
    }
    if let Some(n) = optional(m, "normalized") {
        s.normalized = n.as_bool().ok_or_else(|| {
            err(
                &join(field, "normalized"),
                format!("expected a boolean, found {}", kind(n)),
            )
        })?;
    }
    if let Some(b) = optional(m, "border") {
        let b_field = join(field, "border");
        let values = array(b, &b_field)?;
        if values.len() != 4 {
            return Err(err(&b_field, "expected four values: [R, G, B, A]"));
        }
        for (k, v) in values.iter().enumerate() {
            s.border[k] = hex_u32(v, &format!("{b_field}[{k}]"))?;
        }
    }
    if let Some(why) = s.invalid() {
        return Err(err(&join(field, "address"), why));
    }
    Ok(s)
}

/// An expectation at `field` (`expect`, or the `other` of a `discriminates` entry).
fn expect(v: &Value, field: &str, launch: Option<&super::launch::Launch>) -> Result<Expect> {
    let m = object(v, field)?;
    closed(
        m,
        field,
        &["vars", "preds", "mem", "buffers", "error"],
        false,
    )?;
    // `error`, when present, must be a class (null is not "no error": that is an empty object).
    if let Some(e) = m.get("error") {
        if let Some(other) = ["vars", "preds", "mem", "buffers"]
            .into_iter()
            .find(|k| m.contains_key(*k))
        {
            return Err(err(
                &join(field, other),
                "an expected error excludes expected state (vars, preds, mem, buffers)",
            ));
        }
        let error_field = join(field, "error");
        let text = string(e, &error_field)?;
        let class = ErrorClass::parse(text).ok_or_else(|| {
            let known: Vec<_> = ErrorClass::ALL.iter().map(|c| c.as_str()).collect();
            err(
                &error_field,
                format!("unknown error class `{text}` (known: {})", known.join(", ")),
            )
        })?;
        return Ok(Expect::Error(class));
    }
    // A launch case observes its buffers; a one-thread case its variables and memory.
    let (allowed_keys, refused): (&[&str], &str) = match launch {
        Some(_) => (
            &["buffers"],
            "a launch case expects its buffers (or an error)",
        ),
        None => (
            &["vars", "preds", "mem"],
            "buffers are a launch case's: this case has no `launch`",
        ),
    };
    if let Some(k) = ["vars", "preds", "mem", "buffers"]
        .into_iter()
        .find(|k| m.contains_key(*k) && !allowed_keys.contains(k))
    {
        return Err(err(&join(field, k), refused));
    }
    let mut state = ExpectState::default();
    if let Some(vars) = optional(m, "vars") {
        let vars_field = join(field, "vars");
        for (name, a) in object(vars, &vars_field)? {
            state
                .vars
                .insert(name.clone(), allowed(a, &join(&vars_field, name))?);
        }
    }
    if let Some(preds) = optional(m, "preds") {
        state.preds = pred_masks(preds, &join(field, "preds"))?;
    }
    if let Some(mem) = optional(m, "mem") {
        let mem_field = join(field, "mem");
        for (i, r) in array(mem, &mem_field)?.iter().enumerate() {
            let field = format!("{mem_field}[{i}]");
            let (space, addr, b) = region(r, &field)?;
            let bytes = allowed(b, &join(&field, "bytes"))?;
            check_span(addr, bytes.len(), &field)?;
            state.mem.push(MemExpect { space, addr, bytes });
        }
    }
    if let (Some(buffers), Some(launch)) = (optional(m, "buffers"), launch) {
        let buffers_field = join(field, "buffers");
        let known = launch.buffer_args();
        for (key, a) in object(buffers, &buffers_field)? {
            let f = join(&buffers_field, key);
            let index = key
                .parse::<usize>()
                .ok()
                .filter(|i| *key == i.to_string() && known.contains(i))
                .ok_or_else(|| {
                    let list: Vec<String> = known.iter().map(usize::to_string).collect();
                    err(
                        &f,
                        format!(
                            "not the index of a global buffer argument (they are: {})",
                            if list.is_empty() {
                                "none".to_string()
                            } else {
                                list.join(", ")
                            }
                        ),
                    )
                })?;
            state.buffers.insert(index, allowed(a, &f)?);
        }
    }
    Ok(Expect::State(state))
}

/// `discriminates`: `[{"erratum": ID, "stated": READING, "other": EXPECT}, ...]`, the errata
/// in ascending id order, each executable, stated at the reading the case's `errata` gives it.
fn discriminates(v: &Value, errata: &BTreeMap<String, Reading>) -> Result<Vec<Discriminating>> {
    let list = array(v, "discriminates")?;
    let mut out: Vec<Discriminating> = Vec::with_capacity(list.len());
    for (i, d) in list.iter().enumerate() {
        let field = format!("discriminates[{i}]");
        let m = object(d, &field)?;
        closed(m, &field, &["erratum", "stated", "other"], false)?;
        let id_field = join(&field, "erratum");
        let id = string(required(m, &field, "erratum")?, &id_field)?;
        let Some(erratum) = lookup(id) else {
            return Err(err(
                &id_field,
                format!("unknown erratum `{id}` (see docs/errata.md)"),
            ));
        };
        if !erratum.executable {
            return Err(err(
                &id_field,
                format!(
                    "erratum `{id}` has no executable literal reading: no case discriminates it"
                ),
            ));
        }
        if out.last().is_some_and(|last| last.id >= erratum.id) {
            return Err(err(
                &id_field,
                "errata must be in ascending id order, without repeats",
            ));
        }
        let stated_field = join(&field, "stated");
        let text = string(required(m, &field, "stated")?, &stated_field)?;
        let Some(stated) = Reading::parse(text) else {
            return Err(err(
                &stated_field,
                format!("`{text}` is not a reading (literal or resolved)"),
            ));
        };
        let in_force = errata.get(id).copied().unwrap_or(Reading::Resolved);
        if stated != in_force {
            return Err(err(
                &stated_field,
                format!(
                    "the case reads `{id}` {}, not {}",
                    in_force.as_str(),
                    stated.as_str()
                ),
            ));
        }
        let other_field = join(&field, "other");
        let other = expect(required(m, &field, "other")?, &other_field, None)?;
        out.push(Discriminating {
            id: erratum.id,
            stated,
            other,
        });
    }
    Ok(out)
}

fn pattern(v: &Value, field: &str) -> Result<Pattern> {
    hex::decode_pattern(string(v, field)?)
        .map(Pattern)
        .map_err(|m| err(field, m))
}

/// An allowed set: a pattern string, or `{"any_of": [patterns of one length]}`.
fn allowed(v: &Value, field: &str) -> Result<Allowed> {
    if v.is_string() {
        return pattern(v, field).map(Allowed::Bytes);
    }
    let Some(m) = v.as_object() else {
        return Err(err(
            field,
            format!(
                "expected a hex string or an allowed set object, found {}",
                kind(v)
            ),
        ));
    };
    closed(m, field, &["any_of", "any_nan", "within"], false)?;
    let list_field = join(field, "any_of");
    let list = array(required(m, field, "any_of")?, &list_field)?;
    if list.is_empty() {
        return Err(err(
            &list_field,
            "an any_of set needs at least one alternative",
        ));
    }
    let mut patterns = Vec::with_capacity(list.len());
    for (i, p) in list.iter().enumerate() {
        let f = format!("{list_field}[{i}]");
        let p = pattern(p, &f)?;
        if let Some(first) = patterns.first().map(Pattern::len) {
            if p.len() != first {
                return Err(err(
                    &f,
                    format!("alternative has {} bytes, the first has {first}", p.len()),
                ));
            }
        }
        patterns.push(p);
    }
    let base = any_nan(m, field, patterns)?;
    match m.get("within") {
        None | Some(Value::Null) => Ok(base),
        Some(v) => {
            let within = within(v, &join(field, "within"), base.len())?;
            Ok(Allowed::Within {
                base: Box::new(base),
                within,
            })
        }
    }
}

/// `within`: `{"type": T, "elements": [{"at": K, "lo": "0x..", "hi": "0x.."}, ...]}` over
/// values of `len` bytes.
fn within(v: &Value, field: &str, len: usize) -> Result<Within> {
    let w = object(v, field)?;
    closed(w, field, &["type", "elements"], false)?;
    let type_field = join(field, "type");
    let ty = string(required(w, field, "type")?, &type_field)?;
    let Some(ty) = NanType::parse(ty) else {
        return Err(err(
            &type_field,
            format!("`{ty}` is not a float type (df, f, hf, bf)"),
        ));
    };
    if !len.is_multiple_of(ty.size()) {
        return Err(err(
            &type_field,
            format!(
                "the alternatives have {len} bytes, not a whole number of {} elements",
                ty.text()
            ),
        ));
    }
    let list_field = join(field, "elements");
    let list = array(required(w, field, "elements")?, &list_field)?;
    let bits = 8 * ty.size() as u32;
    let mut elements: Vec<Interval> = Vec::with_capacity(list.len());
    for (i, e) in list.iter().enumerate() {
        let f = format!("{list_field}[{i}]");
        let e = object(e, &f)?;
        closed(e, &f, &["at", "lo", "hi"], false)?;
        let at_field = join(&f, "at");
        let at = required(e, &f, "at")?;
        let at = at.as_u64().ok_or_else(|| {
            err(
                &at_field,
                format!("expected an element index, found {}", kind(at)),
            )
        })? as usize;
        if at >= len / ty.size() {
            return Err(err(
                &at_field,
                format!(
                    "element {at} is past the {} {} elements",
                    len / ty.size(),
                    ty.text()
                ),
            ));
        }
        if elements.last().is_some_and(|last| at <= last.at) {
            return Err(err(
                &at_field,
                "elements must be ascending, without repeats",
            ));
        }
        let lo = hex_number(required(e, &f, "lo")?, &join(&f, "lo"), bits)?;
        let hi = hex_number(required(e, &f, "hi")?, &join(&f, "hi"), bits)?;
        let (Some(l), Some(h)) = (ty.value(lo), ty.value(hi)) else {
            return Err(err(&f, "an interval's bounds are numbers, not NaNs"));
        };
        if l > h {
            return Err(err(&f, "the interval's `lo` is above its `hi`"));
        }
        elements.push(Interval { at, lo, hi });
    }
    Ok(Within { ty, elements })
}

/// The `any_nan` part of an allowed set over `patterns`, or the plain `any_of` set.
fn any_nan(m: &Map<String, Value>, field: &str, patterns: Vec<Pattern>) -> Result<Allowed> {
    let nan_field = join(field, "any_nan");
    let nan = match m.get("any_nan") {
        None | Some(Value::Null) => return Ok(Allowed::AnyOf(patterns)),
        Some(v) => object(v, &nan_field)?,
    };
    closed(nan, &nan_field, &["type", "elements", "quiet"], false)?;
    let type_field = join(&nan_field, "type");
    let ty = string(required(nan, &nan_field, "type")?, &type_field)?;
    let Some(ty) = NanType::parse(ty) else {
        return Err(err(
            &type_field,
            format!("`{ty}` is not a float type (df, f, hf, bf)"),
        ));
    };
    let len = patterns[0].len();
    if !len.is_multiple_of(ty.size()) {
        return Err(err(
            &type_field,
            format!(
                "the alternatives have {len} bytes, not a whole number of {} elements",
                ty.text()
            ),
        ));
    }
    let list_field = join(&nan_field, "elements");
    let list = array(required(nan, &nan_field, "elements")?, &list_field)?;
    let mut elements: Vec<usize> = Vec::with_capacity(list.len());
    for (i, e) in list.iter().enumerate() {
        let f = format!("{list_field}[{i}]");
        let k = e
            .as_u64()
            .ok_or_else(|| err(&f, format!("expected an element index, found {}", kind(e))))?
            as usize;
        if k >= len / ty.size() {
            return Err(err(
                &f,
                format!(
                    "element {k} is past the {} {} elements",
                    len / ty.size(),
                    ty.text()
                ),
            ));
        }
        if elements.last().is_some_and(|&last| k <= last) {
            return Err(err(&f, "elements must be ascending, without repeats"));
        }
        elements.push(k);
    }
    let quiet = match nan.get("quiet") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(v) => {
            return Err(err(
                &join(&nan_field, "quiet"),
                format!("expected true or false, found {}", kind(v)),
            ))
        }
    };
    Ok(Allowed::AnyNan {
        nan: NanFree {
            ty,
            elements,
            quiet,
        },
        patterns,
    })
}

impl Case {
    /// Reads one case from one line of JSON.
    pub fn from_line(line: &str) -> Result<Case> {
        let value = parse_json(line.as_bytes()).map_err(|e| match e {
            JsonError::Syntax {
                message, column, ..
            } => FieldError {
                field: None,
                message: format!("invalid JSON at column {column}: {message}"),
            },
            JsonError::Duplicate { path, column, .. } => FieldError {
                field: Some(path),
                message: format!(
                    "duplicate key at column {column} (a key appears once per object)"
                ),
            },
        })?;
        case(&value)
    }

    /// Reads one case from a parsed JSON value.
    pub fn from_value(value: &Value) -> Result<Case> {
        case(value)
    }
}

impl<'de> serde::Deserialize<'de> for Case {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Case, D::Error> {
        let UniqueValue(value) = serde::Deserialize::deserialize(d)?;
        case(&value).map_err(serde::de::Error::custom)
    }
}
