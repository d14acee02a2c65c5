import { describe, expect, it } from "vitest";
import { allResources } from "@domain/registry";
import { hubTitleOf, pageTitle, pageTitleOf, titleFromRouteName, translatedTitle } from "./titles";
import { m } from "@domain/i18n";

// Page titles in the reader's language (issue 33 item 4): the spec's English rule unchanged, and a
// Filipino title for every route name the portal gives titles.ts (the registry's list pages and the
// routes' own names), so a new page whose title has no message fails here.

const ROUTE_NAMES = [
  "Maps",
  "appointments",
  "dashboard",
  "home",
  "login",
  "manage-businesses",
  "manage-cheque_issuances",
  "manage-collections",
  "manage-disaster_prone_areas",
  "manage-households",
  "manage-remittances",
  "manage-remittances-search",
  "manage-residents",
  "manage-residents-id-location",
  "manage-residents-id-profile",
  "manage-residents-id-transactions",
  "manage-transactions",
  "notifications",
  "print",
  "queue",
  "queue-display",
  "queue-kiosk",
  "queue-ticket",
  "reports",
  "system-blocklist",
  "system-blocklist-entry",
  "system-parameters",
  "system-parameters-officials",
  "system-parameters-transaction_types",
  "system-permissions",
  "system-roles",
  "system-settings-account",
  "system-settings-notifications",
  "system-settings-security",
  "system-users",
  "system-users-user",
  "test",
  "verify-collection",
  "verify-kp_certification",
  "verify-transaction",
];

const listRouteNames = () => allResources().map((def) => def.path.replace(/^\//, "").replace(/\//g, "-"));

describe("page titles", () => {
  it("keep the spec's English rule", () => {
    expect(pageTitle("manage-residents-id-profile")).toBe("Profile | Portal");
    expect(pageTitle("system-parameters-bank_accounts")).toBe("Bank Accounts | Portal");
    expect(pageTitle("")).toBe("Portal");
    expect(pageTitleOf("Not Found")).toBe("Not Found | Portal");
  });

  it("have a Filipino title for every route name the portal uses", () => {
    for (const name of [...ROUTE_NAMES, ...listRouteNames()]) {
      const english = titleFromRouteName(name);
      expect(translatedTitle(english), `${name} → ${english}`).toBe(english); // outside a request: English
      const message = m as unknown as Record<string, (i?: object, o?: { locale: "en" | "fil" }) => string>;
      const key = Object.keys(message).find((k) => k.startsWith("shell_title_") && message[k]({}, { locale: "en" }) === english);
      expect(key, `a shell_title_… message for "${english}" (${name})`).toBeDefined();
    }
  });

  it("a hub page's title: its words in the reader's language, then the hub's name", async () => {
    const { inLanguage } = await import("../../server/http/locale.ts");
    expect(inLanguage("en", () => hubTitleOf(m.people_hub_rollups()))).toBe("Roll-ups | Hub");
    const filipino = inLanguage("fil", () => hubTitleOf(m.people_hub_rollups()));
    expect(filipino).toBe(`${m.people_hub_rollups({}, { locale: "fil" })} | Hub`);
    expect(filipino).not.toBe("Roll-ups | Hub");
  });
});
