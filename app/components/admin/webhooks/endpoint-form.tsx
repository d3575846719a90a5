import { Form } from "react-router";
import { ErrorBox, TextField, useBusy } from "#app/components/form-controls.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import {
  ALL_WEBHOOK_EVENTS,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
} from "#contract/webhooks.ts";

/** What the endpoint form shows, as its controls hold it. */
export interface EndpointFormValues {
  url: string;
  description: string;
  /** "All events" (`*`, events added later too) or "Only these". */
  scope: "all" | "some";
  events: string[];
}

export const EMPTY_ENDPOINT: EndpointFormValues = { url: "", description: "", scope: "all", events: [] };

export function endpointFormValues(endpoint: WebhookEndpoint): EndpointFormValues {
  const all = endpoint.events.includes(ALL_WEBHOOK_EVENTS);
  return {
    url: endpoint.url,
    description: endpoint.description,
    scope: all ? "all" : "some",
    events: all ? [] : endpoint.events,
  };
}

/** The events as a list reads them: "All events", or their names. */
export const eventsSummary = (events: readonly string[]) =>
  events.includes(ALL_WEBHOOK_EVENTS) ? "All events" : events.join(", ");

/**
 * An endpoint's URL, description and events, posted with `intent` (docs/integrations/webhooks.md):
 * without JavaScript the radio and the boxes are all there; the boxes count only with "Only these".
 */
export function EndpointForm({
  intent,
  submitLabel,
  values,
  failure,
}: {
  intent: "create" | "update";
  submitLabel: string;
  values: EndpointFormValues;
  failure?: FormFailure;
}) {
  const busy = useBusy(intent);
  const error = (name: string) => failure?.fields?.[name];
  const eventsError = error("events");
  return (
    <Form method="post" noValidate className="flex max-w-2xl flex-col gap-4">
      <ErrorBox message={failure?.message} busy={busy} />
      <TextField
        label="URL"
        name="url"
        type="url"
        inputMode="url"
        defaultValue={values.url}
        error={error("url")}
        autoComplete="off"
        spellCheck={false}
        maxLength={WEBHOOK_URL_MAX}
        required
        hint={
          <Hint>
            Where the shop POSTs each event: https:// (outside production also http://localhost or
            http://127.0.0.1).
          </Hint>
        }
      />
      <TextField
        label="Description (optional)"
        name="description"
        defaultValue={values.description}
        error={error("description")}
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        hint={<Hint>For you: what receives these events.</Hint>}
      />
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={eventsError ? `${intent}-events-error` : undefined}
      >
        <legend className="mb-1 font-medium text-sm">Events</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="scope" value="all" defaultChecked={values.scope === "all"} />
          All events, including any added later
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="scope" value="some" defaultChecked={values.scope === "some"} />
          Only these events:
        </label>
        <ul className="ml-6 grid grid-cols-1 gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="events"
                  value={type}
                  defaultChecked={values.events.includes(type)}
                  className="mt-1"
                />
                <span>
                  <span className="font-mono text-xs">{type}</span>
                  <span className="block text-gray-600 text-xs dark:text-gray-400">
                    {WEBHOOK_EVENT_LABELS[type]}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {eventsError && (
          <p id={`${intent}-events-error`} className="text-red-700 text-sm dark:text-red-400">
            {eventsError}
          </p>
        )}
      </fieldset>
      <div>
        <button type="submit" name="intent" value={intent} disabled={busy} className="button-primary">
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}

export function Hint({ children }: { children: React.ReactNode }) {
  return <p className="text-gray-600 text-xs dark:text-gray-400">{children}</p>;
}
