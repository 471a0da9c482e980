//! What the search needs from a position, for both ways of reaching one:
//! through the plugin boundary ([`PositionBox`], one vtable call per
//! operation, panics caught by the adapter) or linked directly ([`Direct`],
//! plain static calls into a [`PositionImpl`]). The search is generic over
//! [`SearchState`], so the two paths run the very same algorithm and can be
//! compared by a benchmark.

use rules_api::plugin::PositionImpl;
use rules_api::{
    ChanceOutcome, Move, MoveInfo, Outcome, PluginError, PositionBox, PositionFlags, RSlice, RVec, Status,
};

/// The position operations a game-tree search uses.
pub trait SearchState {
    /// Index of the player to move.
    fn side_to_move(&self) -> u8;
    /// Clears `out` and writes every legal move (none when the game is over).
    fn legal_moves(&self, out: &mut RVec<Move>) -> Result<(), PluginError>;
    /// Clears `out` and writes one [`MoveInfo`] per move of `moves`.
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) -> Result<(), PluginError>;
    /// Plays a legal move.
    fn make(&mut self, m: Move) -> Result<(), PluginError>;
    /// Takes back the last move.
    fn unmake(&mut self) -> Result<(), PluginError>;
    /// Ongoing, or the result.
    fn status(&self) -> Result<Status, PluginError>;
    /// Zobrist-style hash of the position.
    fn hash(&self) -> u64;
    /// Static evaluation from the mover's view.
    fn evaluate(&self) -> i32;
    /// What the game says about this position (in check, zugzwang risk).
    fn flags(&self) -> PositionFlags;
    /// Passes the turn (for null-move pruning); `unmake` takes it back.
    /// Games without a null move answer with an `UNSUPPORTED` error.
    fn make_null(&mut self) -> Result<(), PluginError>;
    /// The result in full, with each player's payoff. Default: what
    /// [`SearchState::status`] says (the boundary's own default).
    fn result(&self) -> Result<Outcome, PluginError> {
        Ok(Outcome::from_status(self.status()?))
    }
    /// Clears `out` and writes the outcomes of a chance node with their
    /// probabilities (nothing elsewhere). Default: no chance.
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) -> Result<(), PluginError> {
        out.clear();
        Ok(())
    }
    /// Clears `out` and writes every player's evaluation from their own
    /// view, or nothing when the game gives only [`SearchState::evaluate`]
    /// (the default).
    fn evaluate_all(&self, out: &mut RVec<i32>) {
        out.clear();
    }
    /// The number of players the game says it has. Default: 2.
    fn player_count(&self) -> u8 {
        2
    }
    /// Whether the player to move may claim a draw here
    /// ([`rules_api::Position::draw_claim`]), which the search scores as
    /// a draw. Default: never.
    fn draw_claimable(&self) -> bool {
        false
    }
}

impl SearchState for PositionBox {
    fn side_to_move(&self) -> u8 {
        self.side_to_move()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) -> Result<(), PluginError> {
        self.legal_moves(out).into_result()
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) -> Result<(), PluginError> {
        self.move_infos(RSlice::from_slice(moves), out).into_result()
    }
    fn make(&mut self, m: Move) -> Result<(), PluginError> {
        self.make_move(m).into_result()
    }
    fn unmake(&mut self) -> Result<(), PluginError> {
        self.unmake_move().into_result()
    }
    fn status(&self) -> Result<Status, PluginError> {
        self.status().into_result()
    }
    fn hash(&self) -> u64 {
        self.hash()
    }
    fn evaluate(&self) -> i32 {
        self.evaluate()
    }
    fn flags(&self) -> PositionFlags {
        self.flags()
    }
    fn make_null(&mut self) -> Result<(), PluginError> {
        self.make_null_move().into_result()
    }
    fn result(&self) -> Result<Outcome, PluginError> {
        self.result().into_result()
    }
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) -> Result<(), PluginError> {
        self.chance_outcomes(out).into_result()
    }
    fn evaluate_all(&self, out: &mut RVec<i32>) {
        self.evaluate_all(out)
    }
    fn player_count(&self) -> u8 {
        self.player_count()
    }
    fn draw_claimable(&self) -> bool {
        // A plugin that fails here fails its other calls too, where the
        // search reports it.
        matches!(self.draw_claim(), rules_api::RResult::ROk(reason) if !reason.is_empty())
    }
}

/// A natively linked position: the search calls the plugin's Rust code
/// directly, with no boundary and no panic guard (a panic unwinds through
/// the search, as in any Rust program).
#[derive(Clone, Debug)]
pub struct Direct<P>(pub P);

impl<P: PositionImpl> SearchState for Direct<P> {
    fn side_to_move(&self) -> u8 {
        self.0.side_to_move()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) -> Result<(), PluginError> {
        // `PositionImpl` appends, as the boundary adapter clears for it.
        out.clear();
        self.0.legal_moves(out);
        Ok(())
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) -> Result<(), PluginError> {
        out.clear();
        self.0.move_infos(moves, out);
        Ok(())
    }
    fn make(&mut self, m: Move) -> Result<(), PluginError> {
        self.0.make_move(m)
    }
    fn unmake(&mut self) -> Result<(), PluginError> {
        self.0.unmake_move()
    }
    fn status(&self) -> Result<Status, PluginError> {
        Ok(self.0.status())
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn evaluate(&self) -> i32 {
        self.0.evaluate()
    }
    fn flags(&self) -> PositionFlags {
        self.0.flags()
    }
    fn make_null(&mut self) -> Result<(), PluginError> {
        self.0.make_null_move()
    }
    fn result(&self) -> Result<Outcome, PluginError> {
        Ok(self.0.result())
    }
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) -> Result<(), PluginError> {
        out.clear();
        self.0.chance_outcomes(out);
        Ok(())
    }
    fn evaluate_all(&self, out: &mut RVec<i32>) {
        out.clear();
        self.0.evaluate_all(out);
    }
    fn player_count(&self) -> u8 {
        self.0.player_count()
    }
    fn draw_claimable(&self) -> bool {
        self.0.draw_claim().is_some()
    }
}
