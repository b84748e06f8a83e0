// Remembers dismissed bulletins. The stored-keys list (docs/product/constants.md#stored-keys) is fixed and owned
// by lib/storage, so this is a documented extra key, one per bulletin id:
// `hc_bulletin_dismissed_<id>` = "1". A new bulletin (new id) shows again.
const PREFIX = 'hc_bulletin_dismissed_';
const memory = new Set<number>();

export const bulletinDismissKey = (id: number) => `${PREFIX}${id}`;

export function isBulletinDismissed(id: number): boolean {
  if (memory.has(id)) return true;
  try {
    return window.localStorage.getItem(bulletinDismissKey(id)) === '1';
  } catch {
    return false;
  }
}

export function dismissBulletin(id: number): void {
  memory.add(id);
  try {
    window.localStorage.setItem(bulletinDismissKey(id), '1');
  } catch {
    /* the in-memory copy hides it for this page's lifetime */
  }
}

/** Tests only. */
export function resetBulletinMemory(): void {
  memory.clear();
}
