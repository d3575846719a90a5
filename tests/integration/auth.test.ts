import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  accountErrorResponse,
  EMAIL_NOT_VERIFIED,
  messageResponse,
  tokenResponse,
  WRONG_CREDENTIALS,
} from "#contract/accounts.ts";
import { EMAIL_TAKEN, INVALID_SESSION } from "#core/accounts/customers.ts";
import { RESET_CODE_SENT } from "#core/accounts/password-reset.ts";
import {
  accountRows,
  call,
  createClock,
  createCustomer,
  customerRow,
  DEMO,
  expectContract,
  FIXTURE_PASSWORD,
  latestCode,
  MINUTE,
  otherCode,
  outbox,
  SECOND,
  sessionToken,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

const SESSION_COOKIE_MAX_AGE = 90 * 24 * 60 * 60;

/** The session cookie a response sets: value and attributes. */
function sessionCookie(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith("JWTToken="));
  if (!cookie) return undefined;
  const [pair, ...attributes] = cookie.split(";").map((p) => p.trim());
  return { value: pair!.slice("JWTToken=".length), attributes: attributes.map((a) => a.toLowerCase()) };
}

/** A body with one field left out. */
const without = (body: Record<string, unknown>, field: string) =>
  Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));

type BadInput = [name: string, body: unknown, field: string, message: string];

/**
 * A 400 naming the field: `message` is the field's message and the first entry of `errors` (which
 * may go on, e.g. "Passwords must match." beside a missing password). Nothing was written.
 */
async function expectRefused(method: string, path: string, [, body, field, message]: BadInput) {
  const before = await accountRows(shop);
  const res = await call(shop, method, path, { body });
  expect(res.status).toBe(400);
  expect(res.body.status).toBe("fail");
  expect(res.body.message).toBe(message);
  expect(res.body.errors[0]).toEqual({ field, message });
  expectContract(accountErrorResponse, res.body);
  expect(await accountRows(shop)).toEqual(before);
}

/** Bodies that are not a JSON object: refused before any field is looked at. */
async function expectNotAnObject(method: string, path: string) {
  const before = await accountRows(shop);
  for (const [rawBody, message] of [
    ["{not json", "The request body must be valid JSON."],
    ['{"email": "a@b.co"', "The request body must be valid JSON."],
    ["[]", "The request body must be a JSON object."],
    ['[{"email": "demo@shop.test"}]', "The request body must be a JSON object."],
    ["null", "The request body must be a JSON object."],
    ['"demo@shop.test"', "The request body must be a JSON object."],
    ["42", "The request body must be a JSON object."],
  ] as const) {
    const res = await call(shop, method, path, { rawBody });
    expect(res.status, rawBody.slice(0, 40)).toBe(400);
    expect(res.body).toEqual({ status: "fail", message });
  }
  // Over the 64 KB limit: refused as it streams in, before it is parsed.
  const tooLarge = await call(shop, method, path, { rawBody: `{"email": "${"a".repeat(70_000)}"}` });
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.body).toEqual({ status: "fail", message: "The request body is too large: at most 64 KB." });
  expect(await accountRows(shop)).toEqual(before);
}

const signup = {
  firstName: "Amina",
  lastName: "Haddad",
  email: "new.customer@example.test",
  password: "long-enough",
  confirmPassword: "long-enough",
};

describe("POST /api/v1/auth/signup", () => {
  it("creates the account, mails a verification code, sets the cookie and returns a working token", async () => {
    const res = await call(shop, "POST", "/auth/signup", {
      body: {
        firstName: "  Yasmine ",
        lastName: " El Idrissi ",
        email: "  Yasmine.Idrissi@Example.TEST ",
        password: "s3cret pass",
        confirmPassword: "s3cret pass",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: "Success",
      message: "Your account has been created. Check your email for a verification code.",
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    expectContract(tokenResponse, res.body);
    const cookie = sessionCookie(res.headers);
    expect(cookie?.value).toBe(res.body.token);
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(["path=/", "httponly", "samesite=lax", `max-age=${SESSION_COOKIE_MAX_AGE}`]),
    );
    expect(cookie?.attributes).not.toContain("secure"); // plain HTTP here

    const [row] = await shop.rows<any>(
      sql`SELECT * FROM customers WHERE email = 'yasmine.idrissi@example.test'`,
    );
    expect(row).toMatchObject({
      first_name: "Yasmine",
      last_name: "El Idrissi",
      email: "yasmine.idrissi@example.test",
      role: "customer",
      email_verified_at: null,
      token_version: 0,
    });
    expect(row.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(row.password_hash).not.toContain("s3cret");

    const [mail, ...older] = await outbox(shop, "yasmine.idrissi@example.test");
    expect(older).toEqual([]);
    const code = await latestCode(shop, "yasmine.idrissi@example.test");
    expect(mail).toMatchObject({ channel: "email", subject: `Your shop verification code: ${code}` });
    expect(mail!.text).toContain("Hello Yasmine,");
    expect(mail!.text).toContain(code);
    expect(mail!.html).toContain(code);

    // The new token is a session for the new, still unverified account.
    const profile = await call(shop, "GET", "/customer", { token: res.body.token });
    expect(profile.status).toBe(403);
    expect(profile.body).toEqual({ status: "fail", message: EMAIL_NOT_VERIFIED });
    const verify = await call(shop, "POST", "/customer/verify-email", {
      token: res.body.token,
      body: { emailVerificationCode: code },
    });
    expect(verify.body).toEqual({ status: "Verified", message: "Your email has been verified." });
    const verified = await call(shop, "GET", "/customer", { token: res.body.token });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      firstName: "Yasmine",
      lastName: "El Idrissi",
      email: "yasmine.idrissi@example.test",
      emailVerified: true,
    });
  });

  it("refuses an email that already has an account, whatever its case, and changes nothing", async () => {
    const before = await accountRows(shop);
    const res = await call(shop, "POST", "/auth/signup", { body: { ...signup, email: "  DEMO@Shop.Test" } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: "fail",
      message: EMAIL_TAKEN,
      errors: [{ field: "email", message: EMAIL_TAKEN }],
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await accountRows(shop)).toEqual(before);
  });

  const long = "x".repeat(17);
  it.each<BadInput>([
    ["firstName missing", without(signup, "firstName"), "firstName", "First name is required."],
    ["firstName empty", { ...signup, firstName: "" }, "firstName", "First name is required."],
    ["firstName blank", { ...signup, firstName: "   " }, "firstName", "First name is required."],
    ["firstName null", { ...signup, firstName: null }, "firstName", "First name is required."],
    ["firstName a number", { ...signup, firstName: 123 }, "firstName", "First name is required."],
    ["firstName an object", { ...signup, firstName: { a: 1 } }, "firstName", "First name is required."],
    [
      "firstName of 2",
      { ...signup, firstName: "Al" },
      "firstName",
      "First name should be at least 3 characters.",
    ],
    [
      "firstName of 17",
      { ...signup, firstName: long },
      "firstName",
      "First name should be at most 16 characters.",
    ],
    ["lastName missing", without(signup, "lastName"), "lastName", "Last name is required."],
    ["lastName a number", { ...signup, lastName: 7 }, "lastName", "Last name is required."],
    ["lastName of 1", { ...signup, lastName: "H" }, "lastName", "Last name should be at least 2 characters."],
    [
      "lastName of 17",
      { ...signup, lastName: long },
      "lastName",
      "Last name should be at most 16 characters.",
    ],
    ["email missing", without(signup, "email"), "email", "Email is required."],
    ["email blank", { ...signup, email: "  " }, "email", "Email is required."],
    ["email a number", { ...signup, email: 5 }, "email", "Email is required."],
    ["email invalid", { ...signup, email: "not-an-email" }, "email", "Please enter a valid email."],
    ["email without domain", { ...signup, email: "amina@" }, "email", "Please enter a valid email."],
    [
      "email too long",
      { ...signup, email: `${"a".repeat(250)}@example.test` },
      "email",
      "Please enter a valid email.",
    ],
    ["password missing", without(signup, "password"), "password", "Password is required."],
    [
      "password a number",
      { ...signup, password: 12345678, confirmPassword: "12345678" },
      "password",
      "Password is required.",
    ],
    [
      "password of 7",
      { ...signup, password: "1234567", confirmPassword: "1234567" },
      "password",
      "Password should be at least 8 characters.",
    ],
    [
      "password of 129",
      { ...signup, password: "p".repeat(129), confirmPassword: "p".repeat(129) },
      "password",
      "Password should be at most 128 characters.",
    ],
    [
      "confirmPassword missing",
      without(signup, "confirmPassword"),
      "confirmPassword",
      "Please confirm your password.",
    ],
    [
      "confirmPassword a number",
      { ...signup, confirmPassword: 1 },
      "confirmPassword",
      "Please confirm your password.",
    ],
    [
      "confirmPassword different",
      { ...signup, confirmPassword: "long-enougH" },
      "confirmPassword",
      "Passwords must match.",
    ],
  ])("%s → 400 naming the field", async (...input) => {
    await expectRefused("POST", "/auth/signup", input);
  });

  it("an empty body names every field with its required message", async () => {
    const res = await call(shop, "POST", "/auth/signup", { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("First name is required.");
    for (const issue of [
      { field: "firstName", message: "First name is required." },
      { field: "lastName", message: "Last name is required." },
      { field: "email", message: "Email is required." },
      { field: "password", message: "Password is required." },
      { field: "confirmPassword", message: "Please confirm your password." },
    ])
      expect(res.body.errors).toContainEqual(issue);
  });

  it("refuses a body that is not a JSON object", async () => {
    await expectNotAnObject("POST", "/auth/signup");
  });
});

describe("POST /api/v1/auth/login", () => {
  it("logs the demo customer in: token in the body and the session cookie", async () => {
    const res = await call(shop, "POST", "/auth/login", {
      body: { email: DEMO.email, password: DEMO.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "Success", message: "You are logged in.", token: expect.any(String) });
    expectContract(tokenResponse, res.body);
    const cookie = sessionCookie(res.headers);
    expect(cookie?.value).toBe(res.body.token);
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(["path=/", "httponly", "samesite=lax", `max-age=${SESSION_COOKIE_MAX_AGE}`]),
    );
    const profile = await call(shop, "GET", "/customer", { token: res.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ _id: DEMO.id, email: DEMO.email });
  });

  it("accepts the email in any case and with spaces, and carries the account's token version", async () => {
    const customer = await createCustomer(shop, { tokenVersion: 3 });
    const res = await call(shop, "POST", "/auth/login", {
      body: { email: `  ${customer.email.toUpperCase()} `, password: FIXTURE_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await call(shop, "GET", "/customer", { token: res.body.token })).status).toBe(200);
  });

  it("logs an unverified customer in; customer pages then ask for the verification", async () => {
    const customer = await createCustomer(shop, { verified: false });
    const res = await call(shop, "POST", "/auth/login", {
      body: { email: customer.email, password: FIXTURE_PASSWORD },
    });
    expect(res.status).toBe(200);
    const profile = await call(shop, "GET", "/customer", { token: res.body.token });
    expect(profile.status).toBe(403);
    expect(profile.body.message).toMatch(/^Your email is not verified/);
  });

  it("answers a wrong password and an unknown email with the same 401, and sets no cookie", async () => {
    const wrongPassword = await call(shop, "POST", "/auth/login", {
      body: { email: DEMO.email, password: "demo12346" },
    });
    const unknownEmail = await call(shop, "POST", "/auth/login", {
      body: { email: "nobody@example.test", password: DEMO.password },
    });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: "fail", message: WRONG_CREDENTIALS });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  const login = { email: DEMO.email, password: DEMO.password };
  it.each<BadInput>([
    ["email missing", without(login, "email"), "email", "Email is required."],
    ["email empty", { ...login, email: "" }, "email", "Email is required."],
    ["email a number", { ...login, email: 1 }, "email", "Email is required."],
    ["email an array", { ...login, email: [DEMO.email] }, "email", "Email is required."],
    ["email invalid", { ...login, email: "demo.shop.test" }, "email", "Please enter a valid email."],
    ["password missing", without(login, "password"), "password", "Password is required."],
    ["password empty", { ...login, password: "" }, "password", "Password is required."],
    ["password a number", { ...login, password: 12345678 }, "password", "Password is required."],
    [
      "password of 129",
      { ...login, password: "p".repeat(129) },
      "password",
      "Password should be at most 128 characters.",
    ],
  ])("%s → 400 naming the field", async (...input) => {
    await expectRefused("POST", "/auth/login", input);
  });

  it("refuses a body that is not a JSON object", async () => {
    await expectNotAnObject("POST", "/auth/login");
  });
});

describe("POST /api/v1/auth/forgotPassword", () => {
  it("mails a reset code to a known email", async () => {
    const customer = await createCustomer(shop);
    const res = await call(shop, "POST", "/auth/forgotPassword", {
      body: { email: customer.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "Success", message: RESET_CODE_SENT });
    expectContract(messageResponse, res.body);
    expect(RESET_CODE_SENT).toBe(
      "If an account exists for this email, a password reset code has been sent to it. The code expires in 10 minutes.",
    );
    const messages = await outbox(shop, customer.email);
    expect(messages).toHaveLength(1);
    const code = await latestCode(shop, customer.email);
    expect(messages[0]).toMatchObject({
      channel: "email",
      subject: `Your shop password reset code: ${code}`,
    });
    expect(messages[0]!.html).toContain(code);
  });

  it("answers an unknown email exactly the same and sends nothing", async () => {
    const known = await call(shop, "POST", "/auth/forgotPassword", { body: { email: DEMO.email } });
    const before = await accountRows(shop);
    const unknown = await call(shop, "POST", "/auth/forgotPassword", {
      body: { email: "nobody@example.test" },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await outbox(shop, "nobody@example.test")).toEqual([]);
    expect(await accountRows(shop)).toEqual(before);
  });

  it("does not mail a second code within a minute; the first stays good", async () => {
    const customer = await createCustomer(shop);
    await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    const first = await latestCode(shop, customer.email);
    clock.advance(59 * SECOND);
    const again = await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: "Success", message: RESET_CODE_SENT });
    expect(await outbox(shop, customer.email)).toHaveLength(1);

    const res = await call(shop, "PUT", "/auth/passwordResetCode", {
      body: { passwordResetCode: first, newPassword: "new-password-1", confirmNewPassword: "new-password-1" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "Success",
      message: "Your password has been changed.",
      token: expect.any(String),
    });
    const login = await call(shop, "POST", "/auth/login", {
      body: { email: customer.email, password: "new-password-1" },
    });
    expect(login.status).toBe(200);
  });

  it("after a minute mails a new code that replaces the old one", async () => {
    const customer = await createCustomer(shop);
    await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    const first = await latestCode(shop, customer.email);
    clock.advance(61 * SECOND);
    const res = await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    expect(res.body).toEqual({ status: "Success", message: RESET_CODE_SENT });
    expect(await outbox(shop, customer.email)).toHaveLength(2);
    let second = await latestCode(shop, customer.email);
    // Two random codes are the same one time in a million: ask again until the old one is another code.
    while (second === first) {
      clock.advance(61 * SECOND);
      await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
      second = await latestCode(shop, customer.email);
    }
    const before = await customerRow(shop, customer.id);
    const wrong = "The password reset code is incorrect or has expired.";
    for (const email of [customer.email, undefined]) {
      const old = await call(shop, "PUT", "/auth/passwordResetCode", {
        body: {
          passwordResetCode: first,
          newPassword: "new-password-1",
          confirmNewPassword: "new-password-1",
          email,
        },
      });
      expect(old.status, String(email)).toBe(400);
      expect(old.body).toEqual({
        status: "fail",
        message: wrong,
        errors: [{ field: "passwordResetCode", message: wrong }],
      });
    }
    expect(await customerRow(shop, customer.id)).toEqual(before);
    const reset = await call(shop, "PUT", "/auth/passwordResetCode", {
      body: {
        passwordResetCode: second,
        newPassword: "new-password-1",
        confirmNewPassword: "new-password-1",
      },
    });
    expect(reset.status).toBe(200);
  });

  it("mails at most five codes an hour, silently", async () => {
    const customer = await createCustomer(shop);
    for (let i = 0; i < 6; i++) {
      const res = await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
      expect(res.body).toEqual({ status: "Success", message: RESET_CODE_SENT });
      clock.advance(61 * SECOND);
    }
    expect(await outbox(shop, customer.email)).toHaveLength(5);
    clock.advance(55 * MINUTE); // an hour after the first
    await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    expect(await outbox(shop, customer.email)).toHaveLength(6);
  });

  it.each<BadInput>([
    ["email missing", {}, "email", "Email is required."],
    ["email blank", { email: " " }, "email", "Email is required."],
    ["email a number", { email: 42 }, "email", "Email is required."],
    ["email invalid", { email: "demo@" }, "email", "Please provide a valid email address."],
    [
      "email too long",
      { email: `${"a".repeat(250)}@shop.test` },
      "email",
      "Please provide a valid email address.",
    ],
  ])("%s → 400 naming the field", async (...input) => {
    await expectRefused("POST", "/auth/forgotPassword", input);
  });

  it("refuses a body that is not a JSON object", async () => {
    await expectNotAnObject("POST", "/auth/forgotPassword");
  });
});

describe("PUT /api/v1/auth/passwordResetCode", () => {
  const reset = (code: string, extra: Record<string, unknown> = {}) => ({
    passwordResetCode: code,
    newPassword: "brand-new-pass",
    confirmNewPassword: "brand-new-pass",
    ...extra,
  });

  async function requestCode(email: string) {
    const res = await call(shop, "POST", "/auth/forgotPassword", { body: { email } });
    expect(res.status).toBe(200);
    return latestCode(shop, email);
  }

  it("with the email: sets the password, ends older sessions, verifies the email and logs in", async () => {
    const customer = await createCustomer(shop, { verified: false });
    const code = await requestCode(customer.email);
    const before = await customerRow(shop, customer.id);

    const res = await call(shop, "PUT", "/auth/passwordResetCode", {
      body: reset(code, { email: customer.email }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "Success",
      message: "Your password has been changed.",
      token: expect.any(String),
    });
    expectContract(tokenResponse, res.body);
    expect(sessionCookie(res.headers)?.value).toBe(res.body.token);

    const after = await customerRow(shop, customer.id);
    expect(after!.token_version).toBe(before!.token_version + 1);
    expect(after!.password_hash).not.toBe(before!.password_hash);
    expect(after!.email_verified_at).not.toBeNull();

    const old = await call(shop, "GET", "/customer", { token: customer.token });
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ status: "fail", message: INVALID_SESSION });
    const fresh = await call(shop, "GET", "/customer", { token: res.body.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.emailVerified).toBe(true);

    const withNew = await call(shop, "POST", "/auth/login", {
      body: { email: customer.email, password: "brand-new-pass" },
    });
    expect(withNew.status).toBe(200);
    const withOld = await call(shop, "POST", "/auth/login", {
      body: { email: customer.email, password: FIXTURE_PASSWORD },
    });
    expect(withOld.status).toBe(401);
  });

  it("without the email (the spec's payload): the code alone names the account", async () => {
    const customer = await createCustomer(shop);
    const code = await requestCode(customer.email);
    const res = await call(shop, "PUT", "/auth/passwordResetCode", { body: reset(code) });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("Success");
    expect((await customerRow(shop, customer.id))!.token_version).toBe(1);
    expect((await call(shop, "GET", "/customer", { token: res.body.token })).status).toBe(200);
    expect((await call(shop, "GET", "/customer", { token: customer.token })).status).toBe(401);
  });

  it("counts wrong codes: the fifth uses the code up, and then even the right one fails", async () => {
    const customer = await createCustomer(shop);
    const code = await requestCode(customer.email);
    const before = await customerRow(shop, customer.id);
    const wrong = "The password reset code is incorrect or has expired.";
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await call(shop, "PUT", "/auth/passwordResetCode", {
        body: reset(otherCode(code), { email: customer.email }),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: "fail",
        message: wrong,
        errors: [{ field: "passwordResetCode", message: wrong }],
      });
      const [row] = await shop.rows<{ attempts: number }>(
        sql`SELECT attempts FROM one_time_codes WHERE customer_id = ${customer.id} AND purpose = 'reset_password'`,
      );
      expect(row!.attempts).toBe(attempt);
    }
    const exhausted = "Too many wrong attempts. Please request a new password reset code.";
    const fifth = await call(shop, "PUT", "/auth/passwordResetCode", {
      body: reset(otherCode(code), { email: customer.email }),
    });
    expect(fifth.status).toBe(400);
    expect(fifth.body).toEqual({
      status: "fail",
      message: exhausted,
      errors: [{ field: "passwordResetCode", message: exhausted }],
    });
    for (const body of [reset(code, { email: customer.email }), reset(code)]) {
      const right = await call(shop, "PUT", "/auth/passwordResetCode", { body });
      expect(right.status).toBe(400);
    }
    expect(await customerRow(shop, customer.id)).toEqual(before);

    // A new code can be asked for at once and works.
    const fresh = await requestCode(customer.email);
    const res = await call(shop, "PUT", "/auth/passwordResetCode", {
      body: reset(fresh, { email: customer.email }),
    });
    expect(res.status).toBe(200);
  });

  it("a code is good for ten minutes, not a moment longer", async () => {
    const early = await createCustomer(shop);
    const late = await createCustomer(shop);
    const earlyCode = await requestCode(early.email);
    const lateCode = await requestCode(late.email);
    clock.advance(10 * MINUTE - SECOND);
    const inTime = await call(shop, "PUT", "/auth/passwordResetCode", { body: reset(earlyCode) });
    expect(inTime.status).toBe(200);

    clock.advance(SECOND);
    const before = await customerRow(shop, late.id);
    const expired = "The password reset code has expired. Please request a new one.";
    const withEmail = await call(shop, "PUT", "/auth/passwordResetCode", {
      body: reset(lateCode, { email: late.email }),
    });
    expect(withEmail.status).toBe(400);
    expect(withEmail.body).toEqual({
      status: "fail",
      message: expired,
      errors: [{ field: "passwordResetCode", message: expired }],
    });
    const alone = await call(shop, "PUT", "/auth/passwordResetCode", { body: reset(lateCode) });
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe("The password reset code is incorrect or has expired.");
    expect(await customerRow(shop, late.id)).toEqual(before);
  });

  it("a used code cannot be used again, with or without the email", async () => {
    const customer = await createCustomer(shop);
    const code = await requestCode(customer.email);
    expect((await call(shop, "PUT", "/auth/passwordResetCode", { body: reset(code) })).status).toBe(200);
    const before = await customerRow(shop, customer.id);
    for (const body of [reset(code), reset(code, { email: customer.email })]) {
      const again = await call(shop, "PUT", "/auth/passwordResetCode", { body });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe("The password reset code is incorrect or has expired.");
    }
    expect(await customerRow(shop, customer.id)).toEqual(before);
  });

  it("a code with another account's email, or an unknown email, is just a wrong code", async () => {
    const customer = await createCustomer(shop);
    const other = await createCustomer(shop);
    const code = await requestCode(customer.email);
    const before = await accountRows(shop);
    for (const email of [other.email, "nobody@example.test"]) {
      const res = await call(shop, "PUT", "/auth/passwordResetCode", { body: reset(code, { email }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("The password reset code is incorrect or has expired.");
    }
    expect((await accountRows(shop)).customers).toEqual(before.customers);
    // The code is still good for its own account.
    const res = await call(shop, "PUT", "/auth/passwordResetCode", {
      body: reset(code, { email: customer.email }),
    });
    expect(res.status).toBe(200);
  });

  const body = reset("123456");
  it.each<BadInput>([
    [
      "code missing",
      without(body, "passwordResetCode"),
      "passwordResetCode",
      "Password reset code is required.",
    ],
    [
      "code empty",
      { ...body, passwordResetCode: "" },
      "passwordResetCode",
      "Password reset code is required.",
    ],
    [
      "code a number",
      { ...body, passwordResetCode: 123456 },
      "passwordResetCode",
      "Password reset code is required.",
    ],
    [
      "code of 5 digits",
      { ...body, passwordResetCode: "12345" },
      "passwordResetCode",
      "Password reset code must be exactly 6 digits.",
    ],
    [
      "code of 7 digits",
      { ...body, passwordResetCode: "1234567" },
      "passwordResetCode",
      "Password reset code must be exactly 6 digits.",
    ],
    [
      "code with letters",
      { ...body, passwordResetCode: "12a456" },
      "passwordResetCode",
      "Password reset code must be exactly 6 digits.",
    ],
    [
      "code with spaces",
      { ...body, passwordResetCode: " 12345" },
      "passwordResetCode",
      "Password reset code must be exactly 6 digits.",
    ],
    ["newPassword missing", without(body, "newPassword"), "newPassword", "New password is required."],
    ["newPassword a number", { ...body, newPassword: 12345678 }, "newPassword", "New password is required."],
    [
      "newPassword of 7",
      { ...body, newPassword: "1234567", confirmNewPassword: "1234567" },
      "newPassword",
      "New password must be at least 8 characters.",
    ],
    [
      "newPassword of 129",
      { ...body, newPassword: "n".repeat(129), confirmNewPassword: "n".repeat(129) },
      "newPassword",
      "New password must be at most 128 characters.",
    ],
    [
      "confirmNewPassword missing",
      without(body, "confirmNewPassword"),
      "confirmNewPassword",
      "Confirm password is required.",
    ],
    [
      "confirmNewPassword a number",
      { ...body, confirmNewPassword: 5 },
      "confirmNewPassword",
      "Confirm password is required.",
    ],
    [
      "confirmNewPassword different",
      { ...body, confirmNewPassword: "brand-new-pasS" },
      "confirmNewPassword",
      "Passwords must match.",
    ],
    ["email invalid", { ...body, email: "demo-at-shop" }, "email", "Please provide a valid email address."],
    ["email a number", { ...body, email: 3 }, "email", "Email is required."],
  ])("%s → 400 naming the field", async (...input) => {
    await expectRefused("PUT", "/auth/passwordResetCode", input);
  });

  it("refuses a body that is not a JSON object", async () => {
    await expectNotAnObject("PUT", "/auth/passwordResetCode");
  });
});

describe("log-in from another site's page (login CSRF)", () => {
  it("POST /api/v1/auth/login from a foreign origin sets no session cookie", async () => {
    const customer = await createCustomer(shop);
    const body = { email: customer.email, password: FIXTURE_PASSWORD };
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      // A form on another site can post this (text/plain JSON) and would sign the visitor in as the attacker.
      const res = await call(shop, "POST", "/auth/login", { headers, body });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // The shop's own pages, and API clients, still get it.
    const own: Record<string, string>[] = [
      { origin: "http://localhost" },
      { "sec-fetch-site": "same-origin" },
      {},
    ];
    for (const headers of own) {
      const res = await call(shop, "POST", "/auth/login", { headers, body });
      expect(sessionCookie(res.headers)?.value).toBe(res.body.token);
    }
  });
});

describe("POST /api/v1/auth/logout", () => {
  it("clears the session cookie", async () => {
    const res = await call(shop, "POST", "/auth/logout", { cookie: await sessionToken(DEMO.id) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "Success", message: "You are logged out." });
    expectContract(messageResponse, res.body);
    const cookie = sessionCookie(res.headers);
    expect(cookie?.value).toBe("");
    expect(cookie?.attributes).toEqual(expect.arrayContaining(["path=/", "max-age=0"]));
  });
});
