import { chromium } from "playwright";
const base = "http://localhost:3200";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const page = await browser.newPage();
page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.log(m.type(), m.text().slice(0, 300)); });
page.on("pageerror", (e) => console.log("pageerror", e.message));
for (const p of process.argv.slice(2)) {
  console.log("---", p);
  await page.goto(base + p, { waitUntil: "networkidle" });
  await page.waitForTimeout(1500);
}
await browser.close();
