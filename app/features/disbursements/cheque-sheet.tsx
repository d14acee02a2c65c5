import { ArrowLeft, Printer } from "lucide-react";
import * as React from "react";
import { Form, Link } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CHEQUE_PRINT_CSS, ChequeFace, type ChequeFaceValues } from "./cheque-face";
import { m } from "@domain/i18n";

// The cheque print page: the values on the account's stock, the print button,
// and the calibration of the account's offsets (after a test print held over a real cheque).

export interface ChequeSheetProps {
  face: ChequeFaceValues;
  account: { id: number; account_name: string; account_number: string; bank: string; offset_x: number; offset_y: number };
  canCalibrate: boolean;
  title: string;
  back: { to: string; label: string };
  error?: string | null;
}

export function ChequeSheet({ face, account, canCalibrate, title, back, error }: ChequeSheetProps) {
  React.useEffect(() => {
    if (new URLSearchParams(window.location.search).get("print") === "now") window.print();
  }, []);
  return (
    <>
      <style>{CHEQUE_PRINT_CSS}</style>
      <div className="no-print mx-auto mb-4 flex w-[8.5in] max-w-full flex-col gap-3 px-2">
        <div className="flex items-center justify-between gap-2">
          <Link to={back.to} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </Link>
          <Button size="sm" onClick={() => window.print()} data-testid="print-now">
            <Printer aria-hidden="true" />
            {m.finance_print()}
          </Button>
        </div>
        <div className="rounded-md border bg-background p-3 text-sm">
          <h1 className="font-semibold">{title}</h1>
          <p className="text-muted-foreground">
            {m.finance_cheque_sheet_help({ bank: account.bank, name: account.account_name, number: account.account_number })}
          </p>
          {canCalibrate && (
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-3" aria-label={m.finance_cheque_offsets()}>
              <CsrfInput />
              <input type="hidden" name="intent" value="calibrate" />
              <div className="grid gap-1">
                <Label htmlFor="offset_x">{m.finance_cheque_right()}</Label>
                <Input
                  id="offset_x"
                  name="offset_x"
                  type="number"
                  step="0.5"
                  min={-50}
                  max={50}
                  defaultValue={account.offset_x}
                  className="w-28"
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="offset_y">{m.finance_cheque_down()}</Label>
                <Input
                  id="offset_y"
                  name="offset_y"
                  type="number"
                  step="0.5"
                  min={-50}
                  max={50}
                  defaultValue={account.offset_y}
                  className="w-28"
                />
              </div>
              <Button type="submit" size="sm" variant="secondary">
                {m.finance_cheque_save_offsets()}

              </Button>
              {error ? (
                <p role="alert" className="text-destructive">
                  {error}
                </p>
              ) : null}
            </Form>
          )}
        </div>
      </div>
      <div className="cheque-sheet mx-auto w-[8.5in] max-w-full overflow-auto bg-white shadow-lg print:overflow-visible">
        <ChequeFace face={face} offsetX={account.offset_x} offsetY={account.offset_y} label={title} />
      </div>
    </>
  );
}
