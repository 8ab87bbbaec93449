//! The Explore mode's rules: the classic ball search over an editable maze, as a session the
//! game drives (no Bevy here). The game maps keys and clicks to these methods and draws what
//! [`ExploreSession`] reports.

use super::solve::{WalkOutcome, dfs_rule};
use super::{Cell, Maze, classic::classic};
use crate::core::grid::{Dir, Pos};
use crate::core::trace::{Playback, Replay, Trace};

/// The replay speed a new session starts at, in ball moves per second.
pub const DEFAULT_SPEED: f32 = 4.0;

/// The largest maze Explore draws (per side); every cell is an entity on screen.
pub const MAX_SIDE: usize = 128;

/// Checks that Explore can show `maze`; the message says why not.
pub fn check_size(maze: &Maze) -> Result<(), crate::core::text::Phrase> {
    if maze.width() > MAX_SIDE || maze.height() > MAX_SIDE {
        return Err(crate::phrase!(
            "Explore shows mazes up to {most}×{most}; this one is {width}×{height}",
            most = MAX_SIDE,
            width = maze.width(),
            height = maze.height()
        ));
    }
    Ok(())
}

/// What the ball is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The search is being replayed.
    Searching,
    /// The search reached the exit ("Exit found").
    ExitFound,
    /// The ball fell back to the entry with nothing left ("No exit").
    NoExit,
    /// F2: the ball walks the correct path.
    ReplayingPath,
    /// The correct path has been walked to the exit.
    PathReplayed,
    /// The maze is being edited; no search runs.
    Editing,
}

impl Status {
    /// The line the HUD shows (a message: `Lang::tr` it).
    pub fn headline(self) -> &'static str {
        match self {
            Status::Searching => crate::msg!("Searching…"),
            Status::ExitFound => crate::msg!("Exit found"),
            Status::NoExit => crate::msg!("No exit"),
            Status::ReplayingPath => crate::msg!("Replaying the correct path…"),
            Status::PathReplayed => crate::msg!("Correct path replayed"),
            Status::Editing => crate::msg!("Editing the maze"),
        }
    }
}

/// What kind of run the playback holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    Search,
    PathReplay,
}

/// The editor's tools for a click or a confirm press.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Toggle wall / path.
    #[default]
    Wall,
    /// Move the entry here.
    Entry,
    /// Move the exit here.
    Exit,
}

/// Why an edit was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditError {
    /// Not on the maze.
    Outside,
    /// Entry and exit cannot share a cell.
    Occupied,
}

/// One Explore game: the maze, the last search, and the playback the player watches.
#[derive(Clone, Debug)]
pub struct ExploreSession {
    maze: Maze,
    outcome: Option<WalkOutcome>,
    playback: Playback,
    run: Run,
    editing: bool,
    cursor: Pos,
    revision: u64,
}

impl Default for ExploreSession {
    fn default() -> Self {
        Self::new(classic())
    }
}

impl ExploreSession {
    /// A session on `maze` whose search starts at once.
    pub fn new(maze: Maze) -> Self {
        let cursor = maze.entry().unwrap_or_default();
        let mut session = Self {
            playback: Playback::new(Replay::new(Trace::new(), 0, 0), DEFAULT_SPEED),
            maze,
            outcome: None,
            run: Run::Search,
            editing: false,
            cursor,
            revision: 0,
        };
        session.restart();
        session
    }

    /// The maze.
    pub fn maze(&self) -> &Maze {
        &self.maze
    }

    /// Bumped every time the maze changes, so the game knows to redraw its cells.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The last completed search (the whole walk is computed at once; the playback shows it).
    pub fn outcome(&self) -> Option<&WalkOutcome> {
        self.outcome.as_ref()
    }

    /// The playback being watched.
    pub fn playback(&self) -> &Playback {
        &self.playback
    }

    /// The playback, for pause / step / speed controls.
    pub fn playback_mut(&mut self) -> &mut Playback {
        &mut self.playback
    }

    /// True while editing.
    pub fn editing(&self) -> bool {
        self.editing
    }

    /// The editor's keyboard / gamepad cursor.
    pub fn cursor(&self) -> Pos {
        self.cursor
    }

    /// Where the ball is: the walker of the playback, or the entry before anything ran.
    pub fn ball(&self) -> Option<Pos> {
        if self.editing {
            return self.maze.entry();
        }
        self.playback.replay().walker().or(self.maze.entry())
    }

    /// Moves the ball has made so far in the playback.
    pub fn steps(&self) -> usize {
        self.playback.replay().cursor().saturating_sub(1)
    }

    /// Moves the playback will make in all.
    pub fn total_steps(&self) -> usize {
        self.playback.replay().trace().len().saturating_sub(1)
    }

    /// What the ball is doing now.
    pub fn status(&self) -> Status {
        let finished = self.playback.replay().finished();
        let found = self.outcome.as_ref().is_some_and(|o| o.found);
        match (self.editing, self.run, finished) {
            (true, _, _) => Status::Editing,
            (false, Run::Search, false) => Status::Searching,
            (false, Run::Search, true) if found => Status::ExitFound,
            (false, Run::Search, true) => Status::NoExit,
            (false, Run::PathReplay, false) => Status::ReplayingPath,
            (false, Run::PathReplay, true) => Status::PathReplayed,
        }
    }

    /// F1: search again from the entry (keeps speed, unpauses). Also leaves the editor.
    pub fn restart(&mut self) {
        self.editing = false;
        let outcome = dfs_rule(&self.maze).ok();
        let trace = outcome
            .as_ref()
            .map(|o| o.trace.clone())
            .unwrap_or_default();
        self.start_playback(trace, Run::Search);
        self.outcome = outcome;
    }

    /// F2: the ball walks the correct path from the entry. Refused (false) while editing, while
    /// the search has not yet reached the exit on screen (the ball cannot know the path before
    /// it found it), and when the search found no exit; the current playback is then left alone.
    pub fn replay_path(&mut self) -> bool {
        let searching = self.run == Run::Search && !self.playback.replay().finished();
        if self.editing || searching {
            return false;
        }
        let Some(path) = self.outcome.as_ref().filter(|o| o.found).map(|o| &o.path) else {
            return false;
        };
        let trace = Trace::walk_along(path);
        self.start_playback(trace, Run::PathReplay);
        true
    }

    fn start_playback(&mut self, trace: Trace, run: Run) {
        let speed = self.playback.speed();
        self.playback = Playback::new(
            Replay::new(trace, self.maze.width(), self.maze.height()),
            speed,
        );
        self.run = run;
    }

    /// Lets `seconds` pass (ignored while editing).
    pub fn tick(&mut self, seconds: f32) -> usize {
        if self.editing {
            return 0;
        }
        self.playback.advance(seconds)
    }

    /// Switches the editor on (the search stops, the bare maze shows) or off (the search starts
    /// again on the edited maze).
    pub fn set_editing(&mut self, on: bool) {
        if on == self.editing {
            return;
        }
        if on {
            self.editing = true;
            if !self.maze.grid().contains(self.cursor) {
                self.cursor = self.maze.entry().unwrap_or_default();
            }
        } else {
            self.restart();
        }
    }

    /// Moves the editor's cursor one cell, staying on the maze.
    pub fn move_cursor(&mut self, dir: Dir) {
        let next = self.cursor.step(dir);
        if self.maze.grid().contains(next) {
            self.cursor = next;
        }
    }

    /// Puts the editor's cursor on `pos` (where the mouse clicked), if it is on the maze.
    pub fn set_cursor(&mut self, pos: Pos) {
        if self.maze.grid().contains(pos) {
            self.cursor = pos;
        }
    }

    /// Applies `tool` at `pos`. Entry and exit cannot be toggled into walls nor placed on each
    /// other, so the maze always keeps its entry. Switches the editor on.
    pub fn edit(&mut self, pos: Pos, tool: Tool) -> Result<(), EditError> {
        let current = self
            .maze
            .grid()
            .get(pos)
            .copied()
            .ok_or(EditError::Outside)?;
        self.set_editing(true);
        self.cursor = pos;
        let new = match (tool, current) {
            (Tool::Wall, Cell::Entry | Cell::Exit) => return Err(EditError::Occupied),
            (Tool::Wall, Cell::Wall) => Cell::Path,
            (Tool::Wall, Cell::Path) => Cell::Wall,
            (Tool::Entry, Cell::Exit) | (Tool::Exit, Cell::Entry) => {
                return Err(EditError::Occupied);
            }
            (Tool::Entry, _) => Cell::Entry,
            (Tool::Exit, _) => Cell::Exit,
        };
        if new != current {
            self.maze.set(pos, new);
            self.revision += 1;
        }
        Ok(())
    }

    /// Every wall becomes a path (entry and exit stay); the editor is on.
    pub fn clear(&mut self) {
        self.set_editing(true);
        self.maze.clear_walls();
        self.revision += 1;
    }

    /// Replaces the maze (loaded from a file, the classic, a new room) and searches it.
    pub fn replace_maze(&mut self, maze: Maze) {
        self.cursor = maze.entry().unwrap_or_default();
        self.maze = maze;
        self.revision += 1;
        self.restart();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_to_end(session: &mut ExploreSession) {
        while session.tick(1.0) > 0 {}
    }

    #[test]
    fn the_classic_search_ends_with_exit_found() {
        let mut session = ExploreSession::default();
        assert_eq!(session.status(), Status::Searching);
        assert_eq!(session.ball(), Some(Pos::new(1, 0)));
        run_to_end(&mut session);
        assert_eq!(session.status(), Status::ExitFound);
        assert_eq!(session.ball(), Some(Pos::new(7, 1)));
        assert_eq!(session.steps(), 27);
        assert_eq!(session.playback().replay().chain().len(), 14);
    }

    #[test]
    fn f2_replays_the_path_and_f1_searches_again() {
        let mut session = ExploreSession::default();
        assert!(
            !session.replay_path(),
            "the path is not known before the ball finds it"
        );
        assert_eq!(session.status(), Status::Searching);
        run_to_end(&mut session);
        assert!(session.replay_path());
        assert_eq!(session.status(), Status::ReplayingPath);
        run_to_end(&mut session);
        assert_eq!(session.status(), Status::PathReplayed);
        assert_eq!(session.steps(), 13);
        session.restart();
        assert_eq!(session.status(), Status::Searching);
        assert_eq!(session.steps(), 0);
    }

    #[test]
    fn walling_in_the_exit_gives_no_exit_and_no_replay() {
        let mut session = ExploreSession::default();
        // (6, 1) is the only way to the exit at (7, 1)
        session.edit(Pos::new(6, 1), Tool::Wall).unwrap();
        assert_eq!(session.status(), Status::Editing);
        session.set_editing(false);
        run_to_end(&mut session);
        assert_eq!(session.status(), Status::NoExit);
        assert_eq!(session.ball(), Some(Pos::new(1, 0)));
        assert!(!session.replay_path());
        assert_eq!(session.status(), Status::NoExit);
    }

    #[test]
    fn entry_and_exit_cannot_be_walled_or_stacked() {
        let mut session = ExploreSession::default();
        let entry = session.maze().entry().unwrap();
        let exit = session.maze().exit().unwrap();
        let revision = session.revision();
        assert_eq!(session.edit(entry, Tool::Wall), Err(EditError::Occupied));
        assert_eq!(session.edit(exit, Tool::Entry), Err(EditError::Occupied));
        assert_eq!(session.edit(entry, Tool::Exit), Err(EditError::Occupied));
        assert_eq!(
            session.edit(Pos::new(9, 9), Tool::Wall),
            Err(EditError::Outside)
        );
        assert_eq!(session.revision(), revision);
        session.edit(Pos::new(5, 5), Tool::Entry).unwrap();
        assert_eq!(session.maze().entry(), Some(Pos::new(5, 5)));
        assert_eq!(session.maze().cell(entry), Cell::Path);
        assert!(session.revision() > revision);
    }

    #[test]
    fn cursor_stays_on_the_maze() {
        let mut session = ExploreSession::default();
        session.set_editing(true);
        assert_eq!(session.cursor(), Pos::new(1, 0));
        session.move_cursor(Dir::Left);
        assert_eq!(session.cursor(), Pos::new(1, 0));
        session.move_cursor(Dir::Down);
        session.move_cursor(Dir::Right);
        assert_eq!(session.cursor(), Pos::new(2, 1));
    }

    #[test]
    fn editing_pauses_the_clock_and_clear_keeps_entry_and_exit() {
        let mut session = ExploreSession::default();
        session.clear();
        assert_eq!(session.tick(5.0), 0);
        assert_eq!(session.maze().open_cells(), 64);
        assert!(session.maze().entry().is_some() && session.maze().exit().is_some());
        session.set_editing(false);
        run_to_end(&mut session);
        assert_eq!(session.status(), Status::ExitFound);
    }

    #[test]
    fn oversized_mazes_are_refused_with_their_size() {
        assert!(check_size(&Maze::open_room(64, 64)).is_ok());
        assert!(check_size(&Maze::open_room(MAX_SIDE, MAX_SIDE)).is_ok());
        let message = check_size(&Maze::open_room(MAX_SIDE + 1, 5)).unwrap_err();
        assert!(message.english().contains("129×5"), "{message}");
    }

    #[test]
    fn replacing_the_maze_searches_it() {
        let mut session = ExploreSession::default();
        session.replace_maze(Maze::open_room(6, 6));
        assert_eq!(session.maze().width(), 6);
        run_to_end(&mut session);
        assert_eq!(session.status(), Status::ExitFound);
    }
}
