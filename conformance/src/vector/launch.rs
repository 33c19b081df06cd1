//! A launch case's `launch` object (docs/vector-format.md, "Launch cases"): the kernel run
//! over an NDRange as `visa-conform launch` runs it, its interface inline, its arguments in
//! the `--arg` forms (`hex:` for a global buffer's bytes), the seeds of the schedules it
//! also runs under.

use serde_json::{Map, Value};

use crate::launch::arg::{self, MAX_BUFFER_BYTES};
use crate::launch::interface;

use super::hex;

/// The most schedule seeds a launch case lists.
pub const MAX_SCHEDULES: usize = 64;

/// How a launch case runs: everything `visa-conform launch` takes but the program (the
/// case's `program`) and the platform (the case's `platform`).
#[derive(Clone, Debug, PartialEq)]
pub struct Launch {
    /// The kernel's interface, a `visa-kernel-interface/1` object, kept as read (it reads
    /// as an [`interface::Interface`]).
    pub interface: Value,
    /// Work-items in X[, Y[, Z]].
    pub global: Vec<u64>,
    /// Work-items of one work-group, as many dimensions as `global`.
    pub local: Vec<u64>,
    /// The global offset, as many dimensions as `global` (absent: zeros).
    pub offset: Option<Vec<u64>>,
    /// One value per argument of the interface, in order.
    pub args: Vec<LaunchArg>,
    /// The seeds of the interleavings the case also runs under (`--schedule SEED`), besides
    /// the default schedule; every one must give an answer the expectation allows.
    pub schedules: Vec<u64>,
}

/// One argument's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LaunchArg {
    /// A `--arg` value form: `TYPE:N[,N...]`, `zeros:N` or `local:N`, as written.
    Form(String),
    /// A global buffer's initial bytes (`hex:BYTES`).
    Bytes(Vec<u8>),
}

impl LaunchArg {
    /// The JSON string: the form, or `hex:` and the bytes.
    pub fn text(&self) -> String {
        match self {
            LaunchArg::Form(f) => f.clone(),
            LaunchArg::Bytes(b) => format!("hex:{}", hex::encode(b)),
        }
    }
}

impl Launch {
    /// The object as written: keys in the documented order, `offset` and `schedules` left
    /// out when absent or empty.
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("interface".into(), self.interface.clone());
        m.insert("global".into(), self.global.clone().into());
        m.insert("local".into(), self.local.clone().into());
        if let Some(offset) = &self.offset {
            m.insert("offset".into(), offset.clone().into());
        }
        m.insert(
            "args".into(),
            self.args.iter().map(|a| Value::from(a.text())).collect(),
        );
        if !self.schedules.is_empty() {
            m.insert("schedules".into(), self.schedules.clone().into());
        }
        Value::Object(m)
    }

    /// The interface, read.
    pub fn read_interface(&self) -> Result<interface::Interface, interface::InterfaceError> {
        interface::from_value(&self.interface)
    }

    /// The global buffer arguments' indices, in order.
    pub fn buffer_args(&self) -> Vec<usize> {
        let Ok(iface) = self.read_interface() else {
            return Vec::new();
        };
        iface
            .args
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a.kind, interface::ArgKind::Global { .. }))
            .map(|(i, _)| i)
            .collect()
    }
}

/// What is wrong, at a field under `launch`.
pub(super) type Fail = (String, String);

const KEYS: &[&str] = &[
    "interface",
    "global",
    "local",
    "offset",
    "args",
    "schedules",
];

/// Reads the `launch` object; the error is (field, message).
pub(super) fn read(v: &Value) -> Result<Launch, Fail> {
    let fail = |field: &str, message: String| (format!("launch.{field}"), message);
    let Some(m) = v.as_object() else {
        return Err(("launch".into(), "expected an object".into()));
    };
    for key in m.keys() {
        if !KEYS.contains(&key.as_str()) {
            return Err(fail(
                &crate::input::clip(key),
                format!("unknown key (known: {})", KEYS.join(", ")),
            ));
        }
    }
    let Some(iface_value) = m.get("interface") else {
        return Err(fail("interface", "missing required key".into()));
    };
    let iface = interface::from_value(iface_value).map_err(|e| fail("interface", e.to_string()))?;
    let sizes = |key: &str, required: bool| -> Result<Option<Vec<u64>>, Fail> {
        let v = match m.get(key).filter(|v| !v.is_null()) {
            None if required => return Err(fail(key, "missing required key".into())),
            None => return Ok(None),
            Some(v) => v,
        };
        let items = v
            .as_array()
            .ok_or_else(|| fail(key, "expected an array of 1 to 3 whole numbers".into()))?;
        if items.is_empty() || items.len() > 3 {
            return Err(fail(key, format!("{} sizes: X[, Y[, Z]]", items.len())));
        }
        items
            .iter()
            .enumerate()
            .map(|(d, n)| {
                n.as_u64()
                    .filter(|n| *n <= u64::from(u32::MAX))
                    .ok_or_else(|| {
                        fail(
                            &format!("{key}[{d}]"),
                            format!("expected a whole number below 2^32, found {n}"),
                        )
                    })
            })
            .collect::<Result<Vec<u64>, Fail>>()
            .map(Some)
    };
    let global = sizes("global", true)?.unwrap_or_default();
    let local = sizes("local", true)?.unwrap_or_default();
    let offset = sizes("offset", false)?;
    for (key, v) in [("local", Some(&local)), ("offset", offset.as_ref())] {
        if let Some(v) = v {
            if v.len() != global.len() {
                return Err(fail(
                    key,
                    format!("{} sizes for the {} of global", v.len(), global.len()),
                ));
            }
        }
    }
    let Some(list) = m.get("args") else {
        return Err(fail("args", "missing required key".into()));
    };
    let list = list
        .as_array()
        .ok_or_else(|| fail("args", "expected an array of strings".into()))?;
    if list.len() != iface.args.len() {
        return Err(fail(
            "args",
            format!(
                "{} values for the interface's {} arguments",
                list.len(),
                iface.args.len()
            ),
        ));
    }
    let mut args = Vec::with_capacity(list.len());
    let mut total = 0u64;
    for (i, a) in list.iter().enumerate() {
        let field = format!("args[{i}]");
        let text = a
            .as_str()
            .ok_or_else(|| fail(&field, format!("expected a string, found {a}")))?;
        let is_global = matches!(iface.args[i].kind, interface::ArgKind::Global { .. });
        let value = if let Some(h) = text.strip_prefix("hex:") {
            let bytes = hex::decode_bytes(h).map_err(|e| fail(&field, e))?;
            if !is_global {
                return Err(fail(
                    &field,
                    format!("argument {i} is not a global buffer: hex: gives a buffer's bytes"),
                ));
            }
            total = total.saturating_add(bytes.len() as u64);
            LaunchArg::Bytes(bytes)
        } else {
            if text.starts_with("buf:") {
                return Err(fail(
                    &field,
                    "a case is self-contained: give the buffer's bytes as hex:BYTES".into(),
                ));
            }
            let parsed = arg::parse(&format!("{i}={text}")).map_err(|e| fail(&field, e.message))?;
            let fits = match (&iface.args[i].kind, &parsed.value) {
                (interface::ArgKind::Scalar { ty, count }, arg::Value::Scalar { bytes, .. }) => {
                    bytes.len() as u64 == u64::from(ty.bytes()) * u64::from(*count)
                }
                (interface::ArgKind::Global { .. }, arg::Value::Zeros(n)) => {
                    total = total.saturating_add(*n);
                    true
                }
                (interface::ArgKind::Local { .. }, arg::Value::Local(_)) => true,
                _ => false,
            };
            if !fits {
                return Err(fail(
                    &field,
                    format!(
                        "`{}` is {}; argument {i} is {} in the interface",
                        crate::input::clip(text),
                        parsed.value.describe(),
                        iface.args[i].kind.name()
                    ),
                ));
            }
            LaunchArg::Form(text.to_string())
        };
        if total > MAX_BUFFER_BYTES {
            return Err(fail(
                &field,
                format!("the buffers hold more than {MAX_BUFFER_BYTES} bytes together"),
            ));
        }
        args.push(value);
    }
    let schedules = match m.get("schedules").filter(|v| !v.is_null()) {
        None => Vec::new(),
        Some(v) => {
            let items = v
                .as_array()
                .ok_or_else(|| fail("schedules", "expected an array of seeds".into()))?;
            if items.len() > MAX_SCHEDULES {
                return Err(fail(
                    "schedules",
                    format!("{} seeds, more than {MAX_SCHEDULES}", items.len()),
                ));
            }
            items
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    s.as_u64().ok_or_else(|| {
                        fail(
                            &format!("schedules[{k}]"),
                            format!("expected a seed (a whole number below 2^64), found {s}"),
                        )
                    })
                })
                .collect::<Result<Vec<u64>, Fail>>()?
        }
    };
    Ok(Launch {
        interface: iface_value.clone(),
        global,
        local,
        offset,
        args,
        schedules,
    })
}
