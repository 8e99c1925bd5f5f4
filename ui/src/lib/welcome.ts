/** Spec §2/§9: the welcome dialog opens 1000 ms after load … */
export const WELCOME_DELAY_MS = 1000;
/** … only for users who joined within the last 2 days … */
export const WELCOME_JOINED_WITHIN_MS = 2 * 24 * 60 * 60 * 1000;

/** … and have not seen it yet. */
export function shouldOfferWelcome({
  dateJoined,
  nowMs,
  alreadyShown,
}: {
  dateJoined: string | null | undefined;
  nowMs: number;
  alreadyShown: boolean;
}): boolean {
  if (alreadyShown || !dateJoined) return false;
  const joinedMs = Date.parse(dateJoined);
  if (Number.isNaN(joinedMs)) return false;
  const age = nowMs - joinedMs;
  return age >= 0 && age <= WELCOME_JOINED_WITHIN_MS;
}
