//! The turn systems: find the next slot (rolling initiative when a turn begins), choose its action from the script
//! or the built-in choice, and close it. They keep the order of the pure battle loop (`scenario::play`) exactly, so
//! both give the same battle from the same dice.

use bevy::prelude::*;

use super::components::{Initiative, Loadout, RosterIndex, StatusList, Tracks, Wounds};
use super::damage::write_fighter;
use super::messages::{BattleEnded, RoundStarted, TurnEnded, TurnStarted};
use super::{
    ActionSource, AiMinds, BattleDice, BattleLog, BattleObjectives, CombatRules, ConditionOf, HumanSides, Parts,
    Roster, Rules, SlotView, TurnState, TurnSystems, name_at, snapshot,
};
use crate::combat::messages::{ActionResolved, DeclareAction, DelaySlot};
use crate::map::victory::Objectives;
use crate::rules::outcome::Event;
use crate::rules::ruleset::{Combatant, FighterState, Slot};
use crate::scenario::play::{Stop, battle_ended, sides_standing, takes_slot};

pub(super) fn plugin<R: CombatRules>(app: &mut App) {
    app.add_message::<DeclareAction<R::Action>>().add_message::<ActionResolved<R::Fighter>>();
    app.init_resource::<SlotView<R::Fighter>>();
    app.add_systems(
        Update,
        (
            begin_slot::<R>.in_set(TurnSystems::Begin),
            choose_action::<R>.in_set(TurnSystems::Choose).in_set(ChooseAction),
            (hold_delayed_slot::<R>, end_slot::<R>).chain().in_set(TurnSystems::End),
        ),
    );
}

/// The system that chooses a slot's action (the AI's thinking runs after it).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct ChooseAction;

/// What the start of a turn or a slot writes to each combatant: its condition (stuns wear off, a defense penalty
/// eases) and what shows of it, and its initiative.
type TurnStart<'a, R> = (
    &'a RosterIndex,
    &'a mut Wounds<ConditionOf<R>>,
    &'a mut Loadout,
    &'a mut StatusList,
    &'a mut Tracks,
    &'a mut Initiative,
);

/// What `begin_slot` writes besides messages.
struct Begun {
    slot: Option<Slot>,
    stop: Option<Stop>,
}

/// Finds the next slot to play, starting a new turn when the last is spent, or ends the battle.
fn begin_slot<R: CombatRules>(
    mut state: ResMut<TurnState>,
    mut rules: ResMut<Rules<R>>,
    mut dice: ResMut<BattleDice>,
    mut log: ResMut<BattleLog>,
    source: Res<ActionSource<R::Action>>,
    mut objectives: ResMut<BattleObjectives>,
    roster: Res<Roster>,
    mut parts: ParamSet<(Query<Parts<R>>, Query<TurnStart<R>>)>,
    mut messages: (MessageWriter<RoundStarted>, MessageWriter<TurnStarted>, MessageWriter<BattleEnded>),
    mut view: ResMut<SlotView<R::Fighter>>,
) {
    if state.current.is_some() {
        return;
    }
    let mut battle = snapshot::<R>(&parts.p0());
    let turn = state.turn;
    let sources = (source.as_ref(), &mut objectives.0);
    let begun = next_slot(&mut state, &mut rules.0, &mut battle, &mut dice, &mut log.0, sources, &mut messages.0);
    match begun {
        Ok(Begun { stop: Some(stop), .. }) => {
            let end = battle_ended(&battle, stop);
            if let Event::BattleEnded { reason, winner } = &end {
                messages.2.write(BattleEnded { reason: reason.clone(), winner: winner.clone() });
            }
            log.0.push(end);
            state.ended = true;
        }
        Ok(Begun { slot: Some(slot), .. }) => {
            state.current = Some(slot);
            messages.1.write(TurnStarted { entity: roster.0[slot.actor], slot });
        }
        Ok(_) => {}
        Err(e) => {
            state.error = Some(e.to_string());
            state.ended = true;
        }
    }
    write_back::<R>(&rules.0, &battle, (&log.0, state.turn != turn), &mut parts.p1());
    if let Some(slot) = state.current {
        mark_phase::<R>(&mut parts.p1(), slot);
        view.0 = Some(battle);
    }
}

/// The acting combatant's current phase or pass.
fn mark_phase<R: CombatRules>(query: &mut Query<TurnStart<R>>, slot: Slot) {
    for (index, .., mut initiative) in query.iter_mut() {
        if index.0 == slot.actor {
            initiative.phase = Some(slot.phase);
        }
    }
}

/// The battle loop's slot search: announce passes, end the battle when one side is left (unless a tie-mate still
/// acts), skip those who cannot act, stop when the script is spent; at the end of a turn, check the end of the
/// battle and start the next turn.
fn next_slot<R: CombatRules>(
    state: &mut TurnState,
    rules: &mut R,
    battle: &mut [Combatant<R::Fighter>],
    dice: &mut BattleDice,
    log: &mut crate::rules::outcome::Log,
    (source, objectives): (&ActionSource<R::Action>, &mut Objectives),
    rounds: &mut MessageWriter<RoundStarted>,
) -> Result<Begun, crate::rules::RulesError> {
    // The battle loop checks escapes after every action: this runs once after each.
    if let Some(won) = objectives.after_action(battle) {
        return Ok(Begun { slot: None, stop: Some(Stop::Won(won)) });
    }
    loop {
        if state.round_over {
            if let Some(stop) = end_of_turn(state, rules, battle, (source, objectives)) {
                return Ok(Begun { slot: None, stop: Some(stop) });
            }
            if state.turn >= state.turn_limit {
                let stop = Stop::TurnLimit(state.turn_limit, objectives.at_turn_limit.clone());
                return Ok(Begun { slot: None, stop: Some(stop) });
            }
            state.turn += 1;
            log.push(Event::TurnStarted { turn: state.turn });
            rules.start_turn(state.turn, battle, dice.0.as_mut(), log)?;
            (state.round_over, state.pass) = (false, 0);
            state.had_slot.clear();
            rounds.write(RoundStarted { turn: state.turn });
        }
        if let Some(slot) = take_delayed(state, rules, battle) {
            if sides_standing(battle).len() <= 1 {
                return Ok(Begun { slot: None, stop: Some(Stop::Decided) });
            }
            if battle[slot.actor].fighter.can_act() {
                return Ok(Begun { slot: Some(slot), stop: None });
            }
            continue;
        }
        state.from_delay = false;
        let Some(slot) = rules.next_slot(battle) else {
            state.round_over = true;
            continue;
        };
        if !rules.announces_phases() && slot.phase != state.pass {
            state.pass = slot.phase;
            log.push(Event::PassStarted { turn: state.turn, pass: slot.phase });
        }
        if sides_standing(battle).len() <= 1 && !slot.simultaneous {
            return Ok(Begun { slot: None, stop: Some(Stop::Decided) });
        }
        state.had_slot.push(name_at(battle, slot.actor).to_owned());
        if !takes_slot(rules, slot, battle, log) {
            continue;
        }
        if matches!(source, ActionSource::Scripted(actions) if actions.is_empty()) {
            return Ok(Begun { slot: None, stop: Some(Stop::ScriptDone) });
        }
        return Ok(Begun { slot: Some(slot), stop: None });
    }
}

/// A delayed slot comes back when everyone else in its phase or pass has acted: when the ruleset's next slot (asked
/// of a copy, so the real order is not used up) is of a later phase, or the turn is over.
fn take_delayed<R: CombatRules>(state: &mut TurnState, rules: &R, battle: &[Combatant<R::Fighter>]) -> Option<Slot> {
    let (_, held) = *state.delayed.first()?;
    let next = rules.clone().next_slot(battle);
    if next.is_some_and(|n| n.phase == held.phase) {
        return None;
    }
    state.delayed.remove(0);
    state.from_delay = true;
    Some(held)
}

/// A player's delay: the waiting slot is set aside until the end of its phase or pass.
fn hold_delayed_slot<R: CombatRules>(
    mut requests: MessageReader<DelaySlot>,
    rules: Res<Rules<R>>,
    mut state: ResMut<TurnState>,
    mut log: ResMut<BattleLog>,
    names: Query<&Name>,
    mut ended: MessageWriter<TurnEnded>,
) {
    for &DelaySlot { entity } in requests.read() {
        let Some((waiting, slot)) = state.awaiting.filter(|(e, _)| *e == entity && !state.from_delay) else { continue };
        let who = names.get(waiting).map(|n| n.as_str().to_owned()).unwrap_or_default();
        let round = if rules.0.announces_phases() { "phase" } else { "initiative pass" };
        let action = format!("delays its action until everyone else in this {round} has acted");
        log.0.push(Event::ActionTaken { who, action });
        state.delayed.push((waiting, slot));
        (state.awaiting, state.current) = (None, None);
        ended.write(TurnEnded { entity });
    }
}

/// At the end of a turn: one side left, the script spent, a zone held long enough, or the next scripted actor out
/// of the battle (the battle loop's order).
fn end_of_turn<R: CombatRules>(
    state: &TurnState,
    rules: &R,
    battle: &[Combatant<R::Fighter>],
    (source, objectives): (&ActionSource<R::Action>, &mut Objectives),
) -> Option<Stop> {
    if state.turn == 0 {
        return None;
    }
    if sides_standing(battle).len() <= 1 {
        return Some(Stop::Decided);
    }
    if matches!(source, ActionSource::Scripted(actions) if actions.is_empty()) {
        return Some(Stop::ScriptDone);
    }
    if let Some(won) = objectives.end_of_turn(battle) {
        return Some(Stop::Won(won));
    }
    let ActionSource::Scripted(actions) = source else { return None };
    let next = actions.front()?;
    let who = rules.actor_of(next);
    (!state.had_slot.iter().any(|n| n == who))
        .then(|| Stop::Stuck(format!("{who} cannot act for the next scripted action")))
}

/// What the start of a turn or of a slot did (stuns wearing off, a defense penalty easing) goes back to the
/// combatants; at a new turn, each one's initiative score from the log too.
fn write_back<R: CombatRules>(
    rules: &R,
    battle: &[Combatant<R::Fighter>],
    (log, new_turn): (&crate::rules::outcome::Log, bool),
    query: &mut Query<TurnStart<R>>,
) {
    for (index, wounds, loadout, statuses, tracks, mut initiative) in query.iter_mut() {
        let Some(c) = battle.get(index.0) else { continue };
        write_fighter(rules, &c.fighter, (wounds, loadout, statuses, tracks));
        if !new_turn {
            continue;
        }
        let name = c.fighter.name();
        let rolled =
            log.events.iter().rev().take_while(|e| !matches!(e, Event::TurnStarted { .. })).find_map(|e| match e {
                Event::Calculated { who, label, total, .. } if who == name && label.starts_with("initiative") => {
                    Some(*total)
                }
                _ => None,
            });
        *initiative = Initiative { score: rolled.or(initiative.score), phase: None };
    }
}

/// Asks the script or the built-in choice for the slot's action; a slot with none ends at once.
fn choose_action<R: CombatRules>(
    mut started: MessageReader<TurnStarted>,
    mut source: ResMut<ActionSource<R::Action>>,
    rules: Res<Rules<R>>,
    view: Res<SlotView<R::Fighter>>,
    (humans, minds): (Option<Res<HumanSides>>, Option<Res<AiMinds>>),
    mut state: ResMut<TurnState>,
    mut declare: MessageWriter<DeclareAction<R::Action>>,
    mut ended: MessageWriter<TurnEnded>,
) {
    for TurnStarted { entity, slot } in started.read().copied() {
        let Some(battle) = view.0.as_deref() else { continue };
        if humans.as_ref().is_some_and(|h| battle.get(slot.actor).is_some_and(|c| h.0.contains(&c.side))) {
            // A player's combatant: the slot waits for the player's DeclareAction.
            state.awaiting = Some((entity, slot));
            continue;
        }
        if minds.is_some() && matches!(source.as_ref(), ActionSource::BuiltIn) {
            // An AI side: the AI thinks about it (`think.rs`).
            state.thinking = Some((entity, slot));
            continue;
        }
        let name = name_at(battle, slot.actor).to_owned();
        let action = match source.as_mut() {
            ActionSource::Scripted(actions) => match actions.front() {
                Some(next) if rules.0.actor_of(next) == name => actions.pop_front(),
                _ => None,
            },
            ActionSource::BuiltIn => rules.0.default_action(slot, battle),
        };
        match action {
            Some(action) => {
                declare.write(DeclareAction { entity, slot, action });
            }
            None => {
                ended.write(TurnEnded { entity });
            }
        }
    }
}

/// Closes the slot once its action is resolved and applied (or when it had none).
fn end_slot<R: CombatRules>(
    mut resolved: MessageReader<ActionResolved<R::Fighter>>,
    mut ended: MessageWriter<TurnEnded>,
    mut state: ResMut<TurnState>,
) {
    for message in resolved.read() {
        ended.write(TurnEnded { entity: message.entity });
    }
    if state.awaiting.is_none() && state.thinking.is_none() {
        state.current = None;
    }
}
