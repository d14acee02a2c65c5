import * as React from "react";
import { FieldErrors, RequiredMark } from "~/components/resource/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

// A labelled input whose errors come back from the server action (settings forms): the server
// validates with the same zod schema the REST calls use, so these forms need no client schema.

export function SimpleField({
  name,
  label,
  errors,
  description,
  required,
  className,
  ...input
}: { name: string; label: string; errors?: string[]; description?: string; required?: boolean } & Omit<React.ComponentProps<"input">, "name">) {
  const id = React.useId();
  const described = [description ? `${id}-description` : null, errors?.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ?? "flex flex-col gap-1.5"} data-field={name}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      <Input id={id} name={name} required={required} aria-invalid={errors?.length ? true : undefined} aria-describedby={described} {...input} />
      {description ? (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
