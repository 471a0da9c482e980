//! The network `claim` request (docs/NETWORK.md) against a real `tabula
//! serve`: only the seat to move may claim, only where the rules allow it
//! (checked by the server against its own position), and every seat sees
//! the game end as `draw (draw claimed: threefold repetition)`. A computer
//! seated by the server claims by itself when its turn comes in a
//! claimable position.

use serde_json::{json, Value};
use tabula_suite::net::{Client, Server};
use tabula_suite::window::tabula_binary;

const KNIGHTS: [&str; 8] = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"];

fn create(client: &mut Client, extra: Value) -> (u64, String) {
    let mut msg = json!({"type": "create", "rules": "chess", "name": "Ann"});
    for (k, v) in extra.as_object().into_iter().flatten() {
        msg[k] = v.clone();
    }
    client.send(msg);
    let joined = client.wait("joined", |m| m["type"] == "joined");
    (joined["room"].as_u64().unwrap(), joined["token"].as_str().unwrap_or_default().to_string())
}

fn claim(client: &mut Client, room: u64, token: &str, ply: u32) {
    client.send(json!({"type": "claim", "room": room, "token": token, "ply": ply}));
}

#[test]
fn the_seat_to_move_claims_a_threefold_repetition_and_everyone_sees_the_draw() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(&tabula_binary(), data.path());
    let mut ann = Client::connect(&server.addr);
    let (room, ann_token) = create(&mut ann, json!({}));
    let mut bo = Client::connect(&server.addr);
    let (bo_token, _) = bo.join(room, None, "Bo");
    for (ply, mv) in KNIGHTS.iter().enumerate() {
        if ply == 7 {
            // Black to move, the start position seen twice: nothing to claim.
            claim(&mut bo, room, &bo_token, 7);
            let e = bo.wait_error("a claim with nothing to claim");
            assert_eq!(e["code"], "no_claim", "{e}");
        }
        let (client, token) = if ply % 2 == 0 { (&mut ann, &ann_token) } else { (&mut bo, &bo_token) };
        client.send(json!({"type": "move", "room": room, "token": token, "move": mv, "ply": ply}));
        for c in [&mut ann, &mut bo] {
            c.wait("the move", |m| m["type"] == "moved" && m["ply"] == ply);
        }
    }
    // The third occurrence, White to move: Black may not claim for White,
    // and a claim meant for another ply is stale.
    claim(&mut bo, room, &bo_token, 8);
    assert_eq!(bo.wait_error("Black claiming on White's turn")["code"], "not_your_turn");
    claim(&mut ann, room, &ann_token, 7);
    assert_eq!(ann.wait_error("a stale claim")["code"], "stale");
    claim(&mut ann, room, &ann_token, 8);
    for c in [&mut ann, &mut bo] {
        let over = c.wait("the result", |m| m["type"] == "state" && !m["state"]["result"].is_null());
        assert_eq!(over["state"]["result"]["text"], "draw (draw claimed: threefold repetition)", "{over}");
        assert_eq!(over["state"]["moves"].as_array().map(Vec::len), Some(8));
    }
    claim(&mut ann, room, &ann_token, 8);
    assert_eq!(ann.wait_error("a claim after the end")["code"], "game_over");
}

#[test]
fn a_computer_seat_claims_by_itself() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(&tabula_binary(), data.path());
    let mut ann = Client::connect(&server.addr);
    // White, the computer, is to move with fifty quiet moves behind it.
    let seats = json!([{"player": "random"}, {"player": "human"}]);
    let start = "8/8/8/4k3/8/8/8/R3K3 w - - 100 80";
    let (_room, _) = create(&mut ann, json!({"seats": seats, "seat": 1, "start": start}));
    let over = ann.wait("the result", |m| m["type"] == "state" && !m["state"]["result"].is_null());
    assert_eq!(over["state"]["result"]["text"], "draw (draw claimed: fifty-move rule)", "{over}");
    assert_eq!(over["state"]["moves"].as_array().map(Vec::len), Some(0), "a claim, not a move: {over}");
}
