import { Form, Link, useNavigation } from "react-router";
import { SimpleField } from "~/features/access/simple-field";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { COA_RETENTION_YEARS } from "@domain/privacy/schemas";
import { formatDate, formatDateTime } from "~/lib/reader-dates";
import type { ActionData, LoaderData } from "~/lib/route-data";
import type { action, loader, RetentionActionData } from "~/routes/privacy.retention";
import { intlLocale, m } from "@domain/i18n";

/** Where a person's page is (non-residents have none of their own). */
const KIND_PATH: Record<string, string> = { resident: "/manage/residents/", staff: "/system/users/" };
const KIND_LABEL: Record<string, () => string> = {
  resident: m.admin_user_kind_resident,
  non_resident: m.admin_user_kind_non_resident,
  staff: m.admin_user_kind_staff,
};

function years(days: number): string {
  const y = days / 365;
  if (y < 1) return m.admin_retention_about_months({ count: Math.round(days / 30) });
  const count = y.toFixed(y % 1 < 0.05 || y % 1 > 0.95 ? 0 : 1);
  return Math.round(y) === 1 ? m.admin_retention_about_year({ count }) : m.admin_retention_about_years({ count });
}

const plural = (n: number, one: (p: { count: string }) => string, many: (p: { count: string }) => string) =>
  (n === 1 ? one : many)({ count: n.toLocaleString(intlLocale()) });

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="flex flex-col rounded-lg border bg-muted/30 px-3 py-2">
      <span className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value.toLocaleString(intlLocale())}
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
        {title} <span className="font-normal text-muted-foreground">({count.toLocaleString(intlLocale())})</span>
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
          {m.admin_retention_first_listed({ shown: rows.length, count: count.toLocaleString(intlLocale()) })}
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
        <h1 className="text-2xl font-semibold tracking-tight">{m.admin_retention_title()}</h1>
        <p className="text-sm text-muted-foreground">{m.admin_retention_intro({ years: COA_RETENTION_YEARS })}</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{m.admin_retention_periods()}</CardTitle>
          <CardDescription>{m.admin_retention_periods_description()}</CardDescription>
        </CardHeader>
        <Form method="post" className="flex flex-col gap-4" data-testid="retention-form" noValidate>
          <CsrfInput />
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <SimpleField
              name="trashed_personal_days"
              label={m.admin_retention_trashed_label()}
              type="number"
              inputMode="numeric"
              min={30}
              max={36500}
              required
              defaultValue={value("trashed_personal_days")}
              description={m.admin_retention_trashed_hint({ period: years(plan.settings.trashed_personal_days) })}
              errors={refused?.errors.trashed_personal_days}
            />
            <SimpleField
              name="access_log_days"
              label={m.admin_retention_access_label()}
              type="number"
              inputMode="numeric"
              min={90}
              max={36500}
              required
              defaultValue={value("access_log_days")}
              description={m.admin_retention_access_hint({ period: years(plan.settings.access_log_days) })}
              errors={refused?.errors.access_log_days}
            />
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={saving}>
              {saving ? <Spinner size="sm" label={m.admin_saving()} /> : null}
              {m.admin_retention_save()}
            </Button>
          </CardFooter>
        </Form>
      </Card>

      <Card data-testid="retention-dry-run">
        <CardHeader>
          <CardTitle>{m.admin_retention_dry_run()}</CardTitle>
          <CardDescription>
            {m.admin_retention_dry_run_description({
              trashed: formatDateTime(plan.trashed_before),
              logged: formatDateTime(plan.access_log_before),
              after: formatDate(plan.coa_after),
            })}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
            <Stat label={m.admin_retention_people()} value={plan.people.count} testId="dry-run-people" />
            <Stat label={m.admin_retention_households()} value={plan.households.count} testId="dry-run-households" />
            <Stat label={m.admin_retention_kept_stat()} value={plan.kept.count} testId="dry-run-kept" />
            <Stat label={m.admin_retention_access_rows()} value={plan.access_log_rows} testId="dry-run-access-log" />
          </div>
          <List
            title={m.admin_retention_people()}
            count={plan.people.count}
            head={[m.admin_user_form_name(), m.admin_retention_kind(), m.admin_retention_since()]}
            empty={m.admin_retention_people_empty()}
            rows={plan.people.rows.map((p) => [
              KIND_PATH[p.kind] ? (
                <Link key="n" to={`${KIND_PATH[p.kind]}${p.id}`} className="underline-offset-2 hover:underline">
                  {p.name}
                </Link>
              ) : (
                p.name
              ),
              KIND_LABEL[p.kind]?.() ?? p.kind,
              formatDate(p.deleted_at),
            ])}
          />
          <List
            title={m.admin_retention_kept()}
            count={plan.kept.count}
            head={[m.admin_user_form_name(), m.admin_retention_since(), m.admin_retention_documents(), m.admin_retention_kept_until()]}
            empty={m.admin_retention_kept_empty()}
            rows={plan.kept.rows.map((p) => [p.name, formatDate(p.deleted_at), p.documents.join("; "), formatDate(p.kept_until)])}
          />
          <List
            title={m.admin_retention_households()}
            count={plan.households.count}
            head={[m.admin_retention_household(), m.admin_retention_head(), m.admin_setup_s_address(), m.admin_retention_since()]}
            empty={m.admin_retention_households_empty()}
            rows={plan.households.rows.map((h) => [`#${h.id}`, h.head_name ?? "—", h.address, formatDate(h.deleted_at)])}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{m.admin_retention_last_runs()}</CardTitle>
          <CardDescription>{m.admin_retention_last_runs_description()}</CardDescription>
        </CardHeader>
        <CardContent>
          <List
            title={m.admin_retention_runs()}
            count={runs.length}
            head={[
              m.admin_retention_day(),
              m.admin_retention_finished(),
              m.admin_retention_anonymised(),
              m.admin_retention_kept_short(),
              m.admin_retention_rows_deleted(),
            ]}
            empty={m.admin_retention_runs_empty()}
            rows={runs.map((r) => [
              formatDate(r.run_on),
              r.finished_at ? formatDateTime(r.finished_at) : "—",
              r.result
                ? `${plural(r.result.people, m.admin_retention_person_one, m.admin_retention_person_other)}, ${plural(r.result.households, m.admin_retention_household_one, m.admin_retention_household_other)}`
                : "—",
              r.result ? String(r.result.kept) : "—",
              r.result ? String(r.result.access_log_rows) : "—",
            ])}
          />
        </CardContent>
      </Card>
    </div>
  );
}
