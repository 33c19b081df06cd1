//! The engines a catalog row runs on: the spec and the oracle in process, and any
//! implementation over `visa-dut/1` (the runner certify uses). One trait, so a test or a tool
//! runs every row the same way on each.

use std::time::Duration;

use visa_model::VisaError;

use crate::case::{EngineKind, Outcome};
use crate::dut::protocol::{run_request, Answer, Observe};
use crate::dut::runner::{ask, Child, Launch, Reply, StartError};
use crate::launch::cases::run_case;
use crate::vector::Case;

/// Something that runs a case and reports how it ended.
pub trait Engine {
    /// A short name for messages.
    fn name(&self) -> String;
    /// Runs `case` (its `expect` tells what to observe, never what to produce).
    fn run(&mut self, case: &Case) -> Outcome;
}

/// The spec or the oracle, in process.
#[derive(Clone, Copy, Debug)]
pub struct InProcess(pub EngineKind);

impl Engine for InProcess {
    fn name(&self) -> String {
        self.0.name().to_string()
    }

    fn run(&mut self, case: &Case) -> Outcome {
        run_case(case, self.0)
    }
}

/// An implementation under test, spoken to over `visa-dut/1`: one child process, restarted
/// when it crashes, asked one case at a time.
pub struct Implementation {
    launch: Launch,
    child: Option<Child>,
    seq: u64,
}

impl std::fmt::Debug for Implementation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Implementation")
            .field("argv", &self.launch.argv)
            .field("seq", &self.seq)
            .finish()
    }
}

impl Implementation {
    /// Starts `argv` and completes the `hello` exchange.
    pub fn start(argv: Vec<String>, timeout: Duration) -> Result<Implementation, StartError> {
        let launch = Launch {
            argv,
            timeout,
            window: 1,
        };
        let child = Child::start(&launch)?;
        Ok(Implementation {
            launch,
            child: Some(child),
            seq: 0,
        })
    }
}

impl Engine for Implementation {
    fn name(&self) -> String {
        self.launch.argv.join(" ")
    }

    fn run(&mut self, case: &Case) -> Outcome {
        self.seq += 1;
        let observe = case.expect.as_ref().and_then(Observe::of);
        let request = run_request(self.seq, &case.without_expect(), observe.as_ref());
        match ask(&self.launch, &mut self.child, self.seq, request.as_bytes()) {
            Reply::Answer(Answer::State(observed)) => Outcome::Ok(observed),
            Reply::Answer(Answer::Error { class, message }) => {
                Outcome::Error(VisaError::new(class, message))
            }
            Reply::Answer(Answer::Unsupported(why)) => Outcome::Error(VisaError::unsupported(why)),
            Reply::Fault(fault, why) => Outcome::Error(VisaError::model_bug(format!(
                "the implementation failed the request ({}): {why}",
                fault.as_str()
            ))),
        }
    }
}

impl Drop for Implementation {
    fn drop(&mut self) {
        if let Some(child) = self.child.take() {
            child.finish();
        }
    }
}
