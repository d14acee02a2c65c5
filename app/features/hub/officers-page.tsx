import { Form, useActionData, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { LabeledField } from "~/components/resource/field-parts";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { CardTable, EmptyTableRow } from "~/components/screen-table";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { TableCell, TableRow } from "~/components/ui/table";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/hub.officers";
import { AccountFields, HubNav, PlaceChoices, PlaceSearch } from "./hub-parts";
import { m } from "@domain/i18n";

type Reply = { intent: string; errors: Record<string, string[]>; values: Record<string, string> } | undefined;

const ROLES = ["Municipal DILG officer", "Municipal treasurer"];
const columns = () => [
  { label: m.people_hub_name() },
  { label: m.people_reset_username(), className: "hidden sm:table-cell" },
  { label: m.people_hub_role() },
  { label: m.people_hub_city(), className: "hidden md:table-cell" },
];

/** /hub/officers: the municipal officers, who read the roll-ups of their city's or municipality's barangays. */
export function OfficersScreen({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const reply = useActionData() as Reply;
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const { officers, cities, citySearch } = loaderData;
  const errors = reply?.intent === "create" ? reply.errors : {};
  const values = reply?.intent === "create" ? reply.values : {};
  const COLUMNS = columns();
  return (
    <div className="flex flex-col gap-5" data-testid="hub-officers">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{m.people_hub_officers()}</h1>
        <p className="text-sm text-muted-foreground">
          {m.people_hub_officers_description()}
        </p>
      </div>
      <HubNav />
      <FlashMessage flash={loaderData.flash as FlashData | null} />

      <CardTable columns={COLUMNS} testId="officers">
        {officers.length === 0 ? (
          <EmptyTableRow colSpan={COLUMNS.length}>{m.people_hub_no_officers()}</EmptyTableRow>
        ) : (
          officers.map((o) => (
            <TableRow key={o.id} data-row-id={o.id}>
              <TableCell className="font-medium">
                {o.fullname}
                <span className="block font-mono text-xs text-muted-foreground sm:hidden">{o.username}</span>
              </TableCell>
              <TableCell className="hidden font-mono text-xs sm:table-cell">{o.username}</TableCell>
              <TableCell>{o.role ?? "—"}</TableCell>
              <TableCell className="hidden md:table-cell">
                {o.city ?? o.city_psgc_code}
                {o.province ? <span className="text-muted-foreground">, {o.province}</span> : null}
              </TableCell>
            </TableRow>
          ))
        )}
      </CardTable>

      <section aria-labelledby="add-officer" className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <h2 id="add-officer" className="text-lg font-semibold">
          {m.people_hub_add_officer()}
        </h2>
        <PlaceSearch
          id="city-search"
          param="city_search"
          value={citySearch}
          label={m.people_hub_find_city()}
          placeholder={m.people_hub_find_city_placeholder()}
        />
        {/* A new form after each officer created: what was typed for the last one is not kept. */}
        <Form key={officers.length} method="post" preventScrollReset className="flex flex-col gap-4" autoComplete="off">
          <CsrfInput />
          <input type="hidden" name="intent" value="create" />
          <PlaceChoices
            name="city_psgc_code"
            legend={m.people_hub_city()}
            chosen={values.city_psgc_code ?? ""}
            errors={errors.city_psgc_code}
            empty={citySearch ? m.people_hub_no_city({ search: citySearch }) : m.people_hub_search_first()}
            options={cities.map((c) => ({
              code: c.code,
              name: c.name,
              detail: [c.city?.name, c.province?.name ?? c.region.name].filter(Boolean).join(", "),
            }))}
          />
          <LabeledField id="officer-role" label={m.people_hub_role_step()} required errors={errors.role} field="role">
            <NativeSelect id="officer-role" name="role" required defaultValue={values.role || ROLES[0]}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </NativeSelect>
          </LabeledField>
          <p className="text-sm font-medium">{m.people_hub_account_step()}</p>
          <AccountFields prefix="officer" values={values} errors={errors} />
          <div>
            <Button type="submit" disabled={creating}>
              {creating ? <Spinner size="sm" label={m.people_hub_creating()} /> : null}
              {m.people_hub_create_officer()}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
