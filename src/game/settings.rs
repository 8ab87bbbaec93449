//! Keeping the player's settings: every half second the current speeds, sizes, key preference,
//! window size, UI scale, colour scheme and sound are compared with what was last saved, and written
//! (atomically) when they changed. The UI scale and colour scheme are applied to egui here.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::explore::Explore;
use super::mines::Mines;
use super::runner::Runner;
use super::showcase::Showcase;
use super::slide::Slide;
use super::sound::SoundSettings;
use super::theme::{palette, to_egui};
use super::{AppSystems, Launch};
use crate::core::slide::game::ArrowMeaning;
use crate::core::text::{Lang, Phrase};
use crate::store::settings::{ColourScheme, Settings};

/// How often the settings are compared with the saved ones.
const CHECK_SECONDS: f32 = 0.5;

/// The smallest and largest UI scale, and one step of the menu's setting.
pub const MIN_UI_SCALE: f32 = 0.5;
pub const MAX_UI_SCALE: f32 = 3.0;
pub const UI_SCALE_STEP: f32 = 0.25;

/// How the panels look: their scale and colours (part of the settings).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct UiLook {
    pub scale: f32,
    pub scheme: ColourScheme,
    /// The language of every word on screen.
    pub lang: Lang,
}

impl UiLook {
    /// One step bigger (`+1`) or smaller (`-1`), within the limits.
    pub fn step_scale(&mut self, steps: f32) {
        self.scale = (self.scale + steps * UI_SCALE_STEP).clamp(MIN_UI_SCALE, MAX_UI_SCALE);
    }

    /// The other colour scheme.
    pub fn toggle_scheme(&mut self) {
        self.scheme = match self.scheme {
            ColourScheme::Night => ColourScheme::Day,
            ColourScheme::Day => ColourScheme::Night,
        };
    }
}

/// The settings as last saved, where they go, and the warning from loading them.
#[derive(Resource, Debug)]
pub struct SettingsStore {
    pub saved: Settings,
    pub path: Option<PathBuf>,
    /// Why the file was replaced by the defaults (shown once on the menu).
    pub warning: Option<Phrase>,
    /// Why the last save failed, if it did (said once, not every half second).
    pub save_error: Option<Phrase>,
    since_check: f32,
}

pub(super) fn plugin(app: &mut App) {
    let launch = Launch::of(app);
    app.insert_resource(UiLook {
        scale: launch.settings.ui_scale,
        scheme: launch.settings.colour_scheme,
        lang: launch.lang,
    })
    .insert_resource(SettingsStore {
        saved: launch.settings.clone(),
        path: launch.settings_path.clone(),
        warning: launch.settings_warning.clone(),
        save_error: None,
        since_check: 0.0,
    })
    .add_systems(Update, keep_settings.after(AppSystems::Present));
}

pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        apply_ui_look.after(super::theme::set_style),
    );
}

/// The settings as they stand now in every mode.
#[allow(clippy::too_many_arguments)]
fn current_settings(
    saved: &Settings,
    look: UiLook,
    sound: SoundSettings,
    window: Option<&Window>,
    explore: Option<&Explore>,
    runner: Option<&Runner>,
    slide: Option<&Slide>,
    mines: Option<&Mines>,
    showcase: Option<&Showcase>,
) -> Settings {
    let mut s = saved.clone();
    s.ui_scale = look.scale;
    s.colour_scheme = look.scheme;
    s.language = Some(look.lang);
    if let Some(window) = window {
        let (w, h) = (window.width().round(), window.height().round());
        if w >= 320.0 && h >= 240.0 {
            (s.window_width, s.window_height) = (w as u32, h as u32);
        }
    }
    if let Some(explore) = explore {
        s.explore_speed = explore.0.playback().speed();
    }
    if let Some(runner) = runner {
        let spec = runner.game.spec();
        s.runner_generator = spec.generator.name().into();
        if spec.width == spec.height {
            s.runner_size = spec.width;
        }
        s.runner_walk_speed = runner.walk_speed;
    }
    if let Some(slide) = slide {
        s.slide_side = slide.game().board().side();
        s.slide_demo_speed = slide.demo_speed();
        s.slide_arrows = match slide.arrows() {
            // not shown: the settings file's values
            ArrowMeaning::Tile => "tile".into(),   // not shown
            ArrowMeaning::Blank => "blank".into(), // not shown
        };
    }
    if let Some(mines) = mines {
        s.set_mines_config(mines.game().config());
        s.mines_robot_speed = mines.robot_speed();
    }
    if let Some(showcase) = showcase {
        s.showcase_speed = showcase.speed;
    }
    s.sound_volume = sound.volume;
    s.sound_effects = sound.effects;
    s.showcase_sounds = sound.showcase;
    s.sanitized()
}

#[allow(clippy::too_many_arguments)]
fn keep_settings(
    time: Res<Time>,
    mut store: ResMut<SettingsStore>,
    look: Res<UiLook>,
    sound: Res<SoundSettings>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    explore: Option<Res<Explore>>,
    runner: Option<Res<Runner>>,
    slide: Option<Res<Slide>>,
    mines: Option<Res<Mines>>,
    showcase: Option<Res<Showcase>>,
    mut exits: MessageReader<AppExit>,
) {
    store.since_check += time.delta_secs();
    let exiting = exits.read().count() > 0;
    if store.since_check < CHECK_SECONDS && !exiting {
        return;
    }
    store.since_check = 0.0;
    let now = current_settings(
        &store.saved,
        *look,
        *sound,
        window.as_deref().copied(),
        explore.as_deref(),
        runner.as_deref(),
        slide.as_deref(),
        mines.as_deref(),
        showcase.as_deref(),
    );
    if now == store.saved {
        return;
    }
    if let Some(path) = store.path.clone() {
        match now.save(&path) {
            Ok(()) => store.save_error = None,
            Err(e) => {
                if store.save_error.as_ref() != Some(&e) {
                    warn!("settings not saved: {e}");
                }
                store.save_error = Some(e);
            }
        }
    }
    store.saved = now;
}

/// Applies the UI scale and colour scheme to egui when they change.
fn apply_ui_look(
    mut contexts: EguiContexts,
    look: Res<UiLook>,
    mut applied: Local<Option<UiLook>>,
    mut clear: ResMut<ClearColor>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if *applied == Some(*look) {
        return Ok(());
    }
    ctx.set_zoom_factor(look.scale);
    let (mut visuals, fill, background) = match look.scheme {
        ColourScheme::Night => (
            egui::Visuals::dark(),
            to_egui(palette::BACKGROUND),
            palette::BACKGROUND,
        ),
        ColourScheme::Day => (
            egui::Visuals::light(),
            egui::Color32::from_rgb(236, 232, 222),
            Color::srgb(0.80, 0.78, 0.73),
        ),
    };
    visuals.panel_fill = fill;
    visuals.window_fill = fill;
    ctx.set_visuals(visuals);
    clear.0 = background;
    *applied = Some(*look);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ui_scale_steps_within_its_limits() {
        let mut look = UiLook {
            scale: 1.0,
            scheme: ColourScheme::Night,
            lang: Lang::En,
        };
        look.step_scale(1.0);
        assert_eq!(look.scale, 1.25);
        for _ in 0..20 {
            look.step_scale(1.0);
        }
        assert_eq!(look.scale, MAX_UI_SCALE);
        for _ in 0..20 {
            look.step_scale(-1.0);
        }
        assert_eq!(look.scale, MIN_UI_SCALE);
        look.toggle_scheme();
        assert_eq!(look.scheme, ColourScheme::Day);
    }
}
