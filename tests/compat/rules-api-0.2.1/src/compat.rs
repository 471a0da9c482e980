//! The layouts of earlier 0.2 releases, kept so a host can check a plugin
//! built against one of them.
//!
//! abi_stable's layout check accepts a plugin whose prefix types (the
//! boundary traits' method tables, the root module) have *at least* the
//! fields the host knows: a plugin newer than the host. A plugin older
//! than the host has fewer, and abi_stable would refuse it, although every
//! method it lacks has a default. So the host checks such a plugin against
//! the layout of the release it was built with — kept here, word for word —
//! and then uses it through this release's types, whose method tables only
//! append to that layout: an appended method is looked up in the plugin's
//! own table, finds nothing, and its default runs.
//!
//! Each 0.2.x release adds the module of the release before it. Nothing in
//! a module here ever changes; `tests::current_tables_extend_the_frozen_ones`
//! checks that the current tables begin with the frozen ones.

/// rules-api 0.2.0: the boundary traits and the root module as released.
pub mod v0_2_0 {
    #![allow(missing_docs)]

    use abi_stable::library::RootModule;
    use abi_stable::sabi_trait;
    use abi_stable::sabi_types::VersionStrings;
    use abi_stable::std_types::{RBox, RResult, RSlice, RStr, RString, RVec};
    use abi_stable::{declare_root_module_statics, StableAbi};
    use std::sync::atomic::AtomicBool;

    use crate::error::PluginError;
    use crate::geometry::Geometry;
    use crate::module::{OptionSpec, Options, PluginKind};
    use crate::moves::{Move, MoveInfo};
    use crate::position::{HandPiece, Highlight, Notation, Piece, PlayerScore, PositionFlags, Status};
    use crate::rules::GameInfo;
    use crate::strategy::{ObserverMut, SearchLimits, SearchResult};

    #[sabi_trait]
    pub trait Position: Clone + Send {
        fn side_to_move(&self) -> u8;
        fn legal_moves(&self, out: &mut RVec<Move>) -> RResult<(), PluginError>;
        fn make_move(&mut self, m: Move) -> RResult<(), PluginError>;
        fn unmake_move(&mut self) -> RResult<(), PluginError>;
        fn status(&self) -> RResult<Status, PluginError>;
        fn hash(&self) -> u64;
        fn evaluate(&self) -> i32;
        fn move_infos(&self, moves: RSlice<'_, Move>, out: &mut RVec<MoveInfo>) -> RResult<(), PluginError>;
        fn pieces(&self, out: &mut RVec<Piece>) -> RResult<(), PluginError>;
        fn highlights(&self, out: &mut RVec<Highlight>) -> RResult<(), PluginError>;
        fn to_text(&self) -> RResult<RString, PluginError>;
        fn move_to_text(&self, m: Move, notation: Notation) -> RResult<RString, PluginError>;
        fn parse_move(&self, text: RStr<'_>, notation: Notation) -> RResult<Move, PluginError>;
        fn flags(&self) -> PositionFlags;
        fn count_legal_moves(&self) -> RResult<u64, PluginError>;
        fn make_null_move(&mut self) -> RResult<(), PluginError>;
        fn hands(&self, out: &mut RVec<HandPiece>) -> RResult<(), PluginError>;
        fn scores(&self, out: &mut RVec<PlayerScore>) -> RResult<(), PluginError>;
        #[sabi(last_prefix_field)]
        fn count_score(
            &self,
            dead: RSlice<'_, u16>,
            marks: &mut RVec<Highlight>,
            scores: &mut RVec<PlayerScore>,
        ) -> RResult<Status, PluginError>;
    }

    pub type PositionBox = Position_TO<'static, RBox<()>>;

    #[sabi_trait]
    pub trait Rules: Send + Sync {
        fn info(&self) -> RResult<GameInfo, PluginError>;
        fn geometry(&self) -> RResult<Geometry, PluginError>;
        fn start_position(&self) -> RResult<PositionBox, PluginError>;
        fn position_from_text(&self, text: RStr<'_>) -> RResult<PositionBox, PluginError>;
        #[sabi(last_prefix_field)]
        fn help_text(&self) -> RResult<RString, PluginError>;
    }

    pub type RulesBox = Rules_TO<'static, RBox<()>>;

    #[sabi_trait]
    pub trait Strategy: Send {
        fn choose_move(
            &mut self,
            position: &mut PositionBox,
            limits: SearchLimits,
            stop: &AtomicBool,
            observer: ObserverMut<'_>,
        ) -> RResult<SearchResult, PluginError>;
        #[sabi(last_prefix_field)]
        fn new_game(&mut self);
    }

    pub type StrategyBox = Strategy_TO<'static, RBox<()>>;

    #[repr(C)]
    #[derive(StableAbi)]
    #[sabi(kind(Prefix(prefix_ref = PluginModRef)))]
    #[sabi(missing_field(panic))]
    pub struct PluginMod {
        pub kind: PluginKind,
        pub name: RStr<'static>,
        pub version: RStr<'static>,
        pub description: RStr<'static>,
        pub options: extern "C" fn() -> RVec<OptionSpec>,
        pub new_rules: extern "C" fn(options: &Options) -> RResult<RulesBox, PluginError>,
        #[sabi(last_prefix_field)]
        pub new_strategy: extern "C" fn(options: &Options) -> RResult<StrategyBox, PluginError>,
    }

    impl RootModule for PluginModRef {
        declare_root_module_statics! {PluginModRef}
        const BASE_NAME: &'static str = "tabula_plugin";
        const NAME: &'static str = "tabula_plugin";
        const VERSION_STRINGS: VersionStrings = VersionStrings::new("0.2.0");
    }
}

#[cfg(test)]
mod tests {
    use abi_stable::type_layout::TypeLayout;

    /// The fields of the first method table (prefix type) found in a
    /// layout: a trait object's methods, or the root module's fields.
    fn table_fields(object: &'static TypeLayout) -> Vec<String> {
        use abi_stable::type_layout::TLData;
        fn walk(layout: &'static TypeLayout, out: &mut Vec<String>) -> bool {
            match layout.data() {
                TLData::PrefixType(prefix) => {
                    out.extend(prefix.fields.iter().map(|f| f.name().to_string()));
                    true
                }
                // A `PrefixRef` names the table it points to as a phantom field.
                TLData::Struct { fields } => {
                    fields.iter().any(|f| walk(f.layout(), out))
                        || layout.phantom_fields().iter().any(|f| walk(f.layout(), out))
                }
                _ => false,
            }
        }
        let mut out = Vec::new();
        walk(object, &mut out);
        out
    }

    #[test]
    fn current_tables_extend_the_frozen_ones() {
        use abi_stable::StableAbi;
        let pairs: [(&'static TypeLayout, &'static TypeLayout); 3] = [
            (<super::v0_2_0::PositionBox as StableAbi>::LAYOUT, <crate::PositionBox as StableAbi>::LAYOUT),
            (<super::v0_2_0::RulesBox as StableAbi>::LAYOUT, <crate::RulesBox as StableAbi>::LAYOUT),
            (<super::v0_2_0::StrategyBox as StableAbi>::LAYOUT, <crate::StrategyBox as StableAbi>::LAYOUT),
        ];
        for (frozen, current) in pairs {
            let (frozen, current) = (table_fields(frozen), table_fields(current));
            assert!(!frozen.is_empty(), "no method table found");
            assert!(
                current.len() >= frozen.len() && current[..frozen.len()] == frozen[..],
                "the current methods {current:?} do not begin with the frozen {frozen:?}"
            );
        }
        let frozen = table_fields(<super::v0_2_0::PluginModRef as abi_stable::StableAbi>::LAYOUT);
        let current = table_fields(<crate::PluginModRef as abi_stable::StableAbi>::LAYOUT);
        assert_eq!(frozen, current[..frozen.len()], "the root module must only grow at its end");
    }
}
