import { describe, expect, test } from "vitest";
import { paginate } from "./engine.ts";

// DESIGN §7's meta of a list page, in Laravel's shape: every page on a short list; on a long one the
// first two, the last two and the pages around the current one, a "..." for each gap.
const labels = (page: number, lastPage: number) =>
  paginate([{ id: 1 }], lastPage * 15, page, 15, lastPage, "/api/x").meta.links.map((l) => l.label);

describe("paginate's page links", () => {
  test("a short list names every page", () => {
    expect(labels(3, 5)).toEqual(["&laquo; Previous", "1", "2", "3", "4", "5", "Next &raquo;"]);
  });

  test("a long list keeps the ends and the pages around the current one", () => {
    expect(labels(1, 66_667)).toEqual(["&laquo; Previous", "1", "2", "3", "...", "66666", "66667", "Next &raquo;"]);
    expect(labels(500, 66_667)).toEqual([
      "&laquo; Previous",
      "1",
      "2",
      "...",
      "498",
      "499",
      "500",
      "501",
      "502",
      "...",
      "66666",
      "66667",
      "Next &raquo;",
    ]);
    expect(labels(5, 13)).toEqual(["&laquo; Previous", "1", "2", "3", "4", "5", "6", "7", "...", "12", "13", "Next &raquo;"]);
    expect(labels(66_667, 66_667)).toEqual(["&laquo; Previous", "1", "2", "...", "66665", "66666", "66667", "Next &raquo;"]);
  });

  test("the current page is the active one and its neighbours are linked", () => {
    const { meta, links } = paginate([{ id: 1 }], 1_000_000, 500, 15, 66_667, "/api/x");
    expect(meta.links.filter((l) => l.active).map((l) => l.label)).toEqual(["500"]);
    expect(links).toEqual({ first: "/api/x?page=1", last: "/api/x?page=66667", prev: "/api/x?page=499", next: "/api/x?page=501" });
  });
});
