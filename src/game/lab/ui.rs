//! The Lab's panels: the tasks and cases, the program's command line and Run; the run's film
//! (player, step slider, the student's OPEN list and CLOSED count); the verdict and the
//! report; a puzzle's or a graph's board where there is no maze to draw.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Lab, LabCommand, Mark};
use crate::core::lab::check::Verdict;
use crate::core::lab::film::{IdaView, Reel};
use crate::core::lab::layout::{Layout, graph_layout};
use crate::core::lab::space::{GraphSpace, Space, State};
use crate::core::lab::task::Search;
use crate::core::text::Lang;
use crate::game::controls::keyed;
use crate::game::input::Action;
use crate::game::learn::{player_buttons, step_slider};
use crate::game::settings::UiLook;
use crate::game::state::AppState;
use crate::game::theme::{
    ERROR, GOOD, TitleBar, free_rect, keys_panel, mode_title, root_ui, swatch,
};
use crate::game::theme::{palette, to_egui};
use crate::game::view::PlayArea;
use crate::tr;

/// OPEN entries listed at most.
const OPEN_SHOWN: usize = 12;

pub(in crate::game) fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_panels.run_if(in_state(AppState::Lab)),
    );
}

fn verdict_color(verdict: Verdict) -> egui::Color32 {
    if verdict == Verdict::Ac { GOOD } else { ERROR }
}

fn draw_panels(
    mut contexts: EguiContexts,
    mut lab: ResMut<Lab>,
    mut area: ResMut<PlayArea>,
    mut out: MessageWriter<LabCommand>,
    mut next: TitleBar,
    look: Res<UiLook>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = look.lang;
    let mut root = root_ui(ctx);

    egui::Panel::top("lab-top").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            mode_title(ui, lang, tr!(lang, "Lab"), &mut next);
            ui.label(egui::RichText::new(tr!(lang, "your own search, run and judged")).weak());
            ui.separator();
            status_line(ui, lang, &lab);
        });
        if let Some(notice) = lab.notice() {
            ui.label(egui::RichText::new(notice.show(lang)).color(ERROR.gamma_multiply(1.2)));
        }
    });

    egui::Panel::left("lab-choose")
        .exact_size(340.0)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                choose_panel(ui, lang, &mut lab, &mut out);
            });
            lab.task_shown();
        });

    lab.refresh_ida();
    egui::Panel::right("lab-run")
        .exact_size(380.0)
        .resizable(false)
        .show(&mut root, |ui| {
            // a wide list (a 15-puzzle's states) scrolls sideways in the panel, never over the
            // board beside it
            egui::ScrollArea::both().show(ui, |ui| {
                run_panel(ui, lang, &lab, &mut out);
            });
        });

    // a puzzle or a graph has no maze to draw: its board is drawn here
    let maze = lab
        .case()
        .is_some_and(|c| matches!(c.space, Space::Maze(_)));
    if !maze {
        if let Some(tree) = lab.tree() {
            // a puzzle's search tree under its boards, between the panels
            let height = (root.available_rect_before_wrap().height() * 0.6).clamp(220.0, 700.0);
            egui::Panel::bottom("lab-tree")
                .default_size(height)
                .resizable(true)
                .show(&mut root, |ui| {
                    crate::game::slide::tree_panel(ui, lang, tree);
                });
        }
        egui::CentralPanel::default().show(&mut root, |ui| {
            board_panel(ui, lang, &lab);
        });
    }
    if maze && lab.racing() {
        // which board is whose, over them
        let free = root.available_rect_before_wrap();
        egui::Area::new(egui::Id::new("lab-race-caption"))
            .fixed_pos(free.center_top() + egui::vec2(0.0, 8.0))
            .pivot(egui::Align2::CENTER_TOP)
            .interactable(false)
            .show(root.ctx(), |ui| {
                ui.label(
                    egui::RichText::new(tr!(
                        lang,
                        "left: yours ({yours} expansions) · right: the algorithm's, first generated first ({theirs})",
                        yours = lab.reel().map_or(0, Reel::len),
                        theirs = lab.reference().map_or(0, Reel::len)
                    ))
                    .strong(),
                );
            });
    }
    #[cfg(not(target_arch = "wasm32"))]
    file_chooser(root.ctx(), lang, &lab, &mut out);
    area.0 = Some(free_rect(&root));
    Ok(())
}

/// The desktop's file chooser: the folder, up, its subfolders and files; a `.py`, `.js` or
/// executable file becomes the program.
#[cfg(not(target_arch = "wasm32"))]
fn file_chooser(ctx: &egui::Context, lang: Lang, lab: &Lab, out: &mut MessageWriter<LabCommand>) {
    let Some(folder) = lab.browsing() else {
        return;
    };
    let mut open = true;
    egui::Window::new(tr!(lang, "Choose your program"))
        .open(&mut open)
        .collapsible(false)
        .default_size([480.0, 420.0])
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(folder.path.display().to_string()).monospace());
            ui.label(
                egui::RichText::new(tr!(
                    lang,
                    "a .py or .js file or an executable runs; a teacher's lab file (.json) becomes the task"
                ))
                .weak()
                .small(),
            );
            if let Some(error) = &folder.error {
                ui.label(egui::RichText::new(error.clone()).color(ERROR));
            }
            if let Some(parent) = folder.path.parent()
                && ui.button(tr!(lang, "⬆ up a folder")).clicked()
            {
                out.write(LabCommand::Browse(Some(parent.to_path_buf())));
            }
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    for name in &folder.folders {
                        if ui.button(format!("📁 {name}")).clicked() {
                            out.write(LabCommand::Browse(Some(folder.path.join(name))));
                        }
                    }
                    for name in &folder.files {
                        let path = folder.path.join(name);
                        // a program, or a teacher's lab file
                        let usable =
                            super::is_lab_file(&path) || super::command_for(&path).is_some();
                        let button = ui.add_enabled(usable, egui::Button::new(name.as_str()));
                        if button.clicked() {
                            out.write(LabCommand::Pick(path));
                        }
                    }
                });
        });
    if !open {
        out.write(LabCommand::Browse(None));
    }
}

/// Running, or the verdict with its step.
fn status_line(ui: &mut egui::Ui, lang: Lang, lab: &Lab) {
    if lab.loading() {
        ui.label(
            egui::RichText::new(tr!(lang, "loading Python…"))
                .size(20.0)
                .strong()
                .color(to_egui(palette::ON_PATH)),
        );
    } else if lab.running() {
        ui.label(
            egui::RichText::new(tr!(lang, "running… {n} expansions", n = lab.live().len()))
                .size(20.0)
                .strong()
                .color(to_egui(palette::ON_PATH)),
        );
    } else if let Some(report) = lab.report() {
        ui.label(
            egui::RichText::new(report.verdict.code())
                .size(22.0)
                .strong()
                .color(verdict_color(report.verdict)),
        );
        if report.reference_max > 0 {
            ui.label(tr!(
                lang,
                "expanded {n} (reference {min}–{max})",
                n = report.expansions,
                min = report.reference_min,
                max = report.reference_max
            ));
        } else if lab.total() > 0 {
            ui.label(tr!(lang, "{n} moves", n = lab.total()));
        }
    }
    if lab.reel().is_some() {
        ui.separator();
        ui.label(tr!(
            lang,
            "step {done} / {total}",
            done = lab.step(),
            total = lab.total()
        ));
    }
}

fn choose_panel(ui: &mut egui::Ui, lang: Lang, lab: &mut Lab, out: &mut MessageWriter<LabCommand>) {
    ui.add_space(4.0);
    ui.strong(tr!(lang, "Task"));
    let chosen = lab.task().name.clone();
    // the list in a box of its own, the chosen task kept in sight
    egui::ScrollArea::vertical()
        .id_salt("lab-tasks")
        .max_height(190.0)
        .show(ui, |ui| {
            for (i, task) in lab.tasks().iter().enumerate() {
                let label = ui.selectable_label(task.name == chosen, &task.name);
                if task.name == chosen && lab.task_changed() {
                    label.scroll_to_me(None);
                }
                if label.on_hover_text(lang.tr_text(&task.about)).clicked() && task.name != chosen {
                    out.write(LabCommand::ChooseTask(i));
                }
            }
        });
    ui.label(egui::RichText::new(lang.tr_text(&lab.task().about)).weak());
    ui.separator();
    ui.horizontal(|ui| {
        if ui.button("◀").clicked() {
            out.write(LabCommand::Case(-1));
        }
        ui.strong(tr!(
            lang,
            "case {n} / {total}",
            n = lab.case_number(),
            total = lab.task().cases()
        ));
        if ui.button("▶").clicked() {
            out.write(LabCommand::Case(1));
        }
    });
    if let Some(case) = lab.case() {
        ui.label(egui::RichText::new(case.title.show(lang)).weak());
    }
    ui.separator();
    ui.strong(tr!(lang, "Your program"));
    program_panel(ui, lang, lab, out);
    ui.horizontal(|ui| {
        let run = keyed(tr!(lang, "▶ Run"), AppState::Lab, Action::Confirm);
        let run = ui.add_enabled(lab.case().is_some(), egui::Button::new(run));
        #[cfg(target_arch = "wasm32")]
        crate::game::web::note_button("lab-run", &run);
        if run.clicked() {
            out.write(LabCommand::Run);
        }
        if ui
            .add_enabled(lab.running(), egui::Button::new(tr!(lang, "■ Stop")))
            .clicked()
        {
            out.write(LabCommand::Stop);
        }
    });
    #[cfg(not(target_arch = "wasm32"))]
    ui.label(
        egui::RichText::new(tr!(
            lang,
            "A starter in your language: ai-arcade lab starter --lang python {task} --out DIR. The protocol is in docs/lab.md.",
            task = if lab.from_file() {
                // a teacher's lab file, opened with --lab
                "--lab FILE".to_string()
            } else {
                format!("--task {}", lab.task().name)
            }
        ))
        .weak()
        .small(),
    );
    #[cfg(target_arch = "wasm32")]
    code_editor(ui, lang, lab);
    #[cfg(target_arch = "wasm32")]
    ui.label(
        egui::RichText::new(tr!(
            lang,
            "It runs here in your browser, in a worker of its own: nothing is sent anywhere. Python is loaded the first time a Python program runs."
        ))
        .weak()
        .small(),
    );
    ui.separator();
    // a maze or a graph draws the way to the state taken; a puzzle has its tree for that
    let way = lab
        .case()
        .is_some_and(|c| matches!(c.space, Space::Maze(_) | Space::Graph(_)));
    legend(ui, lang, way);
    ui.separator();
    keys_panel(ui, lang, AppState::Lab, None);
}

/// The desktop: the command line, plain tokens, and the starter written to a folder.
#[cfg(not(target_arch = "wasm32"))]
fn program_panel(
    ui: &mut egui::Ui,
    lang: Lang,
    lab: &mut Lab,
    out: &mut MessageWriter<LabCommand>,
) {
    ui.label(
        egui::RichText::new(tr!(
            lang,
            "The command that runs it, from the folder the game started in:"
        ))
        .weak(),
    );
    ui.add(
        egui::TextEdit::singleline(&mut lab.program)
            .hint_text("python3 bfs.py") // in English: a command line
            .desired_width(f32::INFINITY),
    );
    ui.checkbox(
        &mut lab.plain,
        tr!(lang, "plain tokens instead of JSON (C, C++, Java)"),
    );
    ui.checkbox(
        &mut lab.oracle,
        tr!(
            lang,
            "successors sent by ai-arcade (oracle: the C++ and Java starters)"
        ),
    );
    if ui.button(tr!(lang, "Choose a file…")).clicked() {
        let dir = std::env::current_dir().unwrap_or_else(|_| std::env::temp_dir());
        out.write(LabCommand::Browse(Some(dir)));
    }
    if ui
        .button(tr!(lang, "Python starter for this task"))
        .on_hover_text(tr!(
            lang,
            "Writes main.py and lab_helper.py into a folder of the game's data (never over your own) and puts the command that runs them here."
        ))
        .clicked()
    {
        out.write(LabCommand::Starter);
    }
}

/// The browser: the language, the starter, a file to open or a trace to check, and the editor.
#[cfg(target_arch = "wasm32")]
fn program_panel(
    ui: &mut egui::Ui,
    lang: Lang,
    lab: &mut Lab,
    out: &mut MessageWriter<LabCommand>,
) {
    use crate::core::worker::Language;
    use crate::game::web::note_button;
    ui.horizontal(|ui| {
        for (language, name) in [
            (Language::JavaScript, "lab-javascript"), // not shown: the test's names
            (Language::Python, "lab-python"),         // not shown: the test's names
        ] {
            let chosen = lab.language == language;
            let button = ui.selectable_label(chosen, language.name());
            note_button(name, &button);
            if button.clicked() {
                lab.language = language;
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        let starter = ui.button(tr!(lang, "Starter")).on_hover_text(tr!(
            lang,
            "The task's starter in the editor: a runnable search with the frontier left to write"
        ));
        note_button("lab-starter", &starter);
        if starter.clicked() {
            out.write(LabCommand::Starter);
        }
        let open = ui.button(tr!(lang, "Open a file…"));
        note_button("lab-open", &open);
        if open.clicked() {
            out.write(LabCommand::OpenFile);
        }
        let trace = ui.button(tr!(lang, "Check a trace…")).on_hover_text(tr!(
            lang,
            "A recorded run (the lines a program printed, JSON or plain) judged as if it ran"
        ));
        note_button("lab-trace", &trace);
        if trace.clicked() {
            out.write(LabCommand::CheckTrace);
        }
    });
}

/// The browser: the program's text, under Run.
#[cfg(target_arch = "wasm32")]
fn code_editor(ui: &mut egui::Ui, lang: Lang, lab: &mut Lab) {
    egui::ScrollArea::both()
        .id_salt("lab-code")
        .max_height(260.0)
        .show(ui, |ui| {
            // code is not wrapped: long lines scroll sideways
            let mut layouter = |ui: &egui::Ui, text: &dyn egui::TextBuffer, _wrap: f32| {
                let job = egui::text::LayoutJob::simple(
                    text.as_str().to_owned(),
                    egui::TextStyle::Monospace.resolve(ui.style()),
                    ui.visuals().text_color(),
                    f32::INFINITY,
                );
                ui.fonts_mut(|fonts| fonts.layout_job(job))
            };
            ui.add(
                egui::TextEdit::multiline(&mut lab.code)
                    .code_editor()
                    .desired_rows(12)
                    .desired_width(f32::INFINITY)
                    .layouter(&mut layouter)
                    .hint_text(tr!(lang, "your program: take the starter, or open a file")),
            );
        });
}

fn legend(ui: &mut egui::Ui, lang: Lang, way: bool) {
    swatch(ui, palette::ON_PATH, tr!(lang, "expanded at this step"));
    if way {
        swatch(
            ui,
            super::BRANCH,
            tr!(lang, "the way your search reached it"),
        );
    }
    swatch(ui, palette::CLOSED, tr!(lang, "CLOSED: expanded"));
    swatch(ui, palette::FRONTIER, tr!(lang, "OPEN: waiting"));
    swatch(
        ui,
        palette::ROUTE,
        tr!(lang, "what the algorithm takes instead"),
    );
}

fn run_panel(ui: &mut egui::Ui, lang: Lang, lab: &Lab, out: &mut MessageWriter<LabCommand>) {
    ui.add_space(4.0);
    let reel = lab.reel();
    if reel.is_some() || (lab.total() > 0 && !lab.running()) {
        ui.strong(tr!(lang, "Your run, step by step"));
        if let Some(reel) = reel {
            let mut race = lab.race;
            let label = keyed(
                tr!(lang, "Race: the algorithm's own run beside yours"),
                AppState::Lab,
                Action::Replay,
            );
            if ui.checkbox(&mut race, label).changed() {
                out.write(LabCommand::Race);
            }
            if let (true, Some(reference)) = (lab.race, lab.reference()) {
                ui.label(tr!(
                    lang,
                    "yours: {yours} expansions · the algorithm's (first generated first): {theirs}",
                    yours = reel.len(),
                    theirs = reference.len()
                ));
            }
        }
        if lab
            .case()
            .is_some_and(|c| matches!(c.space, Space::Mines(_)))
        {
            let mut odds = lab.odds;
            if ui
                .checkbox(
                    &mut odds,
                    keyed(
                        tr!(lang, "the robot's mine probabilities"),
                        AppState::Lab,
                        Action::Hint,
                    ),
                )
                .changed()
            {
                out.write(LabCommand::Odds);
            }
        }
        let pace = lab.pace();
        if let Some(ask) = player_buttons(ui, lang, pace.playing(), pace.speed()) {
            out.write(LabCommand::Player(ask));
        }
        if lab.total() > 0
            && let Some(i) = step_slider(ui, lang, lab.step().saturating_sub(1), lab.total())
        {
            out.write(LabCommand::GoTo(i + 1));
        }
        if let Some(reel) = reel {
            film_view(ui, lang, lab, reel);
        }
        ui.separator();
    }
    if let Some(report) = lab.full_report() {
        ui.strong(tr!(lang, "Report"));
        let case = &report.cases[0];
        ui.label(
            egui::RichText::new(case.verdict.code())
                .strong()
                .size(20.0)
                .color(verdict_color(case.verdict)),
        );
        if let Some(v) = &case.violation {
            let at = if v.step > 0 {
                tr!(lang, "at step {step}", step = v.step)
            } else {
                tr!(lang, "in the answer").to_string()
            };
            ui.label(egui::RichText::new(at).strong());
            ui.label(egui::RichText::new(v.say.show(lang)).color(ERROR));
            if let Some(expected) = &case.expected_shown {
                ui.label(tr!(lang, "should have taken: {s}", s = expected.clone()));
            }
        }
        ui.label(
            egui::RichText::new(report.summary(lang))
                .monospace()
                .small(),
        );
        if !case.stderr.trim().is_empty() {
            ui.collapsing(tr!(lang, "what your program wrote on stderr"), |ui| {
                ui.label(egui::RichText::new(case.stderr.clone()).monospace().small());
            });
        }
        let save = ui.button(tr!(lang, "Save the report"));
        #[cfg(target_arch = "wasm32")]
        crate::game::web::note_button("lab-save", &save);
        if save.clicked() {
            out.write(LabCommand::SaveReport);
        }
    } else if !lab.running() {
        ui.label(
            egui::RichText::new(tr!(
                lang,
                "Choose a task and a case, type the command that runs your program, then Run: each expansion it makes is judged against the algorithm, and its run plays here."
            ))
            .weak(),
        );
    }
}

/// The step shown: the state taken, then the student's OPEN list best first and the CLOSED
/// count.
fn film_view(ui: &mut egui::Ui, lang: Lang, lab: &Lab, reel: &Reel) {
    let Some(case) = lab.case() else {
        return;
    };
    let space = &case.space;
    if let Some(frame) = reel.current() {
        ui.label(tr!(
            lang,
            "step {k}: you expanded {s} (g = {g})",
            k = reel.shown(),
            s = space.show(frame.taken.state),
            g = frame.taken.g
        ));
    } else {
        ui.label(tr!(lang, "before the first expansion"));
    }
    if let Some(v) = reel.violation() {
        ui.label(egui::RichText::new(v.say.show(lang)).color(ERROR));
    }
    if let Some(view) = lab.ida_view() {
        ida_view(ui, lang, space, view);
        return;
    }
    ui.label(tr!(
        lang,
        "OPEN {open} · CLOSED {closed}",
        open = reel.open_len(),
        closed = reel.closed_len()
    ));
    // h and f where the algorithm has an estimate
    let estimates = matches!(
        case.search,
        Search::Astar | Search::Greedy | Search::IdaStar
    );
    let entries: Vec<(State, u64)> = reel
        .open(OPEN_SHOWN)
        .iter()
        .map(|e| (e.state, e.g))
        .collect();
    state_grid(ui, lang, "lab-open", space, &entries, estimates); // not shown: the grid's id
    more_line(ui, lang, reel.open_len());
}

/// IDA*'s step: its bound, its branch from the start and the states it may still search
/// below it (IDA* keeps no OPEN list).
fn ida_view(ui: &mut egui::Ui, lang: Lang, space: &Space, view: &IdaView) {
    ui.label(tr!(
        lang,
        "bound {bound} · branch depth {depth} · {n} still to search within the bound",
        bound = view.bound,
        depth = view.branch.len().saturating_sub(1),
        n = view.waiting.len()
    ));
    ui.strong(tr!(lang, "the branch, from the start"));
    let branch: Vec<(State, u64)> = view
        .branch
        .iter()
        .rev()
        .take(OPEN_SHOWN)
        .rev()
        .copied()
        .collect();
    if view.branch.len() > branch.len() {
        ui.label(
            egui::RichText::new(tr!(
                lang,
                "… {n} more above",
                n = view.branch.len() - branch.len()
            ))
            .weak(),
        );
    }
    state_grid(ui, lang, "lab-branch", space, &branch, true); // not shown: the grid's id
    ui.strong(tr!(lang, "still to search, deepest first"));
    let waiting: Vec<(State, u64)> = view.waiting.iter().take(OPEN_SHOWN).copied().collect();
    state_grid(ui, lang, "lab-waiting", space, &waiting, true); // not shown: the grid's id
    more_line(ui, lang, view.waiting.len());
}

/// States with their g (and h and f where the algorithm has an estimate).
fn state_grid(
    ui: &mut egui::Ui,
    lang: Lang,
    id: &str,
    space: &Space,
    entries: &[(State, u64)],
    estimates: bool,
) {
    egui::Grid::new(id).striped(true).show(ui, |ui| {
        ui.strong(tr!(lang, "state"));
        ui.strong("g");
        if estimates {
            ui.strong("h");
            ui.strong("f");
        }
        ui.end_row();
        for &(state, g) in entries {
            // a 15-puzzle's board is long: small and fixed-width, so the panel keeps its size
            let shown = space.show(state);
            if shown.len() > 24 {
                ui.label(egui::RichText::new(shown).monospace().size(10.5));
            } else {
                ui.label(shown);
            }
            ui.label(g.to_string());
            if estimates {
                let h = space.h(state);
                ui.label(h.to_string());
                ui.label((g + h).to_string());
            }
            ui.end_row();
        }
    });
}

/// "… and n more" under a list cut at [`OPEN_SHOWN`].
fn more_line(ui: &mut egui::Ui, lang: Lang, len: usize) {
    if len > OPEN_SHOWN {
        ui.label(egui::RichText::new(tr!(lang, "… and {n} more", n = len - OPEN_SHOWN)).weak());
    }
}

/// A puzzle's board at the step shown (and the one that should have been taken), or a graph's
/// nodes with their marks.
fn board_panel(ui: &mut egui::Ui, lang: Lang, lab: &Lab) {
    let Some(case) = lab.case() else {
        return;
    };
    let space = &case.space;
    let shown = lab
        .reel()
        .and_then(|r| r.current().map(|f| f.taken.state))
        .or_else(|| lab.live().last().copied())
        .unwrap_or_else(|| space.start());
    match space {
        Space::Slide(_) => {
            ui.horizontal(|ui| {
                ui.vertical(|ui| {
                    ui.strong(tr!(lang, "expanded at this step"));
                    puzzle(ui, space, shown, palette::ON_PATH);
                });
                if let Some(expected) = lab
                    .reel()
                    .and_then(Reel::violation)
                    .and_then(|v| v.expected)
                {
                    ui.add_space(24.0);
                    ui.vertical(|ui| {
                        ui.strong(tr!(lang, "should have taken"));
                        puzzle(ui, space, expected, palette::ROUTE);
                    });
                }
                // the race: the algorithm's own expansion at the same step
                if let (true, Some(theirs)) = (
                    lab.racing(),
                    lab.reference()
                        .and_then(|r| r.current().map(|f| f.taken.state)),
                ) {
                    ui.add_space(24.0);
                    ui.vertical(|ui| {
                        ui.strong(tr!(lang, "the algorithm's own run"));
                        puzzle(ui, space, theirs, palette::FRONTIER);
                    });
                }
            });
            ui.label(tr!(
                lang,
                "goal: {goal}",
                goal = space.show(space.goals()[0])
            ));
        }
        Space::Graph(g) => {
            if let Some(places) = cached_layout(ui, g) {
                graph_boards(ui, lang, lab, space, g, &places);
                return;
            }
            ui.strong(tr!(lang, "nodes"));
            ui.horizontal_wrapped(|ui| {
                for (i, name) in g.names.iter().enumerate() {
                    let s = i as State;
                    let color = super::mark_color(lab.mark(s), false);
                    let text = egui::RichText::new(name).color(egui::Color32::WHITE);
                    ui.add(egui::Button::new(text).fill(to_egui(color)));
                }
            });
        }
        Space::Mines(_) => mines_field(ui, lang, lab),
        Space::Maze(_) => {}
    }
}

/// The graph's drawing (see [`graph_layout`]), computed once per graph and kept in egui's
/// memory; `None` when the graph is too big to draw.
fn cached_layout(ui: &egui::Ui, g: &GraphSpace) -> Option<std::sync::Arc<Layout>> {
    let id = egui::Id::new(("lab-graph-layout", &g.names, &g.edges));
    if let Some(places) = ui
        .ctx()
        .memory(|m| m.data.get_temp::<Option<std::sync::Arc<Layout>>>(id))
    {
        return places;
    }
    let places = graph_layout(g).map(std::sync::Arc::new);
    ui.ctx()
        .memory_mut(|m| m.data.insert_temp(id, places.clone()));
    places
}

/// A graph's map at the step shown, and in a race the algorithm's own beside it.
fn graph_boards(
    ui: &mut egui::Ui,
    lang: Lang,
    lab: &Lab,
    space: &Space,
    g: &GraphSpace,
    places: &Layout,
) {
    let estimates = lab.case().is_some_and(|c| c.search.uses_h());
    let yours = lab.reel().map(Reel::branch).unwrap_or_default();
    let free = ui.available_size();
    if lab.racing() {
        let theirs = lab.reference().map(Reel::branch).unwrap_or_default();
        // one above the other: each map as wide as the panel
        let size = egui::vec2(free.x, (free.y - 56.0) / 2.0);
        ui.strong(tr!(lang, "your run"));
        let mark = |s| lab.mark(s);
        graph_map(ui, space, g, places, size, &mark, &yours, estimates);
        ui.strong(tr!(lang, "the algorithm's own run"));
        let mark = |s| lab.reference_mark(s);
        graph_map(ui, space, g, places, size, &mark, &theirs, estimates);
    } else {
        let mark = |s| lab.mark(s);
        graph_map(ui, space, g, places, free, &mark, &yours, estimates);
    }
}

/// A graph drawn as a map in `size`: its roads with their costs (arrows where they are one
/// way), its nodes coloured as the legend says (the start edged green, goals ringed), the way
/// the search reached the state taken at this step drawn bold, and h beside each node where the
/// search uses it.
#[allow(clippy::too_many_arguments)]
fn graph_map(
    ui: &mut egui::Ui,
    space: &Space,
    g: &GraphSpace,
    layout: &Layout,
    size: egui::Vec2,
    mark: &dyn Fn(State) -> Mark,
    branch: &[State],
    estimates: bool,
) {
    let size = egui::vec2(size.x.max(200.0), size.y.max(200.0));
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let places = &layout.places;
    let n = places.len().max(1) as f32;
    let radius = (rect.width().min(rect.height()) / (n.sqrt() * 5.0)).clamp(7.0, 15.0);
    // room at the sides for the names, above and below for h and the names
    let mut inner = rect.shrink2(egui::vec2(56.0, radius + 22.0));
    if let Some(aspect) = layout.aspect {
        // a map keeps roughly its shape: stretched to fill a tall panel (its names need the
        // room) but not past two and a half times, nor more than half as wide again
        let (low, high) = (aspect / 2.5, aspect * 1.5);
        let ratio = inner.width() / inner.height();
        let size = if ratio < low {
            egui::vec2(inner.width(), inner.width() / low)
        } else if ratio > high {
            egui::vec2(inner.height() * high, inner.height())
        } else {
            inner.size()
        };
        inner = egui::Rect::from_center_size(inner.center(), size);
    }
    let at = |i: usize| {
        let [x, y] = places[i];
        egui::pos2(
            inner.left() + x * inner.width(),
            inner.top() + y * inner.height(),
        )
    };
    let on_branch = |a: usize, b: usize| {
        branch.windows(2).any(|w| {
            let (x, y) = (w[0] as usize, w[1] as usize);
            (x, y) == (a, b) || (!g.directed && (y, x) == (a, b))
        })
    };
    let small = egui::FontId::proportional(11.0);
    let road = to_egui(palette::FLOOR).gamma_multiply(1.6);
    let bold = to_egui(palette::ON_PATH);
    // each road once: an undirected edge listed both ways, or twice, is one road
    let mut roads: Vec<(usize, usize, u64)> = Vec::new();
    for (a, next) in g.next.iter().enumerate() {
        for &(b, cost) in next {
            if a != b && (g.directed || a < b) {
                roads.push((a, b, cost));
            }
        }
    }
    // h beside each node (to its right, over the roads), laid out once for the drawing and
    // for the costs to keep clear of
    let grey = egui::Color32::from_gray(185);
    let h_labels: Vec<Option<(egui::Pos2, std::sync::Arc<egui::Galley>)>> = (0..g.names.len())
        .map(|i| {
            estimates.then(|| {
                let label = painter.layout_no_wrap(
                    format!("h {}", space.h(i as State)),
                    small.clone(),
                    grey,
                );
                (
                    at(i) + egui::vec2(radius + 3.0, -label.size().y / 2.0),
                    label,
                )
            })
        })
        .collect();
    // what the costs must not cover: the nodes, their names and their h
    let name_font = egui::FontId::proportional(13.0);
    let mut taken: Vec<egui::Rect> = Vec::new();
    for (i, name) in g.names.iter().enumerate() {
        let p = at(i);
        taken.push(egui::Rect::from_center_size(
            p,
            egui::Vec2::splat(2.0 * radius + 8.0),
        ));
        let width = painter
            .layout_no_wrap(name.clone(), name_font.clone(), egui::Color32::WHITE)
            .size();
        taken.push(egui::Rect::from_center_size(
            p + egui::vec2(0.0, radius + 5.0 + width.y / 2.0),
            width,
        ));
        if let Some((corner, label)) = &h_labels[i] {
            taken.push(egui::Rect::from_min_size(*corner, label.size()).expand(1.0));
        }
    }
    for &(a, b, cost) in &roads {
        let (pa, pb) = (at(a), at(b));
        let along = (pb - pa).normalized();
        // a one-way road with its reverse beside it: the two drawn apart
        let apart = if g.directed && g.next[b].iter().any(|&(x, _)| x == a) {
            egui::vec2(-along.y, along.x) * 4.0
        } else {
            egui::Vec2::ZERO
        };
        let (from, to) = (pa + along * radius + apart, pb - along * radius + apart);
        let stroke = if on_branch(a, b) {
            egui::Stroke::new(4.0, bold)
        } else {
            egui::Stroke::new(1.5, road)
        };
        painter.line_segment([from, to], stroke);
        if g.directed {
            let side = egui::vec2(-along.y, along.x) * 5.0;
            painter.add(egui::Shape::convex_polygon(
                vec![to, to - along * 11.0 + side, to - along * 11.0 - side],
                stroke.color,
                egui::Stroke::NONE,
            ));
        }
        // the cost at the middle of the road, or nearer an end where the middle is covered
        let label =
            painter.layout_no_wrap(cost.to_string(), small.clone(), egui::Color32::LIGHT_GRAY);
        let place = |t: f32| {
            egui::Rect::from_center_size(
                from + (to - from) * t,
                label.size() + egui::vec2(4.0, 0.0),
            )
        };
        let back = [0.5, 0.38, 0.62, 0.28, 0.72]
            .into_iter()
            .map(place)
            .find(|r| !taken.iter().any(|t| t.intersects(*r)))
            .unwrap_or_else(|| place(0.5));
        taken.push(back);
        painter.rect_filled(back, 3.0, to_egui(palette::BACKGROUND));
        painter.galley(
            back.center() - label.size() / 2.0,
            label,
            egui::Color32::LIGHT_GRAY,
        );
    }
    let mut hovered = None;
    for (i, name) in g.names.iter().enumerate() {
        let s = i as State;
        let p = at(i);
        let color = super::mark_color(mark(s), branch.contains(&s));
        if g.goals.contains(&i) {
            painter.circle_stroke(
                p,
                radius + 4.0,
                egui::Stroke::new(2.0, to_egui(palette::EXIT)),
            );
        }
        let edge = if i == g.start {
            egui::Stroke::new(2.5, to_egui(palette::ENTRY))
        } else {
            egui::Stroke::new(1.0, egui::Color32::from_gray(150))
        };
        painter.circle(p, radius, to_egui(color), edge);
        painter.text(
            p + egui::vec2(0.0, radius + 5.0),
            egui::Align2::CENTER_TOP,
            name,
            name_font.clone(),
            egui::Color32::WHITE,
        );
        if let Some((corner, label)) = &h_labels[i] {
            let back = egui::Rect::from_min_size(*corner, label.size()).expand(1.0);
            painter.rect_filled(back, 2.0, to_egui(palette::BACKGROUND).gamma_multiply(0.85));
            painter.galley(*corner, label.clone(), grey);
        }
        if response
            .hover_pos()
            .is_some_and(|h| h.distance(p) <= radius + 4.0)
        {
            hovered = Some(name.clone());
        }
    }
    if let Some(name) = hovered {
        response.on_hover_text(name);
    }
}

/// A puzzle board as tiles.
fn puzzle(ui: &mut egui::Ui, space: &Space, s: State, color: Color) {
    let shown = space.show(s);
    let tiles: Vec<&str> = shown.split_whitespace().collect();
    let side = (tiles.len() as f64).sqrt().round() as usize;
    if side == 0 {
        return;
    }
    egui::Grid::new(("lab-puzzle", s))
        .spacing([4.0, 4.0])
        .show(ui, |ui| {
            for row in tiles.chunks(side) {
                for &tile in row {
                    let blank = tile == "0";
                    let text = egui::RichText::new(if blank { " " } else { tile })
                        .size(28.0)
                        .strong()
                        .color(egui::Color32::WHITE);
                    let fill = if blank {
                        to_egui(palette::BACKGROUND)
                    } else {
                        to_egui(color)
                    };
                    ui.add_sized([56.0, 56.0], egui::Button::new(text).fill(fill));
                }
                ui.end_row();
            }
        });
}

/// A Minesweeper agent's field after the moves shown: the numbers it opened, its flags, the
/// mines it hit; the cell of the last move framed.
fn mines_field(ui: &mut egui::Ui, lang: Lang, lab: &Lab) {
    use crate::core::lab::mines::Action;
    use crate::core::mines::Seen;
    let Some((view, next)) = lab.field() else {
        return;
    };
    let (moves, last) = lab.moves_shown();
    let shown = moves.len();
    let last_cell = last.map(Action::cell);
    let odds = lab.odds();
    let mines_left = view.mines as i64
        - view
            .cells
            .iter()
            .filter(|s| matches!(s, Seen::Marked | Seen::Exploded))
            .count() as i64;
    ui.label(tr!(
        lang,
        "move {n}: mines left {left}, lives {lives}",
        n = shown,
        left = mines_left,
        lives = view.lives_left
    ));
    let side = ((ui.available_height() - 40.0) / view.height as f32)
        .min((ui.available_width() - 8.0) / view.width as f32)
        .clamp(10.0, 32.0);
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(side * view.width as f32, side * view.height as f32),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    for (i, seen) in view.cells.iter().enumerate() {
        let (row, col) = (i / view.width, i % view.width);
        let cell = egui::Rect::from_min_size(
            rect.min + egui::vec2(col as f32 * side, row as f32 * side),
            egui::vec2(side - 1.0, side - 1.0),
        );
        let (fill, text) = match seen {
            Seen::Hidden => (to_egui(palette::FLOOR), String::new()),
            Seen::Marked => (to_egui(palette::DEAD_END), "⚑".to_string()),
            Seen::Open(0) => (to_egui(palette::BACKGROUND), String::new()),
            Seen::Open(n) => (to_egui(palette::BACKGROUND), n.to_string()),
            Seen::Exploded => (ERROR, "✱".to_string()),
        };
        painter.rect_filled(cell, 2.0, fill);
        if !text.is_empty() {
            painter.text(
                cell.center(),
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(side * 0.6),
                egui::Color32::WHITE,
            );
        }
        if let (Some(analysis), Seen::Hidden | Seen::Marked) = (odds, seen) {
            if analysis.safe.contains(&i) {
                painter.rect_stroke(
                    cell.shrink(2.0),
                    2.0,
                    egui::Stroke::new(2.0, GOOD),
                    egui::StrokeKind::Inside,
                );
            } else if let (Some(p), Seen::Hidden) = (analysis.probability[i], seen) {
                painter.text(
                    cell.center(),
                    egui::Align2::CENTER_CENTER,
                    format!("{:.0}", p * 100.0),
                    egui::FontId::proportional(side * 0.38),
                    ERROR.gamma_multiply((0.35 + p as f32).min(1.0)),
                );
            }
        }
        let framed = if odds.is_some() {
            next.map(Action::cell)
        } else {
            last_cell
        };
        if framed == Some(i) {
            painter.rect_stroke(
                cell,
                2.0,
                egui::Stroke::new(2.0, to_egui(palette::ROUTE)),
                egui::StrokeKind::Inside,
            );
        }
    }
    if let Some(analysis) = odds {
        odds_line(ui, lang, &view, analysis, next);
    }
}

/// Under the field with the robot's probabilities: the agent's next cell's chance of a mine
/// beside the safest hidden cell's, and a guess taken while a cell was certainly safe.
fn odds_line(
    ui: &mut egui::Ui,
    lang: Lang,
    view: &crate::core::mines::View,
    analysis: &crate::core::mines::robot::Analysis,
    next: Option<crate::core::lab::mines::Action>,
) {
    use crate::core::lab::mines::Action;
    use crate::core::mines::Seen;
    // a guess is an opening (a flag or a chord opens nothing unknown by itself)
    let opening = matches!(next, Some(Action::Open(_)));
    let next = next.map(Action::cell);
    ui.label(
        egui::RichText::new(tr!(
            lang,
            "the robot's exact chance of a mine, in %; green: certainly safe; framed: the agent's next move"
        ))
        .weak(),
    );
    let safest = analysis.safest_hidden(view);
    if let Some(cell) = next.filter(|&c| view.cells[c] == Seen::Hidden)
        && let Some(p) = analysis.probability[cell]
    {
        let at = format!("({}, {})", cell / view.width, cell % view.width);
        ui.label(tr!(
            lang,
            "next: {cell}, a mine with chance {p}%; the safest hidden cell {q}%",
            cell = at,
            p = format!("{:.1}", p * 100.0),
            q = format!("{:.1}", safest * 100.0)
        ));
        if opening && p > 0.0 && !analysis.safe.is_empty() {
            ui.label(
                egui::RichText::new(tr!(
                    lang,
                    "a guess while {n} cells were certainly safe",
                    n = analysis.safe.len()
                ))
                .color(ERROR),
            );
        }
    }
}
