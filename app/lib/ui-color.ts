// Small colour helpers for avatars and badges: pick near-black or white text for a background so
// the pair meets WCAG 2.2 AA (4.5:1).

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function parseHexColor(hex: string | null | undefined): [number, number, number] | null {
  if (!hex) return null;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

export function relativeLuminance(rgb: [number, number, number]): number {
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const NEAR_BLACK: [number, number, number] = [0x1c, 0x19, 0x17];
const WHITE: [number, number, number] = [0xff, 0xff, 0xff];

/** "#1c1917" or "#ffffff", whichever reads better on the background. */
export function readableTextOn(background: string | null | undefined): string {
  const rgb = parseHexColor(background);
  if (!rgb) return "#1c1917";
  return contrastRatio(rgb, NEAR_BLACK) >= contrastRatio(rgb, WHITE) ? "#1c1917" : "#ffffff";
}

/** Up to two initials from a name: "Barangay Administrator" → "BA". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0][0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1][0] ?? "") : "";
  return (first + last).toUpperCase();
}
