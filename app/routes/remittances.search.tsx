import { Link, useActionData, Form, data } from "react-router";
import type { Route } from "./+types/remittances.search";
import { CsrfInput } from "~/components/csrf-input";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { formatDate, todayInManila } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { can } from "~/lib/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { redirectWithFlash, rethrowForPage, serviceContextOf, isAppError } from "../../server/web/page-kit.server.ts";
import { depositAccounts, remitDay, remittanceDay } from "../../server/features/collections/pages.server.ts";
import { SelectOptions } from "~/components/resource/select-options";
import { CardTable } from "~/components/screen-table";

// /manage/remittances/search?collector_id=&date= (spec §2.1 "remittances (child: search)", issue 10
// item 5): one collector's day — every receipt in numerical order, cancelled ones included — and,
// while it is pending, the form that remits it with its deposit; the RCD prints from here.

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const ctx = serviceContextOf(args.context);
  const collectorId = Number(url.searchParams.get("collector_id"));
  const date = url.searchParams.get("date") ?? "";
  if (!Number.isSafeInteger(collectorId) || collectorId < 1) throw data("Not found", { status: 404 });
  const day = await remittanceDay(ctx, collectorId, date).catch((e) => rethrowForPage(e, null));
  return { ...day, accounts: await depositAccounts(ctx) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const ctx = serviceContextOf(args.context);
  try {
    const day = await remitDay(ctx, Object.fromEntries(form));
    return redirectWithFlash(
      args,
      form,
      { message: `Successfully remitted ${day.total_collection} receipts of ${day.date}.`, type: "success" },
      `/manage/remittances/search?collector_id=${day.collector.id}&date=${day.date}`,
    );
  } catch (error) {
    if (isAppError(error) && error.status === 422) return data({ message: error.message, errors: error.errors ?? {} }, { status: 422 });
    rethrowForPage(error);
  }
}

export function meta() {
  return [{ title: pageTitle("manage-remittances-search") }];
}

export default function RemittanceDayPage({ loaderData }: Route.ComponentProps) {
  const { day, receipts, accounts } = loaderData;
  const root = useRootData();
  const failed = useActionData() as { message: string; errors: Record<string, string[]> } | undefined;
  const canRemit = can(root?.user, "manage-remittance") && can(root?.user, "update-collection");
  const rcd = `/manage/reports/collections/rcd?collector_id=${day.collector.id}&date_from=${day.date}&date_to=${day.date}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <Link to="/manage/remittances" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            ← Remittances
          </Link>
          <h1 className="text-2xl font-semibold">
            {day.collector.fullname} · {formatDate(day.date, "long")}
          </h1>
          <p className="text-sm" data-testid="day-summary">
            {day.total_collection} receipts ({day.cancelled_count} cancelled) · {formatMoney(day.amount_collected)} ·{" "}
            <strong>{day.status}</strong>
          </p>
        </div>
        <a
          href={rcd}
          target="_blank"
          rel="noreferrer"
          className={buttonVariants({ variant: "outline", size: "sm" })}
          data-testid="print-rcd"
        >
          Print RCD
        </a>
      </div>
      <CardTable
        testId="day-receipts"
        columns={[
          { label: "OR number" },
          { label: "Payor" },
          { label: "Nature of collection" },
          { label: "Amount", numeric: true },
          { label: "Status" },
        ]}
      >
        {receipts.map((r) => {
          const lines = Array.isArray(r.lines) ? (r.lines as { nature: string }[]) : [];
          return (
            <tr key={r.id} className={`border-b last:border-0 ${r.status !== "Active" ? "text-muted-foreground line-through" : ""}`}>
              <td className="px-3 py-2 font-medium">{String(r.or_number)}</td>
              <td className="px-3 py-2">{String(r.issued_to)}</td>
              <td className="px-3 py-2">{lines.map((l) => l.nature).join("; ")}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMoney(String(r.amount_paid))}</td>
              <td className="px-3 py-2">{r.status === "Active" ? "Issued" : String(r.status)}</td>
            </tr>
          );
        })}
      </CardTable>
      {day.remittance ? (
        <section className="rounded-lg border bg-card p-4 text-sm" aria-labelledby="deposit-title" data-testid="deposit">
          <h2 id="deposit-title" className="mb-2 font-semibold">
            Remitted
          </h2>
          <p>
            Deposited {formatMoney(day.remittance.amount)} on {formatDate(day.remittance.deposit_date, "long")} to{" "}
            {day.remittance.bank_account.bank} {day.remittance.bank_account.account_number} ({day.remittance.bank_account.name}), reference{" "}
            {day.remittance.deposit_reference}. The day&apos;s receipts are locked.
          </p>
        </section>
      ) : canRemit ? (
        <Form
          method="post"
          className="flex flex-col gap-3 rounded-lg border bg-card p-4"
          aria-labelledby="remit-title"
          data-testid="remit-form"
        >
          <CsrfInput />
          <input type="hidden" name="collector_id" value={day.collector.id} />
          <input type="hidden" name="date" value={day.date} />
          <h2 id="remit-title" className="font-semibold">
            Remit this day
          </h2>
          {failed ? (
            <p role="alert" className="text-sm text-destructive">
              {failed.message}
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="d-date">Deposit date</Label>
              <Input id="d-date" name="deposit_date" type="date" required defaultValue={todayInManila()} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="d-account">Bank account</Label>
              <NativeSelect id="d-account" name="bank_account_id" required defaultValue={accounts[0]?.value ?? ""}>
                <SelectOptions placeholder="Select an account" options={accounts} />
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="d-ref">Deposit slip reference</Label>
              <Input id="d-ref" name="deposit_reference" required maxLength={100} placeholder="DS-0001" />
            </div>
          </div>
          <Button type="submit" className="self-start" data-testid="remit">
            Remit {formatMoney(day.amount_collected)}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
