//! A host on a thread of its own, for the window's *Host online…*: the same headless host app as `skirmish host`
//! (`host::host_app`), updated every 10 ms until its battle is over or the window lets it go. The window's player
//! joins it on 127.0.0.1 like anyone else; the others join at one of this machine's addresses.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use bevy::prelude::*;

use super::NetError;
use super::host::{HostCommand, HostCommands, Offer, autosave_of, host_app};
use crate::battle::{BattleRequest, DiceChoice, StartError};
use crate::rules::engine::dice::{Dice, SeededDice};

/// Why the window's host did not start.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// The system gave it no thread.
    #[error("cannot start the host: {0}")]
    Thread(std::io::Error),
    /// Its thread ended before it said where it listens (it panicked).
    #[error("the host stopped at its start")]
    Stopped,
    /// The battle asked for does not start.
    #[error(transparent)]
    Battle(#[from] StartError),
    /// It cannot listen on the address.
    #[error(transparent)]
    Listen(#[from] NetError),
}

/// A host running on its own thread; dropping it stops the host (its players' connections close).
#[derive(Resource, Debug)]
pub struct Hosting {
    /// The address it listens on (all of this machine's, on this port).
    pub address: SocketAddr,
    /// Where the battle is saved after every decision (`skirmish host --load` takes it up).
    pub autosave: PathBuf,
    /// The password (a join code made up for it) the players join with.
    pub password: String,
    /// What the window asks of its host (a gone player's seat handed to another, spectators).
    commands: std::sync::mpsc::Sender<HostCommand>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Hosting {
    /// Starts hosting `request` on `address` (port 0: any free port), saved after every decision to `autosave` (by
    /// default `online-LEVEL.ron` in the saves folder); why not, in words.
    pub fn start(request: BattleRequest, address: SocketAddr, autosave: Option<PathBuf>) -> Result<Self, HostError> {
        // Players on other machines join with a join code made up now, this window's own player too.
        let password = crate::net::password::for_host(address, None, false);
        let keyed = password.clone();
        // The host has no terminal to type dice on: a battle of typed dice is rolled by a seed instead.
        let request = match request.dice {
            DiceChoice::Typed => request.with_dice(DiceChoice::Auto),
            _ => request,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let (told, heard) = std::sync::mpsc::channel();
        let (commands, obeyed) = std::sync::mpsc::channel();
        let stopped = stop.clone();
        // The app is made on its thread (an App stays on the thread it was made on); it says where it listens.
        let thread = std::thread::Builder::new()
            .name("skirmish host".into())
            .spawn(move || match open(&request, address, autosave, keyed) {
                Ok((mut app, bound, autosave)) => {
                    app.insert_resource(HostCommands(std::sync::Mutex::new(obeyed)));
                    let _ = told.send(Ok((bound, autosave)));
                    run(&mut app, &stopped);
                }
                Err(why) => {
                    let _ = told.send(Err(why));
                }
            })
            .map_err(HostError::Thread)?;
        let (address, autosave) = heard.recv().map_err(|_| HostError::Stopped)??;
        Ok(Hosting { address, autosave, password, commands, stop, thread: Some(thread) })
    }

    /// Asks the host for something (`HostCommand`): it does it at its next update and tells everyone.
    pub fn command(&self, command: HostCommand) {
        // A host that ended hears nothing more: there is nothing left to ask of it.
        let _ = self.commands.send(command);
    }

    /// Whether the host is still running (it ends once its battle is over and everyone was told).
    pub fn running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Where other players join: this machine's addresses (not the loopback), with the port.
    pub fn addresses(&self) -> Vec<SocketAddr> {
        let port = self.address.port();
        let mut found: Vec<IpAddr> = if_addrs::get_if_addrs()
            .unwrap_or_default()
            .into_iter()
            .filter(|i| !i.is_loopback() && !i.is_link_local())
            .map(|i| i.ip())
            .collect();
        // IPv4 first: what players type.
        found.sort_by_key(|ip| (ip.is_ipv6(), *ip));
        found.dedup();
        found.into_iter().map(|ip| SocketAddr::new(ip, port)).collect()
    }
}

impl Drop for Hosting {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

type Opened = (App, SocketAddr, PathBuf);

/// The battle started and the host's app listening.
fn open(
    request: &BattleRequest,
    address: SocketAddr,
    autosave: Option<PathBuf>,
    password: String,
) -> Result<Opened, HostError> {
    // Never asked for (typed dice were turned into a seed above); a random seed if it were.
    let seeded = || -> Box<dyn Dice + Send + Sync> { Box::new(SeededDice::new(rand::random())) };
    let started = crate::battle::start(request, seeded)?;
    let autosave = autosave.unwrap_or_else(|| autosave_of(&started));
    let offer = Offer { password, ..Offer::of(started, Some(autosave.clone())) };
    let (app, bound) = host_app(offer, address)?;
    Ok((app, bound, autosave))
}

/// Updates the host every 10 ms until it exits (its battle over, everyone told) or is told to stop.
fn run(app: &mut App, stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) && app.should_exit().is_none() {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
}
