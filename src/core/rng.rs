//! Seeded randomness: every random board comes from a `u64` seed, shown to the player and
//! accepted on the command line, and the same seed gives the same board on every machine.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The game's random number generator: `ChaCha8`, whose output is fixed by its specification
/// (unlike `StdRng`, which may change between versions of `rand`).
pub type GameRng = ChaCha8Rng;

/// The generator for `seed`.
pub fn from_seed(seed: u64) -> GameRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A fresh seed for a "random" board (from the operating system), to be shown and reused.
pub fn fresh_seed() -> u64 {
    use rand::RngExt;
    rand::rng().random::<u64>() % 1_000_000_000
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let a: Vec<u32> = (0..8)
            .map(|_| 0)
            .scan(from_seed(7), |r, _: i32| Some(r.random()))
            .collect();
        let b: Vec<u32> = (0..8)
            .map(|_| 0)
            .scan(from_seed(7), |r, _: i32| Some(r.random()))
            .collect();
        let c: Vec<u32> = (0..8)
            .map(|_| 0)
            .scan(from_seed(8), |r, _: i32| Some(r.random()))
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert!(fresh_seed() < 1_000_000_000);
    }
}
