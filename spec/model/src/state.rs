//! Machine state: the declared variables laid out in GRF-sized rows of a virtual register
//! file, predicate and address variables, the execution mask, %cr0, and memory
//! (3_execution_model.md, 4_visa_header.md "pre-defined variables", 5_operands.md).

use std::collections::HashMap;

use crate::asm::ast::VarClass;
use crate::error::{ErrorClass, Result, VisaError};
use crate::platform::Platform;
use crate::types::DataType;

mod access;
mod byte_set;
mod format;
mod memory;
mod sampler;
pub use access::{coalesce, Access, AccessKind, AccessLog, FenceMark};
pub use byte_set::{ByteSet, ByteSetIter};
pub use format::{ChannelKind, SurfaceFormat};
pub use memory::{
    AddrSize, AddrType, Memory, PageMut, SparseMemory, StoreJournal, Surface, SurfaceHeap, Window,
    ARG, FLAT, PAGE_SIZE, SLM, SLM_ADDRESS_MASK,
};
pub use sampler::{AddressMode, Filter, SamplerState};

/// Index of a variable in [`Vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// A declared or pre-defined variable.
#[derive(Clone, Debug, PartialEq)]
pub struct VarInfo {
    pub name: String,
    pub class: VarClass,
    /// Element type: the declared type of a general variable, BOOL for predicates, UW for
    /// address variables, UD for surfaces and samplers.
    pub ty: DataType,
    pub num_elts: u32,
    /// Minimum byte alignment (`align=`), at least the element size.
    pub align: u32,
    /// `alias=<base, offset>` as declared (the base may itself be an alias).
    pub alias: Option<(VarId, u32)>,
    /// Byte offset of the variable in the register file (general variables only).
    pub grf_offset: Option<usize>,
    /// Index of the variable's first element in [`MachineState::addrs`] (address variables)
    /// or [`MachineState::handles`] (surface and sampler variables); `None` for other
    /// classes.
    pub slot: Option<usize>,
    /// A `%` pre-defined variable.
    pub predefined: bool,
    /// Writes are not allowed (`%null` reads, `%hw_id`, ...); writes to `%null` are dropped.
    pub read_only: bool,
    /// The unit (kernel or function, [`crate::ir::flow::UnitId`]) that declares it; 0 for
    /// the kernel and for the pre-defined variables, which every unit shares.
    pub unit: u32,
}

impl VarInfo {
    /// Size of the variable's storage in bytes (predicates: one bit per element, rounded up).
    pub fn byte_size(&self) -> usize {
        match self.class {
            VarClass::Predicate => (self.num_elts as usize).div_ceil(8),
            _ => self.num_elts as usize * self.ty.size(),
        }
    }
}

/// The symbol table: every variable with its register-file layout.
#[derive(Clone, Debug)]
pub struct Vars {
    pub platform: Platform,
    infos: Vec<VarInfo>,
    by_name: HashMap<String, VarId>,
    /// Bytes of register file allocated so far (a multiple of the GRF size).
    grf_bytes: usize,
    /// Elements of address variables allocated so far.
    addr_elts: usize,
    /// Elements of surface and sampler variables allocated so far.
    handle_elts: usize,
    /// Predicate variables declared so far.
    pred_vars: usize,
    /// Bytes of the kernel's variables visible by name now, aliases included: what a result
    /// that observes every variable holds.
    observed_bytes: usize,
    /// The open `{ }` declaration scopes, innermost last: each maps the names declared in
    /// it to the binding each one shadows.
    scopes: Vec<HashMap<String, Option<VarId>>>,
    /// The unit whose declarations are being read.
    unit: u32,
    /// The kernel's names, kept while a later unit's declarations are read.
    kernel_names: Option<HashMap<String, VarId>>,
    /// Elements (UD) of `%r0`: one GRF register (erratum PREDEFINED-R0-GRF), or the
    /// documents' eight under its literal reading.
    r0_elts: u32,
}

/// The most bytes of state a program may declare ([`Vars::declared_bytes`]): the
/// register-file storage of its general variables (each rounded up to whole GRFs; an alias
/// shares its base's), a mask word per predicate variable, 2 bytes per address element and 4
/// per surface or sampler element, over every unit and scope. The largest IGC dump among the
/// tests declares 69,592 bytes.
pub const MAX_DECLARED_BYTES: usize = 64 << 20;

/// The most bytes of variables a result may observe ([`Vars::observed_bytes`]): the
/// kernel's variables visible by name at the end of its text (pre-defined ones excepted),
/// each alias with its own bytes, predicates as their masks' bytes. A result's line holds
/// them in hex, twice as many characters. The largest IGC dump among the tests observes
/// 91,046 bytes.
pub const MAX_OBSERVED_BYTES: usize = 16 << 20;

/// The bytes [`Vars::declared_bytes`] counts for a predicate variable: its mask word in
/// [`MachineState::preds`].
const PRED_BYTES: usize = 4;

/// Name of the variable that discards writes.
pub const NULL: &str = "%null";
/// Name of the control register (4_visa_header.md, V14).
pub const CR0: &str = "%cr0";
/// IGC's pre-defined message variable, which the documents' table does not list (erratum
/// PREDEFINED-MSG0).
pub const MSG0: &str = "%msg0";

/// The general pre-defined variables: name, type, elements, read only
/// (4_visa_header.md, table of pre-defined variables V1..V19; and IGC's `%msg0`).
fn predefined_general(
    platform: Platform,
    r0_elts: u32,
) -> Vec<(&'static str, DataType, u32, bool)> {
    vec![
        ("%thread_x", DataType::UW, 1, true),
        ("%thread_y", DataType::UW, 1, true),
        ("%group_id_x", DataType::UD, 1, true),
        ("%group_id_y", DataType::UD, 1, true),
        ("%group_id_z", DataType::UD, 1, true),
        ("%tm", DataType::UD, 5, false),
        ("%tsc", DataType::UD, 5, false),
        ("%r0", DataType::UD, r0_elts, true),
        ("%arg", DataType::UD, platform.arg_elements(), false),
        ("%retval", DataType::UD, platform.retval_elements(), false),
        // UQ, as IGC's table has them (erratum PREDEFINED-IGC-TABLE; the documents: UD).
        ("%sp", DataType::UQ, 1, false),
        ("%fp", DataType::UQ, 1, false),
        ("%hw_id", DataType::UD, 1, true),
        ("%sr0", DataType::UD, 4, false),
        (CR0, DataType::UD, 1, false),
        ("%ce0", DataType::UD, 1, true),
        ("%dbg0", DataType::UD, 2, false),
        ("%color", DataType::UW, 1, true),
        ("%implicit_arg_ptr", DataType::UQ, 1, false),
        ("%implicit_local_id_buf_ptr", DataType::UQ, 1, false),
        // Not in the table: IGC's %msg0, three UD (PreDefinedVars, MSG0), read and written
        // like any variable (erratum PREDEFINED-MSG0).
        (MSG0, DataType::UD, 3, false),
        // Not in the table: IGC's group counts, read only (erratum PREDEFINED-IGC-TABLE).
        ("%group_count_x", DataType::UD, 1, true),
        ("%group_count_y", DataType::UD, 1, true),
    ]
}

/// The documents' name of a pre-defined variable IGC spells otherwise (erratum
/// PREDEFINED-IGC-TABLE): `%impl_arg_buf_ptr` and `%local_id_buf_ptr`.
fn documented_name(name: &str) -> &str {
    match name {
        "%impl_arg_buf_ptr" => "%implicit_arg_ptr",
        "%local_id_buf_ptr" => "%implicit_local_id_buf_ptr",
        other => other,
    }
}

impl Vars {
    /// A symbol table holding `%null` and `%cr0`; other pre-defined variables are added
    /// when a program first names them.
    pub fn new(platform: Platform) -> Vars {
        let mut vars = Vars {
            platform,
            infos: Vec::new(),
            by_name: HashMap::new(),
            grf_bytes: 0,
            addr_elts: 0,
            handle_elts: 0,
            pred_vars: 0,
            observed_bytes: 0,
            scopes: Vec::new(),
            unit: 0,
            kernel_names: None,
            r0_elts: (platform.grf_size() / 4) as u32,
        };
        vars.infos.push(VarInfo {
            name: NULL.to_string(),
            class: VarClass::General,
            ty: DataType::UD,
            num_elts: 1,
            align: 1,
            alias: None,
            grf_offset: None,
            slot: None,
            predefined: true,
            read_only: true,
            unit: 0,
        });
        vars.by_name.insert(NULL.to_string(), VarId(0));
        // Infallible: the table is empty but for %null.
        let _ = vars.predefined(CR0);
        vars
    }

    /// Gives `%r0` the documents' eight UD elements on every platform (erratum
    /// PREDEFINED-R0-GRF, literal reading); call before any name is looked up.
    pub fn set_documented_r0(&mut self) {
        self.r0_elts = 8;
    }

    pub fn len(&self) -> usize {
        self.infos.len()
    }

    pub fn is_empty(&self) -> bool {
        self.infos.is_empty()
    }

    pub fn get(&self, id: VarId) -> &VarInfo {
        &self.infos[id.0 as usize]
    }

    pub fn iter(&self) -> impl Iterator<Item = (VarId, &VarInfo)> {
        self.infos
            .iter()
            .enumerate()
            .map(|(i, v)| (VarId(i as u32), v))
    }

    /// Looks a name up, adding a pre-defined `%` variable on first use.
    pub fn lookup(&mut self, name: &str) -> Option<VarId> {
        if let Some(id) = self.by_name.get(name) {
            return Some(*id);
        }
        if name.starts_with('%') {
            return self.predefined(name);
        }
        None
    }

    /// Looks a name up without adding anything.
    pub fn find(&self, name: &str) -> Option<VarId> {
        self.by_name.get(documented_name(name)).copied()
    }

    /// Total bytes of the register file the variables occupy.
    pub fn grf_bytes(&self) -> usize {
        self.grf_bytes
    }

    /// Total elements of the address variables ([`MachineState::addrs`]).
    pub fn addr_elts(&self) -> usize {
        self.addr_elts
    }

    /// Total elements of the surface and sampler variables ([`MachineState::handles`]).
    pub fn handle_elts(&self) -> usize {
        self.handle_elts
    }

    fn predefined(&mut self, name: &str) -> Option<VarId> {
        let name = documented_name(name);
        if let Some(id) = self.by_name.get(name) {
            return Some(*id);
        }
        let (n, ty, elts, ro) = predefined_general(self.platform, self.r0_elts)
            .into_iter()
            .find(|(n, ..)| *n == name)?;
        let info = VarInfo {
            name: n.to_string(),
            class: VarClass::General,
            ty,
            num_elts: elts,
            align: ty.size() as u32,
            alias: None,
            grf_offset: None,
            slot: None,
            predefined: true,
            read_only: ro,
            unit: 0,
        };
        self.insert(info).ok()
    }

    /// Declares a variable. General variables without an alias get their own GRF-aligned
    /// storage (5_operands.md, implementation note on variable alignment); an alias shares
    /// its base's storage at the given byte offset.
    pub fn declare(
        &mut self,
        name: &str,
        class: VarClass,
        ty: DataType,
        num_elts: u32,
        align: u32,
        alias: Option<(VarId, u32)>,
    ) -> Result<VarId> {
        let twice = match self.scopes.last() {
            Some(scope) => scope.contains_key(name),
            None => self.by_name.contains_key(name),
        };
        if twice {
            return Err(VisaError::invalid(format!(
                "variable `{name}` is declared twice"
            )));
        }
        if num_elts == 0 || num_elts > 4096 {
            return Err(VisaError::invalid(format!(
                "variable `{name}` has num_elts={num_elts}; the valid range is 1..=4096"
            )));
        }
        let info = VarInfo {
            name: name.to_string(),
            class,
            ty,
            num_elts,
            align: align.max(ty.size() as u32),
            alias,
            grf_offset: None,
            slot: None,
            predefined: false,
            read_only: false,
            unit: self.unit,
        };
        let shadowed = self.by_name.get(name).copied();
        let id = self.insert(info)?;
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), shadowed);
        }
        Ok(id)
    }

    /// Opens a `{` declaration scope (IGC's CISA.y, `Scope`): names declared until the
    /// matching [`Vars::close_scope`] shadow the outer ones.
    pub fn open_scope(&mut self) {
        self.scopes.push(HashMap::new());
    }

    /// Closes the innermost scope: its names are no longer visible and the ones they
    /// shadowed are again. Returns `false` when no scope is open.
    pub fn close_scope(&mut self) -> bool {
        let Some(scope) = self.scopes.pop() else {
            return false;
        };
        for (name, shadowed) in scope {
            if self.unit == 0 {
                let hidden = self.by_name.get(&name).and_then(|id| self.observed(*id));
                let shown = shadowed.and_then(|id| self.observed(id));
                self.observed_bytes = self
                    .observed_bytes
                    .saturating_sub(hidden.unwrap_or(0))
                    .saturating_add(shown.unwrap_or(0));
            }
            match shadowed {
                Some(id) => self.by_name.insert(name, id),
                None => self.by_name.remove(&name),
            };
        }
        true
    }

    /// The number of open scopes.
    pub fn open_scopes(&self) -> usize {
        self.scopes.len()
    }

    /// Starts the declarations of the next unit (`.global_function`): only the pre-defined
    /// variables stay visible. The kernel's names come back with [`Vars::finish_units`].
    pub fn begin_unit(&mut self) {
        while self.close_scope() {}
        let names = std::mem::take(&mut self.by_name);
        if self.kernel_names.is_none() {
            self.kernel_names = Some(names.clone());
        }
        self.by_name = names
            .into_iter()
            .filter(|(_, id)| self.infos[id.0 as usize].predefined)
            .collect();
        self.unit += 1;
    }

    /// After the last unit: names resolve in the kernel again (vectors name the kernel's
    /// variables), with every pre-defined variable any unit named.
    pub fn finish_units(&mut self) {
        while self.close_scope() {}
        if let Some(kernel) = self.kernel_names.take() {
            let predefined: Vec<(String, VarId)> = self
                .by_name
                .iter()
                .filter(|(_, id)| self.infos[id.0 as usize].predefined)
                .map(|(n, id)| (n.clone(), *id))
                .collect();
            self.by_name = kernel;
            self.by_name.extend(predefined);
        }
    }

    /// The bytes of state the variables declared so far hold ([`MAX_DECLARED_BYTES`]).
    pub fn declared_bytes(&self) -> usize {
        self.grf_bytes
            .saturating_add(self.pred_vars.saturating_mul(PRED_BYTES))
            .saturating_add(self.addr_elts.saturating_mul(2))
            .saturating_add(self.handle_elts.saturating_mul(4))
    }

    /// The bytes of the kernel's variables a result observes, as the names stand now
    /// ([`MAX_OBSERVED_BYTES`]).
    pub fn observed_bytes(&self) -> usize {
        self.observed_bytes
    }

    /// Whether a variable counts towards [`Vars::observed_bytes`]: the kernel's own, not
    /// pre-defined.
    fn observed(&self, id: VarId) -> Option<usize> {
        let v = self.infos.get(id.0 as usize)?;
        (!v.predefined && v.unit == 0).then(|| v.byte_size())
    }

    /// Adds a variable, giving it its storage: register-file bytes for a general variable,
    /// elements of [`MachineState::addrs`] or [`MachineState::handles`] for an address,
    /// surface or sampler variable. A declaration that would take the state past
    /// [`MAX_DECLARED_BYTES`] or the kernel's observed variables past [`MAX_OBSERVED_BYTES`]
    /// is a `resource-limit` error, and nothing is added.
    fn insert(&mut self, mut info: VarInfo) -> Result<VarId> {
        let size = info.byte_size();
        let grf = self.platform.grf_size();
        let n = info.num_elts as usize;
        let storage = match info.class {
            VarClass::General if info.alias.is_some() => 0,
            VarClass::General => size.div_ceil(grf) * grf,
            VarClass::Predicate => PRED_BYTES,
            VarClass::Address => 2 * n,
            VarClass::Surface | VarClass::Sampler => 4 * n,
        };
        let declared = self.declared_bytes().saturating_add(storage);
        if declared > MAX_DECLARED_BYTES && !info.predefined {
            return Err(VisaError::new(
                ErrorClass::ResourceLimit,
                format!(
                    "`{}` brings the declared state to {declared} bytes, more than the \
                     {MAX_DECLARED_BYTES} a program may declare (every variable's storage in \
                     every unit and scope; aliases share their base's)",
                    info.name
                ),
            ));
        }
        let observed = if !info.predefined && self.unit == 0 {
            let shadowed = self
                .by_name
                .get(&info.name)
                .and_then(|id| self.observed(*id))
                .unwrap_or(0);
            let observed = self.observed_bytes.saturating_sub(shadowed);
            let observed = observed.saturating_add(size);
            if observed > MAX_OBSERVED_BYTES {
                return Err(VisaError::new(
                    ErrorClass::ResourceLimit,
                    format!(
                        "`{}` brings the kernel's variables a result observes to {observed} \
                         bytes, more than the {MAX_OBSERVED_BYTES} a result may hold (aliases \
                         count their own bytes)",
                        info.name
                    ),
                ));
            }
            observed
        } else {
            self.observed_bytes
        };
        if info.class == VarClass::General {
            match info.alias {
                Some((base, offset)) => {
                    let Some(base) = self.infos.get(base.0 as usize) else {
                        return Err(VisaError::invalid(format!(
                            "`{}` aliases variable {}, which does not exist",
                            info.name, base.0
                        )));
                    };
                    if base.class != VarClass::General {
                        return Err(VisaError::invalid(format!(
                            "`{}` aliases `{}`, which is not a general variable",
                            info.name, base.name
                        )));
                    }
                    let Some(base_offset) = base.grf_offset else {
                        return Err(VisaError::invalid(format!(
                            "`{}` aliases `{}`, which cannot be aliased",
                            info.name, base.name
                        )));
                    };
                    if !(offset as usize).is_multiple_of(info.ty.size()) {
                        return Err(VisaError::invalid(format!(
                            "alias offset {offset} of `{}` is not aligned to its type {}",
                            info.name, info.ty
                        )));
                    }
                    let end = (offset as usize).checked_add(size);
                    if end.is_none_or(|end| end > base.byte_size()) {
                        return Err(VisaError::invalid(format!(
                            "`{}` ({size} bytes at offset {offset}) does not fit in `{}` ({} bytes)",
                            info.name,
                            base.name,
                            base.byte_size()
                        )));
                    }
                    info.grf_offset = Some(base_offset + offset as usize);
                }
                None => {
                    info.grf_offset = Some(self.grf_bytes);
                    self.grf_bytes += storage;
                }
            }
        }
        match info.class {
            VarClass::Address => {
                info.slot = Some(self.addr_elts);
                self.addr_elts += n;
            }
            VarClass::Surface | VarClass::Sampler => {
                info.slot = Some(self.handle_elts);
                self.handle_elts += n;
            }
            VarClass::Predicate => self.pred_vars += 1,
            VarClass::General => {}
        }
        self.observed_bytes = observed;
        let id = VarId(self.infos.len() as u32);
        self.by_name.insert(info.name.clone(), id);
        self.infos.push(info);
        Ok(id)
    }
}

/// The observable state of one thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineState {
    /// The virtual register file holding every general variable.
    pub grf: Vec<u8>,
    /// Predicate variables: bit i is element i. Indexed by `VarId`.
    pub preds: Vec<u32>,
    /// The elements of every address variable (byte addresses in the register file), a
    /// variable's from its [`VarInfo::slot`] on.
    pub addrs: Vec<u16>,
    /// The elements of every surface and sampler variable, a variable's from its
    /// [`VarInfo::slot`] on.
    pub handles: Vec<u32>,
    /// The execution mask EM (3_execution_model.md, "Execution Mask"); bit i is channel i.
    pub emask: u32,
    pub mem: Memory,
    /// Register-file bytes an instruction left undefined (SAD2's odd channels, a division by
    /// zero). They keep their previous contents; a defined write removes them. Vectors expect
    /// them as `??`.
    pub undefined: ByteSet,
    /// The register file of the fused partner thread (EU1 of DPASW.md), same layout as
    /// `grf`: DPASW reads the second part of its Src2 from it. `None`: the partner holds the
    /// same bytes as this thread.
    pub partner_grf: Option<Vec<u8>>,
}

impl MachineState {
    /// Zeroed state for the variables of `vars`, all 32 channels enabled.
    pub fn new(vars: &Vars) -> MachineState {
        MachineState {
            grf: vec![0; vars.grf_bytes()],
            preds: vec![0; vars.len()],
            addrs: vec![0; vars.addr_elts()],
            handles: vec![0; vars.handle_elts()],
            emask: u32::MAX,
            mem: Memory::default(),
            undefined: ByteSet::new(),
            partner_grf: None,
        }
    }

    /// The value of %cr0.
    pub fn cr0(&self, vars: &Vars) -> u32 {
        let Some(off) = vars.find(CR0).and_then(|id| vars.get(id).grf_offset) else {
            return 0;
        };
        u32::from_le_bytes([
            self.grf[off],
            self.grf[off + 1],
            self.grf[off + 2],
            self.grf[off + 3],
        ])
    }

    /// The elements of address variable `id` (empty for a variable of another class).
    pub fn addr(&self, vars: &Vars, id: VarId) -> &[u16] {
        match elements(vars, id, VarClass::Address) {
            Some(r) => self.addrs.get(r).unwrap_or(&[]),
            None => &[],
        }
    }

    /// The elements of address variable `id`, to write.
    pub fn addr_mut(&mut self, vars: &Vars, id: VarId) -> &mut [u16] {
        match elements(vars, id, VarClass::Address) {
            Some(r) => self.addrs.get_mut(r).unwrap_or(&mut []),
            None => &mut [],
        }
    }

    /// The elements of surface or sampler variable `id` (empty for a variable of another
    /// class).
    pub fn handle(&self, vars: &Vars, id: VarId) -> &[u32] {
        match elements(vars, id, VarClass::Surface) {
            Some(r) => self.handles.get(r).unwrap_or(&[]),
            None => &[],
        }
    }

    /// The elements of surface or sampler variable `id`, to write.
    pub fn handle_mut(&mut self, vars: &Vars, id: VarId) -> &mut [u32] {
        match elements(vars, id, VarClass::Surface) {
            Some(r) => self.handles.get_mut(r).unwrap_or(&mut []),
            None => &mut [],
        }
    }

    /// The bytes of a variable in its little-endian storage order (predicates: the mask in
    /// `ceil(num_elts/8)` bytes).
    pub fn read_var(&self, vars: &Vars, id: VarId) -> Vec<u8> {
        let v = vars.get(id);
        match v.class {
            VarClass::General => match v.grf_offset {
                Some(off) => self.grf[off..off + v.byte_size()].to_vec(),
                None => vec![0; v.byte_size()],
            },
            VarClass::Predicate => {
                self.preds[id.0 as usize].to_le_bytes()[..v.byte_size()].to_vec()
            }
            VarClass::Address => self
                .addr(vars, id)
                .iter()
                .flat_map(|a| a.to_le_bytes())
                .collect(),
            VarClass::Surface | VarClass::Sampler => self
                .handle(vars, id)
                .iter()
                .flat_map(|a| a.to_le_bytes())
                .collect(),
        }
    }

    /// Replaces the bytes of a variable; `bytes` must be exactly its size.
    pub fn write_var(&mut self, vars: &Vars, id: VarId, bytes: &[u8]) -> Result<()> {
        let v = vars.get(id);
        if bytes.len() != v.byte_size() {
            return Err(VisaError::invalid(format!(
                "`{}` has {} bytes, {} given",
                v.name,
                v.byte_size(),
                bytes.len()
            )));
        }
        match v.class {
            VarClass::General => {
                if let Some(off) = v.grf_offset {
                    self.grf[off..off + bytes.len()].copy_from_slice(bytes);
                    self.undefined.remove_range(off..off + bytes.len());
                }
            }
            VarClass::Predicate => {
                let mut word = [0u8; 4];
                word[..bytes.len()].copy_from_slice(bytes);
                let mask = if v.num_elts >= 32 {
                    u32::MAX
                } else {
                    (1u32 << v.num_elts) - 1
                };
                self.preds[id.0 as usize] = u32::from_le_bytes(word) & mask;
            }
            VarClass::Address => {
                let elements = self.addr_mut(vars, id);
                for (e, c) in elements.iter_mut().zip(bytes.chunks_exact(2)) {
                    *e = u16::from_le_bytes([c[0], c[1]]);
                }
            }
            VarClass::Surface | VarClass::Sampler => {
                let elements = self.handle_mut(vars, id);
                for (e, c) in elements.iter_mut().zip(bytes.chunks_exact(4)) {
                    *e = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                }
            }
        }
        Ok(())
    }
}

/// Where the elements of variable `id` sit in [`MachineState::addrs`] (`class` Address) or
/// [`MachineState::handles`] (`class` Surface, which stands for samplers too).
fn elements(vars: &Vars, id: VarId, class: VarClass) -> Option<std::ops::Range<usize>> {
    let v = vars.infos.get(id.0 as usize)?;
    let same = match class {
        VarClass::Surface => matches!(v.class, VarClass::Surface | VarClass::Sampler),
        _ => v.class == class,
    };
    let slot = v.slot.filter(|_| same)?;
    Some(slot..slot + v.num_elts as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Address, surface and sampler variables get disjoint element slots, whatever other
    /// variables are declared between them, and each reads back what was written to it.
    #[test]
    fn element_slots_are_disjoint() -> Result<()> {
        let mut vars = Vars::new(Platform::XeHpc);
        let a0 = vars.declare("A0", VarClass::Address, DataType::UW, 2, 2, None)?;
        vars.declare("V1", VarClass::General, DataType::UD, 8, 4, None)?;
        let t0 = vars.declare("T0", VarClass::Surface, DataType::UD, 1, 4, None)?;
        let a1 = vars.declare("A1", VarClass::Address, DataType::UW, 3, 2, None)?;
        let s0 = vars.declare("S0", VarClass::Sampler, DataType::UD, 2, 4, None)?;
        assert_eq!((vars.addr_elts(), vars.handle_elts()), (5, 3));
        let mut state = MachineState::new(&vars);
        state.write_var(&vars, a0, &[1, 0, 2, 0])?;
        state.write_var(&vars, a1, &[3, 0, 4, 0, 5, 0])?;
        state.write_var(&vars, t0, &[6, 0, 0, 0])?;
        state.write_var(&vars, s0, &[7, 0, 0, 0, 8, 0, 0, 0])?;
        assert_eq!(state.addr(&vars, a0), &[1, 2]);
        assert_eq!(state.addr(&vars, a1), &[3, 4, 5]);
        assert_eq!(state.handle(&vars, t0), &[6]);
        assert_eq!(state.handle(&vars, s0), &[7, 8]);
        assert_eq!(state.addrs, [1, 2, 3, 4, 5]);
        assert_eq!(state.handles, [6, 7, 8]);
        assert_eq!(state.read_var(&vars, a1), [3, 0, 4, 0, 5, 0]);
        // Another class has no elements.
        assert!(state.addr(&vars, t0).is_empty());
        assert!(state.handle(&vars, a0).is_empty());
        Ok(())
    }

    /// Declarations that would take the declared state past [`MAX_DECLARED_BYTES`] stop at
    /// the one that crosses it, with `resource-limit`, and add nothing.
    #[test]
    fn the_declared_state_is_bounded() -> Result<()> {
        let mut vars = Vars::new(Platform::XeHpg);
        // A function's variables: no result observes them, so only the declared state grows.
        vars.begin_unit();
        let per_surface = 4096 * 4;
        let fit = (MAX_DECLARED_BYTES - vars.declared_bytes()) / per_surface;
        for i in 0..fit {
            let declared = vars.declare(
                &format!("T{i}"),
                VarClass::Surface,
                DataType::UD,
                4096,
                4,
                None,
            );
            assert!(declared.is_ok(), "surface {i}: {declared:?}");
        }
        let before = (vars.len(), vars.declared_bytes(), vars.handle_elts());
        let err = vars
            .declare("LAST", VarClass::Surface, DataType::UD, 4096, 4, None)
            .expect_err("the declaration crosses the limit");
        assert_eq!(err.class, ErrorClass::ResourceLimit);
        assert!(err.message.contains("`LAST`"), "{}", err.message);
        assert!(
            err.message.contains(&MAX_DECLARED_BYTES.to_string()),
            "{}",
            err.message
        );
        assert_eq!(
            (vars.len(), vars.declared_bytes(), vars.handle_elts()),
            before
        );
        assert!(vars.find("LAST").is_none());
        // An alias takes no storage of its own: declared state does not grow with aliases.
        let mut vars = Vars::new(Platform::XeHpg);
        let base = vars.declare("B", VarClass::General, DataType::D, 8, 4, None)?;
        let declared = vars.declared_bytes();
        for i in 0..100 {
            vars.declare(
                &format!("A{i}"),
                VarClass::General,
                DataType::D,
                8,
                4,
                Some((base, 0)),
            )?;
        }
        assert_eq!(vars.declared_bytes(), declared);
        Ok(())
    }

    /// Aliases count towards the bytes a result observes ([`MAX_OBSERVED_BYTES`]); a name
    /// a closed scope hid no longer counts, and one it shadowed counts again.
    #[test]
    fn the_observed_variables_are_bounded() -> Result<()> {
        let mut vars = Vars::new(Platform::XeHpg);
        let base = vars.declare("B", VarClass::General, DataType::D, 1024, 4, None)?;
        assert_eq!(vars.observed_bytes(), 4096);
        vars.open_scope();
        vars.declare("B", VarClass::General, DataType::D, 8, 4, None)?;
        vars.declare("S", VarClass::Predicate, DataType::BOOL, 16, 1, None)?;
        assert_eq!(vars.observed_bytes(), 32 + 2);
        assert!(vars.close_scope());
        assert_eq!(vars.observed_bytes(), 4096);
        let fit = MAX_OBSERVED_BYTES / 4096 - 1;
        for i in 0..fit {
            vars.declare(
                &format!("A{i}"),
                VarClass::General,
                DataType::D,
                1024,
                4,
                Some((base, 0)),
            )?;
        }
        assert_eq!(vars.observed_bytes(), MAX_OBSERVED_BYTES);
        let err = vars
            .declare(
                "OVER",
                VarClass::General,
                DataType::D,
                1,
                4,
                Some((base, 0)),
            )
            .expect_err("the declaration crosses the limit");
        assert_eq!(err.class, ErrorClass::ResourceLimit);
        assert!(err.message.contains("`OVER`"), "{}", err.message);
        // A function's own variables are not observed.
        vars.begin_unit();
        vars.declare("F", VarClass::General, DataType::D, 1024, 4, None)?;
        assert_eq!(vars.observed_bytes(), MAX_OBSERVED_BYTES);
        Ok(())
    }

    /// A `{ }` scope finds a name declared twice in it, and lets an inner scope shadow it.
    #[test]
    fn a_scope_rejects_a_name_declared_twice_in_it() -> Result<()> {
        let mut vars = Vars::new(Platform::XeHpg);
        let outer = vars.declare("V", VarClass::General, DataType::D, 8, 4, None)?;
        vars.open_scope();
        let inner = vars.declare("V", VarClass::General, DataType::D, 8, 4, None)?;
        assert_eq!(vars.find("V"), Some(inner));
        let twice = vars.declare("V", VarClass::General, DataType::D, 8, 4, None);
        assert_eq!(
            twice.expect_err("a name declared twice").class,
            ErrorClass::InvalidInstruction
        );
        assert!(vars.close_scope());
        assert_eq!(vars.find("V"), Some(outer));
        Ok(())
    }
}
