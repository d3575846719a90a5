// Screenshots of the shop's pages at phone, tablet and desktop widths in both themes, for a person to
// look at: `npx tsx scripts/screenshots.ts [baseUrl] [outDir] [paths...]`. With
// `SHOTS_LOGIN=email:password` the pages are taken signed in as that account (the back office:
// `SHOTS_LOGIN=admin@shop.test:admin12345`).
import { chromium } from "playwright";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.ts";

const base = process.argv[2] ?? "http://localhost:3000";
const out = process.argv[3] ?? "screenshots";
const paths = process.argv.slice(4);
const widths = [390, 768, 1440];
const login = process.env.SHOTS_LOGIN?.split(":");

/** The session cookie of a log-in through the API, when SHOTS_LOGIN names an account. */
async function sessionCookie(): Promise<string | undefined> {
  if (!login) return undefined;
  const [email, password] = login;
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await res.json()) as { token?: string }).token;
  if (!token) throw new Error(`log-in as ${email} failed: ${res.status}`);
  return token;
}
const token = await sessionCookie();

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const path of paths.length ? paths : ["/"]) {
  for (const theme of ["light", "dark"] as const) {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
      await context.addCookies([{ name: "theme", value: theme, url: base }]);
      if (token) await context.addCookies([{ name: "JWTToken", value: token, url: base }]);
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: "networkidle" });
      // Scroll through once so lazy images load, then back to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(500);
      const name = `${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${theme}-${width}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: true });
      await context.close();
    }
  }
}
await browser.close();
