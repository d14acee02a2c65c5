import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type sanitizeHtml from "sanitize-html";
import { templateBoundsError } from "../../../domain/registry/template-bounds.ts";
import { ValidationError } from "../../errors.ts";

// Certificate templates are stored as sanitised HTML: a strict allow-list of
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
  // exclusiveFilter (a function) is added in the worker: an image whose src is not DATA_IMAGE is dropped.
  parser: { lowerCaseAttributeNames: true },
};

// The sanitiser runs in a worker thread of its own, so that parsing a large template never holds
// up the other requests (a health check waited 10 s behind one template). The worker is made on
// first use and ended after a minute without work; it is the only holder of sanitize-html's state.
// Its code is a string so that it travels inside the server's build; the options and DATA_IMAGE
// reach it as structured-clone data (regular expressions survive, functions do not).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const sanitizeHtml = require(workerData.module);
const dataImage = workerData.dataImage;
const options = { ...workerData.options, exclusiveFilter: (frame) => frame.tag === "img" && !dataImage.test(frame.attribs.src || "") };
parentPort.on("message", ({ id, html }) => {
  try {
    parentPort.postMessage({ id, html: sanitizeHtml(html, options).trim() });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

const IDLE_MS = 60_000;

interface Job {
  resolve(html: string): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 0;
const jobs = new Map<number, Job>();

function failAll(error: Error): void {
  for (const job of jobs.values()) job.reject(error);
  jobs.clear();
}

function sanitizer(): Worker {
  if (worker) return worker;
  const made = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { module: createRequire(import.meta.url).resolve("sanitize-html"), options: OPTIONS, dataImage: DATA_IMAGE },
    // A template is at most 1 MB: this is room enough, and a bound on what one can cost.
    resourceLimits: { maxOldGenerationSizeMb: 96 },
  });
  made.on("message", (message: { id: number; html?: string; error?: string }) => {
    const job = jobs.get(message.id);
    if (!job) return;
    jobs.delete(message.id);
    if (message.error != null) job.reject(new Error(`The template could not be sanitised: ${message.error}`));
    else job.resolve(message.html ?? "");
    if (jobs.size === 0) idle(made);
  });
  made.on("error", (error) => {
    if (worker === made) worker = null;
    failAll(error);
  });
  made.on("exit", () => {
    if (worker === made) worker = null;
    failAll(new Error("The template sanitiser stopped."));
  });
  worker = made;
  return made;
}

/** No work left: let the process exit without it, and end it after a while. */
function idle(w: Worker): void {
  w.unref();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (worker === w && jobs.size === 0) {
      worker = null;
      void w.terminate();
    }
  }, IDLE_MS);
  idleTimer.unref();
}

/**
 * The stored form of a template: only the allow-listed markup of the editor survives. A template
 * out of bounds (domain/registry/template-bounds.ts) is refused with the 422 of the template field
 * before the sanitiser sees it.
 */
export async function sanitizeTemplate(html: string): Promise<string> {
  const error = templateBoundsError(html);
  if (error) throw ValidationError.field("template", error);
  const w = sanitizer();
  w.ref(); // a caller is waiting: keep the process alive until the answer comes
  if (idleTimer) clearTimeout(idleTimer);
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    jobs.set(id, { resolve, reject });
    w.postMessage({ id, html: html.split(String.fromCharCode(0)).join("") });
  });
}

/** Escapes a value for HTML text and attribute context. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}
