import type { SubmissionResult } from "@conform-to/zod/v4";
import * as React from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "~/components/resource/use-hydrated";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { trpc } from "~/lib/trpc-client";
import { DISASTER_TYPES } from "@domain/registry/people";
import { PurokSelect } from "./purok-select";
import { DialogActions, FieldSection, FormAlert, HiddenFields, useSubmitting } from "./dialog";
import { RequiredMark } from "~/components/resource/form-field";
import { m } from "@domain/i18n";
import { term } from "@domain/i18n/terms";

// The disaster-prone area form: a purok, its hazards (several), and the affected area.
// check_disaster_prone_area (spec §7.3) runs when the purok is chosen and, when the purok is
// already listed, shows that entry with a link to edit it instead.

type RecordRow = Record<string, unknown> & { id: number };
type Existing = { id: number; purok: { name: string }; disaster_types: string[]; affected_area: string };

export function AreaForm({
  intent,
  record,
  puroks,
  returnTo,
  closeHref,
  lastResult,
}: {
  intent: "create" | "update";
  record: RecordRow | null;
  puroks: { value: string; label: string }[];
  returnTo: string;
  closeHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const hydrated = useHydrated();
  const submitting = useSubmitting(intent);
  const errors: Record<string, string[] | null | undefined> = lastResult?.error ?? {};
  const posted = (lastResult?.initialValue ?? null) as Record<string, unknown> | null;
  const [purok, setPurok] = React.useState(String(posted?.purok_id ?? (record?.purok as { id?: number } | undefined)?.id ?? ""));
  // The check's answer, for the purok it was asked about.
  const [checked, setChecked] = React.useState<{ purok: string; existing: Existing | null } | null>(null);
  const existing = checked && checked.purok === purok ? checked.existing : null;
  const chosen = new Set<string>(
    (Array.isArray(posted?.disaster_types)
      ? (posted!.disaster_types as string[])
      : posted?.disaster_types
        ? [String(posted.disaster_types)]
        : null) ??
      (record?.disaster_types as string[] | undefined) ??
      [],
  );

  React.useEffect(() => {
    if (!hydrated || !purok) return;
    let cancelled = false;
    trpc.disasterProneArea.check
      .mutate({ purok_id: Number(purok), id: record?.id ?? null })
      .then((res) => !cancelled && setChecked({ purok, existing: "existing" in res ? (res.existing as Existing) : null }))
      .catch(() => !cancelled && setChecked({ purok, existing: null }));
    return () => {
      cancelled = true;
    };
  }, [hydrated, purok, record?.id]);

  return (
    <Form method="post" preventScrollReset className="flex flex-col" data-testid="resource-form" noValidate>
      <HiddenFields intent={intent} id={record?.id} returnTo={returnTo} />
      <div className="flex flex-col gap-5 px-5 py-4">
        {errors[""]?.length ? <FormAlert>{errors[""].join(" ")}</FormAlert> : null}
        <PurokSelect id="area-purok" puroks={puroks} errors={errors.purok_id} value={purok} onChange={(e) => setPurok(e.target.value)}>
          {existing ? (
            <div
              role="alert"
              className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              data-testid="area-exists"
            >
              {m.people_area_form_exists({
                purok: existing.purok.name,
                types: existing.disaster_types.map((t) => term(t)).join(", "),
                area: existing.affected_area,
              })}{" "}
              <Link to={`?modal=update&id=${existing.id}`} className="font-medium underline underline-offset-2">
                {m.people_area_form_edit_existing()}
              </Link>
            </div>
          ) : null}
        </PurokSelect>
        <FieldSection title={m.people_area_form_types()}>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {DISASTER_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="disaster_types"
                  value={type}
                  defaultChecked={chosen.has(type)}
                  className="size-4 accent-primary"
                />
                {term(type)}
              </label>
            ))}
          </div>
          {errors.disaster_types ? (
            <p className="text-sm text-destructive" data-testid="field-error">
              {errors.disaster_types.join(" ")}
            </p>
          ) : null}
        </FieldSection>
        <div className="flex flex-col gap-1.5" data-field="affected_area">
          <Label htmlFor="area-affected">
            {m.people_area_form_affected()}
            <RequiredMark />
          </Label>
          <Textarea
            id="area-affected"
            name="affected_area"
            rows={3}
            maxLength={300}
            placeholder={m.people_area_form_affected_placeholder()}
            defaultValue={String(posted?.affected_area ?? record?.affected_area ?? "")}
            aria-invalid={errors.affected_area ? true : undefined}
            required
          />
          {errors.affected_area ? (
            <p className="text-sm text-destructive" data-testid="field-error">
              {errors.affected_area.join(" ")}
            </p>
          ) : null}
        </div>
      </div>
      <DialogActions closeHref={closeHref} submitting={submitting} label={intent === "create" ? m.people_save() : m.people_save_changes()} />
    </Form>
  );
}
