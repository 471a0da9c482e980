//! The `tabula` command line: argument definitions and dispatch.

mod common;
mod conform;
mod matches;
mod netplay;
mod netview;
mod out;
mod pgn;
mod play;
mod protocols;
mod query;
mod scaffold;
mod seating;
mod serve;
mod serve_limits;
mod sgf;
mod standings;
mod tournament;
mod view;
mod window;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Tabula: board games from plugins.
#[derive(Parser, Debug)]
#[command(
    name = "tabula",
    version,
    about = "Tabula: board games and computer players loaded from plugins",
    after_help = "Without a command, tabula opens the desktop window on the built-in \
                  config/default.toml (`tabula demo` plays it headless). R and S accept a plugin \
                  name or a path to a plugin library; `tabula plugins` lists what is installed."
)]
pub struct Cli {
    /// What to do; without a command, the desktop window on the default config.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Extra plugin directory, searched first (repeatable).
    #[arg(long = "plugin-dir", value_name = "DIR", global = true)]
    pub plugin_dir: Vec<PathBuf>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play headless games between strategies, alternating seats.
    Match(MatchArgs),
    /// Play a tournament: round-robin or gauntlet, games at once, openings, adjudication, SPRT, crosstable.
    Tournament(tournament::TournamentArgs),
    /// Play the games of tournaments queued in PostgreSQL (`tabula tournament --queue`).
    Worker(tournament::WorkerArgs),
    /// Count the move paths of a given length (perft); see `tabula perft --help` for what is counted.
    #[command(
        long_about = "Count the move paths of exactly DEPTH plies from a position (perft): the standard \
                      test of a move generator against published counts.",
        after_long_help = "What is counted: every legal move is one ply, a pass included (Othello, Go), and in a \
                           game with dice each roll is a move too (paths, not weighted by probability). A line \
                           that ends the game has no moves, so by default it counts 0 at every deeper depth \
                           (--finished stops). Some published tables count a finished game as a leaf at every \
                           deeper depth (Othello's from depth 10: 24,571,284 where Tabula counts 24,571,056); \
                           --finished leaf counts that way, to compare with them. Perft data files \
                           (tabula_kit::perft) take the same choice per line: ';finished leaf'."
    )]
    Perft(PerftArgs),
    /// List the legal moves of a position (batch mode: positions on stdin).
    Moves(PositionArgs),
    /// Print a position's text and status after some moves.
    Position(PositionArgs),
    /// Let a strategy choose a move.
    Bestmove(BestmoveArgs),
    /// List every plugin found, with broken libraries and their errors.
    Plugins,
    /// Play in a window (or in the terminal with --text).
    Play(PlayArgs),
    /// Draw a position to a PNG file (no display needed).
    Render(RenderArgs),
    /// A headless game of the default config, human seats played by the random strategy.
    Demo,
    /// Be a UCI engine on stdin/stdout (default rules: config/protocols.toml).
    Uci(protocols::EngineArgs),
    /// Be a UCCI engine on stdin/stdout (default rules: config/protocols.toml).
    Ucci(protocols::EngineArgs),
    /// Be a USI (shogi) engine on stdin/stdout (default: config/protocols.toml's, the variants plugin's shogi).
    Usi(protocols::EngineArgs),
    /// Be a Gomocup (Piskvork) brain on stdin/stdout.
    Gomocup(protocols::EngineArgs),
    /// Be a Go Text Protocol engine on stdin/stdout (default rules: config/protocols.toml).
    Gtp(protocols::GtpArgs),
    /// Check a rules plugin against the position contract (tabula-kit's conformance suite).
    Conform(conform::ConformArgs),
    /// Create an out-of-tree cargo project for a new rules or strategy plugin.
    NewPlugin(scaffold::NewPluginArgs),
    /// Run a game server: rooms kept in SQLite, moves judged by the rules plugins.
    Serve(serve::ServeArgs),
    /// List the games waiting for a player on servers announced on the local network.
    Lan(serve::LanArgs),
    /// List and check the games of a PGN file (every move read by the rules plugin), or write them out tidied.
    Pgn(pgn::PgnArgs),
    /// Play an SGF game's main line (Go, Othello, Gomoku) and print the final position, or write a game as SGF.
    Sgf(sgf::SgfArgs),
    /// Show what one player (or a spectator) knows of a position of a game with hidden information.
    View(view::ViewArgs),
    /// Opens one library in this (child) process: exit 0 when it is a
    /// plugin, 2 when it is refused; a damaged file kills only this process.
    #[command(name = "__probe-plugin", hide = true)]
    ProbePlugin {
        /// The library.
        path: PathBuf,
    },
    /// Runs a rules plugin for a parent Tabula (`--isolate-rules`,
    /// `[game] isolate = true`), answering its requests on stdin/stdout.
    #[command(name = "__rules-server", hide = true)]
    RulesServer,
}

/// A rules plugin and its options.
#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// Rules plugin name or path to a plugin library.
    #[arg(long, value_name = "R")]
    pub rules: String,
    /// Rules option KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = common::parse_key_value)]
    pub option: Vec<(String, String)>,
    /// Run the rules plugin in a child process: if it crashes, the command
    /// ends with an error naming how, instead of crashing.
    #[arg(long = "isolate-rules")]
    pub isolate_rules: bool,
}

/// Where a position comes from.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    #[command(flatten)]
    /// The game.
    pub rules: RulesArgs,
    /// Start from this position text instead of the usual start.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Moves to play first, space separated (coordinate or standard notation).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
}

/// `tabula perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    /// The position.
    pub at: PositionArgs,
    /// Depth in plies.
    #[arg(long)]
    pub depth: u32,
    /// Also print the count below each legal move.
    #[arg(long)]
    pub divide: bool,
    /// How a game that ends above the last ply counts: `stops` (0 deeper
    /// down, Tabula's way) or `leaf` (1 at every deeper depth, as some
    /// published tables count).
    #[arg(long, value_name = "HOW", default_value = "stops", value_parser = parse_finished)]
    pub finished: tabula_kit::perft::Finished,
}

fn parse_finished(text: &str) -> Result<tabula_kit::perft::Finished, String> {
    tabula_kit::perft::Finished::from_name(text)
        .ok_or_else(|| format!("'{text}' is not a way to count finished games: use 'stops' or 'leaf'"))
}

/// `tabula bestmove`.
#[derive(Args, Debug)]
pub struct BestmoveArgs {
    #[command(flatten)]
    /// The position.
    pub at: PositionArgs,
    /// Strategy plugin name, path, or level (easy, medium, hard, beginner … master).
    #[arg(long, value_name = "S")]
    pub ai: String,
    /// Time to think, milliseconds (0 = the strategy's own budget).
    #[arg(long = "time-ms", default_value_t = 1000)]
    pub time_ms: u64,
    /// Maximum depth in plies (0 = no limit).
    #[arg(long, default_value_t = 0)]
    pub depth: u32,
    /// Strategy option KEY=VALUE (repeatable).
    #[arg(long = "ai-option", value_name = "KEY=VALUE", value_parser = common::parse_key_value)]
    pub ai_option: Vec<(String, String)>,
    /// In a game with hidden information, the seed of the position the
    /// strategy is handed instead of the truth (one its player cannot tell
    /// from it); default: a fresh one, printed.
    #[arg(long)]
    pub seed: Option<u64>,
}

/// `tabula match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Configuration file (default: the built-in one).
    #[arg(long, value_name = "F")]
    pub config: Option<PathBuf>,
    /// Rules plugin name or path (default: the config's).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
    /// Rules option KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = common::parse_key_value)]
    pub option: Vec<(String, String)>,
    /// Run the rules plugin in a child process (as the config's
    /// `[game] isolate = true`): a crash of the plugin ends the match with
    /// an error naming how, instead of ending it by the crash.
    #[arg(long = "isolate-rules")]
    pub isolate_rules: bool,
    /// Players, comma separated: strategy names, paths or levels,
    /// `isolate:S` for a strategy in a child process, or an engine
    /// `uci:PROGRAM`, `ucci:PROGRAM`, `usi:PROGRAM`, `gomocup:PROGRAM`, `gtp:PROGRAM` (default: the config's).
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    pub players: Vec<String>,
    /// Number of games; seats rotate from game to game.
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Time to think per move, milliseconds (default: the config's, or 1000).
    #[arg(long = "time-ms")]
    pub time_ms: Option<u64>,
    /// A game clock instead of a time per move: `BASE+INC` in seconds
    /// (`10+0.1`); each player's budget is a share of its clock, and a
    /// player whose clock runs out loses on time.
    #[arg(long = "tc", value_name = "BASE+INC", value_parser = parse_time_control)]
    pub tc: Option<tabula_core::headless::TimeControl>,
    /// Seed for strategies with a `seed` option (varied per game and seat).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Stop a game as a draw after this many plies (0 = no limit).
    #[arg(long = "max-moves", default_value_t = 1000)]
    pub max_moves: usize,
    /// End with a one-line JSON summary on stdout.
    #[arg(long)]
    pub json: bool,
    /// Append each finished game to this file (PGN or the text record);
    /// an existing file continues its round numbers.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// `pgn` or `text` (default: PGN when the game's positions are FEN).
    #[arg(long = "record-format", value_name = "FORMAT")]
    pub record_format: Option<String>,
    /// Start positions, one per line (FEN or EPD); each is played once
    /// with every seating.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Option KEY=VALUE sent to every external engine player (repeatable),
    /// e.g. `--engine-option "Skill Level=3"`.
    #[arg(long = "engine-option", value_name = "KEY=VALUE", value_parser = common::parse_key_value)]
    pub engine_option: Vec<(String, String)>,
}

pub(crate) fn parse_time_control(text: &str) -> Result<tabula_core::headless::TimeControl, String> {
    tabula_core::headless::TimeControl::parse(text).ok_or_else(|| {
        format!("'{text}' is not a time control: write BASE+INC in seconds, like 10+0.1, each at most a week (604800)")
    })
}

/// `tabula play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Configuration file or saved game (default: the built-in config).
    #[arg(long, value_name = "F")]
    pub config: Option<PathBuf>,
    /// Play in the terminal instead of a window.
    #[arg(long)]
    pub text: bool,
    /// With --text, the seed of a new game's dice (default: a fresh one;
    /// a saved game rolls on with its own).
    #[arg(long, requires = "text")]
    pub seed: Option<u64>,
    /// Run the rules plugin in a child process (as the config's
    /// `[game] isolate = true`): a crash of the plugin pauses the game with
    /// the reason instead of ending Tabula.
    #[arg(long = "isolate-rules")]
    pub isolate_rules: bool,
    /// Network play (see docs/NETWORK.md).
    #[command(flatten)]
    pub net: netplay::ConnectArgs,
}

/// `tabula render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    /// The position.
    pub at: PositionArgs,
    /// Image size in pixels.
    #[arg(long, value_name = "WxH", default_value = "800x600", value_parser = window::parse_size)]
    pub size: (u32, u32),
    /// The PNG file to write.
    #[arg(long, value_name = "F")]
    pub out: PathBuf,
}

/// Runs the command line and returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let dirs = cli.plugin_dir.clone();
    if let Some(Command::ProbePlugin { path }) = &cli.command {
        return match tabula_core::plugins::load_plugin(path) {
            Ok(_) => 0,
            Err(_) => 2,
        };
    }
    // The rules process opens a library its parent has already probed, and
    // a crash there costs only itself: no second probe.
    if let Some(Command::RulesServer) = &cli.command {
        return tabula_core::rules_server::serve();
    }
    // Every library this process has not seen is opened in a child first.
    if let Ok(exe) = std::env::current_exe() {
        tabula_core::plugins::probe::set_prober(exe);
    }
    let outcome = match cli.command {
        None => window::open(None, &dirs, false),
        Some(Command::Demo) => matches::demo(&dirs),
        Some(Command::Match(a)) => matches::run(&a, &dirs),
        Some(Command::Tournament(a)) => tournament::tournament(&a, &dirs),
        Some(Command::Worker(a)) => tournament::worker(&a, &dirs),
        Some(Command::Perft(a)) => query::perft(&a, &dirs),
        Some(Command::Moves(a)) => query::moves(&a, &dirs),
        Some(Command::Position(a)) => query::position(&a, &dirs),
        Some(Command::Bestmove(a)) => query::bestmove(&a, &dirs),
        Some(Command::Plugins) => query::plugins(&dirs),
        Some(Command::Play(a)) => window::play(&a, &dirs),
        Some(Command::Render(a)) => window::render(&a, &dirs),
        Some(Command::Uci(a)) => protocols::uci(&a, tabula_core::protocols::uci::Dialect::Uci, &dirs),
        Some(Command::Ucci(a)) => protocols::uci(&a, tabula_core::protocols::uci::Dialect::Ucci, &dirs),
        Some(Command::Usi(a)) => protocols::uci(&a, tabula_core::protocols::uci::Dialect::Usi, &dirs),
        Some(Command::Gomocup(a)) => protocols::gomocup(&a, &dirs),
        Some(Command::Gtp(a)) => protocols::gtp(&a, &dirs),
        Some(Command::Conform(a)) => conform::conform(&a, &dirs),
        Some(Command::NewPlugin(a)) => scaffold::new_plugin(&a),
        Some(Command::Serve(a)) => serve::serve(&a, &dirs),
        Some(Command::Lan(a)) => serve::lan(&a),
        Some(Command::View(a)) => view::view(&a, &dirs),
        Some(Command::Pgn(a)) => pgn::pgn(&a, &dirs),
        Some(Command::Sgf(a)) => sgf::sgf(&a, &dirs),
        Some(Command::ProbePlugin { .. } | Command::RulesServer) => Ok(0),
    };
    match outcome {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}
