import { BadgeCheck, CircleAlert, Search } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDate } from "~/lib/reader-dates";
import { formatMoney } from "@domain/money";
import type { LoaderData } from "~/lib/route-data";
import { VisitorBarangayField } from "~/features/hub/visitor-barangay-field";
import type { loader } from "~/routes/verify.collection";
import { m } from "@domain/i18n";
import { receiptStatusLabel } from "~/features/collections/labels";

/** Examples in the inputs: codes and numbers, the same in both languages. */
const SAMPLE_RECEIPT_NUMBER = "4364301 T";
const SAMPLE_AMOUNT = "150.00";

/** The public check of a receipt: the answer to the code or number asked, and the two forms to ask. */
export function VerifyReceipt({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { code, byNumber, result, barangays } = loaderData;
  const asked = code != null || byNumber != null;
  const valid = result?.status === "Valid";
  const dateIssued = result ? formatDate(result.date, "long") : "";

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">{m.finance_verify_title()}</h1>
      {asked && result ? (
        <section
          aria-labelledby="verified-title"
          data-testid="verify-result"
          className={`flex flex-col gap-3 rounded-lg border-2 p-5 ${
            result.status === "Valid"
              ? "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50"
              : "border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50"
          }`}
        >
          <h2 id="verified-title" className="flex items-center gap-2 text-lg font-semibold">
            {result.status === "Valid" ? <BadgeCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
            {valid ? m.finance_verify_valid() : m.finance_verify_cancelled()}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="font-medium">{m.finance_verify_document()}</dt>
            <dd>{result.kind}</dd>
            <dt className="font-medium">{m.finance_verify_number()}</dt>
            <dd data-testid="verify-number">{result.number}</dd>
            <dt className="font-medium">{m.finance_form_date_issued()}</dt>
            <dd>{dateIssued}</dd>
            <dt className="font-medium">{m.finance_amount()}</dt>
            <dd>{formatMoney(result.amount)}</dd>
            <dt className="font-medium">{m.finance_fund()}</dt>
            <dd>{result.fund}</dd>
            <dt className="font-medium">{m.finance_form_payor()}</dt>
            <dd data-testid="verify-payor">{result.payor}</dd>
            <dt className="font-medium">{m.finance_status()}</dt>
            <dd data-testid="verify-status" className="font-semibold">
              {valid ? m.finance_verify_status_valid() : receiptStatusLabel(result.status)}
            </dd>
          </dl>
        </section>
      ) : null}
      {asked && !result ? (
        <p
          role="alert"
          data-testid="verify-unknown"
          className="rounded-lg border-2 border-amber-500 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          {code ? m.finance_verify_unknown_code() : m.finance_verify_unknown_number()}
        </p>
      ) : null}
      <Form method="get" action="/verify/collection" className="flex flex-col gap-2 rounded-lg border bg-card p-4">
        <h2 className="font-semibold">{m.finance_verify_by_code()}</h2>
        <Label htmlFor="verify-code">{m.finance_verify_code_label()}</Label>
        <div className="flex gap-2">
          <Input
            id="verify-code"
            name="code"
            autoComplete="off"
            spellCheck={false}
            defaultValue={code ?? ""}
            placeholder={m.finance_verify_code_placeholder()}
          />
          <Button type="submit">
            <Search aria-hidden="true" />
            {m.finance_verify_button()}
          </Button>
        </div>
      </Form>
      <Form
        method="get"
        action="/verify/collection"
        className="flex flex-col gap-3 rounded-lg border bg-card p-4"
        aria-labelledby="by-number-title"
      >
        <h2 id="by-number-title" className="font-semibold">
          {m.finance_verify_by_number()}
        </h2>
        <VisitorBarangayField id="verify-barangay" choices={barangays.choices} chosen={barangays.chosen} />
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="verify-number-input">{m.finance_verify_receipt_number()}</Label>
            <Input
              id="verify-number-input"
              name="number"
              required
              defaultValue={byNumber?.number ?? ""}
              placeholder={SAMPLE_RECEIPT_NUMBER}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="verify-date">{m.finance_form_date_issued()}</Label>
            <Input id="verify-date" name="date" type="date" required defaultValue={byNumber?.date ?? ""} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="verify-amount">{m.finance_form_amount_peso()}</Label>
            <Input
              id="verify-amount"
              name="amount"
              inputMode="decimal"
              required
              defaultValue={byNumber?.amount ?? ""}
              placeholder={SAMPLE_AMOUNT}
            />
          </div>
        </div>
        <Button type="submit" className="self-start">
          <Search aria-hidden="true" />
          {m.finance_verify_receipt_button()}
        </Button>
      </Form>
    </div>
  );
}
