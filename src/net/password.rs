//! Who may join: a host's password (or the join code it makes up) becomes the key of renet's secure connect tokens.
//! Both ends derive the same 32-byte key from the password (BLAKE3's key derivation); a player's game makes its own
//! connect token with it, and the host's transport opens only tokens made with its key. A player without the
//! password is turned away before the lobby (the host never hears it), and every packet between the two is
//! encrypted. A host with no password uses the key of the empty password: anyone with the game joins, the traffic
//! still encrypted. On an address other players can reach, a host with no password given makes up a join code.

use rand::RngExt;

/// The key both ends derive from `password` ("" for none). Case, spaces and dashes do not count: a join code read
/// aloud and typed "pnn 2xg 2xe" is the same as "PNN-2XG-2XE".
pub fn key_of(password: &str) -> [u8; 32] {
    let plain: String = password.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
    blake3::derive_key("skirmish 2026-12 join password v1", plain.to_uppercase().as_bytes())
}

/// A join code for a host whose players come from other machines: three groups of three letters and digits that
/// cannot be mistaken for one another when read aloud (no 0/O, 1/I/L), e.g. "K7Q-M2X-P9R".
pub fn join_code() -> String {
    const LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    let mut code = String::new();
    for group in 0..3 {
        if group > 0 {
            code.push('-');
        }
        for _ in 0..3 {
            code.push(LETTERS[rng.random_range(0..LETTERS.len())] as char);
        }
    }
    code
}

/// The password a host on `address` uses when given `password` (or told `open`): the one given; none on a
/// loopback address or when told to be open; else a join code made up now.
pub fn for_host(address: std::net::SocketAddr, password: Option<String>, open: bool) -> String {
    match password {
        Some(password) => password.trim().to_owned(),
        None if open || address.ip().is_loopback() => String::new(),
        None => join_code(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_makes_one_key_and_a_join_code_is_read_aloud_without_doubt() {
        assert_eq!(key_of("owl"), key_of(" owl "));
        assert_eq!(key_of("PNN-2XG-2XE"), key_of("pnn 2xg2xe"));
        assert_ne!(key_of("owl"), key_of("owls"));
        assert_ne!(key_of("owl"), key_of(""));
        let code = join_code();
        assert_eq!(code.len(), 11);
        assert!(code.chars().all(|c| c == '-' || (c.is_ascii_alphanumeric() && !"01OIL".contains(c))), "{code}");
        let loopback = "127.0.0.1:5757".parse().expect("an address");
        let anyone = "0.0.0.0:5757".parse().expect("an address");
        assert_eq!(for_host(loopback, None, false), "");
        assert_eq!(for_host(anyone, None, true), "");
        assert_eq!(for_host(anyone, None, false).len(), 11);
        assert_eq!(for_host(anyone, Some("owl".into()), false), "owl");
    }
}
