//! Labels and units ([`Builder`]): the labels a text defines and references and the units
//! (kernel, functions) it declares, checked as they are read.

use std::collections::HashMap;

use super::errors::invalid_at;
use crate::error::{Pos, Result};
use crate::ir::flow::{FlowCtrl, Label, LabelId, LabelKind, Unit, UnitId, UnitKind};
use crate::ir::{Ctrl, Instruction};
use crate::state::Vars;

/// The labels and units of a text as validation reads it, line by line.
#[derive(Debug)]
pub(crate) struct Builder {
    pub(crate) labels: Vec<Label>,
    /// Where each label was defined (`None`: only referenced so far) and first referenced.
    pub(crate) defined: Vec<Option<Pos>>,
    pub(crate) first_use: Vec<Pos>,
    /// The current unit's labels by name.
    pub(crate) by_name: HashMap<String, LabelId>,
    pub(crate) units: Vec<Unit>,
    /// Every unit by name (the kernel's is empty until `.kernel` names it).
    unit_names: HashMap<String, UnitId>,
    /// The first label of the current unit: the labels from it on are the unit's.
    unit_labels: usize,
    /// Whether the kernel unit has been named by `.kernel`.
    pub(crate) kernel_named: bool,
}

impl Builder {
    pub(crate) fn new() -> Builder {
        Builder {
            labels: Vec::new(),
            defined: Vec::new(),
            first_use: Vec::new(),
            by_name: HashMap::new(),
            units: vec![Unit {
                name: String::new(),
                kind: UnitKind::Kernel,
                entry: 0,
                end: 0,
            }],
            unit_names: HashMap::from([(String::new(), UnitId(0))]),
            unit_labels: 0,
            kernel_named: false,
        }
    }

    fn unit(&self) -> UnitId {
        UnitId(self.units.len() as u32 - 1)
    }

    /// The label `name` of the current unit, created on first mention.
    fn label(&mut self, name: &str, pos: Pos) -> LabelId {
        if let Some(id) = self.by_name.get(name) {
            return *id;
        }
        let id = LabelId(self.labels.len() as u32);
        self.labels.push(Label {
            name: name.to_string(),
            kind: LabelKind::Block,
            at: usize::MAX,
            unit: self.unit(),
        });
        self.defined.push(None);
        self.first_use.push(pos);
        self.by_name.insert(name.to_string(), id);
        id
    }

    /// A label reference in an instruction.
    pub(crate) fn reference(&mut self, name: &str, pos: Pos) -> LabelId {
        self.label(name, pos)
    }

    /// `NAME:` (a block label) or `.function "NAME"` (a subroutine label) before the
    /// instruction at `at`.
    pub(crate) fn define(
        &mut self,
        name: &str,
        kind: LabelKind,
        at: usize,
        pos: Pos,
    ) -> Result<LabelId> {
        let id = self.label(name, pos);
        let k = id.0 as usize;
        // IGC prints a subroutine as `.function "NAME"` followed by the label line `NAME:`,
        // and its reader skips a label line that names a subroutine (CISA_create_label).
        if kind == LabelKind::Block
            && self.defined[k].is_some()
            && self.labels[k].kind == LabelKind::Subroutine
        {
            return Ok(id);
        }
        if let Some(first) = self.defined[k] {
            return Err(invalid_at(
                pos,
                "label",
                format!(
                    "label `{name}` is defined twice (first on line {})",
                    first.line
                ),
            ));
        }
        self.defined[k] = Some(pos);
        self.labels[k].kind = kind;
        self.labels[k].at = at;
        Ok(id)
    }

    /// A directive that shapes the program: `.kernel`, `.global_function`, `.function`.
    /// The others (`.version`, `.input`, `.implicit_*`, `.kernel_attr`, `.funcdecl`,
    /// `.parameter`) describe the kernel's interface and leave the IR as it is.
    pub(crate) fn directive(
        &mut self,
        name: &str,
        args: &[String],
        vars: &mut Vars,
        at: usize,
        pos: Pos,
    ) -> Result<()> {
        let arg = || -> Result<String> {
            match args {
                [a] => Ok(unquote(a)),
                _ => Err(invalid_at(
                    pos,
                    "directive",
                    format!("`.{name}` takes one name"),
                )),
            }
        };
        match name {
            "kernel" => {
                let name = arg()?;
                if self.kernel_named || self.units.len() > 1 || at > 0 {
                    return Err(invalid_at(
                        pos,
                        "directive",
                        "`.kernel` opens the program: one per text, before any instruction",
                    ));
                }
                self.kernel_named = true;
                self.unit_names.remove(&self.units[0].name);
                self.unit_names.insert(name.clone(), UnitId(0));
                self.units[0].name = name;
            }
            "global_function" => {
                let name = arg()?;
                if self.unit_names.contains_key(&name) {
                    return Err(invalid_at(
                        pos,
                        "directive",
                        format!("a unit named `{name}` already exists"),
                    ));
                }
                self.close_unit(at)?;
                vars.begin_unit();
                self.unit_names
                    .insert(name.clone(), UnitId(self.units.len() as u32));
                self.units.push(Unit {
                    name,
                    kind: UnitKind::Function,
                    entry: at,
                    end: at,
                });
            }
            "function" => {
                let name = arg()?;
                self.define(&name, LabelKind::Subroutine, at, pos)?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Ends the current unit at `at`: every label it references must be defined in it.
    fn close_unit(&mut self, at: usize) -> Result<()> {
        if let Some(u) = self.units.last_mut() {
            u.end = at;
        }
        for k in self.unit_labels..self.labels.len() {
            if self.defined[k].is_none() {
                return Err(invalid_at(
                    self.first_use[k],
                    "label",
                    format!(
                        "label `{}` is not defined in its kernel or function",
                        self.labels[k].name
                    ),
                ));
            }
        }
        self.by_name.clear();
        self.unit_labels = self.labels.len();
        Ok(())
    }

    /// The labels and units once every line is read (`end` instructions), with FCALL's and
    /// FADDR's callees resolved by name, and FCCALL's label among its unit's labels.
    pub(crate) fn finish(mut self, insns: &mut [Instruction]) -> Result<(Vec<Label>, Vec<Unit>)> {
        self.close_unit(insns.len())?;
        for (at, insn) in insns.iter_mut().enumerate() {
            if let Ctrl::Flow(f) = &mut insn.ctrl {
                if let FlowCtrl::Fccall { label, target } = f.as_mut() {
                    let unit = self
                        .units
                        .iter()
                        .position(|u| (u.entry..u.end).contains(&at));
                    *target = self
                        .labels
                        .iter()
                        .position(|l| l.name == *label && Some(l.unit.0 as usize) == unit)
                        .map(|k| LabelId(k as u32));
                }
                if let FlowCtrl::Fcall { name, callee, .. } | FlowCtrl::Faddr { name, callee } =
                    f.as_mut()
                {
                    *callee = self.unit_names.get(name.as_str()).copied().filter(|u| {
                        self.units
                            .get(u.0 as usize)
                            .is_some_and(|u| u.kind == UnitKind::Function)
                    });
                }
            }
        }
        Ok((self.labels, self.units))
    }
}

/// A directive argument without its double quotes.
fn unquote(s: &str) -> String {
    s.strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(s)
        .to_string()
}
