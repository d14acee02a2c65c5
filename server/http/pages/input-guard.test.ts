import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { describe, expect, it } from "vitest";
import { inputGuard, NOT_FOUND_MESSAGE } from "./input-guard.server.ts";

// On the page transport, a malformed percent-encoded path is a 404, a NUL byte in
// the query or a posted form field is a 422 naming the field.

type Args = Parameters<MiddlewareFunction<Response>>[0];
const next = () => Promise.resolve(new Response(null));

function args(url: string, init?: RequestInit): Args {
  return { request: new Request(url, init), context: new RouterContextProvider(), params: {}, unstable_pattern: "" } as unknown as Args;
}

async function thrown(fn: () => unknown): Promise<{ data: unknown; init: ResponseInit | null }> {
  try {
    await fn();
  } catch (error) {
    return error as { data: unknown; init: ResponseInit | null };
  }
  throw new Error("expected a throw");
}

describe("inputGuard", () => {
  it("lets ordinary requests through and leaves the form readable", async () => {
    expect(await inputGuard(args("http://portal.test/manage/residents/12?search=ni%C3%B1o"), next)).toBeUndefined();
    const a = args("http://portal.test/manage/residents", { method: "POST", body: new URLSearchParams({ name: "Juan" }) });
    expect(await inputGuard(a, next)).toBeUndefined();
    expect((await a.request.formData()).get("name")).toBe("Juan");
  });

  it("answers 404 to a path that is not valid percent-encoding", async () => {
    for (const url of [
      "http://portal.test/manage/residents/%E0%A4%A",
      "http://portal.test/system/users/%ZZ",
      "http://portal.test/manage/residents/%E0%A4%A/profile",
    ]) {
      const error = await thrown(() => inputGuard(args(url), next));
      expect(error.init?.status).toBe(404);
      expect(error.data).toBe(NOT_FOUND_MESSAGE);
    }
  });

  it("answers 422 naming the field to a NUL byte in the query", async () => {
    const error = await thrown(() => inputGuard(args("http://portal.test/manage/residents?search=a%00b"), next));
    expect(error.init?.status).toBe(422);
    expect(error.data).toBe("The search must not contain NUL characters.");
  });

  it("answers 422 naming the field to a NUL byte in a posted form field", async () => {
    const body = new URLSearchParams({ intent: "create", "user_profile.firstname": "Ju\u0000an" });
    const error = await thrown(() => inputGuard(args("http://portal.test/manage/residents", { method: "POST", body }), next));
    expect(error.init?.status).toBe(422);
    expect(error.data).toBe("The firstname must not contain NUL characters.");
    const multipart = new FormData();
    multipart.set("name", "x\u0000");
    const error2 = await thrown(() =>
      inputGuard(args("http://portal.test/system/parameters/banks", { method: "POST", body: multipart }), next),
    );
    expect(error2.init?.status).toBe(422);
  });
});
