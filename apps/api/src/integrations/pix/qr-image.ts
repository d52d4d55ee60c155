/**
 * M recovers from ~15% damage without making the symbol denser than a phone camera reads at
 * arm's length; 300 px stays sharp on screens and under a print. The quiet zone is the 4 light
 * modules ISO/IEC 18004 asks for: with less, banking apps fail to find the symbol on a busy page
 * or a dark screen.
 */
const PIX_QR_OPTIONS = {
  errorCorrectionLevel: 'M',
  type: 'image/png',
  width: 300,
  margin: 4,
} as const;

/** The QR image of a BR Code payload as a data:image/png;base64 URL for an <img> tag. */
export async function pixQrCodeDataUrl(payload: string): Promise<string> {
  // Loaded with the first PIX charge rather than with the server (about 10 MB).
  const { toDataURL } = await import('qrcode');
  return toDataURL(payload, PIX_QR_OPTIONS);
}
