import { sql } from "kysely";
import type { PsgcBarangay } from "../../../domain/psgc.ts";
import type { ServiceContext } from "../../context.ts";
import { searchBarangays } from "./psgc.ts";

// The PSGC list's barangays a name finds, each with whether a barangay of this deployment holds its
// code (the `barangays` column is unique): the hub's "add a barangay" and a barangay's own identity
// (decision 218) offer the same list and disable the same codes. The caller checks the permission.

/** The barangay of the transaction (decision 209): a barangay's own row of `barangays`, never an id from the request. */
export const OWN_BARANGAY_ID = sql<number>`nullif(current_setting('app.barangay_id', true), '')::bigint`;

/**
 * Up to the list's search limit; nothing for fewer than two letters. `except`: a barangay whose own
 * code does not count as used (the one picking its identity again).
 */
export async function searchBarangaysInUse(
  ctx: Pick<ServiceContext, "db">,
  query: string,
  except: "none" | "own" = "none",
): Promise<(PsgcBarangay & { inUse: boolean })[]> {
  const text = query.trim().slice(0, 100);
  if (text.length < 2) return [];
  const found = searchBarangays(text);
  if (!found.length) return [];
  let q = ctx.db
    .selectFrom("barangays")
    .select("psgc_code")
    .where(
      "psgc_code",
      "in",
      found.map((b) => b.code),
    );
  if (except === "own") q = q.where("id", "<>", OWN_BARANGAY_ID);
  const used = new Set((await q.execute()).map((r) => r.psgc_code));
  return found.map((b) => ({ ...b, inUse: used.has(b.code) }));
}
