//! The Bevy front end: one plugin per file, every rule delegated to `crate::core`.
//!
//! [`LogicPlugin`] holds what a mode *does* (states, input, the systems that turn core state into
//! entities) and runs headless in tests; [`GamePlugin`] adds the window, cameras, sprites and the
//! egui panels on top of it.

pub mod bench;
pub mod best_times;
pub mod controls;
pub mod explore;
pub mod fonts;
pub mod ids;
pub mod input;
pub mod lab;
pub mod learn;
pub mod menu;
pub mod mines;
pub mod panels;
pub mod runner;
pub mod settings;
pub mod shot;
pub mod showcase;
pub mod slide;
pub mod sound;
pub mod sprites;
pub mod state;
pub mod theme;
pub mod trail;
pub mod view;
#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
pub mod worker;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{ExitCondition, WindowResolution};
use bevy_egui::{EguiGlobalSettings, EguiPlugin};

use crate::core::id::GameId;
use crate::core::launch::{Failure, Recipe, ShotRecipe};
use crate::core::maze::Maze;
use crate::core::maze::generate::Generator;
use crate::core::mode::Mode;
use crate::core::text::Lang;
use crate::store::settings::{SETTINGS_FILE, Settings};

pub use input::{Action, Actions, PanelFocus};
pub use state::AppState;

/// The order of work in every frame's `Update`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Keys and buttons become [`Actions`].
    RecordInput,
    /// Modes act on actions and advance their clocks.
    Update,
    /// Leftover `Back` presses return to the menu.
    Navigate,
    /// Core state becomes sprites and transforms.
    Present,
}

/// How the game was started.
#[derive(Resource, Clone, Debug)]
pub struct Launch {
    /// The screen to open on.
    pub mode: Mode,
    /// Seed for random boards.
    pub seed: Option<u64>,
    /// A maze for Explore instead of the classic one.
    pub maze: Option<Maze>,
    /// Where best times are kept; `None` keeps nothing (tests, screenshots).
    pub data_dir: Option<std::path::PathBuf>,
    /// Runner's first maze: generator and size (default Prim, 21×21).
    pub runner: Option<(Generator, usize)>,
    /// Where Slide's pattern databases come from.
    pub pdb: slide::PdbRecipe,
    /// Mines' first field (default: the original 20×20, 81 mines, 10 robots).
    pub mines: Option<crate::core::mines::Config>,
    /// A board by game ID: its mode opens on exactly that board (overrides the fields above).
    pub id: Option<GameId>,
    /// The player's settings (speeds, sizes, UI scale, …); command-line choices above win.
    pub settings: Settings,
    /// Where the settings are saved when they change; `None` keeps nothing (tests, shots).
    pub settings_path: Option<std::path::PathBuf>,
    /// Said once on the menu: why the settings file was replaced by the defaults.
    pub settings_warning: Option<crate::core::text::Phrase>,
    /// The language the game starts in (see [`Launch::resolve_language`]).
    pub lang: Lang,
    /// The language asked for on the command line, if any.
    pub lang_asked: Option<Lang>,
    /// Said on the menu: why the game ID the page's address gave was not opened.
    pub id_error: Option<crate::core::text::Phrase>,
    /// The Lab's task and program from the command line (over the settings').
    pub lab_task: Option<String>,
    pub lab_program: Option<String>,
    /// A teacher's lab file from the command line: listed first, and the Lab opens on it.
    pub lab_file: Option<crate::core::lab::Task>,
}

impl Launch {
    /// The launch recipe a plugin is being built with (the default when there is none, as in a
    /// test that adds one plugin alone).
    pub fn of(app: &App) -> Launch {
        app.world()
            .get_resource::<Launch>()
            .cloned()
            .unwrap_or_default()
    }
}

impl Default for Launch {
    fn default() -> Self {
        Self {
            mode: Mode::Menu,
            seed: None,
            maze: None,
            data_dir: None,
            runner: None,
            pdb: slide::PdbRecipe::in_memory(),
            mines: None,
            id: None,
            settings: Settings::default(),
            settings_path: None,
            settings_warning: None,
            lang: Lang::En,
            lang_asked: None,
            id_error: None,
            lab_task: None,
            lab_program: None,
            lab_file: None,
        }
    }
}

/// Everything a mode does, without a window: runs under `MinimalPlugins` in tests.
pub struct LogicPlugin {
    pub launch: Launch,
}

impl Plugin for LogicPlugin {
    fn build(&self, app: &mut App) {
        app.insert_state(AppState::from(self.launch.mode))
            .insert_resource(self.launch.clone())
            .init_resource::<sprites::Sprites>()
            .init_resource::<view::Framing>()
            .init_resource::<view::PlayArea>()
            .configure_sets(
                Update,
                (
                    AppSystems::RecordInput,
                    AppSystems::Update,
                    AppSystems::Navigate,
                    AppSystems::Present,
                )
                    .chain(),
            )
            .add_plugins((
                input::plugin,
                state::plugin,
                best_times::plugin,
                menu::plugin,
                explore::plugin,
                runner::plugin,
                slide::plugin,
                mines::plugin,
                showcase::plugin,
                ids::plugin,
                settings::plugin,
                learn::plugin,
                sound::plugin,
            ));
        // the Lab runs programs as processes on the desktop, in a Web Worker in the browser
        app.add_plugins(lab::plugin);
    }
}

/// The whole game in a window.
pub struct GamePlugin {
    pub launch: Launch,
    /// Window size in logical pixels, and whether the player may resize it.
    pub window: (u32, u32),
    pub resizable: bool,
    /// Whether to open a sound device (not for screenshots, nor where there is none: the game
    /// then runs silently, see [`sound::device_likely`]).
    pub sound: bool,
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        let window = Window {
            title: "ai-arcade".into(),
            resolution: WindowResolution::new(self.window.0, self.window.1)
                .with_scale_factor_override(1.0),
            resizable: self.resizable,
            // in a browser: the page's canvas, filling its parent and following its size, with
            // the keys the game uses kept from the page (no scrolling by arrows and Space)
            #[cfg(target_arch = "wasm32")]
            canvas: Some("#ai-arcade".into()),
            #[cfg(target_arch = "wasm32")]
            fit_canvas_to_parent: true,
            #[cfg(target_arch = "wasm32")]
            prevent_default_event_handling: true,
            ..default()
        };
        let plugins = DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window),
                exit_condition: ExitCondition::OnPrimaryClosed,
                ..default()
            })
            .set(bevy::log::LogPlugin {
                // bevy_audio: "no audio device" is not the player's problem (the game runs
                // silently without one)
                filter: "warn,ai_arcade=info,wgpu=error,naga=error,bevy_audio=error".into(),
                ..default()
            })
            .set(render_plugin());
        if self.sound {
            app.add_plugins(plugins).add_plugins(sound::audio_plugin);
        } else {
            app.add_plugins(plugins.disable::<bevy::audio::AudioPlugin>());
        }
        app.insert_resource(ClearColor(theme::palette::BACKGROUND))
            .add_plugins(EguiPlugin::default())
            .add_plugins((sprites::plugin, fonts::plugin))
            .add_plugins(LogicPlugin {
                launch: self.launch.clone(),
            })
            .add_plugins((
                view::plugin,
                theme::plugin,
                menu::ui_plugin,
                explore::ui_plugin,
                runner::ui_plugin,
                slide::ui_plugin,
                mines::ui_plugin,
                showcase::ui_plugin,
                settings::ui_plugin,
                panels::ui_plugin,
                sound::ui_plugin,
            ));
        app.add_plugins(lab::ui_plugin);
        app.world_mut()
            .resource_mut::<EguiGlobalSettings>()
            .auto_create_primary_context = false;
    }
}

/// A headless app for tests: `MinimalPlugins`, states, input and every mode's logic.
pub fn headless_app(launch: Launch) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        bevy::input::InputPlugin,
        LogicPlugin { launch },
    ));
    app
}

impl Launch {
    /// The launch for a recipe from the command line: the databases are read from (or saved
    /// to) the cache next to the settings.
    pub fn from_recipe(recipe: Recipe) -> Launch {
        Launch {
            mode: recipe.mode,
            seed: recipe.seed,
            maze: recipe.maze,
            runner: recipe.runner,
            mines: recipe.mines,
            id: recipe.id,
            // the browser keeps text only, and a few megabytes: its databases live in memory
            pdb: if cfg!(target_arch = "wasm32") {
                slide::PdbRecipe::in_memory()
            } else {
                slide::PdbRecipe::cached(crate::store::cache_dir())
            },
            lang: recipe.lang.unwrap_or_default(),
            lang_asked: recipe.lang,
            lab_task: recipe.lab_task,
            lab_program: recipe.lab_program,
            lab_file: recipe.lab_file,
            ..Launch::default()
        }
    }

    /// The language to start in: the command line's, else the one kept in the settings, else
    /// (the first start) the system's locale.
    pub fn resolve_language(&mut self, system: impl FnOnce() -> Lang) {
        self.lang = self
            .lang_asked
            .or(self.settings.language)
            .unwrap_or_else(system);
    }
}

/// The renderer: wgpu's debugging and validation follow the build (on in a debug build) on the
/// desktop; in a browser they are off, as every check there is a round trip to the page's GPU
/// process (a debug build drew one frame in 700 ms under software WebGL with them).
fn render_plugin() -> bevy::render::RenderPlugin {
    let mut settings = bevy::render::settings::WgpuSettings::default();
    if cfg!(target_arch = "wasm32") {
        settings.instance_flags = bevy::render::settings::InstanceFlags::empty();
    }
    bevy::render::RenderPlugin {
        render_creation: settings.into(),
        ..default()
    }
}

/// The launch with the settings kept in `config_dir` (and where they go), best times kept
/// there too, and the language resolved (`system`: the language of the system, for the first
/// start); with the window's size from the settings.
pub fn with_kept_settings(
    mut launch: Launch,
    config_dir: &std::path::Path,
    system: impl FnOnce() -> Lang,
) -> (Launch, (u32, u32)) {
    launch.data_dir = Some(config_dir.to_path_buf());
    let settings_path = config_dir.join(SETTINGS_FILE);
    let (settings, warning) = Settings::load(&settings_path);
    let window = (settings.window_width, settings.window_height);
    launch.settings = settings;
    launch.settings_path = Some(settings_path);
    launch.settings_warning = warning;
    launch.resolve_language(system);
    (launch, window)
}

/// Fails early, with a clear message, where no window can be opened: on Linux and the BSDs,
/// where windows need an X11 or Wayland server and the variables name it. Windows and macOS
/// always have their own window system (and never set these variables).
fn require_display() -> Result<(), Failure> {
    if cfg!(any(windows, target_os = "macos")) {
        return Ok(());
    }
    let has = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if has("DISPLAY") || has("WAYLAND_DISPLAY") {
        Ok(())
    } else {
        Err(Failure::Failed(
            "no display: DISPLAY is not set (on a machine without a screen, run under \
             `xvfb-run -a`)"
                .into(),
        ))
    }
}

/// Opens the game window: the menu, or one mode directly.
pub fn play(recipe: Option<Recipe>) -> Result<(), Failure> {
    // nothing of the player's is touched (a corrupt settings file moved aside) before it is
    // known that a window can open
    require_display()?;
    let launch = recipe.map(Launch::from_recipe).unwrap_or_default();
    let config_dir = crate::store::config_dir();
    crate::store::best_times::adopt_old_best_times(&config_dir);
    let (launch, window) = with_kept_settings(launch, &config_dir, Lang::from_system);
    if let Some(warning) = &launch.settings_warning {
        use std::io::Write;
        let _ = writeln!(std::io::stderr().lock(), "warning: {warning}");
    }
    let mut app = App::new();
    app.add_plugins(GamePlugin {
        launch,
        window,
        resizable: true,
        sound: sound::device_likely(),
    });
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(Failure::Failed(format!(
            "the game stopped with error code {code}"
        ))),
    }
}

/// Runs the real window for some frames, saves the screenshots and returns where they went.
pub fn shot(recipe: ShotRecipe) -> Result<Vec<std::path::PathBuf>, Failure> {
    shot::run(recipe)
}
