// Reads the entries of a .tgz as npm writes it (ustar with pax headers), so the check needs no tar binary.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

/** Every regular file in the gzipped tarball at `file`, as a Map from path to contents. */
export function readTarball(file) {
  const data = gunzipSync(readFileSync(file));
  const files = new Map();
  let offset = 0;
  let paxPath;
  while (offset + 512 <= data.length) {
    const header = data.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const name = text(header, 0, 100);
    const prefix = text(header, 345, 155);
    const size = parseInt(text(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] || 48);
    const body = data.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === "x") {
      // A pax header carries the real path of the next entry when it is too long for ustar.
      paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString("utf8"))?.[1];
      continue;
    }
    const path = paxPath ?? (prefix ? `${prefix}/${name}` : name);
    paxPath = undefined;
    if (type === "0" || type === "\0") files.set(path, Buffer.from(body));
  }
  return files;
}

function text(buf, start, length) {
  const field = buf.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}
