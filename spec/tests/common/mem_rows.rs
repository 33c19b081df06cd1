// The one row runner of the LSC edge catalogs (spec/tests/lsc_rows/*.rs), which the spec's
// and the oracle's tests include after defining `engine_run`. A row builds its state (variables, flat memory, surfaces, the
// predicate `P1`, errata at their literal reading, the platform), runs the engine and
// compares what it observes (`Want`): register or flat memory bytes, `None` where the bytes
// must be undefined (a don't-care of the vectors), or the error class.

#[allow(dead_code)]
mod mem_rows {
    use super::engine_run;
    use visa_spec::errata::{Reading, Readings};
    use visa_spec::exec::ExecConfig;
    use visa_spec::ir::Program;
    use visa_spec::platform::Platform;
    use visa_spec::state::{MachineState, Surface, SurfaceHeap, FLAT};
    use visa_spec::{asm, validate, ErrorClass, VisaError};

    /// One row's program and initial state.
    #[derive(Clone)]
    pub struct Case {
        /// The instruction text (after the catalog's declarations).
        pub text: &'static str,
        decls: &'static str,
        vars: Vec<(&'static str, Vec<u8>)>,
        mem: Vec<(u64, Vec<u8>)>,
        surfaces: Vec<Surface>,
        literal: Vec<&'static str>,
        pred: u32,
        platform: Platform,
    }

    impl Case {
        /// `text` after `decls` on xe-hpg, `P1` (when declared) all ones over 8 lanes.
        pub fn new(decls: &'static str, text: &'static str) -> Case {
            Case {
                text,
                decls,
                vars: vec![],
                mem: vec![],
                surfaces: vec![],
                literal: vec![],
                pred: 0xff,
                platform: Platform::XeHpg,
            }
        }
        /// The leading bytes of a variable; the rest is zero.
        pub fn var(mut self, name: &'static str, bytes: Vec<u8>) -> Case {
            self.vars.push((name, bytes));
            self
        }
        /// Flat memory bytes from `addr` (written in the order given).
        pub fn mem(mut self, addr: u64, bytes: Vec<u8>) -> Case {
            self.mem.push((addr, bytes));
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
            self.surfaces.extend(surfaces);
            self
        }
        /// Runs the erratum `id` under its literal reading.
        pub fn literal(mut self, id: &'static str) -> Case {
            self.literal.push(id);
            self
        }
        pub fn on(mut self, platform: Platform) -> Case {
            self.platform = platform;
            self
        }
        /// The lanes `P1` enables.
        pub fn pred(mut self, mask: u32) -> Case {
            self.pred = mask;
            self
        }

        /// Parses, validates, initialises and runs the row on the engine under test.
        pub fn go(&self) -> Result<(Program, MachineState), VisaError> {
            let mut readings = Readings::resolved();
            for id in &self.literal {
                readings.set(id, Reading::Literal).unwrap();
            }
            let text = format!("{}{}\n", self.decls, self.text);
            let ast = asm::parse(&text)?;
            let program = validate::validate_with(&ast, self.platform, &readings)?;
            let mut state = MachineState::new(&program.vars);
            for (name, bytes) in &self.vars {
                let id = program.vars.find(name).unwrap();
                let mut whole = bytes.clone();
                whole.resize(program.vars.get(id).byte_size(), 0);
                state.write_var(&program.vars, id, &whole).unwrap();
            }
            if let Some(p1) = program.vars.find("P1") {
                state.preds[p1.0 as usize] = self.pred;
            }
            for (addr, bytes) in &self.mem {
                state.mem.space_mut(FLAT).write(*addr, bytes);
            }
            state.mem.surfaces.extend(self.surfaces.iter().cloned());
            let config = ExecConfig {
                readings,
                ..Default::default()
            };
            engine_run(&program, &mut state, &config)?;
            Ok((program, state))
        }
    }

    /// What a row observes.
    #[derive(Debug)]
    pub enum Want {
        /// Register bytes of a variable from a byte offset, `None` where undefined.
        Reg(&'static str, usize, Vec<Option<u8>>),
        /// Flat memory bytes from an address, `None` where undefined.
        Mem(u64, Vec<Option<u8>>),
        /// The run stops with an error of this class.
        Error(ErrorClass),
        /// The run stops with an error of this class naming this field.
        ErrorAt(ErrorClass, &'static str),
    }

    /// Runs `c` once and checks `want`.
    pub fn check(c: Case, want: Want) {
        check_all(c, vec![want]);
    }

    /// Runs `c` once and checks every observation of `wants`.
    pub fn check_all(c: Case, wants: Vec<Want>) {
        let got = c.go();
        for want in wants {
            match (&got, want) {
                (Err(e), Want::Error(class)) => assert_eq!(e.class, class, "{}: {e}", c.text),
                (Err(e), Want::ErrorAt(class, field)) => assert_eq!(
                    (e.class, e.field.as_deref().unwrap_or_default()),
                    (class, field),
                    "{}: {e}",
                    c.text
                ),
                (Ok(_), want @ (Want::Error(_) | Want::ErrorAt(..))) => {
                    panic!("{}: ran, want {want:?}", c.text)
                }
                (Err(e), want) => panic!("{}: {e}, want {want:?}", c.text),
                (Ok((p, s)), Want::Reg(var, at, bytes)) => {
                    assert_eq!(reg(p, s, var, at, bytes.len()), bytes, "{}", c.text)
                }
                (Ok((_, s)), Want::Mem(addr, bytes)) => {
                    assert_eq!(flat(s, addr, bytes.len()), bytes, "{}", c.text)
                }
            }
        }
    }

    /// Register bytes `at..at + len` of `var`, `None` where undefined.
    pub fn reg(p: &Program, s: &MachineState, var: &str, at: usize, len: usize) -> Vec<Option<u8>> {
        let id = p.vars.find(var).unwrap();
        let base = p.vars.get(id).grf_offset.unwrap();
        (base + at..base + at + len)
            .map(|b| (!s.undefined.contains(&b)).then_some(s.grf[b]))
            .collect()
    }

    /// Flat memory bytes `addr..addr + len`, `None` where undefined.
    pub fn flat(s: &MachineState, addr: u64, len: usize) -> Vec<Option<u8>> {
        let m = s.mem.space(FLAT).unwrap();
        (0..len as u64)
            .map(|i| {
                let mut b = [0];
                m.read(addr + i, &mut b);
                (!m.is_undefined(addr + i)).then_some(b[0])
            })
            .collect()
    }

    /// Each erratum of `ids` is in the ledger with two executable readings.
    pub fn assert_executable(ids: &[&str]) {
        for id in ids {
            let entry = visa_spec::errata::LEDGER.iter().find(|e| e.id == *id);
            assert!(entry.is_some_and(|e| e.executable), "{id}");
        }
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

    /// Little-endian bytes of u16 elements.
    pub fn le16(xs: &[u16]) -> Vec<u8> {
        xs.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    /// Little-endian bytes of u32 elements.
    pub fn le32(xs: &[u32]) -> Vec<u8> {
        xs.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    /// Little-endian bytes of u64 elements.
    pub fn le64(xs: &[u64]) -> Vec<u8> {
        xs.iter().flat_map(|x| x.to_le_bytes()).collect()
    }
}

use mem_rows::*;
