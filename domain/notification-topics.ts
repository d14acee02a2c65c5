// The realtime notifications a user can turn on or off.
// Isomorphic: the settings page lists them, the server checks them before pushing an event.
// Labels and descriptions are message functions (messages/<locale>/shell.json): call them when rendering.

import { m } from "./i18n/index.ts";

export const NOTIFICATION_TOPICS = [
  {
    key: "security",
    label: m.shell_topic_security,
    description: m.shell_topic_security_description,
  },
  {
    key: "records",
    label: m.shell_topic_records,
    description: m.shell_topic_records_description,
  },
  {
    key: "certificates",
    label: m.shell_topic_certificates,
    description: m.shell_topic_certificates_description,
  },
  {
    key: "finance",
    label: m.shell_topic_finance,
    description: m.shell_topic_finance_description,
  },
  {
    key: "kp",
    label: m.shell_topic_kp,
    description: m.shell_topic_kp_description,
  },
  {
    key: "appointments",
    label: m.shell_topic_appointments,
    description: m.shell_topic_appointments_description,
  },
  {
    key: "system",
    label: m.shell_topic_system,
    description: m.shell_topic_system_description,
  },
] as const;

export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number]["key"];

export const NOTIFICATION_TOPIC_KEYS: readonly NotificationTopic[] = NOTIFICATION_TOPICS.map((t) => t.key);

export type NotificationPreferences = Record<NotificationTopic, boolean>;

/** Stored preferences with every topic filled in: a topic never chosen is on. */
export function withDefaults(stored: Partial<Record<string, unknown>> | null | undefined): NotificationPreferences {
  const out = {} as NotificationPreferences;
  for (const key of NOTIFICATION_TOPIC_KEYS) out[key] = stored?.[key] !== false;
  return out;
}
