//! The tactics lab's what-if panel (O, or the *What if… (O)* button): two set-ups side by side, each an attacker, a
//! target, a way to attack (the firing modes and called shots the battle offers with the weapon in hand) and the cell
//! the attacker shoots from (range and cover come from the map), with what the player supposes of the two (another
//! weapon in hand, a prone target, wounds, aim: `whatif_suppose.rs`); each priced with the exact odds of the battle as
//! it stands but for those suppositions (`rules::tools::what_if`): its odds table, and every distribution the odds give
//! (damage, wounds, health levels, boxes) plotted with both set-ups on one chart (`egui_plot`). Under fog of war only
//! units in sight can be picked. The panel draws what its feeder gives it ([`Board`], the prices): on one screen the
//! battle itself (`price_what_ifs`), online the host, asked for each set-up (`ui/online/what_if.rs`).

use crate::rules::tools::told::OddsTold;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_plot::{Bar, BarChart, Legend, Plot};

use super::sets::LabWindowSystems;
use crate::combat::{Engine, Roster};
use crate::rules::any_ruleset::any::{AnyBattle, View};
use crate::rules::engine::field::Cell;
use crate::rules::engine::ruleset::CombatantId;
use crate::rules::mechanics::odds::{Measure, Odds};
use crate::rules::mechanics::suppose::Supposed;
use crate::rules::tools::no_odds::NoOdds;
use crate::rules::tools::what_if::{self, Priced};
use crate::ui::screens::{BattleScreenSystems, BoardSystems, InBattle, OnBoard};

/// The panel: open or not, its two set-ups, and the battle as its feeder knows it.
#[derive(Resource, Default)]
pub struct WhatIf {
    open: bool,
    setups: [Setup; 2],
    pub board: Board,
}

/// What the panel offers, as its feeder knows the battle (one screen's engine, or an online host).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Board {
    /// The units a player may pick: those still in the fight, under fog of war those in sight.
    pub units: Vec<Pickable>,
    /// The player's unit whose slot it is: the set-ups start from it.
    pub acting: Option<CombatantId>,
    /// Counts the changes of the battle as the feeder knows it: a set-up priced before one is priced again.
    pub version: u64,
    /// Priced by a host over the network, not at once: a set-up waiting for its price says so.
    pub remote: bool,
}

/// A unit the panel may pick: its id, name, side and cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Pickable {
    pub id: CombatantId,
    pub name: String,
    pub side: String,
    pub cell: Cell,
}

impl WhatIf {
    pub fn is_open(&self) -> bool {
        self.open
    }

    pub fn set_open(&mut self, open: bool) {
        self.open = open;
    }

    /// Set-up `i` as the rules price it, if it names an attacker and a target and its price is not for it as it
    /// stands (another set-up, or an older battle).
    pub fn unpriced(&self, i: usize) -> Option<what_if::Setup> {
        let wanted = self.setups.get(i)?.wanted(&self.board)?;
        let fresh = |(version, asked, _): &(u64, what_if::Setup, _)| *version == self.board.version && *asked == wanted;
        (!self.setups[i].priced.as_ref().is_some_and(fresh)).then_some(wanted)
    }

    /// The price of set-up `i` as asked (`asked`) on the battle as it was at `version`.
    pub fn take_price(&mut self, i: usize, (version, asked): (u64, what_if::Setup), price: Result<Priced, NoOdds>) {
        let Some(s) = self.setups.get_mut(i) else { return };
        // The rules keep the way within the ways there are: the panel follows, and asks nothing more of it.
        let asked = match &price {
            Ok(priced) if asked == (what_if::Setup { way: asked.way, ..priced.setup.clone() }) => {
                s.way = priced.setup.way;
                priced.setup.clone()
            }
            _ => asked,
        };
        s.priced = Some((version, asked, price));
    }
}

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
    /// The last price: on the battle as it was at which version, of what, and the rules' answer.
    priced: Option<(u64, what_if::Setup, Result<Priced, NoOdds>)>,
}

impl Setup {
    /// The set-up as the rules price it, if it names an attacker and a target among `board`'s units (shooting from
    /// where the attacker stands unless another cell was chosen).
    fn wanted(&self, board: &Board) -> Option<what_if::Setup> {
        let (attacker, target) = (self.attacker?, self.target?);
        let here = board.units.iter().find(|u| u.id == attacker)?.cell;
        board.units.iter().any(|u| u.id == target).then(|| what_if::Setup {
            attacker,
            target,
            from: self.from.unwrap_or(here),
            way: self.way,
            supposed: self.supposed.clone(),
        })
    }

    /// Its price, if it is of this attacker and target.
    fn price_of(&self, (attacker, target): (CombatantId, CombatantId)) -> Option<&Result<Priced, NoOdds>> {
        let (_, asked, price) = self.priced.as_ref()?;
        (asked.attacker == attacker && asked.target == target).then_some(price)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WhatIf>()
        .add_systems(OnExit(OnBoard), crate::ui::screens::fresh::<WhatIf>)
        .add_systems(OnEnter(InBattle), open_what_if)
        .add_systems(Update, price_what_ifs.after(crate::ui::battle::fog::look_around).in_set(BattleScreenSystems))
        .add_systems(Update, toggle_what_if.run_if(crate::ui::keys_free).in_set(BoardSystems))
        .add_systems(
            EguiPrimaryContextPass,
            show_what_if.after(crate::ui::battle::sets::PanelSystems).in_set(LabWindowSystems).in_set(BoardSystems),
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

/// What the battle as the player knows it depends on: the battle's decisions and dice so far, the fog's changes.
type KnownKey = (usize, usize, u64);

/// One screen's feeder: the units a player may pick, and each set-up priced on the battle as the player knows it
/// (under fog of war an unseen unit changes no odds: they would tell where it stands).
fn price_what_ifs(
    mut what_if: ResMut<WhatIf>,
    (engine, roster, fog): (Res<Engine>, Res<Roster>, Res<crate::ui::battle::fog::Fog>),
    humans: Option<Res<crate::combat::HumanSides>>,
    mut known: Local<Option<(KnownKey, AnyBattle)>>,
) {
    if !what_if.open {
        return;
    }
    let battle = &engine.0;
    let key = (battle.decided(), battle.faces().len(), fog.changes);
    let players = humans.as_ref().map_or(&[][..], |h| h.0.as_slice());
    let changed = known.as_ref().is_none_or(|(k, _)| *k != key);
    if changed {
        *known = Some((key, fog.known(battle).into_owned()));
    }
    // The slot's unit may change with no decision or die between (the next slot begun): looked at every frame.
    let board = Board {
        units: pickable(&engine, &roster, &fog),
        acting: acting(battle, players),
        version: what_if.board.version + u64::from(changed),
        remote: false,
    };
    if board != what_if.board {
        what_if.board = board;
    }
    let Some((_, known)) = known.as_ref() else { return };
    for i in 0..2 {
        if let Some(setup) = what_if.unpriced(i) {
            let version = what_if.board.version;
            what_if.take_price(i, (version, setup.clone()), what_if::price(known, &setup));
        }
    }
}

/// The units a player may pick: those still in the fight, under fog of war those in sight.
fn pickable(engine: &Engine, roster: &Roster, fog: &crate::ui::battle::fog::Fog) -> Vec<Pickable> {
    let in_sight = |v: &View| roster.entity(v.id()).is_some_and(|e| fog.sees(e));
    let standing = |v: &View| !v.fighter.is_out();
    let units = engine.0.views().into_iter().filter(|v| standing(v) && in_sight(v));
    units
        .map(|v| Pickable { id: v.id(), name: v.name().to_owned(), side: v.side.to_owned(), cell: v.position })
        .collect()
}

/// The unit whose slot it is, if one of the players' (any unit's, where no side is a player's).
fn acting(battle: &AnyBattle, players: &[String]) -> Option<CombatantId> {
    let actor = battle.current()?.actor;
    (players.is_empty() || players.iter().any(|p| p == battle.view(actor).side)).then_some(actor)
}

fn show_what_if(
    mut contexts: EguiContexts,
    mut what_if: ResMut<WhatIf>,
    area: Res<crate::ui::MapArea>,
    told: Res<crate::ui::battle::told::Told>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !what_if.open {
        return Ok(());
    }
    let corner = area.points(ctx.zoom_factor()).left_top() + egui::vec2(6.0, 6.0);
    if what_if.setups[0].attacker.is_none() {
        what_if.setups = first_setups(&what_if.board);
    }
    let mut open = true;
    let what_if = &mut *what_if;
    // It scrolls below the map's top: its charts would otherwise push it over the top bar.
    let room = ctx.viewport_rect().bottom() - corner.y - 40.0;
    let window = egui::Window::new("What if…").open(&mut open).default_pos(corner).default_width(720.0);
    window.vscroll(true).default_height(room.max(200.0)).max_height(room.max(200.0)).show(ctx, |ui| {
        let board = &what_if.board;
        let priced: Vec<Option<(String, Odds)>> = ui
            .columns(2, |columns| {
                let [a, b] = &mut what_if.setups;
                [setup(&mut columns[0], "A", a, (board, told.0)), setup(&mut columns[1], "B", b, (board, told.0))]
            })
            .into_iter()
            .collect();
        // Told roughly: no charts, whose bars would tell the numbers.
        if told.0 == OddsTold::Exact {
            plots(ui, &priced);
        }
    });
    what_if.open = open;
    Ok(())
}

/// Set-ups to start from: the acting unit at the nearest enemy in sight, its usual way (A) and its next way (B);
/// none while no player's unit acts (the player's own unit is the one to start from).
fn first_setups(board: &Board) -> [Setup; 2] {
    let Some(me) = board.acting.and_then(|a| board.units.iter().find(|u| u.id == a)) else {
        return Default::default();
    };
    let distance = |u: &&Pickable| (u.cell.0 - me.cell.0).pow(2) + (u.cell.1 - me.cell.1).pow(2);
    let target = board.units.iter().filter(|u| u.side != me.side).min_by_key(distance).map(|u| u.id);
    let a = Setup { attacker: Some(me.id), target, ..Setup::default() };
    [a.clone(), Setup { way: 1, ..a }]
}

/// One set-up's pickers and its odds table; the set-up's name and odds, if it makes an attack.
fn setup(ui: &mut egui::Ui, label: &str, s: &mut Setup, (board, told): (&Board, OddsTold)) -> Option<(String, Odds)> {
    ui.strong(format!("Set-up {label}"));
    let units = &board.units;
    let name = |id: CombatantId| units.iter().find(|u| u.id == id).map_or_else(String::new, |u| u.name.clone());
    pick(ui, ("attacker", label), "Attacker", &mut s.attacker, units.iter().map(|u| u.id), name);
    let me = units.iter().find(|u| Some(u.id) == s.attacker)?;
    let foes = units.iter().filter(|u| u.side != me.side).map(|u| u.id);
    pick(ui, ("target", label), "Target", &mut s.target, foes.clone(), name);
    let target = s.target.filter(|t| foes.clone().any(|f| f == *t))?;
    let attacker = me.id;
    if s.supposed_of != Some((attacker, target)) {
        // Another attacker shoots from where it stands.
        if s.supposed_of.is_some_and(|(a, _)| a != attacker) {
            s.from = None;
        }
        s.supposed = Default::default();
        s.supposed_of = Some((attacker, target));
    }
    let mut from = s.from.unwrap_or(me.cell);
    ui.horizontal(|ui| {
        ui.label("Shoots from");
        ui.add(egui::DragValue::new(&mut from.0).prefix("x "));
        ui.add(egui::DragValue::new(&mut from.1).prefix("y "));
        if ui.small_button("where it stands").clicked() {
            from = me.cell;
        }
    });
    s.from = Some(from);
    // Online, a price not (yet) of the set-up as it stands, on the battle as it stands, says it is being asked for.
    let wanted = s.wanted(board);
    let fresh = s.priced.as_ref().is_some_and(|(v, asked, _)| *v == board.version && Some(asked) == wanted.as_ref());
    let waiting = board.remote && !fresh;
    let priced = match s.price_of((attacker, target)).cloned() {
        Some(Ok(priced)) => priced,
        Some(Err(why)) => {
            ui.colored_label(egui::Color32::from_rgb(255, 120, 100), why.to_string());
            if waiting {
                ui.weak("Asking the host…");
            }
            return None;
        }
        None => {
            ui.weak("Asking the host…");
            return None;
        }
    };
    ui.weak(priced.sight.as_str());
    suppositions(ui, label, s, &priced);
    if waiting {
        ui.weak("Asking the host…");
    }
    shown_odds(ui, label, s, (&priced, told))
}

/// The ways to attack (a choice of them) and the chosen way's odds table; its name and odds.
fn shown_odds(
    ui: &mut egui::Ui,
    label: &str,
    s: &mut Setup,
    (priced, told): (&Priced, OddsTold),
) -> Option<(String, Odds)> {
    let ways = &priced.ways;
    if ways.is_empty() {
        ui.weak("No way to attack it from there.");
        return None;
    }
    let mut way = s.way.min(ways.len() - 1);
    egui::ComboBox::from_id_salt(("way", label)).selected_text(ways[way].as_str()).show_ui(ui, |ui| {
        for (i, name) in ways.iter().enumerate() {
            ui.selectable_value(&mut way, i, name.as_str());
        }
    });
    // The odds shown are the priced way's (the one chosen, once its price comes).
    let name = format!("{label}: {}", ways[priced.setup.way.min(ways.len() - 1)]);
    s.way = way;
    match &priced.odds {
        Some(Ok(odds)) if told != OddsTold::Exact => {
            crate::ui::battle::panels::show_odds(ui, odds, told);
            Some((name, odds.clone()))
        }
        Some(Ok(odds)) => {
            let table = egui::RichText::new(odds.to_string()).monospace().size(11.0);
            egui::ScrollArea::vertical().id_salt(("odds", label)).max_height(230.0).show(ui, |ui| {
                ui.add(egui::Label::new(table).wrap());
            });
            Some((name, odds.clone()))
        }
        Some(Err(e)) => {
            ui.colored_label(egui::Color32::from_rgb(255, 120, 100), e.to_string());
            None
        }
        None => None,
    }
}

/// "Suppose…": the attacker's and the target's state as the player would have it, forgotten when either changes.
fn suppositions(ui: &mut egui::Ui, label: &str, s: &mut Setup, priced: &Priced) {
    let supposing = !s.supposed.iter().all(Supposed::is_empty);
    let title = if supposing { "Suppose… (in force)" } else { "Suppose…" };
    let [me, them] = &priced.standing;
    egui::CollapsingHeader::new(title).id_salt(("suppose", label)).default_open(true).show(ui, |ui| {
        ui.label(egui::RichText::new(me.name.as_str()).strong());
        super::whatif_suppose::attacker(ui, label, (me, priced.setup.target, &priced.supposable), &mut s.supposed[0]);
        ui.label(egui::RichText::new(them.name.as_str()).strong());
        super::whatif_suppose::target(ui, (them, &priced.supposable), &mut s.supposed[1]);
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
    use crate::rules::engine::battle::Next;
    use crate::rules::engine::dice::SeededDice;
    use crate::rules::engine::outcome::Log;

    #[test]
    fn the_panel_opens_on_the_acting_unit_at_its_nearest_enemy_in_two_ways() {
        let level = crate::scenario::level::load(std::path::Path::new("levels/open_ground.ron")).expect("a level");
        let scenario = level.scenario(crate::rules::any_ruleset::any::RulesetId::Shadowrun4).expect("plays");
        let mut log = Log::default();
        let mut battle = crate::battle::run::start(&scenario, "seed 1", &mut log);
        let Ok(Next::Slot(slot)) = battle.next(&mut SeededDice::new(1), &mut log) else { panic!("a slot") };
        let unit = |v: View| Pickable { id: v.id(), name: v.name().into(), side: v.side.into(), cell: v.position };
        let units: Vec<Pickable> = battle.views().into_iter().map(unit).collect();
        let board = Board { units: units.clone(), acting: acting(&battle, &[]), ..Board::default() };
        let [a, b] = first_setups(&board);
        assert_eq!((a.attacker, b.attacker, a.way, b.way), (Some(slot.actor), Some(slot.actor), 0, 1));
        let me = battle.view(slot.actor);
        let target = a.target.expect("an enemy");
        assert_ne!(battle.view(target).side, me.side);
        let d = |i: CombatantId| {
            let at = battle.view(i).position;
            (at.0 - me.position.0).pow(2) + (at.1 - me.position.1).pow(2)
        };
        assert!(units.iter().filter(|u| u.side != me.side).all(|u| d(u.id) >= d(target)), "the nearest");
        // Under fog, only the units in sight are offered: none here makes no set-up.
        let empty = Board { acting: Some(slot.actor), ..Board::default() };
        assert_eq!(first_setups(&empty), [Setup::default(), Setup::default()]);
        // In a slot of the AI's, none either: the player's own unit is the one to start from.
        let ai_side = if me.side == "Marksmen" { "Raiders" } else { "Marksmen" };
        assert_eq!(acting(&battle, &[ai_side.into()]), None);
        assert_eq!(acting(&battle, &[me.side.into()]), Some(slot.actor));
    }

    #[test]
    fn a_price_is_kept_while_its_set_up_and_battle_stand_and_asked_again_when_either_changes() {
        let (a, b) = (CombatantId(0), CombatantId(1));
        let unit = |id, side: &str, cell| Pickable { id, name: format!("{id}"), side: side.into(), cell };
        let board = Board { units: vec![unit(a, "X", (0, 0)), unit(b, "Y", (5, 0))], version: 3, ..Board::default() };
        let mut what_if = WhatIf { board, ..WhatIf::default() };
        what_if.setups[0] = Setup { attacker: Some(a), target: Some(b), way: 4, ..Setup::default() };
        let asked = what_if.unpriced(0).expect("not priced yet");
        assert_eq!((asked.from, asked.way), ((0, 0), 4), "from where it stands");
        assert_eq!(what_if.unpriced(1), None, "set-up B names no one");
        // The rules keep the way within the two there are: the panel follows and asks no more.
        let setup = what_if::Setup { way: 1, ..asked.clone() };
        let priced = Priced { setup, ways: vec!["one".into(), "two".into()], ..Priced::default() };
        what_if.take_price(0, (3, asked), Ok(priced));
        assert_eq!((what_if.setups[0].way, what_if.unpriced(0)), (1, None));
        what_if.setups[0].from = Some((2, 0));
        assert_eq!(what_if.unpriced(0).map(|s| s.from), Some((2, 0)), "another cell");
        what_if.setups[0].from = None;
        what_if.board.version = 4;
        assert!(what_if.unpriced(0).is_some(), "the battle moved on");
    }
}
