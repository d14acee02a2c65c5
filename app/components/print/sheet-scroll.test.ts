import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SheetTableScroll } from "./sheet-scroll";

describe("SheetTableScroll (report print views, the RCD and the RAAF)", () => {
  it("scrolls a wide table on screen, lays it out whole on paper, and is a named, focusable region", () => {
    const html = renderToStaticMarkup(
      React.createElement(SheetTableScroll, { label: "A. Collections", children: React.createElement("table") }),
    );
    expect(html).toMatch(/class="[^"]*overflow-x-auto[^"]*print:overflow-visible/);
    expect(html).toContain('role="region"');
    expect(html).toContain('aria-label="A. Collections"');
    expect(html).toContain('tabindex="0"');
    expect(html).toContain("<table></table>");
  });
});
