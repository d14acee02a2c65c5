import type * as React from "react";
import { LabeledField, SelectOptions, type Option } from "~/components/resource/form-field";
import { NativeSelect } from "~/components/ui/select";
import { m } from "@domain/i18n";

/** The required purok of a people form (a household's address, a disaster-prone area); `children` go under the select. */
export function PurokSelect({
  id,
  puroks,
  errors,
  children,
  ...select
}: {
  id: string;
  puroks: Option[];
  errors?: string[] | null;
  children?: React.ReactNode;
} & Pick<React.ComponentProps<typeof NativeSelect>, "value" | "defaultValue" | "onChange">) {
  return (
    <LabeledField id={id} label={m.people_purok()} required errors={errors} field="purok_id">
      <NativeSelect id={id} name="purok_id" required aria-invalid={errors?.length ? true : undefined} {...select}>
        <SelectOptions placeholder={m.people_purok_select()} options={puroks} />
      </NativeSelect>
      {children}
    </LabeledField>
  );
}
