//! Running a launch case of the vector format (docs/vector-format.md, "Launch cases"): the
//! case's `launch` object made into the launcher's [`Request`], run under the default
//! schedule and each seed the case lists, observed as the final bytes of its buffer
//! arguments or the error the launch ended in.
//!
//! [`run_case`] runs any case: a launch case here, a one-thread case by
//! [`crate::case::run_case`].

use std::panic::{catch_unwind, AssertUnwindSafe};

use visa_model::error::{ErrorClass, VisaError};

use super::arg;
use super::interface::Interface;
use super::races::RacesMode;
use super::sched::Schedule;
use super::{HostArg, Report, Request};
use crate::case::{self, EngineKind, Limits, Observed, Outcome};
use crate::expect::expect_of;
use crate::vector::{Case, Launch, LaunchArg};

/// Runs `case` on `engine`: as work-groups of threads when it is a launch case, else as one
/// thread. Never panics.
pub fn run_case(case: &Case, engine: EngineKind) -> Outcome {
    match &case.launch {
        Some(_) => run_launch(case, engine),
        None => case::run_case(case, engine),
    }
}

/// Runs a launch case on `engine` with the race detector on, under every schedule it
/// names ([`run_launch_with`]).
pub fn run_launch(case: &Case, engine: EngineKind) -> Outcome {
    run_launch_with(case, engine, RacesMode::Error, &mut |req| {
        super::launch(req)
    })
}

/// The schedules a launch case runs under: the default one, then each seed it lists.
pub fn schedules(launch: &Launch) -> Vec<Schedule> {
    std::iter::once(Schedule::InOrder)
        .chain(launch.schedules.iter().map(|&s| Schedule::Seeded(s)))
        .collect()
}

/// A launch case's request parts, read from its `launch` object.
struct Parts {
    interface: Interface,
    global: [u64; 3],
    local: [u64; 3],
    offset: [u64; 3],
    dims: u32,
    args: Vec<HostArg>,
}

fn invalid(message: String) -> VisaError {
    VisaError::new(ErrorClass::InvalidVector, message).field("launch")
}

fn parts(launch: &Launch) -> Result<Parts, VisaError> {
    let interface = launch
        .read_interface()
        .map_err(|e| invalid(format!("interface: {e}")))?;
    let triple = |v: &[u64], missing: u64| {
        let mut t = [missing; 3];
        for (d, n) in v.iter().take(3).enumerate() {
            t[d] = *n;
        }
        t
    };
    let mut args = Vec::with_capacity(launch.args.len());
    for (i, a) in launch.args.iter().enumerate() {
        let host = match a {
            LaunchArg::Bytes(b) => HostArg::Buffer(b.clone()),
            LaunchArg::Form(text) => {
                let parsed = arg::parse(&format!("{i}={text}"))
                    .map_err(|e| invalid(format!("args[{i}]: {}", e.message)))?;
                match parsed.value {
                    arg::Value::Scalar { bytes, .. } => HostArg::Bytes(bytes),
                    arg::Value::Zeros(n) => HostArg::Buffer(vec![0; n as usize]),
                    arg::Value::Local(n) => HostArg::Local(n),
                    arg::Value::Sampler(state) => HostArg::Sampler(state),
                    arg::Value::File(_) => {
                        return Err(invalid(format!("args[{i}]: a case names no files")))
                    }
                    arg::Value::Image(_) => {
                        return Err(invalid(format!(
                            "args[{i}]: a launch case holds no image argument (buffers, scalars and local sizes only)"
                        )))
                    }
                }
            }
        };
        args.push(host);
    }
    Ok(Parts {
        interface,
        global: triple(&launch.global, 1),
        local: triple(&launch.local, 1),
        offset: launch.offset.as_deref().map_or([0; 3], |o| triple(o, 0)),
        dims: launch.global.len() as u32,
        args,
    })
}

/// Runs a launch case on `engine` under each of its [`schedules`], each run by `run` (the
/// launcher, or a faulty one), with data races handled as `races` says. The outcome is the
/// default schedule's; a schedule that ends otherwise (other bytes, another error class)
/// makes it a `model-bug` naming both: a race-free kernel gives one answer whatever the
/// interleaving, and a racy one is a `data-race` under every schedule.
pub fn run_launch_with(
    case: &Case,
    engine: EngineKind,
    races: RacesMode,
    run: &mut dyn FnMut(&Request<'_>) -> Result<Report, String>,
) -> Outcome {
    let Some(launch) = &case.launch else {
        return case::run_case(case, engine);
    };
    let parts = match parts(launch) {
        Ok(p) => p,
        Err(e) => return Outcome::Error(e),
    };
    let platform = case.platform.name();
    let mut first: Option<(Schedule, Outcome)> = None;
    for schedule in schedules(launch) {
        let request = Request {
            program: &case.program,
            platform,
            interface: &parts.interface,
            interface_file: "launch.interface",
            global: parts.global,
            local: parts.local,
            offset: parts.offset,
            dims: parts.dims,
            args: parts.args.clone(),
            engine,
            limits: Limits::default(),
            schedule,
            races,
            // One work-group at a time: a case's outcome is the in-order run's, which the
            // parallel one reproduces bit for bit.
            jobs: 1,
        };
        let outcome = match catch_unwind(AssertUnwindSafe(|| run(&request))) {
            Ok(Ok(report)) => outcome_of(report),
            Ok(Err(usage)) => Outcome::Error(invalid(usage)),
            Err(_) => Outcome::Error(VisaError::model_bug(format!(
                "the {engine} engine panicked in a launch"
            ))),
        };
        match &first {
            None => first = Some((schedule, outcome)),
            Some((_, o)) if same(o, &outcome) => {}
            Some((s0, o)) => {
                return Outcome::Error(VisaError::model_bug(format!(
                    "the launch ends otherwise under {} ({}) than under {} ({})",
                    schedule_name(schedule),
                    summary(&outcome),
                    schedule_name(*s0),
                    summary(o)
                )))
            }
        }
    }
    first.map_or_else(
        || Outcome::Error(VisaError::model_bug("a launch case ran under no schedule")),
        |(_, o)| o,
    )
}

/// A launch case with what the spec engine's launch observes as its expectation: its buffer
/// arguments' final bytes under every schedule it names, or the error class.
pub fn with_expect(mut case: Case) -> Result<Case, String> {
    let outcome = run_case(&case, EngineKind::Spec);
    if let Outcome::Error(e) = &outcome {
        if e.class == ErrorClass::ModelBug {
            return Err(format!("{}: the spec engine failed: {e}", case.id));
        }
    }
    case.expect = Some(expect_of(outcome));
    Ok(case)
}

/// What a launch report observes: its buffers, or its error.
pub fn outcome_of(report: Report) -> Outcome {
    match report.error {
        Some(run) => Outcome::Error(run.error),
        None => Outcome::Ok(Observed {
            buffers: report.buffers.into_iter().collect(),
            ..Observed::default()
        }),
    }
}

/// Whether two runs end alike: the same buffers, or errors of one class.
fn same(a: &Outcome, b: &Outcome) -> bool {
    match (a, b) {
        (Outcome::Ok(x), Outcome::Ok(y)) => x.buffers == y.buffers,
        (Outcome::Error(x), Outcome::Error(y)) => x.class == y.class,
        _ => false,
    }
}

fn schedule_name(s: Schedule) -> String {
    match s {
        Schedule::InOrder => "the default schedule".into(),
        Schedule::Seeded(seed) => format!("schedule {seed}"),
    }
}

fn summary(o: &Outcome) -> String {
    match o {
        Outcome::Ok(observed) => format!("{}", observed.to_value()),
        Outcome::Error(e) => e.class.as_str().to_string(),
    }
}
