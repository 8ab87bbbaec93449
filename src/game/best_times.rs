//! Best times, shared by the modes that keep them (Runner by maze size, Mines by preset and
//! first-click rule): one resource, read from and saved to `best-times.json` next to the
//! settings when the game has a data folder (not in tests and screenshots).

use bevy::prelude::*;

use super::Launch;
use crate::store::best_times::BestTimes;

/// Best times, and where they are kept (`None`: not kept, as in tests and screenshots).
#[derive(Resource, Debug, Default)]
pub struct BestTimesStore {
    pub times: BestTimes,
    pub path: Option<std::path::PathBuf>,
}

impl BestTimesStore {
    /// Keeps `seconds` when it beats the best for `key` (and saves the file); true then.
    pub fn record(&mut self, key: &str, seconds: f64) -> bool {
        if !self.times.record(key, seconds) {
            return false;
        }
        if let Some(path) = &self.path
            && let Err(e) = self.times.save(path)
        {
            warn!("{e}");
        }
        true
    }
}

pub(super) fn plugin(app: &mut App) {
    let launch = Launch::of(app);
    let store = match &launch.data_dir {
        Some(dir) => {
            let path = dir.join("best-times.json");
            let (times, warning) = BestTimes::load(&path);
            if let Some(warning) = warning {
                warn!("{warning}");
            }
            BestTimesStore {
                times,
                path: Some(path),
            }
        }
        None => BestTimesStore::default(),
    };
    app.insert_resource(store);
}
