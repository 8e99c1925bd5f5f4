import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** One accent (indigo) over a neutral gray scale; Inter when installed, else the system UI font. */
const accent: MantineColorsTuple = [
  '#eef2ff',
  '#e0e7ff',
  '#c7d2fe',
  '#a5b4fc',
  '#818cf8',
  '#6366f1',
  '#4f46e5',
  '#4338ca',
  '#3730a3',
  '#312e81',
];

const neutral: MantineColorsTuple = [
  '#fafafa',
  '#f4f4f5',
  '#e4e4e7',
  '#d4d4d8',
  '#a1a1aa',
  '#71717a',
  '#52525b',
  '#3f3f46',
  '#27272a',
  '#18181b',
];

export const FONT_STACK =
  'Inter, "Inter var", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'accent',
  primaryShade: 6,
  colors: { accent, gray: neutral },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '600' },
  fontFamilyMonospace:
    'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 500 } },
    Tooltip: {
      defaultProps: { withArrow: true, openDelay: 250, fz: 'xs', maw: 260, multiline: true },
    },
    Modal: {
      defaultProps: { overlayProps: { backgroundOpacity: 0.35, blur: 2 }, radius: 'lg' },
      styles: { title: { fontWeight: 600 } },
    },
    Menu: { defaultProps: { shadow: 'md', radius: 'md' } },
    Popover: { defaultProps: { shadow: 'md', radius: 'md' } },
  },
});
