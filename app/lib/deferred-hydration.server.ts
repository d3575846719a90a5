import { Transform } from "node:stream";

/**
 * The storefront's HTML is complete and works without JavaScript (links, filters, forms), so the
 * browser should paint it, and fetch its largest image, before it spends anything on JavaScript.
 * This rewrites the start of each server-rendered document (docs/decisions/011-hydration-after-paint.md):
 *
 * - the `<link rel="modulepreload">` tags React hoists into the head are taken out (and put back
 *   when hydration starts), so script downloads do not compete with the first paint's CSS and images;
 * - the inline module script that imports the entry and route modules becomes inert text, and a
 *   tiny starter runs it once the page has painted, at the first interaction, or after MAX_WAIT_MS,
 *   whichever comes first.
 *
 * Everything after that script (streamed data) passes through untouched. Under the
 * Content-Security-Policy's nonce (docs/decisions/023-security-headers.md) the starter carries the
 * module script's nonce and hands it on to the script it creates: an inline script without it is
 * refused.
 */
export const MAX_WAIT_MS = 3000;

/** React Router's module script, with the nonce it was given (if any) before its type. */
const MODULE_OPEN = /<script(?: nonce="([^"]*)")? type="module" async="">/;
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]*)"(?: nonce="[^"]*")?\/>/g;
/** Past this, the document is not what we expect: it goes out unchanged. */
const MAX_BUFFER = 4 * 1024 * 1024;

export const HYDRATION_STARTER = `(function(){var n=document.currentScript&&document.currentScript.nonce,done=0;function go(){if(done)return;done=1;var e=document.getElementById("shop-entry");(e.dataset.preload||"").split(" ").forEach(function(h){if(!h)return;var l=document.createElement("link");l.rel="modulepreload";l.href=h;if(n)l.nonce=n;document.head.appendChild(l)});var s=document.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=document.getElementById("shop-entry").textContent;document.body.appendChild(s)}try{new PerformanceObserver(function(l){if(l.getEntries().length)setTimeout(go,0)}).observe({type:"paint",buffered:true})}catch(e){go()}["pointerdown","keydown","touchstart"].forEach(function(e){addEventListener(e,go,{once:true,capture:true,passive:true})});setTimeout(go,${MAX_WAIT_MS})})();`;

/** The document with its hydration deferred, or undefined when the module script is not (yet) in it. */
export function deferHydration(html: string): string | undefined {
  const match = MODULE_OPEN.exec(html);
  if (!match) return undefined;
  const open = match.index;
  const close = html.indexOf("</script>", open);
  if (close < 0) return undefined;
  const entry = html.slice(open + match[0].length, close);
  const nonce = match[1] === undefined ? "" : ` nonce="${match[1]}"`;
  // The modules are still fetched in parallel, not one import level at a time: the starter adds
  // these preloads back when it runs.
  const preloads: string[] = [];
  const head = html.slice(0, open).replace(MODULEPRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  return (
    head +
    `<script type="text/plain" id="shop-entry" data-preload="${preloads.join(" ")}">${entry}</script><script${nonce}>${HYDRATION_STARTER}</script>` +
    html.slice(close + "</script>".length)
  );
}

/**
 * A stream transform applying `deferHydration` to the document's shell, then passing the rest on,
 * in as few chunks as React writes bursts. React writes a document in 4 kB pieces (about 15 for a
 * product page) and calls `flush()` on its destination when a burst ends: each burst leaves as one
 * chunk, so the socket (or the compressor, which flushes per chunk) sees one write per burst, not
 * one per piece (docs/decisions/056-scale-queries-and-page-render.md). Anything written without
 * a `flush()` leaves at the next turn of the event loop.
 */
export function deferHydrationStream(): Transform & { flush(): void } {
  // The bytes are read as latin1, one character per byte, and written back the same way: the
  // document's bytes go out unchanged, and a UTF-8 character split between two chunks is put
  // back together by the browser, not here. What this looks for is ASCII, and no byte of a
  // multi-byte UTF-8 character is, so it finds the same places in the bytes as in the decoded
  // text. Decoding the page as UTF-8 and encoding it again cost about 0.45 ms of CPU per product
  // page (of about 12); as latin1 about 0.15 ms. MAX_BUFFER now counts bytes.
  let pending = "";
  let rewritten = false;
  let scheduled: NodeJS.Immediate | undefined;
  const emit = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (pending === "") return;
    if (!rewritten) {
      const out = deferHydration(pending);
      // The module script is not in yet: keep the shell until it is.
      if (out === undefined && pending.length <= MAX_BUFFER) return;
      rewritten = true;
      pending = out ?? pending;
    }
    const out = pending;
    pending = "";
    stream.push(Buffer.from(out, "latin1"));
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += chunk.toString("latin1");
      scheduled ??= setImmediate(emit);
      callback();
    },
    flush(callback) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
      // The end: a shell never rewritten goes out rewritten if it can be, else as it is.
      const rest = rewritten ? pending : (deferHydration(pending) ?? pending);
      rewritten = true;
      pending = "";
      callback(null, rest ? Buffer.from(rest, "latin1") : undefined);
    },
  });
  return Object.assign(stream, { flush: emit });
}
