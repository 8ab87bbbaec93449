//! Every screen's controls, declared once: which keys, gamepad buttons and mouse gestures do
//! what there. The input system binds exactly these on the screen showing (so a button means one
//! thing at a time and the modes need no guards), the "Keys" panel of every mode lists them,
//! `shot --keys` names keys from the same table, and a test keeps README's controls tables equal
//! to them.

use bevy::input::gamepad::GamepadButton;
use bevy::prelude::KeyCode;

use super::input::Action;
use super::state::AppState;
use crate::core::text::Lang;
use crate::{msg, tr};

/// What a control does to the game's input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bind {
    /// Its keys and buttons fire this action.
    Act(Action),
    /// Arrows / WASD, the d-pad and the left stick fire the four directions.
    Move,
    /// Done with the mouse alone (clicks on the board are read by the mode).
    Pointer,
}

/// One line of a screen's controls.
#[derive(Clone, Copy, Debug)]
pub struct Control {
    pub bind: Bind,
    pub keys: &'static [KeyCode],
    pub buttons: &'static [GamepadButton],
    /// The mouse's way of doing it, if any ("left click on a cell"; a message).
    pub mouse: Option<&'static str>,
    /// What it means on this screen (a message: `Lang::tr` it).
    pub meaning: &'static str,
    /// When it applies, if not always ("editor", "demo", or several: "play, demo"): two
    /// controls may share a key or a button only when they apply at different times.
    pub when: Option<&'static str>,
}

impl Control {
    const fn act(
        action: Action,
        keys: &'static [KeyCode],
        buttons: &'static [GamepadButton],
        meaning: &'static str,
    ) -> Control {
        Control {
            bind: Bind::Act(action),
            keys,
            buttons,
            mouse: None,
            meaning,
            when: None,
        }
    }

    const fn moves(meaning: &'static str) -> Control {
        Control {
            bind: Bind::Move,
            keys: &[],
            buttons: &[],
            mouse: None,
            meaning,
            when: None,
        }
    }

    const fn pointer(mouse: &'static str, meaning: &'static str) -> Control {
        Control {
            bind: Bind::Pointer,
            keys: &[],
            buttons: &[],
            mouse: Some(mouse),
            meaning,
            when: None,
        }
    }

    const fn when(self, when: &'static str) -> Control {
        Control {
            when: Some(when),
            ..self
        }
    }

    const fn mouse(self, mouse: &'static str) -> Control {
        Control {
            mouse: Some(mouse),
            ..self
        }
    }

    /// True when it applies at the time called `now` (always, when it has no time).
    pub fn applies(&self, now: &str) -> bool {
        self.when
            .is_none_or(|when| when.split(", ").any(|w| w == now))
    }

    /// True when the two apply at different times, so they may share inputs.
    pub fn apart_from(&self, other: &Control) -> bool {
        // in the panels (F6 / Start) the gamepad drives the panels: only the controls made for
        // that time act there, and none of them on the board
        if self.in_panels() != other.in_panels() {
            return true;
        }
        match (self.when, other.when) {
            (Some(a), Some(b)) => !a.split(", ").any(|w| b.split(", ").any(|v| v == w)),
            _ => false,
        }
    }

    /// True for a control that applies only while the focus is in the panels.
    pub fn in_panels(&self) -> bool {
        self.when == Some(PANELS)
    }

    /// The action its keys and buttons fire, if any.
    pub fn action(&self) -> Option<Action> {
        match self.bind {
            Bind::Act(action) => Some(action),
            Bind::Move | Bind::Pointer => None,
        }
    }

    /// The keys as players read them ("Z / Backspace", "arrows / WASD"), with the mouse's way.
    pub fn keyboard_label(&self, lang: Lang) -> String {
        let mut parts: Vec<String> = if self.bind == Bind::Move {
            vec![tr!(lang, "arrows / WASD").into()]
        } else {
            let shown: Vec<&str> = self.keys.iter().filter_map(|k| key_label(*k)).collect();
            if shown.is_empty() {
                vec![]
            } else {
                vec![shown.join(" / ")]
            }
        };
        if let Some(mouse) = self.mouse {
            parts.push(lang.tr(mouse).to_string());
        }
        parts.join(tr!(lang, ", "))
    }

    /// The gamepad buttons as players read them ("LB", "d-pad / left stick").
    pub fn gamepad_label(&self, lang: Lang) -> String {
        match self.bind {
            Bind::Move => tr!(lang, "d-pad / left stick").into(),
            _ => self
                .buttons
                .iter()
                // the names printed on the buttons stay; the d-pad's directions are words
                .map(|b| match button_label(*b) {
                    label if label.starts_with("d-pad") => lang.tr(label), // not shown: a prefix
                    label => label,
                })
                .collect::<Vec<_>>()
                .join(" / "),
        }
    }

    /// The meaning with its time ("demo: pause / resume").
    pub fn full_meaning(&self, lang: Lang) -> String {
        let meaning = lang.tr(self.meaning);
        match self.when {
            Some(when) => {
                let times: Vec<&str> = when.split(", ").map(|w| when_label(w, lang)).collect();
                tr!(
                    lang,
                    "{when}: {meaning}",
                    when = times.join(tr!(lang, ", ")),
                    meaning = meaning
                )
            }
            None => meaning.to_string(),
        }
    }
}

/// A control's time as players read it ("editor", "demo"; 编辑器, 演示).
pub fn when_label(when: &str, lang: Lang) -> &'static str {
    let key = match when {
        "search" => msg!("search"),
        "editor" => msg!("editor"),
        "play" => msg!("play"),
        "demo" => msg!("demo"),
        "by hand" => msg!("by hand"),
        "robot" => msg!("robot"),
        "learn" => msg!("Learn"), // not shown: the key is a control time
        "panels" => msg!("in the panels"), // not shown: the key is a control time
        _ => msg!("other times"),
    };
    lang.tr(key)
}

use GamepadButton as Pad;
use KeyCode as K;

// i18n: off (key names, and the labels printed on the keys)
/// The keys `shot --keys` understands, with the label players read (`None`: an alternate key
/// the tables leave out, such as the keypad's).
pub const KEYS: &[(KeyCode, &str, Option<&str>)] = &[
    (K::ArrowUp, "up", Some("Up")),
    (K::ArrowDown, "down", Some("Down")),
    (K::ArrowLeft, "left", Some("Left")),
    (K::ArrowRight, "right", Some("Right")),
    (K::Enter, "enter", Some("Enter")),
    (K::NumpadEnter, "kpenter", None),
    (K::Space, "space", Some("Space")),
    (K::Escape, "esc", Some("Esc")),
    (K::F1, "f1", Some("F1")),
    (K::F2, "f2", Some("F2")),
    (K::F3, "f3", Some("F3")),
    (K::F6, "f6", Some("F6")),
    (K::Equal, "plus", Some("+")),
    (K::NumpadAdd, "kpplus", None),
    (K::Minus, "minus", Some("-")),
    (K::NumpadSubtract, "kpminus", None),
    (K::Period, "period", Some(".")),
    (K::Comma, "comma", Some(",")),
    (K::PageUp, "pageup", Some("PgUp")),
    (K::PageDown, "pagedown", Some("PgDn")),
    (K::Tab, "tab", Some("Tab")),
    (K::Backspace, "backspace", Some("Backspace")),
    (K::BracketRight, "rbracket", Some("]")),
    (K::Digit1, "1", Some("1")),
    (K::Digit2, "2", Some("2")),
    (K::Digit3, "3", Some("3")),
    (K::KeyA, "a", Some("A")),
    (K::KeyC, "c", Some("C")),
    (K::KeyD, "d", Some("D")),
    (K::KeyE, "e", Some("E")),
    (K::KeyF, "f", Some("F")),
    (K::KeyG, "g", Some("G")),
    (K::KeyH, "h", Some("H")),
    (K::KeyL, "l", Some("L")),
    (K::KeyM, "m", Some("M")),
    (K::KeyN, "n", Some("N")),
    (K::KeyP, "p", Some("P")),
    (K::KeyS, "s", Some("S")),
    (K::KeyT, "t", Some("T")),
    (K::KeyW, "w", Some("W")),
    (K::KeyY, "y", Some("Y")),
    (K::KeyZ, "z", Some("Z")),
];

/// The gamepad buttons `shot --keys` understands (as `pad-…`), with the label players read
/// (a message; the letters and names printed on the buttons read the same in every language).
pub const BUTTONS: &[(GamepadButton, &str, &str)] = &[
    (Pad::DPadUp, "pad-up", msg!("d-pad up")),
    (Pad::DPadDown, "pad-down", msg!("d-pad down")),
    (Pad::DPadLeft, "pad-left", msg!("d-pad left")),
    (Pad::DPadRight, "pad-right", msg!("d-pad right")),
    (Pad::South, "pad-a", "A"),
    (Pad::East, "pad-b", "B"),
    (Pad::West, "pad-x", "X"),
    (Pad::North, "pad-y", "Y"),
    (Pad::Start, "pad-start", "Start"),
    (Pad::Select, "pad-select", "Select"),
    (Pad::LeftTrigger, "pad-lb", "LB"),
    (Pad::RightTrigger, "pad-rb", "RB"),
    (Pad::LeftTrigger2, "pad-lt", "LT"),
    (Pad::RightTrigger2, "pad-rt", "RT"),
    (Pad::LeftThumb, "pad-l3", "L3"),
    (Pad::RightThumb, "pad-r3", "R3"),
    (Pad::Mode, "pad-guide", "Guide"),
];
// i18n: on

/// A key's label in the tables (`None` for alternates left out).
pub fn key_label(key: KeyCode) -> Option<&'static str> {
    KEYS.iter()
        .find(|(k, _, _)| *k == key)
        .and_then(|(_, _, label)| *label)
}

/// A button's label in the tables.
pub fn button_label(button: GamepadButton) -> &'static str {
    BUTTONS
        .iter()
        .find(|(b, _, _)| *b == button)
        .map_or("?", |(_, _, label)| label)
}

const ENTER: &[KeyCode] = &[K::Enter, K::NumpadEnter, K::Digit1];
const FASTER: &[KeyCode] = &[K::Equal, K::NumpadAdd];
const SLOWER: &[KeyCode] = &[K::Minus, K::NumpadSubtract];

/// While Learn is open in Runner, Slide and Mines: play / pause, step back and forward, slower,
/// faster (Mines names its steps itself and takes the first and the last two).
const LEARN_PLAY: [Control; 5] = [
    Control::act(
        Action::Pause,
        &[K::Space, K::KeyP],
        &[Pad::North],
        msg!("play / pause the steps"),
    )
    .when("learn"),
    Control::act(
        Action::StepBack,
        &[K::Comma],
        &[Pad::LeftTrigger],
        msg!("step back"),
    )
    .when("learn"),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        msg!("step forward"),
    )
    .when("learn"),
    Control::act(Action::Slower, SLOWER, &[Pad::LeftTrigger2], msg!("slower")).when("learn"),
    Control::act(
        Action::Faster,
        FASTER,
        &[Pad::RightTrigger2],
        msg!("faster"),
    )
    .when("learn"),
];

/// The time a control applies only in the panels (see [`Control::in_panels`]).
const PANELS: &str = "panels"; // not shown: a control time

/// On every screen but the menu: back out, the panels, and sound on / off.
const EVERYWHERE: &[Control] = &[
    Control::act(
        Action::Back,
        &[K::Escape],
        &[Pad::East],
        msg!("back: out of the panels, else to the menu"),
    )
    .mouse(msg!("⬅ Menu button")),
    Control::act(
        Action::Panels,
        &[K::F6],
        &[Pad::Start],
        msg!("into the panels and out again (the d-pad steps through them, A presses)"),
    )
    .mouse(msg!("click")),
    Control::act(
        Action::Mute,
        &[K::KeyM],
        &[],
        msg!("sound effects off / on"),
    )
    .mouse(msg!("the Sound menu on the top bar")),
    Control::act(
        Action::Mute,
        &[],
        &[Pad::Select],
        msg!("sound effects off / on"),
    )
    .when(PANELS),
];

const MENU: &[Control] = &[
    Control::moves(msg!(
        "choose an entry; left / right change UI scale, colours and language"
    )),
    Control::act(Action::Confirm, ENTER, &[Pad::South], msg!("open it")).mouse(msg!("click")),
    Control::act(Action::Back, &[K::Escape], &[Pad::East], msg!("quit")).mouse(msg!("Quit button")),
    Control::act(
        Action::Mute,
        &[K::KeyM],
        &[Pad::Select],
        msg!("sound effects off / on (left / right on Sound: the volume)"),
    ),
];

const EXPLORE: &[Control] = &[
    Control::act(
        Action::Pause,
        &[K::Space, K::KeyP],
        &[Pad::South],
        msg!("pause / resume"),
    )
    .when("search"),
    Control::act(
        Action::StepBack,
        &[K::Comma],
        &[Pad::LeftTrigger],
        msg!("step back"),
    )
    .when("search"),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        msg!("step forward"),
    )
    .when("search"),
    Control::act(Action::Slower, SLOWER, &[Pad::LeftTrigger2], msg!("slower")),
    Control::act(
        Action::Faster,
        FASTER,
        &[Pad::RightTrigger2],
        msg!("faster"),
    ),
    Control::act(
        Action::Restart,
        &[K::F1],
        &[Pad::West],
        msg!("search again from the entry (F1 of the original)"),
    )
    .when("search"),
    Control::act(
        Action::Replay,
        &[K::F2],
        &[Pad::North],
        msg!("replay the correct path (F2 of the original)"),
    )
    .when("search"),
    Control::act(
        Action::Learn,
        &[K::KeyL],
        &[Pad::RightThumb],
        msg!("Learn on / off: the search line by line (pause, step and speed then drive it)"),
    )
    .when("search"),
    Control::act(
        Action::Edit,
        &[K::KeyE, K::Tab],
        &[Pad::Select],
        msg!("edit the maze on / off"),
    ),
    Control::moves(msg!("move the cursor")).when("editor"),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        msg!("wall ↔ path at the cursor"),
    )
    .when("editor"),
    Control::act(
        Action::Mark,
        &[K::Digit2],
        &[Pad::West],
        msg!("put the entry at the cursor"),
    )
    .when("editor"),
    Control::act(
        Action::Chord,
        &[K::KeyC, K::Digit3],
        &[Pad::North],
        msg!("put the exit at the cursor"),
    )
    .when("editor"),
    Control::pointer(msg!("left click on a cell"), msg!("apply the chosen tool")).when("editor"),
];

const RUNNER: &[Control] = &[
    Control::moves(msg!("walk (hold to keep walking)")),
    Control::act(
        Action::Hint,
        &[K::Space, K::KeyH],
        &[Pad::North],
        msg!("A* hint on / off"),
    )
    .when("play"),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        msg!("let the machine walk / pause it; after a win: the next maze"),
    ),
    Control::act(
        Action::Slower,
        SLOWER,
        &[Pad::LeftTrigger2],
        msg!("machine slower"),
    )
    .when("play"),
    Control::act(
        Action::Faster,
        FASTER,
        &[Pad::RightTrigger2],
        msg!("machine faster"),
    )
    .when("play"),
    Control::act(
        Action::ZoomIn,
        &[K::PageUp],
        &[Pad::RightTrigger],
        msg!("zoom in"),
    )
    .mouse(msg!("wheel"))
    .when("play"),
    Control::act(
        Action::ZoomOut,
        &[K::PageDown],
        &[Pad::LeftTrigger],
        msg!("zoom out"),
    )
    .mouse(msg!("wheel"))
    .when("play"),
    Control::act(
        Action::Restart,
        &[K::F1],
        &[Pad::West],
        msg!("the same maze from the start"),
    ),
    Control::act(
        Action::NewBoard,
        &[K::KeyN],
        &[Pad::Select],
        msg!("a new maze (new seed)"),
    ),
    Control::act(
        Action::NextGenerator,
        &[K::KeyG],
        &[Pad::LeftThumb],
        msg!("the next generator (new maze)"),
    ),
    Control::act(
        Action::NextSize,
        &[K::BracketRight],
        &[Pad::RightThumb],
        msg!("the next size preset (new maze)"),
    ),
    Control::act(
        Action::Learn,
        &[K::KeyL],
        &[Pad::Mode],
        msg!("Learn on / off: A* from the player's cell, line by line"),
    ),
    LEARN_PLAY[0],
    LEARN_PLAY[1],
    LEARN_PLAY[2],
    LEARN_PLAY[3],
    LEARN_PLAY[4],
];

const SLIDE: &[Control] = &[
    Control::pointer(
        msg!("left click on a tile"),
        msg!("slide it (and every tile between it and the blank)"),
    )
    .when("play, demo"),
    Control::moves(msg!(
        "slide the tile next to the blank (or move the blank: a setting)"
    ))
    .when("play, demo"),
    Control::act(
        Action::Undo,
        &[K::KeyZ, K::Backspace],
        &[Pad::LeftTrigger],
        msg!("undo (hold to repeat)"),
    )
    .when("play"),
    Control::act(
        Action::Redo,
        &[K::KeyY],
        &[Pad::RightTrigger],
        msg!("redo (hold to repeat)"),
    )
    .when("play"),
    Control::act(
        Action::Hint,
        &[K::KeyH, K::Space],
        &[Pad::North],
        msg!("hint on / off (the next optimal move's tile turns yellow)"),
    )
    .when("play"),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        msg!("solve with the chosen algorithm; while searching: stop; in the demo: end it"),
    )
    .when("play, demo"),
    Control::act(
        Action::Pause,
        &[K::Space, K::KeyP],
        &[Pad::North],
        msg!("pause / resume"),
    )
    .when("demo"),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        msg!("step forward"),
    )
    .when("demo"),
    Control::act(
        Action::StepBack,
        &[K::Comma],
        &[Pad::LeftTrigger],
        msg!("step back"),
    )
    .when("demo"),
    Control::act(
        Action::Slower,
        SLOWER,
        &[Pad::LeftTrigger2],
        msg!("demo slower"),
    )
    .when("play, demo"),
    Control::act(
        Action::Faster,
        FASTER,
        &[Pad::RightTrigger2],
        msg!("demo faster"),
    )
    .when("play, demo"),
    Control::act(
        Action::Compare,
        &[K::KeyT, K::F3],
        &[],
        msg!("compare every solver"),
    )
    .mouse(msg!("the Run every solver button")),
    Control::act(
        Action::NextGenerator,
        &[K::KeyG],
        &[Pad::LeftThumb],
        msg!("the next algorithm"),
    ),
    Control::act(
        Action::NextSize,
        &[K::BracketRight],
        &[Pad::RightThumb],
        msg!("8-puzzle / 15-puzzle"),
    ),
    Control::act(
        Action::NewBoard,
        &[K::KeyN],
        &[Pad::Select],
        msg!("shuffle (uniformly random, or to a chosen distance)"),
    ),
    Control::act(Action::Restart, &[K::F1], &[Pad::West], msg!("restart")),
    Control::act(
        Action::Edit,
        &[K::KeyE, K::Tab],
        &[],
        msg!("edit the start on the board; again: keep it"),
    ),
    Control::moves(msg!("move the cursor")).when("editor"),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        msg!("pick a cell; a second pick swaps the two"),
    )
    .when("editor")
    .mouse(msg!("left click")),
    Control::act(
        Action::Learn,
        &[K::KeyL],
        &[Pad::Mode],
        msg!("Learn on / off: the chosen algorithm on this board, line by line"),
    )
    .mouse(msg!("the Learn button")),
    LEARN_PLAY[0],
    LEARN_PLAY[1],
    LEARN_PLAY[2],
    LEARN_PLAY[3],
    LEARN_PLAY[4],
    Control::moves(msg!(
        "search tree: choose the parent, the first child, a sibling"
    ))
    .when("learn"),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        msg!("search tree: follow the step again"),
    )
    .when("learn"),
    Control::act(
        Action::ZoomIn,
        &[K::PageUp],
        &[],
        msg!("search tree: zoom in"),
    )
    .mouse(msg!("wheel, drag to pan"))
    .when("learn"),
    Control::act(
        Action::ZoomOut,
        &[K::PageDown],
        &[],
        msg!("search tree: zoom out"),
    )
    .mouse(msg!("wheel"))
    .when("learn"),
];

const MINES: &[Control] = &[
    Control::moves(msg!("move the cursor")),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        msg!("open (on a number whose mines are all marked: its neighbours)"),
    )
    .when("by hand")
    .mouse(msg!("left click")),
    Control::act(
        Action::Mark,
        &[K::Digit2, K::KeyF],
        &[Pad::West],
        msg!("mark / unmark a mine"),
    )
    .when("by hand")
    .mouse(msg!("right click")),
    Control::act(
        Action::Chord,
        &[K::Digit3, K::KeyC],
        &[Pad::North],
        msg!("open the unmarked neighbours of a number"),
    )
    .when("by hand"),
    Control::act(
        Action::Hint,
        &[K::KeyH, K::Space],
        &[Pad::LeftTrigger],
        msg!("hint: the robot's best move, and why"),
    )
    .when("by hand"),
    Control::act(
        Action::Replay,
        &[K::F2, K::KeyG],
        &[Pad::LeftThumb],
        msg!("the robot plays / stops"),
    ),
    Control::act(
        Action::Pause,
        &[K::Space, K::KeyP],
        &[Pad::South],
        msg!("pause / resume"),
    )
    .when("robot"),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        msg!("one robot step"),
    )
    .when("by hand, robot"),
    Control::act(
        Action::Learn,
        &[K::KeyL],
        &[Pad::Mode],
        msg!("Learn on / off: the robot's reasoning on this board, step by step"),
    )
    .mouse(msg!("the Learn box")),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        msg!("the next step of the reasoning"),
    )
    .when("learn"),
    Control::act(
        Action::StepBack,
        &[K::Comma],
        &[Pad::LeftTrigger],
        msg!("the step before"),
    )
    .when("learn"),
    LEARN_PLAY[0],
    LEARN_PLAY[3],
    LEARN_PLAY[4],
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        msg!("you are the robot: claim the cell certainly safe"),
    )
    .when("learn"),
    Control::act(
        Action::Mark,
        &[K::Digit2, K::KeyF],
        &[Pad::West],
        msg!("you are the robot: claim the cell certainly a mine"),
    )
    .when("learn"),
    Control::act(
        Action::Slower,
        SLOWER,
        &[Pad::LeftTrigger2],
        msg!("robot slower"),
    )
    .when("by hand, robot"),
    Control::act(
        Action::Faster,
        FASTER,
        &[Pad::RightTrigger2],
        msg!("robot faster"),
    )
    .when("by hand, robot"),
    Control::act(
        Action::Edit,
        &[K::KeyE],
        &[],
        msg!("the overlay of the robot's knowledge on / off"),
    ),
    Control::act(
        Action::NewBoard,
        &[K::KeyN],
        &[Pad::Select],
        msg!("a new field"),
    ),
    Control::act(Action::Restart, &[K::F1], &[], msg!("the same field again")),
    Control::act(
        Action::NextSize,
        &[K::BracketRight],
        &[Pad::RightThumb],
        msg!("the next preset"),
    ),
];

const SHOWCASE: &[Control] = &[
    Control::act(
        Action::Pause,
        &[K::Space, K::KeyP],
        &[Pad::South],
        msg!("pause / resume"),
    ),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        msg!("step forward (pauses)"),
    ),
    Control::act(
        Action::StepBack,
        &[K::Comma],
        &[Pad::LeftTrigger],
        msg!("step back (pauses)"),
    ),
    Control::act(
        Action::Faster,
        FASTER,
        &[Pad::RightTrigger2],
        msg!("faster"),
    ),
    Control::act(Action::Slower, SLOWER, &[Pad::LeftTrigger2], msg!("slower")),
    Control::act(
        Action::Right,
        &[K::ArrowRight, K::KeyN],
        &[Pad::DPadRight],
        msg!("the next scene"),
    ),
    Control::act(
        Action::Left,
        &[K::ArrowLeft],
        &[Pad::DPadLeft],
        msg!("the previous scene"),
    ),
    Control::act(
        Action::Learn,
        &[K::KeyL],
        &[Pad::North],
        msg!("Learn on / off: the scene's algorithm on its own board, step by step (the keys above then step it)"),
    )
    .mouse(msg!("the Learn button")),
    Control::pointer(
        msg!("any other key, click or button"),
        msg!("back to the menu"),
    ),
];

const LAB: &[Control] = &[
    Control::act(
        Action::Up,
        &[K::ArrowUp],
        &[Pad::DPadUp],
        msg!("the task before"),
    ),
    Control::act(
        Action::Down,
        &[K::ArrowDown],
        &[Pad::DPadDown],
        msg!("the next task"),
    ),
    Control::act(
        Action::Left,
        &[K::ArrowLeft],
        &[Pad::DPadLeft],
        msg!("the case before"),
    ),
    Control::act(
        Action::Right,
        &[K::ArrowRight],
        &[Pad::DPadRight],
        msg!("the next case"),
    ),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        msg!("run your program on the case"),
    )
    .mouse(msg!("the Run button")),
    Control::act(
        Action::Pause,
        &[K::Space],
        &[Pad::West],
        msg!("play / pause your run"),
    ),
    Control::act(
        Action::StepBack,
        &[K::Comma],
        &[Pad::LeftTrigger],
        msg!("step back"),
    ),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        msg!("step forward"),
    ),
    Control::act(Action::Slower, SLOWER, &[Pad::LeftTrigger2], msg!("slower")),
    Control::act(
        Action::Faster,
        FASTER,
        &[Pad::RightTrigger2],
        msg!("faster"),
    ),
    Control::act(
        Action::Replay,
        &[K::F2],
        &[Pad::North],
        msg!("race: the algorithm's own run beside yours"),
    )
    .mouse(msg!("the Race box")),
    Control::act(
        Action::Hint,
        &[K::KeyH],
        &[Pad::RightThumb],
        msg!("Mines: the robot's mine probabilities over the agent's field"),
    ),
];

/// The screen's own controls (without [`everywhere`]).
pub fn of(screen: AppState) -> &'static [Control] {
    match screen {
        AppState::Menu => MENU,
        AppState::Explore => EXPLORE,
        AppState::Runner => RUNNER,
        AppState::Slide => SLIDE,
        AppState::Mines => MINES,
        AppState::Showcase => SHOWCASE,
        AppState::Lab => LAB,
    }
}

/// The controls of every screen but the menu: back, and the panels.
pub fn everywhere(screen: AppState) -> &'static [Control] {
    match screen {
        AppState::Menu => &[],
        _ => EVERYWHERE,
    }
}

/// Everything bound on `screen`: its own controls, then the ones every mode has.
pub fn all(screen: AppState) -> impl Iterator<Item = &'static Control> {
    of(screen).iter().chain(everywhere(screen))
}

/// The keys bound on `screen` to `action`, with the keys of its movement controls for the
/// directions.
pub fn keys_for(screen: AppState, action: Action) -> impl Iterator<Item = KeyCode> {
    all(screen).flat_map(move |control| {
        let keys: &'static [KeyCode] = match control.bind {
            Bind::Act(a) if a == action => control.keys,
            Bind::Move => match action {
                Action::Up => &[K::ArrowUp, K::KeyW],
                Action::Down => &[K::ArrowDown, K::KeyS],
                Action::Left => &[K::ArrowLeft, K::KeyA],
                Action::Right => &[K::ArrowRight, K::KeyD],
                _ => &[],
            },
            _ => &[],
        };
        keys.iter().copied()
    })
}

/// The buttons bound on `screen` to `action` (the d-pad for the directions of a movement
/// control): with the focus in the panels (`in_panels`), only those of the controls that act
/// there (back, the panels, and the ones made for the panels); on the board, all the others.
pub fn buttons_for(
    screen: AppState,
    action: Action,
    in_panels: bool,
) -> impl Iterator<Item = GamepadButton> {
    all(screen)
        .filter(move |control| {
            if in_panels {
                control.in_panels()
                    || matches!(control.bind, Bind::Act(Action::Back | Action::Panels))
            } else {
                !control.in_panels()
            }
        })
        .flat_map(move |control| {
            let buttons: &'static [GamepadButton] = match control.bind {
                Bind::Act(a) if a == action => control.buttons,
                Bind::Move => match action {
                    Action::Up => &[Pad::DPadUp],
                    Action::Down => &[Pad::DPadDown],
                    Action::Left => &[Pad::DPadLeft],
                    Action::Right => &[Pad::DPadRight],
                    _ => &[],
                },
                _ => &[],
            };
            buttons.iter().copied()
        })
}

/// A button's label with the first key that does the same on `screen` ("Undo (Z)"), so the
/// panels' buttons name the keys the controls declare.
pub fn keyed(label: &str, screen: AppState, action: Action) -> String {
    match keys_for(screen, action).find_map(key_label) {
        Some(key) => format!("{label} ({key})"),
        None => label.to_string(),
    }
}

/// True when the screen reads the left stick as directions.
pub fn uses_stick(screen: AppState) -> bool {
    all(screen).any(|c| {
        c.bind == Bind::Move
            || matches!(
                c.bind,
                Bind::Act(Action::Up | Action::Down | Action::Left | Action::Right)
            )
    })
}

/// Controls as a Markdown table (README's controls tables are these, README.zh-CN.md's in
/// Chinese).
pub fn markdown_table(controls: &[Control], lang: Lang) -> String {
    let mut out = format!(
        "| {} | {} | {} |\n|---|---|---|\n",
        tr!(lang, "Action"),
        tr!(lang, "Keyboard and mouse"),
        tr!(lang, "Gamepad")
    );
    for control in controls {
        let dash = |label: String| {
            if label.is_empty() {
                "—".into()
            } else {
                label
            }
        };
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            control.full_meaning(lang),
            dash(control.keyboard_label(lang)),
            dash(control.gamepad_label(lang))
        ));
    }
    out
}

/// The tables README shows, by the name each is marked with: the controls every mode has, then
/// each screen's own.
pub fn readme_tables() -> Vec<(&'static str, &'static [Control])> {
    let mut tables = vec![("every mode", EVERYWHERE)]; // not shown: README's markers
    tables.extend(SCREENS.map(|(screen, name)| (name, of(screen))));
    tables
}

// i18n: off (README's markers)
/// The screens, by the name their README tables are marked with.
pub const SCREENS: [(AppState, &str); 7] = [
    (AppState::Menu, "menu"),
    (AppState::Explore, "explore"),
    (AppState::Runner, "runner"),
    (AppState::Slide, "slide"),
    (AppState::Mines, "mines"),
    (AppState::Showcase, "showcase"),
    (AppState::Lab, "lab"),
];
// i18n: on

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs(control: &Control) -> Vec<String> {
        let mut out: Vec<String> = control.keys.iter().map(|k| format!("{k:?}")).collect();
        out.extend(control.buttons.iter().map(|b| format!("{b:?}")));
        if control.bind == Bind::Move {
            out.extend(
                [
                    "ArrowUp",
                    "ArrowDown",
                    "ArrowLeft",
                    "ArrowRight",
                    "KeyW",
                    "KeyA",
                    "KeyS",
                    "KeyD",
                    "DPadUp",
                    "DPadDown",
                    "DPadLeft",
                    "DPadRight",
                ]
                .map(String::from),
            );
        }
        out
    }

    #[test]
    fn a_key_or_button_means_one_thing_at_a_time_on_every_screen() {
        for (screen, name) in SCREENS {
            let controls: Vec<&Control> = all(screen).collect();
            for (i, a) in controls.iter().enumerate() {
                for b in &controls[i + 1..] {
                    let shared: Vec<String> = inputs(a)
                        .into_iter()
                        .filter(|x| inputs(b).contains(x))
                        .collect();
                    let apart = a.apart_from(b);
                    assert!(
                        shared.is_empty() || apart,
                        "{name}: {shared:?} bound to both {:?} and {:?}",
                        a.meaning,
                        b.meaning
                    );
                }
            }
        }
    }

    #[test]
    fn every_control_can_be_done_by_keyboard_and_every_key_has_a_label_and_a_shot_name() {
        for (screen, name) in SCREENS {
            for control in all(screen) {
                // (a gamepad's way made for one time, such as the panels', may leave the keys to
                // another control of the same action)
                let by_keyboard = !control.keys.is_empty()
                    || matches!(control.bind, Bind::Move | Bind::Pointer)
                    || all(screen).any(|other| {
                        other.bind == control.bind && !other.keys.is_empty() && other.when.is_none()
                    });
                assert!(by_keyboard, "{name}: {:?} has no key", control.meaning);
                for key in control.keys {
                    assert!(
                        KEYS.iter().any(|(k, _, _)| k == key),
                        "{name}: {key:?} has no name for `shot --keys`"
                    );
                }
                for button in control.buttons {
                    assert_ne!(button_label(*button), "?", "{name}: {button:?}");
                }
            }
        }
    }

    #[test]
    fn every_mode_can_be_played_with_a_gamepad_alone() {
        // the actions each mode cannot do without: a gamepad must reach them
        let needed: [(AppState, &[Action]); 5] = [
            (
                AppState::Explore,
                &[
                    Action::Pause,
                    Action::Restart,
                    Action::Replay,
                    Action::Edit,
                    Action::Learn,
                ],
            ),
            (
                AppState::Runner,
                &[
                    Action::Hint,
                    Action::Confirm,
                    Action::NewBoard,
                    Action::Learn,
                ],
            ),
            (
                AppState::Slide,
                &[
                    Action::Confirm,
                    Action::Undo,
                    Action::Hint,
                    Action::NewBoard,
                    Action::Learn,
                ],
            ),
            (
                AppState::Mines,
                &[
                    Action::Confirm,
                    Action::Mark,
                    Action::Chord,
                    Action::Hint,
                    Action::Replay,
                    Action::Learn,
                ],
            ),
            (
                AppState::Showcase,
                &[Action::Pause, Action::Right, Action::Learn],
            ),
        ];
        for (screen, actions) in needed {
            for &action in actions {
                assert!(
                    buttons_for(screen, action, false).next().is_some(),
                    "{screen:?}: {action:?} has no button"
                );
            }
            assert!(buttons_for(screen, Action::Back, false).next().is_some());
            assert!(buttons_for(screen, Action::Panels, false).next().is_some());
            // in the panels: back, out of the panels, and sound off / on (every mode)
            if screen != AppState::Menu {
                for action in [Action::Back, Action::Panels, Action::Mute] {
                    assert!(
                        buttons_for(screen, action, true).next().is_some(),
                        "{screen:?}: {action:?} has no button in the panels"
                    );
                }
                assert!(buttons_for(screen, Action::Confirm, true).next().is_none());
                assert!(buttons_for(screen, Action::Mute, false).next().is_none());
            }
        }
    }

    #[test]
    fn readme_tables_are_the_declared_controls() {
        for (file, lang) in [("README.md", Lang::En), ("README.zh-CN.md", Lang::Zh)] {
            let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
            let readme = std::fs::read_to_string(&path).expect("the README is readable");
            let mut wrong = Vec::new();
            for (name, controls) in readme_tables() {
                let marker = format!("<!-- controls: {name} -->\n");
                let expected = markdown_table(controls, lang);
                let found = readme.find(&marker).map(|at| {
                    let table = &readme[at + marker.len()..];
                    let end = table.find("\n\n").map_or(table.len(), |e| e + 1);
                    &table[..end]
                });
                if found != Some(expected.as_str()) {
                    wrong.push(format!("{marker}{expected}"));
                }
            }
            assert!(
                wrong.is_empty(),
                "{file}'s controls tables differ from the controls declared in \
                 src/game/controls.rs; it should have:\n\n{}",
                wrong.join("\n")
            );
        }
    }

    #[test]
    fn the_input_system_knows_every_action_a_screen_binds() {
        for (screen, name) in SCREENS {
            for control in all(screen) {
                if let Some(action) = control.action() {
                    assert!(
                        super::super::input::ALL_ACTIONS.contains(&action),
                        "{name}: {action:?}"
                    );
                }
            }
        }
    }
}
