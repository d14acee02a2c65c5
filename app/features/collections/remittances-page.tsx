import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { formatDate } from "~/lib/reader-dates";
import { formatMoney } from "@domain/money";
import { SelectOptions } from "~/components/resource/select-options";
import { CardTable } from "~/components/screen-table";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/remittances";
import { m } from "@domain/i18n";
import { dayStatusLabel } from "~/features/collections/labels";

/** A day as a list writes it. */
function mediumDate(date: string): string {
  return formatDate(date, "medium");
}

/** The remittance days: one row per collector and day, each opening the day's receipts and the remit form. */
export function RemittancesScreen({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { page, query, collectors } = loaderData;
  const pageHref = (n: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query.filter)) if (v) q.set(`filter[${k}]`, v);
    q.set("page", String(n));
    return `?${q}`;
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">{m.finance_remittances_title()}</h1>
          <p className="text-sm text-muted-foreground">{m.finance_remittances_lead()}</p>
        </div>
        <Link to="/manage/reports/collections" className={buttonVariants({ variant: "outline", size: "sm" })}>
          {m.finance_remittances_rcd_raaf()}
        </Link>
      </div>
      <Form method="get" className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-5 sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="r-collector">{m.finance_collector()}</Label>
          <NativeSelect id="r-collector" name="filter[collector_id]" defaultValue={query.filter.collector_id ?? ""}>
            <SelectOptions placeholder={m.finance_all()} options={collectors} />
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="r-from">{m.finance_from()}</Label>
          <Input id="r-from" type="date" name="filter[date_from]" defaultValue={query.filter.date_from ?? ""} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="r-to">{m.finance_to()}</Label>
          <Input id="r-to" type="date" name="filter[date_to]" defaultValue={query.filter.date_to ?? ""} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="r-status">{m.finance_status()}</Label>
          <NativeSelect id="r-status" name="filter[status]" defaultValue={query.filter.status ?? ""}>
            <option value="">{m.finance_all()}</option>
            <option value="Pending">{m.finance_status_pending()}</option>
            <option value="Remitted">{m.finance_status_remitted()}</option>
          </NativeSelect>
        </div>
        <Button type="submit">{m.finance_filter()}</Button>
      </Form>
      <CardTable
        testId="remittance-days"
        columns={[
          { label: m.finance_date() },
          { label: m.finance_collector() },
          { label: m.finance_remittances_total_collection(), numeric: true },
          { label: m.finance_remittances_amount_collected(), numeric: true },
          { label: m.finance_status() },
        ]}
      >
        {page.data.length === 0 ? (
          <tr>
            <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
              {m.finance_remittances_none()}
            </td>
          </tr>
        ) : null}
        {page.data.map((d) => (
          <tr key={d.id} className="border-b last:border-0">
            <td className="px-3 py-2">
              <Link
                to={`/manage/remittances/search?collector_id=${d.collector.id}&date=${d.date}`}
                className="font-medium underline-offset-4 hover:underline"
              >
                {mediumDate(d.date)}
              </Link>
            </td>
            <td className="px-3 py-2">{d.collector.fullname}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {d.total_collection}
              {d.cancelled_count ? (
                <span className="text-muted-foreground">{m.finance_remittances_cancelled_count({ count: d.cancelled_count })}</span>
              ) : null}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(d.amount_collected)}</td>
            <td className="px-3 py-2">
              <Badge
                variant="outline"
                className={
                  d.status === "Remitted"
                    ? "border-emerald-400 text-emerald-900 dark:text-emerald-200"
                    : "border-amber-400 text-amber-900 dark:text-amber-200"
                }
              >
                {dayStatusLabel(d.status)}
              </Badge>
            </td>
          </tr>
        ))}
      </CardTable>
      <nav aria-label={m.finance_pages()} className="flex items-center justify-between text-sm">
        <span>
          {(page.meta.total === 1 ? m.finance_remittances_days_one : m.finance_remittances_days_other)({
            total: page.meta.total,
            current: page.meta.current_page,
            last: page.meta.last_page,
          })}
        </span>
        <span className="flex gap-2">
          {page.meta.current_page > 1 ? (
            <Link className={buttonVariants({ variant: "outline", size: "sm" })} to={pageHref(page.meta.current_page - 1)}>
              {m.finance_previous()}
            </Link>
          ) : null}
          {page.meta.current_page < page.meta.last_page ? (
            <Link className={buttonVariants({ variant: "outline", size: "sm" })} to={pageHref(page.meta.current_page + 1)}>
              {m.finance_next()}

            </Link>
          ) : null}
        </span>
      </nav>
    </div>
  );
}
