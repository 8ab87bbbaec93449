//! Runner's panels: the round's facts on top, setup and controls at the side, the win panel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Runner, RunnerCommand, RunnerNotice};
use crate::core::id::GameId;
use crate::core::maze::generate::Generator;
use crate::core::maze::runner::{MAX_PLAY_SIDE, RunnerSpec, SIZE_PRESETS};
use crate::core::rng::fresh_seed;
use crate::game::best_times::BestTimesStore;
use crate::game::controls::keyed;
use crate::game::ids::IdBar;
use crate::game::input::Action;
use crate::game::state::AppState;
use crate::game::theme::{clock, free_rect, keys_panel, mode_title, root_ui, swatch};
use crate::game::theme::{palette, to_egui};
use crate::game::view::PlayArea;

/// The setup fields of the side panel.
#[derive(Resource, Debug)]
struct SetupPanel {
    generator: Generator,
    width: usize,
    height: usize,
    seed: String,
}

impl Default for SetupPanel {
    fn default() -> Self {
        Self {
            generator: Generator::Prim,
            width: 21,
            height: 21,
            seed: String::new(),
        }
    }
}

pub(in crate::game) fn ui_plugin(app: &mut App) {
    app.init_resource::<SetupPanel>()
        .add_systems(OnEnter(AppState::Runner), sync_setup)
        .add_systems(
            EguiPrimaryContextPass,
            (follow_round, draw_panels)
                .chain()
                .run_if(in_state(AppState::Runner)),
        );
}

/// The setup fields start as the round on screen.
fn sync_setup(runner: Res<Runner>, mut setup: ResMut<SetupPanel>) {
    sync_fields(&runner, &mut setup);
}

/// Follows keyboard and gamepad changes of generator and size into the panel's fields.
fn follow_round(
    runner: Res<Runner>,
    mut setup: ResMut<SetupPanel>,
    mut shown: Local<Option<RunnerSpec>>,
) {
    let spec = runner.game.spec();
    if *shown != Some(spec) {
        *shown = Some(spec);
        sync_fields(&runner, &mut setup);
    }
}

fn sync_fields(runner: &Runner, setup: &mut SetupPanel) {
    let spec = runner.game.spec();
    setup.generator = spec.generator;
    setup.width = spec.width;
    setup.height = spec.height;
}

#[allow(clippy::too_many_arguments)]
fn draw_panels(
    mut contexts: EguiContexts,
    runner: Res<Runner>,
    store: Res<BestTimesStore>,
    notice: Res<RunnerNotice>,
    mut setup: ResMut<SetupPanel>,
    mut area: ResMut<PlayArea>,
    mut out: MessageWriter<RunnerCommand>,
    mut next: ResMut<NextState<AppState>>,
    mut ids: IdBar,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    egui::Panel::top("runner-top").show(&mut root, |ui| {
        top_bar(ui, &runner, &notice, &mut next, &mut ids);
    });
    egui::Panel::right("runner-side")
        .default_size(290.0)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(6.0);
                new_maze_section(ui, &runner, &mut setup, &mut out);
                ui.separator();
                play_section(ui, &runner, &store, &mut out);
                ui.separator();
                legend(ui);
                ui.separator();
                keys_panel(ui, AppState::Runner, None);
            });
        });
    if runner.game.won() {
        win_window(ctx, &runner, &mut out);
    }
    area.0 = Some(free_rect(&root));
    Ok(())
}

/// Generator, size, seed and time on top, the ID bar, and the last notice.
fn top_bar(
    ui: &mut egui::Ui,
    runner: &Runner,
    notice: &RunnerNotice,
    next: &mut NextState<AppState>,
    ids: &mut IdBar,
) {
    let game = &runner.game;
    let spec = game.spec();
    ui.horizontal(|ui| {
        mode_title(ui, "Runner", next);
        ui.separator();
        ui.label(format!(
            "{} · {}×{} · seed {}",
            spec.generator.title(),
            spec.width,
            spec.height,
            spec.seed
        ));
        ui.separator();
        ui.label(egui::RichText::new(format!("⏱ {}", clock(game.seconds()))).strong());
        ui.label(format!("Steps {}", game.steps()));
        ui.label(format!("Optimal {}", game.optimal()));
        if let Some(hint) = game.hint() {
            ui.label(
                egui::RichText::new(format!("Hint: {} to go", hint.path.len().saturating_sub(1)))
                    .color(to_egui(palette::ROUTE)),
            );
        }
        if runner.reveal.is_some() {
            ui.label(egui::RichText::new("carving…").italics());
        } else if game.machine_walking() {
            ui.label(egui::RichText::new("the machine walks").italics());
        }
    });
    ids.show(ui, Some(&GameId::Runner(spec)));
    if let Some(message) = &notice.0 {
        ui.label(egui::RichText::new(message).color(crate::game::theme::ERROR));
    }
}

/// The next maze: generator, size presets or any size, seed; refusals shown before Generate.
fn new_maze_section(
    ui: &mut egui::Ui,
    runner: &Runner,
    setup: &mut SetupPanel,
    out: &mut MessageWriter<RunnerCommand>,
) {
    let spec = runner.game.spec();
    ui.strong("New maze");
    egui::ComboBox::from_label("generator")
        .selected_text(setup.generator.title())
        .show_ui(ui, |ui| {
            for generator in Generator::ALL {
                ui.selectable_value(&mut setup.generator, generator, generator.title());
            }
        });
    ui.horizontal_wrapped(|ui| {
        for size in SIZE_PRESETS {
            let chosen = setup.width == size && setup.height == size;
            if ui.selectable_label(chosen, size.to_string()).clicked() {
                setup.width = size;
                setup.height = size;
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("size");
        ui.add(egui::DragValue::new(&mut setup.width).range(5..=MAX_PLAY_SIDE));
        ui.label("×");
        ui.add(egui::DragValue::new(&mut setup.height).range(5..=MAX_PLAY_SIDE));
    });
    ui.horizontal(|ui| {
        ui.label("seed");
        ui.add(
            egui::TextEdit::singleline(&mut setup.seed)
                .hint_text("random")
                .desired_width(120.0),
        );
    });
    let seed = setup.seed.trim();
    let parsed = if seed.is_empty() {
        Ok(fresh_seed())
    } else {
        seed.parse::<u64>()
            .map_err(|_| format!("seed {seed:?} is not a whole number"))
    };
    if let Err(message) = &parsed {
        ui.colored_label(crate::game::theme::ERROR, message);
    } else {
        let candidate = RunnerSpec {
            generator: setup.generator,
            width: setup.width,
            height: setup.height,
            seed: 0,
        };
        if let Err(message) = candidate.check() {
            ui.colored_label(crate::game::theme::ERROR, message);
        }
    }
    ui.horizontal(|ui| {
        if ui
            .button(keyed("Generate", AppState::Runner, Action::NewBoard))
            .clicked()
            && let Ok(seed) = parsed
        {
            out.write(RunnerCommand::NewRound(RunnerSpec {
                generator: setup.generator,
                width: setup.width,
                height: setup.height,
                seed,
            }));
        }
        if ui.button("Same maze again").clicked() {
            out.write(RunnerCommand::NewRound(spec));
        }
    });
}

/// Hint, machine, restart, the machine's speed, A*'s sets, the best time.
fn play_section(
    ui: &mut egui::Ui,
    runner: &Runner,
    store: &BestTimesStore,
    out: &mut MessageWriter<RunnerCommand>,
) {
    let game = &runner.game;
    ui.strong("Play");
    ui.horizontal_wrapped(|ui| {
        let hint = if game.hint_on() {
            "Hide hint"
        } else {
            "Show A* hint"
        };
        if ui
            .button(keyed(hint, AppState::Runner, Action::Hint))
            .clicked()
        {
            out.write(RunnerCommand::ToggleHint);
        }
        let walk = if game.machine_walking() {
            "Pause the machine"
        } else if game.machine_active() {
            "Resume the machine"
        } else {
            "Let the machine walk"
        };
        if ui
            .add_enabled(
                !game.won(),
                egui::Button::new(keyed(walk, AppState::Runner, Action::Confirm)),
            )
            .clicked()
        {
            out.write(RunnerCommand::ToggleMachine);
        }
        if ui
            .button(keyed("Restart", AppState::Runner, Action::Restart))
            .clicked()
        {
            out.write(RunnerCommand::Restart);
        }
    });
    ui.horizontal(|ui| {
        ui.label(format!("machine speed {:.0} cells/s", runner.walk_speed));
        if ui.small_button("−").clicked() {
            out.write(RunnerCommand::Slower);
        }
        if ui.small_button("+").clicked() {
            out.write(RunnerCommand::Faster);
        }
    });
    let mut sets = runner.show_sets;
    if ui
        .checkbox(&mut sets, "show A*'s open and closed sets")
        .changed()
    {
        out.write(RunnerCommand::ShowSets(sets));
    }
    if let Some(best) = store.times.best(&runner.best_key()) {
        ui.label(format!("Best time at this size: {}", clock(best)));
    }
}

/// What the colours on the maze mean.
fn legend(ui: &mut egui::Ui) {
    ui.strong("Legend");
    swatch(ui, palette::ON_PATH, "your trail (deeper = walked again)");
    swatch(ui, palette::ROUTE, "A* path from where you stand");
    swatch(ui, palette::FRONTIER, "A* open set");
    swatch(ui, palette::CLOSED, "A* closed set");
}

/// Time, steps against the optimal, the ratio, a new best; the next maze or the same again.
fn win_window(ctx: &egui::Context, runner: &Runner, out: &mut MessageWriter<RunnerCommand>) {
    let game = &runner.game;
    let spec = game.spec();
    egui::Window::new("You made it!")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(format!("Time {}", clock(game.seconds()))).size(22.0));
            ui.label(format!(
                "Steps {}   optimal {}",
                game.steps(),
                game.optimal()
            ));
            ui.label(format!("Ratio {:.2} (1.00 is perfect)", game.ratio()));
            if runner.new_best {
                ui.label(
                    egui::RichText::new("New best time for this size!")
                        .strong()
                        .color(to_egui(palette::ROUTE)),
                );
            }
            ui.horizontal(|ui| {
                if ui
                    .button(keyed("Next maze", AppState::Runner, Action::Confirm))
                    .clicked()
                {
                    out.write(RunnerCommand::NewRound(RunnerSpec {
                        seed: fresh_seed(),
                        ..spec
                    }));
                }
                if ui
                    .button(keyed("Same maze again", AppState::Runner, Action::Restart))
                    .clicked()
                {
                    out.write(RunnerCommand::NewRound(spec));
                }
            });
        });
}
