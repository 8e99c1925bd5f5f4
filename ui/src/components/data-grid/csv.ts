/** CSV for exports the grid cannot make itself (rows it never loaded). RFC 4180 quoting. */

function quote(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(quote).join(',')).join('\r\n');
}

/** Offers `text` as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Offers `blob` as a file download. */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
