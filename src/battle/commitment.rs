//! A host's commitment to its dice before a battle begins: a hash of the seed and a salt, shown in the lobby; the
//! salt keeps a small seed (`--seed 5`) from being found off its hash. `verify.rs` checks a save against it.

use serde::{Deserialize, Serialize};

/// What the lobby shows of a battle's dice before it begins (the hash), and what the save keeps to check it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commitment {
    /// [`hash_of`] the seed and the salt, in hex.
    pub hash: String,
    /// 128 random bits, in hex.
    pub salt: String,
}

impl Commitment {
    /// A commitment to `seed`, with a fresh salt.
    pub fn new(seed: u64) -> Self {
        let salt = format!("{:032x}", rand::random::<u128>());
        Commitment { hash: hash_of(seed, &salt), salt }
    }

    /// The hash as a player reads it aloud: its first 16 hex digits.
    pub fn short(hash: &str) -> &str {
        hash.get(..16).unwrap_or(hash)
    }
}

/// The commitment's hash: BLAKE3 of a domain tag, the seed (8 bytes, little-endian) and the salt's text.
pub fn hash_of(seed: u64, salt: &str) -> String {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"skirmish dice commitment v1\0");
    hasher.update(&seed.to_le_bytes());
    hasher.update(salt.as_bytes());
    hasher.finalize().to_hex().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commitment_holds_for_its_seed_alone_and_its_salt_hides_a_small_seed() {
        let c = Commitment::new(5);
        assert_eq!(hash_of(5, &c.salt), c.hash);
        assert_ne!(hash_of(6, &c.salt), c.hash);
        assert_ne!(Commitment::new(5).hash, c.hash, "a fresh salt each time");
        assert_eq!(c.hash.len(), 64);
        assert_eq!(c.salt.len(), 32);
    }
}
