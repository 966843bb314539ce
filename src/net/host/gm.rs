//! The game master's seat online: its changes are made by the one way a GM's change goes into the battle
//! (`combat::gm`, as on one screen), and the host tells the GM why the rules refused one (nothing changed then).
//! A change made is told to everyone by the log, as the rules' events are.

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::state::Host;
use crate::combat::gm::GmChangeRefused;
use crate::net::protocol::FromHost;

/// Tells the game master why each of its changes the rules refused.
pub(super) fn tell_the_gm(
    host: Res<Host>,
    mut refused: MessageReader<GmChangeRefused>,
    mut out: MessageWriter<ToClients<FromHost>>,
) {
    let Some(gm) = host.players.iter().find(|p| p.gm) else {
        refused.clear();
        return;
    };
    for GmChangeRefused { why, .. } in refused.read() {
        gm.send_as_is(FromHost::Refused(format!("the rules refused the change: {why}")), &mut out);
    }
}
