//! The tactics lab's what-if panel (O, or the *What if… (O)* button): two set-ups side by side, each an attacker, a
//! target, a way to attack (the firing modes and called shots the battle offers with the weapon in hand) and the cell
//! the attacker shoots from (range and cover come from the map), with what the player supposes of the two (another
//! weapon in hand, a prone target, wounds, aim: `whatif_suppose.rs`); each priced with the exact odds of the battle as
//! it stands but for those suppositions: its odds table, and every distribution the odds give (damage, wounds, health
//! levels, boxes) plotted with both set-ups on one chart (`egui_plot`). Under fog of war only units in sight can be
//! picked.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_plot::{Bar, BarChart, Legend, Plot};

use crate::combat::{Engine, Roster};
use crate::rules::any::{AnyAction, AnyBattle, View};
use crate::rules::field::{Cell, Move, Pace};
use crate::rules::odds::{Measure, Odds};
use crate::rules::ruleset::CombatantId;
use crate::rules::suppose::Supposed;
use crate::ui::screens::{BattleScreenSystems, InBattle, fresh};

/// The panel: open or not, and its two set-ups.
#[derive(Resource, Default)]
pub struct WhatIf {
    open: bool,
    setups: [Setup; 2],
    /// The fog's changes when the set-ups were last priced: under fog they are priced on the battle as the player
    /// knows it, and again when that changes.
    fog_changes: u64,
    /// Under fog, the battle as the player knows it, made once for each state of the battle and of the fog (not
    /// copied every frame the panel is drawn).
    known: Option<(KnownKey, AnyBattle)>,
}

impl WhatIf {
    pub fn is_open(&self) -> bool {
        self.open
    }

    pub fn set_open(&mut self, open: bool) {
        self.open = open;
    }
}

/// What the battle as the player knows it depends on: the battle's decisions and dice so far, the fog's changes.
type KnownKey = (usize, usize, u64);

/// One set-up, by combatant id; `way` is the index among the attack choices; `from` the attacker's cell; what is
/// supposed of the attacker and of the target.
#[derive(Clone, Debug, Default, PartialEq)]
struct Setup {
    attacker: Option<CombatantId>,
    target: Option<CombatantId>,
    way: usize,
    from: Option<Cell>,
    supposed: [Supposed; 2],
    /// The attacker and target they were supposed of: another pair starts as they are.
    supposed_of: Option<(CombatantId, CombatantId)>,
    /// What it was last priced as.
    priced: Priced,
}

/// What a set-up depends on: the battle's decisions so far, attacker, target, cell, way, suppositions.
type PriceKey = (usize, CombatantId, CombatantId, Cell, usize, [Supposed; 2]);

/// A set-up's ways to attack and the odds table of the one chosen, kept while its [`PriceKey`] stays (egui draws
/// every frame; the odds are worked out once).
#[derive(Clone, Debug, Default, PartialEq)]
struct Priced {
    key: Option<PriceKey>,
    ways: Vec<(String, AnyAction)>,
    odds: Option<Result<(Odds, String), String>>,
}

impl Setup {
    /// What it supposes of whom, for the rules.
    fn changes(&self) -> Vec<(CombatantId, Supposed)> {
        let who = [self.attacker, self.target];
        who.into_iter().zip(&self.supposed).filter_map(|(i, s)| Some((i?, s.clone()))).collect()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WhatIf>()
        .add_systems(OnEnter(InBattle), (fresh::<WhatIf>, open_what_if).chain())
        .add_systems(Update, toggle_what_if.run_if(crate::ui::keys_free).in_set(BattleScreenSystems))
        .add_systems(
            EguiPrimaryContextPass,
            show_what_if.after(crate::ui::battle::panels::PanelSystems).in_set(BattleScreenSystems),
        );
}

/// The panel open from the start when the command line asks (`play --what-if`).
fn open_what_if(options: Res<crate::ui::PlayOptions>, mut what_if: ResMut<WhatIf>) {
    what_if.open |= options.what_if;
}

fn toggle_what_if(keys: Res<ButtonInput<KeyCode>>, mut what_if: ResMut<WhatIf>) {
    if keys.just_pressed(KeyCode::KeyO) {
        what_if.open = !what_if.open;
    }
}

/// The units a player may pick: those still in the fight, under fog of war those in sight.
fn pickable(engine: &Engine, roster: &Roster, fog: &crate::ui::battle::fog::Fog) -> Vec<CombatantId> {
    let in_sight = |id: &CombatantId| roster.entity(*id).is_some_and(|e| fog.sees(e));
    let standing = |v: &View| !v.fighter.is_out();
    engine.0.views().into_iter().filter(standing).map(|v| v.id()).filter(in_sight).collect()
}

fn show_what_if(
    mut contexts: EguiContexts,
    mut what_if: ResMut<WhatIf>,
    (engine, roster, fog): (Res<Engine>, Res<Roster>, Res<crate::ui::battle::fog::Fog>),
    (area, humans): (Res<crate::ui::MapArea>, Option<Res<crate::combat::HumanSides>>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !what_if.open {
        return Ok(());
    }
    let corner = area.points(ctx.zoom_factor()).left_top() + egui::vec2(6.0, 6.0);
    let units = pickable(&engine, &roster, &fog);
    if what_if.setups[0].attacker.is_none() {
        what_if.setups = first_setups(&engine, &units, humans.as_ref().map_or(&[][..], |h| h.0.as_slice()));
    }
    if what_if.fog_changes != fog.changes {
        what_if.fog_changes = fog.changes;
        what_if.setups.iter_mut().for_each(|s| s.priced.key = None);
    }
    // Under fog, an unseen unit changes no odds: they would tell where it stands.
    let mut cache = what_if.known.take();
    let known = known_battle(&mut cache, &engine.0, &fog);
    let mut open = true;
    egui::Window::new("What if…").open(&mut open).default_pos(corner).default_width(720.0).show(ctx, |ui| {
        let priced: Vec<Option<(String, Odds)>> = ui
            .columns(2, |columns| {
                let [a, b] = &mut what_if.setups;
                [setup(&mut columns[0], "A", a, known, &units), setup(&mut columns[1], "B", b, known, &units)]
            })
            .into_iter()
            .collect();
        plots(ui, &priced);
    });
    (what_if.open, what_if.known) = (open, cache);
    Ok(())
}

/// The battle the panel prices on: the battle itself without fog; under fog the battle as the player knows it, from
/// `cache` while neither the battle nor the fog changed.
fn known_battle<'a>(
    cache: &'a mut Option<(KnownKey, AnyBattle)>,
    battle: &'a AnyBattle,
    fog: &crate::ui::battle::fog::Fog,
) -> &'a AnyBattle {
    if !fog.on {
        return battle;
    }
    let key = (battle.decided(), battle.faces().len(), fog.changes);
    if cache.as_ref().is_none_or(|(k, _)| *k != key) {
        *cache = Some((key, fog.known(battle).into_owned()));
    }
    cache.as_ref().map_or(battle, |(_, known)| known)
}

/// Set-ups to start from: the acting unit at the nearest enemy in sight, its usual way (A) and its next way (B);
/// in an AI's slot none yet (the player's own unit is the one to start from), unless no side is a player's.
fn first_setups(engine: &Engine, units: &[CombatantId], players: &[String]) -> [Setup; 2] {
    let battle = &engine.0;
    let players_own = |a: &CombatantId| players.is_empty() || players.iter().any(|p| p == battle.view(*a).side);
    let Some(actor) = battle.current().map(|s| s.actor).filter(|a| units.contains(a) && players_own(a)) else {
        return Default::default();
    };
    let me = battle.view(actor);
    let distance = |i: &CombatantId| {
        let at = battle.view(*i).position;
        (at.0 - me.position.0).pow(2) + (at.1 - me.position.1).pow(2)
    };
    let target = units.iter().copied().filter(|&i| battle.view(i).side != me.side).min_by_key(distance);
    let a = Setup { attacker: Some(actor), target, ..Setup::default() };
    [a.clone(), Setup { way: 1, ..a }]
}

/// One set-up's pickers and its odds table; the set-up's name and odds, if it makes an attack.
fn setup(
    ui: &mut egui::Ui,
    label: &str,
    s: &mut Setup,
    battle: &AnyBattle,
    units: &[CombatantId],
) -> Option<(String, Odds)> {
    ui.strong(format!("Set-up {label}"));
    let name = |id: CombatantId| battle.view(id).name().to_owned();
    pick(ui, ("attacker", label), "Attacker", &mut s.attacker, units.iter().copied(), name);
    let attacker = s.attacker?;
    let side = battle.view(attacker).side.to_owned();
    let foes = units.iter().copied().filter(|&i| battle.view(i).side != side);
    pick(ui, ("target", label), "Target", &mut s.target, foes, name);
    let target = s.target.filter(|&t| battle.view(t).side != side)?;
    if s.supposed_of != Some((attacker, target)) {
        // Another attacker shoots from where it stands.
        if s.supposed_of.is_some_and(|(a, _)| a != attacker) {
            s.from = None;
        }
        s.supposed = Default::default();
        s.supposed_of = Some((attacker, target));
    }
    let here = battle.view(attacker).position;
    let mut from = s.from.unwrap_or(here);
    ui.horizontal(|ui| {
        ui.label("Shoots from");
        ui.add(egui::DragValue::new(&mut from.0).prefix("x "));
        ui.add(egui::DragValue::new(&mut from.1).prefix("y "));
        if ui.small_button("where it stands").clicked() {
            from = here;
        }
    });
    s.from = Some(from);
    ui.weak(super::whatif_suppose::sight_line(battle, from, battle.view(target).position));
    suppositions(ui, label, s, battle, (attacker, target));
    price(s, battle, (attacker, target, here));
    let ways = &s.priced.ways;
    if ways.is_empty() {
        ui.weak("No way to attack it from there.");
        return None;
    }
    let mut way = s.way;
    egui::ComboBox::from_id_salt(("way", label)).selected_text(ways[way].0.as_str()).show_ui(ui, |ui| {
        for (i, (name, _)) in ways.iter().enumerate() {
            ui.selectable_value(&mut way, i, name.as_str());
        }
    });
    let name = format!("{label}: {}", ways[s.way].0);
    let shown = match &s.priced.odds {
        Some(Ok((odds, table))) => {
            let table = egui::RichText::new(table.as_str()).monospace().size(11.0);
            egui::ScrollArea::vertical().id_salt(("odds", label)).max_height(230.0).show(ui, |ui| {
                ui.add(egui::Label::new(table).wrap());
            });
            Some((name, odds.clone()))
        }
        Some(Err(e)) => {
            ui.colored_label(egui::Color32::from_rgb(255, 120, 100), e.as_str());
            None
        }
        None => None,
    };
    s.way = way;
    shown
}

/// Prices the set-up anew if anything it depends on changed since it was last priced: its ways to attack from its
/// cell with its suppositions, and the odds of the chosen one.
fn price(s: &mut Setup, battle: &AnyBattle, (attacker, target, here): (CombatantId, CombatantId, Cell)) {
    let from = s.from.unwrap_or(here);
    let key = (battle.decided(), attacker, target, from, s.way, s.supposed.clone());
    if s.priced.key.as_ref() == Some(&key) {
        return;
    }
    let movement = (from != here).then_some(Move { to: from, pace: Pace::Walk });
    let changes = s.changes();
    let ways = battle.ways_supposing(attacker, target, movement, &changes);
    s.way = s.way.min(ways.len().saturating_sub(1));
    // An attack the rules would refuse from there (a katana at 30 m, a grenade beyond its throw) is not priced.
    let refused = battle.out_of_reach((attacker, target), from, &changes);
    let odds = ways.get(s.way).map(|(_, action)| {
        if let Some(why) = refused {
            return Err(why);
        }
        let odds = battle.odds_supposing(attacker, action, &changes).map_err(|e| e.to_string())?;
        let table = odds.to_string();
        Ok((odds, table))
    });
    s.priced = Priced { key: Some((battle.decided(), attacker, target, from, s.way, s.supposed.clone())), ways, odds };
}

/// "Suppose…": the attacker's and the target's state as the player would have it, forgotten when either changes.
fn suppositions(
    ui: &mut egui::Ui,
    label: &str,
    s: &mut Setup,
    battle: &AnyBattle,
    (me, them): (CombatantId, CombatantId),
) {
    let supposing = !s.supposed.iter().all(Supposed::is_empty);
    let title = if supposing { "Suppose… (in force)" } else { "Suppose…" };
    egui::CollapsingHeader::new(title).id_salt(("suppose", label)).default_open(true).show(ui, |ui| {
        ui.label(egui::RichText::new(battle.view(me).name()).strong());
        super::whatif_suppose::attacker(ui, label, battle, (me, them), &mut s.supposed[0]);
        ui.label(egui::RichText::new(battle.view(them).name()).strong());
        super::whatif_suppose::target(ui, battle, them, &mut s.supposed[1]);
        if supposing && ui.small_button("as they are").clicked() {
            s.supposed = Default::default();
        }
    });
}

/// A combo box over `choices`, keeping the choice if it is still among them.
fn pick(
    ui: &mut egui::Ui,
    id: (&str, &str),
    words: &str,
    chosen: &mut Option<CombatantId>,
    choices: impl Iterator<Item = CombatantId> + Clone,
    name: impl Fn(CombatantId) -> String,
) {
    if chosen.is_some_and(|c| !choices.clone().any(|i| i == c)) {
        *chosen = None;
    }
    ui.horizontal(|ui| {
        ui.label(words);
        let shown = chosen.map_or("pick one".to_owned(), &name);
        egui::ComboBox::from_id_salt(id).selected_text(shown).show_ui(ui, |ui| {
            for i in choices {
                ui.selectable_value(chosen, Some(i), name(i));
            }
        });
    });
}

/// Every distribution the set-ups' odds give, one chart a measure, both set-ups' bars side by side.
fn plots(ui: &mut egui::Ui, priced: &[Option<(String, Odds)>]) {
    let mut measures: Vec<Measure> = Vec::new();
    for (_, odds) in priced.iter().flatten() {
        for (m, _) in &odds.dists {
            if !measures.contains(m) {
                measures.push(m.clone());
            }
        }
    }
    let colours = [egui::Color32::from_rgb(90, 160, 250), egui::Color32::from_rgb(240, 170, 70)];
    for measure in measures {
        ui.label(format!("{measure}: the chance of each amount"));
        let plot =
            Plot::new(("what-if", measure.to_string())).height(120.0).legend(Legend::default()).allow_scroll(false);
        plot.show(ui, |plot_ui| {
            for (n, (name, odds)) in priced.iter().enumerate().filter_map(|(n, p)| Some((n, p.as_ref()?))) {
                let Some((_, dist)) = odds.dists.iter().find(|(m, _)| *m == measure) else { continue };
                let shift = if n == 0 { -0.2 } else { 0.2 };
                let bars: Vec<Bar> = dist.iter().map(|(v, p)| Bar::new(f64::from(v) + shift, p).width(0.4)).collect();
                let chart = BarChart::new(format!("{name} (mean {:.2})", dist.mean()), bars).color(colours[n % 2]);
                plot_ui.bar_chart(chart);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::SeededDice;
    use crate::rules::engine::Next;
    use crate::rules::outcome::Log;

    #[test]
    fn the_panel_opens_on_the_acting_unit_at_its_nearest_enemy_in_two_ways() {
        let level = crate::scenario::level::load(std::path::Path::new("levels/open_ground.ron")).expect("a level");
        let scenario = level.scenario(crate::rules::any::RulesetId::Shadowrun4).expect("plays");
        let mut log = Log::default();
        let mut battle = crate::battle::run::start(&scenario, "seed 1", &mut log);
        let Ok(Next::Slot(slot)) = battle.next(&mut SeededDice::new(1), &mut log) else { panic!("a slot") };
        let engine = Engine(battle);
        let units: Vec<CombatantId> = engine.0.views().iter().map(|v| v.id()).collect();
        let [a, b] = first_setups(&engine, &units, &[]);
        assert_eq!((a.attacker, b.attacker, a.way, b.way), (Some(slot.actor), Some(slot.actor), 0, 1));
        let me = engine.0.view(slot.actor);
        let target = a.target.expect("an enemy");
        assert_ne!(engine.0.view(target).side, me.side);
        let d = |i: CombatantId| {
            let at = engine.0.view(i).position;
            (at.0 - me.position.0).pow(2) + (at.1 - me.position.1).pow(2)
        };
        assert!(units.iter().filter(|&&i| engine.0.view(i).side != me.side).all(|&i| d(i) >= d(target)), "the nearest");
        // Under fog, only the units in sight are offered: none here makes no set-up.
        assert_eq!(first_setups(&engine, &[], &[]), [Setup::default(), Setup::default()]);
        // In a slot of the AI's, none either: the player's own unit is the one to start from.
        let ai_side = if me.side == "Marksmen" { "Raiders" } else { "Marksmen" };
        assert_eq!(first_setups(&engine, &units, &[ai_side.into()]), [Setup::default(), Setup::default()]);
        assert_eq!(first_setups(&engine, &units, &[me.side.into()])[0].attacker, Some(slot.actor));
    }
}
