import { chromium } from "playwright";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
page.on("console", (m) => console.log(m.type(), m.text()));
await page.goto("http://localhost:3200/product/4d714510019dfba1eb517fc9", { waitUntil: "networkidle" });
const main = page.getByRole("img", { name: "Wildflower Ribbed Merino Wool Sweater - Grey" }).first();
console.log(await main.evaluate((el) => el.outerHTML.slice(0, 200)));
const box = (await main.boundingBox())!;
console.log(box);
for (let i = 0; i < 5; i++) { await page.mouse.move(box.x + 50 + i * 10, box.y + 50); await page.waitForTimeout(100); }
console.log(await main.evaluate((el) => [getComputedStyle(el).transform, el.getAttribute("style")]));
console.log(await page.evaluate(() => { const el = document.elementFromPoint(200, 300); return el?.outerHTML.slice(0, 150); }));
await browser.close();
