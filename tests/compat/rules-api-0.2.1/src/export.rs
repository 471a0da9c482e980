//! The exporting side of the boundary: the adapters that turn a plugin's
//! plain-Rust objects into boundary objects under a panic guard, and what
//! the export macros expand to. Plugin authors use the macros and, in tests,
//! [`position_box`]; the rest is an implementation detail.
//!
//! Every call into a plugin object runs under `catch_unwind`. A panic in a
//! fallible call becomes a [`PluginError`] of kind [`ErrorKind::PANIC`]; a
//! panic in an infallible call (hash, evaluate, side to move) returns a
//! neutral value and poisons the object, so its next fallible call reports
//! the panic. The host and the strategies therefore see every panic within
//! one node of search.

use std::any::Any;
use std::cell::{OnceCell, RefCell};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::AtomicBool;

use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::{RResult, RSlice, RStr, RString, RVec};

use crate::error::{ErrorKind, PluginError};
use crate::geometry::Geometry;
use crate::growth::{CellChange, CellText, ChanceOutcome, ClickPath, Outcome};
use crate::impls::{PositionImpl, RulesImpl, StrategyImpl};
use crate::module::{OptionSpec, Options};
use crate::moves::{Move, MoveInfo};
use crate::position::{
    HandPiece, Highlight, Notation, Piece, PlayerScore, Position, PositionBox, PositionFlags, Position_TO, Status,
};
use crate::rules::{GameInfo, Rules, RulesBox, Rules_TO};
use crate::strategy::{ObserverMut, SearchLimits, SearchResult, Strategy, StrategyBox, Strategy_TO};

/// Turns a panic payload into readable text.
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic payload".to_string()
    }
}

/// Runs `f`, turning a panic into a [`PluginError`] of kind `PANIC`.
#[inline]
pub fn catch<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, PluginError> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| panic_error(what, payload))
}

/// The error a caught panic becomes (out of line: only ever on the
/// unhappy path).
#[cold]
#[inline(never)]
fn panic_error(what: &str, payload: Box<dyn Any + Send>) -> PluginError {
    PluginError::new(ErrorKind::PANIC, format!("plugin panicked in {what}: {}", panic_message(payload.as_ref())))
}

/// Remembers the first panic of an object so later calls can report it.
///
/// A `OnceCell` rather than a `RefCell`: the happy path of every guarded
/// call only reads whether it is set (no borrow flag to count up and down),
/// and it is set at most once, on the first panic.
#[derive(Default, Clone)]
struct Fault(OnceCell<PluginError>);

impl Fault {
    /// Whether an earlier call panicked.
    #[inline(always)]
    fn is_set(&self) -> bool {
        self.0.get().is_some()
    }
    /// The error every call of a poisoned object returns.
    #[cold]
    #[inline(never)]
    fn unusable(&self) -> PluginError {
        let earlier = self.0.get().map_or("", |e| e.message.as_str());
        PluginError::new(ErrorKind::PANIC, format!("object unusable after an earlier panic: {earlier}"))
    }
    /// Remembers `e` if it reports a panic (the first one wins).
    #[inline(always)]
    fn record(&self, e: &PluginError) {
        if e.kind == ErrorKind::PANIC {
            self.record_panic(e);
        }
    }
    #[cold]
    #[inline(never)]
    fn record_panic(&self, e: &PluginError) {
        let _ = self.0.set(e.clone());
    }
}

/// Runs a fallible call under the guard: an earlier panic, a panic now (or
/// a panic error passed on from a call this one made) poisons the object.
/// The happy path is one flag test and `catch_unwind`'s landing pad, which
/// costs nothing until something unwinds.
#[inline(always)]
fn loud<T>(fault: &Fault, what: &str, f: impl FnOnce() -> Result<T, PluginError>) -> RResult<T, PluginError> {
    if fault.is_set() {
        return RResult::RErr(fault.unusable());
    }
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => RResult::ROk(v),
        Ok(Err(e)) => {
            fault.record(&e);
            RResult::RErr(e)
        }
        Err(payload) => {
            let e = panic_error(what, payload);
            fault.record(&e);
            RResult::RErr(e)
        }
    }
}

/// Runs an infallible call under the guard; a panic yields `default` and
/// poisons the object.
#[inline(always)]
fn quiet<T>(fault: &Fault, what: &str, default: T, f: impl FnOnce() -> T) -> T {
    if fault.is_set() {
        return default;
    }
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(payload) => {
            fault.record(&panic_error(what, payload));
            default
        }
    }
}

/// The boundary adapter for a [`PositionImpl`].
pub struct GuardedPosition<P> {
    inner: P,
    fault: Fault,
    /// Room for the default `count_legal_moves`, kept so counting does not
    /// allocate once it has grown.
    scratch: RefCell<RVec<Move>>,
}

impl<P: Clone> Clone for GuardedPosition<P> {
    fn clone(&self) -> Self {
        GuardedPosition { inner: self.inner.clone(), fault: self.fault.clone(), scratch: RefCell::default() }
    }
}

/// Wraps a plugin position into the boundary object, exactly as a loaded
/// plugin hands it out (panic guard included). Tests and programs that link
/// a game directly use it to drive the game through [`crate::Position`].
pub fn position_box<P: PositionImpl>(position: P) -> PositionBox {
    Position_TO::from_value(
        GuardedPosition { inner: position, fault: Fault::default(), scratch: RefCell::default() },
        TD_Opaque,
    )
}

impl<P: PositionImpl> Position for GuardedPosition<P> {
    fn side_to_move(&self) -> u8 {
        quiet(&self.fault, "side_to_move", 0, || self.inner.side_to_move())
    }
    fn legal_moves(&self, out: &mut RVec<Move>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "legal_moves", || {
            self.inner.legal_moves(out);
            Ok(())
        })
    }
    fn make_move(&mut self, m: Move) -> RResult<(), PluginError> {
        let inner = &mut self.inner;
        loud(&self.fault, "make_move", || inner.make_move(m))
    }
    fn unmake_move(&mut self) -> RResult<(), PluginError> {
        let inner = &mut self.inner;
        loud(&self.fault, "unmake_move", || inner.unmake_move())
    }
    fn status(&self) -> RResult<Status, PluginError> {
        loud(&self.fault, "status", || Ok(self.inner.status()))
    }
    fn hash(&self) -> u64 {
        quiet(&self.fault, "hash", 0, || self.inner.hash())
    }
    fn evaluate(&self) -> i32 {
        quiet(&self.fault, "evaluate", 0, || self.inner.evaluate())
    }
    fn move_infos(&self, moves: RSlice<'_, Move>, out: &mut RVec<MoveInfo>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "move_infos", || {
            self.inner.move_infos(moves.as_slice(), out);
            Ok(())
        })
    }
    fn pieces(&self, out: &mut RVec<Piece>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "pieces", || {
            self.inner.pieces(out);
            Ok(())
        })
    }
    fn highlights(&self, out: &mut RVec<Highlight>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "highlights", || {
            self.inner.highlights(out);
            Ok(())
        })
    }
    fn to_text(&self) -> RResult<RString, PluginError> {
        loud(&self.fault, "to_text", || Ok(self.inner.to_text().into()))
    }
    fn move_to_text(&self, m: Move, notation: Notation) -> RResult<RString, PluginError> {
        loud(&self.fault, "move_to_text", || self.inner.move_to_text(m, notation).map(RString::from))
    }
    fn parse_move(&self, text: RStr<'_>, notation: Notation) -> RResult<Move, PluginError> {
        loud(&self.fault, "parse_move", || self.inner.parse_move(text.as_str(), notation))
    }
    fn flags(&self) -> PositionFlags {
        quiet(&self.fault, "flags", PositionFlags::NONE, || self.inner.flags())
    }
    fn count_legal_moves(&self) -> RResult<u64, PluginError> {
        loud(&self.fault, "count_legal_moves", || {
            let mut scratch = self.scratch.borrow_mut();
            Ok(self.inner.count_legal_moves(&mut scratch))
        })
    }
    fn make_null_move(&mut self) -> RResult<(), PluginError> {
        let inner = &mut self.inner;
        loud(&self.fault, "make_null_move", || inner.make_null_move())
    }
    fn hands(&self, out: &mut RVec<HandPiece>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "hands", || {
            self.inner.hands(out);
            Ok(())
        })
    }
    fn scores(&self, out: &mut RVec<PlayerScore>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "scores", || {
            self.inner.scores(out);
            Ok(())
        })
    }
    fn count_score(
        &self,
        dead: RSlice<'_, u16>,
        marks: &mut RVec<Highlight>,
        scores: &mut RVec<PlayerScore>,
    ) -> RResult<Status, PluginError> {
        marks.clear();
        scores.clear();
        loud(&self.fault, "count_score", || self.inner.count_score(dead.as_slice(), marks, scores))
    }
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "chance_outcomes", || {
            self.inner.chance_outcomes(out);
            Ok(())
        })
    }
    fn result(&self) -> RResult<Outcome, PluginError> {
        loud(&self.fault, "result", || Ok(self.inner.result()))
    }
    fn evaluate_all(&self, out: &mut RVec<i32>) {
        out.clear();
        quiet(&self.fault, "evaluate_all", (), || self.inner.evaluate_all(out));
        if self.fault.is_set() {
            // Half a list from a panicking call would read as real values.
            out.clear();
        }
    }
    fn click_paths(&self, out: &mut RVec<ClickPath>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "click_paths", || {
            self.inner.click_paths(out);
            Ok(())
        })
    }
    fn cell_changes(&self, out: &mut RVec<CellChange>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "cell_changes", || {
            self.inner.cell_changes(out);
            Ok(())
        })
    }
    fn cell_texts(&self, out: &mut RVec<CellText>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "cell_texts", || {
            self.inner.cell_texts(out);
            Ok(())
        })
    }
    fn player_count(&self) -> u8 {
        quiet(&self.fault, "player_count", 2, || self.inner.player_count())
    }
    fn view_pieces(&self, viewer: u8, out: &mut RVec<Piece>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "view_pieces", || {
            self.inner.view_pieces(viewer, out);
            Ok(())
        })
    }
    fn view_highlights(&self, viewer: u8, out: &mut RVec<Highlight>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "view_highlights", || {
            self.inner.view_highlights(viewer, out);
            Ok(())
        })
    }
    fn hidden_cells(&self, viewer: u8, out: &mut RVec<u16>) -> RResult<(), PluginError> {
        out.clear();
        loud(&self.fault, "hidden_cells", || {
            self.inner.hidden_cells(viewer, out);
            Ok(())
        })
    }
    fn view_text(&self, viewer: u8) -> RResult<RString, PluginError> {
        loud(&self.fault, "view_text", || Ok(self.inner.view_text(viewer).into()))
    }
    fn move_text_for(&self, m: Move, notation: Notation, viewer: u8) -> RResult<RString, PluginError> {
        loud(&self.fault, "move_text_for", || self.inner.move_text_for(m, notation, viewer).map(RString::from))
    }
    fn announcement(&self, viewer: u8) -> RResult<RString, PluginError> {
        loud(&self.fault, "announcement", || Ok(self.inner.announcement(viewer).into()))
    }
    fn sample(&self, viewer: u8, seed: u64) -> RResult<PositionBox, PluginError> {
        loud(&self.fault, "sample", || self.inner.sample(viewer, seed).map(position_box))
    }
}

/// The boundary adapter for a [`RulesImpl`].
pub struct GuardedRules<R> {
    inner: R,
}

/// Wraps a plugin game into the boundary object (for tests and programs
/// that link a game directly).
pub fn rules_box<R: RulesImpl>(rules: R) -> RulesBox {
    Rules_TO::from_value(GuardedRules { inner: rules }, TD_Opaque)
}

impl<R: RulesImpl> Rules for GuardedRules<R> {
    fn info(&self) -> RResult<GameInfo, PluginError> {
        catch("info", || self.inner.info()).into()
    }
    fn geometry(&self) -> RResult<Geometry, PluginError> {
        catch("geometry", || self.inner.geometry()).into()
    }
    fn start_position(&self) -> RResult<PositionBox, PluginError> {
        catch("start_position", || self.inner.start_position().map(position_box)).and_then(|r| r).into()
    }
    fn position_from_text(&self, text: RStr<'_>) -> RResult<PositionBox, PluginError> {
        catch("position_from_text", || self.inner.position_from_text(text.as_str()).map(position_box))
            .and_then(|r| r)
            .into()
    }
    fn help_text(&self) -> RResult<RString, PluginError> {
        catch("help_text", || RString::from(self.inner.help_text())).into()
    }
    fn position_from_view(&self, text: RStr<'_>, seed: u64) -> RResult<PositionBox, PluginError> {
        catch("position_from_view", || self.inner.position_from_view(text.as_str(), seed).map(position_box))
            .and_then(|r| r)
            .into()
    }
}

/// The boundary adapter for a [`StrategyImpl`].
pub struct GuardedStrategy<S> {
    inner: S,
    fault: Fault,
}

/// Wraps a plugin strategy into the boundary object (for tests and
/// programs that link a strategy directly).
pub fn strategy_box<S: StrategyImpl>(strategy: S) -> StrategyBox {
    Strategy_TO::from_value(GuardedStrategy { inner: strategy, fault: Fault::default() }, TD_Opaque)
}

impl<S: StrategyImpl> Strategy for GuardedStrategy<S> {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        limits: SearchLimits,
        stop: &AtomicBool,
        mut observer: ObserverMut<'_>,
    ) -> RResult<SearchResult, PluginError> {
        let inner = &mut self.inner;
        loud(&self.fault, "choose_move", || inner.choose_move(position, limits, stop, &mut observer))
    }
    fn new_game(&mut self) {
        let inner = &mut self.inner;
        quiet(&self.fault, "new_game", (), || inner.new_game())
    }
}

/// Builds a rules object under the panic guard (used by [`crate::export_rules_plugin!`]).
pub fn new_rules_guarded<R: RulesImpl>(
    options: &Options,
    ctor: fn(&Options) -> Result<R, PluginError>,
) -> RResult<RulesBox, PluginError> {
    catch("new_rules", || ctor(options).map(rules_box)).and_then(|r| r).into()
}

/// Builds a strategy under the panic guard (used by [`crate::export_strategy_plugin!`]).
pub fn new_strategy_guarded<S: StrategyImpl>(
    options: &Options,
    ctor: fn(&Options) -> Result<S, PluginError>,
) -> RResult<StrategyBox, PluginError> {
    catch("new_strategy", || ctor(options).map(strategy_box)).and_then(|r| r).into()
}

/// Lists options under the panic guard; a panic yields no options.
pub fn options_guarded(f: fn() -> Vec<OptionSpec>) -> RVec<OptionSpec> {
    catch("options", f).map(RVec::from).unwrap_or_default()
}

/// The constructor a rules plugin exports for strategies, and vice versa.
pub fn wrong_kind<T>(plugin: &str, wanted: &str) -> RResult<T, PluginError> {
    RResult::RErr(PluginError::unsupported(format!("plugin '{plugin}' is not a {wanted} plugin")))
}

/// Exports a rules plugin's root module.
///
/// The plugin crate must be a `cdylib` and depend on `abi_stable` directly
/// (as abi_stable's own examples do), because the root-module attribute
/// expands to `::abi_stable` paths.
///
/// Every plugin exports the same symbol, so call it in a tiny `cdylib`
/// crate of its own that depends on the game's `rlib` (abi_stable's
/// interface / implementation / export split): tests and other programs
/// link the `rlib`, which exports nothing, as many at a time as they like.
///
/// ```ignore
/// // plugins/chess/export/src/lib.rs, the whole of it:
/// rules_api::export_rules_plugin! {
///     name: "chess",
///     description: "International chess",
///     options: tabula_chess::chess_options,        // fn() -> Vec<OptionSpec>
///     new: tabula_chess::ChessRules::from_options, // fn(&Options) -> Result<impl RulesImpl, PluginError>
/// }
/// ```
#[macro_export]
macro_rules! export_rules_plugin {
    (name: $name:expr, description: $desc:expr, options: $options:expr, new: $ctor:expr $(,)?) => {
        $crate::__export_plugin! {
            kind: RULES, name: $name, description: $desc, options: $options,
            rules: |o| $crate::export::new_rules_guarded(o, $ctor),
            strategy: |_| $crate::export::wrong_kind($name, "strategy"),
        }
    };
}

/// Exports a strategy plugin's root module; same shape as
/// [`crate::export_rules_plugin!`] with `new` returning a [`StrategyImpl`].
#[macro_export]
macro_rules! export_strategy_plugin {
    (name: $name:expr, description: $desc:expr, options: $options:expr, new: $ctor:expr $(,)?) => {
        $crate::__export_plugin! {
            kind: STRATEGY, name: $name, description: $desc, options: $options,
            rules: |_| $crate::export::wrong_kind($name, "rules"),
            strategy: |o| $crate::export::new_strategy_guarded(o, $ctor),
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __export_plugin {
    (kind: $kind:ident, name: $name:expr, description: $desc:expr, options: $options:expr,
     rules: |$ro:pat_param| $rules:expr, strategy: |$so:pat_param| $strategy:expr $(,)?) => {
        pub use __tabula_plugin_export::tabula_root_module;

        #[doc(hidden)]
        #[allow(missing_docs)]
        pub mod __tabula_plugin_export {
            use super::*;

            /// The plugin's root module, read by the Tabula loader.
            #[$crate::abi_stable::export_root_module]
            pub fn tabula_root_module() -> $crate::PluginModRef {
                // Prefixed names: the caller's own `options`/`new` functions must
                // not be shadowed by these wrappers inside the expansion.
                extern "C" fn __tabula_options() -> $crate::RVec<$crate::OptionSpec> {
                    $crate::export::options_guarded($options)
                }
                extern "C" fn __tabula_new_rules(
                    $ro: &$crate::Options,
                ) -> $crate::RResult<$crate::RulesBox, $crate::PluginError> {
                    $rules
                }
                extern "C" fn __tabula_new_strategy(
                    $so: &$crate::Options,
                ) -> $crate::RResult<$crate::StrategyBox, $crate::PluginError> {
                    $strategy
                }
                use $crate::abi_stable::prefix_type::PrefixTypeTrait;
                $crate::PluginMod {
                    kind: $crate::PluginKind::$kind,
                    name: $crate::RStr::from_str($name),
                    version: $crate::RStr::from_str(env!("CARGO_PKG_VERSION")),
                    description: $crate::RStr::from_str($desc),
                    options: __tabula_options,
                    new_rules: __tabula_new_rules,
                    new_strategy: __tabula_new_strategy,
                }
                .leak_into_prefix()
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::PositionImpl;

    /// A one-move game whose methods panic on request.
    #[derive(Clone, Default)]
    struct Touchy {
        panic_in_moves: bool,
        panic_in_hash: bool,
        made: u32,
    }

    impl PositionImpl for Touchy {
        fn side_to_move(&self) -> u8 {
            0
        }
        fn legal_moves(&self, out: &mut RVec<Move>) {
            assert!(!self.panic_in_moves, "no moves today");
            out.push(Move::place(0));
        }
        fn make_move(&mut self, _m: Move) -> Result<(), PluginError> {
            self.made += 1;
            Ok(())
        }
        fn unmake_move(&mut self) -> Result<(), PluginError> {
            match self.made {
                0 => Err(PluginError::unsupported("nothing to take back")),
                _ => {
                    self.made -= 1;
                    Ok(())
                }
            }
        }
        fn status(&self) -> Status {
            Status::ONGOING
        }
        fn hash(&self) -> u64 {
            assert!(!self.panic_in_hash, "no hash today");
            7
        }
        fn pieces(&self, _out: &mut RVec<Piece>) {}
        fn to_text(&self) -> String {
            format!("made {}", self.made)
        }
        fn move_to_text(&self, _m: Move, _notation: Notation) -> Result<String, PluginError> {
            Ok("a1".into())
        }
    }

    #[test]
    fn healthy_calls_pass_through() {
        let mut p = position_box(Touchy::default());
        let mut out = RVec::new();
        p.legal_moves(&mut out).unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(p.count_legal_moves().unwrap(), 1);
        p.make_move(Move::place(0)).unwrap();
        assert_eq!(p.to_text().unwrap().as_str(), "made 1");
        p.unmake_move().unwrap();
        // An ordinary error does not poison the object.
        assert_eq!(p.unmake_move().unwrap_err().kind, ErrorKind::UNSUPPORTED);
        assert_eq!(p.hash(), 7);
        assert_eq!(p.to_text().unwrap().as_str(), "made 0");
        assert_eq!(p.make_null_move().unwrap_err().kind, ErrorKind::UNSUPPORTED);
    }

    #[test]
    fn a_panic_in_a_fallible_call_is_an_error_and_poisons_the_object() {
        let p = position_box(Touchy { panic_in_moves: true, ..Touchy::default() });
        let mut out = RVec::new();
        let e = p.legal_moves(&mut out).unwrap_err();
        assert_eq!(e.kind, ErrorKind::PANIC);
        assert!(e.message.contains("legal_moves") && e.message.contains("no moves today"), "{}", e.message);
        // Every later call reports it, even those that would not panic.
        let later = p.to_text().unwrap_err();
        assert_eq!(later.kind, ErrorKind::PANIC);
        assert!(
            later.message.contains("earlier panic") && later.message.contains("no moves today"),
            "{}",
            later.message
        );
        assert_eq!(p.count_legal_moves().unwrap_err().kind, ErrorKind::PANIC);
        assert_eq!(p.hash(), 0, "infallible calls of a poisoned object return the neutral value");
        // A clone of a poisoned object is poisoned too.
        let q = p.clone();
        assert_eq!(q.status().unwrap_err().kind, ErrorKind::PANIC);
    }

    #[test]
    fn a_panic_in_an_infallible_call_returns_the_neutral_value_and_poisons() {
        let p = position_box(Touchy { panic_in_hash: true, ..Touchy::default() });
        assert_eq!(p.hash(), 0);
        let e = p.status().unwrap_err();
        assert_eq!(e.kind, ErrorKind::PANIC);
        assert!(e.message.contains("hash") && e.message.contains("no hash today"), "{}", e.message);
        assert_eq!(p.side_to_move(), 0);
    }

    #[test]
    fn a_clone_taken_before_the_panic_stays_healthy() {
        let p = position_box(Touchy { panic_in_hash: true, ..Touchy::default() });
        let q = p.clone();
        assert_eq!(p.hash(), 0);
        assert!(p.to_text().is_err());
        assert_eq!(q.to_text().unwrap().as_str(), "made 0");
    }
}
