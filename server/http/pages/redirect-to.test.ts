import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect-to.server.ts";

// Where sign-in leads.

describe("safeRedirect", () => {
  it("follows a page path of the portal", () => {
    expect(safeRedirect("/manage/residents?page=2")).toBe("/manage/residents?page=2");
  });

  it("a React Router data URL leads to its page, not to the data URL's 404", () => {
    expect(safeRedirect("/manage/residents.data?_routes=routes%2Flayouts%2Fdefault%2Cresource-resident")).toBe("/manage/residents");
    expect(safeRedirect("/manage/residents.data?page=2&_routes=x")).toBe("/manage/residents?page=2");
    expect(safeRedirect("/system/settings.data?index&_routes=x")).toBe("/system/settings");
    expect(safeRedirect("/manage/residents?_routes=x")).toBe("/manage/residents");
    // The root's data URL is the home page: after sign-in that is the dashboard (spec §2.2).
    expect(safeRedirect("/_root.data")).toBe("/dashboard");
  });

  it("anything that is not a page of the portal goes to the dashboard", () => {
    for (const to of ["https://evil.example/", "//evil.example", "/\\evil", "dashboard", "/login", "/logout", "/", null, undefined])
      expect(safeRedirect(to)).toBe("/dashboard");
  });
});
