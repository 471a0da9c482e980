//! What the conformance suite found: one entry per named check.

use std::fmt;

/// One rule of the position contract, checked by [`super::run`].
#[non_exhaustive]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Check {
    /// The game describes itself: players, cells with distinct names, a
    /// start position.
    Setup,
    /// The side to move is one of the players.
    SideToMove,
    /// The move list is empty exactly when the status is not ongoing; a
    /// finished game has a reason and a valid winner.
    Status,
    /// `count_legal_moves` equals the length of the move list.
    MoveCount,
    /// Every move's cells are on the board and its `extra` names a piece type.
    MoveCells,
    /// `move_infos` gives one entry per move, and flags the passes
    /// [`rules_api::MoveFlags::PASS`]: [`rules_api::Move::PASS`] and any
    /// move written "pass" carry the flag, and a move that carries it names
    /// no cell and leaves the pieces on the board and in hand as they were.
    MoveInfos,
    /// Pieces on the board and in hand have valid cells, owners and kinds.
    Pieces,
    /// Highlights name valid cells and players.
    Highlights,
    /// The evaluation stays within `±score::MAX_EVAL`.
    Evaluation,
    /// Every legal move prints and parses back in both notations.
    Notation,
    /// `unmake_move` restores the text and the hash exactly, after one move
    /// and after a whole game.
    MakeUnmake,
    /// Reading a position's text back gives the same text, moves and hash.
    TextRoundTrip,
    /// One text has one hash, and positions sharing a hash are the same
    /// position (side to move, pieces, hands, moves).
    HashConsistency,
    /// The same position reached by different move orders hashes alike.
    Transpositions,
    /// Moving on a clone leaves the original alone.
    CloneIndependence,
    /// Random games run to their end (or the ply limit) without errors.
    Playouts,
    /// A chance node lists its legal moves as outcomes with probabilities
    /// that are positive and sum to one; other positions list none.
    Chance,
    /// A game seats one to six players; results and evaluations name each
    /// of them: payoffs one per player that put the winner first, a
    /// reason for every finished game.
    Players,
    /// Every legal move on the board is chosen by a click path over shown
    /// cells, and no clicks choose two moves the window could not tell
    /// apart.
    ClickPaths,
    /// Moved, renamed and hidden cells and texts on cells are on the board,
    /// no piece stands on a hidden cell and shown cells keep distinct names.
    BoardChanges,
    /// Playing a finished random game's moves again from its start (chance
    /// outcomes included) gives the same positions: nothing is drawn in
    /// secret by `make_move`.
    Replay,
    /// In a game with hidden information, each viewer is shown real
    /// pieces on visible cells, and samples of what the player to move
    /// cannot tell apart (and positions read from their view text) show
    /// them the same view and leave them the same legal moves.
    Views,
}

impl Check {
    /// Every check, in report order.
    pub const ALL: [Check; 22] = [
        Check::Setup,
        Check::SideToMove,
        Check::Status,
        Check::MoveCount,
        Check::MoveCells,
        Check::MoveInfos,
        Check::Pieces,
        Check::Highlights,
        Check::Evaluation,
        Check::Notation,
        Check::MakeUnmake,
        Check::TextRoundTrip,
        Check::HashConsistency,
        Check::Transpositions,
        Check::CloneIndependence,
        Check::Playouts,
        Check::Chance,
        Check::Players,
        Check::ClickPaths,
        Check::BoardChanges,
        Check::Replay,
        Check::Views,
    ];

    /// A short lowercase name (`make/unmake`).
    pub fn name(self) -> &'static str {
        match self {
            Check::Setup => "setup",
            Check::SideToMove => "side to move",
            Check::Status => "status",
            Check::MoveCount => "move count",
            Check::MoveCells => "move cells",
            Check::MoveInfos => "move infos",
            Check::Pieces => "pieces",
            Check::Highlights => "highlights",
            Check::Evaluation => "evaluation",
            Check::Notation => "notation",
            Check::MakeUnmake => "make/unmake",
            Check::TextRoundTrip => "text round trip",
            Check::HashConsistency => "hash consistency",
            Check::Transpositions => "transpositions",
            Check::CloneIndependence => "clone independence",
            Check::Playouts => "playouts",
            Check::Chance => "chance",
            Check::Players => "players",
            Check::ClickPaths => "click paths",
            Check::BoardChanges => "board changes",
            Check::Replay => "replay",
            Check::Views => "views",
        }
    }
}

/// The first thing found wrong by a check.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure {
    /// What was wrong.
    pub message: String,
    /// The text of the position where it happened, when there was one.
    pub position: Option<String>,
    /// The move involved, in coordinate notation where the plugin could
    /// write it.
    pub mv: Option<String>,
}

/// How one check fared.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CheckResult {
    /// Which check.
    pub check: Check,
    /// How many times it was applied.
    pub runs: u64,
    /// How many of those failed.
    pub failures: u64,
    /// The first failure, with its details.
    pub first_failure: Option<Failure>,
}

impl CheckResult {
    /// Whether the check never failed.
    pub fn passed(&self) -> bool {
        self.failures == 0
    }
}

/// The suite's findings: every check's result and what the walk covered.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Report {
    /// The game's display name.
    pub game: String,
    /// One entry per [`Check`], in [`Check::ALL`] order.
    pub checks: Vec<CheckResult>,
    /// Positions visited.
    pub positions: u64,
    /// Moves made and unmade with both notations checked.
    pub moves_checked: u64,
    /// Random games played.
    pub playouts: u64,
    /// Random games that reached a result.
    pub games_finished: u64,
    /// Transpositions found (two move orders, one position).
    pub transpositions: u64,
    /// Distinct position texts seen.
    pub distinct_positions: u64,
    /// Chance nodes visited.
    pub chance_nodes: u64,
    /// Positions of hidden information whose views were checked.
    pub hidden_positions: u64,
}

impl Report {
    pub(crate) fn new(game: String) -> Self {
        Report {
            game,
            checks: Check::ALL
                .iter()
                .map(|&check| CheckResult { check, runs: 0, failures: 0, first_failure: None })
                .collect(),
            positions: 0,
            moves_checked: 0,
            playouts: 0,
            games_finished: 0,
            transpositions: 0,
            distinct_positions: 0,
            chance_nodes: 0,
            hidden_positions: 0,
        }
    }

    /// The result of one check.
    pub fn check(&self, check: Check) -> &CheckResult {
        &self.checks[Check::ALL.iter().position(|&c| c == check).expect("every check has an entry")]
    }

    pub(crate) fn entry(&mut self, check: Check) -> &mut CheckResult {
        let index = Check::ALL.iter().position(|&c| c == check).expect("every check has an entry");
        &mut self.checks[index]
    }

    /// Whether every check passed.
    pub fn is_ok(&self) -> bool {
        self.checks.iter().all(CheckResult::passed)
    }

    /// The checks that failed.
    pub fn failed(&self) -> impl Iterator<Item = &CheckResult> {
        self.checks.iter().filter(|c| !c.passed())
    }

    /// Panics with the whole report when a check failed (for tests).
    #[track_caller]
    pub fn assert_ok(&self) {
        if !self.is_ok() {
            panic!("the conformance suite failed:\n{self}");
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let failed = self.failed().count();
        if failed == 0 {
            writeln!(f, "{}: all {} checks passed", self.game, self.checks.len())?;
        } else {
            writeln!(f, "{}: {failed} of {} checks FAILED", self.game, self.checks.len())?;
        }
        for c in &self.checks {
            let verdict = if !c.passed() {
                "FAIL"
            } else if c.runs == 0 {
                "--  "
            } else {
                "ok  "
            };
            let detail =
                if c.passed() { format!("{} applied", c.runs) } else { format!("{} of {} failed", c.failures, c.runs) };
            writeln!(f, "  {verdict} {:<20} {detail}", c.check.name())?;
            if let Some(failure) = &c.first_failure {
                writeln!(f, "         first: {}", failure.message)?;
                if let Some(position) = &failure.position {
                    writeln!(f, "         position: {position}")?;
                }
                if let Some(mv) = &failure.mv {
                    writeln!(f, "         move: {mv}")?;
                }
            }
        }
        write!(
            f,
            "  walked {} positions ({} distinct, {} chance nodes, {} with hidden information), checked {} moves, \
             finished {} of {} random games, found {} transpositions",
            self.positions,
            self.distinct_positions,
            self.chance_nodes,
            self.hidden_positions,
            self.moves_checked,
            self.games_finished,
            self.playouts,
            self.transpositions
        )
    }
}
