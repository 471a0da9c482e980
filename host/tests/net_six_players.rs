//! A six-seat room on a real `tabula serve`: six players join seats they
//! choose, take turns in seat order and all hear the same moves.

mod net_support;

use std::sync::Arc;

use net_support::{client, create_with, joined, Seat, Server};
use rules_api::PluginKind;
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::session::Session;
use tabula_net::client::Connection;
use tabula_net::protocol::{ClientMsg, ErrorCode, RequestKind, ServerMsg};

/// Reads until the move at `ply` arrives; its coordinate text.
fn hear(c: &mut Connection, ply: u32) -> String {
    c.wait_for(|m| match m {
        ServerMsg::Moved { ply: p, mv, .. } if *p == ply => Some(mv.coordinate.clone()),
        ServerMsg::Error { message, .. } => panic!("refused: {message}"),
        _ => None,
    })
    .expect("the move arrives")
}

#[test]
fn six_players_join_chosen_seats_and_play_two_rounds_of_chinese_checkers() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let mut players: Vec<(Connection, Seat)> = Vec::new();
    let mut first = client(&server.addr);
    let (seat, state) = create_with(&mut first, "chinesecheckers", &[("players", "6")], Vec::new(), "P0");
    assert_eq!((seat.seat, state.summary.seats.len()), (0, 6), "a seat per player");
    let room = seat.room;
    players.push((first, seat));
    // The others choose their seats, last first.
    for want in (1..6u8).rev() {
        let mut c = client(&server.addr);
        c.send(&ClientMsg::Join { room, seat: Some(want), name: format!("P{want}"), password: None }).unwrap();
        let (seat, _) = joined(&mut c);
        assert_eq!(seat.seat, want, "the chosen seat");
        players.push((c, seat));
    }
    let mut late = client(&server.addr);
    late.send(&ClientMsg::Join { room, seat: None, name: "P6".into(), password: None }).unwrap();
    let refused = late.wait_for(|m| match m {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    });
    assert_eq!(refused.unwrap(), ErrorCode::SeatTaken, "a seventh player finds no seat");
    players.sort_by_key(|(_, s)| s.seat);

    let plugin = find_plugin("chinesecheckers", PluginKind::RULES, &PluginDirs::new([])).unwrap();
    let options = [("players".to_string(), "6".to_string())];
    let mut local = Session::new(Arc::new(plugin.new_rules(&options).unwrap()), "").unwrap();
    for ply in 0..12u32 {
        let side = local.side_to_move() as usize;
        assert_eq!(side, ply as usize % 6, "turns go round the six seats");
        let mv = local.legal_moves().unwrap()[0];
        let text = local.move_texts(mv).unwrap().0;
        // A player out of turn is refused.
        let (other, other_seat) = &mut players[(side + 1) % 6];
        other.send(&ClientMsg::Move { room, token: other_seat.token.clone(), mv: text.clone(), ply }).unwrap();
        let code = other.wait_for(|m| match m {
            ServerMsg::Error { code, .. } => Some(*code),
            _ => None,
        });
        assert_eq!(code.unwrap(), ErrorCode::NotYourTurn);
        let (c, s) = &mut players[side];
        c.send(&ClientMsg::Move { room, token: s.token.clone(), mv: text.clone(), ply }).unwrap();
        for (c, _) in players.iter_mut() {
            assert_eq!(hear(c, ply), text, "every player hears move {ply}");
        }
        local.play(mv).unwrap();
    }

    // A draw needs every other player's consent: five yeses end the game.
    let ask = |c: &mut Connection, s: &Seat, kind, accept: Option<bool>| {
        let msg = match accept {
            None => ClientMsg::Request { room, token: s.token.clone(), kind },
            Some(accept) => ClientMsg::Answer { room, token: s.token.clone(), kind, accept },
        };
        c.send(&msg).unwrap();
    };
    let (c, s) = &mut players[0];
    ask(c, s, RequestKind::Draw, None);
    for (i, (c, s)) in players.iter_mut().enumerate().skip(1) {
        c.wait_for(|m| matches!(m, ServerMsg::Offer { .. }).then_some(())).unwrap();
        ask(c, s, RequestKind::Draw, Some(true));
        let (state_result, answered) = (i < 5, i);
        c.wait_for(|m| matches!(m, ServerMsg::Answered { seat, .. } if *seat as usize == answered).then_some(()))
            .unwrap();
        if state_result {
            c.send(&ClientMsg::Watch { room, password: None }).unwrap();
            let st = c.wait_for(|m| if let ServerMsg::State { state } = m { Some(state.clone()) } else { None });
            assert!(st.unwrap().result.is_none(), "{i} of 5 consents: the game goes on");
        }
    }
    let (c, _) = &mut players[0];
    let result = c.wait_for(|m| match m {
        ServerMsg::State { state } if state.result.is_some() => state.result.clone(),
        _ => None,
    });
    let result = result.unwrap();
    assert!(result.text.starts_with("draw"), "{}", result.text);
    assert_eq!(result.places, vec![1; 6], "a draw shares first place");
}
