//! Who plays each seat, changed in the middle of a game (the Players
//! dialog): the choices, and the player configurations they lead to. The
//! session, the moves and the clocks are not touched here.

use tabula_core::config::{PlayerConfig, PlayerKind};
use tabula_core::source::{Level, PlayerSource, StrategyRef};

/// What the Players and New game dialogs offer for a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// A person plays the seat.
    Human,
    /// The computer plays the seat at this strength.
    Computer(Level),
}

impl SeatChoice {
    /// The word kept in the settings file: `person`, or the level's word.
    pub fn word(self) -> &'static str {
        match self {
            SeatChoice::Human => "person",
            SeatChoice::Computer(level) => level.word(),
        }
    }

    /// Inverse of [`SeatChoice::word`].
    pub fn from_word(word: &str) -> Option<SeatChoice> {
        if word == "person" {
            return Some(SeatChoice::Human);
        }
        Level::parse(word).map(SeatChoice::Computer)
    }

    /// Whether the computer plays the seat.
    pub fn is_computer(self) -> bool {
        self != SeatChoice::Human
    }

    /// The choice a configured player corresponds to (a strategy named
    /// like a level's, as in the default config, is that level); `None`
    /// for any other computer (no button is chosen for it, and it stays as
    /// it is unless another is picked).
    pub fn of(p: &PlayerConfig) -> Option<SeatChoice> {
        match &p.source {
            PlayerSource::Human => Some(SeatChoice::Human),
            PlayerSource::Strategy(StrategyRef::Level(level)) => Some(SeatChoice::Computer(*level)),
            PlayerSource::Strategy(StrategyRef::Plugin(name)) => {
                Level::ALL.into_iter().find(|l| l.strategy() == name.as_str()).map(SeatChoice::Computer)
            }
            _ => None,
        }
    }
}

/// Every level the core offers, in the order the dialogs list them: the
/// classic easy, medium and hard, then the calibrated ladder, beginner to
/// master (`tabula_core::source::LEVELS`).
pub fn offered_levels() -> Vec<Level> {
    tabula_core::source::LEVELS.iter().map(|s| s.level).collect()
}

/// A computer player at `level`, with the thinking time the level table
/// gives it (`tabula_core::source::LEVELS`).
pub fn level_player(name: &str, level: Level) -> PlayerConfig {
    PlayerConfig::ai(name, level.word(), level.spec().time_ms)
}

/// A person in a seat.
pub fn human_player(name: &str) -> PlayerConfig {
    PlayerConfig::human(name)
}

/// The name the dialogs give seat `seat` when `computers[i]` says who is a
/// computer: "You" for the only person and "Computer" for the only
/// computer beside people, otherwise numbered by seat ("Player 2",
/// "Computer 3").
pub fn seat_name(computers: &[bool], seat: usize) -> String {
    seat_name_in(&crate::i18n::Catalog::new(crate::i18n::language()), computers, seat)
}

fn seat_name_in(catalog: &crate::i18n::Catalog, computers: &[bool], seat: usize) -> String {
    let computer = computers.get(seat).copied().unwrap_or(false);
    let numbered = |id: &str| {
        let mut args = fluent_bundle::FluentArgs::new();
        args.set("n", fluent_bundle::FluentValue::from(seat as f64 + 1.0));
        catalog.format(id, Some(&args))
    };
    let people = computers.iter().filter(|&&c| !c).count();
    let machines = computers.len() - people;
    match (computer, people, machines) {
        (false, 1, 1..) => catalog.format("name-you", None),
        (true, 1.., 1) => catalog.format("name-computer", None),
        (false, ..) => numbered("name-player-n"),
        (true, ..) => numbered("name-computer-n"),
    }
}

/// Whether `name` is one that [`seat_name`] gives in any language (rather
/// than one from the user's config, which is kept).
fn is_generated_name(name: &str) -> bool {
    crate::i18n::Lang::ALL.iter().any(|&lang| {
        let catalog = crate::i18n::Catalog::new(lang);
        let lineups = [[false; 9], [true; 9], [true, false, false, false, false, false, false, false, false]];
        catalog.format("name-you", None) == name
            || lineups.iter().any(|c| (0..9).any(|seat| seat_name_in(&catalog, c, seat) == name))
    })
}

/// The names `seat_name` gave (`You`, `Computer`, `Player 2`, in any
/// language) said again in the current language, so switching language
/// renames the seats the window named and keeps names people typed.
pub fn rename_generated(names: &mut [String], computers: &[bool]) {
    for (i, name) in names.iter_mut().enumerate() {
        if is_generated_name(name) {
            *name = seat_name(computers, i);
        }
    }
}

/// One seat after the change.
#[derive(Clone, Debug, PartialEq)]
pub struct NewSeat {
    /// The seat's configuration.
    pub player: PlayerConfig,
    /// Whether who plays it changed (its computer player must be rebuilt).
    pub replaced: bool,
}

/// The players after applying `choices` (`None`: keep the seat) to
/// `current`. A seat whose choice matches what it is stays as it is; a
/// changed seat gets the chosen player. Generated names follow the new
/// line-up; names from the user's config are kept unless the seat changes.
pub fn apply_choices(current: &[PlayerConfig], choices: &[Option<SeatChoice>]) -> Vec<NewSeat> {
    let chosen: Vec<Option<SeatChoice>> = current
        .iter()
        .enumerate()
        .map(|(i, p)| choices.get(i).copied().flatten().filter(|&c| SeatChoice::of(p) != Some(c)))
        .collect();
    let computers: Vec<bool> = current
        .iter()
        .zip(&chosen)
        .map(|(p, c)| match c {
            Some(choice) => *choice != SeatChoice::Human,
            None => p.kind() == PlayerKind::Ai,
        })
        .collect();
    current
        .iter()
        .zip(chosen)
        .enumerate()
        .map(|(i, (p, choice))| {
            let name =
                if choice.is_some() || is_generated_name(&p.name) { seat_name(&computers, i) } else { p.name.clone() };
            match choice {
                Some(SeatChoice::Human) => NewSeat { player: human_player(&name), replaced: true },
                Some(SeatChoice::Computer(level)) => NewSeat { player: level_player(&name, level), replaced: true },
                None => NewSeat { player: PlayerConfig { name, ..p.clone() }, replaced: false },
            }
        })
        .collect()
}

/// The Players dialog's state.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatsForm {
    /// The choice per seat; `None` keeps a seat the buttons cannot describe.
    pub choices: Vec<Option<SeatChoice>>,
    /// The seat whose list of levels is open, and its first item shown.
    pub open: Option<(usize, usize)>,
}

impl SeatsForm {
    /// The form showing who plays now.
    pub fn new(players: &[PlayerConfig]) -> SeatsForm {
        SeatsForm { choices: players.iter().map(SeatChoice::of).collect(), open: None }
    }

    /// Scrolls the open list of levels by `rows`.
    pub fn scroll_by(&mut self, rows: i32) {
        if let Some((_, first)) = &mut self.open {
            *first = (*first as i64 + rows as i64).max(0) as usize;
        }
    }

    /// Seat `seat` is to be played as `choice`.
    pub fn choose(&mut self, seat: usize, choice: SeatChoice) {
        if let Some(slot) = self.choices.get_mut(seat) {
            *slot = Some(choice);
        }
        self.open = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn you_vs_computer() -> Vec<PlayerConfig> {
        vec![human_player("You"), level_player("Computer", Level::Hard)]
    }

    #[test]
    fn seats_are_named_by_who_plays_them() {
        crate::i18n::set_language(crate::i18n::Lang::En);
        let names = |c: &[bool]| (0..c.len()).map(|i| seat_name(c, i)).collect::<Vec<_>>();
        assert_eq!(names(&[false, true]), ["You", "Computer"]);
        assert_eq!(names(&[false, false, false]), ["Player 1", "Player 2", "Player 3"]);
        assert_eq!(names(&[true, true, true, true]), ["Computer 1", "Computer 2", "Computer 3", "Computer 4"]);
        assert_eq!(names(&[false, true, true]), ["You", "Computer 2", "Computer 3"]);
        assert_eq!(names(&[false, false, true]), ["Player 1", "Player 2", "Computer"]);
        assert_eq!(names(&[false, true, false, true]), ["Player 1", "Computer 2", "Player 3", "Computer 4"]);
        for word in ["person", "easy", "club", "master"] {
            assert_eq!(SeatChoice::from_word(word).map(SeatChoice::word), Some(word));
        }
        assert_eq!(SeatChoice::from_word("grandmaster"), None);
    }

    #[test]
    fn the_form_shows_who_plays_now() {
        let mut players = you_vs_computer();
        players.push(PlayerConfig::ai("Engine", "mcts", 1000));
        players.push(PlayerConfig::ai("Default", "alphabeta", 1000));
        let form = SeatsForm::new(&players);
        let hard = Some(SeatChoice::Computer(Level::Hard));
        assert_eq!(form.choices, vec![Some(SeatChoice::Human), hard, None, hard]);
    }

    #[test]
    fn unchanged_choices_keep_every_seat() {
        let players = you_vs_computer();
        let out = apply_choices(&players, &SeatsForm::new(&players).choices);
        assert!(out.iter().all(|s| !s.replaced));
        assert_eq!(out.iter().map(|s| s.player.clone()).collect::<Vec<_>>(), players);
    }

    #[test]
    fn a_new_level_replaces_only_that_seat() {
        let players = you_vs_computer();
        let out = apply_choices(&players, &[Some(SeatChoice::Human), Some(SeatChoice::Computer(Level::Easy))]);
        assert_eq!(out.iter().map(|s| s.replaced).collect::<Vec<_>>(), vec![false, true]);
        assert_eq!(out[1].player.source.level(), Some(Level::Easy));
        assert_eq!(out[1].player.time_ms, Some(300));
        assert_eq!(out[1].player.name, "Computer");
    }

    #[test]
    fn handing_the_person_seat_to_the_computer_renames_both() {
        let out = apply_choices(
            &you_vs_computer(),
            &[Some(SeatChoice::Computer(Level::Medium)), Some(SeatChoice::Computer(Level::Hard))],
        );
        assert_eq!(out.iter().map(|s| s.player.name.as_str()).collect::<Vec<_>>(), vec!["Computer 1", "Computer 2"]);
        assert_eq!(out.iter().map(|s| s.replaced).collect::<Vec<_>>(), vec![true, false]);
        assert_eq!(out[0].player.kind(), PlayerKind::Ai);
    }

    #[test]
    fn two_people_and_configured_names() {
        let players = vec![human_player("Ada"), PlayerConfig::ai("Engine", "alphabeta", 1000)];
        let out = apply_choices(&players, &[None, Some(SeatChoice::Human)]);
        assert_eq!(out[0].player.name, "Ada", "a configured name is kept");
        assert_eq!(out[1].player, human_player("Player 2"));
        let kept = apply_choices(&players, &[Some(SeatChoice::Human), None]);
        assert_eq!(kept[1].player, players[1], "a strategy seat left alone stays");
    }

    #[test]
    fn generated_names_are_recognised() {
        assert!(is_generated_name("Computer 2") && is_generated_name("You") && is_generated_name("Player 1"));
        assert!(!is_generated_name("Computer X") && !is_generated_name("Player ") && !is_generated_name("Ada"));
    }
}
