//! The typeface every PDF is set in: DejaVu Sans, regular and bold, vendored in
//! `query-api/fonts` (with its licence) and compiled into the binary, so a PDF never
//! depends on the fonts of the machine that makes it or of the one that shows it.
//!
//! A document embeds only the glyphs it uses (a subset made when it is finished), as a
//! Type0 font over a CIDFontType2 with the Identity-H encoding: each glyph is written as
//! its two-byte id in the subset, and a ToUnicode CMap maps those ids back to characters
//! so the text can be searched and copied. DejaVu Sans covers Latin, Greek, Cyrillic and
//! the currency signs (the naira sign among them); a character it lacks prints as `?`.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Finish, Name, Pdf, Rect, Ref, Str};
use sha2::{Digest, Sha256};
use subsetter::GlyphRemapper;
use ttf_parser::{Face, GlyphId};

use super::Weight;

const REGULAR_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// What a character the font lacks is shown as.
const MISSING: char = '?';

/// One weight of the typeface: its file and its parsed tables.
pub struct Typeface {
    /// The PostScript name, the base of the subset's name.
    name: &'static str,
    data: &'static [u8],
    face: Face<'static>,
    /// Font units per em: glyph metrics are in these.
    units_per_em: f32,
}

static REGULAR: LazyLock<Typeface> = LazyLock::new(|| Typeface::load("DejaVuSans", REGULAR_TTF));
static BOLD: LazyLock<Typeface> = LazyLock::new(|| Typeface::load("DejaVuSans-Bold", BOLD_TTF));

/// The typeface of `weight`.
pub fn typeface(weight: Weight) -> &'static Typeface {
    match weight {
        Weight::Regular => &REGULAR,
        Weight::Bold => &BOLD,
    }
}

impl Typeface {
    fn load(name: &'static str, data: &'static [u8]) -> Self {
        // The file is part of the binary and a unit test parses both weights, so a
        // failure here is a broken build, not bad input.
        let face = Face::parse(data, 0).expect("the vendored DejaVu Sans parses");
        let units_per_em = f32::from(face.units_per_em());
        Self {
            name,
            data,
            face,
            units_per_em,
        }
    }

    /// The character `c` is shown as: layout whitespace as a space, a character the font
    /// lacks as [`MISSING`].
    fn shown(&self, c: char) -> char {
        let c = if c.is_whitespace() { ' ' } else { c };
        if self.face.glyph_index(c).is_some() {
            c
        } else {
            MISSING
        }
    }

    fn glyph(&self, c: char) -> GlyphId {
        self.face.glyph_index(c).unwrap_or(GlyphId(0))
    }

    /// A glyph's advance in thousandths of the font size (the PDF's glyph space).
    fn advance(&self, glyph: GlyphId) -> f32 {
        f32::from(self.face.glyph_hor_advance(glyph).unwrap_or(0)) * 1000.0 / self.units_per_em
    }

    /// How wide `text` sets at `size`, in points.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let units: f32 = text
            .chars()
            .map(|c| self.advance(self.glyph(self.shown(c))))
            .sum();
        units * size / 1000.0
    }

    fn scaled(&self, units: i16) -> f32 {
        f32::from(units) * 1000.0 / self.units_per_em
    }
}

/// The glyphs one document uses of one typeface, numbered as its subset numbers them.
#[derive(Default)]
pub struct Subset {
    remapper: GlyphRemapper,
    /// Each subset glyph's character, for the ToUnicode map.
    text: BTreeMap<u16, char>,
}

impl Subset {
    /// `text` as the subset's two-byte glyph ids (Identity-H), adding its glyphs.
    pub fn encode(&mut self, face: &Typeface, text: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(text.len() * 2);
        for c in text.chars() {
            let shown = face.shown(c);
            let cid = self.remapper.remap(face.glyph(shown).0);
            self.text.entry(cid).or_insert(shown);
            out.extend(cid.to_be_bytes());
        }
        out
    }

    /// Writes the font at `id` and its parts at the next four ids (the CID font, its
    /// descriptor, the subset font file, the ToUnicode map).
    pub fn write(&self, pdf: &mut Pdf, face: &Typeface, id: Ref) -> Result<(), subsetter::Error> {
        let cid_font = Ref::new(id.get() + 1);
        let descriptor = Ref::new(id.get() + 2);
        let file = Ref::new(id.get() + 3);
        let to_unicode = Ref::new(id.get() + 4);

        let subset = subsetter::subset(face.data, 0, &self.remapper)?;
        // A subset is named with a tag of six capitals naming its glyph set (PDF 9.6.4).
        let digest = Sha256::digest(
            self.remapper
                .remapped_gids()
                .flat_map(u16::to_be_bytes)
                .collect::<Vec<u8>>(),
        );
        let tag: String = digest
            .iter()
            .take(6)
            .map(|b| char::from(b'A' + b % 26))
            .collect();
        let base_font = format!("{tag}+{}", face.name);
        let base_font = Name(base_font.as_bytes());

        pdf.type0_font(id)
            .base_font(base_font)
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid_font)
            .to_unicode(to_unicode);

        let system_info = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        };
        let mut cid = pdf.cid_font(cid_font);
        cid.subtype(CidFontType::Type2)
            .base_font(base_font)
            .system_info(system_info)
            .font_descriptor(descriptor)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        // The subset's glyphs are numbered 0.. in the order they were first used.
        let widths: Vec<f32> = self
            .remapper
            .remapped_gids()
            .map(|old| face.advance(GlyphId(old)))
            .collect();
        cid.widths().consecutive(0, widths);
        cid.finish();

        let bbox = face.face.global_bounding_box();
        let mut flags = FontFlags::NON_SYMBOLIC;
        if face.face.is_monospaced() {
            flags |= FontFlags::FIXED_PITCH;
        }
        pdf.font_descriptor(descriptor)
            .name(base_font)
            .flags(flags)
            .bbox(Rect::new(
                face.scaled(bbox.x_min),
                face.scaled(bbox.y_min),
                face.scaled(bbox.x_max),
                face.scaled(bbox.y_max),
            ))
            .italic_angle(0.0)
            .ascent(face.scaled(face.face.ascender()))
            .descent(face.scaled(face.face.descender()))
            .cap_height(face.scaled(face.face.capital_height().unwrap_or(0)))
            .stem_v(if face.face.is_bold() { 140.0 } else { 80.0 })
            .font_file2(file);

        let length = i32::try_from(subset.len()).unwrap_or(i32::MAX);
        pdf.stream(file, &subset).pair(Name(b"Length1"), length);

        let mut cmap = UnicodeCmap::new(Name(b"Ledgerline-UTF16"), system_info);
        for (cid, c) in &self.text {
            cmap.pair(*cid, *c);
        }
        pdf.cmap(to_unicode, &cmap.finish());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_weights_parse_and_have_the_naira_sign() {
        for weight in [Weight::Regular, Weight::Bold] {
            let face = typeface(weight);
            assert!(face.face.glyph_index('\u{20a6}').is_some(), "{}", face.name);
            assert!(face.width("\u{20a6}", 10.0) > 0.0);
        }
    }

    #[test]
    fn a_character_the_font_lacks_is_shown_as_a_question_mark() {
        let face = typeface(Weight::Regular);
        // A CJK ideograph: DejaVu Sans has none.
        assert_eq!(face.shown('\u{4e2d}'), MISSING);
        assert_eq!(face.shown('\t'), ' ');
        assert_eq!(face.shown('\u{e9}'), '\u{e9}');
    }

    #[test]
    fn glyph_ids_are_numbered_in_order_of_first_use_after_notdef() {
        let face = typeface(Weight::Regular);
        let mut subset = Subset::default();
        assert_eq!(subset.encode(face, "aba"), vec![0, 1, 0, 2, 0, 1]);
    }
}
