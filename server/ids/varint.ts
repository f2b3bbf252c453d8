/**
 * Unsigned LEB128 varints, restricted to the range of database ids we emit
 * (0 .. Number.MAX_SAFE_INTEGER). Small ids are the common case, so a varint
 * keeps node IDs short (id 1 -> one byte) instead of a fixed 8-byte field.
 *
 * Decoding is canonical: exactly one byte sequence is accepted per value, so
 * that exactly one node ID string exists per resource.
 */

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
// 53 bits need ceil(53 / 7) = 8 groups; anything longer is out of range and
// rejected before doing arithmetic on attacker-controlled lengths.
const MAX_BYTES = 8;

/** Encodes 0 <= value <= MAX_SAFE_INTEGER. Callers validate the range. */
export function writeVarint(value: bigint): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    out.push(rest > 0n ? low | 0x80 : low);
  } while (rest > 0n);
  return out;
}

/**
 * Reads one varint starting at `offset`. Returns null when it is truncated,
 * overlong (a final 0x00 group after other groups), or above MAX_SAFE_INTEGER.
 */
export function readVarint(bytes: Uint8Array, offset: number): { value: number; next: number } | null {
  let value = 0n;
  for (let i = 0; i < MAX_BYTES; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) return null; // ran off the end mid-varint
    value |= BigInt(byte & 0x7f) << BigInt(7 * i);
    if ((byte & 0x80) === 0) {
      if (byte === 0 && i > 0) return null; // overlong: trailing zero group
      if (value > MAX_SAFE) return null;
      return { value: Number(value), next: offset + i + 1 };
    }
  }
  return null;
}
