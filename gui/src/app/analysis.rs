//! The window's side of analysis mode: its actions, the per-frame poll of
//! the analysers' channels, the strip under the board, the arrow, building
//! an added engine as an analyser, and the layout dump's `analysis` entry.
//! The engine dialogs are [`super::engines`]; the analysis itself is
//! [`crate::analysis`].

use rules_api::{PluginKind, PositionBox};
use sdl2::render::RenderTarget;
use tabula_core::plugins::{available_names, find_plugin, PluginDirs};
use tabula_core::protocols::settings::ProtocolSettings;

use super::App;
use crate::analysis::engines::{self, OPTIONS, PROTOCOLS};
use crate::analysis::strategy::StrategyBackend;
use crate::analysis::uci::EngineBackend;
use crate::analysis::worker::{Backend, Maker, Worker};
use crate::analysis::{draw, Analyser, AnalysisAction, MAX_DEPTH, MAX_LINES};
use crate::layout::Area;
use crate::paint::Painter;
use crate::{tr, GuiError};

/// The strategy the analysis starts with (the hint's).
fn default_strategy() -> &'static str {
    tabula_core::source::Level::Hard.strategy()
}

impl App {
    /// Whether the position on screen may be analysed: not in a game that
    /// hides information (the analyser would read the whole truth), nor a
    /// network game.
    fn may_analyse(&self) -> bool {
        self.game.viewer().is_none() && self.net.is_none() && !self.game.is_hidden()
    }

    pub(super) fn analysis_act(&mut self, action: AnalysisAction) {
        self.dirty = true;
        let a = &mut self.analysis;
        match action {
            AnalysisAction::Toggle | AnalysisAction::Close if a.open => {
                a.open = false;
                a.stop();
            }
            AnalysisAction::Close => {}
            AnalysisAction::Toggle => {
                if !self.may_analyse() {
                    return self.say(tr!("analysis-refused"), true);
                }
                self.analysis.analysers = self.analysers();
                let a = &mut self.analysis;
                if a.chosen >= a.analysers.len() {
                    a.chosen = 0;
                }
                a.open = true;
            }
            AnalysisAction::NextAnalyser => {
                a.chosen = (a.chosen + 1) % a.analysers.len().max(1);
                a.restart();
            }
            AnalysisAction::Lines(d) => a.want_lines = (a.want_lines as i32 + d).clamp(1, MAX_LINES as i32) as usize,
            AnalysisAction::Depth(d) => a.depth = (a.depth as i32 + d).clamp(1, MAX_DEPTH as i32) as u32,
            AnalysisAction::Arrow => a.arrow = !a.arrow,
            AnalysisAction::Graph => self.start_graph(),
            AnalysisAction::GraphPly(ply) => {
                let len = self.game.session.history().len();
                if ply >= len {
                    self.view_ply = None;
                } else {
                    self.show_ply(ply, false);
                }
            }
            other => self.engines_act(other),
        }
    }

    /// Tabula's strategies, then the added engines that play this game
    /// and can analyse (GTP and Gomocup engines only play).
    pub(super) fn analysers(&self) -> Vec<Analyser> {
        let dirs = self.plugin_dirs();
        let mut names = available_names(PluginKind::STRATEGY, &dirs);
        // The hint's strategy first: the one a player expects.
        names.sort_by_key(|n| n != default_strategy());
        let info = self.game.session.info();
        let variant = self.uci_variant();
        let engines =
            self.settings.engines.iter().filter(|e| {
                crate::saved_engines::analyses(e) && crate::saved_engines::plays(e, info, variant.as_deref())
            });
        names.into_iter().map(Analyser::Strategy).chain(engines.map(|e| Analyser::Engine(e.name.clone()))).collect()
    }

    fn plugin_dirs(&self) -> PluginDirs {
        let extra = self.game.extra_dirs().iter().cloned();
        PluginDirs::new(extra.chain(self.game.config.plugin_dirs(&[]).dirs().iter().cloned()))
    }

    /// The `UCI_Variant` this game's dialect tells a UCI engine, if any.
    fn uci_variant(&self) -> Option<String> {
        self.engine_presets().ok()?.into_iter().find(|(k, _)| k == "UCI_Variant").map(|(_, v)| v)
    }

    /// The options this game's UCI dialect sends an engine first.
    fn engine_presets(&self) -> Result<Vec<(String, String)>, String> {
        Ok(self.dialect()?.0)
    }

    /// The rank offset of this game's UCI dialect.
    fn rank_offset(&self) -> i32 {
        self.dialect().map_or(0, |d| d.1)
    }

    /// This game's UCI dialect: the options sent first, and the rank offset.
    fn dialect(&self) -> Result<(Vec<(String, String)>, i32), String> {
        let config = &self.game.config;
        let dirs = config.plugin_dirs(self.game.extra_dirs());
        let rules = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs)
            .map_err(|e| e.to_string())?;
        let dialect = ProtocolSettings::builtin().dialect(rules.name());
        let options = config.rules_options();
        let pairs =
            tabula_core::config::option_pairs(&dialect.engine_options, "engine_options").map_err(|e| e.to_string())?;
        let fill = |(k, v): (String, String)| {
            let v = tabula_core::protocols::variant_switch::fill_option_template(&v, &options, &rules);
            (k, v)
        };
        Ok((pairs.into_iter().map(fill).collect(), dialect.rank_offset))
    }

    /// What builds the chosen analyser on its thread.
    fn maker(&self) -> Maker {
        let players = self.game.session.info().players.len();
        match self.analysis.analyser().cloned() {
            Some(Analyser::Strategy(name)) => {
                let found = find_plugin(&name, PluginKind::STRATEGY, &self.plugin_dirs()).map_err(|e| e.to_string());
                Box::new(move || Ok(Box::new(StrategyBackend::new(&found?, players)?) as Box<dyn Backend>))
            }
            Some(Analyser::Engine(name)) => {
                let engine = self.settings.engines.iter().find(|e| e.name == name).cloned();
                let presets = self.engine_presets().unwrap_or_default();
                let offset = self.rank_offset();
                Box::new(move || {
                    let engine = engine.ok_or_else(|| format!("no engine named {name}"))?;
                    let mut options = presets;
                    options.extend(engine.option_pairs()?);
                    Ok(Box::new(EngineBackend::new(&engine.spec()?, &options, offset)?) as Box<dyn Backend>)
                })
            }
            None => Box::new(|| Err(tr!("analysis-none"))),
        }
    }

    /// Once per frame: the shown position's analysis starts or goes on,
    /// the graph fills, and the engine dialog's check is collected.
    pub(super) fn tick_analysis(&mut self) {
        self.tick_engine_form();
        if !self.analysis.open {
            return;
        }
        let ply = self.view_ply.unwrap_or(self.game.session.history().len());
        let generation = self.game.generation;
        if !self.analysis.is_current(generation, ply) && !self.analysis.analysers.is_empty() {
            let position = self.shown_position();
            let make = self.maker();
            let name = self.analysis.analyser().map(|a| a.label()).unwrap_or_default();
            self.analysis.start(generation, ply, position, || Worker::start(&name, make));
            self.dirty = true;
        }
        let (game, view) = (&self.game, self.view_ply);
        let shown = || view.map_or_else(|| game.session.position().clone(), |ply| game.position_at(ply));
        self.dirty |= self.analysis.poll(shown, game.session.info());
        self.dirty |= self.analysis.poll_graph();
    }

    /// Every position of the game, analysed one after another for the graph.
    fn start_graph(&mut self) {
        if !self.analysis.open || self.analysis.analysers.is_empty() {
            return;
        }
        let len = self.game.session.history().len();
        let positions: Vec<PositionBox> = (0..=len).map(|ply| self.game.position_at(ply)).collect();
        let make = self.maker();
        let generation = self.game.generation;
        self.analysis.start_graph(generation, positions, || Worker::start("graph", make));
    }

    /// A new game replaces the one analysed: the analysers stop, the graph
    /// empties, and the list of analysers follows the new game.
    pub(super) fn analysis_new_game(&mut self) {
        self.analysis.stop();
        self.analysis.graph.clear();
        if self.analysis.open {
            self.analysis.analysers = self.analysers();
            self.analysis.chosen = self.analysis.chosen.min(self.analysis.analysers.len().saturating_sub(1));
        }
    }

    /// The board's area less the strip, and the strip's area, when open.
    pub(super) fn analysis_area(&self, board_area: &mut Area) -> Option<Area> {
        if !self.analysis.open {
            return None;
        }
        let h = draw::height(self.window.px).min(board_area.h * 0.5);
        board_area.h -= h;
        Some(Area { x: board_area.x, y: board_area.y + board_area.h, w: board_area.w, h })
    }

    /// The strip, and the best move's arrow on the board.
    pub(super) fn draw_analysis<T: RenderTarget>(&mut self, p: &mut Painter<T>, strip: Area) -> Result<(), GuiError> {
        let ply = self.view_ply.unwrap_or(self.game.session.history().len());
        draw::draw_strip(p, &mut self.hits, &self.analysis, strip, (ply, self.hover, self.window.px))?;
        self.arrow_at = None;
        let best = self.analysis.lines.first().and_then(|l| l.pv.first().copied());
        if let (true, Some(m), Some(layout), Some(board)) = (self.analysis.arrow, best, &self.layout, &self.board) {
            self.arrow_at = draw::paint_arrow(p, layout, &board.board.geometry, m)?;
        }
        Ok(())
    }

    /// The layout dump's `analysis` entry: whether it is open, the
    /// analyser, the lines as shown, the arrow's ends, the graph, and the
    /// Add engine dialog.
    pub(super) fn analysis_dump(&self) -> serde_json::Value {
        let a = &self.analysis;
        let form = a.form.as_ref().map(|f| {
            serde_json::json!({
                "fields": f.fields, "protocol": PROTOCOLS[f.protocol], "focus": f.focus,
                "checking": f.checking(), "error": f.error, "editing": f.editing,
            })
        });
        serde_json::json!({
            "open": a.open,
            "analyser": a.analyser().map(|an| an.label()),
            "analysers": a.analysers.iter().map(|an| an.label()).collect::<Vec<_>>(),
            "lines": a.texts, "depth": a.lines.first().map(|l| l.depth), "done": a.done, "note": a.note,
            "want": a.want_lines, "max_depth": a.depth,
            "arrow": self.arrow_at.map(|[f, t]| [f.0.round(), f.1.round(), t.0.round(), t.1.round()]),
            "graph": a.graph.iter().map(|s| s.map(draw::graph_share)).collect::<Vec<_>>(),
            "graph_running": a.graph_running(),
            "engines": self.settings.engines.iter().map(|e| e.name.clone()).collect::<Vec<_>>(),
            "form": form,
            "manage": self.engines_dump(),
        })
    }

    /// The layout dump's buttons of the strip and the dialog, by name.
    pub(super) fn analysis_buttons(&self) -> Vec<(String, crate::controls::Action)> {
        use crate::controls::Action::Analysis as A;
        let mut list = vec![
            ("analysis-next".to_string(), A(AnalysisAction::NextAnalyser)),
            ("analysis-lines+".into(), A(AnalysisAction::Lines(1))),
            ("analysis-lines-".into(), A(AnalysisAction::Lines(-1))),
            ("analysis-depth+".into(), A(AnalysisAction::Depth(1))),
            ("analysis-depth-".into(), A(AnalysisAction::Depth(-1))),
            ("analysis-arrow".into(), A(AnalysisAction::Arrow)),
            ("analysis-game".into(), A(AnalysisAction::Graph)),
            ("analysis-add-engine".into(), A(AnalysisAction::AddEngine)),
            ("analysis-engines".into(), A(AnalysisAction::Engines)),
            ("analysis-close".into(), A(AnalysisAction::Close)),
            ("engine-protocol".into(), A(AnalysisAction::Protocol)),
            ("engine-add".into(), A(AnalysisAction::CheckEngine)),
            ("engine-cancel".into(), A(AnalysisAction::CloseEngine)),
            ("engine-name".into(), A(AnalysisAction::Field(engines::NAME))),
            ("engine-path".into(), A(AnalysisAction::Field(engines::PATH))),
            ("engine-options".into(), A(AnalysisAction::Field(OPTIONS))),
        ];
        list.extend((0..self.analysis.graph.len()).map(|p| (format!("graph:{p}"), A(AnalysisAction::GraphPly(p)))));
        list.extend(self.engines_buttons());
        list
    }
}
