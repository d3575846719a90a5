import {
  type FirebaseCodeSent,
  type FirebasePublicConfig,
  sendFirebaseCode,
} from "#app/lib/firebase-phone.client.ts";

// The smallest page that uses app/lib/firebase-phone.client.ts as the add-phone page will: the test
// (tests/integration/firebase-phone-client.test.ts) drives it through `window.phone`.

type Outcome = { ok: true; value?: string } | { ok: false; code: unknown; isError: boolean };

declare global {
  interface Window {
    phone: {
      send(config: FirebasePublicConfig, phoneNumber: string): Promise<Outcome>;
      confirm(code: string): Promise<Outcome>;
    };
  }
}

let sent: FirebaseCodeSent | undefined;

async function settle(run: () => Promise<string | undefined>): Promise<Outcome> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, code: (error as { code?: unknown }).code, isError: error instanceof Error };
  }
}

window.phone = {
  send: (config, phoneNumber) =>
    settle(async () => {
      sent = await sendFirebaseCode(config, phoneNumber, document.getElementById("recaptcha")!);
      return undefined;
    }),
  confirm: (code) => settle(() => sent!.confirm(code)),
};
