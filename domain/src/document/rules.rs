//! A document's name and tags as they are kept.

/// The longest name kept, in characters.
pub const NAME_CHARS_MAX: usize = 200;
/// The most tags a document carries.
pub const TAGS_MAX: usize = 20;
/// The longest tag, in characters.
pub const TAG_CHARS_MAX: usize = 40;

/// The name a file is kept under: only its last path segment (a browser may send
/// `C:\fakepath\x.pdf`), without control characters or the quotes and separators that
/// would break a `Content-Disposition` header or a path, and without leading dots (no
/// hidden files). `None` when nothing usable remains or it is too long.
pub fn sanitize_name(raw: &str) -> Option<String> {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = last
        .chars()
        .map(|c| match c {
            '"' | '\'' | ';' | ':' | '<' | '>' | '|' | '?' | '*' => '_',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    let collapsed = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    let name = collapsed.trim_start_matches('.').trim().to_owned();
    (!name.is_empty() && name.chars().count() <= NAME_CHARS_MAX).then_some(name)
}

/// Tags as kept: trimmed, blanks dropped, duplicates (ignoring case) dropped, in the
/// order given. `None` when there are too many or one is too long.
pub fn normalize_tags(raw: &[String]) -> Option<Vec<String>> {
    let mut tags: Vec<String> = Vec::new();
    for tag in raw {
        let tag = tag.split_whitespace().collect::<Vec<_>>().join(" ");
        if tag.is_empty() {
            continue;
        }
        if tag.chars().count() > TAG_CHARS_MAX || tag.chars().any(char::is_control) {
            return None;
        }
        if !tags.iter().any(|t| t.eq_ignore_ascii_case(&tag)) {
            tags.push(tag);
        }
    }
    (tags.len() <= TAGS_MAX).then_some(tags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_keeps_only_its_last_segment_without_what_breaks_headers() {
        assert_eq!(
            sanitize_name("C:\\fakepath\\receipt.pdf").as_deref(),
            Some("receipt.pdf")
        );
        assert_eq!(sanitize_name("../../etc/passwd").as_deref(), Some("passwd"));
        assert_eq!(
            sanitize_name("a\"b;\r\nc.pdf").as_deref(),
            Some("a_b_ c.pdf")
        );
        assert_eq!(sanitize_name("..hidden").as_deref(), Some("hidden"));
        assert_eq!(sanitize_name("  "), None);
        assert_eq!(sanitize_name(&"x".repeat(NAME_CHARS_MAX + 1)), None);
    }

    #[test]
    fn tags_are_trimmed_and_unique_ignoring_case() {
        let raw = ["rent ".into(), "Rent".into(), "".into(), "Q1  2026".into()];
        assert_eq!(
            normalize_tags(&raw),
            Some(vec!["rent".to_owned(), "Q1 2026".to_owned()])
        );
        assert_eq!(normalize_tags(&["x".repeat(TAG_CHARS_MAX + 1)]), None);
        let many: Vec<String> = (0..=TAGS_MAX).map(|i| i.to_string()).collect();
        assert_eq!(normalize_tags(&many), None);
    }
}
