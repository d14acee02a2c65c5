import { Activity, Cpu, Database, Power, Radio, Send, Server, Timer } from "lucide-react";
import * as React from "react";
import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { useRealtime, type RealtimeStatus } from "~/features/notifications/realtime";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { checkStatus } from "~/lib/api-client";
import { notify } from "@domain/notify";
import { trpc } from "~/lib/trpc-client";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/test";
import { m } from "@domain/i18n";

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const min = Math.floor((seconds % 3_600) / 60);
  const s = seconds % 60;
  return [d ? `${d}d` : "", h ? `${h}h` : "", min ? `${min}m` : "", `${s}s`].filter(Boolean).join(" ");
}

const STATUS_LABEL: Record<RealtimeStatus, () => string> = {
  connected: m.admin_diag_connected,
  connecting: m.admin_diag_connecting,
  disconnected: m.admin_diag_disconnected,
};

/** The administrators' diagnostics: the server, the database, realtime, maintenance mode and a test notification. */
export function DiagnosticsPage({ loaderData: info }: { loaderData: LoaderData<typeof loader> }) {
  const realtime = useRealtime();
  const navigation = useNavigation();
  const [sending, setSending] = React.useState(false);
  const switching = navigation.state !== "idle" && navigation.formData?.get("intent") === "maintenance";

  // The shell's maintenance flag follows the switch at once (the status call answers 503 while on).
  const firstRender = React.useRef(true);
  React.useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    void checkStatus();
  }, [info.maintenance]);

  const sendTest = async () => {
    setSending(true);
    try {
      const result = await trpc.system.sendTestNotification.mutate();
      if (!result.delivered) {
        notify({
          title: m.admin_diag_test_sent(),
          message: m.admin_diag_test_not_received(),
          type: "warning",
        });
      }
    } catch {
      // The fetch wrapper has already shown the error notification (spec §8).
    } finally {
      setSending(false);
    }
  };

  const facts: { icon: React.ElementType; label: string; value: React.ReactNode; testId: string }[] = [
    { icon: Server, label: m.admin_diag_version(), value: info.version, testId: "diag-version" },
    { icon: Cpu, label: "Node.js", value: info.node, testId: "diag-node" },
    { icon: Database, label: m.admin_diag_database(), value: info.database.kind, testId: "diag-database-kind" },
    {
      icon: Database,
      label: m.admin_diag_database_version(),
      value: <span className="font-mono text-xs break-words">{info.database.version}</span>,
      testId: "diag-database-version",
    },
    { icon: Timer, label: m.admin_diag_uptime(), value: formatUptime(info.uptimeSeconds), testId: "diag-uptime" },
    { icon: Activity, label: m.admin_diag_ws_count(), value: info.websocketConnections, testId: "diag-ws-count" },
  ];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{m.admin_diag_title()}</h1>
        <p className="text-muted-foreground">{m.admin_diag_intro()}</p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>{m.admin_diag_server()}</CardTitle>
          <CardDescription>{m.admin_diag_server_description()}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {facts.map(({ icon: Icon, label, value, testId }) => (
              <div key={testId} className="flex min-w-0 flex-col gap-0.5">
                <dt className="flex items-center gap-3 text-sm text-muted-foreground">
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {label}
                </dt>
                <dd className="pl-7 font-medium" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Radio className="size-4" aria-hidden="true" />
              {m.admin_diag_realtime()}
            </CardTitle>
            <CardDescription>{m.admin_diag_realtime_description()}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <p className="flex items-center gap-2 text-sm">
              <span>{m.admin_diag_websocket()}</span>
              <Badge
                variant={realtime.status === "connected" ? "success" : realtime.status === "connecting" ? "secondary" : "destructive"}
                data-testid="ws-status"
                data-status={realtime.status}
              >
                <span
                  aria-hidden="true"
                  className={`size-1.5 rounded-full ${realtime.status === "connected" ? "bg-emerald-600" : realtime.status === "connecting" ? "bg-stone-500" : "bg-white"}`}
                />
                {STATUS_LABEL[realtime.status]()}
              </Badge>
            </p>
            <div>
              <Button type="button" onClick={() => void sendTest()} disabled={sending} data-testid="send-test-notification">
                {sending ? <Spinner size="sm" label={m.admin_diag_sending()} /> : <Send aria-hidden="true" />}
                {m.admin_diag_send_test()}
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Power className="size-4" aria-hidden="true" />
              {m.admin_diag_maintenance_title()}
            </CardTitle>
            <CardDescription>{m.admin_diag_maintenance_description()}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <p className="flex items-center gap-2 text-sm">
              <span>{m.admin_diag_maintenance()}</span>
              <Badge variant={info.maintenance ? "destructive" : "success"} data-testid="diag-maintenance">
                {info.maintenance ? m.admin_diag_on() : m.admin_diag_off()}
              </Badge>
            </p>
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="maintenance" />
              <input type="hidden" name="on" value={info.maintenance ? "false" : "true"} />
              <Button type="submit" variant="outline" disabled={switching}>
                {switching ? <Spinner size="sm" label={m.admin_diag_saving()} /> : null}
                {info.maintenance ? m.admin_diag_turn_off() : m.admin_diag_turn_on()}
              </Button>
            </Form>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
