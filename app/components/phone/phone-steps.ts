import { z } from "zod";
import { confirmPhoneCodeBody, phoneNumberField } from "#contract/accounts.ts";

// What the add-phone page's action answers and its forms check, shared by the page and the action.

export const numberForm = z.object({ phoneNumber: phoneNumberField });
export const codeForm = confirmPhoneCodeBody.pick({ code: true });

/** Where the page stands: the number to enter, the code to enter, a save to retry, or done. */
export type Step =
  | { step: "number"; message?: string; fields?: Record<string, string> }
  | {
      step: "code";
      verificationId: string;
      phoneNumber: string;
      notice?: string;
      message?: string;
      fields?: Record<string, string>;
    }
  | { step: "retry"; idToken: string; phoneNumber: string; message: string }
  | { step: "done"; phoneNumber: string };
