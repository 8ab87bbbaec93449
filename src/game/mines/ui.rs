//! Mines' panels (robots left, mines left, time, seed, 3BV on top; new game, robot, overlay,
//! hint and keys at the side; the end window with the original's texts) and mouse play.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{
    MAX_ROBOT_SPEED, MIN_ROBOT_SPEED, Mines, MinesCommand, MinesLearn, MinesLearnCommand, colors,
    first_click_short, first_click_title,
};
use crate::core::id::GameId;
use crate::core::mines::field::MAX_SIDE;
use crate::core::mines::robot::Choice;
use crate::core::mines::session::{LOSS_TEXT, WIN_TEXT};
use crate::core::mines::{Config, FirstClick, Preset, Status};
use crate::core::rng::fresh_seed;
use crate::core::text::Lang;
use crate::game::AppSystems;
use crate::game::best_times::BestTimesStore;
use crate::game::controls::keyed;
use crate::game::ids::IdBar;
use crate::game::input::Action;
use crate::game::settings::UiLook;
use crate::game::state::AppState;
use crate::game::theme::to_egui;
use crate::game::theme::{TitleBar, clock, free_rect, keys_panel, mode_title, root_ui, swatch};
use crate::game::view::{BoardLayout, PlayArea, WorldCamera, cell_under_cursor};
use crate::tr;

use crate::game::theme::ERROR;

/// The new-game fields.
#[derive(Resource, Debug)]
struct Setup {
    config: Config,
    seed: String,
    shown: Option<Config>,
}

impl Default for Setup {
    fn default() -> Self {
        Self {
            config: Preset::Original.config(),
            seed: String::new(),
            shown: None,
        }
    }
}

pub(in crate::game) fn ui_plugin(app: &mut App) {
    app.init_resource::<Setup>()
        .add_systems(
            EguiPrimaryContextPass,
            draw_panels.run_if(in_state(AppState::Mines)),
        )
        .add_systems(
            Update,
            click_cells
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(AppState::Mines))
                .run_if(not(egui_wants_any_pointer_input)),
        );
}

/// Left click opens (on a satisfied number: opens its neighbours), right click marks.
fn click_cells(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<WorldCamera>>,
    mines: Res<Mines>,
    mut out: MessageWriter<MinesCommand>,
) {
    let left = buttons.just_pressed(MouseButton::Left);
    let right = buttons.just_pressed(MouseButton::Right);
    if !left && !right {
        return;
    }
    let config = mines.game().config();
    let layout = BoardLayout::new(config.width, config.height);
    let Some(pos) = cell_under_cursor(&window, *camera, layout) else {
        return;
    };
    let cell = pos.row as usize * config.width + pos.col as usize;
    out.write(if left {
        MinesCommand::Click(cell)
    } else {
        MinesCommand::Mark(cell)
    });
}

/// Ten little robot heads: bright for those left, dim and crossed for those lost.
fn robot_icons(ui: &mut egui::Ui, lives: u32, left: u32) {
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(lives as f32 * 17.0, 18.0), egui::Sense::hover());
    let painter = ui.painter();
    for i in 0..lives {
        let x = rect.min.x + i as f32 * 17.0;
        let head = egui::Rect::from_min_size(
            egui::pos2(x + 1.0, rect.min.y + 4.0),
            egui::vec2(14.0, 13.0),
        );
        let alive = i < left;
        let body = if alive {
            egui::Color32::from_rgb(190, 198, 210)
        } else {
            egui::Color32::from_rgb(70, 72, 80)
        };
        painter.rect_filled(head, 3.0, body);
        painter.line_segment(
            [
                egui::pos2(x + 8.0, rect.min.y),
                egui::pos2(x + 8.0, rect.min.y + 4.0),
            ],
            egui::Stroke::new(1.5, body),
        );
        let eye = if alive {
            egui::Color32::from_rgb(40, 220, 235)
        } else {
            egui::Color32::from_rgb(40, 40, 48)
        };
        painter.circle_filled(egui::pos2(x + 5.0, rect.min.y + 9.0), 2.0, eye);
        painter.circle_filled(egui::pos2(x + 11.0, rect.min.y + 9.0), 2.0, eye);
        if !alive {
            painter.line_segment(
                [head.left_top(), head.right_bottom()],
                egui::Stroke::new(1.5, egui::Color32::from_rgb(220, 80, 60)),
            );
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_panels(
    mut contexts: EguiContexts,
    mines: Res<Mines>,
    store: Res<BestTimesStore>,
    mut setup: ResMut<Setup>,
    mut area: ResMut<PlayArea>,
    mut out: MessageWriter<MinesCommand>,
    mut next: TitleBar,
    mut ids: IdBar,
    look: Res<UiLook>,
    (learn, mut to_learn): (Res<MinesLearn>, MessageWriter<MinesLearnCommand>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = look.lang;
    let mut root = root_ui(ctx);
    let game = mines.game();
    let config = *game.config();
    if setup.shown != Some(config) {
        setup.config = config;
        setup.shown = Some(config);
    }

    egui::Panel::top("mines-top").show(&mut root, |ui| {
        top_bar(ui, lang, &mines, &mut next, &mut ids);
    });
    if learn.is_open() {
        egui::Panel::left("mines-learn")
            .default_size(430.0)
            .resizable(false)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    super::learn::panel(ui, lang, (&learn, config.width, true), &mut to_learn);
                });
            });
    }
    egui::Panel::right("mines-side")
        .default_size(300.0)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(6.0);
                new_game_section(ui, lang, &mut setup, &mines, &mut out);
                ui.separator();
                robot_section(ui, lang, &mines, &mut out);
                let mut open = learn.is_open();
                let label = keyed(
                    tr!(lang, "Learn: the robot's reasoning here, step by step"),
                    AppState::Mines,
                    Action::Learn,
                );
                if ui.checkbox(&mut open, label).changed() {
                    to_learn.write(MinesLearnCommand::Toggle);
                }
                ui.separator();
                legend(ui, lang);
                if let Some(key) = mines.best_key() {
                    ui.separator();
                    match store.times.best(&key) {
                        Some(best) => ui.label(tr!(
                            lang,
                            "Best time on this field: {time}",
                            time = clock(best)
                        )),
                        None => ui.label(tr!(lang, "No best time yet on this field")),
                    };
                }
                ui.separator();
                let now = if learn.is_open() {
                    "learn" // not shown: control times
                } else if mines.robot_on() {
                    "robot" // not shown
                } else {
                    "by hand" // not shown
                };
                keys_panel(ui, lang, AppState::Mines, Some(now));
            });
        });
    if game.status() != Status::Playing {
        end_window(ctx, lang, &mines, &mut out);
    }

    area.0 = Some(free_rect(&root));
    Ok(())
}

/// Robots left, mines left, time, the field and its seed on top; the ID bar; the last notice.
fn top_bar(ui: &mut egui::Ui, lang: Lang, mines: &Mines, next: &mut TitleBar, ids: &mut IdBar) {
    let game = mines.game();
    let config = *game.config();
    ui.horizontal(|ui| {
        mode_title(ui, lang, tr!(lang, "Mines"), next);
        ui.separator();
        robot_icons(ui, config.lives.min(20), game.lives_left().min(20));
        ui.label(tr!(lang, "robots {left}", left = game.lives_left()));
        ui.separator();
        ui.label(tr!(lang, "mines left {left}", left = game.mines_left()));
        ui.label(egui::RichText::new(format!("⏱ {}", clock(mines.seconds()))).strong());
        ui.separator();
        ui.label(tr!(
            lang,
            "{field} · seed {seed}",
            field = config.phrase().show(lang),
            seed = game.seed()
        ));
        if let Some(bv) = game.three_bv() {
            ui.label(tr!(lang, "3BV {bv}", bv = bv));
        }
    });
    ids.show(
        ui,
        lang,
        Some(&GameId::Mines {
            config: *game.config(),
            seed: game.seed(),
        }),
    );
    if let Some(notice) = mines.notice() {
        ui.label(notice.show(lang));
    }
}

/// What the overlay's colours mean.
fn legend(ui: &mut egui::Ui, lang: Lang) {
    ui.strong(tr!(lang, "The robot's knowledge (overlay)"));
    swatch(ui, colors::SAFE, tr!(lang, "certainly safe"));
    swatch(ui, colors::DANGER, tr!(lang, "certainly a mine"));
    swatch(
        ui,
        Color::srgba(0.9, 0.2, 0.1, 0.3),
        tr!(lang, "redder: likelier a mine"),
    );
    swatch(ui, colors::PICK, tr!(lang, "its next pick"));
}

/// The original's end texts, the game's figures, and the next game.
fn end_window(
    ctx: &egui::Context,
    lang: Lang,
    mines: &Mines,
    out: &mut MessageWriter<MinesCommand>,
) {
    let game = mines.game();
    let config = *game.config();
    let (title, text) = if game.status() == Status::Won {
        (tr!(lang, "You win"), WIN_TEXT)
    } else {
        (tr!(lang, "Game over"), LOSS_TEXT)
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -24.0))
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(lang.tr(text)).size(20.0));
            ui.label(tr!(
                lang,
                "time {time} · mines hit {hit} · 3BV {bv}",
                time = clock(mines.seconds()),
                hit = game.mines_hit(),
                bv = game.three_bv().unwrap_or(0)
            ));
            if mines.new_best() {
                ui.colored_label(to_egui(colors::PICK), tr!(lang, "New best time!"));
            }
            ui.horizontal(|ui| {
                if ui
                    .button(keyed(
                        tr!(lang, "Play again"),
                        AppState::Mines,
                        Action::NewBoard,
                    ))
                    .clicked()
                {
                    out.write(MinesCommand::NewGame(config, fresh_seed()));
                }
                if ui
                    .button(keyed(
                        tr!(lang, "Same board again"),
                        AppState::Mines,
                        Action::Restart,
                    ))
                    .clicked()
                {
                    out.write(MinesCommand::SameAgain);
                }
            });
        });
}

fn new_game_section(
    ui: &mut egui::Ui,
    lang: Lang,
    setup: &mut Setup,
    mines: &Mines,
    out: &mut MessageWriter<MinesCommand>,
) {
    ui.strong(tr!(lang, "New field"));
    ui.horizontal_wrapped(|ui| {
        for preset in Preset::ALL {
            let chosen = Preset::of(&setup.config) == Some(preset);
            if ui
                .selectable_label(chosen, lang.tr(preset.title()))
                .clicked()
            {
                setup.config = Config {
                    first_click: setup.config.first_click,
                    ..preset.config()
                };
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(tr!(lang, "size"));
        ui.add(egui::DragValue::new(&mut setup.config.width).range(2..=MAX_SIDE));
        ui.label("×");
        ui.add(egui::DragValue::new(&mut setup.config.height).range(2..=MAX_SIDE));
    });
    ui.horizontal(|ui| {
        ui.label(tr!(lang, "mines"));
        ui.add(egui::DragValue::new(&mut setup.config.mines).range(1..=MAX_SIDE * MAX_SIDE));
        ui.label(tr!(lang, "robots"));
        ui.add(egui::DragValue::new(&mut setup.config.lives).range(1..=999));
    });
    egui::ComboBox::from_label(tr!(lang, "first click"))
        .selected_text(lang.tr(first_click_short(setup.config.first_click)))
        .show_ui(ui, |ui| {
            for rule in FirstClick::ALL {
                ui.selectable_value(
                    &mut setup.config.first_click,
                    rule,
                    lang.tr(first_click_title(rule)),
                );
            }
        });
    ui.horizontal(|ui| {
        ui.label(tr!(lang, "seed"));
        ui.add(
            egui::TextEdit::singleline(&mut setup.seed)
                .hint_text(tr!(lang, "random"))
                .desired_width(110.0),
        );
    });
    let seed = setup.seed.trim();
    let seed = if seed.is_empty() {
        Ok(None)
    } else {
        seed.parse::<u64>().map(Some).map_err(|_| {
            tr!(
                lang,
                "seed {seed} is not a whole number",
                seed = format!("{seed:?}")
            )
        })
    };
    let problem = seed
        .as_ref()
        .err()
        .cloned()
        .or_else(|| setup.config.check().err().map(|e| e.show(lang)));
    if let Some(problem) = &problem {
        ui.colored_label(ERROR, problem);
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                problem.is_none(),
                egui::Button::new(keyed(tr!(lang, "Start"), AppState::Mines, Action::NewBoard)),
            )
            .clicked()
            && let Ok(seed) = seed
        {
            out.write(MinesCommand::NewGame(
                setup.config,
                seed.unwrap_or_else(fresh_seed),
            ));
        }
        if ui
            .button(keyed(
                tr!(lang, "Same board again"),
                AppState::Mines,
                Action::Restart,
            ))
            .clicked()
        {
            out.write(MinesCommand::SameAgain);
        }
    });
    let _ = mines;
}

fn robot_section(
    ui: &mut egui::Ui,
    lang: Lang,
    mines: &Mines,
    out: &mut MessageWriter<MinesCommand>,
) {
    ui.strong(tr!(lang, "Robot"));
    ui.horizontal_wrapped(|ui| {
        let play = if mines.robot_on() {
            keyed(tr!(lang, "Stop the robot"), AppState::Mines, Action::Replay)
        } else {
            keyed(
                tr!(lang, "Let the robot play"),
                AppState::Mines,
                Action::Replay,
            )
        };
        if ui.button(play).clicked() {
            out.write(MinesCommand::ToggleRobot);
        }
        if mines.robot_on() {
            let pause = if mines.robot_paused() {
                tr!(lang, "Resume")
            } else {
                tr!(lang, "Pause")
            };
            if ui
                .button(keyed(pause, AppState::Mines, Action::Pause))
                .clicked()
            {
                out.write(MinesCommand::PauseRobot);
            }
        }
        if ui
            .button(keyed(
                tr!(lang, "Step"),
                AppState::Mines,
                Action::StepForward,
            ))
            .clicked()
        {
            out.write(MinesCommand::StepRobot);
        }
        if !mines.robot_on()
            && ui
                .button(keyed(tr!(lang, "Hint"), AppState::Mines, Action::Hint))
                .clicked()
        {
            out.write(MinesCommand::Hint);
        }
    });
    if mines.thinking() {
        ui.label(egui::RichText::new(tr!(lang, "thinking…")).italics());
    }
    let mut speed = mines.robot_speed();
    if ui
        .add(
            egui::Slider::new(&mut speed, MIN_ROBOT_SPEED..=MAX_ROBOT_SPEED)
                .logarithmic(true)
                .text(tr!(lang, "actions/s")),
        )
        .changed()
    {
        out.write(MinesCommand::SetSpeed(speed));
    }
    let mut overlay = mines.overlay();
    if ui
        .checkbox(
            &mut overlay,
            keyed(
                tr!(lang, "show its knowledge"),
                AppState::Mines,
                Action::Edit,
            ),
        )
        .changed()
    {
        out.write(MinesCommand::ToggleOverlay);
    }
    if let Some(analysis) = mines
        .current_analysis()
        .filter(|_| mines.game().status() == Status::Playing)
    {
        let (safe, mined) = (analysis.safe.len(), analysis.mines.len());
        ui.label(if analysis.exact {
            tr!(
                lang,
                "knows {safe} safe, {mines} mines",
                safe = safe,
                mines = mined
            )
        } else {
            tr!(
                lang,
                "knows {safe} safe, {mines} mines (a big area: estimates)",
                safe = safe,
                mines = mined
            )
        });
        if let Some(choice) = analysis.choice {
            ui.label(choice.explain(mines.game().config().width).show(lang));
            if let Choice::Guess { .. } = choice {
                ui.label(
                    egui::RichText::new(tr!(
                        lang,
                        "probabilities: every placement of mines consistent with the numbers, \
                         weighted by the ways to put the rest on the unknown cells"
                    ))
                    .small(),
                );
            }
        }
    }
}
