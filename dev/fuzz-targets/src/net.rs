//! Targets on the network protocol (net/): what a hostile peer can send
//! the server, and what a hostile server can send a client. Either side
//! must answer garbage with an error, never a panic.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

use tabula_net::client::read_message;
use tabula_net::protocol::ServerMsg;
use tabula_net::server::{Limits, Server, ServerConfig};
use tabula_net::store::Sync;

use crate::plugin_dir;

/// Rooms the fuzz server keeps in memory. A room leaves memory as soon as
/// the input that made it has closed its connection (`keep_*` are zero),
/// so every input can create rooms and play in them; the bound keeps each
/// `list_rooms` answer small (refusals once it is reached are paths worth
/// fuzzing too).
const MAX_ROOMS: usize = 200;

/// The database directories are `<temp>/tabula-fuzz-net-<pid>`.
const DATA_PREFIX: &str = "tabula-fuzz-net-";

/// Removes the database directories of runs whose process has ended (the
/// server lives until its process exits, so nothing removes its own).
fn remove_ended_runs() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(DATA_PREFIX)) else { continue };
        if pid.parse::<u32>().is_ok() && !std::path::Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// One server for the whole process, on a loopback port, with its
/// database in a fresh directory under the system's temporary directory.
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        let data = std::env::temp_dir().join(format!("{DATA_PREFIX}{}", std::process::id()));
        remove_ended_runs();
        let _ = std::fs::remove_dir_all(&data);
        let config = ServerConfig {
            listen: "127.0.0.1:0".into(),
            data: PathBuf::from(&data),
            dirs: tabula_core::plugins::PluginDirs::only([plugin_dir()]),
            engines: Default::default(),
            sync: Sync::Normal,
            // Every input comes from one loopback address: the per-address
            // limits would refuse most inputs' rooms after the first hour.
            limits: Limits {
                max_rooms: MAX_ROOMS,
                keep_finished: Duration::ZERO,
                keep_abandoned: Duration::ZERO,
                rooms_per_address: MAX_ROOMS,
                rooms_per_hour: usize::MAX,
                password_tries: u32::MAX,
                ..Limits::default()
            },
            isolate_rules: false,
            tls: None,
            tls_only: false,
        };
        let server = Server::bind(config).expect("the fuzz server binds a loopback port");
        let addr = server.local_addr().expect("a bound address");
        std::thread::Builder::new().name("fuzz server".into()).spawn(move || server.run()).expect("server thread");
        addr
    })
}

/// Bytes from a client, as one connection to a real server: every line
/// the server answers is a message of the protocol, and it closes the
/// connection when the input ends.
pub fn net_server(data: &[u8]) {
    let mut stream = TcpStream::connect(server()).expect("the fuzz server accepts");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a read timeout");
    // The server may cut the connection early (a fatal error): the write
    // then fails, which is its right.
    let _ = stream.write_all(data);
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let mut answers = Vec::new();
    if let Err(e) = stream.read_to_end(&mut answers) {
        assert!(e.kind() != std::io::ErrorKind::WouldBlock, "the server did not close the connection in 30 s");
    }
    // A cut connection may end mid-line; every complete line must parse.
    let complete = answers.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    for line in answers[..complete].split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let text = std::str::from_utf8(line).expect("the server writes UTF-8");
        if let Err(e) = serde_json::from_str::<ServerMsg>(text) {
            panic!("the server sent a line that is not a message ({e}): {text}");
        }
    }
}

/// Bytes from a server, as the client reads them: each message read
/// prints and reads back equal; the first error ends the stream as it
/// ends the client's connection.
pub fn net_client(data: &[u8]) {
    let mut reader = data;
    let mut buf = Vec::new();
    while let Ok(msg) = read_message(&mut reader, &mut buf) {
        let line = msg.to_line();
        let mut again = line.as_bytes();
        let back = read_message(&mut again, &mut Vec::new())
            .unwrap_or_else(|e| panic!("a message the client read does not read back ({e}): {line}"));
        assert_eq!(back, msg, "the message changed on a round trip: {line}");
    }
}
