import { Form, Link, useActionData, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { CardTable, EmptyTableRow } from "~/components/screen-table";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { TableCell, TableRow } from "~/components/ui/table";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/hub";
import { barangayOptions, BarangayStatus, HubNav, noBarangayText, PlaceChoices, PlaceSearch } from "./hub-parts";
import { m } from "@domain/i18n";

type Reply = { intent: string; errors: Record<string, string[]>; values: Record<string, string> } | undefined;

const columns = () => [
  { label: m.people_hub_barangay() },
  { label: m.people_hub_psgc_code(), className: "hidden sm:table-cell" },
  { label: m.people_hub_city(), className: "hidden md:table-cell" },
  { label: m.people_hub_province(), className: "hidden lg:table-cell" },
  { label: m.people_status() },
  { label: m.people_hub_administrator(), className: "hidden sm:table-cell" },
];

/** /hub: the hub's barangays, and a new one added by finding it in the PSGC list. */
export function BarangaysScreen({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const reply = useActionData() as Reply;
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const { barangays, matches, psgcSearch } = loaderData;
  const errors = reply?.intent === "create" ? reply.errors : {};
  const COLUMNS = columns();
  return (
    <div className="flex flex-col gap-5" data-testid="hub-barangays">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{m.people_hub_barangays()}</h1>
        <p className="text-sm text-muted-foreground" data-testid="list-total">
          {barangays.length === 1 ? m.people_hub_count_one() : m.people_hub_count({ count: barangays.length })}
        </p>
      </div>
      <HubNav />
      <FlashMessage flash={loaderData.flash as FlashData | null} />

      <section aria-labelledby="add-barangay" className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <h2 id="add-barangay" className="text-lg font-semibold">
          {m.people_hub_add_barangay()}
        </h2>
        <PlaceSearch
          id="psgc-search"
          param="psgc_search"
          value={psgcSearch}
          label={m.people_hub_find_barangay()}
          placeholder={m.people_hub_find_barangay_placeholder()}
        />
        {psgcSearch ? (
          <Form method="post" preventScrollReset className="flex flex-col gap-3">
            <CsrfInput />
            <input type="hidden" name="intent" value="create" />
            <PlaceChoices
              name="psgc_code"
              legend={m.people_hub_barangay()}
              chosen={reply?.values.psgc_code ?? ""}
              errors={errors.psgc_code}
              empty={noBarangayText(psgcSearch)}
              options={barangayOptions(matches, (b) => (b.onHub ? m.people_hub_on_hub() : null))}
            />
            <div>
              <Button type="submit" disabled={creating || matches.every((match) => match.onHub)}>
                {creating ? <Spinner size="sm" label={m.people_hub_adding()} /> : null}
                {m.people_hub_add_barangay_button()}
              </Button>
            </div>
          </Form>
        ) : null}
      </section>

      <CardTable columns={COLUMNS} testId="barangays">
        {barangays.length === 0 ? (
          <EmptyTableRow colSpan={COLUMNS.length}>{m.people_hub_no_barangays()}</EmptyTableRow>
        ) : (
          barangays.map((b) => (
            <TableRow key={b.id} data-row-id={b.id}>
              <TableCell>
                <Link
                  to={`/hub/barangays/${b.id}`}
                  className="font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {b.name}
                </Link>
                <span className="block text-xs text-muted-foreground md:hidden">{b.city_municipality}</span>
              </TableCell>
              <TableCell className="hidden font-mono text-xs sm:table-cell">{b.psgc_code ?? "—"}</TableCell>
              <TableCell className="hidden md:table-cell">{b.city_municipality ?? "—"}</TableCell>
              <TableCell className="hidden lg:table-cell">{b.province ?? "—"}</TableCell>
              <TableCell>
                <BarangayStatus status={b.status} />
              </TableCell>
              <TableCell className="hidden font-mono text-xs sm:table-cell">{b.administrator ?? m.people_hub_none_yet()}</TableCell>
            </TableRow>
          ))
        )}
      </CardTable>
    </div>
  );
}
