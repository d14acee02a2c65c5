import { Form, Link } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { DialogActions, ModalShell, useSubmitting } from "~/components/resource/modal-shell";
import { FormAlert } from "~/components/resource/form-basics";
import { LabeledField } from "~/components/resource/field-parts";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";
import type { CaseStep, StepRefusal } from "~/routes/kp.case";
import { stepFields, type ChoiceSource, type StepField } from "./step-fields";

// A step's dialog on the case page: exactly what the step asks (step-fields.ts), posted to the
// page's action. A refusal keeps what was typed and shows each field's message; a refusal that
// names no field (a step the law does not allow now, a window that has closed) shows above the
// fields.

type Values = StepRefusal["values"];

function valueOf(values: Values, name: string): string {
  const v = values[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

export type Choices = Record<Exclude<ChoiceSource, "static">, { value: string; label: string }[]>;

function Control({
  field,
  id,
  values,
  errors,
  today,
  choices,
}: {
  field: StepField;
  id: string;
  values: Values;
  errors: string[] | undefined;
  today: string;
  choices: Choices;
}) {
  const invalid = errors?.length ? true : undefined;
  const described = errors?.length ? `${id}-error` : undefined;
  const options =
    field.source === "static"
      ? (field.options ?? []).map(([value, label]) => ({ value, label }))
      : field.source
        ? choices[field.source]
        : [];
  switch (field.kind) {
    case "date":
      return (
        <Input
          id={id}
          name={field.name}
          type="date"
          max={today}
          required={field.required}
          defaultValue={valueOf(values, field.name) || today}
          aria-invalid={invalid}
          aria-describedby={described}
        />
      );
    case "textarea":
      return (
        <Textarea
          id={id}
          name={field.name}
          rows={field.name === "reason" ? 2 : 4}
          required={field.required}
          defaultValue={valueOf(values, field.name)}
          aria-invalid={invalid}
          aria-describedby={described}
        />
      );
    case "select":
      return (
        <NativeSelect
          id={id}
          name={field.name}
          required={field.required}
          defaultValue={valueOf(values, field.name) || (field.source === "static" ? options[0]?.value : "")}
          aria-invalid={invalid}
          aria-describedby={described}
        >
          {field.source === "static" ? null : <option value="">{field.required ? m.office_common_choose() : m.office_common_none()}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      );
    case "multi-select": {
      const picked = values[field.name];
      const list = Array.isArray(picked) ? picked : picked ? [picked] : [];
      return (
        <div className="flex flex-col gap-2">
          {Array.from({ length: field.count ?? 1 }, (_, i) => (
            <NativeSelect
              key={i}
              id={i === 0 ? id : `${id}-${i}`}
              name={`${field.name}[]`}
              aria-label={i === 0 ? undefined : m.office_kp_step_seat({ label: field.label, n: i + 1, count: field.count ?? 1 })}
              defaultValue={list[i] ?? ""}
              aria-invalid={invalid}
              aria-describedby={described}
            >
              <option value="">{m.office_kp_step_choose_member()}</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          ))}
        </div>
      );
    }
    default:
      return (
        <Input
          id={id}
          name={field.name}
          type={field.kind === "number" ? "number" : "text"}
          required={field.required}
          defaultValue={valueOf(values, field.name)}
          aria-invalid={invalid}
          aria-describedby={described}
        />
      );
  }
}

export function StepDialog({
  step,
  here,
  docket,
  refusal,
  today,
  choices,
}: {
  step: CaseStep;
  here: string;
  docket: string;
  refusal: StepRefusal | null;
  today: string;
  choices: Choices;
}) {
  const fields = stepFields(step);
  const values = refusal?.values ?? {};
  const errors = refusal?.errors ?? {};
  const errorOf = (name: string) => errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
  // Messages on fields the dialog does not show (or none at all) are said above the fields.
  const shown = new Set(fields.map((f) => f.name));
  const unplaced = Object.entries(errors).filter(([k]) => !shown.has(k.split(".")[0]));
  const submitting = useSubmitting("step");
  return (
    <ModalShell
      title={m.office_kp_step_title({ step: step.label, docket })}
      description={step.confirm ?? undefined}
      closeHref={here}
      role={step.destructive ? "alertdialog" : undefined}
      testId="step-dialog"
    >
      <Form method="post" action={`${here}?step=${step.name}`} preventScrollReset className="flex flex-col">
        <CsrfInput />
        <input type="hidden" name="intent" value="step" />
        <input type="hidden" name="command" value={step.name} />
        <div className="flex flex-col gap-4 px-5 py-4">
          {refusal && (unplaced.length || !Object.keys(errors).length) ? (
            <FormAlert id="step-refusal">{unplaced.length ? unplaced.map(([, messages]) => messages.join(" ")).join(" ") : refusal.message}</FormAlert>
          ) : null}
          {fields.map((field) => {
            const id = `step-${field.name}`;
            return (
              <LabeledField
                key={field.name}
                id={id}
                field={field.name}
                label={field.label}
                required={field.required}
                hint={field.hint}
                errors={errorOf(field.name)}
              >
                <Control field={field} id={id} values={values} errors={errorOf(field.name)} today={today} choices={choices} />
              </LabeledField>
            );
          })}
        </div>
        <DialogActions>
          <Link to={here} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {m.office_common_cancel()}
          </Link>
          <Button
            type="submit"
            disabled={submitting}
            variant={step.destructive ? "destructive" : "default"}
            className={cn(step.destructive && "dark:bg-red-700 dark:hover:bg-red-800")}
            data-testid="step-submit"
          >
            {submitting ? <Spinner size="sm" label={m.office_common_saving()} /> : null}
            {step.label}
          </Button>
        </DialogActions>
      </Form>
    </ModalShell>
  );
}
