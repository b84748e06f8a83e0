// What the list of signed-in devices shows of a session (docs/product/account.md#signed-in-devices):
// a browser and system name read from the User-Agent header, and the address with its last part
// hidden. Only well-known names are recognised; anything else is null (the page says "Unknown").

export interface DeviceSummary {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge, Opera, Samsung Internet and the in-app browsers also say "Chrome" or
// "Safari", so they are tested first.
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/MicroMessenger\//, 'WeChat'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

function first(ua: string, table: ReadonlyArray<readonly [RegExp, string]>): string | null {
  for (const [pattern, name] of table) if (pattern.test(ua)) return name;
  return null;
}

export function deviceSummary(userAgent: string | null | undefined): DeviceSummary {
  if (userAgent === null || userAgent === undefined || userAgent === '')
    return { browser: null, os: null };
  return { browser: first(userAgent, BROWSERS), os: first(userAgent, SYSTEMS) };
}

/** `203.0.113.7` → `203.0.113.*`; an IPv6 address keeps its first three groups. */
export function maskIp(ip: string | null | undefined): string | null {
  if (ip === null || ip === undefined || ip === '') return null;
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4?.[1] !== undefined) return `${v4[1]}.*`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter((g) => g !== '');
    return `${groups.slice(0, 3).join(':')}:*`;
  }
  return '*';
}
