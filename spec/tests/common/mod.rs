//! Shared helpers for the spec crate's integration tests: run a program text on a platform
//! from an initial state and read variables back.
#![allow(dead_code, clippy::unwrap_used)]

use visa_spec::errata::{Reading, Readings};
use visa_spec::exec::{self, ExecConfig};
use visa_spec::ir::Program;
use visa_spec::platform::Platform;
use visa_spec::state::MachineState;
use visa_spec::types::DataType;
use visa_spec::{asm, validate, ErrorClass, VisaError};

/// A program run: what to start from.
pub struct Run<'a> {
    pub platform: Platform,
    pub text: &'a str,
    pub vars: Vec<(&'a str, Vec<u8>)>,
    pub preds: Vec<(&'a str, u32)>,
    pub cr0: u32,
    pub emask: u32,
    pub literal: Vec<&'a str>,
}

impl<'a> Run<'a> {
    pub fn new(platform: Platform, text: &'a str) -> Self {
        Run {
            platform,
            text,
            vars: vec![],
            preds: vec![],
            cr0: 0,
            emask: u32::MAX,
            literal: vec![],
        }
    }
    pub fn var(mut self, name: &'a str, bytes: Vec<u8>) -> Self {
        self.vars.push((name, bytes));
        self
    }
    pub fn pred(mut self, name: &'a str, mask: u32) -> Self {
        self.preds.push((name, mask));
        self
    }
    pub fn cr0(mut self, cr0: u32) -> Self {
        self.cr0 = cr0;
        self
    }
    pub fn emask(mut self, emask: u32) -> Self {
        self.emask = emask;
        self
    }
    pub fn literal(mut self, id: &'a str) -> Self {
        self.literal.push(id);
        self
    }

    fn readings(&self) -> Readings {
        let mut r = Readings::resolved();
        for id in &self.literal {
            r.set(id, Reading::Literal).unwrap();
        }
        r
    }

    /// Parses and validates only.
    pub fn validate(&self) -> Result<Program, VisaError> {
        let ast = asm::parse(self.text)?;
        validate::validate_with(&ast, self.platform, &self.readings())
    }

    /// Parses, validates, initialises and runs; returns the program and final state.
    pub fn go(&self) -> Result<(Program, MachineState), VisaError> {
        let program = self.validate()?;
        let mut state = MachineState::new(&program.vars);
        for (name, bytes) in &self.vars {
            let id = program.vars.find(name).unwrap();
            state.write_var(&program.vars, id, bytes).unwrap();
        }
        for (name, mask) in &self.preds {
            let id = program.vars.find(name).unwrap();
            state.preds[id.0 as usize] = *mask;
        }
        let cr0 = program.vars.find("%cr0").unwrap();
        state
            .write_var(&program.vars, cr0, &self.cr0.to_le_bytes())
            .unwrap();
        state.emask = self.emask;
        let config = ExecConfig {
            readings: self.readings(),
            ..Default::default()
        };
        exec::run(&program, &mut state, &config)?;
        Ok((program, state))
    }

    /// Runs and returns the bytes of `var`.
    pub fn bytes(&self, var: &str) -> Result<Vec<u8>, VisaError> {
        let (program, state) = self.go()?;
        let id = program.vars.find(var).unwrap();
        Ok(state.read_var(&program.vars, id))
    }

    /// Runs and returns `var` as little-endian u32 elements.
    pub fn u32s(&self, var: &str) -> Result<Vec<u32>, VisaError> {
        Ok(self
            .bytes(var)?
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect())
    }

    /// Runs and returns `var` as little-endian u16 elements.
    pub fn u16s(&self, var: &str) -> Result<Vec<u16>, VisaError> {
        Ok(self
            .bytes(var)?
            .chunks(2)
            .map(|c| u16::from_le_bytes(c.try_into().unwrap()))
            .collect())
    }
}

/// Little-endian bytes of u32 elements.
pub fn le32(xs: &[u32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Little-endian bytes of u16 elements.
pub fn le16(xs: &[u16]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Little-endian bytes of u64 elements.
pub fn le64(xs: &[u64]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Splits a source spec such as `~ub` or `(-)d` into its modifier text and type.
pub fn split_modifier(spec: &str) -> (&str, &str) {
    for m in ["(-abs)", "(-)", "(abs)", "~"] {
        if let Some(ty) = spec.strip_prefix(m) {
            return (m, ty);
        }
    }
    ("", spec)
}

/// One lane of `op` (mnemonic and instruction modifiers, e.g. `shl.sat`) on `platform`: the
/// destination is a one-element variable V1 of type `dst`; source k is a one-element
/// variable V(k+2) of the row's type (a modifier may precede it: `~ub`, `(-)d`) holding the
/// row's value. Returns V1's bits, zero-extended.
pub fn lane_on(
    platform: Platform,
    op: &str,
    dst: &str,
    srcs: &[(&str, u64)],
    literal: &[&str],
) -> Result<u64, VisaError> {
    let mut decls = format!(".decl V1 v_type=G type={dst} num_elts=1\n");
    let mut operands = String::new();
    for (k, (spec, _)) in srcs.iter().enumerate() {
        let (modifier, ty) = split_modifier(spec);
        decls.push_str(&format!(".decl V{} v_type=G type={ty} num_elts=1\n", k + 2));
        operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
    }
    let text = format!("{decls}{op} (M1, 1) V1(0,0)<1>{operands}\n");
    let mut run = Run::new(platform, &text);
    for (k, (spec, value)) in srcs.iter().enumerate() {
        let ty: DataType = split_modifier(spec).1.parse().unwrap();
        let name = ["V2", "V3", "V4", "V5"][k];
        run = run.var(name, value.to_le_bytes()[..ty.size()].to_vec());
    }
    for id in literal {
        run = run.literal(id);
    }
    let out = run.bytes("V1")?;
    let mut word = [0u8; 8];
    word[..out.len()].copy_from_slice(&out);
    Ok(u64::from_le_bytes(word))
}

/// [`lane_on`] on xe-hpg under the resolved readings.
pub fn lane(op: &str, dst: &str, srcs: &[(&str, u64)]) -> u64 {
    lane_on(Platform::XeHpg, op, dst, srcs, &[]).unwrap()
}

/// [`lane_on`] on xe-hpg with `erratum` at its literal reading.
pub fn lane_literal(
    op: &str,
    dst: &str,
    srcs: &[(&str, u64)],
    erratum: &str,
) -> Result<u64, VisaError> {
    lane_on(Platform::XeHpg, op, dst, srcs, &[erratum])
}

/// The error class of validating `decls` followed by `text` on xe-hpg, `None` if it validates.
pub fn invalid_with(decls: &str, text: &str, literal: &[&str]) -> Option<ErrorClass> {
    let program = format!("{decls}{text}\n");
    let mut run = Run::new(Platform::XeHpg, &program);
    for id in literal {
        run = run.literal(id);
    }
    run.validate().err().map(|e| e.class)
}
