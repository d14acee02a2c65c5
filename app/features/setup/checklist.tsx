import { ArrowRight, CheckCircle2, Circle, CircleDashed, ListChecks } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/lib/reader-dates";
import { SETUP_PATH, type SetupChecklist, type SetupStep } from "@domain/setup";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// The first-run checklist (issue 33 item 3, decision 218): the page's list of steps and the
// dashboard's card. What is done is what the records say; each step links to the screen that
// does it.

/** "3 of 7 steps done" as a bar and its words. */
function Progress({ checklist, id }: { checklist: SetupChecklist; id: string }) {
  const percent = Math.round((checklist.doneCount / checklist.total) * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={checklist.total}
        aria-valuenow={checklist.doneCount}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p id={id} className="text-sm text-muted-foreground" data-testid="setup-progress">
        {m.admin_setup_progress({ done: checklist.doneCount, total: checklist.total })}
      </p>
    </div>
  );
}

function StepState({ done }: { done: boolean }) {
  return done ? (
    <Badge
      variant="outline"
      className="border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
    >
      <CheckCircle2 aria-hidden="true" />
      {m.admin_setup_done()}
    </Badge>
  ) : (
    <Badge
      variant="outline"
      className="border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      <CircleDashed aria-hidden="true" />
      {m.admin_setup_not_done()}
    </Badge>
  );
}

function MarkForm({ step }: { step: SetupStep }) {
  const navigation = useNavigation();
  const mark = step.mark;
  if (!mark) return null;
  const marked = mark.markedAt != null;
  const busy = navigation.state === "submitting" && navigation.formData?.get("mark") === mark.mark;
  return (
    <Form method="post" action={SETUP_PATH} preventScrollReset className="flex flex-wrap items-center gap-2 text-sm">
      <CsrfInput />
      <input type="hidden" name="mark" value={mark.mark} />
      <input type="hidden" name="intent" value={marked ? "unmark" : "mark"} />
      {marked ? (
        <span className="text-muted-foreground">
          {m.admin_setup_marked({
            mark: mark.label.toLowerCase(),
            by: mark.markedBy ?? m.admin_setup_an_administrator(),
            at: formatDateTime(mark.markedAt!),
          })}
        </span>
      ) : null}
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {busy ? <Spinner size="sm" label={m.admin_saving()} /> : null}
        {marked ? m.admin_setup_clear_mark() : m.admin_setup_mark({ mark: mark.label.toLowerCase() })}
      </Button>
    </Form>
  );
}

function StepItem({ step, next }: { step: SetupStep; next: boolean }) {
  const titleId = `setup-step-${step.key}`;
  return (
    <li
      className={cn("flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-5", next && "border-primary ring-1 ring-primary/40")}
      aria-labelledby={titleId}
      data-testid={`setup-step-${step.key}`}
      data-done={step.done ? "true" : "false"}
    >
      <div className="flex flex-wrap items-start gap-3">
        <span
          className={cn(
            "flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold tabular-nums",
            step.done ? "border-emerald-400 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" : "bg-muted",
          )}
          aria-hidden="true"
        >
          {step.done ? <CheckCircle2 className="size-4" /> : step.number}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id={titleId} className="font-semibold">
            <span className="sr-only">{m.admin_setup_step({ number: step.number })} </span>
            {step.title}
          </h2>
          <p className="text-sm text-muted-foreground">{step.description}</p>
        </div>
        <StepState done={step.done} />
      </div>
      <ul className="flex flex-col gap-1 text-sm sm:pl-11">
        {step.parts.map((part) => (
          <li key={part.label} className="flex items-start gap-2">
            {part.done ? (
              <CheckCircle2 className="mt-0.5 size-3.5 shrink-0 text-emerald-700 dark:text-emerald-400" aria-label={m.admin_setup_done()} />
            ) : (
              <Circle className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-label={m.admin_setup_not_done()} />
            )}
            <span className="min-w-0 break-words">
              <span className="font-medium">{part.label}</span> <span className="text-muted-foreground">{part.detail}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2 sm:pl-11">
        {step.links.map((link, i) => (
          <Button key={link.href} asChild size="sm" variant={i === 0 && !step.done ? "default" : "outline"}>
            <Link to={link.href}>
              {link.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ))}
      </div>
      {step.mark && (!step.done || step.mark.markedAt) ? (
        <div className="sm:pl-11">
          <MarkForm step={step} />
        </div>
      ) : null}
    </li>
  );
}

/** /manage/setup: every step, done or not, the next one outlined. */
export function SetupScreen({ checklist, flash }: { checklist: SetupChecklist; flash: unknown }) {
  return (
    <div className="flex flex-col gap-5" data-testid="setup-checklist">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{m.admin_setup_back()}</h1>
        <p className="text-sm text-muted-foreground">
          {checklist.complete ? m.admin_setup_complete() : m.admin_setup_intro()}
        </p>
      </div>
      <FlashMessage flash={flash as FlashData | null} />
      <Progress checklist={checklist} id="setup-progress-label" />
      <ol className="flex flex-col gap-3">
        {checklist.steps.map((step) => (
          <StepItem key={step.key} step={step} next={checklist.next?.key === step.key} />
        ))}
      </ol>
    </div>
  );
}

/** The dashboard's card while a step is left: the progress and the next step. */
export function SetupCard({ checklist }: { checklist: SetupChecklist }) {
  const next = checklist.next;
  return (
    <section
      aria-labelledby="setup-card-title"
      className="flex flex-col gap-4 rounded-xl border border-primary/50 bg-card p-5 shadow-sm sm:p-6"
      data-testid="setup-card"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary-ink dark:bg-primary/10">
          <ListChecks className="size-5" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id="setup-card-title" className="text-lg font-semibold">
            {m.admin_setup_back()}
          </h2>
          <p className="text-sm text-muted-foreground">{m.admin_setup_card_intro()}</p>
        </div>
      </div>
      <Progress checklist={checklist} id="setup-card-progress" />
      {next ? (
        <p className="text-sm" data-testid="setup-next">
          <span className="text-muted-foreground">{m.admin_setup_next()} </span>
          <span className="font-medium">
            {next.number}. {next.title}
          </span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {next ? (
          <Button asChild>
            <Link to={next.links[0].href}>
              {next.links[0].label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to={SETUP_PATH}>{m.admin_setup_open()}</Link>
        </Button>
      </div>
    </section>
  );
}
