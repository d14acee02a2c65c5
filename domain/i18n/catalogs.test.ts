import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The catalogs a translator edits (issue 33 item 4, docs/decisions/219): every area's English and
// Filipino files hold the same messages with the same parameters, none empty, each key named after
// its area (so that two areas never define one key), and every area file is one the project compiles.

const root = path.resolve(import.meta.dirname, "../..");
const settings = JSON.parse(fs.readFileSync(path.join(root, "project.inlang/settings.json"), "utf8")) as {
  locales: string[];
  "plugin.inlang.messageFormat": { pathPattern: string[] };
};
const areas = settings["plugin.inlang.messageFormat"].pathPattern.map((p) => /\/([\w-]+)\.json$/.exec(p)![1]);

function catalog(locale: string, area: string): Record<string, string> {
  const { $schema, ...messages } = JSON.parse(fs.readFileSync(path.join(root, "messages", locale, `${area}.json`), "utf8")) as Record<string, string>;
  void $schema;
  return messages;
}

const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the message catalogs", () => {
  it("compile every area file there is, in both languages", () => {
    expect(settings.locales).toEqual(["en", "fil"]);
    for (const locale of settings.locales) {
      const files = fs.readdirSync(path.join(root, "messages", locale)).filter((f) => f.endsWith(".json"));
      expect(files.map((f) => f.replace(/\.json$/, "")).sort(), `messages/${locale}`).toEqual([...areas].sort());
    }
  });

  for (const area of areas) {
    it(`${area}: the same keys and parameters in English and Filipino, none empty, named after the area`, () => {
      const en = catalog("en", area);
      const fil = catalog("fil", area);
      expect(Object.keys(fil).sort(), `messages/fil/${area}.json has the keys of messages/en/${area}.json`).toEqual(Object.keys(en).sort());
      const prefix = `${area.replace(/-/g, "_")}_`;
      for (const [key, text] of Object.entries(en)) {
        expect(key.startsWith(prefix), `${key} starts with ${prefix}`).toBe(true);
        expect(text.trim(), `en ${key}`).not.toBe("");
        expect(fil[key].trim(), `fil ${key}`).not.toBe("");
        expect(params(fil[key]), `the parameters of fil ${key}`).toEqual(params(text));
      }
    });
  }

  it("the lint rule's folder lists name files that exist", () => {
    const dir = path.join(root, "messages/checked");
    for (const name of fs.readdirSync(dir)) {
      for (const line of fs.readFileSync(path.join(dir, name), "utf8").split("\n")) {
        const glob = line.trim();
        if (!glob || glob.startsWith("#")) continue;
        const fixed = glob.split("*")[0].replace(/\/$/, "");
        expect(fs.existsSync(path.join(root, fixed)), `${name}: ${glob}`).toBe(true);
      }
    }
  });
});
