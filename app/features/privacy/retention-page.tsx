import { Form, Link, useNavigation } from "react-router";
import { SimpleField } from "~/features/access/simple-field";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { COA_RETENTION_YEARS } from "@domain/privacy/schemas";
import { formatDate, formatDateTime } from "@domain/dates";
import type { ActionData, LoaderData } from "~/lib/route-data";
import type { action, loader, RetentionActionData } from "~/routes/privacy.retention";

/** Where a person's page is (non-residents have none of their own). */
const KIND_PATH: Record<string, string> = { resident: "/manage/residents/", staff: "/system/users/" };
const KIND_LABEL: Record<string, string> = { resident: "Resident", non_resident: "Non-resident", staff: "Staff" };

function years(days: number): string {
  const y = days / 365;
  return y >= 1
    ? `about ${y.toFixed(y % 1 < 0.05 || y % 1 > 0.95 ? 0 : 1)} year${Math.round(y) === 1 ? "" : "s"}`
    : `about ${Math.round(days / 30)} months`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="flex flex-col rounded-lg border bg-muted/30 px-3 py-2">
      <span className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value.toLocaleString("en-US")}
      </span>
      <span className="text-xs text-muted-foreground">{label}</span>
    </div>
  );
}

function List({
  title,
  count,
  head,
  rows,
  empty,
}: {
  title: string;
  count: number;
  head: string[];
  rows: React.ReactNode[][];
  empty: string;
}) {
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h3 className="text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">({count.toLocaleString("en-US")})</span>
      </h3>
      {rows.length ? (
        <TableContainer className="rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                {head.map((h) => (
                  <TableHead key={h} scope="col">
                    {h}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((cells, i) => (
                <TableRow key={i} className="align-top">
                  {cells.map((cell, j) => (
                    <TableCell key={j}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
      {count > rows.length ? (
        <p className="text-xs text-muted-foreground">
          The first {rows.length} of {count.toLocaleString("en-US")} are listed.
        </p>
      ) : null}
    </section>
  );
}

/** The retention settings, what a run would do now (the dry run), and the past runs. */
export function RetentionScreen({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData<typeof loader>;
  actionData: ActionData<typeof action> | undefined;
}) {
  const { plan, runs } = loaderData;
  const refused = actionData as RetentionActionData | undefined;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const value = (key: keyof typeof plan.settings) => refused?.values[key] ?? String(plan.settings[key]);
  return (
    <div className="flex flex-col gap-5">
      <FlashMessage flash={loaderData.flash as FlashData | null} />
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Retention</h1>
        <p className="text-sm text-muted-foreground">
          Personal data is kept no longer than needed (Data Privacy Act). Once a day the portal anonymises trashed personal records past
          their period and deletes old access-log rows. Records named on a receipt, voucher or certificate are kept for the COA period of{" "}
          {COA_RETENTION_YEARS} years.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Retention periods</CardTitle>
          <CardDescription>Counted from the day a record was put in the trash, and from the day an access was logged.</CardDescription>
        </CardHeader>
        <Form method="post" className="flex flex-col gap-4" data-testid="retention-form" noValidate>
          <CsrfInput />
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <SimpleField
              name="trashed_personal_days"
              label="Trashed personal records (days)"
              type="number"
              inputMode="numeric"
              min={30}
              max={36500}
              required
              defaultValue={value("trashed_personal_days")}
              description={`Residents, non-residents, staff and households in the trash: ${years(plan.settings.trashed_personal_days)} now.`}
              errors={refused?.errors.trashed_personal_days}
            />
            <SimpleField
              name="access_log_days"
              label="Access log (days)"
              type="number"
              inputMode="numeric"
              min={90}
              max={36500}
              required
              defaultValue={value("access_log_days")}
              description={`Who opened, printed or exported personal data: ${years(plan.settings.access_log_days)} now.`}
              errors={refused?.errors.access_log_days}
            />
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={saving}>
              {saving ? <Spinner size="sm" label="Saving…" /> : null}
              Save periods
            </Button>
          </CardFooter>
        </Form>
      </Card>

      <Card data-testid="retention-dry-run">
        <CardHeader>
          <CardTitle>Dry run: what a run would do now</CardTitle>
          <CardDescription>
            Nothing is changed here. Trashed before {formatDateTime(plan.trashed_before)}; access logged before{" "}
            {formatDateTime(plan.access_log_before)}; documents dated after {formatDate(plan.coa_after)} are within the COA period.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
            <Stat label="People to anonymise" value={plan.people.count} testId="dry-run-people" />
            <Stat label="Households to anonymise" value={plan.households.count} testId="dry-run-households" />
            <Stat label="Kept for the COA period" value={plan.kept.count} testId="dry-run-kept" />
            <Stat label="Access-log rows to delete" value={plan.access_log_rows} testId="dry-run-access-log" />
          </div>
          <List
            title="People to anonymise"
            count={plan.people.count}
            head={["Name", "Kind", "In the trash since"]}
            empty="No trashed person is past the period."
            rows={plan.people.rows.map((p) => [
              KIND_PATH[p.kind] ? (
                <Link key="n" to={`${KIND_PATH[p.kind]}${p.id}`} className="underline-offset-2 hover:underline">
                  {p.name}
                </Link>
              ) : (
                p.name
              ),
              KIND_LABEL[p.kind] ?? p.kind,
              formatDate(p.deleted_at),
            ])}
          />
          <List
            title="Kept: named on a document of the COA period"
            count={plan.kept.count}
            head={["Name", "In the trash since", "Documents", "Kept until"]}
            empty="No trashed person past the period is named on a recent receipt, voucher or certificate."
            rows={plan.kept.rows.map((p) => [p.name, formatDate(p.deleted_at), p.documents.join("; "), formatDate(p.kept_until)])}
          />
          <List
            title="Households to anonymise"
            count={plan.households.count}
            head={["Household", "Head", "Address", "In the trash since"]}
            empty="No trashed household is past the period."
            rows={plan.households.rows.map((h) => [`#${h.id}`, h.head_name ?? "—", h.address, formatDate(h.deleted_at)])}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Last runs</CardTitle>
          <CardDescription>
            The job runs inside the server, at most once a day (Asia/Manila), about a minute after start and then hourly.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <List
            title="Runs"
            count={runs.length}
            head={["Day", "Finished", "Anonymised", "Kept", "Access-log rows deleted"]}
            empty="The job has not run yet."
            rows={runs.map((r) => [
              formatDate(r.run_on),
              r.finished_at ? formatDateTime(r.finished_at) : "—",
              r.result ? `${plural(r.result.people, "person", "people")}, ${plural(r.result.households, "household", "households")}` : "—",
              r.result ? String(r.result.kept) : "—",
              r.result ? String(r.result.access_log_rows) : "—",
            ])}
          />
        </CardContent>
      </Card>
    </div>
  );
}
