import sanitizeHtml from "sanitize-html";

// Certificate templates are stored as sanitised HTML (issue 11 item 1): a strict allow-list of
// the editor's own markup. No script, no event handler, no link, no remote URL: an image is a
// data: URL of a raster type (the barangay seal, a scanned signature), or it is dropped.

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;
const ALIGN = [/^(left|right|center|justify)$/];
const LENGTH = [/^\d{1,4}(\.\d{1,2})?(px|%|mm|cm|in|pt|em)$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "blockquote",
    "table",
    "colgroup",
    "col",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
    "div",
    "img",
  ],
  allowedAttributes: {
    "*": ["style"],
    span: ["style", "class", "data-placeholder"],
    img: ["src", "alt", "width", "height", "style", "data-align"],
    td: ["colspan", "rowspan", "colwidth", "style"],
    th: ["colspan", "rowspan", "colwidth", "style"],
    col: ["style", "span"],
    ol: ["start", "style"],
  },
  allowedClasses: { span: ["placeholder-chip"] },
  allowedStyles: {
    "*": {
      "text-align": ALIGN,
      "font-size": [/^\d{1,2}(\.\d)?pt$/],
      "font-weight": [/^(bold|normal|[1-9]00)$/],
      "text-indent": LENGTH,
      "margin-left": LENGTH,
      "text-transform": [/^(uppercase|none)$/],
      "break-before": [/^(page|auto)$/],
      "page-break-before": [/^(always|auto)$/],
    },
    img: { width: LENGTH, height: LENGTH, float: [/^(left|right|none)$/], "margin-left": LENGTH, "margin-right": LENGTH },
    td: { width: LENGTH, "min-width": LENGTH, "text-align": ALIGN, "vertical-align": [/^(top|middle|bottom)$/] },
    th: { width: LENGTH, "min-width": LENGTH, "text-align": ALIGN },
    col: { width: LENGTH, "min-width": LENGTH },
  },
  // src is checked whole by the filter below; no other attribute carries a URL.
  allowedSchemes: [],
  allowedSchemesByTag: { img: ["data"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  exclusiveFilter: (frame) => frame.tag === "img" && !DATA_IMAGE.test(frame.attribs.src ?? ""),
  parser: { lowerCaseAttributeNames: true },
};

/** The stored form of a template: only the allow-listed markup of the editor survives. */
export function sanitizeTemplate(html: string): string {
  return sanitizeHtml(html.split(String.fromCharCode(0)).join(""), OPTIONS).trim();
}

/** Escapes a value for HTML text and attribute context. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}
