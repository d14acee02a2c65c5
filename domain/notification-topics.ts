// The realtime notifications a user can turn on or off.
// Isomorphic: the settings page lists them, the server checks them before pushing an event.

export const NOTIFICATION_TOPICS = [
  {
    key: "security",
    label: "Account and security",
    description: "Your roles or permissions change, your password is reset, or you are signed out by an administrator.",
  },
  {
    key: "records",
    label: "Records",
    description: "Residents, households, businesses and disaster-prone areas added or changed by other staff.",
  },
  {
    key: "certificates",
    label: "Certificates and transactions",
    description: "Certificates and clearances issued, and transactions waiting for payment.",
  },
  {
    key: "finance",
    label: "Finance",
    description: "Official receipts, disbursements, cheques and remittances.",
  },
  {
    key: "kp",
    label: "Katarungang Pambarangay",
    description: "A deadline of a Lupon case falls due or is overdue (for the Punong Barangay and the Lupon secretary).",
  },
  {
    key: "appointments",
    label: "Appointments",
    description: "A reminder the day before your appointment at the barangay hall.",
  },
  {
    key: "system",
    label: "System",
    description: "Maintenance mode and announcements from the administrator.",
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
