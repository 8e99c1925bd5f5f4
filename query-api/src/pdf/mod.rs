//! A small document layout over `pdf-writer`: A4 pages with headings, wrapped
//! paragraphs, key–value blocks and tables whose cells wrap, breaking pages as they fill
//! and numbering them "page n of m". Every PDF the product makes (reports, workpapers,
//! payslips) is laid out here, in DejaVu Sans embedded as a subset ([`font`]), so the
//! naira sign and every name print, and the text extracts as it was written.
//!
//! Content streams are left uncompressed: a workpaper is a few pages of text, and no
//! compression crate is needed for that.

pub mod font;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use font::{typeface, Subset};

const PAGE_WIDTH: f32 = 595.0;
const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 50.0;
const BODY_SIZE: f32 = 9.5;
const LEADING: f32 = 1.3;
const CELL_PAD: f32 = 3.0;

const REGULAR: Name<'static> = Name(b"F1");
const BOLD: Name<'static> = Name(b"F2");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// Why a PDF could not be finished: the embedded font could not be subset (a fault of
/// the font file or the subsetter, never of the text).
#[derive(Debug)]
pub struct PdfError(subsetter::Error);

impl std::fmt::Display for PdfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the PDF font could not be subset: {}", self.0)
    }
}

impl std::error::Error for PdfError {}

impl From<PdfError> for api_core::ApiError {
    fn from(err: PdfError) -> Self {
        api_core::ApiError::Internal(err.to_string())
    }
}

/// How wide `text` sets, in points.
pub fn text_width(text: &str, size: f32, weight: Weight) -> f32 {
    typeface(weight).width(text, size)
}

/// `text` broken into lines no wider than `width`: at spaces where it can, inside a word
/// when the word alone is too wide. Line breaks in the text are kept, and so are the
/// spaces a paragraph starts with, on each of its lines (the indentation of an account
/// under its parent).
pub fn wrap(text: &str, width: f32, size: f32, weight: Weight) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let indent = &paragraph[..paragraph.len() - paragraph.trim_start_matches(' ').len()];
        // A line holding only the indentation is empty.
        let mut line = indent.to_owned();
        for word in paragraph.split_whitespace() {
            let empty = line.len() == indent.len();
            let candidate = if empty {
                format!("{line}{word}")
            } else {
                format!("{line} {word}")
            };
            if text_width(&candidate, size, weight) <= width {
                line = candidate;
                continue;
            }
            if !empty {
                lines.push(std::mem::replace(&mut line, indent.to_owned()));
            }
            // A word too wide for a line on its own is cut.
            for c in word.chars() {
                let mut next = line.clone();
                next.push(c);
                if line.len() > indent.len() && text_width(&next, size, weight) > width {
                    lines.push(std::mem::replace(&mut line, format!("{indent}{c}")));
                } else {
                    line = next;
                }
            }
        }
        lines.push(line);
    }
    lines
}

/// An amount as people read it: two places, thousands separated, a negative in
/// brackets ("(1,234,567.50)"), and a negative zero as zero.
pub fn money(amount: rust_decimal::Decimal) -> String {
    let amount = if amount.is_zero() {
        rust_decimal::Decimal::ZERO
    } else {
        amount
    };
    grouped(&format!("{amount:.2}"))
}

/// An amount with its currency code, "NGN 1,234,567.50" (a negative "NGN (5.00)"): a code
/// rather than a symbol, which the PDF's built-in fonts may not have.
pub fn money_in(currency: &str, amount: rust_decimal::Decimal) -> String {
    format!("{currency} {}", money(amount))
}

/// Thousands separated, negatives in accountants' brackets as on every screen:
/// "-1234567.50" as "(1,234,567.50)"; anything not a plain decimal is left as it is.
pub fn grouped(amount: &str) -> String {
    let (negative, digits) = match amount.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, amount),
    };
    let (whole, fraction) = match digits.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (digits, None),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return amount.to_owned();
    }
    let mut out = String::from(if negative { "(" } else { "" });
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
    if negative {
        out.push(')');
    }
    out
}

/// The calendar date a whole `YYYY-MM-DD` text names, if it is one (a date of the books).
fn iso_date(text: &str) -> Option<chrono::NaiveDate> {
    if text.trim() != text {
        return None;
    }
    domain::calendar::parse_date(text).ok()
}

/// A date cell as the grids show it: "2026-06-30" as "30/06/2026"; anything else as it is.
pub fn table_date(cell: &str) -> String {
    match iso_date(cell) {
        Some(date) => date.format("%d/%m/%Y").to_string(),
        None => cell.to_owned(),
    }
}

/// Dates inside a sentence as text reads them: "2026-01-01 to 2026-06-30" as "1 Jan 2026
/// to 30 Jun 2026". Only whole `YYYY-MM-DD` words change, so ids and numbers stay.
pub fn dates_in_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let candidate = rest.get(..10).and_then(iso_date).filter(|_| {
            let after = rest.as_bytes().get(10);
            !after.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'-')
        });
        let before_ok = !out
            .chars()
            .last()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-');
        match candidate {
            Some(date) if before_ok => {
                out.push_str(&date.format("%-d %b %Y").to_string());
                rest = &rest[10..];
            }
            _ => {
                let c = rest.chars().next().expect("not empty");
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
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
    /// The glyphs used so far of each weight, embedded when the document is finished.
    regular: Subset,
    bold: Subset,
}

impl Document {
    pub fn new(title: &str) -> Self {
        let mut document = Self {
            title: title.to_owned(),
            pages: Vec::new(),
            y: 0.0,
            regular: Subset::default(),
            bold: Subset::default(),
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
        let (font, bytes) = match weight {
            Weight::Regular => (REGULAR, self.regular.encode(typeface(weight), text)),
            Weight::Bold => (BOLD, self.bold.encode(typeface(weight), text)),
        };
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
        self.table_marked(columns, rows, &[]);
    }

    /// [`Document::table`] with the rows at `strong` (indices into `rows`) in bold:
    /// headings and subtotals of a statement.
    pub fn table_marked(&mut self, columns: &[Column], rows: &[Vec<String>], strong: &[usize]) {
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
        for (i, row) in rows.iter().enumerate() {
            let weight = if strong.contains(&i) {
                Weight::Bold
            } else {
                Weight::Regular
            };
            let height = self.row_height(&widths, row, size);
            if self.y - height < MARGIN + 20.0 {
                self.new_page();
                self.table_row(columns, &widths, &headings, size, Weight::Bold);
                self.rule(self.y + size * 0.3, 0.3);
            }
            self.table_row(columns, &widths, row, size, weight);
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

    /// The finished file: every page with its footer, the fonts (the glyphs used, as
    /// subsets), the document info.
    pub fn finish(mut self) -> Result<Vec<u8>, PdfError> {
        let count = self.pages.len();
        let face = typeface(Weight::Regular);
        for (i, content) in self.pages.iter_mut().enumerate() {
            let footer = self.regular.encode(
                face,
                &format!("{} \u{2014} page {} of {count}", self.title, i + 1),
            );
            content.begin_text();
            content.set_font(REGULAR, 7.5);
            content.next_line(MARGIN, MARGIN - 20.0);
            content.show(Str(&footer));
            content.end_text();
        }

        let mut pdf = Pdf::new();
        let catalog = Ref::new(1);
        let tree = Ref::new(2);
        let info = Ref::new(3);
        // Each font takes five objects (see `Subset::write`).
        let regular = Ref::new(4);
        let bold = Ref::new(9);
        let first = 14;
        let page_ids: Vec<Ref> = (0..count).map(|i| Ref::new(first + 2 * i as i32)).collect();
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree)
            .kids(page_ids.iter().copied())
            .count(count as i32);
        self.regular
            .write(&mut pdf, typeface(Weight::Regular), regular)
            .map_err(PdfError)?;
        self.bold
            .write(&mut pdf, typeface(Weight::Bold), bold)
            .map_err(PdfError)?;
        pdf.document_info(info)
            .title(TextStr(&self.title))
            .producer(TextStr("Ledgerline"));
        for (content, page_id) in self.pages.into_iter().zip(page_ids) {
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
        Ok(pdf.finish())
    }
}

/// The text of a PDF as Poppler's `pdftotext` extracts it (the tool a reader's search and
/// copy behave like), pages separated by form feeds. Test runs install poppler-utils.
#[cfg(test)]
pub(crate) fn extracted_text(pdf: &[u8]) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("pdftotext (Debian poppler-utils) is installed");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(pdf)
        .expect("PDF written to pdftotext");
    let out = child.wait_with_output().expect("pdftotext ran");
    assert!(out.status.success(), "pdftotext failed on the PDF");
    String::from_utf8(out.stdout).expect("UTF-8 text")
}

#[cfg(test)]
mod tests {
    #[test]
    fn amounts_are_grouped_in_thousands_negatives_in_brackets_and_dates_read_as_on_screen() {
        assert_eq!(grouped("-1234567.50"), "(1,234,567.50)");
        assert_eq!(table_date("2026-06-30"), "30/06/2026");
        assert_eq!(table_date("JE-000001"), "JE-000001");
        assert_eq!(
            dates_in_text("2026-01-01 to 2026-06-30"),
            "1 Jan 2026 to 30 Jun 2026"
        );
        assert_eq!(dates_in_text("2026-13-01"), "2026-13-01");
        assert_eq!(
            dates_in_text("x2026-01-01 and 2026-01-019"),
            "x2026-01-01 and 2026-01-019"
        );
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
    fn a_paragraph_keeps_its_indentation_on_every_line() {
        let lines = wrap(
            "    Trade receivables and other debtors",
            80.0,
            9.0,
            Weight::Regular,
        );
        assert!(lines.len() > 1, "{lines:?}");
        for line in &lines {
            assert!(
                line.starts_with("    ") && !line.starts_with("     "),
                "{line:?}"
            );
        }
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut_inside() {
        let hash = "a".repeat(64);
        let lines = wrap(&hash, 100.0, 9.0, Weight::Regular);
        assert!(lines.len() > 1);
        assert_eq!(lines.concat(), hash);
    }

    #[test]
    fn the_naira_sign_and_names_outside_ascii_extract_as_written() {
        let mut document = Document::new("Statement \u{2014} Adébáyọ̀ & Şükrü");
        document.heading("Balance sheet", 1);
        document.fields(&[("Customer", "Adébáyọ̀ Ọlájídé, Łódź".to_owned())]);
        document.table(
            &[Column::text("Account", 2.0), Column::number("Amount", 1.0)],
            &[vec!["Cash at bank".into(), "\u{20a6}1,234.50".into()]],
        );
        let bytes = document.finish().expect("finished");

        let text = extracted_text(&bytes);
        for expected in [
            "\u{20a6}1,234.50",
            "Adébáyọ̀ Ọlájídé, Łódź",
            "Balance sheet",
            "page 1 of 1",
        ] {
            assert!(text.contains(expected), "{expected:?} not in {text:?}");
        }
    }

    #[test]
    fn the_embedded_fonts_are_subsets_far_smaller_than_the_font_files() {
        let mut document = Document::new("Test");
        document.paragraph("\u{20a6}1,234.50 paid to Ọlájídé");
        document.text("Total", 11.0, Weight::Bold);
        let bytes = document.finish().expect("finished");

        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("/Subtype /CIDFontType2"));
        assert!(text.contains("/Encoding /Identity-H"));
        assert!(text.contains("/ToUnicode"));
        assert!(text.contains("+DejaVuSans"), "a subset is named with a tag");
        // Both subsets, with everything else, in a fraction of one font file.
        let font_file = include_bytes!("../../fonts/DejaVuSans.ttf").len();
        assert!(
            bytes.len() * 10 < font_file,
            "{} bytes against a {font_file}-byte font",
            bytes.len()
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
        let bytes = document.finish().expect("finished");
        assert!(bytes.starts_with(b"%PDF-"));
        let text = extracted_text(&bytes);
        assert!(text.contains("JE-000199"));
        assert!(text.contains(&format!("Test \u{2014} page 3 of {pages}")));
    }
}
