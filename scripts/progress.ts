/** A one-line progress bar on a terminal; plain lines when output is not a terminal (CI logs). */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  let lastLine = "";
  let lastPercent = -1;
  return {
    update(done: number, total: number, stage = "") {
      const ratio = total === 0 ? 1 : Math.min(1, done / total);
      const percent = Math.floor(ratio * 100);
      if (stream.isTTY) {
        const width = 30;
        const filled = Math.round(ratio * width);
        const line = `${label} ${stage.padEnd(10)} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(percent).padStart(3)}% ${done}/${total}`;
        if (line !== lastLine) stream.write(`\r${line}`);
        lastLine = line;
      } else if (percent >= lastPercent + 25 || (done === total && percent !== lastPercent)) {
        stream.write(`${label} ${stage} ${percent}% (${done}/${total})\n`);
        lastPercent = percent;
      }
    },
    done() {
      if (stream.isTTY && lastLine) stream.write("\n");
    },
  };
}
