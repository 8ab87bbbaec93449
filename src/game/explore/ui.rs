//! Explore's panels (status, playback controls, editor, files, legend, keys) and mouse editing.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Explore, ExploreCommand, ExploreNotice};
use crate::core::id::GameId;
use crate::core::maze::explore::{MAX_SIDE, Status, Tool};
use crate::core::text::Lang;
use crate::core::trace::{MAX_SPEED, MIN_SPEED};
use crate::game::AppSystems;
use crate::game::controls::keyed;
use crate::game::ids::IdBar;
use crate::game::input::Action;
use crate::game::learn::{Learn, LearnCommand, learn_panel};
use crate::game::settings::UiLook;
use crate::game::state::AppState;
use crate::game::theme::{TitleBar, free_rect, keys_panel, mode_title, root_ui, swatch};
use crate::game::theme::{palette, to_egui};
use crate::game::view::{BoardLayout, PlayArea, WorldCamera, cell_under_cursor};
use crate::store;
use crate::tr;

/// The panel's own state: the chosen mouse tool, the file field, the new-room size.
#[derive(Resource, Debug)]
struct EditorPanel {
    tool: Tool,
    /// The path field (a page imports and exports instead).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    file: String,
    new_size: (usize, usize),
}

impl Default for EditorPanel {
    fn default() -> Self {
        Self {
            tool: Tool::Wall,
            file: store::data_dir()
                .join("mazes")
                .join("my-maze.txt")
                .display()
                .to_string(),
            new_size: (16, 12),
        }
    }
}

pub(in crate::game) fn ui_plugin(app: &mut App) {
    app.init_resource::<EditorPanel>()
        .add_systems(
            EguiPrimaryContextPass,
            draw_panels.run_if(in_state(AppState::Explore)),
        )
        .add_systems(
            Update,
            click_to_edit
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(AppState::Explore))
                .run_if(not(egui_wants_any_pointer_input)),
        );
}

/// A left click on the board applies the chosen tool there (and opens the editor).
fn click_to_edit(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<WorldCamera>>,
    explore: Res<Explore>,
    panel: Res<EditorPanel>,
    mut out: MessageWriter<ExploreCommand>,
) {
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let layout = BoardLayout::new(explore.maze().width(), explore.maze().height());
    if let Some(pos) = cell_under_cursor(&window, *camera, layout) {
        out.write(ExploreCommand::EditAt(pos, panel.tool));
    }
}

fn status_color(status: Status) -> egui::Color32 {
    match status {
        Status::ExitFound | Status::PathReplayed => to_egui(palette::ROUTE),
        Status::NoExit => to_egui(palette::DEAD_END).gamma_multiply(1.6),
        Status::Editing => egui::Color32::LIGHT_GRAY,
        Status::Searching | Status::ReplayingPath => to_egui(palette::ON_PATH),
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_panels(
    mut contexts: EguiContexts,
    explore: Res<Explore>,
    notice: Res<ExploreNotice>,
    mut panel: ResMut<EditorPanel>,
    mut area: ResMut<PlayArea>,
    mut out: MessageWriter<ExploreCommand>,
    mut next: TitleBar,
    mut ids: IdBar,
    look: Res<UiLook>,
    learn: Res<Learn>,
    mut to_learn: MessageWriter<LearnCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = look.lang;
    let mut root = root_ui(ctx);
    let status = explore.status();
    let playback = explore.playback();

    egui::Panel::top("explore-top").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            mode_title(ui, lang, tr!(lang, "Explore"), &mut next);
            ui.label(egui::RichText::new(tr!(lang, "depth first: down, right, left, up")).weak());
            ui.separator();
            ui.label(
                egui::RichText::new(lang.tr(status.headline()))
                    .size(22.0)
                    .strong()
                    .color(status_color(status)),
            );
            ui.separator();
            if let Some(walk) = learn.walk() {
                ui.label(
                    egui::RichText::new(tr!(
                        lang,
                        "Learn: step {done} / {total}",
                        done = walk.index().map_or(0, |i| i + 1),
                        total = walk.len()
                    ))
                    .strong(),
                );
            } else if status != Status::Editing {
                ui.label(tr!(
                    lang,
                    "Steps {done} / {total}",
                    done = explore.steps(),
                    total = explore.total_steps()
                ));
                ui.label(tr!(
                    lang,
                    "Path {moves}",
                    moves = playback.replay().chain().len().saturating_sub(1)
                ));
                if playback.paused() {
                    ui.label(egui::RichText::new(tr!(lang, "PAUSED")).strong());
                }
            }
        });
        ids.show(ui, lang, Some(&GameId::Explore(explore.maze().clone())));
        if let Some(n) = &notice.0 {
            let color = if n.is_error {
                crate::game::theme::ERROR
            } else {
                egui::Color32::LIGHT_GREEN
            };
            ui.label(egui::RichText::new(n.text.show(lang)).color(color));
        }
    });

    egui::Panel::right("explore-side")
        .default_size(300.0)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                side_panel(ui, lang, &explore, &learn, &mut panel, &mut out);
            });
        });

    if learn.is_open() {
        egui::Panel::left("explore-learn")
            .default_size(430.0)
            .resizable(false)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    learn_panel(ui, lang, &learn, &mut to_learn);
                });
            });
    }

    area.0 = Some(free_rect(&root));
    Ok(())
}

fn side_panel(
    ui: &mut egui::Ui,
    lang: Lang,
    explore: &Explore,
    learn: &Learn,
    panel: &mut EditorPanel,
    out: &mut MessageWriter<ExploreCommand>,
) {
    let editing = explore.editing();
    ui.add_space(6.0);
    search_section(ui, lang, explore, out);
    let mut open = learn.is_open();
    let label = keyed(
        tr!(lang, "Learn: the search line by line"),
        AppState::Explore,
        Action::Learn,
    );
    if ui
        .add_enabled(!editing, egui::Checkbox::new(&mut open, label))
        .changed()
    {
        out.write(ExploreCommand::ToggleLearn);
    }
    ui.separator();
    edit_section(ui, lang, explore, panel, out);
    ui.separator();
    file_section(ui, lang, panel, out);
    ui.separator();
    legend(ui, lang);

    ui.separator();
    keys_panel(
        ui,
        lang,
        AppState::Explore,
        Some(if editing { "editor" } else { "search" }), // not shown: control times
    );
}

/// Pause, step, search again, replay the path, the speed.
fn search_section(
    ui: &mut egui::Ui,
    lang: Lang,
    explore: &Explore,
    out: &mut MessageWriter<ExploreCommand>,
) {
    let playback = explore.playback();
    let editing = explore.editing();
    ui.strong(tr!(lang, "Search"));
    ui.horizontal_wrapped(|ui| {
        let pause = if playback.paused() {
            tr!(lang, "▶ Resume")
        } else {
            tr!(lang, "⏸ Pause")
        };
        if ui.add_enabled(!editing, egui::Button::new(pause)).clicked() {
            out.write(ExploreCommand::TogglePause);
        }
        if ui
            .add_enabled(!editing, egui::Button::new(tr!(lang, "⏮ Back")))
            .clicked()
        {
            out.write(ExploreCommand::StepBack);
        }
        if ui
            .add_enabled(!editing, egui::Button::new(tr!(lang, "Step ⏭")))
            .clicked()
        {
            out.write(ExploreCommand::StepForward);
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr!(lang, "F1  Search again")).clicked() {
            out.write(ExploreCommand::Restart);
        }
        if ui
            .add_enabled(!editing, egui::Button::new(tr!(lang, "F2  Replay path")))
            .clicked()
        {
            out.write(ExploreCommand::ReplayPath);
        }
    });
    let mut speed = playback.speed();
    let slider = egui::Slider::new(&mut speed, MIN_SPEED..=MAX_SPEED)
        .logarithmic(true)
        .suffix(tr!(lang, " moves/s"))
        .max_decimals(1);
    if ui.add(slider).changed() {
        out.write(ExploreCommand::SetSpeed(speed));
    }
}

/// The editor: on / off, the tool a click places, clear, the classic maze, a new empty room.
fn edit_section(
    ui: &mut egui::Ui,
    lang: Lang,
    explore: &Explore,
    panel: &mut EditorPanel,
    out: &mut MessageWriter<ExploreCommand>,
) {
    let editing = explore.editing();
    ui.strong(tr!(lang, "Edit"));
    let mut on = editing;
    if ui
        .toggle_value(
            &mut on,
            keyed(
                tr!(lang, "✏ Edit the maze"),
                AppState::Explore,
                Action::Edit,
            ),
        )
        .changed()
    {
        out.write(ExploreCommand::SetEditing(on));
    }
    ui.horizontal(|ui| {
        ui.label(tr!(lang, "Click places:"));
        ui.radio_value(&mut panel.tool, Tool::Wall, tr!(lang, "wall/path"));
        ui.radio_value(&mut panel.tool, Tool::Entry, tr!(lang, "entry"));
        ui.radio_value(&mut panel.tool, Tool::Exit, tr!(lang, "exit"));
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr!(lang, "Clear walls")).clicked() {
            out.write(ExploreCommand::Clear);
        }
        if ui.button(tr!(lang, "Classic maze")).clicked() {
            out.write(ExploreCommand::Classic);
        }
    });
    ui.horizontal(|ui| {
        ui.label(tr!(lang, "New room"));
        ui.add(egui::DragValue::new(&mut panel.new_size.0).range(3..=MAX_SIDE));
        ui.label("×");
        ui.add(egui::DragValue::new(&mut panel.new_size.1).range(3..=MAX_SIDE));
        if ui.button(tr!(lang, "Create")).clicked() {
            out.write(ExploreCommand::NewRoom(panel.new_size.0, panel.new_size.1));
        }
    });
}

/// Load and save a maze file by path; in a browser, import and export one.
fn file_section(
    ui: &mut egui::Ui,
    lang: Lang,
    panel: &mut EditorPanel,
    out: &mut MessageWriter<ExploreCommand>,
) {
    ui.strong(tr!(lang, "File"));
    #[cfg(not(target_arch = "wasm32"))]
    {
        ui.add(egui::TextEdit::singleline(&mut panel.file).desired_width(f32::INFINITY));
        ui.horizontal(|ui| {
            if ui.button(tr!(lang, "Load")).clicked() {
                out.write(ExploreCommand::Load(panel.file.trim().into()));
            }
            if ui.button(tr!(lang, "Save")).clicked() {
                out.write(ExploreCommand::Save(panel.file.trim().into()));
            }
        });
    }
    #[cfg(target_arch = "wasm32")]
    {
        use crate::game::web::note_button;
        let _ = &panel;
        ui.horizontal(|ui| {
            let import = ui
                .button(tr!(lang, "Import…"))
                .on_hover_text(tr!(lang, "open a maze file from this computer"));
            note_button("import", &import);
            if import.clicked() {
                crate::game::web::choose_file(".txt,text/plain");
            }
            let export = ui
                .button(tr!(lang, "Export"))
                .on_hover_text(tr!(lang, "download the maze as a file"));
            note_button("export", &export);
            if export.clicked() {
                out.write(ExploreCommand::Export);
            }
        });
    }
    ui.label(
        egui::RichText::new(tr!(lang, "# wall  . path  S entry  E exit (or digits 0–3)")).small(),
    );
}

/// What the colours on the maze mean.
fn legend(ui: &mut egui::Ui, lang: Lang) {
    ui.strong(tr!(lang, "Legend"));
    swatch(ui, palette::ON_PATH, tr!(lang, "on the ball's path"));
    swatch(
        ui,
        palette::DEAD_END,
        tr!(lang, "dead end (stepped back out)"),
    );
    swatch(ui, palette::FLOOR, tr!(lang, "not visited"));
    swatch(ui, palette::ENTRY, tr!(lang, "entry (S)"));
    swatch(ui, palette::EXIT, tr!(lang, "exit (E)"));
}
