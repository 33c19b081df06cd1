//! Validation: from the syntax tree to the IR. Names are resolved against the declarations,
//! and every rule of the documents that can be checked before execution is checked here:
//! declarations (`decl`, 4_visa_header.md), execution sizes, mask controls and predicates
//! (`exec`, 3_execution_model.md), operands and regions (`operands`, 5_operands.md,
//! "Region Restrictions"), type maps (`types`) and each family's operand classes and
//! Notes (`alu`, `dpas`, `svm`, `lsc`).
//!
//! Text → IR is "build the IR, then check it": the opcode's builder ([`crate::opcode::Form::builder`])
//! picks the builder, and the same family rules [`check_program`] runs on any IR check the
//! result. Both engines execute only programs that pass [`check_program`], so they
//! classify invalid programs identically.

use std::collections::HashMap;

use crate::asm::ast::{self, InsnLine, LineKind};
use crate::errata::{self, Readings};
use crate::error::{Pos, Result, VisaError};
use crate::forms::Builder;
use crate::ir::flow::LabelKind;
use crate::ir::{Ctrl, Instruction, Opcode, Program};
use crate::platform::Platform;
use crate::state::{MachineState, Vars};

use context::{Cx, Env};
use errors::invalid;

mod alu;
mod context;
mod dataport;
mod dataport_typed;
mod decl;
mod documented;
mod dpas;
mod errors;
mod exec;
mod fixed_function;
mod flow;
mod input;
mod labels;
pub(crate) mod lsc;
mod media;
mod operands;
// LRP and PLN.
mod plane;
pub(crate) mod sampler;
mod send;
mod svm;
mod sync;
mod types;

pub use documented::is_documented;
pub use lsc::block2d::is_block2d;
pub use lsc::gather_scatter::is_lsc as lsc_forms_is_lsc;
pub use operands::is_logic;
pub use sampler::channel_block as sampler_channel_block;

/// Validates a program for `platform` with every erratum at its resolved reading.
pub fn validate(program: &ast::Program, platform: Platform) -> Result<Program> {
    validate_with(program, platform, &Readings::resolved())
}

/// Validates a program for `platform` under the given errata readings.
pub fn validate_with(
    program: &ast::Program,
    platform: Platform,
    readings: &Readings,
) -> Result<Program> {
    walk(program, platform, readings, &mut Err)
}

/// What validation says of every line of a program, where [`validate_with`] stops at the
/// first error: the lines it accepts, and each error of the others. An instruction that is
/// invalid or that this version does not execute is left out of the IR and the walk goes on,
/// so one run reports every line (a whole IGC dump at once).
#[derive(Debug, Default)]
pub struct Survey {
    /// Instruction lines in the text.
    pub instructions: usize,
    /// Errors of class `unsupported`: documented instructions (or forms) that are not
    /// executed, each with the mnemonic of its line.
    pub unsupported: Vec<(String, VisaError)>,
    /// Every other error: lines (or the whole program) the rules reject.
    pub invalid: Vec<VisaError>,
}

/// Validates every line of `program`, collecting each error instead of stopping ([`Survey`]).
pub fn survey(program: &ast::Program, platform: Platform, readings: &Readings) -> Survey {
    let mut errors = Vec::new();
    let mut keep = |e: VisaError| {
        errors.push(e);
        Ok(())
    };
    if let Err(e) = walk(program, platform, readings, &mut keep) {
        errors.push(e);
    }
    let (unsupported, invalid): (Vec<VisaError>, Vec<VisaError>) = errors
        .into_iter()
        .partition(|e| e.class == crate::error::ErrorClass::Unsupported);
    // The mnemonic of each instruction line, by line number (the first, as a line holds one).
    let mut mnemonics: HashMap<u32, &str> = HashMap::new();
    if !unsupported.is_empty() {
        for l in &program.lines {
            if let LineKind::Insn(insn) = &l.kind {
                mnemonics.entry(l.pos.line).or_insert(insn.opcode.as_str());
            }
        }
    }
    let mnemonic = |e: &VisaError| {
        e.pos
            .and_then(|p| mnemonics.get(&p.line))
            .map(|m| m.to_string())
            .unwrap_or_default()
    };
    let unsupported = unsupported.into_iter().map(|e| (mnemonic(&e), e)).collect();
    Survey {
        instructions: program
            .lines
            .iter()
            .filter(|l| matches!(l.kind, LineKind::Insn(_)))
            .count(),
        unsupported,
        invalid,
    }
}

/// The validation walk: each line's error goes to `on_error`, which stops the walk by
/// returning it ([`validate_with`]) or keeps it and skips the line ([`survey`]).
fn walk(
    program: &ast::Program,
    platform: Platform,
    readings: &Readings,
    on_error: &mut dyn FnMut(VisaError) -> Result<()>,
) -> Result<Program> {
    let mut vars = Vars::new(platform);
    if readings.is_literal(errata::PREDEFINED_R0_GRF) {
        vars.set_documented_r0();
    }
    let mut insns = Vec::new();
    let mut labels = labels::Builder::new();
    let mut inputs = input::Inputs::default();
    let mut last = Pos::default();
    for line in &program.lines {
        last = line.pos;
        let done = match &line.kind {
            LineKind::Decl(decl) => decl::declare(&mut vars, decl).map_err(|e| e.at(line.pos)),
            LineKind::ScopeOpen => {
                vars.open_scope();
                Ok(())
            }
            LineKind::ScopeClose => {
                if vars.close_scope() {
                    Ok(())
                } else {
                    Err(VisaError::syntax(line.pos, "`}` closes no scope"))
                }
            }
            LineKind::Label(name) => labels
                .define(name, LabelKind::Block, insns.len(), line.pos)
                .map(|_| ()),
            LineKind::Directive { name, args } => {
                let input = if name == "input" || name.starts_with("implicit_") {
                    inputs.directive(args, &vars, line.pos)
                } else {
                    Ok(())
                };
                input.and_then(|()| labels.directive(name, args, &mut vars, insns.len(), line.pos))
            }
            LineKind::Insn(insn) => {
                let mut cx = Cx {
                    vars: &mut vars,
                    platform,
                    readings,
                    pos: line.pos,
                    flow: &mut labels,
                    at: insns.len(),
                };
                cx.instruction(insn)
                    .map(|i| insns.push(i))
                    .map_err(|e| e.at(line.pos))
            }
        };
        if let Err(e) = done {
            on_error(e)?;
        }
    }
    if vars.open_scopes() > 0 {
        return Err(VisaError::syntax(last, "a `{` scope is not closed"));
    }
    vars.finish_units();
    let (labels, units) = labels.finish(&mut insns)?;
    let program = Program {
        platform,
        vars,
        insns,
        labels,
        units,
    };
    flow::program_rules(&program, readings)?;
    Ok(program)
}

impl Cx<'_> {
    /// One line to the IR: the family's builder, then the family's rules on the result.
    fn instruction(&mut self, line: &InsnLine) -> Result<Instruction> {
        let Some(opcode) = Opcode::from_text(&line.opcode) else {
            return Err(self.not_executed(line));
        };
        exists(opcode, self.platform, self.readings)?;
        let insn = match opcode.form().builder {
            Builder::Alu => self.alu_instruction(line, opcode)?,
            Builder::Dpas => self.dpas_instruction(line, opcode)?,
            Builder::Svm => self.svm_instruction(line, opcode)?,
            Builder::Dataport => self.dataport_instruction(line, opcode)?,
            Builder::DataportTyped => self.dataport_typed_instruction(line, opcode)?,
            Builder::Media => self.media_instruction(line, opcode)?,
            Builder::LscGatherScatter => self.lsc_instruction(line, opcode)?,
            Builder::LscApndctr => self.apndctr_instruction(line, opcode)?,
            Builder::LscBlock2d => self.block2d_instruction(line, opcode)?,
            Builder::LscFence => self.fence_instruction(line)?,
            Builder::Flow => self.flow_instruction(line, opcode)?,
            Builder::Sync => self.sync_instruction(line, opcode)?,
            Builder::RawSend => self.raw_send_instruction(line, opcode)?,
            Builder::Sampler => self.sampler_instruction(line, opcode)?,
        };
        family_rules(&self.env(), &insn)?;
        Ok(insn)
    }

    /// A mnemonic with no opcode: `unsupported` when the documents have it (after checking
    /// the forms whose operands they describe), else an unknown opcode.
    fn not_executed(&mut self, line: &InsnLine) -> VisaError {
        if let Err(e) = self.check_not_executed(line) {
            return e;
        }
        if let Some(doc) = fixed_function::document(&line.opcode) {
            let why = match crate::documents::status(doc) {
                Some(crate::documents::Status::Declared(why)) => why,
                _ => "no engine executes it",
            };
            return VisaError::unsupported(format!(
                "`{}` ({doc}) is not executable: it {why}",
                line.opcode
            ))
            .field("opcode");
        }
        if is_documented(&line.opcode) {
            VisaError::unsupported(format!(
                "`{}` is a documented instruction that this version does not execute",
                line.opcode
            ))
            .field("opcode")
        } else {
            invalid("opcode", format!("unknown opcode `{}`", line.opcode))
        }
    }

    fn check_not_executed(&mut self, line: &InsnLine) -> Result<()> {
        // The fixed-function documents: every operand as the document states.
        if fixed_function::document(&line.opcode).is_some() {
            if let Some(p) = &line.pred {
                let (mask, exec_size) = self.exec(line.exec)?;
                self.predicate(p, mask, exec_size)?;
            }
            fixed_function::check(line, self.vars)?;
        }
        // LSC_TYPED's `lsc_read_surface_info` (sub-op 0x1E) has operands but no result
        // layout in any document: the typed load form is checked, then `unsupported`.
        if line.opcode == crate::ir::lsc_typed::READ_SURFACE_INFO {
            let (mask, exec_size) = self.exec(line.exec)?;
            if let Some(p) = &line.pred {
                self.predicate(p, mask, exec_size)?;
            }
            lsc::gather_scatter::check_platform(self.platform, &line.opcode)?;
            lsc::typed::check_read_surface_info(line, exec_size, self.vars, self.platform)?;
        }
        // LSC gather/scatter forms validate fully, then report `unsupported`.
        if lsc::untyped::is_checked_untyped(&line.opcode) {
            let (mask, exec_size) = self.exec(line.exec)?;
            if let Some(p) = &line.pred {
                self.predicate(p, mask, exec_size)?;
            }
            lsc::untyped::check_untyped(line, exec_size, self.vars, self.platform)?;
        }
        Ok(())
    }
}

/// The family whose rules check an IR instruction: its opcode's, except that block 2D and
/// LSC fields on another opcode go to the rules that reject them.
fn rules_family(insn: &Instruction) -> Builder {
    match insn.opcode.form().builder {
        f @ (Builder::Svm
        | Builder::Dataport
        | Builder::DataportTyped
        | Builder::Media
        | Builder::Dpas
        | Builder::LscFence
        | Builder::LscBlock2d
        | Builder::Flow
        | Builder::Sync
        | Builder::RawSend
        | Builder::Sampler) => f,
        _ if matches!(insn.ctrl, Ctrl::Block2d(_)) => Builder::LscBlock2d,
        Builder::LscGatherScatter | Builder::LscApndctr => Builder::LscGatherScatter,
        Builder::Alu if matches!(insn.ctrl, Ctrl::Lsc(_)) => Builder::LscGatherScatter,
        Builder::Alu => Builder::Alu,
    }
}

/// Whether the instruction exists on the platform ([`forms::Platforms`]).
fn exists(opcode: Opcode, platform: Platform, readings: &Readings) -> Result<()> {
    opcode
        .form()
        .platforms
        .admits_under(platform, readings)
        .map_err(|why| {
            invalid(
                "opcode",
                format!(
                    "`{}` does not exist on {}: {why}",
                    opcode.mnemonic(),
                    platform.name(),
                ),
            )
        })
}

/// Whether the instruction takes its execution size ([`forms::ExecSizes`]).
fn takes_exec_size(insn: &Instruction) -> Result<()> {
    let sizes = insn.opcode.form().exec_sizes;
    if sizes.admits(insn.exec_size) {
        return Ok(());
    }
    Err(invalid(
        "exec_size",
        format!(
            "`{}` does not take execution size {}: {}",
            insn.opcode.mnemonic(),
            insn.exec_size,
            sizes.why
        ),
    ))
}

/// The one family dispatch of the IR rules, shared by text validation and [`check_program`]:
/// the execution sizes of the opcode table's row, then the family's rules.
fn family_rules(env: &Env, insn: &Instruction) -> Result<()> {
    takes_exec_size(insn)?;
    let (vars, platform, readings) = (env.vars, env.platform, env.readings);
    match rules_family(insn) {
        Builder::Svm => svm::rules(insn, vars, platform, readings),
        Builder::Dataport => dataport::rules(insn, vars, platform, readings),
        Builder::DataportTyped => dataport_typed::rules(insn, vars, platform, readings),
        Builder::Media => media::rules(insn, vars, platform, readings),
        Builder::Dpas => dpas::rules(insn, vars, platform, readings),
        Builder::LscFence => lsc::fence::fence_rules(insn),
        Builder::LscBlock2d => lsc::block2d::rules(insn, vars, platform, readings),
        Builder::LscGatherScatter | Builder::LscApndctr => {
            lsc::gather_scatter::rules(insn, vars, platform, readings)
        }
        Builder::Alu => env.alu_rules(insn),
        Builder::Flow => flow::rules(insn, vars, platform, readings),
        Builder::Sync => sync::rules(insn, vars, readings),
        // The descriptors and counts, then the decoded instruction as its own family's.
        Builder::RawSend => {
            send::rules(insn, vars, platform)?;
            let Ctrl::RawSend(c) = &insn.ctrl else {
                return Err(invalid("opcode", "a raw send needs its fields"));
            };
            exists(c.lowered.opcode, platform, readings)?;
            family_rules(env, &c.lowered)
        }
        Builder::Sampler => sampler::rules(insn, vars, platform, readings),
    }
}

/// Checks the invariants [`validate`] establishes on an IR program built by other means
/// (by hand, by a fuzzer): variable ids in range and of the right class, execution size and
/// mask control, legal regions inside their variables, and the instruction's type map.
/// Both engines call it before executing, so neither ever sees a malformed program.
pub fn check_program(program: &Program, readings: &Readings) -> Result<()> {
    for insn in &program.insns {
        let env = Env {
            vars: &program.vars,
            platform: program.platform,
            readings,
            pos: insn.pos,
        };
        exists(insn.opcode, program.platform, readings)
            .and_then(|()| family_rules(&env, insn))
            .map_err(|e| e.at(insn.pos))?;
    }
    flow::program_rules(program, readings)
}

/// The state must have been made for the program's variables ([`MachineState::new`]).
pub fn check_state(program: &Program, state: &MachineState) -> Result<()> {
    let n = program.vars.len();
    if state.grf.len() < program.vars.grf_bytes()
        || state.preds.len() < n
        || state.addrs.len() < program.vars.addr_elts()
        || state.handles.len() < program.vars.handle_elts()
    {
        return Err(VisaError::invalid(
            "the machine state was not made for this program's variables (MachineState::new)",
        ));
    }
    Ok(())
}
