import { randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local stand-in for the Firebase Auth emulator: the requests firebase-admin makes in emulator
 * mode (FIREBASE_AUTH_EMULATOR_HOST set) and those the web client SDK makes after
 * `connectAuthEmulator`, read from the installed packages:
 *
 * - firebase-admin `verifyIdToken(idToken, true)` accepts unsigned (`alg: none`) ID tokens in emulator
 *   mode, then looks the user up to see whether it is disabled or its tokens were revoked:
 *   `POST /identitytoolkit.googleapis.com/v1/projects/{projectId}/accounts:lookup {localId: [uid]}`
 *   (firebase-admin/lib/auth/token-verifier.js, base-auth.js, auth-api-request.js).
 * - @firebase/auth's phone sign-in: `GET /identitytoolkit.googleapis.com/v2/recaptchaConfig` and
 *   `…/v1/recaptchaParams` (reCAPTCHA settings; the widget itself is mocked in emulator mode),
 *   `POST …/v1/accounts:sendVerificationCode {phoneNumber, recaptchaToken}` → `{sessionInfo}`,
 *   `POST …/v1/accounts:signInWithPhoneNumber {sessionInfo, code}` → ID token,
 *   `POST …/v1/accounts:lookup {idToken}` (the SDK reloads the user after signing in).
 * - The emulator's own listing of the codes it "texted":
 *   `GET /emulator/v1/projects/{projectId}/verificationCodes`.
 *
 * Errors answer like Google's API, `{error: {code, message: "INVALID_CODE"}}`, which the client SDK
 * turns into `auth/invalid-verification-code` and the like.
 */
export interface FirebaseAuthEmulator {
  /** `127.0.0.1:<port>`, the value FIREBASE_AUTH_EMULATOR_HOST takes. */
  readonly host: string;
  /** `http://127.0.0.1:<port>`, what `connectAuthEmulator` takes. */
  readonly url: string;
  readonly projectId: string;
  /** Finds the user with this number or creates one. */
  userForPhone(phoneNumber: string): EmulatedUser;
  createUser(init?: { uid?: string; phoneNumber?: string }): EmulatedUser;
  getUser(uid: string): EmulatedUser | undefined;
  /** An ID token as the emulator would issue it after a phone sign-in; options forge bad ones. */
  mintIdToken(options: MintOptions): string;
  disableUser(uid: string): void;
  /** Like `revokeRefreshTokens`: tokens whose `auth_time` is before now (whole seconds) are revoked. */
  revokeTokens(uid: string): void;
  /** The codes "texted" so far, oldest first (the emulator's verificationCodes listing). */
  verificationCodes(): VerificationCode[];
  /** Every request received, as `METHOD /path` without the query string. */
  readonly requests: string[];
  close(): Promise<void>;
}

export interface EmulatedUser {
  uid: string;
  phoneNumber?: string;
  disabled: boolean;
  /** Seconds since the epoch; tokens authenticated before it are revoked. */
  validSince?: number;
  createdAt: number;
  lastLoginAt: number;
}

export interface MintOptions {
  /** The user the token is for; without it, the user of `phoneNumber` (created when new). */
  uid?: string;
  /** Written to the `phone_number` claim; `null` leaves the claim out. Defaults to the user's number. */
  phoneNumber?: string | null;
  /** Seconds since the epoch; defaults to now. */
  issuedAt?: number;
  /** When the user signed in, seconds since the epoch; defaults to `issuedAt`. */
  authTime?: number;
  /** Lifetime in seconds (default 3600, as Firebase). */
  lifetime?: number;
  /** Forge another project's token. */
  audience?: string;
  issuer?: string;
}

export interface VerificationCode {
  phoneNumber: string;
  sessionInfo: string;
  code: string;
}

const ID_TOKEN_SECONDS = 3600;
const E164 = /^\+[1-9]\d{6,14}$/;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startFirebaseAuthEmulator(
  options: { projectId?: string; port?: number } = {},
): Promise<FirebaseAuthEmulator> {
  const projectId = options.projectId ?? "shop-test";
  const users = new Map<string, EmulatedUser>();
  const sessions = new Map<string, VerificationCode>();
  const requests: string[] = [];

  const createUser = (init: { uid?: string; phoneNumber?: string } = {}): EmulatedUser => {
    const uid = init.uid ?? randomBytes(14).toString("base64url");
    const now = Date.now();
    const user: EmulatedUser = {
      uid,
      phoneNumber: init.phoneNumber,
      disabled: false,
      createdAt: now,
      lastLoginAt: now,
    };
    users.set(uid, user);
    return user;
  };
  const userForPhone = (phoneNumber: string) =>
    [...users.values()].find((u) => u.phoneNumber === phoneNumber) ?? createUser({ phoneNumber });
  const requireUser = (uid: string) => {
    const user = users.get(uid);
    if (!user) throw new Error(`no emulated user ${uid}`);
    return user;
  };

  const mintIdToken = (mint: MintOptions): string => {
    const user =
      mint.uid !== undefined
        ? requireUser(mint.uid)
        : typeof mint.phoneNumber === "string"
          ? userForPhone(mint.phoneNumber)
          : createUser();
    const iat = mint.issuedAt ?? nowSeconds();
    const phoneNumber = mint.phoneNumber === null ? undefined : (mint.phoneNumber ?? user.phoneNumber);
    const payload = {
      iss: mint.issuer ?? `https://securetoken.google.com/${projectId}`,
      aud: mint.audience ?? projectId,
      auth_time: mint.authTime ?? iat,
      user_id: user.uid,
      sub: user.uid,
      iat,
      exp: iat + (mint.lifetime ?? ID_TOKEN_SECONDS),
      ...(phoneNumber ? { phone_number: phoneNumber } : {}),
      firebase: {
        identities: phoneNumber ? { phone: [phoneNumber] } : {},
        sign_in_provider: phoneNumber ? "phone" : "anonymous",
      },
    };
    // The emulator's tokens are unsigned: header.payload. with an empty signature.
    return `${base64url({ alg: "none", typ: "JWT" })}.${base64url(payload)}.`;
  };

  /** The user record as accounts:lookup returns it (the fields firebase-admin's UserRecord reads). */
  const accountInfo = (user: EmulatedUser) => ({
    localId: user.uid,
    ...(user.phoneNumber
      ? {
          phoneNumber: user.phoneNumber,
          providerUserInfo: [{ providerId: "phone", rawId: user.phoneNumber, phoneNumber: user.phoneNumber }],
        }
      : { providerUserInfo: [] }),
    disabled: user.disabled,
    ...(user.validSince !== undefined ? { validSince: String(user.validSince) } : {}),
    createdAt: String(user.createdAt),
    lastLoginAt: String(user.lastLoginAt),
    lastRefreshAt: new Date(user.lastLoginAt).toISOString(),
  });

  const decodeUnsigned = (token: unknown): Record<string, unknown> | undefined => {
    if (typeof token !== "string") return undefined;
    try {
      return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    } catch {
      return undefined;
    }
  };

  const signInResponse = (user: EmulatedUser, isNewUser: boolean) => {
    const idToken = mintIdToken({ uid: user.uid });
    return {
      kind: "identitytoolkit#VerifyPhoneNumberResponse",
      idToken,
      // Never redeemed: the page asks for the ID token right after signing in, while it is fresh.
      refreshToken: randomBytes(24).toString("base64url"),
      expiresIn: String(ID_TOKEN_SECONDS),
      localId: user.uid,
      isNewUser,
      phoneNumber: user.phoneNumber,
    };
  };

  type Handler = (body: Record<string, unknown>) => unknown;
  const routes: Record<string, Handler> = {
    // firebase-admin (with the "owner" token) looks users up by uid; the client SDK by its ID token.
    [`POST /identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`]: (body) => {
      const ids = Array.isArray(body.localId) ? body.localId : [body.localId];
      const found = ids.flatMap((id) => (typeof id === "string" && users.has(id) ? [users.get(id)!] : []));
      // No `users` at all is how Google says "not found"; firebase-admin turns it into user-not-found.
      return found.length
        ? { kind: "identitytoolkit#GetAccountInfoResponse", users: found.map(accountInfo) }
        : {};
    },
    "POST /identitytoolkit.googleapis.com/v1/accounts:lookup": (body) => {
      const claims = decodeUnsigned(body.idToken);
      const user = typeof claims?.sub === "string" ? users.get(claims.sub) : undefined;
      if (!user) throw new ApiError(400, "INVALID_ID_TOKEN");
      if (user.disabled) throw new ApiError(400, "USER_DISABLED");
      return { kind: "identitytoolkit#GetAccountInfoResponse", users: [accountInfo(user)] };
    },
    // reCAPTCHA Enterprise is off: the SDK falls back to its v2 verifier, mocked in emulator mode.
    "GET /identitytoolkit.googleapis.com/v2/recaptchaConfig": () => ({
      recaptchaKey: `projects/${projectId}/keys/emulator`,
      recaptchaEnforcementState: [],
    }),
    // The v2 RecaptchaVerifier asks for its site key before rendering, mocked widget or not.
    "GET /identitytoolkit.googleapis.com/v1/recaptchaParams": () => ({
      kind: "identitytoolkit#GetRecaptchaParamResponse",
      recaptchaSiteKey: "emulator-site-key",
    }),
    "POST /identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode": (body) => {
      const phoneNumber = typeof body.phoneNumber === "string" ? body.phoneNumber : "";
      if (!phoneNumber) throw new ApiError(400, "MISSING_PHONE_NUMBER");
      if (!E164.test(phoneNumber)) throw new ApiError(400, "INVALID_PHONE_NUMBER : Invalid format.");
      if (!body.recaptchaToken) throw new ApiError(400, "MISSING_RECAPTCHA_TOKEN");
      const sessionInfo = randomBytes(24).toString("base64url");
      sessions.set(sessionInfo, {
        phoneNumber,
        sessionInfo,
        code: String(randomInt(0, 1_000_000)).padStart(6, "0"),
      });
      return { sessionInfo };
    },
    "POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber": (body) => {
      if (!body.sessionInfo) throw new ApiError(400, "MISSING_SESSION_INFO");
      const session = sessions.get(String(body.sessionInfo));
      if (!session) throw new ApiError(400, "INVALID_SESSION_INFO");
      if (!body.code) throw new ApiError(400, "MISSING_CODE");
      if (body.code !== session.code) throw new ApiError(400, "INVALID_CODE");
      sessions.delete(session.sessionInfo);
      const existing = [...users.values()].find((u) => u.phoneNumber === session.phoneNumber);
      const user = existing ?? createUser({ phoneNumber: session.phoneNumber });
      if (user.disabled) throw new ApiError(400, "USER_DISABLED");
      user.lastLoginAt = Date.now();
      return signInResponse(user, !existing);
    },
    [`GET /emulator/v1/projects/${projectId}/verificationCodes`]: () => ({
      verificationCodes: [...sessions.values()],
    }),
  };

  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    if (!text) return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new ApiError(400, "INVALID_JSON");
    }
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://emulator");
    requests.push(`${req.method} ${url.pathname}`);
    // The client SDK calls from the page's origin, like the real emulator allows.
    res.setHeader("access-control-allow-origin", req.headers.origin ?? "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-methods": "GET, POST, OPTIONS",
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    const handler = routes[`${req.method} ${url.pathname}`];
    if (!handler) {
      send(res, 404, { error: { code: 404, message: `NOT_FOUND : ${req.method} ${url.pathname}` } });
      return;
    }
    try {
      send(res, 200, await handler(await readBody(req)));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      send(res, error.status, { error: { code: error.status, message: error.message, errors: [] } });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;

  return {
    host,
    url: `http://${host}`,
    projectId,
    userForPhone,
    createUser,
    getUser: (uid) => users.get(uid),
    mintIdToken,
    disableUser: (uid) => {
      requireUser(uid).disabled = true;
    },
    revokeTokens: (uid) => {
      requireUser(uid).validSince = nowSeconds();
    },
    verificationCodes: () => [...sessions.values()],
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
