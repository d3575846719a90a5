import { z } from "zod";
import { accountErrorResponse, EMAIL_NOT_VERIFIED } from "#contract/accounts.ts";
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_PAGE } from "#contract/query.ts";
import type { Operation } from "./operation.ts";
import { ROUTE_TABLE } from "./route-table.ts";

type JsonSchema = Record<string, unknown>;

const PARAMETERS: Record<string, { description: string; schema: JsonSchema; explode?: boolean }> = {
  page: {
    description: "Page number (default 1).",
    schema: { type: "integer", minimum: 1, maximum: MAX_PAGE },
  },
  limit: {
    description: `Items per page (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).`,
    schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT },
  },
  sort: {
    description: "Comma-separated fields; a leading `-` sorts descending.",
    schema: { type: "string" },
  },
  fields: {
    description:
      "Comma-separated fields to return; unknown names are ignored. Products: `save` (the original back end's name) or `isFavorite` asks for the favorite marker, which a request with a session gets whatever the list says.",
    schema: { type: "string" },
  },
  search: {
    description:
      "Text search: products over titles, descriptions, brands and categories, tolerating typos; coupons (staff) over part of the code, ignoring case.",
    schema: { type: "string", maxLength: 200 },
  },
  q: {
    description:
      "Back-office lists: words the rows' titles (or names, emails) contain, ignoring case. Orders (staff): an order number (`1042`, `#1042`), part of the customer's email address, or part of the phone number the order ships to (six digits or more).",
    schema: { type: "string", maxLength: 100 },
  },
  status: {
    description:
      "Only records in this state now. Coupons (staff): `active`, `scheduled`, `expired`, `used up`, `disabled`. Orders (staff): one or several of `pending_payment`, `paid`, `placed`, `processing`, `shipped`, `delivered`, `cancelled`, `returned` (repeated, `status[]=`, or comma-separated).",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  paymentMethod: {
    description: "Orders (staff) paid this way: `credit_card` or `cash_on_delivery`.",
    schema: { type: "string", enum: ["credit_card", "cash_on_delivery"] },
  },
  customer: {
    description:
      "Orders (staff) of this customer: their account id, or their email address (whole, ignoring case).",
    schema: { type: "string", maxLength: 254 },
  },
  category: {
    description: "Category id(s): repeated, `category[]=`, or comma-separated.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  subCategories: {
    description: "Subcategory id(s); any of them matches.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  underSubCategories: {
    description: "Under-subcategory id(s); any of them matches.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  brand: {
    description: "Brand id(s); any of them matches.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  subCategory: {
    description: "Subcategory id(s) whose under-subcategories to list.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  "ratingsAverage[gte]": {
    description: "Minimum average rating (0–5).",
    schema: { type: "number", minimum: 0, maximum: 5 },
  },
  "price[gte]": { description: "Minimum price in USD.", schema: { type: "number", minimum: 0 } },
  "price[lte]": { description: "Maximum price in USD.", schema: { type: "number", minimum: 0 } },
  // The back office's audit list (docs/back-office/staff.md#api).
  entity: {
    description: "Audit entries about this kind of record: `product`, `coupon`, `staff`…",
    schema: { type: "string" },
  },
  entityId: { description: "Audit entries about this record's id.", schema: { type: "string" } },
  action: {
    description:
      "Audit entries of this action (`product.update`) or of every action on an entity (`product`).",
    schema: { type: "string" },
  },
  actor: {
    description: "Audit entries by this staff member: email (or part of it) or account id.",
    schema: { type: "string" },
  },
  from: {
    description: "Audit entries or orders (staff) on or after this day (YYYY-MM-DD, UTC).",
    schema: { type: "string", format: "date" },
  },
  to: {
    description: "Audit entries or orders (staff) on or before this day (YYYY-MM-DD, UTC).",
    schema: { type: "string", format: "date" },
  },
  url: {
    description: "An image URL of the product, as its `images` list it (absolute or root-relative).",
    schema: { type: "string", maxLength: 500 },
  },
  "discountPercent[lte]": {
    description: "Maximum discount percent.",
    schema: { type: "number", minimum: 0, maximum: 100 },
  },
  format: {
    description: "The catalogue file's format: `json` (default) or `csv`.",
    schema: { type: "string", enum: ["json", "csv"] },
  },
};

function parameters(schema: z.ZodObject) {
  return Object.keys(schema.shape).map((name) => {
    const p = PARAMETERS[name];
    if (!p) throw new Error(`OpenAPI: no description for query parameter ${name}`);
    return {
      name,
      in: "query",
      required: false,
      description: p.description,
      schema: p.schema,
      ...(p.explode ? { style: "form", explode: true } : {}),
    };
  });
}

const json = (schema: z.ZodType) => ({
  "application/json": { schema: z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) },
});
/**
 * A JSON body: unknown fields are ignored (not refused), so the schema says nothing about them; a
 * field with a default may be left out (the output schema lists it as required).
 */
function requestBody(schema: z.ZodType) {
  const content = json(schema);
  const body = content["application/json"].schema as JsonSchema;
  delete body.additionalProperties;
  const properties = (body.properties ?? {}) as Record<string, JsonSchema>;
  if (Array.isArray(body.required)) {
    body.required = body.required.filter((name: string) => properties[name]?.default === undefined);
  }
  return { required: true, content };
}

/** A multipart/form-data body with one file (`upload` on the operation). */
function uploadBody(upload: NonNullable<Operation["upload"]>) {
  return {
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          properties: {
            [upload.field]: { type: "string", format: "binary", description: upload.description },
          },
          required: [upload.field],
        },
        encoding: { [upload.field]: { contentType: upload.accept } },
      },
    },
  };
}

const SESSION_401 =
  "No token, or one that is malformed, expired, forged, revoked by a password change or of a deleted account (one message for all).";
const CROSS_SITE_403 = "A change authenticated by the cookie alone from another site's page.";

/**
 * The answers besides success: the declared ones, completed with what the declaration implies: a
 * bad body or query is a 400, a session may be missing (401) or the email unverified (403), any
 * request may be rate limited (429).
 */
function failures(o: Operation) {
  const badBody =
    o.body || o.upload
      ? "A field is missing or wrong: `message` is the first problem, `errors` lists each with its field."
      : undefined;
  const fails: Record<string, string> = { ...o.fails };
  const badQuery = o.query ? "A query parameter is malformed; the message names it." : undefined;
  for (const bad of [badBody, badQuery]) {
    if (bad) fails["400"] = fails["400"] ? `${bad} ${fails["400"]}` : bad;
  }
  if (o.access === "customer" || o.access === "verifying") {
    fails["401"] ??= SESSION_401;
    if (o.access === "customer")
      fails["403"] = `The email is not verified (\`${EMAIL_NOT_VERIFIED}\`), or: ${CROSS_SITE_403}`;
    else if (o.body || o.upload || o.params || o.unparsedParams) fails["403"] = CROSS_SITE_403;
  }
  if (o.access === "manager" || o.access === "admin") {
    fails["401"] ??= SESSION_401;
    fails["403"] ??=
      o.access === "admin"
        ? `The session is not an administrator's, or: ${CROSS_SITE_403}`
        : `The session is not a staff member's (manager or admin), or: ${CROSS_SITE_403}`;
  }
  fails["429"] ??= "Too many requests.";
  const errorBody = json(o.errorBody ?? accountErrorResponse);
  return Object.fromEntries(
    Object.entries(fails)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, description]) => [status, { description, content: errorBody }]),
  );
}

/** Path parameters, from the zod schema that parses them (or would, for unparsed ones). */
function pathParameters(schema: z.ZodObject) {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { $schema: _, ...fieldSchema } = z.toJSONSchema(field as z.ZodType, { io: "input" });
    return { name, in: "path", required: true, schema: fieldSchema };
  });
}

/** One operation of the route table as OpenAPI describes it. */
function operationObject(o: Operation) {
  const pathSchema = o.params ?? o.unparsedParams;
  const params = [
    ...(pathSchema instanceof z.ZodObject ? pathParameters(pathSchema) : []),
    ...(o.query instanceof z.ZodObject ? parameters(o.query) : []),
  ];
  return {
    summary: o.summary,
    ...(o.description ? { description: o.description } : {}),
    // A viewer's session only adds the favorite marker: the catalogue asks for no credentials.
    ...(o.access !== "visitor" && o.access !== "viewer"
      ? { security: [{ bearer: [] }, { cookie: [] }] }
      : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(o.body ? { requestBody: requestBody(o.body) } : {}),
    ...(o.upload ? { requestBody: uploadBody(o.upload) } : {}),
    responses: {
      [o.ok.status]: { description: o.ok.description, content: json(o.ok.schema) },
      ...failures(o),
    },
  };
}

/** The route table as OpenAPI paths: one entry per path, its methods in the table's order. */
function paths(operations: readonly Operation[]) {
  const byPath: Record<string, Record<string, ReturnType<typeof operationObject>>> = {};
  for (const o of operations) {
    byPath[o.path] ??= {};
    byPath[o.path]![o.method] = operationObject(o);
  }
  return byPath;
}

/** The published contract, built from the same zod schemas the handlers validate with. */
export function buildOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "shop API",
      version: "1.0.0",
      description:
        "The storefront's REST API. Money is shown in USD with two decimals; ids are 24 hex characters. Image URLs (`image`, `imageCover`, `images`, `profileImage`) are absolute: on PUBLIC_URL when it is set, else on the origin the request was sent to; a catalogue's absolute URL (a CDN) is given as it is. Every cart answer carries the cart under `data` (`data.cartItems`, `data.pricing`, …), with `cartItems` and `numOfCartItems` also at the top level.",
    },
    servers: [{ url: "/api/v1" }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookie: { type: "apiKey", in: "cookie", name: "JWTToken" },
      },
    },
    paths: paths(ROUTE_TABLE),
  };
}
