//! The game's seven screens in one list: the command line's `--mode`, the game's states, the
//! menu and the game IDs all read it.

use std::fmt;

/// The screens the game can open on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    #[default]
    Menu,
    Explore,
    Runner,
    Slide,
    Mines,
    Showcase,
    /// Students' own searches, run, watched and judged.
    Lab,
}

impl Mode {
    /// Every screen, in the menu's order (the menu first).
    pub const ALL: [Mode; 7] = [
        Mode::Menu,
        Mode::Explore,
        Mode::Runner,
        Mode::Slide,
        Mode::Mines,
        Mode::Showcase,
        Mode::Lab,
    ];

    // i18n: off (command-line names)
    /// The name on the command line and in game IDs.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Menu => "menu",
            Mode::Explore => "explore",
            Mode::Runner => "runner",
            Mode::Slide => "slide",
            Mode::Mines => "mines",
            Mode::Showcase => "showcase",
            Mode::Lab => "lab",
        }
    }

    // i18n: on

    /// The name shown to players (a message: `Lang::tr` it).
    pub fn title(self) -> &'static str {
        match self {
            Mode::Menu => crate::msg!("Menu"),
            Mode::Explore => crate::msg!("Explore"),
            Mode::Runner => crate::msg!("Runner"),
            Mode::Slide => crate::msg!("Slide"),
            Mode::Mines => crate::msg!("Mines"),
            Mode::Showcase => crate::msg!("Showcase"),
            Mode::Lab => crate::msg!("Lab"),
        }
    }

    /// The screen of this name (as [`Mode::name`] gives it).
    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name)
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mode_has_a_distinct_name_that_reads_back() {
        for mode in Mode::ALL {
            assert_eq!(Mode::from_name(mode.name()), Some(mode));
            assert_eq!(mode.title().to_lowercase(), mode.name());
        }
        assert_eq!(Mode::from_name("Menu"), None, "names are lower case");
    }
}
