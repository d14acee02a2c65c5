import { BadgeCheck, CircleAlert, Search } from "lucide-react";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/verify.kp";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDate } from "~/lib/reader-dates";
import { titleMeta } from "~/lib/titles";
import { m } from "@domain/i18n";
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
    throw data(m.office_verify_too_many({ seconds: wait }), { status: 429, headers: { "Retry-After": String(wait) } });
  return { docket, result: await verifyKpCertification(rc, docket), barangays };
}

export const meta = () => titleMeta("verify-kp_certification");

const STYLE = {
  issued: "border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  superseded: "border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
} as const;

const issued = (status: string) => status === "issued";
const longDate = (value: string) => formatDate(value, "long");

export default function VerifyKp({ loaderData }: Route.ComponentProps) {
  const { docket, result, barangays } = loaderData;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">{m.office_verify_kp_title()}</h1>
      {docket && result ? (
        <div className="flex flex-col gap-3" data-testid="verify-result" aria-live="polite">
          {result.certifications.map((c, i) => (
            <section
              key={i}
              className={`flex flex-col gap-3 rounded-xl border-2 p-5 ${STYLE[c.status]}`}
              data-testid="verify-certification"
            >
              <p className="flex items-center gap-2 text-lg font-semibold">
                {issued(c.status) ? <BadgeCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
                {issued(c.status) ? m.office_verify_kp_issued_by() : m.office_verify_kp_no_longer()}
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                <dt>{m.office_verify_kp_docket()}</dt>
                <dd className="font-mono font-medium">{result.docket_number}</dd>
                <dt>{m.office_verify_kp_certification()}</dt>
                <dd className="font-medium">
                  {c.kind} <span className="font-normal">({c.forms})</span>
                </dd>
                <dt>{m.office_verify_issued()}</dt>
                <dd className="font-medium">{c.issued_on ? longDate(c.issued_on) : "—"}</dd>
                <dt>{m.office_verify_status()}</dt>
                <dd className="font-semibold" data-testid="verify-status">
                  {issued(c.status) ? m.office_verify_kp_status_issued() : m.office_verify_kp_status_superseded()}
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
          {m.office_verify_kp_unknown()}
        </p>
      ) : null}
      <Form method="get" action="/verify/kp" className="flex flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
        <VisitorBarangayField id="verify-barangay" choices={barangays.choices} chosen={barangays.chosen} />
        <Label htmlFor="verify-docket">{m.office_verify_kp_docket()}</Label>
        <div className="flex gap-2">
          <Input
            id="verify-docket"
            name="docket"
            defaultValue={docket ?? ""}
            placeholder={m.office_verify_kp_placeholder()}
            autoComplete="off"
            spellCheck={false}
            inputMode="numeric"
            className="font-mono"
          />
          <Button type="submit">
            <Search aria-hidden="true" /> {m.office_verify_button()}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          {m.office_verify_kp_hint()}
        </p>
      </Form>
    </div>
  );
}
