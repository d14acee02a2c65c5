import { Link, useActionData, Form } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { todayInManila } from "@domain/dates";
import { formatDate } from "~/lib/reader-dates";
import { formatMoney } from "@domain/money";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { SelectOptions } from "~/components/resource/select-options";
import { CardTable } from "~/components/screen-table";
import type { LoaderData } from "~/lib/route-data";
import type { loader, Refusal } from "~/routes/remittances.search";
import { m } from "@domain/i18n";
import { dayStatusLabel, receiptStatusLabel } from "~/features/collections/labels";

/** A day as a screen writes it in full. */
function longDate(date: string): string {
  return formatDate(date, "long");
}

/** A deposit slip's number as an example (a code, the same in both languages). */
const SAMPLE_DEPOSIT_SLIP = "DS-0001";

function FieldError(
{ errors }: { errors?: string[] }) {
  return errors?.length ? <p className="text-sm text-destructive">{errors.join(" ")}</p> : null;
}

/** No day chosen: pick a collector and a day. */
function DayPicker({ picker }: { picker: { collectors: { value: string; label: string }[]; collector_id: string; date: string } }) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link to="/manage/remittances" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          {m.finance_day_back()}
        </Link>
        <h1 className="text-2xl font-semibold">{m.finance_day_picker_title()}</h1>
        <p className="text-sm text-muted-foreground">{m.finance_day_picker_lead()}</p>
      </div>
      <Form method="get" className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-3 sm:items-end" data-testid="day-picker">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="p-collector">{m.finance_collector()}</Label>
          <NativeSelect id="p-collector" name="collector_id" required defaultValue={picker.collector_id}>
            <SelectOptions placeholder={m.finance_day_collector_placeholder()} options={picker.collectors} />
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="p-date">{m.finance_day()}</Label>
          <Input id="p-date" name="date" type="date" required max={todayInManila()} defaultValue={picker.date} />
        </div>
        <Button type="submit">{m.finance_day_open()}</Button>
      </Form>
    </div>
  );
}

/** One collector's day: its receipts, its remittances with their undo, and the form to remit; without a day chosen, the day picker. */
export function RemittanceDay({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const root = useRootData();
  const failed = useActionData() as Refusal | undefined;
  if (!loaderData.view) return <DayPicker picker={loaderData.picker} />;
  const { day, receipts, accounts } = loaderData.view;
  const canRemit = can(root?.user, "manage-remittance") && can(root?.user, "update-collection");
  const rcdOf = new Map(day.remittances.map((r) => [r.id, r.rcd_number]));
  const remitFailed = failed?.intent === "remit" ? failed : undefined;
  const undoFailed = failed?.intent === "undo" ? failed : undefined;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <Link to="/manage/remittances" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            {m.finance_day_back()}
          </Link>
          <h1 className="text-2xl font-semibold">
            {day.collector.fullname} · {longDate(day.date)}
          </h1>
          <p className="text-sm" data-testid="day-summary">
            {m.finance_day_summary({ total: day.total_collection, cancelled: day.cancelled_count, amount: formatMoney(day.amount_collected) })}
            <strong>{dayStatusLabel(day.status)}</strong>
            {day.pending_count && day.remittances.length ? m.finance_day_waiting_count({ count: day.pending_count }) : null}
          </p>
        </div>
      </div>
      <CardTable
        testId="day-receipts"
        columns={[
          { label: m.finance_or_number() },
          { label: m.finance_form_payor() },
          { label: m.finance_nature_of_collection() },
          { label: m.finance_amount(), numeric: true },
          { label: m.finance_status() },
          { label: m.finance_receipt_remitted() },
        ]}
      >
        {receipts.map((r) => {
          const lines = Array.isArray(r.lines) ? (r.lines as { nature: string }[]) : [];
          const rcd = r.remittance_id == null ? null : rcdOf.get(Number(r.remittance_id));
          return (
            <tr key={String(r.id)} className="border-b last:border-0">
              <td className={`px-3 py-2 font-medium ${r.status !== "Active" ? "text-muted-foreground line-through" : ""}`}>
                {String(r.or_number)}
              </td>
              <td className="px-3 py-2">{String(r.issued_to)}</td>
              <td className="px-3 py-2">{lines.map((l) => l.nature).join("; ")}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMoney(String(r.amount_paid))}</td>
              <td className="px-3 py-2">{receiptStatusLabel(String(r.status))}</td>
              <td className="px-3 py-2 whitespace-nowrap">{rcd ? m.finance_day_rcd({ number: rcd }) : m.finance_day_waiting()}</td>
            </tr>
          );
        })}
      </CardTable>
      {day.remittances.length ? (
        <section className="flex flex-col gap-2" aria-labelledby="remittances-title" data-testid="remittances">
          <h2 id="remittances-title" className="font-semibold">
            {m.finance_day_remittances_title()}
          </h2>
          {day.remittances.map((r) => (
            <div key={r.id} className="flex flex-col gap-2 rounded-lg border bg-card p-4 text-sm" data-testid="remittance">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p>
                  <strong>{m.finance_day_rcd({ number: r.rcd_number })}</strong> ·{" "}
                  {(r.receipt_count === 1 ? m.finance_day_remittance_receipts_one : m.finance_day_remittance_receipts_other)({
                    count: r.receipt_count,
                  })}{" "}
                  ·{" "}
                  {m.finance_day_remittance_deposited({
                    amount: formatMoney(r.amount),
                    date: longDate(r.deposit_date),
                    bank: r.bank_account.bank,
                    account: r.bank_account.account_number,
                    name: r.bank_account.name,
                    reference: r.deposit_reference,
                  })}
                  {r.remitted_by ? m.finance_day_remittance_by({ name: r.remitted_by }) : ""}
                  {m.finance_day_remittance_locked()}
                </p>
                <a
                  href={`/manage/reports/collections/rcd?remittance_id=${r.id}`}
                  target="_blank"
                  rel="noreferrer"
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                  data-testid="print-rcd"
                >
                  {m.finance_day_print_rcd({ number: r.rcd_number })}
                </a>
              </div>
              {r.undoable && canRemit ? (
                <details className="rounded-md border p-3" open={undoFailed?.values.remittance_id === String(r.id)}>
                  <summary className="cursor-pointer font-medium">{m.finance_day_undo_summary()}</summary>
                  <Form method="post" className="mt-2 flex flex-col gap-2" data-testid="undo-form">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="undo" />
                    <input type="hidden" name="remittance_id" value={r.id} />
                    <p className="text-muted-foreground">
                      {m.finance_day_undo_explain({ number: r.rcd_number })}
                    </p>
                    {undoFailed?.message && !undoFailed.errors.reason ? (
                      <p role="alert" className="text-destructive">
                        {undoFailed.message}
                      </p>
                    ) : null}
                    <Label htmlFor={`undo-reason-${r.id}`}>{m.finance_reason()}</Label>
                    <Input
                      id={`undo-reason-${r.id}`}
                      name="reason"
                      required
                      maxLength={500}
                      defaultValue={undoFailed?.values.reason ?? ""}
                      aria-invalid={undoFailed?.errors.reason ? true : undefined}
                    />
                    <FieldError errors={undoFailed?.errors.reason} />
                    <Button type="submit" variant="destructive" className="self-start" data-testid="undo-remittance">
                      {m.finance_day_undo_button()}
                    </Button>
                  </Form>
                </details>
              ) : null}
            </div>
          ))}
        </section>
      ) : null}
      {day.pending_count > 0 && canRemit ? (
        <Form
          method="post"
          className="flex flex-col gap-3 rounded-lg border bg-card p-4"
          aria-labelledby="remit-title"
          data-testid="remit-form"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="remit" />
          <input type="hidden" name="collector_id" value={day.collector.id} />
          <input type="hidden" name="date" value={day.date} />
          <h2 id="remit-title" className="font-semibold">
            {day.remittances.length ? m.finance_day_remit_since() : m.finance_day_remit_day()}
          </h2>
          <p className="text-sm text-muted-foreground">
            {(day.pending_count === 1 ? m.finance_day_pending_one : m.finance_day_pending_other)({
              count: day.pending_count,
              amount: formatMoney(day.pending_amount),
            })}
          </p>
          {remitFailed && !Object.keys(remitFailed.errors).length ? (
            <p role="alert" className="text-sm text-destructive">
              {remitFailed.message}
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="d-date">{m.finance_day_deposit_date()}</Label>
              <Input
                id="d-date"
                name="deposit_date"
                type="date"
                required
                defaultValue={remitFailed?.values.deposit_date ?? todayInManila()}
              />
              <FieldError errors={remitFailed?.errors.deposit_date} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="d-account">{m.finance_day_bank_account()}</Label>
              <NativeSelect
                id="d-account"
                name="bank_account_id"
                required
                defaultValue={remitFailed?.values.bank_account_id ?? accounts[0]?.value ?? ""}
              >
                <SelectOptions placeholder={m.finance_day_account_placeholder()} options={accounts} />
              </NativeSelect>
              <FieldError errors={remitFailed?.errors.bank_account_id} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="d-ref">{m.finance_day_deposit_reference()}</Label>
              <Input
                id="d-ref"
                name="deposit_reference"
                required
                maxLength={100}
                placeholder={SAMPLE_DEPOSIT_SLIP}
                defaultValue={remitFailed?.values.deposit_reference ?? ""}
              />
              <FieldError errors={remitFailed?.errors.deposit_reference} />
            </div>
          </div>
          <Button type="submit" className="self-start" data-testid="remit">
            {m.finance_day_remit_button({ amount: formatMoney(day.pending_amount) })}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
