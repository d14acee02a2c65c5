import { data } from "react-router";

// `redirectTo` after sign-in: only a same-origin page path is followed. A value
// holding NUL or other control characters, or malformed percent-encoding, is refused with 400;
// anything else that is not a page path (another origin, `//host`, a backslash) goes to
// /dashboard; a `.data` URL goes to its page. The answer's Location never holds a raw tab or newline.

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
export const REDIRECT_TO_INVALID = "The redirect address is not valid.";

/** The raw (still percent-encoded) values of one query parameter, as the client sent them. */
function rawParams(url: string, name: string): string[] {
  const q = url.indexOf("?");
  if (q < 0) return [];
  const end = url.indexOf("#", q);
  const query = url.slice(q + 1, end < 0 ? undefined : end);
  return query
    .split("&")
    .filter((part) => part.split("=")[0] === name)
    .map((part) => part.slice(name.length + 1));
}

/** Throws 400 when the address's redirectTo (as sent) holds malformed percent-encoding or control characters. */
export function checkRedirectToParam(requestUrl: string): void {
  for (const raw of rawParams(requestUrl, "redirectTo")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw.replace(/\+/g, " "));
    } catch {
      throw data(REDIRECT_TO_INVALID, { status: 400 });
    }
    if (CONTROL.test(decoded) || CONTROL.test(raw)) throw data(REDIRECT_TO_INVALID, { status: 400 });
  }
}

/** A posted redirectTo: control characters are a 400, like in the address. */
export function checkRedirectToValue(value: FormDataEntryValue | string | null | undefined): void {
  if (typeof value === "string" && CONTROL.test(value)) throw data(REDIRECT_TO_INVALID, { status: 400 });
}

/** The page path to follow after sign-in, or /dashboard. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined): string {
  const fallback = "/dashboard";
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.includes("\\") || CONTROL.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, "http://portal.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://portal.invalid") return fallback;
  // A React Router data request (`/x.data?_routes=…`, `/_root.data`) stands for its page: the user
  // lands on the page, never on the data URL's 404 (sign out, Back, sign in).
  if (/\.data$/i.test(url.pathname)) {
    url.pathname = url.pathname.replace(/\.data$/i, "").replace(/^\/_root$/, "/");
    url.searchParams.delete("index");
  }
  url.searchParams.delete("_routes");
  url.searchParams.delete("_data");
  if (url.pathname === "/" || url.pathname === "/login" || url.pathname === "/logout") return fallback;
  const path = url.pathname + url.search;
  return CONTROL.test(path) ? fallback : path;
}
