//! The player's settings, kept across runs in `settings.json` in the config folder: speeds,
//! sizes, key preferences, window size, UI scale, colour scheme and language.
//!
//! Reading never fails: a missing file gives the defaults; a corrupt file, or one written by a
//! newer version of the game, is reported once, kept as `settings.json.bak`, and replaced by
//! the defaults. Values out of range (a hand-edited file) are put back in range one by one.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{load_or_default, parse_versioned, write_atomically};
use crate::core::maze::generate::Generator;
use crate::core::maze::runner::{DEFAULT_WALK_SPEED, MAX_WALK_SPEED, MIN_WALK_SPEED, RunnerSpec};
use crate::core::mines::session::{MAX_ROBOT_SPEED, MIN_ROBOT_SPEED};
use crate::core::mines::{Config, FirstClick, Preset};
use crate::core::slide::session::{MAX_DEMO_SPEED, MIN_DEMO_SPEED};
use crate::core::text::{Lang, Phrase};
use crate::core::{showcase, trace};

/// The settings file's format version; files with a higher one come from a newer game.
pub const SETTINGS_VERSION: u32 = 1;

/// The file name in the config folder.
pub const SETTINGS_FILE: &str = "settings.json";

/// Light or dark panels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourScheme {
    #[default]
    Night,
    Day,
}

/// Everything the game remembers between runs (best times are kept in their own file).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub version: u32,
    /// Window size in logical pixels.
    pub window_width: u32,
    pub window_height: u32,
    /// The panels' scale (1 = 100%).
    pub ui_scale: f32,
    pub colour_scheme: ColourScheme,
    /// The language chosen on the menu (`None` until then: the game follows the system's).
    pub language: Option<Lang>,
    /// Explore: the ball's speed (moves per second).
    pub explore_speed: f32,
    /// Runner: generator name, maze side, machine walking speed.
    pub runner_generator: String,
    pub runner_size: usize,
    pub runner_walk_speed: f32,
    /// Slide: 3 or 4, demo speed (moves per second), what the arrow keys move ("tile" or
    /// "blank").
    pub slide_side: usize,
    pub slide_demo_speed: f32,
    pub slide_arrows: String,
    /// Mines: the field and the robot's speed (actions per second).
    pub mines_width: usize,
    pub mines_height: usize,
    pub mines_count: usize,
    pub mines_lives: u32,
    pub mines_first_click: String,
    pub mines_robot_speed: f32,
    /// Showcase: playback speed multiple.
    pub showcase_speed: f32,
    /// Sound: master volume (0 to 1), effects on or off (M), the Showcase's sounds.
    pub sound_volume: f32,
    pub sound_effects: bool,
    pub showcase_sounds: bool,
    /// Lab: the task chosen last and the program's command line.
    pub lab_task: String,
    pub lab_program: String,
    /// Lab on the desktop: plain tokens, and an oracle session (the C++ and Java starters).
    pub lab_plain: bool,
    pub lab_oracle: bool,
    /// Lab in the browser: the program's text and language.
    pub lab_code: String,
    pub lab_language: String,
}

impl Default for Settings {
    fn default() -> Self {
        let mines = Preset::Original.config();
        Self {
            version: SETTINGS_VERSION,
            window_width: 1280,
            window_height: 800,
            ui_scale: 1.0,
            colour_scheme: ColourScheme::Night,
            language: None,
            explore_speed: crate::core::maze::explore::DEFAULT_SPEED,
            runner_generator: Generator::Prim.name().into(),
            runner_size: 21,
            runner_walk_speed: DEFAULT_WALK_SPEED,
            slide_side: 3,
            slide_demo_speed: 4.0,
            slide_arrows: "tile".into(),
            mines_width: mines.width,
            mines_height: mines.height,
            mines_count: mines.mines,
            mines_lives: mines.lives,
            mines_first_click: mines.first_click.name().into(),
            mines_robot_speed: 8.0,
            showcase_speed: 1.0,
            sound_volume: crate::core::sound::DEFAULT_VOLUME,
            sound_effects: true,
            showcase_sounds: false,
            lab_task: "maze-bfs".into(),
            lab_program: String::new(),
            lab_plain: false,
            lab_oracle: false,
            lab_code: String::new(),
            lab_language: String::new(),
        }
    }
}

/// `value` when it is a finite number within `range`, else `default`.
fn within(value: f32, range: std::ops::RangeInclusive<f32>, default: f32) -> f32 {
    if value.is_finite() && range.contains(&value) {
        value
    } else {
        default
    }
}

/// The window sizes the game opens, in logical pixels: from a small laptop window to an 8K
/// screen (a 16384×16384 window asks the graphics driver for more memory than it has).
pub const WINDOW_WIDTHS: std::ops::RangeInclusive<u32> = 320..=7680;
pub const WINDOW_HEIGHTS: std::ops::RangeInclusive<u32> = 240..=4320;

impl Settings {
    /// Puts every value back in the range the game accepts (each field on its own: one bad value
    /// does not reset the others).
    pub fn sanitized(mut self) -> Settings {
        let d = Settings::default();
        self.version = SETTINGS_VERSION;
        if !WINDOW_WIDTHS.contains(&self.window_width)
            || !WINDOW_HEIGHTS.contains(&self.window_height)
        {
            (self.window_width, self.window_height) = (d.window_width, d.window_height);
        }
        self.ui_scale = within(self.ui_scale, 0.5..=3.0, d.ui_scale);
        self.explore_speed = within(
            self.explore_speed,
            trace::MIN_SPEED..=trace::MAX_SPEED,
            d.explore_speed,
        );
        if Generator::from_name(&self.runner_generator).is_none() {
            self.runner_generator = d.runner_generator;
        }
        let spec = RunnerSpec {
            generator: Generator::Prim,
            width: self.runner_size,
            height: self.runner_size,
            seed: 0,
        };
        if spec.check().is_err() {
            self.runner_size = d.runner_size;
        }
        self.runner_walk_speed = within(
            self.runner_walk_speed,
            MIN_WALK_SPEED..=MAX_WALK_SPEED,
            d.runner_walk_speed,
        );
        if !matches!(self.slide_side, 3 | 4) {
            self.slide_side = d.slide_side;
        }
        self.slide_demo_speed = within(
            self.slide_demo_speed,
            MIN_DEMO_SPEED..=MAX_DEMO_SPEED,
            d.slide_demo_speed,
        );
        if !matches!(self.slide_arrows.as_str(), "tile" | "blank") {
            self.slide_arrows = d.slide_arrows;
        }
        if self.mines_config().is_none() {
            self.mines_width = d.mines_width;
            self.mines_height = d.mines_height;
            self.mines_count = d.mines_count;
            self.mines_lives = d.mines_lives;
            self.mines_first_click = d.mines_first_click;
        }
        self.mines_robot_speed = within(
            self.mines_robot_speed,
            MIN_ROBOT_SPEED..=MAX_ROBOT_SPEED,
            d.mines_robot_speed,
        );
        self.showcase_speed = within(
            self.showcase_speed,
            showcase::MIN_SPEED..=showcase::MAX_SPEED,
            d.showcase_speed,
        );
        // a volume out of range is put back at the nearest end (a hand-edited 150% is loud, not
        // the default); one that is not a number takes the default
        self.sound_volume = if self.sound_volume.is_finite() {
            self.sound_volume.clamp(
                crate::core::sound::MIN_VOLUME,
                crate::core::sound::MAX_VOLUME,
            )
        } else {
            d.sound_volume
        };
        if crate::core::lab::task(&self.lab_task).is_err() {
            self.lab_task = d.lab_task;
        }
        // a command line is one line, of a sensible length
        if self.lab_program.contains(['\n', '\r']) || self.lab_program.len() > 4096 {
            self.lab_program = d.lab_program;
        }
        self
    }

    /// The Runner generator.
    pub fn runner_generator(&self) -> Generator {
        Generator::from_name(&self.runner_generator).unwrap_or(Generator::Prim)
    }

    /// The Mines field, when the stored one is playable.
    pub fn mines_config(&self) -> Option<Config> {
        let config = Config {
            width: self.mines_width,
            height: self.mines_height,
            mines: self.mines_count,
            lives: self.mines_lives,
            first_click: FirstClick::from_name(&self.mines_first_click)?,
        };
        config.check().ok().map(|()| config)
    }

    /// Stores a Mines field.
    pub fn set_mines_config(&mut self, config: &Config) {
        self.mines_width = config.width;
        self.mines_height = config.height;
        self.mines_count = config.mines;
        self.mines_lives = config.lives;
        self.mines_first_click = config.first_click.name().into();
    }

    /// Reads settings from JSON text: an error for text that is not a settings object or comes
    /// from a newer version; out-of-range values are put back in range.
    pub fn from_json(text: &str) -> Result<Settings, Phrase> {
        let settings: Settings = parse_versioned(text, SETTINGS_VERSION)?;
        Ok(settings.sanitized())
    }

    /// The settings as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("plain data serialises")
    }

    /// Reads the settings file (see the module's notes); the message, if any, is for the player.
    pub fn load(path: &Path) -> (Settings, Option<Phrase>) {
        load_or_default(path, crate::msg!("settings"), Settings::from_json)
    }

    /// Writes the settings atomically.
    pub fn save(&self, path: &Path) -> Result<(), Phrase> {
        write_atomically(path, self.to_json())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("ai-arcade-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn settings_survive_a_save_and_a_load() {
        let dir = temp_dir("round");
        let path = dir.join(SETTINGS_FILE);
        let (loaded, warning) = Settings::load(&path);
        assert_eq!(loaded, Settings::default());
        assert!(warning.is_none(), "a missing file is not an error");
        let mut settings = Settings {
            ui_scale: 1.5,
            colour_scheme: ColourScheme::Day,
            language: Some(Lang::Zh),
            runner_size: 51,
            runner_generator: "wilson".into(),
            slide_side: 4,
            slide_arrows: "blank".into(),
            showcase_speed: 4.0,
            sound_volume: 0.3,
            sound_effects: false,
            showcase_sounds: true,
            lab_task: "slide-astar-manhattan".into(),
            lab_program: "python3 \"my bfs.py\" --verbose".into(),
            lab_plain: true,
            lab_oracle: true,
            ..Settings::default()
        };
        settings.set_mines_config(&Preset::Expert.config());
        settings.save(&path).unwrap();
        let (again, warning) = Settings::load(&path);
        assert!(warning.is_none());
        assert_eq!(again, settings);
        assert_eq!(again.mines_config(), Some(Preset::Expert.config()));
        assert_eq!(again.runner_generator(), Generator::Wilson);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_corrupt_or_future_file_is_kept_aside_and_reported_once() {
        let dir = temp_dir("bad");
        let path = dir.join(SETTINGS_FILE);
        for (text, expected) in [
            ("{ \"ui_scale\": ", "not valid JSON"),
            ("[1, 2]", "not a JSON object"),
            ("{\"version\": 7}", "newer version"),
            ("{\"ui_scale\": \"big\"}", "not a valid file"),
        ] {
            std::fs::write(&path, text).unwrap();
            let (settings, warning) = Settings::load(&path);
            assert_eq!(settings, Settings::default());
            let warning = warning.unwrap().english();
            assert!(warning.contains(expected), "{warning}");
            // each bad file is kept under the name the message gives (earlier ones stay)
            let kept = warning.split("kept as ").nth(1).unwrap();
            let backup = std::path::PathBuf::from(kept.split(';').next().unwrap());
            assert!(backup.starts_with(&dir), "{warning}");
            assert_eq!(std::fs::read_to_string(&backup).unwrap(), text);
            assert!(!path.exists(), "the bad file was moved aside");
            // the next run starts clean: nothing to report
            let (_, again) = Settings::load(&path);
            assert!(again.is_none());
        }
        std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
        assert!(Settings::load(&path).1.unwrap().english().contains("UTF-8"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn out_of_range_values_are_put_back_one_by_one() {
        let text = r#"{"version": 1, "ui_scale": 40.0, "runner_size": 20, "slide_side": 5,
            "mines_count": 1000, "explore_speed": 9.0, "runner_generator": "maze",
            "showcase_speed": -1, "window_width": 10}"#;
        let settings = Settings::from_json(text).unwrap();
        let d = Settings::default();
        assert_eq!(settings.ui_scale, d.ui_scale);
        assert_eq!(settings.runner_size, d.runner_size);
        assert_eq!(settings.slide_side, d.slide_side);
        assert_eq!(settings.mines_config(), Some(Preset::Original.config()));
        assert_eq!(settings.runner_generator, "prim");
        assert_eq!(settings.showcase_speed, 1.0);
        assert_eq!(settings.window_width, d.window_width);
        assert_eq!(settings.explore_speed, 9.0, "good values stay");
        // the volume: back to the nearest end of its range; not a number: the default
        for (text, volume) in [
            (r#"{"sound_volume": 7.5}"#, 1.0),
            (r#"{"sound_volume": -2}"#, 0.0),
            (r#"{"sound_volume": 0.25}"#, 0.25),
            (r#"{"sound_volume": 1e999}"#, d.sound_volume),
        ] {
            let read = Settings::from_json(text).map(|s| s.sound_volume);
            // 1e999 is not a number JSON can hold: the file is refused as a whole
            if text.contains("1e999") {
                assert!(read.is_err(), "{text}");
            } else {
                assert_eq!(read.unwrap(), volume, "{text}");
            }
        }
        let mut nan = Settings {
            sound_volume: f32::NAN,
            ..Settings::default()
        };
        nan = nan.sanitized();
        assert_eq!(nan.sound_volume, d.sound_volume);
        // an older file without the newer fields reads with defaults for them
        let old = Settings::from_json(r#"{"version": 0, "slide_side": 4}"#).unwrap();
        assert_eq!(old.slide_side, 4);
        assert_eq!(old.mines_robot_speed, d.mines_robot_speed);
    }

    #[test]
    fn every_speed_the_game_can_reach_is_kept_by_the_settings() {
        use crate::core::maze::runner::step_walk_speed;
        // the extremes each mode can step to, written and read back
        let mut walk = DEFAULT_WALK_SPEED;
        for _ in 0..40 {
            walk = step_walk_speed(walk, true);
        }
        let extremes = Settings {
            explore_speed: trace::MAX_SPEED,
            runner_walk_speed: walk,
            slide_demo_speed: MAX_DEMO_SPEED,
            mines_robot_speed: MAX_ROBOT_SPEED,
            showcase_speed: showcase::MAX_SPEED,
            ..Settings::default()
        };
        let read = Settings::from_json(&extremes.to_json()).unwrap();
        assert_eq!(read, extremes, "the fastest speeds stay");
        let slowest = Settings {
            explore_speed: trace::MIN_SPEED,
            runner_walk_speed: MIN_WALK_SPEED,
            slide_demo_speed: MIN_DEMO_SPEED,
            mines_robot_speed: MIN_ROBOT_SPEED,
            showcase_speed: showcase::MIN_SPEED,
            ..Settings::default()
        };
        assert_eq!(Settings::from_json(&slowest.to_json()).unwrap(), slowest);
    }

    #[cfg(unix)]
    #[test]
    fn a_settings_file_that_is_a_named_pipe_is_reported_at_once_and_left_alone() {
        let dir = temp_dir("pipe");
        let path = dir.join(SETTINGS_FILE);
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here
        }
        // no writer ever comes: a blocking read would hang this test
        let (settings, warning) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        let warning = warning.unwrap().english();
        assert!(
            warning.contains("it is a named pipe, not a regular file"),
            "{warning}"
        );
        assert!(
            std::fs::symlink_metadata(&path).is_ok(),
            "the pipe is left where it was"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_window_larger_than_any_screen_is_put_back() {
        let text = r#"{"version": 1, "window_width": 16384, "window_height": 16384}"#;
        let settings = Settings::from_json(text).unwrap();
        let d = Settings::default();
        assert_eq!(
            (settings.window_width, settings.window_height),
            (d.window_width, d.window_height)
        );
        let text = r#"{"version": 1, "window_width": 7680, "window_height": 4320}"#;
        assert_eq!(Settings::from_json(text).unwrap().window_width, 7680);
    }
}
