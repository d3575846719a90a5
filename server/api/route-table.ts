import { authOperations, customerOperations } from "./accounts.ts";
import { catalogOperations } from "./catalog.ts";
import { catalogueFileOperations } from "./catalogue-file-admin.ts";
import { couponAdminOperations } from "./coupons-admin.ts";
import type { Operation } from "./operation.ts";
import { orderAdminOperations } from "./orders-admin.ts";
import { photoOperations } from "./photos-admin.ts";
import { productAdminOperations } from "./products-admin.ts";
import { refundAdminOperations } from "./refunds-admin.ts";
import { reportOperations } from "./reports-admin.ts";
import { reviewOperations } from "./reviews.ts";
import { settingsAdminOperations } from "./settings-admin.ts";
import { shoppingOperations } from "./shopping.ts";
import { staffOperations } from "./staff.ts";
import { stockAdminOperations } from "./stock-admin.ts";
import { taxonomyAdminOperations } from "./taxonomy-admin.ts";
import { twoFactorOperations } from "./two-factor.ts";
import { webhookAdminOperations } from "./webhooks-admin.ts";

/**
 * Every /api/v1 operation a client calls, each declared once: app.ts mounts them and openapi.ts
 * publishes them, in this order (docs/decisions/026-one-route-table.md). Stripe's webhook is not
 * among them: it is no client's call, and it is mounted ahead of the limits (stripe-webhook.ts).
 */
export const ROUTE_TABLE: readonly Operation[] = [
  ...catalogOperations,
  ...authOperations,
  ...customerOperations,
  ...shoppingOperations,
  ...productAdminOperations,
  ...stockAdminOperations,
  ...staffOperations,
  ...photoOperations,
  ...taxonomyAdminOperations,
  ...couponAdminOperations,
  ...orderAdminOperations,
  ...settingsAdminOperations,
  ...catalogueFileOperations,
  ...twoFactorOperations,
  ...reportOperations,
  ...refundAdminOperations,
  ...webhookAdminOperations,
  ...reviewOperations,
];
