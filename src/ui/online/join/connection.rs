//! The connection to the host: opened when the screen opens (or the form asks), closed when it closes, its trouble
//! said in words; the screen's stage following the host; the side the command line asked for taken.

use bevy::prelude::*;

use super::state::{JoinRequest, Online, host_address};
use crate::net::background::Hosting;
use crate::net::join::Joined;
use crate::net::protocol::{FromPlayer, Unit};
use crate::net::{Closed, hang_up, why_closed};
use crate::stdout::say;
use crate::ui::online::board::Planning;
use crate::ui::screens::OnlineStage;
use crate::ui::{MapView, SideOrder};

/// Connects to the host the request names (or opens the form, without one).
pub(super) fn open_connection(world: &mut World) {
    let request = world.remove_resource::<JoinRequest>();
    // The name field starts empty, the login's name its hint: what is typed is the name, not added to another.
    let mut online = Online { form: JoinRequest::default(), ..default() };
    world.insert_resource(Planning::default());
    if let Some(request) = request {
        online.form = request;
        connect(world, &mut online);
    }
    world.insert_resource(online);
}

/// Connects with the form's address and name; what went wrong goes to `online.trouble`.
pub(super) fn connect(world: &mut World, online: &mut Online) {
    hang_up(world);
    forget_the_battle(world);
    let name = online.form.name_or_default();
    let started = match host_address(&online.form.address) {
        Err(e) => Err(e),
        Ok(host) => {
            let password = online.form.password.trim();
            crate::net::connect(world, host, rand::random(), password).map(|()| host).map_err(|e| e.to_string())
        }
    };
    match started {
        Ok(host) => {
            (online.host, online.trouble, online.seated) = (Some(host), None, false);
            // The seat's key this game kept from an earlier join is said again: the seat is its own after a drop.
            world.insert_resource(Joined { watching: online.form.watch, ..Joined::keeping(&name, &host.to_string()) });
            world.insert_resource(Planning::default());
            say(format_args!("joining {host} as {name}\n"));
        }
        Err(e) => online.trouble = Some(e),
    }
}

/// Leaving the screen closes the connection; what the host sent goes with it.
pub(super) fn close_connection(world: &mut World) {
    hang_up(world);
    // A battle this window hosted stops with it (its save stays).
    world.remove_resource::<Hosting>();
    forget_the_battle(world);
    world.remove_resource::<Online>();
}

/// What the last host sent goes (joining again, or another host, starts from nothing): its units and its map (the
/// board goes with its stage, `screens::OnBoard`).
fn forget_the_battle(world: &mut World) {
    world.remove_resource::<Joined>();
    world.remove_resource::<MapView>();
    world.remove_resource::<SideOrder>();
    let units: Vec<Entity> = world.query_filtered::<Entity, With<Unit>>().iter(world).collect();
    for entity in units {
        world.despawn(entity);
    }
}

/// The screen's stage follows the host: joining until it answers (or after trouble), its lobby, its battle once it
/// began and the map is laid.
pub(super) fn follow_the_host(
    (joined, map, online): (Option<Res<Joined>>, Option<Res<MapView>>, Option<Res<Online>>),
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
pub(super) fn notice_trouble(world: &mut World) {
    let Some(why) = why_closed(world) else { return };
    // A host closes once its battle is over and everyone was told: the end stays on screen.
    if world.get_resource::<Joined>().is_some_and(|j| j.over.is_some()) {
        hang_up(world);
        return;
    }
    let host = world.get_resource::<Online>().and_then(|o| o.host);
    let connected_before = world.get_resource::<Joined>().is_some_and(|j| !j.lobby.title.is_empty());
    // A connection the host gave no seat is closed after a while: the host's refusal is why.
    let unseated = world.get_resource::<Joined>().and_then(|j| {
        let seated = j.lobby.players.iter().any(|p| p.name == j.name && p.connected);
        j.refused.last().filter(|_| !seated).cloned()
    });
    let words = match (why, connected_before, unseated) {
        (Closed::Lost, _, Some(refused)) => format!("the host did not seat you: {refused}"),
        // A host turns a wrong password away unheard: it cannot be told from no host at all.
        (Closed::NoAnswer, ..) => format!(
            "no answer from {}: is the password (or join code) right? is `skirmish host` running there, on that \
             port, and the port open?",
            host.map_or("the host".into(), |h| h.to_string())
        ),
        (Closed::Refused, ..) => "the host refused the connection (full, or another version of the game)".into(),
        (_, true, _) => "the connection to the host was lost: join again to take your seat back".into(),
        (other, false, _) => format!("the connection closed: {other}"),
    };
    say(format_args!("error: {words}\n"));
    hang_up(world);
    if let Some(mut online) = world.get_resource_mut::<Online>() {
        online.trouble = Some(words);
    }
}

/// Takes the side the command line asked for, and says ready, once the lobby shows.
pub(super) fn take_the_side_asked(
    joined: Option<Res<Joined>>,
    mut online: ResMut<Online>,
    mut out: MessageWriter<FromPlayer>,
) {
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
