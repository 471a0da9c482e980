//! The connection's side of a network game: the first message, the reader
//! and pinger threads, and reconnecting after a lost connection.

use std::sync::mpsc::Sender as Tx;
use std::thread;
use std::time::Duration;

use tabula_net::client::{ClientError, Connection, Sender};
use tabula_net::protocol::ClientMsg;

use super::{NetEvent, NetOptions};

pub(super) fn first_message(o: &NetOptions) -> ClientMsg {
    let password = o.password.clone();
    if let Some(rules) = &o.create {
        return ClientMsg::Create {
            rules: rules.clone(),
            options: o.options.iter().cloned().collect(),
            seats: o.seats.clone(),
            seat: o.seat,
            name: o.name.clone(),
            clock: o.clock,
            password,
            start: o.start.clone(),
        };
    }
    let room = o.room.unwrap_or(0);
    match &o.token {
        Some(token) => ClientMsg::Resume { room, token: token.clone() },
        None => ClientMsg::Join { room, seat: o.seat, name: o.name.clone(), password },
    }
}

/// Reads the connection on a thread, forwarding messages; pings so the
/// server does not close a quiet connection.
pub(super) fn forward(conn: Connection, tx: &Tx<NetEvent>) -> Result<Sender, ClientError> {
    let every = conn.idle_timeout() / 3;
    let (sender, rx) = conn.split()?;
    let mut pinger = sender.try_clone()?;
    let tx = tx.clone();
    thread::spawn(move || {
        for msg in rx {
            let event = match msg {
                Ok(m) => NetEvent::Msg(Box::new(m)),
                Err(e) => NetEvent::Lost(e.to_string()),
            };
            let end = matches!(event, NetEvent::Lost(_));
            if tx.send(event).is_err() || end {
                break;
            }
        }
    });
    thread::spawn(move || loop {
        thread::sleep(every);
        if pinger.send(&ClientMsg::Ping { id: 0 }).is_err() {
            break;
        }
    });
    Ok(sender)
}

/// Tries the server every second until it answers, then takes the seat back.
pub(super) fn reconnect(options: &NetOptions, tx: &Tx<NetEvent>, room: u64, token: &str) {
    loop {
        thread::sleep(Duration::from_secs(1));
        let Ok(mut conn) = Connection::dial(&options.addr, "tabula-window", &options.dial()) else { continue };
        if conn.send(&ClientMsg::Resume { room, token: token.to_string() }).is_err() {
            continue;
        }
        let Ok(sender) = forward(conn, tx) else { continue };
        let _ = tx.send(NetEvent::Back(sender));
        return;
    }
}
