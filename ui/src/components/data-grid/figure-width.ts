/**
 * How wide a cell's figure is, worked out from its text with the grid's font on a canvas:
 * nothing on the page is laid out to find it. ag-grid's own auto-size copies each drawn
 * cell into the page and measures it there, forcing a layout per column, and sees only
 * the rows in view; this sees every row the grid holds.
 */

/** Pixels of a cell around its text: 12 px a side (the grid theme's padding, its border in it). */
export const CELL_CHROME_PX = 24;
/** Kept spare beside the widest figure, so a rounding of the font never cuts its last digit. */
export const FIGURE_SPARE_PX = 4;
/** Where no canvas can measure (jsdom in unit tests): a wide digit of a 13 px font. */
const FALLBACK_CHAR_PX = 8;

export type Measure = (text: string) => number;

/**
 * The width of `text` with tabular figures: each digit `digitPx` wide, the rest as
 * `measure` (drawing proportional figures) finds it.
 */
export function tabularWidth(text: string, measure: Measure, digitPx: number): number {
  const digits = text.replace(/[^0-9]/g, '').length;
  return measure(text.replace(/[0-9]/g, '')) + digits * digitPx;
}

const measures = new Map<string, Measure>();

function canvasContext(): OffscreenCanvasRenderingContext2D | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  return new OffscreenCanvas(1, 1).getContext('2d');
}

/**
 * A measure of text in a CSS `font`, with tabular figures (`.ledger-money`): every digit
 * is as wide as the widest, which a canvas, drawing proportional figures, is told by
 * measuring the digits apart from the rest.
 */
function measureFor(font: string): Measure {
  const known = measures.get(font);
  if (known) return known;
  const context = canvasContext();
  let measure: Measure;
  if (!context) {
    measure = (text) => text.length * FALLBACK_CHAR_PX;
  } else {
    context.font = font;
    const proportional: Measure = (text) => context.measureText(text).width;
    const digit = Math.max(...'0123456789'.split('').map(proportional));
    measure = (text) => tabularWidth(text, proportional, digit);
  }
  measures.set(font, measure);
  return measure;
}

/** The column width (px) that shows the widest of `texts` whole in a cell drawn in `font`. */
export function columnWidthForFigures(texts: Iterable<string>, font: string): number {
  const measure = measureFor(font);
  let widest = 0;
  for (const text of texts) if (text) widest = Math.max(widest, measure(text));
  return Math.ceil(widest) + CELL_CHROME_PX + FIGURE_SPARE_PX;
}
