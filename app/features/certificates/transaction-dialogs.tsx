import { Printer } from "lucide-react";
import { Form, Link } from "react-router";
import { FormAlert, HiddenFields, PeopleDialog, DialogActions, useSubmitting } from "~/features/people/dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatMoney } from "@domain/money";
import type { LoaderData } from "~/lib/route-data";
import type { IssueActionData, loader } from "~/routes/certificates.transactions";
import { m } from "@domain/i18n";

type Issue = NonNullable<LoaderData<typeof loader>["issue"]>;

/** The issue form of a transaction (spec §2.4): the type, the person, its custom fields and fee lines. */
export function IssueDialog({
  issue,
  closeHref,
  returnTo,
  actionData,
}: {
  issue: Issue;
  closeHref: string;
  returnTo: string;
  actionData?: IssueActionData;
}) {
  const submitting = useSubmitting("issue");
  const type = issue.types.find((t) => t.id === issue.typeId) ?? null;
  const person = issue.people.find((p) => p.id === issue.userId) ?? null;
  const errors = actionData?.issueErrors ?? {};
  const values = actionData?.values ?? {};
  const firstTimeJobseeker = type?.eligibility === "first_time_jobseeker";
  const err = (key: string) =>
    errors[key]?.map((message) => (
      <p key={message} id={`${key}-error`} className="text-sm text-destructive">
        {message}
      </p>
    ));
  // The field messages that show outside a custom field (the keys are the fields' names, not words).
  const purposeErrors = err("custom_values.purpose");
  const dateErrors = err("date_issued");
  const personErrors = err("issued_to_user_id");
  const typeErrors = err("transaction_type_id");
  return (
    <PeopleDialog
      title={m.finance_issue_title()}
      description={m.finance_issue_description()}
      closeHref={closeHref}
      size="lg"
      testId="issue-dialog"
    >
      <Form method="get" className="flex flex-col gap-3 border-b px-5 py-4" data-testid="issue-pick">
        <input type="hidden" name="modal" value="create" />
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="issue-type">{m.finance_issue_type()}</Label>
            <select
              id="issue-type"
              name="type_id"
              defaultValue={issue.typeId ?? ""}
              className="h-9 rounded-md border bg-background px-2 text-sm"
            >
              <option value="">{m.finance_issue_type_placeholder()}</option>
              {issue.types.map((t) => (
                <option key={t.id} value={t.id}>
                  {m.finance_issue_type_option({ name: t.name, fee: Number(t.total) > 0 ? formatMoney(t.total) : m.finance_issue_free() })}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="issue-q">{m.finance_issue_find_person()}</Label>
            <Input id="issue-q" name="q" defaultValue={issue.q} placeholder={m.finance_issue_type_name()} autoComplete="off" />
          </div>
        </div>
        {issue.people.length ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="issue-person">{m.finance_issued_to()}</Label>
            <select
              id="issue-person"
              name="user_id"
              defaultValue={issue.userId ?? ""}
              className="h-9 rounded-md border bg-background px-2 text-sm"
            >
              <option value="">{m.finance_issue_person_placeholder()}</option>
              {issue.people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.kind})
                </option>
              ))}
            </select>
          </div>
        ) : issue.q ? (
          <p className="text-sm text-muted-foreground">{m.finance_issue_no_match({ q: issue.q })}</p>
        ) : null}
        <Button type="submit" variant="outline" className="self-start">
          {m.finance_issue_continue()}
        </Button>
      </Form>
      {type && person ? (
        <Form method="post" className="flex flex-col" data-testid="issue-form">
          <HiddenFields intent="issue" returnTo={returnTo} />
          <input type="hidden" name="transaction_type_id" value={type.id} />
          <input type="hidden" name="issued_to_user_id" value={person.id} />
          <div className="flex flex-col gap-3 px-5 py-4">
            {actionData?.issueMessage ? <FormAlert>{actionData.issueMessage}</FormAlert> : null}
            <p className="text-sm">
              <strong>{type.name}</strong>
              {m.finance_issue_for()}
              <strong>{person.name}</strong> ({person.kind}){firstTimeJobseeker ? m.finance_issue_ftj() : ""}
            </p>
            {type.custom_forms.map((f) => {
              const id = `cv-${f.fieldId}`;
              const key = `custom_values.${f.fieldId}`;
              return (
                <div key={f.fieldId} className="flex flex-col gap-1.5">
                  <Label htmlFor={id}>
                    {f.label}
                    {f.required ? <span className="text-destructive"> *</span> : null}
                  </Label>
                  {f.type === "select" ? (
                    <select
                      id={id}
                      name={key}
                      defaultValue={values[f.fieldId] ?? ""}
                      required={f.required}
                      className="h-9 rounded-md border bg-background px-2 text-sm"
                    >
                      <option value="">—</option>
                      {f.options.map((o) => (
                        <option key={o}>{o}</option>
                      ))}
                    </select>
                  ) : f.type === "textarea" ? (
                    <textarea
                      id={id}
                      name={key}
                      defaultValue={values[f.fieldId] ?? ""}
                      required={f.required}
                      className="min-h-16 rounded-md border bg-background px-2 py-1 text-sm"
                    />
                  ) : (
                    <Input
                      id={id}
                      name={key}
                      type={f.type === "date" ? "date" : f.type === "number" ? "number" : "text"}
                      defaultValue={values[f.fieldId] ?? ""}
                      required={f.required}
                      maxLength={1000}
                      aria-invalid={errors[key] ? true : undefined}
                      aria-describedby={errors[key] ? `${key}-error` : undefined}
                    />
                  )}
                  {err(key)}
                </div>
              );
            })}
            {type.custom_forms.some((f) => f.fieldId === "purpose") ? null : (
              // Every certificate prints its purpose (spec §3 placeholder), whatever fields its type asks.
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="cv-purpose">{m.finance_issue_purpose()}</Label>
                <textarea
                  id="cv-purpose"
                  name="custom_values.purpose"
                  defaultValue={values.purpose ?? ""}
                  maxLength={1000}
                  className="min-h-16 rounded-md border bg-background px-2 py-1 text-sm"
                  aria-invalid={errors["custom_values.purpose"] ? true : undefined}
                />
                {purposeErrors}
              </div>
            )}
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="issue-date">{m.finance_form_date_issued()}</Label>
              <Input
                id="issue-date"
                name="date_issued"
                type="date"
                max={issue.today}
                defaultValue={values.date_issued || issue.today}
                className="w-48"
              />
              {dateErrors}
            </div>
            <table className="text-sm" data-testid="issue-fees">
              <caption className="text-left font-medium">{m.finance_fees()}</caption>
              <tbody>
                {type.fees.map((l, i) => (
                  <tr key={i} className="border-b">
                    <td className="py-1">{l.label}</td>
                    <td className="py-1 text-right tabular-nums">{formatMoney(l.amount)}</td>
                  </tr>
                ))}
                <tr>
                  <td className="py-1 font-medium">{m.finance_total()}</td>
                  <td className="py-1 text-right font-medium tabular-nums">{formatMoney(type.total)}</td>
                </tr>
              </tbody>
            </table>
            {Number(type.total) > 0 ? (
              <p className="text-xs text-muted-foreground">
                {m.finance_issue_paid_note()}
              </p>
            ) : null}
            {personErrors}
            {typeErrors}
          </div>
          <DialogActions closeHref={closeHref} submitting={submitting} label={m.finance_issue_button()} />
        </Form>
      ) : null}
    </PeopleDialog>
  );
}

/** Spec §2.4 print and print-now: print opens the certificate; print-now prints it at once and closes the modal. */
export function PrintDialog({
  id,
  now,
  closeHref,
  record,
}: {
  id: number;
  now: boolean;
  closeHref: string;
  record: Record<string, unknown> | null;
}) {
  const name = record ? String(record.reference_number) : `#${id}`;
  return (
    <PeopleDialog
      title={now ? m.finance_print_now() : m.finance_print()}
      description={m.finance_print_dialog_description({ name })}
      closeHref={closeHref}
      testId="print-dialog"
    >
      <div className="flex flex-col gap-3 px-5 py-4 text-sm">
        <p>{now ? m.finance_print_dialog_text_now() : m.finance_print_dialog_text()}</p>
        <div className="flex justify-end gap-2">
          <Link to={closeHref} className={buttonVariants({ variant: "outline" })}>
            {m.finance_cancel()}
          </Link>
          <a
            href={`/manage/transactions/${id}/print${now ? "?print=now" : ""}`}
            target="_blank"
            rel="noreferrer"
            className={buttonVariants()}
            onClick={() => {
              // Print-now closes the modal (spec §2.4).
              if (now) window.setTimeout(() => window.location.assign(closeHref), 0);
            }}
          >
            <Printer aria-hidden="true" /> {now ? m.finance_print_now() : m.finance_print_dialog_open()}

          </a>
        </div>
      </div>
    </PeopleDialog>
  );
}
