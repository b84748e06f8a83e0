// Times on the wire are Unix seconds (ARCHITECTURE.md "The envelope"): the one conversion from
// JavaScript milliseconds or a Date, rounded down, used by the web and the gateway signing.

/** Milliseconds since the epoch (or a Date) -> whole Unix seconds, rounded down. */
export function toUnixSeconds(msOrDate: number | Date): number {
  const ms = typeof msOrDate === 'number' ? msOrDate : msOrDate.getTime();
  return Math.floor(ms / 1000);
}
