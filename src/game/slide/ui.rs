//! Slide's panels (facts on top; play, start and goal, machine, demo, comparison and keys at the
//! side; the win window) and mouse input on the board.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{
    BuildStrongest, EditTarget, JobKind, MAX_DEMO_SPEED, MIN_DEMO_SPEED, Slide, SlideCommand,
    ToggleSlideLearn, colors, summary,
};
use crate::core::id::GameId;
use crate::core::slide::Board;
use crate::core::slide::game::ArrowMeaning;
use crate::core::slide::solve::{Algorithm, Outcome};
use crate::core::text::Lang;
use crate::game::AppSystems;
use crate::game::controls::keyed;
use crate::game::ids::IdBar;
use crate::game::input::Action;
use crate::game::learn::{Learn, LearnCommand, learn_panel};
use crate::game::settings::UiLook;
use crate::game::state::AppState;
use crate::game::theme::{TitleBar, clock, free_rect, keys_panel, mode_title, root_ui, swatch};
use crate::game::view::{BoardLayout, PlayArea, WorldCamera, cell_under_cursor};
use crate::tr;

use crate::game::theme::ERROR;
use crate::game::theme::GOOD;

/// The typed start and goal, with the message each got.
#[derive(Resource, Debug, Default)]
struct TypedBoards {
    start: String,
    goal: String,
    start_error: Option<crate::core::text::Phrase>,
    goal_error: Option<crate::core::text::Phrase>,
    /// The boards the fields were last filled from.
    shown: Option<(Board, Board)>,
}

pub(in crate::game) fn ui_plugin(app: &mut App) {
    app.init_resource::<TypedBoards>()
        .add_systems(
            EguiPrimaryContextPass,
            draw_panels.run_if(in_state(AppState::Slide)),
        )
        .add_systems(
            Update,
            click_tiles
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(AppState::Slide))
                .run_if(not(egui_wants_any_pointer_input)),
        );
}

/// A left click on a tile slides it (with the tiles between it and the blank); while editing it
/// picks the cell.
fn click_tiles(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<WorldCamera>>,
    slide: Res<Slide>,
    mut out: MessageWriter<SlideCommand>,
) {
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let side = slide.shown().side();
    let Some(pos) = cell_under_cursor(&window, *camera, BoardLayout::new(side, side)) else {
        return;
    };
    let cell = pos.row as usize * side + pos.col as usize;
    out.write(if slide.editing().is_some() {
        SlideCommand::EditPick(cell)
    } else {
        SlideCommand::SlideFrom(cell)
    });
}

#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: its parameters are the resources and messages it uses"
)]
fn draw_panels(
    mut contexts: EguiContexts,
    slide: Res<Slide>,
    mut typed: ResMut<TypedBoards>,
    mut area: ResMut<PlayArea>,
    mut out: MessageWriter<SlideCommand>,
    mut strongest: MessageWriter<BuildStrongest>,
    mut next: TitleBar,
    mut ids: IdBar,
    look: Res<UiLook>,
    (learn, mut to_learn, mut learn_button, mut tree): (
        Res<Learn>,
        MessageWriter<LearnCommand>,
        MessageWriter<ToggleSlideLearn>,
        ResMut<super::tree::TreeView>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = look.lang;
    let mut root = root_ui(ctx);
    let game = slide.game();
    let pair = (*game.start(), *game.goal());
    if typed.shown != Some(pair) {
        typed.start = game.start().to_string();
        typed.goal = game.goal().to_string();
        typed.start_error = None;
        typed.goal_error = None;
        typed.shown = Some(pair);
    }

    egui::Panel::top("slide-top").show(&mut root, |ui| {
        top_bar(ui, lang, &slide, &mut next, &mut ids);
    });

    if learn.is_open() {
        egui::Panel::left("slide-learn")
            .default_size(430.0)
            .resizable(false)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    learn_panel(ui, lang, &learn, &mut to_learn);
                });
            });
    }

    egui::Panel::right("slide-side")
        .default_size(330.0)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(6.0);
                play_section(ui, lang, &slide, &mut out);
                let mut open = learn.is_open();
                let label = keyed(
                    tr!(lang, "Learn: the chosen algorithm here, line by line"),
                    AppState::Slide,
                    Action::Learn,
                );
                if ui
                    .add_enabled(
                        slide.editing().is_none(),
                        egui::Checkbox::new(&mut open, label),
                    )
                    .changed()
                {
                    learn_button.write(ToggleSlideLearn);
                }
                ui.separator();
                boards_section(ui, lang, &slide, &mut typed, &mut out);
                ui.separator();
                machine_section(ui, lang, &slide, &mut out, &mut strongest);
                if slide.demo().is_some() {
                    ui.separator();
                    demo_section(ui, lang, &slide, &mut out);
                }
                ui.separator();
                compare_section(ui, lang, &slide, &mut out);
                ui.separator();
                legend(ui, lang);
                ui.separator();
                let now = if slide.editing().is_some() {
                    "editor" // not shown: control times
                } else if learn.is_open() {
                    "learn" // not shown
                } else if slide.demo().is_some() {
                    "demo" // not shown
                } else {
                    "play" // not shown
                };
                keys_panel(ui, lang, AppState::Slide, Some(now));
            });
        });

    if learn.is_open() {
        // the search tree under the board, between the panels
        let height = (root.available_rect_before_wrap().height() * 0.7).clamp(240.0, 760.0);
        egui::Panel::bottom("slide-tree")
            .default_size(height)
            .resizable(true)
            .show(&mut root, |ui| {
                super::tree::tree_panel(ui, lang, &mut tree);
            });
    }

    if game.won() && game.moves() > 0 && slide.demo().is_none() && slide.editing().is_none() {
        win_window(ctx, lang, &slide, &mut out);
    }

    area.0 = Some(free_rect(&root));
    Ok(())
}

/// The puzzle, time, moves, the optimal length, solvability, the demo's progress; the ID bar;
/// the last notice.
fn top_bar(ui: &mut egui::Ui, lang: Lang, slide: &Slide, next: &mut TitleBar, ids: &mut IdBar) {
    let game = slide.game();
    let side = game.board().side();
    ui.horizontal(|ui| {
        mode_title(ui, lang, tr!(lang, "Slide"), next);
        ui.separator();
        ui.label(if side == 3 {
            tr!(lang, "8-puzzle")
        } else {
            tr!(lang, "15-puzzle")
        });
        ui.separator();
        ui.label(egui::RichText::new(format!("⏱ {}", clock(game.seconds()))).strong());
        ui.label(tr!(lang, "Moves {moves}", moves = game.moves()));
        if let Some(optimal) = slide.optimal() {
            ui.label(tr!(lang, "Optimal {optimal}", optimal = optimal));
        }
        let (ok, why) = game.solvability();
        let badge = if ok {
            egui::RichText::new(tr!(lang, "✔ solvable")).color(GOOD)
        } else {
            egui::RichText::new(tr!(lang, "✖ unsolvable")).color(ERROR)
        };
        ui.label(badge).on_hover_text(why.show(lang));
        if let Some(demo) = slide.demo() {
            ui.label(
                egui::RichText::new(tr!(
                    lang,
                    "demo: {algorithm} — move {done} of {total}",
                    algorithm = lang.tr(demo.algorithm.title()),
                    done = demo.cursor,
                    total = demo.moves.len()
                ))
                .italics(),
            );
        }
        if slide.editing().is_some() {
            ui.label(egui::RichText::new(tr!(lang, "editing")).italics());
        }
    });
    ids.show(
        ui,
        lang,
        Some(&GameId::Slide {
            start: *slide.game().start(),
            goal: *slide.game().goal(),
        }),
    );
    if let Some(notice) = slide.notice() {
        ui.colored_label(
            if notice.error {
                ERROR
            } else {
                egui::Color32::LIGHT_GRAY
            },
            notice.text.show(lang),
        );
    }
}

/// What the tile colours mean.
fn legend(ui: &mut egui::Ui, lang: Lang) {
    ui.strong(tr!(lang, "Colours"));
    swatch(ui, colors::HOME, tr!(lang, "tile on its goal cell"));
    swatch(ui, colors::TILE, tr!(lang, "tile elsewhere"));
    swatch(ui, colors::HINT, tr!(lang, "hint: the tile to slide next"));
    swatch(ui, colors::PICKED, tr!(lang, "editor: picked for a swap"));
}

/// Moves and time of the win, against the optimal length when known; shuffle or play again.
fn win_window(
    ctx: &egui::Context,
    lang: Lang,
    slide: &Slide,
    out: &mut MessageWriter<SlideCommand>,
) {
    let game = slide.game();
    egui::Window::new(tr!(lang, "Solved!"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -30.0))
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(tr!(
                    lang,
                    "{moves} moves in {time}",
                    moves = game.moves(),
                    time = clock(game.seconds())
                ))
                .size(22.0),
            );
            if let Some(optimal) = slide.optimal() {
                let verdict = if game.moves() == optimal {
                    tr!(lang, "a perfect solution!").to_string()
                } else {
                    tr!(lang, "the shortest takes {optimal}", optimal = optimal)
                };
                ui.label(verdict);
            }
            ui.horizontal(|ui| {
                if ui
                    .button(keyed(
                        tr!(lang, "Shuffle"),
                        AppState::Slide,
                        Action::NewBoard,
                    ))
                    .clicked()
                {
                    out.write(SlideCommand::Shuffle);
                }
                if ui
                    .button(keyed(
                        tr!(lang, "Play it again"),
                        AppState::Slide,
                        Action::Restart,
                    ))
                    .clicked()
                {
                    out.write(SlideCommand::Restart);
                }
            });
        });
}

fn play_section(
    ui: &mut egui::Ui,
    lang: Lang,
    slide: &Slide,
    out: &mut MessageWriter<SlideCommand>,
) {
    let game = slide.game();
    ui.strong(tr!(lang, "Play"));
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                game.can_undo(),
                egui::Button::new(keyed(tr!(lang, "Undo"), AppState::Slide, Action::Undo)),
            )
            .clicked()
        {
            out.write(SlideCommand::Undo);
        }
        if ui
            .add_enabled(
                game.can_redo(),
                egui::Button::new(keyed(tr!(lang, "Redo"), AppState::Slide, Action::Redo)),
            )
            .clicked()
        {
            out.write(SlideCommand::Redo);
        }
        if ui
            .button(keyed(
                tr!(lang, "Restart"),
                AppState::Slide,
                Action::Restart,
            ))
            .clicked()
        {
            out.write(SlideCommand::Restart);
        }
        if ui
            .button(keyed(
                tr!(lang, "Shuffle"),
                AppState::Slide,
                Action::NewBoard,
            ))
            .clicked()
        {
            out.write(SlideCommand::Shuffle);
        }
    });
    ui.horizontal(|ui| {
        let mut fixed = slide.shuffle_distance().is_some();
        let mut distance = slide.shuffle_distance().unwrap_or(20);
        let changed = ui
            .checkbox(&mut fixed, tr!(lang, "shuffle to distance"))
            .changed();
        let max = if game.board().side() == 3 { 31 } else { 60 };
        ui.spacing_mut().slider_width = 90.0;
        let slid = ui
            .add_enabled(fixed, egui::Slider::new(&mut distance, 1..=max))
            .changed();
        if changed || slid {
            out.write(SlideCommand::SetShuffleDistance(fixed.then_some(distance)));
        }
    });
    ui.horizontal(|ui| {
        ui.label(tr!(lang, "Arrows move"));
        for (meaning, label) in [
            (ArrowMeaning::Tile, tr!(lang, "the tile")),
            (ArrowMeaning::Blank, tr!(lang, "the blank")),
        ] {
            if ui
                .selectable_label(slide.arrows() == meaning, label)
                .clicked()
            {
                out.write(SlideCommand::SetArrows(meaning));
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(tr!(lang, "Size"));
        for side in [3usize, 4] {
            let chosen = game.board().side() == side;
            let label = format!("{side}×{side}");
            if ui.selectable_label(chosen, label).clicked() && !chosen {
                out.write(SlideCommand::ToggleSize);
            }
        }
    });
    let hint_label = if slide.hint_on() {
        keyed(tr!(lang, "Hide hint"), AppState::Slide, Action::Hint)
    } else {
        keyed(tr!(lang, "Show hint"), AppState::Slide, Action::Hint)
    };
    if ui.button(hint_label).clicked() {
        out.write(SlideCommand::ToggleHint);
    }
    if slide.hint_on() {
        match slide.hint() {
            Some(m) => {
                let board = game.board();
                let tile = board.apply(m).map_or(0, |b| board.cells()[b.blank()]);
                ui.label(tr!(
                    lang,
                    "next optimal move: slide {tile} {direction} (the blank goes {blank})",
                    tile = tile,
                    direction = lang.tr(m.opposite().name()),
                    blank = lang.tr(m.name())
                ));
            }
            None if game.won() => {}
            None => {
                ui.label(tr!(lang, "thinking…"));
            }
        }
    }
}

fn boards_section(
    ui: &mut egui::Ui,
    lang: Lang,
    slide: &Slide,
    typed: &mut TypedBoards,
    out: &mut MessageWriter<SlideCommand>,
) {
    ui.strong(tr!(lang, "Start and goal"));
    ui.label(
        egui::RichText::new(tr!(
            lang,
            "tiles row by row, 0 for the blank: 1 2 3 4 5 6 7 8 0, 1,2,3,… or 123456780"
        ))
        .small(),
    );
    for target in [EditTarget::Start, EditTarget::Goal] {
        let (name, text, error) = match target {
            EditTarget::Start => (tr!(lang, "start"), &mut typed.start, &mut typed.start_error),
            EditTarget::Goal => (tr!(lang, "goal"), &mut typed.goal, &mut typed.goal_error),
        };
        ui.horizontal(|ui| {
            ui.label(name);
            let field = ui.add(egui::TextEdit::singleline(text).desired_width(190.0));
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button(tr!(lang, "Set")).clicked() || enter {
                match Board::parse(text) {
                    Ok(board) => {
                        *error = None;
                        out.write(match target {
                            EditTarget::Start => SlideCommand::SetStart(board),
                            EditTarget::Goal => SlideCommand::SetGoal(board),
                        });
                    }
                    Err(e) => *error = Some(e.0),
                }
            }
        });
        if let Some(e) = error {
            ui.colored_label(
                ERROR,
                tr!(lang, "{why} — the board is unchanged", why = e.show(lang)),
            );
        }
    }
    let (ok, why) = slide.game().solvability();
    ui.colored_label(if ok { GOOD } else { ERROR }, why.show(lang));
    match slide.editing() {
        None => {
            ui.horizontal(|ui| {
                if ui
                    .button(keyed(
                        tr!(lang, "Edit start on the board"),
                        AppState::Slide,
                        Action::Edit,
                    ))
                    .clicked()
                {
                    out.write(SlideCommand::Edit(EditTarget::Start));
                }
                if ui.button(tr!(lang, "Edit goal")).clicked() {
                    out.write(SlideCommand::Edit(EditTarget::Goal));
                }
            });
        }
        Some(editing) => {
            ui.label(if editing.target == EditTarget::Start {
                tr!(
                    lang,
                    "Editing the start: click two cells (or move the cursor and press Enter twice) \
                     to swap them."
                )
            } else {
                tr!(
                    lang,
                    "Editing the goal: click two cells (or move the cursor and press Enter twice) \
                     to swap them."
                )
            });
            ui.horizontal(|ui| {
                if ui
                    .button(keyed(tr!(lang, "Done"), AppState::Slide, Action::Edit))
                    .clicked()
                {
                    out.write(SlideCommand::EditDone);
                }
                if ui.button(tr!(lang, "Cancel")).clicked() {
                    out.write(SlideCommand::EditCancel);
                }
            });
        }
    }
}

fn machine_section(
    ui: &mut egui::Ui,
    lang: Lang,
    slide: &Slide,
    out: &mut MessageWriter<SlideCommand>,
    strongest: &mut MessageWriter<BuildStrongest>,
) {
    let side = slide.game().board().side();
    ui.strong(tr!(lang, "Machine"));
    egui::ComboBox::from_label(tr!(lang, "algorithm"))
        .selected_text(lang.tr(slide.algorithm().title()))
        .width(250.0)
        .show_ui(ui, |ui| {
            for algorithm in Algorithm::ALL {
                let practical = algorithm.practical(side);
                let response = ui.add_enabled(
                    practical,
                    egui::Button::selectable(
                        slide.algorithm() == algorithm,
                        lang.tr(algorithm.title()),
                    ),
                );
                if response.clicked() {
                    out.write(SlideCommand::SetAlgorithm(algorithm));
                }
                if !practical {
                    response.on_disabled_hover_text(tr!(
                        lang,
                        "keeps every state it meets: out of memory on a typical 15-puzzle"
                    ));
                }
            }
        });
    if slide.algorithm() == Algorithm::Dfs {
        let mut limit = slide.depth_limit();
        if ui
            .add(egui::Slider::new(&mut limit, 1..=60).text(tr!(lang, "depth limit")))
            .changed()
        {
            out.write(SlideCommand::SetDepthLimit(limit));
        }
    }
    ui.horizontal(|ui| {
        if slide.wanted_job().is_some() {
            if ui
                .button(keyed(tr!(lang, "Stop"), AppState::Slide, Action::Confirm))
                .clicked()
            {
                out.write(SlideCommand::Cancel);
            }
        } else {
            if ui
                .button(keyed(tr!(lang, "Solve"), AppState::Slide, Action::Confirm))
                .clicked()
            {
                out.write(SlideCommand::Solve);
            }
            if ui
                .small_button(keyed(
                    tr!(lang, "next algorithm"),
                    AppState::Slide,
                    Action::NextGenerator,
                ))
                .clicked()
            {
                out.write(SlideCommand::SetAlgorithm(
                    slide.algorithm().next_practical(side),
                ));
            }
        }
    });
    if let Some(fraction) = slide.databases_building() {
        progress_bar(
            ui,
            fraction,
            tr!(lang, "reading or building pattern databases (once)"),
        );
    }
    if let Some(job) = slide.running() {
        let what = match job.kind() {
            JobKind::Solve => tr!(lang, "solving"),
            JobKind::Hint => tr!(lang, "hint"),
            JobKind::Compare => tr!(lang, "comparing"),
            JobKind::Shuffle(_) => tr!(lang, "shuffling"),
        };
        if job.waiting() {
            ui.label(tr!(
                lang,
                "{what}: waiting for the pattern databases…",
                what = what
            ));
        } else {
            let algorithm = job.current();
            let level = match algorithm {
                Algorithm::Bfs => tr!(lang, "EXPANDING LEVEL {level}", level = job.level()),
                Algorithm::Idastar | Algorithm::IdastarPdb => {
                    tr!(lang, "bound {level}", level = job.level())
                }
                Algorithm::Dfs => tr!(lang, "depth limit {level}", level = job.level()),
                _ => String::new(),
            };
            ui.label(
                egui::RichText::new(tr!(
                    lang,
                    "{what}: {algorithm} — {nodes} nodes expanded {level} ({seconds} s)",
                    what = what,
                    algorithm = lang.tr(algorithm.title()),
                    nodes = job.expanded(),
                    level = level,
                    seconds = format!("{:.1}", job.started().elapsed().as_secs_f32())
                ))
                .monospace(),
            );
        }
    }
    if let Some(row) = slide.last() {
        ui.label(tr!(
            lang,
            "last: {algorithm} — {summary}",
            algorithm = lang.tr(row.algorithm.title()),
            summary = summary(&row.report).show(lang)
        ));
    }
    if slide.game().goal().side() == 4 {
        strongest_row(ui, lang, slide, strongest);
    }
    if let Some(note) = slide.databases_note() {
        ui.label(egui::RichText::new(note.show(lang)).small());
    }
}

/// A build's progress: what is built, and the percentage.
fn progress_bar(ui: &mut egui::Ui, fraction: f32, what: &str) {
    ui.add(
        egui::ProgressBar::new(fraction)
            .text(format!("{what} {:.0}%", fraction * 100.0))
            .desired_width(280.0),
    );
}

/// The 15-puzzle's pattern databases in use, and the request for the strongest ones.
fn strongest_row(
    ui: &mut egui::Ui,
    lang: Lang,
    slide: &Slide,
    strongest: &mut MessageWriter<BuildStrongest>,
) {
    let best = slide.strongest_split().name();
    if let Some(fraction) = slide.strongest_building() {
        progress_bar(
            ui,
            fraction,
            &tr!(
                lang,
                "building the {split} pattern databases in the background (once)",
                split = best
            ),
        );
        return;
    }
    match slide.databases_split() {
        Some(split) if split == slide.strongest_split() => {
            ui.label(
                egui::RichText::new(tr!(
                    lang,
                    "pattern databases {split} (the strongest) in use",
                    split = best
                ))
                .small(),
            );
        }
        split => {
            ui.horizontal_wrapped(|ui| {
                if let Some(split) = split {
                    ui.label(
                        egui::RichText::new(tr!(
                            lang,
                            "pattern databases {split}",
                            split = split.name()
                        ))
                        .small(),
                    );
                }
                if cfg!(target_arch = "wasm32") {
                    // the Slide worker and the build worker would each hold 520 MB
                    ui.label(
                        egui::RichText::new(tr!(
                            lang,
                            "the {split} databases (520 MB) are for the desktop game",
                            split = best
                        ))
                        .small(),
                    );
                } else if ui
                    .small_button(tr!(
                        lang,
                        "build {split} databases (strongest)",
                        split = best
                    ))
                    .on_hover_text(tr!(
                        lang,
                        "about four minutes on two cores, once, in the background, then \
                         cached (520 MB); the quick ones serve until then"
                    ))
                    .clicked()
                {
                    strongest.write(BuildStrongest);
                }
            });
        }
    }
}

fn demo_section(
    ui: &mut egui::Ui,
    lang: Lang,
    slide: &Slide,
    out: &mut MessageWriter<SlideCommand>,
) {
    let Some(demo) = slide.demo() else {
        return;
    };
    ui.strong(tr!(lang, "Demo"));
    let names: Vec<&str> = demo.moves.iter().map(|m| lang.tr(m.compass())).collect();
    ui.label(
        egui::RichText::new(tr!(
            lang,
            "{count} moves of the blank: {moves}",
            count = names.len(),
            moves = names.join(" ")
        ))
        .small(),
    );
    ui.horizontal(|ui| {
        if ui
            .button(keyed("⏮", AppState::Slide, Action::StepBack))
            .clicked()
        {
            out.write(SlideCommand::StepBack);
        }
        let pause = if demo.paused {
            keyed("▶", AppState::Slide, Action::Pause)
        } else {
            keyed("⏸", AppState::Slide, Action::Pause)
        };
        if ui.button(pause).clicked() {
            out.write(SlideCommand::TogglePause);
        }
        if ui
            .button(keyed("⏭", AppState::Slide, Action::StepForward))
            .clicked()
        {
            out.write(SlideCommand::StepForward);
        }
        if ui
            .button(keyed(
                tr!(lang, "End demo"),
                AppState::Slide,
                Action::Confirm,
            ))
            .clicked()
        {
            out.write(SlideCommand::EndDemo);
        }
    });
    let mut speed = slide.demo_speed();
    if ui
        .add(
            egui::Slider::new(&mut speed, MIN_DEMO_SPEED..=MAX_DEMO_SPEED)
                .logarithmic(true)
                .text(tr!(lang, "moves/s")),
        )
        .changed()
    {
        out.write(SlideCommand::SetSpeed(speed));
    }
}

fn compare_section(
    ui: &mut egui::Ui,
    lang: Lang,
    slide: &Slide,
    out: &mut MessageWriter<SlideCommand>,
) {
    ui.horizontal(|ui| {
        ui.strong(tr!(lang, "Compare"));
        if ui
            .add_enabled(
                slide.wanted_job().is_none(),
                egui::Button::new(keyed(
                    tr!(lang, "Run every solver"),
                    AppState::Slide,
                    Action::Compare,
                )),
            )
            .clicked()
        {
            out.write(SlideCommand::Compare);
        }
    });
    if slide.compare().is_empty() {
        return;
    }
    let shortest = slide
        .compare()
        .iter()
        .filter(|r| r.algorithm.optimal())
        .filter_map(|r| r.report.outcome.moves().map(<[_]>::len))
        .min();
    egui::Grid::new("slide-compare")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for title in [
                tr!(lang, "algorithm"),
                tr!(lang, "length"),
                tr!(lang, "optimal?"),
                tr!(lang, "expanded"),
                tr!(lang, "peak"),
                tr!(lang, "ms"),
            ] {
                ui.strong(title);
            }
            ui.end_row();
            for row in slide.compare() {
                ui.label(lang.tr(row.algorithm.short_title()))
                    .on_hover_text(lang.tr(row.algorithm.title()));
                match &row.report.outcome {
                    Outcome::Solved(moves) => {
                        ui.label(moves.len().to_string());
                        let optimal = Some(moves.len()) == shortest;
                        ui.label(if optimal {
                            tr!(lang, "yes")
                        } else {
                            tr!(lang, "no")
                        });
                    }
                    other => {
                        ui.colored_label(ERROR, tr!(lang, "FAIL"))
                            .on_hover_text(other.phrase().show(lang));
                        ui.label("—");
                    }
                }
                ui.label(row.report.expanded.to_string());
                ui.label(row.report.peak_frontier.to_string());
                ui.label(format!("{:.1}", row.report.millis));
                ui.end_row();
            }
        });
}
