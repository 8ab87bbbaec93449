//! `ai-arcade.com` on Windows: the command line's door to the game. The game (`ai-arcade.exe`)
//! is a windowed program, so that a double-click opens no console; but a terminal neither waits
//! for a windowed program nor gives it its console. Typed in a terminal, `ai-arcade` finds this
//! console program first (`.com` comes before `.exe` in `PATHEXT`): it runs `ai-arcade.exe`
//! beside it with the same arguments and the terminal's handles, waits, and exits with its code.
//! The game is held in a job object that kills it when this program ends (Ctrl+C, the terminal
//! closed), as a console program would have been.
//!
//! Built on every platform (the release script copies the Windows build as `ai-arcade.com`);
//! elsewhere it only says what it is for.

fn main() {
    #[cfg(windows)]
    std::process::exit(windows::run());
    #[cfg(not(windows))]
    {
        eprintln!(
            "error: this is the Windows console launcher (ai-arcade.com); run ai-arcade instead"
        );
        std::process::exit(2);
    }
}

#[cfg(windows)]
mod windows {
    use std::os::windows::io::AsRawHandle;
    use std::process::Command;

    /// Runs the game beside this program and gives back its exit code.
    pub fn run() -> i32 {
        let game = match std::env::current_exe() {
            Ok(me) => me.with_file_name("ai-arcade.exe"),
            Err(e) => {
                eprintln!("error: cannot find ai-arcade.exe: {e}");
                return 1;
            }
        };
        let mut limits = win32job::ExtendedLimitInfo::new();
        limits.limit_kill_on_job_close();
        // without a job the game still runs; it would only outlive a Ctrl+C
        let job = win32job::Job::create_with_limit_info(&limits).ok();
        let mut child = match Command::new(&game)
            .args(std::env::args_os().skip(1))
            .spawn()
        {
            Ok(child) => child,
            Err(e) => {
                eprintln!("error: cannot start {}: {e}", game.display());
                return 1;
            }
        };
        if let Some(job) = &job {
            let _ = job.assign_process(child.as_raw_handle() as isize);
        }
        match child.wait() {
            Ok(status) => status.code().unwrap_or(1),
            Err(e) => {
                eprintln!("error: lost {}: {e}", game.display());
                1
            }
        }
    }
}
