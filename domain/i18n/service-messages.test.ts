import { globSync, readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { translatedMessage, translatedNotification } from "./server-messages.ts";

// Every message a service can answer a user with has a catalog entry (issue 33 item 4: "a test fails
// when a UI string is not in the catalog", the server's half). The services write the spec's
// English; the edge translates it by pattern (server-messages.ts). This test reads the services'
// source, finds the texts that reach a user — thrown with an AppError or a ValidationError, a
// zod schema's `message`/`error`, a refine's or a refuse's text, a `message:` returned to a page,
// a row's `reasons`/`notes`, an exported MSG_…/…MESSAGE constant — and checks that each reads
// differently in Filipino. A template's `${…}` parts are filled with a sample ("7"), which every
// parameter of a pattern matches.
//
// Not for users: the command-line tools' and the start-up's texts (their reader is an operator at a
// terminal), and a programmer's error (a broken registry, a missing composition). What is not
// translated yet is listed in untranslated-messages.txt, a list that only shrinks: a new message
// outside it fails, and so does a listed one once it is translated (strike it from the list).

const OPERATOR_FILES = [
  /^server\/(app|env|index|seed[^/]*|database-loss)\.ts$/,
  /^server\/features\/(transfer|psgc)\//,
  /^server\/features\/privacy\/backup\.ts$/,
  /^server\/http\/trust-proxy\.ts$/,
  /^server\/engine\/services\.ts$/,
  /^domain\/registry\/index\.ts$/,
  /^domain\/(dates|money)\.ts$/,
  /^server\/http\/rest\/openapi\.ts$/,
];

/**
 * Sample records the seed stores, which the office then keeps and edits as its own data, not the
 * program's words: the ready certificate templates' form fields ("CTC number", read as the type's
 * own labels wherever it is asked) and the demo's void reasons ("Torn while printing", a reason as a
 * clerk would type it). `field(…)` there builds a template's field, not a ValidationError's.
 */
const SAMPLE_DATA = [/^server\/features\/certificates\/templates\.ts$/, /^server\/features\/[^/]+\/seed\.ts$/];

/** A programmer's error inside a service that may answer users: never shown, a 500's "Server Error" is. */
const PROGRAMMER_ERRORS = [
  /has no column/,
  /runs inside its caller's transaction/,
  /must not run inside another transaction/,
  /^No service context for/,
  /^Not a calendar date:/,
  /^No LTIA criterion/,
  /^The template sanitiser stopped\.$/,
];

const CALLEES =
  /^(fail|refuse|refuseOnHub|refuseNonEmpty|failAll|reject|refuseUnlessEmptyFirst|field|refine|min|max|length|regex|notFound)$/;

/** Whether a string sits where a user reads it: climbs through the expressions that only pass it on. */
function reachesUser(node: ts.Node): boolean {
  let n: ts.Node = node;
  for (;;) {
    const p = n.parent;
    if (!p) return false;
    if (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isArrayLiteralExpression(p) || ts.isSatisfiesExpression(p)) n = p;
    else if (ts.isConditionalExpression(p) && p.condition !== n) n = p;
    else if (ts.isBinaryExpression(p) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(p.operatorToken.kind))
      n = p;
    else if (ts.isArrowFunction(p) && p.body === n) n = p;
    else if (ts.isPropertyAssignment(p) && p.initializer === n) {
      if (/^(message|error|refusal|reason|problem|note)$/.test(p.name.getText())) return true;
      n = p.parent;
    } else if (ts.isObjectLiteralExpression(p)) n = p;
    else if (ts.isNewExpression(p)) return /(AppError|ValidationError)$/.test(p.expression.getText());
    else if (ts.isCallExpression(p) && p.arguments.includes(n as ts.Expression)) {
      const callee = ts.isPropertyAccessExpression(p.expression) ? p.expression.name.text : p.expression.getText();
      if (callee === "push") return /reasons|notes|problems/i.test((p.expression as ts.PropertyAccessExpression).expression.getText());
      return CALLEES.test(callee);
    } else if (ts.isVariableDeclaration(p)) return /^(MSG_|[A-Z_]*MESSAGES?$)/.test(p.name.getText());
    else return ts.isThrowStatement(p);
  }
}

/** The user-facing texts of the services: "file:line<TAB>text" with `${…}` as "7". */
function serviceMessages(): { site: string; text: string }[] {
  const files = [...globSync("server/**/*.ts"), ...globSync("domain/**/*.ts")]
    .filter((f) => !f.endsWith(".test.ts") && !f.endsWith(".d.ts") && !f.includes("/paraglide/"))
    .filter((f) => !OPERATOR_FILES.some((re) => re.test(f)) && !SAMPLE_DATA.some((re) => re.test(f)))
    .sort();
  const found: { site: string; text: string }[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      let text: string | null = null;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((s) => `7${s.literal.text}`).join("");
      // notFound("KP case") is read as the 404 it throws (server/errors.ts), its record's name a term.
      if (text !== null && ts.isCallExpression(node.parent) && node.parent.expression.getText() === "notFound")
        text = `The ${text} could not be found.`;
      // A sentence (capital first, two words at least), not a key, a path or a column name.
      if (text !== null && /^[A-Z"7][^\n]*\s/.test(text) && !PROGRAMMER_ERRORS.some((re) => re.test(text)) && reachesUser(node))
        found.push({ site: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, text });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const translated = (text: string) => translatedMessage(text, "fil") !== text || translatedNotification(text, "fil") !== text;

describe("the services' messages in the catalog", () => {
  const messages = serviceMessages();
  const backlog = new Set(
    readFileSync(new URL("./untranslated-messages.txt", import.meta.url), "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("#")),
  );

  it("finds the services' messages (the scan reads what it should)", () => {
    const texts = messages.map((m) => m.text);
    expect(texts).toContain("Successfully saved.");
    expect(texts).toContain("The PSGC code must be 10 digits.");
    expect(texts).toContain("The 7 slot has passed: choose a later one.");
    expect(texts.length).toBeGreaterThan(300);
  });

  it("each reads in Filipino, but for the listed backlog", () => {
    const missing = [...new Set(messages.filter((m) => !translated(m.text)).map((m) => m.text))];
    expect(
      missing.filter((text) => !backlog.has(text)),
      "a service's message with no catalog entry in messages/*/server.json",
    ).toEqual([]);
    expect(
      [...backlog].filter((text) => !missing.includes(text)),
      "translated (or gone) now: strike from untranslated-messages.txt",
    ).toEqual([]);
  });
});
