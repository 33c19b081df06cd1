//! Builders for hand-written IR programs and their expected outcomes.
#![allow(clippy::unwrap_used, dead_code)]

use visa_spec::asm::ast::{MaskControl, PredCombine, SrcModifier, VarClass};
use visa_spec::errata::{Reading, Readings};
use visa_spec::error::{ErrorClass, Pos};
use visa_spec::exec::ExecConfig;
use visa_spec::ir::{Ctrl, Dst, Instruction, Opcode, Predicate, Program, Region, Src};
use visa_spec::platform::Platform;
use visa_spec::state::{MachineState, VarId, Vars};
use visa_spec::types::DataType;

/// A program under construction with its initial state values.
pub struct Case {
    pub vars: Vars,
    pub insns: Vec<Instruction>,
    /// (variable, bytes) written into the initial state.
    pub init: Vec<(VarId, Vec<u8>)>,
    pub emask: u32,
    pub config: ExecConfig,
}

/// What a case must produce.
pub enum Expect {
    /// Final bytes of named variables.
    Vars(Vec<(&'static str, Vec<u8>)>),
    /// An error of this class at the given instruction (0-based), and the named variables
    /// unchanged from what the earlier instructions left.
    Error(ErrorClass, usize, Vec<(&'static str, Vec<u8>)>),
}

impl Case {
    pub fn new(platform: Platform) -> Case {
        Case {
            vars: Vars::new(platform),
            insns: Vec::new(),
            init: Vec::new(),
            emask: u32::MAX,
            config: ExecConfig::default(),
        }
    }

    pub fn general(&mut self, name: &str, ty: DataType, n: u32) -> VarId {
        self.vars
            .declare(name, VarClass::General, ty, n, ty.size() as u32, None)
            .unwrap()
    }

    pub fn pred(&mut self, name: &str, n: u32) -> VarId {
        self.vars
            .declare(name, VarClass::Predicate, DataType::BOOL, n, 1, None)
            .unwrap()
    }

    pub fn addr(&mut self, name: &str, n: u32) -> VarId {
        self.vars
            .declare(name, VarClass::Address, DataType::UW, n, 2, None)
            .unwrap()
    }

    pub fn set(&mut self, id: VarId, bytes: Vec<u8>) {
        self.init.push((id, bytes));
    }

    pub fn cr0(&mut self, value: u32) {
        let id = self.vars.find("%cr0").unwrap();
        self.init.push((id, value.to_le_bytes().to_vec()));
    }

    pub fn literal(&mut self, id: &str) {
        let mut r: Readings = self.config.readings.clone();
        r.set(id, Reading::Literal).unwrap();
        self.config.readings = r;
    }

    pub fn push(&mut self, insn: Instruction) {
        let mut insn = insn;
        insn.pos = Pos {
            line: self.insns.len() as u32 + 1,
            col: 1,
        };
        self.insns.push(insn);
    }

    pub fn grf_offset(&self, id: VarId) -> usize {
        self.vars.get(id).grf_offset.unwrap()
    }

    pub fn build(self) -> (Program, MachineState, ExecConfig) {
        let mut state = MachineState::new(&self.vars);
        for (id, bytes) in &self.init {
            state.write_var(&self.vars, *id, bytes).unwrap();
        }
        state.emask = self.emask;
        let program = Program {
            platform: self.vars.platform,
            vars: self.vars,
            insns: self.insns,
        };
        (program, state, self.config)
    }
}

pub fn insn(opcode: Opcode, exec_size: u32, dst: Dst, srcs: Vec<Src>) -> Instruction {
    Instruction {
        pos: Pos::default(),
        opcode,
        pred: None,
        mask: MaskControl::M1,
        exec_size,
        sat: false,
        ctrl: Ctrl::None,
        dst,
        dst2: None,
        srcs,
    }
}

pub fn sat(mut i: Instruction) -> Instruction {
    i.sat = true;
    i
}

pub fn masked(mut i: Instruction, group: u8, no_mask: bool) -> Instruction {
    i.mask = MaskControl { group, no_mask };
    i
}

pub fn predicated(
    mut i: Instruction,
    var: VarId,
    invert: bool,
    combine: PredCombine,
) -> Instruction {
    i.pred = Some(Predicate {
        var,
        invert,
        combine,
    });
    i
}

/// `V(0,0)<1>`
pub fn dst(var: VarId, ty: DataType) -> Dst {
    Dst::General {
        var,
        row: 0,
        col: 0,
        hstride: 1,
        ty,
    }
}

/// `V(R,C)<HS>`
pub fn dst_at(var: VarId, row: u32, col: u32, hstride: u32, ty: DataType) -> Dst {
    Dst::General {
        var,
        row,
        col,
        hstride,
        ty,
    }
}

/// `V(R,C)<VS;W,HS>`
pub fn src(
    var: VarId,
    row: u32,
    col: u32,
    (vstride, width, hstride): (u32, u32, u32),
    ty: DataType,
) -> Src {
    Src::General {
        var,
        row,
        col,
        region: Region {
            vstride,
            width,
            hstride,
        },
        modifier: None,
        ty,
    }
}

pub fn with_mod(s: Src, m: SrcModifier) -> Src {
    match s {
        Src::General {
            var,
            row,
            col,
            region,
            ty,
            ..
        } => Src::General {
            var,
            row,
            col,
            region,
            modifier: Some(m),
            ty,
        },
        Src::Indirect {
            addr,
            addr_sub,
            imm_offset,
            region,
            multi,
            ty,
            ..
        } => Src::Indirect {
            addr,
            addr_sub,
            imm_offset,
            region,
            multi,
            modifier: Some(m),
            ty,
        },
        other => other,
    }
}

pub fn imm(bits: u64, ty: DataType) -> Src {
    Src::Imm { bits, ty }
}

pub fn le32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn le16(v: &[u16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn le64(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_bits().to_le_bytes()).collect()
}
pub fn i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Runs a case on the oracle and checks it.
pub fn check(case: Case, expect: Expect) {
    let (program, initial, config) = case.build();
    let mut state = initial.clone();
    let result = visa_oracle::run(&program, &mut state, &config);
    // A compiled plan run through the batch API gives the same outcome and final state.
    match visa_oracle::Plan::compile(&program, &config) {
        Ok(plan) => {
            let mut batch = vec![(&plan, initial.clone()), (&plan, initial)];
            let batch_results = visa_oracle::run_batch(&mut batch);
            for ((_, s), r) in batch.iter().zip(&batch_results) {
                assert_eq!(r, &result);
                assert_eq!(s, &state);
            }
        }
        // A program that fails the IR check fails before anything runs.
        Err(e) => {
            assert_eq!(Err(e), result);
            assert_eq!(state, initial);
        }
    }
    let observe = |state: &MachineState, name: &str| {
        let id = program.vars.find(name).unwrap();
        state.read_var(&program.vars, id)
    };
    match expect {
        Expect::Vars(vars) => {
            assert_eq!(result, Ok(()), "unexpected error");
            for (name, bytes) in vars {
                assert_eq!(observe(&state, name), bytes, "variable {name}");
            }
        }
        Expect::Error(class, index, vars) => {
            let err = result.expect_err("expected an error");
            assert_eq!(err.class, class, "error class ({err})");
            assert_eq!(
                err.pos,
                Some(program.insns[index].pos),
                "error position ({err})"
            );
            for (name, bytes) in vars {
                assert_eq!(observe(&state, name), bytes, "variable {name}");
            }
        }
    }
}

pub const ALL_ON: u32 = u32::MAX;
pub use visa_spec::asm::ast::PredCombine as Combine;
pub use visa_spec::asm::ast::SrcModifier as Mod;
