//! *Host online…* from the menu: the battle chosen hosted on a thread of this window's, and its player joining it.

use super::state::{Control, Menu};
use crate::battle::BattleRequest;
use crate::net::background::Hosting;
use crate::ui::online::join::{JoinRequest, PORT, default_name};

/// Hosts `request` on port 5757 (another free port if that one is taken), and the window's player joins it by
/// `name`, taking `side` at once if given: the host's thread, and whom the online screen joins.
pub(super) fn host_online(
    request: BattleRequest,
    (side, name): (Option<String>, String),
) -> Result<(Hosting, JoinRequest), String> {
    let any = |port| std::net::SocketAddr::from(([0, 0, 0, 0], port));
    let hosting = Hosting::start(request.clone(), any(PORT), None).or_else(|_| Hosting::start(request, any(0), None));
    let hosting = hosting.map_err(|e| e.to_string())?;
    let address = format!("127.0.0.1:{}", hosting.address.port());
    let password = hosting.password.clone();
    Ok((hosting, JoinRequest { address, name, side, ready: false, watch: false, password }))
}

/// The host's player in the lobby: the first side the menu has a player command (taken at once), by the name the
/// menu gives that player, else the login's.
pub(super) fn host_player(menu: &Menu) -> (Option<String>, String) {
    let side = menu.side_names().into_iter().find(|s| menu.controls.get(s) == Some(&Control::Human));
    let named = side.as_ref().and_then(|s| menu.names.get(s)).map(|n| n.trim().to_owned()).filter(|n| !n.is_empty());
    (side, named.unwrap_or_else(default_name))
}
