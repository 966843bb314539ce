//! Fog of war, in the rules' terms: whom a side sees (its own units, and the enemies any of its units still on its
//! feet sees by the map's line of sight: not behind walls, not hidden in heavy cover), and what of the log tells
//! of no one else. The window's fog (hot-seat) and the host of an online battle (what each player is sent) both ask
//! here, so a player sees the same on one screen or on their own.

use crate::rules::RulesError;
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::any_ruleset::replay::Replayed;
use crate::rules::engine::dice::ScriptedDice;
use crate::rules::engine::id::CombatantId;
use crate::rules::engine::outcome::{Event, Log, Status, down};

/// Whether the GM took a unit off the map, or keeps it in reserve: it sees nothing from its cell.
fn withdrawn(v: &crate::rules::any_ruleset::any::View<'_>) -> bool {
    v.fighter.statuses().iter().any(|s| matches!(s, Status::Withdrawn | Status::Reserve))
}

/// Whether a unit waits in reserve: no other side knows of it until the GM brings it in.
fn in_reserve(v: &crate::rules::any_ruleset::any::View<'_>) -> bool {
    v.fighter.statuses().contains(&Status::Reserve)
}

/// Whether each combatant of the battle, in roster order, is seen by the units of `sides`.
pub fn seen_by(battle: &AnyBattle, sides: &[String]) -> Vec<bool> {
    let views = battle.views();
    let ours = |side: &str| sides.iter().any(|s| s == side);
    let eyes: Vec<_> = views
        .iter()
        .filter(|v| ours(v.side) && !down(v.fighter.statuses()) && !withdrawn(v))
        .map(|v| v.position)
        .collect();
    let field = battle.field();
    views
        .iter()
        .map(|v| {
            ours(v.side)
                || !in_reserve(v)
                    && eyes.iter().any(|&from| {
                        let sight = field.sight(from, v.position);
                        !sight.blocked && !sight.hidden
                    })
        })
        .collect()
}

/// The battle as a viewer who sees the combatants `seen` marks (as [`seen_by`] gives it) knows it: every other
/// one gone from the field ([`AnyBattle::without`]). Where a unit reaches, its route, the odds of an attack, the heat
/// map and a what-if are worked out on this for that viewer, so that none of them tells where an unseen unit
/// stands (a cell left out of the reach, a route bent round it, a melee modifier, a threat).
pub fn as_seen(battle: &AnyBattle, seen: &[bool]) -> AnyBattle {
    let unseen: Vec<CombatantId> =
        (0..battle.len()).filter(|&i| seen.get(i) != Some(&true)).map(CombatantId::at).collect();
    battle.without(&unseen)
}

/// What a viewer was told of `battle` as it went, worked out again from its record: the battle's `start` (the battle
/// and its log before any decision) replayed with the battle's faces, its start and each slot's start and action
/// told with the viewer's `sight` as it stood right after them (`tell`: what a viewer who sees the combatants marked
/// is told of some events, the first of them the log's event `at`). What it was told, every combatant it saw on the
/// way, and how many events of the log that covers. An online host tells so a player a battle taken up from its save,
/// or a spectator who comes late: as it was seen then, not as it is seen now.
pub fn told_over<T>(
    (mut replayed, mut log): (AnyBattle, Log),
    battle: &AnyBattle,
    sight: impl Fn(&AnyBattle) -> Vec<bool>,
    tell: impl Fn(&[bool], &[Event], usize) -> Vec<T>,
) -> Result<(Vec<T>, Vec<bool>, usize), RulesError> {
    let (mut said, mut saw) = (Vec::new(), vec![false; battle.len()]);
    // Each piece of the log is told once, in order: where it begins is how much was told before.
    let mut at = 0;
    let mut tell_now = |now: &AnyBattle, events: &[Event]| {
        let seen = sight(now);
        saw.iter_mut().zip(&seen).for_each(|(saw, seen)| *saw |= *seen);
        said.extend(tell(&seen, events, at));
        at += events.len();
    };
    tell_now(&replayed, &log.events);
    let mut faces = ScriptedDice::new(battle.faces().iter().copied());
    replayed.replay_watched(&battle.record(), &mut faces, &mut log, &mut |now, step| match step {
        Replayed::Before(_, _, events) | Replayed::After(_, _, events) => tell_now(now, events),
    })?;
    Ok((said, saw, log.events.len()))
}

/// The combatants a viewer does not see, by id and by name: what no line of the log it is shown may name.
#[derive(Clone, Debug, Default)]
pub struct Unseen {
    pub ids: Vec<CombatantId>,
    pub names: Vec<String>,
}

impl Unseen {
    /// The combatants `seen` (in roster order, as [`seen_by`] gives it) leaves out, named as `names` has them.
    pub fn of(seen: &[bool], names: &[String]) -> Self {
        let ids: Vec<CombatantId> =
            seen.iter().enumerate().filter(|(_, s)| !**s).map(|(i, _)| CombatantId::at(i)).collect();
        let names = ids.iter().filter_map(|id| names.get(id.index()).cloned()).collect();
        Unseen { ids, names }
    }

    /// Whether an event names an unseen combatant: by id, or (an action's words: an aim at one, a blast that
    /// missed it) by name.
    pub fn named_in(&self, event: &Event) -> bool {
        let said = match event {
            Event::ActionTaken { action, .. } => self.names.iter().any(|n| action.contains(n.as_str())),
            _ => false,
        };
        said || event.named().iter().any(|w| self.ids.contains(w))
    }

    /// Whether an event is an attack at an unseen combatant.
    pub fn attacked_in(&self, event: &Event) -> bool {
        matches!(event, Event::AttackResolved { defender: Some(d), .. } if self.ids.contains(d))
    }

    /// What a viewer is told of events just added to the log, cut into actions ([`actions`]): each one [`told`].
    ///
    /// [`told`]: Unseen::told
    pub fn tell(&self, events: &[Event]) -> Vec<Event> {
        self.tell_which(events).into_iter().map(|i| events[i].clone()).collect()
    }

    /// [`Unseen::tell`] by place: which of `events` a viewer is told, in order.
    pub fn tell_which(&self, events: &[Event]) -> Vec<usize> {
        let mut from = 0;
        let mut told = Vec::new();
        for action in actions(events) {
            told.extend(self.told_which(action).into_iter().map(|i| from + i));
            from += action.len();
        }
        told
    }

    /// What a viewer is told of one action's events (or a slot's start's): nothing of an action of or at an unseen
    /// combatant, nor a turn order (it names them all); of the rest, every line that names no unseen combatant.
    pub fn told(&self, events: &[Event]) -> Vec<Event> {
        self.told_which(events).into_iter().map(|i| events[i].clone()).collect()
    }

    /// [`Unseen::told`] by place: which of one action's events a viewer is told.
    fn told_which(&self, events: &[Event]) -> Vec<usize> {
        let about_unseen = |e: &Event| matches!(e, Event::ActionTaken { .. } | Event::Moved { .. }) && self.named_in(e);
        if events.iter().any(|e| about_unseen(e) || self.attacked_in(e)) {
            return Vec::new();
        }
        let told = |e: &Event| !matches!(e, Event::PhaseStarted { .. }) && !self.named_in(e);
        (0..events.len()).filter(|&i| told(&events[i])).collect()
    }
}

/// Events cut where each action begins (a combatant's action or move, a new turn): the pieces fog hides whole or not
/// at all. A move and the action after it, by the same combatant, are one piece.
pub fn actions(events: &[Event]) -> Vec<&[Event]> {
    let begins = |i: usize| match (i.checked_sub(1).map(|j| &events[j]), &events[i]) {
        (Some(Event::Moved { who: a, .. }), Event::ActionTaken { who: b, .. }) => a != b,
        (_, e) => matches!(e, Event::ActionTaken { .. } | Event::Moved { .. } | Event::TurnStarted { .. }),
    };
    let mut cuts: Vec<usize> = (1..events.len()).filter(|&i| begins(i)).collect();
    cuts.insert(0, 0);
    cuts.push(events.len());
    cuts.windows(2).map(|w| &events[w[0]..w[1]]).filter(|piece| !piece.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::engine::field::Pace;

    fn acts(who: u16, action: &str) -> Event {
        Event::ActionTaken { who: CombatantId(who), action: action.into() }
    }

    fn moves(who: u16) -> Event {
        Event::Moved { who: CombatantId(who), from: (0, 0), to: (1, 0), path: vec![(1, 0)], cost: 10, pace: Pace::Walk }
    }

    fn shot(attacker: u16, defender: u16) -> Event {
        let (attacker, defender) = (CombatantId(attacker), Some(CombatantId(defender)));
        Event::AttackResolved { attacker, defender, hit: true, graze: false, reason: "hit".into() }
    }

    #[test]
    fn a_log_is_cut_where_each_action_begins_a_move_and_its_action_one_piece() {
        let events =
            [Event::TurnStarted { turn: 1 }, moves(0), acts(0, "attacks"), shot(0, 1), moves(1), acts(2, "waits")];
        let pieces: Vec<usize> = actions(&events).iter().map(|p| p.len()).collect();
        assert_eq!(pieces, [1, 3, 1, 1]);
    }

    #[test]
    fn an_action_of_or_at_an_unseen_combatant_is_told_not_at_all_and_the_rest_whole() {
        let names: Vec<String> = ["Ann", "Bo", "Cy"].map(String::from).to_vec();
        let unseen = Unseen::of(&[true, false, true], &names);
        assert_eq!(unseen.ids, [CombatantId(1)]);
        let at_bo = [acts(0, "attacks Bo"), shot(0, 1)];
        let by_bo = [moves(1), acts(1, "attacks Ann"), shot(1, 0)];
        let aim = [acts(2, "aims at Bo")];
        let seen = [acts(2, "attacks Ann"), shot(2, 0)];
        let order = [Event::PhaseStarted { turn: 1, phase: 1, order: vec![CombatantId(0), CombatantId(2)] }];
        for hidden in [&at_bo[..], &by_bo[..], &aim[..], &order[..]] {
            assert_eq!(unseen.told(hidden), [], "{hidden:?}");
        }
        assert_eq!(unseen.told(&seen), seen);
        let all: Vec<Event> = [&at_bo[..], &seen[..], &by_bo[..]].concat();
        assert_eq!(unseen.tell(&all), seen);
    }
}
