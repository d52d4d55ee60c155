/**
 * M recovers from ~15% damage without making the symbol denser than a phone camera reads at
 * arm's length; 300 px with a 2-module quiet zone stays sharp on screens and under a print.
 */
const PIX_QR_OPTIONS = {
  errorCorrectionLevel: 'M',
  type: 'image/png',
  width: 300,
  margin: 2,
} as const;

/** The QR image of a BR Code payload as a data:image/png;base64 URL for an <img> tag. */
export async function pixQrCodeDataUrl(payload: string): Promise<string> {
  // Loaded with the first PIX charge rather than with the server (about 10 MB).
  const { toDataURL } = await import('qrcode');
  return toDataURL(payload, PIX_QR_OPTIONS);
}
