//! Which events of the battle's log show faces typed in by hand (a player who rolls their own dice, the table's dice
//! all typed in): the window's log marks them, and an online host tells each player which of the events it is told
//! do.

use bevy::prelude::*;

use super::{BattleDice, BattleLog, CombatSystems};
use crate::rules::engine::outcome::Event;
use crate::rules::engine::table::TableDice;

pub(super) fn plugin(app: &mut App) {
    // Made anew for each battle as it enters the world (`enter.rs`); there from the start for the panels that read it.
    let battle = resource_exists::<BattleLog>.and_then(resource_exists::<BattleDice>);
    app.init_resource::<TypedRolls>().add_systems(Update, mark_typed_rolls.after(CombatSystems).run_if(battle));
}

/// Which events of the battle's log show faces typed in by hand (by the event's place in the log).
#[derive(Resource, Default, Debug, Clone)]
pub struct TypedRolls {
    marked: Vec<bool>,
    /// The faces the marked events show, counted.
    faces: usize,
}

impl TypedRolls {
    /// Marks as told (online: the host says which of the events it told show typed faces).
    pub fn of_marks(marked: Vec<bool>) -> Self {
        TypedRolls { marked, faces: 0 }
    }

    /// Whether the log's event `at` shows faces typed in by hand.
    pub fn typed(&self, at: usize) -> bool {
        self.marked.get(at).copied().unwrap_or(false)
    }

    /// Marks the events of the log not marked yet, the faces at `typed` (among all the battle's) typed in: every die
    /// a battle rolls shows in its log once, in order, so the n-th face shown is the n-th face rolled. Whoever reads
    /// the marks mid-update (the host tells a slot's start at once) catches them up first. A battle where no face
    /// is or may be typed in has nothing to mark (counting faces costs each event a look).
    pub fn catch_up(&mut self, events: &[Event], dice: &TableDice) {
        if events.len() < self.marked.len() {
            *self = TypedRolls::default();
        }
        if !dice.any_by_hand() {
            return;
        }
        let typed = dice.typed();
        for event in &events[self.marked.len()..] {
            let shown = event.faces().len();
            let first = self.faces;
            self.marked.push(typed.range(first..first + shown).next().is_some());
            self.faces += shown;
        }
    }
}

/// Marks the new events of the log whose faces were typed in.
fn mark_typed_rolls(log: Res<BattleLog>, dice: Res<BattleDice>, mut rolls: ResMut<TypedRolls>) {
    rolls.catch_up(&log.0.events, &dice.0);
}
