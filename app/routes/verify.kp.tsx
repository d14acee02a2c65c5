import { BadgeCheck, CircleAlert, Search } from "lucide-react";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/verify.kp";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDate } from "@domain/dates";
import { titleMeta } from "~/lib/titles";
import { getRequestContext } from "../../server/http/pages/page-kit.server.ts";
import { verifyKpCertification, verifyLookupWait } from "../../server/features/kp/verify-page.server.ts";
import { visitorBarangayChoices } from "../../server/features/hub/pages.server.ts";
import { VisitorBarangayField } from "~/features/hub/visitor-barangay-field";

// /verify/kp/{docket?} (decision 205): public, like the certificate's verify page. With a docket
// number it shows each certification the Lupon issued on it — its kind, its date and whether it
// still stands — and nothing of the parties or the dispute; a docket without a certification
// answers as an unknown one. Lookups are limited per address like the other verify pages. On a hub
// a docket is the barangay's own: the QR link carries the barangay (?b=, its PSGC code) and the form
// asks for it.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const typed = url.searchParams.get("docket");
  const chosen = url.searchParams.get("b");
  if (typed != null && !params.docket) {
    const docket = typed.trim().replace(/\s+/g, "");
    const barangay = chosen ? `?b=${encodeURIComponent(chosen)}` : "";
    throw redirect(docket ? `/verify/kp/${encodeURIComponent(docket)}${barangay}` : `/verify/kp${barangay}`);
  }
  const docket = params.docket ?? null;
  const rc = getRequestContext(context);
  const barangays = { choices: await visitorBarangayChoices(rc.db), chosen };
  if (!docket) return { docket: null, result: null, barangays };
  const wait = verifyLookupWait(rc.ip);
  if (wait > 0)
    throw data(`Too many lookups. Please try again in ${wait} seconds.`, { status: 429, headers: { "Retry-After": String(wait) } });
  return { docket, result: await verifyKpCertification(rc, docket), barangays };
}

export const meta = () => titleMeta("verify-kp_certification");

const STYLE = {
  issued: "border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  superseded: "border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
} as const;

export default function VerifyKp({ loaderData }: Route.ComponentProps) {
  const { docket, result, barangays } = loaderData;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">Verify a Lupon certification</h1>
      {docket && result ? (
        <div className="flex flex-col gap-3" data-testid="verify-result" aria-live="polite">
          {result.certifications.map((c, i) => (
            <section
              key={i}
              className={`flex flex-col gap-3 rounded-xl border-2 p-5 ${STYLE[c.status]}`}
              data-testid="verify-certification"
            >
              <p className="flex items-center gap-2 text-lg font-semibold">
                {c.status === "issued" ? <BadgeCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
                {c.status === "issued" ? "Issued by the Lupon" : "No longer stands"}
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                <dt>Docket number</dt>
                <dd className="font-mono font-medium">{result.docket_number}</dd>
                <dt>Certification</dt>
                <dd className="font-medium">
                  {c.kind} <span className="font-normal">({c.forms})</span>
                </dd>
                <dt>Issued</dt>
                <dd className="font-medium">{c.issued_on ? formatDate(c.issued_on, "long") : "—"}</dd>
                <dt>Status</dt>
                <dd className="font-semibold" data-testid="verify-status">
                  {c.status === "issued"
                    ? "Issued; the case stands on it"
                    : "Superseded: the case was re-opened or the certification replaced after it was issued"}
                </dd>
              </dl>
            </section>
          ))}
        </div>
      ) : docket ? (
        <p
          role="alert"
          className="rounded-xl border-2 border-red-600 bg-red-50 p-5 text-red-900 dark:bg-red-950 dark:text-red-100"
          data-testid="verify-unknown"
        >
          No certification of the Lupon carries this docket number. Check the number printed on the certification and try again.
        </p>
      ) : null}
      <Form method="get" action="/verify/kp" className="flex flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
        <VisitorBarangayField id="verify-barangay" choices={barangays.choices} chosen={barangays.chosen} />
        <Label htmlFor="verify-docket">Docket number</Label>
        <div className="flex gap-2">
          <Input
            id="verify-docket"
            name="docket"
            defaultValue={docket ?? ""}
            placeholder="e.g. 2026-004"
            autoComplete="off"
            spellCheck={false}
            inputMode="numeric"
            className="font-mono"
          />
          <Button type="submit">
            <Search aria-hidden="true" /> Verify
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          The docket number is printed on the certification to file action, to bar action or to bar a counterclaim. Scanning its QR code
          opens this page with it. The page shows whether the certification was issued, never the parties or the dispute.
        </p>
      </Form>
    </div>
  );
}
