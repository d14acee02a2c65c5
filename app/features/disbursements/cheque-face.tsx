import type * as React from "react";

// The values printed onto a bank's pre-printed cheque (research notes §6): PCHC rules, positions
// after Odoo's Philippine layout (inches from the cheque's top-left corner), moved by the bank
// account's calibrated offsets (millimetres). On screen the cheque's outline and its printed
// labels are drawn to show where the values fall; on paper only the values print.

export interface ChequeFaceValues {
  payee: string;
  date: { month: string; day: string; year: string; text: string };
  figures: string;
  words: string;
}

const POSITIONS = {
  month: { top: 0.45, left: 5.925 },
  day: { top: 0.45, left: 6.39 },
  year: { top: 0.45, left: 6.89 },
  payee: { top: 0.76, left: 1.1, width: 4.36 },
  figures: { top: 0.76, left: 5.7, width: 2.0 },
  words: { top: 1.1, left: 0.78, width: 6.82 },
};

function at(p: { top: number; left: number; width?: number }): React.CSSProperties {
  return { position: "absolute", top: `${p.top}in`, left: `${p.left}in`, width: p.width ? `${p.width}in` : undefined };
}

const DIGITS: React.CSSProperties = { letterSpacing: "0.11in", fontFamily: "ui-monospace, monospace", fontSize: "12pt", fontWeight: 700 };

export function ChequeFace({ face, offsetX, offsetY, label }: { face: ChequeFaceValues; offsetX: number; offsetY: number; label: string }) {
  return (
    <div
      className="cheque-face relative h-[3in] w-[8in] overflow-hidden bg-white text-black"
      style={{ transform: `translate(${offsetX}mm, ${offsetY}mm)` }}
      role="img"
      aria-label={label}
      data-testid="cheque-face"
    >
      {/* The stock's own printing, shown on screen only. */}
      <div
        aria-hidden="true"
        className="cheque-guide absolute inset-0 rounded-sm border border-dashed border-sky-400 text-[7pt] text-sky-700"
      >
        <span style={{ ...at({ top: 0.3, left: 5.925 }), letterSpacing: "0.06in" }}>MM-DD-YYYY</span>
        <span style={{ ...at({ top: 0.74, left: 0.15, width: 0.9 }), lineHeight: 1.1 }}>PAY TO THE ORDER OF</span>
        <span style={{ ...at({ top: 0.8, left: 5.55 }) }}>₱</span>
        <span style={{ ...at({ top: 1.12, left: 0.2 }) }}>PESOS</span>
        <span style={{ ...at({ top: 2.3, left: 5.2, width: 2.4 }), borderTop: "1px solid currentColor", textAlign: "center" }}>
          Authorized signature(s)
        </span>
      </div>
      <span style={{ ...at(POSITIONS.month), ...DIGITS }} data-testid="cheque-date-month">
        {face.date.month}
      </span>
      <span style={{ ...at({ top: 0.45, left: 6.26 }), ...DIGITS, letterSpacing: 0 }}>-</span>
      <span style={{ ...at(POSITIONS.day), ...DIGITS }} data-testid="cheque-date-day">
        {face.date.day}
      </span>
      <span style={{ ...at({ top: 0.45, left: 6.745 }), ...DIGITS, letterSpacing: 0 }}>-</span>
      <span style={{ ...at(POSITIONS.year), ...DIGITS }} data-testid="cheque-date-year">
        {face.date.year}
      </span>
      <span
        style={{ ...at(POSITIONS.payee), fontSize: "12pt", fontWeight: 700, whiteSpace: "nowrap", overflow: "hidden" }}
        data-testid="cheque-payee"
      >
        {face.payee}
      </span>
      <span style={{ ...at(POSITIONS.figures), fontSize: "12pt", fontWeight: 700 }} data-testid="cheque-figures">
        {face.figures}
      </span>
      <span
        style={{ ...at(POSITIONS.words), fontSize: "10.5pt", fontWeight: 700, whiteSpace: "nowrap", overflow: "hidden" }}
        data-testid="cheque-words"
      >
        {face.words}
      </span>
    </div>
  );
}

export const CHEQUE_PRINT_CSS = `
@page { size: letter portrait; margin: 0; }
@media print {
  html, body { background: #fff !important; }
  main { padding: 0 !important; background: #fff !important; }
  .cheque-guide { display: none !important; }
  .cheque-sheet { box-shadow: none !important; margin: 0 !important; padding: 0 !important; }
}
`;
