//! The keys of the seats this player's game sat in, kept between runs beside the window's settings (`seat-keys.ron`
//! in the configuration folder, or beside the file `$SKIRMISH_SETTINGS` names): a host gives each seat a key at its
//! first hello, and takes the seat back after a drop only from the game that says it. Kept by host and name, so one
//! machine may sit in several battles, or in one battle under several names.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where the keys are kept.
fn path() -> Option<PathBuf> {
    if let Some(file) = std::env::var_os("SKIRMISH_SETTINGS") {
        let settings = PathBuf::from(file);
        return Some(settings.with_file_name("seat-keys.ron"));
    }
    directories::ProjectDirs::from("", "", "skirmish").map(|d| d.config_dir().join("seat-keys.ron"))
}

/// The entry a seat is kept under: the host's address as the player typed it, and the name.
fn entry(host: &str, name: &str) -> String {
    format!("{} {}", host.trim(), name.trim())
}

/// Every key kept in `file` (none when there is no file, or it does not read: a key lost only means asking the
/// host for the seat).
fn all(file: Option<&Path>) -> BTreeMap<String, String> {
    let text = file.and_then(|p| std::fs::read_to_string(p).ok());
    text.and_then(|text| ron::from_str(&text).ok()).unwrap_or_default()
}

/// The key kept for the seat of `name` at `host`, if this game sat there.
pub fn kept(host: &str, name: &str) -> Option<String> {
    all(path().as_deref()).remove(&entry(host, name))
}

/// Keeps the key of the seat of `name` at `host` for the next run; why not, in words.
pub fn keep(host: &str, name: &str, key: &str) -> Result<(), String> {
    keep_in(&path().ok_or("no configuration folder to keep the seat's key in")?, (host, name), key)
}

fn keep_in(file: &Path, (host, name): (&str, &str), key: &str) -> Result<(), String> {
    let mut keys = all(Some(file));
    keys.insert(entry(host, name), key.to_owned());
    let text = ron::ser::to_string_pretty(&keys, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
    // Written whole or not at all, only this user's to read (a temporary file's).
    crate::scenario::content::write_atomically(file, &text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_kept_by_host_and_name_and_a_new_one_replaces_the_old() {
        let folder = tempfile::tempdir().expect("a folder");
        let file = folder.path().join("seat-keys.ron");
        keep_in(&file, ("127.0.0.1:5757", "Ann"), "a1").expect("kept");
        keep_in(&file, ("127.0.0.1:5757", "Bo"), "b1").expect("kept");
        keep_in(&file, ("10.0.0.2:5757", "Ann"), "a2").expect("kept");
        keep_in(&file, ("127.0.0.1:5757", "Ann"), "a3").expect("kept");
        let keys = all(Some(&file));
        assert_eq!(keys.get(&entry("127.0.0.1:5757", "Ann")).map(String::as_str), Some("a3"));
        assert_eq!(keys.get(&entry("127.0.0.1:5757", "Bo")).map(String::as_str), Some("b1"));
        assert_eq!(keys.get(&entry("10.0.0.2:5757", "Ann")).map(String::as_str), Some("a2"));
        std::fs::write(&file, "not ron").expect("written");
        assert!(all(Some(&file)).is_empty(), "a file that does not read keeps nothing");
    }
}
