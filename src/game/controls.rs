//! Every screen's controls, declared once: which keys, gamepad buttons and mouse gestures do
//! what there. The input system binds exactly these on the screen showing (so a button means one
//! thing at a time and the modes need no guards), the "Keys" panel of every mode lists them,
//! `shot --keys` names keys from the same table, and a test keeps README's controls tables equal
//! to them.

use bevy::input::gamepad::GamepadButton;
use bevy::prelude::KeyCode;

use super::input::Action;
use super::state::AppState;

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
    /// The mouse's way of doing it, if any ("left click on a cell").
    pub mouse: Option<&'static str>,
    /// What it means on this screen.
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
        match (self.when, other.when) {
            (Some(a), Some(b)) => !a.split(", ").any(|w| b.split(", ").any(|v| v == w)),
            _ => false,
        }
    }

    /// The action its keys and buttons fire, if any.
    pub fn action(&self) -> Option<Action> {
        match self.bind {
            Bind::Act(action) => Some(action),
            Bind::Move | Bind::Pointer => None,
        }
    }

    /// The keys as players read them ("Z / Backspace", "arrows / WASD"), with the mouse's way.
    pub fn keyboard_label(&self) -> String {
        let mut parts: Vec<String> = if self.bind == Bind::Move {
            vec!["arrows / WASD".into()]
        } else {
            let shown: Vec<&str> = self.keys.iter().filter_map(|k| key_label(*k)).collect();
            if shown.is_empty() {
                vec![]
            } else {
                vec![shown.join(" / ")]
            }
        };
        if let Some(mouse) = self.mouse {
            parts.push(mouse.to_string());
        }
        parts.join(", ")
    }

    /// The gamepad buttons as players read them ("LB", "d-pad / left stick").
    pub fn gamepad_label(&self) -> String {
        match self.bind {
            Bind::Move => "d-pad / left stick".into(),
            _ => self
                .buttons
                .iter()
                .map(|b| button_label(*b))
                .collect::<Vec<_>>()
                .join(" / "),
        }
    }

    /// The meaning with its time ("demo: pause / resume").
    pub fn full_meaning(&self) -> String {
        match self.when {
            Some(when) => format!("{when}: {}", self.meaning),
            None => self.meaning.to_string(),
        }
    }
}

use GamepadButton as Pad;
use KeyCode as K;

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
    (K::KeyG, "g", Some("G")),
    (K::KeyH, "h", Some("H")),
    (K::KeyM, "m", Some("M")),
    (K::KeyN, "n", Some("N")),
    (K::KeyP, "p", Some("P")),
    (K::KeyS, "s", Some("S")),
    (K::KeyT, "t", Some("T")),
    (K::KeyW, "w", Some("W")),
    (K::KeyY, "y", Some("Y")),
    (K::KeyZ, "z", Some("Z")),
];

/// The gamepad buttons `shot --keys` understands (as `pad-…`), with the label players read.
pub const BUTTONS: &[(GamepadButton, &str, &str)] = &[
    (Pad::DPadUp, "pad-up", "d-pad up"),
    (Pad::DPadDown, "pad-down", "d-pad down"),
    (Pad::DPadLeft, "pad-left", "d-pad left"),
    (Pad::DPadRight, "pad-right", "d-pad right"),
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

/// On every screen but the menu: back out, and the panels.
const EVERYWHERE: &[Control] = &[
    Control::act(
        Action::Back,
        &[K::Escape],
        &[Pad::East],
        "back: out of the panels, else to the menu",
    )
    .mouse("⬅ Menu button"),
    Control::act(
        Action::Panels,
        &[K::F6],
        &[Pad::Start],
        "into the panels and out again (the d-pad steps through them, A presses)",
    )
    .mouse("click"),
];

const MENU: &[Control] = &[
    Control::moves("choose an entry; left / right change UI scale and colours"),
    Control::act(Action::Confirm, ENTER, &[Pad::South], "open it").mouse("click"),
    Control::act(Action::Back, &[K::Escape], &[Pad::East], "quit").mouse("Quit button"),
];

const EXPLORE: &[Control] = &[
    Control::act(
        Action::Pause,
        &[K::Space, K::KeyP],
        &[Pad::South],
        "pause / resume",
    )
    .when("search"),
    Control::act(
        Action::StepBack,
        &[K::Comma],
        &[Pad::LeftTrigger],
        "step back",
    )
    .when("search"),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        "step forward",
    )
    .when("search"),
    Control::act(Action::Slower, SLOWER, &[Pad::LeftTrigger2], "slower"),
    Control::act(Action::Faster, FASTER, &[Pad::RightTrigger2], "faster"),
    Control::act(
        Action::Restart,
        &[K::F1],
        &[Pad::West],
        "search again from the entry (F1 of the original)",
    )
    .when("search"),
    Control::act(
        Action::Replay,
        &[K::F2],
        &[Pad::North],
        "replay the correct path (F2 of the original)",
    )
    .when("search"),
    Control::act(
        Action::Edit,
        &[K::KeyE, K::Tab],
        &[Pad::Select],
        "edit the maze on / off",
    ),
    Control::moves("move the cursor").when("editor"),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        "wall ↔ path at the cursor",
    )
    .when("editor"),
    Control::act(
        Action::Mark,
        &[K::KeyM, K::Digit2],
        &[Pad::West],
        "put the entry at the cursor",
    )
    .when("editor"),
    Control::act(
        Action::Chord,
        &[K::KeyC, K::Digit3],
        &[Pad::North],
        "put the exit at the cursor",
    )
    .when("editor"),
    Control::pointer("left click on a cell", "apply the chosen tool").when("editor"),
];

const RUNNER: &[Control] = &[
    Control::moves("walk (hold to keep walking)"),
    Control::act(
        Action::Hint,
        &[K::Space, K::KeyH],
        &[Pad::North],
        "A* hint on / off",
    ),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        "let the machine walk / pause it; after a win: the next maze",
    ),
    Control::act(
        Action::Slower,
        SLOWER,
        &[Pad::LeftTrigger2],
        "machine slower",
    ),
    Control::act(
        Action::Faster,
        FASTER,
        &[Pad::RightTrigger2],
        "machine faster",
    ),
    Control::act(
        Action::ZoomIn,
        &[K::PageUp],
        &[Pad::RightTrigger],
        "zoom in",
    )
    .mouse("wheel"),
    Control::act(
        Action::ZoomOut,
        &[K::PageDown],
        &[Pad::LeftTrigger],
        "zoom out",
    )
    .mouse("wheel"),
    Control::act(
        Action::Restart,
        &[K::F1],
        &[Pad::West],
        "the same maze from the start",
    ),
    Control::act(
        Action::NewBoard,
        &[K::KeyN],
        &[Pad::Select],
        "a new maze (new seed)",
    ),
    Control::act(
        Action::NextGenerator,
        &[K::KeyG],
        &[Pad::LeftThumb],
        "the next generator (new maze)",
    ),
    Control::act(
        Action::NextSize,
        &[K::BracketRight],
        &[Pad::RightThumb],
        "the next size preset (new maze)",
    ),
];

const SLIDE: &[Control] = &[
    Control::pointer(
        "left click on a tile",
        "slide it (and every tile between it and the blank)",
    )
    .when("play, demo"),
    Control::moves("slide the tile next to the blank (or move the blank: a setting)")
        .when("play, demo"),
    Control::act(
        Action::Undo,
        &[K::KeyZ, K::Backspace],
        &[Pad::LeftTrigger],
        "undo (hold to repeat)",
    )
    .when("play"),
    Control::act(
        Action::Redo,
        &[K::KeyY],
        &[Pad::RightTrigger],
        "redo (hold to repeat)",
    )
    .when("play"),
    Control::act(
        Action::Hint,
        &[K::KeyH, K::Space],
        &[Pad::North],
        "hint on / off (the next optimal move's tile turns yellow)",
    )
    .when("play"),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        "solve with the chosen algorithm; while searching: stop; in the demo: end it",
    )
    .when("play, demo"),
    Control::act(
        Action::Pause,
        &[K::Space, K::KeyP],
        &[Pad::North],
        "pause / resume",
    )
    .when("demo"),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        "step forward",
    )
    .when("demo"),
    Control::act(
        Action::StepBack,
        &[K::Comma],
        &[Pad::LeftTrigger],
        "step back",
    )
    .when("demo"),
    Control::act(Action::Slower, SLOWER, &[Pad::LeftTrigger2], "demo slower"),
    Control::act(Action::Faster, FASTER, &[Pad::RightTrigger2], "demo faster"),
    Control::act(
        Action::Compare,
        &[K::KeyT, K::F3],
        &[Pad::Mode],
        "compare every solver",
    ),
    Control::act(
        Action::NextGenerator,
        &[K::KeyG],
        &[Pad::LeftThumb],
        "the next algorithm",
    ),
    Control::act(
        Action::NextSize,
        &[K::BracketRight],
        &[Pad::RightThumb],
        "8-puzzle / 15-puzzle",
    ),
    Control::act(
        Action::NewBoard,
        &[K::KeyN],
        &[Pad::Select],
        "shuffle (uniformly random, or to a chosen distance)",
    ),
    Control::act(Action::Restart, &[K::F1], &[Pad::West], "restart"),
    Control::act(
        Action::Edit,
        &[K::KeyE, K::Tab],
        &[],
        "edit the start on the board; again: keep it",
    ),
    Control::moves("move the cursor").when("editor"),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        "pick a cell; a second pick swaps the two",
    )
    .when("editor")
    .mouse("left click"),
];

const MINES: &[Control] = &[
    Control::moves("move the cursor"),
    Control::act(
        Action::Confirm,
        ENTER,
        &[Pad::South],
        "open (on a number whose mines are all marked: its neighbours)",
    )
    .when("by hand")
    .mouse("left click"),
    Control::act(
        Action::Mark,
        &[K::Digit2, K::KeyM],
        &[Pad::West],
        "mark / unmark a mine",
    )
    .when("by hand")
    .mouse("right click"),
    Control::act(
        Action::Chord,
        &[K::Digit3, K::KeyC],
        &[Pad::North],
        "open the unmarked neighbours of a number",
    )
    .when("by hand"),
    Control::act(
        Action::Hint,
        &[K::KeyH, K::Space],
        &[Pad::LeftTrigger],
        "hint: the robot's best move, and why",
    )
    .when("by hand"),
    Control::act(
        Action::Replay,
        &[K::F2, K::KeyG],
        &[Pad::LeftThumb],
        "the robot plays / stops",
    ),
    Control::act(
        Action::Pause,
        &[K::Space, K::KeyP],
        &[Pad::South],
        "pause / resume",
    )
    .when("robot"),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        "one robot step",
    ),
    Control::act(Action::Slower, SLOWER, &[Pad::LeftTrigger2], "robot slower"),
    Control::act(
        Action::Faster,
        FASTER,
        &[Pad::RightTrigger2],
        "robot faster",
    ),
    Control::act(
        Action::Edit,
        &[K::KeyE],
        &[],
        "the overlay of the robot's knowledge on / off",
    ),
    Control::act(Action::NewBoard, &[K::KeyN], &[Pad::Select], "a new field"),
    Control::act(Action::Restart, &[K::F1], &[], "the same field again"),
    Control::act(
        Action::NextSize,
        &[K::BracketRight],
        &[Pad::RightThumb],
        "the next preset",
    ),
];

const SHOWCASE: &[Control] = &[
    Control::act(
        Action::Pause,
        &[K::Space, K::KeyP],
        &[Pad::South],
        "pause / resume",
    ),
    Control::act(
        Action::StepForward,
        &[K::Period],
        &[Pad::RightTrigger],
        "step forward (pauses)",
    ),
    Control::act(
        Action::StepBack,
        &[K::Comma],
        &[Pad::LeftTrigger],
        "step back (pauses)",
    ),
    Control::act(Action::Faster, FASTER, &[Pad::RightTrigger2], "faster"),
    Control::act(Action::Slower, SLOWER, &[Pad::LeftTrigger2], "slower"),
    Control::act(
        Action::Right,
        &[K::ArrowRight, K::KeyN],
        &[Pad::DPadRight],
        "the next scene",
    ),
    Control::act(
        Action::Left,
        &[K::ArrowLeft],
        &[Pad::DPadLeft],
        "the previous scene",
    ),
    Control::pointer("any other key, click or button", "back to the menu"),
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
/// control).
pub fn buttons_for(screen: AppState, action: Action) -> impl Iterator<Item = GamepadButton> {
    all(screen).flat_map(move |control| {
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

/// Controls as a Markdown table (README's controls tables are these).
pub fn markdown_table(controls: &[Control]) -> String {
    let mut out = String::from("| Action | Keyboard and mouse | Gamepad |\n|---|---|---|\n");
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
            control.full_meaning(),
            dash(control.keyboard_label()),
            dash(control.gamepad_label())
        ));
    }
    out
}

/// The tables README shows, by the name each is marked with: the controls every mode has, then
/// each screen's own.
pub fn readme_tables() -> Vec<(&'static str, &'static [Control])> {
    let mut tables = vec![("every mode", EVERYWHERE)];
    tables.extend(SCREENS.map(|(screen, name)| (name, of(screen))));
    tables
}

/// The screens, by the name their README tables are marked with.
pub const SCREENS: [(AppState, &str); 6] = [
    (AppState::Menu, "menu"),
    (AppState::Explore, "explore"),
    (AppState::Runner, "runner"),
    (AppState::Slide, "slide"),
    (AppState::Mines, "mines"),
    (AppState::Showcase, "showcase"),
];

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
                let by_keyboard =
                    !control.keys.is_empty() || matches!(control.bind, Bind::Move | Bind::Pointer);
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
                &[Action::Pause, Action::Restart, Action::Replay, Action::Edit],
            ),
            (
                AppState::Runner,
                &[Action::Hint, Action::Confirm, Action::NewBoard],
            ),
            (
                AppState::Slide,
                &[
                    Action::Confirm,
                    Action::Undo,
                    Action::Hint,
                    Action::NewBoard,
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
                ],
            ),
            (AppState::Showcase, &[Action::Pause, Action::Right]),
        ];
        for (screen, actions) in needed {
            for &action in actions {
                assert!(
                    buttons_for(screen, action).next().is_some(),
                    "{screen:?}: {action:?} has no button"
                );
            }
            assert!(buttons_for(screen, Action::Back).next().is_some());
            assert!(buttons_for(screen, Action::Panels).next().is_some());
        }
    }

    #[test]
    fn readme_tables_are_the_declared_controls() {
        let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
            .expect("README.md is readable");
        let mut wrong = Vec::new();
        for (name, controls) in readme_tables() {
            let marker = format!("<!-- controls: {name} -->\n");
            let expected = markdown_table(controls);
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
            "README's controls tables differ from the controls declared in \
             src/game/controls.rs; README should have:\n\n{}",
            wrong.join("\n")
        );
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
