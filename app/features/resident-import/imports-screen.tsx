import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { FileSpreadsheet, Upload } from "lucide-react";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { api, isApiError } from "~/lib/api-client";
import { formatDateTime } from "~/lib/reader-dates";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/residents.import";
import { StatusBadge } from "./status-badge";
import { intlLocale, m } from "@domain/i18n";

/** The upload and the recent imports. The file goes to the REST call as it is (streamed there, not through the page's form). */
export function ImportsScreen({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { imports, limits } = loaderData;
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload(event: React.FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(m.admin_import_choose_first());
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ data: { id: number } }>("/backend/api/resident-imports", file, {
        query: { name: file.name },
        headers: { "Content-Type": "application/octet-stream" },
        silent: true,
      });
      void navigate(`/manage/residents/import/${answer.data.id}`);
    } catch (e) {
      setBusy(false);
      setError(isApiError(e) ? (e.errors.file?.[0] ?? e.message) : m.admin_import_not_sent());
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <FlashMessage flash={loaderData.flash as FlashData | null} />
      <div className="flex flex-col gap-1">
        <Link to="/manage/residents" className="text-sm underline-offset-4 hover:underline">
          {m.admin_import_back()}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{m.admin_import_title()}</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">{m.admin_import_intro()}</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{m.admin_import_upload_title()}</CardTitle>
          <CardDescription>
            {m.admin_import_upload_description({ mb: Math.round(limits.bytes / 1024 / 1024), rows: limits.rows.toLocaleString(intlLocale()) })}
          </CardDescription>
        </CardHeader>
        <form onSubmit={upload} className="flex flex-col gap-3" data-testid="import-upload">
          <CardContent className="flex flex-col gap-2">
            <label htmlFor="import-file" className="text-sm font-medium">
              {m.admin_import_spreadsheet()}
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "import-file-error" : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
              className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
            {error ? (
              <p id="import-file-error" role="alert" className="text-sm text-destructive" data-testid="import-error">
                {error}
              </p>
            ) : null}
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner size="sm" label={m.admin_import_reading()} /> : <Upload aria-hidden="true" />}
              {m.admin_import_upload_check()}
            </Button>
          </CardFooter>
        </form>
      </Card>

      <section className="flex flex-col gap-2" aria-label={m.admin_import_recent()}>
        <h2 className="text-lg font-semibold">{m.admin_import_recent()}</h2>
        {imports.length ? (
          <TableContainer className="rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">{m.admin_import_file()}</TableHead>
                  <TableHead scope="col">{m.admin_status()}</TableHead>
                  <TableHead scope="col" className="text-right">
                    {m.admin_import_rows()}
                  </TableHead>
                  <TableHead scope="col" className="hidden sm:table-cell">
                    {m.admin_import_uploaded()}
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {imports.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell className="max-w-[14rem] break-words">
                      <Link
                        to={`/manage/residents/import/${i.id}`}
                        className="inline-flex items-center gap-1.5 underline-offset-2 hover:underline"
                      >
                        <FileSpreadsheet aria-hidden="true" className="size-4 shrink-0" />
                        {i.file_name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={i.status} />
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{i.total_rows.toLocaleString(intlLocale())}</TableCell>
                    <TableCell className="hidden sm:table-cell">
                      {i.created_by_name
                        ? m.admin_user_blocked_by({ at: formatDateTime(i.created_at), name: i.created_by_name })
                        : formatDateTime(i.created_at)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <p className="text-sm text-muted-foreground">{m.admin_import_none()}</p>
        )}
      </section>
    </div>
  );
}
