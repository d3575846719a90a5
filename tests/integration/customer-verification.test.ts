import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  accountErrorResponse,
  PHONE_ADD_FAILED,
  PHONE_ALREADY_SAVED,
  PHONE_ERROR_MESSAGES,
  phoneCodeConfirmedResponse,
  phoneCodeSentResponse,
  phoneNumbersChangedResponse,
  verificationStatusResponse,
} from "#contract/accounts.ts";
import {
  accountRows,
  call,
  createClock,
  createCustomer,
  customerRow,
  DEMO,
  expectContract,
  HOUR,
  insertPhoneNumber,
  latestCode,
  MINUTE,
  otherCode,
  outbox,
  phoneIdToken,
  SECOND,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

const sentMessage = (email: string) =>
  `A verification code has been sent to ${email}. It expires in 10 minutes.`;

async function codeRow(customerId: string, purpose: string) {
  const [row] = await shop.rows<{ attempts: number; target: string }>(
    sql`SELECT attempts, target FROM one_time_codes WHERE customer_id = ${customerId} AND purpose = ${purpose}`,
  );
  return row;
}

/** A 400 naming the field, first in `errors`; nothing written. */
async function expectFieldRefused(
  method: string,
  path: string,
  token: string,
  body: unknown,
  field: string,
  message: string,
) {
  const before = await accountRows(shop);
  const res = await call(shop, method, path, { token, body });
  expect(res.status).toBe(400);
  expect(res.body.status).toBe("fail");
  expect(res.body.message).toBe(message);
  expect(res.body.errors[0]).toEqual({ field, message });
  expectContract(accountErrorResponse, res.body);
  expect(await accountRows(shop)).toEqual(before);
}

async function expectNotAnObject(method: string, path: string, token: string) {
  const before = await accountRows(shop);
  for (const [rawBody, message] of [
    ["{oops", "The request body must be valid JSON."],
    ["[]", "The request body must be a JSON object."],
    ['["123456"]', "The request body must be a JSON object."],
    ["null", "The request body must be a JSON object."],
    ["true", "The request body must be a JSON object."],
  ] as const) {
    const res = await call(shop, method, path, { token, rawBody });
    expect(res.status, rawBody).toBe(400);
    expect(res.body).toEqual({ status: "fail", message });
  }
  expect(await accountRows(shop)).toEqual(before);
}

describe("GET /api/v1/customer/verify-email", () => {
  it("mails a verification code to an unverified customer", async () => {
    const customer = await createCustomer(shop, { verified: false, firstName: "Omar" });
    const res = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "Success", message: sentMessage(customer.email) });
    expectContract(verificationStatusResponse, res.body);
    const [mail, ...older] = await outbox(shop, customer.email);
    expect(older).toEqual([]);
    const code = await latestCode(shop, customer.email);
    expect(mail).toMatchObject({
      channel: "email",
      to: customer.email,
      subject: `Your shop verification code: ${code}`,
    });
    expect(mail!.text).toContain("Hello Omar,");
    expect(mail!.text).toContain(code);
    expect(mail!.text).toContain("The code expires in 10 minutes.");
    expect(mail!.html).toContain(`>${code}</p>`);
  });

  it("puts the customer's name into the HTML part as text, never as markup", async () => {
    const customer = await createCustomer(shop, { verified: false, firstName: "<b>Ali</b>&co" });
    await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    const [mail] = await outbox(shop, customer.email);
    expect(mail!.html).toContain("Hello &lt;b&gt;Ali&lt;/b&gt;&amp;co,");
    expect(mail!.html).not.toContain("<b>Ali");
    expect(mail!.text).toContain("Hello <b>Ali</b>&co,");
  });

  it("says Verified, and mails nothing, when the email is verified already", async () => {
    const customer = await createCustomer(shop);
    const res = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "Verified", message: "Your email is already verified." });
    expect(await outbox(shop, customer.email)).toEqual([]);
  });

  it("opening the page again within a minute mails nothing new; the first code stays good", async () => {
    const customer = await createCustomer(shop, { verified: false });
    await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    const code = await latestCode(shop, customer.email);
    clock.advance(59 * SECOND);
    const again = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: "Success", message: sentMessage(customer.email) });
    expect(await outbox(shop, customer.email)).toHaveLength(1);
    const verify = await call(shop, "POST", "/customer/verify-email", {
      token: customer.token,
      body: { emailVerificationCode: code },
    });
    expect(verify.body.status).toBe("Verified");
  });

  it("after a minute mails a new code that replaces the old one", async () => {
    const customer = await createCustomer(shop, { verified: false });
    await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    const first = await latestCode(shop, customer.email);
    clock.advance(61 * SECOND);
    const res = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(res.status).toBe(200);
    expect(await outbox(shop, customer.email)).toHaveLength(2);
    let second = await latestCode(shop, customer.email);
    // Two random codes are the same one time in a million: ask again until the old one is another code.
    while (second === first) {
      clock.advance(61 * SECOND);
      const resent = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
      expect(resent.status).toBe(200);
      second = await latestCode(shop, customer.email);
    }
    const wrong = "The verification code is incorrect. Please try again.";
    const old = await call(shop, "POST", "/customer/verify-email", {
      token: customer.token,
      body: { emailVerificationCode: first },
    });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({
      status: "fail",
      message: wrong,
      errors: [{ field: "emailVerificationCode", message: wrong }],
    });
    expect((await customerRow(shop, customer.id))!.email_verified_at).toBeNull();
    const verified = await call(shop, "POST", "/customer/verify-email", {
      token: customer.token,
      body: { emailVerificationCode: second },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ status: "Verified", message: "Your email has been verified." });
  });

  it("mails at most five codes an hour, then answers 429 until the hour is over", async () => {
    const customer = await createCustomer(shop, { verified: false });
    for (let i = 0; i < 5; i++) {
      const res = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
      expect(res.status).toBe(200);
      clock.advance(61 * SECOND);
    }
    const refused = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      status: "fail",
      message: "Too many verification codes requested. Please try again in an hour.",
    });
    expect(await outbox(shop, customer.email)).toHaveLength(5);
    clock.advance(HOUR - 5 * 61 * SECOND);
    const later = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(later.status).toBe(200);
    expect(await outbox(shop, customer.email)).toHaveLength(6);
  });
});

describe("POST /api/v1/customer/verify-email", () => {
  async function requestCode(customer: TestCustomer) {
    const res = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(res.status).toBe(200);
    return latestCode(shop, customer.email);
  }
  const verify = (customer: TestCustomer, code: string) =>
    call(shop, "POST", "/customer/verify-email", {
      token: customer.token,
      body: { emailVerificationCode: code },
    });

  it("the right code verifies the email and opens the customer pages", async () => {
    const customer = await createCustomer(shop, { verified: false });
    const code = await requestCode(customer);
    const res = await verify(customer, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "Verified", message: "Your email has been verified." });
    expectContract(verificationStatusResponse, res.body);
    const row = await customerRow(shop, customer.id);
    expect(new Date(row!.email_verified_at!).toISOString()).toBe(clock.now().toISOString());
    expect(await codeRow(customer.id, "verify_email")).toBeUndefined();
    expect((await call(shop, "GET", "/customer", { token: customer.token })).status).toBe(200);
    // Sending it again changes nothing: the email is verified.
    const again = await verify(customer, code);
    expect(again.body).toEqual({ status: "Verified", message: "Your email is already verified." });
  });

  it("counts wrong codes: the fifth uses the code up, then even the right code fails", async () => {
    const customer = await createCustomer(shop, { verified: false });
    const code = await requestCode(customer);
    const wrong = "The verification code is incorrect. Please try again.";
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await verify(customer, otherCode(code));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: "fail",
        message: wrong,
        errors: [{ field: "emailVerificationCode", message: wrong }],
      });
      expect((await codeRow(customer.id, "verify_email"))!.attempts).toBe(attempt);
    }
    const exhausted = "Too many wrong attempts. Please request a new verification code.";
    for (const guess of [otherCode(code), code]) {
      const res = await verify(customer, guess);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: "fail",
        message: exhausted,
        errors: [{ field: "emailVerificationCode", message: exhausted }],
      });
    }
    expect((await customerRow(shop, customer.id))!.email_verified_at).toBeNull();
    // A used-up code does not hold back a new one, even within the minute.
    const fresh = await requestCode(customer);
    expect(await outbox(shop, customer.email)).toHaveLength(2);
    expect((await verify(customer, fresh)).body.status).toBe("Verified");
  });

  it("a code is good for ten minutes", async () => {
    const early = await createCustomer(shop, { verified: false });
    const late = await createCustomer(shop, { verified: false });
    const earlyCode = await requestCode(early);
    const lateCode = await requestCode(late);
    clock.advance(10 * MINUTE - SECOND);
    expect((await verify(early, earlyCode)).body.status).toBe("Verified");
    clock.advance(SECOND);
    const expired = "The verification code has expired. Please request a new one.";
    const res = await verify(late, lateCode);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: "fail",
      message: expired,
      errors: [{ field: "emailVerificationCode", message: expired }],
    });
    expect((await customerRow(shop, late.id))!.email_verified_at).toBeNull();
  });

  it("without a code asked for, says to ask for one", async () => {
    const customer = await createCustomer(shop, { verified: false });
    const res = await verify(customer, "123456");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "There is no verification code for your account. Please request a new one.",
    );
  });

  it("another customer's code does not verify this customer", async () => {
    const customer = await createCustomer(shop, { verified: false });
    const other = await createCustomer(shop, { verified: false });
    const ownCode = await requestCode(customer);
    let othersCode = await requestCode(other);
    // Two random codes are the same one time in a million, and then the other's code is this
    // customer's right code: ask again until it is another code.
    while (othersCode === ownCode) {
      clock.advance(61 * SECOND);
      othersCode = await requestCode(other);
    }
    const res = await verify(customer, othersCode);
    const wrong = "The verification code is incorrect. Please try again.";
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: "fail",
      message: wrong,
      errors: [{ field: "emailVerificationCode", message: wrong }],
    });
    expect((await customerRow(shop, customer.id))!.email_verified_at).toBeNull();
    expect((await codeRow(customer.id, "verify_email"))!.attempts).toBe(1);
    expect((await codeRow(other.id, "verify_email"))!.attempts).toBe(0);
    expect((await customerRow(shop, other.id))!.email_verified_at).toBeNull();
  });

  it.each([
    ["missing", {}, "Verification code is required."],
    ["empty", { emailVerificationCode: "" }, "Verification code is required."],
    ["null", { emailVerificationCode: null }, "Verification code is required."],
    ["a number", { emailVerificationCode: 123456 }, "Verification code is required."],
    ["5 digits", { emailVerificationCode: "12345" }, "Verification code must be exactly 6 digits."],
    ["7 digits", { emailVerificationCode: "1234567" }, "Verification code must be exactly 6 digits."],
    ["letters", { emailVerificationCode: "12345a" }, "Verification code must be exactly 6 digits."],
    ["padded", { emailVerificationCode: "123456 " }, "Verification code must be exactly 6 digits."],
  ])("code %s → 400 naming the field", async (_name, body, message) => {
    const customer = await createCustomer(shop, { verified: false });
    await requestCode(customer);
    await expectFieldRefused(
      "POST",
      "/customer/verify-email",
      customer.token,
      body,
      "emailVerificationCode",
      message,
    );
    expect((await codeRow(customer.id, "verify_email"))!.attempts).toBe(0);
  });

  it("refuses a body that is not a JSON object", async () => {
    const customer = await createCustomer(shop, { verified: false });
    await expectNotAnObject("POST", "/customer/verify-email", customer.token);
  });
});

const MOROCCAN = "+212612345678";

describe("POST /api/v1/customer/phone-verification/send-code", () => {
  it("texts a code to the number in international form and returns a verification id", async () => {
    const customer = await createCustomer(shop, { verified: false });
    const res = await call(shop, "POST", "/customer/phone-verification/send-code", {
      token: customer.token,
      body: { phoneNumber: "+212 6 12-34-56-78" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "Success",
      message: `A verification code has been sent to ${MOROCCAN}.`,
      verificationId: expect.any(String),
      phoneNumber: MOROCCAN,
    });
    expectContract(phoneCodeSentResponse, res.body);
    const [sms, ...older] = await outbox(shop, MOROCCAN);
    expect(older).toEqual([]);
    const code = await latestCode(shop, MOROCCAN);
    expect(sms).toMatchObject({
      channel: "sms",
      to: MOROCCAN,
      subject: "",
      text: `${code} is your shop verification code. It expires in 10 minutes.`,
    });
    expect(await codeRow(customer.id, "verify_phone")).toMatchObject({ target: MOROCCAN, attempts: 0 });
  });

  it.each(["12345", "+212 12", "hello", "+999 123456789", "+2126123456789999"])(
    "%s → 400 invalid-phone-number",
    async (phoneNumber) => {
      const customer = await createCustomer(shop);
      const before = await accountRows(shop);
      const res = await call(shop, "POST", "/customer/phone-verification/send-code", {
        token: customer.token,
        body: { phoneNumber },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: "fail",
        code: "invalid-phone-number",
        message: "The phone number is invalid or incorrectly formatted.",
      });
      expectContract(accountErrorResponse, res.body);
      expect(await accountRows(shop)).toEqual(before);
    },
  );

  it("a blank number → 400 missing-phone-number", async () => {
    const customer = await createCustomer(shop);
    const res = await call(shop, "POST", "/customer/phone-verification/send-code", {
      token: customer.token,
      body: { phoneNumber: "   " },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: "fail",
      code: "missing-phone-number",
      message: PHONE_ERROR_MESSAGES["missing-phone-number"],
    });
  });

  it.each([
    ["missing", {}, "Phone number is required."],
    ["empty", { phoneNumber: "" }, "Phone number is required."],
    ["a number", { phoneNumber: 212612345678 }, "Phone number is required."],
    [
      "too long",
      { phoneNumber: `+212${"6".repeat(40)}` },
      "The phone number is invalid or incorrectly formatted.",
    ],
  ])("phoneNumber %s → 400 naming the field", async (_name, body, message) => {
    const customer = await createCustomer(shop);
    await expectFieldRefused(
      "POST",
      "/customer/phone-verification/send-code",
      customer.token,
      body,
      "phoneNumber",
      message,
    );
  });

  it("texts a number at most five times an hour", async () => {
    const customer = await createCustomer(shop);
    const number = "+212612345670";
    for (let i = 0; i < 5; i++) {
      const res = await call(shop, "POST", "/customer/phone-verification/send-code", {
        token: customer.token,
        body: { phoneNumber: number },
      });
      expect(res.status).toBe(200);
      clock.advance(61 * SECOND);
    }
    const refused = await call(shop, "POST", "/customer/phone-verification/send-code", {
      token: customer.token,
      body: { phoneNumber: number },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      status: "fail",
      code: "too-many-requests",
      message: "Too many attempts. Please wait and try again later.",
    });
    expect(await outbox(shop, number)).toHaveLength(5);
  });

  it("within a minute sends no second text, and the first code still works", async () => {
    const customer = await createCustomer(shop);
    const number = "+212612345671";
    const first = await call(shop, "POST", "/customer/phone-verification/send-code", {
      token: customer.token,
      body: { phoneNumber: number },
    });
    const code = await latestCode(shop, number);
    clock.advance(30 * SECOND);
    const second = await call(shop, "POST", "/customer/phone-verification/send-code", {
      token: customer.token,
      body: { phoneNumber: number },
    });
    expect(second.status).toBe(200);
    expect(await outbox(shop, number)).toHaveLength(1);
    const confirm = await call(shop, "POST", "/customer/phone-verification/confirm-code", {
      token: customer.token,
      body: { verificationId: first.body.verificationId, code },
    });
    expect(confirm.status).toBe(200);
  });
});

describe("POST /api/v1/customer/phone-verification/confirm-code", () => {
  async function sendCode(customer: TestCustomer, phoneNumber = MOROCCAN) {
    const res = await call(shop, "POST", "/customer/phone-verification/send-code", {
      token: customer.token,
      body: { phoneNumber },
    });
    expect(res.status).toBe(200);
    return { verificationId: res.body.verificationId as string, code: await latestCode(shop, phoneNumber) };
  }
  const confirm = (customer: TestCustomer, body: unknown) =>
    call(shop, "POST", "/customer/phone-verification/confirm-code", { token: customer.token, body });

  it("the right code gives an ID token that saves the number (unverified email is fine)", async () => {
    const customer = await createCustomer(shop, { verified: false });
    const res0 = await call(shop, "POST", "/customer/phone-verification/send-code", {
      token: customer.token,
      body: { phoneNumber: "+212 612345672" },
    });
    const { verificationId } = res0.body;
    const code = await latestCode(shop, "+212612345672");
    const res = await confirm(customer, { verificationId, code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "Success",
      message: "Phone number verified successfully",
      idToken: expect.any(String),
      phoneNumber: "+212612345672",
    });
    expectContract(phoneCodeConfirmedResponse, res.body);
    expect(await codeRow(customer.id, "verify_phone")).toBeUndefined();

    const saved = await call(shop, "POST", "/customer/phone-numbers", {
      token: customer.token,
      body: { idToken: res.body.idToken },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      status: "Success",
      message: "Phone number verified successfully",
      data: [{ _id: expect.stringMatching(/^[0-9a-f]{24}$/), phoneNumber: "+212612345672" }],
    });
    expectContract(phoneNumbersChangedResponse, saved.body);
    const rows = await shop.rows(
      sql`SELECT phone_number FROM customer_phone_numbers WHERE customer_id = ${customer.id}`,
    );
    expect(rows).toEqual([{ phone_number: "+212612345672" }]);
  });

  it("a wrong code → 400 invalid-verification-code; the fifth → too-many-requests", async () => {
    const customer = await createCustomer(shop);
    const { verificationId, code } = await sendCode(customer);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await confirm(customer, { verificationId, code: otherCode(code) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: "fail",
        code: "invalid-verification-code",
        message: "The code you entered is incorrect. Please try again.",
      });
      expect((await codeRow(customer.id, "verify_phone"))!.attempts).toBe(attempt);
    }
    for (const guess of [otherCode(code), code]) {
      const res = await confirm(customer, { verificationId, code: guess });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        status: "fail",
        code: "too-many-requests",
        message: "Too many attempts. Please wait and try again later.",
      });
    }
  });

  it("after ten minutes → 400 code-expired", async () => {
    const customer = await createCustomer(shop);
    const { verificationId, code } = await sendCode(customer);
    clock.advance(10 * MINUTE);
    const res = await confirm(customer, { verificationId, code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: "fail",
      code: "code-expired",
      message: "The code has expired. Please request a new one.",
    });
  });

  it("an expired code under a newer verification id → 400 code-expired", async () => {
    const customer = await createCustomer(shop);
    const { code } = await sendCode(customer);
    clock.advance(30 * SECOND);
    const { verificationId } = await sendCode(customer); // within the minute: same code, new id
    clock.advance(10 * MINUTE - 30 * SECOND);
    const res = await confirm(customer, { verificationId, code });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("code-expired");
  });

  it("a used code cannot be used again → 400 code-expired", async () => {
    const customer = await createCustomer(shop);
    const { verificationId, code } = await sendCode(customer);
    expect((await confirm(customer, { verificationId, code })).status).toBe(200);
    const again = await confirm(customer, { verificationId, code });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("code-expired");
  });

  it("a tampered, foreign or made-up verification id → 400 invalid-verification-id", async () => {
    const customer = await createCustomer(shop);
    const other = await createCustomer(shop);
    const { verificationId, code } = await sendCode(customer);
    const othersId = (await sendCode(other, "+212612345679")).verificationId;
    const [header, payload, signature] = verificationId.split(".") as [string, string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, "base64url").toString()),
        phone_number: "+212699999999",
      }),
    ).toString("base64url");
    const flipped = signature.slice(0, -2) + (signature.endsWith("AA") ? "BB" : "AA");
    for (const id of [
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      othersId,
      "not-a-verification-id",
    ]) {
      const res = await confirm(customer, { verificationId: id, code });
      expect(res.status, id).toBe(400);
      expect(res.body).toEqual({
        status: "fail",
        code: "invalid-verification-id",
        message: "Invalid verification ID. Please restart the verification process.",
      });
    }
    // None of it touched the code.
    expect((await codeRow(customer.id, "verify_phone"))!.attempts).toBe(0);
    expect((await confirm(customer, { verificationId, code })).status).toBe(200);
  });

  it.each([
    [
      "verificationId missing",
      { code: "123456" },
      "verificationId",
      PHONE_ERROR_MESSAGES["invalid-verification-id"],
    ],
    [
      "verificationId a number",
      { verificationId: 1, code: "123456" },
      "verificationId",
      PHONE_ERROR_MESSAGES["invalid-verification-id"],
    ],
    ["code missing", { verificationId: "x" }, "code", "Verification Code is required."],
    ["code a number", { verificationId: "x", code: 123456 }, "code", "Verification Code is required."],
    [
      "code of 5 digits",
      { verificationId: "x", code: "12345" },
      "code",
      "Verification code must be exactly 6 digits.",
    ],
    [
      "code of 7 digits",
      { verificationId: "x", code: "1234567" },
      "code",
      "Verification code must be exactly 6 digits.",
    ],
    [
      "code with letters",
      { verificationId: "x", code: "abcdef" },
      "code",
      "Verification code must be exactly 6 digits.",
    ],
  ])("%s → 400 naming the field", async (_name, body, field, message) => {
    const customer = await createCustomer(shop);
    await expectFieldRefused(
      "POST",
      "/customer/phone-verification/confirm-code",
      customer.token,
      body,
      field,
      message,
    );
  });

  it("refuses a body that is not a JSON object", async () => {
    const customer = await createCustomer(shop);
    await expectNotAnObject("POST", "/customer/phone-verification/confirm-code", customer.token);
  });
});

describe("POST /api/v1/customer/phone-numbers", () => {
  const add = (customer: TestCustomer, idToken: unknown) =>
    call(shop, "POST", "/customer/phone-numbers", { token: customer.token, body: { idToken } });

  it("saves the number the ID token vouches for, after the ones already saved", async () => {
    const customer = await createCustomer(shop, { phoneNumbers: ["+212600000001"] });
    clock.advance(SECOND);
    const res = await add(customer, await phoneIdToken(customer.id, "+212600000002"));
    expect(res.status).toBe(201);
    expect(res.body.data.map((p: { phoneNumber: string }) => p.phoneNumber)).toEqual([
      "+212600000001",
      "+212600000002",
    ]);
  });

  it("a number already saved → 409 with the spec's message, nothing added", async () => {
    const customer = await createCustomer(shop, { phoneNumbers: [MOROCCAN] });
    const before = await accountRows(shop);
    const res = await add(customer, await phoneIdToken(customer.id, MOROCCAN));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: "fail",
      message: PHONE_ALREADY_SAVED,
      errors: [{ field: "phoneNumber", message: PHONE_ALREADY_SAVED }],
    });
    expect(PHONE_ALREADY_SAVED).toBe("This phone number already exists in your account.");
    expect(await accountRows(shop)).toEqual(before);
  });

  it("the same number may be saved by two customers", async () => {
    const customer = await createCustomer(shop);
    const res = await add(customer, await phoneIdToken(customer.id, DEMO.phoneNumber));
    expect(res.status).toBe(201);
  });

  it("another customer's ID token → 400 with the spec's generic message, nothing added", async () => {
    const customer = await createCustomer(shop);
    const other = await createCustomer(shop);
    const before = await accountRows(shop);
    const res = await add(customer, await phoneIdToken(other.id, "+212600000003"));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: "fail", code: "invalid-verification-id", message: PHONE_ADD_FAILED });
    expect(PHONE_ADD_FAILED).toBe("An error occurred while adding the phone number. Please try again.");
    expect(await accountRows(shop)).toEqual(before);
  });

  it("a forged, expired or made-up ID token → 400 with the generic message", async () => {
    const customer = await createCustomer(shop);
    const before = await accountRows(shop);
    const forged = await phoneIdToken(customer.id, "+212600000004", { secret: "another-secret-".repeat(4) });
    const early = await phoneIdToken(customer.id, "+212600000004");
    clock.advance(10 * MINUTE);
    for (const [idToken, code] of [
      [forged, "internal-error"],
      [early, "session-expired"],
      ["garbage", "internal-error"],
    ]) {
      const res = await add(customer, idToken);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: "fail", code, message: PHONE_ADD_FAILED });
    }
    expect(await accountRows(shop)).toEqual(before);
  });

  it("a session token is not an ID token", async () => {
    const customer = await createCustomer(shop);
    const res = await add(customer, customer.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PHONE_ADD_FAILED);
  });

  it("keeps at most ten numbers", async () => {
    const customer = await createCustomer(shop, {
      phoneNumbers: Array.from({ length: 10 }, (_, i) => `+21260000010${i}`),
    });
    const before = await accountRows(shop);
    const res = await add(customer, await phoneIdToken(customer.id, "+212600000200"));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: "fail", message: "You can save at most 10 phone numbers." });
    expect(await accountRows(shop)).toEqual(before);
  });

  it.each([
    ["missing", {}, "idToken is required."],
    ["empty", { idToken: "" }, "idToken is required."],
    ["a number", { idToken: 7 }, "idToken is required."],
    ["too long", { idToken: "x".repeat(8193) }, "idToken is too long."],
  ])("idToken %s → 400 naming the field", async (_name, body, message) => {
    const customer = await createCustomer(shop);
    await expectFieldRefused("POST", "/customer/phone-numbers", customer.token, body, "idToken", message);
  });

  it("refuses a body that is not a JSON object", async () => {
    const customer = await createCustomer(shop);
    await insertPhoneNumber(shop, customer.id, "+212600000300");
    await expectNotAnObject("POST", "/customer/phone-numbers", customer.token);
  });
});
