import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { prefetchMode, shouldPrefetch, subscribePrefetchConditions, usePrefetchMode, type NavigatorLike } from "./prefetch.ts";

describe("shouldPrefetch (spec §9)", () => {
  it.each<[string, NavigatorLike | undefined, boolean]>([
    ["no navigator (server)", undefined, true],
    ["online, no connection info", { onLine: true }, true],
    ["4g", { onLine: true, connection: { effectiveType: "4g" } }, true],
    ["3g", { onLine: true, connection: { effectiveType: "3g" } }, true],
    ["2g", { onLine: true, connection: { effectiveType: "2g" } }, false],
    ["slow-2g", { onLine: true, connection: { effectiveType: "slow-2g" } }, false],
    ["data saver", { onLine: true, connection: { effectiveType: "4g", saveData: true } }, false],
    ["data saver off", { onLine: true, connection: { effectiveType: "4g", saveData: false } }, true],
    ["offline", { onLine: false, connection: { effectiveType: "4g" } }, false],
    ["offline, no connection info", { onLine: false }, false],
    ["onLine unknown", {}, true],
  ])("%s → %s", (_label, nav, expected) => {
    expect(shouldPrefetch(nav)).toBe(expected);
    expect(prefetchMode(nav)).toBe(expected ? "intent" : "none");
  });
});

describe("subscribePrefetchConditions", () => {
  it("calls back on online, offline and connection change, until unsubscribed", () => {
    const win = new EventTarget();
    const connection = Object.assign(new EventTarget(), { effectiveType: "4g" });
    let changes = 0;
    const unsubscribe = subscribePrefetchConditions(() => void changes++, win, { onLine: true, connection });
    win.dispatchEvent(new Event("offline"));
    win.dispatchEvent(new Event("online"));
    connection.dispatchEvent(new Event("change"));
    expect(changes).toBe(3);
    unsubscribe();
    win.dispatchEvent(new Event("offline"));
    connection.dispatchEvent(new Event("change"));
    expect(changes).toBe(3);
  });

  it("works without a window or a connection object", () => {
    const unsubscribe = subscribePrefetchConditions(() => undefined, undefined, undefined);
    expect(() => unsubscribe()).not.toThrow();
  });
});

describe("usePrefetchMode", () => {
  it("renders 'intent' on the server", () => {
    function Probe() {
      return createElement("span", null, usePrefetchMode());
    }
    expect(renderToString(createElement(Probe))).toBe("<span>intent</span>");
  });
});
