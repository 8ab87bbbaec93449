//! Runs a student's program on one case of a Lab task: starts it (on Linux under `prlimit`,
//! which sets its data-segment and processor limits before it runs, and inside bubblewrap when
//! isolation is in force; on Windows in a job object), writes the problem, reads its lines on a
//! thread of their own, hands each to the core's judge (answering expansions in an oracle
//! session), watches the clock, the processor time and the memory of the whole group
//! ([`super::group`]), and at the end kills the group. Nothing the program does can hang the
//! caller: every read has a deadline, writes go through a thread of their own, and a line or an
//! output past its limit stops the reading.
//!
//! Memory is enforced twice on Linux: `RLIMIT_DATA` (the heap and private mappings actually made
//! writable, so a JVM's reserved-but-unused heap does not count, unlike `RLIMIT_AS`), and the
//! resident memory of the group, sampled every 20 ms, which kills at the limit; on Windows by
//! the sampled working sets of the job's processes alone.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::core::lab::check::{Reference, Verdict};
use crate::core::lab::message::{Encoding, MAX_LINE, Session};
use crate::core::lab::referee::{Ending, Referee, ending};
pub use crate::core::lab::referee::{Event, Films, News};
use crate::core::lab::report::CaseReport;
use crate::core::lab::space::State;
use crate::core::lab::task::{Case, Limits};
use crate::phrase;

use super::group::{self, Group};

/// A student's program: the command and its arguments, and the folder it runs in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub argv: Vec<String>,
    pub dir: PathBuf,
}

impl Program {
    /// The command line as one string (for reports).
    pub fn shown(&self) -> String {
        self.argv.join(" ")
    }
}

/// Why `program` cannot start, found before a run so that a mistyped command is one clear
/// sentence rather than a failed run on every case: its command names no file, a folder or a
/// file without the right to run, or (a bare name) no program on `PATH` — with the name that
/// is there when only a `3` is missing (`python` on Debian, where there is `python3`). Unix only:
/// elsewhere the run itself tells.
pub fn cannot_start(program: &Program) -> Option<crate::core::text::Phrase> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let name = program.argv.first()?.as_str();
        let runnable = |path: &Path| {
            std::fs::metadata(path)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        };
        if name.contains('/') {
            let path = program.dir.join(name);
            return match std::fs::metadata(&path) {
                Err(_) => Some(phrase!(
                    "cannot run {program}: there is no such file",
                    program = name
                )),
                Ok(m) if m.is_dir() => Some(phrase!(
                    "cannot run {program}: it is a folder",
                    program = name
                )),
                Ok(m) if !m.is_file() => Some(phrase!(
                    "cannot run {program}: it is not a regular file",
                    program = name
                )),
                Ok(_) if !runnable(&path) => Some(match interpreter(name) {
                    Some(interpreter) => phrase!(
                        "cannot run {program}: the file may not be executed: chmod +x {program}, or name its interpreter first ({interpreter} {program})",
                        program = name,
                        interpreter = interpreter
                    ),
                    None => phrase!(
                        "cannot run {program}: the file may not be executed: chmod +x {program}",
                        program = name
                    ),
                }),
                Ok(_) => None,
            };
        }
        // without PATH the system's own default decides: the run tells
        let path = std::env::var_os("PATH")?;
        let on_path = |name: &str| {
            !name.is_empty()
                && std::env::split_paths(&path).any(|d| runnable(&program.dir.join(d).join(name)))
        };
        if on_path(name) {
            return None;
        }
        let other = format!("{name}3");
        Some(if on_path(&other) {
            phrase!(
                "cannot run {program}: there is no such command here, but there is {other}",
                program = name,
                other = other
            )
        } else {
            phrase!(
                "cannot run {program}: there is no such command here (none on PATH)",
                program = name
            )
        })
    }
    #[cfg(not(unix))]
    {
        let _ = program;
        None
    }
}

/// The interpreter a script's extension names, for the advice to run it through one.
#[cfg(unix)]
fn interpreter(name: &str) -> Option<&'static str> {
    let extension = Path::new(name).extension()?.to_str()?;
    Some(match extension {
        "py" => "python3",
        "js" | "mjs" => "node",
        "sh" => "sh",
        "rb" => "ruby",
        "pl" => "perl",
        "jar" => "java -jar",
        _ => return None,
    })
}

/// How a run is made.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub limits: Limits,
    pub session: Session,
    pub encoding: Encoding,
    /// Run inside bubblewrap (no network, a private /tmp, the rest read-only).
    pub isolate: bool,
}

const BWRAP: &str = "bwrap";
/// A program quiet for the idle limit is waiting, not computing, when its processor time over
/// that spell stays under this share of it. Low, so that a program computing on a busy machine
/// (a student's, compiling beside it; CI's, running tests in parallel) is not called idle: a
/// busy loop niced behind two other busy threads got 16% of a core, and a program waiting for
/// a line uses none.
const IDLE_CPU_SHARE: f64 = 0.05;

/// Bubblewrap's arguments: the file system read-only, a private writable /tmp, /dev and /proc
/// of its own, every namespace unshared (no network), killed when its parent dies.
fn sandbox_args(scratch: &Path, dir: &Path, command: &[String]) -> Vec<String> {
    let mut args: Vec<String> = [
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--bind",
    ]
    .map(String::from)
    .to_vec();
    args.push(scratch.display().to_string());
    args.push("/tmp".to_string());
    // the program's own folder stays visible (read-only) even when it is under /tmp, and so
    // does each folder of /tmp its command names: a program built elsewhere (lab grade's
    // build folder), a script given by its path, a link into /tmp
    let mut visible: Vec<PathBuf> = Vec::new();
    if dir != Path::new("/") {
        visible.push(dir.to_path_buf());
    }
    for word in command {
        let Ok(real) = std::fs::canonicalize(dir.join(word)) else {
            continue;
        };
        let folder = if real.is_dir() {
            real
        } else {
            match real.parent() {
                Some(parent) => parent.to_path_buf(),
                None => continue,
            }
        };
        if folder.starts_with("/tmp")
            && folder != Path::new("/tmp")
            && !visible.iter().any(|v| folder.starts_with(v))
        {
            visible.push(folder);
        }
    }
    for folder in visible {
        args.extend([
            "--ro-bind".to_string(),
            folder.display().to_string(),
            folder.display().to_string(),
        ]);
    }
    args.extend(
        [
            "--unshare-all",
            "--die-with-parent",
            "--setenv",
            "TMPDIR",
            "/tmp",
            "--chdir",
        ]
        .map(String::from),
    );
    args.push(dir.display().to_string());
    args.push("--".to_string());
    args
}

/// Whether bubblewrap runs here (installed, and allowed to make its namespaces): the
/// isolation a report names, or `None`.
pub fn isolation_available() -> Option<String> {
    let scratch = std::env::temp_dir();
    let status = Command::new(BWRAP)
        .args(sandbox_args(&scratch, Path::new("/"), &[]))
        .arg("true")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    status.success().then(|| {
        crate::msg!(
            "bubblewrap: no network, private /tmp, file system read-only, own process and user namespaces"
        )
        .to_string()
    })
}

/// The words a report uses for a run without isolation.
pub const NO_ISOLATION: &str = crate::msg!(
    "none: the program ran as the user who started ai-arcade, with the network and files"
);

/// Starts the program; the command that runs is `prlimit … [bwrap …] program`.
fn start(
    program: &Program,
    settings: &Settings,
    scratch: &Path,
) -> std::io::Result<(Child, Group)> {
    let limits = &settings.limits;
    let mut argv: Vec<String> = Vec::new();
    // Linux's (Wine would find the Linux file too, and start it)
    if cfg!(target_os = "linux") && Path::new("/usr/bin/prlimit").exists() {
        let data = limits.memory_mb.saturating_mul(1 << 20);
        let cpu = limits.cpu_seconds.ceil() as u64 + 1;
        argv.extend([
            "/usr/bin/prlimit".to_string(),
            format!("--data={data}"),
            format!("--cpu={cpu}:{}", cpu + 1),
            "--core=0".to_string(),
            "--".to_string(),
        ]);
    }
    if settings.isolate {
        argv.push(BWRAP.to_string());
        argv.extend(sandbox_args(scratch, &program.dir, &program.argv));
    }
    argv.extend(program.argv.iter().cloned());
    let mut command = Command::new(&argv[0]);
    command
        .args(&argv[1..])
        .current_dir(&program.dir)
        .env("TMPDIR", scratch)
        .env("PYTHONUNBUFFERED", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    group::spawn(&mut command)
}

/// What the reading thread hands over.
enum Out {
    Line(Vec<u8>),
    TooLong,
    TooMuch,
    End,
}

fn read_stdout(stdout: impl Read, most: u64, to: &Sender<Out>) {
    let mut reader = BufReader::with_capacity(64 * 1024, stdout);
    let mut line = Vec::new();
    let mut total: u64 = 0;
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) | Err(_) => {
                if !line.is_empty() {
                    let _ = to.send(Out::Line(std::mem::take(&mut line)));
                }
                let _ = to.send(Out::End);
                return;
            }
            Ok(chunk) => chunk,
        };
        let n = chunk.len();
        total += n as u64;
        let mut start = 0;
        for (i, &b) in chunk.iter().enumerate() {
            if b == b'\n' {
                line.extend_from_slice(&chunk[start..i]);
                start = i + 1;
                if to.send(Out::Line(std::mem::take(&mut line))).is_err() {
                    return;
                }
            }
        }
        line.extend_from_slice(&chunk[start..]);
        reader.consume(n);
        if line.len() > MAX_LINE {
            let _ = to.send(Out::TooLong);
            return;
        }
        if total > most {
            let _ = to.send(Out::TooMuch);
            return;
        }
    }
}

/// Keeps the last few KiB of stderr (the student's messages, shown in the report).
fn read_stderr(stderr: impl Read, tail: &Mutex<Vec<u8>>) {
    const KEEP: usize = 4096;
    let mut reader = BufReader::new(stderr);
    let mut buf = [0u8; 8192];
    while let Ok(n) = reader.read(&mut buf) {
        if n == 0 {
            return;
        }
        let mut kept = tail
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.extend_from_slice(&buf[..n]);
        if kept.len() > 2 * KEEP {
            let cut = kept.len() - KEEP;
            kept.drain(..cut);
        }
    }
}

/// Runs `program` on `case` and judges it. `cancel`, when set, stops the run at once (the
/// player left the screen); `events` hears each accepted expansion and the violation.
pub fn run_case(
    case: &Case,
    reference: &Reference,
    program: &Program,
    settings: &Settings,
    cancel: Option<&AtomicBool>,
    events: &mut dyn FnMut(Event),
) -> CaseReport {
    let mut referee = match Referee::new(case, reference, settings.session, settings.encoding) {
        Ok(referee) => referee,
        Err(report) => return *report,
    };
    let scratch = std::env::temp_dir().join(format!(
        "ai-arcade-lab-{}-{}",
        std::process::id(),
        SCRATCH_COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::create_dir_all(&scratch);
    let began = Instant::now();
    let tail = Arc::new(Mutex::new(Vec::new()));
    let mut peak: u64 = 0;
    let mut cpu = 0.0;
    let end = match start(program, settings, &scratch) {
        Err(e) => ending(
            Verdict::Re,
            phrase!(
                "the program could not be started: {why}",
                why = format!("{} ({e})", program.shown())
            ),
            0,
        ),
        Ok((mut child, group)) => {
            let (to_program, lines) = mpsc::channel::<String>();
            let stdin = child.stdin.take();
            std::thread::spawn(move || {
                if let Some(stdin) = stdin {
                    let mut writer = std::io::BufWriter::new(stdin);
                    for message in lines {
                        if writeln!(writer, "{message}")
                            .and_then(|()| writer.flush())
                            .is_err()
                        {
                            return;
                        }
                    }
                }
            });
            let (tx, from_program) = mpsc::channel();
            if let Some(stdout) = child.stdout.take() {
                let most = settings.limits.output_bytes;
                std::thread::spawn(move || read_stdout(stdout, most, &tx));
            }
            if let Some(stderr) = child.stderr.take() {
                let tail = Arc::clone(&tail);
                std::thread::spawn(move || read_stderr(stderr, &tail));
            }
            for message in referee.opening(&settings.limits) {
                let _ = to_program.send(message);
            }
            let mut watch = Watch {
                settings,
                referee: &mut referee,
                to_program: &to_program,
                events,
                began,
                peak: &mut peak,
                cpu: &mut cpu,
                group: &group,
            };
            let end = watch.run(&from_program, &mut child, cancel, &tail);
            let _ = to_program.send(referee.end_message(end.verdict));
            drop(to_program);
            // a moment to exit by itself, then the whole group goes
            let grace = Instant::now();
            while grace.elapsed() < Duration::from_millis(200) {
                if matches!(child.try_wait(), Ok(Some(_))) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            group.kill();
            let _ = child.kill();
            let _ = child.wait();
            end
        }
    };
    let _ = std::fs::remove_dir_all(&scratch);
    if let Some(v) = &end.violation {
        events(Event::Violated(v.clone()));
    }
    let stderr = {
        let kept = tail
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let text = String::from_utf8_lossy(&kept);
        let chars: Vec<char> = text.chars().collect();
        chars[chars.len().saturating_sub(2000)..].iter().collect()
    };
    CaseReport {
        seconds: began.elapsed().as_secs_f64(),
        cpu_seconds: cpu,
        memory_mb: peak as f64 / f64::from(1 << 20),
        stderr,
        ..referee.report(end)
    }
}

static SCRATCH_COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The running program, watched.
struct Watch<'a, 'w, 'r> {
    settings: &'a Settings,
    referee: &'w mut Referee<'r>,
    to_program: &'w Sender<String>,
    events: &'w mut dyn FnMut(Event),
    began: Instant,
    peak: &'w mut u64,
    cpu: &'w mut f64,
    group: &'w Group,
}

impl Watch<'_, '_, '_> {
    fn run(
        &mut self,
        from_program: &Receiver<Out>,
        child: &mut Child,
        cancel: Option<&AtomicBool>,
        tail: &Mutex<Vec<u8>>,
    ) -> Ending {
        let limits = self.settings.limits;
        let mut quiet_since = Instant::now();
        let mut cpu_when_quiet = 0.0;
        let mut last_sample = Instant::now();
        let mut sampled = false;
        loop {
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return ending(Verdict::Idle, phrase!("the run was stopped"), 0);
            }
            match from_program.recv_timeout(Duration::from_millis(20)) {
                Ok(Out::Line(bytes)) => {
                    quiet_since = Instant::now();
                    cpu_when_quiet = *self.cpu;
                    if let Some(end) = self.line(&bytes) {
                        return end;
                    }
                    // a fast program's lines keep coming: sample the limits every 20 ms
                    if sampled && last_sample.elapsed() < Duration::from_millis(20) {
                        continue;
                    }
                }
                Ok(Out::TooLong) => {
                    return ending(
                        Verdict::Pe,
                        phrase!(
                            "line {n} is longer than {most} bytes",
                            n = self.referee.lines() + 1,
                            most = MAX_LINE
                        ),
                        self.referee.step(),
                    );
                }
                Ok(Out::TooMuch) => {
                    return ending(
                        Verdict::Ole,
                        phrase!(
                            "the program printed more than {most} bytes",
                            most = limits.output_bytes
                        ),
                        self.referee.step(),
                    );
                }
                Ok(Out::End) | Err(RecvTimeoutError::Disconnected) => {
                    return self.closed(child, tail);
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            last_sample = Instant::now();
            sampled = true;
            let (cpu, rss) = self.group.usage();
            *self.cpu = self.cpu.max(cpu);
            *self.peak = (*self.peak).max(rss);
            if let Some(end) = self.over_limits(quiet_since, cpu_when_quiet) {
                return end;
            }
        }
    }

    fn over_limits(&self, quiet_since: Instant, cpu_when_quiet: f64) -> Option<Ending> {
        let limits = self.settings.limits;
        let step = self.referee.step();
        if self.began.elapsed().as_secs_f64() > limits.seconds {
            return Some(ending(
                Verdict::Tle,
                phrase!(
                    "the program ran past {s} seconds",
                    s = limits.seconds.to_string()
                ),
                step,
            ));
        }
        if *self.cpu > limits.cpu_seconds {
            return Some(ending(
                Verdict::Tle,
                phrase!(
                    "the program used more than {s} seconds of processor time",
                    s = limits.cpu_seconds.to_string()
                ),
                step,
            ));
        }
        if *self.peak > limits.memory_mb << 20 {
            return Some(ending(
                Verdict::Mle,
                phrase!(
                    "the program used more than {mb} MiB of memory",
                    mb = limits.memory_mb
                ),
                step,
            ));
        }
        let quiet = quiet_since.elapsed().as_secs_f64();
        if quiet > limits.idle_seconds && *self.cpu - cpu_when_quiet < IDLE_CPU_SHARE * quiet {
            let say = if self.referee.session() == Session::Trace && step > 0 {
                // after an expansion, a program that waits may be waiting for successors
                phrase!(
                    "the program has been waiting for {s} seconds without a word: does it flush each line it prints? Or does it wait for its successors? Only an oracle session sends them (--session oracle; in the game, tick successors sent by ai-arcade)",
                    s = limits.idle_seconds.to_string()
                )
            } else {
                phrase!(
                    "the program has been waiting for {s} seconds without a word: does it flush each line it prints?",
                    s = limits.idle_seconds.to_string()
                )
            };
            return Some(ending(Verdict::Idle, say, step));
        }
        None
    }

    /// Handles one line; `Some` ends the run.
    fn line(&mut self, bytes: &[u8]) -> Option<Ending> {
        let to_program = self.to_program;
        let mut send = |message: String| {
            let _ = to_program.send(message);
        };
        self.referee.line(bytes, &mut send, &mut *self.events)
    }

    /// Standard output closed without an answer: how the program ended says why.
    fn closed(&mut self, child: &mut Child, tail: &Mutex<Vec<u8>>) -> Ending {
        let step = self.referee.step();
        let waited = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if waited.elapsed() < Duration::from_secs(1) => {
                    let (cpu, rss) = self.group.usage();
                    *self.cpu = self.cpu.max(cpu);
                    *self.peak = (*self.peak).max(rss);
                    std::thread::sleep(Duration::from_millis(10));
                }
                _ => break None,
            }
        };
        let limits = self.settings.limits;
        let said = String::from_utf8_lossy(
            &tail
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
        .to_string();
        let out_of_memory = [
            "MemoryError",
            "bad_alloc",
            "OutOfMemoryError",
            "Cannot allocate memory",
            "out of memory",
        ]
        .iter()
        .any(|m| said.contains(m))
            || *self.peak * 10 >= (limits.memory_mb << 20) * 9;
        let signal = status.as_ref().and_then(group::signal);
        if signal == Some(24) || (signal == Some(9) && *self.cpu >= limits.cpu_seconds) {
            return ending(
                Verdict::Tle,
                phrase!(
                    "the program used more than {s} seconds of processor time",
                    s = limits.cpu_seconds.to_string()
                ),
                step,
            );
        }
        match status {
            Some(s) if s.success() => ending(Verdict::Pe, self.referee.unanswered(), step),
            _ if out_of_memory => ending(
                Verdict::Mle,
                phrase!(
                    "the program ran out of memory ({mb} MiB)",
                    mb = limits.memory_mb
                ),
                step,
            ),
            Some(s) => match (s.code(), group::signal(&s)) {
                (Some(code), _) => ending(
                    Verdict::Re,
                    phrase!("the program exited with code {code}", code = code),
                    step,
                ),
                (_, Some(signal)) => ending(
                    Verdict::Re,
                    phrase!("the program was killed by signal {signal}", signal = signal),
                    step,
                ),
                _ => ending(Verdict::Re, phrase!("the program ended abnormally"), step),
            },
            None => ending(
                Verdict::Idle,
                phrase!("the program closed its output but did not end"),
                step,
            ),
        }
    }
}

/// A program running on one case on a thread of its own (the game's frame never waits for
/// it): its news arrive on a channel; dropping the job stops the program and kills its whole
/// process group.
pub struct Job {
    cancel: Arc<AtomicBool>,
    /// Behind a lock so that a job can be shared (a game's resource is).
    news: Mutex<Receiver<News>>,
}

impl Job {
    /// Starts `program` on `case`.
    pub fn start(case: Case, program: Program, settings: Settings) -> Job {
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, news) = mpsc::channel();
        let stop = Arc::clone(&cancel);
        std::thread::spawn(move || {
            let reference = Reference::new(&case.space, case.search);
            let mut expanded: Vec<State> = Vec::new();
            let report = run_case(
                &case,
                &reference,
                &program,
                &settings,
                Some(&stop),
                &mut |event| match event {
                    Event::Expanded(s) => {
                        expanded.push(s);
                        let _ = tx.send(News::Expanded(vec![s]));
                    }
                    Event::Played(action) => {
                        let _ = tx.send(News::Played(vec![action]));
                    }
                    Event::Violated(_) => {}
                },
            );
            let films = case
                .search
                .expands()
                .then(|| Box::new(Films::record(&case, &expanded, report.violation.clone())));
            let _ = tx.send(News::Done(Box::new(report), films));
        });
        Job {
            cancel,
            news: Mutex::new(news),
        }
    }

    /// The news since the last call, at most `most` of them (the rest wait for the next).
    pub fn news(&self, most: usize) -> Vec<News> {
        let news = self
            .news
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        news.try_iter().take(most).collect()
    }

    /// Stops the program (its whole process group is killed on the job's thread).
    pub fn stop(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.stop();
    }
}
