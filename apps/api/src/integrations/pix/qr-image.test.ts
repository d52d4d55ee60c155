import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { encodePixBrCode } from './br-code.ts';
import { pixQrCodeDataUrl } from './qr-image.ts';
import { createTxid } from './txid.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PREFIX = 'data:image/png;base64,';

const payload = encodePixBrCode({
  pixKey: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  merchantName: 'Lúmina Piercings',
  merchantCity: 'São Paulo',
  amountCents: 18990,
  txid: createTxid(),
  description: 'Pedido 1042',
});

async function pngOf(text: string): Promise<Buffer> {
  const url = await pixQrCodeDataUrl(text);
  expect(url.startsWith(PREFIX)).toBe(true);
  return Buffer.from(url.slice(PREFIX.length), 'base64');
}

describe('pixQrCodeDataUrl', () => {
  it('returns a 300 px PNG as a base64 data URL', async () => {
    const png = await pngOf(payload);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([300, 300]);
  });

  it('holds the payload, as a phone camera would read it', async () => {
    const image = PNG.sync.read(await pngOf(payload));
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(payload);
  });

  it('keeps the standard quiet zone of 4 light modules on every side (ISO/IEC 18004)', async () => {
    const image = PNG.sync.read(await pngOf(payload));
    const modules = QRCode.create(payload, { errorCorrectionLevel: 'M' }).modules.size;
    const dark = (x: number, y: number) => (image.data[(y * image.width + x) * 4] ?? 255) < 128;
    const darkColumns: number[] = [];
    const darkRows: number[] = [];
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        if (dark(x, y)) {
          darkColumns.push(x);
          darkRows.push(y);
        }
      }
    }
    const [left, right] = [Math.min(...darkColumns), Math.max(...darkColumns)];
    const [top, bottom] = [Math.min(...darkRows), Math.max(...darkRows)];
    const modulePx = (right - left + 1) / modules;
    expect(modulePx).toBeGreaterThanOrEqual(2);
    // 300 px rarely divides into whole modules, so a border may lose a pixel to rounding.
    for (const border of [left, image.width - 1 - right, top, image.height - 1 - bottom]) {
      expect(border / modulePx).toBeGreaterThan(3.75);
    }
  });
});
