//! A small document layout over `pdf-writer`: A4 pages with headings, wrapped
//! paragraphs, key–value blocks and tables whose cells wrap, breaking pages as they fill
//! and numbering them "page n of m". Text is set in the PDF standard fonts (Helvetica and
//! Helvetica-Bold, never embedded) in WinAnsi encoding, so the file stays small and every
//! reader shows it; a character WinAnsi lacks prints as `?`.
//!
//! Content streams are left uncompressed: a workpaper is a few pages of text, and its
//! text stays greppable in the file.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

const PAGE_WIDTH: f32 = 595.0;
const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 50.0;
const BODY_SIZE: f32 = 9.5;
const LEADING: f32 = 1.3;
const CELL_PAD: f32 = 3.0;

const REGULAR: Name<'static> = Name(b"F1");
const BOLD: Name<'static> = Name(b"F2");

/// Helvetica's advance widths (thousandths of the font size) for ASCII 32–126, from its
/// Adobe font metrics; Helvetica-Bold is wider by about a twentieth.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278,
    278, // ' '–'/'
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0–9
    278, 278, 584, 584, 584, 556, 1015, // ':'–'@'
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667,
    611, 722, 667, 944, 667, 667, 611, // A–Z
    278, 278, 278, 469, 556, 333, // '['–'`'
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
    278, 556, 500, 722, 500, 500, 500, // a–z
    334, 260, 334, 584, // '{'–'~'
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// The WinAnsi byte of a character, `?` when it has none.
fn win_ansi(c: char) -> u8 {
    match c {
        ' '..='~' => c as u8,
        '\u{a0}'..='\u{ff}' => c as u32 as u8,
        '\u{2014}' => 0x97,
        '\u{2013}' => 0x96,
        '\u{2018}' => 0x91,
        '\u{2019}' => 0x92,
        '\u{201c}' => 0x93,
        '\u{201d}' => 0x94,
        '\u{2022}' => 0x95,
        '\u{2026}' => 0x85,
        '\u{20ac}' => 0x80,
        '\t' | '\n' | '\r' => b' ',
        _ => b'?',
    }
}

/// The naira sign (U+20A6): the standard fonts have no glyph for it, so it is written
/// as its ISO 4217 code — "₦5,000" prints "NGN 5,000", not "?5,000".
const NAIRA: char = '\u{20a6}';

/// `text` with the signs WinAnsi lacks spelled out (see [`NAIRA`]).
fn spelled(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(NAIRA) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == NAIRA {
            out.push_str("NGN");
            if chars.peek().is_some_and(|next| next.is_ascii_digit()) {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

fn encode(text: &str) -> Vec<u8> {
    spelled(text).chars().map(win_ansi).collect()
}

/// How wide `text` sets, in points.
pub fn text_width(text: &str, size: f32, weight: Weight) -> f32 {
    let units: u32 = spelled(text)
        .chars()
        .map(|c| match c {
            ' '..='~' => u32::from(HELVETICA[(c as usize) - 32]),
            '\u{2014}' => 1000,
            _ => 556,
        })
        .sum();
    let bold = if weight == Weight::Bold { 1.06 } else { 1.0 };
    units as f32 * size / 1000.0 * bold
}

/// `text` broken into lines no wider than `width`: at spaces where it can, inside a word
/// when the word alone is too wide. Line breaks in the text are kept.
pub fn wrap(text: &str, width: f32, size: f32, weight: Weight) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if text_width(&candidate, size, weight) <= width {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // A word too wide for a line on its own is cut.
            for c in word.chars() {
                let mut next = line.clone();
                next.push(c);
                if !line.is_empty() && text_width(&next, size, weight) > width {
                    lines.push(std::mem::replace(&mut line, c.to_string()));
                } else {
                    line = next;
                }
            }
        }
        lines.push(line);
    }
    lines
}

/// Thousands separated: "-1234567.50" as "-1,234,567.50"; anything not a plain decimal
/// is left as it is.
pub fn grouped(amount: &str) -> String {
    let (sign, digits) = match amount.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", amount),
    };
    let (whole, fraction) = match digits.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (digits, None),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return amount.to_owned();
    }
    let mut out = String::from(sign);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    if let Some(fraction) = fraction {
        out.push('.');
        out.push_str(fraction);
    }
    out
}

/// A table column: its heading and its share of the text width.
pub struct Column<'a> {
    pub heading: &'a str,
    pub share: f32,
    /// Right-aligned (amounts, counts).
    pub numeric: bool,
}

impl<'a> Column<'a> {
    pub fn text(heading: &'a str, share: f32) -> Self {
        Self {
            heading,
            share,
            numeric: false,
        }
    }

    pub fn number(heading: &'a str, share: f32) -> Self {
        Self {
            heading,
            share,
            numeric: true,
        }
    }
}

/// A document being laid out, top to bottom.
pub struct Document {
    title: String,
    pages: Vec<Content>,
    y: f32,
}

impl Document {
    pub fn new(title: &str) -> Self {
        let mut document = Self {
            title: title.to_owned(),
            pages: Vec::new(),
            y: 0.0,
        };
        document.new_page();
        document
    }

    fn width() -> f32 {
        PAGE_WIDTH - 2.0 * MARGIN
    }

    pub fn new_page(&mut self) {
        self.pages.push(Content::new());
        self.y = PAGE_HEIGHT - MARGIN;
    }

    /// Starts a new page unless `height` more points fit on this one.
    fn room_for(&mut self, height: f32) {
        if self.y - height < MARGIN + 20.0 {
            self.new_page();
        }
    }

    fn page(&mut self) -> &mut Content {
        self.pages.last_mut().expect("a document has a page")
    }

    fn put(&mut self, x: f32, y: f32, text: &str, size: f32, weight: Weight) {
        let font = if weight == Weight::Bold {
            BOLD
        } else {
            REGULAR
        };
        let bytes = encode(text);
        let page = self.page();
        page.begin_text();
        page.set_font(font, size);
        page.next_line(x, y);
        page.show(Str(&bytes));
        page.end_text();
    }

    fn rule(&mut self, y: f32, gray: f32) {
        let page = self.page();
        page.set_stroke_gray(gray);
        page.set_line_width(0.5);
        page.move_to(MARGIN, y);
        page.line_to(PAGE_WIDTH - MARGIN, y);
        page.stroke();
    }

    /// Vertical space.
    pub fn gap(&mut self, points: f32) {
        self.y -= points;
    }

    /// A heading: `level` 1 is the largest; it never ends a page alone.
    pub fn heading(&mut self, text: &str, level: u8) {
        let size = match level {
            1 => 18.0,
            2 => 13.0,
            _ => 11.0,
        };
        self.room_for(size * 4.0);
        self.y -= size * 0.6;
        let lines = wrap(text, Self::width(), size, Weight::Bold);
        for line in lines {
            self.y -= size * LEADING;
            self.put(MARGIN, self.y, &line, size, Weight::Bold);
        }
        if level <= 2 {
            self.y -= 4.0;
            self.rule(self.y, 0.6);
        }
        self.y -= size * 0.5;
    }

    /// A wrapped paragraph of body text.
    pub fn paragraph(&mut self, text: &str) {
        self.text(text, BODY_SIZE, Weight::Regular);
    }

    pub fn text(&mut self, text: &str, size: f32, weight: Weight) {
        for line in wrap(text, Self::width(), size, weight) {
            self.room_for(size * LEADING);
            self.y -= size * LEADING;
            self.put(MARGIN, self.y, &line, size, weight);
        }
        self.y -= size * 0.4;
    }

    /// Label–value lines, the labels in bold in a column of their own.
    pub fn fields(&mut self, pairs: &[(&str, String)]) {
        let label_width = Self::width() * 0.3;
        for (label, value) in pairs {
            let lines = wrap(
                value,
                Self::width() - label_width,
                BODY_SIZE,
                Weight::Regular,
            );
            self.room_for(BODY_SIZE * LEADING * lines.len().max(1) as f32);
            self.y -= BODY_SIZE * LEADING;
            self.put(MARGIN, self.y, label, BODY_SIZE, Weight::Bold);
            for (i, line) in lines.iter().enumerate() {
                if i > 0 {
                    self.y -= BODY_SIZE * LEADING;
                }
                self.put(
                    MARGIN + label_width,
                    self.y,
                    line,
                    BODY_SIZE,
                    Weight::Regular,
                );
            }
        }
        self.y -= BODY_SIZE * 0.6;
    }

    /// A table: a bold heading row (repeated on every page the table spans), then one
    /// row per record, each cell wrapped within its column. `rows` cells pair with
    /// `columns` by position.
    pub fn table(&mut self, columns: &[Column], rows: &[Vec<String>]) {
        let size = BODY_SIZE - 1.0;
        let total: f32 = columns.iter().map(|c| c.share).sum();
        let widths: Vec<f32> = columns
            .iter()
            .map(|c| Self::width() * c.share / total)
            .collect();
        let headings: Vec<String> = columns.iter().map(|c| c.heading.to_owned()).collect();
        self.room_for(size * LEADING * 3.0);
        self.table_row(columns, &widths, &headings, size, Weight::Bold);
        self.rule(self.y + size * 0.3, 0.3);
        for row in rows {
            let height = self.row_height(&widths, row, size);
            if self.y - height < MARGIN + 20.0 {
                self.new_page();
                self.table_row(columns, &widths, &headings, size, Weight::Bold);
                self.rule(self.y + size * 0.3, 0.3);
            }
            self.table_row(columns, &widths, row, size, Weight::Regular);
            self.rule(self.y + size * 0.3, 0.85);
        }
        self.y -= size;
    }

    fn row_height(&self, widths: &[f32], row: &[String], size: f32) -> f32 {
        let lines = row
            .iter()
            .zip(widths)
            .map(|(cell, w)| wrap(cell, w - 2.0 * CELL_PAD, size, Weight::Regular).len())
            .max()
            .unwrap_or(1);
        lines as f32 * size * LEADING + size * 0.4
    }

    fn table_row(
        &mut self,
        columns: &[Column],
        widths: &[f32],
        row: &[String],
        size: f32,
        weight: Weight,
    ) {
        let top = self.y;
        let mut lowest = top;
        let mut x = MARGIN;
        for ((cell, width), column) in row.iter().zip(widths).zip(columns) {
            let mut y = top;
            for line in wrap(cell, width - 2.0 * CELL_PAD, size, weight) {
                y -= size * LEADING;
                let left = if column.numeric {
                    x + width - CELL_PAD - text_width(&line, size, weight)
                } else {
                    x + CELL_PAD
                };
                self.put(left, y, &line, size, weight);
            }
            lowest = lowest.min(y);
            x += width;
        }
        self.y = lowest - size * 0.4;
    }

    /// The finished file: every page with its footer, the fonts, the document info.
    pub fn finish(self) -> Vec<u8> {
        let mut pdf = Pdf::new();
        let catalog = Ref::new(1);
        let tree = Ref::new(2);
        let regular = Ref::new(3);
        let bold = Ref::new(4);
        let info = Ref::new(5);
        let first = 6;
        let count = self.pages.len();
        let page_ids: Vec<Ref> = (0..count).map(|i| Ref::new(first + 2 * i as i32)).collect();
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree)
            .kids(page_ids.iter().copied())
            .count(count as i32);
        pdf.type1_font(regular)
            .base_font(Name(b"Helvetica"))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
        pdf.type1_font(bold)
            .base_font(Name(b"Helvetica-Bold"))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
        pdf.document_info(info)
            .title(TextStr(&self.title))
            .producer(TextStr("Ledgerline"));
        for (i, mut content) in self.pages.into_iter().enumerate() {
            let footer = encode(&format!(
                "{} \u{2014} page {} of {count}",
                self.title,
                i + 1
            ));
            content.begin_text();
            content.set_font(REGULAR, 7.5);
            content.next_line(MARGIN, MARGIN - 20.0);
            content.show(Str(&footer));
            content.end_text();
            let page_id = page_ids[i];
            let content_id = Ref::new(page_id.get() + 1);
            let mut page = pdf.page(page_id);
            page.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT));
            page.parent(tree);
            page.contents(content_id);
            let mut resources = page.resources();
            resources.fonts().pair(REGULAR, regular).pair(BOLD, bold);
            resources.finish();
            page.finish();
            let stream = content.finish();
            pdf.stream(content_id, &stream);
        }
        pdf.finish()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn amounts_are_grouped_in_thousands_keeping_sign_and_cents() {
        assert_eq!(grouped("-1234567.50"), "-1,234,567.50");
        assert_eq!(grouped("999.00"), "999.00");
        assert_eq!(grouped("1000"), "1,000");
        assert_eq!(grouped("2026-06-30"), "2026-06-30");
        assert_eq!(grouped(""), "");
    }

    use super::*;

    #[test]
    fn wrapped_lines_fit_their_width_and_keep_every_word() {
        let text = "The population of 1,204 entries ties to the trial balance: debits \
                    and credits of 4,551,230.00 each, with no difference.";
        let lines = wrap(text, 120.0, 9.0, Weight::Regular);
        assert!(lines.len() > 2, "{lines:?}");
        for line in &lines {
            assert!(text_width(line, 9.0, Weight::Regular) <= 120.0, "{line}");
        }
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut_inside() {
        let hash = "a".repeat(64);
        let lines = wrap(&hash, 100.0, 9.0, Weight::Regular);
        assert!(lines.len() > 1);
        assert_eq!(lines.concat(), hash);
    }

    #[test]
    fn text_outside_win_ansi_prints_as_a_question_mark() {
        assert_eq!(
            encode("Yen \u{a5}5 \u{2192} caf\u{e9}"),
            b"Yen \xa55 ? caf\xe9"
        );
    }

    #[test]
    fn the_naira_sign_prints_as_its_iso_code() {
        assert_eq!(
            encode("Naira \u{20a6}5,000 \u{2014} \u{20a6} only"),
            b"Naira NGN 5,000 \x97 NGN only"
        );
        assert_eq!(
            text_width("\u{20a6}5", 10.0, Weight::Regular),
            text_width("NGN 5", 10.0, Weight::Regular)
        );
    }

    #[test]
    fn a_long_table_breaks_onto_more_pages() {
        let mut document = Document::new("Test");
        let rows: Vec<Vec<String>> = (0..200)
            .map(|i| vec![format!("JE-{i:06}"), "1,000.00".into()])
            .collect();
        document.table(
            &[Column::text("Entry", 2.0), Column::number("Amount", 1.0)],
            &rows,
        );
        let pages = document.pages.len();
        assert!(pages >= 3);
        let bytes = document.finish();
        assert!(bytes.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&bytes).to_uppercase();
        assert!(text.contains("(JE-000199) TJ"));
        // The footer holds an em dash, so it is written as a hex string.
        let footer: String = encode(&format!("Test \u{2014} page 3 of {pages}"))
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        assert!(text.contains(&format!("<{footer}> TJ")), "{footer}");
    }
}
