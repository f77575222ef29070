//! Source decoding as the languages' own tools do it.
//!
//! * Python (PEP 263, as CPython's tokenizer): a UTF-8 BOM, else a coding declaration
//!   (`# -*- coding: latin-1 -*-`, `# vim: set fileencoding=koi8-r :`) in a comment on line 1,
//!   or on line 2 when line 1 is blank or a comment; else UTF-8. A BOM with a declaration of
//!   another encoding is an error, as in CPython. Codec names and aliases are Python's
//!   (`latin-1`, `utf8`, `euc_jp`, `iso-8859-15`, `cp1252`, `koi8-r`, ...), see [`python_codec`].
//! * Rust: UTF-8 (a BOM is skipped), nothing else.
//! * Either: a NUL byte makes the file binary.
//!
//! Undecodable input is not a tool error but an OL001 finding at the first bad byte: the
//! caller gets [`Undecodable`] with the byte offset and a best-effort text (the decoded part,
//! then the rest decoded lossily) to show it in.

use encoding_rs::{DecoderResult, Encoding};

use crate::model::Lang;

/// A file's text, decoded.
#[derive(Debug)]
pub struct Decoded {
    pub text: String,
}

/// Why a file's bytes are not source text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undecodable {
    /// Offset of the first offending byte in the file.
    pub byte_offset: usize,
    pub message: String,
    pub help: String,
    /// What can be shown: the text before the offending byte, decoded; then the rest decoded
    /// lossily (empty for binary files, which are never shown).
    pub text: String,
    /// Byte offset in `text` of the offending position.
    pub text_offset: usize,
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

pub fn decode(bytes: Vec<u8>, lang: Lang) -> Result<Decoded, Undecodable> {
    if let Some(nul) = memchr::memchr(0, &bytes) {
        return Err(Undecodable {
            byte_offset: nul,
            message: format!("binary file: NUL byte at byte offset {nul}"),
            help: "source files cannot contain NUL bytes; exclude generated or binary files \
                   with `--exclude` or `exclude` in the configuration"
                .into(),
            text: String::new(),
            text_offset: 0,
        });
    }
    let (has_bom, body) = match bytes.as_slice().strip_prefix(BOM) {
        Some(rest) => (true, rest),
        None => (false, &bytes[..]),
    };
    let skipped = if has_bom { BOM.len() } else { 0 };
    let declared = match lang {
        Lang::Python => coding_declaration(body),
        Lang::Rust | Lang::Java => None,
    };
    let Some((name, at)) = declared else {
        return utf8(bytes, skipped, lang);
    };
    let unknown = |what: &str| Undecodable {
        byte_offset: skipped + at,
        message: format!("{what}: `{name}`"),
        help: "declare an encoding Python knows, e.g. `# -*- coding: utf-8 -*-`".into(),
        text: String::from_utf8_lossy(body).into_owned(),
        text_offset: lossy_offset(body, at),
    };
    let Some(codec) = python_codec(name) else {
        return Err(unknown("unknown encoding in the coding declaration"));
    };
    // With a BOM, CPython accepts only a declaration its tokenizer itself normalises to
    // `utf-8` (`utf-8`, `UTF_8`, `utf-8-unix`), not an alias such as `utf8`.
    if codec.name == "utf_8" && (!has_bom || tokenizer_utf8(name)) {
        return utf8(bytes, skipped, lang);
    }
    if has_bom {
        return Err(Undecodable {
            message: format!(
                "encoding problem: a UTF-8 byte order mark and a `{name}` coding declaration"
            ),
            help: "remove the byte order mark or declare `coding: utf-8`".into(),
            ..unknown("")
        });
    }
    let Some(decoder) = codec.decoder else {
        return Err(unknown(
            "encoding not supported for source files (not ASCII-compatible or not a text codec)",
        ));
    };
    match decoder.decode(body) {
        Ok(text) => Ok(Decoded { text }),
        Err((valid, bad)) => {
            let mut text = valid;
            let text_offset = text.len();
            text.push_str(&String::from_utf8_lossy(&body[bad..]));
            Err(Undecodable {
                byte_offset: skipped + bad,
                message: format!(
                    "cannot decode byte 0x{:02X} at byte offset {} as {} (declared `{name}`)",
                    body[bad],
                    skipped + bad,
                    codec.name
                ),
                help: "fix the coding declaration or the file's bytes".into(),
                text,
                text_offset,
            })
        }
    }
}

/// The bytes after the `skipped` BOM bytes as UTF-8, without copying them when they are.
fn utf8(mut bytes: Vec<u8>, skipped: usize, lang: Lang) -> Result<Decoded, Undecodable> {
    bytes.drain(..skipped);
    // Validated once: `String::from_utf8` keeps the buffer, and gives it back when it is not
    // UTF-8 (checking with `str::from_utf8` first validated every file twice).
    let e = match String::from_utf8(bytes) {
        Ok(text) => return Ok(Decoded { text }),
        Err(e) => e,
    };
    let bad = e.utf8_error().valid_up_to();
    let body = e.as_bytes();
    let help = match lang {
        Lang::Python => {
            "save the file as UTF-8, or declare its encoding on line 1 or 2 \
             (`# -*- coding: latin-1 -*-`, PEP 263)"
        }
        Lang::Rust => "Rust source files must be UTF-8",
        Lang::Java => "save the file as UTF-8 (javac's `-encoding` default on current JDKs)",
    };
    Err(Undecodable {
        byte_offset: skipped + bad,
        message: format!(
            "not valid UTF-8: byte 0x{:02X} at byte offset {}",
            body[bad],
            skipped + bad
        ),
        help: help.into(),
        text: String::from_utf8_lossy(body).into_owned(),
        text_offset: bad,
    })
}

/// Offset in `String::from_utf8_lossy(bytes)` of byte `at`.
fn lossy_offset(bytes: &[u8], at: usize) -> usize {
    String::from_utf8_lossy(&bytes[..at.min(bytes.len())]).len()
}

/// The PEP 263 declaration: the name and its byte offset, as CPython's tokenizer finds it.
fn coding_declaration(bytes: &[u8]) -> Option<(&str, usize)> {
    let mut start = 0;
    for line_no in 0..2 {
        let rest = &bytes[start.min(bytes.len())..];
        let len = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        let line = &rest[..len];
        if let Some((name, at)) = coding_in_line(line) {
            return Some((name, start + at));
        }
        // Line 2 counts only when line 1 is blank or a comment.
        let trimmed = line
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\x0c'))
            .map(|i| &line[i..]);
        let blank_or_comment = trimmed.is_none_or(|t| t.first() == Some(&b'#'));
        if line_no == 0 && !blank_or_comment {
            return None;
        }
        start += len;
        if bytes.get(start) == Some(&b'\r') {
            start += 1;
        }
        if bytes.get(start) == Some(&b'\n') {
            start += 1;
        }
    }
    None
}

/// `^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)`
fn coding_in_line(line: &[u8]) -> Option<(&str, usize)> {
    let lead = line
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t' | b'\x0c'))?;
    if line[lead] != b'#' {
        return None;
    }
    let mut from = lead + 1;
    while let Some(i) = find(&line[from..], b"coding") {
        let after = from + i + b"coding".len();
        if matches!(line.get(after), Some(b':' | b'=')) {
            let mut j = after + 1;
            while matches!(line.get(j), Some(b' ' | b'\t')) {
                j += 1;
            }
            let end = j + line[j..]
                .iter()
                .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')))
                .unwrap_or(line.len() - j);
            if end > j {
                // ASCII only, so this cannot fail.
                return std::str::from_utf8(&line[j..end]).ok().map(|n| (n, j));
            }
        }
        from = after;
    }
    None
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// A Python codec this module can decode with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Codec {
    /// Python's canonical codec (module) name: `latin_1`, `iso8859_15`, `cp1252`.
    pub name: &'static str,
    /// `None`: Python knows it, but it cannot encode source text (`utf_16`, `rot_13`).
    decoder: Option<Decoder>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Decoder {
    Latin1,
    Ascii,
    /// A WHATWG encoding from `encoding_rs`. `c1_undefined`: bytes 0x80-0x9F that the WHATWG
    /// table maps to C1 controls are undefined in Python's codec (the Windows code pages).
    /// `c1_controls`: bytes 0x80-0x9F are the C1 controls themselves (ISO-8859-9, which the
    /// WHATWG tables fold into windows-1254).
    Whatwg {
        encoding: &'static Encoding,
        c1_undefined: bool,
        c1_controls: bool,
        /// Single-byte codecs: bytes Python decodes differently (`None`: undefined).
        fixes: &'static [(u8, Option<char>)],
    },
}

impl Decoder {
    /// The text, or the valid prefix decoded and the offset of the first bad byte.
    fn decode(self, bytes: &[u8]) -> Result<String, (String, usize)> {
        match self {
            Decoder::Latin1 => Ok(bytes.iter().map(|&b| b as char).collect()),
            Decoder::Ascii => match bytes.iter().position(|b| !b.is_ascii()) {
                None => Ok(bytes.iter().map(|&b| b as char).collect()),
                Some(bad) => Err((bytes[..bad].iter().map(|&b| b as char).collect(), bad)),
            },
            Decoder::Whatwg {
                encoding,
                c1_undefined,
                c1_controls,
                fixes,
            } => {
                if !fixes.is_empty() {
                    let text = whatwg(encoding, bytes, c1_undefined)?;
                    // One char per byte: apply Python's differences.
                    let mut out = String::with_capacity(text.len());
                    for (i, (c, b)) in text.chars().zip(bytes).enumerate() {
                        match fixes.iter().find(|(fb, _)| fb == b) {
                            Some((_, Some(fixed))) => out.push(*fixed),
                            Some((_, None)) => return Err((out, i)),
                            None => out.push(c),
                        }
                    }
                    return Ok(out);
                }
                if c1_controls {
                    if let Some(bad) = bytes.iter().position(|b| (0x80..0xA0).contains(b)) {
                        // Decode around the C1 bytes, which are themselves.
                        let mut out = String::with_capacity(bytes.len());
                        let mut start = 0;
                        for (i, &b) in bytes.iter().enumerate().skip(bad) {
                            if (0x80..0xA0).contains(&b) {
                                let part = whatwg(encoding, &bytes[start..i], false)
                                    .map_err(|(s, at)| (out.clone() + &s, start + at))?;
                                out.push_str(&part);
                                out.push(b as char);
                                start = i + 1;
                            }
                        }
                        let part = whatwg(encoding, &bytes[start..], false)
                            .map_err(|(s, at)| (out.clone() + &s, start + at))?;
                        out.push_str(&part);
                        return Ok(out);
                    }
                }
                whatwg(encoding, bytes, c1_undefined)
            }
        }
    }
}

/// Strict decoding with `encoding_rs`: the first malformed sequence is an error.
fn whatwg(
    encoding: &'static Encoding,
    bytes: &[u8],
    c1_undefined: bool,
) -> Result<String, (String, usize)> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let cap = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len().saturating_mul(3));
    let mut out = String::with_capacity(cap);
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut out, true);
    match result {
        DecoderResult::InputEmpty => {}
        DecoderResult::Malformed(bad_len, consumed_after) => {
            let bad = read - consumed_after as usize - bad_len as usize;
            return Err((out, bad));
        }
        DecoderResult::OutputFull => unreachable!("buffer sized for the whole input"),
    }
    if c1_undefined {
        // Single-byte code pages: one byte per char, so the char index is the byte index.
        if let Some((i, _)) = out
            .chars()
            .enumerate()
            .find(|(_, c)| ('\u{80}'..'\u{A0}').contains(c))
        {
            let valid: String = out.chars().take(i).collect();
            return Err((valid, i));
        }
    }
    Ok(out)
}

/// CPython's tokenizer (`get_normal_name`): the first 12 characters, lowercased, `_` as `-`,
/// are `prefix` or start with `prefix-`.
fn tokenizer_prefixed(declared: &str, prefix: &str) -> bool {
    let head: String = declared
        .chars()
        .take(12)
        .map(|c| {
            if c == '_' {
                '-'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    head == prefix || head.starts_with(&format!("{prefix}-"))
}

fn tokenizer_utf8(declared: &str) -> bool {
    tokenizer_prefixed(declared, "utf-8")
}

/// CPython's normalisation of a codec name (`encodings.normalize_encoding`, lowercased):
/// runs of characters other than ASCII letters, digits and `.` become one `_`.
fn normalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut pending = false;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || c == '.' {
            if pending && !out.is_empty() {
                out.push('_');
            }
            pending = false;
            out.push(c.to_ascii_lowercase());
        } else {
            pending = true;
        }
    }
    out
}

/// The codec a Python source's own PEP 263 declaration names, when it is not UTF-8: the
/// encoding `--fix` writes the file back in. Read from the decoded text (the declaration is
/// ASCII, so it is where it was in the bytes).
pub fn declared_codec(text: &str) -> Option<Codec> {
    let (name, _) = coding_declaration(text.as_bytes())?;
    python_codec(name).filter(|c| c.name != "utf_8" && c.decoder.is_some())
}

/// [`declared_codec`] for a file of `lang` (Rust is always UTF-8).
pub fn fix_codec(lang: Lang, text: &str) -> Option<Codec> {
    match lang {
        Lang::Python => declared_codec(text),
        Lang::Rust | Lang::Java => None,
    }
}

impl Codec {
    /// The text in this encoding, only when every character encodes and the bytes decode
    /// back to the same text (a codec's quirks, such as Python's differences from the WHATWG
    /// tables, cannot change what is written).
    pub fn encode(&self, text: &str) -> Option<Vec<u8>> {
        let bytes = match self.decoder? {
            Decoder::Latin1 => text
                .chars()
                .map(|c| u8::try_from(u32::from(c)).ok())
                .collect::<Option<Vec<u8>>>()?,
            Decoder::Ascii => text.is_ascii().then(|| text.as_bytes().to_vec())?,
            Decoder::Whatwg { encoding, .. } => {
                let (bytes, used, errors) = encoding.encode(text);
                if errors || used != encoding {
                    return None;
                }
                bytes.into_owned()
            }
        };
        let back = self.decoder?.decode(&bytes).ok()?;
        (back == text).then_some(bytes)
    }
}

/// The codec a coding declaration names, with Python's aliases (`encodings.aliases`) and the
/// tokenizer's own shortcuts (`utf-8-unix` → `utf_8`, `latin-1-dos` → `latin_1`).
pub fn python_codec(declared: &str) -> Option<Codec> {
    let prefixed = |p: &str| tokenizer_prefixed(declared, p);
    let norm = if prefixed("utf-8") {
        "utf_8".to_string()
    } else if prefixed("latin-1") || prefixed("iso-8859-1") || prefixed("iso-latin-1") {
        "latin_1".to_string()
    } else {
        normalize(declared)
    };
    let canonical = ALIASES
        .iter()
        .find(|(alias, _)| *alias == norm || *alias == norm.replace('.', "_"))
        .map_or(norm.as_str(), |(_, c)| c);
    CODECS.iter().find(|c| c.name == canonical).copied()
}

const fn web(encoding: &'static Encoding) -> Option<Decoder> {
    Some(Decoder::Whatwg {
        encoding,
        c1_undefined: false,
        c1_controls: false,
        fixes: &[],
    })
}

const fn windows(encoding: &'static Encoding) -> Option<Decoder> {
    Some(Decoder::Whatwg {
        encoding,
        c1_undefined: true,
        c1_controls: false,
        fixes: &[],
    })
}

const fn codec(name: &'static str, decoder: Option<Decoder>) -> Codec {
    Codec { name, decoder }
}

use encoding_rs as e;

/// Python's codecs by canonical name. Single-byte ones are exact (`tests/hostile.rs`
/// compares every byte with the machine's Python); the CJK ones use the WHATWG tables, which
/// decode the same text but accept a few more byte sequences than Python's codecs.
const CODECS: &[Codec] = &[
    codec("utf_8", None), // handled before the table
    codec("latin_1", Some(Decoder::Latin1)),
    codec("ascii", Some(Decoder::Ascii)),
    codec("iso8859_2", web(e::ISO_8859_2)),
    codec("iso8859_3", web(e::ISO_8859_3)),
    codec("iso8859_4", web(e::ISO_8859_4)),
    codec("iso8859_5", web(e::ISO_8859_5)),
    codec("iso8859_6", web(e::ISO_8859_6)),
    codec("iso8859_7", web(e::ISO_8859_7)),
    codec("iso8859_8", web(e::ISO_8859_8)),
    codec(
        "iso8859_9",
        Some(Decoder::Whatwg {
            encoding: e::WINDOWS_1254,
            c1_undefined: false,
            c1_controls: true,
            fixes: &[],
        }),
    ),
    codec("iso8859_10", web(e::ISO_8859_10)),
    codec("iso8859_13", web(e::ISO_8859_13)),
    codec("iso8859_14", web(e::ISO_8859_14)),
    codec("iso8859_15", web(e::ISO_8859_15)),
    codec("iso8859_16", web(e::ISO_8859_16)),
    codec("cp1250", windows(e::WINDOWS_1250)),
    codec("cp1251", windows(e::WINDOWS_1251)),
    codec("cp1252", windows(e::WINDOWS_1252)),
    codec("cp1253", windows(e::WINDOWS_1253)),
    codec("cp1254", windows(e::WINDOWS_1254)),
    codec(
        "cp1255",
        Some(Decoder::Whatwg {
            encoding: e::WINDOWS_1255,
            c1_undefined: true,
            c1_controls: false,
            fixes: &[(0xCA, None)],
        }),
    ),
    codec("cp1256", windows(e::WINDOWS_1256)),
    codec("cp1257", windows(e::WINDOWS_1257)),
    codec("cp1258", windows(e::WINDOWS_1258)),
    codec("cp874", windows(e::WINDOWS_874)),
    codec("koi8_r", web(e::KOI8_R)),
    // The WHATWG table is KOI8-RU; Python's koi8_u has box drawing at 0xAE and 0xBE.
    codec(
        "koi8_u",
        Some(Decoder::Whatwg {
            encoding: e::KOI8_U,
            c1_undefined: false,
            c1_controls: false,
            fixes: &[(0xAE, Some('\u{255d}')), (0xBE, Some('\u{256c}'))],
        }),
    ),
    codec("cp866", web(e::IBM866)),
    codec("mac_roman", web(e::MACINTOSH)),
    codec("mac_cyrillic", web(e::X_MAC_CYRILLIC)),
    codec("euc_jp", web(e::EUC_JP)),
    codec("shift_jis", web(e::SHIFT_JIS)),
    codec("cp932", web(e::SHIFT_JIS)),
    codec("euc_kr", web(e::EUC_KR)),
    codec("cp949", web(e::EUC_KR)),
    codec("gbk", web(e::GBK)),
    codec("gb2312", web(e::GBK)),
    codec("gb18030", web(e::GB18030)),
    codec("big5", web(e::BIG5)),
    codec("iso2022_jp", web(e::ISO_2022_JP)),
    // Known to Python, but no source file can be in them.
    codec("utf_16", None),
    codec("utf_16_le", None),
    codec("utf_16_be", None),
    codec("utf_32", None),
    codec("utf_32_le", None),
    codec("utf_32_be", None),
    codec("utf_8_sig", None),
    codec("rot_13", None),
];

/// Python's `encodings.aliases` for the codecs above (normalised alias → canonical name).
const ALIASES: &[(&str, &str)] = &[
    ("cp65001", "utf_8"),
    ("u8", "utf_8"),
    ("utf", "utf_8"),
    ("utf8", "utf_8"),
    ("utf8_ucs2", "utf_8"),
    ("utf8_ucs4", "utf_8"),
    ("8859", "latin_1"),
    ("cp819", "latin_1"),
    ("csisolatin1", "latin_1"),
    ("ibm819", "latin_1"),
    ("iso8859", "latin_1"),
    ("iso8859_1", "latin_1"),
    ("iso_8859_1", "latin_1"),
    ("iso_8859_1_1987", "latin_1"),
    ("iso_ir_100", "latin_1"),
    ("l1", "latin_1"),
    ("latin", "latin_1"),
    ("latin1", "latin_1"),
    ("646", "ascii"),
    ("ansi_x3.4_1968", "ascii"),
    ("ansi_x3.4_1986", "ascii"),
    ("ansi_x3_4_1968", "ascii"),
    ("cp367", "ascii"),
    ("csascii", "ascii"),
    ("ibm367", "ascii"),
    ("iso646_us", "ascii"),
    ("iso_646.irv_1991", "ascii"),
    ("iso_ir_6", "ascii"),
    ("us", "ascii"),
    ("us_ascii", "ascii"),
    ("csisolatin2", "iso8859_2"),
    ("iso_8859_2", "iso8859_2"),
    ("iso_8859_2_1987", "iso8859_2"),
    ("iso_ir_101", "iso8859_2"),
    ("l2", "iso8859_2"),
    ("latin2", "iso8859_2"),
    ("csisolatin3", "iso8859_3"),
    ("iso_8859_3", "iso8859_3"),
    ("iso_8859_3_1988", "iso8859_3"),
    ("iso_ir_109", "iso8859_3"),
    ("l3", "iso8859_3"),
    ("latin3", "iso8859_3"),
    ("csisolatin4", "iso8859_4"),
    ("iso_8859_4", "iso8859_4"),
    ("iso_8859_4_1988", "iso8859_4"),
    ("iso_ir_110", "iso8859_4"),
    ("l4", "iso8859_4"),
    ("latin4", "iso8859_4"),
    ("csisolatincyrillic", "iso8859_5"),
    ("cyrillic", "iso8859_5"),
    ("iso_8859_5", "iso8859_5"),
    ("iso_8859_5_1988", "iso8859_5"),
    ("iso_ir_144", "iso8859_5"),
    ("arabic", "iso8859_6"),
    ("asmo_708", "iso8859_6"),
    ("csisolatinarabic", "iso8859_6"),
    ("ecma_114", "iso8859_6"),
    ("iso_8859_6", "iso8859_6"),
    ("iso_8859_6_1987", "iso8859_6"),
    ("iso_ir_127", "iso8859_6"),
    ("csisolatingreek", "iso8859_7"),
    ("ecma_118", "iso8859_7"),
    ("elot_928", "iso8859_7"),
    ("greek", "iso8859_7"),
    ("greek8", "iso8859_7"),
    ("iso_8859_7", "iso8859_7"),
    ("iso_8859_7_1987", "iso8859_7"),
    ("iso_ir_126", "iso8859_7"),
    ("csisolatinhebrew", "iso8859_8"),
    ("hebrew", "iso8859_8"),
    ("iso_8859_8", "iso8859_8"),
    ("iso_8859_8_1988", "iso8859_8"),
    ("iso_ir_138", "iso8859_8"),
    ("csisolatin5", "iso8859_9"),
    ("iso_8859_9", "iso8859_9"),
    ("iso_8859_9_1989", "iso8859_9"),
    ("iso_ir_148", "iso8859_9"),
    ("l5", "iso8859_9"),
    ("latin5", "iso8859_9"),
    ("csisolatin6", "iso8859_10"),
    ("iso_8859_10", "iso8859_10"),
    ("iso_8859_10_1992", "iso8859_10"),
    ("iso_ir_157", "iso8859_10"),
    ("l6", "iso8859_10"),
    ("latin6", "iso8859_10"),
    ("iso_8859_13", "iso8859_13"),
    ("l7", "iso8859_13"),
    ("latin7", "iso8859_13"),
    ("iso_8859_14", "iso8859_14"),
    ("iso_8859_14_1998", "iso8859_14"),
    ("iso_celtic", "iso8859_14"),
    ("iso_ir_199", "iso8859_14"),
    ("l8", "iso8859_14"),
    ("latin8", "iso8859_14"),
    ("iso_8859_15", "iso8859_15"),
    ("l9", "iso8859_15"),
    ("latin9", "iso8859_15"),
    ("iso_8859_16", "iso8859_16"),
    ("iso_8859_16_2001", "iso8859_16"),
    ("iso_ir_226", "iso8859_16"),
    ("l10", "iso8859_16"),
    ("latin10", "iso8859_16"),
    ("1250", "cp1250"),
    ("windows_1250", "cp1250"),
    ("1251", "cp1251"),
    ("windows_1251", "cp1251"),
    ("1252", "cp1252"),
    ("windows_1252", "cp1252"),
    ("1253", "cp1253"),
    ("windows_1253", "cp1253"),
    ("1254", "cp1254"),
    ("windows_1254", "cp1254"),
    ("1255", "cp1255"),
    ("windows_1255", "cp1255"),
    ("1256", "cp1256"),
    ("windows_1256", "cp1256"),
    ("1257", "cp1257"),
    ("windows_1257", "cp1257"),
    ("1258", "cp1258"),
    ("windows_1258", "cp1258"),
    ("cskoi8r", "koi8_r"),
    ("866", "cp866"),
    ("csibm866", "cp866"),
    ("ibm866", "cp866"),
    ("macintosh", "mac_roman"),
    ("macroman", "mac_roman"),
    ("maccyrillic", "mac_cyrillic"),
    ("eucjp", "euc_jp"),
    ("u_jis", "euc_jp"),
    ("ujis", "euc_jp"),
    ("csshiftjis", "shift_jis"),
    ("s_jis", "shift_jis"),
    ("shiftjis", "shift_jis"),
    ("sjis", "shift_jis"),
    ("932", "cp932"),
    ("ms932", "cp932"),
    ("ms_kanji", "cp932"),
    ("mskanji", "cp932"),
    ("euckr", "euc_kr"),
    ("korean", "euc_kr"),
    ("ks_c_5601", "euc_kr"),
    ("ks_c_5601_1987", "euc_kr"),
    ("ks_x_1001", "euc_kr"),
    ("ksc5601", "euc_kr"),
    ("ksx1001", "euc_kr"),
    ("949", "cp949"),
    ("ms949", "cp949"),
    ("uhc", "cp949"),
    ("936", "gbk"),
    ("cp936", "gbk"),
    ("ms936", "gbk"),
    ("chinese", "gb2312"),
    ("csiso58gb231280", "gb2312"),
    ("euc_cn", "gb2312"),
    ("euccn", "gb2312"),
    ("eucgb2312_cn", "gb2312"),
    ("gb2312_1980", "gb2312"),
    ("gb2312_80", "gb2312"),
    ("iso_ir_58", "gb2312"),
    ("gb18030_2000", "gb18030"),
    ("big5_tw", "big5"),
    ("csbig5", "big5"),
    ("csiso2022jp", "iso2022_jp"),
    ("iso2022jp", "iso2022_jp"),
    ("iso_2022_jp", "iso2022_jp"),
    ("u16", "utf_16"),
    ("utf16", "utf_16"),
    ("unicodelittleunmarked", "utf_16_le"),
    ("utf_16le", "utf_16_le"),
    ("unicodebigunmarked", "utf_16_be"),
    ("utf_16be", "utf_16_be"),
    ("u32", "utf_32"),
    ("utf32", "utf_32"),
    ("utf_32le", "utf_32_le"),
    ("utf_32be", "utf_32_be"),
    ("rot13", "rot_13"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn py(bytes: &[u8]) -> Result<Decoded, Undecodable> {
        decode(bytes.to_vec(), Lang::Python)
    }

    #[test]
    fn python_codec_names_and_aliases() {
        let table = [
            ("utf-8", "utf_8"),
            ("UTF-8", "utf_8"),
            ("utf8", "utf_8"),
            ("utf_8", "utf_8"),
            ("utf-8-unix", "utf_8"),
            ("u8", "utf_8"),
            ("latin-1", "latin_1"),
            ("latin1", "latin_1"),
            ("Latin-1", "latin_1"),
            ("latin_1", "latin_1"),
            ("iso-8859-1", "latin_1"),
            ("ISO8859-1", "latin_1"),
            ("iso-latin-1", "latin_1"),
            ("latin-1-dos", "latin_1"),
            ("l1", "latin_1"),
            ("cp819", "latin_1"),
            ("iso-8859-15", "iso8859_15"),
            ("iso8859_15", "iso8859_15"),
            ("latin9", "iso8859_15"),
            ("iso-8859-9", "iso8859_9"),
            ("latin5", "iso8859_9"),
            ("cp1252", "cp1252"),
            ("windows-1252", "cp1252"),
            ("1252", "cp1252"),
            ("koi8-r", "koi8_r"),
            ("KOI8_R", "koi8_r"),
            ("koi8-u", "koi8_u"),
            ("euc_jp", "euc_jp"),
            ("euc-jp", "euc_jp"),
            ("ujis", "euc_jp"),
            ("shift_jis", "shift_jis"),
            ("sjis", "shift_jis"),
            ("ascii", "ascii"),
            ("us-ascii", "ascii"),
            ("ANSI_X3.4-1968", "ascii"),
            ("mac-roman", "mac_roman"),
            ("macintosh", "mac_roman"),
            ("gb2312", "gb2312"),
            ("euc-kr", "euc_kr"),
            ("big5", "big5"),
            ("utf-16", "utf_16"),
        ];
        for (declared, canonical) in table {
            assert_eq!(
                python_codec(declared).map(|c| c.name),
                Some(canonical),
                "{declared}"
            );
        }
        for unknown in ["uft-8", "latin-2x", "klingon", "", "utf-7x"] {
            assert_eq!(python_codec(unknown), None, "{unknown}");
        }
    }

    #[test]
    fn fixes_encode_in_the_declared_codec() {
        let codec = declared_codec("# -*- coding: latin-1 -*-\nx = 'caf\u{e9}'\n").unwrap();
        assert_eq!(codec.encode("caf\u{e9}").unwrap(), b"caf\xe9");
        assert_eq!(codec.encode("\u{20ac}"), None);
        let koi8 = declared_codec("# vim: set fileencoding=koi8-r :\n").unwrap();
        assert_eq!(koi8.encode("\u{430}").unwrap(), b"\xc1");
        assert_eq!(declared_codec("# -*- coding: utf-8 -*-\n"), None);
        assert_eq!(declared_codec("x = 1\n"), None);
    }

    #[test]
    fn declarations_on_line_one_or_two() {
        let d = py(b"# -*- coding: latin-1 -*-\nx = '\xe9'\n").unwrap();
        assert_eq!(d.text, "# -*- coding: latin-1 -*-\nx = '\u{e9}'\n");
        let d =
            py(b"#!/usr/bin/env python\n# vim: set fileencoding=koi8-r :\ns = '\xc1'\n").unwrap();
        assert!(d.text.ends_with("s = '\u{430}'\n"), "{}", d.text);
        // Line 1 is code: a declaration on line 2 does not count, the file must be UTF-8.
        let e = py(b"x = 1\n# coding: latin-1\ny = '\xe9'\n").unwrap_err();
        assert_eq!(e.byte_offset, 29);
        // Line 3 never counts.
        assert!(py(b"\n\n# coding: latin-1\ny = '\xe9'\n").is_err());
        // CRLF and lone CR line endings.
        let d = py(b"\r\n# coding: cp1252\r\nx = '\x80'\r\n").unwrap();
        assert!(d.text.contains('\u{20ac}'));
        let d = py(b"#!python\r# coding: cp1252\rx = '\x80'\r").unwrap();
        assert!(d.text.contains('\u{20ac}'));
        // Rust ignores coding comments.
        assert!(decode(
            b"// coding: latin-1\nconst S: &str = \"\xe9\";\n".to_vec(),
            Lang::Rust
        )
        .is_err());
    }

    #[test]
    fn bom_binary_and_errors() {
        let d = py(b"\xef\xbb\xbfx = 1\n").unwrap();
        assert_eq!(d.text, "x = 1\n");
        let d = py(b"\xef\xbb\xbf# coding: utf-8\nx = 1\n").unwrap();
        assert_eq!(d.text, "# coding: utf-8\nx = 1\n");
        let e = py(b"\xef\xbb\xbf# coding: latin-1\nx = 1\n").unwrap_err();
        assert!(e.message.contains("byte order mark"), "{}", e.message);
        // As CPython: with a BOM, `utf8` (an alias the tokenizer does not normalise) fails.
        assert!(py(b"\xef\xbb\xbf#coding: utf8\nx = 1\n").is_err());
        assert!(py(b"\xef\xbb\xbf#coding: UTF_8-unix\nx = 1\n").is_ok());
        let e = py(b"x = 1\n\x00\x01").unwrap_err();
        assert_eq!(e.byte_offset, 6);
        assert!(e.message.contains("binary"));
        assert!(e.text.is_empty());
        let e = py(b"# caf\xe9\n").unwrap_err();
        assert_eq!((e.byte_offset, e.text_offset), (5, 5));
        assert_eq!(e.text, "# caf\u{fffd}\n");
        // After a BOM: the byte offset counts it, the text (and its offset) does not.
        let e = py(b"\xef\xbb\xbf# caf\xe9\n").unwrap_err();
        assert_eq!((e.byte_offset, e.text_offset), (8, 5));
        assert_eq!(e.text, "# caf\u{fffd}\n");
        assert!(
            e.message.contains("byte 0xE9 at byte offset 8"),
            "{}",
            e.message
        );
        let e = py(b"# coding: klingon\nx = 1\n").unwrap_err();
        assert_eq!(e.byte_offset, 10);
        assert!(e.message.contains("unknown encoding"), "{}", e.message);
        let e = py(b"# coding: utf-16\nx = 1\n").unwrap_err();
        assert!(e.message.contains("not supported"), "{}", e.message);
        // cp1252 leaves 0x81 undefined; the offset is that of the byte in the file.
        let e = py(b"# coding: cp1252\nx = '\x80\x81'\n").unwrap_err();
        assert_eq!(e.byte_offset, 23);
        assert_eq!(&e.text[..e.text_offset], "# coding: cp1252\nx = '\u{20ac}");
        let e = py(b"# coding: ascii\nx = '\xe9'\n").unwrap_err();
        assert_eq!(e.byte_offset, 21);
        // euc_jp: a truncated two-byte sequence.
        let e = py(b"# coding: euc_jp\nx = '\xa4\xa2\xa4'\n").unwrap_err();
        assert_eq!(e.byte_offset, 24);
        assert_eq!(
            py(b"# coding: euc_jp\nx = '\xa4\xa2'\n").unwrap().text,
            "# coding: euc_jp\nx = '\u{3042}'\n"
        );
        // ISO-8859-9 keeps the C1 controls that windows-1254 replaces.
        let d = py(b"# coding: latin5\nx = '\x80\xfd'\n").unwrap();
        assert!(d.text.ends_with("'\u{80}\u{131}'\n"), "{:?}", d.text);
    }
}

/// Every byte of every single-byte codec against the machine's Python (CPython 3.11 on CI).
#[cfg(test)]
mod python_agreement {
    use super::*;

    const SINGLE_BYTE: &[&str] = &[
        "latin_1",
        "ascii",
        "iso8859_2",
        "iso8859_3",
        "iso8859_4",
        "iso8859_5",
        "iso8859_6",
        "iso8859_7",
        "iso8859_8",
        "iso8859_9",
        "iso8859_10",
        "iso8859_13",
        "iso8859_14",
        "iso8859_15",
        "iso8859_16",
        "cp1250",
        "cp1251",
        "cp1252",
        "cp1253",
        "cp1254",
        "cp1255",
        "cp1256",
        "cp1257",
        "cp1258",
        "cp874",
        "koi8_r",
        "koi8_u",
        "cp866",
        "mac_roman",
        "mac_cyrillic",
    ];

    #[test]
    fn single_byte_codecs_agree_with_python() {
        let script = format!(
            "for name in {SINGLE_BYTE:?}:\n    out = []\n    for b in range(256):\n        try:\n            out.append(str(ord(bytes([b]).decode(name))))\n        except UnicodeDecodeError:\n            out.append('-')\n    print(name, ' '.join(out))\n"
        );
        let out = std::process::Command::new("python3")
            .args(["-c", &script])
            .output()
            .expect("python3 is required for this test (CI has CPython 3.11)");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut differences = Vec::new();
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            let (name, codes) = line.split_once(' ').unwrap();
            let codec = python_codec(name).unwrap_or_else(|| panic!("{name} not in the table"));
            let decoder = codec.decoder.unwrap();
            for (b, want) in codes.split(' ').enumerate() {
                let got = match decoder.decode(&[b as u8]) {
                    Ok(s) => s
                        .chars()
                        .next()
                        .map_or("?".into(), |c| (c as u32).to_string()),
                    Err(_) => "-".to_string(),
                };
                if got != want {
                    differences.push(format!("{name} byte 0x{b:02X}: Python {want}, ours {got}"));
                }
            }
        }
        assert!(differences.is_empty(), "{}", differences.join("\n"));
    }
}
