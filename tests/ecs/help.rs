//! The help window names every key the window reads: a key added to the battle screen without a line in the help
//! fails here.

use skirmish::ui::battle::help::{HINT, KEYS};

/// How the help writes a key the code reads as `KeyCode::…`.
fn label(code: &str) -> Option<&'static str> {
    Some(match code {
        "Space" => "Space",
        "KeyN" | "Enter" => "N or Enter",
        "BracketLeft" | "BracketRight" => "[  ]",
        "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "KeyA" | "KeyD" | "KeyW" | "KeyS" => "Arrows or WASD",
        "Equal" | "NumpadAdd" | "Minus" | "NumpadSubtract" => "Wheel or + −",
        "Escape" => "Esc or right click",
        "KeyE" => "E",
        "KeyL" => "L",
        "KeyG" => "G",
        "KeyH" => "H",
        "KeyO" => "O",
        "KeyB" => "B",
        "KeyX" => "X",
        "Tab" | "ShiftLeft" | "ShiftRight" => "Tab, Shift+Tab",
        d if d.starts_with("Digit") => "1 – 9",
        "F1" | "Slash" => "F1 or ?",
        "ControlLeft" | "ControlRight" | "KeyZ" | "KeyY" => "Ctrl+Z, Ctrl+Y",
        _ => return None,
    })
}

/// Every `.rs` file under `dir`, in its folders too.
fn sources(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a file").path();
        match path.is_dir() {
            true => out.extend(sources(&path)),
            false => out.push(path),
        }
    }
    out
}

#[test]
fn the_help_names_every_key_the_window_reads() {
    let named: Vec<&str> = KEYS.iter().flat_map(|(_, keys)| keys.iter().map(|(k, _)| *k)).collect();
    let mut read = 0;
    for path in sources(std::path::Path::new("src/ui")) {
        let source = std::fs::read_to_string(&path).expect("source");
        for part in source.split("KeyCode::").skip(1) {
            let code: String = part.chars().take_while(|c| c.is_alphanumeric()).collect();
            let Some(label) = label(&code) else {
                panic!("{}: KeyCode::{code} has no line in the help (src/ui/battle/help.rs)", path.display());
            };
            assert!(named.contains(&label), "{}: KeyCode::{code} is not in the help as {label}", path.display());
            read += 1;
        }
    }
    assert!(read > 20, "only {read} keys found in src/ui");
    assert!(HINT.contains("Enter") && HINT.contains("F1"), "{HINT}");
}
