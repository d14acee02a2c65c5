import type { CertificateDocument } from "@domain/certificates/document";

// One certificate on its paper. The body is the server's rendering of the
// template (sanitised, every value escaped); the footer of research notes §7 item 8 and the QR
// code come from the server too, so the sheet prints the same without JavaScript.

/** How a certificate's body reads, on paper and in the editor's preview. */
export const CERTIFICATE_BODY_CSS = `
.certificate-body { font-family: "Times New Roman", Times, serif; font-size: 12pt; line-height: 1.45; overflow-wrap: anywhere; }
.certificate-body h1 { font-size: 20pt; font-weight: 700; margin: 0.4em 0; }
.certificate-body h2 { font-size: 16pt; font-weight: 700; margin: 0.6em 0 0.4em; letter-spacing: 0.04em; }
.certificate-body h3 { font-size: 13pt; font-weight: 700; margin: 0.2em 0; }
.certificate-body h4 { font-size: 12pt; font-weight: 700; }
.certificate-body p { margin: 0 0 0.55em; min-height: 1em; }
.certificate-body ol { list-style: decimal; padding-left: 2em; margin: 0 0 0.6em; }
.certificate-body ul { list-style: disc; padding-left: 2em; margin: 0 0 0.6em; }
.certificate-body li { margin-bottom: 0.25em; text-align: justify; }
.certificate-body table { width: 100%; border-collapse: collapse; margin: 0.4em 0; }
.certificate-body td, .certificate-body th { vertical-align: top; padding: 2pt 4pt; }
.certificate-body hr { border: 0; border-top: 1.5pt solid #000; margin: 0.3em 0 0.6em; }
.certificate-body img { max-width: 100%; display: inline-block; }
.certificate-body blockquote { margin: 0 2em 0.6em; }
`;

/** The print rules of a sheet: the page size and no browser margins (the sheet carries them). */
function printCss(doc: CertificateDocument): string {
  const m = doc.paper.margins;
  return `
@page { size: ${doc.paper.css}; margin: ${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm; }
@media print {
  html, body, main { background: #fff !important; padding: 0 !important; margin: 0 !important; }
  .certificate-sheet { box-shadow: none !important; margin: 0 !important; padding: 0 !important; width: auto !important; min-height: calc(${doc.paper.css.split(" ")[1]} - ${m.top + m.bottom + 1}mm) !important; }
  .no-print, [data-sonner-toaster] { display: none !important; }
}
${CERTIFICATE_BODY_CSS}`;
}

export function CertificateSheet({ doc }: { doc: CertificateDocument }) {
  const { margins } = doc.paper;
  const [width, height] = doc.paper.css.split(" ");
  const f = doc.footer;
  const rows: [string, string | null][] = [
    ["CTC No.", f.ctc_number],
    ["CTC date issued", f.ctc_date],
    ["CTC place issued", f.ctc_place],
    ["Fee", f.exempt ? "Exempt (RA 11261)" : f.fee],
    ["O.R. No.", f.exempt || f.fee === "₱0.00" ? "—" : f.or_number],
    ["Date paid", f.exempt || f.fee === "₱0.00" ? "—" : f.date_paid],
    ["Date issued", f.date_issued],
    ["Control No.", f.control_number],
  ];
  return (
    <>
      <style>{printCss(doc)}</style>
      {/* On a phone the sheet narrows to the screen (max-width) and long words wrap; print sets its own width. */}
      <article
        className="certificate-sheet mx-auto box-border flex flex-col bg-white text-black shadow-lg"
        style={{
          width,
          maxWidth: "100%",
          minHeight: height,
          padding: `${margins.top}mm ${margins.right}mm ${margins.bottom}mm ${margins.left}mm`,
        }}
        data-testid="certificate"
        data-paper={doc.paper.size}
        aria-label={`${doc.type} ${doc.reference_number}`}
      >
        <div className="relative flex flex-1 flex-col">
          {/* The seal at the left and the logo at the right of the template's centred header (research notes §7 item 1). */}
          {doc.images.seal ? (
            <img
              src={doc.images.seal}
              alt="Seal of the barangay"
              data-testid="print-seal"
              className="absolute top-0 left-0 size-[24mm] object-contain"
            />
          ) : null}
          {doc.images.logo ? (
            <img
              src={doc.images.logo}
              alt="Logo of the city or municipality"
              data-testid="print-logo"
              className="absolute top-0 right-0 size-[24mm] object-contain"
            />
          ) : null}
          <div className="certificate-body flex-1" dangerouslySetInnerHTML={{ __html: doc.bodyHtml }} />
        </div>
        <footer className="mt-4 flex items-end justify-between gap-4 border-t border-black pt-2 font-serif text-[9pt] leading-tight">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5" data-testid="certificate-footer">
            {rows
              .filter(([, value]) => value !== null && value !== "")
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt>{label}:</dt>
                  <dd className="font-semibold">{value}</dd>
                </div>
              ))}
          </dl>
          <div className="flex flex-col items-center gap-1 text-center">
            <div
              className="size-[26mm]"
              aria-label="QR code of the verification page"
              role="img"
              dangerouslySetInnerHTML={{ __html: doc.qrSvg }}
            />
            <span className="text-[7pt]">Scan to verify, or type</span>
            <span className="font-mono text-[8pt] font-semibold tracking-wide" data-testid="verification-code">
              {doc.verificationCode}
            </span>
          </div>
        </footer>
        <p className="mt-1 font-serif text-[8pt] italic [overflow-wrap:anywhere]">
          {f.valid_until ? `Valid until ${f.valid_until}. ` : ""}Not valid without the dry seal of the barangay. Verify at{" "}
          {doc.verifyUrl.replace(/^https?:\/\//, "").replace(/\/[^/]+$/, "")} with the code above.
        </p>
      </article>
    </>
  );
}
