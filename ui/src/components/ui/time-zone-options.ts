/** The IANA zones the picker offers, with their offset now, as people write it. */

/** `UTC+01:00` for Africa/Lagos at `at`: the zone's offset then. */
export function zoneOffsetLabel(zone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  // `GMT` alone is UTC itself; otherwise `GMT+01:00`.
  const offset = !part || part === 'GMT' ? '+00:00' : part.slice(3);
  return `UTC${offset.replace('-', '−')}`;
}

/** Every zone the browser knows, plus `extra` (a stored name it may lack), sorted. */
export function timeZoneNames(extra: readonly string[] = []): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, ...extra])].sort((a, b) => a.localeCompare(b));
}

export function timeZoneOptions(extra: readonly string[] = []): { value: string; label: string }[] {
  return timeZoneNames(extra).map((zone) => {
    let label = zone;
    try {
      label = `${zone} (${zoneOffsetLabel(zone)})`;
    } catch {
      // A stored name this browser cannot format is still shown by name.
    }
    return { value: zone, label };
  });
}
