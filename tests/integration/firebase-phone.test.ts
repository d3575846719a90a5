import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PHONE_ADD_FAILED, PHONE_ALREADY_SAVED } from "#contract/accounts.ts";
import { createSessionToken } from "#core/accounts/tokens.ts";
import { newId } from "#db/ids.ts";
import { createFirebasePhoneVerifier } from "#server/adapters/firebase-phone-verifier.ts";
import { createTestShop, type TestShop } from "../support/app.ts";
import { type FirebaseAuthEmulator, startFirebaseAuthEmulator } from "../support/firebase-auth-emulator.ts";

// SMS_PROVIDER=firebase end to end on the server side: the real firebase-admin verifier, in emulator
// mode, against the local stand-in for the Firebase Auth emulator.

const PROJECT_ID = "shop-test";
const NUMBER = "+212612345678";

let emulator: FirebaseAuthEmulator;
let shop: TestShop;

beforeAll(async () => {
  emulator = await startFirebaseAuthEmulator({ projectId: PROJECT_ID });
  const phoneVerifier = createFirebasePhoneVerifier({ projectId: PROJECT_ID, emulatorHost: emulator.host });
  shop = await createTestShop({ accounts: { phoneVerifier } });
});

afterAll(async () => {
  await shop?.close();
  await emulator?.close();
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});

/** A customer with a verified email, inserted directly, and the Authorization header of a session. */
async function createCustomer() {
  const id = newId();
  await shop.rows(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash, email_verified_at)
    VALUES (${id}, 'Fatima', 'Alaoui', ${`${id}@shop.test`}, 'not-a-hash', now())`);
  const token = await createSessionToken(shop.ctx, { id, tokenVersion: 0 });
  return { id, headers: { authorization: `Bearer ${token}` } };
}

function addPhoneNumber(headers: Record<string, string>, idToken: string) {
  return shop.get("/api/v1/customer/phone-numbers", {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ idToken }),
  });
}

async function savedNumbers(customerId: string) {
  const rows = await shop.rows<{ phone_number: string }>(
    sql`SELECT phone_number FROM customer_phone_numbers WHERE customer_id = ${customerId} ORDER BY phone_number`,
  );
  return rows.map((r) => r.phone_number);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("POST /api/v1/customer/phone-numbers (SMS_PROVIDER=firebase)", () => {
  test("a valid Firebase ID token adds its phone number, shown in GET /customer", async () => {
    const customer = await createCustomer();
    const lookupsBefore = emulator.requests.length;

    const res = await addPhoneNumber(customer.headers, emulator.mintIdToken({ phoneNumber: NUMBER }));

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "Success",
      data: [{ phoneNumber: NUMBER, _id: expect.stringMatching(/^[0-9a-f]{24}$/) }],
    });
    // firebase-admin asked the (stand-in) Auth service about the account: checkRevoked is on.
    expect(emulator.requests.slice(lookupsBefore)).toContain(
      `POST /identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`,
    );
    const profile = await shop.get("/api/v1/customer", { headers: customer.headers });
    expect(profile.status).toBe(200);
    expect(profile.body.data.phoneNumbers).toEqual([{ _id: res.body.data[0]._id, phoneNumber: NUMBER }]);
  });

  test("the same number again is a 409 with the spec's message", async () => {
    const customer = await createCustomer();
    expect(
      (await addPhoneNumber(customer.headers, emulator.mintIdToken({ phoneNumber: NUMBER }))).status,
    ).toBe(201);

    const again = await addPhoneNumber(customer.headers, emulator.mintIdToken({ phoneNumber: NUMBER }));

    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PHONE_ALREADY_SAVED);
    expect(await savedNumbers(customer.id)).toEqual([NUMBER]);
  });

  test("another customer may save the same number", async () => {
    const first = await createCustomer();
    const second = await createCustomer();
    expect((await addPhoneNumber(first.headers, emulator.mintIdToken({ phoneNumber: NUMBER }))).status).toBe(
      201,
    );
    expect((await addPhoneNumber(second.headers, emulator.mintIdToken({ phoneNumber: NUMBER }))).status).toBe(
      201,
    );
  });

  describe("a token Firebase does not vouch for is refused with the spec's message and identity code", () => {
    const refusals: [string, () => string, string][] = [
      [
        "an expired token",
        () => emulator.mintIdToken({ phoneNumber: "+212612000001", issuedAt: nowSeconds() - 7200 }),
        "session-expired",
      ],
      [
        "another project's token (audience)",
        () => emulator.mintIdToken({ phoneNumber: "+212612000002", audience: "someone-else" }),
        "internal-error",
      ],
      [
        "another project's token (issuer)",
        () =>
          emulator.mintIdToken({
            phoneNumber: "+212612000003",
            issuer: "https://securetoken.google.com/someone-else",
          }),
        "internal-error",
      ],
      [
        "a disabled user's token",
        () => {
          const user = emulator.userForPhone("+212612000004");
          emulator.disableUser(user.uid);
          return emulator.mintIdToken({ uid: user.uid });
        },
        "user-disabled",
      ],
      [
        "a revoked token",
        () => {
          const user = emulator.userForPhone("+212612000005");
          // Signed in a minute ago; revoking now invalidates every token of that sign-in.
          const token = emulator.mintIdToken({ uid: user.uid, issuedAt: nowSeconds() - 60 });
          emulator.revokeTokens(user.uid);
          return token;
        },
        "session-expired",
      ],
      [
        "a token of a user Firebase no longer has",
        () => {
          const token = emulator.mintIdToken({ phoneNumber: "+212612000006" });
          const [header, payload] = token.split(".");
          const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
          const forged = { ...claims, sub: "deleted-user", user_id: "deleted-user" };
          return `${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.`;
        },
        "session-expired",
      ],
      [
        "a token without a phone number",
        () => emulator.mintIdToken({ uid: emulator.createUser().uid, phoneNumber: null }),
        "missing-phone-number",
      ],
      ["garbage", () => "not-a-token", "internal-error"],
      [
        "a signed token in emulator mode (only unsigned emulator tokens are accepted there)",
        () => {
          const [header, payload] = emulator.mintIdToken({ phoneNumber: "+212612000007" }).split(".");
          return `${header}.${payload}.c2lnbmF0dXJl`;
        },
        "internal-error",
      ],
    ];

    test.each(refusals)("%s", async (_name, token, code) => {
      const customer = await createCustomer();

      const res = await addPhoneNumber(customer.headers, token());

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: "fail", message: PHONE_ADD_FAILED, code });
      expect(await savedNumbers(customer.id)).toEqual([]);
    });
  });

  test("without a session the token is not even looked at", async () => {
    const before = emulator.requests.length;
    const res = await addPhoneNumber({}, emulator.mintIdToken({ phoneNumber: NUMBER }));
    expect(res.status).toBe(401);
    expect(emulator.requests.length).toBe(before);
  });
});
