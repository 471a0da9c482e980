//! A room of three through a real `tabula serve`: a real window opens a
//! three-player Chinese checkers room, two protocol clients take the other
//! seats, turns go round in seat order (the window's by clicks), the panel
//! and the network strip name all three players, and when one resigns the
//! window shows the places the server gives. Screenshot in
//! target/test-artifacts/gui-net-three-seats*.png.

use std::sync::Arc;

use serde_json::{json, Value};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::session::Session;
use tabula_suite::net::{Client, Server};
use tabula_suite::window::{artifact, names, tabula_binary, tools_present, Window};

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .map(|m| m.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

/// A seat played by a protocol client, which finds its moves on a local
/// session of the same game.
struct Other {
    client: Client,
    token: String,
    seat: u8,
}

/// Clicks a legal move of the window's seat: a marble, then where it goes
/// (a jump may go on: its targets are clicked until the move is made).
fn click_a_move(w: &mut Window, before: usize) {
    let v = w.layout("the window's turn", |v| !names(v, "starts").is_empty());
    w.click_at(&v["cells"][&names(&v, "starts")[0]]);
    for _ in 0..20 {
        let v = w.layout("targets or the move", |v| moves(v).len() > before || !names(v, "targets").is_empty());
        if moves(&v).len() > before {
            return;
        }
        if v["end_here"] == true {
            let end = v["regions"].as_array().unwrap().iter().find(|r| r[0] == "EndHere").cloned();
            if let Some(r) = end {
                w.click(r[1].as_f64().unwrap(), r[2].as_f64().unwrap());
                continue;
            }
        }
        let clicked = names(&v, "clicked").len();
        w.click_at(&v["cells"][&names(&v, "targets")[0]]);
        w.layout("the click taken", |x| names(x, "clicked").len() != clicked || moves(x).len() > before);
    }
    panic!("no move after 20 clicks");
}

#[test]
fn three_players_share_a_chinese_checkers_room_and_see_their_places() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let (data, dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let server = Server::start(&tabula_binary(), data.path());
    let args = ["play", "--connect", &server.addr, "--create", "chinesecheckers", "--room-option", "players=3"];
    let mut ann = Window::open_args(&tabula_binary(), &[&args[..], &["--name", "Ann"]].concat(), dir.path(), &[]);
    let v = ann.layout("three seats, two free", |v| v["seats"].as_array().is_some_and(|s| s.len() == 3));
    let strip = v["net"]["strip"].to_string();
    assert!(strip.contains("waiting for 2 players"), "the strip says the room waits: {strip}");
    let mut others: Vec<Other> = ["Bob", "Cid"]
        .iter()
        .map(|name| {
            let mut client = Client::connect(&server.addr);
            let (token, _) = client.join(1, None, name);
            let mine = client.seen.iter().rev().find(|m| m["type"] == "joined").unwrap()["seat"].as_u64().unwrap();
            Other { client, token, seat: mine as u8 }
        })
        .collect();
    assert_eq!(others.iter().map(|o| o.seat).collect::<Vec<_>>(), [1, 2], "the free seats in order");
    let plugin = find_plugin("chinesecheckers", rules_api::PluginKind::RULES, &PluginDirs::new([])).unwrap();
    let rules = Arc::new(plugin.new_rules(&[("players".into(), "3".into())]).unwrap());
    let mut session = Session::new(rules, "").unwrap();
    // Two rounds in seat order: Ann by clicks, Bob and Cid over the protocol.
    for ply in 0..6usize {
        let side = session.side_to_move();
        assert_eq!(side as usize, ply % 3, "turns go round in seat order");
        if side == 0 {
            click_a_move(&mut ann, ply);
        } else {
            let o = &mut others[side as usize - 1];
            let mv = session.legal_moves().unwrap()[0];
            let text = session.move_texts(mv).unwrap().0;
            o.client.send(json!({"type": "move", "room": 1, "token": o.token, "move": text, "ply": ply}));
        }
        let mut played = None;
        for o in &mut others {
            let m = o.client.wait("the move", |m| m["type"] == "moved" && m["ply"] == ply);
            played = Some(m["move"]["coordinate"].as_str().unwrap().to_string());
        }
        session.play_text(&played.unwrap()).unwrap();
        ann.layout("the move on the window's board", |v| moves(v).len() == ply + 1);
    }
    let v = ann.layout("Ann to move again", |v| moves(v).len() == 6 && v["to_move"] == 0);
    let seats: Vec<&str> = v["seats"].as_array().unwrap().iter().map(|s| s[0].as_str().unwrap()).collect();
    assert_eq!(seats, ["Ann", "Bob", "Cid"], "the panel's players");
    let strip = v["net"]["strip"].as_array().unwrap();
    let players = strip.iter().find(|i| i[0] == "players").expect("the players line");
    for name in ["Ann (you)", "Bob", "Cid"] {
        assert!(players[1].as_str().unwrap().contains(name), "{name} in {players}");
    }
    ann.screenshot(&artifact("gui-net-three-seats.png"));
    // Cid resigns: the game ends for everyone with the server's places.
    let cid = &mut others[1];
    cid.client.send(json!({"type": "resign", "room": 1, "token": cid.token}));
    let over = cid.client.wait("the result", |m| m["type"] == "state" && !m["state"]["result"].is_null());
    let places: Vec<u64> =
        over["state"]["result"]["places"].as_array().unwrap().iter().map(|p| p.as_u64().unwrap()).collect();
    assert_eq!(places.len(), 3, "a place per seat: {over}");
    assert_eq!(places[2], 3, "the resigner is last");
    let v = ann.layout("the game over with standings", |v| {
        v["over"] == true && v["standings"].as_array().is_some_and(|s| !s.is_empty())
    });
    let shown: Vec<u64> = v["standings"].as_array().unwrap().iter().map(|s| s[0].as_u64().unwrap_or(0)).collect();
    assert_eq!(shown, places, "the window shows the server's places");
    ann.screenshot(&artifact("gui-net-three-seats-over.png"));
}
