//! Tests of [`super::Game`]: opening, clocks through undo, seat changes.

use super::*;
use rules_api::PluginKind;
use tabula_core::plugins::find_plugin;
use tabula_core::source::Level;

#[test]
fn a_corrupt_save_is_refused_with_the_file_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.toml");
    std::fs::write(&path, "[game]\nrules = \n").unwrap();
    let e = Game::load(&path, &[]).err().expect("refused");
    assert!(e.contains("broken.toml") && e.contains("line 2"), "{e}");
}

/// The built-in game between two people under a 60 s + 5 s clock (the
/// rules plugin must be built, as for the other plugin tests).
fn clocked_game() -> Game {
    let mut config = Config::default_config().unwrap();
    config.players = vec![crate::seats::human_player("A"), crate::seats::human_player("B")];
    config.clock = Some(tabula_core::config::ClockConfig { initial_ms: 60_000, increment_ms: 5_000 });
    Game::open(config, "test", &[]).expect("the default rules plugin is built")
}

#[test]
fn undo_puts_the_clocks_back_and_the_waiting_side_is_untouched() {
    let mut game = clocked_game();
    assert_eq!(game.countdown_running(), Some(0));
    let first = game.legal_moves()[0];
    game.play(first).unwrap();
    assert_eq!(game.countdown_running(), Some(1));
    // Side 0's clock is stopped now, so this reading is exact.
    let after_first = game.countdown(0);
    let reply = game.legal_moves()[0];
    game.play(reply).unwrap();
    assert_ne!(game.countdown(1), Some(Duration::from_millis(60_000)), "side 1 got its increment");
    assert!(game.undo().unwrap());
    assert_eq!(game.countdown_running(), Some(1));
    assert_eq!(game.countdown(0), after_first, "side 0 back to its time at ply 1");
    assert!(game.undo().unwrap());
    assert_eq!(game.countdown_running(), Some(0));
    assert_eq!(game.countdown(1), Some(Duration::from_millis(60_000)));
    game.resign();
    assert_eq!(game.countdown_running(), None, "no clock runs after the game");
}

#[test]
fn a_saved_game_comes_back_with_its_clocks() {
    let mut game = clocked_game();
    let first = game.legal_moves()[0];
    std::thread::sleep(Duration::from_millis(30));
    game.play(first).unwrap();
    let (clock_ms, used_ms) = game.saved_times();
    assert_eq!(clock_ms.len(), 2);
    assert!(clock_ms[0] > 60_000 && clock_ms[0] < 65_000, "increment added, time taken: {clock_ms:?}");
    assert!(used_ms[0] >= 30, "{used_ms:?}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("clocked.toml");
    game.save_to(&path).unwrap();
    let loaded = Game::load(&path, &[]).unwrap();
    assert_eq!(loaded.session.history().len(), 1);
    let (back_clock, back_used) = loaded.saved_times();
    assert_eq!(back_clock[0], clock_ms[0], "the mover's clock as saved");
    assert!(back_clock[1] <= clock_ms[1] && back_clock[1] + 1000 > clock_ms[1], "{back_clock:?} vs {clock_ms:?}");
    assert!(back_used[0] == used_ms[0], "time used kept: {back_used:?} vs {used_ms:?}");
}

#[test]
fn changing_the_seats_keeps_the_game_and_a_computer_starts_thinking() {
    let mut game = clocked_game();
    let first = game.legal_moves()[0];
    game.play(first).unwrap();
    let choices = [None, Some(crate::seats::SeatChoice::Computer(Level::Easy))];
    let seats = crate::seats::apply_choices(&game.config.players, &choices);
    game.change_seats(seats).unwrap();
    assert_eq!(game.session.history().len(), 1, "the moves stay");
    assert!(game.is_computer(1) && !game.is_computer(0));
    assert_eq!((game.seats[0].name.as_str(), game.seats[1].name.as_str()), ("A", "Computer"));
    assert_eq!(game.countdown_running(), Some(1), "the clock of the side to move goes on");
    game.tick();
    assert!(game.is_thinking(), "the new computer searches at once");
    let wrong = vec![crate::seats::NewSeat { player: game.config.players[0].clone(), replaced: false }];
    assert!(game.change_seats(wrong).is_err());
    game.cancel_search();
}

#[test]
fn a_missing_plugin_is_named() {
    let config = Config::parse("[game]\nrules = \"no-such-game\"\n", "x.toml", PathBuf::from(".")).unwrap();
    let e = Game::open(config, "x.toml", &[]).err().expect("refused");
    assert!(e.contains("no-such-game"), "{e}");
}

#[test]
fn an_external_engine_seat_plays_its_move() {
    use rules_api::Notation;
    // The built-in game's rules, so this file names no game.
    let rules = Config::default_config().unwrap().game.rules;
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("engine.sh");
    let text = format!(
        "[game]\nrules = \"{rules}\"\n[[players]]\nname = \"Fish\"\nkind = \"engine\"\ncommand = \"/bin/sh\"\n\
         args = [\"{}\"]\nprotocol = \"uci\"\ntime_ms = 2000\n[[players]]\nname = \"You\"\nkind = \"human\"\n",
        script.display()
    );
    let config = Config::parse(&text, "engine.toml", dir.path().to_path_buf()).expect("a valid engine config");
    assert_eq!(config.players[0].kind(), tabula_core::config::PlayerKind::Engine, "the config names an engine seat");
    let mut game = Game::open(config, "engine.toml", &[]).expect("the engine seat is accepted");
    assert!(game.is_computer(0) && !game.is_computer(1));
    assert!(!game.human_to_move(), "the engine moves first, not a person");
    assert_eq!(game.config.players[0].kind(), tabula_core::config::PlayerKind::Engine);

    // The engine answers every `go` with the first legal move, written the
    // way a UCI engine of this game writes it (ranks shifted by the dialect).
    let expected = game.legal_moves()[0];
    let coordinate =
        game.session.position().move_to_text(expected, Notation::COORDINATE).into_result().unwrap().to_string();
    let plugin = find_plugin(
        &game.config.resolve_ref(&game.config.game.rules),
        PluginKind::RULES,
        &game.config.plugin_dirs(&[]),
    )
    .unwrap();
    let offset = tabula_core::protocols::settings::ProtocolSettings::builtin().dialect(plugin.name()).rank_offset;
    let answer = tabula_core::protocols::settings::shift_ranks(&coordinate, offset);
    std::fs::write(
        &script,
        format!(
            "while read -r line; do\n  case \"$line\" in\n    uci) echo \"id name fake\"; echo uciok ;;\n    \
             isready) echo readyok ;;\n    go*) echo \"bestmove {answer}\" ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
        ),
    )
    .unwrap();

    let deadline = Instant::now() + Duration::from_secs(30);
    while game.session.history().is_empty() && Instant::now() < deadline {
        let events = game.tick();
        assert!(!events.iter().any(|e| matches!(e, Event::Failed(_))), "{events:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(game.session.history().len(), 1, "the engine moved within the time");
    assert_eq!(game.session.history()[0].mv, expected, "the engine's legal move was played");
    assert!(game.human_to_move(), "then the person is to move");
}

/// Two people at Go on 9×9 after walls on the D and F files, a black stone
/// in White's area, a white one in Black's, and two passes (the go plugin
/// must be built).
fn counted_go_game() -> Game {
    let mut config = Config::default_config().unwrap();
    config.game.rules = "go".into();
    config.game.options = toml::from_str("size = \"9\"").unwrap();
    config.players = vec![crate::seats::human_player("A"), crate::seats::human_player("B")];
    let mut moves: Vec<String> = (1..=9).flat_map(|r| [format!("D{r}"), format!("F{r}")]).collect();
    moves.extend(["H5", "B5", "pass", "pass"].map(String::from));
    config.record = Some(tabula_core::config::Record { moves, result: "ongoing".into(), ..Default::default() });
    Game::open(config, "test", &[]).expect("the go plugin is built")
}

#[test]
fn the_count_marks_groups_dead_and_accepting_settles_the_result() {
    let mut game = counted_go_game();
    assert!(game.is_marking() && game.is_over());
    let cell = |g: &Game, name: &str| g.geometry.cells.iter().position(|c| c.name.as_str() == name).unwrap() as u16;
    let (b5, h5) = (cell(&game, "B5"), cell(&game, "H5"));
    game.toggle_dead(b5).unwrap();
    game.toggle_dead(h5).unwrap();
    let mut both = vec![b5, h5];
    both.sort_unstable();
    assert_eq!(game.count.dead, both);
    assert_eq!(game.score_line().as_deref(), Some("Black 36 · White 43.5"));
    game.toggle_dead(h5).unwrap();
    assert_eq!(game.count.dead, vec![b5], "a second click brings the group back");
    game.toggle_dead(h5).unwrap();
    let events = game.accept_count().unwrap();
    assert!(events.contains(&Event::Ended));
    assert!(!game.is_marking());
    assert_eq!(game.result().map(|r| r.describe(game.session.info())).as_deref(), Some("win white (area count)"));
    // Saved and loaded, the agreed count stays.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("go.toml");
    game.session.save(&path, &game.config).unwrap();
    let loaded = Game::load(&path, &[]).unwrap();
    assert!(!loaded.is_marking());
    assert_eq!(loaded.session.dead().map(<[u16]>::len), Some(2));
    assert_eq!(loaded.score_line().as_deref(), Some("Black 36 · White 43.5"));
}

#[test]
fn resume_takes_the_last_pass_back_and_the_pass_is_an_off_board_move() {
    let mut game = counted_go_game();
    game.resume().unwrap();
    assert!(!game.is_marking() && !game.is_over());
    let pass = game.legal_moves().into_iter().find(|m| m.is_off_board()).expect("a pass");
    game.play(pass).unwrap();
    assert!(game.is_marking(), "passing again ends the game once more");
}

#[test]
fn no_clock_runs_in_a_game_loaded_after_its_end() {
    let mut config = Config::default_config().unwrap();
    config.players = vec![crate::seats::human_player("A"), crate::seats::human_player("B")];
    // The fool's mate: White is mated, and stays to move.
    let moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
    config.record = Some(tabula_core::config::Record {
        moves: moves.iter().map(|m| m.to_string()).collect(),
        ..Default::default()
    });
    let game = Game::open(config, "test", &[]).expect("the chess plugin is built");
    assert!(game.is_over());
    let shown = (game.clock(0), game.clock(1));
    std::thread::sleep(Duration::from_millis(40));
    assert_eq!((game.clock(0), game.clock(1)), shown, "neither clock moved after the mate");
}

#[test]
fn held_clocks_do_not_run_while_the_resume_question_is_open() {
    let mut game = clocked_game();
    game.hold_clocks(true);
    assert_eq!(game.countdown_running(), None);
    let held = (game.clock(0), game.countdown(0));
    std::thread::sleep(Duration::from_millis(40));
    assert_eq!((game.clock(0), game.countdown(0)), held, "neither clock moved while held");
    game.hold_clocks(false);
    assert_eq!(game.countdown_running(), Some(0), "the first player's clock runs again");
}

#[test]
fn a_swap_takes_nothing() {
    // Hex's swap turns Red's stone into Blue's: the panel must not list it
    // as captured (the hex plugin must be built).
    let mut config = Config::default_config().unwrap();
    config.game.rules = "hex".into();
    config.players = vec![crate::seats::human_player("A"), crate::seats::human_player("B")];
    let mut game = Game::open(config, "test", &[]).expect("the hex plugin is built");
    let first = game.legal_moves()[0];
    game.play(first).unwrap();
    let swap = *game.legal_moves().iter().find(|m| m.is_off_board()).expect("the swap is offered");
    game.play(swap).unwrap();
    assert!(game.captured.iter().all(Vec::is_empty), "{:?}", game.captured);
}

#[test]
fn both_sides_are_shown_by_the_most_valuable_piece_they_both_have() {
    let mut config = Config::default_config().unwrap();
    config.players = vec![crate::seats::human_player("A"), crate::seats::human_player("B")];
    let game = Game::open(config, "test", &[]).expect("the default rules plugin is built");
    let queen = game.session.info().piece_types.iter().position(|t| t.name.as_str() == "queen").unwrap() as u16;
    assert_eq!((game.icon_kind(0), game.icon_kind(1)), (queen, queen));
}

#[test]
fn a_side_is_never_shown_by_a_piece_only_it_has() {
    // Stratego's start shows Red's ranks (the marshal's 10) and not Blue's:
    // both sides get the same icon, which shows no rank, in their colours.
    let game = two_people(Some("stratego"));
    let info = game.session.info();
    let (red, blue) = (game.icon_kind(0), game.icon_kind(1));
    assert_eq!(red, blue, "one icon for both sides");
    let blank = info.piece_types.get(red as usize).is_none_or(|t| t.glyphs.iter().all(|g| g.is_empty()));
    assert!(blank, "the icon shows no rank: {red}");
}

/// The built-in game (chess) between two people, or `rules` instead.
fn two_people(rules: Option<&str>) -> Game {
    let mut config = Config::default_config().unwrap();
    if let Some(rules) = rules {
        config.game.rules = rules.into();
    }
    config.players = vec![crate::seats::human_player("A"), crate::seats::human_player("B")];
    Game::open(config, "test", &[]).expect("the rules plugin is built")
}

#[test]
fn undo_withdraws_a_resignation_even_before_any_move() {
    let mut game = two_people(None);
    assert!(!game.can_undo(), "nothing to take back yet");
    game.resign();
    assert!(game.is_over() && game.resigned() && game.can_undo());
    assert!(game.undo().unwrap(), "the resignation is taken back");
    assert!(!game.is_over() && game.session.history().is_empty());
    // After a move, only the resignation goes: the move stays.
    let first = game.legal_moves()[0];
    game.play(first).unwrap();
    game.resign();
    assert!(game.undo().unwrap());
    assert_eq!((game.is_over(), game.session.history().len()), (false, 1));
}

#[test]
fn the_pieces_taken_are_counted_up_to_the_ply_reviewed() {
    let mut game = two_people(None);
    for text in ["e2e4", "d7d5", "e4d5", "d8d5"] {
        let m = game.session.parse_move(text).unwrap();
        game.play(m).unwrap();
    }
    let pawn = game.session.info().piece_types.iter().position(|t| t.name.as_str() == "pawn").unwrap() as u16;
    assert_eq!(game.captured_after(Some(2)), vec![vec![], vec![]]);
    assert_eq!(game.captured_after(Some(3)), vec![vec![(1, pawn)], vec![]]);
    assert_eq!(game.captured_after(None), vec![vec![(1, pawn)], vec![(0, pawn)]]);
    assert_eq!(game.captured, game.captured_after(Some(4)));
}

#[test]
fn only_boards_whose_second_side_starts_at_the_top_are_turned() {
    let chess = two_people(None);
    assert!(chess.starts_at_top(1) && !chess.starts_at_top(0));
    let hex = two_people(Some("hex"));
    assert!(!hex.starts_at_top(1), "an empty Hex board reads the same for Blue");
}
