//! The Showcase's caption: the scene's algorithm and what to watch on top, each pane's live
//! counters and the controls below.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Scene, Showcase, ShowcaseLearnCommand};
use crate::core::showcase::SceneKind;
use crate::game::settings::UiLook;
use crate::game::state::AppState;
use crate::game::theme::{free_rect, root_ui, swatch};
use crate::game::theme::{palette, to_egui};
use crate::game::view::PlayArea;
use crate::{msg, tr};

pub(in crate::game) fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_caption.run_if(in_state(AppState::Showcase)),
    );
}

#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: its parameters are the resources and messages it uses"
)]
fn draw_caption(
    mut contexts: EguiContexts,
    showcase: Res<Showcase>,
    attract: Res<crate::game::state::Attract>,
    scene: Option<Res<State<Scene>>>,
    mut area: ResMut<PlayArea>,
    look: Res<UiLook>,
    mut sound: ResMut<crate::game::sound::SoundSettings>,
    seen: super::learn::LearnSeen,
    mut out: super::learn::LearnOut,
) -> Result {
    let (state, learn, robot) = (&seen.state, &seen.learn, &seen.robot);
    let Some(scene) = scene else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = look.lang;
    let mut root = root_ui(ctx);
    let kind = scene.get().kind();
    let number = kind.index() + 1;
    let total = SceneKind::ALL.len();

    egui::Panel::top("showcase-top").show(&mut root, |ui| {
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.label(
                egui::RichText::new(tr!(lang, "SHOWCASE"))
                    .strong()
                    .color(to_egui(palette::ROUTE)),
            );
            ui.label(tr!(
                lang,
                "scene {number} of {total}",
                number = number,
                total = total
            ));
            ui.separator();
            ui.label(
                egui::RichText::new(kind.title().show(lang))
                    .size(22.0)
                    .strong(),
            );
            if attract.0 {
                ui.separator();
                ui.label(egui::RichText::new(tr!(lang, "press any key to play")).italics());
            }
            ui.separator();
            let label = crate::game::controls::keyed(
                tr!(lang, "Learn: this scene step by step"),
                AppState::Showcase,
                crate::game::input::Action::Learn,
            );
            if ui
                .add_enabled(
                    showcase.show.is_some(),
                    egui::Button::selectable(state.is_open(), label),
                )
                .clicked()
            {
                out.state.write(ShowcaseLearnCommand::Toggle);
            }
            ui.separator();
            crate::game::sound::sound_menu(ui, lang, &mut sound);
        });
        ui.label(egui::RichText::new(lang.tr(kind.watch())).size(15.0));
        ui.horizontal(|ui| {
            let legend: &[(Color, &str)] = match kind {
                SceneKind::Race => &[
                    (palette::FRONTIER, msg!("open set")),
                    (palette::CLOSED, msg!("closed set")),
                    (palette::ON_PATH, msg!("DFS path")),
                    (palette::DEAD_END, msg!("dead end")),
                    (palette::ROUTE, msg!("answer")),
                ],
                SceneKind::Explore => &[
                    (palette::ON_PATH, msg!("current path")),
                    (palette::DEAD_END, msg!("dead end")),
                    (palette::ROUTE, msg!("correct path")),
                ],
                _ => &[],
            };
            for (color, label) in legend {
                swatch(ui, *color, lang.tr(label));
            }
        });
        ui.add_space(2.0);
    });

    if state.is_open()
        && let Some(show) = &showcase.show
    {
        egui::Panel::left("showcase-learn")
            .default_size(430.0)
            .resizable(false)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    // which pane to explain
                    ui.horizontal_wrapped(|ui| {
                        for (p, pane) in show.panes.iter().enumerate() {
                            if pane.teach().is_some()
                                && ui
                                    .selectable_label(state.pane == p, pane.title.show(lang))
                                    .clicked()
                                && state.pane != p
                            {
                                out.state.write(ShowcaseLearnCommand::Pane(p));
                            }
                        }
                    });
                    if robot.is_open() {
                        let width = show.panes.get(state.pane).map_or(1, |p| p.width);
                        crate::game::mines::learn_panel(
                            ui,
                            lang,
                            (robot, width, false),
                            &mut out.robot,
                        );
                    } else {
                        crate::game::learn::learn_panel(ui, lang, learn, &mut out.learn);
                    }
                });
            });
    }

    egui::Panel::bottom("showcase-bottom").show(&mut root, |ui| {
        ui.add_space(4.0);
        if let Some(show) = &showcase.show {
            ui.columns(show.panes.len().max(1), |columns| {
                for (column, pane) in columns.iter_mut().zip(&show.panes) {
                    column.vertical_centered(|ui| {
                        ui.label(
                            egui::RichText::new(pane.title.show(lang))
                                .strong()
                                .size(16.0),
                        );
                        ui.label(pane.stats(lang));
                    });
                }
            });
        } else {
            let what = match kind {
                SceneKind::Databases => tr!(lang, "building the pattern databases and solving…"),
                SceneKind::Robot => tr!(lang, "the robot is playing the board…"),
                _ => tr!(lang, "preparing the scene…"),
            };
            ui.vertical_centered(|ui| ui.label(egui::RichText::new(what).italics()));
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let state = if showcase.paused {
                tr!(lang, "paused")
            } else {
                tr!(lang, "playing")
            };
            ui.label(
                egui::RichText::new(tr!(
                    lang,
                    "{state} · speed ×{speed} · seed {seed}",
                    state = state,
                    speed = showcase.speed,
                    seed = showcase.round_seed()
                ))
                .strong(),
            );
            ui.separator();
            // the Showcase's declared controls, in one line
            let help: Vec<String> = crate::game::controls::of(AppState::Showcase)
                .iter()
                .map(|c| {
                    let pad = c.gamepad_label(lang);
                    let keys = if pad.is_empty() {
                        c.keyboard_label(lang)
                    } else {
                        format!("{} / {pad}", c.keyboard_label(lang))
                    };
                    tr!(
                        lang,
                        "{keys}: {meaning}",
                        keys = keys,
                        meaning = lang.tr(c.meaning)
                    )
                })
                .collect();
            ui.label(egui::RichText::new(help.join("   ")).small());
        });
        ui.add_space(2.0);
    });

    area.0 = Some(free_rect(&root));
    Ok(())
}
