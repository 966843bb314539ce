//! Where battles come from: the project's own folders (`levels/`, `scenarios/`) and the player's content folder in
//! the user's data folder (`$SKIRMISH_CONTENT`, else the platform's convention found by `directories`: on Linux
//! `~/.local/share/skirmish/content`), with `levels/` and `characters/` of their own. The menu lists both, the
//! player's marked; `skirmish check` takes whole folders. And how the player's files are written: atomically, the
//! file replaced kept as a backup, with a digest to tell a changed file by.

use std::hash::Hasher;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::WriteError;

/// Where a level or scenario comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Shipped with the game.
    Shipped,
    /// The player's own, from their content folder.
    Yours,
}

/// The player's content folder: `$SKIRMISH_CONTENT` when set (tests, a shared folder), else `content` in the user's
/// data folder; none on a system without one.
pub fn user_folder() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SKIRMISH_CONTENT") {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "skirmish").map(|dirs| dirs.data_dir().join("content"))
}

/// The folders levels are read from, with their origin: the game's `levels` folder, then the `levels` of the
/// player's content folder `user` ([`user_folder`]).
pub fn level_folders(shipped: &Path, user: Option<&Path>) -> Vec<(PathBuf, Origin)> {
    let mut folders = vec![(shipped.to_path_buf(), Origin::Shipped)];
    if let Some(user) = user {
        folders.push((user.join("levels"), Origin::Yours));
    }
    folders
}

/// A fresh file name for a character, level or export called `name` in `folder`, ending in `.{extension}`: its name
/// in lower case, letters and digits kept, and a number when the name is taken.
pub fn new_file(folder: &Path, name: &str, extension: &str) -> PathBuf {
    let stem: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
        .collect::<String>()
        .trim_matches('_')
        .to_owned();
    let stem = if stem.is_empty() { "mine".to_owned() } else { stem };
    let mut path = folder.join(format!("{stem}.{extension}"));
    for n in 2.. {
        if !path.exists() {
            break;
        }
        path = folder.join(format!("{stem}_{n}.{extension}"));
    }
    path
}

/// Writes `text` to `path` atomically; a file already there is first kept beside it as `<name>.bak` (one
/// generation: what the player made before this save is never lost to it).
pub fn write_keeping_backup(path: &Path, text: &str) -> Result<(), WriteError> {
    if path.is_file() {
        let mut backup = path.as_os_str().to_owned();
        backup.push(".bak");
        std::fs::copy(path, &backup).map_err(|source| WriteError::Backup { path: path.to_owned(), source })?;
    }
    write_atomically(path, text)
}

/// The RON files at `paths`: a file as it is, a folder's `.ron` files and its folders' (sorted, hidden ones left
/// out). A path that does not exist is kept, for its error.
pub fn ron_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in paths {
        match path.is_dir() {
            true => walk(path, &mut out),
            false => out.push(path.clone()),
        }
    }
    out
}

fn walk(folder: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let hidden = path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|x| x == "ron") {
            out.push(path);
        }
    }
}

/// The digest of a file's text (FNV-1a, 64 bits, in hex), or `None` when it cannot be read.
pub fn digest_of(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(&bytes);
    Some(format!("{:016x}", hasher.finish()))
}

/// Writes `text` to `path` through a temporary file in the same folder, flushed to disk and renamed over `path`:
/// whoever reads `path` sees the old text or the new, never half of one.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), WriteError> {
    let unwritten = |source| WriteError::Write { path: path.to_owned(), source };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&folder).map_err(|source| WriteError::Folder { folder: folder.clone(), source })?;
    let mut file = tempfile::NamedTempFile::new_in(&folder).map_err(unwritten)?;
    file.write_all(text.as_bytes()).map_err(unwritten)?;
    file.as_file().sync_all().map_err(unwritten)?;
    file.persist(path).map_err(|e| unwritten(e.error))?;
    Ok(())
}

/// How a save names a file in the player's content folder: `<content>/levels/mine.ron`, found in the content folder
/// wherever that is when the save is taken up (another machine, a moved folder).
pub const IN_CONTENT: &str = "<content>";

/// `file` as a save keeps it, so that the save travels: a file of the player's content folder as [`IN_CONTENT`]
/// and its place there, anything else (a shipped level) by its full path, which holds wherever the save is taken up
/// on this machine (a path relative to the game's folder would not, from another folder); a moved game folder is
/// found again by [`located`].
pub fn portable(file: &Path) -> PathBuf {
    let Ok(full) = std::fs::canonicalize(file) else { return file.to_owned() };
    let content = user_folder().and_then(|root| std::fs::canonicalize(root).ok());
    match content.and_then(|root| full.strip_prefix(root).ok().map(Path::to_path_buf)) {
        Some(rest) => Path::new(IN_CONTENT).join(rest),
        None => full,
    }
}

/// Where a file a save names (see [`portable`]) is now: in the content folder for [`IN_CONTENT`], else where it
/// says. Not there (a save from another machine, a game folder moved), the file of the same name in the game's
/// `levels/`, `scenarios/`, the content folder's `levels/` or `characters/`, or beside the save (`beside`), whose
/// text has `digest` (else one of that name at all): the battle's start says when it has changed.
pub fn located(file: &Path, digest: &str, beside: Option<&Path>) -> PathBuf {
    let user = user_folder();
    let named = match (file.strip_prefix(IN_CONTENT), &user) {
        (Ok(rest), Some(user)) => user.join(rest),
        _ => file.to_owned(),
    };
    if named.exists() {
        return named;
    }
    let Some(name) = file.file_name() else { return named };
    let mut folders = vec![PathBuf::from("levels"), PathBuf::from("scenarios")];
    if let Some(user) = &user {
        folders.extend([user.join("levels"), user.join("characters")]);
    }
    folders.extend(beside.map(Path::to_path_buf));
    let found: Vec<PathBuf> = folders.iter().map(|f| f.join(name)).filter(|p| p.exists()).collect();
    let same = found.iter().find(|p| digest_of(p).is_some_and(|d| d == digest));
    same.or(found.first()).cloned().unwrap_or(named)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_takes_its_extension_and_a_number_when_the_name_is_taken() {
        let dir = tempfile::tempdir().expect("a folder");
        let first = new_file(dir.path(), "Street (SR4) 12", "csv");
        assert_eq!(first, dir.path().join("street__sr4__12.csv"));
        std::fs::write(&first, "").expect("written");
        assert_eq!(new_file(dir.path(), "Street (SR4) 12", "csv"), dir.path().join("street__sr4__12_2.csv"));
        assert_eq!(new_file(dir.path(), "Street (SR4) 12", "ron"), dir.path().join("street__sr4__12.ron"));
    }

    #[test]
    fn a_folder_becomes_its_ron_files_and_a_file_stays_itself() {
        let dir = tempfile::tempdir().expect("a folder");
        let root = dir.path();
        std::fs::create_dir_all(root.join("levels/more")).expect("folders");
        for file in ["levels/b.ron", "levels/a.ron", "levels/more/c.ron", "levels/notes.txt", "levels/.hidden.ron"] {
            std::fs::write(root.join(file), "()").expect("written");
        }
        let missing = root.join("nowhere.ron");
        let files = ron_files(&[root.join("levels"), missing.clone()]);
        let names: Vec<PathBuf> = files.iter().map(|p| p.strip_prefix(root).unwrap_or(p).to_path_buf()).collect();
        let expected = ["levels/a.ron", "levels/b.ron", "levels/more/c.ron", "nowhere.ron"];
        assert_eq!(names, expected.map(PathBuf::from));
    }
}
