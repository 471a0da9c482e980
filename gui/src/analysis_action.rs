//! What a click in analysis mode asks for: the strip's buttons, the graph,
//! the Add engine dialog and the Engines dialog (apart from [`crate::analysis`], so the
//! window's list of actions does not depend on the analysis).

/// A click in the analysis strip or the Add engine dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisAction {
    /// Open or close the analysis strip (the key and the panel's button).
    Toggle,
    /// Close the strip (its own button).
    Close,
    /// The next analyser in the list.
    NextAnalyser,
    /// One line more (+1) or fewer (−1).
    Lines(i32),
    /// One ply deeper (+1) or shallower (−1).
    Depth(i32),
    /// The best move's arrow on or off.
    Arrow,
    /// Analyse every position of the game for the graph.
    Graph,
    /// Show the position after this many plies (a click on the graph).
    GraphPly(usize),
    /// Open the Add engine dialog.
    AddEngine,
    /// The dialog: type into field `usize`.
    Field(usize),
    /// The dialog: the next protocol.
    Protocol,
    /// The dialog: start the engine, and keep it when it answers.
    CheckEngine,
    /// The dialog: close without adding.
    CloseEngine,
    /// Open the Engines dialog (the added engines: edit, remove).
    Engines,
    /// The Engines dialog: edit the engine at this index.
    EditEngine(usize),
    /// The Engines dialog: ask to remove the engine at this index.
    RemoveEngine(usize),
    /// The Engines dialog: yes, remove the engine asked about.
    ConfirmRemove,
    /// The Engines dialog: no, keep it.
    KeepEngine,
    /// Close the Engines dialog.
    CloseEngines,
}
