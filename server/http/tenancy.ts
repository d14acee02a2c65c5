import type { RequestHandler } from "express";
import { sql } from "kysely";
import type { DB } from "../../db/index.ts";
import { inBarangay, servesHub } from "../../db/tenant.ts";
import { normalizeVerificationCode } from "../engine/documents.ts";
import type { VisitorBarangayChoice } from "../../domain/psgc.ts";

// The barangay a request works in (docs/decisions/209-barangays-as-tenants.md). Every statement the
// request makes after this runs with that barangay SET LOCAL in its transaction (db/tenant.ts), so
// row-level security shows it that barangay's rows and no other's.
//
// - A signed-in user works in their own barangay (the hub's users in the hub's, 0).
// - A visitor on a hub: the barangay named by `?b=<PSGC code>` (printed on a KP form's QR code, or
//   chosen on a verify page's lookup form), or
//   the one whose verification code the address carries (/verify/transaction/CODE,
//   /verify/collection/CODE: codes are unique across the deployment); otherwise none, and the
//   request sees nothing of any barangay.
// - A visitor on a single barangay's install: that barangay (the process's default scope).

const VERIFY_CODE = /^\/verify\/(?:transaction|collection)\/([^/?#]+)/;

export async function visitorBarangay(db: DB, path: string, query: Record<string, unknown>): Promise<number | null> {
  const psgc = typeof query.b === "string" ? query.b : null;
  if (psgc && /^\d{10}$/.test(psgc)) {
    const row = await db.selectFrom("barangays").select("id").where("psgc_code", "=", psgc).where("status", "<>", "hub").executeTakeFirst();
    return row?.id ?? null;
  }
  const typed = VERIFY_CODE.exec(path)?.[1];
  // Read as the verify pages read it (O for 0, I or L for 1 in a short code), or a code the page
  // would find would find no barangay here.
  const code = typed ? normalizeVerificationCode(decodedOrRaw(typed)) : null;
  if (!code) return null;
  const row = (await sql<{ id: number | null }>`select portal_barangay_of_code(${code}) as id`.execute(db)).rows[0];
  return row?.id == null ? null : Number(row.id);
}

/**
 * The barangays a visitor chooses from on a hub, where a receipt number or a KP docket number alone
 * does not tell which barangay's it is; null on a single barangay's install, which needs no choice.
 * Active barangays with a PSGC code, by city or municipality, then name.
 */
export async function visitorBarangayChoices(db: DB): Promise<VisitorBarangayChoice[] | null> {
  if (!servesHub()) return null;
  return db
    .selectFrom("barangays")
    .select(["psgc_code", "name", "city_municipality"])
    .where("status", "=", "active")
    .where("psgc_code", "is not", null)
    .orderBy("city_municipality")
    .orderBy("name")
    .execute() as Promise<VisitorBarangayChoice[]>;
}

/** A path segment decoded; a malformed escape (%E0%A4) is left as typed instead of failing the request. */
function decodedOrRaw(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function barangayOfRequest(db: DB): RequestHandler {
  return (req, _res, next) => {
    if (req.user) {
      if (req.user.barangayId === undefined) return next();
      return inBarangay(req.user.barangayId, next);
    }
    if (!servesHub()) return next();
    visitorBarangay(db, req.path, req.query as Record<string, unknown>).then((barangayId) => inBarangay(barangayId, next), next);
  };
}
