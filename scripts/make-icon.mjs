#!/usr/bin/env node
// Draws the app icon (resources/icons/512x512.png) without any image tool: the same shapes as
// resources/icons/icon.svg, rasterised with 4x4 supersampling and written as a PNG with zlib.
// Run `node scripts/make-icon.mjs` after changing the shapes in both places.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const SIZE = 512;
const SUBSAMPLES = 4;

const BACKGROUND = [31, 95, 91, 255];
const CREAM = [244, 239, 230, 255];
const AMBER = [224, 168, 74, 255];

const insideRoundedSquare = (x, y) => {
  const half = 232;
  const radius = 104;
  const dx = Math.max(Math.abs(x - 256) - (half - radius), 0);
  const dy = Math.max(Math.abs(y - 256) - (half - radius), 0);
  return dx * dx + dy * dy <= radius * radius;
};
const insideCircle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const insideTriangle = ([ax, ay], [bx, by], [cx, cy]) => (x, y) => {
  const side = (px, py, qx, qy) => (x - qx) * (py - qy) - (px - qx) * (y - qy);
  const d1 = side(ax, ay, bx, by);
  const d2 = side(bx, by, cx, cy);
  const d3 = side(cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
};

// The teacher's bubble (top left, with an ellipsis) and the student's reply (bottom right).
const teacherBubble = [insideCircle(216, 214, 118), insideTriangle([150, 300], [120, 380], [222, 322])];
const dots = [insideCircle(168, 214, 15), insideCircle(216, 214, 15), insideCircle(264, 214, 15)];
const studentGap = [insideCircle(330, 318, 104), insideTriangle([372, 372], [416, 444], [318, 410])];
const studentBubble = [insideCircle(330, 318, 92), insideTriangle([378, 380], [408, 432], [330, 400])];
const any = (shapes, x, y) => shapes.some((inside) => inside(x, y));

function colourAt(x, y) {
  if (!insideRoundedSquare(x, y)) return [0, 0, 0, 0];
  if (any(studentBubble, x, y)) return AMBER;
  if (any(studentGap, x, y)) return BACKGROUND;
  if (any(dots, x, y)) return BACKGROUND;
  if (any(teacherBubble, x, y)) return CREAM;
  return BACKGROUND;
}

function render() {
  const rowBytes = SIZE * 4 + 1;
  const raw = Buffer.alloc(rowBytes * SIZE);
  for (let y = 0; y < SIZE; y += 1) {
    raw[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < SIZE; x += 1) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SUBSAMPLES; sy += 1) {
        for (let sx = 0; sx < SUBSAMPLES; sx += 1) {
          const [cr, cg, cb, ca] = colourAt(x + (sx + 0.5) / SUBSAMPLES, y + (sy + 0.5) / SUBSAMPLES);
          r += cr * ca; g += cg * ca; b += cb * ca; a += ca;
        }
      }
      const offset = y * rowBytes + 1 + x * 4;
      raw[offset] = a ? Math.round(r / a) : 0;
      raw[offset + 1] = a ? Math.round(g / a) : 0;
      raw[offset + 2] = a ? Math.round(b / a) : 0;
      raw[offset + 3] = Math.round(a / (SUBSAMPLES * SUBSAMPLES));
    }
  }
  return raw;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(render(), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const target = fileURLToPath(new URL('../resources/icons/512x512.png', import.meta.url));
writeFileSync(target, png);
console.log(`wrote ${target} (${png.length} bytes)`);
