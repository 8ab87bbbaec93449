//! The game's look in one place: the palette (Okabe–Ito colours for the boards), the text
//! colours of the panels, and the shared egui widgets (the root `Ui` every screen builds its
//! panels on, the mode title, clocks, legend swatches, the Keys section); and keeping key
//! presses out of the game while a text field has focus.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::input::KeyboardCaptured;
use super::state::AppState;
use crate::core::text::Lang;
use crate::tr;

/// The game's colours. Trail colours come from the Okabe–Ito palette, which stays distinct for
/// the common forms of colour blindness.
pub mod palette {
    use bevy::prelude::Color;

    /// Behind everything.
    pub const BACKGROUND: Color = Color::srgb(0.075, 0.085, 0.11);
    /// An open cell nobody has visited.
    pub const FLOOR: Color = Color::srgb(0.19, 0.21, 0.26);
    /// The entry cell's floor.
    pub const ENTRY: Color = Color::srgb(0.0, 0.62, 0.45);
    /// The exit cell's floor.
    pub const EXIT: Color = Color::srgb(0.90, 0.62, 0.0);
    /// On the walker's current path (sky blue).
    pub const ON_PATH: Color = Color::srgb(0.34, 0.71, 0.91);
    /// Abandoned dead end (vermillion, dimmed).
    pub const DEAD_END: Color = Color::srgb(0.55, 0.24, 0.10);
    /// Final route (yellow).
    pub const ROUTE: Color = Color::srgb(0.94, 0.89, 0.26);
    /// Open set of BFS / A* (bluish green, dimmed).
    pub const FRONTIER: Color = Color::srgb(0.0, 0.45, 0.34);
    /// Closed set of BFS / A* (reddish purple, dimmed).
    pub const CLOSED: Color = Color::srgb(0.45, 0.28, 0.40);
    /// The editor's cursor.
    pub const CURSOR: Color = Color::srgba(1.0, 1.0, 1.0, 0.35);
}

/// Converts a Bevy colour for egui (legends in the panels use the board's colours).
pub fn to_egui(color: Color) -> bevy_egui::egui::Color32 {
    let c = color.to_srgba();
    bevy_egui::egui::Color32::from_rgba_unmultiplied(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
        (c.alpha * 255.0) as u8,
    )
}

/// Panel text for a refusal or an error.
pub const ERROR: egui::Color32 = egui::Color32::from_rgb(255, 140, 110);
/// Panel text for a good outcome ("solvable").
pub const GOOD: egui::Color32 = egui::Color32::from_rgb(110, 220, 160);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (set_style, track_keyboard_capture));
}

/// A full-window `Ui` to lay panels on (egui 0.36 panels are shown inside a `Ui`).
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new("ai-arcade-root"),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// The rectangle of `ui` that the panels left free, as a Bevy rect in logical pixels (egui's
/// points times the UI scale).
pub fn free_rect(ui: &egui::Ui) -> Rect {
    let r = ui.available_rect_before_wrap();
    let zoom = ui.ctx().zoom_factor();
    Rect::new(
        r.min.x * zoom,
        r.min.y * zoom,
        r.max.x * zoom,
        r.max.y * zoom,
    )
}

/// What every mode's top bar changes: the screen (back to the menu) and the sound.
#[derive(bevy::ecs::system::SystemParam)]
pub struct TitleBar<'w> {
    pub next: ResMut<'w, NextState<AppState>>,
    pub sound: ResMut<'w, super::sound::SoundSettings>,
}

/// The start of every mode's top bar: a button back to the menu, the Sound menu and the mode's
/// name.
pub fn mode_title(ui: &mut egui::Ui, lang: Lang, title: &str, bar: &mut TitleBar) {
    if ui
        .button(tr!(lang, "⬅ Menu"))
        .on_hover_text(tr!(lang, "Esc / gamepad B"))
        .clicked()
    {
        bar.next.set(AppState::Menu);
    }
    super::sound::sound_menu(ui, lang, &mut bar.sound);
    ui.heading(title);
}

/// `m:ss.t` for a time in seconds.
pub fn clock(seconds: f64) -> String {
    let tenths = (seconds.max(0.0) * 10.0).round() as u64;
    format!(
        "{}:{:02}.{}",
        tenths / 600,
        (tenths % 600) / 10,
        tenths % 10
    )
}

/// A small coloured square followed by a label, for legends.
pub fn swatch(ui: &mut egui::Ui, color: Color, label: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
        ui.painter().rect_filled(rect, 2.0, to_egui(color));
        ui.label(label);
    });
}

/// A key-and-meaning line for the controls help.
pub fn key_line(ui: &mut egui::Ui, keys: &str, meaning: &str) {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(keys).monospace().strong());
        ui.label(meaning);
    });
}

/// The "Keys" section of a mode's panel, from the screen's declared controls: those that apply
/// `now` (a control's `when`; `None` shows every one) and the ones every mode has.
pub fn keys_panel(ui: &mut egui::Ui, lang: Lang, screen: AppState, now: Option<&str>) {
    ui.strong(tr!(lang, "Keys  (gamepad)"));
    for control in crate::game::controls::all(screen) {
        if now.is_some_and(|now| !control.applies(now)) {
            continue;
        }
        // the panel is narrow: directions in short
        let (keyboard, pad) = if control.bind == crate::game::controls::Bind::Move {
            (
                tr!(lang, "arrows/WASD").to_string(),
                tr!(lang, "d-pad").to_string(),
            )
        } else {
            (control.keyboard_label(lang), control.gamepad_label(lang))
        };
        let keys = match (keyboard, pad.is_empty()) {
            (keys, true) => keys,
            (keys, false) if keys.is_empty() => format!("({pad})"),
            (keys, false) => format!("{keys} ({pad})"),
        };
        key_line(ui, &keys, lang.tr(control.meaning));
    }
}

pub(super) fn set_style(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_fonts(super::fonts::egui_fonts());
    // the colours (dark or light panels) are the colour scheme's: see `settings::apply_ui_look`
    ctx.all_styles_mut(|style| {
        for (text_style, font) in &mut style.text_styles {
            font.size = match text_style {
                egui::TextStyle::Heading => 24.0,
                egui::TextStyle::Small => 12.0,
                _ => 15.0,
            };
        }
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style.spacing.button_padding = egui::vec2(8.0, 4.0);
    });
    *done = true;
    Ok(())
}

fn track_keyboard_capture(
    mut contexts: EguiContexts,
    mut captured: ResMut<KeyboardCaptured>,
) -> Result {
    let wants = contexts.ctx_mut()?.egui_wants_keyboard_input();
    if captured.0 != wants {
        captured.0 = wants;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn clock_shows_minutes_seconds_and_tenths() {
        assert_eq!(super::clock(0.0), "0:00.0");
        assert_eq!(super::clock(9.04), "0:09.0");
        assert_eq!(super::clock(61.25), "1:01.3");
        assert_eq!(super::clock(-3.0), "0:00.0");
    }
}
