//! Best times kept across runs, per mode and board size, next to the settings.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{data_dir, write_atomically};

/// Best times used to live in the data folder; they now sit next to the settings. Copies an
/// old file over once, when the config folder has none yet (errors leave things as they were).
pub fn adopt_old_best_times(config_dir: &Path) {
    let new = config_dir.join("best-times.json");
    let old = data_dir().join("best-times.json");
    if !new.exists() && old.exists() && old != new {
        let _ = std::fs::create_dir_all(config_dir);
        let _ = std::fs::copy(&old, &new);
    }
}

/// The best-times file's format version.
pub const BEST_TIMES_VERSION: u32 = 1;

/// Best times kept across runs, per mode and board size (`"runner 21x21"` → seconds).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BestTimes {
    /// File format version, for later migrations.
    pub version: u32,
    pub times: BTreeMap<String, f64>,
}

impl BestTimes {
    /// The best time for `key`, if any.
    pub fn best(&self, key: &str) -> Option<f64> {
        self.times.get(key).copied()
    }

    /// Keeps `seconds` when it beats the best for `key` (or is the first); returns true then.
    pub fn record(&mut self, key: &str, seconds: f64) -> bool {
        if !seconds.is_finite() || seconds < 0.0 {
            return false;
        }
        match self.times.get(key) {
            Some(&best) if best <= seconds => false,
            _ => {
                self.times.insert(key.to_string(), seconds);
                true
            }
        }
    }

    /// Reads the best times. A missing file is an empty table; a corrupt one (or one from a
    /// newer game) is an empty table plus a message, the bad file kept as `.bak` so the next
    /// save does not lose it.
    pub fn load(path: &Path) -> (BestTimes, Option<crate::core::text::Phrase>) {
        super::load_or_default(path, crate::msg!("best times"), |text| {
            super::parse_versioned::<BestTimes>(text, BEST_TIMES_VERSION)
        })
    }

    /// Writes the best times atomically.
    pub fn save(&self, path: &Path) -> Result<(), crate::core::text::Phrase> {
        let current = BestTimes {
            version: BEST_TIMES_VERSION,
            times: self.times.clone(),
        };
        let text = serde_json::to_string_pretty(&current).expect("plain data serialises");
        write_atomically(path, &text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_times_keep_the_best_and_survive_corruption() {
        let dir = super::super::test_dir("best");
        let path = dir.join("best-times.json");
        let (mut times, warning) = BestTimes::load(&path);
        assert!(warning.is_none() && times.times.is_empty());
        assert!(times.record("runner 21x21", 30.0));
        assert!(!times.record("runner 21x21", 31.0));
        assert!(times.record("runner 21x21", 12.5));
        assert!(!times.record("runner 21x21", f64::NAN));
        times.save(&path).unwrap();
        assert_eq!(BestTimes::load(&path).0.best("runner 21x21"), Some(12.5));
        std::fs::write(&path, "{ not json").unwrap();
        let (times, warning) = BestTimes::load(&path);
        assert!(times.times.is_empty());
        assert!(warning.unwrap().english().contains("not valid JSON"));
        assert!(path.with_extension("json.bak").exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
