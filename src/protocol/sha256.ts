// Synchronous: a transcript is read in one pass, and `crypto.subtle` is async and missing outside secure contexts.

// FIPS 180-4's constants are the first 32 fraction bits of the square roots (H) and cube roots (K) of the first primes;
// each lies over 2^-10 from a whole number, far beyond any engine's rounding of `Math.sqrt` and `Math.cbrt`. Made by
// calls marked pure, so a bundle that never hashes drops them.
function firstPrimes(count: number): number[] {
  const primes: number[] = [];
  for (let n = 2; primes.length < count; n++) if (primes.every((p) => n % p !== 0)) primes.push(n);
  return primes;
}
const PRIMES = /* @__PURE__ */ firstPrimes(64);
const fraction = (x: number) => ((x - Math.floor(x)) * 0x100000000) >>> 0;
const K = /* @__PURE__ */ Uint32Array.from(PRIMES, (p) => fraction(Math.cbrt(p)));

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** The SHA-256 of `text` (UTF-8), as lowercase hex. */
export function sha256Hex(text: string): string {
  const data = new TextEncoder().encode(text);
  const bitLength = data.length * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = Uint32Array.from(PRIMES.slice(0, 8), (p) => fraction(Math.sqrt(p)));
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, hh].forEach((x, i) => (h[i] = (h[i]! + x) >>> 0));
  }
  return Array.from(h, (x) => x.toString(16).padStart(8, "0")).join("");
}
