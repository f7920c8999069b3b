//! The byte-level facts of the `.lib` format that the reader and the
//! writer share: the header, the flag bits of a record and how a point is
//! written in one byte. Where each fact comes from is in `docs/renlib.md`.

use crate::rules::Point;

/// The first eight bytes of every file since RenLib 3.0: 0xFF, "RenLib",
/// 0xFF.
pub const MAGIC: [u8; 8] = [0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF];

/// Length of the header: the magic, the major and minor version, and ten
/// bytes RenLib fills with 0xFF and never reads.
pub const HEADER_LEN: usize = 20;

/// Where the major version byte sits in the header; the minor follows.
pub const VERSION_AT: usize = 8;

/// The newest file version known here (3.4, as RenLib 3.x writes it).
/// RenLib refuses files newer than the version it writes; so do we.
pub const NEWEST_VERSION: (u8, u8) = (3, 4);

/// The oldest files have no header and begin straight with the first
/// move, which was always the centre, h8.
pub const HEADERLESS_FIRST: u8 = 0x78;

/// Side of the board every `.lib` file is played on.
pub const BOARD_SIZE: u8 = 15;

/// Flag: another child of the same parent follows this node's subtree
/// (RenLib calls it "down": the reader remembers the branch point).
pub const HAS_SIBLING: u8 = 0x80;
/// Flag: the node has no children, so the next record is the sibling
/// announced last by [`HAS_SIBLING`] (RenLib calls it "right").
pub const LEAF: u8 = 0x40;
/// Flag: an old-style comment follows (7-bit text whose last byte has its
/// top bit set; only read, never written).
pub const OLD_COMMENT: u8 = 0x20;
/// Flag: the player marked this move.
pub const MARK: u8 = 0x10;
/// Flag: a comment follows, ended by a 0 byte and padded to an even
/// length.
pub const COMMENT: u8 = 0x08;
/// Flag: the library's start position.
pub const START: u8 = 0x04;
/// Flag: the node is no move, only a carrier for a board text at its
/// point.
pub const NO_MOVE: u8 = 0x02;
/// Flag: two more bytes of flags follow the record.
pub const EXTENSION: u8 = 0x01;

/// The flags a node keeps in the record tree; the rest are written from
/// its structure and texts.
pub const KEPT_FLAGS: u8 = MARK | START | NO_MOVE;

/// Extended flag (bit 8 of the flags, the low bit of the extension's
/// second byte): a board text follows the comment.
pub const BOARD_TEXT: u32 = 0x100;

/// Byte that separates a comment's one-line part from its multi-line part.
pub const COMMENT_SEPARATOR: u8 = 0x08;

/// True when `byte` may name a point: 0 (no point: the root or a pass)
/// or a column 1 to 15 in the low four bits and a row 0 to 14 in the high
/// four.
#[must_use]
pub fn valid_point_byte(byte: u8) -> bool {
    byte == 0 || (byte & 0x0F != 0 && byte >> 4 < BOARD_SIZE)
}

/// The point a non-zero byte names: column `low - 1`, row `high` from the
/// top, so h8 (the centre) is 0x78.
#[must_use]
pub fn point_of(byte: u8) -> Point {
    Point::new((byte & 0x0F) - 1, byte >> 4)
}

/// The byte for `p`, if it lies on the 15 × 15 board.
#[must_use]
pub fn byte_of(p: Point) -> Option<u8> {
    (p.x < BOARD_SIZE && p.y < BOARD_SIZE).then(|| (p.y << 4) | (p.x + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point_name;

    #[test]
    fn point_bytes_name_the_points_renlib_shows() {
        assert_eq!(point_name(point_of(0x78), 15), "h8");
        assert_eq!(point_name(point_of(0x01), 15), "a15");
        assert_eq!(point_name(point_of(0xEF), 15), "o1");
        for b in 0..=255u8 {
            if b != 0 && valid_point_byte(b) {
                assert_eq!(byte_of(point_of(b)), Some(b));
            }
        }
        assert!(!valid_point_byte(0x10));
        assert!(!valid_point_byte(0xF1));
        assert_eq!(byte_of(Point::new(15, 0)), None);
    }
}
