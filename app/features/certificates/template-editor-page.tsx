import { ArrowLeft, Eye } from "lucide-react";
import * as React from "react";
import { Form, Link, useActionData, useFetcher } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/components/resource/use-hydrated";
import { PAPER_CSS, PAPER_LABELS, PAPER_SIZES, PLACEHOLDERS, type PaperSize } from "@domain/registry/certificates";
import { CERTIFICATE_BODY_CSS } from "./certificate-sheet";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/certificates.template-editor";
import { m } from "@domain/i18n";

/** How a placeholder is written in a template (code, the same in both languages). */
const PLACEHOLDER_EXAMPLE = "{{user_fullname}}";
const MARGIN_LABELS = {
  top: m.finance_template_margin_top,
  right: m.finance_template_margin_right,
  bottom: m.finance_template_margin_bottom,
  left: m.finance_template_margin_left,
} as const;
const SIDES = ["top", "right", "bottom", "left"] as const;

const TemplateEditor = React.lazy(() => import("./template-editor.client"));

type SaveResult = { errors: Record<string, string[]>; message: string; template: string };
type PreviewResult = { preview: string | null; previewError: string | null };

/** A transaction type's template editor: the rich-text template with its placeholders, paper and margins, validity, and the live preview. */
export function TemplateEditorScreen({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { type, people } = loaderData;
  const hydrated = useHydrated();
  const saved = useActionData() as SaveResult | PreviewResult | undefined;
  const failed = saved && "errors" in saved ? saved : undefined;
  const [html, setHtml] = React.useState(failed?.template ?? type.template);
  const [paper, setPaper] = React.useState<PaperSize>(type.paper_size);
  const [previewUser, setPreviewUser] = React.useState(people[0] ? String(people[0].id) : "");
  const fetcher = useFetcher<PreviewResult>();
  const placeholders = [
    ...PLACEHOLDERS.map((p) => ({ key: p.key, label: p.label })),
    ...type.custom_forms.map((f) => ({ key: f.fieldId, label: m.finance_template_custom_field({ label: f.label }) })),
  ];
  const formRef = React.useRef<HTMLFormElement>(null);

  // Live preview: re-rendered on the server a moment after the last change.
  React.useEffect(() => {
    if (!hydrated || !previewUser) return;
    const timer = window.setTimeout(() => {
      const body = new FormData(formRef.current ?? undefined);
      body.set("intent", "preview");
      body.set("template", html);
      body.set("preview_user_id", previewUser);
      void fetcher.submit(body, { method: "post" });
    }, 600);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetcher is stable enough; re-run on content only
  }, [html, previewUser, hydrated]);

  const preview = fetcher.data?.preview ?? (saved && "preview" in saved ? saved.preview : null);
  const [width] = PAPER_CSS[paper].split(" ");
  // The message is the catalog's text (no markup of its own) inside the preview's paragraph.
  const emptyPreview = `<p style='color:#666'>${m.finance_template_preview_here()}</p>`;

  return (
    <div className="flex flex-col gap-4">
      <style>{`${CERTIFICATE_BODY_CSS} .placeholder-chip { background: #fef3c7; border: 1px solid #f59e0b; border-radius: 4px; padding: 0 2px; font-family: ui-monospace, monospace; font-size: 0.85em; }`}</style>
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/system/parameters/transaction_types" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ArrowLeft aria-hidden="true" /> {m.finance_template_back()}
        </Link>
        <h1 className="text-xl font-semibold">{m.finance_template_title({ name: type.name })}</h1>
      </div>
      <Form method="post" ref={formRef} className="grid gap-4 xl:grid-cols-2" data-testid="template-form">
        <CsrfInput />
        <input type="hidden" name="_return" value={`/system/parameters/transaction_types/${type.id}/template`} />
        <div className="flex min-w-0 flex-col gap-3">
          {failed ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
              data-testid="template-error"
            >
              {failed.errors.template?.[0] ?? failed.message}
            </p>
          ) : null}
          {hydrated ? (
            <>
              <input type="hidden" name="template" value={html} />
              <React.Suspense fallback={<div className="min-h-[24rem] animate-pulse rounded-md bg-muted" aria-busy="true" />}>
                <TemplateEditor initialHtml={html} placeholders={placeholders} onChange={setHtml} />
              </React.Suspense>
            </>
          ) : (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="template-html">{m.finance_template_html({ example: PLACEHOLDER_EXAMPLE })}</Label>
              <textarea
                id="template-html"
                name="template"
                defaultValue={html}
                className="min-h-[24rem] rounded-md border bg-background p-2 font-mono text-xs"
              />
            </div>
          )}
          <fieldset className="grid grid-cols-2 gap-3 rounded-md border p-3 sm:grid-cols-4">
            <legend className="px-1 text-sm font-medium">{m.finance_template_paper_validity()}</legend>
            <div className="col-span-2 flex flex-col gap-1.5">
              <Label htmlFor="paper_size">{m.finance_template_paper_size()}</Label>
              <select
                id="paper_size"
                name="paper_size"
                value={paper}
                onChange={(e) => setPaper(e.target.value as PaperSize)}
                className="h-9 rounded-md border bg-background px-2 text-sm"
              >
                {PAPER_SIZES.map((p) => (
                  <option key={p} value={p}>
                    {PAPER_LABELS[p]}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-span-2 flex flex-col gap-1.5">
              <Label htmlFor="validity_days">{m.finance_template_valid_for()}</Label>
              <Input id="validity_days" name="validity_days" type="number" min={1} max={3660} defaultValue={type.validity_days ?? ""} />
            </div>
            {SIDES.map((side) => (
              <div key={side} className="flex flex-col gap-1.5">
                <Label htmlFor={`margin_${side}`}>{MARGIN_LABELS[side]()}</Label>
                <Input id={`margin_${side}`} name={`margin_${side}`} type="number" min={0} max={60} defaultValue={type[`margin_${side}`]} />
              </div>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="submit" name="intent" value="preview" variant="outline">
              <Eye aria-hidden="true" /> {m.finance_print_preview()}
            </Button>
            <Button type="submit" name="intent" value="save" data-testid="save-template">
              {m.finance_template_save()}
            </Button>
          </div>
        </div>
        <section className="flex min-w-0 flex-col gap-2" aria-label={m.finance_print_preview()}>
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="preview_user_id">{m.finance_template_preview_with()}</Label>
              <select
                id="preview_user_id"
                name="preview_user_id"
                value={previewUser}
                onChange={(e) => setPreviewUser(e.target.value)}
                className="h-9 max-w-xs rounded-md border bg-background px-2 text-sm"
              >
                {people.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.kind})
                  </option>
                ))}
              </select>
            </div>
            {fetcher.state !== "idle" ? <span className="text-sm text-muted-foreground">{m.finance_template_updating()}</span> : null}
          </div>
          <div className="overflow-auto rounded-md bg-stone-200 p-3 dark:bg-stone-800">
            <div
              className="certificate-body mx-auto bg-white text-black shadow [zoom:0.42] sm:[zoom:0.7] xl:[zoom:0.6] 2xl:[zoom:0.75]"
              style={{
                width,
                padding: `${type.margin_top}mm ${type.margin_right}mm ${type.margin_bottom}mm ${type.margin_left}mm`,
                fontFamily: "Times New Roman, serif",
              }}
              data-testid="template-preview"
              dangerouslySetInnerHTML={{ __html: preview ?? emptyPreview }}
            />
          </div>
        </section>
      </Form>
    </div>
  );
}
