import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { formatDate } from "@domain/dates";
import { formatMoney } from "@domain/money";
import { SelectOptions } from "~/components/resource/select-options";
import { CardTable } from "~/components/screen-table";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/remittances";

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
          <h1 className="text-2xl font-semibold">Remittances</h1>
          <p className="text-sm text-muted-foreground">Collections per collector and day; open a day to remit it.</p>
        </div>
        <Link to="/manage/reports/collections" className={buttonVariants({ variant: "outline", size: "sm" })}>
          RCD and RAAF
        </Link>
      </div>
      <Form method="get" className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-5 sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="r-collector">Collector</Label>
          <NativeSelect id="r-collector" name="filter[collector_id]" defaultValue={query.filter.collector_id ?? ""}>
            <SelectOptions placeholder="All" options={collectors} />
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="r-from">From</Label>
          <Input id="r-from" type="date" name="filter[date_from]" defaultValue={query.filter.date_from ?? ""} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="r-to">To</Label>
          <Input id="r-to" type="date" name="filter[date_to]" defaultValue={query.filter.date_to ?? ""} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="r-status">Status</Label>
          <NativeSelect id="r-status" name="filter[status]" defaultValue={query.filter.status ?? ""}>
            <option value="">All</option>
            <option value="Pending">Pending</option>
            <option value="Remitted">Remitted</option>
          </NativeSelect>
        </div>
        <Button type="submit">Filter</Button>
      </Form>
      <CardTable
        testId="remittance-days"
        columns={[
          { label: "Date" },
          { label: "Collector" },
          { label: "Total collection", numeric: true },
          { label: "Amount collected", numeric: true },
          { label: "Status" },
        ]}
      >
        {page.data.length === 0 ? (
          <tr>
            <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
              No collections match.
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
                {formatDate(d.date, "medium")}
              </Link>
            </td>
            <td className="px-3 py-2">{d.collector.fullname}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {d.total_collection}
              {d.cancelled_count ? <span className="text-muted-foreground"> ({d.cancelled_count} cancelled)</span> : null}
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
                {d.status}
              </Badge>
            </td>
          </tr>
        ))}
      </CardTable>
      <nav aria-label="Pages" className="flex items-center justify-between text-sm">
        <span>
          {page.meta.total} day{page.meta.total === 1 ? "" : "s"}, page {page.meta.current_page} of {page.meta.last_page}
        </span>
        <span className="flex gap-2">
          {page.meta.current_page > 1 ? (
            <Link className={buttonVariants({ variant: "outline", size: "sm" })} to={pageHref(page.meta.current_page - 1)}>
              Previous
            </Link>
          ) : null}
          {page.meta.current_page < page.meta.last_page ? (
            <Link className={buttonVariants({ variant: "outline", size: "sm" })} to={pageHref(page.meta.current_page + 1)}>
              Next
            </Link>
          ) : null}
        </span>
      </nav>
    </div>
  );
}
