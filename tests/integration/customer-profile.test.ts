import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  type AddressBody,
  accountErrorResponse,
  addressesChangedResponse,
  addressListResponse,
  addressSavedResponse,
  phoneNumberListResponse,
  phoneNumbersChangedResponse,
  profileResponse,
} from "#contract/accounts.ts";
import { stableId } from "#db/ids.ts";
import {
  accountRows,
  call,
  createClock,
  createCustomer,
  DEMO,
  expectContract,
  insertAddress,
  insertPhoneNumber,
  SAMPLE_ADDRESS,
  SECOND,
  sessionToken,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

const ID = /^[0-9a-f]{24}$/;

describe("GET /api/v1/customer", () => {
  it("returns the demo customer's profile with its phone number and address", async () => {
    const res = await call(shop, "GET", "/customer", { token: await sessionToken(DEMO.id) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        _id: DEMO.id,
        firstName: "Demo",
        lastName: "Customer",
        email: "demo@shop.test",
        role: "customer",
        profileImage: null,
        phoneNumbers: [{ _id: stableId("phone", DEMO.id), phoneNumber: "+212600000000" }],
        addressesList: [{ _id: stableId("address", DEMO.id), ...DEMO.address }],
        emailVerified: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    });
    expectContract(profileResponse, res.body);
  });

  it("lists phone numbers and addresses oldest first; a new customer has none", async () => {
    const customer = await createCustomer(shop, { firstName: "Salma", lastName: "Benali" });
    const empty = await call(shop, "GET", "/customer", { token: customer.token });
    expect(empty.body.data).toMatchObject({
      _id: customer.id,
      firstName: "Salma",
      lastName: "Benali",
      email: customer.email,
      phoneNumbers: [],
      addressesList: [],
    });
    const first = await insertPhoneNumber(shop, customer.id, "+212600000011");
    const firstAddress = await insertAddress(shop, customer.id, SAMPLE_ADDRESS);
    clock.advance(SECOND);
    const second = await insertPhoneNumber(shop, customer.id, "+212600000012");
    const secondAddress = await insertAddress(shop, customer.id, { ...SAMPLE_ADDRESS, city: "Salé" });
    const res = await call(shop, "GET", "/customer", { token: customer.token });
    expect(res.body.data.phoneNumbers).toEqual([
      { _id: first, phoneNumber: "+212600000011" },
      { _id: second, phoneNumber: "+212600000012" },
    ]);
    expect(res.body.data.addressesList).toEqual([
      { _id: firstAddress, ...SAMPLE_ADDRESS },
      { _id: secondAddress, ...SAMPLE_ADDRESS, city: "Salé" },
    ]);
  });
});

describe("GET /api/v1/customer/phone-numbers", () => {
  it("lists the customer's own numbers, and only those", async () => {
    const customer = await createCustomer(shop, { phoneNumbers: ["+212600000021"] });
    await createCustomer(shop, { phoneNumbers: ["+212600000022"] });
    const res = await call(shop, "GET", "/customer/phone-numbers", { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: 1,
      data: [{ _id: expect.stringMatching(ID), phoneNumber: "+212600000021" }],
    });
    expectContract(phoneNumberListResponse, res.body);
  });
});

describe("DELETE /api/v1/customer/phone-numbers/:id", () => {
  it("removes the number and returns the ones left", async () => {
    const customer = await createCustomer(shop);
    const kept = await insertPhoneNumber(shop, customer.id, "+212600000031");
    clock.advance(SECOND);
    const removed = await insertPhoneNumber(shop, customer.id, "+212600000032");
    const res = await call(shop, "DELETE", `/customer/phone-numbers/${removed}`, { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "Success",
      message: "Phone number removed.",
      data: [{ _id: kept, phoneNumber: "+212600000031" }],
    });
    expectContract(phoneNumbersChangedResponse, res.body);
    const again = await call(shop, "DELETE", `/customer/phone-numbers/${removed}`, { token: customer.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ status: "fail", message: `No phone number for this ID: ${removed}` });
  });

  it("a malformed id → 400 naming it, nothing removed", async () => {
    const customer = await createCustomer(shop, { phoneNumbers: ["+212600000033"] });
    const before = await accountRows(shop);
    for (const id of ["123", "ZZZZZZZZZZZZZZZZZZZZZZZZ", `${"a".repeat(24)}x`, "' OR 1=1 --"]) {
      const res = await call(shop, "DELETE", `/customer/phone-numbers/${encodeURIComponent(id)}`, {
        token: customer.token,
      });
      expect(res.status, id).toBe(400);
      expect(res.body).toEqual({
        status: "fail",
        message: "id must be a 24-character id",
        errors: [{ field: "id", message: "id must be a 24-character id" }],
      });
    }
    expect(await accountRows(shop)).toEqual(before);
  });
});

describe("GET /api/v1/customer/addresses", () => {
  it("lists the customer's own addresses", async () => {
    const res = await call(shop, "GET", "/customer/addresses", { token: await sessionToken(DEMO.id) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: 1, data: [{ _id: stableId("address", DEMO.id), ...DEMO.address }] });
    expectContract(addressListResponse, res.body);
  });
});

describe("POST /api/v1/customer/addresses", () => {
  it("saves a trimmed address and returns it with the whole list", async () => {
    const customer = await createCustomer(shop);
    const res = await call(shop, "POST", "/customer/addresses", {
      token: customer.token,
      body: {
        country: " Morocco ",
        state: "Rabat-Salé-Kénitra",
        city: "Rabat ",
        street: "  4 Avenue Mohammed V",
        postalCode: " 10000 ",
        extra: "ignored",
      },
    });
    expect(res.status).toBe(201);
    const saved = { _id: expect.stringMatching(ID), ...SAMPLE_ADDRESS };
    expect(res.body).toEqual({ status: "Success", message: "Address saved.", address: saved, data: [saved] });
    expectContract(addressSavedResponse, res.body);
    const rows = await shop.rows(
      sql`SELECT country, state, city, street, postal_code FROM customer_addresses WHERE customer_id = ${customer.id}`,
    );
    expect(rows).toEqual([
      {
        country: "Morocco",
        state: "Rabat-Salé-Kénitra",
        city: "Rabat",
        street: "4 Avenue Mohammed V",
        postal_code: "10000",
      },
    ]);
  });

  it("the same address again (other case and spacing) is the one already saved", async () => {
    const customer = await createCustomer(shop);
    const existing = await insertAddress(shop, customer.id, SAMPLE_ADDRESS);
    const res = await call(shop, "POST", "/customer/addresses", {
      token: customer.token,
      body: { ...SAMPLE_ADDRESS, country: "MOROCCO", city: " rabat " },
    });
    expect(res.status).toBe(201);
    expect(res.body.address).toEqual({ _id: existing, ...SAMPLE_ADDRESS });
    expect(res.body.data).toHaveLength(1);
  });

  it("keeps at most ten addresses", async () => {
    const customer = await createCustomer(shop, {
      addresses: Array.from({ length: 10 }, (_, i) => ({ ...SAMPLE_ADDRESS, street: `${i + 1} Rue Test` })),
    });
    const before = await accountRows(shop);
    const res = await call(shop, "POST", "/customer/addresses", {
      token: customer.token,
      body: { ...SAMPLE_ADDRESS, street: "11 Rue Test" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: "fail", message: "You can save at most 10 addresses." });
    expect(await accountRows(shop)).toEqual(before);
  });

  const without = (field: keyof AddressBody) =>
    Object.fromEntries(Object.entries(SAMPLE_ADDRESS).filter(([key]) => key !== field));
  const cases: [string, Record<string, unknown>, string, string][] = [];
  for (const [field, label] of [
    ["country", "Country"],
    ["state", "State"],
    ["city", "City"],
  ] as const) {
    cases.push(
      [`${field} missing`, without(field), field, `${label} is required.`],
      [`${field} blank`, { ...SAMPLE_ADDRESS, [field]: "  " }, field, `${label} is required.`],
      [`${field} a number`, { ...SAMPLE_ADDRESS, [field]: 42 }, field, `${label} is required.`],
      [
        `${field} of 1`,
        { ...SAMPLE_ADDRESS, [field]: "M" },
        field,
        `${label} name must be at least 2 characters.`,
      ],
      [
        `${field} of 51`,
        { ...SAMPLE_ADDRESS, [field]: "M".repeat(51) },
        field,
        `${label} name cannot exceed 50 characters.`,
      ],
    );
  }
  cases.push(
    ["street missing", without("street"), "street", "Street address is required."],
    ["street a number", { ...SAMPLE_ADDRESS, street: 12345 }, "street", "Street address is required."],
    [
      "street of 4",
      { ...SAMPLE_ADDRESS, street: "4 Av" },
      "street",
      "Street address must be at least 5 characters.",
    ],
    [
      "street of 101",
      { ...SAMPLE_ADDRESS, street: "s".repeat(101) },
      "street",
      "Street address cannot exceed 100 characters.",
    ],
    ["postalCode missing", without("postalCode"), "postalCode", "Postal code is required."],
    [
      "postalCode a number",
      { ...SAMPLE_ADDRESS, postalCode: 10000 },
      "postalCode",
      "Postal code is required.",
    ],
    [
      "postalCode of 3",
      { ...SAMPLE_ADDRESS, postalCode: "100" },
      "postalCode",
      "Postal code must be between 4 and 10 digits.",
    ],
    [
      "postalCode of 11",
      { ...SAMPLE_ADDRESS, postalCode: "12345678901" },
      "postalCode",
      "Postal code must be between 4 and 10 digits.",
    ],
    [
      "postalCode with letters",
      { ...SAMPLE_ADDRESS, postalCode: "SW1A 1AA" },
      "postalCode",
      "Postal code must be between 4 and 10 digits.",
    ],
  );
  it.each(cases)("%s → 400 naming the field, nothing saved", async (_name, body, field, message) => {
    const customer = await createCustomer(shop);
    const before = await accountRows(shop);
    const res = await call(shop, "POST", "/customer/addresses", { token: customer.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[0]).toEqual({ field, message });
    expectContract(accountErrorResponse, res.body);
    expect(await accountRows(shop)).toEqual(before);
  });

  it("an empty body names every field", async () => {
    const customer = await createCustomer(shop);
    const res = await call(shop, "POST", "/customer/addresses", { token: customer.token, body: {} });
    expect(res.status).toBe(400);
    // The first message per field is the one a form shows under it.
    const first = new Map<string, string>();
    for (const { field, message } of res.body.errors) if (!first.has(field)) first.set(field, message);
    expect(Object.fromEntries(first)).toEqual({
      country: "Country is required.",
      state: "State is required.",
      city: "City is required.",
      street: "Street address is required.",
      postalCode: "Postal code is required.",
    });
  });

  it("refuses a body that is not a JSON object", async () => {
    const customer = await createCustomer(shop);
    const before = await accountRows(shop);
    for (const [rawBody, message] of [
      ["country=Morocco", "The request body must be valid JSON."],
      [JSON.stringify([SAMPLE_ADDRESS]), "The request body must be a JSON object."],
    ] as const) {
      const res = await call(shop, "POST", "/customer/addresses", { token: customer.token, rawBody });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: "fail", message });
    }
    expect(await accountRows(shop)).toEqual(before);
  });
});

describe("DELETE /api/v1/customer/addresses/:id", () => {
  it("removes the address and returns the ones left; a second delete is a 404", async () => {
    const customer = await createCustomer(shop, { addresses: [SAMPLE_ADDRESS] });
    const removed = await insertAddress(shop, customer.id, { ...SAMPLE_ADDRESS, city: "Fès" });
    const res = await call(shop, "DELETE", `/customer/addresses/${removed}`, { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "Success",
      message: "Address removed.",
      data: [{ _id: expect.stringMatching(ID), ...SAMPLE_ADDRESS }],
    });
    expectContract(addressesChangedResponse, res.body);
    const again = await call(shop, "DELETE", `/customer/addresses/${removed}`, { token: customer.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ status: "fail", message: `No address for this ID: ${removed}` });
  });

  it("a malformed id → 400 naming it", async () => {
    const customer = await createCustomer(shop, { addresses: [SAMPLE_ADDRESS] });
    const res = await call(shop, "DELETE", "/customer/addresses/not-an-id", { token: customer.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: "fail",
      message: "id must be a 24-character id",
      errors: [{ field: "id", message: "id must be a 24-character id" }],
    });
  });
});
