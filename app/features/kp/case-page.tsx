import { FileText, Pencil } from "lucide-react";
import * as React from "react";
import { Link, useActionData, useSearchParams } from "react-router";
import { FlashMessage } from "~/components/resource/flash-message";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { HistoryLink } from "~/features/audit/history-link";
import { withBack } from "@domain/back-path";
import { toManilaDateString } from "@domain/dates";
import { formatDate, formatDateTime } from "~/lib/reader-dates";
import { cn } from "~/lib/utils";
import type { LoaderData } from "~/lib/route-data";
import type { loader, StepRefusal } from "~/routes/kp.case";
import { m } from "@domain/i18n";
import { CaseAttachments } from "./case-attachments";
import { CaseClock } from "./case-clock";
import { StepDialog } from "./step-dialog";

// The case page's screen: the record and its people on the left, what to do next (the steps the
// law allows now), the clock and the forms on the right; one column on a phone, steps first.

type Data = LoaderData<typeof loader>;

// Dates as the page shows them (the format's name kept out of the JSX the i18n rule reads).
const longDate = (value: string) => formatDate(value, "long");
const mediumDate = (value: string) => formatDate(value, "medium");

const ROLE_HEADINGS = [
  ["complainant", m.office_kp_case_complainants],
  ["respondent", m.office_kp_case_respondents],
  ["witness", m.office_kp_case_witnesses],
] as const;

const CLOSED = new Set(["executed", "certified_file_action", "certified_bar_action", "dismissed", "withdrawn", "repudiated"]);

function Section({ id, title, children, testId }: { id: string; title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border bg-card p-4 text-sm" data-testid={testId}>
      <h2 id={id} className="mb-2 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Parties({ parties }: { parties: Data["parties"] }) {
  return (
    <Section id="case-parties" title={m.office_kp_case_parties()} testId="case-parties">
      <div className="grid gap-3 sm:grid-cols-3">
        {ROLE_HEADINGS.map(([role, heading]) => {
          const list = parties.filter((p) => p.role === role);
          return (
            <div key={role} className="min-w-0">
              <h3 className="text-xs font-semibold text-muted-foreground uppercase">{heading()}</h3>
              {list.length === 0 ? (
                <p className="text-muted-foreground">{m.office_common_none()}</p>
              ) : (
                <ul className="flex flex-col gap-1.5" data-testid={`parties-${role}`}>
                  {list.map((p, i) => (
                    <li key={i} className="min-w-0 break-words">
                      {p.href ? (
                        <Link to={p.href} className="font-medium underline underline-offset-4">
                          {p.name}
                        </Link>
                      ) : (
                        <span className="font-medium">{p.name}</span>
                      )}
                      {p.address ? <span className="block text-xs text-muted-foreground">{p.address}</span> : null}
                      {p.outside_city ? (
                        <span className="block text-xs text-muted-foreground">{m.office_kp_case_outside_city()}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
    </Section>
  );
}

function Hearings({ hearings }: { hearings: Data["hearings"] }) {
  return (
    <Section id="case-hearings" title={m.office_kp_case_hearings()} testId="case-hearings">
      {hearings.length === 0 ? (
        <p className="text-muted-foreground">{m.office_kp_case_no_hearing()}</p>
      ) : (
        <ol className="flex flex-col divide-y">
          {hearings.map((h) => (
            <li key={h.id} className="py-2" data-testid="case-hearing">
              <div className="font-medium">
                {longDate(h.held_on)} · {h.kind_label}
              </div>
              <p className="break-words whitespace-pre-line text-muted-foreground">{h.minutes || m.office_kp_case_no_minutes()}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

export function CasePageView({ loaderData }: { loaderData: Data }) {
  const { kase: k, parties, hearings, pangkat, attachments, clock, steps, forms, choices, today, can, flash } = loaderData;
  const here = `/manage/kp/cases/${k.id}`;
  const refusal = (useActionData() as StepRefusal | undefined) ?? null;
  const [search] = useSearchParams();
  const open = steps.find((s) => s.name === (refusal?.step ?? search.get("step")));
  const overdue = clock.items.filter((i) => i.status === "overdue").length;
  // A closed dialog gives the focus back to its step's button, or to the heading when the step
  // moved the case on and the button is gone (the dialog is in the address, not a Radix trigger).
  const openName = open?.name ?? null;
  const lastOpen = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (lastOpen.current && !openName)
      (document.querySelector<HTMLElement>(`[data-step="${lastOpen.current}"]`) ?? document.getElementById("case-heading"))?.focus();
    lastOpen.current = openName;
  }, [openName]);
  return (
    <div className="flex max-w-6xl flex-col gap-4" data-testid="kp-case-page">
      <FlashMessage flash={flash} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Link to="/manage/kp/cases" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            {m.office_kp_case_back()}
          </Link>
          <h1 id="case-heading" tabIndex={-1} className="text-2xl font-semibold outline-none">
            {m.office_kp_case_heading({ docket: k.docket_number })}
          </h1>
          <p className="break-words text-muted-foreground">{k.title}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={CLOSED.has(k.state) ? "secondary" : "default"} data-testid="case-state">
              {k.state_label}
            </Badge>
            {k.trashed ? <Badge variant="destructive">{m.office_kp_case_in_trash()}</Badge> : null}
            {overdue ? <Badge variant="destructive">{m.office_kp_case_overdue({ count: overdue })}</Badge> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <HistoryLink entity="kp_case" id={k.id} size="sm" />
          {can.edit ? (
            <Link
              to={withBack(`/manage/kp/cases?modal=update&id=${k.id}`, here)}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <Pencil aria-hidden="true" />
              {m.office_kp_case_edit()}
            </Link>
          ) : null}
        </div>
      </div>

      {/* A phone reads what to do next first, then the record, then the forms; a wide screen keeps the
          record on the left and the steps, clock and forms beside it. */}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <div className="order-2 flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <dl
            className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-lg border bg-card p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]"
            data-testid="case-details"
          >
            <dt className="text-muted-foreground">{m.office_kp_case_nature()}</dt>
            <dd className="break-words">{k.nature}</dd>
            <dt className="text-muted-foreground">{m.office_kp_case_category()}</dt>
            <dd>{k.category_label}</dd>
            <dt className="text-muted-foreground">{m.office_kp_case_filed()}</dt>
            <dd>{longDate(k.filed_on)}</dd>
            {/* The stamp is when the complaint was entered: the time received only when entered on the day filed
                (a case from the paper docket is entered later). */}
            <dt className="text-muted-foreground">
              {k.received_at && toManilaDateString(k.received_at) !== k.filed_on ? m.office_kp_case_entered() : m.office_kp_case_received()}
            </dt>
            <dd>{k.received_at ? formatDateTime(k.received_at) : "—"}</dd>
            <dt className="text-muted-foreground">{m.office_kp_case_complaint()}</dt>
            <dd className="col-span-1 break-words whitespace-pre-line sm:col-span-3">{k.complaint}</dd>
            {k.terms ? (
              <>
                <dt className="text-muted-foreground">{m.office_kp_case_terms()}</dt>
                <dd className="col-span-1 break-words whitespace-pre-line sm:col-span-3" data-testid="case-terms">
                  {k.terms}
                </dd>
              </>
            ) : null}
            {k.outcome_reason ? (
              <>
                <dt className="text-muted-foreground">{m.office_common_reason()}</dt>
                <dd className="col-span-1 break-words sm:col-span-3">{k.outcome_reason}</dd>
              </>
            ) : null}
          </dl>
          <Parties parties={parties} />
          {pangkat.length ? (
            <Section id="case-pangkat" title={m.office_kp_case_pangkat()} testId="case-pangkat">
              <ul className="flex flex-col gap-1">
                {pangkat.map((p) => (
                  <li key={p.id} className={cn("min-w-0", p.vacated_on && "text-muted-foreground")} data-testid="pangkat-member">
                    <span className="font-medium">{p.name}</span> ·{" "}
                    {p.role_label}
                    <span className="block text-xs text-muted-foreground">
                      {p.chosen_by_label},{" "}
                      {mediumDate(p.chosen_on)}
                      {p.vacated_on ? ` · ${m.office_kp_case_pangkat_left({ date: mediumDate(p.vacated_on) })}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          <Hearings hearings={hearings} />
          <Section id="case-record" title={m.office_kp_case_record()} testId="case-dates">
            <ol className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {k.dates.map((d) => (
                <li key={d.key} className="contents">
                  <span className="text-muted-foreground">{d.label}</span>
                  <span className="whitespace-nowrap">{longDate(d.date)}</span>
                </li>
              ))}
            </ol>
          </Section>
          <CaseAttachments
            caseId={k.id}
            attachments={attachments}
            mayChange={can.attach}
            refusal={refusal}
            removing={Number(search.get("remove")) || null}
          />
        </div>

        <div className="order-1 flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-start-1">
          <Section id="case-steps" title={m.office_kp_case_next_steps()} testId="case-steps">
            {steps.length === 0 ? (
              <p className="text-muted-foreground">
                {k.trashed
                  ? m.office_kp_case_trash_no_step()
                  : CLOSED.has(k.state)
                    ? m.office_kp_case_ended()
                    : m.office_kp_case_no_step_open()}
              </p>
            ) : (
              <div className="flex flex-col gap-3">
                {[steps.filter((s) => !s.destructive), steps.filter((s) => s.destructive)].map((group, i) =>
                  group.length ? (
                    <div key={i} className={cn("flex flex-wrap gap-2", i === 1 && steps.length > group.length && "border-t pt-3")}>
                      {group.map((s) => (
                        <Link
                          key={s.name}
                          to={`${here}?step=${s.name}`}
                          preventScrollReset
                          className={cn(
                            buttonVariants({ variant: s.destructive ? "outline" : "default", size: "sm" }),
                            s.destructive && "text-destructive",
                          )}
                          data-step={s.name}
                        >
                          {s.label}
                        </Link>
                      ))}
                    </div>
                  ) : null,
                )}
              </div>
            )}
          </Section>
          <CaseClock items={clock.items} today={clock.today} />
        </div>
        <div className="order-3 flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-start-2">
          <Section id="case-forms" title={m.office_kp_case_forms()} testId="case-forms">
            {forms.length === 0 ? <p className="text-muted-foreground">{m.office_kp_case_no_form()}</p> : null}
            <ul className="flex flex-col gap-1">
              {forms.map((f) => (
                <li key={`${f.form}${f.query}`}>
                  <a
                    href={`${here}/forms/${f.form}/print${f.query}`}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-start gap-2 underline-offset-4 hover:underline"
                    data-form={f.form}
                  >
                    <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span>{m.office_kp_case_form_link({ number: f.number, title: f.title })}</span>
                  </a>
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </div>
      {open ? <StepDialog step={open} here={here} docket={k.docket_number} refusal={refusal} today={today} choices={choices} /> : null}
    </div>
  );
}
