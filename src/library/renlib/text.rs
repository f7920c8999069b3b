//! Comments and board texts between a file's bytes and the tree's
//! strings.
//!
//! A file's texts are in the Windows code page of the machine that wrote
//! them, which the file does not record, so the caller names it (Western
//! libraries are Windows-1252, Chinese ones GBK). A comment has a
//! one-line part and a multi-line part, split in the file by byte 8 and
//! in the tree by its first line break.

use super::format::COMMENT_SEPARATOR;
use encoding_rs::Encoding;

/// The tree's comment for a file's comment bytes.
#[must_use]
pub fn comment_from_bytes(bytes: &[u8], encoding: &'static Encoding) -> String {
    match bytes.iter().position(|&b| b == COMMENT_SEPARATOR) {
        Some(i) => format!(
            "{}\n{}",
            decode(&bytes[..i], encoding),
            decode(&bytes[i + 1..], encoding)
        ),
        None => decode(bytes, encoding),
    }
}

/// A board text's string.
#[must_use]
pub fn label_from_bytes(bytes: &[u8], encoding: &'static Encoding) -> String {
    decode(bytes, encoding)
}

fn decode(bytes: &[u8], encoding: &'static Encoding) -> String {
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

/// The file's bytes for a comment: the first line, byte 8 and the rest
/// when there is more than one line.
///
/// # Errors
/// Why the comment cannot be written: a 0 byte (it would end the text),
/// byte 8 in the first line (it would split it there), or a character
/// the code page lacks.
pub fn comment_to_bytes(text: &str, encoding: &'static Encoding) -> Result<Vec<u8>, String> {
    let (first, rest) = match text.split_once('\n') {
        Some((first, rest)) => (first, Some(rest)),
        None => (text, None),
    };
    if first.contains(char::from(COMMENT_SEPARATOR)) {
        return Err(
            "its first line holds the control character 8, which the file uses as a separator"
                .into(),
        );
    }
    let mut out = encode(first, encoding)?;
    if let Some(rest) = rest {
        out.push(COMMENT_SEPARATOR);
        out.extend(encode(rest, encoding)?);
    }
    Ok(out)
}

/// The file's bytes for a board text.
///
/// # Errors
/// As for [`comment_to_bytes`], except that byte 8 is allowed.
pub fn label_to_bytes(text: &str, encoding: &'static Encoding) -> Result<Vec<u8>, String> {
    encode(text, encoding)
}

fn encode(text: &str, encoding: &'static Encoding) -> Result<Vec<u8>, String> {
    if text.contains('\0') {
        return Err("it holds a 0 byte, which would end it early".into());
    }
    let (bytes, _, lossy) = encoding.encode(text);
    if lossy {
        let bad = text
            .chars()
            .find(|c| encoding.encode(&c.to_string()).2)
            .unwrap_or('?');
        return Err(format!("'{bad}' has no code in {}", encoding.name()));
    }
    Ok(bytes.into_owned())
}

/// The old comment format's 7-bit text as Windows-1252 bytes: the six
/// Swedish letters sat on the ASCII brackets, and the top bit only marked
/// the last byte.
#[must_use]
pub fn old_byte(byte: u8) -> u8 {
    match byte & 0x7F {
        b'}' => 0xE5,  // å
        b'{' => 0xE4,  // ä
        b'|' => 0xF6,  // ö
        b']' => 0xC5,  // Å
        b'[' => 0xC4,  // Ä
        b'\\' => 0xD6, // Ö
        b => b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{GBK, WINDOWS_1252};

    #[test]
    fn comments_split_at_the_first_line_break_both_ways() {
        let bytes = comment_to_bytes("Sure win\nblack plays\r\nj9", WINDOWS_1252).unwrap();
        assert_eq!(bytes, b"Sure win\x08black plays\r\nj9");
        assert_eq!(
            comment_from_bytes(&bytes, WINDOWS_1252),
            "Sure win\nblack plays\r\nj9"
        );
        assert_eq!(
            comment_to_bytes("one line", WINDOWS_1252).unwrap(),
            b"one line"
        );
        assert_eq!(
            comment_from_bytes(b"\x08only more", WINDOWS_1252),
            "\nonly more"
        );
    }

    #[test]
    fn code_pages_are_the_callers_choice_and_unwritable_text_is_named() {
        let gbk = comment_to_bytes("黑先胜", GBK).unwrap();
        assert_eq!(gbk.len(), 6);
        assert_eq!(comment_from_bytes(&gbk, GBK), "黑先胜");
        assert_eq!(comment_from_bytes(&[0x48, 0xE5, 0x6C], WINDOWS_1252), "Hål");
        let err = comment_to_bytes("黑", WINDOWS_1252).unwrap_err();
        assert!(err.contains('黑'), "{err}");
        assert!(comment_to_bytes("a\0b", WINDOWS_1252).is_err());
        assert!(comment_to_bytes("a\u{8}b", WINDOWS_1252).is_err());
        // After the separator, byte 8 is only a character.
        let later = comment_to_bytes("a\nb\u{8}c", WINDOWS_1252).unwrap();
        assert_eq!(comment_from_bytes(&later, WINDOWS_1252), "a\nb\u{8}c");
        assert_eq!(label_to_bytes("A", WINDOWS_1252).unwrap(), b"A");
    }

    #[test]
    fn old_comments_map_brackets_to_swedish_letters() {
        let bytes: Vec<u8> = b"Vit f|rlorar p} h{ll"
            .iter()
            .map(|&b| old_byte(b))
            .collect();
        assert_eq!(
            label_from_bytes(&bytes, WINDOWS_1252),
            "Vit förlorar på häll"
        );
        assert_eq!(old_byte(b'a' | 0x80), b'a');
    }
}
