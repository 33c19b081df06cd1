//! `visa-conform launch`: a kernel over an NDRange, as the driver launches it
//! (docs/launch.md), printed as one JSON object.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::{Map, Value};

use super::exec::{error_value, join_texts, locate_in_files, read_texts};
use super::input::{read_input, read_limited, text_of, ReadError};
use crate::case::{EngineKind, Limits};
use crate::exit::{EXIT_FAIL, EXIT_INPUT, EXIT_OK};
use crate::launch::arg::{self, MAX_BUFFER_BYTES};
use crate::launch::races::RacesMode;
use crate::launch::sched::Schedule;
use crate::launch::{bind, formats, interface, launch, HostArg, Report, Request, RunError};
use visa_model::platform::Platform;

#[derive(Debug, Args)]
pub struct LaunchArgs {
    /// The kernel's assembly text (a whole IGC dump).
    pub kernel: String,
    /// The texts of the functions it calls (`NAME_f0.visaasm`), read after the kernel.
    pub functions: Vec<String>,
    /// The platform (gen9, gen11, xe-lp, xe-hpg, xe-hpc, xe2).
    #[arg(long)]
    pub platform: String,
    /// Where the arguments and the payload lie (docs/launch.md): IGC's `.progbin` or zebin
    /// (its `.ze_info`) from the shader dump, or the project's kernel-interface JSON.
    #[arg(long)]
    pub interface: PathBuf,
    /// Work-items in `X[,Y[,Z]]`.
    #[arg(long, value_name = "X[,Y[,Z]]")]
    pub global: String,
    /// Work-items of one work-group in `X[,Y[,Z]]`, as many dimensions as --global.
    #[arg(long, value_name = "X[,Y[,Z]]")]
    pub local: String,
    /// The global offset in `X[,Y[,Z]]`, as many dimensions as --global (default 0).
    #[arg(long, value_name = "X[,Y[,Z]]")]
    pub offset: Option<String>,
    /// An argument's value, I its index in source order: TYPE:N[,N...] (u8 i8 u16 i16 u32
    /// i32 u64 i64 f16 f32 f64), buf:FILE, zeros:N or local:N. Repeat for each argument.
    #[arg(long = "arg", value_name = "I=VALUE")]
    pub args: Vec<String>,
    /// Writes each buffer argument's final bytes as `DIR/arg<I>.bin`.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = EngineKind::Spec)]
    pub engine: EngineKind,
    /// Ends a hardware thread that has not finished after N executed instructions with a
    /// `step-limit` error.
    #[arg(long, default_value_t = visa_model::config::ExecConfig::DEFAULT_STEP_LIMIT)]
    pub step_limit: u64,
    /// Ends a hardware thread whose instructions have cost more than N units with a
    /// `cost-limit` error.
    #[arg(long, value_name = "N", default_value_t = visa_model::config::ExecConfig::DEFAULT_COST_LIMIT)]
    pub cost_limit: u64,
    /// Interleaves the threads of each work-group as a PRNG seeded with SEED draws them,
    /// switching after every memory instruction (default: each thread runs until it ends
    /// or waits at a barrier).
    #[arg(long, value_name = "SEED")]
    pub schedule: Option<u64>,
    /// What a data race does (docs/races.md): `error` ends the launch with exit 1, `warn`
    /// reports it and goes on, `off` does not look.
    #[arg(long, value_enum, default_value_t = RacesMode::Error)]
    pub races: RacesMode,
    /// Runs up to N work-groups at once (0: one per core); the result is the same, bit for
    /// bit, for every N (docs/launch.md).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
}

/// `X[,Y[,Z]]` as three sizes (1 where not given) and how many were given.
fn sizes(flag: &str, text: &str, missing: u64) -> Result<([u64; 3], u32), String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > 3 {
        return Err(format!("--{flag} {text}: at most three sizes, X,Y,Z"));
    }
    let mut v = [missing; 3];
    for (d, p) in parts.iter().enumerate() {
        v[d] = p
            .trim()
            .parse()
            .map_err(|_| format!("--{flag} {text}: `{p}` is not a whole number"))?;
    }
    Ok((v, parts.len() as u32))
}

/// What the command line and its files give a launch.
struct Prepared {
    program: String,
    interface: interface::Interface,
    /// What reading the interface skipped, for stderr.
    notes: Vec<String>,
    global: [u64; 3],
    local: [u64; 3],
    offset: [u64; 3],
    dims: u32,
    args: Vec<HostArg>,
}

/// Everything the launch needs, read; the error is the message to print (exit 2).
fn prepare(args: &LaunchArgs) -> Result<Prepared, String> {
    let program = join_texts(&read_texts(&kernel_files(args))?);
    let (interface, notes) = read_interface(&args.interface.to_string_lossy(), &program, args)?;
    let (global, dims) = sizes("global", &args.global, 1)?;
    let (local, local_dims) = sizes("local", &args.local, 1)?;
    if local_dims != dims {
        return Err(format!(
            "--local {}: {local_dims} sizes for the {dims} of --global",
            args.local
        ));
    }
    let offset = match &args.offset {
        None => [0; 3],
        Some(text) => {
            let (o, n) = sizes("offset", text, 0)?;
            if n != dims {
                return Err(format!(
                    "--offset {text}: {n} sizes for the {dims} of --global"
                ));
            }
            o
        }
    };
    let values = args
        .args
        .iter()
        .map(|a| arg::parse(a).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let args = bind(&interface, &values, load_buffer)?;
    Ok(Prepared {
        program,
        interface,
        notes,
        global,
        local,
        offset,
        dims,
        args,
    })
}

/// The interface `--interface` names, by its content: IGC's program binary or zebin
/// (`formats::read_igc`), else the kernel-interface JSON; with the notes of what its
/// reading skipped.
fn read_interface(
    arg: &str,
    program: &str,
    args: &LaunchArgs,
) -> Result<(interface::Interface, Vec<String>), String> {
    let (shown, data) = read_input(arg);
    let data = data.map_err(|e| format!("{shown}: {e}"))?;
    // The kernel a program of several is read for: the text's `.kernel "NAME"`.
    let kernel = program.lines().find_map(|l| {
        let rest = l.trim_start().strip_prefix(".kernel ")?;
        Some(rest.trim().trim_matches('"').to_string())
    });
    let platform = args.platform.parse::<Platform>().ok();
    match formats::read_igc(&data, kernel.as_deref(), platform) {
        Some(read) => {
            let read = read.map_err(|e| e.in_file(&shown))?;
            Ok((read.interface, read.warnings))
        }
        None => {
            let text = text_of(&shown, data, "JSON")?;
            let interface = interface::read(&text).map_err(|e| e.in_file(&shown))?;
            Ok((interface, Vec::new()))
        }
    }
}

/// The kernel's file, then its functions'.
fn kernel_files(args: &LaunchArgs) -> Vec<String> {
    std::iter::once(args.kernel.clone())
        .chain(args.functions.iter().cloned())
        .collect()
}

/// A `buf:FILE` argument's bytes.
fn load_buffer(path: &Path) -> Result<Vec<u8>, String> {
    let name = path.to_string_lossy();
    read_limited(&name, MAX_BUFFER_BYTES as usize).map_err(|e| match e {
        ReadError::TooLong => format!("{name}: more than {MAX_BUFFER_BYTES} bytes (1 GiB)"),
        ReadError::Io(e) => format!("{name}: {e}"),
    })
}

/// The JSON object `launch` prints.
fn report_value(report: &Report, engine: EngineKind, files: &[String]) -> Value {
    let mut m = Map::new();
    m.insert("kernel".into(), report.kernel.clone().into());
    m.insert("engine".into(), engine.name().into());
    match &report.error {
        None => {
            m.insert("status".into(), "ok".into());
        }
        Some(run) => {
            m.insert("status".into(), "error".into());
            m.insert("error".into(), run_error_value(run, files));
        }
    }
    m.insert("work_groups".into(), report.work_groups.into());
    m.insert("work_groups_run".into(), report.work_groups_run.into());
    m.insert("threads".into(), report.threads.into());
    m.insert("threads_run".into(), report.threads_run.into());
    m.insert("instructions".into(), report.instructions.into());
    m.insert("races".into(), report.races.into());
    if !report.race_reports.is_empty() {
        let reports: Vec<Value> = report
            .race_reports
            .iter()
            .map(|r| run_error_value(r, files))
            .collect();
        m.insert("race_reports".into(), reports.into());
    }
    Value::Object(m)
}

/// An error of the run as the JSON names it: class, message, position in the kernel's
/// files, and the thread.
fn run_error_value(run: &RunError, files: &[String]) -> Value {
    let mut error = error_value(&run.error);
    if let (Some(t), Value::Object(e)) = (run.thread, &mut error) {
        e.insert(
            "thread".into(),
            serde_json::json!({"group": t.group, "index": t.index}),
        );
    }
    let mut wrapper = serde_json::json!({ "error": error });
    locate_in_files(&mut wrapper, files);
    wrapper.get("error").cloned().unwrap_or(Value::Null)
}

/// `launch`: runs the kernel over the NDRange and prints what happened.
pub(super) fn run(args: &LaunchArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let prepared = match prepare(args) {
        Ok(p) => p,
        Err(e) => {
            writeln!(err, "{e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    let shown = args.interface.display().to_string();
    for note in &prepared.notes {
        writeln!(err, "{shown}: warning: {note}")?;
    }
    let request = Request {
        program: &prepared.program,
        platform: &args.platform,
        interface: &prepared.interface,
        interface_file: &shown,
        global: prepared.global,
        local: prepared.local,
        offset: prepared.offset,
        dims: prepared.dims,
        args: prepared.args,
        engine: args.engine,
        limits: Limits {
            steps: args.step_limit,
            cost: args.cost_limit,
        },
        schedule: match args.schedule {
            Some(seed) => Schedule::Seeded(seed),
            None => Schedule::InOrder,
        },
        races: args.races,
        jobs: match args.jobs {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        },
    };
    let report = match launch(&request) {
        Ok(r) => r,
        Err(e) => {
            writeln!(err, "{e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    for w in &report.warnings {
        writeln!(err, "{}: {w}", args.kernel)?;
    }
    if let Some(dir) = &args.out {
        if let Err(e) = write_buffers(dir, &report) {
            writeln!(err, "--out {}: {e}", dir.display())?;
            return Ok(EXIT_INPUT);
        }
    }
    writeln!(
        out,
        "{}",
        report_value(&report, args.engine, &kernel_files(args))
    )?;
    Ok(if report.error.is_some() {
        EXIT_FAIL
    } else {
        EXIT_OK
    })
}

/// Writes `DIR/arg<I>.bin` for each buffer argument.
fn write_buffers(dir: &Path, report: &Report) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (i, bytes) in &report.buffers {
        std::fs::write(dir.join(format!("arg{i}.bin")), bytes)?;
    }
    Ok(())
}
