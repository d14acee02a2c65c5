// How big a certificate template may be. The sanitiser's and the renderer's work grows with the
// markup, and faster than linearly with its nesting: a 1 MB template of 50,000 nested elements took
// the server 11 s to save. The editor's own markup (paragraphs, a table, lists inside lists) stays
// far inside these bounds; images are data: URLs and count towards the size only.

/** Characters, images included: as much as a request body may carry (1 MB). */
export const TEMPLATE_MAX_CHARS = 1_000_000;
/** Elements (tags) in the whole template. */
export const TEMPLATE_MAX_ELEMENTS = 10_000;
/** Elements open inside one another at any point. */
export const TEMPLATE_MAX_DEPTH = 40;

const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

function isNameChar(code: number): boolean {
  // a-z, A-Z, 0-9, "-"
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45;
}

/**
 * Why a template is out of bounds, or null. One pass over the text with indexOf, no regular
 * expression that could backtrack, so it costs little even for a hostile input: it runs before
 * the sanitiser ever sees the template. Depth counts opening and closing tags (void elements and
 * `<x/>` open nothing); a tag never closed counts as still open, which only ever overstates it.
 */
export function templateBoundsError(html: string): string | null {
  if (html.length > TEMPLATE_MAX_CHARS) return "The template is too large (images included, at most 1 MB).";
  let elements = 0;
  let depth = 0;
  let at = html.indexOf("<");
  while (at >= 0) {
    const closing = html.charCodeAt(at + 1) === 47; // "/"
    const nameStart = at + (closing ? 2 : 1);
    let nameEnd = nameStart;
    while (nameEnd < html.length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    const first = html.charCodeAt(nameStart);
    const isTag = nameEnd > nameStart && ((first >= 97 && first <= 122) || (first >= 65 && first <= 90));
    if (!isTag) {
      at = html.indexOf("<", at + 1);
      continue;
    }
    const end = html.indexOf(">", nameEnd);
    if (end < 0) break; // no tag can follow: the rest is text
    if (closing) depth = Math.max(0, depth - 1);
    else {
      elements++;
      if (elements > TEMPLATE_MAX_ELEMENTS)
        return `The template has too many elements (more than ${TEMPLATE_MAX_ELEMENTS.toLocaleString("en-US")}); simplify its layout.`;
      const name = html.slice(nameStart, nameEnd).toLowerCase();
      if (!VOID_ELEMENTS.has(name) && html.charCodeAt(end - 1) !== 47) {
        depth++;
        if (depth > TEMPLATE_MAX_DEPTH)
          return `The template nests its elements too deeply (more than ${TEMPLATE_MAX_DEPTH} levels); simplify its layout.`;
      }
    }
    at = html.indexOf("<", end + 1);
  }
  return null;
}
