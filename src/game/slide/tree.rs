//! Slide's search tree, under the board while Learn is open: each board the search made, drawn
//! small under the board it came from, with its order of expansion and g, h, f; the solution
//! path marked; dragged to pan, wheeled or buttoned to zoom. It grows with the walkthrough's
//! step and follows the step's node, until the player picks a node (a click, or the parent /
//! child / sibling buttons a gamepad reaches): the board then shows that node, and the panel
//! its path from the start.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::core::grid::Dir;
use crate::core::learn::SearchTree;
use crate::core::learn::tree::State;
use crate::core::slide::Board;
use crate::core::text::Lang;
use crate::game::input::{Action, Actions};
use crate::game::learn::Learn;
use crate::tr;

/// The most nodes the tree shows (the first the search made).
pub const TREE_NODES: usize = 400;

/// The tree of the step shown, and how the player looks at it.
#[derive(Resource, Debug)]
pub struct TreeView {
    /// The walkthrough (by its number) and step the tree was built for.
    built_for: Option<(u64, usize)>,
    tree: SearchTree,
    place: Vec<(f32, u32)>,
    /// Screen pixels per world pixel.
    zoom: f32,
    /// Where the world's origin is drawn, from the canvas's top-left corner.
    pan: egui::Vec2,
    /// True while the view keeps the step's node in sight and chosen.
    follow: bool,
    /// The node chosen.
    selected: Option<usize>,
    /// True when the view should fit the whole tree at the next draw.
    fit: bool,
    /// A zoom by the keys or buttons not yet applied to the pan (the canvas's middle stays).
    pending_zoom: f32,
}

impl Default for TreeView {
    fn default() -> Self {
        Self {
            built_for: None,
            tree: SearchTree::default(),
            place: Vec::new(),
            zoom: 0.8,
            pan: egui::Vec2::ZERO,
            follow: true,
            selected: None,
            fit: false,
            pending_zoom: 1.0,
        }
    }
}

impl TreeView {
    /// The tree as it stands at the walkthrough's step.
    pub fn tree(&self) -> &SearchTree {
        &self.tree
    }

    /// The node chosen (the step's own while following).
    pub fn selected(&self) -> Option<usize> {
        self.selected.filter(|&n| n < self.tree.nodes.len())
    }

    /// The board of a node the player chose, which the board then shows in place of the
    /// step's (`None` while following the step).
    pub fn chosen_board(&self) -> Option<Board> {
        if self.follow {
            return None;
        }
        self.selected().map(|n| self.tree.nodes[n].board)
    }

    /// True when the tree shown was built for `key`: a run (by its number) and its step.
    pub fn built_for(&self, key: (u64, usize)) -> bool {
        self.built_for == Some(key)
    }

    /// Shows `tree`, built for `key` (a run by its number, and its step); a new run starts
    /// the view afresh, a new step of the same run keeps how the player looks at it.
    pub fn load(&mut self, key: (u64, usize), tree: SearchTree) {
        if self.built_for.map(|(run, _)| run) != Some(key.0) {
            *self = TreeView::default();
        }
        self.tree = tree;
        self.place = self.tree.layout();
        self.built_for = Some(key);
        if self.follow {
            self.selected = self.tree.current;
        }
    }

    /// Chooses `node` (the view stops following the step).
    pub fn select(&mut self, node: usize) {
        if node < self.tree.nodes.len() {
            self.selected = Some(node);
            self.follow = false;
        }
    }

    /// Follows the step again.
    pub fn follow(&mut self) {
        self.follow = true;
        self.selected = self.tree.current;
    }

    /// Zooms by `factor` about the canvas's middle.
    pub fn zoom_by(&mut self, factor: f32) {
        let before = self.zoom;
        self.zoom = (self.zoom * factor).clamp(ZOOMS.0, ZOOMS.1);
        self.pending_zoom *= self.zoom / before;
    }

    fn relative(&self, pick: impl Fn(&SearchTree, usize) -> Option<usize>) -> Option<usize> {
        let at = self.selected().or(self.tree.current).unwrap_or(0);
        pick(&self.tree, at).filter(|&n| n < self.tree.nodes.len())
    }

    /// The chosen node's parent, first child, or its sibling `by` places along.
    fn parent(&self) -> Option<usize> {
        self.relative(|t, n| t.nodes.get(n)?.parent)
    }

    fn first_child(&self) -> Option<usize> {
        self.relative(|t, n| t.nodes.get(n)?.children.first().copied())
    }

    fn sibling(&self, by: isize) -> Option<usize> {
        self.relative(|t, n| {
            let parent = t.nodes.get(n)?.parent?;
            let siblings = &t.nodes[parent].children;
            let i = siblings.iter().position(|&c| c == n)?;
            siblings.get(i.checked_add_signed(by)?).copied()
        })
    }
}

/// Rebuilds the tree when the walkthrough or its step changed (and forgets the view when the
/// walkthrough is a new one).
pub(super) fn refresh(learn: Res<Learn>, mut view: ResMut<TreeView>) {
    let Some(walk) = learn.walk() else {
        if view.built_for.is_some() {
            *view = TreeView::default();
        }
        return;
    };
    let key = (learn.opened(), walk.index().unwrap_or(0));
    if view.built_for(key) {
        return;
    }
    view.load(key, SearchTree::at(walk.lesson(), key.1, TREE_NODES));
}

/// While Learn is open: the arrows (d-pad) choose the parent, first child or a sibling,
/// Enter (A) follows the step again, Page Up / Page Down zoom.
pub(super) fn read_keys(actions: Res<Actions>, learn: Res<Learn>, mut view: ResMut<TreeView>) {
    if !learn.is_open() {
        return;
    }
    let target = match actions.direction() {
        Some(Dir::Up) => view.parent(),
        Some(Dir::Down) => view.first_child(),
        Some(Dir::Left) => view.sibling(-1),
        Some(Dir::Right) => view.sibling(1),
        None => None,
    };
    if let Some(node) = target {
        view.select(node);
    }
    if actions.fired(Action::Confirm) {
        view.follow();
    }
    if actions.fired(Action::ZoomIn) {
        view.zoom_by(1.25);
    }
    if actions.fired(Action::ZoomOut) {
        view.zoom_by(0.8);
    }
}

/// World sizes at zoom 1: a tile's side, the gaps.
const TILE: f32 = 14.0;
const PAD: f32 = 3.0;
const LABEL: f32 = 14.0;
const GAP_X: f32 = 10.0;
const GAP_Y: f32 = 16.0;

/// A node's box and the distances between slots and levels, at zoom 1 (a level holds the
/// order above the box and g, h, f below it).
fn metrics(side: usize) -> (egui::Vec2, f32, f32) {
    let size = side as f32 * TILE + 2.0 * PAD;
    (
        egui::vec2(size, size),
        size + GAP_X,
        size + 2.0 * LABEL + GAP_Y,
    )
}

/// The tree panel's contents: the buttons, the chosen node's facts and path, the canvas.
pub fn tree_panel(ui: &mut egui::Ui, lang: Lang, view: &mut TreeView) {
    let shown = view.tree.nodes.len();
    ui.horizontal_wrapped(|ui| {
        ui.strong(tr!(lang, "Search tree"));
        ui.label(
            egui::RichText::new(if view.tree.left_out > 0 {
                tr!(
                    lang,
                    "the first {shown} nodes ({more} more not drawn)",
                    shown = shown,
                    more = view.tree.left_out
                )
            } else {
                tr!(lang, "{shown} nodes", shown = shown)
            })
            .weak(),
        );
        if let Some(bound) = view.tree.bound {
            ui.label(tr!(lang, "this iteration's bound = {bound}", bound = bound));
        }
        ui.separator();
        if ui
            .selectable_label(view.follow, tr!(lang, "Follow the step"))
            .clicked()
        {
            view.follow();
        }
        if ui.button(tr!(lang, "Fit")).clicked() {
            view.fit = true;
        }
        if ui.button("−").clicked() {
            // not shown: a symbol
            view.zoom_by(0.8);
        }
        if ui.button("+").clicked() {
            // not shown: a symbol
            view.zoom_by(1.25);
        }
        ui.separator();
        for (label, tip, target) in [
            ("⬆", tr!(lang, "its parent"), view.parent()),
            ("⬇", tr!(lang, "its first child"), view.first_child()),
            ("⬅", tr!(lang, "the sibling before"), view.sibling(-1)),
            ("➡", tr!(lang, "the sibling after"), view.sibling(1)),
        ] {
            // not shown: the arrows are symbols, their tips say them
            if ui
                .add_enabled(target.is_some(), egui::Button::new(label))
                .on_hover_text(tip)
                .clicked()
                && let Some(node) = target
            {
                view.select(node);
            }
        }
    });
    chosen_line(ui, lang, view);
    canvas(ui, view);
}

/// The chosen node: its order, g, h, f, what became of it, and its path from the start.
fn chosen_line(ui: &mut egui::Ui, lang: Lang, view: &TreeView) {
    let Some(n) = view.selected() else {
        ui.label(egui::RichText::new(tr!(lang, "Click a node to see its board and path.")).weak());
        return;
    };
    let node = &view.tree.nodes[n];
    let state = if view.tree.goal == Some(n) {
        tr!(lang, "the goal")
    } else {
        match node.state {
            State::Open => tr!(lang, "waiting in the frontier"),
            State::Expanded => tr!(lang, "expanded: its children were made"),
            State::OnStack => tr!(lang, "visited, on the stack"),
            State::Left => tr!(lang, "popped off the stack"),
            State::CutOff => tr!(lang, "cut off: f is over the bound"),
            State::Superseded => tr!(lang, "reached again more cheaply: out of date"),
        }
    };
    let order = node.order.map_or(String::new(), |o| format!("#{o}  ")); // not shown: a number
    let cost = match node.h {
        Some(h) => format!("g = {}, h = {h}, f = {}", node.g, node.f()), // not shown: symbols
        None => format!("g = {}", node.g),                               // not shown: a symbol
    };
    ui.label(egui::RichText::new(format!("{order}{cost} — {state}")).strong());
    let moves = view.tree.moves_to(n);
    let names: Vec<&str> = moves.iter().map(|m| lang.tr(m.name())).collect();
    ui.label(if moves.is_empty() {
        tr!(lang, "the start itself").to_string()
    } else {
        tr!(
            lang,
            "from the start, {n} moves of the blank: {moves}",
            n = moves.len(),
            moves = names.join(", ")
        )
    });
}

/// The least and most zoom.
const ZOOMS: (f32, f32) = (0.12, 3.0);

const EXPANDED: egui::Color32 = egui::Color32::from_rgb(38, 72, 128);
const OPEN: egui::Color32 = egui::Color32::from_rgb(64, 66, 72);
const LEFT: egui::Color32 = egui::Color32::from_rgb(48, 52, 84);
const CUT_OFF: egui::Color32 = egui::Color32::from_rgb(120, 44, 40);
const GOAL: egui::Color32 = egui::Color32::from_rgb(34, 120, 70);
const SOLUTION: egui::Color32 = egui::Color32::from_rgb(240, 200, 60);
const CHOSEN: egui::Color32 = egui::Color32::from_rgb(90, 220, 240);
const CURRENT: egui::Color32 = egui::Color32::from_rgb(255, 240, 120);

/// The tree itself: nodes as small boards, edges from parent to child; drag pans, the wheel
/// zooms about the pointer, a click chooses a node.
fn canvas(ui: &mut egui::Ui, view: &mut TreeView) {
    let size = ui.available_size().max(egui::vec2(100.0, 80.0));
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, egui::Color32::from_rgb(20, 22, 28));
    let Some(first) = view.tree.nodes.first() else {
        return;
    };
    let side = first.board.side();
    let (node_size, slot_w, level_h) = metrics(side);
    // a node's top centre
    let world = |(x, depth): (f32, u32)| {
        egui::vec2(
            x * slot_w + node_size.x / 2.0,
            depth as f32 * level_h + LABEL + 4.0,
        )
    };
    let width = view.place.iter().map(|p| p.0).fold(0.0, f32::max) + 1.0;
    let depth = view.place.iter().map(|p| p.1).max().unwrap_or(0) + 1;
    let extent = egui::vec2(width * slot_w, depth as f32 * level_h);
    let fits = (rect.width() / extent.x).min(rect.height() / extent.y);
    // following, a tree small enough is shown whole
    if view.fit || view.follow && fits >= 0.85 {
        let zoom = (rect.width() / extent.x)
            .min(rect.height() / extent.y)
            .clamp(ZOOMS.0, 1.0);
        view.zoom = zoom;
        view.pan = (rect.size() - extent * zoom) / 2.0;
        view.pan.y = view.pan.y.max(0.0);
        view.fit = false;
    }
    if view.pending_zoom != 1.0 {
        let middle = rect.size() / 2.0;
        view.pan = middle - (middle - view.pan) * view.pending_zoom;
        view.pending_zoom = 1.0;
    }
    if response.dragged() {
        view.pan += response.drag_delta();
        view.follow = false;
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y + i.zoom_delta().ln() * 200.0);
        if scroll != 0.0
            && let Some(pointer) = response.hover_pos()
        {
            let before = view.zoom;
            view.zoom = (view.zoom * (scroll / 300.0).exp()).clamp(ZOOMS.0, ZOOMS.1);
            // keep the world point under the pointer where it is
            let at = pointer - rect.min;
            view.pan = at - (at - view.pan) * (view.zoom / before);
        }
    }
    let zoom = view.zoom;
    // following a larger tree: glide to keep the step's node in the middle, a little low (its
    // path from the root above it)
    if view.follow
        && fits < 0.85
        && let Some(current) = view.tree.current
    {
        let target = egui::vec2(rect.width() / 2.0, rect.height() * 0.62)
            - world(view.place[current]) * zoom;
        let dt = ui.input(|i| i.stable_dt).clamp(0.0, 0.1);
        let gap = target - view.pan;
        if gap.length() > 0.5 {
            view.pan += gap * (dt * 10.0).min(1.0);
            ui.ctx().request_repaint();
        }
    }
    let to_screen = |node: usize| rect.min + view.pan + world(view.place[node]) * zoom;
    let chosen = view.selected();
    let chosen_path = chosen.map(|n| view.tree.path_to(n)).unwrap_or_default();
    let solution = view
        .tree
        .goal
        .map(|g| view.tree.path_to(g))
        .unwrap_or_default();
    let visible = rect.expand(node_size.x * zoom * 2.0);

    // edges first, under the nodes
    for (i, node) in view.tree.nodes.iter().enumerate() {
        let Some(parent) = node.parent else { continue };
        let from = to_screen(parent) + egui::vec2(0.0, (node_size.y + LABEL) * zoom);
        let to = to_screen(i) - egui::vec2(0.0, LABEL * zoom);
        if !visible.contains(from) && !visible.contains(to) {
            continue;
        }
        let (color, width) = if solution.contains(&i) {
            (SOLUTION, 3.0)
        } else if chosen_path.contains(&i) {
            (CHOSEN, 2.5)
        } else {
            (egui::Color32::from_gray(90), 1.0)
        };
        painter.line_segment([from, to], egui::Stroke::new(width, color));
    }

    let mut clicked = None;
    let pointer = response.interact_pointer_pos();
    for (i, node) in view.tree.nodes.iter().enumerate() {
        let top = to_screen(i);
        let boxed = egui::Rect::from_min_size(
            top - egui::vec2(node_size.x / 2.0, 0.0) * zoom,
            node_size * zoom,
        );
        if !visible.intersects(boxed) {
            continue;
        }
        if response.clicked() && pointer.is_some_and(|p| boxed.expand(2.0).contains(p)) {
            clicked = Some(i);
        }
        let fill = if view.tree.goal == Some(i) {
            GOAL
        } else {
            match node.state {
                State::Expanded | State::OnStack => EXPANDED,
                State::Open => OPEN,
                State::Left => LEFT,
                State::CutOff => CUT_OFF,
                State::Superseded => egui::Color32::from_gray(40),
            }
        };
        painter.rect_filled(boxed, 3.0 * zoom, fill);
        draw_board(&painter, boxed, &node.board, zoom);
        let outline = if Some(i) == chosen {
            Some(CHOSEN)
        } else if Some(i) == view.tree.current {
            Some(CURRENT)
        } else if solution.contains(&i) {
            Some(SOLUTION)
        } else {
            None
        };
        if let Some(color) = outline {
            painter.rect_stroke(
                boxed.expand(2.0),
                3.0 * zoom,
                egui::Stroke::new(2.0, color),
                egui::StrokeKind::Outside,
            );
        }
        let font = 10.0 * zoom;
        if font >= 6.0 {
            let cost = match node.h {
                Some(h) => format!("{}+{h}={}", node.g, node.f()), // not shown: numbers
                None => format!("g={}", node.g),                   // not shown: a symbol
            };
            painter.text(
                egui::pos2(boxed.center().x, boxed.max.y + 1.0),
                egui::Align2::CENTER_TOP,
                cost,
                egui::FontId::monospace(font),
                egui::Color32::from_gray(210),
            );
            if let Some(order) = node.order {
                painter.text(
                    egui::pos2(boxed.center().x, boxed.min.y - 1.0),
                    egui::Align2::CENTER_BOTTOM,
                    format!("#{order}"), // not shown: a number
                    egui::FontId::monospace(font),
                    CURRENT,
                );
            }
        }
    }
    if let Some(node) = clicked {
        view.select(node);
    }
}

/// The node's board in small: tiles as squares, their numbers when there is room.
fn draw_board(painter: &egui::Painter, boxed: egui::Rect, board: &Board, zoom: f32) {
    let side = board.side();
    let tile = TILE * zoom;
    let origin = boxed.min + egui::vec2(PAD, PAD) * zoom;
    for (i, &t) in board.cells().iter().enumerate() {
        if t == 0 {
            continue;
        }
        let at = origin + egui::vec2((i % side) as f32, (i / side) as f32) * tile;
        let cell = egui::Rect::from_min_size(at, egui::vec2(tile, tile)).shrink(0.06 * tile);
        painter.rect_filled(cell, 0.15 * tile, egui::Color32::from_rgb(214, 206, 184));
        if tile >= 8.0 {
            painter.text(
                cell.center(),
                egui::Align2::CENTER_CENTER,
                t.to_string(),
                egui::FontId::proportional(tile * 0.7),
                egui::Color32::from_rgb(30, 30, 36),
            );
        }
    }
}
