//! The online screen laid out by stage (the form, the connection under way, the lobby, the battle), and where a click
//! goes: the menu, joining, or the battle watched again.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bevy_replicon::prelude::ClientState;

use super::battle::{ask_for_defense, ask_for_dice, show_battle};
use super::connection::connect;
use super::form::{show_connecting, show_form};
use super::lobby::show_lobby;
use super::state::{Go, Online};
use crate::battle::save::folder;
use crate::net::background::Hosting;
use crate::net::join::Joined;
use crate::net::protocol::{FromPlayer, Unit};
use crate::ui::battle::camera::MapUnderPanels;
use crate::ui::battle::orders::Orders;
use crate::ui::battle::panels::{fill_panels, log_below};
use crate::ui::lab::buttons::LabButtons;
use crate::ui::online::board::{Planning, Shown};
use crate::ui::screens::{NextBattle, Screen, Watching};
use crate::ui::settings::Settings;
use crate::ui::{MapArea, MapView};

/// What the online screen shows: the form, the connection under way, the lobby, or the battle.
pub(super) fn show_online(
    mut contexts: EguiContexts,
    mut online: ResMut<Online>,
    joined: Option<ResMut<Joined>>,
    (connection, settings): (Res<State<ClientState>>, Res<Settings>),
    (units, shown): (Query<&Unit>, Res<Shown>),
    (planning, mut orders): (Res<Planning>, ResMut<Orders>),
    mut out: MessageWriter<FromPlayer>,
    mut screen: ResMut<NextState<Screen>>,
    (mut area, map): (ResMut<MapArea>, Option<Res<MapView>>),
    (mut commands, under): (Commands, Res<MapUnderPanels>),
    (hosting, mut lab): (Option<Res<Hosting>>, LabButtons),
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
                    let below = |room: egui::Vec2| map.as_ref().is_some_and(|m| log_below(m, room));
                    let ends = (online.as_mut(), joined.as_mut());
                    let seen = (&units, below, &*shown, settings.palette);
                    fill_panels(&mut root, *under);
                    let go = show_battle(&mut root, ends, seen, (&planning, &mut orders, hosting, &mut lab), &mut out);
                    ask_for_dice(ctx, online.as_mut(), &joined, &mut out);
                    ask_for_defense(ctx, online.as_mut(), &joined, &mut out);
                    area.set_if_neq(MapArea::of_points(root.available_rect_before_wrap(), ctx.zoom_factor()));
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

/// The battle's save as the host sent it, written to the saves folder and opened to watch step by step.
fn watch_again(save: &str, title: &str) -> Result<(NextBattle, Watching), String> {
    let slug: String = title.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    let path = folder().join(format!("online-{slug}-watched.ron"));
    let written = std::fs::create_dir_all(folder()).and_then(|()| std::fs::write(&path, save));
    written.map_err(|e| format!("cannot save the battle to {}: {e}", path.display()))?;
    NextBattle::watched(&path, WATCHING_PACE).map_err(|e| e.to_string())
}

/// Seconds a step when watching an online battle again.
const WATCHING_PACE: f32 = 0.6;
