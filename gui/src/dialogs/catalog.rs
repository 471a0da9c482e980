//! The New game dialog's list of games as a player reads it: each game
//! once under its own name, the variants a plugin lists in a catalogue
//! option as games of their own grouped by family, and only the options a
//! player sets.
//!
//! Everything here comes from what the plugins declare:
//!
//! * a **catalogue option** is a choice option whose description lists its
//!   values one per line as `value | family | proper name | summary` (the
//!   variants plugin's `variant`); each listed value becomes an entry of
//!   the list with the option fixed to it, under its family, and lines
//!   `family | title` name the families (`shogi | Shogi family`);
//! * an option whose description begins `<family> family:` applies to the
//!   entries of that family only (the shogi family's piece and notation
//!   options);
//! * an **operator's option** (free text that is not a number: a path, a
//!   list of directories) is never shown, the same line the server draws
//!   for network players (`tabula_net::server::offer`);
//! * an entry whose name is that of a game of its own plugin (the variants
//!   plugin's chess beside the chess plugin) is left out: the game is
//!   listed once, by the plugin that is only that game.

use rules_api::OptionSpec;
use tabula_net::server::offer::{classify, OptionClass};

use super::new_game::GameChoice;

/// A family of entries, as its plugin names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The family's key in its plugin's data (`shogi`).
    pub key: String,
    /// Its title for people (`Shogi family`).
    pub title: String,
}

/// One line of the game list: a game, or one value of a catalogue option.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Index into the form's games (its plugin).
    pub game: usize,
    /// The catalogue option this entry fixes, and its value.
    pub fixed: Option<(usize, String)>,
    /// The name shown.
    pub label: String,
    /// One line about it (empty when the plugin says nothing).
    pub summary: String,
    /// The group it is listed under; `None` for a game listed at the top.
    pub group: Option<usize>,
    /// The options of its plugin shown as rows, by index into its specs.
    pub shown: Vec<usize>,
}

impl Entry {
    /// The key the layout dump names the entry by: the plugin's name, and
    /// for a catalogue entry `/value` (`variants/kingofthehill`).
    pub fn key(&self, games: &[GameChoice]) -> String {
        let name = games.get(self.game).map_or("", |g| g.name.as_str());
        match &self.fixed {
            Some((_, value)) => format!("{name}/{value}"),
            None => name.to_string(),
        }
    }
}

/// The entries and their groups.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Catalog {
    /// The entries: games of their own first (in the order given), then
    /// each group's in the order of their plugin's groups, by name.
    pub entries: Vec<Entry>,
    /// The groups, in their plugin's order.
    pub groups: Vec<Group>,
}

/// A catalogue option read from its description.
struct Listed {
    option: usize,
    /// value, family, proper name, summary
    items: Vec<(String, String, String, String)>,
    /// family, title
    families: Vec<(String, String)>,
}

/// The catalogue option of `specs`, if one lists its values.
fn listed(specs: &[OptionSpec]) -> Option<Listed> {
    specs.iter().enumerate().find_map(|(option, spec)| {
        if spec.choices.is_empty() {
            return None;
        }
        let mut items = Vec::new();
        let mut families = Vec::new();
        for line in spec.description.lines().skip(1) {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            match fields.as_slice() {
                [value, family, title, summary] if spec.choices.iter().any(|c| c.as_str() == *value) => {
                    let title = if title.is_empty() { value } else { title };
                    items.push((value.to_string(), family.to_string(), title.to_string(), summary.to_string()));
                }
                [family, title] if !family.is_empty() && !title.is_empty() => {
                    families.push((family.to_string(), title.to_string()));
                }
                _ => {}
            }
        }
        (!items.is_empty()).then_some(Listed { option, items, families })
    })
}

/// Whether `specs` have a catalogue option (their plugin's entries are its
/// values, not the plugin itself).
pub fn lists_games(specs: &[OptionSpec]) -> bool {
    listed(specs).is_some()
}

/// The family an option applies to when its description begins
/// `<family> family:` and that family is one of `families`.
fn family_of_option<'a>(spec: &OptionSpec, families: &'a [String]) -> Option<&'a String> {
    let (head, _) = spec.description.split_once(':')?;
    let head = head.trim().to_lowercase();
    families.iter().find(|f| head == format!("{} family", f.to_lowercase()))
}

/// Whether a player sets `spec` (an operator's option is hidden).
pub fn for_players(spec: &OptionSpec) -> bool {
    classify(spec) != OptionClass::Operator
}

/// Title-cases a family's key when its plugin gives no title.
fn family_title(key: &str, families: &[(String, String)]) -> String {
    families.iter().find(|(f, _)| f == key).map(|(_, t)| t.clone()).unwrap_or_else(|| crate::messages::capitalised(key))
}

impl Catalog {
    /// The list `games` make.
    pub fn new(games: &[GameChoice]) -> Catalog {
        // Entries of games of their own come first, in the order given.
        let mut catalog = Catalog::default();
        let mut listed_games = Vec::new();
        for (g, game) in games.iter().enumerate() {
            match listed(&game.specs) {
                Some(l) => listed_games.push((g, l)),
                None => {
                    let shown = (0..game.specs.len()).filter(|&k| for_players(&game.specs[k])).collect();
                    catalog.entries.push(Entry {
                        game: g,
                        fixed: None,
                        label: game.label.clone(),
                        summary: String::new(),
                        group: None,
                        shown,
                    });
                }
            }
        }
        let own: Vec<String> = catalog.entries.iter().map(|e| e.label.to_lowercase()).collect();
        for (g, l) in listed_games {
            catalog.add_listed(g, &games[g].specs, l, &own);
        }
        catalog
    }

    /// The entries of one plugin's catalogue option (less those named
    /// like a game of its own, in `own`), grouped by family in the order
    /// the families first appear, each group by name.
    fn add_listed(&mut self, g: usize, specs: &[OptionSpec], l: Listed, own: &[String]) {
        let items: Vec<&(String, String, String, String)> =
            l.items.iter().filter(|i| !own.contains(&i.2.to_lowercase())).collect();
        let mut order: Vec<String> = Vec::new();
        for (_, family, ..) in &items {
            if !order.contains(family) {
                order.push(family.clone());
            }
        }
        let scoped: Vec<Option<&String>> = specs.iter().map(|s| family_of_option(s, &order)).collect();
        for family in &order {
            let group = self.groups.len();
            self.groups.push(Group { key: family.clone(), title: family_title(family, &l.families) });
            let mut members: Vec<_> = items.iter().filter(|i| &i.1 == family).collect();
            members.sort_by_key(|i| i.2.to_lowercase());
            for (value, _, title, summary) in members {
                let shown = (0..specs.len())
                    .filter(|&k| k != l.option && for_players(&specs[k]))
                    .filter(|&k| scoped[k].map_or(true, |f| f == family))
                    .collect();
                self.entries.push(Entry {
                    game: g,
                    fixed: Some((l.option, value.clone())),
                    label: title.clone(),
                    summary: summary.clone(),
                    group: Some(group),
                    shown,
                });
            }
        }
    }

    /// How many entries group `group` has.
    pub fn count(&self, group: usize) -> usize {
        self.entries.iter().filter(|e| e.group == Some(group)).count()
    }

    /// The entry of plugin `game` that `options` (name and value) choose:
    /// the one whose catalogue value they give, else its first.
    pub fn find(&self, games: &[GameChoice], game: &str, options: &[(String, String)]) -> Option<usize> {
        let fits = |e: &Entry| {
            games.get(e.game).is_some_and(|g| g.name == game)
                && e.fixed.as_ref().map_or(true, |(k, v)| {
                    let name = games[e.game].specs.get(*k).map(|s| s.name.as_str());
                    options.iter().any(|(n, value)| Some(n.as_str()) == name && value == v)
                })
        };
        self.entries
            .iter()
            .position(fits)
            .or_else(|| self.entries.iter().position(|e| games.get(e.game).is_some_and(|g| g.name == game)))
    }
}

/// Whether `entry` matches what was typed: every word of `filter` begins a
/// word of its name, of its group's title, or its plugin's name or value
/// (case ignored): `go` finds Go and Gomoku, not Chigorin chess.
pub fn matches(entry: &Entry, games: &[GameChoice], groups: &[Group], filter: &str) -> bool {
    let group = entry.group.and_then(|g| groups.get(g)).map_or("", |g| g.title.as_str());
    let plugin = games.get(entry.game).map_or("", |g| g.name.as_str());
    let value = entry.fixed.as_ref().map_or("", |(_, v)| v.as_str());
    let text = format!("{} {plugin} {value} {group}", entry.label).to_lowercase();
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    filter.to_lowercase().split_whitespace().all(|typed| words.iter().any(|w| w.starts_with(typed)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str, label: &str, specs: Vec<OptionSpec>) -> GameChoice {
        GameChoice { name: name.into(), label: label.into(), specs, sides: vec!["white".into(), "black".into()] }
    }

    fn variants() -> GameChoice {
        let description = "The variant to play, one per line as name | family | proper name | summary:\n\
            chess | chess | Chess | International chess.\n\
            kingofthehill | chess | King of the Hill | Bring your king to the centre.\n\
            atomic | chess | Atomic | Captures explode.\n\
            shogi | shogi | Shogi | Japanese chess.\n\
            minishogi | shogi | Minishogi | Shogi on 5x5.\n\
            chess | Chess variants\n\
            shogi | Shogi family";
        game(
            "variants",
            "Chess",
            vec![
                OptionSpec::new(
                    "variant",
                    "chess",
                    &["chess", "kingofthehill", "atomic", "shogi", "minishogi"],
                    description,
                ),
                OptionSpec::new("variant_dirs", "", &[], "More directories of definitions."),
                OptionSpec::new("shogi_pieces", "one", &["one", "two"], "Shogi family: the kanji on the pieces."),
            ],
        )
    }

    fn games() -> Vec<GameChoice> {
        vec![
            game("chess", "Chess", vec![OptionSpec::new("pieces", "art", &["art", "letters"], "How pieces look.")]),
            game("go", "Go 19×19", vec![OptionSpec::new("size", "19", &["9", "13", "19"], "Board size.")]),
            variants(),
        ]
    }

    #[test]
    fn each_game_once_and_the_variants_grouped_by_their_family_under_their_own_names() {
        let games = games();
        let c = Catalog::new(&games);
        let labels: Vec<&str> = c.entries.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(labels, ["Chess", "Go 19×19", "Atomic", "King of the Hill", "Minishogi", "Shogi"]);
        let titles: Vec<&str> = c.groups.iter().map(|g| g.title.as_str()).collect();
        assert_eq!(titles, ["Chess variants", "Shogi family"]);
        assert_eq!((c.count(0), c.count(1)), (2, 2));
        assert_eq!(c.entries[3].key(&games), "variants/kingofthehill");
        assert_eq!(c.entries[0].key(&games), "chess");
        assert_eq!(c.entries[3].summary, "Bring your king to the centre.");
    }

    #[test]
    fn operators_options_and_other_families_options_are_not_shown() {
        let c = Catalog::new(&games());
        let hill = &c.entries[3];
        assert_eq!(hill.fixed, Some((0, "kingofthehill".to_string())));
        assert!(hill.shown.is_empty(), "no variant row, no directories, no shogi pieces: {:?}", hill.shown);
        assert_eq!(c.entries[5].shown, vec![2], "shogi keeps its pieces option");
        assert_eq!(c.entries[1].shown, vec![0]);
    }

    #[test]
    fn the_running_game_finds_its_entry_and_typing_filters() {
        let games = games();
        let c = Catalog::new(&games);
        let shogi = [("variant".to_string(), "shogi".to_string())];
        assert_eq!(c.find(&games, "variants", &shogi), Some(5));
        assert_eq!(c.find(&games, "variants", &[]), Some(2), "the first of its entries");
        assert_eq!(c.find(&games, "go", &[]), Some(1));
        assert_eq!(c.find(&games, "nothing", &[]), None);
        let found: Vec<&str> =
            c.entries.iter().filter(|e| matches(e, &games, &c.groups, "hill")).map(|e| e.label.as_str()).collect();
        assert_eq!(found, ["King of the Hill"]);
        let shogi_family = c.entries.iter().filter(|e| matches(e, &games, &c.groups, "SHOGI")).count();
        assert_eq!(shogi_family, 2);
        let mini = c.entries.iter().filter(|e| matches(e, &games, &c.groups, "shogi mini")).count();
        assert_eq!(mini, 1, "every word typed counts");
        assert!(!c.entries.iter().any(|e| matches(e, &games, &c.groups, "ill")), "words are found by their start");
    }

    #[test]
    fn a_plugin_without_a_catalogue_is_one_entry_and_unnamed_families_are_capitalised() {
        let mut plain = variants();
        plain.specs[0].description = "Which variant.".into();
        let c = Catalog::new(&[plain]);
        assert_eq!(c.entries.len(), 1);
        assert_eq!(c.entries[0].shown, vec![0, 2], "the variant is a row; the directories are not");
        let mut untitled = variants();
        untitled.specs[0].description = "Variants:\nshogi | shogi | Shogi | Japanese chess.".into();
        assert_eq!(Catalog::new(&[untitled]).groups[0].title, "Shogi");
    }
}
