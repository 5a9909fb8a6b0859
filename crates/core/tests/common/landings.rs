//! Shared by the position and bitboard tests: an independent count of a move list's
//! squares.

/// The squares a piece's move list reaches, counted with a set (independently of the
/// engine's own count): one per landing — destination, locust victims and unload square —
/// whatever promotion the move chooses; castling is no square reached.
pub fn squares_reached(list: &[fairyboard_core::Move]) -> usize {
    list.iter()
        .filter(|m| m.kind != fairyboard_core::MoveKind::Castle)
        .map(|m| (m.to, m.extra, m.unload))
        .collect::<std::collections::BTreeSet<_>>()
        .len()
}
