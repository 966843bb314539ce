//! A file's bytes as text: UTF-8, or UTF-16 (little or big endian) with its byte order mark, as Chummer writes
//! its files on Windows; UTF-16 without a mark is recognised by its zero bytes.

/// Bytes that are not text in the encoding they were read in (by its name, as the WHATWG encodings name it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not text: bytes that are not {encoding}")]
pub(super) struct NotText {
    encoding: &'static str,
}

/// The text of `bytes`, or why it is not text.
pub(super) fn decode(bytes: &[u8]) -> Result<String, NotText> {
    let encoding = match encoding_rs::Encoding::for_bom(bytes) {
        Some((encoding, _)) => encoding,
        None if bytes.len() >= 2 && bytes[0] != 0 && bytes[1] == 0 => encoding_rs::UTF_16LE,
        None if bytes.len() >= 2 && bytes[0] == 0 && bytes[1] != 0 => encoding_rs::UTF_16BE,
        None => encoding_rs::UTF_8,
    };
    // `decode` takes a byte order mark off (and follows it over the encoding guessed).
    let (text, used, malformed) = encoding.decode(bytes);
    match malformed {
        true => Err(NotText { encoding: used.name() }),
        false => Ok(text.into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, little: bool, bom: bool) -> Vec<u8> {
        let mut out = Vec::new();
        let units = if bom { vec![0xFEFF] } else { Vec::new() };
        for u in units.into_iter().chain(text.encode_utf16()) {
            out.extend(if little { u.to_le_bytes() } else { u.to_be_bytes() });
        }
        out
    }

    #[test]
    fn utf8_and_utf16_either_way_with_or_without_a_mark_read_alike() {
        let text = "<character><name>Zoë</name></character>";
        assert_eq!(decode(text.as_bytes()).unwrap(), text);
        assert_eq!(decode(&[b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat()).unwrap(), text);
        for (little, bom) in [(true, true), (false, true), (true, false), (false, false)] {
            assert_eq!(decode(&utf16(text, little, bom)).unwrap(), text, "little {little}, mark {bom}");
        }
    }

    #[test]
    fn bytes_that_are_no_text_are_said() {
        let e = decode(b"<a>\xFF\xFE\xFD</a>").unwrap_err();
        assert_eq!(e.to_string(), "not text: bytes that are not UTF-8");
    }
}
