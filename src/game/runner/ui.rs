//! Runner's panels: the round's facts on top, setup and controls at the side, the win panel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Runner, RunnerCommand, RunnerNotice};
use crate::core::id::GameId;
use crate::core::learn::Algo;
use crate::core::maze::generate::Generator;
use crate::core::maze::runner::{MAX_PLAY_SIDE, RunnerSpec, SIZE_PRESETS};
use crate::core::rng::fresh_seed;
use crate::core::text::Lang;
use crate::game::best_times::BestTimesStore;
use crate::game::controls::keyed;
use crate::game::ids::IdBar;
use crate::game::input::Action;
use crate::game::learn::{Learn, LearnCommand, learn_panel};
use crate::game::settings::UiLook;
use crate::game::state::AppState;
use crate::game::theme::{TitleBar, clock, free_rect, keys_panel, mode_title, root_ui, swatch};
use crate::game::theme::{palette, to_egui};
use crate::game::view::PlayArea;
use crate::tr;

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
    mut next: TitleBar,
    mut ids: IdBar,
    look: Res<UiLook>,
    (learn, mut to_learn): (Res<Learn>, MessageWriter<LearnCommand>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = look.lang;
    let mut root = root_ui(ctx);
    egui::Panel::top("runner-top").show(&mut root, |ui| {
        top_bar(ui, lang, &runner, &notice, &mut next, &mut ids);
    });
    if let Some(walk) = learn.walk() {
        egui::Panel::left("runner-learn")
            .default_size(430.0)
            .resizable(false)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        let generator = runner.game.spec().generator;
                        let carving = tr!(
                            lang,
                            "how it was carved: {generator}",
                            generator = lang.tr(generator.title())
                        );
                        for (algo, name) in [
                            (Algo::MazeAstar, tr!(lang, "A*").to_string()),
                            (Algo::MazeBfs, tr!(lang, "BFS").to_string()),
                            (Algo::of_generator(generator), carving),
                        ] {
                            let chosen = walk.lesson().algo == algo;
                            if ui.selectable_label(chosen, name).clicked() && !chosen {
                                out.write(RunnerCommand::Learn(Some(algo)));
                            }
                        }
                    });
                    learn_panel(ui, lang, &learn, &mut to_learn);
                });
            });
    }
    egui::Panel::right("runner-side")
        .default_size(290.0)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(6.0);
                new_maze_section(ui, lang, &runner, &mut setup, &mut out);
                ui.separator();
                play_section(ui, lang, &runner, &store, &mut out);
                ui.separator();
                legend(ui, lang);
                ui.separator();
                let now = if learn.is_open() { "learn" } else { "play" }; // not shown: control times
                keys_panel(ui, lang, AppState::Runner, Some(now));
            });
        });
    if runner.game.won() {
        win_window(ctx, lang, &runner, &mut out);
    }
    area.0 = Some(free_rect(&root));
    Ok(())
}

/// Generator, size, seed and time on top, the ID bar, and the last notice.
fn top_bar(
    ui: &mut egui::Ui,
    lang: Lang,
    runner: &Runner,
    notice: &RunnerNotice,
    next: &mut TitleBar,
    ids: &mut IdBar,
) {
    let game = &runner.game;
    let spec = game.spec();
    ui.horizontal(|ui| {
        mode_title(ui, lang, tr!(lang, "Runner"), next);
        ui.separator();
        ui.label(tr!(
            lang,
            "{generator} · {width}×{height} · seed {seed}",
            generator = lang.tr(spec.generator.title()),
            width = spec.width,
            height = spec.height,
            seed = spec.seed
        ));
        ui.separator();
        ui.label(egui::RichText::new(format!("⏱ {}", clock(game.seconds()))).strong());
        ui.label(tr!(lang, "Steps {steps}", steps = game.steps()));
        ui.label(tr!(lang, "Optimal {optimal}", optimal = game.optimal()));
        if let Some(hint) = game.hint() {
            ui.label(
                egui::RichText::new(tr!(
                    lang,
                    "Hint: {moves} to go",
                    moves = hint.path.len().saturating_sub(1)
                ))
                .color(to_egui(palette::ROUTE)),
            );
        }
        if runner.reveal.is_some() {
            ui.label(egui::RichText::new(tr!(lang, "carving…")).italics());
        } else if game.machine_walking() {
            ui.label(egui::RichText::new(tr!(lang, "the machine walks")).italics());
        }
    });
    ids.show(ui, lang, Some(&GameId::Runner(spec)));
    if let Some(message) = &notice.0 {
        ui.label(egui::RichText::new(message.show(lang)).color(crate::game::theme::ERROR));
    }
}

/// The next maze: generator, size presets or any size, seed; refusals shown before Generate.
fn new_maze_section(
    ui: &mut egui::Ui,
    lang: Lang,
    runner: &Runner,
    setup: &mut SetupPanel,
    out: &mut MessageWriter<RunnerCommand>,
) {
    let spec = runner.game.spec();
    ui.strong(tr!(lang, "New maze"));
    egui::ComboBox::from_label(tr!(lang, "generator"))
        .selected_text(lang.tr(setup.generator.title()))
        .show_ui(ui, |ui| {
            for generator in Generator::ALL {
                ui.selectable_value(&mut setup.generator, generator, lang.tr(generator.title()));
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
        ui.label(tr!(lang, "size"));
        ui.add(egui::DragValue::new(&mut setup.width).range(5..=MAX_PLAY_SIDE));
        ui.label("×");
        ui.add(egui::DragValue::new(&mut setup.height).range(5..=MAX_PLAY_SIDE));
    });
    ui.horizontal(|ui| {
        ui.label(tr!(lang, "seed"));
        ui.add(
            egui::TextEdit::singleline(&mut setup.seed)
                .hint_text(tr!(lang, "random"))
                .desired_width(120.0),
        );
    });
    let seed = setup.seed.trim();
    let parsed = if seed.is_empty() {
        Ok(fresh_seed())
    } else {
        seed.parse::<u64>().map_err(|_| {
            tr!(
                lang,
                "seed {seed} is not a whole number",
                seed = format!("{seed:?}")
            )
        })
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
            ui.colored_label(crate::game::theme::ERROR, message.show(lang));
        }
    }
    ui.horizontal(|ui| {
        if ui
            .button(keyed(
                tr!(lang, "Generate"),
                AppState::Runner,
                Action::NewBoard,
            ))
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
        if ui.button(tr!(lang, "Same maze again")).clicked() {
            out.write(RunnerCommand::NewRound(spec));
        }
    });
}

/// Hint, machine, restart, the machine's speed, A*'s sets, the best time.
fn play_section(
    ui: &mut egui::Ui,
    lang: Lang,
    runner: &Runner,
    store: &BestTimesStore,
    out: &mut MessageWriter<RunnerCommand>,
) {
    let game = &runner.game;
    ui.strong(tr!(lang, "Play"));
    ui.horizontal_wrapped(|ui| {
        let hint = if game.hint_on() {
            tr!(lang, "Hide hint")
        } else {
            tr!(lang, "Show A* hint")
        };
        if ui
            .button(keyed(hint, AppState::Runner, Action::Hint))
            .clicked()
        {
            out.write(RunnerCommand::ToggleHint);
        }
        let walk = if game.machine_walking() {
            tr!(lang, "Pause the machine")
        } else if game.machine_active() {
            tr!(lang, "Resume the machine")
        } else {
            tr!(lang, "Let the machine walk")
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
            .button(keyed(
                tr!(lang, "Restart"),
                AppState::Runner,
                Action::Restart,
            ))
            .clicked()
        {
            out.write(RunnerCommand::Restart);
        }
    });
    if ui
        .add_enabled(
            !game.won(),
            egui::Button::new(keyed(
                tr!(lang, "Learn: A* from here, line by line"),
                AppState::Runner,
                Action::Learn,
            )),
        )
        .clicked()
    {
        out.write(RunnerCommand::Learn(None));
    }
    ui.horizontal(|ui| {
        ui.label(tr!(
            lang,
            "machine speed {speed} cells/s",
            speed = runner.walk_speed.round()
        ));
        if ui.small_button("−").clicked() {
            out.write(RunnerCommand::Slower);
        }
        if ui.small_button("+").clicked() {
            out.write(RunnerCommand::Faster);
        }
    });
    let mut sets = runner.show_sets;
    if ui
        .checkbox(&mut sets, tr!(lang, "show A*'s open and closed sets"))
        .changed()
    {
        out.write(RunnerCommand::ShowSets(sets));
    }
    if let Some(best) = store.times.best(&runner.best_key()) {
        ui.label(tr!(
            lang,
            "Best time at this size: {time}",
            time = clock(best)
        ));
    }
}

/// What the colours on the maze mean.
fn legend(ui: &mut egui::Ui, lang: Lang) {
    ui.strong(tr!(lang, "Legend"));
    swatch(
        ui,
        palette::ON_PATH,
        tr!(lang, "your trail (deeper = walked again)"),
    );
    swatch(
        ui,
        palette::ROUTE,
        tr!(lang, "A* path from where you stand"),
    );
    swatch(ui, palette::FRONTIER, tr!(lang, "A* open set"));
    swatch(ui, palette::CLOSED, tr!(lang, "A* closed set"));
}

/// Time, steps against the optimal, the ratio, a new best; the next maze or the same again.
fn win_window(
    ctx: &egui::Context,
    lang: Lang,
    runner: &Runner,
    out: &mut MessageWriter<RunnerCommand>,
) {
    let game = &runner.game;
    let spec = game.spec();
    egui::Window::new(tr!(lang, "You made it!"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(tr!(lang, "Time {time}", time = clock(game.seconds())))
                    .size(22.0),
            );
            ui.label(tr!(
                lang,
                "Steps {steps}   optimal {optimal}",
                steps = game.steps(),
                optimal = game.optimal()
            ));
            ui.label(tr!(
                lang,
                "Ratio {ratio} (1.00 is perfect)",
                ratio = format!("{:.2}", game.ratio())
            ));
            if runner.new_best {
                ui.label(
                    egui::RichText::new(tr!(lang, "New best time for this size!"))
                        .strong()
                        .color(to_egui(palette::ROUTE)),
                );
            } else if game.assisted() {
                ui.label(tr!(
                    lang,
                    "The machine walked (part of) the way: the time is not a best time."
                ));
            }
            ui.horizontal(|ui| {
                if ui
                    .button(keyed(
                        tr!(lang, "Next maze"),
                        AppState::Runner,
                        Action::Confirm,
                    ))
                    .clicked()
                {
                    out.write(RunnerCommand::NewRound(RunnerSpec {
                        seed: fresh_seed(),
                        ..spec
                    }));
                }
                if ui
                    .button(keyed(
                        tr!(lang, "Same maze again"),
                        AppState::Runner,
                        Action::Restart,
                    ))
                    .clicked()
                {
                    out.write(RunnerCommand::NewRound(spec));
                }
            });
        });
}
