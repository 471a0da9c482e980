//! The test layout dump: with `TABULA_GUI_TEST_LAYOUT` set, the window
//! prints where its cells and buttons are, its dialog, move list and
//! status as one JSON line on stderr whenever they change, so tests (and
//! scripts) drive the real window by clicks without knowing the game.

use rules_api::Move;

use super::App;
use crate::controls::Action;
use crate::dialogs::Dialog;
use crate::panel::PanelState;

impl App {
    /// The New game form's buttons by name for the layout dump: `start`,
    /// `game:NAME`, `open:KEY` (an option's drop-down),
    /// `option:KEY=VALUE` (the chosen game's choices on screen),
    /// `seat:I=person`, `seat:I=computer`, `open:level:I` and
    /// `level:I=WORD` (seat I's level, in its open list).
    fn form_buttons(&self) -> Vec<(String, Action)> {
        let Some(Dialog::NewGame(form)) = &self.dialog else { return Vec::new() };
        let entries = form.catalog.entries.iter().enumerate();
        let games = entries.map(|(i, e)| (format!("game:{}", e.key(&form.games)), Action::FormGame(i)));
        let groups = (0..form.catalog.groups.len()).map(|g| {
            let key = &form.catalog.groups[g].key;
            (format!("group:{key}"), Action::FormPick(crate::controls::FormKey::Group(g), 0))
        });
        let specs = form.games.get(form.game).map(|g| g.specs.as_slice()).unwrap_or_default();
        let options = specs.iter().enumerate().flat_map(|(k, o)| {
            let key = crate::controls::FormKey::Option(k);
            let picks = o
                .choices
                .iter()
                .enumerate()
                .map(move |(c, v)| (format!("option:{}={v}", o.name), Action::FormPick(key, c)));
            std::iter::once((format!("open:{}", o.name), Action::FormOpen(key))).chain(picks)
        });
        use crate::controls::FormKey;
        let seats = (0..form.seats.len()).flat_map(|i| {
            let levels = crate::seats::offered_levels()
                .into_iter()
                .enumerate()
                .map(move |(k, l)| (format!("level:{i}={}", l.word()), Action::FormPick(FormKey::Level(i), k)));
            [
                (format!("seat:{i}=person"), Action::FormPick(FormKey::Seat(i), 0)),
                (format!("seat:{i}=computer"), Action::FormPick(FormKey::Seat(i), 1)),
                (format!("open:level:{i}"), Action::FormOpen(FormKey::Level(i))),
            ]
            .into_iter()
            .chain(levels)
        });
        let levels = crate::seats::offered_levels().len();
        let offered = form.offered_engines();
        let engines = (0..form.seats.len()).flat_map(|i| {
            offered.iter().enumerate().map(move |(j, &k)| {
                (format!("engine:{i}={}", form.engines[k].name), Action::FormPick(FormKey::Level(i), levels + j))
            })
        });
        let find = ("find".to_string(), Action::Focus(crate::controls::Focus::Form(FormKey::Find)));
        let fixed = [("start".to_string(), Action::StartGame), find];
        fixed.into_iter().chain(games).chain(groups).chain(options).chain(seats).chain(engines).collect()
    }

    /// With `TABULA_GUI_TEST_LAYOUT` set, prints where every cell and
    /// clickable region is (one JSON line on stderr) whenever that changes,
    /// so a test driving the real window can click without knowing the game.
    /// `drawn`: every text the frame drew (the `shown` field), so a test
    /// can read what the window says without reading pixels.
    pub(super) fn dump_layout(&mut self, w: u32, h: u32, drawn: &[String]) {
        if std::env::var_os("TABULA_GUI_TEST_LAYOUT").is_none() {
            return;
        }
        if self.editor.is_some() {
            return self.dump_editor(w, h);
        }
        let (Some(layout), Some(board)) = (&self.layout, &self.board) else { return };
        let board = &board.board;
        let cells = cell_positions(board, layout);
        let name = |cell: &u16| board.geometry.cells.get(*cell as usize).map(|c| c.name.to_string());
        let clicked: Vec<String> = self.clicks.clicked().iter().filter_map(name).collect();
        let targets: Vec<String> = self.clicks.targets().iter().filter_map(name).collect();
        // What the screen shows: the viewer's pieces, none under the hand-over cover.
        let view = self.view_for_screen(&self.shown_position()).unwrap_or_default();
        let covered = matches!(self.dialog, Some(Dialog::HandOver(_)));
        let on_board = if covered { Vec::new() } else { view.pieces };
        let pieces: serde_json::Map<String, serde_json::Value> =
            on_board.iter().filter_map(|p| Some((name(&p.cell)?, serde_json::json!([p.owner, p.kind])))).collect();
        let fog: Vec<String> = view.fog.iter().filter_map(name).collect();
        let info = self.game.session.info();
        let seats: Vec<serde_json::Value> = self
            .game
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| serde_json::json!([seat.name, crate::messages::side_name(info, i as u8)]))
            .collect();
        let starts: Vec<String> = (0..board.geometry.cells.len() as u16)
            .filter(|&c| board.is_shown(c) && self.clicks.begins_at(c))
            .filter_map(|c| name(&c))
            .collect();
        let texts: serde_json::Map<String, serde_json::Value> =
            board.texts.iter().filter_map(|t| Some((name(&t.cell)?, serde_json::json!(t.text.as_str())))).collect();
        let mut scroll = 0;
        let probe = PanelState {
            view_ply: self.view_ply,
            scroll: &mut scroll,
            message: self.message.as_ref().map(|(m, e)| (m.as_str(), *e)),
            sound: self.sound.state(),
            hover: self.hover,
            details: self.details,
            entry: &self.entry,
            focus: self.focus,
            numbering: &self.numbering,
            replaying: self.replay.is_some(),
            online: self.net.is_some(),
            end_here: self.end_here_name(),
        };
        let mut buttons = serde_json::Map::new();
        // The rules' reason of the draw the Claim draw button offers.
        let claim = self.game.human_draw_claim();
        for b in crate::panel::panel_buttons(&self.game, &probe) {
            if let Some((x, y)) = self.hits.centre_of(&b.action).filter(|_| b.enabled) {
                buttons.insert(b.id.to_string(), serde_json::json!([x.round(), y.round()]));
            }
        }
        let extra = [
            ("accept".to_string(), Action::NetAnswer(true)),
            ("decline".into(), Action::NetAnswer(false)),
            ("draw".into(), Action::NetDraw),
            ("chat".into(), Action::NetChat),
            ("claim-win".into(), Action::NetClaimWin),
            ("abort".into(), Action::NetAbort),
            ("close".into(), Action::CloseDialog),
            ("pass".into(), Action::OffBoard(Move::PASS)),
            ("accept-count".into(), Action::AcceptCount),
            ("resume-play".into(), Action::ResumePlay),
            ("apply".into(), Action::ApplySeats),
            ("handover".into(), Action::HandOver),
            ("edit".into(), Action::OpenEditor),
        ];
        // The pieces in hand by type index (`hand0`, …), where offered.
        let kinds = self.game.session.info().piece_types.len() as u16;
        let hand_buttons = (0..kinds).map(|k| (format!("hand{k}"), Action::PickHand(k)));
        let lobby = self.lobby.as_ref().map(|l| l.test_buttons()).unwrap_or_default();
        let off_board = crate::strip::off_board_moves(&self.game);
        let off_board_buttons = off_board.iter().map(|(m, label)| (format!("move:{label}"), Action::OffBoard(*m)));
        let choices: Vec<(String, Action)> = match &self.dialog {
            Some(Dialog::Choose(moves)) => {
                moves.iter().map(|(m, text)| (format!("choose:{text}"), Action::ChooseMove(*m))).collect()
            }
            _ => Vec::new(),
        };
        let all = self
            .form_buttons()
            .into_iter()
            .chain(extra)
            .chain(hand_buttons)
            .chain(lobby)
            .chain(choices)
            .chain(off_board_buttons)
            .chain(self.analysis_buttons())
            .chain([("more-moves".to_string(), Action::MoreMoves)]);
        for (name, action) in all {
            if let Some((x, y)) = self.hits.centre_of(&action) {
                buttons.insert(name, serde_json::json!([x.round(), y.round()]));
            }
        }
        let regions: Vec<serde_json::Value> = self
            .hits
            .regions()
            .filter(|(_, a)| !matches!(a, Action::Swallow))
            .map(|(r, a)| serde_json::json!([format!("{a:?}"), (r.x + r.w / 2.0).round(), (r.y + r.h / 2.0).round()]))
            .collect();
        let moves: Vec<&str> = self.game.session.history().iter().map(|m| m.coordinate.as_str()).collect();
        let dialog = if self.lobby.is_some() { "network" } else { self.dialog.as_ref().map_or("", Dialog::name) };
        let dialog = if dialog.is_empty() && self.game.is_marking() { "count" } else { dialog };
        let offer = self.net.as_ref().is_some_and(|n| n.offer.is_some());
        let found = self.lobby.as_ref().map(|l| l.listed()).unwrap_or_default();
        let note = self.lobby.as_ref().and_then(|l| l.note());
        let status = crate::panel::status_text(&self.game, &probe).0;
        let form = match &self.dialog {
            Some(Dialog::NewGame(f)) => serde_json::json!({
                "games": f.games.iter().map(|g| g.name.clone()).collect::<Vec<_>>(),
                "game": f.game,
                "seats": f.seats.iter().map(|s| s.word()).collect::<Vec<_>>(),
                "host": f.host.is_some(),
                "error": f.error,
                "options": f.games.get(f.game).map(|g| g.specs.iter().map(|s| {
                    serde_json::json!([s.name.as_str(), s.choices.iter().map(|c| c.to_string()).collect::<Vec<_>>()])
                }).collect::<Vec<_>>()),
                // What a player sees: the chosen entry, the heading, the
                // rows of options, the list's rows and the open drop-down.
                "entry": f.catalog.entries.get(f.entry).map(|e| e.key(&f.games)),
                "heading": f.heading(),
                "shown": f.catalog.entries.get(f.entry).map(|e| {
                    e.shown.iter().filter_map(|&k| f.games[e.game].specs.get(k).map(|s| s.name.to_string())).collect::<Vec<_>>()
                }),
                "list": f.list_rows().iter().map(|r| match r {
                    crate::dialogs::ListRow::Group(g) => format!("group:{}", f.catalog.groups[*g].title),
                    crate::dialogs::ListRow::Entry(e) => f.catalog.entries[*e].label.clone(),
                }).collect::<Vec<_>>(),
                "filter": f.filter,
                "open": f.open.map(|o| format!("{:?}", o.0)),
                // The board preview drawn: where, its cells and pieces.
                "preview": f.preview_area.zip(f.preview()).map(|(a, p)| serde_json::json!({
                    "area": [a.x, a.y, a.w, a.h], "cells": p.cells(), "pieces": p.pieces.len(),
                })),
            }),
            Some(Dialog::Seats(f)) => serde_json::json!({ "open": f.open.map(|o| o.0) }),
            Some(Dialog::Games(f)) => serde_json::json!({ "error": f.error, "shown": f.shown() }),
            _ => serde_json::Value::Null,
        };
        // Each player's place and points once the game is over.
        let standings: Vec<serde_json::Value> = self
            .game
            .result()
            .filter(|r| crate::messages::shows_standings(r, self.game.seats.len()))
            .map(|r| crate::messages::standings(&r, self.game.seats.len()))
            .unwrap_or_default()
            .into_iter()
            .map(|(place, points)| serde_json::json!([place, points]))
            .collect();
        // The pieces each seat had taken in the position shown.
        let captured = self.game.captured_after(self.view_ply);
        // A network game: what its strip drew (kind, text, box) and the
        // clocks as the panel shows them.
        let net = self.net.as_ref().map(|_| {
            let strip: Vec<serde_json::Value> = self
                .strip_items
                .iter()
                .map(|i| serde_json::json!([i.kind, i.text, i.area.x, i.area.y, i.area.w, i.area.h]))
                .collect();
            let clocks: Vec<String> = (0..self.game.seats.len())
                .map(|i| match self.game.countdown(i) {
                    Some(left) => crate::clock::countdown_text(left),
                    None => crate::messages::clock_text(self.game.clock(i)),
                })
                .collect();
            serde_json::json!({ "strip": strip, "clocks": clocks })
        });
        let dump = serde_json::json!({
            "captured": captured,
            "card": if self.dialog == Some(Dialog::GameOver) { crate::dialogs::card_lines(&self.game) } else { Vec::new() },
            "form": form,
            "window": [w, h], "cells": cells, "buttons": buttons, "regions": regions, "moves": moves,
            "dialog": dialog, "flipped": self.flipped, "view": self.view_ply, "status": status,
            "message": self.message.as_ref().map(|m| m.0.clone()), "entry": self.entry, "focus": format!("{:?}", self.focus),
            "offer": offer, "over": self.game.is_over(), "found": found, "note": note,
            "clicked": clicked, "targets": targets, "starts": starts, "end_here": self.clicks.can_end_here(), "texts": texts,
            "pieces": pieces, "seats": seats, "shown": drawn, "standings": standings, "fog": fog, "viewer": self.game.viewer(),
            "analysis": self.analysis_dump(),
            "claim": claim,
            "aids": self.aids_dump(&name), "off_board": off_board.iter().map(|(_, label)| label.as_str()).collect::<Vec<_>>(), "to_move": self.game.session.side_to_move(), "net": net, "renderer": self.renderer,
        });
        let text = dump.to_string();
        if text != self.dumped {
            eprintln!("TABULA_LAYOUT {text}");
            self.dumped = text;
        }
    }
}

/// The screen centre of every cell `board` shows, by cell name, for the
/// layout dump (the game's board and the editor's).
pub(super) fn cell_positions(
    board: &crate::shown::ShownBoard,
    layout: &crate::layout::BoardLayout,
) -> serde_json::Map<String, serde_json::Value> {
    board
        .geometry
        .cells
        .iter()
        .enumerate()
        .filter(|(i, _)| board.is_shown(*i as u16))
        .map(|(_, c)| {
            let (x, y) = layout.to_screen(c.x, c.y, c.layer);
            (c.name.to_string(), serde_json::json!([x.round(), y.round()]))
        })
        .collect()
}
