import * as React from "react";
import { Link, useLocation } from "react-router";
import { PrintBar, usePrintNow } from "~/components/print/print-bar";
import { SealAndLogo } from "~/components/print/letterhead";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";
import {
  KP_FORM_LANGUAGE_LABELS,
  KP_FORM_LANGUAGES,
  KP_FORM_PAPER_LABELS,
  KP_FORM_PAPERS,
  KP_FORM_SHEETS,
  type KpFormBlock,
  type KpFormDocument,
  type KpInline,
  type KpSignature,
} from "@domain/kp/forms";

// A KP form on paper (decision 203): the barangay's heading in the form's language, the form's
// 1992 number (the later number small beside it when it differs), the case's caption, the text
// with the records' values filled and blank lines where the records hold none, the signature
// lines, and on a certification the QR of its public verification. A4, Letter or long bond by
// @page; the bar above switches the language and the paper and never prints.

/** The paper and language switches of the bar: links to the same print with one choice changed. */
function Switch<T extends string>({
  name,
  options,
  labels,
  value,
}: {
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
}) {
  const location = useLocation();
  const hrefOf = (option: T) => {
    const params = new URLSearchParams(location.search);
    params.set(name, option);
    params.delete("print");
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <div className="flex items-center gap-1 text-sm" role="group" aria-label={name === "language" ? m.office_kp_forms_language() : m.office_kp_forms_paper()}>
      {options.map((option) => {
        return (
          <Link
            key={option}
            to={hrefOf(option)}
            replace
            aria-current={option === value ? "true" : undefined}
            data-testid={`kp-form-${name}-${option}`}
            className={cn(
              "rounded-md border px-2 py-1",
              option === value ? "border-primary bg-primary text-primary-foreground" : "bg-card hover:bg-muted",
            )}
          >
            {name === "paper" ? labels[option].split(" (")[0] : labels[option]}
          </Link>
        );
      })}
    </div>
  );
}

function Inline({ parts }: { parts: readonly KpInline[] }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          <React.Fragment key={i}>{part}</React.Fragment>
        ) : part.fill ? (
          <span key={i} className="kp-fill border-b border-stone-900 px-0.5 font-semibold">
            {part.fill}
          </span>
        ) : (
          <span
            key={i}
            className="kp-blank inline-block border-b border-stone-900 align-baseline"
            style={{ width: `${part.width ?? 12}em`, maxWidth: "100%" }}
          >
            {"\u00a0"}
          </span>
        ),
      )}
    </>
  );
}

function SignatureLine({ s }: { s: KpSignature }) {
  return (
    <div className="break-inside-avoid">
      {s.above ? <p className="mb-1">{s.above}</p> : null}
      <p className="mt-5 border-b border-stone-900 text-center font-semibold uppercase">{s.name || "\u00a0"}</p>
      <p className="text-center text-[9.5pt]">{s.role}</p>
    </div>
  );
}

function Block({ block }: { block: KpFormBlock }) {
  switch (block.kind) {
    case "caption":
      return null;
    case "heading":
      return <h2 className="mt-3 text-center text-[12.5pt] font-bold tracking-wide uppercase">{block.text}</h2>;
    case "small":
      return (
        <p className={cn("text-[9.5pt]", block.align === "center" && "-mt-1 text-center", block.indent && "-mt-1 pl-[3em] italic")}>
          {block.text}
        </p>
      );
    case "p":
      return (
        <p
          className={cn(
            // Left-aligned: a justified line before a long blank to fill in stretches its words apart.
            block.indent && "indent-[2.5em]",
            block.align === "right" && "text-right",
            block.align === "center" && "text-center",
          )}
        >
          <Inline parts={block.parts} />
        </p>
      );
    case "entered":
      return (
        <div className="break-inside-avoid">
          {block.label ? <p className="font-semibold">{block.label}</p> : null}
          <p className="kp-entered border-l-2 border-stone-400 py-1 pl-3 whitespace-pre-wrap" data-testid="kp-form-entered">
            {block.text || "\u00a0"}
          </p>
        </div>
      );
    case "lines":
      return (
        <div aria-hidden="true">
          {Array.from({ length: block.count }, (_, i) => (
            <div key={i} className="h-[1.7em] border-b border-stone-900" />
          ))}
        </div>
      );
    case "list": {
      const ListTag = block.ordered ? "ol" : "ul";
      return (
        <ListTag className={cn("pl-[3em]", block.ordered ? "list-decimal" : "list-none", block.columns === 2 && "columns-2 gap-x-8")}>
          {block.items.map((item, i) => (
            <li key={i}>
              <Inline parts={item} />
            </li>
          ))}
        </ListTag>
      );
    }
    case "choices":
      return (
        <div className="flex flex-col gap-1 pl-[1em]">
          {block.items.map((item, i) => (
            <p key={i} className="flex items-start gap-2">
              <span className="inline-block h-[1.1em] w-[6em] shrink-0 border-b border-stone-900" aria-hidden="true" />
              <span>
                <Inline parts={item} />
              </span>
            </p>
          ))}
        </div>
      );
    case "signatures":
      return (
        <div
          className={cn(
            "grid gap-x-10 gap-y-1",
            block.layout === "pairs" ? "grid-cols-2" : "grid-cols-2",
            block.layout === "right" && "[&>*]:col-start-2",
          )}
        >
          {block.items.map((s, i) => (
            <SignatureLine key={i} s={s} />
          ))}
        </div>
      );
    case "page-break":
      return <div className="kp-page-break my-2 border-t border-dashed border-stone-300 print:border-0" aria-hidden="true" />;
  }
}

function Caption({ caption }: { caption: NonNullable<KpFormDocument["caption"]> }) {
  const names = (list: string[]) =>
    (list.length ? list : [""]).map((name, i) => (
      <p key={i} className="min-w-[60%] border-b border-stone-900 font-semibold uppercase">
        {name || "\u00a0"}
      </p>
    ));
  return (
    <section className="grid grid-cols-[1fr_auto] gap-8" data-testid="kp-form-caption">
      <div className="flex flex-col gap-0.5">
        {names(caption.complainants)}
        <p className="text-[9.5pt]">{caption.labels.complainants}</p>
        <p className="my-1">{caption.labels.against}</p>
        {names(caption.respondents)}
        <p className="text-[9.5pt]">{caption.labels.respondents}</p>
      </div>
      <div className="flex max-w-[75mm] flex-col gap-1">
        <p>
          {caption.labels.caseNo} <span className="border-b border-stone-900 px-1 font-semibold">{caption.docket}</span>
        </p>
        <p>
          {caption.labels.for} <span className="border-b border-stone-900 px-1 font-semibold">{caption.nature}</span>
        </p>
      </div>
    </section>
  );
}

export function KpFormSheet({ doc, backTo, backLabel }: { doc: KpFormDocument; backTo: string; backLabel: string }) {
  const sheet = KP_FORM_SHEETS[doc.paper];
  const pageCss = `
@page { size: ${sheet.css}; margin: 12mm 18mm; }
@media print {
  html, body { background: #fff !important; }
  .kp-form-sheet { box-shadow: none !important; margin: 0 !important; width: auto !important; min-height: 0 !important; padding: 0 !important; }
  .kp-page-break { break-before: page; }
}`;
  usePrintNow();
  return (
    <>
      <style>{pageCss}</style>
      <PrintBar backTo={backTo} backLabel={backLabel} style={{ width: `${sheet.width}mm` }} className="flex-wrap">
        <Switch name="language" options={KP_FORM_LANGUAGES} labels={KP_FORM_LANGUAGE_LABELS} value={doc.language} />
        <Switch name="paper" options={KP_FORM_PAPERS} labels={KP_FORM_PAPER_LABELS} value={doc.paper} />
      </PrintBar>
      <article
        className="kp-form-sheet mx-auto flex max-w-full flex-col gap-2 bg-white px-4 py-6 font-serif sm:px-[18mm] sm:py-[12mm] text-[11pt] leading-snug text-stone-900 shadow-lg"
        style={{ width: `${sheet.width}mm`, minHeight: `${sheet.height}mm` }}
        lang={doc.language === "fil" ? "fil" : "en"}
        data-testid="kp-form-sheet"
        data-form={doc.form.key}
        data-paper={doc.paper}
        data-language={doc.language}
        aria-label={`${doc.form.numberLabel}: ${doc.form.title}`}
      >
        <div className="flex items-baseline justify-between text-[10pt]">
          <p>
            <span className="font-bold" data-testid="kp-form-number">
              {doc.form.numberLabel}
            </span>
            {doc.form.later !== Number(doc.form.number) ? (
              <span className="ml-2 text-[8pt] text-stone-600" data-testid="kp-form-later-number">
                ({doc.form.laterLabel})
              </span>
            ) : null}
          </p>
        </div>
        <header className="text-center">
          <SealAndLogo images={doc.images} size="20mm">
            <p className="text-[10pt]">{doc.heading.republic}</p>
            <p className="text-[10pt]">{doc.heading.province}</p>
            <p className="text-[10pt]">{doc.heading.municipality}</p>
            <p className="text-[11pt] font-bold uppercase">{doc.heading.barangay}</p>
          </SealAndLogo>
          <p className="mt-2 text-[11.5pt] font-bold tracking-wide">{doc.heading.office}</p>
        </header>
        {doc.caption && doc.blocks.some((b) => b.kind === "caption") ? <Caption caption={doc.caption} /> : null}
        {doc.blocks.map((block, i) => (
          <Block key={i} block={block} />
        ))}
        {doc.verify ? (
          <footer
            className="mt-4 flex break-inside-avoid items-center gap-3 border-t border-stone-300 pt-2 text-[8pt]"
            data-testid="kp-form-verify"
          >
            <div
              className="h-[22mm] w-[22mm] shrink-0 [&>svg]:h-full [&>svg]:w-full"
              dangerouslySetInnerHTML={{ __html: doc.verify.qrSvg }}
            />
            <div>
              <p className="font-semibold">{doc.verify.label}</p>
              <p className="break-all">{doc.verify.url}</p>
            </div>
          </footer>
        ) : null}
      </article>
    </>
  );
}

/** A form refused (its step not taken, a bad choice): the reason, and the way back. */
export function KpFormRefused({
  message,
  status,
  backTo,
  backLabel,
}: {
  message: string;
  /** 409: the case has not taken the form's step yet; 422: the address asks for something that does not exist. */
  status: number;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 rounded-xl bg-card p-6 shadow" role="alert" data-testid="print-refused">
      <h1 className="text-lg font-semibold">{status === 409 ? m.office_kp_form_cannot_print_yet() : m.office_kp_form_cannot_print()}</h1>
      <p>{message}</p>
      <Link to={backTo} className="self-start rounded-md border px-3 py-1.5 text-sm hover:bg-muted">
        ← {backLabel}
      </Link>
    </div>
  );
}
