//! Attack queries: whether a square is attacked, check, and royal danger as the
//! variant's royalty rule defines it. The closed-form answers come from the attack table
//! ([`super::attack`]); the rest asks the generator.

use crate::position::moves::{MoveKind, MoveList};
use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{cell_color, cell_type, is_piece, Color, EMPTY};

impl Position {
    /// Whether the piece on `from` could capture on `target` in this position.
    pub(super) fn piece_captures(&self, from: Square, target: Square) -> bool {
        let c = self.board[from];
        if !is_piece(c) {
            return false;
        }
        let mut list = MoveList::new();
        self.piece_moves_with_repeats(from, cell_type(c), cell_color(c), &mut list);
        list.iter().any(|m| {
            m.kind != MoveKind::Castle
                && (m.to() == target || m.locust().iter().any(|&v| Square::unpack(v) == target))
        })
    }

    /// Whether a piece of `by` attacks `target` (could capture a royal standing there).
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        self.attack_candidates(&[target], by)
            .any(|s| match self.table_attack(s, by, target) {
                Some(hit) => hit,
                None => self.piece_captures(s, target),
            })
    }

    /// Whether the piece of `by` on `from` attacks `target` (could capture a royal there),
    /// as far as the attack table tells: `None` when only running the piece's generator
    /// can (locust stops, initial-only captures, borrowed moves). The cheap question an
    /// evaluation asks of many squares (a royal's surroundings).
    #[inline]
    pub fn table_attack(&self, from: Square, by: Color, target: Square) -> Option<bool> {
        let board = &self.board;
        let t = cell_type(board[from]);
        let diff = target - from;
        let table = &self.variant.attack[t][by.index()];
        table.hits(table.get(diff), from, target, |sq| board[sq] == EMPTY)
    }

    /// Whether `by` attacks `target` once the piece on `lifted` has gone (a royal moving
    /// there). `None` when some attack can only be judged by playing the move.
    pub(super) fn attacked_without(
        &self,
        target: Square,
        by: Color,
        lifted: Square,
    ) -> Option<bool> {
        let v = &*self.variant;
        let board = &self.board;
        let empty = |sq: Square| sq == lifted || board[sq] == EMPTY;
        for s in self.attack_candidates(&[target], by) {
            if s == target {
                // Captured by the move.
                continue;
            }
            let t = cell_type(board[s]);
            let table = &v.attack[t][by.index()];
            if table.hits(table.get(target - s), s, target, empty)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Whether the side to move is in check: a royal under attack, or with several
    /// royals of which one may be lost (Spartan Chess's two kings), all of them at once
    /// (duple check): the danger a legal move must not leave, judged the same with or
    /// without the rules layer.
    pub fn in_check(&self) -> bool {
        if !self.variant.plain_rules {
            return self
                .royal_danger_ruled_kept(self.side)
                .unwrap_or_else(|| self.clone().royal_danger_ruled(self.side));
        }
        self.royal_danger(self.side)
    }

    /// [`in_check`](Self::in_check), for a caller that can lend the position mutably: the
    /// rules layer then tries the enemy's captures on the position itself (restoring it)
    /// instead of on a copy, which in a game like atomic, where a capture may cost its
    /// maker a royal, is most of the question's cost.
    pub fn in_check_in_place(&mut self) -> bool {
        if self.variant.plain_rules {
            return self.royal_danger(self.side);
        }
        match self.royal_danger_ruled_kept(self.side) {
            Some(danger) => danger,
            None => self.royal_danger_ruled(self.side),
        }
    }

    /// After `color` moved: does the move leave it in royal danger?
    pub(crate) fn royal_danger(&self, color: Color) -> bool {
        let royals = &self.royals[color.index()];
        if royals.is_empty() {
            // Extinction royalty: having lost every royal is not something a move can
            // avoid by being illegal; the game is over.
            return false;
        }
        let them = color.flip();
        if self.variant.any_royal_loses {
            royals.iter().any(|&r| self.is_attacked(r, them))
        } else {
            royals.iter().all(|&r| self.is_attacked(r, them))
        }
    }
}
