// Minimal archive writers for the mock's download URLs: a gzipped ustar and a
// stored (uncompressed) zip of a few small text files under one folder, the
// shape `git archive --prefix=<folder>/` gives, so clients that list or unpack
// what they downloaded see a real archive. Not for large or binary trees.
import { crc32, gzipSync } from 'node:zlib';

export interface ArchiveFile {
  path: string;
  text: string;
}

function tarHeader(name: string, size: number, type: '0' | '5'): Buffer {
  const header = Buffer.alloc(512);
  const field = (offset: number, length: number, value: string) => header.write(value, offset, length, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0');
  field(0, 100, name);
  field(100, 8, octal(type === '5' ? 0o755 : 0o644, 8));
  field(108, 8, octal(0, 8));
  field(116, 8, octal(0, 8));
  field(124, 12, octal(size, 12));
  field(136, 12, octal(0, 12));
  field(148, 8, ' '.repeat(8)); // the checksum is summed with its own field as spaces
  field(156, 1, type);
  field(257, 8, 'ustar\x0000');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(148, 8, `${octal(sum, 7)}\0`);
  return header;
}

export function tarGz(folder: string, files: ArchiveFile[]): Buffer {
  const parts = [tarHeader(`${folder}/`, 0, '5')];
  for (const { path, text } of files) {
    const data = Buffer.from(text);
    parts.push(tarHeader(`${folder}/${path}`, data.length, '0'), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024)); // two empty blocks end the archive
  return gzipSync(Buffer.concat(parts));
}

export function zip(folder: string, files: ArchiveFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { path, text } of files) {
    const name = Buffer.from(`${folder}/${path}`);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x21, 12); // 1980-01-01 (DOS date); time, flags and method (stored) stay 0
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
