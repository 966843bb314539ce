//! The window's smoke test: under a virtual X server with Mesa's software renderer (scripts/test installs both),
//! play a level for a few frames, take a screenshot with Bevy's screenshot API, and check that it shows the map and
//! the panels: the window's size, many colours, the terrain's colours in the middle, text in the panels. The window
//! is driven by its dev tools (`--screenshot`, `--autopilot`, `--screen-text` …): `scripts/test` turns them on.

use std::collections::HashSet;
use std::process::Command;

use crate::common;

/// The screenshot's pixels (RGB) and size.
fn screenshot(path: &std::path::Path) -> (Vec<[u8; 3]>, u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).expect("the screenshot")));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let pixels = buf[..info.buffer_size()].chunks(channels).map(|p| [p[0], p[1], p[2]]).collect();
    (pixels, info.width, info.height)
}

/// A settings file that is not there: the window runs at the default text size, whatever the machine keeps (and,
/// as a content folder, it holds no levels of the player's own).
fn no_settings() -> std::path::PathBuf {
    std::env::temp_dir().join("skirmish-gui-test-no-settings.ron")
}

/// Where the window's autosaves go in these tests (not the user's own saves folder).
fn saves_dir() -> std::path::PathBuf {
    std::env::temp_dir().join("skirmish-gui-test-saves")
}

#[test]
fn the_window_shows_the_map_and_the_panels() {
    let has_xvfb = Command::new("sh").args(["-c", "command -v xvfb-run"]).output().is_ok_and(|o| o.status.success());
    assert!(has_xvfb, "xvfb-run is missing: scripts/test installs it (apt-get install xvfb mesa-vulkan-drivers)");
    // Removed when the test ends.
    let tmp = tempfile::Builder::new().prefix("skirmish-gui-").tempdir().expect("a temporary folder");
    let dir = tmp.path();
    let shot = dir.join("street.png");
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "play"])
        // A slot a second: the battle is under way, not over, when the picture is taken (a loaded machine draws
        // 60 frames in four seconds or more).
        .args(["levels/street.ron", "--ruleset", "eclipse-phase", "--seed", "1", "--pace", "1", "--frames", "60"])
        // The pointer held over a Gang unit: the preview works out routes, sight and exact odds every slot.
        .args(["--hover", "30,4"])
        .arg("--screenshot")
        .arg(&shot)
        .output()
        .expect("runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the window failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("first frame after"), "{stdout}");
    let (pixels, width, height) = screenshot(&shot);
    assert_eq!((width, height), (1280, 720));
    let at = |x: u32, y: u32| pixels[(y * width + x) as usize];
    let colors: HashSet<[u8; 3]> = pixels.iter().copied().collect();
    assert!(colors.len() > 50, "a real picture, not a blank or one-colour window: {} colours", colors.len());
    // A wide map in a wide window: the log goes below it, and the map fills the room between the tracker (x < 250)
    // and the window's edge, below the top bar and the win chance bar (y > 48: see-through, they show the
    // background) and above the log (y < 480): hardly any of the background shows there.
    let room: Vec<[u8; 3]> =
        (250..1280).step_by(3).flat_map(|x| (48..480).step_by(3).map(move |y| (x, y))).map(|(x, y)| at(x, y)).collect();
    let bare = room.iter().filter(|c| **c == skirmish::ui::BACKGROUND).count() as f64 / room.len() as f64;
    assert!(bare < 0.2, "the map covers the room between the panels: {:.0} % of it is background", bare * 100.0);
    // The street's walls are light grey, its ground dark green-grey; the Crew's tokens blue, the Gang's red.
    let close = |c: [u8; 3], to: [u8; 3]| c.iter().zip(to).all(|(a, b)| a.abs_diff(b) <= 14);
    assert!(room.iter().any(|c| close(*c, [143, 145, 158])), "walls on the map");
    assert!(room.iter().any(|c| close(*c, [51, 56, 51])), "open ground on the map");
    assert!(room.iter().any(|c| c[2] > 200 && c[0] < 110), "the Crew's blue tokens");
    assert!(room.iter().any(|c| c[0] > 200 && c[1] < 110 && c[2] < 100), "the Gang's red tokens");
    // The panels carry text: many shades (antialiased glyphs) in the tracker and in the log below the map.
    let shades = |(x0, x1): (u32, u32), (y0, y1): (u32, u32)| {
        (x0..x1).flat_map(|x| (y0..y1).map(move |y| (x, y))).map(|(x, y)| at(x, y)).collect::<HashSet<_>>().len()
    };
    assert!(shades((0, 250), (30, 400)) > 20, "text in the initiative panel");
    assert!(shades((260, 1270), (500, 700)) > 20, "text in the log panel");
}

#[test]
fn the_menu_opens_and_lists_the_levels() {
    // Removed when the test ends.
    let tmp = tempfile::Builder::new().prefix("skirmish-menu-").tempdir().expect("a temporary folder");
    let dir = tmp.path();
    let menu = |saves: &std::path::Path, shot: &std::path::Path| {
        let out = Command::new("timeout")
            .env("SKIRMISH_SAVES", saves)
            .env("SKIRMISH_SETTINGS", no_settings())
            .env("SKIRMISH_CONTENT", no_settings())
            .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "menu"])
            .arg("--screenshot")
            .arg(shot)
            .output()
            .expect("runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        screenshot(shot)
    };
    let (shot, none_saved) = (dir.join("menu.png"), dir.join("none"));
    let (pixels, width, _) = menu(&none_saved, &shot);
    // The level list and the selected level's map in the middle column, the battle's settings on the right: text
    // and the map's colours there; nothing at the foot of the empty saved battles' column.
    let shades = |(x0, x1): (u32, u32), (y0, y1): (u32, u32)| -> usize {
        (x0..x1)
            .flat_map(|x| (y0..y1).map(move |y| (x, y)))
            .map(|(x, y)| pixels[(y * width + x) as usize])
            .collect::<HashSet<_>>()
            .len()
    };
    assert!(shades((320, 750), (60, 270)) > 20, "the level list");
    assert!(shades((320, 750), (290, 420)) > 30, "the selected level's map");
    assert!(shades((770, 1270), (60, 420)) > 20, "the ruleset and the sides");
    assert_eq!(shades((0, 100), (620, 720)), 1, "the background at the foot of the saves' column");
    // A saved battle: the menu lists it at the top left, with *Continue*.
    let saved = dir.join("saves");
    let save = saved.join("street.ron");
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["run", "levels/street.ron", "--ruleset", "storyteller", "--seed", "1", "--stop-after", "5", "--save"])
        .arg(&save)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (pixels, width, _) = menu(&saved, &dir.join("menu-saves.png"));
    let list: HashSet<[u8; 3]> =
        (20..340).flat_map(|x| (60..140).map(move |y| (x, y))).map(|(x, y)| pixels[(y * width + x) as usize]).collect();
    assert!(list.len() > 20, "the saved battles' list: {} shades", list.len());
}

#[test]
fn one_window_goes_from_the_menu_to_a_battle_and_back_and_plays_again() {
    // `--tour` drives the window as a player would: menu → battle → battle over → its review → Play again → Back to the menu →
    // another level → battle over → Quit, all in one process, a screenshot of each screen.
    // Removed when the test ends.
    let tmp = tempfile::Builder::new().prefix("skirmish-tour-").tempdir().expect("a temporary folder");
    let dir = tmp.path();
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "menu"])
        .arg("--tour")
        .arg(dir)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let steps: Vec<&str> = stdout.lines().filter(|l| l.starts_with("tour: ") || l.starts_with("battle: ")).collect();
    let expected = [
        "tour: menu (Menu, try",
        "tour: play Ambush at the ridge, every side by the AI",
        "battle: Ambush at the ridge (seed 1)",
        "tour: battle over after",
        "tour: battle-over (Over, try",
        "tour: review: ",
        "tour: review (Over, try",
        "tour: play again",
        "battle: Ambush at the ridge (seed 1)",
        "tour: the battle played again is the same battle: true",
        "tour: battle over after",
        "tour: back to the menu",
        "tour: menu-again (Menu, try",
        "tour: play Corridors, every side by the AI",
        "battle: Corridors (seed 1)",
        "tour: battle over after",
        "tour: second-battle-over (Over, try",
        "tour: quit",
    ];
    assert_eq!(steps.len(), expected.len(), "{stdout}");
    for (step, start) in steps.iter().zip(expected) {
        assert!(step.starts_with(start), "expected `{start}…`, got `{step}`:\n{stdout}");
    }
    // The menu is drawn (its text in many shades), and seen again it is the bare menu, the same background at the
    // corners (the battle's map and units are gone).
    let corner_of = |name: &str| {
        let (pixels, width, _) = screenshot(&dir.join(name));
        let all: HashSet<[u8; 3]> = pixels.iter().step_by(7).copied().collect();
        assert!(all.len() > 20, "{name} shows the menu: {} colours", all.len());
        (0..200).flat_map(|x| (500..700).map(move |y| (x, y))).map(|(x, y)| pixels[(y * width + x) as usize]).collect()
    };
    let (first, again): (HashSet<[u8; 3]>, HashSet<[u8; 3]>) = (corner_of("menu.png"), corner_of("menu-again.png"));
    assert_eq!(again.len(), 1, "nothing of the battle left on the menu");
    assert_eq!(again, first, "the menu's own background");
    // The battle-over screen keeps the final map in view: the ambush's river (blue) between the panels.
    let (pixels, width, _) = screenshot(&dir.join("battle-over.png"));
    let map: HashSet<[u8; 3]> = (260..890)
        .step_by(3)
        .flat_map(|x| (250..480).step_by(3).map(move |y| (x, y)))
        .map(|(x, y)| pixels[(y * width + x) as usize])
        .collect();
    assert!(map.len() > 30, "the map stays on screen: {} colours", map.len());
}

#[test]
fn without_a_display_the_game_says_so_in_one_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: no display to open a window on") && err.contains("skirmish run"), "{err}");
}

#[test]
fn the_hand_over_screen_covers_everything_between_two_players() {
    // Removed when the test ends.
    let tmp = tempfile::Builder::new().prefix("skirmish-handover-").tempdir().expect("a temporary folder");
    let dir = tmp.path();
    let shot = dir.join("handover.png");
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "play"])
        .args(["levels/street.ron", "--ruleset", "shadowrun4", "--seed", "3", "--pace", "0.05", "--frames", "60"])
        .args(["--human", "Crew", "--human", "Gang", "--name", "Crew=Ana", "--name", "Gang=Ben", "--fog"])
        // The pointer over a Gang unit: without the cover, its odds and route would show.
        .args(["--hover", "30,4", "--screenshot"])
        .arg(&shot)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (pixels, width, _) = screenshot(&shot);
    let cover = [16, 18, 24];
    let covered = pixels.iter().filter(|p| **p == cover).count();
    let mut counts = std::collections::HashMap::new();
    for p in &pixels {
        *counts.entry(*p).or_insert(0) += 1;
    }
    let common = counts.iter().max_by_key(|(_, n)| **n);
    assert!(covered * 100 >= pixels.len() * 97, "{covered} of {} pixels are the cover; most: {common:?}", pixels.len());
    // Not one pixel of the map's walls or of a unit (the sides' colours) shows (the grey text could pass for the
    // dark ground, so the ground is left to the 97% above).
    let close = |c: [u8; 3], to: [u8; 3]| c.iter().zip(to).all(|(a, b)| a.abs_diff(b) <= 6);
    for leak in [[133, 135, 148], [77, 153, 250], [235, 84, 69]] {
        assert!(!pixels.iter().any(|p| close(*p, leak)), "a colour of the battle shows: {leak:?}");
    }
    // The invitation to the first player is written in the middle.
    let middle: HashSet<[u8; 3]> = (440..840)
        .flat_map(|x| (260..360).map(move |y| (x, y)))
        .map(|(x, y)| pixels[(y * width + x) as usize])
        .collect();
    assert!(middle.len() > 10, "the hand-over's text: {} shades", middle.len());
}

/// One frame of `play --screen-text`: whom the screen shows, whose view the fog works out, whether the hand-over
/// screen covers it, the units hidden from the viewer, and every text painted.
struct Frame {
    number: String,
    viewer: String,
    fog_for: String,
    covered: bool,
    unseen: Vec<String>,
    texts: Vec<String>,
}

fn frames_of(text: &str) -> Vec<Frame> {
    let field =
        |line: &str, key: &str| line.split(' ').find_map(|w| w.strip_prefix(key)).unwrap_or_default().to_owned();
    text.split("=== frame ")
        .skip(1)
        .map(|block| {
            let lines: Vec<&str> = block.lines().collect();
            let head = lines.get(1).copied().unwrap_or_default();
            let unseen = lines.get(2).and_then(|l| l.strip_prefix("unseen=")).unwrap_or_default();
            Frame {
                number: lines[0].to_owned(),
                viewer: field(head, "viewer="),
                fog_for: field(head, "fog_for="),
                covered: field(head, "covered=") == "true",
                unseen: unseen.split('|').filter(|u| !u.is_empty()).map(str::to_owned).collect(),
                texts: lines.iter().filter_map(|l| l.strip_prefix("text=")).map(str::to_owned).collect(),
            }
        })
        .collect()
}

#[test]
fn under_fog_of_war_nothing_of_an_unseen_enemy_reaches_the_screen_between_hand_overs() {
    // Two players of the four gangs at the crossroads, the other two the AI's, fog of war; the players' turns are
    // taken by the autopilot through the same screens, and every text the window paints is written down, frame by
    // frame. The pointer rests on a Raven (far from both players at the start): its card must not show.
    let tmp = tempfile::Builder::new().prefix("skirmish-privacy-").tempdir().expect("a temporary folder");
    let text = tmp.path().join("screen.txt");
    let level = skirmish::scenario::level::load("levels/crossroads.ron".as_ref()).expect("a level");
    let s = level.scenario(skirmish::rules::any_ruleset::any::RulesetId::Storyteller).expect("a battle");
    let raven = s.sides().iter().position(|side| *side == "Ravens").expect("the Ravens");
    let (names, cells) = (s.names(), s.positions());
    let at = (0..names.len()).find(|&i| names[i].starts_with(s.sides()[raven])).expect("a Raven");
    let hover = format!("{},{}", cells[at].0, cells[at].1);
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "play"])
        .args(["levels/crossroads.ron", "--ruleset", "storyteller", "--seed", "5", "--pace", "0.05"])
        .args(["--human", "Jackals", "--human", "Vipers", "--fog", "--autopilot", "--quit-after", "900"])
        .args(["--hover", &hover, "--screen-text"])
        .arg(&text)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let frames = frames_of(&std::fs::read_to_string(&text).expect("the screen's text"));
    let shown: Vec<&Frame> = frames.iter().filter(|f| !f.covered && f.fog_for != "-").collect();
    let viewers: HashSet<&str> = shown.iter().map(|f| f.viewer.as_str()).collect();
    assert_eq!(viewers, HashSet::from(["Jackals", "Vipers"]), "both players had the screen");
    assert!(frames.iter().filter(|f| f.covered).count() >= 4, "hand-overs between them");
    let hiding = shown.iter().filter(|f| !f.unseen.is_empty()).count();
    assert!(hiding * 2 >= shown.len(), "the fog hid someone in {hiding} of {} frames", shown.len());
    assert!(shown.iter().map(|f| f.texts.len()).sum::<usize>() > 1000, "the panels' texts were written down");
    for f in &shown {
        assert_eq!(f.fog_for, f.viewer, "frame {}: the fog is worked out for whoever has the screen", f.number);
        for name in &f.unseen {
            let leak = f.texts.iter().find(|t| t.contains(name.as_str()));
            assert!(
                leak.is_none(),
                "frame {}: {} does not see {name}, yet the screen shows {leak:?}",
                f.number,
                f.viewer
            );
        }
    }
}

#[test]
fn a_display_whose_x_server_is_gone_is_said_in_one_line_too() {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["play", "levels/street.ron"])
        .env("DISPLAY", ":987")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "no panic, no backtrace: {err}");
    assert!(err.starts_with("error: no display to open a window on (no X server answers on DISPLAY :987)"), "{err}");
}

#[test]
fn a_battle_in_the_window_is_saved_after_every_decision_and_taken_up_again_with_load() {
    let tmp = tempfile::Builder::new().prefix("skirmish-saves-").tempdir().expect("a temporary folder");
    let saves = tmp.path().join("saves");
    let window = |args: &[&str]| {
        let out = Command::new("timeout")
            .env("SKIRMISH_SAVES", &saves)
            .env("SKIRMISH_SETTINGS", no_settings())
            .env("SKIRMISH_CONTENT", no_settings())
            .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "play"])
            .args(args)
            .output()
            .expect("runs");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
        stdout
    };
    window(&["levels/street.ron", "--ruleset", "storyteller", "--seed", "2", "--pace", "0.05", "--quit-after", "40"]);
    let files: Vec<_> =
        std::fs::read_dir(&saves).expect("the saves folder").map(|e| e.expect("a file").path()).collect();
    assert_eq!(files.len(), 1, "one file for the battle: {files:?}");
    let first = skirmish::battle::save::Save::read(&files[0]).expect("a save");
    assert!(!first.record.is_empty(), "the battle's decisions are in it");
    let load = files[0].to_str().expect("a path");
    let stdout = window(&["--load", load, "--pace", "0.05", "--quit-after", "40"]);
    assert!(stdout.contains("battle: Street with cover (seed 2)"), "{stdout}");
    let again = skirmish::battle::save::Save::read(&files[0]).expect("a save");
    assert!(again.record.len() > first.record.len(), "saved on to the same file");
    assert_eq!(again.record[..first.record.len()], first.record[..], "the battle went on from where it stopped");
    assert_eq!(std::fs::read_dir(&saves).expect("listed").count(), 1, "no other file");
    // Watched step by step: nothing plays by itself, and the save is left as it is.
    let stdout = window(&["--replay", load, "--quit-after", "20"]);
    assert!(stdout.contains("battle: Street with cover (seed 2)"), "{stdout}");
    let watched = skirmish::battle::save::Save::read(&files[0]).expect("a save");
    assert_eq!((watched.record, watched.saved_at), (again.record.clone(), again.saved_at), "a replay writes nothing");
    // A save that does not replay (two decisions swapped by hand) is said in one line before a window opens.
    let mut broken = again.clone();
    broken.record.swap(0, 1);
    let bad = tmp.path().join("bad.ron");
    broken.write(&bad).expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["play", "--load", bad.to_str().expect("a path")])
        .env("DISPLAY", ":9999")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("error: the save does not replay on "), "{stderr}");
}

#[test]
fn a_player_who_rolls_their_own_dice_is_asked_for_them_and_the_battle_waits() {
    let tmp = tempfile::Builder::new().prefix("skirmish-dice-").tempdir().expect("a temporary folder");
    let shot = tmp.path().join("dice.png");
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "play"])
        .args(["levels/street.ron", "--ruleset", "homebrew-d6", "--seed", "2", "--pace", "0.05", "--frames", "40"])
        .args(["--human", "Crew", "--by-hand", "Crew", "--screenshot"])
        .arg(&shot)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The first turn's initiative is the Crew's first roll: asked for at once, and asked once while it waits.
    let asked: Vec<&str> = stdout.lines().filter(|l| l.starts_with("dice to roll by hand:")).collect();
    assert_eq!(asked, ["dice to roll by hand: 7 d6 for Crew rifleman 1: Reaction 4 + Intuition 3 (initiative)"]);
    // A battle of dice all typed in (`run --typed`, faces from the terminal), saved and opened in the window: it goes
    // on asking for every die, the AI's too (it has no others).
    let save = tmp.path().join("typed.ron");
    let mut run = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["run", "levels/street.ron", "--ruleset", "shadowrun4", "--typed", "--stop-after", "3", "--save"])
        .arg(&save)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("runs");
    let faces = "5\n".repeat(400);
    std::io::Write::write_all(&mut run.stdin.take().expect("its input"), faces.as_bytes()).expect("typed");
    assert!(run.wait().expect("ends").success());
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "play"])
        .args(["--frames", "30", "--screenshot"])
        .arg(tmp.path().join("typed.png"))
        .arg("--load")
        .arg(&save)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // (How many dice depends on where the AI chose to shoot from; that it asks for its attack's is the point.)
    assert!(stdout.contains(" d6 for Gang rifleman 1: Agility 4 + Automatics 4"), "{stdout}");
    let err = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["play", "levels/street.ron", "--human", "Crew", "--by-hand", "Gang"])
        .env("DISPLAY", ":99")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&err.stderr);
    assert!(stderr.contains("--by-hand Gang: only a side you command"), "{stderr}");
}

#[test]
fn a_character_of_the_players_own_fights_on_a_level_and_its_save_takes_it_along() {
    let tmp = tempfile::Builder::new().prefix("skirmish-guest-").tempdir().expect("a temporary folder");
    let saves = tmp.path().join("saves");
    let gran = std::fs::canonicalize("tests/characters/gran.ron").expect("Gran");
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", &saves)
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "play"])
        .args(["levels/street.ron", "--ruleset", "shadowrun4", "--seed", "3", "--pace", "0.05", "--quit-after", "30"])
        .arg("--character")
        .arg(format!("Crew={}", gran.display()))
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let files: Vec<_> = std::fs::read_dir(&saves).expect("saves").map(|e| e.expect("a file").path()).collect();
    let save = skirmish::battle::save::Save::read(&files[0]).expect("a save");
    assert_eq!(save.battle.characters.len(), 1, "the save names the character that joined");
    let guest = &save.battle.characters[0];
    assert_eq!((guest.side.as_str(), std::fs::canonicalize(&guest.file).ok()), ("Crew", Some(gran.clone())));
    // Named by its full path (not in the content folder): it is found from wherever the save is taken up.
    let text = std::fs::read_to_string(&files[0]).expect("the save's text");
    assert!(text.contains(&format!("file: \"{}\"", gran.display())), "{text}");
    let scenario = save.battle.scenario().expect("the battle as the save sets it up again");
    assert!(scenario.names().contains(&"Gran".to_owned()), "{:?}", scenario.names());
    save.resume(skirmish::battle::no_typing).expect("the save replays with Gran in it");
}

#[test]
fn the_character_editor_opens_on_a_character() {
    let tmp = tempfile::Builder::new().prefix("skirmish-editor-").tempdir().expect("a temporary folder");
    let shot = tmp.path().join("editor.png");
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", tmp.path())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "characters"])
        .args(["tests/characters/gran.ron", "--frames", "20", "--screenshot"])
        .arg(&shot)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let (pixels, width, _) = screenshot(&shot);
    // Text in all three columns: the list, the sheet and the values that follow from it.
    for (from, to) in [(0, 300), (310, 830), (840, 1280)] {
        let lit = (60..400).flat_map(|y| (from..to).map(move |x| (x, y))).filter(|&(x, y)| {
            let [r, g, b] = pixels[(y * width + x) as usize];
            u32::from(r) + u32::from(g) + u32::from(b) > 450
        });
        assert!(lit.count() > 200, "text between x = {from} and {to}");
    }
    let missing =
        Command::new(env!("CARGO_BIN_EXE_skirmish")).args(["characters", "nowhere.ron"]).output().expect("runs");
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&missing.stderr), "error: nowhere.ron: no such character file\n");
}

#[test]
fn a_player_joins_an_online_battle_from_the_window_and_plays_it_to_its_end() {
    // A host in its own process (the crossroads, four gangs, the Storyteller rules); the window joins it as Ann,
    // takes the Jackals and says ready from the command line, and its autopilot gives every order through the
    // orders panel's plan, as clicks would. The AI plays the other gangs.
    let mut host =
        common::host::HostProcess::start(&["levels/crossroads.ron", "--ruleset", "storyteller", "--seed", "5"]);
    let tmp = tempfile::Builder::new().prefix("skirmish-join-").tempdir().expect("a temporary folder");
    let text = tmp.path().join("screen.txt");
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "join"])
        .arg(host.address.to_string())
        // The autopilot's window closes once the end has been on screen a moment (or, at the latest, here).
        .args(["--name", "Ann", "--side", "Jackals", "--ready", "--pace", "0.05", "--autopilot"])
        .args(["--quit-after", "5000", "--screen-text"])
        .arg(&text)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let frames = frames_of(&std::fs::read_to_string(&text).expect("the screen's text"));
    let shows = |f: &Frame, words: &str| f.texts.iter().any(|t| t.contains(words));
    let first = |words: &str| frames.iter().position(|f| shows(f, words));
    let lobby = first("Lobby — Crossroads").expect("the lobby showed");
    let battle = first("Ann commands Jackals").expect("the battle showed");
    let slot = first("'s orders").expect("the orders panel asked for a Jackal's orders");
    assert!(lobby < battle && battle <= slot, "lobby, then battle: frames {lobby}, {battle}, {slot}");
    let last = frames.last().expect("frames");
    assert!(shows(last, "The battle is over.") && shows(last, "Back to the menu"), "the end stays on screen");
    let said = host.said();
    assert!(said.contains("Ann: Jackals, ready") && said.contains("the battle is over"), "{said}");
    assert!(!said.contains("refused"), "every order the window gave was taken: {said}");
    assert_eq!(host.ends_within(30), Some(0), "the host closes once the battle is over and Ann was told");
}

#[test]
fn rolls_behind_the_gms_screen_never_reach_the_players_window_frame_by_frame() {
    // The Gang is rolled behind the screen and no GM sits at this one: every entry of the log is shown open and every
    // text the window paints is written down, frame by frame. The Crew's rolls show; the Gang's say only how they went.
    let tmp = tempfile::Builder::new().prefix("skirmish-screen-").tempdir().expect("a temporary folder");
    let text = tmp.path().join("screen.txt");
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", saves_dir())
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "play"])
        .args(["levels/street.ron", "--ruleset", "shadowrun4", "--seed", "4", "--pace", "0.05", "--human", "Crew"])
        .args(["--behind-screen", "Gang", "--autopilot", "--log-open", "--quit-after", "400", "--screen-text"])
        .arg(&text)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let frames = frames_of(&std::fs::read_to_string(&text).expect("the screen's text"));
    assert!(frames.len() >= 20, "{} frames written down", frames.len());
    let gang = |t: &str| t.starts_with("Gang ");
    let (mut veiled, mut crew_rolls) = (0, 0);
    for f in &frames {
        for t in &f.texts {
            let roll = t.contains("dice [") || t.contains(", rolled ");
            assert!(!(gang(t) && roll), "frame {}: a Gang roll shows: {t}", f.number);
            assert!(!t.contains(" hits against "), "frame {}: hits counted in an attack the Gang is in: {t}", f.number);
            veiled += usize::from(gang(t) && t.contains(" behind the screen: "));
            crew_rolls += usize::from(t.starts_with("Crew ") && roll);
        }
    }
    assert!(veiled >= 20 && crew_rolls >= 20, "painted: {veiled} veiled Gang rolls, {crew_rolls} Crew rolls");
}

#[test]
fn the_players_screen_at_the_table_shows_what_the_players_know_and_no_gm_panel_frame_by_frame() {
    // A GM runs the crossroads for two players (the Jackals and the Vipers) with fog of war, the Ravens rolled behind
    // the screen; its window saves the battle as it goes. The players' screen (`skirmish table`) opened on that save
    // is written down frame by frame: the players' fog together, the Ravens' rolls veiled, no GM panel.
    let tmp = tempfile::Builder::new().prefix("skirmish-table-").tempdir().expect("a temporary folder");
    let saves = tmp.path().join("saves");
    // Both at once, as at a table: the players' screen follows the battle as the GM's window plays and saves it.
    let mut gm = Command::new("timeout")
        .env("SKIRMISH_SAVES", &saves)
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "play"])
        .args(["levels/crossroads.ron", "--ruleset", "storyteller", "--seed", "5", "--pace", "0.1"])
        .args(["--human", "Jackals", "--human", "Vipers", "--gm", "--fog", "--behind-screen", "Ravens"])
        .args(["--autopilot", "--quit-after", "900"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("runs");
    let saved = (0..600).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(100));
        std::fs::read_dir(&saves).is_ok_and(|mut d| d.next().is_some())
    });
    assert!(saved, "the GM's window saved the battle");
    let text = tmp.path().join("table.txt");
    let out = Command::new("timeout")
        .env("SKIRMISH_SAVES", &saves)
        .env("SKIRMISH_SETTINGS", no_settings())
        .env("SKIRMISH_CONTENT", no_settings())
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", env!("CARGO_BIN_EXE_skirmish"), "table"])
        .args(["--log-open", "--quit-after", "600", "--screen-text"])
        .arg(&text)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(gm.wait().expect("the GM's window").success());
    let frames = frames_of(&std::fs::read_to_string(&text).expect("the screen's text"));
    let shown: Vec<&Frame> = frames.iter().filter(|f| f.texts.iter().any(|t| t == "Combat log")).collect();
    // A frame is written down when what it paints changed: the battle moved on under the players' eyes.
    assert!(shown.len() >= 10, "{} frames of the battle written down", shown.len());
    let raven_rolls = |t: &str| t.starts_with("Ravens ") && (t.contains("dice [") || t.contains(", rolled "));
    let (mut veiled, mut hiding) = (0, 0);
    for f in &shown {
        assert_eq!(f.fog_for, "Jackals+Vipers", "frame {}: the players' sides together", f.number);
        assert!(f.texts.iter().any(|t| t == "The players' screen"), "frame {}: said so on top", f.number);
        assert!(!f.texts.iter().any(|t| t == "Game master"), "frame {}: no GM panel", f.number);
        for t in &f.texts {
            assert!(!raven_rolls(t), "frame {}: a Ravens roll shows: {t}", f.number);
            veiled += usize::from(t.starts_with("Ravens ") && t.contains(" behind the screen: "));
        }
        for name in &f.unseen {
            let leak = f.texts.iter().find(|t| t.contains(name.as_str()));
            assert!(leak.is_none(), "frame {}: the players do not see {name}, yet {leak:?}", f.number);
        }
        hiding += usize::from(!f.unseen.is_empty());
    }
    assert!(hiding > 0, "the fog hid someone from the players");
    // The tracker's rows give this turn's initiative ("  12  ● Jackals scout 3"), read from the save, not "-".
    let scored =
        |t: &str| t.split_whitespace().next().is_some_and(|w| w.parse::<i32>().is_ok()) && t.contains(" Jackals ");
    let ordered = shown.iter().filter(|f| f.texts.iter().any(|t| scored(t))).count();
    assert!(ordered * 2 > shown.len(), "the turn's initiative in {ordered} of {} frames", shown.len());
    println!("{} frames: {veiled} veiled Ravens rolls painted, the fog hid someone in {hiding}", shown.len());
}
