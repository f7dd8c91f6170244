//! Names as a folding file system sees them. macOS's APFS and HFS+ (and Windows' NTFS) are
//! case-insensitive by default, HFS+ stores names decomposed (NFD) and ignores some
//! default-ignorable code points (`.cl\u{200c}aude` is `.claude` there), and APFS compares
//! names normalisation-insensitively. The same repository is opened on those machines, so
//! the floor compares every table entry with the path folded, whatever this machine's file
//! system does: more names match, never fewer.
//!
//! Every table entry is ASCII (tests in `sensitive` and the floor check it), so the fold
//! only has to map what can *become* ASCII: ASCII upper case; the non-ASCII code points
//! whose case folding or upper casing is ASCII (`ſ`→s, `K`→k, `ı`→i, `ß`→ss, the Latin
//! ligatures); the canonical singletons that decompose to ASCII (U+037E→`;`, U+1FEF→`` ` ``,
//! U+212A→`K`); and every Default_Ignorable_Code_Point is dropped (a superset of what HFS+
//! ignores). The lists come from the Unicode 14 data (Python's `unicodedata`: every code
//! point whose NFD, NFC, casefold or upper is ASCII; DerivedCoreProperties.txt for the
//! ignorables). Any other non-ASCII character stays, lower-cased, and can then never equal
//! an ASCII entry — so no normalisation crate is needed.
//!
//! Win32 path normalisation strips the trailing dots and spaces of every component
//! (Microsoft's "Naming Files, Paths, and Namespaces": `.claude./settings.json`,
//! `.claude ./…` and `.claude../…` all open `.claude/settings.json` on native Windows), so
//! the fold strips them too, from every component but `.` and `..`: one folding for every
//! table, every protected name. An 8.3 short name (`.CLAUD~1`) may stand for any long name
//! with that start, which no fold can undo: [`short_name`] tells the floor.

use std::borrow::Cow;

/// Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 14–15).
const IGNORABLE: &[(u32, u32)] = &[
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
];

/// Is `c` a default-ignorable code point?
pub fn ignorable(c: char) -> bool {
    let c = c as u32;
    IGNORABLE.iter().any(|(lo, hi)| (*lo..=*hi).contains(&c))
}

/// The ASCII a non-ASCII character folds to, when it folds to ASCII at all.
fn to_ascii(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{037E}' => ";",
        '\u{1FEF}' => "`",
        '\u{212A}' => "k",
        '\u{017F}' => "s",
        '\u{0131}' => "i",
        '\u{00DF}' | '\u{1E9E}' => "ss",
        '\u{FB00}' => "ff",
        '\u{FB01}' => "fi",
        '\u{FB02}' => "fl",
        '\u{FB03}' => "ffi",
        '\u{FB04}' => "ffl",
        '\u{FB05}' | '\u{FB06}' => "st",
        _ => return None,
    })
}

/// `s` as a case-insensitive, normalising file system compares it (see the module doc).
/// Borrowed when nothing changes (plain lower-case ASCII, the usual path).
pub fn fold(s: &str) -> Cow<'_, str> {
    if s.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) && !win32_trailing(s) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if ignorable(c) {
        } else if let Some(a) = to_ascii(c) {
            out.push_str(a);
        } else {
            out.extend(c.to_lowercase());
        }
    }
    if win32_trailing(&out) {
        out = out
            .split('/')
            .map(|c| {
                if c == "." || c == ".." {
                    c
                } else {
                    c.trim_end_matches(['.', ' '])
                }
            })
            .collect::<Vec<_>>()
            .join("/");
    }
    Cow::Owned(out)
}

/// Whether a component of `s` other than `.` and `..` ends in a dot or a space, which
/// Win32 strips.
fn win32_trailing(s: &str) -> bool {
    s.split('/')
        .any(|c| c != "." && c != ".." && c.ends_with(['.', ' ']))
}

/// Whether a (folded) path component is an 8.3 short name as Windows generates them: up
/// to six characters, `~` and a number, the base at most eight characters, an optional
/// extension of at most three (`.claud~1`, `progra~1`, `setti~1.jso`). It may stand for any
/// long name in its directory that starts the same way.
pub fn short_name(comp: &str) -> bool {
    let (base, ext) = match comp.rsplit_once('.') {
        Some((b, e)) if !b.is_empty() && b.contains('~') => (b, Some(e)),
        _ => (comp, None),
    };
    let Some((stem, num)) = base.rsplit_once('~') else {
        return false;
    };
    !stem.is_empty()
        && base.len() <= 8
        && !num.is_empty()
        && num.bytes().all(|b| b.is_ascii_digit())
        && ext.is_none_or(|e| e.len() <= 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_ignorables_and_singletons() {
        for (raw, want) in [
            (".claude/settings.json", ".claude/settings.json"),
            (".CLAUDE/Settings.JSON", ".claude/settings.json"),
            (".cl\u{200c}aude", ".claude"),
            (".cl\u{200d}au\u{00ad}de", ".claude"),
            ("\u{feff}.git", ".git"),
            (".git\u{e0041}", ".git"),
            (".\u{017F}sh", ".ssh"),
            (".\u{212A}ube", ".kube"),
            ("\u{0131}d_rsa", "id_rsa"),
            (".ba\u{FB06}", ".bast"),
            ("/Users/Dev", "/users/dev"),
            // Not ASCII after folding: never equal to an entry.
            (".cl\u{00e1}ude", ".cl\u{00e1}ude"),
            (".c\u{0301}laude", ".c\u{0301}laude"),
            ("\u{FF0E}claude", "\u{FF0E}claude"),
        ] {
            assert_eq!(fold(raw), want, "{raw:?}");
        }
        assert!(matches!(fold("/home/u/.ssh"), Cow::Borrowed(_)));
    }

    /// Win32 strips trailing dots and spaces from every component; `.` and `..` stay.
    #[test]
    fn folds_win32_trailing_dots_and_spaces() {
        for (raw, want) in [
            ("/p/.claude./settings.json", "/p/.claude/settings.json"),
            ("/p/.claude ./settings.json", "/p/.claude/settings.json"),
            ("/p/.claude. /settings.json", "/p/.claude/settings.json"),
            ("/p/.CLAUDE../settings.json.", "/p/.claude/settings.json"),
            ("/p/.git./hooks/pre-commit ", "/p/.git/hooks/pre-commit"),
            ("/p/./a/../b", "/p/./a/../b"),
            ("/p/src/lib.rs", "/p/src/lib.rs"),
        ] {
            assert_eq!(fold(raw), want, "{raw:?}");
        }
    }

    #[test]
    fn recognises_8_3_short_names() {
        for c in [".claud~1", "progra~1", "settin~2.jso", "a~12"] {
            assert!(short_name(c), "{c}");
        }
        for c in [
            ".claude",
            "head~1x",
            "file.txt~",
            "~1",
            "longername~1",
            ".github~1",
            "a~",
            "x~1.json",
        ] {
            assert!(!short_name(c), "{c}");
        }
    }
}
