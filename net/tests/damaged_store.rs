//! A damaged database is refused room by room, never "repaired" into
//! something else (issue 23, finding 14); old rooms leave it by the
//! retention policy, and a full database refuses new rooms (finding 8).

use std::collections::BTreeMap;
use std::time::Duration;

use rusqlite::params;
use tabula_core::plugins::PluginDirs;
use tabula_net::client::{ClientError, Connection};
use tabula_net::protocol::{ClientMsg, Clock, ErrorCode, SeatSpec, ServerMsg};
use tabula_net::server::{Limits, Server, ServerConfig};
use tabula_net::store::{Store, StoredRoom, StoredSeat, Sync};

fn config(dir: &std::path::Path, limits: Limits) -> ServerConfig {
    ServerConfig {
        listen: "127.0.0.1:0".into(),
        data: dir.to_path_buf(),
        dirs: PluginDirs::new([]),
        engines: BTreeMap::new(),
        sync: Sync::Normal,
        limits,
        isolate_rules: false,
        tls: None,
        tls_only: false,
    }
}

fn chess_room(token: &str, clock: Option<Clock>) -> StoredRoom {
    StoredRoom {
        id: 0,
        rules: "chess".into(),
        options: BTreeMap::new(),
        password: None,
        clock,
        seats: vec![
            StoredSeat { spec: SeatSpec::human(), name: "Ann".into(), token: token.into() },
            StoredSeat { spec: SeatSpec::human(), name: String::new(), token: String::new() },
        ],
    }
}

fn refusal(c: &mut Connection, msg: &ClientMsg) -> (ErrorCode, String) {
    c.send(msg).unwrap();
    match c.wait_for(|m| matches!(m, ServerMsg::Joined { .. }).then_some(())) {
        Err(ClientError::Refused { code, message }) => (code, message),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn rooms_that_do_not_validate_are_quarantined_not_repaired() {
    let dir = tempfile::tempdir().unwrap();
    let token = |i: u8| format!("{i:032x}");
    let mut ids = Vec::new();
    {
        let mut store = Store::open(dir.path(), Sync::Normal).unwrap();
        for i in 0..5 {
            ids.push(store.create_room(&chess_room(&token(i), None), "", "2099.01.01", 1).unwrap().0);
        }
    }
    let db = rusqlite::Connection::open(dir.path().join("tabula.sqlite")).unwrap();
    // A computer's seat that no longer reads: it must not become a free
    // seat for a person.
    db.execute("UPDATE seats SET spec = '{\"player\": 7' WHERE room = ?1 AND seat = 1", params![ids[1] as i64])
        .unwrap();
    db.execute("UPDATE rooms SET options = 'not json' WHERE id = ?1", params![ids[2] as i64]).unwrap();
    db.execute("UPDATE rooms SET clock_initial_ms = -5 WHERE id = ?1", params![ids[3] as i64]).unwrap();
    db.execute("UPDATE seats SET token = 'short' WHERE room = ?1 AND seat = 0", params![ids[4] as i64]).unwrap();
    drop(db);

    let server = Server::bind(config(dir.path(), Limits::default())).unwrap();
    assert_eq!((server.restored(), server.quarantined()), (1, 4));
    let addr = server.local_addr().unwrap().to_string();
    std::thread::spawn(move || server.run());
    let mut c = Connection::connect(&addr, "test").unwrap();
    c.set_timeout(Some(Duration::from_secs(20))).unwrap();
    for (i, id) in ids.iter().enumerate().skip(1) {
        let (code, msg) =
            refusal(&mut c, &ClientMsg::Join { room: *id, seat: Some(1), name: "Eve".into(), password: None });
        assert_eq!(code, ErrorCode::Internal, "room {i}");
        assert!(msg.contains("quarantined") && msg.contains("damaged"), "{msg}");
    }
    c.send(&ClientMsg::Join { room: ids[0], seat: Some(1), name: "Bob".into(), password: None }).unwrap();
    c.wait_for(|m| matches!(m, ServerMsg::Joined { .. }).then_some(())).unwrap();
}

#[test]
fn old_rooms_leave_the_database_and_a_full_database_takes_no_new_room() {
    let dir = tempfile::tempdir().unwrap();
    let (old, recent) = {
        let mut store = Store::open(dir.path(), Sync::Normal).unwrap();
        let old = store.create_room(&chess_room(&format!("{:032x}", 1), None), "", "2001.01.01", 2).unwrap().0;
        let recent = store.create_room(&chess_room(&format!("{:032x}", 2), None), "", "2999.01.01", 3).unwrap().0;
        (old, recent)
    };
    let limits = Limits { keep_days: 30, max_database_bytes: 1, ..Limits::default() };
    let server = Server::bind(config(dir.path(), limits)).unwrap();
    assert_eq!(server.restored(), 1, "the old room went before restoring");
    let addr = server.local_addr().unwrap().to_string();
    std::thread::spawn(move || server.run());
    let mut c = Connection::connect(&addr, "test").unwrap();
    c.set_timeout(Some(Duration::from_secs(20))).unwrap();
    let create = ClientMsg::Create {
        rules: "chess".into(),
        options: BTreeMap::new(),
        seats: Vec::new(),
        seat: None,
        name: "Eve".into(),
        clock: None,
        password: None,
        start: String::new(),
    };
    let (code, msg) = refusal(&mut c, &create);
    assert_eq!(code, ErrorCode::ServerFull);
    assert!(msg.contains("database is full"), "{msg}");
    let join = |room| ClientMsg::Join { room, seat: Some(1), name: "Bob".into(), password: None };
    assert_eq!(refusal(&mut c, &join(old)).0, ErrorCode::NoSuchRoom);
    c.send(&join(recent)).unwrap();
    c.wait_for(|m| matches!(m, ServerMsg::Joined { .. }).then_some(())).unwrap();
}
