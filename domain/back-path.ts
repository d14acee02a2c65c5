// Where a modal opened from a record page returns: `?back=/system/users/7` on the
// list's address. Cancel, Escape and a save all go back there. Only a path of this portal is
// followed, so the parameter cannot send anyone to another site.

export const BACK_PARAM = "back";

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The value as a same-origin page path ("/x/y?z"), or null when it is anything else. */
export function safeBackPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\") || CONTROL.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, "http://portal.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://portal.invalid" || /\.data$/i.test(url.pathname)) return null;
  return url.pathname + url.search;
}

/** The `back` path a query string carries ("?modal=update&id=7&back=%2Fsystem%2Fusers%2F7"), if valid. */
export function backPathOf(search: string): string | null {
  return safeBackPath(new URLSearchParams(search).get(BACK_PARAM));
}

/** A list address that opens a modal and returns to `here` when it closes. */
export function withBack(href: string, here: string): string {
  return `${href}${href.includes("?") ? "&" : "?"}${BACK_PARAM}=${encodeURIComponent(here)}`;
}
