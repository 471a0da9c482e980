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
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::AtomicBool;

use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::{RResult, RSlice, RStr, RString, RVec};

use crate::error::{ErrorKind, PluginError};
use crate::geometry::Geometry;
use crate::module::{OptionSpec, Options};
use crate::moves::{Move, MoveInfo};
use crate::plugin::{PositionImpl, RulesImpl, StrategyImpl};
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
pub fn catch<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, PluginError> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        PluginError::new(ErrorKind::PANIC, format!("plugin panicked in {what}: {}", panic_message(payload.as_ref())))
    })
}

/// Remembers the first panic of an object so later calls can report it.
#[derive(Default)]
struct Fault(RefCell<Option<PluginError>>);

impl Fault {
    fn check(&self) -> Result<(), PluginError> {
        match &*self.0.borrow() {
            None => Ok(()),
            Some(e) => Err(PluginError::new(
                ErrorKind::PANIC,
                format!("object unusable after an earlier panic: {}", e.message),
            )),
        }
    }
    fn record<T>(&self, r: Result<T, PluginError>) -> Result<T, PluginError> {
        if let Err(e) = &r {
            if e.kind == ErrorKind::PANIC {
                self.0.borrow_mut().get_or_insert_with(|| e.clone());
            }
        }
        r
    }
    fn clone_state(&self) -> Fault {
        Fault(RefCell::new(self.0.borrow().clone()))
    }
}

/// Runs a fallible `&self` call under the guard.
fn loud<T>(fault: &Fault, what: &str, f: impl FnOnce() -> Result<T, PluginError>) -> RResult<T, PluginError> {
    let r = fault.check().and_then(|()| catch(what, f).and_then(|r| r));
    fault.record(r).into()
}

/// Runs an infallible call under the guard; a panic yields `default`.
fn quiet<T>(fault: &Fault, what: &str, default: T, f: impl FnOnce() -> T) -> T {
    if fault.check().is_err() {
        return default;
    }
    fault.record(catch(what, f)).unwrap_or(default)
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
        GuardedPosition { inner: self.inner.clone(), fault: self.fault.clone_state(), scratch: RefCell::default() }
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
