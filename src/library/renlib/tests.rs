//! `.lib` files built here byte by byte from the format's description,
//! read, checked and written back; random trees written and read back;
//! random bytes read without a panic.

use super::format::{
    BOARD_TEXT, COMMENT, EXTENSION, HAS_SIBLING, LEAF, MAGIC, MARK, NO_MOVE, OLD_COMMENT, START,
};
use super::*;
use crate::rules::{parse_point, Board, GameTree, Point, Stone};
use encoding_rs::{GBK, WINDOWS_1252};
use proptest::prelude::*;

fn header(major: u8, minor: u8) -> Vec<u8> {
    let mut h = MAGIC.to_vec();
    h.extend([major, minor]);
    h.resize(20, 0xFF);
    h
}

/// A text as the file holds it: the bytes, a 0, and another 0 when that
/// leaves an odd length.
fn text(bytes: &[u8]) -> Vec<u8> {
    let mut t = bytes.to_vec();
    t.push(0);
    if t.len() % 2 == 1 {
        t.push(0);
    }
    t
}

fn pt(name: &str) -> Point {
    parse_point(name, 15).unwrap()
}

/// Root "Kansei study"; h8; under it h9 (marked, a two-part comment,
/// board text "A") and i9 (the start position), and a board text "B" on
/// j10 with no move; under h9 the move h10, and a pass answered by i8.
fn study() -> Vec<u8> {
    let ext = [0u8, (BOARD_TEXT >> 8) as u8];
    let mut f = header(3, 4);
    f.extend([0x00, COMMENT]);
    f.extend(text(b"Kansei study"));
    f.extend([0x78, 0]);
    f.extend([0x68, HAS_SIBLING | MARK | COMMENT | EXTENSION]);
    f.extend(ext);
    f.extend(text(b"direct\x08White's best"));
    f.extend(text(b"A"));
    f.extend([0x58, HAS_SIBLING | LEAF]);
    f.extend([0x00, 0]);
    f.extend([0x79, LEAF]);
    f.extend([0x69, HAS_SIBLING | LEAF | START]);
    f.extend([0x5A, NO_MOVE | LEAF | EXTENSION]);
    f.extend(ext);
    f.extend(text(b"B"));
    f
}

#[test]
fn a_library_is_read_into_the_tree_with_comments_marks_and_labels() {
    let lib = read(&study(), DEFAULT_ENCODING).unwrap();
    assert_eq!(lib.version, Some((3, 4)));
    let t = &lib.tree;
    assert_eq!(t.root().comment, "Kansei study");
    assert_eq!(
        t.moves_to(&[0, 0, 0]),
        Some(vec![pt("h8"), pt("h9"), pt("h10")])
    );
    assert_eq!(t.moves_to(&[0, 1]), Some(vec![pt("h8"), pt("i9")]));
    let h8 = t.node(&[0]).unwrap();
    assert_eq!(h8.children().len(), 2);
    assert_eq!(
        h8.marks.labels(),
        &[(pt("h9"), "A".to_string()), (pt("j10"), "B".to_string())]
    );
    let h9 = t.node(&[0, 0]).unwrap();
    assert_eq!(h9.comment, "direct\nWhite's best");
    assert!(h9.marks.marked && !h9.marks.start);
    let i9 = t.node(&[0, 1]).unwrap();
    assert!(i9.marks.start && !i9.marks.marked);
    assert_eq!(t.move_count(), 4);
    // The pass and its answer are kept aside, under h9.
    assert_eq!(lib.set_aside.len(), 1);
    let pass = &lib.set_aside[0];
    assert_eq!(
        (pass.parent(), pass.kind(), pass.moves()),
        (&[0, 0][..], SetAsideKind::Pass, 2)
    );
}

#[test]
fn a_library_written_back_is_the_same_file() {
    let bytes = study();
    let lib = read(&bytes, DEFAULT_ENCODING).unwrap();
    let written = write(&lib.tree, &lib.set_aside, DEFAULT_ENCODING).unwrap();
    assert_eq!(written, bytes);
    // Without the set-aside branch, only the pass line is missing.
    let without = read(
        &write(&lib.tree, &[], DEFAULT_ENCODING).unwrap(),
        DEFAULT_ENCODING,
    )
    .unwrap();
    assert_eq!(without.tree, lib.tree);
    assert!(without.set_aside.is_empty());
}

#[test]
fn old_files_and_old_comments_are_read() {
    // Version 3.0: no root record, h8 first, an old-style comment whose
    // last byte carries the top bit ("Bra", "ä" written as '{').
    let mut f = header(3, 0);
    f.extend([0x78, OLD_COMMENT]);
    f.extend([b'B', b'r', b'{', b'a' | 0x80]);
    f.extend([0x68, LEAF]);
    let lib = read(&f, DEFAULT_ENCODING).unwrap();
    assert_eq!(lib.version, Some((3, 0)));
    assert_eq!(lib.tree.node(&[0]).unwrap().comment, "Bräa");
    assert_eq!(lib.tree.moves_to(&[0, 0]), Some(vec![pt("h8"), pt("h9")]));
    // The oldest files have no header at all.
    let bare = read(&[0x78, 0, 0x68, LEAF], DEFAULT_ENCODING).unwrap();
    assert_eq!(bare.version, None);
    assert_eq!(bare.tree.moves_to(&[0, 0]), Some(vec![pt("h8"), pt("h9")]));
    // Written back, they are version 3.4 files with the same tree.
    let again = read(
        &write(&lib.tree, &[], DEFAULT_ENCODING).unwrap(),
        DEFAULT_ENCODING,
    )
    .unwrap();
    assert_eq!(again.version, Some((3, 4)));
    assert_eq!(again.tree, lib.tree);
}

#[test]
fn repeated_moves_merge_and_siblings_left_open_are_forgiven() {
    // h8, then h9 twice under it (first marked with a comment, then with
    // another comment), then a sibling announced but never written.
    let mut f = header(3, 4);
    f.extend([0x00, 0]);
    f.extend([0x78, 0]);
    f.extend([0x68, MARK | COMMENT | HAS_SIBLING | LEAF]);
    f.extend(text(b"first"));
    f.extend([0x68, COMMENT | HAS_SIBLING | LEAF]);
    f.extend(text(b"again"));
    let lib = read(&f, DEFAULT_ENCODING).unwrap();
    let h8 = lib.tree.node(&[0]).unwrap();
    assert_eq!(h8.children().len(), 1);
    assert_eq!(h8.children()[0].comment, "first\r\nagain");
    assert!(h8.children()[0].marks.marked);
}

#[test]
fn chinese_comments_travel_in_gbk() {
    let mut tree = GameTree::new(Board::standard(), Stone::Black);
    tree.add_or_follow(&[], pt("h8"));
    tree.node_mut(&[0]).unwrap().comment = "花月\n黑先必胜".into();
    tree.node_mut(&[]).unwrap().marks.set_label(pt("h8"), "一");
    let bytes = write(&tree, &[], GBK).unwrap();
    let back = read(&bytes, GBK).unwrap();
    assert_eq!(back.tree, tree);
    assert_eq!(
        write(&tree, &[], WINDOWS_1252),
        Err(WriteError::Text {
            path: vec![0],
            what: "comment",
            reason: "'花' has no code in windows-1252".into()
        })
    );
}

#[test]
fn what_a_file_cannot_hold_is_refused_by_name() {
    let mut setup = Board::standard();
    setup.place(pt("h8"), Stone::Black).unwrap();
    let tree = GameTree::new(setup, Stone::White);
    assert_eq!(
        write(&tree, &[], DEFAULT_ENCODING),
        Err(WriteError::NotEmptyStart)
    );
    let big = GameTree::new(Board::new(20).unwrap(), Stone::Black);
    assert_eq!(
        write(&big, &[], DEFAULT_ENCODING),
        Err(WriteError::NotEmptyStart)
    );
    let mut nul = GameTree::new(Board::standard(), Stone::Black);
    nul.node_mut(&[]).unwrap().comment = "a\0b".into();
    assert!(matches!(
        write(&nul, &[], DEFAULT_ENCODING),
        Err(WriteError::Text {
            what: "comment",
            ..
        })
    ));
    let lib = read(&study(), DEFAULT_ENCODING).unwrap();
    let bare = GameTree::new(Board::standard(), Stone::Black);
    assert_eq!(
        write(&bare, &lib.set_aside, DEFAULT_ENCODING),
        Err(WriteError::NoSuchParent { path: vec![0, 0] })
    );
}

#[test]
fn malformed_files_name_the_byte_and_what_was_expected() {
    let case = |bytes: &[u8]| read(bytes, DEFAULT_ENCODING).unwrap_err();
    assert!(matches!(case(b"GIF89a"), ReadError::NotRenLib { .. }));
    assert!(matches!(case(b""), ReadError::NotRenLib { .. }));
    assert_eq!(case(&MAGIC[..5]), ReadError::ShortHeader { len: 5 });
    assert_eq!(
        case(&header(3, 5)),
        ReadError::TooNew { major: 3, minor: 5 }
    );

    let body = |records: &[u8]| {
        let mut f = header(3, 4);
        f.extend(records);
        f
    };
    assert_eq!(case(&body(&[0, 0, 0x78])), ReadError::OddLength { at: 22 });
    assert_eq!(
        case(&body(&[0, 0, 0xF1, 0])),
        ReadError::BadPoint { at: 22, byte: 0xF1 }
    );
    assert_eq!(
        case(&body(&[0, 0, 0x30, 0])),
        ReadError::BadPoint { at: 22, byte: 0x30 }
    );
    assert_eq!(
        case(&body(&[0x78, EXTENSION])),
        ReadError::CutExtension { at: 20 }
    );
    assert_eq!(
        case(&body(&[0x78, COMMENT, b'a', b'b', b'c'])),
        ReadError::UnendedText {
            at: 22,
            what: "comment"
        }
    );
    assert_eq!(
        case(&body(&[0x78, EXTENSION, 0, 1, b'x', b'y'])),
        ReadError::UnendedText {
            at: 24,
            what: "board text"
        }
    );
    // h8, h9, then h8 again in the same line.
    assert_eq!(
        case(&body(&[0x78, 0, 0x68, 0, 0x78, LEAF])),
        ReadError::Occupied {
            at: 24,
            point: "h8".into()
        }
    );
    let message = case(&body(&[0, 0, 0xF1, 0])).to_string();
    assert!(
        message.starts_with("byte 22: 0xf1 is not a point"),
        "{message}"
    );
}

#[test]
fn set_aside_branches_come_back_in_tree_order_and_old_texts_lose_their_zeros() {
    // A board-text carrier with a pass under it (set aside at the root),
    // then b15 with a pass under it (set aside at b15): written back, the
    // carrier comes after b15, yet both read the same.
    let mut f = header(3, 4);
    f.extend([0x01, HAS_SIBLING | NO_MOVE]);
    f.extend([0x00, LEAF]);
    f.extend([0x02, MARK | START]);
    f.extend([0x00, OLD_COMMENT]);
    // An old text with a 0 in it, which today's form could not hold.
    f.extend([b'o', 0, b'k' | 0x80, 0]);
    let lib = read(&f, DEFAULT_ENCODING).unwrap();
    let kinds: Vec<_> = lib
        .set_aside
        .iter()
        .map(|s| (s.parent().to_vec(), s.kind()))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (vec![], SetAsideKind::NoMove),
            (vec![0], SetAsideKind::Pass)
        ]
    );
    let again = write(&lib.tree, &lib.set_aside, DEFAULT_ENCODING).unwrap();
    assert_eq!(read(&again, DEFAULT_ENCODING).unwrap(), lib);
}

/// A random tree: each step adds a move under some node (when the point
/// is free in that line), with a comment, marks and maybe a label.
fn arb_tree() -> impl Strategy<Value = GameTree> {
    let step = (
        any::<u16>(),
        0u8..15,
        0u8..15,
        "[a-zA-Z0-9 åäöÅÄÖé.,!?\r\n]{0,12}",
        any::<bool>(),
        any::<bool>(),
        proptest::option::of((0u8..15, 0u8..15, "[A-Za-z0-9åé]{1,3}")),
    );
    (proptest::collection::vec(step, 0..40), "[a-z \n]{0,8}").prop_map(|(steps, root_comment)| {
        let mut tree = GameTree::new(Board::standard(), Stone::Black);
        tree.node_mut(&[]).unwrap().comment = root_comment;
        for (pick, x, y, comment, marked, start, label) in steps {
            let paths = tree.paths();
            let parent = &paths[usize::from(pick) % paths.len()];
            let p = Point::new(x, y);
            let line = tree.moves_to(parent).unwrap();
            if line.contains(&p) {
                continue;
            }
            let i = tree.add_or_follow(parent, p).unwrap();
            let mut path = parent.clone();
            path.push(i);
            let node = tree.node_mut(&path).unwrap();
            node.comment = comment;
            node.marks.marked = marked;
            node.marks.start = start;
            if let Some((lx, ly, text)) = label {
                tree.node_mut(parent)
                    .unwrap()
                    .marks
                    .set_label(Point::new(lx, ly), text);
            }
        }
        for path in tree.paths() {
            tree.select_child(&path, 0);
        }
        tree
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_trees_written_and_read_back_are_the_same(tree in arb_tree()) {
        let bytes = write(&tree, &[], DEFAULT_ENCODING).unwrap();
        let back = read(&bytes, DEFAULT_ENCODING).unwrap();
        prop_assert_eq!(&back.tree, &tree);
        prop_assert!(back.set_aside.is_empty());
        prop_assert_eq!(write(&back.tree, &[], DEFAULT_ENCODING).unwrap(), bytes);
    }

    #[test]
    fn random_bytes_never_panic_and_what_reads_writes_back(
        body in proptest::collection::vec(any::<u8>(), 0..300),
        with_header in any::<bool>(),
    ) {
        let mut bytes = if with_header { header(3, 4) } else { Vec::new() };
        bytes.extend(&body);
        if let Ok(lib) = read(&bytes, DEFAULT_ENCODING) {
            let again = write(&lib.tree, &lib.set_aside, DEFAULT_ENCODING).unwrap();
            let back = read(&again, DEFAULT_ENCODING).unwrap();
            prop_assert_eq!(back.tree, lib.tree);
            prop_assert_eq!(back.set_aside, lib.set_aside);
        }
    }

    /// Well-formed records in random shapes (any flags, passes, board
    /// texts, old comments, points repeated), most of which read.
    #[test]
    fn random_shapes_read_and_write_back_whole(
        records in proptest::collection::vec(
            (0u8..=0xEF, any::<u8>(), any::<u8>(), proptest::collection::vec(1u8..=255, 0..5)),
            0..60,
        ),
    ) {
        let mut bytes = header(3, 4);
        for (pos, info, ext_hi, words) in records {
            let pos = if super::format::valid_point_byte(pos) { pos } else { 0 };
            bytes.extend([pos, info]);
            if info & EXTENSION != 0 {
                bytes.extend([ext_hi, ext_hi & 0x01]);
            }
            if info & OLD_COMMENT != 0 {
                let mut old: Vec<u8> = words.iter().map(|b| b & 0x7F).collect();
                old.push(b'.' | 0x80);
                if old.len() % 2 == 1 {
                    old.push(0);
                }
                bytes.extend(old);
            } else if info & COMMENT != 0 {
                bytes.extend(text(&words));
            }
            if info & EXTENSION != 0 && ext_hi & 0x01 != 0 {
                bytes.extend(text(&words));
            }
        }
        match read(&bytes, DEFAULT_ENCODING) {
            Ok(lib) => {
                let again = write(&lib.tree, &lib.set_aside, DEFAULT_ENCODING).unwrap();
                let back = read(&again, DEFAULT_ENCODING).unwrap();
                prop_assert_eq!(back.tree, lib.tree);
                prop_assert_eq!(back.set_aside, lib.set_aside);
            }
            // The only way well-formed records fail: a move repeated in
            // its own line.
            Err(e) => prop_assert!(matches!(e, ReadError::Occupied { .. }), "{}", e),
        }
    }
}
