//! The fighter every ruleset's combatant is: a name, an id, a sheet (what it is) and a condition (what the battle has
//! done to it). What every ruleset's fighter answers alike (its name, the weapon in hand, the armor it wears, its
//! statuses) is written here once, from what each ruleset's sheet ([`Outfit`]) and condition ([`Standing`]) give;
//! each ruleset adds, on its own `Fighter`, what its rules read off both.

use std::sync::Arc;

use super::catalogue::{ArmorRef, Gear, Kit, Named, WeaponRef};
use crate::rules::RulesError;
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::{CombatantId, FighterParts, FighterState, WeaponClass};

/// A combatant's state in a ruleset: its sheet `S` and its condition `C`.
#[derive(Clone, Debug, PartialEq)]
pub struct Fighter<S, C> {
    /// Its id in the battle (its place in the roster).
    pub id: CombatantId,
    pub name: String,
    /// Shared: a sheet does not change in battle, and the ECS copies fighters once a slot.
    pub sheet: Arc<S>,
    pub condition: C,
}

/// The gear a sheet carries and wears, as every ruleset's sheet lists it.
pub trait Outfit {
    /// The ruleset's weapon entry (which names its catalogue).
    type Weapon: Kit;
    /// The weapon in hand when the sheet lists none: bare hands, by the ruleset's catalogue id.
    const BARE_HANDS: &'static str;
    /// The refusal of a second piece of armor where only one is worn; none where pieces are worn together.
    const ONE_ARMOR: Option<&'static str>;
    /// The weapons carried; the first is in hand at the start.
    fn carried(&self) -> &[WeaponRef<Self::Weapon>];
    fn carried_mut(&mut self) -> &mut Vec<WeaponRef<Self::Weapon>>;
    /// The armor worn.
    fn worn(&self) -> &[ArmorRef<Self::Weapon>];
    /// Wears `armor` instead of what it wore (where one piece is worn, `armor` has one at the most).
    fn wear(&mut self, armor: Vec<ArmorRef<Self::Weapon>>);
    /// The catalogue its weapons and armor are found in.
    fn gear(&self) -> &Gear<Self::Weapon, <Self::Weapon as Kit>::Armor>;
}

/// What a condition keeps alike in every ruleset (statuses, the weapon in hand), and what its ruleset reads off it.
pub trait Standing<S: Outfit>: Sized {
    fn statuses(&self) -> &[Status];
    fn statuses_mut(&mut self) -> &mut Vec<Status>;
    /// The weapon in hand; none means the sheet's first.
    fn drawn(&self) -> Option<&WeaponRef<S::Weapon>>;
    fn drawn_mut(&mut self) -> &mut Option<WeaponRef<S::Weapon>>;
    /// Able to act in its slot now.
    fn can_act(&self) -> bool;
    /// Out of the battle (dead, incapacitated, unconscious …).
    fn is_out(&self) -> bool;
    /// Rounds left in `fighter`'s weapon in hand, where the ruleset counts ammunition.
    fn rounds_in_hand(_fighter: &Fighter<S, Self>) -> Option<u32> {
        None
    }
    /// Rounds `fighter`'s weapon in hand holds when full (a thrown weapon: how many are carried), where the ruleset
    /// counts ammunition.
    fn full_in_hand(_fighter: &Fighter<S, Self>) -> Option<u32> {
        None
    }
    /// Sets the rounds left in `fighter`'s weapon in hand (at most full); whether the ruleset counts them.
    fn set_rounds_in_hand(fighter: &mut Fighter<S, Self>, rounds: u32) -> bool {
        if Self::full_in_hand(fighter).is_none_or(|full| rounds > full) {
            return false;
        }
        let id = fighter.drawn_id().to_owned();
        let Some(ammo) = Self::ammo_mut(&mut fighter.condition) else { return false };
        ammo.insert(id, rounds);
        true
    }
    /// Rounds left by weapon, where the ruleset counts them.
    fn ammo_mut(_condition: &mut Self) -> Option<&mut std::collections::BTreeMap<String, u32>> {
        None
    }
}

impl<S: Outfit, C: Default> Fighter<S, C> {
    /// A fighter with a fresh condition.
    pub fn new(name: impl Into<String>, sheet: S) -> Self {
        Self { id: Default::default(), name: name.into(), sheet: Arc::new(sheet), condition: C::default() }
    }
}

impl<S: Outfit, C: Standing<S>> Fighter<S, C> {
    /// The id of the weapon in hand: the drawn one, else the sheet's first, else bare hands.
    pub fn drawn_id(&self) -> &str {
        self.condition.drawn().or(self.sheet.carried().first()).map_or(S::BARE_HANDS, |w| w.0.as_str())
    }

    /// The weapon in hand.
    pub fn drawn_weapon(&self) -> Result<Arc<S::Weapon>, RulesError> {
        Ok(self.sheet.gear().weapon(self.drawn_id())?)
    }
}

impl<S: Outfit, C: Standing<S>> FighterState for Fighter<S, C> {
    fn name(&self) -> &str {
        &self.name
    }

    fn id(&self) -> CombatantId {
        self.id
    }

    fn set_id(&mut self, id: CombatantId) {
        self.id = id;
    }

    fn can_act(&self) -> bool {
        self.condition.can_act()
    }

    fn is_out(&self) -> bool {
        self.condition.is_out()
    }

    fn statuses(&self) -> &[Status] {
        self.condition.statuses()
    }

    fn weapon_in_hand(&self) -> &str {
        self.drawn_id()
    }

    fn weapon_name(&self) -> String {
        self.weapon_name_of(self.drawn_id())
    }

    fn weapon_class(&self) -> WeaponClass {
        self.sheet.gear().weapon(self.drawn_id()).map_or(Default::default(), |w| w.class())
    }

    fn weapon_name_of(&self, id: &str) -> String {
        // Bare hands are no catalogue entry: their id reads well enough.
        self.sheet.gear().weapon(id).map_or_else(|_| id.replace('_', " "), |w| w.name().to_owned())
    }

    fn armor_names(&self) -> Vec<String> {
        let gear = self.sheet.gear();
        let name = |id: &str| gear.armor(id).map_or_else(|_| id.replace('_', " "), |a| a.name().to_owned());
        self.sheet.worn().iter().map(|a| name(&a.0)).collect()
    }

    fn set_status(&mut self, status: Status, on: bool) {
        let statuses = self.condition.statuses_mut();
        statuses.retain(|s| *s != status);
        if on {
            statuses.push(status);
        }
    }

    fn rounds_in_hand(&self) -> Option<u32> {
        C::rounds_in_hand(self)
    }

    fn full_in_hand(&self) -> Option<u32> {
        C::full_in_hand(self)
    }

    fn set_rounds_in_hand(&mut self, rounds: u32) -> bool {
        C::set_rounds_in_hand(self, rounds)
    }

    fn weapons_carried(&self) -> Vec<String> {
        let mut ids: Vec<String> = Vec::new();
        for w in self.sheet.carried() {
            if !ids.contains(&w.0) {
                ids.push(w.0.clone());
            }
        }
        ids
    }

    fn suppose_drawn(&mut self, id: &str) {
        if let Some(weapon) = self.sheet.carried().iter().find(|w| w.0 == id) {
            *self.condition.drawn_mut() = Some(weapon.clone());
        }
    }
}

/// A fighter's parts, as the ECS keeps them (two components).
impl<S, C> FighterParts for Fighter<S, C>
where
    S: Send + Sync + 'static,
    C: Clone + PartialEq + Send + Sync + 'static,
{
    type Sheet = Arc<S>;
    type Condition = C;

    fn sheet(&self) -> &Arc<S> {
        &self.sheet
    }

    fn condition(&self) -> &C {
        &self.condition
    }
}
