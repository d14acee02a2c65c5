import type { PaperSize } from "../registry/certificates";
import type { BarangayImages } from "../officials/images";

// A certificate as it prints: the rendered body, the paper, and the footer of research notes §7
// item 8 (fee, O.R. number, date paid, control number, CTC, validity, dry-seal note) with the QR
// code of its public verify page. The server builds it (server/features/certificates/print-model.ts);
// the print view draws it (app/features/certificates/certificate-sheet.tsx).

export interface CertificateFooter {
  fee: string;
  fee_lines: { label: string; amount: string }[];
  or_number: string | null;
  date_paid: string | null;
  control_number: string;
  date_issued: string;
  valid_until: string | null;
  ctc_number: string | null;
  ctc_date: string | null;
  ctc_place: string | null;
  exempt: boolean;
}

export interface CertificateDocument {
  id: number;
  reference_number: string;
  type: string;
  title: string | null;
  paper: { size: PaperSize; css: string; margins: { top: number; right: number; bottom: number; left: number } };
  bodyHtml: string;
  footer: CertificateFooter;
  qrSvg: string;
  verifyUrl: string;
  /** The code printed under the QR code for typing: "7KQ2M-9XD4T". */
  verificationCode: string;
  print_count: number;
  /** The seal (left) and the municipal logo (right) of the sheet's header. */
  images: BarangayImages;
}
