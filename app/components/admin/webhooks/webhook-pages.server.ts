import { data, redirect } from "react-router";
import type { z } from "zod";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import { formFailure, invalidForm } from "#app/lib/form-action.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { messagesByField } from "#contract/accounts.ts";
import { ID_PATTERN } from "#contract/query.ts";
import { findUnstorableText, unstorableMessage } from "#contract/storable-text.ts";
import {
  ALL_WEBHOOK_EVENTS,
  createWebhookEndpointBody,
  webhookDeliveryListQuery,
  webhookEndpointListQuery,
} from "#contract/webhooks.ts";
import { auditTrailOf } from "#core/audit/audit-query.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError } from "#core/errors.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  NO_SUCH_ENDPOINT,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from "#core/webhooks/webhook-endpoints.ts";
import { readListQuery } from "../staff/list-query.server.ts";
import type { EndpointFormValues } from "./endpoint-form.tsx";

// The /admin/webhooks pages' server side (docs/integrations/webhooks.md#back-office): each loader
// and action calls the core function the API calls (core/webhooks/webhook-endpoints.ts), as an
// admin. A new or rotated secret is in the action's answer only, never in a loader's: it is shown
// once, on the page the post returns.

const FALLBACK = "The change could not be made. Please try again.";

/** What the endpoint form posted, to show it again as the admin left it. */
export function postedEndpointValues(form: FormData): EndpointFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    url: text("url"),
    description: text("description"),
    scope: text("scope") === "some" ? "some" : "all",
    events: form.getAll("events").filter((v): v is string => typeof v === "string"),
  };
}

/** The form's values checked by the API's schema: "All events" is `["*"]`, else the boxes ticked. */
function readEndpointForm<S extends z.ZodType>(
  values: EndpointFormValues,
  schema: S,
): { ok: true; data: z.output<S> } | { ok: false; failure: FormFailure } {
  const body = {
    url: values.url,
    description: values.description,
    events: values.scope === "all" ? [ALL_WEBHOOK_EVENTS] : values.events,
  };
  const unstorable = findUnstorableText(body);
  if (unstorable !== null) {
    const field = unstorable.split(".")[0]!;
    const message = unstorableMessage(field);
    return { ok: false, failure: { message, fields: { [field]: message } } };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields = messagesByField(parsed.error);
  return { ok: false, failure: { message: Object.values(fields)[0] ?? "Please check the form.", fields } };
}

/** /admin/webhooks: the endpoints, a page at a time. */
export async function loadWebhookList(request: Request, core: CoreContext) {
  const staff = await requireStaffPage(request, core, "admin");
  const url = new URL(request.url);
  const { query } = readListQuery(url, webhookEndpointListQuery);
  const list = await listWebhookEndpoints(core, staff, query);
  return {
    list,
    search: url.searchParams.toString(),
    notice: url.searchParams.get("deleted") === "1" ? "Webhook endpoint deleted." : undefined,
  };
}

/** /admin/webhooks's form: registers an endpoint; the answer shows its secret, once. */
export async function createEndpointFromForm(request: Request, core: CoreContext, publicUrl?: string) {
  const { staff, form } = await staffForm(request, core, "admin", publicUrl);
  const values = postedEndpointValues(form);
  const read = readEndpointForm(values, createWebhookEndpointBody);
  if (!read.ok) return invalidForm(read.failure, { values });
  try {
    const { endpoint, secret } = await createWebhookEndpoint(core, staff, read.data);
    return { created: { endpoint, secret } };
  } catch (error) {
    return formFailure(error, "The endpoint could not be saved. Please try again.", { values });
  }
}

const CONFIRMATIONS = ["delete", "rotate"] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

/** /admin/webhooks/:endpointId: the endpoint, its deliveries (paged, by status) and its history. */
export async function loadWebhook(request: Request, core: CoreContext, endpointId: string) {
  const staff = await requireStaffPage(request, core, "admin");
  if (!ID_PATTERN.test(endpointId)) throw data({ message: NO_SUCH_ENDPOINT }, { status: 404 });
  const endpoint = await getWebhookEndpoint(core, staff, endpointId).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found")
      throw data({ message: error.message }, { status: 404 });
    throw error;
  });
  const url = new URL(request.url);
  const { query, errors } = readListQuery(url, webhookDeliveryListQuery);
  const confirm = url.searchParams.get("confirm");
  return {
    endpoint,
    deliveries: await listWebhookDeliveries(core, staff, endpointId, query),
    status: query.status ?? "",
    queryErrors: errors,
    history: await auditTrailOf(core, staff, "webhook", endpointId),
    search: url.searchParams.toString(),
    notice:
      url.searchParams.get("sent") === "1"
        ? "Test event queued: it shows in the deliveries below (reload to follow it)."
        : undefined,
    confirm: (CONFIRMATIONS as readonly string[]).includes(confirm ?? "") ? (confirm as Confirmation) : null,
  };
}

/**
 * The endpoint page's buttons and form, by `intent`: `update` (URL, description, events), `enable`,
 * `disable`, `ping`, `rotate` (the answer shows the new secret, once) and `delete` (back to the list).
 */
export async function changeEndpointFromForm(
  request: Request,
  core: CoreContext,
  endpointId: string,
  publicUrl?: string,
) {
  const { staff, form } = await staffForm(request, core, "admin", publicUrl);
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "update": {
        const values = postedEndpointValues(form);
        const read = readEndpointForm(values, createWebhookEndpointBody);
        if (!read.ok) return invalidForm(read.failure, { intent, values });
        try {
          await updateWebhookEndpoint(core, staff, endpointId, read.data);
        } catch (error) {
          return formFailure(error, FALLBACK, { intent, values });
        }
        return { intent, notice: "Changes saved." };
      }
      case "enable":
      case "disable":
        await updateWebhookEndpoint(core, staff, endpointId, { enabled: intent === "enable" });
        return {
          intent,
          notice:
            intent === "enable"
              ? "Endpoint enabled: new events are sent to it."
              : "Endpoint disabled: nothing more is sent to it, and what was queued is dropped.",
        };
      case "ping":
        await sendTestWebhook(core, staff, endpointId);
        // Back to the page by GET: reloading it must not send another test event.
        return redirect(`/admin/webhooks/${endpointId}?sent=1`);
      case "rotate": {
        const { secret } = await rotateWebhookSecret(core, staff, endpointId);
        return {
          intent,
          notice: "Signing secret replaced: deliveries are signed with the new one from now on.",
          secret,
        };
      }
      case "delete":
        await deleteWebhookEndpoint(core, staff, endpointId);
        return redirect("/admin/webhooks?deleted=1");
      default:
        return invalidForm({ message: FALLBACK }, { intent });
    }
  } catch (error) {
    return formFailure(error, FALLBACK, { intent });
  }
}
