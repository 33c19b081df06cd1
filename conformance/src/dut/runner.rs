//! Driving implementations under test: child processes speaking `visa-dut/1`, pipelined
//! requests, time limits, and recovery from every way a program can misbehave.
//!
//! A [`Child`] is one running copy of the implementation, in its own process group (Unix),
//! with two I/O threads: one writes request batches to its stdin (so a child that stops
//! reading cannot block the runner), one reads its stdout line by line into a channel (so
//! waits have deadlines; lines are limited to [`MAX_ANSWER_LINE`] bytes and the lines read
//! ahead to 32 MiB) and keeps the tail of its stderr for failure messages. The
//! pipes are non-blocking and polled, so both threads end within 20 ms of the child being
//! ended, even when a process it started (and that left its group) holds the pipes. Ending
//! a child kills its whole group, reaps it and joins both threads.
//!
//! [`worker`] feeds one child from a shared queue, keeping up to `window` requests in
//! flight. Answers come back in request order, so each request's time limit starts when the
//! answer before it arrived. When the child dies or hangs with several requests in flight,
//! the runner cannot tell which one did it: it restarts the child and re-sends those
//! requests one at a time, so the failure lands on the case that causes it.

use std::collections::VecDeque;
use std::io::{ErrorKind, Read, Write};
use std::process::{ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, Weak};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::protocol::{echo, parse_result, preview, runner_hello, Answer, BadAnswer, Hello};
use crate::input::escape_controls;

/// The longest answer line read, without its newline (docs/protocol.md): a longer line fails
/// the case (kind `too-long`) and the implementation is restarted, unread past the limit.
pub const MAX_ANSWER_LINE: usize = 32 << 20;
/// Bytes of lines read ahead of the runner per child (each line also costs [`LINE_COST`]).
const READ_AHEAD: usize = 32 << 20;
/// What a queued line costs besides its bytes (so a flood of empty lines is bounded too).
const LINE_COST: usize = 64;
/// Bytes of an over-long line kept for its message.
const PREVIEW_BYTES: usize = 160;
/// How often the I/O threads look at their stop flag while the pipes are quiet.
const TICK: Duration = Duration::from_millis(20);
/// How long output is still read after the implementation has exited.
const EXIT_GRACE: Duration = Duration::from_millis(200);
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
    /// A line longer than [`MAX_ANSWER_LINE`]: the bytes read of it and its first bytes.
    /// Nothing more is read from the child.
    TooLong {
        bytes: usize,
        head: Vec<u8>,
    },
    Eof,
}

/// The outcome of waiting for a line.
#[derive(Debug)]
pub enum Recv {
    Line(Vec<u8>),
    /// A line over the limit: why (the child is no longer read).
    TooLong(String),
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

/// What a child shares with its I/O threads and with [`kill_all`].
#[derive(Debug, Default)]
struct Shared {
    /// Set when the child is ended: the I/O threads return within [`TICK`].
    stop: AtomicBool,
    /// Bytes of lines read and not yet taken by the runner (plus [`LINE_COST`] each).
    queued: AtomicUsize,
    /// The tail of the child's stderr.
    stderr: Mutex<Vec<u8>>,
    /// The child's process group while the child is not reaped: until then the group id
    /// (the child's pid) cannot name anyone else's group.
    group: Mutex<Option<u32>>,
}

impl Shared {
    /// Kills every process of the child's group (nothing once the child is reaped).
    fn kill_group(&self) {
        if let Ok(group) = self.group.lock() {
            if let Some(id) = *group {
                signal_group(id);
            }
        }
    }
}

#[cfg(unix)]
fn signal_group(id: u32) {
    use rustix::process::{kill_process_group, Pid, Signal};
    if let Some(pid) = i32::try_from(id).ok().and_then(Pid::from_raw) {
        // ESRCH (the group is gone already) is the only expected error.
        let _ = kill_process_group(pid, Signal::KILL);
    }
}

#[cfg(not(unix))]
fn signal_group(_id: u32) {}

/// Every child alive, for [`kill_all`].
static LIVE: Mutex<Vec<Weak<Shared>>> = Mutex::new(Vec::new());

/// Kills the process groups of every implementation this process runs (for an interrupted
/// run: each child runs in its own process group, which a terminal's Ctrl-C does not reach).
/// The children are reaped and their threads end when their [`Child`] is dropped or killed.
pub fn kill_all() {
    let live: Vec<Arc<Shared>> = LIVE
        .lock()
        .map(|l| l.iter().filter_map(Weak::upgrade).collect())
        .unwrap_or_default();
    for shared in live {
        shared.kill_group();
    }
}

/// One running copy of the implementation, in its own process group (Unix). Ending it
/// ([`Child::kill_group`], [`Child::finish`] or dropping it) kills the whole group, reaps
/// the child and joins its two I/O threads, so nothing it started outlives it and no
/// thread or descriptor is left behind, even when a process it forked holds its pipes.
#[derive(Debug)]
pub struct Child {
    process: std::process::Child,
    to_stdin: Option<Sender<Vec<u8>>>,
    from_stdout: Option<Receiver<Event>>,
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
    /// The exit status and when it was seen, once the child is reaped.
    status: Option<(ExitStatus, Instant)>,
    pub hello: Hello,
}

impl Child {
    /// Starts the implementation and exchanges `hello`.
    pub fn start(launch: &Launch) -> Result<Child, StartError> {
        let (program, args) = launch
            .argv
            .split_first()
            .ok_or_else(|| StartError::Spawn("the implementation command is empty".into()))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut process = command.spawn().map_err(|e| {
            StartError::Spawn(echo(&format!(
                "cannot start `{}`: {e}",
                join_command(&launch.argv)
            )))
        })?;
        let shared = Arc::new(Shared {
            group: Mutex::new(Some(process.id())),
            ..Shared::default()
        });
        let (Some(stdin), Some(stdout), Some(stderr)) = (
            process.stdin.take(),
            process.stdout.take(),
            process.stderr.take(),
        ) else {
            shared.kill_group();
            let _ = process.kill();
            let _ = process.wait();
            return Err(StartError::Spawn(
                "the implementation's pipes could not be opened".to_string(),
            ));
        };
        if let Ok(mut live) = LIVE.lock() {
            live.retain(|w| w.strong_count() > 0);
            live.push(Arc::downgrade(&shared));
        }
        let (to_stdin, requests) = mpsc::channel::<Vec<u8>>();
        let (lines, from_stdout) = mpsc::channel();
        let splitter = Splitter {
            line: Vec::new(),
            tx: lines,
            shared: Arc::clone(&shared),
        };
        let s = Arc::clone(&shared);
        let mut threads = vec![thread::spawn(move || write_input(stdin, &requests, &s))];
        threads.extend(read_output(stdout, stderr, splitter, &shared));
        let mut child = Child {
            process,
            to_stdin: Some(to_stdin),
            from_stdout: Some(from_stdout),
            shared,
            threads,
            status: None,
            hello: Hello::default(),
        };
        child.send(runner_hello().into_bytes());
        let deadline = Instant::now() + launch.hello_timeout();
        let hello = loop {
            match child.recv(deadline) {
                Recv::Line(l) if l.iter().all(u8::is_ascii_whitespace) => continue,
                Recv::Line(l) => break Hello::from_line(&l).map_err(|e| echo(&e)),
                Recv::TooLong(why) => break Err(format!("the hello answer {why}")),
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
                child.kill_group();
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

    /// Waits for the next line until `deadline`. When the child has exited, what it wrote
    /// is still read for a moment, then its output counts as closed (a process it forked
    /// may hold the pipe: its group is killed when the child's exit is seen). An interrupted
    /// run returns a timeout at once.
    pub fn recv(&mut self, deadline: Instant) -> Recv {
        loop {
            if interrupted() {
                return Recv::Timeout;
            }
            let Some(rx) = &self.from_stdout else {
                return Recv::Eof;
            };
            let now = Instant::now();
            let wait = deadline.saturating_duration_since(now).min(INTERRUPT_POLL);
            match rx.recv_timeout(wait) {
                Ok(Event::Line(l)) => {
                    self.shared
                        .queued
                        .fetch_sub(l.len() + LINE_COST, Ordering::Relaxed);
                    return Recv::Line(l);
                }
                Ok(Event::TooLong { bytes, head }) => {
                    return Recv::TooLong(format!(
                        "is longer than the limit of {MAX_ANSWER_LINE} bytes (docs/protocol.md; {bytes} bytes read without a newline): `{}...`",
                        escape_controls(&String::from_utf8_lossy(&head))
                    ))
                }
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => return Recv::Eof,
                Err(RecvTimeoutError::Timeout) => {
                    if self.exited().is_some_and(|at| at.elapsed() >= EXIT_GRACE) {
                        return Recv::Eof;
                    }
                    if Instant::now() >= deadline {
                        return Recv::Timeout;
                    }
                }
            }
        }
    }

    /// When the child was seen to exit, if it has: the first time, the rest of its process
    /// group is killed (before the child is reaped, while the group id is surely its own)
    /// and the child reaped.
    fn exited(&mut self) -> Option<Instant> {
        if self.status.is_none() && self.exit_pending() {
            self.reap(false);
        }
        self.status.map(|(_, at)| at)
    }

    /// Whether the child has exited (it is not reaped by this).
    #[cfg(unix)]
    fn exit_pending(&self) -> bool {
        use rustix::process::{waitid, Pid, WaitId, WaitIdOptions};
        let Some(pid) = i32::try_from(self.process.id())
            .ok()
            .and_then(Pid::from_raw)
        else {
            return false;
        };
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOWAIT | WaitIdOptions::NOHANG;
        matches!(waitid(WaitId::Pid(pid), options), Ok(Some(_)))
    }

    #[cfg(not(unix))]
    fn exit_pending(&self) -> bool {
        true
    }

    /// Kills the child's process group and reaps the child: at once when `wait` (the child is
    /// killed too), else only if it has exited.
    fn reap(&mut self, wait: bool) {
        let Ok(mut group) = self.shared.group.lock() else {
            return;
        };
        if group.is_none() {
            return;
        }
        if let Some(id) = *group {
            signal_group(id);
        }
        let status = if wait {
            let _ = self.process.kill();
            self.process.wait().ok()
        } else {
            self.process.try_wait().ok().flatten()
        };
        if let Some(s) = status {
            self.status = Some((s, Instant::now()));
            *group = None;
        }
    }

    /// The last lines the child wrote on stderr, as a message suffix (control characters
    /// escaped).
    fn stderr_note(&self) -> String {
        let tail = self
            .shared
            .stderr
            .lock()
            .map(|t| t.clone())
            .unwrap_or_default();
        let text = String::from_utf8_lossy(&tail);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let last: Vec<&str> = lines.iter().rev().take(3).rev().copied().collect();
        if last.is_empty() {
            String::new()
        } else {
            format!("; stderr: {}", echo(&last.join(" | ")))
        }
    }

    /// How the child ended after its stdout closed: its exit status (waiting a little for
    /// it) and the tail of its stderr. A child that closed its stdout but keeps running is
    /// killed.
    pub fn death(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(500);
        while self.exited().is_none() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        // Give the stderr reader a moment to read what the child wrote last.
        thread::sleep(Duration::from_millis(20));
        let what = match self.status {
            Some((s, _)) => describe_status(s),
            None => {
                self.kill_group();
                "closed its output but kept running (killed)".to_string()
            }
        };
        format!("{what}{}", self.stderr_note())
    }

    /// Ends the child now: kills its whole process group (every process it started that
    /// did not leave the group), reaps it, and ends its I/O threads.
    pub fn kill_group(&mut self) {
        self.to_stdin = None;
        self.reap(true);
        self.shared.stop.store(true, Ordering::Relaxed);
        // A reader blocked on a full channel gives up once the receiver is gone.
        self.from_stdout = None;
        for t in self.threads.drain(..) {
            // Where pipes are not polled, a read blocks until every writer is gone: a process
            // the child started could hold the join for ever, so the thread is let go.
            if cfg!(unix) {
                let _ = t.join();
            }
        }
    }

    /// Closes stdin (the end of the requests), gives the child a moment to exit, then ends
    /// it and its group as [`Child::kill_group`] does.
    pub fn finish(mut self) {
        self.to_stdin = None;
        let deadline = Instant::now() + Duration::from_millis(500);
        while self.exited().is_none() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(2));
        }
        self.kill_group();
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        self.kill_group();
    }
}

/// Cuts the child's stdout into lines for the runner, within [`MAX_ANSWER_LINE`].
#[derive(Debug)]
struct Splitter {
    line: Vec<u8>,
    tx: Sender<Event>,
    shared: Arc<Shared>,
}

impl Splitter {
    /// Takes bytes read from stdout; false when stdout must no longer be read (a line is
    /// over the limit, or the runner has gone).
    fn feed(&mut self, mut data: &[u8]) -> bool {
        loop {
            let newline = data.iter().position(|&b| b == b'\n');
            let body = newline.unwrap_or(data.len());
            if self.line.len() + body > MAX_ANSWER_LINE {
                let bytes = self.line.len() + body;
                let mut head = std::mem::take(&mut self.line);
                head.truncate(PREVIEW_BYTES);
                let more = PREVIEW_BYTES - head.len();
                head.extend_from_slice(&data[..more.min(body)]);
                let _ = self.tx.send(Event::TooLong { bytes, head });
                return false;
            }
            let Some(at) = newline else {
                self.line.extend_from_slice(data);
                return true;
            };
            self.line.extend_from_slice(&data[..=at]);
            data = &data[at + 1..];
            let line = std::mem::take(&mut self.line);
            self.shared
                .queued
                .fetch_add(line.len() + LINE_COST, Ordering::Relaxed);
            if self.tx.send(Event::Line(line)).is_err() {
                return false;
            }
            if data.is_empty() {
                return true;
            }
        }
    }

    /// The end of stdout: a last line without a newline, then the end.
    fn eof(&mut self) {
        if !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            self.shared
                .queued
                .fetch_add(line.len() + LINE_COST, Ordering::Relaxed);
            let _ = self.tx.send(Event::Line(line));
        }
        let _ = self.tx.send(Event::Eof);
    }
}

/// Appends stderr bytes to the kept tail.
fn keep_tail(shared: &Shared, bytes: &[u8]) {
    if let Ok(mut t) = shared.stderr.lock() {
        t.extend_from_slice(bytes);
        if t.len() > STDERR_TAIL {
            let cut = t.len() - STDERR_TAIL;
            t.drain(..cut);
        }
    }
}

/// How long a wait on a quiet pipe lasts before the stop flag is looked at again.
#[cfg(unix)]
fn tick() -> rustix::event::Timespec {
    rustix::event::Timespec {
        tv_sec: 0,
        tv_nsec: TICK.as_nanos() as _,
    }
}

/// Whether an I/O error only means "not now".
fn transient(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        ErrorKind::WouldBlock | ErrorKind::Interrupted | ErrorKind::TimedOut
    )
}

/// The writer thread: request batches to the child's stdin, until the runner closes the
/// queue or the child is ended (the pipe is non-blocking: a child that neither reads nor
/// exits cannot hold the thread).
fn write_input(stdin: ChildStdin, requests: &Receiver<Vec<u8>>, shared: &Shared) {
    #[cfg(unix)]
    let _ = set_nonblocking(&stdin);
    let mut stdin = stdin;
    for bytes in requests {
        let mut rest = bytes.as_slice();
        while !rest.is_empty() {
            if shared.stop.load(Ordering::Relaxed) {
                return;
            }
            match stdin.write(rest) {
                Ok(0) => return,
                Ok(n) => rest = &rest[n..],
                Err(e) if transient(&e) => {
                    #[cfg(unix)]
                    {
                        use rustix::event::{poll, PollFd, PollFlags};
                        let _ = poll(&mut [PollFd::new(&stdin, PollFlags::OUT)], Some(&tick()));
                    }
                }
                Err(_) => return,
            }
        }
    }
}

#[cfg(unix)]
fn set_nonblocking(fd: &impl std::os::fd::AsFd) -> rustix::io::Result<()> {
    use rustix::fs::{fcntl_getfl, fcntl_setfl, OFlags};
    fcntl_setfl(fd, fcntl_getfl(fd)? | OFlags::NONBLOCK)
}

/// The reader thread: stdout into lines, stderr into its tail, until both pipes close or the
/// child is ended. Lines not yet taken by the runner are held to [`READ_AHEAD`] bytes.
#[cfg(unix)]
fn read_output(
    stdout: ChildStdout,
    stderr: ChildStderr,
    mut lines: Splitter,
    shared: &Arc<Shared>,
) -> Vec<JoinHandle<()>> {
    use rustix::event::{poll, PollFd, PollFlags};
    let shared = Arc::clone(shared);
    let (_, _) = (set_nonblocking(&stdout), set_nonblocking(&stderr));
    vec![thread::spawn(move || {
        let mut out = Some(stdout);
        let mut err = Some(stderr);
        let mut buf = vec![0u8; 1 << 16];
        while !shared.stop.load(Ordering::Relaxed) && (out.is_some() || err.is_some()) {
            let full = shared.queued.load(Ordering::Relaxed) > READ_AHEAD;
            let mut fds = Vec::with_capacity(2);
            if let Some(o) = out.as_ref().filter(|_| !full) {
                fds.push(PollFd::new(o, PollFlags::IN));
            }
            if let Some(e) = &err {
                fds.push(PollFd::new(e, PollFlags::IN));
            }
            if fds.is_empty() {
                thread::sleep(TICK);
                continue;
            }
            if poll(&mut fds, Some(&tick())).is_err() {
                thread::sleep(TICK);
            }
            drop(fds);
            if let Some(o) = out.as_mut().filter(|_| !full) {
                match o.read(&mut buf) {
                    Ok(0) => {
                        lines.eof();
                        out = None;
                    }
                    Ok(n) => {
                        if !lines.feed(&buf[..n]) {
                            out = None;
                        }
                    }
                    Err(e) if transient(&e) => {}
                    Err(_) => {
                        lines.eof();
                        out = None;
                    }
                }
            }
            if let Some(e) = err.as_mut() {
                match e.read(&mut buf) {
                    Ok(0) => err = None,
                    Ok(n) => keep_tail(&shared, &buf[..n]),
                    Err(e) if transient(&e) => {}
                    Err(_) => err = None,
                }
            }
        }
    })]
}

/// The reader threads where pipes cannot be polled: blocking reads, one thread per pipe.
#[cfg(not(unix))]
fn read_output(
    mut stdout: ChildStdout,
    mut stderr: ChildStderr,
    mut lines: Splitter,
    shared: &Arc<Shared>,
) -> Vec<JoinHandle<()>> {
    let s = Arc::clone(shared);
    let out = thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        loop {
            match stdout.read(&mut buf) {
                Ok(0) | Err(_) => return lines.eof(),
                Ok(n) if !lines.feed(&buf[..n]) => return,
                Ok(_) if s.stop.load(Ordering::Relaxed) => return,
                Ok(_) => {}
            }
        }
    });
    let s = Arc::clone(shared);
    let err = thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stderr.read(&mut buf) {
            if n == 0 || s.stop.load(Ordering::Relaxed) {
                return;
            }
            keep_tail(&s, &buf[..n]);
        }
    });
    vec![out, err]
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
    /// The answer line is longer than [`MAX_ANSWER_LINE`].
    TooLong,
    /// The program could not be (re)started, so the request never ran.
    NotRun,
}

impl Fault {
    pub const ALL: [Fault; 7] = [
        Fault::Timeout,
        Fault::Crash,
        Fault::Closed,
        Fault::Garbage,
        Fault::Shape,
        Fault::TooLong,
        Fault::NotRun,
    ];

    /// The fault whose failure kind is `kind` (`None` for `mismatch` and anything else).
    pub fn parse(kind: &str) -> Option<Fault> {
        Fault::ALL.into_iter().find(|f| f.as_str() == kind)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Fault::Timeout => "timeout",
            Fault::Crash => "crash",
            Fault::Closed => "closed",
            Fault::Garbage => "garbage",
            Fault::Shape => "shape",
            Fault::TooLong => "too-long",
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
                c.kill_group();
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
            Recv::TooLong(why) => {
                inflight.pop_front();
                let message = format!("the answer line {why}; the implementation was restarted");
                feed.reply(head, Reply::Fault(Fault::TooLong, message));
                restart(&mut child, &mut inflight, &mut retry);
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
                c.kill_group();
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
        c.kill_group();
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
            Recv::TooLong(why) => {
                restart(child, &mut VecDeque::new(), &mut VecDeque::new());
                return Reply::Fault(Fault::TooLong, format!("the answer line {why}"));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn splitter() -> (Splitter, Receiver<Event>) {
        let (tx, rx) = mpsc::channel();
        let s = Splitter {
            line: Vec::new(),
            tx,
            shared: Arc::new(Shared::default()),
        };
        (s, rx)
    }

    #[test]
    fn lines_are_cut_across_reads_and_counted_while_queued() {
        let (mut s, rx) = splitter();
        assert!(s.feed(b"{\"a\":1}\n{\"b\""));
        assert!(s.feed(b":2}\n\ntail"));
        s.eof();
        let got: Vec<String> = rx
            .try_iter()
            .map(|e| match e {
                Event::Line(l) => String::from_utf8(l).unwrap_or_default(),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(got, ["{\"a\":1}\n", "{\"b\":2}\n", "\n", "tail", "Eof"]);
        // 8 + 8 + 1 + 4 bytes and four lines.
        assert_eq!(s.shared.queued.load(Ordering::Relaxed), 21 + 4 * LINE_COST);
    }

    #[test]
    fn a_line_of_the_limit_passes_and_one_byte_more_does_not() {
        let (mut s, rx) = splitter();
        let mut line = vec![b'0'; MAX_ANSWER_LINE];
        line.push(b'\n');
        assert!(s.feed(&line));
        assert!(matches!(rx.try_recv(), Ok(Event::Line(l)) if l.len() == MAX_ANSWER_LINE + 1));
        // Over the limit in two reads: nothing more is read, the head is kept.
        assert!(s.feed(&line[..MAX_ANSWER_LINE - 10]));
        assert!(!s.feed(b"\x1b[2J0123456789\n"));
        match rx.try_recv() {
            Ok(Event::TooLong { bytes, head }) => {
                // 10 bytes short, then 14 before the newline.
                assert_eq!(bytes, MAX_ANSWER_LINE + 4);
                assert_eq!(head.len(), PREVIEW_BYTES);
            }
            other => panic!("{other:?}"),
        }
        assert!(rx.try_recv().is_err());
    }
}
