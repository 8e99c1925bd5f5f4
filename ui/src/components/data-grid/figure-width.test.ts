import {
  CELL_CHROME_PX,
  FIGURE_SPARE_PX,
  columnWidthForFigures,
  tabularWidth,
} from './figure-width';

const FONT = '600 13px sans-serif';

describe('tabularWidth', () => {
  it('counts every digit as wide as the widest digit, and measures the rest as drawn', () => {
    const measured: string[] = [];
    const width = tabularWidth(
      '(₦1,234.50)',
      (text) => {
        measured.push(text);
        return text.length * 5;
      },
      7,
    );
    expect(measured).toEqual(['(₦,.)']);
    expect(width).toBe(5 * 5 + 6 * 7);
  });
});

describe('columnWidthForFigures', () => {
  // jsdom has no canvas: each character counts 8 px there.
  it('is the widest figure with the cell’s padding and a spare pixel or four', () => {
    expect(columnWidthForFigures(['₦1.00', '₦12,345.00', ''], FONT)).toBe(
      10 * 8 + CELL_CHROME_PX + FIGURE_SPARE_PX,
    );
  });

  it('is only the padding and spare when the column has no figure', () => {
    expect(columnWidthForFigures(['', ''], FONT)).toBe(CELL_CHROME_PX + FIGURE_SPARE_PX);
  });
});
