import type { Context, Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { CoreContext } from "#core/context.ts";
import { optionalSession, requireSession, requireStaff } from "../middleware/session.ts";
import { markShareable } from "../middleware/shared-cache.ts";
import { parseBody, parseParams, parseQuery } from "./validate.ts";

/**
 * Who may call an operation:
 * - `visitor`: anyone; no session is read (sign-up, log-in, password reset);
 * - `viewer`: anyone; a valid session personalises the answer (`isFavorite`), a bad one is ignored;
 * - `verifying`: a session, verified email or not (the calls that verify it, and saving a phone number);
 * - `customer`: a session whose email is verified;
 * - `manager`, `admin`: a staff session of that role or above (401 without a good session, 403 for a
 *   lower role). The handler finds the acting staff member in `c.get("staff")`; core checks the role
 *   again on every write (core/staff/roles.ts: requireRole).
 */
export type Access = "visitor" | "viewer" | "verifying" | "customer" | "manager" | "admin";

/** What the handlers need besides the request: core, and how the request reached us. */
export interface ApiDeps {
  ctx: CoreContext;
  proxyHops: number;
  /** Origins besides our own whose pages may write with the cookie (PUBLIC_URL, CORS_ORIGINS). */
  allowedOrigins: string[];
  publicUrl?: string;
}

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** The request's inputs, each parsed with its contract schema (through server/api/validate.ts). */
export interface Input<P extends Schema, Q extends Schema, B extends Schema> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

export type Handler<P extends Schema, Q extends Schema, B extends Schema> = (
  c: Context,
  input: Input<P, Q, B>,
  deps: ApiDeps,
) => Response | Promise<Response>;

/** One /api/v1 operation as it is mounted and published (docs/decisions/026-one-route-table.md). */
export interface OperationSpec<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
> {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Under /api/v1, with path parameters written `{name}` as OpenAPI writes them. */
  path: string;
  access: Access;
  summary: string;
  description?: string;
  /** Path parameters, parsed before the handler runs: a bad one is a 400 naming it. */
  params?: P;
  /**
   * Path parameters that are published but handed over as sent, unparsed: core looks the id up and
   * answers a malformed one as it answers an unknown one (404).
   */
  unparsedParams?: z.ZodObject;
  /** The query string, parsed with readQuery's conventions (repeated keys, `name[]=`, commas). */
  query?: Q;
  /** A JSON object body, bounded by limitBody before it is read. */
  body?: B;
  /**
   * Instead of a JSON body: a multipart/form-data body carrying one file in `field`, which the
   * handler reads itself; bounded by its own limit (server/middleware/request-input.ts: LARGE_BODY_ROUTES).
   */
  upload?: { field: string; description: string; accept: string };
  /** The success answer. */
  ok: { status: "200" | "201"; description: string; schema: z.ZodType };
  /** Further answers by status, and what makes them; 400, 401, 403 and 429 are completed from the rest. */
  fails?: Record<string, string>;
  /** The shape of every error answer (default: accountErrorResponse, which may carry `code`). */
  errorBody?: z.ZodType;
}

export interface Operation extends OperationSpec {
  handle: Handler<Schema, Schema, Schema>;
}

/** Declares an operation once: the route table mounts its handler and the OpenAPI document publishes it. */
export function defineOperation<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: OperationSpec<P, Q, B>, handle: Handler<P, Q, B>): Operation {
  return { ...spec, handle: handle as Handler<Schema, Schema, Schema> };
}

/** `/customer/addresses/{id}` as Hono routes it: `/customer/addresses/:id`. */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** The operation's handler with its inputs parsed first, in the order params, query, body. */
function handlerOf(operation: Operation, deps: ApiDeps) {
  const { params, query, body, handle } = operation;
  return async (c: Context) =>
    handle(
      c,
      {
        params: params ? parseParams(c, params) : undefined,
        query: query ? parseQuery(c, query) : undefined,
        body: body ? await parseBody(c, body) : undefined,
      },
      deps,
    );
}

/**
 * Mounts every operation on the /api/v1 app, behind the limits app.ts put in front. The session
 * checks go on each customer route, not on the /customer prefix, whose routes differ in whether the
 * email must be verified. The optional session of the catalogue is read after the account routes
 * (which read the session themselves, or not at all) and before the catalogue's, as a middleware
 * for everything below it, unknown paths included.
 */
export function mountOperations(api: Hono, operations: readonly Operation[], deps: ApiDeps) {
  const guards: Record<Exclude<Access, "viewer">, MiddlewareHandler[]> = {
    visitor: [],
    verifying: [requireSession(deps.ctx, { allowedOrigins: deps.allowedOrigins, allowUnverified: true })],
    customer: [requireSession(deps.ctx, { allowedOrigins: deps.allowedOrigins })],
    manager: [requireStaff(deps.ctx, "manager", { allowedOrigins: deps.allowedOrigins })],
    admin: [requireStaff(deps.ctx, "admin", { allowedOrigins: deps.allowedOrigins })],
  };
  const mount = (op: Operation, guard: MiddlewareHandler[]) =>
    api.on(op.method.toUpperCase(), [honoPath(op.path)], ...guard, handlerOf(op, deps));
  for (const op of operations) if (op.access !== "viewer") mount(op, guards[op.access]);
  api.use(optionalSession(deps.ctx));
  // A visitor's catalogue GET may be kept by a shared cache (docs/decisions/054-shared-cache.md).
  for (const op of operations)
    if (op.access === "viewer") mount(op, op.method === "get" ? [markShareable] : []);
}
