//! The AI's choice for one slot: candidate actions, each scored by what it does to the enemy (the exact odds of
//! the attack: expected damage against what the target has left, the chance to take it out, more for the
//! wounded) plus what the ground it ends on is worth (threat by cover, the level's goal, the range it likes);
//! then the best the rules accept in a dry run on a copy of the battle, else the built-in choice.

use crate::rules::engine::field::{Cell, Move, Pace, distance_m};
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::{Combatant, FighterState, Slot, Track, dry_run};
use crate::rules::mechanics::approach::can_attack;
use crate::rules::mechanics::odds::{AttackOdds, Chance, Dist, Measure, Odds, after_move};
use crate::rules::mechanics::suppose::Suppose;

use super::Playable;
use super::ground::{Foes, Spot, survey};
use super::judgement::{Difficulty, Judgement};

/// How much more the threat on a cell counts for a move that attacks nobody: standing in the open without a shot
/// gains nothing for the risk (a blade waits beside the doorway rather than in the hall).
const IDLE_CARE: f32 = 3.0;

/// How much more harm to the nearest enemy crew counts in a free-for-all (measured on the crossroads against three
/// easy crews, 1,600 battles: 1 → 26 % of the wins, 4 → 33 %, 20 → 39 %, 100 → 37 %).
const NEMESIS: f32 = 20.0;

/// The least caution (the normal AI's) where a level has goals or more than two crews fight. Measured on the
/// corridors (no goal: the same either way), the crossroads, the escape and the relay: hard against easy, 100 battles
/// a seat, the hard AI failed to win clearly from 15 of their 32 seats with none, from 10 with this much; hard
/// against hard, 9 of their 16 pairings were unfair with none, 4 with this much.
const GOAL_CAUTION: f32 = super::judgement::NORMAL.caution;

/// What readying a carried weapon is worth when the one in hand has no attack from anywhere it reaches and the other
/// has one: more than reloading a weapon a quarter full, less than reloading an empty one.
const READY: f32 = 1.0;

/// What the chance that a blast takes its own thrower out costs, for each 1 of it: more than anything it could win.
const SELF_CAUGHT: f32 = 10.0;

/// How many of the best firing positions an attack with another weapon drawn first is weighed from.
const DRAWN_POSITIONS: usize = 3;

/// How many of the best candidates are tried in a dry run before the built-in choice.
const TRIES: usize = 8;

/// The action for the combatant in `slot`, as a side of this difficulty would choose it; `None` when neither
/// the AI nor the built-in choice has anything the rules accept.
pub fn choose<R>(rules: &R, slot: Slot, battle: &[Combatant<R::Fighter>], difficulty: Difficulty) -> Option<R::Action>
where
    R: Playable,
{
    choose_knowing(rules, (slot, &[]), battle, difficulty)
}

/// [`choose`], knowing the slots set aside this turn to be played later (a player's delayed units: they still act).
pub fn choose_knowing<R>(
    rules: &R,
    (slot, delayed): (Slot, &[Slot]),
    battle: &[Combatant<R::Fighter>],
    difficulty: Difficulty,
) -> Option<R::Action>
where
    R: Playable,
{
    debug_assert!(crate::rules::engine::ruleset::numbered(battle), "a roster without its ids");
    if let Some(through) = super::doors::through_a_door(rules, slot, battle)
        && dry_run(rules, slot, battle, &through).is_ok()
    {
        return Some(through);
    }
    // The ruleset's default only when no candidate passes (most slots never ask for it).
    let fallback = std::iter::once_with(|| rules.default_action(slot, battle)).flatten();
    let ranked = ranked(rules, (slot, delayed), battle, difficulty);
    ranked.into_iter().take(TRIES).chain(fallback).find(|a| dry_run(rules, slot, battle, a).is_ok())
}

/// The candidate actions of a side of this difficulty for `slot`, the best first (none for easy).
fn ranked<R: Playable>(
    rules: &R,
    (slot, delayed): (Slot, &[Slot]),
    battle: &[Combatant<R::Fighter>],
    difficulty: Difficulty,
) -> Vec<R::Action> {
    let mut candidates = match difficulty.judgement(R::ID) {
        Some(judgement) => Mind::new(rules, (slot, delayed), battle, judgement).candidates(),
        None => Vec::new(),
    };
    candidates.sort_by(|a, b| b.0.total_cmp(&a.0));
    candidates.into_iter().map(|(_, a)| a).collect()
}

/// The best `count` actions of the hard AI for `slot` that the rules accept, the best first, each once: the expert's
/// shortlist (`expert.rs`). The way through a door comes first when there is one; the built-in choice is last when
/// fewer were found.
pub fn shortlist<R>(
    rules: &R,
    (slot, delayed): (Slot, &[Slot]),
    battle: &[Combatant<R::Fighter>],
    count: usize,
) -> Vec<R::Action>
where
    R: Playable,
    R::Action: PartialEq,
{
    let through = super::doors::through_a_door(rules, slot, battle);
    let candidates = ranked(rules, (slot, delayed), battle, Difficulty::Hard);
    let fallback = rules.default_action(slot, battle);
    let mut found: Vec<R::Action> = Vec::new();
    for action in through.into_iter().chain(candidates).chain(fallback) {
        if found.len() < count && !found.contains(&action) && dry_run(rules, slot, battle, &action).is_ok() {
            found.push(action);
        }
    }
    found
}

/// The hard AI's best attack on each enemy it prices (from the cell it would attack that one from), the best first,
/// those the rules accept: the expert's other targets.
pub fn best_on_each<R: Playable>(
    rules: &R,
    (slot, delayed): (Slot, &[Slot]),
    battle: &[Combatant<R::Fighter>],
) -> Vec<R::Action> {
    let Some(judgement) = Difficulty::Hard.judgement(R::ID) else { return Vec::new() };
    let found = Mind::new(rules, (slot, delayed), battle, judgement).best_on_each();
    found.into_iter().filter(|a| dry_run(rules, slot, battle, a).is_ok()).collect()
}

/// How much a cautious hard AI minds the threat on a cell (the hard AI, none; the normal AI, a tenth): the expert's
/// "shoot from cover" candidate.
const CAUTIOUS: f32 = 0.5;

/// The choice the hard AI would make if it minded the threat on a cell ([`CAUTIOUS`]): the attack from cover rather
/// than from the best odds, the step back; none the rules accept.
pub fn cautious<R: Playable>(
    rules: &R,
    (slot, delayed): (Slot, &[Slot]),
    battle: &[Combatant<R::Fighter>],
) -> Option<R::Action> {
    let judgement = Difficulty::Hard.judgement(R::ID)?;
    let judgement = Judgement { caution: judgement.caution.max(CAUTIOUS), ..judgement };
    let mut candidates = Mind::new(rules, (slot, delayed), battle, judgement).candidates();
    candidates.sort_by(|a, b| b.0.total_cmp(&a.0));
    candidates.into_iter().map(|(_, a)| a).take(TRIES).find(|a| dry_run(rules, slot, battle, a).is_ok())
}

/// The hard AI's eye on one slot, its mind made up once: the attack it would make from any spot. The tactics lab's
/// heat map asks it for every cell in reach.
pub struct HardAttacks<'a, R: Playable>(Option<Mind<'a, R>>);

impl<'a, R: Playable> HardAttacks<'a, R> {
    pub fn new(rules: &'a R, slot: Slot, battle: &'a [Combatant<R::Fighter>]) -> Self {
        HardAttacks(Difficulty::Hard.judgement(R::ID).map(|j| Mind::new(rules, (slot, &[]), battle, j)))
    }

    /// The attack the hard AI would make from `spot` (the target, firing mode and called shot it weighs best among
    /// the enemies in reach of it), with the exact odds of its first attack taken from there (those it was weighed
    /// by); `None` when it has none the rules accept.
    pub fn from(&self, spot: &Spot) -> Option<(usize, R::Action, Odds)> {
        let mind = self.0.as_ref()?;
        let priced = spot.shots.iter().map(|&target| Priced { value: 0.0, spot, target });
        let (target, _, action, odds) = priced
            .filter_map(|p| mind.attack(&p).map(|(value, action, odds)| (p.target, value, action, odds)))
            .max_by(|a, b| a.1.total_cmp(&b.1))?;
        Some((target, action, odds))
    }
}

/// One combatant's view of the battle for one slot.
struct Mind<'a, R: AttackOdds> {
    rules: &'a R,
    slot: Slot,
    battle: &'a [Combatant<R::Fighter>],
    actor: usize,
    judgement: Judgement,
    /// How much the threat on a cell counts: the judgement's caution, up to three times as much when hurt.
    care: f32,
    /// In a free-for-all, the enemy crew nearest the actor's own: the one it fights.
    nemesis: Option<&'a str>,
    /// By battle index, what harm to a combatant counts for: more for each slot it still has this turn (tempo).
    urgency: Vec<f32>,
}

/// An attack priced from a spot.
struct Priced<'s> {
    value: f32,
    spot: &'s Spot,
    target: usize,
}

impl<'a, R> Mind<'a, R>
where
    R: Playable,
{
    fn new(
        rules: &'a R,
        (slot, delayed): (Slot, &[Slot]),
        battle: &'a [Combatant<R::Fighter>],
        judgement: Judgement,
    ) -> Self {
        let urgency = match judgement.tempo > 0.0 {
            true => {
                slots_left(rules, battle, delayed).iter().map(|&n| 1.0 + judgement.tempo * n.min(2) as f32).collect()
            }
            false => vec![1.0; battle.len()],
        };
        let mut mind =
            Mind { rules, slot, battle, actor: slot.actor.index(), judgement, care: 0.0, nemesis: None, urgency };
        mind.nemesis = nemesis(battle, mind.actor);
        mind.care = mind.caution() * (1.0 + 2.0 * mind.hurt(mind.actor));
        mind
    }

    /// The judgement's caution, but never under [`GOAL_CAUTION`] where the fight is more than a firefight between
    /// two crews: a level's exit or zone (surviving to get there or to hold it counts) or a free-for-all (the crews
    /// not fought yet still shoot).
    fn caution(&self) -> f32 {
        let field = self.rules.field();
        let goals = self.battle.iter().any(|c| field.goal(&c.side).is_some());
        match goals || self.nemesis.is_some() {
            true => self.judgement.caution.max(GOAL_CAUTION),
            false => self.judgement.caution,
        }
    }

    /// The cells in reach and what each is worth (none when no enemy is left).
    fn spots(&self) -> Vec<Spot> {
        let foes = Foes::of(self.rules, self.battle, self.actor);
        if foes.list.is_empty() {
            return Vec::new();
        }
        let mut spots = survey(self.rules, self.battle, self.actor, &foes);
        if self.nemesis.is_some() {
            // "Let the others wear each other down": in a free-for-all nearing the enemy counts as much as patience
            // lets it, and keeping out of sight the more.
            spots.iter_mut().for_each(|s| s.worth -= (1.0 - self.judgement.patience) * s.approach);
        }
        spots
    }

    /// The best attack on each enemy it prices, the best first: the expert's other targets.
    fn best_on_each(&self) -> Vec<R::Action> {
        let spots = self.spots();
        let attacks = self.attacks(&spots);
        let mut targets: Vec<usize> = Vec::new();
        let firsts = attacks.iter().filter(|p| {
            let first = !targets.contains(&p.target);
            targets.push(p.target);
            first
        });
        firsts.filter_map(|p| self.attack(p)).map(|(_, action, _)| action).collect()
    }

    fn candidates(&self) -> Vec<(f32, R::Action)> {
        let spots = self.spots();
        let foes = Foes::of(self.rules, self.battle, self.actor);
        let Some(safest) = self.best_spot(spots.iter().filter(|s| s.pace != Some(Pace::Run))) else {
            return Vec::new();
        };
        let attacks = self.attacks(&spots);
        let mut out: Vec<(f32, R::Action)> =
            attacks.iter().take(3).filter_map(|p| self.attack(p)).map(|(value, action, _)| (value, action)).collect();
        out.extend(self.drawn_attacks(&spots, &foes.targets));
        let idle = |s: &Spot| self.idle_ground(s);
        if let Some(best) = spots.iter().max_by(|a, b| idle(a).total_cmp(&idle(b)).then_with(|| self.nearer(b, a))) {
            let action = self.rules.intended(self.battle, self.actor, movement(best), None);
            out.push((idle(best), action));
        }
        let here = spots.iter().find(|s| s.pace.is_none());
        let shot_here = attacks.iter().any(|p| p.spot.pace.is_none());
        out.extend(self.others(safest, here, (shot_here, attacks.is_empty())));
        out
    }

    /// What the ground of a spot is worth, the threat counting for more the more the actor is hurt.
    fn ground(&self, spot: &Spot) -> f32 {
        spot.worth - self.care * spot.threat
    }

    /// What a spot is worth to a move that harms nobody there (no attack, or one that costs more than it gains).
    fn idle_ground(&self, spot: &Spot) -> f32 {
        self.ground(spot) - (IDLE_CARE - 1.0) * self.care * spot.threat
    }

    /// The worth of an attack doing `harm` from `spot`: an attack that does more harm to its own side than to the
    /// enemy stands there no better than idle.
    fn attack_value(&self, harm: f32, spot: &Spot) -> f32 {
        harm + if harm > 0.0 { self.ground(spot) } else { self.idle_ground(spot) }
    }

    fn best_spot<'s>(&self, spots: impl Iterator<Item = &'s Spot>) -> Option<&'s Spot> {
        spots.max_by(|a, b| self.ground(a).total_cmp(&self.ground(b)).then_with(|| self.nearer(b, a)))
    }

    /// Between spots of equal worth, the one nearer where the actor stands first (then the lesser cell, for a fixed
    /// order): a tie broken by the map's order alone sent the crews on one side of a mirrored map forward and
    /// those on the other back (the crossroads' east crews fared worse than the west ones against the same foes).
    fn nearer(&self, a: &Spot, b: &Spot) -> std::cmp::Ordering {
        let here = self.battle[self.actor].position;
        distance_m(here, a.cell).cmp(&distance_m(here, b.cell)).then(a.cell.cmp(&b.cell))
    }

    /// How hurt a combatant is: the fullest of its damage tracks, 0 to 1.
    fn hurt(&self, who: usize) -> f32 {
        let tracks = self.rules.tracks(&self.battle[who].fighter);
        tracks.iter().filter(|t| t.capacity > 0).map(|t| t.taken as f32 / t.capacity as f32).fold(0.0, f32::max)
    }

    /// Every attack priced from the best firing positions (the cell it stands on among them; the end of a run too
    /// where the rules allow an attack after one and more than two crews do not fight), best first.
    fn attacks<'s>(&self, spots: &'s [Spot]) -> Vec<Priced<'s>> {
        let mut firing: Vec<&Spot> = spots.iter().filter(|s| !s.shots.is_empty()).collect();
        firing.sort_by(|a, b| self.ground(b).total_cmp(&self.ground(a)).then_with(|| self.nearer(a, b)));
        // An attack after a run only where the rules allow one (a run leaves no action in some rulesets).
        let after_run = firing.iter().find(|s| s.pace == Some(Pace::Run)).is_some_and(|s| self.may_attack_from(s));
        // Nor in a free-for-all: a run into the open to shoot one crew stands the runner before the other two (hard
        // against three easy crews on the crossroads, 100 battles a seat: the hard crew won 24–30 % under Eclipse
        // Phase with runs, 30–44 % without).
        let run_to_shoot = after_run && self.nemesis.is_none();
        firing.retain(|s| run_to_shoot || s.pace != Some(Pace::Run));
        let here = firing.iter().position(|s| s.pace.is_none());
        let mut priced: Vec<&Spot> = firing.iter().take(self.judgement.positions).copied().collect();
        if let Some(i) = here.filter(|&i| i >= self.judgement.positions) {
            priced.push(firing[i]);
        }
        let mut out: Vec<Priced<'s>> = priced.into_iter().flat_map(|spot| self.price_from(spot)).collect();
        out.sort_by(|a, b| b.value.total_cmp(&a.value));
        out
    }

    /// Attacks with another carried weapon drawn first, where a draw and an attack share one action (Eclipse Phase's
    /// Quick Action draw: the grenade thrown, the rifle taken up again after it, the knife drawn against a foe at
    /// hand): from where it stands and the best few cells a walk reaches, at the enemies (`foes`, nearest first) the
    /// weapon drawn reaches from there, each weighed as that weapon would fare.
    fn drawn_attacks(&self, spots: &[Spot], foes: &[usize]) -> Vec<(f32, R::Action)> {
        let me = &self.battle[self.actor].fighter;
        let in_hand = me.weapon_in_hand().to_owned();
        let others: Vec<String> = me.weapons_carried().into_iter().filter(|w| *w != in_hand).collect();
        let (Some(first), Some(&probe)) = (others.first(), foes.first()) else { return Vec::new() };
        // Only where the ruleset lets a draw share the attack's action.
        let probe = self.rules.plain_attack_of(self.battle, self.actor, self.battle[probe].fighter.id());
        if self.rules.drawn_first(probe, first).is_none() {
            return Vec::new();
        }
        let mut walked: Vec<&Spot> = spots.iter().filter(|s| s.pace == Some(Pace::Walk)).collect();
        walked.sort_by(|a, b| self.ground(b).total_cmp(&self.ground(a)).then_with(|| self.nearer(a, b)));
        let here = spots.iter().find(|s| s.pace.is_none());
        let mut out = Vec::new();
        for spot in here.into_iter().chain(walked.into_iter().take(DRAWN_POSITIONS)) {
            let moved = self.moved_to(spot);
            for weapon in &others {
                out.extend(self.drawn_from(spot, &moved, weapon, foes));
            }
        }
        out
    }

    /// The attacks with `weapon` drawn first from `spot` (`moved`: the battle with the actor there) at the enemies
    /// it reaches from there.
    fn drawn_from(
        &self,
        spot: &Spot,
        moved: &[Combatant<R::Fighter>],
        weapon: &str,
        foes: &[usize],
    ) -> Vec<(f32, R::Action)> {
        let mut armed = moved.to_vec();
        armed[self.actor].fighter.suppose_drawn(weapon);
        let reach = self.rules.reach_of(&armed[self.actor].fighter);
        let field = self.rules.field();
        let reached = |&&t: &&usize| can_attack(field, spot.cell, self.battle[t].position, reach.melee, reach.max_m);
        foes.iter()
            .filter(reached)
            .take(self.judgement.targets)
            .filter_map(|&t| {
                let plain = self.rules.plain_attack_of(&armed, self.actor, self.battle[t].fighter.id());
                let odds = self.rules.odds_of(&armed, self.actor, &plain).ok()?;
                let value = self.attack_value(self.harm(&odds, t) * self.side_weight(t), spot);
                let moved_there = self.rules.with_movement(plain, movement(spot));
                self.rules.drawn_first(moved_there, weapon).map(|a| (value, a))
            })
            .collect()
    }

    /// Plain attacks on the enemies in reach of `spot` (the most wounded first when focusing fire).
    fn price_from<'s>(&self, spot: &'s Spot) -> Vec<Priced<'s>> {
        let mut targets = spot.shots.clone();
        if self.judgement.focus >= 1.0 {
            targets.sort_by(|&a, &b| self.hurt(b).total_cmp(&self.hurt(a)));
        }
        let moved = self.moved_to(spot);
        targets
            .into_iter()
            .take(self.judgement.targets)
            .filter_map(|t| {
                let action = self.rules.plain_attack_of(&moved, self.actor, self.battle[t].fighter.id());
                let odds = self.rules.odds_of(&moved, self.actor, &action).ok()?;
                let value = self.attack_value(self.harm(&odds, t) * self.side_weight(t), spot);
                Some(Priced { value, spot, target: t })
            })
            .collect()
    }

    /// How much harm to target `t` counts: more for each slot it still has this turn (its urgency); in a
    /// free-for-all, the crew nearest the actor's own counts [`NEMESIS`] times, so the side fights one crew at a time
    /// instead of wounding all three for the others to finish (the crossroads' "let the others wear each other
    /// down").
    fn side_weight(&self, t: usize) -> f32 {
        self.urgency[t] * if self.nemesis == Some(self.battle[t].side.as_str()) { NEMESIS } else { 1.0 }
    }

    /// What an attack with these odds does to target `t`: expected damage against what it has left on the track
    /// it fills most, the chance to take it out, more for a wounded one (focus), less for a weapon that may fail or
    /// a blast that may hurt its own side.
    fn harm(&self, odds: &Odds, t: usize) -> f32 {
        // Each track the odds measure (the homebrew's Light and Critical alike: either one full takes the target
        // out), by what it has left; the one the attack fills most counts.
        let tracks = self.rules.tracks(&self.battle[t].fighter);
        let left = |t: &Track| t.capacity.saturating_sub(t.taken).max(1) as f32;
        let filled = |(t, (_, d)): (&Track, &(Measure, Dist))| (t.capacity > 0).then(|| d.mean() as f32 / left(t));
        let progress = tracks.iter().zip(&odds.dists).filter_map(filled).fold(0.0, f32::max);
        let (out, hit) = (odds.chance(Chance::TakenOut) as f32, odds.chance(Chance::Hit) as f32);
        let focus = self.judgement.focus;
        let trouble = (odds.chance(Chance::WeaponMalfunction) + odds.chance(Chance::AttackerCriticalGlitch)) as f32;
        // A blast that may catch the thrower or its side is worth far less: an ally hurt at all costs, one taken out
        // costs twice what taking out a foe gains.
        let ally_out = |c: &Chance| matches!(c, Chance::CaughtTakenOut { friend: true, .. });
        let allies_out: f64 = odds.chances.iter().filter(|(c, _)| ally_out(c)).map(|(_, p)| p).sum();
        let friendly = (odds.chance(Chance::FriendlyFire) + 2.0 * allies_out) as f32;
        let itself = self.caught_itself(odds);
        // Each other enemy a blast may take out counts as the one aimed at would.
        let foe_out = |c: &Chance| matches!(c, Chance::CaughtTakenOut { friend: false, .. });
        let foes_out = odds.chances.iter().filter(|(c, _)| foe_out(c)).map(|(_, p)| p).sum::<f64>() as f32;
        // A shot that may hit is worth a little even against armor it rarely beats: standing idle wins nothing.
        let outs = (out + foes_out) * (1.0 + focus);
        progress.min(1.0) + outs + (focus * self.hurt(t) * 0.5 + 0.05) * hit - 0.1 * trouble - friendly - itself
    }

    /// What a blast costs its own thrower, caught in it: the damage it may take against what it has left, and far
    /// more the chance it is taken out (a grenade at a foe at hand knocked its thrower out).
    fn caught_itself(&self, odds: &Odds) -> f32 {
        let me = &self.battle[self.actor].fighter;
        let out: f64 = odds
            .chances
            .iter()
            .filter(|(c, _)| matches!(c, Chance::CaughtTakenOut { who, .. } if who == me.name()))
            .map(|(_, p)| p)
            .sum();
        let hurt = odds.dists.iter().find(|(m, _)| matches!(m, Measure::DamageTo(who) if who == me.name()));
        let left =
            self.rules.tracks(me).iter().find(|t| t.capacity > 0).map_or(1, |t| t.capacity.saturating_sub(t.taken));
        let damage = hurt.map_or(0.0, |(_, d)| d.mean() as f32 / left.max(1) as f32);
        SELF_CAUGHT * out as f32 + 2.0 * damage
    }

    /// The action for a priced attack: the best way to make it (firing mode, called shot) when the judgement
    /// weighs them, else the plain attack; after the move to its spot.
    fn attack(&self, p: &Priced<'_>) -> Option<(f32, R::Action, Odds)> {
        let target = self.battle[p.target].fighter.id();
        let moved = self.moved_to(p.spot);
        // The ruleset lists its usual way first (its usual mode, every shot the phase allows).
        self.rules
            .attack_choices(self.battle, self.actor, target, movement(p.spot))
            .into_iter()
            .take(self.judgement.ways)
            // Only the ways the rules accept now: a called shot after a run, or a long burst with four rounds left,
            // would leave the best candidates all refused and the actor idle.
            .filter(|(_, action)| dry_run(self.rules, self.slot, self.battle, action).is_ok())
            .filter_map(|(_, action)| {
                let still = self.rules.with_movement(action.clone(), None);
                let odds = self.rules.odds_of(&moved, self.actor, &still).ok()?;
                // Later shots of the same action fare a little worse (recoil, a defender ready for them).
                let shots = 1.0 + 0.9 * self.rules.attacks_in(&action).saturating_sub(1) as f32;
                let value = self.attack_value(self.harm(&odds, p.target) * shots * self.side_weight(p.target), p.spot);
                Some((value, action, odds))
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
    }

    /// The battle as it stands once the actor has moved to `spot` (a run's penalty included where the ruleset
    /// gives one): the move alone carried out on copies, where the attack is priced.
    fn moved_to(&self, spot: &Spot) -> Vec<Combatant<R::Fighter>> {
        match movement(spot) {
            Some(step) => after_move(self.rules, self.slot, self.battle, step),
            None => self.battle.to_vec(),
        }
    }

    /// Whether the rules accept a plain attack after the move to `spot`.
    fn may_attack_from(&self, spot: &Spot) -> bool {
        let Some(&t) = spot.shots.first() else { return false };
        let action = self.rules.intended(self.battle, self.actor, movement(spot), Some(self.battle[t].fighter.id()));
        dry_run(self.rules, self.slot, self.battle, &action).is_ok()
    }

    /// Readying `weapon` (`action`), from the safest cell a walk reaches or where it stands: worth it from where it
    /// then has an enemy in reach and sight of that weapon.
    fn ready(&self, weapon: &str, (safest, here): (&Spot, Option<&Spot>), action: R::Action) -> Vec<(f32, R::Action)> {
        let mut armed = self.battle[self.actor].fighter.clone();
        armed.suppose_drawn(weapon);
        let reach = self.rules.reach_of(&armed);
        let me = &self.battle[self.actor];
        let has_a_shot = |from: Cell| {
            self.battle.iter().any(|c| {
                c.side != me.side
                    && !c.fighter.is_out()
                    && can_attack(self.rules.field(), from, c.position, reach.melee, reach.max_m)
            })
        };
        let mut out = Vec::new();
        if safest.pace.is_some() && has_a_shot(safest.cell) {
            out.push((READY + self.ground(safest), self.rules.with_movement(action.clone(), movement(safest))));
        }
        if has_a_shot(me.position) {
            out.push((READY + here.map_or(0.0, |s| self.ground(s)) - 0.01, action));
        }
        out
    }

    /// The ruleset's other actions worth taking now: clear a jam, reload (in the safest cell a walk reaches) an
    /// empty weapon or one low on rounds, full defense when exposed and hurt, take aim when there is no shot from
    /// here, stand up; and, when the weapon in hand has no attack from anywhere it reaches (`no_attack`), ready a
    /// carried weapon that has one from where it readies it (the knife's wielder takes up its shotgun).
    fn others(
        &self,
        safest: &Spot,
        here: Option<&Spot>,
        (shot_here, no_attack): (bool, bool),
    ) -> Vec<(f32, R::Action)> {
        let me = &self.battle[self.actor].fighter;
        let exposed = here.map_or(0.0, |s| s.threat);
        let mut out = Vec::new();
        for (name, action) in self.rules.other_actions(self.battle, self.actor) {
            if let Some(weapon) = readied(me, &name) {
                if no_attack {
                    out.extend(self.ready(&weapon, (safest, here), action));
                }
                continue;
            }
            let value = match name.as_str() {
                n if n.starts_with("Clear") => 3.0,
                "Reload" => match (me.rounds_in_hand(), me.full_in_hand()) {
                    (Some(0), _) => 2.0,
                    // Low: three rounds or fewer, and no more than a quarter of what it holds full (a full
                    // two-round shotgun is not reloaded).
                    (Some(n), Some(full)) if n <= 3 && n * 4 <= full => 0.4,
                    _ => continue,
                },
                "Full defense" if self.judgement.defend => self.hurt(self.actor) * exposed * 0.1,
                // Aiming spends the slot's attack for one die on the next: only where there is none to make.
                "Take aim" if self.judgement.aim && !shot_here => 0.05,
                "Stand up" if me.statuses().contains(&Status::Prone) => 0.3,
                _ => continue,
            };
            // Where it may, it does this from the safest cell a walk reaches; else where it stands.
            if safest.pace.is_some() {
                let moved = self.rules.with_movement(action.clone(), movement(safest));
                out.push((value + self.ground(safest), moved));
            }
            out.push((value + here.map_or(0.0, |s| self.ground(s)) - 0.01, action));
        }
        out
    }
}

/// The weapon (catalogue id) an other action named `name` readies ("Ready the Remington 870", "Draw the Frag
/// grenade"), if it readies one.
fn readied<F: Suppose + FighterState>(me: &F, name: &str) -> Option<String> {
    let weapon = name.strip_prefix("Ready the ").or_else(|| name.strip_prefix("Draw the "))?;
    me.weapons_carried().into_iter().find(|id| me.weapon_name_of(id) == weapon)
}

/// In a battle of three sides or more, the enemy side whose standing combatants come nearest the actor's side's.
fn nemesis<F: FighterState>(battle: &[Combatant<F>], actor: usize) -> Option<&str> {
    let me = battle[actor].side.as_str();
    let cells = |side: &str| -> Vec<Cell> {
        battle.iter().filter(|c| c.side == side && !c.fighter.is_out()).map(|c| c.position).collect()
    };
    let sides: Vec<&str> =
        crate::rules::engine::battle::sides_standing(battle).into_iter().filter(|s| *s != me).collect();
    if sides.len() < 2 {
        return None;
    }
    let ours = cells(me);
    let gap = |side: &str| {
        let theirs = cells(side);
        ours.iter().flat_map(|&a| theirs.iter().map(move |&b| distance_m(a, b))).min().unwrap_or(u32::MAX)
    };
    sides.into_iter().min_by_key(|s| gap(s))
}

/// By battle index, how many slots each combatant still has this turn: the ruleset's own order, asked of a copy, and
/// the slots set aside to be played later.
fn slots_left<R: Playable>(rules: &R, battle: &[Combatant<R::Fighter>], delayed: &[Slot]) -> Vec<u32> {
    let mut left = vec![0; battle.len()];
    for slot in delayed {
        if let Some(n) = left.get_mut(slot.actor.index()) {
            *n += 1;
        }
    }
    let mut rules = rules.clone();
    // A turn has a slot for every combatant and pass (four at most); the bound only guards against a ruleset
    // that never says the turn is over.
    for _ in 0..battle.len() * 8 {
        let Some(slot) = rules.next_slot(battle) else { break };
        if let Some(n) = left.get_mut(slot.actor.index()) {
            *n += 1;
        }
    }
    left
}

/// The move to a spot (none for staying put).
fn movement(spot: &Spot) -> Option<Move> {
    spot.pace.map(|pace| Move { to: spot.cell, pace })
}
