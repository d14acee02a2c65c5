import type * as React from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

// The small parts every form is made of — a field's errors, the required mark, a labelled control,
// Conform's props without their key — shared by the registry's form renderer (form-field.tsx), its
// editors and pickers, and the hand-written forms.

/** The errors of a field, where aria-describedby points. */
export function FieldErrors({ id, errors, className }: { id: string; errors: string[] | undefined; className?: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className={cn("text-sm text-destructive", className)} data-testid="field-error">
      {errors.join(" ")}
    </p>
  );
}

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

/**
 * A labelled control of a hand-written form (the people and receipt forms): the label, with * when
 * required, the control, a hint, and the field's errors.
 */
export function LabeledField({
  id,
  label,
  required,
  errors,
  hint,
  field,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  errors?: string[] | null;
  hint?: string;
  /** The field's name, marked on the block (data-field) where a test or the error focus finds it. */
  field?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5" data-field={field}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldErrors id={`${id}-error`} errors={errors ?? undefined} />
    </div>
  );
}

/** Conform's props without `key` (React warns when a key is spread); the key goes on the element. */
export function split<T extends { key?: string | undefined }>(props: T): [string | undefined, Omit<T, "key">] {
  const { key, ...rest } = props;
  return [key, rest];
}
