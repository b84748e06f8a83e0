// Platform checks (docs/product/routes-and-screens.md#ios-visitors: users on iOS see a not-supported message).

/** iPhone, iPod, iPad, and iPadOS Safari which reports itself as a Mac with touch. */
export function isIosUserAgent(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  maxTouchPoints: number = typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints,
): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}
