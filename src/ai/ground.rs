//! The ground a combatant can reach this slot, and what each cell is worth to it: the threat it is under there
//! (every standing enemy whose weapon reaches it, by the cover between them), how far it is from the range its
//! weapon likes, and how much nearer the level's exit or zone it is.

use fnv::FnvHashMap as HashMap;

use crate::rules::engine::field::{Cell, CoverLevel, Dm, Field, Pace, STEP};
use crate::rules::engine::ruleset::{Combatant, FighterState};
use crate::rules::mechanics::approach::{Reach, anyone, can_attack, enemies};
use crate::rules::mechanics::movement::occupied;
use crate::rules::mechanics::odds::AttackOdds;

/// One cell in reach.
#[derive(Clone, Debug)]
pub struct Spot {
    pub cell: Cell,
    /// How it is reached (`None`: staying put).
    pub pace: Option<Pace>,
    /// Enemies (battle indices) the weapon reaches from here and the actor may act against, nearest first.
    pub shots: Vec<usize>,
    /// Threat from the enemies, each counted by how exposed the cell is to it (0 hidden … 1 in the open).
    pub threat: f32,
    /// Worth for the level's goal and for closing to the weapon's range (higher is better).
    pub worth: f32,
    /// The part of `worth` for nearing the enemy: a cell to shoot from, or one nearer the weapon's range.
    pub approach: f32,
}

/// The enemies and what the AI knows of them.
pub struct Foes {
    /// Every enemy standing, nearest first: each threatens and each is to be neared.
    pub list: Vec<usize>,
    /// Those of them the actor may act against now (Shadowrun 4's surprise holds some back), nearest first.
    pub targets: Vec<usize>,
    reach: Vec<Reach>,
}

impl Foes {
    pub fn of<R: AttackOdds>(rules: &R, battle: &[Combatant<R::Fighter>], actor: usize) -> Self {
        let list = enemies(battle, actor, &anyone);
        let reach = list.iter().map(|&i| rules.reach_of(&battle[i].fighter)).collect();
        let targets = list.iter().copied().filter(|&i| rules.may_act_against(actor, i)).collect();
        Foes { list, targets, reach }
    }
}

/// How much of an attack from `from` reaches a target on `to`: none when it cannot see it, less behind cover.
pub fn exposure(field: &Field, from: Cell, to: Cell) -> f32 {
    let sight = field.sight(from, to);
    match (sight.blocked || sight.hidden, sight.cover) {
        (true, _) => 0.0,
        (false, CoverLevel::Heavy) => 0.25,
        (false, CoverLevel::Partial) => 0.5,
        (false, CoverLevel::Light) => 0.75,
        (false, CoverLevel::None) => 1.0,
    }
}

/// Every cell the actor reaches this slot (walking, and running where the run goes farther), with its worth.
pub fn survey<R: AttackOdds>(rules: &R, battle: &[Combatant<R::Fighter>], actor: usize, foes: &Foes) -> Vec<Spot> {
    let field = rules.field();
    let me = &battle[actor];
    let (walk, run) = rules.paces(&me.fighter);
    let taken = occupied(battle, actor);
    // One Dijkstra as far as the longer pace goes: a cell within a walk costs the same whichever budget found it.
    let pace =
        |cell: Cell, cost: Dm| (cell != me.position).then_some(if cost <= walk { Pace::Walk } else { Pace::Run });
    let mut cells: Vec<(Cell, Option<Pace>)> =
        field.reachable(me.position, &taken, walk.max(run)).into_iter().map(|(c, d)| (c, pace(c, d))).collect();
    // A fixed order (the map's is by cost): the same battle chooses the same way every time.
    cells.sort_unstable_by_key(|(c, _)| *c);
    let goal = Goal::of(field, battle, actor);
    let reach = rules.reach_of(&me.fighter);
    cells
        .into_iter()
        .map(|(cell, pace)| {
            let shots: Vec<usize> = foes
                .targets
                .iter()
                .copied()
                .filter(|&i| can_attack(field, cell, battle[i].position, reach.melee, reach.max_m))
                .collect();
            let threat = threat(field, battle, foes, cell);
            // A cell to attack from (now or next slot) is worth about a fair shot; else every meter closer counts.
            let approach = if shots.is_empty() { closing(field, battle, foes, cell, reach) } else { 0.2 };
            let worth = goal.worth(cell) + approach;
            Spot { cell, pace, shots, threat, worth, approach }
        })
        .collect()
}

/// The threat on `cell`: each enemy whose weapon reaches it, by the cell's exposure to it; a melee enemy within a
/// run of it counts in full.
fn threat<F: FighterState>(field: &Field, battle: &[Combatant<F>], foes: &Foes, cell: Cell) -> f32 {
    foes.list
        .iter()
        .zip(&foes.reach)
        .map(|(&i, reach)| {
            let at = battle[i].position;
            match reach.melee {
                true if field.meters(at, cell) <= 8 => 1.0,
                true => 0.0,
                false if field.meters(at, cell) <= reach.max_m => exposure(field, at, cell),
                false => 0.0,
            }
        })
        .sum()
}

/// Closing to the weapon's liked range: nothing within it, a little less for every meter beyond it to the
/// nearest enemy.
fn closing<F: FighterState>(field: &Field, battle: &[Combatant<F>], foes: &Foes, cell: Cell, reach: Reach) -> f32 {
    let nearest = foes.list.iter().map(|&i| field.meters(cell, battle[i].position)).min().unwrap_or(0);
    -(nearest.saturating_sub(reach.close_m) as f32) * 0.03
}

/// How much an enemy's zone counts to the side that contests it: every defender who steps in resets its count.
const CONTEST: f32 = 0.5;

/// How much an enemy's exit counts to the side that guards it: enough to hold the hatch, little enough to keep to
/// cover near it (the escape, 100 battles hard against hard under Eclipse Phase: at 0.5 the guards stood in the open
/// before the hatch and the runners won 67 %; at 0.15, 47 %). Without it the guards chased the runners and let
/// them through; the easy guards, who shoot the nearest, beat hard ones.
const GUARD: f32 = 0.15;

/// The level's goal for the actor's side, or an enemy side's (a zone it contests, an exit it guards).
struct Goal {
    distances: HashMap<Cell, Dm>,
    here: Dm,
    /// Its own exit: every meter nearer counts, reaching it most of all.
    rush: bool,
    /// Weight of the goal: the side's own, or an enemy's to contest or guard.
    weight: f32,
    /// How far "far" is: a cell farther than that from the goal counts as that far.
    far: Dm,
}

/// How many straight steps away a goal may be and still pull: beyond, it is "far".
const FAR_STEPS: u32 = 200;

impl Goal {
    fn of<F: FighterState>(field: &Field, battle: &[Combatant<F>], actor: usize) -> Self {
        let me = &battle[actor];
        let own = field.goal(&me.side).map(|g| (g, 1.0, g.rush));
        let enemy = || {
            let mut sides: Vec<&str> = battle.iter().filter(|c| c.side != me.side).map(|c| c.side.as_str()).collect();
            sides.dedup();
            let weight = |rush: bool| if rush { GUARD } else { CONTEST };
            sides.into_iter().find_map(|s| field.goal(s)).map(|g| (g, weight(g.rush), false))
        };
        let Some((goal, weight, rush)) = own.or_else(enemy) else {
            return Goal { distances: HashMap::default(), here: 0, rush: false, weight: 0.0, far: 0 };
        };
        // Far enough for any shipped level (a 64 × 64 map is under 100 m across): 200 steps, whatever a cell's size.
        let far = FAR_STEPS * field.cell_dm();
        let distances = field.distances_to(&goal.cells, far);
        let here = distances.get(&me.position).copied().unwrap_or(far);
        Goal { distances, here, rush, weight, far }
    }

    fn worth(&self, cell: Cell) -> f32 {
        if self.weight == 0.0 {
            return 0.0;
        }
        let d = self.distances.get(&cell).copied().unwrap_or(self.far);
        let nearer = (self.here as f32 - d as f32) / STEP as f32;
        let arrived = if d == 0 { if self.rush { 5.0 } else { 1.5 } } else { 0.0 };
        self.weight * (nearer * if self.rush { 0.3 } else { 0.1 } + arrived)
    }
}
