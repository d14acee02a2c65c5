import { BadgeCheck, CircleAlert, Search } from "lucide-react";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/verify.transaction";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDate } from "~/lib/reader-dates";
import { titleMeta } from "~/lib/titles";
import { m } from "@domain/i18n";
import { getRequestContext } from "../../server/http/pages/page-kit.server.ts";
import { verifyLookupWait, verifyTransaction } from "../../server/features/certificates/pages.server.ts";

// /verify/transaction/{code?} (spec §2.1, DESIGN §11): public. With a code it shows
// the certificate's type, reference number, issue date, validity, the holder's masked name and its
// status; without one, a form to type the code; an unknown code says so plainly. A numeric id is
// never accepted: only the verification code printed under the QR code (typed with or without
// its dash, small letters, O for 0 or I for 1 are all read as printed).

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const typed = url.searchParams.get("code");
  if (typed != null && !params.transaction_id) {
    const code = typed.trim().toUpperCase().replace(/[\s-]/g, "");
    throw redirect(code ? `/verify/transaction/${encodeURIComponent(code)}` : "/verify/transaction");
  }
  const code = params.transaction_id ?? null;
  if (!code) return { code: null, result: null };
  const rc = getRequestContext(context);
  const wait = verifyLookupWait(rc.ip);
  if (wait > 0)
    throw data(m.office_verify_too_many({ seconds: wait }), { status: 429, headers: { "Retry-After": String(wait) } });
  const result = await verifyTransaction(rc, code);
  return { code, result };
}

export const meta = () => titleMeta("verify-transaction");

const STATUS_STYLE: Record<string, string> = {
  Valid: "border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  Expired: "border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  Cancelled: "border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  Unpaid: "border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
};

/** A status in words (the service's word, as the API answers it, when the page does not know it). */
const STATUS_LABEL: Record<string, () => string> = {
  Valid: m.office_verify_cert_valid,
  Expired: m.office_verify_cert_expired,
  Cancelled: m.office_verify_cert_cancelled,
  Unpaid: m.office_verify_cert_unpaid,
};
const VALID = "Valid";
const longDate = (value: string) => formatDate(value, "long");

export default function VerifyTransaction({ loaderData }: Route.ComponentProps) {
  const { code, result } = loaderData;
  const statusLabel = result ? (STATUS_LABEL[result.status]?.() ?? result.status) : "";
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">{m.office_verify_cert_title()}</h1>
      {code && result ? (
        <section
          className={`flex flex-col gap-3 rounded-xl border-2 p-5 ${STATUS_STYLE[result.status]}`}
          data-testid="verify-result"
          aria-live="polite"
        >
          <p className="flex items-center gap-2 text-lg font-semibold">
            {result.status === VALID ? <BadgeCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
            {result.status === VALID ? m.office_verify_cert_valid_heading() : m.office_verify_cert_heading({ status: statusLabel })}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt>{m.office_verify_cert_document()}</dt>
            <dd className="font-medium">{result.type}</dd>
            <dt>{m.office_verify_cert_reference()}</dt>
            <dd className="font-mono font-medium">{result.reference_number}</dd>
            <dt>{m.office_verify_issued()}</dt>
            <dd className="font-medium">{longDate(result.date_issued)}</dd>
            <dt>{m.office_verify_cert_validity()}</dt>
            <dd className="font-medium">
              {result.valid_until
                ? (result.expired ? m.office_verify_cert_expired_on : m.office_verify_cert_valid_until)({ date: longDate(result.valid_until) })
                : m.office_verify_cert_no_expiry()}
            </dd>
            <dt>{m.office_verify_cert_issued_to()}</dt>
            <dd className="font-medium">{result.name}</dd>
            <dt>{m.office_verify_status()}</dt>
            <dd className="font-semibold" data-testid="verify-status">
              {statusLabel}
            </dd>
          </dl>
        </section>
      ) : code ? (
        <p
          role="alert"
          className="rounded-xl border-2 border-red-600 bg-red-50 p-5 text-red-900 dark:bg-red-950 dark:text-red-100"
          data-testid="verify-unknown"
        >
          {m.office_verify_cert_unknown()}
        </p>
      ) : null}
      <Form method="get" action="/verify/transaction" className="flex flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
        <Label htmlFor="verify-code">{m.office_verify_cert_code()}</Label>
        <div className="flex gap-2">
          <Input
            id="verify-code"
            name="code"
            defaultValue={code ?? ""}
            placeholder={m.office_verify_cert_placeholder()}
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase"
          />
          <Button type="submit">
            <Search aria-hidden="true" /> {m.office_verify_button()}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          {m.office_verify_cert_hint()}
        </p>
      </Form>
    </div>
  );
}
