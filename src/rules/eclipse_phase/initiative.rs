//! Initiative (rules.md §1): INIT + d100 each turn, highest first; ties broken by REF, then by a d100 roll-off.
//! Speed gives extra Action Phases: in phase k act those with Speed ≥ k, in initiative order.

use std::collections::VecDeque;

use super::{Fighter, Options, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::Field;
use crate::rules::engine::outcome::{Event, Log, Term};
use crate::rules::engine::ruleset::{Combatant, CombatantId, FighterState, Slot};

/// Eclipse Phase with its per-battle options and the slots left in the current turn.
#[derive(Clone, Debug, Default)]
pub struct EclipsePhase {
    pub options: Options,
    /// The rest of this turn's slots: the order is fixed when initiative is rolled.
    pub(super) queue: VecDeque<Slot>,
    /// This turn's initiative totals, by roster index.
    pub(super) scores: Vec<Option<i32>>,
    /// The ground fought on.
    pub field: Field,
}

impl EclipsePhase {
    /// The ruleset with these options.
    pub fn new(options: Options) -> Self {
        Self { options, queue: VecDeque::new(), scores: Vec::new(), field: Field::default() }
    }
}

/// One combatant's initiative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    index: usize,
    total: u32,
    reflexes: u32,
    roll_off: u64,
}

/// Rolls initiative for everyone still in the fight and returns the turn's slots, phase by phase, and each one's
/// total (by roster index).
pub fn schedule_turn(
    turn: u32,
    battle: &[Combatant<Fighter>],
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(Vec<Slot>, Vec<Option<i32>>), RulesError> {
    let mut entries = Vec::new();
    for (index, c) in battle.iter().enumerate().filter(|(_, c)| !c.fighter.is_out()) {
        entries.push(roll_one(index, &c.fighter, dice, log)?);
    }
    break_ties(&mut entries, battle, dice, log)?;
    entries.sort_by_key(|e| std::cmp::Reverse((e.total, e.reflexes, e.roll_off)));
    let max_speed = entries.iter().map(|e| battle[e.index].fighter.sheet.speed).max().unwrap_or(1);
    let mut slots = Vec::new();
    for phase in 1..=max_speed {
        let acting: Vec<&Entry> = entries.iter().filter(|e| battle[e.index].fighter.sheet.speed >= phase).collect();
        let order = acting.iter().map(|e| battle[e.index].fighter.id).collect();
        log.push(Event::PhaseStarted { turn, phase, order });
        slots.extend(acting.iter().map(|e| Slot { actor: CombatantId::at(e.index), phase, simultaneous: false }));
    }
    let mut scores = vec![None; battle.len()];
    for e in &entries {
        scores[e.index] = Some(e.total as i32);
    }
    Ok((slots, scores))
}

fn roll_one(index: usize, f: &Fighter, dice: &mut dyn Dice, log: &mut Log) -> Result<Entry, RulesError> {
    let roll = dice.roll_one_for(f.id, 100, &format!("{}: initiative", f.name))?;
    let init = f.sheet.init.0;
    let terms = vec![Term::fixed("INIT", init as i32), Term::dice("d100", vec![roll], roll as i32)];
    let total = init + roll;
    log.push(Event::Calculated { who: f.id, label: "initiative".into(), terms, total: total as i32 });
    Ok(Entry { index, total, reflexes: f.sheet.aptitudes.r#ref.0, roll_off: 0 })
}

/// Combatants equal in total and REF roll a d100 each until the tie is broken; higher goes first.
fn break_ties(
    entries: &mut [Entry],
    battle: &[Combatant<Fighter>],
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    // Five roll-offs in a row tie only with scripted dice; the order then stays as listed.
    for _ in 0..5 {
        let tied: Vec<usize> = (0..entries.len())
            .filter(|&i| entries.iter().enumerate().any(|(j, o)| j != i && same_rank(&entries[i], o)))
            .collect();
        if tied.is_empty() {
            return Ok(());
        }
        for i in tied {
            let f = &battle[entries[i].index].fighter;
            let roll = dice.roll_one_for(f.id, 100, &format!("{}: initiative roll-off", f.name))?;
            entries[i].roll_off = entries[i].roll_off * 100 + u64::from(roll);
            let terms = vec![Term::dice("d100", vec![roll], roll as i32)];
            log.push(Event::Calculated { who: f.id, label: "initiative roll-off".into(), terms, total: roll as i32 });
        }
    }
    Ok(())
}

fn same_rank(a: &Entry, b: &Entry) -> bool {
    (a.total, a.reflexes, a.roll_off) == (b.total, b.reflexes, b.roll_off)
}
