//! Learn in the Showcase: the scene's algorithm explained on the scene's own board — a pane's
//! search, carving or solver through the shared Learn panel (its pane drawn from the
//! walkthrough's step), the robot's reasoning through Mines' panel. L (gamepad Y) or the
//! caption's button opens it on the first pane (the panel chooses another); the show pauses
//! while it is open, and its step, play and speed keys drive Learn instead.

use bevy::prelude::*;

use super::Showcase;
use crate::core::learn::Keep;
use crate::core::showcase::{Look, Teach};
use crate::game::learn::{Learn, LearnCommand, key_of, slide_title};
use crate::game::mines::{MinesLearn, MinesLearnCommand, Tint};

/// How much a Showcase walkthrough keeps, and how many nodes a puzzle search may expand.
const KEEP: Keep = Keep {
    open: 48,
    steps: 30_000,
};
const MAX_NODES: usize = 200_000;

/// Which pane Learn explains, and for which scene build (a new scene closes it).
#[derive(Resource, Debug, Default)]
pub struct ShowcaseLearn {
    pub pane: usize,
    made_for: Option<u64>,
}

impl ShowcaseLearn {
    /// True when Learn is open on the Showcase (the walkthrough or the robot's reasoning).
    pub fn is_open(&self) -> bool {
        self.made_for.is_some()
    }
}

/// Learn's state as the Showcase reads it.
#[derive(bevy::ecs::system::SystemParam)]
pub struct LearnSeen<'w> {
    pub state: Res<'w, ShowcaseLearn>,
    pub learn: Res<'w, Learn>,
    pub robot: Res<'w, MinesLearn>,
}

/// What the Showcase sends Learn.
#[derive(bevy::ecs::system::SystemParam)]
pub struct LearnOut<'w> {
    pub state: MessageWriter<'w, ShowcaseLearnCommand>,
    pub learn: MessageWriter<'w, LearnCommand>,
    pub robot: MessageWriter<'w, MinesLearnCommand>,
}

/// What the Showcase asks of Learn.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowcaseLearnCommand {
    /// Open on the first pane, or close.
    Toggle,
    /// Explain pane `n` of the scene.
    Pane(usize),
}

/// Opens Learn on `pane` of the scene shown (pausing the show), or closes it.
pub(super) fn apply(
    mut commands: MessageReader<ShowcaseLearnCommand>,
    mut showcase: ResMut<Showcase>,
    mut state: ResMut<ShowcaseLearn>,
    mut learn: ResMut<Learn>,
    mut robot: ResMut<MinesLearn>,
    mut from_panel: MessageReader<MinesLearnCommand>,
) {
    // a new scene (or none yet) closes it; so does the panel's close button
    let built = showcase.show.as_ref().map(|_| showcase.revision_of_build());
    if state.made_for.is_some() && state.made_for != built {
        close(&mut state, &mut learn, &mut robot);
    }
    if state.is_open() && !learn.is_open() && !robot.is_open() {
        state.made_for = None;
    }
    for command in from_panel.read() {
        robot.apply(*command);
    }
    for command in commands.read() {
        let pane = match *command {
            ShowcaseLearnCommand::Toggle if state.is_open() => {
                close(&mut state, &mut learn, &mut robot);
                continue;
            }
            ShowcaseLearnCommand::Toggle => 0,
            ShowcaseLearnCommand::Pane(n) => n,
        };
        let Some(show) = showcase.show.as_ref() else {
            continue;
        };
        let Some(chosen) = show.panes.get(pane) else {
            continue;
        };
        let key = key_of((show.kind.index(), show.seed, pane));
        close(&mut state, &mut learn, &mut robot);
        let opened = match chosen.teach() {
            Some(Teach::Robot(_)) => chosen.view().map(|view| robot.open_on(view, key)),
            Some(teach) => chosen.walkthrough(KEEP, MAX_NODES).map(|walk| {
                learn.open(walk, key);
                if let Teach::Slide(algorithm, _) = teach {
                    learn.set_title(slide_title(algorithm));
                }
            }),
            None => None,
        };
        if opened.is_some() {
            state.pane = pane;
            state.made_for = built;
            showcase.paused = true;
            showcase.revision += 1;
        }
    }
}

fn close(state: &mut ShowcaseLearn, learn: &mut Learn, robot: &mut MinesLearn) {
    state.made_for = None;
    learn.close();
    robot.close();
}

/// While Learn is open the show's step, play and speed keys are Learn's: sends their
/// commands (the robot's reasoning steps only).
pub(super) fn route(
    (forward, back, pause, faster, slower): (bool, bool, bool, bool, bool),
    (robot, robot_speed): (bool, f32),
    learn_out: &mut MessageWriter<LearnCommand>,
    robot_out: &mut MessageWriter<MinesLearnCommand>,
) {
    if robot {
        if forward {
            robot_out.write(MinesLearnCommand::Forward);
        }
        if back {
            robot_out.write(MinesLearnCommand::Back);
        }
        if pause {
            robot_out.write(MinesLearnCommand::TogglePlay);
        }
        for (fired, factor) in [(faster, 2.0), (slower, 0.5)] {
            if fired {
                robot_out.write(MinesLearnCommand::SetSpeed(robot_speed * factor));
            }
        }
        return;
    }
    for (fired, command) in [
        (forward, LearnCommand::Forward),
        (back, LearnCommand::Back),
        (pause, LearnCommand::TogglePlay),
        (faster, LearnCommand::Faster),
        (slower, LearnCommand::Slower),
    ] {
        if fired {
            learn_out.write(command);
        }
    }
}

/// The looks of pane `pane` as Learn shows it, when Learn is open on it.
pub(super) fn looks(
    state: &ShowcaseLearn,
    show: &crate::core::showcase::Show,
    (learn, robot): (&Learn, &MinesLearn),
    pane: usize,
) -> Option<Vec<Look>> {
    if !state.is_open() || state.pane != pane {
        return None;
    }
    let shown = show.panes.get(pane)?;
    if let Some(walk) = learn.walk() {
        return shown.learn_looks(walk);
    }
    // the robot's reasoning: what the step decides, over the pane's own board
    let tints = robot.tints()?;
    let mut looks = shown.looks();
    for (look, tint) in looks.iter_mut().zip(tints) {
        if let Look::Hidden { risk, next } = look {
            match tint {
                Tint::Deduced(c) | Tint::Now(c) => {
                    *risk = Some(if c == crate::core::mines::robot::Claim::Mine {
                        1.0
                    } else {
                        0.0
                    });
                    *next = false;
                }
                Tint::Chosen => *next = true,
                Tint::Group | Tint::Around => {
                    *risk = None;
                    *next = false;
                }
                Tint::None | Tint::Number => *next = false,
            }
        }
    }
    Some(looks)
}

/// A number that changes whenever what Learn shows changes (for repainting).
pub(super) fn paint_key(learn: &Learn, robot: &MinesLearn) -> u64 {
    let walk = learn.walk().map_or(0, |w| {
        learn.opened() * 1_000_003 + w.index().map_or(0, |i| i as u64 + 1)
    });
    walk.wrapping_add(robot.paint_key().wrapping_mul(31))
}
