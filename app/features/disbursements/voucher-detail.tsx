import { Banknote, FileText, Pencil, Printer, RotateCcw, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { FlashMessage } from "~/components/resource/flash-message";
import { AmountLinesTable } from "~/components/screen-table";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { HistoryLink } from "~/features/audit/history-link";
import { withBack } from "@domain/back-path";
import { formatDate } from "~/lib/reader-dates";
import { formatMoney } from "@domain/money";
import { cn } from "~/lib/utils";
import type { LoaderData } from "~/lib/route-data";
import type { loader, VoucherCheque } from "~/routes/disbursements.detail";
import { m } from "@domain/i18n";

function Signatory({ box, caption, name, position }: { box: string; caption: string; name: string; position: string }) {
  return (
    <li className="flex flex-col gap-0.5 rounded-md border p-3" data-testid={`signatory-${box.toLowerCase()}`}>
      <span className="text-xs font-semibold text-muted-foreground uppercase">{m.finance_voucher_box({ box })}</span>
      <span className="text-xs text-muted-foreground">{caption}</span>
      <span className="mt-1 font-medium">{name || m.finance_voucher_not_set()}</span>
      <span className="text-xs text-muted-foreground">{position}</span>
    </li>
  );
}

/** A day as a list writes it. */
function mediumDate(date: string): string {
  return formatDate(date, "medium");
}

function stateBadge(
state: string) {
  const variant = state === "Issued" ? "default" : state === "Void" ? "destructive" : "secondary";
  const label = state === "Issued" ? m.finance_cheque_state_issued() : state === "Void" ? m.finance_cheque_state_void() : state;
  return <Badge variant={variant}>{label}</Badge>;
}

/** A disbursement voucher's page: its lines, signatories, cheques with their actions, and its balance. */
export function VoucherDetail({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { voucher: v, cheques, officials, can, flash } = loaderData;
  const here = `/manage/disbursements/${v.id}`;
  const isVoid = v.status !== "Active";
  const chequeAction = (c: VoucherCheque) => {
    const links: {
      key: string;
      label: string;
      named: string;
      href: string;
      Icon: typeof Printer;
      newTab?: boolean;
      destructive?: boolean;
    }[] = [];
    const number = String(c.number);
    if (c.state === "Issued" && can.printCheque)
      links.push({
        key: "print",
        label: m.finance_voucher_print_cheque(),
        named: m.finance_voucher_print_cheque_named({ number }),
        href: `/manage/cheque_issuances/${c.id}/print`, Icon: Printer, newTab: true });
    if (c.state === "Issued" && can.void)
      links.push({
        key: "void",
        label: m.finance_voucher_void(),
        named: m.finance_voucher_void_named({ number }),
        href: withBack(`/manage/cheque_issuances?modal=void&id=${c.id}`, here),
        Icon: Trash2,
        destructive: true,
      });
    if (c.state === "Void" && can.unvoid)
      links.push({
        key: "unvoid",
        label: m.finance_voucher_unvoid(),
        named: m.finance_voucher_unvoid_named({ number }),
        href: withBack(`/manage/cheque_issuances?modal=unvoid&id=${c.id}`, here),
        Icon: RotateCcw,
      });
    return links;
  };
  const voucherDate = formatDate(v.voucher_date, "long");
  const amounts = [
    { key: "amount", label: m.finance_amount(), value: v.amount },
    { key: "paid", label: m.finance_voucher_paid_by_cheque(), value: v.paid },
    { key: "balance", label: m.finance_voucher_unpaid(), value: isVoid ? "0" : v.balance },
  ];
  return (
    <div className="flex max-w-4xl flex-col gap-4" data-testid="voucher-page">
      <FlashMessage flash={flash} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Link to="/manage/disbursements" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            {m.finance_voucher_back()}
          </Link>
          <h1 className="text-2xl font-semibold">{m.finance_voucher_title({ number: v.disbursement_number })}</h1>
          <p className="text-sm text-muted-foreground" data-testid="voucher-status">
            {isVoid
              ? m.finance_voucher_void_status()
              : Number(v.balance) > 0
                ? Number(v.paid) > 0
                  ? m.finance_voucher_partly_paid()
                  : m.finance_voucher_not_paid()
                : m.finance_voucher_fully_paid()}{" "}
            · {voucherDate}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <HistoryLink entity="disbursement" id={v.id} size="sm" />
          {can.edit ? (
            <Link
              to={withBack(`/manage/disbursements?modal=update&id=${v.id}`, here)}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <Pencil aria-hidden="true" />
              {m.finance_edit()}
            </Link>
          ) : null}
          <Link
            to={`${here}/print`}
            target="_blank"
            rel="noreferrer"
            className={buttonVariants({ variant: "outline", size: "sm" })}
            data-testid="print-voucher"
          >
            <FileText aria-hidden="true" />
            {m.finance_voucher_print()}
          </Link>
          {can.issue ? (
            <Link
              to={withBack(`/manage/cheque_issuances?modal=create&disbursement_id=${v.id}`, here)}
              className={buttonVariants({ size: "sm" })}
              data-testid="issue-cheque"
            >
              <Banknote aria-hidden="true" />
              {m.finance_voucher_issue_cheque()}
            </Link>
          ) : null}
        </div>
      </div>

      <dl
        className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border bg-card p-4 text-sm sm:grid-cols-[auto_1fr_auto_1fr]"
        data-testid="voucher-details"
      >
        <dt className="text-muted-foreground">{m.finance_voucher_payee()}</dt>
        <dd className="min-w-0 break-words">{v.payee}</dd>
        <dt className="text-muted-foreground">{m.finance_fund()}</dt>
        <dd>{v.fund_type}</dd>
        <dt className="text-muted-foreground">{m.finance_voucher_address()}</dt>
        <dd className="min-w-0 break-words">{v.payee_address || "—"}</dd>
        <dt className="text-muted-foreground">{m.finance_voucher_tin()}</dt>
        <dd>{v.payee_tin || "—"}</dd>
        <dt className="text-muted-foreground">{m.finance_voucher_type()}</dt>
        <dd className="min-w-0 break-words">{v.disbursement_type?.name ?? "—"}</dd>
        <dt className="text-muted-foreground">{m.finance_voucher_particulars()}</dt>
        <dd className="min-w-0 break-words">{v.particulars}</dd>
      </dl>

      <section aria-labelledby="voucher-amounts" className="grid grid-cols-3 gap-2 text-sm" data-testid="voucher-amounts">
        <h2 id="voucher-amounts" className="sr-only">
          {m.finance_voucher_amounts()}
        </h2>
        {amounts.map((a) => (
          <div key={a.key} className="rounded-lg border bg-card p-3" data-testid={`voucher-${a.key}`}>
            <div className="text-xs text-muted-foreground">{a.label}</div>
            <div className={cn("font-semibold tabular-nums sm:text-lg", a.key === "balance" && Number(a.value) > 0 && "text-primary-ink")}>
              {formatMoney(a.value)}
            </div>
          </div>
        ))}
      </section>

      <AmountLinesTable
        caption={m.finance_voucher_natures()}
        heads={[m.finance_voucher_nature(), m.finance_voucher_description()]}
        lines={v.lines.map((l) => ({ what: l.payment_nature?.name ?? "—", detail: l.description ?? "", amount: l.amount }))}
        total={v.amount}
        testId="voucher-lines"
      />

      <section aria-labelledby="voucher-cheques" className="rounded-lg border bg-card p-4 text-sm">
        <h2 id="voucher-cheques" className="mb-2 font-semibold">
          {m.finance_voucher_cheques()}
        </h2>
        {cheques.length === 0 ? (
          <p className="text-muted-foreground">{m.finance_voucher_no_cheque()}</p>
        ) : (
          <ul className="flex flex-col divide-y" data-testid="voucher-cheques">
            {cheques.map((c) => (
              <li
                key={c.id}
                className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-1 py-2 sm:grid-cols-[8rem_1fr_auto_auto]"
                data-testid="voucher-cheque"
              >
                <div className="font-medium tabular-nums">{m.finance_voucher_cheque_no({ number: String(c.number) })}</div>
                <div className="col-start-1 row-start-2 min-w-0 text-muted-foreground sm:col-start-2 sm:row-start-1">
                  {mediumDate(c.cheque_date)} · {c.bank} {c.account_number} · {c.payee}
                  {c.void_reason ? <span className="block text-xs">{m.finance_voucher_reason({ reason: c.void_reason })}</span> : null}
                </div>
                <div className="col-start-2 row-start-1 text-right font-semibold tabular-nums sm:col-start-3">{formatMoney(c.amount)}</div>
                <div className="col-start-2 row-start-2 flex flex-wrap justify-end gap-1 sm:col-start-4 sm:row-start-1">
                  <span data-testid="cheque-state">{stateBadge(c.state)}</span>
                </div>
                {chequeAction(c).length ? (
                  <div className="col-span-full flex flex-wrap gap-2">
                    {chequeAction(c).map((a) => (
                      <Link
                        key={a.key}
                        to={a.href}
                        target={a.newTab ? "_blank" : undefined}
                        rel={a.newTab ? "noreferrer" : undefined}
                        className={cn(buttonVariants({ variant: "outline", size: "sm" }), a.destructive && "text-destructive")}
                        aria-label={a.named}
                      >
                        <a.Icon aria-hidden="true" />
                        {a.label}
                      </Link>
                    ))}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="voucher-signatories" className="rounded-lg border bg-card p-4 text-sm">
        <h2 id="voucher-signatories" className="mb-2 font-semibold">
          {m.finance_voucher_signatories()}
        </h2>
        <ul className="grid gap-2 sm:grid-cols-3">
          <Signatory
            box="A"
            caption={m.finance_voucher_box_a()}
            name={officials.appropriations_chairman}
            position="Chairman, Committee on Appropriation"
          />
          <Signatory box="B" caption={m.finance_voucher_box_b()} name={officials.treasurer} position="Barangay Treasurer" />
          <Signatory box="C" caption={m.finance_voucher_box_c()} name={officials.punong_barangay} position="Punong Barangay" />
        </ul>
        <p className="mt-2 text-xs text-muted-foreground">
          {m.finance_voucher_prepared({
            bookkeeper: officials.bookkeeper || m.finance_voucher_bookkeeper(),
            accountant: officials.accountant || m.finance_voucher_accountant(),
          })}
        </p>
      </section>
    </div>
  );
}
