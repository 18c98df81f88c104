/**
 * A user agent in words a person recognises ("Chrome on Linux", "Safari on iPhone"). No parser
 * package is installed and the profile needs only the browser family and the system, so a few
 * ordered rules do it (docs/decisions.md, "Sessions"); versions are left out on purpose.
 */
const BROWSERS: [RegExp, string][] = [
  // Order matters: each of these also says "Chrome" or "Safari" in its user agent.
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\bChrome\/|\bCriOS\/|\bHeadlessChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  // iPads and iPhones also say "like Mac OS X"; Android also says "Linux".
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Unknown device';

export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent?.trim().slice(0, 512) ?? '';
  if (!ua) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system)!;
  // A program rather than a browser (curl, an SDK): its product name says enough.
  const product = /^([A-Za-z][A-Za-z0-9._-]{0,29})\//.exec(ua)?.[1];
  return product ?? UNKNOWN_DEVICE;
}
