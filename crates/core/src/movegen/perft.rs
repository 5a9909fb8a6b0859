//! Perft: count leaf nodes of the legal move tree, the standard test of a move generator.
//! The last ply is counted in bulk (the number of legal moves), as Fairy-Stockfish does.

use crate::position::moves::MoveList;
use crate::position::Position;

/// Leaf nodes at `depth` plies.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..depth.max(1))
        .map(|_| MoveList::with_capacity(256))
        .collect();
    recurse(pos, depth, &mut lists)
}

fn recurse(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    if depth == 1 {
        return pos.count_legal(list) as u64;
    }
    pos.legal_moves_into(list);
    let mut nodes = 0;
    for m in list.iter() {
        let undo = pos.make(m);
        nodes += recurse(pos, depth - 1, rest);
        pos.unmake(m, undo);
    }
    nodes
}

/// Per root move (in coordinate notation, sorted): the leaf count below it.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let variant = pos.variant().clone();
    let mut out: Vec<(String, u64)> = list
        .iter()
        .map(|m| {
            let undo = pos.make(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake(m, undo);
            (variant.uci(m), n)
        })
        .collect();
    out.sort();
    out
}
