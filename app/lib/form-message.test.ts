import { describe, expect, it } from "vitest";
import { boxMessage } from "./form-message.ts";

describe("boxMessage", () => {
  it("leaves a field's message to the field the form shows", () => {
    const failure = { message: "Invalid code.", fields: { code: "Invalid code." } };
    expect(boxMessage(failure, ["code"])).toBeUndefined();
  });

  it("keeps a message no shown field says", () => {
    expect(boxMessage({ message: "Incorrect email or password" }, ["email", "password"])).toBe(
      "Incorrect email or password",
    );
    const hidden = { message: "Bad id.", fields: { verificationId: "Bad id." } };
    expect(boxMessage(hidden, ["code"])).toBe("Bad id.");
  });

  it("keeps a form-level message beside different field messages", () => {
    const failure = { message: "Too many tries.", fields: { code: "Invalid code." } };
    expect(boxMessage(failure, ["code"])).toBe("Too many tries.");
  });

  it("shows nothing without a failure", () => {
    expect(boxMessage(undefined, ["code"])).toBeUndefined();
  });
});
