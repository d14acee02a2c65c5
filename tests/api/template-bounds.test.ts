import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATE_MAX_CHARS, TEMPLATE_MAX_DEPTH, TEMPLATE_MAX_ELEMENTS } from "../../domain/registry/template-bounds.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import type { ServiceContext } from "../../server/context.ts";
import { renderTemplate } from "../../server/features/certificates/render.ts";
import { serviceFor } from "../../server/engine/services.ts";
import { signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// A certificate template is bounded (size, elements, nesting) before the sanitiser runs, and the
// sanitiser and renderer do not hold up the server: a 1 MB template of 50,000 nested elements took
// 11.5 s to save while a health check waited 10 s behind it. Out of bounds is the template field's
// 422; the largest template within bounds is saved and rendered while the health check keeps
// answering. No timings are asserted, only the order in which answers arrive.

let server: TestServer;
let admin: ApiClient;
let ctx: ServiceContext;
let typeId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  const adminRow = await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow();
  ctx = { db: server.db, user: await loadAuthUser(server.db, adminRow.id) };
  const type = await admin.post("/backend/api/transaction_type", {
    name: "Bounded Template",
    custom_forms: [],
    template: "<p>For {{user_fullname}}.</p>",
  });
  expect(type.status, type.text).toBe(201);
  typeId = type.body.data.id;
});

afterAll(async () => {
  await server?.close();
});

const save = (template: string) =>
  admin.put(`/backend/api/transaction_type/${typeId}`, { name: "Bounded Template", custom_forms: [], template });

/** The largest template a request can bring within the bounds: every element allowed, as deep as allowed, ~0.9 MB. */
function largestAllowed(): string {
  const nested = TEMPLATE_MAX_DEPTH - 1;
  const blocks = Math.floor(TEMPLATE_MAX_ELEMENTS / TEMPLATE_MAX_DEPTH);
  const markup = `${'<div style="text-align:center">'.repeat(nested)}<span>{{user_fullname}} </span>${"</div>".repeat(nested)}`;
  // As much text as fits with the markup in a request body (1 MB with the JSON around it).
  const sentence = "Ang barangay ay nagpapatunay. ";
  const text = sentence.repeat(Math.floor((900_000 / blocks - markup.length) / sentence.length));
  const html = markup.replace("{{user_fullname}} ", `{{user_fullname}} ${text}`).repeat(blocks);
  expect(html.length).toBeLessThan(TEMPLATE_MAX_CHARS);
  return html;
}

/**
 * Runs `work` while health checks are asked without pause (a few at a time), and answers whether
 * a health check was answered after the work started and before it finished.
 */
async function healthAnsweredDuring(work: () => Promise<unknown>): Promise<{ during: number; statuses: number[] }> {
  const events: string[] = [];
  const statuses: number[] = [];
  let done = false;
  const poll = async () => {
    while (!done) {
      const res = await fetch(`${server.url}/healthz`);
      await res.text();
      statuses.push(res.status);
      events.push("health");
    }
  };
  // Warm: the pollers' connections are open before the work starts.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const pollers = Array.from({ length: 3 }, () => poll());
  await new Promise((resolve) => setTimeout(resolve, 20));
  events.push("start");
  try {
    await work();
  } finally {
    events.push("end");
    done = true;
    await Promise.all(pollers);
  }
  const start = events.indexOf("start");
  const end = events.indexOf("end");
  return { during: events.slice(start + 1, end).filter((e) => e === "health").length, statuses };
}

describe("certificate template bounds", () => {
  it("a template nested too deeply (1 MB, 50,000 levels) is the template field's 422, not a blocked server", async () => {
    const deep = `${"<div>".repeat(50_000)}{{user_fullname}}${"</div>".repeat(50_000)}`;
    const { during, statuses } = await healthAnsweredDuring(async () => {
      const res = await save(deep);
      expect(res.status, res.text.slice(0, 300)).toBe(422);
      expect(res.body.errors.template[0]).toMatch(/nests its elements too deeply/);
    });
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(during).toBeGreaterThanOrEqual(0);
    // Just over the bound is refused too, and just within it is not.
    const over = `${"<div>".repeat(TEMPLATE_MAX_DEPTH + 1)}x${"</div>".repeat(TEMPLATE_MAX_DEPTH + 1)}`;
    expect((await save(over)).status).toBe(422);
    const within = `${"<div>".repeat(TEMPLATE_MAX_DEPTH)}x${"</div>".repeat(TEMPLATE_MAX_DEPTH)}`;
    const ok = await save(within);
    expect(ok.status, ok.text).toBe(200);
  });

  it("too many elements, or too large, is the template field's 422 with its message", async () => {
    const many = await save("<p>a</p>".repeat(TEMPLATE_MAX_ELEMENTS + 1));
    expect(many.status).toBe(422);
    expect(many.body.errors.template[0]).toMatch(/too many elements/);
    // Larger than any request body carries: refused by the service itself, whatever the transport.
    const large = serviceFor("transaction_type").update(ctx, typeId, {
      name: "Bounded Template",
      custom_forms: [],
      template: `<p>${"x".repeat(TEMPLATE_MAX_CHARS)}</p>`,
    });
    await expect(large).rejects.toMatchObject({ status: 422, errors: { template: [expect.stringMatching(/too large/)] } });
    // Refused before anything was stored.
    const stored = await server.db.selectFrom("transaction_types").select("template").where("id", "=", typeId).executeTakeFirstOrThrow();
    expect(stored.template.length).toBeLessThan(1000);
  });

  it("the largest allowed template is saved and rendered while the health check keeps answering", async () => {
    const html = largestAllowed();
    let saved = "";
    const saving = await healthAnsweredDuring(async () => {
      const res = await save(html);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      saved = res.body.data.template;
    });
    expect(saving.statuses.every((s) => s === 200)).toBe(true);
    expect(saving.during).toBeGreaterThan(0);
    expect(saved.length).toBeGreaterThan(800_000);

    // Rendering runs in this process, as a print page's loader does: while it works, the server
    // (same process) must still answer.
    let rendered = "";
    const rendering = await healthAnsweredDuring(async () => {
      for (let i = 0; i < 3; i++) rendered = await renderTemplate(saved, { user_fullname: "Juan <b>Dela</b> Cruz" });
    });
    expect(rendering.statuses.every((s) => s === 200)).toBe(true);
    expect(rendering.during).toBeGreaterThan(0);
    expect(rendered).toContain("Juan &#60;b&#62;Dela&#60;/b&#62; Cruz");
    expect(rendered).not.toContain("{{user_fullname}}");
  });

  it("a preview or print of a stored template beyond the bounds is refused the same way, never sanitised", async () => {
    const deep = `${"<div>".repeat(TEMPLATE_MAX_DEPTH + 5)}x${"</div>".repeat(TEMPLATE_MAX_DEPTH + 5)}`;
    await expect(renderTemplate(deep, {})).rejects.toMatchObject({
      status: 422,
      errors: { template: [expect.stringMatching(/too deeply/)] },
    });
  });
});
