import { expect } from "vitest";
import type { ApiClient } from "./server.ts";

/**
 * One official receipt for a page test: a form type, a collection type and a pad of ten forms for
 * the collector, and a ₱50.00 cash receipt issued on it by the collector. `tag` keeps names and
 * serials apart from other tests' on the same database. Answers the receipt's id.
 */
export async function issueTestReceipt(
  admin: ApiClient,
  collector: { client: ApiClient; id: number },
  tag: { name: string; seriesStart: string; seriesEnd: string },
): Promise<number> {
  const formType = (await admin.post("/backend/api/form_type", { name: `AF 51 ${tag.name}` })).body.data.id;
  const collectionType = (await admin.post("/backend/api/collection_type", { name: `${tag.name} Fees`, fund_type: "General Fund" })).body
    .data.id;
  const pad = await collector.client.post("/backend/api/form_pad", {
    form_type_id: formType,
    pad_code: `OR-${tag.name.toUpperCase()}`,
    series_start: tag.seriesStart,
    series_end: tag.seriesEnd,
    collectors: [{ user_id: collector.id }],
  });
  expect(pad.status, pad.text).toBe(201);
  const receipt = await collector.client.post("/backend/api/collection", {
    form_pad_id: pad.body.data.id,
    date_issued: "2026-11-02",
    payor_kind: "name",
    issued_to: "Juan Dela Cruz",
    collection_type_id: collectionType,
    payment_mode: "Cash",
    lines: [{ nature: "Barangay clearance", amount: "50" }],
  });
  expect(receipt.status, receipt.text).toBe(201);
  return receipt.body.data.id;
}

/** The permissions of a treasurer who issues receipts from pads of their own. */
export const RECEIPT_ISSUER_PERMISSIONS = ["form_pad", "collection"].flatMap((e) => ["manage", "view", "create"].map((a) => `${a}-${e}`));
