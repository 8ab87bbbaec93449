//! The gamepad in the panels: while [`PanelFocus`] is on, the d-pad (or stick) moves egui's
//! keyboard focus between the panels' buttons and fields, and A presses the focused one — the
//! same keys a keyboard user has (Tab, Shift+Tab, arrows, Enter). Entering gives the first widget the focus;
//! leaving takes it away, so the board gets its keys back.

use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;
use bevy_egui::{
    EguiContexts, EguiInput, EguiPreUpdateSet, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use super::input::PanelFocus;

/// Stick deflection that counts as a push.
const STICK: f32 = 0.6;

pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        gamepad_to_egui
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    )
    .add_systems(EguiPrimaryContextPass, show_panel_mode);
}

/// One key press for egui: the key and whether Shift is held.
pub type NavKey = (egui::Key, bool);

/// The egui key a gamepad button stands for in the panels. Up and down step through the
/// widgets in reading order (Shift+Tab, Tab: a text field cannot trap them); left and right are
/// arrows (they move a slider, or the focus sideways); A is Enter.
pub fn nav_key(button: GamepadButton) -> Option<NavKey> {
    match button {
        GamepadButton::DPadUp => Some((egui::Key::Tab, true)),
        GamepadButton::DPadDown => Some((egui::Key::Tab, false)),
        GamepadButton::DPadLeft => Some((egui::Key::ArrowLeft, false)),
        GamepadButton::DPadRight => Some((egui::Key::ArrowRight, false)),
        GamepadButton::South => Some((egui::Key::Enter, false)),
        _ => None,
    }
}

/// The key a stick position stands for (as the d-pad), if it is pushed far enough.
pub fn stick_key(stick: Vec2) -> Option<NavKey> {
    if stick.length() < STICK {
        None
    } else if stick.y.abs() >= stick.x.abs() {
        nav_key(if stick.y > 0.0 {
            GamepadButton::DPadUp
        } else {
            GamepadButton::DPadDown
        })
    } else {
        nav_key(if stick.x > 0.0 {
            GamepadButton::DPadRight
        } else {
            GamepadButton::DPadLeft
        })
    }
}

fn key_event((key, shift): NavKey, pressed: bool) -> egui::Event {
    egui::Event::Key {
        key,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: if shift {
            egui::Modifiers::SHIFT
        } else {
            egui::Modifiers::NONE
        },
    }
}

fn gamepad_to_egui(
    panels: Res<PanelFocus>,
    gamepads: Query<&Gamepad>,
    mut inputs: Query<&mut EguiInput, With<PrimaryEguiContext>>,
    mut was_on: Local<bool>,
    mut last_stick: Local<Option<NavKey>>,
) {
    let mut keys = Vec::new();
    if panels.0 != *was_on {
        // into the panels: focus the first widget; out: drop the focus
        keys.push(if panels.0 {
            (egui::Key::Tab, false)
        } else {
            (egui::Key::Escape, false)
        });
        *was_on = panels.0;
    }
    if panels.0 {
        for pad in &gamepads {
            keys.extend(pad.get_just_pressed().filter_map(|b| nav_key(*b)));
            let stick = stick_key(pad.left_stick());
            if stick != *last_stick {
                keys.extend(stick);
                *last_stick = stick;
            }
        }
    }
    if keys.is_empty() {
        return;
    }
    for mut input in &mut inputs {
        for key in &keys {
            input.0.events.push(key_event(*key, true));
            input.0.events.push(key_event(*key, false));
        }
    }
}

/// A reminder of the panel controls while the focus is there.
fn show_panel_mode(
    mut contexts: EguiContexts,
    panels: Res<PanelFocus>,
    look: Res<super::settings::UiLook>,
) -> Result {
    if !panels.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // egui's own focus look is faint on the dark theme: a bright frame shows where A will press
    if let Some(rect) = ctx
        .memory(bevy_egui::egui::Memory::focused)
        .and_then(|id| ctx.read_response(id))
        .map(|r| r.rect)
    {
        ctx.layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::new("panel-focus"),
        ))
        .rect_stroke(
            rect.expand(3.0),
            4.0,
            egui::Stroke::new(3.0, egui::Color32::from_rgb(240, 228, 66)),
            egui::StrokeKind::Outside,
        );
    }
    egui::Area::new(egui::Id::new("panel-mode"))
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -12.0))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(
                    egui::RichText::new(crate::tr!(
                        look.lang,
                        "Panels: d-pad or arrows move, A or Enter presses, B / Esc / Start / F6 \
                         back to the board"
                    ))
                    .strong(),
                );
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gamepad_speaks_the_keyboard_s_focus_keys() {
        assert_eq!(
            nav_key(GamepadButton::DPadDown),
            Some((egui::Key::Tab, false))
        );
        assert_eq!(nav_key(GamepadButton::DPadUp), Some((egui::Key::Tab, true)));
        assert_eq!(
            nav_key(GamepadButton::South),
            Some((egui::Key::Enter, false))
        );
        assert_eq!(nav_key(GamepadButton::East), None, "B is the game's: back");
        assert_eq!(stick_key(Vec2::new(0.1, 0.2)), None);
        assert_eq!(
            stick_key(Vec2::new(0.2, -0.9)),
            Some((egui::Key::Tab, false))
        );
        assert_eq!(
            stick_key(Vec2::new(0.9, 0.3)),
            Some((egui::Key::ArrowRight, false))
        );
    }
}
