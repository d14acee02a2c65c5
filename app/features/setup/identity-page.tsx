import { ArrowLeft } from "lucide-react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { LabeledField } from "~/components/resource/field-parts";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { NativeSelect } from "~/components/ui/select";
import { LANGUAGE_NAMES, m } from "@domain/i18n";
import { ADDRESS_MAX, SETUP_PATH } from "@domain/setup";
import { PSGC_VERSION } from "@domain/psgc";
import { barangayOptions, noBarangayText, PlaceChoices, PlaceSearch } from "~/features/hub/hub-parts";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/setup.identity";

// /manage/setup/identity: the barangay picked from the PSGC list (the hub's search and choices,
// server/features/psgc's list), and its address. Two forms, each posting to this page; both work
// without JavaScript. With it, the search runs as you type; the choices are radio buttons, so the
// arrow keys move through them and Space or Enter picks.

/** A code, the same in both languages. */
const PSGC_SEPARATOR = " · PSGC ";

type Reply = { intent: "identity" | "address" | "language"; errors: Record<string, string[]>; values: Record<string, string> } | undefined;

export function IdentityScreen({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const reply = useActionData() as Reply;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const busy = { identity: sending === "identity", address: sending === "address", language: sending === "language" };
  const { identity, matches, psgcSearch } = loaderData;
  const errorsOf = (intent: string) => (reply?.intent === intent ? reply.errors : {});
  const place = [identity.name, identity.city_municipality, identity.province, identity.region].filter(Boolean).join(", ");
  return (
    <div className="flex flex-col gap-5" data-testid="setup-identity">
      <div className="flex flex-col gap-2">
        <Link to={SETUP_PATH} className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {m.admin_setup_back()}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{m.admin_identity_title()}</h1>
        <p className="text-sm text-muted-foreground">{m.admin_identity_intro()}</p>
      </div>
      <FlashMessage flash={loaderData.flash as FlashData | null} />

      <section aria-labelledby="identity-title" className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <div className="flex flex-col gap-1">
          <h2 id="identity-title" className="text-lg font-semibold">
            {m.admin_identity_place_title()}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="identity-current">
            {identity.psgc_code ? (
              <>
                {m.admin_identity_now()} <span className="font-medium text-foreground">{place}</span>
                {PSGC_SEPARATOR}
                <span className="font-mono">{identity.psgc_code}</span>
              </>
            ) : (
              m.admin_identity_not_picked({ version: PSGC_VERSION })
            )}
          </p>
        </div>
        {identity.canPick ? (
          <>
            <PlaceSearch
              id="psgc-search"
              param="psgc_search"
              value={psgcSearch}
              label={m.admin_identity_search_label()}
              placeholder={m.admin_identity_search_placeholder()}
            />
            {psgcSearch ? (
              <Form method="post" preventScrollReset className="flex flex-col gap-3">
                <CsrfInput />
                <input type="hidden" name="intent" value="identity" />
                <PlaceChoices
                  name="psgc_code"
                  legend={m.admin_identity_barangay()}
                  chosen={reply?.values.psgc_code ?? identity.psgc_code ?? ""}
                  errors={errorsOf("identity").psgc_code}
                  empty={noBarangayText(psgcSearch)}
                  options={barangayOptions(matches, (b) => (b.taken ? m.admin_identity_taken() : null))}
                />
                <div>
                  <Button type="submit" disabled={busy.identity || matches.every((m) => m.taken)}>
                    {busy.identity ? <Spinner size="sm" label={m.admin_saving()} /> : null}
                    {m.admin_identity_save()}
                  </Button>
                </div>
              </Form>
            ) : null}
          </>
        ) : (
          <p className="text-sm">{m.admin_identity_hub()}</p>
        )}
      </section>

      <section
        id="address"
        aria-labelledby="address-title"
        className="flex scroll-mt-20 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
      >
        <h2 id="address-title" className="text-lg font-semibold">
          {m.admin_identity_address_title()}
        </h2>
        <Form method="post" preventScrollReset className="flex flex-col gap-3">
          <CsrfInput />
          <input type="hidden" name="intent" value="address" />
          <LabeledField
            id="setup-address"
            label={m.admin_identity_address_label()}
            required
            errors={errorsOf("address").address}
            field="address"
            hint={m.admin_identity_address_hint()}
          >
            <Textarea
              id="setup-address"
              name="address"
              required
              rows={2}
              maxLength={ADDRESS_MAX}
              defaultValue={reply?.intent === "address" ? reply.values.address : identity.address}
              placeholder={m.admin_identity_address_placeholder()}
              aria-invalid={errorsOf("address").address ? true : undefined}
              aria-describedby={errorsOf("address").address ? "setup-address-error" : undefined}
            />
          </LabeledField>
          <div>
            <Button type="submit" disabled={busy.address}>
              {busy.address ? <Spinner size="sm" label={m.admin_saving()} /> : null}
              {m.admin_identity_address_save()}
            </Button>
          </div>
        </Form>
      </section>

      <section
        id="language"
        aria-labelledby="language-title"
        className="flex scroll-mt-20 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
      >
        <h2 id="language-title" className="text-lg font-semibold">
          {m.admin_identity_language_title()}
        </h2>
        {/* A whole new document: the administrator may read the portal in the new language from now on. */}
        <Form method="post" reloadDocument className="flex flex-col gap-3" data-testid="barangay-language-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="language" />
          <LabeledField
            id="setup-language"
            label={m.admin_identity_language_label()}
            required
            errors={errorsOf("language").default_language}
            field="default_language"
            hint={m.admin_identity_language_hint()}
          >
            <NativeSelect
              id="setup-language"
              name="default_language"
              required
              defaultValue={reply?.intent === "language" ? reply.values.default_language : identity.default_language}
              aria-invalid={errorsOf("language").default_language ? true : undefined}
              aria-describedby={errorsOf("language").default_language ? "setup-language-error" : undefined}
            >
              <option value="en" lang="en">
                {LANGUAGE_NAMES.en}
              </option>
              <option value="fil" lang="fil">
                {LANGUAGE_NAMES.fil}
              </option>
            </NativeSelect>
          </LabeledField>
          <div>
            <Button type="submit" disabled={busy.language}>
              {busy.language ? <Spinner size="sm" label={m.admin_saving()} /> : null}
              {m.admin_identity_language_save()}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
