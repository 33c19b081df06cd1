//! Driving implementations under test: child processes speaking `visa-dut/1`, pipelined
//! requests, time limits, and recovery from every way a program can misbehave.
//!
//! A [`Child`] is one running copy of the implementation with three helper threads: one
//! writes request batches to its stdin (so a child that stops reading cannot block the
//! runner), one reads its stdout line by line into a channel (so waits have deadlines), and
//! one keeps the tail of its stderr for failure messages.
//!
//! [`worker`] feeds one child from a shared queue, keeping up to `window` requests in
//! flight. Answers come back in request order, so each request's time limit starts when the
//! answer before it arrived. When the child dies or hangs with several requests in flight,
//! the runner cannot tell which one did it: it restarts the child and re-sends those
//! requests one at a time, so the failure lands on the case that causes it.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::protocol::{parse_result, preview, runner_hello, Answer, BadAnswer, Hello};

/// The longest answer line read (longer lines are garbage).
const MAX_LINE: u64 = 64 << 20;
/// Bytes of stderr kept for failure messages.
const STDERR_TAIL: usize = 2048;
/// Attempts to start the implementation in a row before a worker gives up.
const START_ATTEMPTS: usize = 3;

/// Set once the run is interrupted (Ctrl-C): waits end early, workers stop.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// How often a wait looks at [`INTERRUPTED`].
const INTERRUPT_POLL: Duration = Duration::from_millis(50);

/// Interrupts the run: every wait for an answer ends at once as a timeout, and every
/// [`worker`] kills its child and returns without sending more. For the whole process and
/// irreversible (the program is about to exit).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Whether [`interrupt`] was called.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Splits a command line into words: whitespace separates words, single quotes keep
/// everything literally, double quotes keep everything but `\"` and `\\`, a backslash
/// outside quotes escapes the next character.
pub fn split_command(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated single quote in `{s}`")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unterminated double quote in `{s}`")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated double quote in `{s}`")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("trailing backslash in `{s}`")),
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("the implementation command is empty".to_string());
    }
    Ok(words)
}

/// Quotes words for a shell when they need it.
pub fn join_command(argv: &[String]) -> String {
    argv.iter()
        .map(|w| {
            if !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
            {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a child's stdout gave.
#[derive(Debug)]
enum Event {
    Line(Vec<u8>),
    Eof,
}

/// The outcome of waiting for a line.
#[derive(Debug)]
pub enum Recv {
    Line(Vec<u8>),
    /// The child closed its stdout (it exited, or closed the pipe).
    Eof,
    Timeout,
}

/// How to run the implementation.
#[derive(Clone, Debug)]
pub struct Launch {
    pub argv: Vec<String>,
    /// Per-request time limit.
    pub timeout: Duration,
    /// Requests in flight per child.
    pub window: usize,
}

impl Launch {
    /// The time a child has to answer `hello`: start-up can be slow (interpreters, JITs).
    fn hello_timeout(&self) -> Duration {
        self.timeout.max(Duration::from_secs(10))
    }
}

/// Why an implementation could not be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The program could not be run at all (bad command).
    Spawn(String),
    /// It ran but did not complete the `hello` exchange.
    Handshake(String),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Spawn(m) | StartError::Handshake(m) => f.write_str(m),
        }
    }
}

/// One running copy of the implementation.
#[derive(Debug)]
pub struct Child {
    process: std::process::Child,
    to_stdin: Option<Sender<Vec<u8>>>,
    from_stdout: Receiver<Event>,
    stderr: Arc<Mutex<Vec<u8>>>,
    pub hello: Hello,
}

impl Child {
    /// Starts the implementation and exchanges `hello`.
    pub fn start(launch: &Launch) -> Result<Child, StartError> {
        let (program, args) = launch
            .argv
            .split_first()
            .ok_or_else(|| StartError::Spawn("the implementation command is empty".into()))?;
        let mut process = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| {
                StartError::Spawn(format!(
                    "cannot start `{}`: {e}",
                    join_command(&launch.argv)
                ))
            })?;
        let (Some(mut stdin), Some(stdout), Some(mut stderr)) = (
            process.stdin.take(),
            process.stdout.take(),
            process.stderr.take(),
        ) else {
            let _ = process.kill();
            return Err(StartError::Spawn(
                "the implementation's pipes could not be opened".to_string(),
            ));
        };
        let (to_stdin, requests) = mpsc::channel::<Vec<u8>>();
        thread::spawn(move || {
            for bytes in requests {
                if stdin
                    .write_all(&bytes)
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        let (lines, from_stdout) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::with_capacity(1 << 18, stdout);
            loop {
                let mut line = Vec::new();
                match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => {
                        let _ = lines.send(Event::Eof);
                        break;
                    }
                    Ok(_) => {
                        if lines.send(Event::Line(line)).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let tail = Arc::new(Mutex::new(Vec::new()));
        let keep = Arc::clone(&tail);
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut t) = keep.lock() {
                    t.extend_from_slice(&buf[..n]);
                    if t.len() > STDERR_TAIL {
                        let cut = t.len() - STDERR_TAIL;
                        t.drain(..cut);
                    }
                }
            }
        });
        let mut child = Child {
            process,
            to_stdin: Some(to_stdin),
            from_stdout,
            stderr: tail,
            hello: Hello::default(),
        };
        child.send(runner_hello().into_bytes());
        let deadline = Instant::now() + launch.hello_timeout();
        let hello = loop {
            match child.recv(deadline) {
                Recv::Line(l) if l.iter().all(u8::is_ascii_whitespace) => continue,
                Recv::Line(l) => break Hello::from_line(&l),
                Recv::Eof => {
                    break Err(format!(
                        "the implementation {} before answering hello",
                        child.death()
                    ))
                }
                Recv::Timeout => {
                    break Err(format!(
                        "the implementation did not answer hello within {} ms{}",
                        launch.hello_timeout().as_millis(),
                        child.stderr_note()
                    ))
                }
            }
        };
        match hello {
            Ok(h) => {
                child.hello = h;
                Ok(child)
            }
            Err(e) => {
                child.kill();
                Err(StartError::Handshake(e))
            }
        }
    }

    /// Queues bytes for the child's stdin.
    pub fn send(&self, bytes: Vec<u8>) {
        if let Some(tx) = &self.to_stdin {
            // A closed stdin shows up as the child's death or a timeout.
            let _ = tx.send(bytes);
        }
    }

    /// Waits for the next line until `deadline`, or until the run is interrupted (a
    /// timeout then).
    pub fn recv(&self, deadline: Instant) -> Recv {
        loop {
            if interrupted() {
                return Recv::Timeout;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.from_stdout.recv_timeout(left.min(INTERRUPT_POLL)) {
                Ok(Event::Line(l)) => return Recv::Line(l),
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => return Recv::Eof,
                Err(RecvTimeoutError::Timeout) if left <= INTERRUPT_POLL => return Recv::Timeout,
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// The last lines the child wrote on stderr, as a message suffix.
    fn stderr_note(&self) -> String {
        let tail = self.stderr.lock().map(|t| t.clone()).unwrap_or_default();
        let text = String::from_utf8_lossy(&tail);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let last: Vec<&str> = lines.iter().rev().take(3).rev().copied().collect();
        if last.is_empty() {
            String::new()
        } else {
            format!("; stderr: {}", last.join(" | "))
        }
    }

    /// How the child ended after its stdout closed: its exit status (waiting a little for
    /// it) and the tail of its stderr. A child that closed its stdout but keeps running is
    /// killed.
    pub fn death(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.process.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => break None,
            }
        };
        // Give the stderr thread a moment to read what the child wrote last.
        thread::sleep(Duration::from_millis(20));
        let what = match status {
            Some(s) => describe_status(s),
            None => {
                self.kill();
                "closed its output but kept running (killed)".to_string()
            }
        };
        format!("{what}{}", self.stderr_note())
    }

    pub fn kill(&mut self) {
        self.to_stdin = None;
        let _ = self.process.kill();
        let _ = self.process.wait();
    }

    /// Closes stdin (the end of the requests) and gives the child a moment to exit.
    pub fn finish(mut self) {
        self.to_stdin = None;
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.process.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(2));
        }
        self.kill();
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        if let Ok(None) = self.process.try_wait() {
            let _ = self.process.kill();
            let _ = self.process.wait();
        }
    }
}

#[cfg(unix)]
fn describe_status(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(0), _) => "closed its output (exit status 0)".to_string(),
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("was killed by signal {signal}"),
        (None, None) => format!("ended ({status})"),
    }
}

#[cfg(not(unix))]
fn describe_status(status: std::process::ExitStatus) -> String {
    match status.code() {
        Some(0) => "closed its output (exit status 0)".to_string(),
        Some(code) => format!("exited with status {code}"),
        None => format!("ended ({status})"),
    }
}

/// How an implementation failed a request at the protocol level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fault {
    /// No answer within the time limit.
    Timeout,
    /// The program died (signal or non-zero exit) while the request was in flight.
    Crash,
    /// The program closed its output (exit 0, or closed the pipe) without answering.
    Closed,
    /// The answer is not a JSON object.
    Garbage,
    /// The answer is JSON but not a well-formed result for this request.
    Shape,
    /// The program could not be (re)started, so the request never ran.
    NotRun,
}

impl Fault {
    pub fn as_str(self) -> &'static str {
        match self {
            Fault::Timeout => "timeout",
            Fault::Crash => "crash",
            Fault::Closed => "closed",
            Fault::Garbage => "garbage",
            Fault::Shape => "shape",
            Fault::NotRun => "not-run",
        }
    }
}

/// What came back for one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Answer(Answer),
    Fault(Fault, String),
}

/// Where a worker takes its requests from, and where it puts what came back.
pub trait Feed {
    /// Up to `n` more case indices to run (empty when the work is done).
    fn take(&self, n: usize) -> Vec<usize>;
    /// The request line of case `i` (its `seq` is `i`).
    fn request(&self, i: usize) -> &[u8];
    /// The reply for case `i`.
    fn reply(&self, i: usize, reply: Reply);
}

/// Runs cases from `feed` on one child (starting one when `child` is `None`) until the
/// feed is empty. Returns without the child when the implementation cannot be restarted;
/// the cases it held are replied `not-run`.
pub fn worker(launch: &Launch, mut child: Option<Child>, feed: &dyn Feed) -> Option<Child> {
    let window = launch.window.max(1);
    // In flight, in request order: (case, sent alone).
    let mut inflight: VecDeque<(usize, bool)> = VecDeque::new();
    // Cases to re-send one at a time (they were in flight when the child died or hung).
    let mut isolate: VecDeque<usize> = VecDeque::new();
    // Cases to re-send normally (they were in flight behind a bad answer).
    let mut retry: VecDeque<usize> = VecDeque::new();
    let mut failed_starts = 0;
    let mut clock = Instant::now();
    let mut drained = false;
    loop {
        if interrupted() {
            // What was in flight gets no reply: it runs again when the run resumes.
            if let Some(mut c) = child.take() {
                c.kill();
            }
            return None;
        }
        if child.is_none() {
            match Child::start(launch) {
                Ok(c) => {
                    failed_starts = 0;
                    child = Some(c);
                }
                Err(e) => {
                    failed_starts += 1;
                    if failed_starts < START_ATTEMPTS {
                        continue;
                    }
                    let held = inflight.drain(..).map(|(i, _)| i);
                    for i in held.chain(isolate.drain(..)).chain(retry.drain(..)) {
                        feed.reply(i, Reply::Fault(Fault::NotRun, e.to_string()));
                    }
                    return None;
                }
            }
        }
        let Some(c) = child.as_mut() else {
            continue;
        };
        if inflight.is_empty() {
            let batch: Vec<(usize, bool)> = if let Some(i) = isolate.pop_front() {
                vec![(i, true)]
            } else if !retry.is_empty() {
                retry.drain(..).map(|i| (i, false)).collect()
            } else if drained {
                Vec::new()
            } else {
                feed.take(window).into_iter().map(|i| (i, false)).collect()
            };
            if batch.is_empty() {
                break;
            }
            send(c, feed, &batch);
            inflight.extend(batch);
            clock = Instant::now();
        } else if !drained && isolate.is_empty() && retry.is_empty() && inflight.len() <= window / 2
        {
            let more: Vec<(usize, bool)> = feed
                .take(window - inflight.len())
                .into_iter()
                .map(|i| (i, false))
                .collect();
            drained = more.is_empty();
            send(c, feed, &more);
            inflight.extend(more);
        }
        let Some(&(head, alone)) = inflight.front() else {
            continue;
        };
        match c.recv(clock + launch.timeout) {
            Recv::Line(line) if line.iter().all(u8::is_ascii_whitespace) => {}
            Recv::Line(line) => {
                inflight.pop_front();
                clock = Instant::now();
                match parse_result(&line) {
                    Ok(msg) if msg.seq == head as u64 => {
                        feed.reply(head, Reply::Answer(msg.answer))
                    }
                    Ok(msg) => {
                        let message = format!(
                            "answered seq {} where seq {head} was due (answers must come in request order)",
                            msg.seq
                        );
                        feed.reply(head, Reply::Fault(Fault::Shape, message));
                        restart(&mut child, &mut inflight, &mut retry);
                    }
                    Err(BadAnswer::Shape { seq, message }) => {
                        feed.reply(head, Reply::Fault(Fault::Shape, message));
                        if seq != Some(head as u64) {
                            restart(&mut child, &mut inflight, &mut retry);
                        }
                    }
                    Err(BadAnswer::Garbage(message)) => {
                        feed.reply(head, Reply::Fault(Fault::Garbage, message));
                        restart(&mut child, &mut inflight, &mut retry);
                    }
                }
            }
            Recv::Eof => {
                let why = c.death();
                if alone || inflight.len() == 1 {
                    inflight.pop_front();
                    let fault = if why.starts_with("closed") {
                        Fault::Closed
                    } else {
                        Fault::Crash
                    };
                    feed.reply(
                        head,
                        Reply::Fault(fault, format!("the implementation {why}")),
                    );
                }
                restart(&mut child, &mut inflight, &mut isolate);
            }
            Recv::Timeout => {
                c.kill();
                if alone || inflight.len() == 1 {
                    inflight.pop_front();
                    let message = format!(
                        "no answer within {} ms (the implementation was killed and restarted)",
                        launch.timeout.as_millis()
                    );
                    feed.reply(head, Reply::Fault(Fault::Timeout, message));
                }
                restart(&mut child, &mut inflight, &mut isolate);
            }
        }
    }
    child
}

/// Kills the child and moves what was in flight to `queue`, in order, before its contents.
fn restart(
    child: &mut Option<Child>,
    inflight: &mut VecDeque<(usize, bool)>,
    queue: &mut VecDeque<usize>,
) {
    if let Some(mut c) = child.take() {
        c.kill();
    }
    for (i, _) in inflight.drain(..).rev() {
        queue.push_front(i);
    }
}

fn send(child: &Child, feed: &dyn Feed, batch: &[(usize, bool)]) {
    if batch.is_empty() {
        return;
    }
    let mut bytes = Vec::with_capacity(batch.len() * 1024);
    for (i, _) in batch {
        bytes.extend_from_slice(feed.request(*i));
    }
    child.send(bytes);
}

/// Sends one request and waits for its answer, restarting the child as needed (shrinking
/// asks one question at a time).
pub fn ask(launch: &Launch, child: &mut Option<Child>, seq: u64, request: &[u8]) -> Reply {
    if child.is_none() {
        match Child::start(launch) {
            Ok(c) => *child = Some(c),
            Err(e) => return Reply::Fault(Fault::NotRun, e.to_string()),
        }
    }
    let Some(c) = child.as_mut() else {
        return Reply::Fault(
            Fault::NotRun,
            "the implementation is not running".to_string(),
        );
    };
    c.send(request.to_vec());
    let deadline = Instant::now() + launch.timeout;
    loop {
        match c.recv(deadline) {
            Recv::Line(line) if line.iter().all(u8::is_ascii_whitespace) => continue,
            Recv::Line(line) => {
                return match parse_result(&line) {
                    Ok(msg) if msg.seq == seq => Reply::Answer(msg.answer),
                    Ok(msg) => {
                        restart(child, &mut VecDeque::new(), &mut VecDeque::new());
                        Reply::Fault(
                            Fault::Shape,
                            format!("answered seq {} where seq {seq} was due", msg.seq),
                        )
                    }
                    Err(BadAnswer::Shape { seq: s, message }) => {
                        if s != Some(seq) {
                            restart(child, &mut VecDeque::new(), &mut VecDeque::new());
                        }
                        Reply::Fault(Fault::Shape, message)
                    }
                    Err(BadAnswer::Garbage(message)) => {
                        restart(child, &mut VecDeque::new(), &mut VecDeque::new());
                        Reply::Fault(Fault::Garbage, message)
                    }
                };
            }
            Recv::Eof => {
                let why = c.death();
                restart(child, &mut VecDeque::new(), &mut VecDeque::new());
                let fault = if why.starts_with("closed") {
                    Fault::Closed
                } else {
                    Fault::Crash
                };
                return Reply::Fault(fault, format!("the implementation {why}"));
            }
            Recv::Timeout => {
                restart(child, &mut VecDeque::new(), &mut VecDeque::new());
                return Reply::Fault(
                    Fault::Timeout,
                    format!("no answer within {} ms", launch.timeout.as_millis()),
                );
            }
        }
    }
}

/// A short description of a line, for garbage messages.
pub fn describe_line(line: &[u8]) -> String {
    preview(line)
}
