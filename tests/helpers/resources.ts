import type { ResourceDef } from "../../app/resources/types.ts";
import { getResource } from "../../app/resources/index.ts";
import type { ApiClient } from "./server.ts";

// Valid input for any registry entry, built from its fields, so the generated tests cover every
// entity without a hand-written fixture each (DESIGN §4: the registry drives the tests too).

let counter = 0;

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}

/** A valid create body for def; references are created first through the REST API. */
export async function sampleInput(client: ApiClient, def: ResourceDef, tag = ""): Promise<Record<string, unknown>> {
  const n = ++counter;
  const body: Record<string, unknown> = {};
  for (const field of def.fields) {
    let value: unknown;
    switch (field.kind) {
      case "text":
      case "textarea":
        if (field.name === "username") continue;
        value = field.name.endsWith("account_number") ? `0099-${String(n).padStart(4, "0")}-${Date.now() % 10000}` : `${field.label} ${tag}${n}`.slice(0, field.maxLength ?? 100);
        if (field.name === "code") value = `C${n}${tag}`.slice(0, 20);
        break;
      case "email":
      case "password":
        continue;
      case "enum":
        value = field.options?.[0];
        break;
      case "reference": {
        const target = getResource(field.reference!);
        const created = await client.post(`/backend/api/${target.restPath}`, await sampleInput(client, target, tag));
        if (created.status !== 201) throw new Error(`creating a ${target.name} for ${def.name} answered ${created.status}: ${created.text}`);
        value = created.body.data.id;
        break;
      }
      case "custom-forms":
        value = [{ label: "Purpose", fieldId: "purpose", type: "text", required: true }];
        break;
      case "custom-payment-form":
        value = [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "50.00" }];
        break;
      case "money":
        value = "100.00";
        break;
      case "number":
        value = 1;
        break;
      case "date":
        value = "2026-01-15";
        break;
    }
    if (value === undefined) continue;
    setPath(body, field.name, value);
  }
  return body;
}

/** The first required text field of def, the one the bad-input tests aim at. */
export function firstRequiredText(def: ResourceDef) {
  return def.fields.find((f) => f.required && (f.kind === "text" || f.kind === "textarea"))!;
}
