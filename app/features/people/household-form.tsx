import type { SubmissionResult } from "@conform-to/zod/v4";
import { MapPin, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { Form } from "react-router";
import { LeafletMap } from "~/components/maps/leaflet-map";
import { useHydrated } from "~/components/resource/use-hydrated";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { SelectOptions } from "~/components/resource/select-options";
import { DefaultSubmit } from "~/components/resource/form-parts";
import { trpc, trpcFieldErrors } from "~/lib/trpc-client";
import { PH_BOUNDS, RELATIONS } from "@domain/registry/people";
import { PurokSelect } from "./purok-select";
import { DialogActions, FieldSection, FormAlert, HiddenFields, useSubmitting } from "./dialog";
import { ResidentPicker, type PickedResident } from "./resident-picker";
import { RequiredMark } from "~/components/resource/form-field";
import { m as msg } from "@domain/i18n";
import { term } from "@domain/i18n/terms";

// The household form: head and members picked from residents (each with their relation
// to the head), purok, address, and coordinates typed or picked on the map — checked to lie in the
// Philippines. With JavaScript, check_household runs as people are picked and names the other
// household of anyone who already belongs to one; the save refuses the same on the server.

type RecordRow = Record<string, unknown> & { id: number };
type Option = { value: string; label: string };
type Member = { key: number; resident: PickedResident | null; relation: string };

/** Barangay San Isidro, Santa Maria, Bulacan: where the map opens when a household has no point yet. */
const COORDINATES = ["latitude", "longitude"] as const;

export const DEFAULT_CENTER: [number, number] = [14.8196, 120.9603];

function personOf(value: unknown): PickedResident | null {
  if (!value || typeof value !== "object") return null;
  const v = value as { id?: number; fullname?: string; image?: string; hex_color?: string };
  return v.id ? { id: v.id, fullname: v.fullname ?? msg.people_resident_number_cap({ id: v.id }), image: v.image, hex_color: v.hex_color } : null;
}

function errorsFrom(result: SubmissionResult<string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(result?.error ?? {})) if (v) out[k.replace(/\[(\d+)\]/g, ".$1")] = v;
  return out;
}

export function HouseholdForm({
  intent,
  record,
  puroks,
  returnTo,
  closeHref,
  lastResult,
  initialPurok,
  names = {},
}: {
  intent: "create" | "update";
  record: RecordRow | null;
  puroks: Option[];
  returnTo: string;
  closeHref: string;
  lastResult?: SubmissionResult<string[]>;
  initialPurok?: string | null;
  /** Names of the residents a refused save named (the server looks them up). */
  names?: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const submitting = useSubmitting(intent);
  const serverErrors = React.useMemo(() => errorsFrom(lastResult), [lastResult]);
  const posted = (lastResult?.initialValue ?? null) as Record<string, unknown> | null;
  // After a refused save, the people that were posted; otherwise the record's.
  const postedPerson = (value: unknown): PickedResident | null => {
    const id = Number(value);
    return Number.isSafeInteger(id) && id > 0 ? { id, fullname: names[String(id)] ?? msg.people_resident_number_cap({ id }) } : null;
  };
  const [head, setHead] = React.useState<PickedResident | null>(() =>
    posted ? postedPerson(posted.household_head_user_id) : personOf(record?.household_head),
  );
  const [members, setMembers] = React.useState<Member[]>(() =>
    posted
      ? ((posted.members as { user_id?: string; relation_to_head?: string }[] | undefined) ?? [])
          .filter((m) => m && (m.user_id || m.relation_to_head))
          .map((m, i) => ({ key: i, resident: postedPerson(m.user_id), relation: m.relation_to_head ?? "" }))
      : ((record?.members as { user_id: number; relation_to_head: string; user: unknown }[] | undefined) ?? []).map((m, i) => ({
          key: i,
          resident: personOf(m.user),
          relation: m.relation_to_head,
        })),
  );
  const nextKey = React.useRef(members.length + 1);
  const [lat, setLat] = React.useState<string>(() => String(posted?.latitude ?? record?.latitude ?? ""));
  const [lng, setLng] = React.useState<string>(() => String(posted?.longitude ?? record?.longitude ?? ""));
  // The check's refusals, for the people they were asked about.
  const people = JSON.stringify([head?.id, members.map((m) => m.resident?.id)]);
  const [checked, setChecked] = React.useState<{ people: string; errors: Record<string, string[]> } | null>(null);
  const checkErrors = head && checked?.people === people ? checked.errors : {};
  const errors = { ...serverErrors, ...checkErrors };
  const picked =
    Number.isFinite(parseFloat(lat)) && Number.isFinite(parseFloat(lng)) ? { lat: parseFloat(lat), lng: parseFloat(lng) } : null;
  const inPhilippines =
    !picked ||
    (picked.lat >= PH_BOUNDS.minLat && picked.lat <= PH_BOUNDS.maxLat && picked.lng >= PH_BOUNDS.minLng && picked.lng <= PH_BOUNDS.maxLng);

  // check_household (spec §7.3) as people are picked.
  React.useEffect(() => {
    if (!hydrated || !head) return;
    let cancelled = false;
    const payload = {
      id: record?.id ?? null,
      household_head_user_id: head.id,
      members: members.filter((m) => m.resident).map((m) => ({ user_id: m.resident!.id })),
    };
    const indexOf = new Map(members.map((m, i) => [m.resident?.id, i]));
    trpc.household.check
      .mutate(payload)
      .then(() => !cancelled && setChecked({ people, errors: {} }))
      .catch((error) => {
        if (cancelled) return;
        // The check numbers members among the picked ones; map back to the rows on screen.
        const raw = trpcFieldErrors(error);
        const out: Record<string, string[]> = {};
        for (const [key, value] of Object.entries(raw)) {
          const m = /^members\.(\d+)\.user_id$/.exec(key);
          if (m) {
            const id = payload.members[Number(m[1])]?.user_id;
            out[`members.${indexOf.get(id) ?? m[1]}.user_id`] = value;
          } else out[key] = value;
        }
        setChecked({ people, errors: out });
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `people` stands for head and members
  }, [hydrated, people]);

  const exclude = [head?.id, ...members.map((m) => m.resident?.id)].filter((v): v is number => v != null);
  const purokDefault = String(posted?.purok_id ?? (record?.purok as { id?: number } | undefined)?.id ?? initialPurok ?? "");
  const formErrors = lastResult?.error?.[""];
  // The relations' values stay the RBI's English; their labels are the reader's.
  const relations = RELATIONS.map((r) => ({ value: r, label: term(r) }));

  return (
    <Form method="post" preventScrollReset className="flex flex-col" data-testid="resource-form" noValidate>
      <HiddenFields intent={intent} id={record?.id} returnTo={returnTo} />
      <DefaultSubmit />
      <div className="flex flex-col gap-6 px-5 py-4">
        {formErrors?.length ? <FormAlert>{formErrors.join(" ")}</FormAlert> : null}
        <FieldSection title={msg.people_household_form_people()}>
          <ResidentPicker
            id="household-head"
            name="household_head_user_id"
            label={msg.people_household_head()}
            required
            value={head}
            onChange={setHead}
            errors={errors.household_head_user_id}
            exclude={exclude}
          />
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">{msg.people_household_form_members()}</p>
            {members.length === 0 && hydrated ? (
              <p className="text-sm text-muted-foreground">{msg.people_household_form_no_members()}</p>
            ) : null}
            <ol className="flex flex-col gap-3">
              {members.map((m, i) => (
                <li
                  key={m.key}
                  className="grid gap-2 rounded-md border p-2 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
                  data-testid="household-member"
                >
                  <ResidentPicker
                    id={`member-${m.key}`}
                    name={`members[${i}].user_id`}
                    label={msg.people_household_form_member({ n: i + 1 })}
                    value={m.resident}
                    onChange={(r) => setMembers((list) => list.map((x) => (x.key === m.key ? { ...x, resident: r } : x)))}
                    errors={errors[`members.${i}.user_id`]}
                    exclude={exclude}
                  />
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor={`member-${m.key}-relation`}>{msg.people_household_form_relation()}</Label>
                    <NativeSelect
                      id={`member-${m.key}-relation`}
                      name={`members[${i}].relation_to_head`}
                      value={m.relation}
                      onChange={(e) => setMembers((list) => list.map((x) => (x.key === m.key ? { ...x, relation: e.target.value } : x)))}
                      aria-invalid={errors[`members.${i}.relation_to_head`] ? true : undefined}
                    >
                      <SelectOptions placeholder={msg.people_select()} options={relations} />
                    </NativeSelect>
                    {errors[`members.${i}.relation_to_head`] ? (
                      <p className="text-sm text-destructive">{errors[`members.${i}.relation_to_head`].join(" ")}</p>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="sm:mt-6"
                    aria-label={msg.people_household_form_remove_member({ n: i + 1 })}
                    onClick={() => setMembers((list) => list.filter((x) => x.key !== m.key))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
              {!hydrated ? (
                // Without JavaScript: one more row to fill in each time the form is shown.
                <li className="grid gap-2 rounded-md border p-2 sm:grid-cols-[1fr_12rem]">
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor="member-new">{msg.people_household_form_new_member()}</Label>
                    <Input id="member-new" type="number" min={1} name={`members[${members.length}].user_id`} />
                  </div>
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor="member-new-relation">{msg.people_household_form_relation()}</Label>
                    <NativeSelect id="member-new-relation" name={`members[${members.length}].relation_to_head`} defaultValue="">
                      <SelectOptions placeholder={msg.people_select()} options={relations} />
                    </NativeSelect>
                  </div>
                </li>
              ) : null}
            </ol>
            {hydrated ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="self-start"
                onClick={() => {
                  setMembers((list) => [...list, { key: nextKey.current++, resident: null, relation: "" }]);
                  requestAnimationFrame(() => document.getElementById(`member-${nextKey.current - 1}`)?.focus());
                }}
              >
                <Plus aria-hidden="true" />
                {msg.people_household_form_add_member()}
              </Button>
            ) : null}
            {errors.members ? <p className="text-sm text-destructive">{errors.members.join(" ")}</p> : null}
          </div>
        </FieldSection>

        <FieldSection title={msg.people_household_form_address()}>
          <div className="grid gap-3 sm:grid-cols-2">
            <PurokSelect id="household-purok" puroks={puroks} errors={errors.purok_id} defaultValue={purokDefault} />
            <div className="flex flex-col gap-1.5" data-field="address">
              <Label htmlFor="household-address">
                {msg.people_household_form_street()}
                <RequiredMark />
              </Label>
              <Input
                id="household-address"
                name="address"
                required
                maxLength={200}
                defaultValue={String(posted?.address ?? record?.address ?? "")}
                aria-invalid={errors.address ? true : undefined}
              />
              {errors.address ? <p className="text-sm text-destructive">{errors.address.join(" ")}</p> : null}
            </div>
          </div>
        </FieldSection>

        <FieldSection title={msg.people_household_form_location()}>
          <div className="grid gap-3 sm:grid-cols-2">
            {COORDINATES.map((key) => (
              <div key={key} className="flex flex-col gap-1.5" data-field={key}>
                <Label htmlFor={`household-${key}`}>{key === "latitude" ? msg.people_latitude() : msg.people_longitude()}</Label>
                <Input
                  id={`household-${key}`}
                  name={key}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={key === "latitude" ? "14.819600" : "120.960300"}
                  value={key === "latitude" ? lat : lng}
                  onChange={(e) => (key === "latitude" ? setLat(e.target.value) : setLng(e.target.value))}
                  aria-invalid={errors[key] ? true : undefined}
                  aria-describedby={`household-${key}-hint`}
                />
                <p id={`household-${key}-hint`} className="text-xs text-muted-foreground">
                  {key === "latitude"
                    ? msg.people_household_form_within({ min: PH_BOUNDS.minLat, max: PH_BOUNDS.maxLat })
                    : msg.people_household_form_within({ min: PH_BOUNDS.minLng, max: PH_BOUNDS.maxLng })}
                </p>
                {errors[key] ? <p className="text-sm text-destructive">{errors[key].join(" ")}</p> : null}
              </div>
            ))}
          </div>
          {!inPhilippines ? <p className="text-sm text-destructive">{msg.people_household_form_outside()}</p> : null}
          {hydrated ? (
            <>
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <MapPin className="size-3.5" aria-hidden="true" />
                {msg.people_household_form_map_hint()}
              </p>
              <LeafletMap
                className="h-64"
                label={msg.people_household_form_map_label()}
                center={picked && inPhilippines ? [picked.lat, picked.lng] : DEFAULT_CENTER}
                zoom={16}
                markers={[]}
                picked={picked && inPhilippines ? picked : null}
                onPick={(la, ln) => {
                  setLat(la.toFixed(6));
                  setLng(ln.toFixed(6));
                }}
              />
            </>
          ) : null}
        </FieldSection>
      </div>
      <DialogActions closeHref={closeHref} submitting={submitting} label={intent === "create" ? msg.people_save() : msg.people_save_changes()} />
    </Form>
  );
}
