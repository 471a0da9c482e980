//! The New game form's tests: options, seats, levels, the list of games.

use super::*;
use crate::dialogs::seat_rows::level_labels;

#[test]
fn an_options_own_word_for_a_value_wins() {
    crate::i18n::add_plugin_dirs(crate::plugin_words::source_tree_dirs());
    crate::i18n::set_language(crate::i18n::Lang::En);
    assert_eq!(option_choice_label("pieces", "chinese"), "Chinese characters");
    assert_eq!(option_choice_label("notation", "chinese"), "Chinese (炮二平五)");
    assert_eq!(option_choice_label("rule", "renju"), "Renju");
    assert_eq!(option_choice_label("variant", "crazyhouse"), "Crazyhouse");
}

fn games() -> Vec<GameChoice> {
    let variants: Vec<String> = (0..20).map(|i| format!("variant{i}")).collect();
    let refs: Vec<&str> = variants.iter().map(String::as_str).collect();
    vec![
        GameChoice {
            name: "plain".into(),
            label: "Plain".into(),
            specs: vec![],
            sides: vec!["white".into(), "black".into()],
        },
        GameChoice {
            name: "many".into(),
            label: "Many".into(),
            specs: vec![
                OptionSpec::new("variant", "variant0", &refs, "Which variant."),
                OptionSpec::new("size", "19", &[], "Board size."),
            ],
            sides: vec!["black".into(), "white".into()],
        },
    ]
}

fn with_catalogue() -> Vec<GameChoice> {
    let description = "The variant, one per line as name | family | proper name | summary:\n\
        kingofthehill | chess | King of the Hill | Bring your king to the centre.\n\
        shogi | shogi | Shogi | Japanese chess.\n\
        minishogi | shogi | Minishogi | Shogi on 5x5.\n\
        shogi | Shogi family";
    let mut all = games();
    all.push(GameChoice {
        name: "variants".into(),
        label: "Chess".into(),
        specs: vec![
            OptionSpec::new("variant", "chess", &["chess", "kingofthehill", "shogi", "minishogi"], description),
            OptionSpec::new("variant_dirs", "", &[], "More directories."),
        ],
        sides: vec!["white".into(), "black".into()],
    });
    all
}

#[test]
fn a_variant_is_a_game_of_the_list_and_typing_finds_it() {
    crate::i18n::set_language(crate::i18n::Lang::En);
    let mut memory = NewGameMemory::default();
    let mut form = NewGameForm::new(with_catalogue(), &memory, "plain");
    let rows: Vec<ListRow> = form.list_rows();
    assert_eq!(rows, [ListRow::Entry(0), ListRow::Entry(1), ListRow::Group(0), ListRow::Group(1)], "groups closed");
    form.pick(FormKey::Group(1), 0);
    assert_eq!(form.list_rows().len(), 6, "the shogi family opened");
    form.filter = "hill".into();
    assert!(form.find_typed());
    assert_eq!(form.catalog.entries[form.entry].label, "King of the Hill");
    assert_eq!(form.options(), [("variant".to_string(), "kingofthehill".to_string())]);
    assert!(form.rows().iter().all(|r| !matches!(r.key, FormKey::Option(_))), "no variant or directory row");
    assert_eq!(form.heading(), "King of the Hill");
    form.filter = "shogi".into();
    form.find_typed();
    assert_eq!(form.catalog.entries[form.entry].label, "Minishogi", "the first match, by name");
    assert!(form.step_entry(1));
    assert_eq!(form.catalog.entries[form.entry].label, "Shogi");
    assert!(!form.step_entry(1), "the last match stays");
    let config = form.config(&Config::default_config().unwrap());
    assert_eq!(
        (config.game.rules.as_str(), config.rules_options()),
        ("variants", vec![("variant".into(), "shogi".into())])
    );
    form.remember(&mut memory);
    let again = NewGameForm::new(with_catalogue(), &memory, "plain");
    assert_eq!(again.catalog.entries[again.entry].label, "Shogi", "the variant is remembered");
    assert!(again.list_rows().contains(&ListRow::Entry(again.entry)), "its group open");
}

#[test]
fn the_heading_follows_the_options_and_escape_closes_only_the_list() {
    let mut form = NewGameForm::new(games(), &NewGameMemory::default(), "many");
    assert_eq!(form.heading(), "Many");
    form.set_game_info("Many 9×9".into(), vec!["black".into(), "white".into()]);
    assert_eq!(form.heading(), "Many 9×9");
    form.open = Some((FormKey::Option(0), 0));
    assert!(form.close_dropdown());
    assert!(!form.close_dropdown(), "nothing left open: Escape may close the dialog");
}

#[test]
fn options_become_rows_and_reach_the_config() {
    let mut memory = NewGameMemory::default();
    let mut form = NewGameForm::new(games(), &memory, "many");
    assert_eq!(form.game, 1);
    assert_eq!(form.values, vec!["variant0".to_string(), "19".to_string()]);
    let rows = form.rows();
    assert!(matches!(&rows[0].kind, RowKind::Choice(labels, 0) if labels.len() == 20));
    assert!(matches!(&rows[1].kind, RowKind::Text(v, _) if v == "19"));
    form.pick(FormKey::Option(0), 17);
    *form.text_mut(FormKey::Option(1)).unwrap() = "13".into();
    assert!(form.text_mut(FormKey::Option(0)).is_none(), "a choice is not typed");
    form.pick(FormKey::Clock, 3);
    form.pick(FormKey::Seat(0), 1);
    form.pick(FormKey::Seat(1), 0);
    let base = Config::default_config().unwrap();
    let config = form.config(&base);
    assert_eq!(config.game.rules, "many");
    assert_eq!(config.rules_options(), vec![("variant".into(), "variant17".into()), ("size".into(), "13".into())]);
    assert_eq!(config.clock, Some(ClockConfig { initial_ms: 300_000, increment_ms: 3000 }));
    assert!(config.players[0].kind() == tabula_core::config::PlayerKind::Ai, "the computer moves first");
    assert!(config.record.is_none());
    form.remember(&mut memory);
    let again = NewGameForm::new(games(), &memory, "plain");
    assert_eq!((again.game, again.values.clone()), (1, vec!["variant17".to_string(), "13".to_string()]));
    assert_eq!(again.clock, 3);
    assert_eq!(again.seats, vec![SeatChoice::Computer(Level::Hard), SeatChoice::Human]);
}

#[test]
fn the_seats_follow_the_games_players() {
    crate::i18n::set_language(crate::i18n::Lang::En);
    let mut form = NewGameForm::new(games(), &NewGameMemory::default(), "plain");
    assert_eq!(form.seats, vec![SeatChoice::Human, SeatChoice::Computer(Level::Hard)], "you against the computer");
    form.pick(FormKey::Level(1), offered_levels().iter().position(|&l| l == Level::Easy).unwrap());
    form.set_sides(["red", "green", "blue", "yellow"].map(String::from).to_vec());
    let easy = SeatChoice::Computer(Level::Easy);
    assert_eq!(form.seats, vec![SeatChoice::Human, easy, easy, easy], "new seats like the last computer");
    let labels: Vec<String> =
        form.rows().iter().filter(|r| matches!(r.kind, RowKind::Seat(_))).map(|r| r.label.clone()).collect();
    assert_eq!(labels, ["Red", "Green", "Blue", "Yellow"]);
    form.pick(FormKey::Seat(2), 0);
    let config = form.config(&Config::default_config().unwrap());
    let names: Vec<&str> = config.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Player 1", "Computer 2", "Player 3", "Computer 4"]);
    form.set_sides(["red", "green"].map(String::from).to_vec());
    assert_eq!(form.seats, vec![SeatChoice::Human, easy]);
    let mut memory = NewGameMemory::default();
    form.remember(&mut memory);
    assert_eq!(memory.seats, ["person", "easy"]);
}

#[test]
fn the_running_game_and_its_options_are_preselected() {
    let mut memory = NewGameMemory::default();
    let mut last = NewGameForm::new(games(), &memory, "plain");
    last.choose_game(1, &memory);
    last.pick(FormKey::Option(0), 4);
    last.remember(&mut memory);
    memory.game = "plain".into();
    // A game of "many" loaded from a file with variant 9: the dialog opens on it.
    let running = memory.with_running_game("many", &[("variant".into(), "variant9".into())]);
    let form = NewGameForm::new(games(), &running, "many");
    assert_eq!((form.game, form.values.clone()), (1, vec!["variant9".to_string(), "19".to_string()]));
    // The settings themselves are untouched.
    assert_eq!(memory.game, "plain");
    assert_eq!(memory.options["many"]["variant"], "variant4");
}

#[test]
fn every_level_is_offered_and_a_calibrated_one_is_remembered() {
    crate::i18n::set_language(crate::i18n::Lang::En);
    let mut memory = NewGameMemory::default();
    let mut form = NewGameForm::new(games(), &memory, "plain");
    let labels = level_labels();
    assert_eq!(labels.len(), tabula_core::source::LEVELS.len());
    assert_eq!(labels[0], "1 · Easy (random moves)");
    assert_eq!(labels[1], "2 · Medium (one move ahead)");
    assert_eq!(labels[5], "6 · Club (~1050 Elo)");
    assert_eq!(labels[8], "9 · Hard (full strength)");
    assert_eq!(labels[9], "10 · Master (~1700 Elo)", "master, with more time, below hard no more");
    let club = offered_levels().iter().position(|&l| l == Level::Club).unwrap();
    form.pick(FormKey::Level(1), club);
    assert_eq!(form.seats[1], SeatChoice::Computer(Level::Club));
    let rows = form.rows();
    let row = rows.iter().find(|r| r.key == FormKey::Seat(1)).unwrap();
    assert!(row.description.contains("1050 Elo"), "{}", row.description);
    let config = form.config(&Config::default_config().unwrap());
    assert_eq!(config.players[1].source.level(), Some(Level::Club));
    assert_eq!(config.players[1].time_ms(), Level::Club.spec().time_ms);
    form.remember(&mut memory);
    assert_eq!(NewGameForm::new(games(), &memory, "plain").seats[1], SeatChoice::Computer(Level::Club));
}

#[test]
fn a_start_position_and_default_options_are_written_plainly() {
    let mut form = NewGameForm::new(games(), &NewGameMemory::default(), "plain");
    form.start = "  some position  ".into();
    form.pick(FormKey::Seat(1), 0);
    let config = form.config(&Config::default_config().unwrap());
    assert_eq!(config.record.unwrap().start, "some position");
    assert!(config.game.options.is_empty());
    assert!(config.clock.is_none());
    let names: Vec<String> =
        form.config(&Config::default_config().unwrap()).players.iter().map(|p| p.name.clone()).collect();
    assert_eq!(names, ["Player 1", "Player 2"]);
}

#[test]
fn the_preview_goes_beside_the_rows_when_they_fill_the_height() {
    use super::drawing::preview_room;
    let rows = Area { x: 300.0, y: 100.0, w: 500.0, h: 400.0 };
    let px = 16.0;
    // Few rows: the preview under them, the rows as wide as before.
    let (kept, room) = preview_room(rows, 150.0, px);
    assert_eq!(kept, rows);
    assert_eq!(room, Some(Area { x: 300.0, y: 250.0, w: 500.0, h: 250.0 }));
    // Rows filling the height (and more): a square beside them on the
    // right, the rows narrower so nothing overlaps.
    for used in [380.0, 400.0, 900.0] {
        let (kept, room) = preview_room(rows, used, px);
        let room = room.expect("a preview beside the rows");
        assert!(room.w >= px * 5.0 && room.w == room.h, "{room:?}");
        assert_eq!(room.x + room.w, rows.x + rows.w);
        assert!(kept.x == rows.x && kept.x + kept.w < room.x, "{kept:?} beside {room:?}");
        assert!(room.y >= rows.y && room.y + room.h <= rows.y + rows.h);
    }
    // A dialog too small for any readable board: none.
    let tiny = Area { w: 150.0, ..rows };
    assert_eq!(preview_room(tiny, 400.0, px).1, None);
}

#[test]
fn the_running_games_directories_go_on_with_the_game_started() {
    let dirs = ("variant_dirs".to_string(), "/home/ann/conf/mine".to_string());
    let running =
        NewGameMemory::default().with_running_game("variants", &[("variant".into(), "shogi".into()), dirs.clone()]);
    let form = NewGameForm::new(with_catalogue(), &running, "variants");
    assert_eq!(form.heading(), "Shogi");
    assert!(form.options().contains(&dirs), "an operator's option, not shown, is kept: {:?}", form.options());
    let config = form.config(&Config::default_config().unwrap());
    assert_eq!(config.game.options.get("variant_dirs").and_then(|v| v.as_str()), Some("/home/ann/conf/mine"));
}
