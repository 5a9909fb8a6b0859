//! Perft: count leaf nodes of the legal move tree, the standard test of a move generator.
//! The last ply is counted in bulk (the number of legal moves), as Fairy-Stockfish does.

//!
//! [`perft`] counts without bound (the command line's own process); [`perft_within`] stops
//! once the count passes a budget, for requests from outside (UCI `go perft`, the
//! WebAssembly module), where the depth alone does not bound the work: chess has 3.2 billion
//! paths at depth 7, a large variant as many at depth 5.
//!
//! ```
//! # use std::sync::Arc;
//! # use fairyboard_core::{catalogue, perft, Position};
//! let mut pos = Position::start(catalogue::load("chess").unwrap());
//! assert_eq!(perft::perft_within(&mut pos, 2, 1_000), Ok(400));
//! let e = perft::perft_within(&mut pos, 3, 1_000).unwrap_err();
//! assert!(e.to_string().ends_with("over the limit of 1000"));
//! ```

use crate::limits::LimitError;
use crate::position::moves::MoveList;
use crate::position::Position;

/// What a perft past its budget reports: the count when it stopped, not the full count.
const PAST_BUDGET: &str = "perft move paths (counted before stopping)";

/// Leaf nodes at `depth` plies.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut lists = lists(depth);
    recurse(pos, depth, &mut lists, u64::MAX).unwrap_or(u64::MAX)
}

/// Leaf nodes at `depth` plies, or an error as soon as more than `budget` have been
/// counted (the position is left as it was either way). The count is the work measure:
/// with the last ply counted in bulk, the positions visited are fewer than the paths
/// counted whenever positions have two moves or more.
pub fn perft_within(pos: &mut Position, depth: u32, budget: u64) -> Result<u64, LimitError> {
    let mut lists = lists(depth);
    recurse(pos, depth, &mut lists, budget).map_err(|found| LimitError {
        what: PAST_BUDGET,
        found,
        limit: budget,
    })
}

fn lists(depth: u32) -> Vec<MoveList> {
    (0..depth.max(1))
        .map(|_| MoveList::with_capacity(256))
        .collect()
}

/// The count below `pos`, or `Err(count so far)` once it passes `budget`.
fn recurse(
    pos: &mut Position,
    depth: u32,
    lists: &mut [MoveList],
    budget: u64,
) -> Result<u64, u64> {
    let within = |n: u64| if n > budget { Err(n) } else { Ok(n) };
    if depth == 0 {
        return within(1);
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    if depth == 1 {
        return within(pos.count_legal(list) as u64);
    }
    pos.legal_moves_into(list);
    let mut nodes: u64 = 0;
    for m in list.iter() {
        let undo = pos.make(m);
        let below = recurse(pos, depth - 1, rest, budget - nodes);
        pos.unmake(m, undo);
        nodes = nodes.saturating_add(below.map_err(|n| nodes.saturating_add(n))?);
        if nodes > budget {
            return Err(nodes);
        }
    }
    Ok(nodes)
}

/// Per root move (in coordinate notation, sorted): the leaf count below it.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    divide_within(pos, depth, u64::MAX).unwrap_or_default()
}

/// [`divide`] under a budget shared by all root moves, as [`perft_within`]: an error once
/// more than `budget` paths have been counted in all.
pub fn divide_within(
    pos: &mut Position,
    depth: u32,
    budget: u64,
) -> Result<Vec<(String, u64)>, LimitError> {
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let variant = pos.variant().clone();
    let mut out = Vec::with_capacity(list.len());
    let mut total: u64 = 0;
    for m in list.iter() {
        let undo = pos.make(m);
        let n = if depth <= 1 {
            Ok(1)
        } else {
            perft_within(pos, depth - 1, budget - total)
        };
        pos.unmake(m, undo);
        let n = n.map_err(|e| LimitError {
            found: total.saturating_add(e.found),
            limit: budget,
            ..e
        })?;
        total += n;
        if total > budget {
            return Err(LimitError {
                what: PAST_BUDGET,
                found: total,
                limit: budget,
            });
        }
        out.push((variant.uci(m), n));
    }
    out.sort();
    Ok(out)
}
