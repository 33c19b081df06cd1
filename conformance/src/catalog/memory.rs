//! The builder of the memory catalogs (SVM, LSC): a row's program and initial state in the
//! vocabulary the memory rows are written in (variables given by their leading bytes, flat
//! memory, surfaces, `P1`), and what it observes (`Want`): register or flat memory bytes,
//! `None` where any byte is allowed (bytes the instruction leaves undefined), or an error
//! class.

use visa_model::platform::Platform;
use visa_model::state::{Surface, SurfaceHeap};
use visa_model::ErrorClass;

use super::row::{decl_size, Row};

pub use super::build::{le16, le32, le64};

/// One memory row's program and initial state.
#[derive(Clone, Debug)]
pub struct Case {
    /// The instruction text (after the catalog's declarations).
    pub text: String,
    row: Row,
}

impl Case {
    /// `text` after `decls` on xe-hpg, `P1` (when declared) enabling lanes 0..8.
    pub fn new(decls: &str, text: impl Into<String>) -> Case {
        let text = text.into();
        let row = Row::new(Platform::XeHpg, format!("{decls}{text}\n"));
        Case { text, row }.pred(0xff)
    }

    /// The leading bytes of a variable; the rest is zero.
    pub fn var(mut self, name: &str, bytes: Vec<u8>) -> Case {
        self.row = self.row.var_prefix(name, bytes);
        self
    }

    /// Flat memory bytes from `addr`.
    pub fn mem(mut self, addr: u64, bytes: Vec<u8>) -> Case {
        self.row = self.row.mem("flat", addr, bytes);
        self
    }

    /// A linear binding-table surface.
    pub fn surface(self, bti: u32, base: u64, size: u64) -> Case {
        self.surfaces([Surface {
            heap: SurfaceHeap::BindingTable,
            bti,
            base,
            size,
            ..Surface::default()
        }])
    }

    /// Surfaces as they are.
    pub fn surfaces(mut self, surfaces: impl IntoIterator<Item = Surface>) -> Case {
        self.row.init.surfaces.extend(surfaces);
        self
    }

    /// Runs the erratum `id` under its literal reading.
    pub fn literal(mut self, id: &str) -> Case {
        self.row = self.row.literal(id);
        self
    }

    /// Tags the row (an edge class, or an erratum whose resolved reading it shows).
    pub fn tag(mut self, tag: &str) -> Case {
        self.row = self.row.tag(tag);
        self
    }

    /// Runs on `platform`.
    pub fn on(mut self, platform: Platform) -> Case {
        self.row.platform = platform;
        self
    }

    /// The lanes `P1` enables (when the program declares `P1`).
    pub fn pred(mut self, mask: u32) -> Case {
        if self.row.program.lines().any(|l| l.starts_with(".decl P1 ")) {
            self.row = self.row.pred("P1", mask);
        }
        self
    }

    /// The row, observing `wants`.
    pub fn observe(self, wants: Vec<Want>) -> Row {
        let mut row = self.row;
        for want in wants {
            row = match want {
                Want::Reg(var, at, bytes) => row.expect_reg(var, at, bytes),
                Want::Mem(addr, bytes) => row.expect_mem("flat", addr, bytes),
                Want::Error(class) => row.expect_error(class),
                Want::ErrorAt(class, field) => row.expect_error(class).field(field),
            };
        }
        row
    }
}

/// What a memory row observes.
#[derive(Clone, Debug)]
pub enum Want {
    /// Register bytes of a variable from a byte offset, `None` where any byte is allowed.
    Reg(&'static str, usize, Vec<Option<u8>>),
    /// Flat memory bytes from an address, `None` where any byte is allowed.
    Mem(u64, Vec<Option<u8>>),
    /// The run stops with an error of this class.
    Error(ErrorClass),
    /// The run stops with an error of this class naming this field (`x-error-field`).
    ErrorAt(ErrorClass, &'static str),
}

/// The row of `c` observing `want`.
pub fn check(c: Case, want: Want) -> Row {
    c.observe(vec![want])
}

/// Defined bytes.
pub fn some(bytes: &[u8]) -> Vec<Option<u8>> {
    bytes.iter().copied().map(Some).collect()
}

/// `n` bytes counting up from `from`.
pub fn ramp(from: u8, n: usize) -> Vec<u8> {
    (0..n).map(|i| from.wrapping_add(i as u8)).collect()
}

/// The parts one after the other.
pub fn cat<T: Clone>(parts: &[&[T]]) -> Vec<T> {
    parts.concat()
}

/// The byte size of `var` as `program` declares it (see [`decl_size`]).
pub fn size_of(program: &str, var: &str) -> Option<usize> {
    decl_size(program, var)
}
