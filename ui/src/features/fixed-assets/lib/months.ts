/** The month before today's, `YYYY-MM`: the month a run usually closes. */
export function previousMonth(today: Date = new Date()): string {
  const d = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** The first day of today's year and today, ISO: the period schedule's default range. */
export function yearToDate(today: Date = new Date()): { from: string; to: string } {
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { from: `${today.getFullYear()}-01-01`, to: iso(today) };
}
