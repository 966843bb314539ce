//! The menu's fixed battles: the scenarios shipped in the game's `scenarios/` and the player's own in the content
//! folder's `scenarios/`, each with its own ruleset, fighters and options. One chosen takes the place of the level:
//! the menu's sides, fog, seed and *Play* then apply to it.

use std::path::{Path, PathBuf};

use bevy_egui::egui;

use crate::scenario::{Scenario, ScenarioError};
use crate::ui::ruleset_name;

/// The scenarios, and the one chosen (none: a level is).
#[derive(Default)]
pub struct Scenarios {
    list: Vec<Listed>,
    chosen: Option<usize>,
}

/// One scenario file: where it is, whether it is the player's, and it read or why it is not.
struct Listed {
    path: PathBuf,
    yours: bool,
    read: Result<Scenario, ScenarioError>,
}

impl Scenarios {
    /// The scenarios in `shipped` and in the content folder `user`'s `scenarios/`, the choice kept if still there.
    pub fn read(&mut self, shipped: &Path, user: Option<&Path>) {
        let chosen = self.chosen().map(|(p, _)| p.to_owned());
        let theirs = user.map(|u| u.join("scenarios"));
        // A player without scenarios of their own has no such folder: nothing to say.
        let folders: Vec<PathBuf> =
            std::iter::once(shipped.to_owned()).chain(theirs.clone()).filter(|f| f.is_dir()).collect();
        let files = crate::scenario::content::ron_files(&folders);
        self.list = files
            .into_iter()
            .map(|path| {
                let yours = theirs.as_ref().is_some_and(|t| path.starts_with(t));
                Listed { read: crate::scenario::load(&path), path, yours }
            })
            .collect();
        self.chosen = chosen.and_then(|c| self.list.iter().position(|l| l.path == c));
    }

    /// The scenario chosen, and its file.
    pub fn chosen(&self) -> Option<(&Path, &Scenario)> {
        let listed = self.list.get(self.chosen?)?;
        listed.read.as_ref().ok().map(|s| (listed.path.as_path(), s))
    }

    /// Chooses the scenario whose file ends so (the menu's tests).
    #[cfg(test)]
    pub fn choose_file(&mut self, name: &str) {
        self.chosen = self.list.iter().position(|l| l.path.ends_with(name));
    }

    /// A level is chosen instead.
    pub fn unchoose(&mut self) {
        self.chosen = None;
    }

    /// The list to choose from; whether one was chosen now.
    pub fn choose(&mut self, ui: &mut egui::Ui) -> bool {
        if self.list.is_empty() {
            return false;
        }
        ui.add_space(6.0);
        ui.strong("Scenarios");
        ui.weak("Fixed battles: their own ruleset, fighters and options");
        let mut picked = None;
        for (i, listed) in self.list.iter().enumerate() {
            match &listed.read {
                Ok(s) => {
                    let mark = if listed.yours { "  · yours" } else { "" };
                    let text = format!("{}  ({}){mark}", s.name, ruleset_name(s.ruleset_id()));
                    if ui.selectable_label(self.chosen == Some(i), text).clicked() {
                        picked = Some(i);
                    }
                }
                Err(e) => {
                    ui.colored_label(egui::Color32::from_rgb(255, 120, 100), e.to_string());
                }
            }
        }
        if let Some(i) = picked {
            self.chosen = Some(i);
        }
        picked.is_some()
    }

    /// What the chosen scenario is, where the level's map would be.
    pub fn describe(&self, ui: &mut egui::Ui) {
        let Some((path, s)) = self.chosen() else { return };
        ui.separator();
        ui.strong(&s.name);
        if !s.description.is_empty() {
            ui.label(&s.description);
        }
        let sides = s.sides().join(", ");
        ui.weak(format!("{} fighters in {} sides ({sides}); {}", s.names().len(), s.sides().len(), path.display()));
    }
}
