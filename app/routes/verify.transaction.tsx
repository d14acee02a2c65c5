import { BadgeCheck, CircleAlert, Search } from "lucide-react";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/verify.transaction";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDate } from "@domain/dates";
import { titleMeta } from "~/lib/titles";
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
    throw data(`Too many lookups. Please try again in ${wait} seconds.`, { status: 429, headers: { "Retry-After": String(wait) } });
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

export default function VerifyTransaction({ loaderData }: Route.ComponentProps) {
  const { code, result } = loaderData;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">Verify a certificate</h1>
      {code && result ? (
        <section
          className={`flex flex-col gap-3 rounded-xl border-2 p-5 ${STATUS_STYLE[result.status]}`}
          data-testid="verify-result"
          aria-live="polite"
        >
          <p className="flex items-center gap-2 text-lg font-semibold">
            {result.status === "Valid" ? <BadgeCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
            {result.status === "Valid" ? "Valid certificate" : `${result.status} certificate`}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt>Document</dt>
            <dd className="font-medium">{result.type}</dd>
            <dt>Reference number</dt>
            <dd className="font-mono font-medium">{result.reference_number}</dd>
            <dt>Issued</dt>
            <dd className="font-medium">{formatDate(result.date_issued, "long")}</dd>
            <dt>Validity</dt>
            <dd className="font-medium">
              {result.valid_until
                ? `${result.expired ? "Expired" : "Valid until"} ${formatDate(result.valid_until, "long")}`
                : "No expiry printed"}
            </dd>
            <dt>Issued to</dt>
            <dd className="font-medium">{result.name}</dd>
            <dt>Status</dt>
            <dd className="font-semibold" data-testid="verify-status">
              {result.status}
            </dd>
          </dl>
        </section>
      ) : code ? (
        <p
          role="alert"
          className="rounded-xl border-2 border-red-600 bg-red-50 p-5 text-red-900 dark:bg-red-950 dark:text-red-100"
          data-testid="verify-unknown"
        >
          No certificate has this verification code. Check the code printed under the QR code and try again.
        </p>
      ) : null}
      <Form method="get" action="/verify/transaction" className="flex flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
        <Label htmlFor="verify-code">Verification code</Label>
        <div className="flex gap-2">
          <Input
            id="verify-code"
            name="code"
            defaultValue={code ?? ""}
            placeholder="e.g. 7KQ2M-9XD4T"
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase"
          />
          <Button type="submit">
            <Search aria-hidden="true" /> Verify
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          The code is printed under the QR code of the certificate. Scanning the QR code opens this page with it.
        </p>
      </Form>
    </div>
  );
}
