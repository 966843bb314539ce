//! Online play in the window (`skirmish join ADDRESS`, or *Join online…* in the menu): the form that asks for the
//! host's address and the player's name, the connection (and why it failed, in words), the lobby (who is there,
//! which side each takes, ready, chat), then the battle as this player's sides see it — the map, the units the host
//! sends, the log it tells — with the orders panel when the host waits for one of this player's slots, and the end.
//! The host runs the battle; this end has no engine: it sends plans (`rules::plan`) the host makes actions of.
//! The board, the tokens and the clicks are `board.rs` (on the one board of `battle/`).

use std::net::{SocketAddr, ToSocketAddrs};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bevy_replicon::prelude::ClientState;

use super::board::{Planning, Shown, delay, send};
use crate::net::background::Hosting;
use crate::net::join::Joined;
use crate::net::protocol::{FromPlayer, Unit};
use crate::rules::id::CombatantId;
use crate::rules::plan::Plan;
use crate::ui::battle::units::readable;
use crate::ui::palette::{Palette, Shape};
use crate::ui::screens::{NextBattle, OnlineStage, Screen, Watching};

pub(super) fn plugin(app: &mut App) {
    crate::net::net_plugins(app);
    app.add_plugins(crate::net::join::plugin)
        .init_resource::<Planning>()
        .add_systems(OnEnter(Screen::Online), open_connection)
        .add_systems(OnExit(Screen::Online), close_connection)
        .add_systems(Update, (notice_trouble, take_the_side_asked, follow_the_host).run_if(in_state(Screen::Online)))
        .add_systems(EguiPrimaryContextPass, show_online.run_if(in_state(Screen::Online)).in_set(OnlinePanelSystems))
        .configure_sets(EguiPrimaryContextPass, OnlinePanelSystems.before(crate::ui::battle::labels::NameSystems));
}

/// The online screen's panels are laid out (the names over the map come after, in the room they leave).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OnlinePanelSystems;

/// The port a host listens on unless told otherwise (`skirmish host --address`).
pub const PORT: u16 = 5757;

/// Whom to join: from the command line (`skirmish join`), or the form. `side` and `ready` take a side and say
/// ready as soon as the lobby shows (a quick start, and the tests).
#[derive(Resource, Clone, Debug, Default)]
pub struct JoinRequest {
    pub address: String,
    pub name: String,
    pub side: Option<String>,
    pub ready: bool,
    /// Only watch: a spectator, with no side.
    pub watch: bool,
}

/// The online screen's own state: the form's fields, the connection's trouble, the chat line being typed.
#[derive(Resource, Debug, Default)]
struct Online {
    form: JoinRequest,
    /// The host this end is connected (or connecting) to.
    host: Option<SocketAddr>,
    /// Why this end is not connected, in a player's words.
    trouble: Option<String>,
    chat: String,
    /// The side asked for was taken (and ready said).
    seated: bool,
    whole_log: bool,
    /// The faces being typed for the roll the host waits for, and when they were sent (the host's ask and the
    /// refusals heard then: a refusal shows the prompt again).
    dice_line: crate::ui::battle::dice::DiceLine,
    dice_sent: Option<(usize, usize)>,
    /// Once the battle is over: the whole battle's log shown, fog lifted.
    unveil: bool,
    /// Why the battle could not be watched again.
    replay_trouble: Option<String>,
    /// The side of every unit this connection was sent, by the player's number: the log's lines keep their side's
    /// colour once the unit is out of sight.
    sides_seen: std::collections::HashMap<crate::rules::ruleset::CombatantId, String>,
}

/// A player's name when none is given: the login's, else "Player".
pub fn default_name() -> String {
    std::env::var("USER").ok().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| "Player".to_owned())
}

/// The host's address as a player types it: "HOST" (port 5757) or "HOST:PORT", HOST a name or a number.
pub fn host_address(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("type the host's address (what `skirmish host` prints, e.g. 192.168.1.20)".into());
    }
    let with_port =
        if text.parse::<SocketAddr>().is_ok() || text.rsplit_once(':').is_some_and(|(h, _)| !h.contains(':')) {
            text.to_owned()
        } else {
            format!("{text}:{PORT}")
        };
    let found = with_port.to_socket_addrs().map_err(|e| format!("{text}: {e}"))?;
    found.into_iter().find(SocketAddr::is_ipv4).ok_or_else(|| format!("{text}: no such host"))
}

/// Connects to the host the request names (or opens the form, without one).
fn open_connection(world: &mut World) {
    let request = world.remove_resource::<JoinRequest>();
    let mut online = Online { form: JoinRequest { name: default_name(), ..default() }, ..default() };
    world.insert_resource(Planning::default());
    if let Some(request) = request {
        online.form = request;
        connect(world, &mut online);
    }
    world.insert_resource(online);
}

/// Connects with the form's address and name; what went wrong goes to `online.trouble`.
fn connect(world: &mut World, online: &mut Online) {
    crate::net::hang_up(world);
    forget_the_battle(world);
    let name = online.form.name.trim().to_owned();
    let started = match (host_address(&online.form.address), name.is_empty()) {
        (_, true) => Err("give your name: the host and the other players call you by it".to_owned()),
        (Err(e), _) => Err(e),
        (Ok(host), false) => crate::net::connect(world, host, rand::random()).map(|()| host).map_err(|e| e.to_string()),
    };
    match started {
        Ok(host) => {
            (online.host, online.trouble, online.seated) = (Some(host), None, false);
            world.insert_resource(Joined { watching: online.form.watch, ..Joined::new(&name) });
            world.insert_resource(Planning::default());
            crate::stdout::say(format_args!("joining {host} as {name}\n"));
        }
        Err(e) => online.trouble = Some(e),
    }
}

/// Leaving the screen closes the connection; what the host sent goes with it.
fn close_connection(world: &mut World) {
    crate::net::hang_up(world);
    // A battle this window hosted stops with it (its save stays).
    world.remove_resource::<Hosting>();
    forget_the_battle(world);
    world.remove_resource::<Online>();
}

/// What the last host sent goes (joining again, or another host, starts from nothing): its units and its map (the
/// board goes with its stage, `screens::OnBoard`).
fn forget_the_battle(world: &mut World) {
    world.remove_resource::<Joined>();
    world.remove_resource::<crate::ui::MapView>();
    world.remove_resource::<crate::ui::SideOrder>();
    let units: Vec<Entity> = world.query_filtered::<Entity, With<Unit>>().iter(world).collect();
    for entity in units {
        world.despawn(entity);
    }
}

/// The screen's stage follows the host: joining until it answers (or after trouble), its lobby, its battle once it
/// began and the map is laid.
fn follow_the_host(
    (joined, map, online): (Option<Res<Joined>>, Option<Res<crate::ui::MapView>>, Option<Res<Online>>),
    stage: Res<State<OnlineStage>>,
    mut next: ResMut<NextState<OnlineStage>>,
) {
    let want = match joined {
        _ if online.is_none_or(|o| o.trouble.is_some()) => OnlineStage::Joining,
        Some(j) if j.began.is_some() && map.is_some() => OnlineStage::Battle,
        Some(j) if !j.lobby.title.is_empty() => OnlineStage::Lobby,
        _ => OnlineStage::Joining,
    };
    if *stage.get() != want {
        next.set(want);
    }
}

/// A connection that closed (refused, timed out, the host gone) is said in words, and let go.
fn notice_trouble(world: &mut World) {
    let Some(why) = crate::net::why_closed(world) else { return };
    // A host closes once its battle is over and everyone was told: the end stays on screen.
    if world.get_resource::<Joined>().is_some_and(|j| j.over.is_some()) {
        crate::net::hang_up(world);
        return;
    }
    let host = world.get_resource::<Online>().and_then(|o| o.host);
    let connected_before = world.get_resource::<Joined>().is_some_and(|j| !j.lobby.title.is_empty());
    let words = match (why, connected_before) {
        (crate::net::Closed::NoAnswer, _) => format!(
            "no answer from {}: is `skirmish host` running there, on that port, and the port open?",
            host.map_or("the host".into(), |h| h.to_string())
        ),
        (crate::net::Closed::Refused, _) => {
            "the host refused the connection (full, or another version of the game)".into()
        }
        (_, true) => "the connection to the host was lost: join again to take your seat back".into(),
        (other, false) => format!("the connection closed: {other}"),
    };
    crate::stdout::say(format_args!("error: {words}\n"));
    crate::net::hang_up(world);
    if let Some(mut online) = world.get_resource_mut::<Online>() {
        online.trouble = Some(words);
    }
}

/// Takes the side the command line asked for, and says ready, once the lobby shows.
fn take_the_side_asked(joined: Option<Res<Joined>>, mut online: ResMut<Online>, mut out: MessageWriter<FromPlayer>) {
    let Some(joined) = joined else { return };
    if online.seated || joined.lobby.title.is_empty() || joined.lobby.started {
        return;
    }
    online.seated = true;
    if let Some(side) = online.form.side.clone() {
        out.write(FromPlayer::TakeSide(Some(side)));
    }
    if online.form.ready {
        out.write(FromPlayer::Ready(true));
    }
}

/// What the online screen shows: the form, the connection under way, the lobby, or the battle.
fn show_online(
    mut contexts: EguiContexts,
    mut online: ResMut<Online>,
    joined: Option<ResMut<Joined>>,
    (connection, settings): (Res<State<ClientState>>, Res<crate::ui::settings::Settings>),
    (units, shown): (Query<&Unit>, Res<Shown>),
    mut planning: ResMut<Planning>,
    mut out: MessageWriter<FromPlayer>,
    mut screen: ResMut<NextState<Screen>>,
    (mut area, map): (ResMut<crate::ui::MapArea>, Option<Res<crate::ui::MapView>>),
    (mut commands, under): (Commands, Res<crate::ui::battle::camera::MapUnderPanels>),
    (hosting, mut lab): (Option<Res<Hosting>>, crate::ui::battle::tools::LabButtons),
) -> Result {
    let hosting = hosting.as_deref();
    let ctx = contexts.ctx_mut()?;
    let builder = egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect());
    let mut root = egui::Ui::new(ctx.clone(), "online".into(), builder);
    let go = match joined {
        Some(mut joined)
            if (*connection.get() == ClientState::Connected || joined.over.is_some()) && online.trouble.is_none() =>
        {
            match joined.began.is_some() {
                false => show_lobby(&mut root, (online.as_mut(), settings.palette), (&joined, hosting), &mut out),
                true => {
                    let below =
                        |room: egui::Vec2| map.as_ref().is_some_and(|m| crate::ui::battle::panels::log_below(m, room));
                    let ends = (online.as_mut(), joined.as_mut());
                    let seen = (&units, below, &*shown, settings.palette);
                    crate::ui::battle::panels::fill_panels(&mut root, *under);
                    let go = show_battle(&mut root, ends, seen, (&mut planning, hosting, &mut lab), &mut out);
                    ask_for_dice(ctx, online.as_mut(), &joined, &mut out);
                    area.set_if_neq(crate::ui::MapArea::of_points(
                        root.available_rect_before_wrap(),
                        ctx.zoom_factor(),
                    ));
                    go
                }
            }
        }
        _ if online.trouble.is_none() && online.host.is_some() => show_connecting(&mut root, &online),
        _ => show_form(&mut root, &mut online),
    };
    match go {
        Go::Stay => {}
        Go::Menu => screen.set(Screen::Menu),
        Go::Replay { save, title } => match watch_again(&save, &title) {
            Ok((next, watching)) => {
                commands.insert_resource(next);
                commands.insert_resource(watching);
                screen.set(Screen::Loading);
            }
            Err(why) => online.replay_trouble = Some(why),
        },
        Go::Join => {
            let form = online.form.clone();
            commands.queue(move |world: &mut World| {
                let Some(mut online) = world.remove_resource::<Online>() else { return };
                online.form = form;
                connect(world, &mut online);
                world.insert_resource(online);
            });
        }
    }
    Ok(())
}

/// Where a click on the online screen goes.
enum Go {
    Stay,
    Menu,
    Join,
    /// Watch the battle again: its save (RON), as the host sent it once it was over, and its title.
    Replay {
        save: String,
        title: String,
    },
}

/// The battle's save as the host sent it, written to the saves folder and opened to watch step by step.
fn watch_again(save: &str, title: &str) -> Result<(NextBattle, Watching), String> {
    let slug: String = title.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    let path = crate::scenario::save::folder().join(format!("online-{slug}-watched.ron"));
    let written = std::fs::create_dir_all(crate::scenario::save::folder()).and_then(|()| std::fs::write(&path, save));
    written.map_err(|e| format!("cannot save the battle to {}: {e}", path.display()))?;
    NextBattle::watched(&path, WATCHING_PACE).map_err(|e| e.to_string())
}

/// Seconds a step when watching an online battle again.
const WATCHING_PACE: f32 = 0.6;

/// The width of the form's and the lobby's column, in points.
const COLUMN: f32 = 560.0;

/// A column in the middle of the screen under a title.
fn middle(root: &mut egui::Ui, title: &str, add: impl FnOnce(&mut egui::Ui) -> Go) -> Go {
    let mut go = Go::Stay;
    egui::CentralPanel::default_margins().show(root, |ui| {
        ui.add_space(ui.available_height() * 0.1);
        ui.vertical_centered(|ui| {
            ui.heading(egui::RichText::new(title).size(24.0).color(egui::Color32::from_rgb(240, 200, 90)));
        });
        ui.add_space(12.0);
        // A column of its own width in the middle, its lines from its left edge.
        let width = ui.available_width().min(COLUMN);
        ui.horizontal_top(|ui| {
            ui.add_space((ui.available_width() - width) / 2.0);
            ui.vertical(|ui| {
                ui.set_width(width);
                go = add(ui);
            });
        });
    });
    go
}

/// The form: the host's address and the player's name.
fn show_form(root: &mut egui::Ui, online: &mut Online) -> Go {
    middle(root, "Join an online battle", |ui| {
        ui.label(
            "The host hosts the battle (Host online… in the menu, or skirmish host LEVEL) and tells you its address.",
        );
        ui.add_space(8.0);
        egui::Grid::new("join form").num_columns(2).spacing([12.0, 8.0]).show(ui, |ui| {
            ui.label("Host address");
            ui.add(egui::TextEdit::singleline(&mut online.form.address).hint_text("192.168.1.20 or host:5757"));
            ui.end_row();
            ui.label("Your name");
            ui.add(egui::TextEdit::singleline(&mut online.form.name).char_limit(40));
            ui.end_row();
        });
        let hint = "Take no side: you may join a battle under way; you see what every side sees, and all of it once \
                    the battle is over";
        ui.checkbox(&mut online.form.watch, "Only watch").on_hover_text(hint);
        if let Some(trouble) = &online.trouble {
            ui.add_space(6.0);
            ui.colored_label(egui::Color32::from_rgb(255, 120, 100), trouble);
        }
        ui.add_space(10.0);
        let mut go = Go::Stay;
        ui.horizontal(|ui| {
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Join").clicked() || enter {
                go = Go::Join;
            }
            if ui.button("Back to the menu").clicked() {
                go = Go::Menu;
            }
        });
        go
    })
}

fn show_connecting(root: &mut egui::Ui, online: &Online) -> Go {
    let host = online.host.map_or(String::new(), |h| h.to_string());
    middle(root, "Joining…", |ui| {
        ui.label(format!("Connecting to {host} as {}", online.form.name.trim()));
        ui.spinner();
        match ui.button("Cancel").clicked() {
            true => Go::Menu,
            false => Go::Stay,
        }
    })
}

/// The lobby: each side and who takes it (a button to take a free one), ready, the players, chat.
fn show_lobby(
    root: &mut egui::Ui,
    (online, palette): (&mut Online, Palette),
    (joined, hosting): (&Joined, Option<&Hosting>),
    out: &mut MessageWriter<FromPlayer>,
) -> Go {
    let lobby = &joined.lobby;
    let me = lobby.players.iter().find(|p| p.name == joined.name);
    middle(root, &format!("Lobby — {} · {}", lobby.title, lobby.ruleset), |ui| {
        if let Some(hosting) = hosting {
            show_hosting(ui, hosting);
        }
        match joined.watching {
            true => ui.label(
                "You are watching: the battle begins when every player is ready; you will see what \
                              every side sees, and all of it once it is over.",
            ),
            false => {
                ui.label("Take a side (or more), then say you are ready: the battle begins when every player is ready.")
            }
        };
        ui.label("The AI plays the sides no one takes.");
        ui.add_space(8.0);
        egui::Grid::new("sides").num_columns(3).spacing([16.0, 6.0]).striped(true).show(ui, |ui| {
            for (n, side) in lobby.sides.iter().enumerate() {
                let mark = format!("{} {side}", Shape::of_side(n).mark());
                ui.label(egui::RichText::new(mark).strong().color(readable(palette.side(n))));
                let taker = lobby.players.iter().find(|p| p.sides.contains(side));
                match taker {
                    Some(p) if p.name == joined.name => ui.label("you"),
                    Some(p) => ui.label(&p.name),
                    None => ui.weak("the AI"),
                };
                if taker.is_none() && !joined.watching && ui.button("Take").clicked() {
                    out.write(FromPlayer::TakeSide(Some(side.clone())));
                }
                ui.end_row();
            }
        });
        ui.add_space(8.0);
        let mut ready = me.is_some_and(|p| p.ready);
        if !joined.watching {
            ui.horizontal(|ui| {
                let mine = me.is_some_and(|p| !p.sides.is_empty());
                if ui.add_enabled(mine, egui::Checkbox::new(&mut ready, "Ready")).changed() {
                    out.write(FromPlayer::Ready(ready));
                }
                if mine && ui.button("Give my sides up").clicked() {
                    out.write(FromPlayer::TakeSide(None));
                }
                let mut own = me.is_some_and(|p| p.own_dice);
                let hint = "The host asks you for each roll of your sides' (what it is for, how many dice) and you \
                            type the faces in; it waits a while (the host's choice), then rolls them for you";
                if mine && ui.checkbox(&mut own, "I roll my own dice").on_hover_text(hint).changed() {
                    out.write(FromPlayer::OwnDice(own));
                }
            });
        }
        ui.add_space(8.0);
        ui.label(egui::RichText::new("Players").strong());
        for p in &lobby.players {
            ui.label(p.line());
        }
        show_refusals(ui, joined);
        ui.add_space(8.0);
        show_chat(ui, online, joined, out);
        ui.add_space(8.0);
        match leave_button(ui, hosting).clicked() {
            true => Go::Menu,
            false => Go::Stay,
        }
    })
}

/// The prompt for this player's own dice while the host waits for them (as one screen's, with the time left); the
/// faces, or *Roll for me*, go to the host.
fn ask_for_dice(ctx: &egui::Context, online: &mut Online, joined: &Joined, out: &mut MessageWriter<FromPlayer>) {
    let Some((wanted, until, roll)) = &joined.dice else { return };
    let sent = (joined.dice_asks, joined.refused.len());
    if online.dice_sent.is_some_and(|(asks, refusals)| asks == sent.0 && refusals == sent.1) {
        return;
    }
    if let Some((_, refusals)) = online.dice_sent.filter(|(asks, _)| *asks == sent.0)
        && let Some(why) = joined.refused.get(refusals)
    {
        online.dice_line.refused = Some(why.clone());
    }
    let left = until.saturating_duration_since(std::time::Instant::now()).as_secs();
    let note = format!("{left} s before the host rolls them for you");
    let title = format!("Your dice, {}", joined.name);
    let answer = crate::ui::battle::dice::dice_prompt(ctx, &title, wanted, &mut online.dice_line, (true, Some(&note)));
    let message = match answer {
        Some(crate::ui::battle::dice::DiceAnswer::Typed(line)) => FromPlayer::Faces { roll: *roll, line },
        Some(crate::ui::battle::dice::DiceAnswer::ForMe) => FromPlayer::RollForMe { roll: *roll },
        None => return,
    };
    out.write(message);
    online.dice_line = Default::default();
    online.dice_sent = Some(sent);
}

/// Where the others join a battle this window hosts: the port and this machine's addresses.
fn show_hosting(ui: &mut egui::Ui, hosting: &Hosting) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let gold = egui::Color32::from_rgb(240, 200, 90);
        ui.label(egui::RichText::new(format!("You host this battle, on port {}", hosting.address.port())).color(gold));
        let addresses = hosting.addresses();
        match addresses.is_empty() {
            true => ui.label("This machine has no network address but its own: only players on it can join."),
            false => ui.label("The others join at (Join online… in their menu, or skirmish join ADDRESS):"),
        };
        for address in addresses {
            ui.monospace(address.to_string());
        }
        ui.weak(format!("The battle is saved after every decision to {}.", hosting.autosave.display()));
    });
    ui.add_space(8.0);
}

/// *Leave*, which, in a battle this window hosts, stops the host (said on hover).
fn leave_button(ui: &mut egui::Ui, hosting: Option<&Hosting>) -> egui::Response {
    let button = ui.button("Leave");
    match hosting {
        Some(h) => button.on_hover_text(format!(
            "You host this battle: leaving stops it for everyone (it is saved: skirmish host --load {})",
            h.autosave.display()
        )),
        None => button.on_hover_text("Your seat waits: join again by the same name"),
    }
}

/// The host's last refusal, in red.
fn show_refusals(ui: &mut egui::Ui, joined: &Joined) {
    if let Some(why) = joined.refused.last() {
        ui.colored_label(egui::Color32::from_rgb(255, 120, 100), format!("The host refused: {why}"));
    }
}

/// The chat: the last lines and a line to type.
fn show_chat(ui: &mut egui::Ui, online: &mut Online, joined: &Joined, out: &mut MessageWriter<FromPlayer>) {
    ui.label(egui::RichText::new("Chat").strong());
    for (from, text) in joined.chat.iter().rev().take(6).rev() {
        ui.label(format!("{from}: {text}"));
    }
    ui.horizontal(|ui| {
        let width = (ui.available_width() - 60.0).max(80.0);
        let line = ui.add(egui::TextEdit::singleline(&mut online.chat).hint_text("say something").desired_width(width));
        let sent = line.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button("Send").clicked() || sent) && !online.chat.trim().is_empty() {
            out.write(FromPlayer::Say(std::mem::take(&mut online.chat).trim().to_owned()));
        }
    });
}

/// The battle: the bar on top, the orders and chat on the left, the log on the right, the end below.
fn show_battle(
    root: &mut egui::Ui,
    (online, joined): (&mut Online, &mut Joined),
    (units, below, shown, palette): (&Query<&Unit>, impl Fn(egui::Vec2) -> bool, &Shown, Palette),
    (planning, hosting, lab): (&mut Planning, Option<&Hosting>, &mut crate::ui::battle::tools::LabButtons),
    out: &mut MessageWriter<FromPlayer>,
) -> Go {
    let mut go = Go::Stay;
    egui::Panel::top("online bar").show(root, |ui| {
        ui.horizontal(|ui| {
            let (title, ruleset) = joined.began.clone().unwrap_or_default();
            ui.label(egui::RichText::new(format!("{title} · {ruleset}")).strong());
            ui.separator();
            match joined.watching {
                true => ui.label(format!("{} watches", joined.name)),
                false => ui.label(format!("{} commands {}", joined.name, joined.yours.join(", "))),
            };
            ui.separator();
            lab.show(ui);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if leave_button(ui, hosting).clicked() {
                    go = Go::Menu;
                }
                if let Some(hosting) = hosting {
                    ui.weak(format!("hosting on port {}", hosting.address.port()));
                }
            });
        });
    });
    egui::Panel::left("online orders").exact_size(260.0).show(root, |ui| {
        show_orders(ui, joined, planning, out);
        ui.separator();
        show_chat(ui, online, joined, out);
    });
    // Another connection may number the units otherwise (a host taken up from its save).
    if joined.log.events.is_empty() {
        online.sides_seen.clear();
    }
    online.sides_seen.extend(units.iter().map(|u| (u.id, u.side.clone())));
    let looks = side_looks(joined, &online.sides_seen, palette);
    let below = below(root.available_rect_before_wrap().size());
    // Once the battle is over, the whole of it may be read, fog lifted.
    let log = match &joined.unveiled {
        Some((whole, _)) if online.unveil => whole,
        _ => &shown.log,
    };
    crate::ui::battle::panels::show_log(
        root,
        (log, &crate::ui::battle::dice::TypedRolls::default()),
        (&[], false),
        (&looks, &mut online.whole_log),
        below,
    );
    // The end shows once its last slot is on the board.
    if let Some((winner, reason)) = joined.over.clone().filter(|_| shown.caught_up(joined)) {
        egui::Panel::bottom("online end").show(root, |ui| {
            ui.horizontal(|ui| {
                let title = winner.map_or("No winner".to_owned(), |w| format!("{w} wins"));
                ui.heading(title);
                ui.label(reason);
                if let Some((_, save)) = &joined.unveiled {
                    let hint = "The log of the whole battle, fog lifted: every side's every roll";
                    ui.checkbox(&mut online.unveil, "The whole battle").on_hover_text(hint);
                    let hint = "Watch the battle again step by step, every unit shown (saved in your saves folder)";
                    if ui.button("Watch it again").on_hover_text(hint).clicked() {
                        go = Go::Replay { save: save.clone(), title: joined.lobby.title.clone() };
                    }
                }
                if ui.button("Back to the menu").clicked() {
                    go = Go::Menu;
                }
                if let Some(trouble) = &online.replay_trouble {
                    ui.colored_label(egui::Color32::from_rgb(255, 120, 100), trouble);
                }
            });
        });
    }
    go
}

/// Each combatant's colour and shape in the log, by its side's place among the lobby's sides, as one screen has them
/// by the sides' order (known of the units this player sees or saw).
fn side_looks(
    joined: &Joined,
    sides: &std::collections::HashMap<crate::rules::ruleset::CombatantId, String>,
    palette: Palette,
) -> crate::ui::battle::panels::SideLooks {
    let place = |side: &str| joined.lobby.sides.iter().position(|s| s == side).unwrap_or(0);
    sides.iter().map(|(id, side)| (*id, (readable(palette.side(place(side))), Shape::of_side(place(side))))).collect()
}

/// The orders panel: whose slot, the plan so far, the ways to attack, the other actions, and the buttons.
fn show_orders(ui: &mut egui::Ui, joined: &Joined, planning: &mut Planning, out: &mut MessageWriter<FromPlayer>) {
    ui.heading(if joined.watching { "Watching" } else { "Orders" });
    let Some((actor, slot)) = planning.waiting(joined) else {
        match (joined.over.is_some() && !planning.behind, joined.watching) {
            (true, _) => ui.label("The battle is over."),
            (false, true) => ui.weak("You see what every side sees: a unit only when each side in the fight sees it."),
            (false, false) => ui.weak("Waiting for the other sides…"),
        };
        return;
    };
    let Some((_, _, choices)) = joined.asked.as_ref() else { return };
    let name = joined.log.names.get(actor.index()).cloned().unwrap_or_default();
    ui.label(egui::RichText::new(format!("{name}'s slot")).strong().color(egui::Color32::from_rgb(255, 210, 64)));
    ui.weak(
        "Click a cell to move there, an enemy to attack it; Enter gives the orders, E ends the slot, L delays it; H the \
         heat map, O what if.",
    );
    ui.add_space(4.0);
    ui.label(plan_text(joined, &planning.plan));
    show_priced(ui, joined, planning, slot);
    if let Some((_, ways)) = planning.plan.target.and_then(|t| choices.targets.iter().find(|(i, _)| *i == t)) {
        for (i, way) in ways.iter().enumerate() {
            let chosen = planning.plan.way.unwrap_or(0) == i;
            if ui.selectable_label(chosen, way).clicked() {
                planning.plan.way = Some(i);
            }
        }
    }
    ui.horizontal(|ui| {
        if ui.button("Give the orders").clicked() {
            send(planning, joined, slot, out);
        }
        if ui.button("End the slot").clicked() {
            planning.plan = Plan::default();
            send(planning, joined, slot, out);
        }
        let hint = "Act after everyone else in this phase or pass";
        if choices.may_delay && ui.button("Delay (L)").on_hover_text(hint).clicked() {
            delay(planning, joined, slot, out);
        }
    });
    for (i, other) in choices.others.iter().enumerate() {
        if ui.button(format!("{} {other}", i + 1)).clicked() {
            planning.plan = Plan { other: Some(i), ..Plan::default() };
            send(planning, joined, slot, out);
        }
    }
    if planning.sent {
        show_refusals(ui, joined);
    }
}

/// The odds of the attack in view (the enemy under the pointer, else the plan's target), as the host worked them out
/// from what this player's sides see; or that they are on their way.
fn show_priced(ui: &mut egui::Ui, joined: &Joined, planning: &Planning, slot: crate::rules::ruleset::Slot) {
    let Some(plan) = &planning.priced else { return };
    ui.add_space(4.0);
    match &joined.odds {
        Some((s, p, Ok(odds))) if *s == slot && p == plan => crate::ui::battle::panels::show_odds(ui, odds),
        Some((s, p, Err(why))) if *s == slot && p == plan => {
            ui.weak(format!("No odds: {why}"));
        }
        _ => {
            ui.weak("Working out the odds…");
        }
    }
}

/// What the plan says, in words.
fn plan_text(joined: &Joined, plan: &Plan) -> String {
    let name = |id: CombatantId| joined.log.names.get(id.index()).cloned().unwrap_or_default();
    match (&plan.movement, plan.target) {
        (None, None) => "No orders yet.".to_owned(),
        (Some(m), None) => format!("{:?} to {:?}.", m.pace, m.to),
        (None, Some(t)) => format!("Attack {}.", name(t)),
        (Some(m), Some(t)) => format!("{:?} to {:?}, then attack {}.", m.pace, m.to, name(t)),
    }
}
