//! A `skirmish host` process on the loopback address, for the tests that join it from another process.

use std::io::BufRead;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

/// A host process: the address it listens on (read from the line it prints first), and everything it printed
/// after, kept as it comes (read away at once, so that it never blocks on a full pipe).
pub struct HostProcess {
    pub child: Child,
    pub address: SocketAddr,
    pub said: Arc<Mutex<String>>,
}

impl HostProcess {
    /// `skirmish host --address 127.0.0.1:0 ARGS…`.
    pub fn start(args: &[&str]) -> Self {
        // Its autosave goes to a folder of the tests' own, not the player's saves.
        let saves = std::env::temp_dir().join("skirmish-host-test-saves");
        let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
            .env("SKIRMISH_SAVES", saves)
            .args(["host", "--address", "127.0.0.1:0"])
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the host starts");
        let mut lines = std::io::BufReader::new(child.stdout.take().expect("its output"));
        let mut first = String::new();
        lines.read_line(&mut first).expect("the host says where it listens");
        let said = Arc::new(Mutex::new(String::new()));
        let kept = said.clone();
        std::thread::spawn(move || {
            for line in lines.lines().map_while(Result::ok) {
                kept.lock().expect("the host's output").push_str(&(line + "\n"));
            }
        });
        // "hosting TITLE on ADDRESS; …": the title may hold " on " too.
        let address = first.split(';').next().and_then(|s| s.rsplit_once(" on ")).map(|(_, a)| a).expect(&first);
        HostProcess { child, address: address.parse().expect(&first), said }
    }

    /// What the host printed after its first line, so far.
    pub fn said(&self) -> String {
        self.said.lock().expect("the host's output").clone()
    }

    /// Waits (at most `seconds`) for the host to end by itself; its exit code, if it did.
    pub fn ends_within(&mut self, seconds: u64) -> Option<i32> {
        for _ in 0..seconds * 10 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        None
    }
}

impl Drop for HostProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
