import { ArrowLeft } from "lucide-react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { LabeledField } from "~/components/resource/field-parts";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { ADDRESS_MAX, SETUP_PATH } from "@domain/setup";
import { PSGC_VERSION } from "@domain/psgc";
import { barangayOptions, noBarangayText, PlaceChoices, PlaceSearch } from "~/features/hub/hub-parts";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/setup.identity";

// /manage/setup/identity: the barangay picked from the PSGC list (the hub's search and choices,
// server/features/psgc's list), and its address. Two forms, each posting to this page; both work
// without JavaScript. With it, the search runs as you type; the choices are radio buttons, so the
// arrow keys move through them and Space or Enter picks.

type Reply = { intent: "identity" | "address"; errors: Record<string, string[]>; values: Record<string, string> } | undefined;

export function IdentityScreen({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const reply = useActionData() as Reply;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const { identity, matches, psgcSearch } = loaderData;
  const errorsOf = (intent: string) => (reply?.intent === intent ? reply.errors : {});
  const place = [identity.name, identity.city_municipality, identity.province, identity.region].filter(Boolean).join(", ");
  return (
    <div className="flex flex-col gap-5" data-testid="setup-identity">
      <div className="flex flex-col gap-2">
        <Link to={SETUP_PATH} className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Set up the office
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">The barangay's identity and address</h1>
        <p className="text-sm text-muted-foreground">
          What every print names in its header, and what the municipality's roll-ups file it under.
        </p>
      </div>
      <FlashMessage flash={loaderData.flash as FlashData | null} />

      <section aria-labelledby="identity-title" className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <div className="flex flex-col gap-1">
          <h2 id="identity-title" className="text-lg font-semibold">
            Barangay, city or municipality, province, region
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="identity-current">
            {identity.psgc_code ? (
              <>
                Now: <span className="font-medium text-foreground">{place}</span> · PSGC{" "}
                <span className="font-mono">{identity.psgc_code}</span>
              </>
            ) : (
              `Not picked yet. Find the barangay in the PSA's PSGC list (${PSGC_VERSION}) by its name and its city or municipality.`
            )}
          </p>
        </div>
        {identity.canPick ? (
          <>
            <PlaceSearch
              id="psgc-search"
              param="psgc_search"
              value={psgcSearch}
              label="Find the barangay in the PSGC list"
              placeholder="e.g. san isidro santa maria"
            />
            {psgcSearch ? (
              <Form method="post" preventScrollReset className="flex flex-col gap-3">
                <CsrfInput />
                <input type="hidden" name="intent" value="identity" />
                <PlaceChoices
                  name="psgc_code"
                  legend="Barangay"
                  chosen={reply?.values.psgc_code ?? identity.psgc_code ?? ""}
                  errors={errorsOf("identity").psgc_code}
                  empty={noBarangayText(psgcSearch)}
                  options={barangayOptions(matches, (b) => (b.taken ? "Another barangay's" : null))}
                />
                <div>
                  <Button type="submit" disabled={busy("identity") || matches.every((m) => m.taken)}>
                    {busy("identity") ? <Spinner size="sm" label="Saving…" /> : null}
                    Save the barangay
                  </Button>
                </div>
              </Form>
            ) : null}
          </>
        ) : (
          <p className="text-sm">On this hub the barangay's PSGC code is the hub administrator's to give.</p>
        )}
      </section>

      <section
        id="address"
        aria-labelledby="address-title"
        className="flex scroll-mt-20 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
      >
        <h2 id="address-title" className="text-lg font-semibold">
          Address
        </h2>
        <Form method="post" preventScrollReset className="flex flex-col gap-3">
          <CsrfInput />
          <input type="hidden" name="intent" value="address" />
          <LabeledField
            id="setup-address"
            label="Address of the barangay hall"
            required
            errors={errorsOf("address").address}
            field="address"
            hint="Printed under the barangay's name on certificates, receipts and reports."
          >
            <Textarea
              id="setup-address"
              name="address"
              required
              rows={2}
              maxLength={ADDRESS_MAX}
              defaultValue={reply?.intent === "address" ? reply.values.address : identity.address}
              placeholder="e.g. Barangay Hall, Purok 1, San Isidro, Santa Maria, Bulacan 3022"
              aria-invalid={errorsOf("address").address ? true : undefined}
              aria-describedby={errorsOf("address").address ? "setup-address-error" : undefined}
            />
          </LabeledField>
          <div>
            <Button type="submit" disabled={busy("address")}>
              {busy("address") ? <Spinner size="sm" label="Saving…" /> : null}
              Save the address
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
