const base = "http://localhost:3200/api/v1";
const list = await (await fetch(`${base}/products?limit=100&sort=-sold&fields=_id`)).json();
let c = { diffPrice: 0, soldOutSize: 0, both: 0, noSizes: 0, zeroStock: 0, longDesc: 0, shortDesc: 0, discSize: 0 };
for (const { _id } of list.data) {
  const { data: p } = await (await fetch(`${base}/products/${_id}`)).json();
  const prices = new Set(p.sizes.map((s: any) => s.price));
  const diff = prices.size > 1; const so = p.sizes.some((s: any) => s.quantity === 0) && p.sizes.some((s: any) => s.quantity > 0);
  if (diff) c.diffPrice++; if (so) c.soldOutSize++; if (diff && so) c.both++; if (!p.sizes.length) c.noSizes++; if (p.quantity === 0) c.zeroStock++;
  if (p.description.split(/\s+/).length > 32) c.longDesc++; else c.shortDesc++;
  if (p.sizes.some((s: any) => s.discountPercent > 0)) c.discSize++;
}
console.log(c);
