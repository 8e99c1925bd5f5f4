//! What a file is, read from its first bytes: the types a workspace may keep, and the
//! content type they are served with. Nothing else is accepted — above all no HTML, SVG
//! or XML, which a browser could run as a page.

/// How many leading bytes [`sniff_document`] needs to decide.
pub const SNIFF_BYTES: usize = 64 * 1024;

/// The image types accepted, by their magic bytes; the content type served back.
pub fn sniff_image(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

pub const PDF: &str = "application/pdf";
pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
pub const DOCX: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
pub const XLS: &str = "application/vnd.ms-excel";
pub const CSV: &str = "text/csv";
pub const TEXT: &str = "text/plain";

/// The document types accepted (PDF, images, CSV, Excel workbooks, Word documents, plain
/// text) from `head`, the file's first [`SNIFF_BYTES`] (or all of it when shorter).
pub fn sniff_document(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(b"%PDF-") {
        return Some(PDF);
    }
    if let Some(image) = sniff_image(head) {
        return Some(image);
    }
    if head.starts_with(b"PK\x03\x04") {
        return office_open_xml(head);
    }
    if head.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        return legacy_workbook(head);
    }
    text(head)
}

/// A ZIP is a workbook or a Word document by the parts its local headers name; any
/// other archive is refused.
fn office_open_xml(head: &[u8]) -> Option<&'static str> {
    let mut at = 0;
    while at + 30 <= head.len() && head[at..].starts_with(b"PK\x03\x04") {
        let u16_at = |i: usize| usize::from(u16::from_le_bytes([head[at + i], head[at + i + 1]]));
        let compressed =
            u32::from_le_bytes([head[at + 18], head[at + 19], head[at + 20], head[at + 21]]);
        let (name_len, extra_len) = (u16_at(26), u16_at(28));
        let name = head.get(at + 30..at + 30 + name_len)?;
        if name.starts_with(b"xl/") {
            return Some(XLSX);
        }
        if name.starts_with(b"word/") {
            return Some(DOCX);
        }
        // A streamed entry (sizes after its data) cannot be stepped over here.
        let flags = u16_at(6);
        if flags & 0x08 != 0 {
            return None;
        }
        at += 30 + name_len + extra_len + usize::try_from(compressed).ok()?;
    }
    None
}

/// An OLE2 compound file is kept only when it holds an Excel workbook stream.
fn legacy_workbook(head: &[u8]) -> Option<&'static str> {
    let utf16 =
        |name: &str| -> Vec<u8> { name.encode_utf16().flat_map(u16::to_le_bytes).collect() };
    let workbook = utf16("Workbook");
    let book = utf16("Book\0");
    let holds = |needle: &[u8]| head.windows(needle.len()).any(|w| w == needle);
    (holds(&workbook) || holds(&book)).then_some(XLS)
}

/// UTF-8 text without NULs and without markup; CSV when its first lines (two at least)
/// split evenly on a delimiter.
fn text(head: &[u8]) -> Option<&'static str> {
    let body = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let text = match std::str::from_utf8(body) {
        Ok(text) => text,
        // The head may end inside a character; everything before it must be valid.
        Err(err) if err.error_len().is_none() && body.len() == SNIFF_BYTES => {
            std::str::from_utf8(&body[..err.valid_up_to()]).ok()?
        }
        Err(_) => return None,
    };
    if text.is_empty() || text.contains('\0') || looks_like_markup(text) {
        return None;
    }
    Some(if is_csv(text) { CSV } else { TEXT })
}

/// Text a browser could take for a page or an image that runs script.
fn looks_like_markup(text: &str) -> bool {
    if text.trim_start().starts_with('<') {
        return true;
    }
    let lower = text.to_ascii_lowercase();
    [
        "<html",
        "<script",
        "<svg",
        "<!doctype",
        "<iframe",
        "<?xml",
        "<body",
        "<object",
    ]
    .iter()
    .any(|tag| lower.contains(tag))
}

fn is_csv(text: &str) -> bool {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(6)
        .collect();
    // The last line of the head may be cut short.
    let whole = if lines.len() > 1 && text.len() >= SNIFF_BYTES {
        &lines[..lines.len() - 1]
    } else {
        &lines[..]
    };
    [',', ';', '\t'].into_iter().any(|delimiter| {
        let count = |line: &&str| line.matches(delimiter).count();
        whole.first().map(count).is_some_and(|first| {
            first > 0 && whole.len() > 1 && whole.iter().all(|l| count(l) == first)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_known_by_their_magic_bytes() {
        assert_eq!(sniff_image(b"\x89PNG\r\n\x1a\n...."), Some("image/png"));
        assert_eq!(sniff_image(&[0xFF, 0xD8, 0xFF, 0xE0]), Some("image/jpeg"));
        assert_eq!(sniff_image(b"GIF89a..."), Some("image/gif"));
        assert_eq!(sniff_image(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff_image(b"hello, I am a .png"), None);
        assert_eq!(sniff_image(b"<svg xmlns=..."), None);
        assert_eq!(sniff_image(b""), None);
    }

    fn zip_entry(name: &str) -> Vec<u8> {
        let mut entry = b"PK\x03\x04".to_vec();
        entry.extend_from_slice(&[20, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        entry.extend_from_slice(&3u32.to_le_bytes()); // compressed size
        entry.extend_from_slice(&3u32.to_le_bytes()); // size
        entry.extend_from_slice(&u16::try_from(name.len()).expect("short").to_le_bytes());
        entry.extend_from_slice(&0u16.to_le_bytes());
        entry.extend_from_slice(name.as_bytes());
        entry.extend_from_slice(b"abc");
        entry
    }

    #[test]
    fn office_files_are_known_by_their_parts() {
        let mut xlsx = zip_entry("[Content_Types].xml");
        xlsx.extend(zip_entry("xl/workbook.xml"));
        let mut docx = zip_entry("[Content_Types].xml");
        docx.extend(zip_entry("word/document.xml"));
        assert_eq!(sniff_document(&xlsx), Some(XLSX));
        assert_eq!(sniff_document(&docx), Some(DOCX));
        assert_eq!(sniff_document(&zip_entry("evil.exe")), None);
    }

    #[test]
    fn pdf_text_and_csv_are_kept() {
        assert_eq!(sniff_document(b"%PDF-1.7\n..."), Some(PDF));
        assert_eq!(sniff_document(b"date,amount\n2026-01-02,100\n"), Some(CSV));
        assert_eq!(sniff_document(b"Paid in cash, thanks."), Some(TEXT));
        assert_eq!(sniff_document(b"Paid in cash.\nThanks, Ada"), Some(TEXT));
        assert_eq!(sniff_document("Naira ₦ receipt".as_bytes()), Some(TEXT));
    }

    #[test]
    fn markup_and_binaries_are_refused() {
        assert_eq!(sniff_document(b"<html><script>alert(1)</script>"), None);
        assert_eq!(
            sniff_document(b"  <svg xmlns='http://www.w3.org/2000/svg'/>"),
            None
        );
        assert_eq!(sniff_document(b"hello <script>x</script>"), None);
        assert_eq!(sniff_document(b"MZ\x90\0\x03\0\0\0"), None);
        assert_eq!(sniff_document(b"\xff\xfe\xfd"), None);
        assert_eq!(sniff_document(b""), None);
    }
}
