//! A student's program and every process it starts, as one group the Lab can measure and kill:
//! a process group on Unix (its processor time and resident memory read from `/proc`, killed
//! with one signal), a job object on Windows (its processes listed by the job, killed with it;
//! the job is made to kill them all when it closes, so they go even if ai-arcade itself dies).

use std::io;
use std::process::{Child, Command, ExitStatus};

/// The processes of one run.
pub struct Group {
    #[cfg(unix)]
    pgid: u32,
    #[cfg(windows)]
    job: win32job::Job,
}

/// Starts `command` as the first process of a new group.
pub fn spawn(command: &mut Command) -> io::Result<(Child, Group)> {
    #[cfg(unix)]
    {
        std::os::unix::process::CommandExt::process_group(command, 0);
        let child = command.spawn()?;
        let pgid = child.id();
        Ok((child, Group { pgid }))
    }
    #[cfg(windows)]
    {
        use std::os::windows::io::AsRawHandle;
        use std::os::windows::process::CommandExt;
        /// `CREATE_NO_WINDOW`: a console program started by the game (which has no console)
        /// would otherwise open a console window of its own.
        const CREATE_NO_WINDOW: u32 = 0x0800_0000;
        command.creation_flags(CREATE_NO_WINDOW);
        let mut limits = win32job::ExtendedLimitInfo::new();
        limits.limit_kill_on_job_close();
        let job = win32job::Job::create_with_limit_info(&limits).map_err(io::Error::other)?;
        let mut child = command.spawn()?;
        if let Err(e) = job.assign_process(child.as_raw_handle() as isize) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other(e));
        }
        Ok((child, Group { job }))
    }
}

impl Group {
    /// The processor seconds and resident bytes of the group's processes now.
    pub fn usage(&self) -> (f64, u64) {
        #[cfg(unix)]
        {
            unix_usage(self.pgid)
        }
        #[cfg(windows)]
        {
            let mut cpu = 0.0;
            let mut resident = 0;
            for pid in self.pids() {
                let Some((seconds, bytes)) = windows_usage(pid) else {
                    continue;
                };
                cpu += seconds;
                resident += bytes;
            }
            (cpu, resident)
        }
    }

    /// Kills every process of the group (the program and whatever it started).
    pub fn kill(&self) {
        #[cfg(unix)]
        if let Some(pid) = rustix::process::Pid::from_raw(self.pgid as i32) {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        }
        #[cfg(windows)]
        for pid in self.pids() {
            use winsafe::co;
            if let Ok(process) = winsafe::HPROCESS::OpenProcess(co::PROCESS::TERMINATE, false, pid)
            {
                let _ = process.TerminateProcess(1);
            }
        }
    }

    /// The ids of the job's processes still running.
    #[cfg(windows)]
    fn pids(&self) -> Vec<u32> {
        self.job
            .query_process_id_list()
            .unwrap_or_default()
            .into_iter()
            .filter_map(|pid| u32::try_from(pid).ok())
            .collect()
    }
}

/// The signal that ended a process, where there are signals.
pub fn signal(status: &ExitStatus) -> Option<i32> {
    #[cfg(unix)]
    {
        std::os::unix::process::ExitStatusExt::signal(status)
    }
    #[cfg(not(unix))]
    {
        let _ = status;
        None
    }
}

/// The processor seconds and resident bytes of the processes in group `pgid`, from /proc.
#[cfg(unix)]
fn unix_usage(pgid: u32) -> (f64, u64) {
    const TICKS: f64 = 100.0;
    const PAGE: u64 = 4096;
    let mut cpu = 0.0;
    let mut rss = 0;
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return (0.0, 0);
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // the command name is in parentheses and may hold spaces: the fields follow the last )
        let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.get(2).and_then(|g| g.parse::<u32>().ok()) != Some(pgid) {
            continue;
        }
        let number = |i: usize| {
            fields
                .get(i)
                .and_then(|v| v.parse::<u64>().ok())
                .unwrap_or(0)
        };
        cpu += (number(11) + number(12) + number(13) + number(14)) as f64 / TICKS;
        rss += number(21) * PAGE;
    }
    (cpu, rss)
}

/// One Windows process's processor seconds (user and kernel) and working set, or `None` when
/// it is gone or cannot be opened.
#[cfg(windows)]
fn windows_usage(pid: u32) -> Option<(f64, u64)> {
    use winsafe::co;
    let process = winsafe::HPROCESS::OpenProcess(
        co::PROCESS::QUERY_LIMITED_INFORMATION | co::PROCESS::VM_READ,
        false,
        pid,
    )
    .ok()?;
    let (_, _, kernel, user) = process.GetProcessTimes().ok()?;
    // FILETIME counts 100-nanosecond intervals
    let ticks = |t: winsafe::FILETIME| {
        (u64::from(t.dwHighDateTime) << 32 | u64::from(t.dwLowDateTime)) as f64 / 1e7
    };
    let memory = process.GetProcessMemoryInfo().ok()?;
    Some((ticks(kernel) + ticks(user), memory.WorkingSetSize as u64))
}
