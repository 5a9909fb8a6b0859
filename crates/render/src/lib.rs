//! Drawing fairyboard: Fairy-FEN diagrams as SVG and PNG, generated rules pages.
