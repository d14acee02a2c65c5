import { data, redirect } from "react-router";
import type { Route } from "./+types/verify.collection";
import { VerifyReceipt } from "~/features/collections/verify-receipt";
import { titleMeta } from "~/lib/titles";
import { m } from "@domain/i18n";
import { getRequestContext } from "../../server/http/pages/page-kit.server.ts";
import { verifyByCode, verifyByNumber, verifyWait } from "../../server/features/collections/pages.server.ts";
import { visitorBarangayChoices } from "../../server/features/hub/pages.server.ts";

// /verify/collection/{code?} (spec §2.1, DESIGN §11): public. With the code of a
// receipt's QR link it shows the document kind, number, date, amount, status and the payor's
// masked name; without one, a form for the code and another for number + date + amount (for
// someone without a QR reader; on a hub, with the barangay that issued it). An unknown code or receipt says so plainly; a numeric id is never
// accepted. Rate-limited per address.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const typed = url.searchParams.get("code");
  if (typed != null && !params.collection_id) {
    const code = typed.trim().toUpperCase().replace(/[\s-]/g, "");
    throw redirect(code ? `/verify/collection/${encodeURIComponent(code)}` : "/verify/collection");
  }
  const byNumber = url.searchParams.has("number")
    ? {
        number: url.searchParams.get("number") ?? "",
        date: url.searchParams.get("date") ?? "",
        amount: url.searchParams.get("amount") ?? "",
      }
    : null;
  const code = params.collection_id ?? null;
  const rc = getRequestContext(context);
  // On a hub the lookup by number names its barangay (b); a QR code's link finds it by the code.
  const barangays = { choices: await visitorBarangayChoices(rc.db), chosen: url.searchParams.get("b") };
  if (!code && !byNumber) return { code: null, byNumber: null, result: null, barangays };
  const wait = verifyWait(rc.ip);
  if (wait > 0)
    throw data(m.office_verify_too_many({ seconds: wait }), { status: 429, headers: { "Retry-After": String(wait) } });
  const result = code ? await verifyByCode(rc, code) : await verifyByNumber(rc, byNumber!);
  return { code, byNumber, result, barangays };
}

export const meta = () => titleMeta("verify-collection");

export default function VerifyCollection(props: Route.ComponentProps) {
  return <VerifyReceipt loaderData={props.loaderData} />;
}
