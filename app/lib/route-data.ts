import type { useActionData, useLoaderData } from "react-router";

// A feature's screen takes its route's data as plain props, typed from the route module's loader
// or action (`import type { loader } from "~/routes/…"`) rather than from the route's generated
// `+types`, which belong to the route module alone.

/** What a route's loader gives its page, as the page receives it. */
export type LoaderData<T> = ReturnType<typeof useLoaderData<T>>;

/** What a route's action answers, as the page receives it. */
export type ActionData<T> = NonNullable<ReturnType<typeof useActionData<T>>>;
